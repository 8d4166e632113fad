//! Logging in on the wire: an organiser's credentials, a table's join code, the token.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// An organiser's credentials.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LoginRequest {
    /// E-mail (case does not matter).
    #[schema(example = "leitung@doko-club.de")]
    pub email: String,
    /// Password.
    pub password: String,
}

/// A bearer token.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenResponse {
    /// Send as `Authorization: Bearer <token>`.
    pub token: String,
    /// Seconds until it expires.
    pub expires_in: i64,
    /// For captains: the table the token opens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_id: Option<i64>,
}

/// A table's join code.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CaptainRequest {
    /// The code on the table card, with or without the dash, in any case.
    #[schema(example = "KRL7-94QX")]
    pub code: String,
}
