//! The results document's body (`POST /api/v1/results`): up to [`DOCUMENT_LIMIT`] bytes,
//! one import at a time, parsed without a JSON tree.
//!
//! A 30 MiB document parsed through `serde_json::Value` (as every small body is, see
//! [`super::parse`]) peaked at ten times its size, and four at once at forty. Here the body
//! is read once, checked in one pass that builds nothing (syntax, NUL characters, overlong
//! texts, naming where), then parsed straight into the typed document; and imports wait
//! for each other before they read their bodies, so four at once hold one body in memory
//! beside the three on the wire. `scripts/bench-import` measures it (BENCHMARKS.md).

use std::cell::RefCell;
use std::fmt;
use std::future::Future;
use std::pin::Pin;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::{check_text, invalid_field, remember_digest};
use crate::error::ApiError;

/// The most a results document may weigh (`POST /api/v1/results`): a German championship
/// (170 players, 8 rounds of 24 deals) with its audit log is 7 MB.
pub const DOCUMENT_LIMIT: usize = 32 * 1024 * 1024;

/// A request body of at most [`DOCUMENT_LIMIT`] bytes: a whole tournament's results
/// document, far above the [`super::BODY_LIMIT`] that every other body is held to. It
/// holds the one import's turn until it is dropped, after the import.
#[derive(Debug)]
pub struct DocumentBody {
    /// The body.
    pub bytes: web::Bytes,
    _turn: OwnedSemaphorePermit,
}

/// Imports take turns: each holds its document and its parsed form in memory. The API's
/// body and the desk's upload (`pages::admin::results_import`) share the one turn.
pub(crate) fn turn() -> std::sync::Arc<Semaphore> {
    static TURN: std::sync::OnceLock<std::sync::Arc<Semaphore>> = std::sync::OnceLock::new();
    TURN.get_or_init(|| std::sync::Arc::new(Semaphore::new(1)))
        .clone()
}

impl FromRequest for DocumentBody {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let payload = web::Payload::from_request(req, payload);
        let req = req.clone();
        Box::pin(async move {
            // Before the body is read: a waiting import's body stays on the wire.
            let permit = turn()
                .acquire_owned()
                .await
                .map_err(|e| ApiError::Internal(e.into()))?;
            let payload = payload
                .await
                .map_err(|e| ApiError::MalformedBody(format!("cannot read the body: {e}")))?;
            let bytes = payload
                .to_bytes_limited(DOCUMENT_LIMIT)
                .await
                .map_err(|_| ApiError::PayloadTooLarge {
                    limit: DOCUMENT_LIMIT,
                })?
                .map_err(|e| ApiError::MalformedBody(format!("cannot read the body: {e}")))?;
            remember_digest(&req, &bytes);
            Ok(DocumentBody {
                bytes,
                _turn: permit,
            })
        })
    }
}

/// Parses a large body as a `T` with the answers of [`super::parse`] (400 for broken JSON,
/// 422 naming the field for a text or value at fault) without building a JSON tree.
pub fn parse_document<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let fault = RefCell::new(None);
    let mut checked = serde_json::Deserializer::from_slice(bytes);
    let walked = Texts {
        at: &Path::Root,
        fault: &fault,
    }
    .deserialize(&mut checked)
    .and_then(|()| checked.end());
    if let Some(e) = fault.into_inner() {
        return Err(e);
    }
    walked.map_err(|e| ApiError::MalformedBody(e.to_string()))?;
    // The JSON is sound, so whatever fails now is a value in the wrong place.
    let mut typed = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut typed).map_err(invalid_field)
}

/// Where in the document a value sits, rendered only for a fault.
enum Path<'a> {
    Root,
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Path::Root => Ok(()),
            Path::Key(Path::Root, key) => write!(f, "{key}"),
            Path::Key(parent, key) => write!(f, "{parent}.{key}"),
            Path::Index(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

/// Walks one value, checking every text in it (keys too) and keeping nothing; the first
/// fault is put in `fault` and ends the walk.
struct Texts<'a> {
    at: &'a Path<'a>,
    fault: &'a RefCell<Option<ApiError>>,
}

impl Texts<'_> {
    fn check<E: de::Error>(&self, field: &str, text: &str) -> Result<(), E> {
        check_text(field, text).map_err(|e| {
            *self.fault.borrow_mut() = Some(e);
            E::custom("a text at fault")
        })
    }
}

impl<'de> DeserializeSeed<'de> for Texts<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Texts<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<(), E> {
        self.check(&self.at.to_string(), text)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<(), A::Error> {
        let mut i = 0;
        while items
            .next_element_seed(Texts {
                at: &Path::Index(self.at, i),
                fault: self.fault,
            })?
            .is_some()
        {
            i += 1;
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut fields: A) -> Result<(), A::Error> {
        while let Some(key) = fields.next_key::<std::borrow::Cow<'de, str>>()? {
            let at = Path::Key(self.at, &key);
            self.check(&at.to_string(), &key)?;
            fields.next_value_seed(Texts {
                at: &at,
                fault: self.fault,
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::parse_document;
    use crate::error::ApiError;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Doc {
        name: String,
        deals: Vec<Deal>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Deal {
        number: i32,
        entry: serde_json::Value,
    }

    /// The field and code of a 422, or the status of anything else.
    fn refused(body: &str) -> (String, String) {
        match parse_document::<Doc>(body.as_bytes()).unwrap_err() {
            ApiError::Unprocessable { errors, .. } => {
                (errors[0].field.clone(), errors[0].code.clone())
            }
            ApiError::MalformedBody(_) => ("(400)".to_owned(), String::new()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_document_parses_straight_into_its_type() {
        let doc: Doc = parse_document(
            br#"{"name": "Cup", "deals": [{"number": 1, "entry": {"re": [0, 1]}}]}"#,
        )
        .unwrap();
        assert_eq!(doc.name, "Cup");
        assert_eq!(doc.deals[0].entry["re"][1], 1);
    }

    #[test]
    fn faults_are_answered_as_the_small_bodies_are() {
        // Broken JSON, also after a sound value, is a 400.
        assert_eq!(refused(r#"{"name": "Cup", "deals": [}"#).0, "(400)");
        assert_eq!(refused(r#"{"name": "Cup", "deals": []} x"#).0, "(400)");
        // A NUL or an overlong text anywhere, keys too, names where it is.
        assert_eq!(
            refused(r#"{"name": "Cup", "deals": [{"number": 1, "entry": {"by": "a\u0000b"}}]}"#),
            (
                "deals[0].entry.by".to_owned(),
                "invalid_character".to_owned()
            )
        );
        let long = "x".repeat(crate::extract::TEXT_LIMIT + 1);
        assert_eq!(
            refused(&format!(
                r#"{{"name": "Cup", "deals": [{{"number": 1, "entry": {{"{long}": 1}}}}]}}"#
            )),
            (format!("deals[0].entry.{long}"), "too_long".to_owned())
        );
        assert_eq!(
            refused(&format!(r#"{{"name": "{long}", "deals": []}}"#)),
            ("name".to_owned(), "too_long".to_owned())
        );
        // Sound JSON with a value of the wrong kind: a 422 naming the field.
        assert_eq!(
            refused(r#"{"name": "Cup", "deals": [{"number": "one", "entry": {}}]}"#).0,
            "deals[0].number"
        );
        assert_eq!(
            refused(r#"{"name": "Cup"}"#),
            ("deals".to_owned(), "required".to_owned())
        );
    }
}
