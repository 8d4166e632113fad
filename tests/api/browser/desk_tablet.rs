//! The desk on a tablet (768 and 820 CSS pixels wide, upright): the pages a director uses
//! at the tables (players, rounds, the monitor, a table's sheet, standings, its paper
//! entry) fit the screen's width, so nothing is reached by scrolling sideways; wide tables
//! scroll inside their own box.

use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::{Step, Table};

/// How far the page reaches past the window's right edge, in CSS pixels (0: it fits).
async fn overflow(page: &browser::Page) -> f64 {
    page.eval(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth;",
        vec![],
    )
    .await
    .as_f64()
    .unwrap()
}

#[actix_web::test]
async fn the_desk_pages_fit_a_tablet_without_scrolling_sideways() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 5).await;
    t.fill(&service, &[Step::Normal, Step::Normal, Step::Normal])
        .await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;
    let id = t.tournament;
    let pages = [
        format!("/admin/tournaments/{id}"),
        format!("/admin/tournaments/{id}/players"),
        format!("/admin/tournaments/{id}/rounds"),
        format!("/admin/tournaments/{id}/monitor"),
        format!("/admin/tournaments/{id}/standings"),
        format!("/admin/tables/{}", t.table),
        format!("/admin/tables/{}/deals/new", t.table),
        format!("/admin/tables/{}/deals/1", t.table),
    ];
    let mut wide = Vec::new();
    for width in [768, 820] {
        page.set_screen(width, 1024).await;
        for path in &pages {
            page.goto(&format!("{base}{path}")).await;
            page.wait_for("main", WAIT).await;
            let past = overflow(&page).await;
            if past > 0.5 {
                page.screenshot(&format!("desk-tablet-{width}-{}", path.replace('/', "-")))
                    .await;
                // What reaches past the edge outside every scrolling box: positioned
                // elements escape a box that is not their containing block.
                let culprits = page
                    .eval(
                        "const w = document.documentElement.clientWidth; const out = [];
                         for (const e of document.body.querySelectorAll('*')) {
                           const r = e.getBoundingClientRect();
                           const pos = getComputedStyle(e).position;
                           if (r.right > w + 0.5 && pos !== 'static') {
                             out.push(e.tagName + '#' + e.id + '.' + e.className + ' ' + pos + ' ' + r.left + '-' + r.right);
                           }
                         }
                         return out.slice(0, 3);",
                        vec![],
                    )
                    .await;
                wide.push(format!("{path} at {width}: {past} px {culprits}"));
            }
        }
    }
    assert!(wide.is_empty(), "pages wider than the tablet: {wide:?}");
    page.close().await;
}
