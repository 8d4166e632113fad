//! The organisers' tokens of a request that still stand: a token's signature and expiry
//! are not enough once its holder signed out, changed his password or had his account
//! removed. Before any handler runs, the app screens the request's tokens against the
//! stored sessions (`services::sessions::screen`) and leaves what stands here; the
//! extractors accept an organiser's token or a preview link only if it is listed. A
//! request nobody screened lists none: it fails closed.

use actix_web::{HttpMessage, HttpRequest};

/// The tokens of one request found standing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Screened {
    standing: Vec<String>,
}

impl Screened {
    /// The screening's result: `standing` are the tokens that stand.
    pub fn new(standing: Vec<String>) -> Screened {
        Screened { standing }
    }
}

/// Whether `token`, presented with `req`, was screened and stands.
pub fn stands(req: &HttpRequest, token: &str) -> bool {
    req.extensions()
        .get::<Screened>()
        .is_some_and(|s| s.standing.iter().any(|t| t == token))
}
