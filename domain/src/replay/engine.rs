//! The trick-taking engine: whose turn it is, which cards a seat may play (following the
//! effective suit, TSR 5.2), who takes a trick, and how a wedding finds its partner
//! (TSR 4.4.3). The calls ([`super::calls`]) and the facts of the finished deal
//! ([`super::facts`]) extend the same [`Engine`] in their own files.

use super::SEATS;
use super::error::ReplayErrorKind;
use crate::cards::{Card, Effective, Rank, Ranking, SecondWins, Suit};
use crate::deal::{CallLevel, Contract, Party, Seat, SeatSet};
use crate::game::{KarlchenRule, Ruleset, SecondHeartTen};

/// One complete trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trick {
    /// The seat that led.
    pub leader: Seat,
    /// The cards in play order; the card at position `i` was played by `(leader + i) % 4`.
    pub cards: [Card; 4],
    /// The seat that took the trick.
    pub winner: Seat,
    /// The card points in the trick.
    pub points: u8,
}

impl Trick {
    /// The seat that played the card at position `i` (0–3) of the trick.
    pub const fn player(&self, i: usize) -> Seat {
        // The fields are public, so `leader` may be any u8: reduce it first so that the
        // sum stays below 8 instead of overflowing. For a real leader (0–3) it is the same.
        (self.leader % SEATS + (i % 4) as u8) % SEATS
    }
}

/// Index of trump in the per-seat suit counters; plain suits use their discriminant.
const TRUMP_SLOT: usize = 4;

const fn slot(effective: Effective) -> usize {
    match effective {
        Effective::Trump => TRUMP_SLOT,
        Effective::Plain(suit) => suit as usize,
    }
}

/// The rule engine: the state of a deal between events. Every method checks before it
/// changes anything, so a rejected play or call leaves the state as it was (the simulator
/// relies on that to try calls).
///
/// The fields that the calls and the final facts need are `pub(super)`, because those
/// parts of the engine live in sibling files; the play state stays private to this one.
#[derive(Debug, Clone)]
pub(crate) struct Engine {
    /// The house rules played ([`Ruleset::DDV`]: the TSR).
    pub(super) rules: Ruleset,
    /// Cards a hand holds at the start: 12, or 10 without the nines.
    pub(super) hand: u8,
    /// The trump order; it changes once, when Schweinchen is announced.
    pub(super) ranking: &'static Ranking,
    /// The seat that announced Schweinchen, whose ♦ aces are the highest trumps.
    pub(super) schweinchen: Option<Seat>,
    /// The contract as played so far; a wedding becomes final with its clarifying trick.
    pub(super) contract: Contract,
    /// The Re party; in a wedding only the wedding player until the clarifying trick.
    pub(super) re: SeatSet,
    /// The wedding player while the clarifying trick is outstanding.
    pub(super) pending_wedding: Option<Seat>,
    /// The kind of trick the wedding player named to find his partner (Wikipedia's
    /// variant): `Some(true)` the first trump trick, `Some(false)` the first non-trump
    /// trick; `None` any trick, as in the TSR.
    pub(super) wedding_trick: Option<bool>,
    /// Number (1–3) of the wedding's clarifying trick, once played.
    pub(super) clarifying: Option<u8>,
    /// Cards still held, per seat and kind.
    pub(super) hands: [[u8; 24]; 4],
    /// The hands as dealt: the hands at the start, unless an Armut exchanged cards.
    pub(super) dealt: [[u8; 24]; 4],
    /// An Armut's exchange was checked before play ([`super::armut`]): its events pass.
    pub(super) armut: bool,
    /// Cards still held, per seat and effective suit (plain suits, then trump).
    suits: [[u8; 5]; 4],
    pub(super) played: [u8; 4],
    leader: Seat,
    current: [Card; 4],
    in_trick: u8,
    pub(super) tricks: Vec<Trick>,
    pub(super) levels: [CallLevel; 2],
    pub(super) late_reply: [bool; 2],
    /// Who must announce Re or Kontra under the house rules, and when he may at the latest
    /// (cards on the table): after the first trick (Wikipedia's forced announcement) and
    /// after Schweinchen (piglets force a call).
    pub(super) forced: [Option<Forced>; 2],
    /// Whether "half a chicken" was announced (it scores nothing; kept to refuse a repeat).
    pub(super) half_chicken: bool,
    /// Whether super piglets were announced (the ♦9 on top).
    pub(super) super_schweinchen: bool,
}

