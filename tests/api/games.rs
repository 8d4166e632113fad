//! The game a tournament plays: Doppelkopf by the TSR (the default) or with house rules,
//! chosen by name or in full, checked field by field, fixed once a round is drawn, kept in
//! the results document. Both backends.

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    Table, call_json, desk, desk_form, desk_get, expect, organizer, players, round, send,
    tournament,
};

/// The `game` of a tournament played by the DDV's rules.
pub fn ddv_game() -> Value {
    json!({"kind": "doppelkopf", "rules": {
        "announcements": "adding", "second_heart_ten": "off", "schweinchen": "off",
        "karlchen": "ddv", "armut": false, "five_nines": false, "five_kings": false,
        "bock_rounds": false,
        "without_nines": false, "solos_on_top": false, "solo_multiplier": 3,
        "queens_need_121": false, "schwarz_by_card_points": false,
        "without_pflichtsolo": false, "failed_absage_all_levels": false,
        "info_call_deadlines": false, "forced_announcement": false,
        "schweinchen_forces_call": false, "half_a_chicken": false,
        "armut_three_cards": false, "wedding_names_trick": false,
        "super_schweinchen": false, "forced_announcement_raises": false,
        "first_fox_piglet": false, "fox_last_trick_two": false, "heart_ten_point": false,
        "armut_alten_by_queens": false}})
}

/// House rules with every switch away from the TSR.
fn house_game() -> Value {
    json!({"kind": "doppelkopf", "rules": {
        "announcements": "doubling", "second_heart_ten": "only_last_trick",
        "schweinchen": "announced", "karlchen": "second_beats_first", "armut": true,
        "five_nines": false, "five_kings": true, "bock_rounds": true, "without_nines": true,
        "solos_on_top": true,
        "solo_multiplier": 1, "queens_need_121": true, "schwarz_by_card_points": true,
        "without_pflichtsolo": true, "failed_absage_all_levels": true,
        "info_call_deadlines": true, "forced_announcement": true,
        "schweinchen_forces_call": true, "half_a_chicken": true,
        "armut_three_cards": true, "wedding_names_trick": true,
        "super_schweinchen": true, "forced_announcement_raises": true,
        // Not with super piglets: the pair is refused.
        "first_fox_piglet": false, "fox_last_trick_two": true, "heart_ten_point": true,
        "armut_alten_by_queens": true}})
}

