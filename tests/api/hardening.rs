//! Hardening for a service on the internet: log-in and join-code guessing is rate limited,
//! every answer carries the security headers, the standings CSV holds no formulas, the
//! data folder is private, and instances sharing `KARLCHEN_SECRET` accept each other's
//! tokens.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::sync::Arc;

use actix_web::test::{self, TestRequest};
use api::auth::limits::AuthLimits;
use api::{AppState, Config};
use serde_json::{Value, json};
use service_tests::{PASSWORD, TestApp};

use crate::fixtures::{
    App, Reply, Step, Table, call_json, expect, organizer, req, round, send, tournament,
};

/// A JSON POST from the client address `ip`.
fn post_from(ip: &str, path: &str, body: &Value) -> actix_http::Request {
    TestRequest::post()
        .uri(path)
        .peer_addr(format!("{ip}:50000").parse().unwrap())
        .set_json(body)
        .to_request()
}

/// `app` with the log-in limits `per_key` and `per_address` (attempts per minute), set
/// through the configuration as `KARLCHEN_AUTH_LIMIT_*` would.
fn with_limits(app: &mut TestApp, per_key: u32, per_address: u32) {
    app.state.auth_limits = limits(&app.state, per_key, per_address);
}

/// New limits in memory for `state`'s service, as [`with_limits`] sets them.
fn limits(state: &AppState, per_key: u32, per_address: u32) -> Arc<AuthLimits> {
    let mut config = (*state.config).clone();
    config.auth_limit_per_key = per_key;
    config.auth_limit_per_address = per_address;
    Arc::new(AuthLimits::new(&config))
}

/// The live join code of `t`'s table.
async fn join_code<S: App>(service: &S, t: &Table) -> String {
    let code = call_json(service, "GET", &t.path("join-code"), Some(&t.org), None).await;
    expect(&code, 200, "join code");
    code.json["code"].as_str().unwrap().to_owned()
}

/// Checks a 429 answer: problem+json, code `rate_limited`, a `Retry-After` in seconds.
#[track_caller]
fn assert_limited(reply: &Reply, what: &str) {
    expect(reply, 429, what);
    assert_eq!(reply.json["code"], "rate_limited", "{what}: {}", reply.text);
    assert_eq!(reply.header("content-type"), "application/problem+json");
    let retry: u64 = reply.header("retry-after").parse().unwrap_or(0);
    assert!((1..=60).contains(&retry), "{what}: Retry-After {retry:?}");
}

#[actix_web::test]
async fn password_guessing_slows_the_guesser_and_never_locks_the_owner_out() {
    let mut app = TestApp::sqlite().await;
    with_limits(&mut app, 3, 1000);
    app.add_organizer("victim@example.org");
    app.add_organizer("other@example.org");
    let service = test::init_service(api::app::build(app.state.clone())).await;
    let guess = json!({"email": "Victim@Example.org ", "password": "wrong password"});
    for _ in 0..3 {
        let reply = send(
            &service,
            post_from("192.0.2.66", "/api/v1/auth/login", &guess),
        )
        .await;
        expect(&reply, 401, "a wrong password within the limit");
    }
    let right = json!({"email": "victim@example.org", "password": PASSWORD});
    let reply = send(
        &service,
        post_from("192.0.2.66", "/api/v1/auth/login", &right),
    )
    .await;
    assert_limited(
        &reply,
        "the guesser's address waits, even with the right password",
    );
    // The owner, from anywhere else, signs in as ever: a stranger cannot lock him out.
    for owner in ["192.0.2.99", "198.51.100.4", "[2001:db8::7]"] {
        let reply = send(&service, post_from(owner, "/api/v1/auth/login", &right)).await;
        expect(&reply, 200, &format!("the owner from {owner}"));
    }
    let reply = send(
        &service,
        post_from(
            "192.0.2.66",
            "/api/v1/auth/login",
            &json!({"email": "other@example.org", "password": PASSWORD}),
        ),
    )
    .await;
    expect(
        &reply,
        200,
        "another account logs in from the guesser's address",
    );
}

