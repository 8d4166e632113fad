//! The end of the day on both backends: a tournament is finished once every round is
//! closed; its standings are then final (marked so in the API, on the desk, the public pages,
//! the print and the results document) and every change that would move them is refused
//! with 409 `tournament_finished` and changes nothing, until the organiser reopens it with a
//! reason. Both are audited.

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    App, Reply, Table, call_json, desk, desk_form as form, desk_get as get, expect, normal,
    organizer, req, send, tournament,
};

/// `POST /api/v1/tournaments/{id}/{what}` with `body`.
async fn post<S: App>(service: &S, t: &Table, what: &str, body: Value) -> Reply {
    call_json(
        service,
        "POST",
        &format!("/api/v1/tournaments/{}/{what}", t.tournament),
        Some(&t.org),
        Some(&body),
    )
    .await
}

/// `PATCH /api/v1/tournaments/{id}` with `body`.
async fn patch<S: App>(service: &S, t: &Table, body: Value) -> Reply {
    call_json(
        service,
        "PATCH",
        &format!("/api/v1/tournaments/{}", t.tournament),
        Some(&t.org),
        Some(&body),
    )
    .await
}

/// The distinct cells of the `status` column ("Stand") of the CSV at
/// `/api/v1/tournaments/{t}/{what}`, read by its heading.
async fn status_cells<S: App>(service: &S, t: &Table, what: &str) -> Vec<String> {
    let got = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{}/{what}", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&got, 200, what);
    let text = got.text.trim_start_matches('\u{feff}');
    let separator = if what.contains("dialect=de") {
        ';'
    } else {
        ','
    };
    let mut lines = text.lines().map(|l| l.split(separator).collect::<Vec<_>>());
    let header = lines.next().unwrap_or_default();
    let column = header
        .iter()
        .position(|h| *h == "status" || *h == "Stand")
        .unwrap_or_else(|| panic!("a status column: {text}"));
    let mut cells: Vec<String> = lines.map(|l| l[column].to_owned()).collect();
    cells.dedup();
    cells
}

/// The organiser's overall standings.
async fn standings<S: App>(service: &S, t: &Table, query: &str) -> Value {
    let got = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{}/standings{query}", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&got, 200, "standings");
    got.json
}

/// Each seat's total in the standings.
fn totals(standings: &Value, t: &Table) -> Vec<i64> {
    let lines = standings["standings"].as_array().unwrap();
    t.players
        .iter()
        .map(|p| {
            let line = lines.iter().find(|l| l["player_id"] == *p).unwrap();
            line["total"].as_i64().unwrap()
        })
        .collect()
}

/// Whether `reply` is the 409 of a finished tournament.
fn refused_as_finished(reply: &Reply, what: &str) {
    expect(reply, 409, what);
    assert_eq!(
        reply.json["code"], "tournament_finished",
        "{what}: {}",
        reply.text
    );
}

