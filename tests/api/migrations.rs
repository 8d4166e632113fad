//! The two migration trees stay in step, and every migration can be undone and redone on
//! both backends (so a bad release can be rolled back).

use diesel::Connection;
use diesel_migrations::MigrationHarness;
use service_tests::backend_test;

fn versions(tree: &str) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../migrations")
        .join(tree);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn both_trees_have_the_same_versions() {
    let sqlite = versions("sqlite");
    assert!(!sqlite.is_empty());
    assert_eq!(sqlite, versions("postgres"));
}

backend_test!(migrations_go_down_and_up_again, |app| {
    let url = app.state.config.database_url.clone();
    actix_web::web::block(move || {
        let mut conn = api::db::DbConn::establish(&url).unwrap();
        let revert_all = |conn: &mut api::db::DbConn| match conn {
            api::db::DbConn::Pg(c) => c
                .revert_all_migrations(api::db::migrate::POSTGRES)
                .map(|v| v.len()),
            api::db::DbConn::Sqlite(c) => c
                .revert_all_migrations(api::db::migrate::SQLITE)
                .map(|v| v.len()),
        };
        let reverted = revert_all(&mut conn).unwrap();
        assert_eq!(reverted, versions("sqlite").len());
        let applied = api::db::migrate::run_pending(&mut conn).unwrap();
        assert_eq!(applied, reverted);
    })
    .await
    .unwrap();
    // The service still works on the re-created schema.
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let id = app.add_organizer("again@example.org");
    assert!(id > 0);
    let ready = service_tests::call(&service, service_tests::get("/health/ready")).await;
    assert_eq!(ready.status, 200);
});
