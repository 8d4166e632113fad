//! A tournament's start page: the standings, players and projector, its rounds with links
//! to their table lists and each table's sheet, and the plan.

use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;

use super::{PageError, TournamentHeading, Viewer, respond};
use crate::services::tournaments::{self, Overview};
use crate::state::AppState;

#[derive(Debug, Serialize)]
struct ShowPage {
    id: i64,
    tournament: TournamentHeading,
    players: i64,
    rounds_planned: i32,
    rounds: Vec<RoundLink>,
    has_plan: bool,
}

#[derive(Debug, Serialize)]
struct RoundLink {
    number: i32,
    tables: i64,
    /// The tables' numbers, each linking its public sheet.
    table_numbers: Vec<i64>,
    closed: bool,
}

impl ShowPage {
    fn new(id: i64, overview: Overview) -> ShowPage {
        ShowPage {
            id,
            tournament: (&overview.tournament).into(),
            players: overview.players,
            rounds_planned: overview.tournament.rounds_planned,
            rounds: overview
                .rounds
                .into_iter()
                .map(|r| RoundLink {
                    number: r.number,
                    tables: r.tables,
                    // A round's tables are numbered 1, 2, … as they are created.
                    table_numbers: (1..=r.tables).collect(),
                    closed: r.closed,
                })
                .collect(),
            has_plan: overview.has_plan,
        }
    }
}

/// The tournament's start page.
#[get("/tournaments/{id}")]
pub async fn show(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> HttpResponse {
    let id = path.into_inner().parse::<i64>();
    let viewer = Viewer::of(&state, &req, id.as_ref().ok().copied()).await;
    let result = match (viewer.caller, id) {
        (Ok(caller), Ok(id)) => tournaments::overview(&state, caller, id)
            .await
            .map(|overview| ShowPage::new(id, overview))
            .map_err(PageError::from),
        _ => Err(PageError::NotFound),
    };
    respond(
        &state.pages,
        &req,
        "pages/tournaments/show.html",
        result,
        viewer.preview.as_ref(),
    )
}
