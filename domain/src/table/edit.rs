//! The edits of a table's sheet in any game: entering the next deal, correcting one where
//! it stands, deleting one, calling time and re-planning the round. Each answers whether
//! the edit fits before anything is stored; the shell stores what fits.

use super::adjusted::{Adjustment, AdjustmentError};
use super::entry::TableEntry;
use super::sheet::{NotInGame, TableSheet, TableView};
use crate::game::{FamilyDeletionError, FamilyDeriveError, FamilyRoundError};
use crate::sheet::{self, Renumbering, ReplanError, SheetError};

/// Why an entry is not taken as the next deal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    /// A deal of another game than the table's.
    #[error("a deal of {entered} cannot be entered at a table playing {game}")]
    WrongGame {
        /// The game of the entry.
        entered: &'static str,
        /// The game of the table.
        game: &'static str,
    },
    /// Doppelkopf's refusal: the sheet is complete, the facts are impossible here, or the
    /// order of play forbids the deal.
    #[error(transparent)]
    Doppelkopf(sheet::EntryError),
    /// A family game's refusal: the round is over, or the entry is for another table size.
    #[error(transparent)]
    Family(FamilyRoundError),
    /// The organiser set the table's result ([`super::Adjustment`]): it takes no deal
    /// until he removes it.
    #[error("the organiser set this table's result; it takes no deal until that is removed")]
    Adjusted,
    /// The arbitration panel stopped the round ([`TableSheet::stop`]): it takes no deal
    /// unless the stop is taken back.
    #[error("the arbitration panel stopped this table's round; it takes no further deal")]
    Stopped,
}

/// Why a correction is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CorrectionError {
    /// A deal of another game than the table's.
    #[error("a deal of {entered} cannot be entered at a table playing {game}")]
    WrongGame {
        /// The game of the entry.
        entered: &'static str,
        /// The game of the table.
        game: &'static str,
    },
    /// Doppelkopf's refusal (see [`sheet::CorrectionError`]).
    #[error(transparent)]
    Doppelkopf(sheet::CorrectionError),
    /// A family game's: the first deal that no longer fits, the corrected one
    /// (`index` equal to the corrected deal's) or a later one.
    #[error(transparent)]
    Family(FamilyDeriveError),
}

/// Why a deletion is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeletionError {
    /// Doppelkopf's refusal (see [`sheet::DeletionError`]).
    #[error(transparent)]
    Doppelkopf(sheet::DeletionError),
    /// A family game's (see [`FamilyDeletionError`]).
    #[error(transparent)]
    Family(FamilyDeletionError),
}

/// Why time cannot be called at a table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeUpError {
    /// A family game has no playing time.
    #[error(transparent)]
    NotInGame(#[from] NotInGame),
    /// The round's state refuses it (complete, or time already up).
    #[error(transparent)]
    Refused(SheetError),
    /// The organiser set the table's result: it has no playing time to end.
    #[error("the organiser set this table's result; it has no time to call")]
    Adjusted,
    /// The panel stopped the round: no deal is left to play, forced solos included.
    #[error("the arbitration panel stopped this table's round; it has no time to call")]
    Stopped,
}

/// A deletion worked out: what the shell stores afterwards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableDeletion {
    /// The new time-up mark (Doppelkopf: one deal earlier when the deleted deal was played
    /// before time was called); `None` in a family game.
    pub time_up_after: Option<usize>,
    /// Every later deal, ascending: each moves up one number (and its penalties with it).
    pub moves: Vec<Renumbering>,
}

impl TableSheet {
    /// The refusal any entry gets before its facts are read: a complete Doppelkopf sheet
    /// takes no further deal, whatever was entered. (A family game reads the entry first
    /// and then says its round is over.)
    pub fn refuses_entries(&self) -> Option<EntryError> {
        if self.adjustment().is_some() {
            return Some(EntryError::Adjusted);
        }
        if self.is_stopped() {
            return Some(EntryError::Stopped);
        }
        self.doppelkopf()
            .ok()
            .filter(|sheet| sheet.round().next().is_none())
            .map(|_| EntryError::Doppelkopf(sheet::EntryError::SheetComplete))
    }

    /// A deal of another game than the table's, named by both games.
    fn wrong_game(&self, entry: &TableEntry) -> (&'static str, &'static str) {
        (entry.game(), self.setup().game.kind())
    }

