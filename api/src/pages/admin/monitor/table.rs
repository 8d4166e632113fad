//! One table at the desk (`/admin/tables/{id}`, the organiser's own; another's is not
//! found): the sheet with every deal, the totals and the signatures; every change made at
//! the table with who, when, before and after (from the audit log); and what the organiser
//! does there, each through the service the JSON API uses: correct a deal (the captain's
//! entry form, saved with the deal's version, closed rounds too) or delete it, record a
//! penalty (TSR 9) or withdraw one, issue or revoke the join code, call time-up or give
//! extra time. A refused form is shown again as it was filled in, with the reason.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::super::{
    Desk, Nav, Section, Step, answer, failed, refusal_text, render, see_other, signed_in_or_login,
};
use crate::error::ApiError;
use crate::pages::captain::form::DealForm;
use crate::pages::captain::view::{self, Named};
use crate::pages::i18n::Lang;
use crate::pages::whole_number as number;
use crate::services::tables::{self, DeskTable};
use crate::services::{
    audit, codes, deals, idempotency, join_codes, penalties, round_clock, write,
};
use crate::state::AppState;
use crate::wire::clock::ExtendTableRequest;
use crate::wire::penalties::CreatePenaltyRequest;
use crate::wire::sheet::{DealBody, SheetDealView, SheetResponse};

const PAGE: &str = "pages/admin/table.html";
const CORRECTION: &str = "pages/admin/correct.html";

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

/// The penalty form as typed.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct PenaltyForm {
    #[serde(default, skip_serializing)]
    csrf: Option<String>,
    #[serde(default)]
    deal_number: String,
    #[serde(default)]
    offender: String,
    #[serde(default)]
    severity: String,
    #[serde(default)]
    soloist: String,
    #[serde(default)]
    could_harm_soloist: Option<String>,
    #[serde(default)]
    opposing_absagen: String,
    #[serde(default)]
    referee: String,
    #[serde(default)]
    offence: String,
    #[serde(default)]
    idempotency_key: String,
}

/// The extra-time form as typed.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct ExtendForm {
    #[serde(default, skip_serializing)]
    csrf: Option<String>,
    #[serde(default)]
    minutes: String,
    #[serde(default)]
    reason: String,
    /// Extra time adds up: a form sent twice must give it once.
    #[serde(default)]
    idempotency_key: String,
}

/// A form that removes something of a given version (a deal, a penalty).
#[derive(Debug, Deserialize)]
pub struct VersionForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    version: String,
    #[serde(default)]
    reason: String,
}

/// A form with nothing but its token and key.
#[derive(Debug, Deserialize)]
pub struct PlainForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    idempotency_key: String,
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
    error: Option<Refused>,
}

