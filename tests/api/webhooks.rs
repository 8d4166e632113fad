//! Webhooks: registered per tournament by its organisers, enqueued in the transaction of
//! the change that causes them, delivered signed to a local receiver, retried after the
//! backoff (the app's clock moved, not waited for), kept across a restart, on both
//! databases.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use actix_web::http::StatusCode;
use actix_web::{App as ActixApp, HttpRequest, HttpResponse, HttpServer, web};
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{App, Step, Table, call_json, expect, normal, organizer, req, send};

/// One request the receiver got.
#[derive(Debug, Clone)]
pub(crate) struct Got {
    pub(crate) event: String,
    pub(crate) delivery: String,
    pub(crate) signature: String,
    pub(crate) content_type: String,
    pub(crate) body: String,
}

/// A local HTTP receiver that records what it is sent and answers the statuses queued in
/// `answers`, then 200.
#[derive(Clone, Default)]
pub(crate) struct Receiver {
    got: Arc<Mutex<Vec<Got>>>,
    answers: Arc<Mutex<VecDeque<u16>>>,
}

impl Receiver {
    /// Starts one on 127.0.0.1 and returns it with its URL.
    pub(crate) async fn start() -> (Receiver, String) {
        let receiver = Receiver::default();
        let shared = receiver.clone();
        let server = HttpServer::new(move || {
            let shared = shared.clone();
            ActixApp::new().default_service(web::to(move |req: HttpRequest, body: web::Bytes| {
                let shared = shared.clone();
                async move {
                    let header = |name: &str| {
                        req.headers()
                            .get(name)
                            .and_then(|v| v.to_str().ok())
                            .unwrap_or_default()
                            .to_owned()
                    };
                    shared.got.lock().unwrap().push(Got {
                        event: header("X-Karlchen-Event"),
                        delivery: header("X-Karlchen-Delivery"),
                        signature: header("X-Karlchen-Signature"),
                        content_type: header("Content-Type"),
                        body: String::from_utf8_lossy(&body).into_owned(),
                    });
                    let status = shared.answers.lock().unwrap().pop_front().unwrap_or(200);
                    HttpResponse::build(StatusCode::from_u16(status).unwrap()).finish()
                }
            }))
        })
        .workers(1)
        .disable_signals()
        .bind("127.0.0.1:0")
        .unwrap();
        let address = server.addrs()[0];
        actix_web::rt::spawn(server.run());
        (receiver, format!("http://{address}/hook"))
    }

    pub(crate) fn got(&self) -> Vec<Got> {
        self.got.lock().unwrap().clone()
    }

    fn answer(&self, statuses: &[u16]) {
        self.answers.lock().unwrap().extend(statuses);
    }
}

/// `sha256=<hex HMAC-SHA256 of body keyed with secret>`, computed here as a receiver would.
pub(crate) fn signed(secret: &str, body: &str) -> String {
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(body.as_bytes());
    let hex: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("sha256={hex}")
}

/// Registers a hook on the table's tournament; returns its id and secret.
pub(crate) async fn hook<S: App>(
    service: &S,
    t: &Table,
    url: &str,
    events: &[&str],
) -> (i64, String) {
    let created = call_json(
        service,
        "POST",
        &format!("/api/v1/tournaments/{}/webhooks", t.tournament),
        Some(&t.org),
        Some(&json!({"url": url, "events": events})),
    )
    .await;
    expect(&created, 201, "register a hook");
    (
        created.json["id"].as_i64().unwrap(),
        created.json["secret"].as_str().unwrap().to_owned(),
    )
}

/// The hook's deliveries, newest first.
async fn deliveries<S: App>(service: &S, t: &Table, hook: i64) -> Vec<Value> {
    let listed = call_json(
        service,
        "GET",
        &format!(
            "/api/v1/tournaments/{}/webhooks/{hook}/deliveries",
            t.tournament
        ),
        Some(&t.org),
        None,
    )
    .await;
    expect(&listed, 200, "deliveries");
    listed.json.as_array().unwrap().clone()
}

pub(crate) async fn deliver(app: &api::AppState) -> usize {
    api::services::webhooks::deliver_due(app).await.unwrap()
}

