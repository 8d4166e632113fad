//! The public pages for the hall: the start page, the standings with their live fragment,
//! a table's sheet, the players and a player's page with his chart, the projector. Their
//! numbers are the API's (real deals entered through it), ties share a rank, access is the
//! API's, and every name is escaped.

use serde_json::{Value, json};
use service_tests::{TestApp, backend_test};

use crate::fixtures::{
    App, Reply, call_json, expect, normal, organizer, req, round, send, solo, tournament,
};

/// A name that looks like markup.
const MARKUP: &str = "<b>Anna</b> & \"Co\"";
/// How the pages' templates write it.
const MARKUP_ESCAPED: &str = "&lt;b&gt;Anna&lt;&#x2F;b&gt; &amp; &quot;Co&quot;";

/// A published tournament of eight players, round 1 at two tables with three deals
/// entered: table 1 a normal game won by seats 1 and 2 and a Damensolo of seat 3, table 2 a
/// normal game won by seats 1 and 2.
pub struct Hall {
    pub org: String,
    pub t: i64,
    /// Players by start number; p[0] is named like markup, p[1] is shown as "M. Müller".
    pub p: Vec<i64>,
    /// Round 1's tables.
    pub tables: Vec<i64>,
}

pub async fn hall<S: App>(app: &TestApp, service: &S, published: bool) -> Hall {
    let org = organizer(app, service, "halle@example.org").await;
    let t = tournament(
        service,
        &org,
        &json!({"name": "Hallen-Cup", "date": "2026-12-05", "venue": "Bürgerhaus",
                "rounds": 2, "published": published}),
    )
    .await;
    let mut p = Vec::new();
    for body in [
        json!({"name": MARKUP, "club": "DK Herz-Dame"}),
        json!({"name": "Max Müller", "club": "DK Köln", "public_name": "M. Müller"}),
        json!({"name": "Erika Eich"}),
        json!({"name": "Dora Diehl", "club": "Pik-As"}),
        json!({"name": "Emil Ernst"}),
        json!({"name": "Frieda Fuchs"}),
        json!({"name": "Gustav Gans"}),
        json!({"name": "Hanna Horn"}),
    ] {
        let player = call_json(
            service,
            "POST",
            &format!("/api/v1/tournaments/{t}/players"),
            Some(&org),
            Some(&body),
        )
        .await;
        expect(&player, 201, &body.to_string());
        p.push(player.json["id"].as_i64().unwrap());
    }
    let r = round(service, &org, t, &json!([p[..4], p[4..]])).await;
    let tables: Vec<i64> = (0..2)
        .map(|i| r.json["tables"][i]["id"].as_i64().unwrap())
        .collect();
    let hall = Hall { org, t, p, tables };
    hall.deal(service, hall.tables[0], &normal([1, 2])).await;
    hall.deal(service, hall.tables[1], &normal([1, 2])).await;
    hall.deal(service, hall.tables[0], &solo(3)).await;
    hall
}

impl Hall {
    /// Enters `body` at `table` as the organiser.
    pub async fn deal<S: App>(&self, service: &S, table: i64, body: &Value) {
        let answer = call_json(
            service,
            "POST",
            &format!("/api/v1/tables/{table}/deals"),
            Some(&self.org),
            Some(body),
        )
        .await;
        expect(&answer, 201, &format!("deal at {table}"));
    }

    pub async fn standings<S: App>(&self, service: &S) -> Value {
        let answer = call_json(
            service,
            "GET",
            &format!("/api/v1/tournaments/{}/standings", self.t),
            None,
            None,
        )
        .await;
        expect(&answer, 200, "standings");
        answer.json
    }

    async fn sheet<S: App>(&self, service: &S, table: i64) -> Value {
        let answer = call_json(
            service,
            "GET",
            &format!("/api/v1/tables/{table}/sheet"),
            None,
            None,
        )
        .await;
        expect(&answer, 200, "sheet");
        answer.json
    }
}

async fn page<S: App>(service: &S, path: &str, token: Option<&str>) -> Reply {
    let reply = send(service, req("GET", path, token, None, &[])).await;
    expect(&reply, 200, path);
    assert_eq!(reply.header("content-type"), "text/html; charset=utf-8");
    reply
}

