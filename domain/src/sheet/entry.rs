//! A deal as it goes onto a sheet: the full facts a phone enters, or the summary the paper
//! list holds when a table lost its phone and finished the round on paper (TSR 7.3.3).
//!
//! Both kinds take the same path: the order of play checks their contract and Re party
//! ([`Round::record`](super::Round::record): Vorführen, Pflichtsolo or Lustsolo, the dealer
//! who sits out), the table supplies its size and the seat that sits out, and the entries
//! per seat are written by the same code ([`crate::score`](mod@crate::score)). So a deal
//! keyed in from the paper gives exactly the sheet line, totals and standings its full
//! facts would. Only the breakdown differs: the paper holds no card points, calls or
//! extras, so a paper deal has none.
//!
//! Whether a solo was a Pflichtsolo, a Lustsolo or vorgeführt is not entered for either
//! kind: it follows from the order of play (TSR 4.2, 4.3), as for every other deal.

use super::{EnteredDeal, RecordedDeal};
use crate::deal::{Contract, DealFacts, FactsError, PaperFacts, Party, Seat, SeatSet, TableSize};
use crate::game::Ruleset;
use crate::score::{Scored, score_paper_with, score_with};

/// A deal as keyed in from the paper sheet: what the paper holds, without what the table
/// itself decides (its size, and who sits out, which follows from the order of play).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaperDeal {
    /// The contract as played: every kind the sheet knows, including the wedding solo and
    /// the silent wedding, which are scored as solos on the normal column (TSR 4.4).
    pub contract: Contract,
    /// The Re party: two seats, or the soloist alone in a deal scored as a solo.
    pub re: SeatSet,
    /// The game value as written, kept as entered and checked when the deal is scored.
    pub value: u16,
    /// The party whose entries are positive; needed unless the value is 0.
    pub winner: Option<Party>,
}

impl PaperDeal {
    /// What the order of play needs of the deal: contract and Re party.
    pub const fn entered(&self) -> EnteredDeal {
        EnteredDeal {
            contract: self.contract,
            re: self.re,
        }
    }

    /// The summary at a table of `table_size` where `sitting_out` sits out, checked as
    /// [`PaperFacts::validate`] does, the value bounded by what a deal reaches under
    /// `rules` ([`Ruleset::DDV`] for the TSR).
    pub fn facts_with(
        &self,
        table_size: TableSize,
        sitting_out: Option<Seat>,
        rules: &Ruleset,
    ) -> Result<PaperFacts, FactsError> {
        let facts = PaperFacts {
            table_size,
            contract: self.contract,
            re: self.re,
            sitting_out,
            value: self.value,
            winner: self.winner,
        };
        facts.validate_with(rules)?;
        Ok(facts)
    }
}

/// One deal of a sheet as it was entered: the full facts, or the paper summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetEntry {
    /// The card points, tricks, calls and extras, as a phone enters them.
    Full(RecordedDeal),
    /// What the paper sheet holds: contract, Re party, value and winner.
    Paper(PaperDeal),
    /// House rules XIII: the cards were thrown in (five nines; or five kings, or an Armut
    /// nobody took) and the same dealer deals again. Taken only where the round's rules
    /// [`Ruleset::takes_throw_ins`]; elsewhere its facts are refused
    /// ([`FactsError::ThrownInNotInRules`]).
    ThrownIn,
}

impl SheetEntry {
    /// What the order of play needs of the deal: contract and Re party.
    pub const fn entered(&self) -> EnteredDeal {
        match self {
            SheetEntry::Full(deal) => deal.entered(),
            SheetEntry::Paper(deal) => deal.entered(),
            SheetEntry::ThrownIn => EnteredDeal::THROWN_IN,
        }
    }

    /// Whether the deal was keyed in from the paper sheet.
    pub const fn is_paper(&self) -> bool {
        matches!(self, SheetEntry::Paper(_))
    }

