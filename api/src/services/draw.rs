//! Drawing and planning rounds: the tournament's players are numbered by start number and
//! handed to `domain::seating`, which decides; this module only maps ids to numbers and back
//! and gathers, through the repositories, the history, standings and stored plan the
//! methods need.
//!
//! Who takes part is `domain::day`'s: every player not withdrawn, and once check-in has
//! started only those checked in. Who is kept apart where possible: players of the same club
//! (the usual reason organisers group players).

use std::collections::{BTreeSet, HashMap};

use domain::day::{self, Entrant, Misfit};
use domain::game::Game;
use domain::seating::{self, PlanRequest, Quality, SeatChange};

use super::{standings, view};
use crate::db::models::{PlayerRow, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::{ApiError, FieldError};
use crate::wire::rounds::PlayerRef;

/// How to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// A uniform random draw (the usual first round).
    Random,
    /// Fewest pairs who already met, then balanced seats and 5-table duty, then clubs apart.
    AvoidRepeats,
    /// The current top four at table 1, the next four at table 2, and so on.
    ByStandings,
    /// The round as the tournament's stored plan has it.
    Planned,
}

impl Method {
    const ALL: [Method; 4] = [
        Method::Random,
        Method::AvoidRepeats,
        Method::ByStandings,
        Method::Planned,
    ];

    /// The wire name.
    pub const fn as_str(self) -> &'static str {
        match self {
            Method::Random => "random",
            Method::AvoidRepeats => "avoid_repeats",
            Method::ByStandings => "by_standings",
            Method::Planned => "planned",
        }
    }

    /// Parses a wire name.
    pub fn parse(s: &str) -> Result<Method, ApiError> {
        Method::ALL
            .into_iter()
            .find(|m| m.as_str() == s)
            .ok_or_else(|| {
                ApiError::field(
                    "invalid_body",
                    "draw.method",
                    "unknown_value",
                    "random, avoid_repeats, by_standings or planned",
                )
            })
    }
}

/// Players numbered for the domain (by start number, then id), with the clubs to keep apart.
pub struct Field<'a> {
    players: Vec<&'a PlayerRow>,
    index: HashMap<i64, u16>,
    keep_apart: Vec<Vec<u16>>,
}

/// The roster as `domain::day` reads it.
pub fn entrants(roster: &[PlayerRow]) -> Vec<Entrant> {
    roster
        .iter()
        .map(|p| Entrant {
            id: p.id,
            checked_in: p.checked_in,
            withdrawn: p.withdrawn,
        })
        .collect()
}

/// The players of `ids` as answers name them, by start number; ids not in the roster are
/// named by id alone.
pub fn refs(roster: &[view::Player], ids: &[i64]) -> Vec<PlayerRef> {
    let mut refs: Vec<PlayerRef> = ids
        .iter()
        .map(|&id| match roster.iter().find(|p| p.id == id) {
            Some(p) => PlayerRef {
                id,
                start_number: p.start_number,
                name: p.name.clone(),
            },
            None => PlayerRef {
                id,
                start_number: 0,
                name: format!("player {id}"),
            },
        })
        .collect();
    refs.sort_by_key(|p| (p.start_number, p.id));
    refs
}

/// Players for a message: "Name (no. 7), Name (no. 9)".
pub fn named(refs: &[PlayerRef]) -> String {
    refs.iter()
        .map(|p| format!("{} (no. {})", p.name, p.start_number))
        .collect::<Vec<_>>()
        .join(", ")
}

