//! The scored sheet: every deal of a table's round with its entries per seat, penalties
//! included, the totals, and each seat's line for the standings.
//!
//! The service stores only what was entered ([`SheetEntry`]: the captain's [`RecordedDeal`]
//! or the organiser's paper summary) and what the referee ruled ([`RecordedPenalty`]);
//! everything else follows from those, in this order:
//!
//! 1. the order of play ([`derive()`](super::derive())): dealer, sitting-out seat and kind of
//!    every deal, so a correction moves later dealers by itself (TSR 3.3.1, 4.2, 8.6, 10.1);
//! 2. each deal's facts, completed by the table (its size, and at a 5-table the dealer who
//!    sits out and scores 0, TSR 10.1), and its game value (TSR 7.1–7.2, [`crate::score()`];
//!    a paper entry's value as written, [`crate::score_paper()`]);
//! 3. the deal's penalties (TSR 9.3, 9.4, [`crate::penalty`]): their entries are added to
//!    the deal's row, and a serious violation can stop the game, whose own entries then
//!    count as 0 (TSR 9.4.3, 9.4.4);
//! 4. the totals: a player's round result is the plain sum of his entries, penalties
//!    included (TSR 7.3, 8.2.2; brief §13).
//!
//! Under a club's house rules ([`RoundConfig::with_rules`], [`score_sheet_with`]) each deal
//! is scored by [`crate::score_with()`], a deal thrown in (five nines) is on the sheet with
//! no points, and with Bock rounds a deal's game entries may count double
//! ([`ScoredDeal::factor`]).
//!
//! The first deal that breaks a step is named in a [`SheetScoreError`], so the service can
//! tell the captain which stored deal a correction made impossible.

use super::{
    DealKind, DeriveError, EnteredDeal, EntryFacts, Round, RoundConfig, SheetDeal, SheetEntry,
    derive,
};
use crate::deal::{
    Announcements, ClubQueens, Contract, DealFacts, FactsError, PartyExtras, Seat, SeatSet,
    TableSize, uncounted_tricks,
};
use crate::game::Ruleset;
use crate::penalty::{self, Penalty, PenaltyError, Violation};
use crate::score::{Scored, Winner};
use crate::standings::{PlayerId, SheetLine};

/// The service's id of a stored penalty. The domain only passes it through, so the service
/// can tell which of its stored rulings an entry or an error belongs to.
pub type PenaltyId = i64;

/// One deal as the captain entered it: what happened at the table, without what the table
/// itself decides (its size, and who sits out, which follows from the order of play).
///
/// Card points and tricks are kept as entered (`u16`, as the wire has them) and checked when
/// the deal is scored, so that a stored deal with an impossible number is named as that
/// deal's fault in the same order as every other impossible fact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordedDeal {
    /// The contract as played.
    pub contract: Contract,
    /// The Re party: two seats, or the soloist alone in a deal scored as a solo.
    pub re: SeatSet,
    /// Re's card points (Augen), 0–240.
    pub re_points: u16,
    /// Re's tricks, 0–12; `None` when they were not counted, which only points where the
    /// tricks cannot change the score allow ([`crate::deal::uncounted_tricks`]).
    pub re_tricks: Option<u16>,
    /// Each party's highest call.
    pub announcements: Announcements,
    /// Each party's extras; none in deals scored as solos.
    pub extras: PartyExtras,
    /// Who held both ♣Q after an Armut's exchange, where the rules ask
    /// ([`DealFacts::club_queens`]).
    pub club_queens: Option<ClubQueens>,
}

impl RecordedDeal {
    /// What the order of play needs of the deal: contract and Re party.
    pub const fn entered(&self) -> EnteredDeal {
        EnteredDeal {
            contract: self.contract,
            re: self.re,
        }
    }

