//! The shared state of the live standings (`services::live` is what a request does with
//! it): the public standings of each tournament as computed at a commit number of the
//! database ([`Database::commits`]), one computation per tournament at a time, and the
//! signal that ends every feed when the server shuts down.
//!
//! It sits below the services so that the app state can hold it; how the standings are
//! computed is the caller's ([`LiveCache::public`] is given the computation).
//!
//! Per process: the commit number counts this instance's writes, and those of other
//! instances on the same PostgreSQL database as soon as they are heard of
//! ([`crate::db::listen`]). What changes the database without any instance (a
//! `pg_restore` while it runs, a repair by hand) is seen once the kept standings are older
//! than [`LiveCache::max_age`]: they are computed again then even without a commit here.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use actix_web::web::Bytes;
use tokio::sync::watch;

use crate::db::Database;
use crate::error::ApiError;
use crate::wire::seasons::SeasonStandingsResponse;
use crate::wire::standings::StandingsResponse;

/// A tournament's standings at one moment, as sent.
#[derive(Debug, Clone)]
pub struct Snapshot {
    /// The commit number after which these standings last changed: the `ETag` and the
    /// event id.
    pub version: u64,
    /// The standings.
    pub standings: Arc<StandingsResponse>,
    /// The standings as JSON, serialised once for every reader.
    pub json: Bytes,
}

/// The public standings of one tournament, as computed at a commit number.
#[derive(Debug)]
struct Cached {
    /// The commit number they were computed at: valid until the next commit.
    checked: u64,
    /// When they were computed: valid for [`LiveCache::max_age`] at most.
    at: Instant,
    /// What was computed.
    snapshot: Snapshot,
}

/// One tournament's cache entry; its lock lets one reader compute while the others wait.
type Slot = Arc<tokio::sync::Mutex<Option<Cached>>>;

/// A published season's standings, as computed at a commit number.
#[derive(Debug)]
struct KeptSeason {
    /// The commit number they were computed at: valid until the next commit.
    checked: u64,
    /// When they were computed: valid for [`LiveCache::max_age`] at most.
    at: Instant,
    standings: Arc<SeasonStandingsResponse>,
}

/// One season's cache entry, locked as a tournament's [`Slot`] is.
type SeasonSlot = Arc<tokio::sync::Mutex<Option<KeptSeason>>>;

/// The shared state of the live standings: the public standings of each tournament
/// somebody watches, and the signal that the server shuts down.
#[derive(Debug)]
pub struct LiveCache {
    tournaments: Mutex<HashMap<i64, Slot>>,
    /// The public standings of each published season somebody watches: a season's
    /// standings read every evening's, so a hall full of phones must not compute them
    /// once per phone.
    seasons: Mutex<HashMap<i64, SeasonSlot>>,
    closing: watch::Sender<bool>,
    /// How often public standings were computed: what the cache is there to keep low.
    computed: AtomicU64,
    /// How long kept standings are trusted without a commit here.
    max_age: Duration,
}

/// How long kept standings are trusted at most: what changed the database behind this
/// process's back shows within this (and a feed's next look, [`LiveCache::max_age`]).
/// One computation per watched tournament this often is a few milliseconds' work.
pub const MAX_AGE: Duration = Duration::from_secs(10);

impl Default for LiveCache {
    fn default() -> LiveCache {
        LiveCache::new()
    }
}

impl LiveCache {
    /// Nothing cached yet; kept standings trusted for [`MAX_AGE`].
    pub fn new() -> LiveCache {
        LiveCache::with_max_age(MAX_AGE)
    }

    /// Nothing cached yet; kept standings trusted for `max_age` (tests shorten it).
    pub fn with_max_age(max_age: Duration) -> LiveCache {
        LiveCache {
            tournaments: Mutex::new(HashMap::new()),
            seasons: Mutex::new(HashMap::new()),
            closing: watch::Sender::new(false),
            computed: AtomicU64::new(0),
            max_age,
        }
    }

    /// How long kept standings are trusted without a commit here; a feed looks again this
    /// often when nothing was committed.
    pub fn max_age(&self) -> Duration {
        self.max_age
    }

    /// How often the public standings of any tournament were computed since the start;
    /// every other public read was answered from the cache.
    pub fn computations(&self) -> u64 {
        self.computed.load(Ordering::Relaxed)
    }

    /// Ends every feed: the server is shutting down, and a feed never ends by itself, so
    /// a graceful shutdown would otherwise wait for its timeout.
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// Turns `true` when the server shuts down ([`LiveCache::close`]).
    pub fn closing(&self) -> watch::Receiver<bool> {
        self.closing.subscribe()
    }

    /// The cache entry of tournament `id`, made if there is none.
    fn slot(&self, id: i64) -> Slot {
        // A poisoned lock only means another reader panicked while it held the map; the
        // map itself is whole (every change to it is one insert or remove).
        let mut map = self
            .tournaments
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        map.entry(id).or_default().clone()
    }

