//! Logging in: organisers with e-mail and password, captains with their table's join code.

use actix_web::{HttpRequest, post, web};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::jwt::{self, Claims, Role};
use crate::auth::password;
use crate::db::models::OrganizerRow;
use crate::db::schema::{join_codes, organizers};
use crate::error::{ApiError, Problem};
use crate::extract::JsonBody;
use crate::state::AppState;

/// An organiser's credentials.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LoginRequest {
    /// E-mail (case does not matter).
    #[schema(example = "leitung@doko-club.de")]
    pub email: String,
    /// Password.
    pub password: String,
}

/// A bearer token.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenResponse {
    /// Send as `Authorization: Bearer <token>`.
    pub token: String,
    /// Seconds until it expires.
    pub expires_in: i64,
    /// For captains: the table the token opens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_id: Option<i64>,
}

/// Log in as an organiser.
///
/// A wrong e-mail and a wrong password get the same answer, after the same time. Attempts
/// are limited per e-mail and per client address (429 with `Retry-After`).
#[utoipa::path(tag = "auth", request_body = LoginRequest, responses(
    (status = 200, body = TokenResponse),
    (status = 401, description = "Wrong e-mail or password", body = Problem, content_type = "application/problem+json"),
    (status = 429, description = "Too many attempts for this e-mail or from this address; see `Retry-After`", body = Problem, content_type = "application/problem+json"),
))]
#[post("/auth/login")]
pub async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: JsonBody<LoginRequest>,
) -> Result<web::Json<TokenResponse>, ApiError> {
    let LoginRequest { email, password } = body.0;
    let email = email.trim().to_lowercase();
    state.auth_limits.check_login(&req, &email)?;
    let found: Option<OrganizerRow> = state
        .db
        .run(move |conn| {
            Ok(organizers::table
                .filter(organizers::email.eq(email))
                .select(OrganizerRow::as_select())
                .first(conn)
                .optional()?)
        })
        .await?;
    let hash = found.as_ref().map_or_else(
        || password::dummy_hash().to_owned(),
        |o| o.password_hash.clone(),
    );
    // At most one hash per core at a time: argon2 takes 19 MiB and a core for a while, so
    // a burst of logins waits here rather than exhausting memory or the blocking pool.
    let _permit = state
        .auth_limits
        .hashing
        .acquire()
        .await
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("hashing semaphore closed: {e}")))?;
    let ok = web::block(move || password::verify(&password, &hash)).await?;
    let organizer = found.filter(|_| ok).ok_or(ApiError::Unauthenticated)?;
    let claims = Claims::new(
        Role::Organizer,
        organizer.id,
        None,
        chrono::Utc::now().timestamp(),
    );
    Ok(web::Json(TokenResponse {
        token: jwt::encode(&state.keys, &claims)?,
        expires_in: claims.exp - claims.iat,
        table_id: None,
    }))
}

/// A table's join code.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CaptainRequest {
    /// The code on the table card, with or without the dash, in any case.
    #[schema(example = "KRL7-94QX")]
    pub code: String,
}

/// Normalises a typed join code: upper case, no spaces or dashes.
pub fn normalize_code(code: &str) -> String {
    code.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect()
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
    let code = normalize_code(&body.0.code);
    state.auth_limits.check_join(&req, &code)?;
    let lookup = code.clone();
    let table_id: i64 = state
        .db
        .run(move |conn| {
            Ok(join_codes::table
                .filter(join_codes::code.eq(lookup))
                .filter(join_codes::revoked_at.is_null())
                .select(join_codes::table_id)
                .first(conn)
                .optional()?)
        })
        .await?
        .ok_or(ApiError::Unauthenticated)?;
    let claims = Claims::new(
        Role::Captain,
        table_id,
        Some(code),
        chrono::Utc::now().timestamp(),
    );
    Ok(web::Json(TokenResponse {
        token: jwt::encode(&state.keys, &claims)?,
        expires_in: claims.exp - claims.iat,
        table_id: Some(table_id),
    }))
}
