//! The standings for the hall: the page (rank, name, club, rounds played, total, average,
//! a column per round), its rows as a fragment that the page's script swaps in when they
//! change, and the projector view that pages through them in large type.
//!
//! The fragment is tagged with the standings' version (`ETag`), so a watcher that asks
//! with `If-None-Match` gets an empty 304 while nothing changed: a hall full of phones
//! costs one comparison each.

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, ETAG, IF_NONE_MATCH};
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::{Deserialize, Serialize};

use super::{Chrome, PageError, TournamentHeading, Viewer, respond, respond_with};
use crate::services::public::{self, PageStandings};
use crate::state::AppState;
use crate::wire::standings::StandingsResponse;

/// Rows on one projector page: what a hall screen shows legibly from the back.
const PROJECTOR_ROWS: usize = 15;

/// Seconds a projector page stays before the next.
const PROJECTOR_SECONDS: u32 = 15;

#[derive(Debug, Serialize)]
struct StandingsPage {
    id: i64,
    tournament: TournamentHeading,
    version: String,
    /// The round numbers, one column each.
    round_numbers: Vec<i32>,
    rows: Vec<Row>,
    attention: Vec<Attention>,
    /// Where the script listens for changes (the API's stream).
    stream: String,
    /// Where the script fetches the rows (the preview token carried on).
    rows_url: String,
}

/// One player's line.
#[derive(Debug, Serialize)]
struct Row {
    player_id: i64,
    rank: u32,
    /// Another player has the same rank.
    shared: bool,
    name: String,
    club: Option<String>,
    rounds_played: usize,
    total: i64,
    /// "18.67"; the template writes a decimal comma in German.
    average: Option<String>,
    rounds: Vec<Option<i32>>,
    withdrawn: bool,
}

/// A table left out of the standings until the organiser mends it.
#[derive(Debug, Serialize)]
struct Attention {
    round: i32,
    table: i32,
}

#[derive(Debug, Serialize)]
struct RowsFragment {
    id: i64,
    rows: Vec<Row>,
}

#[derive(Debug, Serialize)]
struct ProjectorPage {
    id: i64,
    tournament: TournamentHeading,
    rows: Vec<Row>,
    page: usize,
    pages: usize,
    /// Where the screen turns to next.
    next: String,
    seconds: u32,
}

fn rows(standings: &StandingsResponse) -> Vec<Row> {
    let all = &standings.standings;
    // Best first, so players sharing a rank stand next to each other.
    let rank_at = |i: Option<usize>| i.and_then(|i| all.get(i)).map(|s| s.rank);
    all.iter()
        .enumerate()
        .map(|(i, s)| Row {
            player_id: s.player_id,
            rank: s.rank,
            shared: rank_at(i.checked_sub(1)) == Some(s.rank)
                || rank_at(i.checked_add(1)) == Some(s.rank),
            name: s.name.clone(),
            club: s.club.clone().filter(|c| !c.trim().is_empty()),
            // A round counts once his table has a deal; the others are null.
            rounds_played: s.rounds.iter().flatten().count(),
            total: s.total,
            average: s.average_per_round.clone(),
            rounds: s.rounds.clone(),
            withdrawn: s.withdrawn,
        })
        .collect()
}

/// The tournament id of a path, or `None` when it is not a number (a 404 then).
fn tournament_id(path: &str) -> Option<i64> {
    path.parse().ok()
}

/// The `?preview=` a page carries on to its own links, for a query that has more.
fn and_preview(viewer: &Viewer) -> String {
    viewer
        .preview
        .as_ref()
        .map_or_else(String::new, |p| format!("&preview={}", p.token))
}

