//! A table's score sheet, re-derived from the stored entries on every read: the domain
//! decides dealers, kinds, Vorführen and scores; nothing derived is stored, so a
//! correction of deal 5 moves every later dealer by itself.

use diesel::prelude::*;
use domain::deal::TableSize;
use domain::penalty::{self, Severity, Violation};
use domain::sheet::{DealKind, Round, RoundConfig};

use super::access::TableContext;
use crate::db::DbConn;
use crate::db::models::{DealRow, PenaltyRow};
use crate::db::schema::{deals, penalties};
use crate::domain_errors::invalid_deal;
use crate::error::{ApiError, FieldError};
use crate::wire::sheet::{DealEntry, NextDealView, PenaltyView, SheetDealView, SheetResponse};

/// The derived sheet and the domain's round state behind it.
pub struct Derived {
    /// The round state (for checking the next entry).
    pub round: Round,
    /// The answer.
    pub sheet: SheetResponse,
    /// Per deal: the soloist's seat when the deal is a declared solo (for standings).
    pub solos: Vec<Option<u8>>,
}

/// The stored entries of a table, in order.
pub fn load_deals(conn: &mut DbConn, table_id: i64) -> QueryResult<Vec<DealRow>> {
    deals::table
        .filter(deals::table_id.eq(table_id))
        .order(deals::number.asc())
        .select(DealRow::as_select())
        .load(conn)
}

/// The stored penalties of a table.
pub fn load_penalties(conn: &mut DbConn, table_id: i64) -> QueryResult<Vec<PenaltyRow>> {
    penalties::table
        .filter(penalties::table_id.eq(table_id))
        .order(penalties::id.asc())
        .select(PenaltyRow::as_select())
        .load(conn)
}

/// The table's size and round configuration.
pub fn config(ctx: &TableContext) -> Result<RoundConfig, ApiError> {
    let size = u8::try_from(ctx.seats.len())
        .ok()
        .and_then(TableSize::from_players)
        .ok_or_else(|| {
            corrupt(format!(
                "table {} has {} seats",
                ctx.table.id,
                ctx.seats.len()
            ))
        })?;
    let planned = u16::try_from(ctx.table.planned_deals).unwrap_or(0);
    RoundConfig::new(size, planned).map_err(|e| corrupt(e.to_string()))
}

fn corrupt(what: String) -> ApiError {
    ApiError::Internal(anyhow::anyhow!(
        "stored data does not fit the rules: {what}"
    ))
}

/// Parses a stored entry.
pub fn parse_entry(row: &DealRow) -> Result<DealEntry, ApiError> {
    serde_json::from_str(&row.facts).map_err(|e| corrupt(format!("deal {}: {e}", row.id)))
}

fn severity(s: &str) -> Result<Severity, ApiError> {
    [Severity::Insignificant, Severity::Minor, Severity::Serious]
        .into_iter()
        .find(|v| v.as_str() == s)
        .ok_or_else(|| corrupt(format!("penalty severity {s:?}")))
}

/// Derives the sheet from stored rows. `entries` may differ from the rows' facts (a
/// correction being checked); a deal that no longer fits is a 409 naming it.
pub fn derive(
    ctx: &TableContext,
    rows: &[DealRow],
    entries: &[DealEntry],
    penalty_rows: &[PenaltyRow],
) -> Result<Derived, ApiError> {
    let config = config(ctx)?;
    let table_size = config.table_size();
    let entered = entries
        .iter()
        .map(DealEntry::entered)
        .collect::<Result<Vec<_>, _>>()?;
    let time_up_after = ctx
        .table
        .time_up_after
        .and_then(|n| usize::try_from(n).ok());
    let round =
        domain::sheet::derive(config, &entered, time_up_after).map_err(|e| ApiError::Conflict {
            code: "deal_does_not_fit",
            detail: format!("deal {} no longer fits the sheet: {}", e.index + 1, e.error),
            current: None,
        })?;
    let seats = usize::from(table_size.seats());
    let mut totals = vec![0i32; seats];
    let mut views = Vec::with_capacity(entries.len());
    let mut solos = Vec::with_capacity(entries.len());
    for ((sheet_deal, entry), row) in round.deals().iter().zip(entries).zip(rows) {
        let facts = entry
            .facts(table_size, sheet_deal.sitting_out)
            .map_err(|e| later_deal_invalid(sheet_deal.number, e))?;
        let scored = domain::score(&facts)
            .map_err(|e| later_deal_invalid(sheet_deal.number, invalid_deal(&e)))?;
        let mut ruled = Vec::new();
        let mut penalty_views = Vec::new();
        for p in penalty_rows
            .iter()
            .filter(|p| p.deal_number == i32::from(sheet_deal.number))
        {
            let violation = Violation {
                severity: severity(&p.severity)?,
                offender: u8::try_from(p.offender).unwrap_or(u8::MAX),
                soloist: p.soloist.and_then(|s| u8::try_from(s).ok()),
                could_harm_soloist: p.could_harm_soloist,
                opposing_absagen: u8::try_from(p.opposing_absagen).unwrap_or(u8::MAX),
            };
            let penalty = penalty::penalty(table_size, sheet_deal.sitting_out, &violation)
                .map_err(|e| corrupt(format!("penalty {}: {e}", p.id)))?;
            penalty_views.push(PenaltyView {
                id: p.id,
                severity: p.severity.clone(),
                offender: violation.offender,
                referee: p.referee.clone(),
                scores: penalty.scores().to_vec(),
            });
            ruled.push(penalty);
        }
        let (scores, game_counts) = penalty::sheet_entries(scored.scores(), &ruled);
        let game_scores = if game_counts {
            scored.scores().to_vec()
        } else {
            vec![0; scores.len()]
        };
        for (total, s) in totals.iter_mut().zip(&scores) {
            *total += s;
        }
        solos.push(
            matches!(
                sheet_deal.kind,
                DealKind::Pflichtsolo | DealKind::Lustsolo | DealKind::Vorgefuehrt
            )
            .then(|| facts.re.iter().next())
            .flatten(),
        );
        views.push(SheetDealView {
            number: sheet_deal.number,
            dealer: sheet_deal.dealer,
            sitting_out: sheet_deal.sitting_out,
            kind: sheet_deal.kind.as_str(),
            contract: entry.contract,
            re: entry.re.clone(),
            scores,
            game_scores,
            penalties: penalty_views,
            version: row.version,
            entry: entry.clone(),
        });
    }
    let next = round.next().map(|n| NextDealView {
        number: n.number,
        dealer: n.dealer,
        sitting_out: n.sitting_out,
        forced_soloist: n.forced_soloist,
    });
    let sheet = SheetResponse {
        table_id: ctx.table.id,
        table_number: ctx.table.number,
        round: ctx.round.number,
        seats: ctx.seats.clone(),
        table_size: table_size.seats(),
        planned_deals: config.planned_deals(),
        complete: round.is_complete(),
        time_up: round.is_time_up(),
        round_closed: ctx.round.closed,
        deals: views,
        totals,
        next,
        pflichtsolo_owed: round.pflichtsolo_owed(),
    };
    Ok(Derived {
        round,
        sheet,
        solos,
    })
}

