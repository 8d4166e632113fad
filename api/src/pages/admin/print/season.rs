//! A season's standings to print and hang up: place, name, club, score, evenings and a
//! column per evening (a result the best N leave out in brackets), the rules in words, and,
//! once the season is published, where the hall follows it live with its QR code.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Serialize;

use super::super::{answer, failed, render, signed_in_or_login};
use super::address::PrintAddress;
use super::{lang, qr};
use crate::services::seasons;
use crate::state::AppState;
use crate::wire::seasons::SeasonStandingsResponse;

const TEMPLATE: &str = "pages/admin/print/season.html";

#[derive(Debug, Serialize)]
struct SeasonPrint {
    id: i64,
    address: PrintAddress,
    standings: SeasonStandingsResponse,
    rules: String,
    /// Where the hall follows the season live, once it is published.
    live: Option<LiveLink>,
}

#[derive(Debug, Serialize)]
struct LiveLink {
    link: String,
    qr: Option<String>,
}

/// The printed season standings (its organiser's view: every evening, full names).
#[get("/admin/seasons/{id}/print")]
pub async fn page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let id = *id;
            let season = seasons::get(&state, desk.caller(), id)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            let standings = seasons::read_standings(&state, desk.caller(), id)
                .await
                .map(std::sync::Arc::unwrap_or_clone)
                .map_err(|e| failed(&state, &req, e))?;
            let address = PrintAddress::of(&state, &req);
            let lang = lang(&req);
            let live = season.published.then(|| {
                let link = format!("{}/seasons/{id}", address.origin);
                LiveLink {
                    qr: qr::svg(&link, &lang.text("desk_print_live_qr_label")),
                    link,
                }
            });
            let model = SeasonPrint {
                id,
                rules: crate::pages::season_rules::rules_line(&standings.rules, lang),
                address,
                standings,
                live,
            };
            Ok(render(
                &state,
                &req,
                &desk,
                None,
                StatusCode::OK,
                TEMPLATE,
                &model,
            ))
        }
        .await,
    )
}
