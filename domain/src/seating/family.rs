//! Family games: seating a field at tables of the sizes a game allows, not only 4 and 5.
//!
//! Doublehead Kids plays only at 4-tables, Doppeldoppel at 3- and 4-tables
//! ([`Game::table_sizes`](crate::game::Game::table_sizes)); the rest of this module's
//! parent seats Doppelkopf's 4- and 5-tables and builds whole plans from designs for them.
//! Family afternoons are small (6 to 60 players) and drawn round by round, so here a round
//! is searched directly against the rounds already played.
//!
//! # Table sizes
//!
//! [`sizes_for`] splits a field into as many tables of the largest allowed size as possible,
//! then the fewest tables of the other sizes (larger ones first where the count ties), and
//! lists the largest tables first. For Doppeldoppel (3 and 4) that is 4-tables and at most
//! three 3-tables: 7 players are `[4, 3]`, 9 are `[3, 3, 3]` (two 4-tables would leave 1),
//! 10 are `[4, 3, 3]`. A count that cannot be split (Kids with 10 players, Doppeldoppel with
//! 5 or fewer than 3) is refused with the nearest counts that can
//! ([`SeatingError::DoesNotSplit`]). The fewest tables for every remainder come from a
//! small dynamic programme over the other sizes (`fewest[r]` = fewest tables summing to
//! `r`), so any set of sizes works, not only the two family games. (Doppelkopf keeps
//! [`table_sizes`](super::table_sizes), which prefers 4-tables to its larger 5-tables.)
//!
//! # A round against the history ([`family_round`])
//!
//! The score of a round is compared in this order:
//!
//! 1. repeats: for every two players at one table, how often they already shared a table in
//!    the history (a pair that met twice counts 2, so a third meeting is avoided before a
//!    second);
//! 2. keep-apart: two players of one group at one table, per pair;
//! 3. small-table spread: for every player at a table smaller than the largest allowed size
//!    (a Doppeldoppel 3-table), the rounds he already sat at one. The number of such seats
//!    is fixed by the field, so the sum is smallest exactly when the seats go to the players
//!    who had the fewest: nobody gets a second 3-table before everyone had one, unless that
//!    would cost a repeat or a keep-apart encounter.
//!
//! The search starts from a seeded random round (Fisher–Yates, cut into [`sizes_for`]
//! order) and runs a tabu search on swaps of two players at different tables: each step
//! looks at up to a few players with something to improve (a repeat or group partner at
//! their table, or a small-table seat someone with fewer would rather take), tries every
//! swap of them with a player at another table, and makes the best swap whose players were
//! not moved in the last few steps (or any swap that beats the best round so far), even if
//! it makes the round worse. Ties are broken by the seed. After a while without a new best
//! round the search restarts from the best round with a few random swaps. It stops at a
//! round that cannot be beaten (no repeat, no group encounter, and the small-table seats at
//! the players who had fewest) or when a fixed work budget (counted in pair look-ups, never
//! the clock) is spent, so the same arguments give the same round on every machine. The
//! search draws from its own stream of the seed (`random.rs`), the seat order from another.
//!
//! # What is reached
//!
//! The search does not look ahead, so a round without repeats can leave none for the next:
//! 16 Kids players get 3 rounds without a repeat, but round 3 is in effect a Latin square
//! on the grid of rounds 1 and 2, and a square without a transversal (the cyclic one)
//! leaves no fourth round without repeats; every seed tried drew such a round 3, so round
//! 4 has 4 repeats where the affine plane of order 4 has none. 9 Doppeldoppel players
//! meet everyone exactly once in 4 rounds; 7 players over 7 rounds sit at the 3-table 3
//! times each with every pair meeting 3 times (the Fano plane); 12 Kids players reach the
//! fewest earlier meetings per round (3, then 6); 20 and 40 Kids players and 59
//! Doppeldoppel players play 4, 7 and 8 rounds without a repeat (all tested). How long a round
//! takes is measured by `cargo bench -p karlchen-domain --bench seating` (BENCHMARKS.md):
//! 0.26 ms for 59 Doppeldoppel players after 7 rounds, 27 ms for a search that spends its
//! whole budget.
//!
//! Seat order within a table is a seeded shuffle of its players: the family games derive
//! who starts from the seat. Tables are listed largest first.
//!
//! [`family_random`] and [`family_by_ranking`] are the plain draws of
//! [`random_draw`](super::random_draw) and [`by_ranking`](super::by_ranking) at the family
//! tables.
//!
//! # When the Doppelkopf plans serve instead
//!
//! A field that splits into the same tables as Doppelkopf's (only 4-tables: every Doublehead
//! Kids field that can be seated, a Doppeldoppel field of a multiple of 4) is better served
//! by [`plan`](super::plan) and [`plan_after`](super::plan_after), which see the whole
//! tournament and reach more rounds without a repeat (16 players: 5 rounds, where drawing
//! round by round above gets 3). [`uses_doppelkopf_plans`] says when; the service asks it,
//! so in practice [`family_round`] seats Doppeldoppel fields with 3-tables.

