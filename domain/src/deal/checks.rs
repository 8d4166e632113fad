//! The checks that make facts possible facts: the contract in the rules, who plays at
//! the table, the points the tricks can hold, the extras the deal can have; the paper
//! summary's bounds.

use super::{
    Contract, DealFacts, Extras, FactsError, Party, PartyExtras, Seat, SeatSet, TableSize,
    max_value_with, points_range_with,
};
use crate::game::ruleset::{KarlchenRule, Ruleset};

/// A contract the rules have: Armut only where the club plays it (house rule XII).
fn check_contract(contract: Contract, rules: &Ruleset) -> Result<(), FactsError> {
    if !contract.in_rules(rules) {
        return Err(FactsError::ArmutNotInRules);
    }
    Ok(())
}

/// Checks who plays what at the table: every Re seat is at the table, the seat that sits
/// out (a 5-table's dealer, TSR 10.1) is given exactly when the table has one and is not in
/// the Re party, and the Re party has the contract's size. The full facts and the paper
/// summary share it, so both name the same mistake the same way.
fn check_parties(
    table_size: TableSize,
    contract: Contract,
    re: SeatSet,
    sitting_out: Option<Seat>,
) -> Result<(), FactsError> {
    let seats = table_size.seats();
    if let Some(seat) = re.iter().find(|&s| s >= seats) {
        return Err(FactsError::SeatOutOfRange { seat, seats });
    }
    match (table_size, sitting_out) {
        (TableSize::Four, Some(_)) => return Err(FactsError::SittingOutAtFourTable),
        (TableSize::Five, None) => return Err(FactsError::SittingOutMissing),
        (TableSize::Five, Some(seat)) if seat >= seats => {
            return Err(FactsError::SittingOutNotAtTable { seat, seats });
        }
        (TableSize::Five, Some(seat)) if re.contains(seat) => {
            return Err(FactsError::SittingOutPlays { seat });
        }
        _ => {}
    }
    let expected = contract.re_size();
    if re.len() != expected {
        return Err(FactsError::ReSize {
            contract,
            expected,
            got: re.len(),
        });
    }
    Ok(())
}

/// The party of `seat` at a table where `re` is Re and `sitting_out` sits out; `None` for
/// the seat that sits out and for a seat not at the table.
const fn party_at(
    table_size: TableSize,
    re: SeatSet,
    sitting_out: Option<Seat>,
    seat: Seat,
) -> Option<Party> {
    if seat >= table_size.seats() {
        return None;
    }
    if let Some(out) = sitting_out
        && out == seat
    {
        return None;
    }
    if re.contains(seat) {
        Some(Party::Re)
    } else {
        Some(Party::Kontra)
    }
}

/// What the paper score sheet holds of a deal (TSR 7.3.3): the contract, who played Re (or
/// the solo), the game value and which party's entries are positive. A table that lost its
/// phone finishes its round on paper, and the organiser keys the list in afterwards.
///
/// The card points, calls and extras behind the value are not on the paper, so nothing of
/// TSR 7.1–7.2 can be checked but the bounds: the value is one that a deal of the contract
/// can reach ([`crate::score::max_value`]). [`crate::score::score_paper`] turns it into the
/// same entries per seat as the full facts of that deal would give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaperFacts {
    /// Four or five seats at the table.
    pub table_size: TableSize,
    /// The contract as played; it decides whether the soloist's entry is ×3 (TSR 7.2.4).
    pub contract: Contract,
    /// The Re party: two seats in a normal game or wedding, the soloist alone otherwise.
    pub re: SeatSet,
    /// At a 5-table, the dealer, who sits out; `None` at a 4-table.
    pub sitting_out: Option<Seat>,
    /// The game value as written: what each player of the winning party gets (the
    /// soloist three times that), 0 up to [`crate::score::max_value`]. Kept as entered so
    /// that an impossible number is refused rather than cut.
    pub value: u16,
    /// The party whose entries are positive: the winners the paper marks (TSR 7.3.3), who
    /// are the losers of TSR 7.1 when the losers' extras outweigh the win (TSR 7.2.3).
    /// Needed for any value but 0, where nobody scores.
    pub winner: Option<Party>,
}

impl PaperFacts {
    /// Checks that the summary can describe a deal: the value within the contract's bounds,
    /// then the parties as [`DealFacts::validate`] checks them, then the winner.
    pub fn validate(&self) -> Result<(), FactsError> {
        self.validate_with(&Ruleset::DDV)
    }

