//! Preview links: the organiser reads his tournament's pages as they will look before he
//! publishes them, through a signed link that works for
//! [`preview::PREVIEW_TTL_SECS`] seconds.
//! (Organiser pages with a login cookie come later; until then the link is the way in.)

use super::access::{self, Need};
use super::sessions;
use crate::auth::Caller;
use crate::auth::preview::{self, PreviewClaims};
use crate::error::ApiError;
use crate::keys::SigningKeys;
use crate::state::AppState;
use crate::wire::preview::PreviewLinkResponse;

/// A new preview link to tournament `id` for its organiser.
pub async fn create_link(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<PreviewLinkResponse, ApiError> {
    access::organizer_only(&caller)?;
    let Caller::Organizer(organizer) = caller else {
        return Err(ApiError::Forbidden);
    };
    // Only an organiser who runs it (its owner or a co-organiser): for an organiser,
    // `Need::Write` means "one he runs", and it takes no lock. Another organiser's
    // tournament is not found, published or not.
    let version = state
        .db
        .run(move |conn| {
            access::tournament(conn, id, &caller, Need::Write)?;
            sessions::token_version(conn, organizer)
        })
        .await?;
    let mut claims = PreviewClaims::new(organizer, id, chrono::Utc::now().timestamp());
    // A new password or the account's removal ends the link.
    claims.ver = version;
    let token = preview::encode(&state.keys, &claims)?;
    let expires_at = chrono::DateTime::from_timestamp(claims.exp, 0)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("expiry {} out of range", claims.exp)))?
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    Ok(PreviewLinkResponse {
        // A JWT is base64url and dots: nothing in it needs escaping in a query.
        url: format!("/tournaments/{id}?preview={token}"),
        expires_at,
        expires_in: claims.exp.saturating_sub(claims.iat),
    })
}

/// A valid preview of tournament `tournament_id`: who reads through it, and until when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preview {
    /// The organiser who asked for the link; the pages are read with his rights, which
    /// reach his own tournaments only.
    pub caller: Caller,
    /// When the link stops working (seconds since the epoch).
    pub expires: i64,
}

/// The preview `token` opens for the pages of tournament `tournament_id`; `None` for a
/// forged, expired or malformed token, and for one made for another tournament.
pub fn for_pages(keys: &SigningKeys, token: &str, tournament_id: i64) -> Option<Preview> {
    let claims = preview::decode(keys, token)?;
    if claims.tournament != tournament_id {
        return None;
    }
    Some(Preview {
        caller: Caller::Organizer(claims.organizer()?),
        expires: claims.exp,
    })
}
