//! A tournament on the wire: creating one, changing its settings, the answer, and the
//! organisers who run it.

use chrono::{DateTime, NaiveDate, Utc};
use domain::game::Preset;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::game::{GameBody, ruleset_name};
use crate::db::models::TournamentRow;

fn default_rounds() -> i32 {
    3
}
fn default_deals_four() -> i32 {
    24
}
fn default_deals_five() -> i32 {
    30
}
fn default_minutes_four() -> i32 {
    100
}
fn default_minutes_five() -> i32 {
    125
}

/// A new tournament; only `name` and `date` are required.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTournamentRequest {
    /// Name.
    #[schema(example = "Karlchen-Cup 2026")]
    pub name: String,
    /// The day (YYYY-MM-DD).
    #[schema(value_type = String, format = Date, example = "2026-12-05")]
    pub date: NaiveDate,
    /// Where.
    #[serde(default)]
    pub venue: Option<String>,
    /// Rounds planned (default 3).
    #[serde(default = "default_rounds")]
    pub rounds: i32,
    /// Deals per round at a 4-table (default 24).
    #[serde(default = "default_deals_four")]
    pub deals_four: i32,
    /// Deals per round at a 5-table (default 30).
    #[serde(default = "default_deals_five")]
    pub deals_five: i32,
    /// Minutes per round at a 4-table (default 100).
    #[serde(default = "default_minutes_four")]
    pub minutes_four: i32,
    /// Minutes per round at a 5-table (default 125).
    #[serde(default = "default_minutes_five")]
    pub minutes_five: i32,
    /// The rules by name: `ddv` (the default: the DDV's tournament rules), a preset of house
    /// rules a club starts from (`info_house_rules`: the Doppelkopf-Info page's set,
    /// `without_nines`: the TSR with 40 cards, `family_evening`: doubling, solos on top,
    /// Armut, five nines), `doublehead_kids` (to 5 Golden Coins) or `doppeldoppel`; `house`
    /// needs `game` with its rules. Left out when `game` says it; given with `game`, it must
    /// agree.
    #[serde(default)]
    pub ruleset: Option<String>,
    /// The game and its rules in full (default: Doppelkopf by the DDV's rules).
    #[serde(default)]
    pub game: Option<GameBody>,
    /// Tie-breaks in order: most_games_won, best_round, best_average_per_deal,
    /// most_solos_won (default none: equal totals share a rank).
    #[serde(default)]
    pub tie_breaks: Vec<String>,
    /// Readable without a token (default false).
    #[serde(default)]
    pub published: bool,
    /// Where it is held, as an IANA time zone name (default `Europe/Berlin`): pages,
    /// prints and exports show its times in it; the API answers times in UTC.
    #[serde(default)]
    #[schema(example = "Europe/Berlin")]
    pub time_zone: Option<String>,
}

/// A tournament.
#[derive(Debug, Serialize, ToSchema)]
pub struct TournamentResponse {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// The day.
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    /// Where.
    pub venue: Option<String>,
    /// Rounds planned.
    pub rounds: i32,
    /// Deals per round at a 4-table.
    pub deals_four: i32,
    /// Deals per round at a 5-table.
    pub deals_five: i32,
    /// Minutes per round at a 4-table.
    pub minutes_four: i32,
    /// Minutes per round at a 5-table.
    pub minutes_five: i32,
    /// The rules by name: `ddv`, `house` (Doppelkopf with house rules, see `game`),
    /// `doublehead_kids` or `doppeldoppel`.
    pub ruleset: String,
    /// The preset of house rules the switches still are exactly (`ddv`,
    /// `info_house_rules`, `without_nines`, `family_evening`); `null` once a switch was moved
    /// away from every preset, and for the family games.
    pub preset: Option<String>,
    /// The game and its rules in full.
    pub game: GameBody,
    /// Tie-breaks in order.
    pub tie_breaks: Vec<String>,
    /// Readable without a token.
    pub published: bool,
    /// Its time zone (IANA name), in which pages and prints show its times.
    pub time_zone: String,
    /// When its organiser finished it ("Turnier abschließen"): its standings are final, and
    /// nothing that moves them changes until he reopens it. `null` while it runs.
    pub finished_at: Option<DateTime<Utc>>,
}

