//! The tournament day's codes and links: join codes for a whole round (issued once, read
//! back, renewed without logging captains out), error answers that say what happened, and
//! the organiser's preview link to his unpublished pages.

use serde_json::{Value, json};
use service_tests::{PASSWORD, TestApp, backend_test};

use crate::fixtures::{
    App, Reply, call_json, captain_from_code, expect, normal, organizer, players, req, round, send,
    tournament,
};

/// A tournament of 12 players with round 1 at three tables of four.
struct Day {
    owner: String,
    tournament: i64,
    players: Vec<i64>,
    round: i64,
    tables: Vec<i64>,
}

impl Day {
    async fn new<S: App>(app: &TestApp, service: &S) -> Day {
        let owner = organizer(app, service, "leitung@example.org").await;
        let t = tournament(
            service,
            &owner,
            &json!({"name": "Herbstturnier", "date": "2026-11-28"}),
        )
        .await;
        let ids = players(service, &owner, t, 12).await;
        let r = round(
            service,
            &owner,
            t,
            &json!([ids[0..4], ids[4..8], ids[8..12]]),
        )
        .await;
        let tables = (0..3)
            .map(|i| r.json["tables"][i]["id"].as_i64().unwrap())
            .collect();
        Day {
            owner,
            tournament: t,
            players: ids,
            round: r.json["id"].as_i64().unwrap(),
            tables,
        }
    }

    fn codes_path(&self) -> String {
        format!("/api/v1/rounds/{}/join-codes", self.round)
    }

    async fn issue<S: App>(&self, service: &S, body: Option<&Value>) -> Reply {
        let reply = call_json(service, "POST", &self.codes_path(), Some(&self.owner), body).await;
        expect(&reply, 200, "issue the round's codes");
        reply
    }

    async fn read<S: App>(&self, service: &S) -> Value {
        let reply = call_json(service, "GET", &self.codes_path(), Some(&self.owner), None).await;
        expect(&reply, 200, "read the round's codes");
        reply.json
    }
}

async fn login<S: App>(service: &S, email: &str, password: &str) -> Reply {
    let body = json!({"email": email, "password": password});
    call_json(service, "POST", "/api/v1/auth/login", None, Some(&body)).await
}

