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

use domain::game::{FamilyDeal, FamilyRound};
use domain::sheet::{EntryFacts, Round, SheetEntry};

use super::access::{self, Need, TableContext};
use super::idempotency::{self, Seen};
use super::sheet::{self, Derived, Play, conflict_with_sheet};
use super::table_write;
use super::{audit, now, signatures, write};
use crate::auth::Caller;
use crate::db::models::DealRow;
use crate::db::{self, DbConn};
use crate::domain_errors::{
    correction_error, deletion_error, entry_error, family_correction_error, family_deletion_error,
    family_round_error, invalid_deal,
};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::deal::DealBody;
use crate::wire::deal_preview::{DealPreviewResponse, HintView};
use crate::wire::family::invalid_family_deal;
use crate::wire::score::ScoreResponse;
use crate::wire::sheet::{DealResponse, SheetResponse};

/// The entry as the domain reads it, checked as the next deal of `round`: the sheet must
/// have room for it before its facts are looked at.
fn checked(round: &Round, before: &Derived, entry: &DealBody) -> Result<SheetEntry, ApiError> {
    let deal = match entry.sheet_entry() {
        Ok(deal) => deal,
        Err(e) if round.next().is_some() => return Err(invalid_deal(&e)),
        Err(_) => {
            return Err(entry_error(
                &domain::sheet::EntryError::SheetComplete,
                || before.current(),
            ));
        }
    };
    domain::sheet::check_entry(round, &deal).map_err(|e| entry_error(&e, || before.current()))?;
    Ok(deal)
}

/// A family game's entry as the domain reads it, for the round it is entered at: a
/// Doppelkopf body there is another game's deal.
fn family_deal(round: &FamilyRound, entry: &DealBody) -> Result<FamilyDeal, ApiError> {
    match entry.family() {
        Some(deal) => deal.map_err(|e| invalid_family_deal(&e)),
        None => Err(ApiError::unprocessable(
            "invalid_deal",
            format!("this table plays {}, not Doppelkopf", round.game()),
            vec![crate::error::FieldError::new(
                "entry",
                "not_in_game",
                format!(
                    "a Doppelkopf deal cannot be entered at a table playing {}",
                    round.game()
                ),
            )],
        )),
    }
}

fn facts(entry: &DealBody) -> Result<String, ApiError> {
    sheet::stored(entry)?
        .to_json()
        .map_err(|e| ApiError::Internal(e.into()))
}

/// The number an entry names, if any, must be the sheet's next one (two phones must not
/// both enter "deal 3"). Which way it misses says what happened: a lower number was
/// entered already (by the other phone), a higher one would leave a gap, and 0 is no
/// deal's number at all.
fn check_number(asked: Option<u16>, next: Option<u16>, before: &Derived) -> Result<(), ApiError> {
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
    match asked.cmp(&next) {
        std::cmp::Ordering::Equal => Ok(()),
        std::cmp::Ordering::Less => Err(conflict_with_sheet(
            "deal_number_taken",
            format!("deal {asked} has been entered already; the next deal is {next}"),
            &before.sheet,
        )),
        std::cmp::Ordering::Greater => Err(conflict_with_sheet(
            "deal_number_skipped",
            format!(
                "deal {asked} cannot be entered yet: the next deal is {next}, and deals are \
                 entered in order"
            ),
            &before.sheet,
        )),
    }
}

/// Only an organiser keys in a paper deal, or changes one (see the module documentation).
fn paper_is_organisers(caller: &Caller, paper: bool) -> Result<(), ApiError> {
    if paper {
        access::organizer_only(caller)
    } else {
        Ok(())
    }
}

/// An entry checked as the next deal of a table, as entering and its preview both check it.
struct NextDeal {
    /// The sheet before the entry.
    before: Derived,
    /// The deal's number.
    number: u16,
    /// The entry as stored.
    facts: String,
    /// The version the stored deal gets.
    version: i32,
}

