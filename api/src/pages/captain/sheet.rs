//! `/table/sheet`: the table's sheet on the phone (every deal with its dealer, kind,
//! contract, Re party and scores; the totals), and the mending of its last deal: the
//! correction form (`/table/deals/{n}`, saved with the deal's version as `If-Match`) and
//! the deletion (`/table/deals/{n}/delete`), each saying what it changes before it does.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::Serialize;

use super::form::{self, DealForm};
use super::reply::{entry_key, flash_text, problem_json};
use super::view::{self, FormView, Named, PreviewFragment, PreviewView, Refusal};
use super::{
    captain, clear_flash, failed, form_pairs, fresh_key, see_other_with, shut_out, to_join,
    wants_fragment,
};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::pages::session::same_origin;
use crate::pages::{PageError, respond, respond_status};
use crate::services::tables::{self, CaptainTable};
use crate::services::{deals, idempotency, write};
use crate::state::AppState;
use crate::wire::deal::DealBody;
use crate::wire::sheet::FamilyDealView;
use crate::wire::sheet::{PenaltyView, SheetDealView, SheetResponse};

const SHEET: &str = "pages/captain/sheet.html";
const CORRECTION: &str = "pages/captain/correct.html";
const PREVIEW: &str = "pages/captain/_preview.html";

/// One seat's cell of a deal's row.
#[derive(Debug, Serialize)]
struct Cell {
    seat: u8,
    score: i32,
    /// The seat sat this deal out (5-table).
    out: bool,
}

/// A row of the sheet.
#[derive(Debug, Serialize)]
struct DealLine {
    number: u16,
    dealer: Named,
    /// `normal`, `pflichtsolo`, `lustsolo`, `vorgefuehrt` or `thrown_in`.
    kind_code: &'static str,
    kind: String,
    contract: String,
    re: String,
    cells: Vec<Cell>,
    /// The penalties on the deal as the table reads them: what, whom, why.
    penalties: Vec<String>,
    paper: bool,
    /// A family game's deal: `dealer` is the player who started it (Doppeldoppel names no
    /// dealer) when `starter` is set.
    starter: bool,
    /// The correction form can take it: a deal with its full facts while the round is
    /// open (a paper deal or one thrown in is deleted and entered again instead).
    correctable: bool,
}

/// The last deal, with what mending it needs.
#[derive(Debug, Serialize)]
struct LastDeal {
    number: u16,
    version: i32,
    summary: String,
    /// The deletion form's key.
    key: String,
    /// Whether the correction form can take it (full facts; a paper deal or a deal
    /// thrown in is deleted instead).
    correctable: bool,
}

#[derive(Debug, Serialize)]
struct SheetPage {
    tournament: String,
    round: i32,
    table_number: i32,
    players: Vec<Named>,
    deals: Vec<DealLine>,
    totals: Vec<Cell>,
    /// Doublehead Kids: each seat's Silver Coins, under the Golden Coins of `totals`.
    silver: Option<Vec<Cell>>,
    complete: bool,
    round_closed: bool,
    time_up: bool,
    deals_left: u16,
    last: Option<LastDeal>,
    /// The players' signatures, once the sheet is complete.
    signing: Option<Signing>,
    flash: Option<String>,
    error: Option<Refusal>,
}

/// A player's line under the sheet.
#[derive(Debug, Serialize)]
struct SignLine {
    player: Named,
    signed: bool,
}

/// The signatures under a complete sheet.
#[derive(Debug, Serialize)]
struct Signing {
    players: Vec<SignLine>,
    /// Everybody at the table has signed.
    all: bool,
}

/// The signing section of `sheet`, once it is complete.
fn signing_of(sheet: &SheetResponse) -> Option<Signing> {
    sheet.complete.then(|| Signing {
        players: sheet
            .players
            .iter()
            .map(|p| SignLine {
                player: Named::from(p),
                signed: sheet.signatures.iter().any(|s| s.player_id == p.player_id),
            })
            .collect(),
        all: sheet.signed_by_all,
    })
}

