//! Doublehead Kids, the family Doppelkopf (rules version 1.2, 02/2020,
//! `rules/texts/doublehead-kids.txt`): a deal's entry, its Golden Coins, and a table's
//! round played until a player reaches the Golden Coins target.
//!
//! Four players play twelve duels with the 48 cards. The two Prince/Princess cards make
//! the teams: their holders play together ("Team Prince/Princess") against the other two
//! ("Team Without"). A player holding both may name a partner (a wedding) or play alone
//! against the other three. Each team counts the Silver Coins in its loot; the cards hold
//! 240 of them (48 cards, each value 11, 10, 4, 3, 2 and 0 twice in each of the four
//! crests, as in Doppelkopf). The team with more than 120 wins; at 120:120 Team Without
//! wins. Each player of the winning team gets one Golden Coin, a player who played alone
//! and won two (rules C and E).
//!
//! A table's round is the text's *game*: deals until, after a deal, a player holds the
//! target of Golden Coins (5 in the basic game, 10 in the advanced one; rules A, F). Then
//! the round is over and no further deal fits. The text offers playing on "until one
//! player has at least one more Golden Coin than the rest" as an alternative; that is not
//! modelled: the round ends at the target and players level at the top share the win. The
//! advanced game's extra Golden Coins (150 and 180 Silver Coins, foxes, Karlchen) are not
//! modelled either: [`Game::DoubleheadKids`](super::Game::DoubleheadKids) names only the
//! target, so a 10-coin round is scored by the basic rules.
//!
//! Seats: seat 0 deals first (as on a Doppelkopf sheet; the text names no first dealer).
//! The player on the dealer's left plays the first card (rule D), and "the player who
//! plays the first card in the previous round now deals" (rule F), so the deal passes one
//! seat to the left each time.

use crate::deal::Seat;

use super::family::{FamilyKey, FamilySeatLine};
use super::table::{DealSeats, seat_after};

/// Players at a Doublehead Kids table.
/// The game's stable name ([`Game::kind`](super::Game::kind)).
pub const KIND: &str = "doublehead_kids";

pub const PLAYERS: u8 = 4;

/// The Silver Coins in the 48 cards: 2 × 4 crests × (11 + 10 + 4 + 3 + 2 + 0).
pub const SILVER_COINS: u16 = 240;

/// The Silver Coins a team must exceed to win; at exactly this many each, Team Without wins.
pub const HALF: u16 = SILVER_COINS / 2;

/// The basic game's Golden Coins target (rule A).
pub const BASIC_TARGET: u8 = 5;

/// The advanced game's Golden Coins target (advanced rule 1).
pub const ADVANCED_TARGET: u8 = 10;

/// The two teams of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KidsTeam {
    /// The players with the Prince/Princess cards, the wedding pair, or the lone player.
    PrincePrincess,
    /// Everybody else; wins a 120:120 tie.
    Without,
}

/// Who played with whom in one deal: 2 against 2, or 1 against 3.
///
/// The three shapes are all the text allows: the two Prince/Princess cards are in two
/// hands (those two are a team), or in one hand whose holder names a partner (a wedding)
/// or plays alone. Nobody else can play alone, so a lone player is always Team
/// Prince/Princess.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KidsTeams {
    /// The Prince/Princess cards were in these two hands.
    Pair([Seat; 2]),
    /// One player held both and married the named partner (rule C).
    Wedding {
        /// Who held both cards and announced the wedding.
        announcer: Seat,
        /// The player he named.
        partner: Seat,
    },
    /// One player held both and played alone against the other three (rule C).
    Alone(Seat),
}

impl KidsTeams {
    /// The team `seat` played in.
    pub fn team_of(&self, seat: Seat) -> KidsTeam {
        let in_pp = match *self {
            KidsTeams::Pair([a, b]) => seat == a || seat == b,
            KidsTeams::Wedding { announcer, partner } => seat == announcer || seat == partner,
            KidsTeams::Alone(lone) => seat == lone,
        };
        if in_pp {
            KidsTeam::PrincePrincess
        } else {
            KidsTeam::Without
        }
    }

    /// Whether one player played alone against three.
    pub const fn is_alone(&self) -> bool {
        matches!(self, KidsTeams::Alone(_))
    }

    fn seats(&self) -> ([Seat; 2], bool) {
        match *self {
            KidsTeams::Pair(pair) => (pair, true),
            KidsTeams::Wedding { announcer, partner } => ([announcer, partner], true),
            KidsTeams::Alone(lone) => ([lone, lone], false),
        }
    }
}

