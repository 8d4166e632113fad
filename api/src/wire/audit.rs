//! The audit log on the wire.

use serde::Serialize;
use utoipa::ToSchema;

use crate::db::models::AuditRow;

/// One entry of the audit log.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditEntry {
    /// Id.
    pub id: i64,
    /// The table, when the change was at one.
    pub table_id: Option<i64>,
    /// Who: `organizer:<id>` or `captain:<table>:<code>`.
    pub actor: String,
    /// What.
    pub action: String,
    /// Before.
    #[schema(value_type = Option<Object>)]
    pub before: Option<serde_json::Value>,
    /// After.
    #[schema(value_type = Option<Object>)]
    pub after: Option<serde_json::Value>,
    /// Why.
    pub reason: Option<String>,
    /// When (UTC, RFC 3339).
    pub at: String,
}

impl From<AuditRow> for AuditEntry {
    fn from(r: AuditRow) -> AuditEntry {
        let parse = |s: Option<String>| s.and_then(|s| serde_json::from_str(&s).ok());
        AuditEntry {
            id: r.id,
            table_id: r.table_id,
            actor: r.actor,
            action: r.action,
            before: parse(r.before_json),
            after: parse(r.after_json),
            reason: r.reason,
            at: r
                .at
                .and_utc()
                .to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
        }
    }
}
