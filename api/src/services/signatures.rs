//! Signing a table's complete sheet: each player confirms it on the captain's phone, the
//! digital form of signing the paper list. A signature is the player's word on the sheet
//! as it stands, so every change to the sheet ([`clear`]: a correction, a deletion, a
//! penalty, lifted time-up) removes the table's signatures in the same transaction, and the
//! players sign again.
//!
//! Signing is the captain's while the round is open (as entering a deal is) and the
//! organiser's at any time; both go through the table's write lock.

use super::access::TableContext;
use super::table_write;
use super::{audit, now};
use crate::auth::Caller;
use crate::db::models::SignatureRow;
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::wire::sheet::SheetResponse;
use crate::wire::signatures::SignatureView;

/// The seat of `player_id` at the table, or a 422 naming `player_id`.
fn seat_of(ctx: &TableContext, player_id: i64) -> Result<usize, ApiError> {
    ctx.seats
        .iter()
        .position(|p| *p == player_id)
        .ok_or_else(|| {
            ApiError::field(
                "player_not_at_table",
                "player_id",
                "not_at_table",
                format!(
                    "player {player_id} does not sit at table {} of round {}",
                    ctx.table.number, ctx.round.number
                ),
            )
        })
}

/// `player_id` signs the complete sheet of table `table_id` (run inside the write's
/// transaction). Signing again changes nothing.
pub fn sign(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    player_id: i64,
) -> Result<SheetResponse, ApiError> {
    let mut write = table_write::open(conn, table_id, caller)?;
    let seat = seat_of(&write.ctx, player_id)?;
    if !write.before.table.is_complete() {
        return Err(write.conflict(
            "sheet_incomplete",
            "the sheet is signed once it is complete".to_owned(),
        ));
    }
    if write
        .rows
        .signatures
        .iter()
        .any(|s| s.player_id == player_id)
    {
        return Ok(write.sheet_before().sheet);
    }
    let at = now();
    db::signatures::insert(conn, table_id, player_id, at)?;
    // The sheet answered is the rows read with the signature stored, in the order a read
    // gives them.
    write.rows.signatures.push(SignatureRow {
        table_id,
        player_id,
        signed_at: at,
    });
    write
        .rows
        .signatures
        .sort_by_key(|s| (s.signed_at, s.player_id));
    let (ctx, after) = write.after()?;
    audit::Change::new(ctx.tournament.id, caller, "signature.sign")
        .at_table(table_id)
        .after(Some(serde_json::json!({
            "player_id": player_id,
            "seat": seat,
            "totals": after.sheet.totals,
        })))
        .record(conn)?;
    Ok(after.sheet)
}

/// Takes back `player_id`'s signature at table `table_id` (a wrong tap), as long as the
/// caller may write to the table (a captain until the round is closed). Taking back a
/// signature that is not there changes nothing.
pub fn withdraw(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    player_id: i64,
) -> Result<SheetResponse, ApiError> {
    let mut write = table_write::open(conn, table_id, caller)?;
    let seat = seat_of(&write.ctx, player_id)?;
    if db::signatures::delete(conn, table_id, player_id)? > 0 {
        audit::Change::new(write.ctx.tournament.id, caller, "signature.withdraw")
            .at_table(table_id)
            .before(Some(
                serde_json::json!({"player_id": player_id, "seat": seat}),
            ))
            .record(conn)?;
    }
    write.rows.signatures.retain(|s| s.player_id != player_id);
    Ok(write.after()?.1.sheet)
}

/// Removes the signatures under the sheet (`before`, as they stood before a change made
/// by `cause`, e.g. `deal.update`), in the change's transaction, and audits what was
/// removed. A sheet nobody signed costs nothing.
pub fn clear(
    conn: &mut DbConn,
    ctx: &TableContext,
    caller: &Caller,
    before: &[SignatureView],
    cause: &str,
) -> Result<(), ApiError> {
    if before.is_empty() {
        return Ok(());
    }
    db::signatures::clear(conn, ctx.table.id)?;
    audit::Change::new(ctx.tournament.id, caller, "signature.clear")
        .at_table(ctx.table.id)
        .before(serde_json::to_value(before).ok())
        .after(Some(serde_json::json!({"cleared_by": cause})))
        .record(conn)?;
    Ok(())
}
