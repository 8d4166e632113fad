//! The compact monitor of a championship in Chromium: 43 tables fit one 1366x768 screen
//! without scrolling, the tables needing attention come first (those taking nothing for
//! too long), then the tables playing, then the complete ones, and the view passes the
//! accessibility check.

use chrono::TimeDelta;
use serde_json::{Value, json};
use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::{Step, Table, call_json, captain, expect, organizer, players, repeat, round};

#[actix_web::test]
async fn forty_three_tables_fit_one_screen_with_the_urgent_ones_first() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let body = json!({"name": "DDV-Meisterschaft", "date": "2026-12-05", "deals_four": 8});
    let id = crate::fixtures::tournament(&service, &org, &body).await;
    let field = players(&service, &org, id, 172).await;
    let tables: Vec<Value> = field.chunks(4).map(|c| json!(c)).collect();
    let drawn = round(&service, &org, id, &json!(tables)).await;
    let round_id = drawn.json["id"].as_i64().unwrap();
    let table_id = |n: usize| drawn.json["tables"][n - 1]["id"].as_i64().unwrap();
    let start = call_json(
        &service,
        "POST",
        &format!("/api/v1/rounds/{round_id}/start"),
        Some(&org),
        None,
    )
    .await;
    expect(&start, 200, "start");
    // Twenty minutes later table 7 enters a deal and table 3 its whole sheet; the other 41
    // have taken nothing since the start.
    app.state.db.clock().advance(TimeDelta::minutes(20));
    for (n, steps) in [
        (7, vec![Step::Normal]),
        (3, {
            let mut all = repeat(&Step::Normal, 4);
            all.extend(repeat(&Step::Forced, 4));
            all
        }),
    ] {
        let table = Table {
            org: org.clone(),
            tournament: id,
            players: field[(n - 1) * 4..n * 4].to_vec(),
            round: round_id,
            table: table_id(n),
            captain: captain(&service, &org, table_id(n)).await,
        };
        table.fill(&service, &steps).await;
    }

    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;
    page.set_screen(1366, 768).await;
    page.goto(&format!("{base}/admin/tournaments/{id}/monitor"))
        .await;
    page.click("#monitor-view").await;
    page.wait_for("#monitor-rows.monitor-grid", WAIT).await;
    page.screenshot("desk-monitor-compact-43").await;
    let fit = page
        .eval(
            "const tiles = [...document.querySelectorAll('#monitor-rows li')];
             const h = window.innerHeight, w = document.documentElement.clientWidth;
             const out = tiles.filter(t => { const r = t.getBoundingClientRect();
               return r.bottom > h || r.right > w; }).map(t => t.id);
             return [tiles.length, out, tiles.map(t => +t.id.replace('monitor-table-', ''))];",
            vec![],
        )
        .await;
    assert_eq!(fit[0], json!(43));
    assert_eq!(fit[1], json!([]), "tiles off the 1366x768 screen");
    let order: Vec<u64> = fit[2]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    // 41 idle tables in number order, then table 7 playing, then table 3 complete.
    assert_eq!(order[..3], [1, 2, 4]);
    assert_eq!(order[41..], [7, 3]);
    assert!(
        page.attr("#monitor-table-1", "class")
            .await
            .unwrap()
            .contains("idle")
    );
    assert!(
        page.attr("#monitor-table-3", "class")
            .await
            .unwrap()
            .contains("complete")
    );
    page.assert_accessible("the compact monitor").await;
    page.close().await;
}
