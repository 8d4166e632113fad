//! The Turnierleitung on a tournament's desk page: adding another organiser's account by
//! its e-mail, or, for an e-mail without an account, inviting it by a one-time link;
//! withdrawing an invitation; removing a co-organiser (the owner removes anyone but
//! himself, a co-organiser may step down), through the services of
//! `POST|DELETE /api/v1/tournaments/{id}/organizers` and `…/invitations` (audited there).

use actix_web::{HttpRequest, HttpResponse, post, web};
use serde::Deserialize;

use super::overview::{Shown, show};
use super::{Section, answer, failed, see_other, signed_in_or_login};
use crate::error::ApiError;
use crate::reached;
use crate::services::{co_organizers, invitations};
use crate::state::AppState;

#[derive(Debug, Deserialize)]
pub struct AddForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    email: String,
}

/// Adds the account with the form's e-mail as co-organiser; one who runs the tournament
/// already is harmless (a form sent twice adds him once). An e-mail without an account is
/// invited instead: the page shows the link to pass on, this once (and says whether it was
/// mailed). A refusal shows the page again with the e-mail kept and the reason.
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
            let added = match co_organizers::add(&state, desk.caller(), nav.id, &form.email).await {
                Err(e) if e.problem().code == "unknown_organizer" => {
                    let origin = reached::link_base(&state, &req);
                    let invited = invitations::invite(
                        &state,
                        desk.caller(),
                        nav.id,
                        &form.email,
                        origin.origin(),
                    )
                    .await;
                    match invited {
                        Ok(invited) => {
                            let shown = Shown {
                                invited: Some(invited),
                                ..Shown::default()
                            };
                            return show(&state, &req, &desk, &nav, shown).await;
                        }
                        Err(e) => Err(e),
                    }
                }
                other => other.map(drop),
            };
            match added {
                Ok(()) => Ok(see_other(&format!(
                    "/admin/tournaments/{}?done=added#organizers",
                    nav.id
                ))),
                Err(e @ (ApiError::Unprocessable { .. } | ApiError::Refused { .. })) => {
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

/// Withdraws an open invitation: its link opens nothing any more. The owner or who invited
/// may (403, shown on the page).
#[post("/admin/tournaments/{id}/invitations/{invitation}/withdraw")]
pub async fn withdraw(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<RemoveForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, body.csrf.as_deref())?;
            let (id, invitation) = path.into_inner();
            let nav = desk.tournament(&state, &req, id, Section::Overview).await?;
            match invitations::withdraw(&state, desk.caller(), nav.id, invitation).await {
                Ok(()) => Ok(see_other(&format!(
                    "/admin/tournaments/{}?done=withdrawn#organizers",
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
