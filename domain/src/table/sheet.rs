//! The aggregate itself: a table's round derived from what was stored, and what any caller
//! reads of it.

use super::adjusted::Adjustment;
use super::entry::TableEntry;
use crate::deal::{Seat, TableSize};
use crate::game::{
    FamilyDeal, FamilyDeriveError, FamilyLine, FamilyRound, Game, TableSizeError, derive_family,
};
use crate::plausibility::{Hint, hints_with};
use crate::sheet::{
    EntryFacts, RecordedPenalty, Round, RoundConfig, ScoredDeal, ScoredSheet, SheetEntry,
    SheetError, SheetScoreError, score_sheet,
};
use crate::standings::{PlayerId, SheetLine};

/// What a table is: the game its tournament plays, the players at it, and the deals the
/// tournament planned for the round (read by Doppelkopf only; a family game's round has
/// its own length, [`Game::round_length`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TableSetup {
    /// The game.
    pub game: Game,
    /// The players seated at the table.
    pub players: u8,
    /// The deals planned for the round.
    pub planned_deals: u16,
}

/// A Doppelkopf table's round, scored: what only Doppelkopf has (penalties, playing time,
/// Pflichtsolo and Vorführen, each deal's score and the plausibility hints).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoppelkopfSheet {
    config: RoundConfig,
    deals: Vec<SheetEntry>,
    penalties: Vec<RecordedPenalty>,
    time_up_after: Option<usize>,
    scored: ScoredSheet,
}

impl DoppelkopfSheet {
    /// The table's size, planned deals and rules.
    pub const fn config(&self) -> RoundConfig {
        self.config
    }

    /// The entered deals, in order.
    pub fn deals(&self) -> &[SheetEntry] {
        &self.deals
    }

    /// The penalties on a deal of the sheet.
    pub fn penalties(&self) -> &[RecordedPenalty] {
        &self.penalties
    }

    /// Time is up after this many deals, if it is.
    pub const fn time_up_after(&self) -> Option<usize> {
        self.time_up_after
    }

    /// The scored sheet: each deal's scores, the totals, the round state.
    pub const fn scored(&self) -> &ScoredSheet {
        &self.scored
    }

    /// The round state: the next deal, what is owed, whether time is up.
    pub const fn round(&self) -> &Round {
        self.scored.round()
    }

    /// Deal `number` as scored, if the sheet has it.
    pub fn scored_deal(&self, number: u16) -> Option<&ScoredDeal> {
        self.scored
            .deals()
            .iter()
            .find(|d| d.sheet.number == number)
    }

