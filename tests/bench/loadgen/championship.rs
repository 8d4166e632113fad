//! `loadgen championship`: the German championship under load, as issue 14 asks.
//!
//! 170 players, 8 rounds of 40 4-tables and two 5-tables, each round drawn through the API
//! (`avoid_repeats`), its join codes issued and traded for 42 captains' tokens, its clock
//! started, every deal entered by its table's captain in the TSR's order (following the
//! sheet's `next`, forced solos included), and the round closed once every sheet is
//! complete. Meanwhile `--watchers` spectators follow the public standings page (the live
//! stream, and the rows fetched on each event), `--monitors` organiser screens poll the
//! round's monitor every `--monitor-every-ms` with `If-None-Match`, and one client asks
//! `/health/live` every 50 ms: the trivial endpoint of the same server in the same run.
//!
//! It prints one line per endpoint (requests, requests/s over the run, p50, p99, max,
//! errors), what the spectators got, the server's memory when `--pid` names it, and the
//! server's own count of entered deals from `/metrics`.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde_json::{Value, json};
use tokio::sync::watch;

use super::{Client, normal, percentile, tournament, watch as spectate};

/// Each endpoint's latencies and failures.
type PerEndpoint = BTreeMap<&'static str, (Vec<Duration>, u32)>;

/// Latencies and failures per endpoint, shared by every simulated client.
#[derive(Default, Clone)]
pub struct Tally(Arc<Mutex<PerEndpoint>>);

impl Tally {
    /// Counts one request to `endpoint` that took `took`; `ok` false counts an error.
    pub fn record(&self, endpoint: &'static str, took: Duration, ok: bool) {
        let mut map = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = map.entry(endpoint).or_default();
        entry.0.push(took);
        entry.1 += u32::from(!ok);
    }

    fn errors(&self) -> u32 {
        let map = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        map.values().map(|(_, e)| e).sum()
    }

    /// The table of every endpoint, requests per second over `window`.
    pub fn print(&self, window: Duration) {
        let map = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!("| endpoint | requests | req/s | p50 | p99 | max | errors |");
        println!("|---|---|---|---|---|---|---|");
        for (endpoint, (times, errors)) in map.iter() {
            let mut times = times.clone();
            times.sort_unstable();
            println!(
                "| {endpoint} | {} | {:.1} | {:.2} ms | {:.2} ms | {:.2} ms | {errors} |",
                times.len(),
                times.len() as f64 / window.as_secs_f64(),
                ms(percentile(&times, 50.0)),
                ms(percentile(&times, 99.0)),
                ms(times.last().copied().unwrap_or_default()),
            );
        }
    }
}

/// What the run is asked to do.
pub struct Options {
    pub watchers: usize,
    pub monitors: usize,
    pub rounds: usize,
    /// Between a table's deals (zero: as fast as the server takes them).
    pub pace: Duration,
    pub monitor_every: Duration,
    /// The server's process id, to read its memory.
    pub pid: Option<u32>,
}

const DEALS: &str = "POST /api/v1/tables/{id}/deals";
const SHEET: &str = "GET /api/v1/tables/{id}/sheet";
const MONITOR: &str = "GET /api/v1/rounds/{id}/monitor";
const ROWS: &str = "GET /tournaments/{id}/standings/rows (spectators)";
const LIVE: &str = "GET /health/live (trivial)";
const DRAW: &str = "POST /api/v1/tournaments/{id}/rounds (draw)";
const CODES: &str = "POST /api/v1/rounds/{id}/join-codes";
const CAPTAIN: &str = "POST /api/v1/auth/captain";
const START: &str = "POST /api/v1/rounds/{id}/start";
const CLOSE: &str = "POST /api/v1/rounds/{id}/close";

/// A server's memory line from `/proc/<pid>/status` in MB (`VmRSS`, `VmHWM`).
pub fn memory_mb(pid: u32, field: &str) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}

