//! A tournament's desk in Chromium: the organiser edits its settings (a refusal shown beside
//! the form), makes a preview link, adds a co-organiser, reads the standings overall and
//! for a round, and looks at the delete confirmation; every page passes the accessibility
//! check and is kept as a screenshot.

use service_tests::browser::{self, Viewport};
use service_tests::{PASSWORD, TestApp};

use super::WAIT;
use crate::fixtures::{Step, Table, repeat};

#[actix_web::test]
async fn an_organiser_edits_his_tournament_adds_a_co_organiser_and_reads_the_standings() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    t.fill(&service, &repeat(&Step::Normal, 6)).await;
    app.add_organizer("zweite@example.org");
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;

    let desk = format!("{base}/admin/tournaments/{}", t.tournament);
    page.goto(&desk).await;
    page.wait_for("#settings-form", WAIT).await;
    page.screenshot("desk-tournament").await;
    page.assert_accessible("the tournament's desk page").await;

    // Settings: saved, then a refusal beside the form with the input kept.
    page.fill("#settings-venue", "Bürgerhaus").await;
    page.fill("#settings-deals-four", "20").await;
    page.click("#settings-submit").await;
    page.wait_for("#done", WAIT).await;
    assert_eq!(
        page.attr("#settings-venue", "value").await.as_deref(),
        Some("Bürgerhaus")
    );
    page.fill("#settings-deals-four", "5").await;
    page.fill("#settings-name", "Umbenannt").await;
    page.click("#settings-submit").await;
    page.wait_for("#settings-error", WAIT).await;
    let why = page.text_of("#settings-error").await;
    assert!(why.contains("Spiele je Runde am 4er-Tisch"), "{why}");
    assert_eq!(
        page.attr("#settings-name", "value").await.as_deref(),
        Some("Umbenannt")
    );
    page.screenshot("desk-tournament-refused").await;
    page.assert_accessible("the settings refused").await;

    // A preview link while unpublished.
    page.goto(&desk).await;
    page.click("#preview-submit").await;
    page.wait_for("#preview-link", WAIT).await;
    assert!(page.text_of("#preview-link").await.contains("?preview="));

    // A co-organiser by e-mail.
    page.fill("#organizer-email", "zweite@example.org").await;
    page.click("#organizer-submit").await;
    page.wait_for("#done", WAIT).await;
    let organisers = page.text_of("#organizers-list").await;
    assert!(organisers.contains("zweite@example.org"), "{organisers}");
    assert!(organisers.contains("Mit-Turnierleitung"), "{organisers}");
    page.screenshot("desk-tournament-organisers").await;
    page.assert_accessible("the Turnierleitung").await;

    // The standings, overall and for round 1, with their downloads.
    page.click(".desk-nav a[href$='/standings']").await;
    page.wait_for("#desk-standings", WAIT).await;
    assert_eq!(page.count("#desk-standings tbody tr").await, 4);
    assert!(
        page.attr("#csv-de", "href")
            .await
            .unwrap()
            .contains("dialect=de")
    );
    page.screenshot("desk-standings").await;
    page.assert_accessible("the desk's standings").await;
    page.click(".desk-rounds a[href$='round=1']").await;
    page.wait_for("#desk-standings", WAIT).await;
    assert!(page.text_of("h1").await.contains("1"));
    page.assert_accessible("a round's standings").await;

    // The delete confirmation (not confirmed).
    page.goto(&format!("{desk}/delete")).await;
    page.wait_for("#delete-form", WAIT).await;
    page.screenshot("desk-tournament-delete").await;
    page.assert_accessible("the delete confirmation").await;
    page.click("#delete-cancel").await;
    page.wait_for("#settings-form", WAIT).await;
    page.close().await;

    // On a phone the page passes the same check (the co-organiser's view this time).
    let Some(phone) = browser::open(Viewport::Phone).await else {
        return;
    };
    phone.goto(&format!("{base}/login")).await;
    phone.wait_for("#login-form", WAIT).await;
    phone.fill("#email", "zweite@example.org").await;
    phone.fill("#password", PASSWORD).await;
    phone.click("#login-submit").await;
    phone.wait_for("#desk-tournaments", WAIT).await;
    phone.goto(&desk).await;
    phone.wait_for("#settings-form", WAIT).await;
    phone.screenshot("desk-tournament-phone").await;
    phone
        .assert_accessible("the tournament's desk page on a phone")
        .await;
    phone.goto(&format!("{desk}/standings")).await;
    phone.wait_for("#desk-standings", WAIT).await;
    phone.screenshot("desk-standings-phone").await;
    phone
        .assert_accessible("the desk's standings on a phone")
        .await;
    phone.close().await;
}
