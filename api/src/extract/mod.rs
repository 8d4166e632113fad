//! A JSON body extractor whose errors name the field.
//!
//! actix's `web::Json` answers a wrong field with a plain-text 400 that says "line 1 column
//! 57"; a phone app needs to know which field is wrong. `serde_path_to_error` gives the
//! path (`extras.re.fox`), so a bad value becomes a 422 problem naming it, and only
//! unparsable text stays a 400.

use std::future::Future;
use std::pin::Pin;

use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpMessage, HttpRequest, dev::Payload, web};
use serde::de::DeserializeOwned;

use crate::error::{ApiError, FieldError};

mod document;

pub(crate) use document::turn as import_turn;
pub use document::{DOCUMENT_LIMIT, DocumentBody, parse_document};

/// The most a JSON body may weigh; a whole deal replay is about 1 KiB.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The longest text any JSON string may hold. Fields have tighter limits of their own (a
/// name 200 characters); this one keeps an unchecked field (a `reason`) from storing
/// megabytes in the audit log.
pub const TEXT_LIMIT: usize = 1000;

/// A JSON request body of type `T`.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for JsonBody<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = RawBody::from_request(req, payload);
        let req = req.clone();
        Box::pin(async move {
            let RawBody(bytes) = body.await?;
            remember_digest(&req, &bytes);
            parse(&bytes).map(JsonBody)
        })
    }
}

/// A request body of at most [`BODY_LIMIT`] bytes, whatever its type (the CSV import).
#[derive(Debug)]
pub struct RawBody(pub web::Bytes);

impl FromRequest for RawBody {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = web::Bytes::from_request(req, payload);
        let req = req.clone();
        Box::pin(async move {
            let bytes = body.await.map_err(|e| {
                if e.as_response_error().status_code() == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::PayloadTooLarge { limit: BODY_LIMIT }
                } else {
                    ApiError::MalformedBody(format!("cannot read the body: {e}"))
                }
            })?;
            if bytes.len() > BODY_LIMIT {
                return Err(ApiError::PayloadTooLarge { limit: BODY_LIMIT });
            }
            remember_digest(&req, &bytes);
            Ok(RawBody(bytes))
        })
    }
}

/// A digest of the request body, kept in the request's extensions so that an
/// `Idempotency-Key` sent again with a different body can be told apart from a retry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyDigest(pub String);

pub(crate) fn remember_digest(req: &HttpRequest, bytes: &[u8]) {
    // Only a request that carries a key ever compares digests.
    if req.headers().contains_key("Idempotency-Key") {
        req.extensions_mut().insert(BodyDigest(digest(bytes)));
    }
}

/// The body's SHA-256 in hex: stable across builds and instances, which share the stored
/// keys.
pub fn digest(bytes: &[u8]) -> String {
    use sha2::Digest as _;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Parses `bytes` as a `T`, naming the field at fault.
///
/// JSON syntax is checked first (a 400); everything after that is about values and is a
/// 422 naming the field. Going through `serde_json::Value` makes that split exact: typed
/// parsing reports `{"contract": null}` for an enum as a syntax error.
///
/// The common case takes a shortcut that gives the same result: a body too short to hold
/// an overlong text and without an escaped NUL is parsed straight into `T`, and only when
/// that fails is it parsed again through `Value` for the exact answer. That keeps a deal
/// entry or a `/score` body from being parsed twice.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    // In valid JSON a NUL can only be the escape `\u0000`; a raw one is a syntax error.
    let nul_escape = bytes.windows(6).any(|w| w == b"\\u0000");
    if bytes.len() <= TEXT_LIMIT
        && !nul_escape
        && let Ok(value) = serde_json::from_slice(bytes)
    {
        return Ok(value);
    }
    parse_exactly(bytes)
}

/// [`parse`] the long way: through `Value`, checking every text.
fn parse_exactly<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| ApiError::MalformedBody(e.to_string()))?;
    check_texts(&value, "")?;
    serde_path_to_error::deserialize(value).map_err(invalid_field)
}

