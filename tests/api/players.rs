//! Tournaments and players: the minimal bodies other clients rely on, input errors that
//! name their field, the all-or-nothing CSV import, check-in and withdrawal.

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    App, Reply, Table, call_json, csv, expect, normal, organizer, req, send, tournament,
};

async fn roster<S: App>(service: &S, token: &str, t: i64) -> Vec<Value> {
    let list = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{t}/players"),
        Some(token),
        None,
    )
    .await;
    expect(&list, 200, "players");
    list.json.as_array().unwrap().clone()
}

/// An organiser (his token) and his tournament, "Karlchen-Cup" (its id).
async fn cup<S: App>(app: &service_tests::TestApp, service: &S) -> (String, i64) {
    let org = organizer(app, service, "leitung@example.org").await;
    let t = tournament(
        service,
        &org,
        &json!({"name": "Karlchen-Cup", "date": "2026-12-05"}),
    )
    .await;
    (org, t)
}

fn names(players: &[Value]) -> Vec<&str> {
    players
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect()
}

fn start_numbers(players: &[Value]) -> Vec<i64> {
    players
        .iter()
        .map(|p| p["start_number"].as_i64().unwrap())
        .collect()
}

backend_test!(minimal_bodies_answer_201_with_an_id, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let created = call_json(
        &service,
        "POST",
        "/api/v1/tournaments",
        Some(&org),
        Some(&json!({"name": "Karlchen-Cup", "date": "2026-12-05"})),
    )
    .await;
    expect(&created, 201, "tournament");
    let t = created.json["id"].as_i64().unwrap();
    assert!(t > 0);
    assert!(
        created
            .headers
            .get("content-type")
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    let mut defaults = created.json.clone();
    defaults.as_object_mut().unwrap().remove("id");
    assert_eq!(
        defaults,
        json!({"name": "Karlchen-Cup", "date": "2026-12-05", "venue": null, "rounds": 3,
               "deals_four": 24, "deals_five": 30, "minutes_four": 100, "minutes_five": 125,
               "ruleset": "ddv", "preset": "ddv", "game": crate::games::ddv_game(),
               "tie_breaks": [],
               "published": false, "time_zone": "Europe/Berlin", "finished_at": null})
    );
    let read = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{t}"),
        Some(&org),
        None,
    )
    .await;
    assert_eq!(read.json, created.json);

    let player = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{t}/players"),
        Some(&org),
        Some(&json!({"name": "Erika Mustermann"})),
    )
    .await;
    expect(&player, 201, "player");
    assert!(player.json["id"].as_i64().unwrap() > 0);
    assert_eq!(
        player.json,
        json!({"id": player.json["id"], "start_number": 1, "name": "Erika Mustermann",
               "club": null, "ddv_number": null, "checked_in": false, "withdrawn": false,
               "public_name": null})
    );
    let second = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{t}/players"),
        Some(&org),
        Some(&json!({"name": "  Max Mustermann ", "club": "DK Herz-As", "ddv_number": "4711"})),
    )
    .await;
    expect(&second, 201, "second player");
    assert_eq!(second.json["start_number"], 2, "the next free start number");
    assert_eq!(second.json["name"], "Max Mustermann");
    assert_eq!(second.json["club"], "DK Herz-As");
    assert_eq!(roster(&service, &org, t).await.len(), 2);

    // Every optional field.
    let full = call_json(
        &service,
        "POST",
        "/api/v1/tournaments",
        Some(&org),
        Some(
            &json!({"name": "Stadtmeisterschaft", "date": "2027-01-09", "venue": "Bürgerhaus",
                     "rounds": 4, "deals_four": 20, "deals_five": 25, "minutes_four": 90,
                     "minutes_five": 110, "ruleset": "ddv",
                     "tie_breaks": ["most_games_won", "best_round"], "published": true}),
        ),
    )
    .await;
    expect(&full, 201, "full tournament");
    assert_eq!(
        full.json["tie_breaks"],
        json!(["most_games_won", "best_round"])
    );
    assert_eq!(full.json["rounds"], 4);
    assert_eq!(full.json["published"], true);
});

