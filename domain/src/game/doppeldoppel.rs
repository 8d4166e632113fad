//! Doppeldoppel (`rules/texts/doppeldoppel.md`): a deal's entry (the cards of each rank
//! each player captured), its score, and a table's round of one deal per player.
//!
//! 36 cards, ranks 1 to 6 in three colours; three or four players. The text's *round* is
//! one deal (play until the hands are empty); its *game*, "as many rounds as there are
//! players", is a table's round here. The starting player moves one seat to the left each
//! deal. The text lets the table choose the first starting player ("someone who has
//! recently been told that a celebrity looks like him, or by some other method"): here it
//! is seat 0, as the first dealer on a Doppelkopf sheet. The text names no dealer, so
//! [`DealSeats::dealer`] is `None`.
//!
//! Scoring, per player and deal ("Card description", "Calculating Scores"): a card whose
//! condition is not met, or that has none, scores −1.
//! - rank 1: +2 each when he has three or more, else −1 each;
//! - rank 2: +5 each when his count is even, −2 each when odd (the card's own text, not the
//!   general −1);
//! - rank 3 and rank 6: no scoring condition, −1 each (rank 3's reversal acts in play);
//! - rank 4: −1 each; with three of them his whole score for the deal is 0. The text says
//!   "if you own 3 of these cards"; owning more than three (only possible if the deck has
//!   more) is read as owning three of them, so it too makes the score 0;
//! - rank 5: +7 each when he has no rank 6, else −1 each.
//!
//! Where the text and the summary differ: the summary checks that per rank the
//! counts add up to the cards of that rank in the deck. They need not: cards of the same
//! number played to one trick are all discarded ("Tied cards cannot win"), face down in
//! the middle, and nobody captures them. So per rank the captures are *at most* the deck's
//! cards, and the cards of a rank nobody captured are never exactly one (ties discard at
//! least two). The text does not say how many cards of each rank the deck has, only
//! "different quantities for each number x 3 colors": each rank has the same number of
//! cards in each of the three colours, so a multiple of three and at least three.
//! [`DoppeldoppelDeal::new`] checks what that allows (some such deck of 36 holds the
//! captures); [`DoppeldoppelDeal::with_deck`] checks against a known [`Deck`].

use crate::deal::Seat;

use super::family::{FamilyKey, FamilySeatLine};
use super::table::{DealSeats, TableSizeError, seat_after};

/// The cards in the game.
/// The game's stable name ([`Game::kind`](super::Game::kind)).
pub const KIND: &str = "doppeldoppel";

pub const CARDS: u8 = 36;

/// The ranks, 1 to 6.
pub const RANKS: usize = 6;

/// The colours each rank comes in.
pub const COLOURS: u8 = 3;

/// The most players at a table.
pub const MAX_PLAYERS: u8 = 4;

/// The fewest players at a table.
pub const MIN_PLAYERS: u8 = 3;

/// How many cards of each rank one player captured in a deal; index 0 is rank 1.
pub type RankCounts = [u8; RANKS];

/// The cards of each rank in the deck (index 0 is rank 1), when known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deck {
    ranks: RankCounts,
}

impl Deck {
    /// A deck: 36 cards, each rank a multiple of three (the same in each colour) and at
    /// least three.
    pub fn new(ranks: RankCounts) -> Result<Deck, DoppeldoppelError> {
        let total: u16 = ranks.iter().map(|&r| u16::from(r)).sum();
        let per_colour = ranks.iter().all(|&r| r >= COLOURS && r % COLOURS == 0);
        if total != u16::from(CARDS) || !per_colour {
            return Err(DoppeldoppelError::NotADeck { ranks });
        }
        Ok(Deck { ranks })
    }

    /// The cards of each rank.
    pub const fn ranks(&self) -> RankCounts {
        self.ranks
    }
}

