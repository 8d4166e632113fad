//! A design: rounds with no repeated pair, built or found, as the constructions hand it to
//! the pipeline (`constructions.rs` builds them, `designs.rs` and `club.rs` embed those
//! found offline, `merge.rs` folds the 5-table starts).

use super::{Round, Table};

/// Points that never share a table in a design: keep-apart groups are seated in one class
/// where they fit.
pub(super) type Class = Table;

/// Rounds over points `0..points` (tables unordered) with no pair at two tables, and the
/// classes of points that never share a table in them (used to seat keep-apart groups).
#[derive(Debug, Clone, Default)]
pub(super) struct Design {
    pub(super) rounds: Vec<Round>,
    pub(super) never_meet: Vec<Class>,
    /// Repeated pairs the searches need not try to go below: the lower bound for the
    /// constructions (0 here), the repeats of a club plan found offline (`club.rs`) by a
    /// search far longer than a plan may take, so that the plan does not spend its budget
    /// on a search that will not find fewer.
    pub(super) floor: u32,
}
