//! `karlchen backup` and `karlchen restore` on the real processes (SQLite; PostgreSQL
//! backups are `pg_dump`'s): backups taken while captains enter deals through the running
//! server are each a state the server had (every deal in one was acknowledged, each
//! table's deals a prefix of what it acknowledged, the sheets re-derive on a server started
//! on the restored copy), a backup of the quiet server restores to an equal database table
//! by table, and a restore is refused while the server runs and over a database changed
//! after the backup, unless `--force`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use api::Config;
use rusqlite::{Connection, OpenFlags};
use serde_json::json;

use super::crash::{
    Ack, DEALS, EMAIL, PASSWORD, Setup, Shared, Target, captain, deal, expect_json, karlchen,
    same_facts, tournament_with_captains,
};

/// Tables entering deals at once while the backups are taken.
const TABLES: usize = 3;
/// Backups taken during the load, spread over it.
const BACKUPS: usize = 3;

/// Every table of a SQLite database, its rows as text, sorted: equal dumps mean equal
/// contents.
type Dump = BTreeMap<String, Vec<Vec<String>>>;

fn dump(path: &Path) -> Dump {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    // One snapshot for all tables, also while a server writes.
    conn.execute_batch("BEGIN").unwrap();
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut dump = Dump::new();
    for table in tables {
        let mut stmt = conn.prepare(&format!("SELECT * FROM \"{table}\"")).unwrap();
        let columns = stmt.column_count();
        let mut rows: Vec<Vec<String>> = stmt
            .query_map([], |r| {
                (0..columns)
                    .map(|i| {
                        r.get::<_, rusqlite::types::Value>(i)
                            .map(|v| format!("{v:?}"))
                    })
                    .collect()
            })
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        rows.sort();
        dump.insert(table, rows);
    }
    conn.execute_batch("COMMIT").unwrap();
    dump
}

/// Runs `karlchen ARGS` for `setup`'s database off the test's executor (the captains keep
/// entering meanwhile); its standard error is in the output.
async fn karlchen_command(setup: &Setup, args: &[&str]) -> Output {
    let mut command = setup.command();
    command.args(args).stderr(Stdio::piped());
    tokio::task::spawn_blocking(move || command.output().unwrap())
        .await
        .unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The databases restores kept beside `db`, oldest name first.
fn kept_beside(db: &Path) -> Vec<PathBuf> {
    let prefix = format!(
        "{}.before-restore-",
        db.file_name().unwrap().to_string_lossy()
    );
    let mut kept: Vec<PathBuf> = std::fs::read_dir(db.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(&prefix))
        })
        .collect();
    kept.sort();
    kept
}

/// The byte count a command's line reports: `(… 1081344 bytes, …)`.
fn reported_bytes(said: &str) -> u64 {
    let before = said.split(" bytes").next().unwrap();
    before
        .rsplit(['(', ' '])
        .next()
        .unwrap()
        .parse()
        .unwrap_or_else(|_| panic!("no byte count in {said}"))
}

/// The size of the database at `path` in pages: what a byte count must say.
fn database_bytes(path: &Path) -> u64 {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let pages: i64 = conn
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .unwrap();
    let size: i64 = conn
        .query_row("PRAGMA page_size", [], |r| r.get(0))
        .unwrap();
    u64::try_from(pages * size).unwrap()
}

