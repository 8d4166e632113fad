//! A round's life: time-up and the owed solos, penalties in the sheet and the standings,
//! closing a round, and the rounds that cannot be created.

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    Step, Table, call_json, dealers, expect, normal, organizer, players, repeat, req, round, send,
    solo, tournament,
};

backend_test!(time_up_after_deal_18_leaves_the_owed_solos, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let re02 = Step::Enter(normal([0, 2]));
    let steps = [repeat(&re02, 5), vec![Step::Solo(3)], repeat(&re02, 12)].concat();
    let sheet = t.fill(&service, &steps).await;
    assert_eq!(sheet["deals"].as_array().unwrap().len(), 18);
    assert_eq!(sheet["totals"], json!([16, -18, 16, -14]));
    let time_up = t.path("time-up");

    // Only organisers call time.
    let by_captain = call_json(&service, "POST", &time_up, Some(&t.captain), None).await;
    expect(&by_captain, 403, "captain calls time");
    let called = call_json(&service, "POST", &time_up, Some(&t.org), None).await;
    expect(&called, 200, "organiser calls time");
    let sheet = called.json.clone();
    assert_eq!(sheet["time_up"], true);
    assert_eq!(sheet["complete"], false);
    assert_eq!(sheet["pflichtsolo_owed"], json!([0, 1, 2]));
    // Deal 19 is dealt by seat 1; the owing seat nearest his left is seat 2.
    assert_eq!(
        sheet["next"],
        json!({"number": 19, "dealer": 1, "sitting_out": null, "forced_soloist": 2})
    );
    assert_eq!(t.sheet(&service).await, sheet);

    // Twice is refused, with the sheet.
    let twice = call_json(&service, "POST", &time_up, Some(&t.org), None).await;
    expect(&twice, 409, "time-up twice");
    assert_eq!(twice.json["code"], "time_up_refused");
    assert_eq!(twice.json["current"], sheet);

    // The normal games are struck: none is taken, nor another seat's solo.
    for body in [normal([0, 2]), solo(0), solo(3)] {
        let refused = t.post(&service, &t.captain, &body).await;
        expect(&refused, 422, &body.to_string());
        assert_eq!(refused.json["code"], "not_allowed_now");
    }
    assert_eq!(t.sheet(&service).await, sheet, "nothing stored");

    // The owed solos, each forced: seat 2, then 0, then 1.
    let mut forced = Vec::new();
    let mut sheet = sheet;
    while let Some(seat) = sheet["next"]["forced_soloist"].as_u64() {
        forced.push(seat);
        let played = t.post(&service, &t.captain, &solo(seat)).await;
        expect(&played, 201, &format!("forced solo of seat {seat}"));
        assert_eq!(played.json["deal"]["kind"], "vorgefuehrt");
        sheet = played.json["sheet"].clone();
    }
    assert_eq!(forced, [2, 0, 1]);
    assert_eq!(dealers(&sheet)[18..], [1, 2, 3]);
    assert_eq!(sheet["deals"].as_array().unwrap().len(), 21);
    assert_eq!(sheet["complete"], true);
    assert_eq!(sheet["next"], Value::Null);
    assert_eq!(sheet["pflichtsolo_owed"], json!([]));
    // Each forced soloist wins +3 and pays -1 twice: +1 each, seat 3 pays -3.
    assert_eq!(sheet["totals"], json!([17, -17, 17, -17]));

    let extra = t.post(&service, &t.captain, &normal([0, 2])).await;
    expect(&extra, 409, "a deal after the end");
    assert_eq!(extra.json["code"], "sheet_complete");
    let late = call_json(&service, "POST", &time_up, Some(&t.org), None).await;
    expect(&late, 409, "time-up on a complete sheet");
    assert_eq!(late.json["code"], "time_up_refused");

    // The standings are the sheet's totals.
    let standings = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/standings", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&standings, 200, "standings");
    for row in standings.json["standings"].as_array().unwrap() {
        let seat = t
            .players
            .iter()
            .position(|p| Some(*p) == row["player_id"].as_i64())
            .unwrap();
        assert_eq!(row["total"], sheet["totals"][seat]);
        assert_eq!(row["deals_played"], 21);
        assert_eq!(row["solos_played"], 1);
        assert_eq!(row["solos_won"], 1);
    }
});

