//! A table's join code on the wire.

use serde::Serialize;
use utoipa::ToSchema;

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
        let (a, b) = code.split_at(code.len() / 2);
        JoinCodeResponse {
            code: format!("{a}-{b}"),
            table_id,
        }
    }
}
