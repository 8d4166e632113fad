//! The tournament day's clock end to end: the organiser starts a round, every table's
//! sheet counts down its minutes (the tournament's 165 for 4-tables and 200 for 5-tables
//! here), the time runs out and the sheet is in time-up by itself, extra time moves one
//! table's deadline, and the organiser's monitor shows every table as its sheet does.
//!
//! The application's clock is stopped at the start of each test and moved forward by
//! hand (`Clock::advance`), so the seconds are exact and nobody sleeps.

use chrono::{DateTime, NaiveDateTime, TimeDelta, Utc};
use diesel::prelude::*;
use serde_json::{Value, json};
use service_tests::{TestApp, backend_test};

use crate::fixtures::{
    App, Reply, Step, Table, call_json, captain, expect, normal, organizer, players, repeat, req,
    round, send, solo, start_round, tournament,
};

/// A tournament of 165 minutes for 4-tables and 200 for 5-tables, with one round of
/// `sizes` tables, not started: one [`Table`] per table.
pub(crate) async fn day<S: App>(app: &TestApp, service: &S, sizes: &[usize]) -> Vec<Table> {
    day_with(app, service, sizes, 24).await
}

/// As [`day`], with `deals_four` deals planned at a 4-table.
async fn day_with<S: App>(
    app: &TestApp,
    service: &S,
    sizes: &[usize],
    deals_four: u16,
) -> Vec<Table> {
    let org = organizer(app, service, "leitung@example.org").await;
    let tournament = tournament(
        service,
        &org,
        &json!({"name": "Karlchen-Cup", "date": "2026-12-05", "deals_four": deals_four,
                "minutes_four": 165, "minutes_five": 200}),
    )
    .await;
    let all = players(service, &org, tournament, sizes.iter().sum()).await;
    let mut seats = Vec::new();
    let mut rest = &all[..];
    for &size in sizes {
        let (table, more) = rest.split_at(size);
        seats.push(table.to_vec());
        rest = more;
    }
    let r = round(service, &org, tournament, &json!(seats)).await;
    let round_id = r.json["id"].as_i64().unwrap();
    let mut tables = Vec::new();
    for (i, players) in seats.into_iter().enumerate() {
        let table = r.json["tables"][i]["id"].as_i64().unwrap();
        tables.push(Table {
            captain: captain(service, &org, table).await,
            org: org.clone(),
            tournament,
            players,
            round: round_id,
            table,
        });
    }
    tables
}

/// `/api/v1/rounds/{round}/…`.
fn round_path(t: &Table, rest: &str) -> String {
    format!("/api/v1/rounds/{}/{rest}", t.round)
}

/// The round's monitor as its organiser sees it.
async fn monitor<S: App>(service: &S, t: &Table) -> Value {
    let m = call_json(
        service,
        "GET",
        &round_path(t, "monitor"),
        Some(&t.org),
        None,
    )
    .await;
    expect(&m, 200, "monitor");
    m.json
}

/// Extends `t`'s time as its organiser.
async fn extend<S: App>(service: &S, t: &Table, body: &Value) -> Reply {
    call_json(service, "POST", &t.path("extend"), Some(&t.org), Some(body)).await
}

/// The application's clock, stopped now (so that every answer's seconds are exact).
fn stopped_clock(app: &TestApp) -> NaiveDateTime {
    let clock = app.state.db.clock();
    clock.stop();
    clock.now()
}

/// Moves the application's clock `minutes` forward.
fn advance(app: &TestApp, minutes: i64) {
    app.state.db.clock().advance(TimeDelta::minutes(minutes));
}

/// An RFC 3339 time as the API writes it.
fn at(value: &Value) -> NaiveDateTime {
    DateTime::parse_from_rfc3339(value.as_str().unwrap())
        .unwrap()
        .with_timezone(&Utc)
        .naive_utc()
}

/// The stored time-up mark of a table and whether the clock made it.
fn stored_mark(app: &TestApp, table: i64) -> (Option<i32>, bool) {
    use api::db::schema::round_tables;
    let mut conn = app.state.db.connection().unwrap();
    round_tables::table
        .find(table)
        .select((round_tables::time_up_after, round_tables::time_up_by_clock))
        .first(&mut **conn)
        .unwrap()
}

