//! Entering and correcting deals: retries, two phones, forced solos, 5-tables, impossible
//! facts, corrections with versions that re-check the sheet, deletions and the audit log.

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    Reply, Step, Table, call_json, column, dealers, expect, normal, repeat, req, send, solo,
};

/// The brief's worked sequence (tsr-brief §6.3): seat 3's Pflichtsolo in deal 6, dealt by
/// seat 1, then 15 normal games and the three forced solos.
fn worked() -> Vec<Step> {
    [
        repeat(&Step::Normal, 5),
        vec![Step::Solo(3)],
        repeat(&Step::Normal, 15),
        repeat(&Step::Forced, 3),
    ]
    .concat()
}

fn deal_count(sheet: &Value) -> usize {
    sheet["deals"].as_array().unwrap().len()
}

backend_test!(a_retried_entry_is_stored_once, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let post = |key: &'static str, body: Value| {
        req(
            "POST",
            &t.path("deals"),
            Some(&t.captain),
            Some(&body),
            &[("Idempotency-Key", key)],
        )
    };
    let first = send(&service, post("phone-7f3a", normal([0, 2]))).await;
    expect(&first, 201, "first");
    assert_eq!(first.json["deal"]["number"], 1);
    // The answer was lost; the phone sends the same request again.
    let retry = send(&service, post("phone-7f3a", normal([0, 2]))).await;
    assert_eq!(retry.status, first.status);
    assert_eq!(retry.text, first.text, "the first answer, word for word");
    assert_eq!(
        deal_count(&t.sheet(&service).await),
        1,
        "one deal on the sheet"
    );
    // A different body under the same key is a client bug: refused, and nothing created.
    let changed = send(&service, post("phone-7f3a", normal([1, 3]))).await;
    expect(&changed, 422, "same key, other body");
    assert_eq!(changed.json["code"], "idempotency_key_reused");
    assert_eq!(changed.json["errors"][0]["field"], "Idempotency-Key");
    assert_eq!(deal_count(&t.sheet(&service).await), 1);

    // A new key is a new deal.
    let second = send(&service, post("phone-91c2", normal([1, 3]))).await;
    expect(&second, 201, "second");
    assert_eq!(second.json["deal"]["number"], 2);
    let sheet = t.sheet(&service).await;
    assert_eq!(deal_count(&sheet), 2);
    assert_eq!(sheet["totals"], json!([0, 0, 0, 0]));
    // The first key still answers with the first deal.
    let late = send(&service, post("phone-7f3a", normal([0, 2]))).await;
    assert_eq!(late.text, first.text);
    assert_eq!(deal_count(&t.sheet(&service).await), 2);

    // A key that is too long is an input error naming the header.
    let long = "k".repeat(201);
    let bad = send(
        &service,
        req(
            "POST",
            &t.path("deals"),
            Some(&t.captain),
            Some(&normal([0, 2])),
            &[("Idempotency-Key", long.as_str())],
        ),
    )
    .await;
    expect(&bad, 422, "long key");
    assert_eq!(bad.fields(), ["Idempotency-Key"]);
    assert_eq!(deal_count(&t.sheet(&service).await), 2);
});

