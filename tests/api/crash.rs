//! The real `karlchen serve` process killed with SIGKILL while captains enter deals, then
//! restarted on the same database: every deal the server acknowledged with 201 must be on
//! the sheet exactly once, and the deals the clients retry with their `Idempotency-Key`
//! must not be doubled. On SQLite (WAL, `synchronous = FULL`) and on PostgreSQL.
//!
//! The process is the binary `cargo build --workspace --bin karlchen` makes, next to
//! this test's own executable (built once per test run, so it matches the sources).
//! `KARLCHEN_BIN` names another binary: `scripts/test` names the one its test build made
//! (`cargo test` builds karlchen-api's binaries too). Run it with
//! `--nocapture` to see the figures BENCHMARKS.md records.

use std::fs::File;
use std::net::TcpListener;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock, RwLock};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use service_tests::{Backend, TestDb};

/// Tables, each with its own captain client entering deals concurrently with the others.
const TABLES: usize = 6;
/// Deals per table: the 20 normal games before the forced solos of a 24-deal round.
pub(crate) const DEALS: u16 = 20;
/// The server is killed each time this many deals were acknowledged in all (a quarter,
/// half and three quarters through), and restarted: three crashes per run.
const KILL_AT: [usize; 3] = [30, 60, 90];
/// Every request gives up after this long and is retried.
pub(crate) const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
/// The whole load (both servers) must be through by then; the test fails otherwise.
const DEADLINE: Duration = Duration::from_secs(50);
/// Between retries of a refused or failed request.
const RETRY_PAUSE: Duration = Duration::from_millis(50);

pub(crate) const EMAIL: &str = "crash@example.org";
pub(crate) const PASSWORD: &str = "crash-test-password";

/// The `karlchen` binary, built once per test process so it is never older than the
/// sources (cargo answers at once when it is up to date).
pub(crate) fn karlchen() -> &'static Path {
    static BINARY: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let found = BINARY.get_or_init(|| {
        if let Some(given) = std::env::var_os("KARLCHEN_BIN") {
            return Ok(PathBuf::from(given));
        }
        // This test runs as <target>/<profile>/deps/api-<hash>; the binary goes to
        // <target>/<profile>/karlchen.
        let exe = std::env::current_exe().map_err(|e| format!("current_exe: {e}"))?;
        let profile_dir = exe
            .parent()
            .and_then(Path::parent)
            .ok_or("test executable outside a target folder")?;
        let target_dir = profile_dir.parent().ok_or("no target folder")?;
        let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
            Some("debug") | None => "dev".to_owned(),
            Some(other) => other.to_owned(),
        };
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .ok_or("no workspace")?;
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let started = Instant::now();
        let status = Command::new(cargo)
            .current_dir(workspace)
            // Cargo builds on the real date even when `scripts/test-dates` moved the tests'
            // one (libfaketime through these variables): a build stamped a year ahead would
            // look newer than every later edit, and cargo would never rebuild it.
            .env_remove("LD_PRELOAD")
            .env_remove("FAKETIME")
            // Only without KARLCHEN_BIN (`scripts/test` sets it to the binary its test
            // build made): a plain `cargo test` run builds it here.
            .args(["build", "--quiet", "--workspace", "--bin", "karlchen"])
            .arg("--profile")
            .arg(&profile)
            .arg("--target-dir")
            .arg(target_dir)
            .status()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        if !status.success() {
            return Err(format!(
                "`cargo build --workspace --bin karlchen --profile {profile}` failed \
                 ({status}); build it by hand or set KARLCHEN_BIN"
            ));
        }
        eprintln!(
            "crash test: karlchen binary ready after {:.1} s",
            started.elapsed().as_secs_f64()
        );
        Ok(profile_dir.join("karlchen"))
    });
    match found {
        Ok(path) => path,
        Err(e) => panic!("no karlchen binary: {e}"),
    }
}

