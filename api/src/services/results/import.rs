//! The second half of an import: a checked document ([`super::check`]) written as a new
//! tournament of the importing organiser in the caller's one transaction, every table's
//! sheet re-scored by the domain and compared with the scores the document carries. Any
//! fault rolls the whole import back.

use std::collections::HashMap;

use super::check::{Checked, codes, stored};
use super::export::{penalty_scores, scored_deal};
use crate::auth::Caller;
use crate::db::deals::NewDeal;
use crate::db::models::{NewPlayer, TournamentRow};
use crate::db::penalties::NewPenalty;
use crate::db::results::{NewRound, NewTable};
use crate::db::{self, DbConn};
use crate::error::{ApiError, FieldError};
use crate::services::access::TableContext;
use crate::services::{audit, sheet};
use crate::wire::results::ImportedResultsResponse;

fn mismatch(field: String, detail: String) -> ApiError {
    ApiError::unprocessable(
        codes::SCORE_MISMATCH,
        detail.clone(),
        vec![FieldError::new(field, "score_mismatch", detail)],
    )
}

/// Writes a checked document as a new tournament of `caller` (an organiser) and answers
/// what it created. The caller's transaction rolls everything back on any error.
pub fn write(
    conn: &mut DbConn,
    caller: &Caller,
    checked: Checked,
) -> Result<ImportedResultsResponse, ApiError> {
    let Checked {
        doc,
        tournament,
        facts,
    } = checked;
    let tournament: TournamentRow = db::tournaments::insert(conn, &tournament)?;
    let tid = tournament.id;

    let mut ids: HashMap<i32, i64> = HashMap::new();
    for p in &doc.players {
        let row = db::players::insert(
            conn,
            &NewPlayer {
                tournament_id: tid,
                start_number: p.start_number,
                name: p.name.clone(),
                club: p.club.clone(),
                ddv_number: p.ddv_number.clone(),
                checked_in: p.checked_in,
                withdrawn: p.withdrawn,
                created_at: stored(p.created_at),
                public_name: p.public_name.clone(),
            },
        )?;
        if let Some(d) = &p.disqualification {
            // Checked: `kept` or `struck`, with a reason.
            let struck = crate::wire::players::results_struck(&d.results) == Some(true);
            db::players::set_disqualification(
                conn,
                row.id,
                Some((stored(d.at), &d.reason, struck)),
            )?;
        }
        ids.insert(p.start_number, row.id);
    }
    // Every start number was checked to be known.
    let id_of = |n: i32| ids.get(&n).copied().unwrap_or_default();

    if let Some(plan) = &doc.seating_plan {
        let rounds: Vec<Vec<Vec<i64>>> = plan
            .rounds
            .iter()
            .map(|tables| {
                tables
                    .iter()
                    .map(|seats| seats.iter().map(|&n| id_of(n)).collect())
                    .collect()
            })
            .collect();
        let json = serde_json::to_string(&rounds).map_err(|e| ApiError::Internal(e.into()))?;
        db::plans::replace(
            conn,
            tid,
            &plan.seed,
            plan.first_round,
            &json,
            stored(plan.created_at),
        )?;
    }

    let mut tables: HashMap<(i32, i32), i64> = HashMap::new();
    let (mut table_count, mut deal_count, mut penalty_count) = (0, 0, 0);
    for (r, (round, round_facts)) in doc.rounds.iter().zip(&facts).enumerate() {
        let round_row = db::results::insert_round(
            conn,
            &NewRound {
                tournament_id: tid,
                number: round.number,
                closed: round.closed,
                created_at: stored(round.created_at),
                draw_method: round.draw_method.as_deref(),
                draw_seed: round.draw_seed.as_deref(),
                started_at: round.started_at.map(stored),
            },
        )?;
        for (ti, (table, table_facts)) in round.tables.iter().zip(round_facts).enumerate() {
            let table_row = db::results::insert_table(
                conn,
                &NewTable {
                    round_id: round_row.id,
                    number: table.number,
                    planned_deals: table.planned_deals,
                    time_up_after: table.time_up_after,
                    version_floor: table.version_floor,
                    extra_minutes: table.extra_minutes,
                    time_up_by_clock: table.time_up_by_clock,
                },
            )?;
            table_count += 1;
            tables.insert((round.number, table.number), table_row.id);
            let seats: Vec<i64> = table.seats.iter().map(|&n| id_of(n)).collect();
            db::rounds::insert_seats(conn, table_row.id, &seats)?;
            for (deal, facts) in table.deals.iter().zip(table_facts) {
                db::results::insert_deal(
                    conn,
                    &NewDeal {
                        table_id: table_row.id,
                        number: deal.number,
                        facts,
                        version: deal.version,
                        at: stored(deal.entered_at),
                    },
                    stored(deal.updated_at),
                )?;
                deal_count += 1;
            }
            for p in &table.penalties {
                db::results::insert_penalty(
                    conn,
                    &NewPenalty {
                        table_id: table_row.id,
                        deal_number: p.deal_number,
                        severity: &p.severity,
                        offender: p.offender,
                        soloist: p.soloist,
                        could_harm_soloist: p.could_harm_soloist,
                        opposing_absagen: p.opposing_absagen,
                        deduction: p.deduction,
                        referee: &p.referee,
                        offence: p.offence.as_deref(),
                        at: stored(p.recorded_at),
                    },
                    p.version,
                )?;
                penalty_count += 1;
            }
            for s in &table.signatures {
                db::signatures::insert(
                    conn,
                    table_row.id,
                    id_of(s.start_number),
                    stored(s.signed_at),
                )?;
            }
            let mut table_row = table_row;
            if let Some(adjusted) = &table.adjusted {
                let points: Vec<String> = adjusted.points.iter().map(i64::to_string).collect();
                let points = points.join(",");
                let at = stored(adjusted.at);
                db::tables::set_adjustment(
                    conn,
                    table_row.id,
                    Some((&points, &adjusted.reason, at)),
                )?;
                table_row.adjusted_points = Some(points);
                table_row.adjusted_reason = Some(adjusted.reason.clone());
                table_row.adjusted_at = Some(at);
            }
            if let Some(stopped) = &table.stopped {
                let at = stored(stopped.at);
                db::tables::set_stop(conn, table_row.id, Some((&stopped.reason, at)))?;
                table_row.stopped_reason = Some(stopped.reason.clone());
                table_row.stopped_at = Some(at);
            }
            let ctx = TableContext {
                table: table_row,
                round: round_row.clone(),
                tournament: tournament.clone(),
                seats,
            };
            rescore(conn, &ctx, table, &format!("rounds[{r}].tables[{ti}]"))?;
        }
    }

    for line in &doc.audit {
        let table_id = line
            .table
            .and_then(|t| tables.get(&(t.round, t.table)).copied());
        let actor = match line.actor.role.as_str() {
            "organizer" => match &line.actor.email {
                Some(email) => match db::organizers::by_email(conn, &email.to_lowercase())? {
                    Some(account) => format!("organizer:{}", account.id),
                    // No account here: the line keeps who it was, marked as imported, so
                    // that it is never taken for an account of this instance.
                    None => format!("imported:organizer:{email}"),
                },
                None => "imported:organizer:".to_owned(),
            },
            // The join code the captain used is not in the document.
            "captain" => format!("captain:{}:", table_id.unwrap_or_default()),
            other => other.to_owned(),
        };
        db::audit::insert(
            conn,
            db::audit::NewAuditLine {
                tournament_id: tid,
                table_id,
                actor,
                action: &line.action,
                before_json: line.before.as_ref().map(ToString::to_string),
                after_json: line.after.as_ref().map(ToString::to_string),
                reason: line.reason.as_deref(),
                at: stored(line.at),
            },
        )?;
    }
    // Finished where it was played: its standings arrive final.
    if let Some(at) = doc.tournament.finished_at {
        db::tournaments::set_finished(conn, tid, Some(stored(at)))?;
    }
    audit::Change::new(tid, caller, "tournament.import")
        .after(Some(serde_json::json!({
            "format": doc.format,
            "version": doc.version,
            "exported_at": doc.exported_at,
        })))
        .record(conn)?;

    Ok(ImportedResultsResponse {
        tournament_id: tid,
        players: doc.players.len(),
        rounds: doc.rounds.len(),
        tables: table_count,
        deals: deal_count,
        penalties: penalty_count,
        audit_lines: doc.audit.len(),
    })
}

