//! The stored form of a deal is the service's own, with a format version: rows written
//! before formats existed (the entry's JSON as it was sent) keep scoring, and every new
//! entry is stored as format 1. Both backends.

use diesel::prelude::*;
use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{Table, call_json, expect};

/// Deals as rows held them before formats: the wire form of the entry, without number and
/// reason, exactly as `DealEntry` serialised it.
fn legacy_rows() -> [Value; 2] {
    [
        json!({"contract": "normal", "re": [2, 1], "re_points": 151, "re_tricks": 8,
               "announcements": {"re": "re", "kontra": "none"},
               "extras": {"re": {"doppelkopf": 1, "fox": 1, "karlchen": 0},
                          "kontra": {"doppelkopf": 0, "fox": 0, "karlchen": 1}}}),
        json!({"contract": "normal", "re": [0, 3], "re_points": 100, "re_tricks": 5,
               "announcements": {"re": "none", "kontra": "kontra"}}),
    ]
}

backend_test!(legacy_rows_score_and_new_entries_are_format_1, |app| {
    use api::db::schema::deals;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let table = t.table;
    let rows = legacy_rows();
    let stored: Vec<String> = rows.iter().map(Value::to_string).collect();
    app.state
        .db
        .run(move |conn| {
            for (number, facts) in (1..).zip(&stored) {
                let at = api::services::now();
                diesel::insert_into(deals::table)
                    .values((
                        deals::table_id.eq(table),
                        deals::number.eq(number),
                        deals::facts.eq(facts),
                        deals::version.eq(1),
                        deals::created_at.eq(at),
                        deals::updated_at.eq(at),
                    ))
                    .execute(conn)?;
            }
            Ok(())
        })
        .await
        .unwrap();

    let sheet = t.sheet(&service).await;
    let deals = sheet["deals"].as_array().unwrap();
    assert_eq!(deals.len(), 2, "{sheet}");
    let mut totals = [0i64; 4];
    for (deal, row) in deals.iter().zip(&rows) {
        // The calculator scores the same facts at a 4-table the same way.
        let mut facts = row.clone();
        facts["table_size"] = json!(4);
        let scored = call_json(&service, "POST", "/api/v1/score", None, Some(&facts)).await;
        expect(&scored, 200, "score");
        assert_eq!(deal["scores"], scored.json["scores"], "{deal}");
        assert_eq!(deal["game_scores"], scored.json["scores"]);
        // What was entered is shown as it was entered, the Re seats in their order.
        assert_eq!(&deal["entry"], row);
        assert_eq!(deal["re"], row["re"]);
        for (total, s) in totals
            .iter_mut()
            .zip(scored.json["scores"].as_array().unwrap())
        {
            *total += s.as_i64().unwrap();
        }
    }
    assert_eq!(sheet["totals"], json!(totals));
    assert_eq!(sheet["next"]["number"], 3);

    // A new entry is stored in the service's own form, format 1.
    let dealer = sheet["next"]["dealer"].as_u64().unwrap();
    let entry = json!({"number": 3, "reason": "late", "contract": "normal",
        "re": [(dealer + 2) % 4, (dealer + 1) % 4], "re_points": 130, "re_tricks": 7,
        "announcements": {"re": "no90", "kontra": "kontra"}});
    let entered = t.post(&service, &t.captain, &entry).await;
    expect(&entered, 201, "a new entry after the legacy rows");
    let facts: String = app
        .state
        .db
        .run(move |conn| {
            Ok(deals::table
                .filter(deals::table_id.eq(table))
                .filter(deals::number.eq(3))
                .select(deals::facts)
                .first(conn)?)
        })
        .await
        .unwrap();
    let facts: Value = serde_json::from_str(&facts).unwrap();
    assert_eq!(
        facts,
        json!({"format": 1, "contract": "normal", "re": entry["re"], "re_points": 130,
               "re_tricks": 7, "calls": {"re": "no90", "kontra": "ansage"}})
    );
    // And reads back as what was entered, without the request-only fields.
    let shown = &entered.json["deal"]["entry"];
    assert_eq!(shown["re"], entry["re"]);
    assert_eq!(shown["announcements"], entry["announcements"]);
    assert!(shown.get("number").is_none() && shown.get("reason").is_none());
    let sheet = t.sheet(&service).await;
    assert_eq!(sheet["deals"][2], entered.json["deal"]);
});
