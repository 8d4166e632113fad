//! Webhooks: an organiser registers URLs per tournament or per season, and the service
//! posts their events there, signed, from a durable outbox.
//!
//! - Events are enqueued into the outbox by the audit log's one writer ([`super::outbox`]).
//! - The worker ([`run`], started by `serve`) looks for hooks with due deliveries every
//!   [`TICK`] and sends each hook's in a task of its own, never waiting for one: a slow or
//!   dead receiver holds up its own hook only, never another's (up to [`HOOKS_AT_ONCE`]
//!   hooks at a time). Each hook's deliveries go out one after the other, oldest first;
//!   an attempt is claimed
//!   (counted, and its next attempt moved to the backoff as a lease) before the request,
//!   and its outcome stored after it, so no connection is held across the HTTP call and a
//!   process that dies while sending sends again after the lease. Delivery is therefore at
//!   least once: receivers drop repeats by `X-Karlchen-Delivery`.
//! - A 2xx answer delivers; anything else is retried after [`BACKOFF`] (then hourly) until
//!   [`GIVE_UP_AFTER_HOURS`] hours or [`MAX_ATTEMPTS`] attempts, then the delivery has failed.
//!   Redirects are not followed (a 3xx is a failure).
//!
//! The outbox is the database's: it survives a restart. Times come from the app's clock,
//! so tests move it instead of waiting for a backoff.

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;
use std::time::Duration;

use actix_web::{HttpRequest, HttpResponse};
use chrono::{NaiveDateTime, TimeDelta};
use hmac::{Hmac, Mac};
use serde_json::json;

use super::access::{self, Need};
use super::{audit, now, outbox, seasons, write};
use crate::auth::Caller;
use crate::db::models::{DeliveryRow, WebhookRow};
/// Whose hook: a tournament's or a season's.
pub use crate::db::webhooks::Owner;
use crate::db::webhooks::{self as rows, DELIVERED, FAILED, PENDING};
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::net_guard;
use crate::state::AppState;
use crate::wire::webhooks::{DeliveryCounts, DeliveryResponse, WebhookRequest, WebhookResponse};

/// The longest URL accepted.
pub const MAX_URL_LENGTH: usize = 2000;

/// How many hooks one tournament (or season) may have: enough for a club's site, a league
/// table and a chat bot, few enough that every change stays cheap.
pub const MAX_HOOKS: i64 = 20;

/// How often the worker looks for due deliveries.
pub const TICK: Duration = Duration::from_secs(1);

/// How long one attempt waits for the receiver's answer.
pub const TIMEOUT: Duration = Duration::from_secs(5);

/// The waits after the first, second, … failed attempt; every later one waits the last.
pub const BACKOFF: [i64; 5] = [10, 30, 120, 600, 3600];

/// A delivery not taken this long after its event is given up.
pub const GIVE_UP_AFTER_HOURS: i64 = 24;

/// A delivery is given up after this many attempts at the latest.
pub const MAX_ATTEMPTS: i32 = 30;

/// How many hooks [`deliver_due`] serves at once (concurrently), the most overdue first.
const HOOKS_PER_TICK: usize = 4;

/// How many hooks the worker sends to at once; a hook already being sent to is not
/// started again until its task ends.
pub const HOOKS_AT_ONCE: usize = 32;

/// How many deliveries of one hook one tick sends at most (one after the other).
const DELIVERIES_PER_HOOK: i64 = 10;

/// How many deliveries a hook's list shows.
const LISTED_DELIVERIES: i64 = 100;

/// `sha256=` and the hex HMAC-SHA256 of `body` keyed with `secret`: the
/// `X-Karlchen-Signature` header.
pub fn signature(secret: &str, body: &str) -> Result<String, ApiError> {
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes())
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("hmac key: {e}")))?;
    mac.update(body.as_bytes());
    let hex: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Ok(format!("sha256={hex}"))
}

