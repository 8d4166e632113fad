//! A table's join code: issued and revoked by the organiser.

use actix_web::{HttpRequest, HttpResponse, delete, post, web};

use crate::auth::Caller;
use crate::error::{ApiError, Problem};
use crate::services::codes::new_code;
use crate::services::join_codes;
use crate::services::write::create;
use crate::state::AppState;
use crate::wire::join_codes::JoinCodeResponse;

/// Issue a new join code for a table; the table's earlier codes stop working.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id"), ("Idempotency-Key" = Option<String>, Header)),
    security(("bearer" = [])), responses(
    (status = 201, body = JoinCodeResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tables/{id}/join-code")]
pub async fn create_join_code(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let table_id = id.into_inner();
    let code = new_code()?;
    let acting = caller.clone();
    create(&state, &req, &caller, move |conn| {
        join_codes::create(conn, table_id, &acting, &code)
    })
    .await
}

/// Revoke a table's join code: it and every captain token made from it stop working.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id")),
    security(("bearer" = [])), responses(
    (status = 204, description = "Revoked"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/tables/{id}/join-code")]
pub async fn revoke_join_code(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let table_id = id.into_inner();
    state
        .db
        .tx(move |conn| join_codes::revoke(conn, table_id, &caller))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}
