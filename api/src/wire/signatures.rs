//! The players' signatures under a complete sheet on the wire: who signs, and who has.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A player of the table confirms its complete sheet (tapping his name on the captain's
/// phone, the digital form of signing the paper list).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignRequest {
    /// The player who signs; he must sit at the table.
    pub player_id: i64,
}

/// A signature under the sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct SignatureView {
    /// The player who signed.
    pub player_id: i64,
    /// His seat, from 0.
    pub seat: u8,
    /// When he signed (UTC, RFC 3339).
    pub signed_at: String,
}
