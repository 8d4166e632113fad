//! The one application factory, used by the server and by the tests alike.

use std::sync::OnceLock;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Service, ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header::{CONTENT_TYPE, REFERRER_POLICY};
use actix_web::middleware::Next;
use actix_web::{App, HttpMessage, HttpRequest, HttpResponse, web};
use tracing_actix_web::TracingLogger;
use utoipa::OpenApi;
use utoipa_actix_web::AppExt;
use utoipa_swagger_ui::{Config, SwaggerUi};

use crate::error::ApiError;
use crate::openapi::ApiDoc;
use crate::routes;
use crate::state::AppState;
use crate::telemetry::AccessLogSpan;

/// The OpenAPI document as served, the same for every worker and every app of the process.
static OPENAPI_JSON: OnceLock<web::Bytes> = OnceLock::new();

/// Builds the application around `state`: the documented API, its OpenAPI document and
/// Swagger UI (served from the binary, no network), and problem+json for unknown routes.
pub fn build(
    state: AppState,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let metrics = state.metrics.clone();
    let (app, doc) = App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .app_data(web::Data::new(state))
        .app_data(web::PayloadConfig::new(crate::extract::BODY_LIMIT))
        // Path and query parsing errors answer with problems too, like everything else.
        .app_data(web::PathConfig::default().error_handler(|_, _| ApiError::NotFound.into()))
        .app_data(web::QueryConfig::default().error_handler(|e, _| {
            ApiError::field("invalid_query", "query", "invalid_value", e.to_string()).into()
        }))
        // A page's form that does not parse (the join code, a signature) is a problem with
        // a stable code too, not the framework's plain-text 400.
        .app_data(
            web::FormConfig::default()
                .limit(crate::extract::BODY_LIMIT)
                .error_handler(|e, _| ApiError::MalformedBody(format!("not a form: {e}")).into()),
        )
        .configure(routes::configure)
        .split_for_parts();
    // Every worker builds its own `App`, and Swagger UI's own document route would keep a
    // copy of the document in each: serialised once, the workers share one.
    let document = OPENAPI_JSON
        .get_or_init(|| web::Bytes::from(serde_json::to_vec(&doc).unwrap_or_default()))
        .clone();
    drop(doc);
    app.service(SwaggerUi::new("/api/docs/{_:.*}").config(Config::from("/api/openapi.json")))
        .route(
            "/api/openapi.json",
            web::get().to(move || {
                let document = document.clone();
                async move {
                    HttpResponse::Ok()
                        .content_type(actix_web::http::header::ContentType::json())
                        .body(document)
                }
            }),
        )
        // The address without its slash, as people type it, leads to the docs too.
        .route(
            "/api/docs",
            web::get().to(|| async {
                HttpResponse::PermanentRedirect()
                    .insert_header((actix_web::http::header::LOCATION, "/api/docs/"))
                    .finish()
            }),
        )
        .configure(crate::pages::configure)
        .default_service(web::to(not_found))
        // gzip or brotli as the client accepts; not the live streams (they say `identity`).
        .wrap(actix_web::middleware::Compress::default())
        .wrap(actix_web::middleware::from_fn(screen_sessions))
        .wrap_fn(crate::catch_panic::catch_panics)
        .wrap_fn(security_headers)
        .wrap_fn(move |req, service| crate::metrics::observe(&metrics, req, service))
        // Not `TracingLogger::default()`: its span logs the full URL, preview tokens included.
        .wrap(TracingLogger::<AccessLogSpan>::new())
        // Outermost: the span above reads the id.
        .wrap_fn(crate::telemetry::request_id)
}

pub use crate::security::{API_CSP, DOCS_CSP, PAGE_CSP};

/// Before any handler: screens the organisers' tokens the request presents (its bearer
/// token, the desk's cookie, a preview link) against the stored sessions, so that one
/// signed out, or one of a changed password or a removed account, opens nothing
/// (`services::sessions::screen`). A request with none costs nothing.
async fn screen_sessions(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let mut tokens = crate::pages::presented_tokens(req.request());
    if let Some(bearer) = crate::auth::extract::bearer(req.request()) {
        tokens.push(bearer.to_owned());
    }
    if !tokens.is_empty()
        && let Some(state) = req.app_data::<web::Data<AppState>>().cloned()
    {
        match crate::services::sessions::screen(&state, tokens).await {
            Ok(screened) => {
                req.extensions_mut().insert(screened);
            }
            Err(e) => return Ok(req.error_response(e)),
        }
    }
    Ok(next.call(req).await?.map_into_boxed_body())
}

/// For `App::wrap_fn`: the security headers on every answer, errors included. Headers a
/// handler set itself are kept.
fn security_headers<S, B>(
    req: ServiceRequest,
    service: &S,
) -> impl Future<Output = Result<ServiceResponse<B>, actix_web::Error>> + use<S, B>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
{
    let docs = req.path().starts_with("/api/docs/");
    let answer = service.call(req);
    async move {
        let mut answer = answer.await?;
        let headers = answer.headers_mut();
        let html = headers
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/html"));
        let csp = match (html, docs) {
            (true, true) => DOCS_CSP,
            (true, false) => PAGE_CSP,
            (false, _) => API_CSP,
        };
        if csp == PAGE_CSP && !headers.contains_key(REFERRER_POLICY) {
            // Pages send their own origin with a form they post (the captain's forms are
            // checked against it); `no-referrer` would make the browser send `Origin: null`.
            headers.insert(
                REFERRER_POLICY,
                actix_web::http::header::HeaderValue::from_static("same-origin"),
            );
        }
        crate::security::set_headers(headers, csp);
        Ok(answer)
    }
}

/// Unknown routes answer with a problem too; a known path with the wrong method is a 405.
async fn not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let known = [
        "/api/v1/score",
        "/api/v1/replay",
        "/health/live",
        "/health/ready",
        "/metrics",
    ];
    if known.contains(&req.path()) {
        Err(ApiError::MethodNotAllowed)
    } else {
        Err(ApiError::NotFound)
    }
}
