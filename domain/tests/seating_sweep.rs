//! Issue 13: club-sized fields. Every field of 16 to 64 players over 3 to 8 rounds, planned
//! whole (`plan`), continued after a random first round (`plan_after`) and drawn round by
//! round after it (`next_round`, every prefix of its 8 rounds), checked for structure and
//! measured: repeated pairs against the lower bound (every field reaches it except those
//! in `RECORDED` and, for `next_round`, `NEXT_RECORDED`, which may not get worse) and
//! beside what issue 13's independent search reached (`INDEPENDENT`), 5-table duty and the
//! time per plan or round.
//!
//! Too slow for every test run (about 40 s), so ignored; CI runs it (`.ci/run`) in the dev
//! profile, where the domain is optimised (`opt-level = 2` in Cargo.toml) and keeps its
//! overflow checks:
//!
//! ```text
//! cargo test -p karlchen-domain --test seating_sweep -- --ignored --nocapture
//! ```
#![expect(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test: a field that cannot be seated should fail loudly"
)]

use std::time::{Duration, Instant};

use domain::seating::{
    Plan, PlanRequest, Round, evaluate, next_round, plan, plan_after, random_draw,
    repeat_lower_bound, table_sizes,
};

const PLAYERS: std::ops::RangeInclusive<u16> = 16..=64;

/// The players to sweep: all of [`PLAYERS`], or `SEATING_SWEEP=17-31` for a part.
fn players() -> std::ops::RangeInclusive<u16> {
    std::env::var("SEATING_SWEEP")
        .ok()
        .and_then(|range| {
            let (low, high) = range.split_once('-')?;
            Some(low.parse().ok()?..=high.parse().ok()?)
        })
        .unwrap_or(PLAYERS)
}
const ROUNDS: std::ops::RangeInclusive<u16> = 3..=8;

fn request(players: u16, rounds: u16, seed: &str) -> PlanRequest {
    PlanRequest {
        players,
        rounds,
        seed: seed.to_owned(),
        keep_apart: Vec::new(),
    }
}

/// Every player once per round, tables in `table_sizes` order, a first dealer and a list
/// keeper who are different players.
fn assert_structure(rounds: &[Round], players: u16, case: &str) {
    let sizes = table_sizes(players).unwrap();
    for (r, round) in rounds.iter().enumerate() {
        let shape: Vec<u8> = round.iter().map(|t| t.len() as u8).collect();
        assert_eq!(shape, sizes, "{case}, round {r}");
        let mut seen: Vec<u16> = round.iter().flatten().copied().collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..players).collect::<Vec<_>>(), "{case}, round {r}");
    }
}

/// Fields whose plans stay above the lower bound, with the repeats they have now
/// `(players, rounds, repeats)`: a plan may not get worse (every other field must reach
/// the bound). Whether these can be lowered is open; some surely cannot (20 × 6: no search
/// or known construction goes below 6). From 21 players on these are the entries of
/// `domain/src/seating/club.rs` (found offline), or what the plan reached where the
/// offline search found no fewer (23 × 6).
const RECORDED: &[(u16, u16, u32)] = &[
    (18, 5, 11),
    (19, 5, 18),
    (20, 6, 6),
    (21, 6, 6),
    (22, 6, 3),
    (23, 6, 3),
    (24, 7, 3),
    (24, 8, 17),
    (25, 7, 8),
    (26, 7, 8),
    (26, 8, 31),
    (27, 7, 8),
    (27, 8, 37),
    (29, 8, 4),
    (30, 8, 6),
    (31, 8, 6),
];

/// What issue 13's independent search (tabu and annealing, a few seconds a case) reached,
/// printed beside the plans: `(players, rounds, repeats before, reached)`.
const INDEPENDENT: &[(u16, u16, u32, u32)] = &[
    (17, 5, 16, 4),
    (19, 4, 13, 9),
    (24, 6, 8, 0),
    (25, 6, 13, 0),
    (24, 8, 42, 20),
    (27, 8, 52, 40),
];

