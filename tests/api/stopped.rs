//! The arbitration panel stops a table's round where it stands (TSR 9.7.2 c), on both
//! backends: chosen with a disqualification (`table: stops`) or on its own. The deals
//! entered count, nothing more is played, not even the Pflichtsoli still owed (time-up
//! would still force them, as the other table shows); the round closes without it; the
//! stop is taken back and given again; refusals change nothing; the results document
//! carries it and imports it; every step is audited with its reason.

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::captain_pages::{join, page as phone};
use crate::fixtures::{
    App, Reply, Step, Table, call_json, captain, desk, desk_form as form, desk_get as get, expect,
    normal, organizer, players, repeat, round, send, tournament,
};

/// `method` on `/api/v1/tables/{table}/stop` as `token` with `body`.
async fn stop<S: App>(service: &S, method: &str, token: &str, table: i64, body: &Value) -> Reply {
    call_json(
        service,
        method,
        &format!("/api/v1/tables/{table}/stop"),
        Some(token),
        Some(body),
    )
    .await
}

/// Each player's total and round 1, by player id.
async fn standings<S: App>(service: &S, org: &str, t: i64) -> Vec<(i64, i64, Value)> {
    let got = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{t}/standings"),
        Some(org),
        None,
    )
    .await;
    expect(&got, 200, "standings");
    let mut rows: Vec<(i64, i64, Value)> = got.json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["player_id"].as_i64().unwrap(),
                l["total"].as_i64().unwrap(),
                l["rounds"][0].clone(),
            )
        })
        .collect();
    rows.sort_by_key(|r| r.0);
    rows
}

