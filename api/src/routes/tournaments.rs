//! Tournaments. Organisers create and change only their own; a published tournament is
//! readable by everybody.

use actix_web::{HttpRequest, HttpResponse, get, patch, post, web};

use crate::auth::{Caller, Organizer};
use crate::error::{ApiError, Problem};
use crate::extract::JsonBody;
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

/// Publish or unpublish a tournament.
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
