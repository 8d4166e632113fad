//! The editing rules of a score sheet: entering the next deal, correcting a deal where it
//! stands, and deleting a deal.
//!
//! A sheet is a list of entered deals (TSR 7.3.1: every deal is entered right after it
//! ends), and the list keeper may have to mend it: "correct notation" means the right
//! players at the right place on the sheet (TSR 7.3.3). Since dealers, sitting-out seats
//! and kinds follow from the list ([`derive()`](super::derive())), every edit is checked by
//! re-deriving: a correction must fit where it stands and leave every later deal fitting, a
//! deletion must leave the rest of the sheet fitting. Penalty points belong to the deal in
//! which the violation happened and are countersigned by the referee (TSR 8.2.2), so a
//! deletion never takes them with it: a deal that carries penalties is not deleted.

use super::scored::{PenaltyId, RecordedPenalty, ScoredSheet, SheetScoreError};
use super::{
    DeriveError, Round, RoundConfig, SheetDeal, SheetEntry, SheetError, derive, score_sheet,
};
use crate::deal::FactsError;

/// Why an entry does not fit where it is to stand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    /// The round is over; no further deal is taken.
    #[error("the sheet is complete; no further deal is taken")]
    SheetComplete,
    /// The facts are impossible at this place: with this table's size, and the seat that
    /// sits out this deal (a sitting-out seat in the Re party is a mistake in the Re party).
    #[error("deal {number} cannot have happened: {error}")]
    FactsInvalid {
        /// The deal's number.
        number: u16,
        /// Why.
        error: FactsError,
    },
    /// The facts are possible, but the order of play forbids the deal here (a forced solo
    /// missing, the wrong soloist, …).
    #[error("deal {number}: {error}")]
    NotAllowedNow {
        /// The deal's number.
        number: u16,
        /// Why.
        error: SheetError,
    },
}

/// Checks `deal` as the next deal of `round`: the facts with the table's size and the seat
/// that sits out, then the order of play. Returns where it would stand; `round` is unchanged.
pub fn check_entry(round: &Round, deal: &SheetEntry) -> Result<SheetDeal, EntryError> {
    let Some(next) = round.next() else {
        return Err(EntryError::SheetComplete);
    };
    let config = round.config();
    deal.facts_with(config.table_size(), next.sitting_out, &config.rules())
        .map_err(|error| EntryError::FactsInvalid {
            number: next.number,
            error,
        })?;
    round
        .clone()
        .record(&deal.entered())
        .map_err(|error| EntryError::NotAllowedNow {
            number: next.number,
            error,
        })
}

/// Why a correction is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CorrectionError {
    /// There is no deal at that index.
    #[error("there is no deal {number} to correct")]
    NoSuchDeal {
        /// The number asked for (index + 1).
        number: usize,
    },
    /// The deals before the corrected one do not derive: the stored sheet is already
    /// broken, which no correction of a later deal can cause.
    #[error("the deals before the correction do not fit: {0}")]
    EarlierDeals(DeriveError),
    /// The corrected deal does not fit where it stands.
    #[error(transparent)]
    DoesNotFit(EntryError),
    /// The corrected deal fits, but the sheet with it does not score: a later deal (or a
    /// penalty) no longer fits, named in the error.
    #[error(transparent)]
    Sheet(SheetScoreError),
}

/// Checks a correction of the deal at `index` where it stands: the deals before it are
/// re-derived, with the time-up only if it was called at or before that index (a time-up
/// called after the deal does not apply to it yet, TSR 8.5.1), and the corrected deal is
/// checked as the next deal ([`check_entry`]). An index past the end checks a new deal.
pub fn check_at(
    config: RoundConfig,
    deals: &[SheetEntry],
    time_up_after: Option<usize>,
    index: usize,
    deal: &SheetEntry,
) -> Result<SheetDeal, CorrectionError> {
    let round =
        round_before(config, deals, time_up_after, index).map_err(CorrectionError::EarlierDeals)?;
    check_entry(&round, deal).map_err(CorrectionError::DoesNotFit)
}