/// Guesses spread over two instances on one PostgreSQL database count together: each
/// instance's memory saw only some of them, the database all.
#[actix_web::test]
async fn guesses_spread_over_two_instances_count_together_on_postgres() {
    let Some(mut app) = TestApp::new(service_tests::Backend::Postgres).await else {
        return;
    };
    with_limits(&mut app, 3, 1000);
    app.add_organizer("victim@example.org");
    // The second instance: the same limits, counted in memory of its own.
    let mut second = app.state.clone();
    second.auth_limits = limits(&app.state, 3, 1000);
    let a = test::init_service(api::app::build(app.state.clone())).await;
    let b = test::init_service(api::app::build(second)).await;
    let login = "/api/v1/auth/login";
    let guess = json!({"email": "victim@example.org", "password": "wrong password"});
    for (i, ip) in ["192.0.2.66"; 3].iter().enumerate() {
        let reply = if i % 2 == 0 {
            send(&a, post_from(ip, login, &guess)).await
        } else {
            send(&b, post_from(ip, login, &guess)).await
        };
        expect(&reply, 401, "a wrong password within the limit");
    }
    // B has seen one guess and A two: the database has seen three.
    assert_limited(
        &send(&b, post_from("192.0.2.66", login, &guess)).await,
        "the fourth guess, at the instance that saw one",
    );
    assert_limited(
        &send(&a, post_from("192.0.2.66", login, &guess)).await,
        "and at the other",
    );
    let right = json!({"email": "victim@example.org", "password": PASSWORD});
    expect(
        &send(&b, post_from("192.0.2.99", login, &right)).await,
        200,
        "the owner from elsewhere",
    );

    // A join code tried at both instances from different addresses.
    let t = Table::new(&app, &a, 4).await;
    let code = join_code(&a, &t).await;
    let wrong = json!({"code": "ZZZZ-0000"});
    for i in 0..3 {
        let service_reply = if i % 2 == 0 {
            send(
                &a,
                post_from(&format!("198.51.100.{i}"), "/api/v1/auth/captain", &wrong),
            )
            .await
        } else {
            send(
                &b,
                post_from(&format!("198.51.100.{i}"), "/api/v1/auth/captain", &wrong),
            )
            .await
        };
        expect(&service_reply, 401, "an unknown code within the limit");
    }
    assert_limited(
        &send(
            &b,
            post_from("198.51.100.9", "/api/v1/auth/captain", &wrong),
        )
        .await,
        "the fourth try of one code over both instances",
    );
    let right = json!({"code": code});
    expect(
        &send(
            &b,
            post_from("198.51.100.10", "/api/v1/auth/captain", &right),
        )
        .await,
        200,
        "the right code",
    );

    // The database holds digests, not the e-mail, address or code.
    let mut conn = app.state.db.connection().unwrap();
    let keys: Vec<String> = {
        use diesel::prelude::*;
        api::db::schema::rate_limits::table
            .select(api::db::schema::rate_limits::key)
            .load(&mut **conn)
            .unwrap()
    };
    assert!(keys.len() >= 4, "{keys:?}");
    assert!(
        keys.iter()
            .all(|k| k.len() == 64 && k.bytes().all(|b| b.is_ascii_hexdigit())),
        "{keys:?}"
    );
}

#[actix_web::test]
async fn join_code_guessing_is_limited_per_code_and_per_address() {
    let mut app = TestApp::sqlite().await;
    with_limits(&mut app, 3, 5);
    let service = test::init_service(api::app::build(app.state.clone())).await;
    let code = join_code(&service, &Table::new(&app, &service, 4).await).await;

    // One code tried from three addresses, then the fourth try is refused.
    let wrong = json!({"code": "ZZZZ-0000"});
    for i in 0..3 {
        let reply = send(
            &service,
            post_from(&format!("198.51.100.{i}"), "/api/v1/auth/captain", &wrong),
        )
        .await;
        expect(&reply, 401, "an unknown code within the limit");
    }
    let reply = send(
        &service,
        post_from(
            "198.51.100.50",
            "/api/v1/auth/captain",
            &json!({"code": "zzzz0000"}),
        ),
    )
    .await;
    assert_limited(&reply, "the same code, however typed");

    // Many codes from one address: its budget (five minutes' worth, 25 here) stops the
    // guesser there.
    for i in 0..25 {
        let reply = send(
            &service,
            post_from(
                "203.0.113.9",
                "/api/v1/auth/captain",
                &json!({"code": format!("AAAA{i:04}")}),
            ),
        )
        .await;
        expect(&reply, 401, "a guess within the address limit");
    }
    let reply = send(
        &service,
        post_from(
            "203.0.113.9",
            "/api/v1/auth/captain",
            &json!({"code": "AAAA9999"}),
        ),
    )
    .await;
    assert_limited(&reply, "the guessing address");
    // The real captain at another address still gets in.
    let reply = send(
        &service,
        post_from(
            "203.0.113.10",
            "/api/v1/auth/captain",
            &json!({ "code": code }),
        ),
    )
    .await;
    expect(&reply, 200, "the captain elsewhere");
}

