//! The game a tournament plays on the wire: Doppelkopf with its rules (the TSR by default,
//! or house rules as named switches), Doublehead Kids or Doppeldoppel, as a union tagged by
//! `kind`, and its conversions to and from the domain's [`Game`].

use domain::game::kids::KidsRules;
use domain::game::{AnnouncementScoring, Game, KarlchenRule, Ruleset, Schweinchen, SecondHeartTen};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain_errors::ruleset_error;
use crate::error::{ApiError, FieldError};

/// The game a tournament plays. Chosen when it is created; it can be changed only while no
/// round exists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GameBody {
    /// Doppelkopf: the DDV's tournament rules, or house rules where `rules` says so.
    Doppelkopf {
        /// The rules; every switch left out is the TSR's.
        #[serde(default)]
        rules: RulesBody,
    },
    /// Doublehead Kids, the family game: a table's round lasts until a player holds
    /// `golden_coins` Golden Coins.
    DoubleheadKids {
        /// The Golden Coins that end a table's round (1–20; default 5 as in the basic game,
        /// 10 in the advanced one). Always present in an answer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(minimum = 1, maximum = 20, example = 5)]
        golden_coins: Option<u8>,
        /// The advanced game's scoring (its rules 3 and 4): more than 150 Silver Coins win
        /// 2
        /// Golden Coins, more than 180 win 3 (a lone winner twice that), and each team adds
        /// one per member for every fox caught from an opponent, for winning the last duel
        /// with a Karlchen, and for every opponent's Karlchen won in it (a deal's
        /// `extras`).
        #[serde(default)]
        advanced: bool,
        /// Rule F's alternative: players level at the top after the target play on until
        /// one leads by a Golden Coin, instead of sharing the win.
        #[serde(default)]
        play_on: bool,
    },
    /// Doppeldoppel: 36 cards, tables of 3 or 4, a round is one deal per player.
    Doppeldoppel,
}

impl Default for GameBody {
    fn default() -> Self {
        GameBody::from(Game::DDV)
    }
}

