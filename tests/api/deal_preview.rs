//! The preview of a deal: what entering it would write, stored nowhere. The sheet is the
//! same before and after a preview, the entry made afterwards scores exactly as previewed,
//! and every refusal of the preview is the refusal of the entry.

use serde_json::{Value, json};
use service_tests::{TestApp, backend_test};

use crate::fixtures::{
    App, Reply, Step, Table, call_json, captain, expect, organizer, players, repeat, round,
    tournament,
};

/// A round of two tables of four, four deals planned at each (the first deal is then a
/// forced solo of seat 1), each with its captain.
async fn two_tables<S: App>(app: &TestApp, service: &S) -> (Table, Table) {
    let org = organizer(app, service, "leitung@example.org").await;
    let t = tournament(
        service,
        &org,
        &json!({"name": "Karlchen-Cup", "date": "2026-12-05", "deals_four": 4}),
    )
    .await;
    let ids = players(service, &org, t, 8).await;
    let r = round(service, &org, t, &json!([ids[0..4], ids[4..8]])).await;
    let mut tables = Vec::new();
    for (i, seated) in [&ids[0..4], &ids[4..8]].into_iter().enumerate() {
        let table = r.json["tables"][i]["id"].as_i64().unwrap();
        tables.push(Table {
            captain: captain(service, &org, table).await,
            org: org.clone(),
            tournament: t,
            players: seated.to_vec(),
            round: r.json["id"].as_i64().unwrap(),
            table,
        });
    }
    let other = tables.pop().unwrap();
    (tables.pop().unwrap(), other)
}

async fn preview<S: App>(service: &S, t: &Table, token: Option<&str>, body: &Value) -> Reply {
    call_json(service, "POST", &t.path("deals/preview"), token, Some(body)).await
}

/// Everything a reader can see of the table's state: its sheet and the audit log.
async fn state<S: App>(service: &S, t: &Table) -> (Value, Value) {
    let log = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{}/audit", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&log, 200, "audit log");
    (t.sheet(service).await, log.json)
}

/// The preview and the entry of `body` by `token` answer the same refusal.
async fn same_refusal<S: App>(service: &S, t: &Table, token: Option<&str>, body: &Value) -> Reply {
    let previewed = preview(service, t, token, body).await;
    let entered = call_json(service, "POST", &t.path("deals"), token, Some(body)).await;
    assert!(
        previewed.status.is_client_error(),
        "{body}: the preview of a refused entry is refused, got {}",
        previewed.text
    );
    assert_eq!(previewed.status, entered.status, "{body}");
    assert_eq!(previewed.json, entered.json, "{body}");
    previewed
}

fn codes(hints: &Value) -> Vec<&str> {
    hints
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["code"].as_str().unwrap())
        .collect()
}

backend_test!(
    a_preview_changes_nothing_and_scores_as_the_entry_will,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        t.fill(&service, &repeat(&Step::Normal, 2)).await;
        let before = state(&service, &t).await;
        let next = before.0["next"].clone();
        assert_eq!(next["number"], 3);
        // Re called keine 90 and took 140 card points: legal, and Kontra wins.
        let body = json!({"contract": "normal", "re": [0, 1], "re_points": 140, "re_tricks": 7,
                      "announcements": {"re": "no90"},
                      "extras": {"re": {"doppelkopf": 1}}});
        let shown = preview(&service, &t, Some(&t.captain), &body).await;
        expect(&shown, 200, "preview");
        let p = &shown.json;
        assert_eq!(p["deal"]["number"], 3);
        assert_eq!(p["deal"]["dealer"], next["dealer"]);
        assert_eq!(p["deal"]["kind"], "normal");
        assert_eq!(p["score"]["winner"], "kontra");
        // Kontra: won 1, Re's call 2, keine 90 1, gegen die Alten 1; Re's Doppelkopf 1 the
        // other way: 4.
        assert_eq!(p["score"]["value"], 4);
        assert_eq!(p["deal"]["scores"], json!([-4, -4, 4, 4]));
        assert_eq!(p["deal"]["scores"], p["score"]["scores"]);
        let items: Vec<&str> = p["score"]["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["code"].as_str().unwrap())
            .collect();
        assert_eq!(
            items,
            [
                "won",
                "re_announced",
                "re_no90",
                "gegen_die_alten",
                "doppelkopf"
            ]
        );
        let totals: Vec<i64> = before.0["totals"]
            .as_array()
            .unwrap()
            .iter()
            .zip(p["deal"]["scores"].as_array().unwrap())
            .map(|(t, s)| t.as_i64().unwrap() + s.as_i64().unwrap())
            .collect();
        assert_eq!(p["totals_after"], json!(totals));
        assert_eq!(codes(&p["hints"]), ["call_lost"]);
        assert!(
            p["hints"][0]["message"]
                .as_str()
                .unwrap()
                .contains("100 card points")
        );

        // Nothing was stored, nothing was logged; a second preview answers the same.
        assert_eq!(state(&service, &t).await, before);
        assert_eq!(
            preview(&service, &t, Some(&t.captain), &body).await.json,
            shown.json
        );
        // The organiser previews it the same way.
        assert_eq!(
            preview(&service, &t, Some(&t.org), &body).await.json,
            shown.json
        );

        // Entered, it stands as previewed.
        let entered = t.post(&service, &t.captain, &body).await;
        expect(&entered, 201, "enter the previewed deal");
        assert_eq!(entered.json["deal"], p["deal"]);
        assert_eq!(entered.json["sheet"]["totals"], p["totals_after"]);
    }
);

