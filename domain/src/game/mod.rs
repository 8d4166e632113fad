//! Which game a tournament plays: Doppelkopf by the DDV's rules or a club's house rules, or
//! one of the family games derived from it.
//!
//! A [`Game`] is chosen when the tournament is created and never changes: every sheet,
//! score and standing of the tournament follows it. Doppelkopf's rules are the switches of
//! [`Ruleset`]; the two family games ([`Game::DoubleheadKids`], [`Game::Doppeldoppel`]) are
//! their own small modules with their own deal entries and round shapes ([`kids`],
//! [`doppeldoppel`]), ranked by [`family_standings`].
//!
//! What the shell asks of any game about a table goes through methods on [`Game`]: the
//! table sizes it plays ([`Game::table_sizes`]), how long a table's round is
//! ([`Game::round_length`]), who deals and starts each deal ([`Game::deal_turn`]) and
//! whether the dealer sits out ([`Game::dealer_sits_out`]).

pub mod doppeldoppel;
pub mod family;
pub mod kids;
mod preset;
mod round;
pub(crate) mod ruleset;
mod table;

pub use family::{
    FamilyKey, FamilyLine, FamilySeatLine, FamilyStanding, FamilyStandingsError, family_standings,
};
pub use preset::Preset;
pub use round::{
    FamilyDeal, FamilyDeletion, FamilyDeletionError, FamilyDeriveError, FamilyRound,
    FamilyRoundError, FamilySheetDeal, derive_family,
};
pub use ruleset::{
    AnnouncementScoring, KarlchenRule, Ruleset, RulesetError, SOLO_MULTIPLIERS, Schweinchen,
    SecondHeartTen, ThrowIn,
};
pub use table::{DealSeats, DealTurn, RoundLength, TableSizeError};

