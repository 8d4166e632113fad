//! Rounds and seating at the desk (`/admin/tournaments/{id}/rounds`): plan the day (and
//! plan again after a late arrival or a withdrawal, the page saying why when the plan no
//! longer fits), draw the next round, change its seats before it starts (a dry run shows
//! the quality before and after), start it, call time-up for the round or one table,
//! close it (the tables not complete named, "close anyway" confirmed), issue its join
//! codes, delete a round not yet played or the plan.
//!
//! Every form goes through the services the API's endpoints use, so the desk can do
//! nothing the API cannot. A refused form shows the page again with the reason (by the
//! problem's `code`), the input kept, a 4xx status; a done one answers 303 back to the
//! page. The forms that create (plan, draw) carry a fresh key, so a double tap creates
//! once; the others are harmless twice by their nature (starting a started round, a
//! time-up already called, codes for tables that have one, seats already as typed).
//!
//! Seats are typed as one line a table with the start numbers in seat order, the form
//! filled with the round as drawn: a swap is two numbers exchanged, a late arrival is his
//! number added to a 4-table's line (or put in place of a withdrawn player's), a
//! withdrawal is a number struck. The organiser reads the hall's paper list the same way.

mod view;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use serde::Deserialize;

use self::view::{DrawForm, Extra, PlanForm, RoundExtra};
use super::{Desk, Nav, Section, Step, answer, failed, render, see_other, signed_in_or_login};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::services::{codes, idempotency, plans, rounds, rounds_desk};
use crate::state::AppState;
use crate::wire::plans::PlanTournamentRequest;
use crate::wire::rounds::{CloseRoundRequest, CreateRoundRequest, DrawRequest};

const TEMPLATE: &str = "pages/admin/rounds.html";

/// Registers the rounds page and its forms.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(page)
        .service(plan)
        .service(drop_plan)
        .service(draw)
        .service(seating)
        .service(start)
        .service(time_up)
        .service(close)
        .service(remove)
        .service(join_codes);
}

fn back(id: i64) -> HttpResponse {
    see_other(&format!("/admin/tournaments/{id}/rounds"))
}

/// The page with what a form adds, in `status`.
async fn show(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    nav: &Nav,
    mut extra: Extra,
    status: StatusCode,
) -> Step<HttpResponse> {
    let data = rounds_desk::read(state, desk.caller(), nav.id)
        .await
        .map_err(|e| failed(state, req, e))?;
    for key in [
        &mut extra.plan_form.idempotency_key,
        &mut extra.draw_form.idempotency_key,
    ] {
        if key.is_empty() {
            *key = codes::new_secret().map_err(|e| failed(state, req, e))?;
        }
    }
    let (lang, _) = Lang::of(req);
    let model = view::page(lang, data, extra);
    Ok(render(
        state,
        req,
        desk,
        Some(nav),
        status,
        TEMPLATE,
        &model,
    ))
}

/// The tournament's rounds and seating.
#[get("/admin/tournaments/{id}/rounds")]
pub async fn page(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let nav = desk.tournament(&state, &req, *id, Section::Rounds).await?;
            show(&state, &req, &desk, &nav, Extra::default(), StatusCode::OK).await
        }
        .await,
    )
}

/// Signed in, the form's token, his tournament: the steps every form starts with.
async fn form_of(
    state: &AppState,
    req: &HttpRequest,
    id: i64,
    csrf: Option<&str>,
) -> Step<(Desk, Nav)> {
    let desk = signed_in_or_login(state, req)?;
    desk.guard(req, csrf)?;
    let nav = desk.tournament(state, req, id, Section::Rounds).await?;
    Ok((desk, nav))
}

