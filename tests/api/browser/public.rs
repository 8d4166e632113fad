//! The public pages in Chromium: walked as a spectator walks them (start page, tournament,
//! standings, players, a player with his chart, a table's sheet, the projector), each
//! accessible at a phone's and a laptop's size; and the standings updating by themselves,
//! without a reload, when a deal is entered.

use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::normal;
use crate::public_pages::hall;

#[actix_web::test]
async fn the_public_pages_are_accessible_when_walked() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let h = hall(&app, &service, true).await;
    let base = super::super::server::spawn(&app).await;
    for (viewport, size) in [(Viewport::Phone, "phone"), (Viewport::Desktop, "desktop")] {
        let Some(page) = browser::open(viewport).await else {
            return;
        };
        page.goto(&format!("{base}/")).await;
        page.wait_for("ul#tournaments", WAIT).await;
        page.screenshot(&format!("public-home-{size}")).await;
        page.assert_accessible("start page").await;

        page.click("ul#tournaments > li > a").await;
        page.wait_for("#tournament-links", WAIT).await;
        page.click("#tournament-links a[href$='/standings']").await;
        page.wait_for("table#standings", WAIT).await;
        assert_eq!(page.count("table#standings tbody tr[data-player]").await, 8);
        page.screenshot(&format!("public-standings-{size}")).await;
        page.assert_accessible("standings").await;

        // To a player from his row, and on to the sheet of his first table.
        page.click(&format!("tr[data-player='{}'] td.name a", h.p[3]))
            .await;
        page.wait_for("svg#chart", WAIT).await;
        assert_eq!(page.count("svg#chart circle[data-total]").await, 2);
        page.screenshot(&format!("public-player-{size}")).await;
        page.assert_accessible("player page").await;
        page.click("table#player-rounds tbody a").await;
        page.wait_for("table#sheet", WAIT).await;
        assert_eq!(page.count("table#sheet tbody tr[data-number]").await, 2);
        page.screenshot(&format!("public-sheet-{size}")).await;
        page.assert_accessible("table sheet").await;

        page.goto(&format!("{base}/tournaments/{}/players", h.t))
            .await;
        page.wait_for("table#players", WAIT).await;
        page.assert_accessible("players").await;

        page.goto(&format!("{base}/tournaments/{}/projector", h.t))
            .await;
        page.wait_for("#projector-pause", WAIT).await;
        page.screenshot(&format!("public-projector-{size}")).await;
        page.assert_accessible("projector").await;
        page.close().await;
    }
}

#[actix_web::test]
async fn the_standings_show_a_new_deal_without_a_reload() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let h = hall(&app, &service, true).await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Phone).await else {
        return;
    };
    page.goto(&format!("{base}/tournaments/{}/standings", h.t))
        .await;
    page.wait_for("table#standings", WAIT).await;
    let before = page.attr("table#standings", "data-version").await.unwrap();
    // A mark a reload would wipe.
    page.eval("window.karlchenMark = 1;", vec![]).await;

    h.deal(&service, h.tables[1], &normal([2, 3])).await;
    page.wait_until(
        &format!("document.getElementById('standings').dataset.version !== '{before}'"),
        WAIT,
    )
    .await;
    assert_eq!(
        page.eval("return window.karlchenMark;", vec![]).await,
        serde_json::json!(1),
        "no reload"
    );
    let api = h.standings(&service).await;
    for line in api["standings"].as_array().unwrap() {
        let selector = format!("tr[data-player='{}'] td.total", line["player_id"]);
        assert_eq!(page.text_of(&selector).await, line["total"].to_string());
    }
    assert!(
        page.text_of("#standings-status")
            .await
            .starts_with("Aktualisiert um")
    );
    page.screenshot("public-standings-live").await;
    page.close().await;
}
