//! Requests and checks the tests of several stages share.

use super::{Plan, PlanRequest, table_sizes};

pub(super) fn request(players: u16, rounds: u16, seed: &str) -> PlanRequest {
    PlanRequest {
        players,
        rounds,
        seed: seed.to_owned(),
        keep_apart: Vec::new(),
    }
}

/// Every player exactly once per round, tables of the sizes `table_sizes` gives.
pub(super) fn assert_valid(plan: &Plan, players: u16) {
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
