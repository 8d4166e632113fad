//! Printing at the desk: the print page lists each round's printouts; the table cards carry
//! each table's live join code and the QR code of its join link (issued from the page by a
//! guarded form, once); the score sheets in the TSR layout, pre-filled per table or blank;
//! the name cards; the standings. Only the tournament's organiser reaches them.

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    DESK_HOST, call_json, desk, desk_form as form, desk_get as get, expect, organizer, round, send,
    tournament,
};

/// Nine players with real names, a round of a 4-table and a 5-table, and the organiser's
/// token: (tournament, round id, names in seat order per table).
pub async fn drawn<S: crate::fixtures::App>(
    service: &S,
    token: &str,
) -> (i64, i64, Vec<Vec<String>>) {
    let id = tournament(
        service,
        token,
        &json!({"name": "Herbst-Cup", "date": "2026-11-28", "venue": "Vereinsheim", "rounds": 3}),
    )
    .await;
    let names = [
        "Anna Becker",
        "Bernd Schulz",
        "Clara Wolf",
        "Dieter Krause",
        "Eva Neumann",
        "Frank Zimmer",
        "Gisela Hahn",
        "Heinz Vogel",
        "Ilse Brandt",
    ];
    let mut ids = Vec::new();
    for name in names {
        let p = call_json(
            service,
            "POST",
            &format!("/api/v1/tournaments/{id}/players"),
            Some(token),
            Some(&json!({"name": name, "club": "DKV Aachen"})),
        )
        .await;
        expect(&p, 201, "player");
        ids.push(p.json["id"].as_i64().unwrap());
    }
    // Table 1 seats players 4,1,7,2 (in that order), table 2 the other five.
    let one = vec![ids[3], ids[0], ids[6], ids[1]];
    let two = vec![ids[2], ids[4], ids[5], ids[7], ids[8]];
    let r = round(service, token, id, &json!([one, two])).await;
    let seated = |t: &[i64]| {
        t.iter()
            .map(|p| names[ids.iter().position(|x| x == p).unwrap()].to_owned())
            .collect::<Vec<_>>()
    };
    (
        id,
        r.json["id"].as_i64().unwrap(),
        vec![seated(&one), seated(&two)],
    )
}

/// The round's live codes as the API gives them, by table number.
async fn codes<S: crate::fixtures::App>(service: &S, token: &str, round: i64) -> Vec<Value> {
    let answer = call_json(
        service,
        "GET",
        &format!("/api/v1/rounds/{round}/join-codes"),
        Some(token),
        None,
    )
    .await;
    expect(&answer, 200, "codes");
    answer.json["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["code"].clone())
        .collect()
}

/// The part of `page` from `start` up to the next `end` after it.
fn between<'a>(page: &'a str, start: &str, end: &str) -> &'a str {
    let from = page
        .find(start)
        .unwrap_or_else(|| panic!("{start} in {page}"));
    let rest = &page[from..];
    &rest[..rest[start.len()..]
        .find(end)
        .map_or(rest.len(), |i| i + start.len())]
}

/// The row of the printed standings that names `name`.
fn row_of<'a>(table: &'a str, name: &str) -> &'a str {
    let at = table
        .find(name)
        .unwrap_or_else(|| panic!("{name} in {table}"));
    let start = table[..at].rfind("<tr>").unwrap();
    let end = at + table[at..].find("</tr>").unwrap();
    &table[start..end]
}

