//! `GET /api/v1/tournaments/{id}/standings`: live standings as JSON, or CSV for
//! spreadsheets with `Accept: text/csv`.

use actix_web::http::header::{ACCEPT, CONTENT_DISPOSITION};
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::Caller;
use crate::error::{ApiError, Problem};
use crate::services::access::{self, Need};
use crate::services::standings;
use crate::state::AppState;

/// Which standings.
#[derive(Debug, Deserialize, IntoParams)]
pub struct StandingsQuery {
    /// Only this round (default: the whole tournament).
    #[param(value_type = Option<u16>)]
    pub round: Option<String>,
}

/// One player's place.
#[derive(Debug, Serialize, ToSchema)]
pub struct StandingRow {
    /// Rank from 1; equal players share it.
    pub rank: u32,
    /// Player id.
    pub player_id: i64,
    /// Start number.
    pub start_number: i32,
    /// Name.
    pub name: String,
    /// Club.
    pub club: Option<String>,
    /// Sum of his sheet entries, penalties included.
    pub total: i64,
    /// Points per round (round 1 first; null where not played).
    pub rounds: Vec<Option<i32>>,
    /// Average per round played, as the DDV ranking list uses it ("18.67").
    pub average_per_round: Option<String>,
    /// Deals played.
    pub deals_played: u32,
    /// Games won.
    pub games_won: u32,
    /// Solos played (Pflicht-, Lust-, vorgeführte Soli).
    pub solos_played: u32,
    /// Solos won.
    pub solos_won: u32,
    /// Left the tournament.
    pub withdrawn: bool,
}

/// The standings.
#[derive(Debug, Serialize, ToSchema)]
pub struct StandingsResponse {
    /// The tournament.
    pub tournament_id: i64,
    /// The round, when only one is shown.
    pub round: Option<u16>,
    /// Tie-breaks applied after the total, in order.
    pub tie_breaks: Vec<String>,
    /// Best first.
    pub standings: Vec<StandingRow>,
    /// Tables whose sheet cannot be scored as stored; they are left out until mended.
    pub needs_attention: Vec<AttentionRow>,
}

/// A table the organiser must look at.
#[derive(Debug, Serialize, ToSchema)]
pub struct AttentionRow {
    /// The table's id.
    pub table_id: i64,
    /// Its round.
    pub round: i32,
    /// Its number in the round.
    pub table_number: i32,
    /// What is wrong.
    pub problem: String,
}

/// The standings of a tournament (or of one round).
///
/// JSON by default; `Accept: text/csv` gives the same rows as CSV.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path), StandingsQuery), responses(
    (status = 200, body = StandingsResponse, content_type = "application/json"),
    (status = 200, description = "The same rows as CSV", body = String, content_type = "text/csv"),
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
    let round = match query.into_inner().round.as_deref() {
        None | Some("") => None,
        Some(r) => Some(r.parse::<u16>().map_err(|_| {
            ApiError::field(
                "invalid_query",
                "round",
                "invalid_value",
                format!("a round number, not {r:?}"),
            )
        })?),
    };
    let (tournament, result) = state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Read)?;
            let result = standings::compute(conn, &tournament, round)?;
            Ok((tournament, result))
        })
        .await?;
    let rows: Vec<StandingRow> = result
        .standings
        .iter()
        .filter_map(|s| {
            let p = result.players.get(&s.player)?;
            Some(StandingRow {
                rank: s.rank,
                player_id: s.player,
                start_number: p.start_number,
                name: p.name.clone(),
                club: p.club.clone(),
                total: s.total,
                rounds: s.rounds.clone(),
                average_per_round: s.average_per_round.map(|a| a.to_string()),
                deals_played: s.deals_played,
                games_won: s.games_won,
                solos_played: s.solos_played,
                solos_won: s.solos_won,
                withdrawn: p.withdrawn,
            })
        })
        .collect();
    let wants_csv = req
        .headers()
        .get(ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/csv"));
    if wants_csv {
        let mut answer = csv_answer(tournament.id, tournament.rounds_planned, &rows)?;
        if !result.needs_attention.is_empty() {
            // A spreadsheet has no place for it: the tables left out go in a header.
            let tables: Vec<String> = result
                .needs_attention
                .iter()
                .map(|a| format!("round {} table {}", a.round, a.table_number))
                .collect();
            if let Ok(value) = actix_web::http::header::HeaderValue::from_str(&tables.join(", ")) {
                answer.headers_mut().insert(
                    actix_web::http::header::HeaderName::from_static("x-needs-attention"),
                    value,
                );
            }
        }
        return Ok(answer);
    }
    Ok(HttpResponse::Ok().json(StandingsResponse {
        tournament_id: tournament.id,
        round,
        tie_breaks: crate::services::validate::split_list(&tournament.tie_breaks),
        standings: rows,
        needs_attention: result
            .needs_attention
            .into_iter()
            .map(|a| AttentionRow {
                table_id: a.table_id,
                round: a.round,
                table_number: a.table_number,
                problem: a.problem,
            })
            .collect(),
    }))
}

