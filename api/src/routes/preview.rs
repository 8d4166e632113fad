//! Preview links to a tournament's pages before they are published.

use actix_web::{post, web};

use crate::auth::Caller;
use crate::error::{ApiError, Problem};
use crate::services::preview;
use crate::state::AppState;
use crate::wire::preview::PreviewLinkResponse;

/// Make a preview link to a tournament's pages (organiser only).
///
/// The link shows the start page, the table lists and the plan as the organiser sees them,
/// published or not, marked as a preview and kept out of search engines. It works for 12
/// hours and for this one tournament; an expired or altered link shows the same "not
/// found" as any unpublished tournament. Nothing is stored, so asking again is harmless.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path, description = "Tournament id")),
    security(("bearer" = [])), responses(
    (status = 200, body = PreviewLinkResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tournaments/{id}/preview-link")]
pub async fn create_preview_link(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<PreviewLinkResponse>, ApiError> {
    let answer = preview::create_link(&state, caller, id.into_inner()).await?;
    Ok(web::Json(answer))
}
