//! Routes that do not exist and methods that are not allowed answer with problems too.

use actix_web::http::StatusCode;
use service_tests::{TestApp, call, get};

#[actix_web::test]
async fn unknown_routes_are_problem_404s() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let answer = call(&service, get("/api/v1/nothing-here")).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert_eq!(answer.content_type, "application/problem+json");
    assert_eq!(answer.json["code"], "not_found");
}

#[actix_web::test]
async fn wrong_methods_are_problem_405s() {
    let app = TestApp::sqlite().await;
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let answer = call(&service, get("/api/v1/score")).await;
    assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(answer.json["code"], "method_not_allowed");
}

#[test]
fn every_error_variant_has_its_status_and_code() {
    use actix_web::ResponseError;
    use api::error::ApiError;
    let cases = [
        (ApiError::MalformedBody("x".into()), 400, "malformed_body"),
        (
            ApiError::unprocessable("invalid_deal", "d", vec![]),
            422,
            "invalid_deal",
        ),
        (ApiError::Unauthenticated, 401, "unauthenticated"),
        (ApiError::InvalidCredentials, 401, "invalid_credentials"),
        (ApiError::InvalidJoinCode, 401, "invalid_join_code"),
        (ApiError::Forbidden, 403, "forbidden"),
        (ApiError::NotFound, 404, "not_found"),
        (
            ApiError::conflict("round_closed", "closed"),
            409,
            "round_closed",
        ),
        (
            ApiError::refused("round_incomplete", "t", "force", serde_json::json!({})),
            409,
            "round_incomplete",
        ),
        (
            ApiError::PreconditionFailed {
                given: "1".into(),
                current: 2,
            },
            412,
            "version_mismatch",
        ),
        (ApiError::PreconditionRequired, 428, "if_match_required"),
        (ApiError::MethodNotAllowed, 405, "method_not_allowed"),
        (
            ApiError::Unavailable(anyhow::anyhow!("pool timeout")),
            503,
            "unavailable",
        ),
        (
            ApiError::Internal(anyhow::anyhow!("secret cause")),
            500,
            "internal",
        ),
    ];
    for (error, status, code) in cases {
        assert_eq!(error.status_code().as_u16(), status);
        let problem = error.problem();
        assert_eq!((problem.status, problem.code.as_str()), (status, code));
        // Internal causes stay in the log.
        assert!(!problem.detail.contains("secret") && !problem.detail.contains("pool timeout"));
    }
    // A refusal names the field that overrides it and shows what stands in the way.
    let refused = ApiError::refused(
        "earlier_round_open",
        "round 1 is open",
        "early",
        serde_json::json!({"open_rounds": [1]}),
    )
    .problem();
    assert_eq!(refused.errors[0].field, "early");
    assert_eq!(refused.errors[0].code, "earlier_round_open");
    assert_eq!(
        refused.current,
        Some(serde_json::json!({"open_rounds": [1]}))
    );
    for error in [
        ApiError::Unauthenticated,
        ApiError::InvalidCredentials,
        ApiError::InvalidJoinCode,
    ] {
        assert_eq!(
            error
                .error_response()
                .headers()
                .get("WWW-Authenticate")
                .unwrap(),
            "Bearer"
        );
    }
}

#[test]
fn database_errors_map_to_statuses() {
    use actix_web::ResponseError;
    use api::error::ApiError;
    use diesel::result::{DatabaseErrorKind, Error};
    let unique = Error::DatabaseError(
        DatabaseErrorKind::UniqueViolation,
        Box::new("dup".to_owned()),
    );
    assert_eq!(ApiError::from(unique).status_code().as_u16(), 409);
    assert_eq!(ApiError::from(Error::NotFound).status_code().as_u16(), 404);
    let closed = Error::DatabaseError(
        DatabaseErrorKind::ClosedConnection,
        Box::new("gone".to_owned()),
    );
    assert_eq!(ApiError::from(closed).status_code().as_u16(), 503);
    assert_eq!(
        ApiError::from(Error::RollbackTransaction)
            .status_code()
            .as_u16(),
        500
    );
}
