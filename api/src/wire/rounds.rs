//! The bodies of the rounds resource: creating a round (explicit tables or a draw), a
//! round with its tables as every answer shows it, and hand changes to its seats.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::seating::QualityBody;

/// The next round, from explicit tables.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateRoundRequest {
    /// Tables of 4 or 5 player ids each; list order is seat order (the first deals first,
    /// the last keeps the list). Either this or `draw`.
    #[serde(default)]
    #[schema(example = json!([[1, 2, 3, 4], [5, 6, 7, 8, 9]]))]
    pub tables: Option<Vec<Vec<i64>>>,
    /// Let Karlchen draw the tables from every player not withdrawn (once check-in has
    /// started: every player checked in and not withdrawn). Either this or `tables`.
    #[serde(default)]
    pub draw: Option<DrawRequest>,
    /// Create the round although an earlier round is still open (not closed). Without it
    /// that is refused with 409 `earlier_round_open`; with it the round is created and the
    /// audit log says which rounds were open.
    #[serde(default)]
    pub early: bool,
}

/// How to draw a round.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DrawRequest {
    /// `random` (uniform), `avoid_repeats` (fewest pairs who met before, balanced seats and
    /// 5-table duty, clubs apart), `by_standings` (top four at table 1, …) or `planned`
    /// (the round as the tournament's plan has it; give no seed, the plan's is used).
    #[schema(example = "avoid_repeats")]
    pub method: String,
    /// Any text; the same players, earlier rounds and seed give the same draw (default: a random one,
    /// stored and shown).
    #[serde(default)]
    pub seed: Option<String>,
}

/// How a round was drawn, and how good the draw is.
#[derive(Debug, Serialize, ToSchema)]
pub struct DrawResponse {
    /// The method.
    pub method: String,
    /// The seed: with the players (by start number) it re-derives the draw.
    pub seed: String,
    /// The quality of all rounds so far including this one (in the answer to the draw).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quality: Option<QualityBody>,
}

/// A table of a round.
#[derive(Debug, Serialize, ToSchema)]
pub struct TableResponse {
    /// Id.
    pub id: i64,
    /// 1-based.
    pub number: i32,
    /// Player ids in seat order.
    pub seats: Vec<i64>,
    /// Deals planned at this table.
    pub planned_deals: i32,
}

/// A round.
#[derive(Debug, Serialize, ToSchema)]
pub struct RoundResponse {
    /// Id.
    pub id: i64,
    /// 1-based.
    pub number: i32,
    /// No more captain entries.
    pub closed: bool,
    /// When the organiser started its clock (UTC, RFC 3339); `null` before
    /// (`POST /rounds/{id}/start`).
    #[schema(example = "2026-12-05T10:00:00.000000Z")]
    pub started_at: Option<String>,
    /// The tables.
    pub tables: Vec<TableResponse>,
    /// How it was drawn (absent for explicit tables).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw: Option<DrawResponse>,
}

/// A player named in an answer: who was left out, or seated without checking in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PlayerRef {
    /// Id.
    pub id: i64,
    /// Start number.
    pub start_number: i32,
    /// Name.
    pub name: String,
}

/// A round just created, with who it leaves out.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedRoundResponse {
    /// The round.
    #[serde(flatten)]
    pub round: RoundResponse,
    /// Players not withdrawn who have no seat in this round, by start number. A draw leaves
    /// out exactly the players not checked in once check-in has started (somebody is
    /// checked in); explicit tables leave out whoever they do not seat.
    pub left_out: Vec<PlayerRef>,
    /// Players seated although check-in has started and they are not checked in, by start
    /// number. Draws never do that; explicit tables are the organiser's choice and may.
    pub seated_not_checked_in: Vec<PlayerRef>,
}

/// How to close a round. The body may be left out: that is `{"force": false}`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CloseRoundRequest {
    /// Close even though tables are not complete (their list comes with the 409
    /// `round_incomplete` that closing without it answers). The audit log keeps them.
    #[serde(default)]
    pub force: bool,
}

/// A table that keeps its round from closing: deals still to play.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct IncompleteTable {
    /// The table's id.
    pub table_id: i64,
    /// Its number in the round.
    pub table_number: i32,
    /// Deals on its sheet.
    pub deals: usize,
    /// Deals planned there.
    pub planned_deals: i32,
    /// Deals still to play: the planned ones left, or after time-up the owed Pflichtsoli.
    pub deals_left: u16,
    /// Whether time-up was called there.
    pub time_up: bool,
    /// Seats (from 0) still owing their Pflichtsolo.
    pub pflichtsolo_owed: Vec<u8>,
}

/// Changes to a round's seats before it starts, applied in order.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"changes": [{"swap": {"players": [3, 17]}}], "dry_run": true}))]
pub struct ReseatRequest {
    /// The changes, applied in order; only the result must have tables of 4 or 5.
    pub changes: Vec<SeatChangeBody>,
    /// Only show the result and its quality; change nothing.
    #[serde(default)]
    pub dry_run: bool,
}

/// One change to a round's seats.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SeatChangeBody {
    /// Two players trade places. One may be without a seat in this round: he takes the
    /// other's seat (a late arrival replaces a withdrawn player).
    Swap {
        /// The two player ids.
        #[schema(example = json!([3, 17]))]
        players: Vec<i64>,
    },
    /// A player goes to a table, leaving his old seat if he had one (a late arrival joins a
    /// 4-table this way).
    Move {
        /// The player id.
        player: i64,
        /// The table number (from 1).
        table: i32,
        /// The seat (from 1; default: after the others). Later players move one seat on.
        #[serde(default)]
        seat: Option<i32>,
    },
    /// A player leaves the round (withdrawal).
    Remove {
        /// The player id.
        player: i64,
    },
}

/// A round's seats after changes, with the quality before and after.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReseatResponse {
    /// The round as it is now (as it would be, for a dry run).
    pub round: RoundResponse,
    /// Whether the changes were stored (false for a dry run).
    pub applied: bool,
    /// Quality of the rounds up to this one, before the changes.
    pub quality_before: QualityBody,
    /// And after them.
    pub quality_after: QualityBody,
}
