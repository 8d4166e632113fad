//! A tournament's webhooks: URLs its organisers register to be told of its events, and
//! the deliveries sent to them.

use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};

use crate::auth::Caller;
use crate::error::{ApiError, Problem};
use crate::extract::JsonBody;
use crate::services::webhooks::{self, Owner};
use crate::state::AppState;
use crate::wire::webhooks::{DeliveryResponse, WebhookRequest, WebhookResponse};

/// Register a webhook (organisers of the tournament).
///
/// Events are posted as JSON with `X-Karlchen-Event`, `X-Karlchen-Delivery` (the same on
/// every attempt: drop repeats by it) and `X-Karlchen-Signature: sha256=<hex HMAC-SHA256
/// of the body keyed with the secret>`. The secret is in this answer only. 422
/// `invalid_body` naming `url` or `events` when they are not an absolute http(s) URL of at
/// most 2000 characters and known events; 409 `too_many_webhooks` past 20. Audited.
#[utoipa::path(tag = "webhooks", params(("id" = i64, Path, description = "Tournament id"), ("Idempotency-Key" = Option<String>, Header)),
    request_body = WebhookRequest, security(("bearer" = [])), responses(
    (status = 201, body = WebhookResponse, description = "Registered, with its secret"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tournaments/{id}/webhooks")]
pub async fn create_webhook(
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
        Owner::Tournament(id.into_inner()),
        &body.0,
    )
    .await
}

/// A tournament's webhooks with their delivery counts and newest delivery (organisers).
#[utoipa::path(tag = "webhooks", params(("id" = i64, Path, description = "Tournament id")),
    security(("bearer" = [])), responses(
    (status = 200, body = Vec<WebhookResponse>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}/webhooks")]
pub async fn list_webhooks(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<Vec<WebhookResponse>>, ApiError> {
    Ok(web::Json(
        webhooks::list(&state, caller, Owner::Tournament(id.into_inner())).await?,
    ))
}

/// Remove a webhook with its deliveries not yet sent (organisers). Audited.
#[utoipa::path(tag = "webhooks", params(("id" = i64, Path, description = "Tournament id"), ("hook_id" = i64, Path)),
    security(("bearer" = [])), responses(
    (status = 204),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/tournaments/{id}/webhooks/{hook_id}")]
pub async fn delete_webhook(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, ApiError> {
    let (id, hook_id) = path.into_inner();
    webhooks::delete(&state, caller, Owner::Tournament(id), hook_id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A webhook's deliveries, newest first (the latest 100): state, attempts, the receiver's
/// last answer or error, the next attempt (organisers).
#[utoipa::path(tag = "webhooks", params(("id" = i64, Path, description = "Tournament id"), ("hook_id" = i64, Path)),
    security(("bearer" = [])), responses(
    (status = 200, body = Vec<DeliveryResponse>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}/webhooks/{hook_id}/deliveries")]
pub async fn list_deliveries(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(i64, i64)>,
) -> Result<web::Json<Vec<DeliveryResponse>>, ApiError> {
    let (id, hook_id) = path.into_inner();
    Ok(web::Json(
        webhooks::deliveries(&state, caller, Owner::Tournament(id), hook_id).await?,
    ))
}

/// Send a delivery again at once, whatever its state (organisers; a failed one gets one
/// more attempt). One still pending is answered as it is, nothing written: a retry sent
/// twice is one. Audited.
#[utoipa::path(tag = "webhooks", params(("id" = i64, Path, description = "Tournament id"), ("hook_id" = i64, Path), ("delivery_id" = i64, Path)),
    security(("bearer" = [])), responses(
    (status = 200, body = DeliveryResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tournaments/{id}/webhooks/{hook_id}/deliveries/{delivery_id}/retry")]
pub async fn retry_delivery(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(i64, i64, i64)>,
) -> Result<web::Json<DeliveryResponse>, ApiError> {
    let (id, hook_id, delivery_id) = path.into_inner();
    Ok(web::Json(
        webhooks::retry(&state, caller, Owner::Tournament(id), hook_id, delivery_id).await?,
    ))
}
