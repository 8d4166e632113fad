//! The tournament day between rounds: check-in decides who every draw seats, the seating
//! plan shows the rounds as they were drawn and says when the rest is out of date, a round
//! closes only when its tables are complete, and the next round waits for the last to close
//! (unless the organiser says otherwise, which the audit log keeps).

use std::collections::HashMap;

use serde_json::{Value, json};
use service_tests::{TestApp, backend_test};

use crate::fixtures::{
    App, Reply, Step, Table, call_json, expect, organizer, players, repeat, req, send, tournament,
};

/// An organiser's tournament of `rounds` rounds with `n` players "Spieler 0", … (start
/// numbers 1, …): (token, tournament id, player ids).
async fn setup<S: App>(
    app: &TestApp,
    service: &S,
    n: usize,
    rounds: u32,
) -> (String, i64, Vec<i64>) {
    let token = organizer(app, service, "tag@example.org").await;
    let id = tournament(
        service,
        &token,
        &json!({"name": "Turniertag", "date": "2026-12-05", "rounds": rounds}),
    )
    .await;
    let ids = players(service, &token, id, n).await;
    (token, id, ids)
}

async fn patch_player<S: App>(service: &S, token: &str, player: i64, body: Value) {
    let patched = call_json(
        service,
        "PATCH",
        &format!("/api/v1/players/{player}"),
        Some(token),
        Some(&body),
    )
    .await;
    expect(&patched, 200, &format!("player {player}: {body}"));
}

async fn check_in<S: App>(service: &S, token: &str, players: &[i64]) {
    for &p in players {
        patch_player(service, token, p, json!({"checked_in": true})).await;
    }
}

async fn create_round<S: App>(service: &S, token: &str, id: i64, body: &Value) -> Reply {
    call_json(
        service,
        "POST",
        &format!("/api/v1/tournaments/{id}/rounds"),
        Some(token),
        Some(body),
    )
    .await
}

async fn close<S: App>(service: &S, token: &str, round: i64, body: Option<&Value>) -> Reply {
    call_json(
        service,
        "POST",
        &format!("/api/v1/rounds/{round}/close"),
        Some(token),
        body,
    )
    .await
}

async fn get_json<S: App>(service: &S, token: &str, path: &str) -> Value {
    let answer = call_json(service, "GET", path, Some(token), None).await;
    expect(&answer, 200, path);
    answer.json
}

async fn rounds<S: App>(service: &S, token: &str, id: i64) -> Vec<Value> {
    get_json(service, token, &format!("/api/v1/tournaments/{id}/rounds"))
        .await
        .as_array()
        .unwrap()
        .clone()
}

async fn plan<S: App>(service: &S, token: &str, id: i64) -> Value {
    get_json(service, token, &format!("/api/v1/tournaments/{id}/plan")).await
}

async fn put_plan<S: App>(service: &S, token: &str, id: i64, seed: &str) -> Value {
    let planned = call_json(
        service,
        "PUT",
        &format!("/api/v1/tournaments/{id}/plan"),
        Some(token),
        Some(&json!({ "seed": seed })),
    )
    .await;
    expect(&planned, 200, "plan");
    planned.json
}

async fn audit<S: App>(service: &S, token: &str, id: i64, action: &str) -> Vec<Value> {
    get_json(service, token, &format!("/api/v1/tournaments/{id}/audit"))
        .await
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == action)
        .cloned()
        .collect()
}

async fn page<S: App>(service: &S, token: &str, path: &str) -> String {
    let page = send(service, req("GET", path, Some(token), None, &[])).await;
    expect(&page, 200, path);
    page.text
}

fn ids(value: &Value) -> Vec<i64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect()
}