fn line(lang: Lang, sheet: &SheetResponse, deal: &SheetDealView) -> DealLine {
    DealLine {
        number: deal.number,
        dealer: view::named(sheet, deal.dealer),
        kind_code: deal.kind,
        kind: lang.text_or(&format!("captain_kind_{}", deal.kind), deal.kind),
        contract: lang.text(&format!(
            "captain_contract_{}",
            form::wire_name(&deal.contract)
        )),
        // Positions, as the players' legend above the sheet lists them: narrow enough
        // for a phone held upright.
        re: deal
            .re
            .iter()
            .map(|&s| s.saturating_add(1).to_string())
            .collect::<Vec<_>>()
            .join(" & "),
        cells: (0..sheet.table_size)
            .map(|seat| Cell {
                seat,
                score: deal.scores.get(usize::from(seat)).copied().unwrap_or(0),
                out: deal.sitting_out == Some(seat),
            })
            .collect(),
        penalties: deal
            .penalties
            .iter()
            .map(|p| penalty_line(lang, sheet, p))
            .collect(),
        paper: deal.entry.is_paper(),
        starter: false,
        correctable: deal.has_facts() && !sheet.round_closed,
    }
}

/// A penalty as the table reads it under its deal: the ruling (with a deduction's points,
/// which show in nobody else's entry), the offender's position and name, the offence.
fn penalty_line(lang: Lang, sheet: &SheetResponse, p: &PenaltyView) -> String {
    let what = lang.text(crate::pages::sheet::severity_key(&p.severity, p.deduction));
    let points = if p.deduction > 0 {
        format!(" (−{})", p.deduction)
    } else {
        String::new()
    };
    let who = view::named(sheet, p.offender);
    let why = p
        .offence
        .as_deref()
        .map(|o| format!(" – {o}"))
        .unwrap_or_default();
    format!("{what}{points}: {} {}{why}", who.position, who.name)
}

/// A family game's deal as a row: what each seat won, who dealt (or started).
fn family_line(lang: Lang, sheet: &SheetResponse, game: &str, deal: &FamilyDealView) -> DealLine {
    DealLine {
        number: deal.number,
        dealer: view::named(sheet, deal.dealer.unwrap_or(deal.starter)),
        kind_code: "normal",
        kind: String::new(),
        contract: lang.text(&format!("rules_{game}")),
        re: String::new(),
        cells: (0..sheet.table_size)
            .map(|seat| Cell {
                seat,
                score: deal
                    .points
                    .get(usize::from(seat))
                    .map_or(0, |&p| i32::try_from(p).unwrap_or(i32::MAX)),
                out: false,
            })
            .collect(),
        penalties: Vec::new(),
        paper: false,
        starter: deal.dealer.is_none(),
        // Mended by deleting the last deal and entering it again.
        correctable: false,
    }
}

