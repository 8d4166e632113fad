//! Live standings over a real socket: the stream of a published tournament sends its
//! standings at once and again within moments of a deal, equal to `GET …/standings`; the
//! JSON standings carry their version as an `ETag` and answer 304 while unchanged (writes
//! elsewhere change nothing); an unpublished tournament has no stream; shutting down ends
//! every stream.

use std::time::Duration;

use actix_web::rt::time::timeout;
use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{Step, Table, call_json, expect, normal, publish, req, send, tournament};
use crate::server::spawn;

/// An open event stream, read event by event.
pub(crate) struct Events {
    response: reqwest::Response,
    buffer: String,
}

/// One server-sent event.
#[derive(Debug)]
pub(crate) struct Event {
    pub(crate) name: String,
    pub(crate) id: String,
    pub(crate) data: Value,
}

impl Events {
    pub(crate) async fn open(base: &str, tournament: i64) -> Events {
        Events::open_at(base, tournament, "").await
    }

    /// The stream with `query` (e.g. `?data=version`).
    async fn open_at(base: &str, tournament: i64, query: &str) -> Events {
        let response = reqwest::get(format!(
            "{base}/api/v1/tournaments/{tournament}/standings/stream{query}"
        ))
        .await
        .unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(
            response.headers()["content-type"].to_str().unwrap(),
            "text/event-stream"
        );
        assert_eq!(response.headers()["cache-control"], "no-cache");
        Events {
            response,
            buffer: String::new(),
        }
    }

    /// The next block of the stream (an event or a comment), or `None` when it ended.
    async fn block(&mut self) -> Option<String> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block = self.buffer[..end].to_owned();
                self.buffer.drain(..end + 2);
                return Some(block);
            }
            let chunk = self.response.chunk().await.unwrap()?;
            self.buffer.push_str(std::str::from_utf8(&chunk).unwrap());
        }
    }

    /// The next event within `within`, skipping comments; `None` if none came.
    pub(crate) async fn next_within(&mut self, within: Duration) -> Option<Event> {
        timeout(within, async {
            loop {
                let block = self.block().await.expect("the stream ended");
                if block.starts_with(':') {
                    continue;
                }
                let field = |name: &str| {
                    block
                        .lines()
                        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
                        .unwrap_or_else(|| panic!("no {name} in {block:?}"))
                        .to_owned()
                };
                return Event {
                    name: field("event"),
                    id: field("id"),
                    data: serde_json::from_str(&field("data")).unwrap(),
                };
            }
        })
        .await
        .ok()
    }
}