use super::apart::Apart;
use super::field::check_limits;
use super::meet::Meet;
use super::random::{FAMILY_SEAT_STREAM, FAMILY_STREAM, Rng, seed_hash};
use super::{KeepApartGroup, MAX_PLAYERS, PlayerIndex, Round, SeatingError, Table};

/// Whether a field of `players` at tables of the sizes `allowed` splits exactly as a
/// Doppelkopf field does ([`table_sizes`](super::table_sizes)), so that the Doppelkopf plans
/// seat it (see the module documentation); `false` when either does not split.
pub fn uses_doppelkopf_plans(allowed: &[u8], players: u16) -> bool {
    match (sizes_for(allowed, players), super::table_sizes(players)) {
        (Ok(family), Ok(doppelkopf)) => family == doppelkopf,
        _ => false,
    }
}

/// Pair look-ups a [`family_round`] search may spend (about 30 ms in an unoptimised build,
/// spent only when no round reaches the best possible score).
const WORK: u64 = 6_000_000;

/// Players whose swaps one search step tries, at most.
const CANDIDATES: usize = 10;

/// Allowed sizes, largest first, without duplicates and without 0.
fn normalised(allowed: &[u8]) -> Vec<u8> {
    let mut sizes: Vec<u8> = allowed.iter().copied().filter(|&s| s > 0).collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes.dedup();
    sizes
}

/// Splits counts up to [`MAX_PLAYERS`] into tables of fixed sizes.
struct Splitter {
    /// Largest first.
    sizes: Vec<u8>,
    /// Remainder → fewest tables of the sizes other than the largest summing to it.
    fewest: Vec<Option<u16>>,
}

impl Splitter {
    fn new(sizes: Vec<u8>) -> Self {
        let limit = usize::from(MAX_PLAYERS);
        let mut fewest = vec![None; limit + 1];
        fewest[0] = Some(0);
        let others: Vec<usize> = sizes.iter().skip(1).map(|&s| usize::from(s)).collect();
        for r in 1..=limit {
            fewest[r] = others
                .iter()
                .filter(|&&s| s <= r)
                .filter_map(|&s| fewest[r - s])
                .min()
                .map(|count| count + 1);
        }
        Self { sizes, fewest }
    }

    /// The tables for `players`, largest first, or `None`.
    fn split(&self, players: u16) -> Option<Vec<u8>> {
        let n = usize::from(players);
        let &largest = self.sizes.first()?;
        if n == 0 || n > usize::from(MAX_PLAYERS) {
            return None;
        }
        let big = usize::from(largest);
        let most = (0..=n / big)
            .rev()
            .find(|&count| self.fewest[n - count * big].is_some())?;
        let mut tables = vec![largest; most];
        let mut rest = n - most * big;
        while rest > 0 {
            let need = self.fewest[rest]?;
            // The largest other size that keeps the remainder at the fewest tables.
            let &size = self.sizes[1..].iter().find(|&&s| {
                usize::from(s) <= rest
                    && self.fewest[rest - usize::from(s)].is_some_and(|c| c + 1 == need)
            })?;
            tables.push(size);
            rest -= usize::from(size);
        }
        Some(tables)
    }

    fn refusal(&self, players: u16) -> SeatingError {
        let below = (1..players).rev().find(|&c| self.split(c).is_some());
        let above = (players.saturating_add(1)..=MAX_PLAYERS).find(|&c| self.split(c).is_some());
        let mut sizes = self.sizes.clone();
        sizes.reverse();
        SeatingError::DoesNotSplit {
            players,
            sizes,
            below,
            above,
        }
    }
}

/// Table sizes for a field at tables of the `allowed` sizes (in any order; a family game's
/// [`Game::table_sizes`](crate::game::Game::table_sizes)): as many tables of the largest
/// size as possible, then the fewest of the others, largest tables first. Doppeldoppel
/// (`[3, 4]`): 6 → `[3, 3]`, 7 → `[4, 3]`, 9 → `[3, 3, 3]`, 11 → `[4, 4, 3]`.
///
/// # Errors
///
/// [`SeatingError::TooManyPlayers`] above [`MAX_PLAYERS`], and
/// [`SeatingError::DoesNotSplit`] for a count that cannot be split (or no allowed size),
/// naming the nearest counts that can.
pub fn sizes_for(allowed: &[u8], players: u16) -> Result<Vec<u8>, SeatingError> {
    if players > MAX_PLAYERS {
        return Err(SeatingError::TooManyPlayers {
            players,
            max: MAX_PLAYERS,
        });
    }
    let splitter = Splitter::new(normalised(allowed));
    splitter
        .split(players)
        .ok_or_else(|| splitter.refusal(players))
}