fn tables(round: &Value) -> Vec<Vec<i64>> {
    round["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| ids(&t["seats"]))
        .collect()
}

fn plan_tables(round: &Value) -> Vec<Vec<i64>> {
    round["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(ids)
        .collect()
}

fn seated(tables: &[Vec<i64>]) -> Vec<i64> {
    let mut all = tables.concat();
    all.sort_unstable();
    all
}

fn sizes(tables: &[Vec<i64>]) -> Vec<usize> {
    tables.iter().map(Vec::len).collect()
}

/// The ids of a list of named players (`left_out` and the like).
fn named_ids(list: &Value) -> Vec<i64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect()
}

fn statuses(plan: &Value) -> Vec<String> {
    plan["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].as_str().unwrap().to_owned())
        .collect()
}

/// Repeated encounters counted independently of the service.
fn repeats(rounds: &[Vec<Vec<i64>>]) -> u64 {
    let mut met: HashMap<(i64, i64), u64> = HashMap::new();
    for table in rounds.iter().flatten() {
        for (i, &a) in table.iter().enumerate() {
            for &b in &table[i + 1..] {
                *met.entry((a.min(b), a.max(b))).or_default() += 1;
            }
        }
    }
    met.values().map(|m| m - 1).sum()
}

/// The problem of a 409 refusal: its code and the one field it names.
#[track_caller]
fn refused(reply: &Reply, code: &str, field: &str) {
    expect(reply, 409, code);
    assert_eq!(reply.header("content-type"), "application/problem+json");
    assert_eq!(reply.json["code"], code, "{}", reply.text);
    assert_eq!(reply.fields(), [field], "{}", reply.text);
}

backend_test!(
    draws_seat_only_checked_in_players_once_check_in_started,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let (token, id, p) = setup(&app, &service, 18, 4).await;
        // Everyone but Spieler 17 checks in; Spieler 16 checks in and then withdraws.
        check_in(&service, &token, &p[..17]).await;
        patch_player(&service, &token, p[16], json!({"withdrawn": true})).await;
        let playing: Vec<i64> = p[..16].to_vec();

        let methods = ["random", "avoid_repeats", "by_standings"];
        for (r, method) in methods.iter().enumerate() {
            let round = create_round(
                &service,
                &token,
                id,
                &json!({"draw": {"method": method, "seed": "Einlass"}, "early": true}),
            )
            .await;
            expect(&round, 201, method);
            let drawn = tables(&round.json);
            assert_eq!(seated(&drawn), playing, "{method}: the 16 checked in");
            assert_eq!(sizes(&drawn), [4, 4, 4, 4], "{method}");
            assert_eq!(
                round.json["left_out"],
                json!([{"id": p[17], "start_number": 18, "name": "Spieler 17"}]),
                "{method}"
            );
            assert_eq!(round.json["seated_not_checked_in"], json!([]), "{method}");
            assert_eq!(round.json["number"], r + 1);
        }
        // 16 players over three rounds avoid_repeats: the quality counts only them.
        let listed = rounds(&service, &token, id).await;
        let played: Vec<Vec<Vec<i64>>> = listed.iter().map(tables).collect();
        assert_eq!(played.len(), 3);

        // Spieler 17 arrives and checks in: round 4 seats 17, a 5-table among them.
        check_in(&service, &token, &p[17..]).await;
        let fourth = create_round(
            &service,
            &token,
            id,
            &json!({"draw": {"method": "random", "seed": "spät"}, "early": true}),
        )
        .await;
        expect(&fourth, 201, "round 4");
        let drawn = tables(&fourth.json);
        let mut expected = playing.clone();
        expected.push(p[17]);
        assert_eq!(seated(&drawn), expected);
        assert_eq!(sizes(&drawn), [4, 4, 4, 5]);
        assert_eq!(fourth.json["left_out"], json!([]));
    }
);

backend_test!(
    before_check_in_every_player_not_withdrawn_is_seated,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let (token, id, p) = setup(&app, &service, 13, 2).await;
        patch_player(&service, &token, p[12], json!({"withdrawn": true})).await;
        let round = create_round(
            &service,
            &token,
            id,
            &json!({"draw": {"method": "random", "seed": "ohne Einlass"}}),
        )
        .await;
        expect(&round, 201, "round 1");
        // Nobody is checked in: check-in is not used, the 12 not withdrawn play.
        assert_eq!(seated(&tables(&round.json)), p[..12].to_vec());
        assert_eq!(round.json["left_out"], json!([]));
    }
);