/// What a refused form left to show again.
#[derive(Default)]
struct Kept {
    penalty: Option<PenaltyForm>,
    extend: Option<ExtendForm>,
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

/// A stored before or after in a few readable lines: a deal as its contract, Re party and
/// entries; anything else as its plain fields.
fn readable(lang: Lang, sheet: &SheetResponse, value: Option<&Value>) -> Vec<String> {
    let Some(value) = value else {
        return Vec::new();
    };
    let Value::Object(map) = value else {
        return vec![value.to_string()];
    };
    if let (Some(contract), Some(Value::Array(scores))) = (map.get("contract"), map.get("scores")) {
        let contract = lang.text_or(
            &format!("captain_contract_{}", contract.as_str().unwrap_or_default()),
            contract.as_str().unwrap_or_default(),
        );
        let re: Vec<String> = map
            .get("re")
            .and_then(Value::as_array)
            .map(|seats| {
                seats
                    .iter()
                    .filter_map(Value::as_u64)
                    .filter_map(|s| u8::try_from(s).ok())
                    .map(|s| view::named(sheet, s).name)
                    .collect()
            })
            .unwrap_or_default();
        let mut lines = vec![format!(
            "{} {}: {contract}, Re: {}",
            lang.text("captain_deal"),
            map.get("number").and_then(Value::as_u64).unwrap_or(0),
            re.join(" & ")
        )];
        lines.push(signed_score(sheet, scores));
        if let Some(Value::Array(penalties)) = map.get("penalties")
            && !penalties.is_empty()
        {
            lines.push(format!(
                "{}: {}",
                lang.text("desk_monitor_penalties"),
                penalties.len()
            ));
        }
        return lines;
    }
    map.iter()
        .filter(|(_, v)| !v.is_null() && !v.is_object())
        .map(|(k, v)| {
            let shown = match v {
                Value::String(s) => s.clone(),
                Value::Array(items) if k == "scores" => signed_score(sheet, items),
                other => other.to_string(),
            };
            format!(
                "{}: {shown}",
                lang.text_or(&format!("desk_monitor_field_{k}"), k)
            )
        })
        .collect()
}

fn who(lang: Lang, actor: &str) -> String {
    let kind = actor.split(':').next().unwrap_or_default();
    lang.text_or(&format!("desk_monitor_actor_{kind}"), actor)
}

fn when(at: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(at).map_or_else(
        |_| at.to_owned(),
        |t| t.to_utc().format("%d.%m.%Y %H:%M:%S UTC").to_string(),
    )
}

fn deal_line(lang: Lang, sheet: &SheetResponse, deal: &SheetDealView) -> DealLine {
    DealLine {
        number: deal.number,
        version: deal.version,
        dealer: view::named(sheet, deal.dealer).name,
        kind_code: deal.kind,
        kind: lang.text_or(&format!("captain_kind_{}", deal.kind), deal.kind),
        contract: lang.text(&format!(
            "captain_contract_{}",
            view::wire_name(&deal.contract)
        )),
        re: deal
            .re
            .iter()
            .map(|&s| view::named(sheet, s).name)
            .collect::<Vec<_>>()
            .join(" & "),
        scores: deal.scores.clone(),
        paper: deal.entry.is_paper(),
        penalties: !deal.penalties.is_empty(),
    }
}

/// The table for the desk, and the navigation of its tournament (his, or the 404 page).
async fn load(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    table_id: i64,
    number: Option<u16>,
) -> Step<(Nav, DeskTable)> {
    let caller = desk.caller();
    let table = state
        .db
        .run(move |conn| tables::for_organiser(conn, table_id, &caller, number))
        .await
        .map_err(|e| failed(state, req, e))?;
    let nav = desk
        .tournament(state, req, table.tournament_id, Section::Monitor)
        .await?;
    Ok((nav, table))
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
    let history = audit::of_table(state, desk.organizer, nav.id, table_id)
        .await
        .map_err(|e| failed(state, req, e))?;
    let code = join_codes::of_table(state, desk.caller(), table_id)
        .await
        .map_err(|e| failed(state, req, e))?;
    let sheet = &desk_table.table.sheet;
    let new_key = || codes::new_secret().unwrap_or_default();
    let mut history: Vec<HistoryLine> = history
        .iter()
        .map(|entry| HistoryLine {
            at: when(&entry.at),
            who: who(lang, &entry.actor),
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
    let model = TablePage {
        table_id,
        round_id: desk_table.round_id,
        round: sheet.round,
        table_number: sheet.table_number,
        round_closed: sheet.round_closed,
        players: sheet.players.iter().map(Named::from).collect(),
        deals: sheet
            .deals
            .iter()
            .map(|d| deal_line(lang, sheet, d))
            .collect(),
        totals: sheet.totals.clone(),
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
        code_issued_at: code.issued_at.as_deref().map(when),
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
async fn after(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    table_id: i64,
    done: Result<idempotency::Seen, ApiError>,
    form: &'static str,
    kept: Kept,
) -> Step<HttpResponse> {
    match done {
        Ok(_) => Ok(see_other(&format!("/admin/tables/{table_id}"))),
        Err(e) => table_page(state, req, desk, table_id, kept, Some((form, &e))).await,
    }
}

fn penalty_request(form: &PenaltyForm) -> Result<CreatePenaltyRequest, ApiError> {
    Ok(CreatePenaltyRequest {
        deal_number: number("deal_number", &form.deal_number)?,
        severity: form.severity.trim().to_owned(),
        offender: number("offender", &form.offender)?,
        soloist: if form.soloist.trim().is_empty() {
            None
        } else {
            Some(number("soloist", &form.soloist)?)
        },
        could_harm_soloist: form.could_harm_soloist.is_some(),
        opposing_absagen: if form.opposing_absagen.trim().is_empty() {
            0
        } else {
            number("opposing_absagen", &form.opposing_absagen)?
        },
        referee: form.referee.clone(),
        offence: Some(form.offence.clone()),
    })
}

/// Records a penalty (TSR 9) as `POST /tables/{id}/penalties` does; the form's key makes
/// a double tap one penalty.
#[post("/admin/tables/{table_id}/penalties")]
pub async fn add_penalty(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    form: web::Form<PenaltyForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let form = form.into_inner();
            desk.guard(&req, form.csrf.as_deref())?;
            let table_id = *table_id;
            let caller = desk.caller();
            let path = format!("/admin/tables/{table_id}/penalties");
            let done = async {
                let ruling = penalties::ruling(penalty_request(&form)?)?;
                // What the form says, unambiguously: a key sent again with other words is
                // refused rather than taken for the first.
                let meaning = serde_json::to_vec(&(
                    &form.deal_number,
                    &form.offender,
                    &form.severity,
                    &form.soloist,
                    form.could_harm_soloist.is_some(),
                    &form.opposing_absagen,
                    form.referee.trim(),
                    form.offence.trim(),
                ))
                .map_err(|e| ApiError::Internal(e.into()))?;
                let key = idempotency::form_key(
                    &caller,
                    &path,
                    "idempotency_key",
                    &form.idempotency_key,
                    &meaning,
                )?;
                write::keyed(&state, Some(key), 201, move |conn| {
                    penalties::create(conn, table_id, &caller, &ruling).map(|_| ())
                })
                .await
            }
            .await;
            let kept = Kept {
                penalty: Some(form),
                ..Kept::default()
            };
            after(&state, &req, &desk, table_id, done, "penalty", kept).await
        }
        .await,
    )
}

/// Withdraws a penalty of the version the form shows.
#[post("/admin/tables/{table_id}/penalties/{penalty_id}/delete")]
pub async fn delete_penalty(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    form: web::Form<VersionForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, form.csrf.as_deref())?;
            let (table_id, penalty_id) = path.into_inner();
            let caller = desk.caller();
            let VersionForm {
                version, reason, ..
            } = form.into_inner();
            let done = write::keyed(&state, None, 200, move |conn| {
                let reason = Some(reason.trim()).filter(|r| !r.is_empty());
                penalties::delete(conn, table_id, penalty_id, &version, &caller, reason).map(|_| ())
            })
            .await;
            after(
                &state,
                &req,
                &desk,
                table_id,
                done,
                "penalties",
                Kept::default(),
            )
            .await
        }
        .await,
    )
}