/// Cuts `order` into consecutive tables of `sizes`.
fn cut(order: &[PlayerIndex], sizes: &[u8]) -> Round {
    let mut rest = order;
    sizes
        .iter()
        .map(|&size| {
            let (table, tail) = rest.split_at(usize::from(size));
            rest = tail;
            table.to_vec()
        })
        .collect()
}

/// A uniformly random round at the family tables: Fisher–Yates over `0..players` with the
/// seeded generator, exactly as [`random_draw`](super::random_draw) draws, cut into
/// [`sizes_for`] order (largest tables first). The shuffled order is the seat order.
///
/// # Errors
///
/// As [`sizes_for`].
pub fn family_random(players: u16, allowed: &[u8], seed: &str) -> Result<Round, SeatingError> {
    let sizes = sizes_for(allowed, players)?;
    let mut order: Vec<PlayerIndex> = (0..players).collect();
    Rng::new(seed_hash(seed)).shuffle(&mut order);
    Ok(cut(&order, &sizes))
}

/// Cuts a ranked field into family tables (`by_standings`): the first players at table 1,
/// and so on, largest tables first as [`sizes_for`] lists them (Doppeldoppel with 10: the
/// first four at a 4-table, then two 3-tables). Within a table the ranking is the seat
/// order.
///
/// # Errors
///
/// As [`sizes_for`].
pub fn family_by_ranking(ranking: &[PlayerIndex], allowed: &[u8]) -> Result<Round, SeatingError> {
    let players = u16::try_from(ranking.len()).map_err(|_| SeatingError::TooManyPlayers {
        players: u16::MAX,
        max: MAX_PLAYERS,
    })?;
    let sizes = sizes_for(allowed, players)?;
    Ok(cut(ranking, &sizes))
}

/// The next round of a running family tournament at tables of the `allowed` sizes: fewest
/// earlier meetings at one table (each earlier meeting of a pair counts), then keep-apart
/// groups apart, then the small tables (3-tables for Doppeldoppel) to those who had them
/// least. A seeded tabu search on swaps of two players, on a fixed work budget (described
/// in full in `seating/family.rs`), so the same arguments give the same round. Seats
/// within a table are shuffled by the seed; tables are listed largest first.
///
/// `history` holds the rounds played so far with the current numbering (as for
/// [`next_round`](super::next_round): tables may be short and players absent).
///
/// # Errors
///
/// As [`sizes_for`], plus [`SeatingError::TooManyRounds`] for a history of
/// [`MAX_ROUNDS`](super::MAX_ROUNDS) rounds or more, [`SeatingError::UnknownPlayer`] for a keep-apart group or
/// history table naming a player outside the field and [`SeatingError::SeatedTwice`] for a
/// history round seating a player twice.
pub fn family_round(
    players: u16,
    allowed: &[u8],
    history: &[Round],
    seed: &str,
    keep_apart: &[KeepApartGroup],
) -> Result<Round, SeatingError> {
    let sizes = sizes_for(allowed, players)?;
    check_limits(players, history.len() + 1, keep_apart)?;
    let n = usize::from(players);
    // `sizes_for` lists the largest tables first.
    let largest = sizes.first().copied().unwrap_or_default();
    let mut meet = Meet::new(n);
    let mut duty = vec![0_i64; n];
    for (round, tables) in history.iter().enumerate() {
        let mut seen = vec![false; n];
        for table in tables {
            for &player in table {
                let slot = seen
                    .get_mut(usize::from(player))
                    .ok_or(SeatingError::UnknownPlayer { player, players })?;
                if *slot {
                    return Err(SeatingError::SeatedTwice { round, player });
                }
                *slot = true;
                if table.len() < usize::from(largest) {
                    duty[usize::from(player)] += 1;
                }
            }
            meet.add_table(table, 1);
        }
    }
    let apart = Apart::new(n, keep_apart);
    let hash = seed_hash(seed);
    let mut rng = Rng::new(hash ^ FAMILY_STREAM);
    let mut order: Vec<PlayerIndex> = (0..players).collect();
    rng.shuffle(&mut order);
    let start = cut(&order, &sizes);
    let mut round = if sizes.len() > 1 {
        let mut search = Search::new(&meet, &apart, &duty, start, largest);
        search.run(&mut rng, WORK)
    } else {
        start
    };
    let mut seats = Rng::new(hash ^ FAMILY_SEAT_STREAM);
    for table in &mut round {
        table.sort_unstable();
        seats.shuffle(table);
    }
    Ok(round)
}

