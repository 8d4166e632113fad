//! What the two family games share: a seat's line for the standings and the ranking of
//! their tournament standings.
//!
//! Doppelkopf's standings ([`crate::standings`]) rank one number, the points. The family
//! games rank two: Doublehead Kids by Golden Coins, then Silver Coins; Doppeldoppel by its
//! points alone (its text names no second key, so the second key is 0 for everybody and
//! players with equal points share a place). Both are a [`FamilyKey`], compared here, so the
//! shell never decides an order of its own.

use std::cmp::{Ordering, Reverse};
use std::collections::{HashMap, HashSet};

use crate::deal::Seat;
use crate::standings::PlayerId;

/// The two numbers a family game ranks by, the first deciding: more is better in both.
///
/// The derived order compares `primary`, then `secondary`, ascending; [`FamilyKey::ranks_before`]
/// and [`family_standings`] turn it round (best first).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FamilyKey {
    /// Golden Coins (Doublehead Kids) or points (Doppeldoppel).
    pub primary: i64,
    /// Silver Coins (Doublehead Kids); 0 in Doppeldoppel, which has no second key.
    pub secondary: i64,
}

impl FamilyKey {
    /// The two keys added, saturating, for a player's sum over rounds.
    pub const fn plus(self, other: FamilyKey) -> FamilyKey {
        FamilyKey {
            primary: self.primary.saturating_add(other.primary),
            secondary: self.secondary.saturating_add(other.secondary),
        }
    }

    /// How `self` places against `other` in the standings: `Less` when `self` ranks higher
    /// (comes first), `Equal` when they share a place.
    pub fn ranks_before(&self, other: &FamilyKey) -> Ordering {
        Reverse(self).cmp(&Reverse(other))
    }
}

/// One seat's line at the end of (or during) a family game's round at a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FamilySeatLine {
    /// The seat.
    pub seat: Seat,
    /// What the seat ranks by.
    pub key: FamilyKey,
}

/// One player's line for one round, as the shell hands it to [`family_standings`]: the
/// [`FamilySeatLine::key`] of the seat he held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FamilyLine {
    /// Whose line it is.
    pub player: PlayerId,
    /// The round, counted from 1.
    pub round: u16,
    /// His key in that round.
    pub key: FamilyKey,
}

/// One player's place in a family game's standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FamilyStanding {
    /// The player.
    pub player: PlayerId,
    /// His rank, from 1; players with equal keys share it ("1, 2, 2, 4").
    pub rank: u32,
    /// His keys summed over his lines.
    pub total: FamilyKey,
    /// The rounds he has a line in.
    pub rounds_played: u32,
}

/// Why family standings cannot be computed: a bug or a stale read in the caller.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FamilyStandingsError {
    /// A player appears twice in the player list.
    #[error("player {player} is listed twice")]
    DuplicatePlayer {
        /// The player listed twice.
        player: PlayerId,
    },
    /// A line belongs to a player who is not in the player list.
    #[error("player {player} has a line in round {round} but is not in the player list")]
    UnknownPlayer {
        /// The player of the line.
        player: PlayerId,
        /// The round of the line.
        round: u16,
    },
    /// A player has two lines in one round: he sits at one table a round.
    #[error("player {player} has two lines in round {round}")]
    DuplicateLine {
        /// The player of the lines.
        player: PlayerId,
        /// The round of the lines.
        round: u16,
    },
}

