//! axe-core and the touch-target check on the pages, walked as a visitor walks them, at a
//! phone's and a laptop's size; and a test that the check itself catches what it must.

use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;

/// A page with known faults, and with the exceptions the check must allow.
const FAULTY: &str = r#"<!DOCTYPE html><html lang="de"><head><title>Faults</title></head>
<body><main><h1>Faults</h1>
<p class="faint" style="color:#bbb">Grau auf Weiß</p>
<input id="unlabelled" type="text">
<button id="tiny" style="min-height:0;height:20px;padding:0">x</button>
<p>Ein <a id="in-sentence" href="/somewhere">Link im Satz</a> darf klein sein.</p>
<label id="big-label" style="display:block;min-height:44px;padding:12px 0">
  <input id="wrapped" type="checkbox"> groß genug</label>
</main></body></html>"#;

#[actix_web::test]
async fn the_check_finds_unlabelled_fields_low_contrast_and_small_targets() {
    let Some(page) = browser::open(Viewport::Phone).await else {
        return;
    };
    page.show_html(FAULTY).await;
    let audit = page.audit().await;
    let blocking: Vec<&str> = audit
        .violations
        .iter()
        .filter(|v| v.blocking())
        .map(|v| v.id.as_str())
        .collect();
    // Without axe-core installed (and not required) only the targets are checked.
    if !audit.violations.is_empty() || browser::required() {
        assert!(blocking.contains(&"label"), "{audit:#?}");
        assert!(blocking.contains(&"color-contrast"), "{audit:#?}");
    }
    let small: Vec<&str> = audit
        .small_targets
        .iter()
        .map(|t| t.target.as_str())
        .collect();
    assert!(small.contains(&"button#tiny"), "{small:?}");
    assert!(
        !small.iter().any(|t| t.contains("in-sentence")),
        "a link in a sentence is exempt: {small:?}"
    );
    assert!(
        !small
            .iter()
            .any(|t| t.contains("wrapped") || t.contains("big-label")),
        "a checkbox in a large label is large enough: {small:?}"
    );
    page.close().await;
}

#[actix_web::test]
async fn the_tournament_page_and_its_lists_are_accessible_when_walked() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (id, _) = super::super::pages::published_round(&app, &service).await;
    let base = super::super::server::spawn(&app).await;
    for (viewport, size) in [(Viewport::Phone, "phone"), (Viewport::Desktop, "desktop")] {
        let Some(page) = browser::open(viewport).await else {
            return;
        };
        let tournament = format!("{base}/tournaments/{id}");
        page.goto(&tournament).await;
        assert_eq!(page.text_of("h1").await, "Aushang-Cup");
        page.screenshot(&format!("tournament-{size}")).await;
        page.assert_accessible("tournament page").await;

        // To round 1's table list by tapping its link.
        page.click("#rounds a").await;
        page.wait_for("section#tisch-1", WAIT).await;
        assert_eq!(
            page.current_url().await,
            format!("{tournament}/rounds/1/list")
        );
        page.screenshot(&format!("round-list-{size}")).await;
        page.assert_accessible("table list").await;

        // Back to the tournament, and on to the seating plan.
        page.click("main .links a").await;
        page.wait_for("#rounds", WAIT).await;
        page.click(&format!("a[href='/tournaments/{id}/plan']"))
            .await;
        page.wait_for("table#plan", WAIT).await;
        page.screenshot(&format!("plan-{size}")).await;
        page.assert_accessible("seating plan").await;
        page.close().await;
    }
}
