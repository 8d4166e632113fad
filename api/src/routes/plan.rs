//! A tournament's seating planned up front: every remaining round at once, published with
//! the tournament before it starts, so players can see where they sit all day. Rounds are
//! then created from it with the draw method `planned`.

use actix_web::{HttpRequest, HttpResponse, delete, get, put, web};

use crate::auth::{Caller, Organizer};
use crate::error::{ApiError, Problem};
use crate::extract::JsonBody;
use crate::services::plans;
use crate::state::AppState;
use crate::wire::plans::{PlanResponse, PlanTournamentRequest};

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
    let caller = Caller::Organizer(organizer.0);
    plans::put_plan(&state, &req, caller, id.into_inner(), body.0).await
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
    let answer = plans::get_plan(&state, caller, id.into_inner()).await?;
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
    let caller = Caller::Organizer(organizer.0);
    plans::delete_plan(&state, caller, id.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}