backend_test!(an_entered_deal_is_delivered_signed, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let (receiver, url) = Receiver::start().await;
    let (hook_id, secret) = hook(
        &service,
        &t,
        &url,
        &["standings.changed", "deal.created", "deal.created"],
    )
    .await;
    assert!(
        secret.starts_with("whsec_") && secret.len() > 40,
        "{secret}"
    );

    // Seat 0 deals; Re (seats 1 and 2) wins a normal game with 130: +1 each, Kontra -1.
    let entered = t.post(&service, &t.captain, &normal([1, 2])).await;
    expect(&entered, 201, "deal 1");
    let commits = app.state.db.commit_number();
    assert_eq!(deliver(&app.state).await, 2);
    // Sending changes nothing the live standings are derived from.
    assert_eq!(app.state.db.commit_number(), commits);

    let got = receiver.got();
    assert_eq!(
        got.iter().map(|g| g.event.as_str()).collect::<Vec<_>>(),
        ["deal.created", "standings.changed"],
        "in the order they happened"
    );
    for g in &got {
        assert_eq!(g.content_type, "application/json");
        assert_eq!(
            g.signature,
            signed(&secret, &g.body),
            "verifies with the secret"
        );
        assert_ne!(g.signature, signed("whsec_wrong", &g.body));
        let body: Value = serde_json::from_str(&g.body).unwrap();
        assert_eq!(body["event"], g.event.as_str());
        assert_eq!(body["tournament"]["id"], t.tournament);
        assert_eq!(body["tournament"]["name"], "Karlchen-Cup");
        assert!(body["id"].as_str().unwrap().starts_with("evt_"));
        assert_eq!(body["data"]["round"], 1);
        assert_eq!(body["data"]["table"]["id"], t.table);
        assert_eq!(body["data"]["table"]["number"], 1);
        assert_eq!(body["data"]["table"]["players"], json!(t.players));
    }
    let deal: Value = serde_json::from_str(&got[0].body).unwrap();
    assert_eq!(deal["data"]["deal"]["number"], 1);
    assert_eq!(deal["data"]["deal"]["scores"], json!([-1, 1, 1, -1]));
    let standings: Value = serde_json::from_str(&got[1].body).unwrap();
    assert_eq!(standings["data"]["cause"], "deal.create");
    assert_eq!(
        standings["data"]["standings"],
        format!("/api/v1/tournaments/{}/standings", t.tournament)
    );

    // Listed as delivered, newest first; the list of hooks shows no secret.
    let listed = deliveries(&service, &t, hook_id).await;
    assert_eq!(listed.len(), 2);
    assert_eq!(listed[0]["event"], "standings.changed");
    assert_eq!(listed[0]["id"].to_string(), got[1].delivery);
    for d in &listed {
        assert_eq!(
            (&d["status"], &d["attempts"], &d["last_status_code"]),
            (&json!("delivered"), &json!(1), &json!(200))
        );
        assert!(d["next_attempt_at"].is_null());
    }
    let hooks = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/webhooks", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&hooks, 200, "hooks");
    assert_eq!(
        hooks.json[0]["events"],
        json!(["deal.created", "standings.changed"])
    );
    assert_eq!(hooks.json[0]["deliveries"]["delivered"], 2);
    assert_eq!(hooks.json[0]["last_delivery"]["status"], "delivered");
    assert!(hooks.json[0].get("secret").is_none(), "{}", hooks.text);
    assert!(!hooks.text.contains(&secret));
    // Nothing left to send.
    assert_eq!(deliver(&app.state).await, 0);
});

