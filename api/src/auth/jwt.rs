//! Tokens: HS256 JWTs signed with the data folder's key, with issuer, audience and expiry
//! always checked. Only HS256 is accepted, so an `alg: none` or a token signed with another
//! algorithm is refused.

use jsonwebtoken::{Algorithm, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::keys::SigningKeys;

const ISSUER: &str = "karlchen";
const AUDIENCE: &str = "karlchen-api";

/// How long an organiser's token lasts: a tournament day.
pub const ORGANIZER_TTL_SECS: i64 = 16 * 3600;
/// How long a captain's token lasts: a round plus generous slack.
pub const CAPTAIN_TTL_SECS: i64 = 12 * 3600;

/// What a token lets its holder do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// An organiser: his own tournaments.
    Organizer,
    /// A table's captain: one table of one round.
    Captain,
}

/// The claims of a Karlchen token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// The organiser's id, or the table's id for a captain.
    pub sub: String,
    /// The role.
    pub role: Role,
    /// For captains: the join code the token came from, so revoking the code revokes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// For organisers: the session the token belongs to, so signing out ends it
    /// (`services::sessions`). An organiser's token without one opens nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sid: Option<String>,
    /// Issuer.
    pub iss: String,
    /// Audience.
    pub aud: String,
    /// Issued at (seconds since the epoch).
    pub iat: i64,
    /// Expires at (seconds since the epoch).
    pub exp: i64,
}

impl Claims {
    /// Claims for `role` on `subject`, issued `now` (seconds since the epoch).
    pub fn new(role: Role, subject: i64, code: Option<String>, now: i64) -> Claims {
        let ttl = match role {
            Role::Organizer => ORGANIZER_TTL_SECS,
            Role::Captain => CAPTAIN_TTL_SECS,
        };
        Claims {
            sub: subject.to_string(),
            role,
            code,
            sid: None,
            iss: ISSUER.to_owned(),
            aud: AUDIENCE.to_owned(),
            iat: now,
            exp: now + ttl,
        }
    }
}

/// Signs `claims`.
pub fn encode(keys: &SigningKeys, claims: &Claims) -> anyhow::Result<String> {
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &keys.encoding)
        .map_err(|e| anyhow::anyhow!("cannot sign a token: {e}"))
}

/// Checks a token's signature, algorithm, issuer, audience and expiry.
pub fn decode(keys: &SigningKeys, token: &str) -> Option<Claims> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.set_issuer(&[ISSUER]);
    validation.set_audience(&[AUDIENCE]);
    validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
    jsonwebtoken::decode::<Claims>(token, &keys.decoding, &validation)
        .ok()
        .map(|data| data.claims)
}