/// The round as it stood before the deal at `index` was entered: the deals before it
/// re-derived, with the time-up only if it was called at or before that index. Its
/// [`Round::next`] is the deal at `index` as it was announced, which a correction must fit.
pub fn round_before(
    config: RoundConfig,
    deals: &[SheetEntry],
    time_up_after: Option<usize>,
    index: usize,
) -> Result<Round, DeriveError> {
    let before: Vec<_> = deals.iter().take(index).map(SheetEntry::entered).collect();
    let time_up = time_up_after.filter(|&after| after <= index);
    derive(config, &before, time_up)
}

/// Corrects the deal at `index` to `deal`: it must fit where it stands ([`check_at`]), and
/// the whole sheet with it must still score, since a changed kind moves every later dealer
/// (TSR 3.3.1, 4.2.5) and at a 5-table the seat that sits out. Returns the corrected sheet.
pub fn correct(
    config: RoundConfig,
    deals: &[SheetEntry],
    penalties: &[RecordedPenalty],
    time_up_after: Option<usize>,
    index: usize,
    deal: &SheetEntry,
) -> Result<ScoredSheet, CorrectionError> {
    let mut corrected = deals.to_vec();
    let Some(slot) = corrected.get_mut(index) else {
        return Err(CorrectionError::NoSuchDeal {
            number: index.saturating_add(1),
        });
    };
    *slot = *deal;
    check_at(config, deals, time_up_after, index, deal)?;
    score_sheet(config, &corrected, penalties, time_up_after).map_err(CorrectionError::Sheet)
}

/// A later deal moving to a new number because an earlier one was deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Renumbering {
    /// Its number before the deletion.
    pub from: u16,
    /// Its number after.
    pub to: u16,
}

/// A deletion, worked out: what the service stores afterwards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deletion {
    /// The deleted deal's number.
    pub number: u16,
    /// The new time-up mark: one deal earlier when the deleted deal was played before time
    /// was called, since the mark counts the deals before the time-up.
    pub time_up_after: Option<usize>,
    /// Every later deal, ascending: each moves up one number (and its penalties with it).
    pub moves: Vec<Renumbering>,
    /// The deals left, in order.
    pub deals: Vec<SheetEntry>,
    /// The penalties, renumbered with their deals.
    pub penalties: Vec<RecordedPenalty>,
    /// The sheet after the deletion.
    pub sheet: ScoredSheet,
}

/// Why a deletion is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeletionError {
    /// There is no deal with that number.
    #[error("there is no deal {number} on a sheet of {deals} deals")]
    NoSuchDeal {
        /// The number asked for.
        number: u16,
        /// Deals on the sheet.
        deals: usize,
    },
    /// Penalty points are entries of their deal, signed by the referee (TSR 8.2.2): they
    /// are removed by the referee first, never with the deal.
    #[error("deal {number} carries penalties")]
    HasPenalties {
        /// The deal's number.
        number: u16,
        /// The penalties on it, in the order given.
        penalties: Vec<PenaltyId>,
    },
    /// Without the deal the sheet does not score: a later deal (or a penalty) no longer
    /// fits, named in the error.
    #[error(transparent)]
    Sheet(SheetScoreError),
}

