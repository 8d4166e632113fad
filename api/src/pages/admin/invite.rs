//! The page an invitation link opens (`/admin/invite/{secret}`): who invites whom to run
//! which tournament, and the way to accept, through the services of
//! `GET|POST /api/v1/invitations/{secret}`. Without an account he sets a name and a
//! password, is signed in and lands on the tournament's desk; with one he signs in first
//! (the sign-in form brings him back here) and accepts with one button.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::{Deserialize, Serialize};

use super::login::signed_in;
use super::{desk, see_other};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::pages::respond_status;
use crate::pages::session::same_origin;
use crate::services::invitations;
use crate::state::AppState;
use crate::wire::invitations::AcceptInvitationRequest;

const TEMPLATE: &str = "pages/admin/invite.html";

#[derive(Debug, Default, Serialize)]
struct InvitePage {
    /// The link's own address, which its form posts to.
    action: String,
    /// What the link offers; absent when it opens nothing (then `error` says why).
    offer: Option<Offer>,
    /// Why the link opens nothing, or why the form was refused, in the page's language.
    error: Option<String>,
    /// The name typed, kept when the form was refused.
    name: String,
}

#[derive(Debug, Serialize)]
struct Offer {
    tournament: String,
    invited_by: String,
    email: String,
    /// Until when the link works, in the tournament's local time.
    expires: String,
    /// The e-mail has an account: he accepts signed in as it.
    account: bool,
    /// The desk's form token, when he is signed in (then one button accepts).
    csrf: Option<String>,
    /// The sign-in form, which leads back here.
    login: String,
}

#[derive(Debug, Deserialize)]
struct AcceptForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    password: Option<String>,
    #[serde(default)]
    password_repeat: Option<String>,
}

/// What the link offers, or why it opens nothing (404 unknown, 410 used, withdrawn or
/// expired).
#[get("/admin/invite/{secret}")]
pub async fn page(
    state: web::Data<AppState>,
    req: HttpRequest,
    secret: web::Path<String>,
) -> HttpResponse {
    show(&state, &req, &secret, None, String::new()).await
}

/// Accepts the invitation: a new account's name and password (typed twice), or, signed in
/// as the invited account, its form token. Accepted, he is on the tournament's desk.
#[post("/admin/invite/{secret}")]
pub async fn accept(
    state: web::Data<AppState>,
    req: HttpRequest,
    secret: web::Path<String>,
    body: web::Form<AcceptForm>,
) -> HttpResponse {
    let form = body.into_inner();
    let (lang, _) = Lang::of(&req);
    let name = form.name.clone().unwrap_or_default();
    if !same_origin(&req) {
        return ApiError::Forbidden.error_response();
    }
    // Signed in, the form must carry this session's token; a form without one is the
    // new account's, which changes nothing for whoever is signed in.
    let caller = match desk(&state, &req) {
        Some(d) if d.accepts(form.csrf.as_deref()) => d.caller(),
        _ => Caller::Public,
    };
    if caller == Caller::Public && form.password != form.password_repeat {
        let e = lang.text("desk_invite_passwords_differ");
        return show(
            &state,
            &req,
            &secret,
            Some((StatusCode::UNPROCESSABLE_ENTITY, e)),
            name,
        )
        .await;
    }
    let request = AcceptInvitationRequest {
        name: form.name,
        password: form.password,
    };
    match invitations::accept(&state, caller, &secret, request).await {
        Ok(accepted) => {
            let to = format!(
                "/admin/tournaments/{}?done=joined#organizers",
                accepted.tournament_id
            );
            match accepted.session {
                Some(session) => {
                    signed_in(&req, session, &to).unwrap_or_else(|e| e.error_response())
                }
                None => see_other(&to),
            }
        }
        Err(e) => {
            let said = (e.status_code(), reason(lang, &e));
            show(&state, &req, &secret, Some(said), name).await
        }
    }
}

/// The page for the link with `secret`, with `refused` (status and words) when a form was.
async fn show(
    state: &AppState,
    req: &HttpRequest,
    secret: &str,
    refused: Option<(StatusCode, String)>,
    name: String,
) -> HttpResponse {
    let (lang, _) = Lang::of(req);
    let action = format!("{}{secret}", invitations::LINK_PATH);
    let (status, offer, error) = match invitations::lookup(state, secret).await {
        Ok(found) => {
            let expires = chrono::DateTime::parse_from_rfc3339(&found.expires_at)
                .map(|at| crate::local_time::date_and_clock(&found.time_zone, at.naive_utc()))
                .unwrap_or(found.expires_at);
            let login = serde_urlencoded::to_string([("next", action.as_str())])
                .map(|q| format!("/login?{q}"))
                .unwrap_or_else(|_| "/login".to_owned());
            let offer = Offer {
                tournament: found.tournament_name,
                invited_by: found.invited_by_name,
                email: found.email,
                expires,
                account: found.account,
                csrf: desk(state, req).map(|d| d.csrf),
                login,
            };
            match refused {
                Some((status, said)) => (status, Some(offer), Some(said)),
                None => (StatusCode::OK, Some(offer), None),
            }
        }
        Err(e) => (e.status_code(), None, Some(reason(lang, &e))),
    };
    let model = InvitePage {
        action,
        offer,
        error,
        name,
    };
    respond_status(&state.pages, req, status, TEMPLATE, &model)
}

/// Why the link or the form was refused, by the problem's code.
fn reason(lang: Lang, e: &ApiError) -> String {
    let problem = e.problem();
    let key = match problem.code.as_str() {
        "not_found" => "desk_invite_unknown".to_owned(),
        "unauthenticated" => "desk_invite_sign_in".to_owned(),
        code => format!("desk_error_{code}"),
    };
    if matches!(e, ApiError::Internal(_) | ApiError::Unavailable(_)) {
        tracing::error!(error = %e, "invitation not accepted");
    }
    match problem.errors.first() {
        Some(field) if problem.code == "invalid_body" => lang.text_or(
            &format!("desk_invite_{}_{}", field.field, field.code),
            &problem.detail,
        ),
        _ => lang.text_or(&key, &problem.detail),
    }
}
