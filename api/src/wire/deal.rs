//! A deal on the wire as the captain enters it: the request body of an entry or a
//! correction, in any of its shapes (the full facts, the paper list's summary, a deal
//! thrown in, a family game's deal), and its translation into the domain's entry.

use domain::deal::{Announcements, FactsError, PartyExtras, SeatSet};
use domain::game::FamilyDeal;
use domain::sheet::{PaperDeal, RecordedDeal, SheetEntry};
use domain::table::TableEntry;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain_errors::invalid_deal;
use crate::error::ApiError;
use crate::extract;
use crate::wire::family::{
    DoppeldoppelDealEntry, FamilyEntryError, KidsDealEntry, invalid_family_deal,
};
use crate::wire::score::{
    AnnouncementsBody, ClubQueensName, ContractName, ExtrasBody, PartyName, counts,
};

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
    /// Re's tricks, 0–12. May be left out when they cannot change the score: when both
    /// parties have card points (and always without the nines), since only "schwarz" looks
    /// at tricks and a party with card points took one. Required when Re has 0 or 240.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub re_tricks: Option<u16>,
    /// Each party's highest call.
    #[serde(default)]
    pub announcements: AnnouncementsBody,
    /// Each party's extras.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extras: Option<ExtrasBody>,
    /// An Armut under the house rule `armut_alten_by_queens` only, and required there: who
    /// held both ♣Q after the exchange (`re`, `kontra`, `split`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club_queens: Option<ClubQueensName>,
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
            } else if let Some(tricks) = self.re_tricks.filter(|&t| t > 12) {
                FactsError::TricksOutOfRange { tricks }
            } else {
                seats
            }
        })?;
        let extras = self.extras.unwrap_or_default();
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
            club_queens: self.club_queens.map(Into::into),
        })
    }
}

/// Marks a deal entry as the paper list's summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PaperMark {
    /// Keyed in from the paper score sheet.
    Paper,
}

/// A deal as the paper score sheet holds it (TSR 7.3.3), keyed in by the organiser when a
/// table lost its phone and finished the round on paper: the contract, who played Re (or
/// the solo), the game value and which party's entries are positive. It goes through the
/// same checks as a full entry (order of play, Pflichtsolo, Vorführen, the dealer who sits
/// out) and gives each seat exactly what the full facts of the deal would.
///
/// Whether a solo was a Pflichtsolo, a Lustsolo or vorgeführt is not entered: the sheet
/// derives it from the order of play, as for a full entry.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PaperDealEntry {
    /// Always `paper`: what tells this body from a full entry.
    pub entry: PaperMark,
    /// As for a full entry: the deal's number, which must be the next one when entering
    /// and the number in the path when correcting.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u16>,
    /// Why the deal is keyed in from paper or corrected (kept in the audit log).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The contract as played; wedding_solo and silent_wedding are scored as solos.
    pub contract: ContractName,
    /// The Re party's seats (the soloist alone in a deal scored as a solo).
    pub re: Vec<u8>,
    /// The game value the paper shows: each player of the winning party gets it, the
    /// soloist three times it. At most 31 (21 for a deal scored as a solo).
    #[schema(example = 3)]
    pub value: u16,
    /// The party whose entries are positive on the paper (the soloist's side is `re`);
    /// required unless the value is 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<PartyName>,
}

impl PaperDealEntry {
    /// The deal as the domain checks and scores it. Only the Re party can fail here (two
    /// seats the same, a seat past any table); the rest is checked where the deal stands.
    pub fn paper(&self) -> Result<PaperDeal, FactsError> {
        Ok(PaperDeal {
            contract: self.contract.into(),
            re: SeatSet::from_seats(&self.re)?,
            value: self.value,
            winner: self.winner.map(Into::into),
        })
    }
}

/// Marks a deal entry as thrown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ThrownInMark {
    /// The cards were thrown in.
    ThrownIn,
}

/// House rules XIII (five nines): a player held five nines or more (or five kings, or a
/// declared Armut nobody took), the cards were thrown in and the same dealer deals again.
/// Taken only at a table whose rules have `five_nines`, `five_kings` or `armut` (elsewhere
/// 422 `invalid_deal`, field `entry`, code `not_in_rules`). The deal keeps its number on
/// the sheet, counts nothing and does not count toward the planned deals.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ThrownInEntry {
    /// Always `thrown_in`: what tells this body from the others.
    pub entry: ThrownInMark,
    /// As for a full entry: the next deal's number when entering, the path's when
    /// correcting.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u16>,
    /// Why the deal is corrected (kept in the audit log).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A deal as entered, a union tagged by `entry`: the full facts of a Doppelkopf deal (a
/// phone; the one kind without the tag, as before there were others), the paper list's
/// summary (`"entry": "paper"`), a deal thrown in (`"entry": "thrown_in"`), or a deal of a
/// family game (`"entry": "doublehead_kids"`, `"entry": "doppeldoppel"`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
pub enum DealBody {
    /// Card points, tricks, calls and extras.
    Full(DealEntry),
    /// Contract, Re party, value and winner, with `"entry": "paper"`.
    Paper(PaperDealEntry),
    /// Nothing but `"entry": "thrown_in"` (house rules).
    ThrownIn(ThrownInEntry),
    /// A deal of Doublehead Kids, with `"entry": "doublehead_kids"`.
    Kids(KidsDealEntry),
    /// A deal of Doppeldoppel, with `"entry": "doppeldoppel"`.
    Doppeldoppel(DoppeldoppelDealEntry),
}

