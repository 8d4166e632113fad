//! Signing a table's complete sheet on the captain's phone: refused until the sheet is
//! complete, only for the table's own players, only by the table's captain (or the
//! organiser), once per player; taken back after a wrong tap; cleared by any later change
//! to the sheet, and the clearing is in the audit log.

use serde_json::{Value, json};
use service_tests::{TestApp, backend_test};

use crate::fixtures::{
    App, Reply, Step, Table, call_json, captain, expect, organizer, players, repeat, round,
    tournament,
};

/// Two tables of four with four deals planned (the four Pflichtsoli complete a sheet),
/// each with its captain.
pub(crate) async fn two_tables<S: App>(app: &TestApp, service: &S) -> (Table, Table) {
    let org = organizer(app, service, "leitung@example.org").await;
    let t = tournament(
        service,
        &org,
        &json!({"name": "Karlchen-Cup", "date": "2026-12-05", "deals_four": 4}),
    )
    .await;
    let ids = players(service, &org, t, 8).await;
    let r = round(service, &org, t, &json!([ids[0..4], ids[4..8]])).await;
    let round_id = r.json["id"].as_i64().unwrap();
    let mut tables = Vec::new();
    for (i, seated) in [ids[0..4].to_vec(), ids[4..8].to_vec()]
        .into_iter()
        .enumerate()
    {
        let table = r.json["tables"][i]["id"].as_i64().unwrap();
        tables.push(Table {
            captain: captain(service, &org, table).await,
            org: org.clone(),
            tournament: t,
            players: seated,
            round: round_id,
            table,
        });
    }
    let second = tables.pop().unwrap();
    (tables.pop().unwrap(), second)
}

pub(crate) async fn sign<S: App>(
    service: &S,
    t: &Table,
    token: Option<&str>,
    player: i64,
) -> Reply {
    call_json(
        service,
        "POST",
        &t.path("signatures"),
        token,
        Some(&json!({ "player_id": player })),
    )
    .await
}

async fn withdraw<S: App>(service: &S, t: &Table, token: &str, player: i64) -> Reply {
    call_json(
        service,
        "DELETE",
        &t.path(&format!("signatures/{player}")),
        Some(token),
        None,
    )
    .await
}

/// The players who signed, in the order they signed.
fn signed(sheet: &Value) -> Vec<i64> {
    sheet["signatures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["player_id"].as_i64().unwrap())
        .collect()
}

/// The actions of the tournament's audit log, oldest first.
async fn audit_actions<S: App>(service: &S, t: &Table) -> Vec<Value> {
    let log = call_json(
        service,
        "GET",
        &format!("/api/v1/tournaments/{}/audit", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&log, 200, "audit log");
    log.json.as_array().unwrap().clone()
}

backend_test!(every_player_signs_the_complete_sheet_once, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (t, other) = two_tables(&app, &service).await;
    let fresh = t.sheet(&service).await;
    assert_eq!(fresh["signatures"], json!([]));
    assert_eq!(fresh["signed_by_all"], false);

    // Not before the sheet is complete: the answer shows the sheet.
    t.fill(&service, &repeat(&Step::Forced, 3)).await;
    let early = sign(&service, &t, Some(&t.captain), t.players[0]).await;
    expect(&early, 409, "sign an incomplete sheet");
    assert_eq!(early.json["code"], "sheet_incomplete");
    assert_eq!(early.json["current"]["complete"], false);
    assert_eq!(early.json["current"]["deals"].as_array().unwrap().len(), 3);

    let complete = t.fill(&service, &[Step::Forced]).await;
    assert_eq!(complete["complete"], true);

    // A player of another table is nobody to sign this one.
    let stranger = sign(&service, &t, Some(&t.captain), other.players[0]).await;
    expect(&stranger, 422, "a stranger signs");
    assert_eq!(stranger.json["code"], "player_not_at_table");
    assert_eq!(stranger.fields(), ["player_id"]);
    // The captain of the other table cannot sign here, and the public not at all.
    let foreign = sign(&service, &t, Some(&other.captain), t.players[0]).await;
    expect(&foreign, 403, "another table's captain signs");
    let public = sign(&service, &t, None, t.players[0]).await;
    expect(&public, 401, "the public signs");

    // Seats 2, 0, 3, 1 tap their names.
    let mut sheet = Value::Null;
    for seat in [2, 0, 3, 1] {
        let answer = sign(&service, &t, Some(&t.captain), t.players[seat]).await;
        expect(&answer, 200, &format!("seat {seat} signs"));
        sheet = answer.json;
    }
    assert_eq!(
        signed(&sheet),
        [t.players[2], t.players[0], t.players[3], t.players[1]]
    );
    assert_eq!(sheet["signatures"][0]["seat"], 2);
    assert!(
        sheet["signatures"][0]["signed_at"]
            .as_str()
            .unwrap()
            .ends_with('Z')
    );
    assert_eq!(sheet["signed_by_all"], true);
    assert_eq!(
        t.sheet(&service).await,
        sheet,
        "a read shows the signatures"
    );

    // Signing again changes nothing, not even the time.
    let again = sign(&service, &t, Some(&t.captain), t.players[0]).await;
    expect(&again, 200, "sign again");
    assert_eq!(again.json, sheet);
    let signs = audit_actions(&service, &t)
        .await
        .iter()
        .filter(|a| a["action"] == "signature.sign")
        .count();
    assert_eq!(signs, 4, "one audit line per signature");
    // The other table's sheet is not signed by any of this.
    assert_eq!(other.sheet(&service).await["signatures"], json!([]));
});

backend_test!(a_correction_clears_the_signatures, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (t, _) = two_tables(&app, &service).await;
    let complete = t.fill(&service, &repeat(&Step::Forced, 4)).await;
    for seat in 0..4 {
        expect(
            &sign(&service, &t, Some(&t.captain), t.players[seat]).await,
            200,
            "sign",
        );
    }
    // The last deal was a won Damensolo; it was lost after all.
    let last = &complete["deals"][3];
    let soloist = last["re"][0].as_u64().unwrap();
    let corrected = crate::fixtures::send(
        &service,
        crate::fixtures::req(
            "PUT",
            &t.path("deals/4"),
            Some(&t.captain),
            Some(
                &json!({"contract": "solo_queens", "re": [soloist], "re_points": 100,
                         "re_tricks": 5}),
            ),
            &[("If-Match", &last["version"].to_string())],
        ),
    )
    .await;
    expect(&corrected, 200, "correct deal 4");
    assert_eq!(corrected.json["sheet"]["signatures"], json!([]));
    assert_eq!(corrected.json["sheet"]["signed_by_all"], false);
    assert_eq!(t.sheet(&service).await["signatures"], json!([]));
    let log = audit_actions(&service, &t).await;
    let cleared = log
        .iter()
        .find(|a| a["action"] == "signature.clear")
        .expect("the clearing is audited");
    assert_eq!(cleared["table_id"], t.table);
    assert_eq!(cleared["after"]["cleared_by"], "deal.update");
    assert_eq!(cleared["before"].as_array().unwrap().len(), 4);

    // Signed again, then a penalty: cleared again.
    expect(
        &sign(&service, &t, Some(&t.captain), t.players[0]).await,
        200,
        "sign the corrected sheet",
    );
    let penalty = call_json(
        &service,
        "POST",
        &t.path("penalties"),
        Some(&t.org),
        Some(&json!({"deal_number": 1, "severity": "minor", "offender": 1, "referee": "Weber"})),
    )
    .await;
    expect(&penalty, 201, "penalty");
    assert_eq!(penalty.json["signatures"], json!([]));
    let causes: Vec<Value> = audit_actions(&service, &t)
        .await
        .iter()
        .filter(|a| a["action"] == "signature.clear")
        .map(|a| a["after"]["cleared_by"].clone())
        .collect();
    assert_eq!(causes, [json!("deal.update"), json!("penalty.create")]);
});

