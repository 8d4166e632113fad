//! The captain's phone under `/table`: the table (who plays, whose deal, the banners, the
//! totals and the entry form), the sheet (every deal, correcting or deleting the last),
//! and the script's outbox. Every page works with plain form posts; `captain.js` makes
//! them quicker and keeps entries made without a connection.
//!
//! The captain is the one the cookie names (`session::captain`); without a valid cookie
//! every page sends the phone to `/join`, and a code revoked since is sent there with the
//! reason. Everything goes through the services the JSON API uses: the page translates
//! its form into the API's deal body ([`form`]) and shows what the service answers.

mod family;
pub(super) mod form;
pub(super) mod preview;
mod reply;
mod sheet;
mod signing;
mod table;
pub(super) mod view;

use actix_web::cookie::{Cookie, SameSite, time::Duration};
use actix_web::http::header::LOCATION;
use actix_web::{HttpRequest, HttpResponse, web};

use super::session::{self, captain_logout};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::state::AppState;

/// Registers the captain's pages.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(table::show)
        .service(table::enter)
        .service(table::state_fragment)
        .service(sheet::show)
        .service(sheet::correction)
        .service(sheet::correct)
        .service(sheet::delete)
        .service(signing::sign)
        .service(signing::withdraw);
}

/// The API's deal body for `form` posted to table `table_id`: the table's rules say how
/// many tricks a deal has, which the form needs to turn Kontra's count into Re's.
pub(super) async fn deal_body(
    state: &AppState,
    caller: &Caller,
    table_id: i64,
    form: &form::DealForm,
) -> Result<crate::wire::deal::DealBody, ApiError> {
    let caller = caller.clone();
    let rules = state
        .db
        .run(move |conn| crate::services::tables::rules(conn, table_id, &caller))
        .await?;
    form.to_body(&rules)
}

/// The cookie that carries a short note from a write to the page it redirects to.
const FLASH_COOKIE: &str = "karlchen_flash";

/// The captain the request's cookie names, with his table; `None` sends the phone to
/// [`to_join`].
fn captain(state: &AppState, req: &HttpRequest) -> Option<(Caller, i64)> {
    match session::captain(state, req) {
        Some(caller @ Caller::Captain { table_id, .. }) => Some((caller, table_id)),
        _ => None,
    }
}

/// A 303 to `/join`, with the reason the page shows (`revoked`, `gone`), ending the
/// session when there is one.
fn to_join(reason: Option<&str>) -> HttpResponse {
    let location = reason.map_or_else(|| "/join".to_owned(), |r| format!("/join?reason={r}"));
    let mut answer = HttpResponse::SeeOther()
        .insert_header((LOCATION, location))
        .finish();
    if reason.is_some()
        && let Err(e) = answer.add_removal_cookie(&captain_logout())
    {
        tracing::warn!(error = %e, "captain cookie not removed");
    }
    answer
}

/// Where a service's refusal to let the captain in at all sends him: a code revoked (or
/// replaced) since he joined. `None` for every other error.
fn shut_out(e: &ApiError) -> Option<HttpResponse> {
    matches!(e, ApiError::Unauthenticated).then(|| to_join(Some("revoked")))
}

/// The answer to a failed read of the captain's own table: `/join` when his code no
/// longer opens it or the table is gone (a round deleted), else the error page.
fn failed(state: &AppState, req: &HttpRequest, e: ApiError) -> HttpResponse {
    match e {
        ApiError::NotFound | ApiError::Forbidden => to_join(Some("gone")),
        e => shut_out(&e).unwrap_or_else(|| {
            super::respond::<()>(
                &state.pages,
                req,
                "errors/500.html",
                Err(super::PageError::Internal(anyhow::anyhow!("{e}"))),
                None,
            )
        }),
    }
}

/// A 303 to `location` that leaves `flash` for the page there.
fn see_other_with(location: &str, flash: &str) -> HttpResponse {
    let mut answer = HttpResponse::SeeOther()
        .insert_header((LOCATION, location.to_owned()))
        .finish();
    let cookie = Cookie::build(FLASH_COOKIE, flash.to_owned())
        .path("/table")
        .http_only(true)
        .same_site(SameSite::Strict)
        .max_age(Duration::seconds(60))
        .finish();
    if let Err(e) = answer.add_cookie(&cookie) {
        tracing::warn!(error = %e, "flash cookie not set");
    }
    answer
}

/// The note a write left, as `(what, deal or player)`: `saved`, `corrected`, `deleted`
/// (a deal's number), `signed`, `withdrawn` (a player's id).
fn flash(req: &HttpRequest) -> Option<(String, i64)> {
    let cookie = req.cookie(FLASH_COOKIE)?;
    let (what, n) = cookie.value().split_once('-')?;
    Some((what.to_owned(), n.parse().ok()?))
}

/// Removes the note once shown.
fn clear_flash(req: &HttpRequest, answer: &mut HttpResponse) {
    if req.cookie(FLASH_COOKIE).is_some() {
        let mut cookie = Cookie::build(FLASH_COOKIE, "").path("/table").finish();
        cookie.make_removal();
        if let Err(e) = answer.add_removal_cookie(&cookie) {
            tracing::warn!(error = %e, "flash cookie not removed");
        }
    }
}

/// A fresh key for a form, so that the form posted twice is one write.
fn fresh_key() -> String {
    let mut bytes = [0u8; 16];
    if let Err(e) = getrandom::fill(&mut bytes) {
        // Without randomness the key is the clock's; a collision needs two forms rendered
        // in the same nanosecond for the same table.
        tracing::warn!(error = %e, "no randomness for a form key");
        let nanos = chrono::Utc::now().timestamp_nanos_opt().unwrap_or_default();
        bytes[..8].copy_from_slice(&nanos.to_le_bytes());
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether the request wants the JSON answer (the script's outbox) rather than a page.
fn wants_json(req: &HttpRequest) -> bool {
    req.headers()
        .get(actix_web::http::header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/json"))
}

/// Whether the request asks for the preview alone (the script shows it in place).
pub(super) fn wants_fragment(req: &HttpRequest) -> bool {
    let in_accept = req
        .headers()
        .get(actix_web::http::header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("fragment=preview"));
    in_accept
        || req
            .query_string()
            .split('&')
            .any(|pair| pair == "fragment=preview")
}

/// The `name=value` pairs of a posted form, or a 400 for a body that is none.
pub(in crate::pages) fn form_pairs(body: &[u8]) -> Result<Vec<(String, String)>, ApiError> {
    serde_urlencoded::from_bytes(body)
        .map_err(|e| ApiError::MalformedBody(format!("not a form: {e}")))
}
