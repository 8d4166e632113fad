//! `GET /api/v1/tournaments/{id}/standings`: live standings as JSON, or CSV for
//! spreadsheets with `Accept: text/csv` or `?dialect=plain|de`.

use actix_web::http::header::{ACCEPT, CONTENT_DISPOSITION, HeaderName, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, get, web};

use crate::auth::Caller;
use crate::error::{ApiError, Problem};
use crate::services::standings::{self, Answer};
use crate::state::AppState;
use crate::wire::standings::{CsvDialect, StandingsQuery, StandingsResponse};

/// The standings of a tournament (or of one round).
///
/// JSON by default; `Accept: text/csv` gives the same rows as CSV, and `dialect=de` as CSV
/// for German spreadsheets (`;`, decimal comma, UTF-8 with BOM, German headers). Anybody
/// but the tournament's organiser sees each player under the name he asked to be shown.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path), StandingsQuery), responses(
    (status = 200, body = StandingsResponse, content_type = "application/json"),
    (status = 200, description = "The same rows as CSV: `,`-separated with English headers, or with `dialect=de` `;`-separated with a decimal comma, German headers and a UTF-8 BOM", body = String, content_type = "text/csv"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}/standings")]
pub async fn get_standings(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    id: web::Path<i64>,
    query: web::Query<StandingsQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let query = query.into_inner();
    let round = standings::round_query(query.round.as_deref())?;
    let dialect = standings::dialect_query(query.dialect.as_deref())?;
    let accepts_csv = req
        .headers()
        .get(ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/csv"));
    // A named dialect asks for the CSV by itself: a download link cannot set `Accept`.
    let csv = dialect.or(accepts_csv.then_some(CsvDialect::Plain));
    let answer = state
        .db
        .run(move |conn| standings::answer(conn, id, &caller, round, csv))
        .await?;
    Ok(match answer {
        Answer::Json(body) => HttpResponse::Ok().json(body),
        Answer::Csv {
            tournament_id,
            body,
            needs_attention,
        } => csv_response(tournament_id, body, needs_attention),
    })
}

fn csv_response(
    tournament_id: i64,
    body: Vec<u8>,
    needs_attention: Option<String>,
) -> HttpResponse {
    let mut answer = HttpResponse::Ok();
    answer
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            CONTENT_DISPOSITION,
            format!("attachment; filename=\"standings-{tournament_id}.csv\""),
        ));
    // A spreadsheet has no place for it: the tables left out go in a header.
    if let Some(value) = needs_attention.and_then(|t| HeaderValue::from_str(&t).ok()) {
        answer.insert_header((HeaderName::from_static("x-needs-attention"), value));
    }
    answer.body(body)
}