    /// Checks `entry` as the next deal. A complete Doppelkopf sheet refuses any entry as
    /// complete; otherwise an entry of another game is refused before its facts are read
    /// (a family round refuses the other family game's deal itself).
    ///
    /// # Errors
    ///
    /// See [`EntryError`].
    pub fn check_next(&self, entry: &TableEntry) -> Result<(), EntryError> {
        if let Some(refused) = self.refuses_entries() {
            return Err(refused);
        }
        match (self.view(), entry) {
            (TableView::Doppelkopf(sheet), TableEntry::Doppelkopf(deal)) => sheet
                .scored()
                .check_next(deal)
                .map(drop)
                .map_err(EntryError::Doppelkopf),
            (TableView::Family(round), TableEntry::Family(deal)) => {
                round.clone().record(*deal).map_err(EntryError::Family)
            }
            _ => {
                let (entered, game) = self.wrong_game(entry);
                Err(EntryError::WrongGame { entered, game })
            }
        }
    }

    /// Checks a correction of deal `number` (from 1) to `entry`: it must fit where it
    /// stands, and every later deal after it.
    ///
    /// # Errors
    ///
    /// See [`CorrectionError`].
    pub fn check_correction(&self, number: u16, entry: &TableEntry) -> Result<(), CorrectionError> {
        let index = usize::from(number).saturating_sub(1);
        match (self.view(), entry) {
            (TableView::Doppelkopf(sheet), TableEntry::Doppelkopf(deal)) => sheet::correct(
                sheet.config(),
                sheet.deals(),
                sheet.penalties(),
                sheet.time_up_after(),
                index,
                deal,
            )
            .map(drop)
            .map_err(CorrectionError::Doppelkopf),
            // The other family game's deal is refused by the round, at its index.
            (TableView::Family(round), TableEntry::Family(deal)) => round
                .corrected(index, *deal)
                .map(drop)
                .map_err(CorrectionError::Family),
            _ => {
                let (entered, game) = self.wrong_game(entry);
                Err(CorrectionError::WrongGame { entered, game })
            }
        }
    }

    /// Works out the deletion of deal `number` (from 1): later deals move up one number.
    ///
    /// # Errors
    ///
    /// See [`DeletionError`].
    pub fn deletion(&self, number: u16) -> Result<TableDeletion, DeletionError> {
        match self.view() {
            TableView::Doppelkopf(sheet) => {
                let deletion = sheet::delete(
                    sheet.config(),
                    sheet.deals(),
                    sheet.penalties(),
                    sheet.time_up_after(),
                    number,
                )
                .map_err(DeletionError::Doppelkopf)?;
                Ok(TableDeletion {
                    time_up_after: deletion.time_up_after,
                    moves: deletion.moves,
                })
            }
            TableView::Family(round) => {
                let deletion = round.deleted(number).map_err(DeletionError::Family)?;
                Ok(TableDeletion {
                    time_up_after: None,
                    moves: deletion.moves,
                })
            }
        }
    }

    /// Calls time after the deals on the sheet (TSR 8.5.1): returns the new time-up mark.
    ///
    /// # Errors
    ///
    /// See [`TimeUpError`].
    pub fn time_up(&self) -> Result<usize, TimeUpError> {
        if self.adjustment().is_some() {
            return Err(TimeUpError::Adjusted);
        }
        if self.is_stopped() {
            return Err(TimeUpError::Stopped);
        }
        let sheet = self.doppelkopf()?;
        let mut round = sheet.round().clone();
        round.time_up().map_err(TimeUpError::Refused)?;
        Ok(sheet.deals().len())
    }

    /// Sets the table's result to `points`, one per seat in seat order: a table that could
    /// not play its round ([`Adjustment`]). Setting it again replaces it.
    ///
    /// # Errors
    ///
    /// See [`AdjustmentError`]: the table has deals, the values do not fit its seats or
    /// the range, or it plays a family game.
    pub fn adjust(&mut self, points: &[i64]) -> Result<(), AdjustmentError> {
        let deals = self
            .doppelkopf()
            .map_err(|NotInGame { game }| AdjustmentError::FamilyGame { game })?
            .deals()
            .len();
        if deals > 0 {
            return Err(AdjustmentError::HasDeals { deals });
        }
        let adjustment = Adjustment::new(points, self.setup().players)?;
        self.set_adjustment(adjustment);
        Ok(())
    }

