//! Edits on the day: a tournament's settings changed as far as play allows (deals per round
//! re-derive the sheets of open rounds), a tournament that was never played deleted with
//! everything it owns, a player registered by mistake deleted before he sits, and a
//! referee's penalty corrected or withdrawn. Both backends.

use diesel::prelude::*;
use serde_json::{Value, json};
use service_tests::{TestApp, backend_test};

use crate::fixtures::{
    App, Step, Table, call_json, column, dealers, expect, organizer, players, repeat, req, round,
    send, tournament,
};

/// The tournament as its organiser reads it.
async fn read<S: App>(service: &S, token: &str, id: i64) -> Value {
    let got = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{id}"),
        Some(token),
        None,
    )
    .await;
    expect(&got, 200, "read tournament");
    got.json
}

/// The tournament's audit log.
async fn audit<S: App>(service: &S, token: &str, id: i64) -> Vec<Value> {
    let log = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{id}/audit"),
        Some(token),
        None,
    )
    .await;
    expect(&log, 200, "audit log");
    log.json.as_array().unwrap().clone()
}

/// The audit lines with `action`.
fn lines<'a>(log: &'a [Value], action: &str) -> Vec<&'a Value> {
    log.iter().filter(|l| l["action"] == action).collect()
}

/// PATCH of the tournament.
async fn patch<S: App>(service: &S, token: &str, id: i64, body: &Value) -> crate::fixtures::Reply {
    call_json(
        service,
        "PATCH",
        &format!("/api/v1/tournaments/{id}"),
        Some(token),
        Some(body),
    )
    .await
}

/// Each player's standings total, by player id.
async fn standings<S: App>(service: &S, token: &str, id: i64) -> Vec<(i64, i64)> {
    let got = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{id}/standings"),
        Some(token),
        None,
    )
    .await;
    expect(&got, 200, "standings");
    assert_eq!(got.json["needs_attention"], json!([]), "{}", got.text);
    let mut totals: Vec<(i64, i64)> = got.json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["player_id"].as_i64().unwrap(),
                r["total"].as_i64().unwrap(),
            )
        })
        .collect();
    totals.sort_unstable();
    totals
}

backend_test!(a_tournaments_settings_change_with_before_and_after, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let id = tournament(
        &service,
        &org,
        &json!({"name": "Karlchen-Cup", "date": "2026-12-05", "venue": "Vereinsheim"}),
    )
    .await;
    let changed = patch(
        &service,
        &org,
        id,
        &json!({"name": "  Karlchen-Cup 2026 ", "date": "2026-12-06", "venue": "Stadthalle",
                "rounds": 4, "deals_four": 20, "deals_five": 25, "minutes_four": 90,
                "minutes_five": 110}),
    )
    .await;
    expect(&changed, 200, "change every setting");
    let expected = json!({"id": id, "name": "Karlchen-Cup 2026", "date": "2026-12-06",
        "venue": "Stadthalle", "rounds": 4, "deals_four": 20, "deals_five": 25,
        "minutes_four": 90, "minutes_five": 110, "ruleset": "ddv", "preset": "ddv",
        "game": crate::games::ddv_game(), "tie_breaks": [],
        "published": false, "time_zone": "Europe/Berlin", "finished_at": null});
    assert_eq!(changed.json, expected);
    assert_eq!(read(&service, &org, id).await, expected);

    let log = audit(&service, &org, id).await;
    let updates = lines(&log, "tournament.update");
    assert_eq!(updates.len(), 1);
    assert_eq!(updates[0]["before"]["name"], "Karlchen-Cup");
    assert_eq!(updates[0]["before"]["date"], "2026-12-05");
    assert_eq!(updates[0]["before"]["deals_four"], 24);
    assert_eq!(updates[0]["before"]["minutes_five"], 125);
    assert_eq!(updates[0]["after"], expected);

    // An empty venue clears it; a field left out stays; the same value again is no change
    // and no audit line.
    let cleared = patch(&service, &org, id, &json!({"venue": ""})).await;
    expect(&cleared, 200, "clear the venue");
    assert_eq!(cleared.json["venue"], Value::Null);
    assert_eq!(cleared.json["name"], "Karlchen-Cup 2026");
    let same = patch(
        &service,
        &org,
        id,
        &json!({"rounds": 4, "published": false}),
    )
    .await;
    expect(&same, 200, "no change");
    let log = audit(&service, &org, id).await;
    assert_eq!(lines(&log, "tournament.update").len(), 2);
    assert_eq!(log.last().unwrap()["before"]["venue"], "Stadthalle");
    assert_eq!(log.last().unwrap()["after"]["venue"], Value::Null);
});

backend_test!(
    bad_settings_are_refused_field_by_field_and_change_nothing,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "leitung@example.org").await;
        let id = tournament(
            &service,
            &org,
            &json!({"name": "Karlchen-Cup", "date": "2026-12-05"}),
        )
        .await;
        let before = read(&service, &org, id).await;
        let refused = patch(
            &service,
            &org,
            id,
            &json!({"name": " ", "rounds": 0, "deals_four": 3, "deals_five": 61,
                "minutes_four": 0, "minutes_five": 601}),
        )
        .await;
        expect(&refused, 422, "six bad fields");
        assert_eq!(refused.json["code"], "invalid_body");
        assert_eq!(
            refused.faults(),
            [
                ("name", "invalid_length"),
                ("rounds", "out_of_range"),
                ("deals_four", "out_of_range"),
                ("deals_five", "out_of_range"),
                ("minutes_four", "out_of_range"),
                ("minutes_five", "out_of_range"),
            ]
            .map(|(f, c)| (f.to_owned(), c.to_owned()))
        );
        let unknown = patch(&service, &org, id, &json!({"ruleset": "skat"})).await;
        expect(&unknown, 422, "a setting that cannot change");
        assert_eq!(unknown.fields(), ["ruleset"]);
        let bad_date = patch(&service, &org, id, &json!({"date": "2026-02-30"})).await;
        expect(&bad_date, 422, "no such day");
        assert_eq!(bad_date.fields(), ["date"]);
        // Only the owner changes it; others learn nothing.
        let other = organizer(&app, &service, "other@example.org").await;
        let foreign = patch(&service, &other, id, &json!({"name": "Mine"})).await;
        expect(&foreign, 404, "another organiser");
        let anonymous = send(
            &service,
            req(
                "PATCH",
                &format!("/api/v1/tournaments/{id}"),
                None,
                Some(&json!({"name": "Mine"})),
                &[],
            ),
        )
        .await;
        expect(&anonymous, 401, "no token");
        assert_eq!(read(&service, &org, id).await, before);
        assert!(lines(&audit(&service, &org, id).await, "tournament.update").is_empty());
    }
);