backend_test!(time_up_before_any_deal_leaves_four_forced_solos, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let called = call_json(&service, "POST", &t.path("time-up"), Some(&t.org), None).await;
    expect(&called, 200, "time-up at once");
    assert_eq!(called.json["next"]["forced_soloist"], 1);
    let sheet = t.fill(&service, &repeat(&Step::Forced, 4)).await;
    assert_eq!(sheet["complete"], true);
    assert_eq!(dealers(&sheet), [0, 1, 2, 3]);
    assert_eq!(sheet["totals"], json!([0, 0, 0, 0]));
});

backend_test!(a_penalty_counts_in_the_sheet_and_the_standings, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    // tsr-brief §14 W30: Re = seats 0 and 2 win with 160, no calls: value 2.
    let w30 = json!({"contract": "normal", "re": [0, 2], "re_points": 160, "re_tricks": 9});
    let first = t.post(&service, &t.captain, &w30).await;
    expect(&first, 201, "deal 1");
    assert_eq!(first.json["deal"]["scores"], json!([2, -2, 2, -2]));
    let second = t.post(&service, &t.captain, &normal([1, 3])).await;
    expect(&second, 201, "deal 2");

    let penalty = json!({"deal_number": 1, "severity": "minor", "offender": 1,
                         "referee": "Schiedsrichterin Weber"});
    let by_captain = call_json(
        &service,
        "POST",
        &t.path("penalties"),
        Some(&t.captain),
        Some(&penalty),
    )
    .await;
    expect(&by_captain, 403, "captains record no penalties");
    let recorded = call_json(
        &service,
        "POST",
        &t.path("penalties"),
        Some(&t.org),
        Some(&penalty),
    )
    .await;
    expect(&recorded, 201, "penalty");
    let deal = &recorded.json["deals"][0];
    // Seat 1 (Kontra) pays 3, the others get 1 each: the W30 row.
    assert_eq!(deal["penalties"][0]["scores"], json!([1, -3, 1, 1]));
    assert_eq!(deal["penalties"][0]["severity"], "minor");
    assert_eq!(deal["penalties"][0]["offender"], 1);
    assert_eq!(deal["penalties"][0]["referee"], "Schiedsrichterin Weber");
    assert_eq!(deal["game_scores"], json!([2, -2, 2, -2]));
    assert_eq!(deal["scores"], json!([3, -5, 3, -1]));
    // Deal 2: Re = seats 1 and 3 win 130: [-1, 1, -1, 1].
    assert_eq!(recorded.json["totals"], json!([2, -4, 2, 0]));
    assert_eq!(t.sheet(&service).await, recorded.json);

    // Penalties that cannot be.
    let bad = [
        (
            json!({"deal_number": 3, "severity": "minor", "offender": 1, "referee": "W"}),
            "deal_number",
        ),
        (
            json!({"deal_number": 1, "severity": "huge", "offender": 1, "referee": "W"}),
            "severity",
        ),
        (
            json!({"deal_number": 1, "severity": "minor", "offender": 4, "referee": "W"}),
            "offender",
        ),
        (
            json!({"deal_number": 1, "severity": "minor", "offender": 1, "referee": " "}),
            "referee",
        ),
        (
            json!({"deal_number": 1, "severity": "minor", "offender": 1, "referee": "W",
                   "could_harm_soloist": true}),
            "could_harm_soloist",
        ),
    ];
    for (body, field) in &bad {
        let refused = call_json(
            &service,
            "POST",
            &t.path("penalties"),
            Some(&t.org),
            Some(body),
        )
        .await;
        expect(&refused, 422, &body.to_string());
        assert_eq!(refused.fields(), [*field], "{}", refused.text);
    }
    assert_eq!(t.sheet(&service).await, recorded.json, "nothing stored");

    // The standings total equals the sheet total, penalty included.
    let path = format!("/api/v1/tournaments/{}/standings", t.tournament);
    for query in ["", "?round=1"] {
        let standings = call_json(
            &service,
            "GET",
            &format!("{path}{query}"),
            Some(&t.org),
            None,
        )
        .await;
        expect(&standings, 200, "standings");
        let rows = standings.json["standings"].as_array().unwrap();
        assert_eq!(rows.len(), 4);
        for row in rows {
            let seat = t
                .players
                .iter()
                .position(|p| Some(*p) == row["player_id"].as_i64())
                .unwrap();
            assert_eq!(row["total"], recorded.json["totals"][seat], "{query}");
            assert_eq!(row["deals_played"], 2);
        }
        let ranked: Vec<(i64, u64)> = rows
            .iter()
            .map(|r| (r["total"].as_i64().unwrap(), r["rank"].as_u64().unwrap()))
            .collect();
        assert_eq!(ranked, [(2, 1), (2, 1), (0, 3), (-4, 4)], "{query}");
    }
    let round_two = call_json(
        &service,
        "GET",
        &format!("{path}?round=2"),
        Some(&t.org),
        None,
    )
    .await;
    assert_eq!(
        round_two.json["standings"][0]["total"], 0,
        "a planned round without a sheet: {}",
        round_two.text
    );
});

