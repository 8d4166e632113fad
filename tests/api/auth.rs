//! Who may do what: every endpoint for every role (nobody, the owning organiser, another
//! organiser, the captain of the table, the captain of another table), on an unpublished
//! and then a published tournament, and the tokens that must be refused.

use api::auth::jwt::{self, Claims, Role as TokenRole};
use serde_json::{Value, json};
use service_tests::{PASSWORD, backend_test};

use crate::fixtures::{
    App, Reply, call_json, captain_from_code, csv, expect, normal, organizer, players, req, round,
    send, tournament,
};

/// Who calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// No token.
    Anon,
    /// The organiser who owns the tournament.
    Owner,
    /// Another organiser.
    Other,
    /// The captain of table 1, the table the request is about.
    Cap,
    /// The captain of table 2 of the same round.
    CapOther,
}
use Role::{Anon, Cap, CapOther, Other, Owner};

struct Tokens {
    owner: String,
    other: String,
    cap: String,
    cap_other: String,
}

impl Tokens {
    fn get(&self, role: Role) -> Option<&str> {
        match role {
            Anon => None,
            Owner => Some(&self.owner),
            Other => Some(&self.other),
            Cap => Some(&self.cap),
            CapOther => Some(&self.cap_other),
        }
    }
}

/// Runs rows of the matrix and collects every cell that answers otherwise than expected.
struct Matrix<'a, S> {
    service: &'a S,
    tokens: Tokens,
    failures: Vec<String>,
}

impl<S: App> Matrix<'_, S> {
    /// Sends `make(role, token)` for each role in order and checks the status (and, for
    /// 401, the `WWW-Authenticate` challenge); returns the last answer.
    async fn row(
        &mut self,
        label: &str,
        cases: &[(Role, u16)],
        make: impl Fn(Role, Option<&str>) -> actix_http::Request,
    ) -> Reply {
        let mut last = None;
        for &(role, status) in cases {
            let reply = send(self.service, make(role, self.tokens.get(role))).await;
            if reply.status.as_u16() != status {
                self.failures.push(format!(
                    "{label} as {role:?}: expected {status}, got {} {}",
                    reply.status.as_u16(),
                    reply.text
                ));
            } else if status == 401 && reply.header("www-authenticate") != "Bearer" {
                self.failures.push(format!(
                    "{label} as {role:?}: 401 without `WWW-Authenticate: Bearer`"
                ));
            } else if status >= 400 {
                let code = match status {
                    401 => "unauthenticated",
                    403 => "forbidden",
                    404 => "not_found",
                    _ => "",
                };
                if !code.is_empty() && reply.json["code"] != code {
                    self.failures
                        .push(format!("{label} as {role:?}: code {}", reply.json["code"]));
                }
            }
            last = Some(reply);
        }
        last.unwrap()
    }
}

/// A plain request of the matrix.
fn plain(
    method: &'static str,
    path: String,
    body: Option<Value>,
) -> impl Fn(Role, Option<&str>) -> actix_http::Request {
    move |_, token| req(method, &path, token, body.as_ref(), &[])
}

/// The version of deal `number` on the sheet of `table`, read by `token`.
async fn version<S: App>(service: &S, token: &str, table: i64, number: usize) -> String {
    let sheet = call_json(
        service,
        "GET",
        &format!("/api/v1/tables/{table}/sheet"),
        Some(token),
        None,
    )
    .await;
    sheet.json["deals"][number - 1]["version"].to_string()
}

