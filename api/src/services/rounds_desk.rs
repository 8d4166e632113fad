//! What the organiser's rounds page at the desk reads in one go (the plan as it stands,
//! every round with its tables, join codes, clock and quality), and the round actions it
//! takes that the API's handlers run inline (start, time-up, join codes). Each does what
//! the API's endpoint does, through the same functions.

use std::collections::HashMap;

use domain::seating::Quality;

use super::access::{self, Need};
use super::plans::{self, PlanView};
use super::{draw, join_codes, round_clock, tables, view, write};
use crate::auth::Caller;
use crate::db::models::RoundRow;
use crate::db::{self};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::clock::{MonitorTableView, RoundMonitorResponse};
use crate::wire::join_codes::{IssueJoinCodesRequest, RoundJoinCodesResponse, printed};

/// Everything the rounds page shows.
pub struct DeskRounds {
    /// The tournament.
    pub tournament: view::Tournament,
    /// Every registered player, in id order.
    pub roster: Vec<view::Player>,
    /// The plan as it stands, if there is one.
    pub plan: Option<PlanView>,
    /// The rounds in number order.
    pub rounds: Vec<DeskRound>,
    /// The number the next round gets.
    pub next: i32,
}

/// A round as the desk shows it.
pub struct DeskRound {
    /// The round.
    pub round: view::Round,
    /// Its tables in number order.
    pub tables: Vec<DeskTable>,
    /// Quality of the rounds up to and including this one.
    pub quality: Quality,
    /// Deals entered at its tables.
    pub deals: i64,
    /// Penalties recorded at its tables.
    pub penalties: i64,
    /// The tournament's last round (only that one may be deleted).
    pub last: bool,
}

/// A table of a round.
pub struct DeskTable {
    /// Id.
    pub id: i64,
    /// From 1.
    pub number: i32,
    /// Player ids in seat order.
    pub seats: Vec<i64>,
    /// Deals planned.
    pub planned_deals: i32,
    /// Its live join code as printed, if any.
    pub code: Option<String>,
    /// How play stands there (rounds not closed).
    pub monitor: Option<MonitorTableView>,
}

/// Tournament `id`'s rounds page, for its organiser.
pub async fn read(state: &AppState, caller: Caller, id: i64) -> Result<DeskRounds, ApiError> {
    state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Write)?;
            let roster = db::players::in_id_order(conn, id)?;
            let plan = match draw::stored(conn, id)? {
                Some(_) => Some(plans::view(conn, &tournament)?),
                None => None,
            };
            let rows = db::rounds::of_tournament(conn, id)?;
            let field = draw::Field::everyone(&roster)?;
            let mut history = Vec::with_capacity(rows.len());
            let mut rounds = Vec::with_capacity(rows.len());
            let last = rows.iter().map(|r| r.number).max();
            for row in rows {
                let seats = db::rounds::seats_of(conn, row.id)?;
                history.push(seats.clone());
                let quality = field.quality(&history);
                let table_rows = db::rounds::tables(conn, row.id)?;
                let ids: Vec<i64> = table_rows.iter().map(|t| t.id).collect();
                let mut codes: HashMap<i64, String> = HashMap::new();
                for code in db::join_codes::live_of_tables(conn, &ids)? {
                    codes.entry(code.table_id).or_insert(printed(&code.code));
                }
                let mut monitor: HashMap<i64, MonitorTableView> = if row.closed {
                    HashMap::new()
                } else {
                    round_clock::monitor(conn, row.id, &caller)?
                        .tables
                        .into_iter()
                        .map(|t| (t.table_id, t))
                        .collect()
                };
                let (deals, penalties) = db::rounds::entries(conn, row.id)?;
                let tables = table_rows
                    .into_iter()
                    .zip(seats)
                    .map(|(t, seats)| DeskTable {
                        id: t.id,
                        number: t.number,
                        seats,
                        planned_deals: t.planned_deals,
                        code: codes.remove(&t.id),
                        monitor: monitor.remove(&t.id),
                    })
                    .collect();
                rounds.push(DeskRound {
                    last: Some(row.number) == last,
                    round: view::Round::from(&row),
                    tables,
                    quality,
                    deals,
                    penalties,
                });
            }
            Ok(DeskRounds {
                next: db::rounds::next_number(conn, id)?,
                tournament: view::Tournament::from(&tournament),
                roster: view::players(&roster),
                plan,
                rounds,
            })
        })
        .await
}

/// Starts round `round_id`'s clock (`POST /rounds/{id}/start`); starting it again changes
/// nothing.
pub async fn start(
    state: &AppState,
    caller: Caller,
    round_id: i64,
) -> Result<RoundMonitorResponse, ApiError> {
    write::guarded(state, move |conn| {
        round_clock::start(conn, round_id, &caller)
    })
    .await
}

/// Calls time-up at every table of round `round_id` where it is not up and the sheet is
/// not complete (`POST /rounds/{id}/time-up`), or at its table `table` only
/// (`POST /tables/{id}/time-up`).
pub async fn time_up(
    state: &AppState,
    caller: Caller,
    round_id: i64,
    table: Option<i64>,
) -> Result<(), ApiError> {
    write::guarded(state, move |conn| {
        match table {
            None => {
                round_clock::time_up(conn, round_id, &caller)?;
            }
            Some(table_id) => {
                // A table of another round is not this round's to call.
                match db::tables::with_round(conn, table_id)? {
                    Some((_, round)) if round.id == round_id => {}
                    _ => return Err(ApiError::NotFound),
                }
                tables::time_up(conn, table_id, &caller)?;
            }
        }
        Ok(())
    })
    .await
}

/// Gives every table of round `round_id` without a live join code one
/// (`POST /rounds/{id}/join-codes` without a body): tables that have one keep it, so the
/// form sent twice issues nothing more.
pub async fn issue_join_codes(
    state: &AppState,
    caller: Caller,
    round_id: i64,
) -> Result<RoundJoinCodesResponse, ApiError> {
    write::guarded(state, move |conn| {
        join_codes::issue_for_round(conn, round_id, &caller, &IssueJoinCodesRequest::default())
    })
    .await
}

/// Round `round_id` of tournament `tournament_id`, which `caller` runs: not found
/// otherwise (a form of one tournament's page cannot act on another's round).
pub async fn of_tournament(
    state: &AppState,
    caller: Caller,
    tournament_id: i64,
    round_id: i64,
) -> Result<RoundRow, ApiError> {
    state
        .db
        .run(move |conn| {
            access::tournament(conn, tournament_id, &caller, Need::Write)?;
            db::rounds::find(conn, round_id)?
                .filter(|r| r.tournament_id == tournament_id)
                .ok_or(ApiError::NotFound)
        })
        .await
}
