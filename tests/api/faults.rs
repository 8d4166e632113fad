//! No acknowledged deal is lost: a request that fails half-way never poisons a pooled
//! connection, concurrent writes to one table serialise, stale corrections and reused
//! idempotency keys are refused, and a sheet that does not derive never takes the
//! standings down. Every test runs on SQLite and on PostgreSQL.

use actix_web::http::StatusCode;
use diesel::prelude::*;
use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    App, Reply, Table, call_json, captain, captain_from_code, expect, normal, organizer, players,
    req, round, send, tournament,
};

fn numbers(sheet: &Value) -> Vec<u64> {
    sheet["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["number"].as_u64().unwrap())
        .collect()
}

/// A normal game the next dealer's two left neighbours win (never the sitting-out dealer).
fn next_normal(sheet: &Value) -> Value {
    let seats = sheet["table_size"].as_u64().unwrap();
    let dealer = sheet["next"]["dealer"].as_u64().unwrap();
    normal([(dealer + 1) % seats, (dealer + 2) % seats])
}

/// The same application on a new pool over the same database: what a restarted server
/// process sees. Only committed rows are there.
async fn restarted(app: &service_tests::TestApp) -> api::AppState {
    api::AppState::open((*app.state.config).clone())
        .await
        .unwrap()
}

backend_test!(a_failed_transaction_never_returns_to_the_pool, |app| {
    use api::db::schema::organizers;
    let url = app.state.config.database_url.clone();
    // One connection, so the next transaction gets the very connection that failed.
    let db = api::db::Database::open(&url, 1).unwrap();
    let add = |conn: &mut api::db::DbConn, email: &str| {
        diesel::insert_into(organizers::table)
            .values((
                organizers::email.eq(email),
                organizers::name.eq("Turnierleitung"),
                organizers::password_hash.eq("-"),
                organizers::created_at.eq(api::services::now()),
            ))
            .execute(conn)
    };
    let panicked: Result<(), _> = db
        .tx(move |conn| {
            add(conn, "lost@example.org")?;
            panic!("a bug half-way through a write");
        })
        .await;
    let problem = panicked.unwrap_err();
    assert_eq!(
        actix_web::ResponseError::status_code(&problem),
        StatusCode::INTERNAL_SERVER_ERROR
    );
    db.tx(move |conn| Ok(add(conn, "kept@example.org")?))
        .await
        .unwrap();
    drop(db);
    // A fresh pool sees the second write committed and the first rolled back.
    let fresh = api::db::Database::open(&url, 1).unwrap();
    let emails: Vec<String> = fresh
        .run(|conn| {
            Ok(organizers::table
                .select(organizers::email)
                .order(organizers::email.asc())
                .load(conn)?)
        })
        .await
        .unwrap();
    assert_eq!(emails, ["kept@example.org"]);
    fresh.ping().await.unwrap();
});

/// The backend process serving one of `db`'s connections (the pool has one).
async fn backend_pid(db: &api::db::Database) -> Result<i32, api::error::ApiError> {
    db.run(|conn| {
        let pid = diesel::dsl::sql::<diesel::sql_types::Integer>("pg_backend_pid()");
        Ok(diesel::select(pid).get_result::<i32>(conn)?)
    })
    .await
}

/// Ends PostgreSQL backend `pid`, as a restart or an idle timeout does, and waits until it
/// is gone.
fn drop_backend(url: &str, pid: i32) {
    let mut admin = diesel::PgConnection::establish(url).unwrap();
    let alive = |admin: &mut diesel::PgConnection| {
        diesel::sql_query(format!("SELECT 1 FROM pg_stat_activity WHERE pid = {pid}"))
            .execute(admin)
            .unwrap()
            > 0
    };
    diesel::sql_query(format!("SELECT pg_terminate_backend({pid})"))
        .execute(&mut admin)
        .unwrap();
    while alive(&mut admin) {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// A pooled connection is handed out unchecked only when it was found sound within the
/// last second: one the server dropped after a longer idle time is replaced before anybody
/// uses it, and one dropped within that second fails one request and is discarded.
#[actix_web::test]
async fn a_connection_the_server_dropped_is_replaced() {
    let Some(app) = service_tests::TestApp::new(service_tests::Backend::Postgres).await else {
        return;
    };
    let url = app.state.config.database_url.clone();
    let db = api::db::Database::open(&url, 1).unwrap();

    let first = backend_pid(&db).await.unwrap();
    drop_backend(&url, first);
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let second = backend_pid(&db)
        .await
        .expect("a connection idle for more than a second is checked and replaced");
    assert_ne!(second, first);

    let given_back = std::time::Instant::now();
    drop_backend(&url, second);
    let quick = given_back.elapsed() < std::time::Duration::from_millis(800);
    let used = backend_pid(&db).await;
    if quick {
        let failed = used.expect_err("handed out unchecked");
        assert!(
            matches!(
                failed,
                api::error::ApiError::Unavailable(_) | api::error::ApiError::Internal(_)
            ),
            "{failed:?}"
        );
    } else {
        // The machine was too busy to end the backend well within the second: the
        // connection may have been checked, as an idle one is.
        eprintln!(
            "ending the backend took {:?}: the unchecked hand-out is not tested",
            given_back.elapsed()
        );
        drop(used);
    }
    let third = backend_pid(&db)
        .await
        .expect("the connection that failed was checked and discarded");
    assert_ne!(third, second);
}

backend_test!(a_bad_deal_loses_none_of_the_deals_after_it, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    // Each of these once overflowed u8 arithmetic inside the write transaction.
    let bad = [
        json!({"contract": "normal", "re": [0, 2], "re_points": 130, "re_tricks": 7,
               "extras": {"re": {"fox": 200}, "kontra": {"fox": 100}}}),
        json!({"contract": "normal", "re": [0, 2], "re_points": 130, "re_tricks": 7,
               "extras": {"re": {"karlchen": 255}, "kontra": {"karlchen": 1}}}),
        json!({"contract": "solo_queens", "re": [0], "re_points": 130, "re_tricks": 7,
               "extras": {"re": {"doppelkopf": 100, "fox": 100, "karlchen": 100}}}),
    ];
    for body in &bad {
        let refused = t.post(&service, &t.captain, body).await;
        assert!(
            refused.status.is_client_error(),
            "{body}: {} {}",
            refused.status,
            refused.text
        );
        assert_eq!(refused.header("content-type"), "application/problem+json");
    }
    let mut acknowledged = Vec::new();
    for _ in 0..10 {
        let sheet = t.sheet(&service).await;
        let entered = t.post(&service, &t.captain, &next_normal(&sheet)).await;
        expect(&entered, 201, "a valid deal after the bad ones");
        acknowledged.push(entered.json["deal"].clone());
    }
    // What a restarted process reads: every acknowledged deal, once.
    let state = restarted(&app).await;
    let fresh = actix_web::test::init_service(api::app::build(state)).await;
    let sheet = call_json(&fresh, "GET", &t.path("sheet"), Some(&t.org), None).await;
    expect(&sheet, 200, "sheet after the restart");
    assert_eq!(sheet.json["deals"].as_array().unwrap(), &acknowledged);
    let ready = call_json(&fresh, "GET", "/health/ready", None, None).await;
    expect(&ready, 200, "ready");
});

/// A tournament with three 4-tables and one 5-table, each with `deals` deals entered.
struct Hall {
    org: String,
    tournament: i64,
    tables: Vec<i64>,
    captains: Vec<String>,
}

async fn hall<S: App>(app: &service_tests::TestApp, service: &S, deals: usize) -> Hall {
    let org = organizer(app, service, "halle@example.org").await;
    let tournament = tournament(
        service,
        &org,
        &json!({"name": "Hallenturnier", "date": "2026-12-05"}),
    )
    .await;
    let p = players(service, &org, tournament, 17).await;
    let r = round(
        service,
        &org,
        tournament,
        &json!([&p[0..4], &p[4..8], &p[8..12], &p[12..17]]),
    )
    .await;
    let tables: Vec<i64> = r.json["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_i64().unwrap())
        .collect();
    let mut captains = Vec::new();
    for table in &tables {
        let token = captain(service, &org, *table).await;
        for _ in 0..deals {
            let sheet = sheet_of(service, &org, *table).await;
            let entered = send(service, next_entry(*table, &token, &sheet)).await;
            expect(&entered, 201, "set-up deal");
        }
        captains.push(token);
    }
    Hall {
        org,
        tournament,
        tables,
        captains,
    }
}

async fn sheet_of<S: App>(service: &S, token: &str, table: i64) -> Value {
    let sheet = call_json(
        service,
        "GET",
        &format!("/api/v1/tables/{table}/sheet"),
        Some(token),
        None,
    )
    .await;
    expect(&sheet, 200, "the sheet derives");
    sheet.json
}

fn version(sheet: &Value, number: usize) -> String {
    sheet["deals"][number - 1]["version"].to_string()
}

fn no_server_error(replies: &[&Reply]) {
    for r in replies {
        assert!(!r.status.is_server_error(), "{} {}", r.status, r.text);
    }
}

/// The captain's entry of the next normal game at `table`, as `sheet` says it goes on.
fn next_entry(table: i64, token: &str, sheet: &Value) -> actix_http::Request {
    req(
        "POST",
        &format!("/api/v1/tables/{table}/deals"),
        Some(token),
        Some(&next_normal(sheet)),
        &[],
    )
}

/// The deletion of deal `number` at `table`, read at `version`.
fn deletion(table: i64, number: u16, token: &str, version: &str) -> actix_http::Request {
    req(
        "DELETE",
        &format!("/api/v1/tables/{table}/deals/{number}"),
        Some(token),
        None,
        &[("If-Match", version)],
    )
}

/// The sheet's deals are numbered 1, 2, 3, … without a gap.
fn assert_contiguous(sheet: &Value, what: &str) {
    let n = numbers(sheet);
    let contiguous: Vec<u64> = (1..=n.len() as u64).collect();
    assert_eq!(n, contiguous, "{what}");
}

backend_test!(concurrent_writes_to_a_table_keep_its_sheet_whole, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let h = hall(&app, &service, 6).await;
    let path = |table: i64, rest: &str| format!("/api/v1/tables/{table}/{rest}");
    for round_of_races in 0..4 {
        let mut sheets = Vec::new();
        for table in &h.tables {
            sheets.push(sheet_of(&service, &h.org, *table).await);
        }
        let [a, b, c, d] = [h.tables[0], h.tables[1], h.tables[2], h.tables[3]];
        let (va, vb1, vb2, vd1) = (
            version(&sheets[0], 2),
            version(&sheets[1], 1),
            version(&sheets[1], 2),
            version(&sheets[3], 1),
        );
        let corrected = {
            // Deal 1 at the 5-table again, with Re at 121 instead of its points.
            let mut entry = sheets[3]["deals"][0]["entry"].clone();
            entry["re_points"] = json!(121);
            entry["re_tricks"] = json!(6);
            entry
        };
        let rd = [("If-Match", vd1.as_str())];
        let (del_a, new_a, del_b1, del_b2, fix_d, new_d, time_c, new_c) = tokio::join!(
            // A deletion and a new entry.
            send(&service, deletion(a, 2, &h.org, &va)),
            send(&service, next_entry(a, &h.captains[0], &sheets[0])),
            // Two deletions.
            send(&service, deletion(b, 1, &h.org, &vb1)),
            send(&service, deletion(b, 2, &h.captains[1], &vb2)),
            // A correction and a new entry at the 5-table.
            send(
                &service,
                req(
                    "PUT",
                    &path(d, "deals/1"),
                    Some(&h.org),
                    Some(&corrected),
                    &rd
                )
            ),
            send(&service, next_entry(d, &h.captains[3], &sheets[3])),
            // Time-up and a new entry: the normal end of a round.
            send(
                &service,
                req("POST", &path(c, "time-up"), Some(&h.org), None, &[])
            ),
            send(&service, next_entry(c, &h.captains[2], &sheets[2])),
        );
        no_server_error(&[
            &del_a, &new_a, &del_b1, &del_b2, &fix_d, &new_d, &time_c, &new_c,
        ]);
        // Unconditional writes that did not depend on each other both land.
        expect(&del_a, 200, &format!("race {round_of_races}: delete at A"));
        expect(
            &fix_d,
            200,
            &format!("race {round_of_races}: correction at D"),
        );
        for table in &h.tables {
            let sheet = sheet_of(&service, &h.org, *table).await;
            assert_contiguous(&sheet, &format!("race {round_of_races}: table {table}"));
        }
        let standings = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}/standings", h.tournament),
            Some(&h.org),
            None,
        )
        .await;
        expect(&standings, 200, "standings");
        assert_eq!(standings.json["needs_attention"], json!([]));
    }
});

