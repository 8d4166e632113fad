//! `/table`: the captain's table (who plays, whose deal it is, who sits out, who still
//! owes his Pflichtsolo, the banners for a forced solo and time-up, the totals) with the
//! entry form, and `POST /table/deals`, which previews or saves the form's deal.
//!
//! Saving goes through `services::write` with the form's key (`idempotency_key`, or the
//! script's `Idempotency-Key` header): a form posted twice, a reload that posts it again,
//! or the outbox sending an entry whose answer was lost, enters the deal once. The script
//! asks with `Accept: application/json` and gets the JSON answer (or the problem with its
//! message in the page's language); a plain form post gets a page.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::Serialize;

use super::family::FamilyForm;
use super::form::DealForm;
use super::reply::{entry_key, flash_text, problem_json};
use super::view::{self, FormView, Named, OvertakenView, PreviewFragment, PreviewView, Refusal};
use super::{captain, clear_flash, form_pairs, fresh_key, preview, see_other_with, to_join};
use super::{failed, shut_out, wants_fragment, wants_json};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::pages::session::same_origin;
use crate::pages::{respond_status, respond_tagged};
use crate::services::tables::{self, CaptainTable};
use crate::services::{deals, idempotency};
use crate::state::AppState;
use crate::wire::deal::DealBody;
use crate::wire::sheet::{DealResponse, DealView};

const TEMPLATE: &str = "pages/captain/table.html";
const PREVIEW: &str = "pages/captain/_preview.html";
const STATE: &str = "pages/captain/_state.html";
const OVERTAKEN: &str = "pages/captain/_overtaken.html";

/// The path the entry form posts to, which is also its keys' scope.
const ENTER: &str = "/table/deals";

/// A seat's line at the top of the page.
#[derive(Debug, Serialize)]
struct PlayerLine {
    #[serde(flatten)]
    player: Named,
    start_number: i32,
    total: i32,
}

/// The next deal's number and dealer.
#[derive(Debug, Serialize)]
struct NextLine {
    number: u16,
    dealer: Named,
}

/// The table page.
#[derive(Debug, Serialize)]
struct TablePage {
    table_id: i64,
    tournament: String,
    round: i32,
    table_number: i32,
    players: Vec<PlayerLine>,
    /// The next deal, unless the sheet is complete.
    next: Option<NextLine>,
    sitting_out: Option<Named>,
    forced: Option<Named>,
    owed: Vec<Named>,
    time_up: bool,
    time_up_by: Option<&'static str>,
    /// The arbitration panel stopped the round: its reason.
    stopped: Option<String>,
    deals_left: u16,
    deals_played: u16,
    last_deal: u16,
    complete: bool,
    round_closed: bool,
    /// Whole minutes until the table's time runs out, once the round is started.
    minutes_left: Option<u64>,
    flash: Option<String>,
    form: Option<FormView>,
    /// The entry's preview (`preview` is the organiser's preview link in every page).
    deal_preview: Option<PreviewView>,
    deal_preview_error: Option<Refusal>,
    error: Option<Refusal>,
    /// An entry refused because another phone entered its deal first, beside that deal.
    overtaken: Option<OvertakenView>,
}

