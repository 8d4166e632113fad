//! `/metrics` (Prometheus text) and request ids: the counters go up by exactly the
//! requests made, by route pattern and status; deals are counted once (not a replayed
//! retry); open live streams and the pool are shown; only the loopback address or the
//! token may read them. Every answer names its request's id.

use std::sync::Arc;

use actix_web::test::TestRequest;
use serde_json::json;
use service_tests::{TestApp, backend_test};

use crate::fixtures::{App, Step, Table, call_json, expect, normal, repeat, send};
use crate::server::spawn;

/// The value of one series (its name with labels, exactly as written), 0 if absent: a
/// counter that was never touched is not written at all.
pub fn value(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .map_or(0.0, |v| v.trim().parse().unwrap())
}

fn requests(text: &str, method: &str, route: &str, status: u16) -> f64 {
    value(
        text,
        &format!(
            "karlchen_http_requests_total{{method=\"{method}\",route=\"{route}\",status=\"{status}\"}}"
        ),
    )
}

async fn scrape(base: &str) -> String {
    let answer = reqwest::get(format!("{base}/metrics")).await.unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(
        answer.headers()["content-type"],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    answer.text().await.unwrap()
}

const DEALS: &str = "/api/v1/tables/{id}/deals";

backend_test!(metrics_count_requests_deals_streams_and_the_pool, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    crate::fixtures::publish(&service, &t).await;
    let base = spawn(&app).await;
    let before = scrape(&base).await;
    // The set-up entered no deal and opened no stream.
    assert_eq!(value(&before, "karlchen_deals_entered_total"), 0.0);
    assert_eq!(value(&before, "karlchen_live_streams_open"), 0.0);
    assert_eq!(
        requests(&before, "PATCH", "/api/v1/tournaments/{id}", 200),
        1.0
    );

    for _ in 0..3 {
        expect(
            &call_json(&service, "GET", "/health/live", None, None).await,
            200,
            "live",
        );
    }
    expect(
        &call_json(&service, "GET", "/no/such/page/42", None, None).await,
        404,
        "unknown path",
    );
    // Two deals, then a third sent twice under one key: the retry is answered from the
    // stored answer and is no new deal.
    t.fill(&service, &repeat(&Step::Normal, 2)).await;
    let keyed = || {
        TestRequest::post()
            .uri(&t.path("deals"))
            .insert_header(("Authorization", format!("Bearer {}", t.captain)))
            .insert_header(("Idempotency-Key", "metrics-retry-1"))
            .set_json(normal([0, 1]))
            .to_request()
    };
    let first = send(&service, keyed()).await;
    expect(&first, 201, "deal 3");
    let retry = send(&service, keyed()).await;
    expect(&retry, 201, "deal 3 again");
    assert_eq!(retry.json["deal"]["number"], 3);
    // A refused entry is a request like any other, and no deal.
    let refused = t
        .post(
            &service,
            &t.captain,
            &json!({"contract": "normal", "re": [0, 1], "re_points": 250, "re_tricks": 7}),
        )
        .await;
    assert_eq!(refused.status.as_u16(), 422, "{}", refused.text);

    let stream = reqwest::get(format!(
        "{base}/api/v1/tournaments/{}/standings/stream?data=version",
        t.tournament
    ))
    .await
    .unwrap();
    assert_eq!(stream.status(), 200);

    let after = scrape(&base).await;
    let delta = |method: &str, route: &str, status: u16| {
        requests(&after, method, route, status) - requests(&before, method, route, status)
    };
    assert_eq!(delta("GET", "/health/live", 200), 3.0);
    assert_eq!(delta("GET", "unmatched", 404), 1.0);
    assert_eq!(delta("POST", DEALS, 201), 4.0);
    assert_eq!(delta("POST", DEALS, 422), 1.0);
    assert_eq!(
        delta("GET", "/api/v1/tournaments/{id}/standings/stream", 200),
        1.0
    );
    // The first scrape is counted once it was answered.
    assert_eq!(requests(&after, "GET", "/metrics", 200), 1.0);
    assert_eq!(value(&after, "karlchen_deals_entered_total"), 3.0);
    assert_eq!(value(&after, "karlchen_live_streams_open"), 1.0);
    // Every deal entry is in the latency histogram, 201s and the 422 alike.
    let histogram = |suffix: &str| {
        value(
            &after,
            &format!(
                "karlchen_http_request_duration_seconds_{suffix}{{method=\"POST\",route=\"{DEALS}\"}}"
            ),
        )
    };
    assert_eq!(histogram("count"), 5.0);
    let slowest = value(
        &after,
        &format!(
            "karlchen_http_request_duration_seconds_bucket{{method=\"POST\",route=\"{DEALS}\",le=\"5\"}}"
        ),
    );
    assert_eq!(slowest, 5.0);
    assert!(histogram("sum") > 0.0);
    // The test application's pool has 4 connections at most (`TestApp`).
    assert_eq!(value(&after, "karlchen_db_pool_max_connections"), 4.0);
    let (open, idle) = (
        value(&after, "karlchen_db_pool_connections"),
        value(&after, "karlchen_db_pool_idle_connections"),
    );
    assert!((1.0..=4.0).contains(&open) && idle <= open, "{open} {idle}");
    // The standard process metrics and the build.
    assert!(value(&after, "process_resident_memory_bytes") > 1_000_000.0);
    assert!(value(&after, "process_open_fds") >= 3.0);
    assert!(value(&after, "process_start_time_seconds") > 1.7e9);
    assert_eq!(
        value(
            &after,
            &format!(
                "karlchen_build_info{{version=\"{}\"}}",
                env!("CARGO_PKG_VERSION")
            )
        ),
        1.0
    );
    // The stream's first event computed the public standings, here and in the count of
    // the process (which other tests running at the same time add to).
    assert_eq!(
        value(&after, "karlchen_public_standings_computations_total")
            - value(&before, "karlchen_public_standings_computations_total"),
        1.0
    );
    assert!(
        value(&after, "karlchen_standings_computations_total")
            > value(&before, "karlchen_standings_computations_total")
    );
    assert!(value(&after, "karlchen_standings_computation_seconds_total") > 0.0);
    // No hook, nothing in the outbox.
    assert_eq!(
        value(&after, "karlchen_webhook_deliveries{status=\"pending\"}"),
        0.0
    );

    // A watcher that leaves is no longer counted once the server notices: at the latest
    // when it next writes to the stream (an event after a deal, or the keep-alive).
    drop(stream);
    let mut open_streams = 1.0;
    for _ in 0..10 {
        t.fill(&service, &[Step::Normal]).await;
        actix_web::rt::time::sleep(api::services::live::COALESCE * 2).await;
        open_streams = value(&scrape(&base).await, "karlchen_live_streams_open");
        if open_streams == 0.0 {
            break;
        }
    }
    assert_eq!(open_streams, 0.0);
});

