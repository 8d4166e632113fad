//! The arbitration panel's stop, in Chromium: on the table's desk page the director opens
//! "Tisch beenden", types the panel's reason, must tick the confirmation before the
//! browser sends the form, and stops the table; the page says it was stopped and why, the
//! monitor's tile says so too. Both pages pass the accessibility check.

use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::{Step, Table, repeat};

#[actix_web::test]
async fn the_director_stops_a_table_as_the_panel_decided() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    t.fill(&service, &repeat(&Step::Normal, 2)).await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;
    page.goto(&format!("{base}/admin/tables/{}", t.table)).await;
    page.wait_for("#stop", WAIT).await;
    page.click("#stop summary").await;
    page.wait_for("#stop-reason", WAIT).await;
    page.assert_accessible("the stop form").await;
    page.fill("#stop-reason", "Spieler 3 disqualifiziert").await;
    // Not confirmed: the browser keeps the form (the box is required).
    page.click("#stop-form button[type=submit]").await;
    assert_eq!(page.count("#stopped").await, 0, "not sent unconfirmed");
    page.click("#stop-confirm").await;
    page.click("#stop-form button[type=submit]").await;
    page.wait_for("#stopped", WAIT).await;
    let shown = page.text_of("#stopped").await;
    assert!(shown.contains("Spieler 3 disqualifiziert"), "{shown}");
    let state = page.text_of("#table-state").await;
    assert!(state.contains("vom Schiedsgericht beendet"), "{state}");
    assert_eq!(
        page.count("#enter-link").await,
        0,
        "no entry after the stop"
    );
    page.assert_accessible("a stopped table").await;

    page.goto(&format!(
        "{base}/admin/tournaments/{}/monitor",
        t.tournament
    ))
    .await;
    page.wait_for("#monitor-table-1", WAIT).await;
    let tile = page.text_of("#monitor-table-1").await;
    assert!(tile.contains("vom Schiedsgericht beendet"), "{tile}");
    page.assert_accessible("the monitor with a stopped table")
        .await;
}
