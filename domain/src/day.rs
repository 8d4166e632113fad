//! The tournament day between rounds: who a draw seats, whether a planned round still fits
//! the players, which tables keep a round from closing and which open rounds stand in the
//! way of drawing the next.
//!
//! The TSR leaves all of this to the organiser: it only asks that seats are drawn by lot
//! (TSR 3.2.1) and that a table's round ends when its deals are played or time is up and
//! the owed Pflichtsoli are played (TSR 8.5.1, 8.6). Karlchen's readings:
//!
//! - **Check-in.** Before anybody is checked in, every player who has not withdrawn is
//!   seated: organisers who do not use check-in get the roster. Once one player is checked
//!   in (even one who has withdrawn since), check-in has started, and a draw seats only the
//!   players checked in and not withdrawn; the others are left out and named.
//! - **A plan fits** when it seats exactly the players a draw would seat now: nobody who
//!   withdrew (or is no longer registered), nobody who is not checked in, and nobody
//!   playing left out.
//! - **A round is complete** at a table when the sheet says so ([`Round::is_complete`]):
//!   every planned deal played, or time up and no Pflichtsolo owed.
//! - **The next round** follows a closed one: every earlier round still open is named.
//! - **The end of the day.** The organiser finishes a tournament once a round was played
//!   and every round is closed (fewer rounds than planned are his call: a day can end
//!   early). From then on its standings are final: nothing that moves them (a deal, a
//!   penalty, a player, a round, the rules or the tie-breaks) changes until he reopens it,
//!   with a reason.
//!
//! The service decides what to do about each answer (refuse, or go on when the organiser
//! says so explicitly); these functions only say what is the case.

use std::collections::{BTreeMap, BTreeSet};

use crate::sheet::Round;
use crate::standings::PlayerId;
use crate::table::TableSheet;

/// A registered player as the day sees him.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entrant {
    /// His id.
    pub id: PlayerId,
    /// Checked in at the venue.
    pub checked_in: bool,
    /// Left the tournament.
    pub withdrawn: bool,
}

/// Who a draw seats now, and who it leaves out.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Attendance {
    /// Whether check-in has started: somebody is checked in.
    pub check_in_started: bool,
    /// The players every draw seats, in the order given.
    pub playing: Vec<PlayerId>,
    /// Players who have not withdrawn but are not checked in although check-in has
    /// started, in the order given: every draw leaves them out.
    pub not_checked_in: Vec<PlayerId>,
}

/// Who a draw seats among `entrants` (see the module documentation).
pub fn attendance(entrants: &[Entrant]) -> Attendance {
    let check_in_started = entrants.iter().any(|e| e.checked_in);
    let mut answer = Attendance {
        check_in_started,
        ..Attendance::default()
    };
    for e in entrants.iter().filter(|e| !e.withdrawn) {
        if e.checked_in || !check_in_started {
            answer.playing.push(e.id);
        } else {
            answer.not_checked_in.push(e.id);
        }
    }
    answer
}

/// Why a planned round no longer fits the players; all empty when it fits.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Misfit {
    /// Players the round seats who have withdrawn or are not registered, ascending.
    pub withdrawn: Vec<PlayerId>,
    /// Players the round seats who are not checked in although check-in has started,
    /// ascending.
    pub not_checked_in: Vec<PlayerId>,
    /// Players a draw would seat whom the round leaves out (late arrivals), in the order of
    /// the entrants.
    pub missing: Vec<PlayerId>,
}

impl Misfit {
    /// Whether the round fits: nothing to report.
    pub fn fits(&self) -> bool {
        self.withdrawn.is_empty() && self.not_checked_in.is_empty() && self.missing.is_empty()
    }
}