backend_test!(a_correction_read_before_a_renumbering_is_refused, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    for _ in 0..5 {
        let sheet = t.sheet(&service).await;
        expect(
            &t.post(&service, &t.captain, &next_normal(&sheet)).await,
            201,
            "deal",
        );
    }
    let read = t.sheet(&service).await;
    let (deal2, deal3) = (read["deals"][1].clone(), read["deals"][2].clone());
    // The organiser deletes deal 2; deal 3 becomes deal 2.
    let deleted = send(
        &service,
        req(
            "DELETE",
            &t.path("deals/2"),
            Some(&t.org),
            None,
            &[("If-Match", &deal2["version"].to_string())],
        ),
    )
    .await;
    expect(&deleted, 200, "delete");
    assert_eq!(deleted.json["deals"][1]["entry"], deal3["entry"]);
    // The captain's correction of deal 2, read before, names deal 2's old version.
    let mut fix = deal2["entry"].clone();
    fix["re_points"] = json!(200);
    fix["re_tricks"] = json!(11);
    let put = |number: u64, version: &str| {
        req(
            "PUT",
            &t.path(&format!("deals/{number}")),
            Some(&t.captain),
            Some(&fix),
            &[("If-Match", version)],
        )
    };
    let stale = send(&service, put(2, &deal2["version"].to_string())).await;
    expect(&stale, 412, "stale correction");
    assert_eq!(stale.json["code"], "version_mismatch");
    let after = t.sheet(&service).await;
    assert_eq!(after, deleted.json, "nothing changed");

    // The last deal deleted and a new one entered at its number: the old tag is stale too.
    let last = after["deals"][3].clone();
    let removed = send(
        &service,
        req(
            "DELETE",
            &t.path("deals/4"),
            Some(&t.org),
            None,
            &[("If-Match", &last["version"].to_string())],
        ),
    )
    .await;
    expect(&removed, 200, "delete the last deal");
    let entered = t
        .post(&service, &t.captain, &next_normal(&removed.json))
        .await;
    expect(&entered, 201, "a new deal 4");
    assert_eq!(entered.json["deal"]["number"], 4);
    assert_ne!(entered.json["deal"]["version"], last["version"]);
    expect(
        &send(&service, put(4, &last["version"].to_string())).await,
        412,
        "tag of the deleted deal 4",
    );
    // The current tag works, and the answer carries the next one as its ETag.
    let current = entered.json["deal"]["version"].to_string();
    let done = send(&service, put(4, &current)).await;
    expect(&done, 200, "current version");
    assert_eq!(
        done.header("etag"),
        format!("\"{}\"", done.json["deal"]["version"])
    );
});

