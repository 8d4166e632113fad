//! A deal's stored form and its request form, converted both ways: what is stored is what
//! was entered, without the request-only number and reason.

use crate::db;
use crate::db::deals::{
    StoredCall, StoredCalls, StoredCounts, StoredDeal, StoredEntry, StoredExtras, StoredPaperDeal,
    StoredPaperMark, StoredThrownIn,
};
use crate::db::family_deals::StoredKidsTeams;
use crate::db::models::DealRow;
use crate::error::ApiError;
use crate::services::corrupt;
use crate::wire::deal::{
    DealBody, DealEntry, PaperDealEntry, PaperMark, ThrownInEntry, ThrownInMark,
};
use crate::wire::family::{
    DoppeldoppelDealEntry, DoppeldoppelMark, KidsDealEntry, KidsMark, KidsTeamsBody,
};
use crate::wire::score::{AnnouncementsBody, ExtrasBody, ExtrasCounts};

/// Reads a stored deal row's facts.
pub fn parse(row: &DealRow) -> Result<StoredEntry, ApiError> {
    StoredEntry::parse(&row.facts).map_err(|e| corrupt(format!("deal {}: {e}", row.id)))
}

/// The stored form of an entry: what was entered, without the request-only number and
/// reason. A family game's entry is stored as the domain read it, so it must have been
/// checked first.
pub fn stored(entry: &DealBody) -> Result<StoredEntry, ApiError> {
    Ok(match entry {
        DealBody::Full(entry) => StoredEntry::Full(stored_full(entry)),
        DealBody::Paper(entry) => StoredEntry::Paper(StoredPaperDeal {
            format: db::deals::PAPER_FORMAT,
            entry: StoredPaperMark::Paper,
            contract: domain::deal::Contract::from(entry.contract).into(),
            re: entry.re.clone(),
            value: entry.value,
            winner: entry.winner.map(|w| domain::deal::Party::from(w).into()),
        }),
        DealBody::ThrownIn(_) => StoredEntry::ThrownIn(StoredThrownIn::ROW),
        DealBody::Kids(_) | DealBody::Doppeldoppel(_) => match entry.family() {
            Some(Ok(deal)) => StoredEntry::of_family(&deal),
            // The entry was checked before it is stored: a family body that is no deal
            // never reaches here.
            _ => return Err(corrupt("a family deal stored unchecked".to_owned())),
        },
    })
}

fn stored_full(entry: &DealEntry) -> StoredDeal {
    let announcements = entry.announcements;
    let counts = |c: ExtrasCounts| StoredCounts {
        doppelkopf: c.doppelkopf,
        fox: c.fox,
        karlchen: c.karlchen,
        karlchen_caught: c.karlchen_caught,
    };
    StoredDeal {
        format: db::deals::FORMAT,
        contract: domain::deal::Contract::from(entry.contract).into(),
        re: entry.re.clone(),
        re_points: entry.re_points,
        re_tricks: entry.re_tricks,
        calls: StoredCalls {
            re: StoredCall::from(domain::deal::CallLevel::from(announcements.re)),
            kontra: StoredCall::from(domain::deal::CallLevel::from(announcements.kontra)),
        },
        extras: entry.extras.map(|e| StoredExtras {
            re: counts(e.re),
            kontra: counts(e.kontra),
        }),
    }
}

/// What was entered, as the sheet shows it.
pub fn entry(stored: &StoredEntry) -> DealBody {
    match stored {
        StoredEntry::Full(stored) => DealBody::Full(full_entry(stored)),
        StoredEntry::Paper(stored) => DealBody::Paper(PaperDealEntry {
            entry: PaperMark::Paper,
            number: None,
            reason: None,
            contract: domain::deal::Contract::from(stored.contract).into(),
            re: stored.re.clone(),
            value: stored.value,
            winner: stored.winner.map(|w| domain::deal::Party::from(w).into()),
        }),
        StoredEntry::ThrownIn(_) => DealBody::ThrownIn(ThrownInEntry {
            entry: ThrownInMark::ThrownIn,
            number: None,
            reason: None,
        }),
        StoredEntry::Kids(stored) => DealBody::Kids(KidsDealEntry {
            entry: KidsMark::DoubleheadKids,
            number: None,
            reason: None,
            teams: match stored.teams {
                StoredKidsTeams::Pair { seats } => KidsTeamsBody::Pair {
                    seats: seats.to_vec(),
                },
                StoredKidsTeams::Wedding { announcer, partner } => {
                    KidsTeamsBody::Wedding { announcer, partner }
                }
                StoredKidsTeams::Alone { seat } => KidsTeamsBody::Alone { seat },
            },
            prince_princess_coins: stored.prince_princess,
            without_coins: stored.without,
        }),
        StoredEntry::Doppeldoppel(stored) => DealBody::Doppeldoppel(DoppeldoppelDealEntry {
            entry: DoppeldoppelMark::Doppeldoppel,
            number: None,
            reason: None,
            captured: stored.captured.clone(),
        }),
    }
}

fn full_entry(stored: &StoredDeal) -> DealEntry {
    let counts = |c: StoredCounts| ExtrasCounts {
        doppelkopf: c.doppelkopf,
        fox: c.fox,
        karlchen: c.karlchen,
        karlchen_caught: c.karlchen_caught,
    };
    DealEntry {
        number: None,
        reason: None,
        contract: domain::deal::Contract::from(stored.contract).into(),
        re: stored.re.clone(),
        re_points: stored.re_points,
        re_tricks: stored.re_tricks,
        announcements: AnnouncementsBody {
            re: domain::deal::CallLevel::from(stored.calls.re).into(),
            kontra: domain::deal::CallLevel::from(stored.calls.kontra).into(),
        },
        extras: stored.extras.map(|e| ExtrasBody {
            re: counts(e.re),
            kontra: counts(e.kontra),
        }),
    }
}
