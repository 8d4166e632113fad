//! The budgets of the pages that exist, measured rather than asserted: a debug build on a
//! shared machine is no place for a timing limit. Run by hand, figures in BENCHMARKS.md:
//!
//! ```sh
//! cargo test -p service-tests --test api -- --ignored --nocapture browser::budgets
//! ```

#![expect(clippy::print_stdout, reason = "the measurement is the output")]

use service_tests::TestApp;
use service_tests::browser::{Throttle, Viewport, budgets};

#[actix_web::test]
#[ignore = "a measurement: run with --ignored --nocapture, see BENCHMARKS.md"]
async fn public_pages_on_slow_4g() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (id, _) = super::super::pages::published_round(&app, &service).await;
    let base = super::super::server::spawn(&app).await;
    let pages = [
        format!("{base}/tournaments/{id}"),
        format!("{base}/tournaments/{id}/rounds/1/list"),
        format!("{base}/tournaments/{id}/plan"),
        format!("{base}/tournaments/{id}/standings"),
        format!("{base}/tournaments/{id}/projector"),
    ];
    for throttle in [Throttle::SLOW_4G, Throttle::SLOW_4G_DEVTOOLS] {
        let mut measured = Vec::new();
        for url in &pages {
            let Some(budget) = budgets::measure(url, None, Viewport::Phone, throttle).await else {
                return;
            };
            measured.push(budget);
        }
        println!("{throttle:?}\n{}", budgets::table(&measured));
    }
}
