//! The captain's whole round on a phone in Chromium (390x844): joining by the table's code,
//! every deal of a 4-table (a wedding, a silent wedding, a Pflichtsolo, a Lustsolo, the
//! forced solos at the end) and of a 5-table through the entry form, three of them while
//! the network is cut (kept in the outbox, sent when it is back, each stored once), the
//! preview, the correction of the last deal on the sheet, and every player's signature. Every page is checked with
//! axe-core and for 44 px touch targets; screenshots go to the artefacts.

use serde_json::{Value, json};
use service_tests::TestApp;
use service_tests::browser::{self, Page, Throttle, Viewport};

use super::WAIT;
use crate::fixtures::{App, Table, call_json, expect};

/// What one deal is entered as.
pub(super) struct Deal {
    contract: &'static str,
    /// The Re seats (the soloist alone in a solo).
    re: Vec<u8>,
    /// Card points and tricks of the party `points_of`.
    points: u16,
    tricks: u16,
    points_of: &'static str,
}

impl Deal {
    pub(super) fn normal(re: [u8; 2]) -> Deal {
        Deal {
            contract: "normal",
            re: re.to_vec(),
            points: 130,
            tricks: 7,
            points_of: "re",
        }
    }

    pub(super) fn solo(contract: &'static str, soloist: u8) -> Deal {
        // Counted for Kontra, as a captain often does: Kontra took 90 in 4 tricks.
        Deal {
            contract,
            re: vec![soloist],
            points: 90,
            tricks: 4,
            points_of: "kontra",
        }
    }
}

/// The join code of `table`, as the organiser reads it for the table card.
pub(super) async fn code<S: App>(service: &S, table: &Table) -> String {
    let code = call_json(
        service,
        "GET",
        &table.path("join-code"),
        Some(&table.org),
        None,
    )
    .await;
    expect(&code, 200, "the table's code");
    code.json["code"].as_str().unwrap().to_owned()
}

/// Joins by typing the code on `/join`, as from the table card.
pub(super) async fn join(page: &Page, base: &str, code: &str) {
    page.goto(&format!("{base}/join")).await;
    page.assert_accessible("join").await;
    page.fill("#code", code).await;
    page.click("#join-submit").await;
    page.wait_for("#table-heading", WAIT).await;
    assert_eq!(page.current_url().await, format!("{base}/table"));
}

/// A table of `seats` in a served app and its captain's phone joined to it: the table,
/// the server's address and the page; `None` where no browser runs.
pub(super) async fn captain_at<S: App>(
    app: &TestApp,
    service: &S,
    seats: usize,
) -> Option<(Table, String, Page)> {
    let table = Table::new(app, service, seats).await;
    let code = code(service, &table).await;
    let base = super::super::server::spawn(app).await;
    let page = browser::open(Viewport::Phone).await?;
    join(&page, &base, &code).await;
    Some((table, base, page))
}

/// The number of the deal the form enters now.
pub(super) async fn form_number(page: &Page) -> u64 {
    page.eval(
        "return +document.querySelector('#deal-form input[name=number]').value;",
        vec![],
    )
    .await
    .as_u64()
    .unwrap()
}

/// Chooses `contract` as a captain does: nothing to tap for a normal game (a fresh form
/// has it ticked), the weddings and solos unfolded first.
pub(super) async fn choose(page: &Page, contract: &str) {
    let input = format!("input[name=contract][value={contract}]");
    let ticked = page
        .eval(
            &format!("return document.querySelector('{input}').checked;"),
            vec![],
        )
        .await;
    if ticked == json!(true) {
        return;
    }
    let folded = page
        .eval(
            "return !document.getElementById('other-contracts').open;",
            vec![],
        )
        .await;
    if contract != "normal" && folded == json!(true) {
        page.click("#other-contracts > summary").await;
    }
    page.click(&input).await;
}

/// Whether the form asks for the tricks now (only where they can change the score).
pub(super) async fn tricks_asked(page: &Page) -> bool {
    page.attr("#tricks-row", "hidden").await.is_none()
}

