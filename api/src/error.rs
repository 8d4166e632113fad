//! The API's one error type and its RFC 9457 `application/problem+json` body.
//!
//! Handlers and services return `Result<_, ApiError>`. The repositories in `db` return
//! diesel's `QueryResult`, turned into an `ApiError` by the one conversion in `db`; domain
//! errors are mapped in `domain_errors`. Every problem carries a stable snake_case `code`
//! for clients, and input problems list the offending fields. Internal causes are logged,
//! never sent.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

/// The media type of every error body.
pub const PROBLEM_JSON: &str = "application/problem+json";

/// A problem with one field of the request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct FieldError {
    /// Where in the body: `re_points`, `extras.kontra.fox`, `events[17]`.
    #[schema(example = "re_points")]
    pub field: String,
    /// Stable machine-readable reason.
    #[schema(example = "out_of_range")]
    pub code: String,
    /// The reason in words.
    #[schema(example = "card points must be between 0 and 240, got 250")]
    pub message: String,
}

impl FieldError {
    /// A field error.
    pub fn new(field: impl Into<String>, code: &str, message: impl Into<String>) -> FieldError {
        FieldError {
            field: field.into(),
            code: code.to_owned(),
            message: message.into(),
        }
    }
}

/// An RFC 9457 problem document.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Problem {
    /// Always `about:blank` for now: the `code` says what happened.
    #[serde(rename = "type")]
    #[schema(example = "about:blank")]
    pub type_: String,
    /// The HTTP status text.
    #[schema(example = "Unprocessable Entity")]
    pub title: String,
    /// The HTTP status code.
    #[schema(example = 422)]
    pub status: u16,
    /// What went wrong, for people.
    #[schema(example = "the deal cannot have happened")]
    pub detail: String,
    /// Stable machine-readable code.
    #[schema(example = "invalid_deal")]
    pub code: String,
    /// The offending fields, for input problems.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<FieldError>,
    /// For conflicts: the resource as it is now (e.g. the current score sheet), so a client
    /// can show it without asking again.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub current: Option<serde_json::Value>,
}