backend_test!(a_preview_is_refused_as_the_entry_is, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    // Four deals planned: the first deal is a forced solo of seat 1 (Vorführen).
    let (t, other) = two_tables(&app, &service).await;
    let normal = json!({"contract": "normal", "re": [1, 2], "re_points": 130, "re_tricks": 7});
    let forced = same_refusal(&service, &t, Some(&t.captain), &normal).await;
    assert_eq!(forced.status, 422);
    assert_eq!(forced.json["code"], "not_allowed_now");

    let refusals = [
        // Card points no deal has.
        json!({"contract": "solo_queens", "re": [1], "re_points": 250, "re_tricks": 8}),
        // Points that do not fit the tricks.
        json!({"contract": "solo_queens", "re": [1], "re_points": 200, "re_tricks": 1}),
        // Extras in a solo.
        json!({"contract": "solo_queens", "re": [1], "re_points": 150, "re_tricks": 8,
               "extras": {"re": {"fox": 1}}}),
        // A seat past the table.
        json!({"contract": "solo_queens", "re": [4], "re_points": 150, "re_tricks": 8}),
        // Deal 2 before deal 1.
        json!({"number": 2, "contract": "solo_queens", "re": [1], "re_points": 150,
               "re_tricks": 8}),
        // Not JSON the API knows.
        json!({"contract": "solo_queens", "re": [1], "re_points": 150, "re_tricks": 8,
               "colour": "red"}),
    ];
    for body in &refusals {
        same_refusal(&service, &t, Some(&t.captain), body).await;
    }
    let solo = json!({"contract": "solo_queens", "re": [1], "re_points": 150, "re_tricks": 8});
    // Only the table's captain or the organiser; a paper entry only the organiser.
    assert_eq!(
        same_refusal(&service, &t, Some(&other.captain), &solo)
            .await
            .status,
        403
    );
    assert_eq!(same_refusal(&service, &t, None, &solo).await.status, 401);
    let paper = json!({"entry": "paper", "contract": "solo_queens", "re": [1], "value": 3,
                       "winner": "re"});
    assert_eq!(
        same_refusal(&service, &t, Some(&t.captain), &paper)
            .await
            .status,
        403
    );
    // The organiser's paper entry previews with its value and no breakdown or hints.
    let shown = preview(&service, &t, Some(&t.org), &paper).await;
    expect(&shown, 200, "preview a paper entry");
    assert_eq!(shown.json["deal"]["scores"], json!([-3, 9, -3, -3]));
    assert_eq!(shown.json["score"]["items"], json!([]));
    assert_eq!(shown.json["hints"], json!([]));

    // A complete sheet takes no deal, previewed or not.
    let done = t.fill(&service, &repeat(&Step::Forced, 4)).await;
    assert_eq!(done["complete"], true);
    let complete = same_refusal(&service, &t, Some(&t.captain), &solo).await;
    assert_eq!(complete.status, 409);
    // A closed round takes no captain's deal either.
    other.fill(&service, &repeat(&Step::Forced, 2)).await;
    let closed = call_json(
        &service,
        "POST",
        &format!("/api/v1/rounds/{}/close", other.round),
        Some(&other.org),
        Some(&json!({"force": true})),
    )
    .await;
    expect(&closed, 200, "close the other round");
    let late = same_refusal(&service, &other, Some(&other.captain), &solo).await;
    assert_eq!(late.json["code"], "round_closed");
});

backend_test!(a_five_table_preview_leaves_the_dealer_out, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 5).await;
    let sheet = t.sheet(&service).await;
    assert_eq!(sheet["next"]["sitting_out"], 0);
    // Re (seats 1 and 2) took 240 card points in 11 tricks: Kontra's trick holds four
    // nines. Re wins, but schwarz is not counted.
    let body = json!({"contract": "normal", "re": [1, 2], "re_points": 240, "re_tricks": 11});
    let shown = preview(&service, &t, Some(&t.captain), &body).await;
    expect(&shown, 200, "preview at a 5-table");
    assert_eq!(shown.json["deal"]["sitting_out"], 0);
    assert_eq!(shown.json["deal"]["scores"][0], 0);
    assert_eq!(codes(&shown.json["hints"]), ["all_points_not_all_tricks"]);
    assert_eq!(t.sheet(&service).await, sheet);
    let entered = t.post(&service, &t.captain, &body).await;
    expect(&entered, 201, "enter it");
    assert_eq!(entered.json["deal"], shown.json["deal"]);
});
