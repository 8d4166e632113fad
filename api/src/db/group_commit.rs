//! SQLite's writes, committed in groups: one thread with one connection runs every write
//! transaction, and takes the writes that queued while it committed the last group into
//! one transaction, each in a savepoint of its own. One commit (one `fsync` of the WAL)
//! then stores a whole group, where each write paid its own before; under load the writes
//! that wait for the disk are what fills the next group.
//!
//! Each write is answered only once its group committed: what a writer acknowledges is on
//! the disk, as with a commit of its own. A write that fails rolls back to its savepoint
//! and is answered with its error; the others in the group go on. A commit that fails (a
//! full disk) answers every write of the group with that error: none of them is stored,
//! and each client retries. A write that panics (a bug) takes its group down with it: the
//! group is rolled back, the connection discarded, the panicking write answered with the
//! 500 and the ones before it with a 503 to retry; the ones after it run in the next group.
//!
//! SQLite has one writer at a time anyway: the thread is that writer, and replaces the lock
//! the writes took in turn before. PostgreSQL commits concurrent transactions in groups
//! by itself and does not come here.

use std::any::Any;
use std::collections::VecDeque;
use std::sync::mpsc;

use diesel::Connection;
use diesel::r2d2::{Pool, PooledConnection};
use tokio::sync::oneshot;

use std::sync::Arc;

use super::memo::{self, Memos};
use super::{DbConn, Manager};
use crate::error::ApiError;

/// The most writes one transaction takes: a group stays short enough that the first in
/// it is not kept waiting by the last.
const MOST: usize = 64;

/// A write's result, its type erased for the queue.
type Answer = Result<Box<dyn Any + Send>, ApiError>;

/// A write waiting for the writer.
pub(super) struct Job {
    work: Box<dyn FnOnce(&mut DbConn) -> Answer + Send>,
    reply: oneshot::Sender<Answer>,
    /// The memos of the database handle that sent it ([`super::Database::memo`]).
    memos: Arc<Memos>,
}

impl Job {
    /// `work` to run in a transaction with `memos`, and where its answer goes.
    pub(super) fn new<T, F>(work: F, memos: Arc<Memos>) -> (Job, oneshot::Receiver<Answer>)
    where
        F: FnOnce(&mut DbConn) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            work: Box::new(move |conn| work(conn).map(|t| Box::new(t) as Box<dyn Any + Send>)),
            reply,
            memos,
        };
        (job, answer)
    }
}

/// The typed result of a job's answer.
pub(super) fn typed<T: 'static>(answer: Answer) -> Result<T, ApiError> {
    answer.and_then(|value| {
        value
            .downcast::<T>()
            .map(|t| *t)
            .map_err(|_| ApiError::Internal(anyhow::anyhow!("a write answered the wrong type")))
    })
}

/// Starts the writer thread on `pool`; it runs every job sent to the returned queue at
/// `clock`'s instants, and ends when the queue's last sender is dropped.
pub(super) fn start(
    pool: Pool<Manager>,
    clock: crate::clock::Clock,
) -> anyhow::Result<mpsc::Sender<Job>> {
    let (queue, jobs) = mpsc::channel::<Job>();
    std::thread::Builder::new()
        .name("karlchen-writer".into())
        .spawn(move || run(&pool, &clock, &jobs))?;
    Ok(queue)
}

/// A job that ran in its savepoint: where its answer goes, the answer, and what it left
/// for after the commit.
type Ran = (oneshot::Sender<Answer>, Answer, memo::Committed);