/// A value that does not fit its field, as the 422 naming the field.
fn invalid_field(e: serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    let path = e.path().to_string();
    let inner = e.into_inner();
    let message = strip_position(&inner.to_string());
    let (field, code) = field_and_code(&path, &message);
    ApiError::unprocessable(
        "invalid_body",
        format!("{field}: {message}"),
        vec![FieldError::new(field, code, message)],
    )
}

/// What [`check_texts`] says of one text at `field` (a value or a key).
fn check_text(field: &str, s: &str) -> Result<(), ApiError> {
    if s.contains('\0') {
        Err(ApiError::field(
            "invalid_body",
            field,
            "invalid_character",
            "text must not contain NUL characters",
        ))
    } else if s.chars().count() > TEXT_LIMIT {
        Err(ApiError::field(
            "invalid_body",
            field,
            "too_long",
            format!("at most {TEXT_LIMIT} characters"),
        ))
    } else {
        Ok(())
    }
}

/// Refuses NUL characters (PostgreSQL cannot store them in text) and overlong strings
/// anywhere in the body, keys included, naming where.
fn check_texts(value: &serde_json::Value, path: &str) -> Result<(), ApiError> {
    let text = check_text;
    let join = |name: &str| {
        if path.is_empty() {
            name.to_owned()
        } else {
            format!("{path}.{name}")
        }
    };
    match value {
        serde_json::Value::String(s) => text(path, s),
        serde_json::Value::Array(items) => items
            .iter()
            .enumerate()
            .try_for_each(|(i, item)| check_texts(item, &format!("{path}[{i}]"))),
        serde_json::Value::Object(fields) => fields.iter().try_for_each(|(name, item)| {
            let field = join(name);
            text(&field, name)?;
            check_texts(item, &field)
        }),
        serde_json::Value::Null | serde_json::Value::Bool(_) | serde_json::Value::Number(_) => {
            Ok(())
        }
    }
}

/// serde_json ends data errors with " at line 1 column 57", which means nothing to a client
/// that sent the field name.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message.to_owned(),
    }
}

/// serde reports a missing field at its parent's path; name the field itself instead.
fn field_and_code(path: &str, message: &str) -> (String, &'static str) {
    let quoted = |prefix: &str| {
        message
            .strip_prefix(prefix)
            .and_then(|rest| rest.split('`').next())
            .map(str::to_owned)
    };
    let join = |name: String| {
        if path.is_empty() || path == "." {
            name
        } else {
            format!("{path}.{name}")
        }
    };
    if let Some(name) = quoted("missing field `") {
        (join(name), "required")
    } else if message.starts_with("unknown field") {
        // Unlike a missing field, an unknown one is already the last segment of the path.
        (path.to_owned(), "unknown_field")
    } else if message.starts_with("unknown variant") {
        (path.to_owned(), "unknown_value")
    } else {
        let field = if path == "." {
            String::new()
        } else {
            path.to_owned()
        };
        (field, "invalid_value")
    }
}

/// The version named by `If-Match` (`"3"`, `3` or `W/"3"`), which every correction and
/// deletion of a versioned row (a deal, a penalty) needs: a 428 without it.
pub fn if_match(req: &HttpRequest) -> Result<String, ApiError> {
    let value = req
        .headers()
        .get(actix_web::http::header::IF_MATCH)
        .and_then(|v| v.to_str().ok())
        .ok_or(ApiError::PreconditionRequired)?;
    Ok(value
        .trim()
        .trim_start_matches("W/")
        .trim_matches('"')
        .to_owned())
}

