//! The audit logs' one writer: every change to a tournament's data, who made it, when, what
//! it was before and after, and why, recorded in the change's transaction with the webhook
//! deliveries it causes ([`super::outbox`]); and the same for what is an organiser's beyond
//! one tournament (his seasons, his register) in his own log ([`OrganizerChange`]).
//! Reading a tournament's log is [`super::audit_log`]'s.

use super::outbox;
use crate::auth::Caller;
use crate::db::DbConn;
use crate::db::audit::{self as repo, NewAuditLine, NewOrganizerLine};
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

/// One change in an organiser's own log (a season, the register, a season's hook, a deleted
/// tournament), built with [`OrganizerChange::new`] and the methods after it.
pub struct OrganizerChange<'a> {
    /// The organiser.
    organizer_id: i64,
    /// What: `season.update`, `register.merge`, …
    action: &'a str,
    /// The id of what it was about.
    subject_id: i64,
    /// Why, if given.
    reason: Option<&'a str>,
    /// The state before, as JSON.
    before: Option<serde_json::Value>,
    /// The state after, as JSON.
    after: Option<serde_json::Value>,
}

impl<'a> OrganizerChange<'a> {
    /// A change by organiser `organizer_id` to `subject_id`; add what applies, then
    /// [`OrganizerChange::record`].
    pub fn new(organizer_id: i64, action: &'a str, subject_id: i64) -> OrganizerChange<'a> {
        OrganizerChange {
            organizer_id,
            action,
            subject_id,
            reason: None,
            before: None,
            after: None,
        }
    }

    /// For this reason, if given.
    pub fn reason(self, reason: Option<&'a str>) -> OrganizerChange<'a> {
        OrganizerChange { reason, ..self }
    }

    /// The state before.
    pub fn before(self, before: Option<serde_json::Value>) -> OrganizerChange<'a> {
        OrganizerChange { before, ..self }
    }

    /// The state after.
    pub fn after(self, after: Option<serde_json::Value>) -> OrganizerChange<'a> {
        OrganizerChange { after, ..self }
    }

    /// Writes the change, and enqueues the webhook deliveries it causes (a season's
    /// standings moved) in the same transaction.
    pub fn record(self, conn: &mut DbConn) -> Result<(), ApiError> {
        outbox::enqueue_organizer(conn, self.organizer_id, self.action, self.subject_id)?;
        repo::insert_organizer_line(
            conn,
            NewOrganizerLine {
                organizer_id: self.organizer_id,
                action: self.action,
                subject_id: self.subject_id,
                before_json: self.before.map(|v| v.to_string()),
                after_json: self.after.map(|v| v.to_string()),
                reason: self.reason,
                at: super::now(),
            },
        )?;
        Ok(())
    }
}