backend_test!(rounds_cannot_go_below_the_rounds_that_exist, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let id = tournament(
        &service,
        &org,
        &json!({"name": "Karlchen-Cup", "date": "2026-12-05", "rounds": 3}),
    )
    .await;
    let ids = players(&service, &org, id, 4).await;
    round(&service, &org, id, &json!([ids])).await;
    round(
        &service,
        &org,
        id,
        &json!([[ids[1], ids[2], ids[3], ids[0]]]),
    )
    .await;

    let refused = patch(&service, &org, id, &json!({"rounds": 1, "name": "Kürzer"})).await;
    expect(&refused, 422, "one round when two exist");
    assert_eq!(refused.json["code"], "settings_contradict_play");
    assert_eq!(
        refused.faults(),
        [("rounds".to_owned(), "below_rounds_created".to_owned())]
    );
    let unchanged = read(&service, &org, id).await;
    assert_eq!(
        (unchanged["rounds"].clone(), unchanged["name"].clone()),
        (json!(3), json!("Karlchen-Cup")),
        "nothing of the refused change is stored"
    );

    let two = patch(&service, &org, id, &json!({"rounds": 2})).await;
    expect(&two, 200, "as many rounds as exist");
    assert_eq!(two.json["rounds"], 2);
    let third = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{id}/rounds"),
        Some(&org),
        Some(&json!({"tables": [ids]})),
    )
    .await;
    expect(&third, 409, "no third round any more");
    assert_eq!(third.json["code"], "all_rounds_created");
    let five = patch(&service, &org, id, &json!({"rounds": 5})).await;
    expect(&five, 200, "more rounds");
    round(&service, &org, id, &json!([ids])).await;
});

backend_test!(fewer_deals_per_round_must_fit_every_open_sheet, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    // Ten normal games, each won by the two seats after the dealer: [-2, 0, 2, 0].
    let before = t.fill(&service, &repeat(&Step::Normal, 10)).await;
    assert_eq!(before["totals"], json!([-2, 0, 2, 0]));
    assert_eq!(before["planned_deals"], 24);

    let below = patch(&service, &t.org, t.tournament, &json!({"deals_four": 9})).await;
    expect(&below, 422, "fewer deals than entered");
    assert_eq!(below.json["code"], "settings_contradict_play");
    assert_eq!(
        below.faults(),
        [("deals_four".to_owned(), "below_deals_entered".to_owned())]
    );
    assert!(
        below.json["errors"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("round 1, table 1: 10 deals are entered"),
        "{}",
        below.text
    );
    // With 12 deals Vorführen would have started at deal 9, which was a normal game.
    let forced_earlier = patch(&service, &t.org, t.tournament, &json!({"deals_four": 12})).await;
    expect(&forced_earlier, 422, "the sheet would not fit");
    assert_eq!(
        forced_earlier.faults(),
        [("deals_four".to_owned(), "sheet_does_not_fit".to_owned())]
    );
    assert!(
        forced_earlier.json["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("deal 9")
    );
    assert_eq!(t.sheet(&service).await, before, "the sheet is unchanged");
    assert_eq!(read(&service, &t.org, t.tournament).await["deals_four"], 24);

    // 20 deals fit: Vorführen moves from deal 21 to deal 17.
    let shorter = patch(&service, &t.org, t.tournament, &json!({"deals_four": 20})).await;
    expect(&shorter, 200, "20 deals");
    let sheet = t.sheet(&service).await;
    assert_eq!(sheet["planned_deals"], 20);
    assert_eq!(sheet["totals"], json!([-2, 0, 2, 0]));
    assert_eq!(
        sheet["next"],
        json!({"number": 11, "dealer": 2, "sitting_out": null,
                                     "forced_soloist": null})
    );
    let sheet = t.fill(&service, &repeat(&Step::Normal, 6)).await;
    assert_eq!(
        sheet["next"],
        json!({"number": 17, "dealer": 0, "sitting_out": null,
                                     "forced_soloist": 1})
    );
    let sheet = t.fill(&service, &repeat(&Step::Forced, 4)).await;
    assert_eq!(sheet["complete"], true);
    assert_eq!(dealers(&sheet)[16..], [0, 1, 2, 3]);

    let log = audit(&service, &t.org, t.tournament).await;
    let replanned = lines(&log, "table.replan");
    assert_eq!(replanned.len(), 1);
    assert_eq!(replanned[0]["table_id"], t.table);
    assert_eq!(
        replanned[0]["before"],
        json!({"round": 1, "table": 1, "planned_deals": 24})
    );
    assert_eq!(
        replanned[0]["after"],
        json!({"round": 1, "table": 1, "planned_deals": 20})
    );
    let updates = lines(&log, "tournament.update");
    assert_eq!(updates.len(), 1);
    assert_eq!(
        (
            updates[0]["before"]["deals_four"].clone(),
            updates[0]["after"]["deals_four"].clone()
        ),
        (json!(24), json!(20))
    );
});

backend_test!(more_deals_turn_forced_solos_into_declared_ones, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let steps = [repeat(&Step::Normal, 20), repeat(&Step::Forced, 4)].concat();
    let played = t.fill(&service, &steps).await;
    assert_eq!(played["complete"], true);
    assert_eq!(dealers(&played)[20..], [0, 1, 2, 3]);
    assert_eq!(column(&played, "kind")[20..], [&json!("vorgefuehrt"); 4]);
    let totals = standings(&service, &t.org, t.tournament).await;

    let longer = patch(&service, &t.org, t.tournament, &json!({"deals_four": 28})).await;
    expect(&longer, 200, "28 deals");
    // The sheet as entered, derived anew: the four solos are declared Pflichtsoli, after
    // each the same seat deals again, and four normal games are still to come.
    let sheet = t.sheet(&service).await;
    assert_eq!(sheet["planned_deals"], 28);
    assert_eq!(sheet["complete"], false);
    assert_eq!(dealers(&sheet)[20..], [0, 0, 0, 0]);
    assert_eq!(column(&sheet, "kind")[20..], [&json!("pflichtsolo"); 4]);
    assert_eq!(sheet["totals"], played["totals"]);
    assert_eq!(
        sheet["next"],
        json!({"number": 25, "dealer": 0, "sitting_out": null,
                                     "forced_soloist": null})
    );
    assert_eq!(standings(&service, &t.org, t.tournament).await, totals);

    // A closed round keeps the deals it was played with; the next round gets the new ones.
    let close = call_json(
        &service,
        "POST",
        &format!("/api/v1/rounds/{}/close", t.round),
        Some(&t.org),
        // 28 deals planned now, 24 played: closing it is the organiser's decision.
        Some(&json!({"force": true})),
    )
    .await;
    expect(&close, 200, "close round 1");
    let again = patch(&service, &t.org, t.tournament, &json!({"deals_four": 16})).await;
    expect(&again, 200, "16 deals for the rounds to come");
    assert_eq!(t.sheet(&service).await["planned_deals"], 28);
    let next = round(&service, &t.org, t.tournament, &json!([t.players])).await;
    assert_eq!(next.json["tables"][0]["planned_deals"], 16);
    let log = audit(&service, &t.org, t.tournament).await;
    assert_eq!(
        lines(&log, "table.replan").len(),
        1,
        "only the open round's table"
    );
});

