//! Co-organisers invited by a one-time link, on both backends: an organiser of the
//! tournament invites an e-mail, the link (shown once, mailed where mail is configured)
//! makes the account or is accepted by the existing one, and works once; it expires, is
//! withdrawn by the owner or who invited, and a newer one replaces it. The desk does the
//! same with its forms, and the page the link opens says in words why a link opens
//! nothing.

use serde_json::{Value, json};
use service_tests::{Backend, PASSWORD, TestApp, backend_test};

use crate::fixtures::{
    App, Reply, call_json, desk, desk_form as form, desk_get as get, expect, organizer, req, send,
    tournament,
};

/// The secret at the end of an invitation `link`.
fn secret(link: &str) -> &str {
    link.rsplit_once("/admin/invite/")
        .map(|(_, s)| s)
        .unwrap_or_else(|| panic!("an invitation link: {link}"))
}

/// The secret of the invitation link a desk page shows (Tera writes `/` as `&#x2F;`).
fn shown_secret(page: &str) -> String {
    let page = page.replace("&#x2F;", "/");
    let at = page.find("/admin/invite/").expect("a link on the page");
    page[at + "/admin/invite/".len()..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect()
}

/// `POST /api/v1/tournaments/{id}/invitations` for `email` as `token`.
async fn invite<S: App>(service: &S, token: &str, id: i64, email: &str) -> Reply {
    call_json(
        service,
        "POST",
        &format!("/api/v1/tournaments/{id}/invitations"),
        Some(token),
        Some(&json!({ "email": email })),
    )
    .await
}

/// `POST /api/v1/invitations/{secret}/accept` with `body`, as `token` if any.
async fn accept<S: App>(service: &S, secret: &str, token: Option<&str>, body: &Value) -> Reply {
    call_json(
        service,
        "POST",
        &format!("/api/v1/invitations/{secret}/accept"),
        token,
        Some(body),
    )
    .await
}

/// The e-mails a list of the tournament's (`organizers`, `invitations`) holds, as
/// `token` reads it.
async fn emails<S: App>(service: &S, token: &str, id: i64, list: &str) -> Vec<String> {
    let got = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{id}/{list}"),
        Some(token),
        None,
    )
    .await;
    expect(&got, 200, list);
    got.json
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["email"].as_str().unwrap().to_owned())
        .collect()
}

/// The e-mails of the tournament's organisers.
async fn organizers<S: App>(service: &S, token: &str, id: i64) -> Vec<String> {
    emails(service, token, id, "organizers").await
}

/// The e-mails of the tournament's open invitations.
async fn open<S: App>(service: &S, token: &str, id: i64) -> Vec<String> {
    emails(service, token, id, "invitations").await
}

/// The audit log's actions of the tournament.
async fn actions<S: App>(service: &S, token: &str, id: i64) -> Vec<String> {
    let got = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{id}/audit"),
        Some(token),
        None,
    )
    .await;
    expect(&got, 200, "audit");
    let entries = got.json["entries"]
        .as_array()
        .or_else(|| got.json.as_array())
        .cloned()
        .unwrap_or_default();
    entries
        .iter()
        .map(|e| e["action"].as_str().unwrap_or_default().to_owned())
        .collect()
}

fn cup() -> Value {
    json!({"name": "Einladungs-Cup", "date": "2026-12-06"})
}

