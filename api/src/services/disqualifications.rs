//! Disqualification by the arbitration panel (TSR 9.7.2 c), recorded by an organiser with
//! the panel's reason and its decision on the player's results: `kept` (he stays in the
//! standings, marked) or `struck` (he is not ranked; the others keep what they scored in
//! the deals he played, since each sheet entry is a player's own). He is withdrawn at the
//! same time, so no later round seats him and a seating plan that still does is outdated.
//! His table of the round under way plays on (a substitute seated by reseating) or, as the
//! panel decides (`table: stops`), stops where it stands ([`super::table_stops`]), in the
//! same transaction: the tournament's lock first, the table's after, as every write that
//! takes both. Lifting it, again with a reason,
//! restores his results but leaves him withdrawn until the organiser takes the withdrawal
//! back (refused, 409 `player_disqualified`, while he is disqualified). Both are audited
//! and refused once the tournament is finished (it must be reopened first).

use super::access::{self, Need};
use super::{audit, now, table_stops, table_write, validate, write};
use crate::auth::Caller;
use crate::db::models::PlayerRow;
use crate::db::players as repo;
use crate::db::{DbConn, locks};
use crate::error::{ApiError, FieldError};
use crate::state::AppState;
use crate::wire::players::{DisqualifyRequest, PlayerResponse, results_struck, stops_table};

/// Player `id` with his tournament locked: a disqualification changes the field the
/// standings and the next draw read.
fn locked(conn: &mut DbConn, id: i64, caller: &Caller) -> Result<PlayerRow, ApiError> {
    let tournament = repo::find(conn, id)?
        .ok_or(ApiError::NotFound)?
        .tournament_id;
    access::tournament(conn, tournament, caller, Need::Change)?;
    locks::lock_tournament(conn, tournament)?;
    repo::find(conn, id)?.ok_or(ApiError::NotFound)
}

/// The reason, required: a disqualification moves the standings and the draw.
fn reason(reason: &str) -> Result<String, ApiError> {
    validate::required_reason(reason, "a disqualification needs the panel's reason")
}

/// Whether the results are struck: `kept` or `struck`, nothing else.
fn struck(results: &str) -> Result<bool, ApiError> {
    results_struck(results).ok_or_else(|| {
        ApiError::unprocessable(
            "invalid_body",
            "results: kept or struck",
            vec![FieldError::new(
                "results",
                "unknown_value",
                "kept or struck",
            )],
        )
    })
}

/// Whether his table stops: `plays_on` or `stops`, nothing else.
fn table_stops_word(table: &str) -> Result<bool, ApiError> {
    stops_table(table).ok_or_else(|| {
        ApiError::unprocessable(
            "invalid_body",
            "table: plays_on or stops",
            vec![FieldError::new(
                "table",
                "unknown_value",
                "plays_on or stops",
            )],
        )
    })
}

/// Stops player `player`'s table in the round under way (the earliest round not closed
/// that seats him) for the panel's reason `why`; a 409 `no_table_in_play` naming `table`
/// when no such table exists, and the table's own refusal (complete, set result) when it
/// has nothing to stop: the disqualification then changes nothing either.
fn stop_his_table(
    conn: &mut DbConn,
    caller: &Caller,
    player: i64,
    why: &str,
) -> Result<(), ApiError> {
    let table = crate::db::tables::of_player(conn, player)?
        .into_iter()
        .filter(|(_, round)| !round.closed)
        .min_by_key(|(_, round)| round.number)
        .map(|(table, _)| table.id)
        .ok_or_else(|| {
            let detail = "he sits at no table of a round under way: there is no table to stop";
            ApiError::Refused {
                code: "no_table_in_play",
                errors: vec![FieldError::new("table", "no_table_in_play", detail)],
                detail: detail.to_owned(),
                current: None,
            }
        })?;
    let write = table_write::open(conn, table, caller)?;
    table_stops::stop_open(conn, write, caller, why).map(drop)
}

/// Player `before` as he is after `action`, audited with the reason `why`.
fn changed(
    conn: &mut DbConn,
    caller: &Caller,
    action: &'static str,
    before: PlayerRow,
    why: &str,
) -> Result<PlayerRow, ApiError> {
    let after = repo::find(conn, before.id)?.ok_or(ApiError::NotFound)?;
    audit::Change::new(before.tournament_id, caller, action)
        .reason(Some(why))
        .before(serde_json::to_value(PlayerResponse::from(before)).ok())
        .after(serde_json::to_value(PlayerResponse::from(after.clone())).ok())
        .record(conn)?;
    Ok(after)
}

/// Disqualifies player `id` (organisers of his tournament).
pub async fn disqualify(
    state: &AppState,
    caller: Caller,
    id: i64,
    request: DisqualifyRequest,
) -> Result<PlayerResponse, ApiError> {
    let why = reason(&request.reason)?;
    let struck = struck(request.results.trim())?;
    let stops = table_stops_word(request.table.trim())?;
    let row = write::guarded(state, move |conn| {
        let before = locked(conn, id, &caller)?;
        if before.disqualified_at.is_some() {
            return Err(ApiError::Conflict {
                code: "already_disqualified",
                detail: format!("player {id} is disqualified already; lift it first to change it"),
                current: serde_json::to_value(PlayerResponse::from(before)).ok(),
            });
        }
        repo::set_disqualification(conn, id, Some((now(), &why, struck)))?;
        if stops {
            stop_his_table(conn, &caller, id, &why)?;
        }
        changed(conn, &caller, "player.disqualify", before, &why)
    })
    .await?;
    Ok(row.into())
}

/// Lifts player `id`'s disqualification (organisers of his tournament); one without is
/// answered as he is.
pub async fn lift(
    state: &AppState,
    caller: Caller,
    id: i64,
    reason_given: &str,
) -> Result<PlayerResponse, ApiError> {
    let why = reason(reason_given)?;
    let row = write::guarded(state, move |conn| {
        let before = locked(conn, id, &caller)?;
        if before.disqualified_at.is_none() {
            return Ok(before);
        }
        repo::set_disqualification(conn, id, None)?;
        changed(conn, &caller, "player.disqualify.remove", before, &why)
    })
    .await?;
    Ok(row.into())
}