    /// The deal's facts at a table of `table_size` where `sitting_out` sits out (the dealer
    /// at a 5-table, TSR 10.1), checked as [`DealFacts::validate`] does. Card points are
    /// checked before tricks, and both before the rest, as the `/score` calculator does.
    /// Checked under `rules` ([`DealFacts::validate_with`]: ten tricks without the nines,
    /// the caught Karlchen; [`Ruleset::DDV`] for the TSR).
    pub fn facts_with(
        &self,
        table_size: TableSize,
        sitting_out: Option<Seat>,
        rules: &Ruleset,
    ) -> Result<DealFacts, FactsError> {
        let re_points = u8::try_from(self.re_points)
            .ok()
            .filter(|&p| p <= 240)
            .ok_or(FactsError::PointsOutOfRange {
                points: self.re_points,
            })?;
        let re_tricks = match self.re_tricks {
            Some(tricks) => u8::try_from(tricks)
                .ok()
                .filter(|&t| t <= 12)
                .ok_or(FactsError::TricksOutOfRange { tricks })?,
            None => uncounted_tricks(re_points, &self.extras, rules)
                .ok_or(FactsError::TricksNotCounted { points: re_points })?,
        };
        let facts = DealFacts {
            table_size,
            contract: self.contract,
            re: self.re,
            sitting_out,
            re_points,
            re_tricks,
            announcements: self.announcements,
            extras: self.extras,
            club_queens: self.club_queens,
        };
        facts.validate_with(rules)?;
        Ok(facts)
    }
}

/// A violation the referee ruled on a deal (TSR 9), as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordedPenalty {
    /// The service's id, passed through.
    pub id: PenaltyId,
    /// The number of the deal in which it happened, from 1. Penalty points are entries of
    /// that deal (TSR 8.2.2; brief §12).
    pub deal_number: u16,
    /// The ruling.
    pub violation: Violation,
}

/// A penalty as it stands on a scored deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoredPenalty {
    /// The service's id, passed through.
    pub id: PenaltyId,
    /// The ruling.
    pub violation: Violation,
    /// Its entries per seat and what it did to the deal.
    pub penalty: Penalty,
}

/// One deal on the scored sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredDeal {
    /// Number, dealer, sitting-out seat and kind.
    pub sheet: SheetDeal,
    /// The facts as scored, with the table's size and sitting-out seat: the full facts, or
    /// the paper summary.
    pub facts: EntryFacts,
    /// The game's own scoring: winner, value and every point (TSR 7.1–7.2); a paper
    /// entry has its value but no breakdown.
    pub game: Scored,
    /// Each seat's entry on the sheet, penalties included ([`penalty::sheet_entries`]).
    pub scores: Vec<i32>,
    /// Each seat's entry from the game alone; all 0 when a penalty stopped the game
    /// (TSR 9.4.3, 9.4.4).
    pub game_scores: Vec<i32>,
    /// Whether the game's own entries count, i.e. no penalty stopped it.
    pub game_counts: bool,
    /// The penalties on this deal, in the order given.
    pub penalties: Vec<ScoredPenalty>,
    /// The soloist of a declared solo (Pflichtsolo, Lustsolo, vorgeführt). Wedding solos and
    /// silent weddings are normal games on the sheet (TSR 4.4.3 b, 4.4.5): `None`.
    pub soloist: Option<Seat>,
    /// The Bock factor of the game's entries: 2 in a Bock round, otherwise (and always under
    /// the TSR) 1. [`ScoredDeal::game`] holds the game's own value; `game_scores` and
    /// `scores` are multiplied, the penalties are not (see [`score_sheet_with`]).
    pub factor: u8,
}

/// What the standings need of one seat's line on a scored sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeatLine {
    /// The seat.
    pub seat: Seat,
    /// The seat's total, penalties included.
    pub points: i32,
    /// Deals the seat played: every deal but those it sat out (TSR 10.1).
    pub deals_played: u16,
    /// Played deals whose game entry (penalties not counted) is positive for the seat.
    pub games_won: u16,
    /// Deals the seat played as the soloist of a declared solo.
    pub solos_played: u16,
    /// Of those, the ones whose game entry is positive for the seat.
    pub solos_won: u16,
}

/// A table's round, scored: the round state, every deal with its entries, and the totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredSheet {
    round: Round,
    deals: Vec<ScoredDeal>,
    totals: Vec<i32>,
    bock_deals_owed: u16,
}

impl ScoredSheet {
    /// The round state, for the next deal, the owed Pflichtsoli and the checks of an entry.
    pub const fn round(&self) -> &Round {
        &self.round
    }

    /// Time-up after the deals on the sheet (see [`Round::time_up`]). The entries keep
    /// their scores: time-up only changes what may follow.
    pub fn time_up(&mut self) -> Result<(), super::SheetError> {
        self.round.time_up()
    }

    /// The round state, taken out of the sheet.
    pub fn into_round(self) -> Round {
        self.round
    }

    /// The scored deals, in order.
    pub fn deals(&self) -> &[ScoredDeal] {
        &self.deals
    }

