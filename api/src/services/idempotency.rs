//! `Idempotency-Key`: a create sent again with the same key (a phone retrying after a lost
//! answer) gets the first answer back and creates nothing.
//!
//! - The key's scope is what the caller acts for, not the token: an organiser's account, or
//!   a captain's table (a table belongs to one round). A retry after the organiser issued a
//!   new join code, with a new token, still finds the first answer.
//! - The same key with another body is a client bug that would otherwise be answered with a
//!   result that is not about its request: a 422 `idempotency_key_reused`.
//! - The key is claimed with an insert at the start of the write's transaction and the
//!   answer stored in the same transaction. A concurrent twin with the same key waits on
//!   that row (PostgreSQL) or the writer lock (SQLite), fails to claim it once the first
//!   commits, and is then answered with the first answer.
//! - Keys expire after [`KEY_TTL_HOURS`] hours; an expired key is a new key. A key of a
//!   write at a table (a captain's, or any request to a table's path) is kept while the
//!   table's round is open, whatever the clock says: a phone that retries after the wall
//!   clock jumped a day ahead must get its first answer, not a second deal.

use std::sync::atomic::{AtomicI64, Ordering};

use crate::auth::Caller;
use crate::db::{DbConn, idempotency as rows};
use crate::error::ApiError;
use crate::extract::BodyDigest;
use actix_web::{HttpMessage, HttpRequest};

/// The longest key accepted.
pub const MAX_KEY_LENGTH: usize = 200;

/// How long a key is remembered. A phone retries within minutes; a day covers a
/// tournament day without keeping keys for ever.
pub const KEY_TTL_HOURS: i64 = 24;

/// The key of a request, with its scope and the digest of its body.
#[derive(Debug, Clone)]
pub struct Key {
    scope: String,
    key: String,
    digest: String,
    /// The table the request writes to, if it writes to one.
    table_id: Option<i64>,
}

/// A stored answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seen {
    /// The HTTP status first answered.
    pub status: u16,
    /// The body first answered.
    pub body: String,
    /// Whether this request wrote it (false: a retry got the stored answer), for counting
    /// what was done once.
    pub fresh: bool,
}

/// Reads the `Idempotency-Key` header, if any.
pub fn key(req: &HttpRequest, caller: &Caller) -> Result<Option<Key>, ApiError> {
    let Some(value) = req.headers().get("Idempotency-Key") else {
        return Ok(None);
    };
    let key = checked(value.to_str().ok(), "Idempotency-Key", "invalid_header")?;
    // Requests without a body (a new join code) have the empty body's digest.
    let digest = req
        .extensions()
        .get::<BodyDigest>()
        .map_or_else(|| crate::extract::digest(b""), |d| d.0.clone());
    Ok(Some(Key {
        scope: scope(caller, req.method().as_str(), req.path()),
        key: key.to_owned(),
        digest,
        table_id: table_of(caller, req.path()),
    }))
}

/// The key a page's form carries in its field `field` (the captain's entry form renders a
/// fresh one with every form, so a form posted twice, or a reload that posts it again,
/// enters once), for a `POST` to `path`. `request` is what the key stands for, as its
/// digest tells a retry from another request: the form's meaning rather than its bytes,
/// so that a script that sends the same form in another order is a retry too.
pub fn form_key(
    caller: &Caller,
    path: &str,
    field: &str,
    key: &str,
    request: &[u8],
) -> Result<Key, ApiError> {
    // The page's script sends the form's key as the API's header: a bad one is then the
    // header's fault, as the API would say.
    let code = if field.eq_ignore_ascii_case("Idempotency-Key") {
        "invalid_header"
    } else {
        "invalid_body"
    };
    let key = checked(Some(key), field, code)?;
    Ok(Key {
        scope: scope(caller, "POST", path),
        key: key.to_owned(),
        digest: crate::extract::digest(request),
        table_id: table_of(caller, path),
    })
}

/// A key as sent, trimmed, if it is one.
fn checked<'a>(key: Option<&'a str>, field: &str, code: &'static str) -> Result<&'a str, ApiError> {
    key.map(str::trim)
        .filter(|k| !k.is_empty() && k.len() <= MAX_KEY_LENGTH)
        .ok_or_else(|| {
            ApiError::field(
                code,
                field,
                "invalid_value",
                format!("a key is 1-{MAX_KEY_LENGTH} visible ASCII characters"),
            )
        })
}

