//! The facts of one deal as a score sheet needs them, and the checks that make them
//! possible facts.
//!
//! A deal is scored from what happened, not from how it was played: the contract, who was
//! Re, Re's card points and tricks, each party's highest call and the extras each party
//! earned. [`DealFacts::validate`] rejects combinations that no deal can produce (a trick
//! count that cannot hold the points, three foxes, extras in a solo, …) so that the
//! scorer only ever sees real deals. It never decides who won; that is [`crate::score`](mod@crate::score).

mod bounds;
mod checks;
mod error;
mod points;
#[cfg(test)]
mod tests;

use std::fmt;
use std::str::FromStr;

pub use bounds::{max_value, max_value_with};
pub use checks::PaperFacts;
pub use error::FactsError;
pub use points::{
    points_range, points_range_with, points_where_tricks_matter, tricks_matter, uncounted_tricks,
};

// From the defining file: `game`'s mod.rs re-exports the family games too, which read deals.
use crate::game::ruleset::Ruleset;

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

    /// Whether a deal of this contract must say who held the ♣Q ([`DealFacts::club_queens`]):
    /// an Armut where the rules read "gegen die Alten" by them
    /// ([`Ruleset::armut_alten_by_queens`]).
    pub const fn asks_club_queens(self, rules: &Ruleset) -> bool {
        matches!(self, Contract::Armut) && rules.armut_alten_by_queens
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
