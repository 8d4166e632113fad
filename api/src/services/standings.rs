//! Standings: every table's sheet of every round derived through the domain, turned into
//! one line per player and round, and ranked by `domain::standings`. The totals are
//! therefore the sums of the sheets, penalties included, by construction. A table's lines
//! are derived once per change of the table and kept ([`super::table_lines`]): after a
//! new deal only its table is read and judged again.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use domain::game::{FamilyLine, family_standings};
use domain::standings::{Entrant, Standing, TieBreak, field};
use domain::table::TableLines;

use super::access::{self, Need};
use super::table_lines::{self, Outcome, Scored};
use crate::auth::Caller;
use crate::db::models::{PlayerRow, RoundRow, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::players::public_name;
use crate::wire::standings::{AttentionRow, CsvDialect, StandingRow, StandingsResponse};

/// The players and their standings.
pub struct Standings {
    /// Every player of the tournament, by id.
    pub players: HashMap<i64, PlayerRow>,
    /// Best first.
    pub standings: Vec<Standing>,
    /// Tables whose sheet does not derive: they are left out of the standings (their
    /// players keep their other rounds) until the organiser mends them.
    pub needs_attention: Vec<TableAttention>,
    /// Doublehead Kids: each player's Silver Coins, the second key after the Golden Coins
    /// in `total`; empty for the other games.
    pub silver_coins: HashMap<i64, i64>,
}

/// A table whose sheet cannot be scored as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableAttention {
    /// The table's id.
    pub table_id: i64,
    /// Its round's number.
    pub round: i32,
    /// Its number in the round.
    pub table_number: i32,
    /// What is wrong, for the organiser.
    pub problem: String,
}

/// Standings computed since the process started, and the microseconds they took:
/// process-wide like the process's own metrics, because every path that computes them
/// (pages, API, exports, draws) holds a connection, not the app state.
static COMPUTED: AtomicU64 = AtomicU64::new(0);
static COMPUTING_MICROS: AtomicU64 = AtomicU64::new(0);

/// How many standings were computed since the process started, and in how many seconds
/// together (`/metrics`).
pub fn computed() -> (u64, f64) {
    let micros = COMPUTING_MICROS.load(Ordering::Relaxed);
    (
        COMPUTED.load(Ordering::Relaxed),
        std::time::Duration::from_micros(micros).as_secs_f64(),
    )
}

/// The standings of `tournament`, over all rounds or one.
pub fn compute(
    conn: &mut DbConn,
    tournament: &TournamentRow,
    round: Option<u16>,
) -> Result<Standings, ApiError> {
    let started = Instant::now();
    let computed = ranked(conn, tournament, round);
    let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
    COMPUTING_MICROS.fetch_add(micros, Ordering::Relaxed);
    COMPUTED.fetch_add(1, Ordering::Relaxed);
    computed
}