/// The URL and events of `request` for a hook of `owner`, checked: 422 naming the field
/// otherwise.
fn checked(
    request: &WebhookRequest,
    owner: Owner,
) -> Result<(String, Vec<&'static str>), ApiError> {
    let known_events = events_of(owner);
    let url = request.url.trim();
    let bad_url = |message: &str| ApiError::field("invalid_body", "url", "invalid_url", message);
    if url.chars().count() > MAX_URL_LENGTH {
        return Err(ApiError::field(
            "invalid_body",
            "url",
            "too_long",
            format!("at most {MAX_URL_LENGTH} characters"),
        ));
    }
    let parsed =
        url::Url::parse(url).map_err(|_| bad_url("an absolute http:// or https:// URL"))?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none_or(str::is_empty) {
        return Err(bad_url("an absolute http:// or https:// URL"));
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(bad_url(
            "no user or password in the URL; the signature proves the sender",
        ));
    }
    let mut events: Vec<&'static str> = Vec::new();
    for asked in &request.events {
        let Some(known) = known_events.iter().find(|e| **e == asked.trim()) else {
            return Err(ApiError::field(
                "invalid_body",
                "events",
                "unknown_event",
                format!(
                    "{asked:?} is no event; events are {}",
                    known_events.join(", ")
                ),
            ));
        };
        if !events.contains(known) {
            events.push(known);
        }
    }
    if events.is_empty() {
        return Err(ApiError::field(
            "invalid_body",
            "events",
            "empty",
            format!("at least one of {}", known_events.join(", ")),
        ));
    }
    events.sort_unstable();
    Ok((parsed.to_string(), events))
}

/// The events a hook of `owner` can ask for.
pub fn events_of(owner: Owner) -> &'static [&'static str] {
    match owner {
        Owner::Tournament(_) => &outbox::EVENTS,
        Owner::Season(_) => &outbox::SEASON_EVENTS,
    }
}

/// Checks that `caller` manages `owner`'s hooks (a tournament's organisers, a season's
/// organiser; 404 for anyone else); for a change, under the lock a concurrent change of
/// the same owner takes too.
fn managed(conn: &mut DbConn, owner: Owner, caller: &Caller, change: bool) -> Result<(), ApiError> {
    match owner {
        Owner::Tournament(id) => {
            if change {
                db::locks::lock_tournament(conn, id)?;
            }
            access::tournament(conn, id, caller, Need::Write)?;
        }
        Owner::Season(id) => {
            let season = seasons::owned(conn, id, caller)?;
            if change {
                db::locks::lock_register(conn, season.organizer_id)?;
            }
        }
    }
    Ok(())
}

/// Writes a change to `owner`'s hooks to its log: the tournament's, or the season
/// organiser's own.
fn audited(
    conn: &mut DbConn,
    owner: Owner,
    caller: &Caller,
    action: &str,
    before: Option<serde_json::Value>,
    after: Option<serde_json::Value>,
) -> Result<(), ApiError> {
    match owner {
        Owner::Tournament(id) => audit::Change::new(id, caller, action)
            .before(before)
            .after(after)
            .record(conn),
        Owner::Season(id) => {
            let season = db::seasons::find(conn, id)?.ok_or(ApiError::NotFound)?;
            audit::OrganizerChange::new(season.organizer_id, action, id)
                .before(before)
                .after(after)
                .record(conn)
        }
    }
}

/// Hook `row` as listed: with its delivery counts and newest delivery.
fn listed(conn: &mut DbConn, row: WebhookRow) -> Result<WebhookResponse, ApiError> {
    let mut counts = DeliveryCounts::default();
    for (status, n) in rows::counts(conn, row.id)? {
        match status.as_str() {
            PENDING => counts.pending = n,
            DELIVERED => counts.delivered = n,
            _ => counts.failed += n,
        }
    }
    let last = rows::deliveries(conn, row.id, 1)?.into_iter().next();
    Ok(WebhookResponse::new(row, counts, last))
}

/// Registers a hook on `owner` (a tournament's organisers, a season's organiser) under
/// the request's `Idempotency-Key`; answers 201 with the secret, which is shown only here.
/// Audited, without the secret.
pub async fn create(
    state: &AppState,
    req: &HttpRequest,
    caller: Caller,
    owner: Owner,
    request: &WebhookRequest,
) -> Result<HttpResponse, ApiError> {
    let key = super::idempotency::key(req, &caller)?;
    Ok(write::replied(
        register(state, key, caller, owner, request).await?,
    ))
}

