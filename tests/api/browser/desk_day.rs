//! The organiser's whole day at the desk in Chromium, one tournament from the first click to
//! the standings: sign in, create the tournament, import 16 players from a spreadsheet file
//! with one bad row (shown, nothing stored, then the fixed file), check them in by clicking
//! their names, plan the day, issue the codes and print the table cards (each QR code, as
//! rendered, decodes to its table's join link), start round 1, watch the monitor follow a
//! captain entering a deal on a phone in a second browser, record a penalty, correct the
//! deal, call time up, close the round and read the standings, whose totals are the TSR's.
//! A form stripped of its CSRF token is refused and changes nothing. Every page is checked
//! with axe-core and walked with the Tab key alone; each is kept as a screenshot.

use serde_json::{Value, json};
use service_tests::browser::{self, Page, Viewport};
use service_tests::{PASSWORD, TestApp};

use super::WAIT;
use super::captain::{Deal, enter_online, join};
use super::desk_print::read_qr;
use crate::admin_players::sixteen;
use crate::fixtures::{App, call_json, expect, organizer};

/// Long enough for the monitor's poll (every 5 s) on a busy machine.
const POLL: std::time::Duration = std::time::Duration::from_secs(30);

/// Checks a desk page as every page of the day is checked, and keeps its picture.
async fn check(page: &Page, name: &str) {
    page.screenshot(&format!("desk-day-{name}")).await;
    page.assert_accessible(name).await;
    page.assert_keyboard_reaches_everything(name, &[]).await;
}

/// The tournament's rounds as the API reports them to its organiser.
async fn rounds<S: App>(service: &S, token: &str, id: i64) -> Value {
    let rounds = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{id}/rounds"),
        Some(token),
        None,
    )
    .await;
    expect(&rounds, 200, "the rounds");
    rounds.json
}

