//! A table's score sheet on the wire: a deal as the captain enters it and the sheet as every
//! reader sees it (captains, organisers, the public, the printed pages).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire::clock::{ClockView, SeatPlayerView};
use crate::wire::deal::DealBody;
use crate::wire::score::ContractName;
use crate::wire::signatures::SignatureView;

/// A deal as it stands on a sheet: a Doppelkopf row of `deals`, or a family game's row of
/// `family.deals`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
pub enum DealView {
    /// A Doppelkopf deal.
    Doppelkopf(SheetDealView),
    /// A family game's deal.
    Family(FamilyDealView),
}

impl DealView {
    /// 1-based.
    pub fn number(&self) -> u16 {
        match self {
            DealView::Doppelkopf(deal) => deal.number,
            DealView::Family(deal) => deal.number,
        }
    }

    /// The version `If-Match` must name to correct the deal.
    pub fn version(&self) -> i32 {
        match self {
            DealView::Doppelkopf(deal) => deal.version,
            DealView::Family(deal) => deal.version,
        }
    }
}

/// The answer to an entry or a correction.
#[derive(Debug, Serialize, ToSchema)]
pub struct DealResponse {
    /// The deal as it stands on the sheet.
    pub deal: DealView,
    /// The whole sheet after the change.
    pub sheet: SheetResponse,
}

/// A penalty as shown on the sheet.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PenaltyView {
    /// Id.
    pub id: i64,
    /// insignificant, minor, serious or unsportsmanlike (TSR 9.2, 9.3, 9.4, 9.7).
    pub severity: String,
    /// The offending seat.
    pub offender: u8,
    /// The referee who ruled it.
    pub referee: String,
    /// What happened, in the referee's words.
    pub offence: Option<String>,
    /// The penalty's entries per seat.
    pub scores: Vec<i32>,
    /// The soloist, when the deal was a solo at the time.
    pub soloist: Option<u8>,
    /// For a Kontra player's minor violation in a solo: whether it could harm the soloist.
    pub could_harm_soloist: bool,
    /// Absagen the offender's opponents had made before.
    pub opposing_absagen: u8,
    /// For unsportsmanlike conduct: the points deducted from the offender without credit
    /// to the others (TSR 9.7.2 b), 0 for a warning (9.7.2 a); 0 for every other severity.
    pub deduction: u8,
    /// The version `If-Match` must name to correct or withdraw this penalty.
    pub version: i32,
}

/// One row of the sheet.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SheetDealView {
    /// 1-based.
    pub number: u16,
    /// The seat that dealt.
    pub dealer: u8,
    /// At a 5-table, the seat that sat out.
    pub sitting_out: Option<u8>,
    /// normal, pflichtsolo, lustsolo or vorgefuehrt; thrown_in for a deal thrown in
    /// (house rules, five nines).
    #[schema(example = "normal")]
    pub kind: &'static str,
    /// The contract as played.
    pub contract: ContractName,
    /// The Re party's seats.
    pub re: Vec<u8>,
    /// Each seat's entry, penalties included.
    pub scores: Vec<i32>,
    /// Each seat's entry from the game alone (zero when a penalty stopped it).
    pub game_scores: Vec<i32>,
    /// What the deal's game counts: 2 in a Bock round (house rules), absent otherwise.
    #[serde(skip_serializing_if = "crate::wire::deal::is_one")]
    pub factor: u8,
    /// Penalties on this deal.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub penalties: Vec<PenaltyView>,
    /// The version `If-Match` must name to correct this deal.
    pub version: i32,
    /// What was entered: the full facts, or the paper list's summary, which carries
    /// `"entry": "paper"`.
    pub entry: DealBody,
}

impl SheetDealView {
    /// Whether the deal was thrown in (nobody played it).
    pub fn is_thrown_in(&self) -> bool {
        matches!(self.entry, DealBody::ThrownIn(_))
    }

    /// Whether the entry forms can correct the deal: only full facts. A paper deal or a
    /// deal thrown in is deleted and entered again.
    pub fn has_facts(&self) -> bool {
        matches!(self.entry, DealBody::Full(_))
    }
}

/// The next deal to play.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NextDealView {
    /// 1-based.
    pub number: u16,
    /// The seat that deals.
    pub dealer: u8,
    /// At a 5-table, the seat that sits out.
    pub sitting_out: Option<u8>,
    /// When Vorführen applies: the only seat whose solo is accepted.
    pub forced_soloist: Option<u8>,
}

