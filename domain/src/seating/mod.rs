//! Seating: reproducible table draws and whole-tournament plans that avoid repeat encounters.
//!
//! Players are numbered from 0. A round is a list of tables, a table the list of its players
//! in seat order: seat 0 deals first, the last seat (3 at a 4-table, 4 at a 5-table) keeps
//! the list. A field is split into as many 4-tables as possible and the fewest 5-tables
//! ([`table_sizes`]); 4-tables come first in every round.
//!
//! # Reproducibility
//!
//! Everything here is a pure function of its arguments. The seed text is hashed with
//! 64-bit FNV-1a over its UTF-8 bytes ([`seed_hash`]); that number seeds a SplitMix64
//! generator written out below, so anyone with the players, the seed and this algorithm can
//! re-derive a draw. [`random_draw`] is the plainest use: a Fisher–Yates shuffle of
//! `0..players` (for `i` from the last index down to 1, swap `i` with a uniform `j <= i`,
//! drawn by Lemire's multiply-and-reject), cut into tables in [`table_sizes`] order.
//!
//! # How [`plan`] works
//!
//! Search alone does not find schedules without repeated pairs for the hard sizes, so the
//! plan starts from a combinatorial construction and only repairs and polishes by search:
//!
//! 1. **Grid designs** (transversal designs from difference matrices). With `g` tables the
//!    players fill a 4 × `g` grid whose columns are the elements of a group `G` of order
//!    `g`. A round is given by a column `(φ0, φ1, φ2, φ3)` of a difference matrix: table `j`
//!    holds the player of row `r` in column `j + φr`. Two players of rows `r ≠ s` meet in
//!    the round whose `φr − φs` equals their column difference, so as long as the row
//!    differences of the chosen columns are pairwise distinct no pair meets twice. `G` is
//!    the additive group of GF(q) with `φ = m·(e0, e1, e2, e3)` for distinct field elements
//!    when `g` is a power of 2 or 3 (`g` rounds; for `g = 4` this is the affine plane
//!    AG(2,4)), otherwise `Z_g` with
//!    `φ = m·(0, 1, 2, 3)` (all `g` rounds when `gcd(g, 6) = 1`) or, when that gives too few,
//!    a deterministic depth-first search for a longer partial difference matrix.
//!    Players of the same row never meet, so when `4 | g` the rows are seated by a smaller
//!    design of their own (recursively), which completes AG(2,4) for 16 players and gives
//!    the classic 9 rounds for 32.
//! 2. **Special designs**: a resolvable 2-(28,4,1) design (9 rounds, everyone meets
//!    everyone once), 1-rotational over `Z_9 × {0,1,2} ∪ {∞}`: one base round developed
//!    by adding `t` to the `Z_9` part; and 10 rounds for 32 players (the social golfer
//!    instance 8-4-10, out of reach of the grid and of search), built from ten lines of
//!    PG(3,2) and signs solving a GF(2) system (see `GOLFER_32` in the source); and 8 rounds
//!    for each of 41, 42 and 43 players with no repeated pair and 5-table duty even after
//!    every prefix of rounds, found offline by simulated annealing
//!    (`domain/examples/seating_designs.rs`) and embedded as constants (`designs.rs`).
//!    They replace steps 1 and 3 for these fields over up to 8 rounds (shorter plans take
//!    the first rounds); their never-meet classes, for keep-apart groups, are small (at
//!    most five players), unlike the grid rows.
//! 3. **5-tables**: with `f` 5-tables the grid is built for `4⌈n/4⌉` places, `4 − f` of them
//!    dummies in row 0 (never at one table), spread over the columns. Each round, one table
//!    that held a dummy is dissolved; its three players complete the other dummy tables and
//!    make `f` tables into 5-tables, chosen among tables whose players they have never met
//!    and who have had the fewest 5-table rounds. Seeded variants of the dummy columns and
//!    difference-matrix columns are tried and the best kept. This spreads 5-table duty;
//!    when it leaves repeated pairs that the search cannot remove (small fields), the plan
//!    also tries a grid of five rows whose fifth row holds only the `f` "extra" players
//!    (a five-row difference matrix: no repeats by construction, but the extras sit at a
//!    5-table every round) and keeps whichever result is better after the steps below.
//! 4. The seed shuffles which player gets which place; groups to keep apart are placed in
//!    the same grid row where they fit (row mates never meet), then players are relabelled
//!    pairwise where that removes keep-apart meetings.
//! 5. Rounds beyond what the construction covers are drawn greedily. A tabu search on swaps
//!    within a round then lowers repeated pairs towards the
//!    [lower bound](Quality::lower_bound) and afterwards works on uneven 5-table duty and
//!    keep-apart meetings, keeping the best plan by (repeats, duty, keep-apart) compared in
//!    that order; a final descent takes any swap that improves that order.
//!    If some player still has two 5-table rounds more than another, a rebalancing step
//!    moves duty without adding a repeat. Its main move is a *trade*: two players swap
//!    places in a set `R` of rounds. A player who sat with one of them in round `a` and
//!    with the other in round `b` would meet one of them twice exactly when one of `a`, `b`
//!    is in `R` and the other is not, so any union of connected components of the graph on
//!    rounds with those edges adds no repeat; the union that evens duty most is taken.
//!    When no trade helps, a single swap moves one round of duty and a tabu search that
//!    may not make duty less even clears the repeats it caused, or the swap is undone.
//!    Below 40 players, if a plan without repeats still has uneven duty after all that,
//!    simulated annealing on swaps within a round (its own random stream, a fixed number
//!    of proposed swaps) may pass through plans with a few repeats on its way to even
//!    duty, and keeps the best plan by (repeats, duty, keep-apart), so the result has no
//!    repeats either.
//!    Searches run on fixed work budgets, never on the clock, so results do not depend on
//!    the machine.
//! 6. Seat order: in each table one player is made first dealer and another list keeper so
//!    that the counts per player are as even as the tables allow (augmenting paths shift a
//!    table from a player with two more to one with fewer).
//!
//! [`next_round`] serves a running tournament: it continues the plan the tournament would
//! have had when the history is consistent with it (the first round may be any draw), and
//! otherwise searches a round against the history.
//!
//! # What is reached
//!
//! No repeated pair for 16 × 5 and 28 × 9 (everyone meets everyone once), 20 × 5, 32 × 10
//! (everyone misses exactly one other player), and every field from 40 to 400 players over
//! up to 8 rounds (tested). With 5-tables, duty is as even as the arithmetic allows (nobody
//! has two 5-table rounds more than anyone else, and nobody more than
//! `⌈rounds · 5f / players⌉`) for 41 to 47 players over up to 8 rounds (tested for 4, 6, 7
//! and 8 rounds, 41 to 43 × 8 for several seeds; 41 to 43 come from the embedded designs)
//! and for the larger fields tested. With keep-apart groups, 41 to 43 players over up to 8
//! rounds may leave a meeting or two more than a grid would, since the embedded designs
//! have only small never-meet classes and duty ranks above keep-apart.
//!
//! Below 40 players with 5-tables, fewest repeats and even duty often cannot both be had,
//! and repeats come first. Measured for 9 to 39 players (every size with 5-tables) over 2
//! to 8 rounds and seeds "a", "b", "x" (`domain/examples/duty_sweep.rs`): duty ends even
//! in 263 of 504 plans, 238 without the annealing stage, which evens 27 × 4, 29 × 6, 30
//! and 31 × 5, 34 and 35 × 6, 37 to 39 × 7 and 37 × 8 (two seeds of three). Still
//! uneven (someone has two 5-table rounds more than someone else): nearly every plan of
//! 17 to 22 players; 9 × 2 to 4, 13 and 14 × 2 to 5, 23 × 2 to 6, 25 × 6 to 8, 26 × 2, 3
//! and 5 to 8, 27 × 2 and 5 to 8, 29 × 7 and 8, 30 × 6 to 8, 31 × 2 and 6 to 8, 33 to
//! 35 × 7 and 8, 38 and 39 × 8. Some of these are impossible without a repeat: over 2 rounds
//! a 5-table of round 2 needs five players from five different round-1 4-tables, and 21
//! to 23, 26, 27 and 31 players have fewer. The stage skips plans
//! with repeats: run on them too, it evened 58 more of these plans without adding a
//! repeat to any, but [`next_round`], which leaves such a plan at its first repeated pair
//! and searches from there, then found more repeats for tournaments that started with a
//! random first round (26 or 35 of 210 measured chains above the bound instead of 21).

use std::collections::HashSet;

mod changes;
mod designs;

pub use changes::{SeatChange, by_ranking, rearrange};

/// Most players [`plan`] and [`next_round`] accept (the pair table grows with its square).
pub const MAX_PLAYERS: u16 = 4000;

/// Most rounds [`plan`] accepts, and most rounds of history plus one for [`next_round`].
pub const MAX_ROUNDS: u16 = 100;

/// Rounds that [`next_round`] plans ahead so that consecutive calls follow one plan.
const NEXT_ROUND_HORIZON: usize = 8;

/// Work units (roughly inner-loop steps) for the tabu search of one plan: repeats first,
/// then 5-table duty and keep-apart. A budget, not a clock, keeps plans reproducible.
const REPAIR_WORK: u64 = 6_000_000;

/// Work units for evening out 5-table duty once the repeats are down, and for clearing the
/// repeats of one duty move (see `State::rebalance`).
const REBALANCE_WORK: u64 = 4_000_000;
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
/// (see `State::anneal_duty`); from 40 on the pipeline evens it already.
const ANNEAL_DUTY_BELOW: usize = 40;

/// Proposed swaps for that stage, a fixed budget (not a clock) so that plans stay
/// reproducible; one costs a few table lookups, the whole stage about 100 ms in release.
const ANNEAL_DUTY_STEPS: u64 = 1_500_000;

/// Runs the stage's budget is split into, each starting from the best plan so far.
const ANNEAL_DUTY_RUNS: u64 = 5;

/// Two players and the rounds in which they swap places (see `State::best_trade`).
type Trade = (u16, u16, Vec<usize>);

/// How a repair weighs its aims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Repeats first, then duty and keep-apart.
    Plain,
    /// Repeats only, never making duty less even; stops at the floor.
    HoldDuty,
}

/// Work units for the polishing descent (duty and keep-apart) of one plan.
const POLISH_WORK: u64 = 8_000_000;

/// Work units for the difference-matrix search of one group.
const DIFFERENCE_SEARCH_WORK: u64 = 3_000_000;

/// Variants of the dummy placement and column choice tried for fields with 5-tables.
const MERGE_ATTEMPTS: usize = 24;

/// More variants for small fields, where they are cheap and most needed: this divided by
/// the square of the table count.
const MERGE_ATTEMPT_WORK: usize = 40_000;

/// Extra difference-matrix columns to choose from when placing dummies.
const MERGE_SPARE_COLUMNS: usize = 4;

