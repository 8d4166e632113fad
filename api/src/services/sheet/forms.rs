//! A deal's stored form and its request form, converted both ways: what is stored is what
//! was entered, without the request-only number and reason.

use domain::sheet::SheetEntry;
use domain::table::TableEntry;

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
    DoppeldoppelDealEntry, DoppeldoppelMark, KidsDealEntry, KidsExtrasBody, KidsMark, KidsTeamsBody,
};
use crate::wire::score::{AnnouncementsBody, ExtrasBody, ExtrasCounts};

/// Reads a stored deal row's facts.
pub fn parse(row: &DealRow) -> Result<StoredEntry, ApiError> {
    StoredEntry::parse(&row.facts).map_err(|e| corrupt(format!("deal {}: {e}", row.id)))
}

/// The stored form of an entry the table has taken (`entry`, read from `body`): a family
/// game's deal as the domain read it; a Doppelkopf deal as it was entered, since the sheet
/// shows back what was entered and the domain's value keeps neither the order the Re party
/// was given in nor whether extras were entered at all. Never the request-only number and
/// reason.
pub fn stored(body: &DealBody, entry: &TableEntry) -> Result<StoredEntry, ApiError> {
    Ok(match (entry, body) {
        (TableEntry::Family(deal), _) => StoredEntry::of_family(deal),
        (TableEntry::Doppelkopf(SheetEntry::ThrownIn), _) => {
            StoredEntry::ThrownIn(StoredThrownIn::ROW)
        }
        (TableEntry::Doppelkopf(SheetEntry::Full(_)), DealBody::Full(body)) => {
            StoredEntry::Full(stored_full(body))
        }
        (TableEntry::Doppelkopf(SheetEntry::Paper(_)), DealBody::Paper(body)) => {
            StoredEntry::Paper(StoredPaperDeal {
                format: db::deals::PAPER_FORMAT,
                entry: StoredPaperMark::Paper,
                contract: domain::deal::Contract::from(body.contract).into(),
                re: body.re.clone(),
                value: body.value,
                winner: body.winner.map(|w| domain::deal::Party::from(w).into()),
            })
        }
        // The entry was read from this body ([`DealBody::table_entry`]), which makes none
        // of the other pairs.
        _ => return Err(corrupt("an entry stored from another body".to_owned())),
    })
}

fn stored_full(entry: &DealEntry) -> StoredDeal {
    let announcements = entry.announcements;
    let counts = |c: ExtrasCounts| StoredCounts {
        doppelkopf: c.doppelkopf,
        fox: c.fox,
        karlchen: c.karlchen,
        karlchen_caught: c.karlchen_caught,
        fox_last_trick: c.fox_last_trick,
        heart_ten: c.heart_ten,
    };
    StoredDeal {
        format: if entry.re_tricks.is_some() {
            db::deals::FORMAT
        } else {
            db::deals::UNCOUNTED_FORMAT
        },
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
        club_queens: entry
            .club_queens
            .map(|q| domain::deal::ClubQueens::from(q).into()),
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
            extras: stored.extras.map(|e| KidsExtrasBody::from(e.extras())),
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
        fox_last_trick: c.fox_last_trick,
        heart_ten: c.heart_ten,
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
        club_queens: stored
            .club_queens
            .map(|q| domain::deal::ClubQueens::from(q).into()),
    }
}
