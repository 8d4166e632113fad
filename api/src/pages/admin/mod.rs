//! The organiser's desk (`/login`, `/admin`): signed in by e-mail and password into an
//! HttpOnly cookie holding his token, and every form that changes something carries a CSRF
//! token that must equal a second HttpOnly cookie set at sign-in (double submit: another
//! site can neither read our cookies nor set them, so it cannot fill in the field). The
//! JSON API stays bearer-only.
//!
//! Every page of one tournament goes through [`Desk::tournament`] (his, or not found) and
//! [`render`] (the tournament's navigation, the form token, `no-store`); every form
//! through [`Desk::guard`].

mod audit;
mod ending;
mod game_form;
mod invite;
mod login;
mod monitor;
mod organizers;
mod overview;
mod password;
mod players;
mod print;
mod register;
mod removal;
mod results_import;
mod rounds;
mod seasons;
mod standings;
mod tournaments;
mod upload;
mod webhook_log;
mod webhooks;

use actix_web::http::header::{CACHE_CONTROL, HeaderValue, LOCATION};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use serde::Serialize;

use super::i18n::Lang;
use super::session::{referring_page, same_origin};
use super::{PageError, respond_status, respond_with_error};
use crate::auth::Caller;
use crate::auth::extract::caller_from_token;
use crate::error::ApiError;
use crate::services;
use crate::services::view::Tournament;
use crate::state::AppState;

/// The cookie holding the organiser's token.
const SESSION_COOKIE: &str = "karlchen_organizer";
/// The cookie holding the token his forms must carry.
const CSRF_COOKIE: &str = "karlchen_csrf";
/// The form field that carries it.
const CSRF_FIELD: &str = "csrf";

/// Registers the desk's pages.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(login::form)
        .service(login::submit)
        .service(login::logout)
        .service(password::form)
        .service(password::change)
        .service(tournaments::list)
        .service(tournaments::publish)
        .service(tournaments::create)
        .service(results_import::import)
        .service(overview::page)
        .service(monitor::show)
        .service(monitor::fragment)
        .service(monitor::table_page)
        // Before `…/deals/{number}`, which would take "new" for a number and refuse it.
        .service(monitor::entry_form)
        .service(monitor::enter_deal)
        .service(monitor::correction)
        .service(monitor::correct)
        .service(monitor::delete_deal)
        .service(monitor::add_penalty)
        .service(monitor::delete_penalty)
        .service(monitor::issue_code)
        .service(monitor::revoke_code)
        .service(monitor::time_up)
        .service(monitor::extend)
        .service(monitor::set_adjustment)
        .service(monitor::remove_adjustment)
        .service(monitor::stop_table)
        .service(monitor::resume_table)
        .service(players::list)
        .service(players::add)
        .service(players::upload)
        .service(players::check_in)
        .service(players::withdraw)
        .service(players::disqualify)
        .service(players::lift_disqualification)
        .service(players::edit)
        .service(players::delete)
        .service(print::index)
        .service(print::issue_codes)
        .service(print::tables::page)
        .service(print::sheets::round)
        .service(print::sheets::blank)
        .service(print::cards::page)
        .service(print::standings::page)
        .service(print::standings::certificates)
        .service(overview::save)
        .service(overview::preview_link)
        .service(organizers::add)
        .service(organizers::remove)
        .service(organizers::withdraw)
        .service(invite::page)
        .service(invite::accept)
        .service(removal::confirm)
        .service(removal::delete)
        .service(standings::csv)
        .service(standings::results_document)
        .service(standings::ddv_csv)
        .service(standings::page)
        .service(ending::finish)
        .service(ending::reopen)
        .service(webhooks::page)
        .service(webhooks::add)
        .service(webhooks::remove)
        .service(webhook_log::log)
        .service(webhook_log::retry)
        .service(webhooks::season_page)
        .service(webhooks::season_add)
        .service(webhooks::season_remove)
        .service(webhook_log::season_log)
        .service(webhook_log::season_retry)
        .service(audit::page)
        .service(seasons::list)
        .service(seasons::create)
        .service(seasons::csv)
        .service(print::season::page)
        .service(seasons::page)
        .service(seasons::save)
        .service(seasons::add)
        .service(seasons::remove)
        .service(seasons::link)
        .service(seasons::delete)
        .service(register::page)
        .service(register::import)
        .service(register::merge);
    rounds::configure(cfg);
}

/// The page that answers a form from an earlier session's page.
const STALE: &str = "pages/admin/stale.html";

