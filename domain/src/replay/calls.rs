//! Calls and their deadlines (TSR 6): who may call what, that every call raises, and how
//! many cards the caller must still hold, with the wedding shift (TSR 4.4.4) and the reply
//! rule (TSR 6.4.4).

use super::engine::{Engine, party_index};
use super::error::{HouseRuleError, ReplayErrorKind};
use super::event::CallKind;
use super::{HAND, SEATS};
use crate::deal::{CallLevel, Party, Seat};

/// Minimum cards in hand for each level as a first announcement (index = level), before any
/// wedding shift (TSR 6.2.2, 6.3.4).
const fn base_requirement(level: CallLevel) -> u8 {
    match level {
        CallLevel::None => 0,
        CallLevel::Ansage => 11,
        CallLevel::No90 => 10,
        CallLevel::No60 => 9,
        CallLevel::No30 => 8,
        CallLevel::Schwarz => 7,
    }
}

/// The info page's limits (IX): the most cards on the table at which each level may
/// still be called ("before 5th card is on table" for Re, …, "before 21st" for Black).
const fn info_limit(level: CallLevel) -> u8 {
    match level {
        CallLevel::None => 0,
        CallLevel::Ansage => 4,
        CallLevel::No90 => 8,
        CallLevel::No60 => 12,
        CallLevel::No30 => 16,
        CallLevel::Schwarz => 20,
    }
}

impl Engine {
    /// The highest call of `party` so far.
    pub(crate) const fn level(&self, party: Party) -> CallLevel {
        self.levels[party_index(party)]
    }

    /// The cards needed for `level` as a first announcement, with the wedding shift
    /// (TSR 4.4.4: one card fewer per trick the clarifying trick came after trick 1).
    /// Without the nines a hand is two cards smaller and every deadline two cards lower:
    /// the deadlines stay where they are in the play ("Re" until one's second card), as
    /// the rules of the 40-card game "are the same except that the nines are removed".
    fn requirement(&self, level: CallLevel) -> u8 {
        let shift = self.clarifying.map_or(0, |trick| trick.saturating_sub(1));
        let smaller = HAND.saturating_sub(self.hand);
        base_requirement(level)
            .saturating_sub(shift)
            .saturating_sub(smaller)
    }

    /// Makes a call of `seat`, if it is legal now.
    pub(crate) fn call(&mut self, seat: Seat, call: CallKind) -> Result<(), ReplayErrorKind> {
        if self.is_over() {
            return Err(ReplayErrorKind::AfterLastCard);
        }
        if seat >= SEATS {
            return Err(ReplayErrorKind::SeatOutOfRange { seat });
        }
        let Some(party) = self.party_of(seat) else {
            return Err(ReplayErrorKind::BeforeClarifyingTrick { seat, call });
        };
        match (call, party) {
            (CallKind::Re, Party::Kontra) | (CallKind::Kontra, Party::Re) => {
                return Err(ReplayErrorKind::WrongParty { seat, call, party });
            }
            _ => {}
        }
        let own = party_index(party);
        let current = self.levels[own];
        let target = call.level();
        if target <= current {
            return Err(ReplayErrorKind::NotRaising {
                seat,
                call,
                level: current,
            });
        }
        // A forced call may be made at its moment whatever the deadline.
        let forced = self
            .forced
            .iter()
            .flatten()
            .any(|f| f.seat == seat && f.at == self.on_table() && f.level == target);
        if self.rules.info_call_deadlines {
            return self.call_by_cards_on_table(seat, call, own, forced);
        }
        if target > CallLevel::Ansage && self.late_reply[own] {
            return Err(ReplayErrorKind::AbsageAfterLateReply { seat, call });
        }
        if forced {
            self.levels[own] = target;
            return Ok(());
        }
        let cards = self.hand.saturating_sub(self.played[usize::from(seat)]);
        // Every implied level must be in time; the lowest one has the earliest deadline.
        let lowest = current.next().unwrap_or(target);
        let needed = self.requirement(lowest);
        let mut late = false;
        if cards < needed {
            let opponents = self.levels[1 - own];
            // TSR 6.4.4: a bare Ansage answering the opponents' call has one card more time
            // than the opponents had for their highest level.
            let reply = (target == CallLevel::Ansage && opponents > CallLevel::None)
                .then(|| self.requirement(opponents).saturating_sub(1));
            match reply {
                Some(reply_needed) if cards >= reply_needed => late = true,
                _ => {
                    return Err(ReplayErrorKind::TooLate {
                        seat,
                        call,
                        cards,
                        needed: reply.map_or(needed, |r| r.min(needed)),
                    });
                }
            }
        }
        self.levels[own] = target;
        self.late_reply[own] |= late;
        Ok(())
    }

