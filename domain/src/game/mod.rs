//! Which game a tournament plays: Doppelkopf by the DDV's rules or a club's house rules, or
//! one of the family games derived from it.
//!
//! A [`Game`] is chosen when the tournament is created and never changes: every sheet,
//! score and standing of the tournament follows it. Doppelkopf's rules are the switches of
//! [`Ruleset`]; the two family games ([`Game::DoubleheadKids`], [`Game::Doppeldoppel`]) are
//! their own small modules with their own deal entries and round shapes.

mod ruleset;

pub use ruleset::{
    AnnouncementScoring, KarlchenRule, Ruleset, RulesetError, SOLO_MULTIPLIERS, Schweinchen,
    SecondHeartTen,
};

/// The game a tournament plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Game {
    /// Doppelkopf with the given rules (the DDV's by default).
    Doppelkopf(Ruleset),
    /// Doublehead Kids, the family game: four players, teams by the Prince/Princess cards,
    /// a table's round played until a player holds `golden_coins` Golden Coins.
    DoubleheadKids {
        /// The Golden Coins that end a table's round (5 in the basic game).
        golden_coins: u8,
    },
    /// Doppeldoppel: 36 cards, 3 or 4 players, a round is one deal per player.
    Doppeldoppel,
}

impl Game {
    /// The DDV's tournament rules: what every tournament played before games existed.
    pub const DDV: Game = Game::Doppelkopf(Ruleset::DDV);

    /// The stable name of the game on the wire and in stored rows.
    pub const fn kind(self) -> &'static str {
        match self {
            Game::Doppelkopf(_) => "doppelkopf",
            Game::DoubleheadKids { .. } => "doublehead_kids",
            Game::Doppeldoppel => "doppeldoppel",
        }
    }

    /// The Doppelkopf rules, when the game is Doppelkopf.
    pub const fn ruleset(self) -> Option<Ruleset> {
        match self {
            Game::Doppelkopf(rules) => Some(rules),
            _ => None,
        }
    }
}