/// Deletes a deal of the version the form shows (later deals move up).
#[post("/admin/tables/{table_id}/deals/{number}/delete")]
pub async fn delete_deal(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, u16)>,
    form: web::Form<VersionForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, form.csrf.as_deref())?;
            let (table_id, number) = path.into_inner();
            let caller = desk.caller();
            let VersionForm {
                version, reason, ..
            } = form.into_inner();
            let done = write::keyed(&state, None, 200, move |conn| {
                let reason = Some(reason.trim()).filter(|r| !r.is_empty());
                deals::delete(conn, table_id, number, &version, &caller, reason).map(|_| ())
            })
            .await;
            after(
                &state,
                &req,
                &desk,
                table_id,
                done,
                "deals",
                Kept::default(),
            )
            .await
        }
        .await,
    )
}

/// Issues a new join code (the old one no longer opens the table; a captain who joined
/// with it stays).
#[post("/admin/tables/{table_id}/join-code")]
pub async fn issue_code(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    form: web::Form<PlainForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, form.csrf.as_deref())?;
            let table_id = *table_id;
            let caller = desk.caller();
            let path = format!("/admin/tables/{table_id}/join-code");
            let done = async {
                let key = idempotency::form_key(
                    &caller,
                    &path,
                    "idempotency_key",
                    &form.idempotency_key,
                    path.as_bytes(),
                )?;
                let code = codes::new_code()?;
                write::keyed(&state, Some(key), 201, move |conn| {
                    join_codes::create(conn, table_id, &caller, &code).map(|_| ())
                })
                .await
            }
            .await;
            after(&state, &req, &desk, table_id, done, "code", Kept::default()).await
        }
        .await,
    )
}

