//! The live monitor (`/admin/tournaments/{id}/monitor`): every table of a round at a glance
//! from the round's monitor (`services::round_clock::monitor`, as `GET /rounds/{id}/monitor`
//! answers it), with the tables that have had no entry for longer than the organiser's
//! setting (`?idle=` minutes) marked, decided here from the last entry and the clock. The
//! rows come again from `…/monitor/rows` (a fragment with an `ETag`), which the page's
//! script fetches every few seconds; without the script the page reloads itself.
//!
//! [`table`] is one table's desk page: its sheet, its history, and what the organiser
//! does to it.

mod table;

pub use table::{
    add_penalty, correct, correction, delete_deal, delete_penalty, enter_deal, entry_form, extend,
    issue_code, remove_adjustment, resume_table, revoke_code, set_adjustment, show as table_page,
    stop_table, time_up,
};

use actix_web::http::StatusCode;
use actix_web::http::header::{ETAG, HeaderValue, IF_NONE_MATCH};
use actix_web::{HttpRequest, HttpResponse, get, web};
use chrono::{DateTime, NaiveDateTime};
use serde::{Deserialize, Serialize};

use super::{Desk, Nav, Section, Step, answer, failed, no_store, render, signed_in_or_login};
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::services::{self, round_clock, rounds, tables::SheetRead};
use crate::state::AppState;
use crate::wire::clock::{MonitorTableView, RoundMonitorResponse, SeatPlayerView};

const PAGE: &str = "pages/admin/monitor.html";
const ROWS: &str = "pages/admin/monitor_rows.html";

/// Minutes without an entry after which a table is marked, unless the page says otherwise.
const IDLE_DEFAULT: i64 = 10;
/// The longest setting (a whole round).
const IDLE_MAX: i64 = 300;

/// The page's settings as the address gives them; what does not read is left at its
/// default rather than refused.
#[derive(Debug, Default, Deserialize)]
pub struct MonitorQuery {
    #[serde(default)]
    round: Option<String>,
    #[serde(default)]
    idle: Option<String>,
    /// `compact`: every table as a small tile, those needing attention first.
    #[serde(default)]
    view: Option<String>,
}

impl MonitorQuery {
    fn compact(&self) -> bool {
        self.view.as_deref() == Some("compact")
    }

    fn idle(&self) -> i64 {
        self.idle
            .as_deref()
            .and_then(|v| v.trim().parse::<i64>().ok())
            .filter(|m| (1..=IDLE_MAX).contains(m))
            .unwrap_or(IDLE_DEFAULT)
    }

    fn round(&self) -> Option<i64> {
        self.round.as_deref().and_then(|v| v.trim().parse().ok())
    }
}

/// A round the selector offers.
#[derive(Debug, Serialize)]
struct RoundLink {
    id: i64,
    number: i32,
    closed: bool,
    started: bool,
    current: bool,
}

/// One table's row.
#[derive(Debug, Serialize)]
struct Row {
    table_id: i64,
    number: i32,
    size: u8,
    deals: u16,
    planned: u16,
    next_deal: Option<u16>,
    next_dealer: Option<String>,
    owed: Vec<String>,
    forced: Option<String>,
    signatures: u8,
    signed_by_all: bool,
    /// The organiser set its result: done, with nothing to sign.
    adjusted: bool,
    /// The arbitration panel stopped its round where it stood.
    stopped: bool,
    complete: bool,
    time_up: bool,
    /// `organiser` or `clock`.
    time_up_by: Option<&'static str>,
    minutes_left: Option<u64>,
    /// Minutes since the last entry; `None` before the first.
    last_entry_minutes: Option<i64>,
    /// Minutes without an entry (since the last, or since the start), when it is longer
    /// than the setting.
    idle_minutes: Option<i64>,
    problem: Option<String>,
}

/// The line above the rows.
#[derive(Debug, Default, Serialize)]
struct Summary {
    tables: usize,
    complete: usize,
    signed: usize,
    time_up: usize,
    idle: usize,
    /// The one table still playing while every other is complete: the round waits for it.
    last_playing: Option<i32>,
    /// Every table complete: the round can be closed.
    all_complete: bool,
}

/// How urgently the desk should look at a table, most urgent first (0): a sheet that does
/// not score, a table taking nothing, time up with deals still owed, a solo forced by
/// Vorführen, a table playing, a complete sheet still to sign, a table done. The compact
/// monitor lists the tables in this order, so on a 43-table day the ones to walk to come
/// first.
fn attention(row: &Row) -> u8 {
    if row.problem.is_some() {
        0
    } else if row.idle_minutes.is_some() {
        1
    } else if row.time_up && !row.complete {
        2
    } else if row.forced.is_some() {
        3
    } else if !row.complete {
        4
    } else if !row.signed_by_all && !row.adjusted {
        5
    } else {
        6
    }
}

