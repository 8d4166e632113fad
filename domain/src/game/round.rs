//! A table's round of either family game behind one type, so the shell derives, checks and
//! shows a family sheet without matching on the game: [`FamilyRound`] wraps the two games'
//! rounds ([`KidsRound`], [`DoppeldoppelRound`]) and answers what a sheet needs (the next
//! deal's seats, each deal's points per seat, the running keys, the standings lines).

use super::Game;
use super::doppeldoppel::{self, DoppeldoppelDeal, DoppeldoppelRound, DoppeldoppelRoundError};
use super::family::{FamilyKey, FamilySeatLine};
use super::kids::{self, KidsDeal, KidsRound, KidsRoundError};
use super::table::{DealSeats, TableSizeError};
use crate::deal::Seat;
use crate::sheet::Renumbering;

/// One entered deal of a family game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FamilyDeal {
    /// A deal of Doublehead Kids: the teams and their Silver Coins.
    Kids(KidsDeal),
    /// A deal of Doppeldoppel: the cards of each rank each player captured.
    Doppeldoppel(DoppeldoppelDeal),
}

impl FamilyDeal {
    /// The stable name of the game the deal belongs to ([`Game::kind`]).
    pub const fn game(&self) -> &'static str {
        match self {
            FamilyDeal::Kids(_) => kids::KIND,
            FamilyDeal::Doppeldoppel(_) => doppeldoppel::KIND,
        }
    }
}

/// A table's round of a family game, derived from its entered deals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FamilyRound {
    /// Doublehead Kids: played until a player reaches the Golden Coins target.
    Kids(KidsRound),
    /// Doppeldoppel: one deal per player.
    Doppeldoppel(DoppeldoppelRound),
}

/// Why a family round cannot be started or takes no further deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum FamilyRoundError {
    /// The tournament plays Doppelkopf, which has its own sheet ([`crate::sheet`]).
    #[error("{game} is not a family game")]
    NotAFamilyGame {
        /// The game's stable name.
        game: &'static str,
    },
    /// The game is not played at this table size.
    #[error(transparent)]
    Table(#[from] TableSizeError),
    /// A deal of the other family game.
    #[error("a deal of {entered} cannot be entered at a table playing {game}")]
    WrongGame {
        /// The game of the entry.
        entered: &'static str,
        /// The game of the table.
        game: &'static str,
    },
    /// Doublehead Kids' round is over.
    #[error(transparent)]
    Kids(#[from] KidsRoundError),
    /// Doppeldoppel's round is over, or the entry is for another table size.
    #[error(transparent)]
    Doppeldoppel(#[from] DoppeldoppelRoundError),
}

/// The first entered deal that does not fit when a round is re-derived, or the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum FamilyDeriveError {
    /// The round cannot start: not a family game, or not at this table size.
    #[error(transparent)]
    Start(FamilyRoundError),
    /// The first deal that does not fit.
    #[error("deal {} does not fit the round: {error}", .index + 1)]
    Deal {
        /// 0-based index into the entered deals.
        index: usize,
        /// Why it does not fit.
        error: FamilyRoundError,
    },
}

impl Game {
    /// An empty round of this family game at a table of `players`.
    ///
    /// # Errors
    ///
    /// [`FamilyRoundError::NotAFamilyGame`] for Doppelkopf, [`FamilyRoundError::Table`] for
    /// a table size the game is not played at.
    pub fn family_round(self, players: u8) -> Result<FamilyRound, FamilyRoundError> {
        self.check_table(players)?;
        match self {
            Game::Doppelkopf(_) => Err(FamilyRoundError::NotAFamilyGame { game: self.kind() }),
            Game::DoubleheadKids(rules) => Ok(FamilyRound::Kids(KidsRound::new(rules))),
            Game::Doppeldoppel => Ok(FamilyRound::Doppeldoppel(DoppeldoppelRound::new(players)?)),
        }
    }
}

/// A table's round re-derived from its entered deals, in order, for every read and every
/// write (like [`crate::sheet::derive`] for Doppelkopf).
///
/// # Errors
///
/// The table, or the first deal that does not fit (one of the other game, one after the
/// round ended, one for another table size).
pub fn derive_family(
    game: Game,
    players: u8,
    deals: &[FamilyDeal],
) -> Result<FamilyRound, FamilyDeriveError> {
    let mut round = game
        .family_round(players)
        .map_err(FamilyDeriveError::Start)?;
    for (index, deal) in deals.iter().enumerate() {
        round
            .record(*deal)
            .map_err(|error| FamilyDeriveError::Deal { index, error })?;
    }
    Ok(round)
}

/// One entered deal as a sheet shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FamilySheetDeal {
    /// Who dealt (Kids) and who started.
    pub seats: DealSeats,
    /// What each seat won: Golden Coins, or points.
    pub points: Vec<i64>,
    /// Each seat's keys after the deal.
    pub totals: Vec<FamilyKey>,
}

