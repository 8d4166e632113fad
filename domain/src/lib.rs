//! Karlchen's rules engine: the DDV tournament rules (Turnierspielregeln, TSR, edition
//! 21 Feb 2026) as pure functions over values.
//!
//! This crate decides; it never stores, fetches or reads the clock. Everything it needs is
//! passed in, so every rule can be tested with plain numbers and reused by any front end.
//!
//! - [`deal`]: the facts of one deal (parties, card points, calls, extras), or what a paper
//!   sheet holds of it, and their checks;
//! - [`mod@score`]: the game value of a deal (TSR 7.1–7.2) with a breakdown of every point;
//! - [`cards`]: the 48-card deck, card points and the trump order of each contract (TSR 2.3);
//! - [`replay`]: a whole deal replayed from its card play and calls (TSR 4.4, 5, 6);
//! - [`penalty`]: the penalty patterns of TSR 9.3 and 9.4;
//! - [`plausibility`]: hints on legal facts that are more often a slip than what happened;
//! - [`sheet`]: one table's round (dealer, Pflichtsolo, Vorführen, time-up) and its scored sheet;
//! - [`table`]: one table's round in any game, the one value the shell asks everything of a
//!   table ([`table::TableSheet`]);
//! - [`seating`]: table draws and rotations that avoid repeat encounters;
//! - [`game`]: which game a tournament plays: Doppelkopf by the TSR or a club's house
//!   rules ([`game::Ruleset`]), or a family game (Doublehead Kids, Doppeldoppel: their
//!   deals, rounds and standings), and what any game says about a table;
//! - [`day`]: between rounds: who a draw seats (check-in), whether a plan still fits, which
//!   tables keep a round open;
//! - [`standings`]: tournament standings from the sheets, with ranks and tie-breaks;
//! - [`season`]: a club's season of evenings ranked by its rules (best N of M, placement
//!   points, points per round, minimum evenings, tie-breaks);
//! - [`simulate`]: deterministic random legal deals, for property tests and benchmarks.

pub mod cards;
pub mod day;
pub mod deal;
pub mod game;
pub mod penalty;
pub mod plausibility;
pub mod replay;
pub mod score;
pub mod season;
pub mod seating;
pub mod sheet;
pub mod simulate;
pub mod standings;
pub mod table;

pub use deal::{
    Announcements, CallLevel, ClubQueens, Contract, DealFacts, Extras, FactsError, PaperFacts,
    Party, PartyExtras, Seat, TableSize,
};
pub use score::{
    ItemCode, ScoreItem, Scored, Winner, max_value, max_value_with, score, score_paper,
    score_paper_with, score_with,
};
