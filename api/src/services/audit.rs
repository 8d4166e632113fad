//! The audit log's one writer: every change to a tournament's data, who made it, when, what
//! it was before and after, and why, recorded in the change's transaction with the webhook
//! deliveries it causes ([`super::outbox`]). Reading the log is [`super::audit_log`]'s.

use super::outbox;
use crate::auth::Caller;
use crate::db::DbConn;
use crate::db::audit::{self as repo, NewAuditLine};
use crate::error::ApiError;

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

    /// Writes the change, and enqueues the webhook deliveries it causes in the same
    /// transaction (see [`super::outbox`]).
    pub fn record(self, conn: &mut DbConn) -> Result<(), ApiError> {
        outbox::enqueue(
            conn,
            &outbox::Changed {
                tournament_id: self.tournament_id,
                table_id: self.table_id,
                action: self.action,
                before: self.before.as_ref(),
                after: self.after.as_ref(),
                reason: self.reason,
            },
        )?;
        repo::insert(
            conn,
            NewAuditLine {
                tournament_id: self.tournament_id,
                table_id: self.table_id,
                actor: self.caller.actor(),
                action: self.action,
                before_json: self.before.map(|v| v.to_string()),
                after_json: self.after.map(|v| v.to_string()),
                reason: self.reason,
                at: super::now(),
            },
        )?;
        Ok(())
    }
}
