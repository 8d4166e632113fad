//! How a request reached the service: the host and scheme it was sent to (the proxy's word
//! only when the operator trusts it), and from them the address links handed out from it
//! carry ([`link_base`]): printed QR codes, invitation links.

use actix_web::http::header::HOST;
use actix_web::{HttpRequest, web};

use crate::links::{self, LinkBase, Reached};
use crate::state::AppState;

/// Whether a proxy's `Forwarded`/`X-Forwarded-*` headers count for this service: only with
/// `KARLCHEN_TRUST_FORWARDED=1`. Reached directly, anybody can send them, and a forged
/// `X-Forwarded-Host` would otherwise let another site's form pass the same-origin check.
fn trusts_forwarded(req: &HttpRequest) -> bool {
    req.app_data::<web::Data<AppState>>()
        .is_some_and(|state| state.config.trust_forwarded)
}

/// The host (and port) the request was sent to: its `Host` header (the URI's authority
/// over HTTP/2), or, from a trusted proxy, the host the proxy says.
pub fn host(req: &HttpRequest) -> String {
    host_as(req, trusts_forwarded(req))
}

pub(crate) fn host_as(req: &HttpRequest, trust_forwarded: bool) -> String {
    if trust_forwarded {
        return req.connection_info().host().to_owned();
    }
    req.headers()
        .get(HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_owned)
        .or_else(|| req.uri().authority().map(|a| a.as_str().to_owned()))
        .unwrap_or_else(|| req.app_config().host().to_owned())
}

/// Whether the request reached the service over HTTPS: its own TLS, or, from a trusted
/// proxy, the scheme the proxy says. Decides the cookies' `Secure` flag and the scheme of
/// printed links.
pub fn is_https(req: &HttpRequest) -> bool {
    is_https_as(req, trusts_forwarded(req))
}

pub(crate) fn is_https_as(req: &HttpRequest, trust_forwarded: bool) -> bool {
    if trust_forwarded {
        req.connection_info().scheme() == "https"
    } else {
        req.app_config().secure()
    }
}

/// The address links made for `req` start with ([`links::base`]): `KARLCHEN_PUBLIC_URL`,
/// else the host the browser reached unless that is a loopback name, else this machine's
/// network address.
pub fn link_base(state: &AppState, req: &HttpRequest) -> LinkBase {
    let scheme = if is_https(req) { "https" } else { "http" };
    let host = host(req);
    let reached = Reached {
        scheme,
        host: &host,
        local: Some(req.app_config().local_addr()),
        bind: &state.config.bind,
    };
    links::base(
        state.config.public_url.as_ref(),
        &reached,
        links::network_address,
    )
}
