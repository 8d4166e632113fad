//! Tournaments: storing, listing, changing and deleting them, and what a tournament's start
//! page counts (its players, its rounds with their tables, whether a plan exists).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::models::{NewTournament, OrganizerRow, TournamentChanges, TournamentRow};
use super::schema::{
    audit_log, deals, join_codes, organizers, penalties, players, round_tables, rounds,
    seating_plans, signatures, table_seats, tournament_organizers, tournaments,
};

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

/// An organiser's tournaments, his own and those he co-organises, newest first.
pub fn of_organizer(conn: &mut DbConn, organizer_id: i64) -> QueryResult<Vec<TournamentRow>> {
    let co = tournament_organizers::table
        .filter(tournament_organizers::organizer_id.eq(organizer_id))
        .select(tournament_organizers::tournament_id);
    tournaments::table
        .filter(
            tournaments::organizer_id
                .eq(organizer_id)
                .or(tournaments::id.eq_any(co)),
        )
        .order((tournaments::held_on.desc(), tournaments::id.desc()))
        .select(TournamentRow::as_select())
        .load(conn)
}

/// The tournaments anybody may read (published), and, for an organiser, those he runs
/// (owns or co-organises) besides.
pub fn visible(conn: &mut DbConn, organizer_id: Option<i64>) -> QueryResult<Vec<TournamentRow>> {
    let query = tournaments::table
        .order((tournaments::held_on.asc(), tournaments::id.asc()))
        .select(TournamentRow::as_select());
    match organizer_id {
        Some(me) => {
            let co = tournament_organizers::table
                .filter(tournament_organizers::organizer_id.eq(me))
                .select(tournament_organizers::tournament_id);
            query
                .filter(
                    tournaments::published
                        .eq(true)
                        .or(tournaments::organizer_id.eq(me))
                        .or(tournaments::id.eq_any(co)),
                )
                .load(conn)
        }
        None => query.filter(tournaments::published.eq(true)).load(conn),
    }
}

/// Whether `organizer_id` co-organises tournament `tournament_id` (its owner is not
/// listed as one).
pub fn is_co_organizer(
    conn: &mut DbConn,
    tournament_id: i64,
    organizer_id: i64,
) -> QueryResult<bool> {
    tournament_organizers::table
        .find((tournament_id, organizer_id))
        .count()
        .get_result::<i64>(conn)
        .map(|n| n > 0)
}

/// A tournament's co-organisers with when each was added, in that order.
pub fn co_organizers(
    conn: &mut DbConn,
    tournament_id: i64,
) -> QueryResult<Vec<(OrganizerRow, NaiveDateTime)>> {
    tournament_organizers::table
        .inner_join(organizers::table)
        .filter(tournament_organizers::tournament_id.eq(tournament_id))
        .order((
            tournament_organizers::added_at.asc(),
            tournament_organizers::organizer_id.asc(),
        ))
        .select((OrganizerRow::as_select(), tournament_organizers::added_at))
        .load(conn)
}

/// Adds `organizer_id` as a co-organiser of tournament `tournament_id`; the caller holds
/// the tournament's lock and has checked he is not one already.
pub fn add_co_organizer(
    conn: &mut DbConn,
    tournament_id: i64,
    organizer_id: i64,
    at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(tournament_organizers::table)
        .values((
            tournament_organizers::tournament_id.eq(tournament_id),
            tournament_organizers::organizer_id.eq(organizer_id),
            tournament_organizers::added_at.eq(at),
        ))
        .execute(conn)
        .map(drop)
}

/// Removes co-organiser `organizer_id` from tournament `tournament_id`; whether he was one.
pub fn remove_co_organizer(
    conn: &mut DbConn,
    tournament_id: i64,
    organizer_id: i64,
) -> QueryResult<bool> {
    diesel::delete(tournament_organizers::table.find((tournament_id, organizer_id)))
        .execute(conn)
        .map(|n| n > 0)
}

/// Publishes or unpublishes a tournament.
pub fn set_published(conn: &mut DbConn, id: i64, published: bool) -> QueryResult<()> {
    diesel::update(tournaments::table.find(id))
        .set(tournaments::published.eq(published))
        .execute(conn)
        .map(drop)
}

