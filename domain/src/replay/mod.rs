//! A whole deal replayed from its card play and calls: who was Re, who took which trick,
//! the calls each party made and the extras, checked against the rules on the way
//! (TSR 4.2.2, 4.4, 5.1–5.3, 6, 7.2.3).
//!
//! The hands are not sent: a deal that is played out shows every card, so each seat's hand
//! is the set of cards it plays. That makes the request small and leaves nothing to
//! contradict; what remains to check is the order of play, following suit and the calls.
//! The result is a [`DealFacts`](crate::deal::DealFacts) for the scorer plus the tricks,
//! so that a client can show why the facts are what they are.
//!
//! The same rule engine drives [`crate::simulate`], which therefore can only produce deals
//! that this module accepts.
//!
//! The parts, each in its own file:
//! - `event`: the calls and the events in their wire form, and their parsing;
//! - `request`: the request and the checks that need no rules of play;
//! - `engine`: the trick-taking engine (turns, following suit, trick winners, weddings);
//! - `calls`: who may call what, and the deadlines;
//! - `announce`: the house rules' announcements (Schweinchen, the Armut's events);
//! - `armut`: the Armut's exchange, checked before play;
//! - `facts`: the result, the facts for the scorer and the extras;
//! - `error`: the rule a request breaks, and where.

mod announce;
mod armut;
mod calls;
mod engine;
mod error;
mod event;
mod facts;
mod request;

#[cfg(test)]
mod fixtures;
#[cfg(test)]
mod house_tests;

pub(crate) use engine::Engine;
pub use engine::Trick;
pub use error::{HouseRuleError, ReplayError, ReplayErrorKind};
pub use event::{Announcement, CallKind, Event, ParseEventError, UnknownCall};
pub use facts::Replay;
pub use request::ReplayRequest;

use crate::cards::{Card, Rank, Suit};
use crate::deal::Contract;
use crate::game::Ruleset;
use error::request_error;
use request::{check_request, read_hands};

/// Seats at a replayed table; only 4-tables are replayed.
const SEATS: u8 = 4;
/// Cards each seat holds at the start of a deal with the nines (the TSR's).
const HAND: u8 = 12;

/// Replays a whole deal by the TSR: checks every play and call against the rules and
/// returns the facts for the scorer and the tricks, or the first rule broken. The same as
/// [`replay_with`] and [`Ruleset::DDV`].
pub fn replay(req: &ReplayRequest) -> Result<Replay, ReplayError> {
    replay_with(req, &Ruleset::DDV)
}

/// Replays a whole deal under a club's house rules: the second ♥10 (house rule IX),
/// Schweinchen (X, an [`Event::Announce`]), Karlchen caught or the second ♣J in the last
/// trick (XI), Armut (XII: its announcements and [`Event::Give`]s before the first card;
/// the pair is Re of a normal game) and the deck without nines (ten tricks); the other
/// switches of `rules` concern the score or the sheet, not the play.
///
/// The facts are to be scored with the same rules (the caught Karlchen is
/// `Extras::karlchen_caught`; without nines Kontra's tricks are `rules.tricks()` minus
/// Re's, not 12 minus Re's).
pub fn replay_with(req: &ReplayRequest, rules: &Ruleset) -> Result<Replay, ReplayError> {
    check_request(req)?;
    let hands = read_hands(&req.events, engine::hand_size(rules))?;
    if let (Contract::Wedding, Some(declarer)) = (req.contract, req.declarer) {
        let held = hands[usize::from(declarer)][Card::new(Suit::Clubs, Rank::Queen).index()];
        if held != 2 {
            return Err(request_error(ReplayErrorKind::WeddingWithoutClubQueens {
                declarer,
                held,
            }));
        }
    }
    let mut engine = Engine::start_with(
        req.contract,
        req.declarer,
        req.dealer,
        req.compulsory,
        hands,
        rules,
    );
    if let Some(armut) = armut::read_armut(req, rules, &hands)? {
        engine.start_armut(&armut);
    }
    for (i, event) in req.events.iter().enumerate() {
        engine.apply(*event).map_err(|kind| ReplayError {
            event: Some(i),
            kind,
        })?;
    }
    engine.check_forced().map_err(request_error)?;
    Ok(engine.finish())
}

impl Engine {
    /// Applies one event: a play, a call or an announcement.
    pub(crate) fn apply(&mut self, event: Event) -> Result<(), ReplayErrorKind> {
        match event {
            Event::Play { seat, card } => self.play(seat, card),
            Event::Call { seat, call } => self.call(seat, call),
            Event::Announce { seat, announcement } => self.announce(seat, announcement),
            Event::Give { seat, .. } => self.exchange(seat, None),
        }
    }
}