fn base(extra: Value) -> Value {
    let mut body = json!({"name": "Hausturnier", "date": "2026-12-05"});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

backend_test!(a_tournament_plays_the_game_it_was_created_with, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let read = |id: i64| {
        let (service, org) = (&service, org.clone());
        async move {
            let got = call_json(
                service,
                "GET",
                &format!("/api/v1/tournaments/{id}"),
                Some(&org),
                None,
            )
            .await;
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
    // The second ♥10's old name for "only in the last trick" is still read, as its new one.
    let old_name = tournament(
        &service,
        &org,
        &base(json!({"game": {"kind": "doppelkopf", "rules": {"second_heart_ten": "last_trick"}}})),
    )
    .await;
    assert_eq!(
        read(old_name).await["game"]["rules"]["second_heart_ten"],
        "only_last_trick"
    );
    // The TSR spelt out in full is the TSR.
    let spelt = tournament(&service, &org, &base(json!({"game": ddv_game()}))).await;
    assert_eq!(read(spelt).await["ruleset"], "ddv");
    // The family games, by name or in full.
    let dd = tournament(&service, &org, &base(json!({"ruleset": "doppeldoppel"}))).await;
    assert_eq!(read(dd).await["game"], json!({"kind": "doppeldoppel"}));
    let kids = tournament(
        &service,
        &org,
        &base(json!({"game": {"kind": "doublehead_kids", "golden_coins": 7}})),
    )
    .await;
    assert_eq!(read(kids).await["ruleset"], "doublehead_kids");
    assert_eq!(
        read(kids).await["game"],
        json!({"kind": "doublehead_kids", "golden_coins": 7, "advanced": false,
            "play_on": false})
    );

    // Refusals name the field and change nothing.
    let before = call_json(&service, "GET", "/api/v1/tournaments", Some(&org), None).await;
    for (body, want) in [
        (
            json!({"ruleset": "skat"}),
            vec![("ruleset", "unknown_value")],
        ),
        (json!({"ruleset": "house"}), vec![("game", "required")]),
        (
            json!({"ruleset": "ddv", "game": house_game()}),
            vec![("ruleset", "contradicts_game")],
        ),
        (
            json!({"game": {"kind": "doppelkopf", "rules": {"solo_multiplier": 0}}}),
            vec![("game.rules.solo_multiplier", "out_of_range")],
        ),
        (
            json!({"game": {"kind": "doppelkopf", "rules": {"five_nines": true, "without_nines": true}}}),
            vec![("game.rules.five_nines", "contradicts_without_nines")],
        ),
        (
            json!({"game": {"kind": "doppelkopf", "rules": {"armut_three_cards": true}}}),
            vec![("game.rules.armut_three_cards", "needs_armut")],
        ),
        (
            json!({"game": {"kind": "doppelkopf", "rules": {"armut_alten_by_queens": true}}}),
            vec![("game.rules.armut_alten_by_queens", "needs_armut")],
        ),
        (
            json!({"game": {"kind": "doppelkopf", "rules": {"schweinchen_forces_call": true}}}),
            vec![("game.rules.schweinchen_forces_call", "needs_schweinchen")],
        ),
        (
            json!({"game": {"kind": "doppelkopf", "rules": {"first_fox_piglet": true}}}),
            vec![("game.rules.first_fox_piglet", "needs_schweinchen")],
        ),
        (
            json!({"game": {"kind": "doppelkopf", "rules": {"schweinchen": "announced",
                "super_schweinchen": true, "first_fox_piglet": true}}}),
            vec![(
                "game.rules.first_fox_piglet",
                "contradicts_super_schweinchen",
            )],
        ),
        (
            json!({"game": {"kind": "doppelkopf", "rules": {"forced_announcement_raises": true}}}),
            vec![(
                "game.rules.forced_announcement_raises",
                "needs_forced_announcement",
            )],
        ),
        (
            json!({"game": {"kind": "doublehead_kids", "golden_coins": 0}}),
            vec![("game.golden_coins", "out_of_range")],
        ),
        (
            json!({"game": {"kind": "doppelkopf", "rules": {"failed_absage_all_levels": true}}}),
            vec![("game.rules.failed_absage_all_levels", "needs_doubling")],
        ),
    ] {
        let refused = call_json(
            &service,
            "POST",
            "/api/v1/tournaments",
            Some(&org),
            Some(&base(body.clone())),
        )
        .await;
        expect(&refused, 422, &body.to_string());
        let want: Vec<(String, String)> = want
            .iter()
            .map(|(f, c)| ((*f).to_owned(), (*c).to_owned()))
            .collect();
        assert_eq!(refused.faults(), want, "{body}");
    }
    // A switch that does not exist is refused as the body's fault, naming the game.
    let unknown = call_json(
        &service,
        "POST",
        "/api/v1/tournaments",
        Some(&org),
        Some(&base(
            json!({"game": {"kind": "doppelkopf", "rules": {"nines": true}}}),
        )),
    )
    .await;
    expect(&unknown, 422, "an unknown switch");
    assert_eq!(
        unknown.faults(),
        [("game".to_owned(), "unknown_field".to_owned())]
    );
    let after = call_json(&service, "GET", "/api/v1/tournaments", Some(&org), None).await;
    assert_eq!(before.json, after.json, "a refusal creates nothing");

    // The game changes freely until a round is drawn, then not at all.
    let patch = |body: Value| {
        let (service, org) = (&service, org.clone());
        async move {
            call_json(
                service,
                "PATCH",
                &format!("/api/v1/tournaments/{ddv}"),
                Some(&org),
                Some(&body),
            )
            .await
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
    assert_eq!(
        late.faults(),
        [("game".to_owned(), "rounds_exist".to_owned())]
    );
    // The same game again is no change, and allowed.
    expect(
        &patch(json!({"ruleset": "ddv", "name": "Neu"})).await,
        200,
        "same game",
    );
    assert_eq!(read(ddv).await["game"], ddv_game());

    // The results document carries the game; a DDV tournament's reads as before.
    let doc = |id: i64| {
        let (service, org) = (&service, org.clone());
        async move {
            let got = call_json(
                service,
                "GET",
                &format!("/api/v1/tournaments/{id}/results"),
                Some(&org),
                None,
            )
            .await;
            expect(&got, 200, "export");
            got.json
        }
    };
    let house_doc = doc(house).await;
    assert_eq!(house_doc["tournament"]["ruleset"], "house");
    assert_eq!(house_doc["tournament"]["game"], house_game());
    assert!(doc(ddv).await["tournament"].get("game").is_none());
    let imported = call_json(
        &service,
        "POST",
        "/api/v1/results",
        Some(&org),
        Some(&house_doc),
    )
    .await;
    expect(&imported, 201, "import");
    let id = imported.json["tournament_id"].as_i64().unwrap();
    assert_eq!(read(id).await["game"], house_game());
});

/// Each deal's entries on the sheet, and each deal's factor (1 unless shown).
fn entries(sheet: &Value) -> Vec<(Vec<i64>, u64)> {
    sheet["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let scores = d["scores"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_i64().unwrap())
                .collect();
            (scores, d["factor"].as_u64().unwrap_or(1))
        })
        .collect()
}

backend_test!(a_table_scores_by_its_tournaments_house_rules, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let rules = json!({"announcements": "doubling", "bock_rounds": true, "solo_multiplier": 1});
    let table = Table::of_house_rules(&app, &service, rules).await;
    let sheet = table
        .fill(
            &service,
            &[
                // House rules IX, example 1: Re (seats 1, 2) says Re and keine 90 and holds
                // Kontra to 75: (won 1 + below 90 1 + keine 90 said 1) x 2 = 6.
                crate::fixtures::Step::Enter(json!({"contract": "normal", "re": [1, 2],
                    "re_points": 165, "re_tricks": 9,
                    "announcements": {"re": "no90", "kontra": "none"}})),
                // Example 2: the same calls, Kontra makes 95: the keine 90 fails and Kontra
                // scores (won 1 + against the Queens 1 + below 90 1 + keine 90 said 1) x 2 = 8.
                // A lost Re: the next four deals are a Bock round.
                crate::fixtures::Step::Enter(json!({"contract": "normal", "re": [1, 2],
                    "re_points": 145, "re_tricks": 8,
                    "announcements": {"re": "no90", "kontra": "none"}})),
                // In the Bock round: a plain won normal game counts 1 x 2.
                crate::fixtures::Step::Enter(json!({"contract": "normal", "re": [0, 3],
                    "re_points": 130, "re_tricks": 7})),
                // A won Damensolo with the soloist's factor 1: 1 each, doubled by the Bock.
                crate::fixtures::Step::Enter(json!({"contract": "solo_queens", "re": [2],
                    "re_points": 150, "re_tricks": 8})),
            ],
        )
        .await;
    assert_eq!(
        entries(&sheet),
        [
            (vec![-6, 6, 6, -6], 1),
            (vec![8, -8, -8, 8], 1),
            (vec![2, -2, -2, 2], 2),
            (vec![-2, -2, 2, -2], 2),
        ]
    );
    assert_eq!(sheet["totals"], json!([2, -6, -2, 2]));
});

#[actix_web::test]
async fn the_calculators_take_house_rules() {
    let app = service_tests::TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let deal = |rules: Option<Value>| {
        let mut body = json!({"contract": "normal", "re": [0, 2], "re_points": 145,
            "re_tricks": 8, "announcements": {"re": "no90", "kontra": "none"}});
        if let Some(rules) = rules {
            body["rules"] = rules;
        }
        body
    };
    let scored = |body: Value| {
        let service = &service;
        async move { call_json(service, "POST", "/api/v1/score", None, Some(&body)).await }
    };
    // Example 2 of house rules IX by the TSR (won 1, Re 2, keine 90 said 1, gegen die
    // Alten 1) and with doubling.
    let ddv = scored(deal(None)).await;
    expect(&ddv, 200, "the TSR");
    assert_eq!(ddv.json["winner"], "kontra");
    assert_eq!(ddv.json["value"], 5);
    let doubled = scored(deal(Some(json!({"announcements": "doubling"})))).await;
    expect(&doubled, 200, "doubling");
    assert_eq!(doubled.json["value"], 8);
    assert_eq!(doubled.json["scores"], json!([-8, 8, -8, 8]));
    // Without the nines a deal has ten tricks: eleven are refused, naming the field.
    let mut eleven = deal(Some(json!({"without_nines": true})));
    eleven["re_tricks"] = json!(11);
    eleven["re_points"] = json!(240);
    let refused = scored(eleven).await;
    expect(&refused, 422, "eleven tricks without nines");
    assert_eq!(
        refused.faults(),
        [("re_tricks".to_owned(), "out_of_range".to_owned())]
    );
    let contradicting = scored(deal(Some(
        json!({"five_nines": true, "without_nines": true}),
    )))
    .await;
    expect(&contradicting, 422, "contradicting rules");
    assert_eq!(contradicting.json["code"], "invalid_rules");
    assert_eq!(
        contradicting.faults(),
        [(
            "rules.five_nines".to_owned(),
            "contradicts_without_nines".to_owned()
        )]
    );
    // The replay refuses a house rule's event by the TSR and names the rules it was
    // given back in its facts.
    let replay = |rules: Option<Value>| {
        let service = &service;
        let mut body = json!({"contract": "normal", "dealer": 3, "events": ["0:schweinchen"]});
        if let Some(rules) = rules {
            body["rules"] = rules;
        }
        async move { call_json(service, "POST", "/api/v1/replay", None, Some(&body)).await }
    };
    let refused = replay(None).await;
    expect(&refused, 422, "Schweinchen by the TSR");
    assert!(
        refused.faults()[0].0.starts_with("events"),
        "{}",
        refused.text
    );
    assert_eq!(refused.json["code"], "illegal_deal");
    let bad = replay(Some(json!({"solo_multiplier": 12}))).await;
    expect(&bad, 422, "a factor out of range");
    assert_eq!(
        bad.faults(),
        [(
            "rules.solo_multiplier".to_owned(),
            "out_of_range".to_owned()
        )]
    );
}

#[actix_web::test]
async fn lizzie_miller_counts_only_the_queen_of_diamonds_catch() {
    let app = service_tests::TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let lizzie = json!({"karlchen": "lizzie_miller"});
    // Re (seats 0, 1) wins with 130; Kontra's ♦Q caught Re's ♣J in the last trick: won 1,
    // Kontra's catch 1: the deal is 0 for both.
    let mut deal = json!({"contract": "normal", "re": [0, 1], "re_points": 130,
        "re_tricks": 7, "rules": lizzie,
        "extras": {"re": {}, "kontra": {"karlchen_caught": 1}}});
    let scored = call_json(&service, "POST", "/api/v1/score", None, Some(&deal)).await;
    expect(&scored, 200, "a catch by the queen of diamonds");
    assert_eq!(scored.json["value"], 0);
    assert_eq!(scored.json["scores"], json!([0, 0, 0, 0]));
    // The last trick was won by the ♦Q or by the ♣J, not both: Karlchen and the catch for
    // one party are refused, though the second Charlie allows them.
    deal["extras"]["kontra"]["karlchen"] = json!(1);
    let refused = call_json(&service, "POST", "/api/v1/score", None, Some(&deal)).await;
    expect(&refused, 422, "Karlchen and a Lizzie Miller catch together");
    deal["rules"] = json!({"karlchen": "second_beats_first"});
    let second = call_json(&service, "POST", "/api/v1/score", None, Some(&deal)).await;
    expect(&second, 200, "the second Charlie");
    assert_eq!(second.json["value"], -1);
}

backend_test!(
    a_caught_karlchen_is_entered_stored_and_scored_by_the_house_rule,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let table = Table::of_house_rules(&app, &service, json!({"karlchen": "caught"})).await;
        // Re (seats 1, 2) wins with 130 and catches Kontra's ♣J in the last trick: won 1 +
        // Karlchen caught 1 = 2.
        let caught = json!({"contract": "normal", "re": [1, 2], "re_points": 130, "re_tricks": 7,
        "extras": {"re": {"karlchen_caught": 1}, "kontra": {}}});
        let sheet = table
            .fill(&service, &[crate::fixtures::Step::Enter(caught.clone())])
            .await;
        assert_eq!(entries(&sheet), [(vec![-2, 2, 2, -2], 1)]);
        // Stored as entered: the sheet read back shows the catch.
        let read = table.sheet(&service).await;
        assert_eq!(
            read["deals"][0]["entry"]["extras"]["re"]["karlchen_caught"],
            1
        );
        assert_eq!(read["totals"], json!([-2, 2, 2, -2]));

        // The calculator by the TSR does not count it: won 1.
        let mut ddv = caught;
        ddv["table_size"] = json!(4);
        let scored = call_json(&service, "POST", "/api/v1/score", None, Some(&ddv)).await;
        expect(&scored, 200, "the TSR");
        assert_eq!(scored.json["value"], 1);
    }
);

/// Wikipedia's fox lost in the last trick and the info page's captured ♥10, through the
/// calculator: counted where the rules have them, refused with the field elsewhere.
#[actix_web::test]
async fn a_fox_of_the_last_trick_and_a_captured_heart_ten_score_by_their_rules() {
    let app = service_tests::TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    // Re (seats 0, 1) wins with 170 (won 1, Kontra under 90: 2), catches a fox in the last
    // trick with its Karlchen and one of Kontra's ♥10; Kontra caught Re's other fox.
    // TSR items 2 + fox 1 + Karlchen 1 − Kontra's fox 1 = 3; the fox of the last trick
    // one more and the ♥10 one: 5.
    let mut deal = json!({"contract": "normal", "re": [0, 1], "re_points": 170,
        "re_tricks": 8, "rules": {"fox_last_trick_two": true, "heart_ten_point": true},
        "extras": {"re": {"fox": 1, "karlchen": 1, "fox_last_trick": 1, "heart_ten": 1},
                   "kontra": {"fox": 1}}});
    let scored = call_json(&service, "POST", "/api/v1/score", None, Some(&deal)).await;
    expect(&scored, 200, "both house extras");
    assert_eq!(scored.json["value"], 5);
    assert_eq!(scored.json["scores"], json!([5, 5, -5, -5]));
    let codes: Vec<&str> = scored.json["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["code"].as_str().unwrap())
        .collect();
    assert!(
        codes.contains(&"fox_last_trick") && codes.contains(&"heart_ten"),
        "{codes:?}"
    );
    // By the TSR the counts are refused, naming the party's field.
    deal["rules"] = json!({"heart_ten_point": true});
    let refused = call_json(&service, "POST", "/api/v1/score", None, Some(&deal)).await;
    expect(&refused, 422, "no fox of the last trick in these rules");
    assert_eq!(
        refused.faults(),
        [(
            "extras.re.fox_last_trick".to_owned(),
            "not_in_rules".to_owned()
        )]
    );
    // More foxes in the last trick than foxes, and three ♥10, are no deal.
    deal["rules"] = json!({"fox_last_trick_two": true, "heart_ten_point": true});
    deal["extras"]["re"]["fox_last_trick"] = json!(2);
    let refused = call_json(&service, "POST", "/api/v1/score", None, Some(&deal)).await;
    assert_eq!(
        refused.faults(),
        [(
            "extras.re.fox_last_trick".to_owned(),
            "exceeds_foxes".to_owned()
        )]
    );
    deal["extras"]["re"]["fox_last_trick"] = json!(1);
    deal["extras"]["kontra"]["heart_ten"] = json!(2);
    let refused = call_json(&service, "POST", "/api/v1/score", None, Some(&deal)).await;
    assert_eq!(
        refused.faults(),
        [("extras".to_owned(), "too_many_heart_tens".to_owned())]
    );
}

backend_test!(
    a_deal_thrown_in_keeps_its_number_scores_nothing_and_the_dealer_deals_again,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let table = Table::of_house_rules(&app, &service, json!({"five_nines": true})).await;
        let thrown = json!({"entry": "thrown_in"});
        // A thrown-in deal holds nothing else: a Re party with it is refused, nothing stored.
        let cluttered = call_json(
            &service,
            "POST",
            &table.path("deals"),
            Some(&table.captain),
            Some(&json!({"entry": "thrown_in", "re": [0, 1]})),
        )
        .await;
        expect(&cluttered, 422, "a thrown-in deal with a Re party");
        assert_eq!(cluttered.faults()[0].0, "re", "{}", cluttered.text);
        assert_eq!(table.sheet(&service).await["deals"], json!([]));
        let sheet = table
            .fill(
                &service,
                &[
                    crate::fixtures::Step::Enter(crate::fixtures::normal([1, 2])),
                    crate::fixtures::Step::Enter(thrown.clone()),
                    crate::fixtures::Step::Enter(crate::fixtures::normal([2, 3])),
                ],
            )
            .await;
        assert_eq!(
            entries(&sheet),
            [
                (vec![-1, 1, 1, -1], 1),
                (vec![0, 0, 0, 0], 1),
                (vec![-1, -1, 1, 1], 1),
            ]
        );
        let deals = sheet["deals"].as_array().unwrap();
        assert_eq!(deals[1]["kind"], "thrown_in");
        assert_eq!(deals[1]["entry"], thrown);
        assert_eq!(deals[1]["re"], json!([]));
        // Seat 1 dealt deal 2, threw in, and dealt deal 3 again; deal 4 is seat 2's.
        let dealers: Vec<&Value> = deals.iter().map(|d| &d["dealer"]).collect();
        assert_eq!(dealers, [&json!(0), &json!(1), &json!(1)]);
        assert_eq!(sheet["next"]["number"], 4);
        assert_eq!(sheet["next"]["dealer"], 2);
        // Not a game: the 24 planned games take 25 deals. Twenty more normal games and the
        // four forced solos complete the sheet at deal 25, not before.
        let mut rest = crate::fixtures::repeat(&crate::fixtures::Step::Normal, 18);
        rest.extend(crate::fixtures::repeat(&crate::fixtures::Step::Forced, 3));
        let sheet = table.fill(&service, &rest).await;
        assert_eq!(sheet["complete"], false);
        assert_eq!(sheet["next"]["number"], 25);
        let sheet = table.fill(&service, &[crate::fixtures::Step::Forced]).await;
        assert_eq!(sheet["complete"], true);
        assert_eq!(sheet["deals"].as_array().unwrap().len(), 25);
        // The organiser's monitor counts it against the round's 25 deals, not 24.
        let monitor = call_json(
            &service,
            "GET",
            &format!("/api/v1/rounds/{}/monitor", table.round),
            Some(&table.org),
            None,
        )
        .await;
        expect(&monitor, 200, "the monitor");
        assert_eq!(monitor.json["tables"][0]["deals_entered"], 25);
        assert_eq!(monitor.json["tables"][0]["planned_deals"], 25);

        // The results document holds it as entered, validates, and imports to the same sheet.
        let doc = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}/results", table.tournament),
            Some(&table.org),
            None,
        )
        .await;
        expect(&doc, 200, "export");
        let exported = &doc.json["rounds"][0]["tables"][0]["deals"][1];
        assert_eq!(
            exported["entry"],
            json!({"format": 3, "entry": "thrown_in"})
        );
        assert_eq!(exported["scored"]["kind"], "thrown_in");
        crate::results::validate(&doc.json).expect("the document validates");
        let imported = call_json(
            &service,
            "POST",
            "/api/v1/results",
            Some(&table.org),
            Some(&doc.json),
        )
        .await;
        expect(&imported, 201, "import");

        // Under the TSR nothing is thrown in: refused, nothing stored.
        let org = &table.org;
        let t = tournament(&service, org, &base(json!({}))).await;
        let seats = players(&service, org, t, 4).await;
        let drawn = round(&service, org, t, &json!([seats])).await;
        let tsr = drawn.json["tables"][0]["id"].as_i64().unwrap();
        let captain = crate::fixtures::captain(&service, org, tsr).await;
        let path = format!("/api/v1/tables/{tsr}/deals");
        let refused = call_json(&service, "POST", &path, Some(&captain), Some(&thrown)).await;
        expect(&refused, 422, "no five nines under the TSR");
        assert_eq!(refused.json["code"], "invalid_deal", "{}", refused.text);
        assert_eq!(
            refused.faults(),
            [("entry".to_owned(), "not_in_rules".to_owned())]
        );
        let sheet = format!("/api/v1/tables/{tsr}/sheet");
        let read = call_json(&service, "GET", &sheet, Some(org), None).await;
        assert_eq!(read.json["deals"], json!([]));
    }
);

