//! The family games at the tables: a Doublehead Kids and a Doppeldoppel tournament created,
//! drawn, played deal by deal through the API, corrected, refused where a deal cannot
//! have happened, and ranked. Both backends.

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{Reply, Table, call_json, expect, req, send};

/// A Doublehead Kids deal: `teams` as the API takes it and the Prince/Princess team's coins.
fn kids(teams: Value, prince_princess: u16) -> Value {
    json!({"entry": "doublehead_kids", "teams": teams,
        "prince_princess_coins": prince_princess, "without_coins": 240 - prince_princess})
}

fn doppeldoppel(captured: Value) -> Value {
    json!({"entry": "doppeldoppel", "captured": captured})
}

/// The points of each deal on a family sheet.
fn points(sheet: &Value) -> Vec<Value> {
    sheet["family"]["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["points"].clone())
        .collect()
}

async fn standings<S: crate::fixtures::App>(service: &S, t: &Table) -> Value {
    let s = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{}/standings", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&s, 200, "standings");
    s.json
}

/// (player id, rank, total, silver coins) of each standings row, best first.
fn ranking(standings: &Value) -> Vec<(i64, u64, i64, Option<i64>)> {
    standings["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["player_id"].as_i64().unwrap(),
                r["rank"].as_u64().unwrap(),
                r["total"].as_i64().unwrap(),
                r["silver_coins"].as_i64(),
            )
        })
        .collect()
}

/// Corrects deal `number` of `t` to `body` as its captain, naming the deal's `version`.
async fn correct<S: crate::fixtures::App>(
    service: &S,
    t: &Table,
    number: u16,
    version: &str,
    body: &Value,
) -> Reply {
    send(
        service,
        req(
            "PUT",
            &t.path(&format!("deals/{number}")),
            Some(&t.captain),
            Some(body),
            &[("If-Match", version)],
        ),
    )
    .await
}

fn assert_refused(reply: &Reply, status: u16, field: &str, code: &str) {
    expect(reply, status, code);
    assert_eq!(
        reply.faults(),
        vec![(field.to_owned(), code.to_owned())],
        "{}",
        reply.text
    );
}