#[actix_web::test]
async fn a_club_hall_of_forty_captains_joins_from_one_address_with_the_defaults() {
    let app = TestApp::sqlite().await;
    assert_eq!(app.state.config.auth_limit_per_key, 10);
    assert_eq!(app.state.config.auth_limit_per_address, 120);
    let service = test::init_service(api::app::build(app.state.clone())).await;
    let code = join_code(&service, &Table::new(&app, &service, 4).await).await;
    // 150 wrong codes from the hall's Wi-Fi address (captains mistyping, a child
    // playing with a phone): none is refused for the address, and the right code from
    // the same address still opens the table.
    for i in 0..150 {
        let reply = send(
            &service,
            post_from(
                "192.0.2.1",
                "/api/v1/auth/captain",
                &json!({"code": format!("HALL{i:04}")}),
            ),
        )
        .await;
        expect(&reply, 401, "a wrong code in the hall is not rate limited");
    }
    let reply = send(
        &service,
        post_from(
            "192.0.2.1",
            "/api/v1/auth/captain",
            &json!({ "code": code }),
        ),
    )
    .await;
    expect(
        &reply,
        200,
        "the right code after 150 wrong ones from one address",
    );
}

/// Checks the headers every answer carries, and returns the CSP. Pages name only their own
/// origin to the service (`same-origin`: the captain's forms are checked against it);
/// everything else sends no referrer at all.
#[track_caller]
fn assert_common_headers(reply: &Reply, what: &str) -> String {
    assert_eq!(reply.header("x-content-type-options"), "nosniff", "{what}");
    assert_eq!(reply.header("x-frame-options"), "DENY", "{what}");
    let page = reply.header("content-type").starts_with("text/html") && what != "swagger ui";
    let referrer = if page { "same-origin" } else { "no-referrer" };
    assert_eq!(reply.header("referrer-policy"), referrer, "{what}");
    let csp = reply.header("content-security-policy").to_owned();
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
    csp
}