impl TablePage {
    /// The page for `table`, its form holding `values` (a fresh form when `None`).
    fn of(lang: Lang, table: &CaptainTable, values: Option<DealForm>) -> TablePage {
        let sheet = &table.sheet;
        let choices = table.choices.as_ref();
        let form = choices.filter(|_| !sheet.round_closed).map(|choices| {
            let values =
                values.unwrap_or_else(|| DealForm::empty(Some(choices.number), fresh_key()));
            view::form_view(lang, table, choices, values, None, None)
        });
        TablePage {
            table_id: sheet.table_id,
            tournament: table.tournament.clone(),
            round: sheet.round,
            table_number: sheet.table_number,
            players: sheet
                .players
                .iter()
                .map(|p| PlayerLine {
                    player: Named::from(p),
                    start_number: p.start_number,
                    total: sheet.totals.get(usize::from(p.seat)).copied().unwrap_or(0),
                })
                .collect(),
            next: sheet.next.as_ref().map(|n| NextLine {
                number: n.number,
                dealer: view::named(sheet, n.dealer),
            }),
            sitting_out: sheet
                .next
                .as_ref()
                .and_then(|n| n.sitting_out)
                .map(|s| view::named(sheet, s)),
            forced: sheet
                .next
                .as_ref()
                .and_then(|n| n.forced_soloist)
                .map(|s| view::named(sheet, s)),
            owed: sheet
                .pflichtsolo_owed
                .iter()
                .map(|&s| view::named(sheet, s))
                .collect(),
            time_up: sheet.time_up,
            time_up_by: sheet.time_up_by,
            stopped: sheet.stopped.as_ref().map(|s| s.reason.clone()),
            deals_left: table.deals_left,
            deals_played: table.games_played,
            // The number of the round's last deal: the entries so far and those still to
            // come (more than planned when deals were thrown in).
            last_deal: u16::try_from(sheet.deals.len())
                .unwrap_or(u16::MAX)
                .saturating_add(table.deals_left),
            complete: sheet.complete,
            round_closed: sheet.round_closed,
            minutes_left: sheet
                .clock
                .as_ref()
                // Nothing left to time once the time is up, the sheet complete or the
                // round closed.
                .filter(|_| !sheet.time_up && !sheet.complete && !sheet.round_closed)
                .map(|c| c.seconds_left.div_ceil(60)),
            flash: None,
            form,
            deal_preview: None,
            deal_preview_error: None,
            error: None,
            overtaken: None,
        }
    }
}

async fn load(state: &AppState, caller: &Caller, table_id: i64) -> Result<CaptainTable, ApiError> {
    let caller = caller.clone();
    state
        .db
        .run(move |conn| tables::for_captain(conn, table_id, &caller, None))
        .await
}

/// The captain's table.
#[get("/table")]
pub async fn show(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    let (caller, table_id) = match captain(&state, &req) {
        Some(c) => c,
        None => return to_join(None),
    };
    let (lang, _) = Lang::of(&req);
    let table = match load(&state, &caller, table_id).await {
        Ok(table) => table,
        Err(e) => return failed(&state, &req, e),
    };
    let mut answer = if let Some(family) = &table.sheet.family {
        let flash = flash_text(lang, &req, &table.sheet);
        super::family::page(&state, &req, &table, family, flash)
    } else {
        let mut page = TablePage::of(lang, &table, None);
        page.flash = flash_text(lang, &req, &table.sheet);
        respond_status(&state.pages, &req, StatusCode::OK, TEMPLATE, &page)
    };
    clear_flash(&req, &mut answer);
    answer
}

/// `/table/state`: the table's state alone (who plays, the next deal, the banners, the
/// totals), which the page's script asks for every few seconds to follow the deals other
/// phones and the desk enter; tagged, so that an unchanged table answers an empty 304.
#[get("/table/state")]
pub async fn state_fragment(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    let Some((caller, table_id)) = captain(&state, &req) else {
        return to_join(None);
    };
    let (lang, _) = Lang::of(&req);
    match load(&state, &caller, table_id).await {
        Ok(table) => match &table.sheet.family {
            Some(family) => super::family::state_fragment(&state, &req, &table, family),
            None => respond_tagged(
                &state.pages,
                &req,
                STATE,
                &TablePage::of(lang, &table, None),
            ),
        },
        Err(e) => failed(&state, &req, e),
    }
}

/// What a saved entry answers the script: its number, the deal and the totals after it.
#[derive(Debug, Serialize)]
struct Saved {
    number: u16,
    deal: DealView,
    totals: Vec<i32>,
    complete: bool,
}

impl From<DealResponse> for Saved {
    fn from(r: DealResponse) -> Saved {
        Saved {
            number: r.deal.number(),
            deal: r.deal,
            totals: r.sheet.totals,
            complete: r.sheet.complete,
        }
    }
}

/// Previews (`action=preview`) or saves the entry form's deal.
#[post("/table/deals")]
pub async fn enter(state: web::Data<AppState>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let (lang, _) = Lang::of(&req);
    let json = wants_json(&req);
    let (caller, table_id) = match captain(&state, &req) {
        Some(c) => c,
        None if json => return problem_json(lang, &ApiError::Unauthenticated),
        None => return to_join(None),
    };
    if !same_origin(&req) {
        return problem_json(lang, &ApiError::Forbidden);
    }
    let pairs = match form_pairs(&body) {
        Ok(pairs) => pairs,
        Err(e) => return problem_json(lang, &e),
    };
    if FamilyForm::is_family(&pairs) {
        let form = FamilyForm::from_pairs(&pairs);
        return enter_family(&state, &req, lang, caller, table_id, form).await;
    }
    let form = DealForm::from_pairs(&pairs);
    if form.is_preview() {
        return preview_answer(&state, &req, lang, caller, table_id, form).await;
    }
    if form.is_compare() {
        return compare_answer(&state, &req, lang, &caller, table_id, form).await;
    }
    let saved = save(&state, &req, caller.clone(), table_id, &form).await;
    match saved {
        Ok(seen) => saved_answer(seen, json),
        Err(e) if json => problem_json(lang, &e),
        Err(e) => refused(&state, &req, lang, &caller, table_id, form, &e).await,
    }
}