fn later_deal_invalid(number: u16, e: ApiError) -> ApiError {
    match e {
        ApiError::Unprocessable { detail, .. } => ApiError::Conflict {
            code: "deal_does_not_fit",
            detail: format!("deal {number} no longer fits the sheet: {detail}"),
            current: None,
        },
        other => other,
    }
}

/// The sheet of a table as stored.
pub fn current(conn: &mut DbConn, ctx: &TableContext) -> Result<Derived, ApiError> {
    let rows = load_deals(conn, ctx.table.id)?;
    check_numbers(&rows)?;
    let entries = rows
        .iter()
        .map(parse_entry)
        .collect::<Result<Vec<_>, _>>()?;
    let penalty_rows = load_penalties(conn, ctx.table.id)?;
    derive(ctx, &rows, &entries, &penalty_rows)
}

/// The stored deals are numbered 1, 2, 3, … without a gap. Every write derives the sheet
/// from the stored rows before it commits, so a write that would leave a gap is rolled
/// back instead of breaking the table.
pub fn check_numbers(rows: &[DealRow]) -> Result<(), ApiError> {
    match rows
        .iter()
        .zip(1..)
        .find(|(row, expected)| row.number != *expected)
    {
        Some((row, expected)) => Err(ApiError::conflict(
            "sheet_numbers_broken",
            format!("deal {expected} is stored as number {}", row.number),
        )),
        None => Ok(()),
    }
}

/// Checks a new entry against the next deal: the facts (with the table's size and the
/// sitting-out seat) and the order of play (forced solos, the sitting-out dealer).
pub fn check_next(
    derived: &Derived,
    ctx: &TableContext,
    entry: &DealEntry,
) -> Result<(), ApiError> {
    check_against(&derived.round, &derived.sheet, ctx, entry)
}

/// Checks a correction of the entry at `index`: it must fit where it stands, as if it were
/// entered after the deals before it.
pub fn check_at(
    derived: &Derived,
    ctx: &TableContext,
    entries: &[DealEntry],
    index: usize,
    entry: &DealEntry,
) -> Result<(), ApiError> {
    let before = entries[..index.min(entries.len())]
        .iter()
        .map(DealEntry::entered)
        .collect::<Result<Vec<_>, _>>()?;
    // A time-up called after this deal does not apply to it yet.
    let time_up = ctx
        .table
        .time_up_after
        .and_then(|n| usize::try_from(n).ok())
        .filter(|&n| n <= index);
    let round = domain::sheet::derive(config(ctx)?, &before, time_up)
        .map_err(|e| corrupt(e.to_string()))?;
    check_against(&round, &derived.sheet, ctx, entry)
}

fn check_against(
    round: &Round,
    sheet: &SheetResponse,
    ctx: &TableContext,
    entry: &DealEntry,
) -> Result<(), ApiError> {
    let config = config(ctx)?;
    let Some(next) = round.next() else {
        return Err(ApiError::Conflict {
            code: "sheet_complete",
            detail: "the sheet is complete; no further deal is taken".to_owned(),
            current: serde_json::to_value(sheet).ok(),
        });
    };
    // The table supplies `sitting_out`, so a sitting-out dealer in the Re party is a mistake
    // in `re`, the field the client sent.
    entry
        .facts(config.table_size(), next.sitting_out)
        .map_err(|e| match e {
            ApiError::Unprocessable {
                code,
                detail,
                mut errors,
            } => {
                for error in &mut errors {
                    if error.field == "sitting_out" {
                        error.field = "re".to_owned();
                    }
                }
                ApiError::Unprocessable {
                    code,
                    detail,
                    errors,
                }
            }
            other => other,
        })?;
    let mut round = round.clone();
    round.record(&entry.entered()?).map_err(|e| {
        let field = match e {
            domain::sheet::SheetError::WrongSoloist { .. }
            | domain::sheet::SheetError::SittingOutPlays { .. }
            | domain::sheet::SheetError::SeatOutOfRange { .. }
            | domain::sheet::SheetError::ReSize { .. } => "re",
            _ => "contract",
        };
        ApiError::unprocessable(
            "not_allowed_now",
            format!("deal {}: {e}", next.number),
            vec![FieldError::new(field, "not_allowed_now", e.to_string())],
        )
    })?;
    Ok(())
}
