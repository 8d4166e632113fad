//! The end of the day at the desk: "Turnier abschließen" and "Wieder öffnen" on the
//! standings page, through the services the API's `…/finish` and `…/reopen` use. Finishing
//! is confirmed with a tick that says what it does; reopening needs a reason. A refused form
//! shows the standings again with the reason (409 or 422); a done one answers 303 back to
//! them.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, post, web};
use serde::Deserialize;

use super::{
    Desk, Nav, Section, Step, answer, failed, refusal_text, see_other, signed_in_or_login,
    standings,
};
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::services::finish as day_end;
use crate::state::AppState;

/// The finishing form: the tick that confirms it and an optional note.
#[derive(Debug, Deserialize)]
pub struct FinishForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    confirm: Option<String>,
    #[serde(default)]
    reason: String,
}

/// The reopening form: its reason.
#[derive(Debug, Deserialize)]
pub struct ReopenForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    reason: String,
}

/// Finishes the tournament: its standings become final.
#[post("/admin/tournaments/{id}/finish")]
pub async fn finish(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    body: web::Form<FinishForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, body.csrf.as_deref())?;
            let nav = desk
                .tournament(&state, &req, *id, Section::Standings)
                .await?;
            let (lang, _) = Lang::of(&req);
            if body.confirm.as_deref() != Some("yes") {
                let why = lang.text("desk_ending_confirm_missing");
                let status = StatusCode::UNPROCESSABLE_ENTITY;
                return show(&state, &req, &desk, &nav, status, why).await;
            }
            let reason = Some(body.reason.trim().to_owned()).filter(|r| !r.is_empty());
            match day_end::finish(&state, desk.caller(), nav.id, reason).await {
                Ok(_) => Ok(see_other(&format!(
                    "/admin/tournaments/{}/standings",
                    nav.id
                ))),
                Err(e) => shown(&state, &req, &desk, &nav, lang, e).await,
            }
        }
        .await,
    )
}

/// Reopens the finished tournament for the reason given.
#[post("/admin/tournaments/{id}/reopen")]
pub async fn reopen(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    body: web::Form<ReopenForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, body.csrf.as_deref())?;
            let nav = desk
                .tournament(&state, &req, *id, Section::Standings)
                .await?;
            let (lang, _) = Lang::of(&req);
            let reason = body.reason.clone();
            match day_end::reopen(&state, desk.caller(), nav.id, reason).await {
                Ok(_) => Ok(see_other(&format!(
                    "/admin/tournaments/{}/standings",
                    nav.id
                ))),
                // The one field: the reason, missing or not one line of text.
                Err(ApiError::Unprocessable { .. }) => {
                    let why = lang.text("desk_ending_reason_missing");
                    let status = StatusCode::UNPROCESSABLE_ENTITY;
                    show(&state, &req, &desk, &nav, status, why).await
                }
                Err(e) => shown(&state, &req, &desk, &nav, lang, e).await,
            }
        }
        .await,
    )
}

/// A service's refusal shown on the standings page; anything else is the error page.
async fn shown(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    nav: &Nav,
    lang: Lang,
    e: ApiError,
) -> Step<HttpResponse> {
    let status = e.status_code();
    if !matches!(
        status,
        StatusCode::CONFLICT | StatusCode::UNPROCESSABLE_ENTITY
    ) {
        return Err(failed(state, req, e).into());
    }
    show(state, req, desk, nav, status, refusal_text(lang, &e)).await
}

/// The overall standings again, in `status`, saying `why`.
async fn show(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    nav: &Nav,
    status: StatusCode,
    why: String,
) -> Step<HttpResponse> {
    standings::show(state, req, desk, nav, None, status, Some(why)).await
}
