//! A field: how many players fit at which tables, what a request may ask for, and the
//! plainest draw.

use super::random::{Rng, seed_hash};
use super::{KeepApartGroup, MAX_PLAYERS, MAX_ROUNDS, Round, SeatingError};

/// Number of 4-tables and 5-tables for `players`, or `None` if they cannot be split.
fn split(players: u16) -> Option<(usize, usize)> {
    let n = usize::from(players);
    // 5 ≡ 1 (mod 4), so the number of 5-tables is fixed modulo 4; the fewest is n mod 4.
    let fives = n % 4;
    if n < 4 || n < 5 * fives {
        None
    } else {
        Some(((n - 5 * fives) / 4, fives))
    }
}

fn unsplittable(players: u16) -> SeatingError {
    let below = (4..players).rev().find(|&count| split(count).is_some());
    let above = (players.saturating_add(1)..=u16::MAX)
        .find(|&count| split(count).is_some())
        .unwrap_or(players);
    SeatingError::Unsplittable {
        players,
        below,
        above,
    }
}

/// Table sizes for a field: as many 4-tables as possible, then the fewest 5-tables needed.
///
/// # Errors
///
/// [`SeatingError::Unsplittable`] for fewer than 4 players and for 6, 7 and 11 players; the
/// error names the nearest counts that would work.
pub fn table_sizes(players: u16) -> Result<Vec<u8>, SeatingError> {
    let (fours, fives) = split(players).ok_or_else(|| unsplittable(players))?;
    let mut sizes = vec![4_u8; fours];
    sizes.extend(std::iter::repeat_n(5_u8, fives));
    Ok(sizes)
}

/// A uniformly random single round: Fisher–Yates over `0..players` with the seeded
/// generator (see the [module documentation](super)), cut into tables in [`table_sizes`]
/// order.
/// The shuffled order is also the seat order.
///
/// # Errors
///
/// [`SeatingError::Unsplittable`] if the field cannot be seated.
pub fn random_draw(players: u16, seed: &str) -> Result<Round, SeatingError> {
    let sizes = table_sizes(players)?;
    let mut order: Vec<u16> = (0..players).collect();
    Rng::new(seed_hash(seed)).shuffle(&mut order);
    let mut tables = Vec::with_capacity(sizes.len());
    let mut rest = order.as_slice();
    for size in sizes {
        let (table, tail) = rest.split_at(usize::from(size));
        tables.push(table.to_vec());
        rest = tail;
    }
    Ok(tables)
}

/// Checks a request and returns the table sizes.
pub(super) fn validate(
    players: u16,
    rounds: usize,
    keep_apart: &[KeepApartGroup],
) -> Result<Vec<u8>, SeatingError> {
    let sizes = table_sizes(players)?;
    if players > MAX_PLAYERS {
        return Err(SeatingError::TooManyPlayers {
            players,
            max: MAX_PLAYERS,
        });
    }
    check_limits(players, rounds, keep_apart)?;
    Ok(sizes)
}

