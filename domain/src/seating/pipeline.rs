//! The plan pipeline: from a construction to the rounds of a plan, seats not yet assigned.
//!
//! For each start the constructions offer (`constructions.rs`, `merge.rs`), the seed
//! shuffles which player gets which place; keep-apart groups are placed in one never-meet
//! class (a grid row, say) where they fit, since class mates never meet, then players are
//! relabelled pairwise where that removes keep-apart meetings (`apart.rs`). Rounds beyond
//! what the construction covers are drawn greedily. Then the tabu search and the descent
//! (`search.rs`) and the duty rebalancing (`duty.rs`) run, and the start with the best
//! [`Cost`] wins; below 40 players, a last annealing stage may even out duty.

use super::apart::Apart;
use super::constructions::construct;
use super::design::{Class, Design};
use super::duty::{ANNEAL_DUTY_BELOW, ANNEAL_DUTY_STEPS, REBALANCE_WORK};
use super::meet::Meet;
use super::quality::{Shape, lower_bound};
use super::random::{ANNEAL_STREAM, REPEAT_STREAM, Rng};
use super::repeats::tabu_work;
use super::search::{Cost, Mode, POLISH_WORK, REPAIR_WORK, State};
use super::{KeepApartGroup, Round};

/// Tables (unordered seats) for `rounds` rounds: construction, player assignment, extra
/// rounds, repair and polish, as described in the module documentation.
pub(super) fn schedule(
    n: usize,
    sizes: &[u8],
    rounds: usize,
    hash: u64,
    apart: &Apart,
) -> Vec<Round> {
    if rounds == 0 {
        return Vec::new();
    }
    let mut rng = Rng::new(hash);
    let fives = sizes.iter().filter(|&&s| s == 5).count();
    let mut best: Option<(Cost, Vec<Round>, u32)> = None;
    for design in construct(n, fives, rounds, &mut rng) {
        let (cost, result) = finish(n, sizes, rounds, &design, apart, &mut rng);
        if best
            .as_ref()
            .is_none_or(|(best_cost, ..)| cost < *best_cost)
        {
            best = Some((cost, result, design.floor));
        }
    }
    let Some((cost, result, design_floor)) = best else {
        return Vec::new();
    };
    let shapes: Vec<Shape> = vec![sizes.iter().map(|&s| usize::from(s)).collect(); rounds];
    let floor = i64::from(lower_bound(n, &shapes, true).max(design_floor));
    let above = cost.repeats > floor;
    // Large fields reach the bound: no pair counts to build (an n × n matrix) for nothing.
    if !above && (n >= ANNEAL_DUTY_BELOW || fives == 0) {
        return result;
    }
    let mut state = State::new(n, result, Meet::new(n), vec![0; n], apart);
    if above {
        // Above the bound (club-sized fields): search the repeats down (`repeats.rs`), then
        // even out duty and keep-apart again without adding any. Its own stream, so that
        // plans which reach the bound without it stay as they were.
        let mut rng = Rng::new(hash ^ REPEAT_STREAM);
        state.tabu_repeats(floor, tabu_work(n, rounds), &mut rng);
        state.polish(POLISH_WORK, &mut rng);
        if state.rebalance(REBALANCE_WORK, &mut rng) {
            state.polish(POLISH_WORK, &mut rng);
        }
        state.relabel_apart(POLISH_WORK / 4);
    }
    if n >= ANNEAL_DUTY_BELOW || fives == 0 {
        return state.rounds;
    }
    let (Some(&max), Some(&min)) = (state.duty.iter().max(), state.duty.iter().min()) else {
        return state.rounds;
    };
    // Only plans without repeats: those [`next_round`] follows round by round from any first
    // round, so a changed plan seats a running tournament with no repeat either. A plan with
    // repeats is left from its first repeat on, and a changed plan would change what the
    // search then finds, not always for the better.
    if max < min + 2 || state.meet.repeats() > 0 {
        return state.rounds;
    }
    // Its own stream, so that everything before it stays as it was.
    let mut rng = Rng::new(hash ^ ANNEAL_STREAM);
    state.anneal_duty(ANNEAL_DUTY_STEPS, &mut rng);
    state.rounds
}

