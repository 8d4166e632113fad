//! Webhooks and their outbox: the hooks of a tournament or a season, the deliveries waiting, sent or
//! given up, and the worker's bookkeeping (claiming an attempt, recording its outcome).
//!
//! The worker's writes are single statements, each atomic on its own; the service runs
//! them through `Database::tx_uncounted` (the SQLite writer's turn, no commit number).

use chrono::NaiveDateTime;
use diesel::dsl::{count_star, min};
use diesel::prelude::*;

use super::DbConn;
use super::models::{DeliveryRow, WebhookRow};
use super::schema::{season_tournaments, webhook_deliveries, webhooks};

/// A delivery waiting to be sent.
pub const PENDING: &str = "pending";
/// A delivery a receiver took (2xx).
pub const DELIVERED: &str = "delivered";
/// A delivery given up after its last attempt.
pub const FAILED: &str = "failed";

/// Whose hook: a tournament's (told of its changes) or a season's (told when its standings
/// move).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// Tournament `id`.
    Tournament(i64),
    /// Season `id`.
    Season(i64),
}

impl Owner {
    /// The (tournament, season) columns of a hook of this owner.
    fn columns(self) -> (Option<i64>, Option<i64>) {
        match self {
            Owner::Tournament(id) => (Some(id), None),
            Owner::Season(id) => (None, Some(id)),
        }
    }
}

/// The filter "a hook of `owner`".
type OwnedBy = diesel::dsl::Or<
    diesel::dsl::Eq<webhooks::tournament_id, Option<i64>>,
    diesel::dsl::Eq<webhooks::season_id, Option<i64>>,
>;

/// The hooks of `owner`: the other column is NULL, and `= NULL` is never true.
fn owned_by(owner: Owner) -> OwnedBy {
    let (tournament, season) = owner.columns();
    webhooks::tournament_id
        .eq(tournament)
        .or(webhooks::season_id.eq(season))
}

/// A hook to store.
#[derive(Debug, Clone)]
pub struct NewHook<'a> {
    /// Whose.
    pub owner: Owner,
    /// Where to post.
    pub url: &'a str,
    /// The event names, comma-separated.
    pub events: &'a str,
    /// The signing key.
    pub secret: &'a str,
    /// When.
    pub at: NaiveDateTime,
}

/// Stores a hook, active.
pub fn insert(conn: &mut DbConn, hook: &NewHook<'_>) -> QueryResult<WebhookRow> {
    let (tournament, season) = hook.owner.columns();
    diesel::insert_into(webhooks::table)
        .values((
            webhooks::tournament_id.eq(tournament),
            webhooks::season_id.eq(season),
            webhooks::url.eq(hook.url),
            webhooks::events.eq(hook.events),
            webhooks::secret.eq(hook.secret),
            webhooks::active.eq(true),
            webhooks::created_at.eq(hook.at),
        ))
        .returning(webhooks::all_columns)
        .get_result(conn)
}

/// The hooks of `owner`, oldest first.
pub fn of_owner(conn: &mut DbConn, owner: Owner) -> QueryResult<Vec<WebhookRow>> {
    webhooks::table
        .filter(owned_by(owner))
        .order(webhooks::id.asc())
        .select(WebhookRow::as_select())
        .load(conn)
}

/// An active hook told of a change to a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct Listening {
    /// The hook.
    pub id: i64,
    /// The season it belongs to; `None` for the tournament's own.
    pub season_id: Option<i64>,
    /// The event names it wants, comma-separated.
    pub events: String,
}

/// The active hooks told of a change to tournament `tournament_id`: its own and those of
/// the seasons holding it. The one lookup every audited change of a tournament makes.
pub fn listening_to(conn: &mut DbConn, tournament_id: i64) -> QueryResult<Vec<Listening>> {
    let seasons = season_tournaments::table
        .filter(season_tournaments::tournament_id.eq(tournament_id))
        .select(season_tournaments::season_id.nullable());
    webhooks::table
        .filter(webhooks::active.eq(true))
        .filter(
            webhooks::tournament_id
                .eq(tournament_id)
                .or(webhooks::season_id.eq_any(seasons)),
        )
        .order(webhooks::id.asc())
        .select((webhooks::id, webhooks::season_id, webhooks::events))
        .load(conn)
}

