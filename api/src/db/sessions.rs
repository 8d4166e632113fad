//! Organisers' sessions: a row for each sign-in, removed at sign-out, and all of an
//! organiser's at once when his password changes or his account is removed. A token whose
//! row is gone, or whose organiser is removed, opens nothing.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::schema::{organizer_sessions, organizers};

/// Stores session `id` of `organizer_id`, valid until `expires_at`. Expired sessions go
/// with it, so the table holds about the sessions that can still be used.
pub fn insert(
    conn: &mut DbConn,
    id: &str,
    organizer_id: i64,
    created_at: NaiveDateTime,
    expires_at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::delete(organizer_sessions::table.filter(organizer_sessions::expires_at.le(created_at)))
        .execute(conn)?;
    diesel::insert_into(organizer_sessions::table)
        .values((
            organizer_sessions::id.eq(id),
            organizer_sessions::organizer_id.eq(organizer_id),
            organizer_sessions::created_at.eq(created_at),
            organizer_sessions::expires_at.eq(expires_at),
        ))
        .execute(conn)?;
    Ok(())
}

/// Whether session `id` of `organizer_id` still stands: not ended, its organiser not
/// removed. (Its token's own expiry is checked with the token.)
pub fn is_live(conn: &mut DbConn, id: &str, organizer_id: i64) -> QueryResult<bool> {
    organizer_sessions::table
        .inner_join(organizers::table)
        .filter(organizer_sessions::id.eq(id))
        .filter(organizer_sessions::organizer_id.eq(organizer_id))
        .filter(organizers::removed_at.is_null())
        .select(organizer_sessions::id)
        .first::<String>(conn)
        .optional()
        .map(|found| found.is_some())
}

/// Ends session `id`; answers whether there was one.
pub fn end(conn: &mut DbConn, id: &str) -> QueryResult<bool> {
    diesel::delete(organizer_sessions::table.find(id))
        .execute(conn)
        .map(|n| n > 0)
}

/// Ends every session of `organizer_id`; answers how many there were.
pub fn end_all(conn: &mut DbConn, organizer_id: i64) -> QueryResult<usize> {
    diesel::delete(
        organizer_sessions::table.filter(organizer_sessions::organizer_id.eq(organizer_id)),
    )
    .execute(conn)
}
