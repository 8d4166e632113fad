//! A season at the desk in Chromium: created from the desk's start, two evenings added
//! from the list of the organiser's tournaments, a match by name and club confirmed, the
//! rules changed to placement points (a number that is none refused as typed), and the
//! register with its people. Every page passes the accessibility check.

use serde_json::json;
use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::call_json;
use crate::fixtures::{organizer, tournament};
use crate::seasons::{members, play_evening};

#[actix_web::test]
async fn an_organiser_builds_a_season_at_the_desk() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let mut evenings = Vec::new();
    for k in 0..2 {
        let t = tournament(
            &service,
            &org,
            &json!({"name": format!("Clubabend {}", k + 1), "date": format!("2026-12-0{}", k + 1)}),
        )
        .await;
        play_evening(&service, &org, t, k).await;
        evenings.push(t);
    }
    let people: std::collections::BTreeSet<usize> = (0..2).flat_map(members).collect();

    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;
    page.click("#desk-seasons-link").await;
    page.wait_for("#season-new", WAIT).await;
    page.assert_accessible("the seasons").await;
    page.fill("#season-name", "Winterpokal").await;
    page.click("#season-create").await;
    page.wait_for("#season-settings", WAIT).await;
    let season: i64 = page
        .current_url()
        .await
        .rsplit('/')
        .next()
        .unwrap()
        .parse()
        .unwrap();

    // Both evenings, oldest first from the list; the second one's two players without a
    // DDV number are matched by name and club, to be confirmed.
    for t in &evenings {
        page.click(&format!("#season-add-tournament option[value='{t}']"))
            .await;
        page.click("#season-add-button").await;
        page.wait_for("#done", WAIT).await;
    }
    assert_eq!(page.count("#season-evenings li").await, 2);
    assert_eq!(page.count("#season-unconfirmed tbody tr").await, 2);
    page.assert_accessible("a season").await;
    // At check-in the players list says so too, and leads to the season's page.
    page.goto(&format!("{base}/admin/tournaments/{}/players", evenings[1]))
        .await;
    page.wait_for("#players", WAIT).await;
    assert_eq!(page.count(".register-note").await, 2);
    assert!(page.text_of(".register-note").await.contains("Spieler 42"));
    page.assert_accessible("the players with a register note")
        .await;
    page.click(".register-note a.register-check").await;
    page.wait_for("#season-unconfirmed", WAIT).await;
    page.click("#season-unconfirmed tbody tr:first-child button.link-confirm")
        .await;
    page.wait_for("#done", WAIT).await;
    assert_eq!(page.count("#season-unconfirmed tbody tr").await, 1);
    assert_eq!(
        page.count("#season-standings tbody tr[data-person]").await,
        people.len()
    );

    // A number that is none is refused as typed, and nothing changes.
    page.click("#season-scoring option[value=placement]").await;
    page.fill("#season-placement", "10, 8, 6, 5").await;
    page.fill("#season-best", "zwei").await;
    page.click("#season-save").await;
    page.wait_for("#season-error", WAIT).await;
    assert!(page.text_of("#season-error").await.contains("keine Zahl"));
    assert_eq!(
        page.attr("#season-best", "value").await.as_deref(),
        Some("zwei")
    );
    let unchanged = call_json(
        &service,
        "GET",
        &format!("/api/v1/seasons/{season}"),
        Some(&org),
        None,
    )
    .await;
    assert_eq!(unchanged.json["rules"]["scoring"], "points");
    page.fill("#season-best", "1").await;
    page.click("#season-published").await;
    page.click("#season-save").await;
    page.wait_for("#done", WAIT).await;
    let saved = call_json(
        &service,
        "GET",
        &format!("/api/v1/seasons/{season}"),
        Some(&org),
        None,
    )
    .await;
    assert_eq!(saved.json["rules"]["scoring"], "placement");
    assert_eq!(
        saved.json["rules"]["placement_points"],
        json!([10, 8, 6, 5])
    );
    assert_eq!(saved.json["rules"]["best_of"], 1);
    assert_eq!(saved.json["published"], true);
    // Best one of two: the winner of an evening has 10.
    let leader = page
        .text_of("#season-standings tbody tr:first-child td.total")
        .await;
    assert_eq!(leader, "10");
    page.screenshot("desk-season").await;

    // Printed to hang up: every person, and where the hall follows it (published now).
    page.click("#season-print").await;
    page.wait_for("#printed-season", WAIT).await;
    assert_eq!(page.count("#printed-season tbody tr").await, people.len());
    assert_eq!(page.count("#printed-live svg").await, 1);
    assert!(
        page.text_of("#printed-live")
            .await
            .contains(&format!("/seasons/{season}"))
    );
    assert!(page.print_pdf("desk-season-print").await >= 1);
    page.assert_accessible("the printed season").await;

    page.goto(&format!("{base}/admin/register")).await;
    page.wait_for("#register", WAIT).await;
    assert_eq!(page.count("#register tbody tr").await, people.len());
    page.assert_accessible("the register").await;
    // A pasted list: one new person, one known by number.
    page.fill(
        "#register-csv",
        "Name;Verein;DDV-Nr.\nNeue Spielerin;Fuchsbau;\nSpieler 00;DK Kreuz-Dame;10000\n",
    )
    .await;
    page.click("#register-import-button").await;
    page.wait_for("#done", WAIT).await;
    assert!(
        page.text_of("#done")
            .await
            .contains("1 neu, 1 schon bekannt")
    );
    assert_eq!(page.count("#register tbody tr").await, people.len() + 1);
    page.close().await;
}
