//! Seating planned up front and changed by hand: a tournament's whole plan, rounds taken
//! from it, planning again after a late arrival, and swaps, moves and withdrawals before a
//! round starts with the quality change shown.

use std::collections::HashMap;

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{App, call_json, expect, normal, organizer, players, req, send, tournament};

/// An organiser's tournament of `rounds` rounds with `n` players: (token, id, player ids).
async fn setup<S: App>(
    app: &service_tests::TestApp,
    service: &S,
    n: usize,
    rounds: u32,
) -> (String, i64, Vec<i64>) {
    let token = organizer(app, service, "plan@example.org").await;
    let id = tournament(
        service,
        &token,
        &json!({"name": "Planned", "date": "2026-12-05", "rounds": rounds}),
    )
    .await;
    let ids = players(service, &token, id, n).await;
    (token, id, ids)
}

fn ids(value: &Value) -> Vec<i64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect()
}

fn plan_rounds(plan: &Value) -> Vec<Vec<Vec<i64>>> {
    plan["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["tables"].as_array().unwrap().iter().map(ids).collect())
        .collect()
}

fn round_tables(round: &Value) -> Vec<Vec<i64>> {
    round["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| ids(&t["seats"]))
        .collect()
}

/// Repeated encounters counted independently of the service: for every pair, the tables
/// they shared beyond the first.
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

async fn put_plan<S: App>(
    service: &S,
    token: &str,
    id: i64,
    body: &Value,
) -> crate::fixtures::Reply {
    call_json(
        service,
        "PUT",
        &format!("/api/v1/tournaments/{id}/plan"),
        Some(token),
        Some(body),
    )
    .await
}

async fn draw_planned<S: App>(service: &S, token: &str, id: i64) -> crate::fixtures::Reply {
    call_json(
        service,
        "POST",
        &format!("/api/v1/tournaments/{id}/rounds"),
        Some(token),
        Some(&json!({"draw": {"method": "planned"}, "early": true})),
    )
    .await
}

backend_test!(whole_tournament_planned_up_front_and_followed, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (token, id, players) = setup(&app, &service, 16, 5).await;
    let plan = put_plan(&service, &token, id, &json!({"seed": "Herbst"})).await;
    expect(&plan, 200, "plan");
    assert_eq!(plan.json["seed"], "Herbst");
    let planned = plan_rounds(&plan.json);
    assert_eq!(planned.len(), 5);
    // 16 players over 5 rounds: everyone meets everyone exactly once.
    assert_eq!(repeats(&planned), 0);
    let pairs: usize = planned
        .iter()
        .flatten()
        .map(|t| t.len() * (t.len() - 1) / 2)
        .sum();
    assert_eq!(pairs, 16 * 15 / 2);
    assert_eq!(plan.json["quality"]["repeat_pairs"], 0);
    assert_eq!(plan.json["missing"], json!([]));
    assert_eq!(plan.json["withdrawn"], json!([]));
    for round in &planned {
        let mut seated = round.concat();
        seated.sort_unstable();
        assert_eq!(seated, players);
    }

    // It is exactly the optimiser's plan, players numbered by start number.
    let service_plan = call_json(
        &service,
        "POST",
        "/api/v1/seating/plan",
        None,
        Some(&json!({"players": 16, "rounds": 5, "seed": "Herbst"})),
    )
    .await;
    expect(&service_plan, 200, "seating plan");
    let by_number: Vec<Vec<Vec<i64>>> = service_plan.json["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|round| {
            round
                .as_array()
                .unwrap()
                .iter()
                .map(|t| ids(t).iter().map(|&i| players[i as usize]).collect())
                .collect()
        })
        .collect();
    assert_eq!(planned, by_number);

    // The same seed plans the same again.
    let again = put_plan(&service, &token, id, &json!({"seed": "Herbst"})).await;
    assert_eq!(plan_rounds(&again.json), planned);

    // Unpublished: nobody else sees it; published: everybody does.
    let path = format!("/api/v1/tournaments/{id}/plan");
    expect(
        &call_json(&service, "GET", &path, None, None).await,
        404,
        "anonymous, unpublished",
    );
    let publish = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/tournaments/{id}"),
        Some(&token),
        Some(&json!({"published": true})),
    )
    .await;
    expect(&publish, 200, "publish");
    let public = call_json(&service, "GET", &path, None, None).await;
    expect(&public, 200, "anonymous, published");
    assert_eq!(plan_rounds(&public.json), planned);

    // Rounds come from the plan, with its seed stored.
    for (r, tables) in planned.iter().enumerate() {
        let round = draw_planned(&service, &token, id).await;
        expect(&round, 201, "planned round");
        assert_eq!(&round_tables(&round.json), tables, "round {}", r + 1);
        assert_eq!(round.json["draw"]["method"], "planned");
        assert_eq!(round.json["draw"]["seed"], "Herbst");
        assert_eq!(round.json["draw"]["quality"]["repeat_pairs"], 0);
    }
    let plan = call_json(&service, "GET", &path, Some(&token), None).await;
    assert!(
        plan.json["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["created"] == true)
    );
    let full = put_plan(&service, &token, id, &json!({})).await;
    expect(&full, 409, "nothing left to plan");
    assert_eq!(full.json["code"], "all_rounds_created");
});