/// Everything a handler can fail with.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The body is not JSON at all (400).
    #[error("the request body is not valid JSON: {0}")]
    MalformedBody(String),
    /// The body is larger than the service takes (413).
    #[error("the request body is larger than {limit} bytes")]
    PayloadTooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// Well-formed input that cannot be accepted (422); `code` names the kind.
    #[error("{detail}")]
    Unprocessable {
        /// Stable code of the problem.
        code: &'static str,
        /// Summary for people.
        detail: String,
        /// The fields at fault.
        errors: Vec<FieldError>,
    },
    /// No valid token where one is needed (401).
    #[error("a valid bearer token is required")]
    Unauthenticated,
    /// A log-in with an e-mail and password that do not match an account (401). The answer
    /// does not say which of the two is wrong, so it cannot tell which e-mails exist.
    #[error("the e-mail or password is wrong")]
    InvalidCredentials,
    /// A join code nobody can join with (401): unknown, revoked or replaced by a newer
    /// one. One answer for all three, so codes cannot be probed.
    #[error(
        "this join code does not open a table (mistyped, revoked or replaced); ask the organiser for the table's current code"
    )]
    InvalidJoinCode,
    /// A valid token that does not reach this resource (403).
    #[error("this token does not allow that")]
    Forbidden,
    /// `/metrics` asked from elsewhere than the service's own machine, or through a proxy,
    /// without the token that opens it from anywhere (403).
    #[error(
        "/metrics answers requests from the service's own machine only; from elsewhere, set KARLCHEN_METRICS_TOKEN on the service and send it as a bearer token"
    )]
    MetricsTokenNeeded,
    /// No such resource, or one the caller may not see (404).
    #[error("not found")]
    NotFound,
    /// The request contradicts the current state (409); `current` shows that state.
    #[error("{detail}")]
    Conflict {
        /// Stable code of the conflict.
        code: &'static str,
        /// Summary for people.
        detail: String,
        /// The resource as it is now.
        current: Option<serde_json::Value>,
    },
    /// The request contradicts the current state (409), and `errors` names the field of the
    /// request that says to go ahead anyway (`force`, `early`) or the one at fault;
    /// `current` shows what stands in the way.
    #[error("{detail}")]
    Refused {
        /// Stable code of the conflict.
        code: &'static str,
        /// Summary for people.
        detail: String,
        /// The field that would override it, or is at fault.
        errors: Vec<FieldError>,
        /// What stands in the way.
        current: Option<serde_json::Value>,
    },
    /// What the request names existed but is used up for good (410): an invitation link
    /// that was used, withdrawn or has expired; `code` says which.
    #[error("{detail}")]
    Gone {
        /// Stable code of why.
        code: &'static str,
        /// Summary for people.
        detail: String,
    },
    /// `If-Match` names an old version (412).
    #[error("the resource has changed since version {given}; it is at version {current}")]
    PreconditionFailed {
        /// The version the client sent.
        given: String,
        /// The version stored.
        current: i32,
    },
    /// A correction without `If-Match` (428).
    #[error("corrections need an If-Match header with the deal's version")]
    PreconditionRequired,
    /// The method is not allowed on the resource (405).
    #[error("method not allowed")]
    MethodNotAllowed,
    /// Too many log-in or join attempts (429); retry after `retry_after` seconds.
    #[error("too many attempts; try again in {retry_after} seconds")]
    RateLimited {
        /// Seconds until an attempt is counted again (`Retry-After`).
        retry_after: u64,
    },
    /// A dependency (the database) is not available (503).
    #[error("service unavailable")]
    Unavailable(#[source] anyhow::Error),
    /// Every live standings stream the service allows is open, in all or from this
    /// address (503, retry later or poll).
    #[error("too many live standings streams are open; poll the standings instead")]
    TooManyStreams,
    /// The database's disk is full: nothing was stored (503, retry later).
    #[error("the server's storage is full")]
    StorageFull(#[source] anyhow::Error),
    /// A bug or an unexpected failure (500).
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    /// A 422 for one field.
    pub fn field(
        code: &'static str,
        field: &str,
        field_code: &str,
        message: impl Into<String>,
    ) -> ApiError {
        let message = message.into();
        ApiError::unprocessable(
            code,
            format!("{field}: {message}"),
            vec![FieldError::new(field, field_code, message)],
        )
    }

    /// The 500 for a panic caught at a boundary (a handler, a blocking database closure).
    /// The panic hook (`telemetry`) has already logged where it happened.
    pub fn panicked(payload: &(dyn std::any::Any + Send)) -> ApiError {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_owned());
        ApiError::Internal(anyhow::anyhow!("panicked: {message}"))
    }

    /// A 409 with the given code.
    pub fn conflict(code: &'static str, detail: impl Into<String>) -> ApiError {
        ApiError::Conflict {
            code,
            detail: detail.into(),
            current: None,
        }
    }

    /// A 409 naming `field`, with what stands in the way as `current`.
    pub fn refused(
        code: &'static str,
        detail: impl Into<String>,
        field: &str,
        current: serde_json::Value,
    ) -> ApiError {
        let detail = detail.into();
        ApiError::Refused {
            code,
            errors: vec![FieldError::new(field, code, detail.clone())],
            detail,
            current: Some(current),
        }
    }

    /// A 422 with the given code and fields.
    pub fn unprocessable(
        code: &'static str,
        detail: impl Into<String>,
        errors: Vec<FieldError>,
    ) -> ApiError {
        ApiError::Unprocessable {
            code,
            detail: detail.into(),
            errors,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            ApiError::MalformedBody(_) => "malformed_body",
            ApiError::PayloadTooLarge { .. } => "payload_too_large",
            ApiError::Unprocessable { code, .. } => code,
            ApiError::Unauthenticated => "unauthenticated",
            ApiError::InvalidCredentials => "invalid_credentials",
            ApiError::InvalidJoinCode => "invalid_join_code",
            ApiError::Forbidden => "forbidden",
            ApiError::MetricsTokenNeeded => "metrics_token_needed",
            ApiError::NotFound => "not_found",
            ApiError::Conflict { code, .. }
            | ApiError::Refused { code, .. }
            | ApiError::Gone { code, .. } => code,
            ApiError::PreconditionFailed { .. } => "version_mismatch",
            ApiError::PreconditionRequired => "if_match_required",
            ApiError::MethodNotAllowed => "method_not_allowed",
            ApiError::RateLimited { .. } => "rate_limited",
            ApiError::Unavailable(_) => "unavailable",
            ApiError::StorageFull(_) => "storage_full",
            ApiError::TooManyStreams => "too_many_streams",
            ApiError::Internal(_) => "internal",
        }
    }

    /// The problem document this error answers with.
    pub fn problem(&self) -> Problem {
        let status = self.status_code();
        let current = match self {
            ApiError::Conflict { current, .. } | ApiError::Refused { current, .. } => {
                current.clone()
            }
            _ => None,
        };
        let (detail, errors) = match self {
            ApiError::Unprocessable { detail, errors, .. }
            | ApiError::Refused { detail, errors, .. } => (detail.clone(), errors.clone()),
            // Never show internal causes; they are in the log.
            ApiError::Unavailable(_) => (
                "the database is not available, try again".to_owned(),
                vec![],
            ),
            ApiError::StorageFull(_) => (
                "the server's disk is full, so nothing was stored; the organiser has to free \
                 space, then send it again"
                    .to_owned(),
                vec![],
            ),
            ApiError::Internal(_) => (
                "an unexpected error happened; it has been logged".to_owned(),
                vec![],
            ),
            other => (other.to_string(), vec![]),
        };
        Problem {
            type_: "about:blank".to_owned(),
            title: status.canonical_reason().unwrap_or("Error").to_owned(),
            status: status.as_u16(),
            detail,
            code: self.code().to_owned(),
            errors,
            current,
        }
    }
}