backend_test!(two_phones_entering_the_same_deal, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    t.fill(&service, &repeat(&Step::Normal, 2)).await;
    let numbered = |number: u64, re: [u64; 2]| {
        let mut body = normal(re);
        body["number"] = json!(number);
        body
    };
    // Both phones saw "next: 3"; the organiser's laptop is quicker.
    let winner = t.post(&service, &t.org, &numbered(3, [0, 2])).await;
    expect(&winner, 201, "first phone");
    assert_eq!(winner.json["deal"]["number"], 3);
    let loser = t.post(&service, &t.captain, &numbered(3, [1, 3])).await;
    expect(&loser, 409, "second phone");
    assert_eq!(loser.json["code"], "deal_number_taken");
    let sheet = t.sheet(&service).await;
    assert_eq!(
        loser.json["current"], sheet,
        "the current sheet comes along"
    );
    assert_eq!(deal_count(&sheet), 3);
    assert_eq!(
        sheet["deals"][2]["re"],
        json!([0, 2]),
        "the first entry stands"
    );
    assert_eq!(sheet["next"]["number"], 4);

    // A number that is not the next one is refused, saying which way it misses: one
    // entered already is taken, one further on would skip the next deal, 0 is no number.
    for (number, code, detail) in [
        (
            2,
            "deal_number_taken",
            "deal 2 has been entered already; the next deal is 4",
        ),
        (
            5,
            "deal_number_skipped",
            "deal 5 cannot be entered yet: the next deal is 4, and deals are entered in order",
        ),
        (
            24,
            "deal_number_skipped",
            "deal 24 cannot be entered yet: the next deal is 4, and deals are entered in order",
        ),
    ] {
        let refused = t
            .post(&service, &t.captain, &numbered(number, [0, 2]))
            .await;
        expect(&refused, 409, &format!("number {number}"));
        assert_eq!(refused.json["code"], code);
        assert_eq!(refused.json["detail"], detail);
        assert_eq!(refused.json["current"]["next"]["number"], 4);
    }
    let zero = t.post(&service, &t.captain, &numbered(0, [0, 2])).await;
    expect(&zero, 422, "number 0");
    assert_eq!(zero.json["code"], "invalid_body");
    assert_eq!(zero.json["errors"][0]["field"], "number");
    assert_eq!(zero.json["errors"][0]["code"], "out_of_range");
    assert_eq!(deal_count(&t.sheet(&service).await), 3);
    // The right number, or none, is taken.
    let fourth = t.post(&service, &t.captain, &numbered(4, [0, 2])).await;
    expect(&fourth, 201, "number 4");
    let fifth = t.post(&service, &t.captain, &normal([0, 2])).await;
    expect(&fifth, 201, "no number");
    assert_eq!(fifth.json["deal"]["number"], 5);
});

backend_test!(two_phones_at_the_same_moment, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    for number in 1..=6u64 {
        let mut a = normal([0, 2]);
        a["number"] = json!(number);
        let mut b = normal([1, 3]);
        b["number"] = json!(number);
        let (x, y) = tokio::join!(
            send(
                &service,
                req("POST", &t.path("deals"), Some(&t.org), Some(&a), &[])
            ),
            send(
                &service,
                req("POST", &t.path("deals"), Some(&t.captain), Some(&b), &[])
            ),
        );
        let mut statuses = [x.status.as_u16(), y.status.as_u16()];
        statuses.sort_unstable();
        assert_eq!(
            statuses,
            [201, 409],
            "deal {number}: {} / {}",
            x.text,
            y.text
        );
        let loser: &Reply = if x.status.as_u16() == 409 { &x } else { &y };
        assert_eq!(loser.json["code"], "deal_number_taken", "{}", loser.text);
        let sheet = t.sheet(&service).await;
        assert_eq!(deal_count(&sheet), usize::try_from(number).unwrap());
        assert_eq!(
            loser.json["current"], sheet,
            "deal {number}: the loser gets the sheet with the winner's deal"
        );
    }
});

backend_test!(a_forced_solo_cannot_be_skipped, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let sheet = t.fill(&service, &repeat(&Step::Normal, 20)).await;
    // Four solos owed, four deals left: seat 1, left of dealer 0, must play now.
    assert_eq!(
        sheet["next"],
        json!({"number": 21, "dealer": 0, "sitting_out": null, "forced_soloist": 1})
    );
    assert_eq!(sheet["pflichtsolo_owed"], json!([0, 1, 2, 3]));
    let refusals = [
        (normal([0, 2]), "contract"),
        (
            json!({"contract": "wedding_solo", "re": [1], "re_points": 150, "re_tricks": 8}),
            "contract",
        ),
        (
            json!({"contract": "silent_wedding", "re": [1], "re_points": 150, "re_tricks": 8}),
            "contract",
        ),
        (solo(2), "re"),
        (solo(0), "re"),
    ];
    for (body, field) in &refusals {
        let refused = t.post(&service, &t.captain, body).await;
        expect(&refused, 422, &body.to_string());
        assert_eq!(refused.json["code"], "not_allowed_now", "{body}");
        assert_eq!(refused.fields(), [*field], "{body}");
        assert!(
            refused.json["detail"].as_str().unwrap().contains("deal 21"),
            "{}",
            refused.text
        );
    }
    let after = t.sheet(&service).await;
    assert_eq!(after, sheet, "nothing stored");
    let played = t.post(&service, &t.captain, &solo(1)).await;
    expect(&played, 201, "the forced solo");
    assert_eq!(played.json["deal"]["kind"], "vorgefuehrt");
    assert_eq!(played.json["deal"]["scores"], json!([-1, 3, -1, -1]));
    assert_eq!(
        played.json["sheet"]["next"],
        json!({"number": 22, "dealer": 1, "sitting_out": null, "forced_soloist": 2})
    );
});

