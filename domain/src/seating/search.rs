//! Search: rounds under local search, and the tabu search and descent that improve them.
//!
//! A [`State`] holds rounds with the pair counts and 5-table duty kept in step with every
//! swap of two players within a round, so that a swap's change in [`Cost`] costs a few
//! lookups. The tabu search ([`State::repair`]) lowers repeated pairs towards the lower
//! bound and afterwards works on uneven 5-table duty and keep-apart meetings, keeping the
//! best rounds by (repeats, duty, keep-apart) compared in that order; a final descent
//! ([`State::polish`]) takes any swap that improves that order. Evening out duty further
//! is `duty.rs`, relabelling for keep-apart groups `apart.rs`.
//!
//! Searches run on fixed work budgets, never on the clock, so results do not depend on the
//! machine.

use super::apart::Apart;
use super::meet::Meet;
use super::random::Rng;
use super::{Round, Table};

/// Player → index of its table in one round (`u32::MAX` if not seated in that round).
pub(super) type TableOf = Vec<u32>;

/// Work units (roughly inner-loop steps) for the tabu search of one plan: repeats first,
/// then 5-table duty and keep-apart. A budget, not a clock, keeps plans reproducible.
pub(super) const REPAIR_WORK: u64 = 6_000_000;

/// How a repair weighs its aims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// Repeats first, then duty and keep-apart.
    Plain,
    /// Repeats only, never making duty less even; stops at the floor.
    HoldDuty,
}

/// Work units for the polishing descent (duty and keep-apart) of one plan.
pub(super) const POLISH_WORK: u64 = 8_000_000;

/// The objective, compared lexicographically: repeated encounters, then the sum of squared
/// 5-table duties (smallest when duty is spread evenly), then keep-apart encounters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub(super) struct Cost {
    pub(super) repeats: i64,
    pub(super) duty: i64,
    pub(super) apart: i64,
}

impl std::ops::Add for Cost {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Self {
            repeats: self.repeats + other.repeats,
            duty: self.duty + other.duty,
            apart: self.apart + other.apart,
        }
    }
}

/// Rounds under search, with pair counts (including any fixed history) and duty kept in
/// step with every swap.
pub(super) struct State<'a> {
    pub(super) n: usize,
    pub(super) rounds: Vec<Round>,
    /// Round → player → table index (`u32::MAX` if not seated in that round).
    pub(super) table_of: Vec<TableOf>,
    pub(super) meet: Meet,
    pub(super) duty: Vec<u32>,
    pub(super) apart: &'a Apart,
}

impl<'a> State<'a> {
    /// `meet` and `duty` hold the history only; the rounds are added here.
    pub(super) fn new(
        n: usize,
        rounds: Vec<Round>,
        meet: Meet,
        duty: Vec<u32>,
        apart: &'a Apart,
    ) -> Self {
        let mut state = Self {
            n,
            rounds: Vec::new(),
            table_of: Vec::new(),
            meet,
            duty,
            apart,
        };
        for round in rounds {
            state.push(round);
        }
        state
    }

    pub(super) fn push(&mut self, round: Round) {
        let mut table_of = vec![u32::MAX; self.n];
        for (t, table) in round.iter().enumerate() {
            self.meet.add_table(table, 1);
            for &p in table {
                table_of[usize::from(p)] = t as u32;
                if table.len() >= 5 {
                    self.duty[usize::from(p)] += 1;
                }
            }
        }
        self.rounds.push(round);
        self.table_of.push(table_of);
    }

    pub(super) fn cost(&self) -> Cost {
        let apart = self
            .rounds
            .iter()
            .flatten()
            .map(|table| {
                table
                    .iter()
                    .enumerate()
                    .map(|(i, &a)| {
                        table[i + 1..]
                            .iter()
                            .map(|&b| self.apart.pair(a, b))
                            .sum::<i64>()
                    })
                    .sum::<i64>()
            })
            .sum();
        Cost {
            repeats: self.meet.repeats(),
            duty: self.duty.iter().map(|&d| i64::from(d) * i64::from(d)).sum(),
            apart,
        }
    }

    /// The change in cost if `x` and `y` (at different tables of round `r`) swap places.
    pub(super) fn delta(&self, r: usize, x: u16, y: u16) -> Cost {
        let ta = self.table_of[r][usize::from(x)] as usize;
        let tb = self.table_of[r][usize::from(y)] as usize;
        let (table_a, table_b) = (&self.rounds[r][ta], &self.rounds[r][tb]);
        let mut repeats = 0;
        let mut apart = 0;
        for &u in table_a {
            if u != x {
                repeats -= i64::from(self.meet.get(x, u) >= 2);
                repeats += i64::from(self.meet.get(y, u) >= 1);
                apart += self.apart.pair(y, u) - self.apart.pair(x, u);
            }
        }
        for &v in table_b {
            if v != y {
                repeats -= i64::from(self.meet.get(y, v) >= 2);
                repeats += i64::from(self.meet.get(x, v) >= 1);
                apart += self.apart.pair(x, v) - self.apart.pair(y, v);
            }
        }
        let five = |table: &Table| i64::from(table.len() >= 5);
        let shift = five(table_b) - five(table_a);
        let duty = if shift == 0 {
            0
        } else {
            let (dx, dy) = (
                i64::from(self.duty[usize::from(x)]),
                i64::from(self.duty[usize::from(y)]),
            );
            (dx + shift).pow(2) - dx * dx + (dy - shift).pow(2) - dy * dy
        };
        Cost {
            repeats,
            duty,
            apart,
        }
    }

