//! A table that could not play its round (a player fell ill, the table was never seated, a
//! dispute ended it before the first deal): the organiser sets its result, a fixed number
//! of points per seat ("festgesetzte Wertung"). The TSR has no rule for it (brief §13: it
//! knows no standings at all), so the points are the organiser's, typically 0 each.
//!
//! The round then counts for its players as played: their average per round is over it
//! too, and the DDV export lists it. It is marked as set wherever it is shown, and stands
//! only on a sheet without deals: a round that was played counts with the deals entered
//! (after time-up, even an unfinished one). A table with a set result takes no deal and
//! no time-up until the organiser removes it.

use crate::standings::{PlayerId, SheetLine};

/// The most points the organiser may set for a seat, either way: more than any real round
/// gives, and far inside every sum the standings make.
pub const MAX_ADJUSTED_POINTS: i32 = 999;

/// A table's set result: each seat's points, in seat order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Adjustment {
    points: Vec<i32>,
}

impl Adjustment {
    /// Each seat's points, in seat order.
    pub fn points(&self) -> &[i32] {
        &self.points
    }
}

/// Why a table's result cannot be set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdjustmentError {
    /// The table played: its round counts with the deals entered.
    #[error(
        "the table has {deals} deal(s) on its sheet: a round that was played counts with its deals; delete them first to set a result"
    )]
    HasDeals {
        /// The deals on the sheet.
        deals: usize,
    },
    /// Not one value per seat.
    #[error("{given} value(s) for {seats} seats: give one per seat")]
    Seats {
        /// How many were given.
        given: usize,
        /// The seats at the table.
        seats: u8,
    },
    /// A value beyond [`MAX_ADJUSTED_POINTS`] either way.
    #[error("seat {seat}: {points} points is beyond ±{MAX_ADJUSTED_POINTS}")]
    OutOfRange {
        /// The seat, from 1.
        seat: usize,
        /// The value given.
        points: i64,
    },
    /// A family game's round: its standings count keys, not points.
    #[error("this table plays {game}, whose standings count no points to set")]
    FamilyGame {
        /// The table's game ([`crate::game::Game::kind`]).
        game: &'static str,
    },
}