backend_test!(late_arrival_is_planned_around_the_rounds_played, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (token, id, _) = setup(&app, &service, 16, 5).await;
    expect(
        &put_plan(&service, &token, id, &json!({})).await,
        200,
        "plan",
    );
    let mut played = Vec::new();
    for _ in 0..2 {
        let round = draw_planned(&service, &token, id).await;
        expect(&round, 201, "planned round");
        played.push(round_tables(&round.json));
    }
    // A 17th player arrives: the plan leaves him out and says so.
    let late = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{id}/players"),
        Some(&token),
        Some(&json!({"name": "Nachzügler"})),
    )
    .await;
    expect(&late, 201, "late arrival");
    let late = late.json["id"].as_i64().unwrap();
    let path = format!("/api/v1/tournaments/{id}/plan");
    let stale = call_json(&service, "GET", &path, Some(&token), None).await;
    assert_eq!(stale.json["missing"], json!([late]));
    let refused = draw_planned(&service, &token, id).await;
    expect(&refused, 409, "outdated plan");
    assert_eq!(refused.json["code"], "plan_outdated");

    // Planning again keeps the rounds played and seats him from round 3 on.
    let replanned = put_plan(&service, &token, id, &json!({"seed": "zwei"})).await;
    expect(&replanned, 200, "plan again");
    assert_eq!(replanned.json["rounds"][0]["number"], 3);
    assert_eq!(replanned.json["missing"], json!([]));
    let rest = plan_rounds(&replanned.json);
    assert_eq!(rest.len(), 3);
    for round in &rest {
        assert_eq!(round.concat().len(), 17);
        assert!(round.concat().contains(&late));
        let mut sizes: Vec<usize> = round.iter().map(Vec::len).collect();
        sizes.sort_unstable();
        assert_eq!(sizes, [4, 4, 4, 5]);
    }
    let mut all = played.clone();
    all.extend(rest.iter().cloned());
    assert_eq!(
        replanned.json["quality"]["repeat_pairs"].as_u64().unwrap(),
        repeats(&all)
    );
    let round = draw_planned(&service, &token, id).await;
    expect(&round, 201, "round 3 from the new plan");
    assert_eq!(round_tables(&round.json), rest[0]);
    assert_eq!(round.json["draw"]["seed"], "zwei");
});

