//! The end of the day in Chromium: on the desk's standings page the director ticks what
//! finishing does and finishes the tournament; the page then says the standings are final,
//! the bar marks the tournament finished, and reopening takes a reason. Both states pass
//! the accessibility check.

use serde_json::json;
use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::{Step, Table, call_json, expect};

#[actix_web::test]
async fn the_director_finishes_the_day_and_reopens_it_with_a_reason() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    t.fill(&service, &[Step::Normal, Step::Normal]).await;
    let close = call_json(
        &service,
        "POST",
        &format!("/api/v1/rounds/{}/close", t.round),
        Some(&t.org),
        Some(&json!({"force": true})),
    )
    .await;
    expect(&close, 200, "close the round");

    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;
    page.goto(&format!(
        "{base}/admin/tournaments/{}/standings",
        t.tournament
    ))
    .await;
    page.wait_for("#finish-form", WAIT).await;
    page.assert_accessible("the standings before the end").await;
    // Without the tick the browser keeps the form: nothing is finished.
    page.click("#finish").await;
    assert_eq!(page.count("#ending-final").await, 0);
    assert_eq!(page.count("#ending-refused").await, 0, "not even sent");
    assert!(page.current_url().await.ends_with("/standings"));
    page.fill("#finish-reason", "Siegerehrung 18 Uhr").await;
    page.click("#finish-confirm").await;
    page.click("#finish").await;
    page.wait_for("#ending-final", WAIT).await;
    assert_eq!(page.text_of("h1").await, "Endstand");
    assert!(
        page.text_of("#desk-finished")
            .await
            .contains("abgeschlossen")
    );
    page.assert_accessible("the final standings").await;
    page.screenshot("desk-finished").await;

    let read = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    assert!(read.json["finished_at"].is_string(), "{}", read.text);

    page.fill("#reopen-reason", "Einspruch Tisch 1").await;
    page.click("#reopen").await;
    page.wait_for("#finish-form", WAIT).await;
    assert_eq!(page.count("#desk-finished").await, 0);
    page.close().await;
}