/// The index of `party` in the per-party arrays (`levels`, `late_reply`).
pub(super) const fn party_index(party: Party) -> usize {
    match party {
        Party::Re => 0,
        Party::Kontra => 1,
    }
}

/// A player who must announce his party's Ansage, and the moment (cards on the table) at
/// which he may still do so whatever the deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Forced {
    pub(crate) seat: Seat,
    pub(crate) at: u8,
    /// The level his party owes: its Ansage, or under
    /// [`Ruleset::forced_announcement_raises`] the next one when it had that already.
    pub(crate) level: CallLevel,
}

impl Engine {
    /// A deal about to start, from the declaration and the hands (12 cards each). The
    /// declaration must have passed [`check_request`](super::request::check_request); a
    /// wedding player without both ♣Q is not caught here.
    pub(crate) fn start(
        declared: Contract,
        declarer: Option<Seat>,
        dealer: Seat,
        compulsory: bool,
        hands: [[u8; 24]; 4],
    ) -> Engine {
        Engine::start_with(declared, declarer, dealer, compulsory, hands, &Ruleset::DDV)
    }

    /// As [`Engine::start`], under `rules` (the hands must hold `rules`' hand size).
    pub(crate) fn start_with(
        declared: Contract,
        declarer: Option<Seat>,
        dealer: Seat,
        compulsory: bool,
        hands: [[u8; 24]; 4],
        rules: &Ruleset,
    ) -> Engine {
        let club_queen = Card::new(Suit::Clubs, Rank::Queen).index();
        let mut re = SeatSet::EMPTY;
        let mut contract = declared;
        let mut wedding_player = None;
        match (declared, declarer) {
            (Contract::Wedding, Some(player)) => {
                re = re.with(player);
                wedding_player = Some(player);
            }
            (_, Some(soloist)) => re = re.with(soloist),
            (_, None) => {
                for seat in 0..SEATS {
                    if hands[usize::from(seat)][club_queen] > 0 {
                        re = re.with(seat);
                    }
                }
                if re.len() == 1 {
                    contract = Contract::SilentWedding;
                }
            }
        }
        // TSR 4.2.2: the Pflichtsolo player leads; otherwise the dealer's left neighbour.
        let leader = match (compulsory, declarer) {
            (true, Some(soloist)) => soloist,
            _ => (dealer + 1) % SEATS,
        };
        let ranking = Ranking::of(contract);
        let mut suits = [[0u8; 5]; 4];
        for (seat, hand) in hands.iter().enumerate() {
            for (kind, &count) in hand.iter().enumerate() {
                suits[seat][slot(ranking.effective(Card::DECK[kind]))] += count;
            }
        }
        Engine {
            rules: *rules,
            hand: hand_size(rules),
            ranking,
            schweinchen: None,
            contract,
            re,
            pending_wedding: wedding_player,
            wedding_trick: None,
            clarifying: None,
            hands,
            dealt: hands,
            armut: false,
            suits,
            played: [0; 4],
            leader,
            current: [Card::DECK[0]; 4],
            in_trick: 0,
            tricks: Vec::with_capacity(12),
            levels: [CallLevel::None; 2],
            late_reply: [false; 2],
            forced: [None; 2],
            half_chicken: false,
            super_schweinchen: false,
        }
    }

    /// Cards on the table so far: the tricks' and the trick being played.
    pub(crate) fn on_table(&self) -> u8 {
        (self.tricks.len() as u8)
            .saturating_mul(SEATS)
            .saturating_add(self.in_trick)
    }

    /// The seat whose turn it is.
    pub(crate) const fn to_play(&self) -> Seat {
        (self.leader + self.in_trick) % SEATS
    }

