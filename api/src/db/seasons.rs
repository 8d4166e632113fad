//! Seasons and the tournaments they group.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::models::{SeasonRow, TournamentRow};
use super::schema::{season_tournaments, seasons, tournaments};

/// Stores a season.
pub fn insert(
    conn: &mut DbConn,
    organizer_id: i64,
    name: &str,
    rules: &str,
    published: bool,
    at: NaiveDateTime,
) -> QueryResult<SeasonRow> {
    diesel::insert_into(seasons::table)
        .values((
            seasons::organizer_id.eq(organizer_id),
            seasons::name.eq(name),
            seasons::rules.eq(rules),
            seasons::published.eq(published),
            seasons::created_at.eq(at),
        ))
        .returning(seasons::all_columns)
        .get_result(conn)
}

/// Season `id`.
pub fn find(conn: &mut DbConn, id: i64) -> QueryResult<Option<SeasonRow>> {
    seasons::table
        .find(id)
        .select(SeasonRow::as_select())
        .first(conn)
        .optional()
}

/// The seasons of `organizer_id`, newest first.
pub fn of_organizer(conn: &mut DbConn, organizer_id: i64) -> QueryResult<Vec<SeasonRow>> {
    seasons::table
        .filter(seasons::organizer_id.eq(organizer_id))
        .order(seasons::id.desc())
        .select(SeasonRow::as_select())
        .load(conn)
}

/// Sets a season's name, rules and publication.
pub fn update(
    conn: &mut DbConn,
    id: i64,
    name: &str,
    rules: &str,
    published: bool,
) -> QueryResult<usize> {
    diesel::update(seasons::table.find(id))
        .set((
            seasons::name.eq(name),
            seasons::rules.eq(rules),
            seasons::published.eq(published),
        ))
        .execute(conn)
}

/// Removes a season and its list of tournaments (the tournaments stay).
pub fn delete(conn: &mut DbConn, id: i64) -> QueryResult<usize> {
    super::webhooks::delete_of(conn, super::webhooks::Owner::Season(id))?;
    diesel::delete(season_tournaments::table.filter(season_tournaments::season_id.eq(id)))
        .execute(conn)?;
    diesel::delete(seasons::table.find(id)).execute(conn)
}

/// Adds a tournament to a season; 0 when it was in it already.
pub fn add_tournament(conn: &mut DbConn, season_id: i64, tournament_id: i64) -> QueryResult<usize> {
    let present = season_tournaments::table
        .find((season_id, tournament_id))
        .count()
        .get_result::<i64>(conn)?;
    if present > 0 {
        return Ok(0);
    }
    diesel::insert_into(season_tournaments::table)
        .values((
            season_tournaments::season_id.eq(season_id),
            season_tournaments::tournament_id.eq(tournament_id),
        ))
        .execute(conn)
}

/// Takes a tournament out of a season.
pub fn remove_tournament(
    conn: &mut DbConn,
    season_id: i64,
    tournament_id: i64,
) -> QueryResult<usize> {
    diesel::delete(season_tournaments::table.find((season_id, tournament_id))).execute(conn)
}

/// The tournaments of a season in the order they were held (day, then id): its evenings.
pub fn tournaments(conn: &mut DbConn, season_id: i64) -> QueryResult<Vec<TournamentRow>> {
    tournaments::table
        .inner_join(
            season_tournaments::table.on(season_tournaments::tournament_id.eq(tournaments::id)),
        )
        .filter(season_tournaments::season_id.eq(season_id))
        .order((tournaments::held_on.asc(), tournaments::id.asc()))
        .select(TournamentRow::as_select())
        .load(conn)
}

/// Takes a tournament out of every season (before it is removed).
pub fn forget_tournament(conn: &mut DbConn, tournament_id: i64) -> QueryResult<usize> {
    diesel::delete(
        season_tournaments::table.filter(season_tournaments::tournament_id.eq(tournament_id)),
    )
    .execute(conn)
}

/// The seasons holding tournament `tournament_id`, in id order.
pub fn holding(conn: &mut DbConn, tournament_id: i64) -> QueryResult<Vec<i64>> {
    season_tournaments::table
        .filter(season_tournaments::tournament_id.eq(tournament_id))
        .select(season_tournaments::season_id)
        .order(season_tournaments::season_id.asc())
        .load(conn)
}

/// The organisers whose seasons hold tournament `tournament_id`, each once, in id order.
pub fn organizers_holding(conn: &mut DbConn, tournament_id: i64) -> QueryResult<Vec<i64>> {
    seasons::table
        .inner_join(season_tournaments::table.on(season_tournaments::season_id.eq(seasons::id)))
        .filter(season_tournaments::tournament_id.eq(tournament_id))
        .select(seasons::organizer_id)
        .distinct()
        .order(seasons::organizer_id.asc())
        .load(conn)
}

/// The published seasons, newest first, at most `limit`.
pub fn published(conn: &mut DbConn, limit: i64) -> QueryResult<Vec<SeasonRow>> {
    seasons::table
        .filter(seasons::published.eq(true))
        .order(seasons::id.desc())
        .limit(limit)
        .select(SeasonRow::as_select())
        .load(conn)
}

/// The first of `organizer_id`'s seasons that holds tournament `tournament_id`, if any.
pub fn of_organizer_holding(
    conn: &mut DbConn,
    organizer_id: i64,
    tournament_id: i64,
) -> QueryResult<Option<i64>> {
    seasons::table
        .inner_join(season_tournaments::table.on(season_tournaments::season_id.eq(seasons::id)))
        .filter(seasons::organizer_id.eq(organizer_id))
        .filter(season_tournaments::tournament_id.eq(tournament_id))
        .order(seasons::id.asc())
        .select(seasons::id)
        .first(conn)
        .optional()
}