backend_test!(
    a_disqualified_players_table_stops_where_it_stands_and_owes_no_solo,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "leitung@example.org").await;
        let t = tournament(
            &service,
            &org,
            &json!({"name": "Schiedsgericht-Cup", "date": "2026-12-05"}),
        )
        .await;
        let ids = players(&service, &org, t, 8).await;
        let drawn = round(&service, &org, t, &json!([ids[0..4], ids[4..8]])).await;
        let round_id = drawn.json["id"].as_i64().unwrap();
        let table_id = |i: usize| drawn.json["tables"][i]["id"].as_i64().unwrap();
        let table = |i: usize, seated: &[i64], captain: String| Table {
            org: org.clone(),
            tournament: t,
            players: seated.to_vec(),
            round: round_id,
            table: table_id(i),
            captain,
        };
        let a = table(0, &ids[0..4], captain(&service, &org, table_id(0)).await);
        let b = table(1, &ids[4..8], captain(&service, &org, table_id(1)).await);

        // Table 1: deal 1 (seat 0 deals) Re = seats 1, 2 win 130: [-1, 1, 1, -1]; deal 2
        // seat 3's Pflichtsolo (a won Damensolo, 150): [-1, -1, -1, 3]; deal 3 (seat 1
        // deals again after the Pflichtsolo, TSR 3.3.1) Re = seats 2, 3: [-1, -1, 1, 1].
        let sheet = a
            .fill(&service, &[Step::Normal, Step::Solo(3), Step::Normal])
            .await;
        assert_eq!(sheet["totals"], json!([-3, -1, 1, 3]));
        assert_eq!(sheet["pflichtsolo_owed"], json!([0, 1, 2]));
        // Table 2: two normal games, then time-up: its four owed Pflichtsoli are still
        // played, each as a forced solo (TSR 8.5.1).
        b.fill(&service, &repeat(&Step::Normal, 2)).await;
        let time_up = call_json(&service, "POST", &b.path("time-up"), Some(&org), None).await;
        expect(&time_up, 200, "time-up at table 2");
        assert_eq!(time_up.json["complete"], false);
        assert_eq!(time_up.json["pflichtsolo_owed"], json!([0, 1, 2, 3]));

        // Refused, nothing changed: his table neither plays on nor stops; the captain.
        let gone = ids[2];
        let refused = call_json(
            &service,
            "PUT",
            &format!("/api/v1/players/{gone}/disqualification"),
            Some(&org),
            Some(&json!({"reason": "Betrug", "results": "kept", "table": "pauses"})),
        )
        .await;
        expect(&refused, 422, "an unknown table decision");
        assert_eq!(refused.fields(), ["table"], "{}", refused.text);
        let refused = stop(
            &service,
            "PUT",
            &a.captain,
            a.table,
            &json!({"reason": "x"}),
        )
        .await;
        assert!(
            [401, 403].contains(&refused.status.as_u16()),
            "a captain stops nothing: {}",
            refused.text
        );
        let refused = stop(&service, "PUT", &org, a.table, &json!({"reason": "  "})).await;
        expect(&refused, 422, "no reason");
        assert_eq!(refused.fields(), ["reason"], "{}", refused.text);
        assert_eq!(a.sheet(&service).await["complete"], false);

        // Seat 2 at table 1 disqualified, results kept, his table stopped.
        let why = "Karten markiert (TSR 9.7.2 c)";
        let disqualified = call_json(
            &service,
            "PUT",
            &format!("/api/v1/players/{gone}/disqualification"),
            Some(&org),
            Some(&json!({"reason": why, "results": "kept", "table": "stops"})),
        )
        .await;
        expect(&disqualified, 200, "disqualified, table stopped");
        let sheet = a.sheet(&service).await;
        assert_eq!(sheet["complete"], true);
        assert_eq!(sheet["stopped"]["reason"], why);
        assert!(sheet["stopped"]["at"].is_string(), "{sheet}");
        assert_eq!(sheet["next"], Value::Null);
        assert_eq!(sheet["pflichtsolo_owed"], json!([]), "no solo is owed");
        assert_eq!(sheet["totals"], json!([-3, -1, 1, 3]), "the deals count");
        // The table takes no deal and no time-up.
        let entry = a.post(&service, &a.captain, &normal([2, 3])).await;
        expect(&entry, 409, "no deal after the stop");
        assert_eq!(entry.json["code"], "table_stopped");
        let time_up = call_json(&service, "POST", &a.path("time-up"), Some(&org), None).await;
        expect(&time_up, 409, "no time-up after the stop");
        assert_eq!(time_up.json["code"], "table_stopped");
        assert_eq!(
            a.sheet(&service).await["deals"].as_array().unwrap().len(),
            3
        );
        let again = stop(
            &service,
            "PUT",
            &org,
            a.table,
            &json!({"reason": "nochmal"}),
        )
        .await;
        expect(&again, 409, "stopped already");
        assert_eq!(again.json["code"], "table_stopped");

        // The standings count the three deals: round 1 for each at table 1.
        let rows = standings(&service, &org, t).await;
        let of = |p: i64| rows.iter().find(|r| r.0 == p).cloned().unwrap();
        assert_eq!(
            ids[0..4].iter().map(|&p| of(p).1).collect::<Vec<_>>(),
            [-3, -1, 1, 3]
        );
        assert_eq!(of(gone).2, json!(1), "his round, kept");

        // Taken back, table 1 plays on where it stood: deal 4, three solos owed.
        let resumed = stop(
            &service,
            "DELETE",
            &org,
            a.table,
            &json!({"reason": "Irrtum"}),
        )
        .await;
        expect(&resumed, 200, "resumed");
        assert!(resumed.json.get("stopped").is_none());
        assert_eq!(resumed.json["next"]["number"], 4);
        assert_eq!(resumed.json["pflichtsolo_owed"], json!([0, 1, 2]));
        let again = stop(
            &service,
            "DELETE",
            &org,
            a.table,
            &json!({"reason": "Irrtum"}),
        )
        .await;
        expect(&again, 200, "a table that plays is answered as it is");
        // And stopped on its own.
        let stopped = stop(&service, "PUT", &org, a.table, &json!({"reason": why})).await;
        expect(&stopped, 200, "stopped again");
        assert_eq!(stopped.json["complete"], true);

        // Table 2 is in time-up with four solos owed: a disqualification there stops it
        // too, and owes none of them.
        let other = ids[5];
        let stopped_too = call_json(
            &service,
            "PUT",
            &format!("/api/v1/players/{other}/disqualification"),
            Some(&org),
            Some(&json!({"reason": "Beleidigung", "results": "kept", "table": "stops"})),
        )
        .await;
        expect(&stopped_too, 200, "table 2 stopped with its player");
        let sheet = b.sheet(&service).await;
        assert_eq!(sheet["complete"], true);
        assert_eq!(sheet["pflichtsolo_owed"], json!([]));
        let lifted = call_json(
            &service,
            "DELETE",
            &format!("/api/v1/players/{other}/disqualification"),
            Some(&org),
            Some(&json!({"reason": "Irrtum"})),
        )
        .await;
        expect(&lifted, 200, "lifted");

        // Both tables stopped: the round closes. Then no table of his is under way: a
        // disqualification that asks to stop one is refused and changes nothing.
        let closed = call_json(
            &service,
            "POST",
            &format!("/api/v1/rounds/{round_id}/close"),
            Some(&org),
            None,
        )
        .await;
        expect(&closed, 200, "the round closes");
        let refused = call_json(
            &service,
            "PUT",
            &format!("/api/v1/players/{}/disqualification", ids[7]),
            Some(&org),
            Some(&json!({"reason": "Beleidigung", "results": "kept", "table": "stops"})),
        )
        .await;
        expect(&refused, 409, "no table under way");
        assert_eq!(refused.json["code"], "no_table_in_play");
        assert_eq!(refused.fields(), ["table"], "{}", refused.text);
        let player = call_json(
            &service,
            "GET",
            &format!("/api/v1/players/{}", ids[7]),
            Some(&org),
            None,
        )
        .await;
        assert!(
            player.json.get("disqualification").is_none(),
            "not disqualified either: {}",
            player.text
        );

        // The results document carries the stop and imports it with the same standings.
        let doc = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{t}/results"),
            Some(&org),
            None,
        )
        .await;
        expect(&doc, 200, "export");
        let exported = &doc.json["rounds"][0]["tables"][0];
        assert_eq!(exported["stopped"]["reason"], why);
        assert_eq!(exported["totals"], json!([-3, -1, 1, 3]));
        crate::results::validate(&doc.json).unwrap();
        let imported = call_json(
            &service,
            "POST",
            "/api/v1/results",
            Some(&org),
            Some(&doc.json),
        )
        .await;
        expect(&imported, 201, "import");
        let copy = imported.json["tournament_id"].as_i64().unwrap();
        let totals = |rows: Vec<(i64, i64, Value)>| -> Vec<(i64, Value)> {
            let mut t: Vec<(i64, Value)> = rows.into_iter().map(|r| (r.1, r.2)).collect();
            t.sort_by_key(|r| r.0);
            t
        };
        assert_eq!(
            totals(standings(&service, &org, copy).await),
            totals(standings(&service, &org, t).await)
        );
        let mut bad = doc.json.clone();
        bad["rounds"][0]["tables"][0]["stopped"]["reason"] = json!(" ");
        let refused = call_json(&service, "POST", "/api/v1/results", Some(&org), Some(&bad)).await;
        expect(&refused, 422, "a stop without a reason");
        assert!(
            refused
                .fields()
                .contains(&"rounds[0].tables[0].stopped.reason".to_owned()),
            "{}",
            refused.text
        );

        // Audited with the reasons.
        let audit = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{t}/audit"),
            Some(&org),
            None,
        )
        .await;
        let entries = audit.json["entries"]
            .as_array()
            .or_else(|| audit.json.as_array())
            .cloned()
            .unwrap();
        let actions: Vec<(&str, &str)> = entries
            .iter()
            .filter(|e| e["action"].as_str().unwrap().starts_with("table.stop"))
            .map(|e| {
                (
                    e["action"].as_str().unwrap(),
                    e["reason"].as_str().unwrap_or(""),
                )
            })
            .collect();
        assert_eq!(actions.len(), 4, "{actions:?}");
        assert!(
            actions.contains(&("table.stop.remove", "Irrtum")),
            "{actions:?}"
        );
        assert_eq!(
            actions
                .iter()
                .filter(|a| *a == &("table.stop", why))
                .count(),
            2,
            "{actions:?}"
        );
    }
);