backend_test!(every_role_on_every_endpoint, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let owner = organizer(&app, &service, "owner@example.org").await;
    let other = organizer(&app, &service, "other@example.org").await;
    let t = tournament(
        &service,
        &owner,
        &json!({"name": "Karlchen-Cup", "date": "2026-12-05"}),
    )
    .await;
    let ids = players(&service, &owner, t, 9).await;
    let spare = ids[8];
    let r1 = round(
        &service,
        &owner,
        t,
        &json!([ids[0..4].to_vec(), ids[4..8].to_vec()]),
    )
    .await;
    let t1 = r1.json["tables"][0]["id"].as_i64().unwrap();
    let t2 = r1.json["tables"][1]["id"].as_i64().unwrap();
    let mut codes = Vec::new();
    for table in [t1, t2] {
        let code = call_json(
            &service,
            "POST",
            &format!("/api/v1/tables/{table}/join-code"),
            Some(&owner),
            None,
        )
        .await;
        expect(&code, 201, "join code");
        codes.push(code.json["code"].as_str().unwrap().to_owned());
    }
    let cap = captain_from_code(&service, &codes[0]).await;
    let cap_other = captain_from_code(&service, &codes[1]).await;
    let first = call_json(
        &service,
        "POST",
        &format!("/api/v1/tables/{t1}/deals"),
        Some(&cap),
        Some(&normal([0, 2])),
    )
    .await;
    expect(&first, 201, "first deal");

    let mut m = Matrix {
        service: &service,
        tokens: Tokens {
            owner: owner.clone(),
            other: other.clone(),
            cap: cap.clone(),
            cap_other,
        },
        failures: Vec::new(),
    };

    // Logging in needs no token, and a token sent along changes nothing.
    let everyone = |status| {
        [
            (Anon, status),
            (Other, status),
            (CapOther, status),
            (Cap, status),
            (Owner, status),
        ]
    };
    m.row(
        "POST /auth/login",
        &everyone(200),
        plain(
            "POST",
            "/api/v1/auth/login".into(),
            Some(json!({"email": "owner@example.org", "password": PASSWORD})),
        ),
    )
    .await;
    m.row(
        "POST /auth/captain",
        &everyone(200),
        plain(
            "POST",
            "/api/v1/auth/captain".into(),
            Some(json!({"code": codes[1]})),
        ),
    )
    .await;

    // Organiser-only endpoints that name no tournament.
    let organizers_only = |ok| {
        [
            (Anon, 401),
            (CapOther, 403),
            (Cap, 403),
            (Other, ok),
            (Owner, ok),
        ]
    };
    m.row(
        "POST /tournaments",
        &organizers_only(201),
        plain(
            "POST",
            "/api/v1/tournaments".into(),
            Some(json!({"name": "Noch ein Turnier", "date": "2026-12-06"})),
        ),
    )
    .await;
    m.row(
        "GET /tournaments",
        &organizers_only(200),
        plain("GET", "/api/v1/tournaments".into(), None),
    )
    .await;
    let mine = call_json(&service, "GET", "/api/v1/tournaments", Some(&owner), None).await;
    let theirs = call_json(&service, "GET", "/api/v1/tournaments", Some(&other), None).await;
    let ids_of = |r: &Reply| -> Vec<i64> {
        r.json
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["id"].as_i64().unwrap())
            .collect()
    };
    assert!(ids_of(&mine).contains(&t));
    assert_eq!(ids_of(&mine).len(), 2);
    assert!(
        !ids_of(&theirs).contains(&t),
        "another organiser lists only his own"
    );
    assert_eq!(ids_of(&theirs).len(), 1);

    // Reads of an unpublished tournament: its owner and its captains.
    let private_read = [
        (Anon, 404),
        (Other, 404),
        (CapOther, 200),
        (Cap, 200),
        (Owner, 200),
    ];
    // Writes only its owner may make; other organisers learn nothing.
    let owner_write = |ok| {
        [
            (Anon, 401),
            (Other, 404),
            (CapOther, 403),
            (Cap, 403),
            (Owner, ok),
        ]
    };
    let tp = format!("/api/v1/tournaments/{t}");
    m.row(
        "GET /tournaments/{id}",
        &private_read,
        plain("GET", tp.clone(), None),
    )
    .await;
    m.row(
        "PATCH /tournaments/{id}",
        &owner_write(200),
        plain("PATCH", tp.clone(), Some(json!({"published": false}))),
    )
    .await;
    m.row(
        "POST /tournaments/{id}/players",
        &owner_write(201),
        plain(
            "POST",
            format!("{tp}/players"),
            Some(json!({"name": "Neu"})),
        ),
    )
    .await;
    m.row(
        "GET /tournaments/{id}/players",
        &private_read,
        plain("GET", format!("{tp}/players"), None),
    )
    .await;
    let import = format!("{tp}/players/import");
    m.row(
        "POST /tournaments/{id}/players/import",
        &owner_write(201),
        move |_, token| csv(&import, token, "name,club\nImportiert,DK Pik-As\n"),
    )
    .await;
    m.row(
        "PATCH /players/{id}",
        &owner_write(200),
        plain(
            "PATCH",
            format!("/api/v1/players/{spare}"),
            Some(json!({"checked_in": true})),
        ),
    )
    .await;
    let r2 = m
        .row(
            "POST /tournaments/{id}/rounds",
            &owner_write(201),
            plain(
                "POST",
                format!("{tp}/rounds"),
                Some(json!({"tables": [ids[0..4].to_vec()], "early": true})),
            ),
        )
        .await;
    let r2_id = r2.json["id"].as_i64().unwrap();
    let t3 = r2.json["tables"][0]["id"].as_i64().unwrap();
    m.row(
        "GET /tournaments/{id}/rounds",
        &private_read,
        plain("GET", format!("{tp}/rounds"), None),
    )
    .await;
    m.row(
        "POST /rounds/{id}/seating",
        &owner_write(200),
        plain(
            "POST",
            format!("/api/v1/rounds/{r2_id}/seating"),
            Some(json!({"changes": [{"swap": {"players": [ids[0], ids[1]]}}], "dry_run": true})),
        ),
    )
    .await;
    m.row(
        "POST /rounds/{id}/close",
        &owner_write(200),
        plain(
            "POST",
            format!("/api/v1/rounds/{r2_id}/close"),
            Some(json!({"force": true})),
        ),
    )
    .await;
    m.row(
        "GET /tournaments/{id}/audit",
        &owner_write(200),
        plain("GET", format!("{tp}/audit"), None),
    )
    .await;
    m.row(
        "GET /tournaments/{id}/standings",
        &private_read,
        plain("GET", format!("{tp}/standings"), None),
    )
    .await;

    // Join codes: refusals on table 1 (whose captain asks), the organiser's own success on
    // the table of round 2, so that table 1's captain keeps his token.
    let table_path = move |role: Role, rest: &str| {
        let table = if role == Owner { t3 } else { t1 };
        format!("/api/v1/tables/{table}/{rest}")
    };
    m.row(
        "POST /tables/{id}/join-code",
        &owner_write(201),
        |role, token| req("POST", &table_path(role, "join-code"), token, None, &[]),
    )
    .await;
    m.row(
        "DELETE /tables/{id}/join-code",
        &owner_write(204),
        |role, token| req("DELETE", &table_path(role, "join-code"), token, None, &[]),
    )
    .await;

    // The sheet: its captain and the owner read and write it; the other captain is refused.
    let sheet = format!("/api/v1/tables/{t1}/sheet");
    let deals = format!("/api/v1/tables/{t1}/deals");
    m.row(
        "GET /tables/{id}/sheet",
        &[
            (Anon, 404),
            (Other, 404),
            (CapOther, 403),
            (Cap, 200),
            (Owner, 200),
        ],
        plain("GET", sheet.clone(), None),
    )
    .await;
    m.row(
        "POST /tables/{id}/deals",
        &[(Other, 404), (CapOther, 403), (Cap, 201), (Owner, 201)],
        plain("POST", deals.clone(), Some(normal([1, 3]))),
    )
    .await;
    // Three deals now. Refusals change no version; each success adds one.
    let put = |v: String| {
        let path = format!("{deals}/1");
        move |_: Role, token: Option<&str>| {
            req(
                "PUT",
                &path,
                token,
                Some(
                    &json!({"contract": "normal", "re": [0, 1], "re_points": 130, "re_tricks": 7, "reason": "Tippfehler"}),
                ),
                &[("If-Match", v.as_str())],
            )
        }
    };
    let v = version(&service, &owner, t1, 1).await;
    m.row(
        "PUT /tables/{id}/deals/{n}",
        &[(Other, 404), (CapOther, 403), (Cap, 200)],
        put(v),
    )
    .await;
    let v = version(&service, &owner, t1, 1).await;
    assert_eq!(v, "2");
    m.row("PUT /tables/{id}/deals/{n}", &[(Owner, 200)], put(v))
        .await;
    let delete = |n: usize, v: String| {
        let path = format!("{deals}/{n}");
        move |_: Role, token: Option<&str>| {
            req("DELETE", &path, token, None, &[("If-Match", v.as_str())])
        }
    };
    let v = version(&service, &owner, t1, 3).await;
    m.row(
        "DELETE /tables/{id}/deals/{n}",
        &[(Other, 404), (CapOther, 403), (Cap, 200)],
        delete(3, v),
    )
    .await;
    let v = version(&service, &owner, t1, 2).await;
    m.row(
        "DELETE /tables/{id}/deals/{n}",
        &[(Owner, 200)],
        delete(2, v),
    )
    .await;
    m.row(
        "POST /tables/{id}/penalties",
        &owner_write(201),
        plain(
            "POST",
            format!("/api/v1/tables/{t1}/penalties"),
            Some(json!({"deal_number": 1, "severity": "minor", "offender": 1, "referee": "Meier"})),
        ),
    )
    .await;

    // Published: everybody reads; writes stay as they were.
    let published = call_json(
        &service,
        "PATCH",
        &tp,
        Some(&owner),
        Some(&json!({"published": true})),
    )
    .await;
    expect(&published, 200, "publish");
    assert_eq!(published.json["published"], true);
    let public_read = everyone(200);
    for (label, path) in [
        ("published GET /tournaments/{id}", tp.clone()),
        (
            "published GET /tournaments/{id}/players",
            format!("{tp}/players"),
        ),
        (
            "published GET /tournaments/{id}/rounds",
            format!("{tp}/rounds"),
        ),
        (
            "published GET /tournaments/{id}/standings",
            format!("{tp}/standings"),
        ),
        ("published GET /tables/{id}/sheet", sheet.clone()),
    ] {
        m.row(label, &public_read, plain("GET", path, None)).await;
    }
    m.row(
        "published GET /tournaments",
        &organizers_only(200),
        plain("GET", "/api/v1/tournaments".into(), None),
    )
    .await;
    m.row(
        "published GET /tournaments/{id}/audit",
        &owner_write(200),
        plain("GET", format!("{tp}/audit"), None),
    )
    .await;
    m.row(
        "published PATCH /tournaments/{id}",
        &[(Anon, 401), (Other, 404), (CapOther, 403), (Cap, 403)],
        plain("PATCH", tp.clone(), Some(json!({"published": false}))),
    )
    .await;
    m.row(
        "published POST /tournaments/{id}/players",
        &[(Anon, 401), (Other, 404), (CapOther, 403), (Cap, 403)],
        plain(
            "POST",
            format!("{tp}/players"),
            Some(json!({"name": "Neu"})),
        ),
    )
    .await;
    m.row(
        "published POST /tables/{id}/deals",
        &[(Other, 404), (CapOther, 403)],
        plain("POST", deals.clone(), Some(normal([1, 3]))),
    )
    .await;
    m.row(
        "published POST /tables/{id}/penalties",
        &[(Anon, 401), (Other, 404), (CapOther, 403), (Cap, 403)],
        plain(
            "POST",
            format!("/api/v1/tables/{t1}/penalties"),
            Some(json!({"deal_number": 1, "severity": "minor", "offender": 1, "referee": "Meier"})),
        ),
    )
    .await;
    // Last, since it ends the table's normal games.
    m.row(
        "POST /tables/{id}/time-up",
        &owner_write(200),
        plain("POST", format!("/api/v1/tables/{t1}/time-up"), None),
    )
    .await;

    assert!(
        m.failures.is_empty(),
        "{} cell(s) of the matrix:\n{}",
        m.failures.len(),
        m.failures.join("\n")
    );

    // The successful writes above are on the sheet: the owner's and the captain's deals,
    // corrections and deletions, and the penalty.
    let sheet = call_json(&service, "GET", &sheet, None, None).await;
    expect(&sheet, 200, "published sheet");
    assert_eq!(sheet.json["deals"].as_array().unwrap().len(), 1);
    assert_eq!(sheet.json["deals"][0]["version"], 3);
    assert_eq!(sheet.json["deals"][0]["re"], json!([0, 1]));
    // Re 0,1 win 130 (+1 each); the minor penalty of seat 1 (+1, -3, +1, +1).
    assert_eq!(sheet.json["totals"], json!([2, -2, 0, 0]));
    assert_eq!(sheet.json["time_up"], true);
});

