//! Server-rendered pages (tera): printable lists for the club hall. Not part of the JSON
//! API and not in the OpenAPI document. Templates are compiled into the binary, so the
//! service and its image need no template files at run time.
//!
//! Pages read what the JSON API reads, with the same access rules: a published tournament
//! is public; with a bearer token (organiser or captain) its own tournament is readable too.

mod admin;
mod assets;
mod captain;
mod chart;
mod home;
mod i18n;
mod join;
mod plan;
mod players;
mod rounds;
mod season_rules;
mod seasons;
mod session;
mod sheet;
mod standings;
mod tournaments;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};
use tera::{Context, Tera};

use self::i18n::Lang;
use crate::auth::Caller;
use crate::auth::extract::caller;
use crate::error::ApiError;
use crate::services::preview;
use crate::state::AppState;

/// Registers the pages.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(home::home)
        .service(tournaments::show)
        .service(standings::page)
        .service(standings::rows_fragment)
        .service(standings::projector)
        .service(sheet::table_sheet)
        .service(players::list)
        .service(players::player)
        .service(seasons::season)
        .service(seasons::person)
        .service(seasons::projector)
        .service(rounds::round_list)
        .service(plan::plan_page)
        .service(join::form)
        .service(join::submit)
        .service(join::by_link)
        .service(join::leave);
    captain::configure(cfg);
    admin::configure(cfg);
    cfg.app_data(web::Data::new(standings::RowsCache::default()));
    assets::configure(cfg);
}

/// Why a page cannot be shown.
#[derive(Debug)]
pub enum PageError {
    /// Unknown, or not visible to this caller (the same answer, as in the API).
    NotFound,
    /// Anything else; logged with its cause.
    Internal(anyhow::Error),
}

impl From<ApiError> for PageError {
    fn from(e: ApiError) -> PageError {
        match e {
            ApiError::NotFound | ApiError::Unauthenticated | ApiError::Forbidden => {
                PageError::NotFound
            }
            other => PageError::Internal(anyhow::anyhow!("{other}")),
        }
    }
}

/// Who reads a page of one tournament: the bearer of the request's token, or the
/// organiser through a preview link (`?preview=<token>`) made for this tournament.
struct Viewer {
    caller: Result<Caller, ApiError>,
    preview: Option<PreviewView>,
}

/// What a page shows of the preview it is read through.
#[derive(Debug, Clone, Serialize)]
struct PreviewView {
    /// The token, for the links between the tournament's pages.
    token: String,
    /// When the link stops working, as the banner prints it.
    until: String,
}

#[derive(Deserialize)]
struct PreviewQuery {
    preview: Option<String>,
}

/// The organisers' tokens the pages read from `req`: the desk's session cookie and a
/// preview link's token, for the app to screen before any handler runs.
pub(crate) fn presented_tokens(req: &HttpRequest) -> Vec<String> {
    let preview = web::Query::<PreviewQuery>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.into_inner().preview);
    admin::session_token(req)
        .into_iter()
        .chain(preview)
        .collect()
}

impl Viewer {
    /// The reader of a page of tournament `id` (`None` when the path has no valid id). A
    /// preview token that does not open this tournament (forged, expired, another one's, or
    /// one whose organiser changed his password or was removed since) is ignored: the page is then what the request's own token, or the public, sees, so
    /// an unpublished tournament is not found, as without the link.
    async fn of(state: &AppState, req: &HttpRequest, id: Option<i64>) -> Viewer {
        let token = web::Query::<PreviewQuery>::from_query(req.query_string())
            .ok()
            .and_then(|q| q.into_inner().preview);
        let preview = token.zip(id).and_then(|(token, id)| {
            if !crate::auth::screened::stands(req, &token) {
                return None;
            }
            let opened = preview::for_pages(&state.keys, &token, id)?;
            Some((opened, token))
        });
        match preview {
            Some((opened, token)) => {
                // The banner says when the link ends on the tournament's clock. Only a
                // preview reads the tournament for it: every other page load goes on.
                let zone = match id {
                    Some(id) => crate::services::tournaments::get(state, opened.caller.clone(), id)
                        .await
                        .map_or_else(|_| crate::local_time::DEFAULT.to_owned(), |t| t.time_zone),
                    None => crate::local_time::DEFAULT.to_owned(),
                };
                Viewer {
                    caller: Ok(opened.caller),
                    preview: Some(PreviewView {
                        token,
                        until: chrono::DateTime::from_timestamp(opened.expires, 0)
                            .map(|t| crate::local_time::date_and_clock(&zone, t.naive_utc()))
                            .unwrap_or_default(),
                    }),
                }
            }
            // Without a bearer token, the organiser signed in at the desk reads his own
            // tournament's pages (the printed lists, say) as the API would show them to him.
            None => Viewer {
                caller: match caller(req) {
                    Ok(Caller::Public) => {
                        Ok(admin::signed_in(state, req).unwrap_or(Caller::Public))
                    }
                    other => other,
                },
                preview: None,
            },
        }
    }
}

