//! A normal deal on a captain's phone in Chromium, counted in taps: the normal game is
//! ticked, the tricks are asked only where they decide "schwarz", weddings, solos, calls
//! and extras are folded away, so the form from its heading to Save fits one screen at
//! 390x844 and at 360x740; the preview opens right above Save, both in view.

use serde_json::json;
use service_tests::TestApp;
use service_tests::browser::Page;

use super::WAIT;
use super::captain::{captain_at, choose, tricks_asked};

/// Whether the form's heading and its Save button are both within the window once the
/// heading is scrolled to the top: the whole form on one screen.
async fn form_on_one_screen(page: &Page) -> (bool, f64) {
    let measured = page
        .eval(
            "document.getElementById('entry-heading').scrollIntoView({block: 'start'});
             const top = document.getElementById('entry-heading').getBoundingClientRect().top;
             const bottom = document.getElementById('save-button').getBoundingClientRect().bottom;
             return [bottom - top, window.innerHeight];",
            vec![],
        )
        .await;
    let height = measured[0].as_f64().unwrap();
    (height <= measured[1].as_f64().unwrap(), height)
}

/// Whether `selector`'s element lies wholly within the window.
async fn in_view(page: &Page, selector: &str) -> bool {
    page.eval(
        &format!(
            "const r = document.querySelector('{selector}').getBoundingClientRect();
             return r.top >= -1 && r.bottom <= window.innerHeight + 1;"
        ),
        vec![],
    )
    .await
        == json!(true)
}

#[actix_web::test]
async fn a_normal_deal_takes_four_taps_and_its_points_on_one_screen() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let Some((table, _, page)) = captain_at(&app, &service, 4).await else {
        return;
    };
    for (width, height) in [(390, 844), (360, 740)] {
        page.set_phone_screen(width, height).await;
        let (fits, tall) = form_on_one_screen(&page).await;
        page.screenshot(&format!("captain-form-{width}x{height}"))
            .await;
        assert!(fits, "the form is {tall} px at {width}x{height}");
    }
    page.set_phone_screen(390, 844).await;

    // Deal 1: Re (seats 1 and 3) made 151 and said nothing. Four taps: two seats, the
    // points field, Save; and the digits.
    let mut taps = 0;
    for seat in ["1", "3"] {
        page.click(&format!("input[name=re][value='{seat}']")).await;
        taps += 1;
    }
    page.click("#points").await;
    taps += 1;
    page.fill("#points", "151").await;
    assert!(
        !tricks_asked(&page).await,
        "151 card points: no tricks asked"
    );
    page.click("#save-button").await;
    taps += 1;
    assert_eq!(taps, 4);
    page.wait_until(
        "document.querySelectorAll('#outbox li').length === 0 && \
         +document.querySelector('#next-deal').dataset.number === 2",
        WAIT,
    )
    .await;
    let sheet = table.sheet(&service).await;
    // Re won (1) and Kontra stayed under 90 (1): 2 each.
    assert_eq!(sheet["deals"][0]["scores"], json!([-2, 2, -2, 2]));
    assert!(sheet["deals"][0]["entry"].get("re_tricks").is_none());

    // All 240 for Re: now the tricks decide whether Kontra is schwarz, and are asked.
    page.click("input[name=re][value='0']").await;
    page.click("input[name=re][value='2']").await;
    page.fill("#points", "240").await;
    assert!(
        tricks_asked(&page).await,
        "240 card points: the tricks are asked"
    );
    page.fill("#tricks", "12").await;
    // The preview opens right above Save, both in view.
    page.click("#preview-button").await;
    page.wait_for("#preview-scores", WAIT).await;
    page.screenshot("captain-preview-beside-save").await;
    let rects = page
        .eval(
            "return ['#preview', '#save-button'].map(s => { const r = document.querySelector(s).getBoundingClientRect(); return [r.top, r.bottom]; }).concat([window.innerHeight]);",
            vec![],
        )
        .await;
    assert!(
        in_view(&page, "#save-button").await,
        "Save in view: {rects}"
    );
    assert!(
        in_view(&page, "#preview-game").await,
        "the preview in view: {rects}"
    );
    page.click("#save-button").await;
    page.wait_until(
        "document.querySelectorAll('#outbox li').length === 0 && \
         +document.querySelector('#next-deal').dataset.number === 3",
        WAIT,
    )
    .await;
    let sheet = table.sheet(&service).await;
    assert_eq!(sheet["deals"][1]["entry"]["re_tricks"], 12);
    // Won 1, under 90, 60, 30 (3), Kontra schwarz (1): 5 each.
    assert_eq!(sheet["deals"][1]["scores"], json!([5, -5, 5, -5]));

    // A solo is one tap further: the folded contracts open, and fold again for deal 4.
    choose(&page, "solo_queens").await;
    page.click("input[name=re][value='3']").await;
    page.click("input[name=points_of][value=kontra]").await;
    page.fill("#points", "100").await;
    page.assert_accessible("the form with the contracts unfolded")
        .await;
    page.click("#save-button").await;
    page.wait_until(
        "document.querySelectorAll('#outbox li').length === 0 && \
         +document.querySelector('#next-deal').dataset.number === 4",
        WAIT,
    )
    .await;
    assert_eq!(
        page.eval(
            "return [document.getElementById('other-contracts').open, \
             document.querySelector('input[name=contract]:checked').value];",
            vec![]
        )
        .await,
        json!([false, "normal"])
    );
    let sheet = table.sheet(&service).await;
    // The Damensolo won with 140 (1): the soloist 3 times.
    assert_eq!(sheet["deals"][2]["scores"], json!([-1, -1, -1, 3]));
    page.close().await;
}

/// At a club playing Armut (house rule XII) the captain chooses it among the other
/// contracts, ticks the poor player and his partner, and the preview and the sheet name
/// it; it scores as a normal game.
#[actix_web::test]
async fn an_armut_is_chosen_on_the_phone_where_the_club_plays_it() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table =
        crate::fixtures::Table::of_house_rules(&app, &service, json!({"armut": true})).await;
    let code = super::captain::code(&service, &table).await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = service_tests::browser::open(service_tests::browser::Viewport::Phone).await
    else {
        return;
    };
    super::captain::join(&page, &base, &code).await;
    choose(&page, "armut").await;
    for seat in ["1", "3"] {
        page.click(&format!("input[name=re][value='{seat}']")).await;
    }
    page.click("#points").await;
    page.fill("#points", "130").await;
    page.click("#preview-button").await;
    page.wait_for("#preview-game", WAIT).await;
    assert!(
        page.text_of("#preview-game").await.starts_with("Armut"),
        "{}",
        page.text_of("#preview-game").await
    );
    page.assert_accessible("an Armut's preview").await;
    page.click("#save-button").await;
    page.wait_until(
        "document.querySelectorAll('#outbox li').length === 0 && \
         +document.querySelector('#next-deal').dataset.number === 2",
        WAIT,
    )
    .await;
    let sheet = table.sheet(&service).await;
    assert_eq!(sheet["deals"][0]["entry"]["contract"], "armut");
    assert_eq!(sheet["totals"], json!([-1, 1, -1, 1]));
    page.close().await;
}
