//! The public pages in Chromium: walked as a spectator walks them (start page, tournament,
//! standings, players, a player with his chart, a table's sheet, the projector), each
//! accessible at a phone's and a laptop's size; and the standings updating by themselves,
//! without a reload, when a deal is entered.

use service_tests::TestApp;
use service_tests::browser::{self, Viewport};

use super::WAIT;
use crate::fixtures::{App, normal};
use crate::public_pages::{Hall, hall};

/// A published hall served, and a phone to read it on: the hall, the server's address and
/// the page; `None` where no browser runs.
async fn hall_on_a_phone<S: App>(
    app: &TestApp,
    service: &S,
) -> Option<(Hall, String, browser::Page)> {
    let h = hall(app, service, true).await;
    let base = super::super::server::spawn(app).await;
    let page = browser::open(Viewport::Phone).await?;
    Some((h, base, page))
}

#[actix_web::test]
async fn the_public_pages_are_accessible_when_walked() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let h = hall(&app, &service, true).await;
    let base = super::super::server::spawn(&app).await;
    for (viewport, size) in [(Viewport::Phone, "phone"), (Viewport::Desktop, "desktop")] {
        let Some(page) = browser::open(viewport).await else {
            return;
        };
        page.goto(&format!("{base}/")).await;
        page.wait_for("ul#tournaments", WAIT).await;
        page.screenshot(&format!("public-home-{size}")).await;
        page.assert_accessible("start page").await;

        page.click("ul#tournaments > li > a").await;
        page.wait_for("#tournament-links", WAIT).await;
        page.click("#tournament-links a[href$='/standings']").await;
        page.wait_for("table#standings", WAIT).await;
        assert_eq!(page.count("table#standings tbody tr[data-player]").await, 8);
        page.screenshot(&format!("public-standings-{size}")).await;
        page.assert_accessible("standings").await;

        // To a player from his row, and on to the sheet of his first table.
        page.click(&format!("tr[data-player='{}'] td.name a", h.p[3]))
            .await;
        page.wait_for("svg#chart", WAIT).await;
        assert_eq!(page.count("svg#chart circle[data-total]").await, 2);
        page.screenshot(&format!("public-player-{size}")).await;
        page.assert_accessible("player page").await;
        page.click("table#player-rounds tbody a").await;
        page.wait_for("table#sheet", WAIT).await;
        assert_eq!(page.count("table#sheet tbody tr[data-number]").await, 2);
        page.screenshot(&format!("public-sheet-{size}")).await;
        page.assert_accessible("table sheet").await;

        page.goto(&format!("{base}/tournaments/{}/players", h.t))
            .await;
        page.wait_for("table#players", WAIT).await;
        page.assert_accessible("players").await;

        page.goto(&format!("{base}/tournaments/{}/projector", h.t))
            .await;
        page.wait_for("#projector-pause", WAIT).await;
        page.screenshot(&format!("public-projector-{size}")).await;
        page.assert_accessible("projector").await;
        page.close().await;
    }
}

/// Opens the standings of `h` on `page`, enters a deal, and checks that the page shows it
/// without a reload (a mark set in the page survives), every total as the API has it.
async fn shows_a_new_deal<S: crate::fixtures::App>(
    page: &browser::Page,
    service: &S,
    h: &crate::public_pages::Hall,
    base: &str,
) {
    page.goto(&format!("{base}/tournaments/{}/standings", h.t))
        .await;
    page.wait_for("table#standings", WAIT).await;
    let before = page.attr("table#standings", "data-version").await.unwrap();
    // A mark a reload would wipe.
    page.eval("window.karlchenMark = 1;", vec![]).await;

    h.deal(service, h.tables[1], &normal([2, 3])).await;
    page.wait_until(
        &format!("document.getElementById('standings').dataset.version !== '{before}'"),
        WAIT,
    )
    .await;
    assert_eq!(
        page.eval("return window.karlchenMark;", vec![]).await,
        serde_json::json!(1),
        "no reload"
    );
    let api = h.standings(service).await;
    for line in api["standings"].as_array().unwrap() {
        let selector = format!("tr[data-player='{}'] td.total", line["player_id"]);
        assert_eq!(page.text_of(&selector).await, line["total"].to_string());
    }
}

