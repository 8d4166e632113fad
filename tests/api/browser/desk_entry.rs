//! A paper score sheet keyed in at the desk in Chromium, with the keyboard alone: the
//! table's page leads to the entry form, which opens with the focus on it; Tab, Space and
//! the digits fill a deal, Enter saves it and opens the next; a deal by value and winner
//! goes the same way. The sheet the API answers holds what was typed, with the totals the
//! page shows; the page passes the accessibility check.

use fantoccini::key::Key;
use serde_json::json;
use service_tests::TestApp;
use service_tests::browser::{self, Page, Viewport};

use super::WAIT;
use crate::fixtures::Table;

/// At most this many Tab presses to reach a field: more than the form has controls.
const MAX_TABS: usize = 40;

/// Presses Tab until the focus is on the element matching `selector`.
async fn tab_to(page: &Page, selector: &str) {
    let tab = char::from(Key::Tab).to_string();
    for _ in 0..MAX_TABS {
        let there = page
            .eval(
                "return !!document.activeElement && document.activeElement.matches(arguments[0]);",
                vec![json!(selector)],
            )
            .await;
        if there == json!(true) {
            return;
        }
        page.press(&tab).await;
    }
    panic!("Tab never reaches {selector}");
}

/// Waits for the form of deal `number`, the deal before it saved.
async fn saved(page: &Page, number: u16) {
    page.wait_until(
        &format!(
            "(document.getElementById('entry-saved') || {{}}).textContent === 'Spiel {} gespeichert.' \
             && (document.getElementById('enter-heading') || {{}}).textContent.startsWith('Spiel eintragen {number} ')",
            number - 1
        ),
        WAIT,
    )
    .await;
}

#[actix_web::test]
async fn a_paper_sheet_is_keyed_in_at_the_desk_with_the_keyboard_alone() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::new(&app, &service, 4).await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;
    page.goto(&format!("{base}/admin/tables/{}", table.table))
        .await;
    page.click("#enter-link").await;
    page.wait_for("#deal-form", WAIT).await;
    assert_eq!(
        page.eval("return document.activeElement.name;", vec![])
            .await,
        json!("contract"),
        "the form has the focus"
    );
    page.assert_accessible("entering a deal at the desk").await;
    let space = " ";
    let enter = char::from(Key::Enter).to_string();

    // Deal 1, seat 0 deals: Re are seats 1 and 2 with 150.
    tab_to(&page, "#deal-form input[name=re][value='1']").await;
    page.press(space).await;
    tab_to(&page, "#deal-form input[name=re][value='2']").await;
    page.press(space).await;
    tab_to(&page, "#points").await;
    page.press(&format!("150{enter}")).await;
    saved(&page, 2).await;

    // Deal 2, seat 1 deals: Re are seats 2 and 3 with 100; Kontra wins against the old
    // ones (TSR: won, gegen die Alten: 2).
    tab_to(&page, "#deal-form input[name=re][value='2']").await;
    page.press(space).await;
    tab_to(&page, "#deal-form input[name=re][value='3']").await;
    page.press(space).await;
    tab_to(&page, "#points").await;
    page.press(&format!("100{enter}")).await;
    saved(&page, 3).await;

    // Deal 3 by value and winner, as the paper has it: Re (seats 0 and 3) won, 3 points.
    tab_to(&page, "#paper-entry summary").await;
    page.press(&enter).await;
    tab_to(&page, "#paper-form input[name=re][value='0']").await;
    page.press(space).await;
    tab_to(&page, "#paper-form input[name=re][value='3']").await;
    page.press(space).await;
    tab_to(&page, "#paper-value").await;
    page.press("3").await;
    tab_to(&page, "#paper-form input[name=winner]").await;
    page.press(space).await;
    tab_to(&page, "#paper-reason").await;
    page.press(&format!("Papierliste{enter}")).await;
    saved(&page, 4).await;
    page.screenshot("desk-entry").await;

    let sheet = table.sheet(&service).await;
    let deals = sheet["deals"].as_array().unwrap();
    assert_eq!(deals.len(), 3, "{sheet}");
    assert_eq!(deals[0]["entry"]["re"], json!([1, 2]));
    assert_eq!(deals[0]["entry"]["re_points"], 150);
    assert_eq!(deals[1]["entry"]["re_points"], 100);
    assert_eq!(deals[2]["entry"]["entry"], "paper");
    assert_eq!(deals[2]["entry"]["winner"], "re");
    // Seat 0: -1 +2 +3; seat 1: +1 +2 -3; seat 2: +1 -2 -3; seat 3: -1 -2 +3.
    assert_eq!(sheet["totals"], json!([4, 0, -4, 0]));
    let shown = page
        .eval(
            "return Array.from(document.querySelectorAll('#enter-totals td')).map(td => +td.textContent);",
            vec![],
        )
        .await;
    assert_eq!(shown, sheet["totals"]);
    page.close().await;
}
