//! Club seasons on both backends: twelve evenings of 16 to 40 players (people coming and
//! going, two who always tie, one evening brought in through the open results format),
//! a register that knows the same person across them, and the season's standings under
//! each ranking rule checked against a computation written out here, apart from the
//! service's.

use std::cmp::Ordering;
use std::collections::HashMap;

use serde_json::{Value, json};
use service_tests::backend_test;

use crate::fixtures::{App, Reply, call_json, csv, expect, organizer, round, send, tournament};

/// The people of the club: 44, the first 40 with a DDV number.
const PEOPLE: usize = 44;

/// How many players each evening has (16–40, tables of four).
const SIZES: [usize; 12] = [16, 20, 24, 28, 32, 36, 40, 16, 24, 32, 40, 20];

/// The evening that is played elsewhere and brought in through the results format.
const IMPORTED: usize = 11;

/// The evening added to the season before its players are registered (tonight's).
const TONIGHT: usize = 10;

pub(crate) fn name(person: usize) -> String {
    format!("Spieler {person:02}")
}

fn club(person: usize) -> &'static str {
    ["DK Kreuz-Dame", "Fuchsbau Düren", "Karlchen 09"][person % 3]
}

/// Who plays evening `k`, in seat order: a window of the first 42 people that moves on
/// each evening, and the two last, who always play together, on two evenings of three.
pub(crate) fn members(k: usize) -> Vec<usize> {
    let pair = k % 3 != 2;
    let window = SIZES[k] - if pair { 2 } else { 0 };
    let mut who: Vec<usize> = (0..window).map(|j| (k * 7 + j) % 42).collect();
    if pair {
        who.extend([42, 43]);
    }
    who
}

/// Evenings with two rounds (the others have one).
fn rounds_of(k: usize) -> usize {
    if k.is_multiple_of(4) { 2 } else { 1 }
}

/// A person's points at evening `k`, round `r`: the two last score alike.
fn points(k: usize, r: usize, person: usize) -> i64 {
    let p = if person == 43 { 42 } else { person } as i64;
    ((p * 37 + k as i64 * 11 + r as i64 * 5) % 61) - 30
}

/// One evening as the reference sees it: each player's points and rounds.
type EveningRef = Vec<(usize, i64, u32)>;

fn evening_ref(k: usize) -> EveningRef {
    members(k)
        .into_iter()
        .map(|p| {
            let total = (0..rounds_of(k)).map(|r| points(k, r, p)).sum();
            (p, total, rounds_of(k) as u32)
        })
        .collect()
}

/// The place of `person` at an evening: one more than those with more points.
fn place_at(evening: &EveningRef, person: usize) -> Option<u32> {
    let mine = evening.iter().find(|e| e.0 == person)?.1;
    Some(1 + evening.iter().filter(|e| e.1 > mine).count() as u32)
}

/// A ranking rule as the reference computes it.
#[derive(Clone)]
struct Rule {
    body: Value,
    placement: Option<(Vec<i64>, i64)>,
    per_round: bool,
    best_of: Option<usize>,
    min_evenings: usize,
    missed: Option<i64>,
    tie_breaks: Vec<&'static str>,
}

/// A person's season as the reference sees it.
#[derive(Debug, Clone)]
struct Season {
    places: Vec<Option<u32>>,
    points: i64,
    played: usize,
    /// (points, rounds): rounds 1 unless per round.
    score: (i64, i64),
}

fn cmp_score(a: (i64, i64), b: (i64, i64)) -> Ordering {
    (i128::from(a.0) * i128::from(b.1)).cmp(&(i128::from(b.0) * i128::from(a.1)))
}

fn season_of(rule: &Rule, evenings: &[EveningRef], person: usize) -> Season {
    let places: Vec<Option<u32>> = evenings.iter().map(|e| place_at(e, person)).collect();
    // Every result: (value, rounds, evening).
    let mut results: Vec<(i64, i64, usize)> = Vec::new();
    let mut points_all = 0;
    for (k, evening) in evenings.iter().enumerate() {
        match evening.iter().find(|e| e.0 == person) {
            Some(&(_, pts, rounds)) => {
                points_all += pts;
                let value = match &rule.placement {
                    Some((table, otherwise)) => {
                        let place = places[k].unwrap() as usize;
                        table.get(place - 1).copied().unwrap_or(*otherwise)
                    }
                    None => pts,
                };
                results.push((value, i64::from(rounds), k));
            }
            None => {
                if let Some(missed) = rule.missed {
                    results.push((missed, 1, k));
                }
            }
        }
    }
    // Best first; an earlier evening before a later one of equal worth.
    results.sort_by(|a, b| {
        let worth = if rule.per_round {
            cmp_score((b.0, b.1), (a.0, a.1))
        } else {
            b.0.cmp(&a.0)
        };
        worth.then(a.2.cmp(&b.2))
    });
    let counted = &results[..rule.best_of.unwrap_or(usize::MAX).min(results.len())];
    let value: i64 = counted.iter().map(|r| r.0).sum();
    let rounds: i64 = counted.iter().map(|r| r.1).sum();
    Season {
        played: places.iter().flatten().count(),
        places,
        points: points_all,
        score: if rule.per_round {
            (value, rounds)
        } else {
            (value, 1)
        },
    }
}

