//! What the shell asks of any game about a table: which sizes it plays, how long a table's
//! round is, who deals and who starts each deal, and who sits out.
//!
//! The answers are values ([`RoundLength`], [`DealTurn`], [`DealSeats`]) so the shell never
//! matches on the game itself; the methods that give them live on
//! [`Game`](super::Game).

use crate::deal::Seat;

/// How many deals a table's round has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RoundLength {
    /// A fixed number of deals: Doppelkopf's planned deals (TSR 8.5.1, 10.1), Doppeldoppel's
    /// one deal per player.
    Deals(u16),
    /// Open-ended: Doublehead Kids' round ends after the deal in which a player reaches this
    /// many Golden Coins (rules, "Basic Game Rules" A and F).
    UntilGoldenCoins(u8),
}

impl RoundLength {
    /// The most deals a round can take, for the rows of a printed sheet: a fixed round its
    /// deals; a Doublehead Kids round to `t` Golden Coins at most `2t - 1`, since every deal
    /// hands out at least two Golden Coins (a pair's win two, a lone win two, a lone loss
    /// three) to four players, who hold at most `4(t - 1)` before one of them reaches `t`.
    pub fn most_deals(self) -> u16 {
        match self {
            RoundLength::Deals(deals) => deals,
            RoundLength::UntilGoldenCoins(target) => (u16::from(target) * 2).saturating_sub(1),
        }
    }
}

/// Who deals, who plays the first card and who sits out in one deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DealSeats {
    /// The dealer, when the game's rules name one (Doppeldoppel's text names none: the cards
    /// are simply shared out).
    pub dealer: Option<Seat>,
    /// The player who plays the first card (Doppeldoppel's "starting player").
    pub starter: Seat,
    /// The player who does not play this deal; nobody in the family games.
    pub sitting_out: Option<Seat>,
}

/// How the shell learns the seats of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DealTurn {
    /// Doppelkopf: the dealer depends on the deals before (after a declared Pflichtsolo the
    /// same player deals again, TSR 4.2.4), so the sheet knows him
    /// ([`crate::sheet::Round::next`]); at a 5-table the dealer sits out (TSR 10.1).
    FromSheet,
    /// The family games: the seats follow from the deal's place in the round alone.
    Fixed(DealSeats),
}

/// A table size a game is not played at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{game} is not played at a table of {players}")]
pub struct TableSizeError {
    /// The game's stable name ([`Game::kind`](super::Game::kind)).
    pub game: &'static str,
    /// The number of players asked about.
    pub players: u8,
}

/// The seat `steps` places to the left of `seat` at a table of `players` (seat numbers
/// grow clockwise, which is to the left: the deal passes that way, TSR 4.1); `players` of 0
/// leaves the seat as it is rather than dividing by zero.
pub(crate) fn seat_after(seat: Seat, steps: usize, players: u8) -> Seat {
    if players == 0 {
        return seat;
    }
    let n = usize::from(players);
    let s = (usize::from(seat) % n + steps % n) % n;
    // s < players ≤ u8::MAX
    Seat::try_from(s).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_after_wraps_round_the_table() {
        assert_eq!(seat_after(0, 1, 4), 1);
        assert_eq!(seat_after(3, 1, 4), 0);
        assert_eq!(seat_after(2, 7, 3), 0);
        assert_eq!(seat_after(2, usize::MAX, 4), 1);
        assert_eq!(seat_after(2, 5, 0), 2);
    }
}
