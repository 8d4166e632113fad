//! `loadgen season`: a club's season of `--evenings` evenings of the same `--players`
//! people (one DDV number each, so the register knows them as the same people), each
//! evening `--rounds` rounds drawn through the API with every table's result set by the
//! organiser (`PUT /api/v1/tables/{id}/adjustment`), or with `--deals` every deal entered
//! in the TSR's order instead (forced solos included). All evenings go into two seasons:
//! the sum of points, and placement points with best-of and every tie-break. Then, for
//! each season, the first read of its standings (every table judged: the memo of tables'
//! lines trusts nothing older than `--memo-age-ms`, so the run waits that long first) and
//! `--reads` reads one after the other right after it (the tables' lines kept), one
//! evening's standings read the same way, and the trivial endpoint (`GET /health/live`):
//! the anchor of the same run. Each read is timed from the request to the last byte of the
//! answer. The server's `/metrics` tells how many tables each phase judged and took as kept.

use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde_json::{Value, json};

use super::{Client, percentile, play_table, round, sizes};

/// What the run is asked to do.
pub struct Options {
    pub evenings: usize,
    pub players: usize,
    pub rounds: usize,
    pub reads: usize,
    /// Enter every deal instead of setting each table's result.
    pub deals: bool,
    /// How long the service trusts a table's kept lines (`db::memo::MAX_AGE`).
    pub memo_age: Duration,
}

/// A person's name, club and DDV number, the same every evening.
fn person(p: usize) -> (String, &'static str, usize) {
    (
        format!("Spieler {:02}", p + 1),
        ["DK Kreuz-Dame", "Fuchsbau Düren", "Karlchen 09"][p % 3],
        10_000 + p,
    )
}

/// A seat's points at evening `k`, round `r`, table `t` (a spread from −120 to 180).
fn points(k: usize, r: usize, t: usize, seat: usize) -> i64 {
    let mix = (k * 131 + r * 71 + t * 17 + seat * 43) * 7919 + seat * k;
    (mix % 301) as i64 - 120
}

/// One GET, timed to the last byte of the answer; the answer parsed after the clock stops.
async fn timed_get(client: &Client, path: &str) -> anyhow::Result<(Duration, usize, Value)> {
    let started = Instant::now();
    let answer = client
        .http
        .get(format!("{}{path}", client.base))
        .bearer_auth(&client.token)
        .send()
        .await?;
    let status = answer.status().as_u16();
    let body = answer.bytes().await?;
    let took = started.elapsed();
    if status != 200 {
        bail!("GET {path}: {status} {}", String::from_utf8_lossy(&body));
    }
    let json = serde_json::from_slice(&body).unwrap_or(Value::Null);
    Ok((took, body.len(), json))
}

/// The server's count of tables the standings took as kept, and judged from their rows.
async fn tables_counted(client: &Client) -> anyhow::Result<(u64, u64)> {
    let text = client
        .http
        .get(format!("{}/metrics", client.base))
        .send()
        .await?
        .text()
        .await?;
    let count = |lines: &str| {
        let prefix = format!("karlchen_standings_tables_total{{lines=\"{lines}\"}} ");
        text.lines()
            .find_map(|l| l.strip_prefix(prefix.as_str()))
            .and_then(|v| v.trim().parse::<f64>().ok())
            .map_or(0, |v| v as u64)
    };
    Ok((count("kept"), count("judged")))
}

