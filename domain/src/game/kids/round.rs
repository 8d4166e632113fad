//! A table's round of Doublehead Kids: the deals on its sheet with their running totals,
//! until a player holds the Golden Coins target (rules A, F; the module's documentation).

use super::{KidsDeal, KidsRules, KidsScore, PLAYERS};
use crate::deal::Seat;
use crate::game::family::{FamilyKey, FamilySeatLine};
use crate::game::table::{DealSeats, seat_after};

/// The seats of the deal at `index` (0-based) of a round: seat `index` deals (mod 4), the
/// next seat on his left starts, nobody sits out.
pub fn deal_seats(index: usize) -> DealSeats {
    let dealer = seat_after(0, index, PLAYERS);
    DealSeats {
        dealer: Some(dealer),
        starter: seat_after(dealer, 1, PLAYERS),
        sitting_out: None,
    }
}

/// One deal on the round's sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KidsSheetDeal {
    /// Who dealt and who started.
    pub seats: DealSeats,
    /// The entry.
    pub deal: KidsDeal,
    /// Its result.
    pub score: KidsScore,
    /// Each seat's Golden Coins after this deal.
    pub golden_totals: [u16; PLAYERS as usize],
    /// Each seat's Silver Coins after this deal.
    pub silver_totals: [u32; PLAYERS as usize],
}

/// A table's round of Doublehead Kids, derived from its entered deals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KidsRound {
    rules: KidsRules,
    deals: Vec<KidsSheetDeal>,
    golden: [u16; PLAYERS as usize],
    silver: [u32; PLAYERS as usize],
}

impl KidsRound {
    /// The Golden Coins target that ends the round.
    pub const fn target(&self) -> u8 {
        self.rules.golden_coins
    }

    /// How the table plays.
    pub const fn rules(&self) -> KidsRules {
        self.rules
    }

    /// The deals, in order, each with its seats, result and running totals.
    pub fn deals(&self) -> &[KidsSheetDeal] {
        &self.deals
    }

    /// Each seat's Golden Coins so far.
    pub const fn golden(&self) -> [u16; PLAYERS as usize] {
        self.golden
    }

    /// Each seat's Silver Coins so far.
    pub const fn silver(&self) -> [u32; PLAYERS as usize] {
        self.silver
    }

    /// Whether a player has reached the target (and, where the table plays on, leads the
    /// others by a Golden Coin): the round is over and takes no deal. A target of 0 is
    /// reached before any deal (and, playing on, left to the first deal that breaks the
    /// level start).
    pub fn is_complete(&self) -> bool {
        let best = self.golden.iter().copied().max().unwrap_or(0);
        if best < u16::from(self.rules.golden_coins) {
            return false;
        }
        !self.rules.play_on || self.golden.iter().filter(|&&g| g == best).count() == 1
    }

    /// The seats of the next deal, or `None` once the round is over.
    pub fn next(&self) -> Option<DealSeats> {
        (!self.is_complete()).then(|| deal_seats(self.deals.len()))
    }

    /// The winners once the round is over: the seats with the most Golden Coins (several
    /// share the win, rule F; one when the table plays on); empty while it runs.
    pub fn winners(&self) -> Vec<Seat> {
        if !self.is_complete() {
            return Vec::new();
        }
        let best = self.golden.iter().copied().max().unwrap_or(0);
        (0..PLAYERS)
            .zip(self.golden)
            .filter(|&(_, g)| g == best)
            .map(|(seat, _)| seat)
            .collect()
    }

    /// Each seat's line for the standings: Golden Coins, then Silver Coins.
    pub fn lines(&self) -> [FamilySeatLine; PLAYERS as usize] {
        let mut lines = [FamilySeatLine {
            seat: 0,
            key: FamilyKey::default(),
        }; PLAYERS as usize];
        for (seat, line) in (0..PLAYERS).zip(lines.iter_mut()) {
            let i = usize::from(seat);
            line.seat = seat;
            line.key = FamilyKey {
                primary: self.golden.get(i).copied().map_or(0, i64::from),
                secondary: self.silver.get(i).copied().map_or(0, i64::from),
            };
        }
        lines
    }

    /// Adds a deal, unless the round is already over or the deal holds the advanced game's
    /// cards at a table playing the basic one.
    pub fn record(&mut self, deal: KidsDeal) -> Result<(), KidsRoundError> {
        if self.is_complete() {
            return Err(KidsRoundError::RoundOver {
                target: self.rules.golden_coins,
                deals: self.deals.len(),
            });
        }
        if !self.rules.advanced && !deal.extras().is_empty() {
            return Err(KidsRoundError::ExtrasInBasicGame);
        }
        let seats = deal_seats(self.deals.len());
        let score = deal.score(&self.rules);
        for (total, &g) in self.golden.iter_mut().zip(score.golden.iter()) {
            *total = total.saturating_add(u16::from(g));
        }
        for (total, &s) in self.silver.iter_mut().zip(score.silver.iter()) {
            *total = total.saturating_add(u32::from(s));
        }
        self.deals.push(KidsSheetDeal {
            seats,
            deal,
            score,
            golden_totals: self.golden,
            silver_totals: self.silver,
        });
        Ok(())
    }

    /// An empty round played by `rules`.
    pub const fn new(rules: KidsRules) -> KidsRound {
        KidsRound {
            rules,
            deals: Vec::new(),
            golden: [0; PLAYERS as usize],
            silver: [0; PLAYERS as usize],
        }
    }
}

/// Why a round takes no further deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum KidsRoundError {
    /// A player reached the target: the round ended after `deals` deals.
    #[error("the round ended after deal {deals}: a player reached {target} Golden Coins")]
    RoundOver {
        /// The target.
        target: u8,
        /// The deals the round had when it ended.
        deals: usize,
    },
    /// Fox or Karlchen coins at a table playing the basic game, which has none.
    #[error("the basic game has no fox or Karlchen coins; the advanced game does")]
    ExtrasInBasicGame,
}

/// The first entered deal that does not fit when a round is re-derived.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("deal {} does not fit the round: {error}", .index + 1)]
pub struct KidsDeriveError {
    /// 0-based index into the entered deals.
    pub index: usize,
    /// Why it does not fit.
    pub error: KidsRoundError,
}

/// A table's round re-derived from its entered deals, in order, for every read and every
/// correction (like [`crate::sheet::derive`] for Doppelkopf); the error names the first
/// deal that no longer fits, e.g. one entered after a corrected earlier deal now ends the
/// round.
pub fn derive(rules: KidsRules, deals: &[KidsDeal]) -> Result<KidsRound, KidsDeriveError> {
    let mut round = KidsRound::new(rules);
    for (index, deal) in deals.iter().enumerate() {
        round
            .record(*deal)
            .map_err(|error| KidsDeriveError { index, error })?;
    }
    Ok(round)
}