/// Registers a hook as [`create`] does, under `key`, and answers what was stored (the
/// hook with its secret, as JSON).
pub async fn register(
    state: &AppState,
    key: Option<super::idempotency::Key>,
    caller: Caller,
    owner: Owner,
    request: &WebhookRequest,
) -> Result<super::idempotency::Seen, ApiError> {
    access::organizer_only(&caller)?;
    let (url, events) = checked(request, owner)?;
    if !state.config.webhook_allow_private {
        public_target(&url).await?;
    }
    let secret = format!("whsec_{}", super::codes::new_secret()?);
    let acting = caller.clone();
    write::keyed(state, key, 201, move |conn| {
        // The count below must hold against a twin registering at the same moment.
        managed(conn, owner, &acting, true)?;
        if rows::count_of(conn, owner)? >= MAX_HOOKS {
            return Err(ApiError::refused(
                "too_many_webhooks",
                format!("at most {MAX_HOOKS} webhooks each; remove one first"),
                "url",
                json!({"max": MAX_HOOKS}),
            ));
        }
        let row = rows::insert(
            conn,
            &rows::NewHook {
                owner,
                url: &url,
                events: &events.join(","),
                secret: &secret,
                at: now(),
            },
        )?;
        let mut hook = WebhookResponse::new(row, DeliveryCounts::default(), None);
        let described = json!({"id": hook.id, "url": hook.url, "events": hook.events});
        audited(
            conn,
            owner,
            &acting,
            "webhook.create",
            None,
            Some(described),
        )?;
        hook.secret = Some(secret);
        Ok(hook)
    })
    .await
}

/// The hooks of `owner` with their last delivery (those who manage them).
pub async fn list(
    state: &AppState,
    caller: Caller,
    owner: Owner,
) -> Result<Vec<WebhookResponse>, ApiError> {
    access::organizer_only(&caller)?;
    state
        .db
        .run(move |conn| {
            managed(conn, owner, &caller, false)?;
            rows::of_owner(conn, owner)?
                .into_iter()
                .map(|row| listed(conn, row))
                .collect()
        })
        .await
}

/// Removes hook `hook_id` of `owner` with its outbox (those who manage it). Audited.
pub async fn delete(
    state: &AppState,
    caller: Caller,
    owner: Owner,
    hook_id: i64,
) -> Result<(), ApiError> {
    access::organizer_only(&caller)?;
    write::guarded(state, move |conn| {
        managed(conn, owner, &caller, false)?;
        let hook = rows::find(conn, owner, hook_id)?.ok_or(ApiError::NotFound)?;
        rows::delete(conn, hook.id)?;
        let described = json!({"id": hook.id, "url": hook.url, "events": hook.events});
        audited(
            conn,
            owner,
            &caller,
            "webhook.delete",
            Some(described),
            None,
        )
    })
    .await
}

/// The deliveries of hook `hook_id` of `owner`, newest first (those who manage it).
pub async fn deliveries(
    state: &AppState,
    caller: Caller,
    owner: Owner,
    hook_id: i64,
) -> Result<Vec<DeliveryResponse>, ApiError> {
    access::organizer_only(&caller)?;
    state
        .db
        .run(move |conn| {
            managed(conn, owner, &caller, false)?;
            let hook = rows::find(conn, owner, hook_id)?.ok_or(ApiError::NotFound)?;
            Ok(rows::deliveries(conn, hook.id, LISTED_DELIVERIES)?
                .into_iter()
                .map(DeliveryResponse::from)
                .collect())
        })
        .await
}

/// Sends delivery `delivery_id` of hook `hook_id` again at the worker's next tick, whatever
/// its state (a failed one gets one more attempt; a delivered one is sent once more, with
/// the same id). One still pending is sent then anyway: it is answered as it is and nothing
/// is written, so a retry sent twice (a double click) is one. Those who manage the hook;
/// audited.
pub async fn retry(
    state: &AppState,
    caller: Caller,
    owner: Owner,
    hook_id: i64,
    delivery_id: i64,
) -> Result<DeliveryResponse, ApiError> {
    access::organizer_only(&caller)?;
    write::guarded(state, move |conn| {
        managed(conn, owner, &caller, false)?;
        let hook = rows::find(conn, owner, hook_id)?.ok_or(ApiError::NotFound)?;
        let delivery = rows::delivery(conn, hook.id, delivery_id)?.ok_or(ApiError::NotFound)?;
        if delivery.status == rows::PENDING {
            return Ok(DeliveryResponse::from(delivery));
        }
        rows::retry(conn, delivery.id, now())?;
        let described = json!({"webhook": hook.id, "delivery": delivery.id});
        audited(conn, owner, &caller, "webhook.retry", None, Some(described))?;
        let again = rows::delivery(conn, hook.id, delivery.id)?.ok_or(ApiError::NotFound)?;
        Ok(DeliveryResponse::from(again))
    })
    .await
}

