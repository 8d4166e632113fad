//! The test harness: a fresh database per test on SQLite (a temporary file) and on a real
//! PostgreSQL server (a new database, dropped afterwards), and the same application the
//! server runs.
//!
//! PostgreSQL tests need `TEST_POSTGRES_URL` (any database on the server; the harness
//! creates its own next to it). Without it they are skipped with a note, unless
//! `KARLCHEN_REQUIRE_POSTGRES=1` (set by `.ci/run`) makes a missing server a failure.

#![expect(
    clippy::expect_used,
    reason = "a harness whose set-up fails must stop the test loudly"
)]

pub mod browser;

use std::sync::atomic::{AtomicU32, Ordering};

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test;
use api::{AppState, Config};
use diesel::{Connection, PgConnection, RunQueryDsl};
use serde_json::Value;
use tempfile::TempDir;

/// The database backends every storage test runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file in a temporary folder.
    Sqlite,
    /// A fresh database on the PostgreSQL server of `TEST_POSTGRES_URL`.
    Postgres,
}

fn required(var: &str) -> bool {
    std::env::var(var).is_ok_and(|v| v == "1")
}

/// A database that exists for one test.
pub struct TestDb {
    /// Its URL.
    pub url: String,
    postgres: Option<(String, String)>,
}

impl TestDb {
    /// A fresh database, or `None` when the backend is not available here.
    pub fn create(backend: Backend, dir: &TempDir) -> Option<TestDb> {
        match backend {
            Backend::Sqlite => Some(TestDb {
                url: Config::sqlite_url_in(dir.path()),
                postgres: None,
            }),
            Backend::Postgres => {
                let Ok(base) = std::env::var("TEST_POSTGRES_URL") else {
                    assert!(
                        !required("KARLCHEN_REQUIRE_POSTGRES"),
                        "KARLCHEN_REQUIRE_POSTGRES=1 but TEST_POSTGRES_URL is not set"
                    );
                    eprintln!("note: TEST_POSTGRES_URL not set, PostgreSQL test skipped");
                    return None;
                };
                static COUNTER: AtomicU32 = AtomicU32::new(0);
                let name = format!(
                    "karlchen_t_{}_{}_{}",
                    std::process::id(),
                    COUNTER.fetch_add(1, Ordering::Relaxed),
                    chrono_free_nanos()
                );
                let mut admin = PgConnection::establish(&base)
                    .unwrap_or_else(|e| panic!("cannot reach TEST_POSTGRES_URL: {e}"));
                diesel::sql_query(format!("CREATE DATABASE {name}"))
                    .execute(&mut admin)
                    .expect("create test database");
                let url = with_database(&base, &name);
                Some(TestDb {
                    url,
                    postgres: Some((base, name)),
                })
            }
        }
    }
}

/// Nanoseconds since the epoch, to keep names unique across test processes.
fn chrono_free_nanos() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() % 1_000_000_000)
        .unwrap_or(0)
}

/// `base` with its database name replaced by `name`.
pub fn with_database(base: &str, name: &str) -> String {
    let (before_query, query) = match base.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (base, String::new()),
    };
    let authority_end = before_query
        .find("://")
        .map(|i| i + 3)
        .and_then(|start| before_query[start..].find('/').map(|j| start + j));
    match authority_end {
        Some(slash) => format!("{}/{name}{query}", &before_query[..slash]),
        None => format!("{before_query}/{name}{query}"),
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some((base, name)) = &self.postgres
            && let Ok(mut admin) = PgConnection::establish(base)
        {
            // FORCE: pooled connections of the finished test may still be open.
            let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&mut admin);
        }
    }
}

/// The instant every [`TestApp`]'s clock starts at, whatever day the tests run on: the
/// times a test stores and checks (audit lines, round clocks, "today" on the start page,
/// exports) then never depend on the calendar. The clock runs on from it (tests move it
/// with `advance`); tokens, whose expiry the JWT library checks against the system's time,
/// keep the system's time. `scripts/test-dates` runs the suite a year ahead to hold this.
pub const TEST_DAY: &str = "2026-11-24T09:00:00";

/// [`TEST_DAY`] as the clock takes it.
pub fn test_day() -> chrono::NaiveDateTime {
    chrono::NaiveDateTime::parse_from_str(TEST_DAY, "%Y-%m-%dT%H:%M:%S").expect("TEST_DAY")
}

