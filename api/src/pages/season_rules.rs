//! A season's ranking rules in words, as its public pages and its printed standings name
//! them: one line, in the page's language.

use super::i18n::Lang;
use crate::wire::seasons::SeasonRulesBody;

/// The rules in words: "Wertung: Platzierungspunkte 25, 20, 16, danach je 1 · es zählen
/// die besten 8 Abende · …".
pub(crate) fn rules_line(rules: &SeasonRulesBody, lang: Lang) -> String {
    let n = |key: &str, n: String| lang.text(key).replace("{n}", &n);
    let mut parts = vec![match rules.scoring.as_str() {
        "placement" => {
            let table: Vec<String> = rules.placement_points.iter().map(i64::to_string).collect();
            format!(
                "{} {}, {} {}",
                lang.text("season_rule_placement"),
                table.join(", "),
                lang.text("season_rule_placement_otherwise"),
                rules.placement_otherwise
            )
        }
        "per_round" => lang.text("season_rule_per_round"),
        _ => lang.text("season_rule_points"),
    }];
    if let Some(best) = rules.best_of {
        parts.push(n("season_rule_best_of", best.to_string()));
    }
    if rules.min_evenings > 1 {
        parts.push(n("season_rule_min", rules.min_evenings.to_string()));
    }
    if let Some(missed) = rules.missed_scores {
        parts.push(n("season_rule_missed", missed.to_string()));
    }
    if !rules.tie_breaks.is_empty() {
        let ties: Vec<String> = rules
            .tie_breaks
            .iter()
            .map(|t| lang.text(&format!("season_tie_{t}")))
            .collect();
        parts.push(format!(
            "{} {}",
            lang.text("season_rule_ties"),
            ties.join(", ")
        ));
    }
    format!("{} {}", lang.text("season_rules"), parts.join(" · "))
}
