//! Seating: the sizes the seating issue sets targets for, a hard field with 5-tables, the
//! round-by-round draw a running tournament asks for in a request, and a family game's
//! round at tables of 4 and 3.

#![expect(
    clippy::expect_used,
    reason = "a bench set-up that cannot seat its own field should stop loudly"
)]

use criterion::{Criterion, criterion_group, criterion_main};
use domain::seating::{PlanRequest, Round, family_round, next_round, plan, random_draw};
use std::hint::black_box;

fn request(players: u16, rounds: u16) -> PlanRequest {
    PlanRequest {
        players,
        rounds,
        seed: "bench".to_owned(),
        keep_apart: Vec::new(),
    }
}

fn seating(c: &mut Criterion) {
    let mut group = c.benchmark_group("seating");
    group.sample_size(10);
    for (players, rounds) in [(1000, 10), (170, 8), (43, 8)] {
        let req = request(players, rounds);
        group.bench_function(format!("plan_{players}x{rounds}"), |b| {
            b.iter(|| plan(black_box(&req)));
        });
    }
    // Round 8 of a 170-player championship whose first round was drawn at random and
    // whose later rounds were drawn one by one (`avoid_repeats`).
    let mut history = vec![random_draw(170, "bench").expect("170 players seat")];
    while history.len() < 7 {
        let round = next_round(170, &history, "bench", &[]).expect("a next round");
        history.push(round);
    }
    group.bench_function("next_round_170_after_7", |b| {
        b.iter(|| next_round(170, black_box(&history), "bench", &[]));
    });
    // Doppeldoppel at tables of 4 and 3, drawn round by round: 59 players after 7 rounds
    // (a round without a repeat exists, and the search stops at it), and 7 players after 3
    // (every round repeats pairs, so the search spends its whole work budget).
    for (players, rounds) in [(59, 7), (7, 3)] {
        let history = family_history(players, rounds);
        group.bench_function(
            format!("family_round_doppeldoppel_{players}_after_{rounds}"),
            |b| {
                b.iter(|| family_round(players, &[3, 4], black_box(&history), "bench", &[]));
            },
        );
    }
    group.finish();
}

/// `rounds` Doppeldoppel rounds of `players`, each drawn against the ones before.
fn family_history(players: u16, rounds: usize) -> Vec<Round> {
    let mut history = Vec::new();
    while history.len() < rounds {
        let round = family_round(players, &[3, 4], &history, "bench", &[]).expect("a round");
        history.push(round);
    }
    history
}

criterion_group!(benches, seating);
criterion_main!(benches);
