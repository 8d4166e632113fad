//! An organiser's register of people and the links of his tournaments' players to them.
//! Who is matched to whom is the season service's business; this stores it.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::models::{LinkRow, PersonRow};
use super::schema::{players, register_links, register_people};

/// A person to store.
#[derive(Debug, Clone)]
pub struct NewPerson<'a> {
    /// Whose register.
    pub organizer_id: i64,
    /// Full name.
    pub name: &'a str,
    /// Club.
    pub club: Option<&'a str>,
    /// DDV number.
    pub ddv_number: Option<&'a str>,
    /// When.
    pub at: NaiveDateTime,
}

/// Stores a person.
pub fn insert_person(conn: &mut DbConn, person: &NewPerson<'_>) -> QueryResult<PersonRow> {
    diesel::insert_into(register_people::table)
        .values((
            register_people::organizer_id.eq(person.organizer_id),
            register_people::name.eq(person.name),
            register_people::club.eq(person.club),
            register_people::ddv_number.eq(person.ddv_number),
            register_people::created_at.eq(person.at),
        ))
        .returning(register_people::all_columns)
        .get_result(conn)
}

/// The people of `organizer_id`'s register, by name, then id.
pub fn people(conn: &mut DbConn, organizer_id: i64) -> QueryResult<Vec<PersonRow>> {
    register_people::table
        .filter(register_people::organizer_id.eq(organizer_id))
        .order((register_people::name.asc(), register_people::id.asc()))
        .select(PersonRow::as_select())
        .load(conn)
}

/// Person `id` of `organizer_id`'s register.
pub fn person(conn: &mut DbConn, organizer_id: i64, id: i64) -> QueryResult<Option<PersonRow>> {
    register_people::table
        .filter(register_people::organizer_id.eq(organizer_id))
        .filter(register_people::id.eq(id))
        .select(PersonRow::as_select())
        .first(conn)
        .optional()
}

/// The people with these ids, in any register.
pub fn people_by_id(conn: &mut DbConn, ids: &[i64]) -> QueryResult<Vec<PersonRow>> {
    register_people::table
        .filter(register_people::id.eq_any(ids))
        .select(PersonRow::as_select())
        .load(conn)
}

/// Sets a person's name, club and DDV number.
pub fn update_person(
    conn: &mut DbConn,
    id: i64,
    name: &str,
    club: Option<&str>,
    ddv_number: Option<&str>,
) -> QueryResult<usize> {
    diesel::update(register_people::table.find(id))
        .set((
            register_people::name.eq(name),
            register_people::club.eq(club),
            register_people::ddv_number.eq(ddv_number),
        ))
        .execute(conn)
}

/// Removes a person (his links must be gone or moved).
pub fn delete_person(conn: &mut DbConn, id: i64) -> QueryResult<usize> {
    diesel::delete(register_people::table.find(id)).execute(conn)
}

/// Stores a link.
pub fn insert_link(conn: &mut DbConn, link: &LinkRow) -> QueryResult<usize> {
    diesel::insert_into(register_links::table)
        .values(link)
        .execute(conn)
}

/// The links of `organizer_id`'s register for these players.
pub fn links_of_players(
    conn: &mut DbConn,
    organizer_id: i64,
    player_ids: &[i64],
) -> QueryResult<Vec<LinkRow>> {
    register_links::table
        .filter(register_links::organizer_id.eq(organizer_id))
        .filter(register_links::player_id.eq_any(player_ids))
        .select(LinkRow::as_select())
        .load(conn)
}

/// Every link of `organizer_id`'s register.
pub fn links(conn: &mut DbConn, organizer_id: i64) -> QueryResult<Vec<LinkRow>> {
    register_links::table
        .filter(register_links::organizer_id.eq(organizer_id))
        .order(register_links::player_id.asc())
        .select(LinkRow::as_select())
        .load(conn)
}

/// The link of one player in `organizer_id`'s register.
pub fn link(conn: &mut DbConn, organizer_id: i64, player_id: i64) -> QueryResult<Option<LinkRow>> {
    register_links::table
        .filter(register_links::organizer_id.eq(organizer_id))
        .filter(register_links::player_id.eq(player_id))
        .select(LinkRow::as_select())
        .first(conn)
        .optional()
}

/// Points a player's link at `person_id`, saying how.
pub fn set_link(
    conn: &mut DbConn,
    organizer_id: i64,
    player_id: i64,
    person_id: i64,
    matched_by: &str,
    confirmed: bool,
) -> QueryResult<usize> {
    diesel::update(
        register_links::table
            .filter(register_links::organizer_id.eq(organizer_id))
            .filter(register_links::player_id.eq(player_id)),
    )
    .set((
        register_links::person_id.eq(person_id),
        register_links::matched_by.eq(matched_by),
        register_links::confirmed.eq(confirmed),
    ))
    .execute(conn)
}

/// Moves every link of person `from` to person `to` (a merge), confirmed by the organiser.
pub fn move_links(conn: &mut DbConn, from: i64, to: i64) -> QueryResult<usize> {
    diesel::update(register_links::table.filter(register_links::person_id.eq(from)))
        .set((
            register_links::person_id.eq(to),
            register_links::matched_by.eq("organiser"),
            register_links::confirmed.eq(true),
        ))
        .execute(conn)
}

/// Removes a player's links in every register (before the player is removed).
pub fn delete_links_of_player(conn: &mut DbConn, player_id: i64) -> QueryResult<usize> {
    diesel::delete(register_links::table.filter(register_links::player_id.eq(player_id)))
        .execute(conn)
}

/// Removes the links of every player of a tournament (before the tournament is removed).
pub fn delete_links_of_tournament(conn: &mut DbConn, tournament_id: i64) -> QueryResult<usize> {
    let player_ids = players::table
        .filter(players::tournament_id.eq(tournament_id))
        .select(players::id);
    diesel::delete(register_links::table.filter(register_links::player_id.eq_any(player_ids)))
        .execute(conn)
}