/// Plans every round not yet created (`PUT /tournaments/{id}/plan`), replacing the plan:
/// after a late arrival or a withdrawal this is planning again, the rounds played kept.
#[post("/admin/tournaments/{id}/plan")]
pub async fn plan(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    body: web::Form<PlanForm>,
) -> HttpResponse {
    answer(
        async {
            let form = body.into_inner();
            let (desk, nav) = form_of(&state, &req, *id, form.csrf.as_deref()).await?;
            let seed = form.seed.trim();
            let planned = async {
                let key = idempotency::form_key(
                    &desk.caller(),
                    &format!("/admin/tournaments/{}/plan", nav.id),
                    "idempotency_key",
                    &form.idempotency_key,
                    seed.as_bytes(),
                )?;
                let request = PlanTournamentRequest {
                    seed: (!seed.is_empty()).then(|| seed.to_owned()),
                };
                plans::put_plan_keyed(&state, Some(key), desk.caller(), nav.id, request).await
            }
            .await;
            match planned {
                Ok(_) => Ok(back(nav.id)),
                Err(e) => {
                    let e = shown_or_failed(&state, &req, e)?;
                    let (lang, _) = Lang::of(&req);
                    let extra = Extra {
                        plan_refusal: Some(view::refused(lang, &e)),
                        plan_form: PlanForm {
                            idempotency_key: String::new(),
                            ..form
                        },
                        ..Extra::default()
                    };
                    show(&state, &req, &desk, &nav, extra, refusal_status(&e)).await
                }
            }
        }
        .await,
    )
}

/// The status a refused form's page answers with: the refusal's own (4xx); something that
/// went wrong on our side is the error page.
fn refusal_status(e: &ApiError) -> StatusCode {
    e.status_code()
}

/// A refusal the page shows, or the error page for what it cannot help with.
fn shown_or_failed(state: &AppState, req: &HttpRequest, e: ApiError) -> Step<ApiError> {
    if e.status_code().is_client_error() && !matches!(e, ApiError::NotFound) {
        Ok(e)
    } else {
        Err(failed(state, req, e).into())
    }
}

#[derive(Debug, Deserialize)]
pub struct TokenForm {
    #[serde(default)]
    csrf: Option<String>,
}

/// Drops the plan (`DELETE /tournaments/{id}/plan`); rounds drawn stay.
#[post("/admin/tournaments/{id}/plan/delete")]
pub async fn drop_plan(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    body: web::Form<TokenForm>,
) -> HttpResponse {
    answer(
        async {
            let (desk, nav) = form_of(&state, &req, *id, body.csrf.as_deref()).await?;
            match plans::delete_plan(&state, desk.caller(), nav.id).await {
                // Gone already (a second tap): the page shows there is none.
                Ok(()) | Err(ApiError::NotFound) => Ok(back(nav.id)),
                // Refused (the tournament is finished): said where the plan is.
                Err(e) => {
                    let e = shown_or_failed(&state, &req, e)?;
                    let (lang, _) = Lang::of(&req);
                    let extra = Extra {
                        plan_refusal: Some(view::refused(lang, &e)),
                        ..Extra::default()
                    };
                    show(&state, &req, &desk, &nav, extra, e.status_code()).await
                }
            }
        }
        .await,
    )
}

/// Draws the next round (`POST /tournaments/{id}/rounds` with a draw).
#[post("/admin/tournaments/{id}/rounds")]
pub async fn draw(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<i64>,
    body: web::Form<DrawForm>,
) -> HttpResponse {
    answer(
        async {
            let form = body.into_inner();
            let (desk, nav) = form_of(&state, &req, *id, form.csrf.as_deref()).await?;
            let seed = form.seed.trim().to_owned();
            let drawn = async {
                let key = idempotency::form_key(
                    &desk.caller(),
                    &format!("/admin/tournaments/{}/rounds", nav.id),
                    "idempotency_key",
                    &form.idempotency_key,
                    &serde_json::to_vec(&(&form.method, &seed, form.early()))
                        .map_err(|e| ApiError::Internal(e.into()))?,
                )?;
                let request = CreateRoundRequest {
                    tables: None,
                    draw: Some(DrawRequest {
                        method: form.method.clone(),
                        seed: (!seed.is_empty()).then(|| seed.clone()),
                    }),
                    early: form.early(),
                };
                rounds::create_round_keyed(&state, Some(key), desk.caller(), nav.id, request).await
            }
            .await;
            match drawn {
                Ok(_) => Ok(back(nav.id)),
                Err(e) => {
                    let e = shown_or_failed(&state, &req, e)?;
                    let (lang, _) = Lang::of(&req);
                    let extra = Extra {
                        draw_refusal: Some(view::refused(lang, &e)),
                        draw_form: DrawForm {
                            idempotency_key: String::new(),
                            ..form
                        },
                        ..Extra::default()
                    };
                    show(&state, &req, &desk, &nav, extra, refusal_status(&e)).await
                }
            }
        }
        .await,
    )
}

