//! How fast one deal is scored from its facts and replayed from its card play.
//!
//! Run: `cargo bench -p karlchen-domain --bench deal`. Figures are in BENCHMARKS.md.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use domain::deal::{
    Announcements, CallLevel, Contract, DealFacts, Extras, PartyExtras, SeatSet, TableSize,
};
use domain::replay::replay;
use domain::simulate::random_deal;

fn facts(contract: Contract, re: &[u8], re_points: u8, re_tricks: u8) -> DealFacts {
    DealFacts {
        table_size: TableSize::Four,
        contract,
        re: SeatSet::from_seats(re).unwrap_or_default(),
        sitting_out: None,
        re_points,
        re_tricks,
        announcements: Announcements::default(),
        extras: PartyExtras::default(),
        club_queens: None,
    }
}

fn scoring(c: &mut Criterion) {
    let plain = facts(Contract::Normal, &[1, 3], 121, 6);
    let mut busy = facts(Contract::Normal, &[0, 2], 145, 8);
    busy.announcements = Announcements {
        re: CallLevel::No90,
        kontra: CallLevel::Ansage,
    };
    busy.extras.re = Extras {
        doppelkopf: 1,
        fox: 1,
        karlchen: 0,
        karlchen_caught: 0,
        fox_last_trick: 0,
        heart_ten: 0,
    };
    busy.extras.kontra = Extras {
        doppelkopf: 1,
        fox: 0,
        karlchen: 1,
        karlchen_caught: 0,
        fox_last_trick: 0,
        heart_ten: 0,
    };
    let mut solo = facts(Contract::SoloClubs, &[2], 200, 10);
    solo.announcements = Announcements {
        re: CallLevel::No90,
        kontra: CallLevel::Ansage,
    };
    let mut no_winner = facts(Contract::SoloSpades, &[1], 170, 9);
    no_winner.announcements = Announcements {
        re: CallLevel::No60,
        kontra: CallLevel::No90,
    };
    let mut group = c.benchmark_group("score");
    group.throughput(Throughput::Elements(1));
    for (name, deal) in [
        ("plain_win", plain),
        ("calls_and_extras", busy),
        ("solo", solo),
        ("no_winner", no_winner),
    ] {
        group.bench_function(name, |b| b.iter(|| domain::score(black_box(&deal))));
    }
    group.finish();
}

fn replaying(c: &mut Criterion) {
    let deals: Vec<_> = (0..256).map(random_deal).collect();
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(1));
    let mut i = 0;
    group.bench_function("random_deal", |b| {
        b.iter(|| {
            i = (i + 1) % deals.len();
            replay(black_box(&deals[i]))
        })
    });
    group.bench_function("replay_and_score", |b| {
        b.iter(|| {
            i = (i + 1) % deals.len();
            replay(black_box(&deals[i])).map(|r| domain::score(&r.facts))
        })
    });
    group.finish();
}

criterion_group!(benches, scoring, replaying);
criterion_main!(benches);
