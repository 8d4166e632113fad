//! Organisers' sessions. Signing in opens one (a stored row its token names), signing out
//! ends it, and a new password or the account's removal ends all of the organiser's, his
//! preview links too (they name his token version, which both count up). Before any
//! handler runs, every organiser's token and preview link a request presents is screened
//! here against what is stored ([`screen`]); the extractors accept only what stood.
//!
//! Sessions keep the tokens' time, the system's: a token's expiry is checked against it,
//! and a stored session only needs to outlive its token.

use chrono::{DateTime, Utc};

use super::codes;
use crate::auth::jwt::{self, Claims, Role};
use crate::auth::preview;
use crate::auth::screened::Screened;
use crate::db::{DbConn, organizers, sessions};
use crate::error::ApiError;
use crate::keys::SigningKeys;
use crate::state::AppState;
use crate::wire::auth::TokenResponse;

/// Opens a session for `organizer_id` and signs its token, in the caller's transaction.
pub fn open(
    conn: &mut DbConn,
    keys: &SigningKeys,
    organizer_id: i64,
) -> Result<TokenResponse, ApiError> {
    let now = Utc::now();
    let mut claims = Claims::new(Role::Organizer, organizer_id, None, now.timestamp());
    let id = codes::new_secret()?;
    let expires = DateTime::from_timestamp(claims.exp, 0)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("expiry {} out of range", claims.exp)))?;
    sessions::insert(
        conn,
        &id,
        organizer_id,
        now.naive_utc(),
        expires.naive_utc(),
    )?;
    claims.sid = Some(id);
    Ok(TokenResponse {
        token: jwt::encode(keys, &claims)?,
        expires_in: claims.exp - claims.iat,
        table_id: None,
    })
}

/// Ends the session of organiser's `token` (signing out); a token that names none, or one
/// already ended, changes nothing.
pub async fn end(state: &AppState, token: &str) -> Result<(), ApiError> {
    let Some(sid) = jwt::decode(&state.keys, token).and_then(|c| c.sid) else {
        return Ok(());
    };
    state
        .db
        .run(move |conn| Ok(sessions::end(conn, &sid)?))
        .await
        .map(drop)
}

/// Ends every session of organiser `id` and his preview links (his password changed, or
/// his account goes), in the caller's transaction; answers how many sessions there were.
pub fn end_all(conn: &mut DbConn, id: i64) -> Result<usize, ApiError> {
    Ok(sessions::end_all(conn, id)?)
}

/// Which of `tokens` (a request's bearer token, desk cookie, preview link) stand: an
/// organiser's token whose session is stored and whose account is not removed, a preview
/// link made under its organiser's current token version. Captains' tokens are not
/// screened here (a revoked join code ends them, checked where they are used), nor is a
/// token that does not decode (the extractors refuse it).
pub async fn screen(state: &AppState, tokens: Vec<String>) -> Result<Screened, ApiError> {
    enum Check {
        Session { sid: String, organizer: i64 },
        Preview { version: i32, organizer: i64 },
    }
    let checks: Vec<(String, Check)> = tokens
        .into_iter()
        .filter_map(|token| {
            let check = if let Some(claims) = jwt::decode(&state.keys, &token) {
                let organizer = claims.sub.parse().ok()?;
                match (claims.role, claims.sid) {
                    (Role::Organizer, Some(sid)) => Check::Session { sid, organizer },
                    _ => return None,
                }
            } else {
                let claims = preview::decode(&state.keys, &token)?;
                Check::Preview {
                    version: claims.ver,
                    organizer: claims.organizer()?,
                }
            };
            Some((token, check))
        })
        .collect();
    if checks.is_empty() {
        return Ok(Screened::default());
    }
    state
        .db
        .run(move |conn| {
            let mut standing = Vec::new();
            for (token, check) in checks {
                let stands = match check {
                    Check::Session { sid, organizer } => sessions::is_live(conn, &sid, organizer)?,
                    Check::Preview { version, organizer } => {
                        organizers::token_version(conn, organizer)? == Some(version)
                    }
                };
                if stands {
                    standing.push(token);
                }
            }
            Ok(Screened::new(standing))
        })
        .await
}

/// The token version of organiser `id`, for a preview link made now.
pub fn token_version(conn: &mut DbConn, id: i64) -> Result<i32, ApiError> {
    organizers::token_version(conn, id)?.ok_or(ApiError::Unauthenticated)
}
