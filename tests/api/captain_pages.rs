//! The captain's phone pages under `/table`, in process on both backends: who gets in
//! (the cookie of his table, nobody else; a revoked code goes back to `/join`), what the
//! table page shows, the entry form that saves through the same service as the API (a
//! form deal equals the API's, a double submit enters once, a refusal keeps the inputs
//! and says why), the preview, and the sheet with the correction and deletion of its
//! last deal.

use actix_web::test::TestRequest;
use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    App, Reply, Step, Table, call_json, expect, repeat, send, set_cookie, start_round,
};

const HOST: &str = "hall.local";

/// Joins `table` on a phone and returns its cookie (`karlchen_captain=…`).
pub(crate) async fn join<S: App>(service: &S, org: &str, table: i64) -> String {
    let path = format!("/api/v1/tables/{table}/join-code");
    let mut code = call_json(service, "GET", &path, Some(org), None).await;
    if code.json["code"].is_null() {
        code = call_json(service, "POST", &path, Some(org), None).await;
    }
    assert!(code.status.is_success(), "the table's code: {}", code.text);
    let joined = send(
        service,
        TestRequest::get()
            .uri(&format!("/join/{}", code.json["code"].as_str().unwrap()))
            .to_request(),
    )
    .await;
    expect(&joined, 303, "joined");
    cookie_of(&joined, "karlchen_captain").expect("the captain's cookie")
}

/// The `name=value` of a cookie the answer sets, if it does.
fn cookie_of(reply: &Reply, name: &str) -> Option<String> {
    set_cookie(reply, name).map(|v| v.split(';').next().unwrap().to_owned())
}

/// A page as the phone with `cookies` gets it.
pub(crate) async fn page<S: App>(service: &S, cookies: &str, path: &str) -> Reply {
    send(
        service,
        TestRequest::get()
            .uri(path)
            .insert_header(("Cookie", cookies.to_owned()))
            .to_request(),
    )
    .await
}

/// A form posted from the page, with `headers` on top.
pub(crate) async fn post<S: App>(
    service: &S,
    cookies: &str,
    path: &str,
    fields: &[(&str, &str)],
    headers: &[(&str, &str)],
) -> Reply {
    let body: String = fields
        .iter()
        .map(|(k, v)| format!("{k}={}", v.replace(' ', "+")))
        .collect::<Vec<_>>()
        .join("&");
    let mut r = TestRequest::post()
        .uri(path)
        .insert_header(("Cookie", cookies.to_owned()))
        .insert_header(("Host", HOST))
        .insert_header(("Origin", format!("http://{HOST}")))
        .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
        .set_payload(body);
    for (name, value) in headers {
        r = r.insert_header((*name, *value));
    }
    send(service, r.to_request()).await
}

/// The value of the hidden (or any) input `name` in the page's first form holding it.
pub(crate) fn input_value(html: &str, name: &str) -> String {
    let at = html
        .find(&format!("name=\"{name}\""))
        .unwrap_or_else(|| panic!("input {name} in {html}"));
    let tag = &html[at..at + html[at..].find('>').unwrap()];
    let value = &tag[tag.find("value=\"").unwrap_or_else(|| panic!("{tag}")) + 7..];
    value[..value.find('"').unwrap()].to_owned()
}

/// How often `needle` occurs in `html`.
fn count(html: &str, needle: &str) -> usize {
    html.matches(needle).count()
}

/// A normal game by seats 0 and 2, counted for Kontra (95 points, 4 tricks: Re has 145
/// and 8), Re called keine 90, a fox for Re and a Doppelkopf for Kontra.
pub(crate) fn kontra_counted(key: &str) -> Vec<(&str, &str)> {
    vec![
        ("contract", "normal"),
        ("re", "0"),
        ("re", "2"),
        ("points", "95"),
        ("points_of", "kontra"),
        ("tricks", "4"),
        ("call_re", "no90"),
        ("call_kontra", "none"),
        ("fox_re", "1"),
        ("fox_kontra", ""),
        ("doppelkopf_re", ""),
        ("doppelkopf_kontra", "1"),
        ("karlchen_re", ""),
        ("karlchen_kontra", ""),
        ("number", "1"),
        ("idempotency_key", key),
        ("action", "save"),
    ]
}

/// A sheet's deal without what differs between two tables.
fn comparable(deal: &Value) -> Value {
    let mut deal = deal.clone();
    deal.as_object_mut().unwrap().remove("version");
    deal
}

backend_test!(
    without_the_cookie_every_page_sends_the_phone_to_join,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let table = Table::new(&app, &service, 4).await;
        for path in ["/table", "/table/sheet", "/table/deals/1"] {
            let answer = page(&service, "", path).await;
            expect(&answer, 303, path);
            assert_eq!(answer.header("location"), "/join", "{path}");
        }
        let posted = post(&service, "", "/table/deals", &kontra_counted("k"), &[]).await;
        expect(&posted, 303, "a form without the cookie");
        assert_eq!(posted.header("location"), "/join");
        let script = post(
            &service,
            "",
            "/table/deals",
            &kontra_counted("k"),
            &[("Accept", "application/json")],
        )
        .await;
        expect(&script, 401, "the outbox without the cookie");
        assert_eq!(script.json["code"], "unauthenticated");
        assert!(script.json["message"].as_str().unwrap().contains("Code"));
        // A forged cookie is no cookie, and a bearer token opens no page.
        let forged = page(&service, "karlchen_captain=not.a.token", "/table").await;
        expect(&forged, 303, "a forged cookie");
        let bearer = send(
            &service,
            TestRequest::get()
                .uri("/table")
                .insert_header(("Authorization", format!("Bearer {}", table.captain)))
                .to_request(),
        )
        .await;
        expect(&bearer, 303, "a bearer token");
        // Nothing was entered.
        assert_eq!(table.sheet(&service).await["deals"], json!([]));
    }
);