    /// As [`PaperFacts::validate`], with the value bounded by what a deal can reach under
    /// `rules` ([`crate::score::max_value_with`]).
    pub fn validate_with(&self, rules: &Ruleset) -> Result<(), FactsError> {
        let max = max_value_with(self.contract, rules);
        if self.value > max {
            return Err(FactsError::ValueOutOfRange {
                contract: self.contract,
                value: self.value,
                max,
            });
        }
        check_contract(self.contract, rules)?;
        check_parties(self.table_size, self.contract, self.re, self.sitting_out)?;
        if self.value > 0 && self.winner.is_none() {
            return Err(FactsError::WinnerMissing { value: self.value });
        }
        Ok(())
    }

    /// The party of `seat`, or `None` for the seat that sits out.
    pub const fn party_of(&self, seat: Seat) -> Option<Party> {
        party_at(self.table_size, self.re, self.sitting_out, seat)
    }
}

impl DealFacts {
    /// Checks that the facts describe a possible deal under the TSR.
    pub fn validate(&self) -> Result<(), FactsError> {
        self.validate_with(&Ruleset::DDV)
    }

    /// Checks that the facts describe a possible deal under `rules`: its number of tricks
    /// and its deck (without the nines: ten tricks, and every card has points), and the
    /// caught Karlchen (one last trick, won by one party). The card points are 240 in
    /// either deck.
    pub fn validate_with(&self, rules: &Ruleset) -> Result<(), FactsError> {
        if self.re_points > 240 {
            return Err(FactsError::PointsOutOfRange {
                points: self.re_points.into(),
            });
        }
        if self.re_tricks > 12 {
            return Err(FactsError::TricksOutOfRange {
                tricks: self.re_tricks.into(),
            });
        }
        if self.re_tricks > rules.tricks() {
            return Err(FactsError::TricksBeyondDeal {
                tricks: self.re_tricks,
                max: rules.tricks(),
            });
        }
        check_contract(self.contract, rules)?;
        check_parties(self.table_size, self.contract, self.re, self.sitting_out)?;
        match (self.contract.asks_club_queens(rules), self.club_queens) {
            (true, None) => return Err(FactsError::ClubQueensMissing),
            (false, Some(_)) => return Err(FactsError::ClubQueensNotInRules),
            _ => {}
        }
        let (min, max) = points_range_with(self.re_tricks, rules);
        if self.re_points < min || self.re_points > max {
            return Err(FactsError::PointsDoNotFitTricks {
                points: self.re_points,
                tricks: self.re_tricks,
                min,
                max,
            });
        }
        self.validate_extras(rules)
    }

    fn validate_extras(&self, rules: &Ruleset) -> Result<(), FactsError> {
        let PartyExtras { re, kontra } = self.extras;
        if self.contract.scored_as_solo() {
            if re.is_empty() && kontra.is_empty() {
                return Ok(());
            }
            return Err(FactsError::ExtrasInSolo {
                contract: self.contract,
            });
        }
        // Summed in u16: each count is a client's u8, and 200 + 100 foxes must be refused as
        // too many, not overflow.
        let foxes = u16::from(re.fox) + u16::from(kontra.fox);
        if foxes > 2 {
            return Err(FactsError::TooManyFoxes { total: foxes });
        }
        let karlchen = u16::from(re.karlchen) + u16::from(kontra.karlchen);
        if karlchen > 1 {
            return Err(FactsError::TooManyKarlchen { total: karlchen });
        }
        // One last trick, won by one party: one caught Karlchen at most, and the Karlchen
        // point and the catch both belong to the party that won it.
        let caught = u16::from(re.karlchen_caught) + u16::from(kontra.karlchen_caught);
        if caught > 1 {
            return Err(FactsError::TooManyKarlchen { total: caught });
        }
        let last_trick = |e: Extras| e.karlchen > 0 || e.karlchen_caught > 0;
        if last_trick(re) && last_trick(kontra) {
            return Err(FactsError::TooManyKarlchen {
                total: karlchen + caught,
            });
        }
        self.validate_house_extras(rules)?;
        // Lizzie Miller: only a winning ♦Q catches, so the card that won the last trick was
        // either the ♣J (Karlchen) or the ♦Q (the catch), never both.
        if rules.karlchen == KarlchenRule::LizzieMiller && (karlchen > 0 && caught > 0) {
            return Err(FactsError::TooManyKarlchen {
                total: karlchen + caught,
            });
        }
        for party in [Party::Re, Party::Kontra] {
            let extras = self.extras.of(party);
            let (points, tricks) = (self.points_of(party), self.tricks_in(party, rules));
            if extras.doppelkopf > tricks {
                return Err(FactsError::DoppelkopfExceedsTricks {
                    party,
                    doppelkopf: extras.doppelkopf,
                    tricks,
                });
            }
            if tricks == 0 && !extras.is_empty() {
                return Err(FactsError::ExtrasWithoutTricks { party });
            }
            // A fox may lie in a Doppelkopf trick, so the two needs are not added up.
            // A caught Karlchen lies in a trick with the card that caught it: 4 at least.
            // The foxes and the ♥10 captured are different cards: their points add up.
            let needed = (40 * u16::from(extras.doppelkopf))
                .max(11 * u16::from(extras.fox) + 10 * u16::from(extras.heart_ten))
                .max(2 * u16::from(extras.karlchen))
                .max(4 * u16::from(extras.karlchen_caught));
            if u16::from(points) < needed {
                return Err(FactsError::ExtrasExceedPoints { party, points });
            }
        }
        Ok(())
    }