impl<'a> Field<'a> {
    /// The players a draw seats now (`domain::day::attendance`): everyone not withdrawn,
    /// and once check-in has started only those checked in.
    pub fn present(roster: &'a [PlayerRow]) -> Result<Field<'a>, ApiError> {
        let playing: std::collections::HashSet<i64> = day::attendance(&entrants(roster))
            .playing
            .into_iter()
            .collect();
        Field::new(roster.iter().filter(|p| playing.contains(&p.id)).collect())
    }

    /// Every registered player, withdrawn or not (to measure rounds that seat them).
    pub fn everyone(roster: &'a [PlayerRow]) -> Result<Field<'a>, ApiError> {
        Field::new(roster.iter().collect())
    }

    fn new(mut players: Vec<&'a PlayerRow>) -> Result<Field<'a>, ApiError> {
        players.sort_by_key(|p| (p.start_number, p.id));
        if u16::try_from(players.len()).is_err() {
            return Err(ApiError::field(
                "invalid_seating",
                "players",
                "out_of_range",
                "too many players to draw",
            ));
        }
        let index: HashMap<i64, u16> = players
            .iter()
            .enumerate()
            .filter_map(|(i, p)| Some((p.id, u16::try_from(i).ok()?)))
            .collect();
        let mut clubs: HashMap<&str, Vec<u16>> = HashMap::new();
        for p in &players {
            if let (Some(club), Some(&i)) = (
                p.club.as_deref().filter(|c| !c.trim().is_empty()),
                index.get(&p.id),
            ) {
                clubs.entry(club).or_default().push(i);
            }
        }
        let mut keep_apart: Vec<Vec<u16>> = clubs.into_values().filter(|g| g.len() > 1).collect();
        keep_apart.sort();
        Ok(Field {
            players,
            index,
            keep_apart,
        })
    }

    /// How many players.
    pub fn count(&self) -> u16 {
        // `new` refused more than u16::MAX.
        u16::try_from(self.players.len()).unwrap_or(u16::MAX)
    }

    /// The number of a player id, if the player is in the field.
    pub fn number(&self, id: i64) -> Option<u16> {
        self.index.get(&id).copied()
    }

    /// Rounds of ids in the field's numbering; players outside the field drop out.
    pub fn numbered(&self, rounds: &[Vec<Vec<i64>>]) -> Vec<Vec<Vec<u16>>> {
        rounds
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|table| table.iter().filter_map(|&id| self.number(id)).collect())
                    .collect()
            })
            .collect()
    }

    /// A round back in player ids.
    pub fn ids(&self, round: &[Vec<u16>]) -> Vec<Vec<i64>> {
        round
            .iter()
            .map(|table| {
                table
                    .iter()
                    .map(|&i| self.players[usize::from(i)].id)
                    .collect()
            })
            .collect()
    }

    /// The quality of these rounds (ids), clubs kept apart.
    pub fn quality(&self, rounds: &[Vec<Vec<i64>>]) -> Quality {
        seating::evaluate(&self.numbered(rounds), &self.keep_apart)
    }
}

/// A drawn round.
pub struct Drawn {
    /// Tables of player ids in seat order.
    pub tables: Vec<Vec<i64>>,
    /// The quality of all rounds so far with this one.
    pub quality: Quality,
    /// The seed that re-derives it: the one given, or the plan's for [`Method::Planned`].
    pub seed: String,
}

/// What a draw is computed from, read in one go so that a draw computed outside the write
/// transaction can be checked against what the transaction sees.
#[derive(Debug, PartialEq)]
pub struct DrawInputs {
    /// The number of the round to draw.
    pub number: i32,
    /// The tournament's planned rounds (`avoid_repeats` plans for the ones left).
    pub rounds_planned: i32,
    /// The players, by id.
    pub roster: Vec<PlayerRow>,
    /// The earlier rounds' tables (player ids).
    pub history: Vec<Vec<Vec<i64>>>,
    /// The game, whose table sizes the round is drawn for.
    pub game: Game,
}

/// Reads what drawing the tournament's next round needs.
pub fn inputs(conn: &mut DbConn, tournament: &TournamentRow) -> Result<DrawInputs, ApiError> {
    let number = db::rounds::next_number(conn, tournament.id)?;
    let mut roster = db::players::in_id_order(conn, tournament.id)?;
    roster.sort_by_key(|p| p.id);
    let history = db::rounds::history(conn, tournament.id, number)?;
    Ok(DrawInputs {
        number,
        rounds_planned: tournament.rounds_planned,
        roster,
        history,
        game: tournament.game,
    })
}

/// An `avoid_repeats` round, planned for the tournament's own length, so that what a plan
/// evens out over its rounds (5-table duty, seats) is even when the last round is played.
/// Pure: it may run outside any transaction.
pub fn avoid_repeats(inputs: &DrawInputs, seed: &str) -> Result<Vec<Vec<i64>>, ApiError> {
    let field = Field::present(&inputs.roster)?;
    let numbered = field.numbered(&inputs.history);
    if !uses_plans(inputs.game, field.count()) {
        let round = seating::family_round(
            field.count(),
            inputs.game.table_sizes(),
            &numbered,
            seed,
            &field.keep_apart,
        )
        .map_err(seating_error)?;
        return Ok(field.ids(&round));
    }
    let remaining = u16::try_from(inputs.rounds_planned - inputs.number + 1)
        .unwrap_or(1)
        .max(1);
    let rest = seating::plan_after(field.count(), &numbered, remaining, seed, &field.keep_apart)
        .map_err(seating_error)?;
    Ok(field.ids(rest.first().map_or(&[][..], Vec::as_slice)))
}

