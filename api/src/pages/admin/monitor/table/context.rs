//! What every page of a table at the desk starts from: the table as its organiser reads
//! it with the navigation of its tournament, and a deal's form as posted, let in by the
//! CSRF guard. Below the table's page and its deal forms, which all use it.

use actix_web::{HttpRequest, ResponseError};

use super::super::super::{Desk, Nav, Section, Step, failed};
use crate::services::tables::{self, DeskTable};
use crate::state::AppState;

/// The table for the desk, and the navigation of its tournament (his, or the 404 page).
pub(super) async fn load(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    table_id: i64,
    number: Option<u16>,
) -> Step<(Nav, DeskTable)> {
    let caller = desk.caller();
    let table = state
        .db
        .run(move |conn| tables::for_organiser(conn, table_id, &caller, number))
        .await
        .map_err(|e| failed(state, req, e))?;
    let nav = desk
        .tournament(state, req, table.tournament_id, Section::Monitor)
        .await?;
    Ok((nav, table))
}

/// A deal's form posted at the desk, let in by the CSRF guard: its `name=value` pairs.
pub(super) struct DealPost {
    pub(super) pairs: Vec<(String, String)>,
}

impl DealPost {
    /// The posted `body`, or the answer refusing it (not a form, no valid token).
    pub(super) fn guarded(req: &HttpRequest, desk: &Desk, body: &[u8]) -> Step<DealPost> {
        let pairs = crate::pages::captain::form_pairs(body).map_err(|e| e.error_response())?;
        let post = DealPost { pairs };
        desk.guard(req, post.field("csrf").as_deref())?;
        Ok(post)
    }

    /// A field's value (sent twice: the last counts).
    pub(super) fn field(&self, name: &str) -> Option<String> {
        self.pairs
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }
}
