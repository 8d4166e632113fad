//! What the organiser prints at the desk (A4 from the browser): a drawn round's tables with
//! their players in seat order and their live join codes (the table cards with the QR
//! code, the pre-filled score sheets, the name cards), and the standings as the hall sees
//! them. Only the tournament's organiser reads these: the codes open the tables.
//!
//! Everything printed hangs on a wall or lies on a table, so every player appears under
//! the name he asked to be shown by (`public_name`), as on the printed table list.

use std::collections::HashMap;

use super::access::{self, Need};
use super::{join_codes, standings, view, write};
use crate::auth::Caller;
use crate::db::models::{JoinCodeRow, PlayerRow, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::join_codes::{IssueJoinCodesRequest, printed};
use crate::wire::players::public_name;
use crate::wire::standings::StandingsResponse;

/// A drawn round as the printed pages need it.
#[derive(Debug, Clone)]
pub struct PrintedRound {
    /// The tournament.
    pub tournament: view::Tournament,
    /// The round.
    pub round: view::Round,
    /// Its tables in number order.
    pub tables: Vec<PrintedTable>,
}

/// One table of a drawn round.
#[derive(Debug, Clone)]
pub struct PrintedTable {
    /// The table's id.
    pub id: i64,
    /// Its number in the round.
    pub number: i32,
    /// The deals planned there (Pflichtsoli included).
    pub planned_deals: i32,
    /// Its players in seat order (position 1 first).
    pub players: Vec<PrintedPlayer>,
    /// Its live join code as printed (`KRC7-94QX`); `None` before one is issued.
    pub code: Option<String>,
}

/// A player as printed.
#[derive(Debug, Clone)]
pub struct PrintedPlayer {
    /// Start number.
    pub start_number: i32,
    /// The name he asked to be shown by.
    pub name: String,
    /// Club, if any.
    pub club: Option<String>,
}

impl PrintedPlayer {
    fn of(p: &PlayerRow) -> PrintedPlayer {
        PrintedPlayer {
            start_number: p.start_number,
            name: public_name(p).to_owned(),
            club: p.club.clone().filter(|c| !c.trim().is_empty()),
        }
    }
}

/// His own tournament `id` (anybody else's is not found, a captain is forbidden).
fn owned(conn: &mut DbConn, id: i64, caller: &Caller) -> Result<TournamentRow, ApiError> {
    access::organizer_only(caller)?;
    // For an organiser, `Need::Write` is exactly "his own": it takes no lock.
    access::tournament(conn, id, caller, Need::Write)
}

/// Round `number` of tournament `id` with its tables, players and live codes.
pub async fn round(
    state: &AppState,
    caller: Caller,
    id: i64,
    number: i32,
) -> Result<PrintedRound, ApiError> {
    state
        .db
        .run(move |conn| {
            let tournament = owned(conn, id, &caller)?;
            let round = db::rounds::by_number(conn, id, number)?.ok_or(ApiError::NotFound)?;
            let rows = db::rounds::tables(conn, round.id)?;
            let seats = db::rounds::seats_of(conn, round.id)?;
            let roster: HashMap<i64, PlayerRow> = db::players::in_id_order(conn, id)?
                .into_iter()
                .map(|p| (p.id, p))
                .collect();
            let ids: Vec<i64> = rows.iter().map(|t| t.id).collect();
            let mut live: HashMap<i64, JoinCodeRow> = HashMap::new();
            for row in db::join_codes::live_of_tables(conn, &ids)? {
                live.entry(row.table_id).or_insert(row);
            }
            // `seats_of` lists the tables in number order, as `tables` does.
            let tables = rows
                .iter()
                .zip(seats)
                .map(|(table, seated)| PrintedTable {
                    id: table.id,
                    number: table.number,
                    planned_deals: table.planned_deals,
                    players: seated
                        .iter()
                        .filter_map(|p| roster.get(p))
                        .map(PrintedPlayer::of)
                        .collect(),
                    code: live.get(&table.id).map(|row| printed(&row.code)),
                })
                .collect();
            Ok(PrintedRound {
                tournament: view::Tournament::from(&tournament),
                round: view::Round::from(&round),
                tables,
            })
        })
        .await
}

/// Gives every table of round `number` that has no live code one, as
/// `POST /api/v1/rounds/{id}/join-codes` without `renew` does: tables with a code keep it,
/// so sending the form twice issues nothing more. Returns how many were issued.
pub async fn issue_missing_codes(
    state: &AppState,
    caller: Caller,
    id: i64,
    number: i32,
) -> Result<usize, ApiError> {
    write::guarded(state, move |conn| {
        owned(conn, id, &caller)?;
        let round = db::rounds::by_number(conn, id, number)?.ok_or(ApiError::NotFound)?;
        let issued = join_codes::issue_for_round(
            conn,
            round.id,
            &caller,
            &IssueJoinCodesRequest::default(),
        )?;
        Ok(issued.tables.iter().filter(|t| t.issued_now).count())
    })
    .await
}

/// The standings of tournament `id` (all rounds, or round `round`), the players named as
/// the hall sees them, with the tournament.
pub async fn standings(
    state: &AppState,
    caller: Caller,
    id: i64,
    round: Option<u16>,
) -> Result<(TournamentRow, StandingsResponse), ApiError> {
    state
        .db
        .run(move |conn| {
            let tournament = owned(conn, id, &caller)?;
            // A round the tournament does not have is not found (not a bad request: the
            // page's links name only its rounds).
            if round.is_some_and(|r| r == 0 || i32::from(r) > tournament.rounds_planned) {
                return Err(ApiError::NotFound);
            }
            let mut answer = standings::json(conn, id, &caller, round)?;
            let shown: HashMap<i64, String> = db::players::in_id_order(conn, id)?
                .iter()
                .map(|p| (p.id, public_name(p).to_owned()))
                .collect();
            for row in &mut answer.standings {
                if let Some(name) = shown.get(&row.player_id) {
                    row.name.clone_from(name);
                }
            }
            Ok((tournament, answer))
        })
        .await
}