/// The wait before the attempt after attempt `attempts` (1-based) failed.
fn backoff(attempts: i32) -> TimeDelta {
    let index = usize::try_from(attempts.saturating_sub(1)).unwrap_or_default();
    let seconds = BACKOFF
        .get(index)
        .or(BACKOFF.last())
        .copied()
        .unwrap_or(3600);
    TimeDelta::seconds(seconds)
}

/// Whether `delivery`, after failing its attempt number `attempts` whose retry would come
/// at `retry_at`, is given up.
fn gives_up(delivery: &DeliveryRow, attempts: i32, retry_at: NaiveDateTime) -> bool {
    attempts >= MAX_ATTEMPTS
        || retry_at > delivery.created_at + TimeDelta::hours(GIVE_UP_AFTER_HOURS)
}

/// Refuses a target on this machine or a private network (422 `private_target` naming
/// `url`): an IP address as written, or every address its name resolves to now. A name
/// that does not resolve (yet) is let through: deliveries resolve it again, and connect
/// only to public addresses ([`crate::net_guard::PublicResolver`]).
async fn public_target(url: &str) -> Result<(), ApiError> {
    let refused = || {
        ApiError::field(
            "invalid_body",
            "url",
            "private_target",
            "the URL points to this machine or a private network; the service sends \
             webhooks to the internet only (KARLCHEN_WEBHOOK_ALLOW_PRIVATE=1 allows that)",
        )
    };
    let parsed = url::Url::parse(url).map_err(|_| refused())?;
    if let Some(ip) = net_guard::written_ip(&parsed) {
        return if net_guard::is_public(ip) {
            Ok(())
        } else {
            Err(refused())
        };
    }
    let Some(name) = parsed.host_str() else {
        return Ok(());
    };
    if net_guard::is_local_name(name) {
        return Err(refused());
    }
    let port = parsed.port_or_known_default().unwrap_or(443);
    let lookup = tokio::net::lookup_host((name, port));
    let private = match tokio::time::timeout(Duration::from_secs(2), lookup).await {
        Ok(Ok(mut addrs)) => addrs.any(|a| !net_guard::is_public(a.ip())),
        _ => false,
    };
    if private { Err(refused()) } else { Ok(()) }
}

/// The reason a delivery to `url` is not even tried, if it is not: an IP address of this
/// machine or a private network written in it (a name is checked when it is resolved).
fn private_literal(url: &str) -> Option<String> {
    let ip = net_guard::written_ip(&url::Url::parse(url).ok()?)?;
    (!net_guard::is_public(ip))
        .then(|| format!("refused: {ip} is on this machine or a private network"))
}

/// Sends the due deliveries of the four most overdue hooks (`HOOKS_PER_TICK`), concurrently,
/// and waits for them; returns how many attempts were made. Tests call it instead of
/// waiting for the worker, which starts each hook on its own.
pub async fn deliver_due(state: &AppState) -> Result<usize, ApiError> {
    let hooks = due_hooks(state).await?.into_iter().take(HOOKS_PER_TICK);
    let sent = futures_util::future::join_all(hooks.map(|hook| deliver_hook(state, hook))).await;
    let mut attempts = 0;
    for result in sent {
        attempts += result?;
    }
    Ok(attempts)
}

/// Sends the due deliveries of hook `hook_id`, oldest first, until one fails.
async fn deliver_hook(state: &AppState, hook_id: i64) -> Result<usize, ApiError> {
    let (hook, pending) = state
        .db
        .run(move |conn| {
            let hook = rows::by_id(conn, hook_id)?;
            let pending = rows::pending_of(conn, hook_id, DELIVERIES_PER_HOOK)?;
            Ok((hook, pending))
        })
        .await?;
    let Some(hook) = hook.filter(|h| h.active) else {
        return Ok(0);
    };
    let mut attempts = 0;
    for delivery in pending {
        if delivery.next_attempt_at > state.db.clock().now() {
            break;
        }
        match attempt(state, &hook, delivery).await? {
            Some(true) => attempts += 1,
            Some(false) => {
                attempts += 1;
                break;
            }
            // Somebody else claimed it: leave this hook to him.
            None => break,
        }
    }
    Ok(attempts)
}

