//! The seating plan of a whole tournament (Setzplan): for every player the table of every
//! round the plan covers, published before play starts. Rounds drawn show the tables drawn;
//! rounds out of date are marked, with why, and their tables shown as void.

use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;

use super::{PageError, TournamentHeading, Viewer, respond};
use crate::db::models::PlayerRow;
use crate::services::plans::{self, PlanSheet, PlanView};
use crate::state::AppState;
use crate::wire::plans::PlannedRoundStatus;
use crate::wire::players::public_name;
use crate::wire::seating::QualityBody;

#[derive(Debug, Serialize)]
struct PlanPage {
    id: i64,
    tournament: TournamentHeading,
    seed: String,
    first_round: i32,
    rounds: Vec<RoundHead>,
    players: Vec<PlayerLine>,
    quality: QualityBody,
    /// Why rounds are out of date, and which were drawn other than planned.
    notes: Vec<String>,
    /// Players a draw leaves out now (not checked in), named.
    left_out: Option<String>,
}

#[derive(Debug, Serialize)]
struct RoundHead {
    number: i32,
    /// `drawn`, `planned` or `outdated`: the cells' class.
    status: &'static str,
    /// The status in words.
    label: &'static str,
}

#[derive(Debug, Serialize)]
struct PlayerLine {
    start_number: i32,
    name: String,
    /// "zurückgezogen", "nicht eingecheckt", or nothing.
    note: Option<&'static str>,
    /// One cell per round.
    tables: Vec<Cell>,
}

#[derive(Debug, Serialize)]
struct Cell {
    /// The table number; `None` where the player has no seat.
    table: Option<usize>,
    /// From a round out of date: void.
    outdated: bool,
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
        &req,
        "pages/plan/plan.html",
        result,
        viewer.preview.as_ref(),
    )
}

/// "Name (Nr. 7), Name (Nr. 9)" for the notes.
fn names(roster: &[PlayerRow], ids: &[i64]) -> String {
    let mut players: Vec<(i32, String)> = ids
        .iter()
        .map(|&id| match roster.iter().find(|p| p.id == id) {
            Some(p) => (
                p.start_number,
                format!("{} (Nr. {})", public_name(p), p.start_number),
            ),
            None => (0, format!("Spieler {id}")),
        })
        .collect();
    players.sort();
    players
        .into_iter()
        .map(|(_, name)| name)
        .collect::<Vec<_>>()
        .join(", ")
}

fn page(sheet: PlanSheet) -> PlanPage {
    let PlanSheet { tournament, view } = sheet;
    let PlanView {
        plan,
        rounds,
        mut roster,
        left_out,
        quality,
    } = view;
    roster.sort_by_key(|p| (p.start_number, p.id));
    let seated_in_drawn = |id: i64| {
        rounds
            .iter()
            .filter(|r| r.status == PlannedRoundStatus::Drawn)
            .any(|r| r.tables.iter().flatten().any(|&p| p == id))
    };
    // Withdrawn players stay on the sheet only for the rounds they played.
    let players = roster
        .iter()
        .filter(|p| !p.withdrawn || seated_in_drawn(p.id))
        .map(|p| PlayerLine {
            start_number: p.start_number,
            // A printed plan is public whoever prints it: the name each player asked for.
            name: public_name(p).to_owned(),
            note: if p.withdrawn {
                Some("zurückgezogen")
            } else if left_out.contains(&p.id) {
                Some("nicht eingecheckt")
            } else {
                None
            },
            tables: rounds
                .iter()
                .map(|round| Cell {
                    table: round
                        .tables
                        .iter()
                        .position(|t| t.contains(&p.id))
                        .map(|t| t + 1),
                    outdated: round.status == PlannedRoundStatus::Outdated,
                })
                .collect(),
        })
        .collect();
    let mut notes = Vec::new();
    for round in &rounds {
        if round.differs_from_plan {
            notes.push(format!(
                "Runde {} weicht vom Setzplan ab (anders ausgelost oder umgesetzt); es gelten \
                 die ausgelosten Tische.",
                round.number
            ));
        }
        if let Some(misfit) = &round.misfit {
            let mut why = Vec::new();
            for (ids, words) in [
                (&misfit.withdrawn, "setzt zurückgezogene Spieler"),
                (&misfit.not_checked_in, "setzt nicht eingecheckte Spieler"),
                (&misfit.missing, "lässt Spieler aus"),
            ] {
                if !ids.is_empty() {
                    why.push(format!("{words}: {}", names(&roster, ids)));
                }
            }
            notes.push(format!(
                "Runde {} ist veraltet – der Plan {}. Die Turnierleitung plant neu oder lost anders aus.",
                round.number,
                why.join("; ")
            ));
        }
    }
    let heads = rounds
        .iter()
        .map(|round| {
            let (status, label) = match round.status {
                PlannedRoundStatus::Drawn => ("drawn", "ausgelost"),
                PlannedRoundStatus::Planned => ("planned", "geplant"),
                PlannedRoundStatus::Outdated => ("outdated", "veraltet"),
            };
            RoundHead {
                number: round.number,
                status,
                label,
            }
        })
        .collect();
    PlanPage {
        id: tournament.id,
        tournament: (&tournament).into(),
        rounds: heads,
        seed: plan.seed,
        first_round: plan.first_round,
        players,
        quality: quality.into(),
        notes,
        left_out: (!left_out.is_empty()).then(|| names(&roster, &left_out)),
    }
}
