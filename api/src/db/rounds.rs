//! Rounds, their tables and the seats at them: reading a tournament's rounds and their
//! seating, creating a round with its tables, changing seats before play, closing and
//! deleting a round.

use diesel::prelude::*;

use super::DbConn;
use super::models::{RoundRow, TableRow};
use super::schema::{deals, join_codes, penalties, round_tables, rounds, signatures, table_seats};

/// A round by id.
pub fn find(conn: &mut DbConn, id: i64) -> QueryResult<Option<RoundRow>> {
    rounds::table
        .find(id)
        .select(RoundRow::as_select())
        .first(conn)
        .optional()
}

/// A tournament's round by its number.
pub fn by_number(
    conn: &mut DbConn,
    tournament_id: i64,
    number: i32,
) -> QueryResult<Option<RoundRow>> {
    rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .filter(rounds::number.eq(number))
        .select(RoundRow::as_select())
        .first(conn)
        .optional()
}

/// A tournament's rounds in number order.
pub fn of_tournament(conn: &mut DbConn, tournament_id: i64) -> QueryResult<Vec<RoundRow>> {
    rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .order(rounds::number.asc())
        .select(RoundRow::as_select())
        .load(conn)
}

/// The numbers of a tournament's rounds.
pub fn numbers(conn: &mut DbConn, tournament_id: i64) -> QueryResult<Vec<i32>> {
    rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .select(rounds::number)
        .load(conn)
}

/// The number the tournament's next round gets.
pub fn next_number(conn: &mut DbConn, tournament_id: i64) -> QueryResult<i32> {
    let last = rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .select(diesel::dsl::max(rounds::number))
        .first::<Option<i32>>(conn)?;
    Ok(last.unwrap_or(0) + 1)
}

/// How many of the tournament's rounds come after round `number`.
pub fn count_after(conn: &mut DbConn, tournament_id: i64, number: i32) -> QueryResult<i64> {
    rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .filter(rounds::number.gt(number))
        .count()
        .get_result(conn)
}

/// The tables of one round: player ids in seat order, tables in number order.
pub fn seats_of(conn: &mut DbConn, round_id: i64) -> QueryResult<Vec<Vec<i64>>> {
    let rows: Vec<(i32, i64)> = table_seats::table
        .inner_join(round_tables::table)
        .filter(round_tables::round_id.eq(round_id))
        .order((round_tables::number.asc(), table_seats::seat.asc()))
        .select((round_tables::number, table_seats::player_id))
        .load(conn)?;
    let mut tables: Vec<Vec<i64>> = Vec::new();
    let mut current = None;
    for (number, player) in rows {
        if current != Some(number) {
            tables.push(Vec::new());
            current = Some(number);
        }
        if let Some(table) = tables.last_mut() {
            table.push(player);
        }
    }
    Ok(tables)
}

/// The tables of the tournament's rounds numbered below `below`, in order.
pub fn history(
    conn: &mut DbConn,
    tournament_id: i64,
    below: i32,
) -> QueryResult<Vec<Vec<Vec<i64>>>> {
    let ids: Vec<i64> = rounds::table
        .filter(rounds::tournament_id.eq(tournament_id))
        .filter(rounds::number.lt(below))
        .order(rounds::number.asc())
        .select(rounds::id)
        .load(conn)?;
    ids.into_iter().map(|id| seats_of(conn, id)).collect()
}

/// A round's tables in number order.
pub fn tables(conn: &mut DbConn, round_id: i64) -> QueryResult<Vec<TableRow>> {
    round_tables::table
        .filter(round_tables::round_id.eq(round_id))
        .order(round_tables::number.asc())
        .select(TableRow::as_select())
        .load(conn)
}

