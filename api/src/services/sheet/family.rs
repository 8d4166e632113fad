//! A family game's table sheet (Doublehead Kids, Doppeldoppel) in its wire form: the
//! domain's round ([`FamilyRound`], behind [`domain::table::TableSheet`]) decides who deals
//! and starts, each deal's points and when the round is over; this module translates it. A
//! family table has no playing time, penalties or Vorführen, so those fields of the sheet
//! stay empty.

use domain::game::{DealSeats, FamilyKey, FamilyRound};

use super::forms::entry;
use crate::db::deals::StoredEntry;
use crate::db::models::DealRow;
use crate::services::access::TableContext;
use crate::wire::clock::SeatPlayerView;
use crate::wire::sheet::SheetResponse;
use crate::wire::sheet::{FamilyDealView, FamilyNextView, FamilySheetView, FamilyTotalView};

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
pub(super) fn view(
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
            advanced: round.kids_rules().is_some_and(|r| r.advanced),
            play_on: round.kids_rules().is_some_and(|r| r.play_on),
            deals,
            totals: totals(&keys),
            next,
            winners: round.winners(),
        }),
        adjusted: None,
        stopped: None,
    }
}
