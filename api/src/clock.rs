//! The service's clock: the one source of "now" for everything it stores and decides
//! (deal and audit timestamps, the round clock's time-up).
//!
//! Each unit of work a request does on the database ([`crate::db::Database::run`]) runs at
//! one instant, read from the database handle's [`Clock`] when the work starts and fixed
//! for its thread until it ends; [`now`] returns it. So a write that decides "the time
//! has not run out yet" also stamps its deal with a time before the deadline: the decision
//! and the record cannot straddle the deadline by the microseconds between two readings.
//! A request whose work began before the deadline counts as before it, however long it
//! then waits for the table's lock.
//!
//! Tests move the clock forward ([`Clock::advance`]) instead of sleeping, and start it at an
//! instant of their own ([`Clock::set`]) so that nothing they check depends on the day they
//! run; the server never does either, so in production [`Clock`] is the system's UTC time.
//!
//! **The round clock reads a steady time** ([`steady_now`]): the wall clock, but never
//! ahead of the time the machine's monotonic clock counted since the service started. A
//! wall clock that jumps forward for a while (a bad time server, a wrong manual setting)
//! would otherwise end every round's time at once and store time-up at every table written
//! during the jump, for good. The price: a wall clock that was behind at start and is
//! corrected forward later keeps the round clocks behind by that much until a restart.
//!
//! **Instances on one PostgreSQL database share the database's time**: each measures how far
//! its system clock is from the database server's and reads the system's time corrected by
//! that ([`Clock::set_skew`], kept up to date by [`crate::db::listen`]). Two instances
//! whose machines' clocks differ would otherwise decide a round's time-up differently for
//! the same table. On SQLite (one instance) the skew stays zero.

use std::cell::Cell;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use chrono::{NaiveDateTime, TimeDelta, Timelike};

/// How a [`Clock`] tells the time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Setting {
    /// The system's time, moved by an offset (zero unless a test moved it).
    Running(TimeDelta),
    /// Stopped at an instant (tests that check exact seconds).
    Stopped(NaiveDateTime),
}

impl Default for Setting {
    fn default() -> Setting {
        Setting::Running(TimeDelta::zero())
    }
}

/// The wall clock and the monotonic clock read together when a [`Clock`] is made: the
/// steady time is never ahead of the one plus what the other counted since.
#[derive(Debug, Clone, Copy)]
struct Anchor {
    wall: NaiveDateTime,
    mono: Instant,
}

impl Default for Anchor {
    fn default() -> Anchor {
        Anchor {
            wall: chrono::Utc::now().naive_utc(),
            mono: Instant::now(),
        }
    }
}

/// The system's UTC time, unless a test moved or stopped it. Clones share the setting.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    setting: Arc<Mutex<Setting>>,
    anchor: Arc<Mutex<Anchor>>,
    /// How far the database server's clock is ahead of the system's, in microseconds
    /// (see the module documentation).
    skew: Arc<AtomicI64>,
}

/// The two readings of the work running on a thread: its instant and its steady time.
type Instants = Option<(NaiveDateTime, NaiveDateTime)>;

thread_local! {
    /// The instant and steady time of the work running on this thread, if any.
    static INSTANT: Cell<Instants> = const { Cell::new(None) };
}

/// Resets the thread's instant when the work ends, a panic included.
struct Restore(Instants);

impl Drop for Restore {
    fn drop(&mut self) {
        INSTANT.with(|i| i.set(self.0));
    }
}

/// `at` truncated to microseconds, which both backends store.
fn micros(at: NaiveDateTime) -> NaiveDateTime {
    at.with_nanosecond(at.and_utc().timestamp_subsec_micros() * 1000)
        .unwrap_or(at)
}

impl Clock {
    fn setting(&self) -> std::sync::MutexGuard<'_, Setting> {
        // A poisoned lock only means a test panicked while moving the clock.
        self.setting.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The system's time corrected by the skew to the database's clock.
    fn system(&self) -> NaiveDateTime {
        let system = chrono::Utc::now().naive_utc();
        system.checked_add_signed(self.skew()).unwrap_or(system)
    }

