//! What the captain's templates print, built from what the services answer: players by
//! seat, the entry form with only the choices the sheet takes, the preview, and a
//! refusal's message chosen by the problem's stable code in the page's language.

use serde::Serialize;

use super::form::{self, DealForm};
use crate::error::ApiError;
use crate::pages::i18n::Lang;
use crate::services::tables::{CaptainTable, DealChoices};
use crate::wire::clock::SeatPlayerView;
use crate::wire::deal_preview::DealPreviewResponse;
use crate::wire::sheet::{DealView, SheetDealView, SheetResponse};
use domain::game::Ruleset;

/// A player by seat: `seat` as the API counts (0-based), `position` as the table does.
#[derive(Debug, Clone, Serialize)]
pub struct Named {
    /// 0-based.
    pub seat: u8,
    /// 1-based, as printed.
    pub position: u8,
    /// The player's id.
    pub player_id: i64,
    /// The name the sheet shows.
    pub name: String,
}

impl From<&SeatPlayerView> for Named {
    fn from(p: &SeatPlayerView) -> Named {
        Named {
            seat: p.seat,
            position: p.seat.saturating_add(1),
            player_id: p.player_id,
            name: p.name.clone(),
        }
    }
}

/// The player at `seat` of `sheet`, or a stand-in naming the position.
pub fn named(sheet: &SheetResponse, seat: u8) -> Named {
    sheet.players.iter().find(|p| p.seat == seat).map_or_else(
        || Named {
            seat,
            position: seat.saturating_add(1),
            player_id: 0,
            name: format!("{}", seat.saturating_add(1)),
        },
        Named::from,
    )
}

/// Why the service refused, for the page: the message in the page's language and the
/// form field it is about.
#[derive(Debug, Clone, Serialize)]
pub struct Refusal {
    /// The problem's stable code.
    pub code: String,
    /// The form field at fault, if the form has it.
    pub field: Option<&'static str>,
    /// What to tell the captain.
    pub message: String,
}