/// What [`STALE`] shows: the page to go back to.
#[derive(Serialize)]
struct Stale {
    back: String,
}

/// A signed-in organiser: his id and the token his forms carry.
struct Desk {
    organizer: i64,
    csrf: String,
}

/// The desk's session token, if the request's cookie holds one.
pub(super) fn session_token(req: &HttpRequest) -> Option<String> {
    req.cookie(SESSION_COOKIE).map(|c| c.value().to_owned())
}

/// The organiser whose valid token the request's cookie holds, with his forms' token.
fn desk(state: &AppState, req: &HttpRequest) -> Option<Desk> {
    let session = req.cookie(SESSION_COOKIE)?;
    let csrf = req.cookie(CSRF_COOKIE)?.value().to_owned();
    match caller_from_token(req, &state.keys, session.value()) {
        Ok(Caller::Organizer(organizer)) if !csrf.is_empty() => Some(Desk { organizer, csrf }),
        _ => None,
    }
}

/// The organiser signed in at the desk, for the pages that only read (the printed lists,
/// the public pages of an unpublished tournament): reading needs no form token.
pub(super) fn signed_in(state: &AppState, req: &HttpRequest) -> Option<Caller> {
    desk(state, req).map(|d| Caller::Organizer(d.organizer))
}

impl Desk {
    /// Whether a posted form carries this session's token (compared in constant time).
    fn accepts(&self, posted: Option<&str>) -> bool {
        let Some(posted) = posted else {
            return false;
        };
        let (a, b) = (self.csrf.as_bytes(), posted.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }

    /// A changing form is let through only from our own pages with this session's token;
    /// anything else is a 403 that changes nothing. A form of ours with another token is a
    /// page left open from an earlier session (he signed in again in another tab): it is
    /// told so, in words, with the way back to the page.
    fn guard(&self, req: &HttpRequest, posted: Option<&str>) -> Step<()> {
        if !same_origin(req) {
            Err(ApiError::Forbidden.error_response().into())
        } else if self.accepts(posted) {
            Ok(())
        } else {
            Err(self.stale(req).into())
        }
    }

    /// The answer to a form from an earlier session's page: nothing was changed, and the
    /// page it came from, to load afresh.
    fn stale(&self, req: &HttpRequest) -> HttpResponse {
        let Some(state) = req.app_data::<web::Data<AppState>>() else {
            return ApiError::Forbidden.error_response();
        };
        let back = form_page(req).unwrap_or_else(|| "/admin".to_owned());
        render(
            state,
            req,
            self,
            None,
            StatusCode::FORBIDDEN,
            STALE,
            &Stale { back },
        )
    }

    /// The caller the services see.
    fn caller(&self) -> Caller {
        Caller::Organizer(self.organizer)
    }

    /// Tournament `id` if he runs it; another's, or none, is the 404 page (as in the API,
    /// an id reveals nothing).
    async fn tournament(
        &self,
        state: &AppState,
        req: &HttpRequest,
        id: i64,
        section: Section,
    ) -> Step<Nav> {
        match services::tournaments::run_by(state, self.organizer, id).await {
            Ok(row) => Ok(Nav::of(&row, section)),
            Err(e) => Err(failed(state, req, e).into()),
        }
    }
}

/// The part of a tournament's desk a page belongs to (the navigation marks it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
enum Section {
    Overview,
    Players,
    Rounds,
    Monitor,
    Print,
    Standings,
    Webhooks,
    Audit,
}

/// What the navigation of a tournament's desk pages shows.
#[derive(Debug, Clone, Serialize)]
struct Nav {
    id: i64,
    name: String,
    /// `dd.mm.yyyy`.
    date: String,
    venue: Option<String>,
    /// The rules it is played by.
    rules: crate::pages::RulesLine,
    published: bool,
    section: Section,
    /// Its time zone: the desk's times are shown in it ([`crate::local_time`]).
    time_zone: String,
    /// When it was finished, in the hall's time (`28.11.2026 19:40`): its standings are
    /// final.
    finished: Option<String>,
}

impl Nav {
    fn of(row: &Tournament, section: Section) -> Nav {
        Nav {
            id: row.id,
            name: row.name.clone(),
            date: row.held_on.format("%d.%m.%Y").to_string(),
            venue: row.venue.clone(),
            rules: crate::pages::RulesLine::of(row.game),
            published: row.published,
            section,
            time_zone: row.time_zone.clone(),
            finished: row
                .finished_at
                .map(|at| crate::local_time::date_and_clock(&row.time_zone, at)),
        }
    }
}

/// A desk page's model with what every desk page has: the form token and its field, and
/// the tournament's navigation (`nav`, absent on the list of tournaments).
#[derive(Serialize)]
struct Framed<'a, T: Serialize> {
    csrf: &'a str,
    csrf_field: &'static str,
    nav: Option<&'a Nav>,
    #[serde(flatten)]
    page: &'a T,
}

