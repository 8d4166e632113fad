//! The facts of one deal as a score sheet needs them, and the checks that make them
//! possible facts.
//!
//! A deal is scored from what happened, not from how it was played: the contract, who was
//! Re, Re's card points and tricks, each party's highest call and the extras each party
//! earned. [`DealFacts::validate`] rejects combinations that no deal can produce (a trick
//! count that cannot hold the points, three foxes, extras in a solo, …) so that the
//! scorer only ever sees real deals. It never decides who won; that is [`crate::score`](mod@crate::score).

use std::fmt;
use std::str::FromStr;

// From the defining file: `game`'s mod.rs re-exports the family games too, which read deals.
use crate::game::ruleset::{AnnouncementScoring, KarlchenRule, Ruleset};

/// A seat at a table, 0-based in table order (seat 0 = position 1, the first dealer).
pub type Seat = u8;

/// How many players sit at the table (TSR 10.1: at a 5-table the dealer sits out).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableSize {
    /// Four players, everybody plays every deal.
    Four,
    /// Five players, the dealer sits out each deal and scores 0.
    Five,
}

impl TableSize {
    /// The number of seats.
    pub const fn seats(self) -> u8 {
        match self {
            TableSize::Four => 4,
            TableSize::Five => 5,
        }
    }

    /// The table size for a number of players, if there is one.
    pub const fn from_players(players: u8) -> Option<TableSize> {
        match players {
            4 => Some(TableSize::Four),
            5 => Some(TableSize::Five),
            _ => None,
        }
    }
}

/// The two parties of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Party {
    /// The ♣Q holders, the wedding pair or the soloist.
    Re,
    /// Everybody else who plays the deal.
    Kontra,
}

impl Party {
    /// The opposing party.
    pub const fn other(self) -> Party {
        match self {
            Party::Re => Party::Kontra,
            Party::Kontra => Party::Re,
        }
    }

    /// The lower-case name used on the wire and in logs.
    pub const fn as_str(self) -> &'static str {
        match self {
            Party::Re => "re",
            Party::Kontra => "kontra",
        }
    }
}

/// The game type as it was played (TSR 2.3, 4.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Contract {
    /// A normal game: the two ♣Q holders are Re.
    Normal,
    /// An announced wedding whose clarifying trick found a partner: scored as a normal game.
    Wedding,
    /// An announced wedding whose player took tricks 1–3: a Karo solo on the normal column.
    WeddingSolo,
    /// Both ♣Q in one hand and no reservation: a Karo solo on the normal column.
    SilentWedding,
    /// Damensolo: only the queens are trump.
    SoloQueens,
    /// Bubensolo: only the jacks are trump.
    SoloJacks,
    /// Fleischloser (Asse-Solo): no trump at all.
    SoloFleshless,
    /// Farbsolo in ♦ (the normal-game trump order).
    SoloDiamonds,
    /// Farbsolo in ♥.
    SoloHearts,
    /// Farbsolo in ♠.
    SoloSpades,
    /// Farbsolo in ♣.
    SoloClubs,
    /// Armut (house rule XII, only where the rules have it): the poor player and the
    /// partner who took his trumps are Re; scored as a normal game.
    Armut,
}

impl Contract {
    /// Every contract, in the order of the API's enumeration.
    pub const ALL: [Contract; 12] = [
        Contract::Normal,
        Contract::Wedding,
        Contract::WeddingSolo,
        Contract::SilentWedding,
        Contract::SoloQueens,
        Contract::SoloJacks,
        Contract::SoloFleshless,
        Contract::SoloDiamonds,
        Contract::SoloHearts,
        Contract::SoloSpades,
        Contract::SoloClubs,
        Contract::Armut,
    ];

    /// The declared solos: what a player can announce as Pflicht- or Lustsolo.
    pub const DECLARED_SOLOS: [Contract; 7] = [
        Contract::SoloQueens,
        Contract::SoloJacks,
        Contract::SoloFleshless,
        Contract::SoloDiamonds,
        Contract::SoloHearts,
        Contract::SoloSpades,
        Contract::SoloClubs,
    ];