/// The message for `e` in `lang`, chosen by the problem's stable code (and, for a deal
/// that cannot have happened, by the field's code: "points do not fit the tricks" says
/// more than "invalid").
pub fn refusal(lang: Lang, e: &ApiError) -> Refusal {
    let problem = e.problem();
    let first = problem.errors.first();
    let field = first.and_then(|f| form::form_field(&f.field));
    let texts = lang.texts();
    let mut keys = Vec::new();
    if let Some(f) = first {
        keys.push(format!("captain_error_{}_{}", problem.code, f.field));
        keys.push(format!("captain_error_{}", f.code));
    }
    keys.push(format!("captain_error_{}", problem.code));
    let text = keys
        .iter()
        .find_map(|k| texts.get(k))
        .cloned()
        .unwrap_or_else(|| lang.text("captain_error_other"));
    let generic = first.is_some_and(|f| {
        matches!(
            f.code.as_str(),
            "required" | "invalid_value" | "out_of_range"
        )
    });
    let message = match field {
        // A generic text ("please fill in") needs the field's name before it.
        Some(f) if generic => {
            format!("{}: {text}", lang.text(&format!("captain_field_{f}")))
        }
        // A field's text standing alone starts a sentence.
        _ => capitalised(&text),
    };
    if matches!(e, ApiError::Internal(_) | ApiError::Unavailable(_)) {
        tracing::error!(error = %e, "captain's write failed");
    }
    Refusal {
        code: problem.code,
        field,
        message,
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// A radio or checkbox of the form.
#[derive(Debug, Clone, Serialize)]
pub struct Choice {
    /// The value posted.
    pub value: String,
    /// The label.
    pub label: String,
    /// Whether it is ticked.
    pub checked: bool,
    /// Whether the sheet takes it (else disabled, with `note` saying why).
    pub allowed: bool,
    /// Players in the Re party of a contract (1 for a solo), for the script's Re picking.
    pub re_size: u8,
    /// Why it cannot be chosen, or what it means here.
    pub note: Option<String>,
    /// Whether a fresh form has it ticked (the script's cleared form ticks it again).
    pub default: bool,
}

/// A number field of the extras.
#[derive(Debug, Clone, Serialize)]
pub struct Count {
    /// The field's name (`fox_re`, …).
    pub name: &'static str,
    /// The label.
    pub label: String,
    /// As typed.
    pub value: String,
    /// The most it can be, as a hint to the phone's keyboard (the service checks).
    pub max: u8,
}

/// The entry form as the template prints it.
#[derive(Debug, Clone, Serialize)]
pub struct FormView {
    /// Where it posts.
    pub action: String,
    /// The deal being corrected, if this is a correction.
    pub correcting: Option<u16>,
    /// The deal's number as the sheet announces it.
    pub number: u16,
    /// The values as typed.
    pub values: DealForm,
    /// Every contract.
    pub contracts: Vec<Choice>,
    /// Every seat, for the Re party.
    pub seats: Vec<Choice>,
    /// When Vorführen applies: who must play his solo.
    pub forced: Option<Named>,
    /// At a 5-table: who sits out.
    pub sitting_out: Option<Named>,
    /// Who deals.
    pub dealer: Named,
    /// Re's calls.
    pub re_calls: Vec<Choice>,
    /// Kontra's calls.
    pub kontra_calls: Vec<Choice>,
    /// Re's extras.
    pub re_extras: Vec<Count>,
    /// Kontra's extras.
    pub kontra_extras: Vec<Count>,
    /// Who held both ♣Q under Armut, where the rules read "gegen die Alten" by them; empty
    /// elsewhere.
    pub club_queens: Vec<Choice>,
    /// The other party's points and tricks as typed so far (the script updates them).
    pub points_other: Option<u16>,
    /// The other party's tricks.
    pub tricks_other: Option<u16>,
    /// Tricks in a deal by the table's rules (12, or 10 without the nines).
    pub tricks_total: u8,
    /// The card points at which the tricks can change the score, space-separated (the
    /// form asks for them only then); empty when they never do (without the nines).
    pub tricks_at: String,
    /// Whether the form has the tricks field: where they can matter, or to show what was
    /// typed into it or why it was refused.
    pub ask_tricks: bool,
    /// Why the rules let a deal be thrown in, in words ("fünf Neunen, Armut nicht
    /// angenommen"): the form offers the button with them; `None` under the TSR.
    pub thrown_in: Option<String>,
    /// The field the last refusal was about.
    pub error_field: Option<&'static str>,
    /// Which of the form's folded parts show open.
    pub open: Unfolded,
    /// Whether the form offers the preview: every entry, and a correction on a page that
    /// previews it (the captain's).
    pub previewable: bool,
    /// The desk keying in a paper sheet: Save is the form's first button, so that Enter
    /// saves (on the phone Enter previews), and the chosen contract has the focus when the
    /// page opens, so that the keyboard alone goes from deal to deal.
    pub save_first: bool,
}

/// The parts of the entry form folded away while they hold nothing (a normal deal needs
/// none of them), shown open when they hold a choice, a count or the last refusal.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Unfolded {
    /// Weddings and solos: one is chosen, or Vorführen leaves only a solo.
    pub contracts: bool,
    /// The calls: one was made.
    pub calls: bool,
    /// The extras: one is counted.
    pub extras: bool,
}

impl Unfolded {
    fn of(values: &DealForm, forced: bool, error_field: Option<&str>) -> Unfolded {
        let made = |call: &str| !call.is_empty() && call != "none";
        let erred = |fields: &[&str]| error_field.is_some_and(|f| fields.contains(&f));
        Unfolded {
            contracts: forced
                || erred(&["contract"])
                || (!values.contract.is_empty() && values.contract != "normal"),
            calls: made(&values.call_re)
                || made(&values.call_kontra)
                || erred(&["call_re", "call_kontra"]),
            extras: values.extras.values().any(|v| !v.is_empty() && v != "0")
                || !values.club_queens.is_empty()
                || error_field.is_some_and(|f| form::is_extra_field(f) || f == "club_queens"),
        }
    }
}

const RE_CALLS: [&str; 6] = ["none", "re", "no90", "no60", "no30", "schwarz"];
const KONTRA_CALLS: [&str; 6] = ["none", "kontra", "no90", "no60", "no30", "schwarz"];

/// The reasons `rules` throw a deal in, in `lang`, or `None` when they throw nothing in.
fn throw_in_reasons(lang: Lang, rules: &Ruleset) -> Option<String> {
    let words: Vec<String> = rules
        .throw_ins()
        .map(|reason| lang.text(&format!("captain_thrown_in_{}", reason.as_str())))
        .collect();
    (!words.is_empty()).then(|| words.join(", "))
}

fn calls(lang: Lang, values: &[&str], chosen: &str) -> Vec<Choice> {
    values
        .iter()
        .map(|v| Choice {
            value: (*v).to_owned(),
            label: lang.text(&format!("captain_call_{v}")),
            checked: *v == chosen || (chosen.is_empty() && *v == "none"),
            allowed: true,
            re_size: 0,
            note: None,
            default: false,
        })
        .collect()
}

/// Who held both ♣Q after an Armut's exchange, the choices where `rules` ask (none chosen
/// until the captain chooses: a normal deal leaves it empty).
fn club_queens(lang: Lang, chosen: &str, rules: &Ruleset) -> Vec<Choice> {
    if !rules.armut_alten_by_queens {
        return Vec::new();
    }
    ["re", "kontra", "split"]
        .into_iter()
        .map(|v| Choice {
            value: v.to_owned(),
            label: lang.text(&format!("captain_club_queens_{v}")),
            checked: v == chosen,
            allowed: true,
            re_size: 0,
            note: None,
            default: false,
        })
        .collect()
}

/// The extras a party may be given: the DDV's, and each house rule's where the rules count
/// it (a caught Karlchen, foxes caught in the last trick, captured ♥10).
fn extras(lang: Lang, values: &DealForm, party: &str, rules: &Ruleset) -> Vec<Count> {
    // Each house count beside the TSR's count it belongs to: the foxes of the last trick
    // after the foxes, the caught Karlchen after Karlchen.
    [
        (true, ("fox", 2)),
        (rules.fox_last_trick_two, ("fox_last_trick", 2)),
        (rules.heart_ten_point, ("heart_ten", 2)),
        (true, ("doppelkopf", 12)),
        (true, ("karlchen", 1)),
        (rules.counts_caught_karlchen(), ("karlchen_caught", 1)),
    ]
    .into_iter()
    .filter_map(|(on, count)| on.then_some(count))
    .filter_map(|(kind, max)| {
        let name = form_field_name(kind, party)?;
        Some(Count {
            name,
            label: lang.text(&format!("captain_extra_{kind}")),
            value: values.extras.get(name).cloned().unwrap_or_default(),
            max,
        })
    })
    .collect()
}

fn form_field_name(kind: &str, party: &str) -> Option<&'static str> {
    form::form_field(&format!("{kind}_{party}"))
}

