//! A tournament's audit log: every change, who made it, when, before and after.

use actix_web::{get, web};

use crate::auth::Organizer;
use crate::error::{ApiError, Problem};
use crate::services::audit_log;
use crate::state::AppState;
use crate::wire::audit::AuditEntry;

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
