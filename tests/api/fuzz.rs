//! Property test: no JSON body, however odd, makes the service fail. Every JSON request body
//! gets arbitrary JSON (nested objects and arrays, NUL and long strings, numbers at the
//! integer boundaries) and, more often, a valid body with one or two values replaced or
//! removed, which gets past the type checks into the rules and the database.
//!
//! The answer must never be 5xx (nor a panic); a 4xx must be an `application/problem+json`
//! with a `code`; and since every body sent is well-formed JSON, never 400, which the
//! service keeps for bodies that are not JSON at all (a bad value is a 422 naming it).
//!
//! Each endpoint runs its own proptest runner with a fixed seed (set `PROPTEST_RNG_SEED` to
//! explore others, `PROPTEST_CASES` for more cases) and reports the shrunk failing body;
//! `KARLCHEN_FUZZ_LOG=1` prints every body sent and its answer.

use std::cell::Cell;
use std::hash::{DefaultHasher, Hash, Hasher};

use actix_web::rt::System;
use proptest::prelude::*;
use proptest::test_runner::{
    Config, RngAlgorithm, RngSeed, TestCaseError, TestError, TestRng, TestRunner,
};
use serde_json::{Number, Value, json};
use service_tests::{Backend, PASSWORD, TestApp};

use crate::fixtures::{App, Reply, Table, call_json, expect, normal, req, send};

/// Cases per endpoint that stores something, unless `PROPTEST_CASES` says otherwise.
const CASES: u32 = 128;
/// Cases for `/score` and `/replay`: pure computations that answer in a millisecond or two,
/// so many more cases cost a few seconds and reach rarer combinations (two fields past a
/// sum's limit).
const CASES_PURE: u32 = 1024;

/// Numbers at the edges of the types a body's fields are parsed into (`u8`, `u16`, `i32`,
/// `u32`, `i64`, `u64`), above all just past them, where sums and conversions overflow.
fn number() -> impl Strategy<Value = Value> {
    let type_edges = vec![
        json!(0),
        json!(1),
        json!(-1),
        json!(255),
        json!(256),
        json!(65_535),
        json!(65_536),
        json!(2_147_483_647),
        json!(2_147_483_648_i64),
        json!(-2_147_483_649_i64),
        json!(4_294_967_296_u64),
        json!(i64::MAX),
        json!(u64::MAX),
        json!(1e308),
    ];
    // Values the rules care about (seats, table sizes, card points, tricks, deals) and the
    // rest of the edges.
    let other_edges = vec![
        json!(2),
        json!(3),
        json!(4),
        json!(5),
        json!(12),
        json!(13),
        json!(24),
        json!(121),
        json!(240),
        json!(241),
        json!(128),
        json!(200),
        json!(254),
        json!(32_767),
        json!(32_768),
        json!(-2_147_483_648_i64),
        json!(4_294_967_295_u64),
        json!(i64::MIN),
        json!(-1e308),
        json!(1e-308),
        json!(0.5),
        json!(-0.0),
        json!(3.0),
    ];
    prop_oneof![
        5 => proptest::sample::select(type_edges),
        2 => proptest::sample::select(other_edges),
        1 => (-300_i64..300).prop_map(Value::from),
        1 => any::<i64>().prop_map(Value::from),
        1 => any::<f64>().prop_filter_map("JSON has no NaN or infinity", |f| {
            Number::from_f64(f).map(Value::Number)
        }),
    ]
}