    /// The Bock games still owed after the deals on the sheet: the next that many games
    /// count double. Always 0 without [`Ruleset::bock_rounds`].
    pub const fn bock_deals_owed(&self) -> u16 {
        self.bock_deals_owed
    }

    /// The Bock factor the next game's entries will have: 2 while Bock games are owed.
    pub const fn next_factor(&self) -> u8 {
        if self.bock_deals_owed > 0 { 2 } else { 1 }
    }

    /// Each seat's total: the sum of its entries, penalties included (TSR 7.3; brief §13).
    pub fn totals(&self) -> &[i32] {
        &self.totals
    }

    /// One seat's running total after each deal, in order: the sum of its entries up to and
    /// including that deal, penalties included, so the last equals its [`totals`] entry.
    /// A deal the seat sat out adds nothing (its entry there is 0, TSR 10.1). An unknown
    /// seat has no entries: all 0. What a chart of a player's round draws.
    ///
    /// [`totals`]: ScoredSheet::totals
    pub fn running_totals(&self, seat: Seat) -> Vec<i32> {
        let mut total = 0i32;
        self.deals
            .iter()
            .map(|deal| {
                let entry = deal.scores.get(usize::from(seat)).copied().unwrap_or(0);
                // Saturating, as the totals are summed.
                total = total.saturating_add(entry);
                total
            })
            .collect()
    }

    /// Checks `deal` as the next deal of this sheet, see [`check_entry`](super::check_entry).
    pub fn check_next(&self, deal: &SheetEntry) -> Result<SheetDeal, super::EntryError> {
        super::check_entry(&self.round, deal)
    }

    /// One line per seat, in seat order, with the counts the standings rank by.
    ///
    /// A deal counts as won for a seat when its game entry is positive; a stopped game has
    /// none, so it is nobody's win. A solo counts for its soloist only when it is a declared
    /// solo (see [`ScoredDeal::soloist`]). A deal thrown in (house rules XIII) is no game:
    /// nobody played it.
    pub fn lines(&self) -> Vec<SeatLine> {
        let seats = self.round.config().table_size().seats();
        (0..seats)
            .map(|seat| {
                let mut line = SeatLine {
                    seat,
                    points: self.totals.get(usize::from(seat)).copied().unwrap_or(0),
                    deals_played: 0,
                    games_won: 0,
                    solos_played: 0,
                    solos_won: 0,
                };
                // Saturating: a round has at most MAX_PLANNED_DEALS deals, far below u16.
                let add =
                    |count: &mut u16, yes: bool| *count = count.saturating_add(u16::from(yes));
                for deal in self
                    .deals
                    .iter()
                    .filter(|d| d.sheet.sitting_out != Some(seat) && d.sheet.kind.is_game())
                {
                    let won = deal
                        .game_scores
                        .get(usize::from(seat))
                        .is_some_and(|&s| s > 0);
                    add(&mut line.deals_played, true);
                    add(&mut line.games_won, won);
                    if deal.soloist == Some(seat) {
                        add(&mut line.solos_played, true);
                        add(&mut line.solos_won, won);
                    }
                }
                line
            })
            .collect()
    }

    /// The standings' lines of round `round`, where `players` sit in seat order (the first
    /// at seat 0). A seat without a player has no line.
    ///
    /// A sheet without any deal gives no lines at all: the table has not started the round,
    /// so for its players the round is not played yet. A line of 0 points would count as a
    /// round played and halve a player's average per round as soon as the next round is
    /// drawn (19 points after round 1 would show as 9.50). Once one deal is entered the
    /// round counts for every seat, even one that sat out that deal at a 5-table (TSR 10.1).
    pub fn sheet_lines(&self, players: &[PlayerId], round: u16) -> Vec<SheetLine> {
        if self.deals.is_empty() {
            return Vec::new();
        }
        players
            .iter()
            .zip(self.lines())
            .map(|(&player, line)| SheetLine {
                player,
                round,
                points: line.points,
                deals_played: line.deals_played,
                games_won: line.games_won,
                solos_played: line.solos_played,
                solos_won: line.solos_won,
                adjusted: false,
            })
            .collect()
    }
}