backend_test!(
    explicit_tables_may_seat_players_not_checked_in_and_say_so,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let (token, id, p) = setup(&app, &service, 9, 2).await;
        check_in(&service, &token, &p[..8]).await;
        // The organiser seats Spieler 8 (not checked in) and leaves Spieler 7 (checked in) out.
        let round = create_round(
            &service,
            &token,
            id,
            &json!({"tables": [p[0..4], [p[4], p[5], p[6], p[8]]]}),
        )
        .await;
        expect(&round, 201, "explicit tables");
        assert_eq!(
            tables(&round.json),
            [p[0..4].to_vec(), vec![p[4], p[5], p[6], p[8]]]
        );
        assert_eq!(
            round.json["seated_not_checked_in"],
            json!([{"id": p[8], "start_number": 9, "name": "Spieler 8"}])
        );
        assert_eq!(
            round.json["left_out"],
            json!([{"id": p[7], "start_number": 8, "name": "Spieler 7"}])
        );
        // The list of rounds shows the round, not the one-off report.
        let listed = &rounds(&service, &token, id).await[0];
        assert!(listed.get("left_out").is_none(), "{listed}");
        // The audit log keeps what the answer said.
        let created = audit(&service, &token, id, "round.create").await;
        assert_eq!(created[0]["after"]["seated_not_checked_in"][0]["id"], p[8]);
    }
);

backend_test!(
    a_plan_seating_players_not_checked_in_is_never_drawn_silently,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let (token, id, p) = setup(&app, &service, 16, 3).await;
        let planned = put_plan(&service, &token, id, "Vorab").await;
        assert_eq!(statuses(&planned), ["planned", "planned", "planned"]);
        assert_eq!(planned["left_out"], json!([]));
        let first_planned = plan_tables(&planned["rounds"][0]);

        // On the day Spieler 5 does not check in.
        let mut here = p.clone();
        here.remove(5);
        check_in(&service, &token, &here).await;
        let stale = plan(&service, &token, id).await;
        assert_eq!(statuses(&stale), ["outdated", "outdated", "outdated"]);
        assert_eq!(
            stale["rounds"][0]["outdated_because"],
            json!({"withdrawn": [], "not_checked_in": [p[5]], "missing": []})
        );
        assert_eq!(stale["not_checked_in"], json!([p[5]]));
        assert_eq!(named_ids(&stale["left_out"]), [p[5]]);
        assert_eq!(
            plan_tables(&stale["rounds"][0]),
            first_planned,
            "still shown"
        );
        let html = page(&service, &token, &format!("/tournaments/{id}/plan")).await;
        assert!(html.contains("Nicht eingecheckt, daher in keiner Auslosung: Spieler 5 (Nr. 6)."));
        assert!(html.contains(
            "Runde 1 ist veraltet – der Plan setzt nicht eingecheckte Spieler: Spieler 5 (Nr. 6)."
        ));
        assert!(html.contains("Spieler 5 <span class=\"role\">(nicht eingecheckt)</span>"));

        let planned_draw = json!({"draw": {"method": "planned"}});
        let refusal = create_round(&service, &token, id, &planned_draw).await;
        refused(&refusal, "plan_not_checked_in", "draw.method");
        assert_eq!(refusal.json["current"]["round"], 1);
        assert_eq!(
            refusal.json["current"]["not_checked_in"],
            json!([{"id": p[5], "start_number": 6, "name": "Spieler 5"}])
        );
        assert!(
            refusal.json["detail"]
                .as_str()
                .unwrap()
                .contains("Spieler 5 (no. 6)"),
            "{}",
            refusal.text
        );
        assert!(
            rounds(&service, &token, id).await.is_empty(),
            "nothing drawn"
        );

        // Re-planned from the 15 checked in: three 5-tables, Spieler 5 left out and named.
        let replanned = put_plan(&service, &token, id, "Einlass").await;
        assert_eq!(statuses(&replanned), ["planned", "planned", "planned"]);
        assert_eq!(
            replanned["left_out"],
            json!([{"id": p[5], "start_number": 6, "name": "Spieler 5"}])
        );
        for round in replanned["rounds"].as_array().unwrap() {
            let tables = plan_tables(round);
            assert_eq!(seated(&tables), here);
            assert_eq!(sizes(&tables), [5, 5, 5]);
        }
        let first = create_round(&service, &token, id, &planned_draw).await;
        expect(&first, 201, "round 1 from the new plan");
        assert_eq!(tables(&first.json), plan_tables(&replanned["rounds"][0]));
        assert_eq!(named_ids(&first.json["left_out"]), [p[5]]);

        // He turns up after all: the rest of the plan leaves him out, so drawing it is refused
        // as out of date (not as a check-in problem).
        check_in(&service, &token, &p[5..6]).await;
        let after = plan(&service, &token, id).await;
        assert_eq!(statuses(&after), ["drawn", "outdated", "outdated"]);
        assert_eq!(after["missing"], json!([p[5]]));
        assert_eq!(after["left_out"], json!([]));
        let late = create_round(
            &service,
            &token,
            id,
            &json!({"draw": {"method": "planned"}, "early": true}),
        )
        .await;
        refused(&late, "plan_outdated", "draw.method");
        assert_eq!(named_ids(&late.json["current"]["missing"]), [p[5]]);
        assert_eq!(rounds(&service, &token, id).await.len(), 1);
    }
);

