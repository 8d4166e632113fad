//! A tournament's players: registering, listing, counting and changing them.

use diesel::prelude::*;

use super::DbConn;
use super::models::{NewPlayer, PlayerRow};
use super::schema::{players, round_tables, rounds, table_seats};

/// The start number after the highest one taken (1 for the first player).
pub fn next_start_number(conn: &mut DbConn, tournament_id: i64) -> QueryResult<i32> {
    players::table
        .filter(players::tournament_id.eq(tournament_id))
        .select(diesel::dsl::max(players::start_number))
        .first::<Option<i32>>(conn)
        .map(|max| max.unwrap_or(0).saturating_add(1))
}

/// Stores a new player. One insert per row: diesel's generic connection cannot
/// batch-insert (shared/stack.md).
pub fn insert(conn: &mut DbConn, new: &NewPlayer) -> QueryResult<PlayerRow> {
    diesel::insert_into(players::table)
        .values(new)
        .returning(players::all_columns)
        .get_result(conn)
}

/// The tournament's players by start number.
pub fn of_tournament(conn: &mut DbConn, tournament_id: i64) -> QueryResult<Vec<PlayerRow>> {
    players::table
        .filter(players::tournament_id.eq(tournament_id))
        .order(players::start_number.asc())
        .select(PlayerRow::as_select())
        .load(conn)
}

/// The tournament's players in the order they were registered (by id): the order the
/// draws and the standings have always read them in.
pub fn in_id_order(conn: &mut DbConn, tournament_id: i64) -> QueryResult<Vec<PlayerRow>> {
    players::table
        .filter(players::tournament_id.eq(tournament_id))
        .order(players::id.asc())
        .select(PlayerRow::as_select())
        .load(conn)
}

/// How many players have not withdrawn.
pub fn count_playing(conn: &mut DbConn, tournament_id: i64) -> QueryResult<i64> {
    players::table
        .filter(players::tournament_id.eq(tournament_id))
        .filter(players::withdrawn.eq(false))
        .count()
        .get_result(conn)
}

/// The players with these ids, in id order (the ones that exist).
pub fn by_ids(conn: &mut DbConn, ids: &[i64]) -> QueryResult<Vec<PlayerRow>> {
    players::table
        .filter(players::id.eq_any(ids))
        .order(players::id.asc())
        .select(PlayerRow::as_select())
        .load(conn)
}

/// A player, if it exists.
pub fn find(conn: &mut DbConn, id: i64) -> QueryResult<Option<PlayerRow>> {
    players::table
        .find(id)
        .select(PlayerRow::as_select())
        .first(conn)
        .optional()
}

/// What to change of a player; `None` leaves a column as it is.
#[derive(Debug, Clone, Default)]
pub struct PlayerChange {
    /// Present at the venue.
    pub checked_in: Option<bool>,
    /// Left the tournament.
    pub withdrawn: Option<bool>,
    /// Name.
    pub name: Option<String>,
    /// Club (`Some(None)` clears it).
    pub club: Option<Option<String>>,
    /// The name the public sees (`Some(None)` shows the full name again).
    pub public_name: Option<Option<String>>,
    /// DDV number (`Some(None)` clears it).
    pub ddv_number: Option<Option<String>>,
    /// Start number.
    pub start_number: Option<i32>,
}

/// A disqualification as stored: when, why, whether the results were struck.
pub type Disqualification<'a> = (chrono::NaiveDateTime, &'a str, bool);

/// Records player `id`'s disqualification, or lifts it (`None`). A disqualified player is
/// withdrawn as well, so that no later round seats him; lifting it leaves him withdrawn
/// until the organiser checks him in again.
pub fn set_disqualification(
    conn: &mut DbConn,
    id: i64,
    disqualification: Option<Disqualification<'_>>,
) -> QueryResult<()> {
    let target = players::table.find(id);
    match disqualification {
        Some((at, reason, struck)) => diesel::update(target)
            .set((
                players::disqualified_at.eq(Some(at)),
                players::disqualification_reason.eq(Some(reason)),
                players::disqualification_struck.eq(struck),
                players::withdrawn.eq(true),
            ))
            .execute(conn)
            .map(drop),
        None => diesel::update(target)
            .set((
                players::disqualified_at.eq(None::<chrono::NaiveDateTime>),
                players::disqualification_reason.eq(None::<String>),
                players::disqualification_struck.eq(false),
            ))
            .execute(conn)
            .map(drop),
    }
}

/// Changes a player's columns as `change` says.
pub fn update(conn: &mut DbConn, id: i64, change: PlayerChange) -> QueryResult<()> {
    let target = players::table.find(id);
    if let Some(v) = change.checked_in {
        diesel::update(target)
            .set(players::checked_in.eq(v))
            .execute(conn)?;
    }
    if let Some(v) = change.withdrawn {
        diesel::update(target)
            .set(players::withdrawn.eq(v))
            .execute(conn)?;
    }
    if let Some(v) = change.name {
        diesel::update(target)
            .set(players::name.eq(v))
            .execute(conn)?;
    }
    if let Some(v) = change.club {
        diesel::update(target)
            .set(players::club.eq(v))
            .execute(conn)?;
    }
    if let Some(v) = change.public_name {
        diesel::update(target)
            .set(players::public_name.eq(v))
            .execute(conn)?;
    }
    if let Some(v) = change.ddv_number {
        diesel::update(target)
            .set(players::ddv_number.eq(v))
            .execute(conn)?;
    }
    if let Some(v) = change.start_number {
        diesel::update(target)
            .set(players::start_number.eq(v))
            .execute(conn)?;
    }
    Ok(())
}

/// [`update`], or `None` when the unique key refuses the start number (taken by a
/// registration committed meanwhile, on PostgreSQL): in a savepoint of its own, since
/// PostgreSQL aborts the transaction at the refusal.
pub fn update_unless_taken(
    conn: &mut DbConn,
    id: i64,
    change: PlayerChange,
) -> QueryResult<Option<()>> {
    super::unless_duplicate(conn.transaction(|conn| update(conn, id, change)))
}

/// The numbers of the rounds in which a player has a seat, in order.
pub fn seated_in_rounds(conn: &mut DbConn, id: i64) -> QueryResult<Vec<i32>> {
    table_seats::table
        .inner_join(round_tables::table.inner_join(rounds::table))
        .filter(table_seats::player_id.eq(id))
        .order(rounds::number.asc())
        .select(rounds::number)
        .distinct()
        .load(conn)
}

/// Deletes a player: how many rows went (0 or 1), or `None` when a seat still names him.
pub fn delete(conn: &mut DbConn, id: i64) -> QueryResult<Option<usize>> {
    // A register's link to him goes with him: it says who he was, nothing he played.
    super::register::delete_links_of_player(conn, id)?;
    super::unless_referenced(diesel::delete(players::table.find(id)).execute(conn))
}