impl SheetPage {
    fn of(lang: Lang, table: &CaptainTable) -> SheetPage {
        let sheet = &table.sheet;
        SheetPage {
            tournament: table.tournament.clone(),
            round: sheet.round,
            table_number: sheet.table_number,
            players: sheet.players.iter().map(Named::from).collect(),
            deals: match &sheet.family {
                Some(family) => family
                    .deals
                    .iter()
                    .map(|d| family_line(lang, sheet, family.game, d))
                    .collect(),
                None => sheet.deals.iter().map(|d| line(lang, sheet, d)).collect(),
            },
            silver: sheet
                .family
                .as_ref()
                .filter(|f| f.golden_coins.is_some())
                .map(|f| {
                    (0..sheet.table_size)
                        .map(|seat| Cell {
                            seat,
                            score: f
                                .totals
                                .get(usize::from(seat))
                                .map_or(0, |k| i32::try_from(k.secondary).unwrap_or(i32::MAX)),
                            out: false,
                        })
                        .collect()
                }),
            totals: (0..sheet.table_size)
                .map(|seat| Cell {
                    seat,
                    score: sheet.totals.get(usize::from(seat)).copied().unwrap_or(0),
                    out: false,
                })
                .collect(),
            complete: sheet.complete,
            round_closed: sheet.round_closed,
            time_up: sheet.time_up,
            deals_left: table.deals_left,
            last: match &sheet.family {
                // A family deal is mended by deleting it and entering it again.
                Some(family) => family.deals.last().map(|d| LastDeal {
                    number: d.number,
                    version: d.version,
                    summary: super::family::deal_summary(lang, sheet, d.number).unwrap_or_default(),
                    key: fresh_key(),
                    correctable: false,
                }),
                None => sheet.deals.last().map(|d| LastDeal {
                    number: d.number,
                    version: d.version,
                    summary: view::deal_summary(lang, sheet, d),
                    key: fresh_key(),
                    correctable: d.has_facts(),
                }),
            }
            .filter(|_| !sheet.round_closed),
            signing: signing_of(sheet),
            flash: None,
            error: None,
        }
    }
}

async fn load(
    state: &AppState,
    caller: &Caller,
    table_id: i64,
    number: Option<u16>,
) -> Result<CaptainTable, ApiError> {
    let caller = caller.clone();
    state
        .db
        .run(move |conn| tables::for_captain(conn, table_id, &caller, number))
        .await
}

/// The sheet, with `error` when a mending was refused.
pub(super) async fn sheet_page(
    state: &AppState,
    req: &HttpRequest,
    caller: &Caller,
    table_id: i64,
    error: Option<&ApiError>,
) -> HttpResponse {
    let (lang, _) = Lang::of(req);
    let table = match load(state, caller, table_id, None).await {
        Ok(table) => table,
        Err(e) => return failed(state, req, e),
    };
    let mut page = SheetPage::of(lang, &table);
    page.flash = flash_text(lang, req, &table.sheet);
    page.error = error.map(|e| view::refusal(lang, e));
    let status = error.map_or(StatusCode::OK, ResponseError::status_code);
    let mut answer = respond_status(&state.pages, req, status, SHEET, &page);
    clear_flash(req, &mut answer);
    answer
}

/// The table's sheet.
#[get("/table/sheet")]
pub async fn show(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    match captain(&state, &req) {
        Some((caller, table_id)) => sheet_page(&state, &req, &caller, table_id, None).await,
        None => to_join(None),
    }
}

/// The correction page: the deal's form, pre-filled, and what saving it changes.
#[derive(Debug, Serialize)]
struct CorrectionPage {
    tournament: String,
    round: i32,
    table_number: i32,
    number: u16,
    summary: String,
    form: FormView,
    error: Option<Refusal>,
    /// The correction's preview, as the entry form's.
    deal_preview: Option<PreviewView>,
    deal_preview_error: Option<Refusal>,
}

/// What the correction page shows besides the deal: the form as posted (the stored deal
/// when `None`), why saving it was refused, and its preview.
#[derive(Default)]
struct Shown<'a> {
    values: Option<DealForm>,
    error: Option<&'a ApiError>,
    preview: Option<PreviewFragment<PreviewView>>,
    /// The preview's status (a refused preview is the refusal's 4xx).
    status: Option<StatusCode>,
}

