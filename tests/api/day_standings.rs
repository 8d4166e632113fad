//! The tournament day's standings and player lists: a round counts for a player only once
//! his table has a deal, the German standings CSV, what the public sees of a player (name,
//! club, start number; an abbreviation when he asked for one), and player lists imported
//! from German spreadsheets (semicolons, Latin-1, BOM, CRLF, German headers).

use actix_web::test::TestRequest;
use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    App, Reply, Step, Table, call_json, captain, expect, organizer, req, round, send, tournament,
};

/// A normal game Re wins schwarz (240 points, 12 tricks): won, keine 90/60/30, schwarz,
/// value 5 (TSR 7.1).
fn schwarz(re: [u64; 2]) -> Value {
    json!({"contract": "normal", "re": re, "re_points": 240, "re_tricks": 12})
}

/// A plain normal game Re wins with 130: value 1.
fn plain(re: [u64; 2]) -> Value {
    json!({"contract": "normal", "re": re, "re_points": 130, "re_tricks": 7})
}

async fn get<S: App>(service: &S, path: &str, token: Option<&str>) -> Reply {
    let answer = call_json(service, "GET", path, token, None).await;
    expect(&answer, 200, path);
    answer
}

async fn get_with<S: App>(
    service: &S,
    path: &str,
    token: Option<&str>,
    headers: &[(&str, &str)],
) -> Reply {
    let answer = send(service, req("GET", path, token, None, headers)).await;
    expect(&answer, 200, path);
    answer
}

/// The standings row of `player`.
fn row_of(standings: &Value, player: i64) -> Value {
    standings["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player_id"] == player)
        .unwrap_or_else(|| panic!("no row for {player}: {standings}"))
        .clone()
}

/// A CSV upload of exactly these bytes.
fn upload(path: &str, token: &str, bytes: &[u8]) -> actix_http::Request {
    TestRequest::post()
        .uri(path)
        .insert_header(("Content-Type", "text/csv"))
        .insert_header(("Authorization", format!("Bearer {token}")))
        .set_payload(bytes.to_vec())
        .to_request()
}

/// The organiser's view of the tournament's players, by start number.
async fn roster<S: App>(service: &S, token: &str, t: i64) -> Vec<Value> {
    get(
        service,
        &format!("/api/v1/tournaments/{t}/players"),
        Some(token),
    )
    .await
    .json
    .as_array()
    .unwrap()
    .clone()
}

backend_test!(a_drawn_round_without_deals_is_not_played, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let path = format!("/api/v1/tournaments/{}/standings", t.tournament);
    let (anna, carl) = (t.players[0], t.players[2]);

    // Round 1 drawn, nothing entered: nobody has played a round, nobody has an average.
    let before = get(&service, &path, Some(&t.org)).await.json;
    let row = row_of(&before, anna);
    assert_eq!(row["rounds"], json!([null, null, null]), "{before}");
    assert_eq!(row["average_per_round"], Value::Null);
    assert_eq!(row["total"], 0);

    // Round 1: seats 0 and 1 win four games schwarz (+20) and lose one plain game (-1).
    let mut steps = vec![Step::Enter(schwarz([0, 1])); 4];
    steps.push(Step::Enter(plain([2, 3])));
    let sheet = t.fill(&service, &steps).await;
    assert_eq!(sheet["totals"], json!([19, 19, -19, -19]));

    // Round 2 drawn, its table has no deal yet: round 2 is not played, the average stays
    // 19 (it was 9.50 when the empty table counted as a round of 0).
    let r2 = round(&service, &t.org, t.tournament, &json!([t.players])).await;
    let drawn = get(&service, &path, Some(&t.org)).await.json;
    let row = row_of(&drawn, anna);
    assert_eq!(row["total"], 19);
    assert_eq!(row["rounds"], json!([19, null, null]), "{drawn}");
    assert_eq!(row["average_per_round"], "19.00");
    assert_eq!(row["deals_played"], 5);
    assert_eq!(row_of(&drawn, carl)["average_per_round"], "-19.00");
    // The round's own standings: nobody has played round 2.
    let round_two = get(&service, &format!("{path}?round=2"), Some(&t.org))
        .await
        .json;
    let row = row_of(&round_two, anna);
    assert_eq!(row["rounds"], json!([null, null, null]));
    assert_eq!(row["average_per_round"], Value::Null);
    // The CSV leaves the round's cell empty and averages over round 1 only.
    let csv = get_with(&service, &path, Some(&t.org), &[("Accept", "text/csv")]).await;
    let line = csv
        .text
        .lines()
        .find(|l| l.contains(",Spieler 0,"))
        .unwrap()
        .to_owned();
    assert_eq!(
        line,
        "1,1,Spieler 0,,19,19,,,19.00,5,4,0,0,false,provisional"
    );

    // One deal at his round-2 table: round 2 counts for all four, 0 points or not.
    let table2 = r2.json["tables"][0]["id"].as_i64().unwrap();
    let captain2 = captain(&service, &t.org, table2).await;
    let entered = call_json(
        &service,
        "POST",
        &format!("/api/v1/tables/{table2}/deals"),
        Some(&captain2),
        Some(&plain([0, 2])),
    )
    .await;
    expect(&entered, 201, "round 2 deal 1");
    let played = get(&service, &path, Some(&t.org)).await.json;
    let row = row_of(&played, anna);
    assert_eq!(row["rounds"], json!([19, 1, null]), "{played}");
    assert_eq!(row["total"], 20);
    assert_eq!(row["average_per_round"], "10.00");
    let row = row_of(&played, t.players[1]);
    assert_eq!(row["rounds"], json!([19, -1, null]));
    assert_eq!(row["average_per_round"], "9.00");
    let row = row_of(&played, carl);
    assert_eq!(row["rounds"], json!([-19, 1, null]));
    assert_eq!(row["average_per_round"], "-9.00");
});

