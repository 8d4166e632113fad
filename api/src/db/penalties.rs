//! The penalties the referee ruled at a table, one row each.

use diesel::prelude::*;

use super::DbConn;
use super::models::PenaltyRow;
use super::schema::{penalties, round_tables, rounds, table_seats};

/// A penalty for unsportsmanlike conduct with where it was given and to whom: the round's
/// and the table's number and the offending player.
pub type Sanction = (PenaltyRow, i32, i32, i64);

/// The penalties for unsportsmanlike conduct (TSR 9.7) given in tournament `tournament_id`,
/// the oldest first, each with its round, table and offending player.
pub fn unsportsmanlike_of_tournament(
    conn: &mut DbConn,
    tournament_id: i64,
) -> QueryResult<Vec<Sanction>> {
    penalties::table
        .inner_join(round_tables::table.inner_join(rounds::table))
        .inner_join(
            table_seats::table.on(table_seats::table_id
                .eq(penalties::table_id)
                .and(table_seats::seat.eq(penalties::offender))),
        )
        .filter(rounds::tournament_id.eq(tournament_id))
        .filter(penalties::severity.eq("unsportsmanlike"))
        .order((penalties::created_at.asc(), penalties::id.asc()))
        .select((
            PenaltyRow::as_select(),
            rounds::number,
            round_tables::number,
            table_seats::player_id,
        ))
        .load(conn)
}

/// A new penalty row.
#[derive(Debug, Clone)]
pub struct NewPenalty<'a> {
    /// The table.
    pub table_id: i64,
    /// The deal it belongs to.
    pub deal_number: i32,
    /// insignificant, minor, serious or unsportsmanlike.
    pub severity: &'a str,
    /// The offending seat.
    pub offender: i32,
    /// The soloist, in a solo.
    pub soloist: Option<i32>,
    /// TSR 9.3.3 b.
    pub could_harm_soloist: bool,
    /// Absagen of the offender's opponents.
    pub opposing_absagen: i32,
    /// The referee's name.
    pub referee: &'a str,
    /// What happened.
    pub offence: Option<&'a str>,
    /// The points deducted for unsportsmanlike conduct (TSR 9.7.2 b).
    pub deduction: i32,
    /// Recorded (UTC).
    pub at: chrono::NaiveDateTime,
}

/// The penalties of a table, in the order recorded.
pub fn of_table(conn: &mut DbConn, table_id: i64) -> QueryResult<Vec<PenaltyRow>> {
    penalties::table
        .filter(penalties::table_id.eq(table_id))
        .order(penalties::id.asc())
        .select(PenaltyRow::as_select())
        .load(conn)
}

/// The penalties of several tables, in the order recorded.
pub fn of_tables(conn: &mut DbConn, table_ids: &[i64]) -> QueryResult<Vec<PenaltyRow>> {
    penalties::table
        .filter(penalties::table_id.eq_any(table_ids))
        .order(penalties::id.asc())
        .select(PenaltyRow::as_select())
        .load(conn)
}

/// Stores a penalty.
pub fn insert(conn: &mut DbConn, p: &NewPenalty<'_>) -> QueryResult<()> {
    diesel::insert_into(penalties::table)
        .values((
            penalties::table_id.eq(p.table_id),
            penalties::deal_number.eq(p.deal_number),
            penalties::severity.eq(p.severity),
            penalties::offender.eq(p.offender),
            penalties::soloist.eq(p.soloist),
            penalties::could_harm_soloist.eq(p.could_harm_soloist),
            penalties::opposing_absagen.eq(p.opposing_absagen),
            penalties::referee.eq(p.referee),
            penalties::offence.eq(p.offence),
            penalties::deduction.eq(p.deduction),
            penalties::created_at.eq(p.at),
        ))
        .execute(conn)
        .map(drop)
}

/// Moves every penalty of deal `from` at a table to deal `to`. Their versions rise: a
/// correction read before the move names the deal by its old number, and must not land
/// on the deal that moved into that number.
pub fn renumber(conn: &mut DbConn, table_id: i64, from: i32, to: i32) -> QueryResult<()> {
    diesel::update(
        penalties::table
            .filter(penalties::table_id.eq(table_id))
            .filter(penalties::deal_number.eq(from)),
    )
    .set((
        penalties::deal_number.eq(to),
        penalties::version.eq(penalties::version + 1),
    ))
    .execute(conn)
    .map(drop)
}

/// Penalty `id` of table `table_id`, if it is there.
pub fn find(conn: &mut DbConn, table_id: i64, id: i64) -> QueryResult<Option<PenaltyRow>> {
    penalties::table
        .filter(penalties::id.eq(id))
        .filter(penalties::table_id.eq(table_id))
        .select(PenaltyRow::as_select())
        .first(conn)
        .optional()
}

/// Replaces the ruling of penalty `id` if it still has `version`, raising the version
/// (its table and recording time stay); how many rows changed (0 or 1).
pub fn update(conn: &mut DbConn, id: i64, version: i32, p: &NewPenalty<'_>) -> QueryResult<usize> {
    diesel::update(
        penalties::table
            .filter(penalties::id.eq(id))
            .filter(penalties::version.eq(version)),
    )
    .set((
        penalties::deal_number.eq(p.deal_number),
        penalties::severity.eq(p.severity),
        penalties::offender.eq(p.offender),
        penalties::soloist.eq(p.soloist),
        penalties::could_harm_soloist.eq(p.could_harm_soloist),
        penalties::opposing_absagen.eq(p.opposing_absagen),
        penalties::referee.eq(p.referee),
        penalties::offence.eq(p.offence),
        penalties::deduction.eq(p.deduction),
        penalties::version.eq(version.saturating_add(1)),
    ))
    .execute(conn)
}

/// Deletes penalty `id` if it still has `version`; how many rows went (0 or 1).
pub fn delete(conn: &mut DbConn, id: i64, version: i32) -> QueryResult<usize> {
    diesel::delete(
        penalties::table
            .filter(penalties::id.eq(id))
            .filter(penalties::version.eq(version)),
    )
    .execute(conn)
}
