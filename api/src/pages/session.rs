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
    match caller_from_token(&state.keys, cookie.value()) {
        Ok(caller @ Caller::Captain { .. }) => Some(caller),
        _ => None,
    }
}

/// Whether a page's form was posted from this service: the `Origin` (or, without one, the
/// `Referer`) must name this host when the browser sends one. SameSite=Lax already keeps
/// the cookie off forms posted from other sites; this refuses them even so. The host is
/// the one the browser asked for: behind a proxy that rewrites `Host`, the forwarded one.
pub fn same_origin(req: &HttpRequest) -> bool {
    let info = req.connection_info();
    let host = info.host();
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

/// Whether the request reached the service over HTTPS (directly or, when configured, as
/// the proxy says), which decides the cookie's `Secure` flag.
pub fn is_https(req: &HttpRequest) -> bool {
    req.connection_info().scheme() == "https"
}

#[cfg(test)]
mod tests {
    use super::*;
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
}