backend_test!(plan_requests_that_are_refused, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (token, id, _) = setup(&app, &service, 11, 3).await;
    let path = format!("/api/v1/tournaments/{id}/plan");
    // 11 players cannot be seated.
    let eleven = put_plan(&service, &token, id, &json!({})).await;
    expect(&eleven, 422, "11 players");
    assert_eq!(eleven.fields(), ["players"]);
    assert!(eleven.text.contains("12"), "{}", eleven.text);
    let long = put_plan(&service, &token, id, &json!({"seed": "x".repeat(201)})).await;
    expect(&long, 422, "long seed");
    assert_eq!(long.fields(), ["seed"]);
    let unknown = put_plan(&service, &token, id, &json!({"rounds": 3})).await;
    expect(&unknown, 422, "unknown field");
    // No plan yet.
    expect(
        &call_json(&service, "GET", &path, Some(&token), None).await,
        404,
        "no plan",
    );
    let none = draw_planned(&service, &token, id).await;
    expect(&none, 409, "no plan to draw from");
    assert_eq!(none.json["code"], "no_plan");
    let seeded = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{id}/rounds"),
        Some(&token),
        Some(&json!({"draw": {"method": "planned", "seed": "mine"}})),
    )
    .await;
    expect(&seeded, 422, "planned with a seed");
    assert_eq!(seeded.fields(), ["draw.seed"]);
    // Another organiser neither plans nor reads it; nor does a stranger without a token.
    let other = organizer(&app, &service, "other@example.org").await;
    expect(
        &put_plan(&service, &other, id, &json!({})).await,
        404,
        "other organiser",
    );
    expect(
        &put_plan(&service, "", id, &json!({})).await,
        401,
        "no token",
    );
    // A captain of this tournament may not plan, change seats or delete rounds.
    players(&service, &token, id, 5).await;
    let r = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{id}/rounds"),
        Some(&token),
        Some(&json!({"draw": {"method": "random"}})),
    )
    .await;
    expect(&r, 201, "round");
    let round_id = r.json["id"].as_i64().unwrap();
    let table = r.json["tables"][0]["id"].as_i64().unwrap();
    let captain = crate::fixtures::captain(&service, &token, table).await;
    expect(
        &put_plan(&service, &captain, id, &json!({})).await,
        403,
        "captain plans",
    );
    let swap = json!({"changes": [{"remove": {"player": 1}}], "dry_run": true});
    expect(
        &reseat(&service, &captain, round_id, &swap, None).await,
        403,
        "captain reseats",
    );
    let delete = format!("/api/v1/rounds/{round_id}");
    expect(
        &call_json(&service, "DELETE", &delete, Some(&captain), None).await,
        403,
        "captain deletes",
    );
    expect(
        &call_json(&service, "DELETE", &delete, None, None).await,
        401,
        "anonymous deletes",
    );
    expect(
        &call_json(&service, "DELETE", &delete, Some(&token), None).await,
        204,
        "owner deletes",
    );
    // Sixteen players: the plan is made, then dropped.
    players(&service, &token, id, 1).await;
    expect(
        &put_plan(&service, &token, id, &json!({})).await,
        200,
        "plan",
    );
    let dropped = call_json(&service, "DELETE", &path, Some(&token), None).await;
    expect(&dropped, 204, "drop plan");
    expect(
        &call_json(&service, "GET", &path, Some(&token), None).await,
        404,
        "dropped",
    );
    expect(
        &call_json(&service, "DELETE", &path, Some(&token), None).await,
        404,
        "twice",
    );
});

async fn reseat<S: App>(
    service: &S,
    token: &str,
    round: i64,
    body: &Value,
    key: Option<&str>,
) -> crate::fixtures::Reply {
    let headers: Vec<(&str, &str)> = key.map(|k| ("Idempotency-Key", k)).into_iter().collect();
    send(
        service,
        req(
            "POST",
            &format!("/api/v1/rounds/{round}/seating"),
            Some(token),
            Some(body),
            &headers,
        ),
    )
    .await
}

async fn rounds<S: App>(service: &S, token: &str, id: i64) -> Vec<Value> {
    let list = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{id}/rounds"),
        Some(token),
        None,
    )
    .await;
    expect(&list, 200, "rounds");
    list.json.as_array().unwrap().clone()
}

backend_test!(swap_shows_the_quality_change_and_happens_once, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (token, id, _) = setup(&app, &service, 16, 5).await;
    expect(
        &put_plan(&service, &token, id, &json!({"seed": "tausch"})).await,
        200,
        "plan",
    );
    let first = draw_planned(&service, &token, id).await;
    let second = draw_planned(&service, &token, id).await;
    expect(&second, 201, "round 2");
    let round1 = round_tables(&first.json);
    let round2 = round_tables(&second.json);
    let round2_id = second.json["id"].as_i64().unwrap();
    // Swap the first player of table 1 with the second of table 2: he now meets players of
    // table 2, some of whom he met in round 1.
    let (a, b) = (round2[0][0], round2[1][1]);
    let mut swapped = round2.clone();
    swapped[0][0] = b;
    swapped[1][1] = a;
    let expected_after = repeats(&[round1.clone(), swapped.clone()]);
    assert!(expected_after > 0, "the swap must cost something");

    let body = json!({"changes": [{"swap": {"players": [a, b]}}], "dry_run": true});
    let preview = reseat(&service, &token, round2_id, &body, None).await;
    expect(&preview, 200, "dry run");
    assert_eq!(preview.json["applied"], false);
    assert_eq!(preview.json["quality_before"]["repeat_pairs"], 0);
    assert_eq!(
        preview.json["quality_after"]["repeat_pairs"]
            .as_u64()
            .unwrap(),
        expected_after
    );
    assert_eq!(round_tables(&preview.json["round"]), swapped);
    assert_eq!(
        round_tables(&rounds(&service, &token, id).await[1]),
        round2,
        "dry run stores nothing"
    );

    // Applied with a key, sent twice: swapped once, same answer.
    let body = json!({"changes": [{"swap": {"players": [a, b]}}]});
    let applied = reseat(&service, &token, round2_id, &body, Some("swap-1")).await;
    expect(&applied, 200, "swap");
    assert_eq!(applied.json["applied"], true);
    let retried = reseat(&service, &token, round2_id, &body, Some("swap-1")).await;
    expect(&retried, 200, "retry");
    assert_eq!(retried.json, applied.json);
    assert_eq!(
        round_tables(&rounds(&service, &token, id).await[1]),
        swapped
    );

    // The plan's view of the tournament counts the round as it now is.
    let plan = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}/plan"),
        Some(&token),
        None,
    )
    .await;
    assert!(plan.json["quality"]["repeat_pairs"].as_u64().unwrap() >= expected_after);

    // The audit log has it.
    let audit = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}/audit"),
        Some(&token),
        None,
    )
    .await;
    let reseats = audit
        .json
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "round.reseat")
        .count();
    assert_eq!(reseats, 1);
});