/// Texts: words the service knows, NUL, control and wide characters, long ones.
fn text() -> impl Strategy<Value = String> {
    let words = vec![
        "",
        " ",
        "\0",
        "a\0b",
        "normal",
        "wedding",
        "silent_wedding",
        "wedding_solo",
        "solo_queens",
        "solo_hearts",
        "solo_fleshless",
        "re",
        "kontra",
        "none",
        "no90",
        "no30",
        "schwarz",
        "minor",
        "serious",
        "insignificant",
        "random",
        "avoid_repeats",
        "by_standings",
        "planned",
        "ddv",
        "most_games_won",
        "best_round",
        "2026-12-05",
        "0000-01-01",
        "9999-12-31",
        "2026-02-30",
        "+262143-12-31",
        "0:CA",
        "1:re",
        "4:CA",
        "0:XX",
        "-1",
        "2147483648",
        "leitung@example.org",
        "LEITUNG@EXAMPLE.ORG ",
        "\u{202e}",
        "🂡🂡",
        "Ä\u{308}",
        "\u{feff}",
        "\n\r\t",
        "'; DROP TABLE deals; --",
    ];
    prop_oneof![
        4 => proptest::sample::select(words).prop_map(str::to_owned),
        2 => "\\PC{0,24}",
        2 => "(?s).{0,12}",
        1 => (1_usize..=4).prop_map(|n| ["x", "é", "\0", "🂡"][n - 1].repeat(1001)),
        1 => (150_usize..2_500).prop_map(|n| "y".repeat(n)),
    ]
}

/// Arbitrary JSON; object keys are mostly the names the endpoint knows.
fn arbitrary(keys: Vec<String>) -> BoxedStrategy<Value> {
    let leaf = prop_oneof![
        1 => Just(Value::Null),
        1 => any::<bool>().prop_map(Value::Bool),
        4 => number(),
        3 => text().prop_map(Value::String),
    ];
    let key = prop_oneof![
        3 => proptest::sample::select(keys),
        1 => text(),
    ];
    leaf.prop_recursive(4, 48, 6, move |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::vec((key.clone(), inner), 0..6)
                .prop_map(|fields| Value::Object(fields.into_iter().collect())),
        ]
    })
    .boxed()
}

/// A step into a JSON value.
#[derive(Debug, Clone)]
enum Step {
    Key(String),
    Index(usize),
}

/// Every location in `value` below the root.
fn locations(value: &Value, at: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    let children: Vec<(Step, &Value)> = match value {
        Value::Object(fields) => fields
            .iter()
            .map(|(k, v)| (Step::Key(k.clone()), v))
            .collect(),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (Step::Index(i), v))
            .collect(),
        _ => Vec::new(),
    };
    for (step, child) in children {
        at.push(step);
        out.push(at.clone());
        locations(child, at, out);
        at.pop();
    }
}

