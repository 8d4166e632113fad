//! The 48-card Doppelkopf deck: suits, ranks, card points and the ranking of every card under
//! each contract (TSR 2.2, 2.3, 5.3.3).
//!
//! Trick evaluation sits on the replay hot path, so the ranking of each contract family is a
//! table computed at compile time: looking up whether a card is trump and how strong it is
//! costs two array reads, and deciding a trick allocates nothing.

use std::fmt;
use std::str::FromStr;

use crate::deal::Contract;

/// A suit (Farbe). The discriminants index [`Card::DECK`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// ♣, Kreuz; wire letter `C`.
    Clubs,
    /// ♠, Pik; wire letter `S`.
    Spades,
    /// ♥, Herz; wire letter `H`.
    Hearts,
    /// ♦, Karo; wire letter `D`.
    Diamonds,
}

impl Suit {
    /// Every suit, in deck order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds];

    /// The wire letter (`C`, `S`, `H`, `D`).
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
        }
    }

    /// The suit for a wire letter.
    pub const fn from_letter(letter: char) -> Option<Suit> {
        match letter {
            'C' => Some(Suit::Clubs),
            'S' => Some(Suit::Spades),
            'H' => Some(Suit::Hearts),
            'D' => Some(Suit::Diamonds),
            _ => None,
        }
    }

    /// The lower-case English name used in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
        }
    }
}

/// A rank (Bild). The discriminants index [`Card::DECK`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    /// Ass, 11 card points; wire letter `A`.
    Ace,
    /// Zehn, 10 card points; wire letter `T`.
    Ten,
    /// König, 4 card points; wire letter `K`.
    King,
    /// Dame, 3 card points; wire letter `Q`.
    Queen,
    /// Bube, 2 card points; wire letter `J`.
    Jack,
    /// Neun, no card points; wire letter `9`.
    Nine,
}

impl Rank {
    /// Every rank, in deck order.
    pub const ALL: [Rank; 6] = [
        Rank::Ace,
        Rank::Ten,
        Rank::King,
        Rank::Queen,
        Rank::Jack,
        Rank::Nine,
    ];

    /// The wire letter (`A`, `T`, `K`, `Q`, `J`, `9`).
    pub const fn letter(self) -> char {
        match self {
            Rank::Ace => 'A',
            Rank::Ten => 'T',
            Rank::King => 'K',
            Rank::Queen => 'Q',
            Rank::Jack => 'J',
            Rank::Nine => '9',
        }
    }

    /// The rank for a wire letter.
    pub const fn from_letter(letter: char) -> Option<Rank> {
        match letter {
            'A' => Some(Rank::Ace),
            'T' => Some(Rank::Ten),
            'K' => Some(Rank::King),
            'Q' => Some(Rank::Queen),
            'J' => Some(Rank::Jack),
            '9' => Some(Rank::Nine),
            _ => None,
        }
    }

    /// Card points (Augen) of this rank (TSR 2.2.2).
    pub const fn points(self) -> u8 {
        match self {
            Rank::Ace => 11,
            Rank::Ten => 10,
            Rank::King => 4,
            Rank::Queen => 3,
            Rank::Jack => 2,
            Rank::Nine => 0,
        }
    }

    /// Strength within a plain suit: A, 10, K, Q, J, 9 (TSR 2.3.4–2.3.7; the ranks that are
    /// trump under a contract simply never compete here).
    const fn plain_strength(self) -> u8 {
        match self {
            Rank::Ace => 6,
            Rank::Ten => 5,
            Rank::King => 4,
            Rank::Queen => 3,
            Rank::Jack => 2,
            Rank::Nine => 1,
        }
    }
}

/// One card. The deck holds each of the 24 kinds twice; the two copies are indistinguishable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    /// The printed suit (which may be overruled by trump, see [`Ranking::effective`]).
    pub suit: Suit,
    /// The rank.
    pub rank: Rank,
}

