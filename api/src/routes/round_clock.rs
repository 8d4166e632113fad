//! A round's clock: the organiser starts it, calls time-up at all its tables at once and
//! watches its tables on the monitor. One table's extra time is in `tables`.

use actix_web::http::header::{ETAG, IF_NONE_MATCH};
use actix_web::{HttpRequest, HttpResponse, get, post, web};

use crate::auth::{Caller, Organizer};
use crate::error::{ApiError, Problem};
use crate::services::round_clock;
use crate::services::tables::SheetRead;
use crate::services::write::once;
use crate::state::AppState;
use crate::wire::clock::RoundMonitorResponse;

/// Start the round's clock (organisers): every table's time runs from now, the
/// tournament's minutes for its size. Starting a started round changes nothing and
/// answers the same. Takes an `Idempotency-Key`. Answers the round's monitor.
#[utoipa::path(tag = "rounds", params(("id" = i64, Path, description = "Round id"), ("Idempotency-Key" = Option<String>, Header)),
    security(("bearer" = [])), responses(
    (status = 200, body = RoundMonitorResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/rounds/{id}/start")]
pub async fn start_round(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    let round_id = id.into_inner();
    let acting = caller.clone();
    once(&state, &req, &caller, 200, move |conn| {
        round_clock::start(conn, round_id, &acting)
    })
    .await
}

/// Call time-up at every table of the round (organisers) where time is not up yet and the
/// sheet is not complete: normal games not yet begun are struck, owed Pflichtsoli are still
/// played. Takes an `Idempotency-Key`. Answers the round's monitor.
#[utoipa::path(tag = "rounds", params(("id" = i64, Path, description = "Round id"), ("Idempotency-Key" = Option<String>, Header)),
    security(("bearer" = [])), responses(
    (status = 200, body = RoundMonitorResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/rounds/{id}/time-up")]
pub async fn time_up_round(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    let round_id = id.into_inner();
    let acting = caller.clone();
    once(&state, &req, &caller, 200, move |conn| {
        round_clock::time_up(conn, round_id, &acting)
    })
    .await
}

/// The organiser's monitor of a round: per table the deals entered, who deals next, who
/// owes his Pflichtsolo, a forced solo, time-up, the time left and the last entry. Has an
/// `ETag` (the countdowns left out); `If-None-Match` with it answers an empty 304 while
/// nothing changed.
#[utoipa::path(tag = "rounds", params(("id" = i64, Path, description = "Round id"),
    ("If-None-Match" = Option<String>, Header, description = "The ETag of a monitor read before")),
    security(("bearer" = [])), responses(
    (status = 200, body = RoundMonitorResponse, headers(("ETag" = String, description = "The monitor's tag"))),
    (status = 304, description = "Unchanged since the tag in If-None-Match"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/rounds/{id}/monitor")]
pub async fn get_round_monitor(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    let round_id = id.into_inner();
    let read = state
        .db
        .run(move |conn| SheetRead::of(&round_clock::monitor(conn, round_id, &caller)?))
        .await?;
    let seen = req
        .headers()
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok());
    if read.unchanged_since(seen) {
        return Ok(HttpResponse::NotModified()
            .insert_header((ETAG, read.tag))
            .finish());
    }
    Ok(HttpResponse::Ok()
        .insert_header((ETAG, read.tag))
        .content_type("application/json")
        .body(read.body))
}