/// How the planned `tables` (player ids) fit the players a draw would seat among
/// `entrants` now.
pub fn misfit(entrants: &[Entrant], tables: &[Vec<PlayerId>]) -> Misfit {
    let now = attendance(entrants);
    let seated: BTreeSet<PlayerId> = tables.iter().flatten().copied().collect();
    let registered: BTreeMap<PlayerId, &Entrant> = entrants.iter().map(|e| (e.id, e)).collect();
    let playing: BTreeSet<PlayerId> = now.playing.iter().copied().collect();
    let mut answer = Misfit::default();
    for &id in &seated {
        match registered.get(&id) {
            None => answer.withdrawn.push(id),
            Some(e) if e.withdrawn => answer.withdrawn.push(id),
            Some(_) if !playing.contains(&id) => answer.not_checked_in.push(id),
            Some(_) => {}
        }
    }
    answer.missing = now
        .playing
        .into_iter()
        .filter(|id| !seated.contains(id))
        .collect();
    answer
}

/// A table's round that can say whether it is over: a Doppelkopf [`Round`], or a table's
/// round in any game ([`TableSheet`]).
pub trait RoundState {
    /// Whether the round is over and takes no further deal.
    fn is_complete(&self) -> bool;
}

impl RoundState for Round {
    fn is_complete(&self) -> bool {
        Round::is_complete(self)
    }
}

impl RoundState for TableSheet {
    fn is_complete(&self) -> bool {
        TableSheet::is_complete(self)
    }
}

/// The keys of the tables whose round is not complete, in the order given.
pub fn incomplete<K: Copy, R: RoundState>(tables: &[(K, &R)]) -> Vec<K> {
    tables
        .iter()
        .filter(|(_, round)| !round.is_complete())
        .map(|&(key, _)| key)
        .collect()
}

/// The numbers of the rounds before round `next` that are still open, ascending; `rounds`
/// are `(number, closed)`.
pub fn open_before(rounds: &[(i32, bool)], next: i32) -> Vec<i32> {
    let mut open: Vec<i32> = rounds
        .iter()
        .filter(|&&(number, closed)| number < next && !closed)
        .map(|&(number, _)| number)
        .collect();
    open.sort_unstable();
    open
}

/// Why a tournament cannot be finished yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unfinished {
    /// No round was drawn: there is nothing to make final.
    NoRound,
    /// These rounds are still open, ascending.
    OpenRounds(Vec<i32>),
}

impl std::fmt::Display for Unfinished {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unfinished::NoRound => f.write_str("no round was drawn"),
            Unfinished::OpenRounds(open) => {
                let list: Vec<String> = open.iter().map(i32::to_string).collect();
                write!(f, "round(s) {} are still open", list.join(", "))
            }
        }
    }
}

