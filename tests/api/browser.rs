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

#[actix_web::test]
async fn swagger_ui_renders_the_operations_offline() {
    let Some(browser) = chromium() else {
        assert!(
            std::env::var("KARLCHEN_REQUIRE_BROWSER").as_deref() != Ok("1"),
            "KARLCHEN_REQUIRE_BROWSER=1 but no chromium is installed"
        );
        eprintln!("note: chromium not installed, browser test skipped");
        return;
    };
    let app = TestApp::sqlite().await;
    let base = super::server::spawn(&app).await;
    let profile = tempfile::tempdir().unwrap();
    let url = format!("{base}/api/docs/");
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
    let html = String::from_utf8_lossy(&dom.stdout);
    assert!(
        dom.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&dom.stderr)
    );
    // Swagger UI fetched /api/openapi.json and rendered the document's title and operations.
    assert!(
        html.contains("Karlchen"),
        "title not rendered: {html:.2000}"
    );
    for operation in ["/api/v1/score", "/api/v1/replay", "/health/ready"] {
        assert!(html.contains(operation), "{operation} not rendered");
    }
}