backend_test!(every_change_enqueues_once_with_its_write, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let (hook_id, _) = hook(
        &service,
        &t,
        "http://127.0.0.1:9/unused",
        &[
            "deal.created",
            "deal.corrected",
            "round.closed",
            "standings.changed",
        ],
    )
    .await;
    let events = |list: &[Value]| -> Vec<String> {
        list.iter()
            .rev()
            .map(|d| d["event"].as_str().unwrap().to_owned())
            .collect()
    };

    // The same request twice under one Idempotency-Key enters once and enqueues once.
    let key = [("Idempotency-Key", "deal-1-once")];
    let path = t.path("deals");
    for _ in 0..2 {
        let r = send(
            &service,
            req("POST", &path, Some(&t.captain), Some(&normal([1, 2])), &key),
        )
        .await;
        expect(&r, 201, "deal 1, keyed");
    }
    assert_eq!(
        events(&deliveries(&service, &t, hook_id).await),
        ["deal.created", "standings.changed"]
    );

    // A refused deal (number 5 is not next) rolls back: nothing enqueued.
    let mut skipped = normal([2, 3]);
    skipped["number"] = json!(5);
    let refused = t.post(&service, &t.captain, &skipped).await;
    expect(&refused, 409, "deal 5 refused");
    assert_eq!(deliveries(&service, &t, hook_id).await.len(), 2);

    // A correction (the organiser's) and closing the round are events too.
    let corrected = send(
        &service,
        req(
            "PUT",
            &t.path("deals/1"),
            Some(&t.org),
            Some(&normal([2, 3])),
            &[("If-Match", "1")],
        ),
    )
    .await;
    expect(&corrected, 200, "correct deal 1");
    let closed = call_json(
        &service,
        "POST",
        &format!("/api/v1/rounds/{}/close", t.round),
        Some(&t.org),
        Some(&json!({"force": true})),
    )
    .await;
    expect(&closed, 200, "close the round");
    let list = deliveries(&service, &t, hook_id).await;
    assert_eq!(
        events(&list),
        [
            "deal.created",
            "standings.changed",
            "deal.corrected",
            "standings.changed",
            "round.closed",
            "standings.changed"
        ]
    );
    let body = |event: &str, nth: usize| -> Value {
        let d = list
            .iter()
            .rev()
            .filter(|d| d["event"] == event)
            .nth(nth)
            .unwrap();
        let id = d["id"].as_i64().unwrap();
        let state = app.state.clone();
        stored_body(&state, id)
    };
    let correction = body("deal.corrected", 0);
    assert_eq!(correction["data"]["change"], "updated");
    assert_eq!(
        correction["data"]["before"]["scores"],
        json!([-1, 1, 1, -1])
    );
    assert_eq!(correction["data"]["deal"]["scores"], json!([-1, -1, 1, 1]));
    let round = body("round.closed", 0);
    assert_eq!(round["data"]["round"], 1);
    assert_eq!(round["data"]["forced"], true);

    // Every delivery is still pending, to be sent first.
    assert!(
        list.iter()
            .all(|d| d["status"] == "pending" && d["attempts"] == 0)
    );
});

/// The stored body of delivery `id`.
fn stored_body(state: &api::AppState, id: i64) -> Value {
    use diesel::prelude::*;
    let mut conn = state.db.connection().unwrap();
    let payload: String = api::db::schema::webhook_deliveries::table
        .find(id)
        .select(api::db::schema::webhook_deliveries::payload)
        .first(&mut **conn)
        .unwrap();
    serde_json::from_str(&payload).unwrap()
}

