//! A table's deals as stored: one row per deal, its facts in the `facts` column as a
//! [`StoredDeal`] in JSON, for a deal keyed in from the paper list a [`StoredPaperDeal`],
//! for a deal thrown in (house rules) a [`StoredThrownIn`], for a family game's deal the
//! formats of [`super::family_deals`] ([`StoredEntry`] reads each).
//!
//! The stored form is its own type with an explicit format version, so the HTTP body can
//! change without touching a single stored row. Rows written before the format was
//! introduced (the entry's wire form, without `format`) keep loading through the frozen
//! [`LegacyDeal`]. Format 1 is the full facts, format 2 the paper summary, format 3 a deal
//! thrown in; full deals are
//! still written in format 1, so every row written before paper entries reads unchanged.

use diesel::prelude::*;
use domain::deal::Party;
use domain::deal::{
    Announcements, CallLevel, ClubQueens, Contract, Extras, FactsError, PartyExtras, SeatSet,
};
use domain::game::FamilyDeal;
use domain::sheet::{PaperDeal, RecordedDeal, SheetEntry};
use domain::table::TableEntry;
use serde::{Deserialize, Serialize};

use super::DbConn;
use super::family_deals::{
    DOPPELDOPPEL_FORMAT, KIDS_EXTRAS_FORMAT, KIDS_FORMAT, StoredDoppeldoppelDeal, StoredKidsDeal,
};
use super::models::DealRow;
use super::schema::deals;

/// The format every new row of full facts is written in.
pub const FORMAT: u32 = 1;

/// The format of full facts whose tricks were not counted: format 1 without `re_tricks`.
/// A row of it is refused by a reader that knows format 1 only, rather than read wrong.
pub const UNCOUNTED_FORMAT: u32 = 6;

/// A deal's facts as stored, format 1, or format 6 ([`UNCOUNTED_FORMAT`]) when the tricks
/// were not counted. The field names and value strings are frozen: a change is a new
/// format with its own reader, never an edit here. The one exception is a field a house
/// rule adds that is absent whenever unused (`karlchen_caught`, `fox_last_trick`,
/// `heart_ten`, `club_queens`): every row of a TSR deal stays readable by an older binary,
/// and only a deal that uses the rule needs a binary that knows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredDeal {
    /// Always [`FORMAT`]; written explicitly.
    pub format: u32,
    /// The contract as played.
    pub contract: StoredContract,
    /// The Re party's seats, in the order entered.
    pub re: Vec<u8>,
    /// Re's card points, as entered.
    pub re_points: u16,
    /// Re's tricks, as entered; absent in format 6 only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub re_tricks: Option<u16>,
    /// Each party's highest call.
    pub calls: StoredCalls,
    /// Each party's extras; absent when none were entered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extras: Option<StoredExtras>,
    /// Who held both ♣Q after an Armut's exchange, where the rules ask; absent otherwise,
    /// so every row without it reads and writes as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club_queens: Option<StoredClubQueens>,
}

/// Who held both ♣Q as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StoredClubQueens {
    /// The Armut's pair.
    Re,
    /// The other two.
    Kontra,
    /// One each.
    Split,
}

impl From<StoredClubQueens> for ClubQueens {
    fn from(q: StoredClubQueens) -> ClubQueens {
        match q {
            StoredClubQueens::Re => ClubQueens::Re,
            StoredClubQueens::Kontra => ClubQueens::Kontra,
            StoredClubQueens::Split => ClubQueens::Split,
        }
    }
}

impl From<ClubQueens> for StoredClubQueens {
    fn from(q: ClubQueens) -> StoredClubQueens {
        match q {
            ClubQueens::Re => StoredClubQueens::Re,
            ClubQueens::Kontra => StoredClubQueens::Kontra,
            ClubQueens::Split => StoredClubQueens::Split,
        }
    }
}

/// A contract as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StoredContract {
    /// Normal game.
    #[serde(rename = "normal")]
    Normal,
    /// Wedding with a partner.
    #[serde(rename = "wedding")]
    Wedding,
    /// Wedding without a partner.
    #[serde(rename = "wedding_solo")]
    WeddingSolo,
    /// Silent wedding.
    #[serde(rename = "silent_wedding")]
    SilentWedding,
    /// Damensolo.
    #[serde(rename = "solo_queens")]
    SoloQueens,
    /// Bubensolo.
    #[serde(rename = "solo_jacks")]
    SoloJacks,
    /// Fleischloser.
    #[serde(rename = "solo_fleshless")]
    SoloFleshless,
    /// Farbsolo ♦.
    #[serde(rename = "solo_diamonds")]
    SoloDiamonds,
    /// Farbsolo ♥.
    #[serde(rename = "solo_hearts")]
    SoloHearts,
    /// Farbsolo ♠.
    #[serde(rename = "solo_spades")]
    SoloSpades,
    /// Farbsolo ♣.
    #[serde(rename = "solo_clubs")]
    SoloClubs,
    /// Armut (house rule XII).
    #[serde(rename = "armut")]
    Armut,
}

