//! Organiser accounts, created and removed from the command line (there is no
//! self-registration: the people who run a tournament are known to whoever runs the
//! server), and their passwords, changed there or by the organiser at the desk. A new
//! password and a removal end every session and preview link of the account.

use anyhow::{Context, bail};

use super::{sessions, write};
use crate::auth::password;
use crate::db::models::{NewOrganizer, OrganizerRow};
use crate::db::{Database, DbConn, organizers};
use crate::error::ApiError;

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
    check_password(password)?;
    let hash = password::hash(password)?;
    let mut conn = db.connection()?;
    let new = NewOrganizer {
        email: &email,
        name,
        password_hash: &hash,
        created_at: db.clock().now(),
    };
    let id = organizers::insert(&mut conn, &new)
        .map_err(anyhow::Error::new)
        .and_then(|id| {
            id.ok_or_else(|| anyhow::anyhow!("an organiser with e-mail {email} exists already"))
        })
        .context("cannot store the organiser")?;
    Ok(id)
}

/// A new password must be long enough.
fn check_password(password: &str) -> anyhow::Result<()> {
    if password.chars().count() < password::MIN_LENGTH {
        bail!(
            "the password needs at least {} characters",
            password::MIN_LENGTH
        );
    }
    Ok(())
}

/// The account with `email` (trimmed, any case), not removed.
fn account(conn: &mut DbConn, email: &str) -> Result<OrganizerRow, ApiError> {
    let email = email.trim().to_lowercase();
    organizers::by_email(conn, &email)?.ok_or_else(|| {
        ApiError::field(
            "invalid_body",
            "email",
            "unknown_organizer",
            format!("no organiser signs in as {email}"),
        )
    })
}

/// Gives organiser `id` the password `password` (hashed here, off the request's thread)
/// and ends every session and preview link of his: whoever held one signs in again.
/// Answers how many sessions ended.
async fn set_password(db: &Database, id: i64, password: &str) -> Result<usize, ApiError> {
    check_password(password)
        .map_err(|e| ApiError::field("invalid_body", "password", "too_short", format!("{e:#}")))?;
    let password = password.to_owned();
    let hash = actix_web::web::block(move || password::hash(&password))
        .await?
        .map_err(ApiError::Internal)?;
    write::command(db, move |conn| {
        if !organizers::set_password(conn, id, &hash)? {
            return Err(ApiError::NotFound);
        }
        sessions::end_all(conn, id)
    })
    .await
}

/// Sets the password of the organiser signing in as `email` (the command line); answers
/// how many of his sessions ended.
pub async fn reset_password(db: &Database, email: &str, password: &str) -> Result<usize, ApiError> {
    let lookup = email.to_owned();
    let id = db
        .run(move |conn| account(conn, &lookup).map(|o| o.id))
        .await?;
    set_password(db, id, password).await
}

/// Organiser `id` changes his own password at the desk: `current` must be his password
/// now. Every session of his ends, this one too; the caller opens a new one for him.
pub async fn change_password(
    db: &Database,
    id: i64,
    current: &str,
    new: &str,
) -> Result<usize, ApiError> {
    let found = db.run(move |conn| Ok(organizers::find(conn, id)?)).await?;
    let Some(found) = found.filter(|o| o.removed_at.is_none()) else {
        return Err(ApiError::Unauthenticated);
    };
    let (current, hash) = (current.to_owned(), found.password_hash);
    if !actix_web::web::block(move || password::verify(&current, &hash)).await? {
        return Err(ApiError::InvalidCredentials);
    }
    set_password(db, id, new).await
}

/// Removes the organiser signing in as `email` (the command line): he signs in no more,
/// every session and preview link of his ends. His tournaments stay, with their
/// co-organisers; his name stays in their audit logs. Answers how many sessions ended.
pub async fn remove(db: &Database, email: &str) -> Result<usize, ApiError> {
    let email = email.to_owned();
    write::command(db, move |conn| {
        let id = account(conn, &email)?.id;
        organizers::remove(conn, id, crate::clock::now())?;
        sessions::end_all(conn, id)
    })
    .await
}