/// Whether `a` ranks before `b` (Greater), after or alongside.
fn ranks(rule: &Rule, a: &Season, b: &Season) -> Ordering {
    let mut order = cmp_score(a.score, b.score);
    for tie_break in &rule.tie_breaks {
        if order != Ordering::Equal {
            break;
        }
        order = match *tie_break {
            "more_evenings" => a.played.cmp(&b.played),
            "more_points" => a.points.cmp(&b.points),
            "better_places" => {
                let mut pa: Vec<u32> = a.places.iter().flatten().copied().collect();
                let mut pb: Vec<u32> = b.places.iter().flatten().copied().collect();
                pa.sort_unstable();
                pb.sort_unstable();
                let mut o = Ordering::Equal;
                for i in 0..pa.len().max(pb.len()) {
                    o = match (pa.get(i), pb.get(i)) {
                        (Some(x), Some(y)) => y.cmp(x),
                        (Some(_), None) => Ordering::Greater,
                        (None, Some(_)) => Ordering::Less,
                        (None, None) => Ordering::Equal,
                    };
                    if o != Ordering::Equal {
                        break;
                    }
                }
                o
            }
            "later_evenings" => {
                let mut o = Ordering::Equal;
                for (x, y) in a.places.iter().zip(&b.places).rev() {
                    o = match (x, y) {
                        (Some(x), Some(y)) => y.cmp(x),
                        (Some(_), None) => Ordering::Greater,
                        (None, Some(_)) => Ordering::Less,
                        (None, None) => Ordering::Equal,
                    };
                    if o != Ordering::Equal {
                        break;
                    }
                }
                o
            }
            other => panic!("tie-break {other}"),
        };
    }
    order
}

/// The score as the API shows it.
fn shown(rule: &Rule, score: (i64, i64)) -> String {
    if !rule.per_round {
        return score.0.to_string();
    }
    let scaled = i128::from(score.0) * 100;
    let rounds = i128::from(score.1);
    let magnitude = (scaled.abs() * 2 + rounds) / (rounds * 2);
    let sign = if scaled < 0 && magnitude > 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", magnitude / 100, magnitude % 100)
}

/// name → (place, score, played) for everyone who played an evening.
fn expected(rule: &Rule, evenings: &[EveningRef]) -> HashMap<String, (Option<u32>, String, u64)> {
    let seasons: Vec<(usize, Season)> = (0..PEOPLE)
        .map(|p| (p, season_of(rule, evenings, p)))
        .filter(|(_, s)| s.played > 0)
        .collect();
    seasons
        .iter()
        .map(|(p, s)| {
            let place = (s.played >= rule.min_evenings.max(1)).then(|| {
                1 + seasons
                    .iter()
                    .filter(|(_, o)| o.played >= rule.min_evenings.max(1))
                    .filter(|(_, o)| ranks(rule, o, s) == Ordering::Greater)
                    .count() as u32
            });
            (name(*p), (place, shown(rule, s.score), s.played as u64))
        })
        .collect()
}

fn got(standings: &Value) -> HashMap<String, (Option<u32>, String, u64)> {
    standings["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["name"].as_str().unwrap().to_owned(),
                (
                    l["place"].as_u64().map(|p| p as u32),
                    l["score"].as_str().unwrap().to_owned(),
                    l["played"].as_u64().unwrap(),
                ),
            )
        })
        .collect()
}

fn rules() -> Vec<Rule> {
    let plain = Rule {
        body: json!({}),
        placement: None,
        per_round: false,
        best_of: None,
        min_evenings: 0,
        missed: None,
        tie_breaks: vec![],
    };
    vec![
        plain.clone(),
        Rule {
            body: json!({
                "scoring": "placement",
                "placement_points": [25, 20, 16, 13, 11, 10, 9, 8, 7, 6],
                "placement_otherwise": 1,
                "best_of": 8,
                "min_evenings": 3,
                "tie_breaks": ["more_evenings", "better_places"],
            }),
            placement: Some((vec![25, 20, 16, 13, 11, 10, 9, 8, 7, 6], 1)),
            best_of: Some(8),
            min_evenings: 3,
            tie_breaks: vec!["more_evenings", "better_places"],
            ..plain.clone()
        },
        Rule {
            body: json!({"scoring": "per_round", "min_evenings": 4, "best_of": 6}),
            per_round: true,
            min_evenings: 4,
            best_of: Some(6),
            ..plain.clone()
        },
        Rule {
            body: json!({
                "scoring": "points",
                "missed_scores": -10,
                "best_of": 10,
                "tie_breaks": ["later_evenings", "more_points"],
            }),
            missed: Some(-10),
            best_of: Some(10),
            tie_breaks: vec!["later_evenings", "more_points"],
            ..plain
        },
    ]
}

