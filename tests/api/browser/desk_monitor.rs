//! The live monitor in Chromium: open at the desk while a captain enters deals through the
//! API, its row changes without a reload; a click opens the table, where the organiser
//! corrects a deal and records a penalty. Every page passes the accessibility check and
//! leaves a screenshot.

use serde_json::json;
use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::{call_json, captain, expect, normal, organizer, players, round, tournament};

/// Long enough for two polls of the monitor (every five seconds) on a busy machine.
const POLLS: std::time::Duration = std::time::Duration::from_secs(30);

#[actix_web::test]
async fn the_monitor_updates_itself_and_a_table_is_mended_at_the_desk() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let id = tournament(
        &service,
        &org,
        &json!({"name": "Herbst-Cup", "date": "2026-11-28"}),
    )
    .await;
    let all = players(&service, &org, id, 8).await;
    let r = round(&service, &org, id, &json!([all[..4], all[4..]])).await;
    let round_id = r.json["id"].as_i64().unwrap();
    let table = r.json["tables"][0]["id"].as_i64().unwrap();
    let token = captain(&service, &org, table).await;
    let start = format!("/api/v1/rounds/{round_id}/start");
    expect(
        &call_json(&service, "POST", &start, Some(&org), None).await,
        200,
        "started",
    );
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;

    page.goto(&format!("{base}/admin/tournaments/{id}/monitor"))
        .await;
    page.wait_for("#monitor-table", WAIT).await;
    assert!(
        page.text_of("#monitor-table-1 td.deals")
            .await
            .contains("0 / 24")
    );
    page.screenshot("desk-monitor").await;
    page.assert_accessible("the monitor").await;

    // The captain enters a deal through the API: the row follows without a reload (the
    // mark set on this page survives).
    page.eval("window.karlchenMark = 1; return null;", vec![])
        .await;
    let deals = format!("/api/v1/tables/{table}/deals");
    let entered = call_json(
        &service,
        "POST",
        &deals,
        Some(&token),
        Some(&normal([1, 2])),
    )
    .await;
    expect(&entered, 201, "deal 1");
    page.wait_until(
        "document.querySelector('#monitor-table-1 td.deals').textContent.includes('1 / 24') \
         && window.karlchenMark === 1",
        POLLS,
    )
    .await;
    assert!(
        page.text_of("#monitor-table-1 td.dealer")
            .await
            .contains("Spieler 1")
    );
    page.screenshot("desk-monitor-updated").await;

    // A click opens the table.
    page.click("#monitor-table-1 th a").await;
    page.wait_for("#desk-sheet", WAIT).await;
    page.screenshot("desk-table").await;
    page.assert_accessible("a table at the desk").await;

    // Correct deal 1: Re made 160, not 130 (keine 90 is one more).
    page.click("#deal-1 a").await;
    page.wait_for("#deal-form", WAIT).await;
    page.screenshot("desk-table-correct").await;
    page.assert_accessible("a deal's correction at the desk")
        .await;
    page.fill("#points", "160").await;
    page.fill("#tricks", "9").await;
    page.fill("#correct-reason", "Zählfehler").await;
    page.click("#save-button").await;
    page.wait_for("#history", WAIT).await;
    let history = page.text_of("#history").await;
    assert!(history.contains("Spiel korrigiert"), "{history}");
    assert!(history.contains("Zählfehler"), "{history}");
    let sheet = call_json(
        &service,
        "GET",
        &format!("/api/v1/tables/{table}/sheet"),
        Some(&org),
        None,
    )
    .await;
    assert_eq!(sheet.json["deals"][0]["scores"], json!([-2, 2, 2, -2]));

    // Record a penalty on deal 1 against the first player.
    page.fill("#penalty-referee", "Schmidt").await;
    page.click("#penalty-form button[type=submit]").await;
    page.wait_for("#penalties", WAIT).await;
    let penalties = page.text_of("#penalties").await;
    assert!(penalties.contains("Schmidt"), "{penalties}");
    assert!(penalties.contains("Spieler 0"), "{penalties}");
    page.screenshot("desk-table-penalty").await;
    page.assert_accessible("a table with a penalty").await;
    page.close().await;
}
