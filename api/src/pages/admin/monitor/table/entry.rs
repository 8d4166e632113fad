//! Entering deals at the desk, for a table without a working phone: the organiser keys in
//! the paper score sheet deal by deal, with the captain's entry form (the same preview and
//! checks, Enter saves and opens the next deal) or by value and winner as the paper list
//! has them (a paper deal, the organiser's alone). Every deal goes through the service the
//! JSON API uses and is audited as the organiser's, with the reason he gives.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::{Deserialize, Serialize};

use super::super::super::{Desk, Step, answer, render, see_other, signed_in_or_login};
use super::context::{DealPost, load};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pages::captain::form::{DealForm, enum_value, invalid, number, tick};
use crate::pages::captain::{preview, view};
use crate::pages::i18n::Lang;
use crate::services::{codes, deals, idempotency};
use crate::state::AppState;
use crate::wire::deal::{DealBody, PaperDealEntry, PaperMark};
use crate::wire::score::PartyName;
use crate::wire::sheet::DealResponse;

const PAGE: &str = "pages/admin/enter.html";

/// The highest game value a paper deal may carry (the service checks the exact bound).
const MAX_VALUE: u16 = 31;

/// The paper form's fields as posted, as text, so that a refused form shows them again.
#[derive(Debug, Clone, Default, Serialize)]
struct PaperForm {
    contract: String,
    /// The Re seats ticked, 0-based; what cannot be a seat is remembered in
    /// `re_unreadable`.
    re: Vec<u8>,
    #[serde(skip)]
    re_unreadable: bool,
    value: String,
    /// `re` or `kontra`.
    winner: String,
    reason: String,
    number: String,
    idempotency_key: String,
}

impl PaperForm {
    fn empty(number: u16, key: String) -> PaperForm {
        PaperForm {
            contract: "normal".to_owned(),
            number: number.to_string(),
            idempotency_key: key,
            ..PaperForm::default()
        }
    }

    fn from_pairs(pairs: &[(String, String)]) -> PaperForm {
        let mut form = PaperForm::default();
        for (name, value) in pairs {
            let value = value.trim().to_owned();
            match name.as_str() {
                "contract" => form.contract = value,
                "re" => form.re_unreadable |= !tick(&mut form.re, &value),
                "value" => form.value = value,
                "winner" => form.winner = value,
                "reason" => form.reason = value,
                "number" => form.number = value,
                "idempotency_key" => form.idempotency_key = value,
                _ => {}
            }
        }
        form.re.sort_unstable();
        form
    }

    /// The API's paper deal body: a translation; the service judges it.
    fn to_body(&self) -> Result<DealBody, ApiError> {
        if self.re_unreadable {
            return Err(invalid("re", "invalid_value", "not a seat"));
        }
        let contract = enum_value("contract", &self.contract)?
            .ok_or_else(|| invalid("contract", "required", "required"))?;
        let value = number("value", &self.value, MAX_VALUE)?;
        let winner: Option<PartyName> = enum_value("winner", &self.winner)?;
        let number = if self.number.is_empty() {
            None
        } else {
            Some(crate::pages::whole_number("number", &self.number)?)
        };
        Ok(DealBody::Paper(PaperDealEntry {
            entry: PaperMark::Paper,
            number,
            reason: Some(self.reason.clone()).filter(|r| !r.is_empty()),
            contract,
            re: self.re.clone(),
            value,
            winner,
        }))
    }
}

/// Which of the two forms a refusal or a preview belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
enum Mode {
    Facts,
    Paper,
}

/// The page: the next deal's form both ways, the sheet's progress and totals.
#[derive(Debug, Serialize)]
struct EntryPage {
    table_id: i64,
    round: i32,
    table_number: i32,
    players: Vec<view::Named>,
    totals: Vec<i32>,
    entered: usize,
    planned: u16,
    /// The deal just saved, for the note above the next one.
    saved: Option<u16>,
    /// A family game's table: entered on the phone, not here.
    family: bool,
    /// The captain's form for the next deal; `None` when the sheet takes none.
    form: Option<view::FormView>,
    paper: PaperForm,
    /// The paper form's field a refusal names (`value`, `re`, `winner`, `contract`).
    paper_field: Option<String>,
    mode: Mode,
    reason: String,
    error: Option<view::Refusal>,
    deal_preview: Option<view::PreviewView>,
    deal_preview_error: Option<view::Refusal>,
}

/// What a refused or previewed post leaves on the page.
#[derive(Default)]
struct Posted {
    facts: Option<(DealForm, String)>,
    paper: Option<PaperForm>,
    error: Option<ApiError>,
    preview: Option<Result<crate::wire::deal_preview::DealPreviewResponse, ApiError>>,
}