/// Fills the entry form with `deal` by tapping and typing, and saves it: the tricks only
/// where the form asks for them.
pub(super) async fn enter(page: &Page, deal: &Deal) {
    choose(page, deal.contract).await;
    for seat in &deal.re {
        page.click(&format!("input[name=re][value='{seat}']")).await;
    }
    page.click(&format!("input[name=points_of][value={}]", deal.points_of))
        .await;
    page.fill("#points", &deal.points.to_string()).await;
    if tricks_asked(page).await {
        page.fill("#tricks", &deal.tricks.to_string()).await;
    }
    let ticked = page
        .eval(
            "return Array.from(document.querySelectorAll('input[name=re]:checked')).map(e => +e.value);",
            vec![],
        )
        .await;
    assert_eq!(ticked, json!(deal.re), "the Re party as tapped");
    page.click("#save-button").await;
}

/// Enters `deal` online and waits until the server has it and the page shows the next.
pub(super) async fn enter_online(page: &Page, deal: &Deal) {
    let number = form_number(page).await;
    enter(page, deal).await;
    page.wait_until(
        &format!(
            "document.querySelectorAll('#outbox li').length === 0 && \
             (document.querySelector('#next-deal') ? \
              +document.querySelector('#next-deal').dataset.number === {0} && \
              +document.getElementById('deal-form').dataset.dealt === {0} : \
              !!document.querySelector('#sheet-complete'))",
            number + 1
        ),
        WAIT,
    )
    .await;
}

/// The page's `#next-deal` as (number, dealer), or `None` once the sheet is complete.
async fn next(page: &Page) -> Option<(u64, u8)> {
    let next = page
        .eval(
            "const n = document.querySelector('#next-deal');
             return n ? [+n.dataset.number, +n.dataset.dealer] : null;",
            vec![],
        )
        .await;
    next.as_array().map(|n| {
        (
            n[0].as_u64().unwrap(),
            u8::try_from(n[1].as_u64().unwrap()).unwrap(),
        )
    })
}

/// The seat the `#forced-solo` banner names, if shown.
async fn forced(page: &Page) -> Option<u8> {
    page.eval(
        "const f = document.getElementById('forced-solo'); return f ? +f.dataset.seat : null;",
        vec![],
    )
    .await
    .as_u64()
    .map(|s| u8::try_from(s).unwrap())
}

/// The seats the form lets play Re now.
async fn open_seats(page: &Page) -> Vec<u8> {
    let seats = page
        .eval(
            "return Array.from(document.querySelectorAll('input[name=re]:not(:disabled)')).map(e => +e.value);",
            vec![],
        )
        .await;
    serde_json::from_value(seats).unwrap()
}

/// The totals the page shows, by seat.
async fn shown_totals(page: &Page, selector: &str) -> Value {
    page.eval(
        &format!(
            "return Array.from(document.querySelectorAll('{selector}')).map(td => +td.textContent);"
        ),
        vec![],
    )
    .await
}

/// The sheet as the organiser reads it through the API.
async fn sheet<S: App>(service: &S, table: &Table) -> Value {
    table.sheet(service).await
}