backend_test!(
    a_five_table_refuses_deals_that_move_its_sitting_out_dealer,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "leitung@example.org").await;
        let id = tournament(
            &service,
            &org,
            &json!({"name": "Kurz", "date": "2026-12-05", "rounds": 2, "deals_five": 6}),
        )
        .await;
        let ids = players(&service, &org, id, 9).await;
        let r = round(&service, &org, id, &json!([ids[..5], ids[5..]])).await;
        let five = r.json["tables"][0]["id"].as_i64().unwrap();
        let four = r.json["tables"][1]["id"].as_i64().unwrap();
        assert_eq!(r.json["tables"][0]["planned_deals"], 6);
        assert_eq!(r.json["tables"][1]["planned_deals"], 24);
        let t = Table {
            org: org.clone(),
            tournament: id,
            players: ids[..5].to_vec(),
            round: r.json["id"].as_i64().unwrap(),
            table: five,
            captain: crate::fixtures::captain(&service, &org, five).await,
        };
        // Deal 1 normal, then five forced solos: seats 2, 3, 4, 0, 1.
        let steps = [vec![Step::Normal], repeat(&Step::Forced, 5)].concat();
        let played = t.fill(&service, &steps).await;
        assert_eq!(played["complete"], true);
        assert_eq!(dealers(&played), [0, 1, 2, 3, 4, 0]);

        // 30 deals would make the solos declared: seat 1 deals on from deal 2, sits out, and
        // cannot have played the solo of deal 6. Two rounds exist too few for one round.
        let refused = patch(
            &service,
            &org,
            id,
            &json!({"deals_five": 30, "deals_four": 20, "rounds": 0}),
        )
        .await;
        expect(&refused, 422, "out of range first");
        assert_eq!(refused.json["code"], "invalid_body");
        let refused = patch(
            &service,
            &org,
            id,
            &json!({"deals_five": 30, "deals_four": 20}),
        )
        .await;
        expect(&refused, 422, "the 5-table's sheet breaks");
        assert_eq!(refused.json["code"], "settings_contradict_play");
        assert_eq!(
            refused.faults(),
            [("deals_five".to_owned(), "sheet_does_not_fit".to_owned())]
        );
        assert!(
            refused.json["errors"][0]["message"]
                .as_str()
                .unwrap()
                .starts_with("round 1, table 1: deal 6")
        );
        assert_eq!(t.sheet(&service).await, played);
        let untouched = call_json(
            &service,
            "GET",
            &format!("/api/v1/tables/{four}/sheet"),
            Some(&org),
            None,
        )
        .await;
        assert_eq!(
            untouched.json["planned_deals"], 24,
            "the 4-table kept its deals too"
        );
        let settings = read(&service, &org, id).await;
        assert_eq!(
            (
                settings["deals_four"].clone(),
                settings["deals_five"].clone()
            ),
            (json!(24), json!(6))
        );

        // The 4-table alone changes.
        let fours = patch(&service, &org, id, &json!({"deals_four": 20})).await;
        expect(&fours, 200, "4-tables only");
        let changed = call_json(
            &service,
            "GET",
            &format!("/api/v1/tables/{four}/sheet"),
            Some(&org),
            None,
        )
        .await;
        assert_eq!(changed.json["planned_deals"], 20);
        assert_eq!(t.sheet(&service).await["planned_deals"], 6);
    }
);

/// Row counts of the tables a tournament spans, in this order.
const COUNTED: [&str; 10] = [
    "tournaments",
    "players",
    "rounds",
    "round_tables",
    "table_seats",
    "join_codes",
    "seating_plans",
    "audit_log",
    "idempotency_keys",
    "organizer_audit",
];

async fn counts(app: &TestApp) -> [i64; 10] {
    use api::db::schema::*;
    app.state
        .db
        .run(|conn| {
            Ok([
                tournaments::table.count().get_result(conn)?,
                players::table.count().get_result(conn)?,
                rounds::table.count().get_result(conn)?,
                round_tables::table.count().get_result(conn)?,
                table_seats::table.count().get_result(conn)?,
                join_codes::table.count().get_result(conn)?,
                seating_plans::table.count().get_result(conn)?,
                audit_log::table.count().get_result(conn)?,
                idempotency_keys::table.count().get_result(conn)?,
                organizer_audit::table.count().get_result(conn)?,
            ])
        })
        .await
        .unwrap()
}

/// Registers a player with an `Idempotency-Key`.
async fn keyed_player<S: App>(
    service: &S,
    token: &str,
    id: i64,
    key: &str,
) -> crate::fixtures::Reply {
    send(
        service,
        req(
            "POST",
            &format!("/api/v1/tournaments/{id}/players"),
            Some(token),
            Some(&json!({"name": "Nachmeldung"})),
            &[("Idempotency-Key", key)],
        ),
    )
    .await
}

