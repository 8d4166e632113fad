//! A preview link on the wire.

use serde::Serialize;
use utoipa::ToSchema;

/// A link to a tournament's pages that works before they are published.
#[derive(Debug, Serialize, ToSchema)]
pub struct PreviewLinkResponse {
    /// The tournament's start page with the preview token; its links to the table lists
    /// and the plan carry the token on. Relative to the service's address.
    #[schema(example = "/tournaments/7?preview=eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9...")]
    pub url: String,
    /// When the link stops working (UTC, RFC 3339).
    pub expires_at: String,
    /// Seconds until then.
    pub expires_in: i64,
}
