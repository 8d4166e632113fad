//! The round as a state machine driven one deal at a time: the rules are listed in the
//! [module documentation](super).

use super::{DealKind, RoundConfig, SheetError};
use crate::deal::{Contract, Seat, SeatSet, TableSize};

/// What the captain entered for a deal, as far as the sheet cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnteredDeal {
    /// The contract as played.
    pub contract: Contract,
    /// The Re party: two seats, or the soloist alone in a deal scored as a solo; empty for
    /// a deal thrown in ([`EnteredDeal::THROWN_IN`]).
    pub re: SeatSet,
}

impl EnteredDeal {
    /// A deal thrown in (five nines, house rules XIII; five kings or an Armut nobody took,
    /// Wikipedia): nobody played, so nobody is Re. The round takes it only where
    /// [`Ruleset::takes_throw_ins`]; under the TSR an empty Re party is refused as the
    /// wrong party size, as ever.
    ///
    /// [`Ruleset::takes_throw_ins`]: crate::game::Ruleset::takes_throw_ins
    pub const THROWN_IN: EnteredDeal = EnteredDeal {
        contract: Contract::Normal,
        re: SeatSet::EMPTY,
    };

    /// Whether this is a deal thrown in: no Re party.
    pub const fn is_thrown_in(&self) -> bool {
        self.re.is_empty()
    }
}

/// The deal to be played next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextDeal {
    /// The deal's number in the round, from 1.
    pub number: u16,
    /// The seat that deals.
    pub dealer: Seat,
    /// At a 5-table the dealer, who sits out; `None` at a 4-table.
    pub sitting_out: Option<Seat>,
    /// The seat that must play its Pflichtsolo in this deal (Vorführen), if any.
    pub forced_soloist: Option<Seat>,
}

impl NextDeal {
    /// Whether the deal may be entered as `contract`: any contract, except that a forced
    /// solo (Vorführen, TSR 4.2.3) is fulfilled only by a declared solo; a wedding solo or
    /// silent wedding is no Pflichtsolo. [`Round::record`] refuses exactly the others.
    pub const fn allows(&self, contract: Contract) -> bool {
        self.forced_soloist.is_none() || contract.is_declared_solo()
    }

    /// Whether `seat` may be in the Re party of the deal: never the dealer who sits out at
    /// a 5-table (TSR 10.1), and only the forced soloist when a solo is forced. A form
    /// offers no other seat; [`Round::record`] refuses any other.
    pub fn may_be_re(&self, seat: Seat) -> bool {
        self.sitting_out != Some(seat) && self.forced_soloist.is_none_or(|forced| forced == seat)
    }
}

/// One deal as it stands on the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetDeal {
    /// The deal's number in the round, from 1.
    pub number: u16,
    /// The seat that dealt.
    pub dealer: Seat,
    /// At a 5-table the dealer, who sat out; `None` at a 4-table.
    pub sitting_out: Option<Seat>,
    /// Where the deal goes on the sheet.
    pub kind: DealKind,
}

/// The state of one table's round: the sheet so far and whose turn it is.
///
/// Start with [`Round::new`] and feed it deals with [`Round::record`], or rebuild it from the
/// stored entries with [`derive()`](super::derive()). A refused deal or time-up leaves the
/// state unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    config: RoundConfig,
    deals: Vec<SheetDeal>,
    /// Seats that have played their Pflichtsolo, declared or vorgeführt.
    solo_played: SeatSet,
    /// The seat whose turn it is to deal; [`Round::next`] may pass the deal on (5-table).
    dealer: Seat,
    time_up: bool,
}

impl Round {
    /// A round before its first deal: seat 0 deals, every seat owes its Pflichtsolo.
    pub fn new(config: RoundConfig) -> Round {
        Round {
            config,
            deals: Vec::new(),
            solo_played: SeatSet::EMPTY,
            dealer: 0,
            time_up: false,
        }
    }

    /// The round's configuration.
    pub const fn config(&self) -> RoundConfig {
        self.config
    }

    /// The deals on the sheet, in order.
    pub fn deals(&self) -> &[SheetDeal] {
        &self.deals
    }

