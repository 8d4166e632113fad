//! The organiser signs in at the desk in Chromium, sees his tournament, changes his
//! password and signs out; every page passes the accessibility check on a laptop and a
//! phone.

use serde_json::json;
use service_tests::browser::{self, Viewport};
use service_tests::{PASSWORD, TestApp};

use super::WAIT;
use crate::fixtures::{organizer, tournament};

#[actix_web::test]
async fn an_organiser_signs_in_and_out_at_the_desk() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let token = organizer(&app, &service, "leitung@example.org").await;
    tournament(
        &service,
        &token,
        &json!({"name": "Herbst-Cup", "date": "2026-11-28"}),
    )
    .await;
    let base = super::super::server::spawn(&app).await;
    for (viewport, size) in [(Viewport::Desktop, "desktop"), (Viewport::Phone, "phone")] {
        let Some(page) = browser::open(viewport).await else {
            return;
        };
        page.goto(&format!("{base}/admin")).await;
        page.wait_for("#login-form", WAIT).await;
        page.screenshot(&format!("desk-login-{size}")).await;
        page.assert_accessible("sign-in").await;
        page.fill("#email", "leitung@example.org").await;
        page.fill("#password", "falsch").await;
        page.click("#login-submit").await;
        page.wait_for("#login-error", WAIT).await;
        page.assert_accessible("sign-in refused").await;
        page.fill("#password", PASSWORD).await;
        page.click("#login-submit").await;
        page.wait_for("#desk-tournaments", WAIT).await;
        assert!(
            page.text_of("#desk-tournaments")
                .await
                .contains("Herbst-Cup")
        );
        page.screenshot(&format!("desk-{size}")).await;
        page.assert_accessible("the desk").await;
        if size == "phone" {
            // The last round: the password changes for good, and this browser stays in.
            let new = "ein-neues-Passwort-2026";
            page.click("#password-link").await;
            page.wait_for("#password-form", WAIT).await;
            page.assert_accessible("the change of password").await;
            for (current, error) in [("falsch-falsch", true), (PASSWORD, false)] {
                page.fill("#password-current", current).await;
                page.fill("#password-new", new).await;
                page.fill("#password-repeat", new).await;
                page.click("#password-submit").await;
                if error {
                    page.wait_for("#password-error", WAIT).await;
                    page.assert_accessible("a change of password refused").await;
                }
            }
            page.wait_for("#desk-tournaments", WAIT).await;
        }
        page.click("#logout").await;
        page.wait_for("#login-form", WAIT).await;
        page.goto(&format!("{base}/admin")).await;
        page.wait_for("#login-form", WAIT).await;
        page.close().await;
    }
}

#[actix_web::test]
async fn the_desk_can_be_worked_with_the_keyboard() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let token = organizer(&app, &service, "leitung@example.org").await;
    let id = tournament(
        &service,
        &token,
        &json!({"name": "Herbst-Cup", "date": "2026-11-28"}),
    )
    .await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    page.goto(&format!("{base}/login")).await;
    page.wait_for("#login-form", WAIT).await;
    page.assert_keyboard_reaches_everything("sign-in", &[])
        .await;
    page.fill("#email", "leitung@example.org").await;
    page.fill("#password", PASSWORD).await;
    page.click("#login-submit").await;
    page.wait_for("#desk-tournaments", WAIT).await;
    page.assert_keyboard_reaches_everything("the desk", &[])
        .await;
    page.goto(&format!("{base}/admin/tournaments/{id}")).await;
    page.wait_for("#overview-facts", WAIT).await;
    page.assert_keyboard_reaches_everything("a tournament's desk", &[])
        .await;
    // The check can fail: a control taken out of the tab order is found.
    page.eval(
        "document.querySelector('#logout').setAttribute('tabindex', '-1')",
        vec![],
    )
    .await;
    let (missed, _) = page.keyboard_misses(&[]).await;
    assert_eq!(missed.len(), 1, "{missed:?}");
    assert!(missed[0].contains("id=\"logout\""), "{missed:?}");
    page.close().await;
}
