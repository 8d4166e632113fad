//! The entry form on the captain's phone and the API's deal body: a translation, not rules.
//!
//! The form asks what a captain reads off the table: the card points of the party he
//! counted (Re's or Kontra's, `points_of`), that party's tricks, each party's call and
//! extras. The API takes Re's points and tricks, so Kontra's count becomes
//! `240 − points` and `12 − tricks`. Everything else is the field's value under the API's
//! name. Whether the deal could have happened, and whether the sheet takes it, is for the
//! service to say when the body arrives.
//!
//! The values are kept as typed, so that a refused form is shown again as the captain left
//! it.

use serde::Serialize;

use crate::error::ApiError;
use crate::wire::deal::{DealBody, DealEntry, ThrownInEntry, ThrownInMark};
use crate::wire::score::{AnnouncementsBody, ContractName, ExtrasBody, ExtrasCounts, counts};
use domain::game::Ruleset;

/// The button of a deal thrown in (house rules, five nines).
const THROWN_IN: &str = "thrown_in";

/// All card points of a deal (the nines count none, so also without them).
const ALL_POINTS: u16 = 240;

/// The extras fields: the form's name, and which party and count it fills. The house
/// rules' (caught Karlchen, fox in the last trick, captured ♥10) are offered only where
/// the rules count them; a value typed for one elsewhere is sent, and the service answers
/// as it does to the API.
const EXTRAS: [(&str, Party, Count); 12] = [
    ("fox_re", Party::Re, Count::Fox),
    ("fox_kontra", Party::Kontra, Count::Fox),
    ("doppelkopf_re", Party::Re, Count::Doppelkopf),
    ("doppelkopf_kontra", Party::Kontra, Count::Doppelkopf),
    ("karlchen_re", Party::Re, Count::Karlchen),
    ("karlchen_kontra", Party::Kontra, Count::Karlchen),
    ("karlchen_caught_re", Party::Re, Count::KarlchenCaught),
    (
        "karlchen_caught_kontra",
        Party::Kontra,
        Count::KarlchenCaught,
    ),
    ("fox_last_trick_re", Party::Re, Count::FoxLastTrick),
    ("fox_last_trick_kontra", Party::Kontra, Count::FoxLastTrick),
    ("heart_ten_re", Party::Re, Count::HeartTen),
    ("heart_ten_kontra", Party::Kontra, Count::HeartTen),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Party {
    Re,
    Kontra,
}

#[derive(Debug, Clone, Copy)]
enum Count {
    Fox,
    Doppelkopf,
    Karlchen,
    KarlchenCaught,
    FoxLastTrick,
    HeartTen,
}

/// The entry form's fields as posted, as text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DealForm {
    /// The contract's wire name (`normal`, `solo_queens`, …).
    pub contract: String,
    /// The Re seats ticked, 0-based; what cannot be a seat is dropped and remembered in
    /// `re_unreadable`.
    pub re: Vec<u8>,
    /// A ticked Re value that is no seat.
    #[serde(skip)]
    pub re_unreadable: bool,
    /// The card points of the party `points_of`.
    pub points: String,
    /// `re` or `kontra`: whose points and tricks were counted.
    pub points_of: String,
    /// That party's tricks.
    pub tricks: String,
    /// Re's highest call (`none`, `re`, `no90` … `schwarz`).
    pub call_re: String,
    /// Kontra's highest call (`none`, `kontra`, `no90` … `schwarz`).
    pub call_kontra: String,
    /// The extras, by the form's field name (`fox_re`, …), as typed.
    pub extras: std::collections::BTreeMap<String, String>,
    /// Under Armut where the rules read "gegen die Alten" by the queens: who held both ♣Q
    /// (`re`, `kontra`, `split`), as chosen.
    pub club_queens: String,
    /// The deal's number, as the form was rendered for it.
    pub number: String,
    /// The key that makes a form posted twice enter once.
    pub idempotency_key: String,
    /// A correction's deal version (`If-Match`).
    pub version: String,
    /// `preview`, `save` or `thrown_in`.
    pub action: String,
}

impl DealForm {
    /// An empty form for deal `number` with a fresh `key`.
    pub fn empty(number: Option<u16>, key: String) -> DealForm {
        DealForm {
            points_of: "re".to_owned(),
            call_re: "none".to_owned(),
            call_kontra: "none".to_owned(),
            number: number.map(|n| n.to_string()).unwrap_or_default(),
            idempotency_key: key,
            ..DealForm::default()
        }
    }

