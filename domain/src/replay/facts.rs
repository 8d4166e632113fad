//! The result of a replay: the facts for the scorer (parties, card points, tricks, calls)
//! and the extras of a game scored as normal (TSR 7.2.3).

use super::SEATS;
use super::engine::{Engine, Trick};
use crate::cards::{Card, Rank, Suit};
use crate::deal::{
    Announcements, ClubQueens, Contract, DealFacts, Party, PartyExtras, Seat, SeatSet, TableSize,
};
use crate::game::{KarlchenRule, Ruleset};

/// A replayed deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The facts for the scorer, with the contract as played.
    pub facts: DealFacts,
    /// The tricks in order: twelve, or ten without the nines.
    pub tricks: Vec<Trick>,
}

impl Engine {
    /// The facts of the finished deal; call only when [`Engine::is_over`].
    pub(crate) fn finish(self) -> Replay {
        let mut re_points = 0u8;
        let mut re_tricks = 0u8;
        for trick in &self.tricks {
            if self.re.contains(trick.winner) {
                re_points += trick.points;
                re_tricks += 1;
            }
        }
        let extras = if matches!(self.contract, Contract::Normal | Contract::Wedding) {
            extras(
                &self.tricks,
                self.re,
                // With only the first fox a piglet, the second is a fox again (the first
                // won its trick, so it is never caught).
                self.schweinchen.is_none() || self.rules.first_fox_piglet,
                &self.rules,
            )
        } else {
            PartyExtras::default()
        };
        let club_queens = (self.armut && self.rules.armut_alten_by_queens)
            .then(|| club_queens(&self.tricks, self.re));
        Replay {
            facts: DealFacts {
                table_size: TableSize::Four,
                // The Armut is played as a normal game, and reported as what it was.
                contract: if self.armut {
                    Contract::Armut
                } else {
                    self.contract
                },
                re: self.re,
                sitting_out: None,
                re_points,
                re_tricks,
                announcements: Announcements {
                    re: self.levels[0],
                    kontra: self.levels[1],
                },
                extras,
                club_queens,
            },
            tricks: self.tricks,
        }
    }
}

/// Who held both ♣Q once an Armut's exchange was made: who played them, `re` the pair.
fn club_queens(tricks: &[Trick], re: SeatSet) -> ClubQueens {
    let queen = Card::new(Suit::Clubs, Rank::Queen);
    let re_played = tricks
        .iter()
        .flat_map(|t| (0..t.cards.len()).map(move |i| (t.cards[i], t.player(i))))
        .filter(|&(card, seat)| card == queen && re.contains(seat))
        .count();
    match re_played {
        2 => ClubQueens::Re,
        0 => ClubQueens::Kontra,
        _ => ClubQueens::Split,
    }
}

/// Doppelkopf, fox and Karlchen per party (TSR 7.2.3), for a game scored as normal; no
/// foxes when both ♦ aces were Schweinchen (`foxes` false); the caught Karlchen under the
/// house rule XI, the foxes of the last trick and the captured ♥10 where `rules` count
/// them.
fn extras(tricks: &[Trick], re: SeatSet, foxes: bool, rules: &Ruleset) -> PartyExtras {
    let fox = Card::new(Suit::Diamonds, Rank::Ace);
    let heart_ten = Card::new(Suit::Hearts, Rank::Ten);
    let karlchen = Card::new(Suit::Clubs, Rank::Jack);
    let party = |seat: Seat| {
        if re.contains(seat) {
            Party::Re
        } else {
            Party::Kontra
        }
    };
    let mut out = PartyExtras::default();
    for (number, trick) in tricks.iter().enumerate() {
        let winners = party(trick.winner);
        let credit = match winners {
            Party::Re => &mut out.re,
            Party::Kontra => &mut out.kontra,
        };
        if trick.points >= 40 {
            credit.doppelkopf += 1;
        }
        let last = number + 1 == tricks.len();
        for (i, &card) in trick.cards.iter().enumerate() {
            if party(trick.player(i)) == winners {
                continue;
            }
            if foxes && card == fox {
                credit.fox += 1;
                credit.fox_last_trick += u8::from(last && rules.fox_last_trick_two);
            }
            if card == heart_ten && rules.heart_ten_point {
                credit.heart_ten += 1;
            }
        }
        // The winning card was played by the winner, so the ♣J's party is the winners'.
        let winning = usize::from((trick.winner + SEATS - trick.leader) % SEATS);
        if last {
            if trick.cards[winning] == karlchen {
                credit.karlchen += 1;
            }
            credit.karlchen_caught = caught(trick, winning, &party, rules.karlchen);
        }
    }
    out
}

