//! What the pages and the printed sheets are handed about a tournament, its players and its
//! rounds: the fields a page shows, in the types it shows them. The services build them
//! from the stored rows, so no page reads a database row and a change to the tables stops
//! in the services.

use chrono::{NaiveDate, NaiveDateTime};
use domain::game::Game;

use crate::db::models::{PlayerRow, RoundRow, TournamentRow};
use crate::wire::players::public_name;

/// A tournament as a page heads, lists and sets it up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    /// Id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// The day it is held.
    pub held_on: NaiveDate,
    /// Where.
    pub venue: Option<String>,
    /// The game and its rules.
    pub game: Game,
    /// Visible to the public.
    pub published: bool,
    /// Rounds planned.
    pub rounds_planned: i32,
    /// Deals per round at a 4-table.
    pub deals_four: i32,
    /// Deals per round at a 5-table.
    pub deals_five: i32,
    /// Playing minutes per round at a 4-table.
    pub minutes_four: i32,
    /// Playing minutes per round at a 5-table.
    pub minutes_five: i32,
    /// Its time zone (IANA name): pages show its times in it ([`crate::local_time`]).
    pub time_zone: String,
    /// Its tie-breaks in order, by wire name (none: equal totals share a rank).
    pub tie_breaks: Vec<String>,
    /// When its organiser finished it (UTC): its standings are final.
    pub finished_at: Option<chrono::NaiveDateTime>,
}

impl From<&TournamentRow> for Tournament {
    fn from(row: &TournamentRow) -> Tournament {
        Tournament {
            id: row.id,
            name: row.name.clone(),
            held_on: row.held_on,
            venue: row.venue.clone(),
            game: row.game,
            published: row.published,
            rounds_planned: row.rounds_planned,
            deals_four: row.deals_four,
            deals_five: row.deals_five,
            minutes_four: row.minutes_four,
            minutes_five: row.minutes_five,
            time_zone: row.time_zone.clone(),
            tie_breaks: row.tie_break_names(),
            finished_at: row.finished_at,
        }
    }
}

/// A registered player as a page names him.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// Id.
    pub id: i64,
    /// Start number.
    pub start_number: i32,
    /// His full name: the organiser's pages show it.
    pub name: String,
    /// The name he asked to be shown under: every page and sheet the hall sees shows this
    /// one.
    pub shown: String,
    /// His club.
    pub club: Option<String>,
    /// Left the tournament.
    pub withdrawn: bool,
}

impl From<&PlayerRow> for Player {
    fn from(row: &PlayerRow) -> Player {
        Player {
            id: row.id,
            start_number: row.start_number,
            name: row.name.clone(),
            shown: public_name(row).to_owned(),
            club: row.club.clone(),
            withdrawn: row.withdrawn,
        }
    }
}

/// The players of `rows`, in their order.
pub fn players(rows: &[PlayerRow]) -> Vec<Player> {
    rows.iter().map(Player::from).collect()
}

/// A round as a page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// Id.
    pub id: i64,
    /// From 1.
    pub number: i32,
    /// Closed by the organiser.
    pub closed: bool,
    /// When the organiser started its clock.
    pub started_at: Option<NaiveDateTime>,
    /// How its tables were drawn (`random`, `avoid_repeats`, `manual`, `planned`).
    pub draw_method: Option<String>,
    /// The seed a drawn round can be drawn again from.
    pub draw_seed: Option<String>,
}

impl From<&RoundRow> for Round {
    fn from(row: &RoundRow) -> Round {
        Round {
            id: row.id,
            number: row.number,
            closed: row.closed,
            started_at: row.started_at,
            draw_method: row.draw_method.clone(),
            draw_seed: row.draw_seed.clone(),
        }
    }
}
