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
//! the round is over and no further deal fits; players level at the top share the win
//! ("If multiple player tie for the win, they share the victory"), or, where the table
//! chose the text's alternative ([`KidsRules::play_on`]), the round goes on "until one
//! player has at least one more Golden Coin than the rest".
//!
//! The advanced game ([`KidsRules::advanced`], "Advanced Game Rules" 3 and 4) scores more:
//! a team with more than 150 Silver Coins wins 2 Golden Coins each, more than 180 wins 3
//! (a lone winner twice that, as rule C doubles his win), and every team, winner or not,
//! adds one Golden Coin per member for each fox in its loot played by an opponent, for a
//! Karlchen of its own that won the last duel, and for each opponent's Karlchen it won in
//! the last duel ([`KidsExtras`]). **Reading:** the lone player's doubling is of the win
//! only; his fox and Karlchen coins are his team's, one each, as for every team.
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

/// The advanced game: more Silver Coins than this win 2 Golden Coins (advanced rule 4).
pub const ADVANCED_TWO: u16 = 150;

/// The advanced game: more Silver Coins than this win 3 Golden Coins (advanced rule 4).
pub const ADVANCED_THREE: u16 = 180;

/// How a table plays Doublehead Kids: the Golden Coins that end its round, the advanced
/// game's scoring, and whether a tie at the top plays on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KidsRules {
    /// The Golden Coins that end a table's round (rule A: 5; advanced rule 1: 10).
    pub golden_coins: u8,
    /// The advanced game's scoring (advanced rules 3 and 4): 150 and 180 Silver Coins win
    /// more, and foxes and Karlchen bring Golden Coins.
    pub advanced: bool,
    /// Rule F's alternative: a round does not end while players are level at the top;
    /// it goes on until one player leads by at least one Golden Coin.
    pub play_on: bool,
}

impl KidsRules {
    /// The basic game: to 5 Golden Coins, the basic scoring, level players share the win.
    pub const BASIC: KidsRules = KidsRules::basic(BASIC_TARGET);

    /// The advanced game as the text plays it: to 10 Golden Coins with the advanced scoring.
    pub const ADVANCED: KidsRules = KidsRules {
        golden_coins: ADVANCED_TARGET,
        advanced: true,
        play_on: false,
    };

    /// The basic scoring played to `golden_coins`.
    pub const fn basic(golden_coins: u8) -> KidsRules {
        KidsRules {
            golden_coins,
            advanced: false,
            play_on: false,
        }
    }
}

impl Default for KidsRules {
    fn default() -> Self {
        KidsRules::BASIC
    }
}

/// One team's fox and Karlchen cards in the advanced game (advanced rule 3), each worth
/// one Golden Coin to every member of the team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct KidsExtras {
    /// Fox cards in the team's loot played by an opponent ("If you add a Fox card to your
    /// loot, played by an opponent").
    pub foxes: u8,
    /// 1 when a member won the last duel by playing a Karlchen card.
    pub karlchen: u8,
    /// Karlchen cards played by an opponent in the last duel that the team won ("if you
    /// play a Karlchen card in the last Duel and an opponent wins the battle, their team
    /// scores").
    pub karlchen_caught: u8,
}

impl KidsExtras {
    /// The most the deck allows of each, for both teams together: two fox cards, one card
    /// winning the last duel, two Karlchen cards.
    pub const MOST: KidsExtras = KidsExtras {
        foxes: 2,
        karlchen: 1,
        karlchen_caught: 2,
    };

    /// The Golden Coins they bring each member, widened so client counts cannot overflow.
    pub fn coins(&self) -> u16 {
        u16::from(self.foxes) + u16::from(self.karlchen) + u16::from(self.karlchen_caught)
    }

    /// Whether nothing was entered.
    pub fn is_empty(&self) -> bool {
        self.coins() == 0
    }
}

/// Both teams' fox and Karlchen cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct KidsTeamExtras {
    /// Team Prince/Princess's (or the lone player's).
    pub prince_princess: KidsExtras,
    /// Team Without's.
    pub without: KidsExtras,
}