backend_test!(the_standings_csv_in_the_german_dialect, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let t = tournament(
        &service,
        &org,
        &json!({"name": "Karlchen-Cup", "date": "2026-12-05", "rounds": 2}),
    )
    .await;
    let mut players = Vec::new();
    for (name, club) in [
        ("Jürgen Schäfer", "DK Köln; Süd"),
        ("=HYPERLINK(\"x\")", "Pik-As"),
        ("Clara", "Pik-As"),
        ("Dora", "Pik-As"),
    ] {
        let p = call_json(
            &service,
            "POST",
            &format!("/api/v1/tournaments/{t}/players"),
            Some(&org),
            Some(&json!({"name": name, "club": club})),
        )
        .await;
        expect(&p, 201, name);
        players.push(p.json["id"].as_i64().unwrap());
    }
    let r = round(&service, &org, t, &json!([players])).await;
    let table_id = r.json["tables"][0]["id"].as_i64().unwrap();
    let table = Table {
        captain: captain(&service, &org, table_id).await,
        org: org.clone(),
        tournament: t,
        players,
        round: r.json["id"].as_i64().unwrap(),
        table: table_id,
    };
    // Seats 0 and 1 win twice schwarz and lose once plain: 9 each, the others -9.
    table
        .fill(
            &service,
            &[
                Step::Enter(schwarz([0, 1])),
                Step::Enter(schwarz([0, 1])),
                Step::Enter(plain([2, 3])),
            ],
        )
        .await;
    round(&service, &org, t, &json!([table.players])).await;

    let path = format!("/api/v1/tournaments/{t}/standings");
    // A link is enough: the dialect asks for the CSV without an Accept header.
    let german = get(&service, &format!("{path}?dialect=de"), Some(&org)).await;
    assert_eq!(german.header("content-type"), "text/csv; charset=utf-8");
    assert!(german.header("content-disposition").contains("standings-"));
    assert_eq!(
        german.text,
        "\u{feff}Platz;Startnummer;Name;Verein;Punkte;Runde 1;Runde 2;Rundenschnitt;Spiele;\
         Gewonnen;Soli;Soli gewonnen;Zurückgezogen;Stand\n\
         1;1;Jürgen Schäfer;\"DK Köln; Süd\";9;9;;9,00;3;2;0;0;nein;vorläufig\n\
         1;2;\"'=HYPERLINK(\"\"x\"\")\";Pik-As;9;9;;9,00;3;2;0;0;nein;vorläufig\n\
         3;3;Clara;Pik-As;-9;-9;;-9,00;3;1;0;0;nein;vorläufig\n\
         3;4;Dora;Pik-As;-9;-9;;-9,00;3;1;0;0;nein;vorläufig\n",
        "{:?}",
        german.text
    );
    // The plain CSV (by `Accept` or by name) and the JSON are as before.
    let plain_csv = get_with(&service, &path, Some(&org), &[("Accept", "text/csv")]).await;
    assert!(
        plain_csv
            .text
            .starts_with("rank,start_number,name,club,total,round_1,round_2,average_per_round,"),
        "{}",
        plain_csv.text
    );
    assert!(
        plain_csv
            .text
            .contains("\n1,1,Jürgen Schäfer,DK Köln; Süd,9,9,,9.00,3,2,0,0,false,provisional\n")
    );
    let named_plain = get(&service, &format!("{path}?dialect=plain"), Some(&org)).await;
    assert_eq!(named_plain.text, plain_csv.text);
    let json_answer = get(&service, &path, Some(&org)).await;
    assert_eq!(json_answer.header("content-type"), "application/json");
    assert_eq!(
        json_answer.json["standings"][0]["average_per_round"],
        "9.00"
    );

    // A dialect the service does not know: a problem naming the parameter.
    for bad in ["fr", "DE", "de;sep"] {
        let answer = call_json(
            &service,
            "GET",
            &format!("{path}?dialect={bad}"),
            Some(&org),
            None,
        )
        .await;
        expect(&answer, 422, bad);
        assert_eq!(answer.json["code"], "invalid_query");
        assert_eq!(answer.fields(), ["dialect"], "{}", answer.text);
    }
});

