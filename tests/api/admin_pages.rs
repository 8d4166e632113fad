//! The organiser's desk: signing in at `/login` into an HttpOnly cookie (the same checks and
//! answers as the API's login), `/admin` listing his tournaments and nobody else's, and the
//! CSRF token every changing form must carry: signing out without it changes nothing.

use actix_web::test::TestRequest;
use serde_json::json;
use service_tests::{PASSWORD, backend_test};

use crate::fixtures::{
    DESK_HOST as HOST, desk, desk_form as form, desk_get as get, expect, organizer, send,
    set_cookie as cookie_of, tournament,
};

backend_test!(
    an_organiser_signs_in_sees_his_tournaments_and_signs_out,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let mine = organizer(&app, &service, "leitung@example.org").await;
        let theirs = organizer(&app, &service, "andere@example.org").await;
        tournament(
            &service,
            &mine,
            &json!({"name": "Herbst-Cup", "date": "2026-11-28"}),
        )
        .await;
        tournament(
            &service,
            &theirs,
            &json!({"name": "Fremdes Turnier", "date": "2026-11-28"}),
        )
        .await;

        // Without a session the desk sends to the form.
        let away = send(&service, get("/admin", "")).await;
        expect(&away, 303, "no session");
        assert_eq!(away.header("location"), "/login");
        let page = send(&service, get("/login", "")).await;
        expect(&page, 200, "the form");
        assert!(page.text.contains("id=\"login-form\""));

        // A wrong password: the form again, the API's answer, no cookie.
        let wrong = send(
            &service,
            form("/login", "", "email=leitung%40example.org&password=falsch"),
        )
        .await;
        expect(&wrong, 401, "wrong password");
        assert!(
            wrong.text.contains("E-Mail oder Passwort ist falsch."),
            "{}",
            wrong.text
        );
        assert!(wrong.text.contains("value=\"leitung@example.org\""));
        assert!(wrong.headers.get("set-cookie").is_none());

        // The right one: two HttpOnly cookies, on to the desk.
        let body = format!("email=Leitung%40example.org&password={PASSWORD}");
        let signed = send(&service, form("/login", "", &body)).await;
        expect(&signed, 303, "signed in");
        assert_eq!(signed.header("location"), "/admin");
        let session = cookie_of(&signed, "karlchen_organizer").expect("the session cookie");
        let csrf = cookie_of(&signed, "karlchen_csrf").expect("the form token's cookie");
        for set in [&session, &csrf] {
            for attribute in ["HttpOnly", "SameSite=Lax", "Path=/"] {
                assert!(set.contains(attribute), "{attribute} in {set}");
            }
        }
        let pair = |c: &str| c.split(';').next().unwrap().to_owned();
        let cookies = format!("{}; {}", pair(&session), pair(&csrf));
        let token = pair(&csrf).split_once('=').unwrap().1.to_owned();
        assert_eq!(token.len(), 64, "32 random bytes");

        let desk = send(&service, get("/admin", &cookies)).await;
        expect(&desk, 200, "the desk");
        assert!(desk.text.contains("Herbst-Cup"));
        assert!(!desk.text.contains("Fremdes Turnier"), "only his own");
        assert!(
            desk.text.contains(&format!("value=\"{token}\"")),
            "the form carries the token"
        );
        assert_eq!(desk.header("cache-control"), "private, no-store");
        let again = send(&service, get("/login", &cookies)).await;
        expect(&again, 303, "signed in already");
        assert_eq!(again.header("location"), "/admin");

        // Signing out without the token, or with another, changes nothing.
        for body in ["", "csrf=", "csrf=00112233"] {
            let refused = send(&service, form("/logout", &cookies, body)).await;
            expect(&refused, 403, body);
            // Said in words, as to a tab left open from an earlier session.
            assert!(refused.text.contains("Diese Seite war veraltet"), "{body}");
            assert!(refused.headers.get("set-cookie").is_none(), "{body}");
        }
        let still = send(&service, get("/admin", &cookies)).await;
        expect(&still, 200, "still signed in");

        // With it: both cookies go.
        let out = send(
            &service,
            form("/logout", &cookies, &format!("csrf={token}")),
        )
        .await;
        expect(&out, 303, "signed out");
        assert_eq!(out.header("location"), "/login");
        let removed: Vec<&str> = out
            .headers
            .get_all("set-cookie")
            .filter_map(|v| v.to_str().ok())
            .collect();
        assert_eq!(removed.len(), 2, "{removed:?}");
        assert!(
            removed.iter().all(|c| c.contains("Max-Age=0")),
            "{removed:?}"
        );
    }
);