backend_test!(
    a_tournament_never_played_is_deleted_with_all_it_owns,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "leitung@example.org").await;
        // A second tournament of the same organiser must keep everything.
        let kept = tournament(
            &service,
            &org,
            &json!({"name": "Bleibt", "date": "2026-11-28"}),
        )
        .await;
        let kept_players = players(&service, &org, kept, 4).await;
        expect(
            &keyed_player(&service, &org, kept, "nachmeldung-1").await,
            201,
            "keyed, kept",
        );
        round(&service, &org, kept, &json!([kept_players])).await;

        let id = tournament(
            &service,
            &org,
            &json!({"name": "Abgesagt", "date": "2026-12-05", "rounds": 3}),
        )
        .await;
        let ids = players(&service, &org, id, 8).await;
        let first = keyed_player(&service, &org, id, "nachmeldung-1").await;
        expect(&first, 201, "keyed player");
        let late = first.json["id"].as_i64().unwrap();
        let r = round(&service, &org, id, &json!([ids[..4], ids[4..]])).await;
        let table = r.json["tables"][0]["id"].as_i64().unwrap();
        // The late player sits out round 1 and is planned in later.
        let withdrawn = call_json(
            &service,
            "PATCH",
            &format!("/api/v1/players/{late}"),
            Some(&org),
            Some(&json!({"withdrawn": true})),
        )
        .await;
        expect(&withdrawn, 200, "withdraw");
        let code = call_json(
            &service,
            "POST",
            &format!("/api/v1/tables/{table}/join-code"),
            Some(&org),
            None,
        )
        .await;
        expect(&code, 201, "join code");
        let code = code.json["code"].as_str().unwrap().to_owned();
        let captain = crate::fixtures::captain_from_code(&service, &code).await;
        let plan = call_json(
            &service,
            "PUT",
            &format!("/api/v1/tournaments/{id}/plan"),
            Some(&org),
            Some(&json!({"seed": "abgesagt"})),
        )
        .await;
        expect(&plan, 200, "plan rounds 2 and 3");

        let before = counts(&app).await;
        let other = organizer(&app, &service, "other@example.org").await;
        let path = format!("/api/v1/tournaments/{id}");
        let foreign = call_json(&service, "DELETE", &path, Some(&other), None).await;
        expect(&foreign, 404, "another organiser's tournament");
        let by_captain = call_json(&service, "DELETE", &path, Some(&captain), None).await;
        expect(&by_captain, 403, "a captain");
        let anonymous = call_json(&service, "DELETE", &path, None, None).await;
        expect(&anonymous, 401, "no token");
        assert_eq!(counts(&app).await, before, "refusals delete nothing");

        let deleted = send(
            &service,
            req(
                "DELETE",
                &path,
                Some(&org),
                None,
                &[("X-Reason", "mangels Anmeldungen abgesagt")],
            ),
        )
        .await;
        expect(&deleted, 204, "delete");
        let after = counts(&app).await;
        let gone: Vec<(&str, i64)> = COUNTED
            .iter()
            .zip(before.iter().zip(&after))
            .map(|(name, (b, a))| (*name, a - b))
            .collect();
        // 9 players, 1 round of 2 tables with 8 seats and 1 join code, the plan, its audit
        // lines (9 players, withdrawal, round, join code, plan) and its 1 stored key; one
        // line in the organiser's own log instead.
        assert_eq!(
            gone,
            [
                ("tournaments", -1),
                ("players", -9),
                ("rounds", -1),
                ("round_tables", -2),
                ("table_seats", -8),
                ("join_codes", -1),
                ("seating_plans", -1),
                ("audit_log", -14),
                ("idempotency_keys", -1),
                ("organizer_audit", 1),
            ]
        );

        for gone in [
            path.clone(),
            format!("{path}/players"),
            format!("{path}/rounds"),
            format!("{path}/audit"),
            format!("{path}/plan"),
            format!("/api/v1/tables/{table}/sheet"),
        ] {
            let read = call_json(&service, "GET", &gone, Some(&org), None).await;
            expect(&read, 404, &gone);
        }
        let listed = call_json(&service, "GET", "/api/v1/tournaments", Some(&org), None).await;
        assert_eq!(column_of(&listed.json, "id"), [kept]);
        // The join code opens nothing any more, and its captain's token reaches nothing.
        let login = call_json(
            &service,
            "POST",
            "/api/v1/auth/captain",
            None,
            Some(&json!({"code": code})),
        )
        .await;
        assert!(login.status.is_client_error(), "{}", login.text);
        let sheet = call_json(
            &service,
            "GET",
            &format!("/api/v1/tables/{table}/sheet"),
            Some(&captain),
            None,
        )
        .await;
        assert!(sheet.status.is_client_error(), "{}", sheet.text);
        // The same key again is a new request now: the tournament is gone, not replayed.
        let retry = keyed_player(&service, &org, id, "nachmeldung-1").await;
        expect(&retry, 404, "no replay of a deleted tournament's answer");
        let replayed = keyed_player(&service, &org, kept, "nachmeldung-1").await;
        expect(&replayed, 201, "the kept tournament's key still replays");
        assert_eq!(players_of(&service, &org, kept).await, 5);

        // Who deleted what, when and why, without the players' names.
        let line = app
            .state
            .db
            .run(|conn| {
                use api::db::schema::organizer_audit as o;
                Ok(o::table
                    .select((
                        o::organizer_id,
                        o::action,
                        o::subject_id,
                        o::before_json,
                        o::reason,
                    ))
                    .first::<(i64, String, i64, Option<String>, Option<String>)>(conn)?)
            })
            .await
            .unwrap();
        let owner = organizer_id(&app, "leitung@example.org").await;
        assert_eq!(
            (line.0, line.1.as_str(), line.2),
            (owner, "tournament.delete", id)
        );
        let what: Value = serde_json::from_str(line.3.as_deref().unwrap()).unwrap();
        assert_eq!(what["tournament"]["name"], "Abgesagt");
        assert_eq!(
            (
                what["players"].clone(),
                what["rounds"].clone(),
                what["tables"].clone()
            ),
            (json!(9), json!(1), json!(2))
        );
        assert!(
            !line.3.unwrap().contains("Spieler"),
            "no player's name is kept"
        );
        assert_eq!(line.4.as_deref(), Some("mangels Anmeldungen abgesagt"));
        // The kept tournament is whole.
        assert_eq!(read(&service, &org, kept).await["name"], "Bleibt");
        assert_eq!(
            lines(&audit(&service, &org, kept).await, "player.create").len(),
            5
        );
    }
);

