//! Club plans found offline: fields of 21 to 31 players over 6 to 8 rounds where neither
//! the constructions nor the searches a plan can afford (well under a second) come as low
//! in repeated pairs as a longer search does (issue 13), and 18 players over 8 rounds,
//! where `plan` reaches the bound either way but evens 5-table duty only with the entry (4
//! to 6 rounds, 2 to 7 without). Apart from these, plans of 8 rounds for 17 to 20, 24 to
//! 27 and 30 players that [`super::next_round`] follows round by round
//! ([`round_by_round`]): fewer repeats after the early rounds than the plans `plan` makes,
//! for 17, 18 and 20 players after every round as few as `plan` has for that length.
//!
//! Each entry was found by `domain/examples/club_designs.rs` (our own code): an iterated
//! tabu search over swaps of two players within a round that weighs every swap of every
//! player who meets someone again, in every round, with restarts from the best plan and
//! growing kicks; run for 30 to 60 seconds of wall time a field (at `nice 19` beside other
//! builds), then a descent that evens 5-table duty without adding a repeat. The note of
//! each entry says how it was found. What helped: ranking swaps of equal repeats by a
//! second term, either `Σ ((m − 1)⁺)²` over the pairs' meetings `m` (`SPREAD=1`: two pairs
//! meeting twice before one pair three times) or the sum over every prefix of rounds of its
//! repeats (`PREFIX=1`: repeats as late as they can come); starting from `plan`'s own plan
//! (`START=plan`) or growing a plan from an entry one round shorter or with fewer players
//! (`START=file`, the new players appended to the last tables). 25 and 26 × 6 without a
//! repeat came from the 24 × 6 entry with players appended; 27 × 6 without a repeat from a
//! search from random rounds (`SPREAD=1`), after growing smaller entries had stopped at 1.
//!
//! [`super::next_round`] follows a plan of 8 rounds without knowing how many rounds the
//! tournament will have (`plan`'s, or one of [`ROUND_BY_ROUND`] where there is one), so
//! the 8-round entries are chosen for their early rounds as well: fewest repeats, then the
//! least sum over the prefixes. The 24 × 8 entry keeps the 24 × 7 entry as its first
//! seven rounds and searched only the last (`FREEZE=7 PREFIX=1`): 24 players drawn round
//! by round meet nobody twice in six rounds and have `plan`'s 3 repeats after seven; its
//! 17 repeats over 8 rounds are fewer than issue 13's independent search reached (20) and
//! than the free search found (18, with 10 repeats after six rounds).
//!
//! A plan takes an entry as its construction: the seed still decides which player takes
//! which place, and the duty, keep-apart and seat stages run on it as on any construction,
//! but the searches on repeats stop at the entry's repeats ([`Design::floor`]): what they
//! would find in the time a plan has is no better. Each round is a permutation of the
//! players cut into tables in [`super::table_sizes`] order (4-tables first, then the
//! `n mod 4` 5-tables), as in `designs.rs`. A test checks every entry: whole rounds, the
//! repeats as recorded.

use super::design::Design;
use super::designs::design;

/// One found plan: players, its repeated pairs, its rounds.
type Found = (usize, u32, &'static [&'static [u8]]);

