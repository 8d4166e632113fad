//! A deal's entry keeps the sheet's rows as it stored them, once its transaction committed
//! (on both backends' write runners), and the next write to the same table takes them
//! instead of reading them again, only when its lock counts exactly one write more. Every
//! answer is what a handle that kept nothing reads from the database, through refusals,
//! penalties, corrections, a second instance's writes and a renamed player.

use std::sync::Arc;
use std::time::Duration;

use api::AppState;
use api::error::ApiError;
use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{Table, call_json, expect, normal, req, send};

/// What the kept sheets of `state`'s database were asked since `before`: (taken, not
/// found).
fn asked(state: &AppState, before: (u64, u64)) -> (u64, u64) {
    let (taken, missed) = state.db.kept_sheets().counts();
    (taken - before.0, missed - before.1)
}

/// The next normal deal of `sheet`: won by the two seats after the dealer.
fn next_normal(sheet: &Value) -> Value {
    let dealer = sheet["next"]["dealer"].as_u64().unwrap();
    normal([(dealer + 1) % 4, (dealer + 2) % 4])
}

backend_test!(
    sheets_kept_for_the_next_write_only_while_nobody_else_wrote,
    |app| {
        // Kept rows trusted for ten minutes, not two seconds: a slow step on a busy machine
        // must not turn a row taken into one read.
        let mut state = app.state.clone();
        state.db = state.db.with_memo_max_age(Duration::from_secs(600));
        let service = actix_web::test::init_service(api::app::build(state.clone())).await;
        // Another instance on the same database, and a handle that reads everything afresh.
        let handle = |state: &AppState| {
            let mut other = state.clone();
            other.db = api::db::Database::open(&state.config.database_url, 2).unwrap();
            other.db.clock().set(state.db.clock().now());
            other
        };
        let other = actix_web::test::init_service(api::app::build(handle(&app.state))).await;
        let fresh = actix_web::test::init_service(api::app::build(handle(&app.state))).await;
        let t = Table::new(&app, &service, 4).await;

        // Enters the next deal through `through`; the answer's sheet must be the stored one.
        let enter = async |through: &_, what: &str| {
            let sheet = t.sheet(&fresh).await;
            let before = state.db.kept_sheets().counts();
            let reply = t.post(through, &t.captain, &next_normal(&sheet)).await;
            expect(&reply, 201, what);
            assert_eq!(reply.json["sheet"], t.sheet(&fresh).await, "{what}");
            asked(&state, before)
        };

        assert_eq!(
            enter(&service, "the first deal").await,
            (0, 1),
            "nothing kept yet"
        );
        assert_eq!(
            enter(&service, "the second").await,
            (1, 0),
            "the first one's rows"
        );

        // A refused entry takes the kept rows and keeps nothing: its count rolls back with it.
        let sheet = t.sheet(&fresh).await;
        let mut wrong = next_normal(&sheet);
        wrong["re_points"] = json!(250);
        let refused = t.post(&service, &t.captain, &wrong).await;
        expect(&refused, 422, "more than 240 card points");
        assert_eq!(enter(&service, "after a refusal").await, (1, 0));

        // A penalty is a write the lock counts, and keeps nothing.
        let penalty = call_json(
            &service,
            "POST",
            &t.path("penalties"),
            Some(&t.org),
            Some(
                &json!({"deal_number": 1, "severity": "minor", "offender": 1, "referee": "Weber"}),
            ),
        )
        .await;
        expect(&penalty, 201, "penalty");
        assert_eq!(enter(&service, "after a penalty").await, (0, 1));

        // Another instance's deal: this one's kept rows are one write behind, and not taken.
        let before = state.db.kept_sheets().counts();
        enter(&other, "through the other instance").await;
        assert_eq!(
            asked(&state, before),
            (0, 0),
            "the other instance keeps its own"
        );
        assert_eq!(enter(&service, "after the other instance's").await, (0, 1));

        // A correction renumbers nothing but changes a stored deal: not taken after it.
        let correction = send(
            &service,
            req(
                "PUT",
                &t.path("deals/1"),
                Some(&t.captain),
                Some(
                    &json!({"contract": "normal", "re": [1, 3], "re_points": 200, "re_tricks": 10,
                          "announcements": {"re": "none", "kontra": "none"}}),
                ),
                &[("If-Match", "1")],
            ),
        )
        .await;
        expect(&correction, 200, "correction");
        assert_eq!(enter(&service, "after a correction").await, (0, 1));

        // A player's name changes without the table's lock: the players are read every time.
        let renamed = send(
            &service,
            req(
                "PATCH",
                &format!("/api/v1/players/{}", t.players[2]),
                Some(&t.org),
                Some(&json!({"name": "Clara Chen"})),
                &[],
            ),
        )
        .await;
        expect(&renamed, 200, "rename");
        assert_eq!(enter(&service, "after a rename").await, (1, 0));
        let sheet = t.sheet(&fresh).await;
        let names: Vec<&Value> = sheet["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| &p["name"])
            .collect();
        assert!(names.contains(&&json!("Clara Chen")), "{names:?}");

        // Eight deals stored, each once.
        assert_eq!(t.sheet(&fresh).await["deals"].as_array().unwrap().len(), 8);
    }
);

backend_test!(only_a_committed_write_keeps_anything, |app| {
    let db = app.state.db.clone();
    // What a write leaves for after its commit, at table `table`.
    let keep = |table: i64| {
        let memos = api::db::memo::current().expect("a write runs with its memos");
        api::db::memo::on_commit(move || memos.sheets.put(table, (), Arc::new(table)));
    };
    let refused: Result<(), ApiError> = db
        .tx(move |_| {
            keep(1);
            Err(ApiError::conflict("refused", "the write rolls back"))
        })
        .await;
    assert!(refused.is_err());
    db.tx(move |_| {
        keep(2);
        Ok(())
    })
    .await
    .unwrap();
    let kept = |table: i64| {
        db.kept_sheets()
            .get::<(), i64>(table, &())
            .as_deref()
            .copied()
    };
    assert_eq!(kept(1), None, "a rolled-back write keeps nothing");
    assert_eq!(kept(2), Some(2), "a committed one keeps what it left");
});
