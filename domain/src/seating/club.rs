//! Club plans found offline: fields of 22 to 31 players over 5 to 8 rounds where neither
//! the constructions nor the searches a plan can afford (well under a second) come as low
//! in repeated pairs as a longer search does (issue 13).
//!
//! Each entry was found by `domain/examples/club_designs.rs` (our own code): an iterated
//! tabu search over swaps of two players within a round, weighing every swap of every
//! player who meets someone again, with restarts from the best plan and growing kicks, run
//! for 40 to 120 seconds a field, then a descent that evens 5-table duty without adding a
//! repeat. The command and seed of each are in [`FOUND`]. A plan takes such an entry as its
//! construction: the seed still decides which player takes which place, and the duty,
//! keep-apart and seat stages run on it as on any construction, but the searches on
//! repeats stop at the entry's repeats ([`Design::floor`]): what they would find in the
//! time a plan has is no better.
//!
//! Each round is a permutation of the players cut into tables in
//! [`super::table_sizes`] order (4-tables first, then the `n mod 4` 5-tables), as in
//! `designs.rs`. A test checks every entry: whole rounds, the repeats as recorded.

use super::constructions::Design;
use super::designs::design;

/// One found plan: players, its repeated pairs, its rounds.
type Found = (usize, u32, &'static [&'static [u8]]);

/// The found plans, by players and rounds. Found with `nice -n 19 cargo run --release -p
/// karlchen-domain --example club_designs -- N R SEED SECONDS FLOOR` (seed 1 and 40
/// seconds unless a line says otherwise); only fields where the plan was above the lower
/// bound and the entry is better than what the plan reached without it.
const FOUND: &[Found] = &[
    // 22 × 6: 3 repeated pairs.
    (
        22,
        3,
        &[
            &[
                14, 19, 6, 17, 12, 2, 20, 10, 15, 9, 11, 21, 16, 7, 0, 5, 1, 8, 18, 13, 4, 3,
            ],
            &[
                15, 16, 14, 4, 13, 9, 0, 19, 10, 7, 12, 18, 6, 20, 3, 21, 5, 11, 1, 2, 8, 17,
            ],
            &[
                19, 5, 4, 2, 1, 10, 13, 21, 16, 11, 18, 6, 8, 14, 9, 7, 20, 17, 12, 15, 3, 0,
            ],
            &[
                11, 19, 7, 3, 8, 10, 5, 15, 16, 17, 13, 20, 1, 6, 12, 4, 9, 0, 2, 21, 14, 18,
            ],
            &[
                17, 18, 5, 9, 10, 1, 14, 3, 20, 0, 4, 11, 12, 16, 8, 21, 19, 2, 15, 6, 7, 13,
            ],
            &[
                6, 10, 8, 0, 7, 4, 17, 21, 9, 16, 3, 2, 18, 15, 20, 19, 1, 11, 12, 13, 5, 14,
            ],
        ],
    ),
    // 24 × 6: 0 repeated pairs.
    (
        24,
        0,
        &[
            &[
                4, 7, 13, 9, 20, 3, 16, 17, 2, 10, 11, 1, 14, 18, 22, 8, 21, 15, 19, 6, 5, 0, 12,
                23,
            ],
            &[
                10, 9, 22, 3, 8, 23, 6, 13, 4, 18, 16, 2, 21, 1, 0, 20, 17, 12, 11, 15, 5, 14, 7,
                19,
            ],
            &[
                17, 0, 14, 4, 7, 3, 11, 23, 12, 22, 2, 19, 8, 9, 1, 15, 10, 20, 18, 6, 13, 16, 5,
                21,
            ],
            &[
                4, 10, 15, 5, 8, 3, 19, 0, 22, 20, 11, 13, 14, 1, 16, 6, 7, 18, 12, 21, 23, 17, 9,
                2,
            ],
            &[
                1, 18, 5, 3, 20, 14, 9, 12, 0, 6, 2, 7, 4, 8, 11, 21, 15, 16, 23, 22, 10, 19, 17,
                13,
            ],
            &[
                17, 22, 1, 7, 20, 8, 5, 2, 11, 19, 16, 9, 21, 10, 14, 23, 3, 12, 4, 6, 13, 18, 0,
                15,
            ],
        ],
    ),
    // 25 × 6: 1 repeated pairs.
    (
        25,
        1,
        &[
            &[
                10, 17, 4, 2, 16, 11, 5, 18, 7, 22, 14, 9, 24, 6, 0, 21, 15, 23, 1, 19, 20, 8, 13,
                12, 3,
            ],
            &[
                11, 13, 1, 2, 4, 20, 0, 22, 7, 15, 17, 21, 12, 23, 10, 18, 6, 8, 5, 14, 19, 3, 24,
                9, 16,
            ],
            &[
                15, 13, 0, 18, 5, 17, 1, 9, 21, 4, 8, 19, 14, 20, 10, 16, 2, 7, 12, 24, 11, 22, 3,
                6, 23,
            ],
            &[
                9, 18, 2, 8, 19, 7, 11, 0, 24, 20, 23, 17, 14, 21, 22, 13, 10, 5, 3, 15, 4, 12, 6,
                16, 1,
            ],
            &[
                18, 3, 1, 7, 6, 9, 13, 10, 23, 8, 0, 16, 2, 20, 5, 21, 19, 12, 17, 22, 4, 14, 24,
                15, 11,
            ],
            &[
                3, 0, 14, 17, 20, 18, 6, 19, 9, 21, 11, 12, 2, 16, 22, 15, 1, 8, 10, 24, 7, 4, 13,
                5, 23,
            ],
        ],
    ),
    // 26 × 6: 1 repeated pairs.
    (
        26,
        1,
        &[
            &[
                9, 0, 12, 17, 4, 1, 11, 2, 5, 20, 8, 14, 16, 19, 15, 22, 21, 7, 13, 6, 25, 24, 3,
                23, 18, 10,
            ],
            &[
                12, 16, 24, 21, 2, 19, 3, 5, 8, 11, 18, 6, 14, 22, 0, 25, 10, 15, 17, 7, 1, 9, 4,
                20, 23, 13,
            ],
            &[
                11, 5, 22, 21, 9, 25, 15, 18, 17, 3, 4, 16, 23, 7, 0, 8, 10, 6, 12, 2, 20, 1, 24,
                13, 14, 19,
            ],
            &[
                1, 3, 6, 9, 22, 24, 8, 17, 20, 11, 19, 25, 7, 12, 4, 18, 15, 14, 21, 2, 23, 0, 5,
                10, 13, 16,
            ],
            &[
                13, 17, 2, 18, 14, 9, 16, 11, 22, 20, 3, 7, 8, 21, 19, 10, 25, 5, 23, 12, 1, 15, 0,
                24, 6, 4,
            ],
            &[
                4, 14, 22, 10, 17, 6, 19, 23, 2, 16, 25, 8, 5, 7, 24, 9, 20, 0, 18, 1, 21, 12, 11,
                3, 15, 13,
            ],
        ],
    ),
    // 27 × 6: 1 repeated pairs.
    (
        27,
        1,
        &[
            &[
                9, 15, 21, 11, 7, 4, 26, 8, 24, 17, 13, 2, 16, 12, 18, 23, 3, 14, 10, 25, 6, 22, 0,
                19, 20, 5, 1,
            ],
            &[
                1, 14, 24, 11, 2, 3, 21, 5, 8, 20, 6, 23, 15, 18, 7, 10, 13, 4, 17, 25, 12, 0, 9,
                16, 19, 26, 22,
            ],
            &[
                23, 9, 0, 7, 24, 6, 18, 19, 1, 21, 22, 17, 20, 26, 25, 3, 13, 4, 14, 15, 16, 5, 12,
                10, 2, 8, 11,
            ],
            &[
                18, 21, 26, 8, 9, 14, 20, 17, 10, 3, 1, 4, 16, 6, 11, 0, 13, 24, 22, 7, 12, 5, 25,
                23, 2, 19, 15,
            ],
            &[
                8, 9, 5, 25, 22, 4, 13, 23, 14, 2, 0, 18, 20, 16, 10, 21, 24, 12, 6, 15, 1, 26, 7,
                17, 11, 3, 19,
            ],
            &[
                16, 1, 25, 7, 2, 9, 6, 4, 22, 18, 20, 11, 14, 19, 21, 12, 13, 3, 24, 15, 8, 0, 10,
                23, 5, 26, 17,
            ],
        ],
    ),
];

