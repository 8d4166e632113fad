//! The network cut the captain's outbox is tested with: while the tab is offline a request
//! fails and the page is told (`navigator.onLine`, the `offline` event); back online, the
//! same request goes through.

use serde_json::{Value, json};
use service_tests::TestApp;
use service_tests::browser::{self, Page, Viewport};

use super::WAIT;

/// `fetch` of a same-origin URL from the page: its status, or the error.
async fn fetch(page: &Page, path: &str) -> Value {
    page.eval_async(
        "const done = arguments[arguments.length - 1];
        fetch(arguments[0], { cache: 'no-store' }).then(
          (r) => done({ status: r.status }),
          (e) => done({ error: String(e) }));",
        vec![json!(path)],
    )
    .await
}

#[actix_web::test]
async fn a_fetch_fails_while_offline_and_works_after() {
    let app = TestApp::sqlite().await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Phone).await else {
        return;
    };
    // Any page of the service will do; an unknown tournament is one without set-up.
    page.goto(&format!("{base}/tournaments/999999")).await;
    page.eval(
        "window.seen = [];
        addEventListener('offline', () => seen.push('offline'));
        addEventListener('online', () => seen.push('online'));",
        vec![],
    )
    .await;
    assert_eq!(fetch(&page, "/health/live").await, json!({"status": 200}));

    page.set_offline(true).await;
    page.wait_until("seen.join() === 'offline' && !navigator.onLine", WAIT)
        .await;
    let cut = fetch(&page, "/health/live").await;
    assert!(
        cut["error"]
            .as_str()
            .is_some_and(|e| e.contains("Failed to fetch")),
        "offline, yet {cut}"
    );
    page.screenshot("offline").await;

    page.set_offline(false).await;
    page.wait_until("seen.join() === 'offline,online' && navigator.onLine", WAIT)
        .await;
    assert_eq!(fetch(&page, "/health/live").await, json!({"status": 200}));
    page.close().await;
}
