//! The round clock (TSR 8.5.1): the organiser starts a round and every table's time runs
//! from then, the tournament's minutes for its size plus what he grants it; when it runs
//! out the sheet is in time-up by itself. He can also call time-up at every table at once,
//! and watch the round's tables on one monitor.
//!
//! The domain decides what the end of the time does ([`domain::sheet::run_out`]) and
//! whether an extension is allowed ([`domain::sheet::extend`]); this module reads the
//! clock, stores the marks and translates.
//!
//! **Reads and writes agree on a clock's time-up.** A read after the deadline derives the
//! time-up after the deals on the sheet ([`super::sheet::judge`]). Every write to a
//! table takes its lock and then, first of all, stores that same mark
//! ([`super::table_write::open`]), so nothing a write changes can come between the deadline
//! and the mark. Hence every deal on the sheet without a stored mark was entered before the
//! deadline, and "after the deals on the sheet" is "after the deals entered before the
//! deadline"; a request's work runs at one instant ([`crate::clock`]), so its deal's
//! stored `created_at` agrees. Reading the count instead of each deal's `created_at`
//! keeps the reads that poll a sheet free of timestamp queries.

use std::collections::HashMap;

use chrono::NaiveDateTime;

use super::access::{self, Need};
use super::table_clock::TableClock;
use super::table_write;
use super::validate::text;
use super::{audit, sheet, signatures};
use crate::auth::Caller;
use crate::db::models::{RoundRow, TournamentRow};
use crate::db::{self, DbConn};
use crate::domain_errors::clock_error;
use crate::error::ApiError;
use crate::extract::TEXT_LIMIT;
use crate::wire::clock::{
    ExtendTableRequest, MonitorTableView, RoundMonitorResponse, SeatPlayerView, rfc3339,
};
use crate::wire::sheet::SheetResponse;

/// A round of the calling organiser's own tournament.
fn organisers_round(
    conn: &mut DbConn,
    round_id: i64,
    caller: &Caller,
    need: Need,
) -> Result<(RoundRow, TournamentRow), ApiError> {
    access::organizer_only(caller)?;
    let round = db::rounds::find(conn, round_id)?.ok_or(ApiError::NotFound)?;
    // `Need::Write` reaches only the organiser's own tournaments, published or not: the
    // monitor is for the one who runs the round. The clock's changes are `Need::Change`.
    let tournament = access::tournament(conn, round.tournament_id, caller, need)?;
    Ok((round, tournament))
}

/// Starts round `round_id`'s clock now (organisers). Starting it again changes nothing and
/// answers the same; a closed round does not start. Answers the round's monitor.
pub fn start(
    conn: &mut DbConn,
    round_id: i64,
    caller: &Caller,
) -> Result<RoundMonitorResponse, ApiError> {
    let (round, tournament) = organisers_round(conn, round_id, caller, Need::Change)?;
    if round.started_at.is_none() {
        if round.closed {
            return Err(ApiError::conflict(
                "round_closed",
                format!("round {} is closed; its clock cannot start", round.number),
            ));
        }
        let at = super::now();
        if db::rounds::start(conn, round.id, at)? {
            audit::Change::new(tournament.id, caller, "round.start")
                .after(Some(
                    serde_json::json!({"round": round.number, "started_at": rfc3339(at)}),
                ))
                .record(conn)?;
        }
    }
    let round = db::rounds::find(conn, round_id)?.ok_or(ApiError::NotFound)?;
    monitor_of(conn, &tournament, &round)
}

