//! What the hall's pages read that the JSON API has no single answer for: the tournaments
//! on the start page, a table's sheet found by round and table number, the players, one
//! player's rounds with his running total, and the standings as the pages show them (with
//! the version the live fragment is tagged with). Same access as the API
//! ([`super::access`]): a published tournament is public, an organiser reads his own.
//!
//! Every player appears under the name he asked to be shown under, whoever reads: the pages
//! are what hangs in the hall and on the projector, and the organiser's preview must show
//! exactly that.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::NaiveDate;

use super::access::{self, Need};
use super::{live, sheet, view};
use crate::auth::Caller;
use crate::db::models::{PlayerRow, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::clock::SeatPlayerView;
use crate::wire::players::{PublicPlayerResponse, public_name};
use crate::wire::sheet::SheetResponse;
use crate::wire::standings::StandingsResponse;

/// A tournament on the start page.
#[derive(Debug, Clone)]
pub struct Listed {
    /// The tournament.
    pub tournament: view::Tournament,
    /// Held today or later: one the hall follows now or soon.
    pub current: bool,
}

/// The tournaments the caller may read, current ones first: today's and the coming ones
/// by date (the nearest first), then the past ones, the latest first. "Today" is the
/// service's UTC day.
pub async fn tournaments(state: &AppState, caller: Caller) -> Result<Vec<Listed>, ApiError> {
    let organizer = match caller {
        Caller::Organizer(me) => Some(me),
        Caller::Captain { .. } | Caller::Public => None,
    };
    state
        .db
        .run(move |conn| {
            let rows = db::tournaments::visible(conn, organizer)?;
            Ok(current_first(rows, super::now().date()))
        })
        .await
}

/// `rows` (by date, ascending) with those from `today` on first, then the past ones in
/// reverse.
fn current_first(rows: Vec<TournamentRow>, today: NaiveDate) -> Vec<Listed> {
    let (coming, mut past): (Vec<_>, Vec<_>) = rows.into_iter().partition(|t| t.held_on >= today);
    past.reverse();
    coming
        .into_iter()
        .map(|tournament| Listed {
            tournament: view::Tournament::from(&tournament),
            current: true,
        })
        .chain(past.into_iter().map(|tournament| Listed {
            tournament: view::Tournament::from(&tournament),
            current: false,
        }))
        .collect()
}

/// The standings as the pages show them, and their version (the live cache's, see
/// [`super::live`]), which tags the live fragment (`ETag`): a watcher polling with
/// `If-None-Match` gets an empty 304 while nothing changed.
#[derive(Debug, Clone)]
pub struct PageStandings {
    /// The version, as the `ETag` quotes it.
    pub version: String,
    /// The standings as the API answers the caller.
    pub standings: Arc<StandingsResponse>,
    /// The names the pages show instead, by player id, where the API gave the caller
    /// more (the organiser's full names); empty for everybody else.
    pub public_names: HashMap<i64, String>,
}

impl PageStandings {
    /// The name the pages show for the row of `player_id` that the API named `name`.
    pub fn name<'a>(&'a self, player_id: i64, name: &'a str) -> &'a str {
        self.public_names
            .get(&player_id)
            .map_or(name, String::as_str)
    }
}

/// The standings of tournament `id` for the pages, if the caller may read them: the
/// public's from the live cache (a hall full of phones costs one computation per change),
/// the organiser's computed for him.
pub async fn standings(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<PageStandings, ApiError> {
    standings_since(state, caller, id, None).await
}

/// [`standings`] for a watcher who heard of version `at_least` and needs standings no
/// older (the rows fetched after an event, see [`live::snapshot_since`]).
pub async fn standings_since(
    state: &AppState,
    caller: Caller,
    id: i64,
    at_least: Option<u64>,
) -> Result<PageStandings, ApiError> {
    let (version, standings) = live::standings(state, caller.clone(), id, at_least).await?;
    let public_names = match caller {
        // The API gives the organiser full names; the pages show what the hall sees.
        Caller::Organizer(_) => state
            .db
            .run(move |conn| Ok(db::players::in_id_order(conn, id)?))
            .await?
            .iter()
            .map(|p| (p.id, public_name(p).to_owned()))
            .collect(),
        Caller::Captain { .. } | Caller::Public => HashMap::new(),
    };
    Ok(PageStandings {
        version: version.to_string(),
        standings,
        public_names,
    })
}

/// The standings with the tournament they belong to, for a whole page.
pub async fn standings_with_tournament(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<(view::Tournament, PageStandings), ApiError> {
    let standings = standings(state, caller.clone(), id).await?;
    let tournament = state
        .db
        .run(move |conn| access::tournament(conn, id, &caller, Need::Read))
        .await?;
    Ok((view::Tournament::from(&tournament), standings))
}

/// A table's sheet as the public page shows it.
#[derive(Debug, Clone)]
pub struct TableSheet {
    /// The tournament.
    pub tournament: view::Tournament,
    /// The sheet, its players named as they asked.
    pub sheet: SheetResponse,
}

/// The sheet of table `table` of round `round` of tournament `id`, if the caller may read it.
pub async fn table_sheet(
    state: &AppState,
    caller: Caller,
    id: i64,
    round: i32,
    table: i32,
) -> Result<TableSheet, ApiError> {
    state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Read)?;
            let round = db::rounds::by_number(conn, id, round)?.ok_or(ApiError::NotFound)?;
            let table = db::rounds::tables(conn, round.id)?
                .into_iter()
                .find(|t| t.number == table)
                .ok_or(ApiError::NotFound)?;
            let ctx = access::table(conn, table.id, &caller, Need::Read)?;
            let derived = sheet::current(conn, &ctx)?;
            Ok(TableSheet {
                tournament: view::Tournament::from(&tournament),
                sheet: derived.sheet,
            })
        })
        .await
}