/// Revokes the table's codes: its captains are signed out.
#[post("/admin/tables/{table_id}/join-code/revoke")]
pub async fn revoke_code(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    form: web::Form<PlainForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, form.csrf.as_deref())?;
            let table_id = *table_id;
            let caller = desk.caller();
            let done = write::keyed(&state, None, 200, move |conn| {
                join_codes::revoke(conn, table_id, &caller)
            })
            .await;
            after(&state, &req, &desk, table_id, done, "code", Kept::default()).await
        }
        .await,
    )
}

/// Calls time-up at this table.
#[post("/admin/tables/{table_id}/time-up")]
pub async fn time_up(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    form: web::Form<PlainForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, form.csrf.as_deref())?;
            let table_id = *table_id;
            let caller = desk.caller();
            let done = write::keyed(&state, None, 200, move |conn| {
                tables::time_up(conn, table_id, &caller).map(|_| ())
            })
            .await;
            after(
                &state,
                &req,
                &desk,
                table_id,
                done,
                "clock",
                Kept::default(),
            )
            .await
        }
        .await,
    )
}

/// Gives the table extra minutes, for a reason.
#[post("/admin/tables/{table_id}/extend")]
pub async fn extend(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    form: web::Form<ExtendForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let form = form.into_inner();
            desk.guard(&req, form.csrf.as_deref())?;
            let table_id = *table_id;
            let caller = desk.caller();
            let done = async {
                let request = ExtendTableRequest {
                    minutes: number("minutes", &form.minutes)?,
                    reason: form.reason.clone(),
                };
                let (minutes, reason) = round_clock::check_extension(&request)?;
                let key = idempotency::form_key(
                    &caller,
                    &format!("/admin/tables/{table_id}/extend"),
                    "idempotency_key",
                    &form.idempotency_key,
                    &serde_json::to_vec(&(minutes, &reason))
                        .map_err(|e| ApiError::Internal(e.into()))?,
                )?;
                write::keyed(&state, Some(key), 200, move |conn| {
                    round_clock::extend(conn, table_id, &caller, minutes, &reason).map(|_| ())
                })
                .await
            }
            .await;
            let kept = Kept {
                extend: Some(form),
                ..Kept::default()
            };
            after(&state, &req, &desk, table_id, done, "clock", kept).await
        }
        .await,
    )
}

/// The correction page: the captain's entry form for deal `number`, pre-filled.
#[derive(Debug, Serialize)]
struct CorrectionPage {
    table_id: i64,
    round: i32,
    table_number: i32,
    number: u16,
    summary: String,
    reason: String,
    form: view::FormView,
    error: Option<view::Refusal>,
}