    /// How far the database server's clock is ahead of the system's (zero unless
    /// [`Clock::set_skew`] was told).
    pub fn skew(&self) -> TimeDelta {
        TimeDelta::microseconds(self.skew.load(Ordering::Relaxed))
    }

    /// Reads the time corrected by `skew` from now on, for every clone: the database
    /// server's clock is `skew` ahead of the system's.
    pub fn set_skew(&self, skew: TimeDelta) {
        let micros = skew.num_microseconds().unwrap_or(0);
        self.skew.store(micros, Ordering::Relaxed);
    }

    /// The clock's time now: UTC without zone, truncated to microseconds so that both
    /// backends read back what was written.
    pub fn now(&self) -> NaiveDateTime {
        let now = match *self.setting() {
            Setting::Running(offset) => {
                let system = self.system();
                system.checked_add_signed(offset).unwrap_or(system)
            }
            Setting::Stopped(at) => at,
        };
        micros(now)
    }

    /// The steady time (see the module documentation): [`Clock::now`], but never ahead of
    /// the wall time this clock was made at plus the monotonic time elapsed since.
    pub fn steady_now(&self) -> NaiveDateTime {
        match *self.setting() {
            Setting::Running(offset) => {
                let system = chrono::Utc::now().naive_utc();
                let anchor = *self.anchor.lock().unwrap_or_else(PoisonError::into_inner);
                let counted = TimeDelta::from_std(anchor.mono.elapsed()).unwrap_or(TimeDelta::MAX);
                let steady = anchor
                    .wall
                    .checked_add_signed(counted)
                    .map_or(system, |s| s.min(system));
                let moved = offset.checked_add(&self.skew()).unwrap_or(offset);
                micros(steady.checked_add_signed(moved).unwrap_or(steady))
            }
            Setting::Stopped(at) => at,
        }
    }

    /// Jumps the wall clock `by` (back if negative) without the monotonic time moving: what
    /// a bad time server does to a running service. For the tests of the steady time.
    pub fn jump_wall(&self, by: TimeDelta) {
        self.advance(by);
        let mut anchor = self.anchor.lock().unwrap_or_else(PoisonError::into_inner);
        anchor.wall = anchor.wall.checked_sub_signed(by).unwrap_or(anchor.wall);
    }

    /// Moves the clock `by` forward (backward if negative), for every clone. For tests,
    /// which let a round's time run out this way instead of waiting for it.
    pub fn advance(&self, by: TimeDelta) {
        let mut setting = self.setting();
        *setting = match *setting {
            Setting::Running(offset) => Setting::Running(offset.checked_add(&by).unwrap_or(offset)),
            Setting::Stopped(at) => Setting::Stopped(at.checked_add_signed(by).unwrap_or(at)),
        };
    }

    /// Stops the clock at its current time, for every clone, until [`Clock::advance`]
    /// moves it: for tests that check exact seconds however long a request takes.
    pub fn stop(&self) {
        let now = self.now();
        *self.setting() = Setting::Stopped(now);
    }

    /// Sets the clock to `at`, for every clone: running on from there, or still stopped
    /// at `at` if it was stopped. For tests, which run on a day of their own choosing so
    /// that nothing they check depends on the day they run.
    pub fn set(&self, at: NaiveDateTime) {
        let mut setting = self.setting();
        *setting = match *setting {
            Setting::Running(_) => {
                let system = micros(self.system());
                Setting::Running(at - system)
            }
            Setting::Stopped(_) => Setting::Stopped(at),
        };
    }

    /// Runs `work` at this clock's current instant: [`now`] returns that instant on this
    /// thread until `work` returns, and [`steady_now`] the steady time read with it.
    pub fn at_now<T>(&self, work: impl FnOnce() -> T) -> T {
        let readings = (self.now(), self.steady_now());
        let restore = Restore(INSTANT.with(|i| i.replace(Some(readings))));
        let result = work();
        drop(restore);
        result
    }
}

/// The instant of the work running on this thread (see the module documentation), or the
/// system's time outside such work (the command line).
pub fn now() -> NaiveDateTime {
    INSTANT
        .with(Cell::get)
        .map_or_else(|| Clock::default().now(), |(now, _)| now)
}

