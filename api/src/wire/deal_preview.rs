//! A deal's preview on the wire: what entering it would write, before it is saved.

use serde::Serialize;
use utoipa::ToSchema;

use crate::wire::score::ScoreResponse;
use crate::wire::sheet::DealView;

/// A plausibility hint: legal facts that are more often a slip than what happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct HintView {
    /// Stable code: `call_lost`, `points_maybe_swapped`, `points_contradict_schwarz`,
    /// `all_points_not_all_tricks`, `lost_at_120`.
    #[schema(example = "call_lost")]
    pub code: &'static str,
    /// The party it is about: `re` or `kontra`.
    #[schema(example = "re")]
    pub party: &'static str,
    /// What to check, in English, with the deal's numbers.
    #[schema(example = "Re called keine 90, but Kontra took 100 card points: Re cannot win")]
    pub message: String,
}

impl From<&domain::plausibility::Hint> for HintView {
    fn from(hint: &domain::plausibility::Hint) -> HintView {
        HintView {
            code: hint.code(),
            party: match hint.party() {
                domain::deal::Party::Re => "re",
                domain::deal::Party::Kontra => "kontra",
            },
            message: hint.to_string(),
        }
    }
}

/// What entering a deal would write, stored nowhere.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DealPreviewResponse {
    /// The deal as it would stand on the sheet: number, dealer, kind, scores (a family
    /// game's: number, starter, points).
    pub deal: DealView,
    /// Each seat's total after the deal.
    pub totals_after: Vec<i32>,
    /// The scorer's breakdown of the game: winner, value and every point (empty for a
    /// paper entry, which has its value but no breakdown); absent for a family game's deal,
    /// whose points are in `deal`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<ScoreResponse>,
    /// Plausibility hints on the facts (none for a paper entry).
    pub hints: Vec<HintView>,
}
