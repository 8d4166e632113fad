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
    read(state, organizer_id, id, None).await
}

/// The lines of tournament `id`'s log about its table `table_id` (the desk's table page),
/// for an organiser of the tournament.
pub async fn of_table(
    state: &AppState,
    organizer_id: i64,
    id: i64,
    table_id: i64,
) -> Result<Vec<AuditEntry>, ApiError> {
    read(state, organizer_id, id, Some(table_id)).await
}

/// Tournament `id`'s lines, all or those about one table, if the organiser runs it.
async fn read(
    state: &AppState,
    organizer_id: i64,
    id: i64,
    table_id: Option<i64>,
) -> Result<Vec<AuditEntry>, ApiError> {
    let caller = Caller::Organizer(organizer_id);
    let rows = state
        .db
        .run(move |conn| {
            access::tournament(conn, id, &caller, Need::Write)?;
            Ok(match table_id {
                Some(table_id) => repo::of_table(conn, id, table_id)?,
                None => repo::of_tournament(conn, id)?,
            })
        })
        .await?;
    Ok(rows.into_iter().map(Into::into).collect())
}
