//! A table's derived sheet as the services hold it: the wire answer, the stored rows it was
//! derived from, why time is up and the clock, and the domain's round behind it
//! ([`TableSheet`], which answers every rule question about the table in any game).

use domain::sheet::{Round, TimeUpBy};
use domain::table::{DoppelkopfSheet, TableSheet};

use crate::db::models::DealRow;
use crate::domain_errors::not_in_game;
use crate::error::ApiError;
use crate::services::table_clock::TableClock;
use crate::wire::sheet::{DealView, SheetDealView, SheetResponse};

/// The derived sheet, the domain's round behind it and what it was derived from.
pub struct Derived {
    /// The answer.
    pub sheet: SheetResponse,
    /// The stored deal rows, in order.
    pub rows: Vec<DealRow>,
    /// The table's round as the domain derived it.
    pub table: TableSheet,
    /// Why time is up, when it is.
    pub time_up_by: Option<TimeUpBy>,
    /// The table's clock, once its round has started (Doppelkopf only).
    pub clock: Option<TableClock>,
}

impl Derived {
    /// The Doppelkopf sheet; a 422 `not_in_game` at a family game's table, for what only
    /// Doppelkopf has (penalties, time-up, Vorführen, the plausibility hints).
    pub fn doppelkopf(&self) -> Result<&DoppelkopfSheet, ApiError> {
        self.table.doppelkopf().map_err(|e| not_in_game(&e))
    }

    /// The Doppelkopf round state; refused as [`Derived::doppelkopf`] is.
    pub fn round(&self) -> Result<&Round, ApiError> {
        self.doppelkopf().map(DoppelkopfSheet::round)
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
