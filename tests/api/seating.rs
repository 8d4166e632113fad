//! `POST /api/v1/seating/plan` over HTTP: the domain's plan, its invariants and its errors.

use actix_web::http::StatusCode;
use serde_json::{Value, json};
use service_tests::{TestApp, call, post};

async fn plan(body: &Value) -> service_tests::Answer {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    call(&service, post("/api/v1/seating/plan", body)).await
}

#[actix_web::test]
async fn quality_says_how_far_above_the_lower_bound() {
    // 16 × 5 reaches the bound (0). 20 × 6 has a counting bound of 0, but neither our search
    // nor a published construction (five rounds of a 5 × 5 grid's parallel classes with
    // five points deleted) gets below 6 repeated encounters.
    for (players, rounds, at_bound) in [(16, 5, true), (20, 6, false)] {
        let body = json!({"players": players, "rounds": rounds, "seed": "Grenze"});
        let answer = plan(&body).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
        let quality = &answer.json["quality"];
        let (repeats, bound, above) = (
            quality["repeat_pairs"].as_u64().unwrap(),
            quality["lower_bound"].as_u64().unwrap(),
            quality["above_bound"].as_u64().unwrap(),
        );
        assert_eq!(above, repeats - bound, "{players} × {rounds}: {quality}");
        assert_eq!(above == 0, at_bound, "{players} × {rounds}: {quality}");
    }
}

#[actix_web::test]
async fn sixteen_players_meet_everyone_once_in_five_rounds() {
    let body = json!({"players": 16, "rounds": 5, "seed": "Karlchen-Cup"});
    let answer = plan(&body).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json["quality"]["repeat_pairs"], 0);
    assert_eq!(answer.json["quality"]["lower_bound"], 0);
    let rounds = answer.json["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 5);
    let mut met = std::collections::HashSet::new();
    for round in rounds {
        let mut seated: Vec<u64> = round
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|t| t.as_array().unwrap().iter().map(|p| p.as_u64().unwrap()))
            .collect();
        for table in round.as_array().unwrap() {
            let players: Vec<u64> = table
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_u64().unwrap())
                .collect();
            assert_eq!(players.len(), 4);
            for (i, a) in players.iter().enumerate() {
                for b in &players[i + 1..] {
                    assert!(met.insert((*a.min(b), *a.max(b))), "{a} and {b} meet twice");
                }
            }
        }
        seated.sort_unstable();
        assert_eq!(
            seated,
            (0..16).collect::<Vec<_>>(),
            "everyone once per round"
        );
    }
    assert_eq!(met.len(), 16 * 15 / 2, "every pair met exactly once");
    // The same request gives the same plan; another seed another one.
    assert_eq!(plan(&body).await.json, answer.json);
    let other = plan(&json!({"players": 16, "rounds": 5, "seed": "another"})).await;
    assert_ne!(other.json["rounds"], answer.json["rounds"]);
}

#[actix_web::test]
async fn fields_that_cannot_be_seated_say_what_would_work() {
    for (players, hint) in [(6, "5 or 8"), (7, "5 or 8"), (11, "10 or 12")] {
        let answer = plan(&json!({"players": players, "rounds": 3, "seed": "x"})).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{players}");
        assert_eq!(answer.json["errors"][0]["field"], "players");
        assert_eq!(answer.json["errors"][0]["code"], "unsplittable");
        let message = answer.json["errors"][0]["message"].as_str().unwrap();
        assert!(message.contains(hint), "{players}: {message}");
    }
    let answer =
        plan(&json!({"players": 20, "rounds": 3, "seed": "x", "keep_apart": [[1, 99]]})).await;
    assert_eq!(answer.json["errors"][0]["field"], "keep_apart");
    let answer = plan(&json!({"players": 2000, "rounds": 3, "seed": "x"})).await;
    assert_eq!(answer.json["errors"][0]["code"], "out_of_range");
    let answer = plan(&json!({"players": 20, "rounds": 0, "seed": "x"})).await;
    assert_eq!(answer.json["errors"][0]["field"], "rounds");
}

#[actix_web::test]
async fn keep_apart_groups_are_honoured_when_possible() {
    let answer = plan(&json!({"players": 20, "rounds": 5, "seed": "club",
        "keep_apart": [[0, 1, 2], [3, 4]]}))
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json["quality"]["keep_apart_violations"], 0);
    assert_eq!(answer.json["quality"]["repeat_pairs"], 0);
}
