//! The tournament's audit log at the desk, on both backends: the changes newest first with
//! who (the organiser by name), what, where (round and table, linked) and why; what the
//! captain's phone enters in play only when asked for; a page at a time; another
//! organiser finds nothing.

use serde_json::json;
use service_tests::backend_test;

use crate::fixtures::{
    Table, call_json, desk, desk_form as form, desk_get as get, expect, normal, organizer, send,
};

backend_test!(the_desk_reads_who_changed_what_when_and_why, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    for re in [[1, 2], [2, 3]] {
        expect(
            &t.post(&service, &t.captain, &normal(re)).await,
            201,
            "a deal",
        );
    }
    // A co-organiser, by name, deletes deal 2.
    api::services::organizers::add(
        &app.state.db,
        "erika@example.org",
        "Erika Muster",
        service_tests::PASSWORD,
    )
    .unwrap();
    let added = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{}/organizers", t.tournament),
        Some(&t.org),
        Some(&json!({"email": "erika@example.org"})),
    )
    .await;
    expect(&added, 201, "a co-organiser");
    let erika = desk(&service, "erika@example.org").await;
    let me = desk(&service, "leitung@example.org").await;
    let version = t.sheet(&service).await["deals"][1]["version"].clone();
    let deleted = send(
        &service,
        form(
            &format!("/admin/tables/{}/deals/2/delete", t.table),
            &erika.cookies,
            &format!(
                "csrf={}&version={version}&reason=Doppelt+eingetragen",
                erika.csrf
            ),
        ),
    )
    .await;
    expect(&deleted, 303, "deal 2 deleted");

    let page = format!("/admin/tournaments/{}/audit", t.tournament);
    let shown = send(&service, get(&page, &me.cookies)).await;
    expect(&shown, 200, "the log");
    assert!(shown.text.contains("aria-current=\"page\">Protokoll</a>"));
    let at = shown.text.find("Spiel gelöscht").expect("the deletion");
    let row = &shown.text[shown.text[..at].rfind("<tr").unwrap()..];
    let row = &row[..row.find("</tr>").unwrap()];
    assert!(row.contains("Grund: Doppelt eingetragen"), "{row}");
    assert!(
        row.contains("<td>Turnierleitung (Erika Muster)</td>"),
        "by name: {row}"
    );
    assert!(
        row.contains(&format!(
            "<a href=\"/admin/tables/{}\">Runde 1 · Tisch 1</a>",
            t.table
        )),
        "{row}"
    );
    // The captain's entries are play, not changes: shown when asked for.
    assert!(!shown.text.contains("Spiel eingetragen"), "{}", shown.text);
    let everything = send(&service, get(&format!("{page}?all=1"), &me.cookies)).await;
    assert_eq!(everything.text.matches("Spiel eingetragen").count(), 2);
    assert!(everything.text.contains("<td>Listenführer</td>"));
    // Newest first: the deletion above the deals it followed.
    let deletion = everything.text.find("Spiel gelöscht").unwrap();
    assert!(deletion < everything.text.find("Spiel eingetragen").unwrap());

    // A page at a time: 201 renames and the deletion are 202 changes.
    for i in 0..201 {
        let renamed = call_json(
            &service,
            "PATCH",
            &format!("/api/v1/tournaments/{}", t.tournament),
            Some(&t.org),
            Some(&json!({"name": format!("Karlchen-Cup {i}")})),
        )
        .await;
        expect(&renamed, 200, "renamed");
    }
    let log = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/audit", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&log, 200, "the API's log");
    let changes = log
        .json
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| !e["actor"].as_str().unwrap().starts_with("captain"))
        .count();
    assert!(changes > 202, "{changes}");
    let first = send(&service, get(&page, &me.cookies)).await;
    assert!(
        first.text.contains(&format!("· {changes} Einträge")),
        "{}",
        first.text
    );
    let ids = |html: &str| -> Vec<i64> {
        html.match_indices("<tr id=\"audit-")
            .map(|(i, m)| {
                let rest = &html[i + m.len()..];
                rest[..rest.find('"').unwrap()].parse().unwrap()
            })
            .collect()
    };
    let on_first = ids(&first.text);
    assert_eq!(on_first.len(), 200);
    assert!(on_first.windows(2).all(|w| w[0] > w[1]), "newest first");
    let older = first
        .text
        .find("id=\"audit-older\" href=\"")
        .expect("older");
    let link = &first.text[older + "id=\"audit-older\" href=\"".len()..];
    let link = link[..link.find('"').unwrap()].replace("&amp;", "&");
    let second = send(&service, get(&link, &me.cookies)).await;
    expect(&second, 200, "older");
    let on_second = ids(&second.text);
    assert!(!on_second.is_empty() && on_second.iter().all(|id| id < on_first.last().unwrap()));
    assert_eq!(
        on_first.len() + on_second.len(),
        changes,
        "every change on one page"
    );
    assert!(!second.text.contains("audit-older"), "the last page");
    assert!(
        second.text.contains("Spiel gelöscht"),
        "the older changes are on the last page"
    );

    // Another organiser's desk finds no such page.
    organizer(&app, &service, "andere@example.org").await;
    let other = desk(&service, "andere@example.org").await;
    expect(
        &send(&service, get(&page, &other.cookies)).await,
        404,
        "another's log",
    );
});
