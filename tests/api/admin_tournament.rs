//! A tournament at the desk: its settings edited (through the PATCH service: refusals shown
//! with the input kept, nothing changed; a change of deals per round reaching an open
//! table's sheet), deleted (a confirmation first, refused once played), a preview link;
//! co-organisers (by API and desk: a co-organiser runs the tournament like its owner, a
//! third organiser still finds nothing; only the owner removes, nobody removes the owner);
//! the standings at the desk with their CSV downloads. Every changing form without its
//! token is a 403 that changes nothing.

use serde_json::json;
use service_tests::backend_test;

use crate::fixtures::{
    Step, Table, call_json, desk, desk_form as form, desk_get as get, expect, organizer, repeat,
    send, tournament,
};

/// The tournament as the API answers it to `token`.
async fn read<S: crate::fixtures::App>(service: &S, token: &str, id: i64) -> serde_json::Value {
    let t = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{id}"),
        Some(token),
        None,
    )
    .await;
    expect(&t, 200, "the tournament");
    t.json
}

/// The settings form's body with `csrf` (none when empty) and the fields given.
fn settings(csrf: &str, fields: &[(&str, &str)]) -> String {
    let mut body: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{k}={}", v.replace(' ', "+")))
        .collect();
    if !csrf.is_empty() {
        body.push(format!("csrf={csrf}"));
    }
    body.join("&")
}

const FIELDS: &[(&str, &str)] = &[
    ("name", "Karlchen-Cup 2026"),
    ("date", "2026-12-06"),
    ("venue", "Vereinsheim Nord"),
    ("rounds", "4"),
    ("deals_four", "20"),
    ("deals_five", "25"),
    ("minutes_four", "90"),
    ("minutes_five", "110"),
    ("time_zone", "Europe/Vienna"),
    ("ruleset", "ddv"),
];