backend_test!(a_closed_round_is_for_the_organiser_only, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    t.fill(&service, &repeat(&Step::Enter(normal([0, 2])), 3))
        .await;
    let closed = call_json(
        &service,
        "POST",
        &format!("/api/v1/rounds/{}/close", t.round),
        Some(&t.org),
        Some(&json!({"force": true})),
    )
    .await;
    expect(&closed, 200, "close");
    assert_eq!(closed.json["closed"], true);
    assert_eq!(closed.json["number"], 1);

    // The captain still reads, but writes nothing.
    let read = call_json(&service, "GET", &t.path("sheet"), Some(&t.captain), None).await;
    expect(&read, 200, "captain reads");
    assert_eq!(read.json["round_closed"], true);
    let entry = t.post(&service, &t.captain, &normal([1, 3])).await;
    expect(&entry, 409, "captain enters");
    assert_eq!(entry.json["code"], "round_closed");
    let put = crate::fixtures::send(
        &service,
        crate::fixtures::req(
            "PUT",
            &t.path("deals/1"),
            Some(&t.captain),
            Some(&normal([1, 3])),
            &[("If-Match", "1")],
        ),
    )
    .await;
    expect(&put, 409, "captain corrects");
    assert_eq!(put.json["code"], "round_closed");
    let delete = crate::fixtures::send(
        &service,
        crate::fixtures::req(
            "DELETE",
            &t.path("deals/1"),
            Some(&t.captain),
            None,
            &[("If-Match", "1")],
        ),
    )
    .await;
    expect(&delete, 409, "captain deletes");
    assert_eq!(delete.json["code"], "round_closed");
    assert_eq!(t.sheet(&service).await, read.json, "nothing changed");

    // The organiser still enters and corrects.
    let entry = t.post(&service, &t.org, &normal([1, 3])).await;
    expect(&entry, 201, "organiser enters");
    assert_eq!(entry.json["deal"]["number"], 4);
    let put = crate::fixtures::send(
        &service,
        crate::fixtures::req(
            "PUT",
            &t.path("deals/1"),
            Some(&t.org),
            Some(&normal([1, 3])),
            &[("If-Match", "1")],
        ),
    )
    .await;
    expect(&put, 200, "organiser corrects");
    assert_eq!(put.json["sheet"]["totals"], json!([0, 0, 0, 0]));

    let rounds = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/rounds", t.tournament),
        Some(&t.captain),
        None,
    )
    .await;
    expect(&rounds, 200, "rounds");
    assert_eq!(rounds.json[0]["closed"], true);
    let unknown = call_json(
        &service,
        "POST",
        "/api/v1/rounds/9999/close",
        Some(&t.org),
        None,
    )
    .await;
    expect(&unknown, 404, "unknown round");
});

