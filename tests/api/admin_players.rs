//! The players at the desk: the CSV import previews every row with every problem and
//! stores nothing until the whole file is right, then imports it with one click (once,
//! however often the click arrives); check-in with one click keeps the search and comes
//! back to the row; withdrawal, corrections, adding (a late arrival points to
//! re-planning), deleting only before a seat; every form refused without its token. And
//! the API's dry run that the preview is built on.

use actix_http::Request;
use actix_web::test::TestRequest;
use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    DESK_HOST, Reply, call_json, csv, desk, desk_form as form, desk_get as get, expect, organizer,
    send, tournament,
};

const BOUNDARY: &str = "----karlchen-test-7f3a";

/// A `multipart/form-data` form posted from the desk's own pages: each part is a field
/// name, a file name for a file, and its bytes.
fn multipart(path: &str, cookies: &str, parts: &[(&str, Option<&str>, &[u8])]) -> Request {
    let mut body = Vec::new();
    for (name, file, bytes) in parts {
        body.extend_from_slice(format!("--{BOUNDARY}\r\n").as_bytes());
        match file {
            Some(file) => body.extend_from_slice(
                format!(
                    "Content-Disposition: form-data; name=\"{name}\"; filename=\"{file}\"\r\nContent-Type: text/csv\r\n\r\n"
                )
                .as_bytes(),
            ),
            None => body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes(),
            ),
        }
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    TestRequest::post()
        .uri(path)
        .insert_header(("Host", DESK_HOST))
        .insert_header(("Origin", format!("http://{DESK_HOST}")))
        .insert_header(("Cookie", cookies.to_owned()))
        .insert_header((
            "Content-Type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        ))
        .set_payload(body)
        .to_request()
}

/// The value of the form field `name` on a page (as tera escaped it, unescaped).
fn field_value(page: &str, name: &str) -> String {
    let marker = format!("name=\"{name}\" value=\"");
    let start = page.find(&marker).unwrap_or_else(|| panic!("field {name}")) + marker.len();
    let end = start + page[start..].find('"').unwrap();
    page[start..end]
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#x2F;", "/")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The tournament's players as the API lists them for its organiser.
async fn roster<S: crate::fixtures::App>(service: &S, token: &str, t: i64) -> Vec<Value> {
    let list = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{t}/players"),
        Some(token),
        None,
    )
    .await;
    expect(&list, 200, "players");
    list.json.as_array().unwrap().clone()
}

/// The opening tag of a player's row on the list page.
fn row_tag(page: &str, id: i64) -> &str {
    let start = page
        .find(&format!("<tr id=\"player-{id}\""))
        .unwrap_or_else(|| panic!("row of player {id}"));
    let end = start + page[start..].find('>').unwrap();
    &page[start..=end]
}

/// 16 players as German Excel saves them (`;`, CRLF), with a BOM; row `bad` (if any) has
/// two faults in one line: a start number that is no number and a check-in that is no
/// yes or no.
pub fn sixteen(bad: Option<usize>) -> String {
    let mut file = String::from("\u{feff}Name;Verein;DDV-Nr.;Startnummer;Anwesend\r\n");
    for i in 1..=16 {
        let club = if i % 2 == 0 {
            "DK Kreuz-Dame"
        } else {
            "Pik-As Köln"
        };
        if Some(i) == bad {
            file.push_str(&format!(
                "Spieler {i:02};{club};{};x;vielleicht\r\n",
                1000 + i
            ));
        } else {
            let present = if i <= 4 { "ja" } else { "" };
            file.push_str(&format!(
                "Spieler {i:02};{club};{};{i};{present}\r\n",
                1000 + i
            ));
        }
    }
    file
}

backend_test!(
    a_csv_file_is_previewed_row_by_row_and_imported_only_when_right,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "leitung@example.org").await;
        let t = tournament(
            &service,
            &org,
            &json!({"name": "Herbst-Cup", "date": "2026-11-28"}),
        )
        .await;
        let me = desk(&service, "leitung@example.org").await;
        let path = format!("/admin/tournaments/{t}/players/import");
        let csrf = me.csrf.as_bytes();

        // A file with one bad row: every row is shown, the bad one marked with both its
        // problems, and nothing is stored.
        let bad = sixteen(Some(7));
        let preview = send(
            &service,
            multipart(
                &path,
                &me.cookies,
                &[
                    ("csrf", None, csrf),
                    ("file", Some("spieler.csv"), bad.as_bytes()),
                ],
            ),
        )
        .await;
        expect(&preview, 422, "a file with a bad row");
        assert_eq!(
            preview.text.matches("<tr data-line=").count(),
            16,
            "every row"
        );
        assert_eq!(
            preview.text.matches("class=\"bad\"").count(),
            1,
            "one bad row"
        );
        let bad_row = &preview.text[preview.text.find("data-line=\"8\"").unwrap()..];
        let bad_row = &bad_row[..bad_row.find("</tr>").unwrap()];
        assert!(bad_row.contains("class=\"bad\""), "{bad_row}");
        assert!(bad_row.contains("Spieler 07"), "{bad_row}");
        assert!(
            bad_row.contains("Startnummer: ungültiger Wert"),
            "{bad_row}"
        );
        assert!(bad_row.contains("Anwesend: ungültiger Wert"), "{bad_row}");
        assert!(preview.text.contains("role=\"alert\""));
        assert!(
            !preview.text.contains("id=\"import-confirm\""),
            "no import yet"
        );
        // The text comes back for correcting in place.
        assert!(
            preview
                .text
                .contains("Spieler 07;Pik-As Köln;1007;x;vielleicht")
        );
        assert!(roster(&service, &org, t).await.is_empty(), "nothing stored");

        // Without the form's token: refused, nothing stored (not even a preview).
        let forged = send(
            &service,
            multipart(
                &path,
                &me.cookies,
                &[("file", Some("spieler.csv"), sixteen(None).as_bytes())],
            ),
        )
        .await;
        expect(&forged, 403, "no token");
        assert!(roster(&service, &org, t).await.is_empty());

        // The corrected file, saved as Windows-1252 (German Excel): a clean preview with
        // the import form carrying the file as text and a fresh key.
        let fixed: Vec<u8> = sixteen(None)
            .trim_start_matches('\u{feff}')
            .chars()
            .map(|c| if c == 'ö' { 0xF6 } else { c as u8 })
            .collect();
        let preview = send(
            &service,
            multipart(
                &path,
                &me.cookies,
                &[("csrf", None, csrf), ("file", Some("spieler.csv"), &fixed)],
            ),
        )
        .await;
        expect(&preview, 200, "the fixed file");
        assert_eq!(preview.text.matches("<tr data-line=").count(), 16);
        assert!(!preview.text.contains("class=\"bad\""));
        assert!(preview.text.contains("Pik-As Köln"), "read as Windows-1252");
        assert!(preview.text.contains("id=\"import-confirm\""));
        assert!(
            roster(&service, &org, t).await.is_empty(),
            "a preview stores nothing"
        );
        let text = field_value(&preview.text, "csv");
        let key = field_value(&preview.text, "idempotency_key");
        assert!(text.starts_with("Name;Verein"), "{text}");
        assert_eq!(key.len(), 64);

        // Import: one click, once however often it arrives.
        let import = || {
            multipart(
                &path,
                &me.cookies,
                &[
                    ("csrf", None, csrf),
                    ("idempotency_key", None, key.as_bytes()),
                    ("csv", None, text.as_bytes()),
                    ("import", None, b"1"),
                ],
            )
        };
        let done = send(&service, import()).await;
        expect(&done, 303, "imported");
        assert_eq!(
            done.header("location"),
            format!("/admin/tournaments/{t}/players?imported=16")
        );
        let again = send(&service, import()).await;
        expect(&again, 303, "the same click again");
        let players = roster(&service, &org, t).await;
        assert_eq!(players.len(), 16, "imported once");
        assert_eq!(players[6]["name"], "Spieler 07");
        assert_eq!(players[6]["club"], "Pik-As Köln");
        assert_eq!(players[6]["ddv_number"], "1007");
        assert_eq!(players[6]["start_number"], 7);
        let present = players.iter().filter(|p| p["checked_in"] == true).count();
        assert_eq!(present, 4);

        let list = send(&service, get(done.header("location"), &me.cookies)).await;
        expect(&list, 200, "the list");
        assert!(
            list.text.contains("16 Spieler importiert."),
            "{}",
            list.text
        );
        assert!(
            list.text
                .contains("<span data-count=\"registered\">16</span>")
        );
        assert!(
            list.text
                .contains("<span data-count=\"checked-in\">4</span>")
        );
        assert_eq!(list.text.matches("<tr id=\"player-").count(), 16);

        // A file naming a registered player again without a DDV number: flagged, still
        // importable (two people of one name in one club are possible).
        let flagged = send(
            &service,
            multipart(
                &path,
                &me.cookies,
                &[
                    ("csrf", None, csrf),
                    (
                        "file",
                        Some("nachmeldung.csv"),
                        "Name;Verein\r\nspieler  03;pik-as köln\r\nNeu Hinzu;DK\r\n".as_bytes(),
                    ),
                ],
            ),
        )
        .await;
        expect(&flagged, 200, "a name registered already");
        assert!(
            flagged
                .text
                .contains("id=\"import-summary\" class=\"warning\""),
            "{}",
            flagged.text
        );
        assert!(
            flagged.text.contains("Zeilen mit Hinweis: 1 von 2"),
            "{}",
            flagged.text
        );
        assert_eq!(flagged.text.matches("class=\"flagged\"").count(), 1);
        assert!(flagged.text.contains(
            "Name: gleicher Name und Verein wie ein angemeldeter Spieler oder eine Zeile weiter oben"
        ));
        assert!(flagged.text.contains("id=\"import-confirm\""), "importable");

        // A file whose start numbers are taken now: the preview names them, row by row.
        let taken = send(
            &service,
            multipart(
                &path,
                &me.cookies,
                &[
                    ("csrf", None, csrf),
                    ("csv", None, b"Name;Startnummer\nNeu;3\nNeuer;3\n"),
                ],
            ),
        )
        .await;
        expect(&taken, 422, "taken numbers");
        assert_eq!(
            taken
                .text
                .matches("Startnummer: ist schon vergeben")
                .count(),
            2
        );
        // A file the desk cannot read at all: why, and nothing else.
        let header = send(
            &service,
            multipart(
                &path,
                &me.cookies,
                &[
                    ("csrf", None, csrf),
                    ("csv", None, b"Vorname;Verein\nA;B\n"),
                ],
            ),
        )
        .await;
        expect(&header, 422, "no name column");
        assert!(header.text.contains("id=\"import-file-error\""));
        assert!(header.text.contains("Spalte „Name“"), "{}", header.text);
        let big = vec![b'a'; 70 * 1024];
        let too_large = send(
            &service,
            multipart(
                &path,
                &me.cookies,
                &[("csrf", None, csrf), ("file", Some("big.csv"), &big)],
            ),
        )
        .await;
        expect(&too_large, 413, "too large");
        assert!(too_large.text.contains("zu groß"));
        assert_eq!(roster(&service, &org, t).await.len(), 16);
    }
);