/// Every object key in `value`.
fn keys(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(fields) => {
            for (k, v) in fields {
                out.push(k.clone());
                keys(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

/// The value at `path`.
fn pointer<'a>(value: &'a Value, path: &[Step]) -> Option<&'a Value> {
    path.iter().try_fold(value, |v, step| match (step, v) {
        (Step::Key(k), Value::Object(fields)) => fields.get(k),
        (Step::Index(i), Value::Array(items)) => items.get(*i),
        _ => None,
    })
}

/// Replaces (`Some`) or removes (`None`) the value at `path`; a path an earlier edit took
/// away is skipped.
fn edit(value: &mut Value, path: &[Step], new: Option<Value>) {
    let Some((last, parents)) = path.split_last() else {
        return;
    };
    let mut parent = value;
    for step in parents {
        let next = match (step, parent) {
            (Step::Key(k), Value::Object(fields)) => fields.get_mut(k),
            (Step::Index(i), Value::Array(items)) => items.get_mut(*i),
            _ => None,
        };
        let Some(next) = next else { return };
        parent = next;
    }
    match (last, parent, new) {
        (Step::Key(k), Value::Object(fields), Some(v)) => {
            fields.insert(k.clone(), v);
        }
        (Step::Key(k), Value::Object(fields), None) => {
            fields.remove(k);
        }
        (Step::Index(i), Value::Array(items), Some(v)) if *i < items.len() => items[*i] = v,
        (Step::Index(i), Value::Array(items), None) if *i < items.len() => {
            items.remove(*i);
        }
        _ => {}
    }
}

/// Mostly one of the `valid` bodies with one or two values replaced or removed; sometimes
/// arbitrary JSON.
fn bodies(valid: Vec<Value>) -> BoxedStrategy<Value> {
    let mut names = vec!["number".to_owned(), "id".to_owned()];
    valid.iter().for_each(|v| keys(v, &mut names));
    names.sort();
    names.dedup();
    let any_json = arbitrary(names);
    let mutations = valid
        .into_iter()
        .map(|body| {
            let mut paths = Vec::new();
            locations(&body, &mut Vec::new(), &mut paths);
            // Per location: its index and a replacement that mostly keeps the JSON type
            // of the value there (a number of the right type but the wrong size gets
            // furthest into the service), or `None` to remove it.
            let per_location = paths
                .iter()
                .enumerate()
                .map(|(at, path)| {
                    let like = match pointer(&body, path) {
                        Some(Value::Number(_)) => number().boxed(),
                        Some(Value::String(_)) => text().prop_map(Value::String).boxed(),
                        _ => any_json.clone(),
                    };
                    let replacement = prop_oneof![
                        6 => like.prop_map(Some),
                        1 => number().prop_map(Some),
                        1 => prop_oneof![
                            Just(Value::Null),
                            any::<bool>().prop_map(Value::Bool),
                            text().prop_map(Value::String),
                        ]
                        .prop_map(Some),
                        1 => any_json.clone().prop_map(Some),
                        1 => Just(None),
                    ];
                    (Just(at), replacement).boxed()
                })
                .collect::<Vec<_>>();
            proptest::collection::vec(proptest::strategy::Union::new(per_location), 1..=2)
                .prop_map(move |edits| {
                    let mut changed = body.clone();
                    for (at, new) in edits {
                        edit(&mut changed, &paths[at], new);
                    }
                    changed
                })
                .boxed()
        })
        .collect::<Vec<_>>();
    let mutated = proptest::strategy::Union::new(mutations);
    prop_oneof![4 => mutated, 1 => any_json].boxed()
}

/// Whether the answer to a well-formed JSON body is acceptable.
fn check(reply: &Reply) -> Result<(), String> {
    let status = reply.status.as_u16();
    if status >= 500 {
        return Err(format!("answered {status}: {}", reply.text));
    }
    if status == 400 {
        return Err(format!(
            "answered 400 to well-formed JSON (a bad value is a 422): {}",
            reply.text
        ));
    }
    if (400..500).contains(&status) {
        if reply.header("content-type") != "application/problem+json" {
            return Err(format!(
                "answered {status} as {:?}: {}",
                reply.header("content-type"),
                reply.text
            ));
        }
        if !reply.json["code"].is_string() {
            return Err(format!("answered {status} without a code: {}", reply.text));
        }
    }
    Ok(())
}

/// The JSON request bodies the service takes.
#[derive(Debug, Clone, Copy)]
enum Endpoint {
    Score,
    Replay,
    SeatingPlan,
    DealEntry,
    DealCorrection,
    Penalty,
    TournamentCreate,
    TournamentUpdate,
    PlayerCreate,
    RoundCreate,
    Reseat,
    Login,
    Captain,
}

/// What is undone or remembered after a successful request, so the next case meets the
/// same state (a sheet with room for a deal, a tournament with room for a round).
#[derive(Debug, Clone, Copy)]
enum After {
    Nothing,
    DeleteDeal,
    DeleteRound,
    NewVersion,
}

/// One endpoint, set up on a tournament with one round of one 4-table.
struct Target {
    method: &'static str,
    path: String,
    token: Option<String>,
    valid: Vec<Value>,
    after: After,
}

/// A deal with a nonzero count in every place where counts are added up, so that one
/// count replaced by a large number overflows a narrow sum.
fn deal_with_extras() -> Value {
    json!({"number": 1, "reason": "Nachtrag", "contract": "normal", "re": [0, 2],
           "re_points": 145, "re_tricks": 8,
           "announcements": {"re": "no90", "kontra": "none"},
           "extras": {"re": {"doppelkopf": 1, "fox": 1, "karlchen": 1},
                      "kontra": {"doppelkopf": 0, "fox": 1, "karlchen": 0}}})
}

async fn target<S: App>(app: &TestApp, service: &S, endpoint: Endpoint) -> Target {
    let t = Table::new(app, service, 4).await;
    let org = Some(t.org.clone());
    let captain = Some(t.captain.clone());
    let tournament = format!("/api/v1/tournaments/{}", t.tournament);
    let p = &t.players;
    let simple =
        |method: &'static str, path: String, token: Option<String>, valid: Vec<Value>| Target {
            method,
            path,
            token,
            valid,
            after: After::Nothing,
        };
    match endpoint {
        Endpoint::Score => {
            let mut facts = deal_with_extras();
            let fields = facts.as_object_mut().unwrap();
            fields.remove("number");
            fields.remove("reason");
            fields.insert("table_size".into(), json!(4));
            let five = json!({"table_size": 5, "contract": "solo_queens", "re": [1],
                              "sitting_out": 0, "re_points": 150, "re_tricks": 8});
            // Extras are refused in a solo, but only after they were added up.
            let solo = json!({"contract": "solo_hearts", "re": [2], "re_points": 100,
                              "re_tricks": 4, "announcements": {"re": "re", "kontra": "no90"},
                              "extras": {"re": {"doppelkopf": 0, "fox": 0, "karlchen": 0},
                                         "kontra": {"doppelkopf": 0, "fox": 0, "karlchen": 0}}});
            simple(
                "POST",
                "/api/v1/score".into(),
                None,
                vec![facts, five, solo],
            )
        }
        Endpoint::Replay => {
            let valid = [3, 11, 42]
                .into_iter()
                .map(|seed| {
                    let deal = domain::simulate::random_deal(seed);
                    json!({
                        "contract": deal.contract.as_str(),
                        "declarer": deal.declarer,
                        "dealer": deal.dealer,
                        "compulsory": deal.compulsory,
                        "events": deal.events.iter().map(ToString::to_string).collect::<Vec<_>>(),
                    })
                })
                .collect();
            simple("POST", "/api/v1/replay".into(), None, valid)
        }
        Endpoint::SeatingPlan => simple(
            "POST",
            "/api/v1/seating/plan".into(),
            None,
            vec![json!({"players": 18, "rounds": 3, "seed": "Karlchen-Cup",
                        "keep_apart": [[0, 1, 2], [5, 9]]})],
        ),
        Endpoint::DealEntry => Target {
            method: "POST",
            path: t.path("deals"),
            token: captain,
            valid: vec![
                deal_with_extras(),
                json!({"contract": "solo_queens", "re": [3], "re_points": 150, "re_tricks": 8}),
                json!({"contract": "wedding", "re": [1, 2], "re_points": 121, "re_tricks": 6,
                       "announcements": {"re": "re", "kontra": "kontra"}}),
            ],
            after: After::DeleteDeal,
        },
        Endpoint::DealCorrection => {
            let first = t.post(service, &t.captain, &normal([0, 2])).await;
            expect(&first, 201, "deal 1");
            let mut corrected = deal_with_extras();
            corrected["reason"] = json!("145, nicht 130");
            Target {
                method: "PUT",
                path: t.path("deals/1"),
                token: captain,
                valid: vec![
                    corrected,
                    json!({"number": 1, "contract": "solo_hearts", "re": [1],
                           "re_points": 100, "re_tricks": 4, "reason": "Solo"}),
                ],
                after: After::NewVersion,
            }
        }
        Endpoint::Penalty => {
            let first = t.post(service, &t.captain, &normal([0, 2])).await;
            expect(&first, 201, "deal 1");
            simple(
                "POST",
                t.path("penalties"),
                org,
                vec![
                    json!({"deal_number": 1, "severity": "minor", "offender": 1,
                           "could_harm_soloist": false, "opposing_absagen": 0,
                           "referee": "Meier"}),
                    json!({"deal_number": 1, "severity": "serious", "offender": 3,
                           "soloist": null, "opposing_absagen": 2, "referee": "Meier"}),
                ],
            )
        }
        Endpoint::TournamentCreate => simple(
            "POST",
            "/api/v1/tournaments".into(),
            org,
            vec![
                json!({"name": "Karlchen-Cup", "date": "2026-12-05", "venue": "Köln",
                        "rounds": 3, "deals_four": 24, "deals_five": 30,
                        "minutes_four": 100, "minutes_five": 125, "ruleset": "ddv",
                        "tie_breaks": ["most_games_won", "best_round"], "published": false}),
            ],
        ),
        Endpoint::TournamentUpdate => {
            simple("PATCH", tournament, org, vec![json!({"published": true})])
        }
        Endpoint::PlayerCreate => simple(
            "POST",
            format!("{tournament}/players"),
            org,
            vec![
                json!({"name": "Erika Mustermann", "club": "DK Köln", "ddv_number": "12345",
                       "start_number": 17, "checked_in": true}),
                json!({"name": "Max Mustermann"}),
            ],
        ),
        Endpoint::RoundCreate => {
            // Round 1 is the fixture's; these would be round 2 (dropped again after a 201).
            Target {
                method: "POST",
                path: format!("{tournament}/rounds"),
                token: org,
                valid: vec![
                    json!({"tables": [[p[2], p[0], p[3], p[1]]], "early": true}),
                    json!({"draw": {"method": "avoid_repeats", "seed": "Karlchen"}, "early": true}),
                ],
                after: After::DeleteRound,
            }
        }
        Endpoint::Reseat => simple(
            "POST",
            format!("/api/v1/rounds/{}/seating", t.round),
            org,
            vec![
                json!({"changes": [{"swap": {"players": [p[0], p[1]]}}], "dry_run": true}),
                json!({"changes": [{"move": {"player": p[3], "table": 1, "seat": 1}},
                                   {"swap": {"players": [p[2], p[0]]}}], "dry_run": true}),
            ],
        ),
        Endpoint::Login => simple(
            "POST",
            "/api/v1/auth/login".into(),
            None,
            vec![json!({"email": "leitung@example.org", "password": PASSWORD})],
        ),
        Endpoint::Captain => {
            let code = call_json(service, "POST", &t.path("join-code"), Some(&t.org), None).await;
            expect(&code, 201, "join code");
            simple(
                "POST",
                "/api/v1/auth/captain".into(),
                None,
                vec![json!({"code": code.json["code"]})],
            )
        }
    }
}

/// Sends `body` and undoes what a success changed.
async fn attempt<S: App>(
    service: &S,
    target: &Target,
    version: &Cell<i64>,
    body: &Value,
) -> Result<(u16, String), String> {
    let if_match = version.get().to_string();
    let headers: Vec<(&str, &str)> = match target.after {
        After::NewVersion => vec![("If-Match", if_match.as_str())],
        _ => Vec::new(),
    };
    let reply = send(
        service,
        req(
            target.method,
            &target.path,
            target.token.as_deref(),
            Some(body),
            &headers,
        ),
    )
    .await;
    if std::env::var_os("KARLCHEN_FUZZ_LOG").is_some() {
        eprintln!(
            "{} {body} -> {} {:.200}",
            target.path, reply.status, reply.text
        );
    }
    check(&reply)?;
    let answer = (reply.status.as_u16(), reply.text.clone());
    if !reply.status.is_success() {
        return Ok(answer);
    }
    match target.after {
        After::Nothing => {}
        After::NewVersion => {
            if let Some(v) = reply.json["deal"]["version"].as_i64() {
                version.set(v);
            }
        }
        After::DeleteDeal => {
            let deal = &reply.json["deal"];
            let path = format!(
                "{}/{}",
                target.path,
                deal["number"].as_u64().unwrap_or_default()
            );
            let v = deal["version"].as_i64().unwrap_or_default().to_string();
            let deleted = send(
                service,
                req(
                    "DELETE",
                    &path,
                    target.token.as_deref(),
                    None,
                    &[("If-Match", v.as_str())],
                ),
            )
            .await;
            check(&deleted).map_err(|e| format!("deleting the entered deal: {e}"))?;
        }
        After::DeleteRound => {
            let id = reply.json["id"].as_i64().unwrap_or_default();
            let deleted = call_json(
                service,
                "DELETE",
                &format!("/api/v1/rounds/{id}"),
                target.token.as_deref(),
                None,
            )
            .await;
            check(&deleted).map_err(|e| format!("dropping the created round: {e}"))?;
        }
    }
    Ok(answer)
}

fn fuzz(backend: Backend, endpoint: Endpoint) {
    let system = System::new();
    let Some(app) = system.block_on(TestApp::new(backend)) else {
        return;
    };
    let service = system.block_on(actix_web::test::init_service(api::app::build(
        app.state.clone(),
    )));
    let target = system.block_on(target(&app, &service, endpoint));
    // The valid bodies must pass, or the mutations start from nowhere (what they store is
    // undone as after every case).
    let version = Cell::new(1);
    for body in &target.valid {
        let (status, text) = system
            .block_on(attempt(&service, &target, &version, body))
            .unwrap_or_else(|e| panic!("{endpoint:?}: valid body {body}: {e}"));
        assert!(
            (200..300).contains(&status),
            "{endpoint:?}: valid body {body} answered {status}: {text}"
        );
    }

    let mut config = Config {
        cases: if matches!(endpoint, Endpoint::Score | Endpoint::Replay) {
            CASES_PURE
        } else {
            CASES
        },
        failure_persistence: None,
        max_shrink_iters: 400,
        ..Config::default()
    };
    if std::env::var_os("PROPTEST_CASES").is_some() {
        config.cases = Config::default().cases;
    }
    let seed = match Config::default().rng_seed {
        RngSeed::Fixed(seed) => seed,
        RngSeed::Random => {
            let mut h = DefaultHasher::new();
            format!("{endpoint:?}").hash(&mut h);
            h.finish()
        }
    };
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes(seed));
    let mut runner = TestRunner::new_with_rng(config, rng);
    let result = runner.run(&bodies(target.valid.clone()), |body| {
        system
            .block_on(attempt(&service, &target, &version, &body))
            .map(drop)
            .map_err(TestCaseError::fail)
    });
    match result {
        Ok(()) => {}
        Err(TestError::Fail(why, body)) => panic!(
            "{endpoint:?} on {backend:?} ({} {}): minimal failing body\n  {body}\n{why}",
            target.method, target.path
        ),
        Err(TestError::Abort(why)) => panic!("{endpoint:?} on {backend:?}: aborted: {why}"),
    }
}

