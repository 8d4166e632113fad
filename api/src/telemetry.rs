//! Logging: `tracing` to stderr (stdout stays clean for the command line), filtered by
//! `RUST_LOG`, as text or JSON; the access log's request span, with credentials in a query
//! string redacted; and every request's id (`X-Request-Id`), in its span and its answer.

use std::borrow::Cow;

use std::future::Future;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceRequest, ServiceResponse};
use actix_web::error::InternalError;
use actix_web::http::header::{HeaderName, HeaderValue, USER_AGENT};
use actix_web::http::{Uri, Version};
use actix_web::{Error, HttpMessage};
use tracing::Span;
use tracing::field::Empty;
use tracing_actix_web::{DefaultRootSpanBuilder, RootSpanBuilder};
use tracing_subscriber::EnvFilter;

/// The header that carries a request's id, both ways.
pub const X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The longest id taken from a client.
pub const MAX_REQUEST_ID: usize = 64;

/// A request's id: the client's `X-Request-Id` when it is a sane one (a proxy or a load
/// balancer in front names the request in its own log, and both logs then agree), else one
/// made here. Every log line of the request carries it, and the answer sends it back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestId(pub String);

impl RequestId {
    /// The client's id if it is 1 to [`MAX_REQUEST_ID`] characters of `A-Z a-z 0-9 . _ -`
    /// (anything else could forge or break log lines), else a new one.
    pub fn of(given: Option<&HeaderValue>) -> RequestId {
        given
            .and_then(|v| v.to_str().ok())
            .filter(|v| {
                (1..=MAX_REQUEST_ID).contains(&v.len())
                    && v.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
            })
            .map_or_else(RequestId::new, |v| RequestId(v.to_owned()))
    }

    /// A new id: 128 random bits as 32 hex digits, unique across instances and restarts.
    fn new() -> RequestId {
        let mut bytes = [0u8; 16];
        if getrandom::fill(&mut bytes).is_err() {
            // No randomness from the system (never seen): the time still tells requests
            // apart well enough for reading a log.
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or_default();
            bytes = nanos.to_be_bytes();
        }
        RequestId(bytes.iter().map(|b| format!("{b:02x}")).collect())
    }
}

/// For `App::wrap_fn`, outermost: gives the request its [`RequestId`] before the access
/// log's span is opened (the span reads it), and names it in the answer's `X-Request-Id`,
/// an error's answer too.
pub fn request_id<S, B>(
    req: ServiceRequest,
    service: &S,
) -> impl Future<Output = Result<ServiceResponse<B>, Error>> + use<S, B>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = Error>,
{
    let id = RequestId::of(req.headers().get(X_REQUEST_ID));
    let value = HeaderValue::from_str(&id.0).ok();
    req.extensions_mut().insert(id);
    let answer = service.call(req);
    async move {
        match (answer.await, value) {
            (Ok(mut answer), Some(value)) => {
                answer.headers_mut().insert(X_REQUEST_ID, value);
                Ok(answer)
            }
            // An error (a caught panic) is answered by the server from the error alone (the
            // request cannot be kept here: routing needs it held once): the error then
            // carries its answer with the id.
            (Err(e), Some(value)) => {
                let mut answer = e.error_response();
                answer.headers_mut().insert(X_REQUEST_ID, value);
                Err(InternalError::from_response(e.to_string(), answer).into())
            }
            (answer, None) => answer,
        }
    }
}

/// Installs the global subscriber and the panic hook; a second call (as in tests) is ignored.
pub fn init(json: bool) {
    install_panic_hook();
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // Colour codes only for a person at a terminal: a log file or a container's log gets
    // plain text.
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(terminal)
        // A log line that cannot be written (stderr on a full disk) is dropped. By default
        // the subscriber reports that with `eprintln!`, which panics when stderr fails, and
        // the panic hook's own log line then panicked inside the panic: the process
        // aborted on a full disk.
        .log_internal_errors(false)
        .with_writer(std::io::stderr);
    let _ = if json {
        builder.json().try_init()
    } else {
        builder.try_init()
    };
}

