//! The players' signatures under a table's complete sheet: given on the captain's phone,
//! taken back after a wrong tap, cleared by any later change to the sheet.

use actix_web::{HttpRequest, HttpResponse, delete, post, web};

use crate::auth::Caller;
use crate::error::{ApiError, Problem};
use crate::extract::JsonBody;
use crate::services::access::require_token;
use crate::services::signatures;
use crate::services::write::{guarded, once};
use crate::state::AppState;
use crate::wire::sheet::SheetResponse;
use crate::wire::signatures::SignRequest;

/// A player of the table signs its complete sheet (its captain while the round is open, or
/// an organiser). Signing again changes nothing. Any later correction, deletion or penalty
/// clears the table's signatures. Takes an `Idempotency-Key`. Answers the sheet.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id"), ("Idempotency-Key" = Option<String>, Header)),
    request_body = SignRequest, security(("bearer" = [])), responses(
    (status = 200, body = SheetResponse),
    (status = 409, description = "The sheet is not complete (`sheet_incomplete`, `current` holds the sheet) or the round is closed for captains (`round_closed`)", body = Problem, content_type = "application/problem+json"),
    (status = 422, description = "The player does not sit at the table (`player_not_at_table`, field `player_id`)", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tables/{id}/signatures")]
pub async fn sign(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    id: web::Path<i64>,
    body: JsonBody<SignRequest>,
) -> Result<HttpResponse, ApiError> {
    require_token(&caller)?;
    let table_id = id.into_inner();
    let player_id = body.0.player_id;
    let acting = caller.clone();
    once(&state, &req, &caller, 200, move |conn| {
        signatures::sign(conn, table_id, &acting, player_id)
    })
    .await
}

/// Take back a player's signature (a wrong tap): its captain until the round is closed, an
/// organiser at any time. A signature that is not there changes nothing. Answers the sheet.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id"), ("player_id" = i64, Path)),
    security(("bearer" = [])), responses(
    (status = 200, body = SheetResponse),
    (status = 422, description = "The player does not sit at the table (`player_not_at_table`)", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/tables/{id}/signatures/{player_id}")]
pub async fn withdraw(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(i64, i64)>,
) -> Result<web::Json<SheetResponse>, ApiError> {
    require_token(&caller)?;
    let (table_id, player_id) = path.into_inner();
    let answer = guarded(&state, move |conn| {
        signatures::withdraw(conn, table_id, &caller, player_id)
    })
    .await?;
    Ok(web::Json(answer))
}
