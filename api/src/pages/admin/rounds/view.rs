//! The rounds page's model: the plan as it stands, the next round's draw, and every round
//! with its tables, clock, join codes and the forms that fit its state; what a refused or
//! checked form adds (the input kept, the reason, the dry run's quality, the tables that
//! keep a round from closing).

use serde::Serialize;

use crate::error::ApiError;
use crate::local_time;
use crate::pages::i18n::Lang;
use crate::services::plans::PlanView;
use crate::services::rounds_desk::{DeskRound, DeskRounds};
use crate::services::view::{Player, Tournament};
use crate::wire::plans::PlannedRoundStatus;
use crate::wire::rounds::ReseatResponse;
use crate::wire::seating::QualityBody;

/// The draw methods the form offers, in its order.
pub const METHODS: [&str; 4] = ["planned", "avoid_repeats", "random", "by_standings"];

#[derive(Debug, Serialize)]
pub struct RoundsPage {
    rounds_planned: i32,
    /// The next round's number; `None` once every planned round exists.
    next: Option<i32>,
    plan: Option<PlanModel>,
    plan_form: PlanForm,
    plan_refusal: Option<Refused>,
    draw_form: DrawForm,
    draw_refusal: Option<Refused>,
    methods: Vec<MethodOption>,
    /// Rounds still open before the next: drawing it then needs "early".
    open_rounds: Vec<i32>,
    /// The rounds not closed: the one in play is what the organiser looks for, at the top.
    current: Vec<RoundModel>,
    /// The closed rounds, newest first, below the plan.
    past: Vec<RoundModel>,
    /// How many rounds exist.
    created: usize,
}

/// The plan form: a seed (optional) and the form's key.
#[derive(Debug, Default, Clone, Serialize, serde::Deserialize)]
pub struct PlanForm {
    #[serde(default)]
    pub seed: String,
    #[serde(default)]
    pub idempotency_key: String,
    #[serde(default, skip_serializing)]
    pub csrf: Option<String>,
}

/// The draw form.
#[derive(Debug, Default, Clone, Serialize, serde::Deserialize)]
pub struct DrawForm {
    #[serde(default)]
    pub method: String,
    #[serde(default)]
    pub seed: String,
    /// `true` when "draw although an earlier round is open" is ticked.
    #[serde(default)]
    pub early: Option<String>,
    #[serde(default)]
    pub idempotency_key: String,
    #[serde(default, skip_serializing)]
    pub csrf: Option<String>,
}

impl DrawForm {
    pub fn early(&self) -> bool {
        self.early.as_deref() == Some("true")
    }
}

#[derive(Debug, Serialize)]
struct MethodOption {
    value: &'static str,
    label: String,
    selected: bool,
}

/// A refusal as the page says it: the reason and, where it names them, the details.
#[derive(Debug, Clone, Serialize)]
pub struct Refused {
    pub text: String,
    pub details: Vec<String>,
}

#[derive(Debug, Serialize)]
struct PlanModel {
    seed: String,
    first_round: i32,
    quality: QualityBody,
    rounds: Vec<PlanRound>,
    /// The plan no longer fits the players: re-planning is needed before its next round.
    outdated: bool,
    /// Players a draw leaves out now (not checked in).
    left_out: Vec<String>,
}

#[derive(Debug, Serialize)]
struct PlanRound {
    number: i32,
    /// `drawn`, `planned` or `outdated`.
    status: &'static str,
    label: String,
    differs: bool,
    /// Why it is out of date.
    reasons: Vec<String>,
}

#[derive(Debug, Serialize)]
struct RoundModel {
    id: i64,
    number: i32,
    closed: bool,
    started: bool,
    /// `HH:MM` when it started, in the tournament's time zone.
    started_at: Option<String>,
    minutes_four: i32,
    minutes_five: i32,
    draw: Option<String>,
    seed: Option<String>,
    quality: QualityBody,
    tables: Vec<TableModel>,
    deals: i64,
    /// No deal or penalty yet and not closed: the seats may change.
    can_reseat: bool,
    can_delete: bool,
    /// Tables without a live join code.
    codes_missing: usize,
    /// The seating as the form shows it: one line a table, start numbers.
    seating: String,
    seating_rows: usize,
    reseat: Option<ReseatModel>,
    refusal: Option<Refused>,
    /// The tables that keep it from closing (after a refused close).
    incomplete: Vec<IncompleteLine>,
    /// Complete tables whose players have not all signed: closing does not wait for them,
    /// but the organiser sees them before he closes.
    unsigned: Vec<i32>,
}

