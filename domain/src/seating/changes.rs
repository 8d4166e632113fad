//! Hand changes to a drawn round before it starts, and cutting a ranking into tables.
//!
//! An organiser looks at a draw and swaps two players (a family asked to sit apart), moves
//! one (a table near the door for a player on crutches), replaces a withdrawn player by a
//! late arrival or takes a withdrawn player out. The changes apply in order and only the
//! result must be seatable, so a withdrawal from a 4-table can be mended by moving a player
//! from a 5-table in the same request.

use super::{SeatingError, table_sizes};

/// One change to a round's tables. Tables and seats are counted from 0 here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatChange {
    /// Two players trade places. One of them may be absent from the round: the other leaves
    /// and the absent one takes his seat (a late arrival replaces a withdrawn player).
    Swap(u16, u16),
    /// A player goes to `table` at `seat` (`None`: the last seat), leaving his old seat if he
    /// had one. Later players at the new table move one seat down.
    Move {
        /// The player.
        player: u16,
        /// The table, from 0.
        table: usize,
        /// The seat, from 0; `None` appends.
        seat: Option<usize>,
    },
    /// A player leaves the round (withdrawal).
    Remove(u16),
}

/// Applies `changes` in order to `round` (tables of players in seat order) and checks that
/// every table of the result has 4 or 5 players.
///
/// # Errors
///
/// [`SeatingError::NotSeated`] for a removal of, or a swap between, players absent from the
/// round at that point; [`SeatingError::SeatedTwice`] never (a move takes the player from
/// his old seat first); [`SeatingError::NoSuchTable`] and [`SeatingError::NoSuchSeat`] for a
/// move outside the round; [`SeatingError::WrongTableSize`] for a result with a table of
/// other than 4 or 5 players.
pub fn rearrange(
    round: &[Vec<u16>],
    changes: &[SeatChange],
) -> Result<Vec<Vec<u16>>, SeatingError> {
    rearrange_at(round, changes, &[4, 5])
}

/// [`rearrange`] for a game whose tables have the sizes `allowed` (a family game's: 4 for
/// Doublehead Kids, 3 and 4 for Doppeldoppel).
///
/// # Errors
///
/// As [`rearrange`], [`SeatingError::WrongTableSize`] naming a size not in `allowed`.
pub fn rearrange_at(
    round: &[Vec<u16>],
    changes: &[SeatChange],
    allowed: &[u8],
) -> Result<Vec<Vec<u16>>, SeatingError> {
    let mut tables = round.to_vec();
    for (index, change) in changes.iter().enumerate() {
        match *change {
            SeatChange::Swap(a, b) => match (find(&tables, a), find(&tables, b)) {
                (Some((ta, sa)), Some((tb, sb))) => {
                    tables[ta][sa] = b;
                    tables[tb][sb] = a;
                }
                (Some((t, s)), None) => tables[t][s] = b,
                (None, Some((t, s))) => tables[t][s] = a,
                (None, None) => {
                    return Err(SeatingError::NotSeated {
                        change: index,
                        player: a,
                    });
                }
            },
            SeatChange::Move {
                player,
                table,
                seat,
            } => {
                if table >= tables.len() {
                    return Err(SeatingError::NoSuchTable {
                        change: index,
                        table,
                        tables: tables.len(),
                    });
                }
                if let Some((t, s)) = find(&tables, player) {
                    tables[t].remove(s);
                }
                let target = &mut tables[table];
                let seat = seat.unwrap_or(target.len());
                if seat > target.len() {
                    return Err(SeatingError::NoSuchSeat {
                        change: index,
                        seat,
                        seats: target.len() + 1,
                    });
                }
                target.insert(seat, player);
            }
            SeatChange::Remove(player) => {
                let (t, s) = find(&tables, player).ok_or(SeatingError::NotSeated {
                    change: index,
                    player,
                })?;
                tables[t].remove(s);
            }
        }
    }
    if let Some((table, seats)) = tables
        .iter()
        .enumerate()
        .find(|(_, seats)| !u8::try_from(seats.len()).is_ok_and(|size| allowed.contains(&size)))
    {
        return Err(SeatingError::WrongTableSize {
            table,
            size: seats.len(),
        });
    }
    Ok(tables)
}

fn find(tables: &[Vec<u16>], player: u16) -> Option<(usize, usize)> {
    tables
        .iter()
        .enumerate()
        .find_map(|(t, seats)| seats.iter().position(|&p| p == player).map(|s| (t, s)))
}

