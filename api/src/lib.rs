//! Karlchen's service: the HTTP API, its storage and the command line around the rules
//! engine in `domain`.
//!
//! Requests flow one way: a handler parses and authorises, asks `domain` to decide, stores
//! the result in one transaction and answers. No rule is decided here; this crate
//! translates between HTTP, the database and the domain's types.

pub mod app;
pub mod auth;
pub mod catch_panic;
pub mod clock;
pub mod config;
pub mod db;
pub mod domain_errors;
pub mod error;
pub mod extract;
pub mod keys;
pub mod openapi;
pub mod pages;
pub mod routes;
pub mod security;
pub mod services;
pub mod state;
pub mod telemetry;
pub mod templates;
pub mod wire;

pub use config::Config;
pub use state::AppState;

use anyhow::Context;

/// Opens the database (migrating it), loads or creates the signing key and serves HTTP
/// until the process is told to stop.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    let state = AppState::open(config).await?;
    let bind = state.config.bind.clone();
    tracing::info!(%bind, backend = state.db.backend().as_str(), "karlchen listening");
    let server = actix_web::HttpServer::new({
        let state = state.clone();
        move || app::build(state.clone())
    })
    .bind(&bind)
    .with_context(|| format!("cannot listen on {bind} (KARLCHEN_BIND)"))?;
    server.run().await.context("server stopped with an error")
}