    /// Whether all cards are played (12 tricks, or 10 without the nines).
    pub(crate) fn is_over(&self) -> bool {
        self.tricks.len() >= usize::from(self.rules.tricks())
    }

    /// Whether any card of the deal is played.
    pub(super) fn started(&self) -> bool {
        !self.tricks.is_empty() || self.in_trick > 0
    }

    /// The kinds of which the second copy beats the first in the trick being finished:
    /// none under the TSR (TSR 5.3.3). The ♥10 under house rule IX (in every trick, in all
    /// but the last, or only in the last, as the switch says), while it is trump;
    /// the ♣J in the last trick under house rule XI's "second Charlie", in a game with
    /// extras (a normal game or wedding), since the rule is about catching Karlchen.
    fn second_wins(&self) -> SecondWins {
        let last = self.tricks.len() + 1 == usize::from(self.rules.tricks());
        let heart_ten = Card::new(Suit::Hearts, Rank::Ten);
        let club_jack = Card::new(Suit::Clubs, Rank::Jack);
        let mut second = SecondWins::NONE;
        let hearts = match self.rules.second_heart_ten {
            SecondHeartTen::Off => false,
            SecondHeartTen::Always => true,
            SecondHeartTen::ExceptLastTrick => !last,
            SecondHeartTen::OnlyLastTrick => last,
        };
        if hearts && self.ranking.is_trump(heart_ten) {
            second = second.with(heart_ten);
        }
        if last
            && self.rules.karlchen == KarlchenRule::SecondBeatsFirst
            && !self.contract.scored_as_solo()
        {
            second = second.with(club_jack);
        }
        second
    }

    /// The party of `seat`, once it is settled (in a wedding: after the clarifying trick).
    pub(crate) fn party_of(&self, seat: Seat) -> Option<Party> {
        if self.pending_wedding.is_some() {
            None
        } else if self.re.contains(seat) {
            Some(Party::Re)
        } else {
            Some(Party::Kontra)
        }
    }

    /// Whether `seat` may play `card` now, as far as following suit goes (turn and hand
    /// are checked by [`Engine::play`]).
    fn follows(&self, seat: Seat, card: Card) -> Result<(), ReplayErrorKind> {
        if self.in_trick == 0 {
            return Ok(());
        }
        let led = self.ranking.effective(self.current[0]);
        if self.ranking.effective(card) != led && self.suits[usize::from(seat)][slot(led)] > 0 {
            return Err(ReplayErrorKind::NotFollowing { seat, card, led });
        }
        Ok(())
    }

    /// The cards `seat` may legally play now (each kind once), written into `out`; returns
    /// how many. Used by the simulator.
    pub(crate) fn legal_cards(&self, seat: Seat, out: &mut [Card; 12]) -> usize {
        let mut n = 0;
        for (kind, &count) in self.hands[usize::from(seat % SEATS)].iter().enumerate() {
            let card = Card::DECK[kind];
            if count > 0 && n < out.len() && self.follows(seat, card).is_ok() {
                out[n] = card;
                n += 1;
            }
        }
        n
    }

    /// Puts `card` from `seat` on the table, finishing the trick with the fourth card.
    pub(crate) fn play(&mut self, seat: Seat, card: Card) -> Result<(), ReplayErrorKind> {
        if self.is_over() {
            return Err(ReplayErrorKind::AfterLastCard);
        }
        if seat >= SEATS {
            return Err(ReplayErrorKind::SeatOutOfRange { seat });
        }
        let expected = self.to_play();
        if seat != expected {
            return Err(ReplayErrorKind::WrongTurn { seat, expected });
        }
        let s = usize::from(seat);
        let kind = card.index();
        if self.hands[s][kind] == 0 {
            return Err(ReplayErrorKind::CardNotInHand { seat, card });
        }
        self.follows(seat, card)?;
        self.hands[s][kind] -= 1;
        self.suits[s][slot(self.ranking.effective(card))] -= 1;
        self.played[s] += 1;
        self.current[usize::from(self.in_trick)] = card;
        self.in_trick += 1;
        if self.in_trick == SEATS {
            self.finish_trick();
        }
        Ok(())
    }