#[actix_web::test]
async fn a_captain_enters_a_whole_round_at_a_four_table_with_the_network_cut_for_three() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let Some((table, base, page)) = captain_at(&app, &service, 4).await else {
        return;
    };
    assert_eq!(page.count("#table-players li").await, 4);
    assert_eq!(page.count("#pflichtsolo-owed li[data-seat]").await, 4);
    page.screenshot("captain-table").await;
    page.assert_accessible("the captain's table").await;

    // The preview of the first deal, shown in place.
    // A normal game is ticked already; with 100 card points the tricks cannot change
    // the score, and are not asked.
    assert_eq!(
        page.eval(
            "return document.querySelector('input[name=contract]:checked').value;",
            vec![]
        )
        .await,
        json!("normal")
    );
    page.click("input[name=re][value='1']").await;
    page.click("input[name=re][value='3']").await;
    page.fill("#points", "100").await;
    assert_eq!(page.text_of("#points-other").await, "Andere Partei: 140");
    assert!(!tricks_asked(&page).await, "no tricks asked at 100");
    page.click("#preview-button").await;
    page.wait_for("#preview-scores", WAIT).await;
    let scored = call_json(
        &service,
        "POST",
        "/api/v1/score",
        None,
        Some(&json!({"contract": "normal", "re": [1, 3], "re_points": 100, "re_tricks": 5})),
    )
    .await;
    let previewed = shown_totals(&page, "#preview-scores td[data-seat]").await;
    assert_eq!(previewed, scored.json["scores"], "the scorer's entries");
    assert_eq!(
        page.current_url().await,
        format!("{base}/table"),
        "no reload"
    );
    page.eval(
        "document.getElementById('preview').scrollIntoView();",
        vec![],
    )
    .await;
    page.screenshot("captain-preview").await;
    page.assert_accessible("the preview").await;
    // Tapping a third Re player lets the first go.
    page.click("input[name=re][value='0']").await;
    assert_eq!(open_seats(&page).await, vec![0, 1, 2, 3]);
    let ticked = page
        .eval(
            "return Array.from(document.querySelectorAll('input[name=re]:checked')).map(e => +e.value);",
            vec![],
        )
        .await;
    assert_eq!(ticked, json!([0, 3]));
    for seat in [0, 3] {
        page.click(&format!("input[name=re][value='{seat}']")).await;
    }

    // Deals 1-6 online: a normal game, a wedding, a silent wedding, seat 3's Pflichtsolo,
    // his Lustsolo, a normal game.
    let opening = [
        Deal::normal([1, 2]),
        Deal {
            contract: "wedding",
            ..Deal::normal([0, 2])
        },
        Deal::solo("silent_wedding", 1),
        Deal::solo("solo_queens", 3),
        Deal::solo("solo_hearts", 3),
        Deal::normal([0, 1]),
    ];
    for deal in &opening {
        enter_online(&page, deal).await;
    }
    let so_far = sheet(&service, &table).await;
    let kinds: Vec<&str> = so_far["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "normal",
            "normal",
            "normal",
            "pflichtsolo",
            "lustsolo",
            "normal"
        ]
    );
    assert_eq!(so_far["deals"][1]["contract"], "wedding");
    assert_eq!(page.count("#pflichtsolo-owed li[data-seat]").await, 3);

    // Deals 7-9 with the network cut: kept on the phone, numbered on, shown as waiting.
    page.set_offline(true).await;
    page.wait_until("!navigator.onLine", WAIT).await;
    for (k, number) in (7..=9).enumerate() {
        assert_eq!(form_number(&page).await, number);
        enter(&page, &Deal::normal([2, 3])).await;
        page.wait_until(
            &format!(
                "document.querySelectorAll('#outbox li.outbox-entry[data-state=waiting]').length === {}",
                k + 1
            ),
            WAIT,
        )
        .await;
    }
    assert_eq!(form_number(&page).await, 10);
    assert_eq!(
        page.attr("#connection", "class").await.as_deref(),
        Some("offline")
    );
    let kept = page
        .eval(
            "return JSON.parse(localStorage.getItem('karlchen.outbox.' + document.getElementById('outbox-section').dataset.table)).map(e => e.number);",
            vec![],
        )
        .await;
    assert_eq!(kept, json!([7, 8, 9]), "kept in localStorage, in order");
    page.eval(
        "document.getElementById('outbox-section').scrollIntoView();",
        vec![],
    )
    .await;
    page.screenshot("captain-offline").await;
    assert_eq!(
        sheet(&service, &table).await["deals"]
            .as_array()
            .unwrap()
            .len(),
        6,
        "nothing reached the server"
    );
    // Back online on a slow line: sent in order, each once, and the page catches up. An
    // entry being sent keeps the room it had waiting, so nothing below it moves under the
    // captain's finger while the phone tries again and again.
    let head = "return document.querySelector('#outbox li:first-child').offsetHeight;";
    let waiting = page.eval(head, vec![]).await;
    page.throttle(Throttle {
        latency_ms: 1500.0,
        ..Throttle::NONE
    })
    .await;
    page.wait_for("#outbox li:first-child[data-state=sending]", WAIT)
        .await;
    assert_eq!(page.eval(head, vec![]).await, waiting, "sending as waiting");
    page.wait_until(
        "document.querySelectorAll('#outbox li').length === 0 && \
         document.querySelector('#next-deal') && +document.querySelector('#next-deal').dataset.number === 10",
        WAIT,
    )
    .await;
    let after = sheet(&service, &table).await;
    let numbers: Vec<u64> = after["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, (1..=9).collect::<Vec<_>>(), "each exactly once");
    assert_eq!(page.text_of("#connection").await, "Verbunden");
    page.throttle(Throttle::NONE).await;

    // A spectator opens the public standings now, before the last deals, and keeps the
    // page open: it must follow every later deal and the correction without a reload.
    let published = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/tournaments/{}", table.tournament),
        Some(&table.org),
        Some(&json!({"published": true})),
    )
    .await;
    assert_eq!(published.status, 200, "{}", published.text);
    let Some(spectator) = browser::open(Viewport::Desktop).await else {
        return;
    };
    spectator
        .goto(&format!(
            "{base}/tournaments/{}/standings",
            table.tournament
        ))
        .await;
    spectator.wait_for("table#standings", WAIT).await;
    // A mark a reload would wipe.
    spectator.eval("window.karlchenMark = 1;", vec![]).await;

    // Deals 10-21 normal, then the forced solos until the sheet is complete.
    while let Some((number, _dealer)) = next(&page).await {
        let deal = match forced(&page).await {
            Some(seat) => {
                assert_eq!(
                    open_seats(&page).await,
                    vec![seat],
                    "only the forced soloist"
                );
                assert!(number >= 22, "forced at deal {number}");
                Deal::solo("solo_clubs", seat)
            }
            None => Deal::normal([0, 3]),
        };
        enter_online(&page, &deal).await;
    }
    page.wait_for("#sheet-complete", WAIT).await;
    let full = sheet(&service, &table).await;
    assert_eq!(full["complete"], true);
    assert_eq!(full["deals"].as_array().unwrap().len(), 24);
    let kinds: Vec<&str> = full["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds[21..], ["vorgefuehrt"; 3]);
    assert_eq!(
        shown_totals(&page, "#totals td[data-seat]").await,
        full["totals"],
        "the page's totals are the server's"
    );
    page.screenshot("captain-complete").await;

    // The sheet, and the correction of the last deal.
    page.click("#sheet-link").await;
    page.wait_for("table#sheet", WAIT).await;
    assert_eq!(page.count("table#sheet tbody tr[data-number]").await, 24);
    assert_eq!(
        shown_totals(&page, "table#sheet tfoot td.total").await,
        full["totals"]
    );
    page.screenshot("captain-sheet").await;
    page.assert_accessible("the sheet").await;
    page.click("#correct-last").await;
    page.wait_for("#correct-effect", WAIT).await;
    assert_eq!(
        page.text_of("#correct-heading").await,
        "Spiel korrigieren: 24"
    );
    page.assert_accessible("the correction").await;
    page.fill("#points", "190").await;
    assert!(!tricks_asked(&page).await, "no tricks asked at 190");
    // The correction previews as an entry does, in place.
    page.click("#preview-button").await;
    page.wait_for("#preview-scores", WAIT).await;
    assert!(page.text_of("#preview-heading").await.ends_with("24"));
    let previewed = shown_totals(&page, "#preview-scores td[data-seat]").await;
    page.click("#save-button").await;
    page.wait_for("table#sheet", WAIT).await;
    assert!(
        page.text_of("#flash")
            .await
            .starts_with("Korrigiert: Spiel 24")
    );
    let corrected = sheet(&service, &table).await;
    assert_eq!(corrected["deals"][23]["entry"]["re_points"], 190);
    assert_eq!(previewed, corrected["deals"][23]["scores"], "as previewed");
    assert_eq!(
        shown_totals(&page, "table#sheet tfoot td.total").await,
        corrected["totals"]
    );

    // Every player signs on the phone, tapping his name's button.
    assert_eq!(page.count("form.sign-form").await, 4);
    page.assert_accessible("signing").await;
    for signed in 1..=4 {
        page.click("button.sign-button").await;
        page.wait_until(
            &format!("document.querySelectorAll('#signatures li.signed').length === {signed}"),
            WAIT,
        )
        .await;
    }
    page.wait_for("#signed-by-all", WAIT).await;
    page.eval(
        "document.getElementById('signing').scrollIntoView();",
        vec![],
    )
    .await;
    page.screenshot("captain-signed").await;
    let signed = sheet(&service, &table).await;
    assert_eq!(signed["signed_by_all"], true);
    assert_eq!(signed["signatures"].as_array().unwrap().len(), 4);
    page.close().await;

    // The spectator's page, never reloaded, shows the totals after the correction: each
    // player's total is GET standings', and these are the corrected sheet's totals.
    let standings = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/standings", table.tournament),
        None,
        None,
    )
    .await;
    assert_eq!(standings.status, 200, "{}", standings.text);
    let lines = standings.json["standings"].as_array().unwrap();
    let condition = lines
        .iter()
        .map(|line| {
            format!(
                "(document.querySelector(\"tr[data-player='{}'] td.total\") || {{}}).textContent === '{}'",
                line["player_id"], line["total"]
            )
        })
        .collect::<Vec<_>>()
        .join(" && ");
    spectator.wait_until(&condition, WAIT).await;
    assert_eq!(
        spectator.eval("return window.karlchenMark;", vec![]).await,
        json!(1),
        "no reload"
    );
    for (seat, player) in table.players.iter().enumerate() {
        let line = lines.iter().find(|l| l["player_id"] == *player).unwrap();
        assert_eq!(line["total"], corrected["totals"][seat], "seat {seat}");
    }
    spectator
        .screenshot("public-standings-after-the-round")
        .await;
    spectator.close().await;
}