/// A plan taken as found (`club::round_by_round`): the seed decides which player takes
/// which place and keep-apart groups are relabelled apart, as for any construction, but no
/// search or duty stage changes the rounds, so that the repeats after every round stay as
/// they were found (relabelling players changes none of them).
pub(super) fn as_found(n: usize, design: &Design, hash: u64, apart: &Apart) -> Vec<Round> {
    let mut rng = Rng::new(hash);
    place(n, design, apart, &mut rng).rounds
}

/// The design's rounds with the seed's player in each place, keep-apart groups relabelled
/// apart.
fn place<'a>(n: usize, design: &Design, apart: &'a Apart, rng: &mut Rng) -> State<'a> {
    let player_of = assign_players(n, &design.never_meet, apart, rng);
    let built: Vec<Round> = design
        .rounds
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|table| table.iter().map(|&p| player_of[usize::from(p)]).collect())
                .collect()
        })
        .collect();
    let mut state = State::new(n, built, Meet::new(n), vec![0; n], apart);
    state.relabel_apart(POLISH_WORK / 4);
    state
}

/// The rest of the pipeline for one starting design; returns the final cost and rounds.
fn finish(
    n: usize,
    sizes: &[u8],
    rounds: usize,
    design: &Design,
    apart: &Apart,
    rng: &mut Rng,
) -> (Cost, Vec<Round>) {
    let mut state = place(n, design, apart, rng);
    while state.rounds.len() < rounds {
        let round = greedy_round(n, sizes, &state.meet, &state.duty, apart, rng);
        state.push(round);
    }
    let shapes: Vec<Shape> = vec![sizes.iter().map(|&s| usize::from(s)).collect(); rounds];
    let floor = i64::from(lower_bound(n, &shapes, true).max(design.floor));
    state.repair(floor, REPAIR_WORK, Mode::Plain, rng);
    state.polish(POLISH_WORK, rng);
    if state.rebalance(REBALANCE_WORK, rng) {
        state.polish(POLISH_WORK, rng);
    }
    state.relabel_apart(POLISH_WORK / 4);
    (state.cost(), state.rounds)
}

/// Which player takes which construction point. Seeded shuffle; keep-apart groups (merged
/// where they share players) go into one never-meeting class where they fit, largest
/// first, each into the class with the most room left.
fn assign_players(n: usize, never_meet: &[Class], apart: &Apart, rng: &mut Rng) -> Vec<u16> {
    // Union-find over keep-apart groups.
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut p: usize) -> usize {
        while parent[p] != p {
            parent[p] = parent[parent[p]];
            p = parent[p];
        }
        p
    }
    for group in &apart.groups {
        for pair in group.windows(2) {
            let (a, b) = (
                root(&mut parent, usize::from(pair[0])),
                root(&mut parent, usize::from(pair[1])),
            );
            parent[a.max(b)] = a.min(b);
        }
    }
    let mut clusters: Vec<KeepApartGroup> = vec![Vec::new(); n];
    for p in 0..n {
        let r = root(&mut parent, p);
        clusters[r].push(p as u16);
    }
    let mut clusters: Vec<KeepApartGroup> = clusters.into_iter().filter(|c| c.len() > 1).collect();
    rng.shuffle(&mut clusters);
    clusters.sort_by_key(|c| std::cmp::Reverse(c.len()));

    // Classes of points, shuffled; points not in any class form one more class.
    let mut classes: Vec<Class> = never_meet
        .iter()
        .filter(|c| !c.is_empty())
        .cloned()
        .collect();
    let mut covered = vec![false; n];
    for &p in classes.iter().flatten() {
        covered[usize::from(p)] = true;
    }
    let rest: Vec<u16> = (0..n as u16)
        .filter(|&p| !covered[usize::from(p)])
        .collect();
    if !rest.is_empty() {
        classes.push(rest);
    }
    rng.shuffle(&mut classes);
    for class in &mut classes {
        rng.shuffle(class);
    }

    let mut player_of = vec![u16::MAX; n];
    let mut placed = vec![false; n];
    let mut fill = vec![0_usize; classes.len()];
    for cluster in &clusters {
        let mut members = cluster.iter();
        let mut remaining = cluster.len();
        while remaining > 0 {
            let Some(c) = (0..classes.len())
                .max_by_key(|&c| (classes[c].len() - fill[c], std::cmp::Reverse(c)))
            else {
                break;
            };
            let room = classes[c].len() - fill[c];
            if room == 0 {
                break;
            }
            for _ in 0..room.min(remaining) {
                if let Some(&player) = members.next() {
                    player_of[usize::from(classes[c][fill[c]])] = player;
                    placed[usize::from(player)] = true;
                    fill[c] += 1;
                    remaining -= 1;
                }
            }
        }
    }
    let mut others: Vec<u16> = (0..n as u16).filter(|&p| !placed[usize::from(p)]).collect();
    rng.shuffle(&mut others);
    let mut others = others.into_iter();
    for (c, class) in classes.iter().enumerate() {
        for &point in &class[fill[c]..] {
            if let Some(player) = others.next() {
                player_of[usize::from(point)] = player;
            }
        }
    }
    player_of
}