/// What a key belongs to: what the caller acts for, the method and the path.
fn scope(caller: &Caller, method: &str, path: &str) -> String {
    let acting_for = match caller {
        Caller::Captain { table_id, .. } => format!("table:{table_id}"),
        other => other.actor(),
    };
    format!("{acting_for} {method} {path}")
}

/// The table a request writes to: a captain's own, or the one its path names
/// (`…/tables/{id}/…`, the API's and the desk's).
fn table_of(caller: &Caller, path: &str) -> Option<i64> {
    if let Caller::Captain { table_id, .. } = caller {
        return Some(*table_id);
    }
    let mut segments = path.split('/');
    segments.find(|s| *s == "tables")?;
    segments.next()?.parse().ok()
}

fn cutoff() -> chrono::NaiveDateTime {
    super::now() - chrono::Duration::hours(KEY_TTL_HOURS)
}

/// The answer stored for `key`, if the request was seen before (and not too long ago).
/// The same key with another body is refused.
pub fn replay(conn: &mut DbConn, key: Option<&Key>) -> Result<Option<Seen>, ApiError> {
    let Some(key) = key else { return Ok(None) };
    let found = rows::find(conn, &key.scope, &key.key, cutoff())?;
    let Some((status, body, digest)) = found else {
        return Ok(None);
    };
    // Keys stored before digests were kept match any body, as they did then.
    if digest.is_some_and(|d| d != key.digest) {
        return Err(ApiError::field(
            "idempotency_key_reused",
            "Idempotency-Key",
            "reused",
            "this key was used for a different request; use a new key for a new request",
        ));
    }
    Ok(Some(Seen {
        status: u16::try_from(status).unwrap_or(200),
        body,
        fresh: false,
    }))
}

/// Claims `key` for this request inside the write's transaction; the answer is filled in
/// by [`remember`] before the transaction commits. An expired row with the same key is
/// dropped first, and now and then every expired row.
pub fn claim(conn: &mut DbConn, key: Option<&Key>) -> Result<(), ApiError> {
    let Some(key) = key else { return Ok(()) };
    let cutoff = cutoff();
    rows::delete_expired_key(conn, &key.scope, &key.key, cutoff)?;
    sweep_expired(conn, cutoff)?;
    Ok(rows::claim(
        conn,
        &key.scope,
        &key.key,
        &key.digest,
        key.table_id,
        super::now(),
    )?)
}

/// Deletes every expired key, at most once an hour per process.
fn sweep_expired(conn: &mut DbConn, cutoff: chrono::NaiveDateTime) -> Result<(), ApiError> {
    static LAST_SWEEP: AtomicI64 = AtomicI64::new(i64::MIN);
    let now = super::now().and_utc().timestamp();
    let last = LAST_SWEEP.load(Ordering::Relaxed);
    if now.saturating_sub(last) < 3600
        || LAST_SWEEP
            .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
            .is_err()
    {
        return Ok(());
    }
    Ok(rows::delete_expired(conn, cutoff)?)
}

/// Stores the answer for the claimed `key`.
pub fn remember(
    conn: &mut DbConn,
    key: Option<&Key>,
    status: u16,
    body: &str,
) -> Result<(), ApiError> {
    let Some(key) = key else { return Ok(()) };
    Ok(rows::store_answer(
        conn,
        &key.scope,
        &key.key,
        i32::from(status),
        body,
    )?)
}

/// Forgets every stored answer to a request on `path` or below it (`/api/v1/tables/7`
/// covers `/api/v1/tables/7/deals`), whoever sent it: the resource is being deleted, and
/// a key must not replay an answer about it. Relies on a scope ending in the request's
/// path, as [`key`] builds it.
pub fn forget_under(conn: &mut DbConn, path: &str) -> Result<(), ApiError> {
    rows::delete_under(conn, path)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_belongs_to_the_table_its_request_writes_to() {
        let captain = Caller::Captain {
            table_id: 7,
            code: "ABCD2345".into(),
        };
        assert_eq!(table_of(&captain, "/table/deals"), Some(7));
        let organiser = Caller::Organizer(1);
        assert_eq!(table_of(&organiser, "/api/v1/tables/12/deals"), Some(12));
        assert_eq!(table_of(&organiser, "/admin/tables/12/penalties"), Some(12));
        assert_eq!(table_of(&organiser, "/api/v1/tournaments"), None);
        assert_eq!(table_of(&organiser, "/api/v1/tables/x/deals"), None);
    }
}
