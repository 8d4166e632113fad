//! The players at the desk in Chromium: a 16-row CSV file with one bad row is uploaded
//! through the file input and its preview shows the error; the fixed file is uploaded and
//! imported with one click; a name is searched as one types and checked in with one click,
//! coming back to his row with the search kept. Every page passes the accessibility check
//! and is kept as a screenshot.

use serde_json::json;
use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::admin_players::sixteen;
use crate::fixtures::{call_json, organizer, tournament};

#[actix_web::test]
async fn a_file_is_previewed_fixed_imported_and_a_player_checked_in() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let token = organizer(&app, &service, "leitung@example.org").await;
    let id = tournament(
        &service,
        &token,
        &json!({"name": "Herbst-Cup", "date": "2026-11-28"}),
    )
    .await;
    let files = tempfile::tempdir().unwrap();
    let bad = files.path().join("spieler-fehler.csv");
    let fixed = files.path().join("spieler.csv");
    std::fs::write(&bad, sixteen(Some(7))).unwrap();
    std::fs::write(&fixed, sixteen(None)).unwrap();

    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;

    page.goto(&format!("{base}/admin/tournaments/{id}/players"))
        .await;
    page.wait_for("#players-empty", WAIT).await;
    page.screenshot("desk-players-empty").await;
    page.assert_accessible("the players, none yet").await;

    // The file with one bad row: every row previewed, the bad one marked, nothing stored.
    let choose = |path: std::path::PathBuf| {
        let page = &page;
        async move {
            page.find("#import-file")
                .await
                .send_keys(path.to_str().unwrap())
                .await
                .unwrap();
        }
    };
    choose(bad).await;
    page.click("#import-preview").await;
    page.wait_for("#import-rows", WAIT).await;
    assert_eq!(page.count("#import-rows tbody tr").await, 16, "every row");
    assert_eq!(page.count("#import-rows tr.bad").await, 1, "one bad row");
    let bad_row = page.text_of("#import-rows tr.bad").await;
    assert!(bad_row.contains("Spieler 07"), "{bad_row}");
    assert!(
        bad_row.contains("Startnummer: ungültiger Wert"),
        "{bad_row}"
    );
    assert!(
        page.text_of("#import-summary")
            .await
            .contains("Es wurde nichts gespeichert"),
    );
    assert_eq!(page.count("#import-confirm").await, 0, "no import offered");
    page.screenshot("desk-players-import-errors").await;
    page.assert_accessible("the import preview with an error")
        .await;
    let players = format!("/api/v1/tournaments/{id}/players");
    let stored = call_json(&service, "GET", &players, Some(&token), None).await;
    assert_eq!(stored.json, json!([]), "nothing stored");

    // The fixed file, from the same page: a clean preview, then one click imports.
    choose(fixed).await;
    page.click("#import-preview").await;
    page.wait_for("#import-confirm", WAIT).await;
    assert_eq!(page.count("#import-rows tbody tr").await, 16);
    assert_eq!(page.count("#import-rows tr.bad").await, 0);
    page.screenshot("desk-players-import-preview").await;
    page.assert_accessible("the import preview").await;
    page.click("#import-submit").await;
    page.wait_for("#players", WAIT).await;
    assert!(
        page.text_of("#player-notice")
            .await
            .contains("16 Spieler importiert")
    );
    assert_eq!(page.count("#players tbody tr").await, 16);
    page.screenshot("desk-players-list").await;
    page.assert_accessible("the players").await;

    // The search filters as one types; one click checks him in.
    page.fill("#player-search", "spieler 12").await;
    page.wait_until(
        "document.querySelectorAll('#players tbody tr:not([hidden])').length === 1",
        WAIT,
    )
    .await;
    assert_eq!(page.text_of("#player-shown").await, "1");
    assert!(
        page.text_of("#players tbody tr:not([hidden])")
            .await
            .contains("Spieler 12")
    );
    page.click("#players tbody tr:not([hidden]) .checkin-button")
        .await;
    page.wait_for(
        "#players tbody tr:not([hidden]) .checkin-button.checked",
        WAIT,
    )
    .await;
    let url = page.current_url().await;
    assert!(url.contains("q=spieler+12"), "{url}");
    assert!(url.contains("#player-"), "{url}");
    assert_eq!(
        page.attr("#player-search", "value").await.as_deref(),
        Some("spieler 12")
    );
    assert_eq!(
        page.eval(
            "return document.querySelectorAll('#players tbody tr:not([hidden])').length;",
            vec![]
        )
        .await,
        json!(1),
        "the search kept"
    );
    page.screenshot("desk-players-checked-in").await;
    page.assert_accessible("the players after a check-in").await;
    let stored = call_json(&service, "GET", &players, Some(&token), None).await;
    let checked: Vec<&str> = stored
        .json
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["checked_in"] == true)
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        checked,
        [
            "Spieler 01",
            "Spieler 02",
            "Spieler 03",
            "Spieler 04",
            "Spieler 12"
        ]
    );

    // The same file once more: every row's DDV number is registered already, so the
    // preview refuses the import instead of doubling the field.
    page.goto(&format!("{base}/admin/tournaments/{id}/players"))
        .await;
    page.wait_for("#players", WAIT).await;
    choose(files.path().join("spieler.csv")).await;
    page.click("#import-preview").await;
    page.wait_for("#import-rows", WAIT).await;
    assert_eq!(
        page.count("#import-rows tr.bad").await,
        16,
        "every row taken"
    );
    assert_eq!(page.count("#import-confirm").await, 0, "no import offered");
    let first = page.text_of("#import-rows tr.bad").await;
    assert!(first.contains("DDV-Nummer: ist schon vergeben"), "{first}");
    page.assert_accessible("the preview of a file imported already")
        .await;

    // A player's numbers corrected at his row: a start number another holds is refused
    // with his row open, a free one is taken.
    let twelve = stored
        .json
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Spieler 12")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    page.goto(&format!("{base}/admin/tournaments/{id}/players"))
        .await;
    page.wait_for("#players", WAIT).await;
    let row = format!("#player-{twelve}");
    page.click(&format!("{row} .player-edit summary")).await;
    page.fill(&format!("#edit-number-{twelve}"), "3").await;
    page.click(&format!("{row} .edit-form button[type=submit]"))
        .await;
    page.wait_for("#row-error", WAIT).await;
    assert!(
        page.text_of("#row-error")
            .await
            .contains("Startnummer: ist schon vergeben")
    );
    page.fill(&format!("#edit-number-{twelve}"), "40").await;
    page.fill(&format!("#edit-ddv-{twelve}"), "4711").await;
    page.click(&format!("{row} .edit-form button[type=submit]"))
        .await;
    page.wait_until(
        &format!(
            "!document.querySelector('#row-error') && \
             document.querySelector('{row} td.num')?.textContent.trim() === '40'"
        ),
        WAIT,
    )
    .await;
    page.assert_accessible("the players after a correction")
        .await;
    let stored = call_json(&service, "GET", &players, Some(&token), None).await;
    let corrected = stored
        .json
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == twelve)
        .unwrap();
    assert_eq!(
        (
            corrected["start_number"].clone(),
            corrected["ddv_number"].clone()
        ),
        (json!(40), json!("4711"))
    );
    page.close().await;
}
