//! Prometheus metrics of the running service.

use actix_web::{HttpRequest, HttpResponse, get, web};

use crate::error::{ApiError, Problem};
use crate::state::AppState;

/// The service's metrics in Prometheus's text format: requests by method, route pattern
/// and status, their latency, the database pool's connections, deals entered, live
/// standings streams open, standings computed, the webhook outbox, the build and the
/// standard process metrics.
///
/// With `KARLCHEN_METRICS_TOKEN` set, it asks for that token as a bearer; without, it
/// answers only requests from the loopback address that came through no proxy.
#[utoipa::path(tag = "health", security((), ("metrics_token" = [])), responses(
    (status = 200, description = "Prometheus text format 0.0.4", body = String, content_type = "text/plain"),
    (status = 401, description = "`KARLCHEN_METRICS_TOKEN` is set and was not given", body = Problem, content_type = "application/problem+json"),
    (status = 403, description = "No token is set and the request did not come from the loopback address", body = Problem, content_type = "application/problem+json"),
))]
#[get("/metrics")]
pub async fn get_metrics(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let text = crate::services::metrics::read(&state, &req).await?;
    Ok(HttpResponse::Ok()
        .content_type(crate::metrics::CONTENT_TYPE)
        .body(text))
}