backend_test!(the_plan_shows_a_round_redrawn_another_way_as_drawn, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (token, id, p) = setup(&app, &service, 16, 4).await;
    let planned = put_plan(&service, &token, id, "Setzplan").await;
    let planned_rounds: Vec<Vec<Vec<i64>>> = planned["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(plan_tables)
        .collect();
    assert_eq!(planned["quality"]["repeat_pairs"], 0);
    let first = create_round(
        &service,
        &token,
        id,
        &json!({"draw": {"method": "planned"}}),
    )
    .await;
    expect(&first, 201, "planned round 1");
    let shown = plan(&service, &token, id).await;
    assert_eq!(statuses(&shown), ["drawn", "planned", "planned", "planned"]);
    assert_eq!(shown["rounds"][0]["differs_from_plan"], false);

    // Round 1 is deleted before it starts and drawn at random instead.
    let round_id = first.json["id"].as_i64().unwrap();
    let deleted = call_json(
        &service,
        "DELETE",
        &format!("/api/v1/rounds/{round_id}"),
        Some(&token),
        None,
    )
    .await;
    expect(&deleted, 204, "delete round 1");
    let shown = plan(&service, &token, id).await;
    assert_eq!(
        statuses(&shown),
        ["planned", "planned", "planned", "planned"]
    );
    assert_eq!(shown["rounds"][0]["created"], false);
    let random = create_round(
        &service,
        &token,
        id,
        &json!({"draw": {"method": "random", "seed": "anders"}}),
    )
    .await;
    expect(&random, 201, "round 1 at random");
    let actual = tables(&random.json);
    assert_ne!(actual, planned_rounds[0], "a different draw");

    let shown = plan(&service, &token, id).await;
    assert_eq!(statuses(&shown), ["drawn", "planned", "planned", "planned"]);
    assert_eq!(plan_tables(&shown["rounds"][0]), actual, "the tables drawn");
    assert_eq!(shown["rounds"][0]["created"], true);
    assert_eq!(shown["rounds"][0]["differs_from_plan"], true);
    assert_eq!(plan_tables(&shown["rounds"][1]), planned_rounds[1]);
    // The quality is that of the round drawn and the rounds still planned.
    let mut standing = vec![actual.clone()];
    standing.extend(planned_rounds[1..].iter().cloned());
    let expected = repeats(&standing);
    assert!(expected > 0, "the random round 1 repeats pairs of the plan");
    assert_eq!(shown["quality"]["repeat_pairs"].as_u64().unwrap(), expected);

    // The printed plan agrees: round 1 as drawn, every player at his drawn table.
    let html = page(&service, &token, &format!("/tournaments/{id}/plan")).await;
    assert!(
        html.contains("<th class=\"num drawn\">ausgelost</th>"),
        "{html}"
    );
    assert_eq!(
        html.matches("<th class=\"num planned\">geplant</th>")
            .count(),
        3
    );
    assert!(html.contains(
        "Runde 1 weicht vom Setzplan ab (anders ausgelost oder umgesetzt); es gelten die \
         ausgelosten Tische."
    ));
    assert!(html.contains(&format!(
        "Wiederholte Begegnungen: <strong>{expected}</strong>"
    )));
    let rows: Vec<&str> = html.split("<tr><td class=\"num\">").skip(1).collect();
    assert_eq!(rows.len(), 16);
    for (i, &player) in p.iter().enumerate() {
        let row = rows
            .iter()
            .find(|r| r.starts_with(&format!("{}</td>", i + 1)))
            .unwrap();
        let cells: String = std::iter::once(&actual)
            .chain(&planned_rounds[1..])
            .map(|round| {
                let t = round.iter().position(|t| t.contains(&player)).unwrap();
                format!("<td class=\"num\">{}</td>", t + 1)
            })
            .collect();
        assert!(row.contains(&cells), "Spieler {i}: {row}");
    }
});

