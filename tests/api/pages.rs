//! The printed pages: the table list of a round with its seed, and the seating plan; same
//! access as the API, HTML escaping, and error pages.

use serde_json::json;
use service_tests::{TestApp, backend_test};

use crate::fixtures::{App, call_json, expect, organizer, send, tournament};

/// A published tournament with 17 players (one with a name that looks like markup) and
/// round 1 drawn with seed "Aushang-2026": (tournament id, player names).
pub async fn published_round<S: App>(app: &TestApp, service: &S) -> (i64, Vec<String>) {
    let token = organizer(app, service, "aushang@example.org").await;
    let id = tournament(
        service,
        &token,
        &json!({"name": "Aushang-Cup", "date": "2026-12-05", "venue": "Vereinsheim", "rounds": 3}),
    )
    .await;
    let mut names: Vec<String> = (1..=16).map(|i| format!("Spielerin {i:02}")).collect();
    names.push("<script>alert(1)</script>".to_owned());
    for name in &names {
        let p = call_json(
            service,
            "POST",
            &format!("/api/v1/tournaments/{id}/players"),
            Some(&token),
            Some(&json!({"name": name, "club": "DK Herz-Dame"})),
        )
        .await;
        expect(&p, 201, "player");
    }
    let round = call_json(
        service,
        "POST",
        &format!("/api/v1/tournaments/{id}/rounds"),
        Some(&token),
        Some(&json!({"draw": {"method": "random", "seed": "Aushang-2026"}})),
    )
    .await;
    expect(&round, 201, "round");
    let plan = call_json(
        service,
        "PUT",
        &format!("/api/v1/tournaments/{id}/plan"),
        Some(&token),
        Some(&json!({"seed": "Plan-2026"})),
    )
    .await;
    expect(&plan, 200, "plan");
    let published = call_json(
        service,
        "PATCH",
        &format!("/api/v1/tournaments/{id}"),
        Some(&token),
        Some(&json!({"published": true})),
    )
    .await;
    expect(&published, 200, "publish");
    (id, names[..16].to_vec())
}

fn get(path: &str, token: Option<&str>) -> actix_http::Request {
    crate::fixtures::req("GET", path, token, None, &[])
}

backend_test!(round_list_prints_tables_seed_and_quality, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (id, names) = published_round(&app, &service).await;
    let page = send(
        &service,
        get(&format!("/tournaments/{id}/rounds/1/list"), None),
    )
    .await;
    expect(&page, 200, "list");
    assert_eq!(page.header("content-type"), "text/html; charset=utf-8");
    let html = &page.text;
    assert!(html.contains("Aushang-Cup – Tischliste Runde 1"));
    assert!(html.contains("05.12.2026 · Vereinsheim"));
    assert!(
        html.contains("<span class=\"seed\">Aushang-2026</span>"),
        "seed shown"
    );
    assert!(html.contains("Auslosung: zufällig"));
    // One round never repeats an encounter: the quality says it is the best possible.
    assert!(html.contains("<strong>0</strong>\n(bestmöglich)"), "{html}");
    assert!(html.contains("nachvollziehbar aus der Spielerliste (nach Startnummer) und dem Seed"));
    // 17 players: three 4-tables and one 5-table, 24 and 30 deals.
    for table in 1..=4 {
        assert!(html.contains(&format!("<h2>Tisch {table}</h2>")));
    }
    assert_eq!(html.matches("4 Spieler · 24 Spiele").count(), 3);
    assert_eq!(html.matches("5 Spieler · 30 Spiele").count(), 1);
    assert_eq!(
        html.matches("<span class=\"role\">gibt zuerst</span>")
            .count(),
        4
    );
    assert_eq!(
        html.matches("<span class=\"role\">Listenführer</span>")
            .count(),
        4
    );
    for name in &names {
        // Once at the table, once in the alphabetical index.
        assert_eq!(html.matches(name.as_str()).count(), 2, "{name}");
    }
    // Escaped, never markup.
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;&#x2F;script&gt;"),
        "{html}"
    );
    assert!(!html.contains("<script>alert"));
    // After one round nobody has met twice.
    assert!(html.contains("Wiederholte Begegnungen: <strong>0</strong>"));
    // The API's round agrees with the page about who sits at table 1, seat 1.
    let rounds = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}/rounds"),
        None,
        None,
    )
    .await;
    let first = rounds.json[0]["tables"][0]["seats"][0].as_i64().unwrap();
    let players = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}/players"),
        None,
        None,
    )
    .await;
    let name = players
        .json
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == first)
        .unwrap()["name"]
        .as_str()
        .unwrap()
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('/', "&#x2F;");
    let table_one =
        &html[html.find("<h2>Tisch 1</h2>").unwrap()..html.find("<h2>Tisch 2</h2>").unwrap()];
    let first_row = &table_one[table_one.find("<td class=\"num\">1</td>").unwrap()..];
    assert!(
        first_row[..first_row.find("</tr>").unwrap()].contains(&name),
        "{table_one}"
    );
});

