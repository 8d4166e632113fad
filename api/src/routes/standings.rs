//! `GET /api/v1/tournaments/{id}/standings`: live standings as JSON (with an `ETag`), or
//! CSV for spreadsheets with `Accept: text/csv` or `?dialect=plain|de`; and
//! `…/standings/stream`, the same standings as server-sent events whenever they change.

use actix_web::http::header::{
    ACCEPT, CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_ENCODING, ETAG, HeaderName, HeaderValue,
    IF_NONE_MATCH,
};
use actix_web::{HttpRequest, HttpResponse, get, web};

use crate::auth::Caller;
use crate::error::{ApiError, Problem};
use crate::services::live::{self, EventData, Feed};
use crate::services::standings::{self, Answer};
use crate::state::AppState;
use crate::wire::standings::{CsvDialect, StandingsQuery, StandingsResponse, StreamQuery};

/// The standings of a tournament (or of one round).
///
/// JSON by default; `Accept: text/csv` gives the same rows as CSV, and `dialect=de` as CSV
/// for German spreadsheets (`;`, decimal comma, UTF-8 with BOM, German headers). Anybody
/// but the tournament's organiser sees each player under the name he asked to be shown.
///
/// The JSON of the whole tournament carries an `ETag`, its version: `If-None-Match` with
/// it answers an empty 304 while the standings are unchanged. A hall polling the public
/// standings is answered from one computation per change.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path), StandingsQuery,
    ("If-None-Match" = Option<String>, Header, description = "The ETag of standings read before")), responses(
    (status = 200, body = StandingsResponse, content_type = "application/json",
        headers(("ETag" = String, description = "The standings' version, without `round`"))),
    (status = 304, description = "Unchanged since the version in If-None-Match"),
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
    if csv.is_none() && round.is_none() {
        let snapshot = live::snapshot(&state, caller, id).await?;
        let tag = format!("\"{}\"", snapshot.version);
        let seen = req
            .headers()
            .get(IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok());
        if seen.is_some_and(|v| names(v, &tag)) {
            return Ok(HttpResponse::NotModified()
                .insert_header((ETAG, tag))
                .finish());
        }
        return Ok(HttpResponse::Ok()
            .insert_header((ETAG, tag))
            .content_type("application/json")
            .body(snapshot.json));
    }
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

/// Whether an `If-None-Match` value names `tag` (or is `*`).
fn names(if_none_match: &str, tag: &str) -> bool {
    if_none_match
        .split(',')
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == tag || t == "*")
}

/// The standings of a tournament as server-sent events (`text/event-stream`), for a hall
/// screen or a spectator's phone.
///
/// Each event is `event: standings`, `id: <version>` (the JSON standings' `ETag`) and
/// `data: <the standings as JSON>`, as `GET …/standings` answers them. The first event
/// comes at once; after that one comes when the standings change (a burst of entries
/// is sent as one event, about a quarter of a second after it), and a comment line
/// (`: keep-alive`) every 15 seconds keeps the connection open. The stream ends when the
/// server shuts down; clients reconnect (`EventSource` does by itself).
///
/// With `data=version` each event's data is only `{"version": "<version>"}`: for a page that
/// fetches what it shows when told (the public standings page does).
///
/// Streams are capped (`KARLCHEN_STREAMS_MAX` in all, `KARLCHEN_STREAMS_PER_ADDRESS` per
/// client address): past a cap the answer is 503 `too_many_streams` with `Retry-After`,
/// and a client polls `GET …/standings` with its `ETag` instead (the pages do).
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path), StreamQuery), responses(
    (status = 200, description = "Server-sent events of the standings", body = String, content_type = "text/event-stream"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
    (status = 503, description = "Every stream allowed is open (`too_many_streams`); poll instead", body = Problem, content_type = "application/problem+json",
        headers(("Retry-After" = String, description = "Seconds until trying again"))),
))]
#[get("/tournaments/{id}/standings/stream")]
pub async fn stream_standings(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    id: web::Path<i64>,
    query: web::Query<StreamQuery>,
) -> Result<HttpResponse, ApiError> {
    let data = match query.into_inner().data.as_deref() {
        None | Some("" | "standings") => EventData::Standings,
        Some("version") => EventData::Version,
        Some(other) => {
            return Err(ApiError::field(
                "invalid_query",
                "data",
                "invalid_value",
                format!("standings or version, not {other:?}"),
            ));
        }
    };
    let address = state.auth_limits.client(&req);
    let feed = Feed::open(&state, caller, address, id.into_inner(), data).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header((CACHE_CONTROL, "no-cache"))
        // A reverse proxy must pass each event on at once rather than buffer the stream.
        .insert_header((HeaderName::from_static("x-accel-buffering"), "no"))
        // Sent as is: a compressor kept per stream would cost each of a thousand watchers
        // its window (brotli's is megabytes) to save a few hundred bytes an event.
        .insert_header((CONTENT_ENCODING, "identity"))
        .streaming(feed.events()))
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
