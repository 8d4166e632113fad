//! The shape of a round (table size, planned deals), where a deal goes on the sheet, and
//! why the round refuses a deal.

use std::fmt;

use crate::deal::{Contract, Seat, TableSize};
use crate::game::Ruleset;

/// The most deals a round may be planned with: twice the 5-table standard of 30, more than
/// any round time the TSR knows could hold.
pub const MAX_PLANNED_DEALS: u16 = 60;

/// The TSR's deals per round: 24 at a 4-table (TSR 8.5.1), 30 at a 5-table (TSR 10.1).
pub const fn standard_deals(table_size: TableSize) -> u16 {
    match table_size {
        TableSize::Four => 24,
        TableSize::Five => 30,
    }
}

/// Where a deal goes on the score sheet (TSR 4.2.4, 4.3.2, 4.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DealKind {
    /// A normal game, a wedding, a wedding solo or a silent wedding.
    Normal,
    /// A declared solo by a player who had not yet played his Pflichtsolo.
    Pflichtsolo,
    /// A declared solo by a player who had already played his Pflichtsolo.
    Lustsolo,
    /// A Pflichtsolo the player was forced to play (Vorführen, TSR 4.2.3, 8.6).
    Vorgefuehrt,
    /// House rules XIII (five nines): the cards were thrown in and dealt again by the same
    /// dealer. On the sheet for the record, but no game: no points, and it does not count
    /// toward the planned deals. Not in [`DealKind::ALL`], the kinds of the TSR's sheet; it
    /// occurs only when the round's ruleset [`Ruleset::takes_throw_ins`] (five nines, five
    /// kings, or an Armut nobody takes).
    ThrownIn,
}

impl DealKind {
    /// Every kind, in the order of the API's enumeration.
    pub const ALL: [DealKind; 4] = [
        DealKind::Normal,
        DealKind::Pflichtsolo,
        DealKind::Lustsolo,
        DealKind::Vorgefuehrt,
    ];

    /// The lower-case name used on the wire and in storage.
    pub const fn as_str(self) -> &'static str {
        match self {
            DealKind::Normal => "normal",
            DealKind::Pflichtsolo => "pflichtsolo",
            DealKind::Lustsolo => "lustsolo",
            DealKind::Vorgefuehrt => "vorgefuehrt",
            DealKind::ThrownIn => "thrown_in",
        }
    }

    /// Whether a game was played: every kind but a deal thrown in.
    pub const fn is_game(self) -> bool {
        !matches!(self, DealKind::ThrownIn)
    }

    /// Whether the deal is a declared solo (Pflicht-, Lust- or vorgeführtes Solo).
    pub const fn is_declared_solo(self) -> bool {
        matches!(
            self,
            DealKind::Pflichtsolo | DealKind::Lustsolo | DealKind::Vorgefuehrt
        )
    }

    /// Whether the deal counts toward the round's planned deals under `rules`: a thrown-in
    /// deal never does; with [`Ruleset::solos_on_top`] a declared solo does not either
    /// (a wedding solo or silent wedding is a normal game on the sheet, TSR 4.4.3 b, 4.4.5,
    /// and counts).
    pub const fn counts_toward_plan(self, rules: &Ruleset) -> bool {
        self.is_game() && !(rules.solos_on_top && self.is_declared_solo())
    }

    /// Whether the deal is the soloist's Pflichtsolo (declared or vorgeführt).
    pub const fn is_pflichtsolo(self) -> bool {
        matches!(self, DealKind::Pflichtsolo | DealKind::Vorgefuehrt)
    }
}

impl fmt::Display for DealKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The shape of a round at one table: its size, how many deals are planned and the rules
/// of the game (the TSR unless [`RoundConfig::with_rules`] says otherwise).
///
/// Built only through [`RoundConfig::new`] or [`RoundConfig::standard`], so a
/// [`Round`](super::Round) never starts with fewer deals than Pflichtsoli owed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundConfig {
    table_size: TableSize,
    planned_deals: u16,
    rules: Ruleset,
}

impl RoundConfig {
    /// A round of `planned_deals` deals; it needs at least one deal per seat (every player
    /// owes a Pflichtsolo) and at most [`MAX_PLANNED_DEALS`].
    pub fn new(table_size: TableSize, planned_deals: u16) -> Result<RoundConfig, SheetError> {
        let min = u16::from(table_size.seats());
        if planned_deals < min || planned_deals > MAX_PLANNED_DEALS {
            return Err(SheetError::PlannedDealsOutOfRange {
                planned: planned_deals,
                seats: table_size.seats(),
                min,
                max: MAX_PLANNED_DEALS,
            });
        }
        Ok(RoundConfig {
            table_size,
            planned_deals,
            rules: Ruleset::DDV,
        })
    }

    /// A round of the TSR's standard length, see [`standard_deals`].
    pub const fn standard(table_size: TableSize) -> RoundConfig {
        RoundConfig {
            table_size,
            planned_deals: standard_deals(table_size),
            rules: Ruleset::DDV,
        }
    }

    /// The same round played under `rules`: the order of play, the entries and every edit
    /// of the sheet follow them (five nines thrown in, solos on top, Bock rounds, and the
    /// scoring of [`crate::score::score_with`]). The rules are taken as given; the
    /// organiser checks them with [`Ruleset::validate`].
    pub const fn with_rules(self, rules: Ruleset) -> RoundConfig {
        RoundConfig { rules, ..self }
    }