backend_test!(at_a_five_table_the_dealer_sits_out, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 5).await;
    let sheet = t.sheet(&service).await;
    assert_eq!(sheet["table_size"], 5);
    assert_eq!(sheet["planned_deals"], 30);
    assert_eq!(
        sheet["next"],
        json!({"number": 1, "dealer": 0, "sitting_out": 0, "forced_soloist": null})
    );
    let first = t.post(&service, &t.captain, &normal([1, 2])).await;
    expect(&first, 201, "deal 1");
    assert_eq!(first.json["deal"]["sitting_out"], 0);
    assert_eq!(first.json["deal"]["scores"], json!([0, 1, 1, -1, -1]));

    // Deal 2: seat 1 deals and sits out, so he can be neither partner nor soloist.
    for body in [normal([1, 3]), solo(1)] {
        let refused = t.post(&service, &t.captain, &body).await;
        expect(&refused, 422, &body.to_string());
    }
    assert_eq!(deal_count(&t.sheet(&service).await), 1, "nothing stored");
    let second = t.post(&service, &t.captain, &solo(4)).await;
    expect(&second, 201, "deal 2");
    assert_eq!(second.json["deal"]["kind"], "pflichtsolo");
    assert_eq!(second.json["deal"]["sitting_out"], 1);
    assert_eq!(second.json["deal"]["scores"], json!([-1, 0, -1, -1, 3]));
    // After a Pflichtsolo the same seat deals, and sits out, again.
    let sheet = &second.json["sheet"];
    assert_eq!(sheet["next"]["dealer"], 1);
    assert_eq!(sheet["next"]["sitting_out"], 1);
    assert_eq!(sheet["totals"], json!([-1, 1, 0, -2, 2]));
    assert_eq!(sheet["pflichtsolo_owed"], json!([0, 1, 2, 3]));
});

backend_test!(the_sitting_out_dealer_in_re_is_reported_on_re, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 5).await;
    // Deal 1: seat 0 deals and sits out.
    let refused = t.post(&service, &t.captain, &normal([0, 2])).await;
    expect(&refused, 422, "dealer in re");
    assert_eq!(refused.fields(), ["re"], "{}", refused.text);
});

backend_test!(impossible_facts_name_the_field, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let with = |patch: Value| {
        let mut body = normal([0, 2]);
        for (k, v) in patch.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let cases = [
        (with(json!({"re_points": 250})), "re_points", "invalid_deal"),
        (with(json!({"re_tricks": 13})), "re_tricks", "invalid_deal"),
        (
            with(json!({"re_points": 10, "re_tricks": 0})),
            "re_points",
            "invalid_deal",
        ),
        (with(json!({"re": [0, 1, 2]})), "re", "invalid_deal"),
        (with(json!({"re": [0, 4]})), "re", "invalid_deal"),
        (
            json!({"contract": "solo_hearts", "re": [2], "re_points": 150, "re_tricks": 8,
                   "extras": {"re": {"fox": 1}}}),
            "extras",
            "invalid_deal",
        ),
    ];
    for (body, field, code) in &cases {
        let refused = t.post(&service, &t.captain, body).await;
        expect(&refused, 422, &body.to_string());
        assert_eq!(refused.json["code"], *code, "{body}: {}", refused.text);
        assert_eq!(refused.fields(), [*field], "{body}: {}", refused.text);
    }
    let mut missing = normal([0, 2]);
    missing.as_object_mut().unwrap().remove("re_points");
    let refused = t.post(&service, &t.captain, &missing).await;
    expect(&refused, 422, "missing re_points");
    assert_eq!(refused.fields(), ["re_points"]);
    assert_eq!(deal_count(&t.sheet(&service).await), 0, "nothing stored");
});