impl Card {
    /// Every kind of card once, suit by suit (♣, ♠, ♥, ♦), each A, 10, K, Q, J, 9;
    /// `Card::DECK[c.index()] == c`.
    pub const DECK: [Card; 24] = {
        let mut deck = [Card::new(Suit::Clubs, Rank::Ace); 24];
        let mut i = 0;
        while i < 24 {
            deck[i] = Card::new(Suit::ALL[i / 6], Rank::ALL[i % 6]);
            i += 1;
        }
        deck
    };

    /// A card of `suit` and `rank`.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card { suit, rank }
    }

    /// Card points (Augen, TSR 2.2.2): A 11, 10 10, K 4, Q 3, J 2, 9 0.
    pub const fn points(self) -> u8 {
        self.rank.points()
    }

    /// The position of this kind in [`Card::DECK`], 0–23, for table look-ups.
    pub const fn index(self) -> usize {
        self.suit as usize * 6 + self.rank as usize
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit.letter(), self.rank.letter())
    }
}

/// Why a string is not a card in wire form (suit letter `CSHD` + rank letter `ATKQJ9`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseCardError {
    /// Not exactly two characters.
    #[error("a card is two characters (suit CSHD, rank ATKQJ9), got {input:?}")]
    Length {
        /// The string given.
        input: String,
    },
    /// The first character is not a suit letter.
    #[error("unknown suit {suit:?} (expected one of C, S, H, D)")]
    Suit {
        /// The character given.
        suit: char,
    },
    /// The second character is not a rank letter.
    #[error("unknown rank {rank:?} (expected one of A, T, K, Q, J, 9)")]
    Rank {
        /// The character given.
        rank: char,
    },
}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        let (Some(suit), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(ParseCardError::Length {
                input: s.to_owned(),
            });
        };
        let suit = Suit::from_letter(suit).ok_or(ParseCardError::Suit { suit })?;
        let rank = Rank::from_letter(rank).ok_or(ParseCardError::Rank { rank })?;
        Ok(Card::new(suit, rank))
    }
}

/// The suit a card counts as under a contract: trump, or its printed plain suit
/// (TSR 2.3.1). Following suit (TSR 5.2) is about this, not the printed suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Effective {
    /// The card is trump.
    Trump,
    /// The card belongs to this plain suit.
    Plain(Suit),
}

impl fmt::Display for Effective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Effective::Trump => f.write_str("trump"),
            Effective::Plain(suit) => f.write_str(suit.name()),
        }
    }
}

/// Strength offset of trumps, so that every trump outranks every plain card.
const TRUMP_BASE: u8 = 16;

/// The ranking of all 24 kinds of card under one contract: effective suit and strength.
///
/// Strengths compare cards of the same effective suit; every trump is stronger than every
/// plain card, and two copies of one kind are equally strong (the first played wins).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranking {
    effective: [Effective; 24],
    strength: [u8; 24],
    trumps: u8,
}

/// Shorthand for the const trump lists below.
const fn c(suit: Suit, rank: Rank) -> Card {
    Card::new(suit, rank)
}

use Rank::{Ace, Jack, King, Nine, Queen, Ten};
use Suit::{Clubs, Diamonds, Hearts, Spades};

/// The queens and jacks, high to low: the middle of every suit solo's trump order.
const QUEENS: [Card; 4] = [
    c(Clubs, Queen),
    c(Spades, Queen),
    c(Hearts, Queen),
    c(Diamonds, Queen),
];
const JACKS: [Card; 4] = [
    c(Clubs, Jack),
    c(Spades, Jack),
    c(Hearts, Jack),
    c(Diamonds, Jack),
];

/// ♥10, the queens, the jacks, then the trump suit's own A, 10, K, 9 (TSR 2.3.4, 2.3.5).
const fn suit_trumps(suit: Suit) -> [Card; 13] {
    [
        c(Hearts, Ten),
        QUEENS[0],
        QUEENS[1],
        QUEENS[2],
        QUEENS[3],
        JACKS[0],
        JACKS[1],
        JACKS[2],
        JACKS[3],
        c(suit, Ace),
        c(suit, Ten),
        c(suit, King),
        c(suit, Nine),
    ]
}