backend_test!(
    a_doublehead_kids_round_is_played_to_its_golden_coins,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let body = json!({"name": "Familiennachmittag", "date": "2026-12-05",
        "game": {"kind": "doublehead_kids", "golden_coins": 2}});
        let t = Table::of_tournament(&app, &service, 4, &body).await;
        let sheet = t.sheet(&service).await;
        assert_eq!(sheet["family"]["game"], "doublehead_kids");
        assert_eq!(sheet["family"]["golden_coins"], 2);
        assert_eq!(
            sheet["family"]["next"],
            json!({"number": 1, "dealer": 0, "starter": 1})
        );

        // Deal 1: seats 0 and 2 hold the Prince and Princess and take 130 Silver Coins: one
        // Golden Coin each. Retried with the same key, it is stored once.
        let first = kids(json!({"kind": "pair", "seats": [0, 2]}), 130);
        for _ in 0..2 {
            let r = send(
                &service,
                req(
                    "POST",
                    &t.path("deals"),
                    Some(&t.captain),
                    Some(&first),
                    &[("Idempotency-Key", "kids-1")],
                ),
            )
            .await;
            expect(&r, 201, "deal 1");
            assert_eq!(r.json["deal"]["number"], 1);
            assert_eq!(r.json["deal"]["points"], json!([1, 0, 1, 0]));
        }
        let sheet = t.sheet(&service).await;
        assert_eq!(points(&sheet), vec![json!([1, 0, 1, 0])]);
        assert_eq!(sheet["totals"], json!([1, 0, 1, 0]));
        assert_eq!(
            sheet["family"]["totals"][1],
            json!({"primary": 0, "secondary": 110})
        );
        assert_eq!(
            sheet["family"]["next"],
            json!({"number": 2, "dealer": 1, "starter": 2})
        );

        // Refused, each naming its field, and nothing stored.
        let refusals = [
            (
                json!({"entry": "doublehead_kids", "teams": {"kind": "pair", "seats": [0, 2]},
                "prince_princess_coins": 130, "without_coins": 100}),
                422,
                "prince_princess_coins",
                "coins_do_not_add_up",
            ),
            (
                kids(json!({"kind": "pair", "seats": [0, 1, 2]}), 130),
                422,
                "teams.seats",
                "wrong_party_size",
            ),
            (
                kids(json!({"kind": "alone", "seat": 4}), 130),
                422,
                "teams",
                "seat_out_of_range",
            ),
            (
                kids(json!({"kind": "pair", "seats": [0, 2]}), 239),
                422,
                "prince_princess_coins",
                "impossible_coins",
            ),
            (
                json!({"contract": "normal", "re": [0, 1], "re_points": 130, "re_tricks": 6}),
                422,
                "entry",
                "not_in_game",
            ),
            (
                doppeldoppel(json!([
                    [2, 2, 1, 0, 0, 0],
                    [0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 0, 0]
                ])),
                422,
                "entry",
                "not_in_game",
            ),
        ];
        for (body, status, field, code) in &refusals {
            let r = t.post(&service, &t.captain, body).await;
            assert_refused(&r, *status, field, code);
        }
        assert_eq!(
            t.sheet(&service).await["family"]["deals"],
            sheet["family"]["deals"]
        );
        // Penalties and time-up are Doppelkopf's.
        let penalty = call_json(
            &service,
            "POST",
            &t.path("penalties"),
            Some(&t.org),
            Some(
                &json!({"deal_number": 1, "severity": "minor", "offender": 3, "referee": "Meier"}),
            ),
        )
        .await;
        expect(&penalty, 422, "a penalty at a family table");
        assert_eq!(penalty.json["code"], "not_in_game");
        let time_up = call_json(&service, "POST", &t.path("time-up"), Some(&t.org), None).await;
        expect(&time_up, 422, "time-up at a family table");

        // Deal 2: seat 1 plays alone and takes 121: two Golden Coins, the target; the round is
        // over and takes no third deal.
        let second = t
            .post(
                &service,
                &t.captain,
                &kids(json!({"kind": "alone", "seat": 1}), 121),
            )
            .await;
        expect(&second, 201, "deal 2");
        let sheet = &second.json["sheet"];
        assert_eq!(
            points(sheet),
            vec![json!([1, 0, 1, 0]), json!([0, 2, 0, 0])]
        );
        assert_eq!(sheet["complete"], true);
        assert_eq!(sheet["family"]["winners"], json!([1]));
        assert_eq!(sheet["family"]["next"], Value::Null);
        let third = t
            .post(
                &service,
                &t.captain,
                &kids(json!({"kind": "pair", "seats": [0, 1]}), 200),
            )
            .await;
        expect(&third, 409, "a deal after the round");
        assert_eq!(third.json["code"], "sheet_complete");

        // Standings: Golden Coins, then Silver Coins. Seats 0 and 2 share 1 Golden and 249
        // Silver Coins (130 + 119) and a place.
        let s = standings(&service, &t).await;
        let p = &t.players;
        assert_eq!(
            ranking(&s),
            vec![
                (p[1], 1, 2, Some(110 + 121)),
                (p[0], 2, 1, Some(130 + 119)),
                (p[2], 2, 1, Some(130 + 119)),
                (p[3], 4, 0, Some(110 + 119)),
            ]
        );

        // Correcting deal 1 into a lone win for seat 0 ends the round after deal 1, so deal 2
        // no longer fits: refused, nothing changed.
        let version = sheet["family"]["deals"][0]["version"].to_string();
        let put = correct(
            &service,
            &t,
            1,
            &version,
            &kids(json!({"kind": "alone", "seat": 0}), 130),
        )
        .await;
        expect(&put, 409, "a correction the round cannot take");
        assert_eq!(put.json["code"], "deal_does_not_fit");
        assert_eq!(
            t.sheet(&service).await["family"],
            sheet["family"],
            "nothing changed"
        );
        // A correction that is no deal of this game is refused as an entry would be.
        let put = correct(
            &service,
            &t,
            1,
            &version,
            &doppeldoppel(json!([
                [2, 2, 1, 0, 0, 0],
                [0, 0, 0, 0, 0, 0],
                [0, 0, 0, 0, 0, 0]
            ])),
        )
        .await;
        assert_refused(&put, 422, "entry", "not_in_game");
        assert_eq!(
            t.sheet(&service).await["family"],
            sheet["family"],
            "nothing changed"
        );
        // A correction that fits: the wedding of seat 3 with seat 1, who take 125.
        let put = correct(
            &service,
            &t,
            1,
            &version,
            &kids(
                json!({"kind": "wedding", "announcer": 3, "partner": 1}),
                125,
            ),
        )
        .await;
        expect(&put, 200, "a correction");
        assert_eq!(put.json["deal"]["points"], json!([0, 1, 0, 1]));
        // Seat 1 now has 1 + 2 Golden Coins.
        assert_eq!(put.json["sheet"]["totals"], json!([0, 3, 0, 1]));

        // Deleting deal 1 moves deal 2 up: seat 0 deals it now, and seat 1's lone win
        // still ends the round to 2 Golden Coins.
        let version = put.json["sheet"]["family"]["deals"][0]["version"].to_string();
        let deleted = send(
            &service,
            req(
                "DELETE",
                &t.path("deals/1"),
                Some(&t.captain),
                None,
                &[("If-Match", &version)],
            ),
        )
        .await;
        expect(&deleted, 200, "deletion");
        assert_eq!(points(&deleted.json), vec![json!([0, 2, 0, 0])]);
        assert_eq!(deleted.json["family"]["deals"][0]["dealer"], 0);
        assert_eq!(deleted.json["complete"], true);
    }
);