backend_test!(
    the_sheet_has_an_etag_and_answers_304_while_unchanged,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        let first = call_json(&service, "GET", &t.path("sheet"), Some(&t.captain), None).await;
        expect(&first, 200, "sheet");
        let tag = first.header("etag").to_owned();
        assert!(tag.starts_with('"') && tag.len() > 10, "{tag}");
        let again = send(
            &service,
            req(
                "GET",
                &t.path("sheet"),
                Some(&t.captain),
                None,
                &[("If-None-Match", &tag)],
            ),
        )
        .await;
        expect(&again, 304, "unchanged");
        assert!(again.text.is_empty());
        expect(
            &t.post(&service, &t.captain, &next_normal(&first.json))
                .await,
            201,
            "deal",
        );
        let changed = send(
            &service,
            req(
                "GET",
                &t.path("sheet"),
                Some(&t.captain),
                None,
                &[("If-None-Match", &tag)],
            ),
        )
        .await;
        expect(&changed, 200, "changed");
        assert_ne!(changed.header("etag"), tag);
    }
);

backend_test!(a_retry_after_a_new_join_code_is_stored_once, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let body = normal([1, 2]);
    let post = |token: &str| {
        req(
            "POST",
            &t.path("deals"),
            Some(token),
            Some(&body),
            &[("Idempotency-Key", "phone-1")],
        )
    };
    let first = send(&service, post(&t.captain)).await;
    expect(&first, 201, "first");
    // The organiser issues a new code; the captain joins again and the phone retries.
    let code = call_json(&service, "POST", &t.path("join-code"), Some(&t.org), None).await;
    expect(&code, 201, "new code");
    let token = captain_from_code(&service, code.json["code"].as_str().unwrap()).await;
    let retry = send(&service, post(&token)).await;
    expect(&retry, 201, "retry");
    assert_eq!(retry.text, first.text);
    assert_eq!(numbers(&t.sheet(&service).await), [1]);
});