/// A deletion worked out: the round without the deal, and the later deals' new numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FamilyDeletion {
    /// The round after the deletion.
    pub round: FamilyRound,
    /// Every later deal, ascending: each moves up one number.
    pub moves: Vec<Renumbering>,
}

/// Why a family deal cannot be deleted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum FamilyDeletionError {
    /// There is no deal with that number.
    #[error("there is no deal {number} on a sheet of {deals} deals")]
    NoSuchDeal {
        /// The number asked for.
        number: u16,
        /// Deals on the sheet.
        deals: usize,
    },
    /// Without it a later deal no longer fits.
    #[error(transparent)]
    Round(FamilyDeriveError),
}

impl FamilyRound {
    /// The same round with no deal entered.
    fn empty(&self) -> Result<FamilyRound, FamilyDeriveError> {
        Ok(match self {
            FamilyRound::Kids(round) => FamilyRound::Kids(KidsRound::new(round.rules())),
            FamilyRound::Doppeldoppel(round) => FamilyRound::Doppeldoppel(
                DoppeldoppelRound::new(round.players())
                    .map_err(|e| FamilyDeriveError::Start(FamilyRoundError::Table(e)))?,
            ),
        })
    }

    /// The entered deals, in order.
    pub fn entries(&self) -> Vec<FamilyDeal> {
        match self {
            FamilyRound::Kids(round) => round
                .deals()
                .iter()
                .map(|d| FamilyDeal::Kids(d.deal))
                .collect(),
            FamilyRound::Doppeldoppel(round) => round
                .deals()
                .iter()
                .map(|d| FamilyDeal::Doppeldoppel(d.deal))
                .collect(),
        }
    }

    /// The round re-derived from `deals` in place of its own.
    fn with_entries(&self, deals: &[FamilyDeal]) -> Result<FamilyRound, FamilyDeriveError> {
        let mut round = self.empty()?;
        for (index, deal) in deals.iter().enumerate() {
            round
                .record(*deal)
                .map_err(|error| FamilyDeriveError::Deal { index, error })?;
        }
        Ok(round)
    }

    /// The round with the deal at `index` (0-based) corrected to `deal`: the corrected deal
    /// must fit where it stands (a deal of this game, for this table), and every later
    /// deal after it (a correction that ends a Doublehead Kids round earlier leaves the
    /// deals after the end without a place). The error names the first deal that does not
    /// fit, so the caller can tell the corrected deal (`index`) from a later one.
    ///
    /// # Errors
    ///
    /// [`FamilyDeriveError::Deal`] as said; an `index` past the deals is the deal after the
    /// last, and is refused as a round over would be only if the round is over.
    pub fn corrected(
        &self,
        index: usize,
        deal: FamilyDeal,
    ) -> Result<FamilyRound, FamilyDeriveError> {
        let mut deals = self.entries();
        match deals.get_mut(index) {
            Some(slot) => *slot = deal,
            None => deals.push(deal),
        }
        self.with_entries(&deals)
    }

    /// The round without deal `number` (from 1); later deals move up one number.
    ///
    /// # Errors
    ///
    /// [`FamilyDeletionError::NoSuchDeal`] for a number without a deal;
    /// [`FamilyDeletionError::Round`] if a later deal no longer fits (never in the two
    /// games as written: a deal less never ends a round earlier).
    pub fn deleted(&self, number: u16) -> Result<FamilyDeletion, FamilyDeletionError> {
        let mut deals = self.entries();
        let count = deals.len();
        let index = usize::from(number)
            .checked_sub(1)
            .filter(|&i| i < count)
            .ok_or(FamilyDeletionError::NoSuchDeal {
                number,
                deals: count,
            })?;
        deals.remove(index);
        let round = self
            .with_entries(&deals)
            .map_err(FamilyDeletionError::Round)?;
        let moves = (usize::from(number)..count)
            .filter_map(|to| {
                let to = u16::try_from(to).ok()?;
                Some(Renumbering { from: to + 1, to })
            })
            .collect();
        Ok(FamilyDeletion { round, moves })
    }