backend_test!(a_doppeldoppel_round_is_one_deal_per_player, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let body =
        json!({"name": "Doppeldoppel-Abend", "date": "2026-12-05", "ruleset": "doppeldoppel"});
    let t = Table::of_tournament(&app, &service, 3, &body).await;
    let sheet = t.sheet(&service).await;
    assert_eq!(sheet["table_size"], 3);
    assert_eq!(sheet["planned_deals"], 3);
    assert_eq!(
        sheet["family"]["next"],
        json!({"number": 1, "dealer": null, "starter": 0})
    );

    // The rule text's example hand (two 1s, two 2s, one 3) scores 7; three 4s make a hand
    // 0 whatever else it holds; a lone 5 without a 6 scores 7.
    let hands = json!([[2, 2, 1, 0, 0, 0], [1, 2, 0, 3, 1, 0], [0, 0, 0, 0, 1, 0]]);
    let first = t
        .post(&service, &t.captain, &doppeldoppel(hands.clone()))
        .await;
    expect(&first, 201, "deal 1");
    assert_eq!(first.json["deal"]["points"], json!([7, 0, 7]));
    assert_eq!(first.json["deal"]["starter"], 0);

    // Rank 2 odd scores -2 each, rank 1 three or more +2 each, a 5 with a 6 -1.
    let second = t
        .post(
            &service,
            &t.captain,
            &doppeldoppel(json!([
                [0, 1, 0, 0, 0, 0],
                [3, 0, 0, 0, 0, 0],
                [0, 0, 0, 0, 1, 1]
            ])),
        )
        .await;
    expect(&second, 201, "deal 2");
    assert_eq!(second.json["deal"]["points"], json!([-2, 6, -2]));
    assert_eq!(second.json["deal"]["starter"], 1);
    assert_eq!(second.json["sheet"]["totals"], json!([5, 6, 5]));

    for (captured, field, code) in [
        (
            json!([
                [2, 2, 1, 0, 0, 0],
                [0, 0, 0, 0, 0, 0],
                [0, 0, 0, 0, 0, 0],
                [0, 0, 0, 0, 0, 0]
            ]),
            "captured",
            "wrong_players",
        ),
        // Twelve cards of rank 1 cannot come with ten of every other rank from 36.
        (
            json!([
                [12, 10, 10, 10, 0, 0],
                [0, 0, 0, 0, 0, 0],
                [0, 0, 0, 0, 0, 0]
            ]),
            "captured",
            "more_than_deck",
        ),
        // Tied cards are discarded, so a trick gives at most one card of a rank: 13 sixes
        // in 12 tricks, named by the seat's cell, or 13 twos between two players.
        (
            json!([[0, 0, 0, 0, 0, 13], [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]),
            "captured[0][5]",
            "more_than_tricks",
        ),
        (
            json!([[0, 7, 0, 0, 0, 0], [0, 6, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]),
            "captured",
            "more_than_tricks",
        ),
    ] {
        let r = t.post(&service, &t.captain, &doppeldoppel(captured)).await;
        assert_refused(&r, 422, field, code);
    }
    // The round does not close while the table has a deal to play.
    let close = call_json(
        &service,
        "POST",
        &format!("/api/v1/rounds/{}/close", t.round),
        Some(&t.org),
        None,
    )
    .await;
    expect(&close, 409, "closing with a deal to play");
    assert_eq!(close.json["code"], "round_incomplete");
    let open = &close.json["current"]["incomplete"][0];
    assert_eq!(
        (&open["deals"], &open["deals_left"]),
        (&json!(2), &json!(1))
    );
    let third = t
        .post(
            &service,
            &t.captain,
            &doppeldoppel(json!([
                [0, 0, 0, 0, 0, 0],
                [0, 0, 0, 0, 0, 0],
                [0, 0, 0, 0, 2, 0]
            ])),
        )
        .await;
    expect(&third, 201, "deal 3");
    assert_eq!(third.json["sheet"]["complete"], true);
    assert_eq!(third.json["sheet"]["family"]["winners"], json!([2]));
    let fourth = t.post(&service, &t.captain, &doppeldoppel(hands)).await;
    expect(&fourth, 409, "a fourth deal at a 3-table");
    // A correction with a row per player of a 4-table: refused naming the rows.
    let version = third.json["sheet"]["family"]["deals"][2]["version"].to_string();
    let put = correct(
        &service,
        &t,
        3,
        &version,
        &doppeldoppel(json!([
            [0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 2, 0],
            [0, 0, 0, 0, 0, 0]
        ])),
    )
    .await;
    assert_refused(&put, 422, "captured", "wrong_players");
    // The deals per round are Doppelkopf's: changing them leaves a Doppeldoppel table's
    // round of one deal per player.
    let patched = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/tournaments/{}", t.tournament),
        Some(&t.org),
        Some(&json!({"deals_four": 20})),
    )
    .await;
    expect(&patched, 200, "deals per round changed");
    let rounds = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/rounds", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    assert_eq!(
        rounds.json[0]["tables"][0]["planned_deals"], 3,
        "{}",
        rounds.text
    );
    assert_eq!(t.sheet(&service).await["planned_deals"], 3);

    let s = standings(&service, &t).await;
    let p = &t.players;
    assert_eq!(
        ranking(&s),
        vec![(p[2], 1, 19, None), (p[1], 2, 6, None), (p[0], 3, 5, None)]
    );
    // The results document describes Doppelkopf: refused, by name.
    let export = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/results", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&export, 422, "results of a family game");
    assert_eq!(export.json["code"], "not_in_game");
    // Nor is the DDV's ranking list, nor an import of a document naming a family game.
    let ddv = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/results/ddv.csv", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&ddv, 422, "the DDV list of a family game");
    let mut doc = crate::results::documented_example();
    doc["tournament"]["ruleset"] = json!("doppeldoppel");
    doc["tournament"]["game"] = json!({"kind": "doppeldoppel"});
    let import = call_json(
        &service,
        "POST",
        "/api/v1/results",
        Some(&t.org),
        Some(&doc),
    )
    .await;
    expect(&import, 422, "a family game's document");
    assert!(
        import
            .faults()
            .contains(&("tournament.game".to_owned(), "not_in_game".to_owned())),
        "{}",
        import.text
    );
});

