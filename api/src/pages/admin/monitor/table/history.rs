//! The audit log's lines of a table, readable: a stored before or after as a few lines,
//! who did it, when.

use serde_json::Value;

use super::signed_score;
use crate::pages::captain::view;
use crate::pages::i18n::Lang;
use crate::wire::sheet::SheetResponse;

/// A stored before or after in a few readable lines: a deal as its contract, Re party and
/// entries; anything else as its plain fields.
pub(super) fn readable(lang: Lang, sheet: &SheetResponse, value: Option<&Value>) -> Vec<String> {
    let Some(value) = value else {
        return Vec::new();
    };
    let Value::Object(map) = value else {
        return vec![value.to_string()];
    };
    if map.get("kind").and_then(Value::as_str) == Some("thrown_in") {
        // Nobody played: no contract or Re party to show.
        return vec![format!(
            "{} {}: {}",
            lang.text("captain_deal"),
            map.get("number").and_then(Value::as_u64).unwrap_or(0),
            lang.text("captain_kind_thrown_in")
        )];
    }
    if let (Some(contract), Some(Value::Array(scores))) = (map.get("contract"), map.get("scores")) {
        let contract = lang.text_or(
            &format!("captain_contract_{}", contract.as_str().unwrap_or_default()),
            contract.as_str().unwrap_or_default(),
        );
        let re: Vec<String> = map
            .get("re")
            .and_then(Value::as_array)
            .map(|seats| {
                seats
                    .iter()
                    .filter_map(Value::as_u64)
                    .filter_map(|s| u8::try_from(s).ok())
                    .map(|s| view::named(sheet, s).name)
                    .collect()
            })
            .unwrap_or_default();
        let mut lines = vec![format!(
            "{} {}: {contract}, Re: {}",
            lang.text("captain_deal"),
            map.get("number").and_then(Value::as_u64).unwrap_or(0),
            re.join(" & ")
        )];
        lines.push(signed_score(sheet, scores));
        if let Some(Value::Array(penalties)) = map.get("penalties")
            && !penalties.is_empty()
        {
            lines.push(format!(
                "{}: {}",
                lang.text("desk_monitor_penalties"),
                penalties.len()
            ));
        }
        return lines;
    }
    map.iter()
        .filter(|(_, v)| !v.is_null() && !v.is_object())
        .map(|(k, v)| {
            let shown = match v {
                Value::String(s) => s.clone(),
                Value::Array(items) if k == "scores" => signed_score(sheet, items),
                other => other.to_string(),
            };
            format!(
                "{}: {shown}",
                lang.text_or(&format!("desk_monitor_field_{k}"), k)
            )
        })
        .collect()
}
