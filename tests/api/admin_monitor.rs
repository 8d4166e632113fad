//! The desk's live monitor and a table at the desk, in process on both backends: captains
//! enter deals through the API and the monitor's rows change (deals, next dealer), its
//! fragment answers 304 while nothing changed, tables without an entry for longer than the
//! setting are marked as the test clock moves; at a table the organiser records a penalty
//! (it reaches the standings), corrects a deal (the history shows before and after), issues
//! and revokes the code, and every form without its token is refused and changes nothing.

use chrono::TimeDelta;
use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    App, Table, call_json, captain, desk, desk_form as form, desk_get as get, expect, normal,
    organizer, players, round, send, tournament,
};

/// The row of table `number` in a monitor page or fragment.
fn row(html: &str, number: i32) -> &str {
    let start = html
        .find(&format!("id=\"monitor-table-{number}\""))
        .unwrap_or_else(|| panic!("row of table {number} in {html}"));
    let rest = &html[start..];
    &rest[..rest.find("</tr>").unwrap_or(rest.len())]
}

/// Enters the next deal at a table as its captain: a normal game won by the two seats after
/// the dealer.
async fn enter<S: App>(service: &S, table: i64, captain: &str) -> Value {
    let path = format!("/api/v1/tables/{table}/sheet");
    let sheet = call_json(service, "GET", &path, Some(captain), None).await;
    expect(&sheet, 200, "sheet");
    let seats = sheet.json["table_size"].as_u64().unwrap();
    let dealer = sheet.json["next"]["dealer"].as_u64().unwrap();
    let body = normal([(dealer + 1) % seats, (dealer + 2) % seats]);
    let path = format!("/api/v1/tables/{table}/deals");
    let entered = call_json(service, "POST", &path, Some(captain), Some(&body)).await;
    expect(&entered, 201, "deal entered");
    entered.json["sheet"].clone()
}

