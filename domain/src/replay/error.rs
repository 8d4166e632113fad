//! What a replay reports when the request breaks a rule: the rule, and the event at which
//! it broke.

use std::fmt;

use super::event::{Announcement, CallKind};
use crate::cards::{Card, Effective};
use crate::deal::{CallLevel, Contract, Party, Seat};

/// A rule the request breaks, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// The index into `events` of the first offending event; `None` when the request as a
    /// whole is wrong (a missing declarer, a seat that did not play twelve cards, …).
    pub event: Option<usize>,
    /// What is wrong.
    pub kind: ReplayErrorKind,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.event {
            Some(i) => write!(f, "event {i}: {}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl std::error::Error for ReplayError {}

/// The rule a replay breaks, with the facts that show it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayErrorKind {
    /// The dealer is not one of the four seats.
    #[error("dealer {dealer} is not a seat at a table of 4")]
    DealerOutOfRange {
        /// The dealer given.
        dealer: Seat,
    },
    /// A silent wedding or wedding solo is what a deal turns into, not what is declared.
    #[error("{contract} cannot be declared; declare normal or wedding and the replay finds it")]
    NotDeclarable {
        /// The contract given.
        contract: Contract,
    },
    /// A wedding or solo without its declarer.
    #[error("{contract} needs a declarer")]
    DeclarerMissing {
        /// The contract given.
        contract: Contract,
    },
    /// A normal game with a declarer.
    #[error("a normal game has no declarer, got seat {declarer}")]
    DeclarerNotAllowed {
        /// The declarer given.
        declarer: Seat,
    },
    /// The declarer is not one of the four seats.
    #[error("declarer {declarer} is not a seat at a table of 4")]
    DeclarerOutOfRange {
        /// The declarer given.
        declarer: Seat,
    },
    /// Only a declared solo can be a Pflichtsolo.
    #[error("only a declared solo can be compulsory, not {contract}")]
    CompulsoryWithoutSolo {
        /// The contract given.
        contract: Contract,
    },
    /// An event names a seat that is not at the table.
    #[error("seat {seat} is not a seat at a table of 4")]
    SeatOutOfRange {
        /// The seat given.
        seat: Seat,
    },
    /// Anything after the 48th card: the deal is over.
    #[error("the deal is over after the 48th card")]
    AfterLastCard,
    /// A card the seat cannot hold: both copies of the kind are already played or held
    /// elsewhere.
    #[error("seat {seat} does not hold {card}")]
    CardNotInHand {
        /// The seat that played it.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// A seat did not play exactly twelve cards.
    #[error("seat {seat} played {played} cards, not 12")]
    WrongCardCount {
        /// The seat.
        seat: Seat,
        /// The cards it played.
        played: u8,
    },
    /// The wedding player must hold both ♣Q (TSR 4.4.1).
    #[error("wedding player {declarer} holds {held} ♣Q, not both")]
    WeddingWithoutClubQueens {
        /// The wedding player.
        declarer: Seat,
        /// How many ♣Q he holds.
        held: u8,
    },
    /// A card played out of turn.
    #[error("seat {seat} played, but it is seat {expected}'s turn")]
    WrongTurn {
        /// The seat that played.
        seat: Seat,
        /// The seat whose turn it is.
        expected: Seat,
    },
    /// A card that does not follow the led suit although the seat holds one (TSR 5.2).
    #[error("seat {seat} must follow {led} but played {card}")]
    NotFollowing {
        /// The seat that played.
        seat: Seat,
        /// The card played.
        card: Card,
        /// The effective suit of the led card.
        led: Effective,
    },
    /// "re" by a Kontra player or "kontra" by a Re player.
    #[error("seat {seat} is {} and cannot call {call}", party.as_str())]
    WrongParty {
        /// The seat that called.
        seat: Seat,
        /// The call.
        call: CallKind,
        /// The caller's party.
        party: Party,
    },
    /// A call in an announced wedding before its clarifying trick is complete (TSR 4.4.4).
    #[error("seat {seat} called {call} before the wedding's clarifying trick was complete")]
    BeforeClarifyingTrick {
        /// The seat that called.
        seat: Seat,
        /// The call.
        call: CallKind,
    },
    /// A call that repeats or lowers the party's level (TSR 6.4.7).
    #[error("seat {seat} called {call}, but the party already stands at {level:?}")]
    NotRaising {
        /// The seat that called.
        seat: Seat,
        /// The call.
        call: CallKind,
        /// The party's level before the call.
        level: CallLevel,
    },
    /// An Absage by a party whose Ansage was only in time as a reply (TSR 6.4.4).
    #[error(
        "seat {seat} called {call}, but the party's ansage was a late reply and allows no absage"
    )]
    AbsageAfterLateReply {
        /// The seat that called.
        seat: Seat,
        /// The call.
        call: CallKind,
    },
    /// A call after its deadline (TSR 6.2.2, 6.3.4, 6.4.2–6.4.4).
    #[error("seat {seat} called {call} with {cards} cards in hand; it needs at least {needed}")]
    TooLate {
        /// The seat that called.
        seat: Seat,
        /// The call.
        call: CallKind,
        /// Cards the caller still held.
        cards: u8,
        /// The fewest cards with which the call would have been in time.
        needed: u8,
    },
    /// A rule that only a club's house rules have (a [`Ruleset`](crate::game::Ruleset)
    /// other than the TSR): one variant for all of them, so that a new house rule does not
    /// change this enumeration again.
    #[error(transparent)]
    HouseRule(HouseRuleError),
}