/// The standings of a family game: every player in `players`, best first, by the sum of
/// his keys ([`FamilyKey::ranks_before`]); equal sums share a rank, and players sharing one
/// are listed by id so that the same input always gives the same list. Players without a
/// line stand with 0.
pub fn family_standings(
    players: &[PlayerId],
    lines: &[FamilyLine],
) -> Result<Vec<FamilyStanding>, FamilyStandingsError> {
    let mut index: HashMap<PlayerId, usize> = HashMap::with_capacity(players.len());
    let mut out: Vec<FamilyStanding> = Vec::with_capacity(players.len());
    for &player in players {
        if index.insert(player, out.len()).is_some() {
            return Err(FamilyStandingsError::DuplicatePlayer { player });
        }
        out.push(FamilyStanding {
            player,
            rank: 0,
            total: FamilyKey::default(),
            rounds_played: 0,
        });
    }
    let mut seen: HashSet<(PlayerId, u16)> = HashSet::with_capacity(lines.len());
    for line in lines {
        let Some(standing) = index.get(&line.player).and_then(|&i| out.get_mut(i)) else {
            return Err(FamilyStandingsError::UnknownPlayer {
                player: line.player,
                round: line.round,
            });
        };
        if !seen.insert((line.player, line.round)) {
            return Err(FamilyStandingsError::DuplicateLine {
                player: line.player,
                round: line.round,
            });
        }
        standing.total = standing.total.plus(line.key);
        standing.rounds_played = standing.rounds_played.saturating_add(1);
    }
    out.sort_by(|a, b| a.total.ranks_before(&b.total).then(a.player.cmp(&b.player)));
    let mut previous: Option<FamilyKey> = None;
    let mut rank = 0u32;
    for (place, standing) in out.iter_mut().enumerate() {
        if previous != Some(standing.total) {
            rank = u32::try_from(place).unwrap_or(u32::MAX).saturating_add(1);
            previous = Some(standing.total);
        }
        standing.rank = rank;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn key(primary: i64, secondary: i64) -> FamilyKey {
        FamilyKey { primary, secondary }
    }

    fn line(player: PlayerId, round: u16, primary: i64, secondary: i64) -> FamilyLine {
        FamilyLine {
            player,
            round,
            key: key(primary, secondary),
        }
    }

    #[test]
    fn golden_coins_decide_before_silver_coins() {
        assert_eq!(key(5, 100).ranks_before(&key(4, 900)), Ordering::Less);
        assert_eq!(key(4, 900).ranks_before(&key(4, 800)), Ordering::Less);
        assert_eq!(key(4, 800).ranks_before(&key(4, 800)), Ordering::Equal);
        assert_eq!(key(-3, 0).ranks_before(&key(2, 0)), Ordering::Greater);
    }

    #[test]
    fn standings_sum_rounds_and_share_ranks() {
        let lines = [
            line(1, 1, 5, 700),
            line(2, 1, 3, 900),
            line(3, 1, 5, 650),
            line(4, 1, 2, 100),
            line(1, 2, 1, 200),
            line(2, 2, 3, 100),
            line(3, 2, 1, 250),
        ];
        let got = family_standings(&[4, 3, 2, 1, 5], &lines).unwrap();
        let order: Vec<(PlayerId, u32, FamilyKey)> =
            got.iter().map(|s| (s.player, s.rank, s.total)).collect();
        // Player 2: 3 + 3 Golden, 900 + 100 Silver; players 1 and 3 both 6 Golden and
        // 900 Silver share second place, so the next rank is 4.
        assert_eq!(
            order,
            vec![
                (2, 1, key(6, 1000)),
                (1, 2, key(6, 900)),
                (3, 2, key(6, 900)),
                (4, 4, key(2, 100)),
                (5, 5, key(0, 0)),
            ]
        );
        assert_eq!(got[0].rounds_played, 2);
        assert_eq!(got[3].rounds_played, 1);
        assert_eq!(got[4].rounds_played, 0);
    }

    #[test]
    fn bad_lines_are_refused() {
        assert_eq!(
            family_standings(&[1, 1], &[]),
            Err(FamilyStandingsError::DuplicatePlayer { player: 1 })
        );
        assert_eq!(
            family_standings(&[1], &[line(2, 1, 0, 0)]),
            Err(FamilyStandingsError::UnknownPlayer {
                player: 2,
                round: 1
            })
        );
        assert_eq!(
            family_standings(&[1], &[line(1, 1, 0, 0), line(1, 1, 1, 0)]),
            Err(FamilyStandingsError::DuplicateLine {
                player: 1,
                round: 1
            })
        );
    }

    proptest! {
        #[test]
        fn ranks_follow_the_keys(raw in proptest::collection::vec((0i64..4, -3i64..3, 0i64..3), 0..12)) {
            let players: Vec<PlayerId> = (0..raw.len() as i64).collect();
            let lines: Vec<FamilyLine> = raw
                .iter()
                .enumerate()
                .map(|(i, &(_, p, s))| line(i as i64, 1, p, s))
                .collect();
            let got = family_standings(&players, &lines).unwrap();
            for pair in got.windows(2) {
                let order = pair[0].total.ranks_before(&pair[1].total);
                prop_assert_ne!(order, Ordering::Greater);
                prop_assert_eq!(order == Ordering::Equal, pair[0].rank == pair[1].rank);
                prop_assert!(pair[0].rank <= pair[1].rank);
            }
        }
    }
}