/// The application on a fresh database.
pub struct TestApp {
    /// The state the application runs with.
    pub state: AppState,
    /// The backend in use.
    pub backend: Backend,
    // Dropped after the state, so the pool closes before the database goes.
    _db: TestDb,
    _dir: TempDir,
}

impl TestApp {
    /// A new application on `backend`, or `None` when that backend is not available.
    pub async fn new(backend: Backend) -> Option<TestApp> {
        TestApp::configured(backend, |_| {}).await
    }

    /// As [`TestApp::new`], with `adjust` changing the configuration before it opens (a
    /// mail command, say).
    pub async fn configured(backend: Backend, adjust: impl FnOnce(&mut Config)) -> Option<TestApp> {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = TestDb::create(backend, &dir)?;
        let mut config = Config::with_data_dir(dir.path().to_path_buf());
        config.database_url = db.url.clone();
        config.pool_size = 4;
        // The tests' webhook receivers listen on 127.0.0.1; the refusal of private targets
        // (the default) has its own test.
        config.webhook_allow_private = true;
        adjust(&mut config);
        let state = AppState::open(config).await.expect("open the application");
        state.db.clock().set(test_day());
        Some(TestApp {
            state,
            backend,
            _db: db,
            _dir: dir,
        })
    }

    /// A new application on SQLite (always available).
    pub async fn sqlite() -> TestApp {
        TestApp::new(Backend::Sqlite)
            .await
            .expect("sqlite is always available")
    }
}

impl TestApp {
    /// Creates an organiser account directly (as `karlchen organizer add` does) and returns
    /// its id.
    pub fn add_organizer(&self, email: &str) -> i64 {
        api::services::organizers::add(&self.state.db, email, "Turnierleitung", PASSWORD)
            .expect("create organiser")
    }
}

/// The password of organisers made by [`TestApp::add_organizer`].
pub const PASSWORD: &str = "karlchen-test-password";

/// A request with a JSON body and an optional bearer token.
pub fn request(
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> actix_http::Request {
    let mut req = match method {
        "GET" => test::TestRequest::get(),
        "POST" => test::TestRequest::post(),
        "PUT" => test::TestRequest::put(),
        "PATCH" => test::TestRequest::patch(),
        "DELETE" => test::TestRequest::delete(),
        other => panic!("method {other}"),
    }
    .uri(path);
    if let Some(token) = token {
        req = req.insert_header(("Authorization", format!("Bearer {token}")));
    }
    if let Some(body) = body {
        req = req.set_json(body);
    }
    req.to_request()
}

/// A response read in full.
#[derive(Debug)]
pub struct Answer {
    /// The status.
    pub status: StatusCode,
    /// The `Content-Type`.
    pub content_type: String,
    /// The body as JSON (`Value::Null` if it is not JSON).
    pub json: Value,
    /// The body as text.
    pub text: String,
}

/// Sends `req` to an in-process application and reads the answer.
pub async fn call<S, B>(app: &S, req: actix_http::Request) -> Answer
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let response = test::call_service(app, req).await;
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let bytes = test::read_body(response).await;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    Answer {
        status,
        content_type,
        json: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        text,
    }
}

/// A JSON POST.
pub fn post(path: &str, body: &Value) -> actix_http::Request {
    test::TestRequest::post()
        .uri(path)
        .set_json(body)
        .to_request()
}

/// A GET.
pub fn get(path: &str) -> actix_http::Request {
    test::TestRequest::get().uri(path).to_request()
}

/// Runs a storage test on SQLite and on PostgreSQL: `backend_test!(name, |app| async { … })`
/// expands to `name::sqlite` and `name::postgres`.
#[macro_export]
macro_rules! backend_test {
    ($name:ident, |$app:ident| $body:block) => {
        mod $name {
            use super::*;

            #[actix_web::test]
            async fn sqlite() {
                let $app = $crate::TestApp::new($crate::Backend::Sqlite).await.unwrap();
                $body
            }

            #[actix_web::test]
            async fn postgres() {
                let Some($app) = $crate::TestApp::new($crate::Backend::Postgres).await else {
                    return;
                };
                $body
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::with_database;

    #[test]
    fn database_names_are_replaced() {
        assert_eq!(
            with_database("postgres://root@127.0.0.1:5432/test", "x"),
            "postgres://root@127.0.0.1:5432/x"
        );
        assert_eq!(
            with_database("postgres://u@h/db?sslmode=disable", "x"),
            "postgres://u@h/x?sslmode=disable"
        );
        assert_eq!(with_database("postgres://u@h", "x"), "postgres://u@h/x");
    }
}