/// A deal thrown in under `rules` is on the sheet, scores nothing, and its dealer deals
/// again; the captain's button names `reason`.
async fn thrown_in_and_dealt_again(app: &service_tests::TestApp, rules: Value, reason: &str) {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::of_house_rules(app, &service, rules.clone()).await;
    let cookie = crate::captain_pages::join(&service, &table.org, table.table).await;
    let form = crate::captain_pages::page(&service, &cookie, "/table").await;
    assert!(
        form.text
            .contains(&format!(">Eingeworfen, neu geben ({reason})</button>")),
        "{rules}"
    );
    let sheet = table
        .fill(
            &service,
            &[
                crate::fixtures::Step::Enter(json!({"entry": "thrown_in"})),
                crate::fixtures::Step::Enter(crate::fixtures::normal([1, 2])),
            ],
        )
        .await;
    assert_eq!(
        entries(&sheet),
        [(vec![0, 0, 0, 0], 1), (vec![-1, 1, 1, -1], 1)],
        "{rules}"
    );
    let dealers: Vec<&Value> = sheet["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| &d["dealer"])
        .collect();
    assert_eq!(dealers, [&json!(0), &json!(0)], "{rules}");
    assert_eq!(sheet["next"]["dealer"], 1, "{rules}");
}

// Wikipedia, Five nines: "Some groups that follow this rule also use a similar rule for
// hands with five or more kings" (here without the nines, where no nine exists).
backend_test!(five_kings_are_thrown_in_and_dealt_again, |app| {
    let rules = json!({"five_kings": true, "without_nines": true});
    thrown_in_and_dealt_again(&app, rules, "fünf Könige").await;
});

// Wikipedia, Armut: "if nobody wishes to partner then the hand is redealt by the same
// dealer", also without the five-nines rule.
backend_test!(an_armut_nobody_takes_is_dealt_again, |app| {
    thrown_in_and_dealt_again(&app, json!({"armut": true}), "Armut nicht angenommen").await;
});

backend_test!(
    the_preview_counts_the_tricks_of_a_deal_without_nines,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let table = Table::of_house_rules(&app, &service, json!({"without_nines": true})).await;
        // Re called schwarz and took all ten tricks: made, nothing to look at again. (With
        // twelve tricks counted, Kontra would seem to hold two empty ones.)
        let schwarz = json!({"contract": "normal", "re": [1, 2], "re_points": 240,
            "re_tricks": 10, "announcements": {"re": "schwarz", "kontra": "none"}});
        let shown = call_json(
            &service,
            "POST",
            &table.path("deals/preview"),
            Some(&table.captain),
            Some(&schwarz),
        )
        .await;
        expect(&shown, 200, "preview");
        assert_eq!(shown.json["hints"], json!([]), "{}", shown.text);
        assert_eq!(shown.json["score"]["winner"], "re");
    }
);