impl DealBody {
    /// Parses a request body: a body with `"entry": "thrown_in"` is a deal thrown in, one
    /// with any other `entry` a paper entry (refused as one when it is not), any other a
    /// full entry, parsed and refused exactly as before paper entries existed.
    pub fn parse(bytes: &[u8]) -> Result<DealBody, ApiError> {
        /// Only the marker; every other field is left to the real parse.
        #[derive(Deserialize)]
        struct Probe {
            #[serde(default)]
            entry: Option<serde_json::Value>,
        }
        match serde_json::from_slice::<Probe>(bytes) {
            Ok(Probe { entry: Some(mark) }) if mark == "thrown_in" => {
                extract::parse(bytes).map(DealBody::ThrownIn)
            }
            Ok(Probe { entry: Some(mark) }) if mark == "doublehead_kids" => {
                extract::parse(bytes).map(DealBody::Kids)
            }
            Ok(Probe { entry: Some(mark) }) if mark == "doppeldoppel" => {
                extract::parse(bytes).map(DealBody::Doppeldoppel)
            }
            Ok(Probe { entry: Some(_) }) => extract::parse(bytes).map(DealBody::Paper),
            _ => extract::parse(bytes).map(DealBody::Full),
        }
    }

    /// The deal as the domain reads it, whichever game it belongs to; whether it fits the
    /// table is the table's to say ([`domain::table::TableSheet::check_next`]). A Doppelkopf
    /// body can fail only in its Re party here, a family game's in its own facts.
    pub fn table_entry(&self) -> Result<TableEntry, ApiError> {
        let doppelkopf = |deal: Result<SheetEntry, FactsError>| {
            deal.map(TableEntry::Doppelkopf)
                .map_err(|e| invalid_deal(&e))
        };
        let family = |deal: Result<FamilyDeal, FamilyEntryError>| {
            deal.map(TableEntry::Family)
                .map_err(|e| invalid_family_deal(&e))
        };
        match self {
            DealBody::Full(entry) => doppelkopf(entry.recorded().map(SheetEntry::Full)),
            DealBody::Paper(entry) => doppelkopf(entry.paper().map(SheetEntry::Paper)),
            DealBody::ThrownIn(_) => Ok(TableEntry::Doppelkopf(SheetEntry::ThrownIn)),
            DealBody::Kids(entry) => family(entry.deal().map(FamilyDeal::Kids).map_err(Into::into)),
            DealBody::Doppeldoppel(entry) => family(
                entry
                    .deal()
                    .map(FamilyDeal::Doppeldoppel)
                    .map_err(Into::into),
            ),
        }
    }

    /// The number the body names, if any.
    pub fn number(&self) -> Option<u16> {
        match self {
            DealBody::Full(entry) => entry.number,
            DealBody::Paper(entry) => entry.number,
            DealBody::ThrownIn(entry) => entry.number,
            DealBody::Kids(entry) => entry.number,
            DealBody::Doppeldoppel(entry) => entry.number,
        }
    }

    /// The reason the body gives, if any.
    pub fn reason(&self) -> Option<&str> {
        match self {
            DealBody::Full(entry) => entry.reason.as_deref(),
            DealBody::Paper(entry) => entry.reason.as_deref(),
            DealBody::ThrownIn(entry) => entry.reason.as_deref(),
            DealBody::Kids(entry) => entry.reason.as_deref(),
            DealBody::Doppeldoppel(entry) => entry.reason.as_deref(),
        }
    }

    /// The body with `reason` (trimmed; an empty one is none), whatever its kind.
    #[must_use]
    pub fn with_reason(mut self, reason: &str) -> DealBody {
        let reason = Some(reason.trim().to_owned()).filter(|r| !r.is_empty());
        match &mut self {
            DealBody::Full(entry) => entry.reason = reason,
            DealBody::Paper(entry) => entry.reason = reason,
            DealBody::ThrownIn(entry) => entry.reason = reason,
            DealBody::Kids(entry) => entry.reason = reason,
            DealBody::Doppeldoppel(entry) => entry.reason = reason,
        }
        self
    }

    /// Whether the body is the paper list's summary.
    pub fn is_paper(&self) -> bool {
        matches!(self, DealBody::Paper(_))
    }

    /// The contract as played; `normal` for a deal thrown in, which was dealt as one, and
    /// `None` for a family game's deal, which has no contract.
    pub fn contract(&self) -> Option<ContractName> {
        match self {
            DealBody::Full(entry) => Some(entry.contract),
            DealBody::Paper(entry) => Some(entry.contract),
            DealBody::ThrownIn(_) => Some(domain::sheet::EnteredDeal::THROWN_IN.contract.into()),
            DealBody::Kids(_) | DealBody::Doppeldoppel(_) => None,
        }
    }

    /// The Re party's seats as entered; none for a deal thrown in or a family game's deal.
    pub fn re(&self) -> &[u8] {
        match self {
            DealBody::Full(entry) => &entry.re,
            DealBody::Paper(entry) => &entry.re,
            DealBody::ThrownIn(_) | DealBody::Kids(_) | DealBody::Doppeldoppel(_) => &[],
        }
    }
}

/// Whether a count is the one it is unless said otherwise (skipped when writing).
pub(crate) fn is_one(n: &u8) -> bool {
    *n == 1
}