/// What every page shows around its content: the language, the switch to the other one,
/// and the preview banner.
struct Chrome {
    lang: Lang,
    /// The visitor chose the language with `?lang=` (the answer keeps it in a cookie).
    chosen: bool,
    switch: String,
    /// The switch without the page's query, for error pages: a query that led nowhere (a
    /// forged preview token, say) is not carried on.
    bare_switch: String,
}

impl Chrome {
    fn of(req: &HttpRequest) -> Chrome {
        let (lang, chosen) = Lang::of(req);
        Chrome {
            lang,
            chosen,
            switch: i18n::switch_link(req, lang.other()),
            bare_switch: format!("{}?lang={}", req.path(), lang.other().code()),
        }
    }

    /// The context every template gets: `lang`, the texts `t`, `lang_switch`, `preview`
    /// and `preview_query`.
    fn context(&self, preview: Option<&PreviewView>) -> Context {
        let mut context = Context::new();
        context.insert("lang", self.lang.code());
        context.insert("t", self.lang.texts());
        context.insert("lang_switch", &self.switch);
        context.insert("preview", &preview);
        context.insert(
            "preview_query",
            &preview.map_or_else(String::new, |p| format!("?preview={}", p.token)),
        );
        context
    }

    /// Sets the language cookie when the visitor just chose one.
    fn finish(&self, mut page: HttpResponse) -> HttpResponse {
        if self.chosen
            && let Err(e) = page.add_cookie(&self.lang.cookie())
        {
            tracing::warn!(error = %e, "language cookie not set");
        }
        page
    }
}

/// Renders `model` with `template`, or the error page for `result`'s error. A page read
/// through `preview` says it is a preview, its links carry the token on (`preview_query`,
/// empty otherwise), and it is kept out of search engines and shared caches, since its
/// address holds the token.
fn respond<T: Serialize>(
    tera: &Tera,
    req: &HttpRequest,
    template: &str,
    result: Result<T, PageError>,
    preview: Option<&PreviewView>,
) -> HttpResponse {
    let chrome = Chrome::of(req);
    respond_with(tera, &chrome, StatusCode::OK, template, result, preview)
}

/// `page` marked as one for its reader alone (a preview of what is not published yet):
/// no shared cache keeps it, no search engine lists it.
fn kept_private(mut page: HttpResponse) -> HttpResponse {
    let headers = page.headers_mut();
    for (name, value) in [
        ("x-robots-tag", "noindex, nofollow"),
        ("cache-control", "private, no-store"),
    ] {
        headers.insert(
            actix_web::http::header::HeaderName::from_static(name),
            actix_web::http::header::HeaderValue::from_static(value),
        );
    }
    page
}

/// As [`respond`], with the status of a page that renders (a form shown again with its
/// error is a 4xx, not a 200).
fn respond_status<T: Serialize>(
    tera: &Tera,
    req: &HttpRequest,
    status: StatusCode,
    template: &str,
    model: &T,
) -> HttpResponse {
    let chrome = Chrome::of(req);
    respond_with(tera, &chrome, status, template, Ok(model), None)
}

/// `model` rendered with the fragment `template` for a page that follows live: tagged with
/// the digest of what it shows (`ETag`), and an empty 304 when `If-None-Match` names that
/// tag, so a phone on a poor line that asks every few seconds costs a few bytes while
/// nothing changed. An error renders the error page, as [`respond`] does.
fn respond_tagged<T: Serialize>(
    tera: &Tera,
    req: &HttpRequest,
    template: &str,
    model: &T,
) -> HttpResponse {
    use actix_web::http::header::{CACHE_CONTROL, ETAG, IF_NONE_MATCH};
    let chrome = Chrome::of(req);
    let mut context = chrome.context(None);
    let rendered = Context::from_serialize(model).and_then(|model| {
        context.extend(model);
        tera.render(template, &context)
    });
    let html = match rendered {
        Ok(html) => html,
        Err(e) => return respond_with_error(tera, req, PageError::Internal(e.into())),
    };
    let tag = format!("\"{}\"", &crate::extract::digest(html.as_bytes())[..32]);
    let seen = req
        .headers()
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|t| t.trim().trim_start_matches("W/") == tag)
        });
    let mut answer = if seen {
        HttpResponse::NotModified().finish()
    } else {
        html_response(StatusCode::OK, html)
    };
    for (name, value) in [(ETAG, tag.as_str()), (CACHE_CONTROL, "no-cache")] {
        if let Ok(value) = actix_web::http::header::HeaderValue::from_str(value) {
            answer.headers_mut().insert(name, value);
        }
    }
    chrome.finish(answer)
}