backend_test!(
    the_desk_edits_a_tournament_and_shows_what_play_refuses,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        let me = desk(&service, "leitung@example.org").await;
        let page = format!("/admin/tournaments/{}", t.tournament);

        // The form shows the tournament's settings.
        let shown = send(&service, get(&page, &me.cookies)).await;
        expect(&shown, 200, "the page");
        assert!(shown.text.contains("id=\"settings-form\""));
        assert!(
            shown.text.contains(
                "name=\"deals_four\" type=\"number\" min=\"4\" inputmode=\"numeric\" value=\"24\""
            ),
            "{}",
            shown.text
        );
        assert!(shown.text.contains(
            "<option value=\"ddv\" selected>Doppelkopf nach DDV-Turnierspielregeln (TSR)</option>"
        ));

        // Without the form's token: refused, nothing changes.
        let action = format!("{page}/settings");
        let forged = send(&service, form(&action, &me.cookies, &settings("", FIELDS))).await;
        expect(&forged, 403, "no token");
        assert_eq!(
            read(&service, &t.org, t.tournament).await["name"],
            "Karlchen-Cup"
        );

        // Saved: every field, and the open round's table plays 20 deals now.
        let saved = send(
            &service,
            form(&action, &me.cookies, &settings(&me.csrf, FIELDS)),
        )
        .await;
        expect(&saved, 303, "saved");
        assert_eq!(
            saved.header("location"),
            format!("{page}?done=saved#settings")
        );
        let now = read(&service, &t.org, t.tournament).await;
        assert_eq!(now["name"], "Karlchen-Cup 2026");
        assert_eq!(now["date"], "2026-12-06");
        assert_eq!(now["venue"], "Vereinsheim Nord");
        assert_eq!(now["rounds"], 4);
        assert_eq!(now["deals_four"], 20);
        assert_eq!(now["deals_five"], 25);
        assert_eq!(now["minutes_four"], 90);
        assert_eq!(now["minutes_five"], 110);
        assert_eq!(now["ruleset"], "ddv");
        assert_eq!(now["time_zone"], "Europe/Vienna");
        assert_eq!(t.sheet(&service).await["planned_deals"], 20);
        let back = send(&service, get(&format!("{page}?done=saved"), &me.cookies)).await;
        assert!(back.text.contains("Die Einstellungen sind gespeichert."));
        assert!(back.text.contains("value=\"Vereinsheim Nord\""));
        assert!(back.text.contains("value=\"Europe&#x2F;Vienna\""));
        // A zone that is none is refused by its label, nothing changed.
        let mut fields = FIELDS.to_vec();
        fields[8] = ("time_zone", "Wien");
        let refused = send(
            &service,
            form(&action, &me.cookies, &settings(&me.csrf, &fields)),
        )
        .await;
        expect(&refused, 422, "not a zone");
        assert!(refused.text.contains("Zeitzone"), "{}", refused.text);
        assert_eq!(
            read(&service, &t.org, t.tournament).await["time_zone"],
            "Europe/Vienna"
        );

        // Six deals are played; five deals per round contradict that: the reasons by code,
        // the form as typed, nothing changed.
        t.fill(&service, &repeat(&Step::Normal, 6)).await;
        let mut fields = FIELDS.to_vec();
        fields[0] = ("name", "Neuer Name");
        fields[4] = ("deals_four", "5");
        let refused = send(
            &service,
            form(&action, &me.cookies, &settings(&me.csrf, &fields)),
        )
        .await;
        expect(&refused, 422, "contradicts play");
        assert!(refused.text.contains("role=\"alert\""));
        assert!(
            refused
                .text
                .contains("Die Einstellungen passen nicht zu dem, was schon gespielt ist."),
            "{}",
            refused.text
        );
        assert!(refused.text.contains("Spiele je Runde am 4er-Tisch: weniger Spiele, als an einem Tisch schon eingetragen sind"), "{}", refused.text);
        assert!(
            refused.text.contains("value=\"Neuer Name\""),
            "the input is kept"
        );
        assert!(refused.text.contains("value=\"5\""));
        let unchanged = read(&service, &t.org, t.tournament).await;
        assert_eq!(unchanged["name"], "Karlchen-Cup 2026");
        assert_eq!(unchanged["deals_four"], 20);
        assert_eq!(t.sheet(&service).await["planned_deals"], 20);

        // Two at the desk: a form sends only what was changed in it, so it does not undo
        // a change made meanwhile (here the venue, through the API).
        let before = send(&service, get(&page, &me.cookies)).await.text;
        let marker = "name=\"shown\" value=\"";
        let at = before.find(marker).unwrap() + marker.len();
        let shown = before[at..][..before[at..].find('"').unwrap()]
            .replace("&quot;", "\"")
            .replace("&#x2F;", "/")
            .replace("&amp;", "&");
        let meanwhile = call_json(
            &service,
            "PATCH",
            &format!("/api/v1/tournaments/{}", t.tournament),
            Some(&t.org),
            Some(&json!({"venue": "Bürgerhaus"})),
        )
        .await;
        expect(&meanwhile, 200, "changed meanwhile");
        let mut body = url::form_urlencoded::Serializer::new(String::new());
        for (k, v) in FIELDS {
            body.append_pair(k, if *k == "minutes_four" { "95" } else { v });
        }
        let body = body
            .append_pair("shown", &shown)
            .append_pair("csrf", &me.csrf)
            .finish();
        expect(
            &send(&service, form(&action, &me.cookies, &body)).await,
            303,
            "saved",
        );
        let both = read(&service, &t.org, t.tournament).await;
        assert_eq!(both["minutes_four"], 95, "the form's change");
        assert_eq!(
            both["venue"], "Bürgerhaus",
            "the change made meanwhile stays"
        );

        // The same in English; a field that does not parse is named too.
        let english = format!("{}; karlchen_lang=en", me.cookies);
        fields[4] = ("deals_four", "zwanzig");
        let unparsed = send(
            &service,
            form(&action, &english, &settings(&me.csrf, &fields)),
        )
        .await;
        expect(&unparsed, 422, "not a number");
        assert!(
            unparsed.text.contains("The settings were not saved."),
            "{}",
            unparsed.text
        );
        assert!(
            unparsed
                .text
                .contains("Deals per round at a 4-table: not a valid entry")
        );
        assert_eq!(
            read(&service, &t.org, t.tournament).await["name"],
            "Karlchen-Cup 2026"
        );

        // Deleting: a confirmation first; refused once a deal is entered, without the token
        // refused anyway.
        let confirm = send(&service, get(&format!("{page}/delete"), &me.cookies)).await;
        expect(&confirm, 200, "the confirmation");
        assert!(confirm.text.contains("id=\"delete-form\""));
        let delete = format!("{page}/delete");
        let forged = send(&service, form(&delete, &me.cookies, "reason=weg")).await;
        expect(&forged, 403, "no token");
        let played = send(
            &service,
            form(
                &delete,
                &me.cookies,
                &format!("csrf={}&reason=Test", me.csrf),
            ),
        )
        .await;
        expect(&played, 409, "played");
        assert!(
            played
                .text
                .contains("An seinen Tischen sind schon Spiele eingetragen."),
            "{}",
            played.text
        );
        assert!(played.text.contains("value=\"Test\""), "the reason is kept");
        read(&service, &t.org, t.tournament).await;

        // One never played goes, and the desk lists it no more.
        let spare = tournament(
            &service,
            &t.org,
            &json!({"name": "Probe", "date": "2027-01-09"}),
        )
        .await;
        let gone = send(
            &service,
            form(
                &format!("/admin/tournaments/{spare}/delete"),
                &me.cookies,
                &format!("csrf={}&reason=doppelt", me.csrf),
            ),
        )
        .await;
        expect(&gone, 303, "deleted");
        assert_eq!(gone.header("location"), "/admin");
        let missing = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{spare}"),
            Some(&t.org),
            None,
        )
        .await;
        expect(&missing, 404, "gone");
        assert!(
            !send(&service, get("/admin", &me.cookies))
                .await
                .text
                .contains("Probe")
        );

        // A preview link for the unpublished tournament opens its pages without a cookie.
        let forged = send(
            &service,
            form(&format!("{page}/preview-link"), &me.cookies, ""),
        )
        .await;
        expect(&forged, 403, "no token");
        let made = send(
            &service,
            form(
                &format!("{page}/preview-link"),
                &me.cookies,
                &format!("csrf={}", me.csrf),
            ),
        )
        .await;
        expect(&made, 200, "the link");
        let shown = made
            .text
            .find("id=\"preview-link\"")
            .expect("the link is shown");
        let href = shown + made.text[shown..].find("href=\"").unwrap() + 6;
        let link: String = made.text[href..]
            .chars()
            .take_while(|c| *c != '"')
            .collect::<String>()
            .replace("&#x2F;", "/")
            .replace("&amp;", "&");
        assert!(
            link.starts_with(&format!("/tournaments/{}?preview=", t.tournament)),
            "{link}"
        );
        expect(
            &send(&service, get(&format!("/tournaments/{}", t.tournament), "")).await,
            404,
            "unpublished",
        );
        let previewed = send(&service, get(&link, "")).await;
        expect(&previewed, 200, "through the preview");
        assert!(previewed.text.contains("Karlchen-Cup 2026"));
    }
);