/// The printed codes of a round's answer, in table order (`None` where a table has none).
fn codes(answer: &Value) -> Vec<Option<String>> {
    answer["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["code"].as_str().map(str::to_owned))
        .collect()
}

fn issued_now(answer: &Value) -> Vec<bool> {
    answer["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["issued_now"].as_bool().unwrap())
        .collect()
}

/// `answer` as a read shows it: the same codes, none marked as just issued.
fn as_read(answer: &Value) -> Value {
    let mut read = answer.clone();
    for table in read["tables"].as_array_mut().unwrap() {
        table["issued_now"] = json!(false);
    }
    read
}

backend_test!(a_round_gets_its_codes_once_and_reads_them_back, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let day = Day::new(&app, &service).await;
    // Before: every table listed, none with a code.
    let before = day.read(&service).await;
    assert_eq!(before["round_number"], 1);
    assert_eq!(codes(&before), [None, None, None]);
    assert_eq!(before["tables"][2]["table_number"], 3);
    assert_eq!(before["tables"][2]["table_id"], day.tables[2]);

    let first = day.issue(&service, None).await.json;
    assert_eq!(first["round_id"], day.round);
    assert_eq!(issued_now(&first), [true, true, true]);
    let printed: Vec<String> = codes(&first).into_iter().map(Option::unwrap).collect();
    for code in &printed {
        assert_eq!(code.len(), 9, "two groups of four: {code}");
        assert_eq!(&code[4..5], "-");
    }
    assert!(printed[0] != printed[1] && printed[1] != printed[2]);
    assert!(
        first["tables"][0]["issued_at"]
            .as_str()
            .unwrap()
            .ends_with('Z')
    );
    // Each code opens its own table.
    for (i, code) in printed.iter().enumerate() {
        let login = call_json(
            &service,
            "POST",
            "/api/v1/auth/captain",
            None,
            Some(&json!({ "code": code })),
        )
        .await;
        expect(&login, 200, code);
        assert_eq!(login.json["table_id"], day.tables[i]);
    }

    // Asked again (empty body, or renew false): every table keeps its code.
    let again = day.issue(&service, Some(&json!({}))).await.json;
    assert_eq!(again, as_read(&first));
    let explicit = day
        .issue(&service, Some(&json!({"renew": false})))
        .await
        .json;
    assert_eq!(explicit, as_read(&first));
    let null = day.issue(&service, Some(&Value::Null)).await.json;
    assert_eq!(null, as_read(&first), "a null body asks for the defaults");
    assert_eq!(day.read(&service).await, as_read(&first));
    // One table's code read alone, to print its card again.
    let one = call_json(
        &service,
        "GET",
        &format!("/api/v1/tables/{}/join-code", day.tables[1]),
        Some(&day.owner),
        None,
    )
    .await;
    expect(&one, 200, "one table's code");
    assert_eq!(one.json, as_read(&first)["tables"][1]);

    // Table 2's code revoked: it has none, and the next issue gives only table 2 a code.
    let revoked = call_json(
        &service,
        "DELETE",
        &format!("/api/v1/tables/{}/join-code", day.tables[1]),
        Some(&day.owner),
        None,
    )
    .await;
    expect(&revoked, 204, "revoke table 2");
    let gap = day.read(&service).await;
    assert_eq!(
        codes(&gap),
        [Some(printed[0].clone()), None, Some(printed[2].clone())]
    );
    assert!(gap["tables"][1].get("issued_at").is_none());
    let refill = day.issue(&service, None).await.json;
    assert_eq!(issued_now(&refill), [false, true, false]);
    let refilled = codes(&refill);
    assert_eq!(refilled[0].as_deref(), Some(printed[0].as_str()));
    assert_eq!(refilled[2].as_deref(), Some(printed[2].as_str()));
    assert!(refilled[1].as_deref().is_some_and(|c| c != printed[1]));

    // Renew: three new codes, and the old ones admit nobody new.
    let renewed = day
        .issue(&service, Some(&json!({"renew": true})))
        .await
        .json;
    assert_eq!(issued_now(&renewed), [true, true, true]);
    for (new, old) in codes(&renewed).iter().zip(&refilled) {
        assert_ne!(new, old);
    }
    for old in refilled.iter().flatten() {
        let login = call_json(
            &service,
            "POST",
            "/api/v1/auth/captain",
            None,
            Some(&json!({ "code": old })),
        )
        .await;
        expect(&login, 401, "a renewed table's old code");
    }
    assert_eq!(day.read(&service).await, as_read(&renewed));
    // Every issued code is in the audit log at its table: 3 + 1 + 3.
    let audit = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/audit", day.tournament),
        Some(&day.owner),
        None,
    )
    .await;
    expect(&audit, 200, "audit");
    let issued: Vec<i64> = audit
        .json
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "join_code.create")
        .map(|e| e["table_id"].as_i64().unwrap())
        .collect();
    assert_eq!(issued.len(), 7, "{}", audit.text);
    assert_eq!(issued.iter().filter(|&&t| t == day.tables[1]).count(), 3);
});

