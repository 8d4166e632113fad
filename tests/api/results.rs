//! The open results format: a tournament played through the API exports to one document
//! that validates against `docs/results-format.schema.json`, imports into a fresh
//! instance on the other backend (SQLite → PostgreSQL → SQLite) with nothing lost, and is
//! refused (with nothing written) when its format, references or scores are wrong; and the
//! DDV ranking CSV with real numbers.

use chrono::TimeDelta;
use serde_json::{Value, json};
use service_tests::{Backend, TestApp};

use crate::fixtures::{
    App, Reply, Step, Table, call_json, captain, expect, normal, organizer, players, repeat, req,
    round, send, tournament,
};

const ORGANIZER: &str = "leitung@example.org";

/// The JSON Schema of the format, as published in `docs/`.
fn schema() -> (boon::Schemas, boon::SchemaIndex) {
    let text = include_str!("../../docs/results-format.schema.json");
    let value: Value = serde_json::from_str(text).expect("the schema is JSON");
    let mut compiler = boon::Compiler::new();
    compiler.enable_format_assertions();
    let url = "https://karlchen.invalid/results-format.schema.json";
    compiler.add_resource(url, value).expect("schema resource");
    let mut schemas = boon::Schemas::new();
    let index = compiler
        .compile(url, &mut schemas)
        .expect("the schema compiles");
    (schemas, index)
}

/// Whether `doc` validates, with the validator's words when not.
pub(crate) fn validate(doc: &Value) -> Result<(), String> {
    let (schemas, index) = schema();
    schemas.validate(doc, index).map_err(|e| format!("{e:#}"))
}

/// A table of a round drawn by [`played`], with its captain.
async fn table_of<S: App>(service: &S, org: &str, t: i64, r: &Reply, i: usize) -> Table {
    let table = r.json["tables"][i]["id"].as_i64().unwrap();
    let seats = r.json["tables"][i]["seats"].as_array().unwrap();
    Table {
        captain: captain(service, org, table).await,
        org: org.to_owned(),
        tournament: t,
        players: seats
            .iter()
            .map(|s| s.as_i64().unwrap_or_default())
            .collect(),
        round: r.json["id"].as_i64().unwrap(),
        table,
    }
}

