//! Signing out ends the session on the server: the token it held, wherever a copy of it
//! is (the desk's cookie, a bearer header), opens nothing afterwards. A new password ends
//! every session of the organiser and his preview links, at the desk and from the command
//! line; a removed account signs in no more and its tokens stop, while its tournaments
//! stay.

use serde_json::json;
use service_tests::{PASSWORD, backend_test};

use crate::fixtures::{
    App, DESK_HOST, desk, desk_form, desk_get, expect, organizer, req, send, set_cookie,
    sign_in_to, tournament,
};

const EMAIL: &str = "leitung@example.org";
const NEW_PASSWORD: &str = "ein-neues-Passwort-2026";

/// What `token` gets for the organiser's list of tournaments.
async fn list_status<S: App>(service: &S, token: &str) -> u16 {
    send(
        service,
        req("GET", "/api/v1/tournaments", Some(token), None, &[]),
    )
    .await
    .status
    .as_u16()
}

/// Whether `cookies` open the desk (its page) or send the browser to sign in.
async fn opens_desk<S: App>(service: &S, cookies: &str) -> bool {
    let reply = send(service, desk_get("/admin", cookies)).await;
    match reply.status.as_u16() {
        200 => true,
        303 => {
            assert_eq!(reply.header("location"), "/login");
            false
        }
        other => panic!("/admin answered {other}: {}", reply.text),
    }
}

/// The desk session's token (its cookie's value).
fn session_token(cookies: &str) -> String {
    cookies
        .split("; ")
        .find_map(|c| c.strip_prefix("karlchen_organizer="))
        .unwrap()
        .to_owned()
}

async fn login<S: App>(service: &S, password: &str) -> crate::fixtures::Reply {
    let body = json!({"email": EMAIL, "password": password});
    send(
        service,
        req("POST", "/api/v1/auth/login", None, Some(&body), &[]),
    )
    .await
}

backend_test!(logging_out_ends_the_session_on_the_server, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let api_token = organizer(&app, &service, EMAIL).await;
    let second = login(&service, PASSWORD).await.json["token"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(list_status(&service, &api_token).await, 200);

    // The API: after logout the token opens nothing; another session of his stands.
    let out = send(
        &service,
        req("POST", "/api/v1/auth/logout", Some(&api_token), None, &[]),
    )
    .await;
    expect(&out, 204, "logged out");
    assert_eq!(list_status(&service, &api_token).await, 401);
    assert_eq!(list_status(&service, &second).await, 200, "another session");
    let again = send(
        &service,
        req("POST", "/api/v1/auth/logout", Some(&api_token), None, &[]),
    )
    .await;
    expect(&again, 204, "logging out twice is harmless");
    let anonymous = send(
        &service,
        req("POST", "/api/v1/auth/logout", None, None, &[]),
    )
    .await;
    expect(&anonymous, 401, "no token to log out");

    // The desk: a copy of the cookie kept from before signing out opens nothing after it,
    // neither the desk nor, as a bearer token, the API.
    let session = desk(&service, EMAIL).await;
    let copy = session.cookies.clone();
    assert!(opens_desk(&service, &copy).await);
    let out = send(
        &service,
        desk_form(
            "/logout",
            &session.cookies,
            &format!("csrf={}", session.csrf),
        ),
    )
    .await;
    expect(&out, 303, "signed out at the desk");
    assert!(
        !opens_desk(&service, &copy).await,
        "the old cookie opens the desk"
    );
    let form = send(
        &service,
        desk_form(
            "/admin/tournaments",
            &copy,
            &format!("csrf={}&name=Nachher&date=2026-12-12", session.csrf),
        ),
    )
    .await;
    expect(
        &form,
        303,
        "a form posted with the old cookie signs in first",
    );
    assert_eq!(form.header("location"), "/login");
    assert_eq!(list_status(&service, &session_token(&copy)).await, 401);
    assert_eq!(list_status(&service, &second).await, 200);
});

