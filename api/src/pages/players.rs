//! The players of a tournament, and one player's page: his rounds (table, seat, who sat
//! with him, his points), his total and the chart of his running total over the deals.

use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;

use super::chart::{self, Point, RoundMark};
use super::i18n::Lang;
use super::{PageError, TournamentHeading, Viewer, respond};
use crate::services::public::{self, PlayerHistory};
use crate::state::AppState;

#[derive(Debug, Serialize)]
struct ListPage {
    id: i64,
    tournament: TournamentHeading,
    players: Vec<Entry>,
}

#[derive(Debug, Serialize)]
struct Entry {
    id: i64,
    start_number: i32,
    name: String,
    club: Option<String>,
    withdrawn: bool,
}

#[derive(Debug, Serialize)]
struct PlayerPage {
    id: i64,
    tournament: TournamentHeading,
    player: Entry,
    rounds: Vec<RoundLine>,
    total: i64,
    deals: usize,
    /// The chart's markup, escaped where it holds text (see [`chart`]).
    chart: String,
}

#[derive(Debug, Serialize)]
struct RoundLine {
    round: i32,
    table: i32,
    /// His seat, 1-based.
    position: u8,
    /// The others at the table, in seat order.
    others: Vec<Other>,
    points: Option<i32>,
    needs_attention: bool,
}

#[derive(Debug, Serialize)]
struct Other {
    player_id: i64,
    name: String,
    position: u8,
}

fn club(club: Option<&String>) -> Option<String> {
    club.filter(|c| !c.trim().is_empty()).cloned()
}

/// `/tournaments/{id}/players`: everybody by start number, each linking his page.
#[get("/tournaments/{id}/players")]
pub async fn list(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> HttpResponse {
    let id = path.into_inner().parse::<i64>().ok();
    let viewer = Viewer::of(&state, &req, id).await;
    let result = match (viewer.caller, id) {
        (Ok(caller), Some(id)) => public::players(&state, caller, id)
            .await
            .map(|(tournament, roster)| ListPage {
                id,
                tournament: (&tournament).into(),
                players: roster
                    .iter()
                    .map(|p| Entry {
                        id: p.id,
                        start_number: p.start_number,
                        name: p.name.clone(),
                        club: club(p.club.as_ref()),
                        withdrawn: p.withdrawn,
                    })
                    .collect(),
            })
            .map_err(PageError::from),
        _ => Err(PageError::NotFound),
    };
    respond(
        &state.pages,
        &req,
        "pages/players/list.html",
        result,
        viewer.preview.as_ref(),
    )
}

/// The chart of the history: a point per deal, a mark where each round starts.
fn chart_of(history: &PlayerHistory, name: &str, lang: Lang) -> String {
    let round = lang.text("plan_round_short");
    let mut points = Vec::new();
    let mut marks = Vec::new();
    for played in &history.rounds {
        if played.deals.is_empty() {
            continue;
        }
        marks.push(RoundMark {
            first: points.len(),
            label: format!("{round}{}", played.round),
        });
        points.extend(played.deals.iter().map(|d| Point {
            label: format!("{round}{} · {}", played.round, d.number),
            total: d.total,
        }));
    }
    let title = format!("{} {name}", lang.text("player_chart_title"));
    let desc = match (
        points.iter().map(|p| p.total).min(),
        points.iter().map(|p| p.total).max(),
    ) {
        (Some(low), Some(high)) => format!(
            "{} {} {}; {} {}; {} {}, {} {}.",
            lang.text("player_chart_desc"),
            points.len(),
            lang.text("common_deals"),
            lang.text("player_chart_final"),
            history.total,
            lang.text("player_chart_high"),
            high,
            lang.text("player_chart_low"),
            low,
        ),
        _ => lang.text("player_chart_empty"),
    };
    chart::running_total(&title, &desc, &points, &marks)
}

fn player_page(history: &PlayerHistory, lang: Lang) -> PlayerPage {
    let p = &history.player;
    let name = p.shown.clone();
    PlayerPage {
        id: history.tournament.id,
        tournament: (&history.tournament).into(),
        chart: chart_of(history, &name, lang),
        player: Entry {
            id: p.id,
            start_number: p.start_number,
            name,
            club: club(p.club.as_ref()),
            withdrawn: p.withdrawn,
        },
        rounds: history
            .rounds
            .iter()
            .map(|r| RoundLine {
                round: r.round,
                table: r.table,
                position: r.seat + 1,
                others: r
                    .players
                    .iter()
                    .filter(|o| o.player_id != p.id)
                    .map(|o| Other {
                        player_id: o.player_id,
                        name: o.name.clone(),
                        position: o.seat + 1,
                    })
                    .collect(),
                points: r.points,
                needs_attention: r.needs_attention,
            })
            .collect(),
        total: history.total,
        deals: history.rounds.iter().map(|r| r.deals.len()).sum(),
    }
}

/// `/tournaments/{id}/players/{player}`: one player's tournament.
#[get("/tournaments/{id}/players/{player}")]
pub async fn player(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(String, String)>,
) -> HttpResponse {
    let (id, player) = path.into_inner();
    let id = id.parse::<i64>().ok();
    let viewer = Viewer::of(&state, &req, id).await;
    let (lang, _) = Lang::of(&req);
    let result = match (viewer.caller, id, player.parse::<i64>()) {
        (Ok(caller), Some(id), Ok(player)) => public::player(&state, caller, id, player)
            .await
            .map(|history| player_page(&history, lang))
            .map_err(PageError::from),
        _ => Err(PageError::NotFound),
    };
    respond(
        &state.pages,
        &req,
        "pages/players/player.html",
        result,
        viewer.preview.as_ref(),
    )
}
