//! Serialising the writes to one table's sheet on both backends.
//!
//! Every write to a sheet reads the deals, derives the sheet and writes. Two such writes at
//! once on PostgreSQL (READ COMMITTED) would both read the same sheet and leave a gap in the
//! numbers or a sheet that no longer derives. Taking the table's row lock first makes the
//! second wait for the first to commit; its later statements then see the first one's
//! rows. On SQLite the same statement takes the database's write lock at once, so a
//! transaction never fails half-way when it upgrades from reading to writing.
//!
//! What a tournament's settings decide about its rounds (the deals planned at a new
//! round's tables, how many rounds there may be) is read by the round's creation and
//! re-derived by a change of the settings; those writes serialise on the tournament's row
//! in the same way. The order is always tournament first, then tables, so two writers
//! never wait on each other in a circle.

use diesel::prelude::*;

use super::DbConn;
use super::schema::{organizers, round_tables, rounds, tournaments};

/// Locks table `table_id` until the transaction ends (an update: both backends lock the
/// row they update, and no portable `SELECT … FOR UPDATE` exists through the generic
/// connection). Must run before the transaction reads anything of the table. The update
/// counts the write ([`super::models::TableRow::sheet_writes`]); a write that rolls back
/// takes its count with it.
pub fn lock_table(conn: &mut DbConn, table_id: i64) -> QueryResult<()> {
    diesel::update(round_tables::table.find(table_id))
        .set(round_tables::sheet_writes.eq(round_tables::sheet_writes + 1))
        .execute(conn)
        .map(drop)
}

/// Locks tournament `tournament_id` until the transaction ends, as [`lock_table`] locks a
/// table. Must run before the transaction reads what it checks of the tournament (its
/// settings, its rounds), and before it locks any of its tables. On PostgreSQL the no-op
/// update takes a `FOR NO KEY UPDATE` row lock: it waits for another such lock, but not
/// for the key-share locks that inserting a player or a round (a foreign key to the row)
/// takes, so only the writers that ask for it serialise. A tournament that does not exist
/// locks nothing; the read after it reports that.
pub fn lock_tournament(conn: &mut DbConn, tournament_id: i64) -> QueryResult<()> {
    diesel::update(tournaments::table.find(tournament_id))
        .set(tournaments::published.eq(tournaments::published))
        .execute(conn)
        .map(drop)
}

/// Locks every table of round `round_id`, one by one in id order (the order every writer
/// that locks several tables takes, so none waits on another in a circle). For writes that
/// change a round's tables as a whole (reseating, deletion) while a deal might be entered.
pub fn lock_round_tables(conn: &mut DbConn, round_id: i64) -> QueryResult<()> {
    let ids: Vec<i64> = round_tables::table
        .filter(round_tables::round_id.eq(round_id))
        .order(round_tables::id.asc())
        .select(round_tables::id)
        .load(conn)?;
    ids.into_iter().try_for_each(|id| lock_table(conn, id))
}

/// Locks the tournament of round `round_id`, as [`lock_tournament`] does, in one statement:
/// a write as the transaction's first statement. Reading the round first and locking
/// after would make SQLite upgrade a read transaction to a write one, which fails at once
/// (busy) while another connection writes.
pub fn lock_tournament_of_round(conn: &mut DbConn, round_id: i64) -> QueryResult<()> {
    diesel::update(
        tournaments::table.filter(
            tournaments::id.eq_any(
                rounds::table
                    .filter(rounds::id.eq(round_id))
                    .select(rounds::tournament_id),
            ),
        ),
    )
    .set(tournaments::published.eq(tournaments::published))
    .execute(conn)
    .map(drop)
}

/// Locks organiser `organizer_id`'s register (his people and their links to players) until
/// the transaction ends, as [`lock_tournament`] locks a tournament: two tournaments added
/// to his seasons at once must not both make a new person for the same DDV number. Taken
/// after a tournament's lock where a write takes both (a player registered in a tournament
/// of a season), never before one.
pub fn lock_register(conn: &mut DbConn, organizer_id: i64) -> QueryResult<()> {
    diesel::update(organizers::table.find(organizer_id))
        .set(organizers::token_version.eq(organizers::token_version))
        .execute(conn)
        .map(drop)
}
