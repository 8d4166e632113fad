//! The bodies of a tournament's seating plan: how to plan, and the plan as it stands.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::rounds::PlayerRef;
use super::seating::QualityBody;

/// How to plan.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanTournamentRequest {
    /// Any text; the same players, rounds played and seed give the same plan (default: a
    /// random one, stored and shown).
    #[serde(default)]
    #[schema(example = "Herbstturnier 2026")]
    pub seed: Option<String>,
}

/// How a round of the plan stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PlannedRoundStatus {
    /// The round exists: its tables are the ones drawn (which may differ from the plan's).
    Drawn,
    /// Not drawn yet, and the plan still seats exactly the players a draw would seat now.
    Planned,
    /// Not drawn yet, and the plan no longer fits the players (`outdated_because` says
    /// why): plan again, or draw the round another way.
    Outdated,
}

/// Why a planned round no longer fits the players. Plan again (PUT …/plan); rounds already
/// drawn stay as they are.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OutdatedBecause {
    /// Players it seats who have withdrawn (or are no longer registered).
    pub withdrawn: Vec<i64>,
    /// Players it seats who are not checked in, now that check-in has started.
    pub not_checked_in: Vec<i64>,
    /// Players a draw would seat whom it leaves out (late arrivals, players checked in
    /// after planning).
    pub missing: Vec<i64>,
}

/// One round of the plan.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlannedRound {
    /// The round number.
    pub number: i32,
    /// Tables of player ids in seat order (the first deals first, the last keeps the list):
    /// for a drawn round the tables it was drawn with, otherwise the plan's.
    #[schema(example = json!([[1, 2, 3, 4], [5, 6, 7, 8, 9]]))]
    pub tables: Vec<Vec<i64>>,
    /// Whether the round has been created (from the plan or otherwise); the same as
    /// `status` being `drawn`.
    pub created: bool,
    /// Drawn, planned, or planned but out of date.
    pub status: PlannedRoundStatus,
    /// For a drawn round: whether its tables differ from the plan's (drawn another way, or
    /// changed by hand). False for rounds not drawn.
    pub differs_from_plan: bool,
    /// Why the round is out of date (only for `status` `outdated`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outdated_because: Option<OutdatedBecause>,
}

/// A tournament's seating plan, as it stands against the rounds drawn and the players.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanResponse {
    /// The seed: with the players (by start number) and the rounds played before the plan
    /// it re-derives the plan.
    pub seed: String,
    /// When it was made (UTC, RFC 3339).
    pub planned_at: String,
    /// The rounds, from the first one the plan covers.
    pub rounds: Vec<PlannedRound>,
    /// Quality of the whole tournament as it stands: rounds created as they are, the rest
    /// as planned.
    pub quality: QualityBody,
    /// Players the rounds not yet created still seat but who have withdrawn.
    pub withdrawn: Vec<i64>,
    /// Players the rounds not yet created still seat but who are not checked in, now that
    /// check-in has started.
    pub not_checked_in: Vec<i64>,
    /// Players present whom the rounds not yet created leave out (late arrivals). If this,
    /// `not_checked_in` or `withdrawn` is not empty, plan again: played rounds stay as
    /// they are.
    pub missing: Vec<i64>,
    /// Players not withdrawn whom a draw would leave out now, because check-in has started
    /// and they are not checked in, by start number. Planning leaves them out too.
    pub left_out: Vec<PlayerRef>,
}