    /// The form from the posted `name=value` pairs (a field sent twice: the last counts,
    /// except `re`, which collects every ticked seat).
    pub fn from_pairs(pairs: &[(String, String)]) -> DealForm {
        let mut form = DealForm::empty(None, String::new());
        for (name, value) in pairs {
            let value = value.trim().to_owned();
            match name.as_str() {
                "contract" => form.contract = value,
                "re" => form.re_unreadable |= !tick(&mut form.re, &value),
                "points" => form.points = value,
                "points_of" => form.points_of = value,
                "tricks" => form.tricks = value,
                "call_re" => form.call_re = value,
                "call_kontra" => form.call_kontra = value,
                "club_queens" => form.club_queens = value,
                "number" => form.number = value,
                "idempotency_key" => form.idempotency_key = value,
                "version" => form.version = value,
                "action" => form.action = value,
                other if EXTRAS.iter().any(|(field, _, _)| *field == other) => {
                    form.extras.insert(other.to_owned(), value);
                }
                // Unknown fields (a button's name, a script's extra) change nothing.
                _ => {}
            }
        }
        form.re.sort_unstable();
        form
    }

    /// The form of a deal as the sheet holds it, for correcting it: Re's points and tricks,
    /// as entered.
    pub fn from_entry(entry: &DealEntry, key: String) -> DealForm {
        let mut form = DealForm::empty(entry.number, key);
        form.contract = wire_name(&entry.contract);
        form.re = entry.re.clone();
        form.re.sort_unstable();
        form.points = entry.re_points.to_string();
        form.tricks = entry.re_tricks.map(|t| t.to_string()).unwrap_or_default();
        form.call_re = wire_name(&entry.announcements.re);
        form.call_kontra = wire_name(&entry.announcements.kontra);
        form.club_queens = entry.club_queens.map(|q| wire_name(&q)).unwrap_or_default();
        let extras = entry.extras.unwrap_or_default();
        for (field, party, count) in EXTRAS {
            let counts = match party {
                Party::Re => extras.re,
                Party::Kontra => extras.kontra,
            };
            let n = match count {
                Count::Fox => counts.fox,
                Count::Doppelkopf => counts.doppelkopf,
                Count::Karlchen => counts.karlchen,
                Count::KarlchenCaught => counts.karlchen_caught,
                Count::FoxLastTrick => counts.fox_last_trick,
                Count::HeartTen => counts.heart_ten,
            };
            if n > 0 {
                form.extras.insert(field.to_owned(), n.to_string());
            }
        }
        form
    }

    /// The deal's number as posted, if any.
    fn deal_number(&self) -> Result<Option<u16>, ApiError> {
        if self.number.is_empty() {
            return Ok(None);
        }
        self.number
            .parse::<u16>()
            .map(Some)
            .map_err(|_| invalid("number", "invalid_value", "a deal's number"))
    }

    /// Whether the captain asked for the preview (else: save).
    pub fn is_preview(&self) -> bool {
        self.action == "preview"
    }

    /// Whether the script asks to compare an overtaken entry with the deal stored under
    /// its number (`action=compare`).
    pub fn is_compare(&self) -> bool {
        self.action == "compare"
    }

    /// The deal number the form was rendered for, if it names one.
    pub fn asked_number(&self) -> Option<u16> {
        self.number.parse().ok()
    }

    /// The form moved on to deal `next` (or to none: the sheet's next, as the service
    /// sees it), its key kept: nothing was stored under it.
    pub fn renumbered(mut self, next: Option<u16>) -> DealForm {
        self.number = next.map(|n| n.to_string()).unwrap_or_default();
        self
    }

    /// The other party's card points as the form derives them (shown beside the field),
    /// when the points typed are a number the deal can have.
    pub fn points_other(&self) -> Option<u16> {
        self.points
            .parse::<u16>()
            .ok()
            .and_then(|p| ALL_POINTS.checked_sub(p))
    }

    /// The other party's tricks, likewise, of `rules`' tricks in a deal.
    pub fn tricks_other(&self, rules: &Ruleset) -> Option<u16> {
        self.tricks
            .parse::<u16>()
            .ok()
            .and_then(|t| u16::from(rules.tricks()).checked_sub(t))
    }

