//! One webhook's delivery log at the desk: every delivery kept (newest first) with its
//! event, state, attempts, the receiver's last answer or why it failed, in the
//! tournament's local time, and a button to send one again, through the services of
//! `…/webhooks/{hook_id}/deliveries` and `…/deliveries/{delivery_id}/retry` (audited there).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};

use super::{Section, answer, failed, render, see_other, signed_in_or_login};
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

/// The delivery log of hook `hook` (another tournament's hook, or one removed, is not
/// found).
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
            let (id, hook_id) = path.into_inner();
            let nav = desk.tournament(&state, &req, id, Section::Webhooks).await?;
            let hooks = webhooks::list(&state, desk.caller(), nav.id)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            let hook = hooks
                .into_iter()
                .find(|h| h.id == hook_id)
                .ok_or_else(|| failed(&state, &req, crate::error::ApiError::NotFound))?;
            let zone = &nav.time_zone;
            let local = |at: Option<&str>| at.map(|at| instant(zone, at));
            let deliveries = webhooks::deliveries(&state, desk.caller(), nav.id, hook_id)
                .await
                .map_err(|e| failed(&state, &req, e))?
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
                hook,
                deliveries,
                retried: query.retried,
            };
            Ok(render(
                &state,
                &req,
                &desk,
                Some(&nav),
                StatusCode::OK,
                TEMPLATE,
                &model,
            ))
        }
        .await,
    )
}

#[derive(Debug, Deserialize)]
pub struct RetryForm {
    #[serde(default)]
    csrf: Option<String>,
}

/// Sends delivery `delivery` again at the delivery worker's next tick; back to the log.
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
            let nav = desk.tournament(&state, &req, id, Section::Webhooks).await?;
            webhooks::retry(&state, desk.caller(), nav.id, hook, delivery)
                .await
                .map_err(|e| failed(&state, &req, e))?;
            Ok(see_other(&format!(
                "/admin/tournaments/{}/webhooks/{hook}?retried={delivery}",
                nav.id
            )))
        }
        .await,
    )
}