/// Seeds evening `k`: the tournament, its players by CSV, its rounds and their results.
/// Returns the tournament and how many deals were entered.
async fn evening(
    client: &std::sync::Arc<Client>,
    k: usize,
    options: &Options,
) -> anyhow::Result<(i64, usize)> {
    let date = chrono::NaiveDate::from_ymd_opt(2026, 1, 5).context("date")?
        + chrono::Days::new(7 * k as u64);
    let t = client
        .post(
            "/api/v1/tournaments",
            &json!({"name": format!("Clubabend {}", k + 1), "date": date.to_string(),
                    "rounds": options.rounds}),
        )
        .await?;
    let id = t["id"].as_i64().context("tournament id")?;
    let mut csv = String::from("Name;Verein;DDV-Nr.\n");
    for p in 0..options.players {
        let (name, club, ddv) = person(p);
        csv.push_str(&format!("{name};{club};{ddv}\n"));
    }
    let answer = client
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
    let imported: Value = answer.json().await?;
    let players: Vec<i64> = imported["players"]
        .as_array()
        .with_context(|| format!("players import: {imported}"))?
        .iter()
        .filter_map(|p| p["id"].as_i64())
        .collect();
    let mut deals = 0;
    for r in 0..options.rounds {
        // A different seating each round and evening.
        let tables = round(client, id, &players, 2 * k + r).await?;
        let mut set = tokio::task::JoinSet::new();
        // `round` seats the tables in the order of `sizes`.
        for ((t, table), seats) in tables.into_iter().enumerate().zip(sizes(players.len())) {
            let client = client.clone();
            let deals = options.deals;
            set.spawn(async move {
                if deals {
                    return Ok(play_table(&client, table, Duration::ZERO).await?.len());
                }
                let pts: Vec<i64> = (0..seats).map(|s| points(k, r, t, s)).collect();
                let (status, answer) = client
                    .send(
                        reqwest::Method::PUT,
                        &format!("/api/v1/tables/{table}/adjustment"),
                        Some(&json!({"points": pts, "reason": "Liste nachgetragen"})),
                    )
                    .await?;
                if status != 200 {
                    bail!("PUT /api/v1/tables/{table}/adjustment: {status} {answer}");
                }
                anyhow::Ok(0)
            });
        }
        while let Some(done) = set.join_next().await {
            deals += done??;
        }
    }
    Ok((id, deals))
}