backend_test!(family_rounds_are_drawn_at_the_games_table_sizes, |app| {
    use crate::fixtures::{organizer, players, tournament};
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let draw = |id: i64, seed: &'static str| {
        let (service, org) = (&service, org.clone());
        async move {
            call_json(
                service,
                "POST",
                &format!("/api/v1/tournaments/{id}/rounds"),
                Some(&org),
                Some(&json!({"draw": {"method": "avoid_repeats", "seed": seed}, "early": true})),
            )
            .await
        }
    };
    let sizes = |round: &Value| -> Vec<usize> {
        round["tables"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["seats"].as_array().unwrap().len())
            .collect()
    };

    // Seven Doppeldoppel players sit at a 4-table and a 3-table, whose rounds are 4 and 3
    // deals.
    let seven = tournament(
        &service,
        &org,
        &json!({"name": "Doppeldoppel", "date": "2026-12-05", "ruleset": "doppeldoppel",
            "rounds": 3}),
    )
    .await;
    players(&service, &org, seven, 7).await;
    let round = draw(seven, "dd-1").await;
    expect(&round, 201, "a Doppeldoppel round");
    assert_eq!(sizes(&round.json), vec![4, 3]);
    let planned: Vec<i64> = round.json["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["planned_deals"].as_i64().unwrap())
        .collect();
    assert_eq!(planned, vec![4, 3]);

    // Nine Doppeldoppel players at three 3-tables (drawn round by round at the game's
    // sizes) and sixteen Kids players at four 4-tables (the Doppelkopf plans, whose tables
    // they share) meet nobody twice in three rounds.
    for (ruleset, field, want) in [
        ("doppeldoppel", 9, vec![3, 3, 3]),
        ("doublehead_kids", 16, vec![4, 4, 4, 4]),
    ] {
        let id = tournament(
            &service,
            &org,
            &json!({"name": ruleset, "date": "2026-12-05", "ruleset": ruleset,
                "rounds": 3}),
        )
        .await;
        players(&service, &org, id, field).await;
        let mut met = std::collections::HashSet::new();
        for seed in ["r-1", "r-2", "r-3"] {
            let round = draw(id, seed).await;
            expect(&round, 201, ruleset);
            assert_eq!(sizes(&round.json), want, "{ruleset}");
            for table in round.json["tables"].as_array().unwrap() {
                let seats: Vec<i64> = table["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_i64().unwrap())
                    .collect();
                for (i, a) in seats.iter().enumerate() {
                    for b in &seats[i + 1..] {
                        assert!(
                            met.insert((*a.min(b), *a.max(b))),
                            "{ruleset}: {a} and {b} met twice"
                        );
                    }
                }
            }
        }
    }
    // Ten Kids players cannot be seated at tables of four: refused, naming the field.
    let ten = tournament(
        &service,
        &org,
        &json!({"name": "Kinder 2", "date": "2026-12-05", "ruleset": "doublehead_kids"}),
    )
    .await;
    players(&service, &org, ten, 10).await;
    let refused = draw(ten, "k").await;
    expect(&refused, 422, "ten Kids players");
    assert_eq!(refused.faults()[0].0, "players");
});

backend_test!(
    the_captains_phone_enters_family_deals_by_their_own_forms,
    |app| {
        use crate::captain_pages::{input_value, join, page, post};
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let body = json!({"name": "Familiennachmittag", "date": "2026-12-05",
        "game": {"kind": "doublehead_kids", "golden_coins": 3}});
        let t = Table::of_tournament(&app, &service, 4, &body).await;
        let phone = join(&service, &t.org, t.table).await;
        let table = page(&service, &phone, "/table").await;
        expect(&table, 200, "the Kids table page");
        assert!(
            table
                .text
                .contains(r#"name="game" value="doublehead_kids""#)
        );
        assert!(table.text.contains(r#"id="team-field""#));
        assert!(
            !table.text.contains(r#"name="contract""#),
            "no Doppelkopf form"
        );
        assert!(
            !table.text.contains(r#"id="extras-field""#),
            "the basic game asks for no fox or Karlchen"
        );
        let key = input_value(&table.text, "idempotency_key");

        // Seats 0 and 2 take 130 Silver Coins: posted twice (a double tap), entered once.
        let deal = [
            ("game", "doublehead_kids"),
            ("number", "1"),
            ("idempotency_key", key.as_str()),
            ("team_kind", "pair"),
            ("team", "0"),
            ("team", "2"),
            ("coins", "130"),
            ("action", "save"),
        ];
        let mut flash = String::new();
        for _ in 0..2 {
            let saved = post(&service, &phone, "/table/deals", &deal, &[]).await;
            expect(&saved, 303, "saved");
            flash = crate::fixtures::set_cookie(&saved, "karlchen_flash")
                .map(|v| v.split(';').next().unwrap().to_owned())
                .expect("a flash");
        }
        let sheet = t.sheet(&service).await;
        assert_eq!(points(&sheet), vec![json!([1, 0, 1, 0])]);
        assert_eq!(
            sheet["family"]["deals"][0]["entry"]["without_coins"],
            json!(110)
        );
        let after = page(&service, &phone, "/table").await;
        let flashed = page(&service, &format!("{phone}; {flash}"), "/table").await;
        // "Gespeichert: Spiel 1: …" with each player's Golden Coins.
        assert!(
            flashed.text.contains("Gespeichert: Spiel 1:"),
            "{}",
            flashed.text
        );
        assert!(after.text.contains(r#"data-number="2""#));

        // "Alone" with two players ticked: refused naming the team, the ticks kept.
        let key = input_value(&after.text, "idempotency_key");
        let wrong = [
            ("game", "doublehead_kids"),
            ("number", "2"),
            ("idempotency_key", key.as_str()),
            ("team_kind", "alone"),
            ("team", "1"),
            ("team", "3"),
            ("coins", "150"),
            ("action", "save"),
        ];
        let refused = post(&service, &phone, "/table/deals", &wrong, &[]).await;
        expect(&refused, 422, "alone with two players");
        assert!(refused.text.contains(r#"id="form-error""#));
        assert!(refused.text.contains(r#"class="choices seats invalid""#));
        assert!(refused.text.contains(r#"value="1" checked"#));
        assert!(refused.text.contains(r#"value="150""#));
        assert_eq!(points(&t.sheet(&service).await).len(), 1, "nothing stored");

        // The preview shows what each seat would get; the outbox's JSON post saves it.
        let mut alone: Vec<(&str, &str)> = wrong.to_vec();
        alone.retain(|(k, v)| !(*k == "team" && *v == "3"));
        alone.retain(|(k, _)| *k != "action");
        let mut asked = alone.clone();
        asked.push(("action", "preview"));
        let preview = post(
            &service,
            &phone,
            "/table/deals",
            &asked,
            &[("Accept", "text/html; fragment=preview")],
        )
        .await;
        expect(&preview, 200, "preview");
        assert!(
            preview.text.contains(r#"<td data-seat="1">2</td>"#),
            "{}",
            preview.text
        );
        let mut saving = alone.clone();
        saving.push(("action", "save"));
        let sent = post(
            &service,
            &phone,
            "/table/deals",
            &saving,
            &[
                ("Accept", "application/json"),
                ("Idempotency-Key", "outbox-2"),
            ],
        )
        .await;
        expect(&sent, 201, "the outbox's post");
        assert_eq!(sent.json["number"], 2);
        assert_eq!(sent.json["totals"], json!([1, 2, 1, 0]));
        // A wedding: seat 3 held both cards and named seat 1. Without saying who announced,
        // refused naming the field; with it, stored as ticked (the higher seat announcing).
        let wedding = |announcer: Option<&'static str>| {
            let mut fields = vec![
                ("game", "doublehead_kids"),
                ("number", "3"),
                ("idempotency_key", "wedding-3"),
                ("team_kind", "wedding"),
                ("team", "1"),
                ("team", "3"),
                ("coins", "130"),
                ("action", "save"),
            ];
            if let Some(a) = announcer {
                fields.push(("announcer", a));
            }
            fields
        };
        let refused = post(&service, &phone, "/table/deals", &wedding(None), &[]).await;
        expect(&refused, 422, "a wedding without its announcer");
        assert!(
            refused
                .text
                .contains(r#"id="announcer-field" class="choices seats invalid""#)
        );
        let saved = post(&service, &phone, "/table/deals", &wedding(Some("3")), &[]).await;
        expect(&saved, 303, "a wedding");
        let stored = t.sheet(&service).await;
        assert_eq!(
            stored["family"]["deals"][2]["entry"]["teams"],
            json!({"kind": "wedding", "announcer": 3, "partner": 1})
        );
        // Seat 1 reaches 3 Golden Coins: the round is over.
        assert_eq!(stored["totals"], json!([1, 3, 1, 1]));
        assert_eq!(stored["complete"], true);
        // The phone's sheet: every deal, the Golden and the Silver Coins, deleting the last
        // (a family deal is entered again, not corrected).
        let sheet = page(&service, &phone, "/table/sheet").await;
        expect(&sheet, 200, "the phone's sheet");
        assert_eq!(sheet.text.matches(r#"<tr data-number="#).count(), 3);
        assert!(sheet.text.contains(r#"id="silver-totals""#));
        assert!(sheet.text.contains(r#"id="delete-last""#));
        assert!(!sheet.text.contains(r#"id="correct-last""#));

        // A Doppeldoppel table's form: a grid of counts per player and rank.
        let body = json!({"name": "Doppeldoppel", "date": "2026-12-05", "ruleset": "doppeldoppel"});
        let org = t.org.clone();
        let dd = crate::fixtures::tournament(&service, &org, &body).await;
        let ids = crate::fixtures::players(&service, &org, dd, 3).await;
        let round = crate::fixtures::round(&service, &org, dd, &json!([ids])).await;
        let table_id = round.json["tables"][0]["id"].as_i64().unwrap();
        let phone = join(&service, &org, table_id).await;
        let table = page(&service, &phone, "/table").await;
        expect(&table, 200, "the Doppeldoppel table page");
        assert!(table.text.contains(r#"name="c2_6""#));
        let key = input_value(&table.text, "idempotency_key");
        let deal = [
            ("game", "doppeldoppel"),
            ("number", "1"),
            ("idempotency_key", key.as_str()),
            ("c0_1", "2"),
            ("c0_2", "2"),
            ("c0_3", "1"),
            ("c1_1", "1"),
            ("c1_2", "2"),
            ("c1_4", "3"),
            ("c1_5", "1"),
            ("c2_5", "1"),
            ("action", "save"),
        ];
        let saved = post(&service, &phone, "/table/deals", &deal, &[]).await;
        expect(&saved, 303, "saved");
        let sheet = call_json(
            &service,
            "GET",
            &format!("/api/v1/tables/{table_id}/sheet"),
            Some(&org),
            None,
        )
        .await;
        assert_eq!(points(&sheet.json), vec![json!([7, 0, 7])]);
        let bad = [
            ("game", "doppeldoppel"),
            ("number", "2"),
            ("idempotency_key", "dd-bad"),
            ("c0_1", "eins"),
            ("action", "save"),
        ];
        let refused = post(&service, &phone, "/table/deals", &bad, &[]).await;
        expect(&refused, 422, "a count that is no number");
        assert!(refused.text.contains(r#"class="captured invalid""#));
    }
);

backend_test!(
    family_tournaments_are_made_shown_and_printed_by_their_game,
    |app| {
        use crate::fixtures::{desk, desk_form, desk_get, organizer};
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "leitung@example.org").await;
        let session = desk(&service, "leitung@example.org").await;

        // Made at the desk: Doublehead Kids to 2 Golden Coins (the Doppelkopf switches on the
        // same form are not read).
        let body = format!(
            "csrf={}&idempotency_key=fam-1&name=Kinderturnier&date=2026-12-13&rounds=2\
         &ruleset=doublehead_kids&golden_coins=2&announcements=doubling",
            session.csrf
        );
        let made = send(
            &service,
            desk_form("/admin/tournaments", &session.cookies, &body),
        )
        .await;
        expect(&made, 303, "a Kids tournament made at the desk");
        let all = call_json(&service, "GET", "/api/v1/tournaments", Some(&org), None).await;
        let made = &all.json[0];
        assert_eq!(
            made["game"],
            json!({"kind": "doublehead_kids", "golden_coins": 2, "advanced": false,
                "play_on": false})
        );
        let id = made["id"].as_i64().unwrap();
        let ids = crate::fixtures::players(&service, &org, id, 4).await;
        let round = crate::fixtures::round(&service, &org, id, &json!([ids])).await;
        let table = round.json["tables"][0]["id"].as_i64().unwrap();
        let path = format!("/api/v1/tables/{table}/deals");
        for deal in [
            kids(json!({"kind": "pair", "seats": [0, 2]}), 130),
            kids(json!({"kind": "alone", "seat": 1}), 121),
        ] {
            let r = call_json(&service, "POST", &path, Some(&org), Some(&deal)).await;
            expect(&r, 201, "a deal");
        }
        let published = call_json(
            &service,
            "PATCH",
            &format!("/api/v1/tournaments/{id}"),
            Some(&org),
            Some(&json!({"published": true})),
        )
        .await;
        expect(&published, 200, "published");

        // The public sheet: each deal's Golden Coins, the Golden and Silver Coins in all.
        let sheet = send(
            &service,
            actix_web::test::TestRequest::get()
                .uri(&format!("/tournaments/{id}/rounds/1/tables/1"))
                .to_request(),
        )
        .await;
        expect(&sheet, 200, "the public sheet");
        assert!(sheet.text.contains("bis 2 Goldtaler"), "{}", sheet.text);
        assert!(
            sheet
                .text
                .contains(r#"<td class="score num" data-seat="1">2</td>"#)
        );
        assert!(sheet.text.contains(r#"id="silver-totals""#));
        assert!(
            sheet
                .text
                .contains(r#"<td class="total num" data-seat="1">231</td>"#)
        );

        // The printed sheet: as many rows as a round to 2 Golden Coins can take (3), the
        // team's column instead of Re, no Pflichtsolo rubric.
        let printed = send(
            &service,
            desk_get(
                &format!("/admin/tournaments/{id}/print/rounds/1/sheets"),
                &session.cookies,
            ),
        )
        .await;
        expect(&printed, 200, "the printed sheets");
        assert_eq!(printed.text.matches(r#"<tr class="deal">"#).count(), 3);
        assert!(printed.text.contains("Team mit Prinz"), "{}", printed.text);
        assert!(!printed.text.contains(r#"class="pflichtsoli""#));

        // The organiser's monitor counts the round's deals and the desk's table page lists
        // them (deleting, not correcting, them).
        let monitor = call_json(
            &service,
            "GET",
            &format!("/api/v1/rounds/{}/monitor", round.json["id"]),
            Some(&org),
            None,
        )
        .await;
        expect(&monitor, 200, "the monitor");
        assert_eq!(monitor.json["tables"][0]["deals_entered"], 2);
        assert_eq!(monitor.json["tables"][0]["complete"], true);
        let desk_table = send(
            &service,
            desk_get(&format!("/admin/tables/{table}"), &session.cookies),
        )
        .await;
        expect(&desk_table, 200, "the desk's table page");
        assert_eq!(
            desk_table.text.matches("Doublehead Kids</td>").count(),
            2,
            "{}",
            desk_table.text
        );

        // The standings page ranks by Golden Coins.
        let standings = send(
            &service,
            actix_web::test::TestRequest::get()
                .uri(&format!("/tournaments/{id}/standings"))
                .to_request(),
        )
        .await;
        expect(&standings, 200, "the public standings");
        assert!(standings.text.contains("Goldtaler"));
        assert!(
            standings
                .text
                .contains(r#"<td class="silver num">231</td>"#),
            "{}",
            standings.text
        );
    }
);

backend_test!(
    a_kids_tie_goes_to_the_team_without_the_prince_and_a_lone_loss_pays_three,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let body = json!({"name": "Familie", "date": "2026-12-05", "ruleset": "doublehead_kids"});
        let t = Table::of_tournament(&app, &service, 4, &body).await;
        // 120:120: the team without the Prince/Princess cards wins (seats 2 and 3).
        let tie = t
            .post(
                &service,
                &t.captain,
                &kids(json!({"kind": "pair", "seats": [0, 1]}), 120),
            )
            .await;
        expect(&tie, 201, "a tie");
        assert_eq!(tie.json["deal"]["points"], json!([0, 0, 1, 1]));
        // Seat 2 alone takes 100: the three others win a Golden Coin each.
        let lost = t
            .post(
                &service,
                &t.captain,
                &kids(json!({"kind": "alone", "seat": 2}), 100),
            )
            .await;
        expect(&lost, 201, "a lone loss");
        assert_eq!(lost.json["deal"]["points"], json!([1, 1, 0, 1]));
        assert_eq!(lost.json["sheet"]["totals"], json!([1, 1, 1, 2]));
        // The basic game is played to 5 Golden Coins: the round runs on.
        assert_eq!(lost.json["sheet"]["family"]["golden_coins"], 5);
        assert_eq!(lost.json["sheet"]["complete"], false);
    }
);

backend_test!(
    family_numbers_past_their_type_are_refused_not_wrapped,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let body = json!({"name": "Familie", "date": "2026-12-05", "ruleset": "doublehead_kids"});
        let t = Table::of_tournament(&app, &service, 4, &body).await;
        // Counts, coins, seats and numbers a phone could send past their types: a clear 422
        // naming the field, never a wrapped number or a panic, and nothing stored.
        for (body, field) in [
            (
                json!({"entry": "doublehead_kids", "teams": {"kind": "alone", "seat": 300},
                "prince_princess_coins": 130, "without_coins": 110}),
                "teams",
            ),
            (
                json!({"entry": "doublehead_kids", "teams": {"kind": "pair", "seats": [0, 2]},
                "prince_princess_coins": 65666, "without_coins": 110}),
                "prince_princess_coins",
            ),
            (
                json!({"entry": "doublehead_kids", "number": 70000,
                "teams": {"kind": "pair", "seats": [0, 2]},
                "prince_princess_coins": 130, "without_coins": 110}),
                "number",
            ),
            (
                doppeldoppel(json!([
                    [256, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 0, 0]
                ])),
                "captured",
            ),
            (
                doppeldoppel(json!([
                    [-1, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 0, 0]
                ])),
                "captured",
            ),
        ] {
            let r = t.post(&service, &t.captain, &body).await;
            expect(&r, 422, &body.to_string());
            let faults = r.faults();
            assert!(
                faults.iter().any(|(f, _)| f.starts_with(field)),
                "{body}: {faults:?}"
            );
        }
        assert_eq!(t.sheet(&service).await["family"]["deals"], json!([]));
    }
);

backend_test!(
    the_advanced_doublehead_kids_game_scores_tiers_foxes_and_karlchen,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        // The advanced game without a target plays to 10 (advanced rule 1); a tie at the
        // top plays on (rule F's alternative).
        let body = json!({"name": "Fortgeschrittene", "date": "2026-12-05",
            "game": {"kind": "doublehead_kids", "advanced": true, "play_on": true}});
        let t = Table::of_tournament(&app, &service, 4, &body).await;
        let read = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}", t.tournament),
            Some(&t.org),
            None,
        )
        .await;
        expect(&read, 200, "the tournament");
        assert_eq!(
            read.json["game"],
            json!({"kind": "doublehead_kids", "golden_coins": 10, "advanced": true,
                "play_on": true})
        );
        let sheet = t.sheet(&service).await;
        assert_eq!(sheet["family"]["golden_coins"], 10);
        assert_eq!(sheet["family"]["advanced"], true);
        assert_eq!(sheet["family"]["play_on"], true);

        // Deal 1: seats 0 and 2 take 185 Silver Coins (more than 180: 3 each) and won the
        // last duel with a Karlchen (1 each); seats 1 and 3 caught a fox (1 each).
        let mut first = kids(json!({"kind": "pair", "seats": [0, 2]}), 185);
        first["extras"] = json!({"prince_princess": {"karlchen": 1},
            "without": {"foxes": 1}});
        let r = t.post(&service, &t.captain, &first).await;
        expect(&r, 201, "deal 1");
        assert_eq!(r.json["deal"]["points"], json!([4, 1, 4, 1]));
        // Deal 2: seat 3 alone with 155 (more than 150: 2, doubled for playing alone: 4).
        let second = kids(json!({"kind": "alone", "seat": 3}), 155);
        let r = t.post(&service, &t.captain, &second).await;
        expect(&r, 201, "deal 2");
        assert_eq!(r.json["deal"]["points"], json!([0, 0, 0, 4]));
        let sheet = t.sheet(&service).await;
        assert_eq!(sheet["totals"], json!([4, 1, 4, 5]));
        // What was entered comes back as entered; a deal without cards has no `extras`.
        let deals = sheet["family"]["deals"].as_array().unwrap();
        assert_eq!(
            deals[0]["entry"]["extras"],
            json!({"prince_princess": {"foxes": 0, "karlchen": 1, "karlchen_caught": 0},
                "without": {"foxes": 1, "karlchen": 0, "karlchen_caught": 0}})
        );
        assert!(deals[1]["entry"].get("extras").is_none(), "{}", deals[1]);

        // Cards the deck does not hold are refused by the field, nothing stored.
        let mut three_foxes = kids(json!({"kind": "pair", "seats": [1, 2]}), 130);
        three_foxes["extras"] = json!({"prince_princess": {"foxes": 2}, "without": {"foxes": 1}});
        let r = t.post(&service, &t.captain, &three_foxes).await;
        assert_refused(&r, 422, "extras", "too_many_foxes");
        let mut both = kids(json!({"kind": "pair", "seats": [1, 2]}), 130);
        both["extras"] = json!({"prince_princess": {"karlchen": 1},
            "without": {"karlchen_caught": 1}});
        let r = t.post(&service, &t.captain, &both).await;
        assert_refused(&r, 422, "extras", "karlchen_for_both_teams");
        assert_eq!(t.sheet(&service).await["totals"], json!([4, 1, 4, 5]));

        // Deals 3 and 4: seats 1 and 3 win with 200 (3 each) twice: seat 3 has 11, seat 1
        // 7; seat 3 leads alone past 10, the round is over.
        let pair = kids(json!({"kind": "pair", "seats": [1, 3]}), 200);
        for n in 3..=4 {
            let r = t.post(&service, &t.captain, &pair).await;
            expect(&r, 201, &format!("deal {n}"));
        }
        let sheet = t.sheet(&service).await;
        assert_eq!(sheet["totals"], json!([4, 7, 4, 11]));
        assert_eq!(sheet["complete"], true);
        assert_eq!(sheet["family"]["winners"], json!([3]));
    }
);

backend_test!(
    the_basic_doublehead_kids_game_refuses_foxes_and_karlchen,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let body = json!({"name": "Familiennachmittag", "date": "2026-12-05",
            "game": {"kind": "doublehead_kids"}});
        let t = Table::of_tournament(&app, &service, 4, &body).await;
        let mut deal = kids(json!({"kind": "pair", "seats": [0, 2]}), 130);
        deal["extras"] = json!({"without": {"foxes": 1}});
        let r = t.post(&service, &t.captain, &deal).await;
        assert_refused(&r, 422, "extras", "not_in_rules");
        assert_eq!(t.sheet(&service).await["family"]["deals"], json!([]));
        // The same deal without them scores the basic game: 1 each, whatever the margin.
        let mut plain = kids(json!({"kind": "pair", "seats": [0, 2]}), 200);
        plain["extras"] = json!({});
        let r = t.post(&service, &t.captain, &plain).await;
        expect(&r, 201, "a deal with empty extras");
        assert_eq!(r.json["deal"]["points"], json!([1, 0, 1, 0]));
    }
);

backend_test!(
    the_desk_makes_an_advanced_doublehead_kids_tournament,
    |app| {
        use crate::fixtures::{desk, desk_form, desk_get, organizer};
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "leitung@example.org").await;
        let session = desk(&service, "leitung@example.org").await;
        let body = format!(
            "csrf={}&idempotency_key=fam-adv&name=Fortgeschrittene&date=2026-12-13&rounds=1\
             &ruleset=doublehead_kids&golden_coins=10&kids_advanced=on&kids_play_on=on",
            session.csrf
        );
        let made = send(
            &service,
            desk_form("/admin/tournaments", &session.cookies, &body),
        )
        .await;
        expect(&made, 303, "an advanced Kids tournament made at the desk");
        let all = call_json(&service, "GET", "/api/v1/tournaments", Some(&org), None).await;
        let made = &all.json[0];
        assert_eq!(
            made["game"],
            json!({"kind": "doublehead_kids", "golden_coins": 10, "advanced": true,
                "play_on": true})
        );
        // The desk's form shows the switches ticked, the public page names them in words.
        let id = made["id"].as_i64().unwrap();
        let shown = send(
            &service,
            desk_get(&format!("/admin/tournaments/{id}"), &session.cookies),
        )
        .await;
        expect(&shown, 200, "the desk's tournament page");
        assert!(shown.text.contains(r#"name="kids_advanced" checked"#));
        assert!(shown.text.contains(r#"name="kids_play_on" checked"#));
        // (Seen by the organiser: the public sees it once the tournament is published.)
        let public = send(
            &service,
            desk_get(&format!("/tournaments/{id}"), &session.cookies),
        )
        .await;
        expect(&public, 200, "the tournament's page");
        assert!(
            public.text.contains(
                "Doublehead Kids, fortgeschrittenes Spiel, bei Gleichstand weiterspielen"
            ),
            "{}",
            public.text
        );
    }
);

backend_test!(the_advanced_grid_refuses_a_count_that_is_no_number, |app| {
    use crate::captain_pages::{input_value, join, page, post};
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let body = json!({"name": "Fortgeschrittene", "date": "2026-12-05",
            "game": {"kind": "doublehead_kids", "advanced": true}});
    let t = Table::of_tournament(&app, &service, 4, &body).await;
    let phone = join(&service, &t.org, t.table).await;
    let table = page(&service, &phone, "/table").await;
    assert!(table.text.contains(r#"id="x_pp_foxes""#));
    let key = input_value(&table.text, "idempotency_key");
    let typed = [
        ("game", "doublehead_kids"),
        ("number", "1"),
        ("idempotency_key", key.as_str()),
        ("team_kind", "pair"),
        ("team", "0"),
        ("team", "2"),
        ("coins", "130"),
        ("x_without_foxes", "zwei"),
        ("action", "save"),
    ];
    let refused = post(&service, &phone, "/table/deals", &typed, &[]).await;
    expect(&refused, 422, "a fox count that is no number");
    assert!(
        refused
            .text
            .contains(r#"id="extras-field" class="captured invalid""#),
        "{}",
        refused.text
    );
    // What was typed stays in the field; nothing is stored.
    assert!(refused.text.contains(r#"value="zwei""#));
    assert_eq!(t.sheet(&service).await["family"]["deals"], json!([]));
});