/// What the rows fragment shows, and the page around it.
#[derive(Debug, Serialize)]
struct Live {
    round_id: i64,
    round: i32,
    started: bool,
    closed: bool,
    idle: i64,
    /// Tiles (most urgent first) rather than the table of rows.
    compact: bool,
    rows: Vec<Row>,
    summary: Summary,
    /// Where the script fetches the rows from.
    rows_url: String,
    /// The rows' tag, which the script sends back in `If-None-Match`.
    etag: String,
}

/// The rows fragment's model: the same `live` the page includes it with.
#[derive(Debug, Serialize)]
struct RowsPage {
    live: Live,
}

/// The rows' tag: the round's monitor without the countdowns, the setting, the minute (the
/// minutes shown move with it) and the language.
fn tag(
    (monitor, now): &(RoundMonitorResponse, NaiveDateTime),
    idle: i64,
    compact: bool,
    lang: Lang,
) -> Result<String, ApiError> {
    let read = SheetRead::of(monitor)?;
    let minute = now.and_utc().timestamp().div_euclid(60);
    let view = if compact { "c" } else { "l" };
    Ok(format!(
        "\"{}-{idle}-{view}-{minute}-{}\"",
        read.tag.trim_matches('"'),
        lang.code()
    ))
}

#[derive(Debug, Serialize)]
struct MonitorPage {
    rounds: Vec<RoundLink>,
    idle: i64,
    /// The compact view was asked for (`?view=compact`).
    compact: bool,
    live: Option<Live>,
}

/// A time the API wrote (RFC 3339) as stored.
fn stored_time(at: &str) -> Option<NaiveDateTime> {
    DateTime::parse_from_rfc3339(at).ok().map(|t| t.naive_utc())
}

fn person(p: &SeatPlayerView) -> String {
    format!("{} ({})", p.name, p.start_number)
}

/// Whole minutes from `from` to `now` (none when the clock was set back).
fn minutes_since(from: NaiveDateTime, now: NaiveDateTime) -> i64 {
    (now - from).num_minutes().max(0)
}

fn row(
    table: &MonitorTableView,
    started_at: Option<NaiveDateTime>,
    closed: bool,
    idle: i64,
    now: NaiveDateTime,
) -> Row {
    let last = table.last_entry_at.as_deref().and_then(stored_time);
    // A table is idle once it has taken nothing for `idle` minutes while it still plays:
    // since its last entry, or since the round started when it has none yet.
    let quiet_since = last.or(started_at);
    let idle_minutes = quiet_since
        .filter(|_| !closed && !table.complete && table.problem.is_none())
        .map(|since| minutes_since(since, now))
        .filter(|&m| m >= idle);
    Row {
        table_id: table.table_id,
        number: table.table_number,
        size: table.table_size,
        deals: table.deals_entered,
        planned: table.planned_deals,
        next_deal: table.next_deal,
        next_dealer: table.next_dealer.as_ref().map(person),
        owed: table.pflichtsolo_owed.iter().map(person).collect(),
        forced: table.forced_soloist.as_ref().map(person),
        signatures: table.signatures,
        signed_by_all: table.signed_by_all,
        adjusted: table.adjusted,
        stopped: table.stopped,
        complete: table.complete,
        time_up: table.time_up,
        time_up_by: table.time_up_by,
        minutes_left: table.seconds_left.map(|s| s.div_ceil(60)),
        last_entry_minutes: last.map(|at| minutes_since(at, now)),
        idle_minutes,
        problem: table.problem.clone(),
    }
}

fn live(
    tournament: i64,
    (monitor, now): &(RoundMonitorResponse, NaiveDateTime),
    idle: i64,
    compact: bool,
    etag: String,
) -> Live {
    let now = *now;
    let started_at = monitor.started_at.as_deref().and_then(stored_time);
    let mut rows: Vec<Row> = monitor
        .tables
        .iter()
        .map(|t| row(t, started_at, monitor.closed, idle, now))
        .collect();
    let playing: Vec<i32> = rows
        .iter()
        .filter(|r| !r.complete)
        .map(|r| r.number)
        .collect();
    let summary = Summary {
        tables: rows.len(),
        complete: rows.iter().filter(|r| r.complete).count(),
        signed: rows.iter().filter(|r| r.signed_by_all).count(),
        time_up: rows.iter().filter(|r| r.time_up).count(),
        idle: rows.iter().filter(|r| r.idle_minutes.is_some()).count(),
        last_playing: match playing.as_slice() {
            [last] if rows.len() > 1 && !monitor.closed => Some(*last),
            _ => None,
        },
        all_complete: !rows.is_empty() && playing.is_empty(),
    };
    if compact {
        // Stable: equally urgent tables stay in number order.
        rows.sort_by_key(attention);
    }
    let view = if compact { "&view=compact" } else { "" };
    Live {
        round_id: monitor.round_id,
        round: monitor.round,
        started: monitor.started_at.is_some(),
        closed: monitor.closed,
        idle,
        compact,
        rows,
        summary,
        rows_url: format!(
            "/admin/tournaments/{tournament}/monitor/rows?round={}&idle={idle}{view}",
            monitor.round_id
        ),
        etag,
    }
}