backend_test!(
    the_monitor_follows_the_tables_and_marks_the_quiet_ones,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "leitung@example.org").await;
        let id = tournament(
            &service,
            &org,
            &json!({"name": "Karlchen-Cup", "date": "2026-12-05"}),
        )
        .await;
        let all = players(&service, &org, id, 8).await;
        let r = round(&service, &org, id, &json!([all[..4], all[4..]])).await;
        let round_id = r.json["id"].as_i64().unwrap();
        let tables: Vec<i64> = (0..2)
            .map(|i| r.json["tables"][i]["id"].as_i64().unwrap())
            .collect();
        let captains = [
            captain(&service, &org, tables[0]).await,
            captain(&service, &org, tables[1]).await,
        ];
        let clock = app.state.db.clock();
        clock.stop();
        let start = format!("/api/v1/rounds/{round_id}/start");
        expect(
            &call_json(&service, "POST", &start, Some(&org), None).await,
            200,
            "round started",
        );

        let me = desk(&service, "leitung@example.org").await;
        let page = format!("/admin/tournaments/{id}/monitor");
        let shown = send(&service, get(&page, &me.cookies)).await;
        expect(&shown, 200, "the monitor");
        assert_eq!(shown.header("cache-control"), "private, no-store");
        let first = row(&shown.text, 1);
        assert!(first.contains(&format!("href=\"/admin/tables/{}\"", tables[0])));
        assert!(first.contains("0 / 24"), "{first}");
        // Seat 0 deals first: the first player of the table, start number 1.
        assert!(first.contains("Spieler 0 (1)"), "{first}");
        assert!(first.contains("noch keine"), "{first}");
        assert!(!first.contains("class=\"idle"), "{first}");
        assert!(shown.text.contains("<strong>0 / 2</strong> Tische fertig"));
        assert!(
            shown.text.contains("http-equiv=\"refresh\""),
            "works without script"
        );
        assert!(shown.text.contains("/assets/desk-monitor.js"));

        // The rows alone, with a tag: unchanged while nothing happens.
        let rows = format!("/admin/tournaments/{id}/monitor/rows?round={round_id}&idle=10");
        let fragment = send(&service, get(&rows, &me.cookies)).await;
        expect(&fragment, 200, "the rows");
        let tag = fragment.header("etag").to_owned();
        assert!(
            shown
                .text
                .contains(&format!("data-etag=\"{}\"", tag.replace('"', "&quot;")))
        );
        let mut again = actix_web::test::TestRequest::get()
            .uri(&rows)
            .insert_header(("Cookie", me.cookies.clone()))
            .insert_header(("If-None-Match", tag.clone()))
            .to_request();
        let unchanged = send(&service, again).await;
        expect(&unchanged, 304, "nothing changed");

        // Two deals at table 1: the row counts them and names the next dealer (seat 2).
        enter(&service, tables[0], &captains[0]).await;
        enter(&service, tables[0], &captains[0]).await;
        again = actix_web::test::TestRequest::get()
            .uri(&rows)
            .insert_header(("Cookie", me.cookies.clone()))
            .insert_header(("If-None-Match", tag.clone()))
            .to_request();
        let changed = send(&service, again).await;
        expect(&changed, 200, "the rows changed");
        assert_ne!(changed.header("etag"), tag);
        let first = row(&changed.text, 1);
        assert!(first.contains("2 / 24"), "{first}");
        assert!(first.contains("Spieler 2 (3)"), "{first}");
        assert!(first.contains("(Spiel 3)"), "{first}");
        assert!(first.contains("0 Min."), "last entry just now: {first}");
        assert!(row(&changed.text, 2).contains("0 / 24"));

        // Eleven quiet minutes: both tables are marked (table 2 has had nothing since the
        // start), with how long.
        clock.advance(TimeDelta::minutes(11));
        let quiet = send(&service, get(&rows, &me.cookies)).await;
        expect(&quiet, 200, "after eleven minutes");
        for number in [1, 2] {
            let line = row(&quiet.text, number);
            assert!(line.contains("class=\"idle"), "{line}");
            assert!(line.contains("keine Eingabe seit 11 Min."), "{line}");
        }
        assert!(
            quiet
                .text
                .contains("<strong class=\"idle-count\">2</strong>")
        );
        // Table 2 enters a deal: only table 1 stays marked.
        enter(&service, tables[1], &captains[1]).await;
        let one = send(&service, get(&rows, &me.cookies)).await;
        assert!(row(&one.text, 1).contains("class=\"idle"));
        assert!(!row(&one.text, 2).contains("class=\"idle"));
        assert!(row(&one.text, 2).contains("1 / 24"));
        // A longer setting marks none; the page keeps it in its links and the form.
        let patient = send(&service, get(&format!("{page}?idle=30"), &me.cookies)).await;
        expect(&patient, 200, "idle=30");
        assert!(!patient.text.contains("class=\"idle"));
        assert!(patient.text.contains("value=\"30\""));
        // Nonsense in the setting falls back to ten minutes.
        let fallback = send(&service, get(&format!("{page}?idle=abc"), &me.cookies)).await;
        expect(&fallback, 200, "idle=abc");
        assert!(fallback.text.contains("value=\"10\""));

        // Time-up for table 2 from its desk page (not without the token): the monitor says
        // so and why; table 1 gets five more minutes, for a reason kept in the history.
        let time_up = format!("/admin/tables/{}/time-up", tables[1]);
        expect(
            &send(&service, form(&time_up, &me.cookies, "")).await,
            403,
            "time-up without the token",
        );
        assert!(!row(&send(&service, get(&rows, &me.cookies)).await.text, 2).contains("Zeit um"));
        let called = send(
            &service,
            form(&time_up, &me.cookies, &format!("csrf={}", me.csrf)),
        )
        .await;
        expect(&called, 303, "time-up called");
        let after = send(&service, get(&rows, &me.cookies)).await;
        let second = row(&after.text, 2);
        assert!(second.contains("Zeit um"), "{second}");
        assert!(second.contains("von der Turnierleitung"), "{second}");
        assert!(after.text.contains("<strong>1</strong> mit Zeit um"));
        let minutes_left = |html: &str| {
            let cell = row(html, 1);
            let cell = &cell[cell.find("class=\"time\">").unwrap() + 13..];
            cell[..cell.find(' ').unwrap()].parse::<u64>().unwrap()
        };
        let left = minutes_left(&after.text);
        let extend = format!("/admin/tables/{}/extend", tables[0]);
        // Sent twice (a double tap, a reload): five minutes, once.
        for _ in 0..2 {
            let extended = send(
                &service,
                form(
                    &extend,
                    &me.cookies,
                    &format!(
                        "csrf={}&minutes=5&reason=Stromausfall&idempotency_key=x-1",
                        me.csrf
                    ),
                ),
            )
            .await;
            expect(&extended, 303, "extended");
        }
        assert_eq!(
            minutes_left(&send(&service, get(&rows, &me.cookies)).await.text),
            left + 5
        );
        let table_page = send(
            &service,
            get(&format!("/admin/tables/{}", tables[0]), &me.cookies),
        )
        .await;
        assert!(table_page.text.contains("Zeit verlängert"));
        assert!(table_page.text.contains("Stromausfall"));
        // Nonsense minutes: refused, the reason kept.
        let nonsense = send(
            &service,
            form(
                &extend,
                &me.cookies,
                &format!(
                    "csrf={}&minutes=viele&reason=Stromausfall&idempotency_key=x-2",
                    me.csrf
                ),
            ),
        )
        .await;
        expect(&nonsense, 422, "minutes not a number");
        assert!(nonsense.text.contains("value=\"Stromausfall\""));
        assert!(nonsense.text.contains("role=\"alert\""));

        // The API's monitor carries the signatures too.
        let api = call_json(
            &service,
            "GET",
            &format!("/api/v1/rounds/{round_id}/monitor"),
            Some(&org),
            None,
        )
        .await;
        assert_eq!(api.json["tables"][0]["signatures"], 0);
        assert_eq!(api.json["tables"][0]["signed_by_all"], false);

        // Another organiser finds neither the monitor nor its rows.
        organizer(&app, &service, "andere@example.org").await;
        let other = desk(&service, "andere@example.org").await;
        expect(
            &send(&service, get(&page, &other.cookies)).await,
            404,
            "another's",
        );
        expect(
            &send(&service, get(&rows, &other.cookies)).await,
            404,
            "another's rows",
        );
        // Without a session: the sign-in form.
        let away = send(&service, get(&page, "")).await;
        expect(&away, 303, "no session");
    }
);

