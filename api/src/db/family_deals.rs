//! The family games' deals as stored, in the same `facts` column as Doppelkopf's: format 4
//! a Doublehead Kids deal, format 5 a Doppeldoppel deal ([`super::deals::StoredEntry`]
//! reads each). Frozen like every stored format: a change is a new format, never an edit.

use domain::game::doppeldoppel::{DoppeldoppelDeal, DoppeldoppelError, RankCounts};
use domain::game::kids::{KidsDeal, KidsError, KidsTeams};
use serde::{Deserialize, Serialize};

/// The format of a Doublehead Kids deal.
pub const KIDS_FORMAT: u32 = 4;

/// The format of a Doppeldoppel deal.
pub const DOPPELDOPPEL_FORMAT: u32 = 5;

/// A Doublehead Kids deal, format 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredKidsDeal {
    /// Always [`KIDS_FORMAT`]; written explicitly.
    pub format: u32,
    /// How the teams were found.
    pub teams: StoredKidsTeams,
    /// The Silver Coins of the team with the Prince/Princess cards.
    pub prince_princess: u16,
    /// The Silver Coins of the other team.
    pub without: u16,
}

/// The teams of a Doublehead Kids deal as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", deny_unknown_fields)]
pub enum StoredKidsTeams {
    /// The two players with the Prince and the Princess.
    #[serde(rename = "pair")]
    Pair {
        /// Their seats.
        seats: [u8; 2],
    },
    /// A wedding: the player with both named a partner.
    #[serde(rename = "wedding")]
    Wedding {
        /// Who held both.
        announcer: u8,
        /// Whom he named.
        partner: u8,
    },
    /// The player with both played alone.
    #[serde(rename = "alone")]
    Alone {
        /// His seat.
        seat: u8,
    },
}

impl StoredKidsDeal {
    /// The stored form of a deal.
    pub fn of(deal: &KidsDeal) -> StoredKidsDeal {
        StoredKidsDeal {
            format: KIDS_FORMAT,
            teams: match deal.teams() {
                KidsTeams::Pair(seats) => StoredKidsTeams::Pair { seats },
                KidsTeams::Wedding { announcer, partner } => {
                    StoredKidsTeams::Wedding { announcer, partner }
                }
                KidsTeams::Alone(seat) => StoredKidsTeams::Alone { seat },
            },
            prince_princess: deal.prince_princess_coins(),
            without: deal.without_coins(),
        }
    }

    /// The deal as the domain scores it.
    pub fn deal(&self) -> Result<KidsDeal, KidsError> {
        let teams = match self.teams {
            StoredKidsTeams::Pair { seats } => KidsTeams::Pair(seats),
            StoredKidsTeams::Wedding { announcer, partner } => {
                KidsTeams::Wedding { announcer, partner }
            }
            StoredKidsTeams::Alone { seat } => KidsTeams::Alone(seat),
        };
        KidsDeal::new(teams, self.prince_princess, self.without)
    }
}

/// A Doppeldoppel deal, format 5.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredDoppeldoppelDeal {
    /// Always [`DOPPELDOPPEL_FORMAT`]; written explicitly.
    pub format: u32,
    /// Per seat, the cards of rank 1 to 6 he captured.
    pub captured: Vec<RankCounts>,
}

impl StoredDoppeldoppelDeal {
    /// The stored form of a deal.
    pub fn of(deal: &DoppeldoppelDeal) -> StoredDoppeldoppelDeal {
        StoredDoppeldoppelDeal {
            format: DOPPELDOPPEL_FORMAT,
            captured: deal.captured().to_vec(),
        }
    }

    /// The deal as the domain scores it.
    pub fn deal(&self) -> Result<DoppeldoppelDeal, DoppeldoppelError> {
        DoppeldoppelDeal::new(&self.captured)
    }
}
