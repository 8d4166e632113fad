//! The family games' deals on the wire: a Doublehead Kids deal (`"entry": "doublehead_kids"`)
//! and a Doppeldoppel deal (`"entry": "doppeldoppel"`), entered at the same endpoint as a
//! Doppelkopf deal (their rows on a family table's sheet are `wire::sheet`'s).

use domain::game::doppeldoppel::{DoppeldoppelDeal, DoppeldoppelError, RankCounts};
use domain::game::kids::{KidsDeal, KidsError, KidsExtras, KidsTeamExtras, KidsTeams};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain_errors::{doppeldoppel_error, kids_error};
use crate::error::{ApiError, FieldError};

/// Marks a Doublehead Kids deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum KidsMark {
    /// A deal of Doublehead Kids.
    DoubleheadKids,
}

/// How the two teams of a Doublehead Kids deal were found, seats counted from 0.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum KidsTeamsBody {
    /// The two players holding the Prince and the Princess.
    Pair {
        /// Their two seats.
        seats: Vec<u8>,
    },
    /// A player holding both named a partner (a wedding).
    Wedding {
        /// The player who held both cards.
        announcer: u8,
        /// The partner he named.
        partner: u8,
    },
    /// A player holding both played alone against the three others.
    Alone {
        /// His seat.
        seat: u8,
    },
}

/// A deal of Doublehead Kids: the teams and the Silver Coins each took (240 in all). Taken
/// only at a table of a Doublehead Kids tournament (elsewhere 422 `invalid_deal`, field
/// `entry`, code `not_in_game`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct KidsDealEntry {
    /// Always `doublehead_kids`: what tells this body from the others.
    pub entry: KidsMark,
    /// As for a Doppelkopf deal: the next deal's number when entering, the path's when
    /// correcting.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u16>,
    /// Why the deal is corrected (kept in the audit log).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The team with the Prince/Princess cards (or the lone player).
    pub teams: KidsTeamsBody,
    /// The Silver Coins of the team with the Prince/Princess cards.
    #[schema(example = 130)]
    pub prince_princess_coins: u16,
    /// The Silver Coins of the other team.
    #[schema(example = 110)]
    pub without_coins: u16,
    /// The advanced game only: each team's fox and Karlchen cards (elsewhere 422
    /// `invalid_deal`, field `extras`, code `not_in_rules`). Left out: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extras: Option<KidsExtrasBody>,
}

/// Both teams' fox and Karlchen cards in the advanced game. At most two foxes in all, and
/// only the team that won the last duel has Karlchen: one winning Karlchen at most, two
/// Karlchen cards in all (422 `invalid_deal`, field `extras`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct KidsExtrasBody {
    /// The team with the Prince/Princess cards (or the lone player).
    pub prince_princess: KidsExtrasCounts,
    /// The other team.
    pub without: KidsExtrasCounts,
}

/// One team's fox and Karlchen cards, each a Golden Coin for every member.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct KidsExtrasCounts {
    /// Fox cards in the team's loot played by an opponent (0–2).
    pub foxes: u8,
    /// 1 when a member won the last duel by playing a Karlchen card.
    pub karlchen: u8,
    /// Karlchen cards played by an opponent in the last duel the team won (0–2).
    pub karlchen_caught: u8,
}

impl From<KidsExtrasCounts> for KidsExtras {
    fn from(c: KidsExtrasCounts) -> KidsExtras {
        KidsExtras {
            foxes: c.foxes,
            karlchen: c.karlchen,
            karlchen_caught: c.karlchen_caught,
        }
    }
}

impl From<KidsExtras> for KidsExtrasCounts {
    fn from(e: KidsExtras) -> KidsExtrasCounts {
        KidsExtrasCounts {
            foxes: e.foxes,
            karlchen: e.karlchen,
            karlchen_caught: e.karlchen_caught,
        }
    }
}

