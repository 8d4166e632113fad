//! Embedded designs for 41, 42 and 43 players over up to 8 rounds: no pair of players at
//! one table twice and 5-table duty as even as the arithmetic allows, not only after 8
//! rounds but after every prefix of rounds (nobody has two 5-table rounds more than anyone
//! else, nobody more than `⌈k · 5f / n⌉` after `k` rounds).
//!
//! Neither the grid constructions nor the repair search of [`super::plan`] reach both at
//! once for these sizes over 8 rounds. These were found offline by simulated annealing
//! over swaps within a round, with repeated pairs plus every prefix's duty imbalance as
//! the cost (`domain/examples/seating_designs.rs`, our own code). The constants are its
//! output for `-- N 8 1 5000000` (seed 1, 5 000 000 moves per restart): 41 and 42 players
//! take under a second, 43 about three seconds. Each round is a permutation of the players
//! cut into tables in [`super::table_sizes`] order: 4-tables first, then the `n mod 4`
//! 5-tables. Checked pair by pair by a test.

use super::design::Design;

/// 41 players, 8 rounds, one 5-table: 40 players sit at it once, one never.
const DESIGN_41: [[u8; 41]; 8] = [
    [
        36, 35, 1, 4, 28, 16, 33, 38, 17, 11, 14, 23, 22, 18, 3, 40, 7, 29, 8, 21, 24, 6, 34, 37,
        32, 19, 2, 26, 39, 5, 15, 10, 20, 27, 9, 0, 13, 25, 12, 31, 30,
    ],
    [
        38, 17, 40, 32, 25, 15, 28, 22, 1, 31, 37, 19, 0, 29, 12, 10, 24, 27, 14, 26, 21, 3, 35, 6,
        33, 11, 9, 30, 7, 23, 13, 39, 4, 8, 20, 2, 36, 18, 5, 16, 34,
    ],
    [
        23, 22, 4, 29, 15, 12, 24, 2, 25, 38, 0, 35, 3, 36, 13, 9, 33, 32, 8, 6, 11, 19, 10, 16,
        27, 30, 18, 17, 28, 26, 5, 37, 34, 31, 21, 39, 14, 7, 1, 40, 20,
    ],
    [
        4, 38, 21, 30, 20, 10, 35, 31, 6, 14, 2, 18, 33, 27, 5, 13, 39, 29, 40, 16, 25, 26, 34, 3,
        9, 7, 24, 28, 36, 12, 23, 19, 1, 11, 32, 22, 0, 37, 17, 15, 8,
    ],
    [
        35, 33, 18, 37, 29, 25, 6, 19, 40, 12, 9, 8, 1, 24, 17, 39, 16, 13, 21, 14, 5, 2, 22, 31,
        26, 30, 15, 7, 34, 0, 23, 28, 11, 36, 38, 20, 3, 27, 4, 32, 10,
    ],
    [
        13, 38, 8, 1, 5, 20, 32, 29, 28, 36, 40, 30, 2, 3, 17, 16, 18, 31, 0, 26, 4, 9, 15, 14, 12,
        7, 34, 35, 10, 37, 23, 25, 6, 11, 27, 39, 22, 33, 21, 19, 24,
    ],
    [
        9, 1, 21, 25, 16, 15, 6, 31, 20, 34, 13, 17, 32, 37, 30, 39, 19, 0, 3, 14, 23, 40, 24, 5,
        18, 10, 38, 7, 36, 27, 8, 22, 26, 4, 12, 33, 11, 29, 2, 35, 28,
    ],
    [
        5, 25, 4, 7, 27, 2, 21, 40, 15, 29, 3, 1, 8, 19, 35, 39, 31, 17, 36, 33, 16, 20, 22, 37,
        24, 13, 0, 11, 30, 10, 34, 14, 28, 32, 12, 18, 9, 6, 26, 38, 23,
    ],
];