/// Calls time-up at every table of round `round_id` where it is not up and the sheet is not
/// complete (organisers). A table whose sheet does not derive is left as it is; the monitor
/// the call answers names it.
pub fn time_up(
    conn: &mut DbConn,
    round_id: i64,
    caller: &Caller,
) -> Result<RoundMonitorResponse, ApiError> {
    let (round, tournament) = organisers_round(conn, round_id, caller, Need::Change)?;
    let mut tables = db::rounds::tables(conn, round.id)?;
    // Every writer that locks several tables takes them in id order, so two such writers
    // cannot wait for each other.
    tables.sort_by_key(|t| t.id);
    for table in &tables {
        // A sheet that does not derive is refused as a conflict naming its deal.
        let write = match table_write::open(conn, table.id, caller) {
            Ok(write) => write,
            Err(ApiError::Conflict { .. }) => continue,
            Err(e) => return Err(e),
        };
        // Already up (called, or the clock's, stored when the table was opened) or
        // complete: nothing to do. A family game's table has no playing time.
        let Ok(played) = write.before.table.time_up() else {
            continue;
        };
        let played = i32::try_from(played).unwrap_or(i32::MAX);
        db::tables::set_time_up(conn, table.id, Some(played))?;
        audit::Change::new(tournament.id, caller, "table.time_up")
            .at_table(table.id)
            .after(Some(
                serde_json::json!({"after_deals": played, "round": round.number}),
            ))
            .record(conn)?;
    }
    monitor_of(conn, &tournament, &round)
}

/// An extension's minutes and reason (trimmed), checked before the table is looked at.
pub fn check_extension(request: &ExtendTableRequest) -> Result<(u16, String), ApiError> {
    domain::sheet::check_extension(request.minutes).map_err(|e| clock_error(&e, || None))?;
    let reason = text("reason", &request.reason, TEXT_LIMIT).map_err(|e| {
        ApiError::unprocessable("invalid_body", "reason: a reason is needed", vec![e])
    })?;
    Ok((request.minutes, reason))
}

/// Gives table `table_id` `minutes` more (organisers), for `reason`. Answers the sheet.
pub fn extend(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    minutes: u16,
    reason: &str,
) -> Result<SheetResponse, ApiError> {
    access::organizer_only(caller)?;
    let mut write = table_write::open(conn, table_id, caller)?;
    let round = write.before.doppelkopf()?.round();
    let Some(clock) = write.before.clock else {
        return Err(write.conflict(
            "round_not_started",
            format!(
                "round {} has not started; its tables have no clock yet",
                write.ctx.round.number
            ),
        ));
    };
    let time_up = write
        .before
        .time_up_by
        .zip(write.before.table.time_up_after());
    let extension = domain::sheet::extend(
        clock.time,
        minutes,
        clock.elapsed(super::steady_now()),
        round,
        time_up,
    )
    .map_err(|e| clock_error(&e, || write.current()))?;
    let extra = i32::from(extension.time.extra_minutes());
    db::tables::set_extra_minutes(conn, table_id, extra, extension.lifts_time_up)?;
    write.ctx.table.extra_minutes = extra;
    if extension.lifts_time_up {
        write.ctx.table.time_up_after = None;
        write.ctx.table.time_up_by_clock = false;
        // The sheet takes deals again: the signatures under it no longer cover it.
        let signed = write.rows.signed(&write.ctx);
        signatures::clear(conn, &write.ctx, caller, &signed, "table.extend")?;
        write.rows.signatures.clear();
    }
    let (ctx, after) = write.after()?;
    let extended = TableClock {
        time: extension.time,
        ..clock
    };
    audit::Change::new(ctx.tournament.id, caller, "table.extend")
        .at_table(table_id)
        .reason(Some(reason))
        .before(Some(serde_json::json!({
            "extra_minutes": clock.time.extra_minutes(),
            "ends_at": rfc3339(clock.ends_at()),
        })))
        .after(Some(serde_json::json!({
            "minutes": minutes,
            "extra_minutes": extension.time.extra_minutes(),
            "ends_at": rfc3339(extended.ends_at()),
            "time_up_lifted": extension.lifts_time_up,
        })))
        .record(conn)?;
    Ok(after.sheet)
}

/// The monitor of round `round_id` (organisers).
pub fn monitor(
    conn: &mut DbConn,
    round_id: i64,
    caller: &Caller,
) -> Result<RoundMonitorResponse, ApiError> {
    let (round, tournament) = organisers_round(conn, round_id, caller, Need::Write)?;
    monitor_of(conn, &tournament, &round)
}

