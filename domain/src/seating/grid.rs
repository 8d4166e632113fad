//! The grid designs' rounds and rows (`constructions.rs`, item 1), shared by the 4-table
//! designs and the 5-table merges (`merge.rs`).

use super::Round;
use super::design::Class;
use super::group::{Column, Group};

/// The grid design's rounds for the given difference-matrix columns: point `r·g + c` is
/// row `r`, column `c`; table `j` of a round holds column `j + φr` of each row `r`.
pub(super) fn grid_rounds(g: usize, group: &Group, columns: &[Column]) -> Vec<Round> {
    columns
        .iter()
        .map(|phi| {
            (0..g as u32)
                .map(|j| {
                    (0..4)
                        .map(|r| (r * g + group.add(j, phi[r]) as usize) as u16)
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// The rows of a grid over `g` columns: classes of points that never meet.
pub(super) fn grid_rows(g: usize) -> Vec<Class> {
    (0..4)
        .map(|r| (r * g..(r + 1) * g).map(|p| p as u16).collect())
        .collect()
}