/// A text cell a spreadsheet shows as text: one that starts like a formula (`=`, `+`, `-`,
/// `@`, or a tab or line break before one) gets a leading `'`, which spreadsheets take as
/// "text follows" and do not show. Without it a player registered as `=HYPERLINK(…)` runs
/// on the organiser's machine when the standings are opened (CSV injection).
pub fn spreadsheet_text(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r', '\n']) {
        format!("'{text}")
    } else {
        text.to_owned()
    }
}

fn csv_answer(
    tournament_id: i64,
    rounds: i32,
    rows: &[StandingRow],
) -> Result<HttpResponse, ApiError> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut header = vec![
        "rank".to_owned(),
        "start_number".into(),
        "name".into(),
        "club".into(),
        "total".into(),
    ];
    header.extend((1..=rounds).map(|r| format!("round_{r}")));
    header.extend(
        [
            "average_per_round",
            "deals_played",
            "games_won",
            "solos_played",
            "solos_won",
            "withdrawn",
        ]
        .map(String::from),
    );
    let csv_error = |e: csv::Error| ApiError::Internal(e.into());
    writer.write_record(&header).map_err(csv_error)?;
    for row in rows {
        let mut record = vec![
            row.rank.to_string(),
            row.start_number.to_string(),
            // Names and clubs are typed by people, so they are the cells that could hold a
            // formula; the other cells are numbers we wrote (a negative total stays `-3`).
            spreadsheet_text(&row.name),
            spreadsheet_text(row.club.as_deref().unwrap_or_default()),
            row.total.to_string(),
        ];
        record.extend(
            row.rounds
                .iter()
                .map(|r| r.map(|p| p.to_string()).unwrap_or_default()),
        );
        record.extend([
            row.average_per_round.clone().unwrap_or_default(),
            row.deals_played.to_string(),
            row.games_won.to_string(),
            row.solos_played.to_string(),
            row.solos_won.to_string(),
            row.withdrawn.to_string(),
        ]);
        writer.write_record(&record).map_err(csv_error)?;
    }
    let body = writer
        .into_inner()
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("{e}")))?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            CONTENT_DISPOSITION,
            format!("attachment; filename=\"standings-{tournament_id}.csv\""),
        ))
        .body(body))
}

#[cfg(test)]
mod tests {
    use super::spreadsheet_text;

    #[test]
    fn formula_like_text_is_neutralised_and_other_text_kept() {
        for (given, written) in [
            ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"),
            ("+49 170", "'+49 170"),
            ("-Meier", "'-Meier"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\t=1+1", "'\t=1+1"),
            ("\r=1+1", "'\r=1+1"),
            ("Anna Schmidt", "Anna Schmidt"),
            ("Anna = Bernd", "Anna = Bernd"),
            ("'quoted", "'quoted"),
            ("", ""),
        ] {
            assert_eq!(spreadsheet_text(given), written, "{given:?}");
        }
    }
}
