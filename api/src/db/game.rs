//! The stored form of a tournament's game, kept in its `ruleset` column.
//!
//! Every tournament written before games existed holds `ddv` there, and a tournament played
//! by the TSR still does: the column reads as before for them. Any other game is a small
//! JSON document with an explicit format version (`StoredGame`); its field names and value
//! strings are frozen (a change is a new format with its own reader, never an edit here), so
//! the HTTP body can change without touching a stored row.

use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql, FromSqlRow};
use diesel::sql_types::Text;
use domain::game::kids::KidsRules;
use domain::game::{AnnouncementScoring, Game, KarlchenRule, Ruleset, Schweinchen, SecondHeartTen};
use serde::{Deserialize, Serialize};

/// What the column holds for the DDV's tournament rules.
pub const DDV: &str = "ddv";

/// The format every new document is written in.
const FORMAT: u32 = 1;

/// A game other than the TSR's Doppelkopf, format 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredGame {
    /// Always [`FORMAT`].
    format: u32,
    /// `doppelkopf`, `doublehead_kids` or `doppeldoppel`.
    kind: String,
    /// Doppelkopf's switches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rules: Option<StoredRules>,
    /// Doublehead Kids' target.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    golden_coins: Option<u8>,
    /// Doublehead Kids' advanced scoring; absent (as in every row stored before it) for
    /// the basic game.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    advanced: bool,
    /// Doublehead Kids: level players at the top play on; absent for sharing the win.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    play_on: bool,
}

/// Doppelkopf's switches by their stable names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredRules {
    announcements: String,
    second_heart_ten: String,
    schweinchen: String,
    karlchen: String,
    armut: bool,
    five_nines: bool,
    /// Absent in rows stored before the switch: no five kings.
    #[serde(default)]
    five_kings: bool,
    bock_rounds: bool,
    without_nines: bool,
    solos_on_top: bool,
    solo_multiplier: u8,
    /// Absent in rows stored before the switch: the TSR's reading.
    #[serde(default)]
    queens_need_121: bool,
    /// Absent in rows stored before the switch: the TSR's reading.
    #[serde(default)]
    schwarz_by_card_points: bool,
    /// Absent in rows stored before the switch: the TSR's Pflichtsolo.
    #[serde(default)]
    without_pflichtsolo: bool,
    /// Absent in rows stored before the switch: each beaten level counts.
    #[serde(default)]
    failed_absage_all_levels: bool,
    /// Absent in rows stored before the switch: off.
    #[serde(default)]
    info_call_deadlines: bool,
    /// Absent in rows stored before the switch: off.
    #[serde(default)]
    forced_announcement: bool,
    /// Absent in rows stored before the switch: off.
    #[serde(default)]
    schweinchen_forces_call: bool,
    /// Absent in rows stored before the switch: off.
    #[serde(default)]
    half_a_chicken: bool,
    /// Absent in rows stored before the switch: off.
    #[serde(default)]
    armut_three_cards: bool,
    /// Absent in rows stored before the switch: off.
    #[serde(default)]
    wedding_names_trick: bool,
    /// Absent in rows stored before the switch: off.
    #[serde(default)]
    super_schweinchen: bool,
    /// Absent in rows stored before the switch: off.
    #[serde(default)]
    forced_announcement_raises: bool,
    /// Absent in rows stored before the switch: off.
    #[serde(default)]
    first_fox_piglet: bool,
    /// Absent in rows stored before the switch: off.
    #[serde(default)]
    fox_last_trick_two: bool,
    /// Absent in rows stored before the switch: off.
    #[serde(default)]
    heart_ten_point: bool,
    /// Absent in rows stored before the switch: off.
    #[serde(default)]
    armut_alten_by_queens: bool,
}

/// The column's text for `game`.
pub fn encode(game: Game) -> String {
    if game == Game::DDV {
        return DDV.to_owned();
    }
    let stored = StoredGame {
        format: FORMAT,
        kind: game.kind().to_owned(),
        rules: game.ruleset().map(|r| StoredRules {
            announcements: r.announcements.as_str().to_owned(),
            second_heart_ten: r.second_heart_ten.as_str().to_owned(),
            schweinchen: r.schweinchen.as_str().to_owned(),
            karlchen: r.karlchen.as_str().to_owned(),
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
        }),
        golden_coins: match game {
            Game::DoubleheadKids(rules) => Some(rules.golden_coins),
            _ => None,
        },
        advanced: matches!(game, Game::DoubleheadKids(rules) if rules.advanced),
        play_on: matches!(game, Game::DoubleheadKids(rules) if rules.play_on),
    };
    // A struct of strings, numbers and booleans always serialises.
    serde_json::to_string(&stored).unwrap_or_else(|_| DDV.to_owned())
}

