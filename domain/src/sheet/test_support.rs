//! Scripted rounds shared by the sheet's tests: a round is described as steps (normal game,
//! solo of a seat, forced solo, time-up) and played through [`Round`] deal by deal.

use super::*;
use crate::deal::{Announcements, CallLevel, Contract, PartyExtras, Seat, SeatSet, TableSize};

pub(crate) const N: DealKind = DealKind::Normal;
pub(crate) const P: DealKind = DealKind::Pflichtsolo;
pub(crate) const L: DealKind = DealKind::Lustsolo;
pub(crate) const V: DealKind = DealKind::Vorgefuehrt;

pub(crate) fn four() -> RoundConfig {
    RoundConfig::standard(TableSize::Four)
}

pub(crate) fn five() -> RoundConfig {
    RoundConfig::standard(TableSize::Five)
}

pub(crate) fn entry(contract: Contract, re: &[Seat]) -> EnteredDeal {
    EnteredDeal {
        contract,
        re: SeatSet::from_seats(re).unwrap(),
    }
}

pub(crate) fn solo(seat: Seat) -> EnteredDeal {
    entry(Contract::SoloQueens, &[seat])
}

/// What to enter at each step of a scripted round.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Step {
    /// A normal game by the two seats left of the dealer (never the sitting-out dealer).
    Normal,
    /// A declared solo by this seat.
    Solo(Seat),
    /// A declared solo by whoever is forced.
    Forced,
    /// Exactly this entry.
    Enter(EnteredDeal),
    /// The organiser calls time-up.
    TimeUp,
}
pub(crate) use Step::{Forced, Normal, Solo, TimeUp};

pub(crate) fn entry_for(step: Step, next: &NextDeal, seats: u8) -> EnteredDeal {
    match step {
        Normal => entry(
            Contract::Normal,
            &[(next.dealer + 1) % seats, (next.dealer + 2) % seats],
        ),
        Solo(seat) => solo(seat),
        Forced => solo(next.forced_soloist.unwrap()),
        Step::Enter(deal) => deal,
        TimeUp => unreachable!(),
    }
}

/// A row of an expected sheet: dealer, forced soloist, kind.
pub(crate) type Row = (Seat, Option<Seat>, DealKind);

/// Plays `steps` and returns the round, the entries and, per deal, the row as announced by
/// `next()`; checks that every recorded deal is the one `next()` announced.
pub(crate) fn play(config: RoundConfig, steps: &[Step]) -> (Round, Vec<EnteredDeal>, Vec<Row>) {
    let seats = config.table_size().seats();
    let mut round = Round::new(config);
    let mut entries = Vec::new();
    let mut rows = Vec::new();
    for (i, &step) in steps.iter().enumerate() {
        if let TimeUp = step {
            round.time_up().unwrap();
            continue;
        }
        let next = round
            .next()
            .unwrap_or_else(|| panic!("step {i}: round over"));
        let deal = entry_for(step, &next, seats);
        let sheet = round
            .record(&deal)
            .unwrap_or_else(|e| panic!("step {i} ({step:?}): {e}"));
        assert_eq!(
            (sheet.number, sheet.dealer, sheet.sitting_out),
            (next.number, next.dealer, next.sitting_out)
        );
        let expected_out = (seats == 5).then_some(next.dealer);
        assert_eq!(next.sitting_out, expected_out, "step {i}");
        entries.push(deal);
        rows.push((next.dealer, next.forced_soloist, sheet.kind));
    }
    (round, entries, rows)
}

pub(crate) fn repeat(step: Step, n: usize) -> Vec<Step> {
    vec![step; n]
}

/// The brief's worked sequence: seat 3 plays his Pflichtsolo in deal 6, dealt by seat 1.
pub(crate) fn worked_steps() -> Vec<Step> {
    [
        repeat(Normal, 5),
        vec![Solo(3)],
        repeat(Normal, 15),
        repeat(Forced, 3),
    ]
    .concat()
}

