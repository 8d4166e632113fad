//! The bodies of a tournament's seating plan: how to plan, and the plan as it stands.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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

/// One planned round.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlannedRound {
    /// The round number.
    pub number: i32,
    /// Tables of player ids in seat order (the first deals first, the last keeps the list).
    #[schema(example = json!([[1, 2, 3, 4], [5, 6, 7, 8, 9]]))]
    pub tables: Vec<Vec<i64>>,
    /// Whether the round has been created (from the plan or otherwise).
    pub created: bool,
}

/// A tournament's seating plan.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanResponse {
    /// The seed: with the players (by start number) and the rounds played before the plan
    /// it re-derives the plan.
    pub seed: String,
    /// When it was made (UTC, RFC 3339).
    pub planned_at: String,
    /// The planned rounds, from the first one the plan covers.
    pub rounds: Vec<PlannedRound>,
    /// Quality of the whole tournament as it stands: rounds created as they are, the rest
    /// as planned.
    pub quality: QualityBody,
    /// Players the rounds not yet created still seat but who have withdrawn.
    pub withdrawn: Vec<i64>,
    /// Players present whom the rounds not yet created leave out (late arrivals). If this
    /// or `withdrawn` is not empty, plan again: played rounds stay as they are.
    pub missing: Vec<i64>,
}
