//! A whole sheet re-derived from the stored entries, for every read and every correction.

use super::{EnteredDeal, Round, RoundConfig, SheetError};
use crate::game::Ruleset;

/// The first stored entry that does not fit when a sheet is re-derived.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("deal {} does not fit the sheet: {error}", .index + 1)]
pub struct DeriveError {
    /// 0-based index into the entered deals. When the time-up mark itself does not fit, the
    /// index of the first deal after it (the number of deals if none).
    pub index: usize,
    /// Why it does not fit.
    pub error: SheetError,
}

/// Re-derives a whole sheet from the entered deals, in order, with time called after the
/// first `time_up_after` of them (a begun deal is entered before time-up is applied, TSR
/// 8.5.1). Used for every read and for corrections, which may move later dealers; the
/// error names the first entry that no longer fits.
///
/// The round follows the rules of `config` ([`RoundConfig::rules`]), the TSR unless the
/// config was built [`RoundConfig::with_rules`]; [`derive_with`] names them explicitly.
pub fn derive(
    config: RoundConfig,
    deals: &[EnteredDeal],
    time_up_after: Option<usize>,
) -> Result<Round, DeriveError> {
    if let Some(after) = time_up_after
        && after > deals.len()
    {
        return Err(DeriveError {
            index: deals.len(),
            error: SheetError::TimeUpBeyondDeals {
                after,
                entered: deals.len(),
            },
        });
    }
    let mut round = Round::new(config);
    for index in 0..=deals.len() {
        let at = |error| DeriveError { index, error };
        if time_up_after == Some(index) {
            round.time_up().map_err(at)?;
        }
        if let Some(deal) = deals.get(index) {
            round.record(deal).map_err(at)?;
        }
    }
    Ok(round)
}

