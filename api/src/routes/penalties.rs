//! Penalties on a table's deals, recorded by the organiser for the referee.

use actix_web::{HttpRequest, HttpResponse, post, web};

use crate::auth::Caller;
use crate::error::{ApiError, Problem};
use crate::extract::JsonBody;
use crate::services::penalties;
use crate::services::write::create;
use crate::state::AppState;
use crate::wire::penalties::CreatePenaltyRequest;
use crate::wire::sheet::SheetResponse;

/// Record a penalty on a deal (organisers, for the referee). Its points come from the TSR's
/// patterns and count in the totals.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id"), ("Idempotency-Key" = Option<String>, Header)),
    request_body = CreatePenaltyRequest, security(("bearer" = [])), responses(
    (status = 201, body = SheetResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tables/{id}/penalties")]
pub async fn create_penalty(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    id: web::Path<i64>,
    body: JsonBody<CreatePenaltyRequest>,
) -> Result<HttpResponse, ApiError> {
    let table_id = id.into_inner();
    let ruling = penalties::ruling(body.0)?;
    let acting = caller.clone();
    create(&state, &req, &caller, move |conn| {
        penalties::create(conn, table_id, &acting, &ruling)
    })
    .await
}
