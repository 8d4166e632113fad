//! What the organiser changes at a table, each form through the service the JSON API uses:
//! a penalty recorded or withdrawn, a deal deleted, the join code issued or revoked,
//! time-up, extra time. Each answers with the table's page (Post/Redirect/Get) or, refused,
//! the page with the form as typed and the reason.

use actix_web::{HttpRequest, HttpResponse, post, web};
use serde::{Deserialize, Serialize};

use super::super::super::{answer, signed_in_or_login};
use super::{Kept, after};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pages::whole_number as number;
use crate::services::{
    codes, deals, idempotency, join_codes, penalties, round_clock, tables, write,
};
use crate::state::AppState;
use crate::wire::clock::ExtendTableRequest;
use crate::wire::penalties::CreatePenaltyRequest;

/// The penalty form as typed.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct PenaltyForm {
    #[serde(default, skip_serializing)]
    csrf: Option<String>,
    #[serde(default)]
    deal_number: String,
    #[serde(default)]
    offender: String,
    #[serde(default)]
    severity: String,
    #[serde(default)]
    soloist: String,
    #[serde(default)]
    could_harm_soloist: Option<String>,
    #[serde(default)]
    opposing_absagen: String,
    #[serde(default)]
    deduction: String,
    #[serde(default)]
    referee: String,
    #[serde(default)]
    offence: String,
    #[serde(default)]
    pub(super) idempotency_key: String,
}

/// The extra-time form as typed.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct ExtendForm {
    #[serde(default, skip_serializing)]
    csrf: Option<String>,
    #[serde(default)]
    minutes: String,
    #[serde(default)]
    reason: String,
    /// Extra time adds up: a form sent twice must give it once.
    #[serde(default)]
    pub(super) idempotency_key: String,
}

/// A form that removes something of a given version (a deal, a penalty).
#[derive(Debug, Deserialize)]
pub struct VersionForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    version: String,
    #[serde(default)]
    reason: String,
}

/// A form with nothing but its token and key.
impl VersionForm {
    /// The token, the version and the reason given (none when left blank).
    fn split(self) -> (Option<String>, String, Option<String>) {
        let reason = Some(self.reason.trim().to_owned()).filter(|r| !r.is_empty());
        (self.csrf, self.version, reason)
    }
}

#[derive(Debug, Deserialize)]
pub struct PlainForm {
    #[serde(default)]
    csrf: Option<String>,
    #[serde(default)]
    idempotency_key: String,
}

fn penalty_request(form: &PenaltyForm) -> Result<CreatePenaltyRequest, ApiError> {
    Ok(CreatePenaltyRequest {
        deal_number: number("deal_number", &form.deal_number)?,
        severity: form.severity.trim().to_owned(),
        offender: number("offender", &form.offender)?,
        soloist: if form.soloist.trim().is_empty() {
            None
        } else {
            Some(number("soloist", &form.soloist)?)
        },
        could_harm_soloist: form.could_harm_soloist.is_some(),
        opposing_absagen: if form.opposing_absagen.trim().is_empty() {
            0
        } else {
            number("opposing_absagen", &form.opposing_absagen)?
        },
        deduction: if form.deduction.trim().is_empty() {
            0
        } else {
            number("deduction", &form.deduction)?
        },
        referee: form.referee.clone(),
        offence: Some(form.offence.clone()),
    })
}

/// A table form whose write needs no key (its own precondition makes a repeat harmless:
/// a version, a revocation, a time-up): the desk signed in and the form's CSRF token
/// checked, `act` run for the organiser (one guarded write), then the table's page again,
/// or with the refusal at the form named by `anchor`.
pub(super) async fn simple<T>(
    state: &AppState,
    req: &HttpRequest,
    csrf: Option<String>,
    (table_id, anchor): (i64, &'static str),
    act: impl AsyncFnOnce(Caller) -> Result<T, ApiError>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(state, req)?;
            desk.guard(req, csrf.as_deref())?;
            let done = act(desk.caller()).await;
            after(state, req, &desk, table_id, done, anchor, Kept::default()).await
        }
        .await,
    )
}

/// Records a penalty (TSR 9) as `POST /tables/{id}/penalties` does; the form's key makes
/// a double tap one penalty.
#[post("/admin/tables/{table_id}/penalties")]
pub async fn add_penalty(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    form: web::Form<PenaltyForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let form = form.into_inner();
            desk.guard(&req, form.csrf.as_deref())?;
            let table_id = *table_id;
            let caller = desk.caller();
            let path = format!("/admin/tables/{table_id}/penalties");
            let done = async {
                let ruling = penalties::ruling(penalty_request(&form)?)?;
                // What the form says, unambiguously: a key sent again with other words is
                // refused rather than taken for the first.
                let meaning = serde_json::to_vec(&(
                    &form.deal_number,
                    &form.offender,
                    &form.severity,
                    &form.soloist,
                    form.could_harm_soloist.is_some(),
                    &form.opposing_absagen,
                    form.deduction.trim(),
                    form.referee.trim(),
                    form.offence.trim(),
                ))
                .map_err(|e| ApiError::Internal(e.into()))?;
                let key = idempotency::form_key(
                    &caller,
                    &path,
                    "idempotency_key",
                    &form.idempotency_key,
                    &meaning,
                )?;
                write::keyed(&state, Some(key), 201, move |conn| {
                    penalties::create(conn, table_id, &caller, &ruling).map(|_| ())
                })
                .await
            }
            .await;
            let kept = Kept {
                penalty: Some(form),
                ..Kept::default()
            };
            after(&state, &req, &desk, table_id, done, "penalty", kept).await
        }
        .await,
    )
}