/// A running `karlchen serve`, killed when dropped (also when the test fails).
pub(crate) struct Server {
    pub(crate) child: Child,
    pub(crate) base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How every `karlchen` command of one test finds its database and data folder.
pub(crate) struct Setup {
    pub(crate) data_dir: PathBuf,
    pub(crate) url: String,
    pub(crate) log: PathBuf,
}

impl Setup {
    pub(crate) fn command(&self) -> Command {
        let log = File::options()
            .create(true)
            .append(true)
            .open(&self.log)
            .unwrap();
        let mut command = Command::new(karlchen());
        command
            .env("KARLCHEN_DATA_DIR", &self.data_dir)
            .env("DATABASE_URL", &self.url)
            .env("KARLCHEN_LOG_FORMAT", "text")
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log);
        command
    }

    pub(crate) fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    pub(crate) fn add_organizer(&self) {
        let status = self
            .command()
            .args(["organizer", "add", "--email", EMAIL, "--name", "Crash"])
            .env("KARLCHEN_PASSWORD", PASSWORD)
            .status()
            .unwrap();
        assert!(status.success(), "organizer add: {}", self.log_text());
    }

    /// Starts the server on a free loopback port and waits until it is ready.
    pub(crate) async fn serve(&self, http: &reqwest::Client) -> Server {
        self.serve_via(http, &[]).await
    }

