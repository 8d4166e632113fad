//! Inviting co-organisers by a one-time link, so that nobody needs the server's command
//! line to bring a second person to the desk. Any organiser of a tournament invites an
//! e-mail; the link carries a secret of 256 bits whose SHA-256 alone is stored, is shown to
//! him once (and mailed where the server has mail), works for [`VALID_DAYS`] days and only
//! once. Whoever opens it either makes the account (a name and a password) or, when the
//! e-mail has an account already, accepts signed in as that account; either way he then
//! runs the tournament as its co-organisers do. A new invitation to the same e-mail
//! replaces an open one; the owner, or who invited, withdraws one. Every step is audited
//! and takes the tournament's lock, as changes to its organisers do.

use sha2::{Digest, Sha256};

use super::access::{self, Need};
use super::{audit, codes, now, sessions, validate, write};
use crate::auth::{Caller, password};
use crate::db::invitations::{InvitationRow, NewInvitation};
use crate::db::models::NewOrganizer;
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::mail::{self, Mail};
use crate::state::AppState;
use crate::wire::invitations::{
    AcceptInvitationRequest, AcceptedInvitationResponse, InvitationLookupResponse,
    InvitationResponse, InvitedResponse,
};

/// How long a link works: long enough for a week's notice before the tournament day.
pub const VALID_DAYS: i64 = 7;

/// Where the link leads, after the service's address: the page that accepts it.
pub const LINK_PATH: &str = "/admin/invite/";

/// The open invitations of tournament `id`, if the caller runs it.
pub async fn list(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<Vec<InvitationResponse>, ApiError> {
    access::organizer_only(&caller)?;
    state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Write)?;
            let owner = access::is_owner(&caller, &tournament);
            Ok(db::invitations::open(conn, id, now())?
                .into_iter()
                .map(|(row, by)| line(&row, by, owner, &caller))
                .collect())
        })
        .await
}

/// Invites `email` to run tournament `id`; `origin` is the service's address as the
/// invitee will reach it (`scheme://host[:port]`). One who runs it already is a 409
/// (`already_organizer`); an address a mail cannot go to a 422 on `email`.
pub async fn invite(
    state: &AppState,
    caller: Caller,
    id: i64,
    email: &str,
    origin: &str,
) -> Result<InvitedResponse, ApiError> {
    access::organizer_only(&caller)?;
    let email = email.trim().to_lowercase();
    if !mail::is_plain_address(&email) {
        return Err(ApiError::field(
            "invalid_body",
            "email",
            "invalid_value",
            "one e-mail address",
        ));
    }
    let secret = codes::new_secret()?;
    let hash = hashed(&secret);
    let (invitation, tournament_name) = write::guarded(state, move |conn| {
        db::locks::lock_tournament(conn, id)?;
        let tournament = access::tournament(conn, id, &caller, Need::Write)?;
        if let Some(account) = db::organizers::by_email(conn, &email)?
            && access::is_organizer(conn, &Caller::Organizer(account.id), &tournament)?
        {
            return Err(ApiError::refused(
                "already_organizer",
                format!("{email} runs this tournament already"),
                "email",
                serde_json::json!({ "organizer_id": account.id }),
            ));
        }
        // A removed account keeps its e-mail: an invitation could only fail when accepted.
        // Restoring it is the operator's decision, since it would open every tournament the
        // account ran.
        if db::organizers::removed_with_email(conn, &email)? {
            return Err(ApiError::field(
                "account_removed",
                "email",
                "account_removed",
                "the server's operator removed the account with this e-mail; only they can \
                 bring it back",
            ));
        }
        let Caller::Organizer(me) = caller else {
            return Err(ApiError::Forbidden);
        };
        let at = now();
        // A newer link replaces the one before: only the last one passed on works.
        db::invitations::withdraw_to(conn, id, &email, at)?;
        let new = NewInvitation {
            tournament_id: id,
            email: &email,
            token_hash: &hash,
            invited_by: me,
            created_at: at,
            expires_at: at + chrono::TimeDelta::days(VALID_DAYS),
        };
        let invitation_id = db::invitations::insert(conn, &new)?;
        let row = db::invitations::find(conn, id, invitation_id)?
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a stored invitation not found")))?;
        let by = db::organizers::find(conn, me)?
            .map(|o| o.name)
            .unwrap_or_default();
        let invitation = line(&row, by, access::is_owner(&caller, &tournament), &caller);
        audit::Change::new(id, &caller, "tournament.invitation.create")
            .after(serde_json::to_value(&invitation).ok())
            .record(conn)?;
        Ok((invitation, tournament.name))
    })
    .await?;
    let link = format!("{origin}{LINK_PATH}{secret}");
    let (mailed, mail_error) = match send(state, &invitation, &tournament_name, &link).await {
        None => (false, None),
        Some(Ok(())) => (true, None),
        Some(Err(e)) => (false, Some(e)),
    };
    Ok(InvitedResponse {
        invitation,
        link,
        mailed,
        mail_error,
    })
}

