//! Entering, correcting and deleting a table's deals.
//!
//! Every write re-derives the sheet through the domain before storing, in one transaction:
//! a deal that does not fit the order of play (a forced solo not played, the sitting-out
//! dealer in the Re party, a sheet already complete) is refused and nothing is stored.
//!
//! A deal is entered with its full facts or, when the table finished on paper, as the
//! paper list's summary. Paper deals are the organiser's: he keys them in from the list
//! handed to the tournament office (TSR 7.3.4), and only he corrects or deletes them, since
//! a captain's phone would replace the signed paper record with facts nobody checked.

use domain::table::{TableDeletion, TableEntry};

use super::access::{self, Need, TableContext};
use super::idempotency::{self, Seen};
use super::sheet::{self, Judged, TableRows, conflict_with_sheet};
use super::table_write::{self, TableWrite};
use super::{audit, now, signatures, validate, write};
use crate::auth::Caller;
use crate::db::models::DealRow;
use crate::db::{self, DbConn};
use crate::domain_errors::{table_correction_error, table_deletion_error, table_entry_error};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::deal::DealBody;
use crate::wire::deal_preview::{DealPreviewResponse, HintView};
use crate::wire::score::ScoreResponse;
use crate::wire::sheet::{DealResponse, SheetResponse};

/// The `facts` column for `entry`, read from `body`.
fn facts(body: &DealBody, entry: &TableEntry) -> Result<String, ApiError> {
    sheet::stored(body, entry)?
        .to_json()
        .map_err(|e| ApiError::Internal(e.into()))
}

/// The entry as the domain reads it, and checked by the table as its next deal. A complete
/// Doppelkopf sheet refuses any body as complete, before its facts are read.
fn checked_next(
    before: &Judged,
    body: &DealBody,
    current: impl Fn() -> Option<serde_json::Value>,
) -> Result<TableEntry, ApiError> {
    let entry = body
        .table_entry()
        .map_err(|e| match before.table.refuses_entries() {
            Some(refused) => table_entry_error(&refused, &current),
            None => e,
        })?;
    before
        .table
        .check_next(&entry)
        .map_err(|e| table_entry_error(&e, &current))?;
    Ok(entry)
}

/// The number an entry names, if any, must be the sheet's next one (two phones must not
/// both enter "deal 3"). Which way it misses says what happened: a lower number was
/// entered already (by the other phone), a higher one would leave a gap, and 0 is no
/// deal's number at all.
fn check_number(
    asked: Option<u16>,
    next: Option<u16>,
    current: impl FnOnce() -> Option<serde_json::Value>,
) -> Result<(), ApiError> {
    let (Some(asked), Some(next)) = (asked, next) else {
        return Ok(());
    };
    if asked == 0 {
        return Err(ApiError::field(
            "invalid_body",
            "number",
            "out_of_range",
            format!("deals are numbered from 1; the next deal is {next}"),
        ));
    }
    let (code, detail) = match asked.cmp(&next) {
        std::cmp::Ordering::Equal => return Ok(()),
        std::cmp::Ordering::Less => (
            "deal_number_taken",
            format!("deal {asked} has been entered already; the next deal is {next}"),
        ),
        std::cmp::Ordering::Greater => (
            "deal_number_skipped",
            format!(
                "deal {asked} cannot be entered yet: the next deal is {next}, and deals are \
                 entered in order"
            ),
        ),
    };
    Err(ApiError::Conflict {
        code,
        detail,
        current: current(),
    })
}

/// Only an organiser keys in a paper deal, or changes one (see the module documentation).
fn paper_is_organisers(caller: &Caller, paper: bool) -> Result<(), ApiError> {
    if paper {
        access::organizer_only(caller)
    } else {
        Ok(())
    }
}

/// Checks `entry` as the next deal of the table of `ctx`, its rows `before` the entry as
/// judged: the number it names, room on the sheet, the order of play and its facts.
/// Answers the row it would be stored as (its id still 0: no stored row has id 0, both
/// backends number from 1).
fn next_deal(
    ctx: &TableContext,
    rows: &TableRows,
    before: &Judged,
    entry: &DealBody,
) -> Result<DealRow, ApiError> {
    let current = || rows.current(ctx, before);
    let next = before.table.next_number();
    check_number(entry.number(), next, current)?;
    let checked = checked_next(before, entry, current)?;
    Ok(DealRow {
        id: 0,
        table_id: ctx.table.id,
        number: i32::from(next.unwrap_or_default()),
        facts: facts(entry, &checked)?,
        // Above every version this table handed out before its last deletion, so no
        // stale `If-Match` for this number can match the new deal.
        version: ctx.table.version_floor.saturating_add(1),
    })
}