/// What any request must keep to, whatever its tables: at most [`MAX_ROUNDS`] rounds, and
/// keep-apart groups of players in the field.
pub(super) fn check_limits(
    players: u16,
    rounds: usize,
    keep_apart: &[KeepApartGroup],
) -> Result<(), SeatingError> {
    if rounds > usize::from(MAX_ROUNDS) {
        return Err(SeatingError::TooManyRounds {
            rounds,
            max: MAX_ROUNDS,
        });
    }
    if let Some(&player) = keep_apart.iter().flatten().find(|&&p| p >= players) {
        return Err(SeatingError::UnknownPlayer { player, players });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seating::fixtures::request;
    use crate::seating::{next_round, plan};

    #[test]
    fn table_sizes_prefer_four_tables() {
        assert_eq!(table_sizes(4).unwrap(), [4]);
        assert_eq!(table_sizes(5).unwrap(), [5]);
        assert_eq!(table_sizes(8).unwrap(), [4, 4]);
        assert_eq!(table_sizes(9).unwrap(), [4, 5]);
        assert_eq!(table_sizes(10).unwrap(), [5, 5]);
        assert_eq!(table_sizes(14).unwrap(), [4, 5, 5]);
        assert_eq!(table_sizes(15).unwrap(), [5, 5, 5]);
        assert_eq!(table_sizes(19).unwrap(), [4, 5, 5, 5]);
        assert_eq!(
            table_sizes(170)
                .unwrap()
                .iter()
                .filter(|&&s| s == 5)
                .count(),
            2
        );
        for players in 12..=1000 {
            let sizes = table_sizes(players).unwrap();
            assert_eq!(sizes.iter().map(|&s| u16::from(s)).sum::<u16>(), players);
            assert!(sizes.iter().filter(|&&s| s == 5).count() <= 3);
        }
    }

    #[test]
    fn unsplittable_counts_are_refused_with_what_would_work() {
        for (players, below, above) in [(6, Some(5), 8), (7, Some(5), 8), (11, Some(10), 12)] {
            let err = table_sizes(players).unwrap_err();
            assert_eq!(
                err,
                SeatingError::Unsplittable {
                    players,
                    below,
                    above
                }
            );
            let text = err.to_string();
            assert!(
                text.contains(&format!("{} or {above} players would work", below.unwrap())),
                "{text}"
            );
        }
        for players in 0..4 {
            let err = table_sizes(players).unwrap_err();
            assert_eq!(
                err,
                SeatingError::Unsplittable {
                    players,
                    below: None,
                    above: 4
                }
            );
            assert!(err.to_string().contains("at least 4 players"));
        }
        assert!(plan(&request(11, 3, "x")).is_err());
        assert!(random_draw(7, "x").is_err());
        assert!(next_round(6, &[], "x", &[]).is_err());
    }

    #[test]
    fn requests_out_of_range_are_refused() {
        assert!(matches!(
            plan(&request(4001, 1, "x")),
            Err(SeatingError::TooManyPlayers { .. })
        ));
        assert!(matches!(
            plan(&request(40, 101, "x")),
            Err(SeatingError::TooManyRounds { .. })
        ));
        let mut req = request(40, 2, "x");
        req.keep_apart = vec![vec![3, 40]];
        assert_eq!(
            plan(&req),
            Err(SeatingError::UnknownPlayer {
                player: 40,
                players: 40
            })
        );
        let history = vec![vec![vec![0, 1, 2, 3], vec![4, 5, 6, 0]]];
        assert_eq!(
            next_round(8, &history, "x", &[]),
            Err(SeatingError::SeatedTwice {
                round: 0,
                player: 0
            })
        );
        let history = vec![vec![vec![0, 1, 2, 8]]];
        assert!(matches!(
            next_round(8, &history, "x", &[]),
            Err(SeatingError::UnknownPlayer { player: 8, .. })
        ));
    }

    #[test]
    fn random_draw_is_a_seeded_permutation() {
        for players in [4, 5, 9, 13, 40, 170] {
            let draw = random_draw(players, "seed").unwrap();
            let shape: Vec<u8> = draw.iter().map(|t| t.len() as u8).collect();
            assert_eq!(shape, table_sizes(players).unwrap());
            let mut all: Vec<u16> = draw.iter().flatten().copied().collect();
            all.sort_unstable();
            assert_eq!(all, (0..players).collect::<Vec<_>>());
            assert_eq!(draw, random_draw(players, "seed").unwrap());
        }
        assert_ne!(random_draw(40, "a").unwrap(), random_draw(40, "b").unwrap());
        // Re-derivable by hand: Fisher–Yates with the documented generator.
        let mut rng = Rng::new(seed_hash("seed"));
        let mut order: Vec<u16> = (0..8).collect();
        for i in (1..8_usize).rev() {
            order.swap(i, rng.below(i + 1));
        }
        assert_eq!(
            random_draw(8, "seed").unwrap(),
            vec![order[..4].to_vec(), order[4..].to_vec()]
        );
    }

    #[test]
    fn random_draw_is_roughly_uniform() {
        // Player 0 should land at each of the 5 tables of 20 about equally often.
        let mut counts = [0_u32; 5];
        for i in 0..2000 {
            let draw = random_draw(20, &format!("s{i}")).unwrap();
            let t = draw.iter().position(|t| t.contains(&0)).unwrap();
            counts[t] += 1;
        }
        assert!(
            counts.iter().all(|&c| (330..=470).contains(&c)),
            "{counts:?}"
        );
    }
}