/// Mails the link where the server has mail: `None` without, else whether the mail
/// command took it (why not, for the organiser, who still has the link).
async fn send(
    state: &AppState,
    invitation: &InvitationResponse,
    tournament: &str,
    link: &str,
) -> Option<Result<(), String>> {
    let mailer = state.config.mailer.clone()?;
    let mail = invitation_mail(invitation, tournament, link);
    let to = mail.to.clone();
    let sent = actix_web::web::block(move || mailer.send(&mail, chrono::Utc::now())).await;
    Some(match sent {
        Ok(Ok(())) => {
            tracing::info!(to = %to, "invitation mailed");
            Ok(())
        }
        Ok(Err(e)) => {
            tracing::warn!(to = %to, error = %format!("{e:#}"), "invitation not mailed");
            Err(format!("{e:#}"))
        }
        Err(e) => Err(e.to_string()),
    })
}

/// The invitation mail, German first (the desk's language) and English below.
fn invitation_mail(invitation: &InvitationResponse, tournament: &str, link: &str) -> Mail {
    let by = &invitation.invited_by_name;
    Mail {
        to: invitation.email.clone(),
        subject: format!("Einladung zur Turnierleitung: {tournament}"),
        body: format!(
            "{by} lädt dich ein, das Turnier „{tournament}“ in Karlchen mitzuleiten.\n\
             Öffne diesen Link, um ein Passwort zu setzen (oder dich anzumelden):\n\n\
             {link}\n\n\
             Der Link gilt {VALID_DAYS} Tage und nur einmal. Wenn du nichts damit anfangen \
             kannst, lösche diese Mail.\n\n\
             --\n\n\
             {by} invites you to run the tournament \"{tournament}\" in Karlchen with them.\n\
             Open this link to set a password (or sign in):\n\n\
             {link}\n\n\
             The link works once, for {VALID_DAYS} days. If this means nothing to you, \
             delete this mail.\n"
        ),
    }
}

/// Withdraws invitation `invitation_id` of tournament `id`: its link opens nothing any
/// more. The owner or who invited may (403 for another co-organiser); an accepted one is a
/// 409 (`invitation_accepted`: remove the co-organiser instead); withdrawing a withdrawn
/// one changes nothing.
pub async fn withdraw(
    state: &AppState,
    caller: Caller,
    id: i64,
    invitation_id: i64,
) -> Result<(), ApiError> {
    access::organizer_only(&caller)?;
    write::guarded(state, move |conn| {
        db::locks::lock_tournament(conn, id)?;
        let tournament = access::tournament(conn, id, &caller, Need::Write)?;
        let row = db::invitations::find(conn, id, invitation_id)?.ok_or(ApiError::NotFound)?;
        let inviter = matches!(caller, Caller::Organizer(me) if me == row.invited_by);
        if !access::is_owner(&caller, &tournament) && !inviter {
            return Err(ApiError::Forbidden);
        }
        if row.accepted_at.is_some() {
            return Err(ApiError::conflict(
                "invitation_accepted",
                "this invitation was accepted; remove the co-organiser instead",
            ));
        }
        if db::invitations::withdraw(conn, row.id, now())? {
            audit::Change::new(id, &caller, "tournament.invitation.withdraw")
                .before(Some(
                    serde_json::json!({ "id": row.id, "email": row.email }),
                ))
                .record(conn)?;
        }
        Ok(())
    })
    .await
}

