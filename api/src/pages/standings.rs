//! The standings for the hall: the page (rank, name, club, rounds played, total, average,
//! a column per round), its rows as a fragment that the page's script swaps in when they
//! change, and the projector view that pages through them in large type.
//!
//! The fragment is tagged with the standings' version (`ETag`), so a watcher that asks
//! with `If-None-Match` gets an empty 304 while nothing changed: a hall full of phones
//! costs one comparison each. The public's rows come from the live standings cache and
//! are rendered once per version and language, however many watchers fetch them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, ETAG, IF_NONE_MATCH};
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::{Deserialize, Serialize};

use super::{Chrome, PageError, PreviewView, TournamentHeading, Viewer, respond, respond_with};
use crate::auth::Caller;
use crate::services::public::{self, PageStandings};
use crate::state::AppState;

/// Rows on one projector page: what a hall screen shows legibly from the back.
pub(super) const PROJECTOR_ROWS: usize = 15;

/// Seconds a projector page stays before the next.
pub(super) const PROJECTOR_SECONDS: u32 = 15;

#[derive(Debug, Serialize)]
struct StandingsPage {
    id: i64,
    tournament: TournamentHeading,
    version: String,
    /// The round numbers, one column each.
    round_numbers: Vec<i32>,
    /// The rows carry Silver Coins (Doublehead Kids): a column for them.
    silver: bool,
    rows: Vec<Row>,
    attention: Vec<Attention>,
    /// Where the script listens for changes (the API's stream).
    stream: String,
    /// Where the script fetches the rows (the preview token carried on).
    rows_url: String,
    /// The tournament's tie-breaks in order, by wire name.
    tie_breaks: Vec<String>,
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
    /// Per round: its result was set by the organiser (the table could not play).
    set: Vec<bool>,
    /// Doublehead Kids: the Silver Coins that rank equal Golden Coins (`total`).
    silver: Option<i64>,
    withdrawn: bool,
    /// Disqualified, his results kept (TSR 9.7.2 c).
    disqualified: bool,
}

/// A table left out of the standings until the organiser mends it.
#[derive(Debug, Serialize)]
struct Attention {
    round: i32,
    table: i32,
}

/// Only for the error answers of the fragment, which render no model.
#[derive(Debug, Serialize)]
struct RowsFragment;

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