/// The entry form for the deal `choices` describes: every contract and seat, those the
/// sheet would refuse disabled with the reason.
pub fn form_view(
    lang: Lang,
    table: &CaptainTable,
    choices: &DealChoices,
    values: DealForm,
    correcting: Option<u16>,
    error_field: Option<&'static str>,
) -> FormView {
    let sheet = &table.sheet;
    let forced = choices.forced_soloist.map(|s| named(sheet, s));
    let open = Unfolded::of(&values, forced.is_some(), error_field);
    let tricks_at = domain::deal::points_where_tricks_matter(&table.rules);
    let ask_tricks =
        !tricks_at.is_empty() || !values.tricks.is_empty() || error_field == Some("tricks");
    let sitting_out = choices.sitting_out.map(|s| named(sheet, s));
    let contracts = choices
        .contracts
        .iter()
        .map(|c| {
            let value = form::wire_name(&c.contract);
            // A new deal starts as a normal game, the most common one, where the order of
            // play allows it (not while a solo is owed by Vorführen).
            let default = value == "normal" && c.allowed && correcting.is_none();
            Choice {
                label: lang.text(&format!("captain_contract_{value}")),
                checked: values.contract == value || (values.contract.is_empty() && default),
                default,
                allowed: c.allowed,
                re_size: c.re_size,
                note: (!c.allowed).then(|| lang.text("captain_contract_forced_note")),
                value,
            }
        })
        .collect();
    let seats = choices
        .seats
        .iter()
        .map(|&(seat, allowed)| {
            let player = named(sheet, seat);
            let note = if choices.sitting_out == Some(seat) {
                Some(lang.text("captain_seat_sits_out"))
            } else if choices.forced_soloist == Some(seat) {
                Some(lang.text("captain_seat_forced"))
            } else if !allowed {
                Some(lang.text("captain_seat_not_forced"))
            } else {
                None
            };
            Choice {
                value: seat.to_string(),
                label: format!("{} {}", player.position, player.name),
                checked: values.re.contains(&seat),
                allowed,
                re_size: 0,
                note,
                default: false,
            }
        })
        .collect();
    FormView {
        action: correcting.map_or_else(
            || "/table/deals".to_owned(),
            |n| format!("/table/deals/{n}"),
        ),
        correcting,
        number: choices.number,
        re_calls: calls(lang, &RE_CALLS, &values.call_re),
        kontra_calls: calls(lang, &KONTRA_CALLS, &values.call_kontra),
        re_extras: extras(lang, &values, "re", &table.rules),
        kontra_extras: extras(lang, &values, "kontra", &table.rules),
        club_queens: club_queens(lang, &values.club_queens, &table.rules),
        points_other: values.points_other(),
        tricks_other: values.tricks_other(&table.rules),
        tricks_total: table.rules.tricks(),
        ask_tricks,
        tricks_at: tricks_at
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        thrown_in: throw_in_reasons(lang, &table.rules),
        values,
        contracts,
        seats,
        forced,
        sitting_out,
        dealer: named(sheet, choices.dealer),
        error_field,
        open,
        previewable: correcting.is_none(),
        save_first: false,
    }
}