backend_test!(
    a_tables_key_outlives_a_clock_jump_while_its_round_is_open,
    |app| {
        use api::db::schema::idempotency_keys;
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        let post = |body: &Value| {
            req(
                "POST",
                &t.path("deals"),
                Some(&t.captain),
                Some(body),
                &[("Idempotency-Key", "morning")],
            )
        };
        let first = send(&service, post(&normal([1, 2]))).await;
        expect(&first, 201, "first");
        let create = |name: &str| {
            req(
                "POST",
                "/api/v1/tournaments",
                Some(&t.org),
                Some(&json!({"name": name, "date": "2026-12-12"})),
                &[("Idempotency-Key", "evening")],
            )
        };
        expect(&send(&service, create("Erstes")).await, 201, "a tournament");
        // The wall clock jumps a day and an hour ahead (the documented lifetime is a day).
        let aged = app.state.db.clock().now()
            - std::time::Duration::from_secs(
                3600 * (u64::try_from(api::services::idempotency::KEY_TTL_HOURS).unwrap() + 1),
            );
        app.state
            .db
            .run(move |conn| {
                Ok(diesel::update(idempotency_keys::table)
                    .set(idempotency_keys::created_at.eq(aged))
                    .execute(conn)?)
            })
            .await
            .unwrap();
        // The phone's retry of its deal, without a number, while the round is open: the
        // first answer, not a second deal.
        let retry = send(&service, post(&normal([1, 2]))).await;
        expect(&retry, 201, "the retry");
        assert_eq!(retry.text, first.text);
        assert_eq!(numbers(&t.sheet(&service).await), [1]);
        // A key of no table expires as documented: the same key is a new request.
        let later = send(&service, create("Zweites")).await;
        expect(&later, 201, "the same key a day later");
        assert_eq!(later.json["name"], "Zweites");
    }
);

