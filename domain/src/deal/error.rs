//! Why a set of deal facts cannot describe a real deal: one variant per impossible fact,
//! each naming what the check found.

use super::{Contract, Party, Seat};

/// Why a set of deal facts cannot describe a real deal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FactsError {
    /// Card points outside 0–240.
    #[error("card points must be between 0 and 240, got {points}")]
    PointsOutOfRange {
        /// The points given.
        points: u16,
    },
    /// Tricks outside 0–12.
    #[error("tricks must be between 0 and 12, got {tricks}")]
    TricksOutOfRange {
        /// The tricks given.
        tricks: u16,
    },
    /// More tricks than a deal of the ruleset has (10 without the nines). Tricks past 12
    /// are [`FactsError::TricksOutOfRange`], as under the TSR.
    #[error("a deal has {max} tricks, so a party cannot take {tricks}")]
    TricksBeyondDeal {
        /// The tricks given.
        tricks: u8,
        /// The tricks of a deal, [`Ruleset::tricks`](crate::game::Ruleset::tricks).
        max: u8,
    },
    /// The tricks were not counted, but with these card points they decide the score: a
    /// party without card points may have taken a trick or none ("schwarz", TSR 7.1).
    #[error(
        "with {points} card points for Re the tricks decide whether a party is schwarz: count them"
    )]
    TricksNotCounted {
        /// Re's card points.
        points: u8,
    },
    /// No set of `tricks` tricks can hold `points` card points.
    #[error("{tricks} tricks hold between {min} and {max} card points, not {points}")]
    PointsDoNotFitTricks {
        /// Re's card points.
        points: u8,
        /// Re's tricks.
        tricks: u8,
        /// The fewest card points that many tricks can hold.
        min: u8,
        /// The most card points that many tricks can hold.
        max: u8,
    },
    /// The Re party has the wrong number of players for the contract.
    #[error("{contract} needs {expected} player(s) in the Re party, got {got}")]
    ReSize {
        /// The contract.
        contract: Contract,
        /// The size it needs.
        expected: u8,
        /// The size given.
        got: u8,
    },
    /// A seat that is not at the table.
    #[error("seat {seat} is not at a table of {seats}")]
    SeatOutOfRange {
        /// The seat given.
        seat: Seat,
        /// The number of seats at the table.
        seats: u8,
    },
    /// The same seat named twice.
    #[error("seat {seat} is named twice")]
    DuplicateSeat {
        /// The seat named twice.
        seat: Seat,
    },
    /// A 5-table deal without the seat that sits out.
    #[error("a 5-table deal needs the seat that sits out")]
    SittingOutMissing,
    /// The seat that sits out is not at the table.
    #[error("seat {seat} sits out but is not at a table of {seats}")]
    SittingOutNotAtTable {
        /// The seat given.
        seat: Seat,
        /// The number of seats at the table.
        seats: u8,
    },
    /// A sitting-out seat at a 4-table.
    #[error("nobody sits out at a 4-table")]
    SittingOutAtFourTable,
    /// The seat that sits out is in the Re party.
    #[error("seat {seat} sits out and cannot play in the Re party")]
    SittingOutPlays {
        /// The seat.
        seat: Seat,
    },
    /// More than the two ♦A of the deck caught as foxes.
    #[error("there are only two foxes, got {total}")]
    TooManyFoxes {
        /// Foxes of both parties together (`u16`: two client `u8` counts can exceed 255).
        total: u16,
    },
    /// More than one Karlchen.
    #[error("only the last trick can be won by a Karlchen, got {total}")]
    TooManyKarlchen {
        /// Karlchen of both parties together (`u16`: two client `u8` counts can exceed 255).
        total: u16,
    },
    /// More Doppelkopf tricks than the party took tricks.
    #[error("{party:?} took {tricks} tricks and cannot have {doppelkopf} Doppelkopf tricks")]
    DoppelkopfExceedsTricks {
        /// The party.
        party: Party,
        /// Doppelkopf tricks given.
        doppelkopf: u8,
        /// Tricks the party took.
        tricks: u8,
    },
    /// The extras need more card points than the party took (a Doppelkopf holds 40, a fox
    /// 11, a Karlchen's trick at least its 2).
    #[error("{party:?} took {points} card points, too few for the extras given")]
    ExtrasExceedPoints {
        /// The party.
        party: Party,
        /// Card points the party took.
        points: u8,
    },
    /// Foxes or a Karlchen for a party that took no trick.
    #[error("{party:?} took no trick and cannot have caught a fox or a Karlchen")]
    ExtrasWithoutTricks {
        /// The party.
        party: Party,
    },
    /// Extras in a deal scored as a solo (TSR 7.2.4).
    #[error("{contract} is scored as a solo and has no extra points")]
    ExtrasInSolo {
        /// The contract.
        contract: Contract,
    },
    /// A paper entry's game value that no deal of its contract can reach (TSR 7.2).
    #[error("{contract} is worth between 0 and {max}, not {value}")]
    ValueOutOfRange {
        /// The contract.
        contract: Contract,
        /// The value given.
        value: u16,
        /// The highest value the contract can reach, [`crate::score::max_value`].
        max: u16,
    },
    /// A paper entry with a value but without the party whose entries are positive.
    #[error("a deal worth {value} needs the party that won it")]
    WinnerMissing {
        /// The value given.
        value: u16,
    },
    /// A deal thrown in where the rules throw nothing in (no five nines or five kings, no
    /// Armut; house rules XIII): under the TSR every deal dealt is played.
    #[error("these rules throw no deal in: every deal dealt is played")]
    ThrownInNotInRules,
    /// An Armut where the rules have none (the TSR has none; house rule XII).
    #[error("these rules have no Armut")]
    ArmutNotInRules,
    /// Who held the ♣Q, given where it decides nothing: only an Armut under
    /// [`Ruleset::armut_alten_by_queens`](crate::game::Ruleset::armut_alten_by_queens) asks.
    #[error(
        "who held the queens of clubs is asked only of an Armut whose rules read gegen die Alten by them"
    )]
    ClubQueensNotInRules,
    /// An Armut under [`Ruleset::armut_alten_by_queens`](crate::game::Ruleset::armut_alten_by_queens) without who held the ♣Q.
    #[error("an Armut under these rules needs who held both queens of clubs")]
    ClubQueensMissing,
    /// A count of a house rule's extra the rules do not have: a fox caught in the last
    /// trick without [`Ruleset::fox_last_trick_two`](crate::game::Ruleset::fox_last_trick_two), a ♥10 without
    /// [`Ruleset::heart_ten_point`](crate::game::Ruleset::heart_ten_point). Refused rather than ignored, so that a count entered
    /// on the wrong rules cannot look as if it had scored.
    #[error("these rules have no {extra} point")]
    ExtraNotInRules {
        /// The party credited with it.
        party: Party,
        /// The extra's field name: `fox_last_trick` or `heart_ten`.
        extra: &'static str,
    },
    /// More foxes caught in the last trick than the party caught foxes.
    #[error("{party:?} caught {foxes} foxes and cannot have caught {last_trick} in the last trick")]
    FoxLastTrickExceedsFoxes {
        /// The party.
        party: Party,
        /// Foxes caught in the last trick, as given.
        last_trick: u8,
        /// Foxes the party caught.
        foxes: u8,
    },
    /// More than the two ♥10 of the deck caught.
    #[error("there are only two tens of hearts, got {total}")]
    TooManyHeartTens {
        /// ♥10 of both parties together (`u16`: two client `u8` counts can exceed 255).
        total: u16,
    },
    /// Both parties credited with something only the winners of the last trick can have
    /// (a Karlchen, a caught Karlchen, a fox caught in it).
    #[error("only one party can win the last trick")]
    LastTrickForBoth,
}
