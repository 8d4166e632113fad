//! Evening out 5-table duty once the repeats are down, without adding a repeat.
//!
//! If some player still has two 5-table rounds more than another after the search, the
//! rebalancing step ([`State::rebalance`]) moves duty. Its main move is a *trade*: two
//! players swap places in a set `R` of rounds. A player who sat with one of them in round
//! `a` and with the other in round `b` would meet one of them twice exactly when one of
//! `a`, `b` is in `R` and the other is not, so any union of connected components of the
//! graph on rounds with those edges adds no repeat; the union that evens duty most is
//! taken. When no trade helps, a single swap moves one round of duty and a tabu search
//! that may not make duty less even clears the repeats it caused, or the swap is undone.
//!
//! Below 40 players, if a plan without repeats still has uneven duty after all that,
//! simulated annealing on swaps within a round ([`State::anneal_duty`], its own random
//! stream, a fixed number of proposed swaps) may pass through plans with a few repeats on
//! its way to even duty, and keeps the best plan by (repeats, duty, keep-apart), so the
//! result has no repeats either. It skips plans with repeats: run on them too, it evened
//! more plans without adding a repeat to any, but [`next_round`](super::next_round), which
//! leaves such a plan at its first repeated pair and searches from there, then found more
//! repeats for tournaments that started with a random first round (measured in
//! `BENCHMARKS.md`).

use std::collections::HashSet;

use super::random::Rng;
use super::search::{Cost, Mode, State};

/// Work units for evening out 5-table duty once the repeats are down, and for clearing the
/// repeats of one duty move (see [`State::rebalance`]).
pub(super) const REBALANCE_WORK: u64 = 4_000_000;
const REBALANCE_STEP_WORK: u64 = 250_000;

/// `e^(−x)` for `x ≥ 0`, closely enough for an annealing schedule, from additions,
/// multiplications and divisions only (correctly rounded in IEEE 754, unlike `exp`, whose
/// last bit may differ between platforms), so that the annealing below draws the same on
/// every machine: a Taylor polynomial of `e^(−x/1024)`, squared ten times.
fn exp_neg(x: f64) -> f64 {
    let y = x / 1024.0;
    let mut value = 1.0 - y * (1.0 - y / 2.0 * (1.0 - y / 3.0 * (1.0 - y / 4.0)));
    for _ in 0..10 {
        value *= value;
    }
    value
}

/// Fields below this many players get a last annealing stage when 5-table duty is uneven
/// (see [`State::anneal_duty`]); from 40 on the pipeline evens it already.
pub(super) const ANNEAL_DUTY_BELOW: usize = 40;

/// Proposed swaps for that stage, a fixed budget (not a clock) so that plans stay
/// reproducible; one costs a few table lookups, the whole stage about 100 ms in release.
pub(super) const ANNEAL_DUTY_STEPS: u64 = 1_500_000;

/// Runs the stage's budget is split into, each starting from the best plan so far.
const ANNEAL_DUTY_RUNS: u64 = 5;

/// Two players and the rounds in which they swap places (see [`State::best_trade`]).
type Trade = (u16, u16, Vec<usize>);

