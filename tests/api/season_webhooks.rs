//! A season's webhooks on both backends: `season.standings.changed` is enqueued in the
//! transaction of every change that may move the season's standings (a deal at one of its
//! evenings, its rules, its evenings, the register's people), delivered signed by the same
//! worker as a tournament's; and never for what does not (an evening taken out, another
//! organiser's season). The migration that made hooks a season's too keeps every hook and
//! delivery stored before it.

use diesel::Connection;
use diesel_migrations::MigrationHarness;
use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{App, Table, call_json, expect, normal, organizer};
use crate::webhooks::{Receiver, deliver, hook, signed};

/// A season of the table's organiser holding the table's tournament; its id.
pub(crate) async fn season_holding<S: App>(service: &S, t: &Table) -> i64 {
    let season = call_json(
        service,
        "POST",
        "/api/v1/seasons",
        Some(&t.org),
        Some(&json!({"name": "Jahreswertung 2026", "published": false})),
    )
    .await;
    expect(&season, 201, "season");
    let s = season.json["id"].as_i64().unwrap();
    let added = call_json(
        service,
        "POST",
        &format!("/api/v1/seasons/{s}/tournaments"),
        Some(&t.org),
        Some(&json!({"tournament_id": t.tournament})),
    )
    .await;
    expect(&added, 200, "evening added");
    s
}

/// Registers a hook on season `s` as `token`; returns its id and secret.
async fn season_hook<S: App>(service: &S, token: &str, s: i64, url: &str) -> (i64, String) {
    let created = call_json(
        service,
        "POST",
        &format!("/api/v1/seasons/{s}/webhooks"),
        Some(token),
        Some(&json!({"url": url, "events": ["season.standings.changed"]})),
    )
    .await;
    expect(&created, 201, "season hook");
    (
        created.json["id"].as_i64().unwrap(),
        created.json["secret"].as_str().unwrap().to_owned(),
    )
}

/// The bodies the receiver got since `seen`, each checked against `secret`.
fn bodies(receiver: &Receiver, seen: usize, secret: &str) -> Vec<Value> {
    receiver
        .got()
        .iter()
        .skip(seen)
        .map(|g| {
            assert_eq!(g.event, "season.standings.changed");
            assert_eq!(g.signature, signed(secret, &g.body), "signed");
            serde_json::from_str(&g.body).unwrap()
        })
        .collect()
}

/// How many deliveries are stored.
fn stored_deliveries(state: &api::AppState) -> i64 {
    crate::webhooks::rows(state).1
}