/// The correction page for deal `number`, showing `shown`.
async fn correction_page(
    state: &AppState,
    req: &HttpRequest,
    caller: &Caller,
    table_id: i64,
    number: u16,
    shown: Shown<'_>,
) -> HttpResponse {
    let Shown {
        values,
        error,
        preview,
        status,
    } = shown;
    let (lang, _) = Lang::of(req);
    let table = match load(state, caller, table_id, Some(number)).await {
        Ok(table) => table,
        Err(e) => return failed(state, req, e),
    };
    let sheet = &table.sheet;
    let deal = sheet.deals.iter().find(|d| d.number == number);
    let (Some(deal), Some(choices)) = (deal, table.choices.as_ref()) else {
        return respond::<()>(
            &state.pages,
            req,
            CORRECTION,
            Err(PageError::NotFound),
            None,
        );
    };
    let DealBody::Full(entry) = &deal.entry else {
        // Paper deals are the organiser's, and a deal thrown in has no facts to correct
        // (the last deal is deleted instead): the sheet says so and offers no form.
        return sheet_page(state, req, caller, table_id, Some(&ApiError::Forbidden)).await;
    };
    let values = values.unwrap_or_else(|| {
        let mut entry = entry.clone();
        entry.number = Some(number);
        let mut form = DealForm::from_entry(&entry, fresh_key());
        form.version = deal.version.to_string();
        form
    });
    let refusal = error.map(|e| view::refusal(lang, e));
    let preview_field = preview
        .as_ref()
        .and_then(|p| p.deal_preview_error.as_ref())
        .and_then(|e| e.field);
    let mut form = view::form_view(
        lang,
        &table,
        choices,
        values,
        Some(number),
        refusal.as_ref().and_then(|r| r.field).or(preview_field),
    );
    // The captain sees his correction before he saves it, as he sees an entry.
    form.previewable = true;
    let (deal_preview, deal_preview_error) =
        preview.map_or((None, None), |p| (p.deal_preview, p.deal_preview_error));
    let page = CorrectionPage {
        tournament: table.tournament.clone(),
        round: sheet.round,
        table_number: sheet.table_number,
        number,
        summary: view::deal_summary(lang, sheet, deal),
        form,
        error: refusal,
        deal_preview,
        deal_preview_error,
    };
    let status = status.unwrap_or_else(|| error.map_or(StatusCode::OK, ResponseError::status_code));
    respond_status(&state.pages, req, status, CORRECTION, &page)
}

/// The form to correct deal `number`.
#[get("/table/deals/{number}")]
pub async fn correction(
    state: web::Data<AppState>,
    req: HttpRequest,
    number: web::Path<u16>,
) -> HttpResponse {
    match captain(&state, &req) {
        Some((caller, table_id)) => {
            correction_page(
                &state,
                &req,
                &caller,
                table_id,
                number.into_inner(),
                Shown::default(),
            )
            .await
        }
        None => to_join(None),
    }
}

/// Saves a correction of deal `number` if it still has the form's `version`.
#[post("/table/deals/{number}")]
pub async fn correct(
    state: web::Data<AppState>,
    req: HttpRequest,
    number: web::Path<u16>,
    body: web::Bytes,
) -> HttpResponse {
    let (lang, _) = Lang::of(&req);
    let (caller, table_id) = match captain(&state, &req) {
        Some(c) => c,
        None => return to_join(None),
    };
    if !same_origin(&req) {
        return problem_json(lang, &ApiError::Forbidden);
    }
    let number = number.into_inner();
    let form = match form_pairs(&body) {
        Ok(pairs) => DealForm::from_pairs(&pairs),
        Err(e) => return problem_json(lang, &e),
    };
    if form.is_preview() {
        return correction_preview(&state, &req, lang, &caller, table_id, number, form).await;
    }
    let path = format!("/table/deals/{number}");
    let saved = async {
        let entry = super::deal_body(&state, &caller, table_id, &form).await?;
        deals::check_correction_number(&entry, number)?;
        if form.version.is_empty() {
            return Err(ApiError::PreconditionRequired);
        }
        let key = entry_key(&req, &caller, &path, &form, &entry)?;
        let (acting, version) = (caller.clone(), form.version.clone());
        write::keyed(&state, key, 200, move |conn| {
            deals::update(conn, table_id, number, &version, &acting, &entry)
                .map(|r| r.deal.number())
        })
        .await
    }
    .await;
    match saved {
        Ok(_) => see_other_with("/table/sheet", &format!("corrected-{number}")),
        Err(e) => match shut_out(&e) {
            Some(out) => out,
            None => {
                correction_page(
                    &state,
                    &req,
                    &caller,
                    table_id,
                    number,
                    Shown {
                        values: Some(form),
                        error: Some(&e),
                        ..Shown::default()
                    },
                )
                .await
            }
        },
    }
}

