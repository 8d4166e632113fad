//! The open results format on the wire: one versioned JSON document per tournament, with
//! everything stored about it and what its deals scored (`docs/results-format.md`
//! describes every field, `docs/results-format.schema.json` is its JSON Schema).
//!
//! The document names no database id: players are referred to by start number, tables by
//! their round's number and their own, so a document reads the same from any instance and
//! imports into any other. Version 1's field names are frozen; a change is version 2.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The document's `format`.
pub const FORMAT: &str = "karlchen-results";

/// The version this service writes and reads.
pub const VERSION: u32 = 1;

/// A whole tournament: its settings, players, seating plan, rounds with their tables,
/// deals (as entered and as scored), penalties and signatures, and its audit log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsDocument {
    /// Always `karlchen-results`.
    #[schema(example = "karlchen-results")]
    pub format: String,
    /// The format's version; this service writes and reads 1.
    #[schema(example = 1)]
    pub version: u32,
    /// When the document was written (UTC).
    pub exported_at: DateTime<Utc>,
    /// The tournament's settings.
    pub tournament: ResultsTournament,
    /// Every registered player, by start number.
    pub players: Vec<ResultsPlayer>,
    /// The seating planned up front, if any.
    pub seating_plan: Option<ResultsPlan>,
    /// The rounds in order.
    pub rounds: Vec<ResultsRound>,
    /// The audit log, oldest first.
    pub audit: Vec<ResultsAuditLine>,
}

/// A tournament's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsTournament {
    /// Name.
    pub name: String,
    /// The day it is held.
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    /// Where.
    pub venue: Option<String>,
    /// Rounds planned.
    pub rounds_planned: i32,
    /// Deals per round at a 4-table.
    pub deals_four: i32,
    /// Deals per round at a 5-table.
    pub deals_five: i32,
    /// Minutes per round at a 4-table.
    pub minutes_four: i32,
    /// Minutes per round at a 5-table.
    pub minutes_five: i32,
    /// The rules it is played by by name: `ddv`, `house`, `doublehead_kids`, `doppeldoppel`.
    pub ruleset: String,
    /// The game and its rules in full; absent for the DDV's tournament rules (documents
    /// written before games existed have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<super::game::GameBody>,
    /// Tie-breaks after the total, in order.
    pub tie_breaks: Vec<String>,
    /// Readable without a token.
    pub published: bool,
    /// Created (UTC).
    pub created_at: DateTime<Utc>,
    /// Where it was held, an IANA time zone name; absent in documents written before
    /// tournaments had one (read as `Europe/Berlin`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    /// When its organiser finished it: its standings are final (absent while it ran, and
    /// in documents written before tournaments could be finished). An import keeps it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished_at: Option<DateTime<Utc>>,
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsPlayer {
    /// Start number, unique in the tournament; the document refers to players by it.
    pub start_number: i32,
    /// Full name.
    pub name: String,
    /// The name the public sees, if the player asked to be shown abbreviated.
    pub public_name: Option<String>,
    /// Club.
    pub club: Option<String>,
    /// DDV membership number.
    pub ddv_number: Option<String>,
    /// Present at the venue.
    pub checked_in: bool,
    /// Left the tournament.
    pub withdrawn: bool,
    /// Registered (UTC).
    pub created_at: DateTime<Utc>,
    /// The arbitration panel's disqualification (TSR 9.7.2 c); absent if none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disqualification: Option<ResultsDisqualification>,
}

/// A player's disqualification (TSR 9.7.2 c).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsDisqualification {
    /// When (UTC).
    pub at: DateTime<Utc>,
    /// Why.
    pub reason: String,
    /// `kept` (ranked and marked) or `struck` (not ranked).
    pub results: String,
}

/// The seating planned up front.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsPlan {
    /// The seed it was planned with.
    pub seed: String,
    /// The number of its first round.
    pub first_round: i32,
    /// Round after round: its tables, each the start numbers in seat order.
    pub rounds: Vec<Vec<Vec<i32>>>,
    /// Planned (UTC).
    pub created_at: DateTime<Utc>,
}

