//! A tournament's sanctions for unsportsmanlike conduct (TSR 9.7), as the arbitration
//! panel looks them up: every warning and deduction by player, and the disqualifications.

use serde::Serialize;
use utoipa::ToSchema;

/// One sanction.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SanctionView {
    /// `warning` (TSR 9.7.2 a), `deduction` (9.7.2 b) or `disqualification` (9.7.2 c).
    #[schema(example = "warning")]
    pub kind: &'static str,
    /// The player.
    pub player_id: i64,
    /// His start number.
    pub start_number: i32,
    /// His name.
    pub name: String,
    /// The points deducted (a deduction only).
    pub points: Option<u8>,
    /// Where it was given: round, table and deal (not for a disqualification).
    pub round: Option<i32>,
    /// The table's number in its round.
    pub table: Option<i32>,
    /// The deal.
    pub deal_number: Option<i32>,
    /// The penalty's id, to correct or withdraw it at its table (not for a
    /// disqualification).
    pub penalty_id: Option<i64>,
    /// What happened, or the panel's reason.
    pub reason: Option<String>,
    /// Who ruled it (penalties).
    pub referee: Option<String>,
    /// When (RFC 3339, UTC).
    pub at: String,
}

/// Per player: how many warnings he has had (a second one is what panels look at).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct WarningCount {
    /// The player.
    pub player_id: i64,
    /// His warnings.
    pub warnings: u32,
}

/// The sanctions of a tournament, the oldest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SanctionsResponse {
    /// Every sanction.
    pub sanctions: Vec<SanctionView>,
    /// The players with at least one warning.
    pub warnings: Vec<WarningCount>,
}
