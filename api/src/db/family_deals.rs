//! The family games' deals as stored, in the same `facts` column as Doppelkopf's: format 4
//! a Doublehead Kids deal, format 7 one of the advanced game with its fox and Karlchen
//! cards, format 5 a Doppeldoppel deal ([`super::deals::StoredEntry`] reads each). Frozen
//! like every stored format: a change is a new format, never an edit.

use domain::game::doppeldoppel::{DoppeldoppelDeal, DoppeldoppelError, RankCounts};
use domain::game::kids::{KidsDeal, KidsError, KidsExtras, KidsTeamExtras, KidsTeams};
use serde::{Deserialize, Serialize};

/// The format of a Doublehead Kids deal.
pub const KIDS_FORMAT: u32 = 4;

/// The format of a Doublehead Kids deal with the advanced game's fox and Karlchen cards:
/// format 4 and `extras`. A reader that knows format 4 only refuses it rather than drop
/// the coins.
pub const KIDS_EXTRAS_FORMAT: u32 = 7;

/// The format of a Doppeldoppel deal.
pub const DOPPELDOPPEL_FORMAT: u32 = 5;

/// A Doublehead Kids deal, format 4, or format 7 ([`KIDS_EXTRAS_FORMAT`]) with `extras`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredKidsDeal {
    /// [`KIDS_FORMAT`], or [`KIDS_EXTRAS_FORMAT`] when `extras` is there; written
    /// explicitly.
    pub format: u32,
    /// How the teams were found.
    pub teams: StoredKidsTeams,
    /// The Silver Coins of the team with the Prince/Princess cards.
    pub prince_princess: u16,
    /// The Silver Coins of the other team.
    pub without: u16,
    /// Format 7 only: each team's fox and Karlchen cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extras: Option<StoredKidsExtras>,
}

/// Both teams' fox and Karlchen cards as stored (format 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredKidsExtras {
    /// Team Prince/Princess's.
    pub prince_princess: StoredKidsCounts,
    /// Team Without's.
    pub without: StoredKidsCounts,
}

impl StoredKidsExtras {
    fn of(e: KidsTeamExtras) -> StoredKidsExtras {
        StoredKidsExtras {
            prince_princess: StoredKidsCounts::of(e.prince_princess),
            without: StoredKidsCounts::of(e.without),
        }
    }

    /// The cards as the domain counts them.
    pub fn extras(self) -> KidsTeamExtras {
        KidsTeamExtras {
            prince_princess: self.prince_princess.extras(),
            without: self.without.extras(),
        }
    }
}

/// One team's fox and Karlchen cards as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredKidsCounts {
    /// Foxes caught from an opponent.
    pub foxes: u8,
    /// 1 when a member won the last duel with a Karlchen.
    pub karlchen: u8,
    /// Opponents' Karlchen won in the last duel.
    pub karlchen_caught: u8,
}

impl StoredKidsCounts {
    fn of(e: KidsExtras) -> StoredKidsCounts {
        StoredKidsCounts {
            foxes: e.foxes,
            karlchen: e.karlchen,
            karlchen_caught: e.karlchen_caught,
        }
    }

    fn extras(self) -> KidsExtras {
        KidsExtras {
            foxes: self.foxes,
            karlchen: self.karlchen,
            karlchen_caught: self.karlchen_caught,
        }
    }
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
        let extras = deal.extras();
        // A deal without fox or Karlchen cards is written as it always was.
        let extras = (!extras.is_empty()).then(|| StoredKidsExtras::of(extras));
        StoredKidsDeal {
            format: if extras.is_some() {
                KIDS_EXTRAS_FORMAT
            } else {
                KIDS_FORMAT
            },
            extras,
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
        let deal = KidsDeal::new(teams, self.prince_princess, self.without)?;
        match self.extras {
            Some(e) => deal.with_extras(e.extras()),
            None => Ok(deal),
        }
    }

    /// Whether the format and the fields agree: `extras` in format 7 and only there.
    pub fn is_consistent(&self) -> bool {
        (self.format == KIDS_EXTRAS_FORMAT) == self.extras.is_some()
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