/// The stored creation times of a table's deals, in number order.
fn entered_at(app: &TestApp, table: i64) -> Vec<NaiveDateTime> {
    use api::db::schema::deals;
    let mut conn = app.state.db.connection().unwrap();
    deals::table
        .filter(deals::table_id.eq(table))
        .order(deals::number.asc())
        .select(deals::created_at)
        .load(&mut **conn)
        .unwrap()
}

/// The audit entries of `action`.
async fn audit<S: App>(service: &S, t: &Table, action: &str) -> Vec<Value> {
    let log = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{}/audit", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&log, 200, "audit");
    log.json
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == action)
        .cloned()
        .collect()
}

backend_test!(starting_a_round_starts_the_clock_of_every_table, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let tables = day(&app, &service, &[4, 5]).await;
    let (four, five) = (&tables[0], &tables[1]);
    let t0 = stopped_clock(&app);

    // Not started: no clock, and no time-up however late it is.
    let before = four.sheet(&service).await;
    assert_eq!(before["clock"], Value::Null);
    let m = monitor(&service, four).await;
    assert_eq!(m["started_at"], Value::Null);
    assert_eq!(m["tables"][0]["seconds_left"], Value::Null);
    advance(&app, 1000);
    assert_eq!(four.sheet(&service).await["time_up"], false);

    // Only the tournament's organiser starts it.
    let other = organizer(&app, &service, "andere@example.org").await;
    let path = round_path(four, "start");
    let denied = call_json(&service, "POST", &path, Some(&four.captain), None).await;
    expect(&denied, 403, "a captain");
    let denied = call_json(&service, "POST", &path, None, None).await;
    expect(&denied, 401, "no token");
    let denied = call_json(&service, "POST", &path, Some(&other), None).await;
    expect(&denied, 404, "another organiser");

    let t1 = t0 + TimeDelta::minutes(1000);
    let started = start_round(&service, four).await;
    expect(&started, 200, "start");
    assert_eq!(at(&started.json["started_at"]), t1);
    let rows = started.json["tables"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["seconds_left"], 165 * 60);
    assert_eq!(rows[1]["seconds_left"], 200 * 60);
    assert_eq!(at(&rows[0]["ends_at"]), t1 + TimeDelta::minutes(165));
    assert_eq!(at(&rows[1]["ends_at"]), t1 + TimeDelta::minutes(200));

    // Each sheet shows its clock.
    advance(&app, 15);
    for (t, minutes) in [(four, 165), (five, 200)] {
        let clock = &t.sheet(&service).await["clock"];
        assert_eq!(at(&clock["started_at"]), t1);
        assert_eq!(at(&clock["ends_at"]), t1 + TimeDelta::minutes(minutes));
        assert_eq!(clock["minutes"], minutes);
        assert_eq!(clock["extra_minutes"], 0);
        assert_eq!(clock["seconds_left"], (minutes - 15) * 60);
    }

    // Starting again keeps the first start and logs nothing.
    let again = start_round(&service, four).await;
    expect(&again, 200, "start again");
    assert_eq!(at(&again.json["started_at"]), t1);
    assert_eq!(again.json["tables"][0]["seconds_left"], 150 * 60);
    let logged = audit(&service, four, "round.start").await;
    assert_eq!(logged.len(), 1, "{logged:?}");
    assert_eq!(logged[0]["after"]["round"], 1);
    assert_eq!(at(&logged[0]["after"]["started_at"]), t1);
});

backend_test!(a_closed_round_does_not_start, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let tables = day(&app, &service, &[4]).await;
    let t = &tables[0];
    let closed = call_json(
        &service,
        "POST",
        &round_path(t, "close"),
        Some(&t.org),
        // No deal entered: closing it anyway is the organiser's decision.
        Some(&json!({"force": true})),
    )
    .await;
    expect(&closed, 200, "close");
    let refused = start_round(&service, t).await;
    expect(&refused, 409, "start a closed round");
    assert_eq!(refused.json["code"], "round_closed");
    assert_eq!(monitor(&service, t).await["started_at"], Value::Null);
});

