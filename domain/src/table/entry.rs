//! One entered deal at a table, in any game.

use crate::game::{FamilyDeal, Game};
use crate::sheet::SheetEntry;

/// What a captain (or the organiser, from paper) entered for one deal: a Doppelkopf entry
/// (full facts, the paper's summary, or a deal thrown in) or a family game's deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableEntry {
    /// A Doppelkopf deal, as the sheet takes it.
    Doppelkopf(SheetEntry),
    /// A deal of one of the family games.
    Family(FamilyDeal),
}

impl TableEntry {
    /// The stable name of the game the entry belongs to ([`Game::kind`]).
    pub const fn game(&self) -> &'static str {
        match self {
            TableEntry::Doppelkopf(_) => Game::DDV.kind(),
            TableEntry::Family(deal) => deal.game(),
        }
    }

    /// The Doppelkopf entry, if it is one.
    pub const fn doppelkopf(&self) -> Option<SheetEntry> {
        match self {
            TableEntry::Doppelkopf(deal) => Some(*deal),
            TableEntry::Family(_) => None,
        }
    }

    /// The family game's deal, if it is one.
    pub const fn family(&self) -> Option<FamilyDeal> {
        match self {
            TableEntry::Family(deal) => Some(*deal),
            TableEntry::Doppelkopf(_) => None,
        }
    }

    /// Whether the entry was keyed in from the paper list (TSR 7.3.4).
    pub const fn is_paper(&self) -> bool {
        matches!(self, TableEntry::Doppelkopf(SheetEntry::Paper(_)))
    }
}
