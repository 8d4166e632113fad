//! The arbitration panel's sanctions (TSR 9.7) at the desk, in Chromium: on the table's page
//! the director records a point deduction for unsportsmanlike conduct (the severity chosen
//! from the list, the points typed) and sees it in the penalties with only the offender's
//! points moved; on the players' page he opens a player's row, states the panel's reason,
//! chooses that the results are struck, ticks the confirmation and disqualifies him; the
//! row says so and the standings no longer rank him. Every page passes the accessibility
//! check.

use serde_json::json;
use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::{Table, call_json, expect, normal};

#[actix_web::test]
async fn the_director_records_a_deduction_and_a_disqualification() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    // Deal 1: Re (seats 0 and 2) wins 130 to 110: [1, -1, 1, -1].
    expect(
        &t.post(&service, &t.captain, &normal([0, 2])).await,
        201,
        "deal 1",
    );
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;

    // 5 points off seat 3 (position 4) for unsportsmanlike conduct.
    page.goto(&format!("{base}/admin/tables/{}", t.table)).await;
    page.wait_for("#penalty-form", WAIT).await;
    page.assert_accessible("the penalty form with the deduction")
        .await;
    page.click("#penalty-offender option[value='3']").await;
    page.click("#penalty-severity option[value=unsportsmanlike]")
        .await;
    page.fill("#penalty-deduction", "5").await;
    page.fill("#penalty-offence", "Karten geworfen").await;
    page.fill("#penalty-referee", "Schiedsgericht").await;
    page.click("#penalty-form button[type=submit]").await;
    page.wait_until(
        "document.querySelectorAll('tr[id^=penalty-]').length === 1",
        WAIT,
    )
    .await;
    let row = page.text_of("tr[id^=penalty-]").await;
    assert!(
        row.contains("unsportlich (TSR 9.7)") && row.contains("Karten geworfen"),
        "{row}"
    );
    let sheet = t.sheet(&service).await;
    assert_eq!(
        sheet["deals"][0]["penalties"][0]["scores"],
        json!([0, 0, 0, -5])
    );
    assert_eq!(sheet["totals"], json!([1, -1, 1, -6]));
    page.screenshot("desk-table-deduction").await;
    page.assert_accessible("the table with a deduction").await;

    // Seat 2 (the third player) disqualified, his results struck.
    let gone = t.players[2];
    page.goto(&format!(
        "{base}/admin/tournaments/{}/players",
        t.tournament
    ))
    .await;
    page.wait_for(&format!("#player-{gone}"), WAIT).await;
    page.click(&format!("#player-{gone} details.player-edit > summary"))
        .await;
    page.wait_for(&format!("#disqualify-reason-{gone}"), WAIT)
        .await;
    page.assert_accessible("a player's row open with the disqualification")
        .await;
    page.fill(
        &format!("#disqualify-reason-{gone}"),
        "Wiederholt unsportlich nach Verwarnung",
    )
    .await;
    page.click(&format!(
        "#player-{gone} .disqualify-form input[name=results][value=struck]"
    ))
    .await;
    page.click(&format!("#disqualify-confirm-{gone}")).await;
    page.click(&format!("#player-{gone} .disqualify-button"))
        .await;
    page.wait_for(&format!("#player-{gone} .disqualified"), WAIT)
        .await;
    let state = page.text_of(&format!("#player-{gone}")).await;
    assert!(
        state.contains("Ergebnisse gestrichen")
            && state.contains("Wiederholt unsportlich nach Verwarnung"),
        "{state}"
    );
    page.screenshot("desk-players-disqualified").await;
    page.assert_accessible("the players with one disqualified")
        .await;

    let standings = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/standings", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&standings, 200, "standings");
    let ranked: Vec<i64> = standings.json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["player_id"].as_i64().unwrap())
        .collect();
    assert_eq!(ranked.len(), 3, "{}", standings.text);
    assert!(!ranked.contains(&gone));
    page.close().await;
}
