//! A table's sheet as readers fetch it, and the organiser's time-up.

use super::access::{self, Need};
use super::audit;
use super::sheet::{self, conflict_with_sheet};
use crate::auth::Caller;
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::wire::sheet::SheetResponse;

/// A sheet as sent: its JSON and its tag, which is its content.
#[derive(Debug)]
pub struct SheetRead {
    /// The JSON body.
    pub body: Vec<u8>,
    /// The quoted `ETag`.
    pub tag: String,
}

impl SheetRead {
    /// Whether an `If-None-Match` value names this sheet's tag.
    pub fn unchanged_since(&self, if_none_match: Option<&str>) -> bool {
        if_none_match.is_some_and(|v| {
            v.split(',')
                .any(|t| t.trim().trim_start_matches("W/") == self.tag)
        })
    }
}

/// The sheet of a table as the caller may read it.
pub fn read(conn: &mut DbConn, table_id: i64, caller: &Caller) -> Result<SheetRead, ApiError> {
    let ctx = access::table(conn, table_id, caller, Need::Read)?;
    let derived = sheet::current(conn, &ctx)?;
    let body = serde_json::to_vec(&derived.sheet).map_err(|e| ApiError::Internal(e.into()))?;
    // The sheet's tag is its content: a phone on a poor line polls with If-None-Match and
    // gets an empty 304 while nothing changed.
    let tag = format!("\"{}\"", &crate::extract::digest(&body)[..32]);
    Ok(SheetRead { body, tag })
}

/// Ends the round's time at a table (organisers): normal games not yet begun are struck;
/// owed Pflichtsoli are still played, each as a forced solo.
pub fn time_up(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
) -> Result<SheetResponse, ApiError> {
    access::organizer_only(caller)?;
    let mut ctx = access::table(conn, table_id, caller, Need::Write)?;
    let before = sheet::current(conn, &ctx)?;
    let mut round = before.round().clone();
    round
        .time_up()
        .map_err(|e| conflict_with_sheet("time_up_refused", e.to_string(), &before.sheet))?;
    let played = i32::try_from(before.sheet.deals.len()).unwrap_or(i32::MAX);
    db::tables::set_time_up(conn, table_id, Some(played))?;
    ctx.table.time_up_after = Some(played);
    let after = sheet::current(conn, &ctx)?;
    audit::Change::new(ctx.tournament.id, caller, "table.time_up")
        .at_table(table_id)
        .after(Some(serde_json::json!({"after_deals": played})))
        .record(conn)?;
    Ok(after.sheet)
}