    /// Starts the server as [`Setup::serve`] does, run by the command `wrapper` when it is
    /// not empty. The wrapper must become the server (`exec`, `env`), not fork it: the
    /// server is killed through its child's pid.
    pub(crate) async fn serve_via(&self, http: &reqwest::Client, wrapper: &[&str]) -> Server {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut command = self.command();
        if let Some((program, args)) = wrapper.split_first() {
            let direct = command;
            command = Command::new(program);
            command
                .args(args)
                .arg(direct.get_program())
                .envs(direct.get_envs().filter_map(|(k, v)| Some((k, v?))))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(File::options().append(true).open(&self.log).unwrap());
        }
        let child = command
            .arg("serve")
            .env("KARLCHEN_BIND", format!("127.0.0.1:{port}"))
            .spawn()
            .unwrap();
        let mut server = Server {
            child,
            base: format!("http://127.0.0.1:{port}"),
        };
        let started = Instant::now();
        loop {
            if let Some(status) = server.child.try_wait().unwrap() {
                panic!("karlchen serve exited with {status}: {}", self.log_text());
            }
            let ready = http
                .get(format!("{}/health/ready", server.base))
                .timeout(Duration::from_secs(1))
                .send()
                .await;
            if ready.is_ok_and(|r| r.status() == 200) {
                return server;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "karlchen serve not ready after 30 s: {}",
                self.log_text()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// A request that must succeed with `status` (set-up only; the load has its own loop).
pub(crate) async fn expect_json(
    request: reqwest::RequestBuilder,
    status: u16,
    what: &str,
) -> Value {
    let answer = request.timeout(REQUEST_TIMEOUT).send().await.unwrap();
    let got = answer.status().as_u16();
    let text = answer.text().await.unwrap();
    assert_eq!(got, status, "{what}: {text}");
    serde_json::from_str(&text).unwrap()
}

/// The `k`-th deal (1-based) entered at table `t`: normal games with varied partners,
/// points and calls, so a deal stored under the wrong number would not compare equal.
pub(crate) fn deal(t: usize, k: u16) -> Value {
    const PAIRS: [[u8; 2]; 6] = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]];
    const RESULTS: [(u16, u16); 5] = [(121, 6), (130, 7), (95, 5), (160, 8), (180, 9)];
    let k = usize::from(k);
    let (points, tricks) = RESULTS[(k * 7 + t) % RESULTS.len()];
    json!({
        "contract": "normal",
        "re": PAIRS[(k + t) % PAIRS.len()],
        "re_points": points,
        "re_tricks": tricks,
        "announcements": {"re": if k % 3 == 0 { "re" } else { "none" }, "kontra": "none"},
    })
}

/// Whether a stored entry is the one that was sent.
pub(crate) fn same_facts(entry: &Value, sent: &Value) -> bool {
    ["contract", "re", "re_points", "re_tricks"]
        .iter()
        .all(|k| entry[k] == sent[k])
        && entry["announcements"]["re"] == sent["announcements"]["re"]
}

/// Where the clients send their requests: the server of `generation` at `base`.
pub(crate) struct Target {
    pub(crate) generation: usize,
    pub(crate) base: String,
}

/// What the clients share with the test.
pub(crate) struct Shared {
    pub(crate) target: RwLock<Target>,
    pub(crate) acknowledged: AtomicUsize,
    pub(crate) started: Instant,
}

impl Shared {
    fn target(&self) -> (usize, String) {
        let t = self.target.read().unwrap();
        (t.generation, t.base.clone())
    }
}

/// A deal the server acknowledged with 201.
#[derive(Debug)]
pub(crate) struct Ack {
    pub(crate) table: usize,
    pub(crate) k: u16,
    pub(crate) number: u64,
    /// The server that answered: 0 the first, then one more per restart.
    generation: usize,
    /// An attempt failed in transport: the server died before answering it.
    interrupted: bool,
}

/// What one captain's client saw.
#[derive(Debug, Default)]
pub(crate) struct ClientReport {
    pub(crate) acks: Vec<Ack>,
    server_errors: usize,
    transport_errors: usize,
}

/// A captain entering `DEALS` deals at table `t`, each under its own key, retrying a deal
/// with the same key until it is acknowledged.
pub(crate) async fn captain(
    shared: Arc<Shared>,
    http: reqwest::Client,
    t: usize,
    table: i64,
    token: String,
) -> Result<ClientReport, String> {
    let mut report = ClientReport::default();
    for k in 1..=DEALS {
        let body = deal(t, k);
        let key = format!("crash-table{t}-deal{k}");
        let mut interrupted = false;
        loop {
            if shared.started.elapsed() > DEADLINE {
                return Err(format!(
                    "table {t}: deal {k} not acknowledged within {DEADLINE:?}"
                ));
            }
            let (generation, base) = shared.target();
            let sent = http
                .post(format!("{base}/api/v1/tables/{table}/deals"))
                .bearer_auth(&token)
                .header("Idempotency-Key", &key)
                .json(&body)
                .timeout(REQUEST_TIMEOUT)
                .send()
                .await;
            // The body is read in full before the deal counts as acknowledged: an answer
            // cut off by the kill is a lost answer, and the deal is retried.
            let answer = match sent {
                Ok(res) => {
                    let status = res.status().as_u16();
                    res.text().await.map(|text| (status, text))
                }
                Err(e) => Err(e),
            };
            match answer {
                Ok((201, text)) => {
                    let json: Value = serde_json::from_str(&text)
                        .map_err(|e| format!("table {t} deal {k}: 201 with {e}: {text}"))?;
                    let number = json["deal"]["number"].as_u64().ok_or_else(|| {
                        format!("table {t} deal {k}: 201 without a number: {text}")
                    })?;
                    if !same_facts(&json["deal"]["entry"], &body) {
                        return Err(format!(
                            "table {t} deal {k}: acknowledged other facts: {text}"
                        ));
                    }
                    report.acks.push(Ack {
                        table: t,
                        k,
                        number,
                        generation,
                        interrupted,
                    });
                    shared.acknowledged.fetch_add(1, Ordering::SeqCst);
                    break;
                }
                Ok((status, _)) if status >= 500 => report.server_errors += 1,
                Ok((status, text)) => {
                    return Err(format!("table {t} deal {k}: answered {status}: {text}"));
                }
                Err(_) => {
                    report.transport_errors += 1;
                    interrupted = true;
                }
            }
            tokio::time::sleep(RETRY_PAUSE).await;
        }
    }
    Ok(report)
}

/// A tournament made over HTTP for a real server's test.
pub(crate) struct Day {
    /// The organiser's token.
    pub(crate) org: String,
    pub(crate) tournament: i64,
    /// Its one round.
    pub(crate) round: i64,
    /// Each table's id with its captain's token.
    pub(crate) captains: Vec<(i64, String)>,
}

/// Logs in as the organiser of [`Setup::add_organizer`] and makes a tournament with one
/// round of `count` 4-tables, a join code and a captain each.
pub(crate) async fn tournament_with_captains(
    http: &reqwest::Client,
    base: &str,
    count: usize,
) -> Day {
    let login = expect_json(
        http.post(format!("{base}/api/v1/auth/login"))
            .json(&json!({"email": EMAIL, "password": PASSWORD})),
        200,
        "login",
    )
    .await;
    let org = login["token"].as_str().unwrap().to_owned();
    let tournament = expect_json(
        http.post(format!("{base}/api/v1/tournaments"))
            .bearer_auth(&org)
            .json(&json!({"name": "Crash-Cup", "date": "2026-12-05", "rounds": 1})),
        201,
        "tournament",
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let mut players = Vec::new();
    for i in 0..count * 4 {
        let p = expect_json(
            http.post(format!("{base}/api/v1/tournaments/{tournament}/players"))
                .bearer_auth(&org)
                .json(&json!({"name": format!("Spieler {i}")})),
            201,
            "player",
        )
        .await;
        players.push(p["id"].as_i64().unwrap());
    }
    let tables: Vec<&[i64]> = players.chunks(4).collect();
    let round = expect_json(
        http.post(format!("{base}/api/v1/tournaments/{tournament}/rounds"))
            .bearer_auth(&org)
            .json(&json!({ "tables": tables })),
        201,
        "round",
    )
    .await;
    let mut captains = Vec::new();
    for table in round["tables"].as_array().unwrap() {
        let id = table["id"].as_i64().unwrap();
        let code = expect_json(
            http.post(format!("{base}/api/v1/tables/{id}/join-code"))
                .bearer_auth(&org),
            201,
            "join code",
        )
        .await;
        let token = expect_json(
            http.post(format!("{base}/api/v1/auth/captain"))
                .json(&json!({"code": code["code"]})),
            200,
            "captain",
        )
        .await;
        captains.push((id, token["token"].as_str().unwrap().to_owned()));
    }
    assert_eq!(captains.len(), count);
    Day {
        org,
        tournament,
        round: round["id"].as_i64().unwrap(),
        captains,
    }
}

async fn kill_and_restart(backend: Backend) {
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = TestDb::create(backend, &dir) else {
        return;
    };
    let setup = Setup {
        data_dir: dir.path().join("data"),
        url: db.url.clone(),
        log: dir.path().join("karlchen.log"),
    };
    // Build (or find) the binary before anything is timed.
    karlchen();
    // Loopback only: no proxy from the environment.
    let http = reqwest::Client::builder().no_proxy().build().unwrap();
    setup.add_organizer();
    let mut server = setup.serve(&http).await;
    let base = server.base.clone();

    let Day { org, captains, .. } = tournament_with_captains(&http, &base, TABLES).await;

    // First the bodies that once panicked inside the write transaction and left their
    // pooled connection in a transaction that never committed, losing every later deal
    // written on it (extras adding up past 255): each captain sends them, they are
    // refused, and the load below must still find every acknowledged deal after the kills.
    for (table, token) in &captains {
        for extras in [
            json!({"re": {"fox": 200}, "kontra": {"fox": 100}}),
            json!({"re": {"karlchen": 255}, "kontra": {"karlchen": 1}}),
        ] {
            let refused = http
                .post(format!("{base}/api/v1/tables/{table}/deals"))
                .bearer_auth(token)
                .json(
                    &json!({"contract": "normal", "re": [0, 2], "re_points": 130,
                              "re_tricks": 7, "extras": extras}),
                )
                .send()
                .await
                .unwrap();
            assert_eq!(refused.status(), 422, "extras {extras}");
        }
    }

    // The load: every captain at once.
    let shared = Arc::new(Shared {
        target: RwLock::new(Target {
            generation: 0,
            base: base.clone(),
        }),
        acknowledged: AtomicUsize::new(0),
        started: Instant::now(),
    });
    let mut clients = tokio::task::JoinSet::new();
    for (t, (table, token)) in captains.iter().cloned().enumerate() {
        clients.spawn(captain(shared.clone(), http.clone(), t, table, token));
    }

    // SIGKILL mid-load (Child::kill is SIGKILL on Unix): no shutdown, no flush. Then the
    // same data folder and database on a new port, which the clients follow.
    let mut downtimes = Vec::new();
    for (kill, threshold) in KILL_AT.into_iter().enumerate() {
        while shared.acknowledged.load(Ordering::SeqCst) < threshold {
            assert!(
                shared.started.elapsed() < DEADLINE,
                "only {} deals acknowledged before the deadline",
                shared.acknowledged.load(Ordering::SeqCst)
            );
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        server.child.kill().unwrap();
        let killed_at = Instant::now();
        let status = server.child.wait().unwrap();
        assert_eq!(status.signal(), Some(9), "killed by SIGKILL: {status}");
        drop(server);
        server = setup.serve(&http).await;
        downtimes.push(killed_at.elapsed().as_secs_f64());
        *shared.target.write().unwrap() = Target {
            generation: kill + 1,
            base: server.base.clone(),
        };
    }
    let restarted = server;

    let mut reports = Vec::new();
    while let Some(done) = clients.join_next().await {
        match done.unwrap() {
            Ok(report) => reports.push(report),
            Err(e) => panic!("{e}\nserver log:\n{}", setup.log_text()),
        }
    }
    let load_time = shared.started.elapsed();

    // Every acknowledged deal on its table's sheet exactly once, under the number it was
    // acknowledged with, with the facts that were sent; numbers contiguous; nothing extra.
    let acks: Vec<&Ack> = reports.iter().flat_map(|r| &r.acks).collect();
    let mut lost = Vec::new();
    let mut doubled = Vec::new();
    for (t, (table, _)) in captains.iter().enumerate() {
        let sheet = expect_json(
            http.get(format!("{}/api/v1/tables/{table}/sheet", restarted.base))
                .bearer_auth(&org),
            200,
            "sheet",
        )
        .await;
        let deals = sheet["deals"].as_array().unwrap();
        let numbers: Vec<u64> = deals
            .iter()
            .map(|d| d["number"].as_u64().unwrap())
            .collect();
        let expected: Vec<u64> = (1..=numbers.len() as u64).collect();
        assert_eq!(numbers, expected, "table {t}: numbers not contiguous");
        let mine: Vec<&&Ack> = acks.iter().filter(|a| a.table == t).collect();
        for ack in &mine {
            let sent = deal(t, ack.k);
            let on_sheet = deals
                .iter()
                .filter(|d| same_facts(&d["entry"], &sent) && d["number"] == ack.number)
                .count();
            if on_sheet != 1 {
                lost.push(format!("table {t} deal {} (number {})", ack.k, ack.number));
            }
        }
        for d in deals {
            if !mine.iter().any(|a| d["number"] == a.number) {
                doubled.push(format!("table {t}: {d}"));
            }
        }
        assert_eq!(
            mine.len(),
            usize::from(DEALS),
            "table {t}: acknowledgements"
        );
    }
    let per_server: Vec<usize> = (0..=KILL_AT.len())
        .map(|g| acks.iter().filter(|a| a.generation == g).count())
        .collect();
    let interrupted = acks.iter().filter(|a| a.interrupted).count();
    let server_errors: usize = reports.iter().map(|r| r.server_errors).sum();
    let transport_errors: usize = reports.iter().map(|r| r.transport_errors).sum();
    eprintln!(
        "crash test ({backend:?}): {TABLES} captains, {} deals, SIGKILL at {KILL_AT:?} \
         acknowledged; acknowledged per server {per_server:?}; {interrupted} unanswered when \
         a server died, retried with their key; lost {}, doubled {}; retries: \
         {transport_errors} transport errors, {server_errors} 5xx; kill to ready {} s; \
         load {:.2} s",
        acks.len(),
        lost.len(),
        doubled.len(),
        downtimes
            .iter()
            .map(|d| format!("{d:.2}"))
            .collect::<Vec<_>>()
            .join("/"),
        load_time.as_secs_f64(),
    );
    assert!(
        lost.is_empty(),
        "acknowledged but not on the sheet: {lost:?}"
    );
    assert!(doubled.is_empty(), "on the sheet twice: {doubled:?}");
    assert_eq!(acks.len(), TABLES * usize::from(DEALS));
    drop(restarted);
    // The database goes after the server (its drop kills the process first).
    drop(db);
}

#[actix_web::test]
async fn sigkill_mid_load_loses_and_doubles_nothing_on_sqlite() {
    kill_and_restart(Backend::Sqlite).await;
}

#[actix_web::test]
async fn sigkill_mid_load_loses_and_doubles_nothing_on_postgres() {
    kill_and_restart(Backend::Postgres).await;
}
