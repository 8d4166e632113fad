//! Every worked deal of `shared/rules/examples.json` (tsr-brief §14), scored by the engine.
//!
//! The file is committed as `tests/data/examples.json` so that a clone builds and tests on
//! its own; when the shared original sits beside the repository, the copy must match it.

#![expect(
    clippy::expect_used,
    reason = "a malformed example file should stop the test loudly"
)]

use domain::deal::{
    Announcements, CallLevel, Contract, DealFacts, Extras, Party, PartyExtras, SeatSet, TableSize,
};
use domain::sheet::{PaperDeal, RecordedDeal, RoundConfig, ScoredSheet, SheetEntry, score_sheet};
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
        karlchen_caught: 0,
        fox_last_trick: 0,
        heart_ten: 0,
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
        club_queens: None,
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

/// The case's full facts as a captain enters them on a sheet.
fn full_entry(case: &Case) -> SheetEntry {
    let facts = facts(&case.input);
    SheetEntry::Full(RecordedDeal {
        contract: facts.contract,
        re: facts.re,
        re_points: facts.re_points.into(),
        re_tricks: Some(facts.re_tricks.into()),
        announcements: facts.announcements,
        extras: facts.extras,
        club_queens: None,
    })
}

/// What the paper sheet holds of the case, read off the brief's own entries (not the
/// engine's): the sign and size of a Re player's entry, the soloist's divided by three.
fn paper_entry(case: &Case) -> SheetEntry {
    let contract: Contract = case.input.contract.parse().expect("contract");
    let re_seat = usize::from(case.input.re[0]);
    let factor = if contract.scored_as_solo() { 3 } else { 1 };
    let re_value = case.expected.scores[re_seat] / factor;
    assert_eq!(
        re_value * factor,
        case.expected.scores[re_seat],
        "{}",
        case.id
    );
    SheetEntry::Paper(PaperDeal {
        contract,
        re: SeatSet::from_seats(&case.input.re).expect("re seats"),
        value: u16::try_from(re_value.unsigned_abs()).expect("value"),
        winner: match re_value.signum() {
            1 => Some(Party::Re),
            -1 => Some(Party::Kontra),
            _ => None,
        },
    })
}

/// A round of `cases` in this order at a table of `table_size`, time called after them,
/// and the Pflichtsoli still owed then played as forced solos (Damensolo, 150 card
/// points), each entered as `entry` makes it.
fn round_of(
    cases: &[&Case],
    table_size: TableSize,
    entry: fn(&Case) -> SheetEntry,
) -> (Vec<SheetEntry>, Option<usize>) {
    let config = RoundConfig::standard(table_size);
    let mut entries: Vec<SheetEntry> = cases.iter().map(|c| entry(c)).collect();
    let entered: Vec<_> = entries.iter().map(SheetEntry::entered).collect();
    let mut round = domain::sheet::derive(config, &entered, None).expect("the cases fit");
    if round.is_complete() {
        return (entries, None);
    }
    round.time_up().expect("time up");
    while let Some(next) = round.next() {
        let soloist = next.forced_soloist.expect("only forced solos are left");
        let won = RecordedDeal {
            contract: Contract::SoloQueens,
            re: SeatSet::from_seats(&[soloist]).expect("soloist"),
            re_points: 150,
            re_tricks: Some(8),
            announcements: Announcements::default(),
            extras: PartyExtras::default(),
            club_queens: None,
        };
        round.record(&won.entered()).expect("the forced solo");
        entries.push(SheetEntry::Full(won));
    }
    (entries, Some(cases.len()))
}

/// The forced solos after the cases, on paper: won with value 1 (150 card points leave
/// Kontra 90, not below it).
fn forced_on_paper(entries: &mut [SheetEntry], cases: usize) {
    for entry in entries.iter_mut().skip(cases) {
        let entered = entry.entered();
        *entry = SheetEntry::Paper(PaperDeal {
            contract: entered.contract,
            re: entered.re,
            value: 1,
            winner: Some(Party::Re),
        });
    }
}

fn assert_same(full: &ScoredSheet, paper: &ScoredSheet, cases: &[&Case]) {
    assert_eq!(full.round(), paper.round(), "order of play");
    for ((f, p), case) in full.deals().iter().zip(paper.deals()).zip(cases) {
        assert_eq!(f.scores, case.expected.scores, "{} full", case.id);
        assert_eq!(p.scores, case.expected.scores, "{} on paper", case.id);
        assert_eq!(f.sheet, p.sheet, "{}", case.id);
    }
    let scores = |s: &ScoredSheet| {
        s.deals()
            .iter()
            .map(|d| d.scores.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(scores(full), scores(paper));
    assert_eq!(full.totals(), paper.totals());
    assert_eq!(full.lines(), paper.lines());
}

/// Every worked deal, entered from the paper sheet where a full entry would stand on a
/// tournament sheet, gives the brief's entries, and the sheet's totals and standings
/// lines are those of the full entries.
#[test]
fn every_worked_deal_on_paper_scores_as_its_full_entry() {
    let file: File = serde_json::from_str(EXAMPLES).expect("examples.json parses");
    let case = |id: &str| {
        file.cases
            .iter()
            .find(|c| c.id == id)
            .unwrap_or_else(|| panic!("{id}"))
    };
    let ids = |range: std::ops::RangeInclusive<u8>| range.map(|n| case(&format!("W{n}")));
    // A full 4-table round: the four declared solos first (each seat's Pflichtsolo, the
    // dealer dealing again), then the 20 normal games W1–W20.
    let a: Vec<&Case> = ids(21..=24).chain(ids(1..=20)).collect();
    // The weddings and the no-winner solo (seat 1's Pflichtsolo), then time is up and
    // seats 0, 2 and 3 are forced.
    let b: Vec<&Case> = ids(25..=28).collect();
    // The 5-table deal with seat 0 dealing and sitting out, then five forced solos.
    let c: Vec<&Case> = ids(29..=29).collect();
    let mut seen = 0;
    for (cases, size) in [
        (a, TableSize::Four),
        (b, TableSize::Four),
        (c, TableSize::Five),
    ] {
        let config = RoundConfig::standard(size);
        let (full, time_up) = round_of(&cases, size, full_entry);
        let (mut paper, _) = round_of(&cases, size, paper_entry);
        forced_on_paper(&mut paper, cases.len());
        let full_sheet = score_sheet(config, &full, &[], time_up).expect("full sheet");
        let paper_sheet = score_sheet(config, &paper, &[], time_up).expect("paper sheet");
        assert!(full_sheet.round().is_complete() && paper_sheet.round().is_complete());
        assert_same(&full_sheet, &paper_sheet, &cases);
        seen += cases.len();
    }
    assert_eq!(seen, file.cases.len(), "every worked deal is on a sheet");
}