/// A URL-safe base64 encoding without padding, as JWTs use it.
fn b64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            let index = (n >> (18 - 6 * i)) & 63;
            out.push(char::from(ALPHABET[usize::try_from(index).unwrap()]));
        }
    }
    out
}

#[test]
fn the_local_base64url_encoder_matches_rfc_4648() {
    assert_eq!(b64url(b""), "");
    assert_eq!(b64url(b"f"), "Zg");
    assert_eq!(b64url(b"fo"), "Zm8");
    assert_eq!(b64url(b"foo"), "Zm9v");
    assert_eq!(b64url(b"foob"), "Zm9vYg");
    assert_eq!(b64url(&[0xfb, 0xff]), "-_8");
}

/// A token with `header` and `claims` and the given signature part.
fn hand_made(header: &Value, claims: &Claims, signature: &str) -> String {
    format!(
        "{}.{}.{signature}",
        b64url(header.to_string().as_bytes()),
        b64url(&serde_json::to_vec(claims).unwrap())
    )
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        .try_into()
        .unwrap()
}

/// Every bad token is a 401 with the bearer challenge, on an organiser endpoint, on a
/// published tournament anybody may read, and on a captain's sheet.
async fn refused<S: App>(service: &S, paths: &[String], token: &str, what: &str) {
    for path in paths {
        let reply = send(service, req("GET", path, Some(token), None, &[])).await;
        expect(&reply, 401, &format!("{what} on {path}"));
        assert_eq!(reply.header("www-authenticate"), "Bearer", "{what}");
        assert_eq!(reply.json["code"], "unauthenticated", "{what}");
    }
}

