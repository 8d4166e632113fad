//! The standings at the desk: overall or one round (`?round=N`), as the organiser sees them
//! (full names, withdrawn players marked, the tables left out named), and their downloads
//! as CSV, plain or for German spreadsheets, through the same service as
//! `GET /api/v1/tournaments/{id}/standings` (the browser has the desk's cookie, not the
//! API's bearer token), and the tournament's open results document and DDV ranking CSV
//! (`services::results`).

use actix_web::http::StatusCode;
use actix_web::http::header::{CONTENT_DISPOSITION, HeaderName, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::{Deserialize, Serialize};

use domain::day::Unfinished;

use super::{Desk, Nav, Section, Step, answer, failed, render, signed_in_or_login};
use crate::error::ApiError;
use crate::services::finish::{self, Ending};
use crate::services::results;
use crate::services::standings::{self, Answer};
use crate::state::AppState;
use crate::wire::standings::CsvDialect;

const TEMPLATE: &str = "pages/admin/standings.html";

#[derive(Debug, Deserialize)]
pub struct StandingsQuery {
    #[serde(default)]
    round: Option<String>,
    #[serde(default)]
    dialect: Option<String>,
}

#[derive(Debug, Serialize)]
struct StandingsPage {
    /// The round shown, or none for the whole tournament.
    round: Option<u16>,
    /// The round selector: every planned round.
    rounds: Vec<u16>,
    /// The round columns of the table (all rounds overall, the one round else).
    columns: Vec<u16>,
    rows: Vec<Row>,
    attention: Vec<Attention>,
    /// `?round=N&` or empty, for the download links.
    round_query: String,
    /// The tournament's tie-breaks in order, by wire name.
    tie_breaks: Vec<String>,
    /// The end of the day: finished, or whether it can be.
    ending: EndingBox,
}

/// "Turnier abschließen" as the standings page shows it (its forms: [`super::ending`]).
#[derive(Debug, Serialize)]
struct EndingBox {
    /// Finished: the standings are final.
    finished: bool,
    /// No round was drawn yet.
    no_round: bool,
    /// The rounds still open, listed (`2, 3`), or empty.
    open_rounds: String,
    /// Why the last end-of-day form was refused, in the page's language.
    refused: Option<String>,
}

impl EndingBox {
    fn of(ending: &Ending, refused: Option<String>) -> EndingBox {
        let open = match &ending.blocked {
            Some(Unfinished::OpenRounds(open)) => open
                .iter()
                .map(i32::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            _ => String::new(),
        };
        EndingBox {
            finished: ending.finished_at.is_some(),
            no_round: ending.blocked == Some(Unfinished::NoRound),
            open_rounds: open,
            refused,
        }
    }
}

#[derive(Debug, Serialize)]
struct Row {
    rank: u32,
    shared: bool,
    start_number: i32,
    name: String,
    club: Option<String>,
    total: i64,
    rounds: Vec<Option<i32>>,
    /// Per shown round: its result was set by the organiser.
    set: Vec<bool>,
    average: Option<String>,
    deals_played: u32,
    games_won: u32,
    solos_played: u32,
    solos_won: u32,
    withdrawn: bool,
    /// Disqualified, his results kept (TSR 9.7.2 c).
    disqualified: bool,
}

#[derive(Debug, Serialize)]
struct Attention {
    round: i32,
    table: i32,
    problem: String,
}

/// The round asked for; one that is not a number is not found.
fn round_of(query: &StandingsQuery) -> Result<Option<u16>, ApiError> {
    standings::round_query(query.round.as_deref()).map_err(|_| ApiError::NotFound)
}

/// A round the tournament does not have is not found either.
fn no_such_round(e: ApiError) -> ApiError {
    match e {
        ApiError::Unprocessable { .. } => ApiError::NotFound,
        other => other,
    }
}

/// The standings page at the desk.
#[get("/admin/tournaments/{id}/standings")]
pub async fn page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    query: web::Query<StandingsQuery>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk
                .tournament(&state, &req, *id, Section::Standings)
                .await?;
            let round = round_of(&query).map_err(|e| failed(&state, &req, e))?;
            show(&state, &req, &desk, &nav, round, StatusCode::OK, None).await
        }
        .await,
    )
}