/// One seat's line of the preview.
#[derive(Debug, Clone, Serialize)]
pub struct SeatScore {
    /// The player.
    pub player: Named,
    /// His entry for the deal.
    pub score: i32,
    /// His total after it.
    pub total: i32,
}

/// One line of the scorer's breakdown.
#[derive(Debug, Clone, Serialize)]
pub struct Item {
    /// What the point is for.
    pub label: String,
    /// For whom.
    pub party: String,
    /// How many, signed as they count towards the game value: the winner's plus, the
    /// other side's minus (Re's plus when nobody won), so that the lines add up to it.
    pub points: String,
}

/// A plausibility hint.
#[derive(Debug, Clone, Serialize)]
pub struct HintLine {
    /// Its stable code.
    pub code: String,
    /// What to check.
    pub message: String,
}

/// The preview as the template prints it.
#[derive(Debug, Clone, Serialize)]
pub struct PreviewView {
    /// The deal's number.
    pub number: u16,
    /// Who deals.
    pub dealer: Named,
    /// The game played ("Damensolo", "Stille Hochzeit"); none for a deal thrown in.
    pub contract: Option<String>,
    /// Where the deal goes on the sheet (Pflichtsolo, vorgeführt, …); none for a plain deal.
    pub kind: Option<String>,
    /// The Re party.
    pub re: Vec<Named>,
    /// The game value.
    pub value: i32,
    /// Who won.
    pub winner: String,
    /// Each seat.
    pub scores: Vec<SeatScore>,
    /// The breakdown.
    pub items: Vec<Item>,
    /// Hints.
    pub hints: Vec<HintLine>,
}

/// The preview alone, as the script swaps it into the page: a deal's preview (`P`, the
/// game's own) or why the entry was refused.
#[derive(Debug, Serialize)]
pub struct PreviewFragment<P> {
    /// What saving would give.
    pub deal_preview: Option<P>,
    /// Why it would be refused.
    pub deal_preview_error: Option<Refusal>,
}