backend_test!(
    the_table_page_shows_the_table_and_only_the_choices_it_takes,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let table = Table::new(&app, &service, 5).await;
        let cookie = join(&service, &table.org, table.table).await;
        let answer = page(&service, &cookie, "/table").await;
        expect(&answer, 200, "the table");
        let html = &answer.text;
        assert!(html.contains("<html lang=\"de\">"));
        assert!(
            html.contains("id=\"table-heading\">Runde 1 · Tisch 1<"),
            "{html}"
        );
        for (seat, player) in table.players.iter().enumerate() {
            assert!(
                html.contains(&format!(
                    "<li data-seat=\"{seat}\" data-player=\"{player}\">"
                )),
                "seat {seat}"
            );
            assert!(html.contains(&format!("<td data-seat=\"{seat}\">0</td>")));
        }
        assert!(html.contains("id=\"next-deal\" data-number=\"1\" data-dealer=\"0\""));
        assert!(html.contains("id=\"sitting-out\" data-seat=\"0\""));
        assert_eq!(
            count(html, "<li data-seat="),
            5 + 5,
            "players and owed solos"
        );
        assert!(html.contains("id=\"deals-left\">Noch zu spielen: <strong>30</strong>"));
        assert!(html.contains("<a id=\"sheet-link\" class=\"button\" href=\"/table/sheet\">"));
        assert!(!html.contains("id=\"forced-solo\""));
        assert!(!html.contains("id=\"time-up\""));
        // The form: every contract, a normal game ticked (weddings and solos folded away),
        // the dealer who sits out cannot be Re, a fresh key.
        assert!(
            html.contains(
                "<form id=\"deal-form\" method=\"post\" action=\"&#x2F;table&#x2F;deals\""
            )
        );
        assert_eq!(count(html, "name=\"contract\""), 11);
        assert_eq!(
            count(
                html,
                "name=\"contract\" value=\"normal\" data-re-size=\"2\" required checked data-default>"
            ),
            1
        );
        assert_eq!(
            count(html, " checked data-default>"),
            1,
            "only the normal game"
        );
        assert!(html.contains("<details id=\"other-contracts\" class=\"more\" data-collapse>"));
        // The tricks only at 0 or 240 card points, where they decide "schwarz".
        assert!(
            html.contains("<div id=\"tricks-row\" data-tricks-at=\"0 240\">"),
            "{html}"
        );
        assert!(html.contains("name=\"re\" value=\"0\" disabled>"), "{html}");
        assert!(html.contains("name=\"re\" value=\"1\">"));
        assert_eq!(input_value(html, "number"), "1");
        let key = input_value(html, "idempotency_key");
        assert_eq!(key.len(), 32);
        let again = page(&service, &cookie, "/table").await;
        assert_ne!(
            input_value(&again.text, "idempotency_key"),
            key,
            "a fresh key per form"
        );
        assert!(
            html.contains(
                "id=\"preview-button\" type=\"submit\" name=\"action\" value=\"preview\""
            )
        );
        assert!(html.contains("id=\"save-button\" type=\"submit\" name=\"action\" value=\"save\""));
        assert!(html.contains("<script defer src=\"/assets/captain.js\"></script>"));
        assert!(html.contains("data-table=\"") && html.contains("id=\"outbox\""));
        // In English on request.
        let english = page(&service, &cookie, "/table?lang=en").await;
        assert!(
            english
                .text
                .contains("id=\"table-heading\">Round 1 · Table 1<")
        );

        // The forced solo: after twenty normal games at a 4-table only seat 1's solo is taken.
        let four = {
            let org = &table.org;
            let players = crate::fixtures::players(&service, org, table.tournament, 4).await;
            let r =
                crate::fixtures::round(&service, org, table.tournament, &json!([players])).await;
            let id = r.json["tables"][0]["id"].as_i64().unwrap();
            let captain = crate::fixtures::captain(&service, org, id).await;
            Table {
                org: org.clone(),
                tournament: table.tournament,
                players,
                round: r.json["id"].as_i64().unwrap(),
                table: id,
                captain,
            }
        };
        four.fill(&service, &repeat(&Step::Normal, 20)).await;
        let cookie = join(&service, &four.org, four.table).await;
        let forced = page(&service, &cookie, "/table").await;
        let html = &forced.text;
        assert!(
            html.contains("id=\"forced-solo\" class=\"banner\" role=\"alert\" data-seat=\"1\""),
            "{html}"
        );
        assert!(
            html.contains(
                "name=\"contract\" value=\"normal\" data-re-size=\"2\" required disabled"
            )
        );
        assert!(html.contains(
            "name=\"contract\" value=\"silent_wedding\" data-re-size=\"1\" required disabled"
        ));
        assert!(
            html.contains("name=\"contract\" value=\"solo_queens\" data-re-size=\"1\" required>")
        );
        assert!(html.contains("name=\"re\" value=\"0\" disabled>"));
        assert!(html.contains("name=\"re\" value=\"1\">"));
        assert_eq!(count(html, "\" disabled>"), 3, "three seats may not play");
        assert!(html.contains("id=\"deals-left\">Noch zu spielen: <strong>4</strong>"));
    }
);