/// A published tournament with "Max Müller" (shown as "M. Müller", DDV 4711) and three
/// more players, round 1 drawn and a seating plan: (organiser, tournament, table, ids).
async fn published<S: App>(
    app: &service_tests::TestApp,
    service: &S,
) -> (String, i64, i64, Vec<i64>) {
    let org = organizer(app, service, "leitung@example.org").await;
    let t = tournament(
        service,
        &org,
        &json!({"name": "Karlchen-Cup", "date": "2026-12-05", "rounds": 3}),
    )
    .await;
    let mut ids = Vec::new();
    for body in [
        json!({"name": "Max Müller", "club": "DK Köln", "ddv_number": "4711",
               "public_name": "M. Müller"}),
        json!({"name": "Erika Mustermann", "club": "Pik-As", "ddv_number": "0815"}),
        json!({"name": "Clara Chen", "public_name": "   "}),
        json!({"name": "Dora Diehl", "ddv_number": "2222"}),
    ] {
        let p = call_json(
            service,
            "POST",
            &format!("/api/v1/tournaments/{t}/players"),
            Some(&org),
            Some(&body),
        )
        .await;
        expect(&p, 201, &body.to_string());
        ids.push(p.json["id"].as_i64().unwrap());
    }
    let r = round(service, &org, t, &json!([ids])).await;
    let table = r.json["tables"][0]["id"].as_i64().unwrap();
    let plan = call_json(
        service,
        "PUT",
        &format!("/api/v1/tournaments/{t}/plan"),
        Some(&org),
        Some(&json!({"seed": "Plan-2026"})),
    )
    .await;
    expect(&plan, 200, "plan");
    let published = call_json(
        service,
        "PATCH",
        &format!("/api/v1/tournaments/{t}"),
        Some(&org),
        Some(&json!({"published": true})),
    )
    .await;
    expect(&published, 200, "publish");
    (org, t, table, ids)
}

/// Asserts that `text` shows the abbreviation and none of what stays with the organiser.
#[track_caller]
fn public_only(text: &str, what: &str) {
    assert!(text.contains("M. Müller"), "{what}: {text}");
    for private in [
        "Max Müller",
        "4711",
        "0815",
        "2222",
        "ddv_number",
        "checked_in",
    ] {
        assert!(!text.contains(private), "{what} shows {private:?}: {text}");
    }
}