/// The preview of a Doppelkopf deal in `lang`, its players named from `sheet`; `None`
/// for a family game's deal, which this form does not enter.
pub fn preview_view(
    lang: Lang,
    sheet: &SheetResponse,
    preview: &DealPreviewResponse,
) -> Option<PreviewView> {
    let text_or = |key: String, fallback: &str| lang.text_or(&key, fallback);
    let (DealView::Doppelkopf(deal), Some(score)) = (&preview.deal, &preview.score) else {
        return None;
    };
    let thrown_in = deal.is_thrown_in();
    // The side whose points count plus.
    let plus = match form::wire_name(&score.winner).as_str() {
        "kontra" => "kontra",
        _ => "re",
    };
    Some(PreviewView {
        number: deal.number,
        dealer: named(sheet, deal.dealer),
        contract: (!thrown_in).then(|| {
            lang.text(&format!(
                "captain_contract_{}",
                form::wire_name(&deal.contract)
            ))
        }),
        kind: (deal.kind != "normal")
            .then(|| text_or(format!("captain_kind_{}", deal.kind), deal.kind)),
        re: deal.re.iter().map(|&seat| named(sheet, seat)).collect(),
        value: score.value,
        winner: lang.text(&format!(
            "captain_winner_{}",
            form::wire_name(&score.winner)
        )),
        scores: sheet
            .players
            .iter()
            .map(|p| SeatScore {
                player: Named::from(p),
                score: deal.scores.get(usize::from(p.seat)).copied().unwrap_or(0),
                total: preview
                    .totals_after
                    .get(usize::from(p.seat))
                    .copied()
                    .unwrap_or(0),
            })
            .collect(),
        items: score
            .items
            .iter()
            .map(|i| {
                let party = form::wire_name(&i.party);
                Item {
                    label: text_or(format!("captain_item_{}", i.code), i.code),
                    party: lang.text(&format!("captain_party_{party}")),
                    points: if party.as_str() == plus {
                        format!("+{}", i.points)
                    } else {
                        format!("-{}", i.points)
                    },
                }
            })
            .collect(),
        // The hint's words by its code; the service's English words if a new code has no
        // translation yet.
        hints: preview
            .hints
            .iter()
            .map(|h| HintLine {
                code: h.code.to_owned(),
                // Named by its party: both parties may miss their Absage in one deal.
                message: text_or(format!("captain_hint_{}", h.code), &h.message)
                    .replace("{party}", if h.party == "re" { "Re" } else { "Kontra" }),
            })
            .collect(),
    })
}

/// A deal in a few words: "Spiel 7 (Damensolo, Re: Anna): Anna +9, Bert −3, …".
pub fn deal_summary(lang: Lang, sheet: &SheetResponse, deal: &SheetDealView) -> String {
    if deal.is_thrown_in() {
        // Nobody played: no contract, no Re party, nothing scored.
        return format!(
            "{} {}: {}",
            lang.text("captain_deal"),
            deal.number,
            lang.text("captain_kind_thrown_in")
        );
    }
    let contract = lang.text(&format!(
        "captain_contract_{}",
        form::wire_name(&deal.contract)
    ));
    let re: Vec<String> = deal.re.iter().map(|&s| named(sheet, s).name).collect();
    let scores: Vec<String> = sheet
        .players
        .iter()
        .map(|p| {
            let score = deal.scores.get(usize::from(p.seat)).copied().unwrap_or(0);
            format!("{} {score:+}", p.name)
        })
        .collect();
    format!(
        "{} {} ({contract}, Re: {}): {}",
        lang.text("captain_deal"),
        deal.number,
        re.join(" & "),
        scores.join(", ")
    )
}

/// One player's entry on a [`DealCard`].
#[derive(Debug, Clone, Serialize)]
pub struct CardScore {
    /// The player.
    pub player: Named,
    /// His entry for the deal.
    pub score: i32,
}