    /// Drops the cache entry `slot` of tournament `id` (one that is not public): the map
    /// holds published tournaments only, whatever ids the public asks for.
    fn forget(&self, id: i64, slot: &Slot) {
        let mut map = self
            .tournaments
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if map.get(&id).is_some_and(|kept| Arc::ptr_eq(kept, slot)) {
            map.remove(&id);
        }
    }

    /// The public standings of tournament `id`: kept ones if nothing was committed to `db`
    /// since they were computed, or if they were computed at commit `at_least` or later
    /// (a watcher fetching what an event told it of), and they are younger than
    /// [`LiveCache::max_age`]; else computed once by `compute` (given the commit number read
    /// before it runs) for everybody who asks meanwhile. A tournament that is not public
    /// (`NotFound`) is not kept.
    ///
    /// `at_least` is what keeps a hall cheap while the tables enter flat out: the commit
    /// number moves on with every deal, and 500 watchers fetching after one event would
    /// otherwise each find it moved and compute again, one after the other.
    pub async fn public<F, Fut>(
        &self,
        db: &Database,
        id: i64,
        at_least: Option<u64>,
        compute: F,
    ) -> Result<Snapshot, ApiError>
    where
        F: FnOnce(u64) -> Fut,
        Fut: Future<Output = Result<Snapshot, ApiError>>,
    {
        let slot = self.slot(id);
        let mut cached = slot.lock().await;
        // Read under the lock, before computing: a write committed while computing raises
        // the number again, and the next reader computes once more.
        let number = db.commit_number();
        let started = Instant::now();
        let recent =
            |c: &&Cached| c.checked == number || at_least.is_some_and(|heard| c.checked >= heard);
        if let Some(kept) = cached
            .as_ref()
            .filter(recent)
            .filter(|c| started.duration_since(c.at) < self.max_age)
        {
            return Ok(kept.snapshot.clone());
        }
        self.computed.fetch_add(1, Ordering::Relaxed);
        let fresh = match compute(number).await {
            Ok(fresh) => fresh,
            Err(e) => {
                if matches!(e, ApiError::NotFound) {
                    *cached = None;
                    drop(cached);
                    self.forget(id, &slot);
                }
                return Err(e);
            }
        };
        // Unchanged standings keep their version: a client that has them gets a 304, and
        // a feed sends nothing. Changed ones without a commit here were changed elsewhere:
        // they get a number of their own, or a client holding the old version's tag would
        // be told "not modified".
        let (number, snapshot) = match cached.as_ref() {
            Some(kept) if kept.snapshot.json == fresh.json => (number, kept.snapshot.clone()),
            Some(kept) if kept.checked == number => {
                let elsewhere = db.changed_elsewhere();
                let snapshot = Snapshot {
                    version: elsewhere,
                    ..fresh
                };
                (elsewhere, snapshot)
            }
            _ => (number, fresh),
        };
        *cached = Some(Cached {
            checked: number,
            at: started,
            snapshot: snapshot.clone(),
        });
        Ok(snapshot)
    }

    /// The public standings of season `id`: kept ones while nothing was committed to `db`
    /// since they were computed and they are younger than [`LiveCache::max_age`]; else
    /// computed once by `compute` for everybody who asks meanwhile. A season that is not
    /// public (`NotFound`) is not kept.
    pub async fn public_season<F, Fut>(
        &self,
        db: &Database,
        id: i64,
        compute: F,
    ) -> Result<Arc<SeasonStandingsResponse>, ApiError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<SeasonStandingsResponse, ApiError>>,
    {
        let slot = {
            let mut map = self.seasons.lock().unwrap_or_else(PoisonError::into_inner);
            map.entry(id).or_default().clone()
        };
        let mut kept = slot.lock().await;
        // Read under the lock, before computing, as for a tournament.
        let number = db.commit_number();
        let started = Instant::now();
        if let Some(fresh) = kept
            .as_ref()
            .filter(|k| k.checked == number && started.duration_since(k.at) < self.max_age)
        {
            return Ok(fresh.standings.clone());
        }
        self.computed.fetch_add(1, Ordering::Relaxed);
        match compute().await {
            Ok(standings) => {
                let standings = Arc::new(standings);
                *kept = Some(KeptSeason {
                    checked: number,
                    at: started,
                    standings: standings.clone(),
                });
                Ok(standings)
            }
            Err(e) => {
                if matches!(e, ApiError::NotFound) {
                    *kept = None;
                    drop(kept);
                    let mut map = self.seasons.lock().unwrap_or_else(PoisonError::into_inner);
                    if map.get(&id).is_some_and(|held| Arc::ptr_eq(held, &slot)) {
                        map.remove(&id);
                    }
                }
                Err(e)
            }
        }
    }
}