/// `/tournaments/{id}/standings`: the overall standings, updating themselves.
#[get("/tournaments/{id}/standings")]
pub async fn page(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> HttpResponse {
    let id = tournament_id(&path.into_inner());
    let viewer = Viewer::of(&state, &req, id);
    let result = match (&viewer.caller, id) {
        (Ok(caller), Some(id)) => public::standings_with_tournament(&state, caller.clone(), id)
            .await
            .map(|(tournament, PageStandings { version, standings })| {
                let rows_url = match &viewer.preview {
                    Some(p) => format!("/tournaments/{id}/standings/rows?preview={}", p.token),
                    None => format!("/tournaments/{id}/standings/rows"),
                };
                StandingsPage {
                    id,
                    tournament: (&tournament).into(),
                    version,
                    round_numbers: (1..=tournament.rounds_planned).collect(),
                    rows: rows(&standings),
                    attention: standings
                        .needs_attention
                        .iter()
                        .map(|a| Attention {
                            round: a.round,
                            table: a.table_number,
                        })
                        .collect(),
                    stream: format!("/api/v1/tournaments/{id}/standings/stream"),
                    rows_url,
                }
            })
            .map_err(PageError::from),
        _ => Err(PageError::NotFound),
    };
    respond(
        &state.pages,
        &req,
        "pages/standings/standings.html",
        result,
        viewer.preview.as_ref(),
    )
}

/// `/tournaments/{id}/standings/rows`: the standings' rows as an HTML fragment, tagged with
/// their version; `If-None-Match` naming it answers an empty 304. The `v` in the query is
/// the version the script heard of; it only keeps caches from answering with older rows.
#[get("/tournaments/{id}/standings/rows")]
pub async fn rows_fragment(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> HttpResponse {
    let id = tournament_id(&path.into_inner());
    let viewer = Viewer::of(&state, &req, id);
    let chrome = Chrome::of(&req);
    let fail = |e: PageError| {
        respond_with(
            &state.pages,
            &chrome,
            StatusCode::OK,
            "pages/standings/rows.html",
            Err::<RowsFragment, _>(e),
            None,
        )
    };
    let (Ok(caller), Some(id)) = (&viewer.caller, id) else {
        return fail(PageError::NotFound);
    };
    let standings = match public::standings(&state, caller.clone(), id).await {
        Ok(standings) => standings,
        Err(e) => return fail(e.into()),
    };
    let tag = format!("\"{}\"", standings.version);
    let seen = req
        .headers()
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok());
    if seen.is_some_and(|v| {
        v.split(',')
            .any(|t| t.trim().trim_start_matches("W/") == tag)
    }) {
        return HttpResponse::NotModified()
            .insert_header((ETAG, tag))
            .insert_header((CACHE_CONTROL, "no-cache"))
            .finish();
    }
    let fragment = RowsFragment {
        id,
        rows: rows(&standings.standings),
    };
    let mut answer = respond_with(
        &state.pages,
        &chrome,
        StatusCode::OK,
        "pages/standings/rows.html",
        Ok(fragment),
        viewer.preview.as_ref(),
    );
    if answer.status() == StatusCode::OK {
        let headers = answer.headers_mut();
        if let Ok(value) = tag.parse() {
            headers.insert(ETAG, value);
        }
        // Stored, but asked again every time: the 304 is what makes asking cheap.
        if viewer.preview.is_none() {
            headers.insert(
                CACHE_CONTROL,
                actix_web::http::header::HeaderValue::from_static("no-cache"),
            );
        }
    }
    answer
}

#[derive(Deserialize)]
struct ProjectorQuery {
    page: Option<String>,
}

/// `/tournaments/{id}/projector`: the standings in large type, `PROJECTOR_ROWS` at a time,
/// turning to the next page every `PROJECTOR_SECONDS` by itself (a meta refresh: a hall
/// screen runs no script it need not) and starting over after the last.
#[get("/tournaments/{id}/projector")]
pub async fn projector(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> HttpResponse {
    let id = tournament_id(&path.into_inner());
    let viewer = Viewer::of(&state, &req, id);
    let wanted = web::Query::<ProjectorQuery>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.into_inner().page)
        .and_then(|p| p.parse::<usize>().ok())
        .unwrap_or(1);
    let result = match (&viewer.caller, id) {
        (Ok(caller), Some(id)) => public::standings_with_tournament(&state, caller.clone(), id)
            .await
            .map(|(tournament, standings)| {
                let all = rows(&standings.standings);
                let pages = all.len().div_ceil(PROJECTOR_ROWS).max(1);
                // A page past the end (the field shrank) starts over.
                let shown = if (1..=pages).contains(&wanted) {
                    wanted
                } else {
                    1
                };
                let next = shown % pages + 1;
                ProjectorPage {
                    id,
                    tournament: (&tournament).into(),
                    rows: all
                        .into_iter()
                        .skip((shown - 1) * PROJECTOR_ROWS)
                        .take(PROJECTOR_ROWS)
                        .collect(),
                    page: shown,
                    pages,
                    next: format!(
                        "/tournaments/{id}/projector?page={next}{}",
                        and_preview(&viewer)
                    ),
                    seconds: PROJECTOR_SECONDS,
                }
            })
            .map_err(PageError::from),
        _ => Err(PageError::NotFound),
    };
    respond(
        &state.pages,
        &req,
        "pages/standings/projector.html",
        result,
        viewer.preview.as_ref(),
    )
}
