//! Changing the number of deals planned for a round that is already under way.
//!
//! The planned deals decide more than the end of the round: Vorführen starts when the owed
//! Pflichtsoli equal the deals left (TSR 4.2.3), so a shorter round forces the solos
//! earlier, and a longer one turns a vorgeführt solo back into a declared Pflichtsolo, after
//! which the same seat deals again (TSR 4.2.5) and every later dealer moves. A new plan is
//! therefore taken only if the sheet as entered still scores with it; the error names the
//! first deal (or penalty) that no longer fits.

use super::entry::SheetEntry;
use super::scored::{RecordedPenalty, ScoredSheet, SheetScoreError};
use super::{RoundConfig, SheetError, score_sheet};

/// Why a round's deals cannot be planned anew.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplanError {
    /// Not a number of deals a round at this table can have ([`RoundConfig::new`]).
    #[error(transparent)]
    OutOfRange(SheetError),
    /// More deals are entered than the new plan has.
    #[error("{entered} deals are entered, more than {planned}")]
    BelowEntered {
        /// The deals asked for.
        planned: u16,
        /// The deals on the sheet.
        entered: usize,
    },
    /// The deals entered do not fit the new plan: a deal that would have had to be a forced
    /// solo was a normal game, or the dealers move so that a later deal (or a penalty) no
    /// longer fits.
    #[error(transparent)]
    Sheet(SheetScoreError),
}

/// The sheet of a round as entered, re-scored with `planned` deals instead of those of
/// `config`, under the same rules.
///
/// Under the TSR every entry is a planned deal, so more entries than `planned` are refused
/// at once ([`ReplanError::BelowEntered`]). When the rules let entries go beyond the plan
/// (deals thrown in, solos on top, [`Ruleset::changes_order_of_play`]) only the order of
/// play can tell: a plan the counting deals exceed is refused as the sheet's error.
///
/// [`Ruleset::changes_order_of_play`]: crate::game::Ruleset::changes_order_of_play
pub fn replan(
    config: RoundConfig,
    planned: u16,
    deals: &[SheetEntry],
    penalties: &[RecordedPenalty],
    time_up_after: Option<usize>,
) -> Result<ScoredSheet, ReplanError> {
    let rules = config.rules();
    let replanned = RoundConfig::new(config.table_size(), planned)
        .map_err(ReplanError::OutOfRange)?
        .with_rules(rules);
    if !rules.changes_order_of_play() && deals.len() > usize::from(planned) {
        return Err(ReplanError::BelowEntered {
            planned,
            entered: deals.len(),
        });
    }
    score_sheet(replanned, deals, penalties, time_up_after).map_err(ReplanError::Sheet)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{Contract, Seat, TableSize};
    use crate::sheet::test_support::worked::*;
    use crate::sheet::test_support::*;
    use crate::sheet::{DealKind, MAX_PLANNED_DEALS, NextDeal};

    /// Seat `seat`'s Damensolo, won with value 1: +3 for him, -1 for the others.
    fn solo_of(seat: Seat) -> SheetEntry {
        recorded(Contract::SoloQueens, &[seat], 130, 7, QUIET)
    }

    /// W3 (Re = seats 1 and 3 win 1) `n` times: a normal game whoever deals.
    fn normals(n: usize) -> Vec<SheetEntry> {
        vec![w3(); n]
    }

    fn kinds(sheet: &ScoredSheet) -> Vec<DealKind> {
        sheet.deals().iter().map(|d| d.sheet.kind).collect()
    }

    #[test]
    fn a_longer_round_turns_forced_solos_into_declared_ones() {
        // 20 normal games, then the four forced solos: seats 1, 2, 3 and the dealer 0.
        let mut deals = normals(20);
        deals.extend([solo_of(1), solo_of(2), solo_of(3), solo_of(0)]);
        let before = score_sheet(four(), &deals, &[], None).unwrap();
        assert!(before.round().is_complete());
        assert_eq!(kinds(&before)[20..], [V, V, V, V]);

        let after = replan(four(), 28, &deals, &[], None).unwrap();
        // Declared now, each is a Pflichtsolo after which the same seat deals again: seat 0,
        // the dealer of deal 21, deals deals 21 to 24 (TSR 4.2.5).
        assert_eq!(kinds(&after)[20..], [P, P, P, P]);
        let dealers: Vec<Seat> = after.deals()[20..].iter().map(|d| d.sheet.dealer).collect();
        assert_eq!(dealers, [0, 0, 0, 0]);
        // The points do not change: W3 20 times [-20, 20, -20, 20] and four solos won.
        assert_eq!(after.totals(), before.totals());
        assert_eq!(after.totals(), [-20, 20, -20, 20]);
        // Four normal games are still to come, the first dealt by seat 0 again.
        assert!(!after.round().is_complete());
        assert_eq!(
            after.round().next(),
            Some(NextDeal {
                number: 25,
                dealer: 0,
                sitting_out: None,
                forced_soloist: None
            })
        );
    }

    #[test]
    fn a_shorter_round_moves_vorfuehren_earlier() {
        // Ten normal games of 24: with 20 planned, seat 1 is forced at deal 17.
        let after = replan(four(), 20, &normals(10), &[], None).unwrap();
        assert_eq!(after.round().deals_left(), 10);
        assert_eq!(after.round().config().planned_deals(), 20);
        // 17 normal games of 20 leave three deals for four owed solos.
        assert!(matches!(
            replan(four(), 20, &normals(17), &[], None),
            Err(ReplanError::Sheet(SheetScoreError::OrderOfPlay(e))) if e.index == 16
        ));
    }

    #[test]
    fn fewer_deals_than_entered_or_out_of_range_are_refused() {
        assert_eq!(
            replan(four(), 9, &normals(10), &[], None).unwrap_err(),
            ReplanError::BelowEntered {
                planned: 9,
                entered: 10
            }
        );
        assert_eq!(
            replan(five(), 4, &[], &[], None).unwrap_err(),
            ReplanError::OutOfRange(SheetError::PlannedDealsOutOfRange {
                planned: 4,
                seats: 5,
                min: 5,
                max: MAX_PLANNED_DEALS
            })
        );
        let same = replan(four(), 24, &normals(10), &[], None).unwrap();
        assert_eq!(same, score_sheet(four(), &normals(10), &[], None).unwrap());
    }

    #[test]
    fn at_a_five_table_a_moved_dealer_can_break_a_later_deal() {
        // A 5-table round of six deals: five solos owed, so from deal 2 on every deal is
        // forced (seats 2, 3, 4, 0, 1), each dealt by the seat before the soloist.
        let short = RoundConfig::new(TableSize::Five, 6).unwrap();
        let deals = [
            w29(),
            solo_of(2),
            solo_of(3),
            solo_of(4),
            solo_of(0),
            solo_of(1),
        ];
        let played = score_sheet(short, &deals, &[], None).unwrap();
        assert_eq!(kinds(&played), [N, V, V, V, V, V]);
        assert!(played.round().is_complete());
        // Planned for 30, the solos are declared: seat 1 dealt deal 2 and keeps dealing, so
        // he sits out deal 6 and cannot have played the solo entered there.
        let refused = replan(short, 30, &deals, &[], None).unwrap_err();
        assert!(
            matches!(&refused, ReplanError::Sheet(e) if e.deal_number() == 6),
            "{refused:?}"
        );
        // Five deals of them still fit 30: deals 2 to 5 are declared Pflichtsoli.
        let longer = replan(short, 30, &deals[..5], &[], None).unwrap();
        assert_eq!(kinds(&longer), [N, P, P, P, P]);
    }
}