backend_test!(
    a_new_password_at_the_desk_ends_every_other_session_and_preview,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let api_token = organizer(&app, &service, EMAIL).await;
        let t = tournament(
            &service,
            &api_token,
            &json!({"name": "Vorschau-Cup", "date": "2026-12-12"}),
        )
        .await;
        let link = send(
            &service,
            req(
                "POST",
                &format!("/api/v1/tournaments/{t}/preview-link"),
                Some(&api_token),
                None,
                &[],
            ),
        )
        .await;
        expect(&link, 200, "preview link");
        let preview = link.json["url"].as_str().unwrap().to_owned();
        let read = |path: String| actix_web::test::TestRequest::get().uri(&path).to_request();
        expect(&send(&service, read(preview.clone())).await, 200, "preview");
        let here = desk(&service, EMAIL).await;
        let elsewhere = desk(&service, EMAIL).await;

        // Refused: nothing changes, every session stands.
        for (body, field) in [
            (
                format!("current=falsch-falsch&new={NEW_PASSWORD}&repeat={NEW_PASSWORD}"),
                "password-current",
            ),
            (
                format!("current={PASSWORD}&new={NEW_PASSWORD}&repeat={NEW_PASSWORD}x"),
                "password-repeat",
            ),
            (
                format!("current={PASSWORD}&new=kurz&repeat=kurz"),
                "password-new",
            ),
        ] {
            let refused = send(
                &service,
                desk_form(
                    "/admin/password",
                    &here.cookies,
                    &format!("csrf={}&{body}", here.csrf),
                ),
            )
            .await;
            expect(&refused, 422, &body);
            assert!(
                refused.text.contains(&format!(
                    "id=\"{field}\" name=\"{}\" type=\"password\"",
                    field.trim_start_matches("password-")
                )),
                "{body}"
            );
            assert!(
                refused.text.contains("aria-invalid=\"true\""),
                "{body}: {}",
                refused.text
            );
        }
        assert_eq!(list_status(&service, &api_token).await, 200);
        assert!(opens_desk(&service, &elsewhere.cookies).await);
        let no_token = send(
            &service,
            desk_form(
                "/admin/password",
                &here.cookies,
                &format!("current={PASSWORD}&new={NEW_PASSWORD}&repeat={NEW_PASSWORD}"),
            ),
        )
        .await;
        expect(&no_token, 403, "a form without the desk's token");

        let changed = send(
            &service,
            desk_form(
                "/admin/password",
                &here.cookies,
                &format!(
                    "csrf={}&current={PASSWORD}&new={NEW_PASSWORD}&repeat={NEW_PASSWORD}",
                    here.csrf
                ),
            ),
        )
        .await;
        expect(&changed, 303, "changed");
        assert_eq!(changed.header("location"), "/admin");
        // This browser stays at the desk with a new session; every other one ends.
        let renewed = ["karlchen_organizer", "karlchen_csrf"]
            .map(|name| {
                set_cookie(&changed, name)
                    .unwrap()
                    .split(';')
                    .next()
                    .unwrap()
                    .to_owned()
            })
            .join("; ");
        assert!(opens_desk(&service, &renewed).await, "this browser");
        assert!(
            !opens_desk(&service, &here.cookies).await,
            "its old session"
        );
        assert!(
            !opens_desk(&service, &elsewhere.cookies).await,
            "another browser"
        );
        assert_eq!(
            list_status(&service, &api_token).await,
            401,
            "the API token"
        );
        expect(
            &send(&service, read(preview)).await,
            404,
            "the preview link of an unpublished tournament",
        );
        expect(&login(&service, PASSWORD).await, 401, "the old password");
        expect(
            &login(&service, NEW_PASSWORD).await,
            200,
            "the new password",
        );
        // The desk's host is what the forms were posted to.
        assert_eq!(DESK_HOST, "hall.local");
    }
);

backend_test!(
    the_command_lines_password_and_removal_end_every_session,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let token = organizer(&app, &service, EMAIL).await;
        let t = tournament(
            &service,
            &token,
            &json!({"name": "Bleibt", "date": "2026-12-12"}),
        )
        .await;
        let co = organizer(&app, &service, "ko@example.org").await;
        let added = send(
            &service,
            req(
                "POST",
                &format!("/api/v1/tournaments/{t}/organizers"),
                Some(&token),
                Some(&json!({"email": "ko@example.org"})),
                &[],
            ),
        )
        .await;
        assert!(added.status.is_success(), "{}", added.text);

        let ended = api::services::organizers::reset_password(&app.state.db, EMAIL, NEW_PASSWORD)
            .await
            .unwrap();
        assert_eq!(ended, 1);
        assert_eq!(list_status(&service, &token).await, 401);
        let short = api::services::organizers::reset_password(&app.state.db, EMAIL, "kurz").await;
        assert!(short.is_err(), "a short password");
        let unknown = api::services::organizers::reset_password(
            &app.state.db,
            "nie@example.org",
            NEW_PASSWORD,
        )
        .await;
        assert!(unknown.is_err(), "nobody signs in as that");
        let fresh = login(&service, NEW_PASSWORD).await;
        expect(&fresh, 200, "the new password");
        let fresh = fresh.json["token"].as_str().unwrap().to_owned();

        let ended = api::services::organizers::remove(&app.state.db, EMAIL)
            .await
            .unwrap();
        assert_eq!(ended, 1);
        assert_eq!(list_status(&service, &fresh).await, 401);
        expect(
            &login(&service, NEW_PASSWORD).await,
            401,
            "a removed account",
        );
        assert!(
            api::services::organizers::remove(&app.state.db, EMAIL)
                .await
                .is_err(),
            "removed once"
        );
        // His tournament stays, run by its co-organiser.
        let kept = send(
            &service,
            req(
                "GET",
                &format!("/api/v1/tournaments/{t}"),
                Some(&co),
                None,
                &[],
            ),
        )
        .await;
        expect(&kept, 200, "the tournament stays");
        assert_eq!(kept.json["name"], "Bleibt");
        // A removed account is nobody's to add any more.
        let readded = send(
            &service,
            req(
                "POST",
                &format!("/api/v1/tournaments/{t}/organizers"),
                Some(&co),
                Some(&json!({ "email": EMAIL })),
                &[],
            ),
        )
        .await;
        assert_eq!(
            readded.json["code"], "unknown_organizer",
            "{}",
            readded.text
        );
    }
);

