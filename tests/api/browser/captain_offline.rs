//! A captain's phone reloading while the server is gone, in Chromium: the service worker
//! shows the table and its sheet as last seen, the outbox is there, and deals queued
//! meanwhile can be looked at, changed and dropped before they are sent; when the server
//! is back on its port, what is left goes in once.

use serde_json::json;
use service_tests::TestApp;
use service_tests::browser::{self, Page, Viewport};

use super::WAIT;
use super::captain::{Deal, code, enter, enter_online, join};
use crate::fixtures::Table;

/// Waits until the page has `n` entries in its outbox.
async fn queued(page: &Page, n: usize) {
    page.wait_until(
        &format!("document.querySelectorAll('#outbox li').length === {n}"),
        WAIT,
    )
    .await;
}

#[actix_web::test]
async fn a_reload_without_the_server_shows_the_table_and_its_outbox() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::new(&app, &service, 4).await;
    let code = code(&service, &table).await;
    let (base, server) = super::super::server::spawn_at(&app, "127.0.0.1:0").await;
    let Some(page) = browser::open(Viewport::Phone).await else {
        return;
    };
    join(&page, &base, &code).await;
    // The table's service worker takes the page over; the sheet is seen once.
    page.wait_until("!!navigator.serviceWorker.controller", WAIT)
        .await;
    enter_online(&page, &Deal::normal([1, 3])).await;
    page.goto(&format!("{base}/table/sheet")).await;
    page.wait_for("table#sheet", WAIT).await;
    page.goto(&format!("{base}/table")).await;
    page.wait_for("#next-deal[data-number='2']", WAIT).await;

    // The server goes away; a reload shows the table as last seen.
    server.stop(false).await;
    page.goto(&format!("{base}/table")).await;
    page.wait_for("#table-heading", WAIT).await;
    assert_eq!(
        page.attr("#next-deal", "data-number").await.as_deref(),
        Some("2")
    );
    page.wait_for("#connection.offline", WAIT).await;

    // Two deals queued; each says what it holds.
    enter(&page, &Deal::normal([0, 2])).await;
    enter(&page, &Deal::normal([1, 2])).await;
    queued(&page, 2).await;
    let first = page
        .text_of("#outbox li:nth-child(1) .outbox-summary")
        .await;
    assert!(
        first.contains("Normalspiel") && first.contains("Re: 1 ") && first.contains("130"),
        "{first}"
    );
    page.screenshot("captain-offline-reload").await;
    page.assert_accessible("the table reloaded offline").await;

    // Changed: back into the form, 140 instead of 130, saved in its place.
    page.click("#outbox li:nth-child(1) button[data-do=edit]")
        .await;
    assert_eq!(
        page.eval("return document.getElementById('points').value;", vec![])
            .await,
        json!("130")
    );
    page.fill("#points", "140").await;
    page.click("#save-button").await;
    page.wait_until(
        "document.querySelector('#outbox li:nth-child(1) .outbox-summary').textContent.includes('140')",
        WAIT,
    )
    .await;
    queued(&page, 2).await;
    // Dropped: the second, after asking.
    page.click_and_answer("#outbox li:nth-child(2) button[data-do=discard]", true)
        .await;
    queued(&page, 1).await;

    // The sheet as last seen, and back: the outbox is still there.
    page.goto(&format!("{base}/table/sheet")).await;
    page.wait_for("table#sheet", WAIT).await;
    assert_eq!(page.count("#sheet tbody tr[data-number]").await, 1);
    page.goto(&format!("{base}/table")).await;
    queued(&page, 1).await;

    // The server is back on its port: the changed deal goes in, once.
    let address = base.trim_start_matches("http://").to_owned();
    let (again, _server) = super::super::server::spawn_at(&app, &address).await;
    assert_eq!(again, base);
    page.wait_until(
        "document.querySelectorAll('#outbox li').length === 0 && \
         +document.querySelector('#next-deal').dataset.number === 3",
        WAIT.saturating_mul(2),
    )
    .await;
    let sheet = table.sheet(&service).await;
    assert_eq!(sheet["deals"].as_array().unwrap().len(), 2);
    assert_eq!(sheet["deals"][1]["entry"]["re"], json!([0, 2]));
    assert_eq!(sheet["deals"][1]["entry"]["re_points"], 140);

    // Leaving the table drops the copies: offline, the table is not shown again.
    page.click_and_answer("#leave-form button", true).await;
    page.wait_for("#code", WAIT).await;
    let kept = page
        .eval_async(
            "const done = arguments[arguments.length - 1];
             caches.has('karlchen-table-v1').then(done);",
            vec![],
        )
        .await;
    assert_eq!(kept, json!(false), "no copy of the table after leaving");
    page.close().await;
}
