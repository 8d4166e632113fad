//! The arbitration panel stops a table's round where it stands (TSR 9.7.2 c: typically the
//! table of a player it disqualified), or takes the stop back. The domain decides what a
//! stop means ([`domain::table::TableSheet::stop`]: the deals entered count, nothing more is
//! played, no Pflichtsolo is owed); this records it through the table's write path (its
//! lock, `Need::Change`), organisers only, with the panel's reason, audited
//! (`table.stop`, `table.stop.remove`).

use super::table_write::{self, TableWrite};
use super::{access, audit, now, validate};
use crate::auth::Caller;
use crate::db::{self, DbConn};
use crate::domain_errors::stop_error;
use crate::error::ApiError;
use crate::wire::sheet::SheetResponse;

/// Stops table `table_id`'s round for `reason`; answers the sheet as it is now.
pub fn stop(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    reason: &str,
) -> Result<SheetResponse, ApiError> {
    access::organizer_only(caller)?;
    let reason = required_reason(reason)?;
    let write = table_write::open(conn, table_id, caller)?;
    stop_open(conn, write, caller, &reason)
}

/// Stops the round of a table already opened for this write (the disqualification opens
/// the table of the player it disqualifies inside its own transaction).
pub fn stop_open(
    conn: &mut DbConn,
    mut write: TableWrite,
    caller: &Caller,
    reason: &str,
) -> Result<SheetResponse, ApiError> {
    let mut table = write.before.table.clone();
    table
        .stop()
        .map_err(|e| stop_error(&e, || write.current()))?;
    let at = now();
    db::tables::set_stop(conn, write.ctx.table.id, Some((reason, at)))?;
    write.ctx.table.stopped_reason = Some(reason.to_owned());
    write.ctx.table.stopped_at = Some(at);
    let deals = table.deal_count();
    let (ctx, after) = write.after()?;
    audit::Change::new(ctx.tournament.id, caller, "table.stop")
        .at_table(ctx.table.id)
        .reason(Some(reason))
        .after(Some(serde_json::json!({ "after_deals": deals })))
        .record(conn)?;
    Ok(after.sheet)
}

/// Takes the stop of table `table_id`'s round back for `reason`: it plays on where it
/// stood. A table that is not stopped is answered as it is.
pub fn resume(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    reason: &str,
) -> Result<SheetResponse, ApiError> {
    access::organizer_only(caller)?;
    let reason = required_reason(reason)?;
    let mut write = table_write::open(conn, table_id, caller)?;
    if !write.before.table.clone().resume() {
        return Ok(write.after()?.1.sheet);
    }
    db::tables::set_stop(conn, table_id, None)?;
    write.ctx.table.stopped_reason = None;
    write.ctx.table.stopped_at = None;
    let (ctx, after) = write.after()?;
    audit::Change::new(ctx.tournament.id, caller, "table.stop.remove")
        .at_table(table_id)
        .reason(Some(&reason))
        .record(conn)?;
    Ok(after.sheet)
}

/// A reason is required: a stop ends a round that its players would otherwise finish.
fn required_reason(reason: &str) -> Result<String, ApiError> {
    validate::required_reason(reason, "stopping a table needs the panel's reason")
}