    /// The deal's facts at a table of `table_size` where `sitting_out` sits out, checked
    /// under `rules` (ten tricks without the nines, a paper value's bound; [`Ruleset::DDV`]
    /// for the TSR).
    pub fn facts_with(
        &self,
        table_size: TableSize,
        sitting_out: Option<Seat>,
        rules: &Ruleset,
    ) -> Result<EntryFacts, FactsError> {
        match self {
            SheetEntry::Full(deal) => deal
                .facts_with(table_size, sitting_out, rules)
                .map(EntryFacts::Full),
            SheetEntry::Paper(deal) => deal
                .facts_with(table_size, sitting_out, rules)
                .map(EntryFacts::Paper),
            SheetEntry::ThrownIn if rules.takes_throw_ins() => Ok(EntryFacts::ThrownIn(table_size)),
            SheetEntry::ThrownIn => Err(FactsError::ThrownInNotInRules),
        }
    }
}

impl From<RecordedDeal> for SheetEntry {
    fn from(deal: RecordedDeal) -> SheetEntry {
        SheetEntry::Full(deal)
    }
}

impl From<PaperDeal> for SheetEntry {
    fn from(deal: PaperDeal) -> SheetEntry {
        SheetEntry::Paper(deal)
    }
}

/// A sheet entry's facts where it stands on the sheet, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryFacts {
    /// The full facts of the deal.
    Full(DealFacts),
    /// The paper summary of the deal.
    Paper(PaperFacts),
    /// A deal thrown in (house rules XIII) at a table of this size: no game.
    ThrownIn(TableSize),
}

impl EntryFacts {
    /// The game's own scoring: [`crate::score()`] for the full facts,
    /// [`crate::score_paper()`] for the paper.
    pub fn score(&self) -> Result<Scored, FactsError> {
        self.score_with(&Ruleset::DDV)
    }

    /// The game's own scoring under `rules`: [`score_with`] for the full facts,
    /// [`score_paper_with`] for the paper, nothing for a deal thrown in (no winner, value 0,
    /// every entry 0, no breakdown).
    pub fn score_with(&self, rules: &Ruleset) -> Result<Scored, FactsError> {
        match self {
            EntryFacts::Full(facts) => score_with(facts, rules),
            EntryFacts::Paper(facts) => score_paper_with(facts, rules),
            EntryFacts::ThrownIn(table_size) => Ok(Scored::nothing(*table_size)),
        }
    }

    /// The contract as played; a deal thrown in was not played and shows as
    /// [`Contract::Normal`], the contract of [`EnteredDeal::THROWN_IN`].
    pub const fn contract(&self) -> Contract {
        match self {
            EntryFacts::Full(facts) => facts.contract,
            EntryFacts::Paper(facts) => facts.contract,
            EntryFacts::ThrownIn(_) => EnteredDeal::THROWN_IN.contract,
        }
    }

