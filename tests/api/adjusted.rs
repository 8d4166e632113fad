//! A table that could not play its round, on both backends: the organiser sets its result
//! (each seat's points, with a reason), only on a sheet without deals. The table is then
//! complete, takes no deal and no time-up, does not hold up closing the round, and its
//! players' round counts as played: in the standings (marked), the averages, the CSV, the
//! DDV list and the results document, which imports it again. Removing it lets the table
//! play. Refusals change nothing; every step is audited with its reason.

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    App, Reply, Step, Table, call_json, captain, desk, desk_form as form, desk_get as get, expect,
    normal, organizer, players, repeat, round, send, tournament,
};

/// `PUT /api/v1/tables/{table}/adjustment` with `body`.
async fn adjust<S: App>(service: &S, org: &str, table: i64, body: &Value) -> Reply {
    call_json(
        service,
        "PUT",
        &format!("/api/v1/tables/{table}/adjustment"),
        Some(org),
        Some(body),
    )
    .await
}

/// The standings line of `player`.
fn line_of(standings: &Value, player: i64) -> Value {
    standings["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["player_id"] == player)
        .cloned()
        .unwrap_or_else(|| panic!("player {player} in the standings"))
}

/// The organiser's standings.
async fn standings<S: App>(service: &S, org: &str, t: i64) -> Value {
    let got = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{t}/standings"),
        Some(org),
        None,
    )
    .await;
    expect(&got, 200, "standings");
    got.json
}