backend_test!(new_codes_keep_captains_who_joined, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let day = Day::new(&app, &service).await;
    let first = day.issue(&service, None).await.json;
    let old = codes(&first)[0].clone().unwrap();
    let cap = captain_from_code(&service, &old).await;
    let deals = format!("/api/v1/tables/{}/deals", day.tables[0]);
    let sheet = format!("/api/v1/tables/{}/sheet", day.tables[0]);
    let entered = call_json(&service, "POST", &deals, Some(&cap), Some(&normal([0, 2]))).await;
    expect(&entered, 201, "deal 1");

    // The organiser hands out new cards for the round, then one more for table 1 alone.
    let renewed = day
        .issue(&service, Some(&json!({"renew": true})))
        .await
        .json;
    let single = call_json(
        &service,
        "POST",
        &format!("/api/v1/tables/{}/join-code", day.tables[0]),
        Some(&day.owner),
        None,
    )
    .await;
    expect(&single, 201, "one table's new code");
    let newest = single.json["code"].as_str().unwrap().to_owned();
    assert_ne!(Some(newest.clone()), codes(&renewed)[0]);
    // The captain who joined with the first code still reads and writes.
    expect(
        &call_json(&service, "GET", &sheet, Some(&cap), None).await,
        200,
        "captain after the new codes",
    );
    let second = call_json(&service, "POST", &deals, Some(&cap), Some(&normal([1, 3]))).await;
    expect(&second, 201, "deal 2 by the captain who joined first");
    assert_eq!(second.json["deal"]["number"], 2);
    // Only the newest code admits a captain now; the round's renewed one is superseded too.
    for superseded in [old.clone(), codes(&renewed)[0].clone().unwrap()] {
        let login = call_json(
            &service,
            "POST",
            "/api/v1/auth/captain",
            None,
            Some(&json!({ "code": superseded })),
        )
        .await;
        expect(&login, 401, "superseded code");
    }
    let second_cap = captain_from_code(&service, &newest).await;
    let read = day.read(&service).await;
    assert_eq!(codes(&read)[0].as_deref(), Some(newest.as_str()));

    // Revoking logs every captain of the table out, whichever code he came with.
    let revoked = call_json(
        &service,
        "DELETE",
        &format!("/api/v1/tables/{}/join-code", day.tables[0]),
        Some(&day.owner),
        None,
    )
    .await;
    expect(&revoked, 204, "revoke");
    for token in [&cap, &second_cap] {
        let reply = call_json(&service, "GET", &sheet, Some(token), None).await;
        expect(&reply, 401, "revoked captain");
    }
    // The other tables' codes are untouched.
    assert_eq!(codes(&day.read(&service).await)[1..], codes(&renewed)[1..]);
});

backend_test!(round_codes_are_idempotent_and_serialised, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let day = Day::new(&app, &service).await;
    let path = day.codes_path();
    let renew = json!({"renew": true});
    let with_key = |key: &'static str, body: Value| {
        req(
            "POST",
            &path,
            Some(&day.owner),
            Some(&body),
            &[("Idempotency-Key", key)],
        )
    };
    let first = send(&service, with_key("karten-1", renew.clone())).await;
    expect(&first, 200, "first");
    // A retry (the answer was lost) gets the same codes and renews nothing.
    let retry = send(&service, with_key("karten-1", renew.clone())).await;
    expect(&retry, 200, "retry");
    assert_eq!(retry.text, first.text);
    assert_eq!(day.read(&service).await, as_read(&first.json));
    // The same key with another body is a client bug, and changes nothing.
    let reused = send(&service, with_key("karten-1", json!({"renew": false}))).await;
    expect(&reused, 422, "key reused");
    assert_eq!(reused.json["code"], "idempotency_key_reused");
    assert_eq!(day.read(&service).await, as_read(&first.json));

    // Two laptops asking at once for a fresh round's codes: each table is locked and
    // re-read under the lock, so both answers show the same codes, one a table.
    let r2 = round(
        &service,
        &day.owner,
        day.tournament,
        &json!([
            [
                day.players[0],
                day.players[4],
                day.players[8],
                day.players[1]
            ],
            [
                day.players[5],
                day.players[9],
                day.players[2],
                day.players[6]
            ],
            [
                day.players[10],
                day.players[3],
                day.players[7],
                day.players[11]
            ],
        ]),
    )
    .await;
    let r2_path = format!("/api/v1/rounds/{}/join-codes", r2.json["id"]);
    let (a, b) = tokio::join!(
        call_json(&service, "POST", &r2_path, Some(&day.owner), None),
        call_json(&service, "POST", &r2_path, Some(&day.owner), None),
    );
    expect(&a, 200, "first laptop");
    expect(&b, 200, "second laptop");
    assert_eq!(codes(&a.json), codes(&b.json), "{} / {}", a.text, b.text);
    let mut fresh = issued_now(&a.json);
    fresh.extend(issued_now(&b.json));
    assert_eq!(
        fresh.iter().filter(|&&f| f).count(),
        3,
        "three codes in all"
    );
    let stored = call_json(&service, "GET", &r2_path, Some(&day.owner), None).await;
    assert_eq!(codes(&stored.json), codes(&a.json));
});

