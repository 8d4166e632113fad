//! Live standings: a hall of watchers follows a tournament's standings while the tables
//! enter deals, and costs the server almost nothing.
//!
//! Every committed write raises the database's commit number ([`crate::db::Database::tx`],
//! the one way a request writes). The public standings of a tournament are computed once
//! per commit number and kept ([`crate::live_cache::LiveCache`]): every public reader between two writes gets the
//! same computed answer, and when one write wakes 500 watchers, the first computes and the
//! others wait for its result (one computation per tournament at a time). A snapshot's
//! `version` is the commit number after which the standings last changed, so it is the
//! answer's `ETag` and its event id, and stays put while writes elsewhere change nothing
//! here.
//!
//! The change feed ([`Feed`]) sends a tournament's standings as server-sent events: at
//! once, then after each burst of writes (waiting [`COALESCE`] for the burst to end) when
//! the standings actually changed, with a keep-alive comment every [`KEEP_ALIVE`], and
//! ends when the server shuts down ([`crate::live_cache::LiveCache::close`]).
//!
//! Only published tournaments are public, as for the JSON standings. The organiser's view
//! (full names) is ranked for him on every read, from the tables' lines kept since their
//! last change ([`super::table_lines`]).
//!
//! The cache and the commit number live in this process. Instances on one PostgreSQL
//! database hear of each other's commits through it ([`crate::db::listen`]): such a commit
//! counts here as one of ours, so the cache and the feeds follow it as well.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use actix_web::rt::time::{Instant, sleep, sleep_until};
use actix_web::web::Bytes;
use futures_util::Stream;
use tokio::sync::watch;

use super::standings;
use crate::auth::Caller;
use crate::db::Database;
use crate::error::ApiError;
pub use crate::live_cache::Snapshot;
use crate::state::AppState;
use crate::wire::standings::StandingsResponse;

/// How long the feed waits after a write for more writes before it looks at the
/// standings: a table entering a correction and a penalty sends one event, not three.
pub const COALESCE: Duration = Duration::from_millis(250);

/// How long a feed stays silent at most: a comment line then keeps proxies and the
/// browser from taking the connection for dead. A silent feed also looks at the
/// standings again then (at the cache's `max_age` if that is shorter): a change made
/// behind this process's back (a restore, another instance) commits nothing here.
pub const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The standings of tournament `id` as `caller` may read them, computed now; `number` is
/// the commit number read before, their version.
async fn computed(
    db: &Database,
    caller: Caller,
    id: i64,
    number: u64,
) -> Result<Snapshot, ApiError> {
    let standings = db
        .run(move |conn| standings::json(conn, id, &caller, None))
        .await?;
    let json = serde_json::to_vec(&standings).map_err(|e| ApiError::Internal(e.into()))?;
    Ok(Snapshot {
        version: number,
        standings: Arc::new(standings),
        json: Bytes::from(json),
    })
}

/// The standings of tournament `id` over all rounds as `caller` may read them, with their
/// version: the public's from the cache, anybody else's (the organiser sees full names)
/// computed for him.
pub async fn snapshot(state: &AppState, caller: Caller, id: i64) -> Result<Snapshot, ApiError> {
    snapshot_since(state, caller, id, None).await
}

/// [`snapshot`], for a caller who heard of version `at_least` and needs standings no older
/// (a watcher after an event): kept public standings computed at or after it serve,
/// however many commits followed ([`crate::live_cache::LiveCache::public`]).
pub async fn snapshot_since(
    state: &AppState,
    caller: Caller,
    id: i64,
    at_least: Option<u64>,
) -> Result<Snapshot, ApiError> {
    match caller {
        Caller::Public => {
            let db = &state.db;
            state
                .live
                .public(db, id, at_least, |number| {
                    computed(db, Caller::Public, id, number)
                })
                .await
        }
        other => {
            let number = state.db.commit_number();
            computed(&state.db, other, id, number).await
        }
    }
}

/// The standings of tournament `tournament_id` as `caller` may read them, with their
/// version (see [`snapshot_since`]); for pages.
pub async fn standings(
    state: &AppState,
    caller: Caller,
    tournament_id: i64,
    at_least: Option<u64>,
) -> Result<(u64, Arc<StandingsResponse>), ApiError> {
    let snapshot = snapshot_since(state, caller, tournament_id, at_least).await?;
    Ok((snapshot.version, snapshot.standings))
}

/// When a feed that sends nothing from now looks at the standings again and keeps its
/// connection alive.
fn quiet(state: &AppState) -> Instant {
    Instant::now() + KEEP_ALIVE.min(state.live.max_age())
}

/// What woke a waiting feed.
enum Woken {
    /// The server shuts down.
    Closing,
    /// A write was committed.
    Written,
    /// Nothing was sent for a while ([`quiet`]).
    Silent,
}

