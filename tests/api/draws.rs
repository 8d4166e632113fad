//! Rounds drawn by Karlchen: reproducible from the seed, no repeated encounters over a
//! tournament, by standings, and refusals that say what would work.

use actix_web::http::StatusCode;
use serde_json::{Value, json};
use service_tests::{PASSWORD, backend_test, call, request};

/// Logs in, creates a tournament of `rounds` rounds with `players` players (every second
/// one in club "DK Kreuz-Dame"), and returns (token, tournament id, player ids).
async fn setup<S: crate::fixtures::App>(
    service: &S,
    app: &service_tests::TestApp,
    email: &str,
    players: usize,
    rounds: u32,
) -> (String, i64, Vec<i64>) {
    app.add_organizer(email);
    let login = call(
        service,
        request(
            "POST",
            "/api/v1/auth/login",
            None,
            Some(&json!({"email": email, "password": PASSWORD})),
        ),
    )
    .await;
    let token = login.json["token"].as_str().unwrap().to_owned();
    let t = call(
        service,
        request(
            "POST",
            "/api/v1/tournaments",
            Some(&token),
            Some(&json!({"name": "Draw", "date": "2026-12-05", "rounds": rounds})),
        ),
    )
    .await;
    let id = t.json["id"].as_i64().unwrap();
    let mut ids = Vec::new();
    for i in 0..players {
        let club = if i % 2 == 0 {
            json!("DK Kreuz-Dame")
        } else {
            Value::Null
        };
        let p = call(
            service,
            request(
                "POST",
                &format!("/api/v1/tournaments/{id}/players"),
                Some(&token),
                Some(&json!({"name": format!("P{i}"), "club": club})),
            ),
        )
        .await;
        ids.push(p.json["id"].as_i64().unwrap());
    }
    (token, id, ids)
}

fn tables(round: &Value) -> Vec<Vec<i64>> {
    round["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            t["seats"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_i64().unwrap())
                .collect()
        })
        .collect()
}

backend_test!(
    avoid_repeats_keeps_sixteen_players_from_meeting_twice,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let (token, id, ids) = setup(&service, &app, "draw@example.org", 16, 5).await;
        let mut met = std::collections::HashSet::new();
        for r in 0..5 {
            let method = if r == 0 { "random" } else { "avoid_repeats" };
            let round = call(
                &service,
                request(
                    "POST",
                    &format!("/api/v1/tournaments/{id}/rounds"),
                    Some(&token),
                    Some(&json!({"draw": {"method": method, "seed": "cup-2026"}, "early": true})),
                ),
            )
            .await;
            assert_eq!(
                round.status,
                StatusCode::CREATED,
                "round {r}: {}",
                round.text
            );
            assert_eq!(round.json["draw"]["method"], method);
            assert_eq!(round.json["draw"]["seed"], "cup-2026");
            assert_eq!(
                round.json["draw"]["quality"]["repeat_pairs"], 0,
                "round {r}"
            );
            let mut seated: Vec<i64> = tables(&round.json).concat();
            seated.sort_unstable();
            assert_eq!(seated, ids, "everyone plays once per round");
            for table in tables(&round.json) {
                assert_eq!(table.len(), 4);
                for (i, a) in table.iter().enumerate() {
                    for b in &table[i + 1..] {
                        assert!(
                            met.insert((*a.min(b), *a.max(b))),
                            "{a} and {b} meet again in round {r}"
                        );
                    }
                }
            }
        }
        assert_eq!(
            met.len(),
            120,
            "after five rounds everybody has met everybody once"
        );
        // The seed and method are stored and shown with the rounds.
        let listed = call(
            &service,
            request(
                "GET",
                &format!("/api/v1/tournaments/{id}/rounds"),
                Some(&token),
                None,
            ),
        )
        .await;
        assert_eq!(listed.json[4]["draw"]["seed"], "cup-2026");
        assert_eq!(listed.json[4]["draw"]["method"], "avoid_repeats");
    }
);

