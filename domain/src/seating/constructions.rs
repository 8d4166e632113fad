//! Constructions: rounds with no repeated pair, built rather than searched for, and the
//! choice of start for a field.
//!
//! 1. **Grid designs** (transversal designs from difference matrices). With `g` tables the
//!    players fill a 4 × `g` grid whose columns are the elements of a group of order `g`
//!    (`group.rs`). A round is given by a column `(φ0, φ1, φ2, φ3)` of a difference matrix:
//!    table `j` holds the player of row `r` in column `j + φr`. Two players of rows `r ≠ s`
//!    meet in the round whose `φr − φs` equals their column difference, so as long as the
//!    row differences of the chosen columns are pairwise distinct no pair meets twice.
//!    Players of the same row never meet, so when `4 | g` the rows are seated by a smaller
//!    design of their own (recursively), which completes AG(2,4) for 16 players and gives
//!    the classic 9 rounds for 32.
//! 2. **Special designs**: a resolvable 2-(28,4,1) design (9 rounds, everyone meets
//!    everyone once), 1-rotational over `Z_9 × {0,1,2} ∪ {∞}`: one base round developed by
//!    adding `t` to the `Z_9` part; and 10 rounds for 32 players (the social golfer
//!    instance 8-4-10, out of reach of the grid and of search), built from ten lines of
//!    PG(3,2) and signs solving a GF(2) system (see `GOLFER_32`); and 8 rounds for each of
//!    41, 42 and 43 players, embedded in `designs.rs`. Those replace the 5-table starts
//!    (`merge.rs`) for these fields over up to 8 rounds (shorter plans take the first
//!    rounds); their never-meet classes, for keep-apart groups, are small (at most five
//!    players), unlike the grid rows.

use super::club;
use super::design::Design;
use super::designs;
use super::grid::{grid_rounds, grid_rows};
use super::group::Group;
use super::merge::{extras_design, merged_design};
use super::quality::evaluate;
use super::random::Rng;

/// Base round of a resolvable 2-(28,4,1) design on `Z_9 × {0,1,2} ∪ {∞}`: the point
/// `(x, i)` is `9i + x` and ∞ is 27. Round `t` adds `t` (mod 9) to every `x`; the seven
/// base tables cover each of the 42 pair orbits once, so the nine rounds seat every pair
/// exactly once (found by exact-cover search, checked by a test).
const KIRKMAN_28_BASE: [[u16; 4]; 7] = [
    [0, 10, 14, 23],
    [1, 21, 25, 18],
    [2, 11, 8, 3],
    [4, 22, 6, 17],
    [5, 24, 12, 27],
    [7, 20, 13, 19],
    [9, 26, 15, 16],
];

/// Ten rounds for 32 players with no repeated pair: the social golfer instance 8-4-10, where
/// every player meets 30 of the other 31 and misses only its partner `p ^ 1`.
///
/// Derived for this module: the 16 "letters" are the vectors of GF(2)^4. Ten 2-dimensional
/// subspaces (lines of PG(3,2)) cover every nonzero vector exactly twice, so across their
/// ten coset partitions every two letters share a block exactly twice. Each letter gets a
/// sign per round, a solution of a linear system over GF(2), such that of the two blocks a
/// pair of letters shares, one gives them equal signs and the other different signs.
/// Player `2x + s` is letter `x` with sign `s`. Each block yields the table listed here and
/// its mirror with every sign flipped (players `p ^ 1`), so the four sign combinations of
/// any two letters each meet exactly once. Checked by a test.
const GOLFER_32: [[[u16; 4]; 4]; 10] = [
    [
        [0, 2, 4, 6],
        [8, 10, 12, 14],
        [16, 18, 20, 22],
        [24, 26, 28, 30],
    ],
    [
        [0, 3, 8, 11],
        [4, 7, 12, 15],
        [16, 19, 24, 27],
        [20, 23, 28, 31],
    ],
    [
        [0, 5, 16, 21],
        [2, 7, 18, 23],
        [8, 13, 24, 29],
        [10, 15, 26, 31],
    ],
    [
        [0, 7, 25, 30],
        [2, 5, 27, 28],
        [8, 15, 17, 22],
        [10, 13, 19, 20],
    ],
    [
        [0, 9, 17, 24],
        [2, 11, 19, 26],
        [4, 13, 21, 28],
        [6, 15, 23, 30],
    ],
    [
        [0, 10, 23, 29],
        [2, 8, 20, 30],
        [4, 14, 19, 25],
        [6, 12, 16, 26],
    ],
    [
        [0, 13, 18, 31],
        [2, 15, 16, 29],
        [4, 8, 23, 27],
        [6, 10, 21, 25],
    ],
    [
        [0, 12, 22, 27],
        [2, 14, 21, 24],
        [4, 9, 18, 30],
        [6, 11, 17, 29],
    ],
    [
        [0, 15, 19, 28],
        [2, 12, 17, 31],
        [4, 10, 22, 24],
        [6, 9, 20, 27],
    ],
    [
        [0, 14, 20, 26],
        [2, 13, 22, 25],
        [4, 11, 16, 31],
        [6, 8, 18, 28],
    ],
];

fn golfer_32() -> Design {
    let rounds = GOLFER_32
        .iter()
        .map(|round| {
            round
                .iter()
                .flat_map(|table| [table.to_vec(), table.iter().map(|&p| p ^ 1).collect()])
                .collect()
        })
        .collect();
    Design {
        rounds,
        never_meet: (0..16).map(|x| vec![2 * x, 2 * x + 1]).collect(),
        floor: 0,
    }
}

