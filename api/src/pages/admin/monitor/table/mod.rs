//! One table at the desk (`/admin/tables/{id}`, the organiser's own; another's is not
//! found): the sheet with every deal, the totals and the signatures; every change made at
//! the table with who, when, before and after (from the audit log); and what the organiser
//! does there, each through the service the JSON API uses: key in the next deal from the
//! paper sheet, correct a deal (the captain's entry form, saved with the deal's version,
//! closed rounds too) or delete it, record a penalty (TSR 9) or withdraw one, issue or
//! revoke the join code, call time-up or give extra time, set the result of a table that
//! could not play ([`adjustment`]), stop its round as the arbitration panel decided or take
//! that back ([`stop`]). A refused form is shown again as
//! it was filled in, with the reason.
//!
//! The page is read here; [`forms`] holds what the organiser changes there, [`entry`] the
//! paper sheet keyed in, [`correct_deal`] the correction of a deal with the captain's
//! form, [`history`] the audit lines made readable.

mod adjustment;
mod context;
mod correct_deal;
mod entry;
mod forms;
mod history;
mod stop;

pub use adjustment::{remove_adjustment, set_adjustment};
pub use correct_deal::{correct, correction};
pub use entry::{enter_deal, entry_form};
pub use forms::{
    add_penalty, delete_deal, delete_penalty, extend, issue_code, revoke_code, time_up,
};
pub use stop::{resume_table, stop_table};

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, web};
use serde::Serialize;
use serde_json::Value;

use super::super::{
    Desk, Step, actors, answer, failed, refusal_text, render, see_other, signed_in_or_login, who,
};
use crate::error::ApiError;
use crate::local_time::instant;
use crate::pages::captain::form::wire_name;
use crate::pages::captain::view::{self, Named};
use crate::pages::i18n::Lang;
use crate::services::{audit_log, codes, join_codes};
use crate::state::AppState;
use crate::wire::sheet::FamilyDealView;
use crate::wire::sheet::{SheetDealView, SheetResponse};
use adjustment::AdjustForm;
use context::load;
use forms::{ExtendForm, PenaltyForm};
use history::readable;

const PAGE: &str = "pages/admin/table.html";

/// A refusal, and the form it belongs to (the page shows it there).
#[derive(Debug, Serialize)]
struct Refused {
    form: &'static str,
    code: String,
    message: String,
}

/// A penalty as recorded.
#[derive(Debug, Serialize)]
struct PenaltyLine {
    id: i64,
    version: i32,
    deal: u16,
    offender: String,
    severity: String,
    referee: String,
    /// What happened, as the referee put it.
    offence: Option<String>,
    /// `Name ±n` per seat.
    scores: String,
}

/// A row of the sheet.
#[derive(Debug, Serialize)]
struct DealLine {
    number: u16,
    version: i32,
    dealer: String,
    kind_code: &'static str,
    kind: String,
    contract: String,
    re: String,
    scores: Vec<i32>,
    paper: bool,
    penalties: bool,
    /// The correction form can take it (full facts only).
    correctable: bool,
}

/// A change made at the table.
#[derive(Debug, Serialize)]
struct HistoryLine {
    at: String,
    who: String,
    action: String,
    reason: Option<String>,
    before: Vec<String>,
    after: Vec<String>,
}

#[derive(Debug, Serialize)]
struct TablePage {
    table_id: i64,
    round_id: i64,
    round: i32,
    table_number: i32,
    round_closed: bool,
    players: Vec<Named>,
    deals: Vec<DealLine>,
    totals: Vec<i32>,
    /// A family game's table: no penalties, no playing time.
    family: bool,
    complete: bool,
    planned: u16,
    time_up: bool,
    time_up_by: Option<&'static str>,
    minutes_left: Option<u64>,
    extra_minutes: Option<u16>,
    started: bool,
    signed: Vec<String>,
    signed_by_all: bool,
    penalties: Vec<PenaltyLine>,
    history: Vec<HistoryLine>,
    code: Option<String>,
    code_issued_at: Option<String>,
    /// A fresh key for issuing a code (a double tap issues one).
    code_key: String,
    penalty: PenaltyForm,
    extend: ExtendForm,
    /// The result set because the table could not play, if it was.
    adjusted: Option<AdjustedLine>,
    /// A result may be set: a Doppelkopf table without deals.
    adjustable: bool,
    adjust: AdjustFields,
    /// The panel stopped the round, if it did.
    stopped: Option<StoppedLine>,
    /// The round may be stopped: open, not complete, no result set.
    stoppable: bool,
    error: Option<Refused>,
}

