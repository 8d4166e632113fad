//! Logging in: organisers with e-mail and password, captains with their table's join code.

use actix_web::{HttpRequest, HttpResponse, post, web};

use crate::auth::extract::bearer;
use crate::error::{ApiError, Problem};
use crate::extract::JsonBody;
use crate::services::{auth, sessions};
use crate::state::AppState;
use crate::wire::auth::{CaptainRequest, LoginRequest, TokenResponse};

/// Log in as an organiser.
///
/// A wrong e-mail and a wrong password get the same answer, after the same time. Attempts
/// are limited per e-mail and per client address (429 with `Retry-After`).
#[utoipa::path(tag = "auth", request_body = LoginRequest, responses(
    (status = 200, body = TokenResponse),
    (status = 401, description = "Wrong e-mail or password (`invalid_credentials`, the same for both)", body = Problem, content_type = "application/problem+json"),
    (status = 429, description = "Too many attempts for this e-mail or from this address; see `Retry-After`", body = Problem, content_type = "application/problem+json"),
))]
#[post("/auth/login")]
pub async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: JsonBody<LoginRequest>,
) -> Result<web::Json<TokenResponse>, ApiError> {
    Ok(web::Json(auth::login(&state, &req, body.0).await?))
}

/// Trade a table's join code for a captain's token for that table.
#[utoipa::path(tag = "auth", request_body = CaptainRequest, responses(
    (status = 200, body = TokenResponse),
    (status = 401, description = "Unknown or revoked code", body = Problem, content_type = "application/problem+json"),
    (status = 429, description = "Too many attempts for this code or from this address; see `Retry-After`", body = Problem, content_type = "application/problem+json"),
))]
#[post("/auth/captain")]
pub async fn captain(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: JsonBody<CaptainRequest>,
) -> Result<web::Json<TokenResponse>, ApiError> {
    Ok(web::Json(auth::captain(&state, &req, body.0).await?))
}

/// Log out: the organiser's session ends, and the token (every copy of it) opens nothing
/// any more. Logging out again, or with a token whose session has ended, answers 204 too.
#[utoipa::path(tag = "auth", security(("bearer" = [])), responses(
    (status = 204, description = "The session has ended"),
    (status = 401, description = "No organiser's token", body = Problem, content_type = "application/problem+json"),
))]
#[post("/auth/logout")]
pub async fn logout(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let token = bearer(&req).ok_or(ApiError::Unauthenticated)?;
    sessions::end(&state, token).await?;
    Ok(HttpResponse::NoContent().finish())
}
