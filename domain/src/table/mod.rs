//! One table's round in any game, as one value: [`TableSheet`].
//!
//! This is where a table's rules are asked, whichever game it plays. The shell hands it
//! what it stored (the game, the players, the planned deals, the entered deals as
//! [`TableEntry`], the penalties and the time-up mark) and asks it everything a caller
//! asks of a table: the next deal's number, whether an entry, a correction or a deletion
//! fits, whether the round is complete, what is owed, the standings lines, the clock's
//! time-up. Doppelkopf ([`crate::sheet`], by the TSR or a club's house rules) and the
//! family games ([`crate::game::FamilyRound`]) are its two implementations; the shell
//! never decides which game a table plays.
//!
//! Each operation has one error type naming what went wrong in any game
//! ([`DeriveError`], [`EntryError`], [`CorrectionError`], [`DeletionError`],
//! [`TimeUpError`]); what only Doppelkopf has (penalties, playing time, Vorführen, the
//! plausibility hints) is reached through [`TableSheet::doppelkopf`], which names the game
//! that has none ([`NotInGame`]).
//!
//! Two decisions from outside the game end a round early, in any game: the organiser's set
//! result for a table that could not play ([`Adjustment`]) and the arbitration panel's stop
//! ([`TableSheet::stop`], [`StopError`]).

mod adjusted;
mod edit;
mod entry;
mod sheet;
mod stopped;

pub use adjusted::{Adjustment, AdjustmentError, MAX_ADJUSTED_POINTS};
pub use edit::{CorrectionError, DeletionError, EntryError, TableDeletion, TimeUpError};
pub use entry::TableEntry;
pub use sheet::{
    DeriveError, DoppelkopfSheet, NotInGame, TableLines, TableSetup, TableSheet, TableView,
};
pub use stopped::StopError;
