//! Unsportsmanlike conduct (TSR 9.7) on both backends: the arbitration panel's point
//! deduction of up to 12 points without credit to the other players (9.7.2 b), the one
//! entry on a sheet that does not sum to zero, and the warning (9.7.2 a), an entry of no
//! points the sheet keeps. Recorded, corrected and withdrawn as the other penalties are
//! (organisers only, audited); in the standings, on the captain's sheet and in the results
//! document, which imports it again. Disqualification (9.7.2 c) after round 2 of 4: the
//! player withdrawn, the plan outdated, the next round without him, the standings with
//! him marked (results kept) or without him (struck), the DDV list, the results document
//! and its import. Refusals name the field and change nothing.

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    App, Table, call_json, captain, desk, desk_form, desk_get, expect, normal, organizer, players,
    req, send, tournament,
};

/// The organiser's standings: (player, total) per player.
async fn totals<S: App>(service: &S, org: &str, t: i64) -> Vec<(i64, i64)> {
    rows(service, org, t)
        .await
        .into_iter()
        .map(|(player, total, _)| (player, total))
        .collect()
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

        // The panel's list: both, by player, and the warning counted.
        let listed = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}/sanctions", t.tournament),
            Some(&t.org),
            None,
        )
        .await;
        expect(&listed, 200, "sanctions");
        let kinds: Vec<(Value, Value, Value, Value)> = listed.json["sanctions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["kind"].clone(),
                    s["player_id"].clone(),
                    s["points"].clone(),
                    s["deal_number"].clone(),
                )
            })
            .collect();
        assert_eq!(
            kinds,
            [
                (json!("deduction"), json!(t.players[4]), json!(12), json!(1)),
                (json!("warning"), json!(t.players[1]), Value::Null, json!(1)),
            ]
        );
        assert_eq!(
            listed.json["warnings"],
            json!([{"player_id": t.players[1], "warnings": 1}])
        );
        let me = desk(&service, "leitung@example.org").await;
        let players_page = send(
            &service,
            desk_get(
                &format!("/admin/tournaments/{}/players", t.tournament),
                &me.cookies,
            ),
        )
        .await;
        assert_eq!(
            players_page
                .text
                .matches("data-warnings=\"1\">1 Verwarnung<")
                .count(),
            1,
            "{}",
            players_page.text
        );
        let other = organizer(&app, &service, "andere@example.org").await;
        let foreign = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}/sanctions", t.tournament),
            Some(&other),
            None,
        )
        .await;
        assert!(foreign.status.is_client_error(), "{}", foreign.text);

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

        // A deduction on another severity than unsportsmanlike: refused as the rules
        // refuse it at the table, nothing imported.
        let mut minor = doc.json.clone();
        minor["rounds"][0]["tables"][0]["penalties"][0]["severity"] = json!("minor");
        let refused = call_json(
            &service,
            "POST",
            "/api/v1/results",
            Some(&t.org),
            Some(&minor),
        )
        .await;
        expect(&refused, 422, "a deduction on a minor violation");

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

/// The organiser's standings rows: (player, total, disqualified).
async fn rows<S: App>(service: &S, org: &str, t: i64) -> Vec<(i64, i64, bool)> {
    let got = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{t}/standings"),
        Some(org),
        None,
    )
    .await;
    expect(&got, 200, "standings");
    let mut rows: Vec<(i64, i64, bool)> = got.json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["player_id"].as_i64().unwrap(),
                l["total"].as_i64().unwrap(),
                l["disqualified"].as_bool().unwrap(),
            )
        })
        .collect();
    rows.sort_unstable();
    rows
}

/// `PUT` or `DELETE /api/v1/players/{player}/disqualification` as `token`.
async fn disqualification<S: App>(
    service: &S,
    method: &str,
    token: &str,
    player: i64,
    body: &Value,
) -> crate::fixtures::Reply {
    call_json(
        service,
        method,
        &format!("/api/v1/players/{player}/disqualification"),
        Some(token),
        Some(body),
    )
    .await
}