/// [`derive()`] under `rules`: a deal thrown in with five nines is on the sheet but the
/// same dealer deals again and it does not count toward the planned deals, and with solos
/// on top no declared solo counts toward them (see [`Round`]). `derive` is the TSR's case
/// for every config built without rules.
pub fn derive_with(
    config: RoundConfig,
    deals: &[EnteredDeal],
    time_up_after: Option<usize>,
    rules: &Ruleset,
) -> Result<Round, DeriveError> {
    derive(config.with_rules(*rules), deals, time_up_after)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{Contract, Seat, TableSize};
    use crate::sheet::test_support::*;
    use crate::sheet::{DealKind, NextDeal};
    use proptest::prelude::*;

    #[test]
    fn derive_rebuilds_the_sheet() {
        let (round, entries, _) = play(four(), &worked_steps());
        assert_eq!(derive(four(), &entries, None), Ok(round));

        let steps = [repeat(Normal, 5), vec![Solo(3)], repeat(Normal, 12)].concat();
        let (mut round, mut entries, _) = play(four(), &steps);
        round.time_up().unwrap();
        assert_eq!(derive(four(), &entries, Some(18)).as_ref(), Ok(&round));
        while let Some(next) = round.next() {
            let deal = solo(next.forced_soloist.unwrap());
            round.record(&deal).unwrap();
            entries.push(deal);
        }
        assert_eq!(derive(four(), &entries, Some(18)), Ok(round));
    }

    #[test]
    fn derive_refuses_a_bad_time_up_mark() {
        let (_, entries, _) = play(four(), &repeat(Normal, 3));
        assert_eq!(
            derive(four(), &entries, Some(4)),
            Err(DeriveError {
                index: 3,
                error: SheetError::TimeUpBeyondDeals {
                    after: 4,
                    entered: 3
                }
            })
        );
        let (_, entries, _) = play(four(), &worked_steps());
        assert_eq!(
            derive(four(), &entries, Some(24)),
            Err(DeriveError {
                index: 24,
                error: SheetError::RoundComplete { deals: 24 }
            })
        );
        // Time-up before the end strikes a normal game that was entered after it.
        assert_eq!(
            derive(four(), &entries, Some(10)).map_err(|e| e.index),
            Err(10)
        );
    }

    #[test]
    fn derive_names_the_first_deal_a_correction_breaks() {
        // 5-table: every normal game is played by the two seats right of the dealer, so
        // when the dealers move back by one, the next deal's new dealer is in its Re party.
        let seats = 5;
        let right_of_dealer = |dealer: Seat| {
            entry(
                Contract::Normal,
                &[(dealer + seats - 1) % seats, (dealer + seats - 2) % seats],
            )
        };
        let mut round = Round::new(five());
        let mut entries = Vec::new();
        while let Some(next) = round.next() {
            let deal = match next.forced_soloist {
                Some(seat) => solo(seat),
                None => right_of_dealer(next.dealer),
            };
            round.record(&deal).unwrap();
            entries.push(deal);
        }
        assert_eq!(derive(five(), &entries, None), Ok(round));
        // Deal 3 (dealer 2) becomes seat 4's Pflichtsolo: seat 2 deals deal 4 too, and deal
        // 4's Re party (seats 2 and 1, right of its old dealer 3) now holds the dealer.
        let mut corrected = entries.clone();
        corrected[2] = solo(4);
        assert_eq!(
            derive(five(), &corrected, None),
            Err(DeriveError {
                index: 3,
                error: SheetError::SittingOutPlays { seat: 2, deal: 4 }
            })
        );
        let err = derive(five(), &corrected, None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "deal 4 does not fit the sheet: seat 2 deals deal 4 and sits out, so cannot be in \
             the re party"
        );

        // 4-table: the worked sequence's Pflichtsolo in deal 6 corrected to a normal game:
        // four solos are owed with four deals left after deal 20, so deal 21 (dealer 0) is
        // forced.
        let (_, mut entries, _) = play(four(), &worked_steps());
        entries[5] = entry(Contract::Normal, &[0, 1]);
        assert_eq!(
            derive(four(), &entries, None),
            Err(DeriveError {
                index: 20,
                error: SheetError::ForcedSoloMissing {
                    deal: 21,
                    forced: 1,
                    contract: Contract::Normal
                }
            })
        );
    }

    /// A legal entry for `next`, chosen by `choice`.
    fn legal_entry(next: &NextDeal, seats: u8, choice: u32) -> EnteredDeal {
        let players: Vec<Seat> = (0..seats)
            .filter(|&s| Some(s) != next.sitting_out)
            .collect();
        let pick = |salt: u32| players[(choice / salt) as usize % players.len()];
        let contract =
            Contract::DECLARED_SOLOS[(choice / 7) as usize % Contract::DECLARED_SOLOS.len()];
        if let Some(forced) = next.forced_soloist {
            return entry(contract, &[forced]);
        }
        let pair = |contract| {
            let a = pick(11);
            let others: Vec<Seat> = players.iter().copied().filter(|&s| s != a).collect();
            entry(
                contract,
                &[a, others[(choice / 13) as usize % others.len()]],
            )
        };
        match choice % 10 {
            0..=5 => pair(Contract::Normal),
            6 => pair(Contract::Wedding),
            7 => entry(Contract::WeddingSolo, &[pick(17)]),
            8 => entry(Contract::SilentWedding, &[pick(17)]),
            _ => entry(contract, &[pick(19)]),
        }
    }

    proptest! {
        #[test]
        fn random_legal_rounds_keep_the_rules(
            five_seats in any::<bool>(),
            extra in 0u16..=30,
            time_up_at in proptest::option::of(0usize..40),
            choices in proptest::collection::vec(any::<u32>(), 40),
        ) {
            let size = if five_seats { TableSize::Five } else { TableSize::Four };
            let seats = size.seats();
            let config = RoundConfig::new(size, u16::from(seats) + extra).unwrap();
            let mut round = Round::new(config);
            let mut entries = Vec::new();
            let mut time_up_after = None;
            let mut expected_dealer: Seat = 0;
            let mut solo_of = Vec::new();
            for (i, &choice) in choices.iter().enumerate() {
                if time_up_at == Some(i) && !round.is_complete() {
                    round.time_up().unwrap();
                    time_up_after = Some(entries.len());
                }
                prop_assert!(round.pflichtsolo_owed().len() as u16 <= round.deals_left());
                let Some(next) = round.next() else { break };
                let deal = legal_entry(&next, seats, choice);
                let owed_before = round.pflichtsolo_owed();
                let sheet = round.record(&deal).unwrap();

                prop_assert_eq!(sheet.number as usize, entries.len() + 1);
                prop_assert_eq!(sheet.sitting_out, five_seats.then_some(sheet.dealer));
                let passed = five_seats
                    && sheet.kind == DealKind::Vorgefuehrt
                    && next.forced_soloist == Some(expected_dealer)
                    && sheet.dealer == (expected_dealer + 1) % seats;
                prop_assert!(sheet.dealer == expected_dealer || passed);
                if passed {
                    prop_assert!(round.is_complete());
                }
                expected_dealer = if sheet.kind == DealKind::Pflichtsolo {
                    sheet.dealer
                } else {
                    (sheet.dealer + 1) % seats
                };
                let soloist = deal.re.iter().next().filter(|_| deal.contract.is_declared_solo());
                match sheet.kind {
                    DealKind::Normal => prop_assert!(!deal.contract.is_declared_solo()),
                    DealKind::Pflichtsolo | DealKind::Vorgefuehrt => {
                        let s = soloist.unwrap();
                        prop_assert!(owed_before.contains(&s));
                        solo_of.push(s);
                    }
                    DealKind::Lustsolo => prop_assert!(!owed_before.contains(&soloist.unwrap())),
                    DealKind::ThrownIn => prop_assert!(false, "nothing is thrown in under the TSR"),
                }
                entries.push(deal);
            }
            prop_assert!(round.is_complete());
            solo_of.sort_unstable();
            prop_assert_eq!(solo_of, (0..seats).collect::<Vec<_>>());
            prop_assert!(round.pflichtsolo_owed().is_empty());
            if time_up_after.is_none() {
                prop_assert_eq!(entries.len(), usize::from(config.planned_deals()));
            } else {
                prop_assert!(entries.len() <= usize::from(config.planned_deals()));
            }
            let mut after = round.clone();
            prop_assert_eq!(
                after.record(&entries[0]),
                Err(SheetError::RoundComplete { deals: entries.len() as u16 })
            );
            prop_assert_eq!(derive(config, &entries, time_up_after), Ok(round));
        }
    }
}