backend_test!(
    an_invitation_makes_an_account_that_runs_the_tournament,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let owner = organizer(&app, &service, "owner@example.org").await;
        let id = tournament(&service, &owner, &cup()).await;

        let made = invite(&service, &owner, id, " Zweite@Example.org ").await;
        expect(&made, 201, "invited");
        assert_eq!(made.json["email"], "zweite@example.org");
        assert_eq!(made.json["invited_by_name"], "Turnierleitung");
        assert_eq!(made.json["mailed"], false, "no mail configured");
        assert_eq!(
            made.json["expires_at"], "2026-12-01T09:00:00Z",
            "seven days"
        );
        let link = made.json["link"].as_str().unwrap().to_owned();
        assert!(
            link.starts_with("http://") && link.contains("/admin/invite/"),
            "{link}"
        );
        let secret = secret(&link).to_owned();
        assert_eq!(secret.len(), 64, "256 random bits as hex");
        assert_eq!(open(&service, &owner, id).await, ["zweite@example.org"]);

        // Only a hash is stored: the secret is nowhere in the database.
        let stored: Vec<String> = app
            .state
            .db
            .run(|conn| {
                use diesel::prelude::*;
                Ok(api::db::schema::invitations::table
                    .select(api::db::schema::invitations::token_hash)
                    .load::<String>(conn)?)
            })
            .await
            .unwrap();
        assert_eq!(stored.len(), 1);
        assert_ne!(stored[0], secret);

        let looked = call_json(
            &service,
            "GET",
            &format!("/api/v1/invitations/{secret}"),
            None,
            None,
        )
        .await;
        expect(&looked, 200, "lookup");
        assert_eq!(looked.json["tournament_name"], "Einladungs-Cup");
        assert_eq!(looked.json["account"], false);

        // A short password and a missing name are refused by field; nothing is made.
        let short = accept(
            &service,
            &secret,
            None,
            &json!({"name": "Zweite", "password": "kurz"}),
        )
        .await;
        expect(&short, 422, "short password");
        assert_eq!(short.faults(), [("password".into(), "too_short".into())]);
        let nameless = accept(&service, &secret, None, &json!({"password": PASSWORD})).await;
        expect(&nameless, 422, "no name");
        assert_eq!(nameless.fields(), ["name"]);

        let accepted = accept(
            &service,
            &secret,
            None,
            &json!({"name": "Zweite Leitung", "password": "ein-gutes-passwort"}),
        )
        .await;
        expect(&accepted, 201, "accepted");
        assert_eq!(accepted.json["tournament_id"], id);
        let token = accepted.json["session"]["token"]
            .as_str()
            .unwrap()
            .to_owned();
        // He runs it: he reads its organisers, and signs in with the password he set.
        assert_eq!(
            organizers(&service, &token, id).await,
            ["owner@example.org", "zweite@example.org"]
        );
        let login = call_json(
            &service,
            "POST",
            "/api/v1/auth/login",
            None,
            Some(&json!({"email": "zweite@example.org", "password": "ein-gutes-passwort"})),
        )
        .await;
        expect(&login, 200, "the new account signs in");

        // The link works once: a second click makes no second account.
        let again = accept(
            &service,
            &secret,
            None,
            &json!({"name": "Noch einer", "password": "ein-gutes-passwort"}),
        )
        .await;
        expect(&again, 410, "used");
        assert_eq!(again.json["code"], "invitation_used");
        // An accepted invitation is not withdrawn: the co-organiser is removed instead.
        let withdraw = call_json(
            &service,
            "DELETE",
            &format!(
                "/api/v1/tournaments/{id}/invitations/{}",
                made.json["id"].as_i64().unwrap()
            ),
            Some(&owner),
            None,
        )
        .await;
        expect(&withdraw, 409, "withdrawing an accepted invitation");
        assert_eq!(withdraw.json["code"], "invitation_accepted");
        assert!(open(&service, &owner, id).await.is_empty());
        // Inviting him again is refused: he runs it.
        let twice = invite(&service, &owner, id, "zweite@example.org").await;
        expect(&twice, 409, "already an organiser");
        assert_eq!(twice.json["code"], "already_organizer");

        let log = actions(&service, &owner, id).await;
        for action in [
            "tournament.invitation.create",
            "tournament.invitation.accept",
        ] {
            assert!(log.iter().any(|a| a == action), "{action} in {log:?}");
        }

        // An unknown secret is not found; a bad address is refused by field.
        let unknown = call_json(&service, "GET", "/api/v1/invitations/abc", None, None).await;
        expect(&unknown, 404, "unknown secret");
        let bad = invite(&service, &owner, id, "a b@example.org").await;
        expect(&bad, 422, "bad address");
        assert_eq!(bad.fields(), ["email"]);
    }
);