/// The reason a deletion gives in `X-Reason`, kept in the audit log: at most
/// [`TEXT_LIMIT`] characters, like any text of a body. A value that is not visible ASCII
/// is no reason.
pub fn x_reason(req: &HttpRequest) -> Result<Option<String>, ApiError> {
    let reason = req
        .headers()
        .get("X-Reason")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    if reason
        .as_ref()
        .is_some_and(|r| r.chars().count() > TEXT_LIMIT)
    {
        return Err(ApiError::field(
            "invalid_header",
            "X-Reason",
            "too_long",
            format!("at most {TEXT_LIMIT} characters"),
        ));
    }
    Ok(reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[expect(dead_code, reason = "the fields are only deserialised")]
    struct Inner {
        fox: u8,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[expect(dead_code, reason = "the fields are only deserialised")]
    struct Outer {
        points: u8,
        extras: Inner,
    }

    fn field_of(body: &str) -> (String, String, String) {
        match parse::<Outer>(body.as_bytes()) {
            Err(ApiError::Unprocessable { errors, .. }) => (
                errors[0].field.clone(),
                errors[0].code.clone(),
                errors[0].message.clone(),
            ),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn data_errors_name_the_field() {
        assert_eq!(
            field_of(r#"{"points": 1, "extras": {"fox": -1}}"#).0,
            "extras.fox"
        );
        let (field, code, _) = field_of(r#"{"points": 1, "extras": {}}"#);
        assert_eq!((field.as_str(), code.as_str()), ("extras.fox", "required"));
        let (field, code, message) = field_of(r#"{"points": 1}"#);
        assert_eq!((field.as_str(), code.as_str()), ("extras", "required"));
        assert!(!message.contains("line"), "{message}");
        let (field, code, _) = field_of(r#"{"points": 1, "extras": {"fox": 1}, "x": 2}"#);
        assert_eq!((field.as_str(), code.as_str()), ("x", "unknown_field"));
    }

    #[test]
    fn null_for_an_enum_is_a_value_error() {
        #[derive(Debug, Deserialize)]
        enum Kind {
            A,
        }
        #[derive(Debug, Deserialize)]
        #[expect(dead_code, reason = "the field is only deserialised")]
        struct WithEnum {
            kind: Kind,
        }
        match parse::<WithEnum>(br#"{"kind": null}"#) {
            Err(ApiError::Unprocessable { errors, .. }) => assert_eq!(errors[0].field, "kind"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn nul_characters_and_long_texts_are_named() {
        let named = |body: &str| match parse::<serde_json::Value>(body.as_bytes()) {
            Err(ApiError::Unprocessable { errors, .. }) => {
                (errors[0].field.clone(), errors[0].code.clone())
            }
            other => panic!("{other:?}"),
        };
        assert_eq!(
            named(r#"{"name": "Erika\u0000"}"#),
            ("name".to_owned(), "invalid_character".to_owned())
        );
        assert_eq!(
            named(r#"{"a": [{"b": "x"}, {"c\u0000": 1}]}"#),
            ("a[1].c\u{0}".to_owned(), "invalid_character".to_owned())
        );
        let long = format!(r#"{{"reason": "{}"}}"#, "x".repeat(TEXT_LIMIT + 1));
        assert_eq!(named(&long), ("reason".to_owned(), "too_long".to_owned()));
        // An escaped backslash before "u0000" is ordinary text.
        assert!(parse::<serde_json::Value>(br#"{"name": "C:\\u0000"}"#).is_ok());
        let fits = format!(r#"{{"reason": "{}"}}"#, "ä".repeat(TEXT_LIMIT));
        assert!(parse::<serde_json::Value>(fits.as_bytes()).is_ok());
    }

    #[test]
    fn digests_are_sha256() {
        assert_eq!(
            digest(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn syntax_errors_are_bad_requests() {
        assert!(matches!(
            parse::<Outer>(b"{\"points\": "),
            Err(ApiError::MalformedBody(_))
        ));
        assert!(matches!(
            parse::<Outer>(br#"{"points": 1, "extras": {"fox": 1}} trailing"#),
            Err(ApiError::MalformedBody(_))
        ));
    }
}