backend_test!(the_print_page_and_its_printouts_are_his_alone, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let mine = organizer(&app, &service, "leitung@example.org").await;
    organizer(&app, &service, "andere@example.org").await;
    let (id, _, _) = drawn(&service, &mine).await;
    let me = desk(&service, "leitung@example.org").await;
    let other = desk(&service, "andere@example.org").await;

    let index = format!("/admin/tournaments/{id}/print");
    let shown = send(&service, get(&index, &me.cookies)).await;
    expect(&shown, 200, "the print page");
    assert_eq!(shown.header("cache-control"), "private, no-store");
    assert!(
        shown.text.contains("id=\"print-round-1\""),
        "{}",
        shown.text
    );
    assert!(shown.text.contains("aria-current=\"page\">Drucken</a>"));
    for link in [
        format!("/admin/tournaments/{id}/print/rounds/1/tables"),
        format!("/admin/tournaments/{id}/print/rounds/1/sheets"),
        format!("/admin/tournaments/{id}/print/rounds/1/cards"),
        format!("/tournaments/{id}/rounds/1/list"),
        format!("/admin/tournaments/{id}/print/standings"),
        format!("/admin/tournaments/{id}/print/certificates"),
    ] {
        assert!(shown.text.contains(&format!("href=\"{link}")), "{link}");
    }

    let pages = [
        index.clone(),
        format!("/admin/tournaments/{id}/print/rounds/1/tables"),
        format!("/admin/tournaments/{id}/print/rounds/1/sheets"),
        format!("/admin/tournaments/{id}/print/rounds/1/cards"),
        format!("/admin/tournaments/{id}/print/sheets?size=4&count=2"),
        format!("/admin/tournaments/{id}/print/standings"),
        format!("/admin/tournaments/{id}/print/standings?round=1"),
        format!("/admin/tournaments/{id}/print/certificates"),
        format!("/admin/tournaments/{id}/print/certificates?places=5"),
    ];
    for page in &pages {
        let mine = send(&service, get(page, &me.cookies)).await;
        expect(&mine, 200, page);
        assert!(mine.text.contains("Herbst-Cup"), "{page}");
        // Another organiser finds nothing there, and nobody signed out does.
        let theirs = send(&service, get(page, &other.cookies)).await;
        expect(&theirs, 404, page);
        assert!(!theirs.text.contains("Herbst-Cup"), "{page}");
        let away = send(&service, get(page, "")).await;
        expect(&away, 303, page);
        assert_eq!(away.header("location"), crate::fixtures::sign_in_to(page));
    }
    // A round that does not exist is not found either.
    for page in [
        format!("/admin/tournaments/{id}/print/rounds/2/tables"),
        format!("/admin/tournaments/{id}/print/rounds/7/sheets"),
        format!("/admin/tournaments/{id}/print/rounds/2/cards"),
        format!("/admin/tournaments/{id}/print/standings?round=9"),
        format!("/admin/tournaments/{id}/print/standings?round=x"),
        // Places for certificates: from 1 to 100.
        format!("/admin/tournaments/{id}/print/certificates?places=0"),
        format!("/admin/tournaments/{id}/print/certificates?places=101"),
        format!("/admin/tournaments/{id}/print/certificates?places=drei"),
        format!("/admin/tournaments/{id}/print/certificates?places=99999999999"),
    ] {
        expect(&send(&service, get(&page, &me.cookies)).await, 404, &page);
    }
});