/// Logs a panic as one error line with its location instead of the default multi-line
/// message: the boundaries that catch panics (the panic middleware, `Database::run`) turn it
/// into a 500 and the service goes on, so the log line is all an operator needs.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("a panic without a message");
        let location = info
            .location()
            .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()))
            .unwrap_or_default();
        tracing::error!(%location, "panic: {message}");
    }));
}

/// Query parameters whose value is a credential: an organiser's preview token opens his
/// unpublished pages to whoever holds it, so it must not be readable by whoever reads logs.
const SECRET_PARAMS: &[&str] = &["preview"];

/// What the log shows instead of a secret parameter's value.
pub const REDACTED: &str = "[redacted]";

/// The request span of [`tracing_actix_web::TracingLogger`]: the fields of its default span
/// (so log consumers see the same names), but `http.target` with the values of
/// `SECRET_PARAMS` redacted. The default span records the full URL, and every line logged
/// during a request (its error line included) carries the span's fields.
pub struct AccessLogSpan;

impl RootSpanBuilder for AccessLogSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let info = request.connection_info();
        let user_agent = request
            .headers()
            .get(USER_AGENT)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        let route = request
            .match_pattern()
            .unwrap_or_else(|| "default".to_owned());
        let method = request.method().as_str();
        // `request_id` (outside this middleware) put it in.
        let request_id = request
            .extensions()
            .get::<RequestId>()
            .map(|id| id.0.clone())
            .unwrap_or_default();
        tracing::info_span!(
            "HTTP request",
            http.method = %method,
            http.route = %route,
            http.flavor = %flavor(request.version()),
            http.scheme = %info.scheme(),
            http.host = %info.host(),
            http.client_ip = %info.realip_remote_addr().unwrap_or(""),
            http.user_agent = %user_agent,
            http.target = %loggable_target(request.uri()),
            http.status_code = Empty,
            otel.name = %format_args!("{method} {route}"),
            otel.kind = "server",
            otel.status_code = Empty,
            trace_id = Empty,
            request_id = %request_id,
            exception.message = Empty,
            exception.details = Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

/// The HTTP version as the default span writes it (`1.1`, not `HTTP/1.1`).
fn flavor(version: Version) -> Cow<'static, str> {
    match version {
        Version::HTTP_09 => "0.9".into(),
        Version::HTTP_10 => "1.0".into(),
        Version::HTTP_11 => "1.1".into(),
        Version::HTTP_2 => "2.0".into(),
        Version::HTTP_3 => "3.0".into(),
        other => format!("{other:?}").into(),
    }
}

/// The path and query of `uri` as the log may show them: a join link's code (it opens a
/// table) becomes [`REDACTED`], and each parameter named in `SECRET_PARAMS` keeps its name,
/// its value becomes [`REDACTED`]; everything else is written as it came.
pub fn loggable_target(uri: &Uri) -> Cow<'_, str> {
    let path = loggable_path(uri.path());
    let Some(query) = uri.query() else {
        return path;
    };
    let secret = |pair: &&str| {
        let name = pair.split_once('=').map_or(*pair, |(name, _)| name);
        is_secret(name)
    };
    if !query.split('&').any(|pair| secret(&pair)) {
        return match path {
            Cow::Borrowed(_) => uri
                .path_and_query()
                .map_or(Cow::Borrowed(uri.path()), |pq| Cow::Borrowed(pq.as_str())),
            Cow::Owned(path) => Cow::Owned(format!("{path}?{query}")),
        };
    }
    let redacted: Vec<Cow<'_, str>> = query
        .split('&')
        .map(|pair| {
            if secret(&pair) {
                let name = pair.split_once('=').map_or(pair, |(name, _)| name);
                Cow::Owned(format!("{name}={REDACTED}"))
            } else {
                Cow::Borrowed(pair)
            }
        })
        .collect();
    Cow::Owned(format!("{path}?{}", redacted.join("&")))
}