impl From<TournamentRow> for TournamentResponse {
    fn from(t: TournamentRow) -> TournamentResponse {
        let tie_breaks = t.tie_break_names();
        TournamentResponse {
            id: t.id,
            name: t.name,
            date: t.held_on,
            venue: t.venue,
            rounds: t.rounds_planned,
            deals_four: t.deals_four,
            deals_five: t.deals_five,
            minutes_four: t.minutes_four,
            minutes_five: t.minutes_five,
            ruleset: ruleset_name(t.game).to_owned(),
            preset: t
                .game
                .ruleset()
                .and_then(|r| Preset::of(&r))
                .map(|p| p.name().to_owned()),
            game: t.game.into(),
            tie_breaks,
            published: t.published,
            time_zone: t.time_zone,
            finished_at: t.finished_at.map(|at| at.and_utc()),
        }
    }
}

/// A change to a tournament's settings; every field is optional and what is left out stays
/// as it is. Settings that contradict what was played are refused (422
/// `settings_contradict_play`, naming the field): fewer rounds than exist, or deals per
/// round that a table of that size in an open round has already passed or whose sheet
/// would no longer fit. Deals per round apply to the tables of open rounds and to rounds
/// to come; closed rounds keep the deals they were played with.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateTournamentRequest {
    /// Name.
    #[serde(default)]
    pub name: Option<String>,
    /// The day (YYYY-MM-DD).
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date, example = "2026-12-06")]
    pub date: Option<NaiveDate>,
    /// Where; an empty text clears it.
    #[serde(default)]
    pub venue: Option<String>,
    /// Rounds planned: at least the rounds that exist.
    #[serde(default)]
    pub rounds: Option<i32>,
    /// Deals per round at a 4-table.
    #[serde(default)]
    pub deals_four: Option<i32>,
    /// Deals per round at a 5-table.
    #[serde(default)]
    pub deals_five: Option<i32>,
    /// Minutes per round at a 4-table.
    #[serde(default)]
    pub minutes_four: Option<i32>,
    /// Minutes per round at a 5-table.
    #[serde(default)]
    pub minutes_five: Option<i32>,
    /// Readable without a token.
    #[serde(default)]
    pub published: Option<bool>,
    /// The rules by name, as on creation; only while no round exists.
    #[serde(default)]
    pub ruleset: Option<String>,
    /// The game and its rules in full; only while no round exists.
    #[serde(default)]
    pub game: Option<GameBody>,
    /// Its time zone, an IANA name (`Europe/Berlin`).
    #[serde(default)]
    pub time_zone: Option<String>,
    /// Its tie-breaks in order, as on creation (`[]`: none, equal totals share a rank).
    /// They only order the standings, so they may change at any time.
    #[serde(default)]
    pub tie_breaks: Option<Vec<String>>,
}

/// An organiser who runs a tournament: its owner (who created it) or a co-organiser.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TournamentOrganizerResponse {
    /// The organiser's account id.
    pub organizer_id: i64,
    /// His name.
    pub name: String,
    /// His e-mail (lower-cased).
    pub email: String,
    /// Whether he owns the tournament (he created it; he cannot be removed).
    pub owner: bool,
    /// When he was added as co-organiser (UTC, RFC 3339); absent for the owner.
    pub added_at: Option<String>,
}

/// Adds an existing organiser account to a tournament as co-organiser.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AddOrganizerRequest {
    /// The e-mail he signs in with (case does not matter).
    #[schema(example = "zweite@example.org")]
    pub email: String,
}

/// Finishing a tournament ("Turnier abschließen").
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FinishTournamentRequest {
    /// Why, or what to remember about the day's end (kept in the audit log).
    #[serde(default)]
    pub reason: Option<String>,
}

/// Reopening a finished tournament: its standings may change again.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReopenTournamentRequest {
    /// Why it is reopened (required; kept in the audit log).
    pub reason: String,
}
