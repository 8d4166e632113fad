//! The result the organiser sets for a table that could not play its round ("festgesetzte
//! Wertung"), set and removed at the table's desk page through the services of
//! `PUT|DELETE /api/v1/tables/{id}/adjustment` (the domain decides where one may stand;
//! audited there with the reason).

use actix_web::{HttpRequest, HttpResponse, post, web};
use serde::{Deserialize, Serialize};

use super::super::super::{answer, signed_in_or_login};
use super::forms::simple;
use super::{Kept, after};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pages::whole_number as number;
use crate::services::{adjustments, write};
use crate::state::AppState;

/// The form as typed: each seat's points (`p1` … `p5`, seat 1 first) and the reason.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct AdjustForm {
    #[serde(default, skip_serializing)]
    csrf: Option<String>,
    #[serde(default)]
    p1: Option<String>,
    #[serde(default)]
    p2: Option<String>,
    #[serde(default)]
    p3: Option<String>,
    #[serde(default)]
    p4: Option<String>,
    #[serde(default)]
    p5: Option<String>,
    #[serde(default)]
    reason: String,
}

impl AdjustForm {
    /// What was typed for each of `seats` seats, seat 1 first ("0" where nothing was).
    pub(super) fn typed(&self, seats: usize) -> Vec<String> {
        [&self.p1, &self.p2, &self.p3, &self.p4, &self.p5]
            .into_iter()
            .take(seats)
            .map(|p| p.clone().unwrap_or_else(|| "0".to_owned()))
            .collect()
    }

    /// The reason as typed.
    pub(super) fn reason(&self) -> &str {
        &self.reason
    }

    /// The points of the seats the form has fields for, each a whole number.
    fn points(&self) -> Result<Vec<i64>, ApiError> {
        [&self.p1, &self.p2, &self.p3, &self.p4, &self.p5]
            .into_iter()
            .enumerate()
            .filter_map(|(at, p)| p.as_deref().map(|p| (at, p)))
            .map(|(at, p)| number(&format!("points[{at}]"), p))
            .collect()
    }
}

/// The removal form: its token and the reason.
#[derive(Debug, Deserialize)]
pub struct RemoveForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    reason: String,
}

/// Sets the table's result; refused, the page shows the form as typed with the reason.
#[post("/admin/tables/{table_id}/adjustment")]
pub async fn set_adjustment(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    form: web::Form<AdjustForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let form = form.into_inner();
            desk.guard(&req, form.csrf.as_deref())?;
            let table_id = *table_id;
            let caller = desk.caller();
            let done = async {
                let points = form.points()?;
                let reason = form.reason.clone();
                write::guarded(&state, move |conn| {
                    adjustments::set(conn, table_id, &caller, &points, &reason).map(drop)
                })
                .await
            }
            .await;
            let kept = Kept {
                adjust: Some(form),
                ..Kept::default()
            };
            after(&state, &req, &desk, table_id, done, "adjust", kept).await
        }
        .await,
    )
}

/// Removes the table's result: it takes deals again.
#[post("/admin/tables/{table_id}/adjustment/remove")]
pub async fn remove_adjustment(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    form: web::Form<RemoveForm>,
) -> HttpResponse {
    let table_id = table_id.into_inner();
    let RemoveForm { csrf, reason } = form.into_inner();
    let act = async |caller: Caller| {
        write::guarded(&state, move |conn| {
            adjustments::remove(conn, table_id, &caller, &reason)
        })
        .await
    };
    simple(&state, &req, csrf, (table_id, "adjust"), act).await
}
