//! A full disk on a real `karlchen serve`: writes answer 503 `storage_full` and change
//! nothing, `/health/ready` says so, reads go on, the process never dies, and once there is
//! space again it takes writes by itself; every deal it acknowledged is on the sheet once,
//! the refused ones once after their retry. On SQLite the database and the service's log
//! are on the full disk; on PostgreSQL the test database lives in a tablespace on it.
//!
//! The disk is a small tmpfs mounted for the test, which needs root (CI runs as root);
//! elsewhere the test says it was skipped, unless `KARLCHEN_REQUIRE_FULL_DISK=1`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde_json::Value;

use super::crash::{
    REQUEST_TIMEOUT, Setup, deal, expect_json, same_facts, tournament_with_captains,
};

/// A tmpfs of `size` mounted at a new folder, unmounted when dropped.
struct SmallDisk {
    at: PathBuf,
    _dir: tempfile::TempDir,
}

impl SmallDisk {
    fn mount(size: &str) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().unwrap();
        let at = dir.path().join("disk");
        std::fs::create_dir(&at).unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&at)
            .output();
        match mounted {
            Ok(out) if out.status.success() => Some(SmallDisk { at, _dir: dir }),
            other => {
                assert!(
                    std::env::var("KARLCHEN_REQUIRE_FULL_DISK").as_deref() != Ok("1"),
                    "cannot mount a tmpfs: {other:?}"
                );
                eprintln!("note: cannot mount a tmpfs (not root?), full-disk test skipped");
                None
            }
        }
    }

    /// Fills what is left with one file; returns it.
    fn fill(&self) -> PathBuf {
        let filler = self.at.join("filler");
        let mut file = std::fs::File::create(&filler).unwrap();
        let block = vec![0x55_u8; 64 * 1024];
        // Then byte-sized writes for the last partial block.
        for chunk in [&block[..], &block[..1]] {
            while file.write_all(chunk).and_then(|()| file.flush()).is_ok() {}
        }
        filler
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.at).status();
    }
}

/// A deal sent under its key: the status and the body.
async fn send_deal(
    http: &reqwest::Client,
    base: &str,
    (table, token): &(i64, String),
    t: usize,
    k: u16,
) -> (u16, Option<String>, Value) {
    let answer = http
        .post(format!("{base}/api/v1/tables/{table}/deals"))
        .bearer_auth(token)
        .header("Idempotency-Key", format!("full-table{t}-deal{k}"))
        .json(&deal(t, k))
        .timeout(REQUEST_TIMEOUT)
        .send()
        .await
        .unwrap();
    let status = answer.status().as_u16();
    let retry_after = answer
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_owned());
    (
        status,
        retry_after,
        answer.json().await.unwrap_or(Value::Null),
    )
}

async fn ready(http: &reqwest::Client, base: &str) -> (u16, Value) {
    let answer = http
        .get(format!("{base}/health/ready"))
        .timeout(REQUEST_TIMEOUT)
        .send()
        .await
        .unwrap();
    (
        answer.status().as_u16(),
        answer.json().await.unwrap_or(Value::Null),
    )
}

fn log_of(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

#[tokio::test]
async fn a_full_disk_refuses_writes_and_the_service_recovers_by_itself() {
    let Some(disk) = SmallDisk::mount("8m") else {
        return;
    };
    let data_dir = disk.at.join("data");
    let setup = Setup {
        url: api::Config::sqlite_url_in(&data_dir),
        data_dir,
        // The log on the same disk: its writes fail too.
        log: disk.at.join("karlchen.log"),
    };
    fill_refuse_and_recover(&disk, &setup).await;
}

#[tokio::test]
async fn a_full_postgres_disk_refuses_writes_and_the_service_recovers_by_itself() {
    let Ok(base) = std::env::var("TEST_POSTGRES_URL") else {
        assert!(
            std::env::var("KARLCHEN_REQUIRE_POSTGRES").as_deref() != Ok("1"),
            "KARLCHEN_REQUIRE_POSTGRES=1 but TEST_POSTGRES_URL is not set"
        );
        return;
    };
    let Some(disk) = SmallDisk::mount("16m") else {
        return;
    };
    let space = Tablespace::make(&base, &disk);
    let dir = tempfile::tempdir().unwrap();
    let setup = Setup {
        url: service_tests::with_database(&base, &space.database),
        data_dir: dir.path().join("data"),
        log: dir.path().join("karlchen.log"),
    };
    fill_refuse_and_recover(&disk, &setup).await;
}

/// A tablespace on the small disk and a database in it, for the PostgreSQL server of
/// `TEST_POSTGRES_URL` on this machine; both dropped afterwards.
struct Tablespace {
    base: String,
    name: String,
    database: String,
}

impl Tablespace {
    fn make(base: &str, disk: &SmallDisk) -> Tablespace {
        use diesel::{Connection, PgConnection, RunQueryDsl};
        use std::os::unix::fs::MetadataExt;

        #[derive(diesel::QueryableByName)]
        struct Setting {
            #[diesel(sql_type = diesel::sql_types::Text)]
            setting: String,
        }
        let mut admin = PgConnection::establish(base).unwrap();
        // The folder must belong to the user the server runs as: the owner of its data.
        let data: Setting =
            diesel::sql_query("SELECT current_setting('data_directory') AS setting")
                .get_result(&mut admin)
                .unwrap();
        let owner = std::fs::metadata(&data.setting).unwrap();
        let location = disk.at.join("pg");
        std::fs::create_dir(&location).unwrap();
        std::os::unix::fs::chown(&location, Some(owner.uid()), Some(owner.gid())).unwrap();
        let name = format!("karlchen_full_{}", std::process::id());
        diesel::sql_query(format!(
            "CREATE TABLESPACE {name} LOCATION '{}'",
            location.display()
        ))
        .execute(&mut admin)
        .unwrap();
        let database = format!("{name}_db");
        diesel::sql_query(format!("CREATE DATABASE {database} TABLESPACE {name}"))
            .execute(&mut admin)
            .unwrap();
        Tablespace {
            base: base.to_owned(),
            name,
            database,
        }
    }
}

impl Drop for Tablespace {
    fn drop(&mut self) {
        use diesel::{Connection, PgConnection, RunQueryDsl};
        if let Ok(mut admin) = PgConnection::establish(&self.base) {
            let _ = diesel::sql_query(format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                self.database
            ))
            .execute(&mut admin);
            let _ = diesel::sql_query(format!("DROP TABLESPACE IF EXISTS {}", self.name))
                .execute(&mut admin);
        }
    }
}