/// Every restore keeps the database it replaced under a name of its own, so a second
/// restore never loses what the first one kept; what a killed backup or restore left
/// behind goes at the next start, but not a copy one still writes; and the byte counts
/// are the databases' sizes.
#[tokio::test]
async fn every_restore_keeps_what_it_replaced_and_leftovers_go() {
    let dir = tempfile::tempdir().unwrap();
    let setup = fresh_setup(dir.path(), "data");
    let source = setup.data_dir.join("karlchen.db");
    setup.add_organizer();

    let first = dir.path().join("first.db");
    let out = karlchen_command(&setup, &["backup", first.to_str().unwrap()]).await;
    assert!(out.status.success(), "backup: {}", stderr(&out));
    assert_eq!(
        reported_bytes(&stderr(&out)),
        std::fs::metadata(&first).unwrap().len(),
        "{}",
        stderr(&out)
    );

    // Three restores in a row: three kept databases, none lost (within one second, see
    // the unit test of `db::backup`).
    let mut states = Vec::new();
    for i in 0..3 {
        let mut add = setup.command();
        add.args([
            "organizer",
            "add",
            "--email",
            &format!("zweite-{i}@example.org"),
        ])
        .args(["--name", "Zweite"])
        .env("KARLCHEN_PASSWORD", PASSWORD);
        assert!(add.status().unwrap().success(), "{}", setup.log_text());
        states.push(dump(&source));
        let out = karlchen_command(&setup, &["restore", "--force", first.to_str().unwrap()]).await;
        assert!(out.status.success(), "restore {i}: {}", stderr(&out));
        let said = stderr(&out);
        assert_eq!(reported_bytes(&said), database_bytes(&source), "{said}");
        assert!(said.contains(".before-restore-"), "{said}");
    }
    let kept = kept_beside(&source);
    assert_eq!(kept.len(), 3, "{kept:?}");
    let mut kept_states: Vec<Dump> = kept.iter().map(|k| dump(k)).collect();
    kept_states.sort();
    states.sort();
    assert_eq!(
        kept_states, states,
        "every replaced database is kept as it was"
    );

    // Leftovers of killed copies go; a copy a backup still writes (locked) stays.
    let stale = [
        setup.data_dir.join(".karlchen-restore-abc123.partial"),
        dir.path().join(".karlchen-backup-def456.partial"),
    ];
    for file in &stale {
        std::fs::write(file, b"half a copy").unwrap();
    }
    let running = dir.path().join(".karlchen-backup-running.partial");
    let held = std::fs::File::create(&running).unwrap();
    held.lock().unwrap();
    let second = dir.path().join("second.db");
    let out = karlchen_command(&setup, &["backup", second.to_str().unwrap()]).await;
    assert!(out.status.success(), "backup: {}", stderr(&out));
    assert!(!stale[1].exists(), "{}", stderr(&out));
    assert!(running.exists(), "a running backup's copy was taken away");
    let out = karlchen_command(&setup, &["migrate"]).await;
    assert!(out.status.success(), "migrate: {}", stderr(&out));
    assert!(!stale[0].exists(), "left beside the database at start");
    drop(held);
}

/// A data folder of its own for a restored copy.
fn fresh_setup(dir: &Path, name: &str) -> Setup {
    let data_dir = dir.join(name);
    Setup {
        url: Config::sqlite_url_in(&data_dir),
        data_dir,
        log: dir.join(format!("{name}.log")),
    }
}

/// Restores `file` into a fresh data folder, starts a server on it and checks that every
/// table's sheet derives and holds a prefix of what the first server acknowledged, with
/// the facts that were sent. Returns the deals on the sheets.
async fn restore_and_read_sheets(
    dir: &Path,
    name: &str,
    file: &Path,
    http: &reqwest::Client,
    tables: &[(i64, String)],
    acks: &[&Ack],
) -> usize {
    let setup = fresh_setup(dir, name);
    let restored = karlchen_command(&setup, &["restore", file.to_str().unwrap()]).await;
    assert!(restored.status.success(), "restore: {}", stderr(&restored));
    // The restored copy has no signing key (it is in the data folder, not the database):
    // the organiser logs in again.
    let server = setup.serve(http).await;
    let login = expect_json(
        http.post(format!("{}/api/v1/auth/login", server.base))
            .json(&json!({"email": EMAIL, "password": PASSWORD})),
        200,
        "login on the restored copy",
    )
    .await;
    let org = login["token"].as_str().unwrap();
    let mut total = 0;
    for (t, (table, _)) in tables.iter().enumerate() {
        let sheet = expect_json(
            http.get(format!("{}/api/v1/tables/{table}/sheet", server.base))
                .bearer_auth(org),
            200,
            "sheet of the restored copy",
        )
        .await;
        let deals = sheet["deals"].as_array().unwrap();
        for (i, d) in deals.iter().enumerate() {
            let number = d["number"].as_u64().unwrap();
            assert_eq!(
                number,
                i as u64 + 1,
                "{name}: table {t} numbers not contiguous"
            );
            let ack = acks
                .iter()
                .find(|a| a.table == t && a.number == number)
                .unwrap_or_else(|| panic!("{name}: table {t} deal {number} never acknowledged"));
            assert!(
                same_facts(&d["entry"], &deal(t, ack.k)),
                "{name}: table {t} deal {number} is not what was acknowledged: {d}"
            );
        }
        total += deals.len();
    }
    total
}

