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

#[cfg(test)]
mod tests {
    use super::super::deals::StoredEntry;
    use super::*;

    #[test]
    fn the_frozen_forms_read_back() {
        let kids =
            r#"{"format":4,"teams":{"kind":"alone","seat":1},"prince_princess":121,"without":119}"#;
        let StoredEntry::Kids(stored) = StoredEntry::parse(kids).unwrap() else {
            panic!("a Kids row reads as a Kids deal");
        };
        let deal = stored.deal().unwrap();
        assert_eq!(deal.teams(), KidsTeams::Alone(1));
        assert_eq!(deal.score().golden, [0, 2, 0, 0]);
        assert_eq!(StoredEntry::Kids(stored).to_json().unwrap(), kids);

        let dd = r#"{"format":5,"captured":[[2,2,1,0,0,0],[0,0,0,0,1,0],[0,0,0,0,0,0]]}"#;
        let StoredEntry::Doppeldoppel(stored) = StoredEntry::parse(dd).unwrap() else {
            panic!("a Doppeldoppel row reads as a Doppeldoppel deal");
        };
        let totals: Vec<i32> = stored
            .deal()
            .unwrap()
            .score()
            .iter()
            .map(|s| s.total)
            .collect();
        assert_eq!(totals, vec![7, 7, 0]);
        assert_eq!(StoredEntry::Doppeldoppel(stored).to_json().unwrap(), dd);
        // A family row is no Doppelkopf deal.
        assert!(StoredEntry::parse(dd).unwrap().sheet_entry().is_err());
    }
}
