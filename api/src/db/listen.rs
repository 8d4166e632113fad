//! Several instances on one PostgreSQL database: each learns of the others' commits through
//! PostgreSQL itself, and all read one clock, the database server's.
//!
//! After a counted write on PostgreSQL commits, the instance's listening connection sends
//! `NOTIFY karlchen_commits` with the instance's id ([`announce`]) at its next look, once
//! for all the commits since. Sent inside each write's transaction, the notification cost
//! every write a statement, and PostgreSQL serialises the commits of transactions that
//! notify (a global lock at commit). The price: a commit whose process dies in the 50 ms
//! before the announcement reaches the other instances only when their kept standings
//! expire (10 s). Each instance keeps that one connection listening on the channel
//! (`follow`, a thread started by [`super::Database::follow_other_instances`]);
//! a notification from another instance counts as a commit here
//! ([`super::Database::changed_elsewhere`]), which invalidates the kept public standings
//! and wakes every live feed, so they follow another instance's writes as they follow
//! their own.
//!
//! The listening connection is looked at every [`POLL`]. Every [`HEARTBEAT`] it also reads
//! the database server's clock: that finds a connection that died silently, and keeps
//! this instance's clock set to the server's ([`crate::clock::Clock::set_skew`]). A lost
//! connection (a database restart, a network cut, an administrator's
//! `pg_terminate_backend`) is opened again every [`RECONNECT`] until it comes back;
//! what was committed meanwhile was not announced here, so coming back counts as a
//! commit.

use std::sync::Weak;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use chrono::TimeDelta;
use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection, QueryableByName, RunQueryDsl};

/// The channel every instance announces its commits on.
pub const CHANNEL: &str = "karlchen_commits";

/// How often the listening connection is asked for notifications: what a write on another
/// instance waits at most, on top of the delivery.
pub const POLL: Duration = Duration::from_millis(50);

/// How often the listening connection reads the database's clock.
pub const HEARTBEAT: Duration = Duration::from_secs(5);

/// How long to wait before opening a lost listening connection again.
pub const RECONNECT: Duration = Duration::from_secs(1);

/// The name the listening connection gives itself in `pg_stat_activity`.
pub const APPLICATION_NAME: &str = "karlchen-listen";

/// A skew to the database's clock smaller than this is noise of the measurement (the
/// round trip), and left alone.
const SKEW_NOISE: TimeDelta = TimeDelta::milliseconds(20);

/// A skew this large is worth a warning: the machine's clock is wrong.
const SKEW_WARNING: TimeDelta = TimeDelta::seconds(2);

/// Announces instance `instance`'s commits to every listening instance. The instance's id
/// is hexadecimal digits, safe inside the literal.
pub fn announce(conn: &mut PgConnection, instance: &str) -> diesel::QueryResult<()> {
    conn.batch_execute(&format!("NOTIFY {CHANNEL}, '{instance}'"))
}

/// What the listening thread acts on.
pub(super) struct Listener {
    /// The database's URL.
    pub(super) url: String,
    /// This instance's id: its own announcements are not news.
    pub(super) instance: String,
    /// Counts another instance's commit as one here.
    pub(super) commits: tokio::sync::watch::Sender<u64>,
    /// Set after a counted commit here: to be announced.
    pub(super) unannounced: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// Set to the database server's time.
    pub(super) clock: crate::clock::Clock,
    /// Gone when every handle of the database was dropped: the thread then ends.
    pub(super) alive: Weak<()>,
}

impl Listener {
    fn bump(&self) {
        self.commits.send_modify(|n| *n = n.wrapping_add(1));
    }

    fn wanted(&self) -> bool {
        self.alive.strong_count() > 0
    }
}

/// Opens the listening connection at start, so that the clock is the database's before
/// the first request; `None` (logged) if that fails, and [`follow`] keeps trying.
pub(super) fn start(listener: &Listener) -> Option<PgConnection> {
    open(listener)
        .inspect_err(|e| tracing::warn!(error = %e, "cannot listen for other instances' commits"))
        .ok()
}

/// Listens for other instances' commits on `conn` (or a connection of its own) until the
/// database is dropped, opening the connection again whenever it is lost.
pub(super) fn follow(listener: &Listener, mut conn: Option<PgConnection>) {
    let mut lost = conn.is_none();
    while listener.wanted() {
        match conn.take().map_or_else(|| open(listener), Ok) {
            Ok(mut opened) => {
                if lost {
                    tracing::warn!("listening for other instances' commits again");
                    // Whatever was committed while the connection was gone went unheard.
                    listener.bump();
                }
                match listen(listener, &mut opened) {
                    Ok(()) => return,
                    Err(e) => {
                        tracing::warn!(error = %e, "lost the connection listening for other instances' commits");
                        lost = true;
                    }
                }
            }
            Err(e) => {
                if !lost {
                    tracing::warn!(error = %e, "cannot listen for other instances' commits");
                    lost = true;
                }
            }
        }
        std::thread::sleep(RECONNECT);
    }
}

/// Opens the listening connection and subscribes it.
fn open(listener: &Listener) -> anyhow::Result<PgConnection> {
    let mut conn = PgConnection::establish(&listener.url)?;
    conn.batch_execute(&format!(
        "SET application_name = '{APPLICATION_NAME}'; LISTEN {CHANNEL}"
    ))?;
    measure_skew(listener, &mut conn)?;
    Ok(conn)
}

/// Hands on notifications until the database is dropped (`Ok`) or the connection is lost.
fn listen(listener: &Listener, conn: &mut PgConnection) -> diesel::QueryResult<()> {
    let mut heartbeat = Instant::now();
    while listener.wanted() {
        let mut elsewhere = false;
        for notification in conn.notifications_iter() {
            elsewhere |= notification?.payload != listener.instance;
        }
        if elsewhere {
            listener.bump();
        }
        if listener.unannounced.swap(false, Ordering::Relaxed)
            && let Err(e) = announce(conn, &listener.instance)
        {
            // Announced once the connection is back.
            listener.unannounced.store(true, Ordering::Relaxed);
            return Err(e);
        }
        if heartbeat.elapsed() >= HEARTBEAT {
            measure_skew(listener, conn)?;
            heartbeat = Instant::now();
        }
        std::thread::sleep(POLL);
    }
    Ok(())
}

#[derive(QueryableByName)]
struct ServerTime {
    /// The server's clock in microseconds since the epoch.
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    micros: i64,
}

/// Reads the database server's clock and sets this instance's to it.
fn measure_skew(listener: &Listener, conn: &mut PgConnection) -> diesel::QueryResult<()> {
    let before = chrono::Utc::now();
    let server: ServerTime = diesel::sql_query(
        "SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::int8 AS micros",
    )
    .get_result(conn)?;
    let after = chrono::Utc::now();
    let midway = before + (after - before) / 2;
    let skew = TimeDelta::microseconds(server.micros - midway.timestamp_micros());
    let skew = if skew.abs() < SKEW_NOISE {
        TimeDelta::zero()
    } else {
        skew
    };
    let kept = listener.clock.skew();
    if skew != kept {
        if (skew - kept).abs() >= SKEW_WARNING {
            tracing::warn!(
                skew_ms = skew.num_milliseconds(),
                "this machine's clock differs from the database server's; the service reads the server's"
            );
        }
        listener.clock.set_skew(skew);
    }
    Ok(())
}
