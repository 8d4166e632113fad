//! Shared set-up for the tournament tests: requests with extra headers, answers with their
//! headers, and a tournament with one round whose tables have captains.

use actix_http::Request;
use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::HeaderMap;
use actix_web::test::{self, TestRequest};
use serde_json::{Value, json};
use service_tests::{PASSWORD, TestApp};

/// The application as `init_service` builds it.
pub trait App:
    Service<Request, Response = ServiceResponse<Self::Body>, Error = actix_web::Error>
{
    /// The response body.
    type Body: MessageBody;
}

impl<S, B> App for S
where
    S: Service<Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    type Body = B;
}

/// A response read in full, with its headers.
#[derive(Debug)]
pub struct Reply {
    /// The status.
    pub status: StatusCode,
    /// The headers.
    pub headers: HeaderMap,
    /// The body as JSON (`Value::Null` if it is not JSON).
    pub json: Value,
    /// The body as text.
    pub text: String,
}

impl Reply {
    /// A header as text ("" if absent).
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
    }

    /// `(field, code)` of every field error of the problem.
    pub fn faults(&self) -> Vec<(String, String)> {
        self.json["errors"]
            .as_array()
            .map(|errors| {
                errors
                    .iter()
                    .map(|e| {
                        let text = |key: &str| e[key].as_str().unwrap_or_default().to_owned();
                        (text("field"), text("code"))
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The `field`s of the problem's `errors`.
    pub fn fields(&self) -> Vec<String> {
        self.json["errors"]
            .as_array()
            .map(|errors| {
                errors
                    .iter()
                    .map(|e| e["field"].as_str().unwrap_or_default().to_owned())
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// Sends `req` and reads the answer.
pub async fn send<S: App>(app: &S, req: Request) -> Reply {
    let response = test::call_service(app, req).await;
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = test::read_body(response).await;
    Reply {
        status,
        headers,
        json: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        text: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

/// A request with an optional bearer token, an optional JSON body and extra headers.
pub fn req(
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
    headers: &[(&str, &str)],
) -> Request {
    let mut r = match method {
        "GET" => TestRequest::get(),
        "POST" => TestRequest::post(),
        "PUT" => TestRequest::put(),
        "PATCH" => TestRequest::patch(),
        "DELETE" => TestRequest::delete(),
        other => panic!("method {other}"),
    }
    .uri(path);
    if let Some(token) = token {
        r = r.insert_header(("Authorization", format!("Bearer {token}")));
    }
    if let Some(body) = body {
        r = r.set_json(body);
    }
    for (name, value) in headers {
        r = r.insert_header((*name, *value));
    }
    r.to_request()
}

/// A CSV upload.
pub fn csv(path: &str, token: Option<&str>, body: &str) -> Request {
    let mut r = TestRequest::post()
        .uri(path)
        .insert_header(("Content-Type", "text/csv"))
        .set_payload(body.to_owned());
    if let Some(token) = token {
        r = r.insert_header(("Authorization", format!("Bearer {token}")));
    }
    r.to_request()
}

/// Sends a request without extra headers.
pub async fn call_json<S: App>(
    app: &S,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Reply {
    send(app, req(method, path, token, body, &[])).await
}

/// Asserts the status, showing the body when it is wrong.
#[track_caller]
pub fn expect(reply: &Reply, status: u16, what: &str) {
    assert_eq!(reply.status.as_u16(), status, "{what}: {}", reply.text);
}

/// Creates an organiser with `email` and logs him in.
pub async fn organizer<S: App>(app: &TestApp, service: &S, email: &str) -> String {
    app.add_organizer(email);
    let login = call_json(
        service,
        "POST",
        "/api/v1/auth/login",
        None,
        Some(&json!({"email": email, "password": PASSWORD})),
    )
    .await;
    expect(&login, 200, "login");
    login.json["token"].as_str().unwrap().to_owned()
}

/// Creates a tournament from `body` and returns its id.
pub async fn tournament<S: App>(service: &S, token: &str, body: &Value) -> i64 {
    let created = call_json(
        service,
        "POST",
        "/api/v1/tournaments",
        Some(token),
        Some(body),
    )
    .await;
    expect(&created, 201, "create tournament");
    created.json["id"].as_i64().unwrap()
}

/// Registers `n` players named after their index and returns their ids.
pub async fn players<S: App>(service: &S, token: &str, tournament: i64, n: usize) -> Vec<i64> {
    let mut ids = Vec::with_capacity(n);
    for i in 0..n {
        let p = call_json(
            service,
            "POST",
            &format!("/api/v1/tournaments/{tournament}/players"),
            Some(token),
            Some(&json!({"name": format!("Spieler {i}")})),
        )
        .await;
        expect(&p, 201, "create player");
        ids.push(p.json["id"].as_i64().unwrap());
    }
    ids
}

/// Creates the next round from `tables` and returns the answer (checked to be 201). It is
/// drawn `early` (while an earlier round may still be open): the tests that use it are not
/// about closing rounds; `day_rounds` tests the refusal.
pub async fn round<S: App>(service: &S, token: &str, tournament: i64, tables: &Value) -> Reply {
    let round = call_json(
        service,
        "POST",
        &format!("/api/v1/tournaments/{tournament}/rounds"),
        Some(token),
        Some(&json!({ "tables": tables, "early": true })),
    )
    .await;
    expect(&round, 201, "create round");
    round
}

/// Issues a join code for `table` and trades it for a captain's token.
pub async fn captain<S: App>(service: &S, organizer: &str, table: i64) -> String {
    let code = call_json(
        service,
        "POST",
        &format!("/api/v1/tables/{table}/join-code"),
        Some(organizer),
        None,
    )
    .await;
    expect(&code, 201, "join code");
    captain_from_code(service, code.json["code"].as_str().unwrap()).await
}

/// Trades a join code for a captain's token.
pub async fn captain_from_code<S: App>(service: &S, code: &str) -> String {
    let token = call_json(
        service,
        "POST",
        "/api/v1/auth/captain",
        None,
        Some(&json!({ "code": code })),
    )
    .await;
    expect(&token, 200, "captain login");
    token.json["token"].as_str().unwrap().to_owned()
}

/// A tournament with one round of one table of `seats` players and its captain.
pub struct Table {
    /// The organiser's token.
    pub org: String,
    /// The tournament.
    pub tournament: i64,
    /// The players in seat order.
    pub players: Vec<i64>,
    /// The round.
    pub round: i64,
    /// The table.
    pub table: i64,
    /// The captain's token.
    pub captain: String,
}

impl Table {
    /// Sets it up.
    pub async fn new<S: App>(app: &TestApp, service: &S, seats: usize) -> Table {
        let body = json!({"name": "Karlchen-Cup", "date": "2026-12-05"});
        Table::of_tournament(app, service, seats, &body).await
    }

    /// Sets it up in a tournament created from `body` (its game, its deals per round).
    pub async fn of_tournament<S: App>(
        app: &TestApp,
        service: &S,
        seats: usize,
        body: &Value,
    ) -> Table {
        let org = organizer(app, service, "leitung@example.org").await;
        let tournament = tournament(service, &org, body).await;
        let players = players(service, &org, tournament, seats).await;
        let r = round(service, &org, tournament, &json!([players])).await;
        let table = r.json["tables"][0]["id"].as_i64().unwrap();
        let captain = captain(service, &org, table).await;
        Table {
            org,
            tournament,
            players,
            round: r.json["id"].as_i64().unwrap(),
            table,
            captain,
        }
    }

    /// The 4-table of a new tournament played by house rules: `rules` holds the switches
    /// that differ from the TSR.
    pub async fn of_house_rules<S: App>(app: &TestApp, service: &S, rules: Value) -> Table {
        let body = json!({"name": "Hausrunde", "date": "2026-12-05",
            "game": {"kind": "doppelkopf", "rules": rules}});
        Table::of_tournament(app, service, 4, &body).await
    }

    /// `/api/v1/tables/{table}/…`.
    pub fn path(&self, rest: &str) -> String {
        format!("/api/v1/tables/{}/{rest}", self.table)
    }

    /// The sheet as the organiser sees it.
    pub async fn sheet<S: App>(&self, service: &S) -> Value {
        let sheet = call_json(service, "GET", &self.path("sheet"), Some(&self.org), None).await;
        expect(&sheet, 200, "sheet");
        sheet.json
    }

    /// Posts a deal as `token`.
    pub async fn post<S: App>(&self, service: &S, token: &str, body: &Value) -> Reply {
        call_json(
            service,
            "POST",
            &self.path("deals"),
            Some(token),
            Some(body),
        )
        .await
    }

    /// Enters deals by the captain, following the sheet: `Normal` is won by the two seats
    /// after the dealer (never the sitting-out dealer), `Forced` is the forced soloist's
    /// Damensolo.
    pub async fn fill<S: App>(&self, service: &S, steps: &[Step]) -> Value {
        let mut sheet = self.sheet(service).await;
        for step in steps {
            let next = &sheet["next"];
            let seats = sheet["table_size"].as_u64().unwrap();
            let dealer = next["dealer"].as_u64().unwrap();
            let body = match step {
                Step::Normal => normal([(dealer + 1) % seats, (dealer + 2) % seats]),
                Step::Solo(seat) => solo(*seat),
                Step::Forced => solo(next["forced_soloist"].as_u64().unwrap()),
                Step::Enter(body) => body.clone(),
            };
            let answer = self.post(service, &self.captain, &body).await;
            expect(&answer, 201, &format!("deal {}", next["number"]));
            sheet = answer.json["sheet"].clone();
        }
        sheet
    }
}

/// What to enter next, see [`Table::fill`].
#[derive(Debug, Clone)]
pub enum Step {
    /// A normal game won by the two seats after the dealer, 130 points.
    Normal,
    /// A won Damensolo of this seat.
    Solo(u64),
    /// A won Damensolo of the forced soloist.
    Forced,
    /// Exactly this body.
    Enter(Value),
}

/// `n` copies of `step`.
pub fn repeat(step: &Step, n: usize) -> Vec<Step> {
    vec![step.clone(); n]
}

/// A normal game won by Re (seats `re`) with 130 points: Re +1, Kontra -1.
pub fn normal(re: [u64; 2]) -> Value {
    json!({"contract": "normal", "re": re, "re_points": 130, "re_tricks": 7})
}

/// A won Damensolo of `soloist` with 150 points: soloist +3, the others -1.
pub fn solo(soloist: u64) -> Value {
    json!({"contract": "solo_queens", "re": [soloist], "re_points": 150, "re_tricks": 8})
}

/// The dealers of the sheet's deals.
pub fn dealers(sheet: &Value) -> Vec<u64> {
    sheet["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["dealer"].as_u64().unwrap())
        .collect()
}

/// A column of the sheet's deals.
pub fn column<'a>(sheet: &'a Value, key: &str) -> Vec<&'a Value> {
    sheet["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| &d[key])
        .collect()
}

/// The whole `Set-Cookie` line of cookie `name` the answer sets, if it does.
pub fn set_cookie(reply: &Reply, name: &str) -> Option<String> {
    reply
        .headers
        .get_all("set-cookie")
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(&format!("{name}=")))
        .map(ToOwned::to_owned)
}

/// The host the desk's forms are posted to (their `Origin` must match it).
pub const DESK_HOST: &str = "hall.local";

/// An organiser signed in at the desk: the `Cookie` header his browser sends and the form
/// token every changing form carries.
pub struct DeskSession {
    /// `karlchen_organizer=…; karlchen_csrf=…`.
    pub cookies: String,
    /// The CSRF token (the value of the `csrf` field).
    pub csrf: String,
}

/// Signs `email` (made by [`organizer`], password [`PASSWORD`]) in at `/login`.
pub async fn desk<S: App>(service: &S, email: &str) -> DeskSession {
    let body = format!("email={}&password={PASSWORD}", email.replace('@', "%40"));
    let signed = send(service, desk_form("/login", "", &body)).await;
    expect(&signed, 303, "signed in at the desk");
    let pair = |name: &str| {
        let line = set_cookie(&signed, name).unwrap_or_else(|| panic!("cookie {name}"));
        line.split(';').next().unwrap_or_default().to_owned()
    };
    let (session, csrf) = (pair("karlchen_organizer"), pair("karlchen_csrf"));
    let token = csrf
        .split_once('=')
        .map(|(_, v)| v.to_owned())
        .unwrap_or_default();
    DeskSession {
        cookies: format!("{session}; {csrf}"),
        csrf: token,
    }
}

/// A form posted from the desk's own pages (same origin) with `cookies`; `body` is
/// `application/x-www-form-urlencoded`.
pub fn desk_form(path: &str, cookies: &str, body: &str) -> Request {
    TestRequest::post()
        .uri(path)
        .insert_header(("Host", DESK_HOST))
        .insert_header(("Origin", format!("http://{DESK_HOST}")))
        .insert_header(("Cookie", cookies.to_owned()))
        .insert_header(("Content-Type", "application/x-www-form-urlencoded"))
        .set_payload(body.to_owned())
        .to_request()
}

/// Where the desk sends a browser without a session that asked for `page`: the sign-in
/// form, told to come back to it.
pub fn sign_in_to(page: &str) -> String {
    let query = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("next", page)
        .finish();
    format!("/login?{query}")
}

/// A page read with `cookies`.
pub fn desk_get(path: &str, cookies: &str) -> Request {
    TestRequest::get()
        .uri(path)
        .insert_header(("Host", DESK_HOST))
        .insert_header(("Cookie", cookies.to_owned()))
        .to_request()
}

/// Publishes the table's tournament, so its standings and streams are public.
pub async fn publish<S: App>(service: &S, t: &Table) {
    let published = call_json(
        service,
        "PATCH",
        &format!("/api/v1/tournaments/{}", t.tournament),
        Some(&t.org),
        Some(&json!({"published": true})),
    )
    .await;
    expect(&published, 200, "publish");
}

/// Starts the round of `t` as its organiser: its tables' clocks run.
pub async fn start_round<S: App>(service: &S, t: &Table) -> Reply {
    call_json(
        service,
        "POST",
        &format!("/api/v1/rounds/{}/start", t.round),
        Some(&t.org),
        None,
    )
    .await
}
