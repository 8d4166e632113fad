//! Signing the complete sheet on the captain's phone: each player taps his name, the
//! digital form of signing the paper list (`services::signatures`). A wrong tap is taken
//! back while the round is open; any later change to the sheet clears every signature,
//! which the service does and the sheet page says.

use actix_web::{HttpRequest, HttpResponse, post, web};
use serde::Deserialize;

use super::reply::problem_json;
use super::{captain, see_other_with, sheet, shut_out, to_join};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::pages::session::same_origin;
use crate::services::signatures;
use crate::services::write::guarded;
use crate::state::AppState;
use crate::wire::sheet::SheetResponse;

#[derive(Debug, Deserialize)]
struct SignForm {
    player_id: i64,
}

/// A player signs the sheet.
#[post("/table/signatures")]
pub async fn sign(
    state: web::Data<AppState>,
    req: HttpRequest,
    form: web::Form<SignForm>,
) -> HttpResponse {
    let player_id = form.into_inner().player_id;
    let act = async |table_id, caller: Caller| {
        guarded(&state, move |conn| {
            signatures::sign(conn, table_id, &caller, player_id)
        })
        .await
    };
    change(&state, &req, (player_id, "signed"), act).await
}

/// A player's signature is taken back (a wrong tap).
#[post("/table/signatures/{player_id}/delete")]
pub async fn withdraw(
    state: web::Data<AppState>,
    req: HttpRequest,
    player_id: web::Path<i64>,
) -> HttpResponse {
    let player_id = player_id.into_inner();
    let act = async |table_id, caller: Caller| {
        guarded(&state, move |conn| {
            signatures::withdraw(conn, table_id, &caller, player_id)
        })
        .await
    };
    change(&state, &req, (player_id, "withdrawn"), act).await
}

/// Runs `act` at the captain's table and shows the sheet with `note` on `player_id`, or
/// with the refusal.
async fn change(
    state: &AppState,
    req: &HttpRequest,
    (player_id, note): (i64, &str),
    act: impl AsyncFnOnce(i64, Caller) -> Result<SheetResponse, ApiError>,
) -> HttpResponse {
    let Some((caller, table_id)) = captain(state, req) else {
        return to_join(None);
    };
    if !same_origin(req) {
        let (lang, _) = Lang::of(req);
        return problem_json(lang, &ApiError::Forbidden);
    }
    // Signing twice, or taking back a signature that is not there, changes nothing: a
    // form posted twice needs no key.
    let changed = act(table_id, caller.clone()).await;
    match changed {
        Ok(_) => see_other_with("/table/sheet", &format!("{note}-{player_id}")),
        Err(e) => match shut_out(&e) {
            Some(out) => out,
            None => sheet::sheet_page(state, req, &caller, table_id, Some(&e)).await,
        },
    }
}
