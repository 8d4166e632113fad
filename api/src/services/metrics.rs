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
use crate::db;
use crate::error::ApiError;
use crate::metrics::Scrape;
use crate::services::standings;
use crate::state::AppState;

/// The metrics in Prometheus's text format, if `req` may read them.
pub async fn read(state: &AppState, req: &HttpRequest) -> Result<String, ApiError> {
    allowed(state.config.metrics_token.as_ref(), req)?;
    let outbox = state
        .db
        .run(|conn| Ok(db::webhooks::outbox_counts(conn)?))
        .await?;
    let count = |status: &str| {
        outbox
            .iter()
            .find(|(s, _)| s == status)
            .map_or(0, |&(_, n)| n)
    };
    let (standings_computed, standings_seconds) = standings::computed();
    let scrape = Scrape {
        pool: state.db.pool_use(),
        outbox_pending: count(db::webhooks::PENDING),
        outbox_failed: count(db::webhooks::FAILED),
        standings_computed,
        standings_seconds,
        public_standings_computed: state.live.computations(),
        standings_tables: state.db.memo().counts(),
        clock_skew_seconds: state.db.clock().skew().as_seconds_f64(),
    };
    state.metrics.render(scrape).map_err(ApiError::Internal)
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
