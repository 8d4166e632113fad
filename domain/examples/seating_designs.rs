//! Offline search for the embedded seating designs of `domain::seating` (see
//! `domain/src/seating/designs.rs`): `players` players over `rounds` rounds in 4-tables and
//! the fewest 5-tables, with no pair of players at one table twice and 5-table duty as even
//! as the arithmetic allows after every prefix of rounds.
//!
//! Simulated annealing over swaps of two players within a round. The cost is the number of
//! repeated pairs plus, for every prefix of `k` rounds and every player, how far the
//! player's 5-table count lies outside `[⌊5fk/n⌋, ⌈5fk/n⌉]`. Restarts until the cost is
//! zero, then prints the rounds as a Rust constant (each round a permutation of the
//! players, cut into tables 4-tables first).
//!
//! ```text
//! nice -n 19 cargo run --release -p karlchen-domain --example seating_designs -- 42 8 [seed] [steps] [classes] [class size]
//! ```

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

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1_u64 << 53) as f64
    }
}

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
    /// Prefix → player → 5-table rounds among the first `k + 1` rounds.
    prefix: Vec<Vec<i32>>,
    /// Prefix → allowed range of 5-table rounds.
    bounds: Vec<(i32, i32)>,
    /// Players `p` and `q` below `classes · class_size` with `p % classes == q % classes`
    /// must never meet (0: no classes): such classes let `plan` seat keep-apart groups
    /// apart.
    classes: usize,
    class_size: usize,
    repeats: i64,
    duty: i64,
}

