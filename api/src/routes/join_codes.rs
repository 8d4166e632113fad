//! Join codes: issued for one table or a whole round, read back and revoked by the
//! organiser.

use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};

use crate::auth::Caller;
use crate::error::{ApiError, Problem};
use crate::extract::{RawBody, parse};
use crate::services::codes::new_code;
use crate::services::join_codes;
use crate::services::write::{create, guarded, once};
use crate::state::AppState;
use crate::wire::join_codes::{
    IssueJoinCodesRequest, JoinCodeResponse, RoundJoinCodesResponse, TableJoinCodeResponse,
};

/// Issue a new join code for a table.
///
/// The table's earlier code admits nobody new, but a captain who already joined with it
/// stays logged in; only revoking the code logs captains out.
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

/// Revoke a table's join codes: they and every captain token made from any of them stop
/// working, so the table's captains are logged out.
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
    guarded(&state, move |conn| {
        join_codes::revoke(conn, table_id, &caller)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The live join code of a table, to print its card again (organiser only). `code` is
/// absent when the table has none.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id")),
    security(("bearer" = [])), responses(
    (status = 200, body = TableJoinCodeResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tables/{id}/join-code")]
pub async fn get_join_code(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<TableJoinCodeResponse>, ApiError> {
    let answer = join_codes::of_table(&state, caller, id.into_inner()).await?;
    Ok(web::Json(answer))
}

/// Give every table of a round a join code.
///
/// Tables that have a live code keep it, unless the body asks to `renew`; `issued_now`
/// marks the cards to print. A renewed table's earlier code admits nobody new, but its
/// captain stays logged in. The body may be left out. Send an `Idempotency-Key` to retry
/// safely: a retry gets the first answer.
#[utoipa::path(tag = "rounds", params(("id" = i64, Path, description = "Round id"), ("Idempotency-Key" = Option<String>, Header)),
    request_body(content = Option<IssueJoinCodesRequest>),
    security(("bearer" = [])), responses(
    (status = 200, body = RoundJoinCodesResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/rounds/{id}/join-codes")]
pub async fn issue_round_join_codes(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    id: web::Path<i64>,
    body: RawBody,
) -> Result<HttpResponse, ApiError> {
    let round_id = id.into_inner();
    // No body, or `null`, asks for the defaults (as the document's optional body says).
    let request = if body.0.iter().all(u8::is_ascii_whitespace) {
        IssueJoinCodesRequest::default()
    } else {
        parse::<Option<IssueJoinCodesRequest>>(&body.0)?.unwrap_or_default()
    };
    let acting = caller.clone();
    once(&state, &req, &caller, 200, move |conn| {
        join_codes::issue_for_round(conn, round_id, &acting, &request)
    })
    .await
}

/// The live join codes of every table of a round (organiser only), to print the cards
/// again.
#[utoipa::path(tag = "rounds", params(("id" = i64, Path, description = "Round id")),
    security(("bearer" = [])), responses(
    (status = 200, body = RoundJoinCodesResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/rounds/{id}/join-codes")]
pub async fn list_round_join_codes(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<RoundJoinCodesResponse>, ApiError> {
    let answer = join_codes::of_round(&state, caller, id.into_inner()).await?;
    Ok(web::Json(answer))
}
