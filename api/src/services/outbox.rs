//! The webhooks' durable outbox: the deliveries an audited change causes, written by the
//! audit log's one writer ([`super::audit::Change::record`]) in the change's transaction.
//!
//! Every change to a tournament is audited inside its write's transaction, so the outbox
//! row commits with the change or rolls back with it, and a write path added later is
//! covered once its audit action is mapped in `events_of`. A season's hooks are told the
//! same way: by a change to one of its evenings' standings, and by a change in the
//! organiser's own log that moves the season ([`enqueue_organizer`]). An idempotent retry
//! replays the stored answer without running the write, so it enqueues nothing. A change
//! whose action sends nothing costs no query; one that does costs one indexed lookup of
//! the tournament's hooks and its seasons', and more only when a hook wants the event. The
//! worker that sends them is [`super::webhooks`]'s.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::{access, codes, now};
use crate::db::models::TournamentRow;
use crate::db::webhooks::{self as rows, Listening};
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

/// The one event a season's hook can ask for: its standings may have moved (a deal, a
/// correction, a penalty at one of its evenings; its rules, its evenings, the register).
pub const SEASON_EVENT: &str = "season.standings.changed";

/// The events a season's hook can ask for.
pub const SEASON_EVENTS: [&str; 1] = [SEASON_EVENT];

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
/// documentation): the tournament's events to its hooks, and a change of its standings to
/// the hooks of the seasons holding it.
pub fn enqueue(conn: &mut DbConn, change: &Changed<'_>) -> Result<(), ApiError> {
    let events = events_of(change.action);
    let reshapes = reshapes_seasons(change);
    if events.is_empty() && !reshapes {
        return Ok(());
    }
    let hooks = rows::listening_to(conn, change.tournament_id)?;
    let (own, seasons): (Vec<Listening>, Vec<Listening>) =
        hooks.into_iter().partition(|h| h.season_id.is_none());
    let moves_seasons =
        (reshapes || events.contains(&"standings.changed")) && wanted(&seasons, SEASON_EVENT);
    let tells_own = events.iter().any(|e| wanted(&own, e));
    if !moves_seasons && !tells_own {
        return Ok(());
    }
    let tournament =
        db::tournaments::find(conn, change.tournament_id)?.ok_or(ApiError::NotFound)?;
    if moves_seasons {
        // A standings change moves a season as its organiser sees the evening; a change
        // of who sees it (published, his Turnierleitung) moves it whatever it is now.
        let seen = (!reshapes).then_some(&tournament);
        enqueue_seasons(conn, &seasons, change.action, Some(&tournament), seen)?;
    }
    if !tells_own {
        return Ok(());
    }
    let place = match change.table_id {
        Some(table_id) => Some(place(conn, table_id)?),
        None => None,
    };
    for event in events {
        let targets = wanting(&own, event);
        if targets.is_empty() {
            continue;
        }
        let body = json!({
            "tournament": {"id": tournament.id, "name": tournament.name},
            "data": data(event, change, place.as_ref(), &tournament),
        });
        store(conn, &targets, event, body)?;
    }
    Ok(())
}

/// Writes the outbox rows a change in organiser `organizer_id`'s own log causes: a
/// season's standings move when its rules or evenings change or one of its evenings is
/// deleted, and every season's of his when the register's people are merged or split.
pub fn enqueue_organizer(
    conn: &mut DbConn,
    organizer_id: i64,
    action: &str,
    subject_id: i64,
) -> Result<(), ApiError> {
    let seasons = match action {
        "season.update" | "season.tournament.add" | "season.tournament.remove" => {
            vec![subject_id]
        }
        "register.merge" | "register.split" => db::seasons::of_organizer(conn, organizer_id)?
            .iter()
            .map(|s| s.id)
            .collect(),
        // Recorded before the tournament goes, while its seasons still hold it.
        "tournament.delete" => db::seasons::holding(conn, subject_id)?,
        _ => return Ok(()),
    };
    let hooks = rows::listening_to_seasons(conn, &seasons)?;
    enqueue_seasons(conn, &hooks, action, None, None)
}

/// Whether `change`, which tells the tournament's own hooks nothing, reshapes the seasons
/// holding it: its publication (a season's public standings hold published evenings
/// only), its tie-breaks (its places), its date (the evenings' order), its game, or its
/// Turnierleitung (a season's organiser sees the unpublished evenings he runs).
fn reshapes_seasons(change: &Changed<'_>) -> bool {
    match change.action {
        "tournament.update" => ["published", "tie_breaks", "date", "game"]
            .iter()
            .any(|key| {
                change.before.and_then(|b| b.get(key)) != change.after.and_then(|a| a.get(key))
            }),
        "tournament.organizer.remove" | "tournament.organizer.add" => true,
        _ => false,
    }
}

/// Whether one of `hooks` wants `event`.
fn wanted(hooks: &[Listening], event: &str) -> bool {
    !wanting(hooks, event).is_empty()
}

/// The ids of `hooks` that want `event`.
fn wanting(hooks: &[Listening], event: &str) -> Vec<i64> {
    hooks
        .iter()
        .filter(|h| h.events.split(',').any(|e| e == event))
        .map(|h| h.id)
        .collect()
}

/// One `season.standings.changed` per season of `hooks`, caused by `cause` (at evening
/// `tournament`, when one changed). With `seen`, the evening moves a season only as its
/// organiser sees it: published, or one he still runs.
fn enqueue_seasons(
    conn: &mut DbConn,
    hooks: &[Listening],
    cause: &str,
    tournament: Option<&TournamentRow>,
    seen: Option<&TournamentRow>,
) -> Result<(), ApiError> {
    let mut by_season: BTreeMap<i64, Vec<Listening>> = BTreeMap::new();
    for hook in hooks {
        if let Some(season) = hook.season_id {
            by_season.entry(season).or_default().push(hook.clone());
        }
    }
    for (season_id, hooks) in by_season {
        let targets = wanting(&hooks, SEASON_EVENT);
        let Some(season) = db::seasons::find(conn, season_id)? else {
            continue;
        };
        if targets.is_empty() {
            continue;
        }
        if let Some(t) = seen
            && !access::season_evening_of(conn, season.organizer_id, t)?
        {
            continue;
        }
        let body = json!({
            "season": {"id": season.id, "name": season.name},
            "data": {
                "cause": cause,
                "tournament": tournament.map(|t| json!({"id": t.id, "name": t.name})),
                "standings": format!("/api/v1/seasons/{}/standings", season.id),
            },
        });
        store(conn, &targets, SEASON_EVENT, body)?;
    }
    Ok(())
}

/// Stores one delivery of `event` for each hook of `targets`: `body` with the event's id,
/// name and time put first.
fn store(conn: &mut DbConn, targets: &[i64], event: &str, body: Value) -> Result<(), ApiError> {
    let at = now();
    let event_id = format!("evt_{}", codes::new_secret()?.get(..32).unwrap_or_default());
    let mut full = json!({"id": event_id, "event": event, "created_at": rfc3339(at)});
    if let (Some(full), Value::Object(rest)) = (full.as_object_mut(), body) {
        full.extend(rest);
    }
    let payload = serde_json::to_string(&full).map_err(|e| ApiError::Internal(e.into()))?;
    for webhook_id in targets {
        rows::enqueue(
            conn,
            &rows::NewDelivery {
                webhook_id: *webhook_id,
                event,
                event_id: &event_id,
                payload: &payload,
                at,
            },
        )?;
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
