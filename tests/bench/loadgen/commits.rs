//! The anchor for deal entry: raw durable single-row commits on the same database, as many
//! concurrent writers as the entry had clients. Each writer has its own connection and
//! commits one row per transaction (SQLite as the service opens it: WAL,
//! `synchronous = FULL`, a busy timeout); the figure is what the disk and the database take
//! with no service in between, so deal entry over it is a ratio that holds on a noisy
//! machine.

use std::time::{Duration, Instant};

use anyhow::Context;
use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection, SqliteConnection};

/// Commits per second, p50 and p99 of one commit, over `count` commits by `workers`
/// writers on the database `url` (`sqlite://…` or `postgres://…`).
pub fn measure(
    url: &str,
    workers: usize,
    count: usize,
) -> anyhow::Result<(f64, Duration, Duration)> {
    let setup = "CREATE TABLE IF NOT EXISTS bench_raw_commits \
                 (id BIGINT PRIMARY KEY, worker BIGINT NOT NULL, payload TEXT NOT NULL)";
    let mut first = open(url)?;
    first.batch_execute(setup)?;
    first.batch_execute("DELETE FROM bench_raw_commits")?;
    let per_worker = count.div_ceil(workers);
    let started = Instant::now();
    let handles: Vec<_> = (0..workers)
        .map(|w| {
            let url = url.to_owned();
            std::thread::spawn(move || -> anyhow::Result<Vec<Duration>> {
                let mut conn = open(&url)?;
                let mut times = Vec::with_capacity(per_worker);
                for n in 0..per_worker {
                    let id = w * per_worker + n;
                    let t = Instant::now();
                    conn.batch_execute(&format!(
                        "INSERT INTO bench_raw_commits (id, worker, payload) \
                         VALUES ({id}, {w}, '{{\"contract\":\"normal\",\"re_points\":130}}')"
                    ))?;
                    times.push(t.elapsed());
                }
                Ok(times)
            })
        })
        .collect();
    let mut times = Vec::new();
    for handle in handles {
        let joined = handle
            .join()
            .map_err(|_| anyhow::anyhow!("a writer panicked"))?;
        times.extend(joined?);
    }
    let elapsed = started.elapsed();
    first.batch_execute("DROP TABLE bench_raw_commits")?;
    times.sort_unstable();
    let at = |p: f64| times[((times.len() - 1) as f64 * p / 100.0).round() as usize];
    Ok((
        times.len() as f64 / elapsed.as_secs_f64(),
        at(50.0),
        at(99.0),
    ))
}

/// A connection as the service opens one.
fn open(url: &str) -> anyhow::Result<Box<dyn SimpleConnection + Send>> {
    if url.starts_with("postgres") {
        let conn = PgConnection::establish(url).context("raw commits: PostgreSQL")?;
        return Ok(Box::new(conn));
    }
    let path = url.strip_prefix("sqlite://").unwrap_or(url);
    let mut conn = SqliteConnection::establish(path).context("raw commits: SQLite")?;
    conn.batch_execute(
        "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;",
    )?;
    Ok(Box::new(conn))
}
