//! The open results format and the DDV ranking export: a tournament written out as one
//! versioned JSON document ([`export`]), read back into a new tournament of the importing
//! organiser ([`check`], then [`mod@import`]), and the CSV the DDV ranking list needs ([`ddv`]). Only a
//! tournament's organisers export it: the document holds its audit log and signatures.

pub mod check;
pub mod ddv;
pub mod export;
pub mod import;

use actix_web::http::header::{HeaderValue, LOCATION};
use actix_web::{HttpRequest, HttpResponse};

use super::access::{self, Need};
use super::write;
use crate::auth::Caller;
use crate::db::models::TournamentRow;
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::results::ResultsDocument;
use crate::wire::standings::CsvDialect;

/// Refuses a family game's tournament: the results document and the DDV's ranking list
/// (`what`) describe Doppelkopf, and a family game's Golden Coins or points are not what
/// they hold.
fn doppelkopf_only(tournament: &TournamentRow, what: &str) -> Result<(), ApiError> {
    if tournament.game.ruleset().is_some() {
        return Ok(());
    }
    Err(ApiError::unprocessable(
        "not_in_game",
        format!(
            "{what} describes Doppelkopf; this tournament plays {}",
            tournament.game.kind()
        ),
        Vec::new(),
    ))
}

/// Tournament `id`'s results document, for an organiser of it, with a file name for it.
pub async fn document(
    state: &AppState,
    organizer_id: i64,
    id: i64,
) -> Result<(String, ResultsDocument), ApiError> {
    let caller = Caller::Organizer(organizer_id);
    state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Write)?;
            let document = export::document(conn, &tournament)?;
            Ok((
                format!("karlchen-results-{id}-{}.json", tournament.held_on),
                document,
            ))
        })
        .await
}

/// Imports `body` as a new tournament of `organizer_id`: 201 with what was created and
/// the tournament's `Location`, or a 422 naming what is wrong and nothing written.
/// A retried request with the same `Idempotency-Key` answers the first import.
pub async fn import(
    state: &AppState,
    req: &HttpRequest,
    organizer_id: i64,
    body: actix_web::web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let key = super::idempotency::key(req, &Caller::Organizer(organizer_id))?;
    let (seen, id) = import_keyed(state, key, organizer_id, body).await?;
    let mut answer = write::replied(seen);
    if let Some(id) = id
        && let Ok(location) = HeaderValue::from_str(&format!("/api/v1/tournaments/{id}"))
    {
        answer.headers_mut().insert(LOCATION, location);
    }
    Ok(answer)
}

/// Imports `body` as [`import()`] does, under `key` (the desk's form carries its key in a
/// field): the stored answer and the new tournament's id. The tournament arrives
/// unpublished, its name marked as a copy ([`check::copy_name`]), so that the public list
/// does not show the same tournament twice before the organiser looks at it.
pub async fn import_keyed(
    state: &AppState,
    key: Option<super::idempotency::Key>,
    organizer_id: i64,
    body: actix_web::web::Bytes,
) -> Result<(super::idempotency::Seen, Option<i64>), ApiError> {
    let caller = Caller::Organizer(organizer_id);
    // Everything that needs no database is checked before the transaction starts, on the
    // blocking pool: a championship's document takes a few hundred milliseconds to parse
    // and re-score, which would hold up every other request on an HTTP worker.
    let checked =
        actix_web::web::block(move || check::check(check::parse(&body)?, organizer_id)).await??;
    let seen = write::keyed(state, key, 201, move |conn| {
        import::write(conn, &caller, checked)
    })
    .await?;
    let id = serde_json::from_str::<serde_json::Value>(&seen.body)
        .ok()
        .and_then(|answer| answer["tournament_id"].as_i64());
    Ok((seen, id))
}

/// Tournament `id`'s DDV ranking CSV in `dialect` with its file name, for an organiser of
/// it.
pub async fn ddv_ranking(
    state: &AppState,
    organizer_id: i64,
    id: i64,
    dialect: CsvDialect,
) -> Result<ddv::Ranking, ApiError> {
    let caller = Caller::Organizer(organizer_id);
    state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Write)?;
            ddv::ranking(conn, &tournament, dialect)
        })
        .await
}
