//! A table's score sheet on the wire: a deal as the captain enters it and the sheet as every
//! reader sees it (captains, organisers, the public, the printed pages).

use domain::deal::{Announcements, Extras, FactsError, PartyExtras, SeatSet};
use domain::sheet::RecordedDeal;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::wire::score::{AnnouncementsBody, ContractName, ExtrasBody, ExtrasCounts};

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
    /// The deal as the domain checks and scores it. Only the Re party can fail here (two
    /// seats the same, a seat past any table); card points and tricks out of range are
    /// named first, as the `/score` calculator names them.
    pub fn recorded(&self) -> Result<RecordedDeal, FactsError> {
        let re = SeatSet::from_seats(&self.re).map_err(|seats| {
            if self.re_points > 240 {
                FactsError::PointsOutOfRange {
                    points: self.re_points,
                }
            } else if self.re_tricks > 12 {
                FactsError::TricksOutOfRange {
                    tricks: self.re_tricks,
                }
            } else {
                seats
            }
        })?;
        let extras = self.extras.unwrap_or_default();
        let counts = |e: ExtrasCounts| Extras {
            doppelkopf: e.doppelkopf,
            fox: e.fox,
            karlchen: e.karlchen,
        };
        Ok(RecordedDeal {
            contract: self.contract.into(),
            re,
            re_points: self.re_points,
            re_tricks: self.re_tricks,
            announcements: Announcements {
                re: self.announcements.re.into(),
                kontra: self.announcements.kontra.into(),
            },
            extras: PartyExtras {
                re: counts(extras.re),
                kontra: counts(extras.kontra),
            },
        })
    }
}

/// The answer to an entry or a correction.
#[derive(Debug, Serialize, ToSchema)]
pub struct DealResponse {
    /// The deal as it stands on the sheet.
    pub deal: SheetDealView,
    /// The whole sheet after the change.
    pub sheet: SheetResponse,
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
    /// The soloist, when the deal was a solo at the time.
    pub soloist: Option<u8>,
    /// For a Kontra player's minor violation in a solo: whether it could harm the soloist.
    pub could_harm_soloist: bool,
    /// Absagen the offender's opponents had made before.
    pub opposing_absagen: u8,
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