backend_test!(bad_tokens_are_refused, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let owner_id = app.add_organizer("owner@example.org");
    let login = call_json(
        &service,
        "POST",
        "/api/v1/auth/login",
        None,
        Some(&json!({"email": "owner@example.org", "password": PASSWORD})),
    )
    .await;
    let owner = login.json["token"].as_str().unwrap().to_owned();
    let t = tournament(
        &service,
        &owner,
        &json!({"name": "Offen", "date": "2026-12-05", "published": true}),
    )
    .await;
    let ids = players(&service, &owner, t, 4).await;
    let r = round(&service, &owner, t, &json!([ids])).await;
    let table = r.json["tables"][0]["id"].as_i64().unwrap();
    let paths = [
        "/api/v1/tournaments".to_owned(),
        format!("/api/v1/tournaments/{t}"),
        format!("/api/v1/tables/{table}/sheet"),
    ];
    // The real token works everywhere.
    for path in &paths {
        let ok = send(&service, req("GET", path, Some(&owner), None, &[])).await;
        expect(&ok, 200, path);
    }
    let fresh = |role, sub, code| Claims::new(role, sub, code, now());

    // Expired an hour ago.
    let expired = Claims::new(TokenRole::Organizer, owner_id, None, now() - 17 * 3600);
    assert!(expired.exp < now() - 3000);
    let token = jwt::encode(&app.state.keys, &expired).unwrap();
    refused(&service, &paths, &token, "expired").await;

    // A changed signature.
    let (rest, signature) = owner.rsplit_once('.').unwrap();
    let first = signature.chars().next().unwrap();
    let flipped = if first == 'A' { 'B' } else { 'A' };
    let tampered = format!("{rest}.{flipped}{}", &signature[1..]);
    refused(&service, &paths, &tampered, "tampered signature").await;

    // The claims changed (another organiser's id), the signature kept.
    let mut other = fresh(TokenRole::Organizer, owner_id, None);
    other.sub = (owner_id + 1).to_string();
    let (_, signature) = owner.rsplit_once('.').unwrap();
    let swapped = hand_made(&json!({"alg": "HS256", "typ": "JWT"}), &other, signature);
    refused(&service, &paths, &swapped, "tampered claims").await;

    // Unsigned.
    let mine = fresh(TokenRole::Organizer, owner_id, None);
    let none = hand_made(&json!({"alg": "none", "typ": "JWT"}), &mine, "");
    refused(&service, &paths, &none, "alg none").await;
    let none_upper = hand_made(&json!({"alg": "NONE", "typ": "JWT"}), &mine, "");
    refused(&service, &paths, &none_upper, "alg NONE").await;
    let unsigned = hand_made(&json!({"alg": "HS256", "typ": "JWT"}), &mine, "");
    refused(&service, &paths, &unsigned, "HS256 without signature").await;

    // Signed with another key.
    let elsewhere = tempfile::tempdir().unwrap();
    let keys = api::keys::SigningKeys::load_or_create(elsewhere.path()).unwrap();
    let foreign = jwt::encode(&keys, &mine).unwrap();
    refused(&service, &paths, &foreign, "another key").await;

    // Another issuer or audience.
    let mut claims = fresh(TokenRole::Organizer, owner_id, None);
    claims.iss = "someone-else".into();
    let token = jwt::encode(&app.state.keys, &claims).unwrap();
    refused(&service, &paths, &token, "wrong issuer").await;
    let mut claims = fresh(TokenRole::Organizer, owner_id, None);
    claims.aud = "another-api".into();
    let token = jwt::encode(&app.state.keys, &claims).unwrap();
    refused(&service, &paths, &token, "wrong audience").await;

    // Claims that do not fit the role.
    let token = jwt::encode(&app.state.keys, &fresh(TokenRole::Captain, table, None)).unwrap();
    refused(&service, &paths, &token, "captain without a code").await;
    let token = jwt::encode(
        &app.state.keys,
        &fresh(TokenRole::Organizer, owner_id, Some("ACDEFGHJ".into())),
    )
    .unwrap();
    refused(&service, &paths, &token, "organiser with a code").await;
    let mut claims = fresh(TokenRole::Organizer, owner_id, None);
    claims.sub = "owner@example.org".into();
    let token = jwt::encode(&app.state.keys, &claims).unwrap();
    refused(&service, &paths, &token, "subject not an id").await;
    // A captain token for a code that was never issued.
    let token = jwt::encode(
        &app.state.keys,
        &fresh(TokenRole::Captain, table, Some("ACDEFGHJ".into())),
    )
    .unwrap();
    let sheet = send(&service, req("GET", &paths[2], Some(&token), None, &[])).await;
    expect(&sheet, 401, "captain token of an unknown code");

    // Not a bearer token at all.
    for header in [
        "Basic b3duZXI6cGFzc3dvcmQ=",
        "Bearer",
        "Bearer not.a.token",
        owner.as_str(),
    ] {
        let reply = send(
            &service,
            actix_web::test::TestRequest::get()
                .uri("/api/v1/tournaments")
                .insert_header(("Authorization", header))
                .to_request(),
        )
        .await;
        expect(&reply, 401, header);
        assert_eq!(reply.header("www-authenticate"), "Bearer");
    }

    // No token at all on organiser endpoints: 401 with the challenge.
    for (method, path) in [
        ("GET", "/api/v1/tournaments".to_owned()),
        ("POST", "/api/v1/tournaments".to_owned()),
        ("GET", format!("/api/v1/tournaments/{t}/audit")),
        ("POST", format!("/api/v1/tables/{table}/time-up")),
        ("POST", format!("/api/v1/tables/{table}/join-code")),
    ] {
        let reply = send(
            &service,
            req(
                method,
                &path,
                None,
                Some(&json!({"name": "x", "date": "2026-01-01"})),
                &[],
            ),
        )
        .await;
        expect(&reply, 401, &format!("{method} {path}"));
        assert_eq!(reply.header("www-authenticate"), "Bearer");
    }
});