/// Draws round `inputs.number`; `seed` is ignored by [`Method::Planned`], which uses the
/// plan's. `early` is an `avoid_repeats` round already computed from these same inputs.
pub fn draw(
    conn: &mut DbConn,
    tournament: &TournamentRow,
    inputs: &DrawInputs,
    method: Method,
    seed: &str,
    early: Option<Vec<Vec<i64>>>,
) -> Result<Drawn, ApiError> {
    let field = Field::present(&inputs.roster)?;
    let count = field.count();
    let mut seed = seed.to_owned();
    let round: Vec<Vec<i64>> = match method {
        Method::Random if !uses_plans(inputs.game, count) => field.ids(
            &seating::family_random(count, inputs.game.table_sizes(), &seed)
                .map_err(seating_error)?,
        ),
        Method::Random => field.ids(&seating::random_draw(count, &seed).map_err(seating_error)?),
        Method::AvoidRepeats => match early {
            Some(round) => round,
            None => avoid_repeats(inputs, &seed)?,
        },
        Method::ByStandings => {
            let ranked = standings::compute(conn, tournament, None)?;
            let ranking: Vec<u16> = ranked
                .standings
                .iter()
                .filter_map(|s| field.number(s.player))
                .collect();
            let round = if uses_plans(inputs.game, count) {
                seating::by_ranking(&ranking)
            } else {
                seating::family_by_ranking(&ranking, inputs.game.table_sizes())
            };
            field.ids(&round.map_err(seating_error)?)
        }
        Method::Planned => {
            let (round, plan_seed) =
                planned_round(conn, tournament.id, &inputs.roster, inputs.number)?;
            seed = plan_seed;
            round
        }
    };
    let mut all = inputs.history.clone();
    all.push(round.clone());
    Ok(Drawn {
        quality: field.quality(&all),
        tables: round,
        seed,
    })
}

/// Whether the field is seated by the Doppelkopf plans: always for Doppelkopf, and for a
/// family game where the domain says they fit ([`seating::uses_doppelkopf_plans`]); any
/// other family field is drawn round by round at the game's sizes.
fn uses_plans(game: Game, players: u16) -> bool {
    game.ruleset().is_some() || seating::uses_doppelkopf_plans(game.table_sizes(), players)
}

fn seating_error(e: seating::SeatingError) -> ApiError {
    crate::domain_errors::seating_error(&e)
}

/// The problem body of a planned round that does not fit: who is in the way, by kind.
fn misfit_body(roster: &[view::Player], number: i32, misfit: &Misfit) -> serde_json::Value {
    serde_json::json!({
        "round": number,
        "withdrawn": refs(roster, &misfit.withdrawn),
        "not_checked_in": refs(roster, &misfit.not_checked_in),
        "missing": refs(roster, &misfit.missing),
    })
}

fn planned_round(
    conn: &mut DbConn,
    tournament_id: i64,
    roster: &[PlayerRow],
    number: i32,
) -> Result<(Vec<Vec<i64>>, String), ApiError> {
    let plan = stored(conn, tournament_id)?.ok_or_else(|| {
        ApiError::conflict(
            "no_plan",
            "the tournament has no seating plan; make one with PUT …/plan",
        )
    })?;
    let round = plan.round(number).ok_or_else(|| {
        ApiError::conflict(
            "not_planned",
            format!("the plan does not cover round {number}; re-plan with PUT …/plan"),
        )
    })?;
    let misfit = day::misfit(&entrants(roster), round);
    if misfit.fits() {
        return Ok((round.clone(), plan.seed));
    }
    // Never seat a player silently who is not here: the plan is published, so moving
    // everybody by re-planning is the organiser's decision, not a side effect of a draw
    // (the player may simply not have been checked in yet).
    let mut why = Vec::new();
    let roster = view::players(roster);
    for (ids, words) in [
        (
            &misfit.not_checked_in,
            "seats players who are not checked in",
        ),
        (&misfit.withdrawn, "seats players who have withdrawn"),
        (&misfit.missing, "leaves out players who play"),
    ] {
        if !ids.is_empty() {
            why.push(format!("{words}: {}", named(&refs(&roster, ids))));
        }
    }
    let code = if misfit.not_checked_in.is_empty() {
        "plan_outdated"
    } else {
        "plan_not_checked_in"
    };
    Err(ApiError::refused(
        code,
        format!(
            "the plan for round {number} {}; check in whoever is here, or re-plan the \
             remaining rounds with PUT …/plan (rounds drawn stay), or draw this round with \
             avoid_repeats",
            why.join("; ")
        ),
        "draw.method",
        misfit_body(&roster, number, &misfit),
    ))
}

