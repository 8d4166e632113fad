//! Name cards for a round: per player his name, start number, and his table and seat in
//! large type, eight to an A4 page, in table and seat order (laid out table by table).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;

use super::super::{Section, answer, signed_in_or_login};
use super::address::PrintAddress;
use super::{printed_round, render_print};
use crate::state::AppState;

const TEMPLATE: &str = "pages/admin/print/cards.html";

#[derive(Debug, Serialize)]
struct CardsPage {
    round: i32,
    cards: Vec<Card>,
}

#[derive(Debug, Serialize)]
struct Card {
    name: String,
    start_number: i32,
    club: Option<String>,
    table: i32,
    seat: usize,
}

/// The name cards of round `number`.
#[get("/admin/tournaments/{id}/print/rounds/{number}/cards")]
pub async fn page(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i32)>,
) -> HttpResponse {
    let (id, number) = path.into_inner();
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk.tournament(&state, &req, id, Section::Print).await?;
            let printed = printed_round(&state, &req, &desk, &nav, number).await?;
            let cards = printed
                .tables
                .iter()
                .flat_map(|t| {
                    t.players.iter().enumerate().map(|(i, p)| Card {
                        name: p.name.clone(),
                        start_number: p.start_number,
                        club: p.club.clone(),
                        table: t.number,
                        seat: i + 1,
                    })
                })
                .collect();
            let address = PrintAddress::of(&state, &req);
            let model = CardsPage {
                round: printed.round.number,
                cards,
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