backend_test!(the_public_sees_name_club_and_start_number_only, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (org, t, table, ids) = published(&app, &service).await;

    // Anonymous readers of the published tournament.
    let players = get(&service, &format!("/api/v1/tournaments/{t}/players"), None).await;
    public_only(&players.text, "public player list");
    assert_eq!(
        players.json[0],
        json!({"id": ids[0], "start_number": 1, "name": "M. Müller", "club": "DK Köln",
               "withdrawn": false})
    );
    // A blank abbreviation is none: the full name.
    assert_eq!(players.json[2]["name"], "Clara Chen");
    let standings_path = format!("/api/v1/tournaments/{t}/standings");
    let standings = get(&service, &standings_path, None).await;
    public_only(&standings.text, "public standings");
    assert_eq!(row_of(&standings.json, ids[0])["name"], "M. Müller");
    assert_eq!(row_of(&standings.json, ids[1])["name"], "Erika Mustermann");
    for (query, headers) in [
        ("", &[("Accept", "text/csv")][..]),
        ("?dialect=de", &[][..]),
        ("?round=1", &[][..]),
    ] {
        let answer = get_with(&service, &format!("{standings_path}{query}"), None, headers).await;
        public_only(&answer.text, &format!("standings {query}"));
    }
    // The printed pages are public whoever prints them, the organiser included.
    for token in [None, Some(org.as_str())] {
        for page in [
            format!("/tournaments/{t}/rounds/1/list"),
            format!("/tournaments/{t}/plan"),
        ] {
            let html = get(&service, &page, token).await;
            public_only(&html.text, &page);
        }
    }
    // A table's captain is not the organiser either.
    let captain_token = captain(&service, &org, table).await;
    let seen = get(
        &service,
        &format!("/api/v1/tournaments/{t}/players"),
        Some(&captain_token),
    )
    .await;
    public_only(&seen.text, "captain's player list");
    // The table's sheet names its seats the way the table's list does.
    let sheet = get(
        &service,
        &format!("/api/v1/tables/{table}/sheet"),
        Some(&captain_token),
    )
    .await;
    public_only(&sheet.text, "the table's sheet");
    assert_eq!(sheet.json["players"][0]["name"], "M. Müller");

    // The organiser sees everything, both names.
    let own = roster(&service, &org, t).await;
    assert_eq!(
        own[0],
        json!({"id": ids[0], "start_number": 1, "name": "Max Müller", "club": "DK Köln",
               "ddv_number": "4711", "checked_in": false, "withdrawn": false,
               "public_name": "M. Müller"})
    );
    assert_eq!(own[2]["public_name"], Value::Null);
    let his = get(&service, &standings_path, Some(&org)).await;
    assert_eq!(row_of(&his.json, ids[0])["name"], "Max Müller");

    // He changes the abbreviation, and clears it with an empty text.
    let path = format!("/api/v1/players/{}", ids[0]);
    let patch = |body: Value| req("PATCH", &path, Some(&org), Some(&body), &[]);
    let changed = send(&service, patch(json!({"public_name": "Max M."}))).await;
    expect(&changed, 200, "abbreviate");
    assert_eq!(
        (&changed.json["name"], &changed.json["public_name"]),
        (&json!("Max Müller"), &json!("Max M."))
    );
    let players = get(&service, &format!("/api/v1/tournaments/{t}/players"), None).await;
    assert_eq!(players.json[0]["name"], "Max M.");
    let cleared = send(&service, patch(json!({"public_name": ""}))).await;
    expect(&cleared, 200, "clear");
    assert_eq!(cleared.json["public_name"], Value::Null);
    let standings = get(&service, &standings_path, None).await;
    assert_eq!(row_of(&standings.json, ids[0])["name"], "Max Müller");

    // Too long, at create and update: a problem naming the field, nothing changed.
    let long = "M".repeat(201);
    let refused = send(&service, patch(json!({"public_name": long}))).await;
    expect(&refused, 422, "long public name");
    assert_eq!(refused.fields(), ["public_name"]);
    let refused = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{t}/players"),
        Some(&org),
        Some(&json!({"name": "Emil", "public_name": long})),
    )
    .await;
    expect(&refused, 422, "long public name at create");
    assert_eq!(refused.fields(), ["public_name"]);
    assert_eq!(roster(&service, &org, t).await.len(), 4);
    assert_eq!(
        roster(&service, &org, t).await[0]["public_name"],
        Value::Null
    );
});

