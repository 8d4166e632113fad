//! A JSON body extractor whose errors name the field.
//!
//! actix's `web::Json` answers a wrong field with a plain-text 400 that says "line 1 column
//! 57"; a phone app needs to know which field is wrong. `serde_path_to_error` gives the
//! path (`extras.re.fox`), so a bad value becomes a 422 problem naming it, and only
//! unparsable text stays a 400.

use std::future::Future;
use std::pin::Pin;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use serde::de::DeserializeOwned;

use crate::error::{ApiError, FieldError};

/// The most a JSON body may weigh; a whole deal replay is about 1 KiB.
pub const BODY_LIMIT: usize = 64 * 1024;

/// A JSON request body of type `T`.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for JsonBody<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = web::Bytes::from_request(req, payload);
        Box::pin(async move {
            let bytes = body
                .await
                .map_err(|e| ApiError::MalformedBody(format!("cannot read the body: {e}")))?;
            if bytes.len() > BODY_LIMIT {
                return Err(ApiError::MalformedBody(format!(
                    "the body is larger than {BODY_LIMIT} bytes"
                )));
            }
            parse(&bytes).map(JsonBody)
        })
    }
}

/// Parses `bytes` as a `T`, naming the field at fault.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        match inner.classify() {
            serde_json::error::Category::Data => {
                let message = strip_position(&inner.to_string());
                let (field, code) = field_and_code(&path, &message);
                ApiError::unprocessable(
                    "invalid_body",
                    format!("{field}: {message}"),
                    vec![FieldError::new(field, code, message)],
                )
            }
            _ => ApiError::MalformedBody(inner.to_string()),
        }
    })?;
    de.end()
        .map_err(|e| ApiError::MalformedBody(e.to_string()))?;
    Ok(value)
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
