//! Armut (poverty, house rule XII): a player dealt three trumps or fewer declares it
//! before the first card, another player accepts, the poor player hands over his trumps and
//! gets as many cards back; the two are the Re party of a game scored as a normal game
//! (no contract of its own: the parties are the exchange's, not the ♣Q's, and the rest is
//! the normal game's, extras included).
//!
//! The hands are read from the plays, as everywhere in the replay, so they are the hands
//! after the exchange; the hands as dealt follow from them and the cards given
//! (`dealt = played + given − received`). From those this module checks the exchange
//! before the engine plays a card: the events `"p:armut"`, `"r:accept_armut"`, the poor
//! player's `"p>card"` and the partner's `"r>card"`, in this order, all before the first
//! card. The text leaves who may accept open (Wikipedia: "preference being given
//! clockwise"); any other seat may. A declared Armut nobody accepts is redealt, so it
//! cannot be replayed.

use super::error::{HouseRuleError, ReplayError, ReplayErrorKind};
use super::event::{Announcement, Event};
use super::request::ReplayRequest;
use crate::cards::{Card, Ranking};
use crate::deal::{Contract, Seat};
use crate::game::Ruleset;

/// A checked Armut: the pair and the hands as dealt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Armut {
    /// The poor player.
    pub(super) poor: Seat,
    /// The partner who accepted.
    pub(super) partner: Seat,
    /// The hands before the exchange, per seat and kind.
    pub(super) dealt: [[u8; 24]; 4],
}

/// Where the exchange stands while its events are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    None,
    Declared(Seat),
    Accepted(Seat, Seat),
    /// The partner has begun to give back.
    Returning(Seat, Seat),
}

fn at(event: usize, e: HouseRuleError) -> ReplayError {
    ReplayError {
        event: Some(event),
        kind: ReplayErrorKind::HouseRule(e),
    }
}