    /// Whether the organiser has called time-up.
    pub const fn is_time_up(&self) -> bool {
        self.time_up
    }

    /// Deals still to be played: the planned ones not yet played, or after time-up the owed
    /// Pflichtsoli. With [`Ruleset::solos_on_top`] the normal games not yet played and the
    /// owed Pflichtsoli, which are played on top.
    ///
    /// [`Ruleset::solos_on_top`]: crate::game::Ruleset::solos_on_top
    pub fn deals_left(&self) -> u16 {
        self.left_after(self.counted(), self.owed_count())
    }

    /// The deals left with `counted` deals toward the plan played and `owed` Pflichtsoli
    /// owed.
    fn left_after(&self, counted: u16, owed: u8) -> u16 {
        if self.time_up {
            u16::from(owed)
        } else if self.config.rules().solos_on_top {
            // A solo never uses up a planned deal, so the owed ones come on top.
            self.config
                .planned_deals()
                .saturating_sub(counted)
                .saturating_add(u16::from(owed))
        } else {
            self.config.planned_deals().saturating_sub(counted)
        }
    }

    /// The games played so far: every deal on the sheet but those thrown in
    /// ([`DealKind::is_game`]).
    pub fn games_played(&self) -> u16 {
        let games = self.deals.iter().filter(|d| d.kind.is_game()).count();
        u16::try_from(games).unwrap_or(u16::MAX)
    }

    /// Whether the round is over: no deal is left.
    pub fn is_complete(&self) -> bool {
        self.deals_left() == 0
    }

    /// Seats still owing their Pflichtsolo, ascending.
    pub fn pflichtsolo_owed(&self) -> Vec<Seat> {
        self.seats().filter(|&s| self.owes(s)).collect()
    }

    /// The deal to be played next, or `None` when the round is complete.
    pub fn next(&self) -> Option<NextDeal> {
        let left = self.deals_left();
        if left == 0 {
            return None;
        }
        let mut dealer = self.dealer;
        let mut forced_soloist = None;
        if u16::from(self.owed_count()) == left {
            // The dealer comes last, so at a 5-table he is chosen only when he alone owes.
            let nearest = (1..=self.seat_count())
                .map(|k| self.seat_after(self.dealer, k))
                .find(|&s| self.owes(s));
            if let Some(seat) = nearest {
                forced_soloist = Some(seat);
                if seat == dealer && self.config.table_size() == TableSize::Five {
                    // Without cards he cannot play: his left neighbour deals instead.
                    dealer = self.seat_after(dealer, 1);
                }
            }
        }
        Some(NextDeal {
            number: self.played().saturating_add(1),
            dealer,
            sitting_out: self.sitting_out(dealer),
            forced_soloist,
        })
    }

    /// Puts the next deal on the sheet, or refuses it if it cannot be that deal.
    pub fn record(&mut self, deal: &EnteredDeal) -> Result<SheetDeal, SheetError> {
        let Some(next) = self.next() else {
            return Err(SheetError::RoundComplete {
                deals: self.played(),
            });
        };
        if self.config.rules().takes_throw_ins() && deal.is_thrown_in() {
            return self.throw_in(&next, deal);
        }
        let seats = self.seat_count();
        if let Some(seat) = deal.re.iter().find(|&s| s >= seats) {
            return Err(SheetError::SeatOutOfRange { seat, seats });
        }
        let expected = deal.contract.re_size();
        if deal.re.len() != expected {
            return Err(SheetError::ReSize {
                contract: deal.contract,
                expected,
                got: deal.re.len(),
            });
        }
        if let Some(seat) = next.sitting_out
            && deal.re.contains(seat)
        {
            return Err(SheetError::SittingOutPlays {
                seat,
                deal: next.number,
            });
        }
        // The Re size check above makes this the only Re seat of a declared solo.
        let soloist = if deal.contract.is_declared_solo() {
            deal.re.iter().next()
        } else {
            None
        };
        let kind = match (next.forced_soloist, soloist) {
            (Some(forced), Some(soloist)) if soloist == forced => DealKind::Vorgefuehrt,
            (Some(forced), Some(soloist)) => {
                return Err(SheetError::WrongSoloist {
                    deal: next.number,
                    forced,
                    soloist,
                });
            }
            (Some(forced), None) => {
                return Err(SheetError::ForcedSoloMissing {
                    deal: next.number,
                    forced,
                    contract: deal.contract,
                });
            }
            (None, Some(soloist)) if self.owes(soloist) => DealKind::Pflichtsolo,
            (None, Some(_)) => DealKind::Lustsolo,
            (None, None) => DealKind::Normal,
        };
        let solo_played = match soloist {
            Some(soloist) if kind.is_pflichtsolo() => self.solo_played.with(soloist),
            _ => self.solo_played,
        };
        let owed = self.owed_after(solo_played);
        let counted = self
            .counted()
            .saturating_add(u16::from(kind.counts_toward_plan(&self.config.rules())));
        let left = self.left_after(counted, owed);
        if u16::from(owed) > left {
            return Err(SheetError::TooFewDealsLeft {
                deal: next.number,
                owed,
                left,
            });
        }

        let sheet_deal = SheetDeal {
            number: next.number,
            dealer: next.dealer,
            sitting_out: next.sitting_out,
            kind,
        };
        self.deals.push(sheet_deal);
        self.solo_played = solo_played;
        self.dealer = if kind == DealKind::Pflichtsolo {
            next.dealer
        } else {
            self.seat_after(next.dealer, 1)
        };
        Ok(sheet_deal)
    }