    /// The game's stable name.
    pub const fn game(&self) -> &'static str {
        match self {
            FamilyRound::Kids(_) => kids::KIND,
            FamilyRound::Doppeldoppel(_) => doppeldoppel::KIND,
        }
    }

    /// The players at the table.
    pub const fn players(&self) -> u8 {
        match self {
            FamilyRound::Kids(_) => kids::PLAYERS,
            FamilyRound::Doppeldoppel(round) => round.players(),
        }
    }

    /// Adds a deal as the next one.
    ///
    /// # Errors
    ///
    /// A deal of the other game, or the game's own refusal (the round is over, the entry
    /// is for another table size).
    pub fn record(&mut self, deal: FamilyDeal) -> Result<(), FamilyRoundError> {
        match (self, deal) {
            (FamilyRound::Kids(round), FamilyDeal::Kids(deal)) => Ok(round.record(deal)?),
            (FamilyRound::Doppeldoppel(round), FamilyDeal::Doppeldoppel(deal)) => {
                Ok(round.record(deal)?)
            }
            (round, deal) => Err(FamilyRoundError::WrongGame {
                entered: deal.game(),
                game: round.game(),
            }),
        }
    }

    /// How many deals the round has.
    pub fn deal_count(&self) -> usize {
        match self {
            FamilyRound::Kids(round) => round.deals().len(),
            FamilyRound::Doppeldoppel(round) => round.deals().len(),
        }
    }

    /// Whether the round is over and takes no deal.
    pub fn is_complete(&self) -> bool {
        match self {
            FamilyRound::Kids(round) => round.is_complete(),
            FamilyRound::Doppeldoppel(round) => round.is_complete(),
        }
    }

    /// The seats of the next deal, or `None` once the round is over.
    pub fn next(&self) -> Option<DealSeats> {
        match self {
            FamilyRound::Kids(round) => round.next(),
            FamilyRound::Doppeldoppel(round) => round.next(),
        }
    }

    /// The deals planned: Doppeldoppel's one per player, `None` for Doublehead Kids, whose
    /// round lasts until a player reaches the target.
    pub fn planned_deals(&self) -> Option<u16> {
        match self {
            FamilyRound::Kids(_) => None,
            FamilyRound::Doppeldoppel(round) => Some(u16::from(round.players())),
        }
    }

    /// The deals still to play: Doppeldoppel's players less the deals entered; 0 for
    /// Doublehead Kids, whose round ends when a player reaches the target, not after a
    /// number of deals.
    pub fn deals_left(&self) -> u16 {
        let entered = u16::try_from(self.deal_count()).unwrap_or(u16::MAX);
        self.planned_deals()
            .map_or(0, |planned| planned.saturating_sub(entered))
    }

    /// Every entered deal as the sheet shows it, in order.
    pub fn sheet_deals(&self) -> Vec<FamilySheetDeal> {
        (0..self.deal_count())
            .filter_map(|index| {
                Some(FamilySheetDeal {
                    seats: self.seats(index)?,
                    points: self.deal_points(index)?,
                    totals: self.totals_after(index)?,
                })
            })
            .collect()
    }

    /// The seats of the deal at `index` (0-based), if entered.
    pub fn seats(&self, index: usize) -> Option<DealSeats> {
        match self {
            FamilyRound::Kids(round) => round.deals().get(index).map(|d| d.seats),
            FamilyRound::Doppeldoppel(round) => round.deals().get(index).map(|d| d.seats),
        }
    }

    /// What each seat won in the deal at `index` (0-based): Golden Coins (Doublehead Kids)
    /// or points (Doppeldoppel), the number the standings rank first.
    pub fn deal_points(&self, index: usize) -> Option<Vec<i64>> {
        match self {
            FamilyRound::Kids(round) => round
                .deals()
                .get(index)
                .map(|d| d.score.golden.iter().map(|&g| i64::from(g)).collect()),
            FamilyRound::Doppeldoppel(round) => round
                .deals()
                .get(index)
                .map(|d| d.scores.iter().map(|s| i64::from(s.total)).collect()),
        }
    }

    /// Each seat's keys after the deal at `index` (0-based), if entered.
    pub fn totals_after(&self, index: usize) -> Option<Vec<FamilyKey>> {
        match self {
            FamilyRound::Kids(round) => round.deals().get(index).map(|d| {
                d.golden_totals
                    .iter()
                    .zip(d.silver_totals)
                    .map(|(&golden, silver)| FamilyKey {
                        primary: i64::from(golden),
                        secondary: i64::from(silver),
                    })
                    .collect()
            }),
            FamilyRound::Doppeldoppel(round) => round.deals().get(index).map(|d| {
                d.totals
                    .iter()
                    .map(|&points| FamilyKey {
                        primary: i64::from(points),
                        secondary: 0,
                    })
                    .collect()
            }),
        }
    }

    /// Doublehead Kids: how the table plays; `None` in Doppeldoppel.
    pub const fn kids_rules(&self) -> Option<kids::KidsRules> {
        match self {
            FamilyRound::Kids(round) => Some(round.rules()),
            FamilyRound::Doppeldoppel(_) => None,
        }
    }

    /// Doublehead Kids: the Golden Coins that end the round; `None` in Doppeldoppel.
    pub const fn golden_coins(&self) -> Option<u8> {
        match self {
            FamilyRound::Kids(round) => Some(round.target()),
            FamilyRound::Doppeldoppel(_) => None,
        }
    }

    /// Each seat's keys after the deals so far: Golden then Silver Coins, or points.
    pub fn totals(&self) -> Vec<FamilyKey> {
        self.lines().iter().map(|line| line.key).collect()
    }

    /// Each seat's line for the standings.
    pub fn lines(&self) -> Vec<FamilySeatLine> {
        match self {
            FamilyRound::Kids(round) => round.lines().to_vec(),
            FamilyRound::Doppeldoppel(round) => round.lines(),
        }
    }

    /// The seats that won the round once it is over; empty while it runs.
    pub fn winners(&self) -> Vec<Seat> {
        match self {
            FamilyRound::Kids(round) => round.winners(),
            FamilyRound::Doppeldoppel(round) => round.winners(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::kids::{KidsTeams, SILVER_COINS};

    fn kids(teams: KidsTeams, pp: u16) -> FamilyDeal {
        FamilyDeal::Kids(KidsDeal::new(teams, pp, SILVER_COINS - pp).unwrap())
    }

    #[test]
    fn a_kids_round_to_two_golden_coins() {
        let game = Game::DoubleheadKids(kids::KidsRules::basic(2));
        // Deal 1: seats 0 and 2 hold the Prince/Princess cards and take 130: one Golden
        // Coin each. Deal 2: seat 1 plays alone and takes 121: two Golden Coins, and the
        // round is over (seat 1 reached 2).
        let deals = [
            kids(KidsTeams::Pair([0, 2]), 130),
            kids(KidsTeams::Alone(1), 121),
        ];
        let round = derive_family(game, 4, &deals).unwrap();
        assert_eq!(round.deal_points(0), Some(vec![1, 0, 1, 0]));
        assert_eq!(round.deal_points(1), Some(vec![0, 2, 0, 0]));
        assert!(round.is_complete());
        assert_eq!(round.winners(), vec![1]);
        assert_eq!(
            round.totals(),
            vec![
                FamilyKey {
                    primary: 1,
                    secondary: 130 + 119
                },
                FamilyKey {
                    primary: 2,
                    secondary: 110 + 121
                },
                FamilyKey {
                    primary: 1,
                    secondary: 130 + 119
                },
                FamilyKey {
                    primary: 0,
                    secondary: 110 + 119
                },
            ]
        );
        assert_eq!(round.next(), None);
        assert_eq!(round.planned_deals(), None);
        assert_eq!(round.deals_left(), 0);
        assert_eq!(round.golden_coins(), Some(2));
        assert_eq!(
            round.totals_after(0).map(|keys| keys[1]),
            Some(FamilyKey {
                primary: 0,
                secondary: 110
            })
        );
        assert_eq!(
            round.totals_after(1).as_deref(),
            Some(round.totals().as_slice())
        );
        // A third deal is refused: the round ended after deal 2.
        let mut more = deals.to_vec();
        more.push(kids(KidsTeams::Pair([0, 1]), 200));
        assert_eq!(
            derive_family(game, 4, &more),
            Err(FamilyDeriveError::Deal {
                index: 2,
                error: FamilyRoundError::Kids(KidsRoundError::RoundOver {
                    target: 2,
                    deals: 2
                })
            })
        );
    }

    #[test]
    fn a_doppeldoppel_round_of_three() {
        // The text's example hand (two 1s, two 2s, one 3) scores 7; three 4s make a hand 0
        // whatever else it holds; a lone 5 without a 6 scores 7.
        let hands = [[2, 2, 1, 0, 0, 0], [1, 2, 0, 3, 1, 0], [0, 0, 0, 0, 1, 0]];
        let deal = FamilyDeal::Doppeldoppel(DoppeldoppelDeal::new(&hands).unwrap());
        let round = derive_family(Game::Doppeldoppel, 3, &[deal, deal]).unwrap();
        assert_eq!(round.deal_points(0), Some(vec![7, 0, 7]));
        assert_eq!(
            round.totals().iter().map(|k| k.primary).collect::<Vec<_>>(),
            vec![14, 0, 14]
        );
        assert_eq!(round.planned_deals(), Some(3));
        assert_eq!(round.deals_left(), 1);
        assert!(!round.is_complete());
        assert_eq!(round.next().map(|s| s.starter), Some(2));
        assert_eq!(round.seats(1).map(|s| s.starter), Some(1));
        let sheet = round.sheet_deals();
        assert_eq!(sheet.len(), 2);
        assert_eq!(sheet[1].points, vec![7, 0, 7]);
        assert_eq!(
            sheet[1]
                .totals
                .iter()
                .map(|k| k.primary)
                .collect::<Vec<_>>(),
            vec![14, 0, 14]
        );
        let full = derive_family(Game::Doppeldoppel, 3, &[deal, deal, deal]).unwrap();
        assert!(full.is_complete());
        assert_eq!(full.winners(), vec![0, 2]);
    }

    #[test]
    fn a_correction_and_a_deletion_re_derive_the_round() {
        let game = Game::DoubleheadKids(kids::KidsRules::basic(2));
        let deals = [
            kids(KidsTeams::Pair([0, 2]), 130),
            kids(KidsTeams::Alone(1), 121),
        ];
        let round = derive_family(game, 4, &deals).unwrap();
        // Deal 1 corrected to a wedding of seats 3 and 1 taking 125: seat 1 has 1 + 2.
        let wedding = kids(
            KidsTeams::Wedding {
                announcer: 3,
                partner: 1,
            },
            125,
        );
        let corrected = round.corrected(0, wedding).unwrap();
        assert_eq!(
            corrected
                .totals()
                .iter()
                .map(|k| k.primary)
                .collect::<Vec<_>>(),
            vec![0, 3, 0, 1]
        );
        // Deal 1 corrected to a lone win for seat 0 ends the round: deal 2 has no place.
        assert!(matches!(
            round.corrected(0, kids(KidsTeams::Alone(0), 130)),
            Err(FamilyDeriveError::Deal { index: 1, .. })
        ));
        // A Doppeldoppel deal does not fit at deal 1 of a Kids round.
        let other = FamilyDeal::Doppeldoppel(DoppeldoppelDeal::new(&[[0; 6]; 3]).unwrap());
        assert!(matches!(
            round.corrected(0, other),
            Err(FamilyDeriveError::Deal {
                index: 0,
                error: FamilyRoundError::WrongGame { .. }
            })
        ));
        // Deleting deal 1: deal 2 moves up and seat 0 deals it.
        let deletion = round.deleted(1).unwrap();
        assert_eq!(deletion.moves, vec![Renumbering { from: 2, to: 1 }]);
        assert_eq!(deletion.round.deal_points(0), Some(vec![0, 2, 0, 0]));
        assert_eq!(deletion.round.seats(0).and_then(|s| s.dealer), Some(0));
        assert_eq!(
            round.deleted(3),
            Err(FamilyDeletionError::NoSuchDeal {
                number: 3,
                deals: 2
            })
        );
        assert!(round.deleted(0).is_err());
    }

    #[test]
    fn the_wrong_game_and_table_are_refused() {
        let deal = kids(KidsTeams::Pair([0, 1]), 200);
        assert_eq!(
            derive_family(Game::Doppeldoppel, 4, &[deal]),
            Err(FamilyDeriveError::Deal {
                index: 0,
                error: FamilyRoundError::WrongGame {
                    entered: "doublehead_kids",
                    game: "doppeldoppel"
                }
            })
        );
        assert!(matches!(
            derive_family(Game::DoubleheadKids(kids::KidsRules::basic(5)), 3, &[]),
            Err(FamilyDeriveError::Start(FamilyRoundError::Table(_)))
        ));
        assert_eq!(
            Game::DDV.family_round(4),
            Err(FamilyRoundError::NotAFamilyGame { game: "doppelkopf" })
        );
    }
}
