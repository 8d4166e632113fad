//! Penalties on a table's deals, recorded, corrected and withdrawn by the organiser for the
//! referee.

use actix_web::http::header::ETAG;
use actix_web::{HttpRequest, HttpResponse, delete, post, put, web};

use crate::auth::Caller;
use crate::error::{ApiError, Problem};
use crate::extract::{JsonBody, if_match, x_reason};
use crate::services::access::organizer_only;
use crate::services::penalties;
use crate::services::write::{create, guarded};
use crate::state::AppState;
use crate::wire::penalties::{CreatePenaltyRequest, UpdatePenaltyRequest};
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

/// Correct a penalty (organisers, for the referee): the whole ruling as it now stands, on
/// its deal or moved to another. Needs `If-Match` with the penalty's version (on the sheet).
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id"), ("penalty_id" = i64, Path), ("If-Match" = String, Header)),
    request_body = UpdatePenaltyRequest, security(("bearer" = [])), responses(
    (status = 200, body = SheetResponse, headers(("ETag" = String, description = "The corrected penalty's version, for the next If-Match"))),
    (status = 412, description = "If-Match names another version: the penalty changed or moved to another deal since it was read", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[put("/tables/{id}/penalties/{penalty_id}")]
pub async fn update_penalty(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    path: web::Path<(i64, i64)>,
    body: JsonBody<UpdatePenaltyRequest>,
) -> Result<HttpResponse, ApiError> {
    organizer_only(&caller)?;
    let (table_id, id) = path.into_inner();
    let version = if_match(&req)?;
    let (request, reason) = body.0.split();
    let ruling = penalties::ruling(request)?;
    let (sheet, version) = guarded(&state, move |conn| {
        penalties::update(
            conn,
            table_id,
            id,
            &version,
            &caller,
            &ruling,
            reason.as_deref(),
        )
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header((ETAG, format!("\"{version}\"")))
        .json(sheet))
}

/// Withdraw a penalty (organisers, for the referee); its points leave the sheet and the
/// standings. Needs `If-Match` with its version; `X-Reason` is kept in the audit log.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id"), ("penalty_id" = i64, Path), ("If-Match" = String, Header), ("X-Reason" = Option<String>, Header)),
    security(("bearer" = [])), responses(
    (status = 200, body = SheetResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/tables/{id}/penalties/{penalty_id}")]
pub async fn delete_penalty(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    path: web::Path<(i64, i64)>,
) -> Result<web::Json<SheetResponse>, ApiError> {
    organizer_only(&caller)?;
    let (table_id, id) = path.into_inner();
    let version = if_match(&req)?;
    let reason = x_reason(&req)?;
    let sheet = guarded(&state, move |conn| {
        penalties::delete(conn, table_id, id, &version, &caller, reason.as_deref())
    })
    .await?;
    Ok(web::Json(sheet))
}
