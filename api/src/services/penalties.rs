//! Penalties the referee rules on a deal (TSR 9): their points come from the TSR's patterns
//! and count in the totals.

use domain::deal::TableSize;
use domain::penalty::{Severity, Violation};

use super::access::{self, Need};
use super::{audit, now, sheet};
use crate::auth::Caller;
use crate::db::{self, DbConn};
use crate::domain_errors::penalty_error;
use crate::error::ApiError;
use crate::wire::penalties::CreatePenaltyRequest;
use crate::wire::sheet::SheetResponse;

/// A ruling whose words are checked, before the table is looked at.
#[derive(Debug)]
pub struct Ruling {
    request: CreatePenaltyRequest,
    severity: Severity,
    referee: String,
}

/// Checks the severity and the referee's name.
pub fn ruling(request: CreatePenaltyRequest) -> Result<Ruling, ApiError> {
    let severity = [Severity::Insignificant, Severity::Minor, Severity::Serious]
        .into_iter()
        .find(|s| s.as_str() == request.severity)
        .ok_or_else(|| {
            ApiError::field(
                "invalid_body",
                "severity",
                "unknown_value",
                "insignificant, minor or serious",
            )
        })?;
    let referee = request.referee.trim().to_owned();
    if referee.is_empty() || referee.chars().count() > 200 {
        return Err(ApiError::field(
            "invalid_body",
            "referee",
            "invalid_length",
            "the referee's name, 1 to 200 characters",
        ));
    }
    Ok(Ruling {
        request,
        severity,
        referee,
    })
}

/// Records a penalty on a deal of a table (organisers; run inside the write's transaction).
pub fn create(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    ruling: &Ruling,
) -> Result<SheetResponse, ApiError> {
    let p = &ruling.request;
    access::organizer_only(caller)?;
    let ctx = access::table(conn, table_id, caller, Need::Write)?;
    let before = sheet::current(conn, &ctx)?;
    let deal = before
        .sheet
        .deals
        .iter()
        .find(|d| d.number == p.deal_number)
        .ok_or_else(|| {
            ApiError::field(
                "invalid_body",
                "deal_number",
                "unknown_deal",
                format!("deal {} is not on the sheet", p.deal_number),
            )
        })?;
    let size = TableSize::from_players(before.sheet.table_size).unwrap_or(TableSize::Four);
    let violation = Violation {
        severity: ruling.severity,
        offender: p.offender,
        soloist: p.soloist,
        could_harm_soloist: p.could_harm_soloist,
        opposing_absagen: p.opposing_absagen,
    };
    domain::penalty::penalty(size, deal.sitting_out, &violation).map_err(|e| penalty_error(&e))?;
    db::penalties::insert(
        conn,
        &db::penalties::NewPenalty {
            table_id,
            deal_number: i32::from(p.deal_number),
            severity: ruling.severity.as_str(),
            offender: i32::from(p.offender),
            soloist: p.soloist.map(i32::from),
            could_harm_soloist: p.could_harm_soloist,
            opposing_absagen: i32::from(p.opposing_absagen),
            referee: &ruling.referee,
            at: now(),
        },
    )?;
    let after = sheet::current(conn, &ctx)?;
    audit::Change::new(ctx.tournament.id, caller, "penalty.create")
        .at_table(table_id)
        .after(serde_json::to_value(after.deal_view(p.deal_number)?).ok())
        .record(conn)?;
    Ok(after.sheet)
}
