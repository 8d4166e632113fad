//! Lowering repeated encounters towards the lower bound, for plans the constructions and
//! the first tabu search leave above it: club-sized fields of 17 to 39 players (issue 13).
//!
//! The tabu search of `search.rs` moves one random player who meets someone again and
//! spends much of its budget finding one; on small fields over many rounds it circles among
//! a few plans. This one works like Dotú and Van Hentenryck's local search for the social
//! golfer problem: every step weighs every swap that moves any player in conflict (one who
//! meets someone again at its table), in every round, and makes the best. Short tabu
//! tenures and, when no new best comes for a while, a restart from the best plan with two
//! random swaps keep it moving. Measured against simulated annealing on the same swaps
//! (random proposals, Metropolis acceptance, same time): annealing ended at 2 repeats for
//! 24 × 6 and 24 for 24 × 8 where this ends at 0 or 1 and 22 to 24 (`BENCHMARKS.md`).
//!
//! The budget is a count of swaps weighed, scaled to the field ([`tabu_work`]), never a
//! clock, so the result is the same on every machine.
//!
//! Fields with a plan found offline (`club.rs`) start from it and stop at its repeats, so
//! this stage does not run for them: in the time a plan has it finds no fewer.

use super::random::Rng;
use super::search::{Cost, State};

/// Steps without a new best before the search restarts from the best with a kick.
const STABLE: u64 = 100;
/// Tabu tenure: a moved player stays put in that round for 1 to `TENURE` steps.
const TENURE: usize = 5;
/// Random swaps of the first kick after a new best, and of the strongest.
const KICKS: usize = 2;
const MAX_KICKS: usize = 12;

/// Swaps weighed per player and round of the plan: 24 players over 8 rounds get about
/// eight million; that plan takes about 0.3 s of CPU in all in a release build, the
/// slowest of the sweep (25 × 8) just under a second (`BENCHMARKS.md`).
const WORK_PER_SEAT: u64 = 40_000;

/// The budget of [`State::tabu_repeats`] for `n` players over `rounds` rounds.
pub(super) fn tabu_work(n: usize, rounds: usize) -> u64 {
    WORK_PER_SEAT * (n * rounds) as u64
}

impl State<'_> {
    /// Tabu search on repeats in the manner of Dotú and Van Hentenryck's social golfer
    /// search: every step looks at every player who meets someone again at its table, in
    /// every round, and every swap of such a player with one at another table of that round,
    /// and makes the best by [`Cost`] that is not tabu (or that beats the best so far); both
    /// players may not move in that round for a random tenure. After `STABLE` steps
    /// without a new best, it goes back to the best and makes a few random swaps. Stops at
    /// `floor` or when `work` (swaps weighed) is spent; keeps the best.
    pub(super) fn tabu_repeats(&mut self, floor: i64, work: u64, rng: &mut Rng) {
        let rounds = self.rounds.len();
        if rounds == 0 || self.rounds.iter().all(|round| round.len() < 2) {
            return;
        }
        let n = self.n;
        let mut current = self.cost();
        let mut best = current;
        if best.repeats <= floor {
            return;
        }
        let mut best_rounds = self.rounds.clone();
        let mut tabu = vec![0_u64; rounds * n];
        let mut seen = vec![0_u64; rounds * n];
        let mut conflicted: Vec<(usize, u16)> = Vec::new();
        let mut spent = 0_u64;
        let mut step = 0_u64;
        let mut stable = 0_u64;
        let mut kicks = KICKS;
        while spent < work {
            step += 1;
            conflicted.clear();
            for (r, round) in self.rounds.iter().enumerate() {
                for table in round {
                    for (i, &a) in table.iter().enumerate() {
                        for &b in &table[i + 1..] {
                            if self.meet.get(a, b) >= 2 {
                                for p in [a, b] {
                                    let slot = r * n + usize::from(p);
                                    if seen[slot] != step {
                                        seen[slot] = step;
                                        conflicted.push((r, p));
                                    }
                                }
                            }
                        }
                    }
                }
            }
            spent += (rounds * n) as u64;
            let mut choice: Option<(Cost, usize, u16, u16)> = None;
            let mut ties = 0;
            for &(r, x) in &conflicted {
                let tx = self.table_of[r][usize::from(x)];
                let x_tabu = tabu[r * n + usize::from(x)] >= step;
                for (t, table) in self.rounds[r].iter().enumerate() {
                    if t as u32 == tx {
                        continue;
                    }
                    for &y in table {
                        spent += 1;
                        let delta = self.delta(r, x, y);
                        let is_tabu = x_tabu || tabu[r * n + usize::from(y)] >= step;
                        if is_tabu && current.repeats + delta.repeats >= best.repeats {
                            continue;
                        }
                        // Repeats only: ranking by duty as well made the search walk the
                        // same few plans over and over.
                        match &choice {
                            Some((d, ..)) if delta.repeats > d.repeats => {}
                            Some((d, ..)) if delta.repeats == d.repeats => {
                                ties += 1;
                                if rng.below(ties + 1) == 0 {
                                    choice = Some((delta, r, x, y));
                                }
                            }
                            _ => {
                                ties = 0;
                                choice = Some((delta, r, x, y));
                            }
                        }
                    }
                }
            }
            if let Some((delta, r, x, y)) = choice {
                self.swap(r, x, y);
                current = current + delta;
                let tenure = 1 + rng.below(TENURE) as u64;
                tabu[r * n + usize::from(x)] = step + tenure;
                tabu[r * n + usize::from(y)] = step + tenure;
            }
            if current.repeats < best.repeats {
                best = current;
                best_rounds.clone_from(&self.rounds);
                stable = 0;
                kicks = KICKS;
                if best.repeats <= floor {
                    break;
                }
            } else {
                stable += 1;
                if stable > STABLE {
                    // Back to the best plan and a kick, stronger each time nothing better
                    // came of the last one.
                    stable = 0;
                    self.restore(best_rounds.clone());
                    current = best;
                    for _ in 0..kicks {
                        let r = rng.below(rounds);
                        let x = rng.below(n) as u16;
                        let y = rng.below(n) as u16;
                        let (tx, ty) = (
                            self.table_of[r][usize::from(x)],
                            self.table_of[r][usize::from(y)],
                        );
                        if tx != ty && tx != u32::MAX && ty != u32::MAX {
                            current = current + self.delta(r, x, y);
                            self.swap(r, x, y);
                        }
                    }
                    kicks = (kicks + 1).min(MAX_KICKS);
                }
            }
        }
        if best.repeats < current.repeats {
            self.restore(best_rounds);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::seating::fixtures::{assert_valid, request};
    use crate::seating::plan;

    /// Fields the constructions and the first search left above the bound: this search
    /// takes them to the bound (`before` is what the plan had without it, seed "sweep"),
    /// and the plan is the same every time.
    #[test]
    fn club_fields_reach_the_bound_reproducibly() {
        for (players, rounds, before, bound) in [(17, 5, 8, 4), (19, 4, 15, 9), (18, 4, 11, 6)] {
            let first = plan(&request(players, rounds, "sweep")).unwrap();
            assert_valid(&first, players);
            let q = first.quality;
            assert_eq!((q.repeat_pairs, q.lower_bound), (bound, bound), "{q:?}");
            assert!(bound < before);
            assert_eq!(first, plan(&request(players, rounds, "sweep")).unwrap());
        }
    }
}