/// Deletes deal `number` (from 1): later deals move up one number with their penalties,
/// the time-up mark moves one deal back when the deal was played before time was called
/// (`number <= time_up_after`), and the rest of the sheet must still score.
///
/// Only penalties on a later deal of the sheet move; one on a number without a deal stays.
pub fn delete(
    config: RoundConfig,
    deals: &[SheetEntry],
    penalties: &[RecordedPenalty],
    time_up_after: Option<usize>,
    number: u16,
) -> Result<Deletion, DeletionError> {
    let position = usize::from(number);
    if position == 0 || position > deals.len() {
        return Err(DeletionError::NoSuchDeal {
            number,
            deals: deals.len(),
        });
    }
    let carried: Vec<PenaltyId> = penalties
        .iter()
        .filter(|p| p.deal_number == number)
        .map(|p| p.id)
        .collect();
    if !carried.is_empty() {
        return Err(DeletionError::HasPenalties {
            number,
            penalties: carried,
        });
    }
    let time_up_after =
        time_up_after.map(|after| if position <= after { after - 1 } else { after });
    let is_later = |n: u16| n > number && usize::from(n) <= deals.len();
    // The deal numbers fit u16 (`number` does and every later deal is at most deals.len()
    // away), and each later one is above `number` >= 1: no subtraction underflows.
    let moves: Vec<Renumbering> = (position..deals.len())
        .filter_map(|i| Some((u16::try_from(i).ok()?, u16::try_from(i + 1).ok()?)))
        .map(|(to, from)| Renumbering { from, to })
        .collect();
    let renumbered: Vec<RecordedPenalty> = penalties
        .iter()
        .map(|p| RecordedPenalty {
            deal_number: if is_later(p.deal_number) {
                p.deal_number - 1
            } else {
                p.deal_number
            },
            ..*p
        })
        .collect();
    let left: Vec<SheetEntry> = deals
        .iter()
        .enumerate()
        .filter(|&(i, _)| i + 1 != position)
        .map(|(_, d)| *d)
        .collect();
    let sheet =
        score_sheet(config, &left, &renumbered, time_up_after).map_err(DeletionError::Sheet)?;
    Ok(Deletion {
        number,
        time_up_after,
        moves,
        deals: left,
        penalties: renumbered,
        sheet,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{Contract, Seat, TableSize};
    use crate::penalty::{Severity, Violation};
    use crate::sheet::test_support::worked::*;
    use crate::sheet::test_support::*;
    use crate::sheet::{DealKind, NextDeal};

    /// Seat `seat`'s Damensolo, won with value 1 (as W21): +3 for him, -1 for the others.
    fn solo_of(seat: Seat) -> SheetEntry {
        recorded(Contract::SoloQueens, &[seat], 130, 7, QUIET)
    }

    fn rows(sheet: &ScoredSheet) -> Vec<(u16, Seat, DealKind)> {
        sheet
            .deals()
            .iter()
            .map(|d| (d.sheet.number, d.sheet.dealer, d.sheet.kind))
            .collect()
    }

    fn minor(id: PenaltyId, deal_number: u16, offender: Seat) -> RecordedPenalty {
        RecordedPenalty {
            id,
            deal_number,
            violation: Violation {
                severity: Severity::Minor,
                offender,
                soloist: None,
                could_harm_soloist: false,
                opposing_absagen: 0,
                deduction: 0,
            },
        }
    }

    #[test]
    fn a_deletion_renumbers_later_deals_and_moves_the_time_up_back() {
        // Time was called after deal 4, which carries seat 0's minor violation.
        let deals = [w3(), w1(), w22(), w4()];
        let penalties = [minor(21, 4, 0)];
        assert!(score_sheet(four(), &deals, &penalties, Some(4)).is_ok());

        let deletion = delete(four(), &deals, &penalties, Some(4), 2).unwrap();
        assert_eq!(deletion.number, 2);
        assert_eq!(deletion.time_up_after, Some(3));
        assert_eq!(
            deletion.moves,
            [
                Renumbering { from: 3, to: 2 },
                Renumbering { from: 4, to: 3 }
            ]
        );
        assert_eq!(deletion.deals, [w3(), w22(), w4()]);
        assert_eq!(deletion.penalties, [minor(21, 3, 0)]);
        // Seat 1's Pflichtsolo is now dealt by seat 1, who deals again (TSR 3.3.1).
        let sheet = &deletion.sheet;
        assert_eq!(rows(sheet), [(1, 0, N), (2, 1, P), (3, 1, N)]);
        // W3 [-1, 1, -1, 1] + W22 [3, -9, 3, 3] + W4 [-2, 2, 2, -2] + minor [-3, 1, 1, 1].
        assert_eq!(sheet.deals()[2].scores, [-5, 3, 3, -1]);
        assert_eq!(sheet.totals(), [-3, -5, 5, 3]);
        // Time is still up after the deal it was called after: three solos owed, forced.
        assert_eq!(
            sheet.round().next(),
            Some(NextDeal {
                number: 4,
                dealer: 2,
                sitting_out: None,
                forced_soloist: Some(3)
            })
        );
    }

    #[test]
    fn a_deletion_is_refused_for_penalties_and_missing_deals() {
        let deals = [w3(), w1(), w22(), w4()];
        let penalties = [minor(21, 4, 0), minor(22, 4, 1), minor(23, 1, 2)];
        assert_eq!(
            delete(four(), &deals, &penalties, None, 4),
            Err(DeletionError::HasPenalties {
                number: 4,
                penalties: vec![21, 22]
            })
        );
        for number in [0, 5, u16::MAX] {
            assert_eq!(
                delete(four(), &deals, &penalties, None, number),
                Err(DeletionError::NoSuchDeal { number, deals: 4 })
            );
        }
        // The last deal goes without moving anything; a penalty before it stays.
        let deletion = delete(four(), &deals, &[minor(23, 1, 2)], None, 4).unwrap();
        assert_eq!(deletion.time_up_after, None);
        assert_eq!(deletion.moves, []);
        assert_eq!(deletion.penalties, [minor(23, 1, 2)]);
        assert_eq!(deletion.sheet.deals().len(), 3);
    }

    #[test]
    fn a_deletion_that_breaks_a_later_forced_solo_is_refused() {
        // Time up after three normal games: the four Pflichtsoli are forced in the order
        // of the seats left of each dealer: 0, 1, 2, 3 (TSR 4.2.3, 8.6).
        let deals = [
            w3(),
            w4(),
            w9(),
            solo_of(0),
            solo_of(1),
            solo_of(2),
            solo_of(3),
        ];
        let sheet = score_sheet(four(), &deals, &[], Some(3)).unwrap();
        assert!(sheet.round().is_complete());
        // Without seat 1's solo, seat 2's moves to deal 5, where seat 1 is forced.
        assert_eq!(
            delete(four(), &deals, &[], Some(3), 5),
            Err(DeletionError::Sheet(SheetScoreError::OrderOfPlay(
                DeriveError {
                    index: 4,
                    error: SheetError::WrongSoloist {
                        deal: 5,
                        forced: 1,
                        soloist: 2
                    }
                }
            )))
        );
        // Deleting the last one leaves it owed again: deal 7, seat 3 forced.
        let deletion = delete(four(), &deals, &[], Some(3), 7).unwrap();
        assert_eq!(deletion.time_up_after, Some(3));
        assert_eq!(
            deletion.sheet.round().next().map(|n| n.forced_soloist),
            Some(Some(3))
        );
    }

    #[test]
    fn a_correction_to_a_pflichtsolo_moves_later_dealers() {
        let deals = [w3(), w4(), w1(), w9()];
        let before = score_sheet(four(), &deals, &[], None).unwrap();
        assert_eq!(rows(&before), [(1, 0, N), (2, 1, N), (3, 2, N), (4, 3, N)]);
        assert_eq!(
            check_at(four(), &deals, None, 1, &w21()),
            Ok(SheetDeal {
                number: 2,
                dealer: 1,
                sitting_out: None,
                kind: P
            })
        );
        let after = correct(four(), &deals, &[], None, 1, &w21()).unwrap();
        // Seat 1 deals again after seat 0's Pflichtsolo (TSR 3.3.1), so deals 3 and 4 are
        // dealt one seat earlier.
        assert_eq!(rows(&after), [(1, 0, N), (2, 1, P), (3, 1, N), (4, 2, N)]);
        // W3 [-1, 1, -1, 1] + W21 [3, -1, -1, -1] + W1 [-5, 5, -5, 5] + W9 [5, 5, -5, -5].
        assert_eq!(after.totals(), [2, 10, -12, 0]);
        assert_eq!(after.deals()[1].soloist, Some(0));
        assert_eq!(after.round().pflichtsolo_owed(), vec![1, 2, 3]);
    }

    #[test]
    fn a_correction_that_makes_a_later_deal_impossible_names_it() {
        // 5-table: deal 2 is played by seats 0 and 2 while its dealer, seat 1, sits out.
        let deals = [w29(), recorded(Contract::Normal, &[0, 2], 121, 6, QUIET)];
        assert!(score_sheet(five(), &deals, &[], None).is_ok());
        // Deal 1 becomes seat 1's Pflichtsolo: seat 0 deals deal 2 as well and sits out
        // again (TSR 10.2.1), but he is in its Re party.
        let err = correct(five(), &deals, &[], None, 0, &solo_of(1)).unwrap_err();
        assert_eq!(
            err,
            CorrectionError::Sheet(SheetScoreError::OrderOfPlay(DeriveError {
                index: 1,
                error: SheetError::SittingOutPlays { seat: 0, deal: 2 }
            }))
        );
        assert_eq!(
            err.to_string(),
            "deal 2 does not fit the sheet: seat 0 deals deal 2 and sits out, so cannot be in \
             the re party"
        );
        // The corrected deal itself must fit: seat 0 sits out deal 1 and cannot play a solo.
        assert_eq!(
            correct(five(), &deals, &[], None, 0, &solo_of(0)),
            Err(CorrectionError::DoesNotFit(EntryError::FactsInvalid {
                number: 1,
                error: FactsError::SittingOutPlays { seat: 0 }
            }))
        );
        assert_eq!(
            correct(five(), &deals, &[], None, 2, &w29()),
            Err(CorrectionError::NoSuchDeal { number: 3 })
        );
    }

    #[test]
    fn a_correction_sees_the_time_up_only_from_where_it_was_called() {
        // Time up after deal 2; deal 3 is seat 3's forced solo.
        let deals = [w3(), w4(), solo_of(3)];
        let sheet = score_sheet(four(), &deals, &[], Some(2)).unwrap();
        assert_eq!(rows(&sheet)[2], (3, 2, V));
        // Deal 2 was played before time was called: a normal game still fits there.
        assert_eq!(
            check_at(four(), &deals, Some(2), 1, &w9()).map(|d| d.kind),
            Ok(N)
        );
        // Deal 3 comes after it: only seat 3's solo fits.
        assert_eq!(
            check_at(four(), &deals, Some(2), 2, &w9()),
            Err(CorrectionError::DoesNotFit(EntryError::NotAllowedNow {
                number: 3,
                error: SheetError::ForcedSoloMissing {
                    deal: 3,
                    forced: 3,
                    contract: Contract::Normal
                }
            }))
        );
        // Past the end it checks a new deal: deal 4, dealt by seat 3, forces seat 0.
        assert_eq!(
            check_at(four(), &deals, Some(2), 3, &solo_of(0)),
            Ok(SheetDeal {
                number: 4,
                dealer: 3,
                sitting_out: None,
                kind: V
            })
        );
        // A mark the earlier deals cannot have: the stored sheet is broken before the deal.
        assert_eq!(
            check_at(four(), &deals, Some(0), 1, &w9()),
            Err(CorrectionError::EarlierDeals(DeriveError {
                index: 0,
                error: SheetError::ForcedSoloMissing {
                    deal: 1,
                    forced: 1,
                    contract: Contract::Normal
                }
            }))
        );
    }

    #[test]
    fn an_entry_after_the_last_deal_is_refused() {
        // A round as short as its seats: every deal is a forced solo.
        let config = RoundConfig::new(TableSize::Four, 4).unwrap();
        let deals = [solo_of(1), solo_of(2), solo_of(3), solo_of(0)];
        let sheet = score_sheet(config, &deals, &[], None).unwrap();
        assert_eq!(sheet.check_next(&w3()), Err(EntryError::SheetComplete));
        assert_eq!(
            check_entry(&Round::new(config), &w3()),
            Err(EntryError::NotAllowedNow {
                number: 1,
                error: SheetError::ForcedSoloMissing {
                    deal: 1,
                    forced: 1,
                    contract: Contract::Normal
                }
            })
        );
    }
}
