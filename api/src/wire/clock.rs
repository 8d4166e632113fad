//! The round clock on the wire: a table's clock on its sheet, the players at its seats by
//! name, an extension of a table's time, and the organiser's monitor of a round.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A stored time as the API writes it: RFC 3339, UTC, microseconds.
pub fn rfc3339(at: NaiveDateTime) -> String {
    at.and_utc()
        .to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
}

/// A player at a seat, so that no client has to look names up with another call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct SeatPlayerView {
    /// The seat, from 0; seat 0 deals the first deal.
    pub seat: u8,
    /// The player's id.
    pub player_id: i64,
    /// The player's name.
    #[schema(example = "Anna Schmidt")]
    pub name: String,
    /// The player's start number in the tournament.
    pub start_number: i32,
}

/// A table's clock, once its round has started (TSR 8.5.1).
///
/// `seconds_left` is not part of the sheet's `ETag`: a 304 means that the deadline has not
/// moved, so count down from when the value was received.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ClockView {
    /// When the organiser started the round (UTC, RFC 3339).
    pub started_at: String,
    /// When the table's time runs out, its extra minutes included (UTC, RFC 3339).
    pub ends_at: String,
    /// The tournament's minutes for a table of this size.
    #[schema(example = 100)]
    pub minutes: u16,
    /// Minutes the organiser granted this table on top.
    pub extra_minutes: u16,
    /// Whole seconds until `ends_at` when this answer was made; 0 once time is up, never
    /// negative.
    pub seconds_left: u64,
}

/// Extra time for one table, e.g. for an interruption the referee ruled on (TSR 8.5.1).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExtendTableRequest {
    /// Minutes to add, 1 to 120; a table gets at most 600 extra minutes in all.
    #[schema(example = 5)]
    pub minutes: u16,
    /// Why (kept in the audit log), 1 to 1000 characters.
    #[schema(example = "Schiedsrichterentscheidung an Tisch 3")]
    pub reason: String,
}

/// One table of the organiser's monitor.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MonitorTableView {
    /// The table.
    pub table_id: i64,
    /// Its number in the round.
    pub table_number: i32,
    /// 4 or 5.
    pub table_size: u8,
    /// Deals on the sheet.
    pub deals_entered: u16,
    /// Deals planned, one more for each deal thrown in (house rules, five nines), which
    /// is on the sheet but not a game.
    pub planned_deals: u16,
    /// The number of the next deal; `null` when the sheet is complete.
    pub next_deal: Option<u16>,
    /// Who deals next; `null` when the sheet is complete.
    pub next_dealer: Option<SeatPlayerView>,
    /// Who still owes the Pflichtsolo.
    pub pflichtsolo_owed: Vec<SeatPlayerView>,
    /// When Vorführen applies to the next deal: who must play his solo.
    pub forced_soloist: Option<SeatPlayerView>,
    /// Time is up: normal games are struck, owed Pflichtsoli are still played.
    pub time_up: bool,
    /// Why: `organiser` (called) or `clock` (the time ran out); `null` while it is not.
    pub time_up_by: Option<&'static str>,
    /// Whole seconds left, as on the sheet's clock; `null` before the round starts.
    pub seconds_left: Option<u64>,
    /// When the table's time runs out (UTC, RFC 3339); `null` before the round starts.
    pub ends_at: Option<String>,
    /// When the latest deal was entered (UTC, RFC 3339); `null` before the first.
    pub last_entry_at: Option<String>,
    /// No further deal is taken.
    pub complete: bool,
    /// Players who have signed the complete sheet (none before it is complete).
    pub signatures: u8,
    /// Every player at the table has signed the complete sheet.
    pub signed_by_all: bool,
    /// The organiser set the table's result (it could not play): nothing to sign.
    pub adjusted: bool,
    /// The arbitration panel stopped the table's round where it stood.
    pub stopped: bool,
    /// Why the table's sheet cannot be read as stored (its other fields are then empty);
    /// `null` normally.
    pub problem: Option<String>,
}

/// The organiser's view of a round in play, one row per table. Cheap to poll: it carries an
/// `ETag` (without the countdowns, see [`ClockView`]), and `If-None-Match` answers 304.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RoundMonitorResponse {
    /// The round.
    pub round_id: i64,
    /// Its number.
    pub round: i32,
    /// When the organiser started it (UTC, RFC 3339); `null` before.
    pub started_at: Option<String>,
    /// Closed for captains.
    pub closed: bool,
    /// The tables in number order.
    pub tables: Vec<MonitorTableView>,
}
