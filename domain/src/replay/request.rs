//! The request and the checks that need no rules of play: its own fields, and the hands
//! read back from the plays (every seat twelve cards, no card more than twice).

use super::error::{HouseRuleError, ReplayError, ReplayErrorKind, request_error};
use super::event::Event;
use super::{HAND, SEATS};
use crate::cards::Rank;
use crate::deal::{Contract, Seat};

/// A deal to replay: the declared game type and everything that happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayRequest {
    /// The contract as declared in the reservation query: [`Contract::Normal`],
    /// [`Contract::Wedding`] or a declared solo. Silent weddings and wedding solos are
    /// found by the replay, not declared.
    pub contract: Contract,
    /// The wedding player or the soloist; `None` for a normal game.
    pub declarer: Option<Seat>,
    /// The dealer, 0–3; his left neighbour leads unless a compulsory solo is played.
    pub dealer: Seat,
    /// The declared solo is a Pflichtsolo (the soloist leads, TSR 4.2.2).
    pub compulsory: bool,
    /// Plays and calls in the order they happened; under house rules also their
    /// announcements and an Armut's exchange (see [`replay_with`](super::replay_with)).
    pub events: Vec<Event>,
}

/// Checks the request's own fields: dealer, declarable contract, declarer, compulsory flag.
pub(super) fn check_request(req: &ReplayRequest) -> Result<(), ReplayError> {
    if req.dealer >= SEATS {
        return Err(request_error(ReplayErrorKind::DealerOutOfRange {
            dealer: req.dealer,
        }));
    }
    let contract = req.contract;
    let declared = contract.is_declared_solo() || contract == Contract::Wedding;
    if !declared && contract != Contract::Normal {
        return Err(request_error(ReplayErrorKind::NotDeclarable { contract }));
    }
    match (declared, req.declarer) {
        (true, None) => {
            return Err(request_error(ReplayErrorKind::DeclarerMissing { contract }));
        }
        (false, Some(declarer)) => {
            return Err(request_error(ReplayErrorKind::DeclarerNotAllowed {
                declarer,
            }));
        }
        (true, Some(declarer)) if declarer >= SEATS => {
            return Err(request_error(ReplayErrorKind::DeclarerOutOfRange {
                declarer,
            }));
        }
        _ => {}
    }
    if req.compulsory && !contract.is_declared_solo() {
        return Err(request_error(ReplayErrorKind::CompulsoryWithoutSolo {
            contract,
        }));
    }
    Ok(())
}