backend_test!(an_existing_account_accepts_signed_in_and_links_end, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let owner = organizer(&app, &service, "owner@example.org").await;
    let co = organizer(&app, &service, "co@example.org").await;
    let other = organizer(&app, &service, "other@example.org").await;
    let id = tournament(&service, &owner, &cup()).await;

    // An account that exists accepts with its own token, not with another's.
    let made = invite(&service, &owner, id, "co@example.org").await;
    expect(&made, 201, "invited");
    let first = secret(made.json["link"].as_str().unwrap()).to_owned();
    let looked = call_json(
        &service,
        "GET",
        &format!("/api/v1/invitations/{first}"),
        None,
        None,
    )
    .await;
    assert_eq!(looked.json["account"], true);
    let anonymous = accept(&service, &first, None, &json!({})).await;
    expect(&anonymous, 401, "not signed in");
    let wrong = accept(&service, &first, Some(&other), &json!({})).await;
    expect(&wrong, 409, "another account");
    assert_eq!(wrong.json["code"], "invitation_for_another_account");
    // A newer invitation replaces the first: its link ends.
    let newer = invite(&service, &owner, id, "co@example.org").await;
    expect(&newer, 201, "invited again");
    let second = secret(newer.json["link"].as_str().unwrap()).to_owned();
    let replaced = accept(&service, &first, Some(&co), &json!({})).await;
    expect(&replaced, 410, "replaced");
    assert_eq!(replaced.json["code"], "invitation_withdrawn");
    assert_eq!(open(&service, &owner, id).await, ["co@example.org"]);
    let accepted = send(
        &service,
        req(
            "POST",
            &format!("/api/v1/invitations/{second}/accept"),
            Some(&co),
            None,
            &[],
        ),
    )
    .await;
    expect(&accepted, 201, "accepted without a body");
    assert!(accepted.json.get("session").is_none(), "he has his session");
    assert_eq!(
        organizers(&service, &co, id).await,
        ["owner@example.org", "co@example.org"]
    );

    // The co-organiser invites; the owner and he may withdraw it, another may not.
    let third = invite(&service, &co, id, "dritte@example.org").await;
    expect(&third, 201, "invited by the co-organiser");
    let invitation = third.json["id"].as_i64().unwrap();
    let path = format!("/api/v1/tournaments/{id}/invitations/{invitation}");
    let outsider = call_json(&service, "DELETE", &path, Some(&other), None).await;
    expect(&outsider, 404, "another organiser finds nothing");
    let withdrawn = call_json(&service, "DELETE", &path, Some(&owner), None).await;
    expect(&withdrawn, 204, "withdrawn by the owner");
    let repeated = call_json(&service, "DELETE", &path, Some(&co), None).await;
    expect(&repeated, 204, "withdrawing twice changes nothing");
    let dead = accept(
        &service,
        secret(third.json["link"].as_str().unwrap()),
        None,
        &json!({"name": "Dritte", "password": "ein-gutes-passwort"}),
    )
    .await;
    expect(&dead, 410, "withdrawn");
    assert_eq!(dead.json["code"], "invitation_withdrawn");

    // A co-organiser may not withdraw the owner's invitation.
    let owners = invite(&service, &owner, id, "vierte@example.org").await;
    let owners_id = owners.json["id"].as_i64().unwrap();
    let by_co = call_json(
        &service,
        "DELETE",
        &format!("/api/v1/tournaments/{id}/invitations/{owners_id}"),
        Some(&co),
        None,
    )
    .await;
    expect(&by_co, 403, "not his to withdraw");

    // After seven days the link has expired.
    app.state.db.clock().advance(chrono::TimeDelta::days(7));
    let late = accept(
        &service,
        secret(owners.json["link"].as_str().unwrap()),
        None,
        &json!({"name": "Vierte", "password": "ein-gutes-passwort"}),
    )
    .await;
    expect(&late, 410, "expired");
    assert_eq!(late.json["code"], "invitation_expired");
    assert!(open(&service, &owner, id).await.is_empty());
    let log = actions(&service, &owner, id).await;
    assert!(
        log.iter().any(|a| a == "tournament.invitation.withdraw"),
        "{log:?}"
    );
});