/// What a refused form left to show again.
#[derive(Default)]
struct Kept {
    penalty: Option<PenaltyForm>,
    extend: Option<ExtendForm>,
    adjust: Option<AdjustForm>,
}

/// The result set for a table that could not play, as the page shows it.
#[derive(Debug, Serialize)]
struct AdjustedLine {
    /// `Name: points` per seat.
    points: Vec<String>,
    reason: String,
    /// In the tournament's time.
    at: Option<String>,
}

/// The panel's stop, as the page shows it.
#[derive(Debug, Serialize)]
struct StoppedLine {
    reason: String,
    /// In the tournament's time.
    at: Option<String>,
}

/// The form that sets it: each seat's field as typed (seat 1 first) and the reason.
#[derive(Debug, Serialize)]
struct AdjustFields {
    points: Vec<String>,
    reason: String,
}

fn signed_score(sheet: &SheetResponse, scores: &[Value]) -> String {
    scores
        .iter()
        .enumerate()
        .map(|(seat, v)| {
            let name = u8::try_from(seat)
                .map(|s| view::named(sheet, s).name)
                .unwrap_or_default();
            format!("{name} {:+}", v.as_i64().unwrap_or(0))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn deal_line(lang: Lang, sheet: &SheetResponse, deal: &SheetDealView) -> DealLine {
    DealLine {
        number: deal.number,
        version: deal.version,
        dealer: view::named(sheet, deal.dealer).name,
        kind_code: deal.kind,
        kind: lang.text_or(&format!("captain_kind_{}", deal.kind), deal.kind),
        contract: lang.text(&format!("captain_contract_{}", wire_name(&deal.contract))),
        re: deal
            .re
            .iter()
            .map(|&s| view::named(sheet, s).name)
            .collect::<Vec<_>>()
            .join(" & "),
        scores: deal.scores.clone(),
        paper: deal.entry.is_paper(),
        penalties: !deal.penalties.is_empty(),
        correctable: deal.has_facts(),
    }
}

/// A family game's deal as a row: what each seat won, who dealt (or started); it is
/// deleted and entered again, never corrected by the Doppelkopf form.
fn family_line(lang: Lang, sheet: &SheetResponse, game: &str, deal: &FamilyDealView) -> DealLine {
    DealLine {
        number: deal.number,
        version: deal.version,
        dealer: view::named(sheet, deal.dealer.unwrap_or(deal.starter)).name,
        kind_code: "normal",
        kind: String::new(),
        contract: lang.text(&format!("rules_{game}")),
        re: String::new(),
        scores: deal
            .points
            .iter()
            .map(|&p| i32::try_from(p).unwrap_or(i32::MAX))
            .collect(),
        paper: false,
        penalties: false,
        correctable: false,
    }
}

/// The table's page, with the forms as `kept` and the refusal, if any.
async fn table_page(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    table_id: i64,
    kept: Kept,
    error: Option<(&'static str, &ApiError)>,
) -> Step<HttpResponse> {
    let (lang, _) = Lang::of(req);
    let (nav, desk_table) = load(state, req, desk, table_id, None).await?;
    let history = audit_log::of_table(state, desk.organizer, nav.id, table_id)
        .await
        .map_err(|e| failed(state, req, e))?;
    let names = actors(state, req, desk, nav.id).await?;
    let code = join_codes::of_table(state, desk.caller(), table_id)
        .await
        .map_err(|e| failed(state, req, e))?;
    let sheet = &desk_table.table.sheet;
    let new_key = || codes::new_secret().unwrap_or_default();
    let mut history: Vec<HistoryLine> = history
        .iter()
        .map(|entry| HistoryLine {
            at: instant(&nav.time_zone, &entry.at),
            who: who(lang, &names, &entry.actor),
            action: lang.text_or(
                &format!("desk_monitor_action_{}", entry.action.replace('.', "_")),
                &entry.action,
            ),
            reason: entry.reason.clone(),
            before: readable(lang, sheet, entry.before.as_ref()),
            after: readable(lang, sheet, entry.after.as_ref()),
        })
        .collect();
    history.reverse();
    let penalties = sheet
        .deals
        .iter()
        .flat_map(|d| d.penalties.iter().map(move |p| (d.number, p)))
        .map(|(deal, p)| PenaltyLine {
            id: p.id,
            version: p.version,
            deal,
            offender: view::named(sheet, p.offender).name,
            severity: lang.text_or(
                &format!("desk_monitor_severity_{}", p.severity),
                &p.severity,
            ),
            referee: p.referee.clone(),
            offence: p.offence.clone(),
            scores: signed_score(
                sheet,
                &p.scores.iter().map(|&s| Value::from(s)).collect::<Vec<_>>(),
            ),
        })
        .collect();
    let mut penalty = kept.penalty.unwrap_or_default();
    if penalty.idempotency_key.is_empty() || error.is_none() {
        penalty.idempotency_key = new_key();
    }
    let mut extension = kept.extend.unwrap_or_default();
    if extension.idempotency_key.is_empty() || error.is_none() {
        extension.idempotency_key = new_key();
    }
    let adjusted = sheet.adjusted.as_ref().map(|a| AdjustedLine {
        points: sheet
            .players
            .iter()
            .zip(&a.points)
            .map(|(p, points)| format!("{}: {points}", p.name))
            .collect(),
        reason: a.reason.clone(),
        at: a.at.as_deref().map(|at| instant(&nav.time_zone, at)),
    });
    let kept_adjust = kept.adjust.unwrap_or_default();
    let adjust_fields = AdjustFields {
        points: kept_adjust.typed(sheet.players.len()),
        reason: kept_adjust.reason().to_owned(),
    };
    let stopped = sheet.stopped.as_ref().map(|s| StoppedLine {
        reason: s.reason.clone(),
        at: s.at.as_deref().map(|at| instant(&nav.time_zone, at)),
    });
    let model = TablePage {
        stoppable: !sheet.complete && !sheet.round_closed,
        stopped,
        adjustable: sheet.family.is_none() && sheet.deals.is_empty(),
        adjusted,
        adjust: adjust_fields,
        table_id,
        round_id: desk_table.round_id,
        round: sheet.round,
        table_number: sheet.table_number,
        round_closed: sheet.round_closed,
        players: sheet.players.iter().map(Named::from).collect(),
        deals: match &sheet.family {
            Some(family) => family
                .deals
                .iter()
                .map(|d| family_line(lang, sheet, family.game, d))
                .collect(),
            None => sheet
                .deals
                .iter()
                .map(|d| deal_line(lang, sheet, d))
                .collect(),
        },
        totals: sheet.totals.clone(),
        family: sheet.family.is_some(),
        complete: sheet.complete,
        planned: sheet.planned_deals,
        time_up: sheet.time_up,
        time_up_by: sheet.time_up_by,
        minutes_left: sheet.clock.as_ref().map(|c| c.seconds_left.div_ceil(60)),
        extra_minutes: sheet.clock.as_ref().map(|c| c.extra_minutes),
        started: sheet.clock.is_some(),
        signed: sheet
            .signatures
            .iter()
            .map(|s| view::named(sheet, s.seat).name)
            .collect(),
        signed_by_all: sheet.signed_by_all,
        penalties,
        history,
        code: code.code,
        code_issued_at: code
            .issued_at
            .as_deref()
            .map(|at| instant(&nav.time_zone, at)),
        code_key: new_key(),
        penalty,
        extend: extension,
        error: error.map(|(form, e)| Refused {
            form,
            code: e.problem().code.to_owned(),
            message: refusal_text(lang, e),
        }),
    };
    let status = error.map_or(StatusCode::OK, |(_, e)| e.status_code());
    Ok(render(state, req, desk, Some(&nav), status, PAGE, &model))
}

/// The table's desk page.
#[get("/admin/tables/{table_id}")]
pub async fn show(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            table_page(&state, &req, &desk, *table_id, Kept::default(), None).await
        }
        .await,
    )
}

/// After a write: the table's page again (Post/Redirect/Get), or the page with the refusal.
async fn after<T>(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    table_id: i64,
    done: Result<T, ApiError>,
    form: &'static str,
    kept: Kept,
) -> Step<HttpResponse> {
    match done {
        Ok(_) => Ok(see_other(&format!("/admin/tables/{table_id}"))),
        Err(e) => table_page(state, req, desk, table_id, kept, Some((form, &e))).await,
    }
}