    /// The plausibility hints on a scored deal's facts, under the table's rules: none for
    /// a paper entry, which holds no card points to check, or a deal thrown in, no game.
    pub fn hints(&self, deal: &ScoredDeal) -> Vec<Hint> {
        match &deal.facts {
            EntryFacts::Full(facts) => hints_with(facts, &deal.game, &self.config.rules()),
            EntryFacts::Paper(_) | EntryFacts::ThrownIn(_) => Vec::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Play {
    Doppelkopf(Box<DoppelkopfSheet>),
    Family(FamilyRound),
}

/// One table's round in any game, derived from what was stored. See the [module
/// documentation](super).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableSheet {
    setup: TableSetup,
    play: Play,
    /// The result the organiser set for a table that could not play ([`Adjustment`]).
    adjusted: Option<Adjustment>,
    /// The arbitration panel stopped the round where it stands ([`TableSheet::stop`]).
    stopped: bool,
}

/// The game's own round, for a view that shows each game's sheet in its own shape.
#[derive(Debug, Clone, Copy)]
pub enum TableView<'a> {
    /// A Doppelkopf sheet.
    Doppelkopf(&'a DoppelkopfSheet),
    /// A family game's round.
    Family(&'a FamilyRound),
}

/// Each seat's line for the standings, in the form its game ranks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableLines {
    /// Doppelkopf: points and the counts of the tie-breaks ([`crate::standings`]).
    Doppelkopf(Vec<SheetLine>),
    /// A family game: each player's keys, and the deals of the round behind them.
    Family {
        /// One line per seated player.
        lines: Vec<FamilyLine>,
        /// The deals the round has so far.
        deals: usize,
    },
}

/// What a table's stored round cannot be derived into.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeriveError {
    /// The game is not played at this table size: stored data the rules cannot produce.
    #[error(transparent)]
    Table(#[from] TableSizeError),
    /// The planned deals are out of range: stored data the rules cannot produce.
    #[error(transparent)]
    Plan(SheetError),
    /// A stored deal of another game than the table's.
    #[error("deal {} is a deal of {entered} at a table playing {game}", .index + 1)]
    OtherGame {
        /// 0-based index of the deal.
        index: usize,
        /// The game of the deal.
        entered: &'static str,
        /// The game of the table.
        game: &'static str,
    },
    /// A Doppelkopf sheet that does not score: the first deal (or penalty) that does not
    /// fit, named.
    #[error(transparent)]
    Doppelkopf(SheetScoreError),
    /// A family round whose deals do not fit: the first, named.
    #[error(transparent)]
    Family(FamilyDeriveError),
}

/// What only Doppelkopf has, asked of a table that plays a family game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("this table plays {game}, which has no penalties, playing time or Doppelkopf scoring")]
pub struct NotInGame {
    /// The table's game ([`Game::kind`]).
    pub game: &'static str,
}

/// The entries of a table playing `game`, each of another game refused by its place.
fn only<T>(
    game: Game,
    entries: &[TableEntry],
    pick: fn(&TableEntry) -> Option<T>,
) -> Result<Vec<T>, DeriveError> {
    entries
        .iter()
        .enumerate()
        .map(|(index, entry)| {
            pick(entry).ok_or(DeriveError::OtherGame {
                index,
                entered: entry.game(),
                game: game.kind(),
            })
        })
        .collect()
}

impl TableSheet {
    /// The table's round re-derived from its stored entries, in order, with its penalties
    /// and the time-up mark (time was up after that many deals; Doppelkopf only, as are
    /// penalties: a family game has neither and they are not read).
    ///
    /// # Errors
    ///
    /// See [`DeriveError`].
    pub fn derive(
        setup: TableSetup,
        entries: &[TableEntry],
        penalties: Vec<RecordedPenalty>,
        time_up_after: Option<usize>,
    ) -> Result<TableSheet, DeriveError> {
        let game = setup.game;
        let play = match game.ruleset() {
            Some(rules) => {
                let size = TableSize::from_players(setup.players).ok_or(TableSizeError {
                    game: game.kind(),
                    players: setup.players,
                })?;
                let config = RoundConfig::new(size, setup.planned_deals)
                    .map_err(DeriveError::Plan)?
                    .with_rules(rules);
                let deals: Vec<SheetEntry> = only(game, entries, TableEntry::doppelkopf)?;
                let scored = score_sheet(config, &deals, &penalties, time_up_after)
                    .map_err(DeriveError::Doppelkopf)?;
                Play::Doppelkopf(Box::new(DoppelkopfSheet {
                    config,
                    deals,
                    penalties,
                    time_up_after,
                    scored,
                }))
            }
            None => {
                let deals: Vec<FamilyDeal> = only(game, entries, TableEntry::family)?;
                Play::Family(
                    derive_family(game, setup.players, &deals).map_err(DeriveError::Family)?,
                )
            }
        };
        Ok(TableSheet {
            setup,
            play,
            adjusted: None,
            stopped: false,
        })
    }

    /// The table as it was set up.
    pub const fn setup(&self) -> TableSetup {
        self.setup
    }

    /// The game's own round, for a view of it.
    pub fn view(&self) -> TableView<'_> {
        match &self.play {
            Play::Doppelkopf(sheet) => TableView::Doppelkopf(sheet),
            Play::Family(round) => TableView::Family(round),
        }
    }

    /// The Doppelkopf sheet, for what only Doppelkopf has.
    ///
    /// # Errors
    ///
    /// [`NotInGame`] at a family game's table.
    pub fn doppelkopf(&self) -> Result<&DoppelkopfSheet, NotInGame> {
        match &self.play {
            Play::Doppelkopf(sheet) => Ok(sheet),
            Play::Family(_) => Err(NotInGame {
                game: self.setup.game.kind(),
            }),
        }
    }

    fn play_mut(&mut self) -> Option<&mut DoppelkopfSheet> {
        match &mut self.play {
            Play::Doppelkopf(sheet) => Some(sheet),
            Play::Family(_) => None,
        }
    }

    /// The result the organiser set for the table, if he did (it could not play).
    pub fn adjustment(&self) -> Option<&Adjustment> {
        self.adjusted.as_ref()
    }

    /// Sets the result checked by [`TableSheet::adjust`].
    pub(super) fn set_adjustment(&mut self, adjustment: Adjustment) {
        self.adjusted = Some(adjustment);
    }

    /// Whether the arbitration panel stopped the round where it stands
    /// ([`TableSheet::stop`]).
    pub const fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// Marks the round stopped, or not, as checked by [`TableSheet::stop`].
    pub(super) fn set_stopped(&mut self, stopped: bool) {
        self.stopped = stopped;
    }

    /// Whether the round takes no further deal whatever its own rules say: a set result
    /// stands in for it, or the panel stopped it.
    fn ended_from_outside(&self) -> bool {
        self.adjusted.is_some() || self.stopped
    }

    /// How many deals are on the sheet.
    pub fn deal_count(&self) -> usize {
        match &self.play {
            Play::Doppelkopf(sheet) => sheet.deals.len(),
            Play::Family(round) => round.deal_count(),
        }
    }

    /// The next deal's number; `None` once the round is complete.
    pub fn next_number(&self) -> Option<u16> {
        if self.ended_from_outside() {
            return None;
        }
        match &self.play {
            Play::Doppelkopf(sheet) => sheet.round().next().map(|n| n.number),
            Play::Family(round) => (!round.is_complete())
                .then(|| u16::try_from(round.deal_count()).ok()?.checked_add(1))
                .flatten(),
        }
    }

    /// Whether the round is over and takes no further deal.
    pub fn is_complete(&self) -> bool {
        if self.ended_from_outside() {
            return true;
        }
        match &self.play {
            Play::Doppelkopf(sheet) => sheet.round().is_complete(),
            Play::Family(round) => round.is_complete(),
        }
    }

    /// The deals still to be played, as far as the rules know them (a Doublehead Kids
    /// round's end is not known in advance: see [`FamilyRound::deals_left`]).
    pub fn deals_left(&self) -> u16 {
        if self.ended_from_outside() {
            return 0;
        }
        match &self.play {
            Play::Doppelkopf(sheet) => sheet.round().deals_left(),
            Play::Family(round) => round.deals_left(),
        }
    }

    /// The games played so far: Doppelkopf counts no deal thrown in (house rules XIII);
    /// in a family game every deal is a game.
    pub fn games_played(&self) -> u16 {
        match &self.play {
            Play::Doppelkopf(sheet) => sheet.round().games_played(),
            Play::Family(round) => u16::try_from(round.deal_count()).unwrap_or(u16::MAX),
        }
    }

    /// Whether time is up at the table (never in a family game, which has no playing time).
    pub fn is_time_up(&self) -> bool {
        self.doppelkopf().is_ok_and(|s| s.round().is_time_up())
    }

    /// The time-up mark: time was up after this many deals (never in a family game).
    pub fn time_up_after(&self) -> Option<usize> {
        self.doppelkopf()
            .ok()
            .and_then(DoppelkopfSheet::time_up_after)
    }

    /// The seats still owing their Pflichtsolo (TSR 4.2.4); none in a family game, and none
    /// once the panel stopped the round: what was not played is not owed.
    pub fn pflichtsolo_owed(&self) -> Vec<Seat> {
        if self.stopped {
            return Vec::new();
        }
        self.doppelkopf()
            .map(|s| s.round().pflichtsolo_owed())
            .unwrap_or_default()
    }

    /// Whether deal `number` (from 1) was keyed in from paper; false if there is none.
    pub fn is_paper(&self, number: u16) -> bool {
        let Ok(sheet) = self.doppelkopf() else {
            return false;
        };
        usize::from(number)
            .checked_sub(1)
            .and_then(|index| sheet.deals.get(index))
            .is_some_and(SheetEntry::is_paper)
    }

    /// The table's playing time ran out and no time-up is on the sheet: time is up after
    /// the deals on it ([`crate::sheet::run_out`]). Returns whether it now is; a complete
    /// sheet, one already in time-up and a family game's round stay as they are.
    pub fn run_out(&mut self) -> bool {
        if self.ended_from_outside() {
            return false;
        }
        let Some(sheet) = self.play_mut() else {
            return false;
        };
        if !crate::sheet::run_out(&mut sheet.scored) {
            return false;
        }
        sheet.time_up_after = Some(sheet.deals.len());
        true
    }

    /// Each seated player's line for the standings of round `round`, `players` in seat
    /// order (a seat without a player has no line).
    pub fn lines(&self, players: &[PlayerId], round: u16) -> TableLines {
        if let Some(adjusted) = &self.adjusted {
            return TableLines::Doppelkopf(adjusted.lines(players, round));
        }
        match &self.play {
            Play::Doppelkopf(sheet) => {
                TableLines::Doppelkopf(sheet.scored.sheet_lines(players, round))
            }
            Play::Family(family) => TableLines::Family {
                lines: family
                    .lines()
                    .iter()
                    .filter_map(|line| {
                        Some(FamilyLine {
                            player: *players.get(usize::from(line.seat))?,
                            round,
                            key: line.key,
                        })
                    })
                    .collect(),
                deals: family.deal_count(),
            },
        }
    }
}