impl Adjustment {
    /// The result `points` (one per seat in seat order) for a table of `seats` seats,
    /// checked: one value per seat, each within ±[`MAX_ADJUSTED_POINTS`]. Whether the table
    /// may take one at all is [`crate::table::TableSheet::adjust`]'s to say.
    ///
    /// # Errors
    ///
    /// [`AdjustmentError::Seats`] or [`AdjustmentError::OutOfRange`].
    pub fn new(points: &[i64], seats: u8) -> Result<Adjustment, AdjustmentError> {
        if points.len() != usize::from(seats) {
            return Err(AdjustmentError::Seats {
                given: points.len(),
                seats,
            });
        }
        let points = points
            .iter()
            .enumerate()
            .map(|(at, &p)| {
                i32::try_from(p)
                    .ok()
                    .filter(|p| p.abs() <= MAX_ADJUSTED_POINTS)
                    .ok_or(AdjustmentError::OutOfRange {
                        seat: at + 1,
                        points: p,
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Adjustment { points })
    }

    /// The standings lines of round `round`, `players` in seat order: each seat's points, no
    /// deal behind them, marked as set.
    pub(super) fn lines(&self, players: &[PlayerId], round: u16) -> Vec<SheetLine> {
        players
            .iter()
            .zip(&self.points)
            .map(|(&player, &points)| SheetLine {
                player,
                round,
                points,
                deals_played: 0,
                games_won: 0,
                solos_played: 0,
                solos_won: 0,
                adjusted: true,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{Announcements, Contract, PartyExtras, SeatSet};
    use crate::game::Game;
    use crate::sheet::{RecordedDeal, SheetEntry};
    use crate::standings::{TieBreak, standings};
    use crate::table::TableSheet;
    use crate::table::{EntryError, TableEntry, TableLines, TableSetup, TimeUpError};

    fn table(game: Game, players: u8, deals: &[TableEntry]) -> TableSheet {
        let setup = TableSetup {
            game,
            players,
            planned_deals: 24,
        };
        TableSheet::derive(setup, deals, Vec::new(), None).unwrap()
    }

    /// Re (seats 1 and 3) wins a normal game with 151: 2 points a seat.
    fn normal() -> TableEntry {
        TableEntry::Doppelkopf(SheetEntry::Full(RecordedDeal {
            contract: Contract::Normal,
            re: SeatSet::from_seats(&[0, 2]).unwrap(),
            re_points: 151,
            re_tricks: Some(8),
            announcements: Announcements::default(),
            extras: PartyExtras::default(),
            club_queens: None,
        }))
    }

    /// A table that could not play gets the organiser's points: its round is complete,
    /// takes no deal and no time-up, and its lines carry the points, marked as set.
    #[test]
    fn a_set_result_completes_the_round_with_its_points() {
        let mut sheet = table(Game::DDV, 4, &[]);
        assert!(!sheet.is_complete());
        sheet.adjust(&[0, 0, -5, 5]).unwrap();
        assert_eq!(sheet.adjustment().unwrap().points(), [0, 0, -5, 5]);
        assert!(sheet.is_complete());
        assert_eq!(sheet.next_number(), None);
        assert_eq!(sheet.deals_left(), 0);
        assert!(!sheet.run_out(), "no playing time to run out");
        assert_eq!(sheet.check_next(&normal()), Err(EntryError::Adjusted));
        assert_eq!(sheet.time_up(), Err(TimeUpError::Adjusted));
        let TableLines::Doppelkopf(lines) = sheet.lines(&[11, 12, 13, 14], 2) else {
            panic!("Doppelkopf lines");
        };
        let points: Vec<(PlayerId, u16, i32, u16, bool)> = lines
            .iter()
            .map(|l| (l.player, l.round, l.points, l.deals_played, l.adjusted))
            .collect();
        assert_eq!(
            points,
            [
                (11, 2, 0, 0, true),
                (12, 2, 0, 0, true),
                (13, 2, -5, 0, true),
                (14, 2, 5, 0, true)
            ]
        );
    }

    /// A round that was played counts with its deals; the values must fit the seats and
    /// the range; a family game's standings count keys, not points.
    #[test]
    fn a_result_is_set_only_for_an_empty_doppelkopf_sheet_with_one_value_per_seat() {
        let mut played = table(Game::DDV, 4, &[normal()]);
        assert_eq!(
            played.adjust(&[0, 0, 0, 0]),
            Err(AdjustmentError::HasDeals { deals: 1 })
        );
        assert_eq!(played.adjustment(), None);
        let mut five = table(Game::DDV, 5, &[]);
        assert_eq!(
            five.adjust(&[0, 0, 0, 0]),
            Err(AdjustmentError::Seats { given: 4, seats: 5 })
        );
        assert_eq!(
            five.adjust(&[0, 0, 1000, 0, 0]),
            Err(AdjustmentError::OutOfRange {
                seat: 3,
                points: 1000
            })
        );
        assert_eq!(
            five.adjust(&[0, 0, 0, i64::MIN, 0]),
            Err(AdjustmentError::OutOfRange {
                seat: 4,
                points: i64::MIN
            })
        );
        five.adjust(&[-999, 999, 0, 0, 0]).unwrap();
        let mut kids = table(
            Game::DoubleheadKids(crate::game::kids::KidsRules::basic(2)),
            4,
            &[],
        );
        assert!(matches!(
            kids.adjust(&[0, 0, 0, 0]),
            Err(AdjustmentError::FamilyGame { .. })
        ));
    }

    /// In the standings the set round counts as played: 24 points in round 1 and a set 0 in
    /// round 2 average 12.00 per round, and round 2 is marked as set.
    #[test]
    fn a_set_round_counts_as_played_in_the_standings() {
        let mut sheet = table(Game::DDV, 4, &[]);
        sheet.adjust(&[0, 0, 0, 0]).unwrap();
        let TableLines::Doppelkopf(mut lines) = sheet.lines(&[1, 2, 3, 4], 2) else {
            panic!("Doppelkopf lines");
        };
        lines.push(SheetLine {
            player: 1,
            round: 1,
            points: 24,
            deals_played: 24,
            games_won: 12,
            solos_played: 1,
            solos_won: 1,
            adjusted: false,
        });
        let table = standings(&[1, 2, 3, 4], &lines, 2, &[] as &[TieBreak]).unwrap();
        let first = &table[0];
        assert_eq!(first.player, 1);
        assert_eq!(first.total, 24);
        assert_eq!(first.rounds, [Some(24), Some(0)]);
        assert_eq!(first.adjusted, [false, true]);
        assert_eq!(first.deals_played, 24);
        assert_eq!(first.average_per_round.unwrap().to_string(), "12.00");
        let second = &table[1];
        assert_eq!(second.rounds, [None, Some(0)]);
        assert_eq!(second.average_per_round.unwrap().to_string(), "0.00");
    }
}
