//! Seasons (a club's evenings ranked together) and the organiser's register of people.

use actix_web::http::header::CONTENT_DISPOSITION;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};

use crate::auth::{Caller, Organizer};
use crate::error::{ApiError, Problem};
use crate::extract::{JsonBody, RawBody};
use crate::services::{register, seasons, standings};
use crate::state::AppState;
use crate::wire::seasons::{
    AddTournamentRequest, AddedResponse, MergeRequest, PersonResponse, RegisterImportResponse,
    SeasonRequest, SeasonResponse, SeasonStandingsResponse, season_csv,
};
use crate::wire::standings::StandingsQuery;

/// Create a season (organisers): a name, its ranking rules and whether the public sees it.
///
/// The rules: `scoring` (`points`, `placement` with `placement_points`, `per_round`),
/// `best_of` (best N of M), `min_evenings` (to be ranked), `missed_scores` (what a missed
/// evening scores; none: no result), `tie_breaks` in order. 422 `invalid_rules` naming
/// the field (`rules.best_of`, …).
#[utoipa::path(tag = "seasons", params(("Idempotency-Key" = Option<String>, Header)),
    request_body = SeasonRequest, security(("bearer" = [])), responses(
    (status = 201, body = SeasonResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/seasons")]
pub async fn create_season(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    body: JsonBody<SeasonRequest>,
) -> Result<HttpResponse, ApiError> {
    seasons::create(&state, &req, caller, &body.0).await
}

/// The caller's seasons, newest first (organisers).
#[utoipa::path(tag = "seasons", security(("bearer" = [])), responses(
    (status = 200, body = Vec<SeasonResponse>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/seasons")]
pub async fn list_seasons(
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<web::Json<Vec<SeasonResponse>>, ApiError> {
    Ok(web::Json(seasons::list(&state, caller).await?))
}

/// A season with its evenings: its organiser sees it always, anybody a published one
/// (with its published tournaments).
#[utoipa::path(tag = "seasons", params(("id" = i64, Path)), responses(
    (status = 200, body = SeasonResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/seasons/{id}")]
pub async fn get_season(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<SeasonResponse>, ApiError> {
    Ok(web::Json(
        seasons::get(&state, caller, id.into_inner()).await?,
    ))
}

/// Change a season's name, rules and publication (its organiser); the standings follow
/// the new rules at once (nothing of them is stored).
#[utoipa::path(tag = "seasons", params(("id" = i64, Path)), request_body = SeasonRequest,
    security(("bearer" = [])), responses(
    (status = 200, body = SeasonResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[put("/seasons/{id}")]
pub async fn update_season(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
    body: JsonBody<SeasonRequest>,
) -> Result<web::Json<SeasonResponse>, ApiError> {
    Ok(web::Json(
        seasons::update(&state, caller, id.into_inner(), &body.0).await?,
    ))
}

/// Delete a season (its organiser); its tournaments and the register stay. Audited in the
/// organiser's log.
#[utoipa::path(tag = "seasons", params(("id" = i64, Path)), security(("bearer" = [])), responses(
    (status = 204),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/seasons/{id}")]
pub async fn delete_season(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    seasons::delete(&state, caller, id.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Add a tournament to a season (its organiser, who runs the tournament; an imported one
/// too, or tonight's before it starts). Its players are matched to the register: the
/// same DDV number is the same person; else the same name and club is, unconfirmed;
/// else a new person. Adding it again matches players registered since.
#[utoipa::path(tag = "seasons", params(("id" = i64, Path)), request_body = AddTournamentRequest,
    security(("bearer" = [])), responses(
    (status = 200, body = AddedResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/seasons/{id}/tournaments")]
pub async fn add_season_tournament(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
    body: JsonBody<AddTournamentRequest>,
) -> Result<web::Json<AddedResponse>, ApiError> {
    Ok(web::Json(
        seasons::add_tournament(&state, caller, id.into_inner(), &body.0).await?,
    ))
}

/// Take a tournament out of a season (its organiser).
#[utoipa::path(tag = "seasons", params(("id" = i64, Path), ("tournament_id" = i64, Path)),
    security(("bearer" = [])), responses(
    (status = 204),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/seasons/{id}/tournaments/{tournament_id}")]
pub async fn remove_season_tournament(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (id, tournament_id) = path.into_inner();
    seasons::remove_tournament(&state, caller, id, tournament_id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A season's standings, computed from its tournaments' standings as they stand (live
/// while an evening is played). `dialect=plain|de` gives them as CSV.
#[utoipa::path(tag = "seasons", params(("id" = i64, Path), StandingsQuery), responses(
    (status = 200, body = SeasonStandingsResponse, content_type = "application/json"),
    (status = 200, description = "With `dialect`: CSV, a column per evening", body = String, content_type = "text/csv"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/seasons/{id}/standings")]
pub async fn get_season_standings(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
    query: web::Query<StandingsQuery>,
) -> Result<HttpResponse, ApiError> {
    let dialect = standings::dialect_query(query.dialect.as_deref())?;
    let answer = seasons::read_standings(&state, caller, id.into_inner()).await?;
    let Some(dialect) = dialect else {
        return Ok(HttpResponse::Ok().json(answer));
    };
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            CONTENT_DISPOSITION,
            format!("attachment; filename=\"season-{}.csv\"", answer.season_id),
        ))
        .body(season_csv(&answer, dialect)?))
}

/// The caller's register: every person with the players he was (organisers).
#[utoipa::path(tag = "seasons", security(("bearer" = [])), responses(
    (status = 200, body = Vec<PersonResponse>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/register")]
pub async fn get_register(
    state: web::Data<AppState>,
    caller: Caller,
) -> Result<web::Json<Vec<PersonResponse>>, ApiError> {
    Ok(web::Json(seasons::read_register(&state, caller).await?))
}

/// Import people into the register from CSV, as the players import reads it (German
/// spreadsheets included; name, club and DDV number count). A line naming a person already
/// there, by DDV number or by name and club, is left as it is. All or nothing.
#[utoipa::path(tag = "seasons", params(("Idempotency-Key" = Option<String>, Header)),
    request_body(content = String, content_type = "text/csv", example = "Name;Verein;DDV-Nr.\nErika Mustermann;DK Kreuz-Dame;12345\n"),
    security(("bearer" = [])), responses(
    (status = 201, body = RegisterImportResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/register/import")]
pub async fn import_register(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    body: RawBody,
) -> Result<HttpResponse, ApiError> {
    seasons::import_register(&state, &req, Caller::Organizer(organizer.0), &body.0).await
}

/// Merge another person into this one (one person entered twice): his players become
/// this person's. 409 `same_tournament` when both played one tournament. Audited.
#[utoipa::path(tag = "seasons", params(("person_id" = i64, Path)), request_body = MergeRequest,
    security(("bearer" = [])), responses(
    (status = 200, body = PersonResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/register/{person_id}/merge")]
pub async fn merge_people(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
    body: JsonBody<MergeRequest>,
) -> Result<web::Json<PersonResponse>, ApiError> {
    let (into, from) = (id.into_inner(), body.0.person_id);
    Ok(web::Json(
        seasons::change_register(&state, caller, move |conn, me| {
            register::merge(conn, me, into, from)
        })
        .await?,
    ))
}

/// Split a player off his person (a wrong match): he becomes a person of his own. Audited.
#[utoipa::path(tag = "seasons", params(("player_id" = i64, Path)), security(("bearer" = [])), responses(
    (status = 200, body = PersonResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/register/links/{player_id}/split")]
pub async fn split_player(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<PersonResponse>, ApiError> {
    let player = id.into_inner();
    Ok(web::Json(
        seasons::change_register(&state, caller, move |conn, me| {
            register::split(conn, me, player)
        })
        .await?,
    ))
}

/// Confirm a player's match by name and club. Audited.
#[utoipa::path(tag = "seasons", params(("player_id" = i64, Path)), security(("bearer" = [])), responses(
    (status = 200, body = PersonResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/register/links/{player_id}/confirm")]
pub async fn confirm_player(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<PersonResponse>, ApiError> {
    let player = id.into_inner();
    Ok(web::Json(
        seasons::change_register(&state, caller, move |conn, me| {
            register::confirm(conn, me, player)
        })
        .await?,
    ))
}
