//! Two phones at one table, in process on both backends: the table's state as the page's
//! script follows it (`/table/state`, tagged, an empty 304 while nothing changed), and an
//! entry whose deal another phone entered first: a plain form is shown beside the stored
//! deal and moved on to the next number, so that saving it again keeps it; the outbox's
//! JSON refusal names the next number, and the script's comparison comes as a fragment.

use actix_web::test::TestRequest;
use serde_json::json;
use service_tests::backend_test;

use crate::captain_pages::{input_value, join, kontra_counted, page, post};
use crate::fixtures::{Table, expect, send};

/// The entries a deal card of `html`'s `#overtaken-{side}` shows, by seat.
fn card_scores(html: &str, side: &str, seats: u8) -> Vec<i32> {
    let card = &html[html
        .find(&format!("id=\"overtaken-{side}\""))
        .unwrap_or_else(|| panic!("the {side} card in {html}"))..];
    (0..seats)
        .map(|seat| {
            let at = card.find(&format!("data-seat=\"{seat}\"")).unwrap();
            let num = &card[at..][card[at..].find("class=\"num\">").unwrap() + 12..];
            num[..num.find('<').unwrap()].trim().parse().unwrap()
        })
        .collect()
}

/// The entries of deal `n` (0-based) of `sheet`.
fn scores(sheet: &serde_json::Value, n: usize) -> Vec<i32> {
    serde_json::from_value(sheet["deals"][n]["scores"].clone()).unwrap()
}

backend_test!(
    the_table_state_follows_every_phone_and_costs_nothing_while_unchanged,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let table = Table::new(&app, &service, 4).await;
        let first = join(&service, &table.org, table.table).await;
        let second = join(&service, &table.org, table.table).await;

        let state = page(&service, &second, "/table/state").await;
        expect(&state, 200, "the table's state");
        assert!(!state.text.contains("<html"), "a fragment: {}", state.text);
        assert!(
            state.text.contains("id=\"next-deal\" data-number=\"1\""),
            "{}",
            state.text
        );
        let tag = state.header("etag").to_owned();
        assert!(tag.starts_with('"') && tag.len() > 10, "{tag}");
        let ask = |tag: String| {
            TestRequest::get()
                .uri("/table/state")
                .insert_header(("Cookie", second.clone()))
                .insert_header(("If-None-Match", tag))
                .to_request()
        };
        let unchanged = send(&service, ask(tag.clone())).await;
        expect(&unchanged, 304, "nothing changed");
        assert!(unchanged.text.is_empty());

        // The other phone saves deal 1: the state changes, and says deal 2 is next.
        let saved = post(
            &service,
            &first,
            "/table/deals",
            &kontra_counted("first"),
            &[],
        )
        .await;
        expect(&saved, 303, "saved on the first phone");
        let moved = send(&service, ask(tag.clone())).await;
        expect(&moved, 200, "the state after another phone's deal");
        assert!(
            moved.text.contains("id=\"next-deal\" data-number=\"2\""),
            "{}",
            moved.text
        );
        assert_ne!(moved.header("etag"), tag.as_str());

        // Without the cookie: to /join, as every captain page.
        let stranger = send(
            &service,
            TestRequest::get().uri("/table/state").to_request(),
        )
        .await;
        expect(&stranger, 303, "no cookie");
        assert_eq!(stranger.header("location"), "/join");
    }
);

