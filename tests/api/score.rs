//! `POST /api/v1/score`: the worked deals over HTTP, and every kind of impossible input.

use actix_web::http::StatusCode;
use serde_json::{Value, json};
use service_tests::{TestApp, call, post};

const EXAMPLES: &str = include_str!("../../domain/tests/data/examples.json");

#[actix_web::test]
async fn every_worked_deal_scores_over_http() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let examples: Value = serde_json::from_str(EXAMPLES).unwrap();
    let cases = examples["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 29);
    for case in cases {
        let answer = call(&service, post("/api/v1/score", &case["input"])).await;
        assert_eq!(
            answer.status,
            StatusCode::OK,
            "{}: {}",
            case["id"],
            answer.text
        );
        assert_eq!(
            answer.json["winner"], case["expected"]["winner"],
            "{}",
            case["id"]
        );
        assert_eq!(
            answer.json["scores"], case["expected"]["scores"],
            "{}",
            case["id"]
        );
    }
}

#[actix_web::test]
async fn the_answer_explains_every_point() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    // The example: Re says keine 90 and fails with 145; Re's extras are netted.
    let body = json!({"table_size": 4, "contract": "normal", "re": [0, 2], "re_points": 145, "re_tricks": 8,
        "announcements": {"re": "no90", "kontra": "none"},
        "extras": {"re": {"doppelkopf": 1, "fox": 1, "karlchen": 0},
                   "kontra": {"doppelkopf": 0, "fox": 0, "karlchen": 0}}});
    let answer = call(&service, post("/api/v1/score", &body)).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(
        answer.json,
        json!({
            "winner": "kontra",
            "value": 3,
            "scores": [-3, 3, -3, 3],
            "items": [
                {"code": "won", "party": "kontra", "points": 1},
                {"code": "re_announced", "party": "kontra", "points": 2},
                {"code": "re_no90", "party": "kontra", "points": 1},
                {"code": "gegen_die_alten", "party": "kontra", "points": 1},
                {"code": "doppelkopf", "party": "re", "points": 1},
                {"code": "fox", "party": "re", "points": 1}
            ]
        })
    );
}

#[actix_web::test]
async fn minimal_bodies_use_the_defaults() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let body = json!({"contract": "solo_hearts", "re": [2], "re_points": 121, "re_tricks": 6});
    let answer = call(&service, post("/api/v1/score", &body)).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json["scores"], json!([-1, -1, 3, -1]));
    let five = json!({"table_size": 5, "sitting_out": 4, "contract": "normal", "re": [0, 1],
        "re_points": 60, "re_tricks": 3, "announcements": {"kontra": "kontra"}});
    let answer = call(&service, post("/api/v1/score", &five)).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    // Kontra wins with 180 after "Kontra": 1 + below 90 + Kontra 2 + gegen die Alten.
    assert_eq!(answer.json["scores"], json!([-5, -5, 5, 5, 0]));
}

/// Each impossible input, the field the answer must name and the code it must give.
fn impossible_inputs() -> Vec<(Value, &'static str, &'static str)> {
    let base = json!({"contract": "normal", "re": [0, 2], "re_points": 130, "re_tricks": 7});
    let with = |patch: Value| {
        let mut body = base.clone();
        for (k, v) in patch.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    vec![
        (with(json!({"re_points": 250})), "re_points", "out_of_range"),
        (with(json!({"re_tricks": 13})), "re_tricks", "out_of_range"),
        (
            with(json!({"re_points": 10, "re_tricks": 0})),
            "re_points",
            "points_do_not_fit_tricks",
        ),
        (
            with(json!({"re_points": 200, "re_tricks": 12})),
            "re_points",
            "points_do_not_fit_tricks",
        ),
        (with(json!({"re": [0]})), "re", "wrong_party_size"),
        (
            with(json!({"contract": "solo_queens"})),
            "re",
            "wrong_party_size",
        ),
        (with(json!({"re": [0, 0]})), "re", "duplicate_seat"),
        (with(json!({"re": [0, 4]})), "re", "seat_out_of_range"),
        (with(json!({"re": [0, -1]})), "re[1]", "invalid_value"),
        (with(json!({"table_size": 5})), "sitting_out", "required"),
        (
            with(json!({"table_size": 5, "sitting_out": 2})),
            "sitting_out",
            "sits_out_but_plays",
        ),
        (
            with(json!({"table_size": 5, "sitting_out": 7})),
            "sitting_out",
            "seat_out_of_range",
        ),
        (
            with(json!({"sitting_out": 1})),
            "sitting_out",
            "not_allowed",
        ),
        (with(json!({"table_size": 6})), "table_size", "out_of_range"),
        (
            with(json!({"extras": {"re": {"fox": 2}, "kontra": {"fox": 1}}})),
            "extras",
            "too_many_foxes",
        ),
        (
            with(json!({"extras": {"re": {"karlchen": 1}, "kontra": {"karlchen": 1}}})),
            "extras",
            "too_many_karlchen",
        ),
        (
            with(json!({"extras": {"re": {"doppelkopf": 8}}})),
            "extras.re.doppelkopf",
            "exceeds_tricks",
        ),
        (
            with(json!({"extras": {"kontra": {"doppelkopf": 3}}})),
            "extras.kontra",
            "exceeds_points",
        ),
        (
            with(json!({"re_points": 240, "re_tricks": 12, "extras": {"kontra": {"fox": 1}}})),
            "extras.kontra",
            "without_tricks",
        ),
        (
            with(json!({"contract": "solo_clubs", "re": [1], "extras": {"re": {"fox": 1}}})),
            "extras",
            "extras_in_solo",
        ),
        (
            with(json!({"contract": "poverty"})),
            "contract",
            "unknown_value",
        ),
        // Armut is a house rule (XII): the TSR, which /score plays without `rules`, has none.
        (
            with(json!({"contract": "armut"})),
            "contract",
            "not_in_rules",
        ),
        (
            with(json!({"announcements": {"re": "kontra"}})),
            "announcements.re",
            "unknown_value",
        ),
        (
            with(json!({"announcements": {"kontra": "no45"}})),
            "announcements.kontra",
            "unknown_value",
        ),
        (with(json!({"re_point": 1})), "re_point", "unknown_field"),
        (
            json!({"contract": "normal", "re": [0, 2], "re_tricks": 7}),
            "re_points",
            "required",
        ),
    ]
}

#[actix_web::test]
async fn impossible_input_is_a_422_naming_the_field() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    for (body, field, code) in impossible_inputs() {
        let answer = call(&service, post("/api/v1/score", &body)).await;
        assert_eq!(
            answer.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {}",
            answer.text
        );
        assert_eq!(answer.content_type, "application/problem+json", "{body}");
        assert_eq!(answer.json["status"], 422);
        assert_eq!(
            answer.json["errors"][0]["field"], field,
            "{body}: {}",
            answer.text
        );
        assert_eq!(
            answer.json["errors"][0]["code"], code,
            "{body}: {}",
            answer.text
        );
        assert!(
            !answer.json["errors"][0]["message"]
                .as_str()
                .unwrap()
                .is_empty(),
            "{body}"
        );
    }
}

#[actix_web::test]
async fn text_that_is_not_json_is_a_400() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let req = actix_web::test::TestRequest::post()
        .uri("/api/v1/score")
        .insert_header(("content-type", "application/json"))
        .set_payload("{\"contract\": ")
        .to_request();
    let answer = call(&service, req).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.json["code"], "malformed_body");
    assert_eq!(answer.content_type, "application/problem+json");
}
