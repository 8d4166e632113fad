//! A table's derived sheet as the services hold it: the wire answer, the stored rows it was
//! derived from, the time-up and clock, and the domain's own derivation by game.

use domain::game::FamilyRound;
use domain::sheet::{RecordedPenalty, Round, RoundConfig, ScoredSheet, SheetEntry, TimeUpBy};

use crate::db::models::DealRow;
use crate::error::ApiError;
use crate::services::table_clock::TableClock;
use crate::wire::sheet::{DealView, SheetDealView, SheetResponse};

/// The derived sheet, the domain's scoring behind it and what it was derived from.
pub struct Derived {
    /// The answer.
    pub sheet: SheetResponse,
    /// The stored deal rows, in order.
    pub rows: Vec<DealRow>,
    /// The time-up mark: time was up after this many deals (stored, or the clock's);
    /// never at a family game's table, which has no playing time.
    pub time_up_after: Option<usize>,
    /// Why time is up, when it is.
    pub time_up_by: Option<TimeUpBy>,
    /// The table's clock, once its round has started (Doppelkopf only).
    pub clock: Option<TableClock>,
    /// The game's own derivation.
    pub play: Play,
}

/// What the domain derived, by the game the table plays.
pub enum Play {
    /// A Doppelkopf sheet (the TSR or house rules).
    Doppelkopf(Box<Scoring>),
    /// A family game's round.
    Family(FamilyRound),
}

/// A Doppelkopf sheet as the domain scored it.
pub struct Scoring {
    /// The domain's scored sheet (round state, per-deal scores, standings lines).
    pub scored: ScoredSheet,
    /// The table's size and planned deals.
    pub config: RoundConfig,
    /// The stored deals as the domain reads them, in order.
    pub deals: Vec<SheetEntry>,
    /// The stored penalties as the domain reads them.
    pub penalties: Vec<RecordedPenalty>,
}

impl Derived {
    /// The Doppelkopf scoring; a 422 `not_in_game` at a family game's table, for what only
    /// Doppelkopf has (penalties, time-up, Vorführen, the plausibility hints).
    pub fn scoring(&self) -> Result<&Scoring, ApiError> {
        match &self.play {
            Play::Doppelkopf(scoring) => Ok(scoring),
            Play::Family(round) => Err(ApiError::unprocessable(
                "not_in_game",
                format!(
                    "this table plays {}, which has no penalties, playing time or Doppelkopf \
                     scoring",
                    round.game()
                ),
                Vec::new(),
            )),
        }
    }

    /// The Doppelkopf round state (for checking the next entry); refused as
    /// [`Derived::scoring`] is.
    pub fn round(&self) -> Result<&Round, ApiError> {
        self.scoring().map(|s| s.scored.round())
    }

    /// The next deal's number, whatever the game; `None` once the sheet is complete.
    pub fn next_number(&self) -> Option<u16> {
        match &self.play {
            Play::Doppelkopf(scoring) => scoring.scored.round().next().map(|n| n.number),
            Play::Family(round) => (!round.is_complete())
                .then(|| u16::try_from(round.deal_count()).ok()?.checked_add(1))
                .flatten(),
        }
    }

    /// The sheet as JSON, for a 409 that shows it.
    pub fn current(&self) -> Option<serde_json::Value> {
        serde_json::to_value(&self.sheet).ok()
    }

    /// The row of deal `number` on the sheet, whatever the game.
    pub fn deal_view(&self, number: u16) -> Result<DealView, ApiError> {
        let family = self
            .sheet
            .family
            .as_ref()
            .map(|f| f.deals.iter().find(|d| d.number == number));
        match family {
            Some(Some(deal)) => Ok(DealView::Family(deal.clone())),
            Some(None) => Err(missing(number)),
            None => deal_view(&self.sheet, number).map(DealView::Doppelkopf),
        }
    }
}

/// The row of deal `number` on `sheet`; its absence after a write is a bug.
pub fn deal_view(sheet: &SheetResponse, number: u16) -> Result<SheetDealView, ApiError> {
    sheet
        .deals
        .iter()
        .find(|d| d.number == number)
        .cloned()
        .ok_or_else(|| missing(number))
}

fn missing(number: u16) -> ApiError {
    ApiError::Internal(anyhow::anyhow!("deal {number} missing after the write"))
}

/// A 409 that shows the sheet as it stands.
pub fn conflict_with_sheet(code: &'static str, detail: String, sheet: &SheetResponse) -> ApiError {
    ApiError::Conflict {
        code,
        detail,
        current: serde_json::to_value(sheet).ok(),
    }
}