async fn page_with<S: App>(service: &S, path: &str, headers: &[(&str, &str)]) -> Reply {
    let reply = send(service, req("GET", path, None, None, headers)).await;
    expect(&reply, 200, path);
    reply
}

/// Each `<tr data-player="…">` of `html`: the player's id and the row up to `</tr>`.
fn rows(html: &str) -> Vec<(i64, &str)> {
    html.split("<tr data-player=\"")
        .skip(1)
        .map(|rest| {
            let id = rest[..rest.find('"').unwrap()].parse().unwrap();
            (id, &rest[..rest.find("</tr>").unwrap()])
        })
        .collect()
}

/// The text of the first `<td class="{class}…">` in `row`, tags inside included.
fn cell<'a>(row: &'a str, class: &str) -> &'a str {
    let start = row
        .find(&format!("<td class=\"{class}"))
        .unwrap_or_else(|| panic!("no {class} in {row}"));
    let rest = &row[start..];
    let open = rest.find('>').unwrap() + 1;
    &rest[open..rest.find("</td>").unwrap()]
}

/// Every value of attribute `name` in `html`, in order.
fn attribute<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    html.split(&format!(" {name}=\""))
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect()
}

backend_test!(
    standings_page_shows_the_apis_numbers_with_shared_ranks,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let h = hall(&app, &service, true).await;
        let api = h.standings(&service).await;
        let html = page(&service, &format!("/tournaments/{}/standings", h.t), None)
            .await
            .text;
        assert!(html.contains("Hallen-Cup – Tabellenstand"), "{html}");
        assert!(html.contains("<script defer src=\"/assets/standings.js\"></script>"));
        let shown = rows(&html);
        let expected = api["standings"].as_array().unwrap();
        assert_eq!(shown.len(), 8);
        for ((id, row), line) in shown.iter().zip(expected) {
            assert_eq!(
                *id,
                line["player_id"].as_i64().unwrap(),
                "same order as the API"
            );
            assert_eq!(cell(row, "rank"), format!("{}.", line["rank"]));
            assert_eq!(cell(row, "total"), line["total"].to_string(), "{row}");
            let played = line["rounds"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|r| !r.is_null())
                .count();
            assert_eq!(cell(row, "rounds"), played.to_string());
            // The DDV average with a German decimal comma.
            let average = line["average_per_round"]
                .as_str()
                .unwrap()
                .replace('.', ",");
            assert_eq!(cell(row, "average"), average);
            assert!(row.contains("<td class=\"round num\" data-round=\"1\">"));
            assert!(row.contains("<td class=\"round num\" data-round=\"2\">–</td>"));
            assert_eq!(
                cell(row, "round num\" data-round=\"1"),
                line["rounds"][0].to_string()
            );
        }
        // Seat 3 of table 1 won his solo (+3 after -1): alone on top; the others share.
        let ranks: Vec<&str> = shown.iter().map(|(_, row)| cell(row, "rank")).collect();
        assert_eq!(ranks, ["1.", "2.", "2.", "4.", "4.", "6.", "6.", "8."]);
        assert_eq!(shown[0].0, h.p[3]);
        assert_eq!(cell(shown[0].1, "total"), "2");
        assert_eq!(html.matches("<td class=\"rank shared\">").count(), 6);
        assert_eq!(html.matches("<td class=\"rank\">").count(), 2);
        // Names as the players asked to be shown, escaped; clubs.
        assert!(html.contains("M. Müller") && !html.contains("Max Müller"));
        assert!(html.contains(MARKUP_ESCAPED), "{html}");
        assert!(!html.contains("<b>Anna"));
        let anna = shown.iter().find(|(id, _)| *id == h.p[0]).unwrap().1;
        assert_eq!(cell(anna, "club"), "DK Herz-Dame");
        assert!(anna.contains(&format!(
            "<a href=\"/tournaments/{}/players/{}\">{MARKUP_ESCAPED}</a>",
            h.t, h.p[0]
        )));
        // The organiser's own view shows the public names too: the page is what the hall sees.
        let own = page(
            &service,
            &format!("/tournaments/{}/standings", h.t),
            Some(&h.org),
        )
        .await;
        assert!(own.text.contains("M. Müller") && !own.text.contains("Max Müller"));
        // In English: the decimal point.
        let english = page(
            &service,
            &format!("/tournaments/{}/standings?lang=en", h.t),
            None,
        )
        .await
        .text;
        assert!(english.contains("Hallen-Cup – Standings"));
        let top = rows(&english)[0].1;
        assert_eq!(cell(top, "average"), "2.00");
    }
);