/// Largest group order for which the difference-matrix search runs; beyond it the linear
/// columns already give `g/3` rounds or more.
const DIFFERENCE_SEARCH_MAX_ORDER: u32 = 128;

/// A request for a whole tournament's seating, as `POST /api/v1/seating/plan` takes it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlanRequest {
    /// Number of players, numbered `0..players`.
    pub players: u16,
    /// Number of rounds to plan.
    pub rounds: u16,
    /// Any text; the same text gives the same plan.
    pub seed: String,
    /// Groups of players (same club, family, came together) to keep apart where possible.
    pub keep_apart: Vec<Vec<u16>>,
}

/// A seating plan: every round's tables with players in seat order, and its quality.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// Round → tables → players in seat order (seat 0 deals first, the last seat keeps
    /// the list). 4-tables come before 5-tables.
    pub rounds: Vec<Vec<Vec<u16>>>,
    /// How good the plan is; the same numbers [`evaluate`] reports for these rounds.
    pub quality: Quality,
}

/// The measured quality of a set of rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Quality {
    /// Repeated encounters: for every pair of players, the number of tables they shared
    /// beyond the first (a pair meeting three times counts 2).
    pub repeat_pairs: u32,
    /// A proven lower bound on `repeat_pairs` for this many players and rounds with these
    /// table sizes; `repeat_pairs - lower_bound` is the distance to the best possible.
    pub lower_bound: u32,
    /// Most tables any one pair of players shared.
    pub max_pair_meetings: u16,
    /// Encounters of two players of one keep-apart group at a table, counted per pair and
    /// round.
    pub keep_apart_violations: u32,
    /// Most rounds any player sat at a 5-table.
    pub max_five_table_duty: u16,
    /// Fewest rounds any player sat at a 5-table.
    pub min_five_table_duty: u16,
    /// Most rounds any player sat at seat 0 (first dealer).
    pub max_first_dealer: u16,
    /// Fewest rounds any player sat at seat 0.
    pub min_first_dealer: u16,
    /// Most rounds any player kept the list (seat 3 at a 4-table, seat 4 at a 5-table).
    pub max_list_keeper: u16,
    /// Fewest rounds any player kept the list.
    pub min_list_keeper: u16,
}

/// Why a draw or plan cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeatingError {
    /// The player count cannot be split into tables of 4 and 5 (fewer than 4, 6, 7 or 11).
    #[error("{players} players cannot be split into tables of 4 and 5; {}", suggestion(*.below, *.above))]
    Unsplittable {
        /// The refused player count.
        players: u16,
        /// The nearest smaller count that can be seated, if there is one.
        below: Option<u16>,
        /// The nearest larger count that can be seated.
        above: u16,
    },
    /// More players than [`MAX_PLAYERS`].
    #[error("{players} players are more than the {max} a plan supports")]
    TooManyPlayers {
        /// The requested player count.
        players: u16,
        /// The limit, [`MAX_PLAYERS`].
        max: u16,
    },
    /// More rounds than [`MAX_ROUNDS`] (for [`next_round`]: history plus the new round).
    #[error("{rounds} rounds are more than the {max} a plan supports")]
    TooManyRounds {
        /// The requested number of rounds.
        rounds: usize,
        /// The limit, [`MAX_ROUNDS`].
        max: u16,
    },
    /// A keep-apart group or a history table names a player outside `0..players`.
    #[error("player {player} is not in the field of {players} players (numbered from 0)")]
    UnknownPlayer {
        /// The unknown player number.
        player: u16,
        /// The field size.
        players: u16,
    },
    /// A history round seats one player twice.
    #[error("round {round} of the history seats player {player} twice")]
    SeatedTwice {
        /// The round, counted from 0.
        round: usize,
        /// The player seated twice.
        player: u16,
    },
    /// A change names a player who has no seat in the round (at that point).
    #[error("change {change}: player {player} has no seat in this round")]
    NotSeated {
        /// The change, counted from 0.
        change: usize,
        /// The player.
        player: u16,
    },
    /// A move names a table the round does not have.
    #[error("change {change}: there is no table {table} (the round has {tables}, counted from 0)")]
    NoSuchTable {
        /// The change, counted from 0.
        change: usize,
        /// The table, counted from 0.
        table: usize,
        /// How many tables the round has.
        tables: usize,
    },
    /// A move names a seat beyond the end of the table.
    #[error("change {change}: seat {seat} is beyond the table's {seats} places (counted from 0)")]
    NoSuchSeat {
        /// The change, counted from 0.
        change: usize,
        /// The seat, counted from 0.
        seat: usize,
        /// Places the player could take at that table.
        seats: usize,
    },
    /// After the changes a table has other than 4 or 5 players.
    #[error("table {table} (counted from 0) would have {size} players; a table has 4 or 5")]
    WrongTableSize {
        /// The table, counted from 0.
        table: usize,
        /// Its size after the changes.
        size: usize,
    },
}

/// The "what would work" part of [`SeatingError::Unsplittable`].
fn suggestion(below: Option<u16>, above: u16) -> String {
    match below {
        Some(below) => format!("{below} or {above} players would work"),
        None => format!("at least {above} players are needed"),
    }
}

// ---------------------------------------------------------------------------------------
// Seed hashing and the pseudo-random generator
// ---------------------------------------------------------------------------------------

/// The 64-bit seed of a seed text: FNV-1a 64 over its UTF-8 bytes (offset basis
/// `0xcbf29ce484222325`, prime `0x100000001b3`).
///
/// It seeds SplitMix64 (state advanced by `0x9e3779b97f4a7c15`, output mixed with
/// `0xbf58476d1ce4e5b9` and `0x94d049bb133111eb`), the generator behind every draw here.
#[must_use]
pub fn seed_hash(seed: &str) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for byte in seed.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast and statistically sound for
/// shuffles; written here so that the whole draw is specified by this file.
#[derive(Debug, Clone)]
struct Rng {
    state: u64,
}