backend_test!(
    a_captain_sees_his_table_only_and_a_revoked_code_sends_him_to_join,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = crate::fixtures::organizer(&app, &service, "leitung@example.org").await;
        let tournament = crate::fixtures::tournament(
            &service,
            &org,
            &json!({"name": "Karlchen-Cup", "date": "2026-12-05"}),
        )
        .await;
        let players = crate::fixtures::players(&service, &org, tournament, 8).await;
        let r = crate::fixtures::round(
            &service,
            &org,
            tournament,
            &json!([players[..4], players[4..]]),
        )
        .await;
        let (a, b) = (
            r.json["tables"][0]["id"].as_i64().unwrap(),
            r.json["tables"][1]["id"].as_i64().unwrap(),
        );
        let cookie = join(&service, &org, a).await;
        let mine = page(&service, &cookie, "/table").await;
        expect(&mine, 200, "table A");
        for (i, id) in players.iter().enumerate() {
            let shown = mine.text.contains(&format!("data-player=\"{id}\""));
            assert_eq!(shown, i < 4, "player {i}");
        }
        // A deal entered from A's phone lands on A.
        let saved = post(
            &service,
            &cookie,
            "/table/deals",
            &kontra_counted("a1"),
            &[],
        )
        .await;
        expect(&saved, 303, "saved");
        let sheet = |id: i64| {
            let org = org.clone();
            let service = &service;
            async move {
                call_json(
                    service,
                    "GET",
                    &format!("/api/v1/tables/{id}/sheet"),
                    Some(&org),
                    None,
                )
                .await
                .json
            }
        };
        assert_eq!(sheet(a).await["deals"].as_array().unwrap().len(), 1);
        assert_eq!(sheet(b).await["deals"], json!([]));

        // The organiser revokes A's code: the phone is sent to /join with the reason.
        let revoked = call_json(
            &service,
            "DELETE",
            &format!("/api/v1/tables/{a}/join-code"),
            Some(&org),
            None,
        )
        .await;
        expect(&revoked, 204, "revoke");
        let out = page(&service, &cookie, "/table").await;
        expect(&out, 303, "revoked");
        assert_eq!(out.header("location"), "/join?reason=revoked");
        assert!(
            out.header("set-cookie").starts_with("karlchen_captain=;"),
            "the session ends: {}",
            out.header("set-cookie")
        );
        let joined = page(&service, "", "/join?reason=revoked").await;
        expect(&joined, 200, "the join form");
        assert!(joined.text.contains("id=\"join-error\""));
        assert!(
            joined
                .text
                .contains("Der Code dieses Tisches gilt nicht mehr")
        );
        // Saving with the old cookie stores nothing.
        let refused = post(
            &service,
            &cookie,
            "/table/deals",
            &kontra_counted("a2"),
            &[],
        )
        .await;
        expect(&refused, 303, "a save after the revocation");
        assert_eq!(refused.header("location"), "/join?reason=revoked");
        let outbox = post(
            &service,
            &cookie,
            "/table/deals",
            &kontra_counted("a3"),
            &[("Accept", "application/json"), ("Idempotency-Key", "a3")],
        )
        .await;
        expect(&outbox, 401, "the outbox after the revocation");
        assert_eq!(sheet(a).await["deals"].as_array().unwrap().len(), 1);
    }
);

backend_test!(
    a_form_deal_equals_the_same_deal_through_the_api_and_enters_once,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let by_form = Table::new(&app, &service, 4).await;
        let cookie = join(&service, &by_form.org, by_form.table).await;
        let saved = post(
            &service,
            &cookie,
            "/table/deals",
            &kontra_counted("once"),
            &[],
        )
        .await;
        expect(&saved, 303, "saved");
        assert_eq!(saved.header("location"), "/table");
        let flash = cookie_of(&saved, "karlchen_flash").expect("a flash");
        // Posted again (a double tap, a reload): the same answer, nothing more stored.
        let twice = post(
            &service,
            &cookie,
            "/table/deals",
            &kontra_counted("once"),
            &[],
        )
        .await;
        expect(&twice, 303, "posted twice");
        // The outbox sending it again with the key in the header: the first answer.
        let mut outbox_fields = kontra_counted("once");
        outbox_fields.retain(|(k, _)| *k != "idempotency_key");
        let resent = post(
            &service,
            &cookie,
            "/table/deals",
            &outbox_fields,
            &[("Accept", "application/json"), ("Idempotency-Key", "once")],
        )
        .await;
        expect(&resent, 201, "resent by the outbox");
        assert_eq!(resent.json["number"], 1);
        let sheet = by_form.sheet(&service).await;
        assert_eq!(sheet["deals"].as_array().unwrap().len(), 1, "entered once");

        // The same deal through the API, at a table of its own.
        let org2 = crate::fixtures::players(&service, &by_form.org, by_form.tournament, 4).await;
        let r = crate::fixtures::round(&service, &by_form.org, by_form.tournament, &json!([org2]))
            .await;
        let other = r.json["tables"][0]["id"].as_i64().unwrap();
        let captain = crate::fixtures::captain(&service, &by_form.org, other).await;
        let api = call_json(
            &service,
            "POST",
            &format!("/api/v1/tables/{other}/deals"),
            Some(&captain),
            Some(&json!({
                "number": 1, "contract": "normal", "re": [0, 2], "re_points": 145, "re_tricks": 8,
                "announcements": {"re": "no90", "kontra": "none"},
                "extras": {"re": {"fox": 1}, "kontra": {"doppelkopf": 1}}
            })),
        )
        .await;
        expect(&api, 201, "the API's deal");
        assert_eq!(
            comparable(&sheet["deals"][0]),
            comparable(&api.json["deal"]),
            "the form's deal is the API's"
        );
        assert_eq!(sheet["totals"], api.json["sheet"]["totals"]);

        // The flash on the table page says what was saved, once.
        let shown = page(&service, &format!("{cookie}; {flash}"), "/table").await;
        expect(&shown, 200, "the table after saving");
        assert!(
            shown.text.contains("id=\"flash\"") && shown.text.contains("Gespeichert: Spiel 1"),
            "{}",
            shown.text
        );
        assert!(
            cookie_of(&shown, "karlchen_flash").is_some(),
            "the flash is removed"
        );
        assert!(shown.text.contains("id=\"next-deal\" data-number=\"2\""));
        let total = sheet["totals"][0].as_i64().unwrap();
        assert!(
            shown
                .text
                .contains(&format!("<td data-seat=\"0\">{total}</td>"))
        );

        // The same key for another deal is refused, and says so.
        let mut other_deal = kontra_counted("once");
        other_deal[3] = ("points", "100");
        other_deal[14] = ("number", "2");
        let reused = post(&service, &cookie, "/table/deals", &other_deal, &[]).await;
        expect(&reused, 422, "a key used for another deal");
        assert!(reused.text.contains("data-code=\"idempotency_key_reused\""));
        assert_eq!(
            by_form.sheet(&service).await["deals"]
                .as_array()
                .unwrap()
                .len(),
            1
        );
    }
);