/// Renders a desk page with `status`. Its pages hold the form token: no cache keeps them.
fn render<T: Serialize>(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    nav: Option<&Nav>,
    status: StatusCode,
    template: &str,
    page: &T,
) -> HttpResponse {
    let framed = Framed {
        csrf: &desk.csrf,
        csrf_field: CSRF_FIELD,
        nav,
        page,
    };
    no_store(respond_status(&state.pages, req, status, template, &framed))
}

/// The answer to a request the services refused or could not do, as a page: not found
/// (another's tournament, a round that does not exist) is the 404 page, anything
/// unexpected the 500 page (logged). A refusal a form should show is shown by the form's
/// own page; this is for what the page cannot help with.
fn failed(state: &AppState, req: &HttpRequest, e: ApiError) -> HttpResponse {
    no_store(respond_with_error(&state.pages, req, PageError::from(e)))
}

/// The names of tournament `id`'s organisers by audit actor (`organizer:<id>`), for
/// [`who`].
async fn actors(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    id: i64,
) -> Step<std::collections::HashMap<String, String>> {
    Ok(
        crate::services::co_organizers::list(state, desk.caller(), id)
            .await
            .map_err(|e| failed(state, req, e))?
            .into_iter()
            .map(|o| (format!("organizer:{}", o.organizer_id), o.name))
            .collect(),
    )
}

/// Who made a change the audit log names by `actor`: what kind of actor (Turnierleitung,
/// Listenführer, an import), and an organiser of the tournament by his name in `names`.
fn who(lang: Lang, names: &std::collections::HashMap<String, String>, actor: &str) -> String {
    let kind = actor.split(':').next().unwrap_or_default();
    let role = lang.text_or(&format!("desk_monitor_actor_{kind}"), actor);
    match names.get(actor) {
        Some(name) if *name != role => format!("{role} ({name})"),
        _ => role,
    }
}

/// `Cache-Control: private, no-store` on a desk answer.
fn no_store(mut answer: HttpResponse) -> HttpResponse {
    answer
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    answer
}

/// The text of a refusal in `lang`: the problem's stable `code` picks it
/// (`desk_error_<code>` in the texts), its detail when the texts do not name the code.
fn refusal_text(lang: Lang, e: &ApiError) -> String {
    let problem = e.problem();
    lang.text_or(&format!("desk_error_{}", problem.code), &problem.detail)
}

/// Signed in, or sent to the sign-in form, which brings him back to what he was doing.
fn signed_in_or_login(state: &AppState, req: &HttpRequest) -> Step<Desk> {
    desk(state, req).ok_or_else(|| to_sign_in(req).into())
}

/// The sign-in form, told which desk page to open after it: the page asked for, or, for a
/// form, the page it was sent from (the form itself is not sent again: it carried an
/// ended session's token, and he should see the page before he changes anything).
fn to_sign_in(req: &HttpRequest) -> HttpResponse {
    let next = if req.method() == Method::GET {
        req.uri().path_and_query().map(|p| p.as_str().to_owned())
    } else {
        form_page(req)
    };
    // The desk's start is where the form leads anyway.
    match next
        .as_deref()
        .and_then(desk_page)
        .filter(|&p| p != "/admin")
    {
        Some(page) => match serde_urlencoded::to_string([("next", page)]) {
            Ok(query) => see_other(&format!("/login?{query}")),
            Err(_) => see_other("/login"),
        },
        None => see_other("/login"),
    }
}