/// Withdraws a penalty of the version the form shows.
#[post("/admin/tables/{table_id}/penalties/{penalty_id}/delete")]
pub async fn delete_penalty(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    form: web::Form<VersionForm>,
) -> HttpResponse {
    let (table_id, penalty_id) = path.into_inner();
    let (csrf, version, reason) = form.into_inner().split();
    let act = async |caller: Caller| {
        write::guarded(&state, move |conn| {
            penalties::delete(
                conn,
                table_id,
                penalty_id,
                &version,
                &caller,
                reason.as_deref(),
            )
        })
        .await
    };
    simple(&state, &req, csrf, (table_id, "penalties"), act).await
}

/// Deletes a deal of the version the form shows (later deals move up).
#[post("/admin/tables/{table_id}/deals/{number}/delete")]
pub async fn delete_deal(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, u16)>,
    form: web::Form<VersionForm>,
) -> HttpResponse {
    let (table_id, number) = path.into_inner();
    let (csrf, version, reason) = form.into_inner().split();
    let act = async |caller: Caller| {
        write::guarded(&state, move |conn| {
            deals::delete(conn, table_id, number, &version, &caller, reason.as_deref())
        })
        .await
    };
    simple(&state, &req, csrf, (table_id, "deals"), act).await
}

/// Issues a new join code (the old one no longer opens the table; a captain who joined
/// with it stays).
#[post("/admin/tables/{table_id}/join-code")]
pub async fn issue_code(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    form: web::Form<PlainForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, form.csrf.as_deref())?;
            let table_id = *table_id;
            let caller = desk.caller();
            let path = format!("/admin/tables/{table_id}/join-code");
            let done = async {
                let key = idempotency::form_key(
                    &caller,
                    &path,
                    "idempotency_key",
                    &form.idempotency_key,
                    path.as_bytes(),
                )?;
                let code = codes::new_code()?;
                write::keyed(&state, Some(key), 201, move |conn| {
                    join_codes::create(conn, table_id, &caller, &code).map(|_| ())
                })
                .await
            }
            .await;
            after(&state, &req, &desk, table_id, done, "code", Kept::default()).await
        }
        .await,
    )
}

/// Revokes the table's codes: its captains are signed out.
#[post("/admin/tables/{table_id}/join-code/revoke")]
pub async fn revoke_code(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    form: web::Form<PlainForm>,
) -> HttpResponse {
    let table_id = table_id.into_inner();
    let csrf = form.into_inner().csrf;
    let act = async |caller: Caller| {
        write::guarded(&state, move |conn| {
            join_codes::revoke(conn, table_id, &caller)
        })
        .await
    };
    simple(&state, &req, csrf, (table_id, "code"), act).await
}

/// Calls time-up at this table.
#[post("/admin/tables/{table_id}/time-up")]
pub async fn time_up(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    form: web::Form<PlainForm>,
) -> HttpResponse {
    let table_id = table_id.into_inner();
    let csrf = form.into_inner().csrf;
    let act = async |caller: Caller| {
        write::guarded(&state, move |conn| tables::time_up(conn, table_id, &caller)).await
    };
    simple(&state, &req, csrf, (table_id, "clock"), act).await
}

/// Gives the table extra minutes, for a reason.
#[post("/admin/tables/{table_id}/extend")]
pub async fn extend(
    state: web::Data<AppState>,
    req: HttpRequest,
    table_id: web::Path<i64>,
    form: web::Form<ExtendForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let form = form.into_inner();
            desk.guard(&req, form.csrf.as_deref())?;
            let table_id = *table_id;
            let caller = desk.caller();
            let done = async {
                let request = ExtendTableRequest {
                    minutes: number("minutes", &form.minutes)?,
                    reason: form.reason.clone(),
                };
                let (minutes, reason) = round_clock::check_extension(&request)?;
                let key = idempotency::form_key(
                    &caller,
                    &format!("/admin/tables/{table_id}/extend"),
                    "idempotency_key",
                    &form.idempotency_key,
                    &serde_json::to_vec(&(minutes, &reason))
                        .map_err(|e| ApiError::Internal(e.into()))?,
                )?;
                write::keyed(&state, Some(key), 200, move |conn| {
                    round_clock::extend(conn, table_id, &caller, minutes, &reason).map(|_| ())
                })
                .await
            }
            .await;
            let kept = Kept {
                extend: Some(form),
                ..Kept::default()
            };
            after(&state, &req, &desk, table_id, done, "clock", kept).await
        }
        .await,
    )
}