fn rows(shown: &PageStandings) -> Vec<Row> {
    let all = &shown.standings.standings;
    // Best first, so players sharing a rank stand next to each other.
    let rank_at = |i: Option<usize>| i.and_then(|i| all.get(i)).map(|s| s.rank);
    all.iter()
        .enumerate()
        .map(|(i, s)| Row {
            player_id: s.player_id,
            rank: s.rank,
            shared: rank_at(i.checked_sub(1)) == Some(s.rank)
                || rank_at(i.checked_add(1)) == Some(s.rank),
            name: shown.name(s.player_id, &s.name).to_owned(),
            club: s.club.clone().filter(|c| !c.trim().is_empty()),
            // A round counts once his table has a deal; the others are null.
            rounds_played: s.rounds.iter().flatten().count(),
            total: s.total,
            average: s.average_per_round.clone(),
            rounds: s.rounds.clone(),
            set: super::set_rounds(&s.adjusted_rounds, s.rounds.len()),
            silver: s.silver_coins,
            withdrawn: s.withdrawn,
            disqualified: s.disqualified,
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
    let viewer = Viewer::of(&state, &req, id).await;
    let result = match (&viewer.caller, id) {
        (Ok(caller), Some(id)) => public::standings_with_tournament(&state, caller.clone(), id)
            .await
            .map(|(tournament, standings)| {
                let rows_url = match &viewer.preview {
                    Some(p) => format!("/tournaments/{id}/standings/rows?preview={}", p.token),
                    None => format!("/tournaments/{id}/standings/rows"),
                };
                StandingsPage {
                    id,
                    tournament: (&tournament).into(),
                    version: standings.version.clone(),
                    round_numbers: (1..=tournament.rounds_planned).collect(),
                    silver: tournament.game.has_second_key(),
                    rows: rows(&standings),
                    tie_breaks: standings.standings.tie_breaks.clone(),
                    attention: standings
                        .standings
                        .needs_attention
                        .iter()
                        .map(|a| Attention {
                            round: a.round,
                            table: a.table_number,
                        })
                        .collect(),
                    stream: format!("/api/v1/tournaments/{id}/standings/stream?data=version"),
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
    cache: web::Data<RowsCache>,
    req: HttpRequest,
    path: web::Path<String>,
) -> HttpResponse {
    let id = tournament_id(&path.into_inner());
    let viewer = Viewer::of(&state, &req, id).await;
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
    // The version the script heard of: standings kept from it on serve, however many
    // commits followed (a hall fetching after one event computes nothing again).
    let heard =
        web::Query::<std::collections::HashMap<String, String>>::from_query(req.query_string())
            .ok()
            .and_then(|q| q.get("v").and_then(|v| v.parse::<u64>().ok()));
    let standings = match public::standings_since(&state, caller.clone(), id, heard).await {
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
    // The public's rows are the same for every watcher of a version: rendered once.
    let shared = viewer.preview.is_none() && matches!(caller, Caller::Public);
    let rendered = if shared {
        let key = (id, chrome.lang.code());
        match cache.get(key, &standings.version) {
            Some(html) => Ok(html),
            None => render_rows(&state.pages, &chrome, None, id, &standings).map(|html| {
                let html: Arc<str> = html.into();
                cache.put(key, &standings.version, &html);
                html
            }),
        }
    } else {
        render_rows(
            &state.pages,
            &chrome,
            viewer.preview.as_ref(),
            id,
            &standings,
        )
        .map(Arc::from)
    };
    let html = match rendered {
        Ok(html) => html,
        Err(e) => return fail(e),
    };
    let mut answer = HttpResponse::Ok();
    answer
        .content_type("text/html; charset=utf-8")
        .insert_header((ETAG, tag));
    if viewer.preview.is_some() {
        // Its address holds the token: kept out of every cache, as the preview's pages.
        answer.insert_header((CACHE_CONTROL, "private, no-store"));
    } else {
        // Stored, but asked again every time: the 304 is what makes asking cheap.
        answer.insert_header((CACHE_CONTROL, "no-cache"));
    }
    answer.body(html.to_string())
}

/// The last rows rendered for the public per tournament and language, with their version:
/// one change wakes every watcher, and they all fetch the same rows, rendered once (per
/// worker: each has its own application, hence its own cache).
#[derive(Debug, Default)]
pub struct RowsCache(Mutex<HashMap<RowsKey, (String, Arc<str>)>>);

/// A tournament and a language (its code).
type RowsKey = (i64, &'static str);

impl RowsCache {
    fn get(&self, key: RowsKey, version: &str) -> Option<Arc<str>> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&key)
            .filter(|(v, _)| v == version)
            .map(|(_, html)| Arc::clone(html))
    }

    fn put(&self, key: RowsKey, version: &str, html: &Arc<str>) {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(key, (version.to_owned(), Arc::clone(html)));
    }
}

fn render_rows(
    tera: &tera::Tera,
    chrome: &Chrome,
    preview: Option<&PreviewView>,
    id: i64,
    standings: &PageStandings,
) -> Result<String, PageError> {
    let mut context = chrome.context(preview);
    context.insert("id", &id);
    context.insert("rows", &rows(standings));
    tera.render("pages/standings/rows.html", &context)
        .map_err(|e| PageError::Internal(e.into()))
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
    let viewer = Viewer::of(&state, &req, id).await;
    let wanted = web::Query::<ProjectorQuery>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.into_inner().page)
        .and_then(|p| p.parse::<usize>().ok())
        .unwrap_or(1);
    let result = match (&viewer.caller, id) {
        (Ok(caller), Some(id)) => public::standings_with_tournament(&state, caller.clone(), id)
            .await
            .map(|(tournament, standings)| {
                let all = rows(&standings);
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
