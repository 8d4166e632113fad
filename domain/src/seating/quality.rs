//! Quality: what a set of rounds achieves (repeated pairs, keep-apart encounters, 5-table
//! duty, seats) and a proven lower bound on repeated pairs, so that a plan can say how far
//! it is from the best possible.

use std::collections::HashSet;

use super::field::table_sizes;
use super::{KeepApartGroup, Quality, Round, SeatingError};

/// The table sizes of one round, in any order.
pub(super) type Shape = Vec<usize>;

/// Measures a set of rounds, e.g. after an organiser swapped players by hand. Players are
/// those seated in any round; the lower bound assumes the same table sizes.
#[must_use]
pub fn evaluate(rounds: &[Round], keep_apart: &[KeepApartGroup]) -> Quality {
    let mut players: Vec<u16> = rounds.iter().flatten().flatten().copied().collect();
    players.sort_unstable();
    players.dedup();
    let size = players.last().map_or(0, |&p| usize::from(p) + 1);
    let mut seated = vec![false; size];
    for &p in &players {
        seated[usize::from(p)] = true;
    }

    // Pairs as sorted (low, high) codes: linear in the number of seats, whatever the ids.
    let mut pairs: Vec<u32> = Vec::new();
    let mut duty = vec![0_u32; size];
    let mut dealer = vec![0_u32; size];
    let mut keeper = vec![0_u32; size];
    for table in rounds.iter().flatten() {
        for (i, &a) in table.iter().enumerate() {
            for &b in &table[i + 1..] {
                pairs.push(pair_code(a, b));
            }
        }
        count_positions(table, &mut duty, &mut dealer, &mut keeper);
    }
    pairs.sort_unstable();
    let mut repeat_pairs = 0_u32;
    let mut max_pair_meetings = 0_u16;
    let mut start = 0;
    while start < pairs.len() {
        let mut end = start + 1;
        while end < pairs.len() && pairs[end] == pairs[start] {
            end += 1;
        }
        let meetings = end - start;
        // Saturating, not truncating: hand-made rounds may repeat one pair more often than
        // a u16 counts, and the totals must not wrap to a small number or overflow.
        repeat_pairs = repeat_pairs.saturating_add(u32::try_from(meetings - 1).unwrap_or(u32::MAX));
        max_pair_meetings = max_pair_meetings.max(u16::try_from(meetings).unwrap_or(u16::MAX));
        start = end;
    }

    let mut apart: HashSet<u32> = HashSet::new();
    for group in keep_apart {
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                if a != b {
                    apart.insert(pair_code(a, b));
                }
            }
        }
    }
    let keep_apart_violations =
        u32::try_from(pairs.iter().filter(|code| apart.contains(code)).count()).unwrap_or(u32::MAX);

    let shapes: Vec<Shape> = rounds
        .iter()
        .map(|round| round.iter().map(Vec::len).collect())
        .collect();
    let full_rounds = rounds
        .iter()
        .all(|round| round.iter().map(Vec::len).sum::<usize>() == players.len());
    // A count is at most the number of rounds; a plan has at most MAX_ROUNDS, far below
    // u16::MAX, and a larger hand-made history saturates.
    let range = |counts: &[u32]| {
        let seated_counts = counts
            .iter()
            .zip(&seated)
            .filter(|(_, seated)| **seated)
            .map(|(count, _)| u16::try_from(*count).unwrap_or(u16::MAX));
        let max = seated_counts.clone().max().unwrap_or(0);
        let min = seated_counts.min().unwrap_or(0);
        (max, min)
    };
    let (max_five_table_duty, min_five_table_duty) = range(&duty);
    let (max_first_dealer, min_first_dealer) = range(&dealer);
    let (max_list_keeper, min_list_keeper) = range(&keeper);
    Quality {
        repeat_pairs,
        lower_bound: lower_bound(players.len(), &shapes, full_rounds),
        max_pair_meetings,
        keep_apart_violations,
        max_five_table_duty,
        min_five_table_duty,
        max_first_dealer,
        min_first_dealer,
        max_list_keeper,
        min_list_keeper,
    }
}

fn pair_code(a: u16, b: u16) -> u32 {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    (u32::from(low) << 16) | u32::from(high)
}

/// Counts one table towards each player's 5-table duty, first deals (seat 0) and list
/// keeping (the last seat of a full table).
pub(super) fn count_positions(
    table: &[u16],
    duty: &mut [u32],
    dealer: &mut [u32],
    keeper: &mut [u32],
) {
    if table.len() >= 5 {
        for &p in table {
            duty[usize::from(p)] += 1;
        }
    }
    if let Some(&first) = table.first() {
        dealer[usize::from(first)] += 1;
    }
    if table.len() >= 4
        && let Some(&last) = table.last()
    {
        keeper[usize::from(last)] += 1;
    }
}

