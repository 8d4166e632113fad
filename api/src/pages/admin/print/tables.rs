//! The table cards of a round: per table its number, its players by seat, and its join
//! code in large type with the QR code of the join link (`<scheme>://<host>/join/<code>`,
//! the host the organiser's browser reached, so phones in the same hall reach it too).
//! Two cards to an A4 page. A round without codes offers to issue them.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, web};
use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};
use serde::Serialize;

use super::super::{Section, answer, render, signed_in_or_login};
use super::{lang, printed_round};
use crate::pages::session::{host, is_https};
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
            let origin = origin(&req);
            let label = lang(&req).text("desk_print_qr_label");
            let tables: Vec<TableCard> = round
                .tables
                .iter()
                .map(|t| card(t, &origin, &label))
                .collect();
            let model = TablesPage {
                round: round.round.number,
                closed: round.round.closed,
                missing: tables.iter().filter(|t| t.code.is_none()).count(),
                tables,
            };
            Ok(render(
                &state,
                &req,
                &desk,
                Some(&nav),
                StatusCode::OK,
                TEMPLATE,
                &model,
            ))
        }
        .await,
    )
}

/// `<scheme>://<host>` as the request reached us (a proxy's word only when trusted).
fn origin(req: &HttpRequest) -> String {
    let scheme = if is_https(req) { "https" } else { "http" };
    format!("{scheme}://{}", host(req))
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
            .and_then(|l| qr_svg(l, &format!("{label} {}", table.number))),
        link,
    }
}

/// The QR code of `text` as an SVG element labelled `label` for screen readers; `None` if
/// the text does not fit a QR code (a join link always does).
fn qr_svg(text: &str, label: &str) -> Option<String> {
    // Level M survives a crease or a coffee ring on the card.
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let drawn = code
        .render::<svg::Color<'_>>()
        .quiet_zone(true)
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .build();
    // Inline in the page: no XML prolog; a name for assistive technology. The label is our
    // own text, escaped all the same.
    let start = drawn.find("<svg")?;
    let escaped = label
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('"', "&quot;");
    Some(drawn[start..].replacen(
        "<svg ",
        &format!("<svg class=\"qr\" role=\"img\" aria-label=\"{escaped}\" "),
        1,
    ))
}

#[cfg(test)]
mod tests {
    use super::qr_svg;

    #[test]
    fn a_join_link_becomes_an_inline_labelled_svg() {
        let svg = qr_svg("http://hall.local/join/KRC7-94QX", "QR-Code Tisch 3").unwrap();
        assert!(svg.starts_with("<svg class=\"qr\" role=\"img\" aria-label=\"QR-Code Tisch 3\" "));
        assert!(svg.ends_with("</svg>"));
        assert!(!svg.contains("<?xml"));
        assert!(svg.contains("fill=\"#000\""), "{svg:.300}");
    }
}