/// A tournament played through the API: 9 players (one never seated), a seating plan, a
/// first round of two tables (started, closed) with a normal game with calls, a paper
/// deal, forced solos, a corrected deal, a penalty with its offence and four signatures,
/// and a second round drawn from the plan with one deal.
async fn played<S: App>(app: &TestApp, service: &S) -> (String, i64) {
    let org = organizer(app, service, ORGANIZER).await;
    let t = tournament(
        service,
        &org,
        &json!({"name": "Karlchen-Cup", "date": "2026-12-05", "venue": "Köln",
                "rounds": 2, "deals_four": 5, "tie_breaks": ["most_games_won"]}),
    )
    .await;
    let ids = players(service, &org, t, 9).await;
    let changed = call_json(
        service,
        "PATCH",
        &format!("/api/v1/players/{}", ids[0]),
        Some(&org),
        Some(&json!({"club": "DK Köln", "public_name": "S. Null"})),
    )
    .await;
    expect(&changed, 200, "change a player");
    let r = round(service, &org, t, &json!([ids[0..4], ids[4..8]])).await;
    let round_id = r.json["id"].as_i64().unwrap();
    let started = call_json(
        service,
        "POST",
        &format!("/api/v1/rounds/{round_id}/start"),
        Some(&org),
        None,
    )
    .await;
    expect(&started, 200, "start the round");
    let a = table_of(service, &org, t, &r, 0).await;
    let b = table_of(service, &org, t, &r, 1).await;

    // Table 1: a normal game with Re and Kontra called, then the four Pflichtsoli.
    let called = json!({"contract": "normal", "re": [1, 2], "re_points": 151, "re_tricks": 8,
                        "announcements": {"re": "re", "kontra": "kontra"},
                        "extras": {"re": {"doppelkopf": 1, "fox": 0, "karlchen": 0},
                                   "kontra": {"doppelkopf": 0, "fox": 1, "karlchen": 0}}});
    let mut steps = vec![Step::Enter(called)];
    steps.extend(repeat(&Step::Forced, 4));
    a.fill(service, &steps).await;
    // The organiser corrects deal 1 (Re had 160, not 151) …
    let mut corrected = normal([1, 2]);
    corrected["re_points"] = json!(160);
    corrected["re_tricks"] = json!(9);
    corrected["announcements"] = json!({"re": "re", "kontra": "kontra"});
    corrected["reason"] = json!("Zählfehler");
    let fixed = send(
        service,
        req(
            "PUT",
            &a.path("deals/1"),
            Some(&org),
            Some(&corrected),
            &[("If-Match", "1")],
        ),
    )
    .await;
    expect(&fixed, 200, "correct deal 1");
    // … rules a penalty on deal 2 …
    let penalty = call_json(
        service,
        "POST",
        &a.path("penalties"),
        Some(&org),
        Some(
            &json!({"deal_number": 2, "severity": "minor", "offender": 3,
                     "referee": "Weber", "offence": "Karte zu früh gezeigt"}),
        ),
    )
    .await;
    expect(&penalty, 201, "penalty");
    // … and the table signs its complete sheet.
    for player in &a.players {
        let signed = call_json(
            service,
            "POST",
            &a.path("signatures"),
            Some(&a.captain),
            Some(&json!({"player_id": player})),
        )
        .await;
        expect(&signed, 200, "sign");
    }

    // Table 2: deal 1 keyed in by the organiser from the paper list, then the four
    // Pflichtsoli from the captain's phone.
    let paper = b
        .post(
            service,
            &org,
            &json!({"entry": "paper", "contract": "normal", "re": [1, 3], "value": 2,
                    "winner": "kontra", "reason": "Handy leer"}),
        )
        .await;
    expect(&paper, 201, "paper deal");
    b.fill(service, &repeat(&Step::Forced, 4)).await;

    let plan = call_json(
        service,
        "PUT",
        &format!("/api/v1/tournaments/{t}/plan"),
        Some(&org),
        Some(&json!({"seed": "geplant"})),
    )
    .await;
    expect(&plan, 200, "plan round 2");
    let closed = call_json(
        service,
        "POST",
        &format!("/api/v1/rounds/{round_id}/close"),
        Some(&org),
        None,
    )
    .await;
    expect(&closed, 200, "close round 1");

    let second = call_json(
        service,
        "POST",
        &format!("/api/v1/tournaments/{t}/rounds"),
        Some(&org),
        Some(&json!({"draw": {"method": "planned"}})),
    )
    .await;
    expect(&second, 201, "round 2 from the plan");
    let c = table_of(service, &org, t, &second, 0).await;
    c.fill(service, &[Step::Normal]).await;
    (org, t)
}

/// The document without what changes from one export to the next: the time of writing and
/// the imports' own audit lines.
fn comparable(doc: &Value) -> Value {
    let mut doc = doc.clone();
    doc.as_object_mut().unwrap().remove("exported_at");
    // An import arrives unpublished, its name marked as a copy until renamed.
    let name = doc["tournament"]["name"].as_str().unwrap().to_owned();
    doc["tournament"]["name"] = json!(name.trim_end_matches(" (Kopie)"));
    doc["tournament"]["published"] = json!(false);
    doc["audit"]
        .as_array_mut()
        .unwrap()
        .retain(|line| line["action"] != "tournament.import");
    doc
}

/// The standings without the instance's ids.
fn standings_of(answer: &Reply) -> Value {
    let mut rows = answer.json["standings"].clone();
    for row in rows.as_array_mut().unwrap() {
        row.as_object_mut().unwrap().remove("player_id");
    }
    rows
}

async fn export<S: App>(service: &S, org: &str, t: i64) -> Value {
    let answer = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{t}/results"),
        Some(org),
        None,
    )
    .await;
    expect(&answer, 200, "export");
    assert!(
        answer
            .header("content-disposition")
            .starts_with("attachment; filename=\"karlchen-results-"),
        "{:?}",
        answer.headers
    );
    answer.json
}

async fn standings<S: App>(service: &S, org: &str, t: i64) -> Value {
    let answer = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{t}/standings"),
        Some(org),
        None,
    )
    .await;
    expect(&answer, 200, "standings");
    standings_of(&answer)
}

