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
    // This server listens on 127.0.0.1 only and no public address is set: every print page
    // warns that its links lead nowhere a phone can go.
    assert_eq!(page.count("#print-address-warning").await, 1);
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
    assert_eq!(page.count("#print-address-warning").await, 1);
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
        assert_eq!(page.count("#print-address-warning").await, 1, "{shot}");
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

/// A server of `app` listening on `bind`, its configuration changed by `change`: its base as
/// the organiser's browser on this machine reaches it (`127.0.0.1` and the port).
async fn spawn_configured(
    app: &TestApp,
    bind: &str,
    change: impl FnOnce(&mut api::config::Config),
) -> String {
    let mut state = app.state.clone();
    let mut config = (*state.config).clone();
    config.bind = bind.to_owned();
    change(&mut config);
    state.config = std::sync::Arc::new(config);
    let server = actix_web::HttpServer::new(move || api::app::build(state.clone()))
        .workers(1)
        .bind(bind)
        .unwrap();
    let port = server.addrs()[0].port();
    actix_web::rt::spawn(server.run());
    format!("http://127.0.0.1:{port}")
}

/// The QR code in the one element `selector` finds, as rendered.
async fn qr_of(page: &browser::Page, selector: &str) -> String {
    let pictures = page.element_screenshots(selector).await;
    assert_eq!(pictures.len(), 1, "{selector}");
    read_qr(&pictures[0])
}

/// The organiser prints from the laptop that runs the service and reaches it as
/// 127.0.0.1: with `KARLCHEN_PUBLIC_URL` every printed QR code leads there; without it, but
/// listening on every interface, they lead to this machine's network address, which a
/// phone that follows the link reaches.
#[actix_web::test]
async fn printed_links_lead_where_phones_reach() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let token = organizer(&app, &service, "leitung@example.org").await;
    let (id, round, _) = drawn(&service, &token).await;
    for (method, path, body) in [
        ("POST", format!("/api/v1/rounds/{round}/join-codes"), None),
        (
            "PATCH",
            format!("/api/v1/tournaments/{id}"),
            Some(serde_json::json!({"published": true})),
        ),
    ] {
        let answer =
            crate::fixtures::call_json(&service, method, &path, Some(&token), body.as_ref()).await;
        assert!(answer.status.is_success(), "{path}: {answer:?}");
    }
    let tables = format!("admin/tournaments/{id}/print/rounds/1/tables");

    // Told the public address.
    let public = spawn_configured(&app, "127.0.0.1:0", |config| {
        config.public_url =
            Some(api::config::PublicUrl::parse("https://doko.example.org/").unwrap());
    })
    .await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &public).await;
    page.wait_for("#desk-tournaments", WAIT).await;
    page.goto(&format!("{public}/{tables}")).await;
    page.wait_for("svg.qr", WAIT).await;
    assert_eq!(page.count("#print-address-warning").await, 0);
    assert_eq!(
        page.text_of("#print-address[data-kind='configured'] code")
            .await,
        "https://doko.example.org"
    );
    let code = page.text_of("#table-card-1 .join-code strong").await;
    assert_eq!(
        qr_of(&page, "#table-card-1 svg.qr").await,
        format!("https://doko.example.org/join/{code}")
    );
    // The printed standings of a published tournament say where they are live.
    page.goto(&format!("{public}/admin/tournaments/{id}/print/standings"))
        .await;
    page.wait_for("#printed-live", WAIT).await;
    let live = format!("https://doko.example.org/tournaments/{id}/standings");
    assert_eq!(page.text_of("#printed-live .join-link").await, live);
    assert_eq!(qr_of(&page, "#printed-live svg.qr").await, live);
    page.assert_accessible("printed standings with their live link")
        .await;
    page.close().await;

    // Listening on every interface, reached as 127.0.0.1.
    let everywhere = spawn_configured(&app, "0.0.0.0:0", |_| {}).await;
    let port: u16 = everywhere.rsplit(':').next().unwrap().parse().unwrap();
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &everywhere).await;
    page.wait_for("#desk-tournaments", WAIT).await;
    page.goto(&format!("{everywhere}/{tables}")).await;
    page.wait_for("svg.qr", WAIT).await;
    if page.count("#print-address-warning").await == 1 {
        // A machine without a network: nothing better than the loopback name, said so.
        assert!(
            api::links::network_address().is_none(),
            "a network address exists, yet the page warns"
        );
        eprintln!("note: no network address here; the page warned instead");
        page.close().await;
        return;
    }
    let link = qr_of(&page, "#table-card-1 svg.qr").await;
    let url = url::Url::parse(&link).unwrap();
    let host: std::net::IpAddr = url
        .host_str()
        .unwrap()
        .trim_matches(['[', ']'])
        .parse()
        .unwrap();
    assert!(!host.is_loopback() && !host.is_unspecified(), "{link}");
    assert_eq!(url.port(), Some(port), "{link}");
    assert_eq!(url.path(), format!("/join/{code}"));
    assert_eq!(
        page.text_of("#print-address[data-kind='network'] code")
            .await,
        format!("http://{}", url.host_str().unwrap()) + &format!(":{port}")
    );
    page.close().await;
    // A phone that follows it reaches this service and is let in at the table.
    let phone = reqwest::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let answer = phone.get(&link).send().await.unwrap();
    assert_eq!(answer.status(), 303, "{link}");
    assert_eq!(answer.headers()["location"], "/table");
}

