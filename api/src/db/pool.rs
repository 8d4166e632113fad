//! The connection pool's side of a connection: opening one on the backend the URL selects,
//! SQLite's per-connection settings, and when a pooled connection is checked before it is
//! handed out or discarded when it comes back.

use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::{self, CustomizeConnection, ManageConnection};

use super::{Backend, DbConn};

/// Opens connections of the backend the URL selects.
#[derive(Debug, Clone)]
pub struct Manager {
    pub(super) url: String,
    pub(super) backend: Backend,
}

impl Manager {
    pub(super) fn establish(&self) -> ConnectionResult<DbConn> {
        match self.backend {
            Backend::Postgres => diesel::PgConnection::establish(&self.url).map(DbConn::Pg),
            Backend::Sqlite => diesel::SqliteConnection::establish(&self.url).map(DbConn::Sqlite),
        }
    }
}

/// How long a connection given back sound is handed out again without asking the server
/// first. Under load connections come back within milliseconds, and the check was a round
/// trip of its own on every request (two of the 15 of a deal's entry on PostgreSQL); a
/// connection idle for longer is checked, so one the server dropped meanwhile (a restart,
/// an idle timeout) is replaced before anybody uses it. A server that went away and came
/// back within this time costs the first request on each such connection a 503 (the
/// phone sends its deal again), and the connection is discarded.
const SOUND_FOR: Duration = Duration::from_secs(1);

/// A connection in the pool, with what the pool knows of its health. Every user sees the
/// [`DbConn`] inside.
pub struct Pooled {
    conn: DbConn,
    /// When it was last found sound: opened, checked, or given back after work that did not
    /// fail on the database.
    sound_at: Instant,
    /// The work it was lent for failed in a way that may be the connection's: it is checked
    /// before it goes back to the pool.
    pub(super) suspect: bool,
}

impl std::ops::Deref for Pooled {
    type Target = DbConn;
    fn deref(&self) -> &DbConn {
        &self.conn
    }
}

impl std::ops::DerefMut for Pooled {
    fn deref_mut(&mut self) -> &mut DbConn {
        &mut self.conn
    }
}

impl ManageConnection for Manager {
    type Connection = Pooled;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<Pooled, r2d2::Error> {
        let conn = self.establish().map_err(r2d2::Error::ConnectionError)?;
        Ok(Pooled {
            conn,
            sound_at: Instant::now(),
            suspect: false,
        })
    }

    /// Checks a connection before it is handed out, unless it was found sound a moment
    /// ago (`SOUND_FOR`).
    fn is_valid(&self, conn: &mut Pooled) -> Result<(), r2d2::Error> {
        if conn.sound_at.elapsed() < SOUND_FOR {
            return Ok(());
        }
        conn.conn
            .batch_execute("SELECT 1")
            .map_err(r2d2::Error::QueryError)?;
        conn.sound_at = Instant::now();
        Ok(())
    }

    /// A connection is never reused when a panic unwinds through its holder or when its
    /// transaction did not finish (still open, or diesel's transaction manager in an error
    /// state): handing it out again would run the next request inside a transaction that is
    /// never committed, and acknowledged writes would be lost. Nor when the work it was
    /// lent for failed on the database and the connection no longer answers.
    fn has_broken(&self, conn: &mut Pooled) -> bool {
        if std::thread::panicking() || diesel::r2d2::R2D2Connection::is_broken(&mut conn.conn) {
            return true;
        }
        if std::mem::take(&mut conn.suspect) && conn.conn.batch_execute("SELECT 1").is_err() {
            return true;
        }
        conn.sound_at = Instant::now();
        false
    }
}

/// Per-connection settings. SQLite keeps them per connection, and leaves foreign keys off
/// unless told: WAL lets readers run beside the writer, `synchronous = FULL` makes an
/// acknowledged deal survive a power cut (a few deals a second need no more speed), and
/// the busy timeout makes concurrent writers wait instead of failing.
#[derive(Debug, Clone, Copy)]
pub(super) struct Pragmas;

const SQLITE_PRAGMAS: &str = "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; \
     PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;";

impl Pragmas {
    /// Sets them on `conn` (nothing to set on PostgreSQL).
    pub(super) fn set(conn: &mut DbConn) -> Result<(), r2d2::Error> {
        match conn {
            DbConn::Sqlite(c) => c
                .batch_execute(SQLITE_PRAGMAS)
                .map_err(r2d2::Error::QueryError),
            DbConn::Pg(_) => Ok(()),
        }
    }
}

impl CustomizeConnection<Pooled, r2d2::Error> for Pragmas {
    fn on_acquire(&self, conn: &mut Pooled) -> Result<(), r2d2::Error> {
        Pragmas::set(&mut conn.conn)
    }
}