/// Whether a tournament whose rounds are `(number, closed)` can be finished.
pub fn finishing(rounds: &[(i32, bool)]) -> Result<(), Unfinished> {
    if rounds.is_empty() {
        return Err(Unfinished::NoRound);
    }
    let mut open: Vec<i32> = rounds
        .iter()
        .filter(|&&(_, closed)| !closed)
        .map(|&(number, _)| number)
        .collect();
    open.sort_unstable();
    if open.is_empty() {
        Ok(())
    } else {
        Err(Unfinished::OpenRounds(open))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{Contract, SeatSet, TableSize};
    use crate::sheet::{EnteredDeal, RoundConfig};

    fn entrant(id: PlayerId, checked_in: bool, withdrawn: bool) -> Entrant {
        Entrant {
            id,
            checked_in,
            withdrawn,
        }
    }

    #[test]
    fn before_check_in_everyone_not_withdrawn_plays() {
        let entrants = [
            entrant(11, false, false),
            entrant(12, false, true),
            entrant(13, false, false),
        ];
        let now = attendance(&entrants);
        assert!(!now.check_in_started);
        assert_eq!(now.playing, [11, 13]);
        assert!(now.not_checked_in.is_empty());
    }

    #[test]
    fn once_one_is_checked_in_only_the_checked_in_play() {
        let entrants = [
            entrant(11, true, false),
            entrant(12, false, false),
            entrant(13, true, true),
            entrant(14, false, true),
            entrant(15, true, false),
        ];
        let now = attendance(&entrants);
        assert!(now.check_in_started);
        assert_eq!(now.playing, [11, 15]);
        // 14 withdrew: he is neither playing nor "not checked in".
        assert_eq!(now.not_checked_in, [12]);
    }

    #[test]
    fn a_withdrawn_player_checked_in_still_starts_check_in() {
        let entrants = [entrant(1, false, false), entrant(2, true, true)];
        let now = attendance(&entrants);
        assert!(now.check_in_started);
        assert!(now.playing.is_empty());
        assert_eq!(now.not_checked_in, [1]);
    }

    #[test]
    fn a_plan_of_the_same_players_fits() {
        let entrants: Vec<Entrant> = (1..=8).map(|id| entrant(id, true, false)).collect();
        let plan = [vec![5, 1, 7, 3], vec![2, 8, 4, 6]];
        assert!(misfit(&entrants, &plan).fits());
    }

    #[test]
    fn a_plan_that_seats_the_wrong_players_says_who() {
        // 1..=9 registered: 2 withdrew, 4 did not check in, 9 is checked in but unplanned,
        // 99 is not registered at all.
        let mut entrants: Vec<Entrant> = (1..=9).map(|id| entrant(id, true, false)).collect();
        entrants[1].withdrawn = true;
        entrants[3].checked_in = false;
        let plan = [vec![1, 2, 3, 4], vec![5, 6, 7, 8, 99]];
        let found = misfit(&entrants, &plan);
        assert!(!found.fits());
        assert_eq!(found.withdrawn, [2, 99]);
        assert_eq!(found.not_checked_in, [4]);
        assert_eq!(found.missing, [9]);
    }

    fn round_after(normal_games: u16, solos: &[u8], time_up: bool) -> Round {
        let mut round = Round::new(RoundConfig::new(TableSize::Four, 24).unwrap());
        let deal = |contract, re: &[u8]| EnteredDeal {
            contract,
            re: SeatSet::from_seats(re).unwrap(),
        };
        for &seat in solos {
            round.record(&deal(Contract::SoloQueens, &[seat])).unwrap();
        }
        for _ in 0..normal_games {
            round.record(&deal(Contract::Normal, &[0, 1])).unwrap();
        }
        if time_up {
            round.time_up().unwrap();
        }
        round
    }

    #[test]
    fn incomplete_tables_are_those_the_sheet_calls_incomplete() {
        // Table 1: all 24 deals. Table 2: 17 of 24. Table 3: time up after 20 deals with
        // every Pflichtsolo played, so nothing is owed. Table 4: time up after 18 deals
        // with two solos still owed.
        let full = round_after(20, &[0, 1, 2, 3], false);
        let short = round_after(13, &[0, 1, 2, 3], false);
        let timed = round_after(16, &[0, 1, 2, 3], true);
        let owing = round_after(16, &[0, 1], true);
        assert!(full.is_complete() && timed.is_complete());
        assert_eq!(owing.deals_left(), 2);
        let tables = [(1, &full), (2, &short), (3, &timed), (4, &owing)];
        assert_eq!(incomplete(&tables), [2, 4]);
    }

    #[test]
    fn open_rounds_before_the_next_are_named() {
        let rounds = [(3, false), (1, true), (2, false)];
        assert_eq!(open_before(&rounds, 4), [2, 3]);
        assert_eq!(open_before(&rounds, 3), [2]);
        assert!(open_before(&[(1, true), (2, true)], 3).is_empty());
        assert!(open_before(&[], 1).is_empty());
    }

    #[test]
    fn a_tournament_is_finished_only_once_every_round_is_closed() {
        assert_eq!(finishing(&[]), Err(Unfinished::NoRound));
        assert_eq!(
            finishing(&[(3, false), (1, true), (2, false)]),
            Err(Unfinished::OpenRounds(vec![2, 3]))
        );
        assert_eq!(finishing(&[(1, true), (2, true)]), Ok(()));
        assert_eq!(
            Unfinished::OpenRounds(vec![2, 3]).to_string(),
            "round(s) 2, 3 are still open"
        );
        // The last round open: the day is not over, even if every earlier one is.
        assert_eq!(
            finishing(&[(1, true), (2, true), (i32::MAX, false)]),
            Err(Unfinished::OpenRounds(vec![i32::MAX]))
        );
    }
}
