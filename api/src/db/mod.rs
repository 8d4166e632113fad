//! Storage: one diesel codebase for SQLite (the default, a file) and PostgreSQL.
//!
//! The backend is chosen by the URL's scheme, never by trying one after the other: diesel's
//! `MultiConnection::establish` would hide a Postgres error behind "invalid connection url"
//! and SQLite accepts any string as a file name, so a mistyped URL would silently create an
//! empty database. Known limits of the generic connection (each seen on our machines, see
//! `shared/stack.md`): no `ON CONFLICT`, no batch insert, no `ilike`, only portable SQL
//! types (`BigInt`, `Integer`, `Text`, `Bool`, `Timestamp` as UTC `NaiveDateTime`,
//! `Double`, `Binary`); Postgres aborts a transaction after any error, so an expected
//! unique violation needs its own savepoint (`conn.transaction` nested).
//!
//! Handlers never touch a connection directly: [`Database::run`] and [`Database::tx`] get
//! one inside `web::block`, because both the pool and the drivers block.

pub mod audit;
pub mod backup;
pub mod captain_codes;
pub mod deals;
pub mod family_deals;
pub mod game;
mod group_commit;
pub mod idempotency;
pub mod invitations;
pub mod join_codes;
pub mod listen;
pub mod locks;
pub mod memo;
pub mod migrate;
pub mod models;
pub mod organizers;
pub mod penalties;
pub mod plans;
pub mod players;
mod pool;
pub mod rate_limits;
pub mod register;
pub mod results;
pub mod rounds;
pub mod schema;
pub mod seasons;
pub mod sessions;
pub mod signatures;
pub mod signing_keys;
pub mod storage_probe;
pub mod tables;
pub mod tournaments;
pub mod webhooks;

use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::Duration;

use anyhow::{Context, bail};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::{Pool, PooledConnection};

use pool::Pragmas;
pub use pool::{Manager, Pooled};

use crate::error::ApiError;

/// A connection to either backend.
#[derive(diesel::MultiConnection)]
pub enum DbConn {
    /// PostgreSQL (`postgres://`, `postgresql://`).
    Pg(diesel::PgConnection),
    /// SQLite (`sqlite://`, `file:`).
    Sqlite(diesel::SqliteConnection),
}

/// Which backend a URL selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// PostgreSQL.
    Postgres,
    /// SQLite.
    Sqlite,
}

impl Backend {
    /// The backend's name for logs and health answers.
    pub const fn as_str(self) -> &'static str {
        match self {
            Backend::Postgres => "postgres",
            Backend::Sqlite => "sqlite",
        }
    }

    /// The backend a database URL asks for. A bare path is taken as SQLite only when the
    /// file exists, so that a typo never creates a new database.
    pub fn from_url(url: &str) -> anyhow::Result<Backend> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else if url.starts_with("sqlite://")
            || url.starts_with("file:")
            || std::path::Path::new(url).is_file()
        {
            Ok(Backend::Sqlite)
        } else {
            bail!(
                "DATABASE_URL must start with sqlite:// or postgres:// (or name an existing SQLite file), got {:?}",
                redacted(url)
            )
        }
    }
}

/// `url` as an error or a log line may show it: a password, in the user part or as a
/// `password=` parameter, replaced by `***`. A value that does not read as a URL is not
/// shown at all, since where its password would be cannot be told.
pub fn redacted(url: &str) -> String {
    const HIDDEN: &str = "***";
    let hidden = || {
        if url.contains(['@', ':', '=']) {
            "(not a URL; not shown, it may hold a password)".to_owned()
        } else {
            url.to_owned()
        }
    };
    let Ok(mut parsed) = url::Url::parse(url) else {
        return hidden();
    };
    // `user:password@host` without a scheme reads as the scheme `user` and a path.
    if !parsed.has_host() {
        return hidden();
    }
    if parsed.password().is_some() && parsed.set_password(Some(HIDDEN)).is_err() {
        return "(a URL with a password; not shown)".to_owned();
    }
    let secret = |key: &str| {
        let key = key.to_ascii_lowercase();
        key.contains("password") || key.contains("secret")
    };
    if parsed.query_pairs().any(|(k, _)| secret(&k)) {
        let pairs: Vec<(String, String)> = parsed
            .query_pairs()
            .map(|(k, v)| {
                let v = if secret(&k) {
                    HIDDEN.to_owned()
                } else {
                    v.into_owned()
                };
                (k.into_owned(), v)
            })
            .collect();
        parsed.query_pairs_mut().clear().extend_pairs(pairs);
    }
    parsed.to_string()
}

