//! Rounds and seating at the desk: the organiser plans the day, draws round 1 from the
//! plan, checks a swap in a dry run (nothing changes) and applies it, starts the round,
//! calls time-up, is shown the unfinished tables when he closes and closes anyway; a late
//! arrival makes the plan out of date and planning again mends it. Every step is read back
//! through the API. Forms without the token change nothing; a double tap plans and draws
//! once.

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    call_json, desk, desk_form as form, desk_get as get, expect, organizer, players, send,
    tournament,
};

/// The form keys a page carries, in the order of its forms (plan, then draw).
fn keys(page: &str) -> Vec<String> {
    page.split("name=\"idempotency_key\" value=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_owned)
        .collect()
}

/// The page's text between `from` and the next `to`.
fn part<'a>(page: &'a str, from: &str, to: &str) -> &'a str {
    let start = page
        .find(from)
        .unwrap_or_else(|| panic!("{from} in {page}"));
    let rest = &page[start..];
    &rest[..rest.find(to).unwrap_or(rest.len())]
}

backend_test!(
    an_organiser_plans_draws_reseats_starts_and_closes_a_round,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let token = organizer(&app, &service, "leitung@example.org").await;
        let id = tournament(
            &service,
            &token,
            &json!({"name": "Herbst-Cup", "date": "2026-11-28", "rounds": 3}),
        )
        .await;
        players(&service, &token, id, 9).await;
        let api = |path: String| {
            let token = token.clone();
            let service = &service;
            async move { call_json(service, "GET", &path, Some(&token), None).await }
        };
        let roster = api(format!("/api/v1/tournaments/{id}/players")).await;
        let number_of = |player: i64| -> i64 {
            roster
                .json
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["id"] == player)
                .map(|p| p["start_number"].as_i64().unwrap())
                .unwrap()
        };
        let page = format!("/admin/tournaments/{id}/rounds");
        let me = desk(&service, "leitung@example.org").await;

        // The page, before anything: no plan, the draw of round 1 offered.
        let shown = send(&service, get(&page, &me.cookies)).await;
        expect(&shown, 200, "the rounds page");
        assert_eq!(shown.header("cache-control"), "private, no-store");
        assert!(shown.text.contains("id=\"plan-none\""), "{}", shown.text);
        assert!(shown.text.contains("Auslosen: Runde 1"));
        let plan_key = keys(&shown.text)[0].clone();

        // Planning without the form's token: 403, no plan.
        let forged = send(
            &service,
            form(
                &format!("/admin/tournaments/{id}/plan"),
                &me.cookies,
                &format!("seed=Herbst&idempotency_key={plan_key}"),
            ),
        )
        .await;
        expect(&forged, 403, "no token");
        expect(
            &api(format!("/api/v1/tournaments/{id}/plan")).await,
            404,
            "still no plan",
        );

        // With it: planned; the same form sent again plans nothing new.
        let plan_body = format!("csrf={}&seed=Herbst&idempotency_key={plan_key}", me.csrf);
        let planned = send(
            &service,
            form(
                &format!("/admin/tournaments/{id}/plan"),
                &me.cookies,
                &plan_body,
            ),
        )
        .await;
        expect(&planned, 303, "planned");
        assert_eq!(planned.header("location"), page);
        let plan = api(format!("/api/v1/tournaments/{id}/plan")).await;
        expect(&plan, 200, "the plan");
        assert_eq!(plan.json["seed"], "Herbst");
        assert_eq!(plan.json["rounds"].as_array().unwrap().len(), 3);
        let again = send(
            &service,
            form(
                &format!("/admin/tournaments/{id}/plan"),
                &me.cookies,
                &plan_body,
            ),
        )
        .await;
        expect(&again, 303, "the same form again");
        let replayed = api(format!("/api/v1/tournaments/{id}/plan")).await;
        assert_eq!(
            replayed.json["planned_at"], plan.json["planned_at"],
            "planned once"
        );

        // The page shows the plan with its quality, every round planned.
        let shown = send(&service, get(&page, &me.cookies)).await;
        assert!(shown.text.contains("<span class=\"seed\">Herbst</span>"));
        let plan_part = part(&shown.text, "id=\"plan-section\"", "</section>");
        assert!(plan_part.contains("Wiederholte Begegnungen"), "{plan_part}");
        // Against the lower bound: "bestmöglich" at the bound, else how far above it.
        let quality = &plan.json["quality"];
        let above = quality["above_bound"].as_u64().unwrap();
        assert_eq!(
            above,
            quality["repeat_pairs"].as_u64().unwrap() - quality["lower_bound"].as_u64().unwrap()
        );
        let said = if above == 0 {
            "(bestmöglich)".to_owned()
        } else {
            format!(
                "({above} über der Untergrenze von {})",
                quality["lower_bound"]
            )
        };
        assert!(plan_part.contains(&said), "{said}: {plan_part}");
        assert_eq!(
            plan_part.matches("<td>geplant</td>").count(),
            3,
            "{plan_part}"
        );
        assert!(!shown.text.contains("id=\"plan-outdated\""));
        let draw_key = keys(&shown.text)[1].clone();

        // Round 1 from the plan; a double tap draws once.
        let draw_body = format!(
            "csrf={}&method=planned&seed=&idempotency_key={draw_key}",
            me.csrf
        );
        let drawn = send(&service, form(&page, &me.cookies, &draw_body)).await;
        expect(&drawn, 303, "drawn");
        expect(
            &send(&service, form(&page, &me.cookies, &draw_body)).await,
            303,
            "tapped twice",
        );
        let rounds = api(format!("/api/v1/tournaments/{id}/rounds")).await;
        let all = rounds.json.as_array().unwrap();
        assert_eq!(all.len(), 1, "one round: {all:?}");
        let round = all[0]["id"].as_i64().unwrap();
        assert_eq!(all[0]["draw"]["method"], "planned");
        let tables: Vec<Vec<i64>> = all[0]["tables"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                t["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s.as_i64().unwrap())
                    .collect()
            })
            .collect();
        assert_eq!(
            json!(tables),
            plan.json["rounds"][0]["tables"],
            "as planned"
        );
        let table_ids: Vec<i64> = all[0]["tables"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["id"].as_i64().unwrap())
            .collect();

        // The round's part of the page: its tables by name and start number, the quality.
        let shown = send(&service, get(&page, &me.cookies)).await;
        let round_part = part(&shown.text, "id=\"round-1\"", "</section>");
        assert!(round_part.contains("noch nicht gestartet"), "{round_part}");
        assert!(round_part.contains("nach Setzplan"));
        assert!(round_part.contains("Wiederholte Begegnungen"));
        let first = tables[0][0];
        assert!(round_part.contains(&format!("({})", number_of(first))));
        // The seats form holds the round as drawn, one line a table.
        let typed: Vec<String> = tables
            .iter()
            .map(|t| {
                t.iter()
                    .map(|&p| number_of(p).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert!(round_part.contains(&typed.join("\n")), "{round_part}");

        // A swap of the first players of tables 1 and 2, checked: the page shows the result
        // with the quality before and after, and nothing changes.
        let (a, b) = (tables[0][0], tables[1][0]);
        let mut swapped = tables.clone();
        swapped[0][0] = b;
        swapped[1][0] = a;
        let text: Vec<String> = swapped
            .iter()
            .map(|t| {
                t.iter()
                    .map(|&p| number_of(p).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let seating = format!("/admin/tournaments/{id}/rounds/{round}/seating");
        let encoded = text.join("%0D%0A").replace(' ', "+");
        let checked = send(
            &service,
            form(
                &seating,
                &me.cookies,
                &format!("csrf={}&action=check&seating={encoded}", me.csrf),
            ),
        )
        .await;
        expect(&checked, 200, "dry run");
        let check_part = part(&checked.text, "id=\"round-1-check\"", "</form>");
        assert!(check_part.contains("Probelauf"), "{check_part}");
        assert!(check_part.contains("Vorher") && check_part.contains("Nachher"));
        assert_eq!(
            check_part.matches("Wiederholte Begegnungen").count(),
            2,
            "before and after"
        );
        let name = |p: i64| {
            let named = roster
                .json
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["id"] == p)
                .unwrap();
            format!("{} ({})", named["name"].as_str().unwrap(), number_of(p))
        };
        let first_after = part(check_part, "<ol class=\"reseat-tables\"><li>", "</li>");
        assert!(
            first_after.starts_with(&format!("<ol class=\"reseat-tables\"><li>{}", name(b))),
            "{first_after}"
        );
        let unchanged = api(format!("/api/v1/tournaments/{id}/rounds")).await;
        assert_eq!(
            unchanged.json[0]["tables"][0]["seats"][0], a,
            "a dry run changes nothing"
        );

        // A typo is refused with the seat named, the text kept.
        let typo = send(
            &service,
            form(
                &seating,
                &me.cookies,
                &format!(
                    "csrf={}&action=apply&seating={}",
                    me.csrf,
                    encoded.replacen(&number_of(b).to_string(), "99", 1)
                ),
            ),
        )
        .await;
        expect(&typo, 422, "unknown start number");
        assert!(typo.text.contains("role=\"alert\""));
        assert!(
            typo.text
                .contains("diese Startnummer gehört zu keinem Spieler"),
            "{}",
            typo.text
        );

        // Applied: the API reads the swap; applied again, nothing more changes.
        let apply = format!("csrf={}&action=apply&seating={encoded}", me.csrf);
        expect(
            &send(&service, form(&seating, &me.cookies, &apply)).await,
            303,
            "applied",
        );
        expect(
            &send(&service, form(&seating, &me.cookies, &apply)).await,
            303,
            "applied twice",
        );
        let reseated = api(format!("/api/v1/tournaments/{id}/rounds")).await;
        assert_eq!(reseated.json[0]["tables"][0]["seats"][0], b);
        assert_eq!(reseated.json[0]["tables"][1]["seats"][0], a);

        // Join codes for every table, shown on the page with the way to the print page.
        let codes = format!("/admin/tournaments/{id}/rounds/{round}/join-codes");
        expect(
            &send(
                &service,
                form(&codes, &me.cookies, &format!("csrf={}", me.csrf)),
            )
            .await,
            303,
            "codes",
        );
        let issued = api(format!("/api/v1/rounds/{round}/join-codes")).await;
        let code = issued.json["tables"][0]["code"]
            .as_str()
            .unwrap()
            .to_owned();
        assert!(issued.json["tables"][1]["code"].is_string());
        let shown = send(&service, get(&page, &me.cookies)).await;
        assert!(shown.text.contains(&code));
        assert!(
            shown
                .text
                .contains(&format!("href=\"/admin/tournaments/{id}/print\""))
        );

        // Drawing round 2 while round 1 is open is refused by its code, nothing drawn.
        let key = keys(&shown.text)[1].clone();
        let early = send(
            &service,
            form(
                &page,
                &me.cookies,
                &format!(
                    "csrf={}&method=avoid_repeats&seed=x&idempotency_key={key}",
                    me.csrf
                ),
            ),
        )
        .await;
        expect(&early, 409, "round 1 open");
        assert!(
            early.text.contains("Eine frühere Runde ist noch offen"),
            "{}",
            early.text
        );
        assert!(
            early.text.contains("id=\"draw-early\""),
            "the box to draw anyway"
        );
        assert!(early.text.contains("value=\"x\""), "the seed kept");
        let rounds = api(format!("/api/v1/tournaments/{id}/rounds")).await;
        assert_eq!(rounds.json.as_array().unwrap().len(), 1);

        // Started: the clock runs.
        let start = format!("/admin/tournaments/{id}/rounds/{round}/start");
        expect(
            &send(&service, form(&start, &me.cookies, "")).await,
            403,
            "no token",
        );
        assert!(
            api(format!("/api/v1/tournaments/{id}/rounds")).await.json[0]["started_at"].is_null()
        );
        expect(
            &send(
                &service,
                form(&start, &me.cookies, &format!("csrf={}", me.csrf)),
            )
            .await,
            303,
            "started",
        );
        let started = api(format!("/api/v1/tournaments/{id}/rounds")).await;
        assert!(started.json[0]["started_at"].is_string());
        let shown = send(&service, get(&page, &me.cookies)).await;
        let round_part = part(&shown.text, "id=\"round-1\"", "</section>");
        assert!(round_part.contains("läuft"), "{round_part}");
        assert!(round_part.contains("Zeit um an Tisch 1"));
        assert!(
            round_part.contains("min (bis "),
            "minutes left and the end: {round_part}"
        );

        // Time-up at table 1 only, then at every table.
        let time_up = format!("/admin/tournaments/{id}/rounds/{round}/time-up");
        expect(
            &send(
                &service,
                form(
                    &time_up,
                    &me.cookies,
                    &format!("csrf={}&table={}", me.csrf, table_ids[0]),
                ),
            )
            .await,
            303,
            "table 1",
        );
        let sheet = |table: i64| api(format!("/api/v1/tables/{table}/sheet"));
        assert_eq!(sheet(table_ids[0]).await.json["time_up"], true);
        assert_eq!(sheet(table_ids[1]).await.json["time_up"], false);
        // Every table at once only with its box ticked: the page says which box and what
        // it does, and nothing changes before.
        let unticked = send(
            &service,
            form(&time_up, &me.cookies, &format!("csrf={}", me.csrf)),
        )
        .await;
        expect(&unticked, 422, "all, not confirmed");
        assert!(
            unticked
                .text
                .contains("Bitte zum Bestätigen das Kästchen ankreuzen."),
            "{}",
            unticked.text
        );
        let asked = part(&unticked.text, "id=\"round-1-time-up-form\"", "</form>");
        assert!(
            asked.contains("Ja, an allen 2 Tischen ist die Zeit um") && asked.contains("required"),
            "{asked}"
        );
        assert_eq!(sheet(table_ids[1]).await.json["time_up"], false);
        expect(
            &send(
                &service,
                form(
                    &time_up,
                    &me.cookies,
                    &format!("csrf={}&confirm=yes", me.csrf),
                ),
            )
            .await,
            303,
            "all",
        );
        assert_eq!(sheet(table_ids[1]).await.json["time_up"], true);

        // Closing asks first too, naming the round and its tables.
        let close = format!("/admin/tournaments/{id}/rounds/{round}/close");
        let unticked = send(
            &service,
            form(&close, &me.cookies, &format!("csrf={}", me.csrf)),
        )
        .await;
        expect(&unticked, 422, "close, not confirmed");
        let asked = part(&unticked.text, "id=\"round-1-close-form\"", "</form>");
        assert!(
            asked.contains("Ja, Runde 1 abschließen: an ihren 2 Tischen"),
            "{asked}"
        );
        // Then it is refused while the tables owe their Pflichtsoli: both named.
        let refused = send(
            &service,
            form(
                &close,
                &me.cookies,
                &format!("csrf={}&confirm=yes", me.csrf),
            ),
        )
        .await;
        expect(&refused, 409, "incomplete");
        let listed = part(&refused.text, "id=\"round-1-incomplete\"", "</table>");
        assert_eq!(
            listed.matches("<tr><td class=\"num\">").count(),
            2,
            "{listed}"
        );
        assert!(refused.text.contains("Trotzdem abschließen"));
        // "Close anyway" without its box ticked closes nothing.
        let unconfirmed = send(
            &service,
            form(&close, &me.cookies, &format!("csrf={}&force=true", me.csrf)),
        )
        .await;
        expect(&unconfirmed, 422, "not confirmed");
        expect(
            &send(
                &service,
                form(&close, &me.cookies, "force=true&confirm=yes"),
            )
            .await,
            403,
            "no token",
        );
        assert_eq!(
            api(format!("/api/v1/tournaments/{id}/rounds")).await.json[0]["closed"],
            false
        );
        let forced = send(
            &service,
            form(
                &close,
                &me.cookies,
                &format!("csrf={}&force=true&confirm=yes", me.csrf),
            ),
        )
        .await;
        expect(&forced, 303, "closed anyway");
        assert_eq!(
            api(format!("/api/v1/tournaments/{id}/rounds")).await.json[0]["closed"],
            true
        );
        let audit = api(format!("/api/v1/tournaments/{id}/audit")).await;
        assert!(
            audit.text.contains("closed by force"),
            "audited: {}",
            audit.text
        );

        // A late arrival: the plan no longer fits, the page says why; planning again mends it.
        let late = call_json(
            &service,
            "POST",
            &format!("/api/v1/tournaments/{id}/players"),
            Some(&token),
            Some(&json!({"name": "Nachzügler"})),
        )
        .await;
        expect(&late, 201, "late arrival");
        let shown = send(&service, get(&page, &me.cookies)).await;
        let plan_part = part(&shown.text, "id=\"plan-section\"", "</section>");
        assert!(plan_part.contains("id=\"plan-outdated\""), "{plan_part}");
        assert!(
            plan_part.contains("lässt Spieler aus: Nachzügler (Nr. 10)"),
            "{plan_part}"
        );
        assert!(plan_part.contains("<td>ausgelost</td>"));
        assert!(plan_part.contains("Neu planen"));
        // The draw no longer offers the outdated plan: it would be refused.
        let draw_part = part(&shown.text, "id=\"draw-form\"", "</form>");
        assert!(!draw_part.contains("value=\"planned\""), "{draw_part}");
        assert!(
            draw_part.contains("value=\"avoid_repeats\" selected"),
            "{draw_part}"
        );
        let key = keys(&shown.text)[0].clone();
        expect(
            &send(
                &service,
                form(
                    &format!("/admin/tournaments/{id}/plan"),
                    &me.cookies,
                    &format!("csrf={}&seed=Neu&idempotency_key={key}", me.csrf),
                ),
            )
            .await,
            303,
            "planned again",
        );
        let plan = api(format!("/api/v1/tournaments/{id}/plan")).await;
        assert_eq!(plan.json["seed"], "Neu");
        assert_eq!(plan.json["rounds"][1]["status"], "planned");
        assert_eq!(plan.json["missing"], json!([]));
        let late_id = late.json["id"].as_i64().unwrap();
        assert!(
            plan.json["rounds"][1]["tables"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t.as_array().unwrap().contains(&json!(late_id))),
            "the late arrival plays"
        );
        let shown = send(&service, get(&page, &me.cookies)).await;
        assert!(!shown.text.contains("id=\"plan-outdated\""));
        let draw_part = part(&shown.text, "id=\"draw-form\"", "</form>");
        assert!(
            draw_part.contains("value=\"planned\" selected"),
            "{draw_part}"
        );

        // Round 2 drawn, then deleted before it is played (its box ticked).
        let key = keys(&shown.text)[1].clone();
        expect(
            &send(
                &service,
                form(
                    &page,
                    &me.cookies,
                    &format!("csrf={}&method=planned&idempotency_key={key}", me.csrf),
                ),
            )
            .await,
            303,
            "round 2",
        );
        let rounds = api(format!("/api/v1/tournaments/{id}/rounds")).await;
        let second = rounds.json[1]["id"].as_i64().unwrap();
        let delete = format!("/admin/tournaments/{id}/rounds/{second}/delete");
        let unticked = send(
            &service,
            form(&delete, &me.cookies, &format!("csrf={}", me.csrf)),
        )
        .await;
        expect(&unticked, 422, "not confirmed");
        assert!(unticked.text.contains("Kästchen"));
        assert_eq!(
            api(format!("/api/v1/tournaments/{id}/rounds"))
                .await
                .json
                .as_array()
                .unwrap()
                .len(),
            2
        );
        expect(
            &send(
                &service,
                form(
                    &delete,
                    &me.cookies,
                    &format!("csrf={}&confirm=yes", me.csrf),
                ),
            )
            .await,
            303,
            "deleted",
        );
        let rounds: Value = api(format!("/api/v1/tournaments/{id}/rounds")).await.json;
        assert_eq!(rounds.as_array().unwrap().len(), 1);

        // The plan deleted: the rounds drawn stay; a second tap finds none and does no harm.
        let drop = format!("/admin/tournaments/{id}/plan/delete");
        expect(
            &send(&service, form(&drop, &me.cookies, "")).await,
            403,
            "no token",
        );
        expect(
            &api(format!("/api/v1/tournaments/{id}/plan")).await,
            200,
            "kept",
        );
        for what in ["deleted", "deleted twice"] {
            let dropped = send(
                &service,
                form(&drop, &me.cookies, &format!("csrf={}", me.csrf)),
            )
            .await;
            expect(&dropped, 303, what);
        }
        expect(
            &api(format!("/api/v1/tournaments/{id}/plan")).await,
            404,
            "no plan",
        );
        assert_eq!(
            api(format!("/api/v1/tournaments/{id}/rounds"))
                .await
                .json
                .as_array()
                .unwrap()
                .len(),
            1
        );
        let shown = send(&service, get(&page, &me.cookies)).await;
        assert!(shown.text.contains("id=\"plan-none\""));

        // Another organiser's desk finds neither the page nor the round.
        organizer(&app, &service, "andere@example.org").await;
        let other = desk(&service, "andere@example.org").await;
        expect(
            &send(&service, get(&page, &other.cookies)).await,
            404,
            "another's page",
        );
        expect(
            &send(
                &service,
                form(
                    &format!("/admin/tournaments/{id}/rounds/{round}/start"),
                    &other.cookies,
                    &format!("csrf={}", other.csrf),
                ),
            )
            .await,
            404,
            "another's round",
        );
    }
);

backend_test!(
    a_planned_round_that_seats_absent_players_is_refused_and_planned_again,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let token = organizer(&app, &service, "leitung@example.org").await;
        let id = tournament(
            &service,
            &token,
            &json!({"name": "Winter-Cup", "date": "2026-12-12", "rounds": 2}),
        )
        .await;
        let ids = players(&service, &token, id, 8).await;
        let page = format!("/admin/tournaments/{id}/rounds");
        let me = desk(&service, "leitung@example.org").await;
        let shown = send(&service, get(&page, &me.cookies)).await;
        let key = keys(&shown.text)[0].clone();
        let planned = send(
            &service,
            form(
                &format!("/admin/tournaments/{id}/plan"),
                &me.cookies,
                &format!("csrf={}&seed=&idempotency_key={key}", me.csrf),
            ),
        )
        .await;
        expect(&planned, 303, "planned with a seed of its own");
        let plan = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{id}/plan"),
            Some(&token),
            None,
        )
        .await;
        assert!(
            !plan.json["seed"].as_str().unwrap().is_empty(),
            "a seed drawn and shown"
        );

        // Check-in starts: four players arrive; the plan seats the other four.
        for player in &ids[..4] {
            let arrived = call_json(
                &service,
                "PATCH",
                &format!("/api/v1/players/{player}"),
                Some(&token),
                Some(&json!({"checked_in": true})),
            )
            .await;
            expect(&arrived, 200, "checked in");
        }
        let shown = send(&service, get(&page, &me.cookies)).await;
        let plan_part = part(&shown.text, "id=\"plan-section\"", "</section>");
        assert!(plan_part.contains("id=\"plan-outdated\""), "{plan_part}");
        assert!(
            plan_part.contains("setzt nicht eingecheckte Spieler"),
            "{plan_part}"
        );

        // Drawing from it is refused by its code, naming whom it would seat.
        let key = keys(&shown.text)[1].clone();
        let refused = send(
            &service,
            form(
                &page,
                &me.cookies,
                &format!("csrf={}&method=planned&idempotency_key={key}", me.csrf),
            ),
        )
        .await;
        expect(&refused, 409, "plan_not_checked_in");
        let error = part(&refused.text, "id=\"draw-error\"", "</div>");
        assert!(error.contains("role=\"alert\""));
        assert!(
            error.contains("Der Setzplan setzt Spieler, die nicht eingecheckt sind"),
            "{error}"
        );
        assert!(
            error.contains("setzt nicht eingecheckte Spieler: Spieler 4 (Nr. 5)"),
            "{error}"
        );
        let rounds = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{id}/rounds"),
            Some(&token),
            None,
        )
        .await;
        assert_eq!(rounds.json, json!([]), "nothing drawn");

        // The same refusal in English.
        let english = send(&service, get(&format!("{page}?lang=en"), &me.cookies)).await;
        assert!(english.text.contains("Plan again"), "{}", english.text);
        let cookies = format!("{}; karlchen_lang=en", me.cookies);
        let key = keys(&english.text)[1].clone();
        let refused = send(
            &service,
            form(
                &page,
                &cookies,
                &format!("csrf={}&method=planned&idempotency_key={key}", me.csrf),
            ),
        )
        .await;
        expect(&refused, 409, "in English");
        assert!(
            refused
                .text
                .contains("The seating plan seats players who are not checked in"),
            "{}",
            refused.text
        );

        // Planned again for the four present: round 1 is drawn from it.
        let key = keys(&refused.text)[0].clone();
        expect(
            &send(
                &service,
                form(
                    &format!("/admin/tournaments/{id}/plan"),
                    &me.cookies,
                    &format!("csrf={}&seed=Neu&idempotency_key={key}", me.csrf),
                ),
            )
            .await,
            303,
            "planned again",
        );
        let shown = send(&service, get(&page, &me.cookies)).await;
        assert!(!shown.text.contains("id=\"plan-outdated\""));
        let key = keys(&shown.text)[1].clone();
        expect(
            &send(
                &service,
                form(
                    &page,
                    &me.cookies,
                    &format!("csrf={}&method=planned&idempotency_key={key}", me.csrf),
                ),
            )
            .await,
            303,
            "drawn",
        );
        let rounds = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{id}/rounds"),
            Some(&token),
            None,
        )
        .await;
        let mut seated: Vec<i64> = rounds.json[0]["tables"][0]["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_i64().unwrap())
            .collect();
        seated.sort_unstable();
        assert_eq!(seated, ids[..4].to_vec(), "the four present");
    }
);