backend_test!(withdrawal_and_late_arrival_before_a_round_starts, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (token, id, players) = setup(&app, &service, 17, 3).await;
    let drawn = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{id}/rounds"),
        Some(&token),
        Some(&json!({"draw": {"method": "random", "seed": "w"}})),
    )
    .await;
    expect(&drawn, 201, "draw");
    let round_id = drawn.json["id"].as_i64().unwrap();
    let tables = round_tables(&drawn.json);
    assert_eq!(tables[3].len(), 5);
    assert_eq!(drawn.json["tables"][3]["planned_deals"], 30);
    // A player at table 1 withdraws.
    let gone = tables[0][2];
    let patch = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/players/{gone}"),
        Some(&token),
        Some(&json!({"withdrawn": true})),
    )
    .await;
    expect(&patch, 200, "withdraw");
    // Taking him out alone leaves a table of three.
    let alone = reseat(
        &service,
        &token,
        round_id,
        &json!({"changes": [{"remove": {"player": gone}}]}),
        None,
    )
    .await;
    expect(&alone, 422, "table of three");
    assert_eq!(alone.json["errors"][0]["code"], "wrong_table_size");
    assert_eq!(alone.fields(), ["changes"]);
    // Mended in one request: the last player of the 5-table takes his seat.
    let mover = tables[3][4];
    let body = json!({"changes": [
        {"remove": {"player": gone}},
        {"move": {"player": mover, "table": 1, "seat": 3}},
    ]});
    let mended = reseat(&service, &token, round_id, &body, None).await;
    expect(&mended, 200, "withdrawal mended");
    let after = round_tables(&mended.json["round"]);
    assert_eq!(after[0], [tables[0][0], tables[0][1], mover, tables[0][3]]);
    assert_eq!(after[3], tables[3][..4]);
    assert_eq!(
        mended.json["round"]["tables"][3]["planned_deals"], 24,
        "now a 4-table"
    );
    let listed = &rounds(&service, &token, id).await[0];
    assert_eq!(listed["tables"][3]["planned_deals"], 24);
    assert_eq!(round_tables(listed), after);

    // A late arrival joins table 2, which becomes a 5-table.
    let late = crate::fixtures::players(&service, &token, id, 1).await[0];
    let body = json!({"changes": [{"move": {"player": late, "table": 2}}]});
    let joined = reseat(&service, &token, round_id, &body, None).await;
    expect(&joined, 200, "late arrival");
    assert_eq!(round_tables(&joined.json["round"])[1].last(), Some(&late));
    assert_eq!(joined.json["round"]["tables"][1]["planned_deals"], 30);

    // Refusals name the change and change nothing.
    for (body, field, code) in [
        (
            json!({"changes": [{"swap": {"players": [players[0], players[0]]}}]}),
            "changes[0].players",
            "invalid_value",
        ),
        (
            json!({"changes": [{"remove": {"player": 999_999}}]}),
            "changes[0].player",
            "unknown_player",
        ),
        (
            json!({"changes": [{"move": {"player": gone, "table": 1}}]}),
            "changes[0].player",
            "withdrawn",
        ),
        (
            json!({"changes": [{"move": {"player": players[0], "table": 9}}]}),
            "changes[0].table",
            "unknown_table",
        ),
        (
            json!({"changes": [{"move": {"player": players[0], "table": 0}}]}),
            "changes[0].table",
            "out_of_range",
        ),
        (
            json!({"changes": [{"move": {"player": players[0], "table": 2, "seat": 9}}]}),
            "changes[0].seat",
            "unknown_seat",
        ),
        (json!({"changes": []}), "changes", "required"),
        (
            json!({"changes": [{"move": {"player": players[0], "table": i32::MIN}}]}),
            "changes[0].table",
            "out_of_range",
        ),
        (
            json!({"changes": [{"move": {"player": players[0], "table": 1, "seat": i32::MIN}}]}),
            "changes[0].seat",
            "out_of_range",
        ),
    ] {
        let refused = reseat(&service, &token, round_id, &body, None).await;
        expect(&refused, 422, &body.to_string());
        assert_eq!(refused.fields(), [field], "{body}");
        assert_eq!(refused.json["errors"][0]["code"], code, "{body}");
    }
    assert_eq!(
        round_tables(&rounds(&service, &token, id).await[0]),
        round_tables(&joined.json["round"])
    );

    // Once a deal is entered the seats are fixed, and the round can no longer be deleted.
    let table = joined.json["round"]["tables"][0]["id"].as_i64().unwrap();
    let deal = call_json(
        &service,
        "POST",
        &format!("/api/v1/tables/{table}/deals"),
        Some(&token),
        Some(&normal([1, 2])),
    )
    .await;
    expect(&deal, 201, "deal");
    let body = json!({"changes": [{"swap": {"players": [after[0][0], after[1][0]]}}]});
    let started = reseat(&service, &token, round_id, &body, None).await;
    expect(&started, 409, "started");
    assert_eq!(started.json["code"], "round_started");
    let delete = call_json(
        &service,
        "DELETE",
        &format!("/api/v1/rounds/{round_id}"),
        Some(&token),
        None,
    )
    .await;
    expect(&delete, 409, "delete a started round");
});

