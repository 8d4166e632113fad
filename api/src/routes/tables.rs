//! A table of a round: its score sheet, the organiser's time-up and extra time, the result
//! he sets for a table that could not play, the arbitration panel's stop. Its join
//! code, deals and penalties have routes of their own.

use actix_web::http::header::{ETAG, IF_NONE_MATCH};
use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};

use crate::auth::{Caller, Organizer};
use crate::error::{ApiError, Problem};
use crate::extract::JsonBody;
use crate::services::write::{guarded, once};
use crate::services::{adjustments, round_clock, table_stops, tables};
use crate::state::AppState;
use crate::wire::clock::ExtendTableRequest;
use crate::wire::sheet::{
    AdjustTableRequest, RemoveAdjustmentRequest, ResumeTableRequest, SheetResponse,
    StopTableRequest,
};

/// A table's score sheet, with an `ETag`; `If-None-Match` with that tag answers an empty
/// 304 while nothing changed.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id"),
    ("If-None-Match" = Option<String>, Header, description = "The ETag of a sheet read before")), responses(
    (status = 200, body = SheetResponse, headers(("ETag" = String, description = "The sheet's tag"))),
    (status = 304, description = "Unchanged since the tag in If-None-Match"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tables/{id}/sheet")]
pub async fn get_sheet(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let table_id = id.into_inner();
    let read = state
        .db
        .run(move |conn| tables::read(conn, table_id, &caller))
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

/// End the round's time at a table (organisers): normal games not yet begun are struck;
/// owed Pflichtsoli are still played, each as a forced solo.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id")),
    security(("bearer" = [])), responses(
    (status = 200, body = SheetResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tables/{id}/time-up")]
pub async fn time_up(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<SheetResponse>, ApiError> {
    let table_id = id.into_inner();
    let answer = guarded(&state, move |conn| tables::time_up(conn, table_id, &caller)).await?;
    Ok(web::Json(answer))
}

/// Give one table extra time (organisers), e.g. for an interruption the referee ruled on
/// (TSR 8.5.1); the reason goes into the audit log. When the table's time had run out and
/// the extension reaches past now, the clock's time-up is lifted, as long as nothing was
/// entered under it; a time-up the organiser called stays. Takes an `Idempotency-Key`: a
/// retry does not extend twice. Answers the sheet.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id"), ("Idempotency-Key" = Option<String>, Header)),
    request_body = ExtendTableRequest, security(("bearer" = [])), responses(
    (status = 200, body = SheetResponse),
    (status = 409, description = "The round has not started, the sheet is complete, or the time-up stays; `current` holds the sheet", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tables/{id}/extend")]
pub async fn extend_table(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<ExtendTableRequest>,
) -> Result<HttpResponse, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    let table_id = id.into_inner();
    let (minutes, reason) = round_clock::check_extension(&body.0)?;
    let acting = caller.clone();
    once(&state, &req, &caller, 200, move |conn| {
        round_clock::extend(conn, table_id, &acting, minutes, &reason)
    })
    .await
}

/// Set the result of a table that could not play its round ("festgesetzte Wertung").
///
/// Organisers only, with a reason (422 without). One value per seat in seat order, at most
/// 999 either way (422 naming `points` or `points[i]`). Only on a sheet without deals: a
/// round that was played counts with its deals (409 `table_has_deals`, `current` the
/// sheet). The table then counts as complete, takes no deal or time-up (409
/// `table_adjusted`) and its players' round counts in the standings, marked as set
/// (`adjusted_rounds`). Setting it again replaces it. Refused once the tournament is
/// finished. Audited (`table.adjust`); sends `standings.changed`.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id")),
    request_body = AdjustTableRequest, security(("bearer" = [])), responses(
    (status = 200, body = SheetResponse),
    (status = 409, description = "The table has deals (`table_has_deals`) or the tournament is finished", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[put("/tables/{id}/adjustment")]
pub async fn adjust_table(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<AdjustTableRequest>,
) -> Result<web::Json<SheetResponse>, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    let table_id = id.into_inner();
    let AdjustTableRequest { points, reason } = body.0;
    let sheet = guarded(&state, move |conn| {
        adjustments::set(conn, table_id, &caller, &points, &reason)
    })
    .await?;
    Ok(web::Json(sheet))
}

/// Remove a table's set result, with a reason (422 without): it takes deals again. A table
/// without one is answered as it is. Audited (`table.adjust.remove`).
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id")),
    request_body = RemoveAdjustmentRequest, security(("bearer" = [])), responses(
    (status = 200, body = SheetResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/tables/{id}/adjustment")]
pub async fn remove_adjustment(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<RemoveAdjustmentRequest>,
) -> Result<web::Json<SheetResponse>, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    let table_id = id.into_inner();
    let reason = body.0.reason;
    let sheet = guarded(&state, move |conn| {
        adjustments::remove(conn, table_id, &caller, &reason)
    })
    .await?;
    Ok(web::Json(sheet))
}

/// The arbitration panel stops a table's round where it stands (TSR 9.7.2 c, typically the
/// table of a player it disqualified).
///
/// Organisers only, with the panel's reason (422 without). The deals entered count as they
/// are; nothing more is played, not even the Pflichtsoli still owed, which time-up would
/// still force. The sheet is then complete (`stopped` says why and when), takes no deal or
/// time-up (409 `table_stopped`). A complete round or a set result has nothing to stop (409
/// `sheet_complete`, `table_adjusted`), nor has a stopped one (409 `table_stopped`), each
/// with `current` the sheet. Refused once the tournament is finished. Audited
/// (`table.stop`).
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id")),
    request_body = StopTableRequest, security(("bearer" = [])), responses(
    (status = 200, body = SheetResponse),
    (status = 409, description = "Nothing to stop (`table_stopped`, `sheet_complete`, `table_adjusted`) or the tournament is finished", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[put("/tables/{id}/stop")]
pub async fn stop_table(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<StopTableRequest>,
) -> Result<web::Json<SheetResponse>, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    let table_id = id.into_inner();
    let reason = body.0.reason;
    let sheet = guarded(&state, move |conn| {
        table_stops::stop(conn, table_id, &caller, &reason)
    })
    .await?;
    Ok(web::Json(sheet))
}

/// Take the panel's stop back, with a reason (422 without): the table plays on where it
/// stood. A table that is not stopped is answered as it is. Audited (`table.stop.remove`).
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id")),
    request_body = ResumeTableRequest, security(("bearer" = [])), responses(
    (status = 200, body = SheetResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/tables/{id}/stop")]
pub async fn resume_table(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<ResumeTableRequest>,
) -> Result<web::Json<SheetResponse>, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    let table_id = id.into_inner();
    let reason = body.0.reason;
    let sheet = guarded(&state, move |conn| {
        table_stops::resume(conn, table_id, &caller, &reason)
    })
    .await?;
    Ok(web::Json(sheet))
}