backend_test!(a_failed_delivery_is_sent_again_after_the_backoff, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let (receiver, url) = Receiver::start().await;
    receiver.answer(&[500]);
    let (hook_id, _) = hook(&service, &t, &url, &["deal.created"]).await;
    // Nobody listens on port 9 of the loopback (discard): the connection is refused.
    let (dead_id, _) = hook(&service, &t, "http://127.0.0.1:9/", &["deal.created"]).await;
    t.fill(&service, &[Step::Normal]).await;

    assert_eq!(deliver(&app.state).await, 2);
    let first = receiver.got();
    assert_eq!(first.len(), 1);
    let d = &deliveries(&service, &t, hook_id).await[0];
    assert_eq!(
        (&d["status"], &d["attempts"], &d["last_status_code"]),
        (&json!("pending"), &json!(1), &json!(500))
    );
    assert!(d["next_attempt_at"].is_string());
    let dead = &deliveries(&service, &t, dead_id).await[0];
    assert_eq!(
        (&dead["status"], &dead["attempts"]),
        (&json!("pending"), &json!(1))
    );
    assert!(dead["last_status_code"].is_null());
    assert!(!dead["last_error"].as_str().unwrap().is_empty());

    // Not before the backoff (10 s)…
    assert_eq!(deliver(&app.state).await, 0);
    app.state.db.clock().advance(chrono::TimeDelta::seconds(11));
    // …then the same delivery, the same body, again: taken this time.
    assert_eq!(deliver(&app.state).await, 2);
    let again = receiver.got();
    assert_eq!(again.len(), 2);
    assert_eq!(again[1].delivery, first[0].delivery);
    assert_eq!(again[1].body, first[0].body);
    assert_eq!(again[1].signature, first[0].signature);
    let d = &deliveries(&service, &t, hook_id).await[0];
    assert_eq!(
        (&d["status"], &d["attempts"], &d["last_status_code"]),
        (&json!("delivered"), &json!(2), &json!(200))
    );
    assert!(d["delivered_at"].is_string());

    // The dead receiver is given up once a retry would come after a day.
    app.state.db.clock().advance(chrono::TimeDelta::hours(25));
    assert_eq!(deliver(&app.state).await, 1);
    let dead = &deliveries(&service, &t, dead_id).await[0];
    assert_eq!(
        (&dead["status"], &dead["attempts"]),
        (&json!("failed"), &json!(3))
    );
    assert_eq!(deliver(&app.state).await, 0);
    let outbox = |text: &str, status: &str| {
        crate::metrics::value(
            text,
            &format!("karlchen_webhook_deliveries{{status=\"{status}\"}}"),
        )
    };
    let scrape = crate::metrics::scraped(&service).await;
    assert_eq!(
        (outbox(&scrape, "pending"), outbox(&scrape, "failed")),
        (0.0, 1.0)
    );

    // The organiser sends it once more by hand: pending again, due at once.
    let retried = call_json(
        &service,
        "POST",
        &format!(
            "/api/v1/tournaments/{}/webhooks/{dead_id}/deliveries/{}/retry",
            t.tournament, dead["id"]
        ),
        Some(&t.org),
        None,
    )
    .await;
    expect(&retried, 200, "retry");
    assert_eq!(retried.json["status"], "pending");
    let scrape = crate::metrics::scraped(&service).await;
    assert_eq!(
        (outbox(&scrape, "pending"), outbox(&scrape, "failed")),
        (1.0, 0.0)
    );
    assert_eq!(deliver(&app.state).await, 1);
});

/// The row of delivery `id` on the desk's log.
fn log_row(html: &str, id: &Value) -> String {
    let start = html
        .find(&format!("<tr id=\"delivery-{id}\""))
        .unwrap_or_else(|| panic!("delivery {id} in {html}"));
    let rest = &html[start..];
    rest[..rest.find("</tr>").unwrap_or(rest.len())].to_owned()
}