backend_test!(revoked_join_codes_lock_their_captains_out, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let owner = organizer(&app, &service, "owner@example.org").await;
    let t = tournament(
        &service,
        &owner,
        &json!({"name": "Karlchen-Cup", "date": "2026-12-05"}),
    )
    .await;
    let ids = players(&service, &owner, t, 8).await;
    let r = round(
        &service,
        &owner,
        t,
        &json!([ids[0..4].to_vec(), ids[4..8].to_vec()]),
    )
    .await;
    let t1 = r.json["tables"][0]["id"].as_i64().unwrap();
    let t2 = r.json["tables"][1]["id"].as_i64().unwrap();
    let sheet = format!("/api/v1/tables/{t1}/sheet");
    let deals = format!("/api/v1/tables/{t1}/deals");

    let code = call_json(
        &service,
        "POST",
        &format!("/api/v1/tables/{t1}/join-code"),
        Some(&owner),
        None,
    )
    .await;
    expect(&code, 201, "join code");
    assert_eq!(code.json["table_id"], t1);
    let printed = code.json["code"].as_str().unwrap().to_owned();
    assert_eq!(printed.len(), 9, "two groups of four: {printed}");
    assert_eq!(&printed[4..5], "-");
    let login = call_json(
        &service,
        "POST",
        "/api/v1/auth/captain",
        None,
        Some(&json!({"code": printed.replace('-', " ").to_lowercase()})),
    )
    .await;
    expect(&login, 200, "captain login with spaces and lower case");
    assert_eq!(login.json["table_id"], t1);
    let cap = login.json["token"].as_str().unwrap().to_owned();
    expect(
        &call_json(&service, "GET", &sheet, Some(&cap), None).await,
        200,
        "captain reads",
    );
    let entered = call_json(&service, "POST", &deals, Some(&cap), Some(&normal([0, 2]))).await;
    expect(&entered, 201, "captain writes");

    // A captain token used on another table: 403, for reading and writing.
    expect(
        &call_json(
            &service,
            "GET",
            &format!("/api/v1/tables/{t2}/sheet"),
            Some(&cap),
            None,
        )
        .await,
        403,
        "captain reads another table",
    );
    expect(
        &call_json(
            &service,
            "POST",
            &format!("/api/v1/tables/{t2}/deals"),
            Some(&cap),
            Some(&normal([0, 2])),
        )
        .await,
        403,
        "captain writes another table",
    );

    // Revoked: the code and every token made from it stop working.
    let revoked = call_json(
        &service,
        "DELETE",
        &format!("/api/v1/tables/{t1}/join-code"),
        Some(&owner),
        None,
    )
    .await;
    expect(&revoked, 204, "revoke");
    for (method, path, body) in [
        ("GET", sheet.clone(), None),
        ("POST", deals.clone(), Some(normal([1, 3]))),
    ] {
        let reply = call_json(&service, method, &path, Some(&cap), body.as_ref()).await;
        expect(&reply, 401, &format!("revoked captain {method} {path}"));
        assert_eq!(reply.header("www-authenticate"), "Bearer");
    }
    let put = send(
        &service,
        req(
            "PUT",
            &format!("{deals}/1"),
            Some(&cap),
            Some(&normal([1, 3])),
            &[("If-Match", "1")],
        ),
    )
    .await;
    expect(&put, 401, "revoked captain corrects");
    let again = call_json(
        &service,
        "POST",
        "/api/v1/auth/captain",
        None,
        Some(&json!({"code": printed})),
    )
    .await;
    expect(&again, 401, "revoked code");
    let unknown = call_json(
        &service,
        "POST",
        "/api/v1/auth/captain",
        None,
        Some(&json!({"code": "AAAA-AAAA"})),
    )
    .await;
    expect(&unknown, 401, "unknown code");
    assert_eq!(
        again.text, unknown.text,
        "revoked and unknown codes look alike"
    );
    assert_eq!(unknown.json["code"], "invalid_join_code");

    // A new code works; issuing yet another one keeps its captain in (only revoking logs
    // captains out), but nobody new can join with it.
    let new_code = call_json(
        &service,
        "POST",
        &format!("/api/v1/tables/{t1}/join-code"),
        Some(&owner),
        None,
    )
    .await;
    expect(&new_code, 201, "new join code");
    let new_code = new_code.json["code"].as_str().unwrap().to_owned();
    let new_cap = crate::fixtures::captain_from_code(&service, &new_code).await;
    expect(
        &call_json(&service, "GET", &sheet, Some(&new_cap), None).await,
        200,
        "new captain",
    );
    expect(
        &call_json(&service, "GET", &sheet, Some(&cap), None).await,
        401,
        "old captain stays out",
    );
    let newest = crate::fixtures::captain(&service, &owner, t1).await;
    expect(
        &call_json(&service, "GET", &sheet, Some(&new_cap), None).await,
        200,
        "a re-issued code keeps the captain who joined with the one before",
    );
    let superseded = call_json(
        &service,
        "POST",
        "/api/v1/auth/captain",
        None,
        Some(&json!({"code": new_code})),
    )
    .await;
    expect(&superseded, 401, "a superseded code admits nobody new");
    assert_eq!(
        superseded.text, unknown.text,
        "and looks like an unknown one"
    );
    let written = call_json(
        &service,
        "POST",
        &deals,
        Some(&newest),
        Some(&normal([1, 3])),
    )
    .await;
    expect(&written, 201, "newest captain writes");
    assert_eq!(written.json["deal"]["number"], 2);
});