/// Why a Doppeldoppel entry is not a possible deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum DoppeldoppelError {
    /// Three or four players play; the entry has another number of rows.
    #[error("Doppeldoppel is played by 3 or 4 players, not {players}")]
    PlayersOutOfRange {
        /// The rows entered.
        players: usize,
    },
    /// A deck that is not 36 cards with each rank a multiple of three.
    #[error("{ranks:?} is not a Doppeldoppel deck of 36 cards in three colours")]
    NotADeck {
        /// The counts given.
        ranks: RankCounts,
    },
    /// More cards of a rank captured than the deck has.
    #[error("{captured} cards of rank {rank} captured, the deck has {in_deck}")]
    RankOverDeck {
        /// The rank, 1 to 6.
        rank: u8,
        /// The cards of it captured by all players together.
        captured: u16,
        /// The cards of it in the deck.
        in_deck: u8,
    },
    /// Exactly one card of a rank nobody captured: tied cards are discarded two or more at
    /// a time, so that is impossible.
    #[error("one card of rank {rank} left uncaptured, but tied cards leave two or more at a time")]
    LoneDiscard {
        /// The rank, 1 to 6.
        rank: u8,
    },
    /// More cards of one rank captured by one player than there are tricks: tied cards are
    /// discarded, so a trick gives its winner at most one card of each rank.
    #[error(
        "seat {seat} captured {captured} cards of rank {rank}, but a trick gives at most one of a rank and there are {tricks} tricks"
    )]
    SeatOverTricks {
        /// The seat, from 0.
        seat: u8,
        /// The rank, 1 to 6.
        rank: u8,
        /// The cards of it the seat captured.
        captured: u8,
        /// The tricks of the deal (9 at four players, 12 at three).
        tricks: u8,
    },
    /// More cards of one rank captured by all players together than there are tricks: a
    /// trick holds at most one card of a rank that is not discarded.
    #[error(
        "{captured} cards of rank {rank} captured, but a trick gives at most one of a rank and there are {tricks} tricks"
    )]
    RankOverTricks {
        /// The rank, 1 to 6.
        rank: u8,
        /// The cards of it captured by all players together.
        captured: u16,
        /// The tricks of the deal.
        tricks: u8,
    },
    /// No deck of 36 cards (each rank in all three colours) holds these captures with
    /// ties leaving two or more at a time.
    #[error("these captures need a deck of at least {needed} cards, but it has 36")]
    MoreThanAnyDeck {
        /// The smallest deck they fit.
        needed: u16,
    },
}

/// One deal as entered: each player's captured cards by rank. Built only by
/// [`DoppeldoppelDeal::new`] or [`DoppeldoppelDeal::with_deck`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DoppeldoppelDeal {
    players: u8,
    captured: [RankCounts; MAX_PLAYERS as usize],
}

impl DoppeldoppelDeal {
    /// A deal entry, one row per seat, checked against every deck the text allows (see the
    /// module doc): the deck's composition is not in the rules text.
    pub fn new(captured: &[RankCounts]) -> Result<DoppeldoppelDeal, DoppeldoppelError> {
        let deal = DoppeldoppelDeal::rows(captured)?;
        let mut needed: u16 = 0;
        for per_rank in deal.per_rank() {
            // The smallest multiple of three, at least three, that holds the captures and
            // leaves not exactly one card over.
            let mut size = per_rank.max(u16::from(COLOURS)).div_ceil(3) * 3;
            if size - per_rank == 1 {
                size += 3;
            }
            needed = needed.saturating_add(size);
        }
        if needed > u16::from(CARDS) {
            return Err(DoppeldoppelError::MoreThanAnyDeck { needed });
        }
        Ok(deal)
    }

    /// A deal entry checked against a known deck: per rank no more cards captured than it
    /// has, and never exactly one left over.
    pub fn with_deck(
        captured: &[RankCounts],
        deck: &Deck,
    ) -> Result<DoppeldoppelDeal, DoppeldoppelError> {
        let deal = DoppeldoppelDeal::rows(captured)?;
        for ((rank, per_rank), &in_deck) in (1u8..).zip(deal.per_rank()).zip(deck.ranks.iter()) {
            if per_rank > u16::from(in_deck) {
                return Err(DoppeldoppelError::RankOverDeck {
                    rank,
                    captured: per_rank,
                    in_deck,
                });
            }
            if u16::from(in_deck) - per_rank == 1 {
                return Err(DoppeldoppelError::LoneDiscard { rank });
            }
        }
        Ok(deal)
    }