impl Rng {
    fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..bound` by Lemire's multiply-and-reject, so without modulo bias.
    fn below(&mut self, bound: usize) -> usize {
        if bound <= 1 {
            return 0;
        }
        let bound = bound as u64;
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(bound);
            if (product as u64) >= threshold {
                return (product >> 64) as usize;
            }
        }
    }

    /// Fisher–Yates: for `i` from the last index down to 1, swap `i` with `below(i + 1)`.
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Table sizes and the public entry points
// ---------------------------------------------------------------------------------------

/// Number of 4-tables and 5-tables for `players`, or `None` if they cannot be split.
fn split(players: u16) -> Option<(usize, usize)> {
    let n = usize::from(players);
    // 5 ≡ 1 (mod 4), so the number of 5-tables is fixed modulo 4; the fewest is n mod 4.
    let fives = n % 4;
    if n < 4 || n < 5 * fives {
        None
    } else {
        Some(((n - 5 * fives) / 4, fives))
    }
}

fn unsplittable(players: u16) -> SeatingError {
    let below = (4..players).rev().find(|&count| split(count).is_some());
    let above = (players.saturating_add(1)..=u16::MAX)
        .find(|&count| split(count).is_some())
        .unwrap_or(players);
    SeatingError::Unsplittable {
        players,
        below,
        above,
    }
}

/// Table sizes for a field: as many 4-tables as possible, then the fewest 5-tables needed.
///
/// # Errors
///
/// [`SeatingError::Unsplittable`] for fewer than 4 players and for 6, 7 and 11 players; the
/// error names the nearest counts that would work.
pub fn table_sizes(players: u16) -> Result<Vec<u8>, SeatingError> {
    let (fours, fives) = split(players).ok_or_else(|| unsplittable(players))?;
    let mut sizes = vec![4_u8; fours];
    sizes.extend(std::iter::repeat_n(5_u8, fives));
    Ok(sizes)
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

/// A uniformly random single round: Fisher–Yates over `0..players` with the seeded
/// generator (see the module documentation), cut into tables in [`table_sizes`] order.
/// The shuffled order is also the seat order.
///
/// # Errors
///
/// [`SeatingError::Unsplittable`] if the field cannot be seated.
pub fn random_draw(players: u16, seed: &str) -> Result<Vec<Vec<u16>>, SeatingError> {
    let sizes = table_sizes(players)?;
    let mut order: Vec<u16> = (0..players).collect();
    Rng::new(seed_hash(seed)).shuffle(&mut order);
    let mut tables = Vec::with_capacity(sizes.len());
    let mut rest = order.as_slice();
    for size in sizes {
        let (table, tail) = rest.split_at(usize::from(size));
        tables.push(table.to_vec());
        rest = tail;
    }
    Ok(tables)
}

/// Plans every round of a tournament: no pair of players at one table twice where the
/// construction or the search achieves it, then even 5-table duty, keep-apart groups apart,
/// and even first-dealer and list-keeper seats. Deterministic for a given request.
///
/// # Errors
///
/// [`SeatingError::Unsplittable`] for a field that cannot be seated,
/// [`SeatingError::TooManyPlayers`], [`SeatingError::TooManyRounds`], and
/// [`SeatingError::UnknownPlayer`] for a keep-apart group naming a player outside the field.
pub fn plan(req: &PlanRequest) -> Result<Plan, SeatingError> {
    let sizes = validate(req.players, usize::from(req.rounds), &req.keep_apart)?;
    let n = usize::from(req.players);
    let apart = Apart::new(n, &req.keep_apart);
    let hash = seed_hash(&req.seed);
    let mut rounds = schedule(n, &sizes, usize::from(req.rounds), hash, &apart);
    let mut rng = Rng::new(hash ^ SEAT_STREAM);
    assign_seats(&mut rounds, n, &vec![0; n], &vec![0; n], &mut rng);
    for round in &mut rounds {
        order_tables(round);
    }
    let quality = evaluate(&rounds, &req.keep_apart);
    Ok(Plan { rounds, quality })
}

/// The next round of a running tournament (`avoid_repeats`): minimises pairs who already
/// shared a table in `history`, then evens out seats (first dealer, list keeper) and 5-table
/// duty, then keeps groups apart.
///
/// `history` holds the rounds played so far with the current numbering: the caller
/// renumbers players for withdrawals and late arrivals, so history tables may be short
/// and some players absent from them. When the history follows the plan for this seed (any
/// first round is accepted: the plan is relabelled to match it), the plan's next round is
/// the starting point, so a whole tournament drawn round by round keeps the plan's quality.
///
/// # Errors
///
/// As [`plan`], plus [`SeatingError::UnknownPlayer`] and [`SeatingError::SeatedTwice`] for
/// a malformed history.
pub fn next_round(
    players: u16,
    history: &[Vec<Vec<u16>>],
    seed: &str,
    keep_apart: &[Vec<u16>],
) -> Result<Vec<Vec<u16>>, SeatingError> {
    let horizon = (history.len() + 1).max(NEXT_ROUND_HORIZON);
    let mut rounds = continue_tournament(players, history, 1, horizon, seed, keep_apart)?;
    Ok(rounds.pop().unwrap_or_default())
}

/// The remaining `rounds` rounds of a running tournament after `history`, planned for
/// exactly `history.len() + rounds` rounds in all: each round is found as [`next_round`]
/// finds it, but against one plan of the whole tournament's length, built once. Objectives
/// that a plan evens out over all its rounds (5-table duty, seats) are then even when the
/// tournament ends, which a plan of another length does not promise. Drawing round by round
/// with the tournament's remaining rounds and taking the first gives the same rounds as
/// planning them together, as long as the players do not change.
///
/// # Errors
///
/// As [`next_round`].
pub fn plan_after(
    players: u16,
    history: &[Vec<Vec<u16>>],
    rounds: u16,
    seed: &str,
    keep_apart: &[Vec<u16>],
) -> Result<Vec<Vec<Vec<u16>>>, SeatingError> {
    let total = history.len() + usize::from(rounds);
    continue_tournament(players, history, rounds, total, seed, keep_apart)
}

/// [`plan_after`] with a plan of `horizon` rounds (at least the history and `rounds`).
fn continue_tournament(
    players: u16,
    history: &[Vec<Vec<u16>>],
    rounds: u16,
    horizon: usize,
    seed: &str,
    keep_apart: &[Vec<u16>],
) -> Result<Vec<Vec<Vec<u16>>>, SeatingError> {
    let total = history.len() + usize::from(rounds);
    let sizes = validate(players, total, keep_apart)?;
    let n = usize::from(players);
    for (round, tables) in history.iter().enumerate() {
        let mut seen = vec![false; n];
        for &player in tables.iter().flatten() {
            let slot = seen
                .get_mut(usize::from(player))
                .ok_or(SeatingError::UnknownPlayer { player, players })?;
            if *slot {
                return Err(SeatingError::SeatedTwice { round, player });
            }
            *slot = true;
        }
    }
    let apart = Apart::new(n, keep_apart);
    let hash = seed_hash(seed);
    let horizon = horizon.max(total).min(usize::from(MAX_ROUNDS));
    let mut plans = Plans {
        n,
        sizes: &sizes,
        horizon,
        hash,
        apart: &apart,
        built: [None, None],
        variants: if keep_apart.is_empty() { 1 } else { 2 },
    };
    let mut all = history.to_vec();
    for _ in 0..rounds {
        let round = continue_plans(&all, &mut plans);
        all.push(round);
    }
    Ok(all.split_off(history.len()))
}

/// The plans a running tournament follows, built when first needed: the plan with the
/// groups placed, and the plan without them (a large group can make the first impossible
/// to follow from a given history, and repeats come before groups). Without groups the two
/// are the same plan, so there is one variant.
struct Plans<'a> {
    n: usize,
    sizes: &'a [u8],
    horizon: usize,
    hash: u64,
    apart: &'a Apart,
    built: [Option<Vec<Vec<Vec<u16>>>>; 2],
    variants: usize,
}

impl Plans<'_> {
    fn get(&mut self, variant: usize) -> &[Vec<Vec<u16>>] {
        if self.built[variant].is_none() {
            let plain;
            let groups = if variant == 0 {
                self.apart
            } else {
                plain = Apart::new(self.n, &[]);
                &plain
            };
            self.built[variant] = Some(schedule(
                self.n,
                self.sizes,
                self.horizon,
                self.hash,
                groups,
            ));
        }
        self.built[variant].as_deref().unwrap_or_default()
    }
}

/// One round after `history`: a plan's own round when it adds no repeat, otherwise the
/// best of the plans' rounds and a greedy round after search.
fn continue_plans(history: &[Vec<Vec<u16>>], plans: &mut Plans<'_>) -> Vec<Vec<u16>> {
    let (n, hash, apart) = (plans.n, plans.hash, plans.apart);
    let sizes = plans.sizes;
    let mut meet = Meet::new(n);
    let mut duty = vec![0_u32; n];
    let mut dealer = vec![0_u32; n];
    let mut keeper = vec![0_u32; n];
    for table in history.iter().flatten() {
        meet.add_table(table, 1);
        count_positions(table, &mut duty, &mut dealer, &mut keeper);
    }

    let mut candidates = Vec::new();
    let floor = history_repeats(&meet);
    for variant in 0..plans.variants {
        let Some(round) = follow_plan(plans.get(variant), history, sizes) else {
            continue;
        };
        let state = State::new(n, vec![round.clone()], meet.clone(), duty.clone(), apart);
        if state.cost().repeats == floor {
            // The plan's own round adds no repeat: take it as it is. Polishing it for
            // keep-apart or duty would move it off the plan, and the next rounds could then
            // no longer follow the plan and would fall back to search, with repeats.
            let mut rounds = vec![round];
            let mut rng = Rng::new(hash ^ NEXT_ROUND_STREAM);
            assign_seats(&mut rounds, n, &dealer, &keeper, &mut rng);
            let mut round = rounds.into_iter().next().unwrap_or_default();
            order_tables(&mut round);
            return round;
        }
        candidates.push(round);
    }
    let mut rng = Rng::new(hash ^ NEXT_ROUND_STREAM);
    candidates.push(greedy_round(n, sizes, &meet, &duty, apart, &mut rng));

    let mut best: Option<(Cost, Vec<Vec<u16>>)> = None;
    for candidate in candidates {
        let mut state = State::new(n, vec![candidate], meet.clone(), duty.clone(), apart);
        // Repeats inside the history cannot be undone; the round should add none.
        state.repair(floor, REPAIR_WORK / 4, Mode::Plain, &mut rng);
        state.polish(POLISH_WORK / 4, &mut rng);
        let cost = state.cost();
        if best.as_ref().is_none_or(|(best_cost, _)| cost < *best_cost) {
            let round = state.rounds.into_iter().next().unwrap_or_default();
            best = Some((cost, round));
        }
    }
    let mut rounds = vec![best.map(|(_, round)| round).unwrap_or_default()];
    assign_seats(&mut rounds, n, &dealer, &keeper, &mut rng);
    let mut round = rounds.into_iter().next().unwrap_or_default();
    order_tables(&mut round);
    round
}

/// Counts one table towards each player's 5-table duty, first deals (seat 0) and list
/// keeping (the last seat of a full table).
fn count_positions(table: &[u16], duty: &mut [u32], dealer: &mut [u32], keeper: &mut [u32]) {
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

/// Measures a set of rounds, e.g. after an organiser swapped players by hand. Players are
/// those seated in any round; the lower bound assumes the same table sizes.
#[must_use]
pub fn evaluate(rounds: &[Vec<Vec<u16>>], keep_apart: &[Vec<u16>]) -> Quality {
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

    let shapes: Vec<Vec<usize>> = rounds
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

/// Checks a request and returns the table sizes.
fn validate(players: u16, rounds: usize, keep_apart: &[Vec<u16>]) -> Result<Vec<u8>, SeatingError> {
    let sizes = table_sizes(players)?;
    if players > MAX_PLAYERS {
        return Err(SeatingError::TooManyPlayers {
            players,
            max: MAX_PLAYERS,
        });
    }
    if rounds > usize::from(MAX_ROUNDS) {
        return Err(SeatingError::TooManyRounds {
            rounds,
            max: MAX_ROUNDS,
        });
    }
    if let Some(&player) = keep_apart.iter().flatten().find(|&&p| p >= players) {
        return Err(SeatingError::UnknownPlayer { player, players });
    }
    Ok(sizes)
}

/// Stream separators so the seat draw and the next-round search do not reuse the numbers
/// the plan itself consumed.
const SEAT_STREAM: u64 = 0x5345_4154_5345_4154;
const NEXT_ROUND_STREAM: u64 = 0x4e45_5854_524f_554e;
const ANNEAL_STREAM: u64 = 0x414e_4e45_414c_4455;

/// 4-tables first, then 5-tables, otherwise keeping the order.
fn order_tables(round: &mut [Vec<u16>]) {
    round.sort_by_key(Vec::len);
}

// ---------------------------------------------------------------------------------------
// Lower bound
// ---------------------------------------------------------------------------------------

/// A sound lower bound on repeated encounters for `players` seated in rounds of the given
/// table sizes.
///
/// Counting: a player at a table of `s` meets `s − 1` others; over all rounds the player's
/// meetings `M_p` exceed the `players − 1` possible partners by at least `M_p − (players −
/// 1)`, and each repeated encounter is counted by both players. The total of meetings is
/// fixed by the table sizes; by convexity the sum is smallest when meetings are spread as
/// evenly as possible, which gives the bound for any seating.
///
/// Pigeonhole (for tiny fields, only when every round seats everyone): the players of a
/// table spread over the first round's tables; with fewer tables than players some of them
/// shared a table in round one.
fn lower_bound(players: usize, shapes: &[Vec<usize>], full_rounds: bool) -> u32 {
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

// ---------------------------------------------------------------------------------------
// Finite groups for the grid designs
// ---------------------------------------------------------------------------------------

/// The column group of a grid design.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Group {
    /// The integers modulo `order`.
    Cyclic { order: u32 },
    /// GF(p^k): an element is the base-`p` number whose digits are the coefficients of a
    /// polynomial in `x` (lowest first); `reduce` holds `x^k` written in lower powers.
    Field { p: u32, k: u32, reduce: Vec<u32> },
}

/// Monic irreducible polynomials `x^k + c_{k-1} x^{k-1} + … + c_0`, as `(p, [c_0, …])`.
/// All are primitive except the AES polynomial for 2^8, which is irreducible (a field is
/// all the construction needs); the tests check every one.
const FIELD_POLYNOMIALS: &[(u32, &[u32])] = &[
    (2, &[1, 1]),
    (2, &[1, 1, 0]),
    (2, &[1, 1, 0, 0]),
    (2, &[1, 0, 1, 0, 0]),
    (2, &[1, 1, 0, 0, 0, 0]),
    (2, &[1, 1, 0, 0, 0, 0, 0]),
    (2, &[1, 1, 0, 1, 1, 0, 0, 0]),
    (2, &[1, 0, 0, 0, 1, 0, 0, 0, 0]),
    (3, &[1, 0]),
    (3, &[1, 2, 0]),
    (3, &[2, 1, 0, 0]),
    (3, &[1, 2, 0, 0, 0]),
    (3, &[2, 1, 0, 0, 0, 0]),
];

impl Group {
    /// GF(g) when `g` is 2^k or 3^k with `k ≥ 2` (the cyclic group of such an order has too
    /// few good columns), otherwise `Z_g`.
    fn for_order(order: u32) -> Self {
        for &(p, coefficients) in FIELD_POLYNOMIALS {
            let k = coefficients.len() as u32;
            if p.checked_pow(k) == Some(order) {
                return Self::Field {
                    p,
                    k,
                    reduce: coefficients.iter().map(|&c| (p - c) % p).collect(),
                };
            }
        }
        Self::Cyclic { order }
    }

    fn order(&self) -> u32 {
        match self {
            Self::Cyclic { order } => *order,
            Self::Field { p, k, .. } => p.pow(*k),
        }
    }

    fn digits(p: u32, k: u32, mut value: u32) -> Vec<u32> {
        (0..k)
            .map(|_| {
                let digit = value % p;
                value /= p;
                digit
            })
            .collect()
    }

    fn number(p: u32, digits: &[u32]) -> u32 {
        digits.iter().rev().fold(0, |acc, &d| acc * p + d)
    }

    fn add(&self, a: u32, b: u32) -> u32 {
        match self {
            Self::Cyclic { order } => (a + b) % order,
            Self::Field { p, k, .. } => {
                let (da, db) = (Self::digits(*p, *k, a), Self::digits(*p, *k, b));
                let sum: Vec<u32> = da.iter().zip(&db).map(|(x, y)| (x + y) % p).collect();
                Self::number(*p, &sum)
            }
        }
    }

    fn mul(&self, a: u32, b: u32) -> u32 {
        match self {
            Self::Cyclic { order } => (a * b) % order,
            Self::Field { p, k, reduce } => {
                let k = *k as usize;
                let (da, db) = (Self::digits(*p, k as u32, a), Self::digits(*p, k as u32, b));
                let mut product = vec![0_u32; 2 * k - 1];
                for (i, x) in da.iter().enumerate() {
                    for (j, y) in db.iter().enumerate() {
                        product[i + j] = (product[i + j] + x * y) % p;
                    }
                }
                for degree in (k..product.len()).rev() {
                    let coefficient = product[degree];
                    product[degree] = 0;
                    for (i, r) in reduce.iter().enumerate() {
                        let at = degree - k + i;
                        product[at] = (product[at] + coefficient * r) % p;
                    }
                }
                Self::number(*p, &product[..k])
            }
        }
    }

    /// Columns `(φ0, …, φ_{rows−1})` of a (partial) difference matrix with `φ0 = 0`: for
    /// every two rows the differences `φr − φs` over the columns are pairwise distinct. At
    /// most `want` columns.
    fn columns(&self, want: usize, rows: usize) -> Vec<Vec<u32>> {
        match self {
            Self::Field { .. } => {
                // φ = m·(e0, e1, …) for distinct field elements e_r (the numbers 0, 1, 2, …
                // read as digit strings): m·(e_r − e_s) is injective in m.
                if (self.order() as usize) < rows {
                    return Vec::new();
                }
                (0..self.order())
                    .take(want)
                    .map(|m| (0..rows as u32).map(|e| self.mul(m, e)).collect())
                    .collect()
            }
            Self::Cyclic { order } => {
                let g = *order;
                // φ = m·(0, 1, 2, …): two multipliers clash only if their difference δ has
                // δ·d ≡ 0 (mod g) for a row difference d < rows.
                let mut multipliers: Vec<u32> = Vec::new();
                for m in 0..g {
                    if multipliers.len() >= want {
                        break;
                    }
                    let fits = multipliers.iter().all(|&other| {
                        let delta = (m + g - other) % g;
                        (1..rows as u32).all(|d| (delta * d) % g != 0)
                    });
                    if fits {
                        multipliers.push(m);
                    }
                }
                let linear: Vec<Vec<u32>> = multipliers
                    .iter()
                    .map(|&m| (0..rows as u32).map(|r| (r * m) % g).collect())
                    .collect();
                if linear.len() >= want || g > DIFFERENCE_SEARCH_MAX_ORDER {
                    return linear;
                }
                let searched = difference_search(g, want, rows);
                if searched.len() > linear.len() {
                    searched
                } else {
                    linear
                }
            }
        }
    }
}

/// Depth-first search for a partial difference matrix over `Z_g` (`g ≤ 128`): columns
/// `(0, a1, a2, …)` with `a1` increasing from column to column, values tried in increasing
/// order, so the result is a fixed function of `g`, `want` and `rows`. Returns the longest
/// matrix found within the work budget.
fn difference_search(g: u32, want: usize, rows: usize) -> Vec<Vec<u32>> {
    struct Search {
        g: usize,
        rows: usize,
        want: usize,
        /// For rows `s < r`, at `s·rows + r`: the differences `φr − φs` used so far.
        used: Vec<u128>,
        columns: Vec<Vec<u32>>,
        best: Vec<Vec<u32>>,
        work: u64,
    }
    impl Search {
        /// Sets row `column.len()` of the next column (row 0 is always 0).
        fn run(&mut self, a_min: usize, column: &mut Vec<u32>) -> bool {
            if column.len() == self.rows {
                self.columns.push(column.clone());
                if self.columns.len() > self.best.len() {
                    self.best.clone_from(&self.columns);
                }
                if self.columns.len() >= self.want {
                    return true;
                }
                let next_min = column[1] as usize + 1;
                if self.g - next_min.min(self.g) < self.want - self.columns.len() {
                    self.columns.pop();
                    return false;
                }
                let mut next = vec![0];
                if self.run(next_min, &mut next) {
                    return true;
                }
                self.columns.pop();
                return false;
            }
            let (g, r) = (self.g, column.len());
            let low = if r == 1 { a_min } else { 0 };
            for value in low..g {
                self.work += 1;
                if self.work > DIFFERENCE_SEARCH_WORK {
                    return false;
                }
                // Row `r` against each earlier row `s` of this column.
                let slots: Vec<(usize, usize)> = column
                    .iter()
                    .enumerate()
                    .map(|(s, &earlier)| (s * self.rows + r, (value + g - earlier as usize) % g))
                    .collect();
                if slots
                    .iter()
                    .any(|&(slot, difference)| self.used[slot] >> difference & 1 == 1)
                {
                    continue;
                }
                for &(slot, difference) in &slots {
                    self.used[slot] |= 1 << difference;
                }
                column.push(value as u32);
                if self.run(a_min, column) {
                    return true;
                }
                column.pop();
                for &(slot, difference) in &slots {
                    self.used[slot] &= !(1 << difference);
                }
            }
            false
        }
    }
    let mut search = Search {
        g: g as usize,
        rows,
        want,
        used: vec![0; rows * rows],
        columns: Vec::new(),
        best: Vec::new(),
        work: 0,
    };
    search.run(0, &mut vec![0]);
    search.best
}

// ---------------------------------------------------------------------------------------
// Constructions
// ---------------------------------------------------------------------------------------

/// Rounds over points `0..points` (tables unordered) with no pair at two tables, and the
/// classes of points that never share a table in them (used to seat keep-apart groups).
#[derive(Debug, Clone, Default)]
struct Design {
    rounds: Vec<Vec<Vec<u16>>>,
    never_meet: Vec<Vec<u16>>,
}

/// Base round of a resolvable 2-(28,4,1) design on `Z_9 × {0,1,2} ∪ {∞}`: the point
/// `(x, i)` is `9i + x` and ∞ is 27. Round `t` adds `t` (mod 9) to every `x`; the seven
/// base tables cover each of the 42 pair orbits once, so the nine rounds seat every pair
/// exactly once (found by exact-cover search, checked by a test).
const KIRKMAN_28_BASE: [[u16; 4]; 7] = [
    [0, 10, 14, 23],
    [1, 21, 25, 18],
    [2, 11, 8, 3],
    [4, 22, 6, 17],
    [5, 24, 12, 27],
    [7, 20, 13, 19],
    [9, 26, 15, 16],
];

/// Ten rounds for 32 players with no repeated pair: the social golfer instance 8-4-10, where
/// every player meets 30 of the other 31 and misses only its partner `p ^ 1`.
///
/// Derived for this module: the 16 "letters" are the vectors of GF(2)^4. Ten 2-dimensional
/// subspaces (lines of PG(3,2)) cover every nonzero vector exactly twice, so across their
/// ten coset partitions every two letters share a block exactly twice. Each letter gets a
/// sign per round, a solution of a linear system over GF(2), such that of the two blocks a
/// pair of letters shares, one gives them equal signs and the other different signs.
/// Player `2x + s` is letter `x` with sign `s`. Each block yields the table listed here and
/// its mirror with every sign flipped (players `p ^ 1`), so the four sign combinations of
/// any two letters each meet exactly once. Checked by a test.
const GOLFER_32: [[[u16; 4]; 4]; 10] = [
    [
        [0, 2, 4, 6],
        [8, 10, 12, 14],
        [16, 18, 20, 22],
        [24, 26, 28, 30],
    ],
    [
        [0, 3, 8, 11],
        [4, 7, 12, 15],
        [16, 19, 24, 27],
        [20, 23, 28, 31],
    ],
    [
        [0, 5, 16, 21],
        [2, 7, 18, 23],
        [8, 13, 24, 29],
        [10, 15, 26, 31],
    ],
    [
        [0, 7, 25, 30],
        [2, 5, 27, 28],
        [8, 15, 17, 22],
        [10, 13, 19, 20],
    ],
    [
        [0, 9, 17, 24],
        [2, 11, 19, 26],
        [4, 13, 21, 28],
        [6, 15, 23, 30],
    ],
    [
        [0, 10, 23, 29],
        [2, 8, 20, 30],
        [4, 14, 19, 25],
        [6, 12, 16, 26],
    ],
    [
        [0, 13, 18, 31],
        [2, 15, 16, 29],
        [4, 8, 23, 27],
        [6, 10, 21, 25],
    ],
    [
        [0, 12, 22, 27],
        [2, 14, 21, 24],
        [4, 9, 18, 30],
        [6, 11, 17, 29],
    ],
    [
        [0, 15, 19, 28],
        [2, 12, 17, 31],
        [4, 10, 22, 24],
        [6, 9, 20, 27],
    ],
    [
        [0, 14, 20, 26],
        [2, 13, 22, 25],
        [4, 11, 16, 31],
        [6, 8, 18, 28],
    ],
];

fn golfer_32() -> Design {
    let rounds = GOLFER_32
        .iter()
        .map(|round| {
            round
                .iter()
                .flat_map(|table| [table.to_vec(), table.iter().map(|&p| p ^ 1).collect()])
                .collect()
        })
        .collect();
    Design {
        rounds,
        never_meet: (0..16).map(|x| vec![2 * x, 2 * x + 1]).collect(),
    }
}

fn kirkman_28() -> Design {
    let rounds = (0..9_u16)
        .map(|t| {
            KIRKMAN_28_BASE
                .iter()
                .map(|table| {
                    table
                        .iter()
                        .map(|&p| {
                            if p == 27 {
                                27
                            } else {
                                p / 9 * 9 + (p % 9 + t) % 9
                            }
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    Design {
        rounds,
        never_meet: (0..28).map(|p| vec![p]).collect(),
    }
}

/// The grid design's rounds for the given difference-matrix columns: point `r·g + c` is
/// row `r`, column `c`; table `j` of a round holds column `j + φr` of each row `r`.
fn grid_rounds(g: usize, group: &Group, columns: &[Vec<u32>]) -> Vec<Vec<Vec<u16>>> {
    columns
        .iter()
        .map(|phi| {
            (0..g as u32)
                .map(|j| {
                    (0..4)
                        .map(|r| (r * g + group.add(j, phi[r]) as usize) as u16)
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// The rows of a grid over `g` columns: classes of points that never meet.
fn grid_rows(g: usize) -> Vec<Vec<u16>> {
    (0..4)
        .map(|r| (r * g..(r + 1) * g).map(|p| p as u16).collect())
        .collect()
}

/// Up to `want` rounds of the grid design over `g` columns.
fn grid(g: usize, want: usize) -> Design {
    let group = Group::for_order(g as u32);
    let columns = group.columns(want.min(g), 4);
    Design {
        rounds: grid_rounds(g, &group, &columns),
        never_meet: grid_rows(g),
    }
}

/// The design with the most rounds (up to `want`) and no repeated pair for `points`
/// players at 4-tables only (`points` divisible by 4).
fn four_table_design(points: usize, want: usize) -> Design {
    let g = points / 4;
    let mut design = grid(g, want);
    if design.rounds.len() < want && g.is_multiple_of(4) && g >= 4 {
        // Row mates never met: seat each row by a design of its own, all rows in parallel.
        let inner = four_table_design(g, want - design.rounds.len());
        if !inner.rounds.is_empty() {
            for inner_round in &inner.rounds {
                let round = (0..4)
                    .flat_map(|r| {
                        inner_round.iter().map(move |table| {
                            table
                                .iter()
                                .map(|&p| (r * g) as u16 + p)
                                .collect::<Vec<u16>>()
                        })
                    })
                    .collect();
                design.rounds.push(round);
            }
            design.never_meet = (0..4)
                .flat_map(|r| {
                    inner.never_meet.iter().map(move |class| {
                        class
                            .iter()
                            .map(|&p| (r * g) as u16 + p)
                            .collect::<Vec<u16>>()
                    })
                })
                .collect();
        }
    }
    if points == 28 && design.rounds.len() < want {
        design = kirkman_28();
    }
    if points == 32 && design.rounds.len() < want {
        design = golfer_32();
    }
    design.rounds.truncate(want);
    design
}

/// A zero-repeat start for `n` players with `fives` 5-tables: a 4-table design, or a grid
/// with `4 − fives` dummies merged away round by round (see the module documentation).
/// May have fewer than `want` rounds; merged rounds may in rare cases repeat a pair, which
/// the search then repairs.
fn construct(n: usize, fives: usize, want: usize, rng: &mut Rng) -> Vec<Design> {
    if fives == 0 {
        return vec![four_table_design(n, want)];
    }
    if let Some(design) = designs::embedded(n, want) {
        return vec![design];
    }
    let merged = merged_design(n, fives, want, rng);
    let extras = extras_design(n, fives, want);
    let clean = !merged.rounds.is_empty()
        && merged.rounds.len() >= extras.rounds.len()
        && evaluate(&merged.rounds, &[]).repeat_pairs == 0;
    if clean || extras.rounds.is_empty() {
        vec![merged]
    } else if merged.rounds.is_empty() {
        vec![extras]
    } else {
        vec![merged, extras]
    }
}

/// The other start for fields with 5-tables: a grid of five rows over the `g` tables whose
/// fifth row holds only `fives` players ("extras", in spread columns). A five-row
/// difference matrix seats no pair twice without any repair; the price is that the extras
/// sit at a 5-table every round, so this is used only when merging dummies leaves repeats.
fn extras_design(n: usize, fives: usize, want: usize) -> Design {
    let g = n / 4;
    let group = Group::for_order(g as u32);
    let columns = group.columns(want.min(g), 5);
    let extra_columns: Vec<u32> = (0..fives).map(|i| (i * g / fives) as u32).collect();
    let rounds = columns
        .iter()
        .map(|phi| {
            (0..g as u32)
                .map(|j| {
                    let mut table: Vec<u16> = (0..4)
                        .map(|r| (r * g + group.add(j, phi[r]) as usize) as u16)
                        .collect();
                    let fifth = group.add(j, phi[4]);
                    if let Some(i) = extra_columns.iter().position(|&c| c == fifth) {
                        table.push((4 * g + i) as u16);
                    }
                    table
                })
                .collect()
        })
        .collect();
    let mut never_meet = grid_rows(g);
    never_meet.push((4 * g..4 * g + fives).map(|p| p as u16).collect());
    Design { rounds, never_meet }
}

/// The dummy-merging start for fields with 5-tables (see the module documentation).
fn merged_design(n: usize, fives: usize, want: usize, rng: &mut Rng) -> Design {
    let g = n / 4 + 1;
    let dummies = 4 - fives;
    // Enough 4-tables must stay whole to take the extra players.
    if g < dummies + fives + 1 {
        return Design::default();
    }
    // Which columns to use and where the dummies sit decide how often a moved player meets
    // someone again; a few seeded variants are tried and the best kept (the first is the
    // plain one, which is usually enough for larger fields).
    let group = Group::for_order(g as u32);
    let available = group.columns(g.min(want + MERGE_SPARE_COLUMNS), 4);
    let rounds = want.min(available.len());
    let ideal_duty = (5 * fives * rounds).div_ceil(n) as u16;
    let mut best: Option<((u32, u16, u64), Design)> = None;
    let attempts = MERGE_ATTEMPTS.max(MERGE_ATTEMPT_WORK / (g * g));
    for attempt in 0..attempts {
        let (columns, offset) = if attempt == 0 {
            (available[..rounds].to_vec(), 0)
        } else {
            let mut pick: Vec<usize> = (0..available.len()).collect();
            rng.shuffle(&mut pick);
            let mut pick = pick[..rounds].to_vec();
            pick.sort_unstable();
            (
                pick.iter().map(|&i| available[i].clone()).collect(),
                rng.below(g),
            )
        };
        // Dummies in row 0 (so never two at one table), their columns spread around the
        // group: a player moved from one dummy table to another then has large column
        // differences to its new table mates, which the chosen columns rarely realise.
        let dummy_columns: Vec<usize> = (0..dummies)
            .map(|i| (i * g / dummies + offset) % g)
            .collect();
        let design = merge_grid(
            g,
            &grid_rounds(g, &group, &columns),
            &dummy_columns,
            fives,
            rng,
        );
        let quality = evaluate(&design.rounds, &[]);
        let squares: u64 = {
            let mut duty = vec![0_u64; n];
            for table in design.rounds.iter().flatten().filter(|t| t.len() >= 5) {
                for &p in table {
                    duty[usize::from(p)] += 1;
                }
            }
            duty.iter().map(|d| d * d).sum()
        };
        let score = (
            quality.repeat_pairs,
            quality.max_five_table_duty.max(ideal_duty),
            squares,
        );
        let done = design.rounds.len() == rounds && score.0 == 0 && score.1 <= ideal_duty;
        if design.rounds.len() == rounds && best.as_ref().is_none_or(|(b, _)| score < *b) {
            best = Some((score, design));
        }
        if done {
            break;
        }
    }
    best.map(|(_, design)| design).unwrap_or_default()
}

/// Merges the dummies of a grid away (see [`construct`]) and numbers the real points
/// `0..n`. Stops early if a round cannot be merged.
fn merge_grid(
    g: usize,
    base: &[Vec<Vec<u16>>],
    dummy_columns: &[usize],
    fives: usize,
    rng: &mut Rng,
) -> Design {
    let is_dummy = |p: u16| dummy_columns.contains(&usize::from(p));
    let points = 4 * g;
    let mut meet = Meet::new(points);
    for table in base.iter().flatten() {
        meet.add_table(table, 1);
    }
    let mut duty = vec![0_u32; points];
    let mut rounds = Vec::with_capacity(base.len());
    for round in base {
        let (short, full): (Vec<&Vec<u16>>, Vec<&Vec<u16>>) = round
            .iter()
            .partition(|table| table.iter().any(|&p| is_dummy(p)));
        let short: Vec<Vec<u16>> = short
            .iter()
            .map(|table| table.iter().copied().filter(|&p| !is_dummy(p)).collect())
            .collect();
        let Some(merged) = merge_round(&short, &full, fives, &mut meet, &mut duty, rng) else {
            break;
        };
        rounds.push(merged);
    }
    // Number the real points 0..n in order, skipping the dummies.
    let index: Vec<u16> = {
        let mut next = 0_u16;
        (0..points as u16)
            .map(|p| {
                let id = next;
                if !is_dummy(p) {
                    next += 1;
                }
                id
            })
            .collect()
    };
    let relabel = |table: &Vec<u16>| -> Vec<u16> {
        table
            .iter()
            .filter(|&&p| !is_dummy(p))
            .map(|&p| index[usize::from(p)])
            .collect()
    };
    Design {
        rounds: rounds
            .iter()
            .map(|round| round.iter().map(relabel).collect())
            .collect(),
        never_meet: grid_rows(g).iter().map(relabel).collect(),
    }
}

/// One round of [`construct`]: dissolve one short table, give its players to the other
/// short tables and to `fives` whole tables. Chooses the option with the fewest repeated
/// pairs, then the least 5-table duty, then at random; updates `meet` and `duty`.
fn merge_round(
    short: &[Vec<u16>],
    full: &[&Vec<u16>],
    fives: usize,
    meet: &mut Meet,
    duty: &mut [u32],
    rng: &mut Rng,
) -> Option<Vec<Vec<u16>>> {
    const ORDERS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    if full.len() < fives || short.iter().any(|table| table.len() != 3) {
        return None;
    }
    /// A way to merge: which short table dissolves, which of its players goes where.
    struct MergeOption {
        /// Repeats, duty cost, tie-break.
        key: (u32, u32, u64),
        donor: usize,
        order: [usize; 3],
        chosen: Vec<usize>,
    }
    let mut best: Option<MergeOption> = None;
    for donor in 0..short.len() {
        let donors = &short[donor];
        let kept: Vec<usize> = (0..short.len()).filter(|&s| s != donor).collect();
        for order in ORDERS {
            let mut repeats = 0;
            let mut cost = 0;
            for (slot, &s) in kept.iter().enumerate() {
                let x = donors[order[slot]];
                repeats += short[s].iter().filter(|&&u| meet.get(x, u) > 0).count() as u32;
            }
            let mut chosen = Vec::with_capacity(fives);
            for &which in &order[kept.len()..] {
                let x = donors[which];
                let mut pick: Option<((u32, u32, u64), usize)> = None;
                for (t, table) in full.iter().enumerate() {
                    if chosen.contains(&t) {
                        continue;
                    }
                    let rep = table.iter().filter(|&&u| meet.get(x, u) > 0).count() as u32;
                    let load: u32 = table.iter().map(|&u| 2 * duty[usize::from(u)] + 1).sum();
                    let key = (rep, load, rng.next_u64());
                    if pick.as_ref().is_none_or(|(best_key, _)| key < *best_key) {
                        pick = Some((key, t));
                    }
                }
                let ((rep, load, _), t) = pick?;
                repeats += rep;
                cost += load + 2 * duty[usize::from(x)] + 1;
                chosen.push(t);
            }
            let key = (repeats, cost, rng.next_u64());
            if best.as_ref().is_none_or(|b| key < b.key) {
                best = Some(MergeOption {
                    key,
                    donor,
                    order,
                    chosen,
                });
            }
        }
    }
    let MergeOption {
        donor,
        order,
        chosen,
        ..
    } = best?;
    let donors = &short[donor];
    meet.add_table(donors, -1);
    let mut round: Vec<Vec<u16>> = Vec::with_capacity(full.len() + short.len() - 1);
    let kept: Vec<usize> = (0..short.len()).filter(|&s| s != donor).collect();
    for (slot, &s) in kept.iter().enumerate() {
        let mut table = short[s].clone();
        table.push(donors[order[slot]]);
        meet.add_table(&table, 1);
        meet.add_table(&short[s], -1);
        round.push(table);
    }
    for (t, table) in full.iter().enumerate() {
        let mut table = (*table).clone();
        if let Some(k) = chosen.iter().position(|&c| c == t) {
            let x = donors[order[kept.len() + k]];
            for &u in &table {
                meet.bump(x, u, 1);
            }
            table.push(x);
            for &u in &table {
                duty[usize::from(u)] += 1;
            }
        }
        round.push(table);
    }
    Some(round)
}

// ---------------------------------------------------------------------------------------
// Pair counts, keep-apart pairs and the search state
// ---------------------------------------------------------------------------------------

/// How often each pair of players shared a table: a dense symmetric byte matrix (counts stay
/// below [`MAX_ROUNDS`], so a byte is enough).
#[derive(Debug, Clone)]
struct Meet {
    n: usize,
    cells: Vec<u8>,
}

impl Meet {
    fn new(n: usize) -> Self {
        Self {
            n,
            cells: vec![0; n * n],
        }
    }

    fn get(&self, a: u16, b: u16) -> u8 {
        self.cells[usize::from(a) * self.n + usize::from(b)]
    }

    fn bump(&mut self, a: u16, b: u16, by: i8) {
        let (a, b) = (usize::from(a), usize::from(b));
        for cell in [a * self.n + b, b * self.n + a] {
            self.cells[cell] = self.cells[cell].wrapping_add_signed(by);
        }
    }

    fn add_table(&mut self, table: &[u16], by: i8) {
        for (i, &a) in table.iter().enumerate() {
            for &b in &table[i + 1..] {
                self.bump(a, b, by);
            }
        }
    }

    /// Σ over pairs of (meetings − 1)⁺.
    fn repeats(&self) -> i64 {
        let mut total = 0_i64;
        for a in 0..self.n {
            for &count in &self.cells[a * self.n + a + 1..(a + 1) * self.n] {
                total += i64::from(count.saturating_sub(1));
            }
        }
        total
    }

    /// Swaps the rows and columns of `a` and `b` (a relabelling of two players).
    fn swap_players(&mut self, a: u16, b: u16) {
        let (a, b, n) = (usize::from(a), usize::from(b), self.n);
        for w in 0..n {
            self.cells.swap(a * n + w, b * n + w);
        }
        for w in 0..n {
            self.cells.swap(w * n + a, w * n + b);
        }
    }
}

/// Repeated encounters already in a history (they cannot be undone).
fn history_repeats(meet: &Meet) -> i64 {
    meet.repeats()
}

/// The keep-apart relation: for each player the sorted partners from all its groups.
#[derive(Debug, Clone)]
struct Apart {
    partners: Vec<Vec<u16>>,
    groups: Vec<Vec<u16>>,
}

impl Apart {
    fn new(n: usize, groups: &[Vec<u16>]) -> Self {
        let mut partners = vec![Vec::new(); n];
        let mut clean = Vec::new();
        for group in groups {
            let mut members: Vec<u16> = group
                .iter()
                .copied()
                .filter(|&p| usize::from(p) < n)
                .collect();
            members.sort_unstable();
            members.dedup();
            for &a in &members {
                for &b in &members {
                    if a != b {
                        partners[usize::from(a)].push(b);
                    }
                }
            }
            if members.len() > 1 {
                clean.push(members);
            }
        }
        for list in &mut partners {
            list.sort_unstable();
            list.dedup();
        }
        Self {
            partners,
            groups: clean,
        }
    }

    fn pair(&self, a: u16, b: u16) -> i64 {
        i64::from(self.partners[usize::from(a)].binary_search(&b).is_ok())
    }

    fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }
}

/// The objective, compared lexicographically: repeated encounters, then the sum of squared
/// 5-table duties (smallest when duty is spread evenly), then keep-apart encounters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
struct Cost {
    repeats: i64,
    duty: i64,
    apart: i64,
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
struct State<'a> {
    n: usize,
    rounds: Vec<Vec<Vec<u16>>>,
    /// Round → player → table index (`u32::MAX` if not seated in that round).
    table_of: Vec<Vec<u32>>,
    meet: Meet,
    duty: Vec<u32>,
    apart: &'a Apart,
}

impl<'a> State<'a> {
    /// `meet` and `duty` hold the history only; the rounds are added here.
    fn new(
        n: usize,
        rounds: Vec<Vec<Vec<u16>>>,
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

    fn push(&mut self, round: Vec<Vec<u16>>) {
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

    fn cost(&self) -> Cost {
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
    fn delta(&self, r: usize, x: u16, y: u16) -> Cost {
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
        let five = |table: &Vec<u16>| i64::from(table.len() >= 5);
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

    fn swap(&mut self, r: usize, x: u16, y: u16) {
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
    fn repair(&mut self, floor: i64, work: u64, mode: Mode, rng: &mut Rng) -> u64 {
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

    /// Evens out 5-table duty without adding repeated encounters. One step moves a round of
    /// duty from a player to one with at least two fewer (a swap in a round where the first
    /// sits at a 5-table and the second does not; such a round exists), choosing the swap
    /// that adds the fewest repeats, then clears those with [`Self::repair`] holding duty.
    /// A step whose repeats cannot be cleared within its budget is undone and that swap
    /// not tried again until another step succeeds. Every kept step lowers the sum of
    /// squared duties, so this ends; it stops early when `work` is spent. Returns whether
    /// anything changed.
    fn rebalance(&mut self, work: u64, rng: &mut Rng) -> bool {
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
    /// (repeats, then duty, then keep-apart), which is what is kept. Acceptance chances
    /// come from [`exp_neg`], so the run is the same on every machine. Stops early once
    /// duty is even and keep-apart no worse.
    fn anneal_duty(&mut self, steps: u64, rng: &mut Rng) {
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
                if current < best {
                    best = current;
                    best_rounds.clone_from(&self.rounds);
                }
            }
        }
        if best < current {
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

    /// Replaces the rounds (same history), recomputing counts.
    fn restore(&mut self, rounds: Vec<Vec<Vec<u16>>>) {
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
    fn polish(&mut self, work: u64, rng: &mut Rng) {
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

    /// Relabels pairs of players (swaps them in every round) where that lowers keep-apart
    /// encounters. Without history this leaves repeats and the duty spread unchanged.
    fn relabel_apart(&mut self, work: u64) {
        if self.apart.is_empty() {
            return;
        }
        let apart = self.apart;
        let mut spent = 0_u64;
        loop {
            let mut improved = false;
            for group in &apart.groups {
                for &u in group {
                    let violated = group.iter().any(|&w| w != u && self.meet.get(u, w) > 0);
                    if !violated {
                        continue;
                    }
                    let mut choice: Option<(i64, u16)> = None;
                    for v in 0..self.n as u16 {
                        if v == u {
                            continue;
                        }
                        spent += 1 + self.apart.partners[usize::from(u)].len() as u64;
                        let delta = self.relabel_delta(u, v);
                        if delta < 0 && choice.is_none_or(|(d, _)| delta < d) {
                            choice = Some((delta, v));
                        }
                    }
                    if let Some((_, v)) = choice {
                        self.relabel(u, v);
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

    fn relabel_delta(&self, u: u16, v: u16) -> i64 {
        let mut delta = 0;
        for &w in &self.apart.partners[usize::from(u)] {
            if w != v {
                delta += i64::from(self.meet.get(v, w)) - i64::from(self.meet.get(u, w));
            }
        }
        for &w in &self.apart.partners[usize::from(v)] {
            if w != u {
                delta += i64::from(self.meet.get(u, w)) - i64::from(self.meet.get(v, w));
            }
        }
        delta
    }

    fn relabel(&mut self, u: u16, v: u16) {
        for r in 0..self.rounds.len() {
            let (tu, tv) = (
                self.table_of[r][usize::from(u)],
                self.table_of[r][usize::from(v)],
            );
            for t in [tu, tv] {
                if t == u32::MAX {
                    continue;
                }
                for p in &mut self.rounds[r][t as usize] {
                    if *p == u {
                        *p = v;
                    } else if *p == v {
                        *p = u;
                    }
                }
            }
            self.table_of[r].swap(usize::from(u), usize::from(v));
        }
        self.meet.swap_players(u, v);
        self.duty.swap(usize::from(u), usize::from(v));
    }
}

// ---------------------------------------------------------------------------------------
// The plan pipeline
// ---------------------------------------------------------------------------------------

/// Tables (unordered seats) for `rounds` rounds: construction, player assignment, extra
/// rounds, repair and polish, as described in the module documentation.
fn schedule(n: usize, sizes: &[u8], rounds: usize, hash: u64, apart: &Apart) -> Vec<Vec<Vec<u16>>> {
    if rounds == 0 {
        return Vec::new();
    }
    let mut rng = Rng::new(hash);
    let fives = sizes.iter().filter(|&&s| s == 5).count();
    let mut best: Option<(Cost, Vec<Vec<Vec<u16>>>)> = None;
    for design in construct(n, fives, rounds, &mut rng) {
        let (cost, result) = finish(n, sizes, rounds, &design, apart, &mut rng);
        if best.as_ref().is_none_or(|(best_cost, _)| cost < *best_cost) {
            best = Some((cost, result));
        }
    }
    let result = best.map(|(_, result)| result).unwrap_or_default();
    if n >= ANNEAL_DUTY_BELOW || fives == 0 {
        return result;
    }
    let mut state = State::new(n, result, Meet::new(n), vec![0; n], apart);
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

/// The rest of the pipeline for one starting design; returns the final cost and rounds.
fn finish(
    n: usize,
    sizes: &[u8],
    rounds: usize,
    design: &Design,
    apart: &Apart,
    rng: &mut Rng,
) -> (Cost, Vec<Vec<Vec<u16>>>) {
    let player_of = assign_players(n, &design.never_meet, apart, rng);
    let built: Vec<Vec<Vec<u16>>> = design
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
    while state.rounds.len() < rounds {
        let round = greedy_round(n, sizes, &state.meet, &state.duty, apart, rng);
        state.push(round);
    }
    let shapes: Vec<Vec<usize>> = vec![sizes.iter().map(|&s| usize::from(s)).collect(); rounds];
    let floor = i64::from(lower_bound(n, &shapes, true));
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
fn assign_players(n: usize, never_meet: &[Vec<u16>], apart: &Apart, rng: &mut Rng) -> Vec<u16> {
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
    let mut clusters: Vec<Vec<u16>> = vec![Vec::new(); n];
    for p in 0..n {
        let r = root(&mut parent, p);
        clusters[r].push(p as u16);
    }
    let mut clusters: Vec<Vec<u16>> = clusters.into_iter().filter(|c| c.len() > 1).collect();
    rng.shuffle(&mut clusters);
    clusters.sort_by_key(|c| std::cmp::Reverse(c.len()));

    // Classes of points, shuffled; points not in any class form one more class.
    let mut classes: Vec<Vec<u16>> = never_meet
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
fn greedy_round(
    n: usize,
    sizes: &[u8],
    meet: &Meet,
    duty: &[u32],
    apart: &Apart,
    rng: &mut Rng,
) -> Vec<Vec<u16>> {
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

/// The plan's round `history.len()` with its players relabelled so that its first round is
/// the history's first round, if that first round seats the whole field at the right
/// table sizes. With an empty history, the plan's first round.
fn follow_plan(
    planned: &[Vec<Vec<u16>>],
    history: &[Vec<Vec<u16>>],
    sizes: &[u8],
) -> Option<Vec<Vec<u16>>> {
    let next = planned.get(history.len())?;
    let Some(first) = history.first() else {
        return Some(next.clone());
    };
    let mut history_tables: Vec<&Vec<u16>> = first.iter().collect();
    let mut plan_tables: Vec<&Vec<u16>> = planned.first()?.iter().collect();
    history_tables.sort_by_key(|t| t.len());
    plan_tables.sort_by_key(|t| t.len());
    let shape = |tables: &[&Vec<u16>]| tables.iter().map(|t| t.len()).collect::<Vec<_>>();
    let mut wanted: Vec<usize> = sizes.iter().map(|&s| usize::from(s)).collect();
    wanted.sort_unstable();
    if shape(&history_tables) != wanted || shape(&plan_tables) != wanted {
        return None;
    }
    let n = sizes.iter().map(|&s| usize::from(s)).sum();
    let mut to_history = vec![u16::MAX; n];
    for (plan_table, history_table) in plan_tables.iter().zip(&history_tables) {
        for (&p, &h) in plan_table.iter().zip(history_table.iter()) {
            to_history[usize::from(p)] = h;
        }
    }
    // Every history player appears once (checked by the caller), so this is a bijection.
    Some(
        next.iter()
            .map(|table| table.iter().map(|&p| to_history[usize::from(p)]).collect())
            .collect(),
    )
}

// ---------------------------------------------------------------------------------------
// Seats
// ---------------------------------------------------------------------------------------

/// Orders every table: a first dealer at seat 0 and a list keeper at the last seat, chosen
/// so that per player the totals (with the prior counts) are as even as possible, the other
/// players in between in seeded order.
fn assign_seats(
    rounds: &mut [Vec<Vec<u16>>],
    n: usize,
    prior_dealer: &[u32],
    prior_keeper: &[u32],
    rng: &mut Rng,
) {
    let tables: Vec<Vec<u16>> = rounds.iter().flatten().cloned().collect();
    let dealers = balanced_holders(&tables, n, prior_dealer, &vec![u16::MAX; tables.len()], rng);
    let keepers = balanced_holders(&tables, n, prior_keeper, &dealers, rng);
    let mut index = 0;
    for round in rounds.iter_mut() {
        for table in round.iter_mut() {
            let (dealer, keeper) = (dealers[index], keepers[index]);
            index += 1;
            let mut middle: Vec<u16> = table
                .iter()
                .copied()
                .filter(|&p| p != dealer && p != keeper)
                .collect();
            rng.shuffle(&mut middle);
            let mut seated = Vec::with_capacity(table.len());
            if dealer != u16::MAX {
                seated.push(dealer);
            }
            seated.extend(middle);
            if keeper != u16::MAX && keeper != dealer {
                seated.push(keeper);
            }
            *table = seated;
        }
    }
}

/// Picks one holder per table among its players (never `excluded[t]`), so that prior count
/// plus holdings is as even as possible: greedy least-loaded first, then augmenting paths
/// that pass a table from a player to one with at least two fewer until none is left (at
/// that point both the maximum and the minimum are optimal).
fn balanced_holders(
    tables: &[Vec<u16>],
    n: usize,
    prior: &[u32],
    excluded: &[u16],
    rng: &mut Rng,
) -> Vec<u16> {
    let mut load: Vec<u32> = prior.to_vec();
    let mut holder = vec![u16::MAX; tables.len()];
    let mut held: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (t, table) in tables.iter().enumerate() {
        let mut best: Option<(u32, u64, u16)> = None;
        for &p in table {
            if p == excluded[t] {
                continue;
            }
            let key = (load[usize::from(p)], rng.next_u64(), p);
            if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                best = Some(key);
            }
        }
        if let Some((_, _, p)) = best {
            holder[t] = p;
            load[usize::from(p)] += 1;
            held[usize::from(p)].push(t);
        }
    }
    while let (Some(&max), Some(&min)) = (load.iter().max(), load.iter().min()) {
        if max < min + 2 {
            break;
        }
        let mut improved = false;
        let mut heavy: Vec<usize> = (0..n).filter(|&p| load[p] >= min + 2).collect();
        heavy.sort_by_key(|&p| std::cmp::Reverse(load[p]));
        // A failed search from `start` explored everything reachable from it; later starts
        // have no more load, so none of those players can succeed either until a table
        // moves. Marking them saves repeating the same search (stamp = search number).
        let mut dead = vec![false; n];
        let mut stamp = vec![0_u32; n];
        let mut came_from: Vec<(usize, usize)> = vec![(0, 0); n];
        let mut search = 0_u32;
        for start in heavy {
            if dead[start] {
                continue;
            }
            // Breadth-first over "holds a table that this player also sits at".
            search += 1;
            stamp[start] = search;
            let mut reached = vec![start];
            let mut queue = std::collections::VecDeque::from([start]);
            let mut found = None;
            'search: while let Some(a) = queue.pop_front() {
                for &t in &held[a] {
                    for &b in &tables[t] {
                        let b = usize::from(b);
                        if stamp[b] == search || u16::try_from(b).ok() == Some(excluded[t]) {
                            continue;
                        }
                        stamp[b] = search;
                        came_from[b] = (a, t);
                        reached.push(b);
                        if load[b] + 2 <= load[start] {
                            found = Some(b);
                            break 'search;
                        }
                        queue.push_back(b);
                    }
                }
            }
            let Some(end) = found else {
                for p in reached {
                    dead[p] = true;
                }
                continue;
            };
            let mut b = end;
            while b != start {
                let (a, t) = came_from[b];
                holder[t] = b as u16;
                held[a].retain(|&x| x != t);
                held[b].push(t);
                b = a;
            }
            dead.iter_mut().for_each(|d| *d = false);
            load[start] -= 1;
            load[end] += 1;
            improved = true;
        }
        if !improved {
            break;
        }
    }
    holder
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(players: u16, rounds: u16, seed: &str) -> PlanRequest {
        PlanRequest {
            players,
            rounds,
            seed: seed.to_owned(),
            keep_apart: Vec::new(),
        }
    }

    /// Every player exactly once per round, tables of the sizes `table_sizes` gives.
    fn assert_valid(plan: &Plan, players: u16) {
        let sizes = table_sizes(players).unwrap();
        for (r, round) in plan.rounds.iter().enumerate() {
            let shape: Vec<u8> = round.iter().map(|t| t.len() as u8).collect();
            assert_eq!(shape, sizes, "round {r} of {players} players");
            let mut seen: Vec<u16> = round.iter().flatten().copied().collect();
            seen.sort_unstable();
            assert_eq!(
                seen,
                (0..players).collect::<Vec<_>>(),
                "round {r} of {players} players"
            );
        }
    }

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
    fn fnv1a_matches_reference_values() {
        // Published FNV-1a 64 test vectors.
        assert_eq!(seed_hash(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(seed_hash("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(seed_hash("foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn splitmix64_matches_reference_values() {
        // Reference outputs of SplitMix64 seeded with 1234567.
        let mut rng = Rng::new(1_234_567);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423
            ]
        );
    }

    #[test]
    fn table_sizes_prefer_four_tables() {
        assert_eq!(table_sizes(4).unwrap(), [4]);
        assert_eq!(table_sizes(5).unwrap(), [5]);
        assert_eq!(table_sizes(8).unwrap(), [4, 4]);
        assert_eq!(table_sizes(9).unwrap(), [4, 5]);
        assert_eq!(table_sizes(10).unwrap(), [5, 5]);
        assert_eq!(table_sizes(14).unwrap(), [4, 5, 5]);
        assert_eq!(table_sizes(15).unwrap(), [5, 5, 5]);
        assert_eq!(table_sizes(19).unwrap(), [4, 5, 5, 5]);
        assert_eq!(
            table_sizes(170)
                .unwrap()
                .iter()
                .filter(|&&s| s == 5)
                .count(),
            2
        );
        for players in 12..=1000 {
            let sizes = table_sizes(players).unwrap();
            assert_eq!(sizes.iter().map(|&s| u16::from(s)).sum::<u16>(), players);
            assert!(sizes.iter().filter(|&&s| s == 5).count() <= 3);
        }
    }

    #[test]
    fn unsplittable_counts_are_refused_with_what_would_work() {
        for (players, below, above) in [(6, Some(5), 8), (7, Some(5), 8), (11, Some(10), 12)] {
            let err = table_sizes(players).unwrap_err();
            assert_eq!(
                err,
                SeatingError::Unsplittable {
                    players,
                    below,
                    above
                }
            );
            let text = err.to_string();
            assert!(
                text.contains(&format!("{} or {above} players would work", below.unwrap())),
                "{text}"
            );
        }
        for players in 0..4 {
            let err = table_sizes(players).unwrap_err();
            assert_eq!(
                err,
                SeatingError::Unsplittable {
                    players,
                    below: None,
                    above: 4
                }
            );
            assert!(err.to_string().contains("at least 4 players"));
        }
        assert!(plan(&request(11, 3, "x")).is_err());
        assert!(random_draw(7, "x").is_err());
        assert!(next_round(6, &[], "x", &[]).is_err());
    }

    #[test]
    fn requests_out_of_range_are_refused() {
        assert!(matches!(
            plan(&request(4001, 1, "x")),
            Err(SeatingError::TooManyPlayers { .. })
        ));
        assert!(matches!(
            plan(&request(40, 101, "x")),
            Err(SeatingError::TooManyRounds { .. })
        ));
        let mut req = request(40, 2, "x");
        req.keep_apart = vec![vec![3, 40]];
        assert_eq!(
            plan(&req),
            Err(SeatingError::UnknownPlayer {
                player: 40,
                players: 40
            })
        );
        let history = vec![vec![vec![0, 1, 2, 3], vec![4, 5, 6, 0]]];
        assert_eq!(
            next_round(8, &history, "x", &[]),
            Err(SeatingError::SeatedTwice {
                round: 0,
                player: 0
            })
        );
        let history = vec![vec![vec![0, 1, 2, 8]]];
        assert!(matches!(
            next_round(8, &history, "x", &[]),
            Err(SeatingError::UnknownPlayer { player: 8, .. })
        ));
    }

    #[test]
    fn random_draw_is_a_seeded_permutation() {
        for players in [4, 5, 9, 13, 40, 170] {
            let draw = random_draw(players, "seed").unwrap();
            let shape: Vec<u8> = draw.iter().map(|t| t.len() as u8).collect();
            assert_eq!(shape, table_sizes(players).unwrap());
            let mut all: Vec<u16> = draw.iter().flatten().copied().collect();
            all.sort_unstable();
            assert_eq!(all, (0..players).collect::<Vec<_>>());
            assert_eq!(draw, random_draw(players, "seed").unwrap());
        }
        assert_ne!(random_draw(40, "a").unwrap(), random_draw(40, "b").unwrap());
        // Re-derivable by hand: Fisher–Yates with the documented generator.
        let mut rng = Rng::new(seed_hash("seed"));
        let mut order: Vec<u16> = (0..8).collect();
        for i in (1..8_usize).rev() {
            order.swap(i, rng.below(i + 1));
        }
        assert_eq!(
            random_draw(8, "seed").unwrap(),
            vec![order[..4].to_vec(), order[4..].to_vec()]
        );
    }

    #[test]
    fn random_draw_is_roughly_uniform() {
        // Player 0 should land at each of the 5 tables of 20 about equally often.
        let mut counts = [0_u32; 5];
        for i in 0..2000 {
            let draw = random_draw(20, &format!("s{i}")).unwrap();
            let t = draw.iter().position(|t| t.contains(&0)).unwrap();
            counts[t] += 1;
        }
        assert!(
            counts.iter().all(|&c| (330..=470).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn field_tables_are_fields() {
        for &(p, coefficients) in FIELD_POLYNOMIALS {
            let q = p.pow(coefficients.len() as u32);
            let group = Group::for_order(q);
            assert!(matches!(group, Group::Field { .. }));
            if q > 243 {
                // Large fields: the design tests check the multipliers actually used.
                continue;
            }
            for a in 1..q {
                let mut image: Vec<u32> = (0..q).map(|b| group.mul(a, b)).collect();
                image.sort_unstable();
                assert_eq!(
                    image,
                    (0..q).collect::<Vec<_>>(),
                    "GF({q}): {a} is a zero divisor"
                );
            }
        }
    }

    #[test]
    fn every_grid_design_is_repeat_free() {
        for g in 1..=60 {
            let design = grid(g, g);
            let rounds = design.rounds.len();
            assert!(rounds >= 1);
            let q = evaluate(&design.rounds, &[]);
            assert_eq!(q.repeat_pairs, 0, "grid over {g} columns, {rounds} rounds");
            if g >= 10 {
                assert!(
                    rounds >= 8,
                    "grid over {g} columns has only {rounds} rounds"
                );
            }
        }
        // Fields and gcd(g, 6) = 1 give every round.
        for g in [4, 5, 7, 8, 9, 11, 13, 16, 25, 27, 32, 49, 64, 81] {
            assert_eq!(grid(g, g).rounds.len(), g);
        }
    }

    #[test]
    fn kirkman_28_meets_every_pair_exactly_once() {
        let design = kirkman_28();
        let q = evaluate(&design.rounds, &[]);
        assert_eq!(q.repeat_pairs, 0);
        let pairs: usize = design
            .rounds
            .iter()
            .flatten()
            .map(|t| t.len() * (t.len() - 1) / 2)
            .sum();
        assert_eq!(pairs, 28 * 27 / 2);
        for round in &design.rounds {
            let mut all: Vec<u16> = round.iter().flatten().copied().collect();
            all.sort_unstable();
            assert_eq!(all, (0..28).collect::<Vec<_>>());
        }
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
    fn next_round_puts_repeats_before_a_large_group() {
        // Half the field in one club: it cannot be kept apart anyway, and trying must not
        // cost a repeated encounter (found through the tournament draw).
        let club: Vec<u16> = (0..16).step_by(2).collect();
        let mut history = vec![random_draw(16, "cup-2026").unwrap()];
        for _ in 1..5 {
            let next = next_round(16, &history, "cup-2026", std::slice::from_ref(&club)).unwrap();
            history.push(next);
        }
        assert_eq!(evaluate(&history, &[]).repeat_pairs, 0);
    }

    #[test]
    fn golfer_32_misses_only_the_partner() {
        let design = golfer_32();
        assert_eq!(design.rounds.len(), 10);
        for round in &design.rounds {
            let mut all: Vec<u16> = round.iter().flatten().copied().collect();
            all.sort_unstable();
            assert_eq!(all, (0..32).collect::<Vec<_>>());
            assert!(round.iter().all(|table| table.len() == 4));
        }
        let q = evaluate(&design.rounds, &[]);
        assert_eq!(q.repeat_pairs, 0);
        let mut met = vec![vec![false; 32]; 32];
        for table in design.rounds.iter().flatten() {
            for &a in table {
                for &b in table {
                    met[usize::from(a)][usize::from(b)] = true;
                }
            }
        }
        for (p, row) in met.iter().enumerate() {
            let missed: Vec<usize> = (0..32).filter(|&q| !row[q]).collect();
            assert_eq!(missed, [p ^ 1], "player {p}");
        }
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
        let q = super::plan(&req).unwrap().quality;
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
            let q = super::plan(&request(players, rounds, "lb"))
                .unwrap()
                .quality;
            assert!(
                q.repeat_pairs >= q.lower_bound,
                "{players} × {rounds}: {q:?}"
            );
            assert!(q.lower_bound > 0, "{players} × {rounds}: {q:?}");
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

    #[test]
    fn next_round_continues_the_plan() {
        let plan = plan(&request(40, 6, "live")).unwrap();
        let mut history: Vec<Vec<Vec<u16>>> = Vec::new();
        for _ in 0..6 {
            let round = next_round(40, &history, "live", &[]).unwrap();
            history.push(round);
        }
        let q = evaluate(&history, &[]);
        assert_eq!(q.repeat_pairs, 0, "{q:?}");
        assert_eq!(plan.quality.repeat_pairs, 0);
    }

    #[test]
    fn next_round_after_a_random_first_round() {
        for players in [24, 41, 100] {
            let mut history = vec![random_draw(players, "first").unwrap()];
            for _ in 1..6 {
                let round = next_round(players, &history, "then", &[vec![0, 1]]).unwrap();
                let shape: Vec<u8> = round.iter().map(|t| t.len() as u8).collect();
                assert_eq!(shape, table_sizes(players).unwrap());
                history.push(round);
            }
            let q = evaluate(&history, &[vec![0, 1]]);
            if players >= 40 {
                assert_eq!(q.repeat_pairs, 0, "{players}: {q:?}");
            }
            assert!(q.keep_apart_violations <= 1, "{players}: {q:?}");
            assert!(
                q.max_first_dealer - q.min_first_dealer <= 1,
                "{players}: {q:?}"
            );
        }
    }

    /// Chains [`next_round`] after a random first round and measures 5-table duty after every
    /// round: `(cases, spread over 1 at the repeat bound, max over the ideal at the bound,
    /// cases above the repeat bound, microseconds of the slowest call)`.
    fn chained_duty(sizes: &[u16], seeds: &[&str], last: usize) -> (u32, u32, u32, u32, u128) {
        let (mut cases, mut spread, mut over, mut repeats, mut slowest) = (0, 0, 0, 0, 0);
        for &players in sizes {
            let fives = u32::from(players % 4);
            for seed in seeds {
                let mut history = vec![random_draw(players, &format!("{seed}-first")).unwrap()];
                while history.len() < last {
                    let start = std::time::Instant::now();
                    let round = next_round(players, &history, seed, &[]).unwrap();
                    slowest = slowest.max(start.elapsed().as_micros());
                    history.push(round);
                    let q = evaluate(&history, &[]);
                    let rounds = history.len() as u32;
                    let ideal = (rounds * 5 * fives).div_ceil(u32::from(players)) as u16;
                    cases += 1;
                    if q.repeat_pairs > q.lower_bound {
                        repeats += 1;
                        eprintln!("{players} × {rounds} {seed}: above the bound {q:?}");
                        continue;
                    }
                    if q.max_five_table_duty - q.min_five_table_duty > 1 {
                        spread += 1;
                        eprintln!("{players} × {rounds} {seed}: spread {q:?}");
                    }
                    if q.max_five_table_duty > ideal {
                        over += 1;
                    }
                }
            }
        }
        (cases, spread, over, repeats, slowest)
    }

    #[test]
    fn rebalancing_trades_skip_rounds_where_both_share_a_table() {
        // Trading two players in a round where they sit together used to corrupt the round
        // (one of them seated twice, the other not at all) and panic.
        let plan = plan(&request(37, 8, "x")).unwrap();
        assert_valid(&plan, 37);
    }

    #[test]
    #[ignore = "measurement: run with --ignored --nocapture"]
    fn next_round_chained_duty_report() {
        let sizes = [13, 17, 21, 22, 23, 26, 29, 30, 31, 37, 41, 45, 53, 170];
        let result = chained_duty(&sizes, &["Plan", "Herbst", "x"], 6);
        eprintln!("(cases, spread > 1, max > ideal, above repeat bound, slowest µs) = {result:?}");
    }

    #[test]
    fn next_round_handles_withdrawals_and_late_arrivals() {
        // 41 players played two rounds; player 40 withdrew (renumbered away, tables short)
        // and the caller now seats 44 (three late arrivals numbered 40..44).
        let mut history = vec![random_draw(41, "w").unwrap()];
        history.push(next_round(41, &history, "w", &[]).unwrap());
        let renumbered: Vec<Vec<Vec<u16>>> = history
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|t| t.iter().copied().filter(|&p| p != 40).collect())
                    .collect()
            })
            .collect();
        let round = next_round(44, &renumbered, "w", &[]).unwrap();
        let mut all: Vec<u16> = round.iter().flatten().copied().collect();
        all.sort_unstable();
        assert_eq!(all, (0..44).collect::<Vec<_>>());
        let mut with_new = renumbered.clone();
        with_new.push(round);
        assert_eq!(evaluate(&with_new, &[]).repeat_pairs, 0);
    }
}
