//! One table's round (Spielrunde) as a pure state machine: who deals, who sits out, whose
//! solo is a Pflichtsolo, who is vorgeführt and when the round is over.
//!
//! The score sheet of a table is a list of deals, and everything on it except the deals
//! themselves follows from that list: the dealer of deal 7 depends on whether an earlier
//! deal was a Pflichtsolo (the same seat deals again, TSR 3.3.1, 4.2.5), the column a solo
//! goes into depends on whether the soloist already played his Pflichtsolo (TSR 4.2.4,
//! 4.3.2), and the last deals may be forced solos (Vorführen, TSR 4.2.3). So the service
//! stores only what the captain entered ([`EnteredDeal`]) and asks [`derive()`] to rebuild the
//! sheet every time; a correction of deal 5 then moves every later dealer by itself, and
//! [`derive()`] names the first entered deal that no longer fits. [`Round`] is the same
//! machine driven one deal at a time.
//!
//! The order of play is the state machine's; the card points and calls of a deal are checked
//! by [`crate::deal`] and valued by [`crate::score`](mod@crate::score). A deal is entered
//! with its full facts or, when the table finished on paper, as the paper's summary
//! ([`SheetEntry`]); both take the same path. [`score_sheet()`] puts
//! the two together with the penalties of [`crate::penalty`] into the scored sheet, its
//! totals and each seat's line for the standings; [`check_entry()`], [`correct()`] and
//! [`delete()`] are the rules for entering, correcting and deleting a deal.
//!
//! Rules, with the readings the TSR leaves open marked as such:
//!
//! - Seat 0 deals deal 1, then the deal passes clockwise (seat + 1). After a Pflichtsolo
//!   the same seat deals again; after a vorgeführt Pflichtsolo and after every other deal
//!   (normal game, wedding, wedding solo, silent wedding, Lustsolo) the next seat deals
//!   (TSR 3.3.1, 4.2.5, 4.3.2).
//! - At a 5-table the dealer sits out and cannot be in the Re party (TSR 10.1); after a
//!   Pflichtsolo he deals, and sits out, again (TSR 10.2.1).
//! - A declared solo ([`Contract::is_declared_solo`]) is the soloist's Pflichtsolo if he has
//!   not played it in this round, otherwise a Lustsolo. A wedding solo or silent wedding is a
//!   normal game on the sheet and never a Pflichtsolo (TSR 4.4.3 b, 4.4.5).
//! - Vorführen (TSR 4.2.3): before a deal, when the seats still owing a Pflichtsolo are as
//!   many as the deals left, the owing seat nearest the dealer's left (dealer + 1, + 2, …)
//!   must play it; only his declared solo is accepted, it counts as his Pflichtsolo and the
//!   next seat deals. At a 4-table the dealer himself comes last in that order: he has cards
//!   and may be forced (TSR 4.2.3 says so explicitly).
//! - **Interpretation (brief §16.5):** at a 5-table the dealer has no cards, so he is forced
//!   only when nobody else owes a solo. Then the deal passes to his left neighbour, who
//!   deals and sits out, as when a dealer is absent (TSR 3.3.2), and the owing player plays
//!   his solo. That can only be the round's last deal (one solo owed, one deal left).
//! - Time-up (TSR 8.5.1, 8.6): once the organiser calls it, normal games not yet begun are
//!   struck; the deals left are exactly the owed Pflichtsoli, each vorgeführt by the rule
//!   above. A deal that had begun when time was called is finished (TSR 8.5.1), so it must
//!   be entered before the time-up is applied.
//! - The table's playing time (TSR 8.5.1, 10.1): when it runs out, time is up as if called
//!   after the deals entered by then; see [`PlayingTime`] and [`run_out()`].
//! - The round is complete when the planned deals are played, or time is up and no solo is
//!   owed; any further deal is refused.
//!
//! A round may be played under a club's house rules ([`RoundConfig::with_rules`],
//! [`derive_with()`]); with the TSR's [`Ruleset::DDV`](crate::game::Ruleset::DDV) nothing
//! above changes. Two switches change the order of play:
//!
//! - Five nines (house rules XIII, [`Ruleset::five_nines`]; likewise five kings and an
//!   Armut nobody takes, [`Ruleset::takes_throw_ins`]): a deal thrown in
//!   ([`EnteredDeal::THROWN_IN`], [`SheetEntry::ThrownIn`]) goes on the sheet as
//!   [`DealKind::ThrownIn`] with its own number, scores nothing, does not count toward the
//!   planned deals, and the same dealer deals again. A forced soloist cannot throw in.
//! - Solos on top (the online game, [`Ruleset::solos_on_top`]): the planned deals are the
//!   normal games; no declared solo counts toward them (a wedding solo or silent wedding is
//!   a normal game on the sheet and does). **Decision:** the TSR's Pflichtsolo and
//!   Vorführen still apply, since they make every player's round comparable, which is
//!   what a tournament needs and the online game (no Pflichtsolo) does not. Because a solo
//!   never uses up a planned deal, nobody has to be forced while normal games are left:
//!   once the planned normal games are played, every Pflichtsolo still owed is played on
//!   top, each vorgeführt in the order above. Time-up is as under the TSR: the owed
//!   Pflichtsoli are played, each vorgeführt. Dealers move as under the TSR (after a
//!   Pflichtsolo the same seat deals again).
//!
//! - Without Pflichtsolo ([`Ruleset::without_pflichtsolo`], a relaxed evening, the online
//!   game's rule): nobody owes a solo, so every declared solo is a Lustsolo (the next seat
//!   deals), nobody is vorgeführt, and time-up ends the round at once.
//!
//! Bock rounds change only the entries, see [`score_sheet_with()`].
//!
//! [`Ruleset::five_nines`]: crate::game::Ruleset::five_nines
//! [`Ruleset::takes_throw_ins`]: crate::game::Ruleset::takes_throw_ins
//! [`Ruleset::solos_on_top`]: crate::game::Ruleset::solos_on_top
//! [`Ruleset::without_pflichtsolo`]: crate::game::Ruleset::without_pflichtsolo
//!
//! [`Contract::is_declared_solo`]: crate::deal::Contract::is_declared_solo

mod clock;
mod config;
mod derive;
mod edit;
mod entry;
#[cfg(test)]
mod house_rules_tests;
mod replan;
mod round;
mod scored;
#[cfg(test)]
mod test_support;

pub use clock::{
    ClockError, Extension, MAX_EXTENSION_MINUTES, MAX_EXTRA_MINUTES, PlayingTime, TimeUpBy,
    check_extension, extend, run_out,
};
pub use config::{DealKind, MAX_PLANNED_DEALS, RoundConfig, SheetError, standard_deals};
pub use derive::{DeriveError, derive, derive_with};
pub use edit::{
    CorrectionError, Deletion, DeletionError, EntryError, Renumbering, check_at, check_entry,
    correct, delete, round_before,
};
pub use entry::{EntryFacts, PaperDeal, SheetEntry};
pub use replan::{ReplanError, replan};
pub use round::{EnteredDeal, NextDeal, Round, SheetDeal};
pub use scored::{
    BOCK_ROUND_DEALS, PenaltyId, RecordedDeal, RecordedPenalty, ScoredDeal, ScoredPenalty,
    ScoredSheet, SeatLine, SheetScoreError, score_sheet, score_sheet_with,
};