/// The error page for `error` (404 or 500, the latter logged).
fn respond_with_error(tera: &Tera, req: &HttpRequest, error: PageError) -> HttpResponse {
    let chrome = Chrome::of(req);
    respond_with::<()>(tera, &chrome, StatusCode::OK, "", Err(error), None)
}

fn respond_with<T: Serialize>(
    tera: &Tera,
    chrome: &Chrome,
    status: StatusCode,
    template: &str,
    result: Result<T, PageError>,
    preview: Option<&PreviewView>,
) -> HttpResponse {
    let rendered = result.and_then(|model| {
        let mut context = chrome.context(preview);
        Context::from_serialize(&model)
            .and_then(|model| {
                context.extend(model);
                tera.render(template, &context)
            })
            .map_err(|e| PageError::Internal(e.into()))
    });
    let page = match rendered {
        Ok(html) if preview.is_some() => kept_private(html_response(status, html)),
        Ok(html) => html_response(status, html),
        Err(PageError::NotFound) => {
            error_page(tera, chrome, StatusCode::NOT_FOUND, "errors/404.html")
        }
        Err(PageError::Internal(e)) => {
            tracing::error!(error = ?e, template, "page failed");
            error_page(
                tera,
                chrome,
                StatusCode::INTERNAL_SERVER_ERROR,
                "errors/500.html",
            )
        }
    };
    chrome.finish(page)
}

fn error_page(tera: &Tera, chrome: &Chrome, status: StatusCode, template: &str) -> HttpResponse {
    let mut context = chrome.context(None);
    context.insert("lang_switch", &chrome.bare_switch);
    match tera.render(template, &context) {
        Ok(html) => html_response(status, html),
        Err(e) => {
            tracing::error!(error = ?e, template, "error page failed");
            HttpResponse::build(status)
                .content_type("text/plain; charset=utf-8")
                .body(status.canonical_reason().unwrap_or("Error"))
        }
    }
}

fn html_response(status: StatusCode, html: String) -> HttpResponse {
    HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .body(html)
}

/// A whole number typed into form field `field` (spaces around it ignored), or the API's
/// 422 naming the field: what every page's number fields share.
fn whole_number<T: std::str::FromStr>(field: &str, typed: &str) -> Result<T, ApiError> {
    typed
        .trim()
        .parse()
        .map_err(|_| ApiError::field("invalid_body", field, "invalid_value", "a whole number"))
}

/// Per round (round 1 first, `rounds` of them): whether the organiser set that round's
/// result for the player's table (it could not play), from the standings'
/// `adjusted_rounds`; the pages mark those cells.
pub(crate) fn set_rounds(adjusted: &[u16], rounds: usize) -> Vec<bool> {
    (1..=u16::MAX)
        .take(rounds)
        .map(|r| adjusted.contains(&r))
        .collect()
}

/// A tournament's heading on every page.
#[derive(Debug, Serialize)]
struct TournamentHeading {
    name: String,
    date: String,
    venue: Option<String>,
    /// The rules it is played by, as text keys (`partials/_rules.html` shows them).
    rules: RulesLine,
    /// When it was finished, in the hall's time: its standings are final.
    finished: Option<String>,
}

impl From<&crate::services::view::Tournament> for TournamentHeading {
    fn from(t: &crate::services::view::Tournament) -> TournamentHeading {
        TournamentHeading {
            name: t.name.clone(),
            date: t.held_on.format("%d.%m.%Y").to_string(),
            venue: t.venue.clone(),
            rules: RulesLine::of(t.game),
            finished: t
                .finished_at
                .map(|at| crate::local_time::date_and_clock(&t.time_zone, at)),
        }
    }
}

