//! `POST /api/v1/replay`: random legal deals replay and score exactly as `/score` scores
//! their facts; broken deals are a 422 naming the event and the rule.

use actix_web::http::StatusCode;
use domain::replay::Event;
use domain::simulate::random_deal;
use serde_json::{Value, json};
use service_tests::{TestApp, call, post};

fn body(seed: u64) -> Value {
    let deal = random_deal(seed);
    json!({
        "contract": deal.contract.as_str(),
        "declarer": deal.declarer,
        "dealer": deal.dealer,
        "compulsory": deal.compulsory,
        "events": deal.events.iter().map(ToString::to_string).collect::<Vec<_>>(),
    })
}

#[actix_web::test]
async fn random_legal_deals_replay_and_score_like_their_facts() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let mut contracts = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let answer = call(&service, post("/api/v1/replay", &body(seed))).await;
        assert_eq!(
            answer.status,
            StatusCode::OK,
            "seed {seed}: {}",
            answer.text
        );
        let tricks = answer.json["tricks"].as_array().unwrap();
        assert_eq!(tricks.len(), 12);
        let points: u64 = tricks.iter().map(|t| t["points"].as_u64().unwrap()).sum();
        assert_eq!(points, 240, "seed {seed}");
        // The derived facts, sent to /score, give the same answer.
        let facts = &answer.json["facts"];
        contracts.insert(facts["contract"].as_str().unwrap().to_owned());
        let scored = call(&service, post("/api/v1/score", facts)).await;
        assert_eq!(
            scored.status,
            StatusCode::OK,
            "seed {seed}: {}",
            scored.text
        );
        for key in ["winner", "value", "scores", "items"] {
            assert_eq!(scored.json[key], answer.json[key], "seed {seed} {key}");
        }
    }
    assert!(
        contracts.len() >= 4,
        "the seeds cover several contracts: {contracts:?}"
    );
}

/// A deal whose events are plays only (no calls), for editing into broken ones.
fn silent_seed() -> (u64, Value) {
    (0..1000)
        .map(|seed| (seed, body(seed)))
        .find(|(seed, b)| {
            b["contract"] == "normal"
                && random_deal(*seed)
                    .events
                    .iter()
                    .all(|e| matches!(e, Event::Play { .. }))
        })
        .expect("some seed plays a silent normal game")
}

async fn rejected(body: &Value) -> (String, String, String) {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let answer = call(&service, post("/api/v1/replay", body)).await;
    assert_eq!(
        answer.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        answer.text
    );
    assert_eq!(answer.content_type, "application/problem+json");
    let error = &answer.json["errors"][0];
    (
        answer.json["code"].as_str().unwrap().to_owned(),
        error["field"].as_str().unwrap().to_owned(),
        error["code"].as_str().unwrap().to_owned(),
    )
}

#[actix_web::test]
async fn a_card_out_of_turn_names_the_event() {
    let (_, mut deal) = silent_seed();
    let events = deal["events"].as_array_mut().unwrap();
    events.swap(0, 1);
    assert_eq!(
        rejected(&deal).await,
        (
            "illegal_deal".into(),
            "events[0]".into(),
            "wrong_turn".into()
        )
    );
}

#[actix_web::test]
async fn a_late_call_names_the_event() {
    let (seed, mut deal) = silent_seed();
    let re_seat = {
        let app = TestApp::sqlite().await;
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let answer = call(&service, post("/api/v1/replay", &deal)).await;
        assert_eq!(answer.status, StatusCode::OK, "seed {seed}");
        answer.json["facts"]["re"][0].as_u64().unwrap()
    };
    // Before the 41st card the Re player holds at most three cards: far too late for "re".
    deal["events"]
        .as_array_mut()
        .unwrap()
        .insert(40, json!(format!("{re_seat}:re")));
    assert_eq!(
        rejected(&deal).await,
        (
            "illegal_deal".into(),
            "events[40]".into(),
            "call_too_late".into()
        )
    );
}

#[actix_web::test]
async fn request_level_problems_name_their_field() {
    let (_, deal) = silent_seed();
    let mut wedding = deal.clone();
    wedding["contract"] = json!("wedding");
    assert_eq!(rejected(&wedding).await.1, "declarer");

    let mut missing = deal.clone();
    missing["events"].as_array_mut().unwrap().pop();
    let (code, field, rule) = rejected(&missing).await;
    assert_eq!(
        (code.as_str(), field.as_str(), rule.as_str()),
        ("illegal_deal", "events", "wrong_card_count")
    );

    let mut extra = deal.clone();
    extra["events"].as_array_mut().unwrap().push(json!("0:re"));
    assert_eq!(rejected(&extra).await.2, "after_last_card");

    let mut garbage = deal.clone();
    garbage["events"][5] = json!("9:XX");
    assert_eq!(
        rejected(&garbage).await,
        (
            "invalid_body".into(),
            "events[5]".into(),
            "invalid_event".into()
        )
    );

    let mut declared = deal;
    declared["contract"] = json!("silent_wedding");
    assert_eq!(rejected(&declared).await.1, "contract");
}

/// Wikipedia's forced announcement through the API: a deal whose first trick brought its
/// winner 30 or more card points is refused under the switch (naming the rule) unless
/// his party said its Ansage, and stands by the TSR.
#[actix_web::test]
async fn the_forced_announcement_is_checked_where_the_rules_have_it() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let mut refused = 0;
    for seed in 0..40 {
        let mut deal = body(seed);
        let tsr = call(&service, post("/api/v1/replay", &deal)).await;
        assert_eq!(tsr.status, StatusCode::OK, "seed {seed}: {}", tsr.text);
        let facts = &tsr.json["facts"];
        if facts["contract"].as_str().unwrap().starts_with("wedding") {
            continue;
        }
        let first = &tsr.json["tricks"][0];
        if first["points"].as_u64().unwrap() < 30 {
            continue;
        }
        let winner = first["winner"].as_u64().unwrap();
        let re = facts["re"].as_array().unwrap();
        let party = if re.contains(&json!(winner)) {
            "re"
        } else {
            "kontra"
        };
        let said = facts["announcements"][party] != "none";
        deal["rules"] = json!({"forced_announcement": true});
        let forced = call(&service, post("/api/v1/replay", &deal)).await;
        if said {
            assert_eq!(
                forced.status,
                StatusCode::OK,
                "seed {seed}: {}",
                forced.text
            );
        } else {
            assert_eq!(
                forced.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "seed {seed}: {}",
                forced.text
            );
            assert_eq!(forced.json["code"], "illegal_deal");
            assert_eq!(forced.json["errors"][0]["field"], "events");
            assert_eq!(forced.json["errors"][0]["code"], "forced_call_missing");
            refused += 1;
        }
    }
    assert!(
        refused > 0,
        "some seed has a forced player who never called"
    );
}
