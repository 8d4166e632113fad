//! Tournaments: creating one (checked field by field), listing an organiser's own,
//! reading one, publishing it, and what its start page shows. Organisers create and change
//! only their own; a published tournament is readable by everybody.

use actix_web::{HttpRequest, HttpResponse};

use super::access::{self, Need};
use super::validate::{in_range, invalid, text};
use super::write;
use super::{audit, now};
use crate::auth::Caller;
use crate::db::models::{NewTournament, TournamentRow};
use crate::db::tournaments::{self as repo, RoundOverview};
use crate::error::{ApiError, FieldError};
use crate::state::AppState;
use crate::wire::tournaments::{
    CreateTournamentRequest, TournamentResponse, UpdateTournamentRequest,
};

/// Checks a new tournament field by field (every fault in one 422) and makes its row.
fn checked(request: CreateTournamentRequest, organizer_id: i64) -> Result<NewTournament, ApiError> {
    let mut errors = Vec::new();
    let name = text("name", &request.name, 200)
        .map_err(|e| errors.push(e))
        .unwrap_or_default();
    let venue = match request.venue.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(v) => text("venue", v, 200).map_err(|e| errors.push(e)).ok(),
    };
    in_range("rounds", request.rounds, 1, 30, &mut errors);
    // Every player owes one Pflichtsolo per round, so a round has at least one deal per
    // seat; the domain's limit is the upper bound.
    let max = i32::from(domain::sheet::MAX_PLANNED_DEALS);
    in_range("deals_four", request.deals_four, 4, max, &mut errors);
    in_range("deals_five", request.deals_five, 5, max, &mut errors);
    in_range("minutes_four", request.minutes_four, 1, 600, &mut errors);
    in_range("minutes_five", request.minutes_five, 1, 600, &mut errors);
    if request.ruleset != "ddv" {
        errors.push(FieldError::new(
            "ruleset",
            "unknown_value",
            "only the ddv ruleset exists so far",
        ));
    }
    for (i, tie_break) in request.tie_breaks.iter().enumerate() {
        if !domain::standings::TieBreak::ALL
            .iter()
            .any(|t| t.as_str() == tie_break)
        {
            errors.push(FieldError::new(
                format!("tie_breaks[{i}]"),
                "unknown_value",
                format!("unknown tie-break {tie_break:?}"),
            ));
        }
    }
    invalid(errors)?;
    Ok(NewTournament {
        organizer_id,
        name,
        held_on: request.date,
        venue,
        rounds_planned: request.rounds,
        deals_four: request.deals_four,
        deals_five: request.deals_five,
        minutes_four: request.minutes_four,
        minutes_five: request.minutes_five,
        ruleset: request.ruleset,
        tie_breaks: request.tie_breaks.join(","),
        published: request.published,
        created_at: now(),
    })
}

/// Creates a tournament of `organizer_id` through the write runner (201, idempotent).
pub async fn create(
    state: &AppState,
    req: &HttpRequest,
    organizer_id: i64,
    request: CreateTournamentRequest,
) -> Result<HttpResponse, ApiError> {
    let new = checked(request, organizer_id)?;
    let caller = Caller::Organizer(organizer_id);
    let audit_caller = caller.clone();
    write::create(state, req, &caller, move |conn| {
        let answer = TournamentResponse::from(repo::insert(conn, &new)?);
        audit::Change::new(answer.id, &audit_caller, "tournament.create")
            .after(serde_json::to_value(&answer).ok())
            .record(conn)?;
        Ok(answer)
    })
    .await
}

/// The organiser's own tournaments, newest first.
pub async fn list(
    state: &AppState,
    organizer_id: i64,
) -> Result<Vec<TournamentResponse>, ApiError> {
    let rows = state
        .db
        .run(move |conn| Ok(repo::of_organizer(conn, organizer_id)?))
        .await?;
    Ok(rows.into_iter().map(Into::into).collect())
}

/// One tournament, if the caller may read it.
pub async fn get(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<TournamentResponse, ApiError> {
    let row = state
        .db
        .run(move |conn| access::tournament(conn, id, &caller, Need::Read))
        .await?;
    Ok(row.into())
}

/// Publishes or unpublishes the organiser's tournament, with its audit line.
pub async fn update(
    state: &AppState,
    organizer_id: i64,
    id: i64,
    change: UpdateTournamentRequest,
) -> Result<TournamentResponse, ApiError> {
    let caller = Caller::Organizer(organizer_id);
    let row = state
        .db
        .tx(move |conn| {
            let before = access::tournament(conn, id, &caller, Need::Write)?;
            if let Some(published) = change.published {
                repo::set_published(conn, id, published)?;
            }
            let after = access::tournament(conn, id, &caller, Need::Write)?;
            audit::Change::new(id, &caller, "tournament.update")
                .before(serde_json::to_value(TournamentResponse::from(before)).ok())
                .after(serde_json::to_value(TournamentResponse::from(after.clone())).ok())
                .record(conn)?;
            Ok(after)
        })
        .await?;
    Ok(row.into())
}

/// What a tournament's start page shows.
#[derive(Debug, Clone)]
pub struct Overview {
    /// The tournament.
    pub tournament: TournamentRow,
    /// Players who have not withdrawn.
    pub players: i64,
    /// Its rounds in order.
    pub rounds: Vec<RoundOverview>,
    /// Whether its seating is planned up front.
    pub has_plan: bool,
}

/// The start page's facts, if the caller may read the tournament.
pub async fn overview(state: &AppState, caller: Caller, id: i64) -> Result<Overview, ApiError> {
    state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Read)?;
            Ok(Overview {
                tournament,
                players: crate::db::players::count_playing(conn, id)?,
                rounds: repo::rounds_overview(conn, id)?,
                has_plan: repo::has_seating_plan(conn, id)?,
            })
        })
        .await
}