/// A round built greedily against the meetings so far: 5-tables first, seeded with the
/// players who sat at 5-tables least; each seat goes to the first player (in a seeded
/// order, least duty first) who has met nobody at the table, else to the one with the
/// fewest such meetings.
pub(super) fn greedy_round(
    n: usize,
    sizes: &[u8],
    meet: &Meet,
    duty: &[u32],
    apart: &Apart,
    rng: &mut Rng,
) -> Round {
    let mut order: Vec<u16> = (0..n as u16).collect();
    rng.shuffle(&mut order);
    order.sort_by_key(|&p| duty[usize::from(p)]);
    let mut sizes: Vec<u8> = sizes.to_vec();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    let mut tables = Vec::with_capacity(sizes.len());
    for size in sizes {
        let mut table = vec![order.remove(0)];
        while table.len() < usize::from(size) {
            let mut pick = 0;
            let mut pick_cost = (usize::MAX, i64::MAX);
            for (i, &candidate) in order.iter().enumerate() {
                let met = table
                    .iter()
                    .filter(|&&u| meet.get(candidate, u) > 0)
                    .count();
                let apart_cost = table.iter().map(|&u| apart.pair(candidate, u)).sum::<i64>();
                if (met, apart_cost) < pick_cost {
                    pick_cost = (met, apart_cost);
                    pick = i;
                    if met == 0 && apart_cost == 0 {
                        break;
                    }
                }
            }
            table.push(order.remove(pick));
        }
        tables.push(table);
    }
    tables
}

#[cfg(test)]
mod tests {
    use super::greedy_round;
    use crate::seating::apart::Apart;
    use crate::seating::fixtures::{assert_valid, request};
    use crate::seating::meet::Meet;
    use crate::seating::quality::lower_bound;
    use crate::seating::random::Rng;
    use crate::seating::search::State;
    use crate::seating::{Plan, PlanRequest, Quality, evaluate, plan, table_sizes};

    fn zero_repeats(players: u16, rounds: u16) -> Plan {
        let plan = plan(&request(players, rounds, "target")).unwrap();
        assert_valid(&plan, players);
        assert_eq!(plan.rounds.len(), usize::from(rounds));
        assert_eq!(
            plan.quality.repeat_pairs, 0,
            "{players} players × {rounds} rounds: {:?}",
            plan.quality
        );
        assert_eq!(plan.quality, evaluate(&plan.rounds, &[]));
        plan
    }

    #[test]
    fn sixteen_players_five_rounds_meet_everyone_once() {
        let plan = zero_repeats(16, 5);
        let pairs: usize = plan
            .rounds
            .iter()
            .flatten()
            .map(|t| t.len() * (t.len() - 1) / 2)
            .sum();
        assert_eq!(pairs, 16 * 15 / 2);
    }

    #[test]
    fn twenty_players_five_rounds() {
        zero_repeats(20, 5);
    }

    #[test]
    fn twenty_eight_players_nine_rounds_meet_everyone_once() {
        let plan = zero_repeats(28, 9);
        assert_eq!(plan.quality.max_pair_meetings, 1);
        let pairs: usize = plan
            .rounds
            .iter()
            .flatten()
            .map(|t| t.len() * (t.len() - 1) / 2)
            .sum();
        assert_eq!(pairs, 28 * 27 / 2);
    }