backend_test!(a_sign_in_form_from_another_site_is_refused, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    organizer(&app, &service, "leitung@example.org").await;
    let forged = send(
        &service,
        TestRequest::post()
            .uri("/login")
            .insert_header(("Host", HOST))
            .insert_header(("Origin", "http://evil.example"))
            .set_form([("email", "leitung@example.org"), ("password", PASSWORD)])
            .to_request(),
    )
    .await;
    expect(&forged, 403, "a form from elsewhere");
    assert!(forged.headers.get("set-cookie").is_none());
    // A form that does not parse is a problem, not the framework's plain text.
    let broken = send(&service, form("/login", "", "email=x")).await;
    expect(&broken, 400, "a field missing");
    assert_eq!(broken.json["code"], "malformed_body");
});

backend_test!(
    a_tournament_is_published_from_the_desk_with_the_forms_token,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let mine = organizer(&app, &service, "leitung@example.org").await;
        let theirs = organizer(&app, &service, "andere@example.org").await;
        let id = tournament(
            &service,
            &mine,
            &json!({"name": "Herbst-Cup", "date": "2026-11-28"}),
        )
        .await;
        let other = tournament(
            &service,
            &theirs,
            &json!({"name": "Fremd", "date": "2026-11-28"}),
        )
        .await;
        let body = format!("email=leitung%40example.org&password={PASSWORD}");
        let signed = send(&service, form("/login", "", &body)).await;
        expect(&signed, 303, "signed in");
        let pair = |name: &str| {
            cookie_of(&signed, name)
                .unwrap()
                .split(';')
                .next()
                .unwrap()
                .to_owned()
        };
        let (session, csrf) = (pair("karlchen_organizer"), pair("karlchen_csrf"));
        let cookies = format!("{session}; {csrf}");
        let token = csrf.split_once('=').unwrap().1.to_owned();
        let published = || async {
            let answer = crate::fixtures::call_json(
                &service,
                "GET",
                &format!("/api/v1/tournaments/{id}"),
                Some(&mine),
                None,
            )
            .await;
            answer.json["published"].clone()
        };
        let path = format!("/admin/tournaments/{id}/published");

        // Without the token: refused, unchanged.
        let refused = send(&service, form(&path, &cookies, "published=true")).await;
        expect(&refused, 403, "no token");
        assert_eq!(published().await, false);

        // With it: published, and back on the desk with the other button.
        let done = send(
            &service,
            form(&path, &cookies, &format!("csrf={token}&published=true")),
        )
        .await;
        expect(&done, 303, "published");
        assert_eq!(done.header("location"), "/admin");
        assert_eq!(published().await, true);
        let desk = send(&service, get("/admin", &cookies)).await;
        assert!(
            desk.text.contains("Nicht mehr veröffentlichen"),
            "{}",
            desk.text
        );
        // Sent twice: no harm.
        let again = send(
            &service,
            form(&path, &cookies, &format!("csrf={token}&published=true")),
        )
        .await;
        expect(&again, 303, "published again");
        assert_eq!(published().await, true);

        // Another organiser's tournament is not his to publish.
        let foreign = send(
            &service,
            form(
                &format!("/admin/tournaments/{other}/published"),
                &cookies,
                &format!("csrf={token}&published=true"),
            ),
        )
        .await;
        expect(&foreign, 404, "not his: the desk's 404 page");
        assert!(foreign.text.contains("<html"), "a page, not JSON");
        assert!(!foreign.text.contains("Fremd"), "nothing of it shown");
    }
);