backend_test!(only_the_owner_reaches_the_codes, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let day = Day::new(&app, &service).await;
    let first = day.issue(&service, None).await.json;
    let cap = captain_from_code(&service, codes(&first)[0].as_deref().unwrap()).await;
    let other = organizer(&app, &service, "fremd@example.org").await;
    // Codes open tables for writing: even a published tournament's stay with its owner.
    let published = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/tournaments/{}", day.tournament),
        Some(&day.owner),
        Some(&json!({"published": true})),
    )
    .await;
    expect(&published, 200, "publish");
    let table = format!("/api/v1/tables/{}/join-code", day.tables[0]);
    let renew = json!({"renew": true});
    for (method, path, body) in [
        ("GET", day.codes_path(), None),
        ("POST", day.codes_path(), Some(&renew)),
        ("GET", table.clone(), None),
    ] {
        for (who, token, status, code) in [
            ("anonymous", None, 401, "unauthenticated"),
            ("captain", Some(cap.as_str()), 403, "forbidden"),
            ("other organiser", Some(other.as_str()), 404, "not_found"),
        ] {
            let reply = call_json(&service, method, &path, token, body).await;
            expect(&reply, status, &format!("{who}: {method} {path}"));
            assert_eq!(reply.json["code"], code, "{who}: {method} {path}");
        }
    }
    for path in [
        "/api/v1/rounds/999999/join-codes",
        "/api/v1/tables/999999/join-code",
    ] {
        let reply = call_json(&service, "GET", path, Some(&day.owner), None).await;
        expect(&reply, 404, path);
    }
    let missing = call_json(
        &service,
        "POST",
        "/api/v1/rounds/999999/join-codes",
        Some(&day.owner),
        None,
    )
    .await;
    expect(&missing, 404, "unknown round");
    // Nothing was renewed by the refused requests.
    assert_eq!(day.read(&service).await, as_read(&first));
    let sheet = format!("/api/v1/tables/{}/sheet", day.tables[0]);
    expect(
        &call_json(&service, "GET", &sheet, Some(&cap), None).await,
        200,
        "captain still in",
    );
});

backend_test!(bad_issue_bodies_name_the_field_and_change_nothing, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let day = Day::new(&app, &service).await;
    for (body, field, code) in [
        (json!({"renew": "yes"}), "renew", "invalid_value"),
        (
            json!({"renew": true, "tables": [1]}),
            "tables",
            "unknown_field",
        ),
        (json!({"renew": null}), "renew", "invalid_value"),
    ] {
        let reply = call_json(
            &service,
            "POST",
            &day.codes_path(),
            Some(&day.owner),
            Some(&body),
        )
        .await;
        expect(&reply, 422, &body.to_string());
        assert_eq!(reply.json["code"], "invalid_body");
        assert_eq!(reply.fields(), [field], "{}", reply.text);
        assert_eq!(reply.json["errors"][0]["code"], code, "{}", reply.text);
    }
    let broken = send(
        &service,
        actix_web::test::TestRequest::post()
            .uri(&day.codes_path())
            .insert_header(("Authorization", format!("Bearer {}", day.owner)))
            .insert_header(("Content-Type", "application/json"))
            .set_payload("{\"renew\": ")
            .to_request(),
    )
    .await;
    expect(&broken, 400, "not JSON");
    assert_eq!(broken.json["code"], "malformed_body");
    assert_eq!(codes(&day.read(&service).await), [None, None, None]);
});