/// The text of `/metrics` as the loopback address reads it.
pub async fn scraped<S: App>(service: &S) -> String {
    let answer = send(
        service,
        TestRequest::get()
            .uri("/metrics")
            .peer_addr("127.0.0.1:40000".parse().unwrap())
            .to_request(),
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    answer.text
}

/// `GET /metrics` from `peer`, with `headers`.
async fn metrics_from<S: App>(service: &S, peer: Option<&str>, headers: &[(&str, &str)]) -> u16 {
    let mut request = TestRequest::get().uri("/metrics");
    if let Some(peer) = peer {
        request = request.peer_addr(peer.parse().unwrap());
    }
    for header in headers {
        request = request.insert_header(*header);
    }
    send(service, request.to_request()).await.status.as_u16()
}

#[actix_web::test]
async fn metrics_answer_the_loopback_address_or_the_token_only() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    assert_eq!(
        metrics_from(&service, Some("127.0.0.1:40000"), &[]).await,
        200
    );
    assert_eq!(metrics_from(&service, Some("[::1]:40000"), &[]).await, 200);
    assert_eq!(
        metrics_from(&service, Some("192.0.2.7:40000"), &[]).await,
        403
    );
    assert_eq!(metrics_from(&service, None, &[]).await, 403);
    // The refusal says what to do about it.
    let refused = send(
        &service,
        TestRequest::get()
            .uri("/metrics")
            .peer_addr("192.0.2.7:40000".parse().unwrap())
            .to_request(),
    )
    .await;
    assert_eq!(refused.header("content-type"), "application/problem+json");
    assert_eq!(refused.json["code"], "metrics_token_needed");
    let detail = refused.json["detail"].as_str().unwrap();
    assert!(detail.contains("KARLCHEN_METRICS_TOKEN"), "{detail}");
    // A proxy on the same machine connects from the loopback address: what it forwards is
    // somebody else's request.
    for header in ["X-Forwarded-For", "Forwarded", "X-Real-IP"] {
        assert_eq!(
            metrics_from(
                &service,
                Some("127.0.0.1:40000"),
                &[(header, "203.0.113.9")]
            )
            .await,
            403,
            "{header}"
        );
    }

    let secret = "scrape-me-0123456789";
    let mut state = app.state.clone();
    let mut config = (*state.config).clone();
    config.metrics_token = Some(api::config::MetricsToken::new(secret).unwrap());
    state.config = Arc::new(config);
    let guarded = actix_web::test::init_service(api::app::build(state)).await;
    let bearer = format!("Bearer {secret}");
    assert_eq!(
        metrics_from(
            &guarded,
            Some("192.0.2.7:40000"),
            &[("Authorization", &bearer)]
        )
        .await,
        200
    );
    // With a token, the loopback address needs it too.
    assert_eq!(
        metrics_from(&guarded, Some("127.0.0.1:40000"), &[]).await,
        401
    );
    assert_eq!(
        metrics_from(
            &guarded,
            Some("127.0.0.1:40000"),
            &[("Authorization", "Bearer scrape-me-0123456788")]
        )
        .await,
        401
    );
    assert!(api::config::MetricsToken::new("too-short").is_err());
}

#[actix_web::test]
async fn every_answer_names_its_request_id() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let id_of = |reply: &crate::fixtures::Reply| reply.header("x-request-id").to_owned();
    let with = |path: &str, id: &str| {
        TestRequest::get()
            .uri(path)
            .insert_header(("X-Request-Id", id))
            .to_request()
    };
    // A sane id from a proxy is kept, on a success and on a problem alike.
    let kept = send(&service, with("/health/live", "lb-7f3a.01_x")).await;
    assert_eq!(id_of(&kept), "lb-7f3a.01_x");
    let missing = send(&service, with("/api/v1/tournaments/424242", "lb-7f3a.02")).await;
    expect(&missing, 404, "missing tournament");
    assert_eq!(id_of(&missing), "lb-7f3a.02");
    // Anything else is replaced by an id of our own, as is a missing one.
    let long = "x".repeat(65);
    let mut made = Vec::new();
    for given in ["two words", "semi;colon", long.as_str()] {
        let reply = send(&service, with("/health/live", given)).await;
        made.push(id_of(&reply));
    }
    made.push(id_of(
        &call_json(&service, "GET", "/health/live", None, None).await,
    ));
    for id in &made {
        assert_eq!(id.len(), 32, "{id}");
        assert!(id.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");
    }
    made.sort();
    made.dedup();
    assert_eq!(made.len(), 4, "every request its own id");
}
