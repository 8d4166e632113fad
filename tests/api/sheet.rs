//! The score sheet end to end: an organiser sets up a tournament, a captain enters a whole
//! round from a phone following the sheet's `next`, and the standings are the sheet's sums.

use actix_web::http::StatusCode;
use serde_json::{Value, json};
use service_tests::{PASSWORD, backend_test, call, request};

/// A normal game won by Re (seats `re`) with 130 points.
fn normal(re: [u8; 2]) -> Value {
    json!({"contract": "normal", "re": re, "re_points": 130, "re_tricks": 7})
}

/// A won Damensolo of `soloist`.
fn solo(soloist: u8) -> Value {
    json!({"contract": "solo_queens", "re": [soloist], "re_points": 150, "re_tricks": 8})
}

backend_test!(a_captain_enters_a_whole_round, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    app.add_organizer("leitung@example.org");
    let login = call(
        &service,
        request(
            "POST",
            "/api/v1/auth/login",
            None,
            Some(&json!({"email": "Leitung@Example.org", "password": PASSWORD})),
        ),
    )
    .await;
    assert_eq!(login.status, StatusCode::OK, "{}", login.text);
    let organizer = login.json["token"].as_str().unwrap().to_owned();
    let org = Some(organizer.as_str());

    let created = call(
        &service,
        request(
            "POST",
            "/api/v1/tournaments",
            org,
            Some(&json!({"name": "Karlchen-Cup", "date": "2026-12-05"})),
        ),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let tournament = created.json["id"].as_i64().unwrap();
    assert_eq!(created.json["deals_four"], 24);

    let mut players = Vec::new();
    for name in ["Anna", "Bernd", "Clara", "Dieter"] {
        let p = call(
            &service,
            request(
                "POST",
                &format!("/api/v1/tournaments/{tournament}/players"),
                org,
                Some(&json!({"name": name})),
            ),
        )
        .await;
        assert_eq!(p.status, StatusCode::CREATED, "{}", p.text);
        players.push(p.json["id"].as_i64().unwrap());
    }
    let round = call(
        &service,
        request(
            "POST",
            &format!("/api/v1/tournaments/{tournament}/rounds"),
            org,
            Some(&json!({"tables": [players]})),
        ),
    )
    .await;
    assert_eq!(round.status, StatusCode::CREATED, "{}", round.text);
    let table = round.json["tables"][0]["id"].as_i64().unwrap();
    assert_eq!(round.json["tables"][0]["seats"], json!(players));

    let code = call(
        &service,
        request(
            "POST",
            &format!("/api/v1/tables/{table}/join-code"),
            org,
            None,
        ),
    )
    .await;
    assert_eq!(code.status, StatusCode::CREATED, "{}", code.text);
    let printed = code.json["code"].as_str().unwrap().to_lowercase();
    let captain = call(
        &service,
        request(
            "POST",
            "/api/v1/auth/captain",
            None,
            Some(&json!({"code": printed})),
        ),
    )
    .await;
    assert_eq!(captain.status, StatusCode::OK, "{}", captain.text);
    let captain = captain.json["token"].as_str().unwrap().to_owned();
    let cap = Some(captain.as_str());

    // Seat 3 plays his Pflichtsolo in deal 6 (dealt by seat 1, who deals again); the other
    // three are vorgeführt in deals 22-24 (tsr-brief §6.3, worked sequence).
    let sheet_path = format!("/api/v1/tables/{table}/sheet");
    let mut expected_totals = [0i64; 4];
    for number in 1..=24u16 {
        let sheet = call(&service, request("GET", &sheet_path, cap, None)).await;
        assert_eq!(sheet.status, StatusCode::OK);
        let next = &sheet.json["next"];
        assert_eq!(next["number"], number);
        let forced = next["forced_soloist"].as_u64();
        let (body, kind) = match (number, forced) {
            (6, None) => (solo(3), "pflichtsolo"),
            (_, Some(seat)) => (solo(u8::try_from(seat).unwrap()), "vorgefuehrt"),
            _ => (normal([0, 2]), "normal"),
        };
        let mut entry = body.clone();
        entry["number"] = json!(number);
        let answer = call(
            &service,
            request(
                "POST",
                &format!("/api/v1/tables/{table}/deals"),
                cap,
                Some(&entry),
            ),
        )
        .await;
        assert_eq!(
            answer.status,
            StatusCode::CREATED,
            "deal {number}: {}",
            answer.text
        );
        assert_eq!(answer.json["deal"]["kind"], kind, "deal {number}");
        let scores = answer.json["deal"]["scores"].as_array().unwrap();
        for (total, s) in expected_totals.iter_mut().zip(scores) {
            *total += s.as_i64().unwrap();
        }
    }
    let sheet = call(&service, request("GET", &sheet_path, None, None)).await;
    assert_eq!(
        sheet.status,
        StatusCode::NOT_FOUND,
        "unpublished sheets are not public"
    );
    let sheet = call(&service, request("GET", &sheet_path, org, None)).await;
    let deals = sheet.json["deals"].as_array().unwrap();
    let dealers: Vec<u64> = deals
        .iter()
        .map(|d| d["dealer"].as_u64().unwrap())
        .collect();
    assert_eq!(
        &dealers[..8],
        &[0, 1, 2, 3, 0, 1, 1, 2],
        "seat 1 deals again after the Pflichtsolo"
    );
    assert_eq!(&dealers[21..], &[0, 1, 2]);
    let forced: Vec<u64> = deals[21..]
        .iter()
        .map(|d| d["re"][0].as_u64().unwrap())
        .collect();
    assert_eq!(
        forced,
        vec![1, 2, 0],
        "Vorführen: nearest the dealer's left first"
    );
    assert_eq!(sheet.json["complete"], true);
    assert_eq!(sheet.json["next"], Value::Null);
    assert_eq!(sheet.json["pflichtsolo_owed"], json!([]));
    assert_eq!(sheet.json["totals"], json!(expected_totals));
    // 20 normal games won by seats 0 and 2 (+1 each); each seat wins one Damensolo (+3)
    // and pays three (-1 each), which nets to 0.
    assert_eq!(expected_totals, [20, -20, 20, -20]);

    // One more deal is refused with the complete sheet.
    let extra = call(
        &service,
        request(
            "POST",
            &format!("/api/v1/tables/{table}/deals"),
            cap,
            Some(&normal([0, 1])),
        ),
    )
    .await;
    assert_eq!(extra.status, StatusCode::CONFLICT, "{}", extra.text);
    assert_eq!(extra.json["code"], "sheet_complete");
    assert_eq!(extra.json["current"]["complete"], true);

    // Standings are the sheet's totals.
    let standings = call(
        &service,
        request(
            "GET",
            &format!("/api/v1/tournaments/{tournament}/standings"),
            org,
            None,
        ),
    )
    .await;
    assert_eq!(standings.status, StatusCode::OK, "{}", standings.text);
    for row in standings.json["standings"].as_array().unwrap() {
        let seat = players
            .iter()
            .position(|p| Some(*p) == row["player_id"].as_i64())
            .unwrap();
        assert_eq!(row["total"].as_i64().unwrap(), expected_totals[seat]);
        assert_eq!(row["deals_played"], 24);
        assert_eq!(row["solos_played"], 1);
        assert_eq!(row["rounds"][0].as_i64().unwrap(), expected_totals[seat]);
    }
    let csv = call(
        &service,
        actix_web::test::TestRequest::get()
            .uri(&format!("/api/v1/tournaments/{tournament}/standings"))
            .insert_header(("Authorization", format!("Bearer {organizer}")))
            .insert_header(("Accept", "text/csv"))
            .to_request(),
    )
    .await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(csv.content_type.starts_with("text/csv"));
    assert_eq!(csv.text.lines().count(), 5, "{}", csv.text);
    assert!(
        csv.text
            .starts_with("rank,start_number,name,club,total,round_1,round_2,round_3,")
    );
});