/// Reads and checks the Armut of a request whose hands after the exchange are `hands`;
/// `None` when nobody declared one.
pub(super) fn read_armut(
    req: &ReplayRequest,
    rules: &Ruleset,
    hands: &[[u8; 24]; 4],
) -> Result<Option<Armut>, ReplayError> {
    let mut step = Step::None;
    let mut declared_at = 0;
    let mut gives: Vec<(usize, Seat, Card)> = Vec::new();
    let mut first_play = None;
    for (i, event) in req.events.iter().enumerate() {
        let (seat, announcement) = match *event {
            Event::Play { .. } => {
                first_play.get_or_insert(i);
                continue;
            }
            Event::Call { .. }
            | Event::Announce {
                announcement:
                    Announcement::Schweinchen
                    | Announcement::HalfChicken
                    | Announcement::WeddingTrump
                    | Announcement::WeddingPlain
                    | Announcement::SuperSchweinchen,
                ..
            } => continue,
            Event::Give { seat, card } => {
                let in_order = match step {
                    Step::Accepted(poor, partner) if seat == poor || seat == partner => {
                        step = if seat == partner {
                            Step::Returning(poor, partner)
                        } else {
                            step
                        };
                        true
                    }
                    Step::Returning(_, partner) => seat == partner,
                    _ => false,
                };
                if !in_order || first_play.is_some() {
                    return Err(at(i, HouseRuleError::ArmutOutOfOrder { seat }));
                }
                gives.push((i, seat, card));
                continue;
            }
            Event::Announce { seat, announcement } => (seat, announcement),
        };
        if !rules.armut {
            return Err(at(i, HouseRuleError::NotPlayed { seat, announcement }));
        }
        if first_play.is_some() {
            return Err(at(i, HouseRuleError::TooLate { seat, announcement }));
        }
        step = match (announcement, step) {
            (Announcement::Armut, Step::None) if req.contract != Contract::Normal => {
                return Err(at(
                    i,
                    HouseRuleError::NotInContract {
                        seat,
                        announcement,
                        contract: req.contract,
                    },
                ));
            }
            (Announcement::Armut, Step::None) => {
                declared_at = i;
                Step::Declared(seat)
            }
            (Announcement::AcceptArmut, Step::Declared(poor)) if seat != poor => {
                Step::Accepted(poor, seat)
            }
            (Announcement::Armut, _) | (Announcement::AcceptArmut, Step::Accepted(..)) => {
                return Err(at(i, HouseRuleError::Repeated { seat, announcement }));
            }
            _ => return Err(at(i, HouseRuleError::ArmutOutOfOrder { seat })),
        };
    }
    let end = first_play.unwrap_or(req.events.len());
    let (poor, partner) = match step {
        Step::None => return Ok(None),
        Step::Declared(poor) => {
            return Err(at(
                declared_at,
                HouseRuleError::ArmutOutOfOrder { seat: poor },
            ));
        }
        Step::Accepted(poor, partner) | Step::Returning(poor, partner) => (poor, partner),
    };
    let dealt = dealt_hands(hands, poor, partner, &gives)?;
    let ranking = Ranking::of(Contract::Normal);
    let trumps: u8 = dealt[usize::from(poor)]
        .iter()
        .zip(Card::DECK)
        .filter(|&(_, card)| ranking.is_trump(card))
        .map(|(&count, _)| count)
        .sum();
    if trumps > 3 {
        return Err(at(
            declared_at,
            HouseRuleError::TooManyTrumps { seat: poor, trumps },
        ));
    }
    let count = |seat: Seat| {
        let n = gives.iter().filter(|g| g.1 == seat).count();
        u8::try_from(n).unwrap_or(u8::MAX)
    };
    let given: Vec<&(usize, Seat, Card)> = gives.iter().filter(|g| g.1 == poor).collect();
    if rules.armut_three_cards {
        // Three cards each way: all his trumps among the three he hands over.
        if count(poor) != 3 {
            return Err(at(
                end,
                HouseRuleError::NotThreeCards {
                    seat: poor,
                    given: count(poor),
                },
            ));
        }
        let trumps_given = given.iter().filter(|g| ranking.is_trump(g.2)).count();
        if u8::try_from(trumps_given).unwrap_or(u8::MAX) != trumps {
            return Err(at(end, HouseRuleError::NotTheTrumps { seat: poor }));
        }
    } else {
        if let Some(&&(i, _, _)) = given.iter().find(|g| !ranking.is_trump(g.2)) {
            return Err(at(i, HouseRuleError::NotTheTrumps { seat: poor }));
        }
        // Every card given is a trump he was dealt; so he gave them all if the counts agree.
        if count(poor) != trumps {
            return Err(at(end, HouseRuleError::NotTheTrumps { seat: poor }));
        }
    }
    if count(partner) != count(poor) {
        return Err(at(
            end,
            HouseRuleError::UnevenExchange {
                seat: partner,
                given: count(poor),
                returned: count(partner),
            },
        ));
    }
    Ok(Some(Armut {
        poor,
        partner,
        dealt,
    }))
}

/// The hands as dealt: the two partners' hands after the exchange with their gifts undone.
/// A card given that the giver cannot have held (the receiver neither plays nor returns
/// it) is refused at its event.
fn dealt_hands(
    hands: &[[u8; 24]; 4],
    poor: Seat,
    partner: Seat,
    gives: &[(usize, Seat, Card)],
) -> Result<[[u8; 24]; 4], ReplayError> {
    let mut dealt = *hands;
    // Undo in reverse order: the receiver must hold each card when its gift is undone.
    for &(i, giver, card) in gives.iter().rev() {
        let receiver = if giver == poor { partner } else { poor };
        let held = &mut dealt[usize::from(receiver)][card.index()];
        if *held == 0 {
            return Err(ReplayError {
                event: Some(i),
                kind: ReplayErrorKind::CardNotInHand { seat: giver, card },
            });
        }
        *held -= 1;
        dealt[usize::from(giver)][card.index()] += 1;
    }
    Ok(dealt)
}