/// Imports `doc` into `app` as a fresh organiser with the same e-mail; answers his token
/// and the new tournament.
async fn import_into<S: App>(app: &TestApp, service: &S, doc: &Value) -> (String, i64) {
    let org = organizer(app, service, ORGANIZER).await;
    let answer = call_json(service, "POST", "/api/v1/results", Some(&org), Some(doc)).await;
    expect(&answer, 201, "import");
    let id = answer.json["tournament_id"].as_i64().unwrap();
    assert_eq!(
        answer.header("location"),
        format!("/api/v1/tournaments/{id}")
    );
    assert_eq!(answer.json["deals"], json!(11));
    assert_eq!(answer.json["penalties"], json!(1));
    (org, id)
}

#[actix_web::test]
async fn a_tournament_moves_sqlite_to_postgres_and_back_with_nothing_lost() {
    let source = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(source.state.clone())).await;
    let (org, t) = played(&source, &service).await;
    let published = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/tournaments/{t}"),
        Some(&org),
        Some(&json!({"published": true})),
    )
    .await;
    expect(&published, 200, "published where it was played");
    let original = export(&service, &org, t).await;
    validate(&original).unwrap();
    assert_eq!(original["tournament"]["published"], json!(true));
    let before = standings(&service, &org, t).await;
    // What the document carries, in real numbers: the corrected deal 1 (Re 160 with Re and
    // Kontra called: won 1, keine 90 1, Re 2, Kontra 2 = 6; Re's Doppelkopf against
    // Kontra's fox nets 0), the penalty's entries and signatures by start number.
    let table = &original["rounds"][0]["tables"][0];
    assert_eq!(table["deals"][0]["scored"]["value"], json!(6));
    assert_eq!(table["deals"][0]["scored"]["scores"], json!([-6, 6, 6, -6]));
    assert_eq!(table["deals"][0]["version"], json!(2));
    assert_eq!(
        table["penalties"][0]["offence"],
        json!("Karte zu früh gezeigt")
    );
    assert!(table["penalties"][0]["scores"].is_array(), "{table}");
    assert_eq!(table["signatures"].as_array().unwrap().len(), 4);
    assert_eq!(table["seats"], json!([1, 2, 3, 4]));
    assert_eq!(
        original["rounds"][0]["tables"][1]["deals"][0]["entry"]["entry"],
        json!("paper")
    );
    assert!(original["seating_plan"]["rounds"][0].is_array());
    assert!(original["rounds"][0]["started_at"].is_string());
    assert_eq!(original["rounds"][0]["closed"], json!(true));
    let actions: Vec<&str> = original["audit"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["action"].as_str().unwrap())
        .collect();
    for action in [
        "deal.update",
        "penalty.create",
        "signature.sign",
        "round.close",
    ] {
        assert!(actions.contains(&action), "{action} in {actions:?}");
    }
    // No join code anywhere: captains are named by their table only.
    let text = original.to_string();
    assert!(!text.contains("join_code\":\""), "{text}");

    // Into PostgreSQL (or, without a server here, a second SQLite instance).
    let target = match TestApp::new(Backend::Postgres).await {
        Some(app) => app,
        None => TestApp::sqlite().await,
    };
    let service2 = actix_web::test::init_service(api::app::build(target.state.clone())).await;
    let (org2, t2) = import_into(&target, &service2, &original).await;
    let moved = export(&service2, &org2, t2).await;
    validate(&moved).unwrap();
    // A copy until renamed, and nobody sees it before its organiser publishes it; moved on
    // once more it stays one copy.
    assert_eq!(
        moved["tournament"]["name"],
        json!(format!(
            "{} (Kopie)",
            original["tournament"]["name"].as_str().unwrap()
        ))
    );
    assert_eq!(moved["tournament"]["published"], json!(false));
    assert_eq!(comparable(&moved), comparable(&original));
    assert_eq!(standings(&service2, &org2, t2).await, before);

    // And back into a fresh SQLite instance.
    let back = TestApp::sqlite().await;
    let service3 = actix_web::test::init_service(api::app::build(back.state.clone())).await;
    let (org3, t3) = import_into(&back, &service3, &moved).await;
    let returned = export(&service3, &org3, t3).await;
    assert_eq!(returned["tournament"]["name"], moved["tournament"]["name"]);
    assert_eq!(comparable(&returned), comparable(&original));
    assert_eq!(standings(&service3, &org3, t3).await, before);
    // The import is in the log, once per move.
    let imports = returned["audit"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["action"] == "tournament.import")
        .count();
    assert_eq!(imports, 2);
    // The imported tournament plays on: its open round takes the next deal.
    let sheet = returned["rounds"][1]["tables"][0]["deals"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(sheet, 1);
}