/// Checks `entry` as the next deal of the table of `ctx`: the number it names, room on the
/// sheet, the order of play and its facts.
fn next_deal(
    conn: &mut DbConn,
    ctx: &TableContext,
    entry: &DealBody,
) -> Result<NextDeal, ApiError> {
    let before = sheet::current(conn, ctx)?;
    let next = before.next_number();
    check_number(entry.number(), next, &before)?;
    match &before.play {
        Play::Doppelkopf(scoring) => {
            checked(scoring.scored.round(), &before, entry)?;
        }
        Play::Family(round) => {
            let mut after = round.clone();
            after
                .record(family_deal(round, entry)?)
                .map_err(|e| family_round_error(&e, || before.current()))?;
        }
    }
    Ok(NextDeal {
        number: next.unwrap_or_default(),
        facts: facts(entry)?,
        // Above every version this table handed out before its last deletion, so no
        // stale `If-Match` for this number can match the new deal.
        version: ctx.table.version_floor.saturating_add(1),
        before,
    })
}

/// Enters the next deal of a table (run inside the write's transaction).
pub fn create(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    entry: &DealBody,
) -> Result<DealResponse, ApiError> {
    paper_is_organisers(caller, entry.is_paper())?;
    let ctx = table_write::open(conn, table_id, caller)?;
    let next = next_deal(conn, &ctx, entry)?;
    let number = next.number;
    // A sheet is signed once complete, and a complete sheet takes no deal; but the
    // organiser raising the deals per round reopens a signed sheet, and its signatures do
    // not cover the new deal. (Extra time that lifts time-up clears them itself.)
    signatures::clear(conn, &ctx, caller, &next.before.sheet, "deal.create")?;
    // The unique (table, number) index settles a race between two phones: the second
    // insert fails and its transaction rolls back.
    db::deals::insert(
        conn,
        &db::deals::NewDeal {
            table_id,
            number: i32::from(number),
            facts: &next.facts,
            version: next.version,
            at: now(),
        },
    )?;
    let after = sheet::current(conn, &ctx)?;
    let deal = after.deal_view(number)?;
    // Why a deal was keyed in from paper is what the organiser will be asked later.
    let reason = entry.is_paper().then(|| entry.reason()).flatten();
    audit::Change::new(ctx.tournament.id, caller, "deal.create")
        .at_table(table_id)
        .reason(reason)
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
    let ctx = access::table(conn, table_id, caller, Need::Write)?;
    let next = next_deal(conn, &ctx, entry)?;
    let after = sheet::with_next(
        conn,
        &ctx,
        DealRow {
            // No stored row has id 0: both backends number rows from 1.
            id: 0,
            table_id,
            number: i32::from(next.number),
            facts: next.facts,
            version: next.version,
        },
    )?;
    let deal = after.deal_view(next.number)?;
    let Play::Doppelkopf(scoring) = &after.play else {
        // A family game's deal: its points are the preview; no hints, no Doppelkopf score.
        return Ok(DealPreviewResponse {
            deal,
            totals_after: after.sheet.totals,
            score: None,
            hints: Vec::new(),
        });
    };
    let scored = scoring
        .scored
        .deals()
        .iter()
        .find(|d| d.sheet.number == next.number)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("the previewed deal is missing")))?;
    let hints = match &scored.facts {
        EntryFacts::Full(facts) => {
            domain::plausibility::hints_with(facts, &scored.game, &scoring.config.rules())
        }
        // The paper holds no card points to check, a deal thrown in no game.
        EntryFacts::Paper(_) | EntryFacts::ThrownIn(_) => Vec::new(),
    };
    Ok(DealPreviewResponse {
        deal,
        totals_after: after.sheet.totals.clone(),
        score: Some(ScoreResponse::from(&scored.game)),
        hints: hints.iter().map(HintView::from).collect(),
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

/// Whether deal `number` of the sheet was keyed in from paper (false if there is none).
fn is_paper(sheet: &Derived, number: u16) -> bool {
    let Play::Doppelkopf(scoring) = &sheet.play else {
        return false;
    };
    usize::from(number)
        .checked_sub(1)
        .and_then(|index| scoring.deals.get(index))
        .is_some_and(SheetEntry::is_paper)
}

/// Loads a stored deal by number and checks `If-Match` against its version.
fn stored_deal(
    conn: &mut DbConn,
    table_id: i64,
    number: u16,
    version: &str,
) -> Result<DealRow, ApiError> {
    let row = db::deals::by_number(conn, table_id, i32::from(number))?.ok_or(ApiError::NotFound)?;
    if version != row.version.to_string() {
        return Err(ApiError::PreconditionFailed {
            given: version.to_owned(),
            current: row.version,
        });
    }
    Ok(row)
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
    let ctx = table_write::open(conn, table_id, caller)?;
    let row = stored_deal(conn, table_id, number, version)?;
    let before = sheet::current(conn, &ctx)?;
    paper_is_organisers(caller, is_paper(&before, number))?;
    let old = before.deal_view(number)?;
    let index = before
        .rows
        .iter()
        .position(|r| r.id == row.id)
        .unwrap_or_default();
    match &before.play {
        Play::Doppelkopf(scoring) => {
            let deal = entry.sheet_entry().map_err(|e| invalid_deal(&e))?;
            domain::sheet::correct(
                scoring.config,
                &scoring.deals,
                &scoring.penalties,
                before.time_up_after,
                index,
                &deal,
            )
            .map_err(|e| correction_error(&e, || before.current()))?;
        }
        // The corrected deal must fit where it stands (422 naming its field) and every
        // later deal after it (409 with the sheet).
        Play::Family(round) => {
            round
                .corrected(index, family_deal(round, entry)?)
                .map_err(|e| family_correction_error(&e, index, || before.current()))?;
        }
    }
    let updated = db::deals::update_facts(conn, row.id, row.version, &facts(entry)?, now())?;
    if updated != 1 {
        return Err(ApiError::PreconditionFailed {
            given: version.to_owned(),
            current: row.version + 1,
        });
    }
    signatures::clear(conn, &ctx, caller, &before.sheet, "deal.update")?;
    let after = sheet::current(conn, &ctx)?;
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
    let ctx = table_write::open(conn, table_id, caller)?;
    let row = stored_deal(conn, table_id, number, version)?;
    let before = sheet::current(conn, &ctx)?;
    paper_is_organisers(caller, is_paper(&before, number))?;
    let old = before.deal_view(number)?;
    let (time_up_after, moves) = match &before.play {
        Play::Doppelkopf(scoring) => {
            let deletion = domain::sheet::delete(
                scoring.config,
                &scoring.deals,
                &scoring.penalties,
                before.time_up_after,
                number,
            )
            .map_err(|e| deletion_error(&e, || before.current()))?;
            (deletion.time_up_after, deletion.moves)
        }
        // A family table has no penalties or playing time: every later deal moves up.
        Play::Family(round) => {
            let deletion = round
                .deleted(number)
                .map_err(|e| family_deletion_error(&e, || before.current()))?;
            (None, deletion.moves)
        }
    };
    // Every later deal moves to a new number and gets a version above all the table has
    // handed out: a correction read before the deletion names the old version at that
    // number and is refused, instead of overwriting the deal that moved in. Deals entered
    // later start above that floor too.
    let floor = before
        .rows
        .iter()
        .map(|r| r.version)
        .chain([ctx.table.version_floor])
        .max()
        .unwrap_or_default();
    let renumbered = floor.saturating_add(1);
    let time_up_after = time_up_after.map(|n| i32::try_from(n).unwrap_or(i32::MAX));
    db::deals::delete(conn, row.id)?;
    signatures::clear(conn, &ctx, caller, &before.sheet, "deal.delete")?;
    db::tables::set_time_up_and_floor(conn, table_id, time_up_after, floor)?;
    // Ascending, so no two rows ever hold the same number.
    for moved in &moves {
        let (from, to) = (i32::from(moved.from), i32::from(moved.to));
        if let Some(later) = before.rows.iter().find(|r| r.number == from) {
            db::deals::renumber(conn, later.id, to, renumbered)?;
        }
        db::penalties::renumber(conn, table_id, from, to)?;
    }
    let mut ctx = ctx;
    ctx.table.time_up_after = time_up_after;
    let after = sheet::current(conn, &ctx)?;
    audit::Change::new(ctx.tournament.id, caller, "deal.delete")
        .at_table(table_id)
        .reason(reason)
        .before(serde_json::to_value(&old).ok())
        .record(conn)?;
    Ok(after.sheet)
}
