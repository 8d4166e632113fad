//! A round's tables as stored: the table row with its round, its seats, its time-up mark
//! (and whether the clock made it), its extra minutes and the floor of the deal versions it
//! handed out. The row lock lives in [`super::locks`].

use diesel::prelude::*;

use super::DbConn;
use super::models::{PlayerRow, RoundRow, TableRow, TournamentRow};
use super::schema::{players, round_tables, rounds, table_seats, tournaments};

/// A table with its round.
pub fn with_round(conn: &mut DbConn, table_id: i64) -> QueryResult<Option<(TableRow, RoundRow)>> {
    round_tables::table
        .inner_join(rounds::table)
        .filter(round_tables::id.eq(table_id))
        .select((TableRow::as_select(), RoundRow::as_select()))
        .first(conn)
        .optional()
}

/// Table `table_id` joined with its round and tournament.
#[diesel::dsl::auto_type(no_type_alias)]
fn in_round_and_tournament(table_id: i64) -> _ {
    round_tables::table
        .inner_join(rounds::table.inner_join(tournaments::table))
        .filter(round_tables::id.eq(table_id))
}

/// A table with its round and tournament, in one round trip: every access to a table
/// (each deal entered among them) asks for all three.
pub fn with_round_and_tournament(
    conn: &mut DbConn,
    table_id: i64,
) -> QueryResult<Option<(TableRow, RoundRow, TournamentRow)>> {
    in_round_and_tournament(table_id)
        .select((
            TableRow::as_select(),
            RoundRow::as_select(),
            TournamentRow::as_select(),
        ))
        .first(conn)
        .optional()
}

/// As [`with_round_and_tournament`], and whether join code `code` still opens the table
/// (issued for it and not revoked), in the same round trip: a captain's every request
/// asks all four.
pub fn with_round_tournament_and_code(
    conn: &mut DbConn,
    table_id: i64,
    code: &str,
) -> QueryResult<Option<(TableRow, RoundRow, TournamentRow, bool)>> {
    in_round_and_tournament(table_id)
        .select((
            TableRow::as_select(),
            RoundRow::as_select(),
            TournamentRow::as_select(),
            diesel::dsl::exists(super::join_codes::opening(code, table_id)),
        ))
        .first(conn)
        .optional()
}

/// Whether table `table_id` belongs to a round of tournament `tournament_id`.
pub fn in_tournament(conn: &mut DbConn, table_id: i64, tournament_id: i64) -> QueryResult<bool> {
    round_tables::table
        .inner_join(rounds::table)
        .filter(round_tables::id.eq(table_id))
        .filter(rounds::tournament_id.eq(tournament_id))
        .count()
        .get_result::<i64>(conn)
        .map(|n| n > 0)
}

/// The player ids of a table in seat order.
pub fn seats(conn: &mut DbConn, table_id: i64) -> QueryResult<Vec<i64>> {
    table_seats::table
        .filter(table_seats::table_id.eq(table_id))
        .order(table_seats::seat.asc())
        .select(table_seats::player_id)
        .load(conn)
}

/// The players seated at table `table_id`, each with his seat, in seat order: the seats
/// and the players' rows in one round trip, for a write to the sheet, which needs both.
pub fn seated_players(conn: &mut DbConn, table_id: i64) -> QueryResult<Vec<(i32, PlayerRow)>> {
    table_seats::table
        .inner_join(players::table)
        .filter(table_seats::table_id.eq(table_id))
        .order(table_seats::seat.asc())
        .select((table_seats::seat, PlayerRow::as_select()))
        .load(conn)
}

/// The tables of several rounds.
pub fn of_rounds(conn: &mut DbConn, round_ids: &[i64]) -> QueryResult<Vec<TableRow>> {
    round_tables::table
        .filter(round_tables::round_id.eq_any(round_ids))
        .select(TableRow::as_select())
        .load(conn)
}

/// Every table a player has a seat at, with its round, in round order.
pub fn of_player(conn: &mut DbConn, player_id: i64) -> QueryResult<Vec<(TableRow, RoundRow)>> {
    table_seats::table
        .inner_join(round_tables::table.inner_join(rounds::table))
        .filter(table_seats::player_id.eq(player_id))
        .order((rounds::number.asc(), round_tables::number.asc()))
        .select((TableRow::as_select(), RoundRow::as_select()))
        .load(conn)
}

