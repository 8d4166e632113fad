//! The organiser changes his own password at the desk: his current one, the new one twice.
//! A new password ends every session of his, on every device, and his preview links; this
//! browser gets a new session at once, so he stays at the desk.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::{Deserialize, Serialize};

use super::{Desk, answer, login, render, signed_in_or_login};
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::services::{organizers, sessions, write};
use crate::state::AppState;

const TEMPLATE: &str = "pages/admin/password.html";

#[derive(Debug, Deserialize)]
struct PasswordForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    current: String,
    #[serde(default)]
    new: String,
    #[serde(default)]
    repeat: String,
}

#[derive(Debug, Default, Serialize)]
struct PasswordPage {
    /// Why the change was refused, in the page's language.
    error: Option<String>,
    /// The field the refusal is about (`current`, `new`, `repeat`).
    field: Option<&'static str>,
}

/// The form.
#[get("/admin/password")]
pub async fn form(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            Ok(page(&state, &req, &desk, None))
        }
        .await,
    )
}

/// Changes the password; every earlier session ends, this browser signs in anew.
#[post("/admin/password")]
pub async fn change(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Form<PasswordForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let typed = body.into_inner();
            desk.guard(&req, typed.csrf.as_deref())?;
            if typed.new != typed.repeat {
                return Ok(page(&state, &req, &desk, Some(&mismatch())));
            }
            let changed = async {
                // Two argon2 runs (the current password checked, the new one hashed): in
                // turn with the sign-ins, so a burst cannot exhaust memory.
                let turn = state.auth_limits.hash_turn().await?;
                organizers::change_password(&state.db, desk.organizer, &typed.current, &typed.new)
                    .await?;
                drop(turn);
                let (keys, id) = (state.keys.clone(), desk.organizer);
                let token =
                    write::guarded(&state, move |conn| sessions::open(conn, &keys, id)).await?;
                login::signed_in(&req, token, "/admin")
            }
            .await;
            Ok(match changed {
                Ok(signed_in) => signed_in,
                Err(e) => page(&state, &req, &desk, Some(&e)),
            })
        }
        .await,
    )
}

/// The two new passwords differ.
fn mismatch() -> ApiError {
    ApiError::field(
        "invalid_body",
        "repeat",
        "mismatch",
        "the new password and its repetition differ",
    )
}

/// The form, with the refusal if any.
fn page(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    refusal: Option<&ApiError>,
) -> HttpResponse {
    let (lang, _) = Lang::of(req);
    let page = match refusal {
        None => PasswordPage::default(),
        Some(e) => {
            let (key, field) = match e {
                ApiError::InvalidCredentials => ("password_error_current", "current"),
                e if e.problem().errors.iter().any(|f| f.field == "repeat") => {
                    ("password_error_mismatch", "repeat")
                }
                e if e.problem().errors.iter().any(|f| f.field == "password") => {
                    ("password_error_short", "new")
                }
                _ => ("password_error_internal", "new"),
            };
            if matches!(e, ApiError::Internal(_) | ApiError::Unavailable(_)) {
                tracing::error!(error = %e, "password change failed");
            }
            PasswordPage {
                error: Some(lang.text(key)),
                field: Some(field),
            }
        }
    };
    let status = refusal.map_or(StatusCode::OK, |e| match e {
        // The form was read and refused, not the session: a 422, not the API's 401.
        ApiError::InvalidCredentials => StatusCode::UNPROCESSABLE_ENTITY,
        e => e.status_code(),
    });
    render(state, req, desk, None, status, TEMPLATE, &page)
}