/// A round with its tables.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsRound {
    /// 1-based, unique in the tournament.
    pub number: i32,
    /// Closed: no more captain entries.
    pub closed: bool,
    /// Created (drawn) (UTC).
    pub created_at: DateTime<Utc>,
    /// When the organiser started its clock (UTC).
    pub started_at: Option<DateTime<Utc>>,
    /// How the tables were drawn (`random`, `avoid_repeats`, `by_standings`, …), if drawn.
    pub draw_method: Option<String>,
    /// The seed of the draw.
    pub draw_seed: Option<String>,
    /// Its tables, by number.
    pub tables: Vec<ResultsTable>,
}

/// A table of a round with its sheet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsTable {
    /// 1-based, unique in the round.
    pub number: i32,
    /// The players' start numbers in seat order (seat 0 first; 4 or 5).
    pub seats: Vec<i32>,
    /// Deals planned at this table.
    pub planned_deals: i32,
    /// Minutes granted on top of the round's time.
    pub extra_minutes: i32,
    /// Time was called after this many deals.
    pub time_up_after: Option<i32>,
    /// The time-up mark was made by the table's clock, not by the organiser.
    pub time_up_by_clock: bool,
    /// Deal versions handed out before the table's last deletion are at most this.
    pub version_floor: i32,
    /// The deals in order, numbered 1, 2, 3, … without a gap.
    pub deals: Vec<ResultsDeal>,
    /// The penalties the referee ruled.
    pub penalties: Vec<ResultsPenalty>,
    /// The players' signatures under the complete sheet.
    pub signatures: Vec<ResultsSignature>,
    /// Each seat's total (derived; checked on import). Null when the sheet does not score.
    pub totals: Option<Vec<i32>>,
    /// The result the organiser set because the table could not play (then it has no
    /// deals and `totals` are these points). Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjusted: Option<ResultsAdjustment>,
    /// The arbitration panel stopped the round where it stood (TSR 9.7.2 c): the deals
    /// count, nothing more was played. Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<ResultsStop>,
}

/// The arbitration panel's stop of a table's round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsStop {
    /// The panel's reason.
    pub reason: String,
    /// When (UTC).
    pub at: DateTime<Utc>,
}

/// A table's set result ("festgesetzte Wertung").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsAdjustment {
    /// Each seat's points, in seat order.
    pub points: Vec<i64>,
    /// Why the organiser set it.
    pub reason: String,
    /// When (UTC).
    pub at: DateTime<Utc>,
}

/// A deal's entry as the document writes it, kept as its JSON text: the stored entry
/// reader reads it on import, and a championship's 8 160 entries as JSON trees would
/// weigh several times the document.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RawEntry(pub Box<serde_json::value::RawValue>);

impl PartialEq for RawEntry {
    fn eq(&self, other: &RawEntry) -> bool {
        self.0.get() == other.0.get()
    }
}

/// One deal: as entered, and as the rules score it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsDeal {
    /// 1-based.
    pub number: i32,
    /// Raised by every correction.
    pub version: i32,
    /// Entered (UTC).
    pub entered_at: DateTime<Utc>,
    /// Last corrected (UTC; the entry time when never corrected).
    pub updated_at: DateTime<Utc>,
    /// What was entered, in the stored entry format: the full facts (`format` 1) or the
    /// paper list's summary (`format` 2, `"entry": "paper"`).
    #[schema(value_type = Object)]
    pub entry: RawEntry,
    /// What it scored (derived; checked on import). Null when the sheet does not score.
    pub scored: Option<ResultsScored>,
}