/// What is wrong with a document, and what makes it so.
type Breakage = (&'static str, fn(&mut Value));

#[actix_web::test]
async fn the_schema_refuses_a_broken_document() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (org, t) = played(&app, &service).await;
    let doc = export(&service, &org, t).await;
    validate(&doc).unwrap();
    let broken: [Breakage; 6] = [
        ("no name", |d| {
            d["tournament"].as_object_mut().unwrap().remove("name");
        }),
        ("an unknown field", |d| {
            d["players"][0]["nickname"] = json!("Nulli")
        }),
        ("a time that is no time", |d| {
            d["exported_at"] = json!("gestern")
        }),
        ("another version", |d| d["version"] = json!(2)),
        ("a seat number as text", |d| {
            d["rounds"][0]["tables"][0]["seats"][0] = json!("1")
        }),
        ("an unknown severity", |d| {
            d["rounds"][0]["tables"][0]["penalties"][0]["severity"] = json!("heavy")
        }),
    ];
    for (what, breaks) in broken {
        let mut bad = doc.clone();
        breaks(&mut bad);
        assert!(validate(&bad).is_err(), "the schema took {what}");
    }
}

/// Imports `doc` as `org` and expects a 422 with `code` naming `field`.
async fn refused<S: App>(service: &S, org: &str, doc: &Value, code: &str, field: &str) {
    let answer = call_json(service, "POST", "/api/v1/results", Some(org), Some(doc)).await;
    expect(&answer, 422, code);
    assert_eq!(answer.json["code"], json!(code), "{}", answer.text);
    assert!(
        answer.fields().iter().any(|f| f == field),
        "{field} in {}",
        answer.text
    );
}

