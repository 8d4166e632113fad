//! Offline search for the embedded club-field plans of `domain::seating` (see
//! `domain/src/seating/club.rs`): `players` players over `rounds` rounds in 4-tables and the
//! fewest 5-tables, with as few repeated pairs as the search finds, then 5-table duty as
//! even as it can be without another repeat.
//!
//! Iterated tabu search in the manner of Dotú and Van Hentenryck's social golfer search:
//! every step weighs every swap, within a round, of a player who meets someone again at
//! its table with a player at another table of that round, and makes the best that is not
//! tabu (or beats the best so far). When no new best came for a while it goes back to the
//! best plan and makes a few random swaps, more each time nothing came of it. Pair counts
//! are kept in an `n × n` matrix, so a swap's change costs a look at the two tables. After
//! the time is spent, a descent over swaps that keep the repeats evens 5-table duty.
//!
//! Unlike `plan`, which must finish in well under a second, this runs for as long as it is
//! told (seconds of wall time, so the found plan depends on the machine; what is embedded is
//! the printed output, checked by a test). It prints the best plan as a Rust constant: each
//! round a permutation of the players cut into tables 4-tables first.
//!
//! Switches, by environment variable:
//!
//! - `START=plan`: start from `plan`'s plan (seed "sweep") instead of random rounds;
//!   `START=file`: from the rounds of a plan this program printed, the rest random (a
//!   longer plan grown from a shorter one, or a larger field from a smaller one: the new
//!   players are appended to each round, so they join its last tables).
//! - `JOIN=1` (with `START=file` of fewer players, all at 4-tables): each new player joins
//!   one table a round instead of the last tables, the tables chosen by a beam search (see
//!   [`joined`]) so that the new players meet as many others for the first time as early as
//!   they can (the least sum over every prefix of rounds of their repeats).
//! - `FREEZE=k`: keep the first `k` rounds as they start (with `START=file`: a longer plan
//!   whose first rounds are a shorter one's).
//! - `SPREAD=1`: rank swaps of equal repeats by `Σ ((m − 1)⁺)²` (see `Search::rank`), with
//!   `DUTYW=w` by `w · Σ duty²` as well.
//! - `PREFIX=1`: rank swaps of equal repeats by the sum over every prefix of rounds of its
//!   repeats (see `Search::prefix_delta`), and run for all the time given: a plan whose
//!   repeats come as late as they can, for a tournament drawn round by round.
//! - `KEEPPREFIX=slack` (with `PREFIX=1`): the duty descent and `DUTY` walk make no swap
//!   that raises that prefix sum more than `slack` above where the tabu search left it
//!   (`next_round` follows the plan as it is only if `plan`'s own duty stage has nothing
//!   left to even, and that stage does not mind the prefixes).
//! - `PREFIXONLY=1` (with `PREFIX=1`): rank swaps by the prefix sum alone, not by the
//!   repeats over all rounds first.
//! - `PREFIXDUTY=1`: the duty stages (`DUTY`, the descent) weigh 5-table duty after every
//!   prefix of rounds, not only after the last (see `Search::duty_delta`): for a plan that
//!   `next_round` follows round by round, so duty is as even as it can be whenever the
//!   tournament ends. With `SPREAD=1` the `DUTY` walk then lowers `Σ ((m − 1)⁺)²` too.
//! - `ANNEAL=steps`: simulated annealing instead (runs of `steps` proposals, each from the
//!   best so far).
//! - `DUTY=seconds`: afterwards, a tabu walk on Σ duty² over swaps that add no repeat.
//! - `EXTEND=k`: build the plan from one of `n − k` players in 4-tables without a repeat
//!   whose tables hold `k` disjoint transversals, the `k` extra players joining them.
//!
//! ```text
//! nice -n 19 cargo run --release -p karlchen-domain --example club_designs -- 24 8 [seed] [seconds] [floor] [tenure from] [tenure spread]
//! ```

use std::ops::Sub;
use std::time::Instant;

/// xorshift64*: enough for a search whose result is checked anyway.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