/// The steady time of the work running on this thread (see the module documentation), or
/// the system's time outside such work. The round clock reads this one.
pub fn steady_now() -> NaiveDateTime {
    INSTANT
        .with(Cell::get)
        .map_or_else(|| Clock::default().steady_now(), |(_, steady)| steady)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_runs_at_one_instant_of_its_clock() {
        let clock = Clock::default();
        let moved = clock.clone();
        moved.advance(TimeDelta::hours(3));
        let (first, second) = clock.at_now(|| {
            let first = now();
            // Even a clock moved meanwhile does not change the work's instant.
            moved.advance(TimeDelta::hours(1));
            (first, now())
        });
        assert_eq!(first, second, "one instant for the whole work");
        moved.advance(TimeDelta::hours(-1));
        let system = chrono::Utc::now().naive_utc();
        let ahead = first - system;
        assert!(
            ahead > TimeDelta::minutes(179) && ahead <= TimeDelta::minutes(180),
            "{ahead}"
        );
        // Outside the work the thread's clock is the system's again.
        assert!(now() - chrono::Utc::now().naive_utc() < TimeDelta::seconds(1));
        assert_eq!(first.nanosecond() % 1000, 0, "microseconds");
    }

    #[test]
    fn a_set_clock_runs_on_from_its_instant_or_stays_stopped_there() {
        let at = NaiveDateTime::parse_from_str("2031-02-03 04:05:06.5", "%Y-%m-%d %H:%M:%S%.f")
            .unwrap_or_default();
        let clock = Clock::default();
        clock.set(at);
        let read = clock.clone().now();
        assert!(read >= at && read - at < TimeDelta::seconds(1), "{read}");
        clock.advance(TimeDelta::days(400));
        let later = clock.now() - at;
        assert!(
            later >= TimeDelta::days(400) && later < TimeDelta::days(400) + TimeDelta::seconds(1)
        );
        clock.stop();
        clock.set(at);
        assert_eq!(
            clock.now(),
            at,
            "a stopped clock stays stopped at the instant set"
        );
        assert_eq!(clock.at_now(now), at);
    }

    #[test]
    fn a_stopped_clock_moves_only_when_advanced() {
        let clock = Clock::default();
        clock.stop();
        let at = clock.now();
        assert_eq!(clock.clone().now(), at);
        clock.advance(TimeDelta::minutes(100));
        assert_eq!(clock.now() - at, TimeDelta::minutes(100));
        assert_eq!(clock.at_now(now), at + TimeDelta::minutes(100));
    }

    #[test]
    fn the_steady_time_does_not_follow_a_wall_clock_that_jumps_ahead() {
        let clock = Clock::default();
        let before = clock.steady_now();
        clock.jump_wall(TimeDelta::hours(2));
        let (wall, steady) = (clock.now(), clock.steady_now());
        assert!(
            wall - before >= TimeDelta::hours(2),
            "the wall clock jumped"
        );
        assert!(
            steady - before < TimeDelta::seconds(1),
            "{steady} against {before}"
        );
        assert!(clock.at_now(steady_now) - steady < TimeDelta::seconds(1));
        clock.jump_wall(TimeDelta::hours(-2));
        assert!((clock.now() - clock.steady_now()).abs() < TimeDelta::seconds(1));
        // A test's own move of the clock moves both.
        clock.advance(TimeDelta::hours(5));
        assert!(clock.steady_now() - before >= TimeDelta::hours(5));
    }

    #[test]
    fn a_skew_to_the_database_moves_both_times_by_it() {
        let clock = Clock::default();
        let (wall, steady) = (clock.now(), clock.steady_now());
        clock.clone().set_skew(TimeDelta::milliseconds(-90_500));
        assert_eq!(clock.skew(), TimeDelta::milliseconds(-90_500));
        let moved = |before: NaiveDateTime, after: NaiveDateTime| {
            let by = after - before + TimeDelta::milliseconds(90_500);
            by >= TimeDelta::zero() && by < TimeDelta::seconds(1)
        };
        assert!(moved(wall, clock.now()), "{wall} then {}", clock.now());
        assert!(moved(steady, clock.steady_now()));
        assert!(moved(wall, clock.at_now(now)));
        clock.set_skew(TimeDelta::zero());
        assert!((clock.now() - wall).abs() < TimeDelta::seconds(1));
    }
}
