//! `POST /api/v1/seating/plan`: the seating optimiser as a stateless service, for other
//! tools. It is exactly what the tournament draw uses (`domain::seating`).

use actix_web::{post, web};
use domain::seating::{self, PlanRequest};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain_errors::seating_error;
use crate::error::{ApiError, Problem};
use crate::extract::JsonBody;
use crate::wire::seating::QualityBody;

/// The largest field this public endpoint plans. The domain goes further, but planning is
/// CPU work that anybody may ask for; a thousand players covers every real tournament.
pub const MAX_PLAYERS: u16 = 1000;

/// What to plan.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"players": 32, "rounds": 10, "seed": "s1", "keep_apart": [[0, 1], [2, 3, 4]]}))]
pub struct SeatingPlanRequest {
    /// Players, numbered from 0.
    pub players: u16,
    /// Rounds to plan.
    pub rounds: u16,
    /// Any text; the same players, rounds, groups and seed always give the same plan.
    pub seed: String,
    /// Groups of players to keep apart where possible (same club, family, came together).
    #[serde(default)]
    pub keep_apart: Vec<Vec<u16>>,
}

/// A seating plan.
#[derive(Debug, Serialize, ToSchema)]
pub struct SeatingPlanResponse {
    /// Round → tables → players in seat order (seat 0 deals first, the last keeps the list).
    #[schema(example = json!([[[0, 5, 9, 14], [1, 4, 10, 15]]]))]
    pub rounds: Vec<Vec<Vec<u16>>>,
    /// Its quality.
    pub quality: QualityBody,
}

/// Plan every round of a tournament: as few repeated encounters as mathematics allows,
/// then balanced first dealers, list keepers and 5-table duty, then keep-apart groups.
///
/// Deterministic for a given seed. A player count that cannot be split into tables of 4
/// and 5 (6, 7, 11) is a 422 that says what would work.
#[utoipa::path(tag = "seating", request_body = SeatingPlanRequest, responses(
    (status = 200, body = SeatingPlanResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/seating/plan")]
pub async fn plan_seating(
    body: JsonBody<SeatingPlanRequest>,
) -> Result<web::Json<SeatingPlanResponse>, ApiError> {
    let body = body.0;
    if body.players > MAX_PLAYERS {
        return Err(ApiError::field(
            "invalid_seating",
            "players",
            "out_of_range",
            format!("this service plans up to {MAX_PLAYERS} players"),
        ));
    }
    if body.rounds == 0 {
        return Err(ApiError::field(
            "invalid_seating",
            "rounds",
            "out_of_range",
            "at least one round",
        ));
    }
    if body.seed.chars().count() > 200 {
        return Err(ApiError::field(
            "invalid_seating",
            "seed",
            "invalid_length",
            "at most 200 characters",
        ));
    }
    let request = PlanRequest {
        players: body.players,
        rounds: body.rounds,
        seed: body.seed,
        keep_apart: body.keep_apart,
    };
    // Planning is CPU work of up to a second: keep it off the request threads.
    let plan = web::block(move || seating::plan(&request))
        .await?
        .map_err(|e| seating_error(&e))?;
    Ok(web::Json(SeatingPlanResponse {
        rounds: plan.rounds,
        quality: plan.quality.into(),
    }))
}