impl From<StoredContract> for Contract {
    fn from(c: StoredContract) -> Contract {
        match c {
            StoredContract::Normal => Contract::Normal,
            StoredContract::Wedding => Contract::Wedding,
            StoredContract::WeddingSolo => Contract::WeddingSolo,
            StoredContract::SilentWedding => Contract::SilentWedding,
            StoredContract::SoloQueens => Contract::SoloQueens,
            StoredContract::SoloJacks => Contract::SoloJacks,
            StoredContract::SoloFleshless => Contract::SoloFleshless,
            StoredContract::SoloDiamonds => Contract::SoloDiamonds,
            StoredContract::SoloHearts => Contract::SoloHearts,
            StoredContract::SoloSpades => Contract::SoloSpades,
            StoredContract::SoloClubs => Contract::SoloClubs,
            StoredContract::Armut => Contract::Armut,
        }
    }
}

impl From<Contract> for StoredContract {
    fn from(c: Contract) -> StoredContract {
        match c {
            Contract::Normal => StoredContract::Normal,
            Contract::Wedding => StoredContract::Wedding,
            Contract::WeddingSolo => StoredContract::WeddingSolo,
            Contract::SilentWedding => StoredContract::SilentWedding,
            Contract::SoloQueens => StoredContract::SoloQueens,
            Contract::SoloJacks => StoredContract::SoloJacks,
            Contract::SoloFleshless => StoredContract::SoloFleshless,
            Contract::SoloDiamonds => StoredContract::SoloDiamonds,
            Contract::SoloHearts => StoredContract::SoloHearts,
            Contract::SoloSpades => StoredContract::SoloSpades,
            Contract::SoloClubs => StoredContract::SoloClubs,
            Contract::Armut => StoredContract::Armut,
        }
    }
}

/// A party's highest call as stored, the same words for both parties.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum StoredCall {
    /// Nothing said.
    #[default]
    #[serde(rename = "none")]
    None,
    /// "Re" or "Kontra".
    #[serde(rename = "ansage")]
    Ansage,
    /// "keine 90".
    #[serde(rename = "no90")]
    No90,
    /// "keine 60".
    #[serde(rename = "no60")]
    No60,
    /// "keine 30".
    #[serde(rename = "no30")]
    No30,
    /// "schwarz".
    #[serde(rename = "schwarz")]
    Schwarz,
}

impl From<StoredCall> for CallLevel {
    fn from(c: StoredCall) -> CallLevel {
        match c {
            StoredCall::None => CallLevel::None,
            StoredCall::Ansage => CallLevel::Ansage,
            StoredCall::No90 => CallLevel::No90,
            StoredCall::No60 => CallLevel::No60,
            StoredCall::No30 => CallLevel::No30,
            StoredCall::Schwarz => CallLevel::Schwarz,
        }
    }
}

impl From<CallLevel> for StoredCall {
    fn from(c: CallLevel) -> StoredCall {
        match c {
            CallLevel::None => StoredCall::None,
            CallLevel::Ansage => StoredCall::Ansage,
            CallLevel::No90 => StoredCall::No90,
            CallLevel::No60 => StoredCall::No60,
            CallLevel::No30 => StoredCall::No30,
            CallLevel::Schwarz => StoredCall::Schwarz,
        }
    }
}

/// Both parties' highest calls as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredCalls {
    /// Re's.
    pub re: StoredCall,
    /// Kontra's.
    pub kontra: StoredCall,
}

/// One party's extras as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredCounts {
    /// Doppelköpfe.
    pub doppelkopf: u8,
    /// Foxes caught.
    pub fox: u8,
    /// Karlchen.
    pub karlchen: u8,
    /// The other party's Karlchen caught in the last trick (house rules); absent when 0,
    /// so every row without it reads and writes as before.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub karlchen_caught: u8,
    /// Of the foxes, those caught in the last trick (Wikipedia's variant); absent when 0,
    /// as the caught Karlchen.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fox_last_trick: u8,
    /// The other party's ♥10 captured (the info page's variant); absent when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub heart_ten: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Both parties' extras as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredExtras {
    /// Re's.
    pub re: StoredCounts,
    /// Kontra's.
    pub kontra: StoredCounts,
}

