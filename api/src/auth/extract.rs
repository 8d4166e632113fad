//! Extractors that read `Authorization: Bearer …`. They only check the token itself; what
//! the caller may do with a given tournament or table is decided by the handler's
//! service, which knows who owns what.

use std::future::{Ready, ready};

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};

use super::jwt::{self, Role};
use super::screened;
use crate::error::ApiError;
use crate::keys::SigningKeys;
use crate::state::AppState;

/// Whoever calls: an organiser, a captain, or nobody in particular.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Caller {
    /// No token: may read published tournaments.
    Public,
    /// A logged-in organiser.
    Organizer(i64),
    /// A captain of one table, holding a token from `code`.
    Captain {
        /// The table.
        table_id: i64,
        /// The join code the token came from.
        code: String,
    },
}

impl Caller {
    /// The audit log's name for the caller.
    pub fn actor(&self) -> String {
        match self {
            Caller::Public => "public".to_owned(),
            Caller::Organizer(id) => format!("organizer:{id}"),
            Caller::Captain { table_id, code } => format!("captain:{table_id}:{code}"),
        }
    }
}

/// The token of `Authorization: Bearer <token>`, trimmed; `None` without one (no header,
/// or another scheme). Every reader of a bearer token reads it here.
pub fn bearer(req: &HttpRequest) -> Option<&str> {
    req.headers()
        .get(actix_web::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
}

pub(crate) fn caller(req: &HttpRequest) -> Result<Caller, ApiError> {
    if !req
        .headers()
        .contains_key(actix_web::http::header::AUTHORIZATION)
    {
        return Ok(Caller::Public);
    }
    let token = bearer(req).ok_or(ApiError::Unauthenticated)?;
    let state = req
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("no application state")))?;
    caller_from_token(req, &state.keys, token)
}

/// The caller a token presented with `req` names, after checking it (signature, issuer,
/// audience, expiry; an organiser's, that its session stands, [`screened`]); the bearer
/// header and the pages' cookies carry the same tokens.
pub(crate) fn caller_from_token(
    req: &HttpRequest,
    keys: &SigningKeys,
    token: &str,
) -> Result<Caller, ApiError> {
    let claims = jwt::decode(keys, token).ok_or(ApiError::Unauthenticated)?;
    let subject: i64 = claims.sub.parse().map_err(|_| ApiError::Unauthenticated)?;
    Ok(match (claims.role, claims.code) {
        (Role::Organizer, None) if screened::stands(req, token) => Caller::Organizer(subject),
        (Role::Captain, Some(code)) => Caller::Captain {
            table_id: subject,
            code,
        },
        _ => return Err(ApiError::Unauthenticated),
    })
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Ready<Result<Caller, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(caller(req))
    }
}

/// A caller who must be a logged-in organiser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Organizer(pub i64);

impl FromRequest for Organizer {
    type Error = ApiError;
    type Future = Ready<Result<Organizer, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(match caller(req) {
            Ok(Caller::Organizer(id)) => Ok(Organizer(id)),
            Ok(Caller::Public) => Err(ApiError::Unauthenticated),
            Ok(Caller::Captain { .. }) => Err(ApiError::Forbidden),
            Err(e) => Err(e),
        })
    }
}