    /// A call by the info page's deadlines ([`crate::game::Ruleset::info_call_deadlines`]):
    /// the next level only, while the cards on the table are within its limit (moved by
    /// four cards per finding trick after the first of a wedding).
    fn call_by_cards_on_table(
        &mut self,
        seat: Seat,
        call: CallKind,
        own: usize,
        forced: bool,
    ) -> Result<(), ReplayErrorKind> {
        let current = self.levels[own];
        let target = call.level();
        if current.next() != Some(target) {
            return Err(HouseRuleError::CallSkipsLevel {
                seat,
                call,
                level: current,
            }
            .into());
        }
        let shift = self.clarifying.map_or(0, |trick| trick.saturating_sub(1));
        let limit = info_limit(target).saturating_add(shift.saturating_mul(SEATS));
        let on_table = self.on_table();
        if on_table > limit && !forced {
            return Err(HouseRuleError::CallTooLateOnTable {
                seat,
                call,
                on_table,
                limit,
            }
            .into());
        }
        self.levels[own] = target;
        Ok(())
    }

    /// The forced call still missing at the end of the deal, if any.
    pub(super) fn check_forced(&self) -> Result<(), ReplayErrorKind> {
        for f in self.forced.iter().flatten() {
            let missing = self
                .party_of(f.seat)
                .is_some_and(|party| self.level(party) < f.level);
            if missing {
                return Err(HouseRuleError::ForcedCallMissing { seat: f.seat }.into());
            }
        }
        Ok(())
    }

