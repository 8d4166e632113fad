//! A tournament's audit log: every change, who made it, when, before and after; and the
//! sanctions for unsportsmanlike conduct it holds, by player.

use actix_web::{get, web};

use crate::auth::Organizer;
use crate::error::{ApiError, Problem};
use crate::services::{audit_log, sanctions};
use crate::state::AppState;
use crate::wire::audit::AuditEntry;
use crate::wire::sanctions::SanctionsResponse;

/// The audit log of a tournament, oldest first (organisers only).
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path)), security(("bearer" = [])), responses(
    (status = 200, body = Vec<AuditEntry>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}/audit")]
pub async fn list_audit(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
) -> Result<web::Json<Vec<AuditEntry>>, ApiError> {
    Ok(web::Json(
        audit_log::list(&state, organizer.0, id.into_inner()).await?,
    ))
}

/// The sanctions for unsportsmanlike conduct (TSR 9.7) of a tournament, the oldest first:
/// every warning and point deduction (recorded as penalties on deals, severity
/// `unsportsmanlike`) with its player, round, table and deal, and every disqualification;
/// with each warned player's count of warnings (organisers only).
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path)), security(("bearer" = [])), responses(
    (status = 200, body = SanctionsResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}/sanctions")]
pub async fn list_sanctions(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
) -> Result<web::Json<SanctionsResponse>, ApiError> {
    Ok(web::Json(
        sanctions::of_tournament(&state, organizer.0, id.into_inner()).await?,
    ))
}
