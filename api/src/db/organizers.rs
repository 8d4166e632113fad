//! Organiser accounts: storing one, finding one by e-mail (at login, or to add him to a
//! tournament) or by id.

use diesel::prelude::*;

use super::DbConn;
use super::models::{NewOrganizer, OrganizerRow};
use super::schema::organizers;

/// Stores an organiser and returns its id; `None` when one with this e-mail exists already.
pub fn insert(conn: &mut DbConn, new: &NewOrganizer<'_>) -> QueryResult<Option<i64>> {
    super::unless_duplicate(
        diesel::insert_into(organizers::table)
            .values(new)
            .returning(organizers::id)
            .get_result::<i64>(conn),
    )
}

/// The organiser with this (lower-cased) e-mail, if any and not removed.
pub fn by_email(conn: &mut DbConn, email: &str) -> QueryResult<Option<OrganizerRow>> {
    organizers::table
        .filter(organizers::email.eq(email))
        .filter(organizers::removed_at.is_null())
        .select(OrganizerRow::as_select())
        .first(conn)
        .optional()
}

/// Whether an account with this (lower-cased) e-mail was removed: the e-mail stays taken.
pub fn removed_with_email(conn: &mut DbConn, email: &str) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        organizers::table
            .filter(organizers::email.eq(email))
            .filter(organizers::removed_at.is_not_null()),
    ))
    .get_result(conn)
}

/// The organiser with this id, if any.
pub fn find(conn: &mut DbConn, id: i64) -> QueryResult<Option<OrganizerRow>> {
    organizers::table
        .find(id)
        .select(OrganizerRow::as_select())
        .first(conn)
        .optional()
}

/// Sets organiser `id`'s password hash and counts the change in his token version (his
/// preview links end); answers whether he exists and is not removed.
pub fn set_password(conn: &mut DbConn, id: i64, password_hash: &str) -> QueryResult<bool> {
    diesel::update(
        organizers::table
            .find(id)
            .filter(organizers::removed_at.is_null()),
    )
    .set((
        organizers::password_hash.eq(password_hash),
        organizers::token_version.eq(organizers::token_version + 1),
    ))
    .execute(conn)
    .map(|n| n == 1)
}

/// Marks organiser `id` removed at `at` (he signs in no more, his preview links end);
/// answers whether he was there to remove.
pub fn remove(conn: &mut DbConn, id: i64, at: chrono::NaiveDateTime) -> QueryResult<bool> {
    diesel::update(
        organizers::table
            .find(id)
            .filter(organizers::removed_at.is_null()),
    )
    .set((
        organizers::removed_at.eq(Some(at)),
        organizers::token_version.eq(organizers::token_version + 1),
    ))
    .execute(conn)
    .map(|n| n == 1)
}

/// The token version of organiser `id`, if he exists and is not removed.
pub fn token_version(conn: &mut DbConn, id: i64) -> QueryResult<Option<i32>> {
    organizers::table
        .find(id)
        .filter(organizers::removed_at.is_null())
        .select(organizers::token_version)
        .first(conn)
        .optional()
}