/// Registers evening `k`'s players from a German CSV, draws its rounds and sets each
/// table's points; answers the tournament.
pub(crate) async fn play_evening<S: App>(service: &S, org: &str, t: i64, k: usize) {
    let mut file = String::from("Name;Verein;DDV-Nr.;Anzeigename\r\n");
    for p in members(k) {
        let ddv = if p < 40 {
            format!("{}", 10_000 + p)
        } else {
            String::new()
        };
        // Spieler 05 asks for a short name every evening, Spieler 06 on the first only.
        let shown = match (p, k) {
            (5, _) => "S. Fünf",
            (6, 0) => "S. Sechs",
            _ => "",
        };
        file.push_str(&format!("{};{};{ddv};{shown}\r\n", name(p), club(p)));
    }
    let imported = send(
        service,
        csv(
            &format!("/api/v1/tournaments/{t}/players/import"),
            Some(org),
            &file,
        ),
    )
    .await;
    expect(&imported, 201, "players");
    let ids: Vec<i64> = imported.json["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    let who = members(k);
    for r in 0..rounds_of(k) {
        let tables: Vec<Vec<i64>> = ids.chunks(4).map(<[i64]>::to_vec).collect();
        let drawn = round(service, org, t, &json!(tables)).await;
        for (i, table) in drawn.json["tables"].as_array().unwrap().iter().enumerate() {
            let pts: Vec<i64> = (0..4).map(|s| points(k, r, who[i * 4 + s])).collect();
            let set = call_json(
                service,
                "PUT",
                &format!("/api/v1/tables/{}/adjustment", table["id"]),
                Some(org),
                Some(&json!({"points": pts, "reason": "Liste nachgetragen"})),
            )
            .await;
            expect(&set, 200, "set result");
        }
    }
}

backend_test!(
    a_season_of_twelve_evenings_ranks_as_a_hand_computation_under_every_rule,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "verein@example.org").await;

        // The club's register comes from its spreadsheet (German Excel: `;`, Windows-1252).
        let mut register = String::from("Name;Verein;DDV-Nr.\r\n");
        for p in 0..PEOPLE {
            let ddv = if p < 40 {
                format!("{}", 10_000 + p)
            } else {
                String::new()
            };
            register.push_str(&format!("{};{};{ddv}\r\n", name(p), club(p)));
        }
        let latin1: Vec<u8> = register
            .chars()
            .map(|c| u8::try_from(u32::from(c)).unwrap())
            .collect();
        let req = actix_web::test::TestRequest::post()
            .uri("/api/v1/register/import")
            .insert_header(("Content-Type", "text/csv"))
            .insert_header(("Authorization", format!("Bearer {org}")))
            .set_payload(latin1)
            .to_request();
        let imported = send(&service, req).await;
        expect(&imported, 201, "register import");
        assert_eq!(imported.json, json!({"created": 44, "known": 0}));
        let again = send(
            &service,
            csv("/api/v1/register/import", Some(&org), &register),
        )
        .await;
        expect(&again, 201, "the same file again");
        assert_eq!(again.json, json!({"created": 0, "known": 44}));

        let season = call_json(
            &service,
            "POST",
            "/api/v1/seasons",
            Some(&org),
            Some(&json!({"name": "Jahreswertung 2026", "published": true})),
        )
        .await;
        expect(&season, 201, "season");
        let s = season.json["id"].as_i64().unwrap();
        assert_eq!(season.json["rules"]["scoring"], "points");

        let mut evenings = Vec::new();
        for (k, &size) in SIZES.iter().enumerate() {
            let t = tournament(
                &service,
                &org,
                &json!({"name": format!("Clubabend {}", k + 1), "date": format!("2026-{:02}-{:02}", 1 + k, 3 + k)}),
            )
            .await;
            if k == TONIGHT {
                // Added before anyone is registered: each player joins the register as he
                // is registered.
                let added = call_json(
                    &service,
                    "POST",
                    &format!("/api/v1/seasons/{s}/tournaments"),
                    Some(&org),
                    Some(&json!({"tournament_id": t})),
                )
                .await;
                expect(&added, 200, "tonight added");
                assert_eq!(added.json["links"], json!([]));
            }
            play_evening(&service, &org, t, k).await;
            let t = if k == IMPORTED {
                let doc = call_json(
                    &service,
                    "GET",
                    &format!("/api/v1/tournaments/{t}/results"),
                    Some(&org),
                    None,
                )
                .await;
                expect(&doc, 200, "results document");
                let brought = call_json(
                    &service,
                    "POST",
                    "/api/v1/results",
                    Some(&org),
                    Some(&doc.json),
                )
                .await;
                expect(&brought, 201, "import");
                brought.json["tournament_id"].as_i64().unwrap()
            } else {
                let published = call_json(
                    &service,
                    "PATCH",
                    &format!("/api/v1/tournaments/{t}"),
                    Some(&org),
                    Some(&json!({"published": true})),
                )
                .await;
                expect(&published, 200, "publish");
                t
            };
            if k != TONIGHT {
                let added = call_json(
                    &service,
                    "POST",
                    &format!("/api/v1/seasons/{s}/tournaments"),
                    Some(&org),
                    Some(&json!({"tournament_id": t})),
                )
                .await;
                expect(&added, 200, "evening added");
                let links = added.json["links"].as_array().unwrap();
                assert_eq!(links.len(), size);
                for link in links {
                    let person: usize = link["player_name"].as_str().unwrap()[8..].parse().unwrap();
                    assert_eq!(link["person_name"], name(person), "{link}");
                    let (how, sure) = if person < 40 {
                        ("ddv_number", true)
                    } else {
                        ("name_club", false)
                    };
                    assert_eq!(
                        (
                            link["matched_by"].as_str().unwrap(),
                            link["confirmed"].as_bool().unwrap()
                        ),
                        (how, sure),
                        "{link}"
                    );
                }
            }
            evenings.push(t);
        }
        let reference: Vec<EveningRef> = (0..SIZES.len()).map(evening_ref).collect();
        // The two who play together score alike every evening: a tie by construction.
        assert_eq!(place_at(&reference[0], 42), place_at(&reference[0], 43));

        let register = call_json(&service, "GET", "/api/v1/register", Some(&org), None).await;
        expect(&register, 200, "register");
        assert_eq!(
            register.json.as_array().unwrap().len(),
            PEOPLE,
            "one person each, across twelve evenings"
        );

        for rule in rules() {
            let put = call_json(
                &service,
                "PUT",
                &format!("/api/v1/seasons/{s}"),
                Some(&org),
                Some(&json!({"name": "Jahreswertung 2026", "rules": rule.body, "published": true})),
            )
            .await;
            expect(&put, 200, "rules");
            let standings = call_json(
                &service,
                "GET",
                &format!("/api/v1/seasons/{s}/standings"),
                Some(&org),
                None,
            )
            .await;
            expect(&standings, 200, "season standings");
            assert_eq!(standings.json["evenings"].as_array().unwrap().len(), 12);
            let want = expected(&rule, &reference);
            assert_eq!(got(&standings.json), want, "rules {}", rule.body);
            // The two alike share their place, and the place after them is skipped.
            let lines = standings.json["standings"].as_array().unwrap();
            let at = |who: usize| lines.iter().position(|l| l["name"] == name(who)).unwrap();
            assert_eq!(
                lines[at(42)]["place"],
                lines[at(43)]["place"],
                "{}",
                rule.body
            );
            assert_eq!(lines[at(42)]["score"], lines[at(43)]["score"]);
            // Ranked first by place, then those below the minimum, without one.
            let places: Vec<Option<u64>> = lines.iter().map(|l| l["place"].as_u64()).collect();
            let ranked = places.iter().take_while(|p| p.is_some()).count();
            assert!(places[ranked..].iter().all(Option::is_none));
            assert!(places[..ranked].windows(2).all(|w| w[0] <= w[1]));
        }

        // One line by hand, sum of points: Spieler 42 plays the evenings 1, 2, 4, 5, 7, 8,
        // 10 and 11 (not 3, 6, 9, 12) and scores 3, 10, -29, -31, 4, 15, -24, -13 there
        // (evening 1 has two rounds: -1 + 4): -65 in all.
        let put = call_json(
            &service,
            "PUT",
            &format!("/api/v1/seasons/{s}"),
            Some(&org),
            Some(&json!({"name": "Jahreswertung 2026", "published": true})),
        )
        .await;
        expect(&put, 200, "back to the sum");
        let sum = call_json(
            &service,
            "GET",
            &format!("/api/v1/seasons/{s}/standings"),
            Some(&org),
            None,
        )
        .await;
        let line = sum.json["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["name"] == name(42))
            .unwrap()
            .clone();
        assert_eq!(line["score"], "-65");
        assert_eq!(line["played"], 8);
        let values: Vec<Value> = line["evenings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                if e["place"].is_null() {
                    Value::Null
                } else {
                    e["value"].clone()
                }
            })
            .collect();
        assert_eq!(
            values,
            [
                json!(3),
                json!(10),
                Value::Null,
                json!(-29),
                json!(-31),
                Value::Null,
                json!(4),
                json!(15),
                Value::Null,
                json!(-24),
                json!(-13),
                Value::Null
            ]
        );

        // The public sees the published evenings only (not the imported copy) and the name
        // a player asked to be shown.
        let public = call_json(
            &service,
            "GET",
            &format!("/api/v1/seasons/{s}/standings"),
            None,
            None,
        )
        .await;
        expect(&public, 200, "public standings");
        assert_eq!(public.json["evenings"].as_array().unwrap().len(), 11);
        let names: Vec<&str> = public.json["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["name"].as_str().unwrap())
            .collect();
        assert!(
            names.contains(&"S. Fünf") && !names.contains(&"Spieler 05"),
            "{names:?}"
        );
        // A short name asked for on one evening stands: his full name beside that
        // evening's place would tell who "S. Sechs" is.
        assert!(
            names.contains(&"S. Sechs") && !names.contains(&"Spieler 06"),
            "{names:?}"
        );
        let public_reference: Vec<EveningRef> = reference[..IMPORTED].to_vec();
        let mut want = expected(&rules()[0], &public_reference);
        let five = want.remove(&name(5)).unwrap();
        want.insert("S. Fünf".to_owned(), five);
        let six = want.remove(&name(6)).unwrap();
        want.insert("S. Sechs".to_owned(), six);
        assert_eq!(got(&public.json), want);

        // A hall of phones costs one computation until something is written; a change of
        // the rules is seen at once.
        let before = app.state.live.computations();
        for _ in 0..5 {
            let again = call_json(
                &service,
                "GET",
                &format!("/api/v1/seasons/{s}/standings"),
                None,
                None,
            )
            .await;
            assert_eq!(again.json, public.json);
        }
        assert_eq!(
            app.state.live.computations(),
            before,
            "answered from the cache"
        );
        let stricter = call_json(&service, "PUT", &format!("/api/v1/seasons/{s}"), Some(&org), Some(&json!({"name": "Jahreswertung 2026", "published": true, "rules": {"min_evenings": 9}}))).await;
        expect(&stricter, 200, "stricter rules");
        let now = call_json(
            &service,
            "GET",
            &format!("/api/v1/seasons/{s}/standings"),
            None,
            None,
        )
        .await;
        assert_eq!(app.state.live.computations(), before + 1);
        assert!(
            now.json["standings"]
                .as_array()
                .unwrap()
                .iter()
                .all(|l| l["played"].as_u64() >= Some(9) || l["place"].is_null())
        );
        assert_ne!(now.json, public.json);

        // CSV for a German spreadsheet: BOM, `;`, a column per evening.
        let file = call_json(
            &service,
            "GET",
            &format!("/api/v1/seasons/{s}/standings?dialect=de"),
            Some(&org),
            None,
        )
        .await;
        expect(&file, 200, "csv");
        assert!(
            file.text.starts_with(
                "\u{feff}Platz;Name;Verein;Wertung;Abende;Punkte;2026-01-03 Clubabend 1;"
            ),
            "{}",
            &file.text[..120]
        );
        assert_eq!(file.text.lines().count(), 1 + PEOPLE);

        // An unpublished season is nobody else's business.
        let hidden = call_json(
            &service,
            "PUT",
            &format!("/api/v1/seasons/{s}"),
            Some(&org),
            Some(&json!({"name": "Jahreswertung 2026"})),
        )
        .await;
        expect(&hidden, 200, "unpublish");
        let gone = call_json(
            &service,
            "GET",
            &format!("/api/v1/seasons/{s}/standings"),
            None,
            None,
        )
        .await;
        expect(&gone, 404, "unpublished");
        let other = organizer(&app, &service, "fremd@example.org").await;
        let foreign = call_json(
            &service,
            "GET",
            &format!("/api/v1/seasons/{s}/standings"),
            Some(&other),
            None,
        )
        .await;
        expect(&foreign, 404, "another organiser's");
        // Nor pulls his published evenings into its own register.
        let own = call_json(
            &service,
            "POST",
            "/api/v1/seasons",
            Some(&other),
            Some(&json!({"name": "Fremd"})),
        )
        .await;
        expect(&own, 201, "another's season");
        let pulled = call_json(
            &service,
            "POST",
            &format!("/api/v1/seasons/{}/tournaments", own.json["id"]),
            Some(&other),
            Some(&json!({"tournament_id": evenings[0]})),
        )
        .await;
        expect(&pulled, 422, "another's published tournament");
        assert_eq!(pulled.fields(), ["tournament_id"]);
        let theirs = call_json(&service, "GET", "/api/v1/register", Some(&other), None).await;
        assert_eq!(theirs.json, json!([]));
        let steal = call_json(
            &service,
            "POST",
            &format!("/api/v1/seasons/{s}/tournaments"),
            Some(&other),
            Some(&json!({"tournament_id": evenings[0]})),
        )
        .await;
        expect(&steal, 404, "another organiser's season");
    }
);

