//! The open results format: a tournament exported as one versioned JSON document, a
//! document imported as a new tournament, and the DDV ranking list's CSV
//! (`docs/results-format.md`).

use actix_web::http::header::CONTENT_DISPOSITION;
use actix_web::{HttpRequest, HttpResponse, get, post, web};

use crate::auth::Organizer;
use crate::error::{ApiError, Problem};
use crate::extract::DocumentBody;
use crate::services::{results, standings};
use crate::state::AppState;
use crate::wire::results::{DdvQuery, ImportedResultsResponse, ResultsDocument};
use crate::wire::standings::CsvDialect;

/// A tournament's results document (organisers of it only): settings, players, seating
/// plan, rounds, tables and seats, every deal as entered and as scored, penalties,
/// signatures and the audit log. Join codes are left out. `docs/results-format.md`
/// describes it.
#[utoipa::path(tag = "results", params(("id" = i64, Path)), security(("bearer" = [])), responses(
    (status = 200, body = ResultsDocument, content_type = "application/json",
        headers(("Content-Disposition" = String, description = "attachment; filename=karlchen-results-<id>-<date>.json"))),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}/results")]
pub async fn export_results(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let (file, document) = results::document(&state, organizer.0, id.into_inner()).await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            CONTENT_DISPOSITION,
            format!("attachment; filename=\"{file}\""),
        ))
        .json(document))
}

/// Import a results document as a new tournament of the caller.
///
/// Everything is checked before anything is written, and written in one transaction:
/// 422 `results_unknown_format` for another format or version, `results_bad_reference`
/// for a reference to nothing (a seat naming an unknown start number, an audit line naming
/// an unknown table) or a number used twice, `results_invalid` for a value not allowed,
/// `results_score_mismatch` when a deal, penalty or total does not re-derive to the score
/// the document carries (the field names it). Up to 32 MiB. The tournament arrives
/// unpublished, its name ending in " (Kopie)" until renamed.
#[utoipa::path(tag = "results", request_body = ResultsDocument,
    params(("Idempotency-Key" = Option<String>, Header, description = "Retry-safe import")),
    security(("bearer" = [])), responses(
    (status = 201, body = ImportedResultsResponse,
        headers(("Location" = String, description = "The new tournament"))),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/results")]
pub async fn import_results(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    body: DocumentBody,
) -> Result<HttpResponse, ApiError> {
    results::import(&state, &req, organizer.0, body.bytes.clone()).await
}

/// The DDV ranking list's CSV of a tournament (organisers of it only): per player his
/// place (shared places repeat, the next skips: 1, 2, 2, 4), start number, name, club, DDV
/// number, rounds played, points per round, total, average per round played and the
/// tournament's name and date, best first. A player who withdrew before playing a deal is
/// not on it.
#[utoipa::path(tag = "results", params(("id" = i64, Path), DdvQuery), security(("bearer" = [])), responses(
    (status = 200, body = String, content_type = "text/csv",
        headers(("Content-Disposition" = String, description = "attachment; filename=ddv-<date>-<name in ASCII words>.csv"))),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}/results/ddv.csv")]
pub async fn ddv_ranking(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
    query: web::Query<DdvQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let dialect = standings::dialect_query(query.into_inner().dialect.as_deref())?
        .unwrap_or(CsvDialect::Plain);
    let ranking = results::ddv_ranking(&state, organizer.0, id, dialect).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            CONTENT_DISPOSITION,
            format!("attachment; filename=\"{}\"", ranking.file_name),
        ))
        .body(ranking.body))
}
