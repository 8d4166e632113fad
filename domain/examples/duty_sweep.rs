//! Measures 5-table duty, repeats and time of `plan` for the small fields with 5-tables.
//!
//! `cargo run --release -p karlchen-domain --example duty_sweep` prints one line per
//! request (players, rounds, seed, repeats, lower bound, duty min–max, milliseconds) and a
//! summary: how many requests leave a duty spread above 1, and the slowest plan. `ONLY=37x8,29x6`
//! restricts it to those sizes and lengths.

use std::time::Instant;

use domain::seating::{PlanRequest, plan};

const SIZES: [u16; 24] = [
    5, 9, 10, 13, 14, 15, 17, 18, 19, 21, 22, 23, 25, 26, 27, 29, 30, 31, 33, 34, 35, 37, 38, 39,
];

#[expect(
    clippy::print_stdout,
    reason = "printing the measurement is the example's purpose"
)]
fn main() {
    let mut uneven = 0;
    let mut total_repeats = 0_u64;
    let mut slowest = (0_u128, 0_u16, 0_u16, "");
    for players in SIZES {
        for rounds in 2..=8_u16 {
            for seed in ["a", "b", "x"] {
                if let Ok(only) = std::env::var("ONLY")
                    && !only.split(',').any(|c| c == format!("{players}x{rounds}"))
                {
                    continue;
                }
                let request = PlanRequest {
                    players,
                    rounds,
                    seed: seed.to_owned(),
                    keep_apart: vec![],
                };
                let start = Instant::now();
                let Ok(result) = plan(&request) else {
                    unreachable!("{players} players can be seated");
                };
                let micros = start.elapsed().as_micros();
                let q = result.quality;
                let spread = q.max_five_table_duty - q.min_five_table_duty;
                if spread > 1 {
                    uneven += 1;
                }
                total_repeats += u64::from(q.repeat_pairs);
                if micros > slowest.0 {
                    slowest = (micros, players, rounds, seed);
                }
                println!(
                    "{players} {rounds} {seed} repeats {} bound {} duty {}-{} ms {:.1}",
                    q.repeat_pairs,
                    q.lower_bound,
                    q.min_five_table_duty,
                    q.max_five_table_duty,
                    micros as f64 / 1000.0
                );
            }
        }
    }
    println!(
        "uneven {uneven} of {} repeats {total_repeats} slowest {:.1} ms ({}x{} {})",
        SIZES.len() * 7 * 3,
        slowest.0 as f64 / 1000.0,
        slowest.1,
        slowest.2,
        slowest.3
    );
}