#[actix_web::test]
async fn the_standings_show_a_new_deal_without_a_reload() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let Some((h, base, page)) = hall_on_a_phone(&app, &service).await else {
        return;
    };
    shows_a_new_deal(&page, &service, &h, &base).await;
    assert!(
        page.text_of("#standings-status")
            .await
            .starts_with("Aktualisiert um")
    );
    page.screenshot("public-standings-live").await;
    page.close().await;
}

#[actix_web::test]
async fn standings_refused_a_stream_poll_instead() {
    let mut app = TestApp::sqlite().await;
    // Every stream taken: the page's is refused with 503.
    app.state.streams = std::sync::Arc::new(api::stream_slots::StreamSlots::new(0, 0));
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let h = hall(&app, &service, true).await;
    let base = super::super::server::spawn(&app).await;
    let refused = reqwest::get(format!(
        "{base}/api/v1/tournaments/{}/standings/stream",
        h.t
    ))
    .await
    .unwrap();
    assert_eq!(refused.status(), 503);
    let Some(page) = browser::open(Viewport::Phone).await else {
        return;
    };
    // Polled every 5 s: the new deal shows without a stream and without a reload.
    shows_a_new_deal(&page, &service, &h, &base).await;
    page.close().await;
}

/// Whether every row of the projector's table lies wholly on the screen, and nothing scrolls:
/// `[rows, rows on screen, page height, screen height]`.
const ON_SCREEN: &str = "
    const rows = [...document.querySelectorAll('#projector tbody tr')];
    const inside = rows.filter(r => {
        const box = r.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    return [rows.length, inside.length, document.documentElement.scrollHeight, window.innerHeight];";

/// The hall's screen at 1280x720 and 1920x1080 shows each projector page's 15 rows whole,
/// so every rank appears in a cycle; when the network goes, the last standings stay on
/// screen with a note, and the pages turn again by themselves once it is back.
#[actix_web::test]
async fn the_projector_shows_every_rank_and_rides_out_an_outage() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (id, _) = crate::pages::published_round(&app, &service).await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Desktop).await else {
        return;
    };
    for (width, height) in [(1280, 720), (1920, 1080)] {
        page.set_screen(width, height).await;
        let mut shown = Vec::new();
        for number in 1..=2 {
            page.goto(&format!("{base}/tournaments/{id}/projector?page={number}"))
                .await;
            page.wait_for("#projector tbody tr", WAIT).await;
            let fit = page.eval(ON_SCREEN, vec![]).await;
            let [rows, inside, tall, screen] = [0, 1, 2, 3].map(|i| fit[i].as_i64().unwrap());
            assert_eq!(rows, if number == 1 { 15 } else { 2 }, "{width}x{height}");
            assert_eq!(
                inside, rows,
                "rows cut off at {width}x{height}, page {number}"
            );
            assert!(
                tall <= screen,
                "{width}x{height} scrolls: {tall} > {screen}"
            );
            for player in page.eval(
                "return [...document.querySelectorAll('#projector tbody tr')].map(r => r.dataset.player);",
                vec![],
            )
            .await
            .as_array()
            .unwrap()
            {
                shown.push(player.as_str().unwrap().to_owned());
            }
            if number == 1 {
                page.screenshot(&format!("public-projector-{width}x{height}"))
                    .await;
            }
        }
        shown.sort();
        shown.dedup();
        assert_eq!(
            shown.len(),
            17,
            "everybody once a cycle at {width}x{height}"
        );
    }
    page.assert_accessible("projector at 1920x1080").await;

    // Turning every second (paused, told so, resumed), then the network goes.
    page.goto(&format!("{base}/tournaments/{id}/projector"))
        .await;
    page.wait_for("#projector-pause:not([hidden])", WAIT).await;
    page.eval(
        "window.karlchenMark = 1; document.getElementById('projector').dataset.seconds = '1';",
        vec![],
    )
    .await;
    page.click("#projector-pause").await;
    page.set_offline(true).await;
    page.click("#projector-pause").await;
    page.wait_for("#projector-offline:not([hidden])", WAIT)
        .await;
    assert_eq!(
        page.count("#projector tbody tr").await,
        15,
        "still on screen"
    );
    assert_eq!(
        page.attr("#projector", "data-page").await.as_deref(),
        Some("1")
    );
    page.screenshot("public-projector-offline").await;

    // Back: the next page turns in by itself, without a reload.
    page.set_offline(false).await;
    page.wait_until(
        "document.getElementById('projector').dataset.page === '2'",
        WAIT,
    )
    .await;
    assert_eq!(page.count("#projector-offline:not([hidden])").await, 0);
    assert_eq!(page.count("#projector tbody tr").await, 2);
    assert_eq!(
        page.eval("return window.karlchenMark;", vec![]).await,
        serde_json::json!(1),
        "no reload"
    );
    assert!(page.current_url().await.ends_with("projector?page=2"));
    page.close().await;
}

