//! Backing up and restoring a SQLite database through SQLite's online backup API (`karlchen
//! backup FILE`, `karlchen restore FILE`); PostgreSQL has `pg_dump` for that.
//!
//! A file copy of a live WAL database can tear (the `-wal` holds committed pages the main
//! file lacks). The backup API copies pages through a connection instead. Two choices make
//! the copy a state the server really had, without blocking it:
//! - the source is read inside one read transaction held for the whole copy: in WAL mode it
//!   is a snapshot that writers do not disturb (they append to the WAL), so the backup never
//!   restarts however busy the server is, and it never holds the server's writers up;
//! - the copy is written to a private temporary file beside its target, checked
//!   (`PRAGMA integrity_check`), synced and then renamed, so a reader of `FILE` never sees
//!   half of it.
//!
//! A restore goes the other way through the same API, holding SQLite's exclusive lock on
//! the live database for the whole time: a running service holds a shared lock on it (WAL
//! mode keeps one per open connection), so the lock is refused while one runs, and no
//! service can open the database half restored.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags, OptionalExtension};

/// Pages copied per step (4 MiB at SQLite's default page size), and the pause between
/// steps that leaves the disk to the service's own writes.
const PAGES_PER_STEP: i32 = 1024;
const PAUSE: Duration = Duration::from_millis(2);
/// How long a step may keep answering "busy" before the copy gives up.
const BUSY_LIMIT: Duration = Duration::from_secs(30);

/// What a database holds, as the commands report it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The database's size in bytes (its pages, wherever SQLite keeps them: the main file
    /// or, in WAL mode, partly its `-wal` until a checkpoint).
    pub bytes: u64,
    /// Tournaments in it.
    pub tournaments: i64,
    /// Deals in it.
    pub deals: i64,
    /// The newest time the service wrote into it (an audit entry, a deal, an idempotency
    /// key, …), UTC as stored; `None` for a database nothing was written to.
    pub last_change: Option<String>,
    /// The newest schema migration applied to it.
    pub schema: Option<String>,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} bytes, {} tournaments, {} deals, last change {} UTC, schema {}",
            self.bytes,
            self.tournaments,
            self.deals,
            self.last_change.as_deref().unwrap_or("never"),
            self.schema.as_deref().unwrap_or("none"),
        )
    }
}

/// The columns that record when the service wrote a row. Their newest value is a
/// database's last change: every write the service makes stores at least one of them (a
/// deletion is recorded in an audit table).
const WRITE_TIMES: [(&str, &str); 12] = [
    ("audit_log", "at"),
    ("organizer_audit", "at"),
    ("deals", "updated_at"),
    ("deals", "created_at"),
    ("penalties", "created_at"),
    ("idempotency_keys", "created_at"),
    ("signatures", "signed_at"),
    ("join_codes", "created_at"),
    ("players", "created_at"),
    ("rounds", "created_at"),
    ("tournaments", "created_at"),
    ("organizers", "created_at"),
];

/// The temporary files a backup and a restore write before they rename them into place:
/// a killed one leaves its file behind, which [`sweep`] removes.
const PARTIAL_PREFIXES: [&str; 2] = [".karlchen-backup-", ".karlchen-restore-"];
const PARTIAL_SUFFIX: &str = ".partial";

/// A private temporary file in `dir` for a copy, named with `prefix`, and locked for as
/// long as it is open, so that [`sweep`] never takes it from a backup that still runs.
fn partial_in(dir: &Path, prefix: &str) -> anyhow::Result<tempfile::NamedTempFile> {
    let partial = tempfile::Builder::new()
        .prefix(prefix)
        .suffix(PARTIAL_SUFFIX)
        .tempfile_in(dir)
        .with_context(|| format!("cannot write into {}", dir.display()))?;
    partial
        .as_file()
        .lock()
        .with_context(|| format!("cannot lock {}", partial.path().display()))?;
    Ok(partial)
}

/// Removes what a killed backup or restore left in `dir`: its temporary files that no
/// running one holds locked. Answers the files removed; a folder that cannot be read has
/// none.
pub fn sweep(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let ours =
            PARTIAL_PREFIXES.iter().any(|p| name.starts_with(p)) && name.ends_with(PARTIAL_SUFFIX);
        if !ours {
            continue;
        }
        let path = entry.path();
        // Locked: a backup or restore is writing it now.
        let stale = std::fs::File::open(&path).is_ok_and(|f| f.try_lock().is_ok());
        if stale && std::fs::remove_file(&path).is_ok() {
            removed.push(path);
        }
    }
    removed
}