backend_test!(rounds_that_cannot_be_created, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let t = tournament(
        &service,
        &org,
        &json!({"name": "Zwei Runden", "date": "2026-12-05", "rounds": 2}),
    )
    .await;
    let p = players(&service, &org, t, 10).await;
    let withdrawn = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/players/{}", p[9]),
        Some(&org),
        Some(&json!({"withdrawn": true})),
    )
    .await;
    expect(&withdrawn, 200, "withdraw");
    let elsewhere = tournament(
        &service,
        &org,
        &json!({"name": "Anderes", "date": "2026-12-06"}),
    )
    .await;
    let stranger = players(&service, &org, elsewhere, 1).await[0];
    let path = format!("/api/v1/tournaments/{t}/rounds");
    let cases: [(Value, &str, &str); 8] = [
        (json!([p[0..3]]), "tables[0]", "wrong_table_size"),
        (json!([p[0..4], p[4..7]]), "tables[1]", "wrong_table_size"),
        (
            json!([[p[0], p[1], p[2], p[3], p[4], p[5]]]),
            "tables[0]",
            "wrong_table_size",
        ),
        (
            json!([[p[0], p[1], p[2], 99_999]]),
            "tables[0][3]",
            "unknown_player",
        ),
        (
            json!([[p[0], p[1], p[2], stranger]]),
            "tables[0][3]",
            "unknown_player",
        ),
        (
            json!([p[0..4], [p[4], p[5], p[6], p[0]]]),
            "tables[1][3]",
            "duplicate_player",
        ),
        (
            json!([[p[0], p[1], p[2], p[9]]]),
            "tables[0][3]",
            "withdrawn",
        ),
        (json!([]), "tables", "required"),
    ];
    for (tables, field, code) in &cases {
        let refused = call_json(
            &service,
            "POST",
            &path,
            Some(&org),
            Some(&json!({ "tables": tables })),
        )
        .await;
        expect(&refused, 422, &tables.to_string());
        let errors = refused.json["errors"].as_array().unwrap();
        assert_eq!(errors.len(), 1, "{}", refused.text);
        assert_eq!(errors[0]["field"], *field, "{}", refused.text);
        assert_eq!(errors[0]["code"], *code, "{}", refused.text);
    }
    let listed = call_json(&service, "GET", &path, Some(&org), None).await;
    assert_eq!(listed.json, json!([]), "no round was created");

    // Two rounds as planned: a 4- and a 5-table, then a 5-table and a 4-table.
    let first = round(&service, &org, t, &json!([p[0..4], p[4..9]])).await;
    assert_eq!(first.json["number"], 1);
    assert_eq!(first.json["tables"][0]["planned_deals"], 24);
    assert_eq!(first.json["tables"][1]["planned_deals"], 30);
    assert_eq!(first.json["tables"][1]["seats"], json!(p[4..9]));
    let second = call_json(
        &service,
        "POST",
        &path,
        Some(&org),
        Some(&json!({"tables": [p[0..5], p[5..9]], "early": true})),
    )
    .await;
    expect(&second, 201, "round 2 while round 1 is open");
    assert_eq!(second.json["number"], 2);
    assert_eq!(second.json["tables"][1]["number"], 2);
    let third = call_json(
        &service,
        "POST",
        &path,
        Some(&org),
        Some(&json!({"tables": [p[0..4]]})),
    )
    .await;
    expect(&third, 409, "a third round of two");
    assert_eq!(third.json["code"], "all_rounds_created");
    let listed = call_json(&service, "GET", &path, Some(&org), None).await;
    assert_eq!(listed.json.as_array().unwrap().len(), 2);
});

backend_test!(a_deal_before_the_time_up_can_still_be_deleted, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let re02 = Step::Enter(normal([0, 2]));
    let steps = [repeat(&re02, 5), vec![Step::Solo(3)], repeat(&re02, 12)].concat();
    t.fill(&service, &steps).await;
    let called = call_json(&service, "POST", &t.path("time-up"), Some(&t.org), None).await;
    expect(&called, 200, "time-up after deal 18");
    // Deal 5 had been entered twice by mistake; the organiser deletes it.
    let deleted = send(
        &service,
        req(
            "DELETE",
            &t.path("deals/5"),
            Some(&t.org),
            None,
            &[("If-Match", "1"), ("X-Reason", "doppelt eingegeben")],
        ),
    )
    .await;
    expect(&deleted, 200, "delete deal 5 after time-up");
    let sheet = &deleted.json;
    assert_eq!(sheet["deals"].as_array().unwrap().len(), 17);
    assert_eq!(sheet["time_up"], true);
    // Seat 3's Pflichtsolo is now deal 5, dealt by seat 0, who deals deal 6 again.
    assert_eq!(
        dealers(sheet),
        [0, 1, 2, 3, 0, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]
    );
    assert_eq!(
        sheet["next"],
        json!({"number": 18, "dealer": 0, "sitting_out": null, "forced_soloist": 1})
    );
    assert_eq!(sheet["pflichtsolo_owed"], json!([0, 1, 2]));
    let done = t.fill(&service, &repeat(&Step::Forced, 3)).await;
    assert_eq!(done["complete"], true);
    assert_eq!(done["deals"].as_array().unwrap().len(), 20);
});

backend_test!(a_bad_standings_query_is_a_problem, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let path = format!("/api/v1/tournaments/{}/standings", t.tournament);
    let zero = call_json(
        &service,
        "GET",
        &format!("{path}?round=0"),
        Some(&t.org),
        None,
    )
    .await;
    expect(&zero, 422, "round 0");
    assert_eq!(zero.fields(), ["round"]);
    let word = call_json(
        &service,
        "GET",
        &format!("{path}?round=x"),
        Some(&t.org),
        None,
    )
    .await;
    assert!(
        word.status.is_client_error(),
        "{} {}",
        word.status,
        word.text
    );
    assert_eq!(
        word.header("content-type"),
        "application/problem+json",
        "{}",
        word.text
    );
    assert_eq!(word.fields(), ["round"], "{}", word.text);
});