/// The hall's phones get pages, styles and scripts compressed (the browser asks for brotli
/// and gzip, and decodes what it got to the same page), the live stream uncompressed, and
/// an icon instead of a 404.
#[actix_web::test]
async fn pages_travel_compressed_with_an_icon() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let Some((h, base, page)) = hall_on_a_phone(&app, &service).await else {
        return;
    };
    page.goto(&format!("{base}/tournaments/{}/standings", h.t))
        .await;
    page.wait_for("table#standings", WAIT).await;
    // What travelled (encoded) and what the page got (decoded), per file.
    let sizes = page
        .eval(
            "return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
                .filter(e => e.name.includes('/tournaments/') || e.name.includes('/assets/'))
                .filter(e => !e.name.includes('/stream'))
                .map(e => [new URL(e.name).pathname, e.encodedBodySize, e.decodedBodySize]);",
            vec![],
        )
        .await;
    let sizes = sizes.as_array().unwrap();
    for file in ["karlchen.css", "standings.js", "/standings"] {
        let entry = sizes
            .iter()
            .find(|e| e[0].as_str().unwrap().ends_with(file))
            .unwrap_or_else(|| panic!("{file} not loaded: {sizes:?}"));
        let (sent, got) = (entry[1].as_u64().unwrap(), entry[2].as_u64().unwrap());
        assert!(sent * 2 < got, "{file}: {sent} bytes sent for {got}");
    }
    // The icon the page names, and the one browsers ask for by themselves.
    for path in ["/assets/favicon.svg", "/favicon.ico"] {
        let answer = page
            .eval_async(
                "const done = arguments[arguments.length - 1];
                 fetch(arguments[0]).then(r => r.text().then(t => done([r.status, r.headers.get('content-type'), t.startsWith('<svg')])));",
                vec![serde_json::json!(path)],
            )
            .await;
        assert_eq!(
            answer,
            serde_json::json!([200, "image/svg+xml", true]),
            "{path}"
        );
    }
    page.close().await;

    // The live stream is sent as is, to a client that accepts brotli too.
    let events = actix_web::test::TestRequest::get()
        .uri(&format!("/api/v1/tournaments/{}/standings/stream", h.t))
        .insert_header(("Accept-Encoding", "br, gzip"))
        .to_request();
    let answer = actix_web::test::call_service(&service, events).await;
    assert_eq!(answer.status(), 200);
    assert_eq!(
        answer.headers().get("content-encoding").unwrap(),
        "identity"
    );
}

/// What scrolls sideways on the page shown: `[page overflow, [scrolling boxes' ids]]`.
const SIDEWAYS: &str = "
    const page = document.documentElement.scrollWidth - window.innerWidth;
    const boxes = [...document.querySelectorAll('.scroll')]
        .filter(b => b.scrollWidth > b.clientWidth + 1)
        .map(b => b.getAttribute('aria-labelledby') || b.className);
    return [page, boxes];";

