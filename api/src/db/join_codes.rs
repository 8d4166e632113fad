//! Join codes: a table's code opens it to its captain until revoked.

use diesel::prelude::*;

use super::DbConn;
use super::schema::join_codes;

/// Stores a new code for a table.
pub fn insert(
    conn: &mut DbConn,
    code: &str,
    table_id: i64,
    at: chrono::NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(join_codes::table)
        .values((
            join_codes::code.eq(code),
            join_codes::table_id.eq(table_id),
            join_codes::created_at.eq(at),
        ))
        .execute(conn)
        .map(drop)
}

/// Revokes every code of a table that still stands.
pub fn revoke_all(
    conn: &mut DbConn,
    table_id: i64,
    at: chrono::NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        join_codes::table
            .filter(join_codes::table_id.eq(table_id))
            .filter(join_codes::revoked_at.is_null()),
    )
    .set(join_codes::revoked_at.eq(Some(at)))
    .execute(conn)
}

/// Whether `code` still opens table `table_id`.
pub fn is_active(conn: &mut DbConn, code: &str, table_id: i64) -> QueryResult<bool> {
    join_codes::table
        .filter(join_codes::code.eq(code))
        .filter(join_codes::table_id.eq(table_id))
        .filter(join_codes::revoked_at.is_null())
        .count()
        .get_result::<i64>(conn)
        .map(|n| n > 0)
}