/// What the link with `secret` offers: 404 for a secret no invitation has, 410 for one
/// used (`invitation_used`), withdrawn (`invitation_withdrawn`) or expired
/// (`invitation_expired`).
pub async fn lookup(state: &AppState, secret: &str) -> Result<InvitationLookupResponse, ApiError> {
    let hash = hashed(secret);
    state
        .db
        .run(move |conn| {
            let row = open_by_hash(conn, &hash)?;
            let tournament =
                db::tournaments::find(conn, row.tournament_id)?.ok_or(ApiError::NotFound)?;
            let by = db::organizers::find(conn, row.invited_by)?
                .map(|o| o.name)
                .unwrap_or_default();
            Ok(InvitationLookupResponse {
                tournament_id: tournament.id,
                tournament_name: tournament.name,
                account: db::organizers::by_email(conn, &row.email)?.is_some(),
                email: row.email,
                invited_by_name: by,
                expires_at: rfc3339(row.expires_at),
                time_zone: tournament.time_zone,
            })
        })
        .await
}

/// Accepts the invitation whose link holds `secret`. For an e-mail without an account,
/// `request` names the new account and its password, and the answer holds a session for
/// it; for one with an account, the caller must be signed in as that account (401 without
/// a token, 409 `invitation_for_another_account` as another). The link then opens nothing
/// any more (410 `invitation_used`), so a second click cannot make a second account.
pub async fn accept(
    state: &AppState,
    caller: Caller,
    secret: &str,
    request: AcceptInvitationRequest,
) -> Result<AcceptedInvitationResponse, ApiError> {
    let hash = hashed(secret);
    let lookup = hash.clone();
    let (row, account) = state
        .db
        .run(move |conn| {
            let row = open_by_hash(conn, &lookup)?;
            let account = db::organizers::by_email(conn, &row.email)?;
            Ok((row, account))
        })
        .await?;
    let joining = match account {
        Some(account) => {
            match caller {
                Caller::Organizer(me) if me == account.id => {}
                Caller::Organizer(_) => {
                    return Err(ApiError::conflict(
                        "invitation_for_another_account",
                        format!(
                            "this invitation is for {}; sign in as that account",
                            row.email
                        ),
                    ));
                }
                Caller::Public => return Err(ApiError::Unauthenticated),
                Caller::Captain { .. } => return Err(ApiError::Forbidden),
            }
            Joining::Account(account.id)
        }
        None => new_account(state, request).await?,
    };
    let keys = state.keys.clone();
    write::guarded(state, move |conn| {
        db::locks::lock_tournament(conn, row.tournament_id)?;
        // Checked again under the lock: a link clicked twice at once is accepted once.
        let row = open_by_hash(conn, &hash)?;
        let tournament = db::tournaments::find(conn, row.tournament_id)?.ok_or(ApiError::NotFound)?;
        let (organizer_id, session) = match joining {
            Joining::Account(id) => (id, None),
            Joining::New { name, hash } => {
                let new = NewOrganizer {
                    email: &row.email,
                    name: &name,
                    password_hash: &hash,
                    created_at: now(),
                };
                let id = db::organizers::insert(conn, &new)?.ok_or_else(|| {
                    ApiError::conflict(
                        "account_exists",
                        "an account with this e-mail was made meanwhile; sign in and open the link again",
                    )
                })?;
                (id, Some(sessions::open(conn, &keys, id)?))
            }
        };
        if !db::invitations::accept(conn, row.id, organizer_id, now())? {
            return Err(gone("invitation_used", "this invitation link was used already"));
        }
        if !access::is_organizer(conn, &Caller::Organizer(organizer_id), &tournament)? {
            db::tournaments::add_co_organizer(conn, tournament.id, organizer_id, now())?;
        }
        let me = Caller::Organizer(organizer_id);
        audit::Change::new(tournament.id, &me, "tournament.invitation.accept")
            .after(Some(serde_json::json!({
                "id": row.id,
                "email": row.email,
                "organizer_id": organizer_id,
                "invited_by": row.invited_by,
            })))
            .record(conn)?;
        Ok(AcceptedInvitationResponse {
            tournament_id: tournament.id,
            organizer_id,
            session,
        })
    })
    .await
}