async fn fill_refuse_and_recover(disk: &SmallDisk, setup: &Setup) {
    setup.add_organizer();
    let http = reqwest::Client::new();
    let mut server = setup.serve(&http).await;
    let base = server.base.clone();
    let captains = tournament_with_captains(&http, &base, 2).await.captains;
    // Three deals a table while there is room.
    let mut next = [1_u16; 2];
    for (t, captain) in captains.iter().enumerate() {
        for _ in 0..3 {
            let (status, _, body) = send_deal(&http, &base, captain, t, next[t]).await;
            assert_eq!(status, 201, "{body}");
            next[t] += 1;
        }
    }

    let filler = disk.fill();
    // The database may still have room in pages it holds; the deals go on until one is
    // refused, and every one acknowledged till then counts.
    let mut refused = [None; 2];
    for (t, captain) in captains.iter().enumerate() {
        for _ in 0..40 {
            let (status, retry_after, body) = send_deal(&http, &base, captain, t, next[t]).await;
            match status {
                201 => next[t] += 1,
                503 => {
                    assert_eq!(body["code"], "storage_full", "{body}");
                    assert_eq!(retry_after.as_deref(), Some("30"));
                    refused[t] = Some(next[t]);
                    break;
                }
                other => panic!("deal {} at table {t}: {other} {body}", next[t]),
            }
        }
        assert!(
            refused[t].is_some(),
            "table {t}: no deal was refused on a full disk"
        );
    }
    let (status, body) = ready(&http, &base).await;
    assert_eq!((status, &body["code"]), (503, &Value::from("storage_full")));
    // Reads go on, and the process is alive.
    let (table, token) = &captains[0];
    let sheet = expect_json(
        http.get(format!("{base}/api/v1/tables/{table}/sheet"))
            .bearer_auth(token),
        200,
        "the sheet on a full disk",
    )
    .await;
    assert_eq!(
        sheet["deals"].as_array().unwrap().len(),
        usize::from(next[0] - 1)
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(
        server.child.try_wait().unwrap().is_none(),
        "the server died on a full disk"
    );

    // Space again: ready without any captain's write, and the refused deals go through
    // under their keys, then more.
    std::fs::remove_file(filler).unwrap();
    let (status, body) = ready(&http, &base).await;
    assert_eq!(status, 200, "{body}");
    for (t, captain) in captains.iter().enumerate() {
        for _ in 0..3 {
            let (status, _, body) = send_deal(&http, &base, captain, t, next[t]).await;
            assert_eq!(status, 201, "{body}");
            assert_eq!(body["deal"]["number"], next[t]);
            next[t] += 1;
        }
        // A retry of the last one is answered from its key, not stored again.
        let (status, _, body) = send_deal(&http, &base, captain, t, next[t] - 1).await;
        assert_eq!(
            (status, &body["deal"]["number"]),
            (201, &Value::from(next[t] - 1))
        );
    }
    // Every deal acknowledged is on the sheet once, in order, as sent.
    for (t, (table, token)) in captains.iter().enumerate() {
        let sheet = expect_json(
            http.get(format!("{base}/api/v1/tables/{table}/sheet"))
                .bearer_auth(token),
            200,
            "the sheet",
        )
        .await;
        let deals = sheet["deals"].as_array().unwrap();
        assert_eq!(deals.len(), usize::from(next[t] - 1), "table {t}");
        for (i, stored) in deals.iter().enumerate() {
            let k = u16::try_from(i + 1).unwrap();
            assert_eq!(stored["number"], k);
            assert!(
                same_facts(&stored["entry"], &deal(t, k)),
                "table {t} deal {k}: {stored}"
            );
        }
    }
    assert!(server.child.try_wait().unwrap().is_none());
    let log = log_of(&setup.log);
    assert!(log.contains("the disk takes writes again"), "{log}");
    server.child.kill().unwrap();
    let _ = server.child.wait();
}