/// A tournament's players, by start number.
pub async fn players(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<(view::Tournament, Vec<PublicPlayerResponse>), ApiError> {
    state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Read)?;
            let players = db::players::of_tournament(conn, id)?;
            Ok((
                view::Tournament::from(&tournament),
                players.iter().map(PublicPlayerResponse::from).collect(),
            ))
        })
        .await
}

/// One player's tournament: every round he has a seat in, and his running total.
#[derive(Debug, Clone)]
pub struct PlayerHistory {
    /// The tournament.
    pub tournament: view::Tournament,
    /// The player.
    pub player: view::Player,
    /// His rounds in order.
    pub rounds: Vec<PlayedRound>,
    /// The sum of his rounds' points, penalties included: his standings total.
    pub total: i64,
}

/// A round at one table, as a player's page shows it.
#[derive(Debug, Clone)]
pub struct PlayedRound {
    /// The round's number.
    pub round: i32,
    /// The table's number in it.
    pub table: i32,
    /// His seat (0-based).
    pub seat: u8,
    /// Everybody at the table in seat order, him included.
    pub players: Vec<SeatPlayerView>,
    /// His points in the round; `None` while the table has no deal (the round is not
    /// played yet) or when its sheet cannot be scored as stored.
    pub points: Option<i32>,
    /// The table's sheet cannot be scored as stored: left out, as the standings leave it
    /// out, until the organiser mends it.
    pub needs_attention: bool,
    /// Every deal of the table, with his entry and his tournament total after it.
    pub deals: Vec<DealPoint>,
}

/// A player's entry on one deal and his running total after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealPoint {
    /// The deal's number at the table.
    pub number: u16,
    /// His entry, penalties included (0 when he sat out).
    pub entry: i32,
    /// He sat out this deal (5-table).
    pub sat_out: bool,
    /// His total over the tournament after this deal.
    pub total: i64,
}

/// Player `player_id` of tournament `id`, if the caller may read the tournament and the
/// player belongs to it.
pub async fn player(
    state: &AppState,
    caller: Caller,
    id: i64,
    player_id: i64,
) -> Result<PlayerHistory, ApiError> {
    state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Read)?;
            let player = db::players::find(conn, player_id)?
                .filter(|p| p.tournament_id == id)
                .ok_or(ApiError::NotFound)?;
            history(conn, tournament, player)
        })
        .await
}

