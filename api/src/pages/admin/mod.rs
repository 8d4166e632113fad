//! The organiser's desk (`/login`, `/admin`): signed in by e-mail and password into an
//! HttpOnly cookie holding his token, and every form that changes something carries a CSRF
//! token that must equal a second HttpOnly cookie set at sign-in (double submit: another
//! site can neither read our cookies nor set them, so it cannot fill in the field). The
//! JSON API stays bearer-only.

mod login;
mod tournaments;

use actix_web::http::header::LOCATION;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::auth::Caller;
use crate::auth::extract::caller_from_token;
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
        .service(tournaments::list)
        .service(tournaments::publish)
        .service(tournaments::create);
}

/// A signed-in organiser: his id and the token his forms carry.
struct Desk {
    organizer: i64,
    csrf: String,
}

/// The organiser whose valid token the request's cookie holds, with his forms' token.
fn desk(state: &AppState, req: &HttpRequest) -> Option<Desk> {
    let session = req.cookie(SESSION_COOKIE)?;
    let csrf = req.cookie(CSRF_COOKIE)?.value().to_owned();
    match caller_from_token(&state.keys, session.value()) {
        Ok(Caller::Organizer(organizer)) if !csrf.is_empty() => Some(Desk { organizer, csrf }),
        _ => None,
    }
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
}

/// A 303 to `to`.
fn see_other(to: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((LOCATION, to.to_owned()))
        .finish()
}
