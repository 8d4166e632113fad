//! A table that could not play its round gets the result its organiser sets ("festgesetzte
//! Wertung", [`domain::table::Adjustment`]): each seat's points with a reason. Only an
//! organiser sets or removes one, on a sheet without deals (the domain decides), through
//! the table's write path (its lock, `Need::Change`: refused once the tournament is
//! finished). Audited with the reason; the standings count the round as played and mark
//! it.

use super::access;
use super::{audit, now, sheet, table_write};
use crate::auth::Caller;
use crate::db::{self, DbConn};
use crate::domain_errors::adjustment_error;
use crate::error::ApiError;
use crate::wire::sheet::SheetResponse;

use super::validate;

/// Sets table `table_id`'s result to `points` (one per seat, in seat order) for `reason`;
/// answers the sheet as it is now. Setting it again replaces it.
pub fn set(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    points: &[i64],
    reason: &str,
) -> Result<SheetResponse, ApiError> {
    access::organizer_only(caller)?;
    let reason = required_reason(reason)?;
    let mut write = table_write::open(conn, table_id, caller)?;
    let mut table = write.before.table.clone();
    table
        .adjust(points)
        .map_err(|e| adjustment_error(&e, || write.current()))?;
    let stored = points
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let before = write.ctx.table.adjusted_points.clone();
    let at = now();
    db::tables::set_adjustment(conn, table_id, Some((&stored, &reason, at)))?;
    write.ctx.table.adjusted_points = Some(stored);
    write.ctx.table.adjusted_reason = Some(reason.clone());
    write.ctx.table.adjusted_at = Some(at);
    let (ctx, after) = write.after()?;
    audit::Change::new(ctx.tournament.id, caller, "table.adjust")
        .at_table(table_id)
        .reason(Some(&reason))
        .before(before.as_deref().map(stored_points))
        .after(Some(serde_json::json!({ "points": points })))
        .record(conn)?;
    Ok(after.sheet)
}

/// Removes table `table_id`'s set result for `reason`: it takes deals again. A table
/// without one is answered as it is.
pub fn remove(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    reason: &str,
) -> Result<SheetResponse, ApiError> {
    access::organizer_only(caller)?;
    let reason = required_reason(reason)?;
    let mut write = table_write::open(conn, table_id, caller)?;
    let Some(before) = write.ctx.table.adjusted_points.take() else {
        return Ok(write.after()?.1.sheet);
    };
    db::tables::set_adjustment(conn, table_id, None)?;
    write.ctx.table.adjusted_reason = None;
    write.ctx.table.adjusted_at = None;
    let (ctx, after) = write.after()?;
    audit::Change::new(ctx.tournament.id, caller, "table.adjust.remove")
        .at_table(table_id)
        .reason(Some(&reason))
        .before(Some(stored_points(&before)))
        .record(conn)?;
    Ok(after.sheet)
}

/// A stored result as the audit log shows it: `{"points": [..]}`.
fn stored_points(stored: &str) -> serde_json::Value {
    serde_json::json!({ "points": sheet::adjusted_points(stored) })
}

/// A reason is required: a set result moves the standings without a deal behind it.
fn required_reason(reason: &str) -> Result<String, ApiError> {
    validate::required_reason(
        reason,
        "a set result needs a reason (why the table could not play)",
    )
}
