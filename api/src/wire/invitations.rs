//! Inviting co-organisers by a one-time link, on the wire.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::auth::TokenResponse;

/// Invites someone to run a tournament as co-organiser.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct InviteRequest {
    /// The invitee's e-mail (case does not matter). He may have an account already, or not.
    #[schema(example = "zweite@example.org")]
    pub email: String,
}

/// An open invitation: neither accepted nor withdrawn, not expired.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvitationResponse {
    /// Its id (to withdraw it).
    pub id: i64,
    /// The invitee's e-mail (lower-cased).
    pub email: String,
    /// The organiser who invited.
    pub invited_by: i64,
    /// His name.
    pub invited_by_name: String,
    /// When it was made (UTC, RFC 3339).
    pub created_at: String,
    /// Until when its link works (UTC, RFC 3339).
    pub expires_at: String,
    /// Whether the caller may withdraw it (the tournament's owner, or who invited).
    pub withdrawable: bool,
}

/// A new invitation with its link, which is shown this once: only a hash of its secret is
/// stored.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvitedResponse {
    /// The invitation.
    #[serde(flatten)]
    pub invitation: InvitationResponse,
    /// The link to pass on: whoever opens it first becomes co-organiser (it works once).
    #[schema(example = "https://doko.example.org/admin/invite/3f9a…")]
    pub link: String,
    /// Whether the link was mailed to the invitee (the server has mail configured and the
    /// mail command took it).
    pub mailed: bool,
    /// Why it could not be mailed, when mail is configured but failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mail_error: Option<String>,
}

/// What an invitation link offers, for the page that opens it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InvitationLookupResponse {
    /// The tournament.
    pub tournament_id: i64,
    /// Its name.
    pub tournament_name: String,
    /// The invitee's e-mail.
    pub email: String,
    /// Who invited.
    pub invited_by_name: String,
    /// Until when the link works (UTC, RFC 3339).
    pub expires_at: String,
    /// The tournament's time zone (IANA), to show the times in.
    pub time_zone: String,
    /// Whether an account with this e-mail exists: then it accepts signed in as that
    /// account; otherwise accepting sets a name and password and makes the account.
    pub account: bool,
}

/// Accepting an invitation. Without an account: a name and a password make one. With an
/// account: no body fields, but the account's bearer token.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AcceptInvitationRequest {
    /// The new account's name (1 to 200 characters).
    #[serde(default)]
    pub name: Option<String>,
    /// The new account's password (at least 10 characters).
    #[serde(default)]
    pub password: Option<String>,
}

/// An accepted invitation.
#[derive(Debug, Serialize, ToSchema)]
pub struct AcceptedInvitationResponse {
    /// The tournament the invitee runs now.
    pub tournament_id: i64,
    /// His account.
    pub organizer_id: i64,
    /// For a new account: a session's token, so he need not sign in at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session: Option<TokenResponse>,
}