backend_test!(a_co_organiser_runs_the_tournament_like_its_owner, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let owner = organizer(&app, &service, "leitung@example.org").await;
    let second = organizer(&app, &service, "zweite@example.org").await;
    let third = organizer(&app, &service, "dritte@example.org").await;
    let id = tournament(
        &service,
        &owner,
        &json!({"name": "Herbst-Cup", "date": "2026-11-28"}),
    )
    .await;
    let organizers = format!("/api/v1/tournaments/{id}/organizers");
    let page = format!("/admin/tournaments/{id}");

    // Before: the others find nothing.
    let hidden = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}"),
        Some(&second),
        None,
    )
    .await;
    expect(&hidden, 404, "not his");
    expect(
        &call_json(&service, "GET", &organizers, Some(&second), None).await,
        404,
        "not his list",
    );

    // An e-mail no account has: 422 naming it.
    let unknown = call_json(
        &service,
        "POST",
        &organizers,
        Some(&owner),
        Some(&json!({"email": "niemand@example.org"})),
    )
    .await;
    expect(&unknown, 422, "unknown");
    assert_eq!(unknown.json["code"], "unknown_organizer");
    assert_eq!(unknown.fields(), vec!["email"]);

    // Added (the e-mail's case does not matter), and again is harmless.
    let added = call_json(
        &service,
        "POST",
        &organizers,
        Some(&owner),
        Some(&json!({"email": "Zweite@Example.org"})),
    )
    .await;
    expect(&added, 201, "added");
    assert_eq!(added.json["email"], "zweite@example.org");
    assert_eq!(added.json["owner"], false);
    let second_id = added.json["organizer_id"].as_i64().unwrap();
    let again = call_json(
        &service,
        "POST",
        &organizers,
        Some(&owner),
        Some(&json!({"email": "zweite@example.org"})),
    )
    .await;
    expect(&again, 200, "already there");
    let owner_again = call_json(
        &service,
        "POST",
        &organizers,
        Some(&owner),
        Some(&json!({"email": "leitung@example.org"})),
    )
    .await;
    expect(&owner_again, 200, "the owner runs it already");
    assert_eq!(owner_again.json["owner"], true);
    let listed = call_json(&service, "GET", &organizers, Some(&second), None).await;
    expect(&listed, 200, "the list, to the co-organiser");
    let emails: Vec<&str> = listed
        .json
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["email"].as_str().unwrap())
        .collect();
    assert_eq!(emails, ["leitung@example.org", "zweite@example.org"]);

    // The co-organiser: the tournament is in his lists, he registers a player and sees
    // the organiser's view of the players; the owner sees the same player.
    let mine = call_json(&service, "GET", "/api/v1/tournaments", Some(&second), None).await;
    assert!(
        mine.json.as_array().unwrap().iter().any(|t| t["id"] == id),
        "{}",
        mine.text
    );
    let player = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{id}/players"),
        Some(&second),
        Some(&json!({"name": "Erika Mustermann", "ddv_number": "12345"})),
    )
    .await;
    expect(&player, 201, "a player by the co-organiser");
    let players = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}/players"),
        Some(&owner),
        None,
    )
    .await;
    assert_eq!(players.json[0]["name"], "Erika Mustermann");
    let players = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}/players"),
        Some(&second),
        None,
    )
    .await;
    assert_eq!(
        players.json[0]["ddv_number"], "12345",
        "the organiser's view: {}",
        players.text
    );
    let changed = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/tournaments/{id}"),
        Some(&second),
        Some(&json!({"venue": "Bürgerhaus"})),
    )
    .await;
    expect(&changed, 200, "a correction by the co-organiser");
    let him = desk(&service, "zweite@example.org").await;
    assert!(
        send(&service, get("/admin", &him.cookies))
            .await
            .text
            .contains("Herbst-Cup")
    );
    let his_page = send(&service, get(&page, &him.cookies)).await;
    expect(&his_page, 200, "his desk page");
    assert!(his_page.text.contains("Mit-Turnierleitung"));

    // A third organiser still finds nothing, by API or desk.
    let other = desk(&service, "dritte@example.org").await;
    expect(
        &send(&service, get(&page, &other.cookies)).await,
        404,
        "a third's desk",
    );
    expect(
        &call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{id}"),
            Some(&third),
            None,
        )
        .await,
        404,
        "a third's API",
    );
    expect(
        &call_json(
            &service,
            "POST",
            &format!("/api/v1/tournaments/{id}/players"),
            Some(&third),
            Some(&json!({"name": "X"})),
        )
        .await,
        404,
        "a third adds nobody",
    );

    // Nobody removes the owner; a co-organiser removes no other.
    let owner_id = listed.json[0]["organizer_id"].as_i64().unwrap();
    let refused = call_json(
        &service,
        "DELETE",
        &format!("{organizers}/{owner_id}"),
        Some(&second),
        None,
    )
    .await;
    expect(&refused, 409, "the owner stays");
    assert_eq!(refused.json["code"], "owner_cannot_be_removed");

    // The tournament is not his to delete: the desk offers it only to its owner, and a
    // form sent anyway says why and changes nothing.
    let his_page = send(&service, get(&page, &him.cookies)).await;
    expect(&his_page, 200, "his desk page");
    assert!(
        !his_page.text.contains("id=\"delete-link\""),
        "no delete offered"
    );
    let delete = send(
        &service,
        form(
            &format!("{page}/delete"),
            &him.cookies,
            &format!("csrf={}&reason=weg", him.csrf),
        ),
    )
    .await;
    expect(&delete, 403, "not the owner");
    assert!(
        delete.text.contains("Nur wer das Turnier angelegt hat"),
        "{}",
        delete.text
    );
    expect(
        &send(&service, get(&page, &him.cookies)).await,
        200,
        "still there",
    );

    // The co-organiser adds the third at the desk: without the token nothing happens;
    // what is no e-mail address is shown with what was typed kept (an e-mail without an
    // account is invited instead: `invitations.rs`).
    let add = format!("{page}/organizers");
    expect(
        &send(
            &service,
            form(&add, &him.cookies, "email=dritte%40example.org"),
        )
        .await,
        403,
        "no token",
    );
    expect(
        &send(&service, get(&page, &other.cookies)).await,
        404,
        "still not his",
    );
    let wrong = send(
        &service,
        form(
            &add,
            &him.cookies,
            &format!("csrf={}&email=dritte+example.org", him.csrf),
        ),
    )
    .await;
    expect(&wrong, 422, "no address at the desk");
    assert!(
        wrong
            .text
            .contains("Bitte geben Sie eine E-Mail-Adresse ein."),
        "{}",
        wrong.text
    );
    assert!(wrong.text.contains("value=\"dritte example.org\""));
    let added = send(
        &service,
        form(
            &add,
            &him.cookies,
            &format!("csrf={}&email=dritte%40example.org", him.csrf),
        ),
    )
    .await;
    expect(&added, 303, "added at the desk");
    expect(
        &send(&service, get(&page, &other.cookies)).await,
        200,
        "now his too",
    );
    let third_id = call_json(&service, "GET", &organizers, Some(&owner), None)
        .await
        .json[2]["organizer_id"]
        .as_i64()
        .unwrap();
    let by_second = call_json(
        &service,
        "DELETE",
        &format!("{organizers}/{third_id}"),
        Some(&second),
        None,
    )
    .await;
    expect(&by_second, 403, "only the owner removes");

    // The owner removes him at the desk (not without the token); he finds nothing again.
    let boss = desk(&service, "leitung@example.org").await;
    let remove = format!("{page}/organizers/{third_id}/remove");
    expect(
        &send(&service, form(&remove, &boss.cookies, "")).await,
        403,
        "no token",
    );
    expect(
        &send(&service, get(&page, &other.cookies)).await,
        200,
        "still his",
    );
    let removed = send(
        &service,
        form(&remove, &boss.cookies, &format!("csrf={}", boss.csrf)),
    )
    .await;
    expect(&removed, 303, "removed");
    expect(
        &send(&service, get(&page, &other.cookies)).await,
        404,
        "his no more",
    );

    // Audited.
    let audit = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{id}/audit"),
        Some(&owner),
        None,
    )
    .await;
    expect(&audit, 200, "the log");
    assert_eq!(
        audit.text.matches("tournament.organizer.add").count(),
        2,
        "{}",
        audit.text
    );
    assert_eq!(audit.text.matches("tournament.organizer.remove").count(), 1);

    // The co-organiser steps down himself; deleting the tournament takes his rows too.
    let down = call_json(
        &service,
        "DELETE",
        &format!("{organizers}/{second_id}"),
        Some(&second),
        None,
    )
    .await;
    expect(&down, 204, "stepped down");
    expect(
        &call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{id}"),
            Some(&second),
            None,
        )
        .await,
        404,
        "his no more",
    );
    call_json(
        &service,
        "POST",
        &organizers,
        Some(&owner),
        Some(&json!({"email": "zweite@example.org"})),
    )
    .await;
    // The tournament is its owner's to delete, not a co-organiser's.
    let refused = call_json(
        &service,
        "DELETE",
        &format!("/api/v1/tournaments/{id}"),
        Some(&second),
        None,
    )
    .await;
    expect(&refused, 403, "a co-organiser does not delete it");
    let deleted = call_json(
        &service,
        "DELETE",
        &format!("/api/v1/tournaments/{id}"),
        Some(&owner),
        None,
    )
    .await;
    expect(&deleted, 204, "deleted with its co-organisers");
});

