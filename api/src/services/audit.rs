//! The audit log: every change to a tournament's data, who made it, when, what it was
//! before and after, and why.

use diesel::prelude::*;

use crate::auth::Caller;
use crate::db::DbConn;
use crate::db::schema::audit_log;

/// One change to record, built with [`Change::new`] and the methods after it.
pub struct Change<'a> {
    /// The tournament.
    tournament_id: i64,
    /// The table, when the change was at one.
    table_id: Option<i64>,
    /// Who.
    caller: &'a Caller,
    /// What: `deal.create`, `deal.update`, …
    action: &'a str,
    /// Why, if given.
    reason: Option<&'a str>,
    /// The state before, as JSON.
    before: Option<serde_json::Value>,
    /// The state after, as JSON.
    after: Option<serde_json::Value>,
}

impl<'a> Change<'a> {
    /// A change of `tournament_id` by `caller`; add what applies, then [`Change::record`].
    pub fn new(tournament_id: i64, caller: &'a Caller, action: &'a str) -> Change<'a> {
        Change {
            tournament_id,
            table_id: None,
            caller,
            action,
            reason: None,
            before: None,
            after: None,
        }
    }

    /// At this table.
    pub fn at_table(self, table_id: i64) -> Change<'a> {
        Change {
            table_id: Some(table_id),
            ..self
        }
    }

    /// For this reason, if given.
    pub fn reason(self, reason: Option<&'a str>) -> Change<'a> {
        Change { reason, ..self }
    }

    /// The state before.
    pub fn before(self, before: Option<serde_json::Value>) -> Change<'a> {
        Change { before, ..self }
    }

    /// The state after.
    pub fn after(self, after: Option<serde_json::Value>) -> Change<'a> {
        Change { after, ..self }
    }

    /// Writes the change.
    pub fn record(self, conn: &mut DbConn) -> QueryResult<()> {
        record(conn, self)
    }
}

/// Writes `change`.
fn record(conn: &mut DbConn, change: Change<'_>) -> QueryResult<()> {
    diesel::insert_into(audit_log::table)
        .values((
            audit_log::tournament_id.eq(change.tournament_id),
            audit_log::table_id.eq(change.table_id),
            audit_log::actor.eq(change.caller.actor()),
            audit_log::action.eq(change.action),
            audit_log::before_json.eq(change.before.map(|v| v.to_string())),
            audit_log::after_json.eq(change.after.map(|v| v.to_string())),
            audit_log::reason.eq(change.reason),
            audit_log::at.eq(super::now()),
        ))
        .execute(conn)
        .map(drop)
}
