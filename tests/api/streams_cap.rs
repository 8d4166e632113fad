//! A hall of watchers on a real `karlchen serve` held to 1,024 open files (a common
//! default limit): past the cap on streams (three quarters of the files) a stream is
//! refused with 503 `too_many_streams` and `Retry-After`, its connection closed, and the
//! quarter left keeps a socket for every captain: a deal is entered at once while 1,100
//! watchers try to stream, and the streams that got in hear of it. The server never runs
//! out of files: connections beyond what the limit holds wait to be accepted.

use std::time::{Duration, Instant};

use serde_json::json;
use service_tests::{Backend, TestDb};

use super::crash::{Setup, deal, expect_json, karlchen, tournament_with_captains};

/// Watchers trying to stream at once: more than the server has files.
const WATCHERS: usize = 1100;
/// The server's limit on open files, soft and hard.
const FILES: usize = 1024;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_cap_streams_are_refused_and_captains_still_get_through() {
    // The test's own end of every connection needs a file too.
    rlimit::increase_nofile_limit(4 * WATCHERS as u64).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = TestDb::create(Backend::Sqlite, &dir) else {
        return;
    };
    karlchen();
    let setup = Setup {
        data_dir: dir.path().join("data"),
        url: db.url.clone(),
        log: dir.path().join("karlchen.log"),
    };
    setup.add_organizer();
    let http = reqwest::Client::builder().no_proxy().build().unwrap();
    // Every watcher comes from 127.0.0.1: the per-address cap is lifted so that the
    // global one is what refuses.
    let script =
        format!("ulimit -n {FILES} && KARLCHEN_STREAMS_PER_ADDRESS={WATCHERS} exec \"$0\" \"$@\"");
    let server = setup.serve_via(&http, &["sh", "-c", &script]).await;
    let base = server.base.clone();
    let day = tournament_with_captains(&http, &base, 1).await;
    expect_json(
        http.patch(format!("{base}/api/v1/tournaments/{}", day.tournament))
            .bearer_auth(&day.org)
            .json(&json!({"published": true})),
        200,
        "publish",
    )
    .await;

    // Every watcher at once, each on a connection of its own.
    let url = format!(
        "{base}/api/v1/tournaments/{}/standings/stream",
        day.tournament
    );
    let opening: Vec<_> = (0..WATCHERS)
        .map(|_| {
            let (http, url) = (http.clone(), url.clone());
            tokio::spawn(async move { http.get(url).timeout(Duration::from_secs(60)).send().await })
        })
        .collect();
    let mut streams = Vec::new();
    let mut refused = 0;
    for answer in opening {
        let answer = answer.await.unwrap().expect("every watcher is answered");
        match answer.status().as_u16() {
            200 => streams.push(answer),
            503 => {
                assert_eq!(answer.headers()["retry-after"], "30");
                assert_eq!(answer.headers()["connection"], "close");
                let problem: serde_json::Value = answer.json().await.unwrap();
                assert_eq!(problem["code"], "too_many_streams");
                refused += 1;
            }
            other => panic!("a watcher got {other}"),
        }
    }
    assert_eq!(streams.len(), FILES / 4 * 3, "three quarters of the files");
    assert_eq!(refused, WATCHERS - streams.len());

    // A captain enters a deal at once, and the streams hear of it.
    let (table, token) = &day.captains[0];
    let entered = Instant::now();
    expect_json(
        http.post(format!("{base}/api/v1/tables/{table}/deals"))
            .bearer_auth(token)
            .json(&deal(0, 1)),
        201,
        "a deal while every stream is taken",
    )
    .await;
    let took = entered.elapsed();
    eprintln!("a deal with {} streams open took {took:?}", streams.len());
    assert!(took < Duration::from_secs(5), "{took:?}");
    for stream in streams.iter_mut().take(5) {
        let mut seen = String::new();
        while !seen.contains("\"deals_played\":1") {
            let chunk = tokio::time::timeout(Duration::from_secs(10), stream.chunk())
                .await
                .expect("an event within 10 s")
                .unwrap()
                .expect("the stream goes on");
            seen.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
    let log = setup.log_text();
    assert!(!log.contains("Too many open files"), "{log}");
    let metrics = http.get(format!("{base}/metrics")).send().await.unwrap();
    let metrics = metrics.text().await.unwrap();
    assert!(
        metrics.contains(&format!("karlchen_live_streams_refused_total {refused}")),
        "{metrics}"
    );

    // Streams that end give their places back: the server notices a watcher gone when it
    // next writes to its stream, the keep-alive comment at the latest (every 10 s).
    streams.clear();
    let again = tokio::time::timeout(Duration::from_secs(40), async {
        loop {
            let answer = http.get(&url).send().await.unwrap();
            if answer.status() == 200 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    assert!(again.is_ok(), "a place again after the streams closed");
}