/// The found plan for `n` players over exactly `want` rounds, with its repeats as the
/// floor for the searches; `None` for every other field.
pub(super) fn embedded(n: usize, want: usize) -> Option<Design> {
    let &(_, repeats, rounds) = FOUND
        .iter()
        .find(|(players, _, rounds)| *players == n && rounds.len() == want)?;
    let mut found = design(n, rounds);
    found.floor = repeats;
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seating::{evaluate, repeat_lower_bound, table_sizes};

    /// Every entry seats every player once a round at the field's tables, with the repeats
    /// it records, never below the proven bound.
    #[test]
    fn found_plans_are_whole_and_as_recorded() {
        for &(n, repeats, rounds) in FOUND {
            let want = rounds.len();
            let case = format!("{n} × {want}");
            let found = embedded(n, want).unwrap();
            assert_eq!(found.rounds.len(), want, "{case}");
            let sizes = table_sizes(n as u16).unwrap();
            for round in &found.rounds {
                let shape: Vec<u8> = round.iter().map(|t| t.len() as u8).collect();
                assert_eq!(shape, sizes, "{case}");
                let mut seen: Vec<u16> = round.iter().flatten().copied().collect();
                seen.sort_unstable();
                assert_eq!(seen, (0..n as u16).collect::<Vec<_>>(), "{case}");
            }
            let q = evaluate(&found.rounds, &[]);
            assert_eq!(q.repeat_pairs, repeats, "{case}");
            assert_eq!(found.floor, repeats, "{case}");
            assert!(
                repeats >= repeat_lower_bound(n as u16, want as u16).unwrap(),
                "{case}"
            );
            // Only this length: a shorter or longer plan has its own entry or none.
            assert!(embedded(n, want + 1).is_none_or(|d| d.rounds.len() == want + 1));
        }
        assert!(embedded(24, 5).is_none());
        assert!(embedded(40, 8).is_none());
    }
}