#[derive(Clone)]
struct Search {
    n: usize,
    rounds: usize,
    /// Table sizes of a round, 4-tables first.
    sizes: Vec<usize>,
    /// Round → table → players.
    tables: Vec<Vec<Vec<usize>>>,
    /// Round → player → table.
    table_of: Vec<Vec<usize>>,
    /// Pair meetings, `n × n`.
    meet: Vec<u8>,
    /// Player → 5-table rounds.
    duty: Vec<i64>,
    repeats: i64,
    /// Whether the tabu search ranks swaps by [`Search::rank`]'s second term too.
    spread: bool,
    /// `KEEPPREFIX=slack`: the most prefix sum the duty stages may reach (see
    /// [`Search::moves_repeats_earlier`]).
    keep_prefix: Option<i64>,
    /// Weight of the change in Σ duty² in that second term.
    duty_weight: i64,
    /// With `PREFIX=1`: the rounds each pair met in, as bits (`n × n`), the table of
    /// `prefix_of` over masks and the sum of it over pairs (see [`Search::rank`]).
    masks: Vec<u16>,
    prefix_of: Vec<i64>,
    prefix_cost: i64,
    prefix: bool,
    /// `PREFIXDUTY=1`: the duty stages even out 5-table duty after every prefix of rounds
    /// (Σ over prefixes of Σ duty²), not only at the end (see [`Search::duty_delta`]).
    prefix_duty: bool,
    /// Weight of a repeat over all rounds against the prefix sum: [`PREFIX_SCALE`], or 0
    /// with `PREFIXONLY=1` (the prefix sum alone, which counts the whole plan's repeats
    /// once as its last prefix: a plan whose every prefix is at its own minimum wins even
    /// when another has fewer repeats over all rounds).
    prefix_scale: i64,
    /// Rounds before this one stay as they are: a longer plan whose first rounds are a
    /// shorter one's, so that a tournament drawn round by round meets as few repeats after
    /// every round as the shorter plan has.
    freeze: usize,
    /// Tabu tenure: a moved player stays put in that round for `.0` to `.0 + .1 - 1` steps.
    tenure: (u64, usize),
}

impl Search {
    fn new(n: usize, rounds: usize, rng: &mut Rng) -> Self {
        let fives = n % 4;
        let mut sizes = vec![4; n / 4 - fives];
        sizes.extend(std::iter::repeat_n(5, fives));
        let mut tables = Vec::new();
        let mut table_of = vec![vec![0; n]; rounds];
        for order in &mut table_of {
            let mut perm: Vec<usize> = (0..n).collect();
            for i in (1..n).rev() {
                perm.swap(i, rng.below(i + 1));
            }
            let mut round = Vec::new();
            let mut at = 0;
            for (t, &size) in sizes.iter().enumerate() {
                for &p in &perm[at..at + size] {
                    order[p] = t;
                }
                round.push(perm[at..at + size].to_vec());
                at += size;
            }
            tables.push(round);
        }
        let mut search = Self {
            n,
            rounds,
            sizes,
            tables,
            table_of,
            meet: vec![0; n * n],
            duty: vec![0; n],
            repeats: 0,
            tenure: (1, 5),
            spread: false,
            keep_prefix: None,
            duty_weight: 0,
            freeze: 0,
            masks: vec![0; n * n],
            prefix_of: (0..1_usize << rounds.min(16))
                .map(|mask| {
                    (0..rounds.min(16))
                        .map(|k| {
                            i64::from((mask & ((2 << k) - 1)).count_ones())
                                .sub(1)
                                .max(0)
                        })
                        .sum()
                })
                .collect(),
            prefix_cost: 0,
            prefix: false,
            prefix_duty: false,
            prefix_scale: PREFIX_SCALE,
        };
        search.recount();
        search
    }

    /// A search starting from `plan`'s plan for this field (seed "sweep"), so that fields
    /// whose constructions come close start there rather than from random rounds.
    fn from_plan(n: usize, rounds: usize, rng: &mut Rng) -> Self {
        let mut search = Self::new(n, rounds, rng);
        let request = domain::seating::PlanRequest {
            players: n as u16,
            rounds: rounds as u16,
            seed: "sweep".to_owned(),
            keep_apart: Vec::new(),
        };
        let Ok(planned) = domain::seating::plan(&request) else {
            return search;
        };
        for (r, round) in planned.rounds.iter().enumerate() {
            search.tables[r] = round
                .iter()
                .map(|table| table.iter().map(|&p| usize::from(p)).collect())
                .collect();
            for (t, table) in round.iter().enumerate() {
                for &p in table {
                    search.table_of[r][usize::from(p)] = t;
                }
            }
        }
        search.recount();
        search
    }

    /// A search whose first rounds are those of a plan this program printed (file `path`),
    /// the rest random: a longer plan grown from a shorter one, or a larger field from a
    /// smaller one (the new players appended to each round, so at its last tables).
    fn from_file(n: usize, rounds: usize, path: &str, rng: &mut Rng) -> Self {
        let mut search = Self::new(n, rounds, rng);
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let mut perms: Vec<Vec<usize>> = text
            .lines()
            .filter(|line| line.trim_start().starts_with("&["))
            .take(rounds)
            .map(|line| {
                line.split(|c: char| !c.is_ascii_digit())
                    .filter_map(|x| x.parse().ok())
                    .collect()
            })
            .collect();
        if std::env::var("JOIN").is_ok() {
            perms = joined(&perms, n);
        }
        for (r, mut perm) in perms.into_iter().enumerate() {
            // A plan of fewer players: the others join the last tables.
            perm.extend(perm.len()..n);
            let mut at = 0;
            for (t, &size) in search.sizes.iter().enumerate() {
                search.tables[r][t] = perm[at..at + size].to_vec();
                for &p in &perm[at..at + size] {
                    search.table_of[r][p] = t;
                }
                at += size;
            }
        }
        search.recount();
        search
    }

