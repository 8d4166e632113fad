//! Load generator for the score-sheet API, against a running `karlchen serve`.
//!
//! `loadgen entry` sets up a tournament with many tables and has `--workers` concurrent
//! clients enter normal games (20 per table, the deals before any forced solo) as fast as
//! the server takes them; it reports throughput and latency percentiles. With
//! `--raw-commits URL` it then times raw durable single-row commits on that database with
//! as many writers (`loadgen/commits.rs`, the anchor), and transactions shaped as an
//! entry's, and prints entry as a share of each.
//! `loadgen standings` enters every deal of a championship (170 players, 8 rounds: 40
//! 4-tables and two 5-tables a round, forced solos included) and then times the standings.
//!
//! `loadgen hall` is the championship's hall: 170 players, 42 tables entering every deal of
//! their rounds at once while `--watchers` spectators follow the public standings page (each
//! holds the live stream open and, on every event, fetches the standings rows as the page's
//! script does); it reports deal entry latency under that load and what the watchers got.
//!
//! `loadgen championship` is the whole German championship under load (eight rounds drawn,
//! started, entered by 42 captains and closed, while spectators watch and organisers poll
//! the monitor), see `loadgen/championship.rs`; `loadgen startup` times `karlchen serve`
//! until it is ready (`loadgen/startup.rs`). `loadgen season` times a club season's
//! standings over many evenings against the trivial endpoint (`loadgen/season.rs`).
//!
//! All but `startup` log in as an organiser that must exist (`karlchen organizer add`).
//! See BENCHMARKS.md for the commands.

#![expect(clippy::print_stdout, reason = "a command-line tool reports on stdout")]

// A binary's root file takes its modules from its own folder, beside budgets.rs.
#[path = "loadgen/championship.rs"]
mod championship;
#[path = "loadgen/commits.rs"]
mod commits;
#[path = "loadgen/season.rs"]
mod season;
#[path = "loadgen/startup.rs"]
mod startup;

use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde_json::{Value, json};

struct Client {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Client {
    async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<&Value>,
    ) -> anyhow::Result<(u16, Value)> {
        let mut req = self
            .http
            .request(method, format!("{}{path}", self.base))
            .bearer_auth(&self.token);
        if let Some(body) = body {
            req = req.json(body);
        }
        let res = req.send().await?;
        let status = res.status().as_u16();
        let json = res.json().await.unwrap_or(Value::Null);
        Ok((status, json))
    }

    async fn post(&self, path: &str, body: &Value) -> anyhow::Result<Value> {
        let (status, json) = self.send(reqwest::Method::POST, path, Some(body)).await?;
        if !(200..300).contains(&status) {
            bail!("POST {path}: {status} {json}");
        }
        Ok(json)
    }
}

async fn login(base: &str, email: &str, password: &str) -> anyhow::Result<Client> {
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(256)
        .build()?;
    let res: Value = http
        .post(format!("{base}/api/v1/auth/login"))
        .json(&json!({"email": email, "password": password}))
        .send()
        .await?
        .json()
        .await?;
    let token = res["token"].as_str().context("login failed")?.to_owned();
    Ok(Client {
        http,
        base: base.to_owned(),
        token,
    })
}

/// A tournament with `sizes.len()` tables per round; returns (tournament, player ids).
async fn tournament(
    client: &Client,
    players: usize,
    rounds: usize,
) -> anyhow::Result<(i64, Vec<i64>)> {
    let t = client
        .post(
            "/api/v1/tournaments",
            &json!({"name": "Load", "date": "2026-12-05", "rounds": rounds}),
        )
        .await?;
    let id = t["id"].as_i64().context("tournament id")?;
    let mut csv = String::from("name,club\n");
    for i in 0..players {
        csv.push_str(&format!("Player {i},Club {}\n", i % 17));
    }
    let res = client
        .http
        .post(format!(
            "{}/api/v1/tournaments/{id}/players/import",
            client.base
        ))
        .bearer_auth(&client.token)
        .header("content-type", "text/csv")
        .body(csv)
        .send()
        .await?;
    let imported: Value = res.json().await?;
    let ids = imported["players"]
        .as_array()
        .context("import failed")?
        .iter()
        .filter_map(|p| p["id"].as_i64())
        .collect();
    Ok((id, ids))
}