#[actix_web::test]
async fn every_answer_carries_the_security_headers() {
    let app = TestApp::sqlite().await;
    let service = test::init_service(api::app::build(app.state.clone())).await;

    let live = call_json(&service, "GET", "/health/live", None, None).await;
    expect(&live, 200, "health");
    assert_eq!(assert_common_headers(&live, "JSON"), api::app::API_CSP);

    let problem = call_json(&service, "GET", "/api/v1/tournaments", None, None).await;
    expect(&problem, 401, "a problem");
    assert_eq!(
        assert_common_headers(&problem, "problem"),
        api::app::API_CSP
    );

    let unknown = call_json(&service, "GET", "/no/such/route", None, None).await;
    expect(&unknown, 404, "unknown route");
    assert_common_headers(&unknown, "unknown route");

    // An HTML page (the 404 page of an unknown tournament) gets the page policy: only the
    // service's own scripts and styles.
    let page = call_json(&service, "GET", "/tournaments/999999", None, None).await;
    expect(&page, 404, "page");
    assert!(page.header("content-type").starts_with("text/html"));
    let csp = assert_common_headers(&page, "page");
    for directive in [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "object-src 'none'",
    ] {
        assert!(csp.contains(directive), "{directive} in {csp}");
    }
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    // Its stylesheet is the service's own, so the policy lets the page use it.
    assert!(
        page.text
            .contains(r#"<link rel="stylesheet" href="/assets/karlchen.css">"#),
        "{}",
        page.text
    );
    assert!(!page.text.contains("<style"), "no inline style");
    let css = call_json(&service, "GET", "/assets/karlchen.css", None, None).await;
    expect(&css, 200, "stylesheet");
    assert!(css.header("content-type").starts_with("text/css"));
    assert!(css.text.contains("@media print"));
    assert_common_headers(&css, "stylesheet");

    let docs = call_json(&service, "GET", "/api/docs/", None, None).await;
    expect(&docs, 200, "swagger ui");
    // Swagger UI has a policy of its own: its bundle sets an inline style at run time.
    let docs_csp = assert_common_headers(&docs, "swagger ui");
    assert_eq!(docs_csp, api::app::DOCS_CSP);
    assert!(docs_csp.contains("script-src 'self';"), "{docs_csp}");
    assert!(
        !docs.text.contains("<script>"),
        "Swagger UI must need no inline script"
    );
}

#[actix_web::test]
async fn standings_csv_neutralises_formulas_but_keeps_negative_scores_numbers() {
    let app = TestApp::sqlite().await;
    let service = test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let t = tournament(
        &service,
        &org,
        &json!({"name": "Karlchen-Cup", "date": "2026-12-05"}),
    )
    .await;
    let mut players = Vec::new();
    for (name, club) in [
        ("=HYPERLINK(\"x\")", Some("@Doko Club")),
        ("-Meier", None),
        ("Anna", Some("+49 Club")),
        ("Bernd", Some("DK Köln")),
    ] {
        let p = call_json(
            &service,
            "POST",
            &format!("/api/v1/tournaments/{t}/players"),
            Some(&org),
            Some(&json!({"name": name, "club": club})),
        )
        .await;
        expect(&p, 201, "create player");
        players.push(p.json["id"].as_i64().unwrap());
    }
    let r = round(&service, &org, t, &json!([players])).await;
    let table_id = r.json["tables"][0]["id"].as_i64().unwrap();
    let captain = crate::fixtures::captain(&service, &org, table_id).await;
    let table = Table {
        org: org.clone(),
        tournament: t,
        players,
        round: r.json["id"].as_i64().unwrap(),
        table: table_id,
        captain,
    };
    // Seats 1 and 2 win a normal game: +1 each, the other two -1.
    table.fill(&service, &[Step::Normal]).await;

    let answer = send(
        &service,
        req(
            "GET",
            &format!("/api/v1/tournaments/{t}/standings"),
            Some(&org),
            None,
            &[("Accept", "text/csv")],
        ),
    )
    .await;
    expect(&answer, 200, "standings csv");
    assert!(answer.header("content-type").starts_with("text/csv"));
    assert_common_headers(&answer, "csv");
    let csv = &answer.text;
    // The formula is text now (the CSV quotes the cell because of its quotes).
    assert!(
        csv.contains(r#""'=HYPERLINK(""x"")",'@Doko Club,"#),
        "{csv}"
    );
    assert!(csv.contains(",'-Meier,,"), "{csv}");
    assert!(csv.contains(",Anna,'+49 Club,"), "{csv}");
    assert!(csv.contains(",Bernd,DK Köln,"), "{csv}");
    // Totals and round scores of the losers stay plain negative numbers.
    let negatives: Vec<&str> = csv
        .lines()
        .skip(1)
        .filter(|line| line.contains(",-1,-1,"))
        .collect();
    assert_eq!(
        negatives.len(),
        2,
        "two losers with total -1 and round -1: {csv}"
    );
    assert!(!csv.contains("'-1"), "{csv}");
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[actix_web::test]
async fn the_data_folder_and_the_database_are_private() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("fresh").join("data");
    let state = AppState::open(Config::with_data_dir(data.clone()))
        .await
        .unwrap();
    let service = test::init_service(api::app::build(state.clone())).await;
    // A write, so that SQLite has its WAL and shared-memory files.
    let org = organizer_on(&state, &service, "leitung@example.org").await;
    assert!(!org.is_empty());
    assert_eq!(mode(&data), 0o700, "data folder");
    assert_eq!(mode(&data.join("karlchen.db")), 0o600, "database");
    assert_eq!(mode(&data.join(api::keys::KEY_FILE)), 0o600, "signing key");
    for extra in ["karlchen.db-wal", "karlchen.db-shm"] {
        let path = data.join(extra);
        assert!(path.exists(), "{extra} exists in WAL mode");
        assert_eq!(mode(&path), 0o600, "{extra}");
    }
    drop(service);
    drop(state);

    // A folder and database left open by an older version are tightened at the next start.
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o755)).unwrap();
    for file in ["karlchen.db", "karlchen.db-wal", "karlchen.db-shm"] {
        let path = data.join(file);
        if path.exists() {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        }
    }
    let _state = AppState::open(Config::with_data_dir(data.clone()))
        .await
        .unwrap();
    assert_eq!(mode(&data), 0o700, "data folder tightened");
    assert_eq!(mode(&data.join("karlchen.db")), 0o600, "database tightened");
}

