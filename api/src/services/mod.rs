//! What handlers do beyond parsing: who may touch what, replaying a request with the same
//! idempotency key, the audit log, and re-deriving score sheets and standings through the
//! domain. Plain synchronous functions over a connection, called inside one transaction.

pub mod access;
pub mod audit;
pub mod auth;
pub mod codes;
pub mod deals;
pub mod draw;
pub mod idempotency;
pub mod join_codes;
pub mod organizers;
pub mod penalties;
pub mod plans;
pub mod players;
pub mod rounds;
pub mod sheet;
pub mod standings;
pub mod tables;
pub mod tournaments;
pub mod validate;
pub mod write;

/// The current time as stored: UTC without zone, truncated to microseconds so both
/// backends read back what was written.
pub fn now() -> chrono::NaiveDateTime {
    let now = chrono::Utc::now().naive_utc();
    now.with_nanosecond((now.and_utc().timestamp_subsec_micros()) * 1000)
        .unwrap_or(now)
}

use chrono::Timelike;