/// The desk page a posted form was on (its `Referer`), as a page to load afresh. A page
/// the desk showed in answer to a form (a refusal) stands at the form's address, which
/// takes posts only: such an address leads to the page of its part of the desk (a
/// tournament's players, rounds, …; a table's page) instead.
fn form_page(req: &HttpRequest) -> Option<String> {
    let page = referring_page(req)?;
    let page = desk_page(&page)?;
    let path = page.split('?').next().unwrap_or_default();
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let part = match parts.as_slice() {
        ["admin", "tournaments", _, section] if PAGES.contains(section) => {
            return Some(page.to_owned());
        }
        // A deal's correction page takes its own form.
        ["admin", "tables", _, "deals", _] => return Some(page.to_owned()),
        ["admin", "tournaments", id, section, ..] if PAGES.contains(section) => {
            format!("/admin/tournaments/{id}/{section}")
        }
        ["admin", "tournaments", id, _, ..] => format!("/admin/tournaments/{id}"),
        ["admin", "tables", id, _, ..] => format!("/admin/tables/{id}"),
        _ => return Some(page.to_owned()),
    };
    Some(part)
}

/// What stands after a tournament's address (`/admin/tournaments/{id}/…`) on the pages of
/// its desk.
const PAGES: [&str; 8] = [
    "players",
    "rounds",
    "monitor",
    "print",
    "standings",
    "webhooks",
    "audit",
    "delete",
];

/// `page` when it is a page of the desk (`/admin`, `/admin/…`, `/admin?…`): the only
/// places the sign-in form sends a browser on to, so that a link to it cannot send a
/// signed-in organiser to another site.
fn desk_page(page: &str) -> Option<&str> {
    let rest = page.strip_prefix("/admin")?;
    let desk = rest.is_empty() || rest.starts_with('/') || rest.starts_with('?');
    let plain =
        !page.contains(['\\', '#']) && !page.contains("//") && !page.chars().any(char::is_control);
    (desk && plain && page.len() <= 2000).then_some(page)
}

/// An answer given instead of the page: the sign-in form, a 403 for a form without its
/// token, the 404 page. Handlers write their steps with `?` inside `async { .. }` and hand
/// the outcome to [`answer`].
struct Stop(Box<HttpResponse>);

impl From<HttpResponse> for Stop {
    fn from(answer: HttpResponse) -> Stop {
        Stop(Box::new(answer))
    }
}

/// A step of a desk handler: its value, or the answer that ends the request.
type Step<T> = Result<T, Stop>;

/// The page, or the answer a step stopped with.
fn answer(outcome: Step<HttpResponse>) -> HttpResponse {
    outcome.unwrap_or_else(|stop| *stop.0)
}

/// A 303 to `to`.
fn see_other(to: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((LOCATION, to.to_owned()))
        .finish()
}

#[cfg(test)]
mod tests {
    use super::{desk_page, form_page};

    /// The page a form sent from `referer` leads back to.
    fn back(referer: &str) -> Option<String> {
        let req = actix_web::test::TestRequest::post()
            .uri("/admin/tournaments")
            .insert_header(("Host", "hall.local"))
            .insert_header(("Referer", referer))
            .to_http_request();
        form_page(&req)
    }

    #[test]
    fn a_form_leads_back_to_the_page_it_was_on() {
        let on = |page: &str| back(&format!("http://hall.local{page}"));
        for page in [
            "/admin",
            "/admin/tournaments/4",
            "/admin/tournaments/4/players?q=Erna",
            "/admin/tournaments/4/rounds",
            "/admin/tournaments/4/delete",
            "/admin/tables/9",
            "/admin/tables/9/deals/12",
        ] {
            assert_eq!(on(page).as_deref(), Some(page));
        }
        // A refusal shown at a form's address leads to its part of the desk.
        for (shown, page) in [
            (
                "/admin/tournaments/4/rounds/7/close",
                "/admin/tournaments/4/rounds",
            ),
            (
                "/admin/tournaments/4/players/5/checked-in",
                "/admin/tournaments/4/players",
            ),
            ("/admin/tournaments/4/save", "/admin/tournaments/4"),
            ("/admin/tables/9/penalties", "/admin/tables/9"),
        ] {
            assert_eq!(on(shown).as_deref(), Some(page), "{shown}");
        }
        // Nothing of another host, and nothing outside the desk.
        assert_eq!(back("http://evil.example/admin/tournaments/4"), None);
        assert_eq!(back("http://hall.local/tournaments/4/standings"), None);
    }

    #[test]
    fn only_desk_pages_are_followed() {
        for page in ["/admin", "/admin/tournaments/1", "/admin?x=1"] {
            assert_eq!(desk_page(page), Some(page));
        }
        for page in [
            "/administrator",
            "//evil.example/admin",
            "/admin//evil.example",
            "/admin\\evil",
            "https://evil.example/admin",
            "/admin/\u{7}",
            "/tournaments/1",
        ] {
            assert_eq!(desk_page(page), None, "{page:?}");
        }
    }
}
