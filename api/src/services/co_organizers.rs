//! The organisers who run a tournament: its owner (who created it) and the co-organisers he
//! or they added, so that two people can run the desk. A co-organiser reaches the
//! tournament exactly as its owner does ([`access::tournament`]); the rule for the list
//! itself is: any organiser of the tournament may add another existing account (by its
//! e-mail; adding one who is there already is harmless), only the owner removes a
//! co-organiser (a co-organiser may step down himself), and nobody removes the owner.
//! Every change is audited in the tournament's log and takes the tournament's lock.

use super::access::{self, Need};
use super::{audit, now, write};
use crate::auth::Caller;
use crate::db::models::{OrganizerRow, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::tournaments::TournamentOrganizerResponse;

/// The organisers of tournament `id`, the owner first, if the caller runs it.
pub async fn list(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<Vec<TournamentOrganizerResponse>, ApiError> {
    access::organizer_only(&caller)?;
    state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Write)?;
            organizers(conn, &tournament)
        })
        .await
}

/// What [`add`] did.
#[derive(Debug)]
pub struct Added {
    /// The organiser as listed now.
    pub organizer: TournamentOrganizerResponse,
    /// Whether he was added now (`false`: he ran the tournament already).
    pub created: bool,
}

/// Adds the organiser with `email` to tournament `id` as co-organiser. An e-mail no
/// account has is a 422 naming `email` (`unknown_organizer`); one who runs the tournament
/// already (its owner too) is answered as he is, and nothing changes.
pub async fn add(
    state: &AppState,
    caller: Caller,
    id: i64,
    email: &str,
) -> Result<Added, ApiError> {
    access::organizer_only(&caller)?;
    let email = email.trim().to_lowercase();
    if email.is_empty() || email.len() > 254 || !email.contains('@') {
        return Err(ApiError::field(
            "invalid_body",
            "email",
            "invalid_value",
            "an e-mail address",
        ));
    }
    write::guarded(state, move |conn| {
        // Changes to who runs the tournament are serialised on it, so a form sent twice
        // adds him once.
        db::locks::lock_tournament(conn, id)?;
        let tournament = access::tournament(conn, id, &caller, Need::Write)?;
        let Some(account) = db::organizers::by_email(conn, &email)? else {
            return Err(ApiError::field(
                "unknown_organizer",
                "email",
                "unknown_organizer",
                "no organiser account has this e-mail; invite him by a link instead \
                     (POST /api/v1/tournaments/{id}/invitations)",
            ));
        };
        let runs = account.id == tournament.organizer_id
            || db::tournaments::is_co_organizer(conn, id, account.id)?;
        if !runs {
            db::tournaments::add_co_organizer(conn, id, account.id, now())?;
        }
        let organizer = organizers(conn, &tournament)?
            .into_iter()
            .find(|o| o.organizer_id == account.id)
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("an added organiser not listed")))?;
        if !runs {
            audit::Change::new(id, &caller, "tournament.organizer.add")
                .after(serde_json::to_value(&organizer).ok())
                .record(conn)?;
        }
        Ok(Added {
            organizer,
            created: !runs,
        })
    })
    .await
}

/// Removes co-organiser `organizer_id` from tournament `id`. Only the owner may, or the
/// co-organiser himself (stepping down); another co-organiser is refused (403). The owner
/// cannot be removed (409 `owner_cannot_be_removed`); an account that is no co-organiser
/// is not found.
pub async fn remove(
    state: &AppState,
    caller: Caller,
    id: i64,
    organizer_id: i64,
) -> Result<(), ApiError> {
    access::organizer_only(&caller)?;
    write::guarded(state, move |conn| {
        db::locks::lock_tournament(conn, id)?;
        let tournament = access::tournament(conn, id, &caller, Need::Write)?;
        if organizer_id == tournament.organizer_id {
            return Err(ApiError::conflict(
                "owner_cannot_be_removed",
                "the tournament's owner cannot be removed from it",
            ));
        }
        let himself = matches!(caller, Caller::Organizer(me) if me == organizer_id);
        if !access::is_owner(&caller, &tournament) && !himself {
            return Err(ApiError::Forbidden);
        }
        let before = organizers(conn, &tournament)?
            .into_iter()
            .find(|o| o.organizer_id == organizer_id)
            .ok_or(ApiError::NotFound)?;
        if !db::tournaments::remove_co_organizer(conn, id, organizer_id)? {
            return Err(ApiError::NotFound);
        }
        audit::Change::new(id, &caller, "tournament.organizer.remove")
            .before(serde_json::to_value(&before).ok())
            .record(conn)?;
        Ok(())
    })
    .await
}

/// The owner, then the co-organisers in the order they were added.
fn organizers(
    conn: &mut DbConn,
    tournament: &TournamentRow,
) -> Result<Vec<TournamentOrganizerResponse>, ApiError> {
    let owner = db::organizers::find(conn, tournament.organizer_id)?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a tournament without its owner")))?;
    let mut all = vec![line(owner, None)];
    all.extend(
        db::tournaments::co_organizers(conn, tournament.id)?
            .into_iter()
            .map(|(row, added)| line(row, Some(added))),
    );
    Ok(all)
}

fn line(row: OrganizerRow, added: Option<chrono::NaiveDateTime>) -> TournamentOrganizerResponse {
    TournamentOrganizerResponse {
        organizer_id: row.id,
        name: row.name,
        email: row.email,
        owner: added.is_none(),
        added_at: added.map(|at| {
            at.and_utc()
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
        }),
    }
}