// Tricks not counted: taken where they cannot change the score (both parties have card
// points), scored as any count would be, stored and read back without them; refused,
// naming the field, where they decide "schwarz" (a party without card points).
backend_test!(tricks_are_needed_only_where_they_decide_schwarz, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let mut uncounted = normal([0, 2]);
    uncounted.as_object_mut().unwrap().remove("re_tricks");
    uncounted["re_points"] = json!(151);
    uncounted["announcements"] = json!({"re": "re", "kontra": "none"});
    let saved = t.post(&service, &t.captain, &uncounted).await;
    expect(&saved, 201, "entered without tricks");
    assert!(
        saved.json["deal"]["entry"].get("re_tricks").is_none(),
        "{}",
        saved.text
    );
    // What any counted tricks give: Re won (1), "Re" said (+2), Kontra under 90 (+1).
    let mut counted = uncounted.clone();
    counted["re_tricks"] = json!(9);
    let scored = call_json(&service, "POST", "/api/v1/score", None, Some(&counted)).await;
    expect(&scored, 200, "the calculator, tricks counted");
    assert_eq!(saved.json["deal"]["scores"], json!([4, -4, 4, -4]));
    assert_eq!(saved.json["deal"]["scores"], scored.json["scores"]);
    let sheet = t.sheet(&service).await;
    assert!(sheet["deals"][0]["entry"].get("re_tricks").is_none());
    assert_eq!(sheet["totals"], json!([4, -4, 4, -4]));

    // All 240 card points: Kontra may have taken a trick of nines, so count them.
    let mut all = uncounted.clone();
    all["re_points"] = json!(240);
    all["number"] = json!(2);
    let refused = t.post(&service, &t.captain, &all).await;
    expect(&refused, 422, "240 without tricks");
    assert_eq!(refused.fields(), ["re_tricks"], "{}", refused.text);
    assert_eq!(refused.json["errors"][0]["code"], "required");
    let mut none = uncounted.clone();
    none["re_points"] = json!(0);
    none["number"] = json!(2);
    let refused = t.post(&service, &t.captain, &none).await;
    expect(&refused, 422, "0 without tricks");
    assert_eq!(refused.fields(), ["re_tricks"]);
    assert_eq!(
        deal_count(&t.sheet(&service).await),
        1,
        "nothing more stored"
    );
});

backend_test!(unreadable_values_in_a_deal_name_their_field, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let cases = [
        (
            json!({"contract": "grand", "re": [0, 2], "re_points": 130, "re_tricks": 7}),
            "contract",
        ),
        (
            json!({"contract": "normal", "re": [0, 2], "re_points": -5, "re_tricks": 7}),
            "re_points",
        ),
        (
            json!({"contract": "normal", "re": [0, 2], "re_points": 130, "re_tricks": 7,
                       "announcements": {"re": "maybe"}}),
            "announcements.re",
        ),
        (
            json!({"contract": "normal", "re": [0, 2], "re_points": 130, "re_tricks": 7,
                       "scores": [10, -10, 10, -10]}),
            "scores",
        ),
    ];
    let mut wrong = Vec::new();
    for (body, field) in &cases {
        let refused = t.post(&service, &t.captain, body).await;
        expect(&refused, 422, &body.to_string());
        if refused.fields() != [*field] {
            wrong.push(format!("{body}: {}", refused.text));
        }
    }
    assert_eq!(deal_count(&t.sheet(&service).await), 0, "nothing stored");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
});

backend_test!(points_sent_by_a_client_are_not_accepted, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let mut body = normal([0, 2]);
    body["scores"] = json!([10, -10, 10, -10]);
    let refused = t.post(&service, &t.captain, &body).await;
    expect(&refused, 422, "scores in the body");
    assert_eq!(refused.json["code"], "invalid_body");
    assert_eq!(deal_count(&t.sheet(&service).await), 0);
});