backend_test!(
    the_table_cards_issue_the_codes_once_and_show_each_tables_join_link,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let mine = organizer(&app, &service, "leitung@example.org").await;
        let (id, round_id, seated) = drawn(&service, &mine).await;
        let me = desk(&service, "leitung@example.org").await;
        let cards = format!("/admin/tournaments/{id}/print/rounds/1/tables");
        let issue = format!("/admin/tournaments/{id}/print/rounds/1/codes");

        // No codes yet: the cards say so and offer the button; no QR code.
        let before = send(&service, get(&cards, &me.cookies)).await;
        expect(&before, 200, "cards without codes");
        assert!(
            before.text.contains("id=\"issue-codes\""),
            "{}",
            before.text
        );
        assert!(!before.text.contains("<svg"));
        assert_eq!(
            codes(&service, &mine, round_id).await,
            [Value::Null, Value::Null]
        );

        // Without the form token: refused, nothing issued.
        let forged = send(&service, form(&issue, &me.cookies, "")).await;
        expect(&forged, 403, "no token");
        assert_eq!(
            codes(&service, &mine, round_id).await,
            [Value::Null, Value::Null]
        );

        // With it: issued, on to the cards.
        let body = format!("csrf={}", me.csrf);
        let issued = send(&service, form(&issue, &me.cookies, &body)).await;
        expect(&issued, 303, "issued");
        assert_eq!(issued.header("location"), cards);
        let live = codes(&service, &mine, round_id).await;
        assert!(live.iter().all(Value::is_string), "{live:?}");

        // Sent again (a double tap): the codes stay.
        expect(
            &send(&service, form(&issue, &me.cookies, &body)).await,
            303,
            "again",
        );
        assert_eq!(codes(&service, &mine, round_id).await, live);

        let after = send(&service, get(&cards, &me.cookies)).await;
        expect(&after, 200, "cards");
        assert!(!after.text.contains("id=\"issue-codes\""), "all have codes");
        for (i, code) in live.iter().enumerate() {
            let code = code.as_str().unwrap();
            let number = i + 1;
            // (Tera writes `/` in a text as `&#x2F;`; the browser shows `/`.)
            let card = between(
                &after.text,
                &format!("id=\"table-card-{number}\""),
                "</section>",
            )
            .replace("&#x2F;", "/");
            // The code in large type, the link the QR code holds, the QR code itself.
            assert!(card.contains(&format!("<strong>{code}</strong>")), "{card}");
            let link = format!("http://{DESK_HOST}/join/{code}");
            assert!(card.contains(&format!("data-link=\"{link}\"")), "{card}");
            assert!(
                card.contains(&format!(
                    "aria-label=\"QR-Code zum Beitreten an Tisch {number}\""
                )),
                "{card}"
            );
            assert_eq!(card.matches("<svg").count(), 1);
            // Its players in seat order.
            let mut at = 0;
            for name in &seated[i] {
                let found = card[at..]
                    .find(name.as_str())
                    .unwrap_or_else(|| panic!("{name} after position {at} on card {number}"));
                at += found;
            }
        }
        // The link opens the table: the code the card shows is the one that joins.
        let code = live[1].as_str().unwrap();
        let joined = send(
            &service,
            actix_web::test::TestRequest::get()
                .uri(&format!("/join/{code}"))
                .to_request(),
        )
        .await;
        expect(&joined, 303, "the printed link joins");
        assert_eq!(joined.header("location"), "/table");
    }
);

backend_test!(
    the_score_sheets_have_every_deal_the_pflichtsolo_rubric_and_a_signature_a_player,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let mine = organizer(&app, &service, "leitung@example.org").await;
        let (id, _, seated) = drawn(&service, &mine).await;
        let me = desk(&service, "leitung@example.org").await;

        let sheets = send(
            &service,
            get(
                &format!("/admin/tournaments/{id}/print/rounds/1/sheets"),
                &me.cookies,
            ),
        )
        .await;
        expect(&sheets, 200, "pre-filled sheets");
        // A 4-table plays 24 deals, a 5-table 30 (TSR 8.5.1, 10.1).
        for (n, (deals, players)) in [(24, &seated[0]), (30, &seated[1])].into_iter().enumerate() {
            let sheet = between(
                &sheets.text,
                &format!("id=\"sheet-{}\"", n + 1),
                "</section>",
            );
            assert!(
                sheet.contains(&format!("Runde 1 · Tisch {}", n + 1)),
                "{sheet}"
            );
            assert_eq!(sheet.matches("<tr class=\"deal\">").count(), deals);
            assert!(sheet.contains(&format!(">{deals}</th>")));
            assert_eq!(sheet.matches("<tr class=\"owed\">").count(), players.len());
            assert_eq!(sheet.matches("class=\"signature\"").count(), players.len());
            assert!(sheet.contains("Pflichtsoli (TSR 4.2.4)"));
            for (seat, name) in players.iter().enumerate() {
                assert!(
                    sheet.contains(&format!("Pos. {} · {name} (Nr.", seat + 1)),
                    "signature line of {name}: {sheet}"
                );
            }
        }
        assert!(!sheets.text.contains("id=\"sheet-3\""), "one sheet a table");

        // Blank: five-tables, three of them, 30 deals each, no names.
        let blank = send(
            &service,
            get(
                &format!("/admin/tournaments/{id}/print/sheets?size=5&count=3"),
                &me.cookies,
            ),
        )
        .await;
        expect(&blank, 200, "blank sheets");
        assert_eq!(blank.text.matches("class=\"score-sheet five\"").count(), 3);
        assert_eq!(blank.text.matches("<tr class=\"deal\">").count(), 90);
        assert_eq!(blank.text.matches("class=\"signature\"").count(), 15);
        for name in seated.iter().flatten() {
            assert!(
                !blank.text.contains(name.as_str()),
                "{name} on a blank sheet"
            );
        }
        let four = send(
            &service,
            get(
                &format!("/admin/tournaments/{id}/print/sheets?size=4&count=1"),
                &me.cookies,
            ),
        )
        .await;
        expect(&four, 200, "a blank four");
        assert_eq!(four.text.matches("<tr class=\"deal\">").count(), 24);
        assert_eq!(four.text.matches("class=\"signature\"").count(), 4);

        // A size that is no table's: the print page again, the reason shown, the input kept.
        let refused = send(
            &service,
            get(
                &format!("/admin/tournaments/{id}/print/sheets?size=6&count=75"),
                &me.cookies,
            ),
        )
        .await;
        expect(&refused, 400, "size 6");
        assert!(
            refused
                .text
                .contains("id=\"blank-error\" class=\"error\" role=\"alert\"")
        );
        assert!(refused.text.contains("value=\"75\""), "the count kept");
    }
);