impl From<KidsExtrasBody> for KidsTeamExtras {
    fn from(b: KidsExtrasBody) -> KidsTeamExtras {
        KidsTeamExtras {
            prince_princess: b.prince_princess.into(),
            without: b.without.into(),
        }
    }
}

impl From<KidsTeamExtras> for KidsExtrasBody {
    fn from(e: KidsTeamExtras) -> KidsExtrasBody {
        KidsExtrasBody {
            prince_princess: e.prince_princess.into(),
            without: e.without.into(),
        }
    }
}

impl KidsDealEntry {
    /// The deal as the domain scores it. A team of two must name two seats.
    pub fn deal(&self) -> Result<KidsDeal, KidsEntryError> {
        let teams = match &self.teams {
            KidsTeamsBody::Pair { seats } => match seats.as_slice() {
                &[a, b] => KidsTeams::Pair([a, b]),
                _ => return Err(KidsEntryError::PairSize { seats: seats.len() }),
            },
            &KidsTeamsBody::Wedding { announcer, partner } => {
                KidsTeams::Wedding { announcer, partner }
            }
            &KidsTeamsBody::Alone { seat } => KidsTeams::Alone(seat),
        };
        let deal = KidsDeal::new(teams, self.prince_princess_coins, self.without_coins)?;
        Ok(match self.extras {
            Some(extras) => deal.with_extras(extras.into())?,
            None => deal,
        })
    }
}

/// Why a Doublehead Kids body is not a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum KidsEntryError {
    /// A pair of other than two seats.
    #[error("a pair is two seats, not {seats}")]
    PairSize {
        /// The seats given.
        seats: usize,
    },
    /// The domain refuses the deal.
    #[error(transparent)]
    Deal(#[from] KidsError),
}

/// Marks a Doppeldoppel deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DoppeldoppelMark {
    /// A deal of Doppeldoppel.
    Doppeldoppel,
}

/// A deal of Doppeldoppel: for each seat, in seat order, how many cards of each rank (1 to
/// 6) the player captured. Taken only at a table of a Doppeldoppel tournament.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DoppeldoppelDealEntry {
    /// Always `doppeldoppel`: what tells this body from the others.
    pub entry: DoppeldoppelMark,
    /// As for a Doppelkopf deal: the next deal's number when entering, the path's when
    /// correcting.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u16>,
    /// Why the deal is corrected (kept in the audit log).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// One row per seat: the cards of rank 1, 2, 3, 4, 5 and 6 he captured.
    #[schema(
        value_type = Vec<Vec<u8>>,
        example = json!([[2, 2, 1, 0, 0, 0], [1, 2, 0, 3, 1, 0], [0, 0, 0, 0, 1, 0]])
    )]
    pub captured: Vec<RankCounts>,
}

impl DoppeldoppelDealEntry {
    /// The deal as the domain scores it.
    pub fn deal(&self) -> Result<DoppeldoppelDeal, DoppeldoppelError> {
        DoppeldoppelDeal::new(&self.captured)
    }
}

/// Why a family body is not a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum FamilyEntryError {
    /// A Doublehead Kids body.
    #[error(transparent)]
    Kids(#[from] KidsEntryError),
    /// A Doppeldoppel body.
    #[error(transparent)]
    Doppeldoppel(#[from] DoppeldoppelError),
}

/// A 422 for a family game's deal that cannot have happened.
pub fn invalid_family_deal(e: &FamilyEntryError) -> ApiError {
    let field = match e {
        FamilyEntryError::Kids(KidsEntryError::PairSize { .. }) => {
            FieldError::new("teams.seats", "wrong_party_size", e.to_string())
        }
        FamilyEntryError::Kids(KidsEntryError::Deal(e)) => kids_error(e),
        FamilyEntryError::Doppeldoppel(e) => doppeldoppel_error(e),
    };
    ApiError::unprocessable(
        "invalid_deal",
        format!("the deal cannot have happened: {e}"),
        vec![field],
    )
}
