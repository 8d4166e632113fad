//! Organiser accounts: storing one, finding one by e-mail (at login, or to add him to a
//! tournament) or by id.

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error};

use super::DbConn;
use super::models::{NewOrganizer, OrganizerRow};
use super::schema::organizers;

/// Stores an organiser and returns its id; `None` when one with this e-mail exists already.
pub fn insert(conn: &mut DbConn, new: &NewOrganizer<'_>) -> QueryResult<Option<i64>> {
    match diesel::insert_into(organizers::table)
        .values(new)
        .returning(organizers::id)
        .get_result::<i64>(conn)
    {
        Ok(id) => Ok(Some(id)),
        Err(Error::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(None),
        Err(other) => Err(other),
    }
}

/// The organiser with this (lower-cased) e-mail, if any.
pub fn by_email(conn: &mut DbConn, email: &str) -> QueryResult<Option<OrganizerRow>> {
    organizers::table
        .filter(organizers::email.eq(email))
        .select(OrganizerRow::as_select())
        .first(conn)
        .optional()
}

/// The organiser with this id, if any.
pub fn find(conn: &mut DbConn, id: i64) -> QueryResult<Option<OrganizerRow>> {
    organizers::table
        .find(id)
        .select(OrganizerRow::as_select())
        .first(conn)
        .optional()
}