backend_test!(
    a_correction_retried_under_its_key_answers_the_first_answer,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        t.fill(&service, &repeat(&Step::Enter(normal([0, 2])), 3))
            .await;
        let deal2 = t.path("deals/2");
        let corrected =
            json!({"contract": "normal", "re": [0, 2], "re_points": 160, "re_tricks": 9});
        let put = |key: Option<&str>| {
            let mut headers = vec![("If-Match", "1")];
            headers.extend(key.map(|k| ("Idempotency-Key", k)));
            req("PUT", &deal2, Some(&t.captain), Some(&corrected), &headers)
        };
        let first = send(&service, put(Some("fix-deal-2"))).await;
        expect(&first, 200, "corrected");
        assert_eq!(first.json["deal"]["version"], 2);
        // Won with Kontra below 90: 2 points instead of 1.
        assert_eq!(first.json["deal"]["scores"], json!([2, -2, 2, -2]));
        assert_eq!(first.json["sheet"]["totals"], json!([4, -4, 4, -4]));
        assert_eq!(first.header("etag"), "\"2\"");
        // The answer was lost on the way; the phone sends the same request again and gets the
        // first answer, not a 412 for the version its own correction moved on.
        let retried = send(&service, put(Some("fix-deal-2"))).await;
        expect(&retried, 200, "the first answer again");
        assert_eq!(retried.json, first.json);
        assert_eq!(retried.header("etag"), "\"2\"");
        assert_eq!(
            t.sheet(&service).await,
            first.json["sheet"],
            "corrected once"
        );
        // Without its key the same request is stale.
        let unkeyed = send(&service, put(None)).await;
        expect(&unkeyed, 412, "stale without the key");
    }
);

backend_test!(corrections_need_the_current_version, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    t.fill(&service, &repeat(&Step::Enter(normal([0, 2])), 6))
        .await;
    let deal3 = t.path("deals/3");
    let mut corrected = json!({"contract": "normal", "re": [0, 2], "re_points": 160, "re_tricks": 9,
                               "reason": "160, nicht 130"});
    let put = |if_match: Option<&str>, body: &Value| {
        let headers: Vec<(&str, &str)> = if_match.map(|v| ("If-Match", v)).into_iter().collect();
        req("PUT", &deal3, Some(&t.captain), Some(body), &headers)
    };
    let before = t.sheet(&service).await;

    let missing = send(&service, put(None, &corrected)).await;
    expect(&missing, 428, "no If-Match");
    assert_eq!(missing.json["code"], "if_match_required");
    let stale = send(&service, put(Some("7"), &corrected)).await;
    expect(&stale, 412, "wrong version");
    assert_eq!(stale.json["code"], "version_mismatch");
    assert_eq!(t.sheet(&service).await, before, "nothing changed");

    let done = send(&service, put(Some("1"), &corrected)).await;
    expect(&done, 200, "right version");
    assert_eq!(done.json["deal"]["number"], 3);
    assert_eq!(done.json["deal"]["version"], 2);
    assert_eq!(done.json["deal"]["entry"]["re_points"], 160);
    // Won with Kontra below 90: 2 points.
    assert_eq!(done.json["deal"]["scores"], json!([2, -2, 2, -2]));
    assert_eq!(done.json["sheet"]["totals"], json!([7, -7, 7, -7]));
    assert_eq!(t.sheet(&service).await, done.json["sheet"]);

    // The old version is gone; quoted and weak forms of the new one work.
    let again = send(&service, put(Some("1"), &corrected)).await;
    expect(&again, 412, "old version again");
    corrected["re"] = json!([1, 3]);
    let quoted = send(&service, put(Some("\"2\""), &corrected)).await;
    expect(&quoted, 200, "quoted version");
    assert_eq!(quoted.json["deal"]["version"], 3);
    assert_eq!(quoted.json["deal"]["scores"], json!([-2, 2, -2, 2]));
    let weak = send(&service, put(Some("W/\"3\""), &normal([0, 2]))).await;
    expect(&weak, 200, "weak version");
    assert_eq!(weak.json["deal"]["version"], 4);
    assert_eq!(weak.json["sheet"]["totals"], json!([6, -6, 6, -6]));
    // Only deal 3 changed version.
    let versions: Vec<&Value> = column(&weak.json["sheet"], "version");
    assert_eq!(
        versions,
        [
            &json!(1),
            &json!(1),
            &json!(4),
            &json!(1),
            &json!(1),
            &json!(1)
        ]
    );

    let nowhere = send(
        &service,
        req(
            "PUT",
            &t.path("deals/9"),
            Some(&t.captain),
            Some(&normal([0, 2])),
            &[("If-Match", "1")],
        ),
    )
    .await;
    expect(&nowhere, 404, "no deal 9");
    // A correction is checked like an entry.
    let impossible = send(
        &service,
        req(
            "PUT",
            &deal3,
            Some(&t.captain),
            Some(&json!({"contract": "normal", "re": [0, 2], "re_points": 250, "re_tricks": 9})),
            &[("If-Match", "4")],
        ),
    )
    .await;
    expect(&impossible, 422, "impossible correction");
    assert_eq!(impossible.fields(), ["re_points"]);
});