/// The found plans, by players and rounds, each with how it was found: `nice -n 19 cargo
/// run --release -p karlchen-domain --example club_designs -- N R SEED SECONDS FLOOR` with
/// the environment named (none: the plain tabu search from random rounds); "an earlier
/// search" is one of the others' output. Only fields where `plan` stayed above the lower
/// bound and the entry has fewer repeats than it had, or (18 × 8) where the entry is at
/// the bound as `plan` was and its 5-table duty ends more even (4 to 6 rounds; `plan`'s own
/// construction ends with 2 to 7). That entry was found for its first rounds as well, when
/// `next_round` still followed `plan`'s plan, but `plan`'s duty stage reshuffles them (5,
/// 10 and 15 repeats after 3 to 5 rounds instead of 5, 8 and 11); `next_round` now follows
/// [`ROUND_BY_ROUND`] instead. An entry is taken only for its exact length, so plans of
/// fewer rounds keep their own construction.
const FOUND: &[Found] = &[
    // 18 × 8: 103 repeated pairs, at the bound as `plan`'s own plan was, 5-table duty 4
    // to 6 in `plan` (`START=plan PREFIX=1`, seed 81, 30 s; then `START=` that output
    // `PREFIX=1 KEEPPREFIX=0 DUTY=8`, seed 81, 1 s).
    (
        18,
        103,
        &[
            &[9, 15, 1, 4, 6, 16, 12, 13, 8, 10, 2, 3, 7, 14, 0, 11, 17, 5],
            &[11, 4, 13, 7, 6, 5, 8, 9, 15, 10, 16, 14, 3, 0, 1, 17, 2, 12],
            &[1, 16, 11, 8, 7, 15, 5, 12, 9, 0, 13, 14, 2, 3, 6, 4, 17, 10],
            &[7, 14, 1, 6, 5, 2, 16, 4, 13, 15, 17, 0, 8, 11, 10, 9, 3, 12],
            &[11, 2, 6, 15, 14, 4, 12, 8, 10, 5, 3, 1, 13, 7, 16, 9, 17, 0],
            &[16, 9, 12, 17, 5, 13, 2, 14, 4, 6, 0, 10, 3, 7, 8, 1, 15, 11],
            &[1, 11, 0, 14, 3, 9, 10, 17, 8, 6, 12, 15, 7, 2, 4, 16, 5, 13],
            &[13, 10, 17, 3, 15, 7, 8, 0, 12, 9, 2, 14, 16, 4, 6, 5, 11, 1],
        ],
    ),
    // 21 × 7: 28 repeated pairs (`START=` an earlier search, `PREFIX=1`, seed 41, 30 s).
    (
        21,
        28,
        &[
            &[
                8, 9, 6, 4, 7, 1, 12, 16, 20, 5, 0, 11, 19, 15, 10, 18, 13, 17, 3, 2, 14,
            ],
            &[
                14, 6, 0, 7, 11, 15, 12, 17, 5, 13, 10, 8, 2, 1, 9, 19, 4, 3, 16, 18, 20,
            ],
            &[
                16, 15, 14, 8, 1, 11, 13, 4, 7, 18, 5, 2, 20, 6, 19, 17, 0, 9, 12, 3, 10,
            ],
            &[
                10, 17, 4, 7, 12, 2, 8, 20, 18, 9, 11, 14, 19, 16, 0, 13, 15, 6, 1, 5, 3,
            ],
            &[
                10, 14, 1, 20, 13, 18, 15, 0, 6, 2, 4, 12, 17, 5, 16, 9, 3, 11, 8, 7, 19,
            ],
            &[
                1, 18, 17, 8, 13, 7, 20, 9, 16, 10, 11, 6, 5, 12, 19, 14, 4, 15, 2, 3, 0,
            ],
            &[
                16, 10, 2, 11, 12, 18, 6, 13, 19, 14, 5, 4, 0, 8, 17, 1, 9, 7, 20, 15, 3,
            ],
        ],
    ),
    // 22 × 6: 3 repeated pairs (seed 1, 40 s).
    (
        22,
        3,
        &[
            &[
                14, 19, 6, 17, 12, 2, 20, 10, 15, 9, 11, 21, 16, 7, 0, 5, 1, 8, 18, 13, 4, 3,
            ],
            &[
                15, 16, 14, 4, 13, 9, 0, 19, 10, 7, 12, 18, 6, 20, 3, 21, 5, 11, 1, 2, 8, 17,
            ],
            &[
                19, 5, 4, 2, 1, 10, 13, 21, 16, 11, 18, 6, 8, 14, 9, 7, 20, 17, 12, 15, 3, 0,
            ],
            &[
                11, 19, 7, 3, 8, 10, 5, 15, 16, 17, 13, 20, 1, 6, 12, 4, 9, 0, 2, 21, 14, 18,
            ],
            &[
                17, 18, 5, 9, 10, 1, 14, 3, 20, 0, 4, 11, 12, 16, 8, 21, 19, 2, 15, 6, 7, 13,
            ],
            &[
                6, 10, 8, 0, 7, 4, 17, 21, 9, 16, 3, 2, 18, 15, 20, 19, 1, 11, 12, 13, 5, 14,
            ],
        ],
    ),
    // 24 × 6: 0 repeated pairs (seed 1, 40 s).
    (
        24,
        0,
        &[
            &[
                4, 7, 13, 9, 20, 3, 16, 17, 2, 10, 11, 1, 14, 18, 22, 8, 21, 15, 19, 6, 5, 0, 12,
                23,
            ],
            &[
                10, 9, 22, 3, 8, 23, 6, 13, 4, 18, 16, 2, 21, 1, 0, 20, 17, 12, 11, 15, 5, 14, 7,
                19,
            ],
            &[
                17, 0, 14, 4, 7, 3, 11, 23, 12, 22, 2, 19, 8, 9, 1, 15, 10, 20, 18, 6, 13, 16, 5,
                21,
            ],
            &[
                4, 10, 15, 5, 8, 3, 19, 0, 22, 20, 11, 13, 14, 1, 16, 6, 7, 18, 12, 21, 23, 17, 9,
                2,
            ],
            &[
                1, 18, 5, 3, 20, 14, 9, 12, 0, 6, 2, 7, 4, 8, 11, 21, 15, 16, 23, 22, 10, 19, 17,
                13,
            ],
            &[
                17, 22, 1, 7, 20, 8, 5, 2, 11, 19, 16, 9, 21, 10, 14, 23, 3, 12, 4, 6, 13, 18, 0,
                15,
            ],
        ],
    ),
    // 24 × 7: 3 repeated pairs (`START=` the 24 × 6 entry, `SPREAD=1`, seed 11, 45 s).
    (
        24,
        3,
        &[
            &[
                4, 7, 13, 9, 1, 3, 16, 21, 2, 10, 11, 17, 14, 18, 22, 8, 0, 15, 19, 6, 5, 20, 12,
                23,
            ],
            &[
                10, 9, 22, 3, 8, 23, 6, 13, 4, 18, 16, 2, 21, 11, 0, 12, 17, 20, 1, 15, 5, 14, 7,
                19,
            ],
            &[
                0, 1, 14, 4, 7, 3, 11, 23, 20, 22, 2, 6, 8, 9, 21, 15, 10, 12, 18, 19, 13, 16, 5,
                17,
            ],
            &[
                4, 10, 15, 5, 8, 3, 19, 17, 22, 12, 1, 13, 14, 11, 16, 6, 7, 18, 20, 21, 23, 0, 9,
                2,
            ],
            &[
                0, 18, 5, 3, 17, 14, 9, 12, 21, 2, 19, 13, 10, 6, 7, 1, 15, 16, 23, 22, 4, 8, 20,
                11,
            ],
            &[
                7, 22, 17, 0, 1, 8, 5, 2, 20, 19, 16, 9, 21, 10, 14, 23, 3, 12, 4, 6, 11, 18, 13,
                15,
            ],
            &[
                23, 17, 1, 18, 12, 16, 7, 8, 14, 15, 2, 3, 13, 20, 10, 0, 21, 9, 5, 6, 22, 11, 4,
                19,
            ],
        ],
    ),
    // 24 × 8: 17 repeated pairs, the 24 × 7 entry as its first seven rounds, so 0 after
    // 3 to 6 rounds and 3 after 7 (`START=` the 24 × 7 entry, `FREEZE=7 PREFIX=1
    // KEEPPREFIX=0`, seed 21, 30 s; the same rounds as the 24 × 8 plan of
    // `ROUND_BY_ROUND`).
    (
        24,
        17,
        &[
            &[
                4, 7, 13, 9, 1, 3, 16, 21, 2, 10, 11, 17, 14, 18, 22, 8, 0, 15, 19, 6, 5, 20, 12,
                23,
            ],
            &[
                10, 9, 22, 3, 8, 23, 6, 13, 4, 18, 16, 2, 21, 11, 0, 12, 17, 20, 1, 15, 5, 14, 7,
                19,
            ],
            &[
                0, 1, 14, 4, 7, 3, 11, 23, 20, 22, 2, 6, 8, 9, 21, 15, 10, 12, 18, 19, 13, 16, 5,
                17,
            ],
            &[
                4, 10, 15, 5, 8, 3, 19, 17, 22, 12, 1, 13, 14, 11, 16, 6, 7, 18, 20, 21, 23, 0, 9,
                2,
            ],
            &[
                0, 18, 5, 3, 17, 14, 9, 12, 21, 2, 19, 13, 10, 6, 7, 1, 15, 16, 23, 22, 4, 8, 20,
                11,
            ],
            &[
                7, 22, 17, 0, 1, 8, 5, 2, 20, 19, 16, 9, 21, 10, 14, 23, 3, 12, 4, 6, 11, 18, 13,
                15,
            ],
            &[
                23, 17, 1, 18, 12, 16, 7, 8, 14, 15, 2, 3, 13, 20, 10, 0, 21, 9, 5, 6, 22, 11, 4,
                19,
            ],
            &[
                19, 9, 11, 1, 22, 5, 18, 6, 4, 23, 21, 17, 8, 10, 0, 16, 2, 15, 7, 12, 20, 14, 13,
                3,
            ],
        ],
    ),
    // 25 × 6: 0 repeated pairs (`START=` the 24 × 6 entry (the 25th player appended), `SPREAD=1`, seed 21, 45 s).
    (
        25,
        0,
        &[
            &[
                11, 9, 22, 13, 21, 19, 6, 4, 16, 10, 2, 24, 18, 20, 8, 14, 7, 17, 3, 15, 5, 0, 12,
                23, 1,
            ],
            &[
                3, 9, 10, 4, 19, 18, 1, 22, 8, 0, 11, 17, 5, 16, 20, 15, 13, 12, 2, 21, 23, 14, 7,
                6, 24,
            ],
            &[
                17, 12, 24, 22, 4, 2, 8, 15, 0, 16, 9, 6, 11, 14, 3, 1, 13, 20, 23, 19, 7, 18, 5,
                21, 10,
            ],
            &[
                19, 7, 16, 12, 0, 22, 14, 4, 6, 15, 11, 10, 21, 1, 20, 24, 5, 8, 3, 13, 23, 17, 9,
                2, 18,
            ],
            &[
                3, 12, 18, 6, 21, 9, 14, 15, 0, 20, 2, 7, 19, 5, 24, 11, 8, 10, 23, 22, 16, 4, 17,
                13, 1,
            ],
            &[
                17, 10, 19, 14, 22, 6, 5, 2, 8, 1, 7, 9, 11, 20, 4, 12, 16, 23, 3, 21, 13, 18, 0,
                15, 24,
            ],
        ],
    ),
    // 25 × 7: 8 repeated pairs, the first seven rounds of the 25 × 8 plan of
    // `ROUND_BY_ROUND` (9 before, from random rounds).
    (
        25,
        8,
        &[
            &[
                1, 3, 16, 21, 2, 10, 11, 17, 14, 18, 22, 8, 0, 15, 19, 6, 5, 20, 12, 23, 4, 7, 13,
                9, 24,
            ],
            &[
                10, 9, 22, 3, 8, 23, 6, 13, 4, 18, 16, 2, 17, 20, 1, 15, 5, 14, 7, 19, 21, 11, 0,
                12, 24,
            ],
            &[
                0, 1, 14, 4, 7, 3, 11, 23, 8, 9, 21, 15, 10, 12, 18, 19, 13, 16, 5, 17, 20, 22, 2,
                6, 24,
            ],
            &[
                4, 10, 15, 5, 22, 12, 1, 13, 14, 11, 16, 6, 7, 18, 20, 21, 23, 0, 9, 2, 8, 3, 19,
                17, 24,
            ],
            &[
                0, 18, 5, 3, 17, 14, 9, 12, 21, 2, 19, 13, 10, 6, 7, 1, 4, 8, 20, 11, 15, 16, 23,
                22, 24,
            ],
            &[
                7, 22, 17, 0, 1, 8, 5, 2, 20, 19, 16, 9, 3, 12, 4, 6, 11, 18, 13, 15, 21, 10, 14,
                23, 24,
            ],
            &[
                12, 16, 7, 8, 14, 15, 2, 3, 13, 20, 10, 0, 19, 22, 4, 11, 24, 23, 1, 18, 6, 9, 5,
                21, 17,
            ],
        ],
    ),
    // 25 × 8: 20 repeated pairs (`START=` an earlier search, `PREFIX=1`, seed 41, 30 s).
    (
        25,
        20,
        &[
            &[
                21, 1, 2, 0, 5, 10, 23, 19, 17, 13, 3, 8, 18, 20, 15, 6, 4, 11, 7, 16, 14, 24, 22,
                9, 12,
            ],
            &[
                20, 12, 0, 10, 8, 2, 23, 22, 18, 3, 7, 21, 14, 17, 6, 11, 9, 4, 15, 5, 13, 16, 19,
                1, 24,
            ],
            &[
                1, 6, 7, 12, 20, 5, 14, 13, 23, 17, 4, 0, 16, 21, 9, 8, 22, 11, 19, 18, 3, 15, 2,
                24, 10,
            ],
            &[
                3, 23, 9, 6, 10, 18, 16, 17, 19, 14, 21, 15, 13, 2, 11, 12, 1, 20, 4, 8, 22, 5, 0,
                24, 7,
            ],
            &[
                3, 5, 11, 1, 0, 19, 6, 8, 18, 14, 4, 2, 12, 15, 23, 16, 22, 21, 10, 13, 20, 24, 7,
                17, 9,
            ],
            &[
                23, 15, 7, 13, 20, 2, 17, 19, 11, 10, 9, 1, 6, 22, 4, 21, 16, 3, 0, 14, 24, 5, 8,
                12, 18,
            ],
            &[
                4, 3, 19, 12, 18, 9, 0, 13, 15, 17, 22, 1, 5, 6, 16, 2, 10, 7, 14, 8, 24, 20, 23,
                11, 21,
            ],
            &[
                19, 2, 9, 7, 17, 12, 21, 5, 15, 11, 0, 8, 14, 1, 18, 23, 3, 22, 16, 20, 13, 10, 6,
                4, 24,
            ],
        ],
    ),
    // 26 × 6: 0 repeated pairs (`START=` an earlier search, `PREFIX=1`, seed 41, 30 s).
    (
        26,
        0,
        &[
            &[
                1, 22, 10, 18, 14, 13, 5, 4, 24, 0, 9, 15, 17, 11, 16, 23, 21, 7, 19, 6, 20, 3, 2,
                25, 12, 8,
            ],
            &[
                14, 1, 6, 2, 16, 10, 24, 13, 11, 12, 4, 21, 7, 23, 0, 8, 17, 22, 25, 15, 20, 18, 3,
                19, 9, 5,
            ],
            &[
                0, 16, 1, 3, 4, 19, 22, 2, 23, 20, 13, 12, 18, 15, 21, 14, 25, 11, 9, 10, 7, 5, 8,
                17, 24, 6,
            ],
            &[
                25, 14, 23, 19, 11, 22, 5, 0, 12, 7, 1, 24, 20, 8, 16, 18, 3, 10, 15, 4, 6, 17, 13,
                2, 21, 9,
            ],
            &[
                19, 12, 10, 17, 1, 8, 4, 9, 14, 24, 11, 20, 22, 23, 21, 3, 15, 16, 2, 5, 7, 25, 18,
                13, 0, 6,
            ],
            &[
                14, 3, 17, 7, 21, 5, 1, 25, 24, 18, 4, 23, 20, 0, 10, 2, 22, 6, 12, 9, 16, 19, 11,
                15, 13, 8,
            ],
        ],
    ),
    // 26 × 7: 8 repeated pairs (`START=` an earlier search, `PREFIX=1`, seed 41, 30 s).
    (
        26,
        8,
        &[
            &[
                23, 18, 11, 15, 20, 12, 21, 16, 10, 19, 17, 5, 14, 9, 3, 2, 8, 25, 7, 6, 4, 1, 22,
                24, 13, 0,
            ],
            &[
                18, 2, 25, 0, 22, 11, 10, 12, 15, 24, 9, 7, 16, 13, 6, 5, 21, 14, 17, 23, 8, 1, 3,
                19, 20, 4,
            ],
            &[
                21, 11, 3, 7, 19, 16, 0, 8, 5, 22, 4, 9, 24, 2, 23, 6, 12, 1, 25, 17, 15, 13, 18,
                10, 14, 20,
            ],
            &[
                7, 5, 1, 18, 24, 12, 19, 14, 22, 20, 25, 23, 13, 3, 15, 8, 0, 10, 9, 6, 21, 2, 11,
                17, 16, 4,
            ],
            &[
                0, 15, 4, 14, 25, 21, 10, 19, 13, 12, 7, 2, 1, 16, 9, 23, 22, 17, 18, 3, 6, 8, 20,
                24, 11, 5,
            ],
            &[
                1, 10, 8, 2, 15, 6, 20, 19, 16, 14, 22, 7, 21, 24, 18, 4, 13, 25, 17, 11, 9, 3, 12,
                0, 23, 5,
            ],
            &[
                13, 19, 23, 4, 6, 14, 11, 1, 0, 20, 7, 17, 8, 18, 9, 12, 5, 2, 21, 15, 22, 10, 16,
                24, 25, 3,
            ],
        ],
    ),
    // 26 × 8: 31 repeated pairs (33 before): the 24 × 8 plan of `ROUND_BY_ROUND` with the
    // 25th and 26th players joining one table a round each, chosen to meet as many new
    // players as early as they can (`START=` that plan `JOIN=1`), then `PREFIX=1
    // PREFIXONLY=1 KEEPPREFIX=0 PREFIXDUTY=1 SPREAD=1 DUTY=5`, seed 44, 50 s (33 → 31; 0, 0, 2, 6 and 13 after 3 to 7 rounds, more than the 26 × 8 plan of
    // `ROUND_BY_ROUND`, which `next_round` keeps).
    (
        26,
        31,
        &[
            &[
                1, 3, 16, 21, 2, 10, 11, 17, 14, 18, 22, 8, 5, 20, 12, 23, 4, 7, 13, 9, 24, 0, 15,
                19, 6, 25,
            ],
            &[
                10, 9, 22, 3, 8, 23, 6, 13, 17, 20, 1, 15, 5, 14, 7, 19, 21, 11, 0, 12, 24, 4, 18,
                16, 2, 25,
            ],
            &[
                0, 1, 14, 4, 8, 9, 21, 15, 10, 12, 18, 19, 13, 16, 5, 17, 20, 22, 2, 6, 24, 7, 3,
                11, 23, 25,
            ],
            &[
                4, 10, 15, 5, 14, 11, 16, 6, 7, 18, 20, 21, 23, 0, 9, 2, 8, 3, 19, 17, 24, 22, 12,
                1, 13, 25,
            ],
            &[
                0, 18, 5, 3, 21, 2, 19, 13, 10, 6, 7, 1, 4, 8, 20, 11, 15, 16, 23, 22, 24, 17, 14,
                9, 12, 25,
            ],
            &[
                7, 22, 17, 0, 20, 19, 16, 9, 3, 12, 4, 6, 11, 18, 13, 15, 21, 10, 14, 23, 24, 1, 8,
                5, 2, 25,
            ],
            &[
                12, 16, 7, 8, 14, 15, 2, 3, 9, 22, 5, 11, 17, 6, 4, 21, 23, 19, 1, 18, 24, 13, 20,
                10, 0, 25,
            ],
            &[
                25, 5, 21, 24, 8, 10, 0, 16, 2, 15, 7, 12, 20, 14, 13, 3, 1, 18, 9, 6, 11, 22, 19,
                17, 23, 4,
            ],
        ],
    ),
    // 27 × 6: no repeated pair (`SPREAD=1`, seed 5, 120 s; found after 2.6 s, where the
    // earlier entry had 1; the duty walk finds no swap that evens 5-table duty, 1 to 6).
    (
        27,
        0,
        &[
            &[
                2, 15, 11, 5, 13, 17, 24, 23, 14, 16, 6, 26, 18, 12, 8, 1, 20, 4, 9, 19, 22, 0, 7,
                25, 10, 21, 3,
            ],
            &[
                23, 26, 3, 22, 19, 10, 8, 5, 25, 6, 2, 1, 12, 15, 24, 4, 16, 13, 20, 9, 14, 7, 0,
                17, 11, 21, 18,
            ],
            &[
                6, 0, 24, 8, 19, 2, 3, 13, 4, 17, 20, 10, 26, 25, 15, 9, 18, 7, 1, 16, 11, 22, 23,
                14, 12, 5, 21,
            ],
            &[
                3, 5, 24, 9, 14, 19, 17, 1, 10, 13, 18, 16, 15, 21, 22, 6, 20, 12, 0, 2, 7, 26, 8,
                4, 25, 11, 23,
            ],
            &[
                17, 5, 7, 6, 22, 13, 25, 12, 14, 4, 18, 3, 2, 21, 9, 8, 16, 11, 24, 20, 26, 19, 0,
                1, 15, 23, 10,
            ],
            &[
                7, 23, 18, 19, 14, 2, 22, 24, 8, 15, 3, 17, 10, 12, 11, 9, 6, 5, 20, 0, 25, 16, 4,
                1, 13, 26, 21,
            ],
        ],
    ),
    // 27 × 7: 8 repeated pairs (`START=` an earlier search, `PREFIX=1`, seed 41, 30 s).
    (
        27,
        8,
        &[
            &[
                3, 25, 6, 5, 17, 12, 1, 22, 20, 19, 26, 11, 10, 21, 15, 7, 13, 0, 24, 2, 8, 23, 16,
                14, 9, 18, 4,
            ],
            &[
                18, 2, 17, 25, 26, 22, 23, 7, 0, 19, 10, 9, 6, 15, 8, 4, 11, 13, 12, 21, 5, 16, 14,
                3, 1, 24, 20,
            ],
            &[
                15, 3, 23, 16, 9, 24, 17, 7, 20, 21, 2, 4, 18, 12, 6, 10, 26, 8, 19, 1, 25, 13, 14,
                5, 22, 11, 0,
            ],
            &[
                17, 6, 13, 0, 5, 24, 26, 15, 12, 8, 20, 9, 3, 22, 18, 19, 21, 2, 7, 11, 16, 1, 23,
                4, 25, 10, 14,
            ],
            &[
                14, 20, 7, 6, 0, 18, 15, 1, 10, 16, 22, 8, 12, 11, 25, 24, 21, 17, 19, 5, 23, 4,
                26, 3, 9, 13, 2,
            ],
            &[
                5, 8, 18, 7, 22, 13, 4, 24, 3, 11, 10, 17, 9, 23, 1, 21, 6, 19, 14, 15, 2, 12, 0,
                25, 20, 26, 16,
            ],
            &[
                2, 1, 5, 10, 25, 15, 22, 9, 16, 24, 19, 6, 17, 8, 26, 21, 14, 3, 12, 7, 4, 0, 13,
                18, 20, 11, 23,
            ],
        ],
    ),
    // 27 × 8: 37 repeated pairs (`START=` the 27 × 7 entry, `SPREAD=1`, seed 12, 60 s).
    (
        27,
        37,
        &[
            &[
                3, 25, 6, 5, 17, 12, 1, 22, 20, 19, 26, 11, 10, 21, 15, 7, 13, 0, 24, 2, 8, 23, 16,
                14, 9, 18, 4,
            ],
            &[
                17, 2, 18, 25, 26, 22, 23, 7, 0, 19, 10, 9, 6, 15, 8, 4, 11, 13, 12, 21, 5, 16, 14,
                3, 1, 24, 20,
            ],
            &[
                15, 3, 23, 16, 9, 24, 17, 7, 20, 21, 2, 4, 18, 12, 6, 10, 26, 8, 19, 1, 25, 13, 14,
                5, 22, 11, 0,
            ],
            &[
                12, 4, 8, 9, 5, 24, 26, 15, 10, 23, 25, 14, 21, 22, 18, 19, 3, 2, 7, 11, 16, 1, 13,
                0, 6, 17, 20,
            ],
            &[
                0, 18, 1, 15, 14, 20, 6, 7, 22, 16, 8, 10, 12, 11, 25, 24, 21, 17, 19, 5, 23, 4,
                26, 3, 9, 13, 2,
            ],
            &[
                26, 25, 0, 16, 22, 13, 4, 24, 3, 11, 10, 17, 9, 23, 1, 21, 6, 19, 14, 15, 2, 12,
                18, 8, 20, 5, 7,
            ],
            &[
                18, 11, 23, 13, 6, 19, 24, 16, 2, 5, 10, 1, 17, 8, 26, 21, 14, 3, 12, 7, 4, 0, 20,
                15, 22, 9, 25,
            ],
            &[
                22, 2, 6, 18, 1, 25, 26, 4, 19, 0, 21, 7, 16, 17, 13, 14, 15, 8, 5, 11, 9, 3, 24,
                10, 12, 20, 23,
            ],
        ],
    ),
    // 29 × 8: 4 repeated pairs (`START=plan`, seed 1, 60 s).
    (
        29,
        4,
        &[
            &[
                22, 18, 24, 16, 0, 15, 2, 11, 3, 13, 26, 5, 20, 27, 4, 1, 14, 21, 7, 25, 17, 23,
                28, 19, 8, 9, 12, 6, 10,
            ],
            &[
                15, 16, 1, 3, 11, 5, 10, 18, 13, 25, 4, 2, 21, 20, 12, 28, 19, 22, 14, 8, 24, 0,
                23, 9, 6, 26, 7, 17, 27,
            ],
            &[
                4, 7, 24, 11, 15, 9, 13, 19, 28, 27, 2, 22, 8, 0, 26, 21, 16, 14, 10, 20, 12, 5, 1,
                17, 23, 3, 18, 25, 6,
            ],
            &[
                13, 0, 28, 10, 27, 5, 8, 16, 25, 11, 19, 26, 3, 9, 20, 17, 18, 12, 14, 4, 7, 15,
                22, 23, 1, 2, 21, 6, 24,
            ],
            &[
                25, 24, 10, 27, 11, 16, 21, 17, 12, 19, 2, 3, 4, 22, 9, 26, 7, 18, 20, 0, 8, 1, 23,
                13, 6, 15, 28, 14, 5,
            ],
            &[
                21, 3, 10, 22, 2, 7, 9, 5, 1, 26, 18, 28, 15, 20, 25, 8, 24, 14, 17, 13, 12, 27,
                11, 23, 19, 0, 6, 16, 4,
            ],
            &[
                10, 7, 1, 19, 16, 28, 25, 9, 18, 8, 17, 2, 26, 24, 15, 12, 14, 3, 27, 0, 5, 23, 4,
                21, 20, 22, 6, 13, 11,
            ],
            &[
                6, 9, 11, 14, 15, 27, 18, 21, 2, 26, 23, 10, 16, 7, 12, 13, 20, 24, 19, 5, 28, 3,
                4, 8, 17, 22, 1, 0, 25,
            ],
        ],
    ),
    // 30 × 8: 6 repeated pairs (`START=` the entry before, 8 repeats, `PREFIX=1
    // PREFIXONLY=1 KEEPPREFIX=0 PREFIXDUTY=1 SPREAD=1 DUTY=8`, seed 5, 60 s; the same
    // rounds as the 30 × 8 plan of `ROUND_BY_ROUND`).
    (
        30,
        6,
        &[
            &[
                14, 2, 29, 13, 1, 23, 5, 18, 12, 22, 26, 16, 4, 17, 8, 7, 21, 11, 15, 3, 19, 10,
                27, 20, 24, 9, 25, 6, 0, 28,
            ],
            &[
                18, 10, 13, 8, 7, 6, 12, 14, 26, 28, 23, 19, 22, 27, 21, 17, 15, 29, 0, 5, 11, 16,
                20, 25, 4, 2, 24, 1, 3, 9,
            ],
            &[
                10, 26, 5, 11, 0, 4, 27, 13, 17, 25, 19, 1, 6, 2, 15, 22, 24, 12, 8, 23, 18, 14, 9,
                16, 21, 20, 28, 7, 3, 29,
            ],
            &[
                1, 21, 0, 10, 16, 13, 6, 19, 7, 15, 23, 25, 11, 22, 28, 24, 5, 14, 4, 3, 2, 18, 12,
                17, 20, 26, 29, 27, 9, 8,
            ],
            &[
                10, 7, 16, 2, 15, 18, 28, 27, 25, 24, 26, 14, 22, 29, 1, 4, 3, 0, 19, 12, 23, 17,
                11, 13, 9, 8, 6, 20, 21, 5,
            ],
            &[
                17, 10, 14, 28, 4, 18, 24, 6, 29, 12, 25, 21, 27, 16, 3, 23, 11, 0, 2, 8, 20, 26,
                13, 1, 15, 5, 7, 9, 19, 22,
            ],
            &[
                24, 13, 21, 7, 18, 19, 29, 11, 27, 25, 5, 2, 16, 8, 28, 1, 26, 6, 3, 17, 9, 4, 10,
                12, 15, 14, 22, 0, 23, 20,
            ],
            &[
                14, 19, 15, 8, 18, 0, 7, 26, 6, 20, 9, 23, 28, 21, 4, 2, 11, 1, 27, 12, 3, 10, 22,
                25, 13, 5, 24, 29, 16, 17,
            ],
        ],
    ),
    // 31 × 8: 6 repeated pairs (`START=plan` `SPREAD=1`, seed 4, 40 s).
    (
        31,
        6,
        &[
            &[
                20, 5, 2, 17, 15, 13, 12, 30, 14, 19, 6, 24, 7, 27, 3, 8, 11, 0, 16, 29, 1, 10, 21,
                26, 18, 25, 23, 4, 22, 28, 9,
            ],
            &[
                20, 25, 23, 6, 27, 12, 9, 26, 16, 22, 5, 13, 17, 0, 14, 10, 28, 7, 29, 30, 18, 4,
                19, 8, 1, 2, 24, 15, 11, 3, 21,
            ],
            &[
                29, 8, 9, 25, 26, 5, 3, 4, 22, 7, 17, 15, 0, 18, 24, 23, 2, 12, 21, 6, 16, 19, 13,
                28, 10, 11, 30, 14, 1, 27, 20,
            ],
            &[
                12, 29, 10, 5, 6, 11, 4, 7, 18, 19, 15, 27, 9, 16, 24, 30, 1, 23, 26, 13, 17, 21,
                22, 8, 20, 0, 14, 2, 25, 3, 28,
            ],
            &[
                8, 6, 13, 18, 9, 19, 0, 3, 10, 2, 30, 22, 14, 12, 11, 23, 21, 27, 4, 17, 29, 15,
                26, 16, 20, 28, 25, 5, 24, 7, 1,
            ],
            &[
                29, 20, 3, 13, 26, 2, 0, 7, 27, 22, 25, 11, 18, 16, 4, 14, 6, 10, 15, 1, 9, 5, 30,
                19, 23, 21, 12, 28, 17, 24, 8,
            ],
            &[
                2, 23, 15, 29, 11, 8, 26, 30, 17, 25, 16, 19, 10, 4, 20, 24, 28, 0, 27, 5, 6, 3,
                12, 22, 18, 1, 7, 9, 21, 13, 14,
            ],
            &[
                13, 2, 24, 27, 20, 19, 12, 7, 23, 16, 8, 10, 1, 28, 21, 3, 29, 22, 6, 14, 26, 17,
                11, 9, 18, 5, 4, 30, 25, 0, 15,
            ],
        ],
    ),
];