/// Every table of `round` from its sheet, derived as a reader of that sheet gets it. A
/// constant number of queries for the whole round, grouped in memory.
fn monitor_of(
    conn: &mut DbConn,
    tournament: &TournamentRow,
    round: &RoundRow,
) -> Result<RoundMonitorResponse, ApiError> {
    let tables = db::rounds::tables(conn, round.id)?;
    let table_ids: Vec<i64> = tables.iter().map(|t| t.id).collect();
    let mut stored = sheet::TablesRows::load(conn, &table_ids)?;
    let players = db::players::by_ids(conn, &stored.player_ids())?;
    let last_entered: HashMap<i64, NaiveDateTime> = db::deals::last_entered(conn, &table_ids)?
        .into_iter()
        .filter_map(|(table, at)| Some((table, at?)))
        .collect();

    let mut rows = Vec::with_capacity(tables.len());
    for table in tables {
        let entered = u16::try_from(stored.deal_count(table.id)).unwrap_or(u16::MAX);
        let last_entry_at = last_entered.get(&table.id).copied().map(rfc3339);
        let (ctx, derived) = stored.derive(&table, round, tournament, &players);
        rows.push(match derived {
            Ok(derived) => {
                let mut row = monitor_row(&derived.sheet, last_entry_at);
                // A deal thrown in (house rules, five nines) is one more deal than planned:
                // count against the round's last deal, so a complete sheet reads 25 / 25.
                if let Ok(round) = derived.round() {
                    let last = row.deals_entered.saturating_add(round.deals_left());
                    row.planned_deals = row.planned_deals.max(last);
                }
                row
            }
            Err(e) => MonitorTableView {
                table_id: table.id,
                table_number: table.number,
                table_size: u8::try_from(ctx.seats.len()).unwrap_or(0),
                deals_entered: entered,
                planned_deals: u16::try_from(table.planned_deals).unwrap_or(0),
                next_deal: None,
                next_dealer: None,
                pflichtsolo_owed: Vec::new(),
                forced_soloist: None,
                time_up: false,
                time_up_by: None,
                seconds_left: None,
                ends_at: None,
                last_entry_at,
                complete: false,
                signatures: 0,
                signed_by_all: false,
                adjusted: false,
                stopped: false,
                problem: Some(e.to_string()),
            },
        });
    }
    Ok(RoundMonitorResponse {
        round_id: round.id,
        round: round.number,
        started_at: round.started_at.map(rfc3339),
        closed: round.closed,
        tables: rows,
    })
}

/// A table's monitor row, read off its sheet.
fn monitor_row(sheet: &SheetResponse, last_entry_at: Option<String>) -> MonitorTableView {
    let at = |seat: u8| -> Option<SeatPlayerView> {
        sheet.players.iter().find(|p| p.seat == seat).cloned()
    };
    let next = sheet.next.as_ref();
    // A family table's deals and next deal are in its family part.
    let family = sheet.family.as_ref();
    let entered = family.map_or(sheet.deals.len(), |f| f.deals.len());
    MonitorTableView {
        table_id: sheet.table_id,
        table_number: sheet.table_number,
        table_size: sheet.table_size,
        deals_entered: u16::try_from(entered).unwrap_or(u16::MAX),
        planned_deals: sheet.planned_deals,
        next_deal: next
            .map(|n| n.number)
            .or_else(|| family.and_then(|f| f.next).map(|n| n.number)),
        next_dealer: next.and_then(|n| at(n.dealer)).or_else(|| {
            family
                .and_then(|f| f.next)
                .and_then(|n| at(n.dealer.unwrap_or(n.starter)))
        }),
        pflichtsolo_owed: sheet
            .pflichtsolo_owed
            .iter()
            .filter_map(|&s| at(s))
            .collect(),
        forced_soloist: next.and_then(|n| n.forced_soloist).and_then(at),
        time_up: sheet.time_up,
        time_up_by: sheet.time_up_by,
        seconds_left: sheet.clock.as_ref().map(|c| c.seconds_left),
        ends_at: sheet.clock.as_ref().map(|c| c.ends_at.clone()),
        last_entry_at,
        complete: sheet.complete,
        signatures: u8::try_from(sheet.signatures.len()).unwrap_or(u8::MAX),
        signed_by_all: sheet.signed_by_all,
        adjusted: sheet.adjusted.is_some(),
        stopped: sheet.stopped.is_some(),
        problem: None,
    }
}
