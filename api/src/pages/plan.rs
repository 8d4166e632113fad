//! The seating plan of a whole tournament (Setzplan): for every player the table of every
//! planned round, published before play starts.

use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;

use super::{PageError, TournamentHeading, Viewer, respond};
use crate::services::plans::{self, PlanSheet};
use crate::state::AppState;
use crate::wire::players::public_name;
use crate::wire::seating::QualityBody;

#[derive(Debug, Serialize)]
struct PlanPage {
    id: i64,
    tournament: TournamentHeading,
    seed: String,
    first_round: i32,
    rounds: Vec<i32>,
    players: Vec<PlayerLine>,
    quality: QualityBody,
}

#[derive(Debug, Serialize)]
struct PlayerLine {
    start_number: i32,
    name: String,
    /// Table number per planned round; `None` where the plan does not seat the player.
    tables: Vec<Option<usize>>,
}

/// The tournament's seating plan.
#[get("/tournaments/{id}/plan")]
pub async fn plan_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> HttpResponse {
    let id = path.into_inner().parse::<i64>();
    let viewer = Viewer::of(&state, &req, id.as_ref().ok().copied());
    let result = match (viewer.caller, id) {
        (Ok(caller), Ok(id)) => plans::plan_sheet(&state, caller, id)
            .await
            .map(page)
            .map_err(PageError::from),
        _ => Err(PageError::NotFound),
    };
    respond(
        &state.pages,
        "pages/plan/plan.html",
        result,
        viewer.preview.as_ref(),
    )
}

fn page(sheet: PlanSheet) -> PlanPage {
    let PlanSheet {
        tournament,
        plan,
        roster,
        quality,
    } = sheet;
    let players = roster
        .iter()
        .filter(|p| !p.withdrawn || plan.rounds.iter().flatten().flatten().any(|&id| id == p.id))
        .map(|p| PlayerLine {
            start_number: p.start_number,
            // A printed plan is public whoever prints it: the name each player asked for.
            name: public_name(p).to_owned(),
            tables: plan
                .rounds
                .iter()
                .map(|round| round.iter().position(|t| t.contains(&p.id)).map(|t| t + 1))
                .collect(),
        })
        .collect();
    PlanPage {
        id: tournament.id,
        tournament: (&tournament).into(),
        rounds: (plan.first_round..).take(plan.rounds.len()).collect(),
        seed: plan.seed,
        first_round: plan.first_round,
        players,
        quality: quality.into(),
    }
}