impl From<StoredCounts> for Extras {
    fn from(c: StoredCounts) -> Extras {
        Extras {
            doppelkopf: c.doppelkopf,
            fox: c.fox,
            karlchen: c.karlchen,
            karlchen_caught: c.karlchen_caught,
            fox_last_trick: c.fox_last_trick,
            heart_ten: c.heart_ten,
        }
    }
}

impl StoredDeal {
    /// The deal as the domain scores it. The Re party must be a set of seats; the rest is
    /// checked when the sheet is scored.
    pub fn recorded(&self) -> Result<RecordedDeal, FactsError> {
        let extras = self.extras.unwrap_or_default();
        Ok(RecordedDeal {
            contract: self.contract.into(),
            re: SeatSet::from_seats(&self.re)?,
            re_points: self.re_points,
            re_tricks: self.re_tricks,
            announcements: Announcements {
                re: self.calls.re.into(),
                kontra: self.calls.kontra.into(),
            },
            extras: PartyExtras {
                re: extras.re.into(),
                kontra: extras.kontra.into(),
            },
            club_queens: self.club_queens.map(Into::into),
        })
    }

    /// Reads a `facts` column: format 1, or a row written before formats (no `format`).
    pub fn parse(facts: &str) -> Result<StoredDeal, String> {
        // Nearly every row is in the current format: read it in one pass, and probe for the
        // format only when that fails (standings read thousands of rows per request).
        if let Ok(deal) = serde_json::from_str::<StoredDeal>(facts)
            && deal.format == FORMAT
            && deal.re_tricks.is_some()
        {
            return Ok(deal);
        }
        #[derive(Deserialize)]
        struct Probe {
            format: Option<serde_json::Value>,
        }
        let probe: Probe = serde_json::from_str(facts).map_err(|e| e.to_string())?;
        match probe.format {
            None => serde_json::from_str::<LegacyDeal>(facts)
                .map(StoredDeal::from)
                .map_err(|e| e.to_string()),
            Some(v)
                if v == serde_json::json!(FORMAT) || v == serde_json::json!(UNCOUNTED_FORMAT) =>
            {
                let deal: StoredDeal = serde_json::from_str(facts).map_err(|e| e.to_string())?;
                // Format 1 always has the tricks, format 6 never.
                if (deal.format == FORMAT) == deal.re_tricks.is_some() {
                    Ok(deal)
                } else {
                    Err(format!(
                        "format {} with re_tricks {:?}",
                        deal.format, deal.re_tricks
                    ))
                }
            }
            Some(v) => Err(format!("unknown stored deal format {v}")),
        }
    }

    /// The `facts` column for this deal.
    pub fn to_json(&self) -> serde_json::Result<String> {
        serde_json::to_string(self)
    }
}

/// The format a deal keyed in from the paper list is written in.
pub const PAPER_FORMAT: u32 = 2;

/// A deal keyed in from the paper list, format 2. Frozen like [`StoredDeal`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredPaperDeal {
    /// Always [`PAPER_FORMAT`]; written explicitly.
    pub format: u32,
    /// Always `paper`, so a reader of the raw row sees what it is.
    pub entry: StoredPaperMark,
    /// The contract as played.
    pub contract: StoredContract,
    /// The Re party's seats, in the order entered.
    pub re: Vec<u8>,
    /// The game value as entered.
    pub value: u16,
    /// The party whose entries are positive; absent when none was entered (value 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<StoredParty>,
}

/// The marker of a paper deal as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StoredPaperMark {
    /// Keyed in from the paper list.
    #[serde(rename = "paper")]
    Paper,
}

/// The format of a thrown-in deal (house rules XIII, five nines).
pub const THROWN_IN_FORMAT: u32 = 3;

/// A deal whose cards were thrown in, format 3: nothing but the mark, since nothing was
/// played. Frozen like [`StoredDeal`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredThrownIn {
    /// Always [`THROWN_IN_FORMAT`]; written explicitly.
    pub format: u32,
    /// Always `thrown_in`, so a reader of the raw row sees what it is.
    pub entry: StoredThrownInMark,
}

impl StoredThrownIn {
    /// The one thrown-in row there is.
    pub const ROW: StoredThrownIn = StoredThrownIn {
        format: THROWN_IN_FORMAT,
        entry: StoredThrownInMark::ThrownIn,
    };
}

