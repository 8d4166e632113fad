//! Health endpoints, on both databases: readiness really asks the database.

use actix_web::http::StatusCode;
use service_tests::{backend_test, call, get};

backend_test!(ready_reports_the_backend, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let answer = call(&service, get("/health/ready")).await;
    assert_eq!(answer.status, StatusCode::OK);
    let expected = match app.backend {
        service_tests::Backend::Sqlite => "sqlite",
        service_tests::Backend::Postgres => "postgres",
    };
    assert_eq!(answer.json["database"], expected);
    let live = call(&service, get("/health/live")).await;
    assert_eq!(
        (live.status, live.json["status"].as_str()),
        (StatusCode::OK, Some("ok"))
    );
});

backend_test!(ready_fails_while_the_schema_is_unusable, |app| {
    use diesel::RunQueryDsl;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let rename = |from: &'static str, to: &'static str| {
        app.state.db.run(move |conn| {
            Ok(diesel::sql_query(format!("ALTER TABLE {from} RENAME TO {to}")).execute(conn)?)
        })
    };
    // A server that answers but whose tables are gone is not ready: `SELECT 1` would say it is.
    rename("tournaments", "tournaments_away").await.unwrap();
    let broken = call(&service, get("/health/ready")).await;
    assert_eq!(broken.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(broken.json["code"], "unavailable");
    rename("tournaments_away", "tournaments").await.unwrap();
    let mended = call(&service, get("/health/ready")).await;
    assert_eq!(mended.status, StatusCode::OK);
});

backend_test!(migrations_are_applied_once, |app| {
    // Opening the same database again finds nothing left to migrate.
    let url = app.state.config.database_url.clone();
    let applied = actix_web::web::block(move || {
        let db = api::db::Database::open(&url, 1).unwrap();
        drop(db);
        let mut conn = <api::db::DbConn as diesel::Connection>::establish(&url).unwrap();
        api::db::migrate::run_pending(&mut conn).unwrap()
    })
    .await
    .unwrap();
    assert_eq!(applied, 0);
});

#[actix_web::test]
async fn the_signing_key_is_created_once_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let config = api::Config::with_data_dir(dir.path().to_path_buf());
    let first = api::AppState::open(config.clone()).await.unwrap();
    let key_file = dir.path().join(api::keys::KEY_FILE);
    let bytes = std::fs::read(&key_file).unwrap();
    assert_eq!(bytes.len(), 64);
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        std::fs::metadata(&key_file).unwrap().permissions().mode() & 0o777,
        0o600
    );
    drop(first);
    api::AppState::open(config).await.unwrap();
    assert_eq!(
        std::fs::read(&key_file).unwrap(),
        bytes,
        "a restart keeps the key"
    );
    assert!(
        dir.path().join("karlchen.db").is_file(),
        "the SQLite file lives in the data folder"
    );
}

#[test]
fn database_urls_choose_the_backend_by_scheme() {
    use api::db::Backend;
    assert_eq!(
        Backend::from_url("postgres://u@h/db").unwrap(),
        Backend::Postgres
    );
    assert_eq!(
        Backend::from_url("postgresql://u@h/db").unwrap(),
        Backend::Postgres
    );
    assert_eq!(
        Backend::from_url("sqlite://data/k.db").unwrap(),
        Backend::Sqlite
    );
    // A typo must not silently create an empty SQLite file.
    let err = Backend::from_url("postgress://u@h/db").unwrap_err();
    assert!(err.to_string().contains("DATABASE_URL"), "{err}");
    assert!(Backend::from_url("mysql://u@h/db").is_err());
}

/// A mistyped `DATABASE_URL` stops the service with a message that names the variable and
/// never its password, in every command that reads it.
#[test]
fn a_mistyped_database_url_is_reported_without_its_password() {
    let dir = tempfile::tempdir().unwrap();
    for url in [
        "postgress://karl:Geheim-4711@db.local/doko",
        "karl:Geheim-4711@db.local/doko",
    ] {
        for args in [&["serve"][..], &["migrate"][..], &["backup", "copy.db"][..]] {
            let out = std::process::Command::new(crate::crash::karlchen())
                .args(args)
                .env("KARLCHEN_DATA_DIR", dir.path())
                .env("DATABASE_URL", url)
                .env("KARLCHEN_BIND", "127.0.0.1:0")
                .stdin(std::process::Stdio::null())
                .output()
                .unwrap();
            let said = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(!out.status.success(), "{args:?} with {url}: {said}");
            assert!(said.contains("DATABASE_URL"), "{args:?}: {said}");
            assert!(
                !said.contains("Geheim-4711"),
                "{args:?} shows the password: {said}"
            );
        }
    }
}