    fn recount(&mut self) {
        let n = self.n;
        self.meet.fill(0);
        self.duty.fill(0);
        for table in self.tables.iter().flatten() {
            for (i, &a) in table.iter().enumerate() {
                for &b in &table[i + 1..] {
                    self.meet[a * n + b] += 1;
                    self.meet[b * n + a] += 1;
                }
                if table.len() == 5 {
                    self.duty[a] += 1;
                }
            }
        }
        self.repeats = 0;
        for a in 0..n {
            for b in a + 1..n {
                self.repeats += i64::from(self.meet[a * n + b].saturating_sub(1));
            }
        }
        self.masks.fill(0);
        for (r, round) in self.tables.iter().enumerate().take(16) {
            for table in round {
                for &a in table {
                    for &b in table {
                        if a != b {
                            self.masks[a * n + b] |= 1 << r;
                        }
                    }
                }
            }
        }
        self.prefix_cost = 0;
        for a in 0..n {
            for b in a + 1..n {
                self.prefix_cost += self.prefix_of[usize::from(self.masks[a * n + b])];
            }
        }
    }

    /// Change in the sum over every prefix of rounds of the prefix's repeats if `a` and `b`
    /// swap in round `r`: a repeat in an early round counts in every later prefix, so
    /// lowering this at equal repeats moves repeats to the last rounds.
    fn prefix_delta(&self, r: usize, a: usize, b: usize) -> i64 {
        let n = self.n;
        let (ta, tb) = (self.table_of[r][a], self.table_of[r][b]);
        let bit = 1_u16 << r;
        let change =
            |mask: u16| self.prefix_of[usize::from(mask ^ bit)] - self.prefix_of[usize::from(mask)];
        let mut delta = 0;
        for (table, from, to) in [(&self.tables[r][ta], a, b), (&self.tables[r][tb], b, a)] {
            for &x in table {
                if x != from {
                    delta += change(self.masks[from * n + x]) + change(self.masks[to * n + x]);
                }
            }
        }
        delta
    }

    /// With `KEEPPREFIX=slack` (and `PREFIX=1`): whether swapping `a` and `b` in round `r`
    /// would raise the prefix sum above what the tabu search left plus `slack`, which the
    /// duty stages then do not do, so evening the duty does not undo what `PREFIX=1` won
    /// for a tournament drawn round by round.
    fn moves_repeats_earlier(&self, r: usize, a: usize, b: usize) -> bool {
        match self.keep_prefix {
            Some(limit) if self.prefix => self.prefix_cost + self.prefix_delta(r, a, b) > limit,
            _ => false,
        }
    }

    /// Change in repeats if `a` and `b` (at different tables) swap in round `r`.
    fn delta(&self, r: usize, a: usize, b: usize) -> i64 {
        let n = self.n;
        let (ta, tb) = (self.table_of[r][a], self.table_of[r][b]);
        let mut delta = 0;
        for &x in &self.tables[r][ta] {
            if x != a {
                delta +=
                    i64::from(self.meet[b * n + x] >= 1) - i64::from(self.meet[a * n + x] >= 2);
            }
        }
        for &y in &self.tables[r][tb] {
            if y != b {
                delta +=
                    i64::from(self.meet[a * n + y] >= 1) - i64::from(self.meet[b * n + y] >= 2);
            }
        }
        delta
    }

    /// The swap's rank in the tabu search: its change in repeats, and with `self.spread`
    /// after it (times 1/1000) its change in `Σ ((m − 1)⁺)²` over pair meetings `m`, which
    /// prefers two pairs meeting twice to one pair meeting three times: the same repeats,
    /// but the first leaves more room for a later swap.
    fn rank(&self, r: usize, a: usize, b: usize) -> i64 {
        if self.prefix {
            return self.delta(r, a, b) * self.prefix_scale + self.prefix_delta(r, a, b);
        }
        if !self.spread {
            return self.delta(r, a, b);
        }
        let n = self.n;
        let (ta, tb) = (self.table_of[r][a], self.table_of[r][b]);
        let up = |k: u8| -> (i64, i64) {
            let k = i64::from(k);
            (i64::from(k >= 1), if k >= 1 { 2 * k - 1 } else { 0 })
        };
        let down = |k: u8| -> (i64, i64) {
            let k = i64::from(k);
            (-i64::from(k >= 2), if k >= 2 { 3 - 2 * k } else { 0 })
        };
        let (mut first, mut second) = (0, 0);
        for (table, from, to) in [(&self.tables[r][ta], a, b), (&self.tables[r][tb], b, a)] {
            for &x in table {
                if x != from {
                    let (f1, s1) = up(self.meet[to * n + x]);
                    let (f2, s2) = down(self.meet[from * n + x]);
                    first += f1 + f2;
                    second += s1 + s2;
                }
            }
        }
        first * 1000 + second + self.duty_weight * self.duty_delta(r, a, b)
    }

