//! A table's deals: entered by its captain (or an organiser), corrected with the deal's
//! version in `If-Match`, deleted with later deals moving up. A table that finished on
//! paper has its deals keyed in by the organiser from the paper list (`"entry": "paper"`).

use actix_web::http::header::ETAG;
use actix_web::{HttpRequest, HttpResponse, delete, post, put, web};

use crate::auth::Caller;
use crate::error::{ApiError, Problem};
use crate::extract::{RawBody, if_match, x_reason};
use crate::services::access::require_token;
use crate::services::deals;
use crate::services::idempotency;
use crate::services::write::{guarded, keyed, replied};
use crate::state::AppState;
use crate::wire::deal::DealBody;
use crate::wire::deal_preview::DealPreviewResponse;
use crate::wire::sheet::{DealResponse, SheetResponse};

/// Enter the next deal of a table (its captain while the round is open, or an organiser).
///
/// The server scores it; points sent by a client are never trusted. Takes an
/// `Idempotency-Key`: a retry returns the first answer and enters nothing.
///
/// A table that lost its phone finishes on the paper list; the organiser (only he: 403 for
/// a captain) keys its deals in with `"entry": "paper"`, the contract, the Re party, the
/// value and the winning party. They are checked for the order of play like any entry and
/// score exactly as their full facts would.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id"), ("Idempotency-Key" = Option<String>, Header)),
    request_body = DealBody, security(("bearer" = [])), responses(
    (status = 201, body = DealResponse),
    (status = 409, description = "The number is taken (`deal_number_taken`), skips ahead of the next deal (`deal_number_skipped`) or the sheet is complete; `current` holds the sheet", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tables/{id}/deals")]
pub async fn create_deal(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    id: web::Path<i64>,
    body: RawBody,
) -> Result<HttpResponse, ApiError> {
    // Parsed before anything else, as the typed body extractor did before paper entries.
    let entry = DealBody::parse(&body.0)?;
    require_token(&caller)?;
    let key = idempotency::key(&req, &caller)?;
    let seen = deals::enter(&state, key, id.into_inner(), caller, entry, |d| d).await?;
    Ok(replied(seen))
}

/// What entering a deal would write, without storing anything.
///
/// The same body, the same caller and the same refusals as entering it (`POST
/// /tables/{id}/deals`): the deal as it would stand on the sheet (number, dealer, kind,
/// scores), every seat's total after it, the scorer's breakdown and plausibility hints on
/// legal facts that look like a slip (a missed Absage, 120 card points, all points but not
/// all tricks). Takes no `Idempotency-Key`: it changes nothing.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id")),
    request_body = DealBody, security(("bearer" = [])), responses(
    (status = 200, body = DealPreviewResponse),
    (status = 409, description = "Refused as entering would be: the number is taken or skips ahead, the sheet is complete, the order of play; `current` holds the sheet", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tables/{id}/deals/preview")]
pub async fn preview_deal(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
    body: RawBody,
) -> Result<web::Json<DealPreviewResponse>, ApiError> {
    let entry = DealBody::parse(&body.0)?;
    require_token(&caller)?;
    let table_id = id.into_inner();
    let answer = state
        .db
        .run(move |conn| deals::preview(conn, table_id, &caller, &entry))
        .await?;
    Ok(web::Json(answer))
}

/// Correct a deal (its table's captain while the round is open, an organiser at any time).
///
/// Needs `If-Match` with the deal's version. The whole sheet is re-derived from this deal
/// on (turning a normal game into a Pflichtsolo moves every later dealer); when that makes
/// a later deal impossible the correction is refused with 409 naming it. A deal keyed in
/// from paper, and a correction to the paper form, are the organiser's only. Takes an
/// `Idempotency-Key`: a retry whose answer was lost returns the first answer instead of
/// 412 for the version the correction itself moved on.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id"), ("number" = u16, Path), ("If-Match" = String, Header), ("Idempotency-Key" = Option<String>, Header)),
    request_body = DealBody, security(("bearer" = [])), responses(
    (status = 200, body = DealResponse, headers(("ETag" = String, description = "The corrected deal's version, for the next If-Match"))),
    (status = 412, description = "If-Match names another version: the deal changed or moved to another number since it was read", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[put("/tables/{id}/deals/{number}")]
pub async fn update_deal(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    path: web::Path<(i64, u16)>,
    body: RawBody,
) -> Result<HttpResponse, ApiError> {
    let entry = DealBody::parse(&body.0)?;
    require_token(&caller)?;
    let (table_id, number) = path.into_inner();
    let version = if_match(&req)?;
    deals::check_correction_number(&entry, number)?;
    let key = idempotency::key(&req, &caller)?;
    let seen = keyed(&state, key, 200, move |conn| {
        deals::update(conn, table_id, number, &version, &caller, &entry)
    })
    .await?;
    // The deal's version, as `If-Match` must name it for the next correction; a retried
    // key answers the first answer, with its version.
    let version = deals::answered_version(&seen.body);
    let mut answer = replied(seen);
    if let Some(version) = version {
        let etag = actix_web::http::header::HeaderValue::from_str(&format!("\"{version}\""));
        if let Ok(etag) = etag {
            answer.headers_mut().insert(ETAG, etag);
        }
    }
    Ok(answer)
}

/// Delete a deal; later deals move up one number. Needs `If-Match` with its version. A deal
/// keyed in from paper is deleted by the organiser only.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id"), ("number" = u16, Path), ("If-Match" = String, Header)),
    security(("bearer" = [])), responses(
    (status = 200, body = SheetResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/tables/{id}/deals/{number}")]
pub async fn delete_deal(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    path: web::Path<(i64, u16)>,
) -> Result<web::Json<SheetResponse>, ApiError> {
    require_token(&caller)?;
    let (table_id, number) = path.into_inner();
    let version = if_match(&req)?;
    let reason = x_reason(&req)?;
    let answer = guarded(&state, move |conn| {
        deals::delete(conn, table_id, number, &version, &caller, reason.as_deref())
    })
    .await?;
    Ok(web::Json(answer))
}