#[actix_web::test]
async fn a_captain_enters_all_thirty_deals_of_a_five_table() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let Some((table, _, page)) = captain_at(&app, &service, 5).await else {
        return;
    };
    assert_eq!(page.count("#table-players li").await, 5);
    while let Some((number, dealer)) = next(&page).await {
        // The dealer sits out and cannot be tapped as Re.
        assert_eq!(
            page.attr("#sitting-out", "data-seat").await,
            Some(dealer.to_string()),
            "deal {number}"
        );
        let open = open_seats(&page).await;
        assert!(!open.contains(&dealer), "deal {number}: {open:?}");
        let deal = match forced(&page).await {
            Some(seat) => Deal::solo("solo_jacks", seat),
            // Seat 4's Pflichtsolo early on, as a soloist would choose it.
            None if number == 3 => Deal::solo("solo_diamonds", 4),
            None => Deal::normal([open[0], open[1]]),
        };
        enter_online(&page, &deal).await;
    }
    let full = sheet(&service, &table).await;
    assert_eq!(full["complete"], true);
    assert_eq!(full["deals"].as_array().unwrap().len(), 30);
    assert_eq!(full["deals"][2]["kind"], "pflichtsolo");
    assert_eq!(
        shown_totals(&page, "#totals td[data-seat]").await,
        full["totals"]
    );
    page.screenshot("captain-five-table").await;
    page.close().await;
}

