//! A tournament's webhooks at the desk: the hooks with their last delivery, a form to add
//! one (its secret shown once, on the answer to that form) and one to remove each, through
//! the services of `…/api/v1/tournaments/{id}/webhooks` (audited there).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};

use super::{Desk, Nav, Section, Step, answer, failed, render, see_other, signed_in_or_login};
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::services::outbox::EVENTS;
use crate::services::webhooks;
use crate::state::AppState;
use crate::wire::webhooks::{WebhookRequest, WebhookResponse};

const TEMPLATE: &str = "pages/admin/webhooks.html";

#[derive(Debug, Default, Serialize)]
struct WebhooksPage {
    hooks: Vec<WebhookResponse>,
    /// The events a hook can ask for, for the form's boxes.
    events: &'static [&'static str],
    /// The form as sent, when it was refused.
    url: String,
    /// Why the form was refused.
    refused: Option<String>,
    /// The hook just added, with its secret.
    created: Option<WebhookResponse>,
    /// What was just done (`removed`).
    done: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct DoneQuery {
    #[serde(default)]
    done: Option<String>,
}

/// Shows the page with the hooks and `page`'s other parts.
async fn show(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    nav: &Nav,
    status: StatusCode,
    shown: WebhooksPage,
) -> Step<HttpResponse> {
    let hooks = webhooks::list(state, desk.caller(), nav.id)
        .await
        .map_err(|e| failed(state, req, e))?;
    let model = WebhooksPage {
        hooks,
        events: &EVENTS,
        ..shown
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

/// The webhooks page.
#[get("/admin/tournaments/{id}/webhooks")]
pub async fn page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    query: web::Query<DoneQuery>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk
                .tournament(&state, &req, *id, Section::Webhooks)
                .await?;
            let done = query.into_inner().done.filter(|d| d == "removed");
            let shown = WebhooksPage {
                done,
                ..WebhooksPage::default()
            };
            show(&state, &req, &desk, &nav, StatusCode::OK, shown).await
        }
        .await,
    )
}

/// The add form: the URL and one box per event (`deal.created=on`, …).
#[derive(Debug, Deserialize)]
pub struct AddForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    url: String,
    #[serde(default, rename = "deal.created")]
    deal_created: Option<String>,
    #[serde(default, rename = "deal.corrected")]
    deal_corrected: Option<String>,
    #[serde(default, rename = "round.closed")]
    round_closed: Option<String>,
    #[serde(default, rename = "standings.changed")]
    standings_changed: Option<String>,
    #[serde(default, rename = "tournament.finished")]
    tournament_finished: Option<String>,
    #[serde(default, rename = "tournament.reopened")]
    tournament_reopened: Option<String>,
}

impl AddForm {
    fn request(&self) -> WebhookRequest {
        let ticked = [
            &self.deal_created,
            &self.deal_corrected,
            &self.round_closed,
            &self.standings_changed,
            &self.tournament_finished,
            &self.tournament_reopened,
        ];
        WebhookRequest {
            url: self.url.clone(),
            events: EVENTS
                .iter()
                .zip(ticked)
                .filter(|(_, on)| on.is_some())
                .map(|(event, _)| (*event).to_owned())
                .collect(),
        }
    }
}

/// Why the form was refused, by the field the service named.
fn refusal(lang: Lang, e: &ApiError) -> String {
    let problem = e.problem();
    let field = problem.errors.first().map(|f| f.field.as_str());
    match field {
        Some("url") => lang.text("desk_webhooks_url_invalid"),
        Some("events") => lang.text("desk_webhooks_events_invalid"),
        _ => super::refusal_text(lang, e),
    }
}

/// Adds a hook and shows the page with its secret (201): the only time it is shown, so the
/// answer is the page rather than a redirect. A refused form is shown again with the URL
/// kept and the reason (422).
#[post("/admin/tournaments/{id}/webhooks")]
pub async fn add(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    body: web::Form<AddForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let form = body.into_inner();
            desk.guard(&req, form.csrf.as_deref())?;
            let nav = desk
                .tournament(&state, &req, *id, Section::Webhooks)
                .await?;
            let registered =
                webhooks::register(&state, None, desk.caller(), nav.id, &form.request()).await;
            match registered {
                Ok(seen) => {
                    let created: WebhookResponse = serde_json::from_str(&seen.body)
                        .map_err(|e| failed(&state, &req, ApiError::Internal(e.into())))?;
                    let shown = WebhooksPage {
                        created: Some(created),
                        ..WebhooksPage::default()
                    };
                    show(&state, &req, &desk, &nav, StatusCode::CREATED, shown).await
                }
                Err(e @ (ApiError::Unprocessable { .. } | ApiError::Refused { .. })) => {
                    let (lang, _) = Lang::of(&req);
                    let shown = WebhooksPage {
                        url: form.url,
                        refused: Some(refusal(lang, &e)),
                        ..WebhooksPage::default()
                    };
                    let status = actix_web::ResponseError::status_code(&e);
                    show(&state, &req, &desk, &nav, status, shown).await
                }
                Err(e) => Err(failed(&state, &req, e).into()),
            }
        }
        .await,
    )
}

#[derive(Debug, Deserialize)]
pub struct RemoveForm {
    #[serde(default)]
    csrf: Option<String>,
}

/// Removes hook `hook` with its deliveries not yet sent.
#[post("/admin/tournaments/{id}/webhooks/{hook}/remove")]
pub async fn remove(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<RemoveForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, body.csrf.as_deref())?;
            let (id, hook) = path.into_inner();
            let nav = desk.tournament(&state, &req, id, Section::Webhooks).await?;
            webhooks::delete(&state, desk.caller(), nav.id, hook)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            Ok(see_other(&format!(
                "/admin/tournaments/{}/webhooks?done=removed",
                nav.id
            )))
        }
        .await,
    )
}