/// A proven lower bound on [`Quality::repeat_pairs`] for `rounds` full rounds of `players`.
///
/// # Errors
///
/// [`SeatingError::Unsplittable`] if the field cannot be seated.
pub fn repeat_lower_bound(players: u16, rounds: u16) -> Result<u32, SeatingError> {
    let sizes: Vec<usize> = table_sizes(players)?.into_iter().map(usize::from).collect();
    // Every round has the same shape, so the per-round sums are multiplied rather than a
    // shape built per round: up to u16::MAX rounds of 16,383 tables would otherwise take
    // gigabytes for a number the caller can pick freely. Same result as `lower_bound`.
    let rounds = usize::from(rounds);
    let meetings = round_meetings(&sizes).saturating_mul(rounds);
    let pigeonhole = pigeonhole_round(sizes.len(), &sizes).saturating_mul(rounds.saturating_sub(1));
    Ok(bound_from(usize::from(players), meetings, pigeonhole))
}

/// A sound lower bound on repeated encounters for `players` seated in rounds of the given
/// table sizes.
///
/// Counting: a player at a table of `s` meets `s − 1` others; over all rounds the player's
/// meetings `M_p` exceed the `players − 1` possible partners by at least `M_p − (players −
/// 1)`, and each repeated encounter is counted by both players. The total of meetings is
/// fixed by the table sizes; by convexity the sum is smallest when meetings are spread as
/// evenly as possible, which gives the bound for any seating.
///
/// This is the pair-count bound refined by 5-table duty. In full: let `m(p, q)` be the
/// tables `p` and `q` share; the plan's repeats are `R = Σ_{p<q} (m(p, q) − 1)⁺`. For one
/// player, `Σ_q m(p, q) = M_p = 3r + d_p` over `r` full rounds, where `d_p` is the number
/// of rounds `p` sits at a 5-table, and since at most `players − 1` of the `m(p, q)` are
/// non-zero, `Σ_q (m(p, q) − 1)⁺ ≥ M_p − (players − 1)` and `≥ 0`. Summing over players
/// counts every pair twice: `2R ≥ Σ_p max(0, M_p − (players − 1))`. Every round seats
/// `5f` players at its `f` 5-tables, so `Σ_p d_p = 5fr` is fixed, and `x ↦ max(0, x − c)`
/// is convex, so the sum is smallest when the `d_p` (and so the `M_p`) differ by at most
/// one: that spread is what this function assumes, and any seating's sum is at least that.
/// The plain pair count (`M − players(players − 1)/2` with `M = Σ_p M_p / 2`) is never
/// larger (it sums the same excesses with negative ones allowed). Tested against the
/// minimum found by trying every seating of small fields.
///
/// Pigeonhole (for tiny fields, only when every round seats everyone): the players of a
/// table spread over the first round's tables; with fewer tables than players some of them
/// shared a table in round one.
pub(super) fn lower_bound(players: usize, shapes: &[Shape], full_rounds: bool) -> u32 {
    let meetings = shapes
        .iter()
        .map(|round| round_meetings(round))
        .fold(0, usize::saturating_add);
    let mut pigeonhole = 0;
    if full_rounds && let Some((first, later)) = shapes.split_first() {
        let bins = first.len().max(1);
        pigeonhole = later
            .iter()
            .map(|round| pigeonhole_round(bins, round))
            .fold(0, usize::saturating_add);
    }
    bound_from(players, meetings, pigeonhole)
}

/// Ordered meetings (each pair counted from both sides) at tables of these sizes. The
/// sizes may come from hand-made rounds, so the sum saturates instead of overflowing; real
/// fields are many orders of magnitude below that.
fn round_meetings(round: &[usize]) -> usize {
    round
        .iter()
        .map(|&s| s.saturating_mul(s.saturating_sub(1)))
        .fold(0, usize::saturating_add)
}

/// The pigeonhole count of one later round whose tables draw their players from `bins`
/// tables of the first round (see [`lower_bound`]).
fn pigeonhole_round(bins: usize, round: &[usize]) -> usize {
    let bins = bins.max(1);
    round
        .iter()
        .map(|&size| {
            let per_bin = size / bins;
            let fuller = size % bins;
            let full = fuller
                .saturating_mul(per_bin.saturating_add(1))
                .saturating_mul(per_bin)
                / 2;
            let rest = (bins - fuller)
                .saturating_mul(per_bin)
                .saturating_mul(per_bin.saturating_sub(1))
                / 2;
            full.saturating_add(rest)
        })
        .fold(0, usize::saturating_add)
}