    /// The API's body for this form, at a table playing by `rules` (its tricks in a deal
    /// turn Kontra's count into Re's). A field that is missing or not a value of its kind
    /// is a 422 naming the form's field; whether the deal can have happened is the
    /// service's.
    pub fn to_body(&self, rules: &Ruleset) -> Result<DealBody, ApiError> {
        let deal_number = self.deal_number()?;
        if self.action == THROWN_IN {
            // Nothing else of the form counts: nobody played.
            return Ok(DealBody::ThrownIn(ThrownInEntry {
                entry: ThrownInMark::ThrownIn,
                number: deal_number,
                reason: None,
            }));
        }
        let all_tricks = u16::from(rules.tricks());
        let contract: ContractName = enum_value("contract", &self.contract)?
            .ok_or_else(|| invalid("contract", "required", "required"))?;
        if self.re_unreadable {
            return Err(invalid("re", "invalid_value", "a seat is a number"));
        }
        let kontra_counted = match self.points_of.as_str() {
            "" | "re" => false,
            "kontra" => true,
            _ => return Err(invalid("points_of", "invalid_value", "re or kontra")),
        };
        let points = number("points", &self.points, ALL_POINTS)?;
        // Left empty: not counted, which the service takes where the tricks cannot change
        // the score and refuses, naming the field, where they can.
        let tricks = if self.tricks.is_empty() {
            None
        } else {
            Some(number("tricks", &self.tricks, all_tricks)?)
        };
        let (re_points, re_tricks) = if kontra_counted {
            (ALL_POINTS - points, tricks.map(|t| all_tricks - t))
        } else {
            (points, tricks)
        };
        let announcements = AnnouncementsBody {
            re: enum_value("call_re", &self.call_re)?.unwrap_or_default(),
            kontra: enum_value("call_kontra", &self.call_kontra)?.unwrap_or_default(),
        };
        let mut extras = ExtrasBody::default();
        for (field, party, count) in EXTRAS {
            let typed = self.extras.get(field).map_or("", String::as_str);
            let n = if typed.is_empty() {
                0
            } else {
                typed
                    .parse::<u8>()
                    .map_err(|_| invalid(field, "invalid_value", "a count from 0"))?
            };
            let counts: &mut ExtrasCounts = match party {
                Party::Re => &mut extras.re,
                Party::Kontra => &mut extras.kontra,
            };
            match count {
                Count::Fox => counts.fox = n,
                Count::Doppelkopf => counts.doppelkopf = n,
                Count::Karlchen => counts.karlchen = n,
                Count::KarlchenCaught => counts.karlchen_caught = n,
                Count::FoxLastTrick => counts.fox_last_trick = n,
                Count::HeartTen => counts.heart_ten = n,
            }
        }
        // Asked only of an Armut where the rules read by the queens: a choice left over
        // from another contract is not sent; one missing where it is asked, the service
        // names.
        let club_queens = if domain::deal::Contract::from(contract).asks_club_queens(rules) {
            enum_value("club_queens", &self.club_queens)?
        } else {
            None
        };
        Ok(DealBody::Full(DealEntry {
            number: deal_number,
            reason: None,
            club_queens,
            contract,
            re: self.re.clone(),
            re_points,
            re_tricks,
            announcements,
            // No extras at all is what the API's own clients send: the field left out.
            extras: (!no_extras(&extras)).then_some(extras),
        }))
    }
}

fn no_extras(extras: &ExtrasBody) -> bool {
    [extras.re, extras.kontra]
        .iter()
        .all(|&c| counts(c).is_empty())
}

pub(in crate::pages) fn invalid(field: &str, code: &str, message: &str) -> ApiError {
    ApiError::unprocessable(
        "invalid_body",
        format!("{field}: {message}"),
        vec![crate::error::FieldError::new(field, code, message)],
    )
}

/// A whole number from 0 to `max`.
pub(in crate::pages) fn number(field: &str, typed: &str, max: u16) -> Result<u16, ApiError> {
    if typed.is_empty() {
        return Err(invalid(field, "required", "required"));
    }
    let value: u16 = crate::pages::whole_number(field, typed)?;
    if value > max {
        return Err(invalid(field, "out_of_range", "too large"));
    }
    Ok(value)
}

