//! Builds a tournament's results document from its stored rows, every table's sheet scored
//! by the domain (through [`sheet::derive_with`]) so the document carries what each deal
//! scored next to what was entered.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDateTime, Utc};
use serde_json::value::RawValue;

use crate::db::models::{DealRow, PenaltyRow, SignatureRow, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::services::access::TableContext;
use crate::services::sheet::{self, Stored};
use crate::wire::results::{
    FORMAT, RawEntry, ResultsActor, ResultsAdjustment, ResultsAuditLine, ResultsDeal,
    ResultsDisqualification, ResultsDocument, ResultsPenalty, ResultsPlan, ResultsPlayer,
    ResultsRound, ResultsScored, ResultsSignature, ResultsStop, ResultsTable, ResultsTableRef,
    ResultsTournament, VERSION,
};

/// A stored time as the document writes it.
pub(super) fn utc(at: NaiveDateTime) -> DateTime<Utc> {
    at.and_utc()
}

fn corrupt(what: String) -> ApiError {
    ApiError::Internal(anyhow::anyhow!("stored data does not export: {what}"))
}

/// The document of `tournament` as stored now.
pub fn document(
    conn: &mut DbConn,
    tournament: &TournamentRow,
) -> Result<ResultsDocument, ApiError> {
    // The open results format (docs/results-format.md) describes Doppelkopf's deals.
    super::doppelkopf_only(tournament, "the results document")?;
    let players = db::players::of_tournament(conn, tournament.id)?;
    let start_numbers: HashMap<i64, i32> = players.iter().map(|p| (p.id, p.start_number)).collect();
    let number_of = |id: i64| {
        start_numbers.get(&id).copied().ok_or_else(|| {
            corrupt(format!(
                "player {id} is not of tournament {}",
                tournament.id
            ))
        })
    };

    let seating_plan = match db::plans::find(conn, tournament.id)? {
        None => None,
        Some(row) => {
            let rounds: Vec<Vec<Vec<i64>>> = serde_json::from_str(&row.rounds)
                .map_err(|e| corrupt(format!("seating plan: {e}")))?;
            let rounds = rounds
                .iter()
                .map(|tables| {
                    tables
                        .iter()
                        .map(|seats| seats.iter().map(|&p| number_of(p)).collect())
                        .collect()
                })
                .collect::<Result<Vec<Vec<Vec<i32>>>, ApiError>>()?;
            Some(ResultsPlan {
                seed: row.seed,
                first_round: row.first_round,
                rounds,
                created_at: utc(row.created_at),
            })
        }
    };

    let round_rows = db::rounds::of_tournament(conn, tournament.id)?;
    let round_ids: Vec<i64> = round_rows.iter().map(|r| r.id).collect();
    let mut table_rows = db::tables::of_rounds(conn, &round_ids)?;
    table_rows.sort_by_key(|t| t.number);
    let table_ids: Vec<i64> = table_rows.iter().map(|t| t.id).collect();

    let mut seats: HashMap<i64, Vec<(i32, i64)>> = HashMap::new();
    for (table, seat, player) in db::tables::seats_of_tables(conn, &table_ids)? {
        seats.entry(table).or_default().push((seat, player));
    }
    let mut deals: HashMap<i64, Vec<DealRow>> = HashMap::new();
    for row in db::deals::of_tables(conn, &table_ids)? {
        deals.entry(row.table_id).or_default().push(row);
    }
    let times: HashMap<i64, (NaiveDateTime, NaiveDateTime)> =
        db::results::deal_times(conn, &table_ids)?
            .into_iter()
            .map(|(id, entered, changed)| (id, (entered, changed)))
            .collect();
    let mut penalties: HashMap<i64, Vec<PenaltyRow>> = HashMap::new();
    for row in db::penalties::of_tables(conn, &table_ids)? {
        penalties.entry(row.table_id).or_default().push(row);
    }
    let mut signatures: HashMap<i64, Vec<SignatureRow>> = HashMap::new();
    for row in db::signatures::of_tables(conn, &table_ids)? {
        signatures.entry(row.table_id).or_default().push(row);
    }

    // For the audit log's lines: which table an id was.
    let mut table_refs: HashMap<i64, ResultsTableRef> = HashMap::new();
    let mut rounds = Vec::with_capacity(round_rows.len());
    for round in &round_rows {
        let mut tables = Vec::new();
        for table in table_rows.iter().filter(|t| t.round_id == round.id) {
            table_refs.insert(
                table.id,
                ResultsTableRef {
                    round: round.number,
                    table: table.number,
                },
            );
            let mut seated = seats.remove(&table.id).unwrap_or_default();
            seated.sort_unstable();
            let ctx = TableContext {
                table: table.clone(),
                round: round.clone(),
                tournament: tournament.clone(),
                seats: seated.iter().map(|&(_, p)| p).collect(),
            };
            let deal_rows = deals.remove(&table.id).unwrap_or_default();
            let penalty_rows = penalties.remove(&table.id).unwrap_or_default();
            let signature_rows = signatures.remove(&table.id).unwrap_or_default();
            // A sheet that does not score (a table the organiser must mend) is still
            // exported as entered, its scores null: the document keeps what is stored.
            let derived = sheet::check_numbers(&deal_rows).and_then(|()| {
                sheet::derive_with(
                    &ctx,
                    Stored {
                        deals: deal_rows.clone(),
                        penalties: &penalty_rows,
                        signatures: &signature_rows,
                        players: &[],
                    },
                )
            });
            let scored = derived
                .as_ref()
                .ok()
                .and_then(|d| d.doppelkopf().ok())
                .map(|s| s.scored());
            tables.push(ResultsTable {
                number: table.number,
                seats: ctx
                    .seats
                    .iter()
                    .map(|&p| number_of(p))
                    .collect::<Result<_, _>>()?,
                planned_deals: table.planned_deals,
                extra_minutes: table.extra_minutes,
                time_up_after: table.time_up_after,
                time_up_by_clock: table.time_up_by_clock,
                version_floor: table.version_floor,
                deals: deal_rows
                    .iter()
                    .enumerate()
                    .map(|(i, row)| {
                        let (entered, changed) = times
                            .get(&row.id)
                            .copied()
                            .ok_or_else(|| corrupt(format!("deal {} has no times", row.id)))?;
                        let entry = db::deals::StoredEntry::parse(&row.facts)
                            .and_then(|e| e.to_json().map_err(|e| e.to_string()))
                            .and_then(|json| RawValue::from_string(json).map_err(|e| e.to_string()))
                            .map_err(|e| corrupt(format!("deal {}: {e}", row.id)))?;
                        Ok(ResultsDeal {
                            number: row.number,
                            version: row.version,
                            entered_at: utc(entered),
                            updated_at: utc(changed),
                            entry: RawEntry(entry),
                            scored: scored.and_then(|s| s.deals().get(i)).map(scored_deal),
                        })
                    })
                    .collect::<Result<_, ApiError>>()?,
                penalties: penalty_rows
                    .iter()
                    .map(|p| ResultsPenalty {
                        deal_number: p.deal_number,
                        severity: p.severity.clone(),
                        offender: p.offender,
                        soloist: p.soloist,
                        could_harm_soloist: p.could_harm_soloist,
                        opposing_absagen: p.opposing_absagen,
                        deduction: p.deduction,
                        referee: p.referee.clone(),
                        offence: p.offence.clone(),
                        recorded_at: utc(p.created_at),
                        version: p.version,
                        scores: penalty_scores(scored, p),
                    })
                    .collect(),
                signatures: signature_rows
                    .iter()
                    .map(|s| {
                        Ok(ResultsSignature {
                            start_number: number_of(s.player_id)?,
                            signed_at: utc(s.signed_at),
                        })
                    })
                    .collect::<Result<_, ApiError>>()?,
                // A set result stands in for the deals: its points are the totals.
                totals: derived.as_ref().ok().and_then(|d| {
                    let scored = d.doppelkopf().ok()?.scored();
                    Some(
                        d.table
                            .adjustment()
                            .map_or_else(|| scored.totals().to_vec(), |a| a.points().to_vec()),
                    )
                }),
                adjusted: match (&table.adjusted_points, &table.adjusted_reason) {
                    (Some(points), Some(reason)) => Some(ResultsAdjustment {
                        points: sheet::adjusted_points(points).ok_or_else(|| {
                            corrupt(format!("table {}: set result {points:?}", table.id))
                        })?,
                        reason: reason.clone(),
                        at: utc(table.adjusted_at.unwrap_or(round.created_at)),
                    }),
                    _ => None,
                },
                stopped: table.stopped_reason.as_ref().map(|reason| ResultsStop {
                    reason: reason.clone(),
                    at: utc(table.stopped_at.unwrap_or(round.created_at)),
                }),
            });
        }
        rounds.push(ResultsRound {
            number: round.number,
            closed: round.closed,
            created_at: utc(round.created_at),
            started_at: round.started_at.map(utc),
            draw_method: round.draw_method.clone(),
            draw_seed: round.draw_seed.clone(),
            tables,
        });
    }

    let mut emails: HashMap<i64, Option<String>> = HashMap::new();
    let mut audit = Vec::new();
    for line in db::audit::of_tournament(conn, tournament.id)? {
        let actor = actor(conn, &line.actor, &mut emails)?;
        let parse = |json: Option<String>| -> Result<Option<serde_json::Value>, ApiError> {
            json.map(|j| serde_json::from_str(&j))
                .transpose()
                .map_err(|e| corrupt(format!("audit line {}: {e}", line.id)))
        };
        audit.push(ResultsAuditLine {
            at: utc(line.at),
            actor,
            action: line.action,
            // A line about a table deleted since (with its round) names none.
            table: line.table_id.and_then(|id| table_refs.get(&id).copied()),
            reason: line.reason,
            before: parse(line.before_json)?,
            after: parse(line.after_json)?,
        });
    }

    Ok(ResultsDocument {
        format: FORMAT.to_owned(),
        version: VERSION,
        exported_at: utc(crate::services::now()),
        tournament: ResultsTournament {
            name: tournament.name.clone(),
            date: tournament.held_on,
            venue: tournament.venue.clone(),
            rounds_planned: tournament.rounds_planned,
            deals_four: tournament.deals_four,
            deals_five: tournament.deals_five,
            minutes_four: tournament.minutes_four,
            minutes_five: tournament.minutes_five,
            ruleset: crate::wire::game::ruleset_name(tournament.game).to_owned(),
            game: (tournament.game != domain::game::Game::DDV).then(|| tournament.game.into()),
            tie_breaks: tournament.tie_break_names(),
            published: tournament.published,
            created_at: utc(tournament.created_at),
            time_zone: Some(tournament.time_zone.clone()),
            finished_at: tournament.finished_at.map(utc),
        },
        players: players
            .into_iter()
            .map(|p| ResultsPlayer {
                start_number: p.start_number,
                name: p.name,
                public_name: p.public_name,
                club: p.club,
                ddv_number: p.ddv_number,
                checked_in: p.checked_in,
                withdrawn: p.withdrawn,
                created_at: utc(p.created_at),
                disqualification: p.disqualified_at.map(|at| ResultsDisqualification {
                    at: utc(at),
                    reason: p.disqualification_reason.clone().unwrap_or_default(),
                    results: crate::wire::players::results_word(p.disqualification_struck)
                        .to_owned(),
                }),
            })
            .collect(),
        seating_plan,
        rounds,
        audit,
    })
}

/// A deal as the document says it scored.
pub(super) fn scored_deal(d: &domain::sheet::ScoredDeal) -> ResultsScored {
    ResultsScored {
        dealer: d.sheet.dealer,
        sitting_out: d.sheet.sitting_out,
        kind: d.sheet.kind.as_str().to_owned(),
        soloist: d.soloist,
        winner: d.game.winner.as_str().to_owned(),
        value: d.game.value,
        game_scores: d.game_scores.clone(),
        scores: d.scores.clone(),
    }
}

/// A penalty's entries as the scored sheet has them, if it is on a deal of the sheet.
pub(super) fn penalty_scores(
    scored: Option<&domain::sheet::ScoredSheet>,
    row: &PenaltyRow,
) -> Option<Vec<i32>> {
    let deal = usize::try_from(row.deal_number).ok()?.checked_sub(1)?;
    scored?
        .deals()
        .get(deal)?
        .penalties
        .iter()
        .find(|p| p.id == row.id)
        .map(|p| p.penalty.scores().to_vec())
}

/// The actor of an audit line as the document names it: an organiser by e-mail (his id
/// means nothing to another instance), a captain by his line's table (the join code in
/// the stored actor is a secret).
fn actor(
    conn: &mut DbConn,
    stored: &str,
    emails: &mut HashMap<i64, Option<String>>,
) -> Result<ResultsActor, ApiError> {
    let (role, rest) = stored.split_once(':').unwrap_or((stored, ""));
    Ok(match role {
        "organizer" => {
            let email = match rest.parse::<i64>() {
                Ok(id) => match emails.get(&id) {
                    Some(known) => known.clone(),
                    None => {
                        let found = db::organizers::find(conn, id)?.map(|o| o.email);
                        emails.insert(id, found.clone());
                        found
                    }
                },
                // An imported line whose organiser has no account here keeps his e-mail.
                Err(_) => (!rest.is_empty()).then(|| rest.to_owned()),
            };
            ResultsActor {
                role: "organizer".to_owned(),
                email,
            }
        }
        // An imported line whose organiser has no account here keeps his e-mail.
        "imported" => {
            let email = rest.strip_prefix("organizer:").unwrap_or(rest);
            ResultsActor {
                role: "organizer".to_owned(),
                email: (!email.is_empty()).then(|| email.to_owned()),
            }
        }
        other => ResultsActor {
            role: other.to_owned(),
            email: None,
        },
    })
}