/// The active hooks of the seasons `season_ids`, as [`listening_to`] answers.
pub fn listening_to_seasons(conn: &mut DbConn, season_ids: &[i64]) -> QueryResult<Vec<Listening>> {
    webhooks::table
        .filter(webhooks::active.eq(true))
        .filter(webhooks::season_id.eq_any(season_ids.iter().map(|id| Some(*id))))
        .order(webhooks::id.asc())
        .select((webhooks::id, webhooks::season_id, webhooks::events))
        .load(conn)
}

/// How many hooks `owner` has.
pub fn count_of(conn: &mut DbConn, owner: Owner) -> QueryResult<i64> {
    webhooks::table
        .filter(owned_by(owner))
        .count()
        .get_result(conn)
}

/// Hook `id` of `owner`.
pub fn find(conn: &mut DbConn, owner: Owner, id: i64) -> QueryResult<Option<WebhookRow>> {
    webhooks::table
        .filter(owned_by(owner))
        .filter(webhooks::id.eq(id))
        .select(WebhookRow::as_select())
        .first(conn)
        .optional()
}

/// Deletes every hook of `owner` with its outbox (the owner is being deleted).
pub fn delete_of(conn: &mut DbConn, owner: Owner) -> QueryResult<()> {
    let ids: Vec<i64> = webhooks::table
        .filter(owned_by(owner))
        .select(webhooks::id)
        .load(conn)?;
    diesel::delete(webhook_deliveries::table.filter(webhook_deliveries::webhook_id.eq_any(&ids)))
        .execute(conn)?;
    diesel::delete(webhooks::table.filter(webhooks::id.eq_any(&ids))).execute(conn)?;
    Ok(())
}

/// Hook `id`, whatever its owner (the worker).
pub fn by_id(conn: &mut DbConn, id: i64) -> QueryResult<Option<WebhookRow>> {
    webhooks::table
        .find(id)
        .select(WebhookRow::as_select())
        .first(conn)
        .optional()
}

/// Deletes hook `id` with its outbox: nothing is sent to a URL the organiser removed.
pub fn delete(conn: &mut DbConn, id: i64) -> QueryResult<()> {
    diesel::delete(webhook_deliveries::table.filter(webhook_deliveries::webhook_id.eq(id)))
        .execute(conn)?;
    diesel::delete(webhooks::table.find(id)).execute(conn)?;
    Ok(())
}

/// An event for one hook, to store in the outbox.
#[derive(Debug, Clone)]
pub struct NewDelivery<'a> {
    /// The hook.
    pub webhook_id: i64,
    /// The event's name.
    pub event: &'a str,
    /// The event's id.
    pub event_id: &'a str,
    /// The exact body.
    pub payload: &'a str,
    /// When (UTC); the first attempt is due then.
    pub at: NaiveDateTime,
}

/// Stores a pending delivery, due at once.
pub fn enqueue(conn: &mut DbConn, delivery: &NewDelivery<'_>) -> QueryResult<()> {
    diesel::insert_into(webhook_deliveries::table)
        .values((
            webhook_deliveries::webhook_id.eq(delivery.webhook_id),
            webhook_deliveries::event.eq(delivery.event),
            webhook_deliveries::event_id.eq(delivery.event_id),
            webhook_deliveries::payload.eq(delivery.payload),
            webhook_deliveries::status.eq(PENDING),
            webhook_deliveries::attempts.eq(0),
            webhook_deliveries::next_attempt_at.eq(delivery.at),
            webhook_deliveries::created_at.eq(delivery.at),
        ))
        .execute(conn)
        .map(drop)
}

/// The deliveries of hook `webhook_id`, newest first, at most `limit`.
pub fn deliveries(conn: &mut DbConn, webhook_id: i64, limit: i64) -> QueryResult<Vec<DeliveryRow>> {
    webhook_deliveries::table
        .filter(webhook_deliveries::webhook_id.eq(webhook_id))
        .order(webhook_deliveries::id.desc())
        .limit(limit)
        .select(DeliveryRow::as_select())
        .load(conn)
}

/// Delivery `id` of hook `webhook_id`.
pub fn delivery(conn: &mut DbConn, webhook_id: i64, id: i64) -> QueryResult<Option<DeliveryRow>> {
    webhook_deliveries::table
        .filter(webhook_deliveries::webhook_id.eq(webhook_id))
        .filter(webhook_deliveries::id.eq(id))
        .select(DeliveryRow::as_select())
        .first(conn)
        .optional()
}

