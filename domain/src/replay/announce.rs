//! House-rule announcements (not calls of TSR 6): Schweinchen (house rule X), which
//! changes the trump order for the rest of the deal, and the Armut's events (house rule
//! XII), checked before play by [`super::armut`].
//!
//! Schweinchen is played only where the ♦A is in the normal trump order (normal games,
//! weddings, the silent wedding and the ♦ solo; see
//! [`Ranking::with_schweinchen`](crate::cards::Ranking::with_schweinchen)). The holder of
//! both ♦A may announce it; it is never forced, and unannounced the ♦ aces stay foxes.
//! [`Schweinchen::Announced`] wants it "before the hand begins as with a wedding", so
//! before the first card; [`Schweinchen::WhenPlayed`] wants it "when you play the first
//! one", so at the latest just before the first ♦A falls (earlier is allowed: the holder
//! only gives away his surprise). Either way no ♦A has fallen before the announcement,
//! so from then on both rank highest, and since one hand holds both, no ♦A can be caught:
//! a deal with Schweinchen has no foxes (the house-rules text calls two foxes dealt to one
//! hand "piglets" and keeps foxes only for aces "not both originally dealt" to one hand).

use super::SEATS;
use super::armut::Armut;
use super::engine::Engine;
use super::error::{HouseRuleError, ReplayErrorKind};
use super::event::Announcement;
use crate::cards::{Card, Rank, Ranking, Suit};
use crate::deal::{Contract, Seat, SeatSet};
use crate::game::Schweinchen;

impl Engine {
    /// Makes a house-rule announcement of `seat`, if the rules and the hand allow it now.
    pub(crate) fn announce(
        &mut self,
        seat: Seat,
        announcement: Announcement,
    ) -> Result<(), ReplayErrorKind> {
        if self.is_over() {
            return Err(ReplayErrorKind::AfterLastCard);
        }
        if seat >= SEATS {
            return Err(ReplayErrorKind::SeatOutOfRange { seat });
        }
        match announcement {
            Announcement::Schweinchen => self.schweinchen(seat),
            Announcement::Armut | Announcement::AcceptArmut => {
                self.exchange(seat, Some(announcement))
            }
            Announcement::HalfChicken => self.half_chicken(seat),
            Announcement::WeddingTrump | Announcement::WeddingPlain => {
                self.name_wedding_trick(seat, announcement)
            }
            Announcement::SuperSchweinchen => self.super_schweinchen(seat),
        }
    }

    /// Super piglets: after Schweinchen, the holder of both ♦9 (both still in his hand, so
    /// none has fallen; before play where Schweinchen is announced before play).
    fn super_schweinchen(&mut self, seat: Seat) -> Result<(), ReplayErrorKind> {
        let announcement = Announcement::SuperSchweinchen;
        let refuse = |e: HouseRuleError| Err(ReplayErrorKind::HouseRule(e));
        if !self.rules.super_schweinchen {
            return refuse(HouseRuleError::NotPlayed { seat, announcement });
        }
        let Some(ranking) = Ranking::with_super_schweinchen(self.contract) else {
            return refuse(HouseRuleError::NotInContract {
                seat,
                announcement,
                contract: self.contract,
            });
        };
        if self.super_schweinchen {
            return refuse(HouseRuleError::Repeated { seat, announcement });
        }
        let before_play = self.rules.schweinchen == Schweinchen::Announced;
        if self.schweinchen.is_none() || (before_play && self.started()) {
            return refuse(HouseRuleError::TooLate { seat, announcement });
        }
        let nine = Card::new(Suit::Diamonds, Rank::Nine).index();
        if self.hands[usize::from(seat)][nine] < 2 || self.dealt[usize::from(seat)][nine] < 2 {
            return refuse(HouseRuleError::NotHeld { seat, announcement });
        }
        self.ranking = ranking;
        self.super_schweinchen = true;
        Ok(())
    }

    /// The wedding player names the kind of trick that finds his partner, before the
    /// first card, once.
    fn name_wedding_trick(
        &mut self,
        seat: Seat,
        announcement: Announcement,
    ) -> Result<(), ReplayErrorKind> {
        let refuse = |e: HouseRuleError| Err(ReplayErrorKind::HouseRule(e));
        if !self.rules.wedding_names_trick {
            return refuse(HouseRuleError::NotPlayed { seat, announcement });
        }
        if self.contract != Contract::Wedding {
            return refuse(HouseRuleError::NotInContract {
                seat,
                announcement,
                contract: self.contract,
            });
        }
        if self.pending_wedding != Some(seat) {
            return refuse(HouseRuleError::NotHeld { seat, announcement });
        }
        if self.wedding_trick.is_some() {
            return refuse(HouseRuleError::Repeated { seat, announcement });
        }
        if self.started() {
            return refuse(HouseRuleError::TooLate { seat, announcement });
        }
        self.wedding_trick = Some(announcement == Announcement::WeddingTrump);
        Ok(())
    }

