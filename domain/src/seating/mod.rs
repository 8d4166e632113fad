//! Seating: reproducible table draws and whole-tournament plans that avoid repeat encounters.
//!
//! Players are numbered from 0 ([`PlayerIndex`]). A [`Round`] is a list of [`Table`]s, a
//! table the list of its players in seat order: seat 0 deals first, the last seat (3 at a
//! 4-table, 4 at a 5-table) keeps the list. A field is split into as many 4-tables as
//! possible and the fewest 5-tables ([`table_sizes`]); 4-tables come first in every round.
//!
//! # Reproducibility
//!
//! Everything here is a pure function of its arguments. The seed text is hashed with
//! 64-bit FNV-1a over its UTF-8 bytes ([`seed_hash`]); that number seeds a SplitMix64
//! generator written out in this module, so anyone with the players, the seed and this
//! algorithm can re-derive a draw. [`random_draw`] is the plainest use: a Fisher–Yates
//! shuffle of `0..players` (for `i` from the last index down to 1, swap `i` with a uniform
//! `j <= i`, drawn by Lemire's multiply-and-reject), cut into tables in [`table_sizes`]
//! order. Searches run on fixed work budgets, never on the clock, so a plan is the same on
//! every machine.
//!
//! # How [`plan`] works
//!
//! Search alone does not find schedules without repeated pairs for the hard sizes, so a
//! plan starts from a combinatorial construction and only repairs and polishes by search.
//! One file per stage, each documenting its stage in full:
//!
//! 1. `random.rs`: the seed hash and the generator, with one stream per stage that must
//!    not disturb the others.
//! 2. `group.rs`, `constructions.rs`, `designs.rs`: rounds with no repeated pair from grid
//!    designs over a group of columns (difference matrices), a resolvable 2-(28,4,1)
//!    design, ten rounds for 32 players and embedded designs for 41 to 43 players;
//!    `club.rs`: plans found offline for club-sized fields (21 to 31 players over 6 to 8
//!    rounds) where the searches a plan can afford stop above what a longer search finds.
//! 3. `merge.rs`: fields with 5-tables, a grid with dummies merged away round by round or a
//!    grid of five rows.
//! 4. `pipeline.rs`: the seed decides which player takes which place (keep-apart groups
//!    where they never meet), rounds the construction lacks are drawn greedily, then the
//!    searches run and the best start wins.
//! 5. `search.rs` on the pair counts of `meet.rs`: tabu search and descent on swaps within
//!    a round, by (repeats, 5-table duty, keep-apart) in that order; `duty.rs` evens
//!    5-table duty without adding repeats; `apart.rs` relabels players to keep groups
//!    apart. A plan still above the lower bound then gets `repeats.rs`: a tabu search over
//!    every conflicted player's swaps in every round (club-sized fields), after which duty
//!    and keep-apart are evened again.
//! 6. `seats.rs`: first dealer and list keeper per table, as even per player as the
//!    tables allow.
//!
//! `quality.rs` measures any set of rounds ([`evaluate`]) and proves the lower bound on
//! repeats; `field.rs` splits a field into tables and checks requests; `running.rs` serves
//! a running tournament ([`next_round`], [`plan_after`]: follow the plan the tournament
//! would have had where the history allows, search a round against the history otherwise);
//! `changes.rs` applies an organiser's hand changes ([`rearrange`]) and cuts a ranking into
//! tables ([`by_ranking`]); `family.rs` seats the family games at their own table sizes
//! (Doublehead Kids at 4-tables, Doppeldoppel at 3- and 4-tables: [`sizes_for`],
//! [`family_round`], [`family_random`], [`family_by_ranking`]).
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
//! From 16 to 64 players over 3 to 8 rounds every plan reaches the lower bound except 16
//! fields of 18 to 31 players over 5 to 8 rounds; 24 to 27 × 6 have no repeat (tested
//! by the sweep in `domain/tests/seating_sweep.rs`, figures in `BENCHMARKS.md`). Where the
//! searches a plan can afford fall short, a plan found offline takes their place
//! (`club.rs`). [`next_round`] follows a plan of 8 rounds, so a shorter tournament drawn
//! round by round gets that plan's first rounds, which may have more repeats than the plan
//! for its length (measured by the same sweep). For 17 to 20, 24 to 27 and 30 players
//! that plan is one found offline for drawing round by round; for 17 to 20, 24 and 30
//! players it has after every round as few repeats as the plan for that length, except
//! 19 × 6 (47, the plan 45); for 25 players it trades 4 repeats after 8 rounds (24, the
//! plan 20) for fewer after 4 to 7.
//!
//! Below 40 players with 5-tables, fewest repeats and even duty often cannot both be had,
//! and repeats come first. Which of those plans end with even duty, and how long plans
//! take, is measured in `BENCHMARKS.md` (section "Seating plans").

mod apart;
mod changes;
mod club;
mod constructions;
mod design;
mod designs;
mod duty;
mod error;
mod family;
mod field;
#[cfg(test)]
mod fixtures;
mod grid;
mod group;
mod meet;
mod merge;
mod pipeline;
mod quality;
mod random;
mod relabel;
mod repeats;
mod running;
mod search;
mod seats;

pub use changes::{SeatChange, by_ranking, rearrange, rearrange_at};
pub use error::SeatingError;
pub use family::{
    family_by_ranking, family_random, family_round, sizes_for, uses_doppelkopf_plans,
};
pub use field::{random_draw, table_sizes};
pub use quality::{evaluate, repeat_lower_bound};
pub use random::seed_hash;
pub use running::{next_round, plan_after};

use apart::Apart;
use field::validate;
use pipeline::schedule;
use random::{Rng, SEAT_STREAM};
use seats::{assign_seats, order_tables};

/// A player's number in the field, from 0 to one less than the number of players.
pub type PlayerIndex = u16;

/// The players of one table, in seat order once seats are assigned (seat 0 deals first,
/// the last seat keeps the list).
pub type Table = Vec<PlayerIndex>;

/// The tables of one round, 4-tables before 5-tables.
pub type Round = Vec<Table>;

/// Players to keep apart: any two of them at one table count as a keep-apart encounter.
pub type KeepApartGroup = Vec<PlayerIndex>;

/// Most players [`plan`] and [`next_round`] accept (the pair table grows with its square).
pub const MAX_PLAYERS: u16 = 4000;

/// Most rounds [`plan`] accepts, and most rounds of history plus one for [`next_round`].
pub const MAX_ROUNDS: u16 = 100;

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
    pub keep_apart: Vec<KeepApartGroup>,
}

/// A seating plan: every round's tables with players in seat order, and its quality.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// Round → tables → players in seat order (seat 0 deals first, the last seat keeps
    /// the list). 4-tables come before 5-tables.
    pub rounds: Vec<Round>,
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

impl Quality {
    /// Repeated encounters beyond the lower bound: 0 means no seating of these tables can
    /// do better (the pages say "best possible").
    #[must_use]
    pub fn above_bound(&self) -> u32 {
        self.repeat_pairs.saturating_sub(self.lower_bound)
    }
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
