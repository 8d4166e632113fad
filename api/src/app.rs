//! The one application factory, used by the server and by the tests alike.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::{App, HttpRequest, HttpResponse, web};
use tracing_actix_web::TracingLogger;
use utoipa::OpenApi;
use utoipa_actix_web::AppExt;
use utoipa_swagger_ui::SwaggerUi;

use crate::error::ApiError;
use crate::openapi::ApiDoc;
use crate::routes;
use crate::state::AppState;

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
        .configure(routes::configure)
        .split_for_parts();
    app.service(SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", doc))
        .configure(crate::pages::configure)
        .default_service(web::to(not_found))
        .wrap(TracingLogger::default())
}

/// Unknown routes answer with a problem too; a known path with the wrong method is a 405.
async fn not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let known = [
        "/api/v1/score",
        "/api/v1/replay",
        "/health/live",
        "/health/ready",
    ];
    if known.contains(&req.path()) {
        Err(ApiError::MethodNotAllowed)
    } else {
        Err(ApiError::NotFound)
    }
}
