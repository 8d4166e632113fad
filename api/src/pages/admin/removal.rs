//! Deleting a tournament from the desk: a confirmation page first, then the service of
//! `DELETE /api/v1/tournaments/{id}` (refused once a deal is entered, 409
//! `tournament_has_deals`, shown on the confirmation page; kept in the organiser's log).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::{Deserialize, Serialize};

use super::{
    Desk, Nav, Section, answer, failed, refusal_text, render, see_other, signed_in_or_login,
};
use crate::error::ApiError;
use crate::extract::TEXT_LIMIT;
use crate::pages::i18n::Lang;
use crate::services::tournaments;
use crate::state::AppState;

const TEMPLATE: &str = "pages/admin/delete.html";

#[derive(Debug, Serialize)]
struct DeletePage {
    /// Why the deletion was refused, in the page's language.
    refused: Option<String>,
    reason: String,
}

#[derive(Debug, Deserialize)]
pub struct DeleteForm {
    #[serde(default)]
    csrf: Option<String>,
    /// Why, kept in the organiser's own log.
    #[serde(default)]
    reason: String,
}

/// Asks whether the tournament is really to be deleted.
#[get("/admin/tournaments/{id}/delete")]
pub async fn confirm(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk
                .tournament(&state, &req, *id, Section::Overview)
                .await?;
            Ok(page(&state, &req, &desk, &nav, String::new(), None))
        }
        .await,
    )
}

/// Deletes the tournament and goes back to the list; refused, the confirmation again with
/// the reason.
#[post("/admin/tournaments/{id}/delete")]
pub async fn delete(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    body: web::Form<DeleteForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let form = body.into_inner();
            desk.guard(&req, form.csrf.as_deref())?;
            let nav = desk
                .tournament(&state, &req, *id, Section::Overview)
                .await?;
            // The field's `maxlength` keeps it within the API's limit for `X-Reason`.
            let reason: String = form.reason.trim().chars().take(TEXT_LIMIT).collect();
            let reason = Some(reason).filter(|r| !r.is_empty());
            match tournaments::delete(&state, desk.organizer, nav.id, reason).await {
                Ok(()) => Ok(see_other("/admin")),
                // Played already, or not his to delete (a co-organiser's): said on the page.
                Err(e @ (ApiError::Conflict { .. } | ApiError::Forbidden)) => {
                    Ok(page(&state, &req, &desk, &nav, form.reason, Some(&e)))
                }
                Err(e) => Err(failed(&state, &req, e).into()),
            }
        }
        .await,
    )
}

fn page(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    nav: &Nav,
    reason: String,
    refusal: Option<&ApiError>,
) -> HttpResponse {
    let (lang, _) = Lang::of(req);
    let model = DeletePage {
        refused: refusal.map(|e| match e {
            ApiError::Forbidden => lang.text("desk_tournament_delete_owner_only"),
            _ => refusal_text(lang, e),
        }),
        reason,
    };
    let status = refusal.map_or(StatusCode::OK, ResponseError::status_code);
    render(state, req, desk, Some(nav), status, TEMPLATE, &model)
}