/// Sends a request, timing it under `endpoint`; `ok` decides from the status whether it
/// counts as an error. Answers the status, the `ETag` and the JSON body.
async fn timed(
    tally: &Tally,
    endpoint: &'static str,
    request: reqwest::RequestBuilder,
    ok: impl Fn(u16) -> bool,
) -> anyhow::Result<(u16, Option<String>, Value)> {
    let t = Instant::now();
    let answer = request.send().await;
    let answer = match answer {
        Ok(a) => a,
        Err(e) => {
            tally.record(endpoint, t.elapsed(), false);
            return Err(e.into());
        }
    };
    let status = answer.status().as_u16();
    let tag = answer
        .headers()
        .get("etag")
        .and_then(|v| v.to_str().ok())
        .map(ToOwned::to_owned);
    let body = answer.bytes().await;
    tally.record(endpoint, t.elapsed(), body.is_ok() && ok(status));
    let json = body
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or(Value::Null);
    Ok((status, tag, json))
}

/// A round drawn, its captains logged in and its clock started: (round id, each table's
/// id and its captain's token).
async fn open_round(
    org: &Client,
    tally: &Tally,
    tournament: i64,
    number: usize,
) -> anyhow::Result<(i64, Vec<(i64, String)>)> {
    let base = &org.base;
    let (status, _, round) = timed(
        tally,
        DRAW,
        org.http
            .post(format!("{base}/api/v1/tournaments/{tournament}/rounds"))
            .bearer_auth(&org.token)
            .json(&json!({"draw": {"method": "avoid_repeats", "seed": format!("dm-{number}")}})),
        |s| s == 201,
    )
    .await?;
    if status != 201 {
        bail!("drawing round {number}: {status} {round}");
    }
    let round_id = round["id"].as_i64().context("round id")?;
    let (status, _, codes) = timed(
        tally,
        CODES,
        org.http
            .post(format!("{base}/api/v1/rounds/{round_id}/join-codes"))
            .bearer_auth(&org.token),
        |s| s == 200,
    )
    .await?;
    if status != 200 {
        bail!("join codes of round {number}: {status} {codes}");
    }
    // Each captain types his table's code on his phone, all at about the same time.
    let mut logins = tokio::task::JoinSet::new();
    for table in codes["tables"].as_array().context("tables")? {
        let table_id = table["table_id"].as_i64().context("table id")?;
        let code = table["code"].as_str().context("code")?.to_owned();
        let (http, url, tally) = (
            org.http.clone(),
            format!("{base}/api/v1/auth/captain"),
            tally.clone(),
        );
        logins.spawn(async move {
            let (status, _, token) = timed(
                &tally,
                CAPTAIN,
                http.post(url).json(&json!({"code": code})),
                |s| s == 200,
            )
            .await?;
            let token = token["token"]
                .as_str()
                .with_context(|| format!("captain login: {status} {token}"))?
                .to_owned();
            anyhow::Ok((table_id, token))
        });
    }
    let mut captains = Vec::new();
    while let Some(login) = logins.join_next().await {
        captains.push(login??);
    }
    let (status, _, started) = timed(
        tally,
        START,
        org.http
            .post(format!("{base}/api/v1/rounds/{round_id}/start"))
            .bearer_auth(&org.token),
        |s| s == 200,
    )
    .await?;
    if status != 200 {
        bail!("starting round {number}: {status} {started}");
    }
    Ok((round_id, captains))
}

/// The body of the next deal the sheet asks for: the forced soloist's solo when the sheet
/// names one, else a normal game varied by the deal's number and the table.
fn next_body(next: &Value, table: i64) -> Value {
    let number = next["number"].as_u64().unwrap_or(0) as usize;
    match next["forced_soloist"].as_u64() {
        Some(seat) => {
            json!({"contract": "solo_hearts", "re": [seat], "re_points": 100 + (number % 5) as u64 * 10, "re_tricks": 6})
        }
        None => normal(number + table as usize, next["sitting_out"].as_u64()),
    }
}