backend_test!(the_same_seed_draws_the_same_round, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (token_a, a, ids_a) = setup(&service, &app, "a@example.org", 13, 1).await;
    let (token_b, b, ids_b) = setup(&service, &app, "b@example.org", 13, 1).await;
    let draw = json!({"draw": {"method": "random", "seed": "Saal 3"}});
    let first = call(
        &service,
        request(
            "POST",
            &format!("/api/v1/tournaments/{a}/rounds"),
            Some(&token_a),
            Some(&draw),
        ),
    )
    .await;
    let second = call(
        &service,
        request(
            "POST",
            &format!("/api/v1/tournaments/{b}/rounds"),
            Some(&token_b),
            Some(&draw),
        ),
    )
    .await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text);
    // 13 players: two 4-tables and one 5-table.
    let sizes: Vec<usize> = tables(&first.json).iter().map(Vec::len).collect();
    assert_eq!(sizes, vec![4, 4, 5]);
    // The same start numbers sit at the same places in both tournaments.
    let by_start = |tables: Vec<Vec<i64>>, ids: &[i64]| -> Vec<Vec<usize>> {
        tables
            .iter()
            .map(|t| {
                t.iter()
                    .map(|p| ids.iter().position(|x| x == p).unwrap())
                    .collect()
            })
            .collect()
    };
    assert_eq!(
        by_start(tables(&first.json), &ids_a),
        by_start(tables(&second.json), &ids_b)
    );
});

backend_test!(by_standings_puts_the_leaders_at_table_one, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (token, id, _) = setup(&service, &app, "st@example.org", 8, 2).await;
    let first = call(
        &service,
        request(
            "POST",
            &format!("/api/v1/tournaments/{id}/rounds"),
            Some(&token),
            Some(&json!({"draw": {"method": "random"}})),
        ),
    )
    .await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text);
    assert!(
        !first.json["draw"]["seed"].as_str().unwrap().is_empty(),
        "a seed is made and shown"
    );
    // Table 1 plays one deal: seats 0 and 2 win.
    let table = first.json["tables"][0]["id"].as_i64().unwrap();
    let deal = json!({"contract": "normal", "re": [0, 2], "re_points": 130, "re_tricks": 7});
    let entered = call(
        &service,
        request(
            "POST",
            &format!("/api/v1/tables/{table}/deals"),
            Some(&token),
            Some(&deal),
        ),
    )
    .await;
    assert_eq!(entered.status, StatusCode::CREATED, "{}", entered.text);
    let winners = [tables(&first.json)[0][0], tables(&first.json)[0][2]];
    let second = call(
        &service,
        request(
            "POST",
            &format!("/api/v1/tournaments/{id}/rounds"),
            Some(&token),
            Some(&json!({"draw": {"method": "by_standings"}, "early": true})),
        ),
    )
    .await;
    assert_eq!(second.status, StatusCode::CREATED, "{}", second.text);
    let top = &tables(&second.json)[0];
    assert!(
        winners.iter().all(|w| top.contains(w)),
        "{top:?} holds the leaders {winners:?}"
    );
});

backend_test!(draws_that_cannot_be_made_are_refused, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (token, id, ids) = setup(&service, &app, "no@example.org", 7, 2).await;
    let path = format!("/api/v1/tournaments/{id}/rounds");
    let seven = call(
        &service,
        request(
            "POST",
            &path,
            Some(&token),
            Some(&json!({"draw": {"method": "random"}})),
        ),
    )
    .await;
    assert_eq!(seven.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(seven.json["errors"][0]["code"], "unsplittable");
    assert!(
        seven.json["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("5 or 8")
    );
    let both = call(
        &service,
        request(
            "POST",
            &path,
            Some(&token),
            Some(&json!({"tables": [ids[..4].to_vec()], "draw": {"method": "random"}})),
        ),
    )
    .await;
    assert_eq!(both.json["errors"][0]["field"], "draw");
    let unknown = call(
        &service,
        request(
            "POST",
            &path,
            Some(&token),
            Some(&json!({"draw": {"method": "hat"}})),
        ),
    )
    .await;
    assert_eq!(unknown.json["errors"][0]["field"], "draw.method");
    let rounds = call(&service, request("GET", &path, Some(&token), None)).await;
    assert_eq!(rounds.json, json!([]), "nothing was stored");
});
