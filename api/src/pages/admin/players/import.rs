//! The CSV import at the desk: a file (or pasted text) uploaded as `multipart/form-data`,
//! a preview of every row with every problem (the API's `?dry_run=true`), nothing stored
//! until the whole file is right; then one click imports it all (the API's import, all or
//! nothing). The file travels from the preview to the import as its text in a field of
//! the preview's form, with a fresh key: a double click imports once.

use actix_multipart::Multipart;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, post, web};
use serde::Serialize;

use super::super::upload::{self as multipart, Unread};
use super::super::{Desk, Nav, Section, Step, answer, failed, render, signed_in_or_login};
use super::{back, problem_text};
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::services::{codes, idempotency, players};
use crate::state::AppState;
use crate::wire::player_import;
use crate::wire::players::ImportPreview;

const TEMPLATE: &str = "pages/admin/players_import.html";

/// The largest file the desk takes: the API's limit for an upload.
pub(super) const FILE_LIMIT: usize = crate::extract::BODY_LIMIT;
/// The largest text the preview's form carries back: the file read as UTF-8 may be
/// longer than its Windows-1252 bytes.
const TEXT_LIMIT: usize = 2 * FILE_LIMIT;
/// The largest small field (the form token, the key, the button).
const FIELD_LIMIT: usize = 1024;
/// More parts than the form has is not our form.
const MAX_PARTS: usize = 16;

#[derive(Debug, Serialize)]
struct PreviewPage {
    /// The file as text, carried to the import (and shown for correcting when it has
    /// problems); empty when it could not be read.
    csv: String,
    /// Problems with the whole file (its encoding, its header, none given, too large).
    file_problems: Vec<String>,
    rows: Vec<PreviewLine>,
    /// Whether the import would store every row.
    valid: bool,
    bad_rows: usize,
    /// Rows to look at before importing (the same name and club as a registered player
    /// or an earlier row).
    flagged_rows: usize,
    /// The import form's fresh key.
    idempotency_key: String,
    import_limit_kib: usize,
}

#[derive(Debug, Serialize)]
struct PreviewLine {
    line: u64,
    name: String,
    club: Option<String>,
    ddv_number: Option<String>,
    start_number: Option<i32>,
    checked_in: bool,
    public_name: Option<String>,
    problems: Vec<String>,
    /// What to look at although the row imports.
    notes: Vec<String>,
}

/// What the import form sent.
#[derive(Debug, Default)]
struct Upload {
    csrf: Option<String>,
    /// The chosen file's bytes (none when no file was chosen).
    file: Option<Vec<u8>>,
    /// The pasted or carried text.
    text: String,
    idempotency_key: String,
    /// The import button was pressed (else: preview).
    import: bool,
}

/// Reads the form's parts, each within its limit ([`multipart::parts`]).
async fn read_upload(form: Multipart) -> Result<Upload, Unread> {
    let limit = |name: &str| match name {
        "file" => FILE_LIMIT,
        "csv" => TEXT_LIMIT,
        _ => FIELD_LIMIT,
    };
    let mut sent = Upload::default();
    for part in multipart::parts(form, MAX_PARTS, limit).await? {
        match part.name.as_str() {
            // A file input left empty sends an empty file: the text field counts then.
            "file" if part.is_file && !part.bytes.is_empty() => sent.file = Some(part.bytes),
            "import" => sent.import = true,
            "csv" => sent.text = multipart::text(part)?,
            "csrf" => sent.csrf = Some(multipart::text(part)?),
            "idempotency_key" => sent.idempotency_key = multipart::text(part)?,
            _ => {}
        }
    }
    Ok(sent)
}