/// The game a tournament plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Game {
    /// Doppelkopf with the given rules (the DDV's by default).
    Doppelkopf(Ruleset),
    /// Doublehead Kids, the family game: four players, teams by the Prince/Princess cards,
    /// a table's round played until a player holds the rules' Golden Coins, by the basic or
    /// the advanced scoring.
    DoubleheadKids(kids::KidsRules),
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
            Game::DoubleheadKids(_) => kids::KIND,
            Game::Doppeldoppel => doppeldoppel::KIND,
        }
    }

    /// The Doppelkopf rules, when the game is Doppelkopf.
    pub const fn ruleset(self) -> Option<Ruleset> {
        match self {
            Game::Doppelkopf(rules) => Some(rules),
            _ => None,
        }
    }

    /// The table sizes the game is played at: Doppelkopf 4 and 5 (TSR 10.1), Doublehead
    /// Kids 4, Doppeldoppel 3 and 4 (their rules texts).
    pub const fn table_sizes(self) -> &'static [u8] {
        match self {
            Game::Doppelkopf(_) => &[4, 5],
            Game::DoubleheadKids(_) => &[kids::PLAYERS],
            Game::Doppeldoppel => &[doppeldoppel::MIN_PLAYERS, doppeldoppel::MAX_PLAYERS],
        }
    }

    /// Whether the standings rank by a second key after the first ([`FamilyKey`]): only
    /// Doublehead Kids, whose Silver Coins rank players with equal Golden Coins.
    pub const fn has_second_key(self) -> bool {
        matches!(self, Game::DoubleheadKids(_))
    }

    /// Whether the game is played at a table of `players`.
    pub fn plays_at(self, players: u8) -> bool {
        self.table_sizes().contains(&players)
    }

    /// How many deals a round at a table of `players` has: Doppelkopf the
    /// `planned_deals` the tournament planned for the round (as the sheet has always been
    /// told); Doppeldoppel one per player, whatever was planned; Doublehead Kids as many as
    /// it takes a player to reach the Golden Coins target.
    pub fn round_length(
        self,
        players: u8,
        planned_deals: u16,
    ) -> Result<RoundLength, TableSizeError> {
        self.check_table(players)?;
        Ok(match self {
            Game::Doppelkopf(_) => RoundLength::Deals(planned_deals),
            Game::DoubleheadKids(rules) => RoundLength::UntilGoldenCoins(rules.golden_coins),
            Game::Doppeldoppel => RoundLength::Deals(u16::from(players)),
        })
    }

    /// Who deals, who plays the first card and who sits out in the deal at `index`
    /// (0-based) of a round at a table of `players`. Doppelkopf's depend on the deals
    /// before and come from the sheet ([`DealTurn::FromSheet`]); the family games' follow
    /// from the index ([`kids::deal_seats`], [`doppeldoppel::deal_seats`]).
    pub fn deal_turn(self, players: u8, index: usize) -> Result<DealTurn, TableSizeError> {
        self.check_table(players)?;
        Ok(match self {
            Game::Doppelkopf(_) => DealTurn::FromSheet,
            Game::DoubleheadKids(_) => DealTurn::Fixed(kids::deal_seats(index)),
            Game::Doppeldoppel => DealTurn::Fixed(doppeldoppel::deal_seats(players, index)),
        })
    }

    /// Whether one player sits out each deal at a table of `players`: only the dealer at a
    /// Doppelkopf 5-table (TSR 10.1); in the family games everybody plays every deal.
    pub fn dealer_sits_out(self, players: u8) -> Result<bool, TableSizeError> {
        self.check_table(players)?;
        Ok(matches!(self, Game::Doppelkopf(_)) && players == 5)
    }

    /// The table size whose playing time runs at a table of `players`: a Doppelkopf 4- or
    /// 5-table has its own (TSR 8.5.1, 10.1). `None` for a family game, which has no
    /// playing time, and for a size the game is not played at.
    pub fn timed_size(self, players: u8) -> Option<crate::deal::TableSize> {
        match self {
            Game::Doppelkopf(_) => crate::deal::TableSize::from_players(players),
            Game::DoubleheadKids(_) | Game::Doppeldoppel => None,
        }
    }

    pub(crate) fn check_table(self, players: u8) -> Result<(), TableSizeError> {
        if self.plays_at(players) {
            Ok(())
        } else {
            Err(TableSizeError {
                game: self.kind(),
                players,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIDS: Game = Game::DoubleheadKids(kids::KidsRules::BASIC);

    #[test]
    fn each_game_plays_its_table_sizes() {
        let sizes: Vec<Vec<u8>> = [Game::DDV, KIDS, Game::Doppeldoppel]
            .iter()
            .map(|g| (0..=6u8).filter(|&p| g.plays_at(p)).collect())
            .collect();
        assert_eq!(sizes, vec![vec![4, 5], vec![4], vec![3, 4]]);
        assert_eq!(
            KIDS.round_length(5, 24),
            Err(TableSizeError {
                game: "doublehead_kids",
                players: 5
            })
        );
        assert!(Game::Doppeldoppel.deal_turn(5, 0).is_err());
        assert!(Game::DDV.dealer_sits_out(3).is_err());
    }

    #[test]
    fn only_doppelkopf_plays_on_time() {
        use crate::deal::TableSize;
        assert_eq!(Game::DDV.timed_size(4), Some(TableSize::Four));
        assert_eq!(Game::DDV.timed_size(5), Some(TableSize::Five));
        assert_eq!(Game::DDV.timed_size(3), None);
        assert_eq!(KIDS.timed_size(4), None);
        assert_eq!(Game::Doppeldoppel.timed_size(4), None);
    }

    #[test]
    fn round_lengths() {
        assert_eq!(Game::DDV.round_length(4, 24), Ok(RoundLength::Deals(24)));
        assert_eq!(Game::DDV.round_length(5, 30), Ok(RoundLength::Deals(30)));
        assert_eq!(
            Game::Doppeldoppel.round_length(3, 24),
            Ok(RoundLength::Deals(3))
        );
        assert_eq!(
            Game::Doppeldoppel.round_length(4, 24),
            Ok(RoundLength::Deals(4))
        );
        assert_eq!(
            Game::DoubleheadKids(kids::KidsRules::ADVANCED).round_length(4, 24),
            Ok(RoundLength::UntilGoldenCoins(10))
        );
    }

    #[test]
    fn a_kids_round_to_t_golden_coins_takes_at_most_2t_minus_1_deals() {
        assert_eq!(RoundLength::Deals(24).most_deals(), 24);
        assert_eq!(RoundLength::UntilGoldenCoins(5).most_deals(), 9);
        assert_eq!(RoundLength::UntilGoldenCoins(0).most_deals(), 0);
        // The bound is reached: four players sharing pair wins evenly hold 4 Golden Coins
        // each after 8 deals of a round to 5, and the 9th deal ends it.
        let pairs = [
            [0, 1],
            [2, 3],
            [0, 2],
            [1, 3],
            [0, 3],
            [1, 2],
            [0, 1],
            [2, 3],
            [0, 2],
        ];
        let deals: Vec<FamilyDeal> = pairs
            .iter()
            .map(|&pair| {
                FamilyDeal::Kids(
                    kids::KidsDeal::new(kids::KidsTeams::Pair(pair), 130, 110).unwrap(),
                )
            })
            .collect();
        let round = derive_family(KIDS, 4, &deals[..8]).unwrap();
        assert!(!round.is_complete());
        assert!(derive_family(KIDS, 4, &deals).unwrap().is_complete());
    }

    #[test]
    fn who_deals_and_who_sits_out() {
        assert_eq!(Game::DDV.deal_turn(4, 3), Ok(DealTurn::FromSheet));
        assert_eq!(Game::DDV.dealer_sits_out(5), Ok(true));
        assert_eq!(Game::DDV.dealer_sits_out(4), Ok(false));
        assert_eq!(KIDS.dealer_sits_out(4), Ok(false));
        assert_eq!(Game::Doppeldoppel.dealer_sits_out(4), Ok(false));
        assert_eq!(
            KIDS.deal_turn(4, 2),
            Ok(DealTurn::Fixed(DealSeats {
                dealer: Some(2),
                starter: 3,
                sitting_out: None
            }))
        );
        assert_eq!(
            Game::Doppeldoppel.deal_turn(3, 2),
            Ok(DealTurn::Fixed(DealSeats {
                dealer: None,
                starter: 2,
                sitting_out: None
            }))
        );
    }
}