/// A house rule a request breaks (see [`ReplayErrorKind::HouseRule`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HouseRuleError {
    /// A seat did not play a whole hand of a deck without nines (ten cards).
    #[error("seat {seat} played {played} cards, not {hand}")]
    WrongHandSize {
        /// The seat.
        seat: Seat,
        /// The cards it played.
        played: u8,
        /// The cards of a hand under the ruleset.
        hand: u8,
    },
    /// The ruleset does not play this announcement.
    #[error("seat {seat} announced {announcement}, which these rules do not play")]
    NotPlayed {
        /// The seat that announced.
        seat: Seat,
        /// The announcement.
        announcement: Announcement,
    },
    /// The announcement has no meaning in this contract (Schweinchen where the ♦A is not
    /// in the normal trump order).
    #[error("seat {seat} announced {announcement} in a {contract}")]
    NotInContract {
        /// The seat that announced.
        seat: Seat,
        /// The announcement.
        announcement: Announcement,
        /// The contract.
        contract: Contract,
    },
    /// The seat does not hold what the announcement needs (Schweinchen: both ♦A; half a
    /// chicken: both ♦10).
    #[error("seat {seat} announced {announcement} without holding the two cards it needs")]
    NotHeld {
        /// The seat that announced.
        seat: Seat,
        /// The announcement.
        announcement: Announcement,
    },
    /// The announcement came after its moment: Schweinchen announced before play after the
    /// first card, or when played after the first ♦A.
    #[error("seat {seat} announced {announcement} too late")]
    TooLate {
        /// The seat that announced.
        seat: Seat,
        /// The announcement.
        announcement: Announcement,
    },
    /// The announcement was already made.
    #[error("seat {seat} repeated {announcement}")]
    Repeated {
        /// The seat that announced.
        seat: Seat,
        /// The announcement.
        announcement: Announcement,
    },
    /// A step of the Armut out of its order (declared, accepted by another seat, the poor
    /// player's trumps given, as many cards given back), or by a seat not in it.
    #[error("seat {seat}'s part of the armut is out of order")]
    ArmutOutOfOrder {
        /// The seat that acted.
        seat: Seat,
    },
    /// An Armut declared with more than three trumps dealt.
    #[error("seat {seat} declared armut with {trumps} trumps; three at most")]
    TooManyTrumps {
        /// The poor player.
        seat: Seat,
        /// The trumps he was dealt.
        trumps: u8,
    },
    /// The poor player did not hand over exactly his trumps (he gave a plain card, or kept
    /// a trump he was dealt).
    #[error("seat {seat} must give exactly the trumps it was dealt")]
    NotTheTrumps {
        /// The poor player.
        seat: Seat,
    },
    /// Under the info page's deadlines, a call that skips the level below it ("only if
    /// your team has already stated Re or Contra").
    #[error("seat {seat} called {call}, but the party has only {level:?}: one level at a time")]
    CallSkipsLevel {
        /// The seat that called.
        seat: Seat,
        /// The call.
        call: CallKind,
        /// The party's level before it.
        level: CallLevel,
    },
    /// Under the info page's deadlines, a call with more cards on the table than its limit.
    #[error("seat {seat} called {call} with {on_table} cards on the table; the limit is {limit}")]
    CallTooLateOnTable {
        /// The seat that called.
        seat: Seat,
        /// The call.
        call: CallKind,
        /// Cards on the table.
        on_table: u8,
        /// The most cards on the table for the call.
        limit: u8,
    },
    /// A player forced to announce (30 or more in the first trick, or Schweinchen) whose
    /// party never said its Ansage.
    #[error("seat {seat} had to announce re or kontra and the party never did")]
    ForcedCallMissing {
        /// The seat that had to announce.
        seat: Seat,
    },
    /// Under the three-card Armut, the poor player handed over other than three cards.
    #[error("seat {seat} gave {given} cards for the armut; three are handed over")]
    NotThreeCards {
        /// The poor player.
        seat: Seat,
        /// The cards he gave.
        given: u8,
    },
    /// The partner gave back a different number of cards than he got.
    #[error("seat {seat} gave back {returned} cards for {given}")]
    UnevenExchange {
        /// The partner.
        seat: Seat,
        /// The cards the poor player gave.
        given: u8,
        /// The cards given back.
        returned: u8,
    },
}

