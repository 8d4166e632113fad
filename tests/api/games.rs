//! The game a tournament plays: Doppelkopf by the TSR (the default) or with house rules,
//! chosen by name or in full, checked field by field, fixed once a round is drawn, kept in
//! the results document. Both backends.

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{call_json, expect, organizer, players, round, tournament};

/// The `game` of a tournament played by the DDV's rules.
pub fn ddv_game() -> Value {
    json!({"kind": "doppelkopf", "rules": {
        "announcements": "adding", "second_heart_ten": "off", "schweinchen": "off",
        "karlchen": "ddv", "armut": false, "five_nines": false, "bock_rounds": false,
        "without_nines": false, "solos_on_top": false, "solo_multiplier": 3}})
}

/// House rules with every switch away from the TSR.
fn house_game() -> Value {
    json!({"kind": "doppelkopf", "rules": {
        "announcements": "doubling", "second_heart_ten": "last_trick",
        "schweinchen": "announced", "karlchen": "second_beats_first", "armut": true,
        "five_nines": true, "bock_rounds": true, "without_nines": true, "solos_on_top": true,
        "solo_multiplier": 1}})
}

fn base(extra: Value) -> Value {
    let mut body = json!({"name": "Hausturnier", "date": "2026-12-05"});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

/// `(field, code)` of every field error of a problem.
fn faults(reply: &crate::fixtures::Reply) -> Vec<(String, String)> {
    reply.json["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["field"].as_str().unwrap().to_owned(),
                e["code"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

backend_test!(a_tournament_plays_the_game_it_was_created_with, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let read = |id: i64| {
        let (service, org) = (&service, org.clone());
        async move {
            let got = call_json(service, "GET", &format!("/api/v1/tournaments/{id}"), Some(&org), None).await;
            expect(&got, 200, "read");
            got.json
        }
    };

    // Nothing said: the TSR, as before games existed.
    let ddv = tournament(&service, &org, &base(json!({}))).await;
    assert_eq!(read(ddv).await["ruleset"], "ddv");
    assert_eq!(read(ddv).await["game"], ddv_game());

    // House rules in full; only the switches given move, the rest stay the TSR's.
    let house = tournament(&service, &org, &base(json!({"game": house_game()}))).await;
    assert_eq!(read(house).await["ruleset"], "house");
    assert_eq!(read(house).await["game"], house_game());
    let one = tournament(
        &service,
        &org,
        &base(json!({"ruleset": "house", "game": {"kind": "doppelkopf", "rules": {"announcements": "doubling"}}})),
    )
    .await;
    let mut expected = ddv_game();
    expected["rules"]["announcements"] = json!("doubling");
    assert_eq!(read(one).await["game"], expected);
    // The TSR spelt out in full is the TSR.
    let spelt = tournament(&service, &org, &base(json!({"game": ddv_game()}))).await;
    assert_eq!(read(spelt).await["ruleset"], "ddv");

    // Refusals name the field and change nothing.
    let before = call_json(&service, "GET", "/api/v1/tournaments", Some(&org), None).await;
    for (body, want) in [
        (json!({"ruleset": "skat"}), vec![("ruleset", "unknown_value")]),
        (json!({"ruleset": "house"}), vec![("game", "required")]),
        (json!({"ruleset": "ddv", "game": house_game()}), vec![("ruleset", "contradicts_game")]),
        (
            json!({"game": {"kind": "doppelkopf", "rules": {"solo_multiplier": 0}}}),
            vec![("game.rules.solo_multiplier", "out_of_range")],
        ),
        (json!({"ruleset": "doppeldoppel"}), vec![("game", "not_playable")]),
        (
            json!({"game": {"kind": "doublehead_kids", "golden_coins": 5}}),
            vec![("game", "not_playable")],
        ),
    ] {
        let refused = call_json(&service, "POST", "/api/v1/tournaments", Some(&org), Some(&base(body.clone()))).await;
        expect(&refused, 422, &body.to_string());
        let want: Vec<(String, String)> = want.iter().map(|(f, c)| ((*f).to_owned(), (*c).to_owned())).collect();
        assert_eq!(faults(&refused), want, "{body}");
    }
    // A switch that does not exist is refused as the body's fault, naming the game.
    let unknown = call_json(
        &service,
        "POST",
        "/api/v1/tournaments",
        Some(&org),
        Some(&base(json!({"game": {"kind": "doppelkopf", "rules": {"nines": true}}}))),
    )
    .await;
    expect(&unknown, 422, "an unknown switch");
    assert_eq!(faults(&unknown), [("game".to_owned(), "unknown_field".to_owned())]);
    let after = call_json(&service, "GET", "/api/v1/tournaments", Some(&org), None).await;
    assert_eq!(before.json, after.json, "a refusal creates nothing");

    // The game changes freely until a round is drawn, then not at all.
    let patch = |body: Value| {
        let (service, org) = (&service, org.clone());
        async move {
            call_json(service, "PATCH", &format!("/api/v1/tournaments/{ddv}"), Some(&org), Some(&body)).await
        }
    };
    let changed = patch(json!({"game": house_game()})).await;
    expect(&changed, 200, "house rules before the draw");
    assert_eq!(changed.json["game"], house_game());
    let back = patch(json!({"ruleset": "ddv"})).await;
    expect(&back, 200, "back to the TSR");
    assert_eq!(back.json["game"], ddv_game());
    players(&service, &org, ddv, 4).await;
    round(&service, &org, ddv, &json!([[1, 2, 3, 4]])).await;
    let late = patch(json!({"game": house_game()})).await;
    expect(&late, 422, "after the draw");
    assert_eq!(late.json["code"], "settings_contradict_play");
    assert_eq!(faults(&late), [("game".to_owned(), "rounds_exist".to_owned())]);
    // The same game again is no change, and allowed.
    expect(&patch(json!({"ruleset": "ddv", "name": "Neu"})).await, 200, "same game");
    assert_eq!(read(ddv).await["game"], ddv_game());

    // The results document carries the game; a DDV tournament's reads as before.
    let doc = |id: i64| {
        let (service, org) = (&service, org.clone());
        async move {
            let got = call_json(service, "GET", &format!("/api/v1/tournaments/{id}/results"), Some(&org), None).await;
            expect(&got, 200, "export");
            got.json
        }
    };
    let house_doc = doc(house).await;
    assert_eq!(house_doc["tournament"]["ruleset"], "house");
    assert_eq!(house_doc["tournament"]["game"], house_game());
    assert!(doc(ddv).await["tournament"].get("game").is_none());
    let imported = call_json(&service, "POST", "/api/v1/results", Some(&org), Some(&house_doc)).await;
    expect(&imported, 201, "import");
    let id = imported.json["id"].as_i64().unwrap();
    assert_eq!(read(id).await["game"], house_game());
});