backend_test!(a_withdrawal_marks_the_rest_of_the_plan_out_of_date, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (token, id, p) = setup(&app, &service, 16, 3).await;
    let planned = put_plan(&service, &token, id, "Rückzug").await;
    let first = create_round(
        &service,
        &token,
        id,
        &json!({"draw": {"method": "planned"}}),
    )
    .await;
    expect(&first, 201, "round 1");
    let round1 = tables(&first.json);
    // Spieler 3 plays round 1 and then withdraws.
    patch_player(&service, &token, p[3], json!({"withdrawn": true})).await;
    let shown = plan(&service, &token, id).await;
    assert_eq!(statuses(&shown), ["drawn", "outdated", "outdated"]);
    assert_eq!(
        plan_tables(&shown["rounds"][0]),
        round1,
        "round 1 as played"
    );
    assert!(shown["rounds"][0].get("outdated_because").is_none());
    for r in 1..3 {
        assert_eq!(
            shown["rounds"][r]["outdated_because"],
            json!({"withdrawn": [p[3]], "not_checked_in": [], "missing": []})
        );
        assert_eq!(
            plan_tables(&shown["rounds"][r]),
            plan_tables(&planned["rounds"][r])
        );
    }
    assert_eq!(shown["withdrawn"], json!([p[3]]));

    let html = page(&service, &token, &format!("/tournaments/{id}/plan")).await;
    assert_eq!(
        html.matches("<th class=\"num outdated\">veraltet</th>")
            .count(),
        2
    );
    assert!(html.contains(
        "Runde 2 ist veraltet – der Plan setzt zurückgezogene Spieler: Spieler 3 (Nr. 4)."
    ));
    let row = html
        .split("<tr><td class=\"num\">")
        .find(|r| r.starts_with("4</td>"))
        .unwrap();
    let table = round1.iter().position(|t| t.contains(&p[3])).unwrap() + 1;
    assert!(
        row.contains("Spieler 3 <span class=\"role\">(zurückgezogen)</span>"),
        "{row}"
    );
    assert!(
        row.contains(&format!("<td class=\"num\">{table}</td>")),
        "{row}"
    );
    assert_eq!(
        row.matches("<td class=\"num outdated\">").count(),
        2,
        "{row}"
    );

    // Re-planned: rounds 2 and 3 seat the 15 left and are current again.
    let replanned = put_plan(&service, &token, id, "neu").await;
    assert_eq!(statuses(&replanned), ["planned", "planned"]);
    assert_eq!(replanned["rounds"][0]["number"], 2);
    let html = page(&service, &token, &format!("/tournaments/{id}/plan")).await;
    assert!(!html.contains("veraltet</th>"), "{html}");
});

