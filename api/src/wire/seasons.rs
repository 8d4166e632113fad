//! Seasons on the wire: a season's ranking rules, the season with its evenings, its
//! standings, and the register of people the standings rank.

use domain::season::{Missed, Scoring, SeasonRules, SeasonRulesError, SeasonTieBreak};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;

/// How a season ranks, as a club chooses it. Every field may be left out: the default is
/// the sum of the evenings' points over every evening, everyone ranked, no tie-break.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeasonRulesBody {
    /// What an evening is worth: `points` (the tournament points), `placement` (points for
    /// the place from `placement_points`) or `per_round` (the season's score is its points
    /// divided by the rounds played, exact, shown with two decimals).
    #[serde(default = "points")]
    #[schema(example = "placement")]
    pub scoring: String,
    /// `placement`: the points for place 1, 2, 3, …; a shared place gets its place's entry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schema(example = json!([25, 20, 16, 13, 11, 10, 9, 8, 7, 6]))]
    pub placement_points: Vec<i64>,
    /// `placement`: the points for a place beyond the table (taking part).
    #[serde(default)]
    pub placement_otherwise: i64,
    /// Count only the best N evenings (best N of M); none: all.
    #[serde(default)]
    #[schema(example = 8)]
    pub best_of: Option<u32>,
    /// Fewer evenings played than this: listed below the ranked, without a place.
    #[serde(default)]
    #[schema(example = 3)]
    pub min_evenings: u32,
    /// What an evening a person missed scores, competing for the best N like a result;
    /// none: a missed evening is no result at all. Not with `per_round`.
    #[serde(default)]
    pub missed_scores: Option<i64>,
    /// Applied in order at equal scores: `more_evenings`, `better_places` (the places,
    /// best first, compared one by one), `later_evenings` (from the latest evening back, the
    /// first that differs: played beats missed, the better place wins), `more_points` (the
    /// tournament points of every evening played). Still equal: the place is shared.
    #[serde(default)]
    #[schema(example = json!(["more_evenings", "better_places"]))]
    pub tie_breaks: Vec<String>,
}

fn points() -> String {
    "points".to_owned()
}

impl Default for SeasonRulesBody {
    fn default() -> SeasonRulesBody {
        SeasonRulesBody::from(&SeasonRules::sum_of_points())
    }
}

impl From<&SeasonRules> for SeasonRulesBody {
    fn from(rules: &SeasonRules) -> SeasonRulesBody {
        let (scoring, placement_points, placement_otherwise) = match &rules.scoring {
            Scoring::Points => ("points", Vec::new(), 0),
            Scoring::Placement { table, otherwise } => ("placement", table.clone(), *otherwise),
            Scoring::PerRound => ("per_round", Vec::new(), 0),
        };
        SeasonRulesBody {
            scoring: scoring.to_owned(),
            placement_points,
            placement_otherwise,
            best_of: rules.best_of,
            min_evenings: rules.min_evenings,
            missed_scores: match rules.missed {
                Missed::Ignored => None,
                Missed::Scores(value) => Some(value),
            },
            tie_breaks: rules
                .tie_breaks
                .iter()
                .map(|t| t.name().to_owned())
                .collect(),
        }
    }
}

