//! Importing a results document at the desk: the file (`multipart/form-data`) goes
//! through the API's import (`POST /api/v1/results`), all or nothing. The tournament
//! arrives unpublished, its name marked as a copy, and the desk opens it; a refused
//! document shows the start page again with what is wrong, field by field, and nothing
//! stored. The form carries a fresh key: a double click imports once.

use actix_multipart::Multipart;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, post, web};

use super::tournaments::with_import_refused;
use super::upload::{self, Unread};
use super::{answer, desk, failed, see_other, to_sign_in};
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::services::{idempotency, results};
use crate::state::AppState;

/// The largest document the desk takes: the API's limit for one.
const FILE_LIMIT: usize = crate::extract::DOCUMENT_LIMIT;
/// The largest small field (the form token, the key).
const FIELD_LIMIT: usize = 1024;
/// More parts than the form has is not our form.
const MAX_PARTS: usize = 8;
/// The most faults the page lists; the rest are counted.
const SHOWN_FAULTS: usize = 20;

/// What the form sent.
#[derive(Debug, Default)]
struct Upload {
    csrf: Option<String>,
    file: Vec<u8>,
    idempotency_key: String,
}

/// Reads the form's parts, each within its limit ([`upload::parts`]).
async fn read(form: Multipart) -> Result<Upload, Unread> {
    let limit = |name: &str| {
        if name == "file" {
            FILE_LIMIT
        } else {
            FIELD_LIMIT
        }
    };
    let mut sent = Upload::default();
    for part in upload::parts(form, MAX_PARTS, limit).await? {
        match part.name.as_str() {
            "file" => sent.file = part.bytes,
            "csrf" => sent.csrf = Some(upload::text(part)?),
            "idempotency_key" => sent.idempotency_key = upload::text(part)?,
            _ => {}
        }
    }
    Ok(sent)
}

/// Imports the chosen document and opens the new tournament's desk.
#[post("/admin/results")]
pub async fn import(state: web::Data<AppState>, req: HttpRequest, form: Multipart) -> HttpResponse {
    let Some(desk) = desk(&state, &req) else {
        return to_sign_in(&req);
    };
    let (lang, _) = Lang::of(&req);
    // One import at a time, the API's too, taken before the upload is read: each holds
    // its document and its parsed form in memory (BENCHMARKS.md).
    let _turn = match crate::extract::import_turn().acquire_owned().await {
        Ok(permit) => permit,
        Err(e) => return failed(&state, &req, ApiError::Internal(e.into())),
    };
    let sent = match read(form).await {
        Ok(sent) => sent,
        Err(unread) => {
            let (status, key) = match unread {
                Unread::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "desk_import_too_large"),
                Unread::Malformed => (StatusCode::BAD_REQUEST, "desk_import_unreadable"),
            };
            return with_import_refused(&state, &req, desk, status, vec![lang.text(key)]).await;
        }
    };
    answer(
        async {
            desk.guard(&req, sent.csrf.as_deref())?;
            if sent.file.is_empty() {
                let why = vec![lang.text("desk_import_no_file")];
                let status = StatusCode::UNPROCESSABLE_ENTITY;
                return Ok(with_import_refused(&state, &req, desk, status, why).await);
            }
            let key = idempotency::form_key(
                &desk.caller(),
                "/admin/results",
                "idempotency_key",
                &sent.idempotency_key,
                &sent.file,
            )
            .map_err(|e| failed(&state, &req, e))?;
            let body = web::Bytes::from(sent.file);
            match results::import_keyed(&state, Some(key), desk.organizer, body).await {
                Ok((_, Some(id))) => Ok(see_other(&format!("/admin/tournaments/{id}"))),
                Ok((_, None)) => Err(failed(
                    &state,
                    &req,
                    ApiError::Internal(anyhow::anyhow!("an import answered no tournament")),
                )
                .into()),
                // Not a document, or not a right one: said, and nothing stored.
                Err(e) if e.status_code().is_client_error() && !matches!(e, ApiError::NotFound) => {
                    let why = faults(lang, &e);
                    Ok(with_import_refused(&state, &req, desk, e.status_code(), why).await)
                }
                Err(e) => Err(failed(&state, &req, e).into()),
            }
        }
        .await,
    )
}

/// What is wrong with a refused document, in `lang`: a sentence, then each field the
/// service named with its words (the document's own terms, which the format's
/// documentation explains).
fn faults(lang: Lang, e: &ApiError) -> Vec<String> {
    let problem = e.problem();
    let mut lines = vec![lang.text("desk_import_refused")];
    lines.extend(
        problem
            .errors
            .iter()
            .take(SHOWN_FAULTS)
            .map(|f| format!("{}: {}", f.field, f.message)),
    );
    if problem.errors.is_empty() {
        lines.push(problem.detail.clone());
    }
    let more = problem.errors.len().saturating_sub(SHOWN_FAULTS);
    if more > 0 {
        lines.push(
            lang.text("desk_import_more")
                .replace("{n}", &more.to_string()),
        );
    }
    lines
}
