//! The audit log: every change to a tournament's data, who made it, when, what it was
//! before and after, and why.

use diesel::prelude::*;

use crate::auth::Caller;
use crate::db::DbConn;
use crate::db::schema::audit_log;

/// One change to record.
pub struct Change<'a> {
    /// The tournament.
    pub tournament_id: i64,
    /// The table, when the change was at one.
    pub table_id: Option<i64>,
    /// Who.
    pub caller: &'a Caller,
    /// What: `deal.create`, `deal.update`, …
    pub action: &'a str,
    /// Why, if given.
    pub reason: Option<&'a str>,
    /// The state before, as JSON.
    pub before: Option<serde_json::Value>,
    /// The state after, as JSON.
    pub after: Option<serde_json::Value>,
}

/// Writes `change`.
pub fn record(conn: &mut DbConn, change: Change<'_>) -> QueryResult<()> {
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
