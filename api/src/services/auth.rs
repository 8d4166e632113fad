//! Logging in: organisers with e-mail and password, captains with their table's join code.
//! Both are rate-limited (`auth::limits`); a wrong e-mail and a wrong password get the same
//! answer after the same time.

use actix_web::{HttpRequest, web};

use super::{sessions, write};
use crate::auth::jwt::{self, Claims, Role};
use crate::auth::limits::Shared;
use crate::auth::password;
use crate::db::{captain_codes, organizers, rate_limits};
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
    let shared = state.auth_limits.check_login(req, &email)?;
    count_shared(state, shared).await?;
    let found = state
        .db
        .run(move |conn| Ok(organizers::by_email(conn, &email)?))
        .await?;
    let hash = found.as_ref().map_or_else(
        || password::dummy_hash().to_owned(),
        |o| o.password_hash.clone(),
    );
    let _turn = state.auth_limits.hash_turn().await?;
    let ok = web::block(move || password::verify(&password, &hash)).await?;
    let organizer = found.filter(|_| ok).ok_or(ApiError::InvalidCredentials)?;
    let keys = state.keys.clone();
    write::guarded(state, move |conn| sessions::open(conn, &keys, organizer.id)).await
}

/// Counts an attempt this instance allowed against the limits every instance on the
/// database counts together (`auth::limits`; nothing on SQLite): a 429 once one of them is
/// used up. Its own transaction, committed before the password is checked, and not a
/// commit the live standings look again for.
async fn count_shared(state: &AppState, shared: Shared) -> Result<(), ApiError> {
    if shared.keys.is_empty() {
        return Ok(());
    }
    let keys = shared.keys.clone();
    let sweep = shared.sweep;
    let waits = state
        .db
        .tx_uncounted(move |conn| {
            let now = crate::clock::now();
            if sweep {
                rate_limits::forget_before(conn, now)?;
            }
            for (key, quota) in &keys {
                match rate_limits::take(conn, key, |refilled| quota.attempt(refilled, now))? {
                    Some(Ok(())) => {}
                    Some(Err(wait)) => return Ok(Some(wait)),
                    // Counted by others right now, over and over: a burst is under way.
                    None => return Ok(Some(chrono::TimeDelta::seconds(1))),
                }
            }
            Ok(None)
        })
        .await?;
    waits.map_or(Ok(()), |wait| Err(shared.refused(wait)))
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
    let shared = state.auth_limits.check_join(req, &code)?;
    count_shared(state, shared).await?;
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