    /// What the tabu search lowers: the repeats, and in `PREFIX=1` mode the prefix sum
    /// after them.
    fn score(&self) -> i64 {
        if self.prefix {
            self.repeats * self.prefix_scale + self.prefix_cost
        } else {
            self.repeats
        }
    }

    /// Change in Σ duty² if `a` and `b` swap in round `r`; with `PREFIXDUTY=1` in the sum
    /// of Σ duty² over every prefix of rounds, so that a tournament drawn round by round has
    /// even duty whenever it ends.
    fn duty_delta(&self, r: usize, a: usize, b: usize) -> i64 {
        let (ta, tb) = (self.table_of[r][a], self.table_of[r][b]);
        let shift = i64::from(self.sizes[tb] == 5) - i64::from(self.sizes[ta] == 5);
        if shift == 0 {
            return 0;
        }
        if !self.prefix_duty {
            let (da, db) = (self.duty[a], self.duty[b]);
            return (da + shift).pow(2) - da * da + (db - shift).pow(2) - db * db;
        }
        let (mut da, mut db, mut delta) = (0, 0, 0);
        for k in 0..self.rounds {
            da += i64::from(self.sizes[self.table_of[k][a]] == 5);
            db += i64::from(self.sizes[self.table_of[k][b]] == 5);
            if k >= r {
                delta += 2 * shift * (da - db) + 2;
            }
        }
        delta
    }

    /// Change in `Σ ((m − 1)⁺)²` over pair meetings `m` if `a` and `b` swap in round `r`.
    fn spread_delta(&self, r: usize, a: usize, b: usize) -> i64 {
        let n = self.n;
        let (ta, tb) = (self.table_of[r][a], self.table_of[r][b]);
        let mut delta = 0;
        for (table, from, to) in [(&self.tables[r][ta], a, b), (&self.tables[r][tb], b, a)] {
            for &x in table {
                if x != from {
                    let (up, down) = (
                        i64::from(self.meet[to * n + x]),
                        i64::from(self.meet[from * n + x]),
                    );
                    delta += if up >= 1 { 2 * up - 1 } else { 0 };
                    delta += if down >= 2 { 3 - 2 * down } else { 0 };
                }
            }
        }
        delta
    }

    /// What the `DUTY` walk lowers: [`Search::duty_cost`], and with `SPREAD=1` after it
    /// `Σ ((m − 1)⁺)²` (no pair meeting far more often than the others where the repeats
    /// and the duty allow it).
    fn walk_cost(&self) -> i64 {
        let mut cost = self.duty_cost() * 1000;
        if self.spread {
            let n = self.n;
            for a in 0..n {
                for b in a + 1..n {
                    cost += (i64::from(self.meet[a * n + b]) - 1).max(0).pow(2);
                }
            }
        }
        cost
    }

    /// The change in [`Search::walk_cost`] if `a` and `b` swap in round `r`.
    fn walk_delta(&self, r: usize, a: usize, b: usize) -> i64 {
        let spread = if self.spread {
            self.spread_delta(r, a, b)
        } else {
            0
        };
        self.duty_delta(r, a, b) * 1000 + spread
    }

    /// What [`Search::duty_delta`] measures the change of: Σ duty², or with `PREFIXDUTY=1`
    /// its sum over every prefix of rounds.
    fn duty_cost(&self) -> i64 {
        if !self.prefix_duty {
            return self.duty.iter().map(|d| d * d).sum();
        }
        let mut duty = vec![0_i64; self.n];
        let mut cost = 0;
        for round in &self.tables {
            for table in round.iter().filter(|table| table.len() == 5) {
                for &p in table {
                    duty[p] += 1;
                }
            }
            cost += duty.iter().map(|d| d * d).sum::<i64>();
        }
        cost
    }