backend_test!(plan_page_prints_every_players_tables, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (id, _) = published_round(&app, &service).await;
    let page = send(&service, get(&format!("/tournaments/{id}/plan"), None)).await;
    expect(&page, 200, "plan page");
    let html = &page.text;
    assert!(html.contains("Aushang-Cup – Setzplan"));
    assert!(html.contains("<span class=\"seed\">Plan-2026</span>"));
    assert!(html.contains("Geplant ab Runde 2"));
    assert!(html.contains("<th class=\"num\">R2</th><th class=\"num\">R3</th>"));
    // The API's plan and the page agree, player by player.
    let plan = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}/plan"),
        None,
        None,
    )
    .await;
    let players = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}/players"),
        None,
        None,
    )
    .await;
    let rows: Vec<&str> = html.split("<tr><td class=\"num\">").skip(1).collect();
    assert_eq!(rows.len(), 17);
    for player in players.json.as_array().unwrap() {
        let tables: Vec<String> = plan.json["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|round| {
                let t = round["tables"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .position(|t| t.as_array().unwrap().contains(&player["id"]))
                    .unwrap();
                format!("<td class=\"num\">{}</td>", t + 1)
            })
            .collect();
        let row = rows
            .iter()
            .find(|r| r.starts_with(&format!("{}</td>", player["start_number"])))
            .unwrap();
        assert!(row.contains(&tables.concat()), "{row}");
    }
});

backend_test!(start_page_links_the_lists_and_the_plan, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (id, _) = published_round(&app, &service).await;
    let page = send(&service, get(&format!("/tournaments/{id}"), None)).await;
    expect(&page, 200, "start page");
    let html = &page.text;
    assert!(html.contains("<h1>Aushang-Cup</h1>"));
    assert!(html.contains("17 Spieler · 3 Runden geplant"));
    let list = format!("<a href=\"/tournaments/{id}/rounds/1/list\">Runde 1 – Tischliste</a>");
    assert!(html.contains(&list), "{html}");
    assert!(html.contains("(4 Tische)"));
    assert!(html.contains(&format!(
        "<a href=\"/tournaments/{id}/plan\">Setzplan aller Runden</a>"
    )));
    // Every link on it leads to a page.
    for link in [
        format!("/tournaments/{id}/rounds/1/list"),
        format!("/tournaments/{id}/plan"),
    ] {
        let target = send(&service, get(&link, None)).await;
        expect(&target, 200, &link);
        assert!(
            target
                .text
                .contains(&format!("<a href=\"/tournaments/{id}\">")),
            "back link on {link}"
        );
    }
});

backend_test!(pages_keep_the_apis_access_rules, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let token = organizer(&app, &service, "privat@example.org").await;
    let id = tournament(
        &service,
        &token,
        &json!({"name": "Privat", "date": "2026-12-05"}),
    )
    .await;
    crate::fixtures::players(&service, &token, id, 4).await;
    let round = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{id}/rounds"),
        Some(&token),
        Some(&json!({"draw": {"method": "random", "seed": "s"}})),
    )
    .await;
    expect(&round, 201, "round");
    let list = format!("/tournaments/{id}/rounds/1/list");
    // Unpublished: the owner sees it, nobody else; a stranger gets the German 404 page.
    expect(
        &send(&service, get(&list, Some(&token))).await,
        200,
        "owner",
    );
    let hidden = send(&service, get(&list, None)).await;
    expect(&hidden, 404, "anonymous");
    assert_eq!(hidden.header("content-type"), "text/html; charset=utf-8");
    assert!(hidden.text.contains("Nicht gefunden"));
    let other = organizer(&app, &service, "fremd@example.org").await;
    expect(
        &send(&service, get(&list, Some(&other))).await,
        404,
        "other organiser",
    );
    expect(
        &send(&service, get(&list, Some("kaputt"))).await,
        404,
        "bad token",
    );
    // Unknown rounds, tournaments, plans and malformed numbers are 404 pages too.
    for path in [
        format!("/tournaments/{id}/rounds/2/list"),
        format!("/tournaments/{id}/rounds/eins/list"),
        "/tournaments/999999/rounds/1/list".to_owned(),
        format!("/tournaments/{id}/plan"),
        "/tournaments/x/plan".to_owned(),
        "/tournaments/999999".to_owned(),
    ] {
        let page = send(&service, get(&path, Some(&token))).await;
        expect(&page, 404, &path);
        assert!(page.text.contains("Nicht gefunden"), "{path}");
    }
});