/// Doppelkopf's rules as switches; each one left out is the TSR's value, so `{}` is the
/// DDV's tournament rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct RulesBody {
    /// `adding` (TSR: a won Re or Kontra adds 2) or `doubling` (it doubles the game value,
    /// each Absage adding a point before the doubling).
    pub announcements: AnnouncementsName,
    /// Whether the second ♥10 beats the first: `off` (TSR), `always`, `except_last_trick`
    /// (in every trick but the last, where the first wins: Wikipedia's Dullen variant),
    /// `only_last_trick` (only in the last trick; also read as its old name `last_trick`).
    pub second_heart_ten: SecondHeartTenName,
    /// Schweinchen (both ♦ aces of one hand the highest trumps): `off` (TSR),
    /// `announced` (before play), `when_played` (from the first one played).
    pub schweinchen: SchweinchenName,
    /// Karlchen in the last trick: `ddv` (winning it scores), `caught` (caught by the
    /// other party it gives them a point), `second_beats_first` (and the second ♣J beats
    /// the
    /// first in the last trick), `lizzie_miller` (caught only by a ♦Q that wins the last
    /// trick).
    pub karlchen: KarlchenName,
    /// Armut: a player with three trumps or fewer may hand them to a partner.
    pub armut: bool,
    /// A hand with five or more nines may be thrown in and redealt, not counted.
    pub five_nines: bool,
    /// A hand with five or more kings may be thrown in too (Wikipedia); also without the
    /// nines. A deal is thrown in (`"entry": "thrown_in"`) under `five_nines`,
    /// `five_kings` or `armut` (an Armut nobody takes is redealt by the same dealer).
    pub five_kings: bool,
    /// After a deal ending 120:120 or a lost Re/Kontra, the next round of deals counts
    /// double; Bock rounds stack.
    pub bock_rounds: bool,
    /// Without the nines: 40 cards, ten tricks.
    pub without_nines: bool,
    /// Solos are played on top: a round is its planned number of normal games.
    pub solos_on_top: bool,
    /// The soloist's factor (TSR 3; the other three score the plain value), 1–9.
    #[schema(minimum = 1, maximum = 9, example = 3)]
    pub solo_multiplier: u8,
    /// The Queens (Re) always need 121, also when only Kontra was said (the info page's
    /// reading; TSR: then Re wins with 120).
    pub queens_need_121: bool,
    /// A party is schwarz when it took no card point (the info page's reading; TSR: no
    /// trick), for the extra point and the "schwarz" Absage alike.
    pub schwarz_by_card_points: bool,
    /// Nobody owes a Pflichtsolo: every declared solo is a Lustsolo and nobody is
    /// vorgeführt (the online game's rule; TSR: each player owes one per round).
    pub without_pflichtsolo: bool,
    /// Under doubling, a failed Absage gives the winners a point for every level claimed,
    /// kept or not (the Doppelkopf-Info page's example 2 read for every call); needs
    /// `announcements: doubling`.
    pub failed_absage_all_levels: bool,
    /// The info page's call deadlines, in cards on the table (IX: Re before the 5th card,
    /// No 90 before the 9th, … Black before the 21st), each call after the one below it;
    /// they replace the TSR's. Only the replay checks them.
    pub info_call_deadlines: bool,
    /// Wikipedia's forced announcement: a player who takes 30 or more card points in the
    /// first trick (after a wedding's finding tricks) must announce Re or Kontra for his
    /// party. Only the replay checks it.
    pub forced_announcement: bool,
    /// Wikipedia: Schweinchen forces its holder to announce Re or Kontra for his party.
    /// Only the replay checks it.
    pub schweinchen_forces_call: bool,
    /// Wikipedia's half a chicken: the holder of both ♦10 may announce `half_chicken`
    /// before the first card (a replay event); it scores nothing.
    pub half_a_chicken: bool,
    /// Wikipedia's Armut: the poor player hands over three cards (all his trumps, topped up
    /// with plain cards) and gets three back, instead of his trumps and as many back.
    pub armut_three_cards: bool,
    /// Wikipedia's wedding variant: the wedding player may name the first trump trick
    /// (`wedding_trump`) or the first non-trump trick (`wedding_plain`) as the one that
    /// finds his partner; if none of the first three meets it, he plays the diamond solo.
    pub wedding_names_trick: bool,
    /// Wikipedia's super piglets: after Schweinchen, the holder of both ♦9 may announce
    /// `super_schweinchen` (a replay event); the ♦9 become the highest trumps. Needs
    /// `schweinchen`.
    pub super_schweinchen: bool,
    /// Wikipedia's further forced call: when the forced player's party has its Ansage
    /// already, he owes the next level (keine 90 after Re, …). Needs
    /// `forced_announcement`; only the replay checks it.
    pub forced_announcement_raises: bool,
    /// Wikipedia's piglets variant: only the first ♦A played of the Schweinchen holder
    /// is a piglet; the second ranks low again and is a fox. Needs `schweinchen`, not
    /// with `super_schweinchen`.
    pub first_fox_piglet: bool,
    /// Wikipedia's fox variant: a fox caught in the last trick counts two; the entry's
    /// `fox_last_trick` says how many of a party's foxes were.
    pub fox_last_trick_two: bool,
    /// The info page's variant: a point for each ♥10 of the other party captured, the
    /// entry's `heart_ten`.
    pub heart_ten_point: bool,
    /// The info page's "Beating the Queens" under Armut: gegen die Alten only for beating
    /// the holders of both ♣Q; an Armut's entry then says who held them (`club_queens`).
    /// Needs `armut`.
    pub armut_alten_by_queens: bool,
}

impl Default for RulesBody {
    fn default() -> Self {
        RulesBody::from(Ruleset::DDV)
    }
}

/// How a won or lost Re or Kontra counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AnnouncementsName {
    /// TSR 7.2.2 b: 2 points each.
    Adding,
    /// The game value doubles.
    Doubling,
}

/// Which ♥10 wins when both fall in one trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SecondHeartTenName {
    /// TSR: the first.
    Off,
    /// The second, in every trick.
    Always,
    /// The second, in every trick but the last, where the first wins (Wikipedia's Dullen
    /// variant).
    ExceptLastTrick,
    /// The second, in the last trick only; `last_trick`, its old name, is read as this.
    #[serde(alias = "last_trick")]
    OnlyLastTrick,
}

