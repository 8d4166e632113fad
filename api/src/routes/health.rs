//! Liveness (the process answers) and readiness (the database answers too).

use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{ApiError, Problem};
use crate::state::AppState;

/// The health answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct HealthResponse {
    /// Always `ok` when the status is 200.
    #[schema(example = "ok")]
    pub status: &'static str,
    /// The database backend, on readiness.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "sqlite")]
    pub database: Option<&'static str>,
}

/// The process is up.
#[utoipa::path(tag = "health", responses((status = 200, body = HealthResponse)))]
#[get("/health/live")]
pub async fn live() -> HttpResponse {
    HttpResponse::Ok().json(HealthResponse {
        status: "ok",
        database: None,
    })
}

/// The process is up and its database answers.
#[utoipa::path(tag = "health", responses(
    (status = 200, body = HealthResponse),
    (status = 503, description = "The database does not answer", body = Problem, content_type = "application/problem+json")
))]
#[get("/health/ready")]
pub async fn ready(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    state.db.ping().await?;
    Ok(HttpResponse::Ok().json(HealthResponse {
        status: "ok",
        database: Some(state.db.backend().as_str()),
    }))
}
