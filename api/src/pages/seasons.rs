//! A published season's public pages: its standings (a column per evening, the results
//! the best N leave out in brackets) and one person's season with the chart of his points
//! over the evenings; and the projector view that pages through the standings. All read
//! the API's answer for the public, so the page shows what the API shows anybody: the
//! published evenings, the names the players asked for. Before the season is published,
//! its organiser signed in at the desk reads the same pages as a preview, marked as such.

use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::{Deserialize, Serialize};

use super::chart::{self, Point, RoundMark};
use super::i18n::Lang;
use super::season_rules::rules_line;
use super::standings::{PROJECTOR_ROWS, PROJECTOR_SECONDS};
use super::{PageError, kept_private, respond};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::seasons;
use crate::state::AppState;
use crate::wire::seasons::{EveningResponse, SeasonLineResponse, SeasonStandingsResponse};

/// Season `id`'s standings for its public pages, and whether they are a preview: the
/// public's; for a season not (yet) published, as the public will see them, to its
/// organiser signed in at the desk. Anybody else finds no such season.
async fn public_or_preview(
    state: &AppState,
    req: &HttpRequest,
    id: i64,
) -> Result<(SeasonStandingsResponse, bool), ApiError> {
    match seasons::read_standings(state, Caller::Public, id).await {
        Ok(shown) => Ok((std::sync::Arc::unwrap_or_clone(shown), false)),
        Err(ApiError::NotFound) => match super::admin::signed_in(state, req) {
            Some(organiser) => seasons::preview_standings(state, organiser, id)
                .await
                .map(|shown| (shown, true)),
            None => Err(ApiError::NotFound),
        },
        Err(e) => Err(e),
    }
}

#[derive(Debug, Serialize)]
struct SeasonPage {
    id: i64,
    name: String,
    /// The rules in words, in the page's language.
    rules: String,
    evenings: Vec<EveningResponse>,
    lines: Vec<SeasonLineResponse>,
    /// Whether anybody is listed without a place.
    unranked: bool,
    /// Whether any result is left out by the best N.
    struck: bool,
    /// Read by its organiser before it is published.
    season_preview: bool,
}

#[derive(Debug, Serialize)]
struct PersonPage {
    id: i64,
    season: String,
    line: SeasonLineResponse,
    rows: Vec<PersonEvening>,
    chart: String,
    /// His places over the evenings he played, the best on top.
    places: String,
    /// Read by the season's organiser before it is published.
    season_preview: bool,
}

#[derive(Debug, Serialize)]
struct PersonEvening {
    evening: EveningResponse,
    place: Option<u32>,
    points: i64,
    value: i64,
    counted: bool,
    result: bool,
}

/// An evening's day as the hall reads it ("05.12.2026"); the API's ISO date otherwise.
fn shown_date(evening: &mut EveningResponse) {
    if let Ok(day) = chrono::NaiveDate::parse_from_str(&evening.date, "%Y-%m-%d") {
        evening.date = day.format("%d.%m.%Y").to_string();
    }
}

