//! A table's join code: the organiser issues one (revoking the earlier ones) or revokes it;
//! every captain token made from a revoked code stops working.

use super::access::{self, Need};
use super::{audit, now};
use crate::auth::Caller;
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::wire::join_codes::JoinCodeResponse;

/// Issues `code` for a table; the table's earlier codes stop working.
pub fn create(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    code: &str,
) -> Result<JoinCodeResponse, ApiError> {
    access::organizer_only(caller)?;
    let ctx = access::table(conn, table_id, caller, Need::Write)?;
    db::join_codes::revoke_all(conn, table_id, now())?;
    db::join_codes::insert(conn, code, table_id, now())?;
    audit::Change::new(ctx.tournament.id, caller, "join_code.create")
        .at_table(table_id)
        .record(conn)?;
    Ok(JoinCodeResponse::printed(code, table_id))
}

/// Revokes a table's codes.
pub fn revoke(conn: &mut DbConn, table_id: i64, caller: &Caller) -> Result<(), ApiError> {
    access::organizer_only(caller)?;
    let ctx = access::table(conn, table_id, caller, Need::Write)?;
    db::join_codes::revoke_all(conn, table_id, now())?;
    audit::Change::new(ctx.tournament.id, caller, "join_code.revoke")
        .at_table(table_id)
        .record(conn)?;
    Ok(())
}
