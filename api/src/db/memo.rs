//! What a reader derived from one table's rows, kept with the stamp it was derived at, so
//! that the next reader whose stamp is the same takes it instead of reading and deriving the
//! rows again: the standings of a tournament whose tables are mostly unchanged cost the
//! changed tables' work.
//!
//! The stamp is the reader's (what the derived value depends on: the table's row with its
//! count of writes, [`super::models::TableRow::sheet_writes`], its seats, ...), compared
//! whole. A kept value is trusted for [`MAX_AGE`] at most: a change made behind every
//! instance's back (a restore while the service runs) may leave a stamp as it was, and
//! shows within that time, as in the live standings. The sheet rows a write kept are
//! trusted for [`SHEETS_MAX_AGE`] only: a write builds on them, so a repair by hand of a
//! sheet's rows must raise the table's count of writes, or wait that long before the next
//! write (`README.md`).
//!
//! Each database handle has its own memos ([`super::Database`]): the tables' lines for the
//! standings, and the sheets' rows as the last write to each table left them
//! ([`Memos`]). The unit of work a handle runs ([`super::Database::run`], and each write
//! the SQLite writer runs for it) finds them through [`current`], as it finds its instant
//! on the clock, since the readers are handed a connection only.
//!
//! A write keeps what it derived only once it committed: it hands the keeping to
//! [`on_commit`], and the runner of its transaction carries that out after the commit, or
//! drops it when the transaction rolls back (a value kept from rows that were never stored
//! would be taken by the next write as the table's sheet).

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How long a kept value is trusted at most, unless the memo was made with another age
/// ([`TableMemo::with_max_age`]): as long as the live standings trust theirs
/// ([`crate::live_cache::MAX_AGE`]).
pub const MAX_AGE: Duration = Duration::from_secs(10);

/// How long the sheet rows a write kept ([`Memos::sheets`]) are trusted at most. A table
/// under load is written again within milliseconds; a table in a hall every few minutes,
/// which this does not help. Short, because a write that takes them builds on them.
pub const SHEETS_MAX_AGE: Duration = Duration::from_secs(2);

/// Past this many tables kept, the ones too old to be taken are let go.
const SWEEP_ABOVE: usize = 4096;

/// A kept value: its stamp, the value, when it was derived.
struct Kept {
    stamp: Box<dyn Any + Send + Sync>,
    value: Arc<dyn Any + Send + Sync>,
    at: Instant,
}

/// The values kept per table id.
pub struct TableMemo {
    tables: Mutex<HashMap<i64, Kept>>,
    /// Values asked for and found, and not found.
    taken: AtomicU64,
    missed: AtomicU64,
    /// How long a kept value is trusted.
    max_age: Duration,
}

impl Default for TableMemo {
    fn default() -> TableMemo {
        TableMemo::with_max_age(MAX_AGE)
    }
}

impl std::fmt::Debug for TableMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableMemo")
            .field("tables", &self.lock().len())
            .finish()
    }
}

