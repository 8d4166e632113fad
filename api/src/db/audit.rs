//! The audit log's rows: writing one line, reading a tournament's log.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::models::AuditRow;
use super::schema::audit_log;

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
