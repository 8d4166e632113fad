//! Why a draw, a plan or a hand change cannot be made.

/// Why a draw or plan cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeatingError {
    /// The player count cannot be split into tables of 4 and 5 (fewer than 4, 6, 7 or 11).
    #[error("{players} players cannot be split into tables of 4 and 5; {}", suggestion(*.below, *.above))]
    Unsplittable {
        /// The refused player count.
        players: u16,
        /// The nearest smaller count that can be seated, if there is one.
        below: Option<u16>,
        /// The nearest larger count that can be seated.
        above: u16,
    },
    /// The player count cannot be split into tables of the sizes a family game allows
    /// ([`sizes_for`](super::sizes_for)): Doublehead Kids with 10 players, Doppeldoppel with
    /// 5 or fewer than 3.
    #[error("{players} players cannot be split into tables of {}; {}", size_list(.sizes), nearest(*.below, *.above))]
    DoesNotSplit {
        /// The refused player count.
        players: u16,
        /// The allowed table sizes, smallest first, without duplicates.
        sizes: Vec<u8>,
        /// The nearest smaller count that can be seated, if there is one.
        below: Option<u16>,
        /// The nearest larger count that can be seated, up to
        /// [`MAX_PLAYERS`](super::MAX_PLAYERS), if there is one.
        above: Option<u16>,
    },
    /// More players than [`MAX_PLAYERS`](super::MAX_PLAYERS).
    #[error("{players} players are more than the {max} a plan supports")]
    TooManyPlayers {
        /// The requested player count.
        players: u16,
        /// The limit, [`MAX_PLAYERS`](super::MAX_PLAYERS).
        max: u16,
    },
    /// More rounds than [`MAX_ROUNDS`](super::MAX_ROUNDS) (for
    /// [`next_round`](super::next_round): history plus the new round).
    #[error("{rounds} rounds are more than the {max} a plan supports")]
    TooManyRounds {
        /// The requested number of rounds.
        rounds: usize,
        /// The limit, [`MAX_ROUNDS`](super::MAX_ROUNDS).
        max: u16,
    },
    /// A keep-apart group or a history table names a player outside `0..players`.
    #[error("player {player} is not in the field of {players} players (numbered from 0)")]
    UnknownPlayer {
        /// The unknown player number.
        player: u16,
        /// The field size.
        players: u16,
    },
    /// A history round seats one player twice.
    #[error("round {round} of the history seats player {player} twice")]
    SeatedTwice {
        /// The round, counted from 0.
        round: usize,
        /// The player seated twice.
        player: u16,
    },
    /// A change names a player who has no seat in the round (at that point).
    #[error("change {change}: player {player} has no seat in this round")]
    NotSeated {
        /// The change, counted from 0.
        change: usize,
        /// The player.
        player: u16,
    },
    /// A move names a table the round does not have.
    #[error("change {change}: there is no table {table} (the round has {tables}, counted from 0)")]
    NoSuchTable {
        /// The change, counted from 0.
        change: usize,
        /// The table, counted from 0.
        table: usize,
        /// How many tables the round has.
        tables: usize,
    },
    /// A move names a seat beyond the end of the table.
    #[error("change {change}: seat {seat} is beyond the table's {seats} places (counted from 0)")]
    NoSuchSeat {
        /// The change, counted from 0.
        change: usize,
        /// The seat, counted from 0.
        seat: usize,
        /// Places the player could take at that table.
        seats: usize,
    },
    /// After the changes a table has a size the game is not played at (Doppelkopf: other
    /// than 4 or 5 players).
    #[error(
        "table {table} (counted from 0) would have {size} players, a size the game is not played at"
    )]
    WrongTableSize {
        /// The table, counted from 0.
        table: usize,
        /// Its size after the changes.
        size: usize,
    },
}

/// The "what would work" part of [`SeatingError::Unsplittable`].
fn suggestion(below: Option<u16>, above: u16) -> String {
    match below {
        Some(below) => format!("{below} or {above} players would work"),
        None => format!("at least {above} players are needed"),
    }
}

/// "3 and 4", "4", "3, 4 and 5": the sizes of [`SeatingError::DoesNotSplit`].
fn size_list(sizes: &[u8]) -> String {
    match sizes {
        [] => "no size".to_owned(),
        [only] => only.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(u8::to_string).collect();
            format!("{} and {last}", init.join(", "))
        }
    }
}

/// The "what would work" part of [`SeatingError::DoesNotSplit`].
fn nearest(below: Option<u16>, above: Option<u16>) -> String {
    match (below, above) {
        (Some(below), Some(above)) => format!("{below} or {above} players would work"),
        (None, Some(above)) => format!("at least {above} players are needed"),
        (Some(below), None) => format!("{below} players would work"),
        (None, None) => "no field can be seated at such tables".to_owned(),
    }
}