/// A plan for the rounds after `history`.
pub struct Planned {
    /// Rounds of tables of player ids in seat order.
    pub rounds: Vec<Vec<Vec<i64>>>,
    /// The quality of the history and the plan together.
    pub quality: Quality,
}

/// Plans `rounds` rounds after `history` for every player not withdrawn: the domain's whole
/// plan when nothing was played yet (exactly what `POST /seating/plan` answers), otherwise
/// round after round against what was played (late arrivals and withdrawals included).
pub fn plan(
    game: Game,
    roster: &[PlayerRow],
    history: &[Vec<Vec<i64>>],
    rounds: u16,
    seed: &str,
) -> Result<Planned, ApiError> {
    let field = Field::present(roster)?;
    let count = field.count();
    let planned: Vec<Vec<Vec<u16>>> = if !uses_plans(game, count) {
        // Round by round, each against every round before it (played and planned); each
        // round's seed is the plan's with its number, so the plan re-derives from the seed.
        let mut all = field.numbered(history);
        let mut planned = Vec::with_capacity(usize::from(rounds));
        for number in 1..=rounds {
            let round = seating::family_round(
                count,
                game.table_sizes(),
                &all,
                &format!("{seed}/{number}"),
                &field.keep_apart,
            )
            .map_err(seating_error)?;
            all.push(round.clone());
            planned.push(round);
        }
        planned
    } else if history.is_empty() {
        let request = PlanRequest {
            players: count,
            rounds,
            seed: seed.to_owned(),
            keep_apart: field.keep_apart.clone(),
        };
        seating::plan(&request).map_err(seating_error)?.rounds
    } else {
        let numbered = field.numbered(history);
        seating::plan_after(count, &numbered, rounds, seed, &field.keep_apart)
            .map_err(seating_error)?
    };
    let planned: Vec<Vec<Vec<i64>>> = planned.iter().map(|round| field.ids(round)).collect();
    let mut all = history.to_vec();
    all.extend(planned.iter().cloned());
    Ok(Planned {
        quality: field.quality(&all),
        rounds: planned,
    })
}

/// One hand change to a round, in player ids and 1-based tables and seats.
#[derive(Debug, Clone, Copy)]
pub enum Change {
    /// Two players trade places (one may be absent from the round: he takes the other's seat).
    Swap(i64, i64),
    /// A player goes to a table (1-based) at a seat (1-based; `None`: the last).
    Move(i64, i32, Option<i32>),
    /// A player leaves the round.
    Remove(i64),
}

/// The result of hand changes to a round.
pub struct Reseated {
    /// The round's tables after the changes.
    pub tables: Vec<Vec<i64>>,
    /// Quality of the rounds up to this one before the changes.
    pub before: Quality,
    /// And after.
    pub after: Quality,
}