backend_test!(
    a_revoked_captain_cannot_read_the_unpublished_tournament,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let owner = organizer(&app, &service, "owner@example.org").await;
        let t = tournament(
            &service,
            &owner,
            &json!({"name": "Karlchen-Cup", "date": "2026-12-05"}),
        )
        .await;
        let ids = players(&service, &owner, t, 4).await;
        let r = round(&service, &owner, t, &json!([ids])).await;
        let table = r.json["tables"][0]["id"].as_i64().unwrap();
        let cap = crate::fixtures::captain(&service, &owner, table).await;
        let tp = format!("/api/v1/tournaments/{t}");
        let pages = [
            tp.clone(),
            format!("{tp}/players"),
            format!("{tp}/rounds"),
            format!("{tp}/standings"),
        ];
        for page in &pages {
            expect(
                &call_json(&service, "GET", page, Some(&cap), None).await,
                200,
                page,
            );
        }
        let revoked = call_json(
            &service,
            "DELETE",
            &format!("/api/v1/tables/{table}/join-code"),
            Some(&owner),
            None,
        )
        .await;
        expect(&revoked, 204, "revoke");
        // The sheet refuses the token...
        expect(
            &call_json(
                &service,
                "GET",
                &format!("/api/v1/tables/{table}/sheet"),
                Some(&cap),
                None,
            )
            .await,
            401,
            "sheet",
        );
        // ...and so must the tournament's other unpublished pages.
        for page in &pages {
            let reply = call_json(&service, "GET", page, Some(&cap), None).await;
            expect(&reply, 401, &format!("revoked captain reads {page}"));
        }
    }
);

