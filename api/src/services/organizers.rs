//! Organiser accounts, created from the command line (there is no self-registration: the
//! people who run a tournament are known to whoever runs the server).

use anyhow::{Context, bail};

use crate::auth::password;
use crate::db::Database;
use crate::db::models::NewOrganizer;

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
    if let Err(e) = super::validate::shown("name", name, false) {
        bail!("the name: {}", e.message);
    }
    if password.chars().count() < password::MIN_LENGTH {
        bail!(
            "the password needs at least {} characters",
            password::MIN_LENGTH
        );
    }
    let hash = password::hash(password)?;
    let mut conn = db.connection()?;
    let new = NewOrganizer {
        email: &email,
        name,
        password_hash: &hash,
        created_at: db.clock().now(),
    };
    let id = crate::db::organizers::insert(&mut conn, &new)
        .map_err(anyhow::Error::new)
        .and_then(|id| {
            id.ok_or_else(|| anyhow::anyhow!("an organiser with e-mail {email} exists already"))
        })
        .context("cannot store the organiser")?;
    Ok(id)
}