backend_test!(
    a_disqualification_after_round_two_of_four_leaves_the_plan_and_the_standings,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "leitung@example.org").await;
        let t = tournament(
            &service,
            &org,
            &json!({"name": "Pokal", "date": "2026-12-05", "rounds": 4}),
        )
        .await;
        // Nine players: a 4-table and a 5-table each round, planned up front.
        let ids = players(&service, &org, t, 9).await;
        let plan = call_json(
            &service,
            "PUT",
            &format!("/api/v1/tournaments/{t}/plan"),
            Some(&org),
            Some(&json!({"seed": "Pokal"})),
        )
        .await;
        expect(&plan, 200, "plan");
        let mut first_table = None;
        // Rounds 1 and 2 from the plan, one deal at each table: Re (seats 1 and 2, never
        // the 5-table's sitting-out dealer) wins 130 to 110, 1 point each.
        for _ in 0..2 {
            let drawn = call_json(
                &service,
                "POST",
                &format!("/api/v1/tournaments/{t}/rounds"),
                Some(&org),
                Some(&json!({"draw": {"method": "planned"}, "early": true})),
            )
            .await;
            expect(&drawn, 201, "planned round");
            for table in drawn.json["tables"].as_array().unwrap() {
                let table_id = table["id"].as_i64().unwrap();
                first_table.get_or_insert(table_id);
                let token = captain(&service, &org, table_id).await;
                let entered = call_json(
                    &service,
                    "POST",
                    &format!("/api/v1/tables/{table_id}/deals"),
                    Some(&token),
                    Some(&normal([1, 2])),
                )
                .await;
                expect(&entered, 201, "a deal");
            }
        }
        // Round 1, table 1: 4 points off seat 3 for unsportsmanlike conduct.
        let first_table = first_table.unwrap();
        let deducted = call_json(
            &service,
            "POST",
            &format!("/api/v1/tables/{first_table}/penalties"),
            Some(&org),
            Some(
                &json!({"deal_number": 1, "severity": "unsportsmanlike", "offender": 3,
                         "deduction": 4, "referee": "Schiedsgericht"}),
            ),
        )
        .await;
        expect(&deducted, 201, "a deduction of 4");
        let before = rows(&service, &org, t).await;
        assert!(before.iter().all(|(_, _, d)| !d), "nobody disqualified yet");
        let sum: i64 = before.iter().map(|(_, total, _)| total).sum();
        assert_eq!(
            sum, -4,
            "every deal sums to zero, the deduction credits nobody"
        );
        // The one disqualified: the leader (the deals sum to zero, so someone is above 0).
        let &(gone, his, _) = before
            .iter()
            .max_by_key(|(p, total, _)| (*total, *p))
            .unwrap();
        assert!(his > 0, "{before:?}");

        // Refused, nothing changed: no reason, results neither kept nor struck, by the
        // captain, by another organiser.
        for (body, field) in [
            (json!({"reason": " ", "results": "kept"}), "reason"),
            (json!({"reason": "Betrug", "results": "maybe"}), "results"),
        ] {
            let refused = disqualification(&service, "PUT", &org, gone, &body).await;
            expect(&refused, 422, &format!("{body}"));
            assert_eq!(refused.fields(), [field], "{}", refused.text);
        }
        let other = organizer(&app, &service, "andere@example.org").await;
        let body = json!({"reason": "Betrug", "results": "kept"});
        let foreign = disqualification(&service, "PUT", &other, gone, &body).await;
        assert!(foreign.status.is_client_error(), "{}", foreign.text);
        assert_eq!(rows(&service, &org, t).await, before);

        // Disqualified with his results kept: withdrawn, ranked and marked, every total
        // as it was.
        let reason = "Karten markiert, nach Verwarnung (Schiedsgericht)";
        let done = disqualification(
            &service,
            "PUT",
            &org,
            gone,
            &json!({"reason": reason, "results": "kept"}),
        )
        .await;
        expect(&done, 200, "disqualified");
        assert_eq!(done.json["withdrawn"], true);
        assert_eq!(done.json["disqualification"]["reason"], reason);
        assert_eq!(done.json["disqualification"]["results"], "kept");
        let back = call_json(
            &service,
            "PATCH",
            &format!("/api/v1/players/{gone}"),
            Some(&org),
            Some(&json!({"withdrawn": false})),
        )
        .await;
        expect(&back, 409, "no return while disqualified");
        assert_eq!(back.json["code"], "player_disqualified");
        let again = disqualification(&service, "PUT", &org, gone, &body).await;
        expect(&again, 409, "disqualified already");
        assert_eq!(again.json["code"], "already_disqualified");
        let kept = rows(&service, &org, t).await;
        let expected: Vec<(i64, i64, bool)> = before
            .iter()
            .map(|&(p, total, _)| (p, total, p == gone))
            .collect();
        assert_eq!(kept, expected);
        // The DDV list keeps him, marked.
        let ddv = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{t}/results/ddv.csv"),
            Some(&org),
            None,
        )
        .await;
        expect(&ddv, 200, "DDV CSV");
        let header = ddv.text.lines().next().unwrap();
        assert!(header.ends_with(",disqualified"), "{header}");
        assert_eq!(
            ddv.text.lines().filter(|l| l.ends_with(",true")).count(),
            1,
            "{}",
            ddv.text
        );

        // The plan still seats him in rounds 3 and 4: it is outdated and names him.
        let plan = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{t}/plan"),
            Some(&org),
            None,
        )
        .await;
        expect(&plan, 200, "plan");
        assert_eq!(plan.json["withdrawn"], json!([gone]), "{}", plan.text);
        // Round 3, drawn afresh, seats the other eight at two 4-tables.
        let drawn = call_json(
            &service,
            "POST",
            &format!("/api/v1/tournaments/{t}/rounds"),
            Some(&org),
            Some(&json!({"draw": {"method": "random", "seed": "r3"}, "early": true})),
        )
        .await;
        expect(&drawn, 201, "round 3");
        let mut third: Vec<i64> = drawn.json["tables"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|t| t["seats"].as_array().unwrap().clone())
            .map(|v| v.as_i64().unwrap())
            .collect();
        third.sort_unstable();
        let mut others: Vec<i64> = ids.iter().copied().filter(|&p| p != gone).collect();
        others.sort_unstable();
        assert_eq!(third, others, "not seated again");

        // The panel struck his results after all: lifted (with a reason), given again.
        let lifted = disqualification(
            &service,
            "DELETE",
            &org,
            gone,
            &json!({"reason": "Schiedsgericht: Ergebnisse streichen"}),
        )
        .await;
        expect(&lifted, 200, "lifted");
        assert!(
            lifted.json.get("disqualification").is_none(),
            "{}",
            lifted.text
        );
        let struck = disqualification(
            &service,
            "PUT",
            &org,
            gone,
            &json!({"reason": reason, "results": "struck"}),
        )
        .await;
        expect(&struck, 200, "struck");
        let without = rows(&service, &org, t).await;
        let expected: Vec<(i64, i64, bool)> = before
            .iter()
            .filter(|(p, _, _)| *p != gone)
            .copied()
            .collect();
        assert_eq!(without, expected, "the others keep their points");

        // The panel's list has it, with its reason.
        let listed = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{t}/sanctions"),
            Some(&org),
            None,
        )
        .await;
        expect(&listed, 200, "sanctions");
        assert_eq!(listed.json["sanctions"].as_array().map(Vec::len), Some(2));
        assert_eq!(listed.json["sanctions"][0]["kind"], "deduction");
        assert_eq!(listed.json["sanctions"][0]["points"], 4);
        assert_eq!(listed.json["sanctions"][0]["round"], 1);
        assert_eq!(listed.json["sanctions"][1]["kind"], "disqualification");
        assert_eq!(listed.json["sanctions"][1]["player_id"], gone);
        assert_eq!(listed.json["sanctions"][1]["reason"], reason);

        // Audited, each with its reason.
        let log = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{t}/audit"),
            Some(&org),
            None,
        )
        .await;
        let actions: Vec<(&str, &str)> = log
            .json
            .as_array()
            .unwrap()
            .iter()
            .filter(|l| {
                l["action"]
                    .as_str()
                    .is_some_and(|a| a.starts_with("player.disqualify"))
            })
            .map(|l| {
                (
                    l["action"].as_str().unwrap(),
                    l["reason"].as_str().unwrap_or_default(),
                )
            })
            .collect();
        assert_eq!(
            actions.len(),
            3,
            "disqualify, lift, disqualify: {actions:?}"
        );

        // The results document carries it and imports with the same standings.
        let doc = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{t}/results"),
            Some(&org),
            None,
        )
        .await;
        expect(&doc, 200, "export");
        let exported = doc.json["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["disqualification"].is_object())
            .cloned()
            .unwrap_or_else(|| panic!("{}", doc.text));
        assert_eq!(exported["disqualification"]["results"], "struck");
        assert_eq!(exported["withdrawn"], true);
        // The same document carries the deduction: an import of a tournament with both.
        let penalty = &doc.json["rounds"][0]["tables"][0]["penalties"][0];
        assert_eq!(penalty["deduction"], 4, "{penalty}");
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
        let totals_of = |rows: Vec<(i64, i64, bool)>| {
            let mut t: Vec<i64> = rows.into_iter().map(|(_, total, _)| total).collect();
            t.sort_unstable();
            t
        };
        assert_eq!(
            totals_of(rows(&service, &org, copy).await),
            totals_of(without)
        );
        let mut bad = doc.json.clone();
        let at = doc.json["players"]
            .as_array()
            .unwrap()
            .iter()
            .position(|p| p["disqualification"].is_object())
            .unwrap();
        bad["players"][at]["disqualification"]["results"] = json!("maybe");
        let refused = call_json(&service, "POST", "/api/v1/results", Some(&org), Some(&bad)).await;
        expect(&refused, 422, "results neither kept nor struck");
        assert!(
            refused
                .fields()
                .contains(&format!("players[{at}].disqualification.results")),
            "{}",
            refused.text
        );
    }
);