backend_test!(
    the_rows_fragment_is_tagged_and_unchanged_rows_cost_a_304,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let h = hall(&app, &service, true).await;
        let path = format!("/tournaments/{}/standings/rows", h.t);
        let html = page(&service, &format!("/tournaments/{}/standings", h.t), None)
            .await
            .text;
        let version = attribute(&html, "data-version")[0].to_owned();
        assert_eq!(
            attribute(&html, "data-rows")[0],
            format!("&#x2F;tournaments&#x2F;{}&#x2F;standings&#x2F;rows", h.t)
        );
        assert_eq!(
            attribute(&html, "data-stream")[0],
            format!(
                "&#x2F;api&#x2F;v1&#x2F;tournaments&#x2F;{}&#x2F;standings&#x2F;stream?data=version",
                h.t
            )
        );

        let fragment = page(&service, &format!("{path}?v={version}"), None).await;
        let tag = fragment.header("etag").to_owned();
        assert_eq!(
            tag,
            format!("\"{version}\""),
            "the page's version tags the rows"
        );
        assert_eq!(fragment.header("cache-control"), "no-cache");
        assert!(!fragment.text.contains("<html"), "only the rows");
        assert_eq!(rows(&fragment.text).len(), 8);
        // A version that is no number, or too large for one, is no version heard: the
        // current rows, tagged alike, never an error.
        for odd in ["abc", "-1", "99999999999999999999999", ""] {
            let odd_rows = page(&service, &format!("{path}?v={odd}"), None).await;
            assert_eq!(odd_rows.status, 200, "v={odd}");
            assert_eq!(odd_rows.header("etag"), tag, "v={odd}");
            assert_eq!(rows(&odd_rows.text).len(), 8, "v={odd}");
        }
        // The same rows as the page's table.
        let body = &html[html.find("<tbody>").unwrap() + 7..html.find("</tbody>").unwrap()];
        assert_eq!(body.trim(), fragment.text.trim());

        // Rendered once per version and language: the same rows again, and in English (the
        // visitor's cookie) with decimal points rather than the German commas.
        let again = page(&service, &path, None).await;
        assert_eq!(again.text, fragment.text);
        let english = page_with(&service, &path, &[("Cookie", "karlchen_lang=en")]).await;
        assert_eq!(english.header("etag"), tag);
        let german_average = cell(rows(&fragment.text)[0].1, "average").to_owned();
        assert!(german_average.contains(','), "{german_average}");
        assert_eq!(
            cell(rows(&english.text)[0].1, "average"),
            german_average.replace(',', ".")
        );
        let unchanged = send(
            &service,
            req("GET", &path, None, None, &[("If-None-Match", &tag)]),
        )
        .await;
        expect(&unchanged, 304, "unchanged");
        assert!(unchanged.text.is_empty());
        assert_eq!(unchanged.header("etag"), tag);

        // A deal moves the standings: new rows, a new tag.
        h.deal(&service, h.tables[1], &normal([2, 3])).await;
        let changed = send(
            &service,
            req("GET", &path, None, None, &[("If-None-Match", &tag)]),
        )
        .await;
        expect(&changed, 200, "changed");
        let new_tag = changed.header("etag").to_owned();
        assert_ne!(new_tag, tag);
        let api = h.standings(&service).await;
        for ((id, row), line) in rows(&changed.text)
            .iter()
            .zip(api["standings"].as_array().unwrap())
        {
            assert_eq!(*id, line["player_id"].as_i64().unwrap());
            assert_eq!(cell(row, "total"), line["total"].to_string());
        }
        let again = page(&service, &format!("/tournaments/{}/standings", h.t), None)
            .await
            .text;
        assert_eq!(
            format!("\"{}\"", attribute(&again, "data-version")[0]),
            new_tag
        );
        // The script is served from the binary, cacheable.
        let script = send(
            &service,
            req("GET", "/assets/standings.js", None, None, &[]),
        )
        .await;
        expect(&script, 200, "script");
        assert!(script.header("content-type").starts_with("text/javascript"));
        assert!(script.text.contains("EventSource") && script.text.contains("If-None-Match"));
    }
);

