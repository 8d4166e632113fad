//! The webhooks of a tournament or a season at the desk: the hooks with their last
//! delivery, a form to add one (its secret shown once, on the answer to that form) and one
//! to remove each, through the services of `…/api/v1/tournaments/{id}/webhooks` and
//! `…/api/v1/seasons/{id}/webhooks` (audited there).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};

use super::{Desk, Nav, Section, Step, answer, failed, render, see_other, signed_in_or_login};
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::services::{seasons, webhooks};
use crate::state::AppState;
use crate::wire::webhooks::{WebhookRequest, WebhookResponse};

const TEMPLATE: &str = "pages/admin/webhooks.html";

/// Whose hooks a desk page shows: a tournament's (with its navigation) or a season's.
pub(super) struct Holder {
    pub(super) owner: webhooks::Owner,
    /// The tournament's navigation; `None` for a season.
    pub(super) nav: Option<Nav>,
    /// The holder's desk page the hooks' pages hang under (`/admin/seasons/3`).
    pub(super) base: String,
    /// Its name, for the title.
    pub(super) name: String,
    /// The zone the log's times are shown in: the tournament's; a season's evenings may be
    /// anywhere, so the default.
    pub(super) time_zone: String,
}

impl Holder {
    /// Tournament `id`'s, for its organisers (the desk's refusal page otherwise).
    pub(super) async fn tournament(
        state: &AppState,
        req: &HttpRequest,
        desk: &Desk,
        id: i64,
    ) -> Step<Holder> {
        let nav = desk.tournament(state, req, id, Section::Webhooks).await?;
        Ok(Holder {
            owner: webhooks::Owner::Tournament(nav.id),
            base: format!("/admin/tournaments/{}", nav.id),
            name: nav.name.clone(),
            time_zone: nav.time_zone.clone(),
            nav: Some(nav),
        })
    }

    /// Season `id`'s, for its organiser (404 for anyone else, as the service answers).
    pub(super) async fn season(
        state: &AppState,
        req: &HttpRequest,
        desk: &Desk,
        id: i64,
    ) -> Step<Holder> {
        let season = seasons::owned_by(state, desk.caller(), id)
            .await
            .map_err(|e| failed(state, req, e))?;
        Ok(Holder {
            owner: webhooks::Owner::Season(season.id),
            nav: None,
            base: format!("/admin/seasons/{}", season.id),
            name: season.name,
            time_zone: crate::local_time::DEFAULT.to_owned(),
        })
    }

    /// Renders `template` with `model`, framed as the holder's desk page.
    pub(super) fn render<T: Serialize>(
        &self,
        state: &AppState,
        req: &HttpRequest,
        desk: &Desk,
        status: StatusCode,
        template: &str,
        model: &T,
    ) -> HttpResponse {
        render(state, req, desk, self.nav.as_ref(), status, template, model)
    }
}

#[derive(Debug, Default, Serialize)]
struct WebhooksPage {
    /// The holder's desk page (`/admin/tournaments/5`).
    base: String,
    /// The holder's name.
    name: String,
    /// Whether the holder is a season (its own text, a way back to it).
    season: bool,
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

/// Shows the page with the hooks and `shown`'s other parts.
async fn show(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    holder: &Holder,
    status: StatusCode,
    shown: WebhooksPage,
) -> Step<HttpResponse> {
    let hooks = webhooks::list(state, desk.caller(), holder.owner)
        .await
        .map_err(|e| failed(state, req, e))?;
    let model = WebhooksPage {
        base: holder.base.clone(),
        name: holder.name.clone(),
        season: holder.nav.is_none(),
        hooks,
        events: webhooks::events_of(holder.owner),
        ..shown
    };
    Ok(holder.render(state, req, desk, status, TEMPLATE, &model))
}

/// The page of `holder`'s hooks, after what `query` says was done.
async fn page_of(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    holder: &Holder,
    query: DoneQuery,
) -> Step<HttpResponse> {
    let shown = WebhooksPage {
        done: query.done.filter(|d| d == "removed"),
        ..WebhooksPage::default()
    };
    show(state, req, desk, holder, StatusCode::OK, shown).await
}

/// A tournament's webhooks page.
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
            let holder = Holder::tournament(&state, &req, &desk, *id).await?;
            page_of(&state, &req, &desk, &holder, query.into_inner()).await
        }
        .await,
    )
}