    fn finish_trick(&mut self) {
        let cards = self.current;
        let position = self.ranking.trick_winner_with(&cards, self.second_wins());
        let trick = Trick {
            leader: self.leader,
            cards,
            // position is 0–3.
            winner: (self.leader + position as u8) % SEATS,
            points: crate::cards::trick_points(&cards),
        };
        self.tricks.push(trick);
        self.leader = trick.winner;
        self.in_trick = 0;
        if let Some(player) = self.pending_wedding {
            // TSR 4.4.3: the first of tricks 1–3 won by someone else finds the partner; if
            // the wedding player takes all three, trick 3 clarifies and he plays alone.
            let number = self.tricks.len() as u8;
            // Under Wikipedia's variant only a trick of the named kind (by its first card)
            // finds the partner.
            let named = self
                .wedding_trick
                .is_none_or(|trump| self.ranking.is_trump(cards[0]) == trump);
            if trick.winner != player && named {
                self.re = self.re.with(trick.winner);
                self.contract = Contract::Wedding;
            } else if number == 3 {
                self.contract = Contract::WeddingSolo;
            } else {
                return;
            }
            self.pending_wedding = None;
            self.clarifying = Some(number);
        }
        // Wikipedia's forced announcement: the first trick after any finding tricks.
        let first = self.clarifying.map_or(1, |k| usize::from(k) + 1);
        if self.rules.forced_announcement
            && self.pending_wedding.is_none()
            && self.tricks.len() == first
            && trick.points >= 30
        {
            let party = self.party_of(trick.winner);
            let had = party.map_or(CallLevel::None, |party| self.level(party));
            // After a late reply no Absage is allowed (TSR 6.4.4): nothing further is owed.
            let replied_late = party.is_some_and(|party| self.late_reply[party_index(party)]);
            let level = match had {
                CallLevel::None => Some(CallLevel::Ansage),
                // The text's further call: the next level, none after schwarz.
                had if self.rules.forced_announcement_raises && !replied_late => had.next(),
                _ => None,
            };
            if let Some(level) = level {
                self.forced[0] = Some(Forced {
                    seat: trick.winner,
                    at: self.on_table(),
                    level,
                });
            }
        }
        // Only the first fox a piglet: once it has won its trick, the second ♦A ranks as
        // an ordinary one again.
        let fox = Card::new(Suit::Diamonds, Rank::Ace);
        if self.rules.first_fox_piglet && self.schweinchen.is_some() && cards.contains(&fox) {
            self.ranking = Ranking::of(self.contract);
        }
    }
}