backend_test!(
    a_players_page_charts_his_running_total_over_the_rounds,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let h = hall(&app, &service, true).await;
        let p = &h.p;
        // Round 2: p[3] deals first at table 1 and loses a normal game.
        let r2 = round(
            &service,
            &h.org,
            h.t,
            &json!([[p[3], p[4], p[5], p[6]], [p[7], p[0], p[1], p[2]]]),
        )
        .await;
        let r2_table = r2.json["tables"][0]["id"].as_i64().unwrap();
        h.deal(&service, r2_table, &normal([1, 2])).await;

        // His running total from the API's sheets: seat 3 in round 1, seat 0 in round 2.
        let mut expected = Vec::new();
        let mut total = 0i64;
        for (table, seat) in [(h.tables[0], 3), (r2_table, 0)] {
            for deal in h.sheet(&service, table).await["deals"].as_array().unwrap() {
                total += deal["scores"][seat].as_i64().unwrap();
                expected.push(total.to_string());
            }
        }
        assert_eq!(expected, ["-1", "2", "1"]);
        let html = page(
            &service,
            &format!("/tournaments/{}/players/{}", h.t, p[3]),
            None,
        )
        .await
        .text;
        assert!(html.contains("<h1>Dora Diehl</h1>"));
        assert_eq!(attribute(&html, "data-total"), expected);
        assert_eq!(
            attribute(&html, "data-deal"),
            ["R1 · 1", "R1 · 2", "R2 · 1"]
        );
        assert!(html.contains("<svg id=\"chart\""));
        assert!(html.contains("<title id=\"chart-title\">Punkteverlauf von Dora Diehl</title>"));
        assert!(html.contains(
            "<desc id=\"chart-desc\">Punktestand nach jedem Spiel über 3 Spiele; zuletzt 1; \
         höchster Stand 2, tiefster Stand -1.</desc>"
        ));
        // His rounds: table, seat, who sat with him, points; the total is his standings total.
        let api = h.standings(&service).await;
        let line = api["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["player_id"] == p[3])
            .unwrap();
        assert_eq!(line["total"], 1);
        let table = &html[html.find("<table id=\"player-rounds\">").unwrap()..];
        let table = &table[..table.find("</table>").unwrap()];
        let lines: Vec<&str> = table.split("<tr data-round=").skip(1).collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].contains(&format!("href=\"/tournaments/{}/rounds/1/tables/1\"", h.t)));
        assert!(lines[0].contains("<td class=\"num\">4</td>"), "seat 4");
        assert!(lines[0].contains("<td class=\"num points\">2</td>"));
        assert!(lines[1].contains("<td class=\"num points\">-1</td>"));
        assert!(lines[1].contains("Emil Ernst") && lines[1].contains("Gustav Gans"));
        assert!(!lines[1].contains("Dora Diehl"), "the others, not himself");
        assert!(table.contains("<td class=\"num total\">1</td>"));
        for other in ["M. Müller", MARKUP_ESCAPED, "Erika Eich"] {
            assert!(lines[0].contains(other), "{other} sat with him in round 1");
        }

        // The markup name: escaped in the page and in the chart's title.
        let anna = page(
            &service,
            &format!("/tournaments/{}/players/{}", h.t, p[0]),
            None,
        )
        .await
        .text;
        assert!(!anna.contains("<b>Anna"), "{anna}");
        assert!(anna.contains(&format!("<h1>{MARKUP_ESCAPED}</h1>")));
        assert!(anna.contains(
        "<title id=\"chart-title\">Punkteverlauf von &lt;b&gt;Anna&lt;/b&gt; &amp; &quot;Co&quot;</title>"
    ));
        // A player shown abbreviated is abbreviated on his own page too.
        let max = page(
            &service,
            &format!("/tournaments/{}/players/{}", h.t, p[1]),
            None,
        )
        .await
        .text;
        assert!(max.contains("<h1>M. Müller</h1>") && !max.contains("Max Müller"));
        // The list of players links every one.
        let list = page(&service, &format!("/tournaments/{}/players", h.t), None)
            .await
            .text;
        for id in p {
            assert!(list.contains(&format!("href=\"/tournaments/{}/players/{id}\"", h.t)));
        }
        assert!(list.contains(MARKUP_ESCAPED) && !list.contains("<b>Anna"));
    }
);