backend_test!(a_season_hook_is_told_when_its_standings_may_move, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let s = season_holding(&service, &t).await;
    let (receiver, url) = Receiver::start().await;
    let (hook_id, secret) = season_hook(&service, &t.org, s, &url).await;
    // The tournament's own hooks are another list.
    let own = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/webhooks", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&own, 200, "tournament hooks");
    assert_eq!(own.json, json!([]));

    // A deal at the evening (unpublished, but his): one event for the season.
    let entered = t.post(&service, &t.captain, &normal([1, 2])).await;
    expect(&entered, 201, "deal 1");
    assert_eq!(deliver(&app.state).await, 1);
    let got = bodies(&receiver, 0, &secret);
    assert_eq!(got.len(), 1);
    let body = &got[0];
    assert_eq!(body["event"], "season.standings.changed");
    assert!(body["id"].as_str().unwrap().starts_with("evt_"));
    assert_eq!(
        body["season"],
        json!({"id": s, "name": "Jahreswertung 2026"})
    );
    assert_eq!(body["data"]["cause"], "deal.create");
    assert_eq!(
        body["data"]["tournament"],
        json!({"id": t.tournament, "name": "Karlchen-Cup"})
    );
    assert_eq!(
        body["data"]["standings"],
        format!("/api/v1/seasons/{s}/standings")
    );

    // The season's own changes: its rules, the register's people, its evenings.
    let changed = call_json(
        &service,
        "PUT",
        &format!("/api/v1/seasons/{s}"),
        Some(&t.org),
        Some(&json!({"name": "Jahreswertung 2026", "published": true, "rules": {"best_of": 10}})),
    )
    .await;
    expect(&changed, 200, "rules");
    let split = call_json(
        &service,
        "POST",
        &format!("/api/v1/register/links/{}/split", t.players[0]),
        Some(&t.org),
        None,
    )
    .await;
    expect(&split, 200, "split");
    let removed = call_json(
        &service,
        "DELETE",
        &format!("/api/v1/seasons/{s}/tournaments/{}", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    assert_eq!(removed.status, 204, "{}", removed.text);
    assert_eq!(deliver(&app.state).await, 3);
    let got = bodies(&receiver, 1, &secret);
    let causes: Vec<&str> = got
        .iter()
        .map(|b| b["data"]["cause"].as_str().unwrap())
        .collect();
    assert_eq!(
        causes,
        [
            "season.update",
            "register.split",
            "season.tournament.remove"
        ]
    );
    assert!(got.iter().all(|b| b["data"]["tournament"].is_null()));

    // Out of the season, the evening's deals no longer concern it.
    let before = stored_deliveries(&app.state);
    let second = t.post(&service, &t.captain, &normal([2, 3])).await;
    expect(&second, 201, "deal 2");
    assert_eq!(stored_deliveries(&app.state), before, "nothing enqueued");
    assert_eq!(deliver(&app.state).await, 0);

    // Back in: told again, and so are its deals.
    let added = call_json(
        &service,
        "POST",
        &format!("/api/v1/seasons/{s}/tournaments"),
        Some(&t.org),
        Some(&json!({"tournament_id": t.tournament})),
    )
    .await;
    expect(&added, 200, "evening added again");
    let third = t.post(&service, &t.captain, &normal([3, 0])).await;
    expect(&third, 201, "deal 3");
    assert_eq!(deliver(&app.state).await, 2);
    let got = bodies(&receiver, 4, &secret);
    assert_eq!(got[0]["data"]["cause"], "season.tournament.add");
    assert_eq!(got[1]["data"]["cause"], "deal.create");

    // Listed as delivered, newest first.
    let listed = call_json(
        &service,
        "GET",
        &format!("/api/v1/seasons/{s}/webhooks/{hook_id}/deliveries"),
        Some(&t.org),
        None,
    )
    .await;
    expect(&listed, 200, "deliveries");
    let listed = listed.json.as_array().unwrap().clone();
    assert_eq!(listed.len(), 6);
    assert!(listed.iter().all(|d| d["status"] == "delivered"));
    assert_eq!(listed[0]["event"], "season.standings.changed");
    let hooks = call_json(
        &service,
        "GET",
        &format!("/api/v1/seasons/{s}/webhooks"),
        Some(&t.org),
        None,
    )
    .await;
    expect(&hooks, 200, "season hooks");
    assert_eq!(hooks.json[0]["deliveries"]["delivered"], 6);
    assert!(!hooks.text.contains(&secret));

    // A retry sends a delivered one once more, with the same id.
    let first = listed.last().unwrap()["id"].as_i64().unwrap();
    let retried = call_json(
        &service,
        "POST",
        &format!("/api/v1/seasons/{s}/webhooks/{hook_id}/deliveries/{first}/retry"),
        Some(&t.org),
        None,
    )
    .await;
    expect(&retried, 200, "retry");
    assert_eq!(deliver(&app.state).await, 1);
    assert_eq!(receiver.got().last().unwrap().delivery, first.to_string());
});

backend_test!(an_evening_deleted_tells_its_season, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let s = season_holding(&service, &t).await;
    let (receiver, url) = Receiver::start().await;
    let (_, secret) = season_hook(&service, &t.org, s, &url).await;
    let deleted = call_json(
        &service,
        "DELETE",
        &format!("/api/v1/tournaments/{}", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    assert_eq!(deleted.status, 204, "{}", deleted.text);
    assert_eq!(deliver(&app.state).await, 1);
    let got = bodies(&receiver, 0, &secret);
    assert_eq!(got[0]["data"]["cause"], "tournament.delete");
    let season = call_json(
        &service,
        "GET",
        &format!("/api/v1/seasons/{s}"),
        Some(&t.org),
        None,
    )
    .await;
    expect(&season, 200, "season");
    assert_eq!(season.json["evenings"], json!([]));
});

backend_test!(
    season_hooks_are_checked_and_kept_to_their_organiser,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        let s = season_holding(&service, &t).await;
        let (_receiver, url) = Receiver::start().await;
        let hooks = format!("/api/v1/seasons/{s}/webhooks");

        // A season's hook hears of its standings only; a tournament's never of a season.
        let wrong = call_json(
            &service,
            "POST",
            &hooks,
            Some(&t.org),
            Some(&json!({"url": url, "events": ["deal.created"]})),
        )
        .await;
        expect(&wrong, 422, "a tournament's event on a season");
        assert_eq!(wrong.json["code"], "invalid_body");
        assert_eq!(wrong.json["errors"][0]["field"], "events");
        assert_eq!(wrong.json["errors"][0]["code"], "unknown_event");
        let wrong = call_json(
            &service,
            "POST",
            &format!("/api/v1/tournaments/{}/webhooks", t.tournament),
            Some(&t.org),
            Some(&json!({"url": url, "events": ["season.standings.changed"]})),
        )
        .await;
        expect(&wrong, 422, "a season's event on a tournament");
        assert_eq!(wrong.json["errors"][0]["code"], "unknown_event");

        let (hook_id, _) = season_hook(&service, &t.org, s, &url).await;
        // Another organiser learns nothing of it, published or not.
        let stranger = organizer(&app, &service, "fremd@example.org").await;
        for (method, path) in [
            ("GET", hooks.clone()),
            ("DELETE", format!("{hooks}/{hook_id}")),
            ("GET", format!("{hooks}/{hook_id}/deliveries")),
        ] {
            let refused = call_json(&service, method, &path, Some(&stranger), None).await;
            expect(&refused, 404, &format!("{method} {path} by a stranger"));
        }
        let refused = call_json(
            &service,
            "POST",
            &hooks,
            Some(&stranger),
            Some(&json!({"url": url, "events": ["season.standings.changed"]})),
        )
        .await;
        expect(&refused, 404, "a stranger's hook");
        // The season's hook is not the tournament's, even to its organiser.
        let elsewhere = call_json(
            &service,
            "GET",
            &format!(
                "/api/v1/tournaments/{}/webhooks/{hook_id}/deliveries",
                t.tournament
            ),
            Some(&t.org),
            None,
        )
        .await;
        expect(&elsewhere, 404, "a season's hook under its evening");

        // A deal enqueues one delivery; deleting the season takes its hooks and their outbox.
        let entered = t.post(&service, &t.captain, &normal([1, 2])).await;
        expect(&entered, 201, "deal");
        assert_eq!(stored_deliveries(&app.state), 1);
        let gone = call_json(
            &service,
            "DELETE",
            &format!("/api/v1/seasons/{s}"),
            Some(&t.org),
            None,
        )
        .await;
        assert_eq!(gone.status, 204, "{}", gone.text);
        assert_eq!(stored_deliveries(&app.state), 0);
        let listed = call_json(&service, "GET", &hooks, Some(&t.org), None).await;
        expect(&listed, 404, "the season is gone");
    }
);

backend_test!(hooks_stored_before_the_season_migration_are_kept, |app| {
    // The migration that lets a hook be a season's: a hook and its deliveries stored
    // before it are there after it, with their ids, and a new hook never takes the id of
    // one removed before it.
    const VERSION: &str = "20261129140000";
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let (_receiver, url) = Receiver::start().await;
    let (kept, _) = hook(&service, &t, &url, &["deal.created"]).await;
    let (removed_id, _) = hook(&service, &t, &url, &["round.closed"]).await;
    let gone = call_json(
        &service,
        "DELETE",
        &format!("/api/v1/tournaments/{}/webhooks/{removed_id}", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    assert_eq!(gone.status, 204);
    let entered = t.post(&service, &t.captain, &normal([1, 2])).await;
    expect(&entered, 201, "deal");

    let url_db = app.state.config.database_url.clone();
    actix_web::web::block(move || {
        let mut conn = api::db::DbConn::establish(&url_db).unwrap();
        // Back to the schema before it (reverting the migrations after it first).
        loop {
            let applied = match &mut conn {
                api::db::DbConn::Pg(c) => c.applied_migrations(),
                api::db::DbConn::Sqlite(c) => c.applied_migrations(),
            }
            .unwrap();
            if !applied.iter().any(|v| *v.to_string() >= *VERSION) {
                break;
            }
            match &mut conn {
                api::db::DbConn::Pg(c) => c
                    .revert_last_migration(api::db::migrate::POSTGRES)
                    .map(drop),
                api::db::DbConn::Sqlite(c) => {
                    c.revert_last_migration(api::db::migrate::SQLITE).map(drop)
                }
            }
            .unwrap();
        }
        api::db::migrate::run_pending(&mut conn).unwrap();
    })
    .await
    .unwrap();

    let hooks = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/webhooks", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&hooks, 200, "hooks after the migration");
    assert_eq!(hooks.json.as_array().unwrap().len(), 1);
    assert_eq!(hooks.json[0]["id"], kept);
    assert_eq!(hooks.json[0]["deliveries"]["pending"], 1);
    let (next, _) = hook(&service, &t, &url, &["deal.created"]).await;
    assert!(next > removed_id, "{next} reuses a removed hook's id");
    assert_eq!(deliver(&app.state).await, 1, "the stored delivery is sent");
});

backend_test!(publishing_an_evening_tells_its_seasons, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let s = season_holding(&service, &t).await;
    let (receiver, url) = Receiver::start().await;
    let (_, secret) = season_hook(&service, &t.org, s, &url).await;
    let patch = |body: Value| {
        let (service, t) = (&service, &t);
        async move {
            let changed = call_json(
                service,
                "PATCH",
                &format!("/api/v1/tournaments/{}", t.tournament),
                Some(&t.org),
                Some(&body),
            )
            .await;
            expect(&changed, 200, "tournament changed");
        }
    };
    // A new venue moves no standings: nothing is sent.
    patch(json!({"venue": "Vereinsheim"})).await;
    assert_eq!(stored_deliveries(&app.state), 0);
    // Published, the evening enters the season's public standings; unpublished, it leaves.
    patch(json!({"published": true})).await;
    patch(json!({"published": false})).await;
    // Its tie-breaks order its places, so the season's points; its date decides whether
    // it falls in the season's span.
    patch(json!({"tie_breaks": ["most_games_won"]})).await;
    patch(json!({"date": "2026-12-12"})).await;
    assert_eq!(deliver(&app.state).await, 4);
    let got = bodies(&receiver, 0, &secret);
    assert!(
        got.iter().all(|b| b["data"]["cause"] == "tournament.update"
            && b["data"]["tournament"]["id"] == t.tournament),
        "{got:?}"
    );
    // A co-organiser added or removed changes which unpublished evenings the season's
    // organisers see: told each time, caused by the change.
    organizer(&app, &service, "mitleitung@example.org").await;
    let organizers = format!("/api/v1/tournaments/{}/organizers", t.tournament);
    let added = call_json(
        &service,
        "POST",
        &organizers,
        Some(&t.org),
        Some(&json!({"email": "mitleitung@example.org"})),
    )
    .await;
    expect(&added, 201, "a co-organiser");
    let id = added.json["organizer_id"].as_i64().unwrap();
    let removed = call_json(
        &service,
        "DELETE",
        &format!("{organizers}/{id}"),
        Some(&t.org),
        None,
    )
    .await;
    expect(&removed, 204, "the co-organiser removed");
    assert_eq!(deliver(&app.state).await, 2);
    let causes: Vec<Value> = bodies(&receiver, 4, &secret)
        .iter()
        .map(|b| b["data"]["cause"].clone())
        .collect();
    assert_eq!(
        causes,
        [
            json!("tournament.organizer.add"),
            json!("tournament.organizer.remove")
        ]
    );
});