/// A column of a JSON array of objects.
fn column_of(list: &Value, key: &str) -> Vec<i64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|v| v[key].as_i64().unwrap())
        .collect()
}

async fn players_of<S: App>(service: &S, token: &str, id: i64) -> usize {
    let list = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{id}/players"),
        Some(token),
        None,
    )
    .await;
    expect(&list, 200, "players");
    list.json.as_array().unwrap().len()
}

async fn organizer_id(app: &TestApp, email: &'static str) -> i64 {
    app.state
        .db
        .run(move |conn| {
            use api::db::schema::organizers as o;
            Ok(o::table
                .filter(o::email.eq(email))
                .select(o::id)
                .first::<i64>(conn)?)
        })
        .await
        .unwrap()
}

backend_test!(a_tournament_with_a_deal_is_not_deleted, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let entered = send(
        &service,
        req(
            "POST",
            &t.path("deals"),
            Some(&t.captain),
            Some(&crate::fixtures::normal([1, 2])),
            &[("Idempotency-Key", "deal-1")],
        ),
    )
    .await;
    expect(&entered, 201, "deal 1");
    let before = counts(&app).await;
    let sheet = t.sheet(&service).await;
    let path = format!("/api/v1/tournaments/{}", t.tournament);
    let refused = call_json(&service, "DELETE", &path, Some(&t.org), None).await;
    expect(&refused, 409, "a deal is entered");
    assert_eq!(refused.json["code"], "tournament_has_deals");
    assert_eq!(counts(&app).await, before, "nothing deleted");
    assert_eq!(t.sheet(&service).await, sheet);

    // Once the only deal is deleted again, nothing was played: it can go, with the
    // captain's stored key for its table.
    let undone = send(
        &service,
        req(
            "DELETE",
            &t.path("deals/1"),
            Some(&t.org),
            None,
            &[("If-Match", "1")],
        ),
    )
    .await;
    expect(&undone, 200, "delete the deal");
    let deleted = call_json(&service, "DELETE", &path, Some(&t.org), None).await;
    expect(&deleted, 204, "delete the tournament");
    let after = counts(&app).await;
    assert_eq!(after[0], before[0] - 1);
    assert_eq!(after[8], before[8] - 1, "the captain's key is forgotten");
});

backend_test!(a_player_is_deleted_only_before_he_sits, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let extra = players(&service, &t.org, t.tournament, 1).await[0];
    let path = |id: i64| format!("/api/v1/players/{id}");

    let seated = call_json(&service, "DELETE", &path(t.players[2]), Some(&t.org), None).await;
    expect(&seated, 409, "he sits in round 1");
    assert_eq!(seated.json["code"], "player_seated");
    assert!(seated.json["detail"].as_str().unwrap().contains("[1]"));
    let other = organizer(&app, &service, "other@example.org").await;
    let foreign = call_json(&service, "DELETE", &path(extra), Some(&other), None).await;
    expect(&foreign, 404, "another organiser's player");
    let by_captain = call_json(&service, "DELETE", &path(extra), Some(&t.captain), None).await;
    expect(&by_captain, 403, "a captain");
    assert_eq!(players_of(&service, &t.org, t.tournament).await, 5);

    let deleted = call_json(&service, "DELETE", &path(extra), Some(&t.org), None).await;
    expect(&deleted, 204, "never seated");
    assert_eq!(players_of(&service, &t.org, t.tournament).await, 4);
    let again = call_json(&service, "DELETE", &path(extra), Some(&t.org), None).await;
    expect(&again, 404, "already gone");
    let log = audit(&service, &t.org, t.tournament).await;
    let deletions = lines(&log, "player.delete");
    assert_eq!(deletions.len(), 1);
    assert_eq!(deletions[0]["before"]["id"], extra);
    assert_eq!(deletions[0]["before"]["name"], "Spieler 0");
    assert_eq!(deletions[0]["after"], Value::Null);
    // His start number is free again.
    let next = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{}/players", t.tournament),
        Some(&t.org),
        Some(&json!({"name": "Ersatz", "start_number": 5})),
    )
    .await;
    expect(&next, 201, "start number 5 again");
});

backend_test!(
    deleting_a_planned_player_leaves_the_plan_readable_and_stale,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "leitung@example.org").await;
        let id = tournament(
            &service,
            &org,
            &json!({"name": "Geplant", "date": "2026-12-05", "rounds": 3}),
        )
        .await;
        let ids = players(&service, &org, id, 8).await;
        let planned = call_json(
            &service,
            "PUT",
            &format!("/api/v1/tournaments/{id}/plan"),
            Some(&org),
            Some(&json!({"seed": "geplant"})),
        )
        .await;
        expect(&planned, 200, "plan");
        assert_eq!(planned.json["withdrawn"], json!([]));

        let deleted = call_json(
            &service,
            "DELETE",
            &format!("/api/v1/players/{}", ids[3]),
            Some(&org),
            None,
        )
        .await;
        expect(&deleted, 204, "delete a planned player");
        let plan = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{id}/plan"),
            Some(&org),
            None,
        )
        .await;
        expect(&plan, 200, "the plan still reads");
        // The stored rounds are read as they were, and marked out of date without him.
        for (now, before) in plan.json["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .zip(planned.json["rounds"].as_array().unwrap())
        {
            assert_eq!(now["tables"], before["tables"], "stored as it was");
            assert_eq!(now["status"], "outdated");
            assert_eq!(now["outdated_because"]["withdrawn"], json!([ids[3]]));
        }
        assert_eq!(
            plan.json["withdrawn"],
            json!([ids[3]]),
            "and shows him gone"
        );
        let from_plan = call_json(
            &service,
            "POST",
            &format!("/api/v1/tournaments/{id}/rounds"),
            Some(&org),
            Some(&json!({"draw": {"method": "planned"}})),
        )
        .await;
        expect(&from_plan, 409, "a stale plan seats nobody");
        assert_eq!(from_plan.json["code"], "plan_outdated");
        let page = call_json(
            &service,
            "GET",
            &format!("/tournaments/{id}/plan"),
            Some(&org),
            None,
        )
        .await;
        expect(&page, 200, "the printed plan still renders");
    }
);

/// A penalty's path at table `t`.
fn penalty_path(t: &Table, id: i64) -> String {
    t.path(&format!("penalties/{id}"))
}

