//! Join codes: a table's code lets its captain log in until it is superseded by a newer
//! code or revoked; tokens made from it work until it is revoked.
//!
//! Codes are stored as issued, not hashed. The organiser prints them on the table cards
//! and must be able to show them again (a lost card, a captain who changes phones), which
//! a hash cannot give back. That leaves the captain login as strong as it was: a code is a
//! short-lived secret for one table of one round that the organiser can read anyway, its
//! guessing is rate-limited per code and per address, and whoever can read this table can
//! read the sheets it opens.

use diesel::prelude::*;

use super::DbConn;
use super::models::JoinCodeRow;
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

/// Marks a table's live code as superseded: nobody can join with it any more, but the
/// captains who joined with it keep their tokens.
pub fn supersede_live(
    conn: &mut DbConn,
    table_id: i64,
    at: chrono::NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        join_codes::table
            .filter(join_codes::table_id.eq(table_id))
            .filter(join_codes::revoked_at.is_null())
            .filter(join_codes::superseded_at.is_null()),
    )
    .set(join_codes::superseded_at.eq(Some(at)))
    .execute(conn)
}

/// Revokes every code of a table that still stands, superseded ones included, so that
/// every captain token made from any of them stops working.
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

/// Code `code` of table `table_id` while tokens made from it open the table: until it is
/// revoked, even after a newer code superseded it. [`is_active`] asks it alone; a
/// captain's access asks it beside the table (`super::tables`).
#[diesel::dsl::auto_type(no_type_alias)]
pub fn opening<'a>(code: &'a str, table_id: i64) -> _ {
    join_codes::table
        .filter(join_codes::code.eq(code))
        .filter(join_codes::table_id.eq(table_id))
        .filter(join_codes::revoked_at.is_null())
}

/// Whether tokens made from `code` still open table `table_id` ([`opening`]).
pub fn is_active(conn: &mut DbConn, code: &str, table_id: i64) -> QueryResult<bool> {
    opening(code, table_id)
        .count()
        .get_result::<i64>(conn)
        .map(|n| n > 0)
}

/// The live codes (neither superseded nor revoked) of `table_ids`, at most one a table.
pub fn live_of_tables(conn: &mut DbConn, table_ids: &[i64]) -> QueryResult<Vec<JoinCodeRow>> {
    join_codes::table
        .filter(join_codes::table_id.eq_any(table_ids))
        .filter(join_codes::revoked_at.is_null())
        .filter(join_codes::superseded_at.is_null())
        .order((join_codes::table_id.asc(), join_codes::created_at.desc()))
        .select(JoinCodeRow::as_select())
        .load(conn)
}