backend_test!(
    the_desk_shows_each_delivery_and_sends_a_failed_one_again,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        let (receiver, url) = Receiver::start().await;
        receiver.answer(&[500, 502, 503]);
        let (hook_id, _) = hook(&service, &t, &url, &["deal.created"]).await;
        t.fill(&service, &[Step::Normal]).await;
        // Three refusals, the last after a day's backoff: given up.
        assert_eq!(deliver(&app.state).await, 1);
        app.state.db.clock().advance(chrono::TimeDelta::seconds(11));
        assert_eq!(deliver(&app.state).await, 1);
        app.state.db.clock().advance(chrono::TimeDelta::hours(25));
        assert_eq!(deliver(&app.state).await, 1);
        let d = deliveries(&service, &t, hook_id).await[0].clone();
        assert_eq!(
            (&d["status"], &d["attempts"]),
            (&json!("failed"), &json!(3))
        );

        let me = crate::fixtures::desk(&service, "leitung@example.org").await;
        let get = |path: &str| crate::fixtures::desk_get(path, &me.cookies);
        let list = format!("/admin/tournaments/{}/webhooks", t.tournament);
        let log = format!("{list}/{hook_id}");
        let shown = send(&service, get(&list)).await;
        expect(&shown, 200, "the hooks");
        assert!(
            shown.text.contains(&format!("href=\"{log}\"")),
            "{}",
            shown.text
        );
        let shown = send(&service, get(&log)).await;
        expect(&shown, 200, "the log");
        let row = log_row(&shown.text, &d["id"]);
        assert!(
            row.contains("data-status=\"failed\"") && row.contains("gescheitert"),
            "{row}"
        );
        assert!(
            row.contains("<td class=\"num delivery-attempts\">3</td>"),
            "three attempts: {row}"
        );
        assert!(row.contains("HTTP 503"), "the last answer: {row}");
        assert!(row.contains("<code>deal.created</code>"), "{row}");
        // Times in the hall's clock, not as the API answers them.
        let created = d["created_at"].as_str().unwrap();
        let day = chrono::DateTime::parse_from_rfc3339(created).unwrap();
        assert!(!row.contains(created), "{row}");
        assert!(
            row.contains(&format!("<td>{} ", day.format("%d.%m.%Y"))),
            "{row}"
        );

        // Sent again from the desk: needs the token; then pending, delivered at the next tick.
        let retry = format!("{log}/deliveries/{}/retry", d["id"]);
        let form = |body: &str| crate::fixtures::desk_form(&retry, &me.cookies, body);
        expect(&send(&service, form("")).await, 403, "no token");
        assert_eq!(
            deliveries(&service, &t, hook_id).await[0]["status"],
            "failed"
        );
        // Sent twice (a double click): one retry, one line in the log.
        let sent = send(&service, form(&format!("csrf={}", me.csrf))).await;
        expect(&sent, 303, "sent again");
        let again = send(&service, form(&format!("csrf={}", me.csrf))).await;
        expect(&again, 303, "sent again, once more");
        let audit = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}/audit", t.tournament),
            Some(&t.org),
            None,
        )
        .await;
        let retries = audit
            .json
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["action"] == "webhook.retry")
            .count();
        assert_eq!(retries, 1, "a retry of a pending delivery writes nothing");
        assert_eq!(
            sent.header("location"),
            format!("{log}?retried={}", d["id"])
        );
        let shown = send(&service, get(&format!("{log}?retried={}", d["id"]))).await;
        assert!(
            shown
                .text
                .contains(&format!("Zustellung {} wird erneut gesendet.", d["id"]))
        );
        assert!(log_row(&shown.text, &d["id"]).contains("wartet"));
        assert_eq!(deliver(&app.state).await, 1);
        assert_eq!(receiver.got().len(), 4);
        let shown = send(&service, get(&log)).await;
        let row = log_row(&shown.text, &d["id"]);
        assert!(
            row.contains("zugestellt") && row.contains("HTTP 200"),
            "{row}"
        );
        assert!(
            row.contains("<td class=\"num delivery-attempts\">4</td>"),
            "{row}"
        );
        assert!(
            !row.contains("delivery-retry"),
            "a delivered one is not offered again"
        );

        // Another organiser finds neither the log nor the delivery.
        organizer(&app, &service, "andere@example.org").await;
        let other = crate::fixtures::desk(&service, "andere@example.org").await;
        let foreign = send(&service, crate::fixtures::desk_get(&log, &other.cookies)).await;
        expect(&foreign, 404, "another's log");
        let body = format!("csrf={}", other.csrf);
        let foreign = send(
            &service,
            crate::fixtures::desk_form(&retry, &other.cookies, &body),
        )
        .await;
        expect(&foreign, 404, "another's retry");
        let missing = send(&service, get(&format!("{list}/999999"))).await;
        expect(&missing, 404, "no such hook");
    }
);

backend_test!(a_pending_delivery_is_sent_after_a_restart, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let (receiver, url) = Receiver::start().await;
    let (hook_id, _) = hook(&service, &t, &url, &["deal.created"]).await;
    t.fill(&service, &[Step::Normal]).await;
    // The process stops before its worker sent anything; a new one opens the same database.
    let reopened = api::AppState::open(app.state.config.as_ref().clone())
        .await
        .unwrap();
    assert_eq!(deliver(&reopened).await, 1);
    assert_eq!(receiver.got().len(), 1);
    assert_eq!(receiver.got()[0].event, "deal.created");
    let d = &deliveries(&service, &t, hook_id).await[0];
    assert_eq!(d["status"], "delivered");
});