/// Applies `changes` to `round` (tables of ids): the domain checks them, this maps ids and
/// words its refusals for the request (`changes[i]`, 1-based tables and seats).
pub fn reseat(
    game: Game,
    roster: &[PlayerRow],
    history: &[Vec<Vec<i64>>],
    round: &[Vec<i64>],
    changes: &[Change],
) -> Result<Reseated, ApiError> {
    let everyone = Field::everyone(roster)?;
    let mut errors = Vec::new();
    let mut domain_changes = Vec::with_capacity(changes.len());
    let seated: BTreeSet<i64> = round.iter().flatten().copied().collect();
    for (i, change) in changes.iter().enumerate() {
        let mut player = |field: &str, id: i64, entering: bool| -> Option<u16> {
            let path = format!("changes[{i}].{field}");
            match roster.iter().find(|p| p.id == id) {
                None => {
                    errors.push(FieldError::new(
                        path,
                        "unknown_player",
                        format!("player {id} is not in this tournament"),
                    ));
                    None
                }
                Some(p) if p.withdrawn && entering && !seated.contains(&id) => {
                    errors.push(FieldError::new(
                        path,
                        "withdrawn",
                        format!("player {id} has withdrawn"),
                    ));
                    None
                }
                Some(_) => everyone.number(id),
            }
        };
        let domain_change = match *change {
            Change::Swap(a, b) => {
                let a = player("players[0]", a, true);
                let b = player("players[1]", b, true);
                a.zip(b).map(|(a, b)| SeatChange::Swap(a, b))
            }
            Change::Move(id, table, seat) => {
                let number = player("player", id, true);
                let from_one = |n: i32| usize::try_from(n).ok()?.checked_sub(1);
                let table = from_one(table);
                let seat = match seat {
                    None => Some(None),
                    Some(s) => from_one(s).map(Some),
                };
                if table.is_none() {
                    errors.push(FieldError::new(
                        format!("changes[{i}].table"),
                        "out_of_range",
                        "tables are numbered from 1",
                    ));
                }
                if seat.is_none() {
                    errors.push(FieldError::new(
                        format!("changes[{i}].seat"),
                        "out_of_range",
                        "seats are numbered from 1",
                    ));
                }
                match (number, table, seat) {
                    (Some(player), Some(table), Some(seat)) => Some(SeatChange::Move {
                        player,
                        table,
                        seat,
                    }),
                    _ => None,
                }
            }
            Change::Remove(id) => player("player", id, false).map(SeatChange::Remove),
        };
        domain_changes.extend(domain_change);
    }
    if !errors.is_empty() {
        return Err(ApiError::unprocessable(
            "invalid_body",
            format!("{} field(s) are invalid", errors.len()),
            errors,
        ));
    }
    let numbered = everyone.numbered(&[round.to_vec()]).remove(0);
    let after = seating::rearrange_at(&numbered, &domain_changes, game.table_sizes())
        .map_err(|e| reseat_error(game, &e, changes))?;
    let after = everyone.ids(&after);
    let mut rounds = history.to_vec();
    rounds.push(round.to_vec());
    let before = everyone.quality(&rounds);
    rounds.pop();
    rounds.push(after.clone());
    Ok(Reseated {
        after: everyone.quality(&rounds),
        before,
        tables: after,
    })
}

/// The domain's refusal of a change, in the request's terms (1-based tables and seats).
fn reseat_error(game: Game, e: &seating::SeatingError, changes: &[Change]) -> ApiError {
    use seating::SeatingError as E;
    let (field, code, detail) = match *e {
        E::NotSeated { change, .. } => (
            format!("changes[{change}]"),
            "not_seated",
            match changes.get(change) {
                Some(Change::Remove(id)) => format!("player {id} has no seat in this round"),
                _ => "neither player has a seat in this round".to_owned(),
            },
        ),
        E::NoSuchTable { change, tables, .. } => (
            format!("changes[{change}].table"),
            "unknown_table",
            format!("the round has tables 1 to {tables}"),
        ),
        E::NoSuchSeat { change, seats, .. } => (
            format!("changes[{change}].seat"),
            "unknown_seat",
            format!("that table has seats 1 to {seats} for this player"),
        ),
        E::WrongTableSize { table, size } => (
            "changes".to_owned(),
            "wrong_table_size",
            format!(
                "table {} would have {size} players; a table has {}",
                table + 1,
                game.table_sizes()
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
        ),
        _ => return seating_error(e.clone()),
    };
    ApiError::unprocessable(
        "invalid_seating",
        detail.clone(),
        vec![FieldError::new(field, code, detail)],
    )
}

/// A field error for a round request that names neither or both of tables and draw.
pub fn one_of() -> ApiError {
    ApiError::unprocessable(
        "invalid_body",
        "give either tables or draw",
        vec![FieldError::new(
            "draw",
            "one_of",
            "give either explicit tables or a draw, not both or neither",
        )],
    )
}

/// A tournament's stored plan.
pub struct StoredPlan {
    /// The seed it was planned with.
    pub seed: String,
    /// The number of its first round.
    pub first_round: i32,
    /// Its rounds: tables of player ids in seat order.
    pub rounds: Vec<Vec<Vec<i64>>>,
    /// When it was made (UTC).
    pub created_at: chrono::NaiveDateTime,
}

impl StoredPlan {
    /// The planned tables of round `number`, if the plan covers it.
    pub fn round(&self, number: i32) -> Option<&Vec<Vec<i64>>> {
        let offset = usize::try_from(number - self.first_round).ok()?;
        self.rounds.get(offset)
    }
}

/// The tournament's plan, if it has one.
pub fn stored(conn: &mut DbConn, tournament_id: i64) -> Result<Option<StoredPlan>, ApiError> {
    let Some(row) = db::plans::find(conn, tournament_id)? else {
        return Ok(None);
    };
    let rounds = serde_json::from_str(&row.rounds)
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e).context("stored seating plan")))?;
    Ok(Some(StoredPlan {
        seed: row.seed,
        first_round: row.first_round,
        rounds,
        created_at: row.created_at,
    }))
}