/// PUT of a penalty with `If-Match`.
async fn correct<S: App>(
    service: &S,
    t: &Table,
    token: &str,
    id: i64,
    version: Option<&str>,
    body: &Value,
) -> crate::fixtures::Reply {
    let headers: Vec<(&str, &str)> = version.map(|v| ("If-Match", v)).into_iter().collect();
    send(
        service,
        req(
            "PUT",
            &penalty_path(t, id),
            Some(token),
            Some(body),
            &headers,
        ),
    )
    .await
}

backend_test!(
    a_penalty_is_corrected_and_withdrawn_and_the_totals_follow,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        // Deal 1, W30: Re = seats 0 and 2 win 2: [2, -2, 2, -2]. Deal 2: Re = seats 1 and 3
        // win 1: [-1, 1, -1, 1].
        let w30 = json!({"contract": "normal", "re": [0, 2], "re_points": 160, "re_tricks": 9});
        expect(&t.post(&service, &t.captain, &w30).await, 201, "deal 1");
        expect(
            &t.post(&service, &t.captain, &crate::fixtures::normal([1, 3]))
                .await,
            201,
            "deal 2",
        );
        let recorded = call_json(
            &service,
            "POST",
            &t.path("penalties"),
            Some(&t.org),
            Some(
                &json!({"deal_number": 1, "severity": "minor", "offender": 1,
                "referee": "Weber", "offence": "  Karte zu früh gezeigt "}),
            ),
        )
        .await;
        expect(&recorded, 201, "minor violation of seat 1 in deal 1");
        let penalty = &recorded.json["deals"][0]["penalties"][0];
        assert_eq!(penalty["offence"], "Karte zu früh gezeigt", "trimmed, kept");
        let id = penalty["id"].as_i64().unwrap();
        assert_eq!(penalty["version"], 1);
        assert_eq!(penalty["scores"], json!([1, -3, 1, 1]));
        assert_eq!(recorded.json["totals"], json!([2, -4, 2, 0]));
        let player = |seat: usize| t.players[seat];
        let mut expected = vec![
            (player(0), 2),
            (player(1), -4),
            (player(2), 2),
            (player(3), 0),
        ];
        expected.sort_unstable();
        assert_eq!(standings(&service, &t.org, t.tournament).await, expected);

        // The referee meant seat 2, in deal 2, and a serious violation: deal 2 counts as not
        // played; seat 2 pays 12, the others get 4 each (TSR 9.4.3).
        let too_long = json!({"deal_number": 2, "severity": "serious", "offender": 2,
                        "referee": "Weber", "offence": "x".repeat(501)});
        let refused = correct(&service, &t, &t.org, id, Some("\"1\""), &too_long).await;
        expect(&refused, 422, "what happened, in at most 500 characters");
        assert_eq!(refused.json["errors"][0]["field"], "offence");
        let ruling = json!({"deal_number": 2, "severity": "serious", "offender": 2,
                        "referee": "Weber", "reason": "falscher Spieler notiert"});
        let corrected = correct(&service, &t, &t.org, id, Some("\"1\""), &ruling).await;
        expect(&corrected, 200, "correct");
        assert_eq!(corrected.header("etag"), "\"2\"");
        let sheet = &corrected.json;
        assert!(sheet["deals"][0].get("penalties").is_none(), "{sheet}");
        assert_eq!(sheet["deals"][0]["scores"], json!([2, -2, 2, -2]));
        let moved = &sheet["deals"][1]["penalties"][0];
        assert_eq!(
            (
                moved["id"].as_i64(),
                moved["version"].clone(),
                moved["severity"].clone(),
                moved["offender"].clone()
            ),
            (Some(id), json!(2), json!("serious"), json!(2))
        );
        assert_eq!(moved["scores"], json!([4, 4, -12, 4]));
        assert_eq!(sheet["deals"][1]["game_scores"], json!([0, 0, 0, 0]));
        assert_eq!(sheet["totals"], json!([6, 2, -10, 2]));
        assert_eq!(&t.sheet(&service).await, sheet);
        let mut expected = vec![
            (player(0), 6),
            (player(1), 2),
            (player(2), -10),
            (player(3), 2),
        ];
        expected.sort_unstable();
        assert_eq!(standings(&service, &t.org, t.tournament).await, expected);
        let log = audit(&service, &t.org, t.tournament).await;
        let updates = lines(&log, "penalty.update");
        assert_eq!(updates.len(), 1);
        assert_eq!(updates[0]["table_id"], t.table);
        assert_eq!(updates[0]["reason"], "falscher Spieler notiert");
        assert_eq!(
            updates[0]["before"],
            json!({"id": id, "deal_number": 1, "severity": "minor", "offender": 1,
               "soloist": null, "could_harm_soloist": false, "opposing_absagen": 0, "deduction": 0,
               "referee": "Weber", "offence": "Karte zu früh gezeigt", "version": 1,
               "scores": [1, -3, 1, 1]})
        );
        assert_eq!(updates[0]["after"]["deal_number"], 2);
        assert_eq!(updates[0]["after"]["scores"], json!([4, 4, -12, 4]));
        assert_eq!(updates[0]["after"]["version"], 2);
        assert_eq!(
            updates[0]["after"]["offence"],
            json!(null),
            "the new ruling says none"
        );

        // Refusals change nothing.
        let stale = correct(&service, &t, &t.org, id, Some("1"), &ruling).await;
        expect(&stale, 412, "the version moved on");
        assert_eq!(stale.json["code"], "version_mismatch");
        let unversioned = correct(&service, &t, &t.org, id, None, &ruling).await;
        expect(&unversioned, 428, "no If-Match");
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
                json!({"deal_number": 1, "severity": "minor", "offender": 1, "referee": ""}),
                "referee",
            ),
            (
                json!({"deal_number": 1, "severity": "minor", "offender": 1, "referee": "W",
                "opposing_absagen": 5}),
                "opposing_absagen",
            ),
            (
                json!({"deal_number": 1, "severity": "minor", "offender": 1}),
                "referee",
            ),
        ];
        for (body, field) in &bad {
            let refused = correct(&service, &t, &t.org, id, Some("2"), body).await;
            expect(&refused, 422, &body.to_string());
            assert_eq!(refused.fields(), [*field], "{}", refused.text);
        }
        let by_captain = correct(&service, &t, &t.captain, id, Some("2"), &ruling).await;
        expect(&by_captain, 403, "captains rule no penalties");
        let other = organizer(&app, &service, "other@example.org").await;
        let foreign = correct(&service, &t, &other, id, Some("2"), &ruling).await;
        expect(&foreign, 404, "another organiser");
        let unknown = correct(&service, &t, &t.org, id + 1000, Some("2"), &ruling).await;
        expect(&unknown, 404, "no such penalty");
        assert_eq!(&t.sheet(&service).await, sheet, "nothing changed");

        // Deal 2 carries the penalty, so it cannot be deleted; withdraw the penalty first.
        let carrying = send(
            &service,
            req(
                "DELETE",
                &t.path("deals/2"),
                Some(&t.org),
                None,
                &[("If-Match", "1")],
            ),
        )
        .await;
        expect(&carrying, 409, "deal with a penalty");
        assert_eq!(carrying.json["code"], "deal_has_penalties");
        let no_version = call_json(
            &service,
            "DELETE",
            &penalty_path(&t, id),
            Some(&t.org),
            None,
        )
        .await;
        expect(&no_version, 428, "withdraw without If-Match");
        let stale = send(
            &service,
            req(
                "DELETE",
                &penalty_path(&t, id),
                Some(&t.org),
                None,
                &[("If-Match", "1")],
            ),
        )
        .await;
        expect(&stale, 412, "withdraw an old version");
        let by_captain = send(
            &service,
            req(
                "DELETE",
                &penalty_path(&t, id),
                Some(&t.captain),
                None,
                &[("If-Match", "2")],
            ),
        )
        .await;
        expect(&by_captain, 403, "captains withdraw nothing");
        let withdrawn = send(
            &service,
            req(
                "DELETE",
                &penalty_path(&t, id),
                Some(&t.org),
                None,
                &[("If-Match", "2"), ("X-Reason", "Einspruch stattgegeben")],
            ),
        )
        .await;
        expect(&withdrawn, 200, "withdraw");
        assert!(withdrawn.json["deals"][1].get("penalties").is_none());
        assert_eq!(withdrawn.json["deals"][1]["scores"], json!([-1, 1, -1, 1]));
        assert_eq!(withdrawn.json["totals"], json!([1, -1, 1, -1]));
        let mut expected = vec![
            (player(0), 1),
            (player(1), -1),
            (player(2), 1),
            (player(3), -1),
        ];
        expected.sort_unstable();
        assert_eq!(standings(&service, &t.org, t.tournament).await, expected);
        let log = audit(&service, &t.org, t.tournament).await;
        let deletions = lines(&log, "penalty.delete");
        assert_eq!(deletions.len(), 1);
        assert_eq!(deletions[0]["reason"], "Einspruch stattgegeben");
        assert_eq!(deletions[0]["before"]["scores"], json!([4, 4, -12, 4]));
        assert_eq!(deletions[0]["after"], Value::Null);
        let again = send(
            &service,
            req(
                "DELETE",
                &penalty_path(&t, id),
                Some(&t.org),
                None,
                &[("If-Match", "2")],
            ),
        )
        .await;
        expect(&again, 404, "already withdrawn");
        let deal_goes = send(
            &service,
            req(
                "DELETE",
                &t.path("deals/2"),
                Some(&t.org),
                None,
                &[("If-Match", "1")],
            ),
        )
        .await;
        expect(&deal_goes, 200, "the deal can go now");
    }
);

