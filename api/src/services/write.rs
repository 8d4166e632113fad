//! The write runners every handler that changes data goes through: one transaction, the
//! `Idempotency-Key` replayed or stored with it, and work computed ahead of the write.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;

use super::access::{self, Need};
use super::idempotency;
use crate::auth::Caller;
use crate::db::DbConn;
use crate::db::models::TournamentRow;
use crate::error::ApiError;
use crate::state::AppState;

/// Runs a change in one transaction without an `Idempotency-Key`, for the changes whose
/// own precondition makes a repeat harmless: an `If-Match` version (a repeat is refused as
/// stale), a deletion, revocation or withdrawal (a repeat finds nothing left to undo), an
/// update to given values (a repeat sets them again), a start or a time-up (refused once
/// done), codes for the tables without one. Every write's transaction opens in this
/// module.
pub async fn guarded<T, F>(state: &AppState, f: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConn) -> Result<T, ApiError> + Send + 'static,
{
    command(&state.db, f).await
}

/// Runs a change from the command line (an account's password, its removal) in one
/// transaction, as [`guarded`] runs a request's.
pub async fn command<T, F>(db: &crate::db::Database, f: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConn) -> Result<T, ApiError> + Send + 'static,
{
    db.tx(f).await
}

/// Runs a create: replays the stored answer for a repeated `Idempotency-Key`, or runs `f`
/// and stores its answer with what it created, in one transaction. Answers 201.
pub async fn create<T, F>(
    state: &AppState,
    req: &HttpRequest,
    caller: &Caller,
    f: F,
) -> Result<HttpResponse, ApiError>
where
    T: Serialize,
    F: FnOnce(&mut DbConn) -> Result<T, ApiError> + Send + 'static,
{
    once(state, req, caller, 201, f).await
}

/// Computes ahead, outside any transaction, what a write would otherwise compute while it
/// holds the database's writer (SQLite has one, and every captain's entry waits for it):
/// `read` gathers the inputs from the caller's tournament, `compute` works on them. The
/// write re-reads the inputs and uses the result only if they are equal. `None` when
/// reading or computing fails: the write then computes, and reports, as it would have.
pub async fn ahead<I, R>(
    state: &AppState,
    caller: &Caller,
    id: i64,
    read: fn(&mut DbConn, &TournamentRow) -> Result<I, ApiError>,
    compute: impl FnOnce(&I) -> Option<R> + Send + 'static,
) -> Option<(I, R)>
where
    I: Send + 'static,
    R: Send + 'static,
{
    let caller = caller.clone();
    let inputs = state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Write)?;
            read(conn, &tournament)
        })
        .await
        .ok()?;
    web::block(move || compute(&inputs).map(|result| (inputs, result)))
        .await
        .ok()
        .flatten()
}

/// Runs a change that must not happen twice (a swap sent again would swap back) as
/// [`create`] does, answering `status`.
pub async fn once<T, F>(
    state: &AppState,
    req: &HttpRequest,
    caller: &Caller,
    status: u16,
    f: F,
) -> Result<HttpResponse, ApiError>
where
    T: Serialize,
    F: FnOnce(&mut DbConn) -> Result<T, ApiError> + Send + 'static,
{
    let key = idempotency::key(req, caller)?;
    let seen = keyed(state, key, status, f).await?;
    Ok(replied(seen))
}

/// The JSON answer a write stored (or first gave, for a repeated key).
pub fn replied(seen: idempotency::Seen) -> HttpResponse {
    let status = actix_web::http::StatusCode::from_u16(seen.status)
        .unwrap_or(actix_web::http::StatusCode::CREATED);
    HttpResponse::build(status)
        .content_type("application/json")
        .body(seen.body)
}

/// Runs a change as [`once`] does, under `key` (a page's form carries its key in a field,
/// see [`idempotency::form_key`]), and answers what was stored: the first answer for a
/// repeated key, or `f`'s, with `status`.
pub async fn keyed<T, F>(
    state: &AppState,
    key: Option<idempotency::Key>,
    status: u16,
    f: F,
) -> Result<idempotency::Seen, ApiError>
where
    T: Serialize,
    F: FnOnce(&mut DbConn) -> Result<T, ApiError> + Send + 'static,
{
    let claimed = key.clone();
    let written = state
        .db
        .tx(move |conn| {
            if let Some(seen) = idempotency::replay(conn, claimed.as_ref())? {
                return Ok(seen);
            }
            idempotency::claim(conn, claimed.as_ref())?;
            let created = f(conn)?;
            let body = serde_json::to_string(&created).map_err(|e| ApiError::Internal(e.into()))?;
            idempotency::remember(conn, claimed.as_ref(), status, &body)?;
            Ok(idempotency::Seen {
                status,
                body,
                fresh: true,
            })
        })
        .await;
    let seen = match (written, key) {
        (Ok(seen), _) => seen,
        // A twin with the same key committed first (its claim made ours fail, or its entry
        // took our number): answer what it answered.
        (Err(e), Some(key)) => {
            let twin = state
                .db
                .run(move |conn| idempotency::replay(conn, Some(&key)))
                .await?;
            twin.ok_or(e)?
        }
        (Err(e), None) => return Err(e),
    };
    Ok(seen)
}