backend_test!(imports_read_german_spreadsheets, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    let t = tournament(
        &service,
        &org,
        &json!({"name": "Karlchen-Cup", "date": "2026-12-05"}),
    )
    .await;
    let path = format!("/api/v1/tournaments/{t}/players/import");
    let import = async |bytes: &[u8]| {
        let answer = send(&service, upload(&path, &org, bytes)).await;
        expect(&answer, 201, &String::from_utf8_lossy(bytes));
        answer.json["players"].as_array().unwrap().clone()
    };
    let fields = |players: &[Value], key: &str| -> Vec<Value> {
        players.iter().map(|p| p[key].clone()).collect()
    };

    // German Excel's "CSV (Trennzeichen-getrennt)": Windows-1252/Latin-1, `;`, CRLF.
    let latin1 =
        import(b"Name;Verein\r\nM\xFCller;K\xF6ln\r\nJ\xFCrgen Sch\xE4fer;Stra\xDFe 1\r\n").await;
    assert_eq!(fields(&latin1, "name"), ["Müller", "Jürgen Schäfer"]);
    assert_eq!(fields(&latin1, "club"), ["Köln", "Straße 1"]);

    // "CSV UTF-8": a BOM, `;`, CRLF, a quoted cell with `;` and `"` inside, and the empty
    // rows Excel writes below a list.
    let bom = import(
        b"\xEF\xBB\xBFname;club;ddv_number\r\n\
          Anna Ahrens;\"DK Kreuz; Dame\";12345\r\n\
          \"Bernd \"\"Bubi\"\" Bauer\";;\r\n\
          ;;\r\n;;\r\n",
    )
    .await;
    assert_eq!(
        fields(&bom, "name"),
        ["Anna Ahrens", "Bernd \"Bubi\" Bauer"]
    );
    assert_eq!(fields(&bom, "club"), [json!("DK Kreuz; Dame"), Value::Null]);
    assert_eq!(fields(&bom, "ddv_number"), [json!("12345"), Value::Null]);

    // German headers, every column the import knows.
    let german = import(
        "Startnummer;Name;Verein;DDV-Nr.;Anwesend;Anzeigename;Geburtstag\n\
         20;Dora Diehl;Pik-As;777;ja;D. Diehl;01.02.1970\n\
         ;Emil Ernst;;;nein;;\n\
         30;Frida Fuchs;Herz-Dame;888;x;;\n"
            .as_bytes(),
    )
    .await;
    assert_eq!(fields(&german, "start_number"), [20, 21, 30]);
    assert_eq!(
        fields(&german, "ddv_number"),
        [json!("777"), Value::Null, json!("888")]
    );
    assert_eq!(fields(&german, "checked_in"), [true, false, true]);
    assert_eq!(
        fields(&german, "public_name"),
        [json!("D. Diehl"), Value::Null, Value::Null]
    );
    let other = import("Name,DDV-Nummer\nGabi Gans,999\n".as_bytes()).await;
    assert_eq!(fields(&other, "ddv_number"), ["999"]);

    // English headers in any case.
    let mixed =
        import(b"NAME,Club,DDV_Number,Start_Number,Checked_In\nHans Hahn,DK,1,40,TRUE\n").await;
    assert_eq!(
        (
            &mixed[0]["name"],
            &mixed[0]["club"],
            &mixed[0]["ddv_number"]
        ),
        (&json!("Hans Hahn"), &json!("DK"), &json!("1"))
    );
    assert_eq!(
        (&mixed[0]["start_number"], &mixed[0]["checked_in"]),
        (&json!(40), &json!(true))
    );
    let stored = roster(&service, &org, t).await;
    assert_eq!(stored.len(), 9);

    // Bad files: a 422 naming line and column; nothing of the file stored.
    for (bytes, field, code, message) in [
        (
            &b"Name;Startnummer\r\nFritz;50\r\nGabi;zwanzig\r\n"[..],
            "line 3: start_number",
            "invalid_value",
            "\"Startnummer\" must be a whole number, not \"zwanzig\"",
        ),
        (
            b"Name;Anwesend\nFritz;vielleicht\n",
            "line 2: checked_in",
            "invalid_value",
            "\"Anwesend\"",
        ),
        (
            b"Name;Spieler\nFritz;Fritz\n",
            "line 1",
            "duplicate_column",
            "\"Name\" and \"Spieler\"",
        ),
        (
            b"Vorname;Verein\nFritz;DK\n",
            "line 1",
            "missing_column",
            "name",
        ),
        // UTF-8 and Latin-1 pasted together: either reading garbles a name.
        (
            b"Name;Verein\nM\xC3\xBCller;DK\nK\xF6hler;DK\n",
            "line 3",
            "unknown_encoding",
            "UTF-8",
        ),
        (
            b"\xFF\xFEN\0a\0m\0e\0",
            "line 1",
            "unsupported_encoding",
            "UTF-16",
        ),
        (
            b"Name;Verein\nFritz;DK;zu viel\n",
            "line 2",
            "invalid_row",
            "",
        ),
    ] {
        let answer = send(&service, upload(&path, &org, bytes)).await;
        let what = String::from_utf8_lossy(bytes);
        expect(&answer, 422, &what);
        assert_eq!(
            answer.json["code"], "invalid_csv",
            "{what}: {}",
            answer.text
        );
        let errors = answer.json["errors"].as_array().unwrap();
        assert_eq!(errors.len(), 1, "{what}: {}", answer.text);
        assert_eq!(errors[0]["field"], field, "{what}: {}", answer.text);
        assert_eq!(errors[0]["code"], code, "{what}: {}", answer.text);
        assert!(
            errors[0]["message"].as_str().unwrap().contains(message),
            "{what}: {}",
            answer.text
        );
    }
    assert_eq!(roster(&service, &org, t).await, stored, "nothing stored");
});