/// The standings page (overall or `round`) in `status`, with the refusal of an end-of-day
/// form if there was one.
pub(super) async fn show(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    nav: &Nav,
    round: Option<u16>,
    status: StatusCode,
    refused: Option<String>,
) -> Step<HttpResponse> {
    let failed = |e| failed(state, req, e);
    let overview = crate::services::tournaments::get(state, desk.caller(), nav.id)
        .await
        .map_err(failed)?;
    let result = standings::read_json(state, desk.caller(), nav.id, round)
        .await
        .map_err(|e| failed(no_such_round(e)))?;
    let ending = finish::ending(state, desk.caller(), nav.id)
        .await
        .map_err(failed)?;
    let planned = u16::try_from(overview.rounds).unwrap_or(0);
    let mut rows: Vec<Row> = Vec::with_capacity(result.standings.len());
    // Ranked rows: a rank is shared when a neighbour has it too.
    let rank_at = |i: Option<usize>| i.and_then(|i| result.standings.get(i)).map(|s| s.rank);
    for (i, s) in result.standings.iter().enumerate() {
        let shared =
            rank_at(i.checked_sub(1)) == Some(s.rank) || rank_at(i.checked_add(1)) == Some(s.rank);
        rows.push(Row {
            rank: s.rank,
            shared,
            start_number: s.start_number,
            name: s.name.clone(),
            club: s.club.clone(),
            total: s.total,
            rounds: match round {
                // One round: its column only.
                Some(r) => vec![
                    usize::from(r)
                        .checked_sub(1)
                        .and_then(|i| s.rounds.get(i).copied().flatten()),
                ],
                None => s.rounds.clone(),
            },
            set: match round {
                Some(r) => vec![s.adjusted_rounds.contains(&r)],
                None => crate::pages::set_rounds(&s.adjusted_rounds, s.rounds.len()),
            },
            average: s.average_per_round.clone(),
            deals_played: s.deals_played,
            games_won: s.games_won,
            solos_played: s.solos_played,
            solos_won: s.solos_won,
            withdrawn: s.withdrawn,
            disqualified: s.disqualified,
        });
    }
    let model = StandingsPage {
        tie_breaks: result.tie_breaks.clone(),
        round,
        rounds: (1..=planned).collect(),
        columns: round.map_or_else(|| (1..=planned).collect(), |r| vec![r]),
        rows,
        attention: result
            .needs_attention
            .into_iter()
            .map(|a| Attention {
                round: a.round,
                table: a.table_number,
                problem: a.problem,
            })
            .collect(),
        round_query: round.map_or_else(String::new, |r| format!("round={r}&")),
        ending: EndingBox::of(&ending, refused),
    };
    Ok(render(
        state,
        req,
        desk,
        Some(nav),
        status,
        TEMPLATE,
        &model,
    ))
}

/// The standings as a CSV download: `dialect=de` for German spreadsheets (the default),
/// `plain` for anything else; `round=N` for one round.
#[get("/admin/tournaments/{id}/standings.csv")]
pub async fn csv(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    query: web::Query<StandingsQuery>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk
                .tournament(&state, &req, *id, Section::Standings)
                .await?;
            let round = round_of(&query).map_err(|e| failed(&state, &req, e))?;
            let dialect = standings::dialect_query(query.dialect.as_deref())
                .map_err(|_| failed(&state, &req, ApiError::NotFound))?
                .unwrap_or(CsvDialect::De);
            let file = standings::read_csv(&state, desk.caller(), nav.id, round, dialect)
                .await
                .map_err(|e| failed(&state, &req, no_such_round(e)))?;
            let Answer::Csv {
                body,
                needs_attention,
                ..
            } = file
            else {
                return Err(failed(
                    &state,
                    &req,
                    ApiError::Internal(anyhow::anyhow!("the standings came as JSON, not CSV")),
                )
                .into());
            };
            let name = match (round, dialect) {
                (None, CsvDialect::De) => format!("rangliste-{}.csv", nav.id),
                (Some(r), CsvDialect::De) => format!("rangliste-{}-runde-{r}.csv", nav.id),
                (None, CsvDialect::Plain) => format!("standings-{}.csv", nav.id),
                (Some(r), CsvDialect::Plain) => format!("standings-{}-round-{r}.csv", nav.id),
            };
            let mut download = HttpResponse::Ok();
            download
                .content_type("text/csv; charset=utf-8")
                .insert_header((
                    CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{name}\""),
                ))
                .insert_header(("Cache-Control", "private, no-store"));
            if let Some(value) = needs_attention.and_then(|t| HeaderValue::from_str(&t).ok()) {
                download.insert_header((HeaderName::from_static("x-needs-attention"), value));
            }
            Ok(download.body(body))
        }
        .await,
    )
}

/// The tournament's results document as a download (`docs/results-format.md`).
#[get("/admin/tournaments/{id}/results.json")]
pub async fn results_document(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk
                .tournament(&state, &req, *id, Section::Standings)
                .await?;
            let (file, document) = results::document(&state, desk.organizer, nav.id)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            let body = serde_json::to_vec_pretty(&document)
                .map_err(|e| failed(&state, &req, ApiError::Internal(e.into())))?;
            Ok(HttpResponse::Ok()
                .content_type("application/json")
                .insert_header((
                    CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{file}\""),
                ))
                .insert_header(("Cache-Control", "private, no-store"))
                .body(body))
        }
        .await,
    )
}

/// The DDV ranking list's CSV as a download: `dialect=de` for German spreadsheets (the
/// default), `plain` for anything else.
#[get("/admin/tournaments/{id}/ddv.csv")]
pub async fn ddv_csv(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    query: web::Query<StandingsQuery>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk
                .tournament(&state, &req, *id, Section::Standings)
                .await?;
            let dialect = standings::dialect_query(query.dialect.as_deref())
                .map_err(|_| failed(&state, &req, ApiError::NotFound))?
                .unwrap_or(CsvDialect::De);
            let ranking = results::ddv_ranking(&state, desk.organizer, nav.id, dialect)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            Ok(HttpResponse::Ok()
                .content_type("text/csv; charset=utf-8")
                .insert_header((
                    CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{}\"", ranking.file_name),
                ))
                .insert_header(("Cache-Control", "private, no-store"))
                .body(ranking.body))
        }
        .await,
    )
}