#[actix_web::test]
async fn bad_documents_are_refused_with_their_code_and_nothing_is_written() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (org, t) = played(&app, &service).await;
    let doc = export(&service, &org, t).await;
    let count = |list: &Reply| list.json.as_array().unwrap().len();
    let listed = call_json(&service, "GET", "/api/v1/tournaments", Some(&org), None).await;
    let before = count(&listed);

    let mut other = doc.clone();
    other["format"] = json!("tournament-results");
    refused(&service, &org, &other, "results_unknown_format", "format").await;
    let mut newer = doc.clone();
    newer["version"] = json!(2);
    refused(&service, &org, &newer, "results_unknown_format", "version").await;
    let mut stranger = doc.clone();
    stranger["rounds"][0]["tables"][0]["seats"][2] = json!(99);
    refused(
        &service,
        &org,
        &stranger,
        "results_bad_reference",
        "rounds[0].tables[0].seats[2]",
    )
    .await;
    let mut nowhere = doc.clone();
    let lines = nowhere["audit"].as_array_mut().unwrap();
    let line = lines.iter_mut().find(|l| l["table"].is_object()).unwrap();
    line["table"] = json!({"round": 1, "table": 9});
    let at = doc["audit"]
        .as_array()
        .unwrap()
        .iter()
        .position(|l| l["table"].is_object())
        .unwrap();
    refused(
        &service,
        &org,
        &nowhere,
        "results_bad_reference",
        &format!("audit[{at}].table"),
    )
    .await;
    // A deal whose scores were edited: the rules score it otherwise.
    let mut edited = doc.clone();
    edited["rounds"][0]["tables"][0]["deals"][1]["scored"]["scores"][0] = json!(99);
    refused(
        &service,
        &org,
        &edited,
        "results_score_mismatch",
        "rounds[0].tables[0].deals[1].scored",
    )
    .await;
    // A penalty's entries that are not the rules'.
    let mut lenient = doc.clone();
    lenient["rounds"][0]["tables"][0]["penalties"][0]["scores"] = json!([0, 0, 0, 0]);
    refused(
        &service,
        &org,
        &lenient,
        "results_score_mismatch",
        "rounds[0].tables[0].penalties[0].scores",
    )
    .await;
    // An entry no table could have stored.
    let mut nonsense = doc.clone();
    nonsense["rounds"][0]["tables"][0]["deals"][0]["entry"]["contract"] = json!("ramsch");
    refused(
        &service,
        &org,
        &nonsense,
        "results_invalid",
        "rounds[0].tables[0].deals[0].entry",
    )
    .await;

    // A player at two tables of one round.
    let mut twice = doc.clone();
    twice["rounds"][0]["tables"][1]["seats"][0] = doc["rounds"][0]["tables"][0]["seats"][0].clone();
    refused(
        &service,
        &org,
        &twice,
        "results_bad_reference",
        "rounds[0].tables[1].seats[0]",
    )
    .await;
    // What the API would refuse: more extra minutes than can be granted, an audit line's
    // action or data larger than any change records.
    let mut endless = doc.clone();
    endless["rounds"][0]["tables"][0]["extra_minutes"] = json!(601);
    refused(
        &service,
        &org,
        &endless,
        "results_invalid",
        "rounds[0].tables[0].extra_minutes",
    )
    .await;
    let mut mirrored = doc.clone();
    mirrored["players"][1]["name"] = json!("Anna \u{202E}relleuM");
    refused(
        &service,
        &org,
        &mirrored,
        "results_invalid",
        "players[1].name",
    )
    .await;
    let mut wordy = doc.clone();
    wordy["audit"][0]["action"] = json!("x".repeat(101));
    refused(&service, &org, &wordy, "results_invalid", "audit[0].action").await;
    let mut bulky = doc.clone();
    let big: serde_json::Map<String, Value> = (0..80)
        .map(|i| (format!("k{i}"), json!("x".repeat(900))))
        .collect();
    bulky["audit"][0]["after"] = Value::Object(big);
    refused(&service, &org, &bulky, "results_invalid", "audit[0].after").await;

    let listed = call_json(&service, "GET", "/api/v1/tournaments", Some(&org), None).await;
    assert_eq!(count(&listed), before, "nothing was written");

    // Only an organiser imports, and a retried import creates one tournament.
    let anonymous = call_json(&service, "POST", "/api/v1/results", None, Some(&doc)).await;
    expect(&anonymous, 401, "anonymous import");
    let keyed = || {
        req(
            "POST",
            "/api/v1/results",
            Some(&org),
            Some(&doc),
            &[("Idempotency-Key", "umzug-1")],
        )
    };
    let first = send(&service, keyed()).await;
    expect(&first, 201, "import");
    let again = send(&service, keyed()).await;
    expect(&again, 201, "the same import again");
    assert_eq!(again.json["tournament_id"], first.json["tournament_id"]);
    let listed = call_json(&service, "GET", "/api/v1/tournaments", Some(&org), None).await;
    assert_eq!(count(&listed), before + 1);
    // Another organiser cannot export the tournament.
    let other_org = organizer(&app, &service, "other@example.org").await;
    let foreign = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{t}/results"),
        Some(&other_org),
        None,
    )
    .await;
    expect(&foreign, 404, "another organiser's export");
}

