//! A round's seating, changed by hand before the round starts: swaps, moves, late arrivals
//! and withdrawals, with the quality before and after.

use actix_web::{HttpRequest, HttpResponse, post, web};

use crate::auth::{Caller, Organizer};
use crate::error::{ApiError, Problem};
use crate::extract::JsonBody;
use crate::services::rounds;
use crate::state::AppState;
use crate::wire::rounds::{ReseatRequest, ReseatResponse};

/// Swap, move, add or remove players in a round before it starts, seeing the quality
/// change (repeat pairs, seats, 5-table duty, clubs apart). With `dry_run` nothing changes.
///
/// Refused with 409 `round_started` once a deal or penalty is entered or the round is
/// closed. Send an `Idempotency-Key`: a swap sent twice would swap back.
#[utoipa::path(tag = "rounds", params(("id" = i64, Path, description = "Round id"),
    ("Idempotency-Key" = Option<String>, Header)),
    request_body = ReseatRequest, security(("bearer" = [])), responses(
    (status = 200, body = ReseatResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/rounds/{id}/seating")]
pub async fn reseat_round(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<ReseatRequest>,
) -> Result<HttpResponse, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    rounds::reseat_round(&state, &req, caller, id.into_inner(), body.0).await
}
