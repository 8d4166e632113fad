//! Logging in: organisers with e-mail and password, captains with their table's join code.
//! Both are rate-limited (`auth::limits`); a wrong e-mail and a wrong password get the same
//! answer after the same time.

use actix_web::{HttpRequest, web};

use super::{sessions, write};
use crate::auth::jwt::{self, Claims, Role};
use crate::auth::password;
use crate::db::{captain_codes, organizers};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::auth::{CaptainRequest, LoginRequest, TokenResponse};

/// Checks an organiser's credentials and issues an organiser's token.
pub async fn login(
    state: &AppState,
    req: &HttpRequest,
    request: LoginRequest,
) -> Result<TokenResponse, ApiError> {
    let LoginRequest { email, password } = request;
    let email = email.trim().to_lowercase();
    state.auth_limits.check_login(req, &email)?;
    let found = state
        .db
        .run(move |conn| Ok(organizers::by_email(conn, &email)?))
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
    let organizer = found.filter(|_| ok).ok_or(ApiError::InvalidCredentials)?;
    let keys = state.keys.clone();
    write::guarded(state, move |conn| sessions::open(conn, &keys, organizer.id)).await
}

/// Normalises a typed join code: upper case, no spaces or dashes.
pub fn normalize_code(code: &str) -> String {
    code.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// Trades a table's join code for a captain's token for that table.
pub async fn captain(
    state: &AppState,
    req: &HttpRequest,
    request: CaptainRequest,
) -> Result<TokenResponse, ApiError> {
    let code = normalize_code(&request.code);
    state.auth_limits.check_join(req, &code)?;
    let lookup = code.clone();
    let table_id = state
        .db
        .run(move |conn| Ok(captain_codes::active_table(conn, &lookup)?))
        .await?
        .ok_or(ApiError::InvalidJoinCode)?;
    let claims = Claims::new(
        Role::Captain,
        table_id,
        Some(code),
        chrono::Utc::now().timestamp(),
    );
    Ok(TokenResponse {
        token: jwt::encode(&state.keys, &claims)?,
        expires_in: claims.exp - claims.iat,
        table_id: Some(table_id),
    })
}