/// Changes a tournament's settings as `changes` says (nothing when it is empty).
pub fn save(conn: &mut DbConn, id: i64, changes: &TournamentChanges) -> QueryResult<()> {
    if changes.is_empty() {
        return Ok(());
    }
    diesel::update(tournaments::table.find(id))
        .set(changes)
        .execute(conn)
        .map(drop)
}

/// The ids of a tournament's tables, ascending (the order their locks are taken in).
pub fn table_ids(conn: &mut DbConn, tournament_id: i64) -> QueryResult<Vec<i64>> {
    round_tables::table
        .inner_join(rounds::table)
        .filter(rounds::tournament_id.eq(tournament_id))
        .order(round_tables::id.asc())
        .select(round_tables::id)
        .load(conn)
}

/// What has been entered at a tournament's tables: deals and penalties.
pub fn entries(conn: &mut DbConn, tournament_id: i64) -> QueryResult<(i64, i64)> {
    let tables = round_tables::table
        .inner_join(rounds::table)
        .filter(rounds::tournament_id.eq(tournament_id))
        .select(round_tables::id);
    let entered: i64 = deals::table
        .filter(deals::table_id.eq_any(tables))
        .count()
        .get_result(conn)?;
    let penalised: i64 = penalties::table
        .filter(penalties::table_id.eq_any(tables))
        .count()
        .get_result(conn)?;
    Ok((entered, penalised))
}

/// Deletes a tournament with everything that belongs to it: its rounds, their tables with
/// seats and join codes, its seating plan, its players, its co-organisers and its audit
/// log. Deals and penalties are not deleted: for a tournament that has any (or anything
/// else that refers to it) the foreign keys refuse, and the answer is `None`.
pub fn delete(conn: &mut DbConn, id: i64) -> QueryResult<Option<()>> {
    super::unless_referenced(delete_all(conn, id))
}

fn delete_all(conn: &mut DbConn, id: i64) -> QueryResult<()> {
    let round_ids = rounds::table
        .filter(rounds::tournament_id.eq(id))
        .select(rounds::id);
    let table_ids = round_tables::table
        .filter(round_tables::round_id.eq_any(round_ids))
        .select(round_tables::id);
    diesel::delete(join_codes::table.filter(join_codes::table_id.eq_any(table_ids)))
        .execute(conn)?;
    diesel::delete(signatures::table.filter(signatures::table_id.eq_any(table_ids)))
        .execute(conn)?;
    diesel::delete(table_seats::table.filter(table_seats::table_id.eq_any(table_ids)))
        .execute(conn)?;
    diesel::delete(round_tables::table.filter(round_tables::round_id.eq_any(round_ids)))
        .execute(conn)?;
    diesel::delete(rounds::table.filter(rounds::tournament_id.eq(id))).execute(conn)?;
    diesel::delete(seating_plans::table.filter(seating_plans::tournament_id.eq(id)))
        .execute(conn)?;
    super::register::delete_links_of_tournament(conn, id)?;
    super::seasons::forget_tournament(conn, id)?;
    diesel::delete(players::table.filter(players::tournament_id.eq(id))).execute(conn)?;
    diesel::delete(audit_log::table.filter(audit_log::tournament_id.eq(id))).execute(conn)?;
    diesel::delete(
        tournament_organizers::table.filter(tournament_organizers::tournament_id.eq(id)),
    )
    .execute(conn)?;
    super::invitations::delete_all(conn, id)?;
    super::webhooks::delete_of(conn, super::webhooks::Owner::Tournament(id))?;
    diesel::delete(tournaments::table.find(id)).execute(conn)?;
    Ok(())
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

/// Marks a tournament finished at `at`, or running again (`None`).
pub fn set_finished(conn: &mut DbConn, id: i64, at: Option<NaiveDateTime>) -> QueryResult<()> {
    diesel::update(tournaments::table.find(id))
        .set(tournaments::finished_at.eq(at))
        .execute(conn)
        .map(drop)
}
