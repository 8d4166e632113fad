//! Every worked deal of `shared/rules/examples.json` (tsr-brief §14), scored by the engine.
//!
//! The file is committed as `tests/data/examples.json` so that a clone builds and tests on
//! its own; when the shared original sits beside the repository, the copy must match it.

#![expect(
    clippy::expect_used,
    reason = "a malformed example file should stop the test loudly"
)]

use domain::deal::{
    Announcements, CallLevel, Contract, DealFacts, Extras, PartyExtras, SeatSet, TableSize,
};
use domain::{Winner, score};
use serde::Deserialize;

const EXAMPLES: &str = include_str!("data/examples.json");

#[derive(Deserialize)]
struct File {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    id: String,
    input: Input,
    expected: Expected,
}

#[derive(Deserialize)]
struct Input {
    table_size: u8,
    contract: String,
    re: Vec<u8>,
    re_points: u8,
    re_tricks: u8,
    announcements: Calls,
    #[serde(default)]
    extras: Option<ExtrasIn>,
    #[serde(default)]
    sitting_out: Option<u8>,
}

#[derive(Deserialize)]
struct Calls {
    re: String,
    kontra: String,
}

#[derive(Deserialize)]
struct ExtrasIn {
    re: Counts,
    kontra: Counts,
}

#[derive(Deserialize)]
struct Counts {
    doppelkopf: u8,
    fox: u8,
    karlchen: u8,
}

#[derive(Deserialize)]
struct Expected {
    winner: String,
    scores: Vec<i32>,
}

fn level(call: &str, ansage: &str) -> CallLevel {
    match call {
        "none" => CallLevel::None,
        "no90" => CallLevel::No90,
        "no60" => CallLevel::No60,
        "no30" => CallLevel::No30,
        "schwarz" => CallLevel::Schwarz,
        c if c == ansage => CallLevel::Ansage,
        other => panic!("unknown call {other}"),
    }
}

fn counts(c: &Counts) -> Extras {
    Extras {
        doppelkopf: c.doppelkopf,
        fox: c.fox,
        karlchen: c.karlchen,
    }
}

fn facts(input: &Input) -> DealFacts {
    DealFacts {
        table_size: TableSize::from_players(input.table_size).expect("table size"),
        contract: input.contract.parse::<Contract>().expect("contract"),
        re: SeatSet::from_seats(&input.re).expect("re seats"),
        sitting_out: input.sitting_out,
        re_points: input.re_points,
        re_tricks: input.re_tricks,
        announcements: Announcements {
            re: level(&input.announcements.re, "re"),
            kontra: level(&input.announcements.kontra, "kontra"),
        },
        extras: input
            .extras
            .as_ref()
            .map(|e| PartyExtras {
                re: counts(&e.re),
                kontra: counts(&e.kontra),
            })
            .unwrap_or_default(),
    }
}

#[test]
fn every_worked_deal_scores_as_the_brief_says() {
    let file: File = serde_json::from_str(EXAMPLES).expect("examples.json parses");
    assert_eq!(file.cases.len(), 29, "W1..W29");
    for case in &file.cases {
        let scored = score(&facts(&case.input)).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        let winner = match scored.winner {
            Winner::Re => "re",
            Winner::Kontra => "kontra",
            Winner::None => "none",
        };
        assert_eq!(winner, case.expected.winner, "{} winner", case.id);
        assert_eq!(scored.scores(), case.expected.scores, "{} scores", case.id);
        // The breakdown explains the value exactly.
        let net: i32 = scored
            .items()
            .iter()
            .map(|i| {
                let points = i32::from(i.points);
                if Some(i.party) == scored.winner.party().or(Some(domain::Party::Re)) {
                    points
                } else {
                    -points
                }
            })
            .sum();
        assert_eq!(net, scored.value, "{} breakdown", case.id);
    }
}

#[test]
fn committed_copy_matches_the_shared_original() {
    let shared =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/rules/examples.json");
    match std::fs::read_to_string(&shared) {
        Ok(original) => assert_eq!(
            original, EXAMPLES,
            "shared/rules/examples.json changed: copy it to domain/tests/data/examples.json"
        ),
        // A clone without shared/ beside it has only the committed copy to test.
        Err(_) => eprintln!(
            "note: {} not found, using the committed copy",
            shared.display()
        ),
    }
}