backend_test!(a_tournament_is_created_at_the_desk_once, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let token = organizer(&app, &service, "leitung@example.org").await;
    let body = format!("email=leitung%40example.org&password={PASSWORD}");
    let signed = send(&service, form("/login", "", &body)).await;
    let pair = |name: &str| {
        cookie_of(&signed, name)
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .to_owned()
    };
    let (session, csrf) = (pair("karlchen_organizer"), pair("karlchen_csrf"));
    let cookies = format!("{session}; {csrf}");
    let csrf = csrf.split_once('=').unwrap().1.to_owned();
    let list = || async {
        crate::fixtures::call_json(&service, "GET", "/api/v1/tournaments", Some(&token), None)
            .await
            .json
    };

    // A date that is no date: the desk again, naming the field, the input kept, nothing made.
    let bad = format!("csrf={csrf}&idempotency_key=k1&name=Winter-Cup&date=31.12.&venue=&rounds=4");
    let refused = send(&service, form("/admin/tournaments", &cookies, &bad)).await;
    expect(&refused, 422, "a bad date");
    assert!(
        refused.text.contains("id=\"new-error\""),
        "{}",
        refused.text
    );
    assert!(refused.text.contains("<li>Datum</li>"), "{}", refused.text);
    assert!(refused.text.contains("value=\"Winter-Cup\""));
    assert_eq!(list().await.as_array().unwrap().len(), 0);

    // Without the token: refused.
    let good = "idempotency_key=k2&name=Winter-Cup&date=2026-12-12&venue=Vereinsheim&rounds=4";
    let forged = send(&service, form("/admin/tournaments", &cookies, good)).await;
    expect(&forged, 403, "no token");
    assert_eq!(list().await.as_array().unwrap().len(), 0);

    // With it, sent twice (a double tap): one tournament, with the API's defaults.
    for _ in 0..2 {
        let made = send(
            &service,
            form(
                "/admin/tournaments",
                &cookies,
                &format!("csrf={csrf}&{good}"),
            ),
        )
        .await;
        expect(&made, 303, "created");
        assert_eq!(made.header("location"), "/admin");
    }
    let all = list().await;
    let all = all.as_array().unwrap();
    assert_eq!(all.len(), 1, "{all:?}");
    assert_eq!(all[0]["name"], "Winter-Cup");
    assert_eq!(all[0]["date"], "2026-12-12");
    assert_eq!(all[0]["venue"], "Vereinsheim");
    assert_eq!(all[0]["rounds"], 4);
    assert_eq!(all[0]["deals_four"], 24);
    assert_eq!(all[0]["published"], false);
    let desk = send(&service, get("/admin", &cookies)).await;
    assert!(desk.text.contains("Winter-Cup"));
    assert_eq!(all[0]["ruleset"], "ddv");

    // House rules chosen on the form: the switches given, the rest the TSR's; the fields of
    // a game not chosen (the Golden Coins) are not read.
    let house = format!(
        "csrf={csrf}&idempotency_key=k3&name=Hausrunde&date=2026-12-13&ruleset=house\
         &announcements=doubling&second_heart_ten=off&schweinchen=off&karlchen=caught\
         &bock_rounds=on&solo_multiplier=3&golden_coins=x"
    );
    let made = send(&service, form("/admin/tournaments", &cookies, &house)).await;
    expect(&made, 303, "house rules");
    let all = list().await;
    let made = all
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "Hausrunde")
        .unwrap()
        .clone();
    assert_eq!(made["ruleset"], "house");
    let rules = &made["game"]["rules"];
    assert_eq!(rules["announcements"], "doubling");
    assert_eq!(rules["karlchen"], "caught");
    assert_eq!(rules["bock_rounds"], true);
    assert_eq!(rules["armut"], false);
    assert_eq!(rules["solo_multiplier"], 3);
    // Its settings show the rules chosen, and its pages name them.
    let id = made["id"].as_i64().unwrap();
    let page = send(&service, get(&format!("/admin/tournaments/{id}"), &cookies)).await;
    assert!(
        page.text.contains("<option value=\"house\" selected>"),
        "{}",
        page.text
    );
    assert!(page.text.contains("<option value=\"doubling\" selected>"));
    assert!(
        page.text
            .contains("id=\"settings-bock_rounds\" name=\"bock_rounds\" checked")
    );
    let sheets = send(
        &service,
        get(
            &format!("/admin/tournaments/{id}/print/sheets?size=4&count=1"),
            &cookies,
        ),
    )
    .await;
    expect(&sheets, 200, "blank sheets");
    assert!(
        sheets
            .text
            .contains("Hausregeln, Re und Kontra verdoppeln, Karlchen fangen, Bockrunden"),
        "{}",
        sheets.text
    );
    // A solo multiplier that is no number: refused, naming the rules, nothing made.
    let bad = house
        .replace("k3", "k4")
        .replace("solo_multiplier=3", "solo_multiplier=drei");
    let refused = send(&service, form("/admin/tournaments", &cookies, &bad)).await;
    expect(&refused, 422, "a factor that is no number");
    assert!(
        refused.text.contains("<li>Spiel und Regeln</li>"),
        "{}",
        refused.text
    );
    assert_eq!(list().await.as_array().unwrap().len(), 2);
});

