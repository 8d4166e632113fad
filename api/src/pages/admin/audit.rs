//! A tournament's audit log at the desk (`/admin/tournaments/{id}/audit`): every change,
//! newest first, with when (the tournament's clock), who (the organiser by name, a
//! captain, an import), what, where (round and table, linked) and why, before and after
//! as stored. What the captains' phones enter in play (deals, signatures) is left out
//! unless asked for (`?all=1`): what a director looks for is what was changed. From the log the API's
//! `GET /tournaments/{id}/audit` answers.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::{Deserialize, Serialize};

use super::{Section, actors, answer, failed, render, signed_in_or_login, who};
use crate::local_time::instant;
use crate::pages::i18n::Lang;
use crate::services::{audit_log, rounds};
use crate::state::AppState;
use crate::wire::audit::AuditEntry;

const TEMPLATE: &str = "pages/admin/audit.html";

/// Lines per page: a championship logs every deal of every table.
const PAGE_LINES: usize = 200;

/// What a table's captain does in play, left out by default: a deal entered, a player
/// signing.
const PLAY: &[&str] = &["deal.create", "signature.sign"];

/// Whether `e` is play at a table rather than a change: the captain's phone entering or
/// signing (the same entered at the desk, from a paper sheet, is a change).
fn in_play(e: &AuditEntry) -> bool {
    PLAY.contains(&e.action.as_str()) && !e.actor.starts_with("organizer")
}

#[derive(Debug, Serialize)]
struct Line {
    id: i64,
    at: String,
    who: String,
    action: String,
    /// `Runde 2 · Tisch 3`, with the table's page, when the change was at a table.
    table: Option<(i64, String)>,
    reason: Option<String>,
    before: Option<String>,
    after: Option<String>,
}

#[derive(Debug, Serialize)]
struct AuditPage {
    lines: Vec<Line>,
    /// Whether deals entered in play are shown.
    all: bool,
    /// Lines shown of how many.
    total: usize,
    /// The id to page on from (`?before=`), when there are older lines.
    older: Option<i64>,
}

#[derive(Debug, Deserialize)]
pub struct AuditQuery {
    #[serde(default)]
    all: Option<u8>,
    #[serde(default)]
    before: Option<i64>,
}

/// The log, newest first, a page at a time.
#[get("/admin/tournaments/{id}/audit")]
pub async fn page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    query: web::Query<AuditQuery>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk.tournament(&state, &req, *id, Section::Audit).await?;
            let (lang, _) = Lang::of(&req);
            let all = query.all == Some(1);
            let log = audit_log::list(&state, desk.organizer, nav.id)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            let names = actors(&state, &req, &desk, nav.id).await?;
            let tables: HashMap<i64, String> = rounds::list_rounds(&state, desk.caller(), nav.id)
                .await
                .map_err(|e| failed(&state, &req, e))?
                .iter()
                .flat_map(|r| {
                    r.tables.iter().map(move |t| {
                        let place = format!(
                            "{} {} · {} {}",
                            lang.text("common_round"),
                            r.number,
                            lang.text("common_table"),
                            t.number
                        );
                        (t.id, place)
                    })
                })
                .collect();
            let shown: Vec<&AuditEntry> = log.iter().rev().filter(|e| all || !in_play(e)).collect();
            let total = shown.len();
            let from = query.before.map_or(0, |before| {
                shown.iter().take_while(|e| e.id >= before).count()
            });
            let page: Vec<&AuditEntry> =
                shown.iter().skip(from).take(PAGE_LINES).copied().collect();
            // The next page starts below this page's last line.
            let older = (shown.len() > from + PAGE_LINES)
                .then(|| page.last().map(|e| e.id))
                .flatten();
            let pretty = |v: &Option<serde_json::Value>| {
                v.as_ref()
                    .and_then(|v| serde_json::to_string_pretty(v).ok())
            };
            let lines = page
                .into_iter()
                .map(|e| Line {
                    id: e.id,
                    at: instant(&nav.time_zone, &e.at),
                    who: who(lang, &names, &e.actor),
                    action: lang.text_or(
                        &format!("desk_monitor_action_{}", e.action.replace('.', "_")),
                        &e.action,
                    ),
                    table: e
                        .table_id
                        .map(|t| (t, tables.get(&t).cloned().unwrap_or_default())),
                    reason: e.reason.clone(),
                    before: pretty(&e.before),
                    after: pretty(&e.after),
                })
                .collect();
            let model = AuditPage {
                lines,
                all,
                total,
                older,
            };
            Ok(render(
                &state,
                &req,
                &desk,
                Some(&nav),
                StatusCode::OK,
                TEMPLATE,
                &model,
            ))
        }
        .await,
    )
}