const NORMAL_TRUMPS: [Card; 13] = suit_trumps(Diamonds);
const CLUBS_TRUMPS: [Card; 13] = suit_trumps(Clubs);
const SPADES_TRUMPS: [Card; 13] = suit_trumps(Spades);
/// In a heart solo the ♥10 already heads the order, so the suit adds only A, K, 9.
const HEARTS_TRUMPS: [Card; 12] = [
    c(Hearts, Ten),
    QUEENS[0],
    QUEENS[1],
    QUEENS[2],
    QUEENS[3],
    JACKS[0],
    JACKS[1],
    JACKS[2],
    JACKS[3],
    c(Hearts, Ace),
    c(Hearts, King),
    c(Hearts, Nine),
];

impl Ranking {
    /// Builds the table from the trump kinds, highest first.
    const fn build(trumps: &[Card]) -> Ranking {
        let mut effective = [Effective::Trump; 24];
        let mut strength = [0u8; 24];
        let mut i = 0;
        while i < 24 {
            let card = Card::DECK[i];
            effective[i] = Effective::Plain(card.suit);
            strength[i] = card.rank.plain_strength();
            i += 1;
        }
        let n = trumps.len();
        let mut t = 0;
        while t < n {
            let index = trumps[t].index();
            effective[index] = Effective::Trump;
            // The list has at most 13 entries, so this stays well inside u8.
            strength[index] = TRUMP_BASE + (n - t) as u8;
            t += 1;
        }
        Ranking {
            effective,
            strength,
            trumps: n as u8,
        }
    }

    /// The ranking for the contract as played.
    pub const fn of(contract: Contract) -> &'static Ranking {
        match contract {
            Contract::Normal
            | Contract::Wedding
            | Contract::WeddingSolo
            | Contract::SilentWedding
            | Contract::Armut
            | Contract::SoloDiamonds => &RANKINGS[0],
            Contract::SoloClubs => &RANKINGS[1],
            Contract::SoloSpades => &RANKINGS[2],
            Contract::SoloHearts => &RANKINGS[3],
            Contract::SoloQueens => &RANKINGS[4],
            Contract::SoloJacks => &RANKINGS[5],
            Contract::SoloFleshless => &RANKINGS[6],
        }
    }

    /// The effective suit of `card`.
    pub const fn effective(&self, card: Card) -> Effective {
        self.effective[card.index()]
    }

    /// The strength of `card`: higher wins within one effective suit, and every trump is
    /// above every plain card.
    pub const fn strength(&self, card: Card) -> u8 {
        self.strength[card.index()]
    }

    /// Whether `card` is trump.
    pub const fn is_trump(&self, card: Card) -> bool {
        matches!(self.effective[card.index()], Effective::Trump)
    }

    /// How many of the 24 kinds are trump (the deck holds twice as many trump cards).
    pub const fn trump_kinds(&self) -> u8 {
        self.trumps
    }

    /// Whether `card`, played later, takes the trick from `best`, the card winning so far
    /// (which is of the led suit or trump): a stronger card of the same effective suit or
    /// the first trump on a plain lead. Equal cards never beat each other, so of two
    /// identical cards the first played wins, the ♥10 included (TSR 5.3.3).
    pub fn beats(&self, card: Card, best: Card) -> bool {
        let (c, b) = (card.index(), best.index());
        self.strength[c] > self.strength[b]
            && (self.effective[c] == self.effective[b]
                || matches!(self.effective[c], Effective::Trump))
    }

    /// The position (0–3, in play order) of the card that wins a complete trick.
    pub fn trick_winner(&self, cards: &[Card; 4]) -> usize {
        let mut best = 0;
        for (i, &card) in cards.iter().enumerate().skip(1) {
            if self.beats(card, cards[best]) {
                best = i;
            }
        }
        best
    }
}