impl State<'_> {
    /// Evens out 5-table duty without adding repeated encounters. One step moves a round of
    /// duty from a player to one with at least two fewer (a swap in a round where the first
    /// sits at a 5-table and the second does not; such a round exists), choosing the swap
    /// that adds the fewest repeats, then clears those with [`Self::repair`] holding duty.
    /// A step whose repeats cannot be cleared within its budget is undone and that swap
    /// not tried again until another step succeeds. Every kept step lowers the sum of
    /// squared duties, so this ends; it stops early when `work` is spent. Returns whether
    /// anything changed.
    pub(super) fn rebalance(&mut self, work: u64, rng: &mut Rng) -> bool {
        let mut spent = 0_u64;
        let mut changed = false;

        let mut failed: HashSet<(usize, u16, u16)> = HashSet::new();
        while spent < work {
            let (Some(&max), Some(&min)) = (self.duty.iter().max(), self.duty.iter().min()) else {
                break;
            };
            if max < min + 2 {
                break;
            }
            if let Some((x, y, mut trade)) = self.best_trade(min, &mut spent, rng) {
                // Where the two share a table, trading is no change (and `swap` expects
                // them at different tables).
                trade.retain(|&r| {
                    self.table_of[r][usize::from(x)] != self.table_of[r][usize::from(y)]
                });
                let mut delta = Cost::default();
                for &r in &trade {
                    delta = delta + self.delta(r, x, y);
                    self.swap(r, x, y);
                }
                if delta.repeats <= 0 && delta.duty < 0 {
                    changed = true;
                    continue;
                }
                // Only when repeats were already there (the trade assumes none): undo.
                for &r in trade.iter().rev() {
                    self.swap(r, x, y);
                }
            }
            let mut choice: Option<(Cost, u64, usize, u16, u16)> = None;
            for r in 0..self.rounds.len() {
                for five in self.rounds[r].iter().filter(|table| table.len() >= 5) {
                    for &x in five {
                        let dx = self.duty[usize::from(x)];
                        if dx < min + 2 {
                            continue;
                        }
                        for four in self.rounds[r].iter().filter(|table| table.len() < 5) {
                            for &y in four {
                                if self.duty[usize::from(y)] + 2 > dx || failed.contains(&(r, x, y))
                                {
                                    continue;
                                }
                                spent += 8;
                                let delta = self.delta(r, x, y);
                                let tie = rng.next_u64();
                                if choice.as_ref().is_none_or(|(best, best_tie, ..)| {
                                    (delta, tie) < (*best, *best_tie)
                                }) {
                                    choice = Some((delta, tie, r, x, y));
                                }
                            }
                        }
                    }
                }
            }
            let Some((_, _, r, x, y)) = choice else {
                break;
            };
            let before = self.cost();
            let snapshot = self.rounds.clone();
            self.swap(r, x, y);
            spent += self.repair(before.repeats, REBALANCE_STEP_WORK, Mode::HoldDuty, rng);
            if self.cost().repeats > before.repeats {
                self.restore(snapshot);
                failed.insert((r, x, y));
            } else {
                failed.clear();
                changed = true;
            }
        }
        changed
    }

    /// The best trade for evening out duty: two players `x` and `y` with at least two rounds
    /// of duty between them, and the rounds in which they swap places.
    ///
    /// Swapping them in a set `R` of rounds gives `x` the table mates `y` had in `R` and
    /// keeps its own elsewhere. A player `u` who sat with `x` in round `a` and with `y` in
    /// round `b ≠ a` would meet one of them twice exactly when one of `a`, `b` is in `R`
    /// and the other is not. So with no repeats to begin with, `R` adds none if and only if
    /// it is a union of connected components of the graph on rounds with an edge `a`–`b`
    /// for every such `u`; among those unions the one whose duty shift lowers the sum of
    /// squared duties most is taken.
    fn best_trade(&self, min: u32, spent: &mut u64, rng: &mut Rng) -> Option<Trade> {
        let rounds = self.rounds.len();
        let mut order: Vec<u16> = (0..self.n as u16).collect();
        rng.shuffle(&mut order);
        let mut with_x = vec![usize::MAX; self.n];
        let mut with_y = vec![usize::MAX; self.n];
        let mut best: Option<((i64, i64), Trade)> = None;
        for &x in &order {
            let dx = self.duty[usize::from(x)];
            if dx < min + 2 {
                continue;
            }
            self.mates(x, &mut with_x);
            for &y in &order {
                let dy = self.duty[usize::from(y)];
                if dy + 2 > dx {
                    continue;
                }
                *spent += self.n as u64 + 8 * rounds as u64;
                self.mates(y, &mut with_y);
                let mut parent: Vec<usize> = (0..rounds).collect();
                fn root(parent: &mut [usize], mut r: usize) -> usize {
                    while parent[r] != r {
                        parent[r] = parent[parent[r]];
                        r = parent[r];
                    }
                    r
                }
                for u in 0..self.n {
                    let (a, b) = (with_x[u], with_y[u]);
                    if a != usize::MAX && b != usize::MAX && a != b {
                        let (a, b) = (root(&mut parent, a), root(&mut parent, b));
                        parent[a.max(b)] = a.min(b);
                    }
                }
                // Duty shift for `x` and keep-apart change of each component.
                let mut shift = vec![0_i64; rounds];
                let mut apart = vec![0_i64; rounds];
                for r in 0..rounds {
                    let tx = self.table_of[r][usize::from(x)];
                    let ty = self.table_of[r][usize::from(y)];
                    if tx == ty || tx == u32::MAX || ty == u32::MAX {
                        continue;
                    }
                    let c = root(&mut parent, r);
                    let delta = self.delta(r, x, y);
                    apart[c] += delta.apart;
                    let five = |t: u32| i64::from(self.rounds[r][t as usize].len() >= 5);
                    shift[c] += five(ty) - five(tx);
                }
                // Subset sums of the components' shifts, each with its cheapest witness.
                let offset = rounds as i64;
                let mut reach: Vec<Option<(i64, Vec<usize>)>> = vec![None; 2 * rounds + 1];
                reach[rounds] = Some((0, Vec::new()));
                for c in (0..rounds).filter(|&c| shift[c] != 0) {
                    let before = reach.clone();
                    for (index, entry) in before.iter().enumerate() {
                        let Some((cost, set)) = entry else { continue };
                        let target = index as i64 + shift[c];
                        if !(0..=2 * offset).contains(&target) {
                            continue;
                        }
                        let cost = cost + apart[c];
                        let slot = &mut reach[target as usize];
                        if slot.as_ref().is_none_or(|(other, _)| cost < *other) {
                            let mut set = set.clone();
                            set.push(c);
                            *slot = Some((cost, set));
                        }
                    }
                }
                let gap = i64::from(dx) - i64::from(dy);
                for k in 1..gap {
                    let Some((apart_cost, set)) = &reach[(offset - k) as usize] else {
                        continue;
                    };
                    // Change in the sum of squares when `x` gives `k` rounds of duty to `y`.
                    let gain = 2 * k * (k - gap);
                    let key = (gain, *apart_cost);
                    if best.as_ref().is_none_or(|(other, ..)| key < *other) {
                        let trade = (0..rounds)
                            .filter(|&r| set.contains(&root(&mut parent, r)))
                            .collect();
                        best = Some((key, (x, y, trade)));
                    }
                }
            }
        }
        best.map(|(_, trade)| trade)
    }

    /// Simulated annealing for uneven 5-table duty; never ends with more repeated encounters
    /// than it starts with. A step proposes swapping two players at different tables of one
    /// round (mostly a player who meets someone there again, as in the offline search of
    /// `domain/examples/seating_designs.rs`) and takes it by the Metropolis rule on the
    /// change in repeats plus twice the change in how far the two players' duties lie
    /// outside `[⌊total/n⌋, ⌈total/n⌉]`, so it can pass through plans with a few repeats on
    /// its way to even duty. The temperature falls geometrically from 1.5 to 0.08 in each
    /// of [`ANNEAL_DUTY_RUNS`] runs; a run starts from the best plan so far by [`Cost`]
    /// (repeats, then duty, then keep-apart; at equal cost the one whose busiest player sits
    /// at the 5-table less often), which is what is kept. Acceptance chances
    /// come from [`exp_neg`], so the run is the same on every machine. Stops early once
    /// duty is even and keep-apart no worse.
    pub(super) fn anneal_duty(&mut self, steps: u64, rng: &mut Rng) {
        const LEVELS: u64 = 200;
        const HOT: f64 = 1.5;
        /// `(0.08 / 1.5)^(1 / LEVELS)`: from 1.5 down to 0.08 over a run.
        const COOLING: f64 = 0.985_450_907_187_507_6;
        const MAX_ENERGY: usize = 16;
        const DUTY_WEIGHT: i64 = 2;
        let rounds = self.rounds.len();
        if rounds == 0 || self.rounds.iter().all(|round| round.len() < 2) {
            return;
        }
        let n = self.n as u64;
        let total: u64 = self.duty.iter().map(|&d| u64::from(d)).sum();
        let (lo, hi) = ((total / n) as i64, total.div_ceil(n) as i64);
        let outside = |d: i64| (d - hi).max(0) + (lo - d).max(0);
        let even = self.even_duty();
        let start = self.cost();
        let mut current = start;
        let mut best = start;
        // Between plans of equal cost, the one whose busiest player has fewer 5-table
        // rounds: the sum of squares cannot tell {3, 1, 1, …} from {2, 2, 1, …}, and a
        // player seated at the 5-table three times is what the director notices.
        let most = |duty: &[u32]| duty.iter().copied().max().unwrap_or(0);
        let mut best_most = most(&self.duty);
        let mut best_rounds = self.rounds.clone();
        let mut accept = [0_u64; MAX_ENERGY + 1];
        let per_run = steps / ANNEAL_DUTY_RUNS;
        let per_level = (per_run / LEVELS).max(1);
        'runs: for run in 0..ANNEAL_DUTY_RUNS {
            if run > 0 {
                self.restore(best_rounds.clone());
                current = best;
            }
            let mut temperature = HOT;
            for step in 0..per_run {
                if step % per_level == 0 {
                    if best.duty <= even && best.apart <= start.apart {
                        break 'runs;
                    }
                    for (energy, slot) in accept.iter_mut().enumerate() {
                        let chance = exp_neg(energy as f64 / temperature);
                        *slot = (chance * (1_u64 << 53) as f64) as u64;
                    }
                    temperature *= COOLING;
                }
                let r = rng.below(rounds);
                let round = &self.rounds[r];
                let x = if rng.below(4) > 0 {
                    let table = &round[rng.below(round.len())];
                    let a = table[rng.below(table.len())];
                    if table.iter().any(|&u| u != a && self.meet.get(a, u) >= 2) {
                        a
                    } else {
                        rng.below(self.n) as u16
                    }
                } else {
                    rng.below(self.n) as u16
                };
                let y = rng.below(self.n) as u16;
                let tx = self.table_of[r][usize::from(x)];
                let ty = self.table_of[r][usize::from(y)];
                if tx == ty || tx == u32::MAX || ty == u32::MAX {
                    continue;
                }
                let delta = self.delta(r, x, y);
                let five = |t: u32| i64::from(self.rounds[r][t as usize].len() >= 5);
                let shift = five(ty) - five(tx);
                let mut energy = delta.repeats;
                if shift != 0 {
                    let dx = i64::from(self.duty[usize::from(x)]);
                    let dy = i64::from(self.duty[usize::from(y)]);
                    energy += DUTY_WEIGHT
                        * (outside(dx + shift) + outside(dy - shift) - outside(dx) - outside(dy));
                }
                let take = energy <= 0
                    || usize::try_from(energy)
                        .ok()
                        .filter(|&e| e <= MAX_ENERGY)
                        .is_some_and(|e| (rng.next_u64() >> 11) < accept[e]);
                if !take {
                    continue;
                }
                self.swap(r, x, y);
                current = current + delta;
                if current < best || (current == best && most(&self.duty) < best_most) {
                    best = current;
                    best_most = most(&self.duty);
                    best_rounds.clone_from(&self.rounds);
                }
            }
        }
        // The best plan seen, unless the last one is as good: never end on a worse one.
        if best < current || (best == current && best_most < most(&self.duty)) {
            self.restore(best_rounds);
        }
    }

    /// The smallest sum of squared duties for the duty handed out so far.
    fn even_duty(&self) -> i64 {
        let n = self.n as u64;
        let total: u64 = self.duty.iter().map(|&d| u64::from(d)).sum();
        let (q, rest) = (total / n, total % n);
        ((n - rest) * q * q + rest * (q + 1) * (q + 1)) as i64
    }

    /// For each player, the round in which it sat with `x` (`usize::MAX` if none; with no
    /// repeats there is at most one).
    fn mates(&self, x: u16, with: &mut [usize]) {
        with.fill(usize::MAX);
        for (r, round) in self.rounds.iter().enumerate() {
            let t = self.table_of[r][usize::from(x)];
            if t == u32::MAX {
                continue;
            }
            for &u in &round[t as usize] {
                if u != x {
                    with[usize::from(u)] = r;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::seating::fixtures::{assert_valid, request};
    use crate::seating::plan;

    /// Below 40 players the five-row construction seats its extras at a 5-table in every
    /// round; for plans without repeats the last annealing stage evens duty out where it
    /// finds another plan without repeats.
    #[test]
    fn small_fields_get_even_duty_without_repeats() {
        for (players, rounds, seed) in [
            (27, 4, "a"),
            (29, 6, "a"),
            (31, 5, "b"),
            (35, 6, "x"),
            (37, 8, "x"),
            (38, 7, "b"),
        ] {
            let q = plan(&request(players, rounds, seed)).unwrap().quality;
            let case = format!("{players} × {rounds}, seed {seed}: {q:?}");
            assert_eq!(q.repeat_pairs, 0, "{case}");
            assert!(q.max_five_table_duty - q.min_five_table_duty <= 1, "{case}");
        }
    }

    /// No small field gets more repeats than before the annealing stage (`before`, measured
    /// without it; the lower bound where it is reached), whether the stage runs (no repeats,
    /// duty it cannot even out) or not (plans with repeats).
    #[test]
    fn small_fields_never_get_more_repeats() {
        for (players, rounds, seed, before) in [
            (9, 8, "a", 92),
            (14, 4, "a", 19),
            (17, 5, "b", 19),
            (21, 6, "b", 6),
            (22, 5, "a", 0),
            (23, 6, "x", 3),
            (31, 6, "a", 0),
            (34, 8, "a", 0),
        ] {
            let q = plan(&request(players, rounds, seed)).unwrap().quality;
            assert!(
                q.repeat_pairs <= before,
                "{players} × {rounds}, seed {seed}: {q:?}"
            );
        }
    }

    #[test]
    fn rebalancing_trades_skip_rounds_where_both_share_a_table() {
        // Trading two players in a round where they sit together used to corrupt the round
        // (one of them seated twice, the other not at all) and panic.
        let plan = plan(&request(37, 8, "x")).unwrap();
        assert_valid(&plan, 37);
    }
}