backend_test!(
    under_armut_the_entry_says_who_held_the_queens_where_the_club_reads_by_them,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let table = Table::of_house_rules(
            &app,
            &service,
            json!({"armut": true, "armut_alten_by_queens": true}),
        )
        .await;
        // The pair (seats 1, 3) loses with 100. Without who held the queens the deal is
        // refused, naming the field, and nothing is stored.
        let path = format!("/api/v1/tables/{}/deals", table.table);
        let lost = json!({"contract": "armut", "re": [1, 3], "re_points": 100, "re_tricks": 5});
        let refused = call_json(&service, "POST", &path, Some(&table.captain), Some(&lost)).await;
        expect(&refused, 422, "who held the queens");
        assert_eq!(
            refused.faults(),
            [("club_queens".to_owned(), "required".to_owned())]
        );
        // Kontra held both: it beat nobody's queens, won 1. The pair held both: Kontra
        // beat "die Alten", 2.
        let mut kontra_held = lost.clone();
        kontra_held["club_queens"] = json!("kontra");
        let mut re_held = lost.clone();
        re_held["club_queens"] = json!("re");
        let sheet = table
            .fill(
                &service,
                &[
                    crate::fixtures::Step::Enter(kontra_held),
                    crate::fixtures::Step::Enter(re_held),
                ],
            )
            .await;
        assert_eq!(
            entries(&sheet),
            [(vec![1, -1, 1, -1], 1), (vec![2, -2, 2, -2], 1)]
        );
        assert_eq!(sheet["deals"][1]["entry"]["club_queens"], "re");
        // Asked of an Armut only: a normal game naming them is refused.
        let mut normal = json!({"contract": "normal", "re": [0, 2], "re_points": 130,
            "re_tricks": 7, "club_queens": "split"});
        let refused = call_json(&service, "POST", &path, Some(&table.captain), Some(&normal)).await;
        expect(&refused, 422, "queens of a normal game");
        assert_eq!(
            refused.faults(),
            [("club_queens".to_owned(), "not_in_rules".to_owned())]
        );
        normal.as_object_mut().unwrap().remove("club_queens");

        // The captain's form asks for them; one each: nobody beat "die Alten", Kontra 1.
        let cookie = crate::captain_pages::join(&service, &table.org, table.table).await;
        let form = crate::captain_pages::page(&service, &cookie, "/table").await;
        assert_eq!(form.text.matches("name=\"club_queens\"").count(), 3);
        assert!(
            form.text.contains("beide bei Re (dem Armut-Paar)"),
            "{}",
            form.text
        );
        let key = "q".repeat(32);
        let mut fields = vec![
            ("contract", "armut"),
            ("re", "1"),
            ("re", "3"),
            ("points", "100"),
            ("points_of", "re"),
            ("tricks", "5"),
            ("call_re", "none"),
            ("call_kontra", "none"),
            ("number", "3"),
            ("idempotency_key", &key),
            ("action", "save"),
        ];
        let missing =
            crate::captain_pages::post(&service, &cookie, "/table/deals", &fields, &[]).await;
        expect(&missing, 422, "the form without the queens");
        assert!(
            missing
                .text
                .contains("<fieldset id=\"club-queens\" class=\"choices invalid\">"),
            "{}",
            missing.text
        );
        fields.push(("club_queens", "split"));
        let saved =
            crate::captain_pages::post(&service, &cookie, "/table/deals", &fields, &[]).await;
        expect(&saved, 303, "saved");
        let sheet = table.sheet(&service).await;
        assert_eq!(sheet["deals"][2]["entry"]["club_queens"], "split");
        assert_eq!(sheet["totals"], json!([4, -4, 4, -4]));
    }
);