/// Reads the hands of `hand` cards each from the plays: the structural checks that need
/// no rules of play. With ten cards a hand the deck has no nines, so a nine is a card
/// nobody holds.
pub(super) fn read_hands(events: &[Event], hand: u8) -> Result<[[u8; 24]; 4], ReplayError> {
    let deck_cards = usize::from(hand) * usize::from(SEATS);
    let without_nines = hand < HAND;
    let mut hands = [[0u8; 24]; 4];
    let mut copies = [0u8; 24];
    let mut per_seat = [0u8; 4];
    let mut plays = 0usize;
    for (i, event) in events.iter().enumerate() {
        let at = |kind| ReplayError {
            event: Some(i),
            kind,
        };
        let seat = event.seat();
        if seat >= SEATS {
            return Err(at(ReplayErrorKind::SeatOutOfRange { seat }));
        }
        if plays == deck_cards {
            return Err(at(ReplayErrorKind::AfterLastCard));
        }
        if let Event::Play { card, .. } = *event {
            let kind = card.index();
            if copies[kind] == 2 || (without_nines && card.rank == Rank::Nine) {
                return Err(at(ReplayErrorKind::CardNotInHand { seat, card }));
            }
            copies[kind] += 1;
            hands[usize::from(seat)][kind] += 1;
            per_seat[usize::from(seat)] = per_seat[usize::from(seat)].saturating_add(1);
            plays += 1;
        }
    }
    for (seat, &played) in (0..SEATS).zip(per_seat.iter()) {
        if played != hand {
            return Err(request_error(if hand == HAND {
                ReplayErrorKind::WrongCardCount { seat, played }
            } else {
                ReplayErrorKind::HouseRule(HouseRuleError::WrongHandSize { seat, played, hand })
            }));
        }
    }
    Ok(hands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::fixtures::*;
    use crate::replay::replay;

    #[test]
    fn out_of_range_seats_are_refused_and_never_overflow() {
        // A trick built by hand with any leader still names seats 0–3.
        let mut trick = replay(&normal(&[])).unwrap().tricks[0];
        trick.leader = u8::MAX;
        let players: Vec<Seat> = (0..4).map(|i| trick.player(i)).collect();
        assert_eq!(players, [3, 0, 1, 2]);
        assert_eq!(trick.player(usize::MAX), 2);

        let mut req = normal(&[]);
        req.dealer = u8::MAX;
        assert_eq!(
            replay(&req),
            err(None, ReplayErrorKind::DealerOutOfRange { dealer: 255 })
        );
        let mut req = normal(&[]);
        req.events.insert(
            5,
            Event::Call {
                seat: u8::MAX,
                call: Re,
            },
        );
        assert_eq!(
            replay(&req),
            err(Some(5), ReplayErrorKind::SeatOutOfRange { seat: 255 })
        );
        let solo = request(Contract::SoloJacks, Some(u8::MAX), 0, Vec::new());
        assert_eq!(
            replay(&solo),
            err(None, ReplayErrorKind::DeclarerOutOfRange { declarer: 255 })
        );
        assert!("256:CA".parse::<Event>().is_err());
        assert!("-1:re".parse::<Event>().is_err());
    }

    #[test]
    fn request_level_errors() {
        let events = build(Contract::Normal, 0, &NORMAL, &[]);
        let base = request(Contract::Normal, None, 3, events.clone());
        let cases: Vec<(ReplayRequest, ReplayErrorKind)> = vec![
            (
                ReplayRequest {
                    dealer: 4,
                    ..base.clone()
                },
                ReplayErrorKind::DealerOutOfRange { dealer: 4 },
            ),
            (
                ReplayRequest {
                    contract: Contract::SilentWedding,
                    ..base.clone()
                },
                ReplayErrorKind::NotDeclarable {
                    contract: Contract::SilentWedding,
                },
            ),
            (
                ReplayRequest {
                    contract: Contract::SoloQueens,
                    ..base.clone()
                },
                ReplayErrorKind::DeclarerMissing {
                    contract: Contract::SoloQueens,
                },
            ),
            (
                ReplayRequest {
                    declarer: Some(1),
                    ..base.clone()
                },
                ReplayErrorKind::DeclarerNotAllowed { declarer: 1 },
            ),
            (
                ReplayRequest {
                    contract: Contract::Wedding,
                    declarer: Some(7),
                    ..base.clone()
                },
                ReplayErrorKind::DeclarerOutOfRange { declarer: 7 },
            ),
            (
                ReplayRequest {
                    compulsory: true,
                    ..base.clone()
                },
                ReplayErrorKind::CompulsoryWithoutSolo {
                    contract: Contract::Normal,
                },
            ),
            (
                ReplayRequest {
                    contract: Contract::Wedding,
                    declarer: Some(0),
                    ..base.clone()
                },
                ReplayErrorKind::WeddingWithoutClubQueens {
                    declarer: 0,
                    held: 1,
                },
            ),
            (
                ReplayRequest {
                    events: events[..47].to_vec(),
                    ..base.clone()
                },
                ReplayErrorKind::WrongCardCount {
                    seat: 1,
                    played: 11,
                },
            ),
        ];
        for (req, kind) in cases {
            assert_eq!(replay(&req), err(None, kind));
        }
    }
}