backend_test!(
    when_the_time_runs_out_the_sheet_is_in_time_up_by_itself,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let tables = day(&app, &service, &[4]).await;
        let t = &tables[0];
        let t0 = stopped_clock(&app);
        expect(&start_round(&service, t).await, 200, "start");
        // Deals 1-5 normal, seat 3's Pflichtsolo in deal 6 (dealer 1 deals again), 7-9 normal.
        let steps = [
            repeat(&Step::Normal, 5),
            vec![Step::Solo(3)],
            repeat(&Step::Normal, 3),
        ]
        .concat();
        t.fill(&service, &steps).await;

        advance(&app, 164);
        let sheet = t.sheet(&service).await;
        assert_eq!(sheet["time_up"], false);
        assert_eq!(sheet["time_up_by"], Value::Null);
        assert_eq!(sheet["clock"]["seconds_left"], 60);

        // 165 minutes: time is up after the nine deals entered, by the clock.
        advance(&app, 1);
        let sheet = t.sheet(&service).await;
        assert_eq!(sheet["time_up"], true);
        assert_eq!(sheet["time_up_by"], "clock");
        assert_eq!(sheet["clock"]["seconds_left"], 0);
        assert_eq!(sheet["complete"], false);
        assert_eq!(sheet["pflichtsolo_owed"], json!([0, 1, 2]));
        assert_eq!(sheet["next"]["number"], 10);
        assert_eq!(sheet["next"]["dealer"], 0);
        assert_eq!(sheet["next"]["forced_soloist"], 1);
        // A read derives it and stores nothing.
        assert_eq!(stored_mark(&app, t.table), (None, false));

        // A normal game is struck now; the owed Pflichtsolo of seat 1 is still played.
        let struck = t.post(&service, &t.captain, &normal([1, 2])).await;
        expect(&struck, 422, "a normal game after the time ran out");
        assert_eq!(struck.json["code"], "not_allowed_now");
        assert_eq!(struck.fields(), ["contract"]);
        let wrong = t.post(&service, &t.captain, &solo(2)).await;
        expect(&wrong, 422, "the wrong soloist");
        assert_eq!(wrong.fields(), ["re"]);
        assert_eq!(
            stored_mark(&app, t.table),
            (None, false),
            "refusals store nothing"
        );
        let forced = t.post(&service, &t.captain, &solo(1)).await;
        expect(&forced, 201, "the owed solo");
        assert_eq!(forced.json["deal"]["kind"], "vorgefuehrt");
        assert_eq!(forced.json["deal"]["scores"], json!([-1, 3, -1, -1]));
        let sheet = &forced.json["sheet"];
        assert_eq!(sheet["time_up_by"], "clock");
        assert_eq!(sheet["next"]["dealer"], 1);
        assert_eq!(sheet["next"]["forced_soloist"], 2);

        // The first write stored the mark a read derived: after the nine deals entered before
        // the deadline, as their stored times say.
        assert_eq!(stored_mark(&app, t.table), (Some(9), true));
        let deadline = at(&sheet["clock"]["ends_at"]);
        assert_eq!(deadline, t0 + TimeDelta::minutes(165));
        let times = entered_at(&app, t.table);
        assert_eq!(times.len(), 10);
        assert!(times[..9].iter().all(|&e| e < deadline), "{times:?}");
        assert!(times[9] >= deadline);
        assert_eq!(
            t.sheet(&service).await,
            *sheet,
            "reads agree with the write"
        );

        // The last two owed solos end the round after twelve deals.
        let done = t.fill(&service, &repeat(&Step::Forced, 2)).await;
        assert_eq!(done["complete"], true);
        assert_eq!(done["deals"].as_array().unwrap().len(), 12);
        // Nine normal games and seat 3's solo left [-1, -1, -1, 3]; each forced solo won 3/-1.
        assert_eq!(done["totals"], json!([0, 0, 0, 0]));
    }
);