/// The import form: `import` absent, a preview of the file (chosen, or pasted, or carried
/// back from a preview and corrected); `import` present, the import of the carried text.
/// A preview with problems, or an import refused, answers 422 with every row shown.
#[post("/admin/tournaments/{id}/players/import")]
pub async fn upload(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    form: Multipart,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk.tournament(&state, &req, *id, Section::Players).await?;
            let (lang, _) = Lang::of(&req);
            let mut sent = match read_upload(form).await {
                Ok(sent) => sent,
                Err(unread) => {
                    // Nothing is changed and nothing sent is shown back: only why.
                    let (key, status) = match unread {
                        Unread::TooLarge => (
                            "desk_players_import_too_large",
                            StatusCode::PAYLOAD_TOO_LARGE,
                        ),
                        Unread::Malformed => {
                            ("desk_players_import_unreadable", StatusCode::BAD_REQUEST)
                        }
                    };
                    let problem = lang
                        .text(key)
                        .replace("{limit}", &(FILE_LIMIT / 1024).to_string());
                    return preview_page(
                        &state,
                        &req,
                        &desk,
                        &nav,
                        String::new(),
                        Shown::File(vec![problem]),
                        status,
                    );
                }
            };
            desk.guard(&req, sent.csrf.as_deref())?;
            // A file chosen is a new file to preview; else the text (pasted, or carried
            // from the preview and perhaps corrected there).
            let chosen = sent.file.is_some();
            let bytes = sent
                .file
                .take()
                .unwrap_or_else(|| std::mem::take(&mut sent.text).into_bytes());
            // The text the preview's form carries: the file as read (UTF-8, no BOM).
            let text = player_import::decode(&bytes)
                .map(|t| t.into_owned())
                .unwrap_or_default();
            if bytes.iter().all(u8::is_ascii_whitespace) {
                let problem = lang.text("desk_players_import_nothing");
                return preview_page(
                    &state,
                    &req,
                    &desk,
                    &nav,
                    text,
                    Shown::File(vec![problem]),
                    StatusCode::UNPROCESSABLE_ENTITY,
                );
            }
            // The import's own refusal when the preview finds nothing wrong (a key sent
            // again with another file, say): shown above the rows, with its status.
            let mut refused: Option<ApiError> = None;
            if sent.import && !chosen {
                let imported = async {
                    let key = idempotency::form_key(
                        &desk.caller(),
                        &format!("/admin/tournaments/{}/players/import", nav.id),
                        "idempotency_key",
                        &sent.idempotency_key,
                        &bytes,
                    )?;
                    players::import_keyed(&state, Some(key), desk.organizer, nav.id, &bytes).await
                }
                .await;
                match imported {
                    Ok(count) => {
                        return Ok(super::super::see_other(&back(
                            nav.id,
                            "",
                            Some(("imported", count.to_string())),
                            None,
                        )));
                    }
                    // A problem the preview did not see (a start number taken since):
                    // the preview again, which now sees it.
                    Err(e @ (ApiError::Unprocessable { .. } | ApiError::Conflict { .. })) => {
                        refused = Some(e);
                    }
                    Err(e) => return Err(failed(&state, &req, e).into()),
                }
            }
            let mut preview = players::preview(&state, desk.organizer, nav.id, &bytes)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            // A finished tournament takes no players: said before the import is tried.
            if nav.finished.is_some() && refused.is_none() {
                refused = Some(ApiError::conflict(
                    "tournament_finished",
                    "the tournament is finished; reopen it to add players",
                ));
            }
            let status = match refused {
                Some(e) if preview.valid => {
                    let problem = e.problem();
                    preview.valid = false;
                    preview.errors.push(crate::error::FieldError {
                        field: String::new(),
                        code: problem.code.clone(),
                        message: problem.detail.clone(),
                    });
                    e.status_code()
                }
                _ if preview.valid => StatusCode::OK,
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            };
            preview_page(
                &state,
                &req,
                &desk,
                &nav,
                text,
                Shown::Rows(preview, lang),
                status,
            )
        }
        .await,
    )
}

/// What the preview shows: the rows, or only why the file could not be read.
enum Shown {
    Rows(ImportPreview, Lang),
    File(Vec<String>),
}

fn preview_page(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    nav: &Nav,
    csv: String,
    shown: Shown,
    status: StatusCode,
) -> Step<HttpResponse> {
    let (file_problems, rows, valid) = match shown {
        Shown::File(problems) => (problems, Vec::new(), false),
        Shown::Rows(preview, lang) => {
            let file_problems = preview
                .errors
                .iter()
                .map(|e| problem_text(lang, &e.field, &e.code, &e.message))
                .collect();
            let rows: Vec<PreviewLine> = preview
                .rows
                .into_iter()
                .map(|r| PreviewLine {
                    line: r.line,
                    problems: r
                        .errors
                        .iter()
                        .map(|e| problem_text(lang, &e.field, &e.code, &e.message))
                        .collect(),
                    notes: r
                        .warnings
                        .iter()
                        .map(|e| problem_text(lang, &e.field, &e.code, &e.message))
                        .collect(),
                    name: r.name,
                    club: r.club,
                    ddv_number: r.ddv_number,
                    start_number: r.start_number,
                    checked_in: r.checked_in,
                    public_name: r.public_name,
                })
                .collect();
            (file_problems, rows, preview.valid)
        }
    };
    let idempotency_key = codes::new_secret().map_err(|e| failed(state, req, e))?;
    let model = PreviewPage {
        bad_rows: rows.iter().filter(|r| !r.problems.is_empty()).count(),
        flagged_rows: rows.iter().filter(|r| !r.notes.is_empty()).count(),
        csv,
        file_problems,
        rows,
        valid,
        idempotency_key,
        import_limit_kib: FILE_LIMIT / 1024,
    };
    Ok(render(
        state,
        req,
        desk,
        Some(nav),
        status,
        TEMPLATE,
        &model,
    ))
}
