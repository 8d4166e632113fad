//! Printing at the desk in Chromium: the organiser issues the round's codes from the table
//! cards, and each card's QR code, photographed as rendered, decodes to that table's join
//! link; every print page passes the accessibility check, and is kept as a screenshot.

use png::{ColorType, Decoder, Transformations};
use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::admin_print::drawn;
use crate::fixtures::organizer;

/// The text of the one QR code in a PNG picture.
pub(super) fn read_qr(picture: &[u8]) -> String {
    let mut decoder = Decoder::new(std::io::Cursor::new(picture));
    decoder.set_transformations(Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("its size")];
    let info = reader.next_frame(&mut pixels).expect("its pixels");
    let channels = match info.color_type {
        ColorType::Grayscale => 1,
        ColorType::GrayscaleAlpha => 2,
        ColorType::Rgb => 3,
        ColorType::Rgba => 4,
        ColorType::Indexed => panic!("expanded by the transformation"),
    };
    let (width, height) = (info.width as usize, info.height as usize);
    let mut image = rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| {
        let at = y * info.line_size + x * channels;
        let px = &pixels[at..at + channels.min(3)];
        // The darkest channel is enough for black on white.
        px.iter().copied().min().unwrap_or(255)
    });
    let grids = image.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code in the picture");
    grids[0].decode().expect("the QR code decodes").1
}

#[actix_web::test]
async fn each_table_cards_qr_code_decodes_to_its_join_link() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let token = organizer(&app, &service, "leitung@example.org").await;
    let (id, _, seated) = drawn(&service, &token).await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;

    // The print page, by the desk's navigation.
    page.goto(&format!("{base}/admin/tournaments/{id}")).await;
    page.click("a[href$='/print']").await;
    page.wait_for("#print-rounds", WAIT).await;
    page.screenshot("desk-print").await;
    page.assert_accessible("the print page").await;

    // The cards of round 1 have no codes yet: issue them from the page.
    page.click("#print-round-1 a[href$='/tables']").await;
    page.wait_for("#issue-codes-submit", WAIT).await;
    page.assert_accessible("table cards without codes").await;
    page.click("#issue-codes-submit").await;
    page.wait_for("svg.qr", WAIT).await;
    assert_eq!(
        page.count("#issue-codes").await,
        0,
        "every table has its code"
    );
    assert_eq!(page.count("section.table-card").await, seated.len());
    page.screenshot("desk-print-table-cards").await;
    page.assert_accessible("table cards").await;
    // On paper: two cards to an A4 page, without the desk around them.
    assert_eq!(
        page.print_pdf("desk-print-table-cards").await,
        1,
        "two cards, one page"
    );

    // Each card's QR code, as rendered, holds that card's link: this server, /join/, the
    // code printed under it in large type.
    let pictures = page.element_screenshots("section.table-card svg.qr").await;
    assert_eq!(pictures.len(), seated.len(), "one QR code a table");
    for (i, picture) in pictures.iter().enumerate() {
        let number = i + 1;
        let code = page
            .text_of(&format!("#table-card-{number} .join-code strong"))
            .await;
        let link = format!("{base}/join/{code}");
        assert_eq!(read_qr(picture), link, "table {number}");
        assert_eq!(
            page.text_of(&format!("#table-card-{number} .join-link"))
                .await,
            link
        );
    }

    // The other printouts, checked and kept.
    // On paper: one A4 page a score sheet (24 deals at the 4-table, 30 at the 5-table),
    // eight name cards a page, the standings of nine players on one.
    for (path, shot, ready, pages) in [
        ("print/rounds/1/sheets", "desk-print-sheets", "#sheet-2", 2),
        (
            "print/sheets?size=5&count=3",
            "desk-print-blank-sheets",
            "#sheet-3",
            3,
        ),
        (
            "print/rounds/1/cards",
            "desk-print-name-cards",
            "#name-cards",
            2,
        ),
        (
            "print/standings",
            "desk-print-standings",
            "#printed-standings",
            1,
        ),
    ] {
        page.goto(&format!("{base}/admin/tournaments/{id}/{path}"))
            .await;
        page.wait_for(ready, WAIT).await;
        page.screenshot(shot).await;
        page.assert_accessible(shot).await;
        assert_eq!(page.print_pdf(shot).await, pages, "{shot} on paper");
    }
    // With script, the page offers to open the print dialog.
    assert_eq!(page.count("button.print-button:not([hidden])").await, 1);

    // A phone that follows the first card's link lands at its table.
    let code = {
        page.goto(&format!(
            "{base}/admin/tournaments/{id}/print/rounds/1/tables"
        ))
        .await;
        page.text_of("#table-card-1 .join-code strong").await
    };
    page.close().await;
    let Some(phone) = browser::open(Viewport::Phone).await else {
        return;
    };
    phone.goto(&format!("{base}/join/{code}")).await;
    phone
        .wait_until("location.pathname === '/table'", WAIT)
        .await;
    let table = phone.text_of("body").await;
    assert!(table.contains(seated[0][0].as_str()), "{table:.500}");
    phone.close().await;
}