/// Enters the next deal of a table (run inside the write's transaction). The table's rows
/// are read once: the entry is checked against the round judged from them, and the sheet
/// answered is derived from them and the stored row, once.
pub fn create(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    entry: &DealBody,
) -> Result<DealResponse, ApiError> {
    paper_is_organisers(caller, entry.is_paper())?;
    validate::message("reason", entry.reason())?;
    let mut write = table_write::open(conn, table_id, caller)?;
    let mut next = next_deal(&write.ctx, &write.rows, &write.before, entry)?;
    let number = u16::try_from(next.number).unwrap_or_default();
    // A sheet is signed once complete, and a complete sheet takes no deal; but the
    // organiser raising the deals per round reopens a signed sheet, and its signatures do
    // not cover the new deal. (Extra time that lifts time-up clears them itself.)
    let signed = write.rows.signed(&write.ctx);
    signatures::clear(conn, &write.ctx, caller, &signed, "deal.create")?;
    write.rows.signatures.clear();
    // The unique (table, number) index settles a race between two phones: the second
    // insert fails and its transaction rolls back.
    next.id = db::deals::insert(
        conn,
        &db::deals::NewDeal {
            table_id,
            number: next.number,
            facts: &next.facts,
            version: next.version,
            at: now(),
        },
    )?;
    write.rows.deals.push(next);
    let (ctx, after) = write.after_kept()?;
    let deal = after.deal_view(number)?;
    // Why a deal was keyed in at the desk or from paper is what the organiser will be
    // asked later; the body's documentation promises it to the audit log.
    audit::Change::new(ctx.tournament.id, caller, "deal.create")
        .at_table(table_id)
        .reason(entry.reason())
        .after(serde_json::to_value(&deal).ok())
        .record(conn)?;
    Ok(DealResponse {
        deal,
        sheet: after.sheet,
    })
}

/// Enters the next deal of a table (see [`create`]) as one write under `key`, and answers
/// what was stored, shaped by `answer`; a deal whose transaction committed is counted in
/// the metrics (a retry answered from the stored answer is not).
pub async fn enter<T>(
    state: &AppState,
    key: Option<idempotency::Key>,
    table_id: i64,
    caller: Caller,
    entry: DealBody,
    answer: fn(DealResponse) -> T,
) -> Result<Seen, ApiError>
where
    T: serde::Serialize + 'static,
{
    let acting = caller.clone();
    let written = write::keyed(state, key, 201, move |conn| {
        create(conn, table_id, &acting, &entry).map(answer)
    })
    .await;
    let seen = after_race(state, table_id, caller, written).await?;
    if seen.fresh {
        state.metrics.deal_entered();
    }
    Ok(seen)
}

/// What entering `entry` at a table would write, stored nowhere: checked and refused as
/// [`create`] checks it (same caller, same codes), then scored on the sheet as the stored
/// deal would be, with the domain's plausibility hints. Takes no lock and writes nothing,
/// so a captain can ask as often as he likes while he checks his entry.
pub fn preview(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    entry: &DealBody,
) -> Result<DealPreviewResponse, ApiError> {
    paper_is_organisers(caller, entry.is_paper())?;
    let ctx = access::table(conn, table_id, caller, Need::Change)?;
    let mut rows = TableRows::read(conn, &ctx)?;
    let before = rows.judge(&ctx)?;
    let next = next_deal(&ctx, &rows, &before, entry)?;
    let number = u16::try_from(next.number).unwrap_or_default();
    rows.deals.push(next);
    previewed(&rows.derive(&ctx)?, number)
}