backend_test!(a_refused_entry_keeps_its_inputs_and_says_why, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::new(&app, &service, 4).await;
    let cookie = join(&service, &table.org, table.table).await;

    // Points out of range: the form again, the field named, every input kept.
    let mut fields = kontra_counted("r1");
    fields[3] = ("points", "250");
    let refused = post(&service, &cookie, "/table/deals", &fields, &[]).await;
    expect(&refused, 422, "250 points");
    let html = &refused.text;
    assert!(
        html.contains(
            "id=\"form-error\" class=\"error\" role=\"alert\" data-code=\"invalid_body\""
        )
    );
    assert!(
        html.contains("Augen: der Wert ist zu groß oder zu klein."),
        "{html}"
    );
    assert!(html.contains("name=\"points\" type=\"number\" inputmode=\"numeric\" min=\"0\" max=\"240\" required value=\"250\""));
    assert!(html.contains("name=\"points_of\" value=\"kontra\" checked"));
    assert!(
        html.contains("name=\"re\" value=\"0\" checked>")
            && html.contains("name=\"re\" value=\"2\" checked>")
    );
    assert!(html.contains("name=\"call_re\" value=\"no90\" checked>"));
    assert!(html.contains(
        "name=\"fox_re\" type=\"number\" inputmode=\"numeric\" min=\"0\" max=\"2\" value=\"1\""
    ));
    assert_eq!(
        input_value(html, "idempotency_key"),
        "r1",
        "nothing stored under it"
    );

    // The points do not fit the tricks: the service's refusal, in English when asked.
    let mut fields = kontra_counted("r2");
    fields[5] = ("tricks", "0");
    let english = post(
        &service,
        &format!("{cookie}; karlchen_lang=en"),
        "/table/deals",
        &fields,
        &[],
    )
    .await;
    expect(&english, 422, "points against tricks");
    assert!(english.text.contains("data-code=\"invalid_deal\""));
    assert!(
        english.text.contains("The points do not fit the tricks."),
        "{}",
        english.text
    );

    // The outbox gets the problem with the message in the page's language.
    let outbox = post(
        &service,
        &cookie,
        "/table/deals",
        &fields,
        &[("Accept", "application/json"), ("Idempotency-Key", "r2")],
    )
    .await;
    expect(&outbox, 422, "the outbox's refusal");
    assert_eq!(outbox.json["code"], "invalid_deal");
    assert_eq!(
        outbox.json["message"],
        "Augen und Stiche passen nicht zusammen."
    );

    // The order of play: deal 2 named before deal 1.
    let mut ahead = kontra_counted("r3");
    ahead[14] = ("number", "2");
    let skipped = post(&service, &cookie, "/table/deals", &ahead, &[]).await;
    expect(&skipped, 409, "a deal ahead of its turn");
    assert!(skipped.text.contains("data-code=\"deal_number_skipped\""));
    assert!(skipped.text.contains("Ein früheres Spiel fehlt noch"));
    // A solo with two players.
    let mut solo = kontra_counted("r4");
    solo[0] = ("contract", "solo_queens");
    solo[6] = ("call_re", "none");
    solo[8] = ("fox_re", "");
    solo[11] = ("doppelkopf_kontra", "");
    let two = post(&service, &cookie, "/table/deals", &solo, &[]).await;
    expect(&two, 422, "a solo of two");
    assert!(
        two.text
            .contains("Bei diesem Spiel sind es zwei Re-Spieler"),
        "{}",
        two.text
    );
    assert_eq!(table.sheet(&service).await["deals"], json!([]));
});

backend_test!(the_preview_shows_what_saving_would_write, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::new(&app, &service, 4).await;
    let cookie = join(&service, &table.org, table.table).await;
    let mut fields = kontra_counted("p1");
    fields[16] = ("action", "preview");
    let shown = post(&service, &cookie, "/table/deals", &fields, &[]).await;
    expect(&shown, 200, "the preview in the page");
    let html = &shown.text;
    assert!(html.contains("<section id=\"preview\""), "{html}");
    // Each seat's entry as the scorer gives it for the same facts.
    let api_score = call_json(
        &service,
        "POST",
        "/api/v1/score",
        None,
        Some(
            &json!({"contract": "normal", "re": [0, 2], "re_points": 145, "re_tricks": 8,
            "announcements": {"re": "no90"},
            "extras": {"re": {"fox": 1}, "kontra": {"doppelkopf": 1}}}),
        ),
    )
    .await;
    expect(&api_score, 200, "the scorer");
    for seat in 0..4 {
        let score = api_score.json["scores"][seat].as_i64().unwrap();
        assert!(
            html.contains(&format!("<td data-seat=\"{seat}\">{score}</td>")),
            "seat {seat}: {score} in {html}"
        );
    }
    // Re called keine 90 and Kontra took 95: the domain's hint, in German.
    assert!(
        html.contains(
            "<li data-code=\"call_lost\" class=\"hint-line\">Die Absage von Re ist nicht \
             erfüllt: Re kann nicht gewinnen"
        ),
        "{html}"
    );
    // Both parties miss their keine 90 (Re 120, Kontra 120): two hints, each naming its
    // party, never the same sentence twice.
    let mut both = kontra_counted("p2");
    both[16] = ("action", "preview");
    both[3] = ("points", "120");
    both[5] = ("tricks", "6");
    both[7] = ("call_kontra", "no90");
    let shown = post(&service, &cookie, "/table/deals", &both, &[]).await;
    expect(&shown, 200, "both missed");
    let hints: Vec<&str> = shown
        .text
        .split("class=\"hint-line\">")
        .skip(1)
        .filter_map(|rest| rest.split("</li>").next())
        .collect();
    assert_eq!(hints.len(), 2, "{}", shown.text);
    assert!(
        hints[0].starts_with("Die Absage von Re ist nicht erfüllt"),
        "{hints:?}"
    );
    assert!(
        hints[1].starts_with("Die Absage von Kontra ist nicht erfüllt"),
        "{hints:?}"
    );
    // The game and the Re party by name; the breakdown signed so that it adds up to the
    // game value Kontra won.
    assert!(
        html.contains("<p id=\"preview-game\"><strong>Normalspiel</strong> · Re: 1 "),
        "{html}"
    );
    let breakdown = html
        .split("<ul class=\"breakdown\">")
        .nth(1)
        .and_then(|rest| rest.split("</ul>").next())
        .expect("a breakdown");
    let signed: Vec<i64> = breakdown
        .split("</li>")
        .filter_map(|line| line.rsplit(": ").next()?.trim().parse().ok())
        .collect();
    assert!(
        signed.iter().any(|&p| p < 0),
        "Re's points count minus: {breakdown}"
    );
    assert_eq!(
        signed.iter().sum::<i64>(),
        api_score.json["value"].as_i64().unwrap(),
        "{breakdown}"
    );
    assert!(html.contains("Kontra gewinnt"));
    assert_eq!(
        input_value(html, "points"),
        "95",
        "the form keeps the inputs"
    );
    assert_eq!(
        table.sheet(&service).await["deals"],
        json!([]),
        "nothing stored"
    );

    // The fragment alone, for the script, by header or query.
    for (path, headers) in [
        (
            "/table/deals",
            vec![("Accept", "text/html; fragment=preview")],
        ),
        ("/table/deals?fragment=preview", vec![]),
    ] {
        let fragment = post(&service, &cookie, path, &fields, &headers).await;
        expect(&fragment, 200, "the fragment");
        assert!(
            fragment
                .text
                .trim_start()
                .starts_with("<section id=\"preview\""),
            "{}",
            fragment.text
        );
        assert!(!fragment.text.contains("<html"));
    }
    // A refused preview says why, in the fragment too.
    fields[5] = ("tricks", "0");
    let refused = post(
        &service,
        &cookie,
        "/table/deals?fragment=preview",
        &fields,
        &[],
    )
    .await;
    expect(&refused, 422, "a preview of an impossible deal");
    assert!(refused.text.contains("id=\"preview-error\""));
    assert!(
        refused
            .text
            .contains("Augen und Stiche passen nicht zusammen")
    );
});