/// The round the page shows: the one asked for, else the latest open one, else the last.
fn chosen(rounds: &[RoundLink], asked: Option<i64>) -> Option<i64> {
    asked
        .filter(|id| rounds.iter().any(|r| r.id == *id))
        .or_else(|| rounds.iter().rev().find(|r| !r.closed).map(|r| r.id))
        .or_else(|| rounds.last().map(|r| r.id))
}

/// The round's monitor and the instant it was read at (the clock of the request's work,
/// which tests move).
async fn monitor_of(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    round_id: i64,
) -> Step<(RoundMonitorResponse, NaiveDateTime)> {
    let caller = desk.caller();
    state
        .db
        .run(move |conn| {
            Ok((
                round_clock::monitor(conn, round_id, &caller)?,
                services::now(),
            ))
        })
        .await
        .map_err(|e| failed(state, req, e).into())
}

/// The monitor of tournament `id`.
#[get("/admin/tournaments/{id}/monitor")]
pub async fn show(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    query: web::Query<MonitorQuery>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk.tournament(&state, &req, *id, Section::Monitor).await?;
            let listed = rounds::list_rounds(&state, desk.caller(), nav.id)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            let mut links: Vec<RoundLink> = listed
                .iter()
                .map(|r| RoundLink {
                    id: r.id,
                    number: r.number,
                    closed: r.closed,
                    started: r.started_at.is_some(),
                    current: false,
                })
                .collect();
            let idle = query.idle();
            let shown = match chosen(&links, query.round()) {
                Some(round_id) => {
                    for link in &mut links {
                        link.current = link.id == round_id;
                    }
                    let monitor = monitor_of(&state, &req, &desk, round_id).await?;
                    let compact = query.compact();
                    let etag = tag(&monitor, idle, compact, Lang::of(&req).0)
                        .map_err(|e| failed(&state, &req, e))?;
                    Some(live(nav.id, &monitor, idle, compact, etag))
                }
                None => None,
            };
            let model = MonitorPage {
                rounds: links,
                idle,
                compact: query.compact(),
                live: shown,
            };
            Ok(monitor_page(&state, &req, &desk, &nav, &model))
        }
        .await,
    )
}

fn monitor_page(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    nav: &Nav,
    model: &MonitorPage,
) -> HttpResponse {
    render(state, req, desk, Some(nav), StatusCode::OK, PAGE, model)
}

/// The rows of the monitor alone (and the line above them), for the page's script. Its
/// `ETag` is the round's monitor without the countdowns, the setting and the minute (the
/// minutes shown move with it), so polling with `If-None-Match` answers an empty 304
/// while nothing on the page would change.
#[get("/admin/tournaments/{id}/monitor/rows")]
pub async fn fragment(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    query: web::Query<MonitorQuery>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk.tournament(&state, &req, *id, Section::Monitor).await?;
            let round_id = query
                .round()
                .ok_or_else(|| failed(&state, &req, ApiError::NotFound))?;
            // A round of another of his tournaments is not this page's.
            let listed = rounds::list_rounds(&state, desk.caller(), nav.id)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            if !listed.iter().any(|r| r.id == round_id) {
                return Err(failed(&state, &req, ApiError::NotFound).into());
            }
            let monitor = monitor_of(&state, &req, &desk, round_id).await?;
            let idle = query.idle();
            let compact = query.compact();
            let etag = tag(&monitor, idle, compact, Lang::of(&req).0)
                .map_err(|e| failed(&state, &req, e))?;
            let seen = req
                .headers()
                .get(IF_NONE_MATCH)
                .and_then(|v| v.to_str().ok());
            if seen.is_some_and(|v| v.split(',').any(|t| t.trim() == etag)) {
                return Ok(no_store(
                    HttpResponse::NotModified()
                        .insert_header((ETAG, etag))
                        .finish(),
                ));
            }
            let header = HeaderValue::from_str(&etag)
                .map_err(|e| failed(&state, &req, ApiError::Internal(e.into())))?;
            let model = RowsPage {
                live: live(nav.id, &monitor, idle, compact, etag),
            };
            let mut page = render(
                &state,
                &req,
                &desk,
                Some(&nav),
                StatusCode::OK,
                ROWS,
                &model,
            );
            page.headers_mut().insert(ETAG, header);
            Ok(page)
        }
        .await,
    )
}