/// Copies the SQLite database at `source` into `file` while the service may be running.
/// An existing `file` is replaced only with `force`.
///
/// # Errors
///
/// When `source` is no Karlchen database, `file` exists (without `force`), or reading,
/// writing or checking the copy fails; `file` is then left as it was.
pub fn backup(source: &Path, file: &Path, force: bool) -> anyhow::Result<Summary> {
    if !source.is_file() || std::fs::metadata(source)?.len() == 0 {
        bail!("there is no database at {}", source.display());
    }
    if file.exists() && !force {
        bail!(
            "{} exists; name a new file, or add --force to replace it",
            file.display()
        );
    }
    let src = Connection::open_with_flags(
        source,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .with_context(|| format!("cannot open {}", source.display()))?;
    // The snapshot: from here to COMMIT every read, the copy's included, sees one state.
    src.execute_batch("BEGIN DEFERRED")?;
    let before = summarise(&src, source)?;
    if before.schema.is_none() {
        bail!("{} is no Karlchen database", source.display());
    }

    let dir = parent_dir(file);
    // Created 0600 beside the target: the copy holds password hashes, and a rename within
    // one folder is atomic.
    let partial = partial_in(dir, PARTIAL_PREFIXES[0])?;
    let mut dst = Connection::open(partial.path())?;
    copy(&src, &mut dst)?;
    src.execute_batch("COMMIT")?;
    drop(src);
    // One self-contained file: the source's WAL mode came along with its first page.
    let _mode: String = dst.query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))?;
    check_integrity(&dst, file)?;
    let copied = summarise(&dst, partial.path())?;
    drop(dst);
    if (
        &copied.tournaments,
        &copied.deals,
        &copied.last_change,
        &copied.schema,
    ) != (
        &before.tournaments,
        &before.deals,
        &before.last_change,
        &before.schema,
    ) {
        bail!("the copy differs from the database it was taken from ({copied} against {before})");
    }
    partial.as_file().sync_all()?;
    if force {
        partial.persist(file)?;
    } else {
        // A file that appeared meanwhile is not replaced either.
        partial.persist_noclobber(file)?;
    }
    sync_dir(dir)?;
    Ok(copied)
}

/// What a restore did.
#[derive(Debug)]
pub struct Restored {
    /// What the restored database holds now.
    pub summary: Summary,
    /// Where the database that was replaced was kept, if there was one.
    pub previous: Option<PathBuf>,
}