#[actix_web::test]
async fn an_entry_the_server_refuses_stays_on_the_phone_until_mended() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let Some((table, base, page)) = captain_at(&app, &service, 4).await else {
        return;
    };
    // Offline: a deal whose points cannot fit its tricks, then a good one behind it.
    page.set_offline(true).await;
    page.wait_until("!navigator.onLine", WAIT).await;
    let impossible = Deal {
        points: 240,
        tricks: 0,
        ..Deal::normal([0, 1])
    };
    enter(&page, &impossible).await;
    enter(&page, &Deal::normal([2, 3])).await;
    page.wait_until("document.querySelectorAll('#outbox li').length === 2", WAIT)
        .await;
    assert!(
        page.attr("#form-dealer", "hidden").await.is_some(),
        "deal 3's dealer is unknown yet"
    );
    page.set_offline(false).await;
    page.wait_for("#outbox li[data-state=refused] .outbox-reason", WAIT)
        .await;
    assert_eq!(
        page.text_of("#outbox li[data-state=refused] .outbox-reason")
            .await,
        "Augen und Stiche passen nicht zusammen."
    );
    assert_eq!(
        page.count("#outbox li[data-state=waiting]").await,
        1,
        "the later deal waits behind it"
    );
    page.eval(
        "document.getElementById('outbox-section').scrollIntoView();",
        vec![],
    )
    .await;
    page.screenshot("captain-refused").await;
    page.assert_accessible("a refused entry").await;
    // Still there after a reload.
    page.goto(&format!("{base}/table")).await;
    page.wait_for("#outbox li[data-state=refused]", WAIT).await;
    assert_eq!(sheet(&service, &table).await["deals"], json!([]));

    // Edited: back in the form as entered; mended and saved, both go in order.
    page.click("#outbox li[data-state=refused] button[data-do=edit]")
        .await;
    assert_eq!(form_number(&page).await, 1);
    assert_eq!(
        page.eval("return document.getElementById('points').value;", vec![])
            .await,
        json!("240")
    );
    page.fill("#tricks", "12").await;
    page.click("#save-button").await;
    page.wait_until(
        "document.querySelectorAll('#outbox li').length === 0 && \
         +document.querySelector('#next-deal').dataset.number === 3",
        WAIT,
    )
    .await;
    let stored = sheet(&service, &table).await;
    assert_eq!(stored["deals"][0]["entry"]["re_tricks"], 12);
    assert_eq!(stored["deals"][1]["entry"]["re"], json!([2, 3]));

    // Discarded: the refused deal goes, the one behind it moves up a number.
    page.set_offline(true).await;
    page.wait_until("!navigator.onLine", WAIT).await;
    enter(&page, &impossible).await;
    enter(&page, &Deal::normal([1, 2])).await;
    page.set_offline(false).await;
    page.wait_for("#outbox li[data-state=refused]", WAIT).await;
    // Dropping asks first: "no" keeps it.
    let asked = page
        .click_and_answer(
            "#outbox li[data-state=refused] button[data-do=discard]",
            false,
        )
        .await;
    assert!(asked.contains("verwerfen"), "{asked}");
    assert_eq!(page.count("#outbox li[data-state=refused]").await, 1);
    page.click_and_answer(
        "#outbox li[data-state=refused] button[data-do=discard]",
        true,
    )
    .await;
    page.wait_until(
        "document.querySelectorAll('#outbox li').length === 0 && \
         +document.querySelector('#next-deal').dataset.number === 4",
        WAIT,
    )
    .await;
    let stored = sheet(&service, &table).await;
    assert_eq!(stored["deals"].as_array().unwrap().len(), 3);
    assert_eq!(stored["deals"][2]["entry"]["re"], json!([1, 2]));

    // On a slow line the captain starts on the next deal before the answer is back: his
    // form stays as he is filling it, and numbers the deal as the server will.
    page.throttle(Throttle {
        latency_ms: 800.0,
        ..Throttle::NONE
    })
    .await;
    enter(&page, &Deal::normal([0, 2])).await;
    choose(&page, "wedding").await;
    page.wait_until(
        "document.querySelectorAll('#outbox li').length === 0 && \
         +document.querySelector('#next-deal').dataset.number === 5",
        WAIT,
    )
    .await;
    assert_eq!(form_number(&page).await, 5);
    assert_eq!(
        page.eval(
            "return document.querySelector('input[name=contract][value=wedding]').checked;",
            vec![]
        )
        .await,
        json!(true),
        "the captain's input is kept"
    );
    enter(
        &page,
        &Deal {
            contract: "wedding",
            ..Deal::normal([1, 3])
        },
    )
    .await;
    page.wait_until(
        "document.querySelectorAll('#outbox li').length === 0 && \
         +document.querySelector('#next-deal').dataset.number === 6",
        WAIT,
    )
    .await;
    let stored = sheet(&service, &table).await;
    assert_eq!(stored["deals"][4]["contract"], "wedding");
    page.close().await;
}