/// A season's webhooks page.
#[get("/admin/seasons/{id}/webhooks")]
pub async fn season_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    query: web::Query<DoneQuery>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let holder = Holder::season(&state, &req, &desk, *id).await?;
            page_of(&state, &req, &desk, &holder, query.into_inner()).await
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
    #[serde(default, rename = "season.standings.changed")]
    season_standings_changed: Option<String>,
}

impl AddForm {
    /// The hook the form asks for: the URL and the events ticked.
    fn request(&self) -> WebhookRequest {
        let ticked = [
            ("deal.created", &self.deal_created),
            ("deal.corrected", &self.deal_corrected),
            ("round.closed", &self.round_closed),
            ("standings.changed", &self.standings_changed),
            ("tournament.finished", &self.tournament_finished),
            ("tournament.reopened", &self.tournament_reopened),
            ("season.standings.changed", &self.season_standings_changed),
        ];
        WebhookRequest {
            url: self.url.clone(),
            events: ticked
                .iter()
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

/// Adds a hook to `holder` and shows the page with its secret (201): the only time it is
/// shown, so the answer is the page rather than a redirect. A refused form is shown again
/// with the URL kept and the reason (422).
async fn add_to(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    holder: &Holder,
    form: AddForm,
) -> Step<HttpResponse> {
    let registered =
        webhooks::register(state, None, desk.caller(), holder.owner, &form.request()).await;
    match registered {
        Ok(seen) => {
            let created: WebhookResponse = serde_json::from_str(&seen.body)
                .map_err(|e| failed(state, req, ApiError::Internal(e.into())))?;
            let shown = WebhooksPage {
                created: Some(created),
                ..WebhooksPage::default()
            };
            show(state, req, desk, holder, StatusCode::CREATED, shown).await
        }
        Err(e @ (ApiError::Unprocessable { .. } | ApiError::Refused { .. })) => {
            let (lang, _) = Lang::of(req);
            let shown = WebhooksPage {
                url: form.url,
                refused: Some(refusal(lang, &e)),
                ..WebhooksPage::default()
            };
            let status = actix_web::ResponseError::status_code(&e);
            show(state, req, desk, holder, status, shown).await
        }
        Err(e) => Err(failed(state, req, e).into()),
    }
}

/// Adds a hook to a tournament.
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
            let holder = Holder::tournament(&state, &req, &desk, *id).await?;
            add_to(&state, &req, &desk, &holder, form).await
        }
        .await,
    )
}

/// Adds a hook to a season.
#[post("/admin/seasons/{id}/webhooks")]
pub async fn season_add(
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
            let holder = Holder::season(&state, &req, &desk, *id).await?;
            add_to(&state, &req, &desk, &holder, form).await
        }
        .await,
    )
}

#[derive(Debug, Deserialize)]
pub struct RemoveForm {
    #[serde(default)]
    csrf: Option<String>,
}

/// Removes hook `hook` of `holder` with its deliveries not yet sent; back to the list.
async fn remove_from(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    holder: &Holder,
    hook: i64,
) -> Step<HttpResponse> {
    webhooks::delete(state, desk.caller(), holder.owner, hook)
        .await
        .map_err(|e| failed(state, req, e))?;
    Ok(see_other(&format!("{}/webhooks?done=removed", holder.base)))
}

/// Removes a tournament's hook.
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
            let holder = Holder::tournament(&state, &req, &desk, id).await?;
            remove_from(&state, &req, &desk, &holder, hook).await
        }
        .await,
    )
}

/// Removes a season's hook.
#[post("/admin/seasons/{id}/webhooks/{hook}/remove")]
pub async fn season_remove(
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
            let holder = Holder::season(&state, &req, &desk, id).await?;
            remove_from(&state, &req, &desk, &holder, hook).await
        }
        .await,
    )
}