/// A tournament's standings as a stream of server-sent events for one watcher.
pub struct Feed {
    state: AppState,
    caller: Caller,
    id: i64,
    changes: watch::Receiver<u64>,
    closing: watch::Receiver<bool>,
    /// The first event, sent at once.
    first: Option<Snapshot>,
    /// The JSON of the last event sent: an event goes out only when it changes.
    last: Option<Bytes>,
    /// When the feed has been silent long enough to look again and keep the connection
    /// alive ([`Feed::quiet`]).
    quiet_until: Instant,
    /// What each event carries.
    data: EventData,
    /// Counts the feed in the metrics while it lives.
    _open: crate::metrics::OpenStream,
    /// Its place within the caps on streams, freed when it ends.
    _slot: crate::stream_slots::Slot,
}

/// What an event of the stream carries besides its id (the version).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventData {
    /// The whole standings, as `GET …/standings` answers them.
    Standings,
    /// Only `{"version": …}`: for a page that fetches what it shows anyway. A hall of 500
    /// phones would otherwise be sent the standings 500 times per change and discard them.
    Version,
}

impl Feed {
    /// Opens the feed of tournament `id` for `caller` at `address`: refused as the
    /// standings would be (an unpublished tournament is not found by the public), or with
    /// 503 `too_many_streams` past the caps on streams, else with its first event.
    pub async fn open(
        state: &AppState,
        caller: Caller,
        address: std::net::IpAddr,
        id: i64,
        data: EventData,
    ) -> Result<Feed, ApiError> {
        let slot = state.streams.take(address).map_err(|_| {
            state.metrics.stream_refused();
            ApiError::TooManyStreams
        })?;
        // Subscribed before the first read: a write committed after it wakes the feed.
        let changes = state.db.commits();
        let heard = *changes.borrow();
        let first = snapshot_since(state, caller.clone(), id, Some(heard)).await?;
        Ok(Feed {
            state: state.clone(),
            caller,
            id,
            changes,
            closing: state.live.closing(),
            first: Some(first),
            last: None,
            quiet_until: quiet(state),
            data,
            _open: state.metrics.stream_opened(),
            _slot: slot,
        })
    }

    /// The events, ending when the server shuts down or the standings are no longer
    /// there for the caller (the tournament unpublished or deleted).
    pub fn events(self) -> impl Stream<Item = Result<Bytes, Infallible>> + use<> {
        futures_util::stream::unfold(self, |feed| feed.next())
    }

    /// `snapshot` as an event; the feed remembers it as sent.
    fn send(&mut self, snapshot: Snapshot) -> Bytes {
        self.quiet_until = quiet(&self.state);
        let event = Bytes::from(match self.data {
            EventData::Standings => crate::wire::standings::event(snapshot.version, &snapshot.json),
            EventData::Version => crate::wire::standings::version_event(snapshot.version),
        });
        self.last = Some(snapshot.json);
        event
    }

    /// The next chunk of the stream, or `None` to end it.
    async fn next(mut self) -> Option<(Result<Bytes, Infallible>, Feed)> {
        if let Some(first) = self.first.take() {
            let event = self.send(first);
            return Some((Ok(event), self));
        }
        loop {
            let woken = tokio::select! {
                biased;
                _ = self.closing.wait_for(|closing| *closing) => Woken::Closing,
                changed = self.changes.changed() => match changed {
                    Ok(()) => Woken::Written,
                    Err(_) => Woken::Closing,
                },
                () = sleep_until(self.quiet_until) => Woken::Silent,
            };
            // The commit the standings read next must hold: standings computed at it or
            // later serve every feed woken by the same burst. Asking for the latest commit
            // instead made each of 500 feeds compute them anew, one after the other,
            // while the tables kept committing (seconds behind on PostgreSQL).
            let (silent, heard) = match woken {
                Woken::Closing => return None,
                Woken::Silent => (true, None),
                Woken::Written => {
                    let closing = tokio::select! {
                        biased;
                        _ = self.closing.wait_for(|closing| *closing) => true,
                        () = sleep(COALESCE) => false,
                    };
                    if closing {
                        return None;
                    }
                    // Everything committed until now is in what is read next.
                    (false, Some(*self.changes.borrow_and_update()))
                }
            };
            match snapshot_since(&self.state, self.caller.clone(), self.id, heard).await {
                Ok(now) if self.last.as_ref() != Some(&now.json) => {
                    let event = self.send(now);
                    return Some((Ok(event), self));
                }
                Ok(_) => {}
                Err(ApiError::NotFound | ApiError::Unauthenticated | ApiError::Forbidden) => {
                    return None;
                }
                // The database did not answer this time; the next write or look tries again.
                Err(e) => tracing::warn!(tournament = self.id, error = %e, "live standings"),
            }
            if silent {
                self.quiet_until = quiet(&self.state);
                return Some((Ok(Bytes::from_static(b": keep-alive\n\n")), self));
            }
        }
    }
}
