//! Pages in a real headless Chromium driven over WebDriver (`service_tests::browser`): what
//! renders, what a user can walk to, accessibility, the network cut, and the page budgets.
//!
//! Skipped with a note when Chromium or chromedriver is not installed, unless
//! `KARLCHEN_REQUIRE_BROWSER=1` (set by `scripts/test`, which installs them and axe-core).
//! Screenshots land in `target/artefacts/screenshots` (or `$KARLCHEN_ARTEFACTS`).

mod accessibility;
mod admin;
mod budgets;
mod captain;
mod captain_entry;
mod captain_live;
mod captain_offline;
mod desk_adjusted;
mod desk_day;
mod desk_entry;
mod desk_finish;
mod desk_game;
mod desk_import;
mod desk_invite;
mod desk_monitor;
mod desk_monitor_compact;
mod desk_players;
mod desk_print;
mod desk_rounds;
mod desk_sanctions;
mod desk_seasons;
mod desk_stopped;
mod desk_tablet;
mod desk_tournament;
mod desk_webhooks;
mod network;
mod public;
mod seasons;

use std::time::Duration;

use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

/// Long enough for a debug build on a busy 2-core machine, short enough to fail fast.
pub const WAIT: Duration = Duration::from_secs(15);

/// Signs the organiser `leitung@example.org` in at the desk of the server at `base`; the
/// caller waits for the page he expects next.
async fn sign_in(page: &browser::Page, base: &str) {
    page.goto(&format!("{base}/login")).await;
    page.wait_for("#login-form", WAIT).await;
    page.fill("#email", "leitung@example.org").await;
    page.fill("#password", service_tests::PASSWORD).await;
    page.click("#login-submit").await;
}

#[actix_web::test]
async fn swagger_ui_renders_the_operations_offline() {
    let app = TestApp::sqlite().await;
    let base = super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    page.goto(&format!("{base}/api/docs/")).await;
    // Swagger UI fetched /api/openapi.json from the binary (nothing else is reachable) and
    // rendered the document's title and operations.
    page.wait_for(".opblock", WAIT).await;
    let text = page.text_of("body").await;
    assert!(
        text.contains("Karlchen"),
        "title not rendered: {text:.2000}"
    );
    for operation in ["/api/v1/score", "/api/v1/replay", "/health/ready"] {
        assert!(text.contains(operation), "{operation} not rendered");
    }
    page.screenshot("swagger-ui").await;
    page.close().await;
}

#[actix_web::test]
async fn printed_table_list_renders_in_a_browser() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (id, names) = super::pages::published_round(&app, &service).await;
    let base = super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Phone).await else {
        return;
    };
    page.goto(&format!("{base}/tournaments/{id}/rounds/1/list"))
        .await;
    assert!(page.text_of("h1").await.contains("Tischliste Runde 1"));
    assert_eq!(page.text_of(".seed").await, "Aushang-2026", "the seed");
    assert_eq!(page.count("section[id^=tisch-]").await, 4, "four tables");
    let text = page.text_of("body").await;
    for name in &names {
        assert!(text.contains(name.as_str()), "{name} listed");
    }
    // The name that looks like markup stayed text: no script element came from it.
    assert!(text.contains("<script>alert(1)</script>"), "shown as text");
    assert_eq!(page.count("script").await, 0, "escaped");
    page.screenshot("round-list-phone").await;
    page.close().await;
}