/// 42 players, 8 rounds, two 5-tables: 38 players sit at one twice, four once.
const DESIGN_42: [[u8; 42]; 8] = [
    [
        35, 10, 9, 32, 38, 16, 21, 36, 6, 34, 20, 30, 0, 31, 26, 17, 39, 19, 28, 37, 25, 5, 3, 33,
        2, 23, 4, 14, 22, 13, 1, 7, 18, 8, 15, 29, 11, 40, 41, 12, 27, 24,
    ],
    [
        8, 9, 24, 26, 21, 40, 5, 13, 6, 36, 17, 11, 0, 28, 27, 2, 35, 29, 23, 33, 10, 15, 31, 41,
        22, 12, 3, 34, 39, 18, 1, 16, 20, 32, 4, 38, 19, 25, 14, 30, 7, 37,
    ],
    [
        38, 30, 5, 17, 24, 39, 4, 15, 37, 40, 2, 11, 13, 34, 18, 19, 29, 32, 31, 7, 25, 12, 1, 23,
        16, 8, 14, 41, 10, 36, 27, 20, 26, 28, 3, 21, 35, 0, 6, 22, 33, 9,
    ],
    [
        18, 37, 32, 12, 15, 19, 26, 6, 40, 14, 0, 35, 41, 1, 33, 30, 22, 25, 8, 21, 20, 24, 3, 16,
        7, 4, 28, 11, 29, 38, 9, 27, 34, 2, 36, 31, 5, 10, 23, 17, 39, 13,
    ],
    [
        23, 27, 5, 8, 17, 35, 20, 37, 4, 29, 13, 6, 30, 15, 3, 2, 36, 12, 26, 7, 31, 9, 39, 25, 24,
        33, 19, 10, 18, 21, 0, 41, 34, 11, 38, 14, 1, 22, 28, 40, 16, 32,
    ],
    [
        28, 9, 15, 1, 11, 41, 19, 22, 6, 18, 2, 35, 10, 5, 4, 16, 7, 17, 34, 27, 8, 30, 13, 32, 33,
        20, 14, 12, 40, 25, 38, 26, 39, 29, 3, 36, 0, 31, 24, 37, 23, 21,
    ],
    [
        18, 36, 25, 28, 30, 23, 16, 11, 39, 27, 14, 6, 34, 15, 32, 0, 38, 24, 22, 35, 12, 29, 21,
        10, 13, 26, 33, 37, 3, 31, 40, 4, 9, 5, 41, 20, 7, 1, 8, 19, 17, 2,
    ],
    [
        24, 1, 32, 6, 19, 40, 36, 23, 12, 5, 0, 11, 20, 39, 2, 22, 10, 7, 3, 8, 31, 28, 38, 33, 14,
        21, 9, 17, 34, 41, 37, 29, 15, 25, 35, 16, 13, 27, 26, 18, 30, 4,
    ],
];

/// 43 players, 8 rounds, three 5-tables: 34 players sit at one three times, nine twice.
const DESIGN_43: [[u8; 43]; 8] = [
    [
        13, 15, 10, 31, 6, 3, 4, 26, 24, 35, 28, 39, 23, 2, 14, 9, 16, 40, 1, 38, 32, 18, 34, 33,
        5, 37, 41, 11, 30, 0, 21, 27, 29, 8, 17, 7, 42, 25, 12, 20, 22, 36, 19,
    ],
    [
        9, 20, 5, 0, 17, 12, 28, 29, 25, 10, 24, 27, 36, 18, 21, 40, 22, 4, 42, 30, 11, 19, 8, 33,
        13, 41, 7, 3, 38, 39, 2, 15, 26, 37, 34, 31, 23, 16, 6, 1, 14, 32, 35,
    ],
    [
        29, 1, 34, 7, 17, 2, 19, 31, 0, 26, 36, 16, 27, 32, 42, 15, 38, 22, 14, 21, 35, 12, 37, 8,
        20, 39, 6, 30, 3, 24, 18, 23, 5, 40, 28, 11, 13, 25, 4, 41, 10, 9, 33,
    ],
    [
        4, 21, 23, 8, 30, 1, 28, 18, 26, 20, 31, 33, 14, 25, 41, 12, 32, 11, 2, 0, 5, 16, 17, 10,
        13, 34, 22, 24, 42, 29, 3, 39, 40, 38, 19, 27, 6, 37, 15, 36, 35, 7, 9,
    ],
    [
        17, 34, 40, 6, 4, 37, 7, 39, 3, 35, 38, 20, 29, 15, 25, 23, 14, 36, 5, 27, 13, 32, 9, 19,
        31, 0, 28, 42, 22, 41, 18, 8, 26, 11, 10, 12, 21, 1, 24, 30, 33, 2, 16,
    ],
    [
        42, 23, 19, 35, 1, 33, 25, 37, 12, 30, 26, 7, 24, 29, 36, 11, 27, 3, 16, 9, 22, 2, 10, 40,
        21, 6, 15, 41, 28, 20, 14, 34, 4, 38, 5, 32, 31, 8, 13, 17, 39, 0, 18,
    ],
    [
        36, 33, 38, 28, 23, 10, 7, 0, 26, 40, 32, 24, 19, 41, 39, 16, 1, 3, 15, 8, 18, 11, 42, 20,
        17, 14, 30, 37, 6, 9, 31, 22, 29, 25, 34, 5, 35, 21, 4, 13, 2, 12, 27,
    ],
    [
        21, 7, 24, 31, 5, 12, 39, 33, 11, 22, 35, 27, 42, 34, 9, 38, 28, 8, 2, 6, 16, 4, 18, 25,
        26, 13, 29, 37, 0, 19, 15, 14, 40, 23, 1, 41, 17, 20, 36, 32, 30, 10, 3,
    ],
];

/// The embedded design's first `want` rounds for `n` players, if there is one.
pub(super) fn embedded(n: usize, want: usize) -> Option<Design> {
    let rounds: Vec<&[u8]> = match n {
        41 => DESIGN_41.iter().map(|r| &r[..]).collect(),
        42 => DESIGN_42.iter().map(|r| &r[..]).collect(),
        43 => DESIGN_43.iter().map(|r| &r[..]).collect(),
        _ => return None,
    };
    if want == 0 || want > rounds.len() {
        return None;
    }
    Some(design(n, &rounds[..want]))
}