#[actix_web::test]
async fn an_organiser_runs_a_tournament_day_at_the_desk() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let token = organizer(&app, &service, "leitung@example.org").await;
    let files = tempfile::tempdir().unwrap();
    let (bad, fixed) = (
        files.path().join("anmeldungen-fehler.csv"),
        files.path().join("anmeldungen.csv"),
    );
    std::fs::write(&bad, sixteen(Some(7))).unwrap();
    std::fs::write(&fixed, sixteen(None)).unwrap();
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };

    // Sign in, create the tournament, open its desk.
    page.goto(&format!("{base}/login")).await;
    page.wait_for("#login-form", WAIT).await;
    check(&page, "sign-in").await;
    page.fill("#email", "leitung@example.org").await;
    page.fill("#password", PASSWORD).await;
    page.click("#login-submit").await;
    page.wait_for("#new-tournament", WAIT).await;
    page.fill("#new-name", "Stadtmeisterschaft").await;
    // A date field types in the browser's locale; its value is the same everywhere.
    page.eval(
        "document.querySelector('#new-date').value = '2026-11-28'; return null;",
        vec![],
    )
    .await;
    page.fill("#new-venue", "Vereinsheim").await;
    page.fill("#new-rounds", "2").await;
    page.click("#new-submit").await;
    page.wait_for("#desk-tournaments li[data-tournament]", WAIT)
        .await;
    check(&page, "tournaments").await;
    let id: i64 = page
        .attr("#desk-tournaments li[data-tournament]", "data-tournament")
        .await
        .and_then(|v| v.parse().ok())
        .expect("the new tournament's id");
    let made = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(
        (
            made.json["name"].clone(),
            made.json["date"].clone(),
            made.json["rounds"].clone()
        ),
        (json!("Stadtmeisterschaft"), json!("2026-11-28"), json!(2)),
        "{}",
        made.json
    );
    page.click("#desk-tournaments li[data-tournament] a").await;
    page.wait_for("#overview-facts", WAIT).await;
    check(&page, "overview").await;

    // The players: the file with a bad row is shown and stores nothing; the fixed one is
    // imported with one click.
    page.click(".desk-nav a[href$='/players']").await;
    page.wait_for("#players-empty", WAIT).await;
    for (file, ready) in [(&bad, "#import-rows tr.bad"), (&fixed, "#import-confirm")] {
        page.find("#import-file")
            .await
            .send_keys(file.to_str().unwrap())
            .await
            .unwrap();
        page.click("#import-preview").await;
        page.wait_for(ready, WAIT).await;
        assert_eq!(page.count("#import-rows tbody tr").await, 16, "every row");
    }
    page.click("#import-submit").await;
    page.wait_for("#players", WAIT).await;
    assert_eq!(page.count("#players tbody tr").await, 16);
    let listed = format!("/api/v1/tournaments/{id}/players");
    let stored = call_json(&service, "GET", &listed, Some(&token), None).await;
    assert_eq!(
        stored.json.as_array().map(Vec::len),
        Some(16),
        "imported once"
    );

    // A check-in whose form lost its token is refused and changes nothing.
    let first = "#players tbody tr .checkin-button:not(.checked)";
    let row_id = page
        .eval(
            &format!(
                "const b = document.querySelector('{first}'); \
                 b.form.querySelector('input[name=csrf]').remove(); \
                 return b.closest('tr').id;"
            ),
            vec![],
        )
        .await;
    page.click(first).await;
    // Said in words, never as the API's JSON, with the way back to the players.
    page.wait_for("#stale-heading", WAIT).await;
    assert!(
        page.text_of("#stale-text")
            .await
            .contains("Es wurde nichts geändert.")
    );
    let back = page.attr("#stale-back", "href").await.unwrap_or_default();
    assert_eq!(
        back.split('?').next(),
        Some(format!("/admin/tournaments/{id}/players").as_str()),
        "the page the form was on: {back}"
    );
    let player_id: i64 = row_id
        .as_str()
        .and_then(|r| r.strip_prefix("player-"))
        .and_then(|n| n.parse().ok())
        .expect("the row names its player");
    let stored = call_json(&service, "GET", &listed, Some(&token), None).await;
    let unchanged = stored
        .json
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == player_id)
        .unwrap();
    assert_eq!(
        unchanged["checked_in"], false,
        "the forged form changed nothing"
    );

    // Everybody arrives: one click per name.
    page.goto(&format!("{base}/admin/tournaments/{id}/players"))
        .await;
    page.wait_for("#players", WAIT).await;
    while page.count(first).await > 0 {
        let left = page.count(first).await;
        page.click(first).await;
        page.wait_until(
            &format!(
                "document.querySelectorAll(\"{first}\").length === {}",
                left - 1
            ),
            WAIT,
        )
        .await;
    }
    check(&page, "players").await;
    let stored = call_json(&service, "GET", &listed, Some(&token), None).await;
    assert!(
        stored
            .json
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["checked_in"] == true),
        "all checked in"
    );

    // Plan the day, draw round 1 from the plan, issue its codes.
    page.click(".desk-nav a[href$='/rounds']").await;
    page.wait_for("#plan-none", WAIT).await;
    page.fill("#plan-seed", "Stadtmeisterschaft").await;
    page.click("#plan-submit").await;
    page.wait_for("#plan-rounds", WAIT).await;
    page.click("#draw-submit").await;
    page.wait_for("#round-1", WAIT).await;
    assert_eq!(
        page.count("#round-1-tables tbody tr").await,
        4,
        "16 players, 4 tables"
    );
    page.click("#round-1-codes").await;
    page.wait_until(
        "[...document.querySelectorAll('#round-1-tables td.code')]\
         .every(c => c.textContent.trim().length === 9)",
        WAIT,
    )
    .await;
    check(&page, "rounds").await;

    // Print the table cards: each QR code, as the browser renders it, holds its table's
    // join link with the code printed beside it.
    page.click(".desk-nav a[href$='/print']").await;
    page.wait_for("#print-rounds", WAIT).await;
    check(&page, "print").await;
    page.click("#print-round-1 a[href$='/tables']").await;
    page.wait_for("svg.qr", WAIT).await;
    check(&page, "table-cards").await;
    let pictures = page.element_screenshots("section.table-card svg.qr").await;
    assert_eq!(pictures.len(), 4, "one QR code a table");
    let mut codes = Vec::new();
    for (i, picture) in pictures.iter().enumerate() {
        let code = page
            .text_of(&format!("#table-card-{} .join-code strong", i + 1))
            .await;
        assert_eq!(
            read_qr(picture),
            format!("{base}/join/{code}"),
            "table {}",
            i + 1
        );
        codes.push(code);
    }

    // Start round 1: its clock runs.
    page.goto(&format!("{base}/admin/tournaments/{id}/rounds"))
        .await;
    page.click("#round-1-start").await;
    page.wait_for("#round-1-time-up", WAIT).await;
    let round = &rounds(&service, &token, id).await[0];
    assert!(round["started_at"].is_string(), "{round}");
    let table = round["tables"][0]["id"].as_i64().unwrap();

    // The monitor shows table 1 without an entry; a captain joins on a phone with the
    // code from the card and enters deal 1; the monitor follows without a reload.
    page.click(".desk-nav a[href$='/monitor']").await;
    page.wait_for("#monitor-table-1", WAIT).await;
    assert!(
        page.text_of("#monitor-table-1 td.deals")
            .await
            .contains("0 / 24")
    );
    check(&page, "monitor").await;
    page.eval("window.karlchenMark = 1; return null;", vec![])
        .await;
    let Some(phone) = browser::open(Viewport::Phone).await else {
        return;
    };
    join(&phone, &base, &codes[0]).await;
    enter_online(&phone, &Deal::normal([1, 2])).await;
    phone.screenshot("desk-day-captain").await;
    phone.close().await;
    page.wait_until(
        "document.querySelector('#monitor-table-1 td.deals').textContent.includes('1 / 24') \
         && window.karlchenMark === 1",
        POLL,
    )
    .await;
    page.screenshot("desk-day-monitor-updated").await;

    // At the table: a penalty (TSR 9: the offender pays 3, the others get 1 each at a
    // 4-table), then deal 1 corrected: Re made 160 in 9 tricks, so keine 90 is won too.
    page.click("#monitor-table-1 th a").await;
    page.wait_for("#desk-sheet", WAIT).await;
    page.fill("#penalty-offence", "Aus der Reihe ausgespielt")
        .await;
    page.fill("#penalty-referee", "Schmidt").await;
    page.click("#penalty-form button[type=submit]").await;
    page.wait_for("#penalties", WAIT).await;
    assert!(
        page.text_of("#penalties")
            .await
            .contains("Aus der Reihe ausgespielt")
    );
    page.click("#deal-1 a").await;
    page.wait_for("#deal-form", WAIT).await;
    page.fill("#points", "160").await;
    page.fill("#tricks", "9").await;
    page.fill("#correct-reason", "Zählfehler").await;
    page.click("#save-button").await;
    page.wait_until(
        "document.querySelector('#history')?.textContent.includes('Zählfehler')",
        WAIT,
    )
    .await;
    check(&page, "table").await;
    let sheet = call_json(
        &service,
        "GET",
        &format!("/api/v1/tables/{table}/sheet"),
        Some(&token),
        None,
    )
    .await;
    // Seats 2 and 3 won 2 (won, keine 90); seat 1 paid the penalty's 3.
    assert_eq!(sheet.json["deals"][0]["scores"], json!([-5, 3, 3, -1]));
    assert_eq!(sheet.json["totals"], json!([-5, 3, 3, -1]));

    // Time up for the round, then close it: the unfinished tables are named, and it is
    // closed anyway.
    page.click(".desk-nav a[href$='/rounds']").await;
    page.wait_for("#round-1-time-up", WAIT).await;
    // Every table at once: asked once, naming what happens.
    assert!(
        page.text_of("label[for=round-1-time-up-confirm]")
            .await
            .starts_with("Ja, an allen 4 Tischen ist die Zeit um")
    );
    page.click("#round-1-time-up-confirm").await;
    page.click("#round-1-time-up").await;
    // The page after the post shows every table's time as up: the status cell's own
    // words, since each row's "Zeit um an Tisch n" button holds them too.
    page.wait_until(
        "[...document.querySelectorAll('#round-1-tables tbody tr')]\
         .filter(r => [...r.querySelectorAll('td > strong')]\
         .some(s => s.textContent.trim() === 'Zeit um')).length === 4",
        WAIT,
    )
    .await;
    let sheet = call_json(
        &service,
        "GET",
        &format!("/api/v1/tables/{table}/sheet"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(sheet.json["time_up"], true, "{}", sheet.json);
    page.click("#round-1-close-confirm").await;
    page.click("#round-1-close").await;
    page.wait_for("#round-1-incomplete", WAIT).await;
    assert_eq!(page.count("#round-1-incomplete tbody tr").await, 4);
    page.click("#round-1-force-confirm").await;
    page.click("#round-1-force-submit").await;
    page.wait_until(
        "document.querySelector('#round-1-heading')?.textContent.includes('abgeschlossen')",
        WAIT,
    )
    .await;
    assert_eq!(rounds(&service, &token, id).await[0]["closed"], true);

    // The standings: table 1's players with their totals, the others at 0.
    page.click(".desk-nav a[href$='/standings']").await;
    page.wait_for("#desk-standings", WAIT).await;
    check(&page, "standings").await;
    let shown = page
        .eval(
            "return Object.fromEntries([...document.querySelectorAll('#desk-standings tbody tr')]\
             .map(r => [r.cells[2].textContent.trim(), +r.querySelector('td.total').textContent]));",
            vec![],
        )
        .await;
    for (seat, total) in [-5, 3, 3, -1].into_iter().enumerate() {
        let name = sheet.json["players"][seat]["name"].as_str().unwrap();
        assert_eq!(shown[name], json!(total), "{name} in {shown}");
    }
    let zeros = shown
        .as_object()
        .unwrap()
        .values()
        .filter(|v| **v == json!(0))
        .count();
    assert_eq!(zeros, 12, "the other three tables played nothing: {shown}");

    // The log: the day's changes with the reasons given, the correction among them.
    page.click(".desk-nav a[href$='/audit']").await;
    page.wait_for("#audit", WAIT).await;
    check(&page, "log").await;
    let log = page.text_of("#audit").await;
    assert!(
        log.contains("Spiel korrigiert") && log.contains("Zählfehler"),
        "{log}"
    );
    assert!(log.contains("Strafe eingetragen"), "{log}");
    page.close().await;
}