/// Why a stored sheet cannot be scored: the first deal that breaks it, and how.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SheetScoreError {
    /// A deal, or the time-up mark, does not fit the order of play. Checked for the whole
    /// sheet before any deal is scored.
    #[error(transparent)]
    OrderOfPlay(#[from] DeriveError),
    /// A deal's facts are impossible at the place it stands (for instance the seat that now
    /// sits out is in its Re party).
    #[error("deal {number} cannot have happened: {error}")]
    FactsInvalid {
        /// 0-based index into the deals.
        index: usize,
        /// The deal's number.
        number: u16,
        /// Why.
        error: FactsError,
    },
    /// A penalty cannot be ruled on its deal as the deal now stands (for instance its
    /// offender now sits out).
    #[error("penalty {penalty} on deal {number} does not fit: {error}")]
    PenaltyInvalid {
        /// 0-based index of the deal.
        index: usize,
        /// The deal's number.
        number: u16,
        /// The penalty's id.
        penalty: PenaltyId,
        /// Why.
        error: PenaltyError,
    },
}

impl SheetScoreError {
    /// The 0-based index of the deal named. For a time-up mark that does not fit, the index
    /// of the first deal after it (see [`DeriveError::index`]).
    pub const fn index(&self) -> usize {
        match self {
            SheetScoreError::OrderOfPlay(e) => e.index,
            SheetScoreError::FactsInvalid { index, .. }
            | SheetScoreError::PenaltyInvalid { index, .. } => *index,
        }
    }

    /// The number of the deal named, from 1 (`index + 1`).
    pub const fn deal_number(&self) -> usize {
        self.index().saturating_add(1)
    }
}

/// The games a Bock round lasts: as many as seats with cards in a deal, four at a 4- and at
/// a 5-table (where the dealer sits out).
pub const BOCK_ROUND_DEALS: u16 = 4;

/// Scores a table's round from the stored deals and penalties, with time called after the
/// first `time_up_after` deals (TSR 8.5.1).
///
/// The order of play of the whole sheet is checked first, then each deal in turn: its facts,
/// its game value and its penalties. Penalties on a number without a deal are left out.
///
/// The round follows the rules of `config` ([`RoundConfig::rules`]), the TSR unless the
/// config was built [`RoundConfig::with_rules`]; [`score_sheet_with`] names them.
pub fn score_sheet(
    config: RoundConfig,
    deals: &[SheetEntry],
    penalties: &[RecordedPenalty],
    time_up_after: Option<usize>,
) -> Result<ScoredSheet, SheetScoreError> {
    let entered: Vec<EnteredDeal> = deals.iter().map(SheetEntry::entered).collect();
    let round = derive(config, &entered, time_up_after)?;
    let table_size = config.table_size();
    let rules = config.rules();
    let mut totals = vec![0i32; usize::from(table_size.seats())];
    let mut scored = Vec::with_capacity(deals.len());
    let mut bock_deals_owed = 0u16;
    for (index, (sheet, deal)) in round.deals().iter().zip(deals).enumerate() {
        let on_deal = penalties.iter().filter(|p| p.deal_number == sheet.number);
        let factor = if sheet.kind != DealKind::ThrownIn && bock_deals_owed > 0 {
            bock_deals_owed -= 1;
            2
        } else {
            1
        };
        let deal = score_deal(table_size, &rules, index, *sheet, deal, on_deal, factor)?;
        if rules.bock_rounds {
            bock_deals_owed = bock_deals_owed
                .saturating_add(bock_triggers(&deal).saturating_mul(BOCK_ROUND_DEALS));
        }
        for (total, entry) in totals.iter_mut().zip(&deal.scores) {
            // Saturating: real totals are a few hundred points, but no sum may panic.
            *total = total.saturating_add(*entry);
        }
        scored.push(deal);
    }
    Ok(ScoredSheet {
        round,
        deals: scored,
        totals,
        bock_deals_owed,
    })
}