    fn rows(captured: &[RankCounts]) -> Result<DoppeldoppelDeal, DoppeldoppelError> {
        let players = u8::try_from(captured.len())
            .ok()
            .filter(|p| (MIN_PLAYERS..=MAX_PLAYERS).contains(p))
            .ok_or(DoppeldoppelError::PlayersOutOfRange {
                players: captured.len(),
            })?;
        let mut rows = [[0u8; RANKS]; MAX_PLAYERS as usize];
        for (row, given) in rows.iter_mut().zip(captured) {
            *row = *given;
        }
        let deal = DoppeldoppelDeal {
            players,
            captured: rows,
        };
        deal.fits_the_tricks()?;
        Ok(deal)
    }

    /// The tricks of a deal: every card is dealt (9 each at four players, 12 at three).
    pub const fn tricks(&self) -> u8 {
        CARDS / self.players
    }

    /// "If the same number appears at the same trick, all cards with matching numbers are
    /// placed in the discard pile": a trick gives its winner at most one card of each rank,
    /// so no rank is captured more often than there are tricks, by one player or by all.
    fn fits_the_tricks(&self) -> Result<(), DoppeldoppelError> {
        let tricks = self.tricks();
        for (seat, row) in (0u8..).zip(self.rows_played()) {
            if let Some((rank, &captured)) = (1u8..).zip(row).find(|(_, c)| **c > tricks) {
                return Err(DoppeldoppelError::SeatOverTricks {
                    seat,
                    rank,
                    captured,
                    tricks,
                });
            }
        }
        match (1u8..)
            .zip(self.per_rank())
            .find(|(_, c)| *c > u16::from(tricks))
        {
            Some((rank, captured)) => Err(DoppeldoppelError::RankOverTricks {
                rank,
                captured,
                tricks,
            }),
            None => Ok(()),
        }
    }

    fn per_rank(&self) -> [u16; RANKS] {
        let mut sums = [0u16; RANKS];
        for row in self.rows_played() {
            for (sum, &count) in sums.iter_mut().zip(row.iter()) {
                *sum += u16::from(count);
            }
        }
        sums
    }

    fn rows_played(&self) -> &[RankCounts] {
        self.captured
            .get(..usize::from(self.players))
            .unwrap_or(&self.captured)
    }

    /// The players at the table: 3 or 4.
    pub const fn players(&self) -> u8 {
        self.players
    }

    /// Each seat's captured cards by rank, one row per seat.
    pub fn captured(&self) -> &[RankCounts] {
        self.rows_played()
    }

    /// Each seat's score for the deal, one per seat.
    pub fn score(&self) -> Vec<HandScore> {
        self.rows_played()
            .iter()
            .map(|row| hand_score(*row))
            .collect()
    }
}

/// One player's score for one deal, with what each rank contributed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandScore {
    /// What each rank's cards score by their condition (index 0 is rank 1), before three
    /// rank-4 cards make the whole score 0.
    pub ranks: [i32; RANKS],
    /// Whether three rank-4 cards made the score 0.
    pub voided_by_fours: bool,
    /// The player's score for the deal.
    pub total: i32,
}

/// The score of one player's captured cards (see the module doc for each rank's rule).
pub fn score_hand(counts: RankCounts) -> i32 {
    hand_score(counts).total
}

/// [`score_hand`] with each rank's part.
pub fn hand_score(counts: RankCounts) -> HandScore {
    let [ones, twos, threes, fours, fives, sixes] = counts.map(i32::from);
    let ranks = [
        if ones >= 3 { 2 * ones } else { -ones },
        if twos % 2 == 0 { 5 * twos } else { -2 * twos },
        -threes,
        -fours,
        if sixes == 0 { 7 * fives } else { -fives },
        -sixes,
    ];
    let voided_by_fours = fours >= 3;
    let total = if voided_by_fours {
        0
    } else {
        ranks.iter().sum()
    };
    HandScore {
        ranks,
        voided_by_fours,
        total,
    }
}