/// Re-scores the table's stored sheet through the domain and compares every deal,
/// penalty and total with what the document says, naming the first that differs.
fn rescore(
    conn: &mut DbConn,
    ctx: &TableContext,
    table: &crate::wire::results::ResultsTable,
    at: &str,
) -> Result<(), ApiError> {
    let named = format!("round {} table {}", ctx.round.number, ctx.table.number);
    let derived = sheet::current(conn, ctx).map_err(|e| {
        ApiError::unprocessable(
            codes::INVALID,
            format!("{named}: the sheet does not score: {e}"),
            vec![FieldError::new(at, "sheet_invalid", e.to_string())],
        )
    })?;
    let scored = derived.doppelkopf()?.scored();
    for (d, (deal, derived_deal)) in table.deals.iter().zip(scored.deals()).enumerate() {
        let rescored = scored_deal(derived_deal);
        if deal.scored.as_ref() != Some(&rescored) {
            return Err(mismatch(
                format!("{at}.deals[{d}].scored"),
                format!(
                    "{named} deal {}: the document says {}, the rules score {}",
                    deal.number,
                    serde_json::to_string(&deal.scored).unwrap_or_default(),
                    serde_json::to_string(&rescored).unwrap_or_default(),
                ),
            ));
        }
    }
    let rows = db::penalties::of_table(conn, ctx.table.id)?;
    // Penalties are stored in the document's order, so their ids ascend with it.
    for (p, (penalty, row)) in table.penalties.iter().zip(&rows).enumerate() {
        let rescored = penalty_scores(Some(scored), row);
        if penalty.scores != rescored {
            return Err(mismatch(
                format!("{at}.penalties[{p}].scores"),
                format!(
                    "{named}: the penalty on deal {} scores {rescored:?}, the document says {:?}",
                    penalty.deal_number, penalty.scores
                ),
            ));
        }
    }
    // A set result stands in for the deals: its points are the totals.
    let totals = derived
        .table
        .adjustment()
        .map_or_else(|| scored.totals(), |a| a.points());
    if table.totals.as_deref() != Some(totals) {
        return Err(mismatch(
            format!("{at}.totals"),
            format!(
                "{named}: the totals are {totals:?}, the document says {:?}",
                table.totals
            ),
        ));
    }
    Ok(())
}