backend_test!(
    a_tournament_has_its_desk_page_and_its_printed_lists_open_to_the_desk,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let mine = organizer(&app, &service, "leitung@example.org").await;
        organizer(&app, &service, "andere@example.org").await;
        let id = tournament(
            &service,
            &mine,
            &json!({"name": "Herbst-Cup", "date": "2026-11-28", "rounds": 4}),
        )
        .await;
        crate::fixtures::players(&service, &mine, id, 8).await;
        let page = format!("/admin/tournaments/{id}");

        let away = send(&service, get(&page, "")).await;
        expect(&away, 303, "no session");
        assert_eq!(away.header("location"), crate::fixtures::sign_in_to(&page));

        let me = desk(&service, "leitung@example.org").await;
        let shown = send(&service, get(&page, &me.cookies)).await;
        expect(&shown, 200, "his tournament");
        assert!(shown.text.contains("Herbst-Cup"));
        assert!(shown.text.contains("8 Spieler"), "{}", shown.text);
        assert!(
            shown.text.contains("aria-current=\"page\""),
            "the section is marked"
        );
        assert_eq!(shown.header("cache-control"), "private, no-store");

        // Another organiser's desk does not find it, as the API would not.
        let other = desk(&service, "andere@example.org").await;
        let hidden = send(&service, get(&page, &other.cookies)).await;
        expect(&hidden, 404, "another's tournament");
        assert!(!hidden.text.contains("Herbst-Cup"));

        // The unpublished tournament's public pages open to its organiser's desk cookie
        // (he prints from the browser), and to nobody else.
        let public = format!("/tournaments/{id}");
        expect(
            &send(&service, get(&public, &me.cookies)).await,
            200,
            "his own",
        );
        expect(
            &send(&service, get(&public, &other.cookies)).await,
            404,
            "another's",
        );
        expect(&send(&service, get(&public, "")).await, 404, "the public");

        // Publishing from the tournament's page comes back to it.
        let published = send(
            &service,
            form(
                &format!("{page}/published"),
                &me.cookies,
                &format!("csrf={}&published=true&back=overview", me.csrf),
            ),
        )
        .await;
        expect(&published, 303, "published");
        assert_eq!(published.header("location"), page);
        expect(&send(&service, get(&public, "")).await, 200, "now public");
    }
);

backend_test!(proxy_headers_count_only_from_a_trusted_proxy, |app| {
    let sign_in = |origin: &str, headers: &[(&'static str, &'static str)]| {
        let mut req = TestRequest::post()
            .uri("/login")
            .insert_header(("Host", HOST))
            .insert_header(("Origin", origin.to_owned()))
            .set_form([("email", "leitung@example.org"), ("password", PASSWORD)]);
        for &header in headers {
            req = req.insert_header(header);
        }
        req.to_request()
    };
    let proxy = [
        ("X-Forwarded-Host", "evil.example"),
        ("X-Forwarded-Proto", "https"),
    ];

    // Reached directly: what the headers of a proxy say is anybody's word.
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    organizer(&app, &service, "leitung@example.org").await;
    let forged = send(&service, sign_in("http://evil.example", &proxy)).await;
    expect(
        &forged,
        403,
        "another site's form, with a forged forwarded host",
    );
    assert!(forged.headers.get("set-cookie").is_none());
    let plain = send(
        &service,
        sign_in(&format!("http://{HOST}"), &[("X-Forwarded-Proto", "https")]),
    )
    .await;
    expect(&plain, 303, "signed in over plain HTTP");
    let cookie = plain.header("set-cookie");
    assert!(!cookie.contains("Secure"), "no HTTPS here: {cookie}");

    // Behind a proxy the operator trusts, its word is the request's.
    let mut state = app.state.clone();
    let mut config = (*state.config).clone();
    config.trust_forwarded = true;
    state.config = std::sync::Arc::new(config);
    let proxied = actix_web::test::init_service(api::app::build(state)).await;
    let through = send(&proxied, sign_in("https://evil.example", &proxy)).await;
    expect(&through, 303, "the proxy's host is the request's host");
    let cookie = through.header("set-cookie");
    assert!(cookie.contains("Secure"), "HTTPS at the proxy: {cookie}");
});