backend_test!(
    the_desk_disqualifies_after_a_confirmation_and_the_standings_mark_him,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        expect(
            &t.post(&service, &t.captain, &normal([0, 2])).await,
            201,
            "deal 1",
        );
        crate::fixtures::publish(&service, &t).await;
        let me = desk(&service, "leitung@example.org").await;
        let list = format!("/admin/tournaments/{}/players", t.tournament);
        let gone = t.players[2];
        let path = format!("{list}/{gone}/disqualification");
        let shown = send(&service, desk_get(&list, &me.cookies)).await;
        expect(&shown, 200, "the players' page");
        assert!(shown.text.contains(&format!("action=\"{path}\"")));

        // Without the box ticked: refused at his row, nothing changed.
        let body = |confirm: &str| {
            format!(
                "csrf={}&reason=Karten+markiert&results=kept{confirm}",
                me.csrf
            )
        };
        let refused = send(&service, desk_form(&path, &me.cookies, &body(""))).await;
        assert_eq!(refused.status, 422, "{}", refused.text);
        assert!(
            refused
                .text
                .contains("id=\"row-error\" data-action=\"disqualify\"")
        );
        let public = format!("/tournaments/{}/standings", t.tournament);
        let unchanged = send(&service, req("GET", &public, None, None, &[])).await;
        assert!(!unchanged.text.contains("(disqualifiziert)"));

        // Confirmed: his row says so, the public standings mark him.
        let done = send(
            &service,
            desk_form(&path, &me.cookies, &body("&confirm=yes")),
        )
        .await;
        expect(&done, 303, "disqualified");
        let row = send(&service, desk_get(&list, &me.cookies)).await;
        assert!(
            row.text.contains("<span class=\"disqualified\">disqualifiziert</span> (Ergebnisse bleiben, in der Wertung markiert)<br><small>Karten markiert</small>"),
            "{}",
            row.text
        );
        assert!(row.text.contains(&format!("action=\"{path}/lift\"")));
        // A disqualified player is not checked in again from his row.
        assert!(
            !row.text
                .contains(&format!("action=\"{list}/{gone}/checked-in\"")),
            "{}",
            row.text
        );
        let marked = send(
            &service,
            req("GET", &public, None, None, &[("Accept-Language", "de")]),
        )
        .await;
        expect(&marked, 200, "public standings");
        assert_eq!(
            marked.text.matches("(disqualifiziert)").count(),
            1,
            "{}",
            marked.text
        );

        // Lifted with a reason: the mark goes, he stays withdrawn.
        let lifted = send(
            &service,
            desk_form(
                &format!("{path}/lift"),
                &me.cookies,
                &format!("csrf={}&reason=Einspruch+stattgegeben", me.csrf),
            ),
        )
        .await;
        expect(&lifted, 303, "lifted");
        let back = send(&service, req("GET", &public, None, None, &[])).await;
        assert!(!back.text.contains("(disqualifiziert)"));
        assert!(back.text.contains("(zurückgezogen)"), "{}", back.text);
    }
);
