//! A tournament's seating planned up front: every remaining round at once, published with
//! the tournament before it starts, so players can see where they sit all day. Rounds are
//! then created from it with the draw method `planned`.

use actix_web::{HttpRequest, HttpResponse, delete, get, put, web};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{Caller, Organizer};
use crate::db::DbConn;
use crate::db::models::{PlayerRow, TournamentRow};
use crate::db::schema::{rounds, seating_plans};
use crate::error::{ApiError, Problem};
use crate::extract::JsonBody;
use crate::services::access::{self, Need};
use crate::services::write::{ahead, once};
use crate::services::{audit, draw, now};
use crate::state::AppState;
use crate::wire::seating::QualityBody;

/// How to plan.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanTournamentRequest {
    /// Any text; the same players, rounds played and seed give the same plan (default: a
    /// random one, stored and shown).
    #[serde(default)]
    #[schema(example = "Herbstturnier 2026")]
    pub seed: Option<String>,
}

/// One planned round.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlannedRound {
    /// The round number.
    pub number: i32,
    /// Tables of player ids in seat order (the first deals first, the last keeps the list).
    #[schema(example = json!([[1, 2, 3, 4], [5, 6, 7, 8, 9]]))]
    pub tables: Vec<Vec<i64>>,
    /// Whether the round has been created (from the plan or otherwise).
    pub created: bool,
}

/// A tournament's seating plan.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanResponse {
    /// The seed: with the players (by start number) and the rounds played before the plan
    /// it re-derives the plan.
    pub seed: String,
    /// When it was made (UTC, RFC 3339).
    pub planned_at: String,
    /// The planned rounds, from the first one the plan covers.
    pub rounds: Vec<PlannedRound>,
    /// Quality of the whole tournament as it stands: rounds created as they are, the rest
    /// as planned.
    pub quality: QualityBody,
    /// Players the rounds not yet created still seat but who have withdrawn.
    pub withdrawn: Vec<i64>,
    /// Players present whom the rounds not yet created leave out (late arrivals). If this
    /// or `withdrawn` is not empty, plan again: played rounds stay as they are.
    pub missing: Vec<i64>,
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
    let next = draw::next_number(conn, tournament.id)?;
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
    let mut roster = draw::roster(conn, tournament.id)?;
    roster.sort_by_key(|p| p.id);
    let history = draw::history(conn, tournament.id, next)?;
    Ok(PlanningInputs {
        next,
        remaining,
        roster,
        history,
    })
}

fn response(conn: &mut DbConn, tournament: &TournamentRow) -> Result<PlanResponse, ApiError> {
    let plan = draw::stored_plan(conn, tournament.id)?.ok_or(ApiError::NotFound)?;
    let roster = draw::roster(conn, tournament.id)?;
    let field = draw::Field::present(&roster)?;
    let everyone = draw::Field::everyone(&roster)?;
    let created: Vec<i32> = rounds::table
        .filter(rounds::tournament_id.eq(tournament.id))
        .select(rounds::number)
        .load(conn)?;
    let last_planned = plan.first_round + i32::try_from(plan.rounds.len()).unwrap_or(0) - 1;
    let mut actual = draw::history(conn, tournament.id, last_planned + 1)?;
    let mut withdrawn = std::collections::BTreeSet::new();
    let mut missing = std::collections::BTreeSet::new();
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

/// Plan every round not yet created, for every player not withdrawn: fewest repeated
/// encounters (none where mathematics allows), then balanced first dealers, list keepers
/// and 5-table duty, then clubs apart. Replaces an earlier plan; rounds already created
/// stay as they are and count as history, so planning again after a late arrival or a
/// withdrawal keeps what was played. Publishing the tournament publishes the plan.
#[utoipa::path(tag = "rounds", params(("id" = i64, Path), ("Idempotency-Key" = Option<String>, Header)),
    request_body = PlanTournamentRequest, security(("bearer" = [])), responses(
    (status = 200, body = PlanResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[put("/tournaments/{id}/plan")]
pub async fn put_plan(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<PlanTournamentRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let caller = Caller::Organizer(organizer.0);
    let audit_caller = caller.clone();
    let seed = crate::services::codes::seed_or_new(body.0.seed, "seed")?;
    // Planning a small field can take half a second of CPU; done inside the write
    // transaction it would hold SQLite's single writer (and every captain's entry) that
    // long. So plan from a read first, and inside the transaction use that plan only if
    // what it was planned from is unchanged; otherwise, or if the read failed, plan there.
    let early = {
        let seed = seed.clone();
        ahead(&state, &caller, id, planning_inputs, move |inputs| {
            draw::plan(&inputs.roster, &inputs.history, inputs.remaining, &seed).ok()
        })
        .await
    };
    once(&state, &req, &caller, 200, move |conn| {
        let tournament = access::tournament(conn, id, &audit_caller, Need::Write)?;
        let inputs = planning_inputs(conn, &tournament)?;
        let planned = match early {
            Some((early_inputs, planned)) if early_inputs == inputs => planned,
            _ => draw::plan(&inputs.roster, &inputs.history, inputs.remaining, &seed)?,
        };
        let next = inputs.next;
        let rounds_json =
            serde_json::to_string(&planned.rounds).map_err(|e| ApiError::Internal(e.into()))?;
        diesel::delete(seating_plans::table.find(id)).execute(conn)?;
        diesel::insert_into(seating_plans::table)
            .values((
                seating_plans::tournament_id.eq(id),
                seating_plans::seed.eq(&seed),
                seating_plans::first_round.eq(next),
                seating_plans::rounds.eq(&rounds_json),
                seating_plans::created_at.eq(now()),
            ))
            .execute(conn)?;
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

/// The tournament's seating plan (public once the tournament is published).
#[utoipa::path(tag = "rounds", params(("id" = i64, Path)), responses(
    (status = 200, body = PlanResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}/plan")]
pub async fn get_plan(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<PlanResponse>, ApiError> {
    let id = id.into_inner();
    let answer = state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Read)?;
            response(conn, &tournament)
        })
        .await?;
    Ok(web::Json(answer))
}

/// Drop the tournament's seating plan (rounds already created stay).
#[utoipa::path(tag = "rounds", params(("id" = i64, Path)), security(("bearer" = [])), responses(
    (status = 204),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/tournaments/{id}/plan")]
pub async fn delete_plan(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let caller = Caller::Organizer(organizer.0);
    state
        .db
        .tx(move |conn| {
            access::tournament(conn, id, &caller, Need::Write)?;
            let deleted = diesel::delete(seating_plans::table.find(id)).execute(conn)?;
            if deleted == 0 {
                return Err(ApiError::NotFound);
            }
            audit::Change::new(id, &caller, "plan.delete").record(conn)?;
            Ok(())
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
}