/// The writer: takes what queued, runs it as one group, answers, and again.
fn run(pool: &Pool<Manager>, clock: &crate::clock::Clock, jobs: &mpsc::Receiver<Job>) {
    let mut conn: Option<PooledConnection<Manager>> = None;
    let mut waiting: VecDeque<Job> = VecDeque::new();
    loop {
        if waiting.is_empty() {
            match jobs.recv() {
                Ok(job) => waiting.push_back(job),
                // Every handle of the database is gone.
                Err(mpsc::RecvError) => return,
            }
        }
        while waiting.len() < MOST {
            match jobs.try_recv() {
                Ok(job) => waiting.push_back(job),
                Err(_) => break,
            }
        }
        let c = match conn.take().map_or_else(|| pool.get(), Ok) {
            Ok(c) => c,
            Err(e) => {
                // No connection now: this group is answered with that, and the next tries
                // again.
                let e = anyhow::Error::new(e).context("no database connection");
                for job in waiting.drain(..) {
                    let _ = job
                        .reply
                        .send(Err(ApiError::Unavailable(anyhow::anyhow!("{e:#}"))));
                }
                continue;
            }
        };
        let group: Vec<Job> = waiting.drain(..).collect();
        conn = commit_group(c, clock, group, &mut waiting);
    }
}

/// Runs `group` in one transaction on `conn` and answers each job; the connection back,
/// unless a job panicked (then the jobs that did not run yet go back to `rest`).
fn commit_group(
    mut conn: PooledConnection<Manager>,
    clock: &crate::clock::Clock,
    group: Vec<Job>,
    rest: &mut VecDeque<Job>,
) -> Option<PooledConnection<Manager>> {
    let mut answered: Vec<Ran> = Vec::with_capacity(group.len());
    let mut jobs = group.into_iter();
    let mut panicked = None;
    let committed = conn.transaction::<(), ApiError, _>(|conn| {
        for job in jobs.by_ref() {
            let Job { work, reply, memos } = job;
            // Each write at its own instant, in a savepoint of its own.
            let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                memo::with(&memos, || {
                    let answer = clock.at_now(|| conn.transaction(|conn| work(conn)));
                    // A write rolled back to its savepoint leaves nothing for the commit.
                    let done = if answer.is_ok() {
                        memo::take_committed()
                    } else {
                        Vec::new()
                    };
                    (answer, done)
                })
            }));
            match ran {
                Ok((answer, done)) => answered.push((reply, answer, done)),
                Err(payload) => {
                    panicked = Some((reply, ApiError::panicked(payload.as_ref())));
                    return Err(ApiError::Internal(anyhow::anyhow!("a write panicked")));
                }
            }
        }
        Ok(())
    });
    if let Some((reply, error)) = panicked {
        // The connection's transaction state is unknown after the unwinding: it goes, and
        // the pool opens another. The writes before rolled back with the group.
        drop(conn);
        let _ = reply.send(Err(error));
        for (reply, _, _) in answered {
            let _ = reply.send(Err(ApiError::Unavailable(anyhow::anyhow!(
                "another write of the same group failed; nothing was stored, try again"
            ))));
        }
        rest.extend(jobs);
        return None;
    }
    match committed {
        Ok(()) => {
            for (reply, answer, done) in answered {
                // Before the answer, so that the client's next write finds what this one
                // kept. A keeping that panicked (a bug) must not take the writer down.
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    memo::committed(done);
                }));
                let _ = reply.send(answer);
            }
        }
        Err(e) => {
            // Not stored, whatever each write answered: the commit failed (or the
            // transaction never began, and no write ran). Each is told the same kind of
            // failure (a full disk is a full disk to every writer).
            let full = matches!(e, ApiError::StorageFull(_));
            let message = format!("the group's transaction failed: {e}");
            let mut first = Some(e);
            let replies = answered
                .into_iter()
                .map(|(reply, _, _)| reply)
                .chain(jobs.map(|job| job.reply));
            for reply in replies {
                let error = first.take().unwrap_or_else(|| {
                    let cause = anyhow::anyhow!("{message}");
                    if full {
                        ApiError::StorageFull(cause)
                    } else {
                        ApiError::Unavailable(cause)
                    }
                });
                let _ = reply.send(Err(error));
            }
        }
    }
    Some(conn)
}