fn ranked(
    conn: &mut DbConn,
    tournament: &TournamentRow,
    round: Option<u16>,
) -> Result<Standings, ApiError> {
    let roster = db::players::in_id_order(conn, tournament.id)?;
    let round_rows = db::rounds::of_tournament(conn, tournament.id)?;
    let round_ids: Vec<i64> = round_rows.iter().map(|r| r.id).collect();
    let tables = db::tables::of_rounds(conn, &round_ids)?;
    let rounds_by_id: HashMap<i64, &RoundRow> = round_rows.iter().map(|r| (r.id, r)).collect();
    // Only the tables changed since their lines were last derived are read and judged.
    let scored = table_lines::scored(conn, tables, &rounds_by_id, tournament)?;

    let mut lines = Vec::new();
    let mut family_lines = Vec::new();
    let mut needs_attention = Vec::new();
    let on_roster: HashSet<i64> = roster.iter().map(|p| p.id).collect();
    // Who has a line in which round: a player sits at one table a round, and the domain
    // refuses a second line (damaged data, an import of old); the table that would add it
    // is named instead of taking the standings down.
    let mut seated: HashSet<(i64, i32)> = HashSet::new();
    for Scored { ctx, outcome } in scored {
        let attention = |problem: String| TableAttention {
            table_id: ctx.table.id,
            round: ctx.round.number,
            table_number: ctx.table.number,
            problem,
        };
        // One broken sheet must not take the whole tournament's standings down: it is
        // named for the organiser and everyone else is still ranked.
        let table_lines = match outcome.as_ref() {
            Outcome::Lines(table_lines) => table_lines,
            Outcome::Broken(problem) => {
                tracing::warn!(table = ctx.table.id, error = %problem, "a sheet does not derive");
                needs_attention.push(attention(problem.clone()));
                continue;
            }
        };
        let round_number = ctx.round.number;
        let elsewhere = ctx
            .seats
            .iter()
            .find(|&&p| !on_roster.contains(&p) || seated.contains(&(p, round_number)));
        if let Some(player) = elsewhere {
            let problem = format!(
                "player {player} is not registered or sits at another table of round {round_number}"
            );
            tracing::warn!(table = ctx.table.id, "{problem}");
            needs_attention.push(attention(problem));
            continue;
        }
        seated.extend(ctx.seats.iter().map(|&p| (p, round_number)));
        match table_lines {
            TableLines::Doppelkopf(sheet_lines) => lines.extend(sheet_lines.iter().cloned()),
            TableLines::Family { lines, deals } => {
                let deals = u32::try_from(*deals).unwrap_or(u32::MAX);
                family_lines.extend(lines.iter().cloned().map(|line| (line, deals)));
            }
        }
    }
    // A player who withdrew before playing a deal is not ranked (`domain::standings::field`).
    let played: HashSet<i64> = lines
        .iter()
        .filter(|l| l.deals_played > 0)
        .map(|l| l.player)
        .chain(
            family_lines
                .iter()
                .filter(|(_, deals)| *deals > 0)
                .map(|(l, _)| l.player),
        )
        .collect();
    let entrants: Vec<Entrant> = roster
        .iter()
        .map(|p| Entrant {
            player: p.id,
            withdrawn: p.withdrawn,
            struck: p.disqualification_struck,
        })
        .collect();
    let ids = field(&entrants, |p| played.contains(&p));
    // Lines of an unranked player: only a table without a deal gives him one.
    let ranked: HashSet<i64> = ids.iter().copied().collect();
    lines.retain(|l| ranked.contains(&l.player));
    family_lines.retain(|(l, _)| ranked.contains(&l.player));
    if tournament.game.ruleset().is_none() {
        return family(
            roster,
            &ids,
            &family_lines,
            round,
            tournament,
            needs_attention,
        );
    }
    let tie_breaks: Vec<TieBreak> = tournament
        .tie_break_names()
        .iter()
        .filter_map(|name| TieBreak::named(name))
        .collect();
    let planned = u16::try_from(tournament.rounds_planned).unwrap_or(0);
    let standings = match round {
        None => domain::standings::standings(&ids, &lines, planned, &tie_breaks),
        Some(r) => domain::standings::round_standings(&ids, &lines, planned, r, &tie_breaks),
    }
    .map_err(|e| match e {
        domain::standings::StandingsError::NoSuchRound { .. } => {
            ApiError::field("invalid_query", "round", "out_of_range", e.to_string())
        }
        other => ApiError::Internal(anyhow::anyhow!("the sheets do not add up: {other}")),
    })?;
    Ok(Standings {
        players: roster.into_iter().map(|p| (p.id, p)).collect(),
        standings,
        needs_attention,
        silver_coins: HashMap::new(),
    })
}