/// One captain's round: the sheet once, then every deal the sheet's `next` asks for, each
/// answer's sheet naming the next; `pace` between deals. Answers the deals entered.
async fn captain(
    http: reqwest::Client,
    base: String,
    tally: Tally,
    table: i64,
    token: String,
    pace: Duration,
) -> anyhow::Result<usize> {
    let (status, _, mut sheet) = timed(
        &tally,
        SHEET,
        http.get(format!("{base}/api/v1/tables/{table}/sheet"))
            .bearer_auth(&token),
        |s| s == 200,
    )
    .await?;
    if status != 200 {
        bail!("sheet of table {table}: {status} {sheet}");
    }
    let mut entered = 0;
    let mut failures = 0;
    while !sheet["next"].is_null() {
        let next = &sheet["next"];
        let number = next["number"].as_u64().unwrap_or(0);
        let body = next_body(next, table);
        let (status, _, answer) = timed(
            &tally,
            DEALS,
            http.post(format!("{base}/api/v1/tables/{table}/deals"))
                .bearer_auth(&token)
                .json(&body),
            |s| s == 201,
        )
        .await?;
        if status == 201 {
            entered += 1;
            sheet = answer["sheet"].clone();
        } else {
            // Counted as an error above; read the sheet again and go on, a few times.
            failures += 1;
            if failures > 5 {
                bail!("table {table}: deal {number} answered {status} {answer}");
            }
            let (_, _, again) = timed(
                &tally,
                SHEET,
                http.get(format!("{base}/api/v1/tables/{table}/sheet"))
                    .bearer_auth(&token),
                |s| s == 200,
            )
            .await?;
            sheet = again;
        }
        if !pace.is_zero() {
            // Tables do not finish their deals in step: each waits a little more or less.
            let jitter = (table as u64 * 7919 + number * 104_729) % 1000;
            tokio::time::sleep(pace.mul_f64(0.5 + jitter as f64 / 1000.0)).await;
        }
    }
    Ok(entered)
}

/// One organiser's screen: the current round's monitor every `every`, with the last
/// `ETag` in `If-None-Match`. Counts the answers that changed (200) and not (304).
async fn monitor(
    org: Arc<Client>,
    tally: Tally,
    mut round: watch::Receiver<Option<i64>>,
    every: Duration,
    offset: Duration,
    mut stop: watch::Receiver<bool>,
) -> (u32, u32) {
    let (mut changed, mut unchanged) = (0, 0);
    let mut tag: Option<(i64, String)> = None;
    tokio::time::sleep(offset).await;
    let mut tick = tokio::time::interval(every);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = stop.changed() => break,
        }
        let Some(id) = *round.borrow_and_update() else {
            continue;
        };
        let mut request = org
            .http
            .get(format!("{}/api/v1/rounds/{id}/monitor", org.base))
            .bearer_auth(&org.token);
        if let Some((_, etag)) = tag.as_ref().filter(|(r, _)| *r == id) {
            request = request.header("If-None-Match", etag);
        }
        if let Ok((status, etag, _)) =
            timed(&tally, MONITOR, request, |s| s == 200 || s == 304).await
        {
            match status {
                200 => changed += 1,
                304 => unchanged += 1,
                _ => {}
            }
            if let Some(etag) = etag {
                tag = Some((id, etag));
            }
        }
    }
    (changed, unchanged)
}

/// The trivial endpoint, every 50 ms, until stopped.
async fn trivial(
    http: reqwest::Client,
    base: String,
    tally: Tally,
    mut stop: watch::Receiver<bool>,
) {
    let mut tick = tokio::time::interval(Duration::from_millis(50));
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = stop.changed() => break,
        }
        let _ = timed(&tally, LIVE, http.get(format!("{base}/health/live")), |s| {
            s == 200
        })
        .await;
    }
}

/// Samples the server's resident memory every 200 ms; answers the highest seen.
async fn sample_memory(pid: u32, mut stop: watch::Receiver<bool>) -> f64 {
    let mut highest: f64 = 0.0;
    let mut tick = tokio::time::interval(Duration::from_millis(200));
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = stop.changed() => break,
        }
        highest = highest.max(memory_mb(pid, "VmRSS").unwrap_or(0.0));
    }
    highest
}

