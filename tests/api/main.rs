//! End-to-end tests of the service: one test binary, one module per area.

#![expect(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test helpers fail the test loudly on unexpected answers"
)]

mod browser;
mod errors;
mod health;
mod openapi;
mod replay;
mod score;
mod server;
mod sheet;