backend_test!(
    an_entry_another_phone_overtook_is_shown_beside_the_stored_deal_and_kept_as_the_next,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let table = Table::new(&app, &service, 4).await;
        let first = join(&service, &table.org, table.table).await;
        let second = join(&service, &table.org, table.table).await;
        let saved = post(
            &service,
            &first,
            "/table/deals",
            &kontra_counted("first"),
            &[],
        )
        .await;
        expect(&saved, 303, "deal 1 from the first phone");

        // The second phone's deal 1, another game (seats 2 and 4 Re): overtaken.
        let mut mine = kontra_counted("second");
        mine[1] = ("re", "1");
        mine[2] = ("re", "3");
        let refused = post(&service, &second, "/table/deals", &mine, &[]).await;
        expect(&refused, 409, "deal 1 was taken meanwhile");
        let html = &refused.text;
        assert!(html.contains("data-code=\"deal_number_taken\""), "{html}");
        assert!(
            html.contains("Spiel 1 wurde inzwischen auf einem anderen Telefon eingetragen"),
            "{html}"
        );
        let sheet = table.sheet(&service).await;
        assert_eq!(card_scores(html, "stored", 4), scores(&sheet, 0));
        // The form moved on to deal 2, the captain's facts and key kept.
        assert_eq!(input_value(html, "number"), "2");
        assert_eq!(input_value(html, "idempotency_key"), "second");
        assert_eq!(input_value(html, "points"), "95");
        assert!(
            html.contains("Speichern trägt deine Eingabe als Spiel 2 ein."),
            "{html}"
        );
        assert!(html.contains("id=\"overtaken-drop\""), "{html}");
        let previewed = card_scores(html, "mine", 4);

        // Saved again as rendered: deal 2, scored as the card said.
        mine[14] = ("number", "2");
        let kept = post(&service, &second, "/table/deals", &mine, &[]).await;
        expect(&kept, 303, "kept as deal 2");
        let sheet = table.sheet(&service).await;
        assert_eq!(sheet["deals"].as_array().unwrap().len(), 2);
        assert_eq!(sheet["deals"][1]["entry"]["re"], json!([1, 3]));
        assert_eq!(scores(&sheet, 1), previewed);
        // The same facts with the Re seats the other way round: each seat scores what its
        // neighbour scored in deal 1, and nobody scores nothing.
        let (one, two) = (scores(&sheet, 0), scores(&sheet, 1));
        assert!(one.iter().all(|s| *s != 0), "{one:?}");
        assert_eq!(two, vec![one[1], one[0], one[3], one[2]]);

        // The outbox's entry for deal 2, sent late: refused with the number to move on to.
        let mut late = kontra_counted("late");
        late[14] = ("number", "2");
        late.retain(|(k, _)| *k != "idempotency_key");
        let json = post(
            &service,
            &second,
            "/table/deals",
            &late,
            &[("Accept", "application/json"), ("Idempotency-Key", "late")],
        )
        .await;
        expect(&json, 409, "the outbox's overtaken entry");
        assert_eq!(json.json["code"], "deal_number_taken");
        assert_eq!(json.json["next"], 3);
        assert!(json.json.get("current").is_none(), "{}", json.text);
        // The script's comparison: the fragment alone, without the plain page's buttons.
        let mut ask = late.clone();
        ask.retain(|(k, _)| *k != "action");
        ask.push(("action", "compare"));
        let compared = post(&service, &second, "/table/deals", &ask, &[]).await;
        expect(&compared, 200, "the comparison");
        assert!(!compared.text.contains("<html"), "{}", compared.text);
        assert_eq!(card_scores(&compared.text, "stored", 4), scores(&sheet, 1));
        assert_eq!(card_scores(&compared.text, "mine", 4), scores(&sheet, 0));
        assert!(!compared.text.contains("overtaken-drop"));
        assert_eq!(
            table.sheet(&service).await["deals"]
                .as_array()
                .unwrap()
                .len(),
            2
        );
    }
);

// A family game's table follows live the same way: its own state, not Doppelkopf's.
backend_test!(a_family_tables_state_is_its_own, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let body = json!({"name": "Doppeldoppel", "date": "2026-12-05", "ruleset": "doppeldoppel"});
    let table = Table::of_tournament(&app, &service, 3, &body).await;
    let phone = join(&service, &table.org, table.table).await;
    let page_html = page(&service, &phone, "/table").await;
    expect(&page_html, 200, "the family table");
    assert!(
        page_html
            .text
            .contains("<div id=\"table-state\" data-live=\"/table/state\">")
    );
    let state = page(&service, &phone, "/table/state").await;
    expect(&state, 200, "its state");
    assert!(!state.text.contains("<html"), "{}", state.text);
    assert!(
        state.text.contains("id=\"next-deal\" data-number=\"1\""),
        "{}",
        state.text
    );
    assert!(
        !state.text.contains("pflichtsolo-owed"),
        "not Doppelkopf's: {}",
        state.text
    );
    let again = send(
        &service,
        TestRequest::get()
            .uri("/table/state")
            .insert_header(("Cookie", phone.clone()))
            .insert_header(("If-None-Match", state.header("etag").to_owned()))
            .to_request(),
    )
    .await;
    expect(&again, 304, "unchanged");
});