/// The path as the log may show it: `/join/{code}` is the printed QR code's link, and its
/// code logs a phone into a table.
fn loggable_path(path: &str) -> Cow<'_, str> {
    match path.strip_prefix("/join/") {
        Some(code) if !code.is_empty() => Cow::Owned(format!("/join/{REDACTED}")),
        _ => Cow::Borrowed(path),
    }
}

/// Whether a parameter's raw `name` is a secret one. The name is decoded first as the
/// query extractor decodes it (`+` and `%XX`), so `pr%65view=…` still opens a preview and
/// must be redacted too; the case is ignored, so that a near miss is hidden as well.
fn is_secret(name: &str) -> bool {
    let bytes = name.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (b, hex) {
            (b'%', Some(byte)) => {
                decoded.push(byte);
                i += 3;
            }
            (b'+', _) => {
                decoded.push(b' ');
                i += 1;
            }
            (other, _) => {
                decoded.push(other);
                i += 1;
            }
        }
    }
    let decoded = String::from_utf8_lossy(&decoded);
    SECRET_PARAMS
        .iter()
        .any(|secret| decoded.eq_ignore_ascii_case(secret))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(uri: &str) -> String {
        loggable_target(&uri.parse::<Uri>().unwrap()).into_owned()
    }

    #[test]
    fn preview_values_are_redacted_and_the_rest_kept() {
        assert_eq!(target("/tournaments/7"), "/tournaments/7");
        assert_eq!(target("/tournaments/7?x=1&y"), "/tournaments/7?x=1&y");
        assert_eq!(
            target("/tournaments/7?preview=eyJ.abc.def"),
            "/tournaments/7?preview=[redacted]"
        );
        assert_eq!(
            target("/tournaments/7/plan?a=1&preview=tok&b=2&preview=other"),
            "/tournaments/7/plan?a=1&preview=[redacted]&b=2&preview=[redacted]"
        );
        // Spelled so that the extractor still reads it as `preview`.
        assert_eq!(target("/t?pr%65view=tok"), "/t?pr%65view=[redacted]");
        assert_eq!(target("/t?Preview=tok"), "/t?Preview=[redacted]");
        assert_eq!(target("/t?preview"), "/t?preview=[redacted]");
        // Names that only look alike, and a broken escape, are left alone.
        assert_eq!(
            target("/t?previews=1&xpreview=2"),
            "/t?previews=1&xpreview=2"
        );
        assert_eq!(target("/t?preview%=1"), "/t?preview%=1");
    }

    #[test]
    fn a_sane_request_id_is_kept_and_anything_else_replaced() {
        let given = |v: &str| RequestId::of(Some(&HeaderValue::from_str(v).unwrap())).0;
        assert_eq!(given("lb-7f3a.01_x"), "lb-7f3a.01_x");
        let longest = "a".repeat(MAX_REQUEST_ID);
        assert_eq!(given(&longest), longest);
        for bad in [
            "",
            "a b",
            "a\"x",
            "ä",
            "x=1",
            "a".repeat(MAX_REQUEST_ID + 1).as_str(),
        ] {
            let made = given(bad);
            assert_ne!(made, bad);
            assert_eq!(made.len(), 32, "{bad:?} -> {made}");
            assert!(made.bytes().all(|b| b.is_ascii_hexdigit()));
        }
        let (a, b) = (RequestId::of(None), RequestId::of(None));
        assert_ne!(a, b);
    }

    #[test]
    fn a_join_links_code_is_redacted() {
        assert_eq!(target("/join/KRL794QX"), "/join/[redacted]");
        assert_eq!(
            target("/join/KRL7-94QX?lang=en"),
            "/join/[redacted]?lang=en"
        );
        assert_eq!(
            target("/join/K?preview=t"),
            "/join/[redacted]?preview=[redacted]"
        );
        assert_eq!(target("/join"), "/join");
        assert_eq!(target("/join/"), "/join/");
    }
}