backend_test!(
    an_armut_is_entered_where_the_rules_have_it_and_scores_as_a_normal_game,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let table = Table::of_house_rules(&app, &service, json!({"armut": true})).await;
        // Seat 1 is poor, seat 3 took his trumps: they are Re. With 121 they win 1; with
        // 100, Kontra wins 1 and 1 more for beating Re (TSR 7.2.2 c; the house rule scores
        // the rest as a normal game): 2.
        let won = json!({"contract": "armut", "re": [1, 3], "re_points": 121, "re_tricks": 6});
        let lost = json!({"contract": "armut", "re": [2, 0], "re_points": 100, "re_tricks": 5});
        let sheet = table
            .fill(
                &service,
                &[
                    crate::fixtures::Step::Enter(won),
                    crate::fixtures::Step::Enter(lost),
                ],
            )
            .await;
        assert_eq!(
            entries(&sheet),
            [(vec![-1, 1, -1, 1], 1), (vec![-2, 2, -2, 2], 1)]
        );
        assert_eq!(sheet["deals"][0]["entry"]["contract"], "armut");
        assert_eq!(
            sheet["deals"][0]["kind"], "normal",
            "not a solo: no Vorführen"
        );
        assert_eq!(sheet["totals"], json!([-3, 3, -3, 3]));

        // The captain's form offers it here, and the public sheet names it.
        let cookie = crate::captain_pages::join(&service, &table.org, table.table).await;
        let page = crate::captain_pages::page(&service, &cookie, "/table").await;
        assert!(
            page.text.contains("name=\"contract\" value=\"armut\""),
            "{}",
            page.text
        );
        crate::fixtures::publish(&service, &table).await;
        let public = crate::captain_pages::page(
            &service,
            "",
            &format!("/tournaments/{}/rounds/1/tables/1", table.tournament),
        )
        .await;
        assert!(public.text.contains("Armut"), "{}", public.text);

        // Under the TSR there is no Armut: not offered, and refused by its field.
        let org = &table.org;
        let t = tournament(&service, org, &base(json!({}))).await;
        let seats = players(&service, org, t, 4).await;
        let drawn = round(&service, org, t, &json!([seats])).await;
        let tsr = drawn.json["tables"][0]["id"].as_i64().unwrap();
        let captain = crate::fixtures::captain(&service, org, tsr).await;
        let path = format!("/api/v1/tables/{tsr}/deals");
        let armut = json!({"contract": "armut", "re": [1, 3], "re_points": 121, "re_tricks": 6});
        let refused = call_json(&service, "POST", &path, Some(&captain), Some(&armut)).await;
        expect(&refused, 422, "no Armut under the TSR");
        assert_eq!(
            refused.faults(),
            [("contract".to_owned(), "not_in_rules".to_owned())]
        );
        let read = call_json(
            &service,
            "GET",
            &format!("/api/v1/tables/{tsr}/sheet"),
            Some(org),
            None,
        )
        .await;
        assert_eq!(read.json["deals"], json!([]));
        let cookie = crate::captain_pages::join(&service, org, tsr).await;
        let page = crate::captain_pages::page(&service, &cookie, "/table").await;
        assert!(page.text.contains("value=\"normal\""));
        assert!(!page.text.contains("value=\"armut\""));
    }
);

