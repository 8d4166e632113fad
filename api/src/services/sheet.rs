//! A table's score sheet, re-derived from the stored entries on every read: the domain
//! decides dealers, kinds, Vorführen and scores; nothing derived is stored, so a
//! correction of deal 5 moves every later dealer by itself.

use diesel::prelude::*;
use domain::deal::{DealFacts, SeatSet, TableSize};
use domain::penalty::{self, Severity, Violation};
use domain::sheet::{DealKind, EnteredDeal, Round, RoundConfig};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::access::TableContext;
use crate::db::DbConn;
use crate::db::models::{DealRow, PenaltyRow};
use crate::db::schema::{deals, penalties};
use crate::error::{ApiError, FieldError};
use crate::routes::score::{AnnouncementsBody, ContractName, ExtrasBody, invalid_deal};

/// A deal as the captain enters it: the `/score` facts without what the table knows
/// (its size and who sits out), plus two request-only fields that are never stored.
///
/// One flat type rather than a wrapper with `#[serde(flatten)]`: flattening would cost the
/// field names in error answers.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DealEntry {
    /// When entering: the deal's number on the sheet, which must be the next one (two phones
    /// entering the same deal: the second gets 409 with the current sheet). When
    /// correcting: must be the number in the path, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u16>,
    /// Why a deal is entered or corrected out of the ordinary (kept in the audit log).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The contract as played.
    pub contract: ContractName,
    /// The Re party's seats (the soloist alone in a solo).
    pub re: Vec<u8>,
    /// Re's card points, 0–240.
    pub re_points: u16,
    /// Re's tricks, 0–12.
    pub re_tricks: u16,
    /// Each party's highest call.
    #[serde(default)]
    pub announcements: AnnouncementsBody,
    /// Each party's extras.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extras: Option<ExtrasBody>,
}

impl DealEntry {
    /// The entry as stored: without the request-only number and reason.
    pub fn stored(&self) -> DealEntry {
        DealEntry {
            number: None,
            reason: None,
            ..self.clone()
        }
    }

    fn entered(&self) -> Result<EnteredDeal, ApiError> {
        Ok(EnteredDeal {
            contract: self.contract.into(),
            re: SeatSet::from_seats(&self.re).map_err(|e| invalid_deal(&e))?,
        })
    }

    /// The facts of this entry as deal `sitting_out` of a table of `table_size`.
    fn facts(&self, table_size: TableSize, sitting_out: Option<u8>) -> Result<DealFacts, ApiError> {
        crate::routes::score::ScoreRequest {
            table_size: table_size.seats(),
            contract: self.contract,
            re: self.re.clone(),
            sitting_out,
            re_points: self.re_points,
            re_tricks: self.re_tricks,
            announcements: self.announcements,
            extras: self.extras,
        }
        .to_facts()
    }
}

/// A penalty as shown on the sheet.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PenaltyView {
    /// Id.
    pub id: i64,
    /// insignificant, minor or serious.
    pub severity: String,
    /// The offending seat.
    pub offender: u8,
    /// The referee who ruled it.
    pub referee: String,
    /// The penalty's entries per seat.
    pub scores: Vec<i32>,
}

/// One row of the sheet.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SheetDealView {
    /// 1-based.
    pub number: u16,
    /// The seat that dealt.
    pub dealer: u8,
    /// At a 5-table, the seat that sat out.
    pub sitting_out: Option<u8>,
    /// normal, pflichtsolo, lustsolo or vorgefuehrt.
    #[schema(example = "normal")]
    pub kind: &'static str,
    /// The contract as played.
    pub contract: ContractName,
    /// The Re party's seats.
    pub re: Vec<u8>,
    /// Each seat's entry, penalties included.
    pub scores: Vec<i32>,
    /// Each seat's entry from the game alone (zero when a penalty stopped it).
    pub game_scores: Vec<i32>,
    /// Penalties on this deal.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub penalties: Vec<PenaltyView>,
    /// The version `If-Match` must name to correct this deal.
    pub version: i32,
    /// What was entered.
    pub entry: DealEntry,
}

/// The next deal to play.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NextDealView {
    /// 1-based.
    pub number: u16,
    /// The seat that deals.
    pub dealer: u8,
    /// At a 5-table, the seat that sits out.
    pub sitting_out: Option<u8>,
    /// When Vorführen applies: the only seat whose solo is accepted.
    pub forced_soloist: Option<u8>,
}

/// A table's score sheet.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SheetResponse {
    /// The table.
    pub table_id: i64,
    /// The table's number in its round.
    pub table_number: i32,
    /// The round's number.
    pub round: i32,
    /// Player ids in seat order.
    pub seats: Vec<i64>,
    /// 4 or 5.
    pub table_size: u8,
    /// Deals planned.
    pub planned_deals: u16,
    /// No further deal is taken.
    pub complete: bool,
    /// The organiser called time.
    pub time_up: bool,
    /// The round is closed for captains.
    pub round_closed: bool,
    /// The deals so far.
    pub deals: Vec<SheetDealView>,
    /// Each seat's total.
    pub totals: Vec<i32>,
    /// The next deal, unless complete.
    pub next: Option<NextDealView>,
    /// Seats still owing their Pflichtsolo.
    pub pflichtsolo_owed: Vec<u8>,
}

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