backend_test!(
    a_table_that_could_not_play_gets_a_set_result_that_counts_as_played,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "leitung@example.org").await;
        let t = tournament(
            &service,
            &org,
            &json!({"name": "Festgesetzt-Cup", "date": "2026-12-05"}),
        )
        .await;
        let ids = players(&service, &org, t, 8).await;
        let drawn = round(&service, &org, t, &json!([ids[0..4], ids[4..8]])).await;
        let table_id = |i: usize| drawn.json["tables"][i]["id"].as_i64().unwrap();
        let played = Table {
            org: org.clone(),
            tournament: t,
            players: ids[0..4].to_vec(),
            round: drawn.json["id"].as_i64().unwrap(),
            table: table_id(0),
            captain: captain(&service, &org, table_id(0)).await,
        };
        played.fill(&service, &repeat(&Step::Normal, 2)).await;
        let empty = table_id(1);
        let empty_captain = captain(&service, &org, empty).await;

        // A table that played counts with its deals: no set result there.
        let refused = adjust(
            &service,
            &org,
            played.table,
            &json!({"points": [0, 0, 0, 0], "reason": "Versuch"}),
        )
        .await;
        expect(&refused, 409, "a table with deals");
        assert_eq!(refused.json["code"], "table_has_deals");
        assert_eq!(
            refused.json["current"]["deals"].as_array().unwrap().len(),
            2
        );
        // Bad input is refused by field, and nothing is set.
        let cases = [
            (
                json!({"points": [0, 0, 0, 0], "reason": " "}),
                422,
                "reason",
            ),
            (
                json!({"points": [0, 0, 0], "reason": "krank"}),
                422,
                "points",
            ),
            (
                json!({"points": [0, 0, 1000, 0], "reason": "krank"}),
                422,
                "points[2]",
            ),
            (
                json!({"points": [0, 0, -9_223_372_036_854_775_808_i64, 0], "reason": "krank"}),
                422,
                "points[2]",
            ),
        ];
        for (body, status, field) in cases {
            let answer = adjust(&service, &org, empty, &body).await;
            expect(&answer, status, field);
            assert_eq!(answer.fields(), [field], "{}", answer.text);
        }
        let huge = send(
            &service,
            crate::fixtures::req(
                "PUT",
                &format!("/api/v1/tables/{empty}/adjustment"),
                Some(&org),
                None,
                &[("Content-Type", "application/json")],
            ),
        )
        .await;
        assert!(huge.status.is_client_error(), "{}", huge.text);
        let by_captain = adjust(
            &service,
            &empty_captain,
            empty,
            &json!({"points": [0, 0, 0, 0], "reason": "krank"}),
        )
        .await;
        expect(&by_captain, 403, "a captain sets no result");
        let sheet = call_json(
            &service,
            "GET",
            &format!("/api/v1/tables/{empty}/sheet"),
            Some(&org),
            None,
        )
        .await;
        assert!(sheet.json.get("adjusted").is_none(), "nothing set yet");

        let set = adjust(
            &service,
            &org,
            empty,
            &json!({"points": [0, 0, -3, 3], "reason": "Spieler erkrankt"}),
        )
        .await;
        expect(&set, 200, "set");
        assert_eq!(set.json["complete"], true);
        assert_eq!(set.json["next"], Value::Null);
        assert_eq!(set.json["totals"], json!([0, 0, -3, 3]));
        assert_eq!(set.json["adjusted"]["points"], json!([0, 0, -3, 3]));
        assert_eq!(set.json["adjusted"]["reason"], "Spieler erkrankt");

        // The table takes no deal and no time-up now.
        let deal = call_json(
            &service,
            "POST",
            &format!("/api/v1/tables/{empty}/deals"),
            Some(&empty_captain),
            Some(&normal([1, 2])),
        )
        .await;
        expect(&deal, 409, "a deal at a set table");
        assert_eq!(deal.json["code"], "table_adjusted");
        let time_up = call_json(
            &service,
            "POST",
            &format!("/api/v1/tables/{empty}/time-up"),
            Some(&org),
            None,
        )
        .await;
        expect(&time_up, 409, "time-up at a set table");
        assert_eq!(time_up.json["code"], "table_adjusted");

        // The standings count the round as played, marked as set.
        let table = standings(&service, &org, t).await;
        let third = line_of(&table, ids[6]);
        assert_eq!(third["rounds"], json!([-3, null, null]));
        assert_eq!(third["adjusted_rounds"], json!([1]));
        assert_eq!(third["total"], -3);
        assert_eq!(third["average_per_round"], "-3.00");
        assert_eq!(third["deals_played"], 0);
        let fourth = line_of(&table, ids[7]);
        assert_eq!(fourth["average_per_round"], "3.00");
        let player = line_of(&table, ids[0]);
        assert!(player.get("adjusted_rounds").is_none(), "{player}");
        assert_eq!(player["deals_played"], 2);

        // Closing the round names only the table still playing.
        let close = call_json(
            &service,
            "POST",
            &format!("/api/v1/rounds/{}/close", played.round),
            Some(&org),
            Some(&json!({})),
        )
        .await;
        expect(&close, 409, "one table still plays");
        let incomplete: Vec<i64> = close.json["current"]["incomplete"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["table_number"].as_i64().unwrap())
            .collect();
        assert_eq!(incomplete, [1]);

        // The exports mark it; the DDV list counts the round.
        let csv = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{t}/standings?dialect=plain"),
            Some(&org),
            None,
        )
        .await;
        expect(&csv, 200, "standings CSV");
        let header = csv.text.lines().next().unwrap();
        assert!(header.ends_with(",adjusted_rounds"), "{header}");
        let ddv = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{t}/results/ddv.csv"),
            Some(&org),
            None,
        )
        .await;
        expect(&ddv, 200, "DDV CSV");
        let lines: Vec<&str> = ddv.text.lines().collect();
        assert!(lines[0].ends_with(",adjusted_rounds"), "{}", lines[0]);
        let set_line = lines
            .iter()
            .find(|l| l.contains("Spieler 7"))
            .unwrap_or_else(|| panic!("{}", ddv.text));
        let cells: Vec<&str> = set_line.split(',').collect();
        assert_eq!(cells[5], "1", "rounds played: {set_line}");
        assert_eq!(cells.last(), Some(&"1"), "round 1 set: {set_line}");

        // The results document carries it, validates, and imports with the same standings.
        let doc = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{t}/results"),
            Some(&org),
            None,
        )
        .await;
        expect(&doc, 200, "export");
        let exported = &doc.json["rounds"][0]["tables"][1];
        assert_eq!(exported["adjusted"]["points"], json!([0, 0, -3, 3]));
        assert_eq!(exported["adjusted"]["reason"], "Spieler erkrankt");
        assert_eq!(exported["totals"], json!([0, 0, -3, 3]));
        crate::results::validate(&doc.json).unwrap();
        let imported = call_json(
            &service,
            "POST",
            "/api/v1/results",
            Some(&org),
            Some(&doc.json),
        )
        .await;
        expect(&imported, 201, "import");
        let copy = imported.json["tournament_id"].as_i64().unwrap();
        let copied = standings(&service, &org, copy).await;
        let totals = |s: &Value| -> Vec<(i64, Value, Value)> {
            s["standings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| {
                    (
                        l["total"].as_i64().unwrap(),
                        l["rounds"].clone(),
                        l.get("adjusted_rounds").cloned().unwrap_or(Value::Null),
                    )
                })
                .collect()
        };
        assert_eq!(totals(&copied), totals(&standings(&service, &org, t).await));
        // A document that sets a result for a table with deals is refused by field.
        let mut bad = doc.json.clone();
        bad["rounds"][0]["tables"][0]["adjusted"] =
            json!({"points": [0, 0, 0, 0], "reason": "x", "at": "2026-11-24T09:00:00Z"});
        let refused = call_json(&service, "POST", "/api/v1/results", Some(&org), Some(&bad)).await;
        expect(&refused, 422, "a set result beside deals");
        assert!(
            refused
                .fields()
                .contains(&"rounds[0].tables[0].adjusted".to_owned()),
            "{}",
            refused.text
        );

        // Audited with the reason.
        let audit = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{t}/audit"),
            Some(&org),
            None,
        )
        .await;
        let entries = audit.json["entries"]
            .as_array()
            .or_else(|| audit.json.as_array())
            .cloned()
            .unwrap();
        let line = entries
            .iter()
            .find(|e| e["action"] == "table.adjust")
            .unwrap_or_else(|| panic!("{}", audit.text));
        assert_eq!(line["reason"], "Spieler erkrankt");
        assert_eq!(line["after"]["points"], json!([0, 0, -3, 3]));

        // Removed with a reason, the table plays again and its round is not played yet.
        let removed = call_json(
            &service,
            "DELETE",
            &format!("/api/v1/tables/{empty}/adjustment"),
            Some(&org),
            Some(&json!({"reason": "Spieler wieder da"})),
        )
        .await;
        expect(&removed, 200, "removed");
        assert!(removed.json.get("adjusted").is_none());
        assert_eq!(removed.json["complete"], false);
        let after = standings(&service, &org, t).await;
        assert_eq!(line_of(&after, ids[6])["rounds"], json!([null, null, null]));
        let deal = call_json(
            &service,
            "POST",
            &format!("/api/v1/tables/{empty}/deals"),
            Some(&empty_captain),
            Some(&normal([1, 2])),
        )
        .await;
        expect(&deal, 201, "the table plays again");
    }
);