/// Puts the backup `file` in place of the SQLite database at `target` (which exists,
/// possibly empty). Refuses while a service has `target` open, and refuses to replace a
/// database that changed after the backup's last change unless `force`. The database it
/// replaces is kept as `<target>.before-restore-<UTC time>`, never in place of one kept
/// before: a second restore must not lose what the first one kept.
///
/// # Errors
///
/// When `file` is no sound Karlchen backup, its schema is newer than this program knows,
/// the target is in use or newer (without `force`), or reading or writing fails.
pub fn restore(
    file: &Path,
    target: &Path,
    known_schema: &[String],
    force: bool,
) -> anyhow::Result<Restored> {
    if !file.is_file() {
        bail!("there is no backup at {}", file.display());
    }
    let backup = Connection::open_with_flags(
        file,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .with_context(|| format!("cannot open {}", file.display()))?;
    check_integrity(&backup, file)?;
    let incoming = summarise(&backup, file)?;
    if incoming.schema.is_none() {
        bail!("{} is no Karlchen database", file.display());
    }
    let unknown = applied_migrations(&backup)?
        .into_iter()
        .filter(|v| !known_schema.contains(v))
        .collect::<Vec<_>>();
    if !unknown.is_empty() {
        bail!(
            "{} was written by a newer Karlchen (schema {}); restore it with that version",
            file.display(),
            unknown.join(", ")
        );
    }

    let was_empty = std::fs::metadata(target).map_or(true, |m| m.len() == 0);
    let mut live =
        Connection::open(target).with_context(|| format!("cannot open {}", target.display()))?;
    lock_exclusively(&live, target)?;
    let current = summarise(&live, target)?;
    let newer = match (&current.last_change, &incoming.last_change) {
        (Some(now), Some(then)) => now > then,
        (Some(_), None) => true,
        (None, _) => false,
    };
    if newer && !force {
        bail!(
            "{} was changed at {} UTC, after the backup's last change at {} UTC: restoring \
             would lose those changes; add --force to restore anyway",
            target.display(),
            current.last_change.as_deref().unwrap_or("never"),
            incoming.last_change.as_deref().unwrap_or("never"),
        );
    }
    let previous = if was_empty {
        None
    } else {
        Some(keep_copy(&live, target)?)
    };
    copy(&backup, &mut live)?;
    check_integrity(&live, target)?;
    let summary = summarise(&live, target)?;
    // Closing releases the exclusive lock; SQLite synced the copy when it committed.
    live.close().map_err(|(_, e)| e)?;
    Ok(Restored { summary, previous })
}

/// Takes SQLite's exclusive lock on `target` and keeps it until the connection closes.
fn lock_exclusively(conn: &Connection, target: &Path) -> anyhow::Result<()> {
    conn.busy_timeout(Duration::ZERO)?;
    let _mode: String = conn.query_row("PRAGMA locking_mode = EXCLUSIVE", [], |r| r.get(0))?;
    match conn.execute_batch("BEGIN IMMEDIATE; COMMIT;") {
        Ok(()) => Ok(()),
        Err(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy) => bail!(
            "{} is in use: stop `karlchen serve` (and anything else that has it open) first",
            target.display()
        ),
        Err(e) => Err(e).with_context(|| format!("cannot lock {}", target.display())),
    }
}

/// Copies `target` (locked by `conn`) beside it as `<target>.before-restore-<UTC time>`
/// (`-2`, `-3`, … after it when one of that second exists), never replacing a file, and
/// answers where.
fn keep_copy(conn: &Connection, target: &Path) -> anyhow::Result<PathBuf> {
    let dir = parent_dir(target);
    let partial = partial_in(dir, PARTIAL_PREFIXES[1])?;
    let mut dst = Connection::open(partial.path())?;
    copy(conn, &mut dst)?;
    let _mode: String = dst.query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))?;
    drop(dst);
    partial.as_file().sync_all()?;
    let stamp = crate::clock::now().format("%Y%m%dT%H%M%SZ").to_string();
    let mut partial = partial;
    for n in 1..=1000 {
        let mut kept = target.as_os_str().to_owned();
        kept.push(format!(".before-restore-{stamp}"));
        if n > 1 {
            kept.push(format!("-{n}"));
        }
        let kept = PathBuf::from(kept);
        match partial.persist_noclobber(&kept) {
            Ok(_) => {
                sync_dir(dir)?;
                return Ok(kept);
            }
            Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => {
                partial = e.file;
            }
            Err(e) => {
                return Err(e.error).with_context(|| {
                    format!("cannot keep the previous database as {}", kept.display())
                });
            }
        }
    }
    bail!("cannot keep the previous database: every name for this second is taken")
}

/// Copies every page of `from` into `to`, a step at a time.
fn copy(from: &Connection, to: &mut Connection) -> anyhow::Result<()> {
    let backup = Backup::new(from, to)?;
    let mut busy_since: Option<Instant> = None;
    loop {
        match backup.step(PAGES_PER_STEP)? {
            StepResult::Done => return Ok(()),
            StepResult::More => busy_since = None,
            // Not expected (the source is read in its own snapshot, the target is ours),
            // but a lock held elsewhere is waited for, for a while.
            _ => {
                let since = *busy_since.get_or_insert_with(Instant::now);
                if since.elapsed() > BUSY_LIMIT {
                    bail!("the database stayed locked for {BUSY_LIMIT:?}");
                }
            }
        }
        std::thread::sleep(PAUSE);
    }
}

fn check_integrity(conn: &Connection, path: &Path) -> anyhow::Result<()> {
    let verdict: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
    if verdict != "ok" {
        bail!("{} is damaged: {verdict}", path.display());
    }
    Ok(())
}