/// Table sizes for `players`: as many 4-tables as possible.
fn sizes(players: usize) -> Vec<usize> {
    let fives = (4 - players % 4) % 4;
    let fours = (players - 5 * fives) / 4;
    std::iter::repeat_n(4, fours)
        .chain(std::iter::repeat_n(5, fives))
        .collect()
}

/// Creates a round seating `players` in order, rotated by `shift` so rounds differ.
async fn round(
    client: &Client,
    tournament: i64,
    players: &[i64],
    shift: usize,
) -> anyhow::Result<Vec<i64>> {
    let n = players.len();
    // i -> (i * m + shift) mod n is a permutation when m and n are coprime.
    let gcd = |mut a: usize, mut b: usize| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    let m = (2 * shift + 1..).find(|&m| gcd(m, n) == 1).unwrap_or(1);
    let order: Vec<i64> = (0..n).map(|i| players[(i * m + shift) % n]).collect();
    let mut tables = Vec::new();
    let mut at = 0;
    for size in sizes(n) {
        tables.push(order[at..at + size].to_vec());
        at += size;
    }
    let r = client
        .post(
            &format!("/api/v1/tournaments/{tournament}/rounds"),
            // The championship's rounds follow each other without closing: say so.
            &json!({"tables": tables, "early": true}),
        )
        .await?;
    Ok(r["tables"]
        .as_array()
        .context("tables")?
        .iter()
        .filter_map(|t| t["id"].as_i64())
        .collect())
}

fn normal(seed: usize, sitting_out: Option<u64>) -> Value {
    // Two different seats that play (a 5-table has a sitting-out seat), varied by `seed`.
    let seats = if sitting_out.is_some() { 5 } else { 4 };
    let playing: Vec<u64> = (0..seats).filter(|s| Some(*s) != sitting_out).collect();
    let n = playing.len();
    let a = playing[seed % n];
    let b = playing[(seed % n + 1 + (seed / n) % (n - 1)) % n];
    let points = [121, 130, 95, 160, 180][seed % 5];
    let tricks = [6, 7, 5, 8, 9][seed % 5];
    json!({"contract": "normal", "re": [a, b], "re_points": points, "re_tricks": tricks,
           "announcements": {"re": if seed.is_multiple_of(3) { "re" } else { "none" }}})
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

async fn entry(
    client: Client,
    tables: usize,
    workers: usize,
    raw_commits: Option<String>,
) -> anyhow::Result<()> {
    let (tournament, players) = tournament(&client, tables * 4, 1).await?;
    let table_ids = round(&client, tournament, &players, 0).await?;
    println!(
        "entering 20 normal games at each of {} 4-tables with {workers} concurrent clients",
        table_ids.len()
    );
    let client = std::sync::Arc::new(client);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for w in 0..workers {
        let client = client.clone();
        let mine: Vec<i64> = table_ids.iter().copied().skip(w).step_by(workers).collect();
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut errors = 0u32;
            for deal in 0..20 {
                for table in &mine {
                    let body = normal(deal + *table as usize, None);
                    let t = Instant::now();
                    let ok = client
                        .send(
                            reqwest::Method::POST,
                            &format!("/api/v1/tables/{table}/deals"),
                            Some(&body),
                        )
                        .await
                        .is_ok_and(|(s, _)| s == 201);
                    latencies.push(t.elapsed());
                    errors += u32::from(!ok);
                }
            }
            (latencies, errors)
        }));
    }
    let mut latencies = Vec::new();
    let mut errors = 0;
    for task in tasks {
        let (l, e) = task.await?;
        latencies.extend(l);
        errors += e;
    }
    let elapsed = started.elapsed();
    latencies.sort_unstable();
    println!(
        "{} deals in {:.2} s: {:.0} deals/s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, errors {errors}",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        percentile(&latencies, 50.0).as_secs_f64() * 1e3,
        percentile(&latencies, 99.0).as_secs_f64() * 1e3,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
    if errors > 0 {
        bail!("{errors} entries failed");
    }
    // The anchors in the same run, on the same disk and server, as many writers: raw
    // single-row commits, and transactions shaped as an entry's.
    if let Some(url) = raw_commits {
        let entered = latencies.len() as f64 / elapsed.as_secs_f64();
        for (shape, label) in [
            (commits::Shape::SingleRow, "raw single-row commits"),
            (
                commits::Shape::Entry,
                "raw entry-shaped transactions (9 statements)",
            ),
        ] {
            let count = latencies.len();
            let url = url.clone();
            let measured =
                tokio::task::spawn_blocking(move || commits::measure(&url, shape, workers, count));
            let (per_second, p50, p99) = measured.await??;
            println!(
                "{label}, {workers} writers: {per_second:.0}/s, p50 {:.2} ms, p99 {:.2} ms; \
                 deal entry = {:.0} % of them",
                p50.as_secs_f64() * 1e3,
                p99.as_secs_f64() * 1e3,
                entered / per_second * 100.0,
            );
        }
    }
    Ok(())
}