/// House rules with five nines: the thrown-in button queues like any deal while the
/// network is cut, takes its number, and the deal behind it goes in after it.
#[actix_web::test]
async fn a_deal_thrown_in_offline_waits_in_the_outbox_and_keeps_its_number() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::of_house_rules(&app, &service, json!({"five_nines": true})).await;
    let code = code(&service, &table).await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Phone).await else {
        return;
    };
    join(&page, &base, &code).await;
    page.set_offline(true).await;
    page.wait_until("!navigator.onLine", WAIT).await;
    // A stray tap on "Eingeworfen" is answered "no": nothing is entered.
    page.click_and_answer("#thrown-in-button", false).await;
    assert_eq!(page.count("#outbox li").await, 0);
    assert_eq!(form_number(&page).await, 1);
    page.click_and_answer("#thrown-in-button", true).await;
    page.wait_until("document.querySelectorAll('#outbox li').length === 1", WAIT)
        .await;
    assert_eq!(form_number(&page).await, 2, "the next deal is 2");
    enter(&page, &Deal::normal([1, 2])).await;
    page.wait_until("document.querySelectorAll('#outbox li').length === 2", WAIT)
        .await;
    page.set_offline(false).await;
    page.wait_until(
        "document.querySelectorAll('#outbox li').length === 0 && \
         +document.querySelector('#next-deal').dataset.number === 3",
        WAIT,
    )
    .await;
    let stored = sheet(&service, &table).await;
    assert_eq!(stored["deals"][0]["kind"], "thrown_in");
    assert_eq!(stored["deals"][0]["entry"], json!({"entry": "thrown_in"}));
    // Seat 0 dealt again after throwing in; Re won: seats 1 and 2 +1.
    assert_eq!(stored["deals"][1]["dealer"], 0);
    assert_eq!(stored["totals"], json!([-1, 1, 1, -1]));
    assert_eq!(next(&page).await, Some((3, 1)));
    page.assert_accessible("a house-rules table").await;
    // Leaving the table asks too; "no" stays.
    let asked = page.click_and_answer("#leave-form button", false).await;
    assert!(asked.contains("verlassen"), "{asked}");
    assert!(page.current_url().await.ends_with("/table"));
    assert_eq!(page.count("#deal-form").await, 1);
}