backend_test!(a_club_starts_from_a_preset_and_adjusts_one_switch, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    // The info page's set by name: doubling, the second ♥10, piglets announced, the
    // second Charlie, Poverty, five nines; the soloist's factor stays the TSR's.
    let info = tournament(
        &service,
        &org,
        &json!({"name": "Info-Runde", "date": "2026-12-05", "ruleset": "info_house_rules"}),
    )
    .await;
    let read = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{info}"),
        Some(&org),
        None,
    )
    .await;
    expect(&read, 200, "read");
    assert_eq!(read.json["ruleset"], "house");
    assert_eq!(read.json["preset"], "info_house_rules");
    assert_eq!(
        read.json["game"]["rules"],
        json!({"announcements": "doubling", "second_heart_ten": "always",
                   "schweinchen": "announced", "karlchen": "second_beats_first",
                   "armut": true, "five_nines": true, "five_kings": false, "bock_rounds": false,
                   "without_nines": false, "solos_on_top": false, "solo_multiplier": 3,
                   "queens_need_121": true, "schwarz_by_card_points": true,
                   "without_pflichtsolo": false, "failed_absage_all_levels": true,
                   "info_call_deadlines": false, "forced_announcement": false,
                   "schweinchen_forces_call": false, "half_a_chicken": false,
                   "armut_three_cards": false, "wedding_names_trick": false,
                   "super_schweinchen": false, "forced_announcement_raises": false,
                   "first_fox_piglet": false, "fox_last_trick_two": false,
                   "heart_ten_point": false, "armut_alten_by_queens": false})
    );
    // The preset's name with the same game in full agrees; with another it does not.
    let spelt = call_json(
        &service,
        "POST",
        "/api/v1/tournaments",
        Some(&org),
        Some(
            &json!({"name": "Ohne", "date": "2026-12-05", "ruleset": "without_nines",
                "game": {"kind": "doppelkopf", "rules": {"without_nines": true}}}),
        ),
    )
    .await;
    expect(&spelt, 201, "a preset spelt out");
    assert_eq!(spelt.json["preset"], "without_nines");
    let contradicted = call_json(
        &service,
        "POST",
        "/api/v1/tournaments",
        Some(&org),
        Some(
            &json!({"name": "Falsch", "date": "2026-12-05", "ruleset": "family_evening",
                "game": {"kind": "doppelkopf", "rules": {"without_nines": true}}}),
        ),
    )
    .await;
    expect(&contradicted, 422, "a preset and another game");
    assert_eq!(
        contradicted.faults(),
        [("ruleset".to_owned(), "contradicts_game".to_owned())]
    );

    // One switch adjusted: the rules are the club's own, no preset any more.
    let mut adjusted = read.json["game"].clone();
    adjusted["rules"]["bock_rounds"] = json!(true);
    let patched = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/tournaments/{info}"),
        Some(&org),
        Some(&json!({"game": adjusted})),
    )
    .await;
    expect(&patched, 200, "one switch moved");
    assert_eq!(patched.json["preset"], Value::Null);
    assert_eq!(patched.json["game"]["rules"]["bock_rounds"], true);
    assert_eq!(patched.json["game"]["rules"]["armut"], true);

    // The family evening by name, and the desk's printed sheet names it.
    let family = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/tournaments/{info}"),
        Some(&org),
        Some(&json!({"ruleset": "family_evening"})),
    )
    .await;
    expect(&family, 200, "the family evening");
    assert_eq!(family.json["preset"], "family_evening");
    assert_eq!(family.json["game"]["rules"]["solos_on_top"], true);
    assert_eq!(family.json["game"]["rules"]["without_pflichtsolo"], true);
    assert_eq!(family.json["game"]["rules"]["second_heart_ten"], "off");
    let d = desk(&service, "leitung@example.org").await;
    let sheets = send(
        &service,
        desk_get(
            &format!("/admin/tournaments/{info}/print/sheets?size=4&count=1"),
            &d.cookies,
        ),
    )
    .await;
    expect(&sheets, 200, "blank sheets");
    assert!(
        sheets
            .text
            .contains("Familienabend, Re und Kontra verdoppeln, Armut"),
        "{}",
        sheets.text
    );
    // The desk's new-tournament form offers the presets by name.
    let page = send(&service, desk_get("/admin", &d.cookies)).await;
    expect(&page, 200, "the desk with the new tournament's form");
    assert!(
        page.text.contains("<option value=\"info_house_rules\""),
        "{}",
        page.text
    );
    let body = format!(
        "csrf={}&idempotency_key=preset1&name=Ohne+Neunen&date=2026-12-13&ruleset=without_nines",
        d.csrf
    );
    let made = send(&service, desk_form("/admin/tournaments", &d.cookies, &body)).await;
    expect(&made, 303, "made from a preset at the desk");
    let all = call_json(&service, "GET", "/api/v1/tournaments", Some(&org), None).await;
    let made = all
        .json
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "Ohne Neunen")
        .cloned()
        .unwrap_or_else(|| panic!("{}", all.text));
    assert_eq!(made["preset"], "without_nines");
    assert_eq!(made["game"]["rules"]["without_nines"], true);
    // A TSR tournament reads as the DDV preset.
    let ddv = tournament(
        &service,
        &org,
        &json!({"name": "TSR", "date": "2026-12-05"}),
    )
    .await;
    let read = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{ddv}"),
        Some(&org),
        None,
    )
    .await;
    assert_eq!(read.json["preset"], "ddv");
});