/// `(table, seat, player)` of every seat of several tables, unordered.
pub fn seats_of_tables(conn: &mut DbConn, table_ids: &[i64]) -> QueryResult<Vec<(i64, i32, i64)>> {
    table_seats::table
        .filter(table_seats::table_id.eq_any(table_ids))
        .select((
            table_seats::table_id,
            table_seats::seat,
            table_seats::player_id,
        ))
        .load(conn)
}

/// Sets the time-up mark: the organiser called time after `after` deals.
pub fn set_time_up(conn: &mut DbConn, table_id: i64, after: Option<i32>) -> QueryResult<()> {
    diesel::update(round_tables::table.find(table_id))
        .set((
            round_tables::time_up_after.eq(after),
            round_tables::time_up_by_clock.eq(false),
        ))
        .execute(conn)
        .map(drop)
}

/// Sets the table's result (each seat's points, comma-separated), the organiser's reason
/// and when; all `None` removes it.
pub fn set_adjustment(
    conn: &mut DbConn,
    table_id: i64,
    adjusted: Option<(&str, &str, chrono::NaiveDateTime)>,
) -> QueryResult<()> {
    let (points, reason, at) = match adjusted {
        Some((points, reason, at)) => (Some(points), Some(reason), Some(at)),
        None => (None, None, None),
    };
    diesel::update(round_tables::table.find(table_id))
        .set((
            round_tables::adjusted_points.eq(points),
            round_tables::adjusted_reason.eq(reason),
            round_tables::adjusted_at.eq(at),
        ))
        .execute(conn)
        .map(drop)
}

/// Sets the panel's stop of the table's round with its reason and when; `None` takes it
/// back.
pub fn set_stop(
    conn: &mut DbConn,
    table_id: i64,
    stopped: Option<(&str, chrono::NaiveDateTime)>,
) -> QueryResult<()> {
    let (reason, at) = stopped.unzip();
    diesel::update(round_tables::table.find(table_id))
        .set((
            round_tables::stopped_reason.eq(reason),
            round_tables::stopped_at.eq(at),
        ))
        .execute(conn)
        .map(drop)
}

/// Sets the time-up mark the table's clock made: its time ran out after `after` deals.
pub fn set_time_up_by_clock(conn: &mut DbConn, table_id: i64, after: i32) -> QueryResult<()> {
    diesel::update(round_tables::table.find(table_id))
        .set((
            round_tables::time_up_after.eq(Some(after)),
            round_tables::time_up_by_clock.eq(true),
        ))
        .execute(conn)
        .map(drop)
}

/// Sets the minutes granted to a table on top of the round's time; `lift` also clears a
/// time-up mark the clock made.
pub fn set_extra_minutes(
    conn: &mut DbConn,
    table_id: i64,
    extra_minutes: i32,
    lift: bool,
) -> QueryResult<()> {
    let target = round_tables::table.find(table_id);
    if lift {
        diesel::update(target)
            .set((
                round_tables::extra_minutes.eq(extra_minutes),
                round_tables::time_up_after.eq(None::<i32>),
                round_tables::time_up_by_clock.eq(false),
            ))
            .execute(conn)
            .map(drop)
    } else {
        diesel::update(target)
            .set(round_tables::extra_minutes.eq(extra_minutes))
            .execute(conn)
            .map(drop)
    }
}

/// Sets the time-up mark and the version floor together, as a deletion leaves them.
pub fn set_time_up_and_floor(
    conn: &mut DbConn,
    table_id: i64,
    after: Option<i32>,
    version_floor: i32,
) -> QueryResult<()> {
    diesel::update(round_tables::table.find(table_id))
        .set((
            round_tables::time_up_after.eq(after),
            round_tables::version_floor.eq(version_floor),
        ))
        .execute(conn)
        .map(drop)
}

/// Sets the deals planned at a table.
pub fn set_planned_deals(conn: &mut DbConn, table_id: i64, planned: i32) -> QueryResult<()> {
    diesel::update(round_tables::table.find(table_id))
        .set(round_tables::planned_deals.eq(planned))
        .execute(conn)
        .map(drop)
}