/// `/seasons/{id}`: a published season's standings.
#[get("/seasons/{id}")]
pub async fn season(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> HttpResponse {
    let (lang, _) = Lang::of(&req);
    let result = match path.into_inner().parse::<i64>() {
        Ok(id) => public_or_preview(&state, &req, id)
            .await
            .map(|(mut s, preview)| {
                s.evenings.iter_mut().for_each(shown_date);
                (s, preview)
            })
            .map(|(s, preview)| SeasonPage {
                season_preview: preview,
                id: s.season_id,
                rules: rules_line(&s.rules, lang),
                unranked: s.standings.iter().any(|l| l.place.is_none()),
                struck: s
                    .standings
                    .iter()
                    .any(|l| l.evenings.iter().any(|e| e.place.is_some() && !e.counted)),
                name: s.name,
                evenings: s.evenings,
                lines: s.standings,
            })
            .map_err(PageError::from),
        Err(_) => Err(PageError::NotFound),
    };
    let preview = matches!(&result, Ok(page) if page.season_preview);
    private_if(
        preview,
        respond(
            &state.pages,
            &req,
            "pages/seasons/season.html",
            result,
            None,
        ),
    )
}

/// `page` kept from shared caches and search engines when it is a preview.
fn private_if(preview: bool, page: HttpResponse) -> HttpResponse {
    if preview { kept_private(page) } else { page }
}

#[derive(Debug, Serialize)]
struct ProjectorPage {
    id: i64,
    name: String,
    lines: Vec<SeasonLineResponse>,
    page: usize,
    pages: usize,
    /// Where the screen turns to next.
    next: String,
    seconds: u32,
    /// Read by the season's organiser before it is published.
    season_preview: bool,
}

#[derive(Debug, Deserialize)]
struct ProjectorQuery {
    page: Option<String>,
}

/// `/seasons/{id}/projector`: the season's standings in large type, a screenful at a time,
/// turning pages by itself and starting over after the last, as a tournament's projector
/// does (the same script keeps it going through a network outage).
#[get("/seasons/{id}/projector")]
pub async fn projector(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> HttpResponse {
    let wanted = web::Query::<ProjectorQuery>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.into_inner().page)
        .and_then(|p| p.parse::<usize>().ok())
        .unwrap_or(1);
    let result = match path.into_inner().parse::<i64>() {
        Ok(id) => public_or_preview(&state, &req, id)
            .await
            .map(|(s, preview)| {
                let pages = s.standings.len().div_ceil(PROJECTOR_ROWS).max(1);
                // A page past the end (the field shrank) starts over.
                let shown = if (1..=pages).contains(&wanted) {
                    wanted
                } else {
                    1
                };
                ProjectorPage {
                    id,
                    name: s.name,
                    lines: s
                        .standings
                        .into_iter()
                        .skip((shown - 1) * PROJECTOR_ROWS)
                        .take(PROJECTOR_ROWS)
                        .collect(),
                    page: shown,
                    pages,
                    next: format!("/seasons/{id}/projector?page={}", shown % pages + 1),
                    seconds: PROJECTOR_SECONDS,
                    season_preview: preview,
                }
            })
            .map_err(PageError::from),
        Err(_) => Err(PageError::NotFound),
    };
    let preview = matches!(&result, Ok(page) if page.season_preview);
    private_if(
        preview,
        respond(
            &state.pages,
            &req,
            "pages/seasons/projector.html",
            result,
            None,
        ),
    )
}

/// `/seasons/{id}/people/{person}`: one person's season.
#[get("/seasons/{id}/people/{person}")]
pub async fn person(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(String, String)>,
) -> HttpResponse {
    let (lang, _) = Lang::of(&req);
    let (id, person) = path.into_inner();
    let result = match (id.parse::<i64>(), person.parse::<i64>()) {
        (Ok(id), Ok(person)) => public_or_preview(&state, &req, id)
            .await
            .map(|(mut s, preview)| {
                s.evenings.iter_mut().for_each(shown_date);
                (s, preview)
            })
            .map_err(PageError::from)
            .and_then(|(s, preview)| {
                let line = s
                    .standings
                    .into_iter()
                    .find(|l| l.person_id == person)
                    .ok_or(PageError::NotFound)?;
                let rows: Vec<PersonEvening> = s
                    .evenings
                    .into_iter()
                    .zip(&line.evenings)
                    .map(|(evening, e)| PersonEvening {
                        evening,
                        place: e.place,
                        points: e.points,
                        value: e.value,
                        counted: e.counted,
                        result: e.result,
                    })
                    .collect();
                Ok(PersonPage {
                    id,
                    season_preview: preview,
                    chart: chart_of(&line, &rows, lang),
                    places: places_of(&line, &rows, lang),
                    season: s.name,
                    line,
                    rows,
                })
            }),
        _ => Err(PageError::NotFound),
    };
    let preview = matches!(&result, Ok(page) if page.season_preview);
    private_if(
        preview,
        respond(
            &state.pages,
            &req,
            "pages/seasons/person.html",
            result,
            None,
        ),
    )
}

/// A point per evening played: his place that evening.
fn places_of(line: &SeasonLineResponse, rows: &[PersonEvening], lang: Lang) -> String {
    let points: Vec<Point> = rows
        .iter()
        .filter_map(|r| {
            r.place.map(|place| Point {
                label: r.evening.date.clone(),
                total: i64::from(place),
            })
        })
        .collect();
    let title = format!("{} – {}", lang.text("season_person_places"), line.name);
    let desc = format!(
        "{} {} {}.",
        lang.text("season_person_places_desc"),
        points.len(),
        lang.text("season_played")
    );
    chart::places(&title, &desc, &points)
}

/// A point per evening played: his tournament points summed so far.
fn chart_of(line: &SeasonLineResponse, rows: &[PersonEvening], lang: Lang) -> String {
    let mut total = 0;
    let points: Vec<Point> = rows
        .iter()
        .filter(|r| r.place.is_some())
        .map(|r| {
            total += r.points;
            Point {
                label: r.evening.date.clone(),
                total,
            }
        })
        .collect();
    let marks: Vec<RoundMark> = Vec::new();
    let title = format!("{} – {}", lang.text("season_person_chart"), line.name);
    let desc = format!(
        "{} {} {}.",
        lang.text("season_person_chart_desc"),
        points.len(),
        lang.text("season_played")
    );
    chart::running_total(&title, &desc, &points, &marks)
}