/// Times `reads` reads of `path` one after the other; the sorted times and the tables the
/// server judged and kept meanwhile.
async fn reads(
    client: &Client,
    path: &str,
    reads: usize,
    check: &dyn Fn(&Value) -> bool,
) -> anyhow::Result<(Vec<Duration>, (u64, u64), usize)> {
    let before = tables_counted(client).await?;
    let mut times = Vec::with_capacity(reads);
    let mut bytes = 0;
    for _ in 0..reads {
        let (took, size, answer) = timed_get(client, path).await?;
        if !check(&answer) {
            bail!("GET {path}: unexpected answer");
        }
        times.push(took);
        bytes = size;
    }
    let after = tables_counted(client).await?;
    times.sort_unstable();
    Ok((times, (after.0 - before.0, after.1 - before.1), bytes))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

pub async fn run(client: Client, options: Options) -> anyhow::Result<()> {
    let client = std::sync::Arc::new(client);
    println!(
        "seeding {} evenings of {} players, {} round(s) each, {}",
        options.evenings,
        options.players,
        options.rounds,
        if options.deals {
            "every deal entered"
        } else {
            "each table's result set"
        }
    );
    let started = Instant::now();
    let mut evenings = Vec::with_capacity(options.evenings);
    let mut deals = 0;
    for k in 0..options.evenings {
        let (id, entered) = evening(&client, k, &options).await?;
        evenings.push(id);
        deals += entered;
    }
    println!(
        "seeded in {:.1} s ({deals} deals entered)",
        started.elapsed().as_secs_f64()
    );

    let placement: Vec<i64> = (1..=options.players as i64).rev().collect();
    let rule_sets = [
        ("sum of points", json!({})),
        (
            "placement, best 40, four tie-breaks",
            json!({
                "scoring": "placement",
                "placement_points": placement,
                "best_of": 40,
                "min_evenings": 10,
                "tie_breaks": ["more_evenings", "better_places", "later_evenings", "more_points"],
            }),
        ),
    ];
    let mut seasons = Vec::new();
    for (name, rules) in &rule_sets {
        let season = client
            .post(
                "/api/v1/seasons",
                &json!({"name": format!("Jahreswertung 2026 ({name})"), "rules": rules}),
            )
            .await?;
        let id = season["id"].as_i64().context("season id")?;
        let started = Instant::now();
        for &t in &evenings {
            let added = client
                .post(
                    &format!("/api/v1/seasons/{id}/tournaments"),
                    &json!({"tournament_id": t}),
                )
                .await?;
            if added["links"].as_array().map_or(0, Vec::len) != options.players {
                bail!("evening {t} linked {}", added["links"]);
            }
        }
        println!(
            "season {id} ({name}): {} evenings added in {:.1} s",
            evenings.len(),
            started.elapsed().as_secs_f64()
        );
        seasons.push((name, id));
    }

    let (players, evening_count) = (options.players, options.evenings);
    let whole = move |answer: &Value| {
        let lines = answer["standings"]
            .as_array()
            .map_or(&[][..], Vec::as_slice);
        lines.len() == players
            && lines
                .iter()
                .all(|l| l["evenings"].as_array().map_or(0, Vec::len) == evening_count)
    };
    let mut rows = Vec::new();
    for (name, id) in &seasons {
        // Nothing kept is trusted past the memo's age: the first read judges every table.
        tokio::time::sleep(options.memo_age + Duration::from_millis(500)).await;
        let path = format!("/api/v1/seasons/{id}/standings");
        let (cold, cold_tables, bytes) = reads(&client, &path, 1, &whole).await?;
        let (warm, warm_tables, _) = reads(&client, &path, options.reads, &whole).await?;
        rows.push((
            format!("season standings, {name}"),
            cold[0],
            cold_tables,
            warm,
            warm_tables,
            bytes,
        ));
    }
    // One evening's standings, read the same way: what the season does 52 times.
    let one = evenings[evenings.len() / 2];
    tokio::time::sleep(options.memo_age + Duration::from_millis(500)).await;
    let path = format!("/api/v1/tournaments/{one}/standings");
    let evening_ok =
        move |answer: &Value| answer["standings"].as_array().map_or(0, Vec::len) == players;
    let (cold, cold_tables, bytes) = reads(&client, &path, 1, &evening_ok).await?;
    let (warm, warm_tables, _) = reads(&client, &path, options.reads, &evening_ok).await?;
    rows.push((
        "one evening's standings".to_owned(),
        cold[0],
        cold_tables,
        warm,
        warm_tables,
        bytes,
    ));
    // The anchor: the trivial endpoint, read the same way in the same run.
    let samples = options.reads.max(50);
    let (anchor, _, _) = reads(&client, "/health/live", samples, &|_| true).await?;
    let anchor_p50 = percentile(&anchor, 50.0);

    println!();
    println!(
        "| read | cold (first) | tables judged / kept | warm p50 | p95 | max | tables judged / kept | answer | warm p50 / anchor p50 |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (what, cold, (cold_kept, cold_judged), warm, (kept, judged), bytes) in &rows {
        println!(
            "| {what} | {:.1} ms | {cold_judged} / {cold_kept} | {:.1} ms | {:.1} ms | {:.1} ms | {judged} / {kept} | {:.0} KB | {:.0} × |",
            ms(*cold),
            ms(percentile(warm, 50.0)),
            ms(percentile(warm, 95.0)),
            ms(warm.last().copied().unwrap_or_default()),
            *bytes as f64 / 1e3,
            percentile(warm, 50.0).as_secs_f64() / anchor_p50.as_secs_f64().max(1e-9),
        );
    }
    println!(
        "| GET /health/live (anchor, {samples} reads) | | | {:.2} ms | {:.2} ms | {:.2} ms | | | 1 × |",
        ms(anchor_p50),
        ms(percentile(&anchor, 95.0)),
        ms(anchor.last().copied().unwrap_or_default()),
    );
    println!(
        "(warm: {} reads one after the other right after the cold one; cold / anchor: {})",
        options.reads,
        rows.iter()
            .map(|r| format!(
                "{:.0} ×",
                r.1.as_secs_f64() / anchor_p50.as_secs_f64().max(1e-9)
            ))
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(())
}