/// Runs the championship (see the module documentation).
pub async fn run(org: Client, options: Options) -> anyhow::Result<()> {
    let tally = Tally::default();
    if let Some(pid) = options.pid {
        println!(
            "server memory before the run: VmRSS {:.1} MB",
            memory_mb(pid, "VmRSS").unwrap_or(0.0)
        );
    }
    let (tournament, _) = tournament(&org, 170, options.rounds).await?;
    let (status, _) = org
        .send(
            reqwest::Method::PATCH,
            &format!("/api/v1/tournaments/{tournament}"),
            Some(&json!({"published": true})),
        )
        .await?;
    if status != 200 {
        bail!("publishing answered {status}");
    }
    let org = Arc::new(org);
    let base = org.base.clone();
    let (stop, stopped) = watch::channel(false);

    // The spectators' own connections, as 500 phones and screens would have.
    let spectators = reqwest::Client::builder()
        .pool_max_idle_per_host(options.watchers)
        .build()?;
    let ready = Arc::new(tokio::sync::Barrier::new(options.watchers + 1));
    let mut crowd = tokio::task::JoinSet::new();
    for n in 0..options.watchers {
        crowd.spawn(spectate(
            n,
            spectators.clone(),
            base.clone(),
            tournament,
            ready.clone(),
            stopped.clone(),
        ));
    }
    ready.wait().await;

    let (current, follow) = watch::channel(None);
    let screens = reqwest::Client::builder()
        .pool_max_idle_per_host(options.monitors)
        .build()?;
    let mut monitors = tokio::task::JoinSet::new();
    for n in 0..options.monitors {
        let screen = Arc::new(Client {
            http: screens.clone(),
            base: base.clone(),
            token: org.token.clone(),
        });
        // Screens switched on at different moments poll out of step.
        let offset = options
            .monitor_every
            .mul_f64(n as f64 / options.monitors.max(1) as f64);
        monitors.spawn(monitor(
            screen,
            tally.clone(),
            follow.clone(),
            options.monitor_every,
            offset,
            stopped.clone(),
        ));
    }
    let health = tokio::spawn(trivial(
        reqwest::Client::new(),
        base.clone(),
        tally.clone(),
        stopped.clone(),
    ));
    let memory = options
        .pid
        .map(|pid| tokio::spawn(sample_memory(pid, stopped.clone())));
    println!(
        "{} spectators follow the standings, {} monitors poll every {} ms; {} rounds of 42 tables begin{}",
        options.watchers,
        options.monitors,
        options.monitor_every.as_millis(),
        options.rounds,
        if options.pace.is_zero() {
            ", every captain entering as fast as the server takes it".to_owned()
        } else {
            format!(
                ", each captain a deal every {} ms on average",
                options.pace.as_millis()
            )
        }
    );

    let started = Instant::now();
    let captains = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()?;
    let mut deals = 0;
    let mut entering = Duration::ZERO;
    for number in 1..=options.rounds {
        let (round_id, tables) = open_round(&org, &tally, tournament, number).await?;
        let _ = current.send(Some(round_id));
        let playing = Instant::now();
        let mut play = tokio::task::JoinSet::new();
        for (table, token) in tables {
            play.spawn(captain(
                captains.clone(),
                base.clone(),
                tally.clone(),
                table,
                token,
                options.pace,
            ));
        }
        while let Some(entered) = play.join_next().await {
            deals += entered??;
        }
        entering += playing.elapsed();
        let (status, _, closed) = timed(
            &tally,
            CLOSE,
            org.http
                .post(format!("{base}/api/v1/rounds/{round_id}/close"))
                .bearer_auth(&org.token),
            |s| s == 200,
        )
        .await?;
        if status != 200 {
            bail!("closing round {number}: {status} {closed}");
        }
    }
    let run = started.elapsed();
    println!(
        "{deals} deals in {} rounds: {:.1} s in all, {:.1} s of it entering ({:.0} deals/s while entering)",
        options.rounds,
        run.as_secs_f64(),
        entering.as_secs_f64(),
        deals as f64 / entering.as_secs_f64()
    );
    let peak_during = memory_peak_now(options.pid);

    // The last write's event reaches everybody within the stream's coalescing window.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let final_version = spectators
        .get(format!("{base}/api/v1/tournaments/{tournament}/standings"))
        .send()
        .await?
        .headers()
        .get("etag")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim_matches('"').to_owned())
        .context("no ETag on the standings")?;
    let window = started.elapsed();
    let _ = stop.send(true);

    let (mut stream_errors, mut fetch_errors, mut stale) = (0, 0, 0);
    let mut events = Vec::new();
    while let Some(watched) = crowd.join_next().await {
        match watched? {
            Ok(watched) => {
                events.push(watched.events);
                fetch_errors += watched.errors;
                for took in watched.fetches {
                    tally.record(ROWS, took, true);
                }
                for _ in 0..watched.errors {
                    tally.record(ROWS, Duration::ZERO, false);
                }
                if watched.shown.as_deref() != Some(final_version.as_str()) {
                    stale += 1;
                }
            }
            Err(e) => {
                stream_errors += 1;
                println!("a spectator's stream failed: {e:#}");
            }
        }
    }
    let (mut changed, mut unchanged) = (0, 0);
    while let Some(counts) = monitors.join_next().await {
        let (c, u) = counts?;
        changed += c;
        unchanged += u;
    }
    health.await?;
    let sampled = match memory {
        Some(task) => Some(task.await?),
        None => None,
    };

    println!();
    tally.print(window);
    println!();
    events.sort_unstable();
    println!(
        "live push: {} streams held, {stream_errors} failed; events per spectator min {} / median {} / max {}; \
         {stale} ended on stale standings; {fetch_errors} failed rows fetches",
        events.len(),
        events.first().copied().unwrap_or(0),
        events.get(events.len() / 2).copied().unwrap_or(0),
        events.last().copied().unwrap_or(0),
    );
    println!("monitors: {changed} answers with a change (200), {unchanged} unchanged (304)");
    let scraped = reqwest::get(format!("{base}/metrics"))
        .await?
        .text()
        .await?;
    let counted = scraped
        .lines()
        .find_map(|l| l.strip_prefix("karlchen_deals_entered_total "))
        .unwrap_or("?")
        .trim()
        .to_owned();
    println!(
        "the server's /metrics: karlchen_deals_entered_total {counted} (entered by this run: {deals})"
    );
    if let Some(pid) = options.pid {
        tokio::time::sleep(Duration::from_secs(2)).await;
        println!(
            "server memory: highest VmRSS sampled {:.1} MB (at the end of entering {:.1} MB), VmHWM {:.1} MB, after the run {:.1} MB",
            sampled.unwrap_or(0.0),
            peak_during.unwrap_or(0.0),
            memory_mb(pid, "VmHWM").unwrap_or(0.0),
            memory_mb(pid, "VmRSS").unwrap_or(0.0),
        );
    }
    results_round_trip(&org, tournament, options.pid).await?;
    let errors = tally.errors();
    if errors > 0 || stream_errors > 0 || stale > 0 {
        bail!("{errors} failed requests, {stream_errors} failed streams, {stale} stale spectators");
    }
    Ok(())
}