/// A family game's standings, ranked by the domain ([`family_standings`]: Golden Coins
/// then Silver Coins, or points), in the shape every reader of the standings reads: the
/// first key as the total and per round, the deals played; no games or solos.
fn family(
    roster: Vec<PlayerRow>,
    ids: &[i64],
    lines: &[(FamilyLine, u32)],
    round: Option<u16>,
    tournament: &TournamentRow,
    needs_attention: Vec<TableAttention>,
) -> Result<Standings, ApiError> {
    let planned = usize::try_from(tournament.rounds_planned).unwrap_or(0);
    let played = lines
        .iter()
        .map(|(l, _)| usize::from(l.round))
        .max()
        .unwrap_or(0);
    if let Some(r) = round
        && (r == 0 || usize::from(r) > planned.max(played))
    {
        return Err(ApiError::field(
            "invalid_query",
            "round",
            "out_of_range",
            format!("the tournament has {} rounds", planned.max(played)),
        ));
    }
    let counted: Vec<&(FamilyLine, u32)> = lines
        .iter()
        .filter(|(l, _)| round.is_none_or(|r| l.round == r))
        .collect();
    let keys: Vec<FamilyLine> = counted.iter().map(|(l, _)| *l).collect();
    let ranked = family_standings(ids, &keys)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("the sheets do not add up: {e}")))?;
    let rounds = planned.max(played);
    let mut silver_coins = HashMap::new();
    let standings = ranked
        .into_iter()
        .map(|f| {
            let mine = || counted.iter().filter(|(l, _)| l.player == f.player);
            let mut per_round = vec![None; rounds];
            for (line, _) in mine() {
                if let Some(slot) = usize::from(line.round)
                    .checked_sub(1)
                    .and_then(|i| per_round.get_mut(i))
                {
                    *slot = Some(i32::try_from(line.key.primary).unwrap_or(i32::MAX));
                }
            }
            if tournament.game.has_second_key() {
                silver_coins.insert(f.player, f.total.secondary);
            }
            Standing {
                player: f.player,
                rank: f.rank,
                total: f.total.primary,
                rounds: per_round,
                deals_played: mine().map(|(_, deals)| *deals).sum(),
                games_won: 0,
                solos_played: 0,
                solos_won: 0,
                average_per_round: None,
                adjusted: vec![false; rounds],
            }
        })
        .collect();
    Ok(Standings {
        players: roster.into_iter().map(|p| (p.id, p)).collect(),
        standings,
        needs_attention,
        silver_coins,
    })
}

/// The standings as the caller asked for them.
#[derive(Debug)]
pub enum Answer {
    /// The JSON body.
    Json(StandingsResponse),
    /// The same rows as CSV.
    Csv {
        /// The tournament, for the file name.
        tournament_id: i64,
        /// The CSV.
        body: Vec<u8>,
        /// The tables left out (a spreadsheet has no place for them), if any.
        needs_attention: Option<String>,
    },
}

/// The `round` query parameter: absent or empty for the whole tournament.
pub fn round_query(round: Option<&str>) -> Result<Option<u16>, ApiError> {
    match round {
        None | Some("") => Ok(None),
        Some(r) => r.parse::<u16>().map(Some).map_err(|_| {
            ApiError::field(
                "invalid_query",
                "round",
                "invalid_value",
                format!("a round number, not {r:?}"),
            )
        }),
    }
}

/// The `dialect` query parameter: absent or empty for none.
pub fn dialect_query(dialect: Option<&str>) -> Result<Option<CsvDialect>, ApiError> {
    match dialect {
        None | Some("") => Ok(None),
        Some(d) => CsvDialect::parse(d).map(Some).ok_or_else(|| {
            ApiError::field(
                "invalid_query",
                "dialect",
                "invalid_value",
                format!("plain or de, not {d:?}"),
            )
        }),
    }
}