/// A deal in brief: what was played, by whom, and each player's entry. An entry that
/// another phone overtook is shown as one beside the stored deal as another.
#[derive(Debug, Clone, Serialize)]
pub struct DealCard {
    /// The game ("Damensolo (Pflichtsolo)", "eingeworfen").
    pub game: String,
    /// The Re party; none for a deal thrown in.
    pub re: Vec<Named>,
    /// Each seat's entry.
    pub scores: Vec<CardScore>,
}

impl DealCard {
    /// The card of deal `deal` as `sheet` holds it.
    pub fn stored(lang: Lang, sheet: &SheetResponse, deal: &SheetDealView) -> DealCard {
        let game = if deal.is_thrown_in() {
            lang.text("captain_kind_thrown_in")
        } else {
            let contract = lang.text(&format!(
                "captain_contract_{}",
                form::wire_name(&deal.contract)
            ));
            match deal.kind {
                "normal" => contract,
                kind => format!(
                    "{contract} ({})",
                    lang.text_or(&format!("captain_kind_{kind}"), kind)
                ),
            }
        };
        DealCard {
            game,
            re: deal.re.iter().map(|&seat| named(sheet, seat)).collect(),
            scores: sheet
                .players
                .iter()
                .map(|p| CardScore {
                    player: Named::from(p),
                    score: deal.scores.get(usize::from(p.seat)).copied().unwrap_or(0),
                })
                .collect(),
        }
    }

    /// The card of a previewed entry.
    pub fn previewed(preview: &PreviewView) -> DealCard {
        let game = match (&preview.contract, &preview.kind) {
            (Some(contract), Some(kind)) => format!("{contract} ({kind})"),
            (Some(contract), None) => contract.clone(),
            (None, kind) => kind.clone().unwrap_or_default(),
        };
        DealCard {
            game,
            re: preview.re.clone(),
            scores: preview
                .scores
                .iter()
                .map(|s| CardScore {
                    player: s.player.clone(),
                    score: s.score,
                })
                .collect(),
        }
    }
}

/// An entry another phone overtook: deal `asked` was stored meanwhile, and the entry,
/// kept, would be deal `next`. The captain keeps it or drops it, seeing both.
#[derive(Debug, Clone, Serialize)]
pub struct OvertakenView {
    /// The number the entry was made for.
    pub asked: u16,
    /// The number it would take now; none when the sheet takes no further deal.
    pub next: Option<u16>,
    /// Deal `asked` as stored; none when it is no longer on the sheet.
    pub stored: Option<DealCard>,
    /// The entry as it would be scored now; none when it would be refused.
    pub mine: Option<DealCard>,
    /// Whether the page offers keeping and dropping itself (a plain page); the script
    /// puts its own buttons beside the outbox entry.
    pub plain: bool,
}