/// Why a Doublehead Kids deal entry is not a possible deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum KidsError {
    /// A seat that is not at the table (seats are 0 to 3).
    #[error("seat {seat} is not at a table of four (seats 0 to 3)")]
    SeatOutOfRange {
        /// The seat named.
        seat: Seat,
    },
    /// A team of two names one player twice (a pair, or a wedding with oneself).
    #[error("seat {seat} is named twice in a team of two")]
    SameSeatTwice {
        /// The seat named twice.
        seat: Seat,
    },
    /// The two teams' Silver Coins do not add up to the cards' 240.
    #[error(
        "the teams' Silver Coins add up to {sum}, but the cards hold {}",
        SILVER_COINS
    )]
    CoinsDoNotAddUp {
        /// The sum entered.
        sum: u32,
    },
    /// No set of cards holds exactly this many Silver Coins (1, and so 239 for the other
    /// team: the smallest card worth anything is worth 2).
    #[error("no set of cards holds exactly {coins} Silver Coins")]
    ImpossibleCoins {
        /// The impossible count.
        coins: u16,
    },
}

/// One deal as entered: the teams and each team's Silver Coins. Built only by
/// [`KidsDeal::new`], so every value is a possible deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KidsDeal {
    teams: KidsTeams,
    prince_princess_coins: u16,
    without_coins: u16,
}

impl KidsDeal {
    /// A deal entry, checked: seats 0 to 3, no seat twice in a team of two, the Silver
    /// Coins adding up to [`SILVER_COINS`], neither team's count one no cards can make.
    pub fn new(
        teams: KidsTeams,
        prince_princess_coins: u16,
        without_coins: u16,
    ) -> Result<KidsDeal, KidsError> {
        let ([a, b], two) = teams.seats();
        for seat in [a, b] {
            if seat >= PLAYERS {
                return Err(KidsError::SeatOutOfRange { seat });
            }
        }
        if two && a == b {
            return Err(KidsError::SameSeatTwice { seat: a });
        }
        let sum = u32::from(prince_princess_coins) + u32::from(without_coins);
        if sum != u32::from(SILVER_COINS) {
            return Err(KidsError::CoinsDoNotAddUp { sum });
        }
        for coins in [prince_princess_coins, without_coins] {
            if coins == 1 || coins == SILVER_COINS - 1 {
                return Err(KidsError::ImpossibleCoins { coins });
            }
        }
        Ok(KidsDeal {
            teams,
            prince_princess_coins,
            without_coins,
        })
    }

    /// Who played with whom.
    pub const fn teams(&self) -> KidsTeams {
        self.teams
    }

    /// Team Prince/Princess's Silver Coins.
    pub const fn prince_princess_coins(&self) -> u16 {
        self.prince_princess_coins
    }

    /// Team Without's Silver Coins.
    pub const fn without_coins(&self) -> u16 {
        self.without_coins
    }

    /// The deal's result (rule E): the team with more than 120 Silver Coins wins, Team
    /// Without at 120:120; each winner gets one Golden Coin, a lone winner two.
    pub fn score(&self) -> KidsScore {
        let winner = if self.prince_princess_coins > HALF {
            KidsTeam::PrincePrincess
        } else {
            KidsTeam::Without
        };
        // Only a lone player who wins gets two; the three who beat him get one each.
        let per_winner = if self.teams.is_alone() && winner == KidsTeam::PrincePrincess {
            2
        } else {
            1
        };
        let mut golden = [0u8; PLAYERS as usize];
        let mut silver = [0u16; PLAYERS as usize];
        for (seat, (g, s)) in (0..PLAYERS).zip(golden.iter_mut().zip(silver.iter_mut())) {
            let team = self.teams.team_of(seat);
            *s = match team {
                KidsTeam::PrincePrincess => self.prince_princess_coins,
                KidsTeam::Without => self.without_coins,
            };
            if team == winner {
                *g = per_winner;
            }
        }
        KidsScore {
            winner,
            golden,
            silver,
        }
    }
}

/// A deal's result per seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KidsScore {
    /// The team that won.
    pub winner: KidsTeam,
    /// Each seat's Golden Coins from this deal (index = seat).
    pub golden: [u8; PLAYERS as usize],
    /// Each seat's Silver Coins from this deal: his team's coins (index = seat).
    pub silver: [u16; PLAYERS as usize],
}

/// The seats of the deal at `index` (0-based) of a round: seat `index` deals (mod 4), the
/// next seat on his left starts, nobody sits out.
pub fn deal_seats(index: usize) -> DealSeats {
    let dealer = seat_after(0, index, PLAYERS);
    DealSeats {
        dealer: Some(dealer),
        starter: seat_after(dealer, 1, PLAYERS),
        sitting_out: None,
    }
}

