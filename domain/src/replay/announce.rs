//! House-rule announcements (not calls of TSR 6): Schweinchen (house rule X), which
//! changes the trump order for the rest of the deal.
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
use super::engine::Engine;
use super::error::{HouseRuleError, ReplayErrorKind};
use super::event::Announcement;
use crate::cards::{Card, Rank, Ranking, Suit};
use crate::deal::Seat;
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
        }
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
        if self.hands[usize::from(seat)][ace] < 2 {
            return refuse(HouseRuleError::NotHeld { seat, announcement });
        }
        self.ranking = ranking;
        self.schweinchen = Some(seat);
        Ok(())
    }
}