/// Posts `body` and checks the 422 names exactly `fields`.
async fn refused<S: App>(
    service: &S,
    token: &str,
    path: &str,
    body: &Value,
    fields: &[&str],
) -> Reply {
    let answer = call_json(service, "POST", path, Some(token), Some(body)).await;
    expect(&answer, 422, &body.to_string());
    assert_eq!(answer.json["code"], "invalid_body", "{}", answer.text);
    assert_eq!(answer.fields(), fields, "{body}: {}", answer.text);
    answer
}

backend_test!(invalid_bodies_name_the_field, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let path = "/api/v1/tournaments";
    let base = |patch: Value| {
        let mut body = json!({"name": "Karlchen-Cup", "date": "2026-12-05"});
        for (k, v) in patch.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    refused(
        &service,
        &org,
        path,
        &base(json!({"name": "   "})),
        &["name"],
    )
    .await;
    refused(
        &service,
        &org,
        path,
        &base(json!({"name": "x".repeat(201)})),
        &["name"],
    )
    .await;
    refused(
        &service,
        &org,
        path,
        &base(json!({"rounds": 0})),
        &["rounds"],
    )
    .await;
    refused(
        &service,
        &org,
        path,
        &base(json!({"deals_four": 3})),
        &["deals_four"],
    )
    .await;
    refused(
        &service,
        &org,
        path,
        &base(json!({"deals_five": 61})),
        &["deals_five"],
    )
    .await;
    refused(
        &service,
        &org,
        path,
        &base(json!({"minutes_four": 0})),
        &["minutes_four"],
    )
    .await;
    refused(
        &service,
        &org,
        path,
        &base(json!({"ruleset": "skat"})),
        &["ruleset"],
    )
    .await;
    refused(
        &service,
        &org,
        path,
        &base(json!({"tie_breaks": ["most_games_won", "coin_toss"]})),
        &["tie_breaks[1]"],
    )
    .await;
    let unknown = refused(
        &service,
        &org,
        path,
        &base(json!({"colour": "blau"})),
        &["colour"],
    )
    .await;
    assert_eq!(unknown.json["errors"][0]["code"], "unknown_field");
    refused(
        &service,
        &org,
        path,
        &base(json!({"date": "2026-13-01"})),
        &["date"],
    )
    .await;
    refused(
        &service,
        &org,
        path,
        &base(json!({"rounds": "drei"})),
        &["rounds"],
    )
    .await;
    let missing = refused(
        &service,
        &org,
        path,
        &json!({"name": "Karlchen-Cup"}),
        &["date"],
    )
    .await;
    assert_eq!(missing.json["errors"][0]["code"], "required");
    // Several at once.
    refused(
        &service,
        &org,
        path,
        &base(json!({"name": "", "rounds": 0, "ruleset": "skat"})),
        &["name", "rounds", "ruleset"],
    )
    .await;
    let list = call_json(&service, "GET", path, Some(&org), None).await;
    assert_eq!(list.json, json!([]), "no tournament stored");

    let t = tournament(
        &service,
        &org,
        &json!({"name": "Karlchen-Cup", "date": "2026-12-05"}),
    )
    .await;
    let players = format!("/api/v1/tournaments/{t}/players");
    refused(&service, &org, &players, &json!({"name": ""}), &["name"]).await;
    refused(&service, &org, &players, &json!({"club": "DK"}), &["name"]).await;
    refused(
        &service,
        &org,
        &players,
        &json!({"name": "Anna", "vorname": "A"}),
        &["vorname"],
    )
    .await;
    refused(
        &service,
        &org,
        &players,
        &json!({"name": "Anna", "start_number": 0}),
        &["start_number"],
    )
    .await;
    refused(
        &service,
        &org,
        &players,
        &json!({"name": "Anna", "club": "x".repeat(201)}),
        &["club"],
    )
    .await;
    let first = call_json(
        &service,
        "POST",
        &players,
        Some(&org),
        Some(&json!({"name": "Anna", "start_number": 7})),
    )
    .await;
    expect(&first, 201, "start number 7");
    let taken = refused(
        &service,
        &org,
        &players,
        &json!({"name": "Bernd", "start_number": 7}),
        &["start_number"],
    )
    .await;
    assert_eq!(taken.json["errors"][0]["code"], "taken");
    assert_eq!(names(&roster(&service, &org, t).await), ["Anna"]);
    // The next free number follows the highest.
    let next = call_json(
        &service,
        "POST",
        &players,
        Some(&org),
        Some(&json!({"name": "Clara"})),
    )
    .await;
    assert_eq!(next.json["start_number"], 8);
});