/// What a saved entry answers: the script its stored JSON, a plain form post the table
/// again, with the saved deal's number for the flash.
fn saved_answer(seen: idempotency::Seen, json: bool) -> HttpResponse {
    if json {
        return HttpResponse::build(
            StatusCode::from_u16(seen.status).unwrap_or(StatusCode::CREATED),
        )
        .content_type("application/json")
        .body(seen.body);
    }
    let number = serde_json::from_str::<serde_json::Value>(&seen.body)
        .ok()
        .and_then(|v| v["number"].as_u64())
        .unwrap_or_default();
    see_other_with("/table", &format!("saved-{number}"))
}

/// `POST /table/deals` with a family game's form: previewed or saved as a Doppelkopf
/// entry is, through the same services and keys.
async fn enter_family(
    state: &AppState,
    req: &HttpRequest,
    lang: Lang,
    caller: Caller,
    table_id: i64,
    form: FamilyForm,
) -> HttpResponse {
    let json = wants_json(req);
    let table = match load(state, &caller, table_id).await {
        Ok(table) => table,
        Err(e) if json => return problem_json(lang, &e),
        Err(e) => return failed(state, req, e),
    };
    if form.is_preview() {
        let fragment = wants_fragment(req);
        return super::family::preview_answer(state, req, lang, caller, &table, form, fragment)
            .await;
    }
    let keyed = form
        .to_body(usize::from(table.sheet.table_size))
        .and_then(|entry| {
            Ok((
                family_key(req, &caller, &form.idempotency_key, &entry)?,
                entry,
            ))
        });
    let saved = match keyed {
        Ok((key, entry)) => {
            deals::enter(state, key, table_id, caller.clone(), entry, Saved::from).await
        }
        Err(e) => Err(e),
    };
    match saved {
        Ok(seen) => saved_answer(seen, json),
        Err(e) if json => problem_json(lang, &e),
        Err(e) => {
            if let Some(out) = shut_out(&e) {
                return out;
            }
            // The page as it stands now, with the form as the captain left it.
            match load(state, &caller, table_id).await {
                Ok(table) => super::family::refused(state, req, lang, &table, form, &e),
                Err(e) => failed(state, req, e),
            }
        }
    }
}

/// The key a family form is saved under, as [`entry_key`] makes it.
fn family_key(
    req: &HttpRequest,
    caller: &Caller,
    form_key: &str,
    entry: &DealBody,
) -> Result<Option<idempotency::Key>, ApiError> {
    let form = DealForm {
        idempotency_key: form_key.to_owned(),
        ..DealForm::default()
    };
    entry_key(req, caller, ENTER, &form, entry)
}

async fn save(
    state: &AppState,
    req: &HttpRequest,
    caller: Caller,
    table_id: i64,
    form: &DealForm,
) -> Result<idempotency::Seen, ApiError> {
    let entry = super::deal_body(state, &caller, table_id, form).await?;
    let key = entry_key(req, &caller, ENTER, form, &entry)?;
    deals::enter(state, key, table_id, caller, entry, Saved::from).await
}

