//! A family game's table sheet (Doublehead Kids, Doppeldoppel), re-derived from the stored
//! entries on every read as a Doppelkopf sheet is: the domain's [`derive_family`] decides
//! who deals and starts, each deal's points and when the round is over; this module
//! translates its round into the sheet's wire form. A family table has no playing time,
//! penalties or Vorführen, so those fields of the sheet stay empty.

use domain::game::{DealSeats, FamilyDeriveError, FamilyKey, FamilyRound, derive_family};

use super::derived::{Derived, Play};
use super::forms::entry;
use crate::db::deals::StoredEntry;
use crate::db::models::DealRow;
use crate::error::ApiError;
use crate::services::access::TableContext;
use crate::services::corrupt;
use crate::wire::clock::SeatPlayerView;
use crate::wire::sheet::SheetResponse;
use crate::wire::sheet::{FamilyDealView, FamilyNextView, FamilySheetView, FamilyTotalView};

/// Derives a family table's sheet from its stored rows (a deal that no longer fits the
/// round, after a correction ended it earlier, is a 409 naming it).
pub fn derive(
    ctx: &TableContext,
    rows: Vec<DealRow>,
    stored: &[StoredEntry],
    seats: &[SeatPlayerView],
) -> Result<Derived, ApiError> {
    let game = ctx.tournament.game;
    let players = u8::try_from(ctx.seats.len()).map_err(|_| {
        corrupt(format!(
            "table {} has {} seats",
            ctx.table.id,
            ctx.seats.len()
        ))
    })?;
    let deals = stored
        .iter()
        .zip(&rows)
        .map(|(s, row)| match s.family() {
            Some(Ok(deal)) => Ok(deal),
            Some(Err(e)) => Err(corrupt(format!("deal {}: {e}", row.id))),
            None => Err(corrupt(format!(
                "deal {} is a Doppelkopf deal at a table playing {}",
                row.id,
                game.kind()
            ))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let round = derive_family(game, players, &deals).map_err(|e| match e {
        FamilyDeriveError::Start(e) => corrupt(format!("table {}: {e}", ctx.table.id)),
        FamilyDeriveError::Deal { index, error } => ApiError::Conflict {
            code: "deal_does_not_fit",
            detail: format!(
                "deal {} no longer fits the sheet: {error}",
                index.saturating_add(1)
            ),
            current: None,
        },
    })?;
    let sheet = view(ctx, &round, &rows, stored, seats);
    Ok(Derived {
        sheet,
        rows,
        time_up_after: None,
        time_up_by: None,
        clock: None,
        play: Play::Family(round),
    })
}

fn totals(keys: &[FamilyKey]) -> Vec<FamilyTotalView> {
    keys.iter()
        .map(|k| FamilyTotalView {
            primary: k.primary,
            secondary: k.secondary,
        })
        .collect()
}

/// The wire form of a family round: the family part in `family`, and the fields every
/// reader of a sheet reads (`totals`, `complete`, `planned_deals`) filled from it.
fn view(
    ctx: &TableContext,
    round: &FamilyRound,
    rows: &[DealRow],
    stored: &[StoredEntry],
    players: &[SeatPlayerView],
) -> SheetResponse {
    // The round was derived from exactly these rows: one sheet deal each, in order.
    let deals = round
        .sheet_deals()
        .into_iter()
        .zip(rows.iter().zip(stored))
        .map(|(deal, (row, stored))| FamilyDealView {
            number: u16::try_from(row.number).unwrap_or(u16::MAX),
            dealer: deal.seats.dealer,
            starter: deal.seats.starter,
            points: deal.points,
            totals: totals(&deal.totals),
            version: row.version,
            entry: entry(stored),
        })
        .collect();
    let keys = round.totals();
    let next = round.next().map(
        |DealSeats {
             dealer, starter, ..
         }| FamilyNextView {
            number: u16::try_from(round.deal_count())
                .unwrap_or(u16::MAX)
                .saturating_add(1),
            dealer,
            starter,
        },
    );
    SheetResponse {
        table_id: ctx.table.id,
        table_number: ctx.table.number,
        round: ctx.round.number,
        seats: ctx.seats.clone(),
        players: players.to_vec(),
        sitting_out_player: None,
        table_size: round.players(),
        planned_deals: round.planned_deals().unwrap_or(0),
        complete: round.is_complete(),
        time_up: false,
        time_up_by: None,
        clock: None,
        round_closed: ctx.round.closed,
        deals: Vec::new(),
        totals: keys
            .iter()
            .map(|k| i32::try_from(k.primary).unwrap_or(i32::MAX))
            .collect(),
        next: None,
        pflichtsolo_owed: Vec::new(),
        signatures: Vec::new(),
        signed_by_all: false,
        family: Some(FamilySheetView {
            game: round.game(),
            golden_coins: round.golden_coins(),
            deals,
            totals: totals(&keys),
            next,
            winners: round.winners(),
        }),
    }
}
