//! Seating plans: the sizes the seating issue sets targets for.

use criterion::{Criterion, criterion_group, criterion_main};
use domain::seating::{PlanRequest, plan};
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
    for (players, rounds) in [(1000, 10), (170, 8)] {
        let req = request(players, rounds);
        group.bench_function(format!("plan_{players}x{rounds}"), |b| {
            b.iter(|| plan(black_box(&req)));
        });
    }
    group.finish();
}

criterion_group!(benches, seating);
criterion_main!(benches);
