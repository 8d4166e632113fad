//! The anchor for deal entry: raw durable single-row commits on the same database, as many
//! concurrent writers as the entry had clients. Each writer has its own connection and
//! commits one row per transaction (SQLite as the service opens it: WAL,
//! `synchronous = FULL`, a busy timeout); the figure is what the disk and the database take
//! with no service in between, so deal entry over it is a ratio that holds on a noisy
//! machine.
//!
//! [`Shape::Entry`] is a second figure beside it: transactions shaped as a deal's entry
//! talks to the database (as many statements, each a round trip, on rows keyed as the
//! service's), still with no service in between. Entry over it says what the service
//! itself costs; entry over the single-row commits says what the entry's round trips cost
//! too.

use std::time::{Duration, Instant};

use anyhow::Context;
use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection, SqliteConnection};

/// What one commit carries.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    /// One row, in one statement that commits by itself.
    SingleRow,
    /// The statements of an organiser's deal entry on PostgreSQL, one round trip each
    /// (BENCHMARKS.md, "Fewer round trips per entry"): the session, `BEGIN`, the table's
    /// lock, the table, its seats, the deal, the webhooks, the audit line, `COMMIT`.
    Entry,
}

/// The tables [`Shape::Entry`] writes beside its rows: as many as the entry's by default
/// (`scripts/bench-sheets`); a run with another `--tables` keeps these 200.
const ENTRY_TABLES: usize = 200;

/// Commits per second, p50 and p99 of one commit, over `count` commits of `shape` by
/// `workers` writers on the database `url` (`sqlite://…` or `postgres://…`).
pub fn measure(
    url: &str,
    shape: Shape,
    workers: usize,
    count: usize,
) -> anyhow::Result<(f64, Duration, Duration)> {
    let setup = "CREATE TABLE IF NOT EXISTS bench_raw_commits \
                 (id BIGINT PRIMARY KEY, worker BIGINT NOT NULL, payload TEXT NOT NULL); \
                 CREATE TABLE IF NOT EXISTS bench_raw_tables \
                 (id BIGINT PRIMARY KEY, writes BIGINT NOT NULL, name TEXT NOT NULL); \
                 CREATE TABLE IF NOT EXISTS bench_raw_audit \
                 (id BIGINT PRIMARY KEY, table_id BIGINT NOT NULL, detail TEXT NOT NULL)";
    let mut first = open(url)?;
    first.batch_execute(setup)?;
    first.batch_execute(
        "DELETE FROM bench_raw_commits; DELETE FROM bench_raw_tables; DELETE FROM bench_raw_audit",
    )?;
    if let Shape::Entry = shape {
        let rows: Vec<String> = (0..ENTRY_TABLES)
            .map(|t| format!("({t}, 0, 'Tisch {t}')"))
            .collect();
        first.batch_execute(&format!(
            "INSERT INTO bench_raw_tables (id, writes, name) VALUES {}",
            rows.join(", ")
        ))?;
    }
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
                    match shape {
                        Shape::SingleRow => conn.batch_execute(&insert(id, w))?,
                        Shape::Entry => {
                            for statement in entry(id, n, w, workers) {
                                conn.batch_execute(&statement)?;
                            }
                        }
                    }
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
    first.batch_execute(
        "DROP TABLE bench_raw_commits; DROP TABLE bench_raw_tables; DROP TABLE bench_raw_audit",
    )?;
    times.sort_unstable();
    let at = |p: f64| times[((times.len() - 1) as f64 * p / 100.0).round() as usize];
    Ok((
        times.len() as f64 / elapsed.as_secs_f64(),
        at(50.0),
        at(99.0),
    ))
}

/// The row a commit stores.
fn insert(id: usize, worker: usize) -> String {
    format!(
        "INSERT INTO bench_raw_commits (id, worker, payload) \
         VALUES ({id}, {worker}, '{{\"contract\":\"normal\",\"re_points\":130}}')"
    )
}

/// The statements of one [`Shape::Entry`] commit: the `id`th row, the `n`th of `worker`'s
/// of `workers`, at one of its own tables in turn (as the clients' entries go round
/// theirs). Every read finds its row by its key, as the service's do.
fn entry(id: usize, n: usize, worker: usize, workers: usize) -> [String; 9] {
    let own = ENTRY_TABLES.saturating_sub(worker).div_ceil(workers).max(1);
    let table = worker + workers * (n % own);
    [
        format!("SELECT name FROM bench_raw_tables WHERE id = {table}"),
        "BEGIN".to_owned(),
        format!(
            "UPDATE bench_raw_tables SET writes = writes + 1 WHERE id = {table} RETURNING writes"
        ),
        format!("SELECT id, name, writes FROM bench_raw_tables WHERE id = {table}"),
        format!(
            "SELECT payload FROM bench_raw_commits WHERE id = {}",
            id.saturating_sub(1)
        ),
        insert(id, worker),
        format!(
            "SELECT detail FROM bench_raw_audit WHERE id = {}",
            id.saturating_sub(1)
        ),
        format!(
            "INSERT INTO bench_raw_audit (id, table_id, detail) \
             VALUES ({id}, {table}, 'deal entered')"
        ),
        "COMMIT".to_owned(),
    ]
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
