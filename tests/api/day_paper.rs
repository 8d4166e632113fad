//! The paper fallback: a table that lost its phone finishes on the paper list, and the
//! organiser keys it in deal by deal (`"entry": "paper"`: contract, Re party, value,
//! winner). A paper deal is checked like a phone's (order of play, Pflichtsolo, Vorführen)
//! and scores exactly as its full facts would: the same sheet lines, totals and standings.
//! Both backends.

use domain::deal::points_range;
use domain::simulate::SplitMix64;
use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{
    App, Reply, Table, call_json, expect, normal, organizer, players, req, round, send, solo,
    tournament,
};

const EXAMPLES: &str = include_str!("../../domain/tests/data/examples.json");

/// The worked deal `id` (tsr-brief §14) as a captain enters it, and the brief's entries.
fn example(id: &str) -> (Value, Value) {
    let file: Value = serde_json::from_str(EXAMPLES).unwrap();
    let case = file["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("{id}"));
    let mut body = case["input"].clone();
    let fields = body.as_object_mut().unwrap();
    // The table knows its size and who sits out.
    fields.remove("table_size");
    fields.remove("sitting_out");
    (body, case["expected"]["scores"].clone())
}

fn scored_as_solo(contract: &str) -> bool {
    contract
        .parse::<domain::deal::Contract>()
        .unwrap()
        .scored_as_solo()
}

/// What the paper list holds of a deal whose entries per seat are `scores`: the contract,
/// the Re party, and the size and sign of a Re player's entry (the soloist's divided by 3).
fn paper_of(contract: &Value, re: &Value, scores: &Value) -> Value {
    let first_re = re[0].as_u64().unwrap() as usize;
    let entry = scores[first_re].as_i64().unwrap();
    let factor = if scored_as_solo(contract.as_str().unwrap()) {
        3
    } else {
        1
    };
    assert_eq!(entry % factor, 0, "{scores}");
    let value = entry / factor;
    let mut body = json!({"entry": "paper", "contract": contract, "re": re, "value": value.abs()});
    if value != 0 {
        body["winner"] = json!(if value > 0 { "re" } else { "kontra" });
    }
    body
}

/// A random legal deal for the sheet's next deal, with its full facts: mostly normal
/// games, every wedding and declared solos of every kind; card points that fit the
/// tricks, random calls, and the extras the card points allow.
fn random_deal(sheet: &Value, rng: &mut SplitMix64) -> Value {
    let seats = sheet["table_size"].as_u64().unwrap();
    let next = &sheet["next"];
    let players: Vec<u64> = (0..seats)
        .filter(|&s| next["sitting_out"].as_u64() != Some(s))
        .collect();
    let pick = |rng: &mut SplitMix64| players[rng.below(players.len() as u64) as usize];
    let declared = [
        "solo_queens",
        "solo_jacks",
        "solo_fleshless",
        "solo_diamonds",
        "solo_hearts",
        "solo_spades",
        "solo_clubs",
    ][rng.below(7) as usize];
    let forced = next["forced_soloist"].as_u64();
    let contract = match (forced, rng.below(100)) {
        (Some(_), _) | (None, 80..) => declared,
        (None, 0..=59) => "normal",
        (None, 60..=67) => "wedding",
        (None, 68..=73) => "wedding_solo",
        (None, _) => "silent_wedding",
    };
    let re: Vec<u64> = match forced {
        Some(seat) => vec![seat],
        None if scored_as_solo(contract) => vec![pick(rng)],
        None => {
            let a = pick(rng);
            let mut b = pick(rng);
            while b == a {
                b = pick(rng);
            }
            vec![a, b]
        }
    };
    let re_tricks = rng.below(13) as u8;
    let (min, max) = points_range(re_tricks);
    let re_points = min + rng.below(u64::from(max - min) + 1) as u8;
    let call = |rng: &mut SplitMix64, ansage: &str| {
        if rng.percent(50) {
            "none".to_owned()
        } else {
            ["none", ansage, "no90", "no60", "no30", "schwarz"][rng.below(6) as usize].to_owned()
        }
    };
    let mut body = json!({"contract": contract, "re": re, "re_points": re_points,
        "re_tricks": re_tricks,
        "announcements": {"re": call(rng, "re"), "kontra": call(rng, "kontra")}});
    if !scored_as_solo(contract) {
        let mut foxes_left = 2u8;
        let mut karlchen_left = 1u8;
        for (party, points, tricks) in [
            ("re", re_points, re_tricks),
            ("kontra", 240 - re_points, 12 - re_tricks),
        ] {
            let mut counts = json!({"doppelkopf": 0, "fox": 0, "karlchen": 0});
            if tricks > 0 {
                let fox = rng.below(u64::from((points / 11).min(foxes_left)) + 1) as u8;
                let karlchen = u8::from(karlchen_left > 0 && points >= 2 && rng.percent(30));
                foxes_left -= fox;
                karlchen_left -= karlchen;
                let doppelkopf = rng.below(u64::from(tricks.min(points / 40)) + 1);
                counts = json!({"doppelkopf": doppelkopf, "fox": fox, "karlchen": karlchen});
            }
            body["extras"][party] = counts;
        }
    }
    body
}

/// One tournament with one round of tables of these sizes, keyed in by its organiser.
struct Day {
    org: String,
    tournament: i64,
    tables: Vec<i64>,
}

impl Day {
    async fn new<S: App>(service: &S, org: &str, name: &str, sizes: &[usize]) -> Day {
        let tournament =
            tournament(service, org, &json!({"name": name, "date": "2026-12-05"})).await;
        let count = sizes.iter().sum();
        let ids = players(service, org, tournament, count).await;
        let mut seated = ids.as_slice();
        let mut tables = Vec::new();
        for &size in sizes {
            let (table, rest) = seated.split_at(size);
            tables.push(json!(table));
            seated = rest;
        }
        let r = round(service, org, tournament, &json!(tables)).await;
        let tables = r.json["tables"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["id"].as_i64().unwrap())
            .collect();
        Day {
            org: org.to_owned(),
            tournament,
            tables,
        }
    }

    fn path(&self, table: usize, rest: &str) -> String {
        format!("/api/v1/tables/{}/{rest}", self.tables[table])
    }

    async fn enter<S: App>(&self, service: &S, table: usize, body: &Value) -> Reply {
        call_json(
            service,
            "POST",
            &self.path(table, "deals"),
            Some(&self.org),
            Some(body),
        )
        .await
    }

    async fn sheet<S: App>(&self, service: &S, table: usize) -> Value {
        let sheet = call_json(
            service,
            "GET",
            &self.path(table, "sheet"),
            Some(&self.org),
            None,
        )
        .await;
        expect(&sheet, 200, "sheet");
        sheet.json
    }

    async fn time_up<S: App>(&self, service: &S, table: usize) {
        let up = call_json(
            service,
            "POST",
            &self.path(table, "time-up"),
            Some(&self.org),
            None,
        )
        .await;
        expect(&up, 200, "time up");
    }

    async fn penalty<S: App>(&self, service: &S, table: usize, ruling: &Value) {
        let p = call_json(
            service,
            "POST",
            &self.path(table, "penalties"),
            Some(&self.org),
            Some(ruling),
        )
        .await;
        expect(&p, 201, "penalty");
    }

    async fn standings<S: App>(&self, service: &S) -> Value {
        let s = call_json(
            service,
            "GET",
            &format!("/api/v1/tournaments/{}/standings", self.tournament),
            Some(&self.org),
            None,
        )
        .await;
        expect(&s, 200, "standings");
        s.json
    }
}

/// A sheet without what differs between two tournaments (ids, versions) and without what
/// was entered: what every reader sees of the play and the points.
fn played(sheet: &Value) -> Value {
    let mut sheet = sheet.clone();
    let fields = sheet.as_object_mut().unwrap();
    fields.remove("table_id");
    fields.remove("seats");
    // The two tournaments have their own player ids; names and start numbers are the same.
    for player in fields["players"].as_array_mut().unwrap() {
        player.as_object_mut().unwrap().remove("player_id");
    }
    if let Some(out) = fields["sitting_out_player"].as_object_mut() {
        out.remove("player_id");
    }
    for deal in fields["deals"].as_array_mut().unwrap() {
        let deal = deal.as_object_mut().unwrap();
        deal.remove("entry");
        deal.remove("version");
        if let Some(penalties) = deal.get_mut("penalties") {
            for p in penalties.as_array_mut().unwrap() {
                p.as_object_mut().unwrap().remove("id");
            }
        }
    }
    sheet
}

/// The standings without player ids (the two tournaments registered the same names in
/// the same order).
fn ranked(standings: &Value) -> Value {
    let mut rows = standings["standings"].clone();
    for row in rows.as_array_mut().unwrap() {
        row.as_object_mut().unwrap().remove("player_id");
    }
    rows
}

/// Enters the forced solos left after time-up as won Damensoli (150 points, value 1).
async fn forced_solos<S: App>(service: &S, day: &Day, table: usize) {
    loop {
        let sheet = day.sheet(service, table).await;
        let Some(seat) = sheet["next"]["forced_soloist"].as_u64() else {
            assert_eq!(sheet["complete"], true);
            return;
        };
        expect(
            &day.enter(service, table, &solo(seat)).await,
            201,
            "forced solo",
        );
    }
}

backend_test!(paper_deals_score_as_their_full_entries, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let org = organizer(&app, &service, "leitung@example.org").await;
    // A: the declared solos W21–W24 (each seat's Pflichtsolo) and the normal games W1–W20;
    // B: the weddings W25–W27 and W28, then time is up and three solos are forced;
    // C: W29 at a 5-table, then time is up and five solos are forced;
    // D and E: generated rounds of 24 and 30 deals with every kind of deal.
    let sizes = [4, 4, 5, 4, 5];
    let full = Day::new(&service, &org, "Voll", &sizes).await;
    let paper = Day::new(&service, &org, "Papier", &sizes).await;
    let worked = |range: std::ops::RangeInclusive<u32>| range.map(|n| example(&format!("W{n}")));
    let plans: [Vec<(Value, Value)>; 3] = [
        worked(21..=24).chain(worked(1..=20)).collect(),
        worked(25..=28).collect(),
        worked(29..=29).collect(),
    ];
    for (table, plan) in plans.iter().enumerate() {
        for (body, brief) in plan {
            let entered = full.enter(&service, table, body).await;
            expect(&entered, 201, &format!("{body}"));
            // The full entry gives the brief's entries.
            assert_eq!(&entered.json["deal"]["scores"], brief, "{body}");
        }
        if table > 0 {
            full.time_up(&service, table).await;
            forced_solos(&service, &full, table).await;
        }
    }
    for (table, seed) in [(3, 1), (4, 11)] {
        let mut rng = SplitMix64::new(seed);
        let mut sheet = full.sheet(&service, table).await;
        while sheet["complete"] == false {
            let body = random_deal(&sheet, &mut rng);
            let entered = full.enter(&service, table, &body).await;
            expect(&entered, 201, &format!("{body}"));
            sheet = entered.json["sheet"].clone();
        }
    }
    // A minor violation in W1 (deal 5 of A) and a serious one by a Kontra player in W25
    // (deal 1 of B, a wedding solo): penalties land on paper deals as on full ones.
    let minor = json!({"deal_number": 5, "severity": "minor", "offender": 1, "referee": "Meier"});
    let serious = json!({"deal_number": 1, "severity": "serious", "offender": 2,
        "soloist": 0, "referee": "Meier"});

    // The paper tournament: every deal keyed in from the list the full one would have.
    for table in 0..sizes.len() {
        let sheet = full.sheet(&service, table).await;
        let time_up_after = sheet["time_up"]
            .as_bool()
            .unwrap()
            .then(|| plans.get(table).map_or(0, Vec::len));
        for (i, deal) in sheet["deals"].as_array().unwrap().iter().enumerate() {
            if time_up_after == Some(i) {
                paper.time_up(&service, table).await;
            }
            let body = paper_of(&deal["contract"], &deal["re"], &deal["game_scores"]);
            let entered = paper.enter(&service, table, &body).await;
            expect(&entered, 201, &format!("{body}"));
            assert_eq!(entered.json["deal"]["entry"], body, "shown as keyed in");
            assert_eq!(entered.json["deal"]["scores"], deal["scores"]);
        }
    }
    for day in [&full, &paper] {
        day.penalty(&service, 0, &minor).await;
        day.penalty(&service, 1, &serious).await;
    }

    let mut kinds = Vec::new();
    let mut contracts = Vec::new();
    for table in 0..sizes.len() {
        let f = full.sheet(&service, table).await;
        let p = paper.sheet(&service, table).await;
        assert_eq!(played(&f), played(&p), "table {}", table + 1);
        assert_eq!(f["complete"], true);
        for (fd, pd) in f["deals"]
            .as_array()
            .unwrap()
            .iter()
            .zip(p["deals"].as_array().unwrap())
        {
            assert!(
                fd["entry"].get("entry").is_none(),
                "a full entry is unmarked"
            );
            assert_eq!(pd["entry"]["entry"], "paper");
            kinds.push(fd["kind"].as_str().unwrap().to_owned());
            contracts.push(fd["contract"].as_str().unwrap().to_owned());
        }
    }
    for kind in ["normal", "pflichtsolo", "lustsolo", "vorgefuehrt"] {
        assert!(kinds.iter().any(|k| k == kind), "a {kind} was keyed in");
    }
    for contract in [
        "normal",
        "wedding",
        "wedding_solo",
        "silent_wedding",
        "solo_queens",
        "solo_jacks",
        "solo_fleshless",
        "solo_diamonds",
        "solo_hearts",
        "solo_spades",
        "solo_clubs",
    ] {
        assert!(contracts.iter().any(|c| c == contract), "a {contract}");
    }
    // Table A: W21–W24 and W1–W20 sum to [-18, -10, 16, 12]; seat 1's minor violation in
    // W1 moves [1, -3, 1, 1].
    let a = paper.sheet(&service, 0).await;
    assert_eq!(a["totals"], json!([-17, -13, 17, 13]));
    assert_eq!(a["deals"][4]["scores"], json!([-4, 2, -4, 6]));
    // Table B: a Kontra player's serious violation in the wedding solo: the penalty's
    // entries stand instead of the game's: offender −12, soloist +12 (TSR 9.4.4).
    let b = paper.sheet(&service, 1).await;
    assert_eq!(b["deals"][0]["scores"], json!([12, 0, -12, 0]));
    assert_eq!(b["deals"][0]["game_scores"], json!([0, 0, 0, 0]));
    assert_eq!(b["deals"][0]["entry"]["value"], 4);

    let (fs, ps) = (
        full.standings(&service).await,
        paper.standings(&service).await,
    );
    assert_eq!(ranked(&fs), ranked(&ps));
    assert_eq!(fs["needs_attention"], json!([]));
    assert_eq!(ps["needs_attention"], json!([]));
    let totals: i64 = ps["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["total"].as_i64().unwrap())
        .sum();
    assert_eq!(totals, 0, "the paper tournament's points add up");

    // The public sheet of a published tournament shows which deals came from paper.
    let published = call_json(
        &service,
        "PATCH",
        &format!("/api/v1/tournaments/{}", paper.tournament),
        Some(&org),
        Some(&json!({"published": true})),
    )
    .await;
    expect(&published, 200, "publish");
    let public = call_json(&service, "GET", &paper.path(2, "sheet"), None, None).await;
    expect(&public, 200, "public sheet");
    assert_eq!(public.json["deals"][0]["entry"]["entry"], "paper");
    assert_eq!(public.json["deals"][0]["scores"], json!([0, 4, -4, 4, -4]));
});

/// The answer's problem names this code and field.
#[track_caller]
fn refused(reply: &Reply, status: u16, code: &str, field: &str) {
    expect(reply, status, &format!("{code} {field}"));
    assert_eq!(reply.header("content-type"), "application/problem+json");
    assert_eq!(reply.json["code"], code, "{}", reply.text);
    if !field.is_empty() {
        assert_eq!(reply.fields(), [field], "{}", reply.text);
    }
}

backend_test!(a_paper_entry_is_checked_like_a_phone_entry, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 4).await;
    let paper = |contract: &str, re: Value, value: i64, winner: &str| {
        json!({"entry": "paper", "contract": contract, "re": re, "value": value,
               "winner": winner})
    };
    let deals = |sheet: &Value| sheet["deals"].as_array().unwrap().len();

    // Only the organiser keys in the paper list.
    let body = paper("normal", json!([1, 2]), 2, "kontra");
    let by_captain = t.post(&service, &t.captain, &body).await;
    refused(&by_captain, 403, "forbidden", "");
    let anonymous = call_json(&service, "POST", &t.path("deals"), None, Some(&body)).await;
    refused(&anonymous, 401, "unauthenticated", "");

    let cases = [
        // No deal of its contract is worth this much.
        (
            paper("normal", json!([0, 1]), 32, "re"),
            "invalid_deal",
            "value",
        ),
        (
            paper("silent_wedding", json!([2]), 22, "re"),
            "invalid_deal",
            "value",
        ),
        (
            json!({"entry": "paper", "contract": "solo_queens", "re": [2], "value": 3}),
            "invalid_deal",
            "winner",
        ),
        (paper("normal", json!([1]), 1, "re"), "invalid_deal", "re"),
        (
            paper("solo_clubs", json!([1, 2]), 1, "re"),
            "invalid_deal",
            "re",
        ),
        (
            paper("normal", json!([1, 4]), 1, "re"),
            "invalid_deal",
            "re",
        ),
        (
            paper("normal", json!([1, 1]), 1, "re"),
            "invalid_deal",
            "re",
        ),
        // What the body cannot be.
        (
            paper("normal", json!([0, 1]), -1, "re"),
            "invalid_body",
            "value",
        ),
        (
            paper("normal", json!([0, 1]), 65536, "re"),
            "invalid_body",
            "value",
        ),
        (
            paper("normal", json!([0, 1]), 1, "both"),
            "invalid_body",
            "winner",
        ),
        (
            json!({"entry": "paper", "re": [0, 1], "value": 1, "winner": "re"}),
            "invalid_body",
            "contract",
        ),
        (
            json!({"entry": "paper", "contract": "normal", "re": [0, 1], "value": 1,
                   "winner": "re", "re_points": 130}),
            "invalid_body",
            "re_points",
        ),
        (
            json!({"entry": "full", "contract": "normal", "re": [0, 1], "value": 1,
                   "winner": "re"}),
            "invalid_body",
            "entry",
        ),
    ];
    for (body, code, field) in &cases {
        let answer = t.post(&service, &t.org, body).await;
        refused(&answer, 422, code, field);
    }
    let wrong_size = t
        .post(&service, &t.org, &paper("normal", json!([1]), 1, "re"))
        .await;
    assert_eq!(wrong_size.json["errors"][0]["code"], "wrong_party_size");
    let too_much = t
        .post(&service, &t.org, &paper("normal", json!([0, 1]), 32, "re"))
        .await;
    assert_eq!(too_much.json["errors"][0]["code"], "out_of_range");
    assert_eq!(
        too_much.json["detail"],
        "the deal cannot have happened: normal is worth between 0 and 31, not 32"
    );
    assert_eq!(deals(&t.sheet(&service).await), 0, "nothing was stored");

    // A retried paper entry is stored once.
    let post = |key: &'static str, body: Value| {
        req(
            "POST",
            &t.path("deals"),
            Some(&t.org),
            Some(&body),
            &[("Idempotency-Key", key)],
        )
    };
    let solo2 = paper("solo_hearts", json!([2]), 2, "kontra");
    let first = send(&service, post("paper-1", solo2.clone())).await;
    expect(&first, 201, "paper Pflichtsolo");
    let retry = send(&service, post("paper-1", solo2)).await;
    assert_eq!(retry.text, first.text);
    let deal = &first.json["deal"];
    // Seat 2's Pflichtsolo, lost by 2: −6 for him, +2 for the others; seat 0 deals again.
    assert_eq!(deal["kind"], "pflichtsolo");
    assert_eq!(deal["scores"], json!([2, 2, -6, 2]));
    assert_eq!(first.json["sheet"]["next"]["dealer"], 0);
    assert_eq!(deals(&t.sheet(&service).await), 1);
    // A number past the next one is refused, as from a phone.
    let mut numbered = paper("normal", json!([1, 3]), 1, "re");
    numbered["number"] = json!(5);
    refused(
        &t.post(&service, &t.org, &numbered).await,
        409,
        "deal_number_skipped",
        "",
    );

    // Time is up: every seat but 2 owes its solo and is forced in turn, from paper too.
    let up = call_json(&service, "POST", &t.path("time-up"), Some(&t.org), None).await;
    expect(&up, 200, "time up");
    assert_eq!(up.json["next"]["forced_soloist"], 1);
    let normal_now = t
        .post(&service, &t.org, &paper("normal", json!([1, 3]), 1, "re"))
        .await;
    refused(&normal_now, 422, "not_allowed_now", "contract");
    let wedding_solo = t
        .post(
            &service,
            &t.org,
            &paper("wedding_solo", json!([1]), 1, "re"),
        )
        .await;
    refused(&wedding_solo, 422, "not_allowed_now", "contract");
    let wrong_soloist = t
        .post(&service, &t.org, &paper("solo_clubs", json!([3]), 1, "re"))
        .await;
    refused(&wrong_soloist, 422, "not_allowed_now", "re");
    let forced = t
        .post(&service, &t.org, &paper("solo_clubs", json!([1]), 5, "re"))
        .await;
    expect(&forced, 201, "the forced solo");
    assert_eq!(forced.json["deal"]["kind"], "vorgefuehrt");
    assert_eq!(forced.json["deal"]["scores"], json!([-5, 15, -5, -5]));
    // After a vorgeführt solo the next seat deals (TSR 4.2.5).
    assert_eq!(forced.json["sheet"]["next"]["dealer"], 1);
    assert_eq!(forced.json["sheet"]["totals"], json!([-3, 17, -11, -3]));
    assert_eq!(deals(&t.sheet(&service).await), 2);
});