/// Types `captured` (per seat, the counts of rank 1 to 6; 0 left empty) into the
/// Doppeldoppel grid and saves.
async fn enter_captured(page: &Page, captured: &[[u8; 6]]) {
    for (seat, row) in captured.iter().enumerate() {
        for (i, &count) in row.iter().enumerate() {
            if count > 0 {
                page.fill(&format!("#c{seat}_{}", i + 1), &count.to_string())
                    .await;
            }
        }
    }
    page.click("#save-button").await;
}

#[actix_web::test]
async fn family_deals_are_entered_on_the_phone_offline_too() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let body = json!({"name": "Doppeldoppel", "date": "2026-12-05", "ruleset": "doppeldoppel"});
    let table = Table::of_tournament(&app, &service, 3, &body).await;
    let code = code(&service, &table).await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Phone).await else {
        return;
    };
    join(&page, &base, &code).await;
    page.assert_accessible("a Doppeldoppel table").await;
    // Deal 1 online: the rule text's example hand for seat 0, three 4s for seat 1 (0), a
    // lone 5 for seat 2.
    enter_captured(
        &page,
        &[[2, 2, 1, 0, 0, 0], [1, 2, 0, 3, 1, 0], [0, 0, 0, 0, 1, 0]],
    )
    .await;
    page.wait_until(
        "document.querySelectorAll('#outbox li').length === 0 && \
         +document.querySelector('#next-deal').dataset.number === 2",
        WAIT,
    )
    .await;
    assert_eq!(shown_totals(&page, "#totals td").await, json!([7, 0, 7]));
    // Deal 2 with the network cut: it waits in the outbox under number 2 and is sent,
    // once, when the network is back.
    page.set_offline(true).await;
    page.wait_until("!navigator.onLine", WAIT).await;
    enter_captured(
        &page,
        &[[3, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0], [0, 0, 0, 0, 1, 1]],
    )
    .await;
    page.wait_until("document.querySelectorAll('#outbox li').length === 1", WAIT)
        .await;
    assert_eq!(form_number(&page).await, 3, "the next deal is 3");
    page.set_offline(false).await;
    page.wait_until(
        "document.querySelectorAll('#outbox li').length === 0 && \
         +document.querySelector('#next-deal').dataset.number === 3",
        WAIT,
    )
    .await;
    let stored = sheet(&service, &table).await;
    let points: Vec<Value> = stored["family"]["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["points"].clone())
        .collect();
    assert_eq!(points, vec![json!([7, 0, 7]), json!([6, -2, -2])]);
    assert_eq!(stored["totals"], json!([13, -2, 5]));
    page.assert_accessible("a Doppeldoppel table after two deals")
        .await;
}

