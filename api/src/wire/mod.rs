//! The wire types: request and answer bodies that several routes, pages and services share,
//! with their conversions to and from the domain's types. They sit below routes and pages
//! so that services can speak them without importing a route module.

pub mod audit;
pub mod auth;
pub mod clock;
pub mod deal;
pub mod deal_preview;
pub mod family;
pub mod file_name;
pub mod game;
pub mod invitations;
pub mod join_codes;
pub mod penalties;
pub mod plans;
pub mod player_import;
pub mod players;
pub mod preview;
pub mod results;
pub mod rounds;
pub mod sanctions;
pub mod score;
pub mod seasons;
pub mod seating;
pub mod sheet;
pub mod signatures;
pub mod standings;
pub mod tournaments;
pub mod webhooks;