backend_test!(deal_writes_without_a_token_ask_for_one, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let owner = organizer(&app, &service, "owner@example.org").await;
    let t = tournament(
        &service,
        &owner,
        &json!({"name": "Offen", "date": "2026-12-05", "published": true}),
    )
    .await;
    let ids = players(&service, &owner, t, 4).await;
    let r = round(&service, &owner, t, &json!([ids])).await;
    let table = r.json["tables"][0]["id"].as_i64().unwrap();
    let deals = format!("/api/v1/tables/{table}/deals");
    let first = call_json(
        &service,
        "POST",
        &deals,
        Some(&owner),
        Some(&normal([0, 2])),
    )
    .await;
    expect(&first, 201, "organiser enters");
    // Everybody may read this (published) sheet, but writing it needs a token: the answer
    // must say so (401 with the challenge), not pretend the table does not exist.
    let sheet = call_json(
        &service,
        "GET",
        &format!("/api/v1/tables/{table}/sheet"),
        None,
        None,
    )
    .await;
    expect(&sheet, 200, "public sheet");
    for (method, path) in [
        ("POST", deals.clone()),
        ("PUT", format!("{deals}/1")),
        ("DELETE", format!("{deals}/1")),
    ] {
        let reply = send(
            &service,
            req(
                method,
                &path,
                None,
                Some(&normal([1, 3])),
                &[("If-Match", "1")],
            ),
        )
        .await;
        assert_eq!(
            (reply.status.as_u16(), reply.header("www-authenticate")),
            (401, "Bearer"),
            "{method} {path} without a token: {}",
            reply.text
        );
    }
});