    /// The snake_case name used on the wire and in storage.
    pub const fn as_str(self) -> &'static str {
        match self {
            Contract::Normal => "normal",
            Contract::Wedding => "wedding",
            Contract::WeddingSolo => "wedding_solo",
            Contract::SilentWedding => "silent_wedding",
            Contract::SoloQueens => "solo_queens",
            Contract::SoloJacks => "solo_jacks",
            Contract::SoloFleshless => "solo_fleshless",
            Contract::SoloDiamonds => "solo_diamonds",
            Contract::SoloHearts => "solo_hearts",
            Contract::SoloSpades => "solo_spades",
            Contract::SoloClubs => "solo_clubs",
            Contract::Armut => "armut",
        }
    }

    /// A declared solo (Pflicht- or Lustsolo); not a wedding solo or silent wedding.
    pub const fn is_declared_solo(self) -> bool {
        matches!(
            self,
            Contract::SoloQueens
                | Contract::SoloJacks
                | Contract::SoloFleshless
                | Contract::SoloDiamonds
                | Contract::SoloHearts
                | Contract::SoloSpades
                | Contract::SoloClubs
        )
    }

    /// Scored as a solo (TSR 7.2.4): one player against three, ×3, no extras.
    pub const fn scored_as_solo(self) -> bool {
        self.is_declared_solo() || matches!(self, Contract::WeddingSolo | Contract::SilentWedding)
    }

    /// Whether a club playing by `rules` has it: every contract but Armut, which only
    /// house rule XII brings (the TSR has none).
    pub const fn in_rules(self, rules: &Ruleset) -> bool {
        !matches!(self, Contract::Armut) || rules.armut
    }

    /// How many players form the Re party.
    pub const fn re_size(self) -> u8 {
        if self.scored_as_solo() { 1 } else { 2 }
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A contract name that is not one of [`Contract::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown contract {0:?}")]
pub struct UnknownContract(pub String);

impl FromStr for Contract {
    type Err = UnknownContract;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Contract::ALL
            .into_iter()
            .find(|c| c.as_str() == s)
            .ok_or_else(|| UnknownContract(s.to_owned()))
    }
}

/// Who held both ♣Q once an Armut's cards were exchanged: what the info page's reading of
/// "gegen die Alten" under Armut asks ([`Ruleset::armut_alten_by_queens`]). The pair of
/// an Armut are Re without being "the Queens" unless they hold them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClubQueens {
    /// The poor player and his partner held both.
    Re,
    /// The other two held both.
    Kontra,
    /// One on each side: nobody is "the Queens".
    Split,
}

impl ClubQueens {
    /// Every value, in the order a form offers them.
    pub const ALL: [ClubQueens; 3] = [ClubQueens::Re, ClubQueens::Kontra, ClubQueens::Split];

    /// The stable name used by the API and storage.
    pub const fn as_str(self) -> &'static str {
        match self {
            ClubQueens::Re => "re",
            ClubQueens::Kontra => "kontra",
            ClubQueens::Split => "split",
        }
    }

    /// The value of a stable name.
    pub fn from_name(name: &str) -> Option<ClubQueens> {
        ClubQueens::ALL.into_iter().find(|v| v.as_str() == name)
    }

    /// The party holding both, if one does.
    pub const fn party(self) -> Option<Party> {
        match self {
            ClubQueens::Re => Some(Party::Re),
            ClubQueens::Kontra => Some(Party::Kontra),
            ClubQueens::Split => None,
        }
    }
}

/// A party's highest call (TSR 6): the Ansage ("Re"/"Kontra") and the Absagen above it.
///
/// The levels are ordered; a higher level includes every lower one, because skipped levels
/// count (TSR 6.4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum CallLevel {
    /// Nothing said.
    #[default]
    None,
    /// "Re" or "Kontra".
    Ansage,
    /// "keine 90".
    No90,
    /// "keine 60".
    No60,
    /// "keine 30".
    No30,
    /// "schwarz".
    Schwarz,
}

impl CallLevel {
    /// Every level, lowest first.
    pub const ALL: [CallLevel; 6] = [
        CallLevel::None,
        CallLevel::Ansage,
        CallLevel::No90,
        CallLevel::No60,
        CallLevel::No30,
        CallLevel::Schwarz,
    ];

    /// Whether the party made its Ansage (every Absage includes it).
    pub const fn has_ansage(self) -> bool {
        !matches!(self, CallLevel::None)
    }

    /// The number of Absagen this level stands for (keine 60 said directly is two).
    pub const fn absagen(self) -> u8 {
        match self {
            CallLevel::None | CallLevel::Ansage => 0,
            CallLevel::No90 => 1,
            CallLevel::No60 => 2,
            CallLevel::No30 => 3,
            CallLevel::Schwarz => 4,
        }
    }

    /// The level for a number of Absagen on top of the Ansage.
    pub const fn from_absagen(absagen: u8) -> CallLevel {
        match absagen {
            0 => CallLevel::Ansage,
            1 => CallLevel::No90,
            2 => CallLevel::No60,
            3 => CallLevel::No30,
            _ => CallLevel::Schwarz,
        }
    }

    /// Whether a party's Absagen up to this level are made: its opponents, with
    /// `opponent_points` card points and `opponent_tricks` tricks, stayed below 90, 60 or 30,
    /// or took no trick for "schwarz" (TSR 7.1). A level without an Absage promises nothing
    /// and is never kept.
    pub const fn kept(self, opponent_points: u8, opponent_tricks: u8) -> bool {
        match self {
            CallLevel::None | CallLevel::Ansage => false,
            CallLevel::No90 => opponent_points < 90,
            CallLevel::No60 => opponent_points < 60,
            CallLevel::No30 => opponent_points < 30,
            CallLevel::Schwarz => opponent_tricks == 0,
        }
    }

    /// The next higher level, if any.
    pub const fn next(self) -> Option<CallLevel> {
        match self {
            CallLevel::None => Some(CallLevel::Ansage),
            CallLevel::Ansage => Some(CallLevel::No90),
            CallLevel::No90 => Some(CallLevel::No60),
            CallLevel::No60 => Some(CallLevel::No30),
            CallLevel::No30 => Some(CallLevel::Schwarz),
            CallLevel::Schwarz => None,
        }
    }
}

/// Each party's highest call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Announcements {
    /// The Re party's highest call.
    pub re: CallLevel,
    /// The Kontra party's highest call.
    pub kontra: CallLevel,
}

impl Announcements {
    /// The highest call of `party`.
    pub const fn of(&self, party: Party) -> CallLevel {
        match party {
            Party::Re => self.re,
            Party::Kontra => self.kontra,
        }
    }
}

/// Extra points (Sonderpunkte, TSR 7.2.3) one party earned, as counts. "Gegen die Alten" is
/// not entered: the scorer derives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Extras {
    /// Tricks of 40 card points or more won by the party.
    pub doppelkopf: u8,
    /// ♦A of the opposing party caught by the party.
    pub fox: u8,
    /// 1 when the party's ♣J won the last trick.
    pub karlchen: u8,
    /// 1 when this party caught the other party's ♣J in the last trick (house rule XI,
    /// "Charlie captured"; Wikipedia's Lizzie Miller, caught by the ♦Q). Counted only under
    /// [`KarlchenRule::Caught`], [`KarlchenRule::SecondBeatsFirst`] and
    /// [`KarlchenRule::LizzieMiller`], a point each; under `SecondBeatsFirst` the
    /// catchers, who won the last trick with the second ♣J, also get the ordinary Karlchen
    /// point: two in all, as the house-rules text says. 0 (the default) for every deal
    /// entered before house rules existed, and ignored by the TSR's scoring.
    ///
    /// [`KarlchenRule::Caught`]: crate::game::KarlchenRule::Caught
    /// [`KarlchenRule::SecondBeatsFirst`]: crate::game::KarlchenRule::SecondBeatsFirst
    /// [`KarlchenRule::LizzieMiller`]: crate::game::KarlchenRule::LizzieMiller
    pub karlchen_caught: u8,
    /// Of the party's foxes ([`Extras::fox`]), those caught in the last trick: Wikipedia,
    /// Fox, "Losing an Ace of Diamonds to the opposing team in the last trick of the game
    /// may lead to two extra points (instead of one) counted against the team losing the
    /// fox". Each is one point more, only under [`Ruleset::fox_last_trick_two`]; a count
    /// where the rules lack it is refused.
    pub fox_last_trick: u8,
    /// ♥10 of the other party caught (the info page, IX: "many groups play with a rule
    /// where capturing a 10 of Hearts brings their team an extra point"). **Reading:**
    /// "capturing" as for the fox (VIII, "capturing a Fox from an opponent"): a ♥10 the
    /// party's own partner gave it is not captured. A point each, only under
    /// [`Ruleset::heart_ten_point`]; a count where the rules lack it is refused.
    pub heart_ten: u8,
}

impl Extras {
    /// The number of extras entered, the house rules' counts included (whether they score
    /// is the ruleset's question, [`crate::score::score_with`]). Widened to `u16`: the
    /// counts come from clients, and six `u8` of up to 255 each would overflow a `u8` sum
    /// (at most 1530 fits a `u16`). Under the TSR it is the number of extra points.
    pub const fn total(&self) -> u16 {
        self.doppelkopf as u16
            + self.fox as u16
            + self.karlchen as u16
            + self.karlchen_caught as u16
            + self.fox_last_trick as u16
            + self.heart_ten as u16
    }

    /// Whether the party earned nothing.
    pub const fn is_empty(&self) -> bool {
        self.total() == 0
    }
}

/// Both parties' extras.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PartyExtras {
    /// What the Re party earned.
    pub re: Extras,
    /// What the Kontra party earned.
    pub kontra: Extras,
}

impl PartyExtras {
    /// The extras of `party`.
    pub const fn of(&self, party: Party) -> Extras {
        match party {
            Party::Re => self.re,
            Party::Kontra => self.kontra,
        }
    }
}

/// A set of seats, as a bit mask (seat `s` is bit `s`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SeatSet(u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set of `seats`; a seat named twice is an error, since a player is one seat.
    pub fn from_seats(seats: &[Seat]) -> Result<SeatSet, FactsError> {
        let mut set = SeatSet::EMPTY;
        for &seat in seats {
            if seat >= 8 {
                return Err(FactsError::SeatOutOfRange { seat, seats: 5 });
            }
            if set.contains(seat) {
                return Err(FactsError::DuplicateSeat { seat });
            }
            set = set.with(seat);
        }
        Ok(set)
    }

    /// The set with `seat` added. A seat of 8 or more has no bit and leaves the set as it
    /// is (as [`SeatSet::contains`] never finds it), rather than overflowing the shift;
    /// [`SeatSet::from_seats`] is the checked way in for seats a client names.
    pub const fn with(self, seat: Seat) -> SeatSet {
        if seat >= 8 {
            return self;
        }
        SeatSet(self.0 | (1 << seat))
    }

    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        seat < 8 && self.0 & (1 << seat) != 0
    }

    /// The number of seats in the set.
    pub const fn len(self) -> u8 {
        self.0.count_ones() as u8
    }

    /// Whether the set has no seat.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8).filter(move |&s| self.contains(s))
    }
}

/// Everything the scorer needs to know about one deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealFacts {
    /// Four or five seats at the table.
    pub table_size: TableSize,
    /// The contract as played.
    pub contract: Contract,
    /// The Re party: two seats in a normal game or wedding, the soloist alone otherwise.
    pub re: SeatSet,
    /// At a 5-table, the dealer, who sits out; `None` at a 4-table.
    pub sitting_out: Option<Seat>,
    /// Card points (Augen) taken by Re, 0–240; Kontra has the rest.
    pub re_points: u8,
    /// Tricks taken by Re, 0–12; Kontra has the rest.
    pub re_tricks: u8,
    /// Each party's highest call.
    pub announcements: Announcements,
    /// Each party's extras; all zero in deals scored as solos.
    pub extras: PartyExtras,
    /// Who held both ♣Q after an Armut's exchange: given exactly for an Armut under
    /// [`Ruleset::armut_alten_by_queens`], `None` otherwise.
    pub club_queens: Option<ClubQueens>,
}

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
        /// The tricks of a deal, [`Ruleset::tricks`].
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
    /// [`Ruleset::armut_alten_by_queens`] asks.
    #[error(
        "who held the queens of clubs is asked only of an Armut whose rules read gegen die Alten by them"
    )]
    ClubQueensNotInRules,
    /// An Armut under [`Ruleset::armut_alten_by_queens`] without who held the ♣Q.
    #[error("an Armut under these rules needs who held both queens of clubs")]
    ClubQueensMissing,
    /// A count of a house rule's extra the rules do not have: a fox caught in the last
    /// trick without [`Ruleset::fox_last_trick_two`], a ♥10 without
    /// [`Ruleset::heart_ten_point`]. Refused rather than ignored, so that a count entered
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

/// The card points, in ascending order, of the 48 cards: 8 nines, jacks, queens, kings,
/// tens and aces. The fewest points `t` tricks can hold are the lowest `4t` values, the most
/// the highest `4t`.
const CARD_VALUES_ASCENDING: [u8; 6] = [0, 2, 3, 4, 10, 11];

/// The same without the nines (40 cards: jacks, queens, kings, tens and aces).
const CARD_VALUES_ASCENDING_WITHOUT_NINES: [u8; 5] = [2, 3, 4, 10, 11];

/// The range of card points that `tricks` tricks can hold.
pub fn points_range(tricks: u8) -> (u8, u8) {
    points_range_with(tricks, &Ruleset::DDV)
}

/// The range of card points that `tricks` tricks can hold in the deck of `rules`: the 48
/// cards, or 40 without the nines, where every card has points, so even one trick holds at
/// least 8 and ten tricks all 240. Tricks past the deal's are taken as the whole deal.
pub fn points_range_with(tricks: u8, rules: &Ruleset) -> (u8, u8) {
    let values: &[u8] = if rules.without_nines {
        &CARD_VALUES_ASCENDING_WITHOUT_NINES
    } else {
        &CARD_VALUES_ASCENDING
    };
    let cards = u16::from(tricks.min(rules.tricks())) * 4;
    let sum = |values: &mut dyn Iterator<Item = u8>| -> u16 {
        let mut left = cards;
        let mut total = 0u16;
        for v in values {
            let take = left.min(8);
            total += take * u16::from(v);
            left -= take;
        }
        total
    };
    let min = sum(&mut values.iter().copied());
    let max = sum(&mut values.iter().rev().copied());
    // Both are at most 240, so they fit.
    (min as u8, max as u8)
}

/// Whether the tricks of a deal where Re took `re_points` card points can change its
/// score under `rules`. Only "schwarz" looks at tricks (TSR 7.1: a party that took no trick;
/// an Absage "schwarz" is kept only when the other party took none), and a party with card
/// points took a trick. So the tricks matter only when a party has no card points, and
/// only with the nines in the deck: without them every card has points, and no card points
/// means no trick. Where schwarz is counted by card points
/// ([`Ruleset::schwarz_by_card_points`]) they never matter.
pub const fn tricks_matter(re_points: u8, rules: &Ruleset) -> bool {
    !rules.without_nines && !rules.schwarz_by_card_points && (re_points == 0 || re_points >= 240)
}

/// The card points at which [`tricks_matter`] under `rules`: what an entry form asks the
/// tricks for (0 and 240 with the nines; none without them).
pub fn points_where_tricks_matter(rules: &Ruleset) -> Vec<u8> {
    [0, 240]
        .into_iter()
        .filter(|&p| tricks_matter(p, rules))
        .collect()
}

/// The tricks a deal is scored with when nobody counted them, or `None` when they matter
/// ([`tricks_matter`]) and must be counted. Any count the points allow scores the same;
/// this is the one closest to the points' share of the deal (every trick holds 20 on
/// average) that leaves each party room for its Doppelkopf tricks, so that the facts pass
/// [`DealFacts::validate_with`] exactly when counted facts with the same points would.
pub fn uncounted_tricks(re_points: u8, extras: &PartyExtras, rules: &Ruleset) -> Option<u8> {
    if tricks_matter(re_points, rules) {
        return None;
    }
    let all = rules.tricks();
    let share = u16::from(re_points) * u16::from(all);
    let fits = |t: u8| {
        let (min, max) = points_range_with(t, rules);
        (min..=max).contains(&re_points)
            && extras.re.doppelkopf <= t
            && extras.kontra.doppelkopf <= all - t
    };
    let distance = |t: u8| (u16::from(t) * 240).abs_diff(share);
    (0..=all)
        .filter(|&t| fits(t))
        .min_by_key(|&t| distance(t))
        // Points no count of tricks can hold: the nearest count, refused by the checks as
        // counted facts would be.
        .or(Some(
            u8::try_from((share + 120) / 240).unwrap_or(all).min(all),
        ))
}

/// A contract the rules have: Armut only where the club plays it (house rule XII).
fn check_contract(contract: Contract, rules: &Ruleset) -> Result<(), FactsError> {
    if !contract.in_rules(rules) {
        return Err(FactsError::ArmutNotInRules);
    }
    Ok(())
}

/// Checks who plays what at the table: every Re seat is at the table, the seat that sits
/// out (a 5-table's dealer, TSR 10.1) is given exactly when the table has one and is not in
/// the Re party, and the Re party has the contract's size. The full facts and the paper
/// summary share it, so both name the same mistake the same way.
fn check_parties(
    table_size: TableSize,
    contract: Contract,
    re: SeatSet,
    sitting_out: Option<Seat>,
) -> Result<(), FactsError> {
    let seats = table_size.seats();
    if let Some(seat) = re.iter().find(|&s| s >= seats) {
        return Err(FactsError::SeatOutOfRange { seat, seats });
    }
    match (table_size, sitting_out) {
        (TableSize::Four, Some(_)) => return Err(FactsError::SittingOutAtFourTable),
        (TableSize::Five, None) => return Err(FactsError::SittingOutMissing),
        (TableSize::Five, Some(seat)) if seat >= seats => {
            return Err(FactsError::SittingOutNotAtTable { seat, seats });
        }
        (TableSize::Five, Some(seat)) if re.contains(seat) => {
            return Err(FactsError::SittingOutPlays { seat });
        }
        _ => {}
    }
    let expected = contract.re_size();
    if re.len() != expected {
        return Err(FactsError::ReSize {
            contract,
            expected,
            got: re.len(),
        });
    }
    Ok(())
}

/// The party of `seat` at a table where `re` is Re and `sitting_out` sits out; `None` for
/// the seat that sits out and for a seat not at the table.
const fn party_at(
    table_size: TableSize,
    re: SeatSet,
    sitting_out: Option<Seat>,
    seat: Seat,
) -> Option<Party> {
    if seat >= table_size.seats() {
        return None;
    }
    if let Some(out) = sitting_out
        && out == seat
    {
        return None;
    }
    if re.contains(seat) {
        Some(Party::Re)
    } else {
        Some(Party::Kontra)
    }
}

/// What the paper score sheet holds of a deal (TSR 7.3.3): the contract, who played Re (or
/// the solo), the game value and which party's entries are positive. A table that lost its
/// phone finishes its round on paper, and the organiser keys the list in afterwards.
///
/// The card points, calls and extras behind the value are not on the paper, so nothing of
/// TSR 7.1–7.2 can be checked but the bounds: the value is one that a deal of the contract
/// can reach ([`crate::score::max_value`]). [`crate::score::score_paper`] turns it into the
/// same entries per seat as the full facts of that deal would give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaperFacts {
    /// Four or five seats at the table.
    pub table_size: TableSize,
    /// The contract as played; it decides whether the soloist's entry is ×3 (TSR 7.2.4).
    pub contract: Contract,
    /// The Re party: two seats in a normal game or wedding, the soloist alone otherwise.
    pub re: SeatSet,
    /// At a 5-table, the dealer, who sits out; `None` at a 4-table.
    pub sitting_out: Option<Seat>,
    /// The game value as written: what each player of the winning party gets (the
    /// soloist three times that), 0 up to [`crate::score::max_value`]. Kept as entered so
    /// that an impossible number is refused rather than cut.
    pub value: u16,
    /// The party whose entries are positive: the winners the paper marks (TSR 7.3.3), who
    /// are the losers of TSR 7.1 when the losers' extras outweigh the win (TSR 7.2.3).
    /// Needed for any value but 0, where nobody scores.
    pub winner: Option<Party>,
}

impl PaperFacts {
    /// Checks that the summary can describe a deal: the value within the contract's bounds,
    /// then the parties as [`DealFacts::validate`] checks them, then the winner.
    pub fn validate(&self) -> Result<(), FactsError> {
        self.validate_with(&Ruleset::DDV)
    }

    /// As [`PaperFacts::validate`], with the value bounded by what a deal can reach under
    /// `rules` ([`crate::score::max_value_with`]).
    pub fn validate_with(&self, rules: &Ruleset) -> Result<(), FactsError> {
        let max = max_value_with(self.contract, rules);
        if self.value > max {
            return Err(FactsError::ValueOutOfRange {
                contract: self.contract,
                value: self.value,
                max,
            });
        }
        check_contract(self.contract, rules)?;
        check_parties(self.table_size, self.contract, self.re, self.sitting_out)?;
        if self.value > 0 && self.winner.is_none() {
            return Err(FactsError::WinnerMissing { value: self.value });
        }
        Ok(())
    }

    /// The party of `seat`, or `None` for the seat that sits out.
    pub const fn party_of(&self, seat: Seat) -> Option<Party> {
        party_at(self.table_size, self.re, self.sitting_out, seat)
    }
}

impl DealFacts {
    /// Checks that the facts describe a possible deal under the TSR.
    pub fn validate(&self) -> Result<(), FactsError> {
        self.validate_with(&Ruleset::DDV)
    }

    /// Checks that the facts describe a possible deal under `rules`: its number of tricks
    /// and its deck (without the nines: ten tricks, and every card has points), and the
    /// caught Karlchen (one last trick, won by one party). The card points are 240 in
    /// either deck.
    pub fn validate_with(&self, rules: &Ruleset) -> Result<(), FactsError> {
        if self.re_points > 240 {
            return Err(FactsError::PointsOutOfRange {
                points: self.re_points.into(),
            });
        }
        if self.re_tricks > 12 {
            return Err(FactsError::TricksOutOfRange {
                tricks: self.re_tricks.into(),
            });
        }
        if self.re_tricks > rules.tricks() {
            return Err(FactsError::TricksBeyondDeal {
                tricks: self.re_tricks,
                max: rules.tricks(),
            });
        }
        check_contract(self.contract, rules)?;
        check_parties(self.table_size, self.contract, self.re, self.sitting_out)?;
        let asked = self.contract == Contract::Armut && rules.armut_alten_by_queens;
        match (asked, self.club_queens) {
            (true, None) => return Err(FactsError::ClubQueensMissing),
            (false, Some(_)) => return Err(FactsError::ClubQueensNotInRules),
            _ => {}
        }
        let (min, max) = points_range_with(self.re_tricks, rules);
        if self.re_points < min || self.re_points > max {
            return Err(FactsError::PointsDoNotFitTricks {
                points: self.re_points,
                tricks: self.re_tricks,
                min,
                max,
            });
        }
        self.validate_extras(rules)
    }

    fn validate_extras(&self, rules: &Ruleset) -> Result<(), FactsError> {
        let PartyExtras { re, kontra } = self.extras;
        if self.contract.scored_as_solo() {
            if re.is_empty() && kontra.is_empty() {
                return Ok(());
            }
            return Err(FactsError::ExtrasInSolo {
                contract: self.contract,
            });
        }
        // Summed in u16: each count is a client's u8, and 200 + 100 foxes must be refused as
        // too many, not overflow.
        let foxes = u16::from(re.fox) + u16::from(kontra.fox);
        if foxes > 2 {
            return Err(FactsError::TooManyFoxes { total: foxes });
        }
        let karlchen = u16::from(re.karlchen) + u16::from(kontra.karlchen);
        if karlchen > 1 {
            return Err(FactsError::TooManyKarlchen { total: karlchen });
        }
        // One last trick, won by one party: one caught Karlchen at most, and the Karlchen
        // point and the catch both belong to the party that won it.
        let caught = u16::from(re.karlchen_caught) + u16::from(kontra.karlchen_caught);
        if caught > 1 {
            return Err(FactsError::TooManyKarlchen { total: caught });
        }
        let last_trick = |e: Extras| e.karlchen > 0 || e.karlchen_caught > 0;
        if last_trick(re) && last_trick(kontra) {
            return Err(FactsError::TooManyKarlchen {
                total: karlchen + caught,
            });
        }
        self.validate_house_extras(rules)?;
        // Lizzie Miller: only a winning ♦Q catches, so the card that won the last trick was
        // either the ♣J (Karlchen) or the ♦Q (the catch), never both.
        if rules.karlchen == KarlchenRule::LizzieMiller && (karlchen > 0 && caught > 0) {
            return Err(FactsError::TooManyKarlchen {
                total: karlchen + caught,
            });
        }
        for party in [Party::Re, Party::Kontra] {
            let extras = self.extras.of(party);
            let (points, tricks) = (self.points_of(party), self.tricks_in(party, rules));
            if extras.doppelkopf > tricks {
                return Err(FactsError::DoppelkopfExceedsTricks {
                    party,
                    doppelkopf: extras.doppelkopf,
                    tricks,
                });
            }
            if tricks == 0 && !extras.is_empty() {
                return Err(FactsError::ExtrasWithoutTricks { party });
            }
            // A fox may lie in a Doppelkopf trick, so the two needs are not added up.
            // A caught Karlchen lies in a trick with the card that caught it: 4 at least.
            let needed = (40 * u16::from(extras.doppelkopf))
                .max(11 * u16::from(extras.fox))
                .max(10 * u16::from(extras.heart_ten))
                .max(2 * u16::from(extras.karlchen))
                .max(4 * u16::from(extras.karlchen_caught));
            if u16::from(points) < needed {
                return Err(FactsError::ExtrasExceedPoints { party, points });
            }
        }
        Ok(())
    }

    /// The counts of the extras only house rules have, beside the TSR's and the caught
    /// Karlchen: each only under its switch, the foxes of the last trick among the party's
    /// foxes and in the same trick as any Karlchen, two ♥10 at most.
    fn validate_house_extras(&self, rules: &Ruleset) -> Result<(), FactsError> {
        let PartyExtras { re, kontra } = self.extras;
        for party in [Party::Re, Party::Kontra] {
            let extras = self.extras.of(party);
            if extras.fox_last_trick > 0 && !rules.fox_last_trick_two {
                return Err(FactsError::ExtraNotInRules {
                    party,
                    extra: "fox_last_trick",
                });
            }
            if extras.heart_ten > 0 && !rules.heart_ten_point {
                return Err(FactsError::ExtraNotInRules {
                    party,
                    extra: "heart_ten",
                });
            }
        }
        let heart_tens = u16::from(re.heart_ten) + u16::from(kontra.heart_ten);
        if heart_tens > 2 {
            return Err(FactsError::TooManyHeartTens { total: heart_tens });
        }
        for party in [Party::Re, Party::Kontra] {
            let extras = self.extras.of(party);
            if extras.fox_last_trick > extras.fox {
                return Err(FactsError::FoxLastTrickExceedsFoxes {
                    party,
                    last_trick: extras.fox_last_trick,
                    foxes: extras.fox,
                });
            }
        }
        let last_trick =
            |e: Extras| e.karlchen > 0 || e.karlchen_caught > 0 || e.fox_last_trick > 0;
        if last_trick(re) && last_trick(kontra) {
            return Err(FactsError::LastTrickForBoth);
        }
        Ok(())
    }

    /// The party of `seat`, or `None` for the seat that sits out.
    pub const fn party_of(&self, seat: Seat) -> Option<Party> {
        party_at(self.table_size, self.re, self.sitting_out, seat)
    }

    /// Card points of `party`. On facts that [`DealFacts::validate`] would refuse (Re with
    /// more than 240) Kontra has 0 rather than an overflow: the fields are public, so the
    /// facts may not have been validated.
    pub const fn points_of(&self, party: Party) -> u8 {
        match party {
            Party::Re => self.re_points,
            Party::Kontra => 240u8.saturating_sub(self.re_points),
        }
    }

    /// Tricks of `party`; as [`DealFacts::points_of`], Kontra has 0 if Re has more than 12.
    pub const fn tricks_of(&self, party: Party) -> u8 {
        match party {
            Party::Re => self.re_tricks,
            Party::Kontra => 12u8.saturating_sub(self.re_tricks),
        }
    }

    /// Tricks of `party` in a deal of `rules` ([`Ruleset::tricks`]: 10 without the nines);
    /// Kontra has 0 if Re has more than the deal's tricks.
    pub const fn tricks_in(&self, party: Party, rules: &Ruleset) -> u8 {
        match party {
            Party::Re => self.re_tricks,
            Party::Kontra => rules.tricks().saturating_sub(self.re_tricks),
        }
    }

    /// Whether `party` is schwarz: took no trick (TSR 7.2.2 a), or under the info page's
    /// reading ([`Ruleset::schwarz_by_card_points`]) no card point.
    pub const fn is_schwarz(&self, party: Party, rules: &Ruleset) -> bool {
        if rules.schwarz_by_card_points {
            self.points_of(party) == 0
        } else {
            self.tricks_in(party, rules) == 0
        }
    }

    /// `party`'s tricks as the "schwarz" Absage counts them ([`CallLevel::kept`]): none when
    /// it is schwarz ([`DealFacts::is_schwarz`]), at least one otherwise; under the TSR its
    /// tricks.
    pub const fn schwarz_tricks(&self, party: Party, rules: &Ruleset) -> u8 {
        if self.is_schwarz(party, rules) {
            0
        } else if self.tricks_in(party, rules) == 0 {
            1
        } else {
            self.tricks_in(party, rules)
        }
    }
}

/// The highest value a normal game (or a wedding with a partner) can reach: Kontra says
/// "schwarz" against Re's "schwarz" and takes every trick: won 1, the four below-items,
/// Re 2, Kontra 2, eight Absagen, the four reached-items (TSR 7.2.2), gegen die Alten,
/// six Doppelkopf tricks (six tricks of 40 hold all 240 card points), both foxes and
/// Karlchen (TSR 7.2.3).
const MAX_NORMAL_VALUE: u16 = 31;

/// The highest value a deal scored as a solo can reach: the same calls and tricks without
/// gegen die Alten and extras (TSR 7.2.4). The soloist's entry is three times this.
const MAX_SOLO_VALUE: u16 = 21;

/// The highest value of a deal scored as a solo under doubling (house rules IX): won 1, the
/// four below-items, eight Absagen and four beaten levels, 17, four times.
const MAX_SOLO_VALUE_DOUBLING: u16 = 68;

/// The highest value of a normal game under doubling: the solo's 17 and gegen die Alten,
/// four times (72), then six Doppelkopf tricks, both foxes and Karlchen, undoubled.
const MAX_NORMAL_VALUE_DOUBLING: u16 = 81;

/// The highest game value a deal of `contract` can reach (TSR 7.2): the bound of a value
/// written on a paper sheet. The unit tests check it against every deal [`crate::score::score`] accepts.
pub const fn max_value(contract: Contract) -> u16 {
    if contract.scored_as_solo() {
        MAX_SOLO_VALUE
    } else {
        MAX_NORMAL_VALUE
    }
}

/// The highest game value a deal of `contract` can reach under `rules`, the bound of a
/// paper entry's value: as [`max_value`] under the TSR, higher with doubling, and in a
/// normal game higher by each house extra the rules count. The unit tests check it against every deal
/// [`crate::score::score_with`] accepts.
pub const fn max_value_with(contract: Contract, rules: &Ruleset) -> u16 {
    let solo = contract.scored_as_solo();
    if solo {
        return match rules.announcements {
            AnnouncementScoring::Adding => max_value(contract),
            AnnouncementScoring::Doubling => MAX_SOLO_VALUE_DOUBLING,
        };
    }
    // A normal game's house extras, undoubled: the caught Karlchen, both foxes caught in
    // the last trick (a point more each), both ♥10 captured.
    let house = rules.counts_caught_karlchen() as u16
        + 2 * rules.fox_last_trick_two as u16
        + 2 * rules.heart_ten_point as u16;
    let base = match rules.announcements {
        AnnouncementScoring::Adding => MAX_NORMAL_VALUE,
        AnnouncementScoring::Doubling => MAX_NORMAL_VALUE_DOUBLING,
    };
    base + house
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normal() -> DealFacts {
        DealFacts {
            table_size: TableSize::Four,
            contract: Contract::Normal,
            re: SeatSet::from_seats(&[0, 2]).unwrap(),
            sitting_out: None,
            re_points: 130,
            re_tricks: 7,
            announcements: Announcements::default(),
            extras: PartyExtras::default(),
            club_queens: None,
        }
    }

    #[test]
    fn points_range_matches_the_deck() {
        assert_eq!(points_range(0), (0, 0));
        assert_eq!(points_range(1), (0, 44));
        assert_eq!(points_range(2), (0, 88));
        assert_eq!(points_range(3), (8, 128));
        assert_eq!(points_range(6), (40, 200));
        assert_eq!(points_range(11), (196, 240));
        assert_eq!(points_range(12), (240, 240));
        for t in 0..=12 {
            let (min, max) = points_range(t);
            let (cmin, cmax) = points_range(12 - t);
            assert_eq!(u16::from(min) + u16::from(cmax), 240, "t = {t}");
            assert_eq!(u16::from(max) + u16::from(cmin), 240, "t = {t}");
        }
    }

    #[test]
    fn a_normal_deal_is_valid() {
        assert_eq!(normal().validate(), Ok(()));
    }

    #[test]
    fn impossible_facts_are_rejected() {
        let cases: Vec<(DealFacts, FactsError)> = vec![
            (
                DealFacts {
                    re_points: 241,
                    ..normal()
                },
                FactsError::PointsOutOfRange { points: 241 },
            ),
            (
                DealFacts {
                    re_tricks: 13,
                    ..normal()
                },
                FactsError::TricksOutOfRange { tricks: 13 },
            ),
            (
                DealFacts {
                    re_points: 10,
                    re_tricks: 0,
                    ..normal()
                },
                FactsError::PointsDoNotFitTricks {
                    points: 10,
                    tricks: 0,
                    min: 0,
                    max: 0,
                },
            ),
            (
                DealFacts {
                    re_points: 230,
                    re_tricks: 12,
                    ..normal()
                },
                FactsError::PointsDoNotFitTricks {
                    points: 230,
                    tricks: 12,
                    min: 240,
                    max: 240,
                },
            ),
            (
                DealFacts {
                    re: SeatSet::from_seats(&[0]).unwrap(),
                    ..normal()
                },
                FactsError::ReSize {
                    contract: Contract::Normal,
                    expected: 2,
                    got: 1,
                },
            ),
            (
                DealFacts {
                    contract: Contract::SoloQueens,
                    ..normal()
                },
                FactsError::ReSize {
                    contract: Contract::SoloQueens,
                    expected: 1,
                    got: 2,
                },
            ),
            (
                DealFacts {
                    re: SeatSet::from_seats(&[0, 4]).unwrap(),
                    ..normal()
                },
                FactsError::SeatOutOfRange { seat: 4, seats: 4 },
            ),
            (
                DealFacts {
                    sitting_out: Some(1),
                    ..normal()
                },
                FactsError::SittingOutAtFourTable,
            ),
            (
                DealFacts {
                    table_size: TableSize::Five,
                    ..normal()
                },
                FactsError::SittingOutMissing,
            ),
            (
                DealFacts {
                    table_size: TableSize::Five,
                    sitting_out: Some(2),
                    ..normal()
                },
                FactsError::SittingOutPlays { seat: 2 },
            ),
            (
                DealFacts {
                    table_size: TableSize::Five,
                    sitting_out: Some(5),
                    ..normal()
                },
                FactsError::SittingOutNotAtTable { seat: 5, seats: 5 },
            ),
        ];
        for (facts, expected) in cases {
            assert_eq!(facts.validate(), Err(expected), "{facts:?}");
        }
    }

    #[test]
    fn impossible_extras_are_rejected() {
        let with = |re: Extras, kontra: Extras| DealFacts {
            extras: PartyExtras { re, kontra },
            ..normal()
        };
        let fox = |n| Extras {
            fox: n,
            ..Extras::default()
        };
        assert_eq!(
            with(fox(2), fox(1)).validate(),
            Err(FactsError::TooManyFoxes { total: 3 })
        );
        let karlchen = Extras {
            karlchen: 1,
            karlchen_caught: 0,
            ..Extras::default()
        };
        assert_eq!(
            with(karlchen, karlchen).validate(),
            Err(FactsError::TooManyKarlchen { total: 2 })
        );
        let dk = |n| Extras {
            doppelkopf: n,
            ..Extras::default()
        };
        assert_eq!(
            with(dk(8), Extras::default()).validate(),
            Err(FactsError::DoppelkopfExceedsTricks {
                party: Party::Re,
                doppelkopf: 8,
                tricks: 7
            })
        );
        // Kontra has 110 points: two Doppelkopf tricks (80) fit, three (120) do not.
        assert_eq!(with(Extras::default(), dk(2)).validate(), Ok(()));
        assert_eq!(
            with(Extras::default(), dk(3)).validate(),
            Err(FactsError::ExtrasExceedPoints {
                party: Party::Kontra,
                points: 110
            })
        );
        let no_kontra_trick = DealFacts {
            re_points: 240,
            re_tricks: 12,
            extras: PartyExtras {
                re: Extras::default(),
                kontra: fox(1),
            },
            ..normal()
        };
        assert_eq!(
            no_kontra_trick.validate(),
            Err(FactsError::ExtrasWithoutTricks {
                party: Party::Kontra
            })
        );
        let solo = DealFacts {
            contract: Contract::SilentWedding,
            re: SeatSet::from_seats(&[1]).unwrap(),
            extras: PartyExtras {
                re: fox(1),
                kontra: Extras::default(),
            },
            ..normal()
        };
        assert_eq!(
            solo.validate(),
            Err(FactsError::ExtrasInSolo {
                contract: Contract::SilentWedding
            })
        );
    }

    /// Extras whose sums overflowed a `u8` (and panicked with overflow checks on) are
    /// refused with the error an impossible count gets, whatever their size.
    #[test]
    fn extras_past_255_are_refused_not_overflowed() {
        let with = |re: Extras, kontra: Extras| DealFacts {
            extras: PartyExtras { re, kontra },
            ..normal()
        };
        let fox = |n| Extras {
            fox: n,
            ..Extras::default()
        };
        let karlchen = |n| Extras {
            karlchen: n,
            karlchen_caught: 0,
            ..Extras::default()
        };
        // {"re": {"fox": 200}, "kontra": {"fox": 100}}
        assert_eq!(
            with(fox(200), fox(100)).validate(),
            Err(FactsError::TooManyFoxes { total: 300 })
        );
        assert_eq!(
            with(fox(255), fox(255)).validate(),
            Err(FactsError::TooManyFoxes { total: 510 })
        );
        // Karlchen 255 + 1.
        assert_eq!(
            with(karlchen(255), karlchen(1)).validate(),
            Err(FactsError::TooManyKarlchen { total: 256 })
        );
        // One party's doppelkopf + fox + karlchen past 255 in a solo: no extras in a solo.
        let solo = DealFacts {
            contract: Contract::SoloQueens,
            re: SeatSet::from_seats(&[1]).unwrap(),
            extras: PartyExtras {
                re: Extras {
                    doppelkopf: 100,
                    fox: 100,
                    karlchen: 100,
                    karlchen_caught: 0,
                    fox_last_trick: 0,
                    heart_ten: 0,
                },
                kontra: Extras::default(),
            },
            ..normal()
        };
        assert_eq!(
            solo.validate(),
            Err(FactsError::ExtrasInSolo {
                contract: Contract::SoloQueens
            })
        );
        let all = Extras {
            doppelkopf: 255,
            fox: 255,
            karlchen: 255,
            karlchen_caught: 0,
            fox_last_trick: 0,
            heart_ten: 0,
        };
        assert_eq!(all.total(), 765);
        assert!(!all.is_empty());
        // The same in a normal game: the sum of one party is no longer taken in u8 either.
        assert_eq!(
            with(all, Extras::default()).validate(),
            Err(FactsError::TooManyFoxes { total: 255 })
        );
        // The scorer refuses them the same way (`score::tests`).
    }

    #[test]
    fn unchecked_numbers_do_not_overflow_the_helpers() {
        // Seats past the 8 bits of a set are not added (the shift would overflow).
        assert_eq!(SeatSet::EMPTY.with(8), SeatSet::EMPTY);
        assert_eq!(SeatSet::EMPTY.with(255).with(3), SeatSet::EMPTY.with(3));
        assert!(!SeatSet::EMPTY.with(200).contains(200));
        assert_eq!(
            SeatSet::from_seats(&[255]),
            Err(FactsError::SeatOutOfRange {
                seat: 255,
                seats: 5
            })
        );
        // Facts the validation would refuse still answer the per-party questions.
        let wild = DealFacts {
            re_points: 255,
            re_tricks: 255,
            ..normal()
        };
        assert_eq!(wild.points_of(Party::Kontra), 0);
        assert_eq!(wild.tricks_of(Party::Kontra), 0);
        assert_eq!(
            wild.validate(),
            Err(FactsError::PointsOutOfRange { points: 255 })
        );
        assert_eq!(points_range(255), (240, 240));
        // Valid facts are unchanged.
        assert_eq!(normal().points_of(Party::Kontra), 110);
        assert_eq!(normal().tricks_of(Party::Kontra), 5);
    }

    #[test]
    fn duplicate_seats_are_rejected() {
        assert_eq!(
            SeatSet::from_seats(&[1, 1]),
            Err(FactsError::DuplicateSeat { seat: 1 })
        );
    }

    #[test]
    fn contract_names_round_trip() {
        for c in Contract::ALL {
            assert_eq!(c.as_str().parse::<Contract>(), Ok(c));
        }
        assert!("poverty".parse::<Contract>().is_err());
    }

    #[test]
    fn call_levels_count_absagen() {
        assert_eq!(CallLevel::No60.absagen(), 2);
        for n in 0..=4 {
            assert_eq!(CallLevel::from_absagen(n).absagen(), n);
        }
        assert!(CallLevel::Ansage < CallLevel::No90 && CallLevel::No30 < CallLevel::Schwarz);
    }
}
