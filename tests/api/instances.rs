//! Two real `karlchen serve` processes on one PostgreSQL database, as behind a load
//! balancer: each one's public standings and live stream follow the other's writes within a
//! second (PostgreSQL's `LISTEN`/`NOTIFY`), also after the listening connection was cut,
//! and both read the database server's clock even when one machine's clock is an hour off.

use std::time::{Duration, Instant};

use diesel::{Connection, PgConnection, RunQueryDsl};
use serde_json::Value;
use service_tests::{Backend, TestDb};

use super::crash::{Day, Server, Setup, deal, expect_json, karlchen, tournament_with_captains};
use super::live::Events;

/// What another instance's write may take to show here. Without the notification it would
/// show only when the reader's kept standings expire (`live_cache::MAX_AGE`, 10 s, counted
/// from the reader's look just before the write), and a stream not at all before then: a
/// broken announcement fails. How fast it is (the goal is under a second: about 70 ms
/// polled, 300 ms streamed) is a benchmark's figure, printed here and recorded in
/// BENCHMARKS.md, not asserted: the CI machine is shared and noisy.
const PATIENCE: Duration = Duration::from_secs(5);

/// The public standings' version (`ETag`) at `base`.
async fn version(http: &reqwest::Client, base: &str, tournament: i64) -> String {
    let answer = http
        .get(format!("{base}/api/v1/tournaments/{tournament}/standings"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    answer.headers()["etag"].to_str().unwrap().to_owned()
}

/// Enters deal `k` at the table through `writer`, then waits for the public standings at
/// `reader` to show it (polled) and for `stream` (open at `reader`) to send it: the two
/// delays, or a panic after `patience`.
async fn follow(
    http: &reqwest::Client,
    writer: &str,
    reader: &str,
    day: &Day,
    stream: &mut Events,
    k: u16,
    patience: Duration,
) -> (Duration, Duration) {
    let (table, token) = &day.captains[0];
    let before = version(http, reader, day.tournament).await;
    let entered = Instant::now();
    expect_json(
        http.post(format!("{writer}/api/v1/tables/{table}/deals"))
            .bearer_auth(token)
            .header("Idempotency-Key", format!("instances-{k}"))
            .json(&deal(0, k)),
        201,
        "a deal",
    )
    .await;
    let polled = loop {
        if version(http, reader, day.tournament).await != before {
            break entered.elapsed();
        }
        assert!(
            entered.elapsed() < patience,
            "deal {k} through {writer} not in {reader}'s standings after {patience:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    // Events for earlier deals this stream was sent meanwhile are passed over.
    loop {
        let event = stream
            .next_within(patience.saturating_sub(entered.elapsed()))
            .await
            .unwrap_or_else(|| panic!("no event at {reader} for deal {k} within {patience:?}"));
        assert_eq!(event.name, "standings");
        if event.data["standings"][0]["deals_played"] == k {
            break;
        }
    }
    (polled, entered.elapsed())
}

/// The listening connections of both servers, as PostgreSQL lists them.
fn listeners(url: &str) -> Vec<i32> {
    #[derive(diesel::QueryableByName)]
    struct Pid {
        #[diesel(sql_type = diesel::sql_types::Integer)]
        pid: i32,
    }
    let mut conn = PgConnection::establish(url).unwrap();
    diesel::sql_query(
        "SELECT pid FROM pg_stat_activity \
         WHERE application_name = 'karlchen-listen' AND datname = current_database()",
    )
    .load::<Pid>(&mut conn)
    .unwrap()
    .into_iter()
    .map(|p| p.pid)
    .collect()
}

/// Waits until `n` listening connections are open: each server opens its own before it
/// answers, and again within seconds after it was cut.
async fn wait_for_listeners(url: &str, n: usize) {
    let waiting = Instant::now();
    loop {
        let open = listeners(url).len();
        if open == n {
            return;
        }
        assert!(
            waiting.elapsed() < PATIENCE * 2,
            "{open} listening connections, not {n}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The database's clock now: what both servers read, whatever their machines say (and
/// whatever `scripts/test-dates` makes this process's clock say).
fn database_now(url: &str) -> chrono::DateTime<chrono::Utc> {
    #[derive(diesel::QueryableByName)]
    struct Now {
        #[diesel(sql_type = diesel::sql_types::Double)]
        epoch: f64,
    }
    let mut conn = PgConnection::establish(url).unwrap();
    let now: Now =
        diesel::sql_query("SELECT extract(epoch FROM clock_timestamp())::float8 AS epoch")
            .get_result(&mut conn)
            .unwrap();
    chrono::DateTime::from_timestamp_micros((now.epoch * 1e6) as i64).unwrap()
}

/// Cuts every listening connection, as a database restart does.
fn cut_listeners(url: &str) {
    let mut conn = PgConnection::establish(url).unwrap();
    diesel::sql_query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE application_name = 'karlchen-listen' AND datname = current_database()",
    )
    .execute(&mut conn)
    .unwrap();
}

/// libfaketime, which runs the second server with its clock an hour ahead, if here (the
/// suite's script installs Debian's `faketime`; elsewhere that part is skipped with a
/// note). Preloaded into the server itself: the `faketime` command would fork, and the
/// server outlive the kill of its parent.
const LIBFAKETIME: &str = "/usr/$LIB/faketime/libfaketime.so.1";

fn faketime() -> bool {
    let found = std::fs::read_dir("/usr/lib")
        .into_iter()
        .flatten()
        .flatten()
        .any(|dir| dir.path().join("faketime/libfaketime.so.1").is_file());
    if !found {
        assert!(
            std::env::var("KARLCHEN_REQUIRE_FAKETIME").as_deref() != Ok("1"),
            "KARLCHEN_REQUIRE_FAKETIME=1 but libfaketime is not installed"
        );
        eprintln!(
            "note: faketime not installed; the clock part of the two-instance test is skipped"
        );
    }
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_one_postgres_follow_each_other_within_a_second() {
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = TestDb::create(Backend::Postgres, &dir) else {
        return;
    };
    karlchen();
    let setup = |name: &str| Setup {
        data_dir: dir.path().join(name),
        url: db.url.clone(),
        log: dir.path().join(format!("{name}.log")),
    };
    let (setup_a, setup_b) = (setup("a"), setup("b"));
    let http = reqwest::Client::builder().no_proxy().build().unwrap();
    setup_a.add_organizer();
    let a: Server = setup_a.serve(&http).await;
    // The second machine's clock is an hour ahead.
    let ahead = faketime();
    let preload = format!("LD_PRELOAD={LIBFAKETIME}");
    let b: Server = if ahead {
        // `env` sets the variables and becomes the server (no fork).
        let wrapper = [
            "env",
            preload.as_str(),
            "FAKETIME=+1h",
            "FAKETIME_DONT_FAKE_MONOTONIC=1",
        ];
        setup_b.serve_via(&http, &wrapper).await
    } else {
        setup_b.serve(&http).await
    };
    let (a, b) = (a.base.clone(), b.base.clone());
    wait_for_listeners(&db.url, 2).await;

    let day = tournament_with_captains(&http, &a, 1).await;
    expect_json(
        http.patch(format!("{a}/api/v1/tournaments/{}", day.tournament))
            .bearer_auth(&day.org)
            .json(&serde_json::json!({"published": true})),
        200,
        "publish",
    )
    .await;

    // Written through A, read at B; then the other way round.
    let mut at_b = Events::open(&b, day.tournament).await;
    at_b.next_within(PATIENCE).await.unwrap();
    let mut delays = Vec::new();
    for k in 1..=3 {
        delays.push(follow(&http, &a, &b, &day, &mut at_b, k, PATIENCE).await);
    }
    let mut at_a = Events::open(&a, day.tournament).await;
    at_a.next_within(PATIENCE).await.unwrap();
    for k in 4..=6 {
        delays.push(follow(&http, &b, &a, &day, &mut at_a, k, PATIENCE).await);
    }
    eprintln!("another instance's deal in the standings, then in the stream: {delays:?}");

    // A database restart cuts the listening connections: both come back by themselves,
    // and what was written meanwhile shows.
    cut_listeners(&db.url);
    // The reader may notice the cut only at its next heartbeat (5 s), then reconnects
    // (1 s) and counts that as news: this deal may take as long as the kept standings.
    let (_, streamed) = follow(&http, &a, &b, &day, &mut at_b, 7, PATIENCE * 3).await;
    eprintln!("the first deal after the cut streamed after {streamed:?}");
    wait_for_listeners(&db.url, 2).await;
    let after = follow(&http, &a, &b, &day, &mut at_b, 8, PATIENCE).await;
    eprintln!("after the reconnect: {after:?}");

    // Both read the database's clock: a round started through B, whose machine is an hour
    // ahead, started now.
    if ahead {
        let started = expect_json(
            http.post(format!("{b}/api/v1/rounds/{}/start", day.round))
                .bearer_auth(&day.org),
            200,
            "start the round through B",
        )
        .await;
        let at = started["started_at"].as_str().unwrap();
        let at = chrono::DateTime::parse_from_rfc3339(at).unwrap();
        let off = (at.with_timezone(&chrono::Utc) - database_now(&db.url)).abs();
        assert!(
            off < chrono::TimeDelta::seconds(5),
            "started at {at}: {off} off"
        );
        let seen: Value = expect_json(
            http.get(format!("{a}/api/v1/tables/{}/sheet", day.captains[0].0))
                .bearer_auth(&day.captains[0].1),
            200,
            "the sheet through A",
        )
        .await;
        let ends = seen["clock"]["ends_at"].as_str().unwrap();
        let ends = chrono::DateTime::parse_from_rfc3339(ends).unwrap();
        let minutes = seen["clock"]["minutes"].as_i64().unwrap();
        assert_eq!(
            ends - at,
            chrono::TimeDelta::minutes(minutes),
            "A counts from B's start"
        );
        let left = ends.with_timezone(&chrono::Utc) - database_now(&db.url);
        assert!(
            (left - chrono::TimeDelta::minutes(minutes)).abs() < chrono::TimeDelta::seconds(5),
            "A's clock is the database's too: {left} left of {minutes} minutes"
        );
    }
}