/// A round's score, compared field by field in this order (lower is better).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
struct Score {
    /// Earlier meetings of pairs at one table.
    repeats: i64,
    /// Keep-apart pairs at one table.
    apart: i64,
    /// Earlier small-table rounds of the players at small tables.
    spread: i64,
}

impl Score {
    fn plus(self, other: Self) -> Self {
        Self {
            repeats: self.repeats + other.repeats,
            apart: self.apart + other.apart,
            spread: self.spread + other.spread,
        }
    }
}

/// Repeats and keep-apart of one player towards a set of players.
#[derive(Debug, Clone, Copy, Default)]
struct Toward {
    repeats: i64,
    apart: i64,
}

/// The local search over one round.
struct Search<'a> {
    meet: &'a Meet,
    apart: &'a Apart,
    /// Player → earlier small-table rounds.
    duty: &'a [i64],
    tables: Vec<Table>,
    /// Table → smaller than the largest table.
    small: Vec<bool>,
    /// Player → table.
    table_of: Vec<usize>,
    /// The best spread any round can have: the small seats at the players with least duty.
    least_spread: i64,
    work: u64,
}

impl<'a> Search<'a> {
    fn new(meet: &'a Meet, apart: &'a Apart, duty: &'a [i64], tables: Round, largest: u8) -> Self {
        let small: Vec<bool> = tables
            .iter()
            .map(|t| t.len() < usize::from(largest))
            .collect();
        let mut table_of = vec![0; duty.len()];
        for (t, table) in tables.iter().enumerate() {
            for &p in table {
                table_of[usize::from(p)] = t;
            }
        }
        let seats: usize = tables
            .iter()
            .zip(&small)
            .filter(|&(_, &s)| s)
            .map(|(t, _)| t.len())
            .sum();
        let mut sorted = duty.to_vec();
        sorted.sort_unstable();
        let least_spread = sorted[..seats].iter().sum();
        Self {
            meet,
            apart,
            duty,
            tables,
            small,
            table_of,
            least_spread,
            work: 0,
        }
    }

    fn toward(&self, p: PlayerIndex, t: usize) -> Toward {
        let mut sum = Toward::default();
        for &w in &self.tables[t] {
            if w != p {
                sum.repeats += i64::from(self.meet.get(p, w));
                sum.apart += self.apart.pair(p, w);
            }
        }
        sum
    }

    fn score(&self) -> Score {
        let mut score = Score::default();
        for (t, table) in self.tables.iter().enumerate() {
            for &p in table {
                let own = self.toward(p, t);
                // Each pair is seen from both ends.
                score.repeats += own.repeats;
                score.apart += own.apart;
                if self.small[t] {
                    score.spread += self.duty[usize::from(p)];
                }
            }
        }
        score.repeats /= 2;
        score.apart /= 2;
        score
    }

    fn best_possible(&self) -> Score {
        Score {
            repeats: 0,
            apart: 0,
            spread: self.least_spread,
        }
    }

    /// Players with something to improve: a repeat or group partner at their table, or (if
    /// the small seats could go to players with fewer) a small seat above the least duty
    /// at a large table.
    fn candidates(&self, spread_open: bool) -> Vec<PlayerIndex> {
        let least_at_large = self
            .tables
            .iter()
            .zip(&self.small)
            .filter(|&(_, &s)| !s)
            .flat_map(|(t, _)| t.iter().map(|&p| self.duty[usize::from(p)]))
            .min()
            .unwrap_or(0);
        let mut out = Vec::new();
        for (t, table) in self.tables.iter().enumerate() {
            for &p in table {
                let own = self.toward(p, t);
                let spread =
                    spread_open && self.small[t] && self.duty[usize::from(p)] > least_at_large;
                if own.repeats > 0 || own.apart > 0 || spread {
                    out.push(p);
                }
            }
        }
        out
    }

    /// The change of score if `u` (with `u_sums[t]` towards every table) and `v` swap.
    fn delta(&mut self, u: PlayerIndex, v: PlayerIndex, u_sums: &[Toward]) -> Score {
        let (a, b) = (self.table_of[usize::from(u)], self.table_of[usize::from(v)]);
        self.work += (self.tables[a].len() + self.tables[b].len()) as u64;
        let v_a = self.toward(v, a);
        let v_b = self.toward(v, b);
        let uv = (i64::from(self.meet.get(u, v)), self.apart.pair(u, v));
        let (du, dv) = (self.duty[usize::from(u)], self.duty[usize::from(v)]);
        let spread = match (self.small[a], self.small[b]) {
            (true, false) => dv - du,
            (false, true) => du - dv,
            _ => 0,
        };
        Score {
            repeats: u_sums[b].repeats + v_a.repeats - 2 * uv.0 - u_sums[a].repeats - v_b.repeats,
            apart: u_sums[b].apart + v_a.apart - 2 * uv.1 - u_sums[a].apart - v_b.apart,
            spread,
        }
    }