impl SeasonRulesBody {
    /// The rules as the domain holds them, checked: 422 `invalid_rules` naming the field
    /// (`rules.scoring`, `rules.tie_breaks`, …) otherwise.
    pub fn rules(&self) -> Result<SeasonRules, ApiError> {
        let bad = |field: &str, code: &str, message: String| {
            ApiError::field("invalid_rules", &format!("rules.{field}"), code, message)
        };
        if self.scoring != "placement" && !self.placement_points.is_empty() {
            return Err(bad(
                "placement_points",
                "not_in_scoring",
                "placement points belong to the scoring \"placement\"".to_owned(),
            ));
        }
        let scoring = match self.scoring.as_str() {
            "points" => Scoring::Points,
            "per_round" => Scoring::PerRound,
            "placement" => Scoring::Placement {
                table: self.placement_points.clone(),
                otherwise: self.placement_otherwise,
            },
            other => {
                return Err(bad(
                    "scoring",
                    "unknown",
                    format!("{other:?} is no scoring; one of points, placement, per_round"),
                ));
            }
        };
        let mut tie_breaks = Vec::new();
        for name in &self.tie_breaks {
            let Some(known) = SeasonTieBreak::named(name) else {
                let names: Vec<&str> = SeasonTieBreak::ALL.iter().map(|t| t.name()).collect();
                return Err(bad(
                    "tie_breaks",
                    "unknown",
                    format!("{name:?} is no tie-break; one of {}", names.join(", ")),
                ));
            };
            tie_breaks.push(known);
        }
        let rules = SeasonRules {
            scoring,
            best_of: self.best_of,
            min_evenings: self.min_evenings,
            missed: self.missed_scores.map_or(Missed::Ignored, Missed::Scores),
            tie_breaks,
        };
        rules.validate().map_err(|e: SeasonRulesError| {
            let field = match e.field() {
                "missed" => "missed_scores",
                "scoring" if matches!(rules.scoring, Scoring::Placement { .. }) => {
                    "placement_points"
                }
                other => other,
            };
            bad(field, e.code(), e.to_string())
        })?;
        Ok(rules)
    }
}

/// A season to create or change.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeasonRequest {
    /// Name, 1–200 characters.
    #[schema(example = "Jahreswertung 2026")]
    pub name: String,
    /// The ranking rules (the sum of points when left out).
    #[serde(default)]
    pub rules: SeasonRulesBody,
    /// Shown to the public (its published tournaments only).
    #[serde(default)]
    pub published: bool,
}

/// One evening of a season.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct EveningResponse {
    /// The tournament's id.
    pub tournament_id: i64,
    /// Its name.
    pub name: String,
    /// The day it was held (ISO 8601).
    pub date: String,
    /// Whether its standings are final.
    pub finished: bool,
}

/// A season.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeasonResponse {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// The ranking rules.
    pub rules: SeasonRulesBody,
    /// Shown to the public.
    pub published: bool,
    /// Its evenings in the order they were held (the public sees the published ones).
    pub evenings: Vec<EveningResponse>,
}

/// A tournament to add to a season.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AddTournamentRequest {
    /// The tournament (one the caller runs).
    pub tournament_id: i64,
}

/// How a tournament's player is one person of the register.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct LinkResponse {
    /// The player (of one tournament).
    pub player_id: i64,
    /// His tournament.
    pub tournament_id: i64,
    /// His name there.
    pub player_name: String,
    /// The person.
    pub person_id: i64,
    /// The person's name.
    pub person_name: String,
    /// `ddv_number` (the same DDV number), `name_club` (the same name and club: confirm
    /// or split it), `new` (a new person) or `organiser` (merged or confirmed by hand).
    pub matched_by: String,
    /// Whether the organiser stands behind it; a match by name and club is not until he
    /// confirms it.
    pub confirmed: bool,
}

/// A tournament added to a season: the season, and how its players were matched.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct AddedResponse {
    /// The season as it is now.
    pub season: SeasonResponse,
    /// Each player of the tournament and his person.
    pub links: Vec<LinkResponse>,
}

/// A person of the register with the players he was.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PersonResponse {
    /// Id.
    pub id: i64,
    /// Full name.
    pub name: String,
    /// Club.
    pub club: Option<String>,
    /// DDV number.
    pub ddv_number: Option<String>,
    /// His players in the tournaments of the organiser's seasons.
    pub links: Vec<LinkResponse>,
}

/// What a register import did.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RegisterImportResponse {
    /// People added.
    pub created: usize,
    /// Lines that named a person already in the register (by DDV number, or by name and
    /// club): left as they are.
    pub known: usize,
}