/// One deal on the round's sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KidsSheetDeal {
    /// Who dealt and who started.
    pub seats: DealSeats,
    /// The entry.
    pub deal: KidsDeal,
    /// Its result.
    pub score: KidsScore,
    /// Each seat's Golden Coins after this deal.
    pub golden_totals: [u16; PLAYERS as usize],
    /// Each seat's Silver Coins after this deal.
    pub silver_totals: [u32; PLAYERS as usize],
}

/// A table's round of Doublehead Kids, derived from its entered deals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KidsRound {
    target: u8,
    deals: Vec<KidsSheetDeal>,
    golden: [u16; PLAYERS as usize],
    silver: [u32; PLAYERS as usize],
}

impl KidsRound {
    /// The Golden Coins target that ends the round.
    pub const fn target(&self) -> u8 {
        self.target
    }

    /// The deals, in order, each with its seats, result and running totals.
    pub fn deals(&self) -> &[KidsSheetDeal] {
        &self.deals
    }

    /// Each seat's Golden Coins so far.
    pub const fn golden(&self) -> [u16; PLAYERS as usize] {
        self.golden
    }

    /// Each seat's Silver Coins so far.
    pub const fn silver(&self) -> [u32; PLAYERS as usize] {
        self.silver
    }

    /// Whether a player has reached the target: the round is over and takes no deal. A
    /// target of 0 is reached before any deal.
    pub fn is_complete(&self) -> bool {
        self.golden.iter().any(|&g| g >= u16::from(self.target))
    }

    /// The seats of the next deal, or `None` once the round is over.
    pub fn next(&self) -> Option<DealSeats> {
        (!self.is_complete()).then(|| deal_seats(self.deals.len()))
    }

    /// The winners once the round is over: the seats with the most Golden Coins (several
    /// share the win, rule F); empty while it runs.
    pub fn winners(&self) -> Vec<Seat> {
        if !self.is_complete() {
            return Vec::new();
        }
        let best = self.golden.iter().copied().max().unwrap_or(0);
        (0..PLAYERS)
            .zip(self.golden)
            .filter(|&(_, g)| g == best)
            .map(|(seat, _)| seat)
            .collect()
    }

    /// Each seat's line for the standings: Golden Coins, then Silver Coins.
    pub fn lines(&self) -> [FamilySeatLine; PLAYERS as usize] {
        let mut lines = [FamilySeatLine {
            seat: 0,
            key: FamilyKey::default(),
        }; PLAYERS as usize];
        for (seat, line) in (0..PLAYERS).zip(lines.iter_mut()) {
            let i = usize::from(seat);
            line.seat = seat;
            line.key = FamilyKey {
                primary: self.golden.get(i).copied().map_or(0, i64::from),
                secondary: self.silver.get(i).copied().map_or(0, i64::from),
            };
        }
        lines
    }

    /// Adds a deal, unless the round is already over.
    pub fn record(&mut self, deal: KidsDeal) -> Result<(), KidsRoundError> {
        if self.is_complete() {
            return Err(KidsRoundError::RoundOver {
                target: self.target,
                deals: self.deals.len(),
            });
        }
        let seats = deal_seats(self.deals.len());
        let score = deal.score();
        for (total, &g) in self.golden.iter_mut().zip(score.golden.iter()) {
            *total = total.saturating_add(u16::from(g));
        }
        for (total, &s) in self.silver.iter_mut().zip(score.silver.iter()) {
            *total = total.saturating_add(u32::from(s));
        }
        self.deals.push(KidsSheetDeal {
            seats,
            deal,
            score,
            golden_totals: self.golden,
            silver_totals: self.silver,
        });
        Ok(())
    }

    /// An empty round with `target` Golden Coins to reach.
    pub const fn new(target: u8) -> KidsRound {
        KidsRound {
            target,
            deals: Vec::new(),
            golden: [0; PLAYERS as usize],
            silver: [0; PLAYERS as usize],
        }
    }
}

/// Why a round takes no further deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum KidsRoundError {
    /// A player reached the target: the round ended after `deals` deals.
    #[error("the round ended after deal {deals}: a player reached {target} Golden Coins")]
    RoundOver {
        /// The target.
        target: u8,
        /// The deals the round had when it ended.
        deals: usize,
    },
}

/// The first entered deal that does not fit when a round is re-derived.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("deal {} does not fit the round: {error}", .index + 1)]
pub struct KidsDeriveError {
    /// 0-based index into the entered deals.
    pub index: usize,
    /// Why it does not fit.
    pub error: KidsRoundError,
}