backend_test!(
    a_sheet_that_does_not_derive_is_named_in_the_standings,
    |app| {
        use api::db::schema::deals;
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let h = hall(&app, &service, 3).await;
        // Damage table 2's stored sheet behind the service's back: a gap in its numbers.
        let broken = h.tables[1];
        app.state
            .db
            .run(move |conn| {
                Ok(diesel::delete(
                    deals::table
                        .filter(deals::table_id.eq(broken))
                        .filter(deals::number.eq(1)),
                )
                .execute(conn)?)
            })
            .await
            .unwrap();
        let standings = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}/standings", h.tournament),
            Some(&h.org),
            None,
        )
        .await;
        expect(&standings, 200, "standings despite a broken sheet");
        let attention = standings.json["needs_attention"].as_array().unwrap();
        assert_eq!(attention.len(), 1, "{attention:?}");
        assert_eq!(attention[0]["table_id"], broken);
        assert_eq!(attention[0]["table_number"], 2);
        assert_eq!(attention[0]["round"], 1);
        // Everyone is still listed; the other tables' players keep their points.
        let rows = standings.json["standings"].as_array().unwrap();
        assert_eq!(rows.len(), 17);
        let total: i64 = rows.iter().map(|r| r["total"].as_i64().unwrap()).sum();
        assert_eq!(total, 0, "the sheets that derive still sum to zero");
        assert!(rows.iter().any(|r| r["total"].as_i64().unwrap() != 0));
        let csv = send(
            &service,
            req(
                "GET",
                &format!("/api/v1/tournaments/{}/standings", h.tournament),
                Some(&h.org),
                None,
                &[("Accept", "text/csv")],
            ),
        )
        .await;
        expect(&csv, 200, "csv");
        assert_eq!(csv.header("x-needs-attention"), "round 1 table 2");
    }
);