backend_test!(csv_import_is_all_or_nothing, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (org, t) = cup(&app, &service).await;
    let path = format!("/api/v1/tournaments/{t}/players/import");
    let upload = |body: &str| csv(&path, Some(org.as_str()), body);

    let good = send(
        &service,
        upload("name,club,ddv_number\nAnna Ahrens,DK Kreuz-Dame,12345\nBernd Bauer,,\n Clara Chen , Pik-As Köln ,\n"),
    )
    .await;
    expect(&good, 201, "good file");
    assert_eq!(good.json["created"], 3);
    let created = good.json["players"].as_array().unwrap();
    assert_eq!(names(created), ["Anna Ahrens", "Bernd Bauer", "Clara Chen"]);
    assert_eq!(start_numbers(created), [1, 2, 3]);
    assert_eq!(created[0]["ddv_number"], "12345");
    assert_eq!(created[1]["club"], Value::Null);
    assert_eq!(created[2]["club"], "Pik-As Köln");
    assert!(created.iter().all(|p| p["id"].as_i64().unwrap() > 0));

    let numbered = send(
        &service,
        upload("name,start_number,checked_in\nDora,10,true\nEmil,,false\n"),
    )
    .await;
    expect(&numbered, 201, "start numbers");
    let created = numbered.json["players"].as_array().unwrap();
    assert_eq!(start_numbers(created), [10, 11]);
    assert_eq!(created[0]["checked_in"], true);
    assert_eq!(created[1]["checked_in"], false);
    let before = roster(&service, &org, t).await;
    assert_eq!(before.len(), 5);

    // Bad files: a 422 naming the line, and nothing of the file stored.
    let bad: [(&str, &str, &str); 9] = [
        (
            "name,start_number\nFritz,20\nGabi,x\nHans,22\n",
            "line 3: start_number",
            "invalid_value",
        ),
        (
            "name,start_number\nFritz,30\nGabi,30\n",
            "line 3: start_number",
            "taken",
        ),
        (
            "name,start_number\nFritz,31\nGabi,10\n",
            "line 3: start_number",
            "taken",
        ),
        (
            "name,club\nFritz,DK\n ,DK\n",
            "line 3: name",
            "invalid_length",
        ),
        (
            "name,club\nFritz,DK\nGabi,DK,extra\n",
            "line 3",
            "invalid_row",
        ),
        (
            "name,start_number\nFritz,0\n",
            "line 2: start_number",
            "out_of_range",
        ),
        ("", "line 1", "missing_column"),
        ("name,club\n", "line 2", "required"),
        ("vorname,club\nFritz,DK\n", "line 1", "missing_column"),
    ];
    for (file, field, code) in bad {
        let answer = send(&service, upload(file)).await;
        expect(&answer, 422, file);
        // (A start number taken is reported as `invalid_body`, the rest as `invalid_csv`.)
        if code != "taken" {
            assert_eq!(
                answer.json["code"], "invalid_csv",
                "{file:?}: {}",
                answer.text
            );
        }
        let errors = answer.json["errors"].as_array().unwrap();
        assert_eq!(errors.len(), 1, "{file:?}: {}", answer.text);
        assert_eq!(errors[0]["field"], field, "{file:?}: {}", answer.text);
        assert_eq!(errors[0]["code"], code, "{file:?}: {}", answer.text);
    }
    // Every bad row is reported, each with its line.
    let two = send(
        &service,
        upload("name,start_number\nFritz,x\nGabi,40\nHans,y\n"),
    )
    .await;
    expect(&two, 422, "two bad rows");
    assert_eq!(
        two.fields(),
        ["line 2: start_number", "line 4: start_number"]
    );
    assert_eq!(roster(&service, &org, t).await, before, "no player stored");

    // A retried upload imports once.
    let keyed = |key: &str| {
        actix_web::test::TestRequest::post()
            .uri(&path)
            .insert_header(("Content-Type", "text/csv"))
            .insert_header(("Authorization", format!("Bearer {org}")))
            .insert_header(("Idempotency-Key", key.to_owned()))
            .set_payload("name\nIngo\nJana\n")
            .to_request()
    };
    let once = send(&service, keyed("import-1")).await;
    expect(&once, 201, "keyed import");
    let again = send(&service, keyed("import-1")).await;
    assert_eq!(again.text, once.text);
    let after = roster(&service, &org, t).await;
    assert_eq!(after.len(), 7);
    assert_eq!(start_numbers(&after), [1, 2, 3, 10, 11, 12, 13]);
});