/// A deal as the captain enters it, without extras, as it goes onto a sheet.
pub(crate) fn recorded(
    contract: Contract,
    re: &[Seat],
    re_points: u16,
    re_tricks: u16,
    calls: (CallLevel, CallLevel),
) -> SheetEntry {
    full(contract, re, re_points, re_tricks, calls).into()
}

/// A deal as the captain enters it, without extras.
pub(crate) fn full(
    contract: Contract,
    re: &[Seat],
    re_points: u16,
    re_tricks: u16,
    calls: (CallLevel, CallLevel),
) -> RecordedDeal {
    RecordedDeal {
        contract,
        re: SeatSet::from_seats(re).unwrap(),
        re_points,
        re_tricks: Some(re_tricks),
        announcements: Announcements {
            re: calls.0,
            kontra: calls.1,
        },
        extras: PartyExtras::default(),
        club_queens: None,
    }
}

/// No call by either party.
pub(crate) const QUIET: (CallLevel, CallLevel) = (CallLevel::None, CallLevel::None);

/// Worked deals of the rules brief §14 (`examples.json`), scores per seat in the comment.
pub(crate) mod worked {
    use super::*;
    use crate::deal::Extras;

    /// W1: only Kontra said; Kontra wins 5 with gegen die Alten: [-5, 5, -5, 5].
    pub(crate) fn w1() -> SheetEntry {
        recorded(
            Contract::Normal,
            &[0, 2],
            80,
            4,
            (CallLevel::None, CallLevel::Ansage),
        )
    }

    /// W3: a plain win of Re (seats 1, 3): [-1, 1, -1, 1].
    pub(crate) fn w3() -> SheetEntry {
        recorded(Contract::Normal, &[1, 3], 121, 6, QUIET)
    }

    /// W4: 120:120 without calls, Kontra wins 2: [-2, 2, 2, -2].
    pub(crate) fn w4() -> SheetEntry {
        recorded(Contract::Normal, &[0, 3], 120, 6, QUIET)
    }

    /// W9: Re and Kontra said, Re (seats 0, 1) wins with 121: [5, 5, -5, -5].
    pub(crate) fn w9() -> SheetEntry {
        recorded(
            Contract::Normal,
            &[0, 1],
            121,
            6,
            (CallLevel::Ansage, CallLevel::Ansage),
        )
    }

    /// W10: Re's keine 90 fails, Re's extras netted: Kontra wins 3: [-3, 3, -3, 3].
    pub(crate) fn w10() -> SheetEntry {
        SheetEntry::Full(RecordedDeal {
            extras: PartyExtras {
                re: Extras {
                    doppelkopf: 1,
                    fox: 1,
                    karlchen: 0,
                    karlchen_caught: 0,
                    fox_last_trick: 0,
                    heart_ten: 0,
                },
                kontra: Extras::default(),
            },
            ..full(
                Contract::Normal,
                &[0, 2],
                145,
                8,
                (CallLevel::No90, CallLevel::None),
            )
        })
    }

    /// W21: seat 0's Damensolo won, value 1: [3, -1, -1, -1].
    pub(crate) fn w21() -> SheetEntry {
        recorded(Contract::SoloQueens, &[0], 130, 7, QUIET)
    }

    /// W22: seat 1's Bubensolo lost with "Re", value 3: [3, -9, 3, 3].
    pub(crate) fn w22() -> SheetEntry {
        recorded(
            Contract::SoloJacks,
            &[1],
            100,
            5,
            (CallLevel::Ansage, CallLevel::None),
        )
    }

    /// W23: seat 2's Farbsolo ♣ with keine 90 against "Kontra", value 8: [-8, -8, 24, -8].
    pub(crate) fn w23() -> SheetEntry {
        recorded(
            Contract::SoloClubs,
            &[2],
            200,
            10,
            (CallLevel::No90, CallLevel::Ansage),
        )
    }

    /// W29 at a 5-table whose dealer seat 0 sits out: Re (1, 3) wins 4: [0, 4, -4, 4, -4].
    pub(crate) fn w29() -> SheetEntry {
        recorded(
            Contract::Normal,
            &[1, 3],
            160,
            8,
            (CallLevel::Ansage, CallLevel::None),
        )
    }
}