backend_test!(
    the_name_cards_and_the_standings_name_every_player_where_he_sits,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let mine = organizer(&app, &service, "leitung@example.org").await;
        let (id, round_id, seated) = drawn(&service, &mine).await;
        let me = desk(&service, "leitung@example.org").await;
        // One deal at table 1: a normal game won by Re, positions 2 and 3 (Anna Becker,
        // Gisela Hahn) +1, positions 1 and 4 (Dieter Krause, Bernd Schulz) -1.
        let listed = call_json(
            &service,
            "GET",
            &format!("/api/v1/rounds/{round_id}/join-codes"),
            Some(&mine),
            None,
        )
        .await;
        let table = listed.json["tables"][0]["table_id"].as_i64().unwrap();
        let captain = crate::fixtures::captain(&service, &mine, table).await;
        let dealt = call_json(
            &service,
            "POST",
            &format!("/api/v1/tables/{table}/deals"),
            Some(&captain),
            Some(&crate::fixtures::normal([1, 2])),
        )
        .await;
        expect(&dealt, 201, "a deal");

        let cards = send(
            &service,
            get(
                &format!("/admin/tournaments/{id}/print/rounds/1/cards"),
                &me.cookies,
            ),
        )
        .await;
        expect(&cards, 200, "name cards");
        assert_eq!(cards.text.matches("class=\"name-card\"").count(), 9);
        for (t, players) in seated.iter().enumerate() {
            for (s, name) in players.iter().enumerate() {
                let card = between(
                    &cards.text,
                    &format!("<p class=\"card-name\">{name}"),
                    "</li>",
                );
                assert!(
                    card.contains(&format!("Tisch {} · Platz {}", t + 1, s + 1)),
                    "{name}: {card}"
                );
            }
        }

        let standings = send(
            &service,
            get(
                &format!("/admin/tournaments/{id}/print/standings"),
                &me.cookies,
            ),
        )
        .await;
        expect(&standings, 200, "standings");
        let table = between(&standings.text, "id=\"printed-standings\"", "</table>");
        assert_eq!(table.matches("<tr><td class=\"num\">").count(), 9);
        for name in seated.iter().flatten() {
            assert!(table.contains(name.as_str()), "{name}");
        }
        // The points as the sheets give them: the winners first, sharing rank 1.
        for (name, rank, total) in [
            ("Anna Becker", 1, 1),
            ("Gisela Hahn", 1, 1),
            ("Clara Wolf", 3, 0),
            ("Dieter Krause", 8, -1),
            ("Bernd Schulz", 8, -1),
        ] {
            let line = row_of(table, name);
            assert!(
                line.starts_with(&format!("<tr><td class=\"num\">{rank}</td>")),
                "{line}"
            );
            assert!(
                line.contains(&format!("<strong>{total}</strong>")),
                "{line}"
            );
        }
        // Three rounds planned: a column each, then the total and the average.
        assert!(table.contains("Rd. 3"));
        let one = send(
            &service,
            get(
                &format!("/admin/tournaments/{id}/print/standings?round=1"),
                &me.cookies,
            ),
        )
        .await;
        expect(&one, 200, "round 1");
        assert!(one.text.contains("Tabellenstand Runde 1"));
        let table = between(&one.text, "id=\"printed-standings\"", "</table>");
        assert!(row_of(table, "Anna Becker").contains("<strong>1</strong>"));
        assert!(!one.text.contains("Rd. 3"));
    }
);
