//! End-to-end tests of the service: one test binary, one module per area.

#![expect(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test helpers fail the test loudly on unexpected answers"
)]

mod access_log;
mod adjusted;
mod admin_monitor;
mod admin_pages;
mod admin_players;
mod admin_print;
mod admin_rounds;
mod admin_tournament;
mod auth;
mod backup;
mod browser;
mod captain_corrections;
mod captain_live;
pub(crate) mod captain_pages;
mod container;
mod crash;
mod day_clock;
mod day_codes;
mod day_edits;
mod day_paper;
mod day_rounds;
mod day_standings;
mod deal_preview;
mod deals;
mod desk_audit;
mod desk_entry;
mod draws;
mod errors;
mod family_games;
mod faults;
mod finish;
mod fixtures;
mod full_disk;
mod fuzz;
mod games;
mod hardening;
mod health;
mod instances;
mod invitations;
mod join_page;
mod live;
mod metrics;
mod migrations;
mod openapi;
mod pages;
mod pg_tls;
mod plans;
mod players;
mod public_pages;
mod replay;
pub(crate) mod results;
mod rounds;
mod sanctions;
mod score;
pub(crate) mod season_webhooks;
pub(crate) mod seasons;
mod seating;
mod server;
mod sessions;
mod sheet;
mod sheets_kept;
mod signatures;
mod standings_kept;
mod stopped;
mod stored_deals;
mod streams_cap;
mod tie_breaks;
mod time_zones;
pub(crate) mod webhooks;