backend_test!(the_info_pages_readings_score_at_the_table, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::of_house_rules(
        &app,
        &service,
        json!({"queens_need_121": true, "schwarz_by_card_points": true}),
    )
    .await;
    // Only Kontra said, 120 to 120: the Queens still need 121, so Kontra wins: won 1 +
    // against the Queens 1 + Kontra said 2 = 4 (the TSR gives Re 3).
    let split = json!({"contract": "normal", "re": [0, 1], "re_points": 120,
            "re_tricks": 6, "announcements": {"re": "none", "kontra": "kontra"}});
    // Re takes every card point; the tricks need not be counted: Kontra has no card
    // point, so it is schwarz: won 1 + below 90, 60, 30, schwarz 4 = 5.
    let black = json!({"contract": "normal", "re": [1, 2], "re_points": 240,
            "announcements": {"re": "none", "kontra": "none"}});
    let sheet = table
        .fill(
            &service,
            &[
                crate::fixtures::Step::Enter(split),
                crate::fixtures::Step::Enter(black),
            ],
        )
        .await;
    assert_eq!(
        entries(&sheet),
        [(vec![-4, -4, 4, 4], 1), (vec![-5, 5, 5, -5], 1)]
    );
});

backend_test!(a_table_without_pflichtsolo_forces_nobody, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::of_house_rules(&app, &service, json!({"without_pflichtsolo": true})).await;
    let sheet = table.sheet(&service).await;
    assert_eq!(sheet["pflichtsolo_owed"], json!([]));
    // A won Damensolo of seat 2 (150): a Lustsolo, +3 / -1 each, and the next seat deals.
    let sheet = table
        .fill(&service, &[crate::fixtures::Step::Solo(2)])
        .await;
    assert_eq!(sheet["deals"][0]["kind"], "lustsolo");
    assert_eq!(sheet["deals"][0]["scores"], json!([-1, -1, 3, -1]));
    assert_eq!(sheet["next"]["dealer"], 1);
    // Time-up: no solo is owed, so the round ends at once.
    let time_up = call_json(
        &service,
        "POST",
        &table.path("time-up"),
        Some(&table.org),
        None,
    )
    .await;
    expect(&time_up, 200, "time-up");
    assert_eq!(time_up.json["complete"], true);
});