#[actix_web::test]
async fn the_ddv_csv_has_places_rounds_played_points_per_round_and_averages() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, ORGANIZER).await;
    let t = tournament(
        &service,
        &org,
        &json!({"name": "Rangliste", "date": "2026-12-05", "rounds": 3, "deals_four": 5}),
    )
    .await;
    let ids = players(&service, &org, t, 7).await;
    let patch = |id: i64, body: Value| {
        let service = &service;
        let org = &org;
        async move {
            let changed = call_json(
                service,
                "PATCH",
                &format!("/api/v1/players/{id}"),
                Some(org),
                Some(&body),
            )
            .await;
            expect(&changed, 200, "change a player");
        }
    };
    patch(ids[0], json!({"club": "DK Köln"})).await;
    // Start number 6 withdraws before the first deal: he never took part.
    patch(ids[5], json!({"withdrawn": true})).await;
    // Each round: a normal game that seats 1 and 2 win (+1, seats 0 and 3 -1), then the
    // four Pflichtsoli, which net 0 for everybody. Round 3 swaps the first two seats.
    let (p1, p2, p3, p4) = (ids[0], ids[1], ids[2], ids[3]);
    for seats in [[p1, p2, p3, p4], [p1, p2, p3, p4], [p2, p1, p3, p4]] {
        let r = round(&service, &org, t, &json!([seats])).await;
        let table = table_of(&service, &org, t, &r, 0).await;
        let mut steps = vec![Step::Normal];
        steps.extend(repeat(&Step::Forced, 4));
        table.fill(&service, &steps).await;
    }
    // Start number 4 withdraws after playing: he keeps his rounds and his place.
    patch(ids[3], json!({"withdrawn": true})).await;
    let plain = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{t}/results/ddv.csv"),
        Some(&org),
        None,
    )
    .await;
    expect(&plain, 200, "ddv csv");
    assert!(plain.header("content-type").starts_with("text/csv"));
    assert_eq!(
        plain.header("content-disposition"),
        "attachment; filename=\"ddv-2026-12-05-rangliste.csv\""
    );
    let lines: Vec<&str> = plain.text.lines().collect();
    // Best first, as the standings; 5 and 7 registered and never played (no-shows the
    // organiser sees), sharing third place, so the next is fifth; 6 is not listed.
    assert_eq!(
        lines,
        [
            "place,start_number,name,club,ddv_number,rounds_played,round_1,round_2,round_3,total,average_per_round,tournament,date,status",
            "1,3,Spieler 2,,,3,1,1,1,3,1.00,Rangliste,2026-12-05,provisional",
            "2,2,Spieler 1,,,3,1,1,-1,1,0.33,Rangliste,2026-12-05,provisional",
            "3,5,Spieler 4,,,0,,,,0,,Rangliste,2026-12-05,provisional",
            "3,7,Spieler 6,,,0,,,,0,,Rangliste,2026-12-05,provisional",
            "5,1,Spieler 0,DK Köln,,3,-1,-1,1,-1,-0.33,Rangliste,2026-12-05,provisional",
            "6,4,Spieler 3,,,3,-1,-1,-1,-3,-1.00,Rangliste,2026-12-05,provisional",
        ]
    );
    // The standings agree: the same places, without the player who never took part.
    let standings = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{t}/standings"),
        Some(&org),
        None,
    )
    .await;
    expect(&standings, 200, "standings");
    let places: Vec<(i64, i64, bool)> = standings.json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["rank"].as_i64().unwrap(),
                r["start_number"].as_i64().unwrap(),
                r["withdrawn"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        places,
        [
            (1, 3, false),
            (2, 2, false),
            (3, 5, false),
            (3, 7, false),
            (5, 1, false),
            (6, 4, true)
        ]
    );

    let german = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{t}/results/ddv.csv?dialect=de"),
        Some(&org),
        None,
    )
    .await;
    expect(&german, 200, "ddv csv for German Excel");
    assert!(german.text.starts_with('\u{feff}'));
    assert!(
        german.text.contains(
            "\n5;1;Spieler 0;DK Köln;;3;-1;-1;1;-1;-0,33;Rangliste;05.12.2026;vorläufig\n"
        ),
        "{}",
        german.text
    );
    assert!(german.text.contains(
        "Platz;Startnummer;Name;Verein;DDV-Nummer;Runden gespielt;Runde 1;Runde 2;Runde 3;Punkte;Rundenschnitt;Turnier;Datum;Stand\n"
    ));
    let anonymous = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{t}/results/ddv.csv"),
        None,
        None,
    )
    .await;
    expect(&anonymous, 401, "anonymous");
}

/// A small tournament: one table of four, its four Pflichtsoli, the round closed.
async fn small<S: App>(app: &TestApp, service: &S) -> (String, i64) {
    let org = organizer(app, service, ORGANIZER).await;
    let t = tournament(
        service,
        &org,
        &json!({"name": "Vereinsabend", "date": "2026-12-05", "venue": "Köln",
                "rounds": 1, "deals_four": 4}),
    )
    .await;
    let ids = players(service, &org, t, 4).await;
    // The times the documented example shows: check-in done, the round drawn at 18:00,
    // its four deals entered by 18:25, closed at 18:30 and exported a minute later.
    let clock = app.state.db.clock();
    clock.advance(TimeDelta::minutes(30));
    let r = round(service, &org, t, &json!([ids])).await;
    let table = table_of(service, &org, t, &r, 0).await;
    clock.advance(TimeDelta::minutes(25));
    table.fill(service, &repeat(&Step::Forced, 4)).await;
    clock.advance(TimeDelta::minutes(5));
    let closed = call_json(
        service,
        "POST",
        &format!("/api/v1/rounds/{}/close", table.round),
        Some(&org),
        None,
    )
    .await;
    expect(&closed, 200, "close");
    clock.advance(TimeDelta::minutes(1));
    (org, t)
}

