//! The token signing key stored in the database (PostgreSQL without a configured secret):
//! one row, written once by whichever instance starts first.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error};

use super::DbConn;
use super::schema::signing_keys;

/// The stored key, hex-encoded, if there is one.
pub fn get(conn: &mut DbConn) -> QueryResult<Option<String>> {
    signing_keys::table
        .find(1)
        .select(signing_keys::secret_hex)
        .first(conn)
        .optional()
}

/// Stores `secret_hex` as the key unless one is stored already (another instance was
/// first), and answers the key that stands.
pub fn put_first(conn: &mut DbConn, secret_hex: &str, at: NaiveDateTime) -> QueryResult<String> {
    match diesel::insert_into(signing_keys::table)
        .values((
            signing_keys::id.eq(1),
            signing_keys::secret_hex.eq(secret_hex),
            signing_keys::created_at.eq(at),
        ))
        .execute(conn)
    {
        Ok(_) | Err(Error::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {}
        Err(other) => return Err(other),
    }
    get(conn)?.ok_or(Error::NotFound)
}