/// Prefixes of `next_round`'s 8-round plan that are above what `plan` reaches for that
/// length: `(players, rounds, repeats)`, as measured; may not get worse. `next_round`
/// follows plans found for drawing round by round for 17 to 20, 24 to 27 and 30 players
/// (`club.rs`); of those, 19 × 6 has 47 where `plan` has 45, 26 and 27 players keep a few
/// early repeats (and 26 × 8 33 where `plan`'s own entry now has 31), and 25 players have 1 and 3 after 5 and 6 rounds and 24 after 8 where
/// `plan` has 0, 0 and 20 (before: 13, 26, 38, 52, 66 for 17 players after 3 to 7 rounds,
/// 5, 10, 15, 43, 74 for 18, 13, 27, 43, 65, 90 for 19, 24 for 20 × 7, 6 for 24 × 7, 1, 1,
/// 3, 5, 9 for 26, 1, 3, 6, 7, 9 for 27, 1 for 30 × 5 to 7 and, following `plan`'s
/// 8-round plan, 1, 3, 9, 10 for 25 × 4 to 7 with 20 after 8). 21 and 22 players follow
/// `plan`'s 8-round plan; a search for plans with fewer repeats early (`PREFIXONLY=1`, 60 s
/// each) found none.
const NEXT_RECORDED: &[(u16, u16, u32)] = &[
    (19, 6, 47),
    (21, 7, 30),
    (22, 6, 5),
    (25, 5, 1),
    (25, 6, 3),
    (25, 8, 24),
    (26, 5, 2),
    (26, 6, 5),
    (26, 7, 8),
    (26, 8, 33),
    (27, 3, 1),
    (27, 4, 2),
    (27, 5, 5),
    (27, 6, 6),
    (27, 7, 8),
];

fn next_recorded(players: u16, rounds: u16) -> Option<u32> {
    NEXT_RECORDED
        .iter()
        .find(|&&(p, r, _)| p == players && r == rounds)
        .map(|&(.., repeats)| repeats)
}

fn recorded(players: u16, rounds: u16) -> Option<u32> {
    RECORDED
        .iter()
        .find(|&&(p, r, _)| p == players && r == rounds)
        .map(|&(.., repeats)| repeats)
}

/// CPU time this thread has run (Linux `schedstat`, nanoseconds), so that the times do not
/// depend on what else the machine runs; elsewhere `None` and wall time is used.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// Runs `work` and returns its result and the CPU time it took (wall time without
/// `schedstat`).
fn timed<T>(work: impl FnOnce() -> T) -> (T, Duration) {
    let (cpu, wall) = (cpu_time(), Instant::now());
    let result = work();
    let time = match (cpu, cpu_time()) {
        (Some(before), Some(after)) => after.saturating_sub(before),
        _ => wall.elapsed(),
    };
    (result, time)
}

struct Row {
    players: u16,
    rounds: u16,
    repeats: u32,
    bound: u32,
    duty: (u16, u16),
    time: Duration,
}

fn report(title: &str, rows: &[Row]) {
    eprintln!("\n{title}: players × rounds → repeats (bound) [5-table duty] CPU ms");
    for players in players() {
        let line: Vec<String> = rows
            .iter()
            .filter(|row| row.players == players)
            .map(|row| {
                let mark = if row.repeats > row.bound { "*" } else { "" };
                format!(
                    "{}:{}{mark}({}) [{}-{}] {}",
                    row.rounds,
                    row.repeats,
                    row.bound,
                    row.duty.0,
                    row.duty.1,
                    row.time.as_millis()
                )
            })
            .collect();
        eprintln!("{players:>3} | {}", line.join(" | "));
    }
    let above: Vec<String> = rows
        .iter()
        .filter(|row| row.repeats > row.bound)
        .map(|row| {
            format!(
                "{}×{} {} (bound {})",
                row.players, row.rounds, row.repeats, row.bound
            )
        })
        .collect();
    for &(players, rounds, before, reached) in INDEPENDENT {
        if let Some(row) = rows
            .iter()
            .find(|row| row.players == players && row.rounds == rounds)
        {
            eprintln!(
                "{title}: issue 13's {players}×{rounds}: {before} before, independent search {reached}, now {}",
                row.repeats
            );
        }
    }
    let uneven = rows
        .iter()
        .filter(|row| row.duty.1 > row.duty.0 + 1)
        .count();
    eprintln!("{title}: 5-table duty spread above 1 in {uneven} plans");
    let total: Duration = rows.iter().map(|row| row.time).sum();
    let slowest = rows.iter().max_by_key(|row| row.time).expect("rows");
    eprintln!(
        "{title}: {} cases, {} above the bound: {}",
        rows.len(),
        above.len(),
        above.join(", ")
    );
    eprintln!(
        "{title}: total {} ms CPU, slowest {}×{} {} ms",
        total.as_millis(),
        slowest.players,
        slowest.rounds,
        slowest.time.as_millis()
    );
}

