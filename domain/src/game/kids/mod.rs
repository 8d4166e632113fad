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

mod round;

pub use round::{KidsDeriveError, KidsRound, KidsRoundError, KidsSheetDeal, deal_seats, derive};

#[cfg(test)]
mod tests;