/// One of an enumeration's wire names, or `None` for an empty field.
pub(in crate::pages) fn enum_value<T: serde::de::DeserializeOwned>(
    field: &str,
    typed: &str,
) -> Result<Option<T>, ApiError> {
    if typed.is_empty() {
        return Ok(None);
    }
    serde_json::from_value(serde_json::Value::String(typed.to_owned()))
        .map(Some)
        .map_err(|_| invalid(field, "invalid_value", "not one of the choices"))
}

/// Adds the seat a ticked Re box posted (once, however often it came); `false` for a
/// value that is no seat.
pub(in crate::pages) fn tick(re: &mut Vec<u8>, value: &str) -> bool {
    match value.parse::<u8>() {
        Ok(seat) => {
            if !re.contains(&seat) {
                re.push(seat);
            }
            true
        }
        Err(_) => false,
    }
}

/// Whether `name` is one of the form's extras fields.
pub fn is_extra_field(name: &str) -> bool {
    EXTRAS.iter().any(|(field, _, _)| *field == name)
}

/// The form field an API problem's field names (`re_points` is the form's `points`), if
/// the form has one.
pub fn form_field(api_field: &str) -> Option<&'static str> {
    Some(match api_field {
        "contract" => "contract",
        "re" | "sitting_out" => "re",
        "re_points" | "points" => "points",
        "re_tricks" | "tricks" => "tricks",
        "points_of" => "points_of",
        "announcements.re" | "call_re" => "call_re",
        "announcements.kontra" | "call_kontra" => "call_kontra",
        "extras.re.fox" | "fox_re" => "fox_re",
        "extras.kontra.fox" | "fox_kontra" => "fox_kontra",
        "extras.re.doppelkopf" | "doppelkopf_re" => "doppelkopf_re",
        "extras.kontra.doppelkopf" | "doppelkopf_kontra" => "doppelkopf_kontra",
        "extras.re.karlchen" | "karlchen_re" => "karlchen_re",
        "extras.kontra.karlchen" | "karlchen_kontra" => "karlchen_kontra",
        "extras.re.karlchen_caught" | "karlchen_caught_re" => "karlchen_caught_re",
        "extras.kontra.karlchen_caught" | "karlchen_caught_kontra" => "karlchen_caught_kontra",
        "extras.re.fox_last_trick" | "fox_last_trick_re" => "fox_last_trick_re",
        "extras.kontra.fox_last_trick" | "fox_last_trick_kontra" => "fox_last_trick_kontra",
        "extras.re.heart_ten" | "heart_ten_re" => "heart_ten_re",
        "extras.kontra.heart_ten" | "heart_ten_kontra" => "heart_ten_kontra",
        "club_queens" => "club_queens",
        "number" => "number",
        // A family game's form (`family.rs`).
        "teams" | "teams.seats" | "team" => "team",
        "prince_princess_coins" | "without_coins" | "coins" => "coins",
        "captured" => "captured",
        "announcer" => "announcer",
        "extras" => "extras",
        _ => return None,
    })
}