/// Who accepts: an account that exists, or a new one (its password hashed already).
enum Joining {
    Account(i64),
    New { name: String, hash: String },
}

/// Checks a new account's name and password and hashes the password (off the request's
/// thread, one hash per core at a time, as signing in does).
async fn new_account(
    state: &AppState,
    request: AcceptInvitationRequest,
) -> Result<Joining, ApiError> {
    let name = request.name.unwrap_or_default().trim().to_owned();
    if name.is_empty() || name.chars().count() > 200 {
        return Err(ApiError::field(
            "invalid_body",
            "name",
            "invalid_length",
            "a name of 1 to 200 characters",
        ));
    }
    validate::shown("name", &name, false).map_err(|e| {
        ApiError::unprocessable("invalid_body", format!("name: {}", e.message), vec![e])
    })?;
    let password = request.password.unwrap_or_default();
    if password.chars().count() < password::MIN_LENGTH {
        return Err(ApiError::field(
            "invalid_body",
            "password",
            "too_short",
            format!("at least {} characters", password::MIN_LENGTH),
        ));
    }
    let _turn = state.auth_limits.hash_turn().await?;
    let hash = actix_web::web::block(move || password::hash(&password))
        .await?
        .map_err(ApiError::Internal)?;
    Ok(Joining::New { name, hash })
}

/// The invitation whose secret hashes to `hash`, if it is open; else why not.
fn open_by_hash(conn: &mut DbConn, hash: &str) -> Result<InvitationRow, ApiError> {
    let row = db::invitations::by_hash(conn, hash)?.ok_or(ApiError::NotFound)?;
    if row.accepted_at.is_some() {
        Err(gone(
            "invitation_used",
            "this invitation link was used already",
        ))
    } else if row.withdrawn_at.is_some() {
        Err(gone(
            "invitation_withdrawn",
            "this invitation was withdrawn or replaced by a newer one",
        ))
    } else if row.expires_at <= now() {
        Err(gone(
            "invitation_expired",
            "this invitation link has expired; ask for a new one",
        ))
    } else {
        Ok(row)
    }
}

fn gone(code: &'static str, detail: &str) -> ApiError {
    ApiError::Gone {
        code,
        detail: detail.to_owned(),
    }
}

/// The hex SHA-256 of a link's secret, as stored.
fn hashed(secret: &str) -> String {
    Sha256::digest(secret.trim().as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn line(row: &InvitationRow, by: String, owner: bool, caller: &Caller) -> InvitationResponse {
    InvitationResponse {
        id: row.id,
        email: row.email.clone(),
        invited_by: row.invited_by,
        invited_by_name: by,
        created_at: rfc3339(row.created_at),
        expires_at: rfc3339(row.expires_at),
        withdrawable: owner || matches!(caller, Caller::Organizer(me) if *me == row.invited_by),
    }
}

fn rfc3339(at: chrono::NaiveDateTime) -> String {
    at.and_utc()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