/// The plan's repeats against the bound and against what is recorded.
fn check(row: &Row, case: &str) -> Option<String> {
    let limit = recorded(row.players, row.rounds).unwrap_or(row.bound);
    if row.repeats < row.bound {
        Some(format!(
            "{case}: {} below the bound {}",
            row.repeats, row.bound
        ))
    } else if row.repeats > limit {
        Some(format!("{case}: {} above {limit}", row.repeats))
    } else {
        None
    }
}

#[test]
#[ignore = "294 plans and 294 continued plans; about a minute in release, run with --release --ignored"]
fn club_fields_sweep() {
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    for players in players() {
        for rounds in ROUNDS {
            let case = format!("plan {players} × {rounds}");
            let (planned, time) = timed(|| plan(&request(players, rounds, "sweep")));
            let Plan {
                rounds: seated,
                quality,
            } = planned.unwrap();
            assert_structure(&seated, players, &case);
            assert_eq!(quality, evaluate(&seated, &[]), "{case}");
            assert_eq!(
                quality.lower_bound,
                repeat_lower_bound(players, rounds).unwrap(),
                "{case}"
            );
            let row = Row {
                players,
                rounds,
                repeats: quality.repeat_pairs,
                bound: quality.lower_bound,
                duty: (quality.min_five_table_duty, quality.max_five_table_duty),
                time,
            };
            failures.extend(check(&row, &case));
            rows.push(row);
        }
    }
    report("plan", &rows);

    let mut rows = Vec::new();
    for players in players() {
        for rounds in ROUNDS {
            let case = format!("plan_after {players} × {rounds}");
            let first = random_draw(players, "sweep first round").unwrap();
            let history = vec![first];
            let (rest, time) = timed(|| plan_after(players, &history, rounds - 1, "sweep", &[]));
            let rest = rest.unwrap();
            let mut all = history;
            all.extend(rest);
            assert_structure(&all, players, &case);
            let quality = evaluate(&all, &[]);
            let row = Row {
                players,
                rounds,
                repeats: quality.repeat_pairs,
                bound: quality.lower_bound,
                duty: (quality.min_five_table_duty, quality.max_five_table_duty),
                time,
            };
            failures.extend(check(&row, &case));
            rows.push(row);
        }
    }
    report("plan_after", &rows);
    assert!(failures.is_empty(), "{failures:?}");
}

/// `next_round` drawn round by round after a random first round: it does not know how many
/// rounds the tournament will have and follows a plan of 8 rounds, so after `k` rounds the
/// field has that plan's first `k` rounds (relabelled), not the plan for `k` rounds. Every
/// prefix of 3 to 8 rounds is measured (the time is that round's call); a prefix may not
/// be worse than `NEXT_RECORDED` or, for fields not listed, the plan for that length.
#[test]
#[ignore = "49 fields drawn round by round over 8 rounds; about 30 s in release, run with --release --ignored"]
fn club_fields_next_round() {
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    for players in players() {
        let mut history = vec![random_draw(players, "sweep first round").unwrap()];
        for rounds in 2..=*ROUNDS.end() {
            let (next, time) = timed(|| next_round(players, &history, "sweep", &[]));
            history.push(next.unwrap());
            if rounds < *ROUNDS.start() {
                continue;
            }
            let case = format!("next_round {players} × {rounds}");
            assert_structure(&history, players, &case);
            let quality = evaluate(&history, &[]);
            let row = Row {
                players,
                rounds,
                repeats: quality.repeat_pairs,
                bound: quality.lower_bound,
                duty: (quality.min_five_table_duty, quality.max_five_table_duty),
                time,
            };
            let limit = next_recorded(players, rounds)
                .or_else(|| recorded(players, rounds))
                .unwrap_or(row.bound);
            if row.repeats > limit {
                failures.push(format!("{case}: {} above {limit}", row.repeats));
            }
            rows.push(row);
        }
    }
    report("next_round", &rows);
    assert!(failures.is_empty(), "{failures:?}");
}