/// The mark of a thrown-in deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StoredThrownInMark {
    /// The cards were thrown in.
    #[serde(rename = "thrown_in")]
    ThrownIn,
}

/// A party as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StoredParty {
    /// Re (the soloist's side).
    #[serde(rename = "re")]
    Re,
    /// Kontra.
    #[serde(rename = "kontra")]
    Kontra,
}

impl From<StoredParty> for Party {
    fn from(p: StoredParty) -> Party {
        match p {
            StoredParty::Re => Party::Re,
            StoredParty::Kontra => Party::Kontra,
        }
    }
}

impl From<Party> for StoredParty {
    fn from(p: Party) -> StoredParty {
        match p {
            Party::Re => StoredParty::Re,
            Party::Kontra => StoredParty::Kontra,
        }
    }
}

impl StoredPaperDeal {
    /// The deal as the domain scores it. The Re party must be a set of seats; the rest is
    /// checked when the sheet is scored.
    pub fn paper(&self) -> Result<PaperDeal, FactsError> {
        Ok(PaperDeal {
            contract: self.contract.into(),
            re: SeatSet::from_seats(&self.re)?,
            value: self.value,
            winner: self.winner.map(Party::from),
        })
    }
}

/// A `facts` column, whichever kind of deal it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoredEntry {
    /// The full facts: format 1 or a row from before formats.
    Full(StoredDeal),
    /// The paper summary: format 2.
    Paper(StoredPaperDeal),
    /// Thrown in: format 3.
    ThrownIn(StoredThrownIn),
    /// A Doublehead Kids deal: format 4, or 7 with the advanced game's cards.
    Kids(StoredKidsDeal),
    /// A Doppeldoppel deal: format 5.
    Doppeldoppel(StoredDoppeldoppelDeal),
}

impl StoredEntry {
    /// The stored form of a family deal.
    pub fn of_family(deal: &FamilyDeal) -> StoredEntry {
        match deal {
            FamilyDeal::Kids(deal) => StoredEntry::Kids(StoredKidsDeal::of(deal)),
            FamilyDeal::Doppeldoppel(deal) => {
                StoredEntry::Doppeldoppel(StoredDoppeldoppelDeal::of(deal))
            }
        }
    }

    /// Reads a `facts` column. Full deals take [`StoredDeal::parse`]'s one-pass path; only
    /// a row it refuses is probed for the paper format.
    pub fn parse(facts: &str) -> Result<StoredEntry, String> {
        let full_error = match StoredDeal::parse(facts) {
            Ok(deal) => return Ok(StoredEntry::Full(deal)),
            Err(e) => e,
        };
        #[derive(Deserialize)]
        struct Probe {
            format: Option<serde_json::Value>,
        }
        match serde_json::from_str::<Probe>(facts) {
            Ok(Probe {
                format: Some(format),
            }) if format == serde_json::json!(PAPER_FORMAT) => serde_json::from_str(facts)
                .map(StoredEntry::Paper)
                .map_err(|e| e.to_string()),
            Ok(Probe {
                format: Some(format),
            }) if format == serde_json::json!(THROWN_IN_FORMAT) => serde_json::from_str(facts)
                .map(StoredEntry::ThrownIn)
                .map_err(|e| e.to_string()),
            Ok(Probe {
                format: Some(format),
            }) if format == serde_json::json!(KIDS_FORMAT)
                || format == serde_json::json!(KIDS_EXTRAS_FORMAT) =>
            {
                match serde_json::from_str::<StoredKidsDeal>(facts) {
                    Ok(deal) if deal.is_consistent() => Ok(StoredEntry::Kids(deal)),
                    Ok(deal) => Err(format!(
                        "format {} with extras {:?}",
                        deal.format, deal.extras
                    )),
                    Err(e) => Err(e.to_string()),
                }
            }
            Ok(Probe {
                format: Some(format),
            }) if format == serde_json::json!(DOPPELDOPPEL_FORMAT) => serde_json::from_str(facts)
                .map(StoredEntry::Doppeldoppel)
                .map_err(|e| e.to_string()),
            _ => Err(full_error),
        }
    }