/// The rules a tournament is played by as every page and printed sheet names them: the
/// ruleset's text key (the preset's, while the switches are one), then one key per house
/// rule switched on, and the soloist's factor
/// where it is not the TSR's.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RulesLine {
    keys: Vec<String>,
    solo_multiplier: Option<u8>,
}

impl RulesLine {
    pub(crate) fn of(game: domain::game::Game) -> RulesLine {
        // House rules that are still a preset are named by it ("Familienabend: …").
        let preset = game
            .ruleset()
            .and_then(|r| domain::game::Preset::of(&r))
            .filter(|p| *p != domain::game::Preset::Ddv);
        let first = match preset {
            Some(p) => format!("rules_preset_{}", p.name()),
            None => format!("rules_{}", crate::wire::game::ruleset_name(game)),
        };
        let mut keys = vec![first];
        if let domain::game::Game::DoubleheadKids(kids) = game {
            for (on, key) in [
                (kids.advanced, "rules_kids_advanced"),
                (kids.play_on, "rules_kids_play_on"),
            ] {
                if on {
                    keys.push(key.to_owned());
                }
            }
        }
        let mut solo_multiplier = None;
        if let Some(r) = game.ruleset().filter(|r| !r.is_ddv()) {
            use domain::game::{AnnouncementScoring, KarlchenRule, Schweinchen, SecondHeartTen};
            if r.announcements != AnnouncementScoring::Adding {
                keys.push(format!("rules_announcements_{}", r.announcements.as_str()));
            }
            if r.second_heart_ten != SecondHeartTen::Off {
                keys.push(format!(
                    "rules_second_heart_ten_{}",
                    r.second_heart_ten.as_str()
                ));
            }
            if r.schweinchen != Schweinchen::Off {
                keys.push(format!("rules_schweinchen_{}", r.schweinchen.as_str()));
            }
            if r.karlchen != KarlchenRule::Ddv {
                keys.push(format!("rules_karlchen_{}", r.karlchen.as_str()));
            }
            for (on, key) in [
                (r.armut, "rules_armut"),
                (r.five_nines, "rules_five_nines"),
                (r.five_kings, "rules_five_kings"),
                (r.bock_rounds, "rules_bock_rounds"),
                (r.without_nines, "rules_without_nines"),
                (r.solos_on_top, "rules_solos_on_top"),
                (r.without_pflichtsolo, "rules_without_pflichtsolo"),
                (r.queens_need_121, "rules_queens_need_121"),
                (r.schwarz_by_card_points, "rules_schwarz_by_card_points"),
                (r.failed_absage_all_levels, "rules_failed_absage_all_levels"),
                (r.info_call_deadlines, "rules_info_call_deadlines"),
                (r.forced_announcement, "rules_forced_announcement"),
                (r.schweinchen_forces_call, "rules_schweinchen_forces_call"),
                (r.half_a_chicken, "rules_half_a_chicken"),
                (r.armut_three_cards, "rules_armut_three_cards"),
                (r.wedding_names_trick, "rules_wedding_names_trick"),
                (r.super_schweinchen, "rules_super_schweinchen"),
                (
                    r.forced_announcement_raises,
                    "rules_forced_announcement_raises",
                ),
                (r.first_fox_piglet, "rules_first_fox_piglet"),
                (r.fox_last_trick_two, "rules_fox_last_trick_two"),
                (r.heart_ten_point, "rules_heart_ten_point"),
                (r.armut_alten_by_queens, "rules_armut_alten_by_queens"),
            ] {
                if on {
                    keys.push(key.to_owned());
                }
            }
            solo_multiplier = (r.solo_multiplier != domain::game::Ruleset::DDV.solo_multiplier)
                .then_some(r.solo_multiplier);
        }
        RulesLine {
            keys,
            solo_multiplier,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_compiles() {
        let tera = crate::templates::load().expect("templates compile");
        for (name, _) in crate::templates::TEMPLATES {
            assert!(tera.get_template_names().any(|n| n == *name), "{name}");
        }
    }

    #[test]
    fn error_pages_render_without_a_model() {
        let tera = crate::templates::load().expect("templates compile");
        let req = actix_web::test::TestRequest::get().to_http_request();
        let chrome = Chrome::of(&req);
        let page = error_page(&tera, &chrome, StatusCode::NOT_FOUND, "errors/404.html");
        assert_eq!(page.status(), StatusCode::NOT_FOUND);
        let page = error_page(&tera, &chrome, StatusCode::NOT_FOUND, "errors/missing.html");
        assert_eq!(page.status(), StatusCode::NOT_FOUND, "plain-text fallback");
    }
}
