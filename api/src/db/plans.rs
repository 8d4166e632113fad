//! A tournament's seating plan: at most one per tournament, its rounds stored as JSON.

use diesel::prelude::*;

use super::DbConn;
use super::models::SeatingPlanRow;
use super::schema::seating_plans;

/// The tournament's plan, if it has one.
pub fn find(conn: &mut DbConn, tournament_id: i64) -> QueryResult<Option<SeatingPlanRow>> {
    seating_plans::table
        .find(tournament_id)
        .select(SeatingPlanRow::as_select())
        .first(conn)
        .optional()
}

/// Stores the tournament's plan in place of any earlier one; `rounds` is the JSON of its
/// rounds.
pub fn replace(
    conn: &mut DbConn,
    tournament_id: i64,
    seed: &str,
    first_round: i32,
    rounds: &str,
    created_at: chrono::NaiveDateTime,
) -> QueryResult<()> {
    delete(conn, tournament_id)?;
    diesel::insert_into(seating_plans::table)
        .values((
            seating_plans::tournament_id.eq(tournament_id),
            seating_plans::seed.eq(seed),
            seating_plans::first_round.eq(first_round),
            seating_plans::rounds.eq(rounds),
            seating_plans::created_at.eq(created_at),
        ))
        .execute(conn)?;
    Ok(())
}

/// Deletes the tournament's plan; how many rows went (0 or 1).
pub fn delete(conn: &mut DbConn, tournament_id: i64) -> QueryResult<usize> {
    diesel::delete(seating_plans::table.find(tournament_id)).execute(conn)
}