    fn apply(&mut self, r: usize, a: usize, b: usize) {
        let n = self.n;
        self.repeats += self.delta(r, a, b);
        if r < 16 {
            self.prefix_cost += self.prefix_delta(r, a, b);
            let bit = 1_u16 << r;
            let (ta, tb) = (self.table_of[r][a], self.table_of[r][b]);
            for (t, from, to) in [(ta, a, b), (tb, b, a)] {
                for i in 0..self.tables[r][t].len() {
                    let x = self.tables[r][t][i];
                    if x != from {
                        for (p, q) in [(from, x), (to, x)] {
                            self.masks[p * n + q] ^= bit;
                            self.masks[q * n + p] ^= bit;
                        }
                    }
                }
            }
        }
        let (ta, tb) = (self.table_of[r][a], self.table_of[r][b]);
        for &x in &self.tables[r][ta] {
            if x != a {
                self.meet[a * n + x] -= 1;
                self.meet[x * n + a] -= 1;
                self.meet[b * n + x] += 1;
                self.meet[x * n + b] += 1;
            }
        }
        for &y in &self.tables[r][tb] {
            if y != b {
                self.meet[b * n + y] -= 1;
                self.meet[y * n + b] -= 1;
                self.meet[a * n + y] += 1;
                self.meet[y * n + a] += 1;
            }
        }
        let seat = |table: &[usize], p: usize| table.iter().position(|&x| x == p).unwrap_or(0);
        let ia = seat(&self.tables[r][ta], a);
        let ib = seat(&self.tables[r][tb], b);
        self.tables[r][ta][ia] = b;
        self.tables[r][tb][ib] = a;
        self.table_of[r][a] = tb;
        self.table_of[r][b] = ta;
        let shift = i64::from(self.sizes[tb] == 5) - i64::from(self.sizes[ta] == 5);
        self.duty[a] += shift;
        self.duty[b] -= shift;
    }

