//! Unsportsmanlike conduct (TSR 9.7) on both backends: the arbitration panel's point
//! deduction of up to 12 points without credit to the other players (9.7.2 b), the one
//! entry on a sheet that does not sum to zero, and the warning (9.7.2 a), an entry of no
//! points the sheet keeps. Recorded, corrected and withdrawn as the other penalties are
//! (organisers only, audited); in the standings, on the captain's sheet and in the results
//! document, which imports it again. Refusals name the field and change nothing.

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    App, Table, call_json, desk, desk_form, desk_get, expect, normal, req, send,
};

/// The organiser's standings: (player, total) per player.
async fn totals<S: App>(service: &S, org: &str, t: i64) -> Vec<(i64, i64)> {
    let got = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{t}/standings"),
        Some(org),
        None,
    )
    .await;
    expect(&got, 200, "standings");
    let mut totals: Vec<(i64, i64)> = got.json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["player_id"].as_i64().unwrap(),
                l["total"].as_i64().unwrap(),
            )
        })
        .collect();
    totals.sort_unstable();
    totals
}

/// `POST /api/v1/tables/{table}/penalties` by the organiser.
async fn rule<S: App>(service: &S, t: &Table, body: &Value) -> crate::fixtures::Reply {
    call_json(
        service,
        "POST",
        &t.path("penalties"),
        Some(&t.org),
        Some(body),
    )
    .await
}

