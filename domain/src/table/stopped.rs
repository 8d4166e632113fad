//! A table whose round the arbitration panel stops where it stands (TSR 9.7.2 c: a
//! disqualified player leaves the table, and the panel decides how its round ends). The
//! deals entered count as they are; nothing more is played, not even the Pflichtsoli still
//! owed, which time-up (TSR 8.5.1) would still have forced. That is the difference from
//! time-up, and why the panel, not the clock, decides it. The round then counts for the
//! table's players as played with the deals entered (none: not played, unless the
//! organiser sets a result, [`super::Adjustment`]).
//!
//! A stop can be taken back (the panel's decision reversed) while the round is open: the
//! table plays on from where it stood.

use super::sheet::TableSheet;

/// Why a table's round cannot be stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum StopError {
    /// The panel stopped it already.
    #[error("the table's round is stopped already")]
    AlreadyStopped,
    /// Every deal of the round is played: nothing is left to stop.
    #[error("the table's round is complete with {deals} deal(s): nothing is left to stop")]
    Complete {
        /// The deals on the sheet.
        deals: usize,
    },
    /// The organiser set the table's result: it has no deal left to stop.
    #[error("the organiser set this table's result; it has no deal left to stop")]
    Adjusted,
}

impl TableSheet {
    /// The panel stops the round where it stands: it takes no further deal and owes no
    /// Pflichtsolo; time-up is no longer called on it.
    ///
    /// # Errors
    ///
    /// See [`StopError`].
    pub fn stop(&mut self) -> Result<(), StopError> {
        if self.is_stopped() {
            return Err(StopError::AlreadyStopped);
        }
        if self.adjustment().is_some() {
            return Err(StopError::Adjusted);
        }
        if self.is_complete() {
            return Err(StopError::Complete {
                deals: self.deal_count(),
            });
        }
        self.set_stopped(true);
        Ok(())
    }

    /// A stop read back from storage: it stands whatever the sheet says now (a correction
    /// made after it may have changed what was owed; the panel's decision is not undone by
    /// it).
    pub fn restore_stop(&mut self) {
        self.set_stopped(true);
    }

