//! Tournaments: storing, listing and changing them, and what a tournament's start page
//! counts (its players, its rounds with their tables, whether a plan exists).

use diesel::prelude::*;

use super::DbConn;
use super::models::{NewTournament, TournamentRow};
use super::schema::{round_tables, rounds, seating_plans, tournaments};

/// A tournament by id.
pub fn find(conn: &mut DbConn, id: i64) -> QueryResult<Option<TournamentRow>> {
    tournaments::table
        .find(id)
        .select(TournamentRow::as_select())
        .first(conn)
        .optional()
}

/// Stores a new tournament.
pub fn insert(conn: &mut DbConn, new: &NewTournament) -> QueryResult<TournamentRow> {
    diesel::insert_into(tournaments::table)
        .values(new)
        .returning(tournaments::all_columns)
        .get_result(conn)
}

/// An organiser's tournaments, newest first.
pub fn of_organizer(conn: &mut DbConn, organizer_id: i64) -> QueryResult<Vec<TournamentRow>> {
    tournaments::table
        .filter(tournaments::organizer_id.eq(organizer_id))
        .order((tournaments::held_on.desc(), tournaments::id.desc()))
        .select(TournamentRow::as_select())
        .load(conn)
}

/// Publishes or unpublishes a tournament.
pub fn set_published(conn: &mut DbConn, id: i64, published: bool) -> QueryResult<()> {
    diesel::update(tournaments::table.find(id))
        .set(tournaments::published.eq(published))
        .execute(conn)
        .map(drop)
}

/// A round as a tournament's start page lists it.
#[derive(Debug, Clone)]
pub struct RoundOverview {
    /// 1-based.
    pub number: i32,
    /// How many tables it has.
    pub tables: i64,
    /// No more captain entries.
    pub closed: bool,
}

/// A tournament's rounds in order, each with its number of tables.
pub fn rounds_overview(conn: &mut DbConn, tournament_id: i64) -> QueryResult<Vec<RoundOverview>> {
    let rows: Vec<(i64, i32, bool)> = rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .order(rounds::number.asc())
        .select((rounds::id, rounds::number, rounds::closed))
        .load(conn)?;
    let mut overview = Vec::with_capacity(rows.len());
    for (round_id, number, closed) in rows {
        let tables = round_tables::table
            .filter(round_tables::round_id.eq(round_id))
            .count()
            .get_result(conn)?;
        overview.push(RoundOverview {
            number,
            tables,
            closed,
        });
    }
    Ok(overview)
}

/// Whether the tournament's seating is planned up front.
pub fn has_seating_plan(conn: &mut DbConn, tournament_id: i64) -> QueryResult<bool> {
    seating_plans::table
        .filter(seating_plans::tournament_id.eq(tournament_id))
        .count()
        .get_result::<i64>(conn)
        .map(|n| n > 0)
}
