//! The security headers every answer carries, in one place below the app: the app's
//! middleware sets them on every response, and the API's error answers set them too, since
//! an error that escapes the middleware (a panic turned into a 500) is rendered without it.

use actix_web::http::header::{
    CONTENT_SECURITY_POLICY, HeaderMap, HeaderValue, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS,
    X_FRAME_OPTIONS,
};

/// The policy of the printable pages: scripts, styles, fonts and fetches only from the
/// service itself, no inline script or style, never inside a frame.
pub const PAGE_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; \
    base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The policy of Swagger UI under `/api/docs/`: the pages' policy, except that styles may
/// also be inline. The vendored bundle loads its initializer from `swagger-initializer.js`
/// (no inline script), but applies an inline style at run time, which `style-src 'self'`
/// blocks (seen in headless Chromium); scripts stay limited to the service's own files.
/// Its stylesheet draws icons as `data:` images.
pub const DOCS_CSP: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; \
    connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
    frame-ancestors 'none'";

/// The policy of everything else (JSON, CSV, problems): never a document, so a browser
/// tricked into rendering one may load and run nothing.
pub const API_CSP: &str = "default-src 'none'; frame-ancestors 'none'";

/// Sets `nosniff`, `DENY` framing, `no-referrer` and the policy `csp`, keeping any of them
/// a handler or the app set itself (the pages' `same-origin` referrer policy, `app.rs`).
pub fn set_headers(headers: &mut HeaderMap, csp: &'static str) {
    for (name, value) in [
        (X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (X_FRAME_OPTIONS, "DENY"),
        (REFERRER_POLICY, "no-referrer"),
        (CONTENT_SECURITY_POLICY, csp),
    ] {
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    }
}