/// Certificates for the first three places: players sharing a place each get one, one A4
/// page each, with the place and the points the standings give.
#[actix_web::test]
async fn the_winners_certificates_print_one_page_each() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = crate::fixtures::Table::new(&app, &service, 4).await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    super::sign_in(&page, &base).await;
    page.wait_for("#desk-tournaments", WAIT).await;
    // Before anyone played, everyone shares the first place: nobody has won anything.
    let certificates = format!(
        "{base}/admin/tournaments/{}/print/certificates",
        t.tournament
    );
    page.goto(&certificates).await;
    page.wait_for("#certificates-none", WAIT).await;
    assert_eq!(page.count("section.certificate").await, 0);
    // Totals 2, -2, 0, 0 (see tie_breaks.rs): seat 0 first, seats 2 and 3 share second.
    let lost =
        serde_json::json!({"contract": "normal", "re": [1, 2], "re_points": 100, "re_tricks": 4});
    for body in [
        crate::fixtures::normal([1, 2]),
        crate::fixtures::normal([0, 2]),
        lost,
    ] {
        crate::fixtures::expect(&t.post(&service, &t.captain, &body).await, 201, "a deal");
    }
    let sheet = t.sheet(&service).await;
    assert_eq!(sheet["totals"], serde_json::json!([2, -2, 0, 0]));
    let name = |seat: usize| sheet["players"][seat]["name"].as_str().unwrap().to_owned();
    page.goto(&format!("{base}/admin/tournaments/{}/print", t.tournament))
        .await;
    page.click("#print-certificates").await;
    page.wait_for("section.certificate", WAIT).await;
    let shown = page
        .eval(
            "return [...document.querySelectorAll('section.certificate')].map(s => [\
               s.querySelector('.certificate-name').textContent,\
               s.querySelector('.certificate-place').textContent]);",
            vec![],
        )
        .await;
    assert_eq!(
        shown,
        serde_json::json!([
            [name(0), "1. Platz"],
            [name(2), "2. Platz"],
            [name(3), "2. Platz"]
        ])
    );
    let first = page.text_of("section.certificate").await;
    assert!(
        first.contains("mit 2 Punkten") && first.contains("Karlchen-Cup"),
        "{first}"
    );
    page.assert_accessible("certificates").await;
    page.screenshot("desk-print-certificates").await;
    assert_eq!(
        page.print_pdf("desk-print-certificates").await,
        3,
        "a page each"
    );
    // Only the winner.
    page.goto(&format!(
        "{base}/admin/tournaments/{}/print/certificates?places=1",
        t.tournament
    ))
    .await;
    page.wait_for("section.certificate", WAIT).await;
    assert_eq!(page.count("section.certificate").await, 1);
    assert_eq!(page.print_pdf("desk-print-certificate-winner").await, 1);
    page.close().await;
}