/// The public JSON standings over the socket: status, `ETag` and body.
async fn standings(
    base: &str,
    tournament: i64,
    if_none_match: Option<&str>,
) -> (u16, String, Value) {
    let mut request =
        reqwest::Client::new().get(format!("{base}/api/v1/tournaments/{tournament}/standings"));
    if let Some(tag) = if_none_match {
        request = request.header("If-None-Match", tag);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let tag = response
        .headers()
        .get("etag")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let body = response.json().await.unwrap_or(Value::Null);
    (status, tag, body)
}

const SOON: Duration = Duration::from_secs(2);

backend_test!(the_stream_follows_every_deal, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    publish(&service, &t).await;
    let base = spawn(&app).await;

    // At once: the standings as GET answers them, tagged with their version.
    let mut events = Events::open(&base, t.tournament).await;
    let first = events
        .next_within(SOON)
        .await
        .expect("a first event at once");
    assert_eq!(first.name, "standings");
    let (status, tag, body) = standings(&base, t.tournament, None).await;
    assert_eq!(status, 200);
    assert_eq!(first.data, body);
    assert_eq!(tag, format!("\"{}\"", first.id));
    assert_eq!(body["standings"][0]["total"], 0);

    // A deal: the next event arrives with the new totals.
    let answer = t.post(&service, &t.captain, &normal([1, 2])).await;
    expect(&answer, 201, "deal 1");
    let second = events
        .next_within(SOON)
        .await
        .expect("an event after the deal");
    let (_, tag, body) = standings(&base, t.tournament, None).await;
    assert_eq!(second.data, body);
    assert_eq!(tag, format!("\"{}\"", second.id));
    assert_ne!(second.id, first.id);
    let totals: Vec<i64> = body["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["total"].as_i64().unwrap())
        .collect();
    assert_eq!(totals, [1, 1, -1, -1]);

    // A burst of deals ends in the standings after the last of them.
    t.fill(&service, &[Step::Normal, Step::Normal, Step::Normal])
        .await;
    let (_, tag, body) = standings(&base, t.tournament, None).await;
    let mut last = events
        .next_within(SOON)
        .await
        .expect("an event after the burst");
    while last.data != body {
        last = events
            .next_within(SOON)
            .await
            .expect("the standings after the burst");
    }
    assert_eq!(tag, format!("\"{}\"", last.id));
});

backend_test!(a_page_is_told_only_the_version, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    publish(&service, &t).await;
    let base = spawn(&app).await;
    let mut events = Events::open_at(&base, t.tournament, "?data=version").await;
    let first = events.next_within(SOON).await.expect("a first event");
    let (_, tag, _) = standings(&base, t.tournament, None).await;
    assert_eq!(tag, format!("\"{}\"", first.id));
    assert_eq!(
        first.data,
        json!({"version": first.id}),
        "no standings in it"
    );

    let answer = t.post(&service, &t.captain, &normal([1, 2])).await;
    expect(&answer, 201, "deal 1");
    let second = events
        .next_within(SOON)
        .await
        .expect("an event after the deal");
    let (_, tag, _) = standings(&base, t.tournament, None).await;
    assert_eq!(tag, format!("\"{}\"", second.id));
    assert_eq!(second.data, json!({"version": second.id}));

    // Anything else is refused, naming the parameter.
    let wrong = reqwest::get(format!(
        "{base}/api/v1/tournaments/{}/standings/stream?data=everything",
        t.tournament
    ))
    .await
    .unwrap();
    assert_eq!(wrong.status(), 422);
    let problem: Value = wrong.json().await.unwrap();
    assert_eq!(problem["code"], "invalid_query");
    assert_eq!(problem["errors"][0]["field"], "data");
});

backend_test!(unchanged_standings_answer_304_and_send_nothing, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    publish(&service, &t).await;
    let base = spawn(&app).await;
    let mut events = Events::open(&base, t.tournament).await;
    events.next_within(SOON).await.expect("a first event");

    let (status, tag, _) = standings(&base, t.tournament, None).await;
    assert_eq!(status, 200);
    let (status, again, body) = standings(&base, t.tournament, Some(&tag)).await;
    assert_eq!((status, &again, &body), (304, &tag, &Value::Null));
    assert_eq!(standings(&base, t.tournament, Some("\"1\"")).await.0, 200);

    // A write in another tournament changes nothing here: still 304, no event.
    let elsewhere = tournament(
        &service,
        &t.org,
        &json!({"name": "Anderes Turnier", "date": "2026-12-06"}),
    )
    .await;
    assert!(elsewhere > t.tournament);
    assert_eq!(standings(&base, t.tournament, Some(&tag)).await.0, 304);
    assert!(
        events
            .next_within(Duration::from_millis(800))
            .await
            .is_none(),
        "no event while the standings did not change"
    );

    // A deal: a new version, computed once for a hall of readers asking at once.
    expect(
        &t.post(&service, &t.captain, &normal([1, 2])).await,
        201,
        "deal 1",
    );
    drop(events);
    let computed = app.state.live.computations();
    let hall: Vec<_> = (0..50)
        .map(|_| {
            let (base, tag, id) = (base.clone(), tag.clone(), t.tournament);
            actix_web::rt::spawn(async move { standings(&base, id, Some(&tag)).await })
        })
        .collect();
    let mut answers = Vec::new();
    for reader in hall {
        answers.push(reader.await.unwrap());
    }
    let newer = answers[0].1.clone();
    assert_ne!(newer, tag);
    for (status, seen, body) in &answers {
        assert_eq!((*status, seen), (200, &newer));
        assert_eq!(body["standings"][0]["total"], 1);
    }
    assert_eq!(app.state.live.computations(), computed + 1);
    // The organiser's view (full names) is his own, computed for him.
    let own = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/standings", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&own, 200, "the organiser's standings");
    assert_eq!(own.json["standings"][0]["total"], 1);
});