#[actix_web::test]
async fn a_doublehead_kids_deal_is_tapped_in_and_previewed() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let body = json!({"name": "Kinder", "date": "2026-12-05",
        "game": {"kind": "doublehead_kids", "golden_coins": 2}});
    let table = Table::of_tournament(&app, &service, 4, &body).await;
    let code = code(&service, &table).await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Phone).await else {
        return;
    };
    join(&page, &base, &code).await;
    page.assert_accessible("a Doublehead Kids table").await;
    page.click("input[name=team_kind][value=alone]").await;
    page.click("input[name=team][value='1']").await;
    page.fill("#coins", "121").await;
    // The other team's coins are shown while typing.
    page.wait_until(
        "document.querySelector('#coins-other').textContent.indexOf('119') >= 0",
        WAIT,
    )
    .await;
    page.click("#preview-button").await;
    page.wait_until(
        "!document.querySelector('#preview').hidden && \
         !!document.querySelector('#preview-scores td[data-seat=\"1\"]')",
        WAIT,
    )
    .await;
    let shown = page
        .eval(
            "return document.querySelector('#preview-scores td[data-seat=\"1\"]').textContent;",
            vec![],
        )
        .await;
    assert_eq!(shown, json!("2"), "a lone win is worth two Golden Coins");
    page.click("#save-button").await;
    // Two Golden Coins end a round to 2: the page says who won, and takes no entry.
    page.wait_for("#sheet-complete", WAIT).await;
    let stored = sheet(&service, &table).await;
    assert_eq!(stored["family"]["winners"], json!([1]));
    assert_eq!(stored["totals"], json!([0, 2, 0, 0]));
    page.assert_accessible("a finished Doublehead Kids table")
        .await;
}

#[actix_web::test]
async fn the_advanced_doublehead_kids_form_takes_foxes_and_karlchen() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let body = json!({"name": "Fortgeschrittene", "date": "2026-12-05",
        "game": {"kind": "doublehead_kids", "advanced": true}});
    let table = Table::of_tournament(&app, &service, 4, &body).await;
    let code = code(&service, &table).await;
    let base = super::super::server::spawn(&app).await;
    let Some(page) = browser::open(Viewport::Phone).await else {
        return;
    };
    join(&page, &base, &code).await;
    page.assert_accessible("an advanced Doublehead Kids table")
        .await;
    // Seats 0 and 2 take 160 Silver Coins (more than 150: 2 each) and won the last duel
    // with a Karlchen (1 each); the other team caught both foxes (2 each).
    page.click("input[name=team][value='0']").await;
    page.click("input[name=team][value='2']").await;
    page.fill("#coins", "160").await;
    page.fill("#x_pp_karlchen", "1").await;
    page.fill("#x_without_foxes", "2").await;
    page.click("#preview-button").await;
    page.wait_until(
        "!document.querySelector('#preview').hidden && \
         !!document.querySelector('#preview-scores td[data-seat=\"1\"]')",
        WAIT,
    )
    .await;
    let shown = page
        .eval(
            "return [0, 1].map(s => document.querySelector( \
             '#preview-scores td[data-seat=\"' + s + '\"]').textContent);",
            vec![],
        )
        .await;
    assert_eq!(shown, json!(["3", "2"]));
    page.click("#save-button").await;
    page.wait_until(
        "document.querySelector('#deal-form') && \
         document.querySelector('#deal-form').dataset.number === '2'",
        WAIT,
    )
    .await;
    let stored = sheet(&service, &table).await;
    assert_eq!(stored["totals"], json!([3, 2, 3, 2]));
    // A third fox does not exist: refused with the reason, kept on the phone as typed.
    page.click("input[name=team][value='1']").await;
    page.click("input[name=team][value='3']").await;
    page.fill("#coins", "130").await;
    page.fill("#x_pp_foxes", "2").await;
    page.fill("#x_without_foxes", "1").await;
    page.click("#save-button").await;
    page.wait_for("#outbox li[data-state=refused] .outbox-reason", WAIT)
        .await;
    assert_eq!(
        page.text_of("#outbox li[data-state=refused] .outbox-reason")
            .await,
        "Es gibt nur zwei Füchse."
    );
    assert_eq!(sheet(&service, &table).await["totals"], json!([3, 2, 3, 2]));
    page.assert_accessible("a refused advanced deal").await;
    page.click("#outbox li[data-state=refused] button[data-do=edit]")
        .await;
    let kept = page
        .eval(
            "return [document.querySelector('#x_pp_foxes').value, \
             document.querySelector('#x_without_foxes').value];",
            vec![],
        )
        .await;
    assert_eq!(kept, json!(["2", "1"]));
    // Mended to one fox for each team: 1 each for the win, 1 each for the fox.
    page.fill("#x_pp_foxes", "1").await;
    page.click("#save-button").await;
    page.wait_until(
        "document.querySelectorAll('#outbox li').length === 0 && \
         document.querySelector('#deal-form').dataset.number === '3'",
        WAIT,
    )
    .await;
    assert_eq!(sheet(&service, &table).await["totals"], json!([4, 4, 4, 4]));
}