backend_test!(only_the_first_fox_as_a_piglet_is_kept_and_shown, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let game = json!({"kind": "doppelkopf", "rules": {"schweinchen": "when_played",
        "first_fox_piglet": true}});
    let id = tournament(&service, &org, &base(json!({"game": game}))).await;
    let read = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}"),
        Some(&org),
        None,
    )
    .await;
    expect(&read, 200, "read");
    assert_eq!(read.json["game"]["rules"]["first_fox_piglet"], true);
    assert_eq!(read.json["game"]["rules"]["schweinchen"], "when_played");
    assert_eq!(read.json["game"]["rules"]["super_schweinchen"], false);
    // The desk's form shows it ticked; the tournament's page names it in words.
    let me = crate::fixtures::desk(&service, "leitung@example.org").await;
    let get = |path: String| {
        crate::fixtures::send(&service, crate::fixtures::desk_get(&path, &me.cookies))
    };
    let desk = get(format!("/admin/tournaments/{id}")).await;
    expect(&desk, 200, "the desk's tournament");
    assert!(
        desk.text
            .contains("id=\"settings-first_fox_piglet\" name=\"first_fox_piglet\" checked"),
        "{}",
        desk.text
    );
    let shown = get(format!("/tournaments/{id}")).await;
    expect(&shown, 200, "the tournament's page");
    assert!(
        shown.text.contains("nur der erste Fuchs ist Schweinchen"),
        "{}",
        shown.text
    );
});