backend_test!(a_wrong_tap_is_taken_back_until_the_round_closes, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let (t, other) = two_tables(&app, &service).await;
    t.fill(&service, &repeat(&Step::Forced, 4)).await;
    other.fill(&service, &repeat(&Step::Forced, 4)).await;
    expect(
        &sign(&service, &t, Some(&t.captain), t.players[1]).await,
        200,
        "sign",
    );
    let taken_back = withdraw(&service, &t, &t.captain, t.players[1]).await;
    expect(&taken_back, 200, "take back");
    assert_eq!(taken_back.json["signatures"], json!([]));
    // Taking back what is not there changes nothing; a stranger is named.
    let nothing = withdraw(&service, &t, &t.captain, t.players[1]).await;
    expect(&nothing, 200, "take back twice");
    assert_eq!(nothing.json, taken_back.json);
    let stranger = withdraw(&service, &t, &t.captain, other.players[1]).await;
    expect(&stranger, 422, "take back a stranger's signature");
    assert_eq!(stranger.json["code"], "player_not_at_table");
    let actions: Vec<Value> = audit_actions(&service, &t)
        .await
        .iter()
        .map(|a| a["action"].clone())
        .filter(|a| a.as_str().unwrap().starts_with("signature."))
        .collect();
    assert_eq!(
        actions,
        [json!("signature.sign"), json!("signature.withdraw")]
    );

    // The round closes: the captain can neither sign nor take back; the organiser can.
    expect(
        &sign(&service, &t, Some(&t.captain), t.players[0]).await,
        200,
        "sign",
    );
    let closed = call_json(
        &service,
        "POST",
        &format!("/api/v1/rounds/{}/close", t.round),
        Some(&t.org),
        None,
    )
    .await;
    expect(&closed, 200, "close the round");
    let late = sign(&service, &t, Some(&t.captain), t.players[1]).await;
    expect(&late, 409, "the captain signs after the close");
    assert_eq!(late.json["code"], "round_closed");
    let late_undo = withdraw(&service, &t, &t.captain, t.players[0]).await;
    expect(&late_undo, 409, "the captain takes back after the close");
    let by_organiser = sign(&service, &t, Some(&t.org), t.players[1]).await;
    expect(&by_organiser, 200, "the organiser signs after the close");
    assert_eq!(signed(&by_organiser.json), [t.players[0], t.players[1]]);
});