    /// The counts of the extras only house rules have, beside the TSR's and the caught
    /// Karlchen: each only under its switch, the foxes of the last trick among the party's
    /// foxes and in the same trick as any Karlchen, two ♥10 at most.
    fn validate_house_extras(&self, rules: &Ruleset) -> Result<(), FactsError> {
        let PartyExtras { re, kontra } = self.extras;
        for party in [Party::Re, Party::Kontra] {
            let extras = self.extras.of(party);
            if extras.fox_last_trick > 0 && !rules.fox_last_trick_two {
                return Err(FactsError::ExtraNotInRules {
                    party,
                    extra: "fox_last_trick",
                });
            }
            if extras.heart_ten > 0 && !rules.heart_ten_point {
                return Err(FactsError::ExtraNotInRules {
                    party,
                    extra: "heart_ten",
                });
            }
        }
        let heart_tens = u16::from(re.heart_ten) + u16::from(kontra.heart_ten);
        if heart_tens > 2 {
            return Err(FactsError::TooManyHeartTens { total: heart_tens });
        }
        for party in [Party::Re, Party::Kontra] {
            let extras = self.extras.of(party);
            if extras.fox_last_trick > extras.fox {
                return Err(FactsError::FoxLastTrickExceedsFoxes {
                    party,
                    last_trick: extras.fox_last_trick,
                    foxes: extras.fox,
                });
            }
        }
        let last_trick =
            |e: Extras| e.karlchen > 0 || e.karlchen_caught > 0 || e.fox_last_trick > 0;
        if last_trick(re) && last_trick(kontra) {
            return Err(FactsError::LastTrickForBoth);
        }
        Ok(())
    }

    /// The party of `seat`, or `None` for the seat that sits out.
    pub const fn party_of(&self, seat: Seat) -> Option<Party> {
        party_at(self.table_size, self.re, self.sitting_out, seat)
    }

    /// Card points of `party`. On facts that [`DealFacts::validate`] would refuse (Re with
    /// more than 240) Kontra has 0 rather than an overflow: the fields are public, so the
    /// facts may not have been validated.
    pub const fn points_of(&self, party: Party) -> u8 {
        match party {
            Party::Re => self.re_points,
            Party::Kontra => 240u8.saturating_sub(self.re_points),
        }
    }

    /// Tricks of `party`; as [`DealFacts::points_of`], Kontra has 0 if Re has more than 12.
    pub const fn tricks_of(&self, party: Party) -> u8 {
        match party {
            Party::Re => self.re_tricks,
            Party::Kontra => 12u8.saturating_sub(self.re_tricks),
        }
    }

    /// Tricks of `party` in a deal of `rules` ([`Ruleset::tricks`]: 10 without the nines);
    /// Kontra has 0 if Re has more than the deal's tricks.
    pub const fn tricks_in(&self, party: Party, rules: &Ruleset) -> u8 {
        match party {
            Party::Re => self.re_tricks,
            Party::Kontra => rules.tricks().saturating_sub(self.re_tricks),
        }
    }

    /// Whether `party` is schwarz: took no trick (TSR 7.2.2 a), or under the info page's
    /// reading ([`Ruleset::schwarz_by_card_points`]) no card point.
    pub const fn is_schwarz(&self, party: Party, rules: &Ruleset) -> bool {
        if rules.schwarz_by_card_points {
            self.points_of(party) == 0
        } else {
            self.tricks_in(party, rules) == 0
        }
    }

    /// `party`'s tricks as the "schwarz" Absage counts them ([`CallLevel::kept`](super::CallLevel::kept)): none when
    /// it is schwarz ([`DealFacts::is_schwarz`]), at least one otherwise; under the TSR its
    /// tricks.
    pub const fn schwarz_tricks(&self, party: Party, rules: &Ruleset) -> u8 {
        if self.is_schwarz(party, rules) {
            0
        } else if self.tricks_in(party, rules) == 0 {
            1
        } else {
            self.tricks_in(party, rules)
        }
    }
}