#[derive(Debug, Deserialize)]
pub struct RoundForm {
    #[serde(default)]
    csrf: Option<String>,
    /// The seats typed: one line a table.
    #[serde(default)]
    seating: String,
    /// `check` (the dry run) or `apply`.
    #[serde(default)]
    action: String,
    /// "yes" when a confirmation box is ticked.
    #[serde(default)]
    confirm: Option<String>,
    /// "true" to close although tables are not complete.
    #[serde(default)]
    force: Option<String>,
    /// One table's time-up instead of the round's.
    #[serde(default)]
    table: Option<i64>,
}

impl RoundForm {
    /// Whether the form's confirmation box was ticked; the refusal naming the box, with
    /// `detail`, when it was not. Checked before anything is changed.
    fn confirmed_or(&self, detail: &'static str) -> Result<(), ApiError> {
        if self.confirm.as_deref() == Some("yes") {
            Ok(())
        } else {
            Err(ApiError::field(
                "confirm_needed",
                "confirm",
                "required",
                detail,
            ))
        }
    }
}

/// Signed in, the token, his tournament and its round `round`.
async fn round_form(
    state: &AppState,
    req: &HttpRequest,
    (id, round): (i64, i64),
    csrf: Option<&str>,
) -> Step<(Desk, Nav)> {
    let (desk, nav) = form_of(state, req, id, csrf).await?;
    rounds_desk::of_tournament(state, desk.caller(), nav.id, round)
        .await
        .map_err(|e| failed(state, req, e))?;
    Ok((desk, nav))
}

/// The page again with round `round`'s refusal (or the error page).
async fn round_refused(
    state: &AppState,
    req: &HttpRequest,
    (desk, nav): (&Desk, &Nav),
    round: i64,
    e: ApiError,
    mut extra: RoundExtra,
) -> Step<HttpResponse> {
    let e = shown_or_failed(state, req, e)?;
    let (lang, _) = Lang::of(req);
    extra.refusal = Some(view::refused(lang, &e));
    let status = refusal_status(&e);
    let extra = Extra {
        round: Some((round, extra)),
        ..Extra::default()
    };
    show(state, req, desk, nav, extra, status).await
}

/// The start numbers typed, one line a table (blank lines skipped; numbers apart by
/// spaces, commas or semicolons).
fn typed_tables(text: &str) -> Result<Vec<Vec<i32>>, ApiError> {
    let mut tables = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let t = tables.len();
        let numbers = line
            .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .filter(|n| !n.is_empty())
            .map(|n| {
                n.parse::<i32>().map_err(|_| {
                    ApiError::field(
                        "invalid_body",
                        &format!("tables[{t}]"),
                        "not_a_number",
                        format!("{n:?} is not a start number"),
                    )
                })
            })
            .collect::<Result<Vec<i32>, ApiError>>()?;
        tables.push(numbers);
    }
    Ok(tables)
}

/// Changes the round's seats to the tables typed (`POST /rounds/{id}/seating`): `check`
/// shows the result and its quality before and after and changes nothing; `apply`
/// stores it.
#[post("/admin/tournaments/{id}/rounds/{round}/seating")]
pub async fn seating(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<RoundForm>,
) -> HttpResponse {
    answer(
        async {
            let form = body.into_inner();
            let (id, round) = path.into_inner();
            let (desk, nav) = round_form(&state, &req, (id, round), form.csrf.as_deref()).await?;
            let dry_run = form.action != "apply";
            let done = match typed_tables(&form.seating) {
                Ok(tables) => {
                    rounds::reseat_to_tables(&state, desk.caller(), round, tables, dry_run).await
                }
                Err(e) => Err(e),
            };
            let kept = RoundExtra {
                seating: Some(form.seating.clone()),
                ..RoundExtra::default()
            };
            match done {
                Ok(_) if !dry_run => Ok(back(nav.id)),
                Ok(checked) => {
                    let extra = Extra {
                        round: Some((
                            round,
                            RoundExtra {
                                reseat: Some(checked),
                                ..kept
                            },
                        )),
                        ..Extra::default()
                    };
                    show(&state, &req, &desk, &nav, extra, StatusCode::OK).await
                }
                Err(e) => round_refused(&state, &req, (&desk, &nav), round, e, kept).await,
            }
        }
        .await,
    )
}