#[derive(Debug, Serialize)]
struct TableModel {
    id: i64,
    number: i32,
    players: Vec<SeatModel>,
    planned_deals: i32,
    code: Option<String>,
    deals: Option<u16>,
    time_up: bool,
    complete: bool,
    /// Every player of the table signed its complete sheet.
    signed: bool,
    minutes_left: Option<u64>,
    /// `HH:MM` when its time runs out, in the tournament's time zone.
    ends_at: Option<String>,
}

#[derive(Debug, Serialize)]
struct SeatModel {
    start_number: i32,
    name: String,
}

#[derive(Debug, Serialize)]
struct ReseatModel {
    before: QualityBody,
    after: QualityBody,
    applied: bool,
    /// The tables as they are (applied) or would be (dry run).
    tables: Vec<Vec<SeatModel>>,
}

#[derive(Debug, Clone, Serialize)]
pub struct IncompleteLine {
    pub table_number: i64,
    pub deals: i64,
    pub planned_deals: i64,
    pub deals_left: i64,
    pub time_up: bool,
    pub pflichtsolo_owed: usize,
}

/// What a posted form adds to the page.
#[derive(Debug, Default)]
pub struct Extra {
    pub plan_form: PlanForm,
    pub plan_refusal: Option<Refused>,
    pub draw_form: DrawForm,
    pub draw_refusal: Option<Refused>,
    /// For one round (by id).
    pub round: Option<(i64, RoundExtra)>,
}

/// What a posted form adds to one round.
#[derive(Debug, Default)]
pub struct RoundExtra {
    /// The seating as typed.
    pub seating: Option<String>,
    pub reseat: Option<ReseatResponse>,
    pub refusal: Option<Refused>,
    pub incomplete: Vec<IncompleteLine>,
}

fn name_of(roster: &[Player], id: i64) -> SeatModel {
    match roster.iter().find(|p| p.id == id) {
        Some(p) => SeatModel {
            start_number: p.start_number,
            name: p.name.clone(),
        },
        None => SeatModel {
            start_number: 0,
            name: format!("#{id}"),
        },
    }
}