/// 1 when the winners of the last trick caught a ♣J of the other party in it (house
/// rule XI). Under [`KarlchenRule::Caught`] any winning card catches ("Lost Charlie"; a
/// ♣J lost to one's partner is not caught); under [`KarlchenRule::SecondBeatsFirst`]
/// only the second ♣J catches the first ("the only legitimate way to capture Charlie").
/// Under [`KarlchenRule::LizzieMiller`] only a winning ♦Q catches ("A Charlie lost to
/// another higher trump is not scored").
/// At most 1, even if both ♣J of the other party lie in the trick: the party caught
/// Karlchen, as the shared field says.
fn caught(trick: &Trick, winning: usize, party: &dyn Fn(Seat) -> Party, rule: KarlchenRule) -> u8 {
    let karlchen = Card::new(Suit::Clubs, Rank::Jack);
    let diamond_queen = Card::new(Suit::Diamonds, Rank::Queen);
    let winners = party(trick.winner);
    let catches = |i: usize| match rule {
        KarlchenRule::Ddv => false,
        KarlchenRule::Caught => i != winning,
        KarlchenRule::SecondBeatsFirst => i < winning && trick.cards[winning] == karlchen,
        KarlchenRule::LizzieMiller => trick.cards[winning] == diamond_queen,
    };
    let any = (0..trick.cards.len())
        .any(|i| trick.cards[i] == karlchen && party(trick.player(i)) != winners && catches(i));
    u8::from(any)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Extras;
    use crate::replay::fixtures::*;
    use crate::replay::replay;

    #[test]
    fn a_normal_game_has_points_tricks_and_extras() {
        let replayed = replay(&normal(&[])).unwrap();
        let winners: Vec<Seat> = replayed.tricks.iter().map(|t| t.winner).collect();
        assert_eq!(winners, [0, 0, 0, 2, 3, 0, 0, 1, 1, 1, 2, 2]);
        let points: Vec<u8> = replayed.tricks.iter().map(|t| t.points).collect();
        assert_eq!(points, [42, 8, 32, 18, 26, 7, 34, 19, 11, 17, 10, 16]);
        let facts = replayed.facts;
        assert_eq!(facts.contract, Contract::Normal);
        assert_eq!(facts.re, seats(&[0, 2]));
        assert_eq!(facts.table_size, TableSize::Four);
        assert_eq!(facts.sitting_out, None);
        assert_eq!(facts.re_points, 167);
        assert_eq!(facts.re_tricks, 8);
        assert_eq!(facts.announcements, Announcements::default());
        assert_eq!(
            facts.extras,
            PartyExtras {
                re: Extras {
                    doppelkopf: 1,
                    fox: 1,
                    karlchen: 1,
                    karlchen_caught: 0,
                    fox_last_trick: 0,
                    heart_ten: 0,
                },
                kontra: Extras {
                    doppelkopf: 0,
                    fox: 1,
                    karlchen: 0,
                    karlchen_caught: 0,
                    fox_last_trick: 0,
                    heart_ten: 0,
                },
            }
        );
        assert_eq!(facts.validate(), Ok(()));
        assert_eq!(replayed.tricks[0].leader, 0);
        assert_eq!(replayed.tricks[3].leader, 0);
        assert_eq!(replayed.tricks[4].leader, 2);
    }

    #[test]
    fn a_wedding_finds_its_partner_in_trick_2() {
        let replayed = replay(&wedding2(&[])).unwrap();
        let facts = replayed.facts;
        assert_eq!(facts.contract, Contract::Wedding);
        assert_eq!(facts.re, seats(&[0, 1]));
        // Tricks 1, 2, 6, 7, 8, 9, 10, 11.
        assert_eq!((facts.re_points, facts.re_tricks), (148, 8));
        assert_eq!(
            facts.extras,
            PartyExtras {
                // Trick 1 is a Doppelkopf; seat 2's fox falls to seat 1 in trick 10; seat
                // 1's own fox in trick 7 goes to its partner and is no fox.
                re: Extras {
                    doppelkopf: 1,
                    fox: 1,
                    karlchen: 0,
                    karlchen_caught: 0,
                    fox_last_trick: 0,
                    heart_ten: 0,
                },
                kontra: Extras {
                    doppelkopf: 0,
                    fox: 0,
                    karlchen: 1,
                    karlchen_caught: 0,
                    fox_last_trick: 0,
                    heart_ten: 0,
                },
            }
        );
        assert_eq!(facts.validate(), Ok(()));
    }
}