/// The wire name of an enumeration value (`solo_queens`).
pub fn wire_name<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(name)) => name,
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    fn json(body: &DealBody) -> serde_json::Value {
        serde_json::to_value(body).expect("serialises")
    }

    #[test]
    fn re_counted_points_go_through_as_they_are() {
        let form = DealForm::from_pairs(&pairs(&[
            ("contract", "normal"),
            ("re", "2"),
            ("re", "0"),
            ("points", "145"),
            ("points_of", "re"),
            ("tricks", "8"),
            ("call_re", "no90"),
            ("call_kontra", "none"),
            ("fox_re", "1"),
            ("doppelkopf_re", "1"),
            ("fox_kontra", ""),
            ("number", "3"),
            ("idempotency_key", "k1"),
            ("action", "save"),
        ]));
        assert!(!form.is_preview());
        assert_eq!(
            json(&form.to_body(&Ruleset::DDV).expect("a body")),
            serde_json::json!({
                "number": 3, "contract": "normal", "re": [0, 2], "re_points": 145,
                "re_tricks": 8, "announcements": {"re": "no90", "kontra": "none"},
                "extras": {"re": {"doppelkopf": 1, "fox": 1, "karlchen": 0},
                           "kontra": {"doppelkopf": 0, "fox": 0, "karlchen": 0}}
            })
        );
    }

    /// Tricks left empty are not counted, whichever party's points were typed: the body
    /// leaves them out, and the service decides whether the points allow that.
    #[test]
    fn tricks_left_empty_are_not_counted() {
        for of in ["re", "kontra"] {
            let form = DealForm::from_pairs(&pairs(&[
                ("contract", "normal"),
                ("re", "0"),
                ("re", "2"),
                ("points", "100"),
                ("points_of", of),
                ("tricks", ""),
            ]));
            let DealBody::Full(entry) = form.to_body(&Ruleset::DDV).expect("a body") else {
                panic!("a full entry");
            };
            let re_points = if of == "re" { 100 } else { 140 };
            assert_eq!((entry.re_points, entry.re_tricks), (re_points, None));
            assert!(json(&DealBody::Full(entry)).get("re_tricks").is_none());
        }
    }

    #[test]
    fn kontra_counted_points_and_tricks_become_res() {
        let form = DealForm::from_pairs(&pairs(&[
            ("contract", "solo_hearts"),
            ("re", "1"),
            ("points", "100"),
            ("points_of", "kontra"),
            ("tricks", "5"),
        ]));
        assert_eq!(form.points_other(), Some(140));
        assert_eq!(form.tricks_other(&Ruleset::DDV), Some(7));
        let DealBody::Full(entry) = form.to_body(&Ruleset::DDV).expect("a body") else {
            panic!("a full entry");
        };
        assert_eq!((entry.re_points, entry.re_tricks), (140, Some(7)));
        assert_eq!(
            entry.extras.map(|_| ()),
            None,
            "no extras: the field left out"
        );
        assert_eq!(entry.number, None);
        // All or nothing for Kontra is nothing or all for Re.
        let all = DealForm::from_pairs(&pairs(&[
            ("contract", "normal"),
            ("re", "0"),
            ("re", "1"),
            ("points", "240"),
            ("points_of", "kontra"),
            ("tricks", "12"),
        ]));
        let DealBody::Full(entry) = all.to_body(&Ruleset::DDV).expect("a body") else {
            panic!("a full entry");
        };
        assert_eq!((entry.re_points, entry.re_tricks), (0, Some(0)));
    }

    /// Without the nines a deal has ten tricks: Kontra's 3 are Re's 7, and 11 is refused
    /// (house rules). A caught Karlchen goes to the API as the party's extra and comes
    /// back into the form the same.
    #[test]
    fn the_rules_decide_the_tricks_and_the_caught_karlchen() {
        let rules = Ruleset {
            without_nines: true,
            karlchen: domain::game::KarlchenRule::Caught,
            ..Ruleset::DDV
        };
        let list = [
            ("contract", "normal"),
            ("re", "0"),
            ("re", "3"),
            ("points", "95"),
            ("points_of", "kontra"),
            ("tricks", "3"),
            ("karlchen_caught_kontra", "1"),
        ];
        let form = DealForm::from_pairs(&pairs(&list));
        assert_eq!(form.tricks_other(&rules), Some(7));
        let body = form.to_body(&rules).expect("a body");
        let DealBody::Full(entry) = &body else {
            panic!("a full entry");
        };
        assert_eq!((entry.re_points, entry.re_tricks), (145, Some(7)));
        assert_eq!(
            json(&body)["extras"]["kontra"],
            serde_json::json!({"doppelkopf": 0, "fox": 0, "karlchen": 0, "karlchen_caught": 1})
        );
        let back = DealForm::from_entry(entry, "key".to_owned());
        assert_eq!(
            back.extras
                .get("karlchen_caught_kontra")
                .map(String::as_str),
            Some("1")
        );
        let eleven = DealForm::from_pairs(&pairs(&[list[0], list[3], ("tricks", "11")]));
        assert!(matches!(
            eleven.to_body(&rules),
            Err(ApiError::Unprocessable { errors, .. }) if errors[0].field == "tricks"
                && errors[0].code == "out_of_range"
        ));
    }

    #[test]
    fn a_deal_from_the_sheet_fills_the_form_and_comes_back_the_same() {
        let entries = [
            serde_json::json!({"number": 7, "contract": "wedding", "re": [3, 1], "re_points": 121,
                "re_tricks": 6, "announcements": {"re": "re", "kontra": "no60"},
                "extras": {"re": {"doppelkopf": 2, "fox": 0, "karlchen": 1},
                           "kontra": {"doppelkopf": 0, "fox": 2, "karlchen": 0}}}),
            serde_json::json!({"number": 1, "contract": "silent_wedding", "re": [2],
                "re_points": 0, "re_tricks": 0,
                "announcements": {"re": "none", "kontra": "schwarz"}}),
        ];
        for sent in entries {
            let entry: DealEntry = serde_json::from_value(sent.clone()).expect("an entry");
            let form = DealForm::from_entry(&entry, "key".to_owned());
            assert_eq!(form.points_of, "re");
            let mut expected = sent.clone();
            if let Some(re) = expected["re"].as_array_mut() {
                re.sort_by_key(|s| s.as_u64());
            }
            assert_eq!(
                json(&form.to_body(&Ruleset::DDV).expect("a body")),
                expected
            );
            // Posted back as the browser sends it.
            let mut posted = vec![
                ("contract".to_owned(), form.contract.clone()),
                ("points".to_owned(), form.points.clone()),
                ("points_of".to_owned(), form.points_of.clone()),
                ("tricks".to_owned(), form.tricks.clone()),
                ("call_re".to_owned(), form.call_re.clone()),
                ("call_kontra".to_owned(), form.call_kontra.clone()),
                ("number".to_owned(), form.number.clone()),
            ];
            posted.extend(form.re.iter().map(|s| ("re".to_owned(), s.to_string())));
            posted.extend(form.extras.iter().map(|(k, v)| (k.clone(), v.clone())));
            let again = DealForm::from_pairs(&posted);
            assert_eq!(
                json(&again.to_body(&Ruleset::DDV).expect("a body")),
                expected
            );
        }
    }

    #[test]
    fn a_missing_or_unreadable_field_is_named() {
        let field_of = |list: &[(&str, &str)]| match DealForm::from_pairs(&pairs(list))
            .to_body(&Ruleset::DDV)
        {
            Err(ApiError::Unprocessable { code, errors, .. }) => {
                assert_eq!(code, "invalid_body");
                (errors[0].field.clone(), errors[0].code.clone())
            }
            other => panic!("refused, not {other:?}"),
        };
        let base = [("contract", "normal"), ("points", "130"), ("tricks", "7")];
        assert_eq!(
            field_of(&base[1..]),
            ("contract".to_owned(), "required".to_owned())
        );
        assert_eq!(
            field_of(&[("contract", "grand"), base[1], base[2]]),
            ("contract".to_owned(), "invalid_value".to_owned())
        );
        assert_eq!(
            field_of(&[base[0], base[2]]),
            ("points".to_owned(), "required".to_owned())
        );
        assert_eq!(
            field_of(&[base[0], ("points", "241"), base[2]]),
            ("points".to_owned(), "out_of_range".to_owned())
        );
        assert_eq!(
            field_of(&[base[0], base[1], ("tricks", "-1")]),
            ("tricks".to_owned(), "invalid_value".to_owned())
        );
        assert_eq!(
            field_of(&[base[0], base[1], ("tricks", "13"), ("points_of", "kontra")]),
            ("tricks".to_owned(), "out_of_range".to_owned())
        );
        assert_eq!(
            field_of(&[base[0], base[1], base[2], ("call_re", "kontra")]),
            ("call_re".to_owned(), "invalid_value".to_owned())
        );
        assert_eq!(
            field_of(&[base[0], base[1], base[2], ("fox_re", "x")]),
            ("fox_re".to_owned(), "invalid_value".to_owned())
        );
        assert_eq!(
            field_of(&[base[0], base[1], base[2], ("re", "first")]),
            ("re".to_owned(), "invalid_value".to_owned())
        );
        assert_eq!(
            field_of(&[base[0], base[1], base[2], ("number", "x")]),
            ("number".to_owned(), "invalid_value".to_owned())
        );
    }

    #[test]
    fn api_fields_map_to_the_forms() {
        assert_eq!(form_field("re_points"), Some("points"));
        assert_eq!(
            form_field("extras.kontra.doppelkopf"),
            Some("doppelkopf_kontra")
        );
        assert_eq!(form_field("sitting_out"), Some("re"));
        // Doublehead Kids' fox and Karlchen grid; Doppelkopf's extras are named per count.
        assert_eq!(form_field("extras"), Some("extras"));
        assert_eq!(form_field("extras.re"), None);
    }
}