backend_test!(a_pflichtsolo_correction_moves_every_later_dealer, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let sheet = t
        .fill(&service, &repeat(&Step::Enter(normal([0, 2])), 10))
        .await;
    assert_eq!(dealers(&sheet), [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]);
    assert_eq!(sheet["next"]["dealer"], 2);
    let fixed = send(
        &service,
        req(
            "PUT",
            &t.path("deals/5"),
            Some(&t.captain),
            Some(&solo(0)),
            &[("If-Match", "1")],
        ),
    )
    .await;
    expect(&fixed, 200, "deal 5 was seat 0's Damensolo");
    let sheet = &fixed.json["sheet"];
    assert_eq!(sheet["deals"][4]["kind"], "pflichtsolo");
    // Seat 0 dealt deal 5 and deals deal 6 again; everything after moves one seat back.
    assert_eq!(dealers(sheet), [0, 1, 2, 3, 0, 0, 1, 2, 3, 0]);
    assert_eq!(sheet["next"]["dealer"], 1);
    assert_eq!(sheet["pflichtsolo_owed"], json!([1, 2, 3]));
    // Nine normal games for 0 and 2, and seat 0's won solo.
    assert_eq!(sheet["totals"], json!([12, -10, 8, -10]));
    assert_eq!(&t.sheet(&service).await, sheet);
});

backend_test!(a_correction_that_breaks_a_later_deal_is_refused, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let sheet = t.fill(&service, &worked()).await;
    assert_eq!(sheet["complete"], true);
    assert_eq!(sheet["deals"][5]["kind"], "pflichtsolo");
    assert_eq!(
        dealers(&sheet),
        [
            0, 1, 2, 3, 0, 1, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2
        ]
    );
    // Deal 6 as a normal game: seat 1 no longer deals twice, and after deal 20 all four
    // seats owe with four deals left, so deal 21 would have to be seat 1's forced solo,
    // but it was entered as a normal game.
    let refused = send(
        &service,
        req(
            "PUT",
            &t.path("deals/6"),
            Some(&t.captain),
            Some(&normal([0, 2])),
            &[("If-Match", "1")],
        ),
    )
    .await;
    expect(&refused, 409, "deal 6 as a normal game");
    assert_eq!(refused.json["code"], "deal_does_not_fit");
    let detail = refused.json["detail"].as_str().unwrap();
    assert!(detail.contains("deal 21"), "{detail}");
    assert_eq!(
        refused.json["current"], sheet,
        "the sheet as it stands comes along"
    );
    assert_eq!(t.sheet(&service).await, sheet, "nothing changed");

    // A forced solo turned into something else does not fit where it stands: 422.
    let forced = send(
        &service,
        req(
            "PUT",
            &t.path("deals/22"),
            Some(&t.captain),
            Some(&normal([0, 2])),
            &[("If-Match", "1")],
        ),
    )
    .await;
    expect(&forced, 422, "deal 22 as a normal game");
    assert_eq!(forced.json["code"], "not_allowed_now");
    let wrong = send(
        &service,
        req(
            "PUT",
            &t.path("deals/22"),
            Some(&t.captain),
            Some(&solo(2)),
            &[("If-Match", "1")],
        ),
    )
    .await;
    expect(&wrong, 422, "deal 22 as seat 2's solo");
    assert_eq!(wrong.fields(), ["re"]);
    assert_eq!(t.sheet(&service).await, sheet, "nothing changed");

    // A correction that keeps every later deal in place is taken: deal 6 as another
    // Damensolo of seat 3, lost this time.
    let lost = json!({"contract": "solo_queens", "re": [3], "re_points": 100, "re_tricks": 5});
    let fine = send(
        &service,
        req(
            "PUT",
            &t.path("deals/6"),
            Some(&t.captain),
            Some(&lost),
            &[("If-Match", "1")],
        ),
    )
    .await;
    expect(&fine, 200, "deal 6 lost");
    assert_eq!(fine.json["deal"]["kind"], "pflichtsolo");
    assert_eq!(dealers(&fine.json["sheet"]), dealers(&sheet));
    // Lost with 100 points (Kontra won, nothing below 90): the soloist pays 3 x 1.
    assert_eq!(fine.json["deal"]["scores"], json!([1, 1, 1, -3]));
});