/// The example in `docs/results-format.md`: the block after the `example` marker.
pub(crate) fn documented_example() -> Value {
    let doc = include_str!("../../docs/results-format.md");
    let start = doc.find("<!-- example -->").expect("the example's marker");
    let rest = &doc[start..];
    let open = rest.find("```json\n").expect("the example's block") + "```json\n".len();
    let close = rest[open..].find("\n```").expect("the end of the example");
    serde_json::from_str(&rest[open..open + close]).expect("the example is JSON")
}

#[actix_web::test]
async fn the_documented_example_is_what_the_export_writes_and_imports() {
    let app = TestApp::sqlite().await;
    // The evening of the example, on a clock that moves only when `small` moves it.
    let clock = app.state.db.clock();
    clock.stop();
    clock.set(
        chrono::NaiveDate::from_ymd_opt(2026, 12, 5)
            .unwrap()
            .and_hms_micro_opt(17, 30, 0, 250_000)
            .unwrap(),
    );
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (org, t) = small(&app, &service).await;
    let written = export(&service, &org, t).await;
    if std::env::var("KARLCHEN_PRINT_EXAMPLE").is_ok() {
        eprintln!("{}", serde_json::to_string_pretty(&written).unwrap());
    }
    let example = documented_example();
    validate(&example).unwrap();
    // Played at the documented instants, so equal to the letter, times included.
    assert_eq!(written, example);
    let other = TestApp::sqlite().await;
    let service2 = actix_web::test::init_service(api::app::build(other.state.clone())).await;
    let org2 = organizer(&other, &service2, ORGANIZER).await;
    let imported = call_json(
        &service2,
        "POST",
        "/api/v1/results",
        Some(&org2),
        Some(&example),
    )
    .await;
    expect(&imported, 201, "import the example");
    let t2 = imported.json["tournament_id"].as_i64().unwrap();
    assert_eq!(
        comparable(&export(&service2, &org2, t2).await),
        comparable(&example)
    );
}

#[actix_web::test]
async fn the_desk_standings_page_links_both_downloads() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (_, t) = small(&app, &service).await;
    let me = crate::fixtures::desk(&service, ORGANIZER).await;
    let page = send(
        &service,
        crate::fixtures::desk_get(&format!("/admin/tournaments/{t}/standings"), &me.cookies),
    )
    .await;
    expect(&page, 200, "standings page");
    let document_link = format!("/admin/tournaments/{t}/results.json");
    let ddv_link = format!("/admin/tournaments/{t}/ddv.csv?dialect=de");
    assert!(page.text.contains(&document_link), "{}", page.text);
    assert!(page.text.contains(&ddv_link), "{}", page.text);

    let document = send(
        &service,
        crate::fixtures::desk_get(&document_link, &me.cookies),
    )
    .await;
    expect(&document, 200, "the document from the desk");
    assert_eq!(document.json["format"], json!("karlchen-results"));
    validate(&document.json).unwrap();
    assert!(
        document
            .header("content-disposition")
            .contains("karlchen-results-")
    );
    let ddv = send(&service, crate::fixtures::desk_get(&ddv_link, &me.cookies)).await;
    expect(&ddv, 200, "the DDV CSV from the desk");
    assert!(
        ddv.text.starts_with("\u{feff}Platz;Startnummer;"),
        "{}",
        ddv.text
    );
    // Each player played one round: his one round's points are his total and average.
    assert!(
        ddv.text
            .contains("\n1;2;Spieler 1;;;1;0;0;0,00;Vereinsabend;05.12.2026"),
        "{}",
        ddv.text
    );

    // Without the desk's cookie: the sign-in page, not the file.
    let anonymous = send(&service, crate::fixtures::desk_get(&document_link, "")).await;
    assert_ne!(anonymous.status.as_u16(), 200);
}
