//! Five-table merging: starts for fields with 5-tables, whose grids need a multiple of 4.
//!
//! With `f` 5-tables the grid is built for `4⌈n/4⌉` places, `4 − f` of them dummies in
//! row 0 (never at one table), spread over the columns. Each round, one table that held a
//! dummy is dissolved; its three players complete the other dummy tables and make `f`
//! tables into 5-tables, chosen among tables whose players they have never met and who
//! have had the fewest 5-table rounds. Seeded variants of the dummy columns and
//! difference-matrix columns are tried and the best kept. This spreads 5-table duty; when
//! it leaves repeated pairs that the search cannot remove (small fields), the plan also
//! tries a grid of five rows whose fifth row holds only the `f` "extra" players (a
//! five-row difference matrix: no repeats by construction, but the extras sit at a 5-table
//! every round) and keeps whichever result is better after the search.

use super::design::Design;
use super::grid::{grid_rounds, grid_rows};
use super::group::Group;
use super::meet::Meet;
use super::quality::evaluate;
use super::random::Rng;
use super::{Round, Table};

/// Variants of the dummy placement and column choice tried for fields with 5-tables.
const MERGE_ATTEMPTS: usize = 24;

/// More variants for small fields, where they are cheap and most needed: this divided by
/// the square of the table count.
const MERGE_ATTEMPT_WORK: usize = 40_000;

/// Extra difference-matrix columns to choose from when placing dummies.
const MERGE_SPARE_COLUMNS: usize = 4;

/// The dummy-merging start for fields with 5-tables (see the module documentation).
pub(super) fn merged_design(n: usize, fives: usize, want: usize, rng: &mut Rng) -> Design {
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

/// Merges the dummies of a grid away (see the module documentation) and numbers the real points
/// `0..n`. Stops early if a round cannot be merged.
fn merge_grid(
    g: usize,
    base: &[Round],
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
        let (short, full): (Vec<&Table>, Vec<&Table>) = round
            .iter()
            .partition(|table| table.iter().any(|&p| is_dummy(p)));
        let short: Vec<Table> = short
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
        floor: 0,
    }
}

/// One round of [`merge_grid`]: dissolve one short table, give its players to the other
/// short tables and to `fives` whole tables. Chooses the option with the fewest repeated
/// pairs, then the least 5-table duty, then at random; updates `meet` and `duty`.
fn merge_round(
    short: &[Table],
    full: &[&Table],
    fives: usize,
    meet: &mut Meet,
    duty: &mut [u32],
    rng: &mut Rng,
) -> Option<Round> {
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
    let mut round: Round = Vec::with_capacity(full.len() + short.len() - 1);
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

/// The other start for fields with 5-tables: a grid of five rows over the `g` tables whose
/// fifth row holds only `fives` players ("extras", in spread columns). A five-row
/// difference matrix seats no pair twice without any repair; the price is that the extras
/// sit at a 5-table every round, so this is used only when merging dummies leaves repeats.
pub(super) fn extras_design(n: usize, fives: usize, want: usize) -> Design {
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
    Design {
        rounds,
        never_meet,
        floor: 0,
    }
}