/// Cards of a hand under `rules`: the deck's 48 cards (40 without the nines) in four.
pub(super) const fn hand_size(rules: &Ruleset) -> u8 {
    if rules.without_nines { 10 } else { 12 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::PartyExtras;
    use crate::replay::fixtures::*;
    use crate::replay::replay;

    #[test]
    fn one_seat_with_both_club_queens_is_a_silent_wedding() {
        let req = request(
            Contract::Normal,
            None,
            3,
            build(
                Contract::Normal,
                0,
                &BOTH_QUEENS,
                &[(0, 0, Re), (1, 1, Kontra)],
            ),
        );
        let facts = replay(&req).unwrap().facts;
        assert_eq!(facts.contract, Contract::SilentWedding);
        assert_eq!(facts.re, seats(&[0]));
        // Tricks 1, 2, 3, 6, 7, 11: 42 + 8 + 32 + 7 + 35 + 9.
        assert_eq!((facts.re_points, facts.re_tricks), (133, 6));
        assert_eq!(facts.extras, PartyExtras::default());
        assert_eq!(facts.announcements.re, CallLevel::Ansage);
        assert_eq!(facts.announcements.kontra, CallLevel::Ansage);
        assert_eq!(facts.validate(), Ok(()));
    }

    #[test]
    fn a_wedding_player_taking_tricks_1_to_3_plays_a_solo() {
        let replayed = replay(&wedding_solo(&[])).unwrap();
        let facts = replayed.facts;
        assert_eq!(facts.contract, Contract::WeddingSolo);
        assert_eq!(facts.re, seats(&[0]));
        assert_eq!((facts.re_points, facts.re_tricks), (133, 6));
        assert_eq!(facts.extras, PartyExtras::default());
        assert_eq!(facts.validate(), Ok(()));
        // Trick 3 clarifies: no call before play 12; afterwards deadlines shift by 2, so
        // "re" with 9 cards and "kontra" with 8 (a reply: 9 − 1) are in time.
        let early = wedding_solo(&[(11, 1, Kontra)]);
        assert_eq!(
            replay(&early),
            err(
                Some(11),
                ReplayErrorKind::BeforeClarifyingTrick {
                    seat: 1,
                    call: Kontra
                }
            )
        );
        let calls = wedding_solo(&[(12, 0, Re), (17, 1, Kontra)]);
        let facts = replay(&calls).unwrap().facts;
        assert_eq!(facts.announcements.re, CallLevel::Ansage);
        assert_eq!(facts.announcements.kontra, CallLevel::Ansage);
        let too_late = wedding_solo(&[(16, 0, Re)]);
        assert_eq!(
            replay(&too_late),
            err(
                Some(16),
                ReplayErrorKind::TooLate {
                    seat: 0,
                    call: Re,
                    cards: 8,
                    needed: 9
                }
            )
        );
    }

    #[test]
    fn the_soloist_leads_a_compulsory_solo() {
        // Seat 0's left neighbour (1) would lead; as a Pflichtsolo the soloist 0 leads.
        let events = build(Contract::SoloDiamonds, 0, &NORMAL, &[(0, 0, No90)]);
        let mut req = request(Contract::SoloDiamonds, Some(0), 0, events);
        req.compulsory = true;
        let replayed = replay(&req).unwrap();
        let facts = replayed.facts;
        assert_eq!(replayed.tricks[0].leader, 0);
        assert_eq!(facts.contract, Contract::SoloDiamonds);
        assert_eq!(facts.re, seats(&[0]));
        // Tricks 1, 2, 3, 6, 7.
        assert_eq!((facts.re_points, facts.re_tricks), (123, 5));
        assert_eq!(facts.announcements.re, CallLevel::No90);
        assert_eq!(facts.extras, PartyExtras::default());
        assert_eq!(facts.validate(), Ok(()));
        req.compulsory = false;
        assert_eq!(
            replay(&req),
            err(
                Some(1),
                ReplayErrorKind::WrongTurn {
                    seat: 0,
                    expected: 1
                }
            )
        );
    }

    #[test]
    fn not_following_is_about_the_effective_suit() {
        // Trick 6 is led by seat 3 with ♥9; seat 1 trumps with the ♦A (moved here from
        // trick 7) while it still holds the ♥K (moved to trick 7).
        let mut tricks = NORMAL;
        tricks[5][1] = "DA";
        tricks[6][1] = "HK";
        let req = request(
            Contract::Normal,
            None,
            3,
            build(Contract::Normal, 0, &tricks, &[]),
        );
        assert_eq!(
            replay(&req),
            err(
                Some(22),
                ReplayErrorKind::NotFollowing {
                    seat: 1,
                    card: card("DA"),
                    led: Effective::Plain(Suit::Hearts),
                }
            )
        );
        // Seat 0 leads trick 1 with the ♥10 (swapped with its ♣A from trick 7): seat 1
        // must answer with trump, not with the ♣10.
        let mut tricks = NORMAL;
        tricks[0][0] = "HT";
        tricks[6][0] = "CA";
        let req = request(
            Contract::Normal,
            None,
            3,
            build(Contract::Normal, 0, &tricks, &[]),
        );
        let result = replay(&req);
        assert_eq!(
            result,
            err(
                Some(1),
                ReplayErrorKind::NotFollowing {
                    seat: 1,
                    card: card("CT"),
                    led: Effective::Trump,
                }
            )
        );
        assert_eq!(
            result.unwrap_err().to_string(),
            "event 1: seat 1 must follow trump but played CT"
        );
    }
}