impl Search {
    fn new(n: usize, rounds: usize, (classes, class_size): (usize, usize), rng: &mut Rng) -> Self {
        let fives = n % 4;
        let mut sizes = vec![4; n / 4 - fives];
        sizes.extend(std::iter::repeat_n(5, fives));
        let mut tables = Vec::new();
        let mut table_of = vec![vec![0; n]; rounds];
        for order in table_of.iter_mut() {
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
        let bounds = (1..=rounds)
            .map(|k| {
                let seats = (5 * fives * k) as i32;
                (seats / n as i32, (seats + n as i32 - 1) / n as i32)
            })
            .collect();
        let mut search = Search {
            n,
            rounds,
            sizes,
            tables,
            table_of,
            meet: vec![0; n * n],
            prefix: vec![vec![0; n]; rounds],
            bounds,
            classes,
            class_size,
            repeats: 0,
            duty: 0,
        };
        search.recount();
        search
    }

    fn recount(&mut self) {
        let n = self.n;
        // Class mates count as having met already, so any meeting of theirs is a repeat.
        for a in 0..n {
            for b in 0..n {
                let classed = a.max(b) < self.classes * self.class_size;
                let mates = a != b && classed && a % self.classes == b % self.classes;
                self.meet[a * n + b] = u8::from(mates);
            }
        }
        for table in self.tables.iter().flatten() {
            for (i, &a) in table.iter().enumerate() {
                for &b in &table[i + 1..] {
                    self.meet[a * n + b] += 1;
                    self.meet[b * n + a] += 1;
                }
            }
        }
        self.repeats = 0;
        for a in 0..n {
            for b in a + 1..n {
                self.repeats += i64::from(self.meet[a * n + b].saturating_sub(1));
            }
        }
        self.duty = 0;
        for k in 0..self.rounds {
            for p in 0..n {
                let before = if k == 0 { 0 } else { self.prefix[k - 1][p] };
                let five = i32::from(self.sizes[self.table_of[k][p]] == 5);
                self.prefix[k][p] = before + five;
                self.duty += Self::outside(self.prefix[k][p], self.bounds[k]);
            }
        }
    }

    fn outside(value: i32, (lo, hi): (i32, i32)) -> i64 {
        i64::from((value - hi).max(0) + (lo - value).max(0))
    }

    /// Change in repeats when `a` leaves table `from` (without `b`) and joins `to`
    /// (without `b`).
    fn move_delta(&self, a: usize, b: usize, from: &[usize], to: &[usize]) -> i64 {
        let n = self.n;
        let mut delta = 0;
        for &x in from {
            if x != a && self.meet[a * n + x] >= 2 {
                delta -= 1;
            }
        }
        for &y in to {
            if y != b && self.meet[a * n + y] >= 1 {
                delta += 1;
            }
        }
        delta
    }

    /// Change in repeats and duty cost of swapping `a` and `b` (at different tables) in
    /// round `r`.
    fn delta(&self, r: usize, a: usize, b: usize) -> (i64, i64) {
        let (ta, tb) = (self.table_of[r][a], self.table_of[r][b]);
        let (from, to) = (&self.tables[r][ta], &self.tables[r][tb]);
        let repeats = self.move_delta(a, b, from, to) + self.move_delta(b, a, to, from);
        let shift = i32::from(self.sizes[tb] == 5) - i32::from(self.sizes[ta] == 5);
        let mut duty = 0;
        if shift != 0 {
            for k in r..self.rounds {
                let (pa, pb) = (self.prefix[k][a], self.prefix[k][b]);
                duty += Self::outside(pa + shift, self.bounds[k])
                    + Self::outside(pb - shift, self.bounds[k])
                    - Self::outside(pa, self.bounds[k])
                    - Self::outside(pb, self.bounds[k]);
            }
        }
        (repeats, duty)
    }

    fn apply(&mut self, r: usize, a: usize, b: usize, delta: (i64, i64)) {
        let n = self.n;
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
        let seat = |table: &[usize], p: usize| {
            table
                .iter()
                .position(|&x| x == p)
                .unwrap_or_else(|| unreachable!("player {p} sits at its table"))
        };
        let ia = seat(&self.tables[r][ta], a);
        let ib = seat(&self.tables[r][tb], b);
        self.tables[r][ta][ia] = b;
        self.tables[r][tb][ib] = a;
        self.table_of[r][a] = tb;
        self.table_of[r][b] = ta;
        let shift = i32::from(self.sizes[tb] == 5) - i32::from(self.sizes[ta] == 5);
        for k in r..self.rounds {
            self.prefix[k][a] += shift;
            self.prefix[k][b] -= shift;
        }
        self.repeats += delta.0;
        self.duty += delta.1;
    }

    /// One annealing run of `steps` moves; true when it reached cost zero.
    fn anneal(&mut self, steps: u64, rng: &mut Rng) -> bool {
        let (hot, cold) = (1.5_f64, 0.08_f64);
        for step in 0..steps {
            if self.repeats == 0 && self.duty == 0 {
                return true;
            }
            let t = hot * (cold / hot).powf(step as f64 / steps as f64);
            let r = rng.below(self.rounds);
            // Mostly move a player who has a repeat in this round, else anyone.
            let a = if rng.below(4) > 0 {
                let table = &self.tables[r][rng.below(self.sizes.len())];
                let a = table[rng.below(table.len())];
                let conflicted = table
                    .iter()
                    .any(|&x| x != a && self.meet[a * self.n + x] >= 2);
                if !conflicted { rng.below(self.n) } else { a }
            } else {
                rng.below(self.n)
            };
            let b = rng.below(self.n);
            if self.table_of[r][a] == self.table_of[r][b] {
                continue;
            }
            let delta = self.delta(r, a, b);
            let total = delta.0 + delta.1;
            if total <= 0 || rng.unit() < (-(total as f64) / t).exp() {
                self.apply(r, a, b, delta);
            }
        }
        self.repeats == 0 && self.duty == 0
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(42);
    let rounds: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(8);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let steps: u64 = args
        .get(4)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000_000);
    let classes: usize = args.get(5).and_then(|s| s.parse().ok()).unwrap_or(0);
    let class_size: usize = args.get(6).and_then(|s| s.parse().ok()).unwrap_or(n);
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let started = Instant::now();
    for attempt in 1.. {
        let mut search = Search::new(n, rounds, (classes, class_size), &mut rng);
        let done = search.anneal(steps, &mut rng);
        eprintln!(
            "attempt {attempt}: repeats {}, duty {} after {:.1?}",
            search.repeats,
            search.duty,
            started.elapsed()
        );
        if done {
            search.recount();
            assert_eq!((search.repeats, search.duty), (0, 0));
            print_constant(n, &search.tables);
            return;
        }
    }
}

#[expect(
    clippy::print_stdout,
    reason = "printing the design as a constant is the example's purpose"
)]
fn print_constant(n: usize, tables: &[Vec<Vec<usize>>]) {
    println!("const DESIGN_{n}: [[u8; {n}]; {}] = [", tables.len());
    for round in tables {
        let players: Vec<String> = round.iter().flatten().map(ToString::to_string).collect();
        println!("    [{}],", players.join(", "));
    }
    println!("];");
}
