//! Entering a table's deals at the desk (a table without a working phone), in process on
//! both backends: the captain's form for the next deal with Save first (Enter saves), its
//! preview storing nothing, a deal by the facts and one by value and winner as the paper
//! list has it, each stored once however often the form is sent, audited as the
//! organiser's with his reason; refusals show the form again as filled in and store
//! nothing; another organiser finds nothing and a form without the token changes nothing.

use serde_json::Value;
use service_tests::backend_test;

use crate::fixtures::{Table, desk, desk_form as form, desk_get as get, expect, organizer, send};

/// The sheet's totals, by seat.
fn totals(sheet: &Value) -> Vec<i64> {
    sheet["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect()
}

/// The row of the page's history that names `reason`.
fn line_of<'a>(html: &'a str, reason: &str) -> &'a str {
    let html = &html[html.find("id=\"history\"").expect("a history")..];
    let at = html
        .find(reason)
        .unwrap_or_else(|| panic!("{reason} in {html}"));
    let start = html[..at].rfind("<tr").unwrap_or(0);
    let end = html[at..].find("</tr>").map_or(html.len(), |e| at + e);
    &html[start..end]
}

backend_test!(
    the_desk_keys_in_a_paper_sheet_by_the_facts_and_by_value,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        let me = desk(&service, "leitung@example.org").await;
        let page = format!("/admin/tables/{}/deals/new", t.table);
        let post = format!("/admin/tables/{}/deals", t.table);

        // The table's page leads there; the form is the next deal's, Save before Preview.
        let table_page = send(
            &service,
            get(&format!("/admin/tables/{}", t.table), &me.cookies),
        )
        .await;
        expect(&table_page, 200, "the table");
        assert!(
            table_page.text.contains(&format!("href=\"{page}\"")),
            "{}",
            table_page.text
        );
        let shown = send(&service, get(&page, &me.cookies)).await;
        expect(&shown, 200, "the entry page");
        assert!(
            shown.text.contains("Spiel eintragen 1 von 24"),
            "{}",
            shown.text
        );
        assert!(shown.text.contains(&format!("action=\"{post}\"")));
        let save = shown.text.find("id=\"save-button\"").expect("save");
        let preview = shown.text.find("id=\"preview-button\"").expect("preview");
        assert!(save < preview, "Enter saves: Save is the first button");
        assert_eq!(shown.text.matches(" autofocus").count(), 1);
        let focused = &shown.text[..shown.text.find(" autofocus").unwrap()];
        let focused = &focused[focused.rfind("<input").unwrap()..];
        assert!(
            focused.contains("name=\"contract\" value=\"normal\""),
            "the form opens with the focus on the game: {focused}"
        );

        // Deal 1 (seat 0 deals): Re are seats 1 and 2 with 150 (Kontra has 90: no "keine 90"), nothing called.
        let facts = |key: &str, action: &str| {
            format!(
                "csrf={}&number=1&idempotency_key={key}&contract=normal&re=1&re=2\
                 &points=150&points_of=re&call_re=none&call_kontra=none\
                 &reason=Handy+leer&action={action}",
                me.csrf
            )
        };
        let previewed = send(&service, form(&post, &me.cookies, &facts("d1", "preview"))).await;
        expect(&previewed, 200, "previewed");
        assert!(
            previewed.text.contains("id=\"preview-scores\""),
            "{}",
            previewed.text
        );
        let scores = &previewed.text[previewed.text.find("id=\"preview-scores\"").unwrap()..];
        let scores = &scores[..scores.find("</table>").unwrap()];
        assert!(
            scores.contains("data-seat=\"1\">1<"),
            "Re's seat gets 1: {scores}"
        );
        assert!(
            scores.contains("data-seat=\"0\">-1<"),
            "Kontra's seat pays 1: {scores}"
        );
        assert_eq!(
            t.sheet(&service).await["deals"].as_array().map(Vec::len),
            Some(0)
        );

        // Saved, twice over (a double click, a reload): one deal, and the next deal's form.
        for _ in 0..2 {
            let saved = send(&service, form(&post, &me.cookies, &facts("d1", "save"))).await;
            expect(&saved, 303, "saved");
            assert_eq!(saved.header("location"), format!("{page}?saved=1"));
        }
        let sheet = t.sheet(&service).await;
        assert_eq!(sheet["deals"].as_array().map(Vec::len), Some(1), "{sheet}");
        assert_eq!(totals(&sheet), [-1, 1, 1, -1]);
        let next = send(&service, get(&format!("{page}?saved=1"), &me.cookies)).await;
        expect(&next, 200, "the next deal");
        assert!(next.text.contains("Spiel 1 gespeichert."));
        assert!(next.text.contains("Spiel eintragen 2 von 24"));

        // Refused: a value that is no number, points no deal has. Shown again as typed,
        // with the reason; nothing stored.
        let paper = |csrf: &str, key: &str, value: &str| {
            format!(
                "csrf={csrf}&entry=paper&number=2&idempotency_key={key}&contract=normal\
                 &re=2&re=3&value={value}&winner=kontra&reason=Papierliste"
            )
        };
        let bad_paper = paper(&me.csrf, "p-bad", "abc");
        let refused = send(&service, form(&post, &me.cookies, &bad_paper)).await;
        expect(&refused, 422, "no value");
        assert!(
            refused.text.contains("data-form=\"paper\""),
            "{}",
            refused.text
        );
        assert!(
            refused.text.contains("value=\"abc\" aria-invalid=\"true\""),
            "kept as typed, marked"
        );
        assert!(
            refused
                .text
                .contains("<details id=\"paper-entry\" class=\"more\" open>")
        );
        // A seat that is no number: refused by its field, nothing stored.
        let no_seat = bad_paper
            .replace("value=abc", "value=3")
            .replace("re=3", "re=drei");
        let refused = send(&service, form(&post, &me.cookies, &no_seat)).await;
        expect(&refused, 422, "no seat");
        assert!(
            refused
                .text
                .contains("id=\"paper-re\" class=\"choices seats invalid\""),
            "{}",
            refused.text
        );
        let bad_facts = format!(
            "csrf={}&number=2&idempotency_key=f-bad&contract=normal&re=2&re=3&points=300\
             &points_of=re&call_re=none&call_kontra=none&action=save",
            me.csrf
        );
        let refused = send(&service, form(&post, &me.cookies, &bad_facts)).await;
        expect(&refused, 422, "300 points");
        assert!(
            refused.text.contains("data-form=\"facts\""),
            "{}",
            refused.text
        );
        assert!(refused.text.contains("value=\"300\""), "kept as typed");
        // Without the token: a deal the sheet would take, refused before anything is read.
        let no_token = paper("", "p-2", "3");
        expect(
            &send(&service, form(&post, &me.cookies, &no_token)).await,
            403,
            "no token",
        );
        assert_eq!(t.sheet(&service).await, sheet, "nothing stored");

        // Another organiser finds neither the page nor the table.
        organizer(&app, &service, "andere@example.org").await;
        let other = desk(&service, "andere@example.org").await;
        expect(
            &send(&service, get(&page, &other.cookies)).await,
            404,
            "another's page",
        );
        let foreign = paper(&other.csrf, "p-2", "3");
        expect(
            &send(&service, form(&post, &other.cookies, &foreign)).await,
            404,
            "another's post",
        );
        assert_eq!(t.sheet(&service).await, sheet, "nothing stored");

        // Deal 2 by value and winner (seat 1 deals): Re (seats 2, 3) lost, the paper says 3.
        let good = paper(&me.csrf, "p-2", "3");
        for _ in 0..2 {
            let saved = send(&service, form(&post, &me.cookies, &good)).await;
            expect(&saved, 303, "paper deal saved");
            assert_eq!(saved.header("location"), format!("{page}?saved=2"));
        }
        let sheet = t.sheet(&service).await;
        assert_eq!(sheet["deals"].as_array().map(Vec::len), Some(2), "{sheet}");
        assert_eq!(sheet["deals"][1]["entry"]["entry"], "paper", "{sheet}");
        assert_eq!(totals(&sheet), [2, 4, -2, -4]);

        // Both are the organiser's in the table's history, with his reasons.
        let history = send(
            &service,
            get(&format!("/admin/tables/{}", t.table), &me.cookies),
        )
        .await;
        expect(&history, 200, "the table");
        for reason in ["Handy leer", "Papierliste"] {
            let line = line_of(&history.text, reason);
            assert!(line.contains("Spiel eingetragen"), "{line}");
            assert!(line.contains("Turnierleitung"), "{line}");
        }
    }
);