backend_test!(the_desk_sets_a_result_and_the_pages_mark_it, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let d = desk(&service, "leitung@example.org").await;
    let page = format!("/admin/tables/{}", t.table);
    let shown = send(&service, get(&page, &d.cookies)).await;
    expect(&shown, 200, "the table's desk page");
    assert!(
        shown.text.contains("id=\"adjust-form\""),
        "an empty table offers it"
    );

    // Refused without a reason: the form keeps what was typed.
    let body = format!("csrf={}&p1=0&p2=0&p3=5&p4=-5&reason=", d.csrf);
    let refused = send(
        &service,
        form(&format!("{page}/adjustment"), &d.cookies, &body),
    )
    .await;
    expect(&refused, 422, "no reason");
    assert!(refused.text.contains("value=\"5\"") && refused.text.contains("value=\"-5\""));
    let body = format!(
        "csrf={}&p1=0&p2=0&p3=5&p4=-5&reason=Tisch+nicht+besetzt",
        d.csrf
    );
    let set = send(
        &service,
        form(&format!("{page}/adjustment"), &d.cookies, &body),
    )
    .await;
    expect(&set, 303, "set at the desk");
    let shown = send(&service, get(&page, &d.cookies)).await;
    assert!(shown.text.contains("id=\"adjusted\""), "{}", shown.text);
    assert!(shown.text.contains("Tisch nicht besetzt"));
    assert!(
        !shown.text.contains("id=\"enter-link\""),
        "no entry at a set table"
    );
    assert!(shown.text.contains("Wertung festgesetzt"), "in the history");

    // The public pages mark it (once published).
    let published = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/tournaments/{}", t.tournament),
        Some(&t.org),
        Some(&json!({"published": true})),
    )
    .await;
    expect(&published, 200, "published");
    let standings = send(
        &service,
        get(&format!("/tournaments/{}/standings", t.tournament), ""),
    )
    .await;
    expect(&standings, 200, "public standings");
    assert_eq!(standings.text.matches("class=\"set-result\"").count(), 4);
    assert!(standings.text.contains("id=\"standings-set-note\""));
    let sheet = send(
        &service,
        get(
            &format!("/tournaments/{}/rounds/1/tables/1", t.tournament),
            "",
        ),
    )
    .await;
    expect(&sheet, 200, "public sheet");
    assert!(
        sheet.text.contains("id=\"sheet-adjusted\""),
        "{}",
        sheet.text
    );
    assert!(sheet.text.contains("Tisch nicht besetzt"));
    let desk_standings = send(
        &service,
        get(
            &format!("/admin/tournaments/{}/standings", t.tournament),
            &d.cookies,
        ),
    )
    .await;
    assert_eq!(
        desk_standings.text.matches("class=\"set-result\"").count(),
        4
    );

    // Removed at the desk with a reason: the form to set it is back.
    let body = format!("csrf={}&reason=doch+gespielt", d.csrf);
    let removed = send(
        &service,
        form(&format!("{page}/adjustment/remove"), &d.cookies, &body),
    )
    .await;
    expect(&removed, 303, "removed at the desk");
    let shown = send(&service, get(&page, &d.cookies)).await;
    assert!(shown.text.contains("id=\"adjust-form\""));
});