impl KidsTeamExtras {
    /// The extras of `team`.
    pub const fn of(&self, team: KidsTeam) -> KidsExtras {
        match team {
            KidsTeam::PrincePrincess => self.prince_princess,
            KidsTeam::Without => self.without,
        }
    }

    /// Whether neither team has any.
    pub fn is_empty(&self) -> bool {
        self.prince_princess.is_empty() && self.without.is_empty()
    }

    /// Checks what the cards allow: two fox cards, two Karlchen cards, and one last duel
    /// won by one team, whose winning card is at most one Karlchen.
    fn validate(&self) -> Result<(), KidsError> {
        let (pp, wo) = (self.prince_princess, self.without);
        let foxes = u16::from(pp.foxes) + u16::from(wo.foxes);
        if foxes > u16::from(KidsExtras::MOST.foxes) {
            return Err(KidsError::TooManyFoxes { total: foxes });
        }
        let won = u16::from(pp.karlchen) + u16::from(wo.karlchen);
        if won > u16::from(KidsExtras::MOST.karlchen) {
            return Err(KidsError::TooManyKarlchen { total: won });
        }
        let last_duel = |e: KidsExtras| e.karlchen > 0 || e.karlchen_caught > 0;
        if last_duel(pp) && last_duel(wo) {
            return Err(KidsError::LastDuelForBothTeams);
        }
        let karlchen = won + u16::from(pp.karlchen_caught) + u16::from(wo.karlchen_caught);
        if karlchen > u16::from(KidsExtras::MOST.karlchen_caught) {
            return Err(KidsError::TooManyKarlchen { total: karlchen });
        }
        Ok(())
    }
}

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
    /// More than the two fox cards.
    #[error("there are only two fox cards, got {total}")]
    TooManyFoxes {
        /// Both teams' foxes (`u16`: two client counts can exceed 255).
        total: u16,
    },
    /// More than the two Karlchen cards, or more than one winning the last duel.
    #[error("the last duel holds at most two Karlchen cards and one winning card, got {total}")]
    TooManyKarlchen {
        /// The Karlchen counted (`u16`: client counts can exceed 255).
        total: u16,
    },
    /// Karlchen coins for both teams: only the team that won the last duel can have them.
    #[error("only the team that won the last duel can score Karlchen")]
    LastDuelForBothTeams,
}