impl OvertakenView {
    /// The comparison for an entry made for deal `asked` at the table of `sheet`, whose
    /// preview as the next deal is `mine`.
    pub fn of(
        lang: Lang,
        sheet: &SheetResponse,
        asked: u16,
        mine: Option<&PreviewView>,
        plain: bool,
    ) -> OvertakenView {
        OvertakenView {
            asked,
            next: sheet.next.as_ref().map(|n| n.number),
            stored: sheet
                .deals
                .iter()
                .find(|d| d.number == asked)
                .map(|d| DealCard::stored(lang, sheet, d)),
            mine: mine.map(DealCard::previewed),
            plain,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::deal::Contract;
    use domain::sheet::DealKind;

    /// Every text the pages pick by a code exists in both languages: a missing one would
    /// print its key.
    #[test]
    fn every_text_picked_by_a_code_exists() {
        let mut keys: Vec<String> = Vec::new();
        keys.extend(
            Contract::ALL
                .iter()
                .map(|c| format!("captain_contract_{}", c.as_str())),
        );
        keys.extend(
            DealKind::ALL
                .iter()
                .chain(&[DealKind::ThrownIn])
                .map(|k| format!("captain_kind_{}", k.as_str())),
        );
        keys.extend(
            RE_CALLS
                .iter()
                .chain(&KONTRA_CALLS)
                .map(|c| format!("captain_call_{c}")),
        );
        keys.extend(["re", "kontra", "none"].map(|w| format!("captain_winner_{w}")));
        keys.extend(["re", "kontra"].map(|p| format!("captain_party_{p}")));
        keys.extend(
            [
                "fox",
                "doppelkopf",
                "karlchen",
                "karlchen_caught",
                "fox_last_trick",
                "heart_ten",
            ]
            .map(|x| format!("captain_extra_{x}")),
        );
        keys.extend(["saved", "corrected", "deleted"].map(|f| format!("captain_flash_{f}")));
        keys.extend(
            ["legend", "re", "kontra", "split"].map(|q| format!("captain_club_queens_{q}")),
        );
        let fields = [
            "contract",
            "re",
            "points",
            "tricks",
            "points_of",
            "call_re",
            "call_kontra",
            "fox_re",
            "fox_kontra",
            "doppelkopf_re",
            "doppelkopf_kontra",
            "karlchen_re",
            "karlchen_kontra",
            "karlchen_caught_re",
            "karlchen_caught_kontra",
            "fox_last_trick_re",
            "fox_last_trick_kontra",
            "heart_ten_re",
            "heart_ten_kontra",
            "club_queens",
            "number",
        ];
        for f in fields {
            assert_eq!(form::form_field(f), Some(f));
            keys.push(format!("captain_field_{f}"));
        }
        // The breakdown's codes, as the scorer names them: one of each.
        let facts = domain::deal::DealFacts {
            table_size: domain::deal::TableSize::Four,
            contract: Contract::Normal,
            re: domain::deal::SeatSet::from_seats(&[0, 1]).expect("seats"),
            sitting_out: None,
            re_points: 240,
            re_tricks: 12,
            announcements: domain::deal::Announcements {
                re: domain::deal::CallLevel::Schwarz,
                kontra: domain::deal::CallLevel::None,
            },
            extras: domain::deal::PartyExtras::default(),
            club_queens: None,
        };
        let scored = domain::score(&facts).expect("scores");
        keys.extend(
            scored
                .items()
                .iter()
                .map(|i| format!("captain_item_{}", i.code.as_str())),
        );
        use domain::deal::{CallLevel, Party};
        use domain::plausibility::Hint;
        let hints = [
            Hint::CallLost {
                party: Party::Re,
                call: CallLevel::No90,
                opponent_points: 95,
                opponent_tricks: 4,
            },
            Hint::PointsMaybeSwapped {
                party: Party::Re,
                call: CallLevel::No90,
                points: 95,
                opponent_points: 145,
            },
            Hint::PointsContradictSchwarz {
                party: Party::Re,
                opponent_tricks: 1,
            },
            Hint::AllPointsNotAllTricks {
                party: Party::Re,
                opponent_tricks: 1,
            },
            Hint::LostAt120 { party: Party::Re },
        ];
        keys.extend(hints.iter().map(|h| format!("captain_hint_{}", h.code())));
        for key in &keys {
            for lang in [Lang::De, Lang::En] {
                assert!(lang.texts().contains_key(key), "{key} in {lang:?}");
            }
        }
    }

    #[test]
    fn a_refusal_names_the_field_and_picks_the_most_specific_text() {
        let e = crate::domain_errors::invalid_deal(&domain::deal::FactsError::PointsOutOfRange {
            points: 250,
        });
        let r = refusal(Lang::De, &e);
        assert_eq!((r.code.as_str(), r.field), ("invalid_deal", Some("points")));
        assert_eq!(r.message, "Augen: der Wert ist zu groß oder zu klein.");
        let r = refusal(
            Lang::En,
            &ApiError::conflict("deal_number_taken", "deal 3 has been entered already"),
        );
        assert!(r.message.starts_with("This deal has been entered already"));
        let r = refusal(Lang::De, &ApiError::conflict("no_such_code", "?"));
        assert_eq!(r.message, Lang::De.text("captain_error_other"));
    }
}