/// A round's form that changes the round: signed in, the token, his tournament and its
/// round, then `act` as the organiser; back to the rounds page once it is done, or the
/// page again with the refusal and what `shown` adds to it.
async fn round_action<T>(
    state: &AppState,
    req: &HttpRequest,
    (id, round): (i64, i64),
    csrf: Option<&str>,
    act: impl AsyncFnOnce(Caller, i64) -> Result<T, ApiError>,
    shown: fn(&ApiError) -> RoundExtra,
) -> HttpResponse {
    answer(
        async {
            let (desk, nav) = round_form(state, req, (id, round), csrf).await?;
            match act(desk.caller(), round).await {
                Ok(_) => Ok(back(nav.id)),
                Err(e) => {
                    let extra = shown(&e);
                    round_refused(state, req, (&desk, &nav), round, e, extra).await
                }
            }
        }
        .await,
    )
}

/// A refusal that adds nothing to the page but its reason.
fn nothing_more(_: &ApiError) -> RoundExtra {
    RoundExtra::default()
}

/// Starts the round's clock (`POST /rounds/{id}/start`).
#[post("/admin/tournaments/{id}/rounds/{round}/start")]
pub async fn start(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<RoundForm>,
) -> HttpResponse {
    let act = async |caller, round| rounds_desk::start(&state, caller, round).await;
    round_action(&state, &req, *path, body.csrf.as_deref(), act, nothing_more).await
}

/// Calls time-up at every table of the round (`POST /rounds/{id}/time-up`), its box ticked,
/// or at one (`POST /tables/{id}/time-up`) when the form names it.
#[post("/admin/tournaments/{id}/rounds/{round}/time-up")]
pub async fn time_up(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<RoundForm>,
) -> HttpResponse {
    let act = async |caller, round| {
        // Every table at once cannot be taken back: it is asked for explicitly.
        if body.table.is_none() {
            body.confirmed_or("tick the box to call time-up at every table")?;
        }
        match rounds_desk::time_up(&state, caller, round, body.table).await {
            // A table whose time is up already, or complete: nothing was left to do.
            Err(ApiError::Conflict {
                code: "time_up_refused",
                ..
            }) => Ok(()),
            other => other,
        }
    };
    round_action(&state, &req, *path, body.csrf.as_deref(), act, nothing_more).await
}

/// Closes the round (`POST /rounds/{id}/close`), its box ticked: the captains can enter
/// nothing after that. Refused while tables are not complete: the page names them and
/// offers "close anyway", which needs its own box ticked.
#[post("/admin/tournaments/{id}/rounds/{round}/close")]
pub async fn close(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<RoundForm>,
) -> HttpResponse {
    let force = body.force.as_deref() == Some("true");
    let act = async |caller, round| {
        body.confirmed_or("tick the box to close the round")?;
        rounds::close_round(&state, caller, round, CloseRoundRequest { force }).await
    };
    let incomplete = |e: &ApiError| RoundExtra {
        incomplete: view::incomplete(e),
        ..RoundExtra::default()
    };
    round_action(&state, &req, *path, body.csrf.as_deref(), act, incomplete).await
}

/// Deletes the round, the last and not yet played (`DELETE /rounds/{id}`), with its join
/// codes; its box must be ticked.
#[post("/admin/tournaments/{id}/rounds/{round}/delete")]
pub async fn remove(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<RoundForm>,
) -> HttpResponse {
    let act = async |caller, round| {
        body.confirmed_or("tick the box to delete the round")?;
        rounds::delete_round(&state, caller, round).await
    };
    round_action(&state, &req, *path, body.csrf.as_deref(), act, nothing_more).await
}

/// Gives every table of the round without a live join code one
/// (`POST /rounds/{id}/join-codes`); the print page prints the cards.
#[post("/admin/tournaments/{id}/rounds/{round}/join-codes")]
pub async fn join_codes(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    body: web::Form<RoundForm>,
) -> HttpResponse {
    let act = async |caller, round| rounds_desk::issue_join_codes(&state, caller, round).await;
    round_action(&state, &req, *path, body.csrf.as_deref(), act, nothing_more).await
}

#[cfg(test)]
mod tests {
    use super::typed_tables;

    #[test]
    fn tables_are_typed_one_line_each() {
        assert_eq!(
            typed_tables("1 2 3 4\n\n 5,6;7  8 9\r\n").ok(),
            Some(vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8, 9]])
        );
        assert!(typed_tables("1 2 x 4").is_err());
    }
}