backend_test!(
    players_are_checked_in_withdrawn_corrected_added_and_deleted_at_the_desk,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "leitung@example.org").await;
        let t = tournament(
            &service,
            &org,
            &json!({"name": "Herbst-Cup", "date": "2026-11-28"}),
        )
        .await;
        let ids = crate::fixtures::players(&service, &org, t, 5).await;
        let me = desk(&service, "leitung@example.org").await;
        let list = format!("/admin/tournaments/{t}/players");

        let page = send(&service, get(&list, &me.cookies)).await;
        expect(&page, 200, "the list");
        assert_eq!(page.header("cache-control"), "private, no-store");
        assert!(
            page.text
                .contains("<span data-count=\"registered\">5</span>")
        );
        assert!(page.text.contains("aria-current=\"page\">Spieler</a>"));
        let english = send(&service, get(&format!("{list}?lang=en"), &me.cookies)).await;
        expect(&english, 200, "in English");
        assert!(english.text.contains(">Check in<span"), "{}", english.text);
        assert!(english.text.contains("5</span> registered"));

        // Without script the search filters on the server: the others are hidden.
        let found = send(&service, get(&format!("{list}?q=spieler+3"), &me.cookies)).await;
        expect(&found, 200, "a search");
        assert!(!row_tag(&found.text, ids[3]).contains("hidden"));
        assert!(row_tag(&found.text, ids[0]).contains("hidden"));
        assert!(found.text.contains("<span id=\"player-shown\">1</span>"));

        // One click checks in; back to the row, the search kept.
        let check =
            |id: i64, body: String| form(&format!("{list}/{id}/checked-in"), &me.cookies, &body);
        let done = send(
            &service,
            check(ids[3], format!("csrf={}&value=true&q=spieler+3", me.csrf)),
        )
        .await;
        expect(&done, 303, "checked in");
        assert_eq!(
            done.header("location"),
            format!("{list}?q=spieler+3#player-{}", ids[3])
        );
        let players = roster(&service, &org, t).await;
        assert_eq!(players[3]["checked_in"], true);
        assert_eq!(players[2]["checked_in"], false);
        let page = send(&service, get(&format!("{list}?q=spieler+3"), &me.cookies)).await;
        assert!(
            page.text
                .contains("<span data-count=\"checked-in\">1</span>")
        );
        assert!(page.text.contains("data-checked=\"true\""));
        // Without the token, or with another: refused, nothing changes.
        for body in ["value=false".to_owned(), "csrf=00ff&value=false".to_owned()] {
            let refused = send(&service, check(ids[3], body.clone())).await;
            expect(&refused, 403, &body);
        }
        assert_eq!(roster(&service, &org, t).await[3]["checked_in"], true);
        // And back.
        let undone = send(
            &service,
            check(ids[3], format!("csrf={}&value=false", me.csrf)),
        )
        .await;
        expect(&undone, 303, "check-in taken back");
        assert_eq!(
            undone.header("location"),
            format!("{list}#player-{}", ids[3])
        );
        assert_eq!(roster(&service, &org, t).await[3]["checked_in"], false);

        // Withdraw, and take it back.
        let withdraw = |value: bool| {
            form(
                &format!("{list}/{}/withdrawn", ids[1]),
                &me.cookies,
                &format!("csrf={}&value={value}", me.csrf),
            )
        };
        let out = send(&service, withdraw(true)).await;
        expect(&out, 303, "withdrawn");
        assert_eq!(
            out.header("location"),
            format!("{list}?withdrawn={0}#player-{0}", ids[1])
        );
        assert_eq!(roster(&service, &org, t).await[1]["withdrawn"], true);
        let page = send(&service, get(out.header("location"), &me.cookies)).await;
        assert!(
            page.text
                .contains("Zurückgezogen: <strong>2 Spieler 1</strong>")
        );
        assert!(
            page.text
                .contains("<span data-count=\"withdrawn\">1</span>")
        );
        assert!(row_tag(&page.text, ids[1]).contains("class=\"withdrawn\""));
        expect(&send(&service, withdraw(false)).await, 303, "taken back");
        assert_eq!(roster(&service, &org, t).await[1]["withdrawn"], false);

        // A correction; an empty name is refused with the form kept.
        let edit = |body: &str| form(&format!("{list}/{}/edit", ids[0]), &me.cookies, body);
        let refused = send(
            &service,
            edit(&format!(
                "csrf={}&name=+&club=TSV+Neu&public_name=",
                me.csrf
            )),
        )
        .await;
        expect(&refused, 422, "no name");
        assert!(refused.text.contains("id=\"row-error\""));
        assert!(refused.text.contains("Name: fehlt oder ist zu lang"));
        assert!(refused.text.contains("value=\"TSV Neu\""), "the input kept");
        assert_eq!(roster(&service, &org, t).await[0]["name"], "Spieler 0");
        // Numbers that are none: refused by their labels, the form kept, nothing changed.
        for (body, said) in [
            (
                "name=Spieler+0&start_number=x",
                "Startnummer: ungültiger Wert",
            ),
            (
                "name=Spieler+0&ddv_number=abc",
                "DDV-Nummer: ist keine DDV-Nummer (1 bis 8 Ziffern)",
            ),
        ] {
            let refused = send(&service, edit(&format!("csrf={}&{body}", me.csrf))).await;
            expect(&refused, 422, body);
            assert!(refused.text.contains(said), "{body}: {}", refused.text);
        }
        assert_eq!(roster(&service, &org, t).await[0]["start_number"], 1);
        let saved = send(
            &service,
            edit(&format!(
                "csrf={}&name=Erika+Mustermann&club=TSV+Neu&public_name=E.+Mustermann",
                me.csrf
            )),
        )
        .await;
        expect(&saved, 303, "corrected");
        let players = roster(&service, &org, t).await;
        assert_eq!(players[0]["name"], "Erika Mustermann");
        assert_eq!(players[0]["club"], "TSV Neu");
        assert_eq!(players[0]["public_name"], "E. Mustermann");
        // Her DDV number set; a form without the field (a page from before it) keeps it.
        let body = format!(
            "csrf={}&name=Erika+Mustermann&ddv_number=4711&start_number=1",
            me.csrf
        );
        expect(&send(&service, edit(&body)).await, 303, "a DDV number");
        let body = format!("csrf={}&name=Erika+Mustermann&club=TSV+Neu", me.csrf);
        expect(&send(&service, edit(&body)).await, 303, "without the field");
        assert_eq!(roster(&service, &org, t).await[0]["ddv_number"], "4711");
        expect(
            &send(&service, edit("name=X")).await,
            403,
            "edit without token",
        );

        // Adding one: the form's key makes a double tap one player.
        let page = send(&service, get(&list, &me.cookies)).await;
        let key = field_value(&page.text, "idempotency_key");
        let add = |body: String| form(&list, &me.cookies, &body);
        let body = format!(
            "csrf={}&idempotency_key={key}&name=Max+Mayer&club=Kreuz+As&ddv_number=777&start_number=&public_name=&checked_in=on&q=",
            me.csrf
        );
        let added = send(&service, add(body.clone())).await;
        expect(&added, 303, "added");
        let again = send(&service, add(body)).await;
        assert_eq!(again.header("location"), added.header("location"));
        let players = roster(&service, &org, t).await;
        assert_eq!(players.len(), 6, "added once");
        let max = &players[5];
        assert_eq!(max["name"], "Max Mayer");
        assert_eq!(max["start_number"], 6);
        assert_eq!(max["checked_in"], true);
        assert_eq!(max["ddv_number"], "777");
        assert_eq!(
            added.header("location"),
            format!("{list}?added={0}#player-{0}", max["id"])
        );
        let page = send(&service, get(added.header("location"), &me.cookies)).await;
        assert!(
            page.text
                .contains("Hinzugefügt: <strong>6 Max Mayer</strong>")
        );
        assert!(!page.text.contains("id=\"replan-link\""), "no rounds yet");
        // A start number that is taken: refused, the input kept.
        let refused = send(
            &service,
            add(format!(
                "csrf={}&idempotency_key=k-2&name=Nina+Neu&club=Herz+Dame&start_number=6",
                me.csrf
            )),
        )
        .await;
        expect(&refused, 422, "number taken");
        assert!(refused.text.contains("Startnummer: ist schon vergeben"));
        assert!(refused.text.contains("value=\"Nina Neu\""));
        assert!(refused.text.contains("value=\"Herz Dame\""));
        expect(
            &send(&service, add("name=Ohne+Token&idempotency_key=k-3".into())).await,
            403,
            "add without token",
        );
        assert_eq!(roster(&service, &org, t).await.len(), 6);

        // Deleting one registered by mistake, before he has a seat.
        let delete = |id: i64, token: &str| {
            form(
                &format!("{list}/{id}/delete"),
                &me.cookies,
                &format!("csrf={token}"),
            )
        };
        expect(&send(&service, delete(ids[4], "")).await, 403, "no token");
        let gone = send(&service, delete(ids[4], &me.csrf)).await;
        expect(&gone, 303, "deleted");
        let players = roster(&service, &org, t).await;
        assert_eq!(players.len(), 5);
        assert!(players.iter().all(|p| p["id"] != ids[4]));

        // Seated in a round: deleting is refused at his row; adding now is a late arrival
        // pointed to re-planning.
        crate::fixtures::round(&service, &org, t, &json!([&ids[0..4]])).await;
        let seated = send(&service, delete(ids[2], &me.csrf)).await;
        expect(&seated, 409, "seated");
        assert!(seated.text.contains("id=\"row-error\""));
        assert!(seated.text.contains("data-action=\"delete\""));
        assert!(seated.text.contains("Ziehen Sie ihn stattdessen zurück."));
        assert_eq!(roster(&service, &org, t).await.len(), 5);
        let late = send(
            &service,
            add(format!(
                "csrf={}&idempotency_key=k-4&name=Paula+Sp%C3%A4t",
                me.csrf
            )),
        )
        .await;
        expect(&late, 303, "a late arrival");
        let page = send(&service, get(late.header("location"), &me.cookies)).await;
        assert!(page.text.contains("Paula Spät"));
        assert!(page.text.contains("id=\"replan-link\""), "{}", page.text);
        assert!(
            page.text
                .contains(&format!("href=\"/admin/tournaments/{t}/rounds\""))
        );

        // Another tournament's player is not found through this tournament's page.
        let other = tournament(
            &service,
            &org,
            &json!({"name": "Winter-Cup", "date": "2026-12-12"}),
        )
        .await;
        let stray = send(
            &service,
            form(
                &format!("/admin/tournaments/{other}/players/{}/checked-in", ids[0]),
                &me.cookies,
                &format!("csrf={}&value=true", me.csrf),
            ),
        )
        .await;
        expect(&stray, 404, "not his tournament's player");
        assert_eq!(roster(&service, &org, t).await[0]["checked_in"], false);
    }
);

