//! The OpenAPI 3.1 document, generated from the same route registration the server uses,
//! so it cannot describe a route the server does not have. `openapi/openapi.json` is the
//! committed copy; a test fails when the two differ.

use actix_web::App;
use utoipa::OpenApi;
use utoipa_actix_web::AppExt;

use crate::routes;

/// The document's fixed parts; the paths come from [`routes::configure`].
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Karlchen",
        description = "Doppelkopf tournaments by the DDV tournament rules (TSR): score deals, replay them trick by trick.\n\nErrors are `application/problem+json` (RFC 9457) with a stable `code` and, for input problems, the offending fields.",
        version = "0.1.0",
        license(name = "AGPL-3.0-or-later")
    ),
    modifiers(&BearerAuth),
    tags(
        (name = "rules", description = "Stateless scoring by the TSR"),
        (name = "seating", description = "Seating plans that avoid repeat encounters"),
        (name = "auth", description = "Organiser login and captain join codes"),
        (name = "tournaments", description = "Tournaments, standings and the audit log"),
        (name = "players", description = "Registration, CSV import, check-in"),
        (name = "rounds", description = "Rounds and their tables"),
        (name = "tables", description = "Join codes, score sheets, deals, corrections, time-up, penalties"),
        (name = "results", description = "The open results format (export, import) and the DDV ranking CSV"),
        (name = "seasons", description = "Club seasons: tournaments ranked together by a club's rules, and the register of people that knows a player across them"),
        (name = "webhooks", description = "URLs told of a tournament's events or a season's changed standings, signed, retried from an outbox"),
        (name = "health", description = "Liveness, readiness and metrics")
    )
)]
pub struct ApiDoc;

/// Declares the `bearer` scheme the secured operations name, and `/metrics`'s token.
struct BearerAuth;

impl utoipa::Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
        // `/metrics`'s own token (`KARLCHEN_METRICS_TOKEN`), not a JWT.
        components.add_security_scheme(
            "metrics_token",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// The complete document.
pub fn document() -> utoipa::openapi::OpenApi {
    let (_, doc) = App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .configure(routes::configure)
        .split_for_parts();
    doc
}

/// The document as the committed file holds it: pretty JSON with a final newline.
pub fn document_json() -> String {
    let mut json = document().to_pretty_json().unwrap_or_default();
    json.push('\n');
    json
}