backend_test!(deleting_a_deal_renumbers_the_later_ones, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let points = [(121, 6), (130, 7), (150, 8), (160, 9), (170, 9)];
    let steps: Vec<Step> = points
        .iter()
        .map(|(p, tricks)| {
            Step::Enter(
                json!({"contract": "normal", "re": [0, 2], "re_points": p, "re_tricks": tricks}),
            )
        })
        .collect();
    t.fill(&service, &steps).await;
    // A penalty on deal 4 moves with it.
    let penalty = call_json(
        &service,
        "POST",
        &t.path("penalties"),
        Some(&t.org),
        Some(&json!({"deal_number": 4, "severity": "minor", "offender": 3, "referee": "Meier"})),
    )
    .await;
    expect(&penalty, 201, "penalty");
    let delete = |n: u16, if_match: Option<&str>| {
        let headers: Vec<(&str, &str)> = if_match
            .map(|v| ("If-Match", v))
            .into_iter()
            .chain([("X-Reason", "doppelt eingegeben")])
            .collect();
        req(
            "DELETE",
            &t.path(&format!("deals/{n}")),
            Some(&t.captain),
            None,
            &headers,
        )
    };
    expect(&send(&service, delete(2, None)).await, 428, "no If-Match");
    expect(
        &send(&service, delete(2, Some("2"))).await,
        412,
        "wrong version",
    );
    expect(
        &send(&service, delete(9, Some("1"))).await,
        404,
        "no deal 9",
    );
    assert_eq!(deal_count(&t.sheet(&service).await), 5);

    let deleted = send(&service, delete(2, Some("1"))).await;
    expect(&deleted, 200, "delete deal 2");
    let sheet = &deleted.json;
    let numbers: Vec<&Value> = column(sheet, "number");
    assert_eq!(numbers, [&json!(1), &json!(2), &json!(3), &json!(4)]);
    let kept: Vec<u64> = sheet["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["entry"]["re_points"].as_u64().unwrap())
        .collect();
    assert_eq!(kept, [121, 150, 160, 170]);
    assert_eq!(dealers(sheet), [0, 1, 2, 3]);
    assert_eq!(sheet["next"]["number"], 5);
    // The penalty is on the 160-point deal, now number 3: seat 3 -3, the others +1.
    assert_eq!(
        sheet["deals"][2]["penalties"][0]["scores"],
        json!([1, 1, 1, -3])
    );
    assert_eq!(sheet["deals"][2]["scores"], json!([3, -1, 3, -5]));
    assert!(sheet["deals"][3].get("penalties").is_none());
    // Re wins 121 and 150 for 1 (Kontra keeps 90), 160 and 170 for 2; and the penalty.
    assert_eq!(sheet["totals"], json!([7, -5, 7, -9]));
    assert_eq!(&t.sheet(&service).await, sheet);
    // The deals that moved have new versions (above every version handed out before), so
    // an If-Match read before the deletion no longer matches at their new numbers.
    let versions: Vec<&Value> = column(sheet, "version");
    assert_eq!(versions, [&json!(1), &json!(2), &json!(2), &json!(2)]);
    expect(
        &send(&service, delete(3, Some("1"))).await,
        412,
        "a version read before the renumbering",
    );
    // A deal carrying a penalty is not deleted.
    let carrying = send(&service, delete(3, Some("2"))).await;
    expect(&carrying, 409, "deal with a penalty");
    assert_eq!(carrying.json["code"], "deal_has_penalties");
    assert_eq!(&carrying.json["current"], sheet);
    assert_eq!(deal_count(&t.sheet(&service).await), 4);
});