/// A tournament with one round of two 4-tables; both captains are the organiser (so the
/// fixtures' `fill` enters as him). Returns (token, tournament, round id, tables).
async fn two_tables<S: App>(app: &TestApp, service: &S) -> (String, i64, i64, [Table; 2]) {
    let (token, id, p) = setup(app, service, 8, 2).await;
    let round = create_round(service, &token, id, &json!({"tables": [p[0..4], p[4..8]]})).await;
    expect(&round, 201, "round 1");
    let round_id = round.json["id"].as_i64().unwrap();
    let table = |i: usize| Table {
        org: token.clone(),
        tournament: id,
        players: tables(&round.json)[i].clone(),
        round: round_id,
        table: round.json["tables"][i]["id"].as_i64().unwrap(),
        captain: token.clone(),
    };
    (token.clone(), id, round_id, [table(0), table(1)])
}

backend_test!(a_round_closes_only_when_every_table_is_complete, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (token, id, round, [one, two]) = two_tables(&app, &service).await;
    // Table 1 plays all 24 deals (the last four forced solos), table 2 only 17.
    let full = one
        .fill(
            &service,
            &[repeat(&Step::Normal, 20), repeat(&Step::Forced, 4)].concat(),
        )
        .await;
    assert_eq!(full["complete"], true);
    two.fill(&service, &repeat(&Step::Normal, 17)).await;

    for body in [
        None,
        Some(Value::Null),
        Some(json!({})),
        Some(json!({"force": false})),
    ] {
        let refusal = close(&service, &token, round, body.as_ref()).await;
        refused(&refusal, "round_incomplete", "force");
        assert_eq!(
            refusal.json["current"],
            json!({"round": 1, "incomplete": [{
                "table_id": two.table, "table_number": 2, "deals": 17, "planned_deals": 24,
                "deals_left": 7, "time_up": false, "pflichtsolo_owed": [0, 1, 2, 3],
            }]}),
            "{body:?}"
        );
        assert!(
            refusal.json["detail"]
                .as_str()
                .unwrap()
                .contains("table(s) 2"),
            "{}",
            refusal.text
        );
    }
    assert_eq!(rounds(&service, &token, id).await[0]["closed"], false);
    assert!(audit(&service, &token, id, "round.close").await.is_empty());

    // Time is called at table 2: normal games are struck, but four solos are still owed.
    let called = call_json(&service, "POST", &two.path("time-up"), Some(&token), None).await;
    expect(&called, 200, "time-up");
    let refusal = close(&service, &token, round, None).await;
    refused(&refusal, "round_incomplete", "force");
    let table = &refusal.json["current"]["incomplete"][0];
    assert_eq!(
        (&table["deals_left"], &table["time_up"]),
        (&json!(4), &json!(true))
    );

    // The owed solos are played: after time-up that completes the table.
    let done = two.fill(&service, &repeat(&Step::Forced, 4)).await;
    assert_eq!(done["complete"], true);
    assert_eq!(done["deals"].as_array().unwrap().len(), 21);
    let closed = close(&service, &token, round, None).await;
    expect(&closed, 200, "close");
    assert_eq!(closed.json["closed"], true);
    let logged = audit(&service, &token, id, "round.close").await;
    assert_eq!(logged.len(), 1);
    assert_eq!(logged[0]["after"]["forced"], false);
    assert_eq!(logged[0]["reason"], Value::Null);
});