/// The table page again after a refused entry: the form as the captain left it (its key
/// too: nothing was stored under it), the reason by the problem's code, the API's status.
async fn refused(
    state: &AppState,
    req: &HttpRequest,
    lang: Lang,
    caller: &Caller,
    table_id: i64,
    form: DealForm,
    e: &ApiError,
) -> HttpResponse {
    if let Some(out) = shut_out(e) {
        return out;
    }
    let table = match load(state, caller, table_id).await {
        Ok(table) => table,
        Err(e) => return failed(state, req, e),
    };
    let refusal = view::refusal(lang, e);
    // Overtaken: the form moves on to the sheet's next deal, beside the deal stored
    // under its old number, so that saving again keeps it and nothing is refused twice.
    let (form, overtaken) = if is_overtaken(e)
        && let Some(asked) = form.asked_number()
    {
        let next = table.choices.as_ref().map(|c| c.number);
        let form = form.renumbered(next);
        let overtaken = overtaken_view(state, lang, caller, &table, asked, &form, true).await;
        (form, Some(overtaken))
    } else {
        (form, None)
    };
    let mut page = TablePage::of(lang, &table, Some(form));
    if let Some(form) = page.form.as_mut() {
        form.error_field = refusal.field;
    }
    page.error = Some(refusal);
    page.overtaken = overtaken;
    respond_status(&state.pages, req, e.status_code(), TEMPLATE, &page)
}

/// Whether `e` refused an entry because its deal was entered first by another phone.
fn is_overtaken(e: &ApiError) -> bool {
    matches!(
        e,
        ApiError::Conflict {
            code: "deal_number_taken",
            ..
        }
    )
}

/// The entry `form`, made for deal `asked`, beside the deal stored under that number:
/// the entry previewed as the table's next deal.
async fn overtaken_view(
    state: &AppState,
    lang: Lang,
    caller: &Caller,
    table: &CaptainTable,
    asked: u16,
    form: &DealForm,
    plain: bool,
) -> OvertakenView {
    let as_next = form.clone().renumbered(None);
    let previewed = match super::deal_body(state, caller, table.sheet.table_id, &as_next).await {
        Ok(entry) => preview::preview(state, caller.clone(), table.sheet.table_id, entry)
            .await
            .ok(),
        Err(_) => None,
    };
    let mine = previewed
        .as_ref()
        .and_then(|p| view::preview_view(lang, &table.sheet, p));
    OvertakenView::of(lang, &table.sheet, asked, mine.as_ref(), plain)
}

/// The script's outbox asks, for an entry refused as overtaken, to see it beside the
/// stored deal: the comparison alone, as a fragment.
async fn compare_answer(
    state: &AppState,
    req: &HttpRequest,
    lang: Lang,
    caller: &Caller,
    table_id: i64,
    form: DealForm,
) -> HttpResponse {
    let table = match load(state, caller, table_id).await {
        Ok(table) => table,
        Err(e) => return problem_json(lang, &e),
    };
    let Some(asked) = form.asked_number() else {
        return problem_json(
            lang,
            &ApiError::field(
                "invalid_body",
                "number",
                "required",
                "the number the entry was made for",
            ),
        );
    };
    let overtaken = overtaken_view(state, lang, caller, &table, asked, &form, false).await;
    respond_status(
        &state.pages,
        req,
        StatusCode::OK,
        OVERTAKEN,
        &serde_json::json!({ "overtaken": overtaken }),
    )
}

/// The preview alone (for the script) or the table page with it.
async fn preview_answer(
    state: &AppState,
    req: &HttpRequest,
    lang: Lang,
    caller: Caller,
    table_id: i64,
    form: DealForm,
) -> HttpResponse {
    let previewed = match super::deal_body(state, &caller, table_id, &form).await {
        Ok(entry) => preview::preview(state, caller.clone(), table_id, entry).await,
        Err(e) => Err(e),
    };
    if let Err(e) = &previewed
        && let Some(out) = shut_out(e)
    {
        return out;
    }
    let table = match load(state, &caller, table_id).await {
        Ok(table) => table,
        Err(e) => return failed(state, req, e),
    };
    let status = previewed
        .as_ref()
        .map_or_else(ResponseError::status_code, |_| StatusCode::OK);
    let (preview, preview_error) = match &previewed {
        Ok(p) => (view::preview_view(lang, &table.sheet, p), None),
        Err(e) => (None, Some(view::refusal(lang, e))),
    };
    if wants_fragment(req) {
        let fragment = PreviewFragment {
            deal_preview: preview,
            deal_preview_error: preview_error,
        };
        return respond_status(&state.pages, req, status, PREVIEW, &fragment);
    }
    let mut page = TablePage::of(lang, &table, Some(form));
    if let (Some(form), Some(e)) = (page.form.as_mut(), preview_error.as_ref()) {
        form.error_field = e.field;
    }
    page.deal_preview = preview;
    page.deal_preview_error = preview_error;
    respond_status(&state.pages, req, status, TEMPLATE, &page)
}
