//! Tie-breaks chosen after creation, on both backends: two players at equal totals share a
//! place by default (the TSR and the DDV name no tie-break); `PATCH` or the desk's settings
//! form orders them by the rules chosen, the standings pages say which, and a list with an
//! unknown rule or one rule twice is refused by its place and changes nothing.

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    Table, call_json, desk, desk_form as form, desk_get as get, expect, normal, send,
};

/// Each player's rank in the organiser's standings, by seat.
async fn ranks<S: crate::fixtures::App>(service: &S, t: &Table) -> Vec<i64> {
    let standings = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{}/standings", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&standings, 200, "standings");
    let lines = standings.json["standings"].as_array().unwrap();
    t.players
        .iter()
        .map(|p| {
            let line = lines.iter().find(|l| l["player_id"] == *p).unwrap();
            line["rank"].as_i64().unwrap()
        })
        .collect()
}

/// `PATCH`es the tournament's tie-breaks to `list`.
async fn patch<S: crate::fixtures::App>(
    service: &S,
    t: &Table,
    list: Value,
) -> crate::fixtures::Reply {
    call_json(
        service,
        "PATCH",
        &format!("/api/v1/tournaments/{}", t.tournament),
        Some(&t.org),
        Some(&json!({ "tie_breaks": list })),
    )
    .await
}

backend_test!(
    tie_breaks_are_chosen_later_and_shown_with_the_standings,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        // Seat 0 deals first. Deal 1: Re (1, 2) wins, 1 point. Deal 2: Re (2, 0) wins, 1.
        // Deal 3: Re (2, 1) has 100, Kontra (0, 3) wins with 140: 1 + gegen die Alten = 2.
        let lost = json!({"contract": "normal", "re": [1, 2], "re_points": 100, "re_tricks": 4});
        for body in [normal([1, 2]), normal([0, 2]), lost] {
            expect(&t.post(&service, &t.captain, &body).await, 201, "a deal");
        }
        let sheet = t.sheet(&service).await;
        assert_eq!(sheet["totals"], json!([2, -2, 0, 0]));
        // Seats 2 and 3 stand at 0: seat 2 won two games, seat 3 one. By default they share 2nd.
        assert_eq!(ranks(&service, &t).await, [1, 4, 2, 2]);
        let me = desk(&service, "leitung@example.org").await;
        let page = format!("/admin/tournaments/{}/standings", t.tournament);
        let shown = send(&service, get(&page, &me.cookies)).await;
        expect(&shown, 200, "the desk's standings");
        assert!(
            shown
                .text
                .contains("Bei Punktgleichheit teilen sich die Spieler den Platz")
        );

        // Chosen later: more games won first. Seat 2 is 2nd, seat 3 3rd; the pages say why.
        let changed = patch(&service, &t, json!(["most_games_won", "best_round"])).await;
        expect(&changed, 200, "tie-breaks");
        assert_eq!(
            changed.json["tie_breaks"],
            json!(["most_games_won", "best_round"])
        );
        assert_eq!(ranks(&service, &t).await, [1, 4, 2, 3]);
        let shown = send(&service, get(&page, &me.cookies)).await;
        assert!(
            shown.text.contains(
                "Bei Punktgleichheit entscheidet: 1. mehr gewonnene Spiele, 2. bessere beste Runde."
            ),
            "{}",
            shown.text
        );
        let printed = send(
            &service,
            get(
                &format!("/admin/tournaments/{}/print/standings", t.tournament),
                &me.cookies,
            ),
        )
        .await;
        assert!(printed.text.contains("1. mehr gewonnene Spiele"));

        // Refused by place: an unknown rule, a rule twice. Nothing changes.
        let unknown = patch(&service, &t, json!(["most_games_won", "coin_toss"])).await;
        expect(&unknown, 422, "unknown");
        assert_eq!(unknown.json["errors"][0]["field"], "tie_breaks[1]");
        assert_eq!(unknown.json["errors"][0]["code"], "unknown_value");
        let twice = patch(&service, &t, json!(["best_round", "best_round"])).await;
        expect(&twice, 422, "twice");
        assert_eq!(twice.json["errors"][0]["field"], "tie_breaks[1]");
        assert_eq!(twice.json["errors"][0]["code"], "duplicate_value");
        assert_eq!(ranks(&service, &t).await, [1, 4, 2, 3]);

        // The desk's settings form: a rule twice is named by its select; none at all shares
        // the place again.
        let action = format!("/admin/tournaments/{}/settings", t.tournament);
        let settings = |one: &str, two: &str, three: &str| {
            format!(
                "csrf={}&name=Karlchen-Cup&date=2026-12-05&venue=&rounds=3&deals_four=24\
             &deals_five=30&minutes_four=120&minutes_five=150&time_zone=Europe%2FBerlin\
             &ruleset=ddv&tie_break_1={one}&tie_break_2={two}&tie_break_3={three}&tie_break_4=",
                me.csrf
            )
        };
        let refused = send(
            &service,
            form(
                &action,
                &me.cookies,
                &settings("best_round", "", "best_round"),
            ),
        )
        .await;
        expect(&refused, 422, "twice at the desk");
        assert!(
            refused
                .text
                .contains("Bei Punktgleichheit, 3. Kriterium: steht schon weiter vorn"),
            "{}",
            refused.text
        );
        assert_eq!(ranks(&service, &t).await, [1, 4, 2, 3]);
        let cleared = send(&service, form(&action, &me.cookies, &settings("", "", ""))).await;
        expect(&cleared, 303, "none");
        assert_eq!(ranks(&service, &t).await, [1, 4, 2, 2]);
        let saved = send(
            &service,
            form(&action, &me.cookies, &settings("", "most_games_won", "")),
        )
        .await;
        expect(&saved, 303, "a gap closes up");
        let read = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}", t.tournament),
            Some(&t.org),
            None,
        )
        .await;
        assert_eq!(read.json["tie_breaks"], json!(["most_games_won"]));
        assert_eq!(ranks(&service, &t).await, [1, 4, 2, 3]);
        let overview = send(
            &service,
            get(&format!("/admin/tournaments/{}", t.tournament), &me.cookies),
        )
        .await;
        assert!(
            overview
                .text
                .contains("<option value=\"most_games_won\" selected>"),
            "the form shows the choice"
        );
    }
);