backend_test!(hooks_are_checked_and_kept_to_their_organisers, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let path = format!("/api/v1/tournaments/{}/webhooks", t.tournament);
    let refused = |url: Value, events: Value| {
        let body = json!({"url": url, "events": events});
        let (path, org) = (path.clone(), t.org.clone());
        let service = &service;
        async move { call_json(service, "POST", &path, Some(&org), Some(&body)).await }
    };
    let long = format!("https://example.org/{}", "a".repeat(2000));
    for (url, events, field, code) in [
        (
            json!("ftp://example.org/x"),
            json!(["deal.created"]),
            "url",
            "invalid_url",
        ),
        (
            json!("/relative/hook"),
            json!(["deal.created"]),
            "url",
            "invalid_url",
        ),
        (
            json!("https://user:pw@example.org/"),
            json!(["deal.created"]),
            "url",
            "invalid_url",
        ),
        (json!(long), json!(["deal.created"]), "url", "too_long"),
        (json!("https://example.org/"), json!([]), "events", "empty"),
        (
            json!("https://example.org/"),
            json!(["deal.eaten"]),
            "events",
            "unknown_event",
        ),
    ] {
        let r = refused(url.clone(), events).await;
        expect(&r, 422, &format!("{url}"));
        assert_eq!(r.json["code"], "invalid_body");
        assert_eq!(r.fields(), [field]);
        assert_eq!(r.json["errors"][0]["code"], code, "{url}");
    }
    let (hook_id, secret) = hook(&service, &t, "https://example.org/h", &["round.closed"]).await;

    // Another organiser does not see the tournament's hooks; a captain may not.
    let other = organizer(&app, &service, "andere@example.org").await;
    let deliveries_path = format!("{path}/{hook_id}/deliveries");
    for (method, p) in [
        ("GET", path.as_str()),
        ("POST", path.as_str()),
        ("GET", deliveries_path.as_str()),
        ("DELETE", &format!("{path}/{hook_id}")),
    ] {
        let body = json!({"url": "https://example.org/x", "events": ["deal.created"]});
        let r = call_json(&service, method, p, Some(&other), Some(&body)).await;
        expect(&r, 404, &format!("{method} {p} by another organiser"));
        let r = call_json(&service, method, p, Some(&t.captain), Some(&body)).await;
        expect(&r, 403, &format!("{method} {p} by the captain"));
    }
    let anonymous = call_json(&service, "GET", &path, None, None).await;
    expect(&anonymous, 401, "no token");

    // A co-organiser sees them.
    let added = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{}/organizers", t.tournament),
        Some(&t.org),
        Some(&json!({"email": "andere@example.org"})),
    )
    .await;
    expect(&added, 201, "add co-organiser");
    let listed = call_json(&service, "GET", &path, Some(&other), None).await;
    expect(&listed, 200, "co-organiser lists");
    assert_eq!(listed.json.as_array().unwrap().len(), 1);

    // Removing it is audited, the secret never.
    let removed = call_json(
        &service,
        "DELETE",
        &format!("{path}/{hook_id}"),
        Some(&t.org),
        None,
    )
    .await;
    expect(&removed, 204, "remove");
    let listed = call_json(&service, "GET", &path, Some(&t.org), None).await;
    assert_eq!(listed.json, json!([]));
    let audit = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/audit", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    let actions: Vec<&str> = audit
        .json
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|a| a["action"].as_str())
        .filter(|a| a.starts_with("webhook."))
        .collect();
    assert_eq!(actions, ["webhook.create", "webhook.delete"]);
    assert!(!audit.text.contains(&secret));

    // Deleting the tournament (never played) takes its hooks and their outbox along.
    hook(&service, &t, "https://example.org/again", &["round.closed"]).await;
    let closed = call_json(
        &service,
        "POST",
        &format!("/api/v1/rounds/{}/close", t.round),
        Some(&t.org),
        Some(&json!({"force": true})),
    )
    .await;
    expect(&closed, 200, "close the round");
    assert_eq!(rows(&app.state), (1, 1));
    let deleted = call_json(
        &service,
        "DELETE",
        &format!("/api/v1/tournaments/{}", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&deleted, 204, "delete the tournament");
    assert_eq!(rows(&app.state), (0, 0));
});