/// Kinds of card of which the copy played second beats the first in a trick: the house
/// rules' exceptions to the TSR's first-of-equal-cards rule (TSR 5.3.3; house rules 2, IX
/// the second ♥10, XI the second ♣J in the last trick). The replay decides per trick which
/// kinds are in the set; [`SecondWins::NONE`] is the TSR.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SecondWins(u32);

impl SecondWins {
    /// No exception: the first of two equal cards wins (TSR 5.3.3).
    pub const NONE: SecondWins = SecondWins(0);

    /// The set with `card`'s kind added.
    pub const fn with(self, card: Card) -> SecondWins {
        SecondWins(self.0 | 1 << card.index())
    }

    /// Whether the second copy of `card`'s kind beats the first.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & 1 << card.index() != 0
    }
}

/// `order` with `card` taken from its place and put on top, the others keeping theirs.
const fn moved_to_top(card: Card, order: [Card; 13]) -> [Card; 13] {
    let mut out = order;
    out[0] = card;
    let (mut from, mut to) = (0, 1);
    while from < order.len() {
        if order[from].index() != card.index() {
            out[to] = order[from];
            to += 1;
        }
        from += 1;
    }
    out
}

/// The normal trump order with the ♦ aces on top: Schweinchen (house rule X; the online
/// guide's and Wikipedia's "piglets"), above even the ♥10. Only where the ♦A is trump at
/// all, see [`Ranking::with_schweinchen`].
const SCHWEINCHEN_TRUMPS: [Card; 13] = moved_to_top(c(Diamonds, Ace), NORMAL_TRUMPS);

/// The normal order with Schweinchen, built once like the others.
static SCHWEINCHEN: Ranking = Ranking::build(&SCHWEINCHEN_TRUMPS);

/// Schweinchen with super piglets (Wikipedia): the ♦ nines above the ♦ aces, "outranking
/// the piglets, the Dullen and Alten".
const SUPER_SCHWEINCHEN_TRUMPS: [Card; 13] = moved_to_top(c(Diamonds, Nine), SCHWEINCHEN_TRUMPS);

/// The normal order with super piglets, built once like the others.
static SUPER_SCHWEINCHEN: Ranking = Ranking::build(&SUPER_SCHWEINCHEN_TRUMPS);

impl Ranking {
    /// The ranking under `contract` once Schweinchen is announced: the ♦ aces become the
    /// highest trumps. `None` where the contract's order is not the normal one (♣, ♠, ♥,
    /// queen, jack and fleshless solos): there the ♦A is no fox to save, so there is
    /// nothing to announce (a decision of ours: the house-rules text speaks of the normal
    /// game's foxes only).
    pub const fn with_schweinchen(contract: Contract) -> Option<&'static Ranking> {
        match contract {
            Contract::Normal
            | Contract::Wedding
            | Contract::WeddingSolo
            | Contract::SilentWedding
            | Contract::Armut
            | Contract::SoloDiamonds => Some(&SCHWEINCHEN),
            _ => None,
        }
    }

    /// The ranking once super piglets follow Schweinchen: the ♦ nines on top, then the ♦
    /// aces. Where Schweinchen is played at all ([`Ranking::with_schweinchen`]).
    pub const fn with_super_schweinchen(contract: Contract) -> Option<&'static Ranking> {
        match Ranking::with_schweinchen(contract) {
            Some(_) => Some(&SUPER_SCHWEINCHEN),
            None => None,
        }
    }

    /// As [`Ranking::beats`], except that a second copy of a kind in `second` beats the
    /// first (house rules IX and XI).
    pub fn beats_with(&self, card: Card, best: Card, second: SecondWins) -> bool {
        self.beats(card, best) || (card == best && second.contains(card))
    }

    /// As [`Ranking::trick_winner`], with the kinds in `second` won by their later copy.
    pub fn trick_winner_with(&self, cards: &[Card; 4], second: SecondWins) -> usize {
        let mut best = 0;
        for (i, &card) in cards.iter().enumerate().skip(1) {
            if self.beats_with(card, cards[best], second) {
                best = i;
            }
        }
        best
    }
}

