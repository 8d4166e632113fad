//! Organiser accounts, created from the command line (there is no self-registration: the
//! people who run a tournament are known to whoever runs the server).

use anyhow::{Context, bail};
use diesel::prelude::*;

use crate::auth::password;
use crate::db::Database;
use crate::db::models::NewOrganizer;
use crate::db::schema::organizers;

/// Creates an organiser and returns its id. The e-mail is stored lower-cased.
pub fn add(db: &Database, email: &str, name: &str, password: &str) -> anyhow::Result<i64> {
    let email = email.trim().to_lowercase();
    let name = name.trim();
    if !email.contains('@') || email.len() > 254 {
        bail!("{email:?} is not an e-mail address");
    }
    if name.is_empty() || name.chars().count() > 200 {
        bail!("the name must have 1 to 200 characters");
    }
    if password.chars().count() < password::MIN_LENGTH {
        bail!(
            "the password needs at least {} characters",
            password::MIN_LENGTH
        );
    }
    let hash = password::hash(password)?;
    let mut conn = db.connection()?;
    let id = diesel::insert_into(organizers::table)
        .values(NewOrganizer {
            email: &email,
            name,
            password_hash: &hash,
            created_at: super::now(),
        })
        .returning(organizers::id)
        .get_result::<i64>(&mut *conn)
        .map_err(|e| match e {
            diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            ) => {
                anyhow::anyhow!("an organiser with e-mail {email} exists already")
            }
            other => anyhow::Error::new(other),
        })
        .context("cannot store the organiser")?;
    Ok(id)
}