backend_test!(refusals_say_what_happened, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let day = Day::new(&app, &service).await;
    let first = day.issue(&service, None).await.json;
    let cap = captain_from_code(&service, codes(&first)[2].as_deref().unwrap()).await;
    let deals = format!("/api/v1/tables/{}/deals", day.tables[2]);
    for re in [[0, 2], [1, 3]] {
        let entered = call_json(&service, "POST", &deals, Some(&cap), Some(&normal(re))).await;
        expect(&entered, 201, "deal");
    }
    let numbered = |number: u64| {
        let mut body = normal([2, 3]);
        body["number"] = json!(number);
        body
    };
    // Two deals on the sheet: 7 skips ahead, 2 is there already.
    let skipped = call_json(&service, "POST", &deals, Some(&cap), Some(&numbered(7))).await;
    expect(&skipped, 409, "skip");
    assert_eq!(skipped.json["code"], "deal_number_skipped");
    assert_eq!(
        skipped.json["detail"],
        "deal 7 cannot be entered yet: the next deal is 3, and deals are entered in order"
    );
    assert_eq!(skipped.json["current"]["next"]["number"], 3);
    let taken = call_json(&service, "POST", &deals, Some(&cap), Some(&numbered(2))).await;
    expect(&taken, 409, "taken");
    assert_eq!(taken.json["code"], "deal_number_taken");
    assert_eq!(
        taken.json["detail"],
        "deal 2 has been entered already; the next deal is 3"
    );
    let zero = call_json(&service, "POST", &deals, Some(&cap), Some(&numbered(0))).await;
    expect(&zero, 422, "zero");
    assert_eq!(zero.fields(), ["number"]);
    assert_eq!(
        zero.json["errors"][0]["message"],
        "deals are numbered from 1; the next deal is 3"
    );
    let sheet = call_json(
        &service,
        "GET",
        &format!("/api/v1/tables/{}/sheet", day.tables[2]),
        Some(&cap),
        None,
    )
    .await;
    assert_eq!(
        sheet.json["deals"].as_array().unwrap().len(),
        2,
        "nothing stored"
    );
    let third = call_json(&service, "POST", &deals, Some(&cap), Some(&numbered(3))).await;
    expect(&third, 201, "the next number");

    // A wrong password or e-mail: its own code, not "a bearer token is required", and
    // the same answer for both.
    let wrong = login(&service, "leitung@example.org", "falsch-falsch").await;
    let unknown = login(&service, "niemand@example.org", PASSWORD).await;
    for reply in [&wrong, &unknown] {
        expect(reply, 401, "bad login");
        assert_eq!(reply.json["code"], "invalid_credentials");
        assert_eq!(reply.json["detail"], "the e-mail or password is wrong");
        assert_eq!(reply.header("www-authenticate"), "Bearer");
    }
    assert_eq!(wrong.text, unknown.text);
    // A bad token on an API call is still what it was.
    let bad = call_json(
        &service,
        "GET",
        &deals.replace("deals", "sheet"),
        Some("kaputt"),
        None,
    )
    .await;
    expect(&bad, 401, "bad token");
    assert_eq!(bad.json["code"], "unauthenticated");
});

/// An unpublished tournament of 8 players, 3 rounds planned, round 1 drawn with seed
/// "Vorschau-1" and a seating plan for the rest.
struct Draft {
    owner: String,
    owner_id: i64,
    id: i64,
    table: i64,
}

async fn draft<S: App>(app: &TestApp, service: &S) -> Draft {
    let owner_id = app.add_organizer("vorschau@example.org");
    let owner = login(service, "vorschau@example.org", PASSWORD).await;
    expect(&owner, 200, "login");
    let owner = owner.json["token"].as_str().unwrap().to_owned();
    let id = tournament(
        service,
        &owner,
        &json!({"name": "Vorschau-Cup", "date": "2026-12-12", "venue": "Clubheim", "rounds": 3}),
    )
    .await;
    players(service, &owner, id, 8).await;
    let drawn = call_json(
        service,
        "POST",
        &format!("/api/v1/tournaments/{id}/rounds"),
        Some(&owner),
        Some(&json!({"draw": {"method": "random", "seed": "Vorschau-1"}})),
    )
    .await;
    expect(&drawn, 201, "round 1");
    let plan = call_json(
        service,
        "PUT",
        &format!("/api/v1/tournaments/{id}/plan"),
        Some(&owner),
        Some(&json!({"seed": "Plan-Vorschau"})),
    )
    .await;
    expect(&plan, 200, "plan");
    Draft {
        owner,
        owner_id,
        id,
        table: drawn.json["tables"][0]["id"].as_i64().unwrap(),
    }
}

fn page(path: &str, token: Option<&str>) -> actix_http::Request {
    req("GET", path, token, None, &[])
}

const BANNER: &str = "Vorschau für die Turnierleitung";

/// The banner's words right before the time the link ends.
const BANNER_END: &str = "bitte nicht weitergeben; gültig bis";

