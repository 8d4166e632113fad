//! Rounds: created from explicit tables, drawn, or taken from the tournament's plan;
//! listed; closed when play ends; the last one deleted before it starts. Hand changes to a
//! round's seats are `round_seating`.

use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};

use crate::auth::{Caller, Organizer};
use crate::error::{ApiError, Problem};
use crate::extract::{JsonBody, RawBody, parse};
use crate::services::rounds;
use crate::state::AppState;
use crate::wire::rounds::{
    CloseRoundRequest, CreateRoundRequest, CreatedRoundResponse, RoundResponse,
};

/// Create the next round: from explicit tables, drawn (`random`, `avoid_repeats`,
/// `by_standings`), or as the tournament's plan has it (`planned`).
///
/// Once check-in has started (somebody is checked in), draws seat only the players checked
/// in and not withdrawn; `left_out` names the others. A planned round that seats somebody
/// not checked in is refused with 409 `plan_not_checked_in` (`plan_outdated` for withdrawn
/// or unplanned players), naming them: check them in, re-plan, or draw another way.
/// Explicit tables may seat anybody not withdrawn; `seated_not_checked_in` names whom.
/// While an earlier round is open the round is refused with 409 `earlier_round_open`
/// unless `early` is true.
#[utoipa::path(tag = "rounds", params(("id" = i64, Path), ("Idempotency-Key" = Option<String>, Header)),
    request_body = CreateRoundRequest, security(("bearer" = [])), responses(
    (status = 201, body = CreatedRoundResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tournaments/{id}/rounds")]
pub async fn create_round(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<CreateRoundRequest>,
) -> Result<HttpResponse, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    rounds::create_round(&state, &req, caller, id.into_inner(), body.0).await
}

/// The rounds of a tournament with their tables.
#[utoipa::path(tag = "rounds", params(("id" = i64, Path)), responses(
    (status = 200, body = Vec<RoundResponse>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}/rounds")]
pub async fn list_rounds(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<Vec<RoundResponse>>, ApiError> {
    let answer = rounds::list_rounds(&state, caller, id.into_inner()).await?;
    Ok(web::Json(answer))
}

/// Close a round: captains can no longer enter or correct; organisers still can.
///
/// Refused with 409 `round_incomplete` while a table's sheet is not complete (deals left
/// to play; after time-up, Pflichtsoli owed): `current.incomplete` lists those tables.
/// `{"force": true}` closes anyway and the audit log keeps the list. The body may be left
/// out.
#[utoipa::path(tag = "rounds", params(("id" = i64, Path, description = "Round id")),
    request_body(content = Option<CloseRoundRequest>, description = "Optional (none, or `null`, is `{\"force\": false}`)"),
    security(("bearer" = [])), responses(
    (status = 200, body = RoundResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/rounds/{id}/close")]
pub async fn close_round(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
    body: RawBody,
) -> Result<web::Json<RoundResponse>, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    // No body (or `null`) is the plain close: existing clients send none.
    let request = if body.0.iter().all(u8::is_ascii_whitespace) {
        CloseRoundRequest::default()
    } else {
        parse::<Option<CloseRoundRequest>>(&body.0)?.unwrap_or_default()
    };
    let answer = rounds::close_round(&state, caller, id.into_inner(), request).await?;
    Ok(web::Json(answer))
}

/// Delete the last round before it starts (to draw it again, e.g. after several
/// withdrawals). Its join codes go with it.
#[utoipa::path(tag = "rounds", params(("id" = i64, Path, description = "Round id")),
    security(("bearer" = [])), responses(
    (status = 204),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/rounds/{id}")]
pub async fn delete_round(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    rounds::delete_round(&state, caller, id.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}