/// How many hooks and deliveries are stored.
pub(crate) fn rows(state: &api::AppState) -> (i64, i64) {
    use api::db::schema::{webhook_deliveries, webhooks};
    use diesel::prelude::*;
    let mut conn = state.db.connection().unwrap();
    (
        webhooks::table.count().get_result(&mut **conn).unwrap(),
        webhook_deliveries::table
            .count()
            .get_result(&mut **conn)
            .unwrap(),
    )
}

#[actix_web::test]
async fn the_desk_adds_lists_and_removes_hooks() {
    use crate::fixtures::{desk, desk_form, desk_get, tournament};
    let app = service_tests::TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let token = organizer(&app, &service, "leitung@example.org").await;
    let id = tournament(
        &service,
        &token,
        &json!({"name": "Karlchen-Cup", "date": "2026-12-05"}),
    )
    .await;
    let session = desk(&service, "leitung@example.org").await;
    let page = format!("/admin/tournaments/{id}/webhooks");

    let empty = send(&service, desk_get(&page, &session.cookies)).await;
    expect(&empty, 200, "webhooks page");
    assert!(
        empty.text.contains("id=\"webhooks-none\""),
        "{}",
        empty.text
    );
    assert!(
        empty
            .text
            .contains(&format!("href=\"{page}\" aria-current=\"page\""))
    );

    // A form without its token changes nothing.
    let forged = send(
        &service,
        desk_form(
            &page,
            &session.cookies,
            "url=https%3A%2F%2Fexample.org%2Fh&deal.created=on",
        ),
    )
    .await;
    expect(&forged, 403, "no form token");

    // A bad URL is shown again with the reason and the URL kept.
    let bad = send(
        &service,
        desk_form(
            &page,
            &session.cookies,
            &format!(
                "csrf={}&url=ftp%3A%2F%2Fexample.org&deal.created=on",
                session.csrf
            ),
        ),
    )
    .await;
    expect(&bad, 422, "bad URL");
    assert!(bad.text.contains("id=\"webhook-error\""));
    // The URL is kept (escaped as the page escapes it).
    assert!(bad.text.contains("value=\"ftp:"), "{}", bad.text);

    let added = send(
        &service,
        desk_form(
            &page,
            &session.cookies,
            &format!(
                "csrf={}&url=https%3A%2F%2Fexample.org%2Fh&round.closed=on&standings.changed=on",
                session.csrf
            ),
        ),
    )
    .await;
    expect(&added, 201, "add");
    let secret = added
        .text
        .split("id=\"webhook-secret\">")
        .nth(1)
        .and_then(|rest| rest.split('<').next())
        .unwrap();
    assert!(secret.starts_with("whsec_"), "{secret}");
    let hooks = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}/webhooks"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(hooks.json[0]["url"], "https://example.org/h");
    assert_eq!(
        hooks.json[0]["events"],
        json!(["round.closed", "standings.changed"])
    );
    let hook_id = hooks.json[0]["id"].as_i64().unwrap();

    // Listed without the secret; another organiser finds no such page.
    let listed = send(&service, desk_get(&page, &session.cookies)).await;
    assert!(listed.text.contains(&format!("data-webhook=\"{hook_id}\"")));
    assert!(!listed.text.contains(secret));
    organizer(&app, &service, "andere@example.org").await;
    let other = desk(&service, "andere@example.org").await;
    let hidden = send(&service, desk_get(&page, &other.cookies)).await;
    expect(&hidden, 404, "another organiser");

    let removed = send(
        &service,
        desk_form(
            &format!("{page}/{hook_id}/remove"),
            &session.cookies,
            &format!("csrf={}", session.csrf),
        ),
    )
    .await;
    expect(&removed, 303, "remove");
    let after = send(
        &service,
        desk_get(&format!("{page}?done=removed"), &session.cookies),
    )
    .await;
    assert!(after.text.contains("id=\"done\""));
    assert!(after.text.contains("id=\"webhooks-none\""));
}

/// `state` as a service that refuses private targets (the default; the tests' own state
/// allows them for their receivers on 127.0.0.1).
fn guarded(state: &api::AppState) -> api::AppState {
    let mut guarded = state.clone();
    let mut config = (*guarded.config).clone();
    config.webhook_allow_private = false;
    guarded.config = Arc::new(config);
    guarded.http = api::state::outbound_client(false).unwrap();
    guarded
}