/// Asserts that `reply` is a preview page: the banner, and kept out of search engines and
/// shared caches.
#[track_caller]
fn is_preview(reply: &Reply, what: &str) {
    expect(reply, 200, what);
    assert!(reply.text.contains(BANNER), "{what}: {}", reply.text);
    assert!(reply.text.contains("gültig bis "), "{what}");
    assert!(
        reply
            .text
            .contains("<meta name=\"robots\" content=\"noindex, nofollow\">"),
        "{what}"
    );
    assert_eq!(reply.header("x-robots-tag"), "noindex, nofollow", "{what}");
    assert_eq!(reply.header("cache-control"), "private, no-store", "{what}");
}

backend_test!(a_preview_link_shows_the_unpublished_pages, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let d = draft(&app, &service).await;
    let start = format!("/tournaments/{}", d.id);
    expect(
        &send(&service, page(&start, None)).await,
        404,
        "unpublished",
    );

    let link = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{}/preview-link", d.id),
        Some(&d.owner),
        None,
    )
    .await;
    expect(&link, 200, "preview link");
    assert_eq!(link.json["expires_in"], 12 * 3600);
    let expires_at = link.json["expires_at"].as_str().unwrap();
    assert!(
        expires_at.len() == 20 && expires_at.ends_with('Z'),
        "{expires_at}"
    );
    let url = link.json["url"].as_str().unwrap().to_owned();
    let token = url
        .strip_prefix(&format!("{start}?preview="))
        .unwrap_or_else(|| panic!("{url}"))
        .to_owned();
    let carried = format!("?preview={token}");

    let home = send(&service, page(&url, None)).await;
    is_preview(&home, "start page");
    assert!(home.text.contains("<h1>Vorschau-Cup</h1>"));
    // The banner says until when on the tournament's clock: Tokyo keeps UTC+9 all year.
    let moved = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/tournaments/{}", d.id),
        Some(&d.owner),
        Some(&json!({"time_zone": "Asia/Tokyo"})),
    )
    .await;
    expect(&moved, 200, "to Tokyo");
    let until =
        chrono::DateTime::parse_from_rfc3339(expires_at).unwrap() + chrono::TimeDelta::hours(9);
    let in_tokyo = send(&service, page(&url, None)).await;
    let banner = format!("{} {}.", BANNER_END, until.format("%d.%m.%Y %H:%M"));
    assert!(
        in_tokyo.text.contains(&banner),
        "{banner} in {}",
        in_tokyo.text
    );
    assert!(!in_tokyo.text.contains("UTC"));
    assert!(home.text.contains("8 Spieler · 3 Runden geplant"));
    let list = format!("{start}/rounds/1/list{carried}");
    let plan = format!("{start}/plan{carried}");
    assert!(
        home.text
            .contains(&format!("<a href=\"{list}\">Runde 1 – Tischliste</a>")),
        "{}",
        home.text
    );
    assert!(
        home.text
            .contains(&format!("<a href=\"{plan}\">Setzplan aller Runden</a>"))
    );

    // The links lead to the other pages, marked too, and back with the token.
    let back = format!("<a href=\"{start}{carried}\">");
    let listed = send(&service, page(&list, None)).await;
    is_preview(&listed, "table list");
    assert!(listed.text.contains("Vorschau-Cup – Tischliste Runde 1"));
    assert!(
        listed
            .text
            .contains("<span class=\"seed\">Vorschau-1</span>")
    );
    assert_eq!(listed.text.matches("4 Spieler · 24 Spiele").count(), 2);
    for i in 0..8 {
        assert!(listed.text.contains(&format!("Spieler {i}")), "player {i}");
    }
    assert!(listed.text.contains(&back), "back link on the list");
    let planned = send(&service, page(&plan, None)).await;
    is_preview(&planned, "plan");
    assert!(planned.text.contains("Vorschau-Cup – Setzplan"));
    assert!(
        planned
            .text
            .contains("<span class=\"seed\">Plan-Vorschau</span>")
    );
    assert!(planned.text.contains(&back), "back link on the plan");

    // The owner's own view (bearer) and, once published, everybody's: no banner, plain links.
    let own = send(&service, page(&start, Some(&d.owner))).await;
    expect(&own, 200, "owner");
    assert!(!own.text.contains(BANNER) && !own.text.contains("preview="));
    assert!(!own.text.contains("noindex"));
    assert_eq!(own.header("x-robots-tag"), "");
    let published = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/tournaments/{}", d.id),
        Some(&d.owner),
        Some(&json!({"published": true})),
    )
    .await;
    expect(&published, 200, "publish");
    let public = send(&service, page(&format!("{start}/rounds/1/list"), None)).await;
    expect(&public, 200, "public list");
    assert!(!public.text.contains(BANNER));
    is_preview(
        &send(&service, page(&list, None)).await,
        "preview after publishing",
    );
});