backend_test!(
    the_desk_stops_a_table_after_a_confirmation_and_the_pages_say_so,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        t.fill(&service, &repeat(&Step::Normal, 2)).await;
        let d = desk(&service, "leitung@example.org").await;
        let page = format!("/admin/tables/{}", t.table);
        let shown = send(&service, get(&page, &d.cookies)).await;
        expect(&shown, 200, "the table's desk page");
        assert!(
            shown.text.contains("id=\"stop-form\""),
            "an open table offers it"
        );

        // Without the confirmation nothing happens.
        let body = format!("csrf={}&reason=Spieler+disqualifiziert", d.csrf);
        let refused = send(&service, form(&format!("{page}/stop"), &d.cookies, &body)).await;
        expect(&refused, 422, "not confirmed");
        assert_eq!(t.sheet(&service).await["complete"], false);
        let body = format!("csrf={}&reason=Spieler+disqualifiziert&confirm=yes", d.csrf);
        let done = send(&service, form(&format!("{page}/stop"), &d.cookies, &body)).await;
        expect(&done, 303, "stopped at the desk");
        let shown = send(&service, get(&page, &d.cookies)).await;
        assert!(shown.text.contains("id=\"stopped\""), "{}", shown.text);
        assert!(shown.text.contains("Spieler disqualifiziert"));
        assert!(
            !shown.text.contains("id=\"enter-link\""),
            "no entry at a stopped table"
        );
        assert!(
            shown.text.contains("Tisch vom Schiedsgericht beendet"),
            "in the history"
        );

        // The captain's page says so and offers no form.
        let cookie = join(&service, &t.org, t.table).await;
        let captain = phone(&service, &cookie, "/table").await;
        expect(&captain, 200, "the captain's page");
        assert!(
            captain.text.contains("id=\"table-stopped\""),
            "{}",
            captain.text
        );
        assert!(captain.text.contains("Spieler disqualifiziert"));
        assert!(
            !captain.text.contains("id=\"deal-form\""),
            "no form at a stopped table"
        );

        // Taken back at the desk: the form to stop it is back.
        let body = format!("csrf={}&reason=Irrtum", d.csrf);
        let resumed = send(
            &service,
            form(&format!("{page}/stop/remove"), &d.cookies, &body),
        )
        .await;
        expect(&resumed, 303, "taken back at the desk");
        let shown = send(&service, get(&page, &d.cookies)).await;
        assert!(shown.text.contains("id=\"stop-form\""));
        assert_eq!(t.sheet(&service).await["next"]["number"], 3);
    }
);