/// One deal as entered: the teams and each team's Silver Coins. Built only by
/// [`KidsDeal::new`], so every value is a possible deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KidsDeal {
    teams: KidsTeams,
    prince_princess_coins: u16,
    without_coins: u16,
    extras: KidsTeamExtras,
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
            extras: KidsTeamExtras::default(),
        })
    }

    /// The deal with the advanced game's fox and Karlchen cards, checked against the
    /// deck (two of each, one last duel). Whether they score is the round's question: the
    /// basic game refuses them ([`KidsRoundError::ExtrasInBasicGame`]).
    pub fn with_extras(self, extras: KidsTeamExtras) -> Result<KidsDeal, KidsError> {
        extras.validate()?;
        Ok(KidsDeal { extras, ..self })
    }

    /// The fox and Karlchen cards entered (none in a basic game's deal).
    pub const fn extras(&self) -> KidsTeamExtras {
        self.extras
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
    /// Without at 120:120; each winner gets one Golden Coin, a lone winner two. In the
    /// advanced game (advanced rule 4) more than 150 wins two, more than 180 three (a lone
    /// winner twice that), and each team adds its fox and Karlchen coins per member.
    pub fn score(&self, rules: &KidsRules) -> KidsScore {
        let winner = if self.prince_princess_coins > HALF {
            KidsTeam::PrincePrincess
        } else {
            KidsTeam::Without
        };
        let winning_coins = match winner {
            KidsTeam::PrincePrincess => self.prince_princess_coins,
            KidsTeam::Without => self.without_coins,
        };
        let win: u8 = match winning_coins {
            c if rules.advanced && c > ADVANCED_THREE => 3,
            c if rules.advanced && c > ADVANCED_TWO => 2,
            _ => 1,
        };
        // Only a lone player who wins gets double; the three who beat him get the plain win.
        let per_winner = if self.teams.is_alone() && winner == KidsTeam::PrincePrincess {
            2 * win
        } else {
            win
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
            if rules.advanced {
                // At most 2 foxes + 2 Karlchen per team (checked on entry): fits a u8.
                let extra = u8::try_from(self.extras.of(team).coins()).unwrap_or(u8::MAX);
                *g = g.saturating_add(extra);
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
    rules: KidsRules,
    deals: Vec<KidsSheetDeal>,
    golden: [u16; PLAYERS as usize],
    silver: [u32; PLAYERS as usize],
}

impl KidsRound {
    /// The Golden Coins target that ends the round.
    pub const fn target(&self) -> u8 {
        self.rules.golden_coins
    }

    /// How the table plays.
    pub const fn rules(&self) -> KidsRules {
        self.rules
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

    /// Whether a player has reached the target (and, where the table plays on, leads the
    /// others by a Golden Coin): the round is over and takes no deal. A target of 0 is
    /// reached before any deal (and, playing on, left to the first deal that breaks the
    /// level start).
    pub fn is_complete(&self) -> bool {
        let best = self.golden.iter().copied().max().unwrap_or(0);
        if best < u16::from(self.rules.golden_coins) {
            return false;
        }
        !self.rules.play_on || self.golden.iter().filter(|&&g| g == best).count() == 1
    }

    /// The seats of the next deal, or `None` once the round is over.
    pub fn next(&self) -> Option<DealSeats> {
        (!self.is_complete()).then(|| deal_seats(self.deals.len()))
    }

    /// The winners once the round is over: the seats with the most Golden Coins (several
    /// share the win, rule F; one when the table plays on); empty while it runs.
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

    /// Adds a deal, unless the round is already over or the deal holds the advanced game's
    /// cards at a table playing the basic one.
    pub fn record(&mut self, deal: KidsDeal) -> Result<(), KidsRoundError> {
        if self.is_complete() {
            return Err(KidsRoundError::RoundOver {
                target: self.rules.golden_coins,
                deals: self.deals.len(),
            });
        }
        if !self.rules.advanced && !deal.extras().is_empty() {
            return Err(KidsRoundError::ExtrasInBasicGame);
        }
        let seats = deal_seats(self.deals.len());
        let score = deal.score(&self.rules);
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

    /// An empty round played by `rules`.
    pub const fn new(rules: KidsRules) -> KidsRound {
        KidsRound {
            rules,
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
    /// Fox or Karlchen coins at a table playing the basic game, which has none.
    #[error("the basic game has no fox or Karlchen coins; the advanced game does")]
    ExtrasInBasicGame,
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
pub fn derive(rules: KidsRules, deals: &[KidsDeal]) -> Result<KidsRound, KidsDeriveError> {
    let mut round = KidsRound::new(rules);
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
        let score = deal(KidsTeams::Pair([0, 2]), 121).score(&KidsRules::BASIC);
        assert_eq!(score.winner, KidsTeam::PrincePrincess);
        assert_eq!(score.golden, [1, 0, 1, 0]);
        assert_eq!(score.silver, [121, 119, 121, 119]);

        let score = deal(KidsTeams::Pair([1, 3]), 98).score(&KidsRules::BASIC);
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
        .score(&KidsRules::BASIC);
        assert_eq!(score.winner, KidsTeam::Without);
        assert_eq!(score.golden, [0, 1, 1, 0]);
    }

    #[test]
    fn a_lone_winner_gets_two_golden_coins() {
        // Rule C: "If you play alone and succeed, you will receive double the number of
        // Gold Victory Points."
        let score = deal(KidsTeams::Alone(2), 150).score(&KidsRules::BASIC);
        assert_eq!(score.golden, [0, 0, 2, 0]);
        assert_eq!(score.silver, [90, 90, 150, 90]);
        // Losing alone: the three others each get one.
        let score = deal(KidsTeams::Alone(2), 120).score(&KidsRules::BASIC);
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
        let round = derive(KidsRules::BASIC, &deals).unwrap();
        assert!(!round.is_complete());
        assert_eq!(round.golden(), [4, 0, 4, 0]);
        assert_eq!(round.silver(), [520, 440, 520, 440]);
        assert_eq!(round.next().map(|s| s.dealer), Some(Some(0)));
        assert!(round.winners().is_empty());

        deals.push(deal(KidsTeams::Alone(0), 121));
        let round = derive(KidsRules::BASIC, &deals).unwrap();
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
            derive(KidsRules::BASIC, &deals),
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
        let round = derive(KidsRules::BASIC, &deals).unwrap();
        assert!(round.is_complete());
        assert_eq!(round.winners(), vec![1, 3]);
    }

    #[test]
    fn a_target_of_zero_takes_no_deal() {
        let round = derive(KidsRules::basic(0), &[]).unwrap();
        assert!(round.is_complete());
        assert_eq!(round.winners(), vec![0, 1, 2, 3]);
        assert!(derive(KidsRules::basic(0), &[deal(KidsTeams::Alone(1), 0)]).is_err());
    }

    #[test]
    fn the_advanced_game_wins_more_above_150_and_180() {
        // Advanced rule 4: "One team > 150 Silver coins: Wins, scoring 2 Golden Coins",
        // "> 180 ...: 3". Strictly more: 150 and 180 stay at 1 and 2.
        let advanced = KidsRules::ADVANCED;
        for (pp, golden) in [(121, 1), (150, 1), (151, 2), (180, 2), (181, 3), (240, 3)] {
            let score = deal(KidsTeams::Pair([0, 2]), pp).score(&advanced);
            assert_eq!(score.golden, [golden, 0, golden, 0], "{pp}");
            // The basic game gives one whatever the margin.
            let basic = deal(KidsTeams::Pair([0, 2]), pp).score(&KidsRules::BASIC);
            assert_eq!(basic.golden, [1, 0, 1, 0], "{pp}");
        }
        // Team Without wins by its own count: 240 − 75 = 165 Silver Coins, 2 each.
        let score = deal(KidsTeams::Pair([0, 2]), 75).score(&advanced);
        assert_eq!(score.golden, [0, 2, 0, 2]);
        // A lone winner doubles: 190 is 3, doubled 6; at 160 it is 4.
        assert_eq!(
            deal(KidsTeams::Alone(1), 190).score(&advanced).golden,
            [0, 6, 0, 0]
        );
        assert_eq!(
            deal(KidsTeams::Alone(1), 160).score(&advanced).golden,
            [0, 4, 0, 0]
        );
        // Beating him with 170 gives each of the three 2.
        assert_eq!(
            deal(KidsTeams::Alone(1), 70).score(&advanced).golden,
            [2, 0, 2, 2]
        );
    }

    #[test]
    fn foxes_and_karlchen_bring_every_team_golden_coins() {
        // Advanced rule 4: "All teams additionally score: 1 Golden Coin for each Fox in
        // their Loot played by an opponent, 1 ... if a team member won the last Duel by
        // playing a Karlchen card, 1 ... for each Karlchen card won in the last Duel that
        // was played by an opponent". Seats 0 and 2 win with 130 (1 each) and won the last
        // duel with a Karlchen over the opponents' Karlchen (2 more); seats 1 and 3 lost
        // but caught both foxes (2 each).
        let extras = KidsTeamExtras {
            prince_princess: KidsExtras {
                foxes: 0,
                karlchen: 1,
                karlchen_caught: 1,
            },
            without: KidsExtras {
                foxes: 2,
                ..KidsExtras::default()
            },
        };
        let played = deal(KidsTeams::Pair([0, 2]), 130)
            .with_extras(extras)
            .unwrap();
        assert_eq!(played.score(&KidsRules::ADVANCED).golden, [3, 2, 3, 2]);
        // The lone player's doubling is of the win only: 2 × 1 + 1 fox.
        let alone = deal(KidsTeams::Alone(3), 130)
            .with_extras(KidsTeamExtras {
                prince_princess: KidsExtras {
                    foxes: 1,
                    ..KidsExtras::default()
                },
                ..KidsTeamExtras::default()
            })
            .unwrap();
        assert_eq!(alone.score(&KidsRules::ADVANCED).golden, [0, 0, 0, 3]);
        // The basic game has no such coins: a table playing it refuses them.
        let mut basic = KidsRound::new(KidsRules::BASIC);
        assert_eq!(basic.record(played), Err(KidsRoundError::ExtrasInBasicGame));
        assert!(basic.deals().is_empty());
        let mut advanced = KidsRound::new(KidsRules::ADVANCED);
        assert_eq!(advanced.record(played), Ok(()));
        assert_eq!(advanced.golden(), [3, 2, 3, 2]);
    }

    #[test]
    fn extras_the_cards_cannot_hold_are_refused() {
        let base = deal(KidsTeams::Pair([0, 2]), 130);
        let with = |pp: KidsExtras, without: KidsExtras| {
            base.with_extras(KidsTeamExtras {
                prince_princess: pp,
                without,
            })
        };
        let e = |foxes, karlchen, karlchen_caught| KidsExtras {
            foxes,
            karlchen,
            karlchen_caught,
        };
        assert_eq!(
            with(e(2, 0, 0), e(1, 0, 0)),
            Err(KidsError::TooManyFoxes { total: 3 })
        );
        assert_eq!(
            with(e(200, 0, 0), e(200, 0, 0)),
            Err(KidsError::TooManyFoxes { total: 400 })
        );
        assert_eq!(
            with(e(0, 1, 0), e(0, 0, 1)),
            Err(KidsError::LastDuelForBothTeams)
        );
        assert_eq!(
            with(e(0, 1, 2), e(0, 0, 0)),
            Err(KidsError::TooManyKarlchen { total: 3 })
        );
        assert_eq!(
            with(e(0, 2, 0), e(0, 0, 0)),
            Err(KidsError::TooManyKarlchen { total: 2 })
        );
        assert!(with(e(0, 0, 2), e(2, 0, 0)).is_ok());
    }

    #[test]
    fn playing_on_ends_only_with_one_player_ahead() {
        // Rule F's alternative: "continue playing until one player has at least one more
        // Golden Coin than the rest". Seats 1 and 3 reach 5 together: level, play on.
        let mut deals = vec![deal(KidsTeams::Pair([1, 3]), 200); 5];
        let play_on = KidsRules {
            play_on: true,
            ..KidsRules::BASIC
        };
        let round = derive(play_on, &deals).unwrap();
        assert_eq!(round.golden(), [0, 5, 0, 5]);
        assert!(!round.is_complete());
        assert!(round.winners().is_empty());
        assert_eq!(round.next().map(|s| s.dealer), Some(Some(1)));
        // Without playing on the same five deals end the round, shared.
        assert_eq!(
            derive(KidsRules::BASIC, &deals).unwrap().winners(),
            vec![1, 3]
        );
        // Seat 3 and seat 0 win the sixth together: seat 3 leads alone with 6.
        deals.push(deal(KidsTeams::Pair([0, 3]), 121));
        let round = derive(play_on, &deals).unwrap();
        assert_eq!(round.golden(), [1, 5, 0, 6]);
        assert!(round.is_complete());
        assert_eq!(round.winners(), vec![3]);
    }

    #[test]
    fn an_advanced_round_ends_at_ten() {
        // Seats 0 and 2 win with 190 Silver Coins: 3 each per deal; after three deals 9,
        // after the fourth 12, over.
        let deals = vec![deal(KidsTeams::Pair([0, 2]), 190); 4];
        let round = derive(KidsRules::ADVANCED, &deals[..3]).unwrap();
        assert_eq!(round.golden(), [9, 0, 9, 0]);
        assert!(!round.is_complete());
        let round = derive(KidsRules::ADVANCED, &deals).unwrap();
        assert_eq!(round.golden(), [12, 0, 12, 0]);
        assert_eq!(round.winners(), vec![0, 2]);
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
                let score = deal.score(&KidsRules::BASIC);
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
            match derive(KidsRules::basic(target), &deals) {
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
                    let before = derive(KidsRules::basic(target), &deals[..e.index]).unwrap();
                    prop_assert!(before.is_complete());
                }
            }
        }
    }
}
