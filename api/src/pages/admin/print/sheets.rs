//! The score sheet (Spielliste) of a table in the TSR layout, one A4 sheet a table: per
//! deal its number, the dealer (Geber; at a 5-table he sits out), the game (normal or the
//! solo type), the Re players, each position's points and running total (TSR 7.3); the
//! Pflichtsolo rubric apart (TSR 4.2.4); a box for the referee's penalty points and
//! remarks (TSR 8.2.2, 8.5.1); a signature line for every player.
//!
//! Pre-filled for every table of a drawn round (names, start numbers, positions, the
//! table's planned deals), or blank for a chosen table size and count (the tournament's
//! deals per round at that size).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;

use super::super::{Section, answer, failed, signed_in_or_login};
use super::address::PrintAddress;
use super::{BlankForm, MOST_BLANK_SHEETS, lang, printed_round, render_print, show_index};
use domain::game::Game;

use crate::services::print::PrintedTable;
use crate::services::tournaments;
use crate::state::AppState;

const TEMPLATE: &str = "pages/admin/print/sheets.html";

#[derive(Debug, Serialize)]
struct SheetsPage {
    /// The round, for the pre-filled sheets.
    round: Option<i32>,
    sheets: Vec<Sheet>,
}

#[derive(Debug, Serialize)]
struct Sheet {
    /// The table's number; `None` on a blank sheet.
    table: Option<i32>,
    /// A 5-table: the dealer sits out.
    five: bool,
    seats: Vec<SheetSeat>,
    /// The deal numbers, 1 to the deals planned.
    deals: Vec<i32>,
    /// A family game's sheet (`doublehead_kids`, `doppeldoppel`): no Re party, no
    /// Pflichtsolo rubric; `None` for Doppelkopf.
    family: Option<&'static str>,
}

#[derive(Debug, Serialize)]
struct SheetSeat {
    /// Position 1 to 4 (or 5).
    seat: usize,
    /// Empty on a blank sheet.
    name: Option<String>,
    start_number: Option<i32>,
}

/// The sheets of every table of round `number`, names and seats filled in.
#[get("/admin/tournaments/{id}/print/rounds/{number}/sheets")]
pub async fn round(
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
            let address = PrintAddress::of(&state, &req);
            let model = SheetsPage {
                round: Some(printed.round.number),
                sheets: printed
                    .tables
                    .iter()
                    .map(|t| filled(printed.tournament.game, t))
                    .collect(),
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

fn filled(game: Game, table: &PrintedTable) -> Sheet {
    // A Doublehead Kids round has no planned deals: as many rows as it can take.
    let rows = u8::try_from(table.players.len())
        .ok()
        .and_then(|players| {
            let planned = u16::try_from(table.planned_deals).ok()?;
            game.round_length(players, planned).ok()
        })
        .map_or(table.planned_deals, |length| i32::from(length.most_deals()));
    Sheet {
        table: Some(table.number),
        five: table.players.len() == 5,
        seats: table
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| SheetSeat {
                seat: i + 1,
                name: Some(p.name.clone()),
                start_number: Some(p.start_number),
            })
            .collect(),
        deals: (1..=rows).collect(),
        family: game.ruleset().is_none().then(|| game.kind()),
    }
}

/// `count` blank sheets for tables of `size` (4 or 5) players; anything else shows the
/// print page again with the reason and the input (400).
#[get("/admin/tournaments/{id}/print/sheets")]
pub async fn blank(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    query: web::Query<BlankForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk.tournament(&state, &req, *id, Section::Print).await?;
            let form = query.into_inner();
            let Some((size, count)) = parse_blank(&form) else {
                let reason = lang(&req).text("desk_print_blank_refused");
                return show_index(&state, &req, &desk, &nav, form, Some(reason)).await;
            };
            let tournament = tournaments::overview(&state, desk.caller(), nav.id)
                .await
                .map_err(|e| failed(&state, &req, e))?
                .tournament;
            let deals = if size == 5 {
                tournament.deals_five
            } else {
                tournament.deals_four
            };
            let sheet = || Sheet {
                table: None,
                five: size == 5,
                seats: (1..=size)
                    .map(|seat| SheetSeat {
                        seat,
                        name: None,
                        start_number: None,
                    })
                    .collect(),
                deals: (1..=deals).collect(),
                family: None,
            };
            let address = PrintAddress::of(&state, &req);
            let model = SheetsPage {
                round: None,
                sheets: (0..count).map(|_| sheet()).collect(),
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

/// The table size (4 or 5) and how many sheets (1 to [`MOST_BLANK_SHEETS`]).
fn parse_blank(form: &BlankForm) -> Option<(usize, u32)> {
    let size: usize = form.size.trim().parse().ok()?;
    let count: u32 = form.count.trim().parse().ok()?;
    ((size == 4 || size == 5) && (1..=MOST_BLANK_SHEETS).contains(&count)).then_some((size, count))
}

#[cfg(test)]
mod tests {
    use super::{BlankForm, parse_blank};

    fn form(size: &str, count: &str) -> BlankForm {
        BlankForm {
            size: size.to_owned(),
            count: count.to_owned(),
        }
    }

    #[test]
    fn blank_sheets_are_for_four_or_five_and_a_sensible_count() {
        assert_eq!(parse_blank(&form("4", "1")), Some((4, 1)));
        assert_eq!(parse_blank(&form(" 5 ", "60")), Some((5, 60)));
        for (size, count) in [
            ("3", "1"),
            ("6", "2"),
            ("4", "0"),
            ("4", "61"),
            ("x", "1"),
            ("4", ""),
        ] {
            assert_eq!(parse_blank(&form(size, count)), None, "{size} {count}");
        }
    }
}
