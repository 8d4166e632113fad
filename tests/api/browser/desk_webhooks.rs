//! A webhook's delivery log in Chromium: the hooks page leads to it, a delivery the
//! receiver refused shows as given up with its attempts and the error, and a click sends
//! it again. Both pages pass the accessibility check.

use serde_json::json;
use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::{Step, Table, call_json, expect};

#[actix_web::test]
async fn a_failed_delivery_is_found_in_the_log_and_sent_again() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    // Nobody listens on port 9 of the loopback (discard): every attempt is refused.
    let hook = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{}/webhooks", t.tournament),
        Some(&t.org),
        Some(&json!({"url": "http://127.0.0.1:9/", "events": ["deal.created"]})),
    )
    .await;
    expect(&hook, 201, "a hook");
    let hook_id = hook.json["id"].as_i64().unwrap();
    t.fill(&service, &[Step::Normal]).await;
    let deliver = || api::services::webhooks::deliver_due(&app.state);
    let clock = app.state.db.clock();
    assert_eq!(deliver().await.unwrap(), 1);
    clock.advance(chrono::TimeDelta::seconds(11));
    assert_eq!(deliver().await.unwrap(), 1);
    clock.advance(chrono::TimeDelta::hours(25));
    assert_eq!(deliver().await.unwrap(), 1);

    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;
    page.goto(&format!(
        "{base}/admin/tournaments/{}/webhooks",
        t.tournament
    ))
    .await;
    page.wait_for("#webhooks-list", WAIT).await;
    page.assert_accessible("the webhooks").await;
    page.click(&format!("tr[data-webhook='{hook_id}'] a.webhook-log"))
        .await;
    page.wait_for("#deliveries tr[data-status='failed']", WAIT)
        .await;
    let row = page.text_of("#deliveries tbody tr").await;
    assert!(row.contains("gescheitert"), "{row}");
    assert!(row.contains("deal.created"), "{row}");
    page.assert_accessible("a webhook's deliveries").await;
    page.screenshot("desk-webhook-log").await;

    page.click("#deliveries form.delivery-retry button").await;
    page.wait_for("#done", WAIT).await;
    assert!(page.text_of("#done").await.contains("erneut gesendet"));
    assert_eq!(
        page.attr("#deliveries tbody tr", "data-status")
            .await
            .as_deref(),
        Some("pending")
    );
    page.close().await;
}

#[actix_web::test]
async fn a_seasons_hook_is_added_followed_and_removed_at_the_desk() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let s = crate::season_webhooks::season_holding(&service, &t).await;
    let (receiver, url) = crate::webhooks::Receiver::start().await;

    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;
    page.goto(&format!("{base}/admin/seasons/{s}")).await;
    page.click("#season-webhooks").await;
    page.wait_for("#webhook-add", WAIT).await;
    assert!(
        page.text_of("main")
            .await
            .contains("season.standings.changed")
    );
    // The season's one event is the only box, ticked.
    assert_eq!(page.count("#webhook-add input[type='checkbox']").await, 1);
    page.fill("#webhook-url", &url).await;
    page.click("#webhook-submit").await;
    page.wait_for("#webhook-created", WAIT).await;
    let secret = page.text_of("#webhook-secret").await;
    assert!(secret.starts_with("whsec_"), "{secret}");
    page.assert_accessible("a season's webhooks").await;

    // A deal at the evening reaches the receiver, and the desk shows it delivered.
    t.fill(&service, &[Step::Normal]).await;
    assert_eq!(
        api::services::webhooks::deliver_due(&app.state)
            .await
            .unwrap(),
        1
    );
    let got = receiver.got();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].event, "season.standings.changed");
    assert_eq!(
        got[0].signature,
        crate::webhooks::signed(&secret, &got[0].body)
    );
    page.goto(&format!("{base}/admin/seasons/{s}/webhooks"))
        .await;
    page.wait_for("#webhooks-list", WAIT).await;
    assert!(page.text_of("#webhooks-list").await.contains("1 / 0 / 0"));
    page.click("#webhooks-list a.webhook-log").await;
    page.wait_for("#deliveries tr[data-status='delivered']", WAIT)
        .await;
    assert!(
        page.text_of("#deliveries tbody tr")
            .await
            .contains("season.standings.changed")
    );
    page.assert_accessible("a season's webhook's deliveries")
        .await;

    // Removed from its page: gone, and the season's page is one click away.
    page.goto(&format!("{base}/admin/seasons/{s}/webhooks"))
        .await;
    page.click("#webhooks-list form.webhook-remove button")
        .await;
    page.wait_for("#webhooks-none", WAIT).await;
    page.click("#webhooks-back").await;
    page.wait_for("#season-webhooks", WAIT).await;
    page.close().await;
}
