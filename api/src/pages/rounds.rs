//! The table list of a round (Tischliste): who sits where, with the seed of the draw, for
//! the wall of the club hall and for anyone who wants to re-derive the draw.

use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;

use super::{PageError, TournamentHeading, Viewer, respond};
use crate::services::rounds::{self, TableList};
use crate::services::view::Player;
use crate::state::AppState;
use crate::wire::seating::QualityBody;

#[derive(Debug, Serialize)]
struct ListPage {
    id: i64,
    tournament: TournamentHeading,
    round: i32,
    draw: Option<DrawLine>,
    quality: QualityBody,
    tables: Vec<TableBlock>,
    index: Vec<IndexEntry>,
}

#[derive(Debug, Serialize)]
struct DrawLine {
    /// Text keys: the method's name and what re-derives the draw.
    method: &'static str,
    derived_from: &'static str,
    seed: String,
}

#[derive(Debug, Serialize)]
struct TableBlock {
    number: i32,
    planned_deals: i32,
    seats: Vec<SeatLine>,
}

#[derive(Debug, Serialize)]
struct SeatLine {
    seat: usize,
    start_number: i32,
    name: String,
    club: Option<String>,
    /// The text key of the seat's role, if it has one.
    role: Option<&'static str>,
}

#[derive(Debug, Serialize)]
struct IndexEntry {
    name: String,
    start_number: i32,
    table: i32,
    seat: usize,
}

/// The text keys of a draw method's name and of what re-derives it.
fn method_label(method: &str) -> (&'static str, &'static str) {
    match method {
        "random" => ("list_method_random", "list_from_random"),
        "avoid_repeats" => ("list_method_avoid_repeats", "list_from_avoid_repeats"),
        "by_standings" => ("list_method_by_standings", "list_from_by_standings"),
        "planned" => ("list_method_planned", "list_from_planned"),
        _ => ("list_method_unknown", "list_from_unknown"),
    }
}

/// The table list of round `number`.
#[get("/tournaments/{id}/rounds/{number}/list")]
pub async fn round_list(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(String, String)>,
) -> HttpResponse {
    let (id, number) = path.into_inner();
    let id = id.parse::<i64>();
    let viewer = Viewer::of(&state, &req, id.as_ref().ok().copied()).await;
    let result = match (viewer.caller, id, number.parse::<i32>()) {
        (Ok(caller), Ok(id), Ok(number)) => rounds::table_list(&state, caller, id, number)
            .await
            .map(page)
            .map_err(PageError::from),
        _ => Err(PageError::NotFound),
    };
    respond(
        &state.pages,
        &req,
        "pages/rounds/list.html",
        result,
        viewer.preview.as_ref(),
    )
}

fn page(list: TableList) -> ListPage {
    let TableList {
        tournament,
        round,
        roster,
        seats,
        planned,
        quality,
    } = list;
    let player = |id: i64| roster.iter().find(|p| p.id == id);
    // The list hangs on the wall of the hall, whoever printed it: every player appears as
    // he asked to be shown, never with his full name when he asked for an abbreviation.
    let shown = |p: &Player| p.shown.clone();
    let mut tables = Vec::with_capacity(seats.len());
    let mut index = Vec::new();
    for (&(number, planned_deals), table) in planned.iter().zip(&seats) {
        let mut lines = Vec::with_capacity(table.len());
        for (s, &id) in table.iter().enumerate() {
            let Some(p) = player(id) else { continue };
            // Seat 1 deals first; the last seat keeps the list (TSR: the captain).
            let role = if s == 0 {
                Some("list_first_dealer")
            } else if s + 1 == table.len() {
                Some("list_captain")
            } else {
                None
            };
            lines.push(SeatLine {
                seat: s + 1,
                start_number: p.start_number,
                name: shown(p),
                club: p.club.clone().filter(|c| !c.trim().is_empty()),
                role,
            });
            index.push(IndexEntry {
                name: shown(p),
                start_number: p.start_number,
                table: number,
                seat: s + 1,
            });
        }
        tables.push(TableBlock {
            number,
            planned_deals,
            seats: lines,
        });
    }
    index.sort_by(|a, b| {
        a.name
            .to_lowercase()
            .cmp(&b.name.to_lowercase())
            .then(a.start_number.cmp(&b.start_number))
    });
    ListPage {
        id: tournament.id,
        tournament: (&tournament).into(),
        round: round.number,
        draw: round.draw_method.as_deref().map(|method| {
            let (method, derived_from) = method_label(method);
            DrawLine {
                method,
                derived_from,
                seed: round.draw_seed.clone().unwrap_or_default(),
            }
        }),
        quality: quality.into(),
        tables,
        index,
    }
}

#[cfg(test)]
mod tests {
    use super::method_label;
    use crate::pages::i18n::Lang;

    #[test]
    fn every_draw_method_has_its_texts() {
        for method in [
            "random",
            "avoid_repeats",
            "by_standings",
            "planned",
            "other",
        ] {
            let (name, from) = method_label(method);
            for lang in [Lang::De, Lang::En] {
                assert!(lang.texts().contains_key(name), "{name}");
                assert!(lang.texts().contains_key(from), "{from}");
            }
        }
        assert_eq!(Lang::De.text(method_label("random").0), "zufällig");
    }
}