backend_test!(the_desk_shows_the_standings_and_downloads_them, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    organizer(&app, &service, "andere@example.org").await;
    // Four normal games: each won by the two seats after the dealer.
    t.fill(&service, &repeat(&Step::Normal, 4)).await;
    let withdrawn = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/players/{}", t.players[3]),
        Some(&t.org),
        Some(&json!({"withdrawn": true})),
    )
    .await;
    expect(&withdrawn, 200, "withdrawn");
    let api = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/standings", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&api, 200, "the API's standings");
    let rows = api.json["standings"].as_array().unwrap().clone();
    assert_eq!(rows.len(), 4);
    let page = format!("/admin/tournaments/{}/standings", t.tournament);

    expect(&send(&service, get(&page, "")).await, 303, "no session");
    let other = desk(&service, "andere@example.org").await;
    expect(
        &send(&service, get(&page, &other.cookies)).await,
        404,
        "another's",
    );
    expect(
        &send(&service, get(&format!("{page}.csv"), &other.cookies)).await,
        404,
        "another's file",
    );

    let me = desk(&service, "leitung@example.org").await;
    let shown = send(&service, get(&page, &me.cookies)).await;
    expect(&shown, 200, "the standings");
    assert_eq!(shown.header("cache-control"), "private, no-store");
    assert!(
        shown
            .text
            .contains("aria-current=\"page\">Rangliste und Export"),
        "the section is marked"
    );
    for row in &rows {
        let start = shown
            .text
            .find(&format!("data-start-number=\"{}\"", row["start_number"]))
            .unwrap();
        let line = &shown.text[start..start + shown.text[start..].find("</tr>").unwrap()];
        assert!(line.contains(row["name"].as_str().unwrap()), "{line}");
        assert!(
            line.contains(&format!("<td class=\"num total\">{}</td>", row["total"])),
            "{line}"
        );
        // A rank two players hold is marked as shared (set in italics by the sheet).
        let shared = rows.iter().filter(|r| r["rank"] == row["rank"]).count() > 1;
        let class = if shared {
            "num rank shared"
        } else {
            "num rank"
        };
        assert!(
            line.contains(&format!("<td class=\"{class}\">{}.</td>", row["rank"])),
            "{line}"
        );
    }
    assert!(
        shown.text.contains("(zurückgezogen)"),
        "the organiser's view shows the withdrawn"
    );
    assert!(
        shown
            .text
            .contains(&format!("href=\"/tournaments/{}/projector\"", t.tournament))
    );
    assert!(shown.text.contains(&format!("href=\"{page}?round=1\"")));

    let round = send(&service, get(&format!("{page}?round=1"), &me.cookies)).await;
    expect(&round, 200, "round 1");
    assert!(round.text.contains("Wertung der Runde 1"));
    assert!(
        round
            .text
            .contains(&format!("href=\"{page}.csv?round=1&amp;dialect=de\""))
            || round
                .text
                .contains(&format!("href=\"{page}.csv?round=1&dialect=de\"")),
        "{}",
        round.text
    );
    expect(
        &send(&service, get(&format!("{page}?round=9"), &me.cookies)).await,
        404,
        "no such round",
    );
    expect(
        &send(&service, get(&format!("{page}?round=x"), &me.cookies)).await,
        404,
        "not a round",
    );

    // German Excel: BOM, semicolons, German headers, the real totals.
    let de = send(
        &service,
        get(&format!("{page}.csv?dialect=de"), &me.cookies),
    )
    .await;
    expect(&de, 200, "the German file");
    assert_eq!(
        de.header("content-disposition"),
        format!("attachment; filename=\"rangliste-{}.csv\"", t.tournament)
    );
    assert!(de.header("content-type").starts_with("text/csv"));
    assert!(
        de.text
            .starts_with("\u{feff}Platz;Startnummer;Name;Verein;Punkte"),
        "{}",
        de.text
    );
    for row in &rows {
        let line = de
            .text
            .lines()
            .find(|l| l.contains(row["name"].as_str().unwrap()))
            .unwrap();
        let cells: Vec<&str> = line.split(';').collect();
        assert_eq!(cells[0], row["rank"].to_string(), "{line}");
        assert_eq!(cells[4], row["total"].to_string(), "{line}");
    }
    let plain = send(
        &service,
        get(&format!("{page}.csv?dialect=plain&round=1"), &me.cookies),
    )
    .await;
    expect(&plain, 200, "the plain file");
    assert_eq!(
        plain.header("content-disposition"),
        format!(
            "attachment; filename=\"standings-{}-round-1.csv\"",
            t.tournament
        )
    );
    assert!(
        plain.text.starts_with("rank,start_number,name,club,total"),
        "{}",
        plain.text
    );
    let api_round = call_json(
        &service,
        "GET",
        &format!(
            "/api/v1/tournaments/{}/standings?round=1&dialect=plain",
            t.tournament
        ),
        Some(&t.org),
        None,
    )
    .await;
    assert_eq!(plain.text, api_round.text, "the same file as the API's");
});