backend_test!(
    a_penalty_that_moved_with_its_deal_needs_its_new_version,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        t.fill(&service, &repeat(&Step::Normal, 3)).await;
        let recorded = call_json(
            &service,
            "POST",
            &t.path("penalties"),
            Some(&t.org),
            Some(
                &json!({"deal_number": 3, "severity": "minor", "offender": 0, "referee": "Weber"}),
            ),
        )
        .await;
        expect(&recorded, 201, "penalty on deal 3");
        let id = recorded.json["deals"][2]["penalties"][0]["id"]
            .as_i64()
            .unwrap();
        let deleted = send(
            &service,
            req(
                "DELETE",
                &t.path("deals/2"),
                Some(&t.org),
                None,
                &[("If-Match", "1")],
            ),
        )
        .await;
        expect(&deleted, 200, "delete deal 2");
        let moved = &deleted.json["deals"][1]["penalties"][0];
        assert_eq!(
            (moved["id"].as_i64(), moved["version"].clone()),
            (Some(id), json!(2))
        );
        // A correction read before the move names deal 3 (gone) with version 1.
        let stale = correct(
        &service,
        &t,
        &t.org,
        id,
        Some("1"),
        &json!({"deal_number": 2, "severity": "insignificant", "offender": 0, "referee": "Weber"}),
    )
    .await;
        expect(&stale, 412, "read before the move");
        let fresh = correct(
        &service,
        &t,
        &t.org,
        id,
        Some("2"),
        &json!({"deal_number": 2, "severity": "insignificant", "offender": 0, "referee": "Weber"}),
    )
    .await;
        expect(&fresh, 200, "read after the move");
        assert_eq!(
            fresh.json["deals"][1]["penalties"][0]["scores"],
            json!([0, 0, 0, 0])
        );
        assert_eq!(
            fresh.json["deals"][1]["penalties"][0]["severity"],
            "insignificant"
        );
    }
);

/// The same application on a new pool over the same database: a second server process.
/// The tournament's lock lives in the database, so it holds between the two.
async fn second_instance(app: &TestApp) -> api::AppState {
    api::AppState::open((*app.state.config).clone())
        .await
        .unwrap()
}

/// Every round's number, and per table its size and the deals planned there.
async fn planned_deals<S: App>(service: &S, token: &str, id: i64) -> Vec<(i64, Vec<(usize, i64)>)> {
    let list = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{id}/rounds"),
        Some(token),
        None,
    )
    .await;
    expect(&list, 200, "round list");
    list.json
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let tables = r["tables"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| {
                    (
                        t["seats"].as_array().unwrap().len(),
                        t["planned_deals"].as_i64().unwrap(),
                    )
                })
                .collect();
            (r["number"].as_i64().unwrap(), tables)
        })
        .collect()
}

/// Creates the next round of a 4-table and a 5-table, early.
fn next_round(token: &str, id: i64, ids: &[i64]) -> actix_http::Request {
    req(
        "POST",
        &format!("/api/v1/tournaments/{id}/rounds"),
        Some(token),
        Some(&json!({"tables": [&ids[..4], &ids[4..]], "early": true})),
        &[],
    )
}