/// The seats of the deal at `index` (0-based) at a table of `players`: seat `index` (mod
/// players) starts; no dealer is named, nobody sits out.
pub fn deal_seats(players: u8, index: usize) -> DealSeats {
    DealSeats {
        dealer: None,
        starter: seat_after(0, index, players),
        sitting_out: None,
    }
}

/// One deal on the round's sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoppeldoppelSheetDeal {
    /// Who started.
    pub seats: DealSeats,
    /// The entry.
    pub deal: DoppeldoppelDeal,
    /// Each seat's score for the deal.
    pub scores: Vec<HandScore>,
    /// Each seat's total after the deal.
    pub totals: Vec<i32>,
}

/// A table's round of Doppeldoppel, derived from its entered deals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoppeldoppelRound {
    players: u8,
    deals: Vec<DoppeldoppelSheetDeal>,
    totals: Vec<i32>,
}

/// Why a round takes no further deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum DoppeldoppelRoundError {
    /// The entry has a row per player of another table size.
    #[error("the entry is for {entered} players, the table has {players}")]
    WrongPlayers {
        /// The table's players.
        players: u8,
        /// The entry's rows.
        entered: u8,
    },
    /// Every player has started a deal: the round is over.
    #[error("the round is over after {deals} deals, one per player")]
    RoundOver {
        /// The round's deals.
        deals: u8,
    },
}

/// Why a round cannot be re-derived: the table size, or the first deal that does not fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum DoppeldoppelDeriveError {
    /// Doppeldoppel is not played at this table size.
    #[error(transparent)]
    Table(#[from] TableSizeError),
    /// The first entered deal that does not fit.
    #[error("deal {} does not fit the round: {error}", .index + 1)]
    Deal {
        /// 0-based index into the entered deals.
        index: usize,
        /// Why it does not fit.
        error: DoppeldoppelRoundError,
    },
}

impl DoppeldoppelRound {
    /// An empty round at a table of `players` (3 or 4).
    pub fn new(players: u8) -> Result<DoppeldoppelRound, TableSizeError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(TableSizeError {
                game: KIND,
                players,
            });
        }
        Ok(DoppeldoppelRound {
            players,
            deals: Vec::new(),
            totals: vec![0; usize::from(players)],
        })
    }

    /// The players at the table.
    pub const fn players(&self) -> u8 {
        self.players
    }

    /// The deals, in order, each with its starter, scores and running totals.
    pub fn deals(&self) -> &[DoppeldoppelSheetDeal] {
        &self.deals
    }

    /// Each seat's points so far.
    pub fn totals(&self) -> &[i32] {
        &self.totals
    }

    /// Whether every player has started a deal: the round is over.
    pub fn is_complete(&self) -> bool {
        self.deals.len() >= usize::from(self.players)
    }

    /// The seats of the next deal, or `None` once the round is over.
    pub fn next(&self) -> Option<DealSeats> {
        (!self.is_complete()).then(|| deal_seats(self.players, self.deals.len()))
    }

    /// Each seat's line for the standings: his points; Doppeldoppel has no second key.
    pub fn lines(&self) -> Vec<FamilySeatLine> {
        (0..self.players)
            .zip(&self.totals)
            .map(|(seat, &total)| FamilySeatLine {
                seat,
                key: FamilyKey {
                    primary: i64::from(total),
                    secondary: 0,
                },
            })
            .collect()
    }

    /// The winners once the round is over: the seats with the most points; empty while it
    /// runs.
    pub fn winners(&self) -> Vec<Seat> {
        if !self.is_complete() {
            return Vec::new();
        }
        let best = self.totals.iter().copied().max().unwrap_or(0);
        (0..self.players)
            .zip(&self.totals)
            .filter(|&(_, &t)| t == best)
            .map(|(seat, _)| seat)
            .collect()
    }

    /// Adds a deal, unless the round is over or the deal is for another table size.
    pub fn record(&mut self, deal: DoppeldoppelDeal) -> Result<(), DoppeldoppelRoundError> {
        if deal.players != self.players {
            return Err(DoppeldoppelRoundError::WrongPlayers {
                players: self.players,
                entered: deal.players,
            });
        }
        if self.is_complete() {
            return Err(DoppeldoppelRoundError::RoundOver {
                deals: self.players,
            });
        }
        let seats = deal_seats(self.players, self.deals.len());
        let scores: Vec<HandScore> = deal.rows_played().iter().map(|r| hand_score(*r)).collect();
        for (total, score) in self.totals.iter_mut().zip(&scores) {
            *total = total.saturating_add(score.total);
        }
        self.deals.push(DoppeldoppelSheetDeal {
            seats,
            deal,
            scores,
            totals: self.totals.clone(),
        });
        Ok(())
    }
}