    fn swap(&mut self, u: PlayerIndex, v: PlayerIndex) {
        let (a, b) = (self.table_of[usize::from(u)], self.table_of[usize::from(v)]);
        for p in &mut self.tables[a] {
            if *p == u {
                *p = v;
            }
        }
        for p in &mut self.tables[b] {
            if *p == v {
                *p = u;
            }
        }
        self.table_of[usize::from(u)] = b;
        self.table_of[usize::from(v)] = a;
    }

    /// Tabu search from the current round within `budget` work; returns the best round.
    fn run(&mut self, rng: &mut Rng, budget: u64) -> Round {
        let n = self.table_of.len();
        let goal = self.best_possible();
        let mut current = self.score();
        let mut best = (current, self.tables.clone());
        let mut tabu_until = vec![0_u64; n];
        let mut step = 0_u64;
        let mut since_best = 0_u64;
        let stall = 60 + 4 * n as u64;
        while best.0 > goal && self.work < budget {
            step += 1;
            self.work += n as u64;
            let mut candidates = self.candidates(current.spread > goal.spread);
            let take = candidates.len().min(CANDIDATES);
            for i in 0..take {
                let j = i + rng.below(candidates.len() - i);
                candidates.swap(i, j);
            }
            // Best admissible swap, ties broken by reservoir sampling.
            let mut choice: Option<(Score, PlayerIndex, PlayerIndex)> = None;
            let mut ties = 0_usize;
            for &u in &candidates[..take] {
                let u_sums: Vec<Toward> =
                    (0..self.tables.len()).map(|t| self.toward(u, t)).collect();
                self.work += n as u64;
                for v in 0..n as PlayerIndex {
                    if self.table_of[usize::from(v)] == self.table_of[usize::from(u)] {
                        continue;
                    }
                    let delta = self.delta(u, v, &u_sums);
                    let after = current.plus(delta);
                    let free =
                        tabu_until[usize::from(u)] <= step && tabu_until[usize::from(v)] <= step;
                    if !free && after >= best.0 {
                        continue;
                    }
                    match choice {
                        Some((d, ..)) if delta > d => {}
                        Some((d, ..)) if delta == d => {
                            ties += 1;
                            if rng.below(ties) == 0 {
                                choice = Some((delta, u, v));
                            }
                        }
                        _ => {
                            ties = 1;
                            choice = Some((delta, u, v));
                        }
                    }
                }
            }
            if let Some((delta, u, v)) = choice {
                self.swap(u, v);
                current = current.plus(delta);
                let tenure = 2 + rng.below(2 + n / 8) as u64;
                tabu_until[usize::from(u)] = step + tenure;
                tabu_until[usize::from(v)] = step + tenure;
            }
            if current < best.0 {
                best = (current, self.tables.clone());
                since_best = 0;
            } else {
                since_best += 1;
            }
            if since_best > stall {
                // Restart near the best round with a few random swaps.
                self.restore(&best.1);
                for _ in 0..1 + n / 6 {
                    let u = rng.below(n) as PlayerIndex;
                    let v = rng.below(n) as PlayerIndex;
                    if self.table_of[usize::from(u)] != self.table_of[usize::from(v)] {
                        self.swap(u, v);
                    }
                }
                current = self.score();
                self.work += (n * n) as u64;
                tabu_until.fill(0);
                since_best = 0;
            }
        }
        best.1
    }

