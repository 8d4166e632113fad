//! `POST /api/v1/score`: the game value of a deal from its facts.

use actix_web::{post, web};

use crate::domain_errors::invalid_deal;
use crate::error::{ApiError, Problem};
use crate::extract::JsonBody;
use crate::wire::score::{ScoreRequest, ScoreResponse};

/// Score a deal from its facts (TSR 7), or by house rules given in `rules`.
///
/// Impossible facts (points outside 0–240, tricks that cannot hold the points, a Re party
/// of the wrong size, extras in a solo, …) are a 422 naming the field.
#[utoipa::path(
    tag = "rules",
    request_body = ScoreRequest,
    responses(
        (status = 200, body = ScoreResponse),
        (status = 400, description = "Not JSON", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Facts no deal can have", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/score")]
pub async fn score_deal(
    body: JsonBody<ScoreRequest>,
) -> Result<web::Json<ScoreResponse>, ApiError> {
    let rules = body.0.ruleset()?;
    let facts = body.0.to_facts(&rules)?;
    let scored = domain::score::score_with(&facts, &rules).map_err(|e| invalid_deal(&e))?;
    Ok(web::Json(ScoreResponse::from(&scored)))
}
