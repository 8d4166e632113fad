//! Correcting a deal at the desk: the captain's entry form, pre-filled with the stored
//! deal and saved with its version (`If-Match`), closed rounds too.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::Serialize;

use super::super::super::{Desk, Step, answer, failed, render, see_other, signed_in_or_login};
use super::context::{DealPost, load};
use crate::error::ApiError;
use crate::pages::captain::form::DealForm;
use crate::pages::captain::view;
use crate::pages::i18n::Lang;
use crate::services::{codes, deals, idempotency, write};
use crate::state::AppState;
use crate::wire::deal::DealBody;

const CORRECTION: &str = "pages/admin/correct.html";

/// The correction page: the captain's entry form for deal `number`, pre-filled.
#[derive(Debug, Serialize)]
struct CorrectionPage {
    table_id: i64,
    round: i32,
    table_number: i32,
    number: u16,
    /// Its round is closed: a correction moves standings that may be posted already.
    round_closed: bool,
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
        // A paper deal or a deal thrown in is deleted and entered again; the form asks for
        // the full facts.
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
        round_closed: sheet.round_closed,
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
            let post = DealPost::guarded(&req, &desk, &body)?;
            let reason = post.field("reason").unwrap_or_default();
            let form = DealForm::from_pairs(&post.pairs);
            let caller = desk.caller();
            let path = format!("/admin/tables/{table_id}/deals/{number}");
            let saved = async {
                let entry = crate::pages::captain::deal_body(&state, &caller, table_id, &form)
                    .await?
                    .with_reason(&reason);
                deals::check_correction_number(&entry, number)?;
                if form.version.is_empty() {
                    return Err(ApiError::PreconditionRequired);
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