    /// The Re party; empty for a deal thrown in.
    pub const fn re(&self) -> SeatSet {
        match self {
            EntryFacts::Full(facts) => facts.re,
            EntryFacts::Paper(facts) => facts.re,
            EntryFacts::ThrownIn(_) => SeatSet::EMPTY,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{Announcements, CallLevel, Extras, PartyExtras, SeatSet, points_range};
    use crate::penalty::{Severity, Violation};
    use crate::score::Winner;
    use crate::sheet::test_support::worked::*;
    use crate::sheet::test_support::*;
    use crate::sheet::{
        CorrectionError, DealKind, EntryError, NextDeal, RecordedPenalty, Round, RoundConfig,
        ScoredDeal, ScoredSheet, SheetError, check_entry, correct, delete, score_sheet,
    };
    use crate::simulate::SplitMix64;
    use proptest::prelude::*;

    /// What the paper sheet holds of a scored deal: its contract and Re party, and the
    /// value and sign each Re player's entry has (TSR 7.3.3).
    fn paper_of(entry: &SheetEntry, deal: &ScoredDeal) -> SheetEntry {
        let entered = entry.entered();
        let re_value = deal.game.re_value();
        let winner = match re_value.signum() {
            1 => Some(Party::Re),
            -1 => Some(Party::Kontra),
            _ => None,
        };
        SheetEntry::Paper(PaperDeal {
            contract: entered.contract,
            re: entered.re,
            value: u16::try_from(re_value.unsigned_abs()).unwrap(),
            winner,
        })
    }

    /// The same sheet with every deal entered from the paper.
    fn on_paper(entries: &[SheetEntry], sheet: &ScoredSheet) -> Vec<SheetEntry> {
        entries
            .iter()
            .zip(sheet.deals())
            .map(|(entry, deal)| paper_of(entry, deal))
            .collect()
    }

    /// Everything a sheet shows except the breakdown: order of play, entries per deal,
    /// totals and the standings' lines.
    fn assert_same_sheet(full: &ScoredSheet, paper: &ScoredSheet) {
        assert_eq!(full.round(), paper.round(), "order of play");
        let rows = |s: &ScoredSheet| -> Vec<SheetRow> {
            s.deals()
                .iter()
                .map(|d| {
                    (
                        (
                            d.sheet.number,
                            d.sheet.dealer,
                            d.sheet.sitting_out,
                            d.sheet.kind,
                        ),
                        d.scores.clone(),
                        d.game_scores.clone(),
                        d.soloist,
                    )
                })
                .collect()
        };
        assert_eq!(rows(full), rows(paper));
        assert_eq!(full.totals(), paper.totals());
        assert_eq!(full.lines(), paper.lines());
        for deal in paper.deals() {
            if let EntryFacts::Paper(_) = deal.facts {
                assert!(deal.game.items().is_empty(), "the paper holds no breakdown");
            }
        }
    }

    /// Number, dealer, sitting-out seat and kind; entries; game entries; soloist.
    type SheetRow = (
        (u16, Seat, Option<Seat>, DealKind),
        Vec<i32>,
        Vec<i32>,
        Option<Seat>,
    );

    /// A random legal deal for `next` with its full facts: mostly normal games, weddings,
    /// wedding solos, silent weddings and declared solos of every kind; card points that
    /// fit the tricks, random calls, and the extras the card points allow.
    fn random_full(next: &NextDeal, seats: u8, rng: &mut SplitMix64) -> RecordedDeal {
        let players: Vec<Seat> = (0..seats)
            .filter(|&s| Some(s) != next.sitting_out)
            .collect();
        let pick = |rng: &mut SplitMix64| players[rng.below(players.len() as u64) as usize];
        let declared =
            Contract::DECLARED_SOLOS[rng.below(Contract::DECLARED_SOLOS.len() as u64) as usize];
        let contract = match (next.forced_soloist, rng.below(100)) {
            (Some(_), _) | (None, 80..) => declared,
            (None, 0..=59) => Contract::Normal,
            (None, 60..=67) => Contract::Wedding,
            (None, 68..=73) => Contract::WeddingSolo,
            (None, _) => Contract::SilentWedding,
        };
        let re = match next.forced_soloist {
            Some(forced) => vec![forced],
            None if contract.scored_as_solo() => vec![pick(rng)],
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
        let call = |rng: &mut SplitMix64| {
            if rng.percent(50) {
                CallLevel::None
            } else {
                CallLevel::ALL[rng.below(6) as usize]
            }
        };
        let announcements = Announcements {
            re: call(rng),
            kontra: call(rng),
        };
        let mut extras = PartyExtras::default();
        if !contract.scored_as_solo() {
            let mut foxes_left = 2u8;
            let mut karlchen_left = 1u8;
            for (party, points, tricks) in [
                (Party::Re, re_points, re_tricks),
                (Party::Kontra, 240 - re_points, 12 - re_tricks),
            ] {
                if tricks == 0 {
                    continue;
                }
                let fox = rng.below(u64::from((points / 11).min(foxes_left)) + 1) as u8;
                let karlchen = u8::from(karlchen_left > 0 && points >= 2 && rng.percent(30));
                foxes_left -= fox;
                karlchen_left -= karlchen;
                let got = Extras {
                    doppelkopf: rng.below(u64::from(tricks.min(points / 40)) + 1) as u8,
                    fox,
                    karlchen,
                    karlchen_caught: 0,
                    fox_last_trick: 0,
                    heart_ten: 0,
                };
                match party {
                    Party::Re => extras.re = got,
                    Party::Kontra => extras.kontra = got,
                }
            }
        }
        RecordedDeal {
            contract,
            re: SeatSet::from_seats(&re).unwrap(),
            re_points: re_points.into(),
            re_tricks: Some(re_tricks.into()),
            announcements,
            extras,
            club_queens: None,
        }
    }

    /// A whole round of random legal deals, with time called after `time_up_after` deals
    /// if given.
    fn random_round(
        config: RoundConfig,
        seed: u64,
        time_up_after: Option<usize>,
    ) -> Vec<SheetEntry> {
        let mut rng = SplitMix64::new(seed);
        let seats = config.table_size().seats();
        let mut round = Round::new(config);
        let mut entries = Vec::new();
        loop {
            if time_up_after == Some(entries.len()) && !round.is_complete() {
                round.time_up().unwrap();
            }
            let Some(next) = round.next() else { break };
            let deal = random_full(&next, seats, &mut rng);
            round.record(&deal.entered()).unwrap();
            entries.push(SheetEntry::Full(deal));
        }
        entries
    }

    fn kinds(sheet: &ScoredSheet) -> Vec<DealKind> {
        sheet.deals().iter().map(|d| d.sheet.kind).collect()
    }

    /// The seed's round has every column of the sheet (normal, Pflichtsolo, Lustsolo,
    /// vorgeführt) and every wedding.
    fn assert_varied(entries: &[SheetEntry], sheet: &ScoredSheet) {
        let kinds = kinds(sheet);
        for kind in DealKind::ALL {
            assert!(kinds.contains(&kind), "a {kind}: {kinds:?}");
        }
        let contracts: Vec<Contract> = entries.iter().map(|e| e.entered().contract).collect();
        for contract in [
            Contract::Wedding,
            Contract::WeddingSolo,
            Contract::SilentWedding,
        ] {
            assert!(contracts.contains(&contract), "a {contract}: {contracts:?}");
        }
    }

    #[test]
    fn a_generated_four_table_round_scores_the_same_on_paper() {
        let entries = random_round(four(), 1, None);
        assert_eq!(entries.len(), 24);
        let full = score_sheet(four(), &entries, &[], None).unwrap();
        assert_varied(&entries, &full);
        let paper = on_paper(&entries, &full);
        let scored = score_sheet(four(), &paper, &[], None).unwrap();
        assert_same_sheet(&full, &scored);
        assert_eq!(full.totals().iter().sum::<i32>(), 0);
    }

    #[test]
    fn a_generated_five_table_round_scores_the_same_on_paper() {
        let entries = random_round(five(), 11, None);
        assert_eq!(entries.len(), 30);
        let full = score_sheet(five(), &entries, &[], None).unwrap();
        assert_varied(&entries, &full);
        let paper = on_paper(&entries, &full);
        let scored = score_sheet(five(), &paper, &[], None).unwrap();
        assert_same_sheet(&full, &scored);
        // Every dealer sat out his deal and scored 0 on paper too.
        for deal in scored.deals() {
            let out = deal.sheet.sitting_out.unwrap();
            assert_eq!(deal.scores[usize::from(out)], 0);
        }
    }

    #[test]
    fn a_mixed_sheet_with_penalties_scores_the_same_on_paper() {
        // The brief's deals with a minor and a serious violation; the odd deals on paper.
        let entries = vec![w3(), w1(), w22(), w10(), w23(), w22(), w9()];
        let penalties = [
            RecordedPenalty {
                id: 1,
                deal_number: 2,
                violation: Violation {
                    severity: Severity::Minor,
                    offender: 1,
                    soloist: None,
                    could_harm_soloist: false,
                    opposing_absagen: 0,
                    deduction: 0,
                },
            },
            RecordedPenalty {
                id: 2,
                deal_number: 3,
                violation: Violation {
                    severity: Severity::Serious,
                    offender: 0,
                    soloist: Some(1),
                    could_harm_soloist: false,
                    opposing_absagen: 0,
                    deduction: 0,
                },
            },
        ];
        let full = score_sheet(four(), &entries, &penalties, None).unwrap();
        let paper = on_paper(&entries, &full);
        let mixed: Vec<SheetEntry> = entries
            .iter()
            .zip(&paper)
            .enumerate()
            .map(|(i, (f, p))| if i % 2 == 0 { *p } else { *f })
            .collect();
        let scored = score_sheet(four(), &mixed, &penalties, None).unwrap();
        assert_same_sheet(&full, &scored);
        // W1 [-5, 5, -5, 5] with seat 1's minor violation [1, -3, 1, 1].
        assert_eq!(scored.deals()[1].scores, [-4, 2, -4, 6]);
        // W22 on paper, stopped by the serious violation: the game counts 0.
        assert!(scored.deals()[2].facts.re() == SeatSet::from_seats(&[1]).unwrap());
        assert!(!scored.deals()[2].game_counts);
        assert_eq!(scored.deals()[2].game.scores(), [3, -9, 3, 3]);
        assert!(matches!(scored.deals()[2].facts, EntryFacts::Paper(_)));
        assert_eq!(scored.totals(), full.totals());
    }

    fn paper(contract: Contract, re: &[Seat], value: u16, winner: Option<Party>) -> SheetEntry {
        SheetEntry::Paper(PaperDeal {
            contract,
            re: SeatSet::from_seats(re).unwrap(),
            value,
            winner,
        })
    }

    #[test]
    fn paper_deals_follow_the_order_of_play() {
        // Seat 2's Damensolo on paper is his Pflichtsolo: seat 0 deals again.
        let solo = paper(Contract::SoloQueens, &[2], 2, Some(Party::Kontra));
        let sheet = score_sheet(four(), &[solo], &[], None).unwrap();
        assert_eq!(sheet.deals()[0].sheet.kind, DealKind::Pflichtsolo);
        assert_eq!(sheet.deals()[0].scores, [2, 2, -6, 2]);
        assert_eq!(sheet.deals()[0].soloist, Some(2));
        assert_eq!(sheet.round().next().unwrap().dealer, 0);
        // A silent wedding on paper is a normal game and not his Pflichtsolo.
        let silent = paper(Contract::SilentWedding, &[2], 1, Some(Party::Re));
        let sheet = score_sheet(four(), &[silent], &[], None).unwrap();
        assert_eq!(sheet.deals()[0].sheet.kind, DealKind::Normal);
        assert_eq!(sheet.deals()[0].soloist, None);
        assert_eq!(sheet.round().pflichtsolo_owed(), vec![0, 1, 2, 3]);
        assert_eq!(sheet.round().next().unwrap().dealer, 1);

        // After 20 normal games seat 1 is forced: a paper normal game or another soloist is
        // refused exactly as from a phone.
        let normals: Vec<SheetEntry> = (0..20u8)
            .map(|i| {
                paper(
                    Contract::Normal,
                    &[(i + 1) % 4, (i + 2) % 4],
                    1,
                    Some(Party::Re),
                )
            })
            .collect();
        let sheet = score_sheet(four(), &normals, &[], None).unwrap();
        let cases = [
            (
                paper(Contract::Normal, &[0, 1], 1, Some(Party::Re)),
                SheetError::ForcedSoloMissing {
                    deal: 21,
                    forced: 1,
                    contract: Contract::Normal,
                },
            ),
            (
                paper(Contract::WeddingSolo, &[1], 1, Some(Party::Re)),
                SheetError::ForcedSoloMissing {
                    deal: 21,
                    forced: 1,
                    contract: Contract::WeddingSolo,
                },
            ),
            (
                paper(Contract::SoloClubs, &[2], 1, Some(Party::Re)),
                SheetError::WrongSoloist {
                    deal: 21,
                    forced: 1,
                    soloist: 2,
                },
            ),
        ];
        for (entry, error) in cases {
            assert_eq!(
                sheet.check_next(&entry),
                Err(EntryError::NotAllowedNow { number: 21, error })
            );
        }
        let forced = paper(Contract::SoloClubs, &[1], 5, Some(Party::Re));
        assert_eq!(
            sheet.check_next(&forced).map(|d| d.kind),
            Ok(DealKind::Vorgefuehrt)
        );

        // At a 5-table the dealer sits out: on paper he cannot be in the Re party either.
        let round = Round::new(five());
        assert_eq!(
            check_entry(
                &round,
                &paper(Contract::Normal, &[0, 2], 1, Some(Party::Re))
            ),
            Err(EntryError::FactsInvalid {
                number: 1,
                error: FactsError::SittingOutPlays { seat: 0 }
            })
        );
        // A value no deal reaches, or a missing winner, is refused where it stands.
        assert_eq!(
            check_entry(
                &Round::new(four()),
                &paper(Contract::Normal, &[0, 2], 40, Some(Party::Re))
            ),
            Err(EntryError::FactsInvalid {
                number: 1,
                error: FactsError::ValueOutOfRange {
                    contract: Contract::Normal,
                    value: 40,
                    max: 31
                }
            })
        );
        assert_eq!(
            check_entry(
                &Round::new(four()),
                &paper(Contract::Normal, &[0, 2], 2, None)
            ),
            Err(EntryError::FactsInvalid {
                number: 1,
                error: FactsError::WinnerMissing { value: 2 }
            })
        );
        // A paper deal scores with its winner and value, and no breakdown.
        let sheet = score_sheet(
            four(),
            &[paper(Contract::Normal, &[0, 2], 0, None)],
            &[],
            None,
        )
        .unwrap();
        assert_eq!(sheet.deals()[0].game.winner, Winner::None);
        assert_eq!(sheet.deals()[0].scores, [0, 0, 0, 0]);
    }

    #[test]
    fn paper_and_full_entries_correct_and_delete_each_other() {
        let entries = [w3(), w1(), w4(), w9()];
        let full = score_sheet(four(), &entries, &[], None).unwrap();
        // Deal 2 (W1, Kontra +5) corrected to the paper's Pflichtsolo of seat 1, lost by 2:
        // seat 1 deals again, and later dealers move.
        let solo = paper(Contract::SoloJacks, &[1], 2, Some(Party::Kontra));
        let after = correct(four(), &entries, &[], None, 1, &solo).unwrap();
        let dealers: Vec<Seat> = after.deals().iter().map(|d| d.sheet.dealer).collect();
        assert_eq!(dealers, [0, 1, 1, 2]);
        assert_eq!(after.deals()[1].scores, [2, -6, 2, 2]);
        // W3 [-1, 1, -1, 1] + [2, -6, 2, 2] + W4 [-2, 2, 2, -2] + W9 [5, 5, -5, -5].
        assert_eq!(after.totals(), [4, 2, -2, -4]);
        // And back to its full facts: the sheet is the one before.
        let corrected = {
            let mut deals = entries.to_vec();
            deals[1] = solo;
            deals
        };
        let back = correct(four(), &corrected, &[], None, 1, &w1()).unwrap();
        assert_eq!(back, full);
        // A paper deal is deleted like any other: later deals move up.
        let deletion = delete(four(), &corrected, &[], None, 2).unwrap();
        assert_eq!(deletion.deals, [w3(), w4(), w9()]);
        // A paper correction that does not fit where it stands is refused.
        assert_eq!(
            correct(
                four(),
                &entries,
                &[],
                None,
                1,
                &paper(Contract::SoloJacks, &[1, 2], 2, Some(Party::Re))
            ),
            Err(CorrectionError::DoesNotFit(EntryError::FactsInvalid {
                number: 2,
                error: FactsError::ReSize {
                    contract: Contract::SoloJacks,
                    expected: 1,
                    got: 2
                }
            }))
        );
    }

    proptest! {
        /// Any legal round, with or without a time-up, scores the same entered from paper.
        #[test]
        fn any_round_scores_the_same_on_paper(
            seed in any::<u64>(),
            five_seats in any::<bool>(),
            time_up in proptest::option::of(0usize..30),
        ) {
            let config = if five_seats { five() } else { four() };
            let entries = random_round(config, seed, time_up);
            let time_up_after = time_up.filter(|&t| t < entries.len());
            let full = score_sheet(config, &entries, &[], time_up_after).unwrap();
            let paper = on_paper(&entries, &full);
            let scored = score_sheet(config, &paper, &[], time_up_after).unwrap();
            assert_same_sheet(&full, &scored);
        }
    }
}