    fn restore(&mut self, tables: &[Table]) {
        self.tables = tables.to_vec();
        for (t, table) in self.tables.iter().enumerate() {
            for &p in table {
                self.table_of[usize::from(p)] = t;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_of_four_tables_take_the_doppelkopf_plans() {
        assert!(uses_doppelkopf_plans(&[4], 16));
        assert!(uses_doppelkopf_plans(&[3, 4], 12));
        assert!(!uses_doppelkopf_plans(&[3, 4], 7));
        assert!(!uses_doppelkopf_plans(&[4], 10));
        // Neither splits: the family refusal must name the family game's counts.
        assert!(!uses_doppelkopf_plans(&[4], 2));
    }
    use crate::game::{Game, doppeldoppel};
    use crate::seating::{evaluate, repeat_lower_bound};

    const KIDS: &[u8] = &[4];
    const DOPPELDOPPEL: &[u8] = &[3, 4];

    /// Draws `rounds` rounds one after the other, each against the ones before.
    fn draw(
        players: u16,
        allowed: &[u8],
        rounds: usize,
        seed: &str,
        apart: &[KeepApartGroup],
    ) -> Vec<Round> {
        let mut history: Vec<Round> = Vec::new();
        for _ in 0..rounds {
            let round = family_round(players, allowed, &history, seed, apart).unwrap();
            assert_seated_once(players, allowed, &round);
            history.push(round);
        }
        history
    }

    fn assert_seated_once(players: u16, allowed: &[u8], round: &Round) {
        let shape: Vec<u8> = round.iter().map(|t| t.len() as u8).collect();
        assert_eq!(shape, sizes_for(allowed, players).unwrap());
        let mut all: Vec<u16> = round.iter().flatten().copied().collect();
        all.sort_unstable();
        assert_eq!(all, (0..players).collect::<Vec<_>>());
    }

    #[test]
    fn the_games_table_sizes_are_the_ones_seated_here() {
        assert_eq!(Game::Doppeldoppel.table_sizes(), DOPPELDOPPEL);
        assert_eq!(doppeldoppel::MIN_PLAYERS, 3);
    }

    #[test]
    fn kids_sit_at_four_tables_only() {
        assert_eq!(sizes_for(KIDS, 4).unwrap(), [4]);
        assert_eq!(sizes_for(KIDS, 8).unwrap(), [4, 4]);
        assert_eq!(sizes_for(KIDS, 60).unwrap(), vec![4; 15]);
        let err = sizes_for(KIDS, 10).unwrap_err();
        assert_eq!(
            err,
            SeatingError::DoesNotSplit {
                players: 10,
                sizes: vec![4],
                below: Some(8),
                above: Some(12)
            }
        );
        assert_eq!(
            err.to_string(),
            "10 players cannot be split into tables of 4; 8 or 12 players would work"
        );
        let err = sizes_for(KIDS, 3).unwrap_err();
        assert_eq!(
            err,
            SeatingError::DoesNotSplit {
                players: 3,
                sizes: vec![4],
                below: None,
                above: Some(4)
            }
        );
        assert!(
            err.to_string().ends_with("at least 4 players are needed"),
            "{err}"
        );
        assert_eq!(
            sizes_for(KIDS, 4001),
            Err(SeatingError::TooManyPlayers {
                players: 4001,
                max: MAX_PLAYERS
            })
        );
        assert_eq!(sizes_for(KIDS, 4000).unwrap().len(), 1000);
    }

    #[test]
    fn doppeldoppel_prefers_four_tables_then_fewest_three_tables() {
        for (players, sizes) in [
            (3, vec![3]),
            (4, vec![4]),
            (6, vec![3, 3]),
            (7, vec![4, 3]),
            (8, vec![4, 4]),
            (9, vec![3, 3, 3]),
            (10, vec![4, 3, 3]),
            (11, vec![4, 4, 3]),
            (12, vec![4, 4, 4]),
            (13, vec![4, 3, 3, 3]),
            (17, vec![4, 4, 3, 3, 3]),
        ] {
            assert_eq!(
                sizes_for(DOPPELDOPPEL, players).unwrap(),
                sizes,
                "{players}"
            );
            assert_eq!(sizes_for(&[4, 3, 4], players).unwrap(), sizes, "{players}");
        }
        for players in 6..=MAX_PLAYERS {
            let sizes = sizes_for(DOPPELDOPPEL, players).unwrap();
            assert_eq!(sizes.iter().map(|&s| u16::from(s)).sum::<u16>(), players);
            assert!(sizes.iter().filter(|&&s| s == 3).count() <= 3);
        }
        let err = sizes_for(DOPPELDOPPEL, 5).unwrap_err();
        assert_eq!(
            err,
            SeatingError::DoesNotSplit {
                players: 5,
                sizes: vec![3, 4],
                below: Some(4),
                above: Some(6)
            }
        );
        assert_eq!(
            err.to_string(),
            "5 players cannot be split into tables of 3 and 4; 4 or 6 players would work"
        );
        for players in 0..3 {
            assert_eq!(
                sizes_for(DOPPELDOPPEL, players).unwrap_err(),
                SeatingError::DoesNotSplit {
                    players,
                    sizes: vec![3, 4],
                    below: None,
                    above: Some(3)
                }
            );
        }
        assert!(matches!(
            sizes_for(&[], 8),
            Err(SeatingError::DoesNotSplit {
                below: None,
                above: None,
                ..
            })
        ));
    }

    #[test]
    fn random_and_ranking_cut_into_family_tables() {
        let draw = family_random(10, DOPPELDOPPEL, "seed").unwrap();
        assert_seated_once(10, DOPPELDOPPEL, &draw);
        assert_eq!(draw, family_random(10, DOPPELDOPPEL, "seed").unwrap());
        assert_ne!(draw, family_random(10, DOPPELDOPPEL, "other").unwrap());
        // The same shuffle as the Doppelkopf draw, cut at other places.
        let mut rng = Rng::new(seed_hash("seed"));
        let mut order: Vec<u16> = (0..10).collect();
        rng.shuffle(&mut order);
        assert_eq!(
            draw,
            vec![
                order[..4].to_vec(),
                order[4..7].to_vec(),
                order[7..].to_vec()
            ]
        );

        let ranking = [9, 2, 5, 0, 1, 3, 4, 6, 7, 8];
        assert_eq!(
            family_by_ranking(&ranking, DOPPELDOPPEL).unwrap(),
            vec![vec![9, 2, 5, 0], vec![1, 3, 4], vec![6, 7, 8]]
        );
        assert!(matches!(
            family_by_ranking(&ranking, KIDS),
            Err(SeatingError::DoesNotSplit { players: 10, .. })
        ));
        assert!(family_random(5, DOPPELDOPPEL, "x").is_err());
    }

    #[test]
    fn malformed_requests_are_refused() {
        let history = vec![vec![vec![0, 1, 2, 3], vec![4, 5, 6, 0]]];
        assert_eq!(
            family_round(8, KIDS, &history, "x", &[]),
            Err(SeatingError::SeatedTwice {
                round: 0,
                player: 0
            })
        );
        let history = vec![vec![vec![0, 1, 2, 8]]];
        assert_eq!(
            family_round(8, KIDS, &history, "x", &[]),
            Err(SeatingError::UnknownPlayer {
                player: 8,
                players: 8
            })
        );
        assert_eq!(
            family_round(8, KIDS, &[], "x", &[vec![1, 9]]),
            Err(SeatingError::UnknownPlayer {
                player: 9,
                players: 8
            })
        );
        assert!(matches!(
            family_round(10, KIDS, &[], "x", &[]),
            Err(SeatingError::DoesNotSplit { .. })
        ));
        let long = vec![vec![vec![0, 1, 2, 3]]; usize::from(crate::seating::MAX_ROUNDS)];
        assert!(matches!(
            family_round(4, KIDS, &long, "x", &[]),
            Err(SeatingError::TooManyRounds { .. })
        ));
    }

    #[test]
    fn the_same_seed_gives_the_same_round() {
        let history = draw(22, DOPPELDOPPEL, 3, "fest", &[]);
        let next = family_round(22, DOPPELDOPPEL, &history, "fest", &[]).unwrap();
        assert_eq!(
            next,
            family_round(22, DOPPELDOPPEL, &history, "fest", &[]).unwrap()
        );
        assert_ne!(
            next,
            family_round(22, DOPPELDOPPEL, &history, "other", &[]).unwrap()
        );
        assert_eq!(history, draw(22, DOPPELDOPPEL, 3, "fest", &[]));
    }

    #[test]
    fn nine_doppeldoppel_players_meet_everyone_once_in_four_rounds() {
        // 9 players sit at three 3-tables; the affine plane of order 3 has 4 parallel
        // classes, and any rounds without repeats extend to it.
        for seed in ["a", "b", "c", "d", "e"] {
            let rounds = draw(9, DOPPELDOPPEL, 4, seed, &[]);
            let quality = evaluate(&rounds, &[]);
            assert_eq!(quality.repeat_pairs, 0, "{seed}: {rounds:?}");
        }
    }

    /// The search's own first criterion for `round` against `history`: for every pair at
    /// one table, how often it met before.
    fn earlier_meetings(history: &[Round], round: &Round) -> u32 {
        let mut total = 0;
        for table in round {
            for (i, &a) in table.iter().enumerate() {
                for &b in &table[i + 1..] {
                    total += history
                        .iter()
                        .flatten()
                        .filter(|t| t.contains(&a) && t.contains(&b))
                        .count() as u32;
                }
            }
        }
        total
    }

    #[test]
    fn twelve_kids_meet_earlier_table_mates_only_as_often_as_unavoidable() {
        // Not even 2 rounds without a repeat: three 4-tables drawn from the three 4-tables
        // of an earlier round seat two earlier table mates together at every table
        // (pigeonhole). So round 2 has at least 3 earlier meetings and round 3 at least 6
        // (one with a round-1 mate and one with a round-2 mate per table). The search
        // reaches both; it counts a third meeting as two, so the 6 are 6 different pairs:
        // 9 repeated pairs after 3 rounds, nobody met three times.
        for seed in ["a", "b", "c", "d"] {
            let rounds = draw(12, KIDS, 3, seed, &[]);
            let per_round: Vec<u32> = (0..3)
                .map(|r| earlier_meetings(&rounds[..r], &rounds[r]))
                .collect();
            assert_eq!(per_round, [0, 3, 6], "{seed}");
            let quality = evaluate(&rounds, &[]);
            assert_eq!(quality.repeat_pairs, 9, "{seed}");
            assert_eq!(quality.max_pair_meetings, 2, "{seed}");
        }
        // Plans that let a pair meet three times reach 6, the proven bound.
        assert_eq!(repeat_lower_bound(12, 3).unwrap(), 6);
    }

    #[test]
    fn sixteen_kids_meet_no_pair_twice_in_three_rounds() {
        // Round 2 without repeats is a set of transversals of round 1 (columns of a 4 × 4
        // grid), round 3 a Latin square on that grid: both always exist, whatever came
        // before. Round 4 needs a transversal of that Latin square, which the cyclic square
        // of order 4 lacks, so a round-by-round draw cannot promise it.
        for seed in ["a", "b", "c", "d"] {
            let rounds = draw(16, KIDS, 3, seed, &[]);
            assert_eq!(evaluate(&rounds, &[]).repeat_pairs, 0, "{seed}");
        }
    }

    #[test]
    fn larger_fields_meet_no_pair_twice() {
        for (players, allowed, rounds) in [(20, KIDS, 4), (40, KIDS, 7), (59, DOPPELDOPPEL, 8)] {
            for seed in ["a", "b"] {
                let drawn = draw(players, allowed, rounds, seed, &[]);
                assert_eq!(evaluate(&drawn, &[]).repeat_pairs, 0, "{players} {seed}");
            }
        }
    }

    #[test]
    fn seven_players_share_the_three_table_evenly() {
        // 7 players: a 4-table and a 3-table; 7 rounds seat 21 at the 3-table (3 each if
        // even) and make 63 meetings of the 21 pairs (so at least 42 repeats, 3 meetings
        // per pair). Both are reached together only by the Fano plane: the 3-tables are
        // its 7 lines. Round by round, repeats first: round 2's best (3 earlier meetings)
        // seats someone at the 3-table a second time while two had none, but after 7
        // rounds every player had it 3 times and every pair met exactly 3 times.
        for seed in ["a", "b", "c", "d", "e", "f"] {
            let rounds = draw(7, DOPPELDOPPEL, 7, seed, &[]);
            let mut duty = [0_u16; 7];
            for round in &rounds {
                for &p in &round[1] {
                    duty[usize::from(p)] += 1;
                }
            }
            assert_eq!(duty, [3; 7], "{seed}");
            let quality = evaluate(&rounds, &[]);
            assert_eq!(quality.repeat_pairs, 42, "{seed}");
            assert_eq!(quality.max_pair_meetings, 3, "{seed}");
        }
    }

    #[test]
    fn three_tables_go_to_those_who_had_none() {
        // 22 Doppeldoppel players: four 4-tables and two 3-tables, 6 players at 3-tables
        // per round. Over 3 rounds 18 different players take them, without a repeat.
        for seed in ["a", "b", "c", "d"] {
            let rounds = draw(22, DOPPELDOPPEL, 3, seed, &[]);
            let mut small: Vec<u16> = rounds.iter().flat_map(|r| r[4..].concat()).collect();
            assert_eq!(small.len(), 18);
            small.sort_unstable();
            small.dedup();
            assert_eq!(small.len(), 18, "{seed}");
            assert_eq!(evaluate(&rounds, &[]).repeat_pairs, 0, "{seed}");
        }
    }

    #[test]
    fn keep_apart_pairs_never_share_a_table_when_avoidable() {
        let groups = vec![vec![0, 1], vec![2, 3, 4], vec![5, 6]];
        for seed in ["a", "b", "c"] {
            let rounds = draw(16, KIDS, 3, seed, &groups);
            let quality = evaluate(&rounds, &groups);
            assert_eq!(quality.repeat_pairs, 0, "{seed}");
            assert_eq!(quality.keep_apart_violations, 0, "{seed}");
            let rounds = draw(22, DOPPELDOPPEL, 3, seed, &groups);
            let quality = evaluate(&rounds, &groups);
            assert_eq!(quality.repeat_pairs, 0, "{seed}");
            assert_eq!(quality.keep_apart_violations, 0, "{seed}");
        }
        // A group of five among 8 Kids players cannot be kept apart: split 3 and 2 over
        // the two 4-tables, 3 + 1 = 4 of its pairs share a table, and no more do.
        let big = vec![vec![0, 1, 2, 3, 4]];
        let round = family_round(8, KIDS, &[], "x", &big).unwrap();
        assert_eq!(evaluate(&[round], &big).keep_apart_violations, 4);
    }

    #[test]
    fn seats_are_shuffled_by_the_seed() {
        let a = family_round(4, KIDS, &[], "a", &[]).unwrap();
        let mut firsts = std::collections::HashSet::new();
        for i in 0..20 {
            let round = family_round(4, KIDS, &[], &format!("s{i}"), &[]).unwrap();
            firsts.insert(round[0][0]);
        }
        assert_eq!(firsts.len(), 4);
        assert_eq!(a, family_round(4, KIDS, &[], "a", &[]).unwrap());
    }
}
