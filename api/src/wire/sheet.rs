//! A table's score sheet on the wire: a deal as the captain enters it and the sheet as every
//! reader sees it (captains, organisers, the public, the printed pages).

use domain::deal::{DealFacts, SeatSet, TableSize};
use domain::sheet::EnteredDeal;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain_errors::invalid_deal;
use crate::error::ApiError;
use crate::wire::score::{AnnouncementsBody, ContractName, ExtrasBody};

/// A deal as the captain enters it: the `/score` facts without what the table knows
/// (its size and who sits out), plus two request-only fields that are never stored.
///
/// One flat type rather than a wrapper with `#[serde(flatten)]`: flattening would cost the
/// field names in error answers.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DealEntry {
    /// When entering: the deal's number on the sheet, which must be the next one (two phones
    /// entering the same deal: the second gets 409 with the current sheet). When
    /// correcting: must be the number in the path, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u16>,
    /// Why a deal is entered or corrected out of the ordinary (kept in the audit log).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The contract as played.
    pub contract: ContractName,
    /// The Re party's seats (the soloist alone in a solo).
    pub re: Vec<u8>,
    /// Re's card points, 0–240.
    pub re_points: u16,
    /// Re's tricks, 0–12.
    pub re_tricks: u16,
    /// Each party's highest call.
    #[serde(default)]
    pub announcements: AnnouncementsBody,
    /// Each party's extras.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extras: Option<ExtrasBody>,
}

impl DealEntry {
    /// The entry as stored: without the request-only number and reason.
    pub fn stored(&self) -> DealEntry {
        DealEntry {
            number: None,
            reason: None,
            ..self.clone()
        }
    }

    pub fn entered(&self) -> Result<EnteredDeal, ApiError> {
        Ok(EnteredDeal {
            contract: self.contract.into(),
            re: SeatSet::from_seats(&self.re).map_err(|e| invalid_deal(&e))?,
        })
    }

    /// The facts of this entry as deal `sitting_out` of a table of `table_size`.
    pub fn facts(
        &self,
        table_size: TableSize,
        sitting_out: Option<u8>,
    ) -> Result<DealFacts, ApiError> {
        crate::wire::score::ScoreRequest {
            table_size: table_size.seats(),
            contract: self.contract,
            re: self.re.clone(),
            sitting_out,
            re_points: self.re_points,
            re_tricks: self.re_tricks,
            announcements: self.announcements,
            extras: self.extras,
        }
        .to_facts()
    }
}

/// A penalty as shown on the sheet.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PenaltyView {
    /// Id.
    pub id: i64,
    /// insignificant, minor or serious.
    pub severity: String,
    /// The offending seat.
    pub offender: u8,
    /// The referee who ruled it.
    pub referee: String,
    /// The penalty's entries per seat.
    pub scores: Vec<i32>,
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
    /// normal, pflichtsolo, lustsolo or vorgefuehrt.
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
    /// Penalties on this deal.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub penalties: Vec<PenaltyView>,
    /// The version `If-Match` must name to correct this deal.
    pub version: i32,
    /// What was entered.
    pub entry: DealEntry,
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
    /// 4 or 5.
    pub table_size: u8,
    /// Deals planned.
    pub planned_deals: u16,
    /// No further deal is taken.
    pub complete: bool,
    /// The organiser called time.
    pub time_up: bool,
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
}
