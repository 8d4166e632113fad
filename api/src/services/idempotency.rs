//! `Idempotency-Key`: a create sent again with the same key (a phone retrying after a lost
//! answer) gets the first answer back and creates nothing. The key is scoped to the caller
//! and the path, and the answer is stored in the same transaction as what it created.

use actix_web::HttpRequest;
use diesel::prelude::*;

use crate::auth::Caller;
use crate::db::DbConn;
use crate::db::schema::idempotency_keys;
use crate::error::ApiError;

/// The longest key accepted.
pub const MAX_KEY_LENGTH: usize = 200;

/// The key of a request, with its scope.
#[derive(Debug, Clone)]
pub struct Key {
    scope: String,
    key: String,
}

/// Reads the `Idempotency-Key` header, if any.
pub fn key(req: &HttpRequest, caller: &Caller) -> Result<Option<Key>, ApiError> {
    let Some(value) = req.headers().get("Idempotency-Key") else {
        return Ok(None);
    };
    let key = value
        .to_str()
        .ok()
        .map(str::trim)
        .filter(|k| !k.is_empty() && k.len() <= MAX_KEY_LENGTH)
        .ok_or_else(|| {
            ApiError::field(
                "invalid_header",
                "Idempotency-Key",
                "invalid_value",
                format!("a key is 1-{MAX_KEY_LENGTH} visible ASCII characters"),
            )
        })?;
    Ok(Some(Key {
        scope: format!("{} {}", caller.actor(), req.path()),
        key: key.to_owned(),
    }))
}

/// The answer stored for `key`, if the request was seen before.
pub fn replay(conn: &mut DbConn, key: Option<&Key>) -> QueryResult<Option<(u16, String)>> {
    let Some(key) = key else { return Ok(None) };
    idempotency_keys::table
        .filter(idempotency_keys::scope.eq(&key.scope))
        .filter(idempotency_keys::idempotency_key.eq(&key.key))
        .select((idempotency_keys::status, idempotency_keys::body))
        .first::<(i32, String)>(conn)
        .optional()
        .map(|found| found.map(|(status, body)| (u16::try_from(status).unwrap_or(200), body)))
}

/// Stores the answer for `key`.
pub fn remember(conn: &mut DbConn, key: Option<&Key>, status: u16, body: &str) -> QueryResult<()> {
    let Some(key) = key else { return Ok(()) };
    diesel::insert_into(idempotency_keys::table)
        .values((
            idempotency_keys::scope.eq(&key.scope),
            idempotency_keys::idempotency_key.eq(&key.key),
            idempotency_keys::status.eq(i32::from(status)),
            idempotency_keys::body.eq(body),
            idempotency_keys::created_at.eq(super::now()),
        ))
        .execute(conn)
        .map(drop)
}
