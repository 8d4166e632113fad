//! Penalties the referee rules on a deal (TSR 9): their points come from the TSR's patterns,
//! or for unsportsmanlike conduct from the panel's deduction (TSR 9.7.2), and count in the totals. The organiser records them, corrects a ruling (with its
//! version in `If-Match`, as a deal is corrected) and withdraws one; each write takes the
//! table's lock and re-derives the sheet before it commits.

use domain::penalty::{Severity, Violation};

use super::access;
use super::sheet::Judged;
use super::table_write::{self, TableWrite};
use super::{audit, now, signatures, validate};
use crate::auth::Caller;
use crate::db::models::PenaltyRow;
use crate::db::penalties::NewPenalty;
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
    offence: Option<String>,
}

/// Checks the severity and the referee's name.
pub fn ruling(request: CreatePenaltyRequest) -> Result<Ruling, ApiError> {
    let severity = Severity::named(&request.severity).ok_or_else(|| {
        ApiError::field(
            "invalid_body",
            "severity",
            "unknown_value",
            "insignificant, minor, serious or unsportsmanlike",
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
    validate::shown("referee", &referee, false).map_err(|e| {
        ApiError::unprocessable("invalid_body", format!("referee: {}", e.message), vec![e])
    })?;
    let offence = request
        .offence
        .as_deref()
        .map(str::trim)
        .filter(|o| !o.is_empty())
        .map(str::to_owned);
    if offence.as_ref().is_some_and(|o| o.chars().count() > 500) {
        return Err(ApiError::field(
            "invalid_body",
            "offence",
            "invalid_length",
            "what happened, up to 500 characters",
        ));
    }
    validate::message("offence", offence.as_deref())?;
    Ok(Ruling {
        request,
        severity,
        referee,
        offence,
    })
}

/// The violation of a ruling on its deal of the round `on`, checked by the rules: the deal
/// must be on the sheet, and the ruling must fit it (the offender plays that deal, …).
fn violation(on: &Judged, ruling: &Ruling) -> Result<Violation, ApiError> {
    // Penalties are the TSR's (TSR 9); a family game's table has none.
    let dk = on.doppelkopf()?;
    let p = &ruling.request;
    let deal = dk.scored_deal(p.deal_number).ok_or_else(|| {
        ApiError::field(
            "invalid_body",
            "deal_number",
            "unknown_deal",
            format!("deal {} is not on the sheet", p.deal_number),
        )
    })?;
    let violation = Violation {
        severity: ruling.severity,
        offender: p.offender,
        soloist: p.soloist,
        could_harm_soloist: p.could_harm_soloist,
        opposing_absagen: p.opposing_absagen,
        deduction: p.deduction,
    };
    domain::penalty::penalty(dk.config().table_size(), deal.sheet.sitting_out, &violation)
        .map_err(|e| penalty_error(&e))?;
    Ok(violation)
}

/// The row a ruling is stored as at table `table_id`.
fn row<'a>(table_id: i64, ruling: &'a Ruling, violation: &Violation) -> NewPenalty<'a> {
    NewPenalty {
        table_id,
        deal_number: i32::from(ruling.request.deal_number),
        severity: violation.severity.as_str(),
        offender: i32::from(violation.offender),
        soloist: violation.soloist.map(i32::from),
        could_harm_soloist: violation.could_harm_soloist,
        opposing_absagen: i32::from(violation.opposing_absagen),
        deduction: i32::from(violation.deduction),
        referee: &ruling.referee,
        offence: ruling.offence.as_deref(),
        at: now(),
    }
}

/// Records a penalty on a deal of a table (organisers; run inside the write's transaction).
pub fn create(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    ruling: &Ruling,
) -> Result<SheetResponse, ApiError> {
    access::organizer_only(caller)?;
    let write = table_write::open(conn, table_id, caller)?;
    let violation = violation(&write.before, ruling)?;
    db::penalties::insert(conn, &row(table_id, ruling, &violation))?;
    let signed = write.rows.signed(&write.ctx);
    signatures::clear(conn, &write.ctx, caller, &signed, "penalty.create")?;
    // The new penalty's id is the database's: the sheet answered reads it back.
    let (ctx, after) = write.reread(conn)?;
    let deal_number = ruling.request.deal_number;
    audit::Change::new(ctx.tournament.id, caller, "penalty.create")
        .at_table(table_id)
        .after(serde_json::to_value(after.deal_view(deal_number)?).ok())
        .record(conn)?;
    Ok(after.sheet)
}

/// Penalty `id` of the table opened by `write`, if `If-Match` names its version.
fn stored(write: &TableWrite, id: i64, version: &str) -> Result<PenaltyRow, ApiError> {
    let row = write
        .rows
        .penalties
        .iter()
        .find(|p| p.id == id)
        .ok_or(ApiError::NotFound)?;
    if version != row.version.to_string() {
        return Err(ApiError::PreconditionFailed {
            given: version.to_owned(),
            current: row.version,
        });
    }
    Ok(row.clone())
}

/// A penalty as the audit log keeps it: the ruling, its deal and its entries on the sheet
/// (none when its deal is not on the sheet).
fn audited(row: &PenaltyRow, sheet: &SheetResponse) -> serde_json::Value {
    let scores = sheet
        .deals
        .iter()
        .flat_map(|d| &d.penalties)
        .find(|p| p.id == row.id)
        .map(|p| p.scores.clone());
    serde_json::json!({
        "id": row.id,
        "deal_number": row.deal_number,
        "severity": row.severity,
        "offender": row.offender,
        "soloist": row.soloist,
        "could_harm_soloist": row.could_harm_soloist,
        "opposing_absagen": row.opposing_absagen,
        "deduction": row.deduction,
        "referee": row.referee,
        "offence": row.offence,
        "version": row.version,
        "scores": scores,
    })
}

/// The version a write expected, a 412 when the row moved on between reading and writing
/// (it cannot under the table lock; this keeps a lost update impossible regardless).
fn written(changed: usize, given: &str, row: &PenaltyRow) -> Result<(), ApiError> {
    if changed == 1 {
        Ok(())
    } else {
        Err(ApiError::PreconditionFailed {
            given: given.to_owned(),
            current: row.version.saturating_add(1),
        })
    }
}

/// Corrects penalty `id` of a table to `ruling` if it still has `version` (organisers; in
/// the write's transaction, under the table's lock). The ruling may move it to another
/// deal; it must fit the deal it then stands on.
pub fn update(
    conn: &mut DbConn,
    table_id: i64,
    id: i64,
    version: &str,
    caller: &Caller,
    ruling: &Ruling,
    reason: Option<&str>,
) -> Result<(SheetResponse, i32), ApiError> {
    access::organizer_only(caller)?;
    validate::message("reason", reason)?;
    let mut write = table_write::open(conn, table_id, caller)?;
    let old = stored(&write, id, version)?;
    let violation = violation(&write.before, ruling)?;
    let changed = db::penalties::update(conn, id, old.version, &row(table_id, ruling, &violation))?;
    written(changed, version, &old)?;
    let before = write.sheet_before();
    signatures::clear(
        conn,
        &write.ctx,
        caller,
        &before.sheet.signatures,
        "penalty.update",
    )?;
    let new = db::penalties::find(conn, table_id, id)?.ok_or(ApiError::NotFound)?;
    // The sheet answered is the rows read with the ruling changed: not read again.
    write.rows.signatures.clear();
    if let Some(stored) = write.rows.penalties.iter_mut().find(|p| p.id == id) {
        *stored = new.clone();
    }
    let (ctx, after) = write.after()?;
    audit::Change::new(ctx.tournament.id, caller, "penalty.update")
        .at_table(table_id)
        .reason(reason)
        .before(Some(audited(&old, &before.sheet)))
        .after(Some(audited(&new, &after.sheet)))
        .record(conn)?;
    Ok((after.sheet, new.version))
}

/// Withdraws penalty `id` of a table if it still has `version` (organisers; in the write's
/// transaction, under the table's lock): its points leave the sheet and the standings.
pub fn delete(
    conn: &mut DbConn,
    table_id: i64,
    id: i64,
    version: &str,
    caller: &Caller,
    reason: Option<&str>,
) -> Result<SheetResponse, ApiError> {
    access::organizer_only(caller)?;
    validate::message("reason", reason)?;
    let mut write = table_write::open(conn, table_id, caller)?;
    let old = stored(&write, id, version)?;
    let changed = db::penalties::delete(conn, id, old.version)?;
    written(changed, version, &old)?;
    let before = write.sheet_before();
    signatures::clear(
        conn,
        &write.ctx,
        caller,
        &before.sheet.signatures,
        "penalty.delete",
    )?;
    // The sheet answered is the rows read without the penalty: not read again.
    write.rows.signatures.clear();
    write.rows.penalties.retain(|p| p.id != id);
    let (ctx, after) = write.after()?;
    audit::Change::new(ctx.tournament.id, caller, "penalty.delete")
        .at_table(table_id)
        .reason(reason)
        .before(Some(audited(&old, &before.sheet)))
        .record(conn)?;
    Ok(after.sheet)
}