backend_test!(the_sheet_shows_every_deal_and_mends_the_last, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::new(&app, &service, 4).await;
    let cookie = join(&service, &table.org, table.table).await;
    let before = table.fill(&service, &[Step::Normal, Step::Solo(3)]).await;

    let sheet = page(&service, &cookie, "/table/sheet").await;
    expect(&sheet, 200, "the sheet");
    let html = &sheet.text;
    assert!(html.contains("<table id=\"sheet\" class=\"captain-sheet\">"));
    assert_eq!(count(html, "<tr data-number="), 2);
    for (n, deal) in before["deals"].as_array().unwrap().iter().enumerate() {
        assert!(html.contains(&format!("<tr data-number=\"{}\">", n + 1)));
        for seat in 0..4 {
            let score = deal["scores"][seat].as_i64().unwrap();
            assert!(html.contains(&format!(
                "<td class=\"score num\" data-seat=\"{seat}\">{score}</td>"
            )));
        }
    }
    for seat in 0..4 {
        let total = before["totals"][seat].as_i64().unwrap();
        assert!(html.contains(&format!(
            "<td class=\"total num\" data-seat=\"{seat}\">{total}</td>"
        )));
    }
    assert!(html.contains("Damensolo · Pflichtsolo"), "{html}");
    assert!(html.contains("<a id=\"correct-last\" class=\"button\" href=\"/table/deals/2\">"));
    // Every deal, not only the last, opens its correction from its number.
    for n in 1..=2 {
        assert!(
            html.contains(&format!(
                "<a class=\"correct\" href=\"/table/deals/{n}\" aria-label=\"Spiel {n} korrigieren\">{n}</a>"
            )),
            "deal {n}"
        );
    }
    let first = page(&service, &cookie, "/table/deals/1").await;
    expect(&first, 200, "deal 1's correction form");
    assert!(first.text.contains("id=\"deal-form\""), "{}", first.text);
    assert!(html.contains("<form id=\"delete-last\""));
    assert!(html.contains("id=\"delete-last-button\""));
    let version = before["deals"][1]["version"].as_i64().unwrap().to_string();
    assert_eq!(input_value(html, "version"), version);
    assert!(
        html.contains("Unterschriften werden gelöscht"),
        "says what it changes"
    );

    // The correction form: deal 2 as entered, its version hidden.
    let form = page(&service, &cookie, "/table/deals/2").await;
    expect(&form, 200, "the correction form");
    let html = &form.text;
    assert!(html.contains("action=\"&#x2F;table&#x2F;deals&#x2F;2\" data-mode=\"correct\""));
    assert!(
        html.contains(
            "name=\"contract\" value=\"solo_queens\" data-re-size=\"1\" required checked>"
        )
    );
    assert!(html.contains("name=\"re\" value=\"3\" checked>"));
    assert_eq!(input_value(html, "points"), "150");
    assert_eq!(input_value(html, "version"), version);
    assert!(html.contains("id=\"correct-effect\""));
    // A correction previews as an entry does.
    assert!(html.contains("id=\"preview-button\""));
    let key = input_value(html, "idempotency_key");
    let fields = |version: &'static str, key: &'static str| {
        vec![
            ("contract", "solo_clubs"),
            ("re", "3"),
            ("points", "90"),
            ("points_of", "kontra"),
            ("tricks", "4"),
            ("number", "2"),
            ("version", version),
            ("idempotency_key", key),
            ("action", "save"),
        ]
    };
    let key: &'static str = Box::leak(key.into_boxed_str());
    let stale = fields("999", key);
    let refused = post(&service, &cookie, "/table/deals/2", &stale, &[]).await;
    expect(&refused, 412, "a stale version");
    assert!(refused.text.contains("data-code=\"version_mismatch\""));
    assert!(
        refused
            .text
            .contains("value=\"solo_clubs\" data-re-size=\"1\" required checked")
    );
    let good = fields(Box::leak(version.into_boxed_str()), key);
    let corrected = post(&service, &cookie, "/table/deals/2", &good, &[]).await;
    expect(&corrected, 303, "corrected");
    assert_eq!(corrected.header("location"), "/table/sheet");
    let again = post(&service, &cookie, "/table/deals/2", &good, &[]).await;
    expect(&again, 303, "the same correction posted twice");
    let after = table.sheet(&service).await;
    assert_eq!(after["deals"][1]["contract"], "solo_clubs");
    assert_eq!(after["deals"][1]["entry"]["re_points"], 150);
    let version = after["deals"][1]["version"].as_i64().unwrap().to_string();

    // Deleting the last deal.
    let sheet = page(&service, &cookie, "/table/sheet").await;
    let key = input_value(&sheet.text, "idempotency_key");
    let deleted = post(
        &service,
        &cookie,
        "/table/deals/2/delete",
        &[
            ("version", version.as_str()),
            ("idempotency_key", key.as_str()),
        ],
        &[],
    )
    .await;
    expect(&deleted, 303, "deleted");
    let flash = cookie_of(&deleted, "karlchen_flash").unwrap();
    let shown = page(&service, &format!("{cookie}; {flash}"), "/table/sheet").await;
    assert!(shown.text.contains("Gelöscht: Spiel 2."), "{}", shown.text);
    assert_eq!(count(&shown.text, "<tr data-number="), 1);
    let stale = post(
        &service,
        &cookie,
        "/table/deals/1/delete",
        &[("version", "999"), ("idempotency_key", "x")],
        &[],
    )
    .await;
    expect(&stale, 412, "a stale deletion");
    assert!(stale.text.contains("id=\"sheet-error\""));
    assert_eq!(
        table.sheet(&service).await["deals"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
});

backend_test!(
    the_players_sign_the_complete_sheet_and_a_correction_clears_it,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let table = Table::new(&app, &service, 4).await;
        expect(
            &start_round(&service, &table).await,
            200,
            "start: the phone counts down",
        );
        let cookie = join(&service, &table.org, table.table).await;
        let mut steps = repeat(&Step::Normal, 19);
        table.fill(&service, &steps).await;
        // Not yet: the sheet is incomplete, and the page offers no signing.
        let early = post(
            &service,
            &cookie,
            "/table/signatures",
            &[("player_id", &table.players[0].to_string())],
            &[],
        )
        .await;
        expect(&early, 409, "signing an incomplete sheet");
        assert!(early.text.contains("data-code=\"sheet_incomplete\""));
        assert!(!early.text.contains("id=\"signatures\""));
        let running = page(&service, &cookie, "/table").await.text;
        assert!(running.contains("Restzeit: "), "the round's clock runs");
        steps = vec![Step::Normal];
        steps.extend(repeat(&Step::Forced, 4));
        table.fill(&service, &steps).await;
        // Complete: no clock, and no number left to enter.
        let done = page(&service, &cookie, "/table").await.text;
        assert!(done.contains("id=\"sheet-complete\""));
        assert!(!done.contains("Restzeit"), "{done}");
        assert!(done.contains("<h2 id=\"entry-heading\">Keine weiteren Spiele</h2>"));

        let sheet = page(&service, &cookie, "/table/sheet").await;
        assert!(sheet.text.contains("<ul id=\"signatures\">"));
        assert_eq!(count(&sheet.text, "<form class=\"sign-form\""), 4);
        for player in &table.players {
            assert!(sheet.text.contains(&format!(
                "class=\"sign-button primary\" name=\"player_id\" value=\"{player}\""
            )));
        }
        assert!(!sheet.text.contains("id=\"signed-by-all\""));
        for (i, player) in table.players.iter().enumerate() {
            let signed = post(
                &service,
                &cookie,
                "/table/signatures",
                &[("player_id", &player.to_string())],
                &[],
            )
            .await;
            expect(&signed, 303, "signed");
            let flash = cookie_of(&signed, "karlchen_flash").unwrap();
            let shown = page(&service, &format!("{cookie}; {flash}"), "/table/sheet").await;
            assert!(
                shown
                    .text
                    .contains(&format!("Unterschrieben: Spieler {i}.")),
                "{}",
                shown.text
            );
            assert_eq!(count(&shown.text, "class=\"signed\""), i + 1);
        }
        let all = page(&service, &cookie, "/table/sheet").await;
        assert!(all.text.contains("id=\"signed-by-all\""));
        assert_eq!(table.sheet(&service).await["signed_by_all"], true);
        // A wrong tap is taken back.
        let taken = post(
            &service,
            &cookie,
            &format!("/table/signatures/{}/delete", table.players[2]),
            &[],
            &[],
        )
        .await;
        expect(&taken, 303, "taken back");
        let api = table.sheet(&service).await;
        assert_eq!(api["signed_by_all"], false);
        assert_eq!(api["signatures"].as_array().unwrap().len(), 3);
        // A stranger to the table cannot sign.
        let stranger = post(
            &service,
            &cookie,
            "/table/signatures",
            &[("player_id", "999999")],
            &[],
        )
        .await;
        expect(&stranger, 422, "not at the table");
        assert!(
            stranger
                .text
                .contains("Dieser Spieler sitzt nicht an diesem Tisch.")
        );
        // Correcting the last deal clears the signatures, as the page said it would.
        let last = &api["deals"][23];
        let version = last["version"].as_i64().unwrap().to_string();
        let soloist = last["re"][0].as_u64().unwrap().to_string();
        let corrected = post(
            &service,
            &cookie,
            "/table/deals/24",
            &[
                ("contract", "solo_jacks"),
                ("re", &soloist),
                ("points", "150"),
                ("tricks", "8"),
                ("number", "24"),
                ("version", &version),
                ("idempotency_key", "fix-24"),
            ],
            &[],
        )
        .await;
        expect(&corrected, 303, "corrected");
        let after = table.sheet(&service).await;
        assert_eq!(after["signatures"], json!([]));
        let shown = page(&service, &cookie, "/table/sheet").await;
        assert_eq!(count(&shown.text, "class=\"signed\""), 0);
        assert_eq!(count(&shown.text, "<form class=\"sign-form\""), 4);
    }
);