/// A person to merge into another.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequest {
    /// The person whose players become this person's; he is removed.
    pub person_id: i64,
}

/// One evening of a person in the season's standings.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeasonEvening {
    /// His place; none: he missed the evening.
    pub place: Option<u32>,
    /// His tournament points (0 when missed).
    pub points: i64,
    /// The rounds he played.
    pub rounds: u32,
    /// What the evening scores under the season's rules.
    pub value: i64,
    /// Whether it is one of his results: played, or missed and scored by the rules
    /// (`missed_scores`); `value` means nothing otherwise.
    pub result: bool,
    /// Whether it counts (best N of M).
    pub counted: bool,
}

/// A person's line in the season's standings.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeasonLineResponse {
    /// His place; none: fewer evenings than the season's minimum.
    pub place: Option<u32>,
    /// The person (negative: a player not yet in the register, by his player id).
    pub person_id: i64,
    /// His name as he wants to be shown.
    pub name: String,
    /// His club.
    pub club: Option<String>,
    /// His season score as shown ("312", or "18.67" per round).
    pub score: String,
    /// His score in hundredths, for sorting and charts.
    pub score_hundredths: i64,
    /// Evenings played.
    pub played: u32,
    /// Tournament points over every evening played.
    pub points: i64,
    /// One per evening of the season, in order.
    pub evenings: Vec<SeasonEvening>,
}

/// A season's standings, computed from its tournaments' standings as they stand.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeasonStandingsResponse {
    /// The season.
    pub season_id: i64,
    /// Its name.
    pub name: String,
    /// Its rules.
    pub rules: SeasonRulesBody,
    /// The evenings counted, in order.
    pub evenings: Vec<EveningResponse>,
    /// Ranked first, then those below the minimum of evenings.
    pub standings: Vec<SeasonLineResponse>,
}

/// The standings as CSV in `dialect`: place, name, club, score, evenings played, points,
/// then a column per evening with what it scores (empty where missed and no result; a
/// result the best N leave out is in brackets). The German dialect differs in separator,
/// decimal comma, headers and a leading BOM, as the tournament standings' CSV does.
pub fn season_csv(
    standings: &SeasonStandingsResponse,
    dialect: super::standings::CsvDialect,
) -> Result<Vec<u8>, ApiError> {
    let german = dialect == super::standings::CsvDialect::De;
    let mut out = Vec::new();
    if german {
        out.extend_from_slice(b"\xEF\xBB\xBF");
    }
    let mut writer = csv::WriterBuilder::new()
        .delimiter(if german { b';' } else { b',' })
        .from_writer(out);
    let mut header: Vec<String> = if german {
        ["Platz", "Name", "Verein", "Wertung", "Abende", "Punkte"]
    } else {
        ["place", "name", "club", "score", "evenings", "points"]
    }
    .map(String::from)
    .into();
    header.extend(
        standings
            .evenings
            .iter()
            .map(|e| format!("{} {}", e.date, e.name)),
    );
    let failed = |e: csv::Error| ApiError::Internal(anyhow::anyhow!("season csv: {e}"));
    writer.write_record(&header).map_err(failed)?;
    for line in &standings.standings {
        let score = if german {
            line.score.replace('.', ",")
        } else {
            line.score.clone()
        };
        let mut record = vec![
            line.place.map(|p| p.to_string()).unwrap_or_default(),
            // A name typed as "=…" must not run as a formula in the organiser's spreadsheet.
            super::standings::spreadsheet_text(&line.name),
            super::standings::spreadsheet_text(line.club.as_deref().unwrap_or_default()),
            score,
            line.played.to_string(),
            line.points.to_string(),
        ];
        record.extend(line.evenings.iter().map(|e| match (e.result, e.counted) {
            (false, _) => String::new(),
            (true, true) => e.value.to_string(),
            (true, false) => format!("({})", e.value),
        }));
        writer.write_record(&record).map_err(failed)?;
    }
    writer
        .into_inner()
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("season csv: {e}")))
}
