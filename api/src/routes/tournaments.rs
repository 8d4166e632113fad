//! Tournaments. Organisers create, change and delete only their own; a published tournament
//! is readable by everybody.

use actix_web::{HttpRequest, HttpResponse, delete, get, patch, post, web};

use crate::auth::{Caller, Organizer};
use crate::error::{ApiError, Problem};
use crate::extract::{JsonBody, x_reason};
use crate::services::tournaments;
use crate::state::AppState;
use crate::wire::tournaments::{
    CreateTournamentRequest, TournamentResponse, UpdateTournamentRequest,
};

/// Create a tournament.
#[utoipa::path(tag = "tournaments", request_body = CreateTournamentRequest,
    params(("Idempotency-Key" = Option<String>, Header, description = "Retry-safe create")),
    security(("bearer" = [])),
    responses(
        (status = 201, body = TournamentResponse),
        (status = "4XX", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/tournaments")]
pub async fn create_tournament(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    body: JsonBody<CreateTournamentRequest>,
) -> Result<HttpResponse, ApiError> {
    tournaments::create(&state, &req, organizer.0, body.0).await
}

/// The caller's own tournaments, newest first.
#[utoipa::path(tag = "tournaments", security(("bearer" = [])), responses(
    (status = 200, body = Vec<TournamentResponse>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments")]
pub async fn list_tournaments(
    state: web::Data<AppState>,
    organizer: Organizer,
) -> Result<web::Json<Vec<TournamentResponse>>, ApiError> {
    Ok(web::Json(tournaments::list(&state, organizer.0).await?))
}

/// One tournament.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path)), responses(
    (status = 200, body = TournamentResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}")]
pub async fn get_tournament(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<TournamentResponse>, ApiError> {
    Ok(web::Json(
        tournaments::get(&state, caller, id.into_inner()).await?,
    ))
}

/// Change a tournament's settings or publish it; what is left out stays as it is.
///
/// Settings that contradict what was played are refused with 422
/// `settings_contradict_play` naming the field (`below_rounds_created`,
/// `below_deals_entered`, `sheet_does_not_fit`), and nothing changes. New deals per round
/// apply at once to the tables of open rounds, whose sheets are re-derived with them.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path)), request_body = UpdateTournamentRequest,
    security(("bearer" = [])), responses(
    (status = 200, body = TournamentResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[patch("/tournaments/{id}")]
pub async fn update_tournament(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<UpdateTournamentRequest>,
) -> Result<web::Json<TournamentResponse>, ApiError> {
    let id = id.into_inner();
    Ok(web::Json(
        tournaments::update(&state, organizer.0, id, body.0).await?,
    ))
}

/// Delete a tournament that was never played, with its players, rounds, tables, join codes,
/// seating plan and audit log. Refused with 409 `tournament_has_deals` once a deal is
/// entered at any of its tables. `X-Reason` is kept in the organiser's own log.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path), ("X-Reason" = Option<String>, Header)),
    security(("bearer" = [])), responses(
    (status = 204),
    (status = 409, description = "A deal is entered (`tournament_has_deals`)", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/tournaments/{id}")]
pub async fn delete_tournament(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let reason = x_reason(&req)?;
    tournaments::delete(&state, organizer.0, id.into_inner(), reason).await?;
    Ok(HttpResponse::NoContent().finish())
}