backend_test!(time_up_and_a_closed_round_show_on_the_phone, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::new(&app, &service, 4).await;
    expect(
        &start_round(&service, &table).await,
        200,
        "start: the phone counts down",
    );
    let cookie = join(&service, &table.org, table.table).await;
    table.fill(&service, &repeat(&Step::Normal, 5)).await;
    let html = page(&service, &cookie, "/table").await.text;
    assert!(html.contains("Restzeit: "), "the round's clock runs");
    let called = call_json(
        &service,
        "POST",
        &table.path("time-up"),
        Some(&table.org),
        None,
    )
    .await;
    expect(&called, 200, "time-up");
    let html = page(&service, &cookie, "/table").await.text;
    assert!(
        html.contains("<p id=\"time-up\" class=\"banner\" role=\"alert\">"),
        "{html}"
    );
    assert!(html.contains("Die Turnierleitung hat die Zeit abgerufen"));
    assert!(html.contains("id=\"forced-solo\" class=\"banner\" role=\"alert\" data-seat=\"2\""));
    // Worded for every player, whoever it is.
    assert!(html.contains("ist jetzt mit dem Pflichtsolo an der Reihe."));
    assert!(html.contains("id=\"deals-left\">Noch zu spielen: <strong>4</strong>"));
    assert!(!html.contains("Restzeit"), "time is up");
    assert!(
        html.contains("name=\"contract\" value=\"normal\" data-re-size=\"2\" required disabled")
    );

    // The organiser closes the round early: the phone shows the sheet, and takes nothing.
    let closed = call_json(
        &service,
        "POST",
        &format!("/api/v1/rounds/{}/close", table.round),
        Some(&table.org),
        Some(&json!({"force": true})),
    )
    .await;
    expect(&closed, 200, "closed");
    let html = page(&service, &cookie, "/table").await.text;
    assert!(html.contains("id=\"round-closed\""));
    assert!(!html.contains("id=\"deal-form\""));
    // No clock and no number left to enter once it is closed.
    assert!(!html.contains("Restzeit"), "{html}");
    assert!(html.contains("<h2 id=\"entry-heading\">Keine weiteren Spiele</h2>"));
    let sheet = page(&service, &cookie, "/table/sheet").await.text;
    assert!(!sheet.contains("id=\"correct-last\""));
    assert!(
        !sheet.contains("class=\"correct\""),
        "closed: nothing to correct"
    );
    let refused = post(
        &service,
        &cookie,
        "/table/deals",
        &kontra_counted("late"),
        &[],
    )
    .await;
    expect(&refused, 409, "a deal after the close");
    assert!(
        refused.text.contains("data-code=\"round_closed\""),
        "{}",
        refused.text
    );
});