backend_test!(players_check_in_and_withdraw, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (org, t) = cup(&app, &service).await;
    let ids = crate::fixtures::players(&service, &org, t, 4).await;
    let player = format!("/api/v1/players/{}", ids[2]);
    let patch = |body: Value| req("PATCH", &player, Some(&org), Some(&body), &[]);

    let checked_in = send(&service, patch(json!({"checked_in": true}))).await;
    expect(&checked_in, 200, "check in");
    assert_eq!(checked_in.json["checked_in"], true);
    assert_eq!(checked_in.json["withdrawn"], false);
    let withdrawn = send(&service, patch(json!({"withdrawn": true}))).await;
    expect(&withdrawn, 200, "withdraw");
    assert_eq!(withdrawn.json["withdrawn"], true);
    assert_eq!(withdrawn.json["checked_in"], true, "untouched fields stay");
    let renamed = send(
        &service,
        patch(json!({"name": "Clara Chen", "club": "DK Pik-As"})),
    )
    .await;
    expect(&renamed, 200, "rename");
    assert_eq!(renamed.json["name"], "Clara Chen");
    assert_eq!(renamed.json["withdrawn"], true);
    let list = roster(&service, &org, t).await;
    assert_eq!(list[2]["name"], "Clara Chen");
    assert_eq!(list[2]["withdrawn"], true);
    assert_eq!(list[2]["checked_in"], true);
    assert_eq!(list[0]["checked_in"], false);

    // A player who withdrew before playing a deal never took part: he is not ranked.
    let standings = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{t}/standings"),
        Some(&org),
        None,
    )
    .await;
    let ranked: Vec<&Value> = standings.json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["player_id"])
        .collect();
    assert_eq!(ranked.len(), 3, "{ranked:?}");
    assert!(!ranked.contains(&&json!(ids[2])), "{ranked:?}");

    let back = send(
        &service,
        patch(json!({"withdrawn": false, "checked_in": false})),
    )
    .await;
    expect(&back, 200, "back again");
    assert_eq!(
        (
            back.json["withdrawn"].clone(),
            back.json["checked_in"].clone()
        ),
        (json!(false), json!(false))
    );

    for (body, field) in [
        (json!({"name": " "}), "name"),
        (json!({"checked_in": "ja"}), "checked_in"),
        // Changeable since issue 29, but a number.
        (json!({"start_number": "fünf"}), "start_number"),
        (json!({"start_number": 0}), "start_number"),
        (json!({"team": "A"}), "team"),
    ] {
        let answer = send(&service, patch(body.clone())).await;
        expect(&answer, 422, &body.to_string());
        assert_eq!(answer.fields(), [field], "{}", answer.text);
    }
    let nobody = send(
        &service,
        req(
            "PATCH",
            "/api/v1/players/99999",
            Some(&org),
            Some(&json!({"checked_in": true})),
            &[],
        ),
    )
    .await;
    expect(&nobody, 404, "unknown player");

    // Each change is in the audit log with before and after.
    let audit = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{t}/audit"),
        Some(&org),
        None,
    )
    .await;
    let updates: Vec<&Value> = audit
        .json
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "player.update")
        .collect();
    assert_eq!(updates.len(), 4);
    assert_eq!(updates[1]["before"]["withdrawn"], false);
    assert_eq!(updates[1]["after"]["withdrawn"], true);
});

