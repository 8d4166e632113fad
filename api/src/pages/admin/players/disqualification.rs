//! Disqualification at the desk (TSR 9.7.2 c): the arbitration panel's decision recorded
//! at the player's row with its reason, what becomes of his results and of his table in
//! the round under way (plays on, or stops where it stands), and lifted again
//! with a reason, through `PUT`/`DELETE /api/v1/players/{id}/disqualification`'s service.
//! A refusal (no reason, a finished tournament) shows at his row.

use actix_web::{HttpRequest, HttpResponse, post, web};
use serde::Deserialize;

use super::super::{Section, Step, answer, see_other, signed_in_or_login};
use super::{View, at_row, back, his_player};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::disqualifications;
use crate::state::AppState;
use crate::wire::players::{DisqualifyRequest, TABLE_PLAYS_ON};

/// The disqualification form (or the lifting one, which sends no `results`).
#[derive(Debug, Deserialize)]
pub struct DisqualifyForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    reason: String,
    #[serde(default)]
    results: String,
    /// What becomes of his table: `plays_on` or `stops` (disqualifying only).
    #[serde(default)]
    table: String,
    /// "yes" when the confirmation box is ticked (disqualifying only).
    #[serde(default)]
    confirm: Option<String>,
    #[serde(default)]
    q: String,
}

/// Disqualifies a player as the panel decided.
#[post("/admin/tournaments/{id}/players/{player}/disqualification")]
pub async fn disqualify(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<DisqualifyForm>,
) -> HttpResponse {
    let (id, player) = path.into_inner();
    answer(act(&state, &req, id, player, body.into_inner(), true).await)
}

/// Lifts a player's disqualification.
#[post("/admin/tournaments/{id}/players/{player}/disqualification/lift")]
pub async fn lift(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<DisqualifyForm>,
) -> HttpResponse {
    let (id, player) = path.into_inner();
    answer(act(&state, &req, id, player, body.into_inner(), false).await)
}

async fn act(
    state: &AppState,
    req: &HttpRequest,
    id: i64,
    player: i64,
    form: DisqualifyForm,
    disqualifying: bool,
) -> Step<HttpResponse> {
    let desk = signed_in_or_login(state, req)?;
    let nav = desk.tournament(state, req, id, Section::Players).await?;
    desk.guard(req, form.csrf.as_deref())?;
    his_player(state, req, &desk, nav.id, player).await?;
    let caller = Caller::Organizer(desk.organizer);
    let done = if disqualifying && form.confirm.as_deref() != Some("yes") {
        Err(ApiError::field(
            "confirm_needed",
            "confirm",
            "required",
            "tick the box to confirm the disqualification",
        ))
    } else if disqualifying {
        let request = DisqualifyRequest {
            reason: form.reason.clone(),
            results: form.results.clone(),
            // A form from before the table's choice sends none: the table plays on.
            table: if form.table.is_empty() {
                TABLE_PLAYS_ON.to_owned()
            } else {
                form.table.clone()
            },
        };
        disqualifications::disqualify(state, caller, player, request).await
    } else {
        disqualifications::lift(state, caller, player, &form.reason).await
    };
    match done {
        Ok(_) => Ok(see_other(&back(nav.id, &form.q, None, Some(player)))),
        Err(e) => {
            let view = View {
                q: form.q.clone(),
                ..View::default()
            };
            at_row(state, req, (&desk, &nav), view, (player, "disqualify"), e).await
        }
    }
}