backend_test!(a_tables_sheet_is_public_deal_by_deal, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let h = hall(&app, &service, true).await;
    let api = h.sheet(&service, h.tables[0]).await;
    let html = page(
        &service,
        &format!("/tournaments/{}/rounds/1/tables/1", h.t),
        None,
    )
    .await
    .text;
    assert!(html.contains("Hallen-Cup – Runde 1, Tisch 1"));
    assert!(html.contains("2 von 24 Spiele"));
    let deals: Vec<&str> = html.split("<tr data-number=\"").skip(1).collect();
    assert_eq!(deals.len(), 2);
    for (row, deal) in deals.iter().zip(api["deals"].as_array().unwrap()) {
        let row = &row[..row.find("</tr>").unwrap()];
        for seat in 0..4 {
            let score = cell(row, &format!("score num\" data-seat=\"{seat}"));
            assert_eq!(score, deal["scores"][seat].to_string(), "{row}");
        }
    }
    // Dealer, game and kind in words; the Re party by position.
    assert!(deals[0].contains("<td>Normalspiel</td>"));
    assert!(deals[0].contains("<td class=\"re\">2 + 3</td>"));
    assert!(
        deals[0].contains(&format!(
            "<td class=\"dealer\"><span class=\"long\">{MARKUP_ESCAPED}</span><span class=\"short\">1</span></td>"
        )),
        "seat 1 dealt: named, and by position for a phone"
    );
    assert!(deals[1].contains("Damensolo <span class=\"role\">(Pflichtsolo)</span>"));
    assert!(deals[1].contains("<td class=\"re\">4</td>"));
    for seat in 0..4 {
        assert!(html.contains(&format!(
            "<td class=\"total num\" data-seat=\"{seat}\">{}</td>",
            api["totals"][seat]
        )));
    }
    assert!(!html.contains("<b>Anna"));
    // The start page links the standings, players, projector and every table's sheet.
    let start = page(&service, &format!("/tournaments/{}", h.t), None)
        .await
        .text;
    for link in [
        format!("/tournaments/{}/standings", h.t),
        format!("/tournaments/{}/players", h.t),
        format!("/tournaments/{}/projector", h.t),
        format!("/tournaments/{}/rounds/1/tables/1", h.t),
        format!("/tournaments/{}/rounds/1/tables/2", h.t),
    ] {
        assert!(start.contains(&format!("href=\"{link}\"")), "{link}");
        page(&service, &link, None).await;
    }
    // Tables and rounds that do not exist.
    for path in [
        format!("/tournaments/{}/rounds/1/tables/3", h.t),
        format!("/tournaments/{}/rounds/2/tables/1", h.t),
        format!("/tournaments/{}/rounds/1/tables/x", h.t),
    ] {
        let missing = send(&service, req("GET", &path, None, None, &[])).await;
        expect(&missing, 404, &path);
    }
});

backend_test!(
    the_start_page_lists_published_tournaments_current_first,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "liste@example.org").await;
        let mut ids = Vec::new();
        for (name, date, published) in [
            ("Altes Turnier", "2001-05-05", true),
            ("Nächstes Turnier", "2098-01-01", true),
            ("Geheimes Turnier", "2098-06-01", false),
            ("Letztes Turnier", "2010-05-05", true),
            ("Fernes <Turnier>", "2099-01-01", true),
        ] {
            ids.push(
                tournament(
                    &service,
                    &org,
                    &json!({"name": name, "date": date, "published": published}),
                )
                .await,
            );
        }
        let html = page(&service, "/", None).await.text;
        let list = &html[html.find("<ul id=\"tournaments\"").unwrap()..];
        let list = &list[..list.find("</ul>").unwrap()];
        let links: Vec<&str> = attribute(list, "href");
        let expected: Vec<String> = [1, 4, 3, 0]
            .iter()
            .map(|&i| format!("/tournaments/{}", ids[i]))
            .collect();
        assert_eq!(links, expected, "coming ones by date, then the latest past");
        assert!(!list.contains("Geheimes"));
        assert!(list.contains("Fernes &lt;Turnier&gt;"));
        assert!(list.contains("<li class=\"current\">") && list.contains("<li class=\"past\">"));
        // The organiser sees his own unpublished one too, marked.
        let own = page(&service, "/", Some(&org)).await.text;
        assert!(own.contains("Geheimes Turnier"));
        assert!(own.contains("nicht veröffentlicht"));
        // A bad token reads what everybody reads.
        let bad = page(&service, "/", Some("kaputt")).await.text;
        assert!(!bad.contains("Geheimes"));
    }
);

