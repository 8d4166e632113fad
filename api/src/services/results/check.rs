//! The first half of an import: a results document read (its format and version before
//! anything else) and checked field by field and reference by reference, every fault named
//! in one 422, before any transaction starts. [`mod@super::import`] writes what passes.

use std::collections::HashSet;

use serde::Deserialize;

use crate::db::deals::StoredEntry;
use crate::db::models::NewTournament;
use crate::error::{ApiError, FieldError};
use crate::extract::TEXT_LIMIT;
use crate::services::{tournaments, validate};
use crate::wire::results::{FORMAT, ResultsDocument, ResultsTableRef, VERSION};
use crate::wire::tournaments::CreateTournamentRequest;

/// Stable codes of the import's refusals.
pub mod codes {
    /// Not a `karlchen-results` document, or a version this service does not read.
    pub const UNKNOWN_FORMAT: &str = "results_unknown_format";
    /// A field's value is not allowed (a name too long, an entry that is no deal, …).
    pub const INVALID: &str = "results_invalid";
    /// A reference to nothing (a seat naming an unknown player, a line naming an unknown
    /// table) or a number used twice.
    pub const BAD_REFERENCE: &str = "results_bad_reference";
    /// A deal, penalty or total does not re-derive to the score the document carries.
    pub const SCORE_MISMATCH: &str = "results_score_mismatch";
}

/// Reads `bytes` as a results document: format and version before anything else, since
/// another version may have another shape.
pub fn parse(bytes: &[u8]) -> Result<ResultsDocument, ApiError> {
    #[derive(Deserialize)]
    struct Probe {
        format: Option<serde_json::Value>,
        version: Option<serde_json::Value>,
    }
    let probe: Probe = serde_json::from_slice(bytes)
        .map_err(|e| ApiError::MalformedBody(format!("not a JSON object: {e}")))?;
    if probe.format != Some(serde_json::json!(FORMAT)) {
        return Err(ApiError::field(
            codes::UNKNOWN_FORMAT,
            "format",
            "unknown_value",
            format!("a {FORMAT} document is expected"),
        ));
    }
    if probe.version != Some(serde_json::json!(VERSION)) {
        return Err(ApiError::field(
            codes::UNKNOWN_FORMAT,
            "version",
            "unknown_value",
            format!("this service reads version {VERSION}"),
        ));
    }
    crate::extract::parse_document(bytes)
}

/// The faults found in a document, references and values apart.
#[derive(Default)]
struct Faults {
    references: Vec<FieldError>,
    values: Vec<FieldError>,
}

impl Faults {
    fn reference(&mut self, field: String, message: impl Into<String>) {
        self.references
            .push(FieldError::new(field, "unknown_reference", message.into()));
    }

    fn value(&mut self, field: String, code: &str, message: impl Into<String>) {
        self.values
            .push(FieldError::new(field, code, message.into()));
    }

    fn into_result(self) -> Result<(), ApiError> {
        let (code, errors) = if !self.references.is_empty() {
            (codes::BAD_REFERENCE, self.references)
        } else if !self.values.is_empty() {
            (codes::INVALID, self.values)
        } else {
            return Ok(());
        };
        let detail = errors
            .iter()
            .take(5)
            .map(|e| format!("{}: {}", e.field, e.message))
            .collect::<Vec<_>>()
            .join("; ");
        Err(ApiError::unprocessable(code, detail, errors))
    }
}

/// The document checked: the new tournament's row and each deal's `facts` column.
pub struct Checked {
    /// The document.
    pub(super) doc: ResultsDocument,
    /// The new tournament's row.
    pub(super) tournament: NewTournament,
    /// Per round, per table, per deal: the facts to store.
    pub(super) facts: Vec<Vec<Vec<String>>>,
}

fn optional_text(faults: &mut Faults, field: String, value: Option<&str>, max: usize) {
    if let Some(v) = value {
        if v.trim().is_empty() || v.chars().count() > max {
            faults.value(field, "invalid_value", format!("1 to {max} characters"));
        } else if let Err(e) = validate::shown(&field, v, false) {
            faults.value(e.field, "invalid_character", e.message);
        }
    }
}

/// The longest action name an audit line takes (the service's are about 20 characters).
const AUDIT_ACTION_LIMIT: usize = 100;
/// The most an audit line's before or after holds: what one request's body may hold, the
/// most a change made through the API records.
const AUDIT_DATA_LIMIT: usize = crate::extract::BODY_LIMIT;

/// What an imported tournament's name ends with until its organiser renames it.
pub const COPY_MARK: &str = " (Kopie)";