backend_test!(
    a_finished_tournament_keeps_its_final_standings_until_reopened,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;

        // Nothing to finish without a round; not while a round is open.
        let empty = tournament(
            &service,
            &t.org,
            &json!({"name": "Leer", "date": "2026-12-05"}),
        )
        .await;
        let none = call_json(
            &service,
            "POST",
            &format!("/api/v1/tournaments/{empty}/finish"),
            Some(&t.org),
            Some(&json!({})),
        )
        .await;
        expect(&none, 409, "no round");
        assert_eq!(none.json["code"], "no_round_played");
        let open = post(&service, &t, "finish", json!({})).await;
        expect(&open, 409, "round 1 open");
        assert_eq!(open.json["code"], "rounds_open");
        assert!(
            open.json["detail"]
                .as_str()
                .unwrap()
                .contains("round(s) 1 ")
        );

        // Two deals: Re (1, 2) wins 1, then Re (0, 2) wins 1: [0, 0, 2, -2].
        for re in [[1, 2], [0, 2]] {
            expect(
                &t.post(&service, &t.captain, &normal(re)).await,
                201,
                "a deal",
            );
        }
        let close = call_json(
            &service,
            "POST",
            &format!("/api/v1/rounds/{}/close", t.round),
            Some(&t.org),
            Some(&json!({"force": true})),
        )
        .await;
        expect(&close, 200, "close round 1");
        let before = standings(&service, &t, "").await;
        assert_eq!(totals(&before, &t), [0, 0, 2, -2]);
        assert_eq!(before["finished_at"], Value::Null);

        let finished = post(
            &service,
            &t,
            "finish",
            json!({"reason": "Siegerehrung um 18 Uhr"}),
        )
        .await;
        expect(&finished, 200, "finish");
        let at = finished.json["finished_at"].clone();
        assert!(at.as_str().is_some_and(|s| s.ends_with('Z')), "{at}");
        // Again: answered as it is, the time kept.
        // Again, without a body: answered as it is, the time kept.
        let again = send(
            &service,
            req(
                "POST",
                &format!("/api/v1/tournaments/{}/finish", t.tournament),
                Some(&t.org),
                None,
                &[],
            ),
        )
        .await;
        expect(&again, 200, "finish again");
        assert_eq!(again.json["finished_at"], at);
        let overall = standings(&service, &t, "").await;
        assert_eq!(
            overall["finished_at"], at,
            "the overall standings are final"
        );
        assert_eq!(
            standings(&service, &t, "?round=1").await["finished_at"],
            Value::Null
        );
        // The downloads say so too, in their `status` column: the standings and the DDV
        // list final, one round's standings not.
        assert_eq!(
            status_cells(&service, &t, "standings?dialect=plain").await,
            ["final"]
        );
        assert_eq!(
            status_cells(&service, &t, "standings?dialect=de").await,
            ["Endstand"]
        );
        assert_eq!(
            status_cells(&service, &t, "results/ddv.csv").await,
            ["final"]
        );
        assert_eq!(
            status_cells(&service, &t, "standings?dialect=plain&round=1").await,
            ["provisional"]
        );

        // Every change that would move the standings is refused.
        let path = t.path("deals");
        let by_desk = call_json(&service, "POST", &path, Some(&t.org), Some(&normal([0, 1]))).await;
        refused_as_finished(&by_desk, "the organiser's deal");
        let last = send(
            &service,
            req(
                "DELETE",
                &t.path("deals/2"),
                Some(&t.org),
                None,
                &[("If-Match", "1")],
            ),
        )
        .await;
        refused_as_finished(&last, "deleting a deal");
        let penalty =
            json!({"deal_number": 1, "severity": "minor", "offender": 1, "referee": "Weber"});
        let fined = call_json(
            &service,
            "POST",
            &t.path("penalties"),
            Some(&t.org),
            Some(&penalty),
        )
        .await;
        refused_as_finished(&fined, "a penalty");
        let late = post(&service, &t, "players", json!({"name": "Nachzügler"})).await;
        refused_as_finished(&late, "a player");
        let next = post(&service, &t, "rounds", json!({"tables": [t.players]})).await;
        refused_as_finished(&next, "a round");
        refused_as_finished(
            &patch(&service, &t, json!({"tie_breaks": ["most_games_won"]})).await,
            "tie-breaks",
        );
        let removed = call_json(
            &service,
            "DELETE",
            &format!("/api/v1/players/{}", t.players[0]),
            Some(&t.org),
            None,
        )
        .await;
        refused_as_finished(&removed, "removing a player");
        // The captain's round is closed: he is told so first.
        let captain = t.post(&service, &t.captain, &normal([0, 1])).await;
        expect(&captain, 409, "the captain");
        assert_eq!(captain.json["code"], "round_closed");
        // What does not move the standings still changes.
        let renamed = patch(
            &service,
            &t,
            json!({"name": "Karlchen-Cup 2026", "published": true}),
        )
        .await;
        expect(&renamed, 200, "renamed and published");
        assert_eq!(renamed.json["finished_at"], at);
        let after = standings(&service, &t, "").await;
        assert_eq!(totals(&after, &t), [0, 0, 2, -2], "nothing moved");
        assert_eq!(after["tie_breaks"], json!([]));

        // The results document carries it; its import arrives finished.
        let doc = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}/results", t.tournament),
            Some(&t.org),
            None,
        )
        .await;
        expect(&doc, 200, "export");
        assert_eq!(doc.json["tournament"]["finished_at"], at);
        crate::results::validate(&doc.json).unwrap();
        let imported = call_json(
            &service,
            "POST",
            "/api/v1/results",
            Some(&t.org),
            Some(&doc.json),
        )
        .await;
        expect(&imported, 201, "import");
        let copy = imported.json["tournament_id"].as_i64().unwrap();
        let read = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{copy}"),
            Some(&t.org),
            None,
        )
        .await;
        assert_eq!(read.json["finished_at"], at);
        // A document that says finished while a round is open is refused by that field.
        let mut open_doc = doc.json.clone();
        open_doc["rounds"][0]["closed"] = json!(false);
        let refused = call_json(
            &service,
            "POST",
            "/api/v1/results",
            Some(&t.org),
            Some(&open_doc),
        )
        .await;
        expect(&refused, 422, "finished with an open round");
        assert!(
            refused
                .fields()
                .contains(&"tournament.finished_at".to_owned()),
            "{}",
            refused.text
        );

        // Reopening needs a reason; then the day goes on.
        let bare = post(&service, &t, "reopen", json!({"reason": "  "})).await;
        expect(&bare, 422, "no reason");
        assert_eq!(bare.fields(), ["reason"]);
        let bell = post(&service, &t, "reopen", json!({"reason": "Einspruch\u{7}"})).await;
        expect(&bell, 422, "a control character in the reason");
        assert_eq!(bell.fields(), ["reason"]);
        // Nobody else reopens it: another organiser does not find it, a captain may not.
        let stranger = organizer(&app, &service, "fremd@example.org").await;
        let path = format!("/api/v1/tournaments/{}/reopen", t.tournament);
        let body = json!({"reason": "Versehen"});
        let other = call_json(&service, "POST", &path, Some(&stranger), Some(&body)).await;
        expect(&other, 404, "another organiser");
        let by_captain = call_json(&service, "POST", &path, Some(&t.captain), Some(&body)).await;
        expect(&by_captain, 403, "the captain");
        assert!(
            standings(&service, &t, "").await["finished_at"].is_string(),
            "still final"
        );
        let reopened = post(
            &service,
            &t,
            "reopen",
            json!({"reason": "Einspruch Tisch 1 stattgegeben"}),
        )
        .await;
        expect(&reopened, 200, "reopen");
        assert_eq!(reopened.json["finished_at"], Value::Null);
        assert_eq!(
            standings(&service, &t, "").await["finished_at"],
            Value::Null
        );
        assert_eq!(
            status_cells(&service, &t, "results/ddv.csv?dialect=de").await,
            ["vorläufig"]
        );
        let fined = call_json(
            &service,
            "POST",
            &t.path("penalties"),
            Some(&t.org),
            Some(&penalty),
        )
        .await;
        expect(&fined, 201, "a penalty after reopening");
        // A minor violation: the offender -3 (TSR 9.2), the others +1 each.
        assert_eq!(
            totals(&standings(&service, &t, "").await, &t),
            [1, -3, 3, -1]
        );

        let log = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}/audit", t.tournament),
            Some(&t.org),
            None,
        )
        .await;
        let log = log.json.as_array().unwrap().clone();
        let line = |action: &str| log.iter().find(|l| l["action"] == action).cloned().unwrap();
        let finish = line("tournament.finish");
        assert_eq!(finish["reason"], "Siegerehrung um 18 Uhr");
        assert_eq!(finish["after"]["finished_at"], at);
        let reopen = line("tournament.reopen");
        assert_eq!(reopen["reason"], "Einspruch Tisch 1 stattgegeben");
        assert_eq!(reopen["before"]["finished_at"], at);
        assert_eq!(
            log.iter()
                .filter(|l| l["action"] == "tournament.finish")
                .count(),
            1,
            "finishing twice is one line"
        );
    }
);