/// When Schweinchen applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SchweinchenName {
    /// TSR: never.
    Off,
    /// Announced before play.
    Announced,
    /// Announced when the first ♦A is played.
    WhenPlayed,
}

/// What Karlchen does in the last trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum KarlchenName {
    /// TSR 7.2.3.
    Ddv,
    /// Caught, it gives the catchers a point.
    Caught,
    /// Caught by the second ♣J in the last trick.
    SecondBeatsFirst,
    /// Caught only by a ♦Q winning the last trick (Wikipedia's "Lizzie Miller").
    LizzieMiller,
}

impl From<Ruleset> for RulesBody {
    fn from(r: Ruleset) -> RulesBody {
        RulesBody {
            announcements: match r.announcements {
                AnnouncementScoring::Adding => AnnouncementsName::Adding,
                AnnouncementScoring::Doubling => AnnouncementsName::Doubling,
            },
            second_heart_ten: match r.second_heart_ten {
                SecondHeartTen::Off => SecondHeartTenName::Off,
                SecondHeartTen::Always => SecondHeartTenName::Always,
                SecondHeartTen::ExceptLastTrick => SecondHeartTenName::ExceptLastTrick,
                SecondHeartTen::OnlyLastTrick => SecondHeartTenName::OnlyLastTrick,
            },
            schweinchen: match r.schweinchen {
                Schweinchen::Off => SchweinchenName::Off,
                Schweinchen::Announced => SchweinchenName::Announced,
                Schweinchen::WhenPlayed => SchweinchenName::WhenPlayed,
            },
            karlchen: match r.karlchen {
                KarlchenRule::Ddv => KarlchenName::Ddv,
                KarlchenRule::Caught => KarlchenName::Caught,
                KarlchenRule::SecondBeatsFirst => KarlchenName::SecondBeatsFirst,
                KarlchenRule::LizzieMiller => KarlchenName::LizzieMiller,
            },
            armut: r.armut,
            five_nines: r.five_nines,
            five_kings: r.five_kings,
            bock_rounds: r.bock_rounds,
            without_nines: r.without_nines,
            solos_on_top: r.solos_on_top,
            solo_multiplier: r.solo_multiplier,
            queens_need_121: r.queens_need_121,
            schwarz_by_card_points: r.schwarz_by_card_points,
            without_pflichtsolo: r.without_pflichtsolo,
            failed_absage_all_levels: r.failed_absage_all_levels,
            info_call_deadlines: r.info_call_deadlines,
            forced_announcement: r.forced_announcement,
            schweinchen_forces_call: r.schweinchen_forces_call,
            half_a_chicken: r.half_a_chicken,
            armut_three_cards: r.armut_three_cards,
            wedding_names_trick: r.wedding_names_trick,
            super_schweinchen: r.super_schweinchen,
            forced_announcement_raises: r.forced_announcement_raises,
            first_fox_piglet: r.first_fox_piglet,
            fox_last_trick_two: r.fox_last_trick_two,
            heart_ten_point: r.heart_ten_point,
            armut_alten_by_queens: r.armut_alten_by_queens,
        }
    }
}