    /// The organiser ends the round's time after the deals on the sheet: normal games not
    /// yet played are struck, owed Pflichtsoli are still played, each vorgeführt.
    pub fn time_up(&mut self) -> Result<(), SheetError> {
        if self.time_up {
            return Err(SheetError::TimeAlreadyUp);
        }
        if self.is_complete() {
            return Err(SheetError::RoundComplete {
                deals: self.played(),
            });
        }
        self.time_up = true;
        Ok(())
    }

    /// House rules XIII: a deal thrown in goes on the sheet and the same dealer deals
    /// again. A forced soloist cannot throw in: he must play his Pflichtsolo (TSR 4.2.3),
    /// so the deal is refused as any other deal that is not his solo.
    fn throw_in(&mut self, next: &NextDeal, deal: &EnteredDeal) -> Result<SheetDeal, SheetError> {
        if let Some(forced) = next.forced_soloist {
            return Err(SheetError::ForcedSoloMissing {
                deal: next.number,
                forced,
                contract: deal.contract,
            });
        }
        let sheet_deal = SheetDeal {
            number: next.number,
            dealer: next.dealer,
            sitting_out: next.sitting_out,
            kind: DealKind::ThrownIn,
        };
        self.deals.push(sheet_deal);
        self.dealer = next.dealer;
        Ok(sheet_deal)
    }

    /// The deals on the sheet, thrown-in ones included: the last deal's number.
    fn played(&self) -> u16 {
        self.deals.last().map_or(0, |d| d.number)
    }

    /// The deals that count toward the planned deals ([`DealKind::counts_toward_plan`]).
    fn counted(&self) -> u16 {
        let rules = self.config.rules();
        let counted = self
            .deals
            .iter()
            .filter(|d| d.kind.counts_toward_plan(&rules))
            .count();
        u16::try_from(counted).unwrap_or(u16::MAX)
    }

    fn seat_count(&self) -> u8 {
        self.config.table_size().seats()
    }

    fn seats(&self) -> impl Iterator<Item = Seat> {
        0..self.seat_count()
    }

    /// Whether `seat` still owes its Pflichtsolo; nobody does where the club plays without
    /// it ([`Ruleset::without_pflichtsolo`](crate::game::Ruleset::without_pflichtsolo)).
    fn owes(&self, seat: Seat) -> bool {
        !self.config.rules().without_pflichtsolo && !self.solo_played.contains(seat)
    }

    fn owed_count(&self) -> u8 {
        self.owed_after(self.solo_played)
    }

    /// The Pflichtsoli owed once the seats in `played` have played theirs.
    fn owed_after(&self, played: SeatSet) -> u8 {
        if self.config.rules().without_pflichtsolo {
            0
        } else {
            self.seat_count() - played.len()
        }
    }

