//! A tournament's seating planned up front: every remaining round at once, published with
//! the tournament before it starts, so players can see where they sit all day. Rounds are
//! then created from it with the draw method `planned`. The planning is
//! [`super::draw::plan`]'s; this stores, reads back and logs.
//!
//! A plan is shown against what exists ([`view()`]): rounds drawn with the tables they were
//! drawn with, later rounds as planned while the plan still seats exactly the players a
//! draw would seat, otherwise as out of date with the reason (`domain::day::misfit`). The
//! JSON answer and the printed page read the same view, so neither can contradict the
//! rounds that exist.

use std::collections::{BTreeSet, HashMap};

use actix_web::{HttpRequest, HttpResponse};
use domain::day::{self, Misfit};
use domain::seating::Quality;

use super::access::{self, Need};
use super::codes::seed_or_new;
use super::write::{self, ahead, keyed, replied};
use super::{audit, draw, idempotency, now, view};
use crate::auth::Caller;
use crate::db::models::{PlayerRow, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::plans::{
    OutdatedBecause, PlanResponse, PlanTournamentRequest, PlannedRound, PlannedRoundStatus,
};

/// What a plan is made from: the rounds played, the players (with what the draw reads of
/// them) and how many rounds are left.
#[derive(PartialEq)]
struct PlanningInputs {
    next: i32,
    remaining: u16,
    roster: Vec<PlayerRow>,
    history: Vec<Vec<Vec<i64>>>,
    game: domain::game::Game,
}

fn planning_inputs(
    conn: &mut DbConn,
    tournament: &TournamentRow,
) -> Result<PlanningInputs, ApiError> {
    let next = db::rounds::next_number(conn, tournament.id)?;
    let remaining = u16::try_from(tournament.rounds_planned - next + 1).unwrap_or(0);
    if remaining == 0 {
        return Err(ApiError::conflict(
            "all_rounds_created",
            format!(
                "all {} planned rounds exist; nothing is left to plan",
                tournament.rounds_planned
            ),
        ));
    }
    let mut roster = db::players::in_id_order(conn, tournament.id)?;
    roster.sort_by_key(|p| p.id);
    let history = db::rounds::history(conn, tournament.id, next)?;
    Ok(PlanningInputs {
        next,
        remaining,
        roster,
        history,
        game: tournament.game,
    })
}

/// One round of a plan as it stands.
pub struct RoundView {
    /// The round number.
    pub number: i32,
    /// Drawn: its tables as drawn; otherwise the plan's.
    pub tables: Vec<Vec<i64>>,
    /// Drawn, planned or out of date.
    pub status: PlannedRoundStatus,
    /// Drawn with tables other than the plan's.
    pub differs_from_plan: bool,
    /// Why it is out of date (only then).
    pub misfit: Option<Misfit>,
}

/// A tournament's plan against the rounds that exist and the players as they are.
pub struct PlanView {
    /// The stored plan.
    pub plan: draw::StoredPlan,
    /// Its rounds as they stand.
    pub rounds: Vec<RoundView>,
    /// Every registered player, in id order.
    pub roster: Vec<view::Player>,
    /// Players not withdrawn whom a draw leaves out now (not checked in).
    pub left_out: Vec<i64>,
    /// Quality of the rounds before the plan, the rounds drawn and the rest as planned.
    pub quality: Quality,
}

/// The tournament's plan as it stands (see the module documentation).
pub fn view(conn: &mut DbConn, tournament: &TournamentRow) -> Result<PlanView, ApiError> {
    let plan = draw::stored(conn, tournament.id)?.ok_or(ApiError::NotFound)?;
    let roster = db::players::in_id_order(conn, tournament.id)?;
    let entrants = draw::entrants(&roster);
    let drawn: HashMap<i32, i64> = db::rounds::of_tournament(conn, tournament.id)?
        .into_iter()
        .map(|r| (r.number, r.id))
        .collect();
    let mut all = db::rounds::history(conn, tournament.id, plan.first_round)?;
    let mut rounds = Vec::with_capacity(plan.rounds.len());
    for (number, planned) in (plan.first_round..).zip(&plan.rounds) {
        let round = match drawn.get(&number) {
            Some(&round_id) => {
                let tables = db::rounds::seats_of(conn, round_id)?;
                RoundView {
                    number,
                    differs_from_plan: &tables != planned,
                    tables,
                    status: PlannedRoundStatus::Drawn,
                    misfit: None,
                }
            }
            None => {
                let misfit = day::misfit(&entrants, planned);
                let fits = misfit.fits();
                RoundView {
                    number,
                    tables: planned.clone(),
                    status: if fits {
                        PlannedRoundStatus::Planned
                    } else {
                        PlannedRoundStatus::Outdated
                    },
                    differs_from_plan: false,
                    misfit: (!fits).then_some(misfit),
                }
            }
        };
        all.push(round.tables.clone());
        rounds.push(round);
    }
    let quality = draw::Field::everyone(&roster)?.quality(&all);
    Ok(PlanView {
        left_out: day::attendance(&entrants).not_checked_in,
        plan,
        rounds,
        roster: view::players(&roster),
        quality,
    })
}

fn response(conn: &mut DbConn, tournament: &TournamentRow) -> Result<PlanResponse, ApiError> {
    let PlanView {
        plan,
        rounds,
        roster,
        left_out,
        quality,
    } = view(conn, tournament)?;
    let mut withdrawn = BTreeSet::new();
    let mut not_checked_in = BTreeSet::new();
    let mut missing = BTreeSet::new();
    let rounds = rounds
        .into_iter()
        .map(|round| {
            let outdated_because = round.misfit.map(|m| {
                withdrawn.extend(m.withdrawn.iter().copied());
                not_checked_in.extend(m.not_checked_in.iter().copied());
                missing.extend(m.missing.iter().copied());
                OutdatedBecause {
                    withdrawn: m.withdrawn,
                    not_checked_in: m.not_checked_in,
                    missing: m.missing,
                }
            });
            PlannedRound {
                number: round.number,
                tables: round.tables,
                created: round.status == PlannedRoundStatus::Drawn,
                status: round.status,
                differs_from_plan: round.differs_from_plan,
                outdated_because,
            }
        })
        .collect();
    Ok(PlanResponse {
        seed: plan.seed,
        planned_at: plan.created_at.and_utc().to_rfc3339(),
        rounds,
        quality: quality.into(),
        withdrawn: withdrawn.into_iter().collect(),
        not_checked_in: not_checked_in.into_iter().collect(),
        missing: missing.into_iter().collect(),
        left_out: draw::refs(&roster, &left_out),
    })
}

/// Plans every round of tournament `id` not yet created, replacing an earlier plan;
/// answers 200 with the plan, once per `Idempotency-Key`.
pub async fn put_plan(
    state: &AppState,
    req: &HttpRequest,
    caller: Caller,
    id: i64,
    body: PlanTournamentRequest,
) -> Result<HttpResponse, ApiError> {
    let key = idempotency::key(req, &caller)?;
    Ok(replied(put_plan_keyed(state, key, caller, id, body).await?))
}

/// Plans as [`put_plan`] does, under `key` (the desk's form carries its own, see
/// [`idempotency::form_key`]); answers what was stored.
pub async fn put_plan_keyed(
    state: &AppState,
    key: Option<idempotency::Key>,
    caller: Caller,
    id: i64,
    body: PlanTournamentRequest,
) -> Result<idempotency::Seen, ApiError> {
    let seed = seed_or_new(body.seed, "seed")?;
    // Planning a small field can take half a second of CPU; done inside the write
    // transaction it would hold SQLite's single writer (and every captain's entry) that
    // long. So plan from a read first, and inside the transaction use that plan only if
    // what it was planned from is unchanged; otherwise, or if the read failed, plan there.
    let early = {
        let seed = seed.clone();
        ahead(state, &caller, id, planning_inputs, move |inputs| {
            draw::plan(
                inputs.game,
                &inputs.roster,
                &inputs.history,
                inputs.remaining,
                &seed,
            )
            .ok()
        })
        .await
    };
    keyed(state, key, 200, move |conn| {
        // Locked first, as finishing the tournament locks it.
        db::locks::lock_tournament(conn, id)?;
        let tournament = access::tournament(conn, id, &caller, Need::Change)?;
        let inputs = planning_inputs(conn, &tournament)?;
        let planned = match early {
            Some((early_inputs, planned)) if early_inputs == inputs => planned,
            _ => draw::plan(
                inputs.game,
                &inputs.roster,
                &inputs.history,
                inputs.remaining,
                &seed,
            )?,
        };
        let next = inputs.next;
        let rounds_json =
            serde_json::to_string(&planned.rounds).map_err(|e| ApiError::Internal(e.into()))?;
        db::plans::replace(conn, id, &seed, next, &rounds_json, now())?;
        audit::Change::new(id, &caller, "plan.set")
            .after(Some(serde_json::json!({
                "seed": seed,
                "first_round": next,
                "rounds": planned.rounds,
            })))
            .record(conn)?;
        response(conn, &tournament)
    })
    .await
}

/// Tournament `id`'s plan as `caller` may read it.
pub async fn get_plan(state: &AppState, caller: Caller, id: i64) -> Result<PlanResponse, ApiError> {
    state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Read)?;
            response(conn, &tournament)
        })
        .await
}

/// Drops tournament `id`'s plan; not found when it has none.
pub async fn delete_plan(state: &AppState, caller: Caller, id: i64) -> Result<(), ApiError> {
    write::guarded(state, move |conn| {
        db::locks::lock_tournament(conn, id)?;
        access::tournament(conn, id, &caller, Need::Change)?;
        if db::plans::delete(conn, id)? == 0 {
            return Err(ApiError::NotFound);
        }
        audit::Change::new(id, &caller, "plan.delete").record(conn)?;
        Ok(())
    })
    .await
}

/// What the printed seating plan shows.
pub struct PlanSheet {
    /// The tournament.
    pub tournament: view::Tournament,
    /// Its plan as it stands.
    pub view: PlanView,
}

/// Tournament `id`'s plan for the printed sheet, as `caller` may read it.
pub async fn plan_sheet(state: &AppState, caller: Caller, id: i64) -> Result<PlanSheet, ApiError> {
    state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Read)?;
            let view = view(conn, &tournament)?;
            Ok(PlanSheet {
                tournament: view::Tournament::from(&tournament),
                view,
            })
        })
        .await
}
