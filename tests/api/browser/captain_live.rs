//! Two captains' phones at one table in Chromium (390x844): each page follows the table
//! live (a deal saved on the other phone shows within seconds and the form moves on to the
//! next number, keeping what is being typed), and an entry the other phone overtook while
//! this one was offline is shown beside the stored deal, kept as the next deal or dropped.

use serde_json::json;
use service_tests::TestApp;
use service_tests::browser::{self, Page, Viewport};

use super::WAIT;
use super::captain::{Deal, captain_at, code, enter, enter_online, form_number, join};
use crate::fixtures::Table;

/// Waits until `page`'s form enters deal `n` and its table shows `n` as the next deal.
async fn at_deal(page: &Page, n: u64) {
    page.wait_until(
        &format!(
            "+document.querySelector('#next-deal').dataset.number === {n} && \
             +document.querySelector('#deal-form input[name=number]').value === {n}"
        ),
        WAIT,
    )
    .await;
}

/// Cuts `page`'s network and waits until the page knows.
async fn offline(page: &Page) {
    page.set_offline(true).await;
    page.wait_until("!navigator.onLine", WAIT).await;
}

/// The entries each card of the overtaken outbox entry shows, by seat.
async fn cards(page: &Page) -> serde_json::Value {
    page.eval(
        "return Array.from(document.querySelectorAll('#outbox li[data-state=overtaken] .deal-card'))
           .map(c => Array.from(c.querySelectorAll('li[data-seat]')).map(li => +li.querySelector('.num').textContent));",
        vec![],
    )
    .await
}

#[actix_web::test]
async fn two_phones_at_one_table_follow_each_other_and_settle_an_overtaken_entry() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::new(&app, &service, 4).await;
    let code = code(&service, &table).await;
    let base = super::super::server::spawn(&app).await;
    let Some(a) = browser::open(Viewport::Phone).await else {
        return;
    };
    let Some(b) = browser::open(Viewport::Phone).await else {
        return;
    };
    join(&a, &base, &code).await;
    join(&b, &base, &code).await;

    // Phone A saves deal 1: phone B, untouched, follows with its totals and a fresh form.
    enter_online(&a, &Deal::normal([0, 1])).await;
    at_deal(&b, 2).await;
    let sheet = table.sheet(&service).await;
    let totals = b
        .eval(
            "return Array.from(document.querySelectorAll('#totals td')).map(td => +td.textContent);",
            vec![],
        )
        .await;
    assert_eq!(totals, sheet["totals"], "B's totals are the sheet's");

    // B is typing deal 2 when A saves it: B's form moves on to 3, keeps the typing, says so.
    b.click("input[name=re][value='2']").await;
    b.fill("#points", "100").await;
    enter_online(&a, &Deal::normal([2, 3])).await;
    b.wait_for("#moved-on", WAIT).await;
    assert_eq!(form_number(&b).await, 3);
    assert_eq!(
        b.eval(
            "return [document.getElementById('points').value, document.querySelector('input[name=re][value=\"2\"]').checked];",
            vec![]
        )
        .await,
        json!(["100", true]),
        "what B typed is kept"
    );
    let note = b.text_of("#moved-on").await;
    assert!(
        note.contains("Spiel 2") && note.contains("Spiel 3"),
        "{note}"
    );
    b.screenshot("captain-moved-on").await;

    // Offline, B enters deal 3; A enters its own deal 3 meanwhile. Back online, B's entry
    // is refused as overtaken and shown beside the stored one, both scored.
    b.goto(&format!("{base}/table")).await;
    at_deal(&b, 3).await;
    offline(&b).await;
    enter(&b, &Deal::normal([0, 2])).await;
    b.wait_until("document.querySelectorAll('#outbox li').length === 1", WAIT)
        .await;
    enter_online(&a, &Deal::normal([1, 3])).await;
    b.set_offline(false).await;
    b.wait_for("#outbox li[data-state=overtaken] .compare", WAIT)
        .await;
    let sheet = table.sheet(&service).await;
    let shown = cards(&b).await;
    assert_eq!(shown[0], sheet["deals"][2]["scores"], "the stored deal 3");
    let mine = shown[1].clone();
    assert_eq!(mine.as_array().map(Vec::len), Some(4), "B's entry, scored");
    b.eval(
        "document.getElementById('outbox-section').scrollIntoView();",
        vec![],
    )
    .await;
    b.screenshot("captain-overtaken").await;
    b.assert_accessible("an overtaken entry").await;

    // Kept: it goes in as deal 4, scored as the card said.
    assert_eq!(
        b.text_of("#outbox button[data-do=keep]").await,
        "Als Spiel 4 behalten"
    );
    b.click("#outbox button[data-do=keep]").await;
    b.wait_until("document.querySelectorAll('#outbox li').length === 0", WAIT)
        .await;
    at_deal(&b, 5).await;
    let sheet = table.sheet(&service).await;
    assert_eq!(sheet["deals"].as_array().unwrap().len(), 4);
    assert_eq!(sheet["deals"][3]["entry"]["re"], json!([0, 2]));
    assert_eq!(sheet["deals"][3]["scores"], mine);

    // Offline again, B enters deals 5 and 6; A enters the same deal 5. Dropped (after
    // asking), B's 5 goes and its 6 follows as 6: the stored 5 stands for it.
    offline(&b).await;
    enter(&b, &Deal::normal([1, 2])).await;
    enter(&b, &Deal::normal([0, 3])).await;
    b.wait_until("document.querySelectorAll('#outbox li').length === 2", WAIT)
        .await;
    // A follows B's deal 4 by itself before entering its own deal 5.
    at_deal(&a, 5).await;
    enter_online(&a, &Deal::normal([1, 2])).await;
    b.set_offline(false).await;
    // The entry is drawn again once the comparison arrives: wait for it before tapping.
    b.wait_for("#outbox li[data-state=overtaken] .compare", WAIT)
        .await;
    let asked = b
        .click_and_answer("#outbox button[data-do=drop]", true)
        .await;
    assert!(asked.contains("verwerfen"), "{asked}");
    b.wait_until("document.querySelectorAll('#outbox li').length === 0", WAIT)
        .await;
    at_deal(&b, 7).await;
    let sheet = table.sheet(&service).await;
    assert_eq!(sheet["deals"].as_array().unwrap().len(), 6);
    assert_eq!(sheet["deals"][4]["entry"]["re"], json!([1, 2]));
    assert_eq!(sheet["deals"][5]["entry"]["re"], json!([0, 3]));
    // A, untouched meanwhile, follows to deal 7 as well.
    at_deal(&a, 7).await;
    a.close().await;
    b.close().await;
}