/// A new round, open; `draw` is its method and seed when it was drawn.
pub fn insert(
    conn: &mut DbConn,
    tournament_id: i64,
    number: i32,
    draw: Option<(&str, &str)>,
    created_at: chrono::NaiveDateTime,
) -> QueryResult<RoundRow> {
    diesel::insert_into(rounds::table)
        .values((
            rounds::tournament_id.eq(tournament_id),
            rounds::number.eq(number),
            rounds::closed.eq(false),
            rounds::created_at.eq(created_at),
            rounds::draw_method.eq(draw.map(|(method, _)| method)),
            rounds::draw_seed.eq(draw.map(|(_, seed)| seed.to_owned())),
        ))
        .returning(rounds::all_columns)
        .get_result(conn)
}

/// A new table of a round (time not yet called); its id.
pub fn insert_table(
    conn: &mut DbConn,
    round_id: i64,
    number: i32,
    planned_deals: i32,
) -> QueryResult<i64> {
    diesel::insert_into(round_tables::table)
        .values((
            round_tables::round_id.eq(round_id),
            round_tables::number.eq(number),
            round_tables::planned_deals.eq(planned_deals),
            round_tables::time_up_after.eq(None::<i32>),
        ))
        .returning(round_tables::id)
        .get_result(conn)
}

/// Seats `seats` (player ids, seat order) at a table that has none.
pub fn insert_seats(conn: &mut DbConn, table_id: i64, seats: &[i64]) -> QueryResult<()> {
    for (seat, player) in seats.iter().enumerate() {
        diesel::insert_into(table_seats::table)
            .values((
                table_seats::table_id.eq(table_id),
                table_seats::seat.eq(i32::try_from(seat).unwrap_or(0)),
                table_seats::player_id.eq(player),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Replaces a table's seats and the deals planned there.
pub fn reseat_table(
    conn: &mut DbConn,
    table_id: i64,
    seats: &[i64],
    planned_deals: i32,
) -> QueryResult<()> {
    diesel::delete(table_seats::table.filter(table_seats::table_id.eq(table_id))).execute(conn)?;
    // Signatures are the seated players' word on the sheet; new players have given none.
    diesel::delete(signatures::table.filter(signatures::table_id.eq(table_id))).execute(conn)?;
    insert_seats(conn, table_id, seats)?;
    diesel::update(round_tables::table.find(table_id))
        .set(round_tables::planned_deals.eq(planned_deals))
        .execute(conn)?;
    Ok(())
}

/// Closes a round.
pub fn close(conn: &mut DbConn, id: i64) -> QueryResult<()> {
    diesel::update(rounds::table.find(id))
        .set(rounds::closed.eq(true))
        .execute(conn)?;
    Ok(())
}

/// Starts a round's clock at `at` unless it has started; returns whether it started now.
/// The condition makes a second start (even a concurrent one) keep the first time.
pub fn start(conn: &mut DbConn, id: i64, at: chrono::NaiveDateTime) -> QueryResult<bool> {
    diesel::update(rounds::table.find(id).filter(rounds::started_at.is_null()))
        .set(rounds::started_at.eq(at))
        .execute(conn)
        .map(|n| n > 0)
}

/// What has been entered at a round's tables: deals and penalties.
pub fn entries(conn: &mut DbConn, round_id: i64) -> QueryResult<(i64, i64)> {
    let tables = round_tables::table
        .filter(round_tables::round_id.eq(round_id))
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

/// Deletes a round with its tables, their seats, join codes and signatures (nothing may
/// have been entered at them; a table whose time was called before its first deal can
/// still have been signed).
pub fn delete(conn: &mut DbConn, round_id: i64) -> QueryResult<()> {
    let tables = round_tables::table
        .filter(round_tables::round_id.eq(round_id))
        .select(round_tables::id);
    diesel::delete(join_codes::table.filter(join_codes::table_id.eq_any(tables))).execute(conn)?;
    diesel::delete(signatures::table.filter(signatures::table_id.eq_any(tables))).execute(conn)?;
    diesel::delete(table_seats::table.filter(table_seats::table_id.eq_any(tables)))
        .execute(conn)?;
    diesel::delete(round_tables::table.filter(round_tables::round_id.eq(round_id)))
        .execute(conn)?;
    diesel::delete(rounds::table.find(round_id)).execute(conn)?;
    Ok(())
}
