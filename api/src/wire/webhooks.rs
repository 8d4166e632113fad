//! Webhooks on the wire: registering one, listing them, and their deliveries.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::clock::rfc3339;
use crate::db::models::{DeliveryRow, WebhookRow};

/// A URL to tell of a tournament's events, or of a season's changed standings.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WebhookRequest {
    /// Where to post: an absolute `http://` or `https://` URL, at most 2000 characters.
    #[schema(example = "https://example.org/karlchen-hook")]
    pub url: String,
    /// The events to send (at least one): for a tournament's hook `deal.created`,
    /// `deal.corrected`, `round.closed`, `standings.changed`, `tournament.finished`,
    /// `tournament.reopened`; for a season's `season.standings.changed`.
    #[schema(example = json!(["deal.created", "standings.changed"]))]
    pub events: Vec<String>,
}

/// How many of a hook's deliveries are in each state.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct DeliveryCounts {
    /// Waiting for their next attempt.
    pub pending: i64,
    /// Taken by the receiver (2xx).
    pub delivered: i64,
    /// Given up.
    pub failed: i64,
}

/// A registered hook.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct WebhookResponse {
    /// Id.
    pub id: i64,
    /// Where deliveries are posted.
    pub url: String,
    /// The events it is sent.
    pub events: Vec<String>,
    /// Whether new events are sent to it.
    pub active: bool,
    /// When it was registered (UTC, RFC 3339).
    pub created_at: String,
    /// The key of `X-Karlchen-Signature`: given only in the answer that registers the hook.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
    /// Its deliveries by state.
    pub deliveries: DeliveryCounts,
    /// Its newest delivery, if any.
    pub last_delivery: Option<DeliveryResponse>,
}

impl WebhookResponse {
    /// `row` with its counts and newest delivery; the secret is left out.
    pub fn new(
        row: WebhookRow,
        deliveries: DeliveryCounts,
        last: Option<DeliveryRow>,
    ) -> WebhookResponse {
        WebhookResponse {
            id: row.id,
            url: row.url,
            events: row.events.split(',').map(str::to_owned).collect(),
            active: row.active,
            created_at: rfc3339(row.created_at),
            secret: None,
            deliveries,
            last_delivery: last.map(DeliveryResponse::from),
        }
    }
}

/// One event sent (or to be sent) to a hook.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct DeliveryResponse {
    /// Id: the `X-Karlchen-Delivery` header, the same on every attempt.
    pub id: i64,
    /// The event.
    #[schema(example = "deal.created")]
    pub event: String,
    /// The event's id (the body's `id`), the same for every hook told of it.
    pub event_id: String,
    /// `pending`, `delivered` or `failed`.
    #[schema(example = "delivered")]
    pub status: String,
    /// How many times it was sent.
    pub attempts: i32,
    /// When the event happened (UTC, RFC 3339).
    pub created_at: String,
    /// When it was last sent.
    pub last_attempt_at: Option<String>,
    /// When it is sent next, while pending.
    pub next_attempt_at: Option<String>,
    /// The receiver's last HTTP status.
    pub last_status_code: Option<i32>,
    /// Why the last attempt failed (no answer, or not 2xx).
    pub last_error: Option<String>,
    /// When the receiver took it.
    pub delivered_at: Option<String>,
}

impl From<DeliveryRow> for DeliveryResponse {
    fn from(row: DeliveryRow) -> DeliveryResponse {
        let pending = row.status == crate::db::webhooks::PENDING;
        DeliveryResponse {
            id: row.id,
            event: row.event,
            event_id: row.event_id,
            status: row.status,
            attempts: row.attempts,
            created_at: rfc3339(row.created_at),
            last_attempt_at: row.last_attempt_at.map(rfc3339),
            next_attempt_at: pending.then(|| rfc3339(row.next_attempt_at)),
            last_status_code: row.last_status_code,
            last_error: row.last_error,
            delivered_at: row.delivered_at.map(rfc3339),
        }
    }
}