backend_test!(
    a_preview_link_opens_one_tournament_and_nothing_else,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let d = draft(&app, &service).await;
        let second = tournament(
            &service,
            &d.owner,
            &json!({"name": "Zweites Turnier", "date": "2026-12-13"}),
        )
        .await;
        let mint = |tournament: i64, at: i64| {
            let claims = api::auth::preview::PreviewClaims::new(d.owner_id, tournament, at);
            api::auth::preview::encode(&app.state.keys, &claims).unwrap()
        };
        let now = i64::try_from(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_secs(),
        )
        .unwrap();
        let good = mint(d.id, now);
        let start = format!("/tournaments/{}", d.id);
        is_preview(
            &send(&service, page(&format!("{start}?preview={good}"), None)).await,
            "a link minted through the same key",
        );
        let mut tampered = good.clone();
        let last = tampered.pop().unwrap();
        tampered.push(if last == 'A' { 'B' } else { 'A' });
        let not_found = [
            (
                format!("/tournaments/{second}?preview={good}"),
                "other tournament",
            ),
            (
                format!("/tournaments/{second}/plan?preview={good}"),
                "other tournament's plan",
            ),
            (
                format!("{start}?preview={}", mint(d.id, now - 13 * 3600)),
                "expired an hour ago",
            ),
            (format!("{start}?preview={tampered}"), "forged signature"),
            (format!("{start}?preview={}", d.owner), "an API token"),
            (format!("{start}?preview=kaputt"), "garbage"),
            (format!("{start}/rounds/1/list?preview="), "empty"),
        ];
        for (path, what) in &not_found {
            let reply = send(&service, page(path, None)).await;
            expect(&reply, 404, what);
            assert!(reply.text.contains("Nicht gefunden"), "{what}");
            assert!(!reply.text.contains(BANNER), "{what}");
        }
        // The same 404 as an unpublished tournament without any link.
        let plain = send(&service, page(&start, None)).await;
        assert_eq!(
            send(&service, page(&not_found[2].0, None)).await.text,
            plain.text
        );
        // A preview token is no API token, on the API or as a page's bearer.
        let api = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}", d.id),
            Some(&good),
            None,
        )
        .await;
        expect(&api, 401, "preview token on the API");
        assert_eq!(api.json["code"], "unauthenticated");
        expect(
            &send(&service, page(&start, Some(&good))).await,
            404,
            "as a bearer",
        );

        // Only the owner makes links.
        let code = call_json(
            &service,
            "POST",
            &format!("/api/v1/tables/{}/join-code", d.table),
            Some(&d.owner),
            None,
        )
        .await;
        let cap = captain_from_code(&service, code.json["code"].as_str().unwrap()).await;
        let other = organizer(&app, &service, "fremd@example.org").await;
        let link = format!("/api/v1/tournaments/{}/preview-link", d.id);
        for (who, token, status) in [
            ("anonymous", None, 401),
            ("captain", Some(cap.as_str()), 403),
            ("other organiser", Some(other.as_str()), 404),
            ("preview token", Some(good.as_str()), 401),
        ] {
            let reply = call_json(&service, "POST", &link, token, None).await;
            expect(&reply, status, who);
            assert!(reply.json.get("url").is_none(), "{who}");
        }
        let unknown = call_json(
            &service,
            "POST",
            "/api/v1/tournaments/999999/preview-link",
            Some(&d.owner),
            None,
        )
        .await;
        expect(&unknown, 404, "unknown tournament");
    }
);
