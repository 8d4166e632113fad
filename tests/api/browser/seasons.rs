//! A published season's pages in Chromium, on a phone: the standings with a column per
//! evening and the dropped results in brackets, walked to one person's season with the
//! chart of his points over the evenings; both accessible.

use serde_json::json;
use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::call_json;
use crate::fixtures::{expect, organizer, tournament};
use crate::seasons::{members, name, play_evening};

#[actix_web::test]
async fn a_spectator_reads_the_season_and_a_players_evenings_on_a_phone() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "verein@example.org").await;
    let season = call_json(
        &service,
        "POST",
        "/api/v1/seasons",
        Some(&org),
        Some(&json!({"name": "Winterserie", "published": true,
            "rules": {"scoring": "placement", "placement_points": [10, 8, 6, 5, 4, 3, 2, 1],
                      "best_of": 2, "min_evenings": 2}})),
    )
    .await;
    expect(&season, 201, "season");
    let s = season.json["id"].as_i64().unwrap();
    // Evenings 1, 2 and 4 of the season test's club: two of them play all three.
    let evenings = [0, 1, 3];
    for (i, k) in evenings.into_iter().enumerate() {
        let t = tournament(
            &service,
            &org,
            &json!({"name": format!("Abend {}", i + 1), "date": format!("2026-12-0{}", i + 1)}),
        )
        .await;
        play_evening(&service, &org, t, k).await;
        let published = call_json(
            &service,
            "PATCH",
            &format!("/api/v1/tournaments/{t}"),
            Some(&org),
            Some(&json!({"published": true})),
        )
        .await;
        expect(&published, 200, "publish");
        let added = call_json(
            &service,
            "POST",
            &format!("/api/v1/seasons/{s}/tournaments"),
            Some(&org),
            Some(&json!({"tournament_id": t})),
        )
        .await;
        expect(&added, 200, "added");
    }
    let standings = call_json(
        &service,
        "GET",
        &format!("/api/v1/seasons/{s}/standings"),
        None,
        None,
    )
    .await;
    expect(&standings, 200, "standings");
    let people = standings.json["standings"].as_array().unwrap().len();
    // Who played all three evenings has one result in brackets (best 2 of 3).
    let always = (0..44)
        .find(|p| evenings.iter().all(|&k| members(k).contains(p)))
        .unwrap();
    let line = standings.json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["name"] == name(always))
        .unwrap()
        .clone();
    let person = line["person_id"].as_i64().unwrap();

    let served = crate::fixtures::send(
        &service,
        actix_web::test::TestRequest::get()
            .uri(&format!("/seasons/{s}"))
            .to_request(),
    )
    .await;
    expect(&served, 200, "the season's page");
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Phone).await else {
        return;
    };
    // From the start page, where the published seasons are listed.
    page.goto(&format!("{base}/")).await;
    page.wait_for("ul#seasons", WAIT).await;
    page.click(&format!("ul#seasons a[href='/seasons/{s}']"))
        .await;
    page.wait_for("table#season-standings", WAIT).await;
    assert_eq!(
        page.count("table#season-standings tbody tr[data-person]")
            .await,
        people
    );
    assert_eq!(page.count("table#season-standings thead th.round").await, 3);
    assert!(
        page.text_of("#season-rules")
            .await
            .contains("es zählen die besten 2 Abende")
    );
    let row = page.text_of(&format!("tr[data-person='{person}']")).await;
    assert!(
        row.contains('(') && row.contains(line["score"].as_str().unwrap()),
        "{row}"
    );
    page.screenshot("season-standings-phone").await;
    page.assert_accessible("season standings").await;

    page.click(&format!("tr[data-person='{person}'] td.name a"))
        .await;
    page.wait_for("svg#chart", WAIT).await;
    assert_eq!(page.count("svg#chart circle[data-total]").await, 3);
    // His places, as the table lists them, on the chart of places.
    let places: Vec<String> = line["evenings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["place"].to_string())
        .collect();
    let drawn = page
        .eval(
            "return [...document.querySelectorAll('svg#places-chart circle')].map(c => c.dataset.place);",
            vec![],
        )
        .await;
    assert_eq!(drawn, json!(places));
    assert_eq!(page.count("table#person-evenings tbody tr").await, 3);
    page.screenshot("season-person-phone").await;
    page.assert_accessible("season person").await;

    // The hall's screen: fifteen people a page, the first page again after the last.
    page.goto(&format!("{base}/seasons/{s}")).await;
    page.wait_for("#season-projector", WAIT).await;
    page.click("#season-projector").await;
    page.wait_for("#projector", WAIT).await;
    assert_eq!(page.count("#projector tbody tr[data-person]").await, 15);
    let pages = people.div_ceil(15);
    assert_eq!(
        page.attr("#projector", "data-pages").await.as_deref(),
        Some(pages.to_string().as_str())
    );
    page.assert_accessible("season projector").await;
    page.goto(&format!("{base}/seasons/{s}/projector?page={pages}"))
        .await;
    page.wait_for("#projector", WAIT).await;
    assert_eq!(
        page.count("#projector tbody tr[data-person]").await,
        people - 15 * (pages - 1)
    );
    assert_eq!(
        page.attr("#projector", "data-next").await.as_deref(),
        Some(format!("/seasons/{s}/projector?page=1").as_str())
    );
    page.close().await;

    // Unpublished, the season is gone from the hall.
    let hidden = call_json(
        &service,
        "PUT",
        &format!("/api/v1/seasons/{s}"),
        Some(&org),
        Some(&json!({"name": "Winterserie"})),
    )
    .await;
    expect(&hidden, 200, "unpublish");
    let gone = crate::fixtures::send(
        &service,
        actix_web::test::TestRequest::get()
            .uri(&format!("/seasons/{s}"))
            .to_request(),
    )
    .await;
    expect(&gone, 404, "an unpublished season's page");
}
