//! The end of the day ("Turnier abschließen"): finishing a tournament makes its standings
//! final; reopening it, with a reason, lets them change again. When a tournament can be
//! finished and what a finished one refuses is the domain's (`domain::day`); which
//! requests it refuses is [`super::access`]'s (`Need::Change`).

use domain::day::{self, Unfinished};

use super::access::{self, Need};
use super::{audit, now, validate, write};
use crate::auth::Caller;
use crate::db::models::TournamentRow;
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::extract::TEXT_LIMIT;
use crate::state::AppState;
use crate::wire::clock::rfc3339;
use crate::wire::tournaments::TournamentResponse;

/// Finishes the organiser's tournament `id` (owner or co-organiser), once a round was
/// played and every round is closed; `reason` is kept with the audit line if given.
/// Finishing a finished tournament changes nothing and answers it as it is.
pub async fn finish(
    state: &AppState,
    caller: Caller,
    id: i64,
    reason: Option<String>,
) -> Result<TournamentResponse, ApiError> {
    validate::message("reason", reason.as_deref())?;
    let row = write::guarded(state, move |conn| {
        let before = locked(conn, id, &caller)?;
        if before.finished_at.is_some() {
            return Ok(before);
        }
        day::finishing(&rounds(conn, id)?).map_err(|why| match why {
            Unfinished::NoRound => ApiError::conflict(
                "no_round_played",
                format!("{why}; there are no standings to make final"),
            ),
            Unfinished::OpenRounds(_) => ApiError::conflict(
                "rounds_open",
                format!("{why}; close them before finishing the tournament"),
            ),
        })?;
        db::tournaments::set_finished(conn, id, Some(now()))?;
        changed(
            conn,
            &caller,
            before,
            "tournament.finish",
            reason.as_deref(),
        )
    })
    .await?;
    Ok(row.into())
}

/// Reopens the organiser's finished tournament `id` for `reason` (required): its
/// standings may change again until it is finished once more. Reopening a running
/// tournament changes nothing and answers it as it is.
pub async fn reopen(
    state: &AppState,
    caller: Caller,
    id: i64,
    reason: String,
) -> Result<TournamentResponse, ApiError> {
    let reason = validate::text("reason", &reason, TEXT_LIMIT).map_err(|e| {
        ApiError::unprocessable(
            "invalid_body",
            "reason: reopening a finished tournament needs a reason",
            vec![e],
        )
    })?;
    let row = write::guarded(state, move |conn| {
        let before = locked(conn, id, &caller)?;
        if before.finished_at.is_none() {
            return Ok(before);
        }
        db::tournaments::set_finished(conn, id, None)?;
        changed(conn, &caller, before, "tournament.reopen", Some(&reason))
    })
    .await?;
    Ok(row.into())
}

/// Tournament `id`, if the caller runs it, with its lock and every table's taken in the
/// order every writer takes them: a deal or penalty racing the change either commits
/// before it or reads the tournament as changed.
fn locked(conn: &mut DbConn, id: i64, caller: &Caller) -> Result<TournamentRow, ApiError> {
    access::organizer_only(caller)?;
    db::locks::lock_tournament(conn, id)?;
    let tournament = access::tournament(conn, id, caller, Need::Write)?;
    for table_id in db::tournaments::table_ids(conn, id)? {
        db::locks::lock_table(conn, table_id)?;
    }
    Ok(tournament)
}

/// The tournament after `action`, audited with its state before and after.
fn changed(
    conn: &mut DbConn,
    caller: &Caller,
    before: TournamentRow,
    action: &str,
    reason: Option<&str>,
) -> Result<TournamentRow, ApiError> {
    let after = db::tournaments::find(conn, before.id)?.ok_or(ApiError::NotFound)?;
    let state = |row: &TournamentRow| {
        serde_json::json!({
            "finished_at": row.finished_at.map(rfc3339),
        })
    };
    audit::Change::new(before.id, caller, action)
        .before(Some(state(&before)))
        .after(Some(state(&after)))
        .reason(reason)
        .record(conn)?;
    Ok(after)
}

/// Tournament `id`'s rounds as the domain reads them: `(number, closed)`.
fn rounds(conn: &mut DbConn, id: i64) -> Result<Vec<(i32, bool)>, ApiError> {
    Ok(db::rounds::of_tournament(conn, id)?
        .iter()
        .map(|r| (r.number, r.closed))
        .collect())
}

/// Where a tournament stands at the end of the day, as the desk shows it.
#[derive(Debug, Clone)]
pub struct Ending {
    /// When it was finished (UTC), if it is.
    pub finished_at: Option<chrono::NaiveDateTime>,
    /// Why it cannot be finished now, if it cannot.
    pub blocked: Option<Unfinished>,
}

/// Whether the organiser's tournament `id` is finished, and if not, whether it can be.
pub async fn ending(state: &AppState, caller: Caller, id: i64) -> Result<Ending, ApiError> {
    state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Write)?;
            Ok(Ending {
                finished_at: tournament.finished_at,
                blocked: day::finishing(&rounds(conn, id)?).err(),
            })
        })
        .await
}