backend_test!(extra_time_moves_one_tables_deadline, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let tables = day(&app, &service, &[4, 4]).await;
    let (t, other) = (&tables[0], &tables[1]);
    let t0 = stopped_clock(&app);
    let reason = "Schiedsrichterentscheidung an Tisch 1";

    let early = extend(&service, t, &json!({"minutes": 10, "reason": reason})).await;
    expect(&early, 409, "before the start");
    assert_eq!(early.json["code"], "round_not_started");
    assert_eq!(early.json["current"]["table_id"], t.table);

    expect(&start_round(&service, t).await, 200, "start");
    t.fill(&service, &repeat(&Step::Normal, 2)).await;
    let extended = extend(&service, t, &json!({"minutes": 10, "reason": reason})).await;
    expect(&extended, 200, "extend");
    let clock = &extended.json["clock"];
    assert_eq!(clock["minutes"], 165);
    assert_eq!(clock["extra_minutes"], 10);
    assert_eq!(clock["seconds_left"], 175 * 60);
    assert_eq!(at(&clock["ends_at"]), t0 + TimeDelta::minutes(175));
    // Only this table.
    assert_eq!(other.sheet(&service).await["clock"]["extra_minutes"], 0);

    // Bad input changes nothing.
    for (body, field, code) in [
        (
            json!({"minutes": 0, "reason": reason}),
            "minutes",
            "out_of_range",
        ),
        (
            json!({"minutes": 121, "reason": reason}),
            "minutes",
            "out_of_range",
        ),
        (json!({"minutes": -5, "reason": reason}), "minutes", ""),
        (
            json!({"minutes": 5, "reason": "  "}),
            "reason",
            "invalid_length",
        ),
        (json!({"minutes": 5}), "reason", ""),
    ] {
        let refused = extend(&service, t, &body).await;
        expect(&refused, 422, &body.to_string());
        assert_eq!(refused.fields(), [field], "{body}");
        if !code.is_empty() {
            assert_eq!(refused.json["errors"][0]["code"], code, "{body}");
        }
    }
    let denied = call_json(
        &service,
        "POST",
        &t.path("extend"),
        Some(&t.captain),
        Some(&json!({"minutes": 5, "reason": reason})),
    )
    .await;
    expect(&denied, 403, "a captain");
    assert_eq!(t.sheet(&service).await["clock"]["extra_minutes"], 10);

    // A retry with the same key does not extend twice.
    let body = json!({"minutes": 5, "reason": reason});
    let mut answers = Vec::new();
    for _ in 0..2 {
        let r = send(
            &service,
            req(
                "POST",
                &t.path("extend"),
                Some(&t.org),
                Some(&body),
                &[("Idempotency-Key", "verlaengerung-1")],
            ),
        )
        .await;
        expect(&r, 200, "extend with a key");
        answers.push(r.json);
    }
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[1]["clock"]["extra_minutes"], 15);

    // 180 minutes now: one minute before, the time runs; at 181 it is up.
    advance(&app, 179);
    let sheet = t.sheet(&service).await;
    assert_eq!(
        (&sheet["time_up"], &sheet["clock"]["seconds_left"]),
        (&json!(false), &json!(60))
    );
    assert_eq!(other.sheet(&service).await["time_up_by"], "clock");
    advance(&app, 2);
    assert_eq!(t.sheet(&service).await["time_up_by"], "clock");

    // One more minute reaches exactly now: the time stays up, the minute is noted.
    let still = extend(&service, t, &json!({"minutes": 1, "reason": reason})).await;
    expect(&still, 200, "extend to now");
    assert_eq!(still.json["time_up_by"], "clock");
    assert_eq!(still.json["clock"]["extra_minutes"], 16);
    // Four more reach past now: the clock's time-up is lifted, normal games go on.
    let lifted = extend(&service, t, &json!({"minutes": 4, "reason": reason})).await;
    expect(&lifted, 200, "extend past now");
    assert_eq!(lifted.json["time_up"], false);
    assert_eq!(lifted.json["time_up_by"], Value::Null);
    assert_eq!(lifted.json["clock"]["seconds_left"], 4 * 60);
    assert_eq!(stored_mark(&app, t.table), (None, false));
    t.fill(&service, &[Step::Normal]).await;

    // Up again after three deals; once a forced solo is entered under it, it stays.
    advance(&app, 5);
    let sheet = t.fill(&service, &[Step::Forced]).await;
    assert_eq!(sheet["deals"][3]["kind"], "vorgefuehrt");
    assert_eq!(stored_mark(&app, t.table), (Some(3), true));
    let refused = extend(&service, t, &json!({"minutes": 30, "reason": reason})).await;
    expect(&refused, 409, "after a forced solo");
    assert_eq!(refused.json["code"], "played_under_time_up");
    assert_eq!(refused.json["current"]["clock"]["extra_minutes"], 20);

    // At the other table the clock ran out first, so the organiser's call comes too late;
    // with nothing entered since, extra time lifts the clock's time-up.
    let called = call_json(
        &service,
        "POST",
        &other.path("time-up"),
        Some(&other.org),
        None,
    )
    .await;
    expect(&called, 409, "the clock was first");
    assert_eq!(called.json["code"], "time_up_refused");
    assert_eq!(
        stored_mark(&app, other.table),
        (None, false),
        "a refusal stores nothing"
    );
    assert_eq!(other.sheet(&service).await["time_up_by"], "clock");
    let lifted = extend(&service, other, &json!({"minutes": 30, "reason": reason})).await;
    expect(&lifted, 200, "the other table's clock time-up is lifted");
    assert_eq!(lifted.json["time_up"], false);
    assert_eq!(lifted.json["clock"]["seconds_left"], (195 - 186) * 60);

    let logged = audit(&service, t, "table.extend").await;
    let minutes: Vec<&Value> = logged
        .iter()
        .filter(|e| e["table_id"] == t.table)
        .map(|e| &e["after"]["minutes"])
        .collect();
    assert_eq!(minutes, [&json!(10), &json!(5), &json!(1), &json!(4)]);
    assert!(logged.iter().all(|e| e["reason"] == reason));
    assert_eq!(logged[3]["after"]["time_up_lifted"], true);
    assert_eq!(logged[3]["before"]["extra_minutes"], 16);
});