/// The organiser's sheet of `t` through the API.
async fn sheet<S: App>(service: &S, t: &Table) -> Value {
    t.sheet(service).await
}

backend_test!(
    a_table_at_the_desk_is_penalised_corrected_and_refuses_forms_without_the_token,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        enter(&service, t.table, &t.captain).await;
        enter(&service, t.table, &t.captain).await;
        let me = desk(&service, "leitung@example.org").await;
        let page = format!("/admin/tables/{}", t.table);
        let shown = send(&service, get(&page, &me.cookies)).await;
        expect(&shown, 200, "the table");
        assert!(shown.text.contains("id=\"deal-2\""));
        assert!(shown.text.contains("Spieler 3"));
        // Entered deals are in the history, by the captain.
        assert!(shown.text.contains("Spiel eingetragen"), "{}", shown.text);
        assert!(shown.text.contains("Listenführer"));

        // Another organiser does not find it.
        organizer(&app, &service, "andere@example.org").await;
        let other = desk(&service, "andere@example.org").await;
        expect(
            &send(&service, get(&page, &other.cookies)).await,
            404,
            "another's table",
        );

        // A penalty without the token: refused, nothing recorded.
        let penalty = format!("{page}/penalties");
        let body = "deal_number=1&offender=0&severity=minor&referee=Schmidt\
                    &offence=Aus+der+Reihe+ausgespielt&idempotency_key=k-1";
        let refused = send(&service, form(&penalty, &me.cookies, body)).await;
        expect(&refused, 403, "no token");
        // Another organiser's forms, with his own token, find nothing to change either.
        for (path, body) in [
            (penalty.clone(), format!("csrf={}&{body}", other.csrf)),
            (
                format!("{page}/deals/2/delete"),
                format!("csrf={}&version=1", other.csrf),
            ),
            (format!("{page}/time-up"), format!("csrf={}", other.csrf)),
        ] {
            let foreign = send(&service, form(&path, &other.cookies, &body)).await;
            expect(&foreign, 404, &path);
        }
        let before = sheet(&service, &t).await;
        assert_eq!(
            before["deals"].as_array().map(Vec::len),
            Some(2),
            "no deal gone"
        );
        assert_eq!(before["time_up"], false, "no time up");
        assert!(before["deals"][0].get("penalties").is_none());
        let totals_before: Vec<i64> = before["totals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();

        // With it: recorded once, however often the form is sent.
        let with = format!("csrf={}&{body}", me.csrf);
        for _ in 0..2 {
            let recorded = send(&service, form(&penalty, &me.cookies, &with)).await;
            expect(&recorded, 303, "penalty recorded");
            assert_eq!(recorded.header("location"), page);
        }
        let after = sheet(&service, &t).await;
        let penalties = after["deals"][0]["penalties"].as_array().unwrap();
        assert_eq!(penalties.len(), 1, "{after}");
        let scores: Vec<i64> = penalties[0]["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        // A minor violation at a 4-table: the offender pays 3, the others get 1 (TSR 9).
        assert_eq!(scores, [-3, 1, 1, 1]);
        assert_eq!(penalties[0]["offence"], "Aus der Reihe ausgespielt");
        let totals: Vec<i64> = after["totals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect();
        for seat in 0..4 {
            assert_eq!(totals[seat], totals_before[seat] + scores[seat]);
        }
        // The standings carry it: the offender's total is his sheet's.
        let standings = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}/standings", t.tournament),
            Some(&t.org),
            None,
        )
        .await;
        expect(&standings, 200, "standings");
        let offender = standings.json["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["player_id"] == t.players[0])
            .unwrap();
        assert_eq!(offender["total"].as_i64().unwrap(), totals[0]);
        assert_eq!(totals[0], totals_before[0] + scores[0]);
        let shown = send(&service, get(&page, &me.cookies)).await;
        assert!(shown.text.contains("Strafe eingetragen"));
        assert!(shown.text.contains("Schmidt"));
        assert!(
            shown.text.contains("Aus der Reihe ausgespielt"),
            "what happened"
        );
        assert!(shown.text.contains(&format!("Spieler 0 {:+}", scores[0])));

        // Withdrawing it needs the token too; then its points leave the standings.
        let penalty_id = penalties[0]["id"].as_i64().unwrap();
        let penalty_version = penalties[0]["version"].as_i64().unwrap();
        let withdraw = format!("{page}/penalties/{penalty_id}/delete");
        let refused = send(
            &service,
            form(
                &withdraw,
                &me.cookies,
                &format!("version={penalty_version}"),
            ),
        )
        .await;
        expect(&refused, 403, "withdraw without the token");
        assert_eq!(sheet(&service, &t).await["totals"], after["totals"]);
        let withdrawn = send(
            &service,
            form(
                &withdraw,
                &me.cookies,
                &format!("csrf={}&version={penalty_version}", me.csrf),
            ),
        )
        .await;
        expect(&withdrawn, 303, "withdrawn");
        assert_eq!(sheet(&service, &t).await["totals"], before["totals"]);
        let standings = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}/standings", t.tournament),
            Some(&t.org),
            None,
        )
        .await;
        let offender = standings.json["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["player_id"] == t.players[0])
            .unwrap();
        assert_eq!(offender["total"].as_i64().unwrap(), totals_before[0]);
        // Recorded again (a fresh form, a fresh key) for what follows.
        let again = format!(
            "csrf={}&deal_number=1&offender=0&severity=minor&referee=Schmidt&idempotency_key=k-3",
            me.csrf
        );
        expect(
            &send(&service, form(&penalty, &me.cookies, &again)).await,
            303,
            "recorded again",
        );
        let shown = send(&service, get(&page, &me.cookies)).await;
        assert!(shown.text.contains("Strafe zurückgenommen"));
        // The page in English.
        let english = send(&service, get(&format!("{page}?lang=en"), &me.cookies)).await;
        expect(&english, 200, "in English");
        assert!(english.text.contains("Record a penalty (TSR 9)"));
        assert!(english.text.contains("Penalty withdrawn"));

        // A ruling the rules refuse (an offender past the table): the form again, as typed,
        // with the reason.
        let wrong = format!(
            "csrf={}&deal_number=1&offender=7&severity=minor&referee=Meier&idempotency_key=k-2",
            me.csrf
        );
        let refused = send(&service, form(&penalty, &me.cookies, &wrong)).await;
        assert!(refused.status.is_client_error(), "{}", refused.status);
        assert!(refused.text.contains("role=\"alert\""));
        assert!(refused.text.contains("value=\"Meier\""));

        // Correcting deal 2: the captain's form, saved with the deal's version; the history
        // shows who, before and after.
        let correction = format!("{page}/deals/2");
        let form_page = send(&service, get(&correction, &me.cookies)).await;
        expect(&form_page, 200, "the correction form");
        assert!(form_page.text.contains(&format!("value=\"{}\"", me.csrf)));
        let version = after["deals"][1]["version"].as_i64().unwrap();
        let re = after["deals"][1]["re"].clone();
        let (a, b) = (re[0].as_u64().unwrap(), re[1].as_u64().unwrap());
        let fields = format!(
            "contract=normal&re={a}&re={b}&points_of=re&points=160&tricks=9&call_re=none\
             &call_kontra=none&number=2&version={version}&idempotency_key=c-1\
             &reason=Z%C3%A4hlfehler&action=save"
        );
        let refused = send(&service, form(&correction, &me.cookies, &fields)).await;
        expect(&refused, 403, "a correction without the token");
        assert_eq!(
            sheet(&service, &t).await["deals"][1]["scores"],
            after["deals"][1]["scores"]
        );
        let corrected = send(
            &service,
            form(
                &correction,
                &me.cookies,
                &format!("csrf={}&{fields}", me.csrf),
            ),
        )
        .await;
        expect(&corrected, 303, "corrected");
        let fixed = sheet(&service, &t).await;
        assert_eq!(fixed["deals"][1]["entry"]["re_points"], 160);
        let winner = usize::try_from(a).unwrap();
        assert_eq!(
            fixed["deals"][1]["scores"][winner].as_i64().unwrap(),
            after["deals"][1]["scores"][winner].as_i64().unwrap() + 1,
            "keine 90 is worth one more"
        );
        let shown = send(&service, get(&page, &me.cookies)).await;
        assert!(shown.text.contains("Spiel korrigiert"));
        assert!(shown.text.contains("Zählfehler"));
        assert!(shown.text.contains("Turnierleitung"));
        let history = &shown.text[shown.text.find("id=\"history\"").unwrap()..];
        let corrected_line = &history[history.find("Spiel korrigiert").unwrap()..];
        let corrected_line = &corrected_line[..corrected_line.find("</tr>").unwrap()];
        let name = format!("Spieler {a}");
        assert!(
            corrected_line.contains(&format!("{name} +1")),
            "{corrected_line}"
        );
        assert!(
            corrected_line.contains(&format!("{name} +2")),
            "{corrected_line}"
        );

        // A stale version: refused, the form kept with the reason shown.
        let stale = send(
            &service,
            form(
                &correction,
                &me.cookies,
                &format!("csrf={}&{}", me.csrf, fields.replace("c-1", "c-2")),
            ),
        )
        .await;
        expect(&stale, 412, "stale version");
        assert!(stale.text.contains("role=\"alert\""));
        assert!(stale.text.contains("value=\"160\""));

        // Deleting deal 2 without the token changes nothing; with it the deal is gone.
        let version = fixed["deals"][1]["version"].as_i64().unwrap();
        let delete = format!("{page}/deals/2/delete");
        let refused = send(
            &service,
            form(&delete, &me.cookies, &format!("version={version}")),
        )
        .await;
        expect(&refused, 403, "delete without the token");
        assert_eq!(
            sheet(&service, &t).await["deals"].as_array().unwrap().len(),
            2
        );
        let deleted = send(
            &service,
            form(
                &delete,
                &me.cookies,
                &format!("csrf={}&version={version}", me.csrf),
            ),
        )
        .await;
        expect(&deleted, 303, "deleted");
        assert_eq!(
            sheet(&service, &t).await["deals"].as_array().unwrap().len(),
            1
        );

        // The join code: a new one, shown; revoked, gone (the captain is out).
        let issue = format!("{page}/join-code");
        expect(
            &send(&service, form(&issue, &me.cookies, "idempotency_key=j-1")).await,
            403,
            "issue without the token",
        );
        let issued = send(
            &service,
            form(
                &issue,
                &me.cookies,
                &format!("csrf={}&idempotency_key=j-1", me.csrf),
            ),
        )
        .await;
        expect(&issued, 303, "issued");
        let code = call_json(
            &service,
            "GET",
            &format!("/api/v1/tables/{}/join-code", t.table),
            Some(&t.org),
            None,
        )
        .await;
        let code = code.json["code"].as_str().unwrap().to_owned();
        assert!(
            send(&service, get(&page, &me.cookies))
                .await
                .text
                .contains(&code)
        );
        let revoked = send(
            &service,
            form(
                &format!("{issue}/revoke"),
                &me.cookies,
                &format!("csrf={}", me.csrf),
            ),
        )
        .await;
        expect(&revoked, 303, "revoked");
        let shown = send(&service, get(&page, &me.cookies)).await;
        assert!(!shown.text.contains(&code));
        assert!(shown.text.contains("Kein gültiger Code."));
        let sheet_as_captain = call_json(
            &service,
            "GET",
            &format!("/api/v1/tables/{}/sheet", t.table),
            Some(&t.captain),
            None,
        )
        .await;
        expect(&sheet_as_captain, 401, "the captain is out");

        // Extra time before the round started: refused with the reason, the input kept.
        let extend = format!("{page}/extend");
        let early = send(
            &service,
            form(
                &extend,
                &me.cookies,
                &format!(
                    "csrf={}&minutes=5&reason=Unterbrechung&idempotency_key=x-3",
                    me.csrf
                ),
            ),
        )
        .await;
        assert!(early.status.is_client_error(), "{}", early.status);
        assert!(early.text.contains("role=\"alert\""));
    }
);

