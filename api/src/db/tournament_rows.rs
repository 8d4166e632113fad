//! The few reads of a tournament's own rows that access checks and standings need. Kept
//! apart from the tournaments' repository, which owns their writes.

use diesel::prelude::*;

use super::DbConn;
use super::models::{PlayerRow, RoundRow, TournamentRow};
use super::schema::{players, rounds, tournaments};

/// A tournament by id.
pub fn by_id(conn: &mut DbConn, id: i64) -> QueryResult<Option<TournamentRow>> {
    tournaments::table
        .find(id)
        .select(TournamentRow::as_select())
        .first(conn)
        .optional()
}

/// Every player of a tournament, by id.
pub fn players(conn: &mut DbConn, tournament_id: i64) -> QueryResult<Vec<PlayerRow>> {
    players::table
        .filter(players::tournament_id.eq(tournament_id))
        .order(players::id.asc())
        .select(PlayerRow::as_select())
        .load(conn)
}

/// Every round of a tournament.
pub fn rounds(conn: &mut DbConn, tournament_id: i64) -> QueryResult<Vec<RoundRow>> {
    rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .select(RoundRow::as_select())
        .load(conn)
}
