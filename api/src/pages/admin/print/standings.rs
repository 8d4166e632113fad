//! The standings to print and hang up: overall (every round's points, the total, the
//! average per round) or one round's (`?round=n`), the players named as the hall sees them;
//! under them, once the tournament is published, where the hall follows them live. And
//! the winners' certificates: one A4 page for each player placed within the first places
//! (three unless `?places=` says otherwise; players sharing a place each get one).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::{Deserialize, Serialize};

use super::super::{Section, answer, failed, signed_in_or_login};
use super::address::PrintAddress;
use super::{lang, qr, render_print};
use crate::error::ApiError;
use crate::services::print;
use crate::state::AppState;
use crate::wire::standings::{StandingRow, StandingsResponse};

const TEMPLATE: &str = "pages/admin/print/standings.html";
const CERTIFICATES: &str = "pages/admin/print/certificates.html";

/// Places with a certificate unless the page asks otherwise.
const PLACES: u32 = 3;

#[derive(Debug, Serialize)]
struct StandingsPage {
    /// The round shown alone, if one is.
    round: Option<u16>,
    /// The round numbers with a column (overall only).
    columns: Vec<usize>,
    rows: Vec<Line>,
    /// Tables left out until the organiser mends them: "round 2, table 3".
    left_out: Vec<(i32, i32)>,
    /// The tournament's tie-breaks in order, by wire name.
    tie_breaks: Vec<String>,
    /// Where the hall follows the standings live, once the tournament is published.
    live: Option<LiveLink>,
}

/// The public standings' address, printed with its QR code under the standings.
#[derive(Debug, Serialize)]
struct LiveLink {
    link: String,
    qr: Option<String>,
}

#[derive(Debug, Serialize)]
struct Line {
    rank: u32,
    start_number: i32,
    name: String,
    club: Option<String>,
    rounds: Vec<Option<i32>>,
    /// Per round: its result was set by the organiser.
    set: Vec<bool>,
    total: i64,
    average: Option<String>,
    withdrawn: bool,
    /// Disqualified, his results kept (TSR 9.7.2 c).
    disqualified: bool,
}

#[derive(Debug, Deserialize)]
struct Which {
    #[serde(default)]
    round: Option<String>,
}

/// The standings, overall or of one round; a round that is not one is not found.
#[get("/admin/tournaments/{id}/print/standings")]
pub async fn page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    which: web::Query<Which>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk.tournament(&state, &req, *id, Section::Print).await?;
            let round = match which.round.as_deref() {
                None | Some("") => None,
                Some(r) => Some(
                    r.parse::<u16>()
                        .map_err(|_| failed(&state, &req, ApiError::NotFound))?,
                ),
            };
            let (tournament, standings) = print::standings(&state, desk.caller(), nav.id, round)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            let planned = usize::try_from(tournament.rounds_planned).unwrap_or(0);
            let address = PrintAddress::of(&state, &req);
            let model = StandingsPage {
                round,
                columns: if round.is_some() {
                    Vec::new()
                } else {
                    (1..=planned).collect()
                },
                tie_breaks: standings.tie_breaks.clone(),
                left_out: left_out(&standings),
                rows: standings.standings.into_iter().map(line).collect(),
                live: nav.published.then(|| {
                    let link = format!("{}/tournaments/{}/standings", address.origin, nav.id);
                    let label = lang(&req).text("desk_print_live_qr_label");
                    LiveLink {
                        qr: qr::svg(&link, &label),
                        link,
                    }
                }),
            };
            Ok(render_print(
                &state,
                &req,
                &desk,
                &nav,
                StatusCode::OK,
                TEMPLATE,
                address,
                &model,
            ))
        }
        .await,
    )
}

/// The tables the standings leave out until the organiser mends them, as (round, table).
fn left_out(standings: &StandingsResponse) -> Vec<(i32, i32)> {
    standings
        .needs_attention
        .iter()
        .map(|a| (a.round, a.table_number))
        .collect()
}

fn line(row: StandingRow) -> Line {
    Line {
        rank: row.rank,
        start_number: row.start_number,
        name: row.name,
        club: row.club.filter(|c| !c.trim().is_empty()),
        set: crate::pages::set_rounds(&row.adjusted_rounds, row.rounds.len()),
        rounds: row.rounds,
        total: row.total,
        average: row.average_per_round,
        withdrawn: row.withdrawn,
        disqualified: row.disqualified,
    }
}

#[derive(Debug, Deserialize)]
struct Places {
    #[serde(default)]
    places: Option<String>,
}

#[derive(Debug, Serialize)]
struct CertificatesPage {
    /// The players placed within `places`, best first.
    winners: Vec<Line>,
    /// Tables whose sheets the standings still leave out: the certificates wait for them.
    left_out: Vec<(i32, i32)>,
}

/// The winners' certificates, one page each, from the overall standings.
#[get("/admin/tournaments/{id}/print/certificates")]
pub async fn certificates(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    query: web::Query<Places>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk.tournament(&state, &req, *id, Section::Print).await?;
            let places = match query.places.as_deref() {
                None | Some("") => PLACES,
                Some(p) => p
                    .parse::<u32>()
                    .ok()
                    .filter(|p| (1..=100).contains(p))
                    .ok_or_else(|| failed(&state, &req, ApiError::NotFound))?,
            };
            let (_, standings) = print::standings(&state, desk.caller(), nav.id, None)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            let model = CertificatesPage {
                left_out: left_out(&standings),
                winners: standings
                    .standings
                    .into_iter()
                    // Before anyone played, everyone shares the first place: nobody won.
                    .filter(|row| row.rank <= places && row.deals_played > 0)
                    .map(line)
                    .collect(),
            };
            let address = PrintAddress::of(&state, &req);
            Ok(render_print(
                &state,
                &req,
                &desk,
                &nav,
                StatusCode::OK,
                CERTIFICATES,
                address,
                &model,
            ))
        }
        .await,
    )
}
