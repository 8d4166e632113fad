//! The cap on open standings streams: a stream holds a connection (a file descriptor) for
//! as long as its watcher stays, so without a cap 1,100 of them at the common limit of
//! 1,024 files left no socket for a captain's deal. A stream takes a [`Slot`] for its
//! lifetime, within a cap for the whole process and one per client address; past either,
//! it is refused with 503 and `Retry-After`, and the page polls instead.
//!
//! Sits below the services with the app state that holds it, as the live cache does.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// Which cap a refused stream met.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Full {
    /// Every stream the process allows is open.
    Everyone,
    /// Every stream one client address may hold is open.
    Address,
}

#[derive(Debug, Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// The open streams, counted against their caps.
#[derive(Debug)]
pub struct StreamSlots {
    most: usize,
    most_per_address: usize,
    open: Arc<Mutex<Open>>,
}

/// One open stream's place; freed when dropped, however the stream ends.
#[derive(Debug)]
pub struct Slot {
    address: IpAddr,
    open: Arc<Mutex<Open>>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        // A poisoned lock only means a holder panicked between two plain updates.
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.total = open.total.saturating_sub(1);
        if let Some(n) = open.by_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                open.by_address.remove(&self.address);
            }
        }
    }
}

impl StreamSlots {
    /// At most `most` streams at once, `most_per_address` of them from one address.
    pub fn new(most: usize, most_per_address: usize) -> StreamSlots {
        StreamSlots {
            most,
            most_per_address,
            open: Arc::default(),
        }
    }

    /// A place for a stream of `address`, or which cap is met.
    pub fn take(&self, address: IpAddr) -> Result<Slot, Full> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if open.total >= self.most {
            return Err(Full::Everyone);
        }
        let mine = open.by_address.entry(address).or_insert(0);
        if *mine >= self.most_per_address {
            return Err(Full::Address);
        }
        *mine += 1;
        open.total += 1;
        Ok(Slot {
            address,
            open: self.open.clone(),
        })
    }

    /// The cap for the whole process.
    pub fn most(&self) -> usize {
        self.most
    }

    /// The cap per client address.
    pub fn most_per_address(&self) -> usize {
        self.most_per_address
    }

    /// How many streams are open now.
    pub fn open(&self) -> usize {
        self.open
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .total
    }
}

/// The most streams by default, however many files the process may open: each holds a
/// little memory and a task, and a hall has a few hundred watchers.
const MOST_BY_DEFAULT: usize = 10_000;

/// Raises the soft limit on open files to the hard limit (a service is started with the
/// shell's 1,024 and may use what the system allows it), and answers the soft limit then.
pub fn raise_file_limit() -> u64 {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(files) => files,
        Err(e) => {
            tracing::warn!(error = %e, "cannot raise the limit on open files");
            file_limit()
        }
    }
}

/// The soft limit on open files now.
pub fn file_limit() -> u64 {
    rlimit::Resource::NOFILE
        .get()
        .map_or(1024, |(soft, _)| soft)
}

/// Files kept back from connections for the database, the log and the listening socket.
const FILES_BESIDE_CONNECTIONS: u64 = 64;

/// How many connections each of `workers` workers holds open at most with `files` open
/// files allowed: all of them together leave `FILES_BESIDE_CONNECTIONS`. Past it a
/// worker stops accepting, and new connections wait in the kernel's queue until one
/// closes, instead of failing with "too many open files" (and the server pausing every
/// accept for half a second).
pub fn connections_per_worker(files: u64, workers: usize) -> usize {
    let workers = u64::try_from(workers.max(1)).unwrap_or(1);
    let each = files.saturating_sub(FILES_BESIDE_CONNECTIONS) / workers;
    usize::try_from(each.max(1)).unwrap_or(usize::MAX)
}

/// The cap on streams when none is configured: three quarters of the files the process
/// may open, at most 10,000; the other quarter is the reserve that keeps a
/// socket for every captain's deal, the desk and the database.
pub fn default_most(files: u64) -> usize {
    usize::try_from(files / 4 * 3)
        .unwrap_or(usize::MAX)
        .min(MOST_BY_DEFAULT)
}

#[cfg(test)]
mod tests {
    use super::{Full, StreamSlots, connections_per_worker, default_most};

    #[test]
    fn connections_leave_files_for_the_database_whatever_the_workers() {
        assert_eq!(connections_per_worker(1024, 2), 480);
        assert_eq!(connections_per_worker(1024, 1), 960);
        assert_eq!(connections_per_worker(1024, 0), 960);
        assert_eq!(connections_per_worker(10, 4), 1, "never none");
        // The streams' cap lies below the connections, so other requests still get in.
        assert!(default_most(1024) < connections_per_worker(1024, 2) * 2);
    }

    #[test]
    fn the_default_cap_keeps_a_quarter_of_the_files_in_reserve() {
        assert_eq!(default_most(1024), 768);
        assert_eq!(default_most(1_048_576), 10_000);
    }

    #[test]
    fn streams_are_capped_in_all_and_per_address_and_freed_when_they_end() {
        let slots = StreamSlots::new(3, 2);
        let a = "192.0.2.1".parse().unwrap();
        let b = "192.0.2.2".parse().unwrap();
        let first = slots.take(a).unwrap();
        let _second = slots.take(a).unwrap();
        assert_eq!(slots.take(a).unwrap_err(), Full::Address);
        let _third = slots.take(b).unwrap();
        assert_eq!(slots.take(b).unwrap_err(), Full::Everyone);
        assert_eq!(slots.open(), 3);
        drop(first);
        assert_eq!(slots.open(), 2);
        let _again = slots.take(a).unwrap();
        assert_eq!(slots.take(a).unwrap_err(), Full::Everyone);
    }
}