/// An imported tournament's name: `name` marked as a copy (once), cut to the 200
/// characters a name may have.
pub fn copy_name(name: &str) -> String {
    if name.ends_with(COPY_MARK) {
        return name.to_owned();
    }
    let room = 200 - COPY_MARK.chars().count();
    let kept: String = name.chars().take(room).collect();
    format!("{}{COPY_MARK}", kept.trim_end())
}

/// Checks every field and reference of `doc` for `organizer_id`, naming every fault.
pub fn check(doc: ResultsDocument, organizer_id: i64) -> Result<Checked, ApiError> {
    let mut faults = Faults::default();
    let t = &doc.tournament;
    let request = CreateTournamentRequest {
        name: t.name.clone(),
        date: t.date,
        venue: t.venue.clone(),
        rounds: t.rounds_planned,
        deals_four: t.deals_four,
        deals_five: t.deals_five,
        minutes_four: t.minutes_four,
        minutes_five: t.minutes_five,
        ruleset: Some(t.ruleset.clone()),
        game: t.game.clone(),
        tie_breaks: t.tie_breaks.clone(),
        published: t.published,
        time_zone: t.time_zone.clone(),
    };
    let tournament = match tournaments::checked(request, organizer_id) {
        // The format describes Doppelkopf's deals; a family game's are not in it.
        Ok(row)
            if crate::db::game::decode(&row.ruleset).is_ok_and(|game| game.ruleset().is_none()) =>
        {
            faults.value(
                "tournament.game".to_owned(),
                "not_in_game",
                "the results document describes Doppelkopf, not a family game",
            );
            None
        }
        Ok(mut row) => {
            row.created_at = stored(t.created_at);
            row.name = copy_name(&row.name);
            row.published = false;
            Some(row)
        }
        Err(ApiError::Unprocessable { errors, .. }) => {
            for e in errors {
                let field = match e.field.as_str() {
                    "rounds" => "rounds_planned".to_owned(),
                    other => other.to_owned(),
                };
                faults.value(format!("tournament.{field}"), &e.code, e.message);
            }
            None
        }
        Err(other) => return Err(other),
    };

    let mut known = HashSet::new();
    for (i, p) in doc.players.iter().enumerate() {
        let at = |f: &str| format!("players[{i}].{f}");
        if !(1..=99_999).contains(&p.start_number) {
            faults.value(at("start_number"), "out_of_range", "1 to 99999");
        } else if !known.insert(p.start_number) {
            faults.reference(at("start_number"), "start number used twice");
        }
        if p.name.trim().is_empty() || p.name.chars().count() > 200 {
            faults.value(at("name"), "invalid_value", "1 to 200 characters");
        } else if let Err(e) = validate::shown(&at("name"), &p.name, false) {
            faults.value(e.field, "invalid_character", e.message);
        }
        optional_text(
            &mut faults,
            at("public_name"),
            p.public_name.as_deref(),
            200,
        );
        optional_text(&mut faults, at("club"), p.club.as_deref(), 200);
        optional_text(&mut faults, at("ddv_number"), p.ddv_number.as_deref(), 40);
        if let Some(d) = &p.disqualification {
            if crate::wire::players::results_struck(&d.results).is_none() {
                faults.value(
                    at("disqualification.results"),
                    "unknown_value",
                    "kept or struck",
                );
            }
            if d.reason.trim().is_empty() || d.reason.chars().count() > TEXT_LIMIT {
                faults.value(
                    at("disqualification.reason"),
                    "invalid_value",
                    format!("1 to {TEXT_LIMIT} characters"),
                );
            }
            if !p.withdrawn {
                faults.value(
                    at("withdrawn"),
                    "invalid_value",
                    "a disqualified player is withdrawn",
                );
            }
        }
    }
    let player = |faults: &mut Faults, field: String, n: i32| {
        if !known.contains(&n) {
            faults.reference(field, format!("no player has start number {n}"));
        }
    };

    if let Some(plan) = &doc.seating_plan {
        if plan.first_round < 1 {
            faults.value(
                "seating_plan.first_round".to_owned(),
                "out_of_range",
                "at least 1",
            );
        }
        for (r, tables) in plan.rounds.iter().enumerate() {
            for (t, seats) in tables.iter().enumerate() {
                for (s, &n) in seats.iter().enumerate() {
                    player(
                        &mut faults,
                        format!("seating_plan.rounds[{r}][{t}][{s}]"),
                        n,
                    );
                }
            }
        }
    }

    // A finished tournament's rounds are all closed (`domain::day`).
    if t.finished_at.is_some() {
        let rounds: Vec<(i32, bool)> = doc.rounds.iter().map(|r| (r.number, r.closed)).collect();
        if let Err(why) = domain::day::finishing(&rounds) {
            faults.value(
                "tournament.finished_at".to_owned(),
                "not_finishable",
                format!("a finished tournament has rounds, all closed; {why}"),
            );
        }
    }

    let mut tables_known: HashSet<(i32, i32)> = HashSet::new();
    let mut rounds_known = HashSet::new();
    let mut facts = Vec::with_capacity(doc.rounds.len());
    for (r, round) in doc.rounds.iter().enumerate() {
        let at = |f: &str| format!("rounds[{r}].{f}");
        if round.number < 1 {
            faults.value(at("number"), "out_of_range", "at least 1");
        } else if !rounds_known.insert(round.number) {
            faults.reference(at("number"), "round number used twice");
        }
        let mut round_facts = Vec::with_capacity(round.tables.len());
        // A player sits at one table a round.
        let mut in_round = HashSet::new();
        for (ti, table) in round.tables.iter().enumerate() {
            let at = |f: &str| format!("rounds[{r}].tables[{ti}].{f}");
            if table.number < 1 {
                faults.value(at("number"), "out_of_range", "at least 1");
            } else if !tables_known.insert((round.number, table.number)) {
                faults.reference(at("number"), "table number used twice in the round");
            }
            let mut seated = HashSet::new();
            for (s, &n) in table.seats.iter().enumerate() {
                player(&mut faults, format!("{}[{s}]", at("seats")), n);
                if !seated.insert(n) {
                    faults.reference(format!("{}[{s}]", at("seats")), "a player seated twice");
                } else if !in_round.insert(n) {
                    faults.reference(
                        format!("{}[{s}]", at("seats")),
                        format!("player {n} sits at another table of this round"),
                    );
                }
            }
            let size = u8::try_from(table.seats.len())
                .ok()
                .and_then(domain::deal::TableSize::from_players);
            match (size, u16::try_from(table.planned_deals)) {
                (None, _) => faults.value(at("seats"), "invalid_value", "4 or 5 players"),
                (Some(size), Ok(planned)) => {
                    if let Err(e) = domain::sheet::RoundConfig::new(size, planned) {
                        faults.value(at("planned_deals"), "out_of_range", e.to_string());
                    }
                }
                (Some(_), Err(_)) => {
                    faults.value(at("planned_deals"), "out_of_range", "not a deal count");
                }
            }
            let most = i32::from(domain::sheet::MAX_EXTRA_MINUTES);
            if !(0..=most).contains(&table.extra_minutes) {
                faults.value(at("extra_minutes"), "out_of_range", format!("0 to {most}"));
            }
            if table.time_up_after.is_some_and(|n| n < 0) {
                faults.value(at("time_up_after"), "out_of_range", "at least 0");
            }
            if let Some(adjusted) = &table.adjusted {
                // The domain's checks (`domain::table::Adjustment`): only on a sheet without
                // deals, one value per seat within the range. The import stores it and scores
                // the table through the domain again.
                if !table.deals.is_empty() {
                    faults.value(
                        at("adjusted"),
                        "invalid_value",
                        "a table with deals has no set result",
                    );
                }
                let seats = u8::try_from(table.seats.len()).unwrap_or(u8::MAX);
                if let Err(e) = domain::table::Adjustment::new(&adjusted.points, seats) {
                    faults.value(at("adjusted.points"), "invalid_value", e.to_string());
                }
                if adjusted.reason.trim().is_empty() {
                    faults.value(at("adjusted.reason"), "invalid_value", "a reason");
                }
            }
            if table
                .stopped
                .as_ref()
                .is_some_and(|s| s.reason.trim().is_empty())
            {
                faults.value(at("stopped.reason"), "invalid_value", "a reason");
            }
            let mut table_facts = Vec::with_capacity(table.deals.len());
            for (d, deal) in table.deals.iter().enumerate() {
                let at = |f: &str| format!("rounds[{r}].tables[{ti}].deals[{d}].{f}");
                if usize::try_from(deal.number).ok() != Some(d + 1) {
                    faults.value(
                        at("number"),
                        "invalid_value",
                        format!("deals are numbered 1, 2, 3, …: {} expected", d + 1),
                    );
                }
                if deal.version < 1 {
                    faults.value(at("version"), "out_of_range", "at least 1");
                }
                // The stored format is the document's: reading it back through the stored
                // reader refuses anything a table could not have stored.
                match StoredEntry::parse(deal.entry.0.get())
                    .and_then(|e| e.to_json().map_err(|e| e.to_string()))
                {
                    Ok(json) => table_facts.push(json),
                    Err(e) => {
                        faults.value(at("entry"), "invalid_value", e);
                        table_facts.push(String::new());
                    }
                }
            }
            for (p, penalty) in table.penalties.iter().enumerate() {
                let at = |f: &str| format!("rounds[{r}].tables[{ti}].penalties[{p}].{f}");
                if domain::penalty::Severity::named(&penalty.severity).is_none() {
                    faults.value(
                        at("severity"),
                        "unknown_value",
                        "insignificant, minor, serious or unsportsmanlike",
                    );
                }
                // The rules refuse a deduction out of range or on another severity when
                // the sheet is scored; this names the field before that.
                let most = i32::from(domain::penalty::MAX_DEDUCTION);
                if !(0..=most).contains(&penalty.deduction) {
                    faults.value(at("deduction"), "out_of_range", format!("0 to {most}"));
                }
                if usize::try_from(penalty.offender).map_or(true, |o| o >= table.seats.len()) {
                    faults.reference(at("offender"), "no such seat at the table");
                }
                if penalty.deal_number < 1 {
                    faults.value(at("deal_number"), "out_of_range", "at least 1");
                }
                if penalty.version < 1 {
                    faults.value(at("version"), "out_of_range", "at least 1");
                }
                if penalty.referee.trim().is_empty() || penalty.referee.chars().count() > 200 {
                    faults.value(at("referee"), "invalid_value", "1 to 200 characters");
                }
            }
            let mut signed = HashSet::new();
            for (s, signature) in table.signatures.iter().enumerate() {
                let field = format!("rounds[{r}].tables[{ti}].signatures[{s}].start_number");
                if !table.seats.contains(&signature.start_number) {
                    faults.reference(field, "only a player of the table signs its sheet");
                } else if !signed.insert(signature.start_number) {
                    faults.reference(field, "signed twice");
                }
            }
            round_facts.push(table_facts);
        }
        facts.push(round_facts);
    }

    for (i, line) in doc.audit.iter().enumerate() {
        if !["organizer", "captain", "public"].contains(&line.actor.role.as_str()) {
            faults.value(
                format!("audit[{i}].actor.role"),
                "unknown_value",
                "organizer, captain or public",
            );
        }
        if let Some(ResultsTableRef { round, table }) = line.table
            && !tables_known.contains(&(round, table))
        {
            faults.reference(
                format!("audit[{i}].table"),
                format!("round {round} has no table {table} in the document"),
            );
        }
        if line.action.trim().is_empty() || line.action.chars().count() > AUDIT_ACTION_LIMIT {
            faults.value(
                format!("audit[{i}].action"),
                "invalid_value",
                format!("1 to {AUDIT_ACTION_LIMIT} characters"),
            );
        }
        if line
            .reason
            .as_ref()
            .is_some_and(|r| r.chars().count() > TEXT_LIMIT)
        {
            faults.value(
                format!("audit[{i}].reason"),
                "too_long",
                format!("at most {TEXT_LIMIT} characters"),
            );
        }
        for (side, data) in [("before", &line.before), ("after", &line.after)] {
            if data
                .as_ref()
                .is_some_and(|d| d.to_string().len() > AUDIT_DATA_LIMIT)
            {
                faults.value(
                    format!("audit[{i}].{side}"),
                    "too_long",
                    format!("at most {AUDIT_DATA_LIMIT} bytes, as the API records a change"),
                );
            }
        }
    }

    faults.into_result()?;
    let tournament = tournament.ok_or_else(|| {
        ApiError::Internal(anyhow::anyhow!("a tournament refused without a fault"))
    })?;
    Ok(Checked {
        doc,
        tournament,
        facts,
    })
}

/// `at` as stored: in microseconds, which both backends keep (PostgreSQL would cut
/// finer digits and SQLite keep them, and the two would read back differently).
pub(super) fn stored(at: chrono::DateTime<chrono::Utc>) -> chrono::NaiveDateTime {
    use chrono::SubsecRound as _;
    at.naive_utc().trunc_subsecs(6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_imported_name_says_once_that_it_is_a_copy_and_fits() {
        assert_eq!(copy_name("Karlchen-Cup"), "Karlchen-Cup (Kopie)");
        assert_eq!(copy_name("Karlchen-Cup (Kopie)"), "Karlchen-Cup (Kopie)");
        let long = "ä".repeat(200);
        let copy = copy_name(&long);
        assert_eq!(copy.chars().count(), 200);
        assert!(copy.ends_with(COPY_MARK));
    }
}