backend_test!(
    the_register_merges_splits_and_confirms_and_refuses_what_cannot_be,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let org = organizer(&app, &service, "verein@example.org").await;
        let season = call_json(
            &service,
            "POST",
            "/api/v1/seasons",
            Some(&org),
            Some(&json!({"name": "Pokal"})),
        )
        .await;
        expect(&season, 201, "season");
        let s = season.json["id"].as_i64().unwrap();
        let mut players = Vec::new();
        for (k, list) in [
            "Name;Verein;DDV-Nr.\nAnna Acht;Fuchsbau;501\nBert Brett;Fuchsbau;\nCarla Chance;;\nDora Dulle;Fuchsbau;\n",
            "Name;Verein;DDV-Nr.\nAnna Acht;Fuchsbau;501\nbert  brett;FUCHSBAU;\nCarla Chance;Karlchen 09;\nDora Dulle;Fuchsbau;\n",
        ]
        .iter()
        .enumerate()
        {
            let t = tournament(&service, &org, &json!({"name": format!("Abend {k}"), "date": "2026-12-05"})).await;
            let up = send(&service, csv(&format!("/api/v1/tournaments/{t}/players/import"), Some(&org), list)).await;
            expect(&up, 201, "players");
            players.push(up.json["players"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect::<Vec<_>>());
            let added = call_json(&service, "POST", &format!("/api/v1/seasons/{s}/tournaments"), Some(&org), Some(&json!({"tournament_id": t}))).await;
            expect(&added, 200, "added");
            let how: Vec<(&str, bool)> = added.json["links"].as_array().unwrap().iter().map(|l| (l["matched_by"].as_str().unwrap(), l["confirmed"].as_bool().unwrap())).collect();
            if k == 0 {
                assert_eq!(how, [("new", true); 4]);
            } else {
                // Anna by her number; Bert and Dora by name and club, case and spaces aside,
                // unconfirmed; Carla names another club: a new person.
                assert_eq!(how, [("ddv_number", true), ("name_club", false), ("new", true), ("name_club", false)]);
            }
        }
        let people = |r: &Reply| -> HashMap<String, Vec<i64>> {
            r.json
                .as_array()
                .unwrap()
                .iter()
                .map(|p| {
                    (
                        p["name"].as_str().unwrap().to_owned(),
                        p["links"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|l| l["player_id"].as_i64().unwrap())
                            .collect(),
                    )
                })
                .collect()
        };
        let register = call_json(&service, "GET", "/api/v1/register", Some(&org), None).await;
        assert_eq!(
            register.json.as_array().unwrap().len(),
            5,
            "{}",
            register.text
        );
        let find = |r: &Reply, who: &str, n: usize| -> i64 {
            r.json
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["name"] == who)
                .nth(n)
                .unwrap()["id"]
                .as_i64()
                .unwrap()
        };
        // Carla twice: merged by hand, confirmed, audited.
        let (carla, carla_again) = (
            find(&register, "Carla Chance", 0),
            find(&register, "Carla Chance", 1),
        );
        let merged = call_json(
            &service,
            "POST",
            &format!("/api/v1/register/{carla}/merge"),
            Some(&org),
            Some(&json!({"person_id": carla_again})),
        )
        .await;
        expect(&merged, 200, "merge");
        assert_eq!(merged.json["links"].as_array().unwrap().len(), 2);
        assert!(
            merged.json["links"]
                .as_array()
                .unwrap()
                .iter()
                .all(|l| l["confirmed"] == true)
        );
        // Anna and Bert both played evening 0: never one person.
        let (anna, bert) = (
            find(&register, "Anna Acht", 0),
            find(&register, "Bert Brett", 0),
        );
        let refused = call_json(
            &service,
            "POST",
            &format!("/api/v1/register/{anna}/merge"),
            Some(&org),
            Some(&json!({"person_id": bert})),
        )
        .await;
        expect(&refused, 409, "same tournament");
        assert_eq!(refused.json["code"], "same_tournament");
        let itself = call_json(
            &service,
            "POST",
            &format!("/api/v1/register/{anna}/merge"),
            Some(&org),
            Some(&json!({"person_id": anna})),
        )
        .await;
        expect(&itself, 422, "into himself");
        // Dora of evening 1 was somebody else: split off. Bert's match is confirmed.
        let dora_then = players[1][3];
        let split = call_json(
            &service,
            "POST",
            &format!("/api/v1/register/links/{dora_then}/split"),
            Some(&org),
            None,
        )
        .await;
        expect(&split, 200, "split");
        assert_eq!(split.json["links"][0]["player_id"], dora_then);
        assert_eq!(split.json["links"][0]["matched_by"], "organiser");
        let confirmed = call_json(
            &service,
            "POST",
            &format!("/api/v1/register/links/{}/confirm", players[1][1]),
            Some(&org),
            None,
        )
        .await;
        expect(&confirmed, 200, "confirm");
        assert!(
            confirmed.json["links"]
                .as_array()
                .unwrap()
                .iter()
                .all(|l| l["confirmed"] == true)
        );
        let after = call_json(&service, "GET", "/api/v1/register", Some(&org), None).await;
        let by_name = people(&after);
        assert_eq!(by_name["Carla Chance"].len(), 2);
        assert_eq!(
            after
                .json
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["name"] == "Dora Dulle")
                .count(),
            2
        );
        // Tonight's evening is in the season before its players come: the import's preview
        // puts a match by name and club to the organiser, not one by DDV number.
        let tonight = tournament(
            &service,
            &org,
            &json!({"name": "Abend 3", "date": "2026-12-12"}),
        )
        .await;
        let added = call_json(
            &service,
            "POST",
            &format!("/api/v1/seasons/{s}/tournaments"),
            Some(&org),
            Some(&json!({"tournament_id": tonight})),
        )
        .await;
        expect(&added, 200, "tonight");
        let preview = send(&service, csv(&format!("/api/v1/tournaments/{tonight}/players/import?dry_run=true"), Some(&org), "Name;Verein;DDV-Nr.\nAnna Acht;Fuchsbau;501\nBert Brett;Fuchsbau;\nEmil Elf;Fuchsbau;\nAnna Acht;Fuchsbau;502\n")).await;
        expect(&preview, 200, "preview");
        let flagged: Vec<Vec<&str>> = preview.json["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                r["warnings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|w| w["code"].as_str().unwrap())
                    .collect()
            })
            .collect();
        // Another Anna Acht with another DDV number is somebody else: not put to anyone.
        assert_eq!(
            flagged,
            [vec![], vec!["register_name_club"], vec![], vec![]]
        );
        // Registered, they are in the register at once: Bert unconfirmed, Emil new.
        let imported = send(&service, csv(&format!("/api/v1/tournaments/{tonight}/players/import"), Some(&org), "Name;Verein;DDV-Nr.\nAnna Acht;Fuchsbau;501\nBert Brett;Fuchsbau;\nEmil Elf;Fuchsbau;\nAnna Acht;Fuchsbau;502\n")).await;
        expect(&imported, 201, "tonight's players");
        let register = call_json(&service, "GET", "/api/v1/register", Some(&org), None).await;
        let link_of = |who: &str| -> Value {
            register
                .json
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|p| p["links"].as_array().unwrap().iter())
                .find(|l| l["tournament_id"] == tonight && l["player_name"] == who)
                .unwrap()
                .clone()
        };
        assert_eq!(
            (
                link_of("Anna Acht")["matched_by"].clone(),
                link_of("Anna Acht")["confirmed"].clone()
            ),
            (json!("ddv_number"), json!(true))
        );
        assert_eq!(
            (
                link_of("Bert Brett")["matched_by"].clone(),
                link_of("Bert Brett")["confirmed"].clone()
            ),
            (json!("name_club"), json!(false))
        );
        assert_eq!(link_of("Emil Elf")["matched_by"], "new");
        let annas: Vec<Value> = register
            .json
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|p| p["links"].as_array().unwrap().iter())
            .filter(|l| l["tournament_id"] == tonight && l["player_name"] == "Anna Acht")
            .cloned()
            .collect();
        let how: Vec<&str> = annas
            .iter()
            .map(|l| l["matched_by"].as_str().unwrap())
            .collect();
        assert_eq!(how.len(), 2);
        assert!(
            how.contains(&"ddv_number") && how.contains(&"new"),
            "{how:?}"
        );
        // Two DDV numbers are two people: no merge.
        let annas_people: Vec<Value> = annas.iter().map(|l| l["person_id"].clone()).collect();
        let refused = call_json(
            &service,
            "POST",
            &format!("/api/v1/register/{}/merge", annas_people[0]),
            Some(&org),
            Some(&json!({"person_id": annas_people[1]})),
        )
        .await;
        expect(&refused, 409, "two numbers");
        assert_eq!(refused.json["code"], "different_ddv_numbers");
        // A second Emil Elf of the Fuchsbau registered later tonight is not the first one:
        // one person is never two players of an evening.
        let second = call_json(
            &service,
            "POST",
            &format!("/api/v1/tournaments/{tonight}/players"),
            Some(&org),
            Some(&json!({"name": "Emil Elf", "club": "Fuchsbau"})),
        )
        .await;
        expect(&second, 201, "a second Emil");
        let now = call_json(&service, "GET", "/api/v1/register", Some(&org), None).await;
        let emils: std::collections::BTreeSet<i64> = now
            .json
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|p| p["links"].as_array().unwrap().iter())
            .filter(|l| l["tournament_id"] == tonight && l["player_name"] == "Emil Elf")
            .map(|l| l["person_id"].as_i64().unwrap())
            .collect();
        assert_eq!(emils.len(), 2, "{emils:?}");

        // Split off, tonight's Anna 501 leaves her number with the person who has it: one
        // person per number; the Anna 502, a person of her own already, keeps hers.
        let anna_tonight = annas
            .iter()
            .find(|l| l["matched_by"] == "ddv_number")
            .unwrap()["player_id"]
            .as_i64()
            .unwrap();
        let split = call_json(
            &service,
            "POST",
            &format!("/api/v1/register/links/{anna_tonight}/split"),
            Some(&org),
            None,
        )
        .await;
        expect(&split, 200, "split Anna");
        assert_eq!(split.json["ddv_number"], Value::Null);
        let other_anna =
            annas.iter().find(|l| l["matched_by"] == "new").unwrap()["person_id"].clone();
        let again = call_json(&service, "GET", "/api/v1/register", Some(&org), None).await;
        let numbered = again
            .json
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == other_anna)
            .unwrap();
        assert_eq!(numbered["ddv_number"], "502");

        // Another organiser reaches nothing of it.
        let other = organizer(&app, &service, "fremd@example.org").await;
        let theirs = call_json(&service, "GET", "/api/v1/register", Some(&other), None).await;
        assert_eq!(theirs.json, json!([]));
        let foreign = call_json(
            &service,
            "POST",
            &format!("/api/v1/register/links/{dora_then}/split"),
            Some(&other),
            None,
        )
        .await;
        expect(&foreign, 404, "another's register");
        // Bad rules are refused by field, and nothing is stored.
        for (rules, field) in [
            (json!({"scoring": "elo"}), "rules.scoring"),
            (json!({"scoring": "placement"}), "rules.placement_points"),
            (json!({"best_of": 0}), "rules.best_of"),
            (
                json!({"scoring": "per_round", "missed_scores": 0}),
                "rules.missed_scores",
            ),
            (
                json!({"tie_breaks": ["more_points", "more_points"]}),
                "rules.tie_breaks",
            ),
            (json!({"tie_breaks": ["coin_toss"]}), "rules.tie_breaks"),
            (json!({"points": [1]}), "rules"),
        ] {
            let bad = call_json(
                &service,
                "PUT",
                &format!("/api/v1/seasons/{s}"),
                Some(&org),
                Some(&json!({"name": "Pokal", "rules": rules})),
            )
            .await;
            assert!(bad.status.is_client_error(), "{rules}: {}", bad.text);
            if field != "rules" {
                assert_eq!(bad.fields(), [field], "{rules}: {}", bad.text);
            }
        }
        for name in ["", "  ", "Pokal\u{202E}lakoP", &"x".repeat(201)] {
            let bad = call_json(
                &service,
                "PUT",
                &format!("/api/v1/seasons/{s}"),
                Some(&org),
                Some(&json!({"name": name})),
            )
            .await;
            expect(&bad, 422, "a bad name");
            assert_eq!(bad.fields(), ["name"], "{name:?}: {}", bad.text);
        }
        // A register file with a line at fault stores nothing, and names every fault.
        let before = call_json(&service, "GET", "/api/v1/register", Some(&org), None).await;
        let refused = send(
            &service,
            csv(
                "/api/v1/register/import",
                Some(&org),
                "Name;Verein;DDV-Nr.\nNeu Eins;Fuchsbau;\n;Fuchsbau;\nNeu Zwei;Fuchsbau;12-34\n",
            ),
        )
        .await;
        expect(&refused, 422, "a bad register file");
        assert_eq!(refused.json["code"], "invalid_csv");
        assert_eq!(refused.fields(), ["line 3: name", "line 4: ddv_number"]);
        let after = call_json(&service, "GET", "/api/v1/register", Some(&org), None).await;
        assert_eq!(after.json, before.json, "nothing stored");
        let kept = call_json(
            &service,
            "GET",
            &format!("/api/v1/seasons/{s}"),
            Some(&org),
            None,
        )
        .await;
        assert_eq!(
            kept.json["rules"],
            json!({"scoring": "points", "placement_otherwise": 0, "best_of": null, "min_evenings": 0, "missed_scores": null, "tie_breaks": []})
        );
        // The organiser's own log names every change to the register (and to his seasons).
        let actions: Vec<String> = app
            .state
            .db
            .run(|conn| {
                use diesel::prelude::*;
                Ok(api::db::schema::organizer_audit::table
                    .order(api::db::schema::organizer_audit::id.asc())
                    .select(api::db::schema::organizer_audit::action)
                    .load(conn)?)
            })
            .await
            .unwrap();
        assert!(
            actions.iter().any(|a| a == "season.tournament.add"),
            "{actions:?}"
        );
        let register: Vec<&String> = actions
            .iter()
            .filter(|a| a.starts_with("register."))
            .collect();
        assert_eq!(
            register,
            [
                "register.merge",
                "register.split",
                "register.confirm",
                "register.split"
            ]
        );
    }
);

