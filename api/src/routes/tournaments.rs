//! Tournaments. Organisers create, change and delete only the ones they run (their own, or
//! those they co-organise); a published tournament is readable by everybody. The organisers
//! of a tournament: listed, added by e-mail, removed.

use actix_web::{HttpRequest, HttpResponse, delete, get, patch, post, web};

use crate::auth::{Caller, Organizer};
use crate::error::{ApiError, Problem};
use crate::extract::{JsonBody, x_reason};
use crate::services::{co_organizers, tournaments};
use crate::state::AppState;
use crate::wire::tournaments::{
    AddOrganizerRequest, CreateTournamentRequest, TournamentOrganizerResponse, TournamentResponse,
    UpdateTournamentRequest,
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

/// The tournaments the caller runs, his own and those he co-organises, newest first.
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
/// entered at any of its tables. Only its owner may: a co-organiser gets 403. `X-Reason` is
/// kept in the organiser's own log.
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

/// The organisers who run a tournament: its owner first, then its co-organisers.
///
/// A co-organiser reaches the tournament exactly as its owner does (its desk, its players,
/// rounds, tables and standings); another organiser's tournament is not found.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path)),
    security(("bearer" = [])), responses(
    (status = 200, body = Vec<TournamentOrganizerResponse>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}/organizers")]
pub async fn list_organizers(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
) -> Result<web::Json<Vec<TournamentOrganizerResponse>>, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    Ok(web::Json(
        co_organizers::list(&state, caller, id.into_inner()).await?,
    ))
}

/// Add an existing organiser account (by its e-mail) to a tournament as co-organiser.
///
/// Any organiser of the tournament may. 201 with him when he was added; 200 when he runs
/// it already (its owner, or added before), and nothing changes. An e-mail no account has
/// is refused with 422 `unknown_organizer` naming `email`: invite him by a one-time link
/// instead (`POST /tournaments/{id}/invitations`). Audited.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path)), request_body = AddOrganizerRequest,
    security(("bearer" = [])), responses(
    (status = 201, body = TournamentOrganizerResponse, description = "Added"),
    (status = 200, body = TournamentOrganizerResponse, description = "He runs it already"),
    (status = 422, description = "No account has this e-mail (`unknown_organizer`, field `email`)", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tournaments/{id}/organizers")]
pub async fn add_organizer(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<AddOrganizerRequest>,
) -> Result<HttpResponse, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    let added = co_organizers::add(&state, caller, id.into_inner(), &body.0.email).await?;
    Ok(if added.created {
        HttpResponse::Created().json(added.organizer)
    } else {
        HttpResponse::Ok().json(added.organizer)
    })
}

/// Remove a co-organiser from a tournament.
///
/// Only the tournament's owner may, or the co-organiser himself (stepping down); another
/// co-organiser is refused (403). The owner cannot be removed (409
/// `owner_cannot_be_removed`). Audited.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path), ("organizer_id" = i64, Path)),
    security(("bearer" = [])), responses(
    (status = 204),
    (status = 409, description = "The owner (`owner_cannot_be_removed`)", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/tournaments/{id}/organizers/{organizer_id}")]
pub async fn remove_organizer(
    state: web::Data<AppState>,
    organizer: Organizer,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (id, organizer_id) = path.into_inner();
    co_organizers::remove(&state, Caller::Organizer(organizer.0), id, organizer_id).await?;
    Ok(HttpResponse::NoContent().finish())
}