backend_test!(
    a_disqualification_that_would_stop_a_finished_table_changes_nothing,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        // Four deals planned: every deal is a seat's vorgeführt Pflichtsolo, and after the
        // fourth the table's round is complete.
        let body = json!({"name": "Kurzrunde", "date": "2026-12-05", "deals_four": 4});
        let t = Table::of_tournament(&app, &service, 4, &body).await;
        let sheet = t.fill(&service, &repeat(&Step::Forced, 4)).await;
        assert_eq!(sheet["complete"], true);
        let gone = t.players[1];
        let refused = call_json(
            &service,
            "PUT",
            &format!("/api/v1/players/{gone}/disqualification"),
            Some(&t.org),
            Some(&json!({"reason": "Betrug", "results": "kept", "table": "stops"})),
        )
        .await;
        expect(&refused, 409, "nothing left to stop");
        assert_eq!(refused.json["code"], "sheet_complete");
        let player = call_json(
            &service,
            "GET",
            &format!("/api/v1/players/{gone}"),
            Some(&t.org),
            None,
        )
        .await;
        assert!(
            player.json.get("disqualification").is_none(),
            "not disqualified either: {}",
            player.text
        );
        assert!(t.sheet(&service).await.get("stopped").is_none());
        // Stopping the table on its own is refused the same way.
        let again = stop(&service, "PUT", &t.org, t.table, &json!({"reason": "x"})).await;
        expect(&again, 409, "nothing left to stop");
        assert_eq!(again.json["code"], "sheet_complete");
    }
);