    pub(super) fn swap(&mut self, r: usize, x: u16, y: u16) {
        let ta = self.table_of[r][usize::from(x)] as usize;
        let tb = self.table_of[r][usize::from(y)] as usize;
        let five_a = self.rounds[r][ta].len() >= 5;
        let five_b = self.rounds[r][tb].len() >= 5;
        for &u in &self.rounds[r][ta] {
            if u != x {
                self.meet.bump(x, u, -1);
                self.meet.bump(y, u, 1);
            }
        }
        for &v in &self.rounds[r][tb] {
            if v != y {
                self.meet.bump(y, v, -1);
                self.meet.bump(x, v, 1);
            }
        }
        for p in &mut self.rounds[r][ta] {
            if *p == x {
                *p = y;
            }
        }
        for p in &mut self.rounds[r][tb] {
            if *p == y {
                *p = x;
            }
        }
        self.table_of[r][usize::from(x)] = tb as u32;
        self.table_of[r][usize::from(y)] = ta as u32;
        if five_a != five_b {
            let (into_five, out_of_five) = if five_b { (x, y) } else { (y, x) };
            self.duty[usize::from(into_five)] += 1;
            self.duty[usize::from(out_of_five)] -= 1;
        }
    }

    /// Players of round `r` worth moving. While `repairing`: those who share their table
    /// with someone they met before. Otherwise: those at a 5-table with at least two more
    /// 5-table rounds than someone else, and those sitting with a keep-apart partner.
    fn focus(&self, r: usize, repairing: bool) -> Vec<u16> {
        let min_duty = self.duty.iter().copied().min().unwrap_or(0);
        let mut players = Vec::new();
        for table in &self.rounds[r] {
            let five = table.len() >= 5;
            for (i, &a) in table.iter().enumerate() {
                if !repairing && five && self.duty[usize::from(a)] >= min_duty + 2 {
                    players.push(a);
                }
                for &b in &table[i + 1..] {
                    let hit = if repairing {
                        self.meet.get(a, b) >= 2
                    } else {
                        self.apart.pair(a, b) == 1
                    };
                    if hit {
                        players.push(a);
                        players.push(b);
                    }
                }
            }
        }
        players.sort_unstable();
        players.dedup();
        players
    }