backend_test!(
    a_player_at_two_tables_of_a_round_is_named_not_a_500,
    |app| {
        use api::db::schema::table_seats;
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let h = hall(&app, &service, 3).await;
        // Behind the service's back (an old import, a hand-edited database): table 3's
        // first seat gets a player who sits at table 1 as well.
        let (first, third) = (h.tables[0], h.tables[2]);
        app.state
            .db
            .run(move |conn| {
                let twice: i64 = table_seats::table
                    .filter(table_seats::table_id.eq(first))
                    .order(table_seats::seat)
                    .select(table_seats::player_id)
                    .first(conn)?;
                Ok(diesel::update(
                    table_seats::table
                        .filter(table_seats::table_id.eq(third))
                        .filter(table_seats::seat.eq(0)),
                )
                .set(table_seats::player_id.eq(twice))
                .execute(conn)?)
            })
            .await
            .unwrap();
        for accept in ["application/json", "text/csv"] {
            let standings = send(
                &service,
                req(
                    "GET",
                    &format!("/api/v1/tournaments/{}/standings", h.tournament),
                    Some(&h.org),
                    None,
                    &[("Accept", accept)],
                ),
            )
            .await;
            expect(&standings, 200, accept);
            if accept == "text/csv" {
                assert_eq!(standings.header("x-needs-attention"), "round 1 table 3");
                continue;
            }
            let attention = standings.json["needs_attention"].as_array().unwrap();
            assert_eq!(attention.len(), 1, "{attention:?}");
            assert_eq!(attention[0]["table_id"], third);
            assert!(
                attention[0]["problem"]
                    .as_str()
                    .unwrap()
                    .contains("another table of round 1"),
                "{attention:?}"
            );
            let rows = standings.json["standings"].as_array().unwrap();
            let total: i64 = rows.iter().map(|r| r["total"].as_i64().unwrap()).sum();
            assert_eq!(total, 0, "the tables ranked still sum to zero");
        }
        let public = send(
            &service,
            req(
                "GET",
                &format!("/tournaments/{}/standings", h.tournament),
                Some(&h.org),
                None,
                &[],
            ),
        )
        .await;
        expect(
            &public,
            200,
            "the standings page (unpublished: read as its organiser)",
        );
    }
);

backend_test!(bad_text_and_oversized_bodies_are_clear_4xx, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let problem = |r: &Reply, status: u16, code: &str, field: Option<&str>| {
        expect(r, status, code);
        assert_eq!(r.header("content-type"), "application/problem+json");
        assert_eq!(r.json["code"], code, "{}", r.text);
        if let Some(field) = field {
            assert_eq!(r.fields(), [field], "{}", r.text);
        }
    };
    // NUL characters: unauthenticated login, tournament and player names.
    let login = call_json(
        &service,
        "POST",
        "/api/v1/auth/login",
        None,
        Some(&json!({"email": "a\u{0}@example.org", "password": "x"})),
    )
    .await;
    problem(&login, 422, "invalid_body", Some("email"));
    let named = call_json(
        &service,
        "POST",
        "/api/v1/tournaments",
        Some(&t.org),
        Some(&json!({"name": "Cup\u{0}", "date": "2026-12-05"})),
    )
    .await;
    problem(&named, 422, "invalid_body", Some("name"));
    let player = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{}/players", t.tournament),
        Some(&t.org),
        Some(&json!({"name": "Erika\u{0}"})),
    )
    .await;
    problem(&player, 422, "invalid_body", Some("name"));
    let csv = send(
        &service,
        crate::fixtures::csv(
            &format!("/api/v1/tournaments/{}/players/import", t.tournament),
            Some(&t.org),
            "name,club\nErika\u{0},DK\n",
        ),
    )
    .await;
    problem(&csv, 422, "invalid_csv", Some("line 2"));
    // null where an enumeration belongs is a value problem, not unreadable JSON.
    let null = t
        .post(&service, &t.captain, &json!({"contract": null}))
        .await;
    problem(&null, 422, "invalid_body", Some("contract"));
    // Overlong text anywhere.
    let mut long = normal([0, 2]);
    long["reason"] = json!("x".repeat(5000));
    let too_long = t.post(&service, &t.captain, &long).await;
    problem(&too_long, 422, "invalid_body", Some("reason"));
    // Bodies over the limit, JSON and CSV alike.
    let mut huge = normal([0, 2]);
    huge["padding"] = json!(vec!["x".repeat(900); 100]);
    let big = t.post(&service, &t.captain, &huge).await;
    problem(&big, 413, "payload_too_large", None);
    let big_csv = send(
        &service,
        crate::fixtures::csv(
            &format!("/api/v1/tournaments/{}/players/import", t.tournament),
            Some(&t.org),
            &format!("name\n{}", "Erika Mustermann\n".repeat(5000)),
        ),
    )
    .await;
    problem(&big_csv, 413, "payload_too_large", None);
    // A deletion's reason comes in a header and is bounded too.
    expect(
        &t.post(&service, &t.captain, &normal([1, 2])).await,
        201,
        "a deal",
    );
    let long_reason = "x".repeat(1001);
    let reasoned = send(
        &service,
        req(
            "DELETE",
            &t.path("deals/1"),
            Some(&t.org),
            None,
            &[("If-Match", "1"), ("X-Reason", &long_reason)],
        ),
    )
    .await;
    problem(&reasoned, 422, "invalid_header", Some("X-Reason"));
    assert_eq!(numbers(&t.sheet(&service).await), [1], "still there");
    let deleted = send(&service, deletion(t.table, 1, &t.org, "1")).await;
    expect(&deleted, 200, "deleted without a reason");
    // None of it stored anything.
    assert_eq!(numbers(&t.sheet(&service).await), Vec::<u64>::new());
});

