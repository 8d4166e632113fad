//! Joining a table on the captain's phone: the code (typed, or from the printed QR code's
//! link) becomes an HttpOnly, SameSite=Lax cookie and the phone lands on `/table`; a code
//! that opens nothing shows the form again with a clear message, in German by default.

use actix_web::test::TestRequest;
use service_tests::backend_test;

use crate::fixtures::{Table, call_json, expect, send};

backend_test!(a_code_from_the_card_becomes_the_captains_cookie, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::new(&app, &service, 4).await;
    let code = call_json(
        &service,
        "GET",
        &format!("/api/v1/tables/{}/join-code", table.table),
        Some(&table.org),
        None,
    )
    .await;
    expect(&code, 200, "the table's code");
    let code = code.json["code"].as_str().unwrap().to_owned();

    // The link in the QR code: lower case and with a dash works as typed.
    let joined = send(
        &service,
        TestRequest::get()
            .uri(&format!("/join/{}", code.to_lowercase()))
            .to_request(),
    )
    .await;
    expect(&joined, 303, "joined by link");
    assert_eq!(joined.header("location"), "/table");
    let cookie = joined.header("set-cookie");
    assert!(cookie.starts_with("karlchen_captain="), "{cookie}");
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=43200"] {
        assert!(cookie.contains(attribute), "{attribute} in {cookie}");
    }
    assert!(
        !cookie.contains("Secure"),
        "plain HTTP in the hall: {cookie}"
    );

    // A link opened on a phone that keeps a sheet already does not switch it silently: it
    // asks, with the code filled in.
    let session = cookie.split(';').next().unwrap().to_owned();
    let asked = send(
        &service,
        TestRequest::get()
            .uri(&format!("/join/{code}"))
            .insert_header(("Cookie", session.as_str()))
            .to_request(),
    )
    .await;
    expect(&asked, 200, "a second link");
    assert!(asked.headers.get("set-cookie").is_none(), "not switched");
    assert!(asked.text.contains("id=\"join-switch\""), "{}", asked.text);
    assert!(asked.text.contains(&format!("value=\"{code}\"")));

    // Typed into the form, from this host.
    let typed = send(
        &service,
        TestRequest::post()
            .uri("/join")
            .insert_header(("Host", "hall.local"))
            .insert_header(("Origin", "http://hall.local"))
            .set_form([("code", code.as_str())])
            .to_request(),
    )
    .await;
    expect(&typed, 303, "joined by form");
    assert!(typed.header("set-cookie").starts_with("karlchen_captain="));

    // Posted from another site: refused, no cookie.
    let forged = send(
        &service,
        TestRequest::post()
            .uri("/join")
            .insert_header(("Host", "hall.local"))
            .insert_header(("Origin", "http://evil.example"))
            .set_form([("code", code.as_str())])
            .to_request(),
    )
    .await;
    expect(&forged, 403, "a form from elsewhere");
    assert!(forged.headers.get("set-cookie").is_none());
    assert!(forged.text.contains("id=\"join-error\""), "{}", forged.text);
});

backend_test!(a_code_that_opens_nothing_shows_the_form_again, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let table = Table::new(&app, &service, 4).await;
    let unknown = send(
        &service,
        TestRequest::get().uri("/join/NOPE-0000").to_request(),
    )
    .await;
    expect(&unknown, 401, "unknown code");
    assert!(unknown.header("content-type").starts_with("text/html"));
    assert!(unknown.headers.get("set-cookie").is_none());
    assert!(
        unknown.text.contains("Dieser Code öffnet keinen Tisch"),
        "{}",
        unknown.text
    );
    assert!(
        unknown.text.contains("value=\"NOPE-0000\""),
        "the code stays in the field"
    );

    // A revoked code: the same message, in English when asked for.
    let code = call_json(
        &service,
        "GET",
        &format!("/api/v1/tables/{}/join-code", table.table),
        Some(&table.org),
        None,
    )
    .await
    .json["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let revoked = call_json(
        &service,
        "DELETE",
        &format!("/api/v1/tables/{}/join-code", table.table),
        Some(&table.org),
        None,
    )
    .await;
    expect(&revoked, 204, "revoke");
    let english = send(
        &service,
        TestRequest::get()
            .uri(&format!("/join/{code}?lang=en"))
            .to_request(),
    )
    .await;
    expect(&english, 401, "revoked code");
    assert!(
        english.text.contains("This code opens no table"),
        "{}",
        english.text
    );
    assert!(english.text.contains("<html lang=\"en\">"));
    assert!(english.header("set-cookie").starts_with("karlchen_lang=en"));

    // The form itself.
    let form = send(&service, TestRequest::get().uri("/join").to_request()).await;
    expect(&form, 200, "join form");
    assert!(form.text.contains("id=\"join-form\""));
    assert!(form.text.contains("<html lang=\"de\">"));
    // The switch to English (tera escapes the slash as `&#x2F;`).
    assert!(
        form.text.contains("href=\"&#x2F;join?lang=en\""),
        "the switch: {}",
        form.text
    );
});