backend_test!(the_organiser_calls_time_up_at_every_table_at_once, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let tables = day(&app, &service, &[4, 4, 5]).await;
    let (a, b, c) = (&tables[0], &tables[1], &tables[2]);
    stopped_clock(&app);
    expect(&start_round(&service, a).await, 200, "start");
    a.fill(&service, &repeat(&Step::Normal, 3)).await;
    // Table b is complete: every Pflichtsolo played, then time called with nothing owed.
    b.fill(
        &service,
        &[Step::Solo(0), Step::Solo(1), Step::Solo(2), Step::Solo(3)],
    )
    .await;
    expect(
        &call_json(&service, "POST", &b.path("time-up"), Some(&b.org), None).await,
        200,
        "time-up at b",
    );
    assert_eq!(b.sheet(&service).await["complete"], true);
    c.fill(&service, &repeat(&Step::Normal, 1)).await;

    let path = round_path(a, "time-up");
    let denied = call_json(&service, "POST", &path, Some(&a.captain), None).await;
    expect(&denied, 403, "a captain");
    let called = call_json(&service, "POST", &path, Some(&a.org), None).await;
    expect(&called, 200, "time-up for the round");
    let rows = called.json["tables"].as_array().unwrap();
    let by: Vec<&Value> = rows.iter().map(|r| &r["time_up_by"]).collect();
    assert_eq!(by, [&json!("organiser"); 3]);
    assert_eq!(
        rows[0]["forced_soloist"]["seat"], 0,
        "a: seat 0 owes, dealer 3"
    );
    assert_eq!(rows[2]["deals_entered"], 1);
    assert_eq!(rows[2]["next_dealer"]["seat"], 1);
    assert_eq!(stored_mark(&app, a.table), (Some(3), false));
    assert_eq!(stored_mark(&app, c.table), (Some(1), false));
    let a_sheet = a.sheet(&service).await;
    assert_eq!(a_sheet["time_up_by"], "organiser");
    let refused = a.post(&service, &a.captain, &normal([0, 1])).await;
    expect(&refused, 422, "a normal game after time-up");

    // Logged for the two tables it changed; calling again changes nothing.
    let logged = audit(&service, a, "table.time_up").await;
    assert_eq!(logged.len(), 3, "b's own and the round's two: {logged:?}");
    let again = call_json(&service, "POST", &path, Some(&a.org), None).await;
    expect(&again, 200, "again");
    assert_eq!(audit(&service, a, "table.time_up").await.len(), 3);

    // An extension does not undo a time-up the organiser called.
    let refused = extend(&service, a, &json!({"minutes": 10, "reason": "Pause"})).await;
    expect(&refused, 409, "extend after the call");
    assert_eq!(refused.json["code"], "time_up_called");
    let refused = extend(&service, b, &json!({"minutes": 10, "reason": "Pause"})).await;
    expect(
        &refused,
        409,
        "extend after the call that completed the sheet",
    );
    assert_eq!(refused.json["code"], "time_up_called");
});