/// Cuts each round into tables and finds classes of players who never meet (greedily, for
/// seating keep-apart groups).
pub(super) fn design(n: usize, permutations: &[&[u8]]) -> Design {
    let fives = n % 4;
    let sizes: Vec<usize> = (0..n / 4)
        .map(|t| if t < n / 4 - fives { 4 } else { 5 })
        .collect();
    let rounds: Vec<Vec<Vec<u16>>> = permutations
        .iter()
        .map(|perm| {
            let mut at = 0;
            sizes
                .iter()
                .map(|&size| {
                    let table = perm[at..at + size].iter().map(|&p| u16::from(p)).collect();
                    at += size;
                    table
                })
                .collect()
        })
        .collect();
    let mut met = vec![false; n * n];
    for table in rounds.iter().flatten() {
        for &a in table {
            for &b in table {
                met[usize::from(a) * n + usize::from(b)] = true;
            }
        }
    }
    let mut never_meet: Vec<Vec<u16>> = Vec::new();
    for p in 0..n {
        let class = never_meet
            .iter_mut()
            .find(|class| class.iter().all(|&q| !met[p * n + usize::from(q)]));
        match class {
            Some(class) => class.push(p as u16),
            None => never_meet.push(vec![p as u16]),
        }
    }
    Design {
        rounds,
        never_meet,
        floor: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seating::table_sizes;

    #[test]
    fn embedded_designs_are_clean_and_even() {
        for n in 41..=43_usize {
            let design = embedded(n, 8).unwrap();
            assert_eq!(design.rounds.len(), 8, "{n}");
            let sizes = table_sizes(n as u16).unwrap();
            let fives = n % 4;
            let mut meetings = vec![0_u32; n * n];
            let mut duty = vec![0_usize; n];
            for (r, round) in design.rounds.iter().enumerate() {
                let shape: Vec<u8> = round.iter().map(|t| t.len() as u8).collect();
                assert_eq!(shape, sizes, "{n} players, round {r}");
                let mut seen: Vec<u16> = round.iter().flatten().copied().collect();
                seen.sort_unstable();
                assert_eq!(seen, (0..n as u16).collect::<Vec<_>>(), "{n}, round {r}");
                for table in round {
                    for (i, &a) in table.iter().enumerate() {
                        for &b in &table[i + 1..] {
                            meetings[usize::from(a) * n + usize::from(b)] += 1;
                            meetings[usize::from(b) * n + usize::from(a)] += 1;
                        }
                        if table.len() == 5 {
                            duty[usize::from(a)] += 1;
                        }
                    }
                }
                // Every prefix of rounds is as even as the arithmetic allows.
                let seats = 5 * fives * (r + 1);
                let (lo, hi) = (seats / n, seats.div_ceil(n));
                assert!(
                    duty.iter().all(|&d| (lo..=hi).contains(&d)),
                    "{n} players after {} rounds: {duty:?}",
                    r + 1
                );
            }
            assert!(meetings.iter().all(|&m| m <= 1), "{n}: a pair meets twice");
            assert_eq!(
                super::super::evaluate(&design.rounds, &[]).repeat_pairs,
                0,
                "{n}"
            );
            // The never-meet classes cover everyone once and really never meet.
            let mut covered: Vec<u16> = design.never_meet.iter().flatten().copied().collect();
            covered.sort_unstable();
            assert_eq!(covered, (0..n as u16).collect::<Vec<_>>(), "{n}");
            for class in &design.never_meet {
                for &a in class {
                    for &b in class {
                        assert_eq!(meetings[usize::from(a) * n + usize::from(b)], 0, "{n}");
                    }
                }
            }
            // Shorter plans take a prefix; other sizes and longer plans have none.
            assert_eq!(embedded(n, 5).unwrap().rounds[..], design.rounds[..5]);
            assert!(embedded(n, 9).is_none());
        }
        assert!(embedded(44, 8).is_none());
    }

    #[test]
    fn plans_from_embedded_designs_stay_even_with_keep_apart_groups() {
        let keep_apart = vec![vec![0, 1, 2, 3], vec![4, 5, 6], vec![7, 8], vec![20, 21]];
        for players in 41..=43_u16 {
            for seed in ["a", "b"] {
                let req = crate::seating::PlanRequest {
                    players,
                    rounds: 8,
                    seed: seed.to_owned(),
                    keep_apart: keep_apart.clone(),
                };
                let q = crate::seating::plan(&req).unwrap().quality;
                let ideal = (8 * 5 * usize::from(players % 4)).div_ceil(usize::from(players));
                assert_eq!(q.repeat_pairs, 0, "{players}, {seed}: {q:?}");
                assert_eq!(
                    usize::from(q.max_five_table_duty),
                    ideal,
                    "{players}: {q:?}"
                );
                assert!(q.max_five_table_duty - q.min_five_table_duty <= 1, "{q:?}");
            }
        }
    }
}