/// One attempt at `delivery`: `None` when another runner claimed it first, else whether
/// the receiver took it.
async fn attempt(
    state: &AppState,
    hook: &WebhookRow,
    delivery: DeliveryRow,
) -> Result<Option<bool>, ApiError> {
    let now = state.db.clock().now();
    let number = delivery.attempts.saturating_add(1);
    let retry_at = now + backoff(number);
    let (id, seen) = (delivery.id, delivery.attempts);
    // Taking the SQLite writer's turn as every write does (a write between another
    // transaction's read and its write would fail that one), without raising the commit
    // number: an attempt changes nothing the standings are derived from.
    let claimed = state
        .db
        .tx_uncounted(move |conn| Ok(rows::claim(conn, id, seen, now, retry_at)?))
        .await?;
    if claimed != 1 {
        return Ok(None);
    }
    let signed = signature(&hook.secret, &delivery.payload)?;
    // Checked again at every delivery: the setting may have changed since registration.
    let refused = (!state.config.webhook_allow_private)
        .then(|| private_literal(&hook.url))
        .flatten();
    let answer = match refused {
        Some(reason) => Err(reason),
        None => state
            .http
            .post(&hook.url)
            .header("Content-Type", "application/json")
            .header("X-Karlchen-Event", &delivery.event)
            .header("X-Karlchen-Delivery", delivery.id.to_string())
            .header("X-Karlchen-Signature", signed)
            .timeout(TIMEOUT)
            .body(delivery.payload.clone())
            .send()
            .await
            .map_err(|e| described(&e)),
    };
    let (code, error) = match answer {
        Ok(response) => {
            let status = response.status();
            let error = (!status.is_success()).then(|| format!("answered {status}"));
            (Some(i32::from(status.as_u16())), error)
        }
        Err(e) => (None, Some(e)),
    };
    let delivered = error.is_none();
    let status = if delivered {
        DELIVERED
    } else if gives_up(&delivery, number, retry_at) {
        FAILED
    } else {
        PENDING
    };
    let at = state.db.clock().now();
    tracing::info!(
        webhook = hook.id,
        delivery = id,
        event = %delivery.event,
        attempt = number,
        status,
        code,
        "webhook delivery"
    );
    state
        .db
        .tx_uncounted(move |conn| {
            Ok(rows::record(
                conn,
                id,
                status,
                code,
                error.as_deref(),
                delivered.then_some(at),
            )?)
        })
        .await?;
    Ok(Some(delivered))
}

/// A failed request in a line for the organiser: the error and its causes (a refused
/// connection, a timeout, a certificate), at most 300 characters.
fn described(e: &reqwest::Error) -> String {
    let mut text = if e.is_timeout() {
        format!("no answer within {} s", TIMEOUT.as_secs())
    } else {
        e.to_string()
    };
    let mut source = std::error::Error::source(e);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text.chars().take(300).collect()
}

/// The hooks with a delivery due now, the most overdue first.
async fn due_hooks(state: &AppState) -> Result<Vec<i64>, ApiError> {
    let now = state.db.clock().now();
    let heads = state.db.run(|conn| Ok(rows::pending_heads(conn)?)).await?;
    Ok(heads
        .iter()
        .filter(|d| d.next_attempt_at <= now)
        .map(|d| d.webhook_id)
        .collect())
}

/// The worker: every [`TICK`] until the server shuts down, starts a task for each hook
/// with a delivery due that has none running (at most [`HOOKS_AT_ONCE`] at a time), and
/// waits for none of them.
pub async fn run(state: AppState) {
    let mut closing = state.live.closing();
    // The worker's tasks run on its own thread (actix's local tasks): no lock needed.
    let running: Rc<RefCell<HashSet<i64>>> = Rc::default();
    loop {
        match due_hooks(&state).await {
            Ok(due) => {
                for hook in due {
                    let mut busy = running.borrow_mut();
                    if busy.len() >= HOOKS_AT_ONCE || !busy.insert(hook) {
                        continue;
                    }
                    let (state, running) = (state.clone(), running.clone());
                    actix_web::rt::spawn(async move {
                        if let Err(e) = deliver_hook(&state, hook).await {
                            tracing::warn!(webhook = hook, error = %e, "webhook deliveries");
                        }
                        running.borrow_mut().remove(&hook);
                    });
                }
            }
            Err(e) => tracing::warn!(error = %e, "webhook deliveries"),
        }
        tokio::select! {
            _ = closing.wait_for(|closed| *closed) => break,
            () = actix_web::rt::time::sleep(TICK) => {}
        }
    }
}