backend_test!(a_complete_sheet_gets_no_extra_time, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    // Four deals planned: the four Pflichtsoli complete the sheet.
    let tables = day_with(&app, &service, &[4], 4).await;
    let t = &tables[0];
    stopped_clock(&app);
    expect(&start_round(&service, t).await, 200, "start");
    let sheet = t.fill(&service, &repeat(&Step::Forced, 4)).await;
    assert_eq!(sheet["complete"], true);
    let refused = extend(&service, t, &json!({"minutes": 10, "reason": "Pause"})).await;
    expect(&refused, 409, "extend a complete sheet");
    assert_eq!(refused.json["code"], "sheet_complete");
    assert_eq!(refused.json["current"]["complete"], true);
    // Its time running out changes nothing either: a complete sheet has no time-up.
    advance(&app, 200);
    let sheet = t.sheet(&service).await;
    assert_eq!(
        (&sheet["time_up"], &sheet["complete"]),
        (&json!(false), &json!(true))
    );
    assert_eq!(sheet["clock"]["seconds_left"], 0);
    assert_eq!(monitor(&service, t).await["tables"][0]["complete"], true);
});

backend_test!(the_monitor_shows_every_table_as_its_sheet_does, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let tables = day(&app, &service, &[4, 5]).await;
    let (four, five) = (&tables[0], &tables[1]);
    let t0 = stopped_clock(&app);
    expect(&start_round(&service, four).await, 200, "start");
    // 4-table: 20 normal games, Vorführen due for deal 21 (seat 1, dealer 0).
    four.fill(&service, &repeat(&Step::Normal, 20)).await;
    // 5-table: seat 2's Pflichtsolo in deal 1 (dealer 0 deals again), then a normal game.
    advance(&app, 7);
    five.fill(&service, &[Step::Solo(2), Step::Normal]).await;
    advance(&app, 3);

    let m = monitor(&service, four).await;
    assert_eq!(m["round"], 1);
    assert_eq!(at(&m["started_at"]), t0);
    assert_eq!(m["closed"], false);
    let rows = m["tables"].as_array().unwrap();
    assert_eq!(rows.len(), 2);

    let r = &rows[0];
    assert_eq!(r["table_id"], four.table);
    assert_eq!(r["table_number"], 1);
    assert_eq!(r["table_size"], 4);
    assert_eq!(
        (&r["deals_entered"], &r["planned_deals"]),
        (&json!(20), &json!(24))
    );
    assert_eq!(r["next_deal"], 21);
    assert_eq!(
        r["next_dealer"],
        json!({"seat": 0, "player_id": four.players[0], "name": "Spieler 0", "start_number": 1})
    );
    let owed: Vec<&Value> = r["pflichtsolo_owed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["name"])
        .collect();
    assert_eq!(owed, ["Spieler 0", "Spieler 1", "Spieler 2", "Spieler 3"]);
    assert_eq!(r["forced_soloist"]["seat"], 1);
    assert_eq!(r["forced_soloist"]["player_id"], four.players[1]);
    assert_eq!(
        (&r["time_up"], &r["time_up_by"]),
        (&json!(false), &Value::Null)
    );
    assert_eq!(r["seconds_left"], (165 - 10) * 60);
    assert_eq!(at(&r["ends_at"]), t0 + TimeDelta::minutes(165));
    assert_eq!(at(&r["last_entry_at"]), t0);
    assert_eq!(r["complete"], false);
    assert_eq!(r["problem"], Value::Null);

    let r = &rows[1];
    assert_eq!(r["table_size"], 5);
    assert_eq!(
        (&r["deals_entered"], &r["planned_deals"]),
        (&json!(2), &json!(30))
    );
    assert_eq!(r["next_dealer"]["seat"], 1);
    assert_eq!(r["next_dealer"]["name"], "Spieler 5");
    assert_eq!(r["next_dealer"]["start_number"], 6);
    let owed: Vec<&Value> = r["pflichtsolo_owed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["seat"])
        .collect();
    assert_eq!(owed, [0, 1, 3, 4]);
    assert_eq!(r["forced_soloist"], Value::Null);
    assert_eq!(r["seconds_left"], (200 - 10) * 60);
    assert_eq!(at(&r["last_entry_at"]), t0 + TimeDelta::minutes(7));

    // Every value is the sheet's.
    for (t, row) in [(four, &rows[0]), (five, &rows[1])] {
        let sheet = t.sheet(&service).await;
        assert_eq!(
            row["deals_entered"],
            sheet["deals"].as_array().unwrap().len()
        );
        assert_eq!(row["next_dealer"]["seat"], sheet["next"]["dealer"]);
        assert_eq!(
            row["next_dealer"],
            sheet["players"][sheet["next"]["dealer"].as_u64().unwrap() as usize]
        );
        let owed: Vec<&Value> = row["pflichtsolo_owed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| &p["seat"])
            .collect();
        let sheet_owed: Vec<&Value> = sheet["pflichtsolo_owed"]
            .as_array()
            .unwrap()
            .iter()
            .collect();
        assert_eq!(owed, sheet_owed);
        assert_eq!(
            row["forced_soloist"]["seat"],
            sheet["next"]["forced_soloist"]
        );
        assert_eq!(row["time_up"], sheet["time_up"]);
        assert_eq!(row["seconds_left"], sheet["clock"]["seconds_left"]);
        assert_eq!(row["ends_at"], sheet["clock"]["ends_at"]);
        assert_eq!(row["complete"], sheet["complete"]);
    }

    // The sheet names its players, and at a 5-table the one who sits out.
    let sheet = five.sheet(&service).await;
    let names: Vec<&Value> = sheet["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["name"])
        .collect();
    assert_eq!(
        names,
        [
            "Spieler 4",
            "Spieler 5",
            "Spieler 6",
            "Spieler 7",
            "Spieler 8"
        ]
    );
    assert_eq!(sheet["players"][3]["player_id"], five.players[3]);
    assert_eq!(sheet["players"][3]["start_number"], 8);
    assert_eq!(sheet["next"]["sitting_out"], 1);
    assert_eq!(sheet["sitting_out_player"], sheet["players"][1]);
    assert_eq!(sheet["sitting_out_player"]["name"], "Spieler 5");
    assert_eq!(
        four.sheet(&service).await["sitting_out_player"],
        Value::Null
    );

    // Organisers only, and only their own.
    let path = round_path(four, "monitor");
    expect(
        &call_json(&service, "GET", &path, Some(&four.captain), None).await,
        403,
        "captain",
    );
    expect(
        &call_json(&service, "GET", &path, None, None).await,
        401,
        "no token",
    );
    let other = organizer(&app, &service, "andere@example.org").await;
    expect(
        &call_json(&service, "GET", &path, Some(&other), None).await,
        404,
        "another organiser",
    );
});

backend_test!(
    the_monitor_and_the_sheet_answer_304_while_nothing_changed,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let tables = day(&app, &service, &[4]).await;
        let t = &tables[0];
        stopped_clock(&app);
        expect(&start_round(&service, t).await, 200, "start");
        let get = |path: String, tag: String| {
            let org = t.org.clone();
            let service = &service;
            async move {
                send(
                    service,
                    req("GET", &path, Some(&org), None, &[("If-None-Match", &tag)]),
                )
                .await
            }
        };
        let first = call_json(
            &service,
            "GET",
            &round_path(t, "monitor"),
            Some(&t.org),
            None,
        )
        .await;
        let tag = first.header("etag").to_owned();
        assert!(tag.starts_with('"') && tag.len() > 10, "{tag}");
        let sheet = call_json(&service, "GET", &t.path("sheet"), Some(&t.org), None).await;
        let sheet_tag = sheet.header("etag").to_owned();

        let again = get(round_path(t, "monitor"), tag.clone()).await;
        expect(&again, 304, "unchanged");
        assert!(again.text.is_empty());
        assert_eq!(again.header("etag"), tag);
        // The countdown runs, but the deadline has not moved: still 304, for both.
        advance(&app, 10);
        expect(
            &get(round_path(t, "monitor"), tag.clone()).await,
            304,
            "a minute later",
        );
        expect(
            &get(t.path("sheet"), sheet_tag.clone()).await,
            304,
            "the sheet a minute later",
        );

        // A deal changes it.
        t.fill(&service, &[Step::Normal]).await;
        let changed = get(round_path(t, "monitor"), tag.clone()).await;
        expect(&changed, 200, "after a deal");
        let tag = changed.header("etag").to_owned();
        assert_eq!(changed.json["tables"][0]["deals_entered"], 1);
        assert_eq!(changed.json["tables"][0]["seconds_left"], 155 * 60);
        // So does an extension, and the time running out.
        let extended = extend(&service, t, &json!({"minutes": 5, "reason": "Pause"})).await;
        expect(&extended, 200, "extend");
        let changed = get(round_path(t, "monitor"), tag.clone()).await;
        expect(&changed, 200, "after an extension");
        let tag = changed.header("etag").to_owned();
        advance(&app, 160);
        let changed = get(round_path(t, "monitor"), tag.clone()).await;
        expect(&changed, 200, "after the time ran out");
        assert_eq!(changed.json["tables"][0]["time_up_by"], "clock");
        let tag = changed.header("etag").to_owned();
        expect(
            &get(round_path(t, "monitor"), tag).await,
            304,
            "up, and unchanged",
        );
    }
);

/// The tournament's round list.
async fn round_list<S: App>(service: &S, t: &Table) -> Vec<Value> {
    let list = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{}/rounds", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&list, 200, "round list");
    list.json.as_array().unwrap().clone()
}

backend_test!(a_round_shows_when_its_clock_was_started, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let tables = day(&app, &service, &[4]).await;
    let t = &tables[0];
    let t0 = stopped_clock(&app);

    // Not started: the round says so, as the list shows it.
    let listed = round_list(&service, t).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["id"], t.round);
    assert_eq!(listed[0]["started_at"], Value::Null);

    // Started 25 minutes later: the list shows that instant, and keeps it.
    advance(&app, 25);
    expect(&start_round(&service, t).await, 200, "start");
    advance(&app, 40);
    let listed = round_list(&service, t).await;
    assert_eq!(at(&listed[0]["started_at"]), t0 + TimeDelta::minutes(25));

    // A second round, drawn while the first plays, has not started; closing the first
    // answers its start too.
    let next = round(
        &service,
        &t.org,
        t.tournament,
        &json!([[t.players[1], t.players[2], t.players[3], t.players[0]]]),
    )
    .await;
    assert_eq!(next.json["started_at"], Value::Null);
    let closed = call_json(
        &service,
        "POST",
        &round_path(t, "close"),
        Some(&t.org),
        Some(&json!({"force": true})),
    )
    .await;
    expect(&closed, 200, "close");
    assert_eq!(at(&closed.json["started_at"]), t0 + TimeDelta::minutes(25));
    let listed = round_list(&service, t).await;
    let started: Vec<&Value> = listed.iter().map(|r| &r["started_at"]).collect();
    assert_eq!(started.len(), 2);
    assert_eq!(at(started[0]), t0 + TimeDelta::minutes(25));
    assert_eq!(started[1], &Value::Null);
});