/// The preview of a correction: alone for the script, else the correction page with it.
async fn correction_preview(
    state: &AppState,
    req: &HttpRequest,
    lang: Lang,
    caller: &Caller,
    table_id: i64,
    number: u16,
    form: DealForm,
) -> HttpResponse {
    let previewed = match super::deal_body(state, caller, table_id, &form).await {
        Ok(entry) => {
            let acting = caller.clone();
            state
                .db
                .run(move |conn| deals::preview_correction(conn, table_id, number, &acting, &entry))
                .await
        }
        Err(e) => Err(e),
    };
    if let Err(e) = &previewed
        && let Some(out) = shut_out(e)
    {
        return out;
    }
    let table = match load(state, caller, table_id, Some(number)).await {
        Ok(table) => table,
        Err(e) => return failed(state, req, e),
    };
    let status = previewed
        .as_ref()
        .map_or_else(ResponseError::status_code, |_| StatusCode::OK);
    let fragment = match &previewed {
        Ok(p) => PreviewFragment {
            deal_preview: view::preview_view(lang, &table.sheet, p),
            deal_preview_error: None,
        },
        Err(e) => PreviewFragment {
            deal_preview: None,
            deal_preview_error: Some(view::refusal(lang, e)),
        },
    };
    if wants_fragment(req) {
        return respond_status(&state.pages, req, status, PREVIEW, &fragment);
    }
    correction_page(
        state,
        req,
        caller,
        table_id,
        number,
        Shown {
            values: Some(form),
            error: None,
            preview: Some(fragment),
            status: Some(status),
        },
    )
    .await
}

/// The deletion form's fields.
#[derive(Debug, serde::Deserialize)]
struct DeleteForm {
    version: String,
    #[serde(default)]
    idempotency_key: String,
}

/// Deletes deal `number` if it still has the form's `version`.
#[post("/table/deals/{number}/delete")]
pub async fn delete(
    state: web::Data<AppState>,
    req: HttpRequest,
    number: web::Path<u16>,
    body: web::Bytes,
) -> HttpResponse {
    let (lang, _) = Lang::of(&req);
    let (caller, table_id) = match captain(&state, &req) {
        Some(c) => c,
        None => return to_join(None),
    };
    if !same_origin(&req) {
        return problem_json(lang, &ApiError::Forbidden);
    }
    let number = number.into_inner();
    let deleted = async {
        let form: DeleteForm = serde_urlencoded::from_bytes(&body)
            .map_err(|e| ApiError::MalformedBody(format!("not a form: {e}")))?;
        let path = format!("/table/deals/{number}/delete");
        let key = if form.idempotency_key.is_empty() {
            None
        } else {
            let request = format!("{number} {}", form.version);
            Some(idempotency::form_key(
                &caller,
                &path,
                "idempotency_key",
                &form.idempotency_key,
                request.as_bytes(),
            )?)
        };
        let acting = caller.clone();
        write::keyed(&state, key, 200, move |conn| {
            deals::delete(conn, table_id, number, &form.version, &acting, None).map(|_| number)
        })
        .await
    }
    .await;
    match deleted {
        Ok(_) => see_other_with("/table/sheet", &format!("deleted-{number}")),
        Err(e) => match shut_out(&e) {
            Some(out) => out,
            None => sheet_page(&state, &req, &caller, table_id, Some(&e)).await,
        },
    }
}
