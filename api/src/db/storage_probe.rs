//! The row the readiness check writes to learn whether the disk takes writes again
//! ([`super::Database::ping`]).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::schema::storage_probe;

/// Rewrites the probe row (the migration made it): a real write, which a full disk
/// refuses.
pub fn touch(conn: &mut DbConn, at: NaiveDateTime) -> QueryResult<()> {
    diesel::update(storage_probe::table.find(1))
        .set(storage_probe::written_at.eq(at))
        .execute(conn)
        .map(|_| ())
}
