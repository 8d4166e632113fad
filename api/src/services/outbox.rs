//! The webhooks' durable outbox: the deliveries an audited change causes, written by the
//! audit log's one writer ([`super::audit::Change::record`]) in the change's transaction.
//!
//! Every change to a tournament is audited inside its write's transaction, so the outbox
//! row commits with the change or rolls back with it, and a write path added later is
//! covered once its audit action is mapped in `events_of`. An idempotent retry replays the
//! stored answer without running the write, so it enqueues nothing. A change whose action
//! sends nothing costs no query; one that does costs one indexed lookup of the
//! tournament's hooks, and more only when a hook wants the event. The worker that sends
//! them is [`super::webhooks`]'s.

use serde_json::{Value, json};

use super::{codes, now};
use crate::db::models::TournamentRow;
use crate::db::webhooks as rows;
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::wire::clock::rfc3339;

/// The events a hook can ask for.
pub const EVENTS: [&str; 6] = [
    "deal.created",
    "deal.corrected",
    "round.closed",
    "standings.changed",
    "tournament.finished",
    "tournament.reopened",
];

/// The events an audited change sends: what `action` did to the tournament.
fn events_of(action: &str) -> &'static [&'static str] {
    match action {
        "deal.create" => &["deal.created", "standings.changed"],
        "deal.update" | "deal.delete" => &["deal.corrected", "standings.changed"],
        "penalty.create" | "penalty.update" | "penalty.delete" => &["standings.changed"],
        // A table's set result moves its players' standings like its deals would.
        "table.adjust" | "table.adjust.remove" => &["standings.changed"],
        // A disqualified player's results may leave the standings, or come back.
        "player.disqualify" | "player.disqualify.remove" => &["standings.changed"],
        "round.close" => &["round.closed", "standings.changed"],
        // The standings become final, or stop being so.
        "tournament.finish" => &["tournament.finished", "standings.changed"],
        "tournament.reopen" => &["tournament.reopened", "standings.changed"],
        _ => &[],
    }
}

/// One audited change, as [`enqueue`] reads it.
#[derive(Debug, Clone, Copy)]
pub struct Changed<'a> {
    /// The tournament.
    pub tournament_id: i64,
    /// The table, when the change was at one.
    pub table_id: Option<i64>,
    /// The audit action (`deal.create`, …).
    pub action: &'a str,
    /// The state before.
    pub before: Option<&'a Value>,
    /// The state after.
    pub after: Option<&'a Value>,
    /// Why, if given.
    pub reason: Option<&'a str>,
}

/// Writes the outbox rows `change` causes, in the caller's transaction (see the module
/// documentation).
pub fn enqueue(conn: &mut DbConn, change: &Changed<'_>) -> Result<(), ApiError> {
    let events = events_of(change.action);
    if events.is_empty() {
        return Ok(());
    }
    let hooks = rows::active_of(conn, change.tournament_id)?;
    let wants = |hook: &(i64, String), event: &str| hook.1.split(',').any(|e| e == event);
    if !hooks.iter().any(|h| events.iter().any(|e| wants(h, e))) {
        return Ok(());
    }
    let tournament =
        db::tournaments::find(conn, change.tournament_id)?.ok_or(ApiError::NotFound)?;
    let place = match change.table_id {
        Some(table_id) => Some(place(conn, table_id)?),
        None => None,
    };
    let at = now();
    for event in events {
        let targets: Vec<i64> = hooks
            .iter()
            .filter(|h| wants(h, event))
            .map(|h| h.0)
            .collect();
        if targets.is_empty() {
            continue;
        }
        let event_id = format!("evt_{}", codes::new_secret()?.get(..32).unwrap_or_default());
        let body = json!({
            "id": event_id,
            "event": event,
            "created_at": rfc3339(at),
            "tournament": {"id": tournament.id, "name": tournament.name},
            "data": data(event, change, place.as_ref(), &tournament),
        });
        let payload = serde_json::to_string(&body).map_err(|e| ApiError::Internal(e.into()))?;
        for webhook_id in targets {
            rows::enqueue(
                conn,
                &rows::NewDelivery {
                    webhook_id,
                    event,
                    event_id: &event_id,
                    payload: &payload,
                    at,
                },
            )?;
        }
    }
    Ok(())
}

/// Where a table stands: its round's number and the table with its players in seat order.
fn place(conn: &mut DbConn, table_id: i64) -> Result<(i32, Value), ApiError> {
    let (table, round) = db::tables::with_round(conn, table_id)?.ok_or(ApiError::NotFound)?;
    let players = db::tables::seats(conn, table_id)?;
    Ok((
        round.number,
        json!({"id": table.id, "number": table.number, "players": players}),
    ))
}

/// The body's `data` for `event`: what a consumer needs without asking back, besides the
/// standings, which it reads from the URL given (they are derived, and computing them in
/// every write would slow every table's entry).
fn data(
    event: &str,
    change: &Changed<'_>,
    place: Option<&(i32, Value)>,
    tournament: &TournamentRow,
) -> Value {
    let round = place.map(|p| json!(p.0)).unwrap_or_else(|| {
        change
            .after
            .and_then(|a| a.get("round"))
            .cloned()
            .unwrap_or(Value::Null)
    });
    let table = place.map_or(Value::Null, |p| p.1.clone());
    match event {
        "deal.created" => json!({"round": round, "table": table, "deal": change.after}),
        "deal.corrected" => json!({
            "round": round,
            "table": table,
            "change": if change.action == "deal.delete" { "deleted" } else { "updated" },
            "deal": change.after,
            "before": change.before,
            "reason": change.reason,
        }),
        "round.closed" => change.after.cloned().unwrap_or(Value::Null),
        "tournament.finished" | "tournament.reopened" => json!({
            "finished_at": change.after.and_then(|a| a.get("finished_at")).cloned(),
            "reason": change.reason,
            "standings": format!("/api/v1/tournaments/{}/standings", tournament.id),
        }),
        _ => json!({
            "cause": change.action,
            "round": round,
            "table": table,
            "standings": format!("/api/v1/tournaments/{}/standings", tournament.id),
        }),
    }
}
