//! PostgreSQL over TLS: hosted servers require `sslmode=require`, which a libpq built
//! without OpenSSL refuses ("SSL support is not compiled in"). A throwaway cluster with
//! `ssl = on` and a self-signed certificate: the service's own `Database::open` connects
//! with `sslmode=require` (and `verify-full` against that certificate), migrates, writes
//! and reads, and the server reports the connection as encrypted; `verify-full` against
//! another certificate and `sslmode=require` against the server with TLS switched off are
//! refused.
//!
//! Needs PostgreSQL's server binaries (`/usr/lib/postgresql/*/bin`, as `scripts/test`
//! installs them) and `openssl`; skipped with a note without them, unless
//! `KARLCHEN_REQUIRE_POSTGRES=1` makes that a failure.

use std::io::Write;
use std::net::TcpListener;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use api::db::{Database, DbConn};
use diesel::sql_types::{Bool, Nullable, Text};
use diesel::{Connection, PgConnection, QueryableByName, RunQueryDsl};

/// The newest PostgreSQL's server binaries, if installed.
fn pg_bin() -> Option<PathBuf> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| {
            let e = e.ok()?;
            let version = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin)
}

fn running_as_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// `program` as the `postgres` user when we are root (initdb and the server refuse root).
fn as_postgres(program: &Path) -> Command {
    if running_as_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

fn run(mut command: Command, what: &str) {
    let out = command.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        out.status.success(),
        "{what}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A PostgreSQL cluster in a temporary folder, stopped when dropped.
struct Cluster {
    bin: PathBuf,
    data: PathBuf,
    port: u16,
    _dir: tempfile::TempDir,
}

impl Cluster {
    fn start(bin: PathBuf) -> Cluster {
        let dir = tempfile::Builder::new()
            .prefix("karlchen-pgtls-")
            .tempdir_in("/tmp")
            .unwrap();
        if running_as_root() {
            let mut chown = Command::new("chown");
            chown.arg("postgres:").arg(dir.path());
            run(chown, "chown");
        }
        let data = dir.path().join("data");
        let mut initdb = as_postgres(&bin.join("initdb"));
        initdb.arg("-D").arg(&data).args([
            "-U",
            "karlchen",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-locale",
        ]);
        run(initdb, "initdb");
        // The server's certificate for 127.0.0.1, and another one no server uses.
        for name in ["server", "other"] {
            let mut openssl = as_postgres(Path::new("openssl"));
            openssl
                .args(["req", "-x509", "-newkey", "ec", "-pkeyopt"])
                .args(["ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"])
                .args([
                    "-subj",
                    "/CN=127.0.0.1",
                    "-addext",
                    "subjectAltName=IP:127.0.0.1",
                ])
                .arg("-keyout")
                .arg(data.join(format!("{name}.key")))
                .arg("-out")
                .arg(data.join(format!("{name}.crt")));
            run(openssl, "openssl req");
        }
        // In the configuration file rather than on the command line, which would outrank
        // the `ALTER SYSTEM` that switches it off below.
        let mut conf = std::fs::OpenOptions::new()
            .append(true)
            .open(data.join("postgresql.conf"))
            .unwrap();
        writeln!(conf, "ssl = on").unwrap();
        // The server refuses a key others may read.
        let mut chmod = as_postgres(Path::new("chmod"));
        chmod.arg("600").arg(data.join("server.key"));
        run(chmod, "chmod");
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut start = as_postgres(&bin.join("pg_ctl"));
        start
            .arg("-D")
            .arg(&data)
            .arg("-l")
            .arg(dir.path().join("server.log"))
            .args(["-w", "start", "-o"])
            .arg(format!(
                "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
                dir.path().display()
            ));
        run(start, "pg_ctl start");
        Cluster {
            bin,
            data,
            port,
            _dir: dir,
        }
    }

    fn url(&self, params: &str) -> String {
        format!(
            "postgres://karlchen@127.0.0.1:{}/postgres?{params}",
            self.port
        )
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = as_postgres(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(&self.data)
            .args(["-m", "immediate", "-w", "stop"])
            .output();
    }
}

#[derive(QueryableByName)]
struct Encryption {
    #[diesel(sql_type = Bool)]
    ssl: bool,
    #[diesel(sql_type = Nullable<Text>)]
    version: Option<String>,
}

/// Whether the pool's connections to the server are encrypted, as the server sees them.
fn encryption(db: &Database) -> Encryption {
    let mut conn = db.connection().unwrap();
    let DbConn::Pg(pg) = &mut **conn else {
        panic!("not a PostgreSQL connection");
    };
    diesel::sql_query("SELECT ssl, version FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
        .get_result(pg)
        .unwrap()
}

#[actix_web::test]
async fn sslmode_require_connects_encrypted_and_is_refused_without_tls() {
    let required = std::env::var("KARLCHEN_REQUIRE_POSTGRES").is_ok_and(|v| v == "1");
    let tools = pg_bin().filter(|_| Command::new("openssl").arg("version").output().is_ok());
    let Some(bin) = tools else {
        assert!(
            !required,
            "KARLCHEN_REQUIRE_POSTGRES=1 but PostgreSQL's server binaries or openssl are missing"
        );
        eprintln!("note: no PostgreSQL server binaries or openssl, TLS test skipped");
        return;
    };
    let cluster = Cluster::start(bin);

    // The service's own start: connect, migrate; then a write and a read of its own.
    let db = Database::open(&cluster.url("sslmode=require"), 2)
        .unwrap_or_else(|e| panic!("sslmode=require refused: {e:#}"));
    db.ping().await.unwrap();
    let id =
        api::services::organizers::add(&db, "tls@example.org", "TLS", "tls-test-password").unwrap();
    assert!(id > 0);
    let seen = encryption(&db);
    assert!(seen.ssl, "the connection is not encrypted");
    assert!(
        seen.version
            .as_deref()
            .is_some_and(|v| v.starts_with("TLSv1.")),
        "TLS version {:?}",
        seen.version
    );
    drop(db);

    // The certificate checked against the one the server has, and against another one.
    let verified = cluster.url(&format!(
        "sslmode=verify-full&sslrootcert={}",
        cluster.data.join("server.crt").display()
    ));
    let db = Database::open(&verified, 1)
        .unwrap_or_else(|e| panic!("sslmode=verify-full refused: {e:#}"));
    assert!(encryption(&db).ssl);
    drop(db);
    let wrong = cluster.url(&format!(
        "sslmode=verify-full&sslrootcert={}",
        cluster.data.join("other.crt").display()
    ));
    let refused = Database::open(&wrong, 1).expect_err("a certificate nobody signed was accepted");
    assert!(
        format!("{refused:#}").contains("certificate verify failed"),
        "{refused:#}"
    );

    // TLS switched off at the server: `require` must refuse rather than talk in the clear.
    let plain = cluster.url("sslmode=disable");
    let mut admin = PgConnection::establish(&plain).unwrap();
    diesel::sql_query("ALTER SYSTEM SET ssl = off")
        .execute(&mut admin)
        .unwrap();
    diesel::sql_query("SELECT pg_reload_conf()")
        .execute(&mut admin)
        .unwrap();
    drop(admin);
    let reloaded = Instant::now();
    loop {
        #[derive(QueryableByName)]
        struct Setting {
            #[diesel(sql_type = Text)]
            ssl: String,
        }
        let mut conn = PgConnection::establish(&plain).unwrap();
        let now: Setting = diesel::sql_query("SHOW ssl").get_result(&mut conn).unwrap();
        if now.ssl == "off" {
            break;
        }
        assert!(
            reloaded.elapsed() < Duration::from_secs(10),
            "the server did not switch TLS off"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let refused = Database::open(&cluster.url("sslmode=require"), 1)
        .expect_err("sslmode=require connected to a server without TLS");
    assert!(
        format!("{refused:#}").contains("does not support SSL"),
        "{refused:#}"
    );
}