impl HouseRuleError {
    /// A stable machine-readable code, for the API's problem answers.
    pub const fn code(&self) -> &'static str {
        match self {
            HouseRuleError::WrongHandSize { .. } => "wrong_card_count",
            HouseRuleError::NotPlayed { .. } => "announcement_not_played",
            HouseRuleError::NotInContract { .. } => "announcement_not_in_contract",
            HouseRuleError::NotHeld { .. } => "announcement_not_held",
            HouseRuleError::TooLate { .. } => "announcement_too_late",
            HouseRuleError::Repeated { .. } => "announcement_repeated",
            HouseRuleError::ArmutOutOfOrder { .. } => "armut_out_of_order",
            HouseRuleError::TooManyTrumps { .. } => "armut_too_many_trumps",
            HouseRuleError::NotTheTrumps { .. } => "armut_not_the_trumps",
            HouseRuleError::UnevenExchange { .. } => "armut_uneven_exchange",
            HouseRuleError::CallSkipsLevel { .. } => "call_skips_level",
            HouseRuleError::CallTooLateOnTable { .. } => "call_too_late",
            HouseRuleError::ForcedCallMissing { .. } => "forced_call_missing",
            HouseRuleError::NotThreeCards { .. } => "armut_not_three_cards",
        }
    }
}

impl From<HouseRuleError> for ReplayErrorKind {
    fn from(e: HouseRuleError) -> Self {
        ReplayErrorKind::HouseRule(e)
    }
}

/// An error about the request as a whole, not about one of its events.
pub(super) fn request_error(kind: ReplayErrorKind) -> ReplayError {
    ReplayError { event: None, kind }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Suit;
    use crate::replay::fixtures::*;
    use crate::replay::{Event, ReplayRequest, replay};

    #[test]
    fn event_level_errors_point_at_the_event() {
        let events = build(Contract::Normal, 0, &NORMAL, &[]);
        let base = request(Contract::Normal, None, 3, events.clone());
        let with = |f: &dyn Fn(&mut Vec<Event>)| {
            let mut req = base.clone();
            f(&mut req.events);
            req
        };
        let cases: Vec<(ReplayRequest, usize, ReplayErrorKind)> = vec![
            (
                with(&|e| e.swap(0, 1)),
                0,
                ReplayErrorKind::WrongTurn {
                    seat: 1,
                    expected: 0,
                },
            ),
            (
                with(&|e| e.insert(3, Event::Call { seat: 4, call: Re })),
                3,
                ReplayErrorKind::SeatOutOfRange { seat: 4 },
            ),
            (
                with(&|e| e.push(Event::Call { seat: 0, call: Re })),
                48,
                ReplayErrorKind::AfterLastCard,
            ),
            (
                with(&|e| {
                    e.push(Event::Play {
                        seat: 0,
                        card: card("CA"),
                    })
                }),
                48,
                ReplayErrorKind::AfterLastCard,
            ),
            (
                // A third ♣A: nobody can hold it.
                with(&|e| {
                    e[5] = Event::Play {
                        seat: 1,
                        card: card("CA"),
                    }
                }),
                5,
                ReplayErrorKind::CardNotInHand {
                    seat: 1,
                    card: card("CA"),
                },
            ),
            (
                // Seat 1 trumps the club lead with the ♥10 it would play in trick 8
                // while still holding ♣10 and ♣9.
                with(&|e| {
                    e[1] = Event::Play {
                        seat: 1,
                        card: card("HT"),
                    };
                    e[29] = Event::Play {
                        seat: 1,
                        card: card("CT"),
                    };
                }),
                1,
                ReplayErrorKind::NotFollowing {
                    seat: 1,
                    card: card("HT"),
                    led: Effective::Plain(Suit::Clubs),
                },
            ),
        ];
        assert_eq!(
            events[29],
            Event::Play {
                seat: 1,
                card: card("HT")
            }
        );
        for (req, event, kind) in cases {
            assert_eq!(replay(&req), err(Some(event), kind));
        }
    }

    #[test]
    fn error_messages_are_lower_case_without_period() {
        let err = replay(&normal(&[(6, 0, Re)])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "event 6: seat 0 called re with 10 cards in hand; it needs at least 11"
        );
        let err = ReplayError {
            event: None,
            kind: ReplayErrorKind::WrongCardCount {
                seat: 2,
                played: 13,
            },
        };
        assert_eq!(err.to_string(), "seat 2 played 13 cards, not 12");
    }
}