backend_test!(a_form_posted_from_another_site_changes_nothing, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::new(&app, &service, 4).await;
    let cookies = join(&service, &table.org, table.table).await;
    table.fill(&service, &[Step::Normal]).await;
    let before = table.sheet(&service).await;
    let version = before["deals"][0]["version"].to_string();
    let player = table.players[0].to_string();
    let forms: [(String, Vec<(&str, &str)>); 5] = [
        ("/table/deals".to_owned(), kontra_counted("evil-1")),
        ("/table/deals/1".to_owned(), {
            let mut fields = kontra_counted("evil-2");
            fields.push(("version", version.as_str()));
            fields
        }),
        (
            "/table/deals/1/delete".to_owned(),
            vec![("version", version.as_str()), ("idempotency_key", "evil-3")],
        ),
        (
            "/table/signatures".to_owned(),
            vec![("player_id", player.as_str())],
        ),
        (format!("/table/signatures/{player}/delete"), vec![]),
    ];
    for (path, fields) in &forms {
        let posted = post(
            &service,
            &cookies,
            path,
            fields,
            &[("Origin", "http://evil.example")],
        )
        .await;
        expect(&posted, 403, path);
    }
    let after = table.sheet(&service).await;
    assert_eq!(
        after["deals"], before["deals"],
        "nothing entered, corrected or deleted"
    );
    assert_eq!(after["signatures"], before["signatures"]);
});

backend_test!(
    the_form_asks_for_the_fox_of_the_last_trick_and_the_heart_ten_where_they_count,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let table = Table::of_house_rules(
            &app,
            &service,
            json!({"fox_last_trick_two": true, "heart_ten_point": true}),
        )
        .await;
        let cookie = join(&service, &table.org, table.table).await;
        let form = page(&service, &cookie, "/table").await;
        expect(&form, 200, "the table");
        for field in ["fox_last_trick", "heart_ten"] {
            for party in ["re", "kontra"] {
                assert_eq!(
                    count(&form.text, &format!("name=\"{field}_{party}\"")),
                    1,
                    "{field}_{party}"
                );
            }
        }
        assert!(form.text.contains(">Herz-10 gefangen</label>"));
        // Kontra counted 95 and 4 tricks: Re has 145 and 8 and wins (1), caught Kontra's
        // fox in the last trick (2) and one of its ♥10 (1): 4 each.
        let key = "e".repeat(32);
        let mut fields = kontra_counted(&key);
        fields.retain(|(name, _)| !name.starts_with("doppelkopf"));
        for field in fields.iter_mut() {
            if field.0 == "call_re" {
                field.1 = "none";
            }
        }
        fields.push(("fox_last_trick_re", "1"));
        fields.push(("heart_ten_re", "1"));
        let saved = post(&service, &cookie, "/table/deals", &fields, &[]).await;
        expect(&saved, 303, "saved");
        let sheet = table.sheet(&service).await;
        let entry = &sheet["deals"][0]["entry"];
        assert_eq!(entry["extras"]["re"]["fox_last_trick"], 1);
        assert_eq!(entry["extras"]["re"]["heart_ten"], 1);
        assert_eq!(sheet["totals"], json!([4, -4, 4, -4]));
        // The correction form shows them again as entered.
        let again = page(&service, &cookie, "/table/deals/1").await;
        expect(&again, 200, "the correction form");
        for field in ["fox_last_trick_re", "heart_ten_re"] {
            assert!(
                again.text.contains(&format!(
                    "name=\"{field}\" type=\"number\" inputmode=\"numeric\" min=\"0\" max=\"2\" value=\"1\""
                )),
                "{field}: {}",
                again.text
            );
        }
    }
);