/// `karlchen organizer password` and `karlchen organizer remove`, as an admin types them.
#[test]
fn the_organizer_commands_work_from_the_shell() {
    use std::process::Stdio;

    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("data");
    let setup = crate::crash::Setup {
        url: api::Config::sqlite_url_in(&data_dir),
        data_dir,
        log: dir.path().join("karlchen.log"),
    };
    setup.add_organizer();
    let run = |args: &[&str], password: Option<&str>| {
        let mut command = setup.command();
        command.args(args).stderr(Stdio::piped());
        if let Some(password) = password {
            command.env("KARLCHEN_PASSWORD", password);
        }
        let out = command.output().unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let email = crate::crash::EMAIL;
    let (ok, said) = run(
        &["organizer", "password", "--email", email],
        Some(NEW_PASSWORD),
    );
    assert!(ok, "{said}");
    assert!(
        said.contains("new password for crash@example.org"),
        "{said}"
    );
    let (ok, said) = run(&["organizer", "password", "--email", email], Some("kurz"));
    assert!(!ok && said.contains("10 characters"), "{said}");
    let (ok, said) = run(
        &["organizer", "password", "--email", "nie@example.org"],
        Some(NEW_PASSWORD),
    );
    assert!(!ok && said.contains("nie@example.org"), "{said}");
    let (ok, said) = run(&["organizer", "remove", "--email", email], None);
    assert!(ok, "{said}");
    assert!(said.contains("removed crash@example.org"), "{said}");
    let (ok, said) = run(&["organizer", "remove", "--email", email], None);
    assert!(!ok, "removed twice: {said}");

    let db = rusqlite::Connection::open(setup.data_dir.join("karlchen.db")).unwrap();
    let (version, removed): (i64, Option<String>) = db
        .query_row(
            "SELECT token_version, removed_at FROM organizers WHERE email = ?1",
            [email],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(
        version, 2,
        "the password and the removal each end every token"
    );
    assert!(removed.is_some());
}

/// A form posted from desk page `from` (its `Referer`) with `cookies`.
fn form_from(from: &str, path: &str, cookies: &str, body: &str) -> actix_http::Request {
    actix_web::test::TestRequest::post()
        .uri(path)
        .insert_header(("Host", DESK_HOST))
        .insert_header(("Origin", format!("http://{DESK_HOST}")))
        .insert_header(("Referer", format!("http://{DESK_HOST}{from}")))
        .insert_header(("Cookie", cookies.to_owned()))
        .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
        .set_payload(body.to_owned())
        .to_request()
}

/// The organiser [`EMAIL`] (his API token) and a tournament of his.
async fn with_tournament<S: App>(app: &service_tests::TestApp, service: &S) -> (String, i64) {
    let token = organizer(app, service, EMAIL).await;
    let t = tournament(
        service,
        &token,
        &json!({"name": "Herbst-Cup", "date": "2026-12-12"}),
    )
    .await;
    (token, t)
}

/// The desk's "new tournament" form named `name`, sent from page `from` with `cookies` and
/// form token `csrf`.
async fn create_from<S: App>(
    service: &S,
    from: &str,
    (cookies, csrf): (&str, &str),
    name: &str,
) -> crate::fixtures::Reply {
    let body = format!("csrf={csrf}&idempotency_key={name}&name={name}&date=2026-12-12");
    send(
        service,
        form_from(from, "/admin/tournaments", cookies, &body),
    )
    .await
}

/// `page` as the pages write it into an attribute (tera escapes the slashes).
fn escaped(page: &str) -> String {
    page.replace('/', "&#x2F;")
}

/// The organiser's tournaments, as the API lists them.
async fn tournaments<S: App>(service: &S, token: &str) -> usize {
    let listed = send(
        service,
        req("GET", "/api/v1/tournaments", Some(token), None, &[]),
    )
    .await;
    listed.json.as_array().map_or(0, Vec::len)
}

backend_test!(
    a_desk_page_whose_session_ended_signs_in_and_comes_back_to_it,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let (api_token, t) = with_tournament(&app, &service).await;
        let me = desk(&service, EMAIL).await;
        let out = send(
            &service,
            desk_form("/logout", &me.cookies, &format!("csrf={}", me.csrf)),
        )
        .await;
        expect(&out, 303, "signed out");

        // A page read with the ended session: the sign-in form, which says why and where
        // it goes on to, in German.
        let page = format!("/admin/tournaments/{t}/rounds");
        let away = send(&service, desk_get(&page, &me.cookies)).await;
        expect(&away, 303, "ended session");
        let to = away.header("location");
        assert_eq!(to, sign_in_to(&page));
        let form = send(&service, desk_get(to, "")).await;
        expect(&form, 200, "the sign-in form");
        assert!(
            form.text.contains("Ihre Anmeldung ist abgelaufen"),
            "{}",
            form.text
        );
        assert!(
            form.text
                .contains(&format!("name=\"next\" value=\"{}\"", escaped(&page))),
            "{}",
            form.text
        );
        assert!(form.json.is_null(), "a page, not JSON");

        // Signed in, he is back on that page.
        let body = format!(
            "email={}&password={PASSWORD}&next={}",
            EMAIL.replace('@', "%40"),
            page.replace('/', "%2F")
        );
        let signed = send(&service, desk_form("/login", "", &body)).await;
        expect(&signed, 303, "signed in");
        assert_eq!(signed.header("location"), page);

        // Only desk pages: anything else goes to the desk's start.
        for elsewhere in [
            "https%3A%2F%2Fevil.example%2Fadmin",
            "%2F%2Fevil.example%2Fadmin",
            "%2Fadmin%2F%2Fevil.example",
            "%2Fadministrator",
            "%2Ftournaments%2F1",
            "%2Fadmin%5C%5Cevil.example",
        ] {
            let body = format!(
                "email={}&password={PASSWORD}&next={elsewhere}",
                EMAIL.replace('@', "%40")
            );
            let signed = send(&service, desk_form("/login", "", &body)).await;
            expect(&signed, 303, elsewhere);
            assert_eq!(signed.header("location"), "/admin", "{elsewhere}");
        }

        // A form sent from a page of the ended session: nothing is changed, and after
        // signing in he is back on the page the form was on, to send it again.
        let before = tournaments(&service, &api_token).await;
        let players = format!("/admin/tournaments/{t}/players");
        let sent = create_from(&service, &players, (&me.cookies, &me.csrf), "Nie").await;
        expect(&sent, 303, "a form of the ended session");
        assert_eq!(sent.header("location"), sign_in_to(&players));
        assert_eq!(tournaments(&service, &api_token).await, before);
    }
);

backend_test!(
    a_form_from_a_page_of_an_earlier_session_says_so_in_words_and_changes_nothing,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let (api_token, t) = with_tournament(&app, &service).await;
        // A tab left open, then a sign-in in another tab: the browser's cookies are the
        // new session's, the old tab's forms carry the earlier token.
        let earlier = desk(&service, EMAIL).await;
        let now = desk(&service, EMAIL).await;
        assert_ne!(earlier.csrf, now.csrf);
        let before = tournaments(&service, &api_token).await;
        let page = format!("/admin/tournaments/{t}");
        let stale = create_from(&service, &page, (&now.cookies, &earlier.csrf), "Doppelt").await;
        expect(&stale, 403, "an earlier session's form");
        assert!(
            stale.header("content-type").starts_with("text/html"),
            "{}",
            stale.header("content-type")
        );
        assert!(stale.json.is_null(), "a page, not JSON: {}", stale.text);
        for words in [
            "Diese Seite war veraltet",
            "Es wurde nichts geändert.",
            &format!(
                "id=\"stale-back\" class=\"button\" href=\"{}\"",
                escaped(&page)
            ),
        ] {
            assert!(stale.text.contains(words), "{words}: {}", stale.text);
        }
        assert_eq!(tournaments(&service, &api_token).await, before);

        // Signing out from the old tab is refused the same way; the session stands.
        let out = send(
            &service,
            form_from(
                &page,
                "/logout",
                &now.cookies,
                &format!("csrf={}", earlier.csrf),
            ),
        )
        .await;
        expect(&out, 403, "an earlier session's sign-out");
        assert!(out.text.contains("Diese Seite war veraltet"));
        assert!(opens_desk(&service, &now.cookies).await);

        // With the page loaded afresh, the same form goes through.
        let sent = create_from(&service, &page, (&now.cookies, &now.csrf), "Neu").await;
        expect(&sent, 303, "the page's own token");
        assert_eq!(tournaments(&service, &api_token).await, before + 1);
    }
);
