//! The captain's session on his phone: the token his table's join code was traded for,
//! kept in an HttpOnly cookie, so that the pages never hand it to a script. SameSite=Lax:
//! a form posted from another site does not carry it (and the pages check the `Origin`
//! too), while the QR code's link, opened from a camera or a chat, still lands on `/table`
//! with it (a Strict cookie set at the end of a cross-site redirect chain is not sent to
//! `/table`, and the phone would bounce back to `/join`). The JSON API stays bearer-only;
//! this cookie opens the `/table` pages and nothing else.

use actix_web::HttpRequest;
use actix_web::cookie::{Cookie, SameSite, time::Duration};
use actix_web::http::header::{ORIGIN, REFERER};

use crate::auth::Caller;
use crate::auth::extract::caller_from_token;
use crate::state::AppState;

pub use crate::reached::{host, is_https};

/// The cookie holding the captain's token.
pub const CAPTAIN_COOKIE: &str = "karlchen_captain";

/// The cookie that keeps `token` for `seconds` (the token's own lifetime). `secure` when
/// the service is reached over HTTPS, so a hall on plain HTTP on a laptop still works.
pub fn captain_cookie(token: String, seconds: i64, secure: bool) -> Cookie<'static> {
    private_cookie(CAPTAIN_COOKIE, token, seconds, secure)
}

/// A cookie no script reads and no form from another site carries (HttpOnly, SameSite=Lax,
/// the whole site), kept `seconds`: the captain's and the organiser's sessions.
pub fn private_cookie(
    name: &'static str,
    value: String,
    seconds: i64,
    secure: bool,
) -> Cookie<'static> {
    Cookie::build(name, value)
        .path("/")
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .max_age(Duration::seconds(seconds))
        .finish()
}

/// The cookie that ends the session.
pub fn captain_logout() -> Cookie<'static> {
    let mut cookie = captain_cookie(String::new(), 0, false);
    cookie.make_removal();
    cookie
}

/// The captain whose valid token the request's cookie holds, if any: the same checks as a
/// bearer token (signature, issuer, audience, expiry), and only a captain's token.
pub fn captain(state: &AppState, req: &HttpRequest) -> Option<Caller> {
    let cookie = req.cookie(CAPTAIN_COOKIE)?;
    match caller_from_token(req, &state.keys, cookie.value()) {
        Ok(caller @ Caller::Captain { .. }) => Some(caller),
        _ => None,
    }
}

/// Whether a page's form was posted from this service: the `Origin` (or, without one, the
/// `Referer`) must name this host when the browser sends one. SameSite=Lax already keeps
/// the cookie off forms posted from other sites; this refuses them even so. The host is
/// the one the browser asked for: behind a proxy that rewrites `Host`, the forwarded one.
pub fn same_origin(req: &HttpRequest) -> bool {
    same_origin_as(req, &host(req))
}

/// Whether the form's `Origin` (else its `Referer`) names `host`; a request with neither
/// (an old browser, a script) passes, the CSRF token still guards it.
fn same_origin_as(req: &HttpRequest, host: &str) -> bool {
    let from = req
        .headers()
        .get(ORIGIN)
        .or_else(|| req.headers().get(REFERER))
        .and_then(|v| v.to_str().ok());
    match from {
        None => true,
        Some(from) => from
            .split_once("://")
            .map(|(_, rest)| rest.split('/').next() == Some(host))
            .unwrap_or(false),
    }
}

/// The path and query of the page a form was sent from (its `Referer`), when that page is
/// one of this service's: where a refused form sends the browser back to.
pub fn referring_page(req: &HttpRequest) -> Option<String> {
    let from = req.headers().get(REFERER)?.to_str().ok()?;
    let (_, rest) = from.split_once("://")?;
    let (authority, page) = rest.split_once('/').unwrap_or((rest, ""));
    if authority != host(req) {
        return None;
    }
    let page = page.split('#').next().unwrap_or_default();
    Some(format!("/{page}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reached::{host_as, is_https_as};
    use actix_web::http::header::HOST;
    use actix_web::test::TestRequest;

    #[test]
    fn a_form_from_this_host_passes_and_one_from_elsewhere_does_not() {
        let ours = TestRequest::post()
            .insert_header((HOST, "hall.local:8080"))
            .insert_header((ORIGIN, "http://hall.local:8080"))
            .to_http_request();
        assert!(same_origin(&ours));
        let theirs = TestRequest::post()
            .insert_header((HOST, "hall.local:8080"))
            .insert_header((ORIGIN, "http://evil.example"))
            .to_http_request();
        assert!(!same_origin(&theirs));
        let null = TestRequest::post()
            .insert_header((HOST, "hall.local:8080"))
            .insert_header((ORIGIN, "null"))
            .to_http_request();
        assert!(
            !same_origin(&null),
            "a sandboxed or opaque origin is not ours"
        );
        let referer = TestRequest::post()
            .insert_header((HOST, "hall.local:8080"))
            .insert_header((REFERER, "http://hall.local:8080/table"))
            .to_http_request();
        assert!(same_origin(&referer));
        let bare = TestRequest::post()
            .insert_header((HOST, "hall.local:8080"))
            .to_http_request();
        assert!(same_origin(&bare), "old browsers send neither");
    }

    #[test]
    fn proxy_headers_count_only_when_trusted() {
        // Another site's form, with the headers a proxy would set, sent straight to us.
        let forged = TestRequest::post()
            .insert_header((HOST, "hall.local:8080"))
            .insert_header((ORIGIN, "http://evil.example"))
            .insert_header(("X-Forwarded-Host", "evil.example"))
            .insert_header(("X-Forwarded-Proto", "https"))
            .insert_header(("Forwarded", "host=evil.example;proto=https"))
            .to_http_request();
        assert_eq!(host_as(&forged, false), "hall.local:8080");
        assert!(!same_origin_as(&forged, &host_as(&forged, false)));
        assert!(!is_https_as(&forged, false), "plain HTTP, whatever it says");
        // Behind a proxy the operator trusts, the proxy's word is the request's.
        assert_eq!(host_as(&forged, true), "evil.example");
        assert!(is_https_as(&forged, true));
        let proxied = TestRequest::post()
            .insert_header((HOST, "127.0.0.1:8080"))
            .insert_header((ORIGIN, "https://doko.example.org"))
            .insert_header(("X-Forwarded-Host", "doko.example.org"))
            .insert_header(("X-Forwarded-Proto", "https"))
            .to_http_request();
        assert!(same_origin_as(&proxied, &host_as(&proxied, true)));
        assert!(!same_origin_as(&proxied, &host_as(&proxied, false)));
    }
}