/// A table's round re-derived from its entered deals, in order (like
/// [`crate::sheet::derive`] for Doppelkopf); the error names the table size or the first
/// deal that does not fit.
pub fn derive(
    players: u8,
    deals: &[DoppeldoppelDeal],
) -> Result<DoppeldoppelRound, DoppeldoppelDeriveError> {
    let mut round = DoppeldoppelRound::new(players)?;
    for (index, deal) in deals.iter().enumerate() {
        round
            .record(*deal)
            .map_err(|error| DoppeldoppelDeriveError::Deal { index, error })?;
    }
    Ok(round)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_texts_score_example() {
        // "Score Example: [1]x2 cards, [2]x2 cards, [3]x1 card … +10 points. The remaining
        // 3 cards score -1 point each. Total 7 points."
        let score = hand_score([2, 2, 1, 0, 0, 0]);
        assert_eq!(score.ranks, [-2, 10, -1, 0, 0, 0]);
        assert_eq!(score.total, 7);
    }

    #[test]
    fn each_ranks_condition() {
        // Rank 1: "If there are 3 or more of this card. +2 points per card".
        assert_eq!(score_hand([3, 0, 0, 0, 0, 0]), 6);
        assert_eq!(score_hand([1, 0, 0, 0, 0, 0]), -1);
        // Rank 2: even +5 each, odd -2 each.
        assert_eq!(score_hand([0, 4, 0, 0, 0, 0]), 20);
        assert_eq!(score_hand([0, 3, 0, 0, 0, 0]), -6);
        // Rank 3 and 6: no condition, -1 each.
        assert_eq!(score_hand([0, 0, 2, 0, 0, 0]), -2);
        // Rank 5: "+7 points for each card" without a [6]; "if you get a [6], all [5] are
        // worth -1 point".
        assert_eq!(score_hand([0, 0, 0, 0, 2, 0]), 14);
        assert_eq!(score_hand([0, 0, 0, 0, 2, 1]), -3);
        // Rank 4: -1 each; three of them: "your score for this round will be 0".
        assert_eq!(score_hand([0, 0, 0, 2, 0, 0]), -2);
        let voided = hand_score([4, 2, 0, 3, 2, 0]);
        assert!(voided.voided_by_fours);
        assert_eq!(voided.total, 0);
        assert_eq!(score_hand([0, 0, 3, 3, 0, 3]), 0);
    }

    /// Tied cards are discarded, so a trick gives at most one card of a rank: at four
    /// players (9 tricks) ten ones are impossible, at three (12 tricks) thirteen.
    #[test]
    fn no_rank_is_captured_more_often_than_there_are_tricks() {
        let ten_ones = [[10, 0, 0, 0, 0, 0], [0; 6], [0; 6], [0; 6]];
        assert_eq!(
            DoppeldoppelDeal::new(&ten_ones),
            Err(DoppeldoppelError::SeatOverTricks {
                seat: 0,
                rank: 1,
                captured: 10,
                tricks: 9
            })
        );
        let nine_ones = [[9, 0, 0, 0, 0, 0], [0; 6], [0; 6], [0; 6]];
        let deal = DoppeldoppelDeal::new(&nine_ones).unwrap();
        assert_eq!(deal.tricks(), 9);
        assert_eq!(deal.score()[0].total, 18, "nine ones: +2 each");
        // Five and five of rank 2 at four players: ten in nine tricks.
        let split = [[0, 5, 0, 0, 0, 0], [0, 5, 0, 0, 0, 0], [0; 6], [0; 6]];
        assert_eq!(
            DoppeldoppelDeal::new(&split),
            Err(DoppeldoppelError::RankOverTricks {
                rank: 2,
                captured: 10,
                tricks: 9
            })
        );
        // At three players twelve fit, thirteen do not.
        assert!(DoppeldoppelDeal::new(&[[0, 0, 0, 0, 0, 12], [0; 6], [0; 6]]).is_ok());
        assert_eq!(
            DoppeldoppelDeal::new(&[[0, 0, 0, 0, 0, 13], [0; 6], [0; 6]]),
            Err(DoppeldoppelError::SeatOverTricks {
                seat: 0,
                rank: 6,
                captured: 13,
                tricks: 12
            })
        );
    }

    #[test]
    fn entries_are_checked_against_the_deck() {
        let deck = Deck::new([9, 6, 6, 3, 6, 6]).unwrap();
        assert!(Deck::new([9, 6, 6, 3, 6, 5]).is_err());
        assert!(Deck::new([12, 6, 6, 0, 6, 6]).is_err());
        assert!(Deck::new([10, 5, 6, 3, 6, 6]).is_err());
        // Everything captured.
        let all = [[9, 0, 0, 0, 0, 0], [0, 6, 6, 0, 0, 0], [0, 0, 0, 3, 6, 6]];
        assert!(DoppeldoppelDeal::with_deck(&all, &deck).is_ok());
        // Two rank-4 cards tied and discarded.
        let tied = [[9, 0, 0, 0, 0, 0], [0, 6, 6, 0, 0, 0], [0, 0, 0, 1, 6, 6]];
        assert!(DoppeldoppelDeal::with_deck(&tied, &deck).is_ok());
        let lone = [[9, 0, 0, 0, 0, 0], [0, 6, 6, 0, 0, 0], [0, 0, 0, 2, 6, 6]];
        assert_eq!(
            DoppeldoppelDeal::with_deck(&lone, &deck),
            Err(DoppeldoppelError::LoneDiscard { rank: 4 })
        );
        let over = [[9, 0, 0, 0, 0, 0], [0, 6, 6, 0, 0, 0], [0, 0, 0, 4, 6, 6]];
        assert_eq!(
            DoppeldoppelDeal::with_deck(&over, &deck),
            Err(DoppeldoppelError::RankOverDeck {
                rank: 4,
                captured: 4,
                in_deck: 3
            })
        );
        assert_eq!(
            DoppeldoppelDeal::with_deck(&all[..2], &deck),
            Err(DoppeldoppelError::PlayersOutOfRange { players: 2 })
        );
    }

    #[test]
    fn without_a_deck_some_deck_must_hold_the_captures() {
        // 12 of one rank at three players, one a trick: a deck of 12 of it and 3 of each
        // other rank (27) holds them.
        assert!(DoppeldoppelDeal::new(&[[4, 0, 0, 0, 0, 0]; 3]).is_ok());
        assert!(
            DoppeldoppelDeal::new(&[[4, 1, 1, 1, 1, 1], [4, 1, 1, 1, 1, 1], [4, 1, 1, 1, 1, 1]])
                .is_ok()
        );
        // Twelve each of ranks 1 to 3 need 36 cards and 3 of each other rank: 45.
        assert_eq!(
            DoppeldoppelDeal::new(&[[4, 4, 4, 0, 0, 0]; 3]),
            Err(DoppeldoppelError::MoreThanAnyDeck { needed: 45 })
        );
        // 11 of rank 1 need a deck of 15 of it (12 would leave exactly one), 11 of rank 2
        // the same: 15 + 15 + 4 × 3 = 42.
        assert_eq!(
            DoppeldoppelDeal::new(&[[4, 4, 0, 0, 0, 0], [4, 4, 0, 0, 0, 0], [3, 3, 0, 0, 0, 0]]),
            Err(DoppeldoppelError::MoreThanAnyDeck { needed: 42 })
        );
        assert!(DoppeldoppelDeal::new(&[[0; 6]; 4]).is_ok());
        assert_eq!(
            DoppeldoppelDeal::new(&[[0; 6]; 5]),
            Err(DoppeldoppelError::PlayersOutOfRange { players: 5 })
        );
    }

    #[test]
    fn the_starting_player_moves_left_each_deal() {
        let starters: Vec<Seat> = (0..5).map(|i| deal_seats(3, i).starter).collect();
        assert_eq!(starters, vec![0, 1, 2, 0, 1]);
        assert_eq!(deal_seats(4, 3).starter, 3);
        assert_eq!(deal_seats(4, 3).dealer, None);
    }

    #[test]
    fn a_round_is_one_deal_per_player() {
        let example = [[2, 2, 1, 0, 0, 0], [3, 0, 0, 0, 2, 0], [0, 1, 0, 3, 0, 1]];
        let deal = DoppeldoppelDeal::new(&example).unwrap();
        let mut deals = vec![deal; 2];
        let round = derive(3, &deals).unwrap();
        assert!(!round.is_complete());
        // 7, 6 + 14 = 20, and 0 (three rank-4 cards) each deal.
        assert_eq!(round.totals(), &[14, 40, 0]);
        assert_eq!(round.next().map(|s| s.starter), Some(2));
        assert!(round.winners().is_empty());
        deals.push(deal);
        let round = derive(3, &deals).unwrap();
        assert!(round.is_complete());
        assert_eq!(round.deals()[2].totals, vec![21, 60, 0]);
        assert_eq!(round.winners(), vec![1]);
        assert_eq!(round.next(), None);
        assert_eq!(
            round.lines()[1].key,
            FamilyKey {
                primary: 60,
                secondary: 0
            }
        );
        deals.push(deal);
        assert_eq!(
            derive(3, &deals),
            Err(DoppeldoppelDeriveError::Deal {
                index: 3,
                error: DoppeldoppelRoundError::RoundOver { deals: 3 }
            })
        );
        assert_eq!(
            derive(4, &deals),
            Err(DoppeldoppelDeriveError::Deal {
                index: 0,
                error: DoppeldoppelRoundError::WrongPlayers {
                    players: 4,
                    entered: 3
                }
            })
        );
        assert!(matches!(
            derive(5, &[]),
            Err(DoppeldoppelDeriveError::Table(_))
        ));
    }

    fn expected(c: RankCounts) -> i32 {
        // The rules written out once more, rank by rank, as the text states them.
        let n = |i: usize| i32::from(c[i]);
        if n(3) >= 3 {
            return 0;
        }
        let mut total = 0;
        total += if n(0) >= 3 { 2 * n(0) } else { -n(0) };
        total += if n(1) % 2 == 0 { 5 * n(1) } else { -2 * n(1) };
        total -= n(2) + n(3) + n(5);
        total += if n(5) > 0 { -n(4) } else { 7 * n(4) };
        total
    }

    proptest! {
        #[test]
        fn accepted_deals_score_by_the_rules(
            rows in proptest::collection::vec(proptest::array::uniform6(0u8..9), 0..6),
            players in 0u8..6,
        ) {
            if let Ok(deal) = DoppeldoppelDeal::new(&rows) {
                prop_assert!((3..=4).contains(&rows.len()));
                let total: u32 = rows.iter().flatten().map(|&c| u32::from(c)).sum();
                prop_assert!(total <= 36);
                prop_assert_ne!(total, 35);
                for (row, score) in rows.iter().zip(deal.score()) {
                    prop_assert_eq!(score.total, expected(*row));
                }
                let round = derive(players, &[deal; 5]);
                prop_assert!(round.is_err());
                if let Err(DoppeldoppelDeriveError::Deal { index, .. }) = round {
                    prop_assert!(usize::from(players) != rows.len() && index == 0 || index == rows.len());
                }
            }
            let _ = Deck::new(rows.first().copied().unwrap_or_default());
        }
    }
}
