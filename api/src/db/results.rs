//! What the results document needs beyond the other repositories: the deals' timestamps
//! (no other reader wants them) and inserts that write every column as a document gives
//! it, so that an imported tournament keeps its times, versions and marks.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::models::{RoundRow, TableRow};
use super::schema::{deals, penalties, round_tables, rounds};

/// When each deal of `table_ids` was entered and last changed: (deal id, entered, changed).
pub fn deal_times(
    conn: &mut DbConn,
    table_ids: &[i64],
) -> QueryResult<Vec<(i64, NaiveDateTime, NaiveDateTime)>> {
    deals::table
        .filter(deals::table_id.eq_any(table_ids))
        .select((deals::id, deals::created_at, deals::updated_at))
        .load(conn)
}

/// A round with every column given.
#[derive(Debug, Clone)]
pub struct NewRound<'a> {
    /// The tournament.
    pub tournament_id: i64,
    /// 1-based.
    pub number: i32,
    /// Closed.
    pub closed: bool,
    /// Created (UTC).
    pub created_at: NaiveDateTime,
    /// How it was drawn.
    pub draw_method: Option<&'a str>,
    /// The draw's seed.
    pub draw_seed: Option<&'a str>,
    /// When its clock started (UTC).
    pub started_at: Option<NaiveDateTime>,
}

/// Inserts a round as given.
pub fn insert_round(conn: &mut DbConn, r: &NewRound<'_>) -> QueryResult<RoundRow> {
    diesel::insert_into(rounds::table)
        .values((
            rounds::tournament_id.eq(r.tournament_id),
            rounds::number.eq(r.number),
            rounds::closed.eq(r.closed),
            rounds::created_at.eq(r.created_at),
            rounds::draw_method.eq(r.draw_method),
            rounds::draw_seed.eq(r.draw_seed),
            rounds::started_at.eq(r.started_at),
        ))
        .returning(rounds::all_columns)
        .get_result(conn)
}

/// A table with every column given (its id aside).
#[derive(Debug, Clone)]
pub struct NewTable {
    /// The round.
    pub round_id: i64,
    /// 1-based.
    pub number: i32,
    /// Deals planned.
    pub planned_deals: i32,
    /// The time-up mark.
    pub time_up_after: Option<i32>,
    /// The floor of the deal versions.
    pub version_floor: i32,
    /// Extra minutes.
    pub extra_minutes: i32,
    /// The clock made the time-up mark.
    pub time_up_by_clock: bool,
}

/// Inserts a table as given.
pub fn insert_table(conn: &mut DbConn, t: &NewTable) -> QueryResult<TableRow> {
    diesel::insert_into(round_tables::table)
        .values((
            round_tables::round_id.eq(t.round_id),
            round_tables::number.eq(t.number),
            round_tables::planned_deals.eq(t.planned_deals),
            round_tables::time_up_after.eq(t.time_up_after),
            round_tables::version_floor.eq(t.version_floor),
            round_tables::extra_minutes.eq(t.extra_minutes),
            round_tables::time_up_by_clock.eq(t.time_up_by_clock),
        ))
        .returning(round_tables::all_columns)
        .get_result(conn)
}

/// Inserts a deal with its version and both of its times.
pub fn insert_deal(
    conn: &mut DbConn,
    deal: &super::deals::NewDeal<'_>,
    updated_at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(deals::table)
        .values((
            deals::table_id.eq(deal.table_id),
            deals::number.eq(deal.number),
            deals::facts.eq(deal.facts),
            deals::version.eq(deal.version),
            deals::created_at.eq(deal.at),
            deals::updated_at.eq(updated_at),
        ))
        .execute(conn)
        .map(drop)
}

/// Inserts a penalty with its version.
pub fn insert_penalty(
    conn: &mut DbConn,
    p: &super::penalties::NewPenalty<'_>,
    version: i32,
) -> QueryResult<()> {
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
            penalties::version.eq(version),
        ))
        .execute(conn)
        .map(drop)
}
