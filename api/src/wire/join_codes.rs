//! Join codes on the wire: one table's new code, and the codes of a whole round as the
//! organiser issues and reads them.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::db::models::JoinCodeRow;

/// A code as printed: two groups of four (`KRC7-94QX`), from the stored form without the
/// dash.
pub fn printed(code: &str) -> String {
    // Codes are ASCII (services::codes), so the middle is a character boundary; a stored
    // code of another shape is shown as it is rather than split inside a character.
    match (code.get(..code.len() / 2), code.get(code.len() / 2..)) {
        (Some(a), Some(b)) => format!("{a}-{b}"),
        _ => code.to_owned(),
    }
}

/// A table's join code.
#[derive(Debug, Serialize, ToSchema)]
pub struct JoinCodeResponse {
    /// The code as printed: two groups of four.
    #[schema(example = "KRC7-94QX")]
    pub code: String,
    /// The table.
    pub table_id: i64,
}

impl JoinCodeResponse {
    /// The answer for `code` (as stored, without the dash) at `table_id`.
    pub fn printed(code: &str, table_id: i64) -> JoinCodeResponse {
        JoinCodeResponse {
            code: printed(code),
            table_id,
        }
    }
}

/// Which tables of a round get a code. The body may be left out: then only tables without a
/// live code get one.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueJoinCodesRequest {
    /// Give every table a new code. A table's earlier code then admits nobody new, but the
    /// captain who joined with it stays logged in; only revoking a table's code logs its
    /// captains out. Default `false`: tables that have a live code keep it.
    #[serde(default)]
    pub renew: bool,
}

/// One table's live join code, as the organiser reads it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TableJoinCodeResponse {
    /// The table.
    pub table_id: i64,
    /// The table's number in its round.
    pub table_number: i32,
    /// The code as printed, two groups of four; absent when the table has no live code
    /// (none issued yet, or revoked).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "KRC7-94QX")]
    pub code: Option<String>,
    /// When the code was issued (UTC, RFC 3339); absent with the code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub issued_at: Option<String>,
    /// Whether this request issued the code (always `false` when reading): the cards to
    /// print.
    pub issued_now: bool,
}

impl TableJoinCodeResponse {
    /// Table `table_id` (number `table_number`) with its live code `row`, if any.
    pub fn new(
        table_id: i64,
        table_number: i32,
        row: Option<&JoinCodeRow>,
        issued_now: bool,
    ) -> TableJoinCodeResponse {
        TableJoinCodeResponse {
            table_id,
            table_number,
            code: row.map(|r| printed(&r.code)),
            issued_at: row.map(|r| {
                r.created_at
                    .and_utc()
                    .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
            }),
            issued_now,
        }
    }
}

/// The live join codes of every table of a round, in table order.
#[derive(Debug, Serialize, ToSchema)]
pub struct RoundJoinCodesResponse {
    /// The round.
    pub round_id: i64,
    /// Its number in the tournament.
    pub round_number: i32,
    /// Every table of the round, in number order.
    pub tables: Vec<TableJoinCodeResponse>,
}