/// The file a SQLite URL names, without URI parameters.
fn sqlite_path(url: &str) -> Option<PathBuf> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("file:"))
        .unwrap_or(url);
    let path = rest.split('?').next().unwrap_or(rest);
    (!path.is_empty() && path != ":memory:").then(|| PathBuf::from(path))
}

/// The connection pool, shared by every request.
#[derive(Clone)]
pub struct Database {
    pool: Pool<Manager>,
    backend: Backend,
    /// SQLite's writer ([`group_commit`]): SQLite has one writer at a time, and a
    /// transaction that reads and then writes can fail with `SQLITE_BUSY` without waiting
    /// when another writer got in between. SQLite serves a single instance, so one thread
    /// runs every write transaction, in groups that share a commit. `None` on PostgreSQL,
    /// which runs and commits concurrent transactions itself.
    writer: Option<std::sync::mpsc::Sender<group_commit::Job>>,
    /// The clock every unit of work runs at (see [`crate::clock`]).
    clock: crate::clock::Clock,
    /// Raised after every committed write transaction ([`Database::tx`], the one way any
    /// request writes): what was derived from the stored rows before may be stale now.
    /// Readers cache by it and wait on it ([`Database::commits`]).
    commits: tokio::sync::watch::Sender<u64>,
    /// A write was refused because the disk is full, and none went through since: the
    /// service is not ready ([`Database::ping`]) until one does.
    storage_full: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// This process among the instances on one PostgreSQL database: its commits are
    /// announced under this id ([`listen`]).
    instance: std::sync::Arc<str>,
    /// A counted commit on PostgreSQL that the listening connection has not announced yet
    /// ([`listen`]).
    unannounced: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// The URL it was opened with, for the connection that listens to other instances.
    url: std::sync::Arc<str>,
    /// Dropped with the last handle: the listening thread then ends.
    alive: std::sync::Arc<()>,
    /// What readers and writes derived from tables' rows, kept while the tables are
    /// unchanged ([`memo`]).
    memo: std::sync::Arc<memo::Memos>,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database")
            .field("backend", &self.backend)
            .finish()
    }
}

