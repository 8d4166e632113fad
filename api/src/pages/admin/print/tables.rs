//! The table cards of a round: per table its number, its players by seat, and its join
//! code in large type with the QR code of the join link (`<origin>/join/<code>`, the
//! address phones reach: [`crate::links`]).
//! Two cards to an A4 page. A round without codes offers to issue them.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;

use super::super::{Section, answer, signed_in_or_login};
use super::address::PrintAddress;
use super::{lang, printed_round, qr, render_print};
use crate::services::print::PrintedTable;
use crate::state::AppState;

const TEMPLATE: &str = "pages/admin/print/tables.html";

#[derive(Debug, Serialize)]
struct TablesPage {
    round: i32,
    closed: bool,
    tables: Vec<TableCard>,
    /// Tables without a live code: the page offers to issue them.
    missing: usize,
}

#[derive(Debug, Serialize)]
struct TableCard {
    number: i32,
    planned_deals: i32,
    seats: Vec<Seat>,
    code: Option<String>,
    /// The join link the QR code holds.
    link: Option<String>,
    /// The QR code as inline SVG markup (made here, never from input).
    qr: Option<String>,
}

#[derive(Debug, Serialize)]
struct Seat {
    seat: usize,
    start_number: i32,
    name: String,
}

/// The table cards of round `number`.
#[get("/admin/tournaments/{id}/print/rounds/{number}/tables")]
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
            let round = printed_round(&state, &req, &desk, &nav, number).await?;
            let address = PrintAddress::of(&state, &req);
            let label = lang(&req).text("desk_print_qr_label");
            let tables: Vec<TableCard> = round
                .tables
                .iter()
                .map(|t| card(t, &address.origin, &label))
                .collect();
            let model = TablesPage {
                round: round.round.number,
                closed: round.round.closed,
                missing: tables.iter().filter(|t| t.code.is_none()).count(),
                tables,
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

fn card(table: &PrintedTable, origin: &str, label: &str) -> TableCard {
    let link = table
        .code
        .as_ref()
        .map(|code| format!("{origin}/join/{code}"));
    TableCard {
        number: table.number,
        planned_deals: table.planned_deals,
        seats: table
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| Seat {
                seat: i + 1,
                start_number: p.start_number,
                name: p.name.clone(),
            })
            .collect(),
        code: table.code.clone(),
        qr: link
            .as_deref()
            .and_then(|l| qr::svg(l, &format!("{label} {}", table.number))),
        link,
    }
}