    /// The deal as the domain reads it, whichever game it belongs to; an error for a row
    /// no deal can produce.
    pub fn table_entry(&self) -> Result<TableEntry, String> {
        let err = |e: &dyn std::fmt::Display| e.to_string();
        Ok(match self {
            StoredEntry::Full(deal) => {
                TableEntry::Doppelkopf(SheetEntry::Full(deal.recorded().map_err(|e| err(&e))?))
            }
            StoredEntry::Paper(deal) => {
                TableEntry::Doppelkopf(SheetEntry::Paper(deal.paper().map_err(|e| err(&e))?))
            }
            StoredEntry::ThrownIn(_) => TableEntry::Doppelkopf(SheetEntry::ThrownIn),
            StoredEntry::Kids(deal) => {
                TableEntry::Family(FamilyDeal::Kids(deal.deal().map_err(|e| err(&e))?))
            }
            StoredEntry::Doppeldoppel(deal) => {
                TableEntry::Family(FamilyDeal::Doppeldoppel(deal.deal().map_err(|e| err(&e))?))
            }
        })
    }

    /// Whether the row holds a paper deal.
    pub fn is_paper(&self) -> bool {
        matches!(self, StoredEntry::Paper(_))
    }

    /// The `facts` column for this deal.
    pub fn to_json(&self) -> serde_json::Result<String> {
        match self {
            StoredEntry::Full(deal) => deal.to_json(),
            StoredEntry::Paper(deal) => serde_json::to_string(deal),
            StoredEntry::ThrownIn(deal) => serde_json::to_string(deal),
            StoredEntry::Kids(deal) => serde_json::to_string(deal),
            StoredEntry::Doppeldoppel(deal) => serde_json::to_string(deal),
        }
    }
}

/// The stored form before formats: the entry's wire form as it was then, frozen here.
/// Read only; never written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegacyDeal {
    /// Never stored, but accepted as the entry accepted it.
    #[serde(default)]
    pub number: Option<u16>,
    /// Never stored, but accepted as the entry accepted it.
    #[serde(default)]
    pub reason: Option<String>,
    /// The contract, in the same words as [`StoredContract`].
    pub contract: StoredContract,
    /// The Re party's seats.
    pub re: Vec<u8>,
    /// Re's card points.
    pub re_points: u16,
    /// Re's tricks.
    pub re_tricks: u16,
    /// The calls, each party in its own words.
    #[serde(default)]
    pub announcements: LegacyAnnouncements,
    /// The extras.
    #[serde(default)]
    pub extras: Option<LegacyExtras>,
}

/// Legacy calls: `re` is none, re, no90, no60, no30, schwarz.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegacyAnnouncements {
    /// Re's call.
    #[serde(default)]
    pub re: LegacyReCall,
    /// Kontra's call.
    #[serde(default)]
    pub kontra: LegacyKontraCall,
}

/// Re's call in the legacy words.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
pub enum LegacyReCall {
    /// Nothing said.
    #[default]
    #[serde(rename = "none")]
    None,
    /// "Re".
    #[serde(rename = "re")]
    Re,
    /// "keine 90".
    #[serde(rename = "no90")]
    No90,
    /// "keine 60".
    #[serde(rename = "no60")]
    No60,
    /// "keine 30".
    #[serde(rename = "no30")]
    No30,
    /// "schwarz".
    #[serde(rename = "schwarz")]
    Schwarz,
}

/// Kontra's call in the legacy words.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
pub enum LegacyKontraCall {
    /// Nothing said.
    #[default]
    #[serde(rename = "none")]
    None,
    /// "Kontra".
    #[serde(rename = "kontra")]
    Kontra,
    /// "keine 90".
    #[serde(rename = "no90")]
    No90,
    /// "keine 60".
    #[serde(rename = "no60")]
    No60,
    /// "keine 30".
    #[serde(rename = "no30")]
    No30,
    /// "schwarz".
    #[serde(rename = "schwarz")]
    Schwarz,
}

/// Legacy extras: each count defaults to 0.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegacyExtras {
    /// Re's.
    #[serde(default)]
    pub re: LegacyCounts,
    /// Kontra's.
    #[serde(default)]
    pub kontra: LegacyCounts,
}

/// One party's legacy extras.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegacyCounts {
    /// Doppelköpfe.
    #[serde(default)]
    pub doppelkopf: u8,
    /// Foxes.
    #[serde(default)]
    pub fox: u8,
    /// Karlchen.
    #[serde(default)]
    pub karlchen: u8,
}