backend_test!(
    a_correction_that_would_void_a_penalty_is_a_conflict,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 5).await;
        // Deal 1: dealer 0 sits out; deal 2: dealer 1 sits out.
        for re in [[1, 2], [2, 3]] {
            expect(
                &t.post(&service, &t.captain, &normal(re)).await,
                201,
                "deal",
            );
        }
        let penalty = call_json(
            &service,
            "POST",
            &t.path("penalties"),
            Some(&t.org),
            Some(
                &json!({"deal_number": 2, "severity": "minor", "offender": 0,
                     "referee": "Schiedsrichter"}),
            ),
        )
        .await;
        expect(&penalty, 201, "penalty on seat 0 in deal 2");
        let before = t.sheet(&service).await;
        // Deal 1 corrected to a Pflichtsolo: the same dealer deals again (TSR 4), so seat 0
        // sits out deal 2 and cannot have committed the penalty.
        let corrected = send(
            &service,
            req(
                "PUT",
                &t.path("deals/1"),
                Some(&t.org),
                Some(
                    &json!({"contract": "solo_queens", "re": [2], "re_points": 130,
                         "re_tricks": 7}),
                ),
                &[("If-Match", &before["deals"][0]["version"].to_string())],
            ),
        )
        .await;
        expect(&corrected, 409, "the penalty would no longer fit");
        assert_eq!(corrected.json["code"], "penalty_does_not_fit");
        assert_eq!(corrected.json["current"], before);
        assert_eq!(t.sheet(&service).await, before, "nothing changed");
    }
);

backend_test!(
    two_instances_on_one_database_serialise_on_the_table,
    |app| {
        // Two service instances over the same database (two pools, as two processes behind
        // a load balancer would have): the table lock lives in the database, not the process.
        let first = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let second = actix_web::test::init_service(api::app::build(restarted(&app).await)).await;
        let t = Table::new(&app, &first, 4).await;
        for _ in 0..4 {
            let sheet = t.sheet(&first).await;
            expect(
                &t.post(&first, &t.captain, &next_normal(&sheet)).await,
                201,
                "deal",
            );
        }
        for race in 0..6 {
            let sheet = t.sheet(&first).await;
            let tag = sheet["deals"][0]["version"].to_string();
            let (entered, deleted, again) = tokio::join!(
                send(&first, next_entry(t.table, &t.captain, &sheet)),
                send(&second, deletion(t.table, 1, &t.org, &tag)),
                send(&second, next_entry(t.table, &t.captain, &sheet)),
            );
            no_server_error(&[&entered, &deleted, &again]);
            expect(&deleted, 200, &format!("race {race}: the deletion"));
            let after = t.sheet(&second).await;
            let n = numbers(&after);
            let contiguous: Vec<u64> = (1..=n.len() as u64).collect();
            assert_eq!(n, contiguous, "race {race}");
            assert_eq!(
                after,
                t.sheet(&first).await,
                "both instances read one sheet"
            );
        }
    }
);
