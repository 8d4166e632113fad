//! Swagger UI in a real headless Chromium: the page must render the API's operations with
//! no network but the loopback (everything comes from the binary).
//!
//! Skipped with a note when Chromium is not installed, unless `KARLCHEN_REQUIRE_BROWSER=1`
//! (set by `.ci/run`, which installs it).

use std::process::Command;

use service_tests::TestApp;

fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|bin| {
            Command::new(bin)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}

/// The DOM of `url` after headless Chromium rendered it (scripts run, no network but the
/// loopback), or `None` when Chromium is not installed and not required.
async fn rendered_dom(url: String) -> Option<String> {
    let Some(browser) = chromium() else {
        assert!(
            std::env::var("KARLCHEN_REQUIRE_BROWSER").as_deref() != Ok("1"),
            "KARLCHEN_REQUIRE_BROWSER=1 but no chromium is installed"
        );
        eprintln!("note: chromium not installed, browser test skipped");
        return None;
    };
    let profile = tempfile::tempdir().unwrap();
    let dom = actix_web::web::block(move || {
        Command::new(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--disable-quic",
                "--virtual-time-budget=10000",
                "--dump-dom",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg(&url)
            .output()
    })
    .await
    .unwrap()
    .unwrap();
    assert!(
        dom.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&dom.stderr)
    );
    Some(String::from_utf8_lossy(&dom.stdout).into_owned())
}

#[actix_web::test]
async fn swagger_ui_renders_the_operations_offline() {
    let app = TestApp::sqlite().await;
    let base = super::server::spawn(&app).await;
    let Some(html) = rendered_dom(format!("{base}/api/docs/")).await else {
        return;
    };
    // Swagger UI fetched /api/openapi.json and rendered the document's title and operations.
    assert!(
        html.contains("Karlchen"),
        "title not rendered: {html:.2000}"
    );
    for operation in ["/api/v1/score", "/api/v1/replay", "/health/ready"] {
        assert!(html.contains(operation), "{operation} not rendered");
    }
}

#[actix_web::test]
async fn printed_table_list_renders_in_a_browser() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (id, names) = super::pages::published_round(&app, &service).await;
    let base = super::server::spawn(&app).await;
    let Some(html) = rendered_dom(format!("{base}/tournaments/{id}/rounds/1/list")).await else {
        return;
    };
    assert!(html.contains("Tischliste Runde 1"), "{html:.2000}");
    assert!(html.contains("Aushang-2026"), "the seed is printed");
    assert_eq!(
        html.matches("<section id=\"tisch-").count(),
        4,
        "four tables"
    );
    for name in &names {
        assert!(html.contains(name.as_str()), "{name} listed");
    }
    // The name that looks like markup stayed text: no script element came from it.
    assert!(!html.contains("<script>alert"), "escaped");
}