backend_test!(
    a_round_created_while_the_settings_change_follows_the_final_settings,
    |app| {
        // Two instances, as two processes behind a load balancer: the round is created
        // through one while the deals per round change through the other.
        let first = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let second =
            actix_web::test::init_service(api::app::build(second_instance(&app).await)).await;
        let org = organizer(&app, &first, "leitung@example.org").await;
        let id = tournament(
            &first,
            &org,
            &json!({"name": "Karlchen-Cup", "date": "2026-12-05", "rounds": 30,
                    "deals_four": 24, "deals_five": 25}),
        )
        .await;
        let ids = players(&first, &org, id, 9).await;
        for race in 0..12_i64 {
            let (four, five) = if race % 2 == 0 { (20, 25) } else { (24, 30) };
            let change = json!({"deals_four": four, "deals_five": five});
            let (created, changed) = tokio::join!(
                send(&first, next_round(&org, id, &ids)),
                patch(&second, &org, id, &change),
            );
            expect(&created, 201, &format!("race {race}: the round"));
            expect(&changed, 200, &format!("race {race}: the change"));
            // Whichever came first, every open round (the new one too) plays the deals
            // the tournament now says: 20/25 after an even race, 24/30 after an odd one.
            let settings = read(&first, &org, id).await;
            assert_eq!(
                (
                    settings["deals_four"].clone(),
                    settings["deals_five"].clone()
                ),
                (json!(four), json!(five))
            );
            let rounds = planned_deals(&second, &org, id).await;
            assert_eq!(rounds.len(), usize::try_from(race + 1).unwrap());
            for (number, tables) in rounds {
                assert_eq!(
                    tables,
                    [(4, four), (5, five)],
                    "race {race}: round {number} keeps deals the tournament no longer has"
                );
            }
        }

        // Fewer rounds against the next round: one of them is refused for the other.
        for race in 0..6_i64 {
            let existing = 12 + race;
            let change = json!({ "rounds": existing });
            let (created, changed) = tokio::join!(
                send(&first, next_round(&org, id, &ids)),
                patch(&second, &org, id, &change),
            );
            let settings = read(&first, &org, id).await;
            let rounds = planned_deals(&second, &org, id).await.len();
            match (created.status.as_u16(), changed.status.as_u16()) {
                (201, 422) => {
                    assert_eq!(changed.json["code"], "settings_contradict_play");
                    assert_eq!(
                        changed.faults(),
                        [("rounds".to_owned(), "below_rounds_created".to_owned())]
                    );
                    assert_eq!(rounds, usize::try_from(existing + 1).unwrap());
                    // Back to as many as exist, for the next race.
                    let fit = patch(&first, &org, id, &json!({"rounds": existing + 1})).await;
                    expect(&fit, 200, "as many rounds as exist");
                }
                (409, 200) => {
                    assert_eq!(created.json["code"], "all_rounds_created");
                    assert_eq!(rounds, usize::try_from(existing).unwrap());
                    assert_eq!(settings["rounds"], existing);
                    let round = send(&first, next_round(&org, id, &ids)).await;
                    expect(&round, 409, "still all rounds");
                    // Room for one more round, for the next race.
                    let more = patch(&first, &org, id, &json!({"rounds": existing + 1})).await;
                    expect(&more, 200, "one more round");
                    expect(
                        &send(&first, next_round(&org, id, &ids)).await,
                        201,
                        "the round",
                    );
                }
                other => panic!(
                    "race {race}: round {other:?} — {} / {}",
                    created.text, changed.text
                ),
            }
            let settings = read(&first, &org, id).await;
            let rounds = planned_deals(&second, &org, id).await.len();
            assert_eq!(settings["rounds"], json!(rounds), "race {race}");
        }
    }
);

/// Deals stored for table `table`, whether or not the table still exists.
async fn deals_of_table(app: &TestApp, table: i64) -> i64 {
    use api::db::schema::deals;
    app.state
        .db
        .run(move |conn| {
            Ok(deals::table
                .filter(deals::table_id.eq(table))
                .count()
                .get_result(conn)?)
        })
        .await
        .unwrap()
}

backend_test!(
    a_deal_entered_while_its_round_is_deleted_is_stored_with_its_round_or_refused,
    |app| {
        // Two instances: the organiser deletes the last round through one while the first
        // deal of one of its tables is entered through the other.
        let first = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let second =
            actix_web::test::init_service(api::app::build(second_instance(&app).await)).await;
        let org = organizer(&app, &first, "leitung@example.org").await;
        let id = tournament(
            &first,
            &org,
            &json!({"name": "Karlchen-Cup", "date": "2026-12-05", "rounds": 30}),
        )
        .await;
        let ids = players(&first, &org, id, 9).await;
        let (mut kept, mut deleted) = (0, 0);
        for race in 0..10 {
            let created = send(&first, next_round(&org, id, &ids)).await;
            expect(&created, 201, &format!("race {race}: the round"));
            let round = created.json["id"].as_i64().unwrap();
            let table = created.json["tables"][0]["id"].as_i64().unwrap();
            let (deal_path, round_path) = (
                format!("/api/v1/tables/{table}/deals"),
                format!("/api/v1/rounds/{round}"),
            );
            let deal = crate::fixtures::normal([0, 2]);
            let (entered, dropped) = tokio::join!(
                call_json(&second, "POST", &deal_path, Some(&org), Some(&deal)),
                call_json(&first, "DELETE", &round_path, Some(&org), None),
            );
            let stored = deals_of_table(&app, table).await;
            match (entered.status.as_u16(), dropped.status.as_u16()) {
                // The deal came first: the round has begun and stays, with its deal.
                (201, 409) => {
                    assert_eq!(dropped.json["code"], "round_started", "race {race}");
                    assert_eq!(stored, 1, "race {race}");
                    kept += 1;
                }
                // The deletion came first: the deal finds no table, and none is stored.
                (404, 204) => {
                    assert_eq!(stored, 0, "race {race}: a deal without its table");
                    deleted += 1;
                }
                other => panic!(
                    "race {race}: {other:?}: {} / {}",
                    entered.text, dropped.text
                ),
            }
        }
        assert_eq!(kept + deleted, 10);
    }
);
