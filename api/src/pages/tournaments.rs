//! A tournament's start page: its rounds with links to their table lists, and the plan.

use actix_web::{HttpRequest, HttpResponse, get, web};
use diesel::prelude::*;
use serde::Serialize;

use super::{PageError, TournamentHeading, respond};
use crate::auth::extract::caller;
use crate::db::schema::{players, round_tables, rounds, seating_plans};
use crate::services::access::{self, Need};
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
    closed: bool,
}

/// The tournament's start page.
#[get("/tournaments/{id}")]
pub async fn show(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> HttpResponse {
    let result = match (caller(&req), path.into_inner().parse::<i64>()) {
        (Ok(caller), Ok(id)) => state
            .db
            .run(move |conn| {
                let tournament = access::tournament(conn, id, &caller, Need::Read)?;
                let players: i64 = players::table
                    .filter(players::tournament_id.eq(id))
                    .filter(players::withdrawn.eq(false))
                    .count()
                    .get_result(conn)?;
                let rows: Vec<(i64, i32, bool)> = rounds::table
                    .filter(rounds::tournament_id.eq(id))
                    .order(rounds::number.asc())
                    .select((rounds::id, rounds::number, rounds::closed))
                    .load(conn)?;
                let mut links = Vec::with_capacity(rows.len());
                for (round_id, number, closed) in rows {
                    let tables = round_tables::table
                        .filter(round_tables::round_id.eq(round_id))
                        .count()
                        .get_result(conn)?;
                    links.push(RoundLink {
                        number,
                        tables,
                        closed,
                    });
                }
                let plans: i64 = seating_plans::table
                    .filter(seating_plans::tournament_id.eq(id))
                    .count()
                    .get_result(conn)?;
                Ok(ShowPage {
                    id,
                    tournament: (&tournament).into(),
                    players,
                    rounds_planned: tournament.rounds_planned,
                    rounds: links,
                    has_plan: plans > 0,
                })
            })
            .await
            .map_err(PageError::from),
        _ => Err(PageError::NotFound),
    };
    respond(&state.pages, "pages/tournaments/show.html", result)
}