    /// The seat `steps` places clockwise (to the left) of `seat`.
    fn seat_after(&self, seat: Seat, steps: u8) -> Seat {
        (seat + steps) % self.seat_count()
    }

    fn sitting_out(&self, dealer: Seat) -> Option<Seat> {
        match self.config.table_size() {
            TableSize::Four => None,
            TableSize::Five => Some(dealer),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Contract;
    use crate::sheet::test_support::*;

    #[test]
    fn worked_sequence_deal_by_deal() {
        let expected: Vec<Row> = vec![
            (0, None, N), // 1
            (1, None, N),
            (2, None, N),
            (3, None, N),
            (0, None, N), // 5
            (1, None, P), // 6: seat 3's Pflichtsolo, seat 1 deals again
            (1, None, N),
            (2, None, N),
            (3, None, N),
            (0, None, N), // 10
            (1, None, N),
            (2, None, N),
            (3, None, N),
            (0, None, N),
            (1, None, N), // 15
            (2, None, N),
            (3, None, N),
            (0, None, N),
            (1, None, N),
            (2, None, N), // 20
            (3, None, N),
            (0, Some(1), V), // 22: three owed, three left
            (1, Some(2), V),
            (2, Some(0), V), // 24: seat 3 is done, so seat 0
        ];
        let (round, _, rows) = play(four(), &worked_steps());
        assert_eq!(rows, expected);
        assert!(round.is_complete());
        assert_eq!(round.next(), None);
        assert_eq!(round.pflichtsolo_owed(), Vec::<Seat>::new());
        let numbers: Vec<u16> = round.deals().iter().map(|d| d.number).collect();
        assert_eq!(numbers, (1..=24).collect::<Vec<_>>());
    }

    #[test]
    fn owed_and_forced_seat_are_announced_in_time() {
        let (round, _, _) = play(four(), &worked_steps()[..21]);
        assert_eq!(round.pflichtsolo_owed(), vec![0, 1, 2]);
        assert_eq!(round.deals_left(), 3);
        assert_eq!(
            round.next(),
            Some(NextDeal {
                number: 22,
                dealer: 0,
                sitting_out: None,
                forced_soloist: Some(1)
            })
        );
        let (round, _, _) = play(four(), &worked_steps()[..20]);
        assert_eq!(round.next().unwrap().forced_soloist, None);
    }

    #[test]
    fn the_next_deal_offers_exactly_what_record_takes() {
        // Deal 21 of a plain 4-table round: seat 1 is forced (four owed, four left).
        let (round, _, _) = play(four(), &repeat(Normal, 20));
        let next = round.next().unwrap();
        assert_eq!(next.forced_soloist, Some(1));
        // At a 5-table after one normal game: seat 1 deals and sits out.
        let (five_round, _, _) = play(five(), &[Normal]);
        let five_next = five_round.next().unwrap();
        assert_eq!(five_next.sitting_out, Some(1));
        for (round, next) in [(&round, next), (&five_round, five_next)] {
            let seats = round.config().table_size().seats();
            for contract in Contract::ALL {
                for soloist in 0..seats {
                    let re = if contract.re_size() == 1 {
                        vec![soloist]
                    } else {
                        vec![soloist, (soloist + 2) % seats]
                    };
                    let offered = next.allows(contract) && re.iter().all(|&s| next.may_be_re(s));
                    let taken = round.clone().record(&entry(contract, &re)).is_ok();
                    assert_eq!(
                        offered, taken,
                        "{contract} by {re:?} at deal {}",
                        next.number
                    );
                }
            }
        }
        assert!(next.allows(Contract::SoloClubs));
        assert!(!next.allows(Contract::SilentWedding));
        assert!(next.may_be_re(1) && !next.may_be_re(0));
        assert!(five_next.allows(Contract::Normal));
        assert!(!five_next.may_be_re(1) && five_next.may_be_re(0));
    }

    #[test]
    fn plain_round_is_twenty_normal_games_and_four_forced_solos() {
        let mut steps = repeat(Normal, 20);
        steps.extend(repeat(Forced, 4));
        let (round, _, rows) = play(four(), &steps);
        let mut expected: Vec<Row> = (0..20).map(|i| (i % 4, None, N)).collect();
        expected.extend([
            (0, Some(1), V),
            (1, Some(2), V),
            (2, Some(3), V),
            (3, Some(0), V),
        ]);
        assert_eq!(rows, expected);
        assert!(round.is_complete());
        let mut after = round.clone();
        assert_eq!(
            after.record(&solo(0)),
            Err(SheetError::RoundComplete { deals: 24 })
        );
        assert_eq!(after, round);
    }

    #[test]
    fn a_second_solo_is_a_lustsolo_and_the_deal_passes_on() {
        let (round, _, rows) = play(four(), &[Solo(2), Solo(2), Solo(0), Normal, Solo(0)]);
        let expected: Vec<Row> = vec![
            (0, None, P), // seat 0 deals again
            (0, None, L), // deal passes on
            (1, None, P), // the dealer's own Pflichtsolo
            (1, None, N),
            (2, None, L),
        ];
        assert_eq!(rows, expected);
        assert_eq!(round.pflichtsolo_owed(), vec![1, 3]);
    }

    #[test]
    fn weddings_never_count_as_a_pflichtsolo() {
        let steps = [
            Step::Enter(entry(Contract::WeddingSolo, &[1])),
            Step::Enter(entry(Contract::SilentWedding, &[1])),
            Step::Enter(entry(Contract::Wedding, &[1, 3])),
            Solo(1),
        ];
        let (round, _, rows) = play(four(), &steps);
        let expected: Vec<Row> = vec![(0, None, N), (1, None, N), (2, None, N), (3, None, P)];
        assert_eq!(rows, expected);
        assert_eq!(round.pflichtsolo_owed(), vec![0, 2, 3]);
        // Nor do they fulfil a forced solo.
        let (round, _, _) = play(four(), &repeat(Normal, 20));
        let mut after = round.clone();
        assert_eq!(
            after.record(&entry(Contract::SilentWedding, &[1])),
            Err(SheetError::ForcedSoloMissing {
                deal: 21,
                forced: 1,
                contract: Contract::SilentWedding
            })
        );
        assert_eq!(after, round);
    }

    #[test]
    fn five_table_round_of_thirty() {
        let mut steps = repeat(Normal, 25);
        steps.extend(repeat(Forced, 5));
        let (round, _, rows) = play(five(), &steps);
        let mut expected: Vec<Row> = (0..25).map(|i| (i % 5, None, N)).collect();
        expected.extend([
            (0, Some(1), V),
            (1, Some(2), V),
            (2, Some(3), V),
            (3, Some(4), V),
            (4, Some(0), V),
        ]);
        assert_eq!(rows, expected);
        let out: Vec<Option<Seat>> = round.deals().iter().map(|d| d.sitting_out).collect();
        let dealers: Vec<Option<Seat>> = round.deals().iter().map(|d| Some(d.dealer)).collect();
        assert_eq!(out, dealers);
        assert!(round.is_complete());
        assert_eq!(round.deals().len(), 30);
    }

    #[test]
    fn five_table_pflichtsolo_dealer_deals_and_sits_out_again() {
        let (round, _, rows) = play(five(), &[Normal, Solo(3), Normal]);
        let expected: Vec<Row> = vec![(0, None, N), (1, None, P), (1, None, N)];
        assert_eq!(rows, expected);
        assert_eq!(round.deals()[2].sitting_out, Some(1));
    }

    #[test]
    fn five_table_owing_dealer_is_forced_last() {
        // Seats 1 and 2 play early; deal 26 of 28 is dealt by seat 3, who owes like seats 4
        // and 0: the seats to his left go first.
        let config = RoundConfig::new(TableSize::Five, 28).unwrap();
        let steps = [
            vec![Solo(1), Solo(2)],
            repeat(Normal, 23),
            repeat(Forced, 3),
        ]
        .concat();
        let (round, _, rows) = play(config, &steps);
        assert_eq!(rows[24], (2, None, N));
        assert_eq!(
            rows[25..],
            [(3, Some(4), V), (4, Some(0), V), (0, Some(3), V)]
        );
        assert!(round.is_complete());
    }

    #[test]
    fn five_table_lone_owing_dealer_passes_the_deal() {
        // Seats 1–4 play their Pflichtsoli first (seat 0 deals them all), then normal games
        // until seat 0 is due to deal the last deal while he alone still owes.
        let config = RoundConfig::new(TableSize::Five, 10).unwrap();
        let steps = [vec![Solo(1), Solo(2), Solo(3), Solo(4)], repeat(Normal, 5)].concat();
        let (mut round, _, rows) = play(config, &steps);
        assert_eq!(rows[8], (4, None, N));
        assert_eq!(
            round.next(),
            Some(NextDeal {
                number: 10,
                dealer: 1,
                sitting_out: Some(1),
                forced_soloist: Some(0)
            })
        );
        let deal = round.record(&solo(0)).unwrap();
        assert_eq!(
            deal,
            SheetDeal {
                number: 10,
                dealer: 1,
                sitting_out: Some(1),
                kind: V
            }
        );
        assert!(round.is_complete());

        // The same under time-up.
        let (mut round, _, _) = play(five(), &steps);
        round.time_up().unwrap();
        let next = round.next().unwrap();
        assert_eq!((next.dealer, next.forced_soloist), (1, Some(0)));
        assert_eq!(
            round.record(&solo(1)),
            Err(SheetError::SittingOutPlays { seat: 1, deal: 10 })
        );
        assert_eq!(round.record(&solo(0)).map(|d| d.kind), Ok(V));
        assert!(round.is_complete());

        // At a 4-table the lone owing dealer has cards and is forced himself (TSR 4.2.3).
        let config = RoundConfig::new(TableSize::Four, 8).unwrap();
        let steps = [
            vec![Solo(1), Solo(2), Solo(3)],
            repeat(Normal, 4),
            vec![Forced],
        ]
        .concat();
        let (round, _, rows) = play(config, &steps);
        assert_eq!(rows[7], (0, Some(0), V));
        assert!(round.is_complete());
    }

    #[test]
    fn time_up_after_deal_18_leaves_three_forced_solos() {
        let steps = [
            repeat(Normal, 5),
            vec![Solo(3)],
            repeat(Normal, 12),
            vec![TimeUp],
            repeat(Forced, 3),
        ]
        .concat();
        let (round, _, rows) = play(four(), &steps);
        assert_eq!(rows.len(), 21);
        assert_eq!(rows[17], (0, None, N));
        // Deal 19 is dealt by seat 1, whose left neighbour seat 2 owes.
        assert_eq!(
            rows[18..],
            [(1, Some(2), V), (2, Some(0), V), (3, Some(1), V)]
        );
        assert!(round.is_complete());
        assert!(round.is_time_up());
        assert_eq!(round.next(), None);
    }

    #[test]
    fn time_up_strikes_normal_games() {
        let (mut round, _, _) = play(four(), &[Normal, Solo(2), TimeUp]);
        assert_eq!(round.deals_left(), 3);
        let next = round.next().unwrap();
        assert_eq!(
            (next.number, next.dealer, next.forced_soloist),
            (3, 1, Some(3))
        );
        let before = round.clone();
        assert_eq!(
            round.record(&entry(Contract::Normal, &[0, 1])),
            Err(SheetError::ForcedSoloMissing {
                deal: 3,
                forced: 3,
                contract: Contract::Normal
            })
        );
        assert_eq!(
            round.record(&solo(2)),
            Err(SheetError::WrongSoloist {
                deal: 3,
                forced: 3,
                soloist: 2
            })
        );
        assert_eq!(round, before);
    }

    #[test]
    fn time_up_with_nothing_owed_completes_at_once() {
        let (mut round, _, rows) = play(four(), &[Solo(1), Solo(2), Solo(3), Solo(0), Normal]);
        assert_eq!(rows[3], (0, None, P));
        assert!(!round.is_complete());
        round.time_up().unwrap();
        assert!(round.is_complete());
        assert_eq!(round.next(), None);
        assert_eq!(round.deals().len(), 5);
        assert_eq!(
            round.record(&entry(Contract::Normal, &[0, 1])),
            Err(SheetError::RoundComplete { deals: 5 })
        );
    }

    #[test]
    fn time_up_twice_or_after_the_end_is_refused() {
        let (mut round, _, _) = play(four(), &[Normal]);
        round.time_up().unwrap();
        assert_eq!(round.time_up(), Err(SheetError::TimeAlreadyUp));

        let (mut round, _, _) = play(four(), &worked_steps());
        assert_eq!(
            round.time_up(),
            Err(SheetError::RoundComplete { deals: 24 })
        );
        assert!(!round.is_time_up());
    }

    #[test]
    fn impossible_entries_are_refused() {
        let fresh5 = Round::new(five());
        let fresh4 = Round::new(four());
        let (forced4, _, _) = play(four(), &repeat(Normal, 20));
        let cases: Vec<(&Round, EnteredDeal, SheetError)> = vec![
            (
                &forced4,
                solo(2),
                SheetError::WrongSoloist {
                    deal: 21,
                    forced: 1,
                    soloist: 2,
                },
            ),
            (
                &forced4,
                entry(Contract::Normal, &[1, 2]),
                SheetError::ForcedSoloMissing {
                    deal: 21,
                    forced: 1,
                    contract: Contract::Normal,
                },
            ),
            (
                &forced4,
                entry(Contract::WeddingSolo, &[1]),
                SheetError::ForcedSoloMissing {
                    deal: 21,
                    forced: 1,
                    contract: Contract::WeddingSolo,
                },
            ),
            (
                &fresh5,
                entry(Contract::Normal, &[0, 2]),
                SheetError::SittingOutPlays { seat: 0, deal: 1 },
            ),
            (
                &fresh5,
                solo(0),
                SheetError::SittingOutPlays { seat: 0, deal: 1 },
            ),
            (
                &fresh4,
                entry(Contract::Normal, &[1]),
                SheetError::ReSize {
                    contract: Contract::Normal,
                    expected: 2,
                    got: 1,
                },
            ),
            (
                &fresh4,
                entry(Contract::SoloClubs, &[1, 2]),
                SheetError::ReSize {
                    contract: Contract::SoloClubs,
                    expected: 1,
                    got: 2,
                },
            ),
            (
                &fresh4,
                entry(Contract::SilentWedding, &[1, 2]),
                SheetError::ReSize {
                    contract: Contract::SilentWedding,
                    expected: 1,
                    got: 2,
                },
            ),
            (
                &fresh4,
                entry(Contract::Normal, &[1, 4]),
                SheetError::SeatOutOfRange { seat: 4, seats: 4 },
            ),
        ];
        for (round, deal, expected) in cases {
            let mut after = round.clone();
            assert_eq!(after.record(&deal), Err(expected), "{deal:?}");
            assert_eq!(&after, round, "a refused deal changes nothing");
        }
        // A 5-table player other than the dealer may play at deal 1.
        assert_eq!(
            fresh5.clone().record(&solo(4)).map(|d| d.kind),
            Ok(DealKind::Pflichtsolo)
        );
    }

    #[test]
    fn a_deal_that_leaves_too_few_deals_is_refused() {
        // Not reachable through `record`, since forcing starts in time: the guard is for a
        // state that got corrupted anyway.
        let mut round = Round::new(four());
        round.deals = (1..=21)
            .map(|number| SheetDeal {
                number,
                dealer: 0,
                sitting_out: None,
                kind: N,
            })
            .collect();
        assert_eq!(round.next().unwrap().forced_soloist, None);
        assert_eq!(
            round.record(&entry(Contract::Normal, &[1, 2])),
            Err(SheetError::TooFewDealsLeft {
                deal: 22,
                owed: 4,
                left: 2
            })
        );
    }

    #[test]
    fn a_round_as_short_as_its_seats_is_all_forced() {
        let config = RoundConfig::new(TableSize::Five, 5).unwrap();
        let (round, _, rows) = play(config, &repeat(Forced, 5));
        let forced: Vec<Option<Seat>> = rows.iter().map(|r| r.1).collect();
        assert_eq!(forced, [Some(1), Some(2), Some(3), Some(4), Some(0)]);
        assert!(round.is_complete());
    }
}