backend_test!(public_pages_keep_the_apis_access_rules, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let h = hall(&app, &service, false).await;
    let t = h.t;
    let paths = [
        format!("/tournaments/{t}/standings"),
        format!("/tournaments/{t}/standings/rows"),
        format!("/tournaments/{t}/projector"),
        format!("/tournaments/{t}/players"),
        format!("/tournaments/{t}/players/{}", h.p[0]),
        format!("/tournaments/{t}/rounds/1/tables/1"),
    ];
    let stranger = organizer(&app, &service, "fremd@example.org").await;
    for path in &paths {
        // Unpublished: the owner reads it, nobody else.
        expect(
            &send(&service, req("GET", path, Some(&h.org), None, &[])).await,
            200,
            path,
        );
        let hidden = send(&service, req("GET", path, None, None, &[])).await;
        expect(&hidden, 404, path);
        assert!(hidden.text.contains("Nicht gefunden"), "{path}");
        expect(
            &send(&service, req("GET", path, Some(&stranger), None, &[])).await,
            404,
            path,
        );
    }
    // Another tournament's player is not found under this one; nor are malformed ids.
    let other = tournament(
        &service,
        &h.org,
        &json!({"name": "Anderes", "date": "2026-12-06", "published": true}),
    )
    .await;
    for path in [
        format!("/tournaments/{other}/players/{}", h.p[0]),
        format!("/tournaments/{t}/players/x"),
        "/tournaments/x/standings".to_owned(),
        "/tournaments/999999/standings/rows".to_owned(),
        "/tournaments/999999/projector".to_owned(),
    ] {
        expect(
            &send(&service, req("GET", &path, Some(&h.org), None, &[])).await,
            404,
            &path,
        );
    }
    // A preview link shows the unpublished standings, and the fragment it polls.
    let link = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{t}/preview-link"),
        Some(&h.org),
        None,
    )
    .await;
    expect(&link, 200, "preview link");
    let token = link.json["url"]
        .as_str()
        .unwrap()
        .split("?preview=")
        .nth(1)
        .unwrap()
        .to_owned();
    let preview = page(
        &service,
        &format!("/tournaments/{t}/standings?preview={token}"),
        None,
    )
    .await;
    assert!(preview.text.contains("M. Müller") && !preview.text.contains("Max Müller"));
    let rows_url = format!("/tournaments/{t}/standings/rows?preview={token}");
    assert!(preview.text.contains(&format!(
        "data-rows=\"{}\"",
        rows_url.replace('/', "&#x2F;")
    )));
    let fragment = page(&service, &format!("{rows_url}&v=1"), None).await;
    assert_eq!(rows(&fragment.text).len(), 8);
    assert_eq!(fragment.header("cache-control"), "private, no-store");
});

