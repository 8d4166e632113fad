//! The way into every write to a table's sheet (entries, corrections, deletions,
//! penalties, time-up, extra time, signatures, join codes): the table's lock first, then
//! the access check, then the clock's time-up stored if the time has run out (`settle`),
//! so that the write builds on the sheet a read shows and writes to one table serialise on
//! both backends. The access check itself only checks ([`super::access::table`]).

use domain::sheet::TimeUpBy;

use super::access::{self, Need, TableContext};
use super::sheet;
use super::table_clock::TableClock;
use crate::auth::Caller;
use crate::db::{self, DbConn, locks};
use crate::error::ApiError;

/// Table `table_id` for a write by `caller`, inside the write's transaction: locked for
/// the rest of it, reachable by the caller for writing, its clock's time-up stored.
pub fn open(conn: &mut DbConn, table_id: i64, caller: &Caller) -> Result<TableContext, ApiError> {
    locks::lock_table(conn, table_id)?;
    let mut ctx = access::table(conn, table_id, caller, Need::Write)?;
    settle(conn, &mut ctx)?;
    Ok(ctx)
}

/// Stores the clock's time-up at a table whose lock this transaction holds, before the
/// write changes anything: the mark a read would derive now. Nothing to do while no time-up
/// is due or one is stored. A sheet that does not derive is left to the write, which
/// reports it (a join code can still be issued for such a table).
fn settle(conn: &mut DbConn, ctx: &mut TableContext) -> Result<(), ApiError> {
    if ctx.table.time_up_after.is_some() || ctx.round.started_at.is_none() {
        return Ok(());
    }
    let Ok(Some(clock)) = TableClock::of(ctx) else {
        return Ok(());
    };
    if !clock.has_run_out(super::now()) {
        return Ok(());
    }
    let derived = match sheet::current(conn, ctx) {
        Ok(derived) => derived,
        // The sheet does not fit the rules as stored; the write names the deal.
        Err(ApiError::Conflict { .. }) => return Ok(()),
        Err(e) => return Err(e),
    };
    if let (Some(TimeUpBy::Clock), Some(after)) =
        (derived.time_up_by, derived.table.time_up_after())
    {
        let after = i32::try_from(after).unwrap_or(i32::MAX);
        db::tables::set_time_up_by_clock(conn, ctx.table.id, after)?;
        ctx.table.time_up_after = Some(after);
        ctx.table.time_up_by_clock = true;
    }
    Ok(())
}