backend_test!(
    the_desk_finishes_and_reopens_the_tournament_on_its_standings_page,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        expect(
            &t.post(&service, &t.captain, &normal([1, 2])).await,
            201,
            "a deal",
        );
        let me = desk(&service, "leitung@example.org").await;
        let page = format!("/admin/tournaments/{}/standings", t.tournament);
        let shown = send(&service, get(&page, &me.cookies)).await;
        expect(&shown, 200, "standings");
        assert!(
            shown.text.contains("Noch offen: Runde 1."),
            "{}",
            shown.text
        );
        assert!(!shown.text.contains("id=\"finish-form\""));

        let close = call_json(
            &service,
            "POST",
            &format!("/api/v1/rounds/{}/close", t.round),
            Some(&t.org),
            Some(&json!({"force": true})),
        )
        .await;
        expect(&close, 200, "close");
        let action = format!("/admin/tournaments/{}/finish", t.tournament);
        // Without the tick nothing happens, and the page says why.
        let unticked = send(
            &service,
            form(&action, &me.cookies, &format!("csrf={}&reason=", me.csrf)),
        )
        .await;
        expect(&unticked, 422, "not confirmed");
        assert!(unticked.text.contains("Bitte bestätigen Sie den Abschluss"));
        let body = format!("csrf={}&confirm=yes&reason=Ende", me.csrf);
        let done = send(&service, form(&action, &me.cookies, &body)).await;
        expect(&done, 303, "finished");
        let shown = send(&service, get(&page, &me.cookies)).await;
        assert!(shown.text.contains("<h1>Endstand</h1>"), "{}", shown.text);
        assert!(shown.text.contains("id=\"desk-finished\""));
        assert!(shown.text.contains("id=\"reopen-form\""));
        let printed = send(
            &service,
            get(
                &format!("/admin/tournaments/{}/print/standings", t.tournament),
                &me.cookies,
            ),
        )
        .await;
        assert!(
            printed.text.contains("Karlchen-Cup – Endstand"),
            "{}",
            printed.text
        );
        crate::fixtures::publish(&service, &t).await;
        let public = send(
            &service,
            actix_web::test::TestRequest::get()
                .uri(&format!("/tournaments/{}/standings", t.tournament))
                .to_request(),
        )
        .await;
        assert!(
            public.text.contains("Karlchen-Cup – Endstand"),
            "{}",
            public.text
        );
        assert!(public.text.contains("Das Turnier wurde am "));

        // A player added at the desk is refused in German, and nothing is added.
        let add = format!("/admin/tournaments/{}/players", t.tournament);
        let late = send(
            &service,
            form(
                &add,
                &me.cookies,
                &format!("csrf={}&idempotency_key=k-1&name=Nachz%C3%BCgler", me.csrf),
            ),
        )
        .await;
        expect(&late, 409, "a player at the desk");
        assert!(
            late.text.contains("Das Turnier ist abgeschlossen"),
            "{}",
            late.text
        );
        let roster = players_of(&service, &t).await;
        assert_eq!(roster, 4);
        // Checking one in, or editing him, is refused at his row in German too.
        let one = t.players[0];
        let check_in = format!(
            "/admin/tournaments/{}/players/{one}/checked-in",
            t.tournament
        );
        let body = format!("csrf={}&value=true&q=", me.csrf);
        let refused = send(&service, form(&check_in, &me.cookies, &body)).await;
        expect(&refused, 409, "checking in");
        assert!(
            refused.text.contains("id=\"row-error\""),
            "{}",
            refused.text
        );
        assert!(refused.text.contains("Das Turnier ist abgeschlossen"));
        let edit = format!("/admin/tournaments/{}/players/{one}/edit", t.tournament);
        let body = format!(
            "csrf={}&name=Spieler+Null&club=&public_name=&start_number=1&q=",
            me.csrf
        );
        let refused = send(&service, form(&edit, &me.cookies, &body)).await;
        expect(&refused, 409, "editing");
        assert!(refused.text.contains("Das Turnier ist abgeschlossen"));
        let listed = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}/players", t.tournament),
            Some(&t.org),
            None,
        )
        .await;
        assert!(
            listed
                .json
                .as_array()
                .unwrap()
                .iter()
                .all(|p| p["checked_in"] == false),
            "{}",
            listed.text
        );

        // Reopening without a reason is refused; with one it opens.
        let reopen = format!("/admin/tournaments/{}/reopen", t.tournament);
        let bare = send(
            &service,
            form(&reopen, &me.cookies, &format!("csrf={}&reason=+", me.csrf)),
        )
        .await;
        expect(&bare, 422, "no reason");
        assert!(bare.text.contains("Bitte geben Sie einen Grund"));
        let body = format!("csrf={}&reason=Nachtrag", me.csrf);
        expect(
            &send(&service, form(&reopen, &me.cookies, &body)).await,
            303,
            "reopened",
        );
        let shown = send(&service, get(&page, &me.cookies)).await;
        assert!(shown.text.contains("id=\"finish-form\""));
        assert!(!shown.text.contains("id=\"desk-finished\""));
        let late = post(&service, &t, "players", json!({"name": "Nachzügler"})).await;
        expect(&late, 201, "a player after reopening");
        assert_eq!(players_of(&service, &t).await, 5, "the day goes on");
    }
);

/// How many players the tournament has.
async fn players_of<S: App>(service: &S, t: &Table) -> usize {
    let got = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{}/players", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&got, 200, "players");
    got.json.as_array().unwrap().len()
}
