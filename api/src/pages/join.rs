//! Joining a table on the captain's phone: the code from the table card, typed in or read
//! from the printed QR code (`/join/{code}`), is traded for the captain's token, which the
//! phone keeps in an HttpOnly cookie (`session`). A code that opens nothing shows the form
//! again with a message, never an error page.

use actix_web::http::StatusCode;
use actix_web::http::header::LOCATION;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::{Deserialize, Serialize};

use super::session::{self, captain_cookie, captain_logout};
use super::{i18n::Lang, respond_status};
use crate::error::ApiError;
use crate::services::auth;
use crate::state::AppState;
use crate::wire::auth::CaptainRequest;

const TEMPLATE: &str = "pages/join/join.html";

#[derive(Debug, Default, Serialize)]
struct JoinPage {
    /// The code as typed, shown again after a failed attempt.
    code: String,
    /// What went wrong, already in the page's language.
    error: Option<String>,
    /// The phone is at a table already: a link asks before it switches.
    switching: bool,
}

#[derive(Debug, Deserialize)]
struct JoinForm {
    code: String,
}

#[derive(Debug, Deserialize)]
struct JoinQuery {
    /// Why the table's pages sent the phone here: `revoked` (the code no longer opens the
    /// table) or `gone` (the table is no more).
    reason: Option<String>,
}

/// The form asking for the table's code, saying why the phone was sent here if it was.
#[get("/join")]
pub async fn form(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    let (lang, _) = Lang::of(&req);
    let reason = web::Query::<JoinQuery>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.into_inner().reason);
    let error = match reason.as_deref() {
        Some("revoked") => Some(lang.text("join_error_revoked")),
        Some("gone") => Some(lang.text("join_error_gone")),
        _ => None,
    };
    let page = JoinPage {
        code: String::new(),
        error,
        switching: false,
    };
    respond_status(&state.pages, &req, StatusCode::OK, TEMPLATE, &page)
}

/// The typed code.
#[post("/join")]
pub async fn submit(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Form<JoinForm>,
) -> HttpResponse {
    if !session::same_origin(&req) {
        return refused(&state, &req, String::new(), &ApiError::Forbidden);
    }
    join(&state, &req, body.into_inner().code).await
}

/// The link the printed QR code holds: a phone that is at no table joins at once; one that
/// is at a table already is asked first (the form, filled in), so that a link sent from
/// anywhere cannot quietly move a captain's phone to another table's sheet.
#[get("/join/{code}")]
pub async fn by_link(
    state: web::Data<AppState>,
    req: HttpRequest,
    code: web::Path<String>,
) -> HttpResponse {
    let code = code.into_inner();
    if session::captain(&state, &req).is_some() {
        let page = JoinPage {
            code,
            error: None,
            switching: true,
        };
        return respond_status(&state.pages, &req, StatusCode::OK, TEMPLATE, &page);
    }
    join(&state, &req, code).await
}

/// Leaves the table on this phone (hands it to another captain).
#[post("/table/leave")]
pub async fn leave(req: HttpRequest) -> HttpResponse {
    if !session::same_origin(&req) {
        return HttpResponse::Forbidden().finish();
    }
    let mut answer = HttpResponse::SeeOther()
        .insert_header((LOCATION, "/join"))
        .finish();
    if let Err(e) = answer.add_removal_cookie(&captain_logout()) {
        tracing::warn!(error = %e, "captain cookie not removed");
    }
    answer
}

async fn join(state: &AppState, req: &HttpRequest, code: String) -> HttpResponse {
    let request = CaptainRequest { code: code.clone() };
    match auth::captain(state, req, request).await {
        Ok(token) => {
            let mut answer = HttpResponse::SeeOther()
                .insert_header((LOCATION, "/table"))
                .finish();
            let cookie = captain_cookie(token.token, token.expires_in, session::is_https(req));
            if let Err(e) = answer.add_cookie(&cookie) {
                tracing::error!(error = %e, "captain cookie not set");
                return HttpResponse::InternalServerError().finish();
            }
            answer
        }
        Err(e) => refused(state, req, code, &e),
    }
}

/// The form again, with the reason in the page's language and the status the API would
/// answer (401 for a code that opens nothing, 429 when too many were tried).
fn refused(state: &AppState, req: &HttpRequest, code: String, error: &ApiError) -> HttpResponse {
    let (lang, _) = Lang::of(req);
    let key = match error {
        ApiError::InvalidJoinCode | ApiError::MalformedBody(_) => "join_error_invalid_join_code",
        ApiError::RateLimited { .. } => "join_error_rate_limited",
        ApiError::Forbidden => "join_error_forbidden",
        _ => "join_error_internal",
    };
    if matches!(error, ApiError::Internal(_) | ApiError::Unavailable(_)) {
        tracing::error!(error = %error, "join failed");
    }
    let page = JoinPage {
        code,
        error: Some(lang.text(key)),
        switching: false,
    };
    respond_status(&state.pages, req, error.status_code(), TEMPLATE, &page)
}