    /// Takes the stop back: the round goes on from where it stood. Returns whether it was
    /// stopped.
    pub fn resume(&mut self) -> bool {
        let was = self.is_stopped();
        self.set_stopped(false);
        was
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{Announcements, Contract, PartyExtras, SeatSet};
    use crate::game::kids::{KidsDeal, KidsTeams};
    use crate::game::{FamilyDeal, Game};
    use crate::sheet::{RecordedDeal, SheetEntry};
    use crate::standings::SheetLine;
    use crate::table::{EntryError, TableEntry, TableLines, TableSetup, TimeUpError};

    fn table(players: u8, planned_deals: u16, deals: &[TableEntry]) -> TableSheet {
        let setup = TableSetup {
            game: Game::DDV,
            players,
            planned_deals,
        };
        TableSheet::derive(setup, deals, Vec::new(), None).unwrap()
    }

    fn deal(contract: Contract, re: &[u8], re_points: u16) -> TableEntry {
        TableEntry::Doppelkopf(SheetEntry::Full(RecordedDeal {
            contract,
            re: SeatSet::from_seats(re).unwrap(),
            re_points,
            re_tricks: None,
            announcements: Announcements::default(),
            extras: PartyExtras::default(),
            club_queens: None,
        }))
    }

    fn lines(sheet: &TableSheet) -> Vec<(i32, u16)> {
        let TableLines::Doppelkopf(lines) = sheet.lines(&[11, 12, 13, 14], 3) else {
            panic!("Doppelkopf lines");
        };
        lines
            .iter()
            .map(|l: &SheetLine| (l.points, l.deals_played))
            .collect()
    }

    /// Two deals of a 4-table's 8: Re (seats 0 and 2) wins with 151 (1 for winning, 1 for
    /// Kontra under 90: 2 a seat), then seat 1's Pflichtsolo in hearts lost with 100 (1
    /// for winning, no "gegen die Alten" in a solo: +1 to each opponent, −3 to him), so
    /// [3, −5, 3, −1] over 2 deals each. Stopped, the
    /// round ends with these two: nothing more is taken, no solo is owed any longer,
    /// and time-up, which would have forced three Pflichtsoli, is refused.
    #[test]
    fn a_stopped_round_counts_the_deals_entered_and_forces_no_solo() {
        let mut sheet = table(
            4,
            8,
            &[
                deal(Contract::Normal, &[0, 2], 151),
                deal(Contract::SoloHearts, &[1], 100),
            ],
        );
        assert_eq!(sheet.pflichtsolo_owed(), [0, 2, 3]);
        assert_eq!(sheet.deals_left(), 6);
        let before = lines(&sheet);
        assert_eq!(before, [(3, 2), (-5, 2), (3, 2), (-1, 2)]);

        sheet.stop().unwrap();
        assert!(sheet.is_stopped());
        assert!(sheet.is_complete());
        assert_eq!(sheet.next_number(), None);
        assert_eq!(sheet.deals_left(), 0);
        assert_eq!(sheet.pflichtsolo_owed(), Vec::<u8>::new());
        assert_eq!(lines(&sheet), before, "the deals entered count as they are");
        assert_eq!(
            sheet.check_next(&deal(Contract::Normal, &[0, 1], 130)),
            Err(EntryError::Stopped)
        );
        assert_eq!(sheet.time_up(), Err(TimeUpError::Stopped));
        assert!(
            !sheet.run_out(),
            "no playing time runs out on a stopped round"
        );
        assert_eq!(sheet.stop(), Err(StopError::AlreadyStopped));

        // Taken back, the table plays on where it stood: deal 3, three solos owed.
        assert!(sheet.resume());
        assert!(!sheet.resume());
        assert_eq!(sheet.next_number(), Some(3));
        assert_eq!(sheet.pflichtsolo_owed(), [0, 2, 3]);
        sheet
            .check_next(&deal(Contract::Normal, &[0, 1], 130))
            .unwrap();
    }

    /// A complete round or a set result leaves nothing to stop; an empty sheet can be
    /// stopped (its round is then not played) and still takes a set result.
    #[test]
    fn only_an_open_round_is_stopped() {
        // The shortest round a 4-table may plan: four deals, each seat's Pflichtsolo,
        // vorgeführt from the first (seat 1, then the next dealer's left, …).
        let solos: Vec<TableEntry> = [1, 2, 3, 0]
            .iter()
            .map(|&seat| deal(Contract::SoloHearts, &[seat], 130))
            .collect();
        let mut complete = table(4, 4, &solos);
        assert!(complete.is_complete());
        assert_eq!(complete.stop(), Err(StopError::Complete { deals: 4 }));
        assert!(!complete.is_stopped());

        let mut adjusted = table(4, 24, &[]);
        adjusted.adjust(&[0, 0, 0, 0]).unwrap();
        assert_eq!(adjusted.stop(), Err(StopError::Adjusted));

        let mut empty = table(5, 30, &[]);
        empty.stop().unwrap();
        let TableLines::Doppelkopf(none) = empty.lines(&[1, 2, 3, 4, 5], 1) else {
            panic!("Doppelkopf lines");
        };
        assert!(none.is_empty(), "a round without a deal is not played");
        empty.adjust(&[0, 0, 0, 0, 0]).unwrap();
        assert_eq!(empty.adjustment().unwrap().points(), [0, 0, 0, 0, 0]);
    }

    /// A family game's round stops the same way: Doublehead Kids before its first deal.
    #[test]
    fn a_family_round_is_stopped_where_it_stands() {
        let setup = TableSetup {
            game: Game::DoubleheadKids(crate::game::kids::KidsRules::basic(2)),
            players: 4,
            planned_deals: 24,
        };
        let mut sheet = TableSheet::derive(setup, &[], Vec::new(), None).unwrap();
        let kids = TableEntry::Family(FamilyDeal::Kids(
            KidsDeal::new(KidsTeams::Pair([0, 1]), 130, 110).unwrap(),
        ));
        sheet.check_next(&kids).unwrap();
        sheet.stop().unwrap();
        assert!(sheet.is_complete());
        assert_eq!(sheet.next_number(), None);
        assert_eq!(sheet.check_next(&kids), Err(EntryError::Stopped));
    }
}
