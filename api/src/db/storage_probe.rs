//! The row the readiness check writes to learn whether the disk takes writes again
//! ([`super::Database::ping`]).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::schema::storage_probe;

/// How much the probe writes: more than a page, so that it needs room on the disk and not
/// only in a page the database already has.
pub const PROBE_BYTES: usize = 64 * 1024;

/// Rewrites the probe row (the migration made it) with `padding` ([`PROBE_BYTES`] of
/// random bytes, which no compression shrinks): a real write, which a full disk refuses.
pub fn touch(conn: &mut DbConn, at: NaiveDateTime, padding: &[u8]) -> QueryResult<()> {
    diesel::update(storage_probe::table.find(1))
        .set((
            storage_probe::written_at.eq(at),
            storage_probe::padding.eq(padding),
        ))
        .execute(conn)
        .map(|_| ())
}