/// The database's size, contents and last change, as `conn` sees it now.
fn summarise(conn: &Connection, path: &Path) -> anyhow::Result<Summary> {
    // The pages, not the file: in WAL mode the main file lags behind what was written.
    let pages: i64 = conn.query_row("PRAGMA page_count", [], |r| r.get(0))?;
    let page_size: i64 = conn.query_row("PRAGMA page_size", [], |r| r.get(0))?;
    let bytes = u64::try_from(pages.saturating_mul(page_size))
        .with_context(|| format!("{} reports {pages} pages", path.display()))?;
    let has = |table: &str| -> anyhow::Result<bool> {
        Ok(conn
            .query_row(
                "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1",
                [table],
                |_| Ok(()),
            )
            .optional()?
            .is_some())
    };
    let count = |table: &str| -> anyhow::Result<i64> {
        if !has(table)? {
            return Ok(0);
        }
        Ok(conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))?)
    };
    let mut last_change: Option<String> = None;
    for (table, column) in WRITE_TIMES {
        if !has(table)? {
            continue;
        }
        // Stored as `YYYY-MM-DD HH:MM:SS[.fraction]` text, which sorts as time does.
        let newest: Option<String> =
            conn.query_row(&format!("SELECT max({column}) FROM {table}"), [], |r| {
                r.get(0)
            })?;
        if newest > last_change {
            last_change = newest;
        }
    }
    let schema = applied_migrations(conn)?.into_iter().max();
    Ok(Summary {
        bytes,
        tournaments: count("tournaments")?,
        deals: count("deals")?,
        last_change,
        schema,
    })
}

/// The migration versions applied to the database (none before the first).
fn applied_migrations(conn: &Connection) -> anyhow::Result<Vec<String>> {
    let table = conn
        .query_row(
            "SELECT 1 FROM sqlite_schema WHERE type = 'table' \
             AND name = '__diesel_schema_migrations'",
            [],
            |_| Ok(()),
        )
        .optional()?;
    if table.is_none() {
        return Ok(Vec::new());
    }
    let mut stmt = conn.prepare("SELECT version FROM __diesel_schema_migrations")?;
    let versions = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(versions)
}

fn parent_dir(file: &Path) -> &Path {
    file.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Makes a rename in `dir` durable.
fn sync_dir(dir: &Path) -> anyhow::Result<()> {
    std::fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .with_context(|| format!("cannot sync {}", dir.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database with a schema version and one organiser, last changed at `at`.
    fn database(path: &Path, at: &str) {
        let conn = Connection::open(path).unwrap();
        conn.execute_batch(&format!(
            "CREATE TABLE __diesel_schema_migrations (version TEXT PRIMARY KEY);
             INSERT INTO __diesel_schema_migrations VALUES ('1');
             CREATE TABLE organizers (created_at TEXT);
             INSERT INTO organizers VALUES ('{at}');"
        ))
        .unwrap();
    }

    #[test]
    fn restores_within_one_second_keep_each_replaced_database() {
        let dir = tempfile::tempdir().unwrap();
        let (backup, target) = (dir.path().join("backup.db"), dir.path().join("k.db"));
        database(&backup, "2026-11-27 07:00:00");
        database(&target, "2026-11-27 08:00:00");
        let clock = crate::clock::Clock::default();
        clock.set(
            chrono::NaiveDate::from_ymd_opt(2026, 11, 27)
                .and_then(|d| d.and_hms_opt(9, 15, 0))
                .unwrap(),
        );
        clock.stop();
        let known = ["1".to_owned()];
        let kept: Vec<PathBuf> = (0..3)
            .map(|_| {
                clock.at_now(|| {
                    restore(&backup, &target, &known, true)
                        .unwrap()
                        .previous
                        .unwrap()
                })
            })
            .collect();
        let names: Vec<String> = kept
            .iter()
            .map(|k| k.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names,
            [
                "k.db.before-restore-20261127T091500Z",
                "k.db.before-restore-20261127T091500Z-2",
                "k.db.before-restore-20261127T091500Z-3",
            ]
        );
        // The first kept the database that was there; the later ones the restored copy.
        let newest = |path: &Path| -> String {
            Connection::open(path)
                .unwrap()
                .query_row("SELECT max(created_at) FROM organizers", [], |r| r.get(0))
                .unwrap()
        };
        assert_eq!(newest(&kept[0]), "2026-11-27 08:00:00");
        assert_eq!(newest(&kept[2]), "2026-11-27 07:00:00");
        assert!(sweep(dir.path()).is_empty(), "no copy left behind");
    }
}