/// What correcting deal `number` of a table with `entry` would give, stored nowhere:
/// checked as [`update`] checks it (but for the version: a preview changes nothing, so a
/// stale one is the save's to refuse), then scored on the sheet with the deal replaced,
/// with the domain's plausibility hints. The captain sees his correction before he saves
/// it, as he sees an entry.
pub fn preview_correction(
    conn: &mut DbConn,
    table_id: i64,
    number: u16,
    caller: &Caller,
    entry: &DealBody,
) -> Result<DealPreviewResponse, ApiError> {
    paper_is_organisers(caller, entry.is_paper())?;
    check_correction_number(entry, number)?;
    let ctx = access::table(conn, table_id, caller, Need::Change)?;
    let mut rows = TableRows::read(conn, &ctx)?;
    let before = rows.judge(&ctx)?;
    paper_is_organisers(caller, before.table.is_paper(number))?;
    let corrected = entry.table_entry()?;
    before
        .table
        .check_correction(number, &corrected)
        .map_err(|e| table_correction_error(&e, number, || rows.current(&ctx, &before)))?;
    let facts = facts(entry, &corrected)?;
    let row = rows
        .deals
        .iter_mut()
        .find(|r| r.number == i32::from(number))
        .ok_or(ApiError::NotFound)?;
    row.facts = facts;
    previewed(&rows.derive(&ctx)?, number)
}

/// Deal `number` of the sheet `after` a previewed change: its view, the totals, the score
/// and the hints.
fn previewed(after: &sheet::Derived, number: u16) -> Result<DealPreviewResponse, ApiError> {
    let deal = after.deal_view(number)?;
    let Ok(dk) = after.table.doppelkopf() else {
        // A family game's deal: its points are the preview; no hints, no Doppelkopf score.
        return Ok(DealPreviewResponse {
            deal,
            totals_after: after.sheet.totals.clone(),
            score: None,
            hints: Vec::new(),
        });
    };
    let scored = dk
        .scored_deal(number)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("the previewed deal is missing")))?;
    Ok(DealPreviewResponse {
        deal,
        totals_after: after.sheet.totals.clone(),
        score: Some(ScoreResponse::from(&scored.game)),
        hints: dk.hints(scored).iter().map(HintView::from).collect(),
    })
}

/// What a caller who lost a race for a deal number is shown: the sheet with the winner's
/// deal. The winner's transaction has committed (PostgreSQL let both read the same sheet).
pub fn number_taken(conn: &mut DbConn, table_id: i64, caller: &Caller) -> ApiError {
    match access::table(conn, table_id, caller, Need::Read)
        .and_then(|ctx| sheet::current(conn, &ctx))
    {
        Ok(now) => conflict_with_sheet(
            "deal_number_taken",
            "another entry for this deal arrived first".to_owned(),
            &now.sheet,
        ),
        Err(e) => e,
    }
}

/// The answer to an entry's write: when two phones raced and the other one's deal got the
/// number first (the unique index refused this one), the number is taken, with the sheet
/// as it now stands; anything else as it came.
pub async fn after_race<T>(
    state: &AppState,
    table_id: i64,
    caller: Caller,
    written: Result<T, ApiError>,
) -> Result<T, ApiError> {
    match written {
        Err(ApiError::Conflict {
            code: "concurrent_change",
            ..
        }) => Err(state
            .db
            .run(move |conn| Ok(number_taken(conn, table_id, &caller)))
            .await?),
        other => other,
    }
}

/// The stored row of deal `number` at the table opened by `write`, if `If-Match` names its
/// version.
fn stored_deal(write: &TableWrite, number: u16, version: &str) -> Result<DealRow, ApiError> {
    let row = write
        .rows
        .deals
        .iter()
        .find(|r| r.number == i32::from(number))
        .ok_or(ApiError::NotFound)?;
    if version != row.version.to_string() {
        return Err(ApiError::PreconditionFailed {
            given: version.to_owned(),
            current: row.version,
        });
    }
    Ok(row.clone())
}

/// The version of the deal a stored [`DealResponse`] answer holds (`deal.version`), for
/// the `ETag` of a correction answered again under its `Idempotency-Key`.
pub fn answered_version(body: &str) -> Option<i64> {
    let answer: serde_json::Value = serde_json::from_str(body).ok()?;
    answer.get("deal")?.get("version")?.as_i64()
}

/// A correction's entry must name the deal of the path, if it names one.
pub fn check_correction_number(entry: &DealBody, number: u16) -> Result<(), ApiError> {
    if entry.number().is_some_and(|n| n != number) {
        return Err(ApiError::field(
            "invalid_body",
            "number",
            "mismatch",
            format!("the path names deal {number}"),
        ));
    }
    Ok(())
}