/// A table's score sheet.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SheetResponse {
    /// The table.
    pub table_id: i64,
    /// The table's number in its round.
    pub table_number: i32,
    /// The round's number.
    pub round: i32,
    /// Player ids in seat order.
    pub seats: Vec<i64>,
    /// The players in seat order, with their names and start numbers.
    pub players: Vec<SeatPlayerView>,
    /// At a 5-table, the player who sits out the next deal (`next.sitting_out`); `null`
    /// at a 4-table and when the sheet is complete.
    pub sitting_out_player: Option<SeatPlayerView>,
    /// 4 or 5.
    pub table_size: u8,
    /// Deals planned.
    pub planned_deals: u16,
    /// No further deal is taken.
    pub complete: bool,
    /// Time is up: normal games not yet begun are struck, owed Pflichtsoli are still
    /// played (TSR 8.5.1, 8.6).
    pub time_up: bool,
    /// Why time is up: `organiser` (called) or `clock` (the table's time ran out); `null`
    /// while it is not.
    #[schema(example = "clock")]
    pub time_up_by: Option<&'static str>,
    /// The table's clock; `null` until the organiser starts the round.
    pub clock: Option<ClockView>,
    /// The round is closed for captains.
    pub round_closed: bool,
    /// The deals so far.
    pub deals: Vec<SheetDealView>,
    /// Each seat's total.
    pub totals: Vec<i32>,
    /// The next deal, unless complete.
    pub next: Option<NextDealView>,
    /// Seats still owing their Pflichtsolo.
    pub pflichtsolo_owed: Vec<u8>,
    /// The players who confirmed the complete sheet, in the order they signed. Any change
    /// to the sheet (a correction, a deletion, a penalty) clears them.
    pub signatures: Vec<SignatureView>,
    /// Every player at the table has signed the complete sheet.
    pub signed_by_all: bool,
    /// At a family game's table, its sheet: the deals, keys and next deal, which the
    /// Doppelkopf fields above do not hold (there `deals` is empty and `totals` holds each
    /// seat's Golden Coins or points). Absent at a Doppelkopf table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub family: Option<FamilySheetView>,
    /// The result the organiser set because the table could not play its round: then
    /// `totals` are these points, the sheet is complete and takes no deal. Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub adjusted: Option<AdjustedView>,
    /// The arbitration panel stopped the round where it stands (TSR 9.7.2 c): the deals
    /// entered count, the sheet is complete, takes no deal and owes no Pflichtsolo. Absent
    /// otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<StoppedView>,
}

/// The arbitration panel's stop of a table's round.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StoppedView {
    /// The panel's reason.
    pub reason: String,
    /// When (UTC, RFC 3339).
    pub at: Option<String>,
}

/// A table's set result ("festgesetzte Wertung").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AdjustedView {
    /// Each seat's points, in seat order.
    pub points: Vec<i32>,
    /// Why the organiser set it.
    pub reason: String,
    /// When (UTC, RFC 3339).
    pub at: Option<String>,
}

/// One seat's keys on a family sheet: Golden then Silver Coins (Doublehead Kids), or points
/// and 0 (Doppeldoppel).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct FamilyTotalView {
    /// Golden Coins, or points.
    pub primary: i64,
    /// Silver Coins; 0 in Doppeldoppel.
    pub secondary: i64,
}

/// One deal on a family table's sheet.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FamilyDealView {
    /// 1-based.
    pub number: u16,
    /// The seat that dealt (Doublehead Kids); `null` in Doppeldoppel, whose rules name none.
    pub dealer: Option<u8>,
    /// The seat that played the first card.
    pub starter: u8,
    /// What each seat won: Golden Coins, or points.
    pub points: Vec<i64>,
    /// Each seat's keys after this deal.
    pub totals: Vec<FamilyTotalView>,
    /// The version `If-Match` must name to correct this deal.
    pub version: i32,
    /// What was entered.
    pub entry: DealBody,
}

/// The next deal at a family table.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct FamilyNextView {
    /// 1-based.
    pub number: u16,
    /// The seat that deals, when the game names one.
    pub dealer: Option<u8>,
    /// The seat that plays the first card.
    pub starter: u8,
}

/// A family table's sheet: what the Doppelkopf fields of the sheet do not say.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FamilySheetView {
    /// doublehead_kids or doppeldoppel.
    #[schema(example = "doppeldoppel")]
    pub game: &'static str,
    /// Doublehead Kids: the Golden Coins that end the round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub golden_coins: Option<u8>,
    /// Doublehead Kids' advanced game: 150 and 180 Silver Coins win more, foxes and
    /// Karlchen bring Golden Coins (absent in the basic game).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub advanced: bool,
    /// Doublehead Kids: players level at the top play on until one leads (absent when they
    /// share the win).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub play_on: bool,
    /// The deals so far.
    pub deals: Vec<FamilyDealView>,
    /// Each seat's keys.
    pub totals: Vec<FamilyTotalView>,
    /// The next deal, unless the round is over.
    pub next: Option<FamilyNextView>,
    /// The seats that won the round, once it is over.
    pub winners: Vec<u8>,
}

/// Sets the result of a table that could not play its round.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AdjustTableRequest {
    /// Each seat's points, in seat order (one per seat; at most 999 either way).
    #[schema(example = json!([0, 0, 0, 0]))]
    pub points: Vec<i64>,
    /// Why (required): what kept the table from playing.
    #[schema(example = "Spieler erkrankt, Tisch konnte nicht spielen")]
    pub reason: String,
}

/// Removes a table's set result.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RemoveAdjustmentRequest {
    /// Why (required).
    pub reason: String,
}

/// The arbitration panel stops a table's round where it stands.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StopTableRequest {
    /// The panel's reason (required).
    #[schema(example = "Spieler disqualifiziert (TSR 9.7.2 c); Restspiele entfallen")]
    pub reason: String,
}

/// Takes a table's stop back: it plays on where it stood.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResumeTableRequest {
    /// Why (required).
    pub reason: String,
}
