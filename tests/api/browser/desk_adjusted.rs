//! A table that could not play, in Chromium: on the table's desk page the director opens
//! "Wertung festsetzen", types each player's points and the reason, and sets it; the page
//! shows the set result and the desk's standings mark the round. Both pages pass the
//! accessibility check.

use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::Table;

#[actix_web::test]
async fn the_director_sets_the_result_of_a_table_that_could_not_play() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;
    page.goto(&format!("{base}/admin/tables/{}", t.table)).await;
    page.wait_for("#adjust", WAIT).await;
    page.click("#adjust summary").await;
    page.wait_for("#adjust-p1", WAIT).await;
    page.assert_accessible("the set-result form").await;
    page.fill("#adjust-p3", "-4").await;
    page.fill("#adjust-p4", "4").await;
    page.fill("#adjust-reason", "Zwei Spieler nicht erschienen")
        .await;
    page.click("#adjust-form button[type=submit]").await;
    page.wait_for("#adjusted", WAIT).await;
    let shown = page.text_of("#adjusted").await;
    assert!(
        shown.contains("-4") && shown.contains("Zwei Spieler nicht erschienen"),
        "{shown}"
    );
    let totals = page.text_of("#desk-totals").await;
    assert!(totals.contains("-4") && totals.contains('4'), "{totals}");
    page.screenshot("desk-table-adjusted").await;
    page.assert_accessible("a table with a set result").await;

    page.goto(&format!(
        "{base}/admin/tournaments/{}/standings",
        t.tournament
    ))
    .await;
    page.wait_for("#standings-set-note", WAIT).await;
    assert_eq!(page.count(".set-result").await, 4);
    page.assert_accessible("the standings with a set round")
        .await;
}
