//! What the captain's pages answer besides a page, shared by the table, the sheet and
//! signing: the note a write leaves, the key an entry is saved under, and the problem the
//! script's outbox reads.

use actix_web::{HttpRequest, HttpResponse, ResponseError};

use super::flash;
use super::form::DealForm;
use super::view;
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::services::idempotency;
use crate::wire::deal::DealBody;
use crate::wire::sheet::SheetResponse;

/// What a write left to say, about `sheet`'s deal it names.
pub(super) fn flash_text(lang: Lang, req: &HttpRequest, sheet: &SheetResponse) -> Option<String> {
    let (what, n) = flash(req)?;
    let text = lang.text(&format!("captain_flash_{what}"));
    let number = u16::try_from(n).ok();
    let summary = number.and_then(|n| match &sheet.family {
        Some(_) => super::family::deal_summary(lang, sheet, n),
        None => sheet
            .deals
            .iter()
            .find(|d| d.number == n)
            .map(|deal| view::deal_summary(lang, sheet, deal)),
    });
    Some(match (what.as_str(), summary) {
        ("deleted", _) => format!("{text} {n}."),
        ("signed" | "withdrawn", _) => {
            format!("{text} {}.", name_of(sheet, n)?)
        }
        (_, Some(summary)) => format!("{text} {summary}"),
        _ => return None,
    })
}

/// The name of `player_id` at the table of `sheet`, for the note after signing.
fn name_of(sheet: &SheetResponse, player_id: i64) -> Option<String> {
    sheet
        .players
        .iter()
        .find(|p| p.player_id == player_id)
        .map(|p| p.name.clone())
}

/// The key the entry is saved under: the script's header, else the form's field. The
/// digest is of the deal the form means, so a retry matches however its fields are ordered.
pub(super) fn entry_key(
    req: &HttpRequest,
    caller: &Caller,
    path: &str,
    form: &DealForm,
    entry: &DealBody,
) -> Result<Option<idempotency::Key>, ApiError> {
    let header = req
        .headers()
        .get("Idempotency-Key")
        .map(|v| v.to_str().unwrap_or_default().to_owned());
    let (field, key) = match header {
        Some(key) => ("Idempotency-Key", key),
        None if form.idempotency_key.is_empty() => return Ok(None),
        None => ("idempotency_key", form.idempotency_key.clone()),
    };
    let request = serde_json::to_vec(entry).map_err(|e| ApiError::Internal(e.into()))?;
    idempotency::form_key(caller, path, field, &key, &request).map(Some)
}

/// The problem as the script's outbox reads it: the API's problem document with the
/// message in the page's language.
pub(super) fn problem_json(lang: Lang, e: &ApiError) -> HttpResponse {
    let refusal = view::refusal(lang, e);
    let mut problem = serde_json::to_value(e.problem()).unwrap_or_default();
    if let Some(fields) = problem.as_object_mut() {
        fields.insert("message".to_owned(), refusal.message.into());
        // A sheet attached to a conflict is for API clients; the phone needs only the
        // number the sheet takes next (an overtaken entry moves on to it).
        let next = fields
            .remove("current")
            .and_then(|sheet| sheet.pointer("/next/number").cloned());
        if let Some(next) = next {
            fields.insert("next".to_owned(), next);
        }
    }
    HttpResponse::build(e.status_code())
        .content_type(crate::error::PROBLEM_JSON)
        .json(problem)
}