    /// A forced call due now and not yet made: the seat and its call (for the tests'
    /// random deals, which must make it to play a legal deal).
    #[cfg(test)]
    pub(crate) fn forced_call_due(&self) -> Option<(Seat, CallKind)> {
        self.forced.iter().flatten().find_map(|f| {
            let party = self.party_of(f.seat)?;
            let call = CallKind::for_level(party, f.level)?;
            (f.at == self.on_table() && self.level(party) < f.level).then_some((f.seat, call))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::fixtures::*;
    use crate::replay::replay;

    #[test]
    fn wedding_deadlines_shift_by_the_clarifying_trick() {
        // Trick 2 is complete after play 8; seat 0 then holds 10 cards, 9 after play 11.
        let ok = wedding2(&[(8, 0, Re)]);
        assert_eq!(
            replay(&ok).unwrap().facts.announcements.re,
            CallLevel::Ansage
        );
        let late = wedding2(&[(12, 0, Re)]);
        let i = call_index(&late, 0, Re);
        assert_eq!(
            replay(&late),
            err(
                Some(i),
                ReplayErrorKind::TooLate {
                    seat: 0,
                    call: Re,
                    cards: 9,
                    needed: 10
                }
            )
        );
        // Before the 4th card of trick 2 nobody may call, not even the wedding player.
        let early = wedding2(&[(7, 0, Re)]);
        assert_eq!(
            replay(&early),
            err(
                Some(7),
                ReplayErrorKind::BeforeClarifyingTrick { seat: 0, call: Re }
            )
        );
        // Kontra replies with one card fewer than Re needed: 9 (seat 2 after 3 plays).
        let reply = wedding2(&[(8, 0, Re), (12, 2, Kontra)]);
        let facts = replay(&reply).unwrap().facts;
        assert_eq!(facts.announcements.kontra, CallLevel::Ansage);
    }

    #[test]
    fn calls_need_the_right_party_and_must_raise() {
        let wrong = normal(&[(0, 1, Re)]);
        assert_eq!(
            replay(&wrong),
            err(
                Some(0),
                ReplayErrorKind::WrongParty {
                    seat: 1,
                    call: Re,
                    party: Party::Kontra
                }
            )
        );
        let wrong = normal(&[(0, 2, Kontra)]);
        assert_eq!(
            replay(&wrong),
            err(
                Some(0),
                ReplayErrorKind::WrongParty {
                    seat: 2,
                    call: Kontra,
                    party: Party::Re
                }
            )
        );
        // Seat 2 repeats its partner's "re".
        let repeat = normal(&[(0, 0, Re), (1, 2, Re)]);
        assert_eq!(
            replay(&repeat),
            err(
                Some(2),
                ReplayErrorKind::NotRaising {
                    seat: 2,
                    call: Re,
                    level: CallLevel::Ansage
                }
            )
        );
        // "keine 90" after "keine 60" does not raise.
        let lower = normal(&[(0, 0, No60), (2, 2, No90)]);
        assert_eq!(
            replay(&lower),
            err(
                Some(3),
                ReplayErrorKind::NotRaising {
                    seat: 2,
                    call: No90,
                    level: CallLevel::No60
                }
            )
        );
        // Absagen are for one's own party, so Kontra may call them too.
        let both = normal(&[(0, 0, Re), (0, 1, No90), (4, 2, No90)]);
        let facts = replay(&both).unwrap().facts;
        assert_eq!(facts.announcements.re, CallLevel::No90);
        assert_eq!(facts.announcements.kontra, CallLevel::No90);
    }

    #[test]
    fn deadlines_of_first_announcements() {
        // Plays 0–3 are trick 1 (seats 0–3), 4–7 trick 2, 8–11 trick 3: before play 4 every
        // seat holds 11 cards, before play 8 ten, before play 12 nine.
        let cases: [(Calls, TooLate, CallLevel); 10] = [
            (&[(4, 0, Re)], None, CallLevel::Ansage),
            (&[(5, 0, Re)], Some((10, 11)), CallLevel::None),
            (&[(8, 0, No90)], Some((10, 11)), CallLevel::None),
            (&[(0, 0, Re), (8, 0, No90)], None, CallLevel::No90),
            (&[(0, 0, Re), (9, 0, No90)], Some((9, 10)), CallLevel::None),
            (&[(0, 0, No90), (12, 0, No60)], None, CallLevel::No60),
            (&[(0, 0, No60), (16, 0, No30)], None, CallLevel::No30),
            // Seat 2 has played its last card (play 44) and can call nothing any more.
            (&[(46, 2, Re)], Some((0, 11)), CallLevel::None),
            (&[(0, 0, No30), (20, 0, Schwarz)], None, CallLevel::Schwarz),
            (
                &[(0, 0, No30), (22, 0, Schwarz)],
                Some((6, 7)),
                CallLevel::None,
            ),
        ];
        for (calls, too_late, level) in cases {
            let req = normal(calls);
            match too_late {
                None => assert_eq!(
                    replay(&req).unwrap().facts.announcements.re,
                    level,
                    "{calls:?}"
                ),
                Some((cards, needed)) => {
                    let &(_, seat, call) = calls.last().unwrap();
                    assert_eq!(
                        replay(&req),
                        err(
                            Some(call_index(&req, seat, call)),
                            ReplayErrorKind::TooLate {
                                seat,
                                call,
                                cards,
                                needed
                            }
                        ),
                        "{calls:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn skipping_levels_needs_the_lowest_deadline() {
        // "keine 60" straight away with 11 cards: Ansage, keine 90 and keine 60 all count.
        let skip = normal(&[(4, 0, No60)]);
        assert_eq!(
            replay(&skip).unwrap().facts.announcements.re,
            CallLevel::No60
        );
        // With 10 cards the implied Ansage is too late, although keine 60 alone needs 9.
        let late = normal(&[(8, 0, No60)]);
        assert_eq!(
            replay(&late),
            err(
                Some(8),
                ReplayErrorKind::TooLate {
                    seat: 0,
                    call: No60,
                    cards: 10,
                    needed: 11
                }
            )
        );
    }

    #[test]
    fn reply_rule() {
        // "re" with 12 cards; seat 1 has 10 cards before play 9 (after plays 1 and 5).
        let reply = normal(&[(0, 0, Re), (6, 1, Kontra)]);
        let facts = replay(&reply).unwrap().facts;
        assert_eq!(facts.announcements.kontra, CallLevel::Ansage);
        let late = normal(&[(0, 0, Re), (10, 1, Kontra)]);
        assert_eq!(
            replay(&late),
            err(
                Some(11),
                ReplayErrorKind::TooLate {
                    seat: 1,
                    call: Kontra,
                    cards: 9,
                    needed: 10
                }
            )
        );
        // After a late reply Kontra makes no Absage, although keine 90 with seat 3's 11
        // cards would be in time as a first announcement.
        let absage = normal(&[(0, 0, Re), (6, 1, Kontra), (7, 3, No90)]);
        assert_eq!(
            replay(&absage),
            err(
                Some(9),
                ReplayErrorKind::AbsageAfterLateReply {
                    seat: 3,
                    call: No90
                }
            )
        );
        // A reply in time as a first announcement keeps the Absagen open.
        let early = normal(&[(0, 0, Re), (1, 1, Kontra), (7, 3, No90)]);
        assert_eq!(
            replay(&early).unwrap().facts.announcements.kontra,
            CallLevel::No90
        );
        // No skipping in a reply: "keine 90" by Kontra with 10 cards needs the Ansage's 11.
        let skip = normal(&[(0, 0, Re), (6, 1, No90)]);
        assert_eq!(
            replay(&skip),
            err(
                Some(7),
                ReplayErrorKind::TooLate {
                    seat: 1,
                    call: No90,
                    cards: 10,
                    needed: 11
                }
            )
        );
        // A reply to "keine 60" (9 cards) is in time with 8 (seat 1 before play 14).
        let deep = normal(&[(0, 0, No60), (14, 1, Kontra)]);
        assert_eq!(
            replay(&deep).unwrap().facts.announcements.kontra,
            CallLevel::Ansage
        );
        let too_deep = normal(&[(0, 0, No60), (20, 1, Kontra)]);
        assert_eq!(
            replay(&too_deep),
            err(
                Some(21),
                ReplayErrorKind::TooLate {
                    seat: 1,
                    call: Kontra,
                    cards: 7,
                    needed: 8
                }
            )
        );
    }
}
