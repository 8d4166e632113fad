//! What a request does, between the HTTP face (routes, pages) and what it stands on (the
//! repositories in `db`, the domain, the wire types): who may touch what, validation, the
//! write runner (one transaction, idempotency keys), the audit log, and the domain's
//! decisions on sheets, seating and standings. Each resource's entry points are async
//! functions over the app state that a handler calls once; inside the transaction they are
//! plain synchronous functions over a connection.

pub mod access;
pub mod adjustments;
pub mod audit;
pub mod audit_log;
pub mod auth;
pub mod co_organizers;
pub mod codes;
pub mod deals;
pub mod disqualifications;
pub mod draw;
pub mod finish;
pub mod idempotency;
pub mod invitations;
pub mod join_codes;
pub mod live;
pub mod metrics;
pub mod organizers;
pub mod outbox;
pub mod penalties;
pub mod plans;
pub mod players;
pub mod preview;
pub mod print;
pub mod public;
pub mod register;
pub mod results;
pub mod round_clock;
pub mod rounds;
pub mod rounds_desk;
pub mod same_player;
pub mod sanctions;
pub mod seasons;
pub mod sessions;
pub mod sheet;
pub mod signatures;
pub mod standings;
pub mod table_clock;
pub mod table_lines;
pub mod table_stops;
pub mod table_write;
pub mod tables;
pub mod tournaments;
pub mod validate;
pub mod view;
pub mod webhooks;
pub mod write;

/// The current time as stored: the instant of the request's work on the app's clock (see
/// [`crate::clock`]), UTC without zone, in microseconds so both backends read back what
/// was written.
pub fn now() -> chrono::NaiveDateTime {
    crate::clock::now()
}

/// The time the round clock reads: [`now`], but never ahead of the monotonic time elapsed
/// since the service started (see [`crate::clock`]), so a wall clock that jumps forward
/// for a while ends no round's time.
pub fn steady_now() -> chrono::NaiveDateTime {
    crate::clock::steady_now()
}

/// A 500 for stored data that does not fit the rules (damaged outside the service, or a
/// bug): logged with `what`, never shown to the caller.
pub fn corrupt(what: String) -> crate::error::ApiError {
    crate::error::ApiError::Internal(anyhow::anyhow!(
        "stored data does not fit the rules: {what}"
    ))
}
