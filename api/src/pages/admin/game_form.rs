//! The game and its rules as the desk's forms hold them (the new-tournament form and a
//! tournament's settings): every field as text, so a refused form shows what was chosen, and
//! its translation to the API's `ruleset` and `game`.
//!
//! The form shows the house rules' switches and the Golden Coins always (no script): the
//! stylesheet shows each group only while its game is chosen, and the translation reads
//! only the chosen game's fields.

use domain::game::{Game, KarlchenRule, SecondHeartTen};
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, FieldError};
use crate::pages::i18n::Lang;
use crate::wire::game::{GameBody, RulesBody, ruleset_name};

/// A choice in a select: its value and its label in the page's language.
#[derive(Debug, Serialize)]
pub(super) struct Choice {
    pub value: &'static str,
    pub label: String,
}

/// The game's fields of a desk form, as posted.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(super) struct GameFields {
    /// `ddv`, `house`, `doublehead_kids` or `doppeldoppel`.
    #[serde(default)]
    pub ruleset: String,
    #[serde(default)]
    announcements: String,
    #[serde(default)]
    second_heart_ten: String,
    #[serde(default)]
    schweinchen: String,
    #[serde(default)]
    karlchen: String,
    /// A checkbox: present ("on") when ticked.
    #[serde(default)]
    armut: Option<String>,
    #[serde(default)]
    five_nines: Option<String>,
    #[serde(default)]
    five_kings: Option<String>,
    #[serde(default)]
    bock_rounds: Option<String>,
    #[serde(default)]
    without_nines: Option<String>,
    #[serde(default)]
    solos_on_top: Option<String>,
    #[serde(default)]
    queens_need_121: Option<String>,
    #[serde(default)]
    schwarz_by_card_points: Option<String>,
    #[serde(default)]
    without_pflichtsolo: Option<String>,
    #[serde(default)]
    failed_absage_all_levels: Option<String>,
    #[serde(default)]
    info_call_deadlines: Option<String>,
    #[serde(default)]
    forced_announcement: Option<String>,
    #[serde(default)]
    schweinchen_forces_call: Option<String>,
    #[serde(default)]
    half_a_chicken: Option<String>,
    #[serde(default)]
    armut_three_cards: Option<String>,
    #[serde(default)]
    wedding_names_trick: Option<String>,
    #[serde(default)]
    super_schweinchen: Option<String>,
    #[serde(default)]
    forced_announcement_raises: Option<String>,
    #[serde(default)]
    first_fox_piglet: Option<String>,
    #[serde(default)]
    fox_last_trick_two: Option<String>,
    #[serde(default)]
    heart_ten_point: Option<String>,
    #[serde(default)]
    armut_alten_by_queens: Option<String>,
    #[serde(default)]
    solo_multiplier: String,
    #[serde(default)]
    golden_coins: String,
    /// Doublehead Kids' checkboxes.
    #[serde(default)]
    kids_advanced: Option<String>,
    #[serde(default)]
    kids_play_on: Option<String>,
}

fn ticked(on: bool) -> Option<String> {
    on.then(|| "on".to_owned())
}

impl GameFields {
    /// The fields showing `game`; the switches of a game that has none show the TSR's.
    pub fn of(game: Game) -> GameFields {
        let rules = RulesBody::from(game.ruleset().unwrap_or_default());
        GameFields {
            ruleset: ruleset_name(game).to_owned(),
            announcements: name(&rules.announcements),
            second_heart_ten: name(&rules.second_heart_ten),
            schweinchen: name(&rules.schweinchen),
            karlchen: name(&rules.karlchen),
            armut: ticked(rules.armut),
            five_nines: ticked(rules.five_nines),
            five_kings: ticked(rules.five_kings),
            bock_rounds: ticked(rules.bock_rounds),
            without_nines: ticked(rules.without_nines),
            solos_on_top: ticked(rules.solos_on_top),
            queens_need_121: ticked(rules.queens_need_121),
            schwarz_by_card_points: ticked(rules.schwarz_by_card_points),
            without_pflichtsolo: ticked(rules.without_pflichtsolo),
            failed_absage_all_levels: ticked(rules.failed_absage_all_levels),
            info_call_deadlines: ticked(rules.info_call_deadlines),
            forced_announcement: ticked(rules.forced_announcement),
            schweinchen_forces_call: ticked(rules.schweinchen_forces_call),
            half_a_chicken: ticked(rules.half_a_chicken),
            armut_three_cards: ticked(rules.armut_three_cards),
            wedding_names_trick: ticked(rules.wedding_names_trick),
            super_schweinchen: ticked(rules.super_schweinchen),
            forced_announcement_raises: ticked(rules.forced_announcement_raises),
            first_fox_piglet: ticked(rules.first_fox_piglet),
            fox_last_trick_two: ticked(rules.fox_last_trick_two),
            heart_ten_point: ticked(rules.heart_ten_point),
            armut_alten_by_queens: ticked(rules.armut_alten_by_queens),
            solo_multiplier: rules.solo_multiplier.to_string(),
            golden_coins: match game {
                Game::DoubleheadKids(kids) => kids.golden_coins.to_string(),
                _ => domain::game::kids::BASIC_TARGET.to_string(),
            },
            kids_advanced: ticked(matches!(game, Game::DoubleheadKids(kids) if kids.advanced)),
            kids_play_on: ticked(matches!(game, Game::DoubleheadKids(kids) if kids.play_on)),
        }
    }