    /// The rules the round is played by.
    pub const fn rules(self) -> Ruleset {
        self.rules
    }

    /// Four or five seats.
    pub const fn table_size(self) -> TableSize {
        self.table_size
    }

    /// The deals planned for the round, Pflichtsoli included; with
    /// [`Ruleset::solos_on_top`] the normal games, every solo played on top.
    pub const fn planned_deals(self) -> u16 {
        self.planned_deals
    }
}

/// Why a round cannot be set up, or cannot take a deal or the time-up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    /// The planned number of deals is too small for every Pflichtsolo, or unreasonably large.
    #[error("a round at a table of {seats} has between {min} and {max} deals, not {planned}")]
    PlannedDealsOutOfRange {
        /// The number asked for.
        planned: u16,
        /// Seats at the table.
        seats: u8,
        /// The fewest deals allowed: one Pflichtsolo per seat.
        min: u16,
        /// The most deals allowed, [`MAX_PLANNED_DEALS`].
        max: u16,
    },
    /// The round is over; no further deal or time-up is taken.
    #[error("the round is complete after {deals} deals")]
    RoundComplete {
        /// Deals on the sheet.
        deals: u16,
    },
    /// Time-up was already called for this round.
    #[error("time is already up for this round")]
    TimeAlreadyUp,
    /// A seat that is not at the table.
    #[error("seat {seat} is not at a table of {seats}")]
    SeatOutOfRange {
        /// The seat named.
        seat: Seat,
        /// Seats at the table.
        seats: u8,
    },
    /// The Re party has the wrong number of players for the contract.
    #[error("{contract} needs {expected} player(s) in the re party, got {got}")]
    ReSize {
        /// The contract entered.
        contract: Contract,
        /// The size it needs.
        expected: u8,
        /// The size entered.
        got: u8,
    },
    /// At a 5-table the dealer, who has no cards, was entered in the Re party.
    #[error("seat {seat} deals deal {deal} and sits out, so cannot be in the re party")]
    SittingOutPlays {
        /// The dealer.
        seat: Seat,
        /// The deal's number.
        deal: u16,
    },
    /// The deal is a forced Pflichtsolo, but something other than a declared solo was entered.
    #[error("deal {deal} must be the pflichtsolo of seat {forced} (vorgeführt), not {contract}")]
    ForcedSoloMissing {
        /// The deal's number.
        deal: u16,
        /// The seat that must play.
        forced: Seat,
        /// The contract entered.
        contract: Contract,
    },
    /// The deal is a forced Pflichtsolo, but another seat was entered as the soloist.
    #[error(
        "deal {deal} must be the pflichtsolo of seat {forced} (vorgeführt), not a solo of seat {soloist}"
    )]
    WrongSoloist {
        /// The deal's number.
        deal: u16,
        /// The seat that must play.
        forced: Seat,
        /// The soloist entered.
        soloist: Seat,
    },
    /// After the deal more Pflichtsoli would be owed than deals are left. Vorführen starts
    /// early enough for this never to happen, so it guards against a corrupted state.
    #[error("after deal {deal}, {owed} pflichtsoli would be owed with only {left} deals left")]
    TooFewDealsLeft {
        /// The deal's number.
        deal: u16,
        /// Pflichtsoli that would be owed.
        owed: u8,
        /// Deals that would be left.
        left: u16,
    },
    /// [`derive()`](super::derive()) was told time was up after more deals than were
    /// entered.
    #[error("time cannot be up after {after} deals when {entered} are entered")]
    TimeUpBeyondDeals {
        /// Deals before time-up, as given.
        after: usize,
        /// Deals entered.
        entered: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::test_support::*;

    #[test]
    fn round_config_is_validated() {
        let cases = [
            (TableSize::Four, 3, false),
            (TableSize::Four, 4, true),
            (TableSize::Four, 24, true),
            (TableSize::Five, 4, false),
            (TableSize::Five, 5, true),
            (TableSize::Five, MAX_PLANNED_DEALS, true),
            (TableSize::Five, MAX_PLANNED_DEALS + 1, false),
        ];
        for (size, planned, ok) in cases {
            let got = RoundConfig::new(size, planned);
            assert_eq!(got.is_ok(), ok, "{size:?} {planned}");
            if let Err(e) = got {
                assert_eq!(
                    e,
                    SheetError::PlannedDealsOutOfRange {
                        planned,
                        seats: size.seats(),
                        min: size.seats().into(),
                        max: MAX_PLANNED_DEALS
                    }
                );
            }
        }
        assert_eq!(RoundConfig::new(TableSize::Four, 24), Ok(four()));
        assert_eq!(five().planned_deals(), 30);
    }

    #[test]
    fn deal_kind_wire_names() {
        let names: Vec<&str> = DealKind::ALL.iter().map(|k| k.as_str()).collect();
        assert_eq!(names, ["normal", "pflichtsolo", "lustsolo", "vorgefuehrt"]);
        assert_eq!(DealKind::Vorgefuehrt.to_string(), "vorgefuehrt");
    }
}