async fn entry_page(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    table_id: i64,
    saved: Option<u16>,
    posted: Posted,
) -> Step<HttpResponse> {
    let (lang, _) = Lang::of(req);
    let (nav, desk_table) = load(state, req, desk, table_id, None).await?;
    let table = &desk_table.table;
    let sheet = &table.sheet;
    let mode = if posted.paper.is_some() {
        Mode::Paper
    } else {
        Mode::Facts
    };
    let error = posted.error.as_ref().map(|e| view::refusal(lang, e));
    let (deal_preview, deal_preview_error) = match &posted.preview {
        Some(Ok(p)) => (view::preview_view(lang, sheet, p), None),
        Some(Err(e)) => (None, Some(view::refusal(lang, e))),
        None => (None, None),
    };
    let key = || codes::new_secret().unwrap_or_default();
    let (values, reason) = posted.facts.unwrap_or_default();
    let form = table.choices.as_ref().map(|choices| {
        // A refused form keeps its key (nothing was stored under it); a saved or fresh one
        // gets a new one, for the next deal.
        let mut values = if values.idempotency_key.is_empty() {
            DealForm::empty(Some(choices.number), key())
        } else {
            values.clone()
        };
        values.number = choices.number.to_string();
        let field = match mode {
            Mode::Facts => error
                .as_ref()
                .or(deal_preview_error.as_ref())
                .and_then(|r| r.field),
            Mode::Paper => None,
        };
        let mut form = view::form_view(lang, table, choices, values, None, field);
        form.action = format!("/admin/tables/{table_id}/deals");
        form.save_first = true;
        form
    });
    let next = table.choices.as_ref().map_or(0, |c| c.number);
    let mut paper = posted
        .paper
        .unwrap_or_else(|| PaperForm::empty(next, key()));
    paper.number = next.to_string();
    let model = EntryPage {
        table_id,
        round: sheet.round,
        table_number: sheet.table_number,
        players: sheet.players.iter().map(view::Named::from).collect(),
        totals: sheet.totals.clone(),
        entered: sheet.deals.len(),
        planned: sheet.planned_deals,
        saved,
        family: sheet.family.is_some(),
        form,
        paper,
        paper_field: match (mode, &posted.error) {
            (Mode::Paper, Some(e)) => e.problem().errors.first().map(|f| f.field.clone()),
            _ => None,
        },
        mode,
        reason,
        error,
        deal_preview,
        deal_preview_error,
    };
    let status = posted
        .error
        .as_ref()
        .map_or(StatusCode::OK, |e| e.status_code());
    Ok(render(state, req, desk, Some(&nav), status, PAGE, &model))
}

#[derive(Debug, Deserialize)]
struct EntryQuery {
    saved: Option<u16>,
}

/// The form for the table's next deal.
#[get("/admin/tables/{table_id}/deals/new")]
pub async fn entry_form(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    query: web::Query<EntryQuery>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let posted = Posted::default();
            entry_page(&state, &req, &desk, *table_id, query.saved, posted).await
        }
        .await,
    )
}

/// Previews or saves the posted deal (`entry=paper`: by value and winner); saved, the
/// form for the deal after it.
#[post("/admin/tables/{table_id}/deals")]
pub async fn enter_deal(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    body: web::Bytes,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let table_id = *table_id;
            let post = DealPost::guarded(&req, &desk, &body)?;
            let (pairs, field) = (&post.pairs, |name: &str| post.field(name));
            let caller = desk.caller();
            let mut posted = Posted::default();
            let (entry, key) = if field("entry").as_deref() == Some("paper") {
                let form = PaperForm::from_pairs(pairs);
                let entry = form.to_body();
                let key = form.idempotency_key.clone();
                posted.paper = Some(form);
                (entry, key)
            } else {
                let form = DealForm::from_pairs(pairs);
                let reason = field("reason").unwrap_or_default().trim().to_owned();
                let entry = crate::pages::captain::deal_body(&state, &caller, table_id, &form)
                    .await
                    .map(|entry| entry.with_reason(&reason));
                let key = form.idempotency_key.clone();
                let previewing = form.is_preview();
                posted.facts = Some((form, reason));
                if previewing {
                    posted.preview = Some(match entry {
                        Ok(entry) => preview::preview(&state, caller, table_id, entry).await,
                        Err(e) => Err(e),
                    });
                    return entry_page(&state, &req, &desk, table_id, None, posted).await;
                }
                (entry, key)
            };
            let saved = match entry {
                Ok(entry) => save(&state, &caller, table_id, &key, entry).await,
                Err(e) => Err(e),
            };
            match saved {
                Ok(number) => Ok(see_other(&format!(
                    "/admin/tables/{table_id}/deals/new?saved={number}"
                ))),
                Err(e) => {
                    posted.error = Some(e);
                    entry_page(&state, &req, &desk, table_id, None, posted).await
                }
            }
        }
        .await,
    )
}

/// Enters `entry` under the form's key (a form posted twice enters once) and answers the
/// stored deal's number.
async fn save(
    state: &AppState,
    caller: &Caller,
    table_id: i64,
    form_key: &str,
    entry: DealBody,
) -> Result<u16, ApiError> {
    let path = format!("/admin/tables/{table_id}/deals");
    let key = if form_key.is_empty() {
        None
    } else {
        let request = serde_json::to_vec(&entry).map_err(|e| ApiError::Internal(e.into()))?;
        Some(idempotency::form_key(
            caller,
            &path,
            "idempotency_key",
            form_key,
            &request,
        )?)
    };
    let seen = deals::enter(state, key, table_id, caller.clone(), entry, Number::from).await?;
    let stored: Number =
        serde_json::from_str(&seen.body).map_err(|e| ApiError::Internal(e.into()))?;
    Ok(stored.number)
}

/// What the page keeps of a stored deal: its number.
#[derive(Debug, Serialize, Deserialize)]
struct Number {
    number: u16,
}

impl From<DealResponse> for Number {
    fn from(r: DealResponse) -> Number {
        Number {
            number: r.deal.number(),
        }
    }
}