impl From<LegacyDeal> for StoredDeal {
    fn from(l: LegacyDeal) -> StoredDeal {
        let re = match l.announcements.re {
            LegacyReCall::None => StoredCall::None,
            LegacyReCall::Re => StoredCall::Ansage,
            LegacyReCall::No90 => StoredCall::No90,
            LegacyReCall::No60 => StoredCall::No60,
            LegacyReCall::No30 => StoredCall::No30,
            LegacyReCall::Schwarz => StoredCall::Schwarz,
        };
        let kontra = match l.announcements.kontra {
            LegacyKontraCall::None => StoredCall::None,
            LegacyKontraCall::Kontra => StoredCall::Ansage,
            LegacyKontraCall::No90 => StoredCall::No90,
            LegacyKontraCall::No60 => StoredCall::No60,
            LegacyKontraCall::No30 => StoredCall::No30,
            LegacyKontraCall::Schwarz => StoredCall::Schwarz,
        };
        let counts = |c: LegacyCounts| StoredCounts {
            doppelkopf: c.doppelkopf,
            fox: c.fox,
            karlchen: c.karlchen,
            ..StoredCounts::default()
        };
        StoredDeal {
            format: FORMAT,
            contract: l.contract,
            re: l.re,
            re_points: l.re_points,
            re_tricks: Some(l.re_tricks),
            calls: StoredCalls { re, kontra },
            extras: l.extras.map(|e| StoredExtras {
                re: counts(e.re),
                kontra: counts(e.kontra),
            }),
            club_queens: None,
        }
    }
}

/// A new deal row.
#[derive(Debug, Clone)]
pub struct NewDeal<'a> {
    /// The table.
    pub table_id: i64,
    /// Its number.
    pub number: i32,
    /// The facts column.
    pub facts: &'a str,
    /// Its first version.
    pub version: i32,
    /// Entered (UTC).
    pub at: chrono::NaiveDateTime,
}

/// The stored deals of a table, in order.
pub fn of_table(conn: &mut DbConn, table_id: i64) -> QueryResult<Vec<DealRow>> {
    deals::table
        .filter(deals::table_id.eq(table_id))
        .order(deals::number.asc())
        .select(DealRow::as_select())
        .load(conn)
}

/// The stored deals of several tables, ordered by table and number.
pub fn of_tables(conn: &mut DbConn, table_ids: &[i64]) -> QueryResult<Vec<DealRow>> {
    deals::table
        .filter(deals::table_id.eq_any(table_ids))
        .order((deals::table_id.asc(), deals::number.asc()))
        .select(DealRow::as_select())
        .load(conn)
}

/// When the latest deal of each of several tables was entered, for the tables that have
/// one (a correction does not count: the deal was entered before).
pub fn last_entered(
    conn: &mut DbConn,
    table_ids: &[i64],
) -> QueryResult<Vec<(i64, Option<chrono::NaiveDateTime>)>> {
    deals::table
        .filter(deals::table_id.eq_any(table_ids))
        .group_by(deals::table_id)
        .select((deals::table_id, diesel::dsl::max(deals::created_at)))
        .load(conn)
}

/// The deal `number` of a table, if stored.
pub fn by_number(conn: &mut DbConn, table_id: i64, number: i32) -> QueryResult<Option<DealRow>> {
    deals::table
        .filter(deals::table_id.eq(table_id))
        .filter(deals::number.eq(number))
        .select(DealRow::as_select())
        .first(conn)
        .optional()
}

/// Inserts a deal and answers its id. The unique (table, number) index refuses a second
/// deal with a number.
pub fn insert(conn: &mut DbConn, deal: &NewDeal<'_>) -> QueryResult<i64> {
    diesel::insert_into(deals::table)
        .values((
            deals::table_id.eq(deal.table_id),
            deals::number.eq(deal.number),
            deals::facts.eq(deal.facts),
            deals::version.eq(deal.version),
            deals::created_at.eq(deal.at),
            deals::updated_at.eq(deal.at),
        ))
        .returning(deals::id)
        .get_result(conn)
}

/// Replaces a deal's facts if it still has `version`, raising the version by one. Returns
/// the number of rows changed (0 when the version moved on).
pub fn update_facts(
    conn: &mut DbConn,
    id: i64,
    version: i32,
    facts: &str,
    at: chrono::NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(deals::table.find(id).filter(deals::version.eq(version)))
        .set((
            deals::facts.eq(facts),
            deals::version.eq(version + 1),
            deals::updated_at.eq(at),
        ))
        .execute(conn)
}

/// Deletes a deal row.
pub fn delete(conn: &mut DbConn, id: i64) -> QueryResult<()> {
    diesel::delete(deals::table.find(id))
        .execute(conn)
        .map(drop)
}