fn history(
    conn: &mut DbConn,
    tournament: TournamentRow,
    player: PlayerRow,
) -> Result<PlayerHistory, ApiError> {
    let seated = db::tables::of_player(conn, player.id)?;
    let table_ids: Vec<i64> = seated.iter().map(|(t, _)| t.id).collect();
    let mut stored = sheet::TablesRows::load(conn, &table_ids)?;
    let names = db::players::by_ids(conn, &stored.player_ids())?;
    let mut total: i64 = 0;
    let mut rounds = Vec::with_capacity(seated.len());
    for (table, round) in &seated {
        let (ctx, derived) = stored.derive(table, round, &tournament, &names);
        let Some(seat) = ctx
            .seats
            .iter()
            .position(|&p| p == player.id)
            .and_then(|s| u8::try_from(s).ok())
        else {
            continue;
        };
        let players = ctx
            .seats
            .iter()
            .zip(0u8..)
            .filter_map(|(id, seat)| {
                let p = names.iter().find(|p| p.id == *id)?;
                Some(SeatPlayerView {
                    seat,
                    player_id: p.id,
                    name: public_name(p).to_owned(),
                    start_number: p.start_number,
                })
            })
            .collect();
        let mut played = PlayedRound {
            round: round.number,
            table: table.number,
            seat,
            players,
            points: None,
            needs_attention: false,
            deals: Vec::new(),
        };
        match derived {
            Ok(derived) => {
                let before = total;
                let Ok(scoring) = derived.doppelkopf() else {
                    // A family game's round: its points, without the deal-by-deal chart.
                    let points = derived.sheet.totals.get(usize::from(seat)).copied();
                    if !derived.rows.is_empty() {
                        played.points = points;
                        total = total.saturating_add(i64::from(points.unwrap_or(0)));
                    }
                    rounds.push(played);
                    continue;
                };
                let running = scoring.scored().running_totals(seat);
                played.deals = scoring
                    .scored()
                    .deals()
                    .iter()
                    .zip(&running)
                    .map(|(deal, &after)| DealPoint {
                        number: deal.sheet.number,
                        entry: deal.scores.get(usize::from(seat)).copied().unwrap_or(0),
                        sat_out: deal.sheet.sitting_out == Some(seat),
                        total: before.saturating_add(i64::from(after)),
                    })
                    .collect();
                // A round counts once its table has a deal, as in the standings.
                if let Some(&last) = running.last() {
                    played.points = Some(last);
                    total = total.saturating_add(i64::from(last));
                }
            }
            Err(e) => {
                tracing::warn!(table = table.id, error = %e, "a sheet does not derive");
                played.needs_attention = true;
            }
        }
        rounds.push(played);
    }
    Ok(PlayerHistory {
        tournament: view::Tournament::from(&tournament),
        player: view::Player::from(&player),
        rounds,
        total,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(day: &str, id: i64) -> TournamentRow {
        let created = chrono::NaiveDateTime::default();
        TournamentRow {
            id,
            organizer_id: 1,
            name: format!("T{id}"),
            held_on: day.parse().unwrap_or_default(),
            venue: None,
            rounds_planned: 3,
            deals_four: 24,
            deals_five: 30,
            minutes_four: 120,
            minutes_five: 150,
            game: domain::game::Game::DDV,
            tie_breaks: String::new(),
            published: true,
            created_at: created,
            time_zone: crate::local_time::DEFAULT.to_owned(),
            finished_at: None,
        }
    }

    #[test]
    fn today_and_the_coming_days_come_first_then_the_latest_past() {
        let rows = vec![
            on("2026-01-10", 1),
            on("2026-03-01", 2),
            on("2026-05-02", 3),
            on("2026-05-02", 4),
            on("2026-06-20", 5),
        ];
        let today = NaiveDate::from_ymd_opt(2026, 5, 2).unwrap_or_default();
        let order: Vec<(i64, bool)> = current_first(rows, today)
            .iter()
            .map(|l| (l.tournament.id, l.current))
            .collect();
        assert_eq!(
            order,
            [(3, true), (4, true), (5, true), (2, false), (1, false)]
        );
    }
}