impl RulesBody {
    /// The domain's ruleset, or the field that is out of range (`field` is where the rules
    /// sit in the body, e.g. `game.rules`).
    pub fn to_ruleset(self, field: &str) -> Result<Ruleset, FieldError> {
        let rules = Ruleset {
            announcements: match self.announcements {
                AnnouncementsName::Adding => AnnouncementScoring::Adding,
                AnnouncementsName::Doubling => AnnouncementScoring::Doubling,
            },
            second_heart_ten: match self.second_heart_ten {
                SecondHeartTenName::Off => SecondHeartTen::Off,
                SecondHeartTenName::Always => SecondHeartTen::Always,
                SecondHeartTenName::ExceptLastTrick => SecondHeartTen::ExceptLastTrick,
                SecondHeartTenName::OnlyLastTrick => SecondHeartTen::OnlyLastTrick,
            },
            schweinchen: match self.schweinchen {
                SchweinchenName::Off => Schweinchen::Off,
                SchweinchenName::Announced => Schweinchen::Announced,
                SchweinchenName::WhenPlayed => Schweinchen::WhenPlayed,
            },
            karlchen: match self.karlchen {
                KarlchenName::Ddv => KarlchenRule::Ddv,
                KarlchenName::Caught => KarlchenRule::Caught,
                KarlchenName::SecondBeatsFirst => KarlchenRule::SecondBeatsFirst,
                KarlchenName::LizzieMiller => KarlchenRule::LizzieMiller,
            },
            armut: self.armut,
            five_nines: self.five_nines,
            five_kings: self.five_kings,
            bock_rounds: self.bock_rounds,
            without_nines: self.without_nines,
            solos_on_top: self.solos_on_top,
            solo_multiplier: self.solo_multiplier,
            queens_need_121: self.queens_need_121,
            schwarz_by_card_points: self.schwarz_by_card_points,
            without_pflichtsolo: self.without_pflichtsolo,
            failed_absage_all_levels: self.failed_absage_all_levels,
            info_call_deadlines: self.info_call_deadlines,
            forced_announcement: self.forced_announcement,
            schweinchen_forces_call: self.schweinchen_forces_call,
            half_a_chicken: self.half_a_chicken,
            armut_three_cards: self.armut_three_cards,
            wedding_names_trick: self.wedding_names_trick,
            super_schweinchen: self.super_schweinchen,
            forced_announcement_raises: self.forced_announcement_raises,
            first_fox_piglet: self.first_fox_piglet,
            fox_last_trick_two: self.fox_last_trick_two,
            heart_ten_point: self.heart_ten_point,
            armut_alten_by_queens: self.armut_alten_by_queens,
        };
        rules.validate().map_err(|e| ruleset_error(&e, field))?;
        Ok(rules)
    }
}

/// The rules a calculator request asks for (`rules`), checked; the TSR when it names none.
pub fn rules_or_ddv(rules: Option<RulesBody>) -> Result<Ruleset, ApiError> {
    rules.map_or(Ok(Ruleset::DDV), |rules| {
        rules.to_ruleset("rules").map_err(|e| {
            ApiError::unprocessable("invalid_rules", "the rules contradict each other", vec![e])
        })
    })
}

impl From<Game> for GameBody {
    fn from(game: Game) -> GameBody {
        match game {
            Game::Doppelkopf(rules) => GameBody::Doppelkopf {
                rules: rules.into(),
            },
            Game::DoubleheadKids(rules) => GameBody::DoubleheadKids {
                golden_coins: Some(rules.golden_coins),
                advanced: rules.advanced,
                play_on: rules.play_on,
            },
            Game::Doppeldoppel => GameBody::Doppeldoppel,
        }
    }
}

impl GameBody {
    /// The domain's game, or the field that is out of range.
    pub fn to_game(&self) -> Result<Game, FieldError> {
        match *self {
            GameBody::Doppelkopf { rules } => Ok(Game::Doppelkopf(rules.to_ruleset("game.rules")?)),
            GameBody::DoubleheadKids {
                golden_coins,
                advanced,
                play_on,
            } => {
                let golden_coins = golden_coins.unwrap_or(if advanced {
                    domain::game::kids::ADVANCED_TARGET
                } else {
                    domain::game::kids::BASIC_TARGET
                });
                if (1..=20).contains(&golden_coins) {
                    Ok(Game::DoubleheadKids(KidsRules {
                        golden_coins,
                        advanced,
                        play_on,
                    }))
                } else {
                    Err(FieldError::new(
                        "game.golden_coins",
                        "out_of_range",
                        "a round is played to 1 to 20 Golden Coins",
                    ))
                }
            }
            GameBody::Doppeldoppel => Ok(Game::Doppeldoppel),
        }
    }
}

/// The short name of a game, the `ruleset` field of a tournament: `ddv` (the TSR), `house`
/// (Doppelkopf with house rules), `doublehead_kids`, `doppeldoppel`.
pub fn ruleset_name(game: Game) -> &'static str {
    match game {
        Game::Doppelkopf(rules) if rules.is_ddv() => "ddv",
        Game::Doppelkopf(_) => "house",
        Game::DoubleheadKids { .. } => "doublehead_kids",
        Game::Doppeldoppel => "doppeldoppel",
    }
}