backend_test!(
    before_closing_the_desk_names_the_finished_tables_not_yet_signed,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let (first, second) = crate::signatures::two_tables(&app, &service).await;
        // Both sheets complete (four deals planned, the four Pflichtsoli); only the
        // second table's players all sign.
        for t in [&first, &second] {
            t.fill(
                &service,
                &crate::fixtures::repeat(&crate::fixtures::Step::Forced, 4),
            )
            .await;
        }
        for &player in &second.players {
            let signed =
                crate::signatures::sign(&service, &second, Some(&second.captain), player).await;
            expect(&signed, 200, "signed");
        }
        let me = desk(&service, "leitung@example.org").await;
        let page = send(
            &service,
            get(
                &format!("/admin/tournaments/{}/rounds", first.tournament),
                &me.cookies,
            ),
        )
        .await;
        expect(&page, 200, "the rounds page");
        let unsigned = page
            .text
            .split("id=\"round-1-unsigned\"")
            .nth(1)
            .and_then(|rest| rest.split("</p>").next())
            .unwrap_or_else(|| panic!("the unsigned tables are named: {}", page.text));
        assert!(unsigned.contains("Tisch 1"), "{unsigned}");
        assert!(!unsigned.contains("Tisch 2"), "{unsigned}");
        assert!(page.text.contains("fertig, unterschrieben"), "table 2");
        assert!(
            page.text
                .contains("fertig, <strong>nicht unterschrieben</strong>"),
            "table 1"
        );
    }
);
