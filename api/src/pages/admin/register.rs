//! The organiser's register at the desk: every person with the players he was, a form to
//! merge another person into one (one person entered twice), and the register's import
//! from a pasted spreadsheet (the players import's columns). Through the services of
//! `/api/v1/register`, audited there.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::{Deserialize, Serialize};

use super::{Desk, Step, answer, failed, refusal_text, render, see_other, signed_in_or_login};
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::services::{register, seasons};
use crate::state::AppState;
use crate::wire::seasons::{PersonResponse, RegisterImportResponse};

const TEMPLATE: &str = "pages/admin/register.html";

#[derive(Debug, Default, Serialize)]
struct RegisterPage {
    people: Vec<PersonResponse>,
    /// The pasted file, shown again when it was refused.
    csv: String,
    refused: Vec<String>,
    imported: Option<RegisterImportResponse>,
    done: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct DoneQuery {
    #[serde(default)]
    done: Option<String>,
}

async fn show(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    status: StatusCode,
    shown: RegisterPage,
) -> Step<HttpResponse> {
    let people = seasons::read_register(state, desk.caller())
        .await
        .map_err(|e| failed(state, req, e))?;
    let model = RegisterPage { people, ..shown };
    Ok(render(state, req, desk, None, status, TEMPLATE, &model))
}

/// The register.
#[get("/admin/register")]
pub async fn page(
    state: web::Data<AppState>,
    req: HttpRequest,
    query: web::Query<DoneQuery>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let shown = RegisterPage {
                done: query.into_inner().done,
                ..RegisterPage::default()
            };
            show(&state, &req, &desk, StatusCode::OK, shown).await
        }
        .await,
    )
}

#[derive(Debug, Deserialize)]
pub struct ImportForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    csv: String,
}

/// Imports the pasted spreadsheet; a refused one is shown again with every line's fault.
#[post("/admin/register/import")]
pub async fn import(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Form<ImportForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let form = body.into_inner();
            desk.guard(&req, form.csrf.as_deref())?;
            let lines = crate::wire::player_import::parse(form.csv.as_bytes());
            let outcome = match lines {
                Ok(lines) => {
                    seasons::change_register(&state, desk.caller(), move |conn, me| {
                        register::import(conn, me, &lines)
                    })
                    .await
                }
                Err(e) => Err(e),
            };
            match outcome {
                Ok(imported) => {
                    let shown = RegisterPage {
                        imported: Some(imported),
                        ..RegisterPage::default()
                    };
                    show(&state, &req, &desk, StatusCode::CREATED, shown).await
                }
                Err(e @ ApiError::Unprocessable { .. }) => {
                    let (lang, _) = Lang::of(&req);
                    let problem = e.problem();
                    let mut refused = vec![refusal_text(lang, &e)];
                    refused.extend(
                        problem
                            .errors
                            .iter()
                            .map(|f| format!("{}: {}", f.field, f.message)),
                    );
                    let shown = RegisterPage {
                        csv: form.csv,
                        refused,
                        ..RegisterPage::default()
                    };
                    show(&state, &req, &desk, e.status_code(), shown).await
                }
                Err(e) => Err(failed(&state, &req, e).into()),
            }
        }
        .await,
    )
}

#[derive(Debug, Deserialize)]
pub struct MergeForm {
    #[serde(default)]
    csrf: Option<String>,
    /// The person who stays.
    #[serde(default)]
    into: Option<i64>,
    /// The person merged into him and removed.
    #[serde(default)]
    person_id: Option<i64>,
}

/// Merges one person into another (one form for the whole register: a select per row
/// would list everybody once a row); a refusal (two players of one evening, two DDV
/// numbers, the same person twice) is shown on the page.
#[post("/admin/register/merge")]
pub async fn merge(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Form<MergeForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, body.csrf.as_deref())?;
            let (Some(into), Some(from)) = (body.into, body.person_id) else {
                return Ok(see_other("/admin/register"));
            };
            let merged = seasons::change_register(&state, desk.caller(), move |conn, me| {
                register::merge(conn, me, into, from)
            })
            .await;
            match merged {
                Ok(_) => Ok(see_other("/admin/register?done=merged")),
                Err(e @ (ApiError::Conflict { .. } | ApiError::Unprocessable { .. })) => {
                    let (lang, _) = Lang::of(&req);
                    let shown = RegisterPage {
                        refused: vec![refusal_text(lang, &e)],
                        ..RegisterPage::default()
                    };
                    show(&state, &req, &desk, e.status_code(), shown).await
                }
                Err(e) => Err(failed(&state, &req, e).into()),
            }
        }
        .await,
    )
}
