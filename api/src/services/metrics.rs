//! `/metrics`: who may read the service's metrics, and the text they read.
//!
//! With `KARLCHEN_METRICS_TOKEN` set, a scraper brings it as a bearer token from
//! anywhere. Without it, only a request from the loopback address that came through no
//! proxy is answered: a proxy on the same machine connects from the loopback address too,
//! and the `Forwarded`/`X-Forwarded-For` it adds is what tells its requests apart.

use actix_web::HttpRequest;
use sha2::{Digest, Sha256};

use crate::auth::extract::bearer;
use crate::config::MetricsToken;
use crate::error::ApiError;
use crate::state::AppState;

/// The metrics in Prometheus's text format, if `req` may read them.
pub fn read(state: &AppState, req: &HttpRequest) -> Result<String, ApiError> {
    allowed(state.config.metrics_token.as_ref(), req)?;
    state
        .metrics
        .render(state.db.pool_use())
        .map_err(ApiError::Internal)
}

fn allowed(token: Option<&MetricsToken>, req: &HttpRequest) -> Result<(), ApiError> {
    match token {
        Some(token) => {
            let given = bearer(req).ok_or(ApiError::Unauthenticated)?;
            // Digests compared, so the time taken says nothing about how much of the
            // token was right.
            if Sha256::digest(given.as_bytes()) == Sha256::digest(token.expose().as_bytes()) {
                Ok(())
            } else {
                Err(ApiError::Unauthenticated)
            }
        }
        None => {
            let local = req.peer_addr().is_some_and(|a| a.ip().is_loopback());
            let proxied = ["forwarded", "x-forwarded-for", "x-real-ip"]
                .iter()
                .any(|name| req.headers().contains_key(*name));
            if local && !proxied {
                Ok(())
            } else {
                Err(ApiError::MetricsTokenNeeded)
            }
        }
    }
}
