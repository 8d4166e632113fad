//! The audit log's rows: writing one line, reading a tournament's log, and the organiser's
//! own lines that outlive a deleted tournament.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::models::AuditRow;
use super::schema::{audit_log, organizer_audit};

/// One line to write.
#[derive(Debug, Clone)]
pub struct NewAuditLine<'a> {
    /// The tournament.
    pub tournament_id: i64,
    /// The table, when the change was at one.
    pub table_id: Option<i64>,
    /// Who: `organizer:<id>` or `captain:<table>:<code>`.
    pub actor: String,
    /// What.
    pub action: &'a str,
    /// Before, as JSON.
    pub before_json: Option<String>,
    /// After, as JSON.
    pub after_json: Option<String>,
    /// Why.
    pub reason: Option<&'a str>,
    /// When (UTC).
    pub at: NaiveDateTime,
}

/// Writes `line`.
pub fn insert(conn: &mut DbConn, line: NewAuditLine<'_>) -> QueryResult<()> {
    diesel::insert_into(audit_log::table)
        .values((
            audit_log::tournament_id.eq(line.tournament_id),
            audit_log::table_id.eq(line.table_id),
            audit_log::actor.eq(line.actor),
            audit_log::action.eq(line.action),
            audit_log::before_json.eq(line.before_json),
            audit_log::after_json.eq(line.after_json),
            audit_log::reason.eq(line.reason),
            audit_log::at.eq(line.at),
        ))
        .execute(conn)
        .map(drop)
}

/// A tournament's log, oldest first.
pub fn of_tournament(conn: &mut DbConn, tournament_id: i64) -> QueryResult<Vec<AuditRow>> {
    audit_log::table
        .filter(audit_log::tournament_id.eq(tournament_id))
        .order(audit_log::id.asc())
        .select(AuditRow::as_select())
        .load(conn)
}

/// The lines of a tournament's log about one of its tables, oldest first.
pub fn of_table(
    conn: &mut DbConn,
    tournament_id: i64,
    table_id: i64,
) -> QueryResult<Vec<AuditRow>> {
    audit_log::table
        .filter(audit_log::tournament_id.eq(tournament_id))
        .filter(audit_log::table_id.eq(table_id))
        .order(audit_log::id.asc())
        .select(AuditRow::as_select())
        .load(conn)
}

/// One line of an organiser's own log: a change to what is his beyond one tournament (a
/// season, the register, a hook of a season) or to something that is gone (a deleted
/// tournament).
#[derive(Debug, Clone)]
pub struct NewOrganizerLine<'a> {
    /// The organiser.
    pub organizer_id: i64,
    /// What: `tournament.delete`.
    pub action: &'a str,
    /// The id of what it was about.
    pub subject_id: i64,
    /// What it was, as JSON.
    pub before_json: Option<String>,
    /// What it became, as JSON.
    pub after_json: Option<String>,
    /// Why.
    pub reason: Option<&'a str>,
    /// When (UTC).
    pub at: NaiveDateTime,
}

/// Writes `line` to the organiser's own log.
pub fn insert_organizer_line(conn: &mut DbConn, line: NewOrganizerLine<'_>) -> QueryResult<()> {
    diesel::insert_into(organizer_audit::table)
        .values((
            organizer_audit::organizer_id.eq(line.organizer_id),
            organizer_audit::action.eq(line.action),
            organizer_audit::subject_id.eq(line.subject_id),
            organizer_audit::before_json.eq(line.before_json),
            organizer_audit::after_json.eq(line.after_json),
            organizer_audit::reason.eq(line.reason),
            organizer_audit::at.eq(line.at),
        ))
        .execute(conn)
        .map(drop)
}
