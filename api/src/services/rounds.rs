//! Rounds: created from explicit tables, drawn, or taken from the tournament's plan;
//! changed by hand before they start; closed when play ends; the last one deleted to draw
//! it again. The draw itself is [`super::draw`]'s; this checks, stores and logs.
//!
//! The day's order (`domain::day`): a round is drawn when the one before is closed, and
//! closed when every table is complete; the organiser may override either, explicitly
//! (`early`, `force`), and the audit log says so.

use std::collections::HashSet;

use actix_web::{HttpRequest, HttpResponse};
use domain::day;
use domain::game::{Game, RoundLength};
use domain::table::TableSheet;

use super::access::{self, Need};
use super::codes::seed_or_new;
use super::table_write;
use super::validate::invalid;
use super::write::{self, ahead, keyed, once, replied};
use super::{audit, draw, idempotency, now, view};
use crate::auth::Caller;
use crate::db::models::{PlayerRow, RoundRow, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::{ApiError, FieldError};
use crate::state::AppState;
use crate::wire::clock::rfc3339;
use crate::wire::rounds::{
    CloseRoundRequest, CreateRoundRequest, CreatedRoundResponse, DrawRequest, DrawResponse,
    IncompleteTable, ReseatRequest, ReseatResponse, RoundResponse, SeatChangeBody, TableResponse,
};

/// The stored draw of a round, if it was drawn.
fn stored_draw(round: &RoundRow) -> Option<DrawResponse> {
    Some(DrawResponse {
        method: round.draw_method.clone()?,
        seed: round.draw_seed.clone().unwrap_or_default(),
        quality: None,
    })
}

/// A round as the API shows it, its tables read back.
fn round_response(conn: &mut DbConn, round: &RoundRow) -> Result<RoundResponse, ApiError> {
    Ok(RoundResponse {
        id: round.id,
        number: round.number,
        closed: round.closed,
        started_at: round.started_at.map(rfc3339),
        tables: tables_of(conn, round.id)?,
        draw: stored_draw(round),
    })
}

/// A round's tables with their seats.
fn tables_of(conn: &mut DbConn, round_id: i64) -> Result<Vec<TableResponse>, ApiError> {
    let tables = db::rounds::tables(conn, round_id)?;
    let mut answer = Vec::with_capacity(tables.len());
    for table in tables {
        answer.push(TableResponse {
            id: table.id,
            number: table.number,
            seats: db::tables::seats(conn, table.id)?,
            planned_deals: table.planned_deals,
        });
    }
    Ok(answer)
}

/// The deals planned at a table of `seats`: the tournament's for a Doppelkopf table, the
/// game's own for a family table (Doppeldoppel one per player; 0 for Doublehead Kids, played
/// until a player reaches the Golden Coins).
fn planned_deals(tournament: &TournamentRow, seats: &[i64]) -> i32 {
    let planned = if seats.len() == 5 {
        tournament.deals_five
    } else {
        tournament.deals_four
    };
    let length = u8::try_from(seats.len()).ok().and_then(|players| {
        let planned = u16::try_from(planned).ok()?;
        tournament.game.round_length(players, planned).ok()
    });
    match length {
        Some(RoundLength::Deals(deals)) => i32::from(deals),
        Some(RoundLength::UntilGoldenCoins(_)) => 0,
        None => planned,
    }
}

fn round_row(conn: &mut DbConn, id: i64) -> Result<RoundRow, ApiError> {
    db::rounds::find(conn, id)?.ok_or(ApiError::NotFound)
}

fn check_tables(tables: &[Vec<i64>], roster: &[PlayerRow], game: Game) -> Result<(), ApiError> {
    let mut errors = Vec::new();
    let mut seen = HashSet::new();
    if tables.is_empty() {
        errors.push(FieldError::new(
            "tables",
            "required",
            "a round needs at least one table",
        ));
    }
    for (t, seats) in tables.iter().enumerate() {
        if !u8::try_from(seats.len()).is_ok_and(|players| game.plays_at(players)) {
            let sizes: Vec<String> = game.table_sizes().iter().map(u8::to_string).collect();
            errors.push(FieldError::new(
                format!("tables[{t}]"),
                "wrong_table_size",
                format!(
                    "a table has {} players, got {}",
                    sizes.join(" or "),
                    seats.len()
                ),
            ));
        }
        for (s, player) in seats.iter().enumerate() {
            let field = format!("tables[{t}][{s}]");
            match roster.iter().find(|p| p.id == *player) {
                None => errors.push(FieldError::new(
                    field,
                    "unknown_player",
                    format!("player {player} is not in this tournament"),
                )),
                Some(p) if p.withdrawn => errors.push(FieldError::new(
                    field,
                    "withdrawn",
                    format!("player {player} has withdrawn"),
                )),
                Some(_) if !seen.insert(*player) => errors.push(FieldError::new(
                    field,
                    "duplicate_player",
                    format!("player {player} sits at two places"),
                )),
                Some(_) => {}
            }
        }
    }
    invalid(errors)
}

/// The draw a request asks for, with its seed; `None` for explicit tables.
fn requested_draw(
    tables: Option<&Vec<Vec<i64>>>,
    draw: Option<DrawRequest>,
) -> Result<Option<(draw::Method, String)>, ApiError> {
    match (tables, draw) {
        (Some(_), None) => Ok(None),
        (None, Some(d)) => {
            let method = draw::Method::parse(&d.method)?;
            if method == draw::Method::Planned && d.seed.is_some() {
                return Err(ApiError::field(
                    "invalid_body",
                    "draw.seed",
                    "not_allowed",
                    "a planned round uses the plan's seed",
                ));
            }
            let seed = seed_or_new(d.seed, "draw.seed")?;
            Ok(Some((method, seed)))
        }
        _ => Err(draw::one_of()),
    }
}

/// Creates the tournament's next round from explicit tables or a draw; answers 201 with it
/// (or what an earlier request with the same `Idempotency-Key` got).
pub async fn create_round(
    state: &AppState,
    req: &HttpRequest,
    caller: Caller,
    id: i64,
    body: CreateRoundRequest,
) -> Result<HttpResponse, ApiError> {
    let key = idempotency::key(req, &caller)?;
    Ok(replied(
        create_round_keyed(state, key, caller, id, body).await?,
    ))
}

/// Creates the next round as [`create_round`] does, under `key` (the desk's form carries
/// its own, see [`idempotency::form_key`]); answers what was stored.
pub async fn create_round_keyed(
    state: &AppState,
    key: Option<idempotency::Key>,
    caller: Caller,
    id: i64,
    body: CreateRoundRequest,
) -> Result<idempotency::Seen, ApiError> {
    let CreateRoundRequest {
        tables,
        draw,
        early,
    } = body;
    let draw = requested_draw(tables.as_ref(), draw)?;
    // An avoid_repeats round of a small field can take a few hundred milliseconds of CPU;
    // inside the write transaction that would hold SQLite's single writer (and the captains
    // still entering the last round) that long. So draw it from a read first, and use it
    // in the transaction only if what it was drawn from is unchanged.
    let computed_ahead = match &draw {
        Some((draw::Method::AvoidRepeats, seed)) => {
            let seed = seed.clone();
            ahead(state, &caller, id, draw::inputs, move |inputs| {
                draw::avoid_repeats(inputs, &seed).ok()
            })
            .await
        }
        _ => None,
    };
    let audit_caller = caller.clone();
    keyed(state, key, 201, move |conn| {
        // The tournament's deals per round go onto the new tables and its rounds decide
        // the number: a change of its settings must wait for this round, or this for it,
        // so that the change re-plans the round or the round is built on the change.
        db::locks::lock_tournament(conn, id)?;
        let tournament = access::tournament(conn, id, &audit_caller, Need::Change)?;
        let inputs = draw::inputs(conn, &tournament)?;
        let (number, roster) = (inputs.number, &inputs.roster);
        if number > tournament.rounds_planned {
            return Err(ApiError::conflict(
                "all_rounds_created",
                format!("all {} planned rounds exist", tournament.rounds_planned),
            ));
        }
        // What the request got wrong (422) comes before what stands in its way (409).
        if let Some(tables) = &tables {
            check_tables(tables, roster, tournament.game)?;
        }
        let open = open_before(conn, id, number)?;
        if !open.is_empty() && !early {
            return Err(ApiError::refused(
                "earlier_round_open",
                format!(
                    "round(s) {} still open; close them first (POST /rounds/{{id}}/close), \
                     or send \"early\": true to create round {number} anyway",
                    list(&open)
                ),
                "early",
                serde_json::json!({ "open_rounds": open }),
            ));
        }
        let (tables, drawn) = match (tables, draw) {
            (Some(tables), _) => (tables, None),
            (None, Some((method, seed))) => {
                let ahead = computed_ahead
                    .filter(|(drawn_from, _)| *drawn_from == inputs)
                    .map(|(_, round)| round);
                let drawn = draw::draw(conn, &tournament, &inputs, method, &seed, ahead)?;
                (drawn.tables, Some((method, drawn.seed, drawn.quality)))
            }
            (None, None) => return Err(draw::one_of()),
        };
        check_tables(&tables, roster, tournament.game)?;
        let stored = drawn.as_ref().map(|(m, s, _)| (m.as_str(), s.as_str()));
        let round = db::rounds::insert(conn, id, number, stored, now())?;
        for (t, seats) in tables.iter().enumerate() {
            let table_number = i32::try_from(t + 1).unwrap_or(i32::MAX);
            let planned = planned_deals(&tournament, seats);
            let table_id = db::rounds::insert_table(conn, round.id, table_number, planned)?;
            db::rounds::insert_seats(conn, table_id, seats)?;
        }
        let (left_out, seated_not_checked_in) = attendance(roster, &tables);
        let named = view::players(roster);
        let answer = CreatedRoundResponse {
            round: RoundResponse {
                draw: drawn.map(|(method, seed, quality)| DrawResponse {
                    method: method.as_str().to_owned(),
                    seed,
                    quality: Some(quality.into()),
                }),
                ..round_response(conn, &round)?
            },
            left_out: draw::refs(&named, &left_out),
            seated_not_checked_in: draw::refs(&named, &seated_not_checked_in),
        };
        let mut after = serde_json::to_value(&answer).ok();
        let reason = (!open.is_empty()).then(|| {
            if let Some(serde_json::Value::Object(fields)) = after.as_mut() {
                fields.insert("created_while_open".to_owned(), serde_json::json!(open));
            }
            format!("created early: round {} still open", list(&open))
        });
        audit::Change::new(id, &audit_caller, "round.create")
            .after(after)
            .reason(reason.as_deref())
            .record(conn)?;
        Ok(answer)
    })
    .await
}

/// The tournament's rounds before round `next` that are still open.
fn open_before(conn: &mut DbConn, tournament_id: i64, next: i32) -> Result<Vec<i32>, ApiError> {
    let rounds: Vec<(i32, bool)> = db::rounds::of_tournament(conn, tournament_id)?
        .iter()
        .map(|r| (r.number, r.closed))
        .collect();
    Ok(day::open_before(&rounds, next))
}

/// Numbers for a message: "1, 2".
fn list<T: std::fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Who a round of `tables` leaves out (players not withdrawn without a seat), and whom it
/// seats although check-in has started and they are not checked in.
fn attendance(roster: &[PlayerRow], tables: &[Vec<i64>]) -> (Vec<i64>, Vec<i64>) {
    let now = day::attendance(&draw::entrants(roster));
    let seated: HashSet<i64> = tables.iter().flatten().copied().collect();
    let left_out = roster
        .iter()
        .filter(|p| !p.withdrawn && !seated.contains(&p.id))
        .map(|p| p.id)
        .collect();
    let not_checked_in = now
        .not_checked_in
        .into_iter()
        .filter(|id| seated.contains(id))
        .collect();
    (left_out, not_checked_in)
}

/// The tournament's rounds with their tables.
pub async fn list_rounds(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<Vec<RoundResponse>, ApiError> {
    state
        .db
        .run(move |conn| {
            access::tournament(conn, id, &caller, Need::Read)?;
            let rows = db::rounds::of_tournament(conn, id)?;
            rows.iter()
                .map(|round| round_response(conn, round))
                .collect()
        })
        .await
}

/// Closes round `id`: captains can no longer enter or correct. Refused with 409
/// `round_incomplete`, listing the tables not complete, unless `force`; a forced close is
/// audited with them. Closing a closed round answers it as it is.
pub async fn close_round(
    state: &AppState,
    caller: Caller,
    id: i64,
    request: CloseRoundRequest,
) -> Result<RoundResponse, ApiError> {
    write::guarded(state, move |conn| {
        let round = round_row(conn, id)?;
        access::tournament(conn, round.tournament_id, &caller, Need::Change)?;
        if round.closed {
            return round_response(conn, &round);
        }
        let incomplete = incomplete_tables(conn, &caller, round.id)?;
        let numbers: Vec<i32> = incomplete.iter().map(|t| t.table_number).collect();
        if !incomplete.is_empty() && !request.force {
            return Err(ApiError::refused(
                "round_incomplete",
                format!(
                    "round {}: table(s) {} are not complete; let them finish (or call \
                         time-up), or send \"force\": true to close anyway",
                    round.number,
                    list(&numbers)
                ),
                "force",
                serde_json::json!({"round": round.number, "incomplete": incomplete}),
            ));
        }
        db::rounds::close(conn, id)?;
        let reason = (!incomplete.is_empty()).then(|| {
            format!(
                "closed by force with table(s) {} not complete",
                list(&numbers)
            )
        });
        audit::Change::new(round.tournament_id, &caller, "round.close")
            .after(Some(serde_json::json!({
                "round": round.number,
                "forced": !incomplete.is_empty(),
                "incomplete": incomplete,
            })))
            .reason(reason.as_deref())
            .record(conn)?;
        round_response(
            conn,
            &RoundRow {
                closed: true,
                ..round
            },
        )
    })
    .await
}

/// The tables of round `round_id` whose sheet is not complete, in number order. Each
/// table is locked as a deal entry locks it, one after the other in number order (no
/// writer holds two), so a deal being entered either is on the sheet read here or finds
/// the round closed.
fn incomplete_tables(
    conn: &mut DbConn,
    caller: &Caller,
    round_id: i64,
) -> Result<Vec<IncompleteTable>, ApiError> {
    let mut sheets = Vec::new();
    for table in db::rounds::tables(conn, round_id)? {
        let write = table_write::open(conn, table.id, caller)?;
        sheets.push((table, write.before));
    }
    let tables: Vec<(usize, &TableSheet)> = sheets
        .iter()
        .enumerate()
        .map(|(i, (_, judged))| (i, &judged.table))
        .collect();
    Ok(day::incomplete(&tables)
        .into_iter()
        .filter_map(|i| sheets.get(i))
        .map(|(table, derived)| IncompleteTable {
            table_id: table.id,
            table_number: table.number,
            deals: derived.table.deal_count(),
            planned_deals: table.planned_deals,
            deals_left: derived.table.deals_left(),
            time_up: derived.table.is_time_up(),
            pflichtsolo_owed: derived.table.pflichtsolo_owed(),
        })
        .collect())
}

/// Refuses changes to a round that has begun: a deal or penalty at one of its tables, or
/// closed.
fn not_started(conn: &mut DbConn, round: &RoundRow) -> Result<(), ApiError> {
    let (entered, penalised) = db::rounds::entries(conn, round.id)?;
    if round.closed || entered > 0 || penalised > 0 {
        return Err(ApiError::conflict(
            "round_started",
            format!(
                "round {} has begun ({entered} deal(s), {penalised} penalty(ies) entered{}); \
                 its seats can no longer change",
                round.number,
                if round.closed { ", closed" } else { "" }
            ),
        ));
    }
    Ok(())
}

/// The changes of a request in the draw's terms, or a 422 naming every malformed one.
fn seat_changes(changes: Vec<SeatChangeBody>) -> Result<Vec<draw::Change>, ApiError> {
    let mut errors = Vec::new();
    if changes.is_empty() {
        errors.push(FieldError::new(
            "changes",
            "required",
            "at least one change",
        ));
    }
    let changes: Vec<draw::Change> = changes
        .into_iter()
        .enumerate()
        .filter_map(|(i, change)| match change {
            SeatChangeBody::Swap { players } => match players[..] {
                [a, b] if a != b => Some(draw::Change::Swap(a, b)),
                _ => {
                    errors.push(FieldError::new(
                        format!("changes[{i}].players"),
                        "invalid_value",
                        "two different player ids",
                    ));
                    None
                }
            },
            SeatChangeBody::Move {
                player,
                table,
                seat,
            } => Some(draw::Change::Move(player, table, seat)),
            SeatChangeBody::Remove { player } => Some(draw::Change::Remove(player)),
        })
        .collect();
    invalid(errors)?;
    Ok(changes)
}

/// Applies hand changes to round `id` before it starts (or, for a dry run, only shows
/// them); answers 200 with the seats and the quality before and after, once per
/// `Idempotency-Key`.
pub async fn reseat_round(
    state: &AppState,
    req: &HttpRequest,
    caller: Caller,
    id: i64,
    body: ReseatRequest,
) -> Result<HttpResponse, ApiError> {
    let ReseatRequest { changes, dry_run } = body;
    let changes = Wanted::Changes(seat_changes(changes)?);
    let acting = caller.clone();
    once(state, req, &caller, 200, move |conn| {
        reseating(conn, &acting, id, changes, dry_run)
    })
    .await
}

/// What a hand change asks for: changes in order (the API), or the round's tables as they
/// should be, by start number (the desk's form, one line a table).
pub enum Wanted {
    /// The changes, checked by `seat_changes`.
    Changes(Vec<draw::Change>),
    /// Per table the start numbers in seat order.
    Tables(Vec<Vec<i32>>),
}

/// Reseats round `id` to the tables the desk's form typed (start numbers, one list a
/// table), or with `dry_run` only shows the result and its quality. Tables that are as
/// typed already change nothing, so a form sent twice does no harm; nothing to change
/// answers as a dry run.
pub async fn reseat_to_tables(
    state: &AppState,
    caller: Caller,
    id: i64,
    tables: Vec<Vec<i32>>,
    dry_run: bool,
) -> Result<ReseatResponse, ApiError> {
    write::guarded(state, move |conn| {
        reseating(conn, &caller, id, Wanted::Tables(tables), dry_run)
    })
    .await
}

/// The changes that turn `before` into `target` (start numbers per table): the players no
/// longer seated leave, then every player goes to his seat in table and seat order (each
/// move leaves the seats already placed as they are). 422 naming the start numbers not
/// in the tournament, or seated twice, and a count of tables other than the round's.
fn changes_to(
    roster: &[PlayerRow],
    before: &[Vec<i64>],
    target: &[Vec<i32>],
) -> Result<Vec<draw::Change>, ApiError> {
    let mut errors = Vec::new();
    if target.len() != before.len() {
        errors.push(FieldError::new(
            "tables",
            "wrong_table_count",
            format!(
                "the round has {} tables, {} were given",
                before.len(),
                target.len()
            ),
        ));
    }
    let mut seen = HashSet::new();
    let mut wanted: Vec<Vec<i64>> = Vec::with_capacity(target.len());
    for (t, numbers) in target.iter().enumerate() {
        let mut table = Vec::with_capacity(numbers.len());
        for (s, number) in numbers.iter().enumerate() {
            let field = format!("tables[{t}][{s}]");
            match roster.iter().find(|p| p.start_number == *number) {
                None => errors.push(FieldError::new(
                    field,
                    "unknown_player",
                    format!("no player has start number {number}"),
                )),
                Some(p) if !seen.insert(p.id) => errors.push(FieldError::new(
                    field,
                    "duplicate_player",
                    format!("start number {number} sits at two places"),
                )),
                Some(p) => table.push(p.id),
            }
        }
        wanted.push(table);
    }
    invalid(errors)?;
    if wanted == before {
        return Ok(Vec::new());
    }
    let mut changes: Vec<draw::Change> = before
        .iter()
        .flatten()
        .filter(|id| !seen.contains(id))
        .map(|&id| draw::Change::Remove(id))
        .collect();
    for (t, table) in wanted.iter().enumerate() {
        for (s, &player) in table.iter().enumerate() {
            let number = |n: usize| i32::try_from(n + 1).unwrap_or(i32::MAX);
            changes.push(draw::Change::Move(player, number(t), Some(number(s))));
        }
    }
    Ok(changes)
}

/// Reseats round `id` (see [`reseat_round`]) inside the write's transaction.
fn reseating(
    conn: &mut DbConn,
    caller: &Caller,
    id: i64,
    wanted: Wanted,
    dry_run: bool,
) -> Result<ReseatResponse, ApiError> {
    // Tournament first, then the round's tables, the order every writer takes: a
    // deals-per-round change cannot slip between reading the settings and writing the
    // tables, and no deal can be entered between "not started" and the new seats.
    db::locks::lock_tournament_of_round(conn, id)?;
    let round = round_row(conn, id)?;
    let tournament = access::tournament(conn, round.tournament_id, caller, Need::Change)?;
    db::locks::lock_round_tables(conn, round.id)?;
    not_started(conn, &round)?;
    let roster = db::players::in_id_order(conn, tournament.id)?;
    let history = db::rounds::history(conn, tournament.id, round.number)?;
    let before = db::rounds::seats_of(conn, round.id)?;
    let changes = match wanted {
        Wanted::Changes(changes) => changes,
        Wanted::Tables(target) => changes_to(&roster, &before, &target)?,
    };
    // Tables already as asked: nothing to store.
    let dry_run = dry_run || changes.is_empty();
    let reseated = draw::reseat(tournament.game, &roster, &history, &before, &changes)?;
    let table_rows = db::rounds::tables(conn, round.id)?;
    if !dry_run {
        for ((row, old), new) in table_rows.iter().zip(&before).zip(&reseated.tables) {
            if old != new {
                db::rounds::reseat_table(conn, row.id, new, planned_deals(&tournament, new))?;
            }
        }
        audit::Change::new(tournament.id, caller, "round.reseat")
            .before(Some(
                serde_json::json!({"round": round.number, "tables": before}),
            ))
            .after(Some(
                serde_json::json!({"round": round.number, "tables": reseated.tables}),
            ))
            .record(conn)?;
    }
    let tables = table_rows
        .iter()
        .zip(&reseated.tables)
        .map(|(row, seats)| TableResponse {
            id: row.id,
            number: row.number,
            planned_deals: planned_deals(&tournament, seats),
            seats: seats.clone(),
        })
        .collect();
    Ok(ReseatResponse {
        round: RoundResponse {
            id: round.id,
            number: round.number,
            closed: round.closed,
            started_at: round.started_at.map(rfc3339),
            tables,
            draw: stored_draw(&round),
        },
        applied: !dry_run,
        quality_before: reseated.before.into(),
        quality_after: reseated.after.into(),
    })
}

/// Deletes round `id` with its tables and join codes, if it is the tournament's last and
/// has not begun.
pub async fn delete_round(state: &AppState, caller: Caller, id: i64) -> Result<(), ApiError> {
    write::guarded(state, move |conn| {
        // Which rounds exist is the tournament's: lock it as a round's creation does
        // (a twin deletion waits, then finds no round).
        db::locks::lock_tournament_of_round(conn, id)?;
        let round = round_row(conn, id)?;
        let tournament = access::tournament(conn, round.tournament_id, &caller, Need::Change)?;
        // A deal being entered at one of its tables finishes first (and then the round
        // has begun) or finds the table gone: never a deal without its table.
        db::locks::lock_round_tables(conn, round.id)?;
        let later = db::rounds::count_after(conn, tournament.id, round.number)?;
        if later > 0 {
            return Err(ApiError::conflict(
                "not_last_round",
                format!(
                    "only the last round can be deleted; round {} is not",
                    round.number
                ),
            ));
        }
        not_started(conn, &round)?;
        let before = db::rounds::seats_of(conn, round.id)?;
        db::rounds::delete(conn, round.id)?;
        audit::Change::new(tournament.id, &caller, "round.delete")
            .before(Some(
                serde_json::json!({"round": round.number, "tables": before}),
            ))
            .record(conn)?;
        Ok(())
    })
    .await
}

/// What the printed table list of a round shows.
pub struct TableList {
    /// The tournament.
    pub tournament: view::Tournament,
    /// The round.
    pub round: view::Round,
    /// Every registered player.
    pub roster: Vec<view::Player>,
    /// The round's tables: player ids in seat order.
    pub seats: Vec<Vec<i64>>,
    /// Per table in number order: its number and the deals planned there.
    pub planned: Vec<(i32, i32)>,
    /// Quality of the rounds up to this one.
    pub quality: domain::seating::Quality,
}

/// The table list of round `number` of tournament `id`, as `caller` may read it.
pub async fn table_list(
    state: &AppState,
    caller: Caller,
    id: i64,
    number: i32,
) -> Result<TableList, ApiError> {
    state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Read)?;
            let round = db::rounds::by_number(conn, id, number)?.ok_or(ApiError::NotFound)?;
            let roster = db::players::in_id_order(conn, id)?;
            let mut rounds = db::rounds::history(conn, id, number)?;
            let seats = db::rounds::seats_of(conn, round.id)?;
            rounds.push(seats.clone());
            let quality = draw::Field::everyone(&roster)?.quality(&rounds);
            let planned = db::rounds::tables(conn, round.id)?
                .into_iter()
                .map(|t| (t.number, t.planned_deals))
                .collect();
            Ok(TableList {
                tournament: view::Tournament::from(&tournament),
                round: view::Round::from(&round),
                roster: view::players(&roster),
                seats,
                planned,
                quality,
            })
        })
        .await
}
