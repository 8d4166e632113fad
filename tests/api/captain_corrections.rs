//! A captain's correction previews as an entry does, in process on both backends: the
//! scores it would give (the scorer's for the corrected facts) and the totals after it,
//! in the page or alone for the script, with nothing changed; a correction the sheet
//! refuses previews as the refusal.

use serde_json::json;
use service_tests::backend_test;

use crate::captain_pages::{join, kontra_counted, page, post};
use crate::fixtures::{Table, call_json, expect};

backend_test!(a_correction_previews_what_saving_it_would_write, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::new(&app, &service, 4).await;
    let cookie = join(&service, &table.org, table.table).await;
    let saved = post(
        &service,
        &cookie,
        "/table/deals",
        &kontra_counted("c1"),
        &[],
    )
    .await;
    expect(&saved, 303, "deal 1");
    let before = table.sheet(&service).await;
    let version = before["deals"][0]["version"].to_string();
    let shown = page(&service, &cookie, "/table/deals/1").await;
    expect(&shown, 200, "the correction page");
    assert!(
        shown.text.contains("id=\"preview-button\""),
        "{}",
        shown.text
    );

    // Kontra took 60, not 95: Re has 180, and keine 90 is made.
    let mut fields = kontra_counted("c2");
    for field in fields.iter_mut() {
        match field.0 {
            "points" => field.1 = "60",
            "tricks" => field.1 = "",
            "action" => field.1 = "preview",
            _ => {}
        }
    }
    fields.push(("version", &version));
    let previewed = post(&service, &cookie, "/table/deals/1", &fields, &[]).await;
    expect(&previewed, 200, "the correction's preview");
    let html = &previewed.text;
    assert!(
        html.contains("id=\"correct-heading\""),
        "in the correction page"
    );
    let scored = call_json(
        &service,
        "POST",
        "/api/v1/score",
        None,
        Some(
            &json!({"contract": "normal", "re": [0, 2], "re_points": 180, "re_tricks": 9,
            "announcements": {"re": "no90"},
            "extras": {"re": {"fox": 1}, "kontra": {"doppelkopf": 1}}}),
        ),
    )
    .await;
    expect(&scored, 200, "the scorer");
    for seat in 0..4 {
        let score = scored.json["scores"][seat].as_i64().unwrap();
        assert!(
            html.contains(&format!("<td data-seat=\"{seat}\">{score}</td>")),
            "seat {seat}: {score} in {html}"
        );
    }
    assert_ne!(
        scored.json["scores"], before["deals"][0]["scores"],
        "it changes"
    );
    assert_eq!(table.sheet(&service).await, before, "nothing changed");

    // The script's preview: the fragment alone.
    let fragment = post(
        &service,
        &cookie,
        "/table/deals/1",
        &fields,
        &[("Accept", "text/html; fragment=preview")],
    )
    .await;
    expect(&fragment, 200, "the fragment");
    assert!(!fragment.text.contains("<html"), "{}", fragment.text);
    assert!(fragment.text.contains("id=\"preview-scores\""));

    // 250 card points: the refusal, as saving would give it, in the preview.
    for field in fields.iter_mut() {
        if field.0 == "points" {
            field.1 = "250";
        }
    }
    let refused = post(&service, &cookie, "/table/deals/1", &fields, &[]).await;
    expect(&refused, 422, "an impossible correction");
    assert!(
        refused.text.contains("id=\"preview-error\""),
        "{}",
        refused.text
    );
    assert_eq!(table.sheet(&service).await, before, "nothing changed");
});
