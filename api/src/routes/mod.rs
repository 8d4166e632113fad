//! The JSON API. Every handler is registered with `.service(..)` so that it appears in the
//! OpenAPI document; registration takes no state, which `app::build` adds.

pub mod health;
pub mod replay;
pub mod score;

use utoipa_actix_web::{scope, service_config::ServiceConfig};

/// Registers every route.
pub fn configure(cfg: &mut ServiceConfig<'_>) {
    cfg.service(health::live).service(health::ready).service(
        scope::scope("/api/v1")
            .service(score::score_deal)
            .service(replay::replay_deal),
    );
}