backend_test!(
    the_desk_invites_and_the_link_page_makes_the_account,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let owner = organizer(&app, &service, "owner@example.org").await;
        let id = tournament(&service, &owner, &cup()).await;
        let d = desk(&service, "owner@example.org").await;

        // An e-mail without an account is invited: the page shows the link, this once.
        let body = format!("csrf={}&email=neu%40example.org", d.csrf);
        let page = send(
            &service,
            form(
                &format!("/admin/tournaments/{id}/organizers"),
                &d.cookies,
                &body,
            ),
        )
        .await;
        expect(&page, 200, "the invitation shown");
        assert!(page.text.contains("id=\"invited-link\""), "{}", page.text);
        assert!(page.text.contains("Dieser Server verschickt keine E-Mails"));
        let secret = shown_secret(&page.text);
        assert_eq!(secret.len(), 64);
        assert!(
            page.text
                .replace("&#x2F;", "/")
                .contains(&format!("http://hall.local/admin/invite/{secret}")),
            "the link carries the host the desk was reached at"
        );
        assert!(
            !page.text.contains("invited-loopback"),
            "hall.local is no loopback name"
        );
        // The list of open invitations shows it, with its withdraw button.
        let overview = send(
            &service,
            get(&format!("/admin/tournaments/{id}"), &d.cookies),
        )
        .await;
        assert!(
            overview.text.contains("data-invitation="),
            "{}",
            overview.text
        );
        assert!(overview.text.contains("neu@example.org"));

        // The link's page: differing passwords are refused with the name kept.
        let path = format!("/admin/invite/{secret}");
        let shown = send(&service, get(&path, "")).await;
        expect(&shown, 200, "the link's page");
        assert!(shown.text.contains("Einladungs-Cup") && shown.text.contains("invite-password"));
        let differ = send(
            &service,
            form(
                &path,
                "",
                "name=Neue+Leitung&password=ein-gutes-passwort&password_repeat=ein-anderes-pw",
            ),
        )
        .await;
        expect(&differ, 422, "passwords differ");
        assert!(differ.text.contains("stimmen nicht überein"));
        assert!(differ.text.contains("value=\"Neue Leitung\""));
        let made = send(
            &service,
            form(
                &path,
                "",
                "name=Neue+Leitung&password=ein-gutes-passwort&password_repeat=ein-gutes-passwort",
            ),
        )
        .await;
        expect(&made, 303, "accepted");
        assert_eq!(
            made.header("location"),
            format!("/admin/tournaments/{id}?done=joined#organizers")
        );
        let cookies: Vec<String> = ["karlchen_organizer", "karlchen_csrf"]
            .iter()
            .map(|name| {
                crate::fixtures::set_cookie(&made, name)
                    .unwrap()
                    .split(';')
                    .next()
                    .unwrap()
                    .to_owned()
            })
            .collect();
        let desk_page = send(
            &service,
            get(
                &format!("/admin/tournaments/{id}?done=joined"),
                &cookies.join("; "),
            ),
        )
        .await;
        expect(&desk_page, 200, "the new organiser's desk");
        assert!(
            desk_page
                .text
                .contains("Sie leiten dieses Turnier jetzt mit")
        );

        // Used, the link's page says so in words, with 410.
        let used = send(&service, get(&path, "")).await;
        expect(&used, 410, "used");
        assert!(used.text.contains("schon benutzt"), "{}", used.text);
        let unknown = send(&service, get("/admin/invite/0123", "")).await;
        expect(&unknown, 404, "unknown");
        assert!(unknown.text.contains("gibt es nicht"));

        // Withdrawn at the desk, a link opens nothing.
        let body = format!("csrf={}&email=spaeter%40example.org", d.csrf);
        let page = send(
            &service,
            form(
                &format!("/admin/tournaments/{id}/organizers"),
                &d.cookies,
                &body,
            ),
        )
        .await;
        expect(&page, 200, "the second invitation shown");
        let listed = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{id}/invitations"),
            Some(&owner),
            None,
        )
        .await;
        let invitation = listed.json[0]["id"].as_i64().unwrap();
        let later = shown_secret(&page.text);
        let no_token = send(
            &service,
            form(
                &format!("/admin/tournaments/{id}/invitations/{invitation}/withdraw"),
                &d.cookies,
                "",
            ),
        )
        .await;
        assert_ne!(
            no_token.status.as_u16(),
            303,
            "a form without its token changes nothing"
        );
        let withdrawn = send(
            &service,
            form(
                &format!("/admin/tournaments/{id}/invitations/{invitation}/withdraw"),
                &d.cookies,
                &format!("csrf={}", d.csrf),
            ),
        )
        .await;
        expect(&withdrawn, 303, "withdrawn");
        let gone = send(&service, get(&format!("/admin/invite/{later}"), "")).await;
        expect(&gone, 410, "withdrawn link");
        assert!(gone.text.contains("zurückgezogen"));
    }
);