/// Corrects deal `number` of a table if it still has `version`. The corrected deal must
/// fit where it stands and every later deal after it.
pub fn update(
    conn: &mut DbConn,
    table_id: i64,
    number: u16,
    version: &str,
    caller: &Caller,
    entry: &DealBody,
) -> Result<DealResponse, ApiError> {
    paper_is_organisers(caller, entry.is_paper())?;
    validate::message("reason", entry.reason())?;
    let mut write = table_write::open(conn, table_id, caller)?;
    let row = stored_deal(&write, number, version)?;
    paper_is_organisers(caller, write.before.table.is_paper(number))?;
    let old = write.sheet_before().deal_view(number)?;
    let corrected = entry.table_entry()?;
    write
        .before
        .table
        .check_correction(number, &corrected)
        .map_err(|e| table_correction_error(&e, number, || write.current()))?;
    let facts = facts(entry, &corrected)?;
    let updated = db::deals::update_facts(conn, row.id, row.version, &facts, now())?;
    if updated != 1 {
        return Err(ApiError::PreconditionFailed {
            given: version.to_owned(),
            current: row.version + 1,
        });
    }
    let signed = write.rows.signed(&write.ctx);
    signatures::clear(conn, &write.ctx, caller, &signed, "deal.update")?;
    // The sheet answered is the rows read above with the correction stored: not read again.
    write.rows.signatures.clear();
    if let Some(stored) = write.rows.deals.iter_mut().find(|r| r.id == row.id) {
        stored.facts = facts;
        stored.version = row.version + 1;
    }
    let (ctx, after) = write.after()?;
    let deal = after.deal_view(number)?;
    audit::Change::new(ctx.tournament.id, caller, "deal.update")
        .at_table(table_id)
        .reason(entry.reason())
        .before(serde_json::to_value(&old).ok())
        .after(serde_json::to_value(&deal).ok())
        .record(conn)?;
    Ok(DealResponse {
        deal,
        sheet: after.sheet,
    })
}

/// Deletes deal `number` of a table if it still has `version`; later deals move up one
/// number with their penalties.
pub fn delete(
    conn: &mut DbConn,
    table_id: i64,
    number: u16,
    version: &str,
    caller: &Caller,
    reason: Option<&str>,
) -> Result<SheetResponse, ApiError> {
    validate::message("reason", reason)?;
    let mut write = table_write::open(conn, table_id, caller)?;
    let row = stored_deal(&write, number, version)?;
    paper_is_organisers(caller, write.before.table.is_paper(number))?;
    let old = write.sheet_before().deal_view(number)?;
    let TableDeletion {
        time_up_after,
        moves,
    } = write
        .before
        .table
        .deletion(number)
        .map_err(|e| table_deletion_error(&e, || write.current()))?;
    // Every later deal moves to a new number and gets a version above all the table has
    // handed out: a correction read before the deletion names the old version at that
    // number and is refused, instead of overwriting the deal that moved in. Deals entered
    // later start above that floor too.
    let floor = write
        .rows
        .deals
        .iter()
        .map(|r| r.version)
        .chain([write.ctx.table.version_floor])
        .max()
        .unwrap_or_default();
    let renumbered = floor.saturating_add(1);
    let time_up_after = time_up_after.map(|n| i32::try_from(n).unwrap_or(i32::MAX));
    db::deals::delete(conn, row.id)?;
    let signed = write.rows.signed(&write.ctx);
    signatures::clear(conn, &write.ctx, caller, &signed, "deal.delete")?;
    db::tables::set_time_up_and_floor(conn, table_id, time_up_after, floor)?;
    // Ascending, so no two rows ever hold the same number.
    for moved in &moves {
        let (from, to) = (i32::from(moved.from), i32::from(moved.to));
        if let Some(later) = write.rows.deals.iter().find(|r| r.number == from) {
            db::deals::renumber(conn, later.id, to, renumbered)?;
        }
        db::penalties::renumber(conn, table_id, from, to)?;
    }
    write.ctx.table.time_up_after = time_up_after;
    write.ctx.table.version_floor = floor;
    let (ctx, after) = write.reread(conn)?;
    audit::Change::new(ctx.tournament.id, caller, "deal.delete")
        .at_table(table_id)
        .reason(reason)
        .before(serde_json::to_value(&old).ok())
        .record(conn)?;
    Ok(after.sheet)
}
