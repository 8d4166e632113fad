//! Signing in and out at the desk.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::{Deserialize, Serialize};

use super::{CSRF_COOKIE, SESSION_COOKIE, desk, desk_page, see_other};
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::pages::respond_status;
use crate::pages::session::{is_https, private_cookie as cookie, same_origin};
use crate::services::{auth, codes, sessions};
use crate::state::AppState;
use crate::wire::auth::{LoginRequest, TokenResponse};

const TEMPLATE: &str = "pages/admin/login.html";

#[derive(Debug, Default, Serialize)]
struct LoginPage {
    /// The e-mail as typed, shown again after a failed attempt.
    email: String,
    /// What went wrong, in the page's language.
    error: Option<String>,
    /// The desk page to open once signed in (where he was when his session ended).
    next: Option<String>,
    /// Why he is asked to sign in (again), in the page's language.
    notice: Option<String>,
}

#[derive(Debug, Deserialize)]
struct LoginForm {
    email: String,
    password: String,
    /// As [`LoginPage::next`]; anything but a desk page is ignored.
    #[serde(default)]
    next: Option<String>,
}

/// `?next=` of the sign-in form.
#[derive(Debug, Deserialize)]
struct LoginQuery {
    #[serde(default)]
    next: Option<String>,
}

/// The desk page to open after signing in: `next` when it is one, else the desk's start.
fn onward(next: Option<&str>) -> &str {
    next.and_then(desk_page).unwrap_or("/admin")
}

#[derive(Debug, Deserialize)]
struct LogoutForm {
    #[serde(default)]
    csrf: Option<String>,
}

/// The sign-in form, which says so when it was reached from a desk page (`?next=`: his
/// session ended or was replaced); a signed-in organiser goes on to his desk.
#[get("/login")]
pub async fn form(
    state: web::Data<AppState>,
    req: HttpRequest,
    query: web::Query<LoginQuery>,
) -> HttpResponse {
    let next = query.into_inner().next;
    if desk(&state, &req).is_some() {
        return see_other(onward(next.as_deref()));
    }
    let next = next.as_deref().and_then(desk_page).map(str::to_owned);
    let (lang, _) = Lang::of(&req);
    let page = LoginPage {
        notice: next.as_ref().map(|_| lang.text("login_again")),
        next,
        ..LoginPage::default()
    };
    respond_status(&state.pages, &req, StatusCode::OK, TEMPLATE, &page)
}

/// Checks the e-mail and password as the API's login does (the same rate limits and the
/// same answer for a wrong e-mail and a wrong password) and opens the desk.
#[post("/login")]
pub async fn submit(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Form<LoginForm>,
) -> HttpResponse {
    let LoginForm {
        email,
        password,
        next,
    } = body.into_inner();
    let next = next.as_deref().and_then(desk_page).map(str::to_owned);
    if !same_origin(&req) {
        return refused(&state, &req, (email, next), &ApiError::Forbidden);
    }
    let request = LoginRequest {
        email: email.clone(),
        password,
    };
    let token = match auth::login(&state, &req, request).await {
        Ok(token) => token,
        Err(e) => return refused(&state, &req, (email, next), &e),
    };
    match signed_in(&req, token, onward(next.as_deref())) {
        Ok(answer) => answer,
        Err(e) => refused(&state, &req, (email, next), &e),
    }
}

/// The way on to desk page `to` for a new session's `token`: its cookie and a new form
/// token (signing in, and after a change of password, which ends every earlier session).
pub(super) fn signed_in(
    req: &HttpRequest,
    token: TokenResponse,
    to: &str,
) -> Result<HttpResponse, ApiError> {
    let csrf = codes::new_secret()?;
    let secure = is_https(req);
    let mut answer = see_other(to);
    for c in [
        cookie(SESSION_COOKIE, token.token, token.expires_in, secure),
        cookie(CSRF_COOKIE, csrf, token.expires_in, secure),
    ] {
        answer
            .add_cookie(&c)
            .map_err(|e| ApiError::Internal(anyhow::anyhow!("desk cookie not set: {e}")))?;
    }
    Ok(answer)
}

/// Signs out: the session ends on the server (its token opens nothing any more, wherever
/// a copy of it is) and both cookies go. Needs the form's token, as every change at the
/// desk.
#[post("/logout")]
pub async fn logout(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Form<LogoutForm>,
) -> HttpResponse {
    let Some(desk) = desk(&state, &req) else {
        return see_other("/login");
    };
    // A form without this session's token (posted from elsewhere, or from a page of an
    // earlier session) changes nothing.
    if let Err(stop) = desk.guard(&req, body.csrf.as_deref()) {
        return *stop.0;
    }
    if let Some(token) = super::session_token(&req)
        && let Err(e) = sessions::end(&state, &token).await
    {
        // The cookies stay: the page says it failed, and signing out can be tried again.
        return e.error_response();
    }
    let mut answer = see_other("/login");
    for name in [SESSION_COOKIE, CSRF_COOKIE] {
        let mut gone = cookie(name, String::new(), 0, false);
        gone.make_removal();
        if let Err(e) = answer.add_removal_cookie(&gone) {
            tracing::warn!(error = %e, "desk cookie not removed");
        }
    }
    answer
}

/// The form again (with the e-mail typed and the page to go on to), with the reason in the
/// page's language and the API's status (401 for wrong credentials, 429 after too many
/// attempts).
fn refused(
    state: &AppState,
    req: &HttpRequest,
    (email, next): (String, Option<String>),
    error: &ApiError,
) -> HttpResponse {
    let (lang, _) = Lang::of(req);
    let key = match error {
        ApiError::InvalidCredentials => "login_error_invalid_credentials",
        ApiError::RateLimited { .. } => "login_error_rate_limited",
        ApiError::Forbidden => "login_error_forbidden",
        _ => "login_error_internal",
    };
    if matches!(error, ApiError::Internal(_) | ApiError::Unavailable(_)) {
        tracing::error!(error = %error, "sign-in failed");
    }
    let page = LoginPage {
        email,
        error: Some(lang.text(key)),
        next,
        notice: None,
    };
    respond_status(&state.pages, req, error.status_code(), TEMPLATE, &page)
}