backend_test!(
    a_forced_close_is_audited_with_the_incomplete_tables,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let (token, id, round, [one, two]) = two_tables(&app, &service).await;
        one.fill(&service, &repeat(&Step::Normal, 3)).await;

        // Bad bodies are refused before anything is looked at, and close nothing.
        for (body, field) in [
            (json!({"force": "ja"}), "force"),
            (json!({"force": true, "forcee": true}), "forcee"),
        ] {
            let bad = close(&service, &token, round, Some(&body)).await;
            expect(&bad, 422, &body.to_string());
            assert_eq!(bad.fields(), [field], "{}", bad.text);
        }
        let malformed = send(
            &service,
            actix_web::test::TestRequest::post()
                .uri(&format!("/api/v1/rounds/{round}/close"))
                .insert_header(("Authorization", format!("Bearer {token}")))
                .insert_header(("Content-Type", "application/json"))
                .set_payload("{\"force\": tru")
                .to_request(),
        )
        .await;
        expect(&malformed, 400, "malformed");
        assert_eq!(rounds(&service, &token, id).await[0]["closed"], false);

        let forced = close(&service, &token, round, Some(&json!({"force": true}))).await;
        expect(&forced, 200, "forced close");
        assert_eq!(forced.json["closed"], true);
        let logged = audit(&service, &token, id, "round.close").await;
        assert_eq!(logged.len(), 1);
        assert_eq!(
            logged[0]["reason"],
            "closed by force with table(s) 1, 2 not complete"
        );
        assert_eq!(logged[0]["after"]["forced"], true);
        let incomplete = logged[0]["after"]["incomplete"].as_array().unwrap();
        assert_eq!(incomplete.len(), 2);
        assert_eq!(
            (
                &incomplete[0]["table_id"],
                &incomplete[0]["deals"],
                &incomplete[0]["deals_left"]
            ),
            (&json!(one.table), &json!(3), &json!(21))
        );
        assert_eq!(
            (
                &incomplete[1]["table_id"],
                &incomplete[1]["deals"],
                &incomplete[1]["deals_left"]
            ),
            (&json!(two.table), &json!(0), &json!(24))
        );

        // Closed means closed: a captain can no longer enter; closing again changes nothing.
        let captain = crate::fixtures::captain(&service, &token, two.table).await;
        let entry = two
            .post(&service, &captain, &crate::fixtures::normal([1, 2]))
            .await;
        expect(&entry, 409, "captain after the close");
        assert_eq!(entry.json["code"], "round_closed");
        let again = close(&service, &token, round, None).await;
        expect(&again, 200, "closed again");
        assert_eq!(again.json["closed"], true);
        assert_eq!(audit(&service, &token, id, "round.close").await.len(), 1);
    }
);

backend_test!(the_next_round_waits_until_the_last_is_closed, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (token, id, p) = setup(&app, &service, 8, 3).await;
    let first = create_round(&service, &token, id, &json!({"tables": [p[0..4], p[4..8]]})).await;
    expect(&first, 201, "round 1");
    let first_id = first.json["id"].as_i64().unwrap();

    for body in [
        json!({"draw": {"method": "random", "seed": "zu früh"}}),
        json!({"draw": {"method": "avoid_repeats"}, "early": false}),
        json!({"tables": [p[0..4], p[4..8]]}),
    ] {
        let refusal = create_round(&service, &token, id, &body).await;
        refused(&refusal, "earlier_round_open", "early");
        assert_eq!(
            refusal.json["current"],
            json!({"open_rounds": [1]}),
            "{body}"
        );
    }
    // A body that is wrong in itself is told so first.
    let wrong = create_round(&service, &token, id, &json!({"tables": [p[0..3]]})).await;
    expect(&wrong, 422, "a table of three");
    assert_eq!(wrong.fields(), ["tables[0]"]);
    assert_eq!(
        rounds(&service, &token, id).await.len(),
        1,
        "nothing stored"
    );

    // Closed (by force: nothing was played), round 2 follows without a word.
    let closed = close(&service, &token, first_id, Some(&json!({"force": true}))).await;
    expect(&closed, 200, "close round 1");
    let second = create_round(
        &service,
        &token,
        id,
        &json!({"draw": {"method": "avoid_repeats", "seed": "zwei"}}),
    )
    .await;
    expect(&second, 201, "round 2");
    // Round 3 while round 2 is open, because the organiser says so: the log keeps it.
    let third = create_round(
        &service,
        &token,
        id,
        &json!({"draw": {"method": "random", "seed": "drei"}, "early": true}),
    )
    .await;
    expect(&third, 201, "round 3 early");
    assert_eq!(third.json["number"], 3);
    let created = audit(&service, &token, id, "round.create").await;
    assert_eq!(created.len(), 3);
    assert_eq!(created[1]["reason"], Value::Null);
    assert_eq!(created[2]["reason"], "created early: round 2 still open");
    assert_eq!(created[2]["after"]["created_while_open"], json!([2]));
});