backend_test!(players_registered_at_the_same_moment, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (org, t) = cup(&app, &service).await;
    let path = format!("/api/v1/tournaments/{t}/players");
    // Two laptops at the registration desk, and a laptop retrying a slow request.
    for n in 0..5 {
        let (anna, bernd) = (
            json!({"name": format!("Anna {n}")}),
            json!({"name": format!("Bernd {n}")}),
        );
        let key = format!("retry-{n}");
        let (a, b, c) = tokio::join!(
            send(&service, req("POST", &path, Some(&org), Some(&anna), &[])),
            send(
                &service,
                req(
                    "POST",
                    &path,
                    Some(&org),
                    Some(&bernd),
                    &[("Idempotency-Key", key.as_str())]
                )
            ),
            send(
                &service,
                req(
                    "POST",
                    &path,
                    Some(&org),
                    Some(&bernd),
                    &[("Idempotency-Key", key.as_str())]
                )
            ),
        );
        for answer in [&a, &b, &c] {
            let status = answer.status.as_u16();
            assert!(
                status == 201 || (status == 409 && answer.json["code"] == "concurrent_change"),
                "round {n}: {status} {}",
                answer.text
            );
        }
    }
    let list = roster(&service, &org, t).await;
    let mut numbers = start_numbers(&list);
    numbers.dedup();
    assert_eq!(numbers.len(), list.len(), "distinct start numbers");
});

backend_test!(hidden_characters_in_names_and_messages_are_refused, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let token = organizer(&app, &service, "leitung@example.org").await;
    let t = tournament(
        &service,
        &token,
        &json!({"name": "Herbstturnier", "date": "2026-11-28"}),
    )
    .await;
    let refused = |reply: &Reply, field: &str, what: &str| {
        expect(reply, 422, what);
        assert_eq!(reply.json["code"], "invalid_body", "{what}");
        assert!(
            reply
                .faults()
                .contains(&(field.to_owned(), "invalid_character".to_owned())),
            "{what}: {}",
            reply.text
        );
    };
    let players = format!("/api/v1/tournaments/{t}/players");
    // A right-to-left override would show the name mirrored and reorder its line; a bell,
    // a zero-width space or a byte-order mark would make two equal-looking names differ.
    for (field, body) in [
        ("name", json!({"name": "Anna \u{202E}relleuM"})),
        ("name", json!({"name": "Bert\u{7}"})),
        ("name", json!({"name": "Carl\u{200B}a"})),
        ("name", json!({"name": "Dora\nEmil"})),
        ("club", json!({"name": "Emil", "club": "\u{FEFF}DK Kreuz"})),
        (
            "public_name",
            json!({"name": "Frieda", "public_name": "F.\u{2066}X"}),
        ),
    ] {
        let reply = call_json(&service, "POST", &players, Some(&token), Some(&body)).await;
        refused(&reply, field, &body.to_string());
    }
    assert!(
        roster(&service, &token, t).await.is_empty(),
        "nothing stored"
    );
    // Umlauts, accents and scripts written right to left themselves are names like any.
    for name in ["Jürgen Müller-Lüdenscheidt", "José Ñúñez", "داود", "ישראל"] {
        let reply = call_json(
            &service,
            "POST",
            &players,
            Some(&token),
            Some(&json!({ "name": name })),
        )
        .await;
        expect(&reply, 201, name);
    }

    let renamed = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/tournaments/{t}"),
        Some(&token),
        Some(&json!({"name": "Herbst\u{1B}[31mturnier"})),
    )
    .await;
    refused(&renamed, "name", "a tournament's name with an escape");
    let kept = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{t}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(kept.json["name"], "Herbstturnier");
});

backend_test!(a_reason_may_run_over_lines_but_hides_nothing, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::new(&app, &service, 4).await;
    let entered = table.post(&service, &table.captain, &normal([0, 1])).await;
    expect(&entered, 201, "deal 1");
    let version = entered.json["deal"]["version"].to_string();
    let correct = |reason: &str| {
        req(
            "PUT",
            &table.path("deals/1"),
            Some(&table.org),
            Some(
                &json!({"contract": "normal", "re": [0, 1], "re_points": 130,
                "re_tricks": 7, "reason": reason}),
            ),
            &[("If-Match", version.as_str())],
        )
    };
    let hidden = send(&service, correct("Tippfehler\u{200B}")).await;
    expect(&hidden, 422, "a zero-width space in the reason");
    assert_eq!(
        hidden.faults(),
        vec![("reason".to_owned(), "invalid_character".to_owned())],
        "{}",
        hidden.text
    );
    let bell = send(&service, correct("Tipp\u{7}fehler")).await;
    expect(&bell, 422, "a bell in the reason");
    assert_eq!(
        table.sheet(&service).await["deals"][0]["version"].to_string(),
        version,
        "refused, nothing changed"
    );
    let lines = send(&service, correct("Tippfehler:\nRe hatte 130, nicht 120")).await;
    expect(&lines, 200, "a reason of two lines");

    // A penalty: the referee is a name, what happened a message.
    let penalty = |referee: &str, offence: &str| {
        req(
            "POST",
            &table.path("penalties"),
            Some(&table.org),
            Some(
                &json!({"deal_number": 1, "severity": "minor", "offender": 1,
                "referee": referee, "offence": offence}),
            ),
            &[],
        )
    };
    for (referee, offence, field) in [
        ("Weber\u{7}", "Karte zu früh gezeigt", "referee"),
        ("We\nber", "Karte zu früh gezeigt", "referee"),
        ("Weber", "Karte \u{202E}zu früh", "offence"),
    ] {
        let refused = send(&service, penalty(referee, offence)).await;
        expect(&refused, 422, field);
        assert_eq!(
            refused.faults(),
            vec![(field.to_owned(), "invalid_character".to_owned())],
            "{}",
            refused.text
        );
    }
    assert!(
        table.sheet(&service).await["deals"][0]
            .get("penalties")
            .is_none(),
        "refused, nothing recorded"
    );
    let recorded = send(
        &service,
        penalty("Weber", "Karte zu früh gezeigt,\ndann zurückgenommen"),
    )
    .await;
    expect(&recorded, 201, "what happened, on two lines");
});

