//! The seating plan of a whole tournament (Setzplan): for every player the table of every
//! round the plan covers, published before play starts. Rounds drawn show the tables drawn;
//! rounds out of date are marked, with why, and their tables shown as void.

use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;

use super::{PageError, TournamentHeading, Viewer, respond};
use crate::services::plans::{self, PlanSheet, PlanView};
use crate::services::view::Player;
use crate::state::AppState;
use crate::wire::plans::PlannedRoundStatus;
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
    notes: Vec<Note>,
    /// Players a draw leaves out now (not checked in); empty when none.
    left_out: Vec<Named>,
}

#[derive(Debug, Serialize)]
struct RoundHead {
    number: i32,
    /// `drawn`, `planned` or `outdated`: the cells' class.
    status: &'static str,
    /// The text key of the status in words.
    label: &'static str,
}

#[derive(Debug, Serialize)]
struct PlayerLine {
    start_number: i32,
    name: String,
    /// The text key of "withdrawn" or "not checked in", or nothing.
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

/// A player as a note names him: "Name (Nr. 7)".
#[derive(Debug, Serialize, PartialEq, Eq, PartialOrd, Ord)]
struct Named {
    start_number: i32,
    name: String,
}

/// A note above the plan: a round drawn other than planned, or a round out of date and why.
#[derive(Debug, Serialize)]
struct Note {
    /// `differs` or `outdated`.
    kind: &'static str,
    round: i32,
    /// For `outdated`: each reason (its text key) with the players it names.
    reasons: Vec<Reason>,
}

#[derive(Debug, Serialize)]
struct Reason {
    key: &'static str,
    players: Vec<Named>,
}

/// The tournament's seating plan.
#[get("/tournaments/{id}/plan")]
pub async fn plan_page(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> HttpResponse {
    let id = path.into_inner().parse::<i64>();
    let viewer = Viewer::of(&state, &req, id.as_ref().ok().copied()).await;
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

/// The players `ids` names, by start number, for the notes. A player missing from the
/// roster (deleted since) is shown by his id, so that the note still counts him.
fn names(roster: &[Player], ids: &[i64]) -> Vec<Named> {
    let mut players: Vec<Named> = ids
        .iter()
        .map(|&id| match roster.iter().find(|p| p.id == id) {
            Some(p) => Named {
                start_number: p.start_number,
                name: p.shown.clone(),
            },
            None => Named {
                start_number: 0,
                name: format!("#{id}"),
            },
        })
        .collect();
    players.sort();
    players
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
            name: p.shown.clone(),
            note: if p.withdrawn {
                Some("plan_note_withdrawn")
            } else if left_out.contains(&p.id) {
                Some("plan_note_not_checked_in")
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
            notes.push(Note {
                kind: "differs",
                round: round.number,
                reasons: Vec::new(),
            });
        }
        if let Some(misfit) = &round.misfit {
            let reasons = [
                (&misfit.withdrawn, "plan_misfit_withdrawn"),
                (&misfit.not_checked_in, "plan_misfit_not_checked_in"),
                (&misfit.missing, "plan_misfit_missing"),
            ]
            .into_iter()
            .filter(|(ids, _)| !ids.is_empty())
            .map(|(ids, key)| Reason {
                key,
                players: names(&roster, ids),
            })
            .collect();
            notes.push(Note {
                kind: "outdated",
                round: round.number,
                reasons,
            });
        }
    }
    let heads = rounds
        .iter()
        .map(|round| {
            let (status, label) = match round.status {
                PlannedRoundStatus::Drawn => ("drawn", "plan_status_drawn"),
                PlannedRoundStatus::Planned => ("planned", "plan_status_planned"),
                PlannedRoundStatus::Outdated => ("outdated", "plan_status_outdated"),
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
        left_out: names(&roster, &left_out),
    }
}

#[cfg(test)]
mod tests {
    use crate::pages::i18n::Lang;

    #[test]
    fn every_key_the_plan_names_has_its_texts() {
        for key in [
            "plan_status_drawn",
            "plan_status_planned",
            "plan_status_outdated",
            "plan_note_withdrawn",
            "plan_note_not_checked_in",
            "plan_misfit_withdrawn",
            "plan_misfit_not_checked_in",
            "plan_misfit_missing",
        ] {
            for lang in [Lang::De, Lang::En] {
                assert!(lang.texts().contains_key(key), "{key}");
            }
        }
    }
}