#[actix_web::test]
async fn a_late_answer_from_before_a_save_does_not_step_the_phone_back() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let Some((table, _, page)) = captain_at(&app, &service, 4).await else {
        return;
    };

    // A slow hall network: the table's state reaches the phone three seconds after the
    // server sent it. The poll goes out now and is answered before deal 1 is saved.
    page.eval(
        "const send = window.fetch;
         window.stateAnswered = 0; window.stateDelivered = 0;
         window.fetch = function (url, init) {
           const answer = send(url, init);
           if (String(url).indexOf('/table/state') < 0) { return answer; }
           return answer.then(r => { window.stateAnswered += 1;
             return new Promise(done => setTimeout(() => { window.stateDelivered += 1; done(r); }, 3000)); });
         };
         document.dispatchEvent(new Event('visibilitychange'));",
        vec![],
    )
    .await;
    page.wait_until("window.stateAnswered >= 1", WAIT).await;
    enter_online(&page, &Deal::normal([0, 1])).await;
    assert_eq!(form_number(&page).await, 2);
    // The captain starts on deal 2 before the old answer (next deal: 1) arrives.
    page.click("input[name=re][value='2']").await;
    page.wait_until("window.stateDelivered >= 1", WAIT).await;
    // Its handlers run after the delivery; give them a moment.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;

    assert_eq!(
        page.attr("#next-deal", "data-number").await.as_deref(),
        Some("2"),
        "the table's state did not step back"
    );
    assert_eq!(form_number(&page).await, 2, "the form still enters deal 2");
    assert_eq!(page.count("#moved-on").await, 0, "no move was announced");
    assert_eq!(
        page.eval(
            "return document.querySelector('input[name=re][value=\"2\"]').checked;",
            vec![]
        )
        .await,
        json!(true),
        "what was typed is kept"
    );
    assert_eq!(
        table.sheet(&service).await["deals"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
}
