//! The players' signatures under their table's complete sheet. A signature carries no
//! version: any change to the sheet removes all of its table's signatures
//! ([`clear`]), so a stored signature always stands for the sheet as it is.

use diesel::prelude::*;

use super::DbConn;
use super::models::SignatureRow;
use super::schema::signatures;

/// The signatures of a table, in the order they were given.
pub fn of_table(conn: &mut DbConn, table_id: i64) -> QueryResult<Vec<SignatureRow>> {
    of_tables(conn, &[table_id])
}

/// The signatures of several tables, each table's in the order they were given.
pub fn of_tables(conn: &mut DbConn, table_ids: &[i64]) -> QueryResult<Vec<SignatureRow>> {
    signatures::table
        .filter(signatures::table_id.eq_any(table_ids))
        .order((
            signatures::table_id.asc(),
            signatures::signed_at.asc(),
            signatures::player_id.asc(),
        ))
        .select(SignatureRow::as_select())
        .load(conn)
}

/// Stores `player_id`'s signature at table `table_id`. The caller checked that he has
/// not signed (under the table's lock); the primary key refuses a second one regardless.
pub fn insert(
    conn: &mut DbConn,
    table_id: i64,
    player_id: i64,
    at: chrono::NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(signatures::table)
        .values((
            signatures::table_id.eq(table_id),
            signatures::player_id.eq(player_id),
            signatures::signed_at.eq(at),
        ))
        .execute(conn)
        .map(drop)
}

/// Removes `player_id`'s signature at table `table_id`; answers how many were removed.
pub fn delete(conn: &mut DbConn, table_id: i64, player_id: i64) -> QueryResult<usize> {
    diesel::delete(
        signatures::table
            .filter(signatures::table_id.eq(table_id))
            .filter(signatures::player_id.eq(player_id)),
    )
    .execute(conn)
}

/// Removes every signature of table `table_id`; answers how many were removed.
pub fn clear(conn: &mut DbConn, table_id: i64) -> QueryResult<usize> {
    diesel::delete(signatures::table.filter(signatures::table_id.eq(table_id))).execute(conn)
}