backend_test!(
    an_account_signs_in_from_the_link_page_and_accepts_there,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let owner = organizer(&app, &service, "owner@example.org").await;
        app.add_organizer("konto@example.org");
        let id = tournament(&service, &owner, &cup()).await;
        let made = invite(&service, &owner, id, "konto@example.org").await;
        let path = format!(
            "/admin/invite/{}",
            secret(made.json["link"].as_str().unwrap())
        );

        // Without a session the page leads to the sign-in, which leads back here.
        let shown = send(&service, get(&path, "")).await;
        expect(&shown, 200, "the link's page");
        assert!(
            shown.text.contains("gibt es schon ein Konto"),
            "{}",
            shown.text
        );
        assert!(
            !shown.text.contains("invite-password"),
            "no new password for an account"
        );
        let next = crate::fixtures::sign_in_to(&path);
        assert!(
            shown.text.replace("&#x2F;", "/").contains(&next),
            "the sign-in link leads back: {}",
            shown.text
        );
        let body = format!(
            "email=konto%40example.org&password={PASSWORD}&next={}",
            path.replace('/', "%2F")
        );
        let signed = send(&service, form("/login", "", &body)).await;
        expect(&signed, 303, "signed in");
        assert_eq!(signed.header("location"), path, "back to the link");
        let d = desk(&service, "konto@example.org").await;
        let shown = send(&service, get(&path, &d.cookies)).await;
        assert!(shown.text.contains("invite-submit") && shown.text.contains(&d.csrf));
        // A form without his session's token accepts nothing for him.
        let forged = send(&service, form(&path, &d.cookies, "")).await;
        assert_ne!(forged.status.as_u16(), 303, "{}", forged.text);
        let accepted = send(
            &service,
            form(&path, &d.cookies, &format!("csrf={}", d.csrf)),
        )
        .await;
        expect(&accepted, 303, "accepted");
        let runs = send(
            &service,
            get(&format!("/admin/tournaments/{id}"), &d.cookies),
        )
        .await;
        expect(&runs, 200, "his desk of the tournament");
    }
);

backend_test!(a_removed_account_is_not_invited_back_by_a_link, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let owner = organizer(&app, &service, "owner@example.org").await;
    app.add_organizer("weg@example.org");
    api::services::organizers::remove(&app.state.db, "weg@example.org")
        .await
        .unwrap();
    let id = tournament(&service, &owner, &cup()).await;
    // Its e-mail stays taken: a link would fail when accepted, so none is made.
    let refused = invite(&service, &owner, id, "weg@example.org").await;
    expect(&refused, 422, "a removed account");
    assert_eq!(
        refused.faults(),
        [("email".to_owned(), "account_removed".to_owned())]
    );
    assert!(open(&service, &owner, id).await.is_empty());
    let d = desk(&service, "owner@example.org").await;
    let body = format!("csrf={}&email=weg%40example.org", d.csrf);
    let page = send(
        &service,
        form(
            &format!("/admin/tournaments/{id}/organizers"),
            &d.cookies,
            &body,
        ),
    )
    .await;
    expect(&page, 422, "the desk says why");
    assert!(
        page.text.contains("Betreiber des Servers entfernt"),
        "{}",
        page.text
    );
    assert!(!page.text.contains("id=\"invited-link\""));
});

/// Where mail is configured, the link goes to the invitee by the mail command: the whole
/// message on its input, the link in it; a command that fails is reported, and the link is
/// still given.
#[actix_web::test]
async fn the_link_is_mailed_where_mail_is_configured() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mails");
    let script = dir.path().join("sendmail");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\ncat >> {}\necho '---' >> {}\n",
            out.display(),
            out.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let mailer =
        api::mail::Mailer::parse(&script.display().to_string(), "doko@example.org").unwrap();
    let app = TestApp::configured(Backend::Sqlite, |config| config.mailer = Some(mailer))
        .await
        .unwrap();
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let owner = organizer(&app, &service, "owner@example.org").await;
    let id = tournament(&service, &owner, &cup()).await;

    let made = invite(&service, &owner, id, "anna@example.org").await;
    expect(&made, 201, "invited");
    assert_eq!(made.json["mailed"], true, "{}", made.text);
    let link = made.json["link"].as_str().unwrap();
    let mail = std::fs::read_to_string(&out).unwrap();
    assert!(mail.contains("To: <anna@example.org>\r\n"), "{mail}");
    assert!(
        mail.contains("From: Karlchen <doko@example.org>\r\n"),
        "{mail}"
    );
    assert!(mail.contains(link), "the link is in the mail: {mail}");
    assert!(mail.contains("Einladungs-Cup"), "{mail}");

    // A mail command that fails: the link is still there, and the answer says why.
    std::fs::write(
        &script,
        "#!/bin/sh\ncat >/dev/null\necho 'relay refused' >&2\nexit 1\n",
    )
    .unwrap();
    let failed = invite(&service, &owner, id, "bert@example.org").await;
    expect(&failed, 201, "invited anyway");
    assert_eq!(failed.json["mailed"], false);
    assert!(
        failed.json["mail_error"]
            .as_str()
            .unwrap()
            .contains("relay refused"),
        "{}",
        failed.text
    );
    assert!(
        failed.json["link"]
            .as_str()
            .unwrap()
            .contains("/admin/invite/")
    );
}