/// 32 seed bytes for ChaCha from a `u64`.
fn seed_bytes(seed: u64) -> [u8; 32] {
    let mut bytes = [0; 32];
    for (i, chunk) in bytes.chunks_mut(8).enumerate() {
        let word = seed.rotate_left(u32::try_from(i).unwrap() * 16) ^ (i as u64);
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    bytes
}

/// `name::sqlite` and `name::postgres` for an endpoint that stores something (text that
/// PostgreSQL refuses but SQLite takes is one of the things to find).
macro_rules! on_both {
    ($($name:ident: $endpoint:expr;)*) => {$(
        mod $name {
            use super::*;

            #[test]
            fn sqlite() {
                fuzz(Backend::Sqlite, $endpoint);
            }

            #[test]
            fn postgres() {
                fuzz(Backend::Postgres, $endpoint);
            }
        }
    )*};
}

on_both! {
    deal_entry: Endpoint::DealEntry;
    deal_correction: Endpoint::DealCorrection;
    penalty: Endpoint::Penalty;
    tournament_create: Endpoint::TournamentCreate;
    tournament_update: Endpoint::TournamentUpdate;
    player_create: Endpoint::PlayerCreate;
    round_create: Endpoint::RoundCreate;
    reseat: Endpoint::Reseat;
    login: Endpoint::Login;
    captain: Endpoint::Captain;
}

// Stateless: the database plays no part, SQLite is enough.
#[test]
fn score() {
    fuzz(Backend::Sqlite, Endpoint::Score);
}

#[test]
fn replay() {
    fuzz(Backend::Sqlite, Endpoint::Replay);
}

#[test]
fn seating_plan() {
    fuzz(Backend::Sqlite, Endpoint::SeatingPlan);
}
