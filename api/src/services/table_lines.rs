//! Each table's lines for the standings, derived once per change of the table: a new deal
//! costs the standings that table's work, not the tournament's.
//!
//! A table's lines depend on its rows (deals, penalties), its row, its round's and
//! tournament's rows, its seats, and whether its round's clock has run out now (which
//! ends a round that was not marked). Everything but the deals and penalties is read for
//! every table anyway; the deals and penalties are counted by the table's row
//! ([`crate::db::models::TableRow::sheet_writes`], raised by every write's lock on the
//! table). Together they are the table's `Stamp`: the lines kept in the database's memo
//! ([`crate::db::memo`]) at the same stamp are taken, and only the other tables' rows are
//! read and judged.
//!
//! Work inside a transaction neither takes nor keeps anything: what it reads may be its own
//! writes, which may yet roll back.

use std::collections::HashMap;
use std::sync::Arc;

use domain::table::TableLines;

use super::access::TableContext;
use super::sheet;
use super::table_clock::TableClock;
use crate::db::models::{RoundRow, TableRow, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::ApiError;

/// What a table's lines were derived from.
#[derive(Debug, PartialEq)]
struct Stamp {
    table: TableRow,
    round: RoundRow,
    tournament: TournamentRow,
    seats: Vec<i64>,
    clock_over: bool,
}

/// A table's lines, or why its sheet cannot be scored.
#[derive(Debug)]
pub enum Outcome {
    /// Each seat's line.
    Lines(TableLines),
    /// What is wrong with the stored sheet, for the organiser.
    Broken(String),
}

/// One table with its seats and lines, for the standings.
#[derive(Debug)]
pub struct Scored {
    /// The table and its round and seats.
    pub ctx: TableContext,
    /// Its lines.
    pub outcome: Arc<Outcome>,
}

/// The lines of `tables` (of `tournament`, their rounds in `rounds`; a table of another
/// round is left out), in their order: kept ones where the stamp is unchanged, the others
/// read and judged.
pub fn scored(
    conn: &mut DbConn,
    tables: Vec<TableRow>,
    rounds: &HashMap<i64, &RoundRow>,
    tournament: &TournamentRow,
) -> Result<Vec<Scored>, ApiError> {
    let ids: Vec<i64> = tables.iter().map(|t| t.id).collect();
    let mut seats: HashMap<i64, Vec<(i32, i64)>> = HashMap::new();
    for (table, seat, player) in db::tables::seats_of_tables(conn, &ids)? {
        seats.entry(table).or_default().push((seat, player));
    }
    let memo = db::memo::current().filter(|_| !db::in_transaction(conn));
    let now = super::steady_now();
    let mut scored = Vec::with_capacity(tables.len());
    let mut missing = Vec::new();
    for table in tables {
        let Some(round) = rounds.get(&table.round_id) else {
            continue;
        };
        let mut seated = seats.remove(&table.id).unwrap_or_default();
        seated.sort_unstable();
        let ctx = TableContext {
            table,
            round: (*round).clone(),
            tournament: tournament.clone(),
            seats: seated.into_iter().map(|(_, p)| p).collect(),
        };
        let stamp = Stamp {
            table: ctx.table.clone(),
            round: ctx.round.clone(),
            tournament: ctx.tournament.clone(),
            seats: ctx.seats.clone(),
            clock_over: TableClock::of(&ctx)?.is_some_and(|c| c.has_run_out(now)),
        };
        let kept = memo
            .as_ref()
            .and_then(|m| m.lines.get::<Stamp, Outcome>(ctx.table.id, &stamp));
        if kept.is_none() {
            missing.push(ctx.table.id);
        }
        scored.push((ctx, stamp, kept));
    }
    let mut rows = sheet::TablesRows::load(conn, &missing)?;
    scored
        .into_iter()
        .map(|(ctx, stamp, kept)| {
            let outcome = match kept {
                Some(kept) => kept,
                None => {
                    let outcome = Arc::new(match rows.judge_at(&ctx) {
                        Ok(judged) => {
                            let round = u16::try_from(ctx.round.number).unwrap_or(0);
                            Outcome::Lines(judged.table.lines(&ctx.seats, round))
                        }
                        Err(e) => Outcome::Broken(e.to_string()),
                    });
                    if let Some(memo) = &memo {
                        memo.lines.put(ctx.table.id, stamp, outcome.clone());
                    }
                    outcome
                }
            };
            Ok(Scored { ctx, outcome })
        })
        .collect()
}