    /// "Half a chicken": the holder of both ♦10 as dealt says so before the first card,
    /// once; nothing else changes.
    fn half_chicken(&mut self, seat: Seat) -> Result<(), ReplayErrorKind> {
        let announcement = Announcement::HalfChicken;
        let refuse = |e: HouseRuleError| Err(ReplayErrorKind::HouseRule(e));
        if !self.rules.half_a_chicken {
            return refuse(HouseRuleError::NotPlayed { seat, announcement });
        }
        if self.half_chicken {
            return refuse(HouseRuleError::Repeated { seat, announcement });
        }
        if self.started() {
            return refuse(HouseRuleError::TooLate { seat, announcement });
        }
        let ten = Card::new(Suit::Diamonds, Rank::Ten).index();
        if self.dealt[usize::from(seat)][ten] < 2 {
            return refuse(HouseRuleError::NotHeld { seat, announcement });
        }
        self.half_chicken = true;
        Ok(())
    }

    /// Makes the Armut's pair the Re party of a normal game, once [`super::armut`] has
    /// checked the exchange; its events then pass.
    pub(super) fn start_armut(&mut self, armut: &Armut) {
        self.re = SeatSet::EMPTY.with(armut.poor).with(armut.partner);
        self.contract = Contract::Normal;
        self.dealt = armut.dealt;
        self.armut = true;
    }

    /// An event of an Armut's exchange (an announcement, or a card given when
    /// `announcement` is `None`): checked before play by [`super::armut`], so it passes
    /// when that check ran and is refused otherwise.
    pub(crate) fn exchange(
        &mut self,
        seat: Seat,
        announcement: Option<Announcement>,
    ) -> Result<(), ReplayErrorKind> {
        if self.armut && !self.started() {
            return Ok(());
        }
        Err(ReplayErrorKind::HouseRule(match announcement {
            Some(announcement) if !self.rules.armut => {
                HouseRuleError::NotPlayed { seat, announcement }
            }
            Some(announcement) if self.started() => HouseRuleError::TooLate { seat, announcement },
            _ => HouseRuleError::ArmutOutOfOrder { seat },
        }))
    }

    fn schweinchen(&mut self, seat: Seat) -> Result<(), ReplayErrorKind> {
        let announcement = Announcement::Schweinchen;
        let refuse = |e: HouseRuleError| Err(ReplayErrorKind::HouseRule(e));
        let Some(ranking) = Ranking::with_schweinchen(self.contract) else {
            return refuse(if self.rules.schweinchen == Schweinchen::Off {
                HouseRuleError::NotPlayed { seat, announcement }
            } else {
                HouseRuleError::NotInContract {
                    seat,
                    announcement,
                    contract: self.contract,
                }
            });
        };
        let ace = Card::new(Suit::Diamonds, Rank::Ace).index();
        let aces_left: u8 = self.hands.iter().map(|hand| hand[ace]).sum();
        let late = match self.rules.schweinchen {
            Schweinchen::Off => return refuse(HouseRuleError::NotPlayed { seat, announcement }),
            Schweinchen::Announced => self.started(),
            Schweinchen::WhenPlayed => aces_left < 2,
        };
        if self.schweinchen.is_some() {
            return refuse(HouseRuleError::Repeated { seat, announcement });
        }
        if late {
            return refuse(HouseRuleError::TooLate { seat, announcement });
        }
        // Both dealt to him and both still his: after an Armut's exchange two ♦A in one
        // hand "remain foxes since they were not both originally dealt to them".
        if self.hands[usize::from(seat)][ace] < 2 || self.dealt[usize::from(seat)][ace] < 2 {
            return refuse(HouseRuleError::NotHeld { seat, announcement });
        }
        self.ranking = ranking;
        self.schweinchen = Some(seat);
        if self.rules.schweinchen_forces_call {
            self.forced[1] = Some(super::engine::Forced {
                seat,
                at: self.on_table(),
                level: crate::deal::CallLevel::Ansage,
            });
        }
        Ok(())
    }
}
