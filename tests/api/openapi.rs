//! The OpenAPI document: the committed file is what the server serves, and Swagger UI is
//! served from the binary.

use actix_web::http::StatusCode;
use service_tests::{TestApp, call, get};

const COMMITTED: &str = include_str!("../../openapi/openapi.json");

#[test]
fn committed_document_is_up_to_date() {
    let generated = api::openapi::document_json();
    assert!(
        generated == COMMITTED,
        "openapi/openapi.json is out of date; run: cargo run -p karlchen-api --bin gen-openapi"
    );
}

#[actix_web::test]
async fn the_server_serves_the_committed_document_and_swagger_ui() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let answer = call(&service, get("/api/openapi.json")).await;
    assert_eq!(answer.status, StatusCode::OK);
    let committed: serde_json::Value = serde_json::from_str(COMMITTED).unwrap();
    assert!(
        answer.json == committed,
        "the served document differs from openapi/openapi.json"
    );
    assert_eq!(answer.json["openapi"], "3.1.0");
    for path in ["/api/v1/score", "/api/v1/replay", "/health/ready"] {
        assert!(answer.json["paths"][path].is_object(), "{path} documented");
    }
    // Typed without the slash, the address still leads there.
    let bare = actix_web::test::call_service(
        &service,
        actix_web::test::TestRequest::get()
            .uri("/api/docs")
            .to_request(),
    )
    .await;
    assert_eq!(bare.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(
        bare.headers().get("location").and_then(|v| v.to_str().ok()),
        Some("/api/docs/")
    );
    let ui = call(&service, get("/api/docs/")).await;
    assert_eq!(ui.status, StatusCode::OK);
    assert!(ui.text.contains("swagger-ui"), "{}", ui.text);
    let script = call(&service, get("/api/docs/swagger-ui-bundle.js")).await;
    assert_eq!(
        script.status,
        StatusCode::OK,
        "Swagger UI assets come from the binary"
    );
    assert!(script.text.len() > 100_000);
}