/// One plan for a tournament drawn round by round: players, the repeated pairs after each
/// of its rounds, its rounds.
type Nested = (usize, &'static [u32], &'static [&'static [u8]]);

/// Plans of 8 rounds that [`super::next_round`] follows, found offline so that every prefix
/// of rounds has as few repeats as can be found, since a tournament drawn round by round
/// may end after any of them. `plan`'s own 8-round plan (or the `FOUND` entry) is as good
/// over 8 rounds but met pairs again earlier: 17 players had 13, 26, 38, 52 and 66 repeats
/// after 3 to 7 rounds, where `plan` for those lengths has 2, 3, 4, 32 and 60. For 17, 18,
/// 20, 24 and 30 players every prefix is at `plan`'s for its length, for 19 all but the
/// sixth round (47, `plan` 45: no search found a sixth round that keeps the first five at
/// 18 and meets the nine pairs they miss); for 26 and 27 players no more than before after
/// any round and fewer after some, not always as few as `plan` (each entry's note; 26 × 8
/// has 33 where the `FOUND` entry now has 31 but 2, 6, 13 after 5 to 7 rounds); for 25
/// players fewer than `plan`'s 8-round plan after 4 to 7 rounds (0, 1, 3, 8 against 1, 3,
/// 9, 10) and 4 more after 8 (24, the bound 20), the smaller excess over `plan` summed over
/// 3 to 8 rounds (8 against 14). The repeats after each round are recorded, checked by a
/// test.
///
/// Plans whose first six rounds have no repeat (the 25 and 26 × 6 entries of `FOUND`
/// frozen, rounds 7 and 8 searched with `PREFIX=1` or `PREFIXONLY=1`) end far above: 14 and
/// 32 after 7 and 8 rounds for 25 players, 16 and 37 for 26 (from five frozen rounds), and
/// 27 players from the 27 × 6 entry's first five rounds 1, 19, 44 after 6 to 8; the pairs a
/// repeat-free start leaves unmet hardly form tables.
///
/// Found by `domain/examples/club_designs.rs` (the note of each entry says how): `PREFIX=1`
/// ranks by the repeats over 8 rounds and then the sum over the prefixes, `PREFIXONLY=1` by
/// that sum alone; `FREEZE=5` grew 17 to 19 × 8 from a 5-round plan. Once every pair has
/// met (after five rounds for 17 players, six for 18, seven for 19 and 20) every further
/// meeting is a repeat, so the last rounds are free for 5-table duty, which
/// `KEEPPREFIX=0 PREFIXDUTY=1 DUTY=s` evens after every prefix without a repeat earlier.
///
/// Fewest repeats early cost even duty, and repeats come first: for 17 players four
/// repeats after five rounds (the bound) can only come from one pair that meets in every
/// round at the 5-table (the 5-table of round `r` holds two players who shared a table in
/// each earlier round, and only one repeat a round is allowed), so those two have 5 rounds
/// of duty after 8, the others 2 (`plan`: 2 to 3).
///
/// Taken as found ([`super::pipeline::as_found`]): the seed decides which player takes
/// which place and keep-apart groups are relabelled apart, but no search or duty stage
/// changes the rounds (each would move repeats into the first rounds).
const ROUND_BY_ROUND: &[Nested] = &[
    // 17 × 8: 2, 3, 4, 32, 60 and 88 repeats after 3 to 8 rounds, as `plan` for each
    // length; 5-table duty 2 to 5 (first five rounds `PREFIX=1 KEEPPREFIX=0`, seed 7, 3 s;
    // then `START=` that output `FREEZE=5 PREFIX=1 KEEPPREFIX=0 PREFIXDUTY=1 SPREAD=1
    // DUTY=6`, seed 8, 3 s).
    (
        17,
        &[0, 1, 2, 3, 4, 32, 60, 88],
        &[
            &[6, 5, 2, 12, 0, 11, 14, 4, 8, 13, 3, 1, 9, 10, 16, 15, 7],
            &[13, 9, 5, 14, 0, 15, 3, 2, 11, 6, 8, 16, 4, 1, 12, 7, 10],
            &[0, 9, 8, 12, 14, 15, 6, 1, 2, 13, 4, 16, 5, 3, 10, 11, 7],
            &[4, 5, 8, 15, 16, 3, 14, 12, 9, 2, 11, 1, 13, 10, 7, 0, 6],
            &[9, 4, 6, 3, 5, 16, 1, 0, 12, 11, 13, 15, 2, 7, 14, 10, 8],
            &[8, 15, 2, 7, 16, 1, 9, 14, 11, 13, 0, 10, 5, 6, 12, 3, 4],
            &[3, 16, 0, 12, 10, 9, 5, 15, 4, 7, 13, 6, 8, 1, 14, 2, 11],
            &[6, 8, 12, 14, 1, 2, 4, 10, 5, 3, 11, 7, 15, 16, 0, 13, 9],
        ],
    ),
    // 18 × 8: 4, 6, 11, 39, 71 and 103 after 3 to 8 rounds, as `plan`; duty 4 to 6 (made
    // as 17 × 8).
    (
        18,
        &[0, 2, 4, 6, 11, 39, 71, 103],
        &[
            &[16, 15, 17, 14, 5, 0, 8, 7, 2, 11, 12, 4, 6, 3, 13, 1, 10, 9],
            &[11, 17, 8, 13, 9, 0, 16, 4, 14, 10, 7, 12, 3, 2, 15, 1, 5, 6],
            &[16, 13, 12, 5, 4, 8, 14, 1, 3, 0, 10, 11, 15, 6, 2, 7, 9, 17],
            &[9, 8, 12, 15, 11, 1, 16, 7, 13, 6, 0, 14, 2, 5, 3, 10, 17, 4],
            &[0, 17, 1, 12, 5, 11, 9, 14, 4, 7, 13, 2, 15, 6, 10, 16, 8, 3],
            &[0, 9, 6, 15, 17, 13, 7, 4, 11, 14, 1, 5, 12, 2, 3, 8, 16, 10],
            &[7, 1, 10, 2, 6, 4, 5, 3, 13, 0, 14, 16, 15, 11, 9, 8, 12, 17],
            &[13, 10, 12, 6, 11, 2, 15, 3, 5, 17, 0, 1, 8, 9, 14, 16, 4, 7],
        ],
    ),
    // 19 × 8: 6, 9, 18, 47, 81 and 117 after 3 to 8 rounds, `plan` 45 after six; duty 4
    // to 7 (made as 17 × 8).
    (
        19,
        &[0, 3, 6, 9, 18, 47, 81, 117],
        &[
            &[
                2, 17, 8, 15, 14, 0, 7, 5, 4, 12, 13, 16, 18, 9, 6, 11, 10, 3, 1,
            ],
            &[
                7, 6, 17, 12, 2, 16, 4, 13, 11, 0, 1, 8, 3, 9, 18, 15, 5, 10, 14,
            ],
            &[
                4, 10, 17, 9, 3, 7, 2, 18, 1, 5, 8, 14, 11, 12, 15, 13, 16, 6, 0,
            ],
            &[
                18, 17, 0, 11, 8, 7, 16, 13, 10, 3, 15, 1, 12, 4, 6, 5, 14, 9, 2,
            ],
            &[
                9, 7, 11, 15, 14, 3, 17, 13, 16, 5, 4, 6, 8, 18, 0, 10, 12, 2, 1,
            ],
            &[
                14, 3, 18, 0, 15, 9, 2, 10, 12, 16, 1, 17, 13, 5, 4, 11, 7, 6, 8,
            ],
            &[
                16, 6, 13, 10, 0, 2, 11, 17, 9, 14, 7, 3, 5, 1, 4, 15, 8, 18, 12,
            ],
            &[
                1, 12, 5, 16, 7, 9, 8, 13, 0, 3, 17, 15, 11, 6, 10, 4, 14, 2, 18,
            ],
        ],
    ),
    // 20 × 8: 0, 0, 0, 6, 20 and 50 after 3 to 8 rounds, as `plan` (`PREFIX=1
    // PREFIXONLY=1`, seed 3, 60 s).
    (
        20,
        &[0, 0, 0, 0, 0, 6, 20, 50],
        &[
            &[
                7, 17, 16, 8, 15, 11, 12, 1, 5, 10, 3, 0, 2, 9, 4, 6, 19, 13, 18, 14,
            ],
            &[
                16, 9, 19, 5, 2, 0, 12, 14, 1, 3, 4, 8, 18, 15, 6, 17, 11, 7, 10, 13,
            ],
            &[
                2, 8, 5, 18, 15, 13, 0, 9, 19, 12, 4, 7, 11, 3, 16, 6, 14, 10, 17, 1,
            ],
            &[
                9, 17, 12, 3, 15, 10, 19, 8, 7, 14, 5, 6, 13, 16, 2, 1, 11, 18, 0, 4,
            ],
            &[
                6, 19, 0, 1, 9, 14, 11, 8, 18, 16, 10, 12, 5, 17, 13, 4, 15, 2, 7, 3,
            ],
            &[
                12, 6, 5, 10, 2, 11, 17, 19, 13, 0, 3, 8, 9, 18, 1, 7, 15, 4, 16, 14,
            ],
            &[
                4, 2, 9, 10, 0, 16, 7, 17, 1, 11, 15, 5, 12, 6, 13, 8, 18, 14, 19, 3,
            ],
            &[
                19, 4, 13, 8, 14, 1, 3, 16, 5, 18, 9, 12, 17, 15, 7, 0, 6, 10, 2, 11,
            ],
        ],
    ),
    // 24 × 8: 0 after 3 to 6 rounds, 3 after 7 and 17 after 8 (`plan` had 20 and now
    // takes these rounds too, `FOUND`, where it says how they were found).
    (
        24,
        &[0, 0, 0, 0, 0, 0, 3, 17],
        &[
            &[
                4, 7, 13, 9, 1, 3, 16, 21, 2, 10, 11, 17, 14, 18, 22, 8, 0, 15, 19, 6, 5, 20, 12,
                23,
            ],
            &[
                10, 9, 22, 3, 8, 23, 6, 13, 4, 18, 16, 2, 21, 11, 0, 12, 17, 20, 1, 15, 5, 14, 7,
                19,
            ],
            &[
                0, 1, 14, 4, 7, 3, 11, 23, 20, 22, 2, 6, 8, 9, 21, 15, 10, 12, 18, 19, 13, 16, 5,
                17,
            ],
            &[
                4, 10, 15, 5, 8, 3, 19, 17, 22, 12, 1, 13, 14, 11, 16, 6, 7, 18, 20, 21, 23, 0, 9,
                2,
            ],
            &[
                0, 18, 5, 3, 17, 14, 9, 12, 21, 2, 19, 13, 10, 6, 7, 1, 15, 16, 23, 22, 4, 8, 20,
                11,
            ],
            &[
                7, 22, 17, 0, 1, 8, 5, 2, 20, 19, 16, 9, 21, 10, 14, 23, 3, 12, 4, 6, 11, 18, 13,
                15,
            ],
            &[
                23, 17, 1, 18, 12, 16, 7, 8, 14, 15, 2, 3, 13, 20, 10, 0, 21, 9, 5, 6, 22, 11, 4,
                19,
            ],
            &[
                19, 9, 11, 1, 22, 5, 18, 6, 4, 23, 21, 17, 8, 10, 0, 16, 2, 15, 7, 12, 20, 14, 13,
                3,
            ],
        ],
    ),
    // 25 × 8: 0, 0, 1, 3, 8 and 24 after 3 to 8 rounds (`plan`: 0, 0, 0, 0, 8, 20; its
    // 8-round plan had 0, 1, 3, 9, 10, 20); duty 1 to 6. The 24 × 8 plan above with the
    // 25th player joining one table a round, chosen to meet as many new players as early as
    // he can (`START=` that plan `JOIN=1`): its first six rounds hold no six disjoint
    // tables, so 1 repeat after five rounds and 3 after six. Then `PREFIX=1 PREFIXONLY=1
    // KEEPPREFIX=0 PREFIXDUTY=1 SPREAD=1 DUTY=5`, seed 41, 50 s (25 → 24 after 8 rounds).
    (
        25,
        &[0, 0, 0, 0, 1, 3, 8, 24],
        &[
            &[
                1, 3, 16, 21, 2, 10, 11, 17, 14, 18, 22, 8, 0, 15, 19, 6, 5, 20, 12, 23, 4, 7, 13,
                9, 24,
            ],
            &[
                10, 9, 22, 3, 8, 23, 6, 13, 4, 18, 16, 2, 17, 20, 1, 15, 5, 14, 7, 19, 21, 11, 0,
                12, 24,
            ],
            &[
                0, 1, 14, 4, 7, 3, 11, 23, 8, 9, 21, 15, 10, 12, 18, 19, 13, 16, 5, 17, 20, 22, 2,
                6, 24,
            ],
            &[
                4, 10, 15, 5, 22, 12, 1, 13, 14, 11, 16, 6, 7, 18, 20, 21, 23, 0, 9, 2, 8, 3, 19,
                17, 24,
            ],
            &[
                0, 18, 5, 3, 17, 14, 9, 12, 21, 2, 19, 13, 10, 6, 7, 1, 4, 8, 20, 11, 15, 16, 23,
                22, 24,
            ],
            &[
                7, 22, 17, 0, 1, 8, 5, 2, 20, 19, 16, 9, 3, 12, 4, 6, 11, 18, 13, 15, 21, 10, 14,
                23, 24,
            ],
            &[
                12, 16, 7, 8, 14, 15, 2, 3, 13, 20, 10, 0, 19, 22, 4, 11, 24, 23, 1, 18, 6, 9, 5,
                21, 17,
            ],
            &[
                24, 22, 5, 21, 19, 17, 4, 23, 8, 10, 0, 16, 2, 15, 7, 12, 20, 14, 13, 3, 18, 6, 11,
                1, 9,
            ],
        ],
    ),
    // 26 × 8: 0, 0, 2, 5, 8 and 33 after 3 to 8 rounds (`plan`: 0, 0, 0, 0, 8, 31); duty 1
    // to 5 (`START=` the 26 × 8 entry of `FOUND`, `PREFIX=1 PREFIXONLY=1 KEEPPREFIX=0
    // PREFIXDUTY=1 SPREAD=1 DUTY=8`, seed 5, 60 s).
    (
        26,
        &[0, 0, 0, 0, 2, 5, 8, 33],
        &[
            &[
                23, 18, 11, 15, 20, 12, 21, 16, 3, 2, 14, 9, 17, 5, 10, 19, 8, 25, 7, 6, 4, 1, 22,
                24, 13, 0,
            ],
            &[
                2, 0, 25, 18, 22, 11, 10, 12, 15, 24, 9, 7, 16, 13, 6, 5, 21, 14, 17, 23, 8, 3, 20,
                19, 1, 4,
            ],
            &[
                21, 11, 3, 7, 19, 16, 0, 8, 22, 5, 4, 9, 24, 2, 23, 6, 12, 1, 25, 15, 17, 13, 18,
                10, 14, 20,
            ],
            &[
                7, 5, 1, 18, 24, 12, 19, 14, 22, 20, 25, 23, 13, 3, 15, 8, 0, 10, 9, 6, 21, 2, 11,
                17, 16, 4,
            ],
            &[
                0, 15, 4, 14, 21, 25, 10, 19, 13, 12, 7, 2, 1, 9, 16, 23, 22, 17, 18, 3, 6, 8, 20,
                24, 11, 5,
            ],
            &[
                1, 10, 8, 2, 15, 6, 20, 19, 16, 14, 22, 7, 21, 24, 18, 4, 13, 25, 17, 11, 9, 3, 12,
                0, 23, 5,
            ],
            &[
                13, 19, 23, 4, 6, 14, 11, 1, 0, 20, 7, 17, 8, 18, 9, 12, 5, 2, 21, 15, 22, 10, 16,
                24, 25, 3,
            ],
            &[
                21, 3, 1, 13, 20, 2, 9, 19, 8, 24, 17, 22, 0, 18, 16, 11, 5, 12, 14, 6, 25, 10, 23,
                4, 15, 7,
            ],
        ],
    ),
    // 27 × 8: 1, 2, 5, 6, 8 and 37 after 3 to 8 rounds (`plan`: 0, 0, 0, 1, 8, 37); duty 2
    // to 7 (made as 26 × 8, from the 27 × 8 entry).
    (
        27,
        &[0, 1, 1, 2, 5, 6, 8, 37],
        &[
            &[
                3, 25, 6, 5, 17, 12, 1, 22, 20, 19, 26, 11, 10, 21, 15, 7, 13, 0, 24, 2, 8, 23, 16,
                14, 9, 18, 4,
            ],
            &[
                17, 2, 18, 6, 26, 22, 23, 7, 0, 19, 10, 9, 25, 15, 8, 4, 11, 13, 12, 21, 5, 16, 14,
                3, 1, 24, 20,
            ],
            &[
                15, 3, 23, 16, 9, 24, 17, 7, 20, 21, 2, 4, 18, 12, 25, 10, 26, 8, 19, 1, 6, 13, 14,
                5, 22, 11, 0,
            ],
            &[
                12, 20, 8, 9, 5, 24, 26, 15, 13, 17, 25, 0, 21, 19, 18, 22, 3, 2, 7, 11, 16, 1, 10,
                14, 6, 23, 4,
            ],
            &[
                0, 18, 1, 15, 14, 20, 25, 7, 22, 16, 8, 10, 12, 11, 6, 24, 21, 17, 19, 5, 23, 4,
                26, 3, 9, 13, 2,
            ],
            &[
                7, 5, 18, 8, 22, 13, 4, 24, 3, 11, 10, 17, 9, 23, 1, 21, 25, 19, 14, 15, 2, 12, 0,
                16, 20, 6, 26,
            ],
            &[
                6, 15, 22, 9, 25, 19, 24, 16, 2, 5, 10, 1, 17, 8, 26, 21, 14, 3, 12, 7, 4, 0, 20,
                11, 23, 13, 18,
            ],
            &[
                23, 18, 24, 12, 1, 8, 26, 4, 3, 2, 25, 22, 16, 17, 20, 15, 10, 11, 14, 5, 13, 9, 6,
                19, 0, 7, 21,
            ],
        ],
    ),
    // 30 × 8: 0 after 3 to 7 rounds, 6 after 8 (`plan` had 8 and now takes these rounds
    // too, `FOUND`); duty 2 to 7 (made as 26 × 8, from the 30 × 8 entry).
    (
        30,
        &[0, 0, 0, 0, 0, 0, 0, 6],
        &[
            &[
                14, 2, 29, 13, 1, 23, 5, 18, 12, 22, 26, 16, 4, 17, 8, 7, 21, 11, 15, 3, 19, 10,
                27, 20, 24, 9, 25, 6, 0, 28,
            ],
            &[
                18, 10, 13, 8, 7, 6, 12, 14, 26, 28, 23, 19, 22, 27, 21, 17, 15, 29, 0, 5, 11, 16,
                20, 25, 4, 2, 24, 1, 3, 9,
            ],
            &[
                10, 26, 5, 11, 0, 4, 27, 13, 17, 25, 19, 1, 6, 2, 15, 22, 24, 12, 8, 23, 18, 14, 9,
                16, 21, 20, 28, 7, 3, 29,
            ],
            &[
                1, 21, 0, 10, 16, 13, 6, 19, 7, 15, 23, 25, 11, 22, 28, 24, 5, 14, 4, 3, 2, 18, 12,
                17, 20, 26, 29, 27, 9, 8,
            ],
            &[
                10, 7, 16, 2, 15, 18, 28, 27, 25, 24, 26, 14, 22, 29, 1, 4, 3, 0, 19, 12, 23, 17,
                11, 13, 9, 8, 6, 20, 21, 5,
            ],
            &[
                17, 10, 14, 28, 4, 18, 24, 6, 29, 12, 25, 21, 27, 16, 3, 23, 11, 0, 2, 8, 20, 26,
                13, 1, 15, 5, 7, 9, 19, 22,
            ],
            &[
                24, 13, 21, 7, 18, 19, 29, 11, 27, 25, 5, 2, 16, 8, 28, 1, 26, 6, 3, 17, 9, 4, 10,
                12, 15, 14, 22, 0, 23, 20,
            ],
            &[
                14, 19, 15, 8, 18, 0, 7, 26, 6, 20, 9, 23, 28, 21, 4, 2, 11, 1, 27, 12, 3, 10, 22,
                25, 13, 5, 24, 29, 16, 17,
            ],
        ],
    ),
];

/// The plan [`super::next_round`] follows for `n` players over `want` rounds, if one was
/// found for drawing round by round (17 to 20, 24 to 27 and 30 players over 8 rounds);
/// taken as found.
pub(super) fn round_by_round(n: usize, want: usize) -> Option<Design> {
    let &(_, _, rounds) = ROUND_BY_ROUND
        .iter()
        .find(|(players, _, rounds)| *players == n && rounds.len() == want)?;
    Some(design(n, rounds))
}

/// The found plan for `n` players over exactly `want` rounds, with its repeats as the
/// floor for the searches; `None` for every other field.
pub(super) fn embedded(n: usize, want: usize) -> Option<Design> {
    let &(_, repeats, rounds) = FOUND
        .iter()
        .find(|(players, _, rounds)| *players == n && rounds.len() == want)?;
    let mut found = design(n, rounds);
    found.floor = repeats;
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seating::{evaluate, repeat_lower_bound, table_sizes};

    /// Every entry seats every player once a round at the field's tables, with the repeats
    /// it records, never below the proven bound.
    #[test]
    fn found_plans_are_whole_and_as_recorded() {
        for &(n, repeats, rounds) in FOUND {
            let want = rounds.len();
            let case = format!("{n} × {want}");
            let found = embedded(n, want).unwrap();
            assert_eq!(found.rounds.len(), want, "{case}");
            let sizes = table_sizes(n as u16).unwrap();
            for round in &found.rounds {
                let shape: Vec<u8> = round.iter().map(|t| t.len() as u8).collect();
                assert_eq!(shape, sizes, "{case}");
                let mut seen: Vec<u16> = round.iter().flatten().copied().collect();
                seen.sort_unstable();
                assert_eq!(seen, (0..n as u16).collect::<Vec<_>>(), "{case}");
            }
            let q = evaluate(&found.rounds, &[]);
            assert_eq!(q.repeat_pairs, repeats, "{case}");
            assert_eq!(found.floor, repeats, "{case}");
            assert!(
                repeats >= repeat_lower_bound(n as u16, want as u16).unwrap(),
                "{case}"
            );
        }
        assert!(embedded(24, 5).is_none());
        assert!(embedded(40, 8).is_none());
    }

    /// Every plan for drawing round by round seats every player once a round, with the
    /// repeats after each round as recorded (compared with `plan`'s by the sweep,
    /// `domain/tests/seating_sweep.rs`).
    #[test]
    fn round_by_round_plans_are_whole_and_as_recorded() {
        for &(n, after, _) in ROUND_BY_ROUND {
            let found = round_by_round(n, 8).unwrap();
            let sizes = table_sizes(n as u16).unwrap();
            for (r, round) in found.rounds.iter().enumerate() {
                let case = format!("{n} × {}", r + 1);
                let shape: Vec<u8> = round.iter().map(|t| t.len() as u8).collect();
                assert_eq!(shape, sizes, "{case}");
                let mut seen: Vec<u16> = round.iter().flatten().copied().collect();
                seen.sort_unstable();
                assert_eq!(seen, (0..n as u16).collect::<Vec<_>>(), "{case}");
                let repeats = evaluate(&found.rounds[..=r], &[]).repeat_pairs;
                assert_eq!(repeats, after[r], "{case}");
            }
            assert_eq!(found.rounds.len(), after.len(), "{n}");
        }
        assert!(round_by_round(17, 7).is_none());
        assert!(round_by_round(21, 8).is_none());
    }

    /// Issue 13's examples (its independent search reached 0, 0, 20 and 40): a plan takes
    /// the entry whatever the seed, and keep-apart groups cost it no repeat.
    #[test]
    fn plans_reach_what_the_issue_asks_for_every_seed() {
        use crate::seating::fixtures::{assert_valid, request};
        use crate::seating::{PlanRequest, plan};
        for (players, rounds, repeats) in [(24, 6, 0), (25, 6, 0), (24, 8, 17), (27, 8, 37)] {
            for seed in ["a", "b"] {
                let req = PlanRequest {
                    keep_apart: vec![vec![0, 1, 2], vec![3, 4]],
                    ..request(players, rounds, seed)
                };
                let planned = plan(&req).unwrap();
                assert_valid(&planned, players);
                let q = planned.quality;
                assert_eq!(
                    q.repeat_pairs, repeats,
                    "{players} × {rounds}, {seed}: {q:?}"
                );
            }
        }
    }
}
