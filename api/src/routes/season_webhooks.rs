//! A season's webhooks: URLs its organiser registers to be told when the season's standings
//! may have moved (`season.standings.changed`), and the deliveries sent to them. The same
//! outbox, signature and retries as a tournament's ([`super::webhooks`]).

use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};

use crate::auth::Caller;
use crate::error::{ApiError, Problem};
use crate::extract::JsonBody;
use crate::services::webhooks::{self, Owner};
use crate::state::AppState;
use crate::wire::webhooks::{DeliveryResponse, WebhookRequest, WebhookResponse};

/// Register a season's webhook (its organiser).
///
/// The one event is `season.standings.changed`: a deal, a correction, a penalty, a round
/// closed or a tournament finished at one of its evenings (published, or one he runs);
/// its rules, publication or evenings changed; the register's people merged or split.
/// The body names the season, the cause and the evening, and the URL of the standings.
/// Headers and signature as for a tournament's hook. 422 `invalid_body` naming `url` or
/// `events`; 409 `too_many_webhooks` past 20. Audited in the organiser's own log.
#[utoipa::path(tag = "webhooks", params(("id" = i64, Path, description = "Season id"), ("Idempotency-Key" = Option<String>, Header)),
    request_body = WebhookRequest, security(("bearer" = [])), responses(
    (status = 201, body = WebhookResponse, description = "Registered, with its secret"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/seasons/{id}/webhooks")]
pub async fn create_season_webhook(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    id: web::Path<i64>,
    body: JsonBody<WebhookRequest>,
) -> Result<HttpResponse, ApiError> {
    webhooks::create(
        &state,
        &req,
        caller,
        Owner::Season(id.into_inner()),
        &body.0,
    )
    .await
}

/// A season's webhooks with their delivery counts and newest delivery (its organiser).
#[utoipa::path(tag = "webhooks", params(("id" = i64, Path, description = "Season id")),
    security(("bearer" = [])), responses(
    (status = 200, body = Vec<WebhookResponse>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/seasons/{id}/webhooks")]
pub async fn list_season_webhooks(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<Vec<WebhookResponse>>, ApiError> {
    let owner = Owner::Season(id.into_inner());
    Ok(web::Json(webhooks::list(&state, caller, owner).await?))
}

/// Remove a season's webhook with its deliveries not yet sent (its organiser). Audited.
#[utoipa::path(tag = "webhooks", params(("id" = i64, Path, description = "Season id"), ("hook_id" = i64, Path)),
    security(("bearer" = [])), responses(
    (status = 204),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/seasons/{id}/webhooks/{hook_id}")]
pub async fn delete_season_webhook(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (id, hook_id) = path.into_inner();
    webhooks::delete(&state, caller, Owner::Season(id), hook_id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A season's webhook's deliveries, newest first (the latest 100; its organiser).
#[utoipa::path(tag = "webhooks", params(("id" = i64, Path, description = "Season id"), ("hook_id" = i64, Path)),
    security(("bearer" = [])), responses(
    (status = 200, body = Vec<DeliveryResponse>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/seasons/{id}/webhooks/{hook_id}/deliveries")]
pub async fn list_season_deliveries(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(i64, i64)>,
) -> Result<web::Json<Vec<DeliveryResponse>>, ApiError> {
    let (id, hook_id) = path.into_inner();
    let owner = Owner::Season(id);
    Ok(web::Json(
        webhooks::deliveries(&state, caller, owner, hook_id).await?,
    ))
}

/// Send a season's delivery again at once, whatever its state (its organiser). One still
/// pending is answered as it is, nothing written. Audited.
#[utoipa::path(tag = "webhooks", params(("id" = i64, Path, description = "Season id"), ("hook_id" = i64, Path), ("delivery_id" = i64, Path)),
    security(("bearer" = [])), responses(
    (status = 200, body = DeliveryResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/seasons/{id}/webhooks/{hook_id}/deliveries/{delivery_id}/retry")]
pub async fn retry_season_delivery(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(i64, i64, i64)>,
) -> Result<web::Json<DeliveryResponse>, ApiError> {
    let (id, hook_id, delivery_id) = path.into_inner();
    let owner = Owner::Season(id);
    Ok(web::Json(
        webhooks::retry(&state, caller, owner, hook_id, delivery_id).await?,
    ))
}
