//! The standings keep each table's lines while the table is unchanged: after a write only
//! that table is read and judged again, and the standings are always what deriving every
//! sheet afresh gives (a second database handle with nothing kept), through deals,
//! corrections, deletions, penalties, time-up and a round clock running out.

use chrono::TimeDelta;
use serde_json::{Value, json};
use service_tests::{TestApp, backend_test};

use crate::day_clock::day;
use crate::fixtures::{App, Step, Table, call_json, expect, normal, req, send};

/// The organiser's standings through `service`.
async fn standings<S: App>(service: &S, t: &Table) -> Value {
    let path = format!("/api/v1/tournaments/{}/standings", t.tournament);
    let reply = call_json(service, "GET", &path, Some(&t.org), None).await;
    expect(&reply, 200, "standings");
    reply.json
}

/// What the memo of `app`'s database was asked since `before`: (found, not found).
fn asked(app: &TestApp, before: (u64, u64)) -> (u64, u64) {
    let (taken, missed) = app.state.db.memo().counts();
    (taken - before.0, missed - before.1)
}

backend_test!(standings_judge_only_the_tables_changed_since, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    // The same database through a handle of its own, which has kept nothing: what deriving
    // every sheet afresh gives.
    let mut fresh_state = app.state.clone();
    fresh_state.db = api::db::Database::open(&app.state.config.database_url, 2).unwrap();
    fresh_state.db.clock().set(app.state.db.clock().now());
    let fresh = actix_web::test::init_service(api::app::build(fresh_state.clone())).await;
    let tables = day(&app, &service, &[4, 4, 5]).await;
    for t in &tables {
        t.fill(&service, &[Step::Normal, Step::Normal]).await;
    }
    let t = &tables[0];
    let same = |kept: &Value, fresh: &Value| {
        assert_eq!(kept["standings"], fresh["standings"]);
        assert_eq!(kept["needs_attention"], fresh["needs_attention"]);
    };

    let start = app.state.db.memo().counts();
    let first = standings(&service, t).await;
    assert_eq!(asked(&app, start), (0, 3), "every table judged once");
    same(&first, &standings(&fresh, t).await);
    let again = app.state.db.memo().counts();
    assert_eq!(standings(&service, t).await, first);
    assert_eq!(
        asked(&app, again),
        (3, 0),
        "nothing changed, nothing judged"
    );

    // Each kind of write at one table: only that table is judged again.
    let changes = [
        (0, "a deal"),
        (2, "a correction"),
        (1, "a penalty"),
        (0, "a deletion"),
        (1, "time up"),
    ];
    for (at, what) in changes {
        let table = &tables[at];
        let reply = match what {
            "a deal" => table.post(&service, &table.captain, &normal([0, 2])).await,
            "a correction" => {
                let body = json!({"contract": "normal", "re": [1, 3], "re_points": 200,
                                  "re_tricks": 10,
                                  "announcements": {"re": "none", "kontra": "none"}});
                send(
                    &service,
                    req(
                        "PUT",
                        &table.path("deals/1"),
                        Some(&table.captain),
                        Some(&body),
                        &[("If-Match", "1")],
                    ),
                )
                .await
            }
            "a penalty" => {
                call_json(
                    &service,
                    "POST",
                    &table.path("penalties"),
                    Some(&table.org),
                    Some(
                        &json!({"deal_number": 1, "severity": "minor", "offender": 1,
                                 "referee": "Weber"}),
                    ),
                )
                .await
            }
            "a deletion" => {
                send(
                    &service,
                    req(
                        "DELETE",
                        &table.path("deals/3"),
                        Some(&table.captain),
                        None,
                        &[("If-Match", "1"), ("X-Reason", "doppelt eingegeben")],
                    ),
                )
                .await
            }
            _ => {
                call_json(
                    &service,
                    "POST",
                    &table.path("time-up"),
                    Some(&table.org),
                    None,
                )
                .await
            }
        };
        assert!(
            reply.status.is_success(),
            "{what}: {} {}",
            reply.status,
            reply.text
        );
        let before = app.state.db.memo().counts();
        let now = standings(&service, t).await;
        assert_eq!(asked(&app, before), (2, 1), "after {what}");
        same(&now, &standings(&fresh, t).await);
    }

    // The round's clock running out ends the rounds not marked, without a write.
    let started = call_json(
        &service,
        "POST",
        &format!("/api/v1/rounds/{}/start", t.round),
        Some(&t.org),
        None,
    )
    .await;
    expect(&started, 200, "start the round");
    standings(&service, t).await;
    for clock in [app.state.db.clock(), fresh_state.db.clock()] {
        clock.advance(TimeDelta::minutes(400));
    }
    let over = app.state.db.memo().counts();
    let after_end = standings(&service, t).await;
    assert_eq!(
        asked(&app, over),
        (0, 3),
        "a round clock that ran out is a change to every table of the round"
    );
    same(&after_end, &standings(&fresh, t).await);
});
