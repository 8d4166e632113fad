//! The arbitration panel's stop of a table's round, recorded and taken back at the table's
//! desk page through the services of `PUT|DELETE /api/v1/tables/{id}/stop` (the domain
//! decides what may be stopped; audited there with the reason). Stopping asks for an
//! explicit confirmation: it ends a round its players would otherwise finish.

use actix_web::{HttpRequest, HttpResponse, post, web};
use serde::Deserialize;

use super::forms::simple;
use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::{table_stops, write};
use crate::state::AppState;

/// The stop form (and the one taking it back, which sends no confirmation).
#[derive(Debug, Deserialize)]
pub struct StopForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    reason: String,
    /// "yes" when the confirmation box is ticked (stopping only).
    #[serde(default)]
    confirm: Option<String>,
}

/// Stops the table's round where it stands.
#[post("/admin/tables/{table_id}/stop")]
pub async fn stop_table(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    form: web::Form<StopForm>,
) -> HttpResponse {
    let table_id = table_id.into_inner();
    let StopForm {
        csrf,
        reason,
        confirm,
    } = form.into_inner();
    let act = async |caller: Caller| {
        if confirm.as_deref() != Some("yes") {
            return Err(ApiError::field(
                "confirm_needed",
                "confirm",
                "required",
                "tick the box to confirm that the table's round ends here",
            ));
        }
        write::guarded(&state, move |conn| {
            table_stops::stop(conn, table_id, &caller, &reason)
        })
        .await
    };
    simple(&state, &req, csrf, (table_id, "stop"), act).await
}

/// Takes the stop back: the table plays on where it stood.
#[post("/admin/tables/{table_id}/stop/remove")]
pub async fn resume_table(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    form: web::Form<StopForm>,
) -> HttpResponse {
    let table_id = table_id.into_inner();
    let StopForm { csrf, reason, .. } = form.into_inner();
    let act = async |caller: Caller| {
        write::guarded(&state, move |conn| {
            table_stops::resume(conn, table_id, &caller, &reason)
        })
        .await
    };
    simple(&state, &req, csrf, (table_id, "stop"), act).await
}