    /// Tabu search on swaps within a round: take a player worth moving (see [`Self::focus`]:
    /// repeated encounters first, down to `floor`, then 5-table duty and keep-apart), make
    /// the best swap for it that is not tabu (or that beats the best so far), forbid moving
    /// both players in that round for a few steps. Keeps the best rounds seen. Stops when
    /// nobody is worth moving or when `work` is spent.
    ///
    /// With `hold_duty` no swap may make 5-table duty less even, and the search stops as
    /// soon as repeats are down to `floor`: [`Self::rebalance`] uses it to clear the
    /// repeats a duty move caused without undoing the move.
    pub(super) fn repair(&mut self, floor: i64, work: u64, mode: Mode, rng: &mut Rng) -> u64 {
        let hold_duty = mode == Mode::HoldDuty;
        let mut current = self.cost();
        // With a single table per round there is nothing to swap.
        if self.rounds.iter().all(|round| round.len() < 2) {
            return 0;
        }
        let mut best = current;
        let mut best_rounds = self.rounds.clone();
        let mut tabu = vec![vec![0_u64; self.n]; self.rounds.len()];
        let mut spent = 0_u64;
        let mut step = 0_u64;
        let mut since_best = 0_u64;
        while spent < work {
            if hold_duty && current.repeats <= floor {
                break;
            }
            step += 1;
            let start = rng.below(self.rounds.len());
            let repairing = current.repeats > floor;
            let Some((r, conflicted)) = (0..self.rounds.len())
                .map(|i| (start + i) % self.rounds.len())
                .map(|r| (r, self.focus(r, repairing)))
                .find(|(_, players)| !players.is_empty())
            else {
                break;
            };
            spent += self.n as u64;
            let free: Vec<u16> = conflicted
                .iter()
                .copied()
                .filter(|&p| tabu[r][usize::from(p)] < step)
                .collect();
            let pool = if free.is_empty() { &conflicted } else { &free };
            let x = pool[rng.below(pool.len())];
            let tx = self.table_of[r][usize::from(x)];
            let mut choice: Option<(Cost, u16)> = None;
            let mut ties = 0;
            for table in &self.rounds[r] {
                for &y in table {
                    if self.table_of[r][usize::from(y)] == tx {
                        continue;
                    }
                    spent += 8;
                    let delta = self.delta(r, x, y);
                    let allowed = (tabu[r][usize::from(y)] < step || current + delta < best)
                        && !(hold_duty && delta.duty > 0);
                    if !allowed {
                        continue;
                    }
                    match &choice {
                        Some((d, _)) if delta > *d => {}
                        Some((d, _)) if delta == *d => {
                            ties += 1;
                            if rng.below(ties + 1) == 0 {
                                choice = Some((delta, y));
                            }
                        }
                        _ => {
                            ties = 0;
                            choice = Some((delta, y));
                        }
                    }
                }
            }
            if let Some((delta, y)) = choice {
                self.swap(r, x, y);
                current = current + delta;
                let tenure = 4 + rng.below(8) as u64;
                tabu[r][usize::from(x)] = step + tenure;
                tabu[r][usize::from(y)] = step + tenure;
            }
            if current < best {
                best = current;
                best_rounds.clone_from(&self.rounds);
                since_best = 0;
            } else {
                since_best += 1;
                if since_best > 400 {
                    // Stuck: a few random swaps in one round, then search on from there.
                    since_best = 0;
                    let r = rng.below(self.rounds.len());
                    for _ in 0..3 {
                        let x = rng.below(self.n) as u16;
                        let y = rng.below(self.n) as u16;
                        let (tx, ty) = (
                            self.table_of[r][usize::from(x)],
                            self.table_of[r][usize::from(y)],
                        );
                        if tx != ty && tx != u32::MAX && ty != u32::MAX {
                            let delta = self.delta(r, x, y);
                            if hold_duty && delta.duty > 0 {
                                continue;
                            }
                            self.swap(r, x, y);
                            current = current + delta;
                        }
                    }
                }
            }
        }
        if best < current {
            self.restore(best_rounds);
        }
        spent
    }

    /// Replaces the rounds (same history), recomputing counts.
    pub(super) fn restore(&mut self, rounds: Vec<Round>) {
        for round in std::mem::take(&mut self.rounds) {
            for table in &round {
                self.meet.add_table(table, -1);
                if table.len() >= 5 {
                    for &p in table {
                        self.duty[usize::from(p)] -= 1;
                    }
                }
            }
        }
        self.table_of.clear();
        for round in rounds {
            self.push(round);
        }
    }

    /// Descent on swaps that improve the cost lexicographically (so never add a repeated
    /// encounter): moves 5-table duty from players with more to players with less and
    /// separates keep-apart partners.
    pub(super) fn polish(&mut self, work: u64, rng: &mut Rng) {
        let has_fives = self.rounds.iter().flatten().any(|table| table.len() >= 5);
        if !has_fives && self.apart.is_empty() {
            return;
        }
        let mut spent = 0_u64;
        loop {
            let mut improved = false;
            for r in 0..self.rounds.len() {
                // Players who could gain: those at 5-tables (when duty is uneven enough for a
                // swap to help) and those sitting with a keep-apart partner.
                let uneven = self
                    .duty
                    .iter()
                    .max()
                    .zip(self.duty.iter().min())
                    .is_some_and(|(max, min)| max - min >= 2);
                let mut movers: Vec<u16> = Vec::new();
                for table in &self.rounds[r] {
                    let five = table.len() >= 5;
                    for (i, &a) in table.iter().enumerate() {
                        if five && uneven {
                            movers.push(a);
                        }
                        for &b in &table[i + 1..] {
                            if self.apart.pair(a, b) == 1 {
                                movers.push(a);
                                movers.push(b);
                            }
                        }
                    }
                }
                movers.sort_unstable();
                movers.dedup();
                rng.shuffle(&mut movers);
                for x in movers {
                    let tx = self.table_of[r][usize::from(x)];
                    let mut choice: Option<(Cost, u16)> = None;
                    for table in &self.rounds[r] {
                        for &y in table {
                            if self.table_of[r][usize::from(y)] == tx {
                                continue;
                            }
                            spent += 8;
                            let delta = self.delta(r, x, y);
                            if delta < Cost::default()
                                && choice.as_ref().is_none_or(|(d, _)| delta < *d)
                            {
                                choice = Some((delta, y));
                            }
                        }
                    }
                    if let Some((_, y)) = choice {
                        self.swap(r, x, y);
                        improved = true;
                    }
                    if spent > work {
                        return;
                    }
                }
            }
            if !improved {
                return;
            }
        }
    }
}