async fn login<S: App>(service: &S, email: &str, password: &str) -> Reply {
    let body = json!({"email": email, "password": password});
    call_json(service, "POST", "/api/v1/auth/login", None, Some(&body)).await
}

backend_test!(wrong_password_and_unknown_email_look_alike, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    app.add_organizer("owner@example.org");
    let ok = login(&service, "  Owner@Example.ORG ", PASSWORD).await;
    expect(&ok, 200, "login");
    assert_eq!(ok.json["expires_in"], 16 * 3600);
    assert!(ok.json.get("table_id").is_none());
    let wrong = login(&service, "owner@example.org", "not-the-password").await;
    let unknown = login(&service, "nobody@example.org", PASSWORD).await;
    let empty = login(&service, "owner@example.org", "").await;
    for reply in [&wrong, &unknown, &empty] {
        expect(reply, 401, "bad login");
        assert_eq!(reply.header("www-authenticate"), "Bearer");
        assert_eq!(reply.json["code"], "invalid_credentials");
        assert_eq!(reply.json["detail"], "the e-mail or password is wrong");
        assert!(reply.json.get("token").is_none());
    }
    assert_eq!(wrong.text, unknown.text, "same body for both");
    assert_eq!(wrong.text, empty.text);
    // Missing fields are input errors, not login failures.
    let missing = call_json(
        &service,
        "POST",
        "/api/v1/auth/login",
        None,
        Some(&json!({"email": "owner@example.org"})),
    )
    .await;
    expect(&missing, 422, "no password");
    assert_eq!(missing.fields(), ["password"]);
});
