//! The pages' static files, compiled into the binary: one stylesheet and a few small
//! scripts. Files of their own rather than inline `<style>`/`<script>`, so that the pages'
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
        "print.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../templates/assets/print.js"),
    ),
];

/// Registers `/assets/{name}`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/assets/{name}", web::get().to(asset));
}

async fn asset(name: web::Path<String>) -> HttpResponse {
    match ASSETS.iter().find(|(n, _, _)| *n == name.as_str()) {
        Some((_, content_type, body)) => HttpResponse::Ok()
            .content_type(*content_type)
            .insert_header(("Cache-Control", "public, max-age=3600"))
            .body(*body),
        None => HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("not found"),
    }
}
