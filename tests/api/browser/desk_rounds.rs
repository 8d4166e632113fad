//! The organiser runs a round from the desk in Chromium: plans the day, draws round 1 from
//! the plan, checks its seats in a dry run, starts it, is shown the unfinished tables when
//! he closes, and closes anyway; every state of the page passes the accessibility check and
//! is kept as a screenshot.

use serde_json::json;
use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::{organizer, players, tournament};

#[actix_web::test]
async fn an_organiser_plans_draws_starts_and_closes_a_round_at_the_desk() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let token = organizer(&app, &service, "leitung@example.org").await;
    let id = tournament(
        &service,
        &token,
        &json!({"name": "Herbst-Cup", "date": "2026-11-28", "rounds": 3}),
    )
    .await;
    players(&service, &token, id, 9).await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;

    // By keyboard-reachable links: the tournament, then its rounds.
    page.goto(&format!("{base}/admin/tournaments/{id}")).await;
    page.click("a[href$='/rounds']").await;
    page.wait_for("#plan-none", WAIT).await;
    page.screenshot("desk-rounds-empty").await;
    page.assert_accessible("rounds, nothing yet").await;

    page.fill("#plan-seed", "Herbst").await;
    page.click("#plan-submit").await;
    page.wait_for("#plan-rounds", WAIT).await;
    assert!(page.text_of("#plan-section").await.contains("Herbst"));
    assert_eq!(page.count("#plan-rounds tbody tr.planned").await, 3);
    page.screenshot("desk-rounds-planned").await;
    page.assert_accessible("rounds, planned").await;

    // The draw offers the plan first.
    assert_eq!(
        page.attr("#draw-method option[selected]", "value")
            .await
            .as_deref(),
        Some("planned")
    );
    page.click("#draw-submit").await;
    page.wait_for("#round-1", WAIT).await;
    assert_eq!(page.count("#round-1-tables tbody tr").await, 2);
    assert!(
        page.text_of("#round-1-heading")
            .await
            .contains("noch nicht gestartet")
    );

    // The seats as drawn, checked in a dry run: before and after side by side.
    page.click("#round-1 details summary").await;
    page.click("#round-1-check-button").await;
    page.wait_for("#round-1-check", WAIT).await;
    assert!(page.text_of("#round-1-check").await.contains("Probelauf"));
    page.screenshot("desk-rounds-dry-run").await;
    page.assert_accessible("rounds, dry run").await;

    page.click("#round-1-codes").await;
    page.wait_for("#round-1-start", WAIT).await;
    let code = page.text_of("#round-1-tables tbody tr td.code").await;
    assert_eq!(code.len(), 9, "a printed code: {code}");

    page.click("#round-1-start").await;
    page.wait_for("#round-1-time-up", WAIT).await;
    assert!(page.text_of("#round-1-heading").await.contains("läuft"));
    page.screenshot("desk-rounds-running").await;
    page.assert_accessible("rounds, running").await;

    // Closing asks first: the button alone sends nothing while its box is not ticked.
    page.click("#round-1-close").await;
    assert_eq!(
        page.eval(
            "return document.getElementById('round-1-close-confirm').validity.valueMissing;",
            vec![]
        )
        .await,
        json!(true)
    );
    assert!(page.text_of("#round-1-heading").await.contains("läuft"));
    assert!(
        page.text_of("label[for=round-1-close-confirm]")
            .await
            .starts_with("Ja, Runde 1 abschließen: an ihren 2 Tischen")
    );
    // Ticked, closing names the unfinished tables; closing anyway needs its box ticked.
    page.click("#round-1-close-confirm").await;
    page.click("#round-1-close").await;
    page.wait_for("#round-1-incomplete", WAIT).await;
    assert_eq!(page.count("#round-1-incomplete tbody tr").await, 2);
    page.screenshot("desk-rounds-close-refused").await;
    page.assert_accessible("rounds, close refused").await;
    page.click("#round-1-force-confirm").await;
    page.click("#round-1-force-submit").await;
    page.wait_until(
        "document.querySelector('#round-1-heading')?.textContent.includes('abgeschlossen')",
        WAIT,
    )
    .await;
    assert_eq!(page.count("#round-1-close").await, 0);
    page.screenshot("desk-rounds-closed").await;
    page.assert_accessible("rounds, closed").await;
    page.close().await;
}