/// "Name (Nr. 7), …" for the players `ids`.
fn names(lang: Lang, roster: &[Player], ids: &[i64]) -> String {
    let no = lang.text("common_no");
    let mut seats: Vec<SeatModel> = ids.iter().map(|&id| name_of(roster, id)).collect();
    seats.sort_by_key(|s| s.start_number);
    seats
        .iter()
        .map(|s| format!("{} ({no} {})", s.name, s.start_number))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A round's tables as the form types them: one line a table, start numbers in seat
/// order.
pub fn seating_text(roster: &[Player], tables: &[Vec<i64>]) -> String {
    tables
        .iter()
        .map(|t| {
            t.iter()
                .map(|&id| name_of(roster, id).start_number.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn plan_model(lang: Lang, roster: &[Player], view: PlanView) -> PlanModel {
    let PlanView {
        plan,
        rounds,
        left_out,
        quality,
        ..
    } = view;
    let mut outdated = false;
    let rounds = rounds
        .into_iter()
        .map(|round| {
            let (status, key) = match round.status {
                PlannedRoundStatus::Drawn => ("drawn", "plan_status_drawn"),
                PlannedRoundStatus::Planned => ("planned", "plan_status_planned"),
                PlannedRoundStatus::Outdated => ("outdated", "plan_status_outdated"),
            };
            let reasons = round
                .misfit
                .map(|m| {
                    outdated = true;
                    [
                        (m.withdrawn, "plan_misfit_withdrawn"),
                        (m.not_checked_in, "plan_misfit_not_checked_in"),
                        (m.missing, "plan_misfit_missing"),
                    ]
                    .into_iter()
                    .filter(|(ids, _)| !ids.is_empty())
                    .map(|(ids, key)| format!("{}: {}", lang.text(key), names(lang, roster, &ids)))
                    .collect()
                })
                .unwrap_or_default();
            PlanRound {
                number: round.number,
                status,
                label: lang.text(key),
                differs: round.differs_from_plan,
                reasons,
            }
        })
        .collect();
    PlanModel {
        seed: plan.seed,
        first_round: plan.first_round,
        quality: quality.into(),
        rounds,
        outdated,
        left_out: if left_out.is_empty() {
            Vec::new()
        } else {
            vec![names(lang, roster, &left_out)]
        },
    }
}

fn round_model(
    lang: Lang,
    roster: &[Player],
    tournament: &Tournament,
    round: DeskRound,
    extra: Option<RoundExtra>,
) -> RoundModel {
    let DeskRound {
        round: row,
        tables,
        quality,
        deals,
        penalties,
        last,
    } = round;
    let extra = extra.unwrap_or_default();
    let seats: Vec<Vec<i64>> = tables.iter().map(|t| t.seats.clone()).collect();
    let untouched = deals == 0 && penalties == 0 && !row.closed;
    let tables: Vec<TableModel> = tables
        .into_iter()
        .map(|t| {
            let monitor = t.monitor.as_ref();
            TableModel {
                id: t.id,
                number: t.number,
                players: t.seats.iter().map(|&id| name_of(roster, id)).collect(),
                planned_deals: t.planned_deals,
                code: t.code,
                deals: monitor.map(|m| m.deals_entered),
                time_up: monitor.is_some_and(|m| m.time_up),
                complete: monitor.is_some_and(|m| m.complete),
                // A set result has nothing to sign.
                signed: monitor.is_some_and(|m| m.signed_by_all || m.adjusted),
                minutes_left: monitor.and_then(|m| m.seconds_left).map(|s| s.div_ceil(60)),
                ends_at: monitor
                    .and_then(|m| m.ends_at.as_deref())
                    .and_then(|at| chrono::DateTime::parse_from_rfc3339(at).ok())
                    .map(|at| local_time::clock(&tournament.time_zone, at.naive_utc())),
            }
        })
        .collect();
    let unsigned = tables
        .iter()
        .filter(|t| t.complete && !t.signed)
        .map(|t| t.number)
        .collect();
    let seating = extra
        .seating
        .unwrap_or_else(|| seating_text(roster, &seats));
    RoundModel {
        id: row.id,
        number: row.number,
        closed: row.closed,
        started: row.started_at.is_some(),
        started_at: row
            .started_at
            .map(|at| local_time::clock(&tournament.time_zone, at)),
        minutes_four: tournament.minutes_four,
        minutes_five: tournament.minutes_five,
        draw: row
            .draw_method
            .as_ref()
            .map(|m| lang.text(&format!("list_method_{m}"))),
        seed: row.draw_seed.clone(),
        quality: quality.into(),
        codes_missing: tables.iter().filter(|t| t.code.is_none()).count(),
        seating_rows: seats.len().clamp(2, 40),
        tables,
        deals,
        can_reseat: untouched,
        can_delete: untouched && last,
        seating,
        reseat: extra.reseat.map(|r| ReseatModel {
            before: r.quality_before,
            after: r.quality_after,
            applied: r.applied,
            tables: r
                .round
                .tables
                .iter()
                .map(|t| t.seats.iter().map(|&id| name_of(roster, id)).collect())
                .collect(),
        }),
        refusal: extra.refusal,
        incomplete: extra.incomplete,
        unsigned,
    }
}

/// The page from what the service read and what a form adds.
pub fn page(lang: Lang, data: DeskRounds, extra: Extra) -> RoundsPage {
    let DeskRounds {
        tournament,
        roster,
        plan,
        rounds,
        next,
    } = data;
    let Extra {
        plan_form,
        plan_refusal,
        mut draw_form,
        draw_refusal,
        round,
    } = extra;
    // The plan is offered for the next round only while it holds that round and still
    // fits the players: an outdated plan is re-planned first (its draw would be refused).
    let has_plan = plan.as_ref().is_some_and(|p| {
        p.rounds
            .iter()
            .any(|r| r.number == next && r.status == PlannedRoundStatus::Planned)
    });
    if draw_form.method.is_empty() {
        draw_form.method = if has_plan { "planned" } else { "avoid_repeats" }.to_owned();
    }
    let methods = METHODS
        .iter()
        .filter(|m| has_plan || **m != "planned" || draw_form.method == "planned")
        .map(|&value| MethodOption {
            value,
            label: lang.text(&format!("list_method_{value}")),
            selected: draw_form.method == value,
        })
        .collect();
    let open_rounds = rounds
        .iter()
        .filter(|r| !r.round.closed)
        .map(|r| r.round.number)
        .collect();
    let mut round = round;
    let mut models: Vec<RoundModel> = rounds
        .into_iter()
        .map(|r| {
            let extra = match &round {
                Some((id, _)) if *id == r.round.id => round.take().map(|(_, e)| e),
                _ => None,
            };
            round_model(lang, &roster, &tournament, r, extra)
        })
        .collect();
    models.reverse();
    let created = models.len();
    let (past, current): (Vec<RoundModel>, Vec<RoundModel>) =
        models.into_iter().partition(|r| r.closed);
    RoundsPage {
        rounds_planned: tournament.rounds_planned,
        next: (next <= tournament.rounds_planned).then_some(next),
        plan: plan.map(|v| plan_model(lang, &roster, v)),
        plan_form,
        plan_refusal,
        draw_form,
        draw_refusal,
        methods,
        open_rounds,
        current,
        past,
        created,
    }
}

/// A refusal in the page's words: the text its `code` names, and the details its body
/// names (the players a plan does not fit, the seats a typed table got wrong).
pub fn refused(lang: Lang, e: &ApiError) -> Refused {
    let problem = e.problem();
    // The rounds' own wording first (a code other parts of the desk meet too, such as
    // `invalid_body`, is said here as the rounds page means it), then the desk's.
    let text = lang.text_or(
        &format!("desk_rounds_error_{}", problem.code),
        &super::super::refusal_text(lang, e),
    );
    let mut details = Vec::new();
    if let Some(current) = &problem.current {
        for (field, key) in [
            ("withdrawn", "plan_misfit_withdrawn"),
            ("not_checked_in", "plan_misfit_not_checked_in"),
            ("missing", "plan_misfit_missing"),
        ] {
            let players: Vec<String> = current[field]
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| {
                    format!(
                        "{} ({} {})",
                        p["name"].as_str().unwrap_or_default(),
                        lang.text("common_no"),
                        p["start_number"]
                    )
                })
                .collect();
            if !players.is_empty() {
                details.push(format!("{}: {}", lang.text(key), players.join(", ")));
            }
        }
    }
    for error in &problem.errors {
        if error.code == problem.code {
            continue;
        }
        let what = lang.text_or(&format!("desk_rounds_field_{}", error.code), &error.message);
        details.push(match table_seat(&error.field) {
            Some((t, Some(s))) => format!(
                "{} {}, {} {}: {what}",
                lang.text("common_table"),
                t + 1,
                lang.text("common_seat"),
                s + 1
            ),
            _ => what,
        });
    }
    Refused { text, details }
}

/// `tables[2][3]` → (2, Some(3)).
fn table_seat(field: &str) -> Option<(usize, Option<usize>)> {
    let rest = field.strip_prefix("tables[")?;
    let (t, rest) = rest.split_once(']')?;
    let seat = rest
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .and_then(|s| s.parse().ok());
    Some((t.parse().ok()?, seat))
}

/// The tables a refused close names (409 `round_incomplete`'s `current.incomplete`).
pub fn incomplete(e: &ApiError) -> Vec<IncompleteLine> {
    let problem = e.problem();
    let Some(current) = problem.current else {
        return Vec::new();
    };
    current["incomplete"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| IncompleteLine {
            table_number: t["table_number"].as_i64().unwrap_or_default(),
            deals: t["deals"].as_i64().unwrap_or_default(),
            planned_deals: t["planned_deals"].as_i64().unwrap_or_default(),
            deals_left: t["deals_left"].as_i64().unwrap_or_default(),
            time_up: t["time_up"].as_bool().unwrap_or_default(),
            pflichtsolo_owed: t["pflichtsolo_owed"].as_array().map_or(0, Vec::len),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    // By its full path: `super` here is this file's module, which a reader of paths
    // alone would take for the folder's.
    use crate::pages::admin::rounds::view::table_seat;

    #[test]
    fn a_field_names_its_table_and_seat() {
        assert_eq!(table_seat("tables[2][3]"), Some((2, Some(3))));
        assert_eq!(table_seat("tables[0]"), Some((0, None)));
        assert_eq!(table_seat("changes"), None);
    }
}