backend_test!(
    only_published_tournaments_stream_and_shutdown_ends_streams,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        let base = spawn(&app).await;
        let stream =
            |id: i64| reqwest::get(format!("{base}/api/v1/tournaments/{id}/standings/stream"));
        let hidden = stream(t.tournament).await.unwrap();
        assert_eq!(hidden.status(), 404);
        assert_eq!(hidden.headers()["content-type"], "application/problem+json");
        assert_eq!(stream(t.tournament + 1000).await.unwrap().status(), 404);
        assert_eq!(standings(&base, t.tournament, None).await.0, 404);

        publish(&service, &t).await;
        let mut events = Events::open(&base, t.tournament).await;
        events.next_within(SOON).await.expect("a first event");
        // The server shuts down: the stream ends instead of holding the shutdown up.
        app.state.live.close();
        let ended = timeout(SOON, events.block())
            .await
            .expect("the stream ends");
        assert_eq!(ended, None);
    }
);

backend_test!(
    a_change_behind_the_process_back_shows_without_a_write,
    |app| {
        use diesel::RunQueryDsl;
        // What a `pg_restore` or another instance does: the database changes and this
        // process commits nothing. Kept standings are trusted for a short while only.
        let max_age = Duration::from_millis(400);
        let mut state = app.state.clone();
        state.live = std::sync::Arc::new(api::live_cache::LiveCache::with_max_age(max_age));
        // The tables' lines behind the standings are kept as long.
        state.db = state.db.with_memo_max_age(max_age);
        let service = actix_web::test::init_service(api::app::build(state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        publish(&service, &t).await;
        t.fill(&service, &[Step::Normal]).await;
        let server = actix_web::HttpServer::new(move || api::app::build(state.clone()))
            .workers(1)
            .bind("127.0.0.1:0")
            .unwrap();
        let base = format!("http://{}", server.addrs()[0]);
        actix_web::rt::spawn(server.run());

        let totals = |body: &Value| -> Vec<i64> {
            body["standings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["total"].as_i64().unwrap())
                .collect()
        };
        let (_, _, after_one) = standings(&base, t.tournament, None).await;
        t.fill(&service, &[Step::Normal]).await;
        let (_, before_tag, before) = standings(&base, t.tournament, None).await;
        assert_ne!(totals(&before), totals(&after_one));
        let mut events = Events::open(&base, t.tournament).await;
        let first = events.next_within(SOON).await.expect("a first event");
        assert_eq!(first.data, before);

        // The second deal goes, as if the database were restored from before it.
        let table = t.table;
        app.state
            .db
            .run(move |conn| {
                Ok(diesel::sql_query(format!(
                    "DELETE FROM deals WHERE table_id = {table} AND number = 2"
                ))
                .execute(conn)?)
            })
            .await
            .unwrap();
        // Nothing was committed through this process, so at once the kept standings answer…
        let (_, tag, body) = standings(&base, t.tournament, None).await;
        assert_eq!((&tag, &body), (&before_tag, &before));
        // …and once they are older than the cache trusts them, the restored state, on the
        // stream too, without any write.
        let changed = events
            .next_within(max_age * 3 + SOON)
            .await
            .expect("an event without a write");
        assert_eq!(totals(&changed.data), totals(&after_one));
        let (_, tag, body) = standings(&base, t.tournament, None).await;
        assert_eq!(body, changed.data);
        assert_ne!(tag, before_tag);
    }
);

backend_test!(streams_are_capped_in_all_and_per_address, |app| {
    // Two streams an address, three in all: a hall's watchers beyond poll instead.
    let mut state = app.state.clone();
    state.streams = std::sync::Arc::new(api::stream_slots::StreamSlots::new(3, 2));
    let service = actix_web::test::init_service(api::app::build(state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    publish(&service, &t).await;
    let path = format!("/api/v1/tournaments/{}/standings/stream", t.tournament);
    let open = |peer: &str| {
        actix_web::test::TestRequest::get()
            .uri(&path)
            .peer_addr(format!("{peer}:40000").parse().unwrap())
            .to_request()
    };
    let a1 = actix_web::test::call_service(&service, open("192.0.2.1")).await;
    let a2 = actix_web::test::call_service(&service, open("192.0.2.1")).await;
    assert_eq!((a1.status().as_u16(), a2.status().as_u16()), (200, 200));
    let refused = actix_web::test::call_service(&service, open("192.0.2.1")).await;
    assert_eq!(refused.status().as_u16(), 503);
    assert_eq!(refused.headers().get("retry-after").unwrap(), "30");
    let problem: Value = actix_web::test::read_body_json(refused).await;
    assert_eq!(problem["code"], "too_many_streams");
    let b1 = actix_web::test::call_service(&service, open("192.0.2.2")).await;
    assert_eq!(b1.status().as_u16(), 200);
    // Three open in all: another address is refused too…
    let c1 = actix_web::test::call_service(&service, open("192.0.2.3")).await;
    assert_eq!(c1.status().as_u16(), 503);
    assert_eq!(state.streams.open(), 3);
    // …while the standings themselves are still answered, for polling.
    let polled = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/standings", t.tournament),
        None,
        None,
    )
    .await;
    expect(&polled, 200, "the standings while the streams are full");
    // A watcher who leaves frees his place.
    drop(a1);
    assert_eq!(state.streams.open(), 2);
    let c2 = actix_web::test::call_service(&service, open("192.0.2.3")).await;
    assert_eq!(c2.status().as_u16(), 200);
    drop((a2, b1, c2));
    assert_eq!(state.streams.open(), 0);
});

backend_test!(rows_fetched_after_an_event_compute_nothing_again, |app| {
    // A hall while the tables enter flat out: every deal moves the commit number on, and
    // the watchers fetching the rows after one event must not each compute again.
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let h = crate::public_pages::hall(&app, &service, true).await;
    let service = &service;
    let rows = |query: String| {
        let path = format!("/tournaments/{}/standings/rows{query}", h.t);
        async move {
            let reply = send(service, req("GET", &path, None, None, &[])).await;
            expect(&reply, 200, "rows");
            reply.header("etag").trim_matches('"').to_owned()
        }
    };
    let heard = rows(String::new()).await;
    let computed = app.state.live.computations();
    // Deals elsewhere after the event; the watchers fetch what they heard of.
    h.deal(service, h.tables[1], &normal([2, 3])).await;
    for _ in 0..5 {
        assert_eq!(rows(format!("?v={heard}")).await, heard);
    }
    assert_eq!(
        app.state.live.computations(),
        computed,
        "the standings kept from the version heard of serve"
    );
    // Without a version heard of (a new page), the newest standings.
    let newest = rows(String::new()).await;
    assert_ne!(newest, heard);
    assert_eq!(app.state.live.computations(), computed + 1);
    // A version newer than the kept standings computes them again.
    h.deal(service, h.tables[1], &normal([0, 1])).await;
    let number = app.state.db.commit_number();
    assert_ne!(rows(format!("?v={number}")).await, newest);
    assert_eq!(app.state.live.computations(), computed + 2);
});

backend_test!(
    feeds_woken_by_one_deal_compute_once_while_commits_go_on,
    |app| {
        // A hall of 500 phones while 42 tables enter flat out: every feed woken by a deal must
        // take the standings computed for that deal, not find the commit number moved on by the
        // deals since and compute again, each behind the other (seconds behind on PostgreSQL).
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        publish(&service, &t).await;
        let base = spawn(&app).await;
        const FEEDS: u64 = 24;
        let mut hall = Vec::new();
        for _ in 0..FEEDS {
            let mut events = Events::open(&base, t.tournament).await;
            events.next_within(SOON).await.expect("a first event");
            hall.push(events);
        }
        // Commits that change nothing here, one after the other, all through the feeds' wait.
        let db = app.state.db.clone();
        let busy = actix_web::rt::spawn(async move {
            loop {
                db.tx(|_| Ok(())).await.unwrap();
            }
        });
        let computed = app.state.live.computations();
        expect(
            &t.post(&service, &t.captain, &normal([1, 2])).await,
            201,
            "deal 1",
        );
        for events in &mut hall {
            let event = events.next_within(SOON).await.expect("the deal's event");
            assert_eq!(event.data["standings"][0]["total"], 1);
        }
        busy.abort();
        let during = app.state.live.computations() - computed;
        assert!(
            during < FEEDS / 3,
            "{during} computations for {FEEDS} feeds woken by one deal"
        );
    }
);