/// Seconds a client waits before sending again what a full disk refused: freeing space
/// takes a person, and the captain's outbox retries by itself.
const STORAGE_FULL_RETRY: u64 = 30;

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::MalformedBody(_) => StatusCode::BAD_REQUEST,
            ApiError::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Unauthenticated
            | ApiError::InvalidCredentials
            | ApiError::InvalidJoinCode => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden | ApiError::MetricsTokenNeeded => StatusCode::FORBIDDEN,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::Conflict { .. } | ApiError::Refused { .. } => StatusCode::CONFLICT,
            ApiError::Gone { .. } => StatusCode::GONE,
            ApiError::PreconditionFailed { .. } => StatusCode::PRECONDITION_FAILED,
            ApiError::PreconditionRequired => StatusCode::PRECONDITION_REQUIRED,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) | ApiError::StorageFull(_) | ApiError::TooManyStreams => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        // A stream refused past the caps is the service working as meant (counted in
        // `/metrics`), not an error to log a line for each of a thousand watchers.
        if self.status_code().is_server_error() && !matches!(self, ApiError::TooManyStreams) {
            tracing::error!(error = ?self, "request failed");
        }
        let body = serde_json::to_string(&self.problem()).unwrap_or_default();
        let mut response = HttpResponse::build(self.status_code());
        // Every 401 names the scheme that would get in (RFC 9110), a failed log-in too.
        if matches!(
            self,
            ApiError::Unauthenticated | ApiError::InvalidCredentials | ApiError::InvalidJoinCode
        ) {
            response.insert_header(("WWW-Authenticate", "Bearer"));
        }
        if let ApiError::RateLimited { retry_after } = self {
            response.insert_header(("Retry-After", retry_after.to_string()));
        }
        if let ApiError::StorageFull(_) | ApiError::TooManyStreams = self {
            response.insert_header(("Retry-After", STORAGE_FULL_RETRY.to_string()));
        }
        // A refused stream's connection is closed, not kept alive: past the cap every
        // socket counts against the open-file limit, and the client asks again later.
        if let ApiError::TooManyStreams = self {
            response.force_close();
        }
        let mut response = response.content_type(PROBLEM_JSON).body(body);
        crate::security::set_headers(response.headers_mut(), crate::security::API_CSP);
        response
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> ApiError {
        ApiError::Internal(anyhow::anyhow!("blocking task failed: {e}"))
    }
}