backend_test!(
    a_wall_clock_that_jumps_ahead_for_a_while_ends_no_round,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let tables = day(&app, &service, &[4]).await;
        let t = &tables[0];
        expect(&start_round(&service, t).await, 200, "start");
        t.fill(&service, &repeat(&Step::Normal, 2)).await;
        // A bad time server puts the machine's clock three hours ahead, past the round's
        // 165 minutes, and back again after a while.
        app.state.db.clock().jump_wall(TimeDelta::hours(3));
        let during = t.fill(&service, &[Step::Normal]).await;
        assert_eq!(during["time_up"], false, "the round's time did not run out");
        assert_eq!(during["deals"].as_array().unwrap().len(), 3);
        assert_eq!(stored_mark(&app, t.table), (None, false), "nothing marked");
        app.state.db.clock().jump_wall(TimeDelta::hours(-3));
        let after = t.fill(&service, &[Step::Normal]).await;
        assert_eq!(after["time_up"], false);
        assert!(after["clock"]["seconds_left"].as_u64().unwrap() > 160 * 60);
        assert_eq!(stored_mark(&app, t.table), (None, false));
        // Time moving on for real still ends the round.
        advance(&app, 166);
        let sheet = t.sheet(&service).await;
        assert_eq!(sheet["time_up_by"], "clock");
    }
);