impl TableMemo {
    /// Nothing kept yet; kept values trusted for `max_age` (tests shorten it).
    pub fn with_max_age(max_age: Duration) -> TableMemo {
        TableMemo {
            tables: Mutex::new(HashMap::new()),
            taken: AtomicU64::new(0),
            missed: AtomicU64::new(0),
            max_age,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Kept>> {
        // A poisoned lock only means a reader panicked while it held the map; every change
        // to it is one insert or remove.
        self.tables.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The value kept for table `table` at `stamp`, if it is younger than the memo's age.
    pub fn get<S, V>(&self, table: i64, stamp: &S) -> Option<Arc<V>>
    where
        S: PartialEq + Send + Sync + 'static,
        V: Send + Sync + 'static,
    {
        let tables = self.lock();
        let found = tables
            .get(&table)
            .filter(|kept| kept.stamp.downcast_ref::<S>() == Some(stamp))
            .filter(|kept| kept.at.elapsed() < self.max_age)
            .and_then(|kept| kept.value.clone().downcast::<V>().ok());
        let counter = if found.is_some() {
            &self.taken
        } else {
            &self.missed
        };
        counter.fetch_add(1, Ordering::Relaxed);
        found
    }

    /// How often a value asked for was found kept, and how often not, since the start.
    pub fn counts(&self) -> (u64, u64) {
        (
            self.taken.load(Ordering::Relaxed),
            self.missed.load(Ordering::Relaxed),
        )
    }

    /// Keeps `value` for table `table` at `stamp`, in place of what was kept for it.
    pub fn put<S, V>(&self, table: i64, stamp: S, value: Arc<V>)
    where
        S: PartialEq + Send + Sync + 'static,
        V: Send + Sync + 'static,
    {
        let mut tables = self.lock();
        // Tables read once and never again (another tournament's, a deleted one's) are let
        // go once their values are too old to be taken anyway.
        if tables.len() >= SWEEP_ABOVE {
            let max_age = self.max_age;
            tables.retain(|_, kept| kept.at.elapsed() < max_age);
        }
        tables.insert(
            table,
            Kept {
                stamp: Box::new(stamp),
                value,
                at: Instant::now(),
            },
        );
    }

    /// How many tables have a value kept (for tests).
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no table has a value kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A database handle's memos.
#[derive(Debug)]
pub struct Memos {
    /// Each table's lines for the standings (`services::table_lines`), kept by readers
    /// outside transactions.
    pub lines: TableMemo,
    /// Each table's sheet rows as the last committed write to it left them
    /// (`services::table_write`), taken by the next write whose lock counts one write more.
    pub sheets: TableMemo,
}

impl Default for Memos {
    fn default() -> Memos {
        Memos {
            lines: TableMemo::with_max_age(MAX_AGE),
            sheets: TableMemo::with_max_age(SHEETS_MAX_AGE),
        }
    }
}

impl Memos {
    /// Both memos, their values trusted for `max_age` (tests set it).
    pub fn with_max_age(max_age: Duration) -> Memos {
        Memos {
            lines: TableMemo::with_max_age(max_age),
            sheets: TableMemo::with_max_age(max_age),
        }
    }
}

/// What a write asked to be done once it committed.
pub(super) type Committed = Vec<Box<dyn FnOnce() + Send>>;

thread_local! {
    /// The memos of the database handle whose unit of work runs on this thread.
    static CURRENT: RefCell<Option<Arc<Memos>>> = const { RefCell::new(None) };
    /// What the write running on this thread asked to be done after its commit.
    static ON_COMMIT: RefCell<Committed> = const { RefCell::new(Vec::new()) };
}

/// Runs `work` with `memos` as this thread's [`current`] ones. What `work` left for
/// [`on_commit`] and nobody took ([`take_committed`]) is dropped: it was not committed.
pub(super) fn with<T>(memos: &Arc<Memos>, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Arc<Memos>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0.take();
            CURRENT.with(|c| *c.borrow_mut() = before);
            drop(take_committed());
        }
    }
    drop(take_committed());
    let _restore = Restore(CURRENT.with(|c| c.borrow_mut().replace(memos.clone())));
    work()
}

/// The memos of the database whose work runs on this thread; `None` outside such work (the
/// command line), where nothing is kept.
pub fn current() -> Option<Arc<Memos>> {
    CURRENT.with(|c| c.borrow().clone())
}

/// Runs `keep` once the transaction of the write running on this thread has committed;
/// never, if it rolls back. Only inside a write's transaction ([`super::Database::tx`]);
/// elsewhere nothing commits, and `keep` is dropped with the unit of work (at once outside
/// any).
pub fn on_commit(keep: impl FnOnce() + Send + 'static) {
    if current().is_some() {
        ON_COMMIT.with(|c| c.borrow_mut().push(Box::new(keep)));
    }
}

/// What the work on this thread left for [`on_commit`] since the last take: the runner of
/// a write's transaction takes it after the transaction, and runs it only if it committed.
pub(super) fn take_committed() -> Committed {
    ON_COMMIT.with(|c| std::mem::take(&mut *c.borrow_mut()))
}

/// Runs what a committed write left for [`on_commit`].
pub(super) fn committed(done: Committed) {
    for keep in done {
        keep();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_kept_for_its_stamp_only() {
        let memos = Arc::new(Memos::default());
        let memo = &memos.lines;
        assert!(current().is_none());
        with(&memos, || {
            let here = current().unwrap();
            here.lines.put(7, (3_i64, "seats"), Arc::new(42_u32));
        });
        assert!(current().is_none(), "only within the work");
        assert_eq!(
            memo.get::<_, u32>(7, &(3_i64, "seats")).as_deref(),
            Some(&42)
        );
        assert!(
            memo.get::<_, u32>(7, &(4_i64, "seats")).is_none(),
            "another stamp"
        );
        assert!(
            memo.get::<_, u32>(8, &(3_i64, "seats")).is_none(),
            "another table"
        );
        assert!(
            memo.get::<_, u64>(7, &(3_i64, "seats")).is_none(),
            "another type"
        );
        memo.put(7, (4_i64, "seats"), Arc::new(43_u32));
        assert!(
            memo.get::<_, u32>(7, &(3_i64, "seats")).is_none(),
            "replaced"
        );
        assert_eq!(memo.len(), 1);
    }

    #[test]
    fn what_waits_for_a_commit_runs_only_when_taken_and_run() {
        let memos = Arc::new(Memos::default());
        let keep = |n: u32| {
            let memos = memos.clone();
            move || memos.sheets.put(1, (), Arc::new(n))
        };
        // Left behind by work that nobody committed: dropped, not run.
        with(&memos, || on_commit(keep(1)));
        with(&memos, || {});
        assert!(memos.sheets.is_empty(), "a rolled-back write keeps nothing");
        // Taken by the runner, which commits and runs it.
        let done = with(&memos, || {
            on_commit(keep(2));
            take_committed()
        });
        assert!(memos.sheets.is_empty(), "nothing before the commit");
        committed(done);
        assert_eq!(memos.sheets.get::<(), u32>(1, &()).as_deref(), Some(&2));
    }
}