/// The game the column's text names. Only this module writes the column, so a text it
/// cannot read is a damaged row: an error, never a silent DDV.
pub fn decode(text: &str) -> anyhow::Result<Game> {
    if text == DDV {
        return Ok(Game::DDV);
    }
    let stored: StoredGame = serde_json::from_str(text)
        .map_err(|e| anyhow::anyhow!("a tournament's game is not readable ({e}): {text:?}"))?;
    anyhow::ensure!(
        stored.format == FORMAT,
        "a tournament's game has the unknown format {}",
        stored.format
    );
    let unknown = || anyhow::anyhow!("a tournament's game is not readable: {text:?}");
    match (stored.kind.as_str(), stored.rules, stored.golden_coins) {
        ("doppelkopf", Some(r), None) if !stored.advanced && !stored.play_on => {
            Ok(Game::Doppelkopf(Ruleset {
                announcements: AnnouncementScoring::from_name(&r.announcements)
                    .ok_or_else(unknown)?,
                second_heart_ten: SecondHeartTen::from_name(&r.second_heart_ten)
                    .ok_or_else(unknown)?,
                schweinchen: Schweinchen::from_name(&r.schweinchen).ok_or_else(unknown)?,
                karlchen: KarlchenRule::from_name(&r.karlchen).ok_or_else(unknown)?,
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
            }))
        }
        ("doublehead_kids", None, Some(golden_coins)) => Ok(Game::DoubleheadKids(KidsRules {
            golden_coins,
            advanced: stored.advanced,
            play_on: stored.play_on,
        })),
        // Only Doublehead Kids has the two switches: elsewhere they are a damaged row.
        ("doppeldoppel", None, None) if !stored.advanced && !stored.play_on => {
            Ok(Game::Doppeldoppel)
        }
        _ => Err(unknown()),
    }
}

/// The column's text as read, turned into a [`Game`] by the row's `deserialize_as`: a
/// row whose game cannot be read fails to load rather than playing by the wrong rules.
#[derive(Debug, FromSqlRow)]
pub struct GameText(String);

impl<DB: Backend> FromSql<Text, DB> for GameText
where
    String: FromSql<Text, DB>,
{
    fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Self> {
        String::from_sql(bytes).map(GameText)
    }
}

impl TryFrom<GameText> for Game {
    type Error = anyhow::Error;

    fn try_from(text: GameText) -> anyhow::Result<Game> {
        decode(&text.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tsr_is_stored_as_before() {
        assert_eq!(encode(Game::DDV), "ddv");
        assert_eq!(decode("ddv").unwrap(), Game::DDV);
    }

    #[test]
    fn every_game_reads_back_as_written() {
        let house = Ruleset {
            announcements: AnnouncementScoring::Doubling,
            second_heart_ten: SecondHeartTen::ExceptLastTrick,
            schweinchen: Schweinchen::WhenPlayed,
            karlchen: KarlchenRule::SecondBeatsFirst,
            armut: true,
            five_nines: true,
            five_kings: true,
            bock_rounds: true,
            without_nines: true,
            solos_on_top: true,
            solo_multiplier: 1,
            queens_need_121: true,
            schwarz_by_card_points: true,
            without_pflichtsolo: true,
            failed_absage_all_levels: true,
            info_call_deadlines: true,
            forced_announcement: true,
            schweinchen_forces_call: true,
            half_a_chicken: true,
            armut_three_cards: true,
            wedding_names_trick: true,
            super_schweinchen: true,
            forced_announcement_raises: true,
            first_fox_piglet: true,
            fox_last_trick_two: true,
            heart_ten_point: true,
            armut_alten_by_queens: true,
        };
        for game in [
            Game::Doppelkopf(house),
            Game::DoubleheadKids(KidsRules::basic(7)),
            Game::DoubleheadKids(KidsRules {
                golden_coins: 10,
                advanced: true,
                play_on: true,
            }),
            Game::Doppeldoppel,
        ] {
            let text = encode(game);
            assert!(text.starts_with("{\"format\":1,"), "{text}");
            assert_eq!(decode(&text).unwrap(), game);
        }
    }

    /// A tournament stored with the second ♥10's old name for "only in the last trick"
    /// reads as that value and is written back under its new name.
    #[test]
    fn the_old_name_of_only_last_trick_is_read() {
        let stored = encode(Game::Doppelkopf(Ruleset {
            second_heart_ten: SecondHeartTen::OnlyLastTrick,
            ..Ruleset::DDV
        }));
        assert!(stored.contains("\"only_last_trick\""), "{stored}");
        let old = stored.replace("\"only_last_trick\"", "\"last_trick\"");
        let Game::Doppelkopf(rules) = decode(&old).unwrap() else {
            panic!("Doppelkopf");
        };
        assert_eq!(rules.second_heart_ten, SecondHeartTen::OnlyLastTrick);
    }

    #[test]
    fn a_damaged_row_is_an_error() {
        for text in [
            "",
            "skat",
            r#"{"format":2,"kind":"doppeldoppel"}"#,
            r#"{"format":1,"kind":"doppeldoppel","golden_coins":5}"#,
            r#"{"format":1,"kind":"chess"}"#,
        ] {
            assert!(decode(text).is_err(), "{text}");
        }
    }
}
