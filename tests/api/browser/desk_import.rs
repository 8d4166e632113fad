//! Importing a results document at the desk in Chromium: a broken file is refused with what
//! is wrong and nothing stored; the exported document arrives as an unpublished copy,
//! named so, and the public start page does not list it until its organiser publishes it
//! (the organiser's own start page lists it, marked unpublished).

use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::{Step, Table, call_json, expect};

#[actix_web::test]
async fn a_results_document_is_imported_as_an_unpublished_copy() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    t.fill(&service, &[Step::Normal, Step::Normal]).await;
    crate::fixtures::publish(&service, &t).await;
    let doc = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/results", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&doc, 200, "export");
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("karlchen-cup.json");
    std::fs::write(&good, doc.text.as_bytes()).unwrap();
    let mut broken = doc.json.clone();
    broken["rounds"][0]["tables"][0]["deals"][0]["scored"]["scores"] =
        serde_json::json!([9, 9, 9, 9]);
    let bad = dir.path().join("broken.json");
    std::fs::write(&bad, broken.to_string()).unwrap();

    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#import-results", WAIT).await;
    page.assert_accessible("the desk's start with the import")
        .await;
    // Not a document at all (the DDV's CSV chosen by mistake): said, not a server error.
    let csv = dir.path().join("ddv.csv");
    std::fs::write(&csv, "Platz;Name\n1;Anna\n").unwrap();
    page.choose_file("#import-file", &csv).await;
    page.click("#import-submit").await;
    page.wait_for("#import-error", WAIT).await;
    assert!(
        page.text_of("#import-error")
            .await
            .contains("nicht importiert")
    );
    page.choose_file("#import-file", &bad).await;
    page.click("#import-submit").await;
    page.wait_for("#import-error", WAIT).await;
    let why = page.text_of("#import-error").await;
    assert!(why.contains("nicht importiert"), "{why}");
    assert!(why.contains("scores"), "{why}");
    assert_eq!(
        page.count("#desk-tournaments li").await,
        1,
        "nothing stored"
    );

    page.choose_file("#import-file", &good).await;
    page.click("#import-submit").await;
    page.wait_for(".desk-tournament", WAIT).await;
    let bar = page.text_of(".desk-tournament").await;
    assert!(bar.contains("Karlchen-Cup (Kopie)"), "{bar}");
    assert!(bar.contains("nicht veröffentlicht"), "{bar}");
    // The public (no session) sees the tournament once, not its copy.
    let public = crate::fixtures::send(
        &service,
        actix_web::test::TestRequest::get().uri("/").to_request(),
    )
    .await;
    assert!(public.text.contains("Karlchen-Cup"), "{}", public.text);
    assert!(!public.text.contains("(Kopie)"), "{}", public.text);
    page.close().await;
}
