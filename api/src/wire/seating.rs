//! The quality of a seating plan as every seating answer shows it (the stateless planner,
//! tournament plans, rounds, hand changes, printed lists).

use domain::seating;
use serde::Serialize;
use utoipa::ToSchema;

/// How good a plan is.
#[derive(Debug, Serialize, ToSchema)]
pub struct QualityBody {
    /// Encounters beyond the first, over all pairs (a pair meeting three times counts 2).
    pub repeat_pairs: u32,
    /// A proven lower bound on `repeat_pairs`; the difference is the distance to the best.
    pub lower_bound: u32,
    /// `repeat_pairs − lower_bound`: 0 means no plan can have fewer repeated encounters
    /// (the pages say "best possible"), otherwise how many more than the bound this has.
    pub above_bound: u32,
    /// Most tables one pair shared.
    pub max_pair_meetings: u16,
    /// Meetings of two players of one keep-apart group, per pair and round.
    pub keep_apart_violations: u32,
    /// Most rounds a player sat at a 5-table.
    pub max_five_table_duty: u16,
    /// Fewest rounds a player sat at a 5-table.
    pub min_five_table_duty: u16,
    /// Most rounds a player dealt first (seat 0).
    pub max_first_dealer: u16,
    /// Fewest rounds a player dealt first.
    pub min_first_dealer: u16,
    /// Most rounds a player kept the list (the last seat).
    pub max_list_keeper: u16,
    /// Fewest rounds a player kept the list.
    pub min_list_keeper: u16,
}

impl From<seating::Quality> for QualityBody {
    fn from(q: seating::Quality) -> QualityBody {
        QualityBody {
            repeat_pairs: q.repeat_pairs,
            lower_bound: q.lower_bound,
            above_bound: q.above_bound(),
            max_pair_meetings: q.max_pair_meetings,
            keep_apart_violations: q.keep_apart_violations,
            max_five_table_duty: q.max_five_table_duty,
            min_five_table_duty: q.min_five_table_duty,
            max_first_dealer: q.max_first_dealer,
            min_first_dealer: q.min_first_dealer,
            max_list_keeper: q.max_list_keeper,
            min_list_keeper: q.min_list_keeper,
        }
    }
}