/// Cuts a ranked field into tables (`by_standings`): the first four at table 1, the next
/// four at table 2, and so on, with the 5-tables (if any) last, as [`table_sizes`] orders
/// them. Within a table the ranking is the seat order.
///
/// # Errors
///
/// [`SeatingError::Unsplittable`] if the field cannot be seated.
pub fn by_ranking(ranking: &[u16]) -> Result<Vec<Vec<u16>>, SeatingError> {
    let players = u16::try_from(ranking.len()).map_err(|_| SeatingError::TooManyPlayers {
        players: u16::MAX,
        max: super::MAX_PLAYERS,
    })?;
    let mut rest = ranking;
    table_sizes(players)?
        .into_iter()
        .map(|size| {
            let (table, tail) = rest.split_at(usize::from(size));
            rest = tail;
            Ok(table.to_vec())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round() -> Vec<Vec<u16>> {
        vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7], vec![8, 9, 10, 11, 12]]
    }

    #[test]
    fn swap_trades_seats() {
        let after = rearrange(&round(), &[SeatChange::Swap(1, 9)]).unwrap();
        assert_eq!(
            after,
            vec![vec![0, 9, 2, 3], vec![4, 5, 6, 7], vec![8, 1, 10, 11, 12]]
        );
    }

    #[test]
    fn swap_with_an_absent_player_replaces() {
        let after = rearrange(&round(), &[SeatChange::Swap(20, 5)]).unwrap();
        assert_eq!(after[1], vec![4, 20, 6, 7]);
        let after = rearrange(&round(), &[SeatChange::Swap(5, 20)]).unwrap();
        assert_eq!(after[1], vec![4, 20, 6, 7]);
        assert_eq!(
            rearrange(&round(), &[SeatChange::Swap(20, 21)]),
            Err(SeatingError::NotSeated {
                change: 0,
                player: 20
            })
        );
    }

    #[test]
    fn move_from_a_five_table_to_a_four_table() {
        let changes = [SeatChange::Move {
            player: 12,
            table: 0,
            seat: Some(0),
        }];
        let after = rearrange(&round(), &changes).unwrap();
        assert_eq!(
            after,
            vec![vec![12, 0, 1, 2, 3], vec![4, 5, 6, 7], vec![8, 9, 10, 11]]
        );
        let append = [SeatChange::Move {
            player: 12,
            table: 1,
            seat: None,
        }];
        assert_eq!(
            rearrange(&round(), &append).unwrap()[1],
            vec![4, 5, 6, 7, 12]
        );
    }

    #[test]
    fn a_move_that_leaves_three_is_refused() {
        let changes = [SeatChange::Move {
            player: 0,
            table: 1,
            seat: None,
        }];
        assert_eq!(
            rearrange(&round(), &changes),
            Err(SeatingError::WrongTableSize { table: 0, size: 3 })
        );
    }

    #[test]
    fn a_family_game_is_rearranged_at_its_own_sizes() {
        // Doppeldoppel: seven players at a 4-table and a 3-table; moving one across makes
        // 3 and 4, which it plays; moving two leaves a table of 2, which it does not.
        let round = vec![vec![0, 1, 2, 3], vec![4, 5, 6]];
        let one = [SeatChange::Move {
            player: 0,
            table: 1,
            seat: None,
        }];
        assert_eq!(
            rearrange_at(&round, &one, &[3, 4]),
            Ok(vec![vec![1, 2, 3], vec![4, 5, 6, 0]])
        );
        // The same move is refused under Doppelkopf's sizes.
        assert_eq!(
            rearrange(&round, &one),
            Err(SeatingError::WrongTableSize { table: 0, size: 3 })
        );
        let two = [
            SeatChange::Move {
                player: 4,
                table: 0,
                seat: None,
            },
            SeatChange::Move {
                player: 5,
                table: 0,
                seat: None,
            },
        ];
        assert_eq!(
            rearrange_at(&round, &two, &[3, 4]),
            Err(SeatingError::WrongTableSize { table: 0, size: 6 })
        );
    }

    #[test]
    fn withdrawal_from_a_four_table_mended_in_one_request() {
        // Player 2 withdraws; player 10 leaves the 5-table to fill his place.
        let changes = [
            SeatChange::Remove(2),
            SeatChange::Move {
                player: 10,
                table: 0,
                seat: Some(2),
            },
        ];
        let after = rearrange(&round(), &changes).unwrap();
        assert_eq!(
            after,
            vec![vec![0, 1, 10, 3], vec![4, 5, 6, 7], vec![8, 9, 11, 12]]
        );
        // Alone, the removal leaves a table of three.
        assert_eq!(
            rearrange(&round(), &changes[..1]),
            Err(SeatingError::WrongTableSize { table: 0, size: 3 })
        );
    }

    #[test]
    fn late_arrival_joins_a_four_table() {
        let changes = [SeatChange::Move {
            player: 13,
            table: 1,
            seat: None,
        }];
        let after = rearrange(&round(), &changes).unwrap();
        assert_eq!(after[1], vec![4, 5, 6, 7, 13]);
    }

    #[test]
    fn moves_outside_the_round_are_refused() {
        let table = [SeatChange::Move {
            player: 0,
            table: 3,
            seat: None,
        }];
        assert_eq!(
            rearrange(&round(), &table),
            Err(SeatingError::NoSuchTable {
                change: 0,
                table: 3,
                tables: 3
            })
        );
        let seat = [
            SeatChange::Remove(12),
            SeatChange::Move {
                player: 0,
                table: 1,
                seat: Some(5),
            },
        ];
        assert_eq!(
            rearrange(&round(), &seat),
            Err(SeatingError::NoSuchSeat {
                change: 1,
                seat: 5,
                seats: 5
            })
        );
        assert_eq!(
            rearrange(&round(), &[SeatChange::Remove(40)]),
            Err(SeatingError::NotSeated {
                change: 0,
                player: 40
            })
        );
    }

    #[test]
    fn ranking_is_cut_into_tables_in_order() {
        let ranking: Vec<u16> = vec![7, 3, 0, 12, 1, 2, 4, 5, 6, 8, 9, 10, 11];
        let tables = by_ranking(&ranking).unwrap();
        assert_eq!(
            tables,
            vec![vec![7, 3, 0, 12], vec![1, 2, 4, 5], vec![6, 8, 9, 10, 11]]
        );
        assert!(matches!(
            by_ranking(&[0, 1, 2, 3, 4, 5]),
            Err(SeatingError::Unsplittable { players: 6, .. })
        ));
    }
}
