//! One webhook's delivery log at the desk (a tournament's or a season's hook): every
//! delivery kept (newest first) with its event, state, attempts, the receiver's last answer
//! or why it failed, in the tournament's local time (a season's: the default zone), and a button to send one again, through the services of
//! `…/webhooks/{hook_id}/deliveries` and `…/deliveries/{delivery_id}/retry` (audited there).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};

use super::webhooks::Holder;
use super::{Desk, Step, answer, failed, see_other, signed_in_or_login};
use crate::local_time::instant;
use crate::services::webhooks;
use crate::state::AppState;
use crate::wire::webhooks::WebhookResponse;

const TEMPLATE: &str = "pages/admin/webhook_log.html";

/// A delivery as the log shows it.
#[derive(Debug, Serialize)]
struct DeliveryLine {
    id: i64,
    event: String,
    /// `pending`, `delivered` or `failed`.
    status: String,
    attempts: i32,
    created: String,
    last_attempt: Option<String>,
    next_attempt: Option<String>,
    delivered: Option<String>,
    last_status_code: Option<i32>,
    last_error: Option<String>,
}

#[derive(Debug, Serialize)]
struct LogPage {
    /// The holder's desk page (`/admin/seasons/3`).
    base: String,
    /// The holder's name.
    name: String,
    hook: WebhookResponse,
    deliveries: Vec<DeliveryLine>,
    /// The delivery just sent again, for the note.
    retried: Option<i64>,
}

#[derive(Debug, Deserialize)]
pub struct LogQuery {
    #[serde(default)]
    retried: Option<i64>,
}

/// The delivery log of `holder`'s hook `hook_id` (another's hook, or one removed, is not
/// found).
async fn log_of(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    holder: &Holder,
    hook_id: i64,
    retried: Option<i64>,
) -> Step<HttpResponse> {
    let hooks = webhooks::list(state, desk.caller(), holder.owner)
        .await
        .map_err(|e| failed(state, req, e))?;
    let hook = hooks
        .into_iter()
        .find(|h| h.id == hook_id)
        .ok_or_else(|| failed(state, req, crate::error::ApiError::NotFound))?;
    let zone = &holder.time_zone;
    let local = |at: Option<&str>| at.map(|at| instant(zone, at));
    let deliveries = webhooks::deliveries(state, desk.caller(), holder.owner, hook_id)
        .await
        .map_err(|e| failed(state, req, e))?
        .into_iter()
        .map(|d| DeliveryLine {
            created: instant(zone, &d.created_at),
            last_attempt: local(d.last_attempt_at.as_deref()),
            next_attempt: local(d.next_attempt_at.as_deref()),
            delivered: local(d.delivered_at.as_deref()),
            id: d.id,
            event: d.event,
            status: d.status,
            attempts: d.attempts,
            last_status_code: d.last_status_code,
            last_error: d.last_error,
        })
        .collect();
    let model = LogPage {
        base: holder.base.clone(),
        name: holder.name.clone(),
        hook,
        deliveries,
        retried,
    };
    Ok(holder.render(state, req, desk, StatusCode::OK, TEMPLATE, &model))
}

/// A tournament's hook's delivery log.
#[get("/admin/tournaments/{id}/webhooks/{hook}")]
pub async fn log(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    query: web::Query<LogQuery>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let (id, hook) = path.into_inner();
            let holder = Holder::tournament(&state, &req, &desk, id).await?;
            log_of(&state, &req, &desk, &holder, hook, query.retried).await
        }
        .await,
    )
}

/// A season's hook's delivery log.
#[get("/admin/seasons/{id}/webhooks/{hook}")]
pub async fn season_log(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64)>,
    query: web::Query<LogQuery>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            let (id, hook) = path.into_inner();
            let holder = Holder::season(&state, &req, &desk, id).await?;
            log_of(&state, &req, &desk, &holder, hook, query.retried).await
        }
        .await,
    )
}

#[derive(Debug, Deserialize)]
pub struct RetryForm {
    #[serde(default)]
    csrf: Option<String>,
}

/// Sends `holder`'s delivery `delivery` again at the delivery worker's next tick; back to
/// the log.
async fn retry_of(
    state: &AppState,
    req: &HttpRequest,
    desk: &Desk,
    holder: &Holder,
    hook: i64,
    delivery: i64,
) -> Step<HttpResponse> {
    webhooks::retry(state, desk.caller(), holder.owner, hook, delivery)
        .await
        .map_err(|e| failed(state, req, e))?;
    Ok(see_other(&format!(
        "{}/webhooks/{hook}?retried={delivery}",
        holder.base
    )))
}

/// Sends a tournament's delivery again.
#[post("/admin/tournaments/{id}/webhooks/{hook}/deliveries/{delivery}/retry")]
pub async fn retry(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64, i64)>,
    body: web::Form<RetryForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, body.csrf.as_deref())?;
            let (id, hook, delivery) = path.into_inner();
            let holder = Holder::tournament(&state, &req, &desk, id).await?;
            retry_of(&state, &req, &desk, &holder, hook, delivery).await
        }
        .await,
    )
}

/// Sends a season's delivery again.
#[post("/admin/seasons/{id}/webhooks/{hook}/deliveries/{delivery}/retry")]
pub async fn season_retry(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(i64, i64, i64)>,
    body: web::Form<RetryForm>,
) -> HttpResponse {
    answer(
        async {
            let desk = signed_in_or_login(&state, &req)?;
            desk.guard(&req, body.csrf.as_deref())?;
            let (id, hook, delivery) = path.into_inner();
            let holder = Holder::season(&state, &req, &desk, id).await?;
            retry_of(&state, &req, &desk, &holder, hook, delivery).await
        }
        .await,
    )
}
