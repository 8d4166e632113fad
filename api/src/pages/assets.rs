//! The pages' static files, compiled into the binary: two stylesheets, a few small
//! scripts and the icon. Files of their own rather than inline `<style>`/`<script>`, so that the pages'
//! Content-Security-Policy allows only the service's own (`'self'`) and browsers cache them.

use actix_web::{HttpResponse, web};

/// Every asset: its name under `/assets/`, its content type and its text.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "karlchen.css",
        "text/css; charset=utf-8",
        include_str!("../../../templates/karlchen.css"),
    ),
    (
        "desk.css",
        "text/css; charset=utf-8",
        include_str!("../../../templates/assets/desk.css"),
    ),
    (
        "desk-monitor.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../templates/assets/desk-monitor.js"),
    ),
    (
        "desk-players.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../templates/assets/desk-players.js"),
    ),
    (
        "captain.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../templates/assets/captain.js"),
    ),
    (
        "projector.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../templates/assets/projector.js"),
    ),
    (
        "standings.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../templates/assets/standings.js"),
    ),
    (
        "confirm.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../templates/assets/confirm.js"),
    ),
    (
        "copy.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../templates/assets/copy.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../../../templates/assets/favicon.svg"),
    ),
    (
        "live.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../templates/assets/live.js"),
    ),
    (
        "print.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../templates/assets/print.js"),
    ),
];

/// The captain's service worker (`/table-sw.js`): it keeps the table's pages for a
/// reload without a connection. Served beside the pages rather than under `/assets/`, so
/// that its scope may be `/table`, and never kept by the HTTP cache, so that a new
/// version reaches every phone at its next visit.
const TABLE_WORKER: &str = include_str!("../../../templates/assets/table-sw.js");

/// Registers `/assets/{name}`, the captain's service worker, and `/favicon.ico`, which
/// browsers ask for by themselves (the pages name the SVG; this answers the ones that ask
/// anyway, with the same picture).
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/assets/{name}", web::get().to(asset))
        .route(
            "/favicon.ico",
            web::get().to(|| async { served("favicon.svg") }),
        )
        .route(
            "/table-sw.js",
            web::get().to(|| async {
                HttpResponse::Ok()
                    .content_type("text/javascript; charset=utf-8")
                    .insert_header(("Cache-Control", "no-cache"))
                    // A worker runs under its own script's policy: the pages' one, which
                    // lets it fetch the service's own pages (a script's would let it
                    // fetch nothing).
                    .insert_header(("Content-Security-Policy", crate::security::PAGE_CSP))
                    .body(TABLE_WORKER)
            }),
        );
}

async fn asset(name: web::Path<String>) -> HttpResponse {
    served(&name)
}

fn served(name: &str) -> HttpResponse {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, content_type, body)) => HttpResponse::Ok()
            .content_type(*content_type)
            .insert_header(("Cache-Control", "public, max-age=3600"))
            .body(*body),
        None => HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("not found"),
    }
}
