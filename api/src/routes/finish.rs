//! The end of the day: a tournament's organisers finish it, which makes its standings
//! final, and reopen it with a reason.

use actix_web::{post, web};

use crate::auth::{Caller, Organizer};
use crate::error::{ApiError, Problem};
use crate::extract::{JsonBody, RawBody, parse};
use crate::services::finish;
use crate::state::AppState;
use crate::wire::tournaments::{
    FinishTournamentRequest, ReopenTournamentRequest, TournamentResponse,
};

/// Finish a tournament ("Turnier abschließen"): its standings become final.
///
/// Needs a round drawn and every round closed (409 `no_round_played`, `rounds_open` naming
/// them). From then on every change that moves the standings (deals, penalties, players,
/// rounds, plans, the clock, the rules and tie-breaks) is refused with 409
/// `tournament_finished` until the tournament is reopened; its name, day, venue, time zone
/// and publication may still change. Finishing a finished tournament answers it as it is.
/// Audited (`tournament.finish`) and sent to webhooks as `tournament.finished`.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path)),
    request_body(content = Option<FinishTournamentRequest>, description = "Optional (none, or `null`, finishes without a note)"),
    security(("bearer" = [])), responses(
    (status = 200, body = TournamentResponse),
    (status = 409, description = "A round is open or none was drawn", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tournaments/{id}/finish")]
pub async fn finish_tournament(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
    body: RawBody,
) -> Result<web::Json<TournamentResponse>, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    // No body (or `null`) finishes without a note.
    let request = if body.0.iter().all(u8::is_ascii_whitespace) {
        FinishTournamentRequest::default()
    } else {
        parse::<Option<FinishTournamentRequest>>(&body.0)?.unwrap_or_default()
    };
    Ok(web::Json(
        finish::finish(&state, caller, id.into_inner(), request.reason).await?,
    ))
}

/// Reopen a finished tournament, with a reason (422 without one): its standings may change
/// again until it is finished once more. Reopening a running tournament answers it as it
/// is. Audited (`tournament.reopen`) and sent to webhooks as `tournament.reopened`.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path)),
    request_body = ReopenTournamentRequest, security(("bearer" = [])), responses(
    (status = 200, body = TournamentResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tournaments/{id}/reopen")]
pub async fn reopen_tournament(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<ReopenTournamentRequest>,
) -> Result<web::Json<TournamentResponse>, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    Ok(web::Json(
        finish::reopen(&state, caller, id.into_inner(), body.0.reason).await?,
    ))
}