/// Plays one table's whole round: normal games, and each forced solo when the sheet asks;
/// `pace` between a table's deals (zero: as fast as the server takes them). Returns how
/// long each entry took.
async fn play_table(client: &Client, table: i64, pace: Duration) -> anyhow::Result<Vec<Duration>> {
    play_table_noting(client, table, pace, None).await
}

/// [`play_table`], noting the moment each deal was acknowledged in `acks`.
async fn play_table_noting(
    client: &Client,
    table: i64,
    pace: Duration,
    acks: Option<&std::sync::Mutex<Vec<Instant>>>,
) -> anyhow::Result<Vec<Duration>> {
    let mut times = Vec::new();
    loop {
        let (_, sheet) = client
            .send(
                reqwest::Method::GET,
                &format!("/api/v1/tables/{table}/sheet"),
                None,
            )
            .await?;
        let next = &sheet["next"];
        if next.is_null() {
            return Ok(times);
        }
        let number = next["number"].as_u64().unwrap_or(0) as usize;
        let body = match next["forced_soloist"].as_u64() {
            Some(seat) => {
                json!({"contract": "solo_hearts", "re": [seat], "re_points": 100 + (number % 5) as u64 * 10, "re_tricks": 6})
            }
            None => normal(number + table as usize, next["sitting_out"].as_u64()),
        };
        let t = Instant::now();
        client
            .post(&format!("/api/v1/tables/{table}/deals"), &body)
            .await?;
        times.push(t.elapsed());
        if let Some(acks) = acks {
            acks.lock()
                .map_err(|_| anyhow::anyhow!("poisoned"))?
                .push(Instant::now());
        }
        if !pace.is_zero() {
            // Tables do not finish their deals in step: each waits a little more or less.
            let jitter = (table as u64 * 7919 + number as u64 * 104_729) % 1000;
            tokio::time::sleep(pace.mul_f64(0.5 + jitter as f64 / 1000.0)).await;
        }
    }
}

