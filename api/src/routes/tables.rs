//! A table of a round: its join code, its score sheet, the deals entered on it and their
//! corrections, the time-up and penalties.
//!
//! Every write re-derives the sheet through the domain before storing, in one transaction:
//! a deal that does not fit the order of play (a forced solo not played, the sitting-out
//! dealer in the Re party, a sheet already complete) is refused and nothing is stored.

use actix_web::{HttpRequest, HttpResponse, delete, get, post, put, web};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::Caller;
use crate::db::DbConn;
use crate::db::schema::{deals, join_codes, penalties, round_tables};
use crate::error::{ApiError, FieldError, Problem};
use crate::extract::JsonBody;
use crate::services::access::{self, Need, TableContext};
use crate::services::codes::new_code;
use crate::services::sheet;
use crate::services::write::create;
use crate::services::{audit, now};
use crate::state::AppState;
use crate::wire::sheet::{DealEntry, SheetDealView, SheetResponse};

/// A table's join code.
#[derive(Debug, Serialize, ToSchema)]
pub struct JoinCodeResponse {
    /// The code as printed: two groups of four.
    #[schema(example = "KRC7-94QX")]
    pub code: String,
    /// The table.
    pub table_id: i64,
}

fn printed(code: &str) -> String {
    let (a, b) = code.split_at(code.len() / 2);
    format!("{a}-{b}")
}

fn organizer_table(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
) -> Result<TableContext, ApiError> {
    access::organizer_only(caller)?;
    access::table(conn, table_id, caller, Need::Write)
}

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
    let audit_caller = caller.clone();
    create(&state, &req, &caller, move |conn| {
        let ctx = organizer_table(conn, table_id, &audit_caller)?;
        revoke_codes(conn, table_id)?;
        diesel::insert_into(join_codes::table)
            .values((
                join_codes::code.eq(&code),
                join_codes::table_id.eq(table_id),
                join_codes::created_at.eq(now()),
            ))
            .execute(conn)?;
        audit::Change::new(ctx.tournament.id, &audit_caller, "join_code.create")
            .at_table(table_id)
            .record(conn)?;
        Ok(JoinCodeResponse {
            code: printed(&code),
            table_id,
        })
    })
    .await
}