backend_test!(the_projector_pages_through_the_standings, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (id, _) = crate::pages::published_round(&app, &service).await;
    let first = page(&service, &format!("/tournaments/{id}/projector"), None)
        .await
        .text;
    assert!(first.contains("<div id=\"projector\""));
    assert_eq!(rows(&first).len(), 15);
    assert!(first.contains("Seite 1 von 2"));
    // Without script a meta refresh turns the page (inside <noscript>, so that with script,
    // which can pause, there is no refresh a reader cannot stop).
    let refresh = format!(
        "<noscript><meta http-equiv=\"refresh\" content=\"15; url=&#x2F;tournaments&#x2F;{id}&#x2F;projector?page=2\"></noscript>"
    );
    assert!(first.contains(&refresh), "{first}");
    assert!(first.contains("<script defer src=\"/assets/projector.js\"></script>"));
    assert!(first.contains(&format!(
        "data-next=\"&#x2F;tournaments&#x2F;{id}&#x2F;projector?page=2\" data-seconds=\"15\""
    )));
    let second = page(
        &service,
        &format!("/tournaments/{id}/projector?page=2"),
        None,
    )
    .await
    .text;
    assert_eq!(rows(&second).len(), 2);
    assert!(second.contains("Seite 2 von 2"));
    assert!(second.contains("projector?page=1\">"), "starts over");
    // Together the pages hold everybody once, in the standings' order.
    let api = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}/standings"),
        None,
        None,
    )
    .await;
    let shown: Vec<i64> = rows(&first)
        .iter()
        .chain(rows(&second).iter())
        .map(|(id, _)| *id)
        .collect();
    let order: Vec<i64> = api.json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["player_id"].as_i64().unwrap())
        .collect();
    assert_eq!(shown, order);
    // A page past the end starts over; the markup name is escaped.
    let past = page(
        &service,
        &format!("/tournaments/{id}/projector?page=9"),
        None,
    )
    .await
    .text;
    assert!(past.contains("Seite 1 von 2"));
    assert!(!first.contains("<script>alert") && !second.contains("<script>alert"));
});

backend_test!(a_tables_sheet_shows_who_signed_it, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "unterschrift@example.org").await;
    // Four deals planned: the four Pflichtsoli complete the sheet.
    let t = tournament(
        &service,
        &org,
        &json!({"name": "Listen-Cup", "date": "2026-12-05", "deals_four": 4, "published": true}),
    )
    .await;
    let p = crate::fixtures::players(&service, &org, t, 4).await;
    let r = round(&service, &org, t, &json!([p])).await;
    let table = r.json["tables"][0]["id"].as_i64().unwrap();
    let path = format!("/tournaments/{t}/rounds/1/tables/1");
    let html = page(&service, &path, None).await.text;
    assert_eq!(html.matches("<li class=\"unsigned\"").count(), 4);
    assert!(html.contains("Die Spieler unterschreiben die Liste, wenn sie vollständig ist."));
    for _ in 0..4 {
        // Each deal is the solo the sheet demands (Vorführen with four deals planned).
        let sheet = call_json(
            &service,
            "GET",
            &format!("/api/v1/tables/{table}/sheet"),
            None,
            None,
        )
        .await;
        let soloist = sheet.json["next"]["forced_soloist"].as_u64().unwrap();
        let answer = call_json(
            &service,
            "POST",
            &format!("/api/v1/tables/{table}/deals"),
            Some(&org),
            Some(&solo(soloist)),
        )
        .await;
        expect(&answer, 201, "solo");
    }
    let signatures = format!("/api/v1/tables/{table}/signatures");
    for &player in &p[..2] {
        let body = json!({ "player_id": player });
        let signed = call_json(&service, "POST", &signatures, Some(&org), Some(&body)).await;
        expect(&signed, 200, "sign");
    }
    let html = page(&service, &path, None).await.text;
    assert!(html.contains("<ul id=\"signatures\""));
    for (i, &player) in p.iter().enumerate() {
        let class = if i < 2 { "signed" } else { "unsigned" };
        assert!(
            html.contains(&format!(
                "<li class=\"{class}\" data-player=\"{player}\" data-seat=\"{i}\">"
            )),
            "{html}"
        );
    }
    assert!(html.contains("Spieler 0: unterschrieben am "));
    assert!(html.contains("Spieler 3: noch nicht unterschrieben"));
    assert!(!html.contains("id=\"signed-by-all\""));
    for &player in &p[2..] {
        let body = json!({ "player_id": player });
        let signed = call_json(&service, "POST", &signatures, Some(&org), Some(&body)).await;
        expect(&signed, 200, "sign");
    }
    let html = page(&service, &path, None).await.text;
    assert_eq!(html.matches("<li class=\"signed\"").count(), 4);
    assert!(html.contains(
        "<p id=\"signed-by-all\" class=\"notice\">Alle Spieler des Tisches haben die Liste unterschrieben.</p>"
    ));
});