    /// Checks the round against `planned` deals instead of its own (a family game's round
    /// is not counted in planned deals: always fits).
    ///
    /// # Errors
    ///
    /// Doppelkopf's [`ReplanError`].
    pub fn replan(&self, planned: u16) -> Result<(), ReplanError> {
        match self.view() {
            TableView::Doppelkopf(sheet) => sheet::replan(
                sheet.config(),
                planned,
                sheet.deals(),
                sheet.penalties(),
                sheet.time_up_after(),
            )
            .map(drop),
            TableView::Family(_) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{Announcements, Contract, PartyExtras, SeatSet};
    use crate::game::kids::{KidsDeal, KidsTeams};
    use crate::game::{FamilyDeal, FamilyKey, FamilyLine, Game};
    use crate::sheet::{RecordedDeal, SheetEntry};
    use crate::table::{DeriveError, TableLines, TableSetup};

    const KIDS: Game = Game::DoubleheadKids(crate::game::kids::KidsRules::basic(2));

    /// A normal game Re (`re`) wins with 151 card points and no calls: 1 for winning and 1
    /// for Kontra under 90 (TSR 7.2.2), so 2 points a seat.
    fn normal(re: [u8; 2]) -> TableEntry {
        TableEntry::Doppelkopf(SheetEntry::Full(RecordedDeal {
            contract: Contract::Normal,
            re: SeatSet::from_seats(&re).unwrap(),
            re_points: 151,
            re_tricks: Some(8),
            announcements: Announcements::default(),
            extras: PartyExtras::default(),
            club_queens: None,
        }))
    }

    fn kids(pair: [u8; 2], coins: u16) -> TableEntry {
        TableEntry::Family(FamilyDeal::Kids(
            KidsDeal::new(KidsTeams::Pair(pair), coins, 240 - coins).unwrap(),
        ))
    }

    fn doppelkopf(deals: &[TableEntry], time_up_after: Option<usize>) -> TableSheet {
        let setup = TableSetup {
            game: Game::DDV,
            players: 4,
            planned_deals: 24,
        };
        TableSheet::derive(setup, deals, Vec::new(), time_up_after).unwrap()
    }

    fn kids_table(deals: &[TableEntry]) -> Result<TableSheet, DeriveError> {
        let setup = TableSetup {
            game: KIDS,
            players: 4,
            planned_deals: 24,
        };
        TableSheet::derive(setup, deals, Vec::new(), None)
    }

    #[test]
    fn a_doppelkopf_table_scores_and_takes_the_next_deal() {
        let table = doppelkopf(&[normal([0, 2]), normal([1, 3])], None);
        assert_eq!(table.deal_count(), 2);
        assert_eq!(table.next_number(), Some(3));
        assert_eq!(table.deals_left(), 22);
        assert!(!table.is_complete());
        assert_eq!(table.doppelkopf().unwrap().scored().totals(), [0, 0, 0, 0]);
        let one = doppelkopf(&[normal([0, 2])], None);
        assert_eq!(one.doppelkopf().unwrap().scored().totals(), [2, -2, 2, -2]);
        assert_eq!(table.check_next(&normal([0, 1])), Ok(()));
        // The lines the standings rank: seat 0's player 11 won one game of two.
        let TableLines::Doppelkopf(lines) = table.lines(&[11, 12, 13, 14], 3) else {
            panic!("a Doppelkopf table has Doppelkopf lines");
        };
        assert_eq!(lines.len(), 4);
        assert_eq!(
            (lines[0].player, lines[0].round, lines[0].points),
            (11, 3, 0)
        );
    }

    #[test]
    fn each_table_refuses_another_games_deal() {
        let dk = doppelkopf(&[normal([0, 2])], None);
        assert_eq!(
            dk.check_next(&kids([0, 1], 130)),
            Err(EntryError::WrongGame {
                entered: "doublehead_kids",
                game: "doppelkopf"
            })
        );
        assert_eq!(
            dk.check_correction(1, &kids([0, 1], 130)),
            Err(CorrectionError::WrongGame {
                entered: "doublehead_kids",
                game: "doppelkopf"
            })
        );
        let family = kids_table(&[kids([0, 1], 130)]).unwrap();
        assert_eq!(
            family.check_next(&normal([0, 2])),
            Err(EntryError::WrongGame {
                entered: "doppelkopf",
                game: "doublehead_kids"
            })
        );
        // A stored deal of the other game is damaged data, named by its place.
        assert_eq!(
            kids_table(&[kids([0, 1], 130), normal([0, 2])]),
            Err(DeriveError::OtherGame {
                index: 1,
                entered: "doppelkopf",
                game: "doublehead_kids"
            })
        );
    }

    #[test]
    fn a_family_round_ends_and_its_edits_are_checked() {
        // A round to 2 Golden Coins: seats 0 and 1 win deal 1 (one coin each), seats 2 and
        // 3 deal 2, seats 0 and 2 deal 3: seat 0 holds 2 and the round is over.
        let deals = [kids([0, 1], 130), kids([2, 3], 150), kids([0, 2], 121)];
        let table = kids_table(&deals).unwrap();
        assert!(table.is_complete());
        assert_eq!(table.next_number(), None);
        assert!(matches!(
            table.check_next(&kids([1, 3], 130)),
            Err(EntryError::Family(_))
        ));
        let TableLines::Family {
            lines,
            deals: count,
        } = table.lines(&[21, 22, 23, 24], 1)
        else {
            panic!("a family table has family lines");
        };
        assert_eq!(count, 3);
        let golden: Vec<(i64, i64)> = lines.iter().map(|l| (l.player, l.key.primary)).collect();
        assert_eq!(golden, [(21, 2), (22, 1), (23, 2), (24, 1)]);
        assert_eq!(
            lines[0],
            FamilyLine {
                player: 21,
                round: 1,
                key: FamilyKey {
                    primary: 2,
                    secondary: 130 + 90 + 121
                }
            }
        );
        // Correcting deal 2 to a second win of seats 0 and 1 ends the round after it:
        // deal 3 loses its place.
        assert_eq!(
            table.check_correction(2, &kids([0, 1], 130)),
            Err(CorrectionError::Family(FamilyDeriveError::Deal {
                index: 2,
                error: FamilyRoundError::Kids(crate::game::kids::KidsRoundError::RoundOver {
                    target: 2,
                    deals: 2
                })
            }))
        );
        assert_eq!(table.check_correction(2, &kids([2, 3], 200)), Ok(()));
        // Deleting deal 1 moves deals 2 and 3 up one number.
        let deletion = table.deletion(1).unwrap();
        assert_eq!(deletion.time_up_after, None);
        assert_eq!(
            deletion.moves,
            [
                Renumbering { from: 2, to: 1 },
                Renumbering { from: 3, to: 2 }
            ]
        );
        assert!(matches!(
            table.deletion(4),
            Err(DeletionError::Family(FamilyDeletionError::NoSuchDeal {
                number: 4,
                deals: 3
            }))
        ));
    }

    #[test]
    fn only_doppelkopf_has_playing_time() {
        let mut table = doppelkopf(&[normal([0, 2]), normal([1, 3])], None);
        assert_eq!(table.time_up(), Ok(2));
        assert!(table.run_out());
        assert_eq!(table.time_up_after(), Some(2));
        assert!(table.is_time_up());
        // Time is up after two normal games: every seat still owes its Pflichtsolo, each
        // now a forced solo, so four deals are left.
        assert_eq!(table.pflichtsolo_owed(), [0, 1, 2, 3]);
        assert_eq!(table.deals_left(), 4);
        assert!(!table.run_out(), "time is up once");

        let mut family = kids_table(&[kids([0, 1], 130)]).unwrap();
        assert!(!family.run_out());
        assert_eq!(
            family.time_up(),
            Err(TimeUpError::NotInGame(NotInGame {
                game: "doublehead_kids"
            }))
        );
        assert_eq!(family.time_up_after(), None);
        assert!(family.pflichtsolo_owed().is_empty());
        assert!(family.doppelkopf().is_err());
    }

    #[test]
    fn a_paper_deal_is_known_by_its_number() {
        let paper = TableEntry::Doppelkopf(SheetEntry::Paper(crate::sheet::PaperDeal {
            contract: Contract::Normal,
            re: SeatSet::from_seats(&[1, 2]).unwrap(),
            value: 3,
            winner: Some(crate::deal::Party::Re),
        }));
        let table = doppelkopf(&[normal([0, 2]), paper], None);
        assert!(!table.is_paper(1));
        assert!(table.is_paper(2));
        assert!(!table.is_paper(3));
        assert_eq!(
            table.doppelkopf().unwrap().scored().totals(),
            [-1, 1, 5, -5]
        );
    }
}