/// Moves a deal to another number with a new version.
pub fn renumber(conn: &mut DbConn, id: i64, number: i32, version: i32) -> QueryResult<()> {
    diesel::update(deals::table.find(id))
        .set((deals::number.eq(number), deals::version.eq(version)))
        .execute(conn)
        .map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::game::kids::{KidsRules, KidsTeams};

    // The family formats read back through the one reader of every stored format.
    #[test]
    fn the_frozen_forms_read_back() {
        let kids =
            r#"{"format":4,"teams":{"kind":"alone","seat":1},"prince_princess":121,"without":119}"#;
        let StoredEntry::Kids(stored) = StoredEntry::parse(kids).unwrap() else {
            panic!("a Kids row reads as a Kids deal");
        };
        let deal = stored.deal().unwrap();
        assert_eq!(deal.teams(), KidsTeams::Alone(1));
        assert_eq!(deal.score(&KidsRules::BASIC).golden, [0, 2, 0, 0]);
        assert_eq!(StoredEntry::Kids(stored).to_json().unwrap(), kids);

        // Format 7: the advanced game's cards. The lone winner's 190 Silver Coins win 3,
        // doubled 6, and his fox 1 more; the others caught his Karlchen: 1 each.
        let advanced = r#"{"format":7,"teams":{"kind":"alone","seat":1},"prince_princess":190,"without":50,"extras":{"prince_princess":{"foxes":1,"karlchen":0,"karlchen_caught":0},"without":{"foxes":0,"karlchen":0,"karlchen_caught":1}}}"#;
        let StoredEntry::Kids(stored) = StoredEntry::parse(advanced).unwrap() else {
            panic!("a format 7 row reads as a Kids deal");
        };
        let deal = stored.deal().unwrap();
        assert_eq!(deal.score(&KidsRules::ADVANCED).golden, [1, 7, 1, 1]);
        assert_eq!(StoredEntry::Kids(stored).to_json().unwrap(), advanced);
        assert_eq!(
            StoredEntry::of_family(&FamilyDeal::Kids(deal)),
            StoredEntry::Kids(stored)
        );
        // Extras in format 4, or format 7 without them, is a damaged row.
        let damaged = advanced.replace(r#""format":7"#, r#""format":4"#);
        assert!(StoredEntry::parse(&damaged).is_err());
        let bare = kids.replace(r#""format":4"#, r#""format":7"#);
        assert!(StoredEntry::parse(&bare).is_err());

        let dd = r#"{"format":5,"captured":[[2,2,1,0,0,0],[0,0,0,0,1,0],[0,0,0,0,0,0]]}"#;
        let StoredEntry::Doppeldoppel(stored) = StoredEntry::parse(dd).unwrap() else {
            panic!("a Doppeldoppel row reads as a Doppeldoppel deal");
        };
        let totals: Vec<i32> = stored
            .deal()
            .unwrap()
            .score()
            .iter()
            .map(|s| s.total)
            .collect();
        assert_eq!(totals, vec![7, 7, 0]);
        assert_eq!(StoredEntry::Doppeldoppel(stored).to_json().unwrap(), dd);
        // A family row reads as the family game's deal.
        assert_eq!(
            StoredEntry::parse(dd)
                .unwrap()
                .table_entry()
                .unwrap()
                .game(),
            "doppeldoppel"
        );
    }

    #[test]
    fn a_legacy_row_and_its_format_1_form_are_the_same_deal() {
        let legacy = r#"{"contract":"normal","re":[2,0],"re_points":151,"re_tricks":8,"announcements":{"re":"re","kontra":"no90"},"extras":{"re":{"doppelkopf":1,"fox":0,"karlchen":0},"kontra":{"doppelkopf":0,"fox":1,"karlchen":0}}}"#;
        let read = StoredDeal::parse(legacy).unwrap();
        assert_eq!(read.format, 1);
        assert_eq!(read.re, [2, 0]);
        assert_eq!(read.calls.re, StoredCall::Ansage);
        assert_eq!(read.calls.kontra, StoredCall::No90);
        let written = read.to_json().unwrap();
        assert_eq!(
            written,
            r#"{"format":1,"contract":"normal","re":[2,0],"re_points":151,"re_tricks":8,"calls":{"re":"ansage","kontra":"no90"},"extras":{"re":{"doppelkopf":1,"fox":0,"karlchen":0},"kontra":{"doppelkopf":0,"fox":1,"karlchen":0}}}"#
        );
        assert_eq!(StoredDeal::parse(&written).unwrap(), read);
        let minimal = StoredDeal::parse(
            r#"{"contract":"solo_queens","re":[1],"re_points":130,"re_tricks":7}"#,
        )
        .unwrap();
        assert_eq!(minimal.extras, None);
        assert_eq!(minimal.calls, StoredCalls::default());
        assert!(StoredDeal::parse(r#"{"format":2,"contract":"normal"}"#).is_err());
    }

    /// Tricks not counted: format 6, format 1's fields without `re_tricks`; each format
    /// refuses a row with the other's tricks, so neither is read wrong.
    #[test]
    fn uncounted_tricks_are_format_6_and_only_there() {
        let row = r#"{"format":6,"contract":"normal","re":[0,2],"re_points":130,"calls":{"re":"none","kontra":"none"}}"#;
        let read = StoredDeal::parse(row).unwrap();
        assert_eq!((read.format, read.re_tricks), (UNCOUNTED_FORMAT, None));
        assert_eq!(read.to_json().unwrap(), row);
        assert!(matches!(
            StoredEntry::parse(row).unwrap(),
            StoredEntry::Full(_)
        ));
        assert_eq!(read.recorded().unwrap().re_tricks, None);
        let without = r#"{"format":1,"contract":"normal","re":[0,2],"re_points":130,"calls":{"re":"none","kontra":"none"}}"#;
        assert!(StoredDeal::parse(without).is_err(), "format 1 has tricks");
        let with = r#"{"format":6,"contract":"normal","re":[0,2],"re_points":130,"re_tricks":7,"calls":{"re":"none","kontra":"none"}}"#;
        assert!(StoredDeal::parse(with).is_err(), "format 6 has none");
    }

    #[test]
    fn a_thrown_in_row_is_format_3_and_only_its_mark() {
        let thrown = StoredEntry::ThrownIn(StoredThrownIn::ROW);
        let written = thrown.to_json().unwrap();
        assert_eq!(written, r#"{"format":3,"entry":"thrown_in"}"#);
        assert_eq!(StoredEntry::parse(&written), Ok(thrown.clone()));
        assert_eq!(
            thrown.table_entry(),
            Ok(TableEntry::Doppelkopf(SheetEntry::ThrownIn))
        );
        assert!(!thrown.is_paper());
        for bad in [r#"{"format":3}"#, r#"{"format":3,"entry":"paper"}"#] {
            assert!(StoredEntry::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_paper_row_is_format_2_and_reads_back() {
        let paper = StoredEntry::Paper(StoredPaperDeal {
            format: PAPER_FORMAT,
            entry: StoredPaperMark::Paper,
            contract: StoredContract::SoloJacks,
            re: vec![1],
            value: 3,
            winner: Some(StoredParty::Kontra),
        });
        let written = paper.to_json().unwrap();
        assert_eq!(
            written,
            r#"{"format":2,"entry":"paper","contract":"solo_jacks","re":[1],"value":3,"winner":"kontra"}"#
        );
        assert_eq!(StoredEntry::parse(&written), Ok(paper.clone()));
        assert!(paper.is_paper());
        let deal = paper.table_entry().unwrap();
        assert!(deal.is_paper());
        // A value of 0 may be stored without a winner.
        let zero = r#"{"format":2,"entry":"paper","contract":"normal","re":[2,3],"value":0}"#;
        let read = StoredEntry::parse(zero).unwrap();
        assert_eq!(read.to_json().unwrap(), zero);
        // Full rows read as before, in both formats they come in.
        let full = r#"{"format":1,"contract":"normal","re":[0,2],"re_points":130,"re_tricks":7,"calls":{"re":"none","kontra":"none"}}"#;
        assert!(matches!(StoredEntry::parse(full), Ok(StoredEntry::Full(_))));
        let legacy = r#"{"contract":"solo_queens","re":[1],"re_points":130,"re_tricks":7}"#;
        assert!(matches!(
            StoredEntry::parse(legacy),
            Ok(StoredEntry::Full(_))
        ));
        // A format nobody wrote, a paper row with a full deal's fields, or a format-2 row
        // without its marker, are errors, not guesses.
        for bad in [
            r#"{"format":4,"entry":"paper","contract":"normal","re":[0,2],"value":1}"#,
            r#"{"format":3,"entry":"paper","contract":"normal","re":[0,2],"value":1}"#,
            r#"{"format":2,"entry":"paper","contract":"normal","re":[0,2],"value":1,"re_points":130}"#,
            r#"{"format":2,"contract":"normal","re":[0,2],"value":1}"#,
        ] {
            assert!(StoredEntry::parse(bad).is_err(), "{bad}");
        }
    }
}