/// The open results format at the championship's size: the whole tournament exported,
/// then imported back as a new tournament (checked and every deal re-scored by the
/// domain), each timed from the request to the whole answer.
async fn results_round_trip(org: &Client, tournament: i64, pid: Option<u32>) -> anyhow::Result<()> {
    let started = Instant::now();
    let (status, document) = org
        .send(
            reqwest::Method::GET,
            &format!("/api/v1/tournaments/{tournament}/results"),
            None,
        )
        .await?;
    let exported = started.elapsed();
    if status != 200 {
        bail!("the results export answered {status}");
    }
    let bytes = serde_json::to_vec(&document)?.len();
    let started = Instant::now();
    let (status, imported) = org
        .send(reqwest::Method::POST, "/api/v1/results", Some(&document))
        .await?;
    let import = started.elapsed();
    if status != 201 {
        bail!("the results import answered {status}: {imported}");
    }
    println!(
        "results document: export {:.1} MB in {:.0} ms; import as tournament {} in {:.0} ms",
        bytes as f64 / 1e6,
        exported.as_secs_f64() * 1e3,
        imported["tournament_id"],
        import.as_secs_f64() * 1e3,
    );
    if let Some(pid) = pid {
        println!(
            "server memory after export and import: VmRSS {:.1} MB, VmHWM {:.1} MB",
            memory_mb(pid, "VmRSS").unwrap_or(0.0),
            memory_mb(pid, "VmHWM").unwrap_or(0.0),
        );
    }
    Ok(())
}

fn memory_peak_now(pid: Option<u32>) -> Option<f64> {
    pid.and_then(|pid| memory_mb(pid, "VmRSS"))
}