impl Database {
    /// Opens the database `url` names, brings its schema up to date and builds the pool.
    pub fn open(url: &str, pool_size: u32) -> anyhow::Result<Database> {
        let backend = Backend::from_url(url)?;
        if backend == Backend::Sqlite
            && let Some(parent) = sqlite_path(url).and_then(|p| p.parent().map(PathBuf::from))
            && !parent.as_os_str().is_empty()
        {
            std::fs::create_dir_all(&parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        let manager = Manager {
            url: url.to_owned(),
            backend,
        };
        let mut conn = manager
            .establish()
            .with_context(|| format!("cannot open the {} database", backend.as_str()))?;
        Pragmas::set(&mut conn).context("cannot set up the SQLite connection")?;
        migrate::run_pending(&mut conn)?;
        drop(conn);
        let pool = Pool::builder()
            .max_size(pool_size)
            // Opened as the load asks, not all at start: an idle service keeps one
            // connection (and its page cache) instead of the whole pool, which kept idle
            // memory above the 30 MB target and slowed start-up.
            .min_idle(Some(1))
            .connection_timeout(Duration::from_secs(5))
            .connection_customizer(Box::new(Pragmas))
            .build(manager)
            .context("cannot build the connection pool")?;
        let clock = crate::clock::Clock::default();
        let memo = std::sync::Arc::new(memo::Memos::default());
        let writer = match backend {
            Backend::Sqlite => Some(
                group_commit::start(pool.clone(), clock.clone())
                    .context("cannot start the SQLite writer")?,
            ),
            Backend::Postgres => None,
        };
        Ok(Database {
            pool,
            backend,
            writer,
            clock,
            commits: tokio::sync::watch::Sender::new(first_commit_number()),
            storage_full: std::sync::Arc::default(),
            instance: instance_id()?.into(),
            unannounced: std::sync::Arc::default(),
            url: url.into(),
            alive: std::sync::Arc::default(),
            memo,
        })
    }

    /// Follows the commits of other instances on the same PostgreSQL database, and sets the
    /// clock to the database server's ([`listen`]; measured once before this returns), on
    /// a thread of its own that ends when the last handle is dropped. Nothing to follow on SQLite (one instance).
    pub fn follow_other_instances(&self) -> anyhow::Result<()> {
        if self.backend != Backend::Postgres {
            return Ok(());
        }
        let listener = listen::Listener {
            url: self.url.to_string(),
            instance: self.instance.to_string(),
            unannounced: self.unannounced.clone(),
            commits: self.commits.clone(),
            clock: self.clock.clone(),
            alive: std::sync::Arc::downgrade(&self.alive),
        };
        let first = listen::start(&listener);
        std::thread::Builder::new()
            .name("karlchen-listen".into())
            .spawn(move || listen::follow(&listener, first))
            .context("cannot start listening for other instances' commits")?;
        Ok(())
    }

    /// The backend in use.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The tables' lines the standings derived and keep ([`memo`]).
    pub fn memo(&self) -> &memo::TableMemo {
        &self.memo.lines
    }

    /// The sheets' rows kept by the writes for the next write to the same table
    /// ([`memo::Memos::sheets`]).
    pub fn kept_sheets(&self) -> &memo::TableMemo {
        &self.memo.sheets
    }

    /// This handle with memos of its own whose values are trusted for `max_age` (tests
    /// shorten it, as they shorten the live standings').
    #[must_use]
    pub fn with_memo_max_age(mut self, max_age: Duration) -> Database {
        self.memo = std::sync::Arc::new(memo::Memos::with_max_age(max_age));
        self
    }

    /// The clock the work on this database runs at; tests move it forward.
    pub fn clock(&self) -> &crate::clock::Clock {
        &self.clock
    }

    /// The number of the latest committed write, and a change whenever another commits.
    /// Numbers are counted in this process; another instance's commit on the same
    /// PostgreSQL database counts once it is heard of ([`Database::follow_other_instances`]).
    pub fn commits(&self) -> tokio::sync::watch::Receiver<u64> {
        self.commits.subscribe()
    }

    /// The number of the latest committed write (see [`Database::commits`]).
    pub fn commit_number(&self) -> u64 {
        *self.commits.borrow()
    }

    /// Counts a change made outside this process (a restore, another instance) as a
    /// commit, once a reader noticed it: versions handed out stay unique to what they name,
    /// and every feed looks again. The new number.
    pub fn changed_elsewhere(&self) -> u64 {
        self.commits.send_modify(|n| *n = n.wrapping_add(1));
        self.commit_number()
    }

    /// How many connections the pool has open, idle, and at most (for the metrics).
    pub fn pool_use(&self) -> crate::metrics::PoolUse {
        let state = self.pool.state();
        crate::metrics::PoolUse {
            connections: state.connections,
            idle: state.idle_connections,
            max: self.pool.max_size(),
        }
    }

    /// A connection for code outside a request (the command line, tests). Checked when it
    /// goes back: nobody tells the pool whether its work failed.
    pub fn connection(&self) -> anyhow::Result<PooledConnection<Manager>> {
        let mut conn = self.pool.get().context("no database connection")?;
        conn.suspect = true;
        Ok(conn)
    }

    fn get(&self) -> Result<PooledConnection<Manager>, ApiError> {
        self.pool.get().map_err(|e| {
            ApiError::Unavailable(anyhow::Error::new(e).context("no database connection"))
        })
    }

    /// Runs `f` with a connection, off the async executor, at one instant of the clock
    /// (see [`crate::clock`]) and with this database's [`memo`].
    pub async fn run<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        F: FnOnce(&mut DbConn) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let db = self.clone();
        actix_web::web::block(move || {
            memo::with(&db.memo, || {
                db.clock.at_now(|| {
                    let mut conn = db.get()?;
                    // A panic (a bug) must not take the worker or the connection down with it:
                    // it becomes a 500, and the pool discards the connection on return because
                    // its transaction is still open (see `Manager::has_broken`).
                    let done =
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(&mut conn)))
                            .unwrap_or_else(|payload| Err(ApiError::panicked(payload.as_ref())));
                    // A failure that may be the connection's: checked before it goes back.
                    conn.suspect =
                        matches!(done, Err(ApiError::Unavailable(_) | ApiError::Internal(_)));
                    done
                })
            })
        })
        .await?
    }

    /// Runs `f` in one transaction: everything it writes is stored, or nothing. A commit
    /// raises the commit number ([`Database::commits`]).
    pub async fn tx<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        F: FnOnce(&mut DbConn) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        self.write(f, true).await
    }

    /// Runs `f` in one transaction as [`Database::tx`] does (the SQLite writer's turn
    /// included), but raises no commit number: for bookkeeping that nothing derived from
    /// the tournaments' rows depends on (the webhook worker's attempts), so the live
    /// standings are not recomputed for it.
    pub async fn tx_uncounted<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        F: FnOnce(&mut DbConn) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        self.write(f, false).await
    }

    async fn write<T, F>(&self, f: F, counted: bool) -> Result<T, ApiError>
    where
        F: FnOnce(&mut DbConn) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let written = match &self.writer {
            Some(queue) => {
                let stopped =
                    || ApiError::Unavailable(anyhow::anyhow!("the SQLite writer stopped"));
                let (job, answer) = group_commit::Job::new(f, self.memo.clone());
                queue.send(job).map_err(|_| stopped())?;
                answer
                    .await
                    .map_err(|_| stopped())
                    .and_then(group_commit::typed::<T>)
            }
            None => {
                let written = self
                    .run(move |conn| {
                        let written = conn.transaction(f);
                        // Taken on the thread that ran the write; carried out only once it
                        // committed.
                        let done = memo::take_committed();
                        written.map(|t| (t, done))
                    })
                    .await
                    .map(|(t, done)| {
                        memo::committed(done);
                        t
                    });
                // Other instances on the database hear of it from the listening connection
                // (one announcement for a burst, outside the transaction).
                if written.is_ok() && counted {
                    self.unannounced.store(true, Ordering::Relaxed);
                }
                written
            }
        };
        // Only after the commit: a reader woken by the number must see the rows.
        if written.is_ok() && counted {
            self.commits.send_modify(|n| *n = n.wrapping_add(1));
        }
        match &written {
            Err(ApiError::StorageFull(e)) => {
                if !self.storage_full.swap(true, Ordering::Relaxed) {
                    tracing::error!(error = %e, "the disk is full: writes are refused until there is space");
                }
            }
            Ok(_) => {
                if self.storage_full.swap(false, Ordering::Relaxed) {
                    tracing::warn!("the disk takes writes again");
                }
            }
            Err(_) => {}
        }
        written
    }

    /// Checks that the database answers and holds our schema (a reachable server whose
    /// tables are gone is not ready either), and, after a write was refused for a full
    /// disk, that a write goes through again (`storage_full` until it does).
    pub async fn ping(&self) -> Result<(), ApiError> {
        self.run(|conn| {
            conn.batch_execute("SELECT count(*) FROM tournaments")
                .map_err(|e| ApiError::Unavailable(e.into()))
        })
        .await?;
        if self.storage_full.load(Ordering::Relaxed) {
            let at = self.clock.now();
            let mut padding = vec![0; storage_probe::PROBE_BYTES];
            getrandom::fill(&mut padding)
                .map_err(|e| ApiError::Internal(anyhow::anyhow!("{e}")))?;
            self.write(
                move |conn| Ok(storage_probe::touch(conn, at, &padding)?),
                false,
            )
            .await?;
        }
        Ok(())
    }
}

