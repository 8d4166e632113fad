//! Drawing a round's tables: the tournament's players are numbered by start number and
//! handed to `domain::seating`, which decides; this module only maps ids to numbers and back
//! and reads the history and standings the methods need.
//!
//! Who takes part: every player not withdrawn. Who is kept apart where possible: players
//! of the same club (the usual reason organisers group players).

use std::collections::HashMap;

use domain::seating::{self, Quality};

use super::standings;
use crate::db::DbConn;
use crate::db::models::{PlayerRow, TournamentRow};
use crate::error::{ApiError, FieldError};

/// How to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// A uniform random draw (the usual first round).
    Random,
    /// Fewest pairs who already met, then balanced seats and 5-table duty, then clubs apart.
    AvoidRepeats,
    /// The current top four at table 1, the next four at table 2, and so on.
    ByStandings,
}

impl Method {
    /// The wire name.
    pub const fn as_str(self) -> &'static str {
        match self {
            Method::Random => "random",
            Method::AvoidRepeats => "avoid_repeats",
            Method::ByStandings => "by_standings",
        }
    }

    /// Parses a wire name.
    pub fn parse(s: &str) -> Result<Method, ApiError> {
        [Method::Random, Method::AvoidRepeats, Method::ByStandings]
            .into_iter()
            .find(|m| m.as_str() == s)
            .ok_or_else(|| {
                ApiError::field(
                    "invalid_body",
                    "draw.method",
                    "unknown_value",
                    "random, avoid_repeats or by_standings",
                )
            })
    }
}

/// A drawn round.
pub struct Drawn {
    /// Tables of player ids in seat order.
    pub tables: Vec<Vec<i64>>,
    /// The quality of all rounds so far with this one.
    pub quality: Quality,
}

/// Draws the next round. `history` holds the earlier rounds' tables (player ids).
pub fn draw(
    conn: &mut DbConn,
    tournament: &TournamentRow,
    roster: &[PlayerRow],
    history: &[Vec<Vec<i64>>],
    method: Method,
    seed: &str,
) -> Result<Drawn, ApiError> {
    let mut present: Vec<&PlayerRow> = roster.iter().filter(|p| !p.withdrawn).collect();
    present.sort_by_key(|p| (p.start_number, p.id));
    let count = u16::try_from(present.len()).map_err(|_| {
        ApiError::field(
            "invalid_seating",
            "players",
            "out_of_range",
            "too many players to draw",
        )
    })?;
    let index: HashMap<i64, u16> = present
        .iter()
        .enumerate()
        .filter_map(|(i, p)| Some((p.id, u16::try_from(i).ok()?)))
        .collect();
    // Earlier rounds in the current numbering: withdrawn players drop out of their tables.
    let numbered: Vec<Vec<Vec<u16>>> = history
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|table| {
                    table
                        .iter()
                        .filter_map(|id| index.get(id).copied())
                        .collect()
                })
                .collect()
        })
        .collect();
    let mut clubs: HashMap<&str, Vec<u16>> = HashMap::new();
    for (i, p) in present.iter().enumerate() {
        if let (Some(club), Ok(i)) = (
            p.club.as_deref().filter(|c| !c.trim().is_empty()),
            u16::try_from(i),
        ) {
            clubs.entry(club).or_default().push(i);
        }
    }
    let mut keep_apart: Vec<Vec<u16>> = clubs.into_values().filter(|g| g.len() > 1).collect();
    keep_apart.sort();
    let error = |e: seating::SeatingError| super::super::routes::seating::seating_error(&e);
    let round: Vec<Vec<u16>> = match method {
        Method::Random => seating::random_draw(count, seed).map_err(error)?,
        Method::AvoidRepeats => {
            seating::next_round(count, &numbered, seed, &keep_apart).map_err(error)?
        }
        Method::ByStandings => {
            let sizes = seating::table_sizes(count).map_err(error)?;
            let ranked = standings::compute(conn, tournament, None)?;
            let order: Vec<u16> = ranked
                .standings
                .iter()
                .filter_map(|s| index.get(&s.player).copied())
                .collect();
            let mut at = 0;
            sizes
                .iter()
                .map(|&size| {
                    let table = order[at..at + usize::from(size)].to_vec();
                    at += usize::from(size);
                    table
                })
                .collect()
        }
    };
    let mut all = numbered;
    all.push(round.clone());
    let quality = seating::evaluate(&all, &keep_apart);
    let tables = round
        .iter()
        .map(|table| table.iter().map(|&i| present[usize::from(i)].id).collect())
        .collect();
    Ok(Drawn { tables, quality })
}

/// A field error for a round request that names neither or both of tables and draw.
pub fn one_of() -> ApiError {
    ApiError::unprocessable(
        "invalid_body",
        "give either tables or draw",
        vec![FieldError::new(
            "draw",
            "one_of",
            "give either explicit tables or a draw, not both or neither",
        )],
    )
}