backend_test!(
    the_monitor_says_when_one_table_is_left_and_when_all_are_done,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "leitung@example.org").await;
        let body = json!({"name": "Vereinsabend", "date": "2026-12-05", "deals_four": 4});
        let id = tournament(&service, &org, &body).await;
        let field = players(&service, &org, id, 8).await;
        let drawn = round(&service, &org, id, &json!([field[..4], field[4..]])).await;
        let round = drawn.json["id"].as_i64().unwrap();
        let table = |n: usize| drawn.json["tables"][n]["id"].as_i64().unwrap();
        let me = desk(&service, "leitung@example.org").await;
        let page = format!("/admin/tournaments/{id}/monitor?view=compact");
        let shown = send(&service, get(&page, &me.cookies)).await;
        expect(&shown, 200, "the compact monitor");
        assert!(!shown.text.contains("id=\"monitor-last-table\""));
        // Four Pflichtsoli complete a table of a four-deal round.
        for n in 0..2 {
            let t = Table {
                org: org.clone(),
                tournament: id,
                players: field[n * 4..n * 4 + 4].to_vec(),
                round,
                table: table(n),
                captain: captain(&service, &org, table(n)).await,
            };
            t.fill(
                &service,
                &crate::fixtures::repeat(&crate::fixtures::Step::Forced, 4),
            )
            .await;
            let shown = send(&service, get(&page, &me.cookies)).await;
            if n == 0 {
                assert!(
                    shown.text.contains("Nur noch Tisch 2 spielt"),
                    "{}",
                    shown.text
                );
                assert!(!shown.text.contains("id=\"monitor-all-complete\""));
            } else {
                assert!(!shown.text.contains("id=\"monitor-last-table\""));
                assert!(
                    shown.text.contains("Alle Tische sind fertig"),
                    "{}",
                    shown.text
                );
            }
        }
    }
);
