//! Preview links: an organiser's short-lived, signed link to his tournament's pages before
//! they are published.
//!
//! The token is signed with the same key as the API's tokens but can never stand in for
//! one, nor one of those for it: it names its own audience (checked by both decoders), and
//! each side's claims lack a field the other requires (`role` here, `tournament` there). It
//! opens the pages of one tournament for reading and nothing else.

use jsonwebtoken::{Algorithm, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::keys::SigningKeys;

const ISSUER: &str = "karlchen";
/// The audience of preview tokens, distinct from the API's `karlchen-api`.
const AUDIENCE: &str = "karlchen-preview";

/// How long a preview link works: long enough to check the pages on the eve of the
/// tournament day, short enough that a forwarded link goes stale.
pub const PREVIEW_TTL_SECS: i64 = 12 * 3600;

/// The claims of a preview token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PreviewClaims {
    /// The organiser who asked for the link: the pages show what he may read, so a
    /// tournament that changes hands is no longer shown through his old links.
    pub sub: String,
    /// The one tournament whose pages the link opens.
    pub tournament: i64,
    /// The organiser's token version when the link was made: a new password or the
    /// account's removal counts it up, and the link ends (`services::sessions`).
    #[serde(default)]
    pub ver: i32,
    /// Issuer.
    pub iss: String,
    /// Audience: always `karlchen-preview`, never the API's, so neither token passes for the other.
    pub aud: String,
    /// Issued at (seconds since the epoch).
    pub iat: i64,
    /// Expires at (seconds since the epoch).
    pub exp: i64,
}

impl PreviewClaims {
    /// The claims of a link for `organizer` to `tournament`, issued `now` (seconds since
    /// the epoch); passing the time in lets tests mint expired links.
    pub fn new(organizer: i64, tournament: i64, now: i64) -> PreviewClaims {
        PreviewClaims {
            sub: organizer.to_string(),
            tournament,
            ver: 0,
            iss: ISSUER.to_owned(),
            aud: AUDIENCE.to_owned(),
            iat: now,
            exp: now.saturating_add(PREVIEW_TTL_SECS),
        }
    }

    /// The organiser, if `sub` is one (always, for a token this service signed).
    pub fn organizer(&self) -> Option<i64> {
        self.sub.parse().ok()
    }
}

/// Signs `claims`.
pub fn encode(keys: &SigningKeys, claims: &PreviewClaims) -> anyhow::Result<String> {
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &keys.encoding)
        .map_err(|e| anyhow::anyhow!("cannot sign a preview token: {e}"))
}

/// Checks a preview token's signature, algorithm (HS256 only), issuer, audience and
/// expiry.
pub fn decode(keys: &SigningKeys, token: &str) -> Option<PreviewClaims> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.set_issuer(&[ISSUER]);
    validation.set_audience(&[AUDIENCE]);
    validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
    jsonwebtoken::decode::<PreviewClaims>(token, &keys.decoding, &validation)
        .ok()
        .map(|data| data.claims)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::jwt::{self, Claims, Role};

    fn new_keys() -> SigningKeys {
        let dir = tempfile::tempdir().unwrap();
        SigningKeys::from_config(None, dir.path()).unwrap()
    }

    #[test]
    fn preview_and_api_tokens_do_not_stand_in_for_each_other() {
        let keys = new_keys();
        let now = chrono::Utc::now().timestamp();
        let preview = encode(&keys, &PreviewClaims::new(7, 42, now)).unwrap();
        let claims = decode(&keys, &preview).unwrap();
        assert_eq!((claims.organizer(), claims.tournament), (Some(7), 42));
        assert_eq!(claims.exp - claims.iat, 12 * 3600);
        assert!(jwt::decode(&keys, &preview).is_none(), "not an API token");
        let api = jwt::encode(&keys, &Claims::new(Role::Organizer, 7, None, now)).unwrap();
        assert!(decode(&keys, &api).is_none(), "not a preview token");
        let expired = encode(&keys, &PreviewClaims::new(7, 42, now - 13 * 3600)).unwrap();
        assert!(decode(&keys, &expired).is_none(), "expired an hour ago");
        assert!(decode(&new_keys(), &preview).is_none(), "another key");
    }
}