/// A spectator's small phone (360x740, and 390x844): the standings, a player's page and a
/// table's sheet scroll only up and down, and each standings row shows its place, name
/// and points on screen. The standings say when they were last fetched.
#[actix_web::test]
async fn a_small_phone_reads_the_hall_without_scrolling_sideways() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let Some((h, base, page)) = hall_on_a_phone(&app, &service).await else {
        return;
    };
    for (width, height) in [(360, 740), (390, 844)] {
        page.set_phone_screen(width, height).await;
        page.goto(&format!("{base}/tournaments/{}/standings", h.t))
            .await;
        page.wait_for("table#standings", WAIT).await;
        let sideways = page.eval(SIDEWAYS, vec![]).await;
        assert_eq!(sideways, serde_json::json!([0, []]), "standings at {width}");
        let cut = page
            .eval(
                "return [...document.querySelectorAll('#standings tbody tr')].flatMap(r =>
                    ['td.rank', 'td.name', 'td.total'].map(c => r.querySelector(c).getBoundingClientRect())
                        .filter(b => b.width === 0 || b.left < 0 || b.right > window.innerWidth)
                        .map(() => r.dataset.player));",
                vec![],
            )
            .await;
        assert_eq!(cut, serde_json::json!([]), "rows cut at {width}");
        assert!(
            page.text_of("#standings-status")
                .await
                .starts_with("Aktualisiert um"),
            "when"
        );
        page.screenshot(&format!("public-standings-{width}")).await;

        page.click(&format!("tr[data-player='{}'] td.name a", h.p[3]))
            .await;
        page.wait_for("svg#chart", WAIT).await;
        let sideways = page.eval(SIDEWAYS, vec![]).await;
        assert_eq!(sideways, serde_json::json!([0, []]), "player at {width}");
        page.screenshot(&format!("public-player-{width}")).await;

        page.click("table#player-rounds tbody a").await;
        page.wait_for("table#sheet", WAIT).await;
        let sideways = page.eval(SIDEWAYS, vec![]).await;
        assert_eq!(sideways, serde_json::json!([0, []]), "sheet at {width}");
        let dealers = page
            .eval(
                "return [...document.querySelectorAll('#sheet tbody td.dealer')].map(c => c.innerText.trim());",
                vec![],
            )
            .await;
        assert_eq!(
            dealers,
            serde_json::json!(["1", "2"]),
            "dealers by position"
        );
        page.screenshot(&format!("public-sheet-{width}")).await;
    }
    page.assert_accessible("standings on a small phone").await;
    page.close().await;
}

/// A table's public sheet follows live like the standings: a deal entered shows without a
/// reload, with the totals the API has; its live part asked again unchanged is an empty 304.
#[actix_web::test]
async fn a_tables_public_sheet_shows_a_new_deal_without_a_reload() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let Some((h, base, page)) = hall_on_a_phone(&app, &service).await else {
        return;
    };
    page.goto(&format!("{base}/tournaments/{}/rounds/1/tables/2", h.t))
        .await;
    page.wait_for("table#sheet", WAIT).await;
    let rows = page.count("table#sheet tbody tr[data-number]").await;
    page.eval("window.karlchenMark = 1;", vec![]).await;

    h.deal(&service, h.tables[1], &normal([2, 3])).await;
    page.wait_until(
        &format!(
            "document.querySelectorAll('table#sheet tbody tr[data-number]').length === {}",
            rows + 1
        ),
        WAIT,
    )
    .await;
    assert_eq!(
        page.eval("return window.karlchenMark;", vec![]).await,
        serde_json::json!(1),
        "no reload"
    );
    let sheet = crate::fixtures::call_json(
        &service,
        "GET",
        &format!("/api/v1/tables/{}/sheet", h.tables[1]),
        Some(&h.org),
        None,
    )
    .await;
    let shown = page
        .eval(
            "return Array.from(document.querySelectorAll('table#sheet tfoot td.total')).map(td => +td.textContent);",
            vec![],
        )
        .await;
    assert_eq!(shown, sheet.json["totals"]);
    // Unchanged, the live part costs an empty 304.
    let statuses = page
        .eval_async(
            "const done = arguments[arguments.length - 1];
             const url = document.getElementById('sheet-live').dataset.live;
             fetch(url).then(first => fetch(url, {headers: {'If-None-Match': first.headers.get('ETag')}}))
               .then(second => done(second.status));",
            vec![],
        )
        .await;
    assert_eq!(statuses, serde_json::json!(304));
    page.assert_accessible("the live table sheet").await;
    page.close().await;
}