    /// The API's `ruleset` and `game` from the form; a field that does not parse is a 422
    /// naming it. A name other than the four is left to the service to refuse.
    pub fn body(&self) -> Result<(String, Option<GameBody>), ApiError> {
        // A client that sends no game plays by the TSR, as the API's default.
        let ruleset = match self.ruleset.trim() {
            "" => "ddv".to_owned(),
            name => name.to_owned(),
        };
        let game = match ruleset.as_str() {
            "house" => {
                let rules = (|| -> Result<RulesBody, FieldError> {
                    Ok(RulesBody {
                        announcements: word("announcements", &self.announcements)?,
                        second_heart_ten: word("second_heart_ten", &self.second_heart_ten)?,
                        schweinchen: word("schweinchen", &self.schweinchen)?,
                        karlchen: word("karlchen", &self.karlchen)?,
                        armut: self.armut.is_some(),
                        five_nines: self.five_nines.is_some(),
                        five_kings: self.five_kings.is_some(),
                        bock_rounds: self.bock_rounds.is_some(),
                        without_nines: self.without_nines.is_some(),
                        solos_on_top: self.solos_on_top.is_some(),
                        queens_need_121: self.queens_need_121.is_some(),
                        schwarz_by_card_points: self.schwarz_by_card_points.is_some(),
                        without_pflichtsolo: self.without_pflichtsolo.is_some(),
                        failed_absage_all_levels: self.failed_absage_all_levels.is_some(),
                        info_call_deadlines: self.info_call_deadlines.is_some(),
                        forced_announcement: self.forced_announcement.is_some(),
                        schweinchen_forces_call: self.schweinchen_forces_call.is_some(),
                        half_a_chicken: self.half_a_chicken.is_some(),
                        armut_three_cards: self.armut_three_cards.is_some(),
                        wedding_names_trick: self.wedding_names_trick.is_some(),
                        super_schweinchen: self.super_schweinchen.is_some(),
                        forced_announcement_raises: self.forced_announcement_raises.is_some(),
                        first_fox_piglet: self.first_fox_piglet.is_some(),
                        fox_last_trick_two: self.fox_last_trick_two.is_some(),
                        heart_ten_point: self.heart_ten_point.is_some(),
                        armut_alten_by_queens: self.armut_alten_by_queens.is_some(),
                        solo_multiplier: small_number(
                            "game.rules.solo_multiplier",
                            &self.solo_multiplier,
                        )?,
                    })
                })()
                .map_err(|e| {
                    ApiError::unprocessable(
                        "invalid_body",
                        "the form has fields that do not parse",
                        vec![e],
                    )
                })?;
                Some(GameBody::Doppelkopf { rules })
            }
            "doublehead_kids" => Some(GameBody::DoubleheadKids {
                golden_coins: Some(
                    small_number("game.golden_coins", &self.golden_coins).map_err(|e| {
                        ApiError::unprocessable(
                            "invalid_body",
                            "the form has fields that do not parse",
                            vec![e],
                        )
                    })?,
                ),
                advanced: self.kids_advanced.is_some(),
                play_on: self.kids_play_on.is_some(),
            }),
            _ => None,
        };
        Ok((ruleset, game))
    }

    /// What the form chooses, as one comparable text: a settings form sends the game only
    /// when this differs from what it showed.
    pub fn key(&self) -> String {
        match self.body() {
            Ok((ruleset, game)) => serde_json::to_string(&(ruleset, game)).unwrap_or_default(),
            Err(_) => String::from("invalid"),
        }
    }
}

/// A select's value as the wire enum it names.
fn word<T: serde::de::DeserializeOwned>(field: &str, value: &str) -> Result<T, FieldError> {
    serde_json::from_value(serde_json::Value::String(value.trim().to_owned())).map_err(|_| {
        FieldError::new(
            format!("game.rules.{field}"),
            "invalid_value",
            "not one of the choices",
        )
    })
}

fn small_number(field: &str, value: &str) -> Result<u8, FieldError> {
    value
        .trim()
        .parse()
        .map_err(|_| FieldError::new(field, "invalid_value", "a whole number"))
}

/// The lists the form's selects offer, labelled in the page's language.
#[derive(Debug, Serialize)]
pub(super) struct GameChoices {
    rulesets: Vec<Choice>,
    announcements: Vec<Choice>,
    second_heart_ten: Vec<Choice>,
    schweinchen: Vec<Choice>,
    karlchen: Vec<Choice>,
}

impl GameChoices {
    /// The choices, labelled from the desk's texts (`desk_game_<switch>_<value>`).
    pub fn new(lang: Lang, rulesets: &[&'static str]) -> GameChoices {
        let list = |group: &str, values: &[&'static str]| {
            values
                .iter()
                .map(|&value| Choice {
                    value,
                    label: lang.text(&format!("desk_game_{group}_{value}")),
                })
                .collect()
        };
        GameChoices {
            rulesets: list("ruleset", rulesets),
            announcements: list("announcements", &["adding", "doubling"]),
            second_heart_ten: list(
                "second_heart_ten",
                &SecondHeartTen::ALL.map(SecondHeartTen::as_str),
            ),
            schweinchen: list("schweinchen", &["off", "announced", "when_played"]),
            karlchen: list("karlchen", &KarlchenRule::ALL.map(KarlchenRule::as_str)),
        }
    }
}

/// A wire enum's name, read back through serde (its one spelling).
fn name<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(name)) => name,
        _ => String::new(),
    }
}
