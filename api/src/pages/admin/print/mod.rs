//! Printing at the desk (A4 from the browser's print dialog, no PDF): the page listing what
//! can be printed per round, and the printed pages themselves: the table cards with each
//! table's join QR code ([`tables`]), the score sheets in the TSR layout, pre-filled or
//! blank ([`sheets`]), the name cards ([`cards`]), the standings ([`standings`]) and a
//! season's standings ([`season`]).
//!
//! The printed pages are desk pages like the others (his tournament or the 404 page,
//! `no-store`): on screen they show the desk's navigation, on paper only the sheets
//! (`noprint`, `@media print` in desk.css).

mod address;
pub(super) mod cards;
mod qr;
pub(super) mod season;
pub(super) mod sheets;
pub(super) mod standings;
pub(super) mod tables;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};

use self::address::PrintAddress;
use super::{Desk, Nav, Section, answer, failed, render, see_other, signed_in_or_login};
use crate::pages::i18n::Lang;
use crate::services::{print, tournaments};
use crate::state::AppState;

const TEMPLATE: &str = "pages/admin/print/index.html";

/// The most blank sheets one print asks for: a hall of 60 tables needs 60.
pub(super) const MOST_BLANK_SHEETS: u32 = 60;

#[derive(Debug, Serialize)]
struct PrintIndex {
    rounds: Vec<RoundLine>,
    has_plan: bool,
    deals_four: i32,
    deals_five: i32,
    blank: BlankForm,
    /// Why the blank sheets were refused, in the page's language.
    blank_error: Option<String>,
    most_blank: u32,
}

#[derive(Debug, Serialize)]
struct RoundLine {
    number: i32,
    tables: i64,
    closed: bool,
}

/// The blank-sheet form as typed (a GET form: it changes nothing).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(super) struct BlankForm {
    #[serde(default)]
    pub(super) size: String,
    #[serde(default)]
    pub(super) count: String,
}

/// What can be printed, per round, and the form for blank score sheets.
#[get("/admin/tournaments/{id}/print")]
pub async fn index(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk.tournament(&state, &req, *id, Section::Print).await?;
            let blank = BlankForm {
                size: "4".to_owned(),
                count: "1".to_owned(),
            };
            show_index(&state, &req, &desk, &nav, blank, None).await
        }
        .await,
    )
}

/// The print page with the blank-sheet form as given and why it was refused, if it was
/// (then with status 400).
pub(super) async fn show_index(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    nav: &Nav,
    blank: BlankForm,
    blank_error: Option<String>,
) -> super::Step<HttpResponse> {
    let overview = tournaments::overview(state, desk.caller(), nav.id)
        .await
        .map_err(|e| failed(state, req, e))?;
    let status = if blank_error.is_some() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    let model = PrintIndex {
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
        deals_four: overview.tournament.deals_four,
        deals_five: overview.tournament.deals_five,
        blank,
        blank_error,
        most_blank: MOST_BLANK_SHEETS,
    };
    let address = PrintAddress::of(state, req);
    Ok(render_print(
        state, req, desk, nav, status, TEMPLATE, address, &model,
    ))
}

/// A print page's model with the address its links carry, which every print page states.
#[derive(Serialize)]
struct Printed<'a, T: Serialize> {
    address: PrintAddress,
    #[serde(flatten)]
    page: &'a T,
}

/// Renders a print page: a desk page that also says where its links and QR codes lead
/// (`address`, which the page's links were made with).
#[expect(
    clippy::too_many_arguments,
    reason = "a desk page's frame and the address"
)]
fn render_print<T: Serialize>(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    nav: &Nav,
    status: StatusCode,
    template: &str,
    address: PrintAddress,
    page: &T,
) -> HttpResponse {
    let printed = Printed { address, page };
    render(state, req, desk, Some(nav), status, template, &printed)
}

#[derive(Debug, Deserialize)]
struct CodesForm {
    #[serde(default)]
    csrf: Option<String>,
}

/// Issues a join code to every table of the round that has none (as the API's
/// `POST /rounds/{id}/join-codes` does), then shows the table cards. Tables with a code keep
/// it, so a form sent twice issues nothing more.
#[post("/admin/tournaments/{id}/print/rounds/{number}/codes")]
pub async fn issue_codes(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i32)>,
    form: web::Form<CodesForm>,
) -> HttpResponse {
    let (id, number) = path.into_inner();
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, form.csrf.as_deref())?;
            let nav = desk.tournament(&state, &req, id, Section::Print).await?;
            print::issue_missing_codes(&state, desk.caller(), nav.id, number)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            Ok(see_other(&format!(
                "/admin/tournaments/{id}/print/rounds/{number}/tables"
            )))
        }
        .await,
    )
}

/// Round `number` of the tournament with its tables, or the 404 page.
pub(super) async fn printed_round(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    nav: &Nav,
    number: i32,
) -> super::Step<print::PrintedRound> {
    print::round(state, desk.caller(), nav.id, number)
        .await
        .map_err(|e| failed(state, req, e).into())
}

/// The page's language.
pub(super) fn lang(req: &HttpRequest) -> Lang {
    Lang::of(req).0
}