/// A table's round re-derived from its entered deals, in order, for every read and every
/// correction (like [`crate::sheet::derive`] for Doppelkopf); the error names the first
/// deal that no longer fits, e.g. one entered after a corrected earlier deal now ends the
/// round.
pub fn derive(target: u8, deals: &[KidsDeal]) -> Result<KidsRound, KidsDeriveError> {
    let mut round = KidsRound::new(target);
    for (index, deal) in deals.iter().enumerate() {
        round
            .record(*deal)
            .map_err(|error| KidsDeriveError { index, error })?;
    }
    Ok(round)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn deal(teams: KidsTeams, pp: u16) -> KidsDeal {
        KidsDeal::new(teams, pp, SILVER_COINS - pp).unwrap()
    }

    #[test]
    fn more_than_120_wins_one_golden_coin_each() {
        // Rule E: "The team who has the most wins the round (more than 120 Silver coins).
        // Each player from the winning team receives 1 Golden Coin!"
        let score = deal(KidsTeams::Pair([0, 2]), 121).score();
        assert_eq!(score.winner, KidsTeam::PrincePrincess);
        assert_eq!(score.golden, [1, 0, 1, 0]);
        assert_eq!(score.silver, [121, 119, 121, 119]);

        let score = deal(KidsTeams::Pair([1, 3]), 98).score();
        assert_eq!(score.winner, KidsTeam::Without);
        assert_eq!(score.golden, [1, 0, 1, 0]);
        assert_eq!(score.silver, [142, 98, 142, 98]);
    }

    #[test]
    fn a_tie_goes_to_team_without() {
        // Rule E: "In the rare event of a tie, the team Without wins."
        let score = deal(
            KidsTeams::Wedding {
                announcer: 3,
                partner: 0,
            },
            120,
        )
        .score();
        assert_eq!(score.winner, KidsTeam::Without);
        assert_eq!(score.golden, [0, 1, 1, 0]);
    }

    #[test]
    fn a_lone_winner_gets_two_golden_coins() {
        // Rule C: "If you play alone and succeed, you will receive double the number of
        // Gold Victory Points."
        let score = deal(KidsTeams::Alone(2), 150).score();
        assert_eq!(score.golden, [0, 0, 2, 0]);
        assert_eq!(score.silver, [90, 90, 150, 90]);
        // Losing alone: the three others each get one.
        let score = deal(KidsTeams::Alone(2), 120).score();
        assert_eq!(score.golden, [1, 1, 0, 1]);
    }

    #[test]
    fn impossible_entries_are_refused() {
        assert_eq!(
            KidsDeal::new(KidsTeams::Pair([0, 4]), 120, 120),
            Err(KidsError::SeatOutOfRange { seat: 4 })
        );
        assert_eq!(
            KidsDeal::new(
                KidsTeams::Wedding {
                    announcer: 1,
                    partner: 1
                },
                120,
                120
            ),
            Err(KidsError::SameSeatTwice { seat: 1 })
        );
        assert_eq!(
            KidsDeal::new(KidsTeams::Pair([0, 1]), 130, 120),
            Err(KidsError::CoinsDoNotAddUp { sum: 250 })
        );
        assert_eq!(
            KidsDeal::new(KidsTeams::Pair([0, 1]), u16::MAX, 1),
            Err(KidsError::CoinsDoNotAddUp { sum: 65536 })
        );
        assert_eq!(
            KidsDeal::new(KidsTeams::Alone(0), 239, 1),
            Err(KidsError::ImpossibleCoins { coins: 239 })
        );
        assert!(KidsDeal::new(KidsTeams::Alone(3), 240, 0).is_ok());
        assert!(KidsDeal::new(KidsTeams::Alone(3), 0, 240).is_ok());
    }

    #[test]
    fn the_deal_passes_to_the_player_who_started() {
        // Rules D and F: the dealer's left-hand neighbour starts and deals next.
        assert_eq!(
            deal_seats(0),
            DealSeats {
                dealer: Some(0),
                starter: 1,
                sitting_out: None
            }
        );
        assert_eq!(deal_seats(3).dealer, Some(3));
        assert_eq!(deal_seats(3).starter, 0);
        assert_eq!(deal_seats(5).dealer, deal_seats(4).starter.into());
    }

    #[test]
    fn the_round_ends_at_five_golden_coins() {
        // Seats 0 and 2 win four deals together, seat 0 then wins alone: 6 coins, over.
        let pair = deal(KidsTeams::Pair([0, 2]), 130);
        let mut deals = vec![pair; 4];
        let round = derive(BASIC_TARGET, &deals).unwrap();
        assert!(!round.is_complete());
        assert_eq!(round.golden(), [4, 0, 4, 0]);
        assert_eq!(round.silver(), [520, 440, 520, 440]);
        assert_eq!(round.next().map(|s| s.dealer), Some(Some(0)));
        assert!(round.winners().is_empty());

        deals.push(deal(KidsTeams::Alone(0), 121));
        let round = derive(BASIC_TARGET, &deals).unwrap();
        assert!(round.is_complete());
        assert_eq!(round.golden(), [6, 0, 4, 0]);
        assert_eq!(round.deals()[4].golden_totals, [6, 0, 4, 0]);
        assert_eq!(round.deals()[4].silver_totals, [641, 559, 639, 559]);
        assert_eq!(round.winners(), vec![0]);
        assert_eq!(round.next(), None);
        let lines = round.lines();
        assert_eq!(
            lines[0].key,
            FamilyKey {
                primary: 6,
                secondary: 641
            }
        );
        assert_eq!(
            lines[3].key,
            FamilyKey {
                primary: 0,
                secondary: 559
            }
        );

        deals.push(pair);
        assert_eq!(
            derive(BASIC_TARGET, &deals),
            Err(KidsDeriveError {
                index: 5,
                error: KidsRoundError::RoundOver {
                    target: 5,
                    deals: 5
                }
            })
        );
    }

    #[test]
    fn players_level_at_the_target_share_the_win() {
        let deals = vec![deal(KidsTeams::Pair([1, 3]), 200); 5];
        let round = derive(BASIC_TARGET, &deals).unwrap();
        assert!(round.is_complete());
        assert_eq!(round.winners(), vec![1, 3]);
    }

    #[test]
    fn a_target_of_zero_takes_no_deal() {
        let round = derive(0, &[]).unwrap();
        assert!(round.is_complete());
        assert_eq!(round.winners(), vec![0, 1, 2, 3]);
        assert!(derive(0, &[deal(KidsTeams::Alone(1), 0)]).is_err());
    }

    fn teams() -> impl Strategy<Value = KidsTeams> {
        prop_oneof![
            (any::<u8>(), any::<u8>()).prop_map(|(a, b)| KidsTeams::Pair([a % 6, b % 6])),
            (any::<u8>(), any::<u8>()).prop_map(|(a, b)| KidsTeams::Wedding {
                announcer: a % 6,
                partner: b % 6
            }),
            any::<u8>().prop_map(|a| KidsTeams::Alone(a % 6)),
        ]
    }

    proptest! {
        #[test]
        fn accepted_deals_score_by_the_rules(
            raw in proptest::collection::vec((teams(), 0u16..260, 0u16..260, any::<bool>()), 0..40),
            target in 0u8..12,
        ) {
            let mut deals = Vec::new();
            for (teams, pp, wo, balanced) in raw {
                let wo = if balanced { SILVER_COINS.saturating_sub(pp) } else { wo };
                let Ok(deal) = KidsDeal::new(teams, pp, wo) else { continue };
                prop_assert_eq!(u32::from(pp) + u32::from(wo), 240);
                let score = deal.score();
                let pp_wins = pp > 120;
                let winners: Vec<Seat> =
                    (0..4).filter(|&s| (teams.team_of(s) == KidsTeam::PrincePrincess) == pp_wins).collect();
                let per_winner = if teams.is_alone() && pp_wins { 2 } else { 1 };
                for seat in 0..4u8 {
                    let expected = if winners.contains(&seat) { per_winner } else { 0 };
                    prop_assert_eq!(score.golden[usize::from(seat)], expected);
                }
                prop_assert!(winners.len() == 1 || winners.len() == 2 || winners.len() == 3);
                deals.push(deal);
            }
            match derive(target, &deals) {
                Ok(round) => {
                    // Every deal but possibly the last leaves everyone under the target.
                    let n = round.deals().len();
                    prop_assert_eq!(n, deals.len());
                    for d in round.deals().iter().take(n.saturating_sub(1)) {
                        prop_assert!(d.golden_totals.iter().all(|&g| g < u16::from(target)));
                    }
                    let sum: u16 = round.golden().iter().sum();
                    let expected: u16 = round.deals().iter().map(|d| d.score.golden.iter().map(|&g| u16::from(g)).sum::<u16>()).sum();
                    prop_assert_eq!(sum, expected);
                }
                Err(e) => {
                    let before = derive(target, &deals[..e.index]).unwrap();
                    prop_assert!(before.is_complete());
                }
            }
        }
    }
}