backend_test!(last_round_deleted_before_it_starts_and_drawn_again, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (token, id, _) = setup(&app, &service, 8, 3).await;
    let draw = json!({"draw": {"method": "random", "seed": "eins"}, "early": true});
    let path = format!("/api/v1/tournaments/{id}/rounds");
    let first = call_json(&service, "POST", &path, Some(&token), Some(&draw)).await;
    let second = call_json(&service, "POST", &path, Some(&token), Some(&draw)).await;
    expect(&second, 201, "round 2");
    let first_id = first.json["id"].as_i64().unwrap();
    let second_id = second.json["id"].as_i64().unwrap();
    let table = second.json["tables"][0]["id"].as_i64().unwrap();
    let code = call_json(
        &service,
        "POST",
        &format!("/api/v1/tables/{table}/join-code"),
        Some(&token),
        None,
    )
    .await;
    expect(&code, 201, "join code");
    let not_last = call_json(
        &service,
        "DELETE",
        &format!("/api/v1/rounds/{first_id}"),
        Some(&token),
        None,
    )
    .await;
    expect(&not_last, 409, "not the last round");
    assert_eq!(not_last.json["code"], "not_last_round");
    let other = organizer(&app, &service, "fremd@example.org").await;
    expect(
        &call_json(
            &service,
            "DELETE",
            &format!("/api/v1/rounds/{second_id}"),
            Some(&other),
            None,
        )
        .await,
        404,
        "other organiser",
    );
    let deleted = call_json(
        &service,
        "DELETE",
        &format!("/api/v1/rounds/{second_id}"),
        Some(&token),
        None,
    )
    .await;
    expect(&deleted, 204, "delete");
    assert_eq!(rounds(&service, &token, id).await.len(), 1);
    // The join code went with it.
    let captain = call_json(
        &service,
        "POST",
        "/api/v1/auth/captain",
        None,
        Some(&json!({"code": code.json["code"]})),
    )
    .await;
    assert!(captain.status.is_client_error(), "{}", captain.text);
    let again = call_json(
        &service,
        "POST",
        &path,
        Some(&token),
        Some(&json!({"draw": {"method": "avoid_repeats", "seed": "zwei"}, "early": true})),
    )
    .await;
    expect(&again, 201, "round 2 drawn again");
    assert_eq!(again.json["number"], 2);
});