/// The larger of the counting bound for `meetings` ordered meetings among `players` and the
/// pigeonhole count, as a `u32` (saturating).
fn bound_from(players: usize, meetings: usize, pigeonhole: usize) -> u32 {
    if players == 0 {
        return 0;
    }
    let partners = players - 1;
    let low = meetings / players;
    let high_count = meetings % players;
    let excess = high_count
        .saturating_mul(low.saturating_add(1).saturating_sub(partners))
        .saturating_add((players - high_count).saturating_mul(low.saturating_sub(partners)));
    let counting = excess.div_ceil(2);
    u32::try_from(counting.max(pigeonhole)).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seating::fixtures::request;
    use crate::seating::plan;

    #[test]
    fn lower_bound_is_sane() {
        // 8 players over 3 rounds meet 9 others each but there are only 7.
        assert_eq!(repeat_lower_bound(8, 3).unwrap(), 8);
        assert_eq!(repeat_lower_bound(8, 1).unwrap(), 0);
        // Two 4-tables in round 2 must reuse pairs from round 1 (pigeonhole).
        assert_eq!(repeat_lower_bound(8, 2).unwrap(), 4);
        assert_eq!(repeat_lower_bound(16, 5).unwrap(), 0);
        assert!(repeat_lower_bound(16, 6).unwrap() > 0);
        assert_eq!(repeat_lower_bound(32, 10).unwrap(), 0);
        assert!(repeat_lower_bound(32, 11).unwrap() > 0);
        assert_eq!(repeat_lower_bound(1000, 10).unwrap(), 0);
        let plan = plan(&request(8, 3, "lb")).unwrap();
        assert!(plan.quality.repeat_pairs >= plan.quality.lower_bound);
        assert!(plan.quality.lower_bound > 0);
        // Beyond zero: as few as the search finds, never below the bound.
        for (players, rounds) in [(12, 4), (16, 7), (20, 8), (24, 10), (13, 5)] {
            let q = crate::seating::plan(&request(players, rounds, "lb"))
                .unwrap()
                .quality;
            assert!(
                q.repeat_pairs >= q.lower_bound,
                "{players} × {rounds}: {q:?}"
            );
            assert!(q.lower_bound > 0, "{players} × {rounds}: {q:?}");
        }
    }

    /// Every way to split players `0..n` into tables of the given sizes, each split once:
    /// the table holding the lowest unseated player is filled next.
    fn splits(n: usize, sizes: &[usize]) -> Vec<Round> {
        fn fill(rest: &[u16], sizes: &[usize], round: &mut Round, out: &mut Vec<Round>) {
            let Some((&first, others)) = rest.split_first() else {
                out.push(round.clone());
                return;
            };
            let mut tried = Vec::new();
            for (i, &size) in sizes.iter().enumerate() {
                if tried.contains(&size) {
                    continue;
                }
                tried.push(size);
                let mut left = sizes.to_vec();
                left.remove(i);
                // Choose the other `size - 1` players of this table among `others`.
                let mut pick: Vec<usize> = (0..size - 1).collect();
                loop {
                    let mut table = vec![first];
                    table.extend(pick.iter().map(|&k| others[k]));
                    let remaining: Vec<u16> = others
                        .iter()
                        .enumerate()
                        .filter(|(k, _)| !pick.contains(k))
                        .map(|(_, &p)| p)
                        .collect();
                    round.push(table);
                    fill(&remaining, &left, round, out);
                    round.pop();
                    // Next combination of `size - 1` out of `others.len()`.
                    let Some(j) = (0..pick.len())
                        .rev()
                        .find(|&j| pick[j] < others.len() - pick.len() + j)
                    else {
                        break;
                    };
                    pick[j] += 1;
                    for k in j + 1..pick.len() {
                        pick[k] = pick[k - 1] + 1;
                    }
                }
            }
        }
        let players: Vec<u16> = (0..n as u16).collect();
        let mut out = Vec::new();
        fill(&players, sizes, &mut Vec::new(), &mut out);
        out
    }

    /// The fewest repeats any seating reaches, by trying them all (round 1 fixed: relabelling
    /// players changes nothing).
    fn exhaustive_minimum(n: usize, rounds: usize) -> u32 {
        let sizes: Vec<usize> = table_sizes(n as u16)
            .unwrap()
            .into_iter()
            .map(usize::from)
            .collect();
        let all = splits(n, &sizes);
        let mut best = u32::MAX;
        let mut index = vec![0_usize; rounds - 1];
        loop {
            let mut seating = vec![all[0].clone()];
            seating.extend(index.iter().map(|&i| all[i].clone()));
            best = best.min(evaluate(&seating, &[]).repeat_pairs);
            let Some(j) = (0..index.len()).rev().find(|&j| index[j] + 1 < all.len()) else {
                break;
            };
            index[j] += 1;
            index[j + 1..].fill(0);
        }
        best
    }

    #[test]
    fn lower_bound_against_exhaustive_search() {
        // Number of splits is the multinomial over equal tables: a check on `splits`.
        assert_eq!(splits(8, &[4, 4]).len(), 35);
        assert_eq!(splits(9, &[4, 5]).len(), 126);
        assert_eq!(splits(13, &[4, 4, 5]).len(), 45_045);
        // (players, rounds, fewest repeats possible, the bound): the bound never exceeds the
        // true minimum and meets it in all but 10 × 3 (two 5-tables: the pigeonhole count
        // compares rounds 2 and 3 with round 1 only, not with each other).
        for (players, rounds, minimum, bound) in [
            (8, 2, 4, 4),
            (8, 3, 8, 8),
            (9, 2, 6, 6),
            (9, 3, 12, 12),
            (10, 2, 8, 8),
            (10, 3, 18, 16),
            (12, 2, 3, 3),
            (13, 2, 4, 4),
        ] {
            let case = format!("{players} × {rounds}");
            let lower = repeat_lower_bound(players as u16, rounds as u16).unwrap();
            assert_eq!(exhaustive_minimum(players, rounds), minimum, "{case}");
            assert_eq!(lower, bound, "{case}");
            assert!(lower <= minimum, "{case}");
            // The plan finds the minimum.
            let q = plan(&request(players as u16, rounds as u16, "exhaustive"))
                .unwrap()
                .quality;
            assert_eq!(q.repeat_pairs, minimum, "{case}: {q:?}");
        }
    }

    #[test]
    fn lower_bound_of_any_field_and_length_is_quick_and_exact() {
        // The closed form for identical rounds agrees with the bound over explicit shapes.
        for players in [4_u16, 5, 8, 9, 10, 13, 16, 17, 28, 41, 100] {
            let sizes: Vec<usize> = table_sizes(players)
                .unwrap()
                .into_iter()
                .map(usize::from)
                .collect();
            for rounds in 0..12_u16 {
                let shapes = vec![sizes.clone(); usize::from(rounds)];
                assert_eq!(
                    repeat_lower_bound(players, rounds),
                    Ok(lower_bound(usize::from(players), &shapes, true)),
                    "{players} × {rounds}"
                );
            }
        }
        // The largest numbers a caller can pass: no shape per round is built, no overflow.
        assert!(repeat_lower_bound(u16::MAX, u16::MAX).unwrap() > 0);
        assert_eq!(repeat_lower_bound(u16::MAX, 1), Ok(0));
    }

    #[test]
    fn evaluate_saturates_hand_made_repeats() {
        // One pair at 70,000 tables: more meetings than a u16 holds.
        let rounds = vec![vec![vec![0_u16, 1]]; 70_000];
        let q = evaluate(&rounds, &[vec![0, 1]]);
        assert_eq!(q.max_pair_meetings, u16::MAX);
        assert_eq!(q.repeat_pairs, 69_999);
        assert_eq!(q.keep_apart_violations, 70_000);
        assert_eq!(q.max_first_dealer, u16::MAX);
        // The highest ids size the counters by the id, not by the number of players.
        let q = evaluate(&[vec![vec![u16::MAX, u16::MAX - 1, 0, 1, 2]]], &[]);
        assert_eq!((q.repeat_pairs, q.max_five_table_duty), (0, 1));
    }

    #[test]
    fn evaluate_counts_what_it_sees() {
        let rounds = vec![
            vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7, 8]],
            vec![vec![0, 1, 4, 5], vec![2, 3, 6, 7, 8]],
            vec![vec![0, 1, 6, 8], vec![2, 3, 4, 5, 7]],
        ];
        let q = evaluate(&rounds, &[vec![0, 1], vec![6, 7]]);
        // Three times each (2 repeats): 0-1, 2-3, 4-5, 6-8; twice each (1 repeat): 6-7, 7-8,
        // 4-7, 5-7, 2-7, 3-7.
        assert_eq!(q.repeat_pairs, 14);
        assert_eq!(q.max_pair_meetings, 3);
        assert_eq!(q.keep_apart_violations, 3 + 2);
        assert_eq!((q.max_five_table_duty, q.min_five_table_duty), (3, 0));
        assert_eq!((q.max_first_dealer, q.min_first_dealer), (3, 0));
        assert_eq!((q.max_list_keeper, q.min_list_keeper), (3, 0));
    }
}