backend_test!(the_same_person_twice_is_refused_or_flagged, |app| {
    // Importing a file twice, or a player the desk typed in by hand: a DDV number names
    // one person and is refused the second time; the same name in the same club without
    // a DDV number to tell them apart is flagged in the preview and still imports.
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (org, t) = cup(&app, &service).await;
    let path = format!("/api/v1/tournaments/{t}/players/import");
    let file = "name,club,ddv_number\nAnna Ahrens,DK Kreuz-Dame,12345\nBernd Bauer,Pik-As,\n";
    expect(
        &send(&service, csv(&path, Some(org.as_str()), file)).await,
        201,
        "first import",
    );

    // The same file again: its preview is not "all right", and its import stores nothing.
    let preview = send(
        &service,
        csv(&format!("{path}?dry_run=true"), Some(org.as_str()), file),
    )
    .await;
    expect(&preview, 200, "preview of the same file");
    assert_eq!(preview.json["valid"], false);
    let rows = preview.json["rows"].as_array().unwrap();
    assert_eq!(rows[0]["errors"][0]["field"], "line 2: ddv_number");
    assert_eq!(rows[0]["errors"][0]["code"], "taken");
    assert!(
        rows[0]["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("start number 1 (Anna Ahrens)"),
        "{}",
        rows[0]["errors"][0]
    );
    assert_eq!(rows[1]["errors"], json!([]));
    assert_eq!(rows[1]["warnings"][0]["field"], "line 3: name");
    assert_eq!(rows[1]["warnings"][0]["code"], "same_name_and_club");
    let again = send(&service, csv(&path, Some(org.as_str()), file)).await;
    expect(&again, 422, "the same file imported again");
    assert_eq!(again.json["errors"][0]["field"], "line 2: ddv_number");
    assert_eq!(roster(&service, &org, t).await.len(), 2);

    // Within one file: the second line with a number already in the file is refused; a
    // name twice with two different DDV numbers is two people.
    let twins = "name,club,ddv_number\nCarl Claus,DK,777\nCarl Claus,DK,778\nDora,,777\n";
    let preview = send(
        &service,
        csv(&format!("{path}?dry_run=true"), Some(org.as_str()), twins),
    )
    .await;
    let rows = preview.json["rows"].as_array().unwrap();
    assert_eq!(
        (rows[0]["errors"].clone(), rows[0]["warnings"].clone()),
        (json!([]), json!([]))
    );
    assert_eq!(
        (rows[1]["errors"].clone(), rows[1]["warnings"].clone()),
        (json!([]), json!([]))
    );
    assert_eq!(rows[2]["errors"][0]["code"], "taken");
    assert!(
        rows[2]["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("line 2")
    );

    // Registering one by one: a DDV number held is refused by name of the field.
    let players = format!("/api/v1/tournaments/{t}/players");
    let register = |body: Value| req("POST", &players, Some(&org), Some(&body), &[]);
    let taken = send(
        &service,
        register(json!({"name": "A. Ahrens", "ddv_number": "12345"})),
    )
    .await;
    expect(&taken, 422, "a DDV number registered already");
    assert_eq!(taken.json["errors"][0]["field"], "ddv_number");
    assert_eq!(taken.json["errors"][0]["code"], "taken");
    // ... and a DDV number must be one: digits as the DDV gives them.
    for bad in ["abc", "12 34", "123456789"] {
        let refused = send(
            &service,
            register(json!({"name": "Emil", "ddv_number": bad})),
        )
        .await;
        expect(&refused, 422, bad);
        assert_eq!(refused.json["errors"][0]["field"], "ddv_number");
        assert_eq!(refused.json["errors"][0]["code"], "not_a_ddv_number");
    }
    let zero = send(
        &service,
        register(json!({"name": "Emil", "ddv_number": " 0815 "})),
    )
    .await;
    expect(&zero, 201, "leading zeros");
    assert_eq!(zero.json["ddv_number"], "0815");
    assert_eq!(roster(&service, &org, t).await.len(), 3);
});

backend_test!(ddv_and_start_numbers_can_be_changed_audited, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (org, t) = cup(&app, &service).await;
    let ids = crate::fixtures::players(&service, &org, t, 3).await;
    let patch = |id: i64, body: Value| {
        req(
            "PATCH",
            &format!("/api/v1/players/{id}"),
            Some(&org),
            Some(&body),
            &[],
        )
    };

    let changed = send(
        &service,
        patch(ids[0], json!({"ddv_number": "4711", "start_number": 17})),
    )
    .await;
    expect(&changed, 200, "new numbers");
    assert_eq!(changed.json["ddv_number"], "4711");
    assert_eq!(changed.json["start_number"], 17);
    // Another player's numbers are refused, naming each field; nothing changes.
    let clash = send(
        &service,
        patch(
            ids[1],
            json!({"ddv_number": "4711", "start_number": 17, "name": "X"}),
        ),
    )
    .await;
    expect(&clash, 422, "numbers held by another");
    let fields: Vec<(&str, &str)> = clash.json["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["field"].as_str().unwrap(), e["code"].as_str().unwrap()))
        .collect();
    assert_eq!(fields, [("start_number", "taken"), ("ddv_number", "taken")]);
    // Malformed: refused before anything is read.
    for (body, field, code) in [
        (
            json!({"ddv_number": "abc"}),
            "ddv_number",
            "not_a_ddv_number",
        ),
        (json!({"start_number": 0}), "start_number", "out_of_range"),
        (
            json!({"start_number": 100_000}),
            "start_number",
            "out_of_range",
        ),
    ] {
        let refused = send(&service, patch(ids[1], body.clone())).await;
        expect(&refused, 422, &body.to_string());
        assert_eq!(
            (
                refused.json["errors"][0]["field"].as_str(),
                refused.json["errors"][0]["code"].as_str()
            ),
            (Some(field), Some(code))
        );
    }
    let list = roster(&service, &org, t).await;
    let second = list.iter().find(|p| p["id"] == ids[1]).unwrap();
    assert_eq!(
        (
            second["start_number"].clone(),
            second["ddv_number"].clone(),
            second["name"].clone()
        ),
        (
            json!(2),
            Value::Null,
            json!(second["name"].as_str().unwrap())
        )
    );
    assert_ne!(second["name"], "X");
    // Keeping one's own numbers is no clash; an empty DDV number clears it.
    let own = send(
        &service,
        patch(ids[0], json!({"ddv_number": "4711", "start_number": 17})),
    )
    .await;
    expect(&own, 200, "the same numbers again");
    let cleared = send(&service, patch(ids[0], json!({"ddv_number": ""}))).await;
    expect(&cleared, 200, "cleared");
    assert_eq!(cleared.json["ddv_number"], Value::Null);
    assert_eq!(cleared.json["start_number"], 17);

    // Each change is in the audit log with before and after.
    let log = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{t}/audit"),
        Some(&org),
        None,
    )
    .await;
    expect(&log, 200, "audit log");
    let updates: Vec<&Value> = log
        .json
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "player.update")
        .collect();
    assert_eq!(updates.len(), 3, "{updates:?}");
    assert!(updates.iter().any(|e| e["before"]["start_number"] == 1
        && e["after"]["start_number"] == 17
        && e["after"]["ddv_number"] == "4711"));
});