/// Adds an organiser to `state`'s database and logs him in.
async fn organizer_on<S: App>(state: &AppState, service: &S, email: &str) -> String {
    api::services::organizers::add(&state.db, email, "Turnierleitung", PASSWORD).unwrap();
    let login = call_json(
        service,
        "POST",
        "/api/v1/auth/login",
        None,
        Some(&json!({"email": email, "password": PASSWORD})),
    )
    .await;
    expect(&login, 200, "login");
    login.json["token"].as_str().unwrap().to_owned()
}

#[actix_web::test]
async fn instances_sharing_a_secret_accept_each_others_tokens() {
    let secret =
        api::keys::Secret::new(b"a shared secret of at least 32 bytes!".to_vec(), "test").unwrap();
    // The instances share one database (as several instances share one PostgreSQL
    // database: the sessions tokens name are stored there), each with a data folder of its
    // own; the two that share the secret have no key file.
    let database = tempfile::tempdir().unwrap();
    let url = Config::sqlite_url_in(database.path());
    let mut states = Vec::new();
    let mut dirs = Vec::new();
    for shared in [true, true, false] {
        let dir = tempfile::tempdir().unwrap();
        let mut config = Config::with_data_dir(dir.path().join("data"));
        config.database_url = url.clone();
        config.secret = shared.then(|| secret.clone());
        let state = AppState::open(config).await.unwrap();
        if states.is_empty() {
            api::services::organizers::add(&state.db, "leitung@example.org", "TL", PASSWORD)
                .unwrap();
        }
        assert_eq!(
            dir.path().join("data").join(api::keys::KEY_FILE).exists(),
            !shared,
            "a key file only without a shared secret"
        );
        states.push(state);
        dirs.push(dir);
    }
    let one = test::init_service(api::app::build(states[0].clone())).await;
    let two = test::init_service(api::app::build(states[1].clone())).await;
    let own_key = test::init_service(api::app::build(states[2].clone())).await;
    let login = call_json(
        &one,
        "POST",
        "/api/v1/auth/login",
        None,
        Some(&json!({"email": "leitung@example.org", "password": PASSWORD})),
    )
    .await;
    expect(&login, 200, "login on instance one");
    let token = login.json["token"].as_str().unwrap();
    let list = call_json(&two, "GET", "/api/v1/tournaments", Some(token), None).await;
    expect(&list, 200, "instance two accepts instance one's token");
    let list = call_json(&own_key, "GET", "/api/v1/tournaments", Some(token), None).await;
    expect(&list, 401, "an instance with its own key does not");
}

/// With PostgreSQL and no secret, the signing key is kept in the database: a second
/// instance on it, and the same instance restarted without its data folder (a container
/// without a volume), accept the tokens the first signed; no key file is written.
#[actix_web::test]
async fn on_postgres_without_a_secret_the_key_lives_in_the_database() {
    let Some(app) = TestApp::new(service_tests::Backend::Postgres).await else {
        return;
    };
    assert!(
        !app.state.config.data_dir.join(api::keys::KEY_FILE).exists(),
        "no key file beside a PostgreSQL database"
    );
    let one = test::init_service(api::app::build(app.state.clone())).await;
    let token = organizer_on(&app.state, &one, "leitung@example.org").await;
    for (what, stray_key) in [
        ("another instance", false),
        ("a restart without the volume", true),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let data_dir = dir.path().join("data");
        if stray_key {
            // A key file of its own in the new folder does not win over the database's.
            std::fs::create_dir_all(&data_dir).unwrap();
            std::fs::write(data_dir.join(api::keys::KEY_FILE), [7u8; 64]).unwrap();
        }
        let mut config = Config::with_data_dir(data_dir);
        config.database_url = app.state.config.database_url.clone();
        let state = AppState::open(config).await.unwrap();
        let other = test::init_service(api::app::build(state)).await;
        let list = call_json(&other, "GET", "/api/v1/tournaments", Some(&token), None).await;
        expect(&list, 200, what);
    }
}