/// [`score_sheet()`] under `rules`: the same round with [`RoundConfig::with_rules`].
///
/// Bock rounds ([`Ruleset::bock_rounds`]), with the readings the rule texts leave open
/// marked as such:
///
/// - a deal triggers a Bock round when it ends 120:120 or when a party that said "Re" or
///   "Kontra" did not win it (each counts: a 120:120 deal in which Re said "Re" triggers
///   two). Only full facts can trigger: the paper holds neither card points nor calls. A
///   game a penalty stopped (TSR 9.4.3, 9.4.4) was not played out and triggers nothing;
/// - a Bock round is the next [`BOCK_ROUND_DEALS`] games (as many as seats with cards);
///   a deal thrown in is no game and neither uses one up nor triggers one;
/// - **reading:** triggers stack by queueing: each trigger adds one more Bock round after
///   those already owed, so a Bock deal counts double, never four times, and a trigger in
///   a Bock deal lengthens the Bock time (the common reading);
/// - the factor doubles the game's entries of every seat; penalty points (TSR 9) are not
///   the game's and are not doubled; Bock games still owed when the round ends lapse.
pub fn score_sheet_with(
    config: RoundConfig,
    deals: &[SheetEntry],
    penalties: &[RecordedPenalty],
    time_up_after: Option<usize>,
    rules: &Ruleset,
) -> Result<ScoredSheet, SheetScoreError> {
    score_sheet(config.with_rules(*rules), deals, penalties, time_up_after)
}

/// The Bock rounds a scored deal triggers (see [`score_sheet_with`]): one for
/// 120:120, one for each party that said "Re" or "Kontra" and did not win. None for a paper
/// entry, a deal thrown in, or a game a penalty stopped.
fn bock_triggers(deal: &ScoredDeal) -> u16 {
    let EntryFacts::Full(facts) = deal.facts else {
        return 0;
    };
    if !deal.game_counts {
        return 0;
    }
    let calls = facts.announcements;
    let tie = facts.re_points == 120;
    let re_lost = calls.re.has_ansage() && deal.game.winner != Winner::Re;
    let kontra_lost = calls.kontra.has_ansage() && deal.game.winner != Winner::Kontra;
    u16::from(tie) + u16::from(re_lost) + u16::from(kontra_lost)
}