/// The correction page for deal `number` holding `values` (the stored deal when `None`).
async fn correction_page(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    table_id: i64,
    number: u16,
    values: Option<(DealForm, String)>,
    error: Option<&ApiError>,
) -> Step<HttpResponse> {
    let (lang, _) = Lang::of(req);
    let (nav, desk_table) = load(state, req, desk, table_id, Some(number)).await?;
    let table = &desk_table.table;
    let sheet = &table.sheet;
    let deal = sheet.deals.iter().find(|d| d.number == number);
    let (Some(deal), Some(choices)) = (deal, table.choices.as_ref()) else {
        return Err(failed(state, req, ApiError::NotFound).into());
    };
    let DealBody::Full(entry) = &deal.entry else {
        // A paper deal is deleted and keyed in again; the form asks for the full facts.
        return Err(failed(state, req, ApiError::NotFound).into());
    };
    let (values, reason) = values.unwrap_or_else(|| {
        let mut entry = entry.clone();
        entry.number = Some(number);
        let mut form = DealForm::from_entry(&entry, codes::new_secret().unwrap_or_default());
        form.version = deal.version.to_string();
        (form, String::new())
    });
    let refusal = error.map(|e| view::refusal(lang, e));
    let mut form = view::form_view(
        lang,
        table,
        choices,
        values,
        Some(number),
        refusal.as_ref().and_then(|r| r.field),
    );
    form.action = format!("/admin/tables/{table_id}/deals/{number}");
    let model = CorrectionPage {
        table_id,
        round: sheet.round,
        table_number: sheet.table_number,
        number,
        summary: view::deal_summary(lang, sheet, deal),
        reason,
        form,
        error: refusal,
    };
    let status = error.map_or(StatusCode::OK, ResponseError::status_code);
    Ok(render(
        state,
        req,
        desk,
        Some(&nav),
        status,
        CORRECTION,
        &model,
    ))
}

/// The form to correct deal `number`.
#[get("/admin/tables/{table_id}/deals/{number}")]
pub async fn correction(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, u16)>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let (table_id, number) = path.into_inner();
            correction_page(&state, &req, &desk, table_id, number, None, None).await
        }
        .await,
    )
}

/// Saves a correction of deal `number` if it still has the form's version
/// (`PUT /tables/{id}/deals/{n}` with `If-Match`).
#[post("/admin/tables/{table_id}/deals/{number}")]
pub async fn correct(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, u16)>,
    body: web::Bytes,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let (table_id, number) = path.into_inner();
            let pairs: Vec<(String, String)> =
                serde_urlencoded::from_bytes(&body).map_err(|e| {
                    ApiError::MalformedBody(format!("not a form: {e}")).error_response()
                })?;
            let field = |name: &str| {
                pairs
                    .iter()
                    .rev()
                    .find(|(n, _)| n == name)
                    .map(|(_, v)| v.clone())
            };
            desk.guard(&req, field("csrf").as_deref())?;
            let reason = field("reason").unwrap_or_default();
            let form = DealForm::from_pairs(&pairs);
            let caller = desk.caller();
            let path = format!("/admin/tables/{table_id}/deals/{number}");
            let saved = async {
                let mut entry = form.to_body()?;
                deals::check_correction_number(&entry, number)?;
                if form.version.is_empty() {
                    return Err(ApiError::PreconditionRequired);
                }
                let reason = reason.trim();
                if !reason.is_empty()
                    && let DealBody::Full(full) = &mut entry
                {
                    full.reason = Some(reason.to_owned());
                }
                let meaning = serde_json::to_vec(&(&entry, &form.version))
                    .map_err(|e| ApiError::Internal(e.into()))?;
                let key = if form.idempotency_key.is_empty() {
                    None
                } else {
                    Some(idempotency::form_key(
                        &caller,
                        &path,
                        "idempotency_key",
                        &form.idempotency_key,
                        &meaning,
                    )?)
                };
                let version = form.version.clone();
                write::keyed(&state, key, 200, move |conn| {
                    deals::update(conn, table_id, number, &version, &caller, &entry).map(|_| ())
                })
                .await
            }
            .await;
            match saved {
                Ok(_) => Ok(see_other(&format!("/admin/tables/{table_id}"))),
                Err(e) => {
                    correction_page(
                        &state,
                        &req,
                        &desk,
                        table_id,
                        number,
                        Some((form, reason)),
                        Some(&e),
                    )
                    .await
                }
            }
        }
        .await,
    )
}