backend_test!(
    a_deduction_at_a_five_table_in_a_solo_credits_nobody,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 5).await;
        // Deal 1: seat 0 deals and sits out (TSR 10.1); seat 2 plays a heart solo and wins
        // with 130 card points: 1 point, three times for the soloist (TSR 7.2.4).
        let solo = json!({"contract": "solo_hearts", "re": [2], "re_points": 130, "re_tricks": 7});
        expect(&t.post(&service, &t.captain, &solo).await, 201, "deal 1");
        let before = t.sheet(&service).await;
        assert_eq!(before["deals"][0]["scores"], json!([0, -1, 3, -1, -1]));

        // Refused, each by its field, and nothing changes: more than 12 points (TSR 9.7.2
        // b), a deduction for a minor violation, a severity the TSR does not have, a
        // deduction past any u8.
        for (body, field) in [
            (
                json!({"deal_number": 1, "severity": "unsportsmanlike", "offender": 4,
                       "deduction": 13, "referee": "Schiedsgericht"}),
                "deduction",
            ),
            (
                json!({"deal_number": 1, "severity": "minor", "offender": 4,
                       "deduction": 5, "referee": "Schiedsgericht"}),
                "deduction",
            ),
            (
                json!({"deal_number": 1, "severity": "disqualification", "offender": 4,
                       "referee": "Schiedsgericht"}),
                "severity",
            ),
        ] {
            let refused = rule(&service, &t, &body).await;
            expect(&refused, 422, &format!("{body}"));
            assert!(
                refused.fields().contains(&field.to_owned()),
                "{}",
                refused.text
            );
        }
        let overflow = rule(
            &service,
            &t,
            &json!({"deal_number": 1, "severity": "unsportsmanlike", "offender": 4,
                    "deduction": 300, "referee": "Schiedsgericht"}),
        )
        .await;
        assert!(
            overflow.status.is_client_error(),
            "a deduction past u8 is a client error: {}",
            overflow.text
        );
        // The captain rules nothing.
        let by_captain = call_json(
            &service,
            "POST",
            &t.path("penalties"),
            Some(&t.captain),
            Some(
                &json!({"deal_number": 1, "severity": "unsportsmanlike", "offender": 4,
                         "deduction": 12, "referee": "Schiedsgericht"}),
            ),
        )
        .await;
        expect(&by_captain, 403, "captains rule no penalties");
        assert_eq!(t.sheet(&service).await, before, "nothing changed");

        // 12 points off seat 4, a Kontra player in the solo: he alone loses them, the
        // soloist gets nothing, the game stands.
        let twelve = rule(
            &service,
            &t,
            &json!({"deal_number": 1, "severity": "unsportsmanlike", "offender": 4,
                    "soloist": 2, "deduction": 12, "referee": "Schiedsgericht",
                    "offence": "hat in die Karten des Nachbarn gesehen"}),
        )
        .await;
        expect(&twelve, 201, "a deduction of 12");
        let deal = &twelve.json["deals"][0];
        let penalty = &deal["penalties"][0];
        assert_eq!(penalty["severity"], "unsportsmanlike");
        assert_eq!(penalty["deduction"], 12);
        assert_eq!(penalty["scores"], json!([0, 0, 0, 0, -12]));
        assert_eq!(deal["game_scores"], json!([0, -1, 3, -1, -1]));
        assert_eq!(deal["scores"], json!([0, -1, 3, -1, -13]));
        assert_eq!(twelve.json["totals"], json!([0, -1, 3, -1, -13]));
        let sum: i64 = twelve.json["totals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .sum();
        assert_eq!(sum, -12, "the one entry without credit to the others");
        let player = |seat: usize| t.players[seat];
        let mut expected = vec![
            (player(0), 0),
            (player(1), -1),
            (player(2), 3),
            (player(3), -1),
            (player(4), -13),
        ];
        expected.sort_unstable();
        assert_eq!(totals(&service, &t.org, t.tournament).await, expected);

        // A warning for seat 1 (TSR 9.7.2 a): on the sheet, no points.
        let warning = rule(
            &service,
            &t,
            &json!({"deal_number": 1, "severity": "unsportsmanlike", "offender": 1,
                    "referee": "Schiedsgericht", "offence": "Bemerkung über die Karten"}),
        )
        .await;
        expect(&warning, 201, "a warning");
        let warned = &warning.json["deals"][0]["penalties"][1];
        assert_eq!(warned["deduction"], 0);
        assert_eq!(warned["scores"], json!([0, 0, 0, 0, 0]));
        assert_eq!(warning.json["totals"], json!([0, -1, 3, -1, -13]));

        // The table's phone shows both, with what and why.
        let cookie = crate::captain_pages::join(&service, &t.org, t.table).await;
        let page = crate::captain_pages::page(&service, &cookie, "/table/sheet").await;
        assert_eq!(page.status, 200, "{}", page.text);
        assert!(
            page.text.contains(
                "Punktabzug für unsportliches Verhalten (−12): 5 Spieler 4 – hat in die Karten des Nachbarn gesehen"
            ),
            "{}",
            page.text
        );
        assert!(
            page.text
                .contains("Verwarnung: 2 Spieler 1 – Bemerkung über die Karten"),
            "{}",
            page.text
        );

        // The panel reduces the deduction to 6: corrected with its version, audited.
        let id = penalty["id"].as_i64().unwrap();
        let corrected = send(
            &service,
            req(
                "PUT",
                &t.path(&format!("penalties/{id}")),
                Some(&t.org),
                Some(
                    &json!({"deal_number": 1, "severity": "unsportsmanlike", "offender": 4,
                             "soloist": 2, "deduction": 6, "referee": "Schiedsgericht",
                             "reason": "Schiedsgericht hat neu entschieden"}),
                ),
                &[("If-Match", "\"1\"")],
            ),
        )
        .await;
        expect(&corrected, 200, "corrected to 6");
        assert_eq!(corrected.json["totals"], json!([0, -1, 3, -1, -7]));
        let log = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}/audit", t.tournament),
            Some(&t.org),
            None,
        )
        .await;
        expect(&log, 200, "audit");
        let update = log
            .json
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["action"] == "penalty.update")
            .cloned()
            .unwrap_or_else(|| panic!("{}", log.text));
        assert_eq!(update["before"]["deduction"], 12);
        assert_eq!(update["after"]["deduction"], 6);
        assert_eq!(update["after"]["scores"], json!([0, 0, 0, 0, -6]));

        // The results document carries both and imports with the same standings.
        let doc = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}/results", t.tournament),
            Some(&t.org),
            None,
        )
        .await;
        expect(&doc, 200, "export");
        let exported = &doc.json["rounds"][0]["tables"][0]["penalties"];
        assert_eq!(exported[0]["deduction"], 6);
        assert_eq!(exported[0]["scores"], json!([0, 0, 0, 0, -6]));
        assert_eq!(exported[1]["severity"], "unsportsmanlike");
        assert_eq!(exported[1]["deduction"], 0);
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
        let points = |totals: Vec<(i64, i64)>| {
            let mut p: Vec<i64> = totals.into_iter().map(|(_, total)| total).collect();
            p.sort_unstable();
            p
        };
        assert_eq!(
            points(totals(&service, &t.org, copy).await),
            vec![-7, -1, -1, 0, 3]
        );
        // A document whose deduction is out of range is refused by field.
        let mut bad = doc.json.clone();
        bad["rounds"][0]["tables"][0]["penalties"][0]["deduction"] = json!(13);
        let refused = call_json(
            &service,
            "POST",
            "/api/v1/results",
            Some(&t.org),
            Some(&bad),
        )
        .await;
        expect(&refused, 422, "a deduction of 13");
        assert!(
            refused
                .fields()
                .contains(&"rounds[0].tables[0].penalties[0].deduction".to_owned()),
            "{}",
            refused.text
        );

        // Withdrawn: the points return, the sheet sums to zero again.
        let withdrawn = send(
            &service,
            req(
                "DELETE",
                &t.path(&format!("penalties/{id}")),
                Some(&t.org),
                None,
                &[("If-Match", "\"2\"")],
            ),
        )
        .await;
        expect(&withdrawn, 200, "withdrawn");
        assert_eq!(withdrawn.json["totals"], json!([0, -1, 3, -1, -1]));
    }
);

