//! Seating: the sizes the seating issue sets targets for, a hard field with 5-tables, and
//! the round-by-round draw a running tournament asks for in a request.

#![expect(
    clippy::expect_used,
    reason = "a bench set-up that cannot seat its own field should stop loudly"
)]

use criterion::{Criterion, criterion_group, criterion_main};
use domain::seating::{PlanRequest, next_round, plan, random_draw};
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
    group.finish();
}

criterion_group!(benches, seating);
criterion_main!(benches);