backend_test!(every_change_is_in_the_audit_log, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    t.fill(&service, &repeat(&Step::Enter(normal([0, 2])), 2))
        .await;
    let fixed = send(
        &service,
        req(
            "PUT",
            &t.path("deals/1"),
            Some(&t.captain),
            Some(
                &json!({"contract": "normal", "re": [1, 3], "re_points": 130, "re_tricks": 7,
                          "reason": "Parteien vertauscht"}),
            ),
            &[("If-Match", "1")],
        ),
    )
    .await;
    expect(&fixed, 200, "correction");
    let deleted = send(
        &service,
        req(
            "DELETE",
            &t.path("deals/2"),
            Some(&t.org),
            None,
            &[("If-Match", "1"), ("X-Reason", "doppelt eingegeben")],
        ),
    )
    .await;
    expect(&deleted, 200, "deletion");
    let refused = t
        .post(
            &service,
            &t.captain,
            &json!({"contract": "normal", "re": [0, 2], "re_points": 250, "re_tricks": 7}),
        )
        .await;
    expect(&refused, 422, "refused entry");

    let audit = call_json(
        &service,
        "GET",
        &format!("/api/v1/tournaments/{}/audit", t.tournament),
        Some(&t.org),
        None,
    )
    .await;
    expect(&audit, 200, "audit");
    let entries: Vec<&Value> = audit
        .json
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"].as_str().unwrap().starts_with("deal."))
        .collect();
    let actions: Vec<&str> = entries
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        ["deal.create", "deal.create", "deal.update", "deal.delete"],
        "a refused entry leaves no trace"
    );
    let captain = format!("captain:{}:", t.table);
    for e in &entries {
        assert_eq!(e["table_id"], t.table);
        assert!(e["at"].as_str().unwrap().ends_with('Z'), "{e}");
    }
    let (create, update, delete) = (entries[0], entries[2], entries[3]);
    assert!(create["actor"].as_str().unwrap().starts_with(&captain));
    assert_eq!(create["before"], Value::Null);
    assert_eq!(create["after"]["number"], 1);
    assert_eq!(create["after"]["re"], json!([0, 2]));
    assert_eq!(create["after"]["scores"], json!([1, -1, 1, -1]));
    assert_eq!(create["reason"], Value::Null);

    assert!(update["actor"].as_str().unwrap().starts_with(&captain));
    assert_eq!(update["before"]["re"], json!([0, 2]));
    assert_eq!(update["before"]["version"], 1);
    assert_eq!(update["after"]["re"], json!([1, 3]));
    assert_eq!(update["after"]["version"], 2);
    assert_eq!(update["after"]["scores"], json!([-1, 1, -1, 1]));
    assert_eq!(update["reason"], "Parteien vertauscht");

    let organizer: i64 = delete["actor"]
        .as_str()
        .unwrap()
        .strip_prefix("organizer:")
        .unwrap()
        .parse()
        .unwrap();
    assert!(organizer > 0);
    assert_eq!(delete["before"]["number"], 2);
    assert_eq!(delete["before"]["re"], json!([0, 2]));
    assert_eq!(delete["after"], Value::Null);
    assert_eq!(delete["reason"], "doppelt eingegeben");
});

backend_test!(a_retry_racing_its_first_request_creates_nothing, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    // A phone gives up waiting and sends the entry again while the first is still on its
    // way. Exactly one deal is stored, and both get the first answer: the twin waits for
    // the first to commit and is answered from its stored key, never with a 409 about its
    // own deal.
    for n in 1..=5u16 {
        let key = format!("retry-{n}");
        let keyed = || {
            req(
                "POST",
                &t.path("deals"),
                Some(&t.captain),
                Some(&normal([0, 2])),
                &[("Idempotency-Key", key.as_str())],
            )
        };
        let (a, b) = tokio::join!(send(&service, keyed()), send(&service, keyed()));
        let settled = send(&service, keyed()).await;
        expect(&settled, 201, &format!("retry {n}"));
        assert_eq!(settled.json["deal"]["number"], n);
        for answer in [&a, &b] {
            expect(answer, 201, &format!("twin {n}"));
            assert_eq!(answer.text, settled.text, "{n}");
        }
        assert_eq!(deal_count(&t.sheet(&service).await), usize::from(n));
    }
});
