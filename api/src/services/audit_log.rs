//! Reading the audit log ([`super::audit`] writes it): a tournament's whole log, or what
//! it says about one table, for the tournament's organisers.

use super::access::{self, Need};
use crate::auth::Caller;
use crate::db::audit as repo;
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::audit::AuditEntry;

/// The audit log of tournament `id`, oldest first; only its organiser reads it.
pub async fn list(
    state: &AppState,
    organizer_id: i64,
    id: i64,
) -> Result<Vec<AuditEntry>, ApiError> {
    let caller = Caller::Organizer(organizer_id);
    let rows = state
        .db
        .run(move |conn| {
            access::tournament(conn, id, &caller, Need::Write)?;
            Ok(repo::of_tournament(conn, id)?)
        })
        .await?;
    Ok(rows.into_iter().map(Into::into).collect())
}

/// The lines of tournament `id`'s log about its table `table_id` (the desk's table page),
/// for an organiser of the tournament.
pub async fn of_table(
    state: &AppState,
    organizer_id: i64,
    id: i64,
    table_id: i64,
) -> Result<Vec<AuditEntry>, ApiError> {
    let caller = Caller::Organizer(organizer_id);
    let rows = state
        .db
        .run(move |conn| {
            access::tournament(conn, id, &caller, Need::Write)?;
            Ok(repo::of_table(conn, id, table_id)?)
        })
        .await?;
    Ok(rows.into_iter().map(Into::into).collect())
}