fn revoke_codes(conn: &mut DbConn, table_id: i64) -> QueryResult<usize> {
    diesel::update(
        join_codes::table
            .filter(join_codes::table_id.eq(table_id))
            .filter(join_codes::revoked_at.is_null()),
    )
    .set(join_codes::revoked_at.eq(Some(now())))
    .execute(conn)
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
        .tx(move |conn| {
            let ctx = organizer_table(conn, table_id, &caller)?;
            revoke_codes(conn, table_id)?;
            audit::Change::new(ctx.tournament.id, &caller, "join_code.revoke")
                .at_table(table_id)
                .record(conn)?;
            Ok(())
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A table's score sheet, with an `ETag`; `If-None-Match` with that tag answers an empty
/// 304 while nothing changed.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id"),
    ("If-None-Match" = Option<String>, Header, description = "The ETag of a sheet read before")), responses(
    (status = 200, body = SheetResponse, headers(("ETag" = String, description = "The sheet's tag"))),
    (status = 304, description = "Unchanged since the tag in If-None-Match"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tables/{id}/sheet")]
pub async fn get_sheet(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let table_id = id.into_inner();
    let derived = state
        .db
        .run(move |conn| {
            let ctx = access::table(conn, table_id, &caller, Need::Read)?;
            sheet::current(conn, &ctx)
        })
        .await?;
    let body = serde_json::to_vec(&derived.sheet).map_err(|e| ApiError::Internal(e.into()))?;
    // The sheet's tag is its content: a phone on a poor line polls with If-None-Match and
    // gets an empty 304 while nothing changed.
    let tag = format!("\"{}\"", &crate::extract::digest(&body)[..32]);
    let unchanged = req
        .headers()
        .get(actix_web::http::header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|t| t.trim().trim_start_matches("W/") == tag)
        });
    let mut answer = if unchanged {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    answer.insert_header((actix_web::http::header::ETAG, tag.clone()));
    Ok(if unchanged {
        answer.finish()
    } else {
        answer.content_type("application/json").body(body)
    })
}

/// The answer to an entry or a correction.
#[derive(Debug, Serialize, ToSchema)]
pub struct DealResponse {
    /// The deal as it stands on the sheet.
    pub deal: SheetDealView,
    /// The whole sheet after the change.
    pub sheet: SheetResponse,
}

fn conflict_with_sheet(code: &'static str, detail: String, sheet: &SheetResponse) -> ApiError {
    ApiError::Conflict {
        code,
        detail,
        current: serde_json::to_value(sheet).ok(),
    }
}

fn deal_view(sheet: &SheetResponse, number: u16) -> Result<SheetDealView, ApiError> {
    sheet
        .deals
        .iter()
        .find(|d| d.number == number)
        .cloned()
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("deal {number} missing after the write")))
}

/// Enter the next deal of a table (its captain while the round is open, or an organiser).
///
/// The server scores it; points sent by a client are never trusted. Takes an
/// `Idempotency-Key`: a retry returns the first answer and enters nothing.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id"), ("Idempotency-Key" = Option<String>, Header)),
    request_body = DealEntry, security(("bearer" = [])), responses(
    (status = 201, body = DealResponse),
    (status = 409, description = "The number is taken or the sheet is complete; `current` holds the sheet", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tables/{id}/deals")]
pub async fn create_deal(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    id: web::Path<i64>,
    body: JsonBody<DealEntry>,
) -> Result<HttpResponse, ApiError> {
    access::require_token(&caller)?;
    let table_id = id.into_inner();
    let entry = body.0;
    let number = entry.number;
    let audit_caller = caller.clone();
    let created = create(&state, &req, &caller, move |conn| {
        let ctx = access::table(conn, table_id, &audit_caller, Need::Write)?;
        let before = sheet::current(conn, &ctx)?;
        let next = before.round.next().map(|n| n.number);
        if let (Some(asked), Some(next)) = (number, next)
            && asked != next
        {
            return Err(conflict_with_sheet(
                "deal_number_taken",
                format!("deal {asked} cannot be entered: the next deal is {next}"),
                &before.sheet,
            ));
        }
        sheet::check_next(&before, &ctx, &entry)?;
        let number = next.unwrap_or_default();
        let facts =
            serde_json::to_string(&entry.stored()).map_err(|e| ApiError::Internal(e.into()))?;
        let stamp = now();
        // The unique (table, number) index settles a race between two phones: the second
        // insert fails and its transaction rolls back.
        diesel::insert_into(deals::table)
            .values((
                deals::table_id.eq(table_id),
                deals::number.eq(i32::from(number)),
                deals::facts.eq(facts),
                // Above every version this table handed out before its last deletion, so
                // no stale `If-Match` for this number can match the new deal.
                deals::version.eq(ctx.table.version_floor.saturating_add(1)),
                deals::created_at.eq(stamp),
                deals::updated_at.eq(stamp),
            ))
            .execute(conn)?;
        let after = sheet::current(conn, &ctx)?;
        let deal = deal_view(&after.sheet, number)?;
        audit::Change::new(ctx.tournament.id, &audit_caller, "deal.create")
            .at_table(table_id)
            .after(serde_json::to_value(&deal).ok())
            .record(conn)?;
        Ok(DealResponse {
            deal,
            sheet: after.sheet,
        })
    })
    .await;
    match created {
        // Two phones raced and the other one's deal got the number first (PostgreSQL lets
        // both read the same sheet). Its transaction has committed, so the loser is shown
        // the sheet with the winning deal.
        Err(ApiError::Conflict {
            code: "concurrent_change",
            ..
        }) => {
            let sheet = state
                .db
                .run(move |conn| {
                    let ctx = access::table(conn, table_id, &caller, Need::Read)?;
                    sheet::current(conn, &ctx)
                })
                .await?;
            Err(conflict_with_sheet(
                "deal_number_taken",
                "another entry for this deal arrived first".to_owned(),
                &sheet.sheet,
            ))
        }
        other => other,
    }
}

/// The version named by `If-Match` (`"3"`, `3` or `W/"3"`).
fn if_match(req: &HttpRequest) -> Result<String, ApiError> {
    let value = req
        .headers()
        .get(actix_web::http::header::IF_MATCH)
        .and_then(|v| v.to_str().ok())
        .ok_or(ApiError::PreconditionRequired)?;
    Ok(value
        .trim()
        .trim_start_matches("W/")
        .trim_matches('"')
        .to_owned())
}

/// Loads a stored deal by number and checks `If-Match` against its version.
fn stored_deal(
    conn: &mut DbConn,
    table_id: i64,
    number: u16,
    version: &str,
) -> Result<crate::db::models::DealRow, ApiError> {
    let row: crate::db::models::DealRow = deals::table
        .filter(deals::table_id.eq(table_id))
        .filter(deals::number.eq(i32::from(number)))
        .select(crate::db::models::DealRow::as_select())
        .first(conn)
        .optional()?
        .ok_or(ApiError::NotFound)?;
    if version != row.version.to_string() {
        return Err(ApiError::PreconditionFailed {
            given: version.to_owned(),
            current: row.version,
        });
    }
    Ok(row)
}

/// Correct a deal (its table's captain while the round is open, an organiser at any time).
///
/// Needs `If-Match` with the deal's version. The whole sheet is re-derived from this deal
/// on (turning a normal game into a Pflichtsolo moves every later dealer); when that makes
/// a later deal impossible the correction is refused with 409 naming it.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id"), ("number" = u16, Path), ("If-Match" = String, Header)),
    request_body = DealEntry, security(("bearer" = [])), responses(
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
    body: JsonBody<DealEntry>,
) -> Result<HttpResponse, ApiError> {
    access::require_token(&caller)?;
    let (table_id, number) = path.into_inner();
    let version = if_match(&req)?;
    let entry = body.0;
    if entry.number.is_some_and(|n| n != number) {
        return Err(ApiError::field(
            "invalid_body",
            "number",
            "mismatch",
            format!("the path names deal {number}"),
        ));
    }
    let reason = entry.reason.clone();
    let entry = entry.stored();
    let answer = state
        .db
        .tx(move |conn| {
            let ctx = access::table(conn, table_id, &caller, Need::Write)?;
            let row = stored_deal(conn, table_id, number, &version)?;
            let before = sheet::current(conn, &ctx)?;
            let old = deal_view(&before.sheet, number)?;
            let rows = sheet::load_deals(conn, table_id)?;
            let mut entries = rows
                .iter()
                .map(sheet::parse_entry)
                .collect::<Result<Vec<_>, _>>()?;
            let index = rows.iter().position(|r| r.id == row.id).unwrap_or_default();
            // The corrected entry must fit where it stands, and every later deal after it.
            sheet::check_at(&before, &ctx, &entries, index, &entry)?;
            entries[index] = entry.clone();
            let penalty_rows = sheet::load_penalties(conn, table_id)?;
            sheet::derive(&ctx, &rows, &entries, &penalty_rows).map_err(|e| match e {
                ApiError::Conflict { code, detail, .. } => {
                    conflict_with_sheet(code, detail, &before.sheet)
                }
                other => other,
            })?;
            let facts = serde_json::to_string(&entry).map_err(|e| ApiError::Internal(e.into()))?;
            let updated = diesel::update(
                deals::table
                    .find(row.id)
                    .filter(deals::version.eq(row.version)),
            )
            .set((
                deals::facts.eq(facts),
                deals::version.eq(row.version + 1),
                deals::updated_at.eq(now()),
            ))
            .execute(conn)?;
            if updated != 1 {
                return Err(ApiError::PreconditionFailed {
                    given: version.clone(),
                    current: row.version + 1,
                });
            }
            let after = sheet::current(conn, &ctx)?;
            let deal = deal_view(&after.sheet, number)?;
            audit::Change::new(ctx.tournament.id, &caller, "deal.update")
                .at_table(table_id)
                .reason(reason.as_deref())
                .before(serde_json::to_value(&old).ok())
                .after(serde_json::to_value(&deal).ok())
                .record(conn)?;
            Ok(DealResponse {
                deal,
                sheet: after.sheet,
            })
        })
        .await?;
    // The deal's version, as `If-Match` must name it for the next correction.
    Ok(HttpResponse::Ok()
        .insert_header((
            actix_web::http::header::ETAG,
            format!("\"{}\"", answer.deal.version),
        ))
        .json(answer))
}

/// Delete a deal; later deals move up one number. Needs `If-Match` with its version.
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
    access::require_token(&caller)?;
    let (table_id, number) = path.into_inner();
    let version = if_match(&req)?;
    let reason = req
        .headers()
        .get("X-Reason")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    if reason
        .as_ref()
        .is_some_and(|r| r.chars().count() > crate::extract::TEXT_LIMIT)
    {
        return Err(ApiError::field(
            "invalid_header",
            "X-Reason",
            "too_long",
            format!("at most {} characters", crate::extract::TEXT_LIMIT),
        ));
    }
    let answer = state
        .db
        .tx(move |conn| {
            let ctx = access::table(conn, table_id, &caller, Need::Write)?;
            let row = stored_deal(conn, table_id, number, &version)?;
            let before = sheet::current(conn, &ctx)?;
            let old = deal_view(&before.sheet, number)?;
            let mut rows = sheet::load_deals(conn, table_id)?;
            rows.retain(|r| r.id != row.id);
            let entries = rows
                .iter()
                .map(sheet::parse_entry)
                .collect::<Result<Vec<_>, _>>()?;
            let penalty_rows = sheet::load_penalties(conn, table_id)?;
            if penalty_rows
                .iter()
                .any(|p| p.deal_number == i32::from(number))
            {
                return Err(conflict_with_sheet(
                    "deal_has_penalties",
                    format!("deal {number} carries penalties"),
                    &before.sheet,
                ));
            }
            // A deal played before time was called takes the time-up mark one deal back.
            let mut ctx = ctx;
            let time_up_after = ctx
                .table
                .time_up_after
                .map(|n| if i32::from(number) <= n { n - 1 } else { n });
            ctx.table.time_up_after = time_up_after;
            sheet::derive(&ctx, &rows, &entries, &penalty_rows).map_err(|e| match e {
                ApiError::Conflict { code, detail, .. } => {
                    conflict_with_sheet(code, detail, &before.sheet)
                }
                other => other,
            })?;
            // Every later deal moves to a new number and gets a version above all the
            // table has handed out: a correction read before the deletion names the old
            // version at that number and is refused, instead of overwriting the deal that
            // moved in. Deals entered later start above that floor too.
            let floor = rows
                .iter()
                .map(|r| r.version)
                .chain([row.version, ctx.table.version_floor])
                .max()
                .unwrap_or_default();
            let renumbered = floor.saturating_add(1);
            diesel::delete(deals::table.find(row.id)).execute(conn)?;
            diesel::update(round_tables::table.find(table_id))
                .set((
                    round_tables::time_up_after.eq(time_up_after),
                    round_tables::version_floor.eq(floor),
                ))
                .execute(conn)?;
            // Ascending, so no two rows ever hold the same number.
            for later in rows.iter().filter(|r| r.number > i32::from(number)) {
                diesel::update(deals::table.find(later.id))
                    .set((
                        deals::number.eq(later.number - 1),
                        deals::version.eq(renumbered),
                    ))
                    .execute(conn)?;
                diesel::update(
                    penalties::table
                        .filter(penalties::table_id.eq(table_id))
                        .filter(penalties::deal_number.eq(later.number)),
                )
                .set(penalties::deal_number.eq(later.number - 1))
                .execute(conn)?;
            }
            let after = sheet::current(conn, &ctx)?;
            audit::Change::new(ctx.tournament.id, &caller, "deal.delete")
                .at_table(table_id)
                .reason(reason.as_deref())
                .before(serde_json::to_value(&old).ok())
                .record(conn)?;
            Ok(after.sheet)
        })
        .await?;
    Ok(web::Json(answer))
}

/// End the round's time at a table (organisers): normal games not yet begun are struck;
/// owed Pflichtsoli are still played, each as a forced solo.
#[utoipa::path(tag = "tables", params(("id" = i64, Path, description = "Table id")),
    security(("bearer" = [])), responses(
    (status = 200, body = SheetResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tables/{id}/time-up")]
pub async fn time_up(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<SheetResponse>, ApiError> {
    let table_id = id.into_inner();
    let answer = state
        .db
        .tx(move |conn| {
            let ctx = organizer_table(conn, table_id, &caller)?;
            let before = sheet::current(conn, &ctx)?;
            let mut round = before.round.clone();
            round.time_up().map_err(|e| {
                conflict_with_sheet("time_up_refused", e.to_string(), &before.sheet)
            })?;
            let played = i32::try_from(before.sheet.deals.len()).unwrap_or(i32::MAX);
            diesel::update(round_tables::table.find(table_id))
                .set(round_tables::time_up_after.eq(Some(played)))
                .execute(conn)?;
            let mut ctx = ctx;
            ctx.table.time_up_after = Some(played);
            let after = sheet::current(conn, &ctx)?;
            audit::Change::new(ctx.tournament.id, &caller, "table.time_up")
                .at_table(table_id)
                .after(Some(serde_json::json!({"after_deals": played})))
                .record(conn)?;
            Ok(after.sheet)
        })
        .await?;
    Ok(web::Json(answer))
}

/// A penalty as the referee ruled it (TSR 9).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatePenaltyRequest {
    /// The deal in which it happened.
    pub deal_number: u16,
    /// insignificant, minor or serious.
    #[schema(example = "minor")]
    pub severity: String,
    /// The offending seat.
    pub offender: u8,
    /// The soloist, when the deal was a solo at the time (a wedding before its clarifying
    /// trick and a silent wedding before the second ♣Q count as normal games).
    #[serde(default)]
    pub soloist: Option<u8>,
    /// For a Kontra player's minor violation in a solo: whether it could harm the soloist.
    #[serde(default)]
    pub could_harm_soloist: bool,
    /// Absagen the offender's opponents had made before (keine 60 counts two).
    #[serde(default)]
    pub opposing_absagen: u8,
    /// The referee who ruled it.
    pub referee: String,
}

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
    let p = body.0;
    let severity = [
        domain::penalty::Severity::Insignificant,
        domain::penalty::Severity::Minor,
        domain::penalty::Severity::Serious,
    ]
    .into_iter()
    .find(|s| s.as_str() == p.severity)
    .ok_or_else(|| {
        ApiError::field(
            "invalid_body",
            "severity",
            "unknown_value",
            "insignificant, minor or serious",
        )
    })?;
    let referee = p.referee.trim().to_owned();
    if referee.is_empty() || referee.chars().count() > 200 {
        return Err(ApiError::field(
            "invalid_body",
            "referee",
            "invalid_length",
            "the referee's name, 1 to 200 characters",
        ));
    }
    let audit_caller = caller.clone();
    create(&state, &req, &caller, move |conn| {
        let ctx = organizer_table(conn, table_id, &audit_caller)?;
        let before = sheet::current(conn, &ctx)?;
        let deal = before
            .sheet
            .deals
            .iter()
            .find(|d| d.number == p.deal_number)
            .ok_or_else(|| {
                ApiError::field(
                    "invalid_body",
                    "deal_number",
                    "unknown_deal",
                    format!("deal {} is not on the sheet", p.deal_number),
                )
            })?;
        let size = domain::deal::TableSize::from_players(before.sheet.table_size)
            .unwrap_or(domain::deal::TableSize::Four);
        let violation = domain::penalty::Violation {
            severity,
            offender: p.offender,
            soloist: p.soloist,
            could_harm_soloist: p.could_harm_soloist,
            opposing_absagen: p.opposing_absagen,
        };
        domain::penalty::penalty(size, deal.sitting_out, &violation).map_err(|e| {
            let field = match e {
                domain::penalty::PenaltyError::NotPlaying { .. } => "offender",
                domain::penalty::PenaltyError::TooManyAbsagen { .. } => "opposing_absagen",
                domain::penalty::PenaltyError::HarmWithoutSoloOpponent => "could_harm_soloist",
                // The sheet's own sitting-out seat does not fit the table: name the deal.
                domain::penalty::PenaltyError::SittingOutMismatch { .. } => "deal_number",
            };
            ApiError::unprocessable(
                "invalid_penalty",
                e.to_string(),
                vec![FieldError::new(field, "not_allowed", e.to_string())],
            )
        })?;
        diesel::insert_into(penalties::table)
            .values((
                penalties::table_id.eq(table_id),
                penalties::deal_number.eq(i32::from(p.deal_number)),
                penalties::severity.eq(severity.as_str()),
                penalties::offender.eq(i32::from(p.offender)),
                penalties::soloist.eq(p.soloist.map(i32::from)),
                penalties::could_harm_soloist.eq(p.could_harm_soloist),
                penalties::opposing_absagen.eq(i32::from(p.opposing_absagen)),
                penalties::referee.eq(&referee),
                penalties::created_at.eq(now()),
            ))
            .execute(conn)?;
        let after = sheet::current(conn, &ctx)?;
        audit::Change::new(ctx.tournament.id, &audit_caller, "penalty.create")
            .at_table(table_id)
            .after(serde_json::to_value(deal_view(&after.sheet, p.deal_number)?).ok())
            .record(conn)?;
        Ok(after.sheet)
    })
    .await
}