/// How many deliveries of hook `webhook_id` are in each status.
pub fn counts(conn: &mut DbConn, webhook_id: i64) -> QueryResult<Vec<(String, i64)>> {
    webhook_deliveries::table
        .filter(webhook_deliveries::webhook_id.eq(webhook_id))
        .group_by(webhook_deliveries::status)
        .select((webhook_deliveries::status, count_star()))
        .load(conn)
}

/// How many deliveries of every hook are pending and how many failed (`/metrics`).
pub fn outbox_counts(conn: &mut DbConn) -> QueryResult<Vec<(String, i64)>> {
    webhook_deliveries::table
        .filter(webhook_deliveries::status.eq_any([PENDING, FAILED]))
        .group_by(webhook_deliveries::status)
        .select((webhook_deliveries::status, count_star()))
        .load(conn)
}

/// The oldest pending delivery of every hook that has one: each hook's deliveries go out
/// in order, so only its oldest can be due.
pub fn pending_heads(conn: &mut DbConn) -> QueryResult<Vec<DeliveryRow>> {
    let heads: Vec<Option<i64>> = webhook_deliveries::table
        .filter(webhook_deliveries::status.eq(PENDING))
        .group_by(webhook_deliveries::webhook_id)
        .select(min(webhook_deliveries::id))
        .load(conn)?;
    let ids: Vec<i64> = heads.into_iter().flatten().collect();
    webhook_deliveries::table
        .filter(webhook_deliveries::id.eq_any(ids))
        .order(webhook_deliveries::next_attempt_at.asc())
        .select(DeliveryRow::as_select())
        .load(conn)
}

/// The pending deliveries of hook `webhook_id`, oldest first, at most `limit`.
pub fn pending_of(conn: &mut DbConn, webhook_id: i64, limit: i64) -> QueryResult<Vec<DeliveryRow>> {
    webhook_deliveries::table
        .filter(webhook_deliveries::webhook_id.eq(webhook_id))
        .filter(webhook_deliveries::status.eq(PENDING))
        .order(webhook_deliveries::id.asc())
        .limit(limit)
        .select(DeliveryRow::as_select())
        .load(conn)
}

/// Claims the next attempt of delivery `id` if nobody else did since it was read with
/// `attempts`: counts the attempt and moves its next attempt to `retry_at`, which is then
/// also the lease: a process that dies while sending leaves it to be sent again then.
/// 1 if claimed.
pub fn claim(
    conn: &mut DbConn,
    id: i64,
    attempts: i32,
    now: NaiveDateTime,
    retry_at: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        webhook_deliveries::table
            .filter(webhook_deliveries::id.eq(id))
            .filter(webhook_deliveries::status.eq(PENDING))
            .filter(webhook_deliveries::attempts.eq(attempts)),
    )
    .set((
        webhook_deliveries::attempts.eq(attempts.saturating_add(1)),
        webhook_deliveries::last_attempt_at.eq(Some(now)),
        webhook_deliveries::next_attempt_at.eq(retry_at),
    ))
    .execute(conn)
}

/// Records an attempt's outcome: `status` (pending again, delivered or failed), the
/// receiver's HTTP status or why there was none.
pub fn record(
    conn: &mut DbConn,
    id: i64,
    status: &str,
    code: Option<i32>,
    error: Option<&str>,
    delivered_at: Option<NaiveDateTime>,
) -> QueryResult<usize> {
    diesel::update(webhook_deliveries::table.find(id))
        .set((
            webhook_deliveries::status.eq(status),
            webhook_deliveries::last_status_code.eq(code),
            webhook_deliveries::last_error.eq(error),
            webhook_deliveries::delivered_at.eq(delivered_at),
        ))
        .execute(conn)
}

/// Makes delivery `id` pending again, due at `at` (an organiser's retry).
pub fn retry(conn: &mut DbConn, id: i64, at: NaiveDateTime) -> QueryResult<usize> {
    diesel::update(webhook_deliveries::table.find(id))
        .set((
            webhook_deliveries::status.eq(PENDING),
            webhook_deliveries::next_attempt_at.eq(at),
        ))
        .execute(conn)
}
