//! A co-organiser invited in Chromium: the organiser types an e-mail without an account,
//! the desk shows the one-time link with a button that copies it; the invitee, in a
//! browser without the organiser's session, opens the link, sets his name and password
//! (a mistyped repeat is refused beside the form, the name kept) and lands on the
//! tournament's desk as its co-organiser. Every page passes the accessibility check.

use serde_json::json;
use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::Table;

#[actix_web::test]
async fn an_invitee_opens_the_link_sets_a_password_and_runs_the_tournament() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;
    let desk = format!("{base}/admin/tournaments/{}", t.tournament);
    page.goto(&desk).await;
    page.wait_for("#organizer-add", WAIT).await;

    // An e-mail without an account: the link is shown, this once, and copied by a click.
    page.fill("#organizer-email", "neu@example.org").await;
    page.click("#organizer-submit").await;
    page.wait_for("#invited-link", WAIT).await;
    let link = page.attr("#invited-link", "value").await.unwrap();
    assert!(
        link.starts_with(&format!("{base}/admin/invite/")),
        "{link} starts at {base}"
    );
    assert!(page.text_of("#invited").await.contains("neu@example.org"));
    // The test's server listens on the loopback address only: the desk says the link opens
    // on this machine alone.
    assert!(
        page.text_of("#invited-loopback")
            .await
            .contains("KARLCHEN_PUBLIC_URL")
    );
    page.click("#invited-copy").await;
    page.wait_until(
        "document.getElementById('invited-copied').textContent === 'Kopiert.'",
        WAIT,
    )
    .await;
    let listed = page.text_of("#invitations-list").await;
    assert!(listed.contains("neu@example.org"), "{listed}");
    page.screenshot("desk-invitation").await;
    page.assert_accessible("the desk with an invitation").await;

    // The invitee's browser: no session of the organiser's.
    page.cdp("Network.clearBrowserCookies", json!({})).await;
    page.goto(&link).await;
    page.wait_for("#invite-form", WAIT).await;
    assert!(page.text_of("#invite-offer").await.contains("Karlchen-Cup"));
    page.screenshot("invitation").await;
    page.assert_accessible("the invitation's page").await;
    page.fill("#invite-name", "Neue Leitung").await;
    page.fill("#invite-password", "ein-gutes-passwort").await;
    page.fill("#invite-password-repeat", "ein-anderes-passwort")
        .await;
    page.click("#invite-submit").await;
    page.wait_for("#invite-error", WAIT).await;
    assert!(
        page.text_of("#invite-error")
            .await
            .contains("stimmen nicht überein")
    );
    assert_eq!(
        page.attr("#invite-name", "value").await.as_deref(),
        Some("Neue Leitung")
    );
    page.assert_accessible("the invitation refused").await;
    page.fill("#invite-password", "ein-gutes-passwort").await;
    page.fill("#invite-password-repeat", "ein-gutes-passwort")
        .await;
    page.click("#invite-submit").await;
    page.wait_for("#done", WAIT).await;
    assert!(page.text_of("#done").await.contains("jetzt mit"));
    let organisers = page.text_of("#organizers-list").await;
    assert!(
        organisers.contains("Neue Leitung") && organisers.contains("neu@example.org"),
        "{organisers}"
    );
    assert_eq!(
        page.count("#invitations-list").await,
        0,
        "no invitation open"
    );

    // The link, opened again, says it was used.
    page.goto(&link).await;
    page.wait_for("#invite-error", WAIT).await;
    assert!(
        page.text_of("#invite-error")
            .await
            .contains("schon benutzt")
    );
    assert_eq!(page.count("#invite-form").await, 0);
}
