//! The Turnierleitung on a tournament's desk page: adding another organiser's account by
//! its e-mail, removing a co-organiser (the owner removes anyone but himself, a
//! co-organiser may step down), through the services of
//! `POST|DELETE /api/v1/tournaments/{id}/organizers` (audited there).

use actix_web::{HttpRequest, HttpResponse, post, web};
use serde::Deserialize;

use super::overview::{Shown, show};
use super::{Section, answer, failed, see_other, signed_in_or_login};
use crate::error::ApiError;
use crate::services::co_organizers;
use crate::state::AppState;

#[derive(Debug, Deserialize)]
pub struct AddForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    email: String,
}

/// Adds the account with the form's e-mail as co-organiser; one who runs the tournament
/// already is harmless (a form sent twice adds him once). An unknown e-mail shows the page
/// again with the e-mail kept and the reason (422).
#[post("/admin/tournaments/{id}/organizers")]
pub async fn add(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    body: web::Form<AddForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let form = body.into_inner();
            desk.guard(&req, form.csrf.as_deref())?;
            let nav = desk
                .tournament(&state, &req, *id, Section::Overview)
                .await?;
            match co_organizers::add(&state, desk.caller(), nav.id, &form.email).await {
                Ok(_) => Ok(see_other(&format!(
                    "/admin/tournaments/{}?done=added#organizers",
                    nav.id
                ))),
                Err(e @ ApiError::Unprocessable { .. }) => {
                    let shown = Shown {
                        email: form.email,
                        organizer_refusal: Some(e),
                        ..Shown::default()
                    };
                    show(&state, &req, &desk, &nav, shown).await
                }
                Err(e) => Err(failed(&state, &req, e).into()),
            }
        }
        .await,
    )
}

#[derive(Debug, Deserialize)]
pub struct RemoveForm {
    #[serde(default)]
    csrf: Option<String>,
}

/// Removes co-organiser `organizer` from the tournament. The owner cannot be removed
/// (409, shown on the page); a co-organiser who removes himself no longer finds the
/// tournament and goes back to his list.
#[post("/admin/tournaments/{id}/organizers/{organizer}/remove")]
pub async fn remove(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<RemoveForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, body.csrf.as_deref())?;
            let (id, organizer) = path.into_inner();
            let nav = desk.tournament(&state, &req, id, Section::Overview).await?;
            match co_organizers::remove(&state, desk.caller(), nav.id, organizer).await {
                Ok(()) if organizer == desk.organizer => Ok(see_other("/admin")),
                Ok(()) => Ok(see_other(&format!(
                    "/admin/tournaments/{}?done=removed#organizers",
                    nav.id
                ))),
                Err(e @ (ApiError::Conflict { .. } | ApiError::Forbidden)) => {
                    let shown = Shown {
                        organizer_refusal: Some(e),
                        ..Shown::default()
                    };
                    show(&state, &req, &desk, &nav, shown).await
                }
                Err(e) => Err(failed(&state, &req, e).into()),
            }
        }
        .await,
    )
}