async fn standings(client: Client, samples: usize) -> anyhow::Result<()> {
    let (tournament, players) = tournament(&client, 170, 8).await?;
    let client = std::sync::Arc::new(client);
    let started = Instant::now();
    let mut deals = 0;
    for r in 0..8 {
        // Every table of the round plays at once, as in the hall.
        let mut tables = tokio::task::JoinSet::new();
        for table in round(&client, tournament, &players, r).await? {
            let client = client.clone();
            tables.spawn(async move { play_table(&client, table, Duration::ZERO).await });
        }
        while let Some(result) = tables.join_next().await {
            deals += result??.len();
        }
    }
    println!(
        "championship: 170 players, 8 rounds, {deals} deals entered in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let mut times = Vec::new();
    for _ in 0..samples {
        let t = Instant::now();
        let (status, body) = client
            .send(
                reqwest::Method::GET,
                &format!("/api/v1/tournaments/{tournament}/standings"),
                None,
            )
            .await?;
        times.push(t.elapsed());
        if status != 200 || body["standings"].as_array().map_or(0, Vec::len) != 170 {
            bail!("standings answered {status}");
        }
    }
    times.sort_unstable();
    println!(
        "GET standings ({samples} requests, one at a time): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        percentile(&times, 50.0).as_secs_f64() * 1e3,
        percentile(&times, 99.0).as_secs_f64() * 1e3,
        times.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
    // The anchor, measured the same way in the same run: the trivial endpoint.
    let mut anchor = Vec::new();
    for _ in 0..samples {
        let t = Instant::now();
        let (status, _) = client
            .send(reqwest::Method::GET, "/health/live", None)
            .await?;
        anchor.push(t.elapsed());
        if status != 200 {
            bail!("/health/live answered {status}");
        }
    }
    anchor.sort_unstable();
    let (p50, anchor_p50) = (percentile(&times, 50.0), percentile(&anchor, 50.0));
    println!(
        "GET /health/live ({samples} requests, one at a time): p50 {:.2} ms; standings p50 = {:.1} x /health/live",
        anchor_p50.as_secs_f64() * 1e3,
        p50.as_secs_f64() / anchor_p50.as_secs_f64().max(1e-9),
    );
    Ok(())
}

/// What one spectator saw: events received, the rows fetches' latencies, and the version
/// of the last rows fetched, which the page shows (to compare with the final standings'
/// ETag).
struct Watched {
    events: usize,
    fetches: Vec<Duration>,
    shown: Option<String>,
    errors: u32,
}

/// One spectator of the public standings page: the live stream open, and the rows
/// fetched as `standings.js` does: a moment of its own (under a second) after an event,
/// one fetch at a time, of the newest version heard by then. Runs until `stop` is set.
async fn watch(
    n: usize,
    http: reqwest::Client,
    base: String,
    tournament: i64,
    ready: std::sync::Arc<tokio::sync::Barrier>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> anyhow::Result<Watched> {
    let mut stream = http
        .get(format!(
            "{base}/api/v1/tournaments/{tournament}/standings/stream?data=version"
        ))
        .header("accept", "text/event-stream")
        .send()
        .await?;
    if stream.status() != 200 {
        // Still counted at the start, or the hall would wait for it for ever.
        ready.wait().await;
        bail!("stream answered {}", stream.status());
    }
    let (heard, mut news) = tokio::sync::watch::channel(String::new());
    let fetcher = tokio::spawn(async move {
        let (mut fetches, mut shown, mut errors) = (Vec::new(), None, 0);
        let mut round = 0u64;
        // Ends when the reader stops (the sender is dropped).
        while news.changed().await.is_ok() {
            round += 1;
            let spread = (n as u64 * 7919 + round * 104_729) % 1000;
            tokio::time::sleep(Duration::from_millis(spread)).await;
            let version = news.borrow_and_update().clone();
            let t = Instant::now();
            let rows = http
                .get(format!(
                    "{base}/tournaments/{tournament}/standings/rows?v={version}"
                ))
                .send()
                .await;
            match rows {
                Ok(r) if r.status() == 200 => {
                    let _ = r.bytes().await;
                    fetches.push(t.elapsed());
                    shown = Some(version);
                }
                _ => errors += 1,
            }
        }
        (fetches, shown, errors)
    });
    let mut events = 0;
    let mut buffer = String::new();
    let mut waiting = Some(ready);
    loop {
        let chunk = tokio::select! {
            chunk = stream.chunk() => chunk?,
            _ = stop.changed() => break,
        };
        let Some(chunk) = chunk else { break };
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        // Events end with a blank line; a comment line (keep-alive) carries no data.
        while let Some(end) = buffer.find("\n\n") {
            let event: String = buffer.drain(..end + 2).collect();
            let Some(version) = event
                .lines()
                .find_map(|line| line.strip_prefix("id:"))
                .map(|id| id.trim().to_owned())
            else {
                continue;
            };
            events += 1;
            if let Some(ready) = waiting.take() {
                // The first event is what the page was rendered with.
                ready.wait().await;
                continue;
            }
            let _ = heard.send(version);
        }
    }
    drop(heard);
    let (fetches, shown, errors) = fetcher.await?;
    Ok(Watched {
        events,
        fetches,
        shown,
        errors,
    })
}

/// The probe: the public standings stream with the standings in every event, noting when
/// it heard how many deals (a deal is 4 players' `deals_played`). Runs until `stop` is set.
async fn probe(
    http: reqwest::Client,
    base: String,
    tournament: i64,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> anyhow::Result<Vec<(Instant, u64)>> {
    let mut stream = http
        .get(format!(
            "{base}/api/v1/tournaments/{tournament}/standings/stream"
        ))
        .send()
        .await?;
    if stream.status() != 200 {
        bail!("the probe's stream answered {}", stream.status());
    }
    let (mut heard, mut buffer) = (Vec::new(), String::new());
    loop {
        let chunk = tokio::select! {
            chunk = stream.chunk() => chunk?,
            _ = stop.changed() => break,
        };
        let Some(chunk) = chunk else { break };
        let at = Instant::now();
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buffer.find("\n\n") {
            let event: String = buffer.drain(..end + 2).collect();
            let Some(data) = event.lines().find_map(|l| l.strip_prefix("data:")) else {
                continue;
            };
            let standings: Value = serde_json::from_str(data.trim())?;
            let played: u64 = standings["standings"]
                .as_array()
                .map(|rows| rows.iter().filter_map(|r| r["deals_played"].as_u64()).sum())
                .unwrap_or(0);
            heard.push((at, played / 4));
        }
    }
    Ok(heard)
}

/// For the `k`-th deal acknowledged (at `acks[k - 1]`), how long until the probe heard `k`
/// deals: the commit-to-watcher time (zero when it was heard before its answer came).
fn reached(acks: &[Instant], heard: &[(Instant, u64)]) -> Vec<Duration> {
    let mut acks = acks.to_vec();
    acks.sort_unstable();
    acks.iter()
        .enumerate()
        .filter_map(|(k, &acked)| {
            let seen = heard.iter().find(|&&(_, deals)| deals > k as u64)?.0;
            Some(seen.saturating_duration_since(acked))
        })
        .collect()
}

fn report(what: &str, mut times: Vec<Duration>) {
    times.sort_unstable();
    println!(
        "{what}: {} requests, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        times.len(),
        percentile(&times, 50.0).as_secs_f64() * 1e3,
        percentile(&times, 99.0).as_secs_f64() * 1e3,
        times.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
}

async fn hall(
    client: Client,
    watchers: usize,
    rounds: usize,
    pace: Duration,
) -> anyhow::Result<()> {
    let (tournament, players) = tournament(&client, 170, rounds).await?;
    let (status, _) = client
        .send(
            reqwest::Method::PATCH,
            &format!("/api/v1/tournaments/{tournament}"),
            Some(&json!({"published": true})),
        )
        .await?;
    if status != 200 {
        bail!("publishing answered {status}");
    }
    // The spectators' own connections, as 500 phones and screens would have.
    let spectators = reqwest::Client::builder()
        .pool_max_idle_per_host(watchers)
        .build()?;
    let ready = std::sync::Arc::new(tokio::sync::Barrier::new(watchers + 1));
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut crowd = tokio::task::JoinSet::new();
    for n in 0..watchers {
        crowd.spawn(watch(
            n,
            spectators.clone(),
            client.base.clone(),
            tournament,
            ready.clone(),
            stopped.clone(),
        ));
    }
    ready.wait().await;
    // One more watcher takes the whole standings with every event and notes when it heard
    // how many deals: against the moments the deals were acknowledged, what a deal takes
    // from the commit to a watcher.
    let probe = tokio::spawn(probe(
        spectators.clone(),
        client.base.clone(),
        tournament,
        stopped.clone(),
    ));
    let acks = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    println!(
        "{watchers} spectators follow the standings; {rounds} round(s) of 42 tables begin{}",
        if pace.is_zero() {
            ", every table entering as fast as the server takes it".to_owned()
        } else {
            format!(
                ", each table a deal every {} ms on average",
                pace.as_millis()
            )
        }
    );
    let client = std::sync::Arc::new(client);
    let started = Instant::now();
    let mut entries = Vec::new();
    for r in 0..rounds {
        let mut tables = tokio::task::JoinSet::new();
        for table in round(&client, tournament, &players, r).await? {
            let (client, acks) = (client.clone(), acks.clone());
            tables.spawn(async move { play_table_noting(&client, table, pace, Some(&acks)).await });
        }
        while let Some(result) = tables.join_next().await {
            entries.extend(result??);
        }
    }
    let elapsed = started.elapsed();
    println!(
        "{} deals in {:.1} s ({:.0} deals/s)",
        entries.len(),
        elapsed.as_secs_f64(),
        entries.len() as f64 / elapsed.as_secs_f64()
    );
    report("deal entry (POST /api/v1/tables/{id}/deals)", entries);
    // The last write's event reaches everybody within the stream's coalescing window.
    tokio::time::sleep(Duration::from_secs(3)).await;
    // The public's version of the final standings (their ETag), as the stream names it.
    let final_version = spectators
        .get(format!(
            "{}/api/v1/tournaments/{tournament}/standings",
            client.base
        ))
        .send()
        .await?
        .headers()
        .get("etag")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim_matches('"').to_owned())
        .context("no ETag on the standings")?;
    let _ = stop.send(true);
    let heard = probe.await??;
    let acks = acks
        .lock()
        .map_err(|_| anyhow::anyhow!("poisoned"))?
        .clone();
    report(
        "commit to a watcher (deal acknowledged → an event with it)",
        reached(&acks, &heard),
    );
    let mut fetches = Vec::new();
    let mut events = Vec::new();
    let (mut errors, mut stale) = (0, 0);
    while let Some(watched) = crowd.join_next().await {
        let watched = watched??;
        events.push(watched.events);
        fetches.extend(watched.fetches);
        errors += watched.errors;
        if watched.shown.as_deref() != Some(final_version.as_str()) {
            stale += 1;
        }
    }
    events.sort_unstable();
    println!(
        "spectators: events per spectator min {} / median {} / max {}; {stale} ended on stale standings; {errors} failed fetches",
        events.first().copied().unwrap_or(0),
        events.get(events.len() / 2).copied().unwrap_or(0),
        events.last().copied().unwrap_or(0),
    );
    report(
        "standings rows fetched on an event (GET /tournaments/{id}/standings/rows)",
        fetches,
    );
    if errors > 0 || stale > 0 {
        bail!("{errors} failed fetches, {stale} spectators with stale standings");
    }
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str, default: &str| -> String {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
            .unwrap_or_else(|| default.to_owned())
    };
    let base = arg("--url", "http://127.0.0.1:18080");
    if args.get(1).map(String::as_str) == Some("startup") {
        return startup::run(
            &arg("--bin", "target/release/karlchen"),
            &base,
            arg("--times", "5").parse()?,
        )
        .await;
    }
    let client = login(
        &base,
        &arg("--email", "bench@example.org"),
        &arg("--password", "bench-password"),
    )
    .await?;
    match args.get(1).map(String::as_str) {
        Some("entry") => {
            entry(
                client,
                arg("--tables", "200").parse()?,
                arg("--workers", "32").parse()?,
                args.iter()
                    .position(|a| a == "--raw-commits")
                    .and_then(|i| args.get(i + 1))
                    .cloned(),
            )
            .await
        }
        Some("standings") => standings(client, arg("--samples", "50").parse()?).await,
        Some("hall") => {
            hall(
                client,
                arg("--watchers", "500").parse()?,
                arg("--rounds", "2").parse()?,
                Duration::from_millis(arg("--pace-ms", "0").parse()?),
            )
            .await
        }
        Some("championship") => {
            championship::run(
                client,
                championship::Options {
                    watchers: arg("--watchers", "500").parse()?,
                    monitors: arg("--monitors", "50").parse()?,
                    rounds: arg("--rounds", "8").parse()?,
                    pace: Duration::from_millis(arg("--pace-ms", "0").parse()?),
                    monitor_every: Duration::from_millis(
                        arg("--monitor-every-ms", "2000").parse()?,
                    ),
                    pid: args
                        .iter()
                        .position(|a| a == "--pid")
                        .and_then(|i| args.get(i + 1))
                        .map(|p| p.parse())
                        .transpose()?,
                },
            )
            .await
        }
        Some("season") => {
            season::run(
                client,
                season::Options {
                    evenings: arg("--evenings", "52").parse()?,
                    players: arg("--players", "40").parse()?,
                    rounds: arg("--rounds", "2").parse()?,
                    reads: arg("--reads", "20").parse()?,
                    deals: args.iter().any(|a| a == "--deals"),
                    memo_age: Duration::from_millis(arg("--memo-age-ms", "10000").parse()?),
                },
            )
            .await
        }
        _ => bail!(
            "usage: loadgen entry|standings|hall|championship|season|startup [--url U] [--tables N] \
             [--workers N] [--samples N] [--watchers N] [--monitors N] [--rounds N] [--pace-ms N] \
             [--monitor-every-ms N] [--pid P] [--bin PATH] [--times N] [--evenings N] \
             [--players N] [--reads N] [--deals] [--memo-age-ms N]"
        ),
    }
}