    #[test]
    fn thirty_two_players_nine_and_ten_rounds() {
        zero_repeats(32, 9);
        let plan = zero_repeats(32, 10);
        let pairs: usize = plan
            .rounds
            .iter()
            .flatten()
            .map(|t| t.len() * (t.len() - 1) / 2)
            .sum();
        assert_eq!(pairs, 32 * 31 / 2 - 16);
        // Partners that never meet take keep-apart pairs.
        let req = PlanRequest {
            keep_apart: vec![vec![0, 1], vec![2, 3], vec![30, 31]],
            ..request(32, 10, "apart")
        };
        let q = crate::seating::plan(&req).unwrap().quality;
        assert_eq!((q.repeat_pairs, q.keep_apart_violations), (0, 0));
    }

    #[test]
    fn fields_of_40_to_400_over_8_rounds_stride() {
        // The full sweep is `full_sweep_40_to_400` (ignored: slow in debug builds).
        for players in (40..=400)
            .step_by(9)
            .chain([41, 42, 43, 46, 47, 50, 55, 59, 63, 398, 399, 400])
        {
            zero_repeats(players, 8);
        }
    }

    #[test]
    #[ignore = "every field from 40 to 400 over 8 rounds; a few minutes in debug builds, run with --release --ignored"]
    fn full_sweep_40_to_400() {
        for players in 40..=400 {
            for rounds in 1..=8 {
                zero_repeats(players, rounds);
            }
        }
    }

    #[test]
    fn plans_are_valid_for_many_sizes() {
        for players in [
            4, 5, 8, 9, 10, 12, 13, 14, 15, 17, 19, 22, 23, 25, 27, 31, 33, 39,
        ] {
            for rounds in [1, 5] {
                let plan = plan(&request(players, rounds, "valid")).unwrap();
                assert_valid(&plan, players);
                assert_eq!(plan.rounds.len(), usize::from(rounds));
                assert!(plan.quality.repeat_pairs >= plan.quality.lower_bound);
                assert_eq!(plan.quality, evaluate(&plan.rounds, &[]));
            }
        }
        assert!(plan(&request(40, 0, "none")).unwrap().rounds.is_empty());
    }

    #[test]
    fn plans_are_deterministic() {
        for (players, rounds) in [(9, 4), (24, 7), (43, 8), (170, 8)] {
            let req = PlanRequest {
                keep_apart: vec![vec![0, 1, 2], vec![3, 4]],
                ..request(players, rounds, "same")
            };
            assert_eq!(
                plan(&req).unwrap(),
                plan(&req).unwrap(),
                "{players} × {rounds}"
            );
        }
    }

    #[test]
    fn different_seeds_give_different_plans() {
        for players in [16, 28, 41, 170] {
            let a = plan(&request(players, 4, "a")).unwrap();
            let b = plan(&request(players, 4, "b")).unwrap();
            assert_ne!(a.rounds, b.rounds, "{players} players");
            assert_eq!(a.quality.repeat_pairs, b.quality.repeat_pairs);
        }
    }

    #[test]
    fn keep_apart_is_honoured_when_possible() {
        let groups = vec![vec![0, 1, 2], vec![3, 4], vec![5, 6, 7, 8], vec![20, 21]];
        for (players, rounds) in [(24, 4), (40, 8), (43, 6), (170, 8)] {
            let req = PlanRequest {
                keep_apart: groups.clone(),
                ..request(players, rounds, "apart")
            };
            let plan = plan(&req).unwrap();
            assert_valid(&plan, players);
            assert_eq!(
                plan.quality.keep_apart_violations, 0,
                "{players} × {rounds}: {:?}",
                plan.quality
            );
            for table in plan.rounds.iter().flatten() {
                for group in &groups {
                    assert!(table.iter().filter(|p| group.contains(p)).count() <= 1);
                }
            }
            if players >= 40 {
                assert_eq!(plan.quality.repeat_pairs, 0);
            }
        }
        // 28 × 9 seats every pair once, so a keep-apart pair must meet exactly once.
        let req = PlanRequest {
            keep_apart: vec![vec![0, 1]],
            ..request(28, 9, "apart")
        };
        let q = plan(&req).unwrap().quality;
        assert_eq!((q.repeat_pairs, q.keep_apart_violations), (0, 1));
    }

