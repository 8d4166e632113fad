//! Stored answers to requests sent with an `Idempotency-Key`.

use diesel::prelude::*;

use super::DbConn;
use super::schema::{idempotency_keys, round_tables, rounds};

/// A stored answer: status, body and the digest of the request (absent in rows stored
/// before digests were kept).
pub type StoredAnswer = (i32, String, Option<String>);

/// The tables whose round is open: a key of a write at one of them is kept.
#[diesel::dsl::auto_type]
fn open_tables() -> _ {
    let open: bool = false;
    round_tables::table
        .inner_join(rounds::table)
        .filter(rounds::closed.eq(open))
        .select(round_tables::id.nullable())
}

/// A key stored before `cutoff` that is not of a table whose round is open.
#[diesel::dsl::auto_type]
fn expired(cutoff: chrono::NaiveDateTime) -> _ {
    idempotency_keys::created_at.lt(cutoff).and(
        idempotency_keys::table_id
            .is_null()
            .or(idempotency_keys::table_id.ne_all(open_tables())),
    )
}

/// The answer stored for `key` in `scope`, if it is live: stored since `since`, or a key
/// of a write at a table whose round is still open, however old.
pub fn find(
    conn: &mut DbConn,
    scope: &str,
    key: &str,
    since: chrono::NaiveDateTime,
) -> QueryResult<Option<StoredAnswer>> {
    idempotency_keys::table
        .filter(idempotency_keys::scope.eq(scope))
        .filter(idempotency_keys::idempotency_key.eq(key))
        .filter(
            idempotency_keys::created_at
                .ge(since)
                .or(idempotency_keys::table_id.eq_any(open_tables())),
        )
        .select((
            idempotency_keys::status,
            idempotency_keys::body,
            idempotency_keys::request_digest,
        ))
        .first(conn)
        .optional()
}

/// Deletes `key` in `scope` if it expired: stored before `cutoff` and not of a table
/// whose round is open.
pub fn delete_expired_key(
    conn: &mut DbConn,
    scope: &str,
    key: &str,
    cutoff: chrono::NaiveDateTime,
) -> QueryResult<()> {
    diesel::delete(
        idempotency_keys::table
            .filter(idempotency_keys::scope.eq(scope))
            .filter(idempotency_keys::idempotency_key.eq(key))
            .filter(expired(cutoff)),
    )
    .execute(conn)
    .map(drop)
}

/// Deletes every expired key (see [`delete_expired_key`]).
pub fn delete_expired(conn: &mut DbConn, cutoff: chrono::NaiveDateTime) -> QueryResult<()> {
    diesel::delete(idempotency_keys::table.filter(expired(cutoff)))
        .execute(conn)
        .map(drop)
}

/// Claims `key` in `scope` with an empty answer; fails on the unique index when taken.
pub fn claim(
    conn: &mut DbConn,
    scope: &str,
    key: &str,
    digest: &str,
    table_id: Option<i64>,
    at: chrono::NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(idempotency_keys::table)
        .values((
            idempotency_keys::scope.eq(scope),
            idempotency_keys::idempotency_key.eq(key),
            idempotency_keys::status.eq(0),
            idempotency_keys::body.eq(""),
            idempotency_keys::created_at.eq(at),
            idempotency_keys::request_digest.eq(Some(digest)),
            idempotency_keys::table_id.eq(table_id),
        ))
        .execute(conn)
        .map(drop)
}

/// Stores the answer for a claimed key.
pub fn store_answer(
    conn: &mut DbConn,
    scope: &str,
    key: &str,
    status: i32,
    body: &str,
) -> QueryResult<()> {
    diesel::update(
        idempotency_keys::table
            .filter(idempotency_keys::scope.eq(scope))
            .filter(idempotency_keys::idempotency_key.eq(key)),
    )
    .set((
        idempotency_keys::status.eq(status),
        idempotency_keys::body.eq(body),
    ))
    .execute(conn)
    .map(drop)
}

/// Deletes every key whose scope ends in request path `path` or a path below it (a scope
/// is `<who> <METHOD> <path>`); how many went. `path` holds no `%` or `_`.
pub fn delete_under(conn: &mut DbConn, path: &str) -> QueryResult<usize> {
    diesel::delete(
        idempotency_keys::table.filter(
            idempotency_keys::scope
                .like(format!("% {path}"))
                .or(idempotency_keys::scope.like(format!("% {path}/%"))),
        ),
    )
    .execute(conn)
}
