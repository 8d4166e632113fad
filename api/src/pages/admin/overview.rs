//! A tournament's page at the desk: where the day stands (players, rounds, the plan) and
//! the way to each part of the desk.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;

use super::{Desk, Nav, Section, answer, failed, render, signed_in_or_login};
use crate::services::tournaments;
use crate::state::AppState;

const TEMPLATE: &str = "pages/admin/overview.html";

#[derive(Debug, Serialize)]
struct OverviewPage {
    /// Players who have not withdrawn.
    players: i64,
    rounds_planned: i32,
    rounds: Vec<RoundLine>,
    has_plan: bool,
}

#[derive(Debug, Serialize)]
struct RoundLine {
    number: i32,
    tables: i64,
    closed: bool,
}

/// The tournament's desk page; another organiser's tournament is not found.
#[get("/admin/tournaments/{id}")]
pub async fn page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk
                .tournament(&state, &req, *id, Section::Overview)
                .await?;
            let overview = tournaments::overview(&state, desk.caller(), nav.id)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            Ok(overview_page(&state, &req, &desk, &nav, overview))
        }
        .await,
    )
}

fn overview_page(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    nav: &Nav,
    overview: tournaments::Overview,
) -> HttpResponse {
    let model = OverviewPage {
        players: overview.players,
        rounds_planned: overview.tournament.rounds_planned,
        rounds: overview
            .rounds
            .into_iter()
            .map(|r| RoundLine {
                number: r.number,
                tables: r.tables,
                closed: r.closed,
            })
            .collect(),
        has_plan: overview.has_plan,
    };
    render(
        state,
        req,
        desk,
        Some(nav),
        StatusCode::OK,
        TEMPLATE,
        &model,
    )
}