backend_test!(
    a_co_organisers_evening_counts_while_he_runs_it_and_once_it_is_published,
    |app| {
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        let owner = organizer(&app, &service, "leitung@example.org").await;
        let club = organizer(&app, &service, "verein@example.org").await;
        // The cup's owner makes the club's director a co-organiser; the club counts the
        // cup's evening in its season.
        let cup = tournament(
            &service,
            &owner,
            &json!({"name": "Pokal", "date": "2026-12-05"}),
        )
        .await;
        play_evening(&service, &owner, cup, 0).await;
        let added = call_json(
            &service,
            "POST",
            &format!("/api/v1/tournaments/{cup}/organizers"),
            Some(&owner),
            Some(&json!({"email": "verein@example.org"})),
        )
        .await;
        expect(&added, 201, "co-organiser");
        let club_id = added.json["organizer_id"].as_i64().unwrap();
        let season = call_json(
            &service,
            "POST",
            "/api/v1/seasons",
            Some(&club),
            Some(&json!({"name": "Jahreswertung"})),
        )
        .await;
        let s = season.json["id"].as_i64().unwrap();
        let joined = call_json(
            &service,
            "POST",
            &format!("/api/v1/seasons/{s}/tournaments"),
            Some(&club),
            Some(&json!({"tournament_id": cup})),
        )
        .await;
        expect(&joined, 200, "his co-organised evening");
        let evenings = |r: &Reply| r.json["evenings"].as_array().unwrap().len();
        let path = format!("/api/v1/seasons/{s}/standings");
        let standings = || call_json(&service, "GET", &path, Some(&club), None);
        let with = standings().await;
        assert_eq!(evenings(&with), 1);
        assert_eq!(
            with.json["standings"].as_array().unwrap().len(),
            members(0).len()
        );
        // Taken off the cup's Turnierleitung, he no longer sees its unpublished results.
        let removed = call_json(
            &service,
            "DELETE",
            &format!("/api/v1/tournaments/{cup}/organizers/{club_id}"),
            Some(&owner),
            None,
        )
        .await;
        assert!(removed.status.is_success(), "{}", removed.text);
        let without = standings().await;
        assert_eq!(evenings(&without), 0);
        assert_eq!(without.json["standings"], json!([]));
        // Published, the evening is anybody's to see, and counts again.
        let published = call_json(
            &service,
            "PATCH",
            &format!("/api/v1/tournaments/{cup}"),
            Some(&owner),
            Some(&json!({"published": true})),
        )
        .await;
        expect(&published, 200, "publish");
        let again = standings().await;
        assert_eq!(evenings(&again), 1);
    }
);

