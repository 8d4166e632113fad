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
pub mod links;
pub mod live_cache;
pub mod local_time;
pub mod mail;
pub mod metrics;
pub mod net_guard;
pub mod openapi;
pub mod pages;
pub mod reached;
pub mod routes;
pub mod security;
pub mod services;
pub mod state;
pub mod stream_slots;
pub mod telemetry;
pub mod templates;
pub mod wire;

pub use config::Config;
pub use state::AppState;

use anyhow::Context;

/// Opens the database (migrating it), loads or creates the signing key and serves HTTP
/// until the process is told to stop.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    let files = stream_slots::raise_file_limit();
    let state = AppState::open(config).await?;
    state.db.follow_other_instances()?;
    tracing::info!(
        files,
        streams = state.streams.most(),
        per_address = state.streams.most_per_address(),
        "open files allowed, and live standings streams"
    );
    let bind = state.config.bind.clone();
    let workers = state.config.workers;
    let backend = state.db.backend().as_str();
    let live = state.live.clone();
    // The webhook outbox's worker; it stops when the live streams are closed below.
    actix_web::rt::spawn(services::webhooks::run(state.clone()));
    let server = actix_web::HttpServer::new({
        let state = state.clone();
        move || app::build(state.clone())
    })
    .workers(workers)
    // Connections beyond what the open-file limit holds wait to be accepted.
    .max_connections(stream_slots::connections_per_worker(files, workers))
    // A graceful shutdown waits for open responses, and a live standings stream never
    // ends by itself: the streams are ended first, then the server stops.
    .shutdown_signal(async move {
        stop_requested().await;
        live.close();
    })
    .bind(&bind)
    .with_context(|| format!("cannot listen on {bind} (KARLCHEN_BIND)"))?;
    // Said once the port is ours (a busy port fails above, without claiming to listen),
    // with an address to open rather than the bare socket.
    for address in server.addrs() {
        let url = format!("http://{address}/");
        tracing::info!(%url, backend, "karlchen listening");
    }
    // Where the printed QR codes lead, said before anything is printed.
    match &state.config.public_url {
        Some(public) => tracing::info!(
            url = public.as_str(),
            "printed links lead to KARLCHEN_PUBLIC_URL"
        ),
        None if server.addrs().iter().all(|a| a.ip().is_loopback()) => tracing::info!(
            "listening on the loopback address only: no phone in the hall reaches this service; set KARLCHEN_BIND=0.0.0.0:8080 (and KARLCHEN_PUBLIC_URL) for a tournament"
        ),
        None => {}
    }
    server.run().await.context("server stopped with an error")
}

/// Resolves when the process is asked to stop: SIGTERM (a container stopping) or SIGINT
/// (Ctrl-C). Either starts a graceful shutdown. A signal that cannot be listened for
/// never arrives.
async fn stop_requested() {
    use actix_web::rt::signal::{ctrl_c, unix};
    let terminate = async {
        match unix::signal(unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    let interrupt = async {
        if ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    tokio::select! {
        () = terminate => tracing::info!("SIGTERM: shutting down"),
        () = interrupt => tracing::info!("SIGINT: shutting down"),
    }
}