/// One table per trump family: normal (= ♦ solo, weddings), ♣, ♠, ♥, queens, jacks, fleshless.
static RANKINGS: [Ranking; 7] = [
    Ranking::build(&NORMAL_TRUMPS),
    Ranking::build(&CLUBS_TRUMPS),
    Ranking::build(&SPADES_TRUMPS),
    Ranking::build(&HEARTS_TRUMPS),
    Ranking::build(&QUEENS),
    Ranking::build(&JACKS),
    Ranking::build(&[]),
];

/// The effective suit of `card` under `contract` (see [`Ranking::effective`]).
pub fn effective_suit(card: Card, contract: Contract) -> Effective {
    Ranking::of(contract).effective(card)
}

/// The position (0–3, in play order) of the card that wins a complete trick under
/// `contract` (TSR 5.3.3; see [`Ranking::trick_winner`]).
pub fn trick_winner(cards: &[Card; 4], contract: Contract) -> usize {
    Ranking::of(contract).trick_winner(cards)
}

/// The card points of a trick.
pub fn trick_points(cards: &[Card; 4]) -> u8 {
    cards.iter().map(|card| card.points()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn trick(s: &str) -> [Card; 4] {
        let cards: Vec<Card> = s.split_whitespace().map(card).collect();
        cards.try_into().unwrap()
    }

    #[test]
    fn wire_form_round_trips_for_every_kind() {
        for (i, c) in Card::DECK.into_iter().enumerate() {
            assert_eq!(c.index(), i);
            let s = c.to_string();
            assert_eq!(s.len(), 2);
            assert_eq!(s.parse::<Card>(), Ok(c), "{s}");
        }
        assert_eq!(card("HT"), Card::new(Suit::Hearts, Rank::Ten));
        assert_eq!(card("CQ"), Card::new(Suit::Clubs, Rank::Queen));
        assert_eq!(card("D9").to_string(), "D9");
    }

    #[test]
    fn bad_strings_are_rejected() {
        let cases = [
            ("", ParseCardError::Length { input: "".into() }),
            ("C", ParseCardError::Length { input: "C".into() }),
            (
                "CAT",
                ParseCardError::Length {
                    input: "CAT".into(),
                },
            ),
            ("XA", ParseCardError::Suit { suit: 'X' }),
            ("cA", ParseCardError::Suit { suit: 'c' }),
            ("C1", ParseCardError::Rank { rank: '1' }),
            ("H0", ParseCardError::Rank { rank: '0' }),
            ("Ca", ParseCardError::Rank { rank: 'a' }),
            ("♥T", ParseCardError::Suit { suit: '♥' }),
        ];
        for (input, expected) in cases {
            assert_eq!(input.parse::<Card>(), Err(expected), "{input:?}");
        }
    }

    #[test]
    fn the_deck_holds_240_points() {
        let per_kind: u32 = Card::DECK.iter().map(|c| u32::from(c.points())).sum();
        assert_eq!(per_kind * 2, 240);
    }

    #[test]
    fn trump_counts_per_contract() {
        let cases = [
            (Contract::Normal, 26),
            (Contract::Wedding, 26),
            (Contract::WeddingSolo, 26),
            (Contract::SilentWedding, 26),
            (Contract::Armut, 26),
            (Contract::SoloDiamonds, 26),
            (Contract::SoloClubs, 26),
            (Contract::SoloSpades, 26),
            (Contract::SoloHearts, 24),
            (Contract::SoloQueens, 8),
            (Contract::SoloJacks, 8),
            (Contract::SoloFleshless, 0),
        ];
        for (contract, trumps) in cases {
            let ranking = Ranking::of(contract);
            let counted = Card::DECK.iter().filter(|&&c| ranking.is_trump(c)).count() * 2;
            assert_eq!(counted, trumps, "{contract}");
            assert_eq!(usize::from(ranking.trump_kinds()) * 2, trumps, "{contract}");
        }
    }

    #[test]
    fn trump_orders_are_strictly_descending() {
        let orders: [(Contract, &str); 7] = [
            (Contract::Normal, "HT CQ SQ HQ DQ CJ SJ HJ DJ DA DT DK D9"),
            (
                Contract::SoloClubs,
                "HT CQ SQ HQ DQ CJ SJ HJ DJ CA CT CK C9",
            ),
            (
                Contract::SoloSpades,
                "HT CQ SQ HQ DQ CJ SJ HJ DJ SA ST SK S9",
            ),
            (Contract::SoloHearts, "HT CQ SQ HQ DQ CJ SJ HJ DJ HA HK H9"),
            (Contract::SoloQueens, "CQ SQ HQ DQ"),
            (Contract::SoloJacks, "CJ SJ HJ DJ"),
            (Contract::SoloFleshless, ""),
        ];
        for (contract, order) in orders {
            let ranking = Ranking::of(contract);
            let cards: Vec<Card> = order.split_whitespace().map(card).collect();
            for pair in cards.windows(2) {
                assert!(ranking.beats(pair[0], pair[1]), "{contract}: {pair:?}");
                assert!(!ranking.beats(pair[1], pair[0]), "{contract}: {pair:?}");
            }
            let trumps: Vec<Card> = Card::DECK
                .into_iter()
                .filter(|&c| ranking.is_trump(c))
                .collect();
            assert_eq!(trumps.len(), cards.len(), "{contract}");
            // The lowest trump still beats the strongest plain card.
            if let Some(&lowest) = cards.last() {
                assert!(ranking.beats(lowest, card("CA")) || ranking.is_trump(card("CA")));
            }
        }
    }

    #[test]
    fn plain_suits_rank_a_ten_king_queen_jack_nine() {
        let ranking = Ranking::of(Contract::SoloFleshless);
        let order: Vec<Card> = "SA ST SK SQ SJ S9".split_whitespace().map(card).collect();
        for pair in order.windows(2) {
            assert!(ranking.beats(pair[0], pair[1]), "{pair:?}");
        }
        let normal = Ranking::of(Contract::Normal);
        assert!(normal.beats(card("HA"), card("HK")));
        assert_eq!(normal.effective(card("HK")), Effective::Plain(Suit::Hearts));
        assert_eq!(normal.effective(card("HT")), Effective::Trump);
        assert_eq!(normal.effective(card("DK")), Effective::Trump);
        assert_eq!(
            effective_suit(card("DK"), Contract::SoloClubs),
            Effective::Plain(Suit::Diamonds)
        );
        assert_eq!(
            effective_suit(card("HT"), Contract::SoloQueens),
            Effective::Plain(Suit::Hearts)
        );
    }

    #[test]
    fn trick_winners() {
        let cases: [(Contract, &str, usize, &str); 12] = [
            (
                Contract::Normal,
                "HT CQ HT DJ",
                0,
                "first ♥10 beats second ♥10",
            ),
            (
                Contract::Normal,
                "DJ HT SQ HT",
                1,
                "first ♥10 beats second ♥10, later",
            ),
            (
                Contract::Normal,
                "CA C9 D9 CA",
                2,
                "plain lead trumped by the lowest trump",
            ),
            (Contract::Normal, "CA C9 DQ HT", 3, "highest trump wins"),
            (Contract::Normal, "C9 SA HA CK", 3, "off-suit discards lose"),
            (
                Contract::Normal,
                "CA CA CT CT",
                0,
                "first of two identical aces",
            ),
            (Contract::Normal, "DA DA DT D9", 0, "first fox"),
            (Contract::Normal, "H9 HK HA HA", 2, "hearts without the ten"),
            (
                Contract::SoloFleshless,
                "C9 CQ DA CT",
                3,
                "fleshless: queen is plain",
            ),
            (
                Contract::SoloQueens,
                "HA HT DQ CJ",
                2,
                "queen solo: queen trumps, ♥10 plain",
            ),
            (
                Contract::SoloJacks,
                "SA SQ SJ ST",
                2,
                "jack solo: the jack trumps",
            ),
            (
                Contract::SoloHearts,
                "HA DA H9 CQ",
                3,
                "heart solo: ♥A is trump, queen higher",
            ),
        ];
        for (contract, cards, winner, why) in cases {
            assert_eq!(trick_winner(&trick(cards), contract), winner, "{why}");
        }
        assert_eq!(trick_points(&trick("CA CA CT CT")), 42);
    }

    #[test]
    fn the_second_of_two_equal_cards_wins_only_when_asked() {
        // House rule IX: "the second 10 of Hearts overrules the first".
        let normal = Ranking::of(Contract::Normal);
        let hearts = SecondWins::NONE.with(card("HT"));
        assert!(hearts.contains(card("HT")));
        assert!(!hearts.contains(card("CJ")));
        assert_eq!(normal.trick_winner(&trick("HT CQ HT DJ")), 0);
        assert_eq!(normal.trick_winner_with(&trick("HT CQ HT DJ"), hearts), 2);
        assert_eq!(
            normal.trick_winner_with(&trick("HT CQ HT DJ"), SecondWins::NONE),
            0
        );
        // Other equal kinds keep the TSR's rule; a higher card still beats both.
        assert_eq!(normal.trick_winner_with(&trick("CJ CJ DA D9"), hearts), 0);
        let clubs_jack = SecondWins::NONE.with(card("CJ"));
        assert_eq!(
            normal.trick_winner_with(&trick("CJ DK CJ D9"), clubs_jack),
            2
        );
        assert_eq!(
            normal.trick_winner_with(&trick("CJ DK CJ SQ"), clubs_jack),
            3
        );
    }

    #[test]
    fn super_piglets_put_the_diamond_nines_above_the_aces() {
        // Wikipedia: "those nines of diamonds become the highest trumps in play,
        // outranking the piglets, the Dullen and Alten".
        let super_piglets = Ranking::with_super_schweinchen(Contract::Normal).unwrap();
        let order: Vec<Card> = "D9 DA HT CQ SQ HQ DQ CJ SJ HJ DJ DT DK"
            .split_whitespace()
            .map(card)
            .collect();
        for pair in order.windows(2) {
            assert!(super_piglets.beats(pair[0], pair[1]), "{pair:?}");
            assert!(!super_piglets.beats(pair[1], pair[0]), "{pair:?}");
        }
        assert_eq!(super_piglets.trump_kinds(), 13);
        assert_eq!(Ranking::with_super_schweinchen(Contract::SoloClubs), None);
    }

    #[test]
    fn schweinchen_puts_the_diamond_aces_on_top_where_they_are_trump() {
        // House rule X: the piglets are "the highest trumps in the game, overruling even
        // the 10 of Hearts".
        let piglets = Ranking::with_schweinchen(Contract::Normal).unwrap();
        let order: Vec<Card> = "DA HT CQ SQ HQ DQ CJ SJ HJ DJ DT DK D9"
            .split_whitespace()
            .map(card)
            .collect();
        for pair in order.windows(2) {
            assert!(piglets.beats(pair[0], pair[1]), "{pair:?}");
            assert!(!piglets.beats(pair[1], pair[0]), "{pair:?}");
        }
        assert_eq!(piglets.trump_kinds(), 13);
        assert_eq!(piglets.trick_winner(&trick("HT CQ DA DT")), 2);
        assert_eq!(
            Ranking::of(Contract::Normal).trick_winner(&trick("HT CQ DA DT")),
            0
        );
        assert!(Ranking::with_schweinchen(Contract::SoloDiamonds).is_some());
        assert!(Ranking::with_schweinchen(Contract::SilentWedding).is_some());
        for contract in [
            Contract::SoloClubs,
            Contract::SoloSpades,
            Contract::SoloHearts,
            Contract::SoloQueens,
            Contract::SoloJacks,
            Contract::SoloFleshless,
        ] {
            assert_eq!(Ranking::with_schweinchen(contract), None, "{contract}");
        }
    }
}