backend_test!(
    the_desk_records_a_deduction_and_refuses_one_past_twelve,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        expect(
            &t.post(&service, &t.captain, &normal([0, 2])).await,
            201,
            "deal 1",
        );
        let before = t.sheet(&service).await;
        let me = desk(&service, "leitung@example.org").await;
        let page = format!("/admin/tables/{}", t.table);
        let shown = send(&service, desk_get(&page, &me.cookies)).await;
        expect(&shown, 200, "the table's page");
        assert!(
            shown
                .text
                .contains("<option value=\"unsportsmanlike\">unsportlich (TSR 9.7)</option>")
        );
        assert!(
            shown
                .text
                .contains("id=\"penalty-deduction\" name=\"deduction\"")
        );

        // 13 points: refused, the form shown again with the field named, nothing stored.
        let path = format!("{page}/penalties");
        let body = |points: u8, key: &str| {
            format!(
                "csrf={}&deal_number=1&offender=2&severity=unsportsmanlike&deduction={points}\
                 &referee=Schmidt&offence=beleidigt&idempotency_key={key}",
                me.csrf
            )
        };
        let refused = send(&service, desk_form(&path, &me.cookies, &body(13, "k-1"))).await;
        assert_ne!(refused.status, 303, "not recorded: {}", refused.text);
        assert!(refused.text.contains("12"), "{}", refused.text);
        assert_eq!(t.sheet(&service).await, before, "nothing stored");

        // 3 points: seat 2 alone pays them.
        let recorded = send(&service, desk_form(&path, &me.cookies, &body(3, "k-2"))).await;
        expect(&recorded, 303, "recorded");
        let after = t.sheet(&service).await;
        let penalty = &after["deals"][0]["penalties"][0];
        assert_eq!(penalty["deduction"], 3);
        assert_eq!(penalty["scores"], json!([0, 0, -3, 0]));
        assert_eq!(before["totals"], json!([1, -1, 1, -1]));
        assert_eq!(after["totals"], json!([1, -1, -2, -1]));
        let listed = send(&service, desk_get(&page, &me.cookies)).await;
        let id = penalty["id"].as_i64().unwrap();
        let row = listed
            .text
            .split(&format!("<tr id=\"penalty-{id}\">"))
            .nth(1)
            .and_then(|rest| rest.split("</tr>").next())
            .unwrap_or_else(|| panic!("the penalty's row: {}", listed.text));
        assert!(row.contains("<td>unsportlich (TSR 9.7)</td>"), "{row}");
        assert!(row.contains("<td>beleidigt</td>"), "{row}");
        assert!(row.contains("-3"), "{row}");
    }
);
