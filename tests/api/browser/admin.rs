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

/// How many players tournament `id` has, as the API lists them.
async fn players_of<S: crate::fixtures::App>(service: &S, token: &str, id: i64) -> usize {
    crate::fixtures::call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{id}/players"),
        Some(token),
        None,
    )
    .await
    .json
    .as_array()
    .map_or(0, Vec::len)
}

/// Signs the organiser in again from a script of `page`, as another tab of the same
/// browser does: the browser's cookies become the new session's.
async fn sign_in_elsewhere(page: &browser::Page) {
    let done = page
        .eval_async(
            "const done = arguments[arguments.length - 1];
             fetch('/login', { method: 'POST', credentials: 'same-origin', redirect: 'manual',
               body: new URLSearchParams({ email: 'leitung@example.org', password: arguments[0] }) })
               .then(() => done(true), () => done(false));",
            vec![json!(PASSWORD)],
        )
        .await;
    assert_eq!(done, json!(true));
}

#[actix_web::test]
async fn a_tab_left_open_across_sign_ins_speaks_german_and_finds_its_way_back() {
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
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;
    let players = format!("{base}/admin/tournaments/{id}/players");
    page.goto(&players).await;
    page.wait_for("#new-player", WAIT).await;

    // Signed in again in another tab: this tab's form is an earlier session's.
    sign_in_elsewhere(&page).await;
    page.fill("#new-name", "Erna Späth").await;
    page.click("#new-submit").await;
    page.wait_for("#stale-heading", WAIT).await;
    assert_eq!(
        page.text_of("#stale-heading").await,
        "Diese Seite war veraltet"
    );
    assert!(
        page.text_of("#stale-text")
            .await
            .contains("Es wurde nichts geändert.")
    );
    page.assert_accessible("a form from an earlier session")
        .await;
    page.screenshot("desk-stale-form").await;
    assert_eq!(
        players_of(&service, &token, id).await,
        0,
        "nothing was added"
    );
    // Back on the page, loaded afresh, the same entry goes through.
    page.click("#stale-back").await;
    page.wait_for("#new-player", WAIT).await;
    assert_eq!(page.current_url().await, players);
    page.fill("#new-name", "Erna Späth").await;
    page.click("#new-submit").await;
    page.wait_until("document.body.textContent.includes('Erna Späth')", WAIT)
        .await;
    assert_eq!(players_of(&service, &token, id).await, 1);

    // Signed out in another tab: this tab's next step goes to the sign-in form, in
    // German, and from there back to the page it was on.
    let csrf = page
        .eval(
            "return document.querySelector('#logout-form input[type=hidden]').value;",
            vec![],
        )
        .await;
    let out = page
        .eval_async(
            "const done = arguments[arguments.length - 1];
             fetch('/logout', { method: 'POST', credentials: 'same-origin', redirect: 'manual',
               body: new URLSearchParams({ csrf: arguments[0] }) }).then(() => done(true), () => done(false));",
            vec![csrf],
        )
        .await;
    assert_eq!(out, json!(true));
    page.click(".desk-nav a[href$='/rounds']").await;
    page.wait_for("#login-form", WAIT).await;
    assert!(
        page.text_of("#login-notice")
            .await
            .starts_with("Ihre Anmeldung ist abgelaufen")
    );
    page.assert_accessible("signing in again").await;
    page.fill("#email", "leitung@example.org").await;
    page.fill("#password", PASSWORD).await;
    page.click("#login-submit").await;
    page.wait_for("h1", WAIT).await;
    assert_eq!(
        page.current_url().await,
        format!("{base}/admin/tournaments/{id}/rounds")
    );
    page.close().await;
}