backend_test!(a_five_table_paper_deal_keeps_the_dealer_out, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let t = Table::new(&app, &service, 5).await;
    // Seat 0 deals and sits out deal 1: he cannot be in the Re party on paper either.
    let with_dealer = json!({"entry": "paper", "contract": "normal", "re": [0, 2], "value": 1,
        "winner": "re"});
    let refused_dealer = t.post(&service, &t.org, &with_dealer).await;
    refused(&refused_dealer, 422, "invalid_deal", "re");
    assert_eq!(
        refused_dealer.json["errors"][0]["code"],
        "sits_out_but_plays"
    );
    // W29 from paper: the dealer scores 0, nobody needs the parity rule (TSR 10.1.3).
    let w29 = json!({"entry": "paper", "contract": "normal", "re": [1, 3], "value": 4,
        "winner": "re"});
    let entered = t.post(&service, &t.org, &w29).await;
    expect(&entered, 201, "W29");
    assert_eq!(entered.json["deal"]["scores"], json!([0, 4, -4, 4, -4]));
    assert_eq!(entered.json["deal"]["sitting_out"], 0);
    // A Nullspiel needs no winner: nobody is marked on the paper.
    let nothing = json!({"entry": "paper", "contract": "normal", "re": [2, 3], "value": 0});
    let entered = t.post(&service, &t.org, &nothing).await;
    expect(&entered, 201, "value 0");
    assert_eq!(entered.json["deal"]["scores"], json!([0, 0, 0, 0, 0]));
    assert_eq!(entered.json["deal"]["entry"], nothing);
    assert_eq!(entered.json["sheet"]["totals"], json!([0, 4, -4, 4, -4]));
});