backend_test!(hooks_never_reach_this_machine_or_a_private_network, |app| {
    let guarded = guarded(&app.state);
    let service = actix_web::test::init_service(api::app::build(guarded.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let (receiver, url) = Receiver::start().await;
    let register = |url: &str| {
        req(
            "POST",
            &format!("/api/v1/tournaments/{}/webhooks", t.tournament),
            Some(&t.org),
            Some(&json!({"url": url, "events": ["deal.created"]})),
            &[],
        )
    };
    for target in [
        url.as_str(),
        "http://localhost:8080/hook",
        "http://api.localhost/hook",
        "http://[::1]:8080/hook",
        "http://10.0.0.5/hook",
        "http://192.168.178.1/hook",
        "http://169.254.169.254/latest/meta-data",
        "http://[::ffff:127.0.0.1]/hook",
    ] {
        let refused = send(&service, register(target)).await;
        expect(&refused, 422, target);
        assert_eq!(
            refused.faults(),
            vec![("url".to_owned(), "private_target".to_owned())],
            "{target}: {}",
            refused.text
        );
    }

    // Registered while private targets were allowed (or pointing elsewhere then): each
    // delivery checks again, and sends nothing there.
    let open = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (by_address, _) = hook(&open, &t, &url, &["deal.created"]).await;
    let by_name = url.replace("127.0.0.1", "localhost");
    let (named, _) = hook(&open, &t, &by_name, &["deal.created"]).await;
    expect(
        &t.post(&service, &t.captain, &normal([0, 1])).await,
        201,
        "a deal",
    );
    assert_eq!(deliver(&guarded).await, 2, "one attempt per hook");
    assert!(receiver.got().is_empty(), "nothing reached the receiver");
    for hook_id in [by_address, named] {
        let tried = deliveries(&service, &t, hook_id).await;
        let error = tried[0]["last_error"].as_str().unwrap_or_default();
        assert!(
            error.contains("private network"),
            "hook {hook_id}: {tried:?}"
        );
    }
    // Allowed, the same deliveries go through.
    app.state.db.clock().advance(chrono::TimeDelta::minutes(5));
    assert_eq!(deliver(&app.state).await, 2);
    assert_eq!(receiver.got().len(), 2);
});

/// A receiver that takes every request and never answers within the service's timeout.
async fn start_silent() -> String {
    let server = HttpServer::new(|| {
        ActixApp::new().default_service(web::to(|| async {
            actix_web::rt::time::sleep(std::time::Duration::from_secs(60)).await;
            HttpResponse::Ok().finish()
        }))
    })
    .workers(1)
    .disable_signals()
    .bind("127.0.0.1:0")
    .unwrap();
    let address = server.addrs()[0];
    actix_web::rt::spawn(server.run());
    format!("http://{address}/slow")
}

/// Eight hooks whose receiver never answers in time, and one that does: the worker sends
/// to each hook in a task of its own, so the quick one gets its delivery at once instead
/// of waiting for the slow ones' timeouts, tick after tick.
#[actix_web::test]
async fn a_slow_receiver_holds_up_only_its_own_hook() {
    let app = service_tests::TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let silent = start_silent().await;
    for _ in 0..8 {
        hook(&service, &t, &silent, &["deal.created"]).await;
    }
    let (quick, url) = Receiver::start().await;
    hook(&service, &t, &url, &["deal.created"]).await;
    expect(
        &t.post(&service, &t.captain, &normal([0, 1])).await,
        201,
        "a deal",
    );
    actix_web::rt::spawn(api::services::webhooks::run(app.state.clone()));
    // The slow receivers time out after TIMEOUT (5 s) each; the quick one is served well
    // before the first of them.
    let waited = std::time::Instant::now();
    while quick.got().is_empty() {
        assert!(
            waited.elapsed() < api::services::webhooks::TIMEOUT - std::time::Duration::from_secs(1),
            "the quick hook waited for the slow ones"
        );
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(quick.got()[0].event, "deal.created");
    app.state.live.close();
}
