//! A tournament's game at the desk in Chromium: the house rules' switches appear only once
//! "Doppelkopf mit Hausregeln" is chosen (the stylesheet alone, no script), the switches
//! chosen by clicks are the tournament's rules, and its settings show them again. The form
//! passes the accessibility check with the switches open.

use serde_json::Value;
use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::{call_json, organizer};

/// Whether the element is rendered (`display` is not `none`).
async fn shown(page: &browser::Page, selector: &str) -> bool {
    page.eval(
        "return getComputedStyle(document.querySelector(arguments[0])).display !== 'none';",
        vec![Value::from(selector)],
    )
    .await
        == Value::Bool(true)
}

#[actix_web::test]
async fn house_rules_are_chosen_with_clicks_and_shown_again() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let token = organizer(&app, &service, "leitung@example.org").await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#new-tournament", WAIT).await;

    // The TSR is chosen: no switches, no Golden Coins.
    assert!(!shown(&page, "#new-house").await, "house rules hidden");
    assert!(!shown(&page, "#new-kids").await, "Golden Coins hidden");
    page.click("#new-ruleset option[value=house]").await;
    assert!(
        shown(&page, "#new-house").await,
        "house rules shown once chosen"
    );
    assert!(!shown(&page, "#new-kids").await);
    page.assert_accessible("the new-tournament form with house rules")
        .await;
    page.screenshot("desk-new-tournament-house-rules").await;

    page.fill("#new-name", "Hausrunde").await;
    page.eval(
        "document.querySelector('#new-date').value = '2026-11-28'; return null;",
        vec![],
    )
    .await;
    page.click("#new-announcements option[value=doubling]")
        .await;
    page.click("#new-second-heart-ten option[value=except_last_trick]")
        .await;
    page.click("#new-bock_rounds").await;
    page.fill("#new-solo-multiplier", "1").await;
    page.click("#new-submit").await;
    page.wait_for("#desk-tournaments li[data-tournament]", WAIT)
        .await;
    let id: i64 = page
        .attr("#desk-tournaments li[data-tournament]", "data-tournament")
        .await
        .and_then(|v| v.parse().ok())
        .expect("the new tournament's id");
    let made = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(made.json["ruleset"], "house", "{}", made.text);
    let rules = &made.json["game"]["rules"];
    assert_eq!(rules["announcements"], "doubling");
    assert_eq!(rules["second_heart_ten"], "except_last_trick");
    assert_eq!(rules["bock_rounds"], true);
    assert_eq!(rules["armut"], false);
    assert_eq!(rules["solo_multiplier"], 1);

    // The settings show them, and choosing the TSR again hides them and saves the TSR.
    page.goto(&format!("{base}/admin/tournaments/{id}")).await;
    page.wait_for("#settings-form", WAIT).await;
    assert!(shown(&page, "#settings-house").await);
    assert_eq!(
        page.eval(
            "return document.querySelector('#settings-bock_rounds').checked;",
            vec![]
        )
        .await,
        Value::Bool(true)
    );
    page.click("#settings-ruleset option[value=ddv]").await;
    assert!(!shown(&page, "#settings-house").await);
    page.click("#settings-submit").await;
    page.wait_for("#done", WAIT).await;
    let now = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(now.json["ruleset"], "ddv", "{}", now.text);
    assert_eq!(now.json["game"], crate::games::ddv_game());
}