/// `If-Match` for deal `number` of `sheet`.
fn version(sheet: &Value, number: usize) -> String {
    sheet["deals"][number - 1]["version"].to_string()
}

backend_test!(
    paper_deals_are_corrected_and_deleted_by_the_organiser,
    |app| {
        use api::db::schema::deals;
        use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let t = Table::new(&app, &service, 4).await;
        let sheet = t
            .fill(
                &service,
                &[
                    crate::fixtures::Step::Normal,
                    crate::fixtures::Step::Normal,
                    crate::fixtures::Step::Normal,
                ],
            )
            .await;
        let put = |token: &str, number: usize, body: &Value, version: &str| {
            req(
                "PUT",
                &t.path(&format!("deals/{number}")),
                Some(token),
                Some(body),
                &[("If-Match", version)],
            )
        };
        // Deal 2 (dealt by seat 1, seats 2 and 3 won) was really seat 1's Bubensolo, lost by
        // 3, as the paper list shows: seat 1 deals deal 3 again and it moves.
        let solo = json!({"entry": "paper", "reason": "Liste von Tisch 1", "contract": "solo_jacks",
        "re": [1], "value": 3, "winner": "kontra"});
        let by_captain = send(&service, put(&t.captain, 2, &solo, &version(&sheet, 2))).await;
        refused(&by_captain, 403, "forbidden", "");
        let corrected = send(&service, put(&t.org, 2, &solo, &version(&sheet, 2))).await;
        expect(&corrected, 200, "correct to paper");
        let after = &corrected.json["sheet"];
        assert_eq!(corrected.json["deal"]["kind"], "pflichtsolo");
        assert_eq!(corrected.json["deal"]["scores"], json!([3, -9, 3, 3]));
        let dealers: Vec<u64> = after["deals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["dealer"].as_u64().unwrap())
            .collect();
        assert_eq!(dealers, [0, 1, 1]);
        // Deal 1 [-1, 1, 1, -1] (Re 1, 2) + deal 2 [3, -9, 3, 3] + deal 3 [1, -1, -1, 1]
        // (Re 3, 0, as entered when seat 2 dealt it).
        assert_eq!(after["totals"], json!([3, -9, 3, 3]));
        let mut shown = solo.clone();
        shown.as_object_mut().unwrap().remove("reason");
        assert_eq!(corrected.json["deal"]["entry"], shown);

        // Stored as the paper form, format 2.
        let table = t.table;
        let facts: String = app
            .state
            .db
            .run(move |conn| {
                Ok(deals::table
                    .filter(deals::table_id.eq(table))
                    .filter(deals::number.eq(2))
                    .select(deals::facts)
                    .first(conn)?)
            })
            .await
            .unwrap();
        assert_eq!(
            serde_json::from_str::<Value>(&facts).unwrap(),
            json!({"format": 2, "entry": "paper", "contract": "solo_jacks", "re": [1],
               "value": 3, "winner": "kontra"})
        );

        // The captain cannot replace the paper record with a phone entry, nor delete it.
        let sheet = t.sheet(&service).await;
        let phone = json!({"contract": "solo_jacks", "re": [1], "re_points": 100, "re_tricks": 5,
        "announcements": {"re": "re", "kontra": "none"}});
        refused(
            &send(&service, put(&t.captain, 2, &phone, &version(&sheet, 2))).await,
            403,
            "forbidden",
            "",
        );
        let delete = |token: &str, number: usize, version: &str| {
            req(
                "DELETE",
                &t.path(&format!("deals/{number}")),
                Some(token),
                None,
                &[("If-Match", version)],
            )
        };
        refused(
            &send(&service, delete(&t.captain, 2, &version(&sheet, 2))).await,
            403,
            "forbidden",
            "",
        );
        // But his own phone deals stay his to correct.
        let own = send(
            &service,
            put(&t.captain, 3, &normal([2, 3]), &version(&sheet, 3)),
        )
        .await;
        expect(&own, 200, "captain corrects his phone deal");
        assert_eq!(
            t.sheet(&service).await["deals"][1]["entry"]["entry"],
            "paper"
        );

        // The organiser puts the full facts back (W22: the same −9): the sheet is unchanged
        // but for what was entered.
        let sheet = t.sheet(&service).await;
        let back = send(&service, put(&t.org, 2, &phone, &version(&sheet, 2))).await;
        expect(&back, 200, "back to full");
        assert_eq!(played_totals(&back.json["sheet"]), played_totals(&sheet));
        assert!(back.json["deal"]["entry"].get("entry").is_none());
        // A paper deal is deleted by the organiser: later deals move up and the dealers with
        // them.
        let sheet = back.json["sheet"].clone();
        let again = send(&service, put(&t.org, 2, &solo, &version(&sheet, 2))).await;
        expect(&again, 200, "paper again");
        let sheet = again.json["sheet"].clone();
        let deleted = send(&service, delete(&t.org, 2, &version(&sheet, 2))).await;
        expect(&deleted, 200, "delete the paper deal");
        assert_eq!(deleted.json["deals"].as_array().unwrap().len(), 2);
        assert_eq!(deleted.json["deals"][1]["dealer"], 1);
        // Deal 1 [-1, 1, 1, -1] + the captain's deal, now 2 [-1, -1, 1, 1] (Re 2, 3).
        assert_eq!(deleted.json["totals"], json!([-2, 0, 2, 0]));

        // The audit log keeps why the deal came from paper.
        let audit = call_json(
            &service,
            "GET",
            &format!("/api/v1/tournaments/{}/audit", t.tournament),
            Some(&t.org),
            None,
        )
        .await;
        expect(&audit, 200, "audit");
        let text = audit.text;
        assert!(text.contains("Liste von Tisch 1"), "{text}");
    }
);

/// The totals and entries of a sheet.
fn played_totals(sheet: &Value) -> (Value, Vec<Value>) {
    (
        sheet["totals"].clone(),
        sheet["deals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["scores"].clone())
            .collect(),
    )
}
