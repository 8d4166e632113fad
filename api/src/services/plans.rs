//! A tournament's seating planned up front: every remaining round at once, published with
//! the tournament before it starts, so players can see where they sit all day. Rounds are
//! then created from it with the draw method `planned`. The planning is
//! [`super::draw::plan`]'s; this stores, reads back and logs.

use std::collections::BTreeSet;

use actix_web::{HttpRequest, HttpResponse};
use domain::seating::Quality;

use super::access::{self, Need};
use super::codes::seed_or_new;
use super::write::{ahead, once};
use super::{audit, draw, now};
use crate::auth::Caller;
use crate::db::models::{PlayerRow, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::plans::{PlanResponse, PlanTournamentRequest, PlannedRound};

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

/// What a plan is made from: the rounds played, the players (with what the draw reads of
/// them) and how many rounds are left.
#[derive(PartialEq)]
struct PlanningInputs {
    next: i32,
    remaining: u16,
    roster: Vec<PlayerRow>,
    history: Vec<Vec<Vec<i64>>>,
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
    })
}

fn response(conn: &mut DbConn, tournament: &TournamentRow) -> Result<PlanResponse, ApiError> {
    let plan = stored(conn, tournament.id)?.ok_or(ApiError::NotFound)?;
    let roster = db::players::in_id_order(conn, tournament.id)?;
    let field = draw::Field::present(&roster)?;
    let everyone = draw::Field::everyone(&roster)?;
    let created = db::rounds::numbers(conn, tournament.id)?;
    let last_planned = plan.first_round + i32::try_from(plan.rounds.len()).unwrap_or(0) - 1;
    let mut actual = db::rounds::history(conn, tournament.id, last_planned + 1)?;
    let mut withdrawn = BTreeSet::new();
    let mut missing = BTreeSet::new();
    let mut rounds = Vec::with_capacity(plan.rounds.len());
    for (number, tables) in (plan.first_round..).zip(&plan.rounds) {
        let is_created = created.contains(&number);
        if !is_created {
            let (gone, absent) = draw::outdated(&field, tables);
            withdrawn.extend(gone);
            missing.extend(absent);
            actual.push(tables.clone());
        }
        rounds.push(PlannedRound {
            number,
            tables: tables.clone(),
            created: is_created,
        });
    }
    Ok(PlanResponse {
        seed: plan.seed,
        planned_at: plan.created_at.and_utc().to_rfc3339(),
        rounds,
        quality: everyone.quality(&actual).into(),
        withdrawn: withdrawn.into_iter().collect(),
        missing: missing.into_iter().collect(),
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
    let seed = seed_or_new(body.seed, "seed")?;
    // Planning a small field can take half a second of CPU; done inside the write
    // transaction it would hold SQLite's single writer (and every captain's entry) that
    // long. So plan from a read first, and inside the transaction use that plan only if
    // what it was planned from is unchanged; otherwise, or if the read failed, plan there.
    let early = {
        let seed = seed.clone();
        ahead(state, &caller, id, planning_inputs, move |inputs| {
            draw::plan(&inputs.roster, &inputs.history, inputs.remaining, &seed).ok()
        })
        .await
    };
    let audit_caller = caller.clone();
    once(state, req, &caller, 200, move |conn| {
        let tournament = access::tournament(conn, id, &audit_caller, Need::Write)?;
        let inputs = planning_inputs(conn, &tournament)?;
        let planned = match early {
            Some((early_inputs, planned)) if early_inputs == inputs => planned,
            _ => draw::plan(&inputs.roster, &inputs.history, inputs.remaining, &seed)?,
        };
        let next = inputs.next;
        let rounds_json =
            serde_json::to_string(&planned.rounds).map_err(|e| ApiError::Internal(e.into()))?;
        db::plans::replace(conn, id, &seed, next, &rounds_json, now())?;
        audit::Change::new(id, &audit_caller, "plan.set")
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
    state
        .db
        .tx(move |conn| {
            access::tournament(conn, id, &caller, Need::Write)?;
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
    pub tournament: TournamentRow,
    /// Its plan.
    pub plan: StoredPlan,
    /// Every registered player, by start number.
    pub roster: Vec<PlayerRow>,
    /// Quality of the rounds before the plan and the planned ones together.
    pub quality: Quality,
}

/// Tournament `id`'s plan for the printed sheet, as `caller` may read it.
pub async fn plan_sheet(state: &AppState, caller: Caller, id: i64) -> Result<PlanSheet, ApiError> {
    state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Read)?;
            let plan = stored(conn, id)?.ok_or(ApiError::NotFound)?;
            let mut roster = db::players::in_id_order(conn, id)?;
            roster.sort_by_key(|p| (p.start_number, p.id));
            let mut rounds = db::rounds::history(conn, id, plan.first_round)?;
            rounds.extend(plan.rounds.iter().cloned());
            let quality = draw::Field::everyone(&roster)?.quality(&rounds);
            Ok(PlanSheet {
                tournament,
                plan,
                roster,
                quality,
            })
        })
        .await
}