/// The standings of tournament `id` as the caller may read them, as JSON or, given a
/// dialect, as CSV. Its organiser sees the players' full names; anybody else the name each
/// player asked to be shown under.
pub fn answer(
    conn: &mut DbConn,
    id: i64,
    caller: &Caller,
    round: Option<u16>,
    csv: Option<CsvDialect>,
) -> Result<Answer, ApiError> {
    let (tournament, rows, needs_attention) = read(conn, id, caller, round)?;
    if let Some(dialect) = csv {
        let tables: Vec<String> = needs_attention
            .iter()
            .map(|a| format!("round {} table {}", a.round, a.table_number))
            .collect();
        return Ok(Answer::Csv {
            tournament_id: tournament.id,
            body: crate::wire::standings::csv(
                tournament.rounds_planned,
                &rows,
                dialect,
                // As the JSON's `finished_at`: one round's standings are not the final ones.
                tournament.finished_at.is_some() && round.is_none(),
            )?,
            needs_attention: (!tables.is_empty()).then(|| tables.join(", ")),
        });
    }
    Ok(Answer::Json(response(
        &tournament,
        round,
        rows,
        needs_attention,
    )))
}

/// The standings of tournament `id` as JSON, as [`answer`] gives them.
pub fn json(
    conn: &mut DbConn,
    id: i64,
    caller: &Caller,
    round: Option<u16>,
) -> Result<StandingsResponse, ApiError> {
    let (tournament, rows, needs_attention) = read(conn, id, caller, round)?;
    Ok(response(&tournament, round, rows, needs_attention))
}

/// The standings of tournament `id` as JSON, as [`json`] gives them, read on the pool (the
/// organiser's desk).
pub async fn read_json(
    state: &AppState,
    caller: Caller,
    id: i64,
    round: Option<u16>,
) -> Result<StandingsResponse, ApiError> {
    state
        .db
        .run(move |conn| json(conn, id, &caller, round))
        .await
}

/// The standings of tournament `id` as CSV in `dialect`, as [`answer`] gives them, read on
/// the pool (the desk's download).
pub async fn read_csv(
    state: &AppState,
    caller: Caller,
    id: i64,
    round: Option<u16>,
    dialect: CsvDialect,
) -> Result<Answer, ApiError> {
    state
        .db
        .run(move |conn| answer(conn, id, &caller, round, Some(dialect)))
        .await
}

/// The tournament, its standings' rows as the caller may see them, and the tables left out.
fn read(
    conn: &mut DbConn,
    id: i64,
    caller: &Caller,
    round: Option<u16>,
) -> Result<(TournamentRow, Vec<StandingRow>, Vec<TableAttention>), ApiError> {
    let tournament = access::tournament(conn, id, caller, Need::Read)?;
    let organizer = access::is_organizer(conn, caller, &tournament)?;
    let result = compute(conn, &tournament, round)?;
    let rows: Vec<StandingRow> = result
        .standings
        .iter()
        .filter_map(|s| {
            let p = result.players.get(&s.player)?;
            Some(StandingRow {
                rank: s.rank,
                player_id: s.player,
                start_number: p.start_number,
                name: if organizer {
                    p.name.clone()
                } else {
                    public_name(p).to_owned()
                },
                club: p.club.clone(),
                total: s.total,
                rounds: s.rounds.clone(),
                adjusted_rounds: s.adjusted_rounds(),
                average_per_round: s.average_per_round.map(|a| a.to_string()),
                deals_played: s.deals_played,
                games_won: s.games_won,
                solos_played: s.solos_played,
                solos_won: s.solos_won,
                silver_coins: result.silver_coins.get(&s.player).copied(),
                withdrawn: p.withdrawn,
                disqualified: p.disqualified_at.is_some(),
            })
        })
        .collect();
    Ok((tournament, rows, result.needs_attention))
}

fn response(
    tournament: &TournamentRow,
    round: Option<u16>,
    rows: Vec<StandingRow>,
    needs_attention: Vec<TableAttention>,
) -> StandingsResponse {
    StandingsResponse {
        tournament_id: tournament.id,
        round,
        tie_breaks: tournament.tie_break_names(),
        // One round's table is no final standing, whatever the day did.
        finished_at: match round {
            None => tournament.finished_at.map(|at| at.and_utc()),
            Some(_) => None,
        },
        standings: rows,
        needs_attention: needs_attention
            .into_iter()
            .map(|a| AttentionRow {
                table_id: a.table_id,
                round: a.round,
                table_number: a.table_number,
                problem: a.problem,
            })
            .collect(),
    }
}
