//! Serialising the writes to one table's sheet on both backends.
//!
//! Every write to a sheet reads the deals, derives the sheet and writes. Two such writes at
//! once on PostgreSQL (READ COMMITTED) would both read the same sheet and leave a gap in the
//! numbers or a sheet that no longer derives. Taking the table's row lock first makes the
//! second wait for the first to commit; its later statements then see the first one's
//! rows. On SQLite the same statement takes the database's write lock at once, so a
//! transaction never fails half-way when it upgrades from reading to writing.

use diesel::prelude::*;

use super::DbConn;
use super::schema::round_tables;

/// Locks table `table_id` until the transaction ends (a no-op update: both backends lock
/// the row they update, and no portable `SELECT … FOR UPDATE` exists through the generic
/// connection). Must run before the transaction reads anything of the table.
pub fn lock_table(conn: &mut DbConn, table_id: i64) -> QueryResult<()> {
    diesel::update(round_tables::table.find(table_id))
        .set(round_tables::version_floor.eq(round_tables::version_floor))
        .execute(conn)
        .map(drop)
}