#[actix_web::test]
async fn backups_during_entry_restore_to_states_the_server_had() {
    let dir = tempfile::tempdir().unwrap();
    let setup = fresh_setup(dir.path(), "data");
    let source = setup.data_dir.join("karlchen.db");
    karlchen();
    let http = reqwest::Client::builder().no_proxy().build().unwrap();
    setup.add_organizer();
    let server = setup.serve(&http).await;
    let super::crash::Day { org, captains, .. } =
        tournament_with_captains(&http, &server.base, TABLES).await;

    let shared = Arc::new(Shared {
        target: RwLock::new(Target {
            generation: 0,
            base: server.base.clone(),
        }),
        acknowledged: AtomicUsize::new(0),
        started: Instant::now(),
    });
    let mut clients = tokio::task::JoinSet::new();
    for (t, (table, token)) in captains.iter().cloned().enumerate() {
        clients.spawn(captain(shared.clone(), http.clone(), t, table, token));
    }

    // Backups a quarter, half and three quarters through the load, each with the number
    // of deals acknowledged when it started: those committed before, so they are in it.
    let total = TABLES * usize::from(DEALS);
    let mut taken: Vec<(PathBuf, usize, Duration)> = Vec::new();
    for i in 1..=BACKUPS {
        while shared.acknowledged.load(Ordering::SeqCst) < total * i / (BACKUPS + 1) {
            assert!(
                shared.started.elapsed() < Duration::from_secs(50),
                "the load stalled: {}",
                setup.log_text()
            );
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        let file = dir.path().join(format!("during-{i}.db"));
        let acknowledged = shared.acknowledged.load(Ordering::SeqCst);
        let started = Instant::now();
        let out = karlchen_command(&setup, &["backup", file.to_str().unwrap()]).await;
        assert!(out.status.success(), "backup {i}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("deals"),
            "backup {i} says what it copied"
        );
        taken.push((file, acknowledged, started.elapsed()));
    }
    let mut acks = Vec::new();
    while let Some(done) = clients.join_next().await {
        match done.unwrap() {
            Ok(report) => acks.extend(report.acks),
            Err(e) => panic!("{e}\nserver log:\n{}", setup.log_text()),
        }
    }
    assert_eq!(acks.len(), total);
    let acks: Vec<&Ack> = acks.iter().collect();

    let mut in_backups = Vec::new();
    for (i, (file, acknowledged, took)) in taken.iter().enumerate() {
        let deals = restore_and_read_sheets(
            dir.path(),
            &format!("restored-{i}"),
            file,
            &http,
            &captains,
            &acks,
        )
        .await;
        assert!(
            deals >= *acknowledged,
            "backup {i} lacks acknowledged deals: {deals} < {acknowledged}"
        );
        in_backups.push((deals, took.as_millis()));
    }
    eprintln!(
        "backup test: {total} deals entered; deals in the backups taken during entry and \
         how long each took (ms): {in_backups:?}"
    );
    assert!(
        in_backups.iter().any(|&(deals, _)| deals < total),
        "no backup was taken while deals were still coming in: {in_backups:?}"
    );

    // The quiet server: its backup is the database, table by table.
    let quiet = dir.path().join("quiet.db");
    let out = karlchen_command(&setup, &["backup", quiet.to_str().unwrap()]).await;
    assert!(out.status.success(), "quiet backup: {}", stderr(&out));
    let quiet_dump = dump(&quiet);
    assert_eq!(
        quiet_dump,
        dump(&source),
        "the quiet backup differs from the database"
    );
    assert_eq!(quiet_dump["deals"].len(), total);
    let restored = fresh_setup(dir.path(), "restored-quiet");
    let out = karlchen_command(&restored, &["restore", quiet.to_str().unwrap()]).await;
    assert!(out.status.success(), "restore: {}", stderr(&out));
    assert_eq!(
        dump(&restored.data_dir.join("karlchen.db")),
        quiet_dump,
        "the restored database differs from the backup"
    );

    // An existing backup is not overwritten without --force.
    let out = karlchen_command(&setup, &["backup", quiet.to_str().unwrap()]).await;
    assert!(!out.status.success());
    assert!(stderr(&out).contains("--force"), "{}", stderr(&out));
    assert_eq!(dump(&quiet), quiet_dump);

    // While the server runs, its database is not restored over, even with --force.
    let before = dump(&source);
    for args in [vec!["restore"], vec!["restore", "--force"]] {
        let mut args = args.clone();
        args.push(quiet.to_str().unwrap());
        let out = karlchen_command(&setup, &args).await;
        assert!(!out.status.success(), "restored under a running server");
        assert!(stderr(&out).contains("in use"), "{}", stderr(&out));
    }
    assert_eq!(dump(&source), before);

    // A change after the backup: the backup is older than the database now.
    expect_json(
        http.post(format!("{}/api/v1/tournaments", server.base))
            .bearer_auth(&org)
            .json(&json!({"name": "Nach dem Backup", "date": "2026-12-06", "rounds": 1})),
        201,
        "a tournament after the backup",
    )
    .await;
    drop(server);
    let changed = dump(&source);
    assert_ne!(changed, quiet_dump);
    let out = karlchen_command(&setup, &["restore", quiet.to_str().unwrap()]).await;
    assert!(!out.status.success(), "restored over a newer database");
    let message = stderr(&out);
    assert!(
        message.contains("after the backup's last change") && message.contains("--force"),
        "{message}"
    );
    assert_eq!(
        dump(&source),
        changed,
        "a refused restore changed the database"
    );

    let out = karlchen_command(&setup, &["restore", "--force", quiet.to_str().unwrap()]).await;
    assert!(out.status.success(), "restore --force: {}", stderr(&out));
    assert_eq!(dump(&source), quiet_dump);
    let kept = kept_beside(&source);
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(
        dump(&kept[0]),
        changed,
        "the replaced database was not kept"
    );

    // A stopped server's database is backed up too, and --force replaces the old file.
    let out = karlchen_command(&setup, &["backup", "--force", quiet.to_str().unwrap()]).await;
    assert!(
        out.status.success(),
        "backup of a stopped server: {}",
        stderr(&out)
    );
    assert_eq!(dump(&quiet), quiet_dump);
    // And the restored database serves.
    drop(setup.serve(&http).await);
}

/// The README's PostgreSQL steps, run as written while the service runs: the dump is
/// readable by its owner only, `pg_restore` puts the earlier state back in one
/// transaction, the public standings show it without a write, and deals go on from there.
#[actix_web::test]
async fn a_postgres_restore_while_the_service_runs_shows_the_restored_state() {
    use std::os::unix::fs::PermissionsExt;

    use crate::fixtures::{Step, Table, call_json, expect};

    let Some(app) = service_tests::TestApp::new(service_tests::Backend::Postgres).await else {
        return;
    };
    let max_age = Duration::from_millis(300);
    let mut state = app.state.clone();
    state.live = Arc::new(api::live_cache::LiveCache::with_max_age(max_age));
    let service = actix_web::test::init_service(api::app::build(state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    crate::fixtures::publish(&service, &t).await;
    t.fill(&service, &[Step::Normal]).await;
    let standings_path = format!("/api/v1/tournaments/{}/standings", t.tournament);
    let public = || call_json(&service, "GET", &standings_path, None, None);
    let dumped = public().await.json["standings"].clone();

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("karlchen.dump");
    let url = &app.state.config.database_url;
    let shell = |script: &str| {
        let out = std::process::Command::new("sh")
            .args(["-c", script])
            .env("DATABASE_URL", url)
            .env("DUMP", &file)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{script}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    shell(r#"umask 077 && pg_dump --format=custom --file="$DUMP" "$DATABASE_URL""#);
    let mode = std::fs::metadata(&file).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    shell(r#"pg_restore --list "$DUMP" > /dev/null"#);

    t.fill(&service, &[Step::Normal]).await;
    let later = public().await.json["standings"].clone();
    assert_ne!(later, dumped);

    shell(
        r#"pg_restore --clean --if-exists --no-owner --single-transaction --exit-on-error --dbname="$DATABASE_URL" "$DUMP""#,
    );
    // No write since: the kept standings are trusted for `max_age`, then read again.
    actix_web::rt::time::sleep(max_age * 2).await;
    assert_eq!(public().await.json["standings"], dumped);
    let sheet = call_json(&service, "GET", &t.path("sheet"), Some(&t.captain), None).await;
    expect(&sheet, 200, "the sheet after the restore");
    assert_eq!(
        sheet.json["deals"].as_array().map(Vec::len),
        Some(1),
        "{}",
        sheet.text
    );
    // The service goes on from the restored state: the next deal is number 2 again.
    let next = t
        .post(&service, &t.captain, &crate::fixtures::normal([0, 1]))
        .await;
    expect(&next, 201, "a deal after the restore");
    assert_eq!(next.json["deal"]["number"], 2);
}
