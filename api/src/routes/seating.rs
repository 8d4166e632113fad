//! `POST /api/v1/seating/plan`: the seating optimiser as a stateless service, for other
//! tools. It is exactly what the tournament draw uses (`domain::seating`).

use actix_web::{post, web};
use domain::seating::{self, PlanRequest, SeatingError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, FieldError, Problem};
use crate::extract::JsonBody;

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

/// How good a plan is.
#[derive(Debug, Serialize, ToSchema)]
pub struct QualityBody {
    /// Encounters beyond the first, over all pairs (a pair meeting three times counts 2).
    pub repeat_pairs: u32,
    /// A proven lower bound on `repeat_pairs`; the difference is the distance to the best.
    pub lower_bound: u32,
    /// Most tables one pair shared.
    pub max_pair_meetings: u16,
    /// Meetings of two players of one keep-apart group, per pair and round.
    pub keep_apart_violations: u32,
    /// Most rounds a player sat at a 5-table.
    pub max_five_table_duty: u16,
    /// Fewest rounds a player sat at a 5-table.
    pub min_five_table_duty: u16,
    /// Most rounds a player dealt first (seat 0).
    pub max_first_dealer: u16,
    /// Fewest rounds a player dealt first.
    pub min_first_dealer: u16,
    /// Most rounds a player kept the list (the last seat).
    pub max_list_keeper: u16,
    /// Fewest rounds a player kept the list.
    pub min_list_keeper: u16,
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

impl From<seating::Quality> for QualityBody {
    fn from(q: seating::Quality) -> QualityBody {
        QualityBody {
            repeat_pairs: q.repeat_pairs,
            lower_bound: q.lower_bound,
            max_pair_meetings: q.max_pair_meetings,
            keep_apart_violations: q.keep_apart_violations,
            max_five_table_duty: q.max_five_table_duty,
            min_five_table_duty: q.min_five_table_duty,
            max_first_dealer: q.max_first_dealer,
            min_first_dealer: q.min_first_dealer,
            max_list_keeper: q.max_list_keeper,
            min_list_keeper: q.min_list_keeper,
        }
    }
}

/// A 422 for a field that cannot be seated.
pub fn seating_error(e: &SeatingError) -> ApiError {
    let (field, code) = match e {
        SeatingError::Unsplittable { .. } => ("players", "unsplittable"),
        SeatingError::TooManyPlayers { .. } => ("players", "out_of_range"),
        SeatingError::TooManyRounds { .. } => ("rounds", "out_of_range"),
        SeatingError::UnknownPlayer { .. } => ("keep_apart", "unknown_player"),
        // Only a history can seat a player twice, and a plan has none.
        SeatingError::SeatedTwice { .. } => ("rounds", "seated_twice"),
        // Hand changes to a round: `services::reseat` words these for its own request.
        SeatingError::NotSeated { .. } => ("changes", "not_seated"),
        SeatingError::NoSuchTable { .. } => ("changes", "unknown_table"),
        SeatingError::NoSuchSeat { .. } => ("changes", "unknown_seat"),
        SeatingError::WrongTableSize { .. } => ("changes", "wrong_table_size"),
    };
    ApiError::unprocessable(
        "invalid_seating",
        e.to_string(),
        vec![FieldError::new(field, code, e.to_string())],
    )
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