backend_test!(
    the_form_follows_the_house_rules_tricks_the_caught_karlchen_and_five_nines,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let table = Table::of_house_rules(
            &app,
            &service,
            json!({"karlchen": "caught", "without_nines": true}),
        )
        .await;
        let cookie = join(&service, &table.org, table.table).await;
        let form = page(&service, &cookie, "/table").await;
        expect(&form, 200, "the table");
        // Without the nines no card points means no trick: the tricks never decide, and the
        // form does not ask for them. A caught Karlchen for either party.
        assert!(!form.text.contains("name=\"tricks\""), "{}", form.text);
        for party in ["re", "kontra"] {
            assert_eq!(
                count(&form.text, &format!("name=\"karlchen_caught_{party}\"")),
                1
            );
        }
        assert!(form.text.contains(">Karlchen gefangen</label>"));

        // Kontra counted 95 points and 3 of the 10 tricks: Re has 145 and 7. Re won (1)
        // and caught Kontra's Karlchen (1): 2 each.
        let key = "c".repeat(32);
        let mut fields = kontra_counted(&key);
        fields.retain(|(name, _)| !name.starts_with("fox") && !name.starts_with("doppelkopf"));
        for field in fields.iter_mut() {
            if field.0 == "tricks" {
                field.1 = "3";
            }
            if field.0 == "call_re" {
                field.1 = "none";
            }
        }
        fields.push(("karlchen_caught_re", "1"));
        fields.push(("karlchen_caught_kontra", ""));
        let saved = post(&service, &cookie, "/table/deals", &fields, &[]).await;
        expect(&saved, 303, "saved");
        let sheet = table.sheet(&service).await;
        let entry = &sheet["deals"][0]["entry"];
        assert_eq!(
            (&entry["re_points"], &entry["re_tricks"]),
            (&json!(145), &json!(7))
        );
        assert_eq!(entry["extras"]["re"]["karlchen_caught"], 1);
        assert_eq!(sheet["totals"], json!([2, -2, 2, -2]));

        // Eleven tricks is more than a deal without nines has: named, nothing stored.
        let key = "d".repeat(32);
        let mut eleven = kontra_counted(&key);
        for field in eleven.iter_mut() {
            match field.0 {
                "tricks" => field.1 = "11",
                "number" => field.1 = "2",
                _ => {}
            }
        }
        let refused = post(&service, &cookie, "/table/deals", &eleven, &[]).await;
        expect(&refused, 422, "eleven tricks");
        assert!(
            refused.text.contains("name=\"tricks\"")
                && refused.text.contains("aria-invalid=\"true\"")
        );
        assert_eq!(
            table.sheet(&service).await["deals"]
                .as_array()
                .unwrap()
                .len(),
            1
        );

        // Five nines (a house rule of the full deck): the button throws deal 2 in,
        // whatever else the form holds.
        let org = &table.org;
        let nines = crate::fixtures::tournament(
            &service,
            org,
            &json!({"name": "Neunen", "date": "2026-12-05", "game": {"kind": "doppelkopf",
                "rules": {"five_nines": true}}}),
        )
        .await;
        let players = crate::fixtures::players(&service, org, nines, 4).await;
        let drawn = crate::fixtures::round(&service, org, nines, &json!([players])).await;
        let nines_table = drawn.json["tables"][0]["id"].as_i64().unwrap();
        let cookie = join(&service, org, nines_table).await;
        let entered = call_json(
            &service,
            "POST",
            &format!("/api/v1/tables/{nines_table}/deals"),
            Some(&crate::fixtures::captain(&service, org, nines_table).await),
            Some(&crate::fixtures::normal([1, 2])),
        )
        .await;
        expect(&entered, 201, "deal 1");
        let form = page(&service, &cookie, "/table").await;
        assert!(form.text.contains(
            "id=\"thrown-in-button\" type=\"submit\" name=\"action\" value=\"thrown_in\" formnovalidate data-confirm=\"Eingeworfen eintragen, neu geben (fünf Neunen)?\">Eingeworfen, neu geben (fünf Neunen)"
        ));
        let key = input_value(&form.text, "idempotency_key");
        let thrown = [
            ("number", "2"),
            ("idempotency_key", key.as_str()),
            ("action", "thrown_in"),
        ];
        let saved = post(&service, &cookie, "/table/deals", &thrown, &[]).await;
        expect(&saved, 303, "thrown in");
        let again = post(&service, &cookie, "/table/deals", &thrown, &[]).await;
        assert!(again.status.is_redirection(), "posted twice, entered once");
        let path = format!("/api/v1/tables/{nines_table}/sheet");
        let sheet = call_json(&service, "GET", &path, Some(org), None)
            .await
            .json;
        assert_eq!(sheet["deals"].as_array().unwrap().len(), 2);
        assert_eq!(sheet["deals"][1]["kind"], "thrown_in");
        assert_eq!(sheet["deals"][1]["dealer"], sheet["next"]["dealer"]);
        assert_eq!(sheet["totals"], json!([-1, 1, 1, -1]));
        let shown = page(&service, &cookie, "/table/sheet").await;
        let row = &shown.text[shown.text.find("<tr data-number=\"2\">").expect("deal 2")..];
        let row = &row[..row.find("</tr>").unwrap()];
        assert!(row.contains("eingeworfen"), "{row}");
        assert!(!row.contains(" · Re"), "nobody was Re: {row}");
        // Nothing to correct in it (deleting is offered), and its summary names no party.
        assert!(!shown.text.contains("id=\"correct-last\""));
        assert!(shown.text.contains("id=\"delete-last\""));
        assert!(
            shown.text.contains("<p>Spiel 2: eingeworfen</p>"),
            "{}",
            shown.text
        );
        // One game played of 24; the round now ends with deal 25.
        let next = page(&service, &cookie, "/table").await;
        assert!(
            next.text.contains("<strong>Spiel 3</strong> von 25 ·"),
            "{}",
            next.text
        );
        assert!(next.text.contains("<strong>23</strong> (1 gespielt)"));

        // A TSR table asks for twelve tricks and no caught Karlchen.
        let tsr = crate::fixtures::tournament(
            &service,
            org,
            &json!({"name": "Turnier", "date": "2026-12-05"}),
        )
        .await;
        let players = crate::fixtures::players(&service, org, tsr, 4).await;
        let drawn = crate::fixtures::round(&service, org, tsr, &json!([players])).await;
        let cookie = join(
            &service,
            org,
            drawn.json["tables"][0]["id"].as_i64().unwrap(),
        )
        .await;
        let form = page(&service, &cookie, "/table").await;
        assert!(form.text.contains("data-total=\"12\""));
        assert_eq!(count(&form.text, "karlchen_caught"), 0);
        assert!(!form.text.contains("thrown-in-button"));
    }
);
