//! A tournament's players as drawing and planning read them.

use diesel::prelude::*;

use super::DbConn;
use super::models::PlayerRow;
use super::schema::players;

/// The tournament's players, withdrawn or not (unordered).
pub fn of_tournament(conn: &mut DbConn, tournament_id: i64) -> QueryResult<Vec<PlayerRow>> {
    players::table
        .filter(players::tournament_id.eq(tournament_id))
        .select(PlayerRow::as_select())
        .load(conn)
}