/// Whether `conn` is inside a transaction (or its state cannot be told): what it reads may
/// be its own writes, which may yet roll back.
pub fn in_transaction(conn: &mut DbConn) -> bool {
    use diesel::connection::TransactionManager;
    <DbConn as Connection>::TransactionManager::transaction_manager_status_mut(conn)
        .transaction_depth()
        .map_or(true, |depth| depth.is_some())
}

/// A random id for this process among the instances on one database (hexadecimal).
fn instance_id() -> anyhow::Result<String> {
    let mut bytes = [0_u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("no random id: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The first commit number of this process: the time it opened the database, in
/// milliseconds. Numbers are handed out as tags (`ETag`, event ids), and a client that kept
/// one across a restart must not find it naming something else.
fn first_commit_number() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()
        .and_then(|d| u64::try_from(d.as_millis()).ok())
        .unwrap_or_default()
}

/// `result` with a foreign key's refusal told apart as `None`: a delete that some row still
/// refers to (one added by a request that committed while this one ran, on PostgreSQL).
/// On PostgreSQL the transaction is then aborted; the caller only reports and rolls back.
pub fn unless_referenced<T>(result: QueryResult<T>) -> QueryResult<Option<T>> {
    unless_refused(result, |kind| {
        matches!(kind, diesel::result::DatabaseErrorKind::ForeignKeyViolation)
    })
}

/// `result` with a unique key's refusal told apart as `None`: the row exists already (added
/// by a request that committed while this one ran). On PostgreSQL the refusal aborts the
/// transaction, so the statement needs a savepoint of its own (`conn.transaction`).
pub fn unless_duplicate<T>(result: QueryResult<T>) -> QueryResult<Option<T>> {
    unless_refused(result, |kind| {
        matches!(kind, diesel::result::DatabaseErrorKind::UniqueViolation)
    })
}

/// `result` with the database's refusal of the kind `refused` picks told apart as `None`.
fn unless_refused<T>(
    result: QueryResult<T>,
    refused: impl Fn(&diesel::result::DatabaseErrorKind) -> bool,
) -> QueryResult<Option<T>> {
    match result {
        Err(diesel::result::Error::DatabaseError(kind, _)) if refused(&kind) => Ok(None),
        other => other.map(Some),
    }
}

/// Whether `e` says the database's disk is full: SQLite's `SQLITE_FULL` ("database or
/// disk is full"), PostgreSQL's `disk_full` (53100, "could not extend file …: No space left
/// on device") or a WAL or temporary file that could not grow, also when it broke the
/// commit. Neither backend's error carries its code through diesel, so the messages are
/// what tells.
fn storage_full(e: &diesel::result::Error) -> bool {
    use diesel::result::Error as E;
    match e {
        E::DatabaseError(_, info) => {
            let message = info.message();
            [
                "database or disk is full",
                "No space left on device",
                "could not extend file",
            ]
            .iter()
            .any(|m| message.contains(m))
        }
        E::RollbackErrorOnCommit { commit_error, .. } => storage_full(commit_error),
        _ => false,
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(e: diesel::result::Error) -> ApiError {
        use diesel::result::Error as E;
        match e {
            E::NotFound => ApiError::NotFound,
            // Two requests raced for the same row (a deal number, an idempotency key); the
            // loser's transaction rolled back, so a retry sees the winner's data.
            E::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _) => {
                ApiError::conflict(
                    "concurrent_change",
                    "another request changed the same data at the same moment; reload and retry",
                )
            }
            E::DatabaseError(diesel::result::DatabaseErrorKind::ClosedConnection, _) => {
                ApiError::Unavailable(e.into())
            }
            other if storage_full(&other) => ApiError::StorageFull(other.into()),
            other => ApiError::Internal(other.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::redacted;

    #[test]
    fn a_url_is_shown_without_its_password() {
        for (url, shown) in [
            (
                "postgress://karl:s3cret@db.local/doko",
                "postgress://karl:***@db.local/doko",
            ),
            (
                "postgres://karl:s3cret@db.local:5432/doko?sslmode=require",
                "postgres://karl:***@db.local:5432/doko?sslmode=require",
            ),
            (
                "postgres://db.local/doko?user=karl&password=s3cret",
                "postgres://db.local/doko?user=karl&password=***",
            ),
            ("sqlite://data/karlchen.db", "sqlite://data/karlchen.db"),
            ("karlchen.db", "karlchen.db"),
        ] {
            assert_eq!(redacted(url), shown);
        }
        // Not a URL: where a password would be cannot be told, so none of it is shown.
        let shown = redacted("karl:s3cret@db.local/doko");
        assert!(!shown.contains("s3cret"), "{shown}");
    }
}