backend_test!(
    an_unpublished_season_is_previewed_by_its_organiser_at_the_desk,
    |app| {
        use crate::fixtures::{Step, Table, desk, desk_get};
        let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
        // Tonight's evening is his, unpublished; January's is published.
        let t = Table::new(&app, &service, 4).await;
        t.fill(&service, &[Step::Normal]).await;
        let january = tournament(
            &service,
            &t.org,
            &json!({"name": "Clubabend Januar", "date": "2026-01-09"}),
        )
        .await;
        let published = call_json(
            &service,
            "PATCH",
            &format!("/api/v1/tournaments/{january}"),
            Some(&t.org),
            Some(&json!({"published": true})),
        )
        .await;
        expect(&published, 200, "publish January");
        let season = call_json(
            &service,
            "POST",
            "/api/v1/seasons",
            Some(&t.org),
            Some(&json!({"name": "Jahreswertung 2027", "published": false})),
        )
        .await;
        expect(&season, 201, "season");
        let s = season.json["id"].as_i64().unwrap();
        for evening in [january, t.tournament] {
            let added = call_json(
                &service,
                "POST",
                &format!("/api/v1/seasons/{s}/tournaments"),
                Some(&t.org),
                Some(&json!({"tournament_id": evening})),
            )
            .await;
            expect(&added, 200, "evening added");
        }

        let pages = [format!("/seasons/{s}"), format!("/seasons/{s}/projector")];
        // The public finds nothing; its organiser, signed in, reads the pages as the public
        // will: January only, marked as a preview.
        let me = desk(&service, "leitung@example.org").await;
        let stranger = {
            organizer(&app, &service, "fremd@example.org").await;
            desk(&service, "fremd@example.org").await
        };
        for page in &pages {
            let public = send(&service, service_tests::get(page)).await;
            assert_eq!(public.status, 404, "{page} for the public");
            let other = send(&service, desk_get(page, &stranger.cookies)).await;
            assert_eq!(other.status, 404, "{page} for another organiser");
            let preview = send(&service, desk_get(page, &me.cookies)).await;
            expect(&preview, 200, &format!("{page} previewed"));
            assert_eq!(
                preview.header("cache-control"),
                "private, no-store",
                "{page}: no shared cache keeps a preview"
            );
            assert_eq!(preview.header("x-robots-tag"), "noindex, nofollow");
            assert!(
                preview.text.contains("id=\"season-preview\""),
                "{}",
                preview.text
            );
            assert!(preview.text.contains("Jahreswertung 2027"));
        }
        let preview = send(&service, desk_get(&pages[0], &me.cookies)).await;
        assert!(
            preview.text.contains("Clubabend Januar"),
            "{}",
            preview.text
        );
        assert!(
            !preview.text.contains("Karlchen-Cup"),
            "an unpublished evening is not the public's: {}",
            preview.text
        );
        // The desk's season page leads there.
        let desk_page = send(
            &service,
            desk_get(&format!("/admin/seasons/{s}"), &me.cookies),
        )
        .await;
        expect(&desk_page, 200, "the desk's season");
        assert!(desk_page.text.contains("id=\"season-preview-link\""));

        // Published, it is the public's page, for him too: no preview.
        let published = call_json(
            &service,
            "PUT",
            &format!("/api/v1/seasons/{s}"),
            Some(&t.org),
            Some(&json!({"name": "Jahreswertung 2027", "published": true})),
        )
        .await;
        expect(&published, 200, "publish the season");
        for cookies in [None, Some(&me.cookies)] {
            let shown = match cookies {
                None => send(&service, service_tests::get(&pages[0])).await,
                Some(c) => send(&service, desk_get(&pages[0], c)).await,
            };
            expect(&shown, 200, "published");
            assert!(!shown.text.contains("id=\"season-preview\""));
            assert!(shown.text.contains("Clubabend Januar"));
        }
    }
);