fn kirkman_28() -> Design {
    let rounds = (0..9_u16)
        .map(|t| {
            KIRKMAN_28_BASE
                .iter()
                .map(|table| {
                    table
                        .iter()
                        .map(|&p| {
                            if p == 27 {
                                27
                            } else {
                                p / 9 * 9 + (p % 9 + t) % 9
                            }
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    Design {
        rounds,
        never_meet: (0..28).map(|p| vec![p]).collect(),
        floor: 0,
    }
}

/// Up to `want` rounds of the grid design over `g` columns.
fn grid(g: usize, want: usize) -> Design {
    let group = Group::for_order(g as u32);
    let columns = group.columns(want.min(g), 4);
    Design {
        rounds: grid_rounds(g, &group, &columns),
        never_meet: grid_rows(g),
        floor: 0,
    }
}

/// The design with the most rounds (up to `want`) and no repeated pair for `points`
/// players at 4-tables only (`points` divisible by 4).
fn four_table_design(points: usize, want: usize) -> Design {
    let g = points / 4;
    let mut design = grid(g, want);
    if design.rounds.len() < want && g.is_multiple_of(4) && g >= 4 {
        // Row mates never met: seat each row by a design of its own, all rows in parallel.
        let inner = four_table_design(g, want - design.rounds.len());
        if !inner.rounds.is_empty() {
            for inner_round in &inner.rounds {
                let round = (0..4)
                    .flat_map(|r| {
                        inner_round.iter().map(move |table| {
                            table
                                .iter()
                                .map(|&p| (r * g) as u16 + p)
                                .collect::<Vec<u16>>()
                        })
                    })
                    .collect();
                design.rounds.push(round);
            }
            design.never_meet = (0..4)
                .flat_map(|r| {
                    inner.never_meet.iter().map(move |class| {
                        class
                            .iter()
                            .map(|&p| (r * g) as u16 + p)
                            .collect::<Vec<u16>>()
                    })
                })
                .collect();
        }
    }
    if points == 28 && design.rounds.len() < want {
        design = kirkman_28();
    }
    if points == 32 && design.rounds.len() < want {
        design = golfer_32();
    }
    design.rounds.truncate(want);
    design
}

/// A zero-repeat start for `n` players with `fives` 5-tables: a 4-table design, or a grid
/// with `4 − fives` dummies merged away round by round, or a grid of five rows (`merge.rs`).
/// May have fewer than `want` rounds; merged rounds may in rare cases repeat a pair, which
/// the search then repairs.
pub(super) fn construct(n: usize, fives: usize, want: usize, rng: &mut Rng) -> Vec<Design> {
    if let Some(design) = club::embedded(n, want) {
        return vec![design];
    }
    if fives == 0 {
        return vec![four_table_design(n, want)];
    }
    if let Some(design) = designs::embedded(n, want) {
        return vec![design];
    }
    let merged = merged_design(n, fives, want, rng);
    let extras = extras_design(n, fives, want);
    let clean = !merged.rounds.is_empty()
        && merged.rounds.len() >= extras.rounds.len()
        && evaluate(&merged.rounds, &[]).repeat_pairs == 0;
    if clean || extras.rounds.is_empty() {
        vec![merged]
    } else if merged.rounds.is_empty() {
        vec![extras]
    } else {
        vec![merged, extras]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_grid_design_is_repeat_free() {
        for g in 1..=60 {
            let design = grid(g, g);
            let rounds = design.rounds.len();
            assert!(rounds >= 1);
            let q = evaluate(&design.rounds, &[]);
            assert_eq!(q.repeat_pairs, 0, "grid over {g} columns, {rounds} rounds");
            if g >= 10 {
                assert!(
                    rounds >= 8,
                    "grid over {g} columns has only {rounds} rounds"
                );
            }
        }
        // Fields and gcd(g, 6) = 1 give every round.
        for g in [4, 5, 7, 8, 9, 11, 13, 16, 25, 27, 32, 49, 64, 81] {
            assert_eq!(grid(g, g).rounds.len(), g);
        }
    }

    #[test]
    fn kirkman_28_meets_every_pair_exactly_once() {
        let design = kirkman_28();
        let q = evaluate(&design.rounds, &[]);
        assert_eq!(q.repeat_pairs, 0);
        let pairs: usize = design
            .rounds
            .iter()
            .flatten()
            .map(|t| t.len() * (t.len() - 1) / 2)
            .sum();
        assert_eq!(pairs, 28 * 27 / 2);
        for round in &design.rounds {
            let mut all: Vec<u16> = round.iter().flatten().copied().collect();
            all.sort_unstable();
            assert_eq!(all, (0..28).collect::<Vec<_>>());
        }
    }

    #[test]
    fn golfer_32_misses_only_the_partner() {
        let design = golfer_32();
        assert_eq!(design.rounds.len(), 10);
        for round in &design.rounds {
            let mut all: Vec<u16> = round.iter().flatten().copied().collect();
            all.sort_unstable();
            assert_eq!(all, (0..32).collect::<Vec<_>>());
            assert!(round.iter().all(|table| table.len() == 4));
        }
        let q = evaluate(&design.rounds, &[]);
        assert_eq!(q.repeat_pairs, 0);
        let mut met = vec![vec![false; 32]; 32];
        for table in design.rounds.iter().flatten() {
            for &a in table {
                for &b in table {
                    met[usize::from(a)][usize::from(b)] = true;
                }
            }
        }
        for (p, row) in met.iter().enumerate() {
            let missed: Vec<usize> = (0..32).filter(|&q| !row[q]).collect();
            assert_eq!(missed, [p ^ 1], "player {p}");
        }
    }
}