    /// Iterated tabu search on repeats until `seconds` are spent or the repeats reach
    /// `floor`; leaves the best plan in `self`.
    fn tabu(&mut self, floor: i64, seconds: f64, rng: &mut Rng, started: &Instant) {
        let (n, rounds) = (self.n, self.rounds);
        let mut best = self.clone();
        let mut tabu = vec![0_u64; rounds * n];
        let mut stable = 0_u64;
        let mut kicks = 2;
        let mut conflicted: Vec<(usize, usize)> = Vec::new();
        let mut seen = vec![0_u64; rounds * n];
        for step in 1_u64.. {
            if best.repeats <= floor && !self.prefix {
                break;
            }
            if step.is_multiple_of(256) && started.elapsed().as_secs_f64() > seconds {
                break;
            }
            conflicted.clear();
            for r in 0..rounds {
                for table in &self.tables[r] {
                    for (i, &a) in table.iter().enumerate() {
                        for &b in &table[i + 1..] {
                            if self.meet[a * n + b] >= 2 {
                                for p in [a, b] {
                                    if seen[r * n + p] != step {
                                        seen[r * n + p] = step;
                                        conflicted.push((r, p));
                                    }
                                }
                            }
                        }
                    }
                }
            }
            let mut choice: Option<(i64, usize, usize, usize)> = None;
            let mut ties = 0;
            for &(r, x) in &conflicted {
                if r < self.freeze {
                    continue;
                }
                let tx = self.table_of[r][x];
                let x_tabu = tabu[r * n + x] >= step;
                for y in 0..n {
                    if self.table_of[r][y] == tx {
                        continue;
                    }
                    let delta = self.rank(r, x, y);
                    let is_tabu = x_tabu || tabu[r * n + y] >= step;
                    let gain = if self.prefix {
                        delta
                    } else if self.spread {
                        (delta + 500).div_euclid(1000)
                    } else {
                        delta
                    };
                    if is_tabu && self.score() + gain >= best.score() {
                        continue;
                    }
                    match choice {
                        Some((d, ..)) if delta > d => {}
                        Some((d, ..)) if delta == d => {
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
            if let Some((_, r, x, y)) = choice {
                self.apply(r, x, y);
                let tenure = self.tenure.0 + rng.below(self.tenure.1) as u64;
                tabu[r * n + x] = step + tenure;
                tabu[r * n + y] = step + tenure;
            }
            if self.score() < best.score() {
                best = self.clone();
                stable = 0;
                kicks = 2;
                eprintln!(
                    "  {} repeats ({} over the prefixes) at step {step}, {:.1?}",
                    best.repeats,
                    best.prefix_cost,
                    started.elapsed()
                );
            } else {
                stable += 1;
                if stable > STABLE {
                    stable = 0;
                    *self = best.clone();
                    for _ in 0..kicks {
                        let r = self.freeze + rng.below(rounds - self.freeze);
                        let (x, y) = (rng.below(n), rng.below(n));
                        if self.table_of[r][x] != self.table_of[r][y] {
                            self.apply(r, x, y);
                        }
                    }
                    kicks = (kicks + 1).min(MAX_KICKS);
                }
            }
        }
        *self = best;
    }

    /// Simulated annealing on repeats: a random swap within a random round, one of the two
    /// players in conflict where the round has one, accepted by the Metropolis rule at a
    /// temperature falling geometrically from `hot` to `cold` over each run of `steps`;
    /// runs until `seconds` are spent, each run from the best so far; leaves the best.
    fn anneal(&mut self, floor: i64, steps: u64, seconds: f64, rng: &mut Rng, started: &Instant) {
        let (hot, cold) = (2.0_f64, 0.1_f64);
        let (n, rounds) = (self.n, self.rounds);
        let mut best = self.clone();
        while started.elapsed().as_secs_f64() < seconds && best.repeats > floor {
            *self = best.clone();
            for step in 0..steps {
                let t = hot * (cold / hot).powf(step as f64 / steps as f64);
                let r = rng.below(rounds);
                let table = &self.tables[r][rng.below(self.sizes.len())];
                let a = table[rng.below(table.len())];
                let b = rng.below(n);
                if self.table_of[r][a] == self.table_of[r][b] {
                    continue;
                }
                let delta = self.delta(r, a, b);
                if delta <= 0 || unit(rng) < (-(delta as f64) / t).exp() {
                    self.apply(r, a, b);
                    if self.repeats < best.repeats {
                        best = self.clone();
                        eprintln!("  {} repeats, {:.1?}", best.repeats, started.elapsed());
                        if best.repeats <= floor {
                            break;
                        }
                    }
                }
            }
        }
        *self = best;
    }

    /// Tabu search on Σ duty² over swaps that add no repeat (a walk on the plateau of the
    /// plan's repeats), for `seconds`; leaves the most even plan it saw.
    fn duty_tabu(&mut self, seconds: f64, rng: &mut Rng) {
        let started = Instant::now();
        let (n, rounds) = (self.n, self.rounds);
        let square = Self::walk_cost;
        let mut best = self.clone();
        let mut best_square = square(self);
        let mut current = best_square;
        let mut tabu = vec![0_u64; rounds * n];
        for step in 1_u64.. {
            if step.is_multiple_of(64) && started.elapsed().as_secs_f64() > seconds {
                break;
            }
            let mut choice: Option<(i64, usize, usize, usize)> = None;
            let mut ties = 0;
            for r in self.freeze..rounds {
                for a in 0..n {
                    for b in a + 1..n {
                        if self.table_of[r][a] == self.table_of[r][b]
                            || self.delta(r, a, b) > 0
                            || self.moves_repeats_earlier(r, a, b)
                        {
                            continue;
                        }
                        let d = self.walk_delta(r, a, b);
                        let is_tabu = tabu[r * n + a] >= step || tabu[r * n + b] >= step;
                        if is_tabu && current + d >= best_square {
                            continue;
                        }
                        match choice {
                            Some((c, ..)) if d > c => {}
                            Some((c, ..)) if d == c => {
                                ties += 1;
                                if rng.below(ties + 1) == 0 {
                                    choice = Some((d, r, a, b));
                                }
                            }
                            _ => {
                                ties = 0;
                                choice = Some((d, r, a, b));
                            }
                        }
                    }
                }
            }
            let Some((d, r, a, b)) = choice else {
                eprintln!("duty: no move at step {step}");
                break;
            };
            self.apply(r, a, b);
            current += d;
            let tenure = 2 + rng.below(8) as u64;
            tabu[r * n + a] = step + tenure;
            tabu[r * n + b] = step + tenure;
            if current < best_square && self.repeats <= best.repeats {
                best = self.clone();
                best_square = current;
            }
        }
        eprintln!(
            "duty: Σ duty² · 1000 (+ spread) {best_square} after {:.1?}",
            started.elapsed()
        );
        *self = best;
    }

    /// Descent on Σ duty² over swaps that add no repeat.
    fn even_duty(&mut self) {
        loop {
            let mut improved = false;
            for r in self.freeze..self.rounds {
                for a in 0..self.n {
                    for b in 0..self.n {
                        if self.table_of[r][a] == self.table_of[r][b] {
                            continue;
                        }
                        if self.delta(r, a, b) <= 0
                            && self.duty_delta(r, a, b) < 0
                            && !self.moves_repeats_earlier(r, a, b)
                        {
                            self.apply(r, a, b);
                            improved = true;
                        }
                    }
                }
            }
            if !improved {
                return;
            }
        }
    }
}

fn unit(rng: &mut Rng) -> f64 {
    (rng.next() >> 11) as f64 / (1_u64 << 53) as f64
}

/// Weight of a repeat against the prefix sum in `PREFIX=1` mode (far above any prefix sum).
const PREFIX_SCALE: i64 = 1 << 20;

const STABLE: u64 = 100;
const MAX_KICKS: usize = 12;

/// `k` transversals of a plan of 4-tables: for each, one table per round, the tables of one
/// transversal pairwise disjoint, no table in two transversals. Player `m + j` (for a plan
/// of `m` players) joins transversal `j`'s tables, which then meet him once each and never
/// twice when the transversal covers everyone (`rounds · 4 = m`).
fn transversals(search: &Search, k: usize) -> Option<Vec<Vec<usize>>> {
    fn extend(
        search: &Search,
        k: usize,
        chosen: &mut Vec<Vec<usize>>,
        used: &mut [Vec<bool>],
        covered: &mut Vec<bool>,
    ) -> bool {
        let (j, r) = (chosen.len() - 1, chosen.last().map_or(0, Vec::len));
        if r == search.rounds {
            if j + 1 == k {
                return true;
            }
            chosen.push(Vec::new());
            covered.fill(false);
            if extend(search, k, chosen, used, covered) {
                return true;
            }
            chosen.pop();
            return false;
        }
        for t in 0..search.tables[r].len() {
            if used[r][t] || search.tables[r][t].iter().any(|&p| covered[p]) {
                continue;
            }
            for &p in &search.tables[r][t] {
                covered[p] = true;
            }
            used[r][t] = true;
            if let Some(c) = chosen.last_mut() {
                c.push(t);
            }
            if extend(search, k, chosen, used, covered) {
                return true;
            }
            if let Some(c) = chosen.last_mut() {
                c.pop();
            }
            used[r][t] = false;
            for &p in &search.tables[r][t] {
                covered[p] = false;
            }
        }
        false
    }
    let mut chosen = vec![Vec::new()];
    let mut used = vec![vec![false; search.sizes.len()]; search.rounds];
    let mut covered = vec![false; search.n];
    extend(search, k, &mut chosen, &mut used, &mut covered).then_some(chosen)
}

/// Beam width of [`joined`].
const JOIN_BEAM: usize = 3000;

/// `JOIN=1`: rounds of `m` players in 4-tables (`perms`, each cut into fours) grown to `n`
/// players, new player `m + j` joining one table a round (no two at one table). A beam
/// search over the rounds in order keeps the [`JOIN_BEAM`] cheapest choices so far (by the
/// sum over prefixes of the new players' repeats, one per choice of who they have met),
/// so they meet as many others for the first time as early as they can. Each round comes
/// back as a permutation of `n` players: the other tables, then each chosen table followed
/// by its new player, so that the 5-tables at the end of a round are those tables.
fn joined(perms: &[Vec<usize>], n: usize) -> Vec<Vec<usize>> {
    let m = perms.first().map_or(0, Vec::len);
    let k = n.saturating_sub(m);
    if k == 0 || !m.is_multiple_of(4) || n > 64 {
        return perms.to_vec();
    }
    let tables: Vec<Vec<&[usize]>> = perms.iter().map(|p| p.chunks(4).collect()).collect();
    let mask = |table: &[usize]| table.iter().fold(0_u64, |acc, &p| acc | 1 << p);
    // (cost, players each new player has met, the tables chosen in each round)
    let mut beam: Vec<(i64, Vec<u64>, Vec<Vec<usize>>)> = vec![(0, vec![0; k], Vec::new())];
    for (r, round) in tables.iter().enumerate() {
        let mut next = Vec::new();
        for (cost, met, chosen) in &beam {
            for pick in picks(round.len(), k) {
                let met: Vec<u64> = met
                    .iter()
                    .zip(&pick)
                    .map(|(&seen, &t)| seen | mask(round[t]))
                    .collect();
                let repeats: i64 = met
                    .iter()
                    .map(|seen| 4 * (r as i64 + 1) - i64::from(seen.count_ones()))
                    .sum();
                let mut chosen = chosen.clone();
                chosen.push(pick);
                next.push((cost + repeats, met, chosen));
            }
        }
        next.sort_by_key(|(cost, ..)| *cost);
        let mut seen = std::collections::HashSet::new();
        beam = next
            .into_iter()
            .filter(|(_, met, _)| seen.insert(met.clone()))
            .take(JOIN_BEAM)
            .collect();
    }
    let Some((cost, _, chosen)) = beam.into_iter().next() else {
        return perms.to_vec();
    };
    eprintln!("join: the new players' repeats summed over the prefixes {cost}");
    tables
        .iter()
        .zip(chosen)
        .map(|(round, pick)| {
            let mut perm: Vec<usize> = (0..round.len())
                .filter(|t| !pick.contains(t))
                .flat_map(|t| round[t].iter().copied())
                .collect();
            for (j, &t) in pick.iter().enumerate() {
                perm.extend_from_slice(round[t]);
                perm.push(m + j);
            }
            perm
        })
        .collect()
}

/// Ordered choices of `k` distinct tables out of `tables`, in lexicographic order.
fn picks(tables: usize, k: usize) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for _ in 0..k {
        all = all
            .into_iter()
            .flat_map(|pick: Vec<usize>| {
                (0..tables)
                    .filter(|t| !pick.contains(t))
                    .map(|t| {
                        let mut longer = pick.clone();
                        longer.push(t);
                        longer
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    all
}

/// `EXTEND=k`: plans of `n − k` players in 4-tables without a repeat, until one has `k`
/// disjoint transversals ([`transversals`]); the `k` extra players join them.
fn extended(n: usize, rounds: usize, k: usize, seconds: f64, rng: &mut Rng) -> Option<Search> {
    let started = Instant::now();
    let m = n - k;
    for attempt in 0.. {
        if started.elapsed().as_secs_f64() > seconds {
            return None;
        }
        let mut base = Search::new(m, rounds, rng);
        base.tabu(0, 5.0, rng, &Instant::now());
        if base.repeats > 0 {
            continue;
        }
        let Some(chosen) = transversals(&base, k) else {
            eprintln!("attempt {attempt}: no {k} transversals");
            continue;
        };
        let mut search = Search::new(n, rounds, rng);
        for r in 0..rounds {
            let mut fours = Vec::new();
            let mut fives = Vec::new();
            for (t, table) in base.tables[r].iter().enumerate() {
                match chosen.iter().position(|c| c[r] == t) {
                    Some(j) => {
                        let mut table = table.clone();
                        table.push(m + j);
                        fives.push(table);
                    }
                    None => fours.push(table.clone()),
                }
            }
            fours.extend(fives);
            for (t, table) in fours.iter().enumerate() {
                for &p in table {
                    search.table_of[r][p] = t;
                }
            }
            search.tables[r] = fours;
        }
        search.recount();
        return Some(search);
    }
    None
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(24);
    let rounds: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(8);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let seconds: f64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(30.0);
    let floor: i64 = args.get(5).and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let started = Instant::now();
    let extend: usize = std::env::var("EXTEND")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let mut search = if extend > 0 {
        match extended(n, rounds, extend, seconds, &mut rng) {
            Some(search) => search,
            None => {
                eprintln!("no extension found");
                return;
            }
        }
    } else if let Ok(start) = std::env::var("START") {
        if start == "plan" {
            Search::from_plan(n, rounds, &mut rng)
        } else {
            Search::from_file(n, rounds, &start, &mut rng)
        }
    } else {
        Search::new(n, rounds, &mut rng)
    };
    if let (Some(low), Some(spread)) = (
        args.get(6).and_then(|s| s.parse().ok()),
        args.get(7).and_then(|s| s.parse().ok()),
    ) {
        search.tenure = (low, spread);
    }
    search.spread = std::env::var("SPREAD").is_ok();
    search.prefix = std::env::var("PREFIX").is_ok() && rounds <= 16;
    search.freeze = std::env::var("FREEZE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0_usize)
        .min(rounds.saturating_sub(1));
    search.prefix_duty = std::env::var("PREFIXDUTY").is_ok();
    if std::env::var("PREFIXONLY").is_ok() {
        search.prefix_scale = 0;
    }
    search.duty_weight = std::env::var("DUTYW")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    match std::env::var("ANNEAL").ok().and_then(|s| s.parse().ok()) {
        Some(steps) => search.anneal(floor, steps, seconds, &mut rng, &started),
        None => search.tabu(floor, seconds, &mut rng, &started),
    }
    if let Some(slack) = std::env::var("KEEPPREFIX")
        .ok()
        .and_then(|s| s.parse::<i64>().ok())
    {
        search.recount();
        search.keep_prefix = Some(search.prefix_cost + slack);
    }
    search.even_duty();
    if let Some(seconds) = std::env::var("DUTY").ok().and_then(|s| s.parse().ok()) {
        search.duty_tabu(seconds, &mut rng);
    }
    search.recount();
    let (lo, hi) = (
        search.duty.iter().min().copied().unwrap_or(0),
        search.duty.iter().max().copied().unwrap_or(0),
    );
    eprintln!(
        "{n} x {rounds}: {} repeats ({} over the prefixes), 5-table duty {lo}-{hi}, {:.1?}",
        search.repeats,
        search.prefix_cost,
        started.elapsed()
    );
    print_constant(n, search.repeats, &search.tables);
}

#[expect(
    clippy::print_stdout,
    reason = "printing the plan as a constant is the example's purpose"
)]
fn print_constant(n: usize, repeats: i64, tables: &[Vec<Vec<usize>>]) {
    println!("// {n} x {}: {repeats} repeats", tables.len());
    println!("(&[");
    for round in tables {
        let players: Vec<String> = round.iter().flatten().map(ToString::to_string).collect();
        println!("    &[{}],", players.join(", "));
    }
    println!("]),");
}