backend_test!(the_api_previews_an_import_without_storing, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let t = tournament(
        &service,
        &org,
        &json!({"name": "Herbst-Cup", "date": "2026-11-28"}),
    )
    .await;
    crate::fixtures::players(&service, &org, t, 2).await;
    let path = format!("/api/v1/tournaments/{t}/players/import?dry_run=true");
    let file = "name;start_number;checked_in\nAnna;;ja\nBernd;x;vielleicht\n;7;\nClara;2;\nDora;;\nEmil;3;\n";
    let preview: Reply = send(&service, csv(&path, Some(&org), file)).await;
    expect(&preview, 200, "a dry run");
    let body = &preview.json;
    assert_eq!(body["valid"], false);
    assert_eq!(body["errors"], json!([]));
    let rows = body["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 6, "every row");
    let lines: Vec<i64> = rows.iter().map(|r| r["line"].as_i64().unwrap()).collect();
    assert_eq!(lines, [2, 3, 4, 5, 6, 7]);
    let fields = |i: usize| -> Vec<String> {
        rows[i]["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                format!(
                    "{} {}",
                    e["field"].as_str().unwrap(),
                    e["code"].as_str().unwrap()
                )
            })
            .collect()
    };
    // Anna gets the next free number, 3.
    assert_eq!(rows[0]["start_number"], 3);
    assert_eq!(rows[0]["checked_in"], true);
    assert!(fields(0).is_empty());
    // Every problem of Bernd's row, and no number for him.
    assert_eq!(
        fields(1),
        [
            "line 3: start_number invalid_value",
            "line 3: checked_in invalid_value"
        ]
    );
    assert_eq!(rows[1]["start_number"], Value::Null);
    assert_eq!(fields(2), ["line 4: name invalid_length"]);
    // 2 is a stored player's; Dora gets the next after 7; Emil's 3 is Anna's already.
    assert_eq!(fields(3), ["line 5: start_number taken"]);
    assert_eq!(rows[4]["start_number"], 8);
    assert_eq!(fields(5), ["line 7: start_number taken"]);
    assert_eq!(roster(&service, &org, t).await.len(), 2, "nothing stored");

    // A right file: valid, and the import then registers what the preview showed.
    let good = "name;start_number\nAnna;\nBernd;10\nClara;\n";
    let preview = send(&service, csv(&path, Some(&org), good)).await;
    expect(&preview, 200, "a good dry run");
    assert_eq!(preview.json["valid"], true);
    let numbers: Vec<&Value> = preview.json["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["start_number"])
        .collect();
    assert_eq!(numbers, [&json!(3), &json!(10), &json!(11)]);
    assert_eq!(
        roster(&service, &org, t).await.len(),
        2,
        "still nothing stored"
    );
    let real = send(
        &service,
        csv(
            &format!("/api/v1/tournaments/{t}/players/import"),
            Some(&org),
            good,
        ),
    )
    .await;
    expect(&real, 201, "the import");
    let stored: Vec<Value> = roster(&service, &org, t)
        .await
        .iter()
        .map(|p| p["start_number"].clone())
        .collect();
    assert_eq!(stored, [json!(1), json!(2), json!(3), json!(10), json!(11)]);

    // The file's own problems come in `errors`; others' tournaments are not found.
    let unreadable = send(&service, csv(&path, Some(&org), "Vorname\nA\n")).await;
    expect(&unreadable, 200, "a file without a name column");
    assert_eq!(unreadable.json["valid"], false);
    assert_eq!(unreadable.json["rows"], json!([]));
    assert_eq!(unreadable.json["errors"][0]["code"], "missing_column");
    let other = organizer(&app, &service, "andere@example.org").await;
    let hidden = send(&service, csv(&path, Some(&other), good)).await;
    expect(&hidden, 404, "another's tournament");
});