    /// Zero repeats, 5-table duty as even as the arithmetic allows; returns the quality.
    fn even_duty(players: u16, rounds: u16, seed: &str) -> Quality {
        let q = plan(&request(players, rounds, seed)).unwrap().quality;
        let n = u32::from(players);
        let fives = u32::from(players % 4);
        let duty_ideal = (u32::from(rounds) * 5 * fives).div_ceil(n).max(1) as u16;
        let case = format!("{players} × {rounds}, seed {seed}: {q:?}");
        assert_eq!(q.repeat_pairs, 0, "{case}");
        assert!(q.max_five_table_duty <= duty_ideal, "{case}");
        assert!(q.max_five_table_duty - q.min_five_table_duty <= 1, "{case}");
        q
    }

    /// 21 players (one 5-table, four 4-tables): without repeats, a round's 5-table takes at
    /// most one player from each table of the round before, so one player of the last
    /// 5-table sits at the next one too. The plan keeps that to what the repeats force: at
    /// most 2 rounds there in 3 (the annealing stage used to end on a plan of equal cost
    /// with one player there all 3 rounds), at most 3 in 4 (it was 4).
    #[test]
    fn a_forced_return_to_the_five_table_is_not_piled_on_one_player() {
        for (rounds, most) in [(3, 2), (4, 3)] {
            for seed in ["duty", "a", "Karlchen"] {
                let q = plan(&request(21, rounds, seed)).unwrap().quality;
                let case = format!("21 × {rounds}, seed {seed}: {q:?}");
                assert_eq!(q.repeat_pairs, 0, "{case}");
                assert!(q.max_five_table_duty <= most, "{case}");
            }
        }
    }

    #[test]
    fn seats_and_duty_are_balanced() {
        // 41 to 47 players (ten or eleven tables): the constructions alone leave duty uneven
        // and the rebalancing step evens it; 41 to 43 players use the embedded designs.
        for players in 41..=47 {
            for rounds in [4, 6, 7, 8] {
                even_duty(players, rounds, "duty");
            }
        }
        for players in 41..=43 {
            for seed in ["a", "b", "c"] {
                even_duty(players, 8, seed);
            }
        }
        for players in [45, 53, 170, 399] {
            let q = even_duty(players, 8, "balance");
            let n = u32::from(players);
            let tables = 8 * table_sizes(players).unwrap().len() as u32;
            let seat_ideal = tables.div_ceil(n) as u16;
            assert_eq!(q.max_first_dealer, seat_ideal, "{players}: {q:?}");
            assert_eq!(q.max_list_keeper, seat_ideal, "{players}: {q:?}");
            assert!(
                q.max_first_dealer - q.min_first_dealer <= 1,
                "{players}: {q:?}"
            );
            assert!(
                q.max_list_keeper - q.min_list_keeper <= 1,
                "{players}: {q:?}"
            );
        }
    }

    /// Tuning aid for `repeats.rs`: `SEAT_TUNE="24x8 work"` searches from greedy starts and
    /// prints what it reaches and how long it took.
    #[test]
    #[ignore = "tuning aid, run with --release --ignored --nocapture"]
    fn tune() {
        let spec = std::env::var("SEAT_TUNE").unwrap_or_else(|_| "24x8 8000000".into());
        let parts: Vec<&str> = spec.split_whitespace().collect();
        let (n, rounds) = parts[0].split_once('x').unwrap();
        let (n, rounds): (usize, usize) = (n.parse().unwrap(), rounds.parse().unwrap());
        let work: u64 = parts[1].parse().unwrap();
        let sizes = table_sizes(n as u16).unwrap();
        let apart = Apart::new(n, &[]);
        let shapes = vec![sizes.iter().map(|&s| usize::from(s)).collect(); rounds];
        let floor = i64::from(lower_bound(n, &shapes, true));
        for seed in 0..4 {
            let mut rng = Rng::new(seed);
            let mut state = State::new(n, Vec::new(), Meet::new(n), vec![0; n], &apart);
            for _ in 0..rounds {
                let round = greedy_round(n, &sizes, &state.meet, &state.duty, &apart, &mut rng);
                state.push(round);
            }
            let before = state.cost().repeats;
            let start = std::time::Instant::now();
            state.tabu_repeats(floor, work, &mut rng);
            eprintln!(
                "{n}x{rounds} seed {seed}: {before} -> {} (bound {floor}) in {} ms",
                state.cost().repeats,
                start.elapsed().as_millis()
            );
        }
    }
}