/// A deal as the rules score it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsScored {
    /// The seat that dealt.
    pub dealer: u8,
    /// At a 5-table, the seat that sat out.
    pub sitting_out: Option<u8>,
    /// `normal`, `pflichtsolo`, `lustsolo`, `vorgefuehrt`, or `thrown_in` (house rules).
    pub kind: String,
    /// The soloist of a declared solo.
    pub soloist: Option<u8>,
    /// `re`, `kontra` or `none`.
    pub winner: String,
    /// The game value for the winner (TSR 7), before the soloist's ×3.
    pub value: i32,
    /// Each seat's entry from the game alone.
    pub game_scores: Vec<i32>,
    /// Each seat's entry on the sheet, penalties included.
    pub scores: Vec<i32>,
}

/// A penalty as the referee ruled it (TSR 9).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsPenalty {
    /// The deal it belongs to.
    pub deal_number: i32,
    /// `insignificant`, `minor`, `serious` or `unsportsmanlike`.
    pub severity: String,
    /// The offending seat.
    pub offender: i32,
    /// The soloist, in a solo.
    pub soloist: Option<i32>,
    /// TSR 9.3.3 b: a Kontra player's minor violation could harm the soloist.
    pub could_harm_soloist: bool,
    /// Absagen of the offender's opponents.
    pub opposing_absagen: i32,
    /// For unsportsmanlike conduct: the points deducted without credit to the others (TSR
    /// 9.7.2 b), 0 for a warning; 0 for every other severity. Left out by documents from
    /// before it was recorded.
    #[serde(default)]
    pub deduction: i32,
    /// The referee's name.
    pub referee: String,
    /// What happened, in the referee's words.
    pub offence: Option<String>,
    /// Recorded (UTC).
    pub recorded_at: DateTime<Utc>,
    /// Raised by every correction.
    pub version: i32,
    /// Its entries per seat (derived; checked on import). Null when it is on no deal of
    /// the sheet or the sheet does not score.
    pub scores: Option<Vec<i32>>,
}

/// A player's signature under his table's complete sheet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsSignature {
    /// The player who signed, by start number.
    pub start_number: i32,
    /// When (UTC).
    pub signed_at: DateTime<Utc>,
}

/// A table named by its round and number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsTableRef {
    /// The round's number.
    pub round: i32,
    /// The table's number in it.
    pub table: i32,
}

/// Who made a change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsActor {
    /// `organizer`, `captain` (of the line's table) or `public`.
    pub role: String,
    /// An organiser's e-mail, when known.
    pub email: Option<String>,
}

/// One line of the audit log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultsAuditLine {
    /// When (UTC).
    pub at: DateTime<Utc>,
    /// Who.
    pub actor: ResultsActor,
    /// What: `deal.create`, `deal.update`, `penalty.create`, …
    pub action: String,
    /// The table, when the change was at one that still exists.
    pub table: Option<ResultsTableRef>,
    /// Why.
    pub reason: Option<String>,
    /// Before, as recorded (ids in it are the exporting instance's).
    #[schema(value_type = Option<Object>)]
    pub before: Option<serde_json::Value>,
    /// After, as recorded (ids in it are the exporting instance's).
    #[schema(value_type = Option<Object>)]
    pub after: Option<serde_json::Value>,
}

/// What an import created.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ImportedResultsResponse {
    /// The new tournament, owned by the importing organiser.
    pub tournament_id: i64,
    /// Players created.
    pub players: usize,
    /// Rounds created.
    pub rounds: usize,
    /// Tables created.
    pub tables: usize,
    /// Deals created.
    pub deals: usize,
    /// Penalties created.
    pub penalties: usize,
    /// Audit lines carried over (the import's own line not counted).
    pub audit_lines: usize,
}

/// Which spreadsheet dialect the DDV ranking CSV is written in.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct DdvQuery {
    /// `plain` (default: `,`, decimal point, English headers) or `de` (German Excel: `;`,
    /// decimal comma, UTF-8 with BOM, German headers), as the standings CSV.
    #[param(value_type = Option<crate::wire::standings::CsvDialect>, inline)]
    pub dialect: Option<String>,
}