/// Scores the deal at `index`, standing on the sheet as `sheet`, with its penalties, its
/// game entries multiplied by the Bock `factor`.
fn score_deal<'a>(
    table_size: TableSize,
    rules: &Ruleset,
    index: usize,
    sheet: SheetDeal,
    deal: &SheetEntry,
    penalties: impl Iterator<Item = &'a RecordedPenalty>,
    factor: u8,
) -> Result<ScoredDeal, SheetScoreError> {
    let invalid = |error| SheetScoreError::FactsInvalid {
        index,
        number: sheet.number,
        error,
    };
    let facts = deal
        .facts_with(table_size, sheet.sitting_out, rules)
        .map_err(invalid)?;
    let game = facts.score_with(rules).map_err(invalid)?;
    let game_entries: Vec<i32> = game
        .scores()
        .iter()
        .map(|s| s.saturating_mul(i32::from(factor)))
        .collect();
    let penalties = penalties
        .map(|p| {
            penalty::penalty(table_size, sheet.sitting_out, &p.violation)
                .map(|penalty| ScoredPenalty {
                    id: p.id,
                    violation: p.violation,
                    penalty,
                })
                .map_err(|error| SheetScoreError::PenaltyInvalid {
                    index,
                    number: sheet.number,
                    penalty: p.id,
                    error,
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let ruled: Vec<Penalty> = penalties.iter().map(|p| p.penalty).collect();
    let (scores, game_counts) = penalty::sheet_entries(&game_entries, &ruled);
    let game_scores = if game_counts {
        game_entries
    } else {
        vec![0; scores.len()]
    };
    // The Re size check of the order of play leaves a declared solo one Re seat: the soloist.
    let soloist = if sheet.kind.is_declared_solo() {
        facts.re().iter().next()
    } else {
        None
    };
    Ok(ScoredDeal {
        sheet,
        facts,
        game,
        scores,
        game_scores,
        game_counts,
        penalties,
        soloist,
        factor,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::CallLevel;
    use crate::penalty::{DealOutcome, Severity};
    use crate::sheet::test_support::worked::*;
    use crate::sheet::test_support::*;
    use crate::sheet::{NextDeal, SheetError};

    fn scores(sheet: &ScoredSheet) -> Vec<Vec<i32>> {
        sheet.deals().iter().map(|d| d.scores.clone()).collect()
    }

    fn rows(sheet: &ScoredSheet) -> Vec<(u16, Seat, DealKind, Option<Seat>)> {
        sheet
            .deals()
            .iter()
            .map(|d| (d.sheet.number, d.sheet.dealer, d.sheet.kind, d.soloist))
            .collect()
    }

    fn line(seat: Seat, points: i32, counts: [u16; 4]) -> SeatLine {
        let [deals_played, games_won, solos_played, solos_won] = counts;
        SeatLine {
            seat,
            points,
            deals_played,
            games_won,
            solos_played,
            solos_won,
        }
    }

    fn ruling(severity: Severity, offender: Seat) -> Violation {
        Violation {
            severity,
            offender,
            soloist: None,
            could_harm_soloist: false,
            opposing_absagen: 0,
            deduction: 0,
        }
    }

    /// Normal games and solos at a 4-table, from the brief's worked deals: two Pflichtsoli
    /// (the dealer deals again, TSR 3.3.1) and a Lustsolo (the deal passes on, TSR 4.3.2).
    fn four_table_deals() -> Vec<SheetEntry> {
        vec![w3(), w1(), w22(), w10(), w23(), w22()]
    }

    #[test]
    fn a_four_table_round_is_scored_and_summed() {
        let sheet = score_sheet(four(), &four_table_deals(), &[], None).unwrap();
        assert_eq!(
            scores(&sheet),
            [
                vec![-1, 1, -1, 1],
                vec![-5, 5, -5, 5],
                vec![3, -9, 3, 3],
                vec![-3, 3, -3, 3],
                vec![-8, -8, 24, -8],
                vec![3, -9, 3, 3],
            ]
        );
        assert_eq!(
            rows(&sheet),
            [
                (1, 0, N, None),
                (2, 1, N, None),
                (3, 2, P, Some(1)),
                (4, 2, N, None),
                (5, 3, P, Some(2)),
                (6, 3, L, Some(1)),
            ]
        );
        assert_eq!(sheet.totals(), [-11, -17, 21, 7]);
        assert!(
            sheet
                .deals()
                .iter()
                .all(|d| d.game_counts && d.scores == d.game_scores)
        );
        assert_eq!(sheet.deals()[4].game.value, 8);
        assert_eq!(sheet.round().pflichtsolo_owed(), vec![0, 3]);
        assert_eq!(
            sheet.round().next(),
            Some(NextDeal {
                number: 7,
                dealer: 0,
                sitting_out: None,
                forced_soloist: None
            })
        );
    }

    #[test]
    fn lines_count_deals_wins_and_declared_solos() {
        let sheet = score_sheet(four(), &four_table_deals(), &[], None).unwrap();
        assert_eq!(
            sheet.lines(),
            [
                line(0, -11, [6, 2, 0, 0]),
                line(1, -17, [6, 3, 2, 0]),
                line(2, 21, [6, 3, 1, 1]),
                line(3, 7, [6, 5, 0, 0]),
            ]
        );
        let lines = sheet.sheet_lines(&[40, 41, 42, 43], 2);
        assert_eq!(
            lines[1],
            SheetLine {
                player: 41,
                round: 2,
                points: -17,
                deals_played: 6,
                games_won: 3,
                solos_played: 2,
                solos_won: 0,
                adjusted: false,
            }
        );
        assert_eq!(lines.len(), 4);
    }

    #[test]
    fn running_totals_sum_a_seats_entries_deal_by_deal() {
        let sheet = score_sheet(four(), &four_table_deals(), &[], None).unwrap();
        // Seat 2's entries: -1, -5, 3, -3, 24, 3.
        assert_eq!(sheet.running_totals(2), [-1, -6, -3, -6, 18, 21]);
        assert_eq!(sheet.running_totals(1), [1, 6, -3, 0, -8, -17]);
        for seat in 0..4 {
            assert_eq!(
                sheet.running_totals(seat).last(),
                sheet.totals().get(usize::from(seat)),
                "the last running total is the seat's total"
            );
        }
        assert_eq!(sheet.running_totals(7), [0; 6], "no such seat");
        // At a 5-table the dealer who sits out keeps his total.
        let five_one = score_sheet(five(), &[w29()], &[], None).unwrap();
        assert_eq!(five_one.running_totals(0), [0]);
        let empty = score_sheet(four(), &[], &[], None).unwrap();
        assert!(empty.running_totals(0).is_empty());
    }

    #[test]
    fn a_sheet_without_deals_has_no_lines_for_the_standings() {
        let empty = score_sheet(four(), &[], &[], None).unwrap();
        // The seats exist (the sheet shows them with 0) ...
        assert_eq!(empty.lines().len(), 4);
        // ... but the round is not played yet, so nobody gets a line of 0 points.
        assert_eq!(empty.sheet_lines(&[40, 41, 42, 43], 2), []);

        // One deal is enough: every seat has played the round.
        let one = score_sheet(four(), &four_table_deals()[..1], &[], None).unwrap();
        let lines = one.sheet_lines(&[40, 41, 42, 43], 2);
        assert_eq!(lines.len(), 4);
        assert!(lines.iter().all(|l| l.deals_played == 1 && l.round == 2));

        // At a 5-table the first dealer sits out the only deal, and his round still counts.
        let five_one = score_sheet(five(), &[w29()], &[], None).unwrap();
        let lines = five_one.sheet_lines(&[40, 41, 42, 43, 44], 1);
        assert_eq!(lines.len(), 5);
        assert_eq!((lines[0].player, lines[0].deals_played), (40, 0));
    }

    #[test]
    fn a_five_table_dealer_sits_out_and_scores_nothing() {
        let deals = [
            // Dealer 0 sits out.
            w29(),
            // Dealer 1 sits out; a silent wedding lost: seat 2 -3, the three others +1
            // (TSR 4.4.5, 7.2.4). A normal game on the sheet: no soloist.
            recorded(Contract::SilentWedding, &[2], 110, 5, QUIET),
            // Dealer 2 sits out; seat 4's Fleischloser, only Kontra said, 120 is enough:
            // value 3, seat 4 +9 (W24). Seat 2 deals and sits out again (TSR 10.2.1).
            recorded(
                Contract::SoloFleshless,
                &[4],
                120,
                6,
                (CallLevel::None, CallLevel::Ansage),
            ),
            recorded(Contract::Normal, &[0, 1], 121, 6, QUIET),
        ];
        let sheet = score_sheet(five(), &deals, &[], None).unwrap();
        assert_eq!(
            scores(&sheet),
            [
                vec![0, 4, -4, 4, -4],
                vec![1, 0, -3, 1, 1],
                vec![-3, -3, 0, -3, 9],
                vec![1, 1, 0, -1, -1],
            ]
        );
        let out: Vec<Option<Seat>> = sheet.deals().iter().map(|d| d.sheet.sitting_out).collect();
        assert_eq!(out, [Some(0), Some(1), Some(2), Some(2)]);
        assert_eq!(sheet.deals()[2].soloist, Some(4));
        assert_eq!(sheet.deals()[1].soloist, None);
        assert_eq!(sheet.totals(), [-1, 2, -7, 1, 5]);
        assert_eq!(
            sheet.lines(),
            [
                line(0, -1, [3, 2, 0, 0]),
                line(1, 2, [3, 2, 0, 0]),
                line(2, -7, [2, 0, 0, 0]),
                line(3, 1, [4, 2, 0, 0]),
                line(4, 5, [4, 2, 1, 1]),
            ]
        );
    }

    #[test]
    fn penalties_are_added_and_a_stopped_game_counts_zero() {
        let deals = [
            // W30: Re (0, 2) wins with 160, value 2.
            recorded(Contract::Normal, &[0, 2], 160, 8, QUIET),
            // Re (0, 2) said keine 60 and would have won 7 (W12), but D stops the game.
            recorded(
                Contract::Normal,
                &[0, 2],
                185,
                10,
                (CallLevel::No60, CallLevel::None),
            ),
            // Seat 0's Pflichtsolo with keine 90 would win 5 (×3), but C stops it.
            recorded(
                Contract::SoloQueens,
                &[0],
                160,
                8,
                (CallLevel::No90, CallLevel::None),
            ),
        ];
        let penalties = [
            // W30: B's minor violation, -3 / +1 each (TSR 9.3.2).
            RecordedPenalty {
                id: 11,
                deal_number: 1,
                violation: ruling(Severity::Minor, 1),
            },
            // W32: D's serious violation after two Absagen: -18 / +6 each, not played
            // (TSR 9.4.3).
            RecordedPenalty {
                id: 12,
                deal_number: 2,
                violation: Violation {
                    opposing_absagen: 2,
                    deduction: 0,
                    ..ruling(Severity::Serious, 3)
                },
            },
            // W33: C (Kontra) in seat 0's solo after one Absage: (+15, 0, -15, 0), the solo
            // counts as played, scored by the penalty alone (TSR 9.4.4).
            RecordedPenalty {
                id: 13,
                deal_number: 3,
                violation: Violation {
                    soloist: Some(0),
                    opposing_absagen: 1,
                    deduction: 0,
                    ..ruling(Severity::Serious, 2)
                },
            },
            // On a number without a deal: left out, as the sheet shows only its deals.
            RecordedPenalty {
                id: 99,
                deal_number: 9,
                violation: ruling(Severity::Minor, 0),
            },
        ];
        let sheet = score_sheet(four(), &deals, &penalties, None).unwrap();
        assert_eq!(
            scores(&sheet),
            [vec![3, -5, 3, -1], vec![6, 6, 6, -18], vec![15, 0, -15, 0]]
        );
        let game_scores: Vec<Vec<i32>> = sheet
            .deals()
            .iter()
            .map(|d| d.game_scores.clone())
            .collect();
        assert_eq!(game_scores, [vec![2, -2, 2, -2], vec![0; 4], vec![0; 4]]);
        // The games' own values are kept for the breakdown even when they do not count.
        assert_eq!(sheet.deals()[1].game.scores(), [7, -7, 7, -7]);
        assert_eq!(sheet.deals()[2].game.scores(), [15, -5, -5, -5]);
        let counts: Vec<bool> = sheet.deals().iter().map(|d| d.game_counts).collect();
        assert_eq!(counts, [true, false, false]);
        let outcomes: Vec<(PenaltyId, DealOutcome, Vec<i32>)> = sheet
            .deals()
            .iter()
            .flat_map(|d| &d.penalties)
            .map(|p| (p.id, p.penalty.outcome, p.penalty.scores().to_vec()))
            .collect();
        assert_eq!(
            outcomes,
            [
                (11, DealOutcome::Scored, vec![1, -3, 1, 1]),
                (12, DealOutcome::NotPlayed, vec![6, 6, 6, -18]),
                (13, DealOutcome::PlayedPenaltyOnly, vec![15, 0, -15, 0]),
            ]
        );
        assert_eq!(sheet.totals(), [24, 1, -6, -19]);
        // The stopped solo is seat 0's solo played, not won: its game entry is 0.
        assert_eq!(
            sheet.lines(),
            [
                line(0, 24, [3, 1, 1, 0]),
                line(1, 1, [3, 0, 0, 0]),
                line(2, -6, [3, 1, 0, 0]),
                line(3, -19, [3, 0, 0, 0]),
            ]
        );
    }

    #[test]
    fn errors_name_the_deal_and_the_cause() {
        let bad_points = SheetEntry::Full(RecordedDeal {
            re_points: 250,
            ..full(Contract::Normal, &[0, 3], 120, 6, QUIET)
        });
        let deals = [w3(), bad_points, w1()];
        let err = score_sheet(four(), &deals, &[], None).unwrap_err();
        assert_eq!(
            err,
            SheetScoreError::FactsInvalid {
                index: 1,
                number: 2,
                error: FactsError::PointsOutOfRange { points: 250 }
            }
        );
        assert_eq!((err.index(), err.deal_number()), (1, 2));
        assert_eq!(
            err.to_string(),
            "deal 2 cannot have happened: card points must be between 0 and 240, got 250"
        );
        // The order of play of the whole sheet is checked before any deal's facts.
        let err = score_sheet(four(), &deals, &[], Some(4)).unwrap_err();
        assert_eq!(
            err,
            SheetScoreError::OrderOfPlay(DeriveError {
                index: 3,
                error: SheetError::TimeUpBeyondDeals {
                    after: 4,
                    entered: 3
                }
            })
        );
        assert_eq!(err.deal_number(), 4);
        // A penalty whose offender is not at the table.
        let penalty = RecordedPenalty {
            id: 14,
            deal_number: 2,
            violation: ruling(Severity::Minor, 4),
        };
        let err = score_sheet(four(), &[w3(), w4()], &[penalty], None).unwrap_err();
        assert_eq!(
            err,
            SheetScoreError::PenaltyInvalid {
                index: 1,
                number: 2,
                penalty: 14,
                error: PenaltyError::NotPlaying { seat: 4 }
            }
        );
        assert_eq!(
            err.to_string(),
            "penalty 14 on deal 2 does not fit: seat 4 does not play this deal"
        );
    }

    #[test]
    fn the_next_entry_is_checked_against_the_sheet() {
        let sheet = score_sheet(four(), &four_table_deals(), &[], None).unwrap();
        assert_eq!(
            sheet.check_next(&w9()),
            Ok(SheetDeal {
                number: 7,
                dealer: 0,
                sitting_out: None,
                kind: N
            })
        );
        assert_eq!(sheet.round().deals().len(), 6, "checking records nothing");
    }
}
