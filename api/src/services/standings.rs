//! Standings: every table's sheet of every round re-derived through the domain, turned
//! into one line per player and round, and ranked by `domain::standings`. The totals are
//! therefore the sums of the sheets, penalties included, by construction.

use std::collections::HashMap;

use diesel::prelude::*;
use domain::standings::{SheetLine, Standing, TieBreak};

use super::access::TableContext;
use super::sheet;
use crate::db::DbConn;
use crate::db::models::{DealRow, PenaltyRow, PlayerRow, RoundRow, TableRow, TournamentRow};
use crate::db::schema::{deals, penalties, players, round_tables, rounds, table_seats};
use crate::error::ApiError;

/// The players and their standings.
pub struct Standings {
    /// Every player of the tournament, by id.
    pub players: HashMap<i64, PlayerRow>,
    /// Best first.
    pub standings: Vec<Standing>,
    /// Tables whose sheet does not derive: they are left out of the standings (their
    /// players keep their other rounds) until the organiser mends them.
    pub needs_attention: Vec<TableAttention>,
}

/// A table whose sheet cannot be scored as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableAttention {
    /// The table's id.
    pub table_id: i64,
    /// Its round's number.
    pub round: i32,
    /// Its number in the round.
    pub table_number: i32,
    /// What is wrong, for the organiser.
    pub problem: String,
}

/// The standings of `tournament`, over all rounds or one.
pub fn compute(
    conn: &mut DbConn,
    tournament: &TournamentRow,
    round: Option<u16>,
) -> Result<Standings, ApiError> {
    let roster: Vec<PlayerRow> = players::table
        .filter(players::tournament_id.eq(tournament.id))
        .order(players::id.asc())
        .select(PlayerRow::as_select())
        .load(conn)?;
    let round_rows: Vec<RoundRow> = rounds::table
        .filter(rounds::tournament_id.eq(tournament.id))
        .select(RoundRow::as_select())
        .load(conn)?;
    let round_ids: Vec<i64> = round_rows.iter().map(|r| r.id).collect();
    let tables: Vec<TableRow> = round_tables::table
        .filter(round_tables::round_id.eq_any(&round_ids))
        .select(TableRow::as_select())
        .load(conn)?;
    let table_ids: Vec<i64> = tables.iter().map(|t| t.id).collect();
    // Four queries for the whole tournament, grouped in memory, instead of three per table.
    let mut seats: HashMap<i64, Vec<(i32, i64)>> = HashMap::new();
    for (table, seat, player) in table_seats::table
        .filter(table_seats::table_id.eq_any(&table_ids))
        .select((
            table_seats::table_id,
            table_seats::seat,
            table_seats::player_id,
        ))
        .load::<(i64, i32, i64)>(conn)?
    {
        seats.entry(table).or_default().push((seat, player));
    }
    let mut deal_rows: HashMap<i64, Vec<DealRow>> = HashMap::new();
    for row in deals::table
        .filter(deals::table_id.eq_any(&table_ids))
        .order((deals::table_id.asc(), deals::number.asc()))
        .select(DealRow::as_select())
        .load::<DealRow>(conn)?
    {
        deal_rows.entry(row.table_id).or_default().push(row);
    }
    let mut penalty_rows: HashMap<i64, Vec<PenaltyRow>> = HashMap::new();
    for row in penalties::table
        .filter(penalties::table_id.eq_any(&table_ids))
        .order(penalties::id.asc())
        .select(PenaltyRow::as_select())
        .load::<PenaltyRow>(conn)?
    {
        penalty_rows.entry(row.table_id).or_default().push(row);
    }

    let rounds_by_id: HashMap<i64, &RoundRow> = round_rows.iter().map(|r| (r.id, r)).collect();
    let mut lines = Vec::new();
    let mut needs_attention = Vec::new();
    for table in tables {
        let Some(round_row) = rounds_by_id.get(&table.round_id) else {
            continue;
        };
        let mut table_seats = seats.remove(&table.id).unwrap_or_default();
        table_seats.sort_unstable();
        let ctx = TableContext {
            table: table.clone(),
            round: (*round_row).clone(),
            tournament: tournament.clone(),
            seats: table_seats.into_iter().map(|(_, p)| p).collect(),
        };
        let rows = deal_rows.remove(&table.id).unwrap_or_default();
        // One broken sheet must not take the whole tournament's standings down: it is
        // named for the organiser and everyone else is still ranked.
        let derived = sheet::check_numbers(&rows)
            .and_then(|()| {
                rows.iter()
                    .map(sheet::parse_entry)
                    .collect::<Result<Vec<_>, _>>()
            })
            .and_then(|entries| {
                sheet::derive(
                    &ctx,
                    &rows,
                    &entries,
                    penalty_rows.get(&table.id).map_or(&[], Vec::as_slice),
                )
            });
        let derived = match derived {
            Ok(derived) => derived,
            Err(e) => {
                tracing::warn!(table = table.id, error = %e, "a sheet does not derive");
                needs_attention.push(TableAttention {
                    table_id: table.id,
                    round: round_row.number,
                    table_number: table.number,
                    problem: e.to_string(),
                });
                continue;
            }
        };
        let round_number = u16::try_from(round_row.number).unwrap_or(0);
        for (seat, player) in ctx.seats.iter().enumerate() {
            let seat_u8 = u8::try_from(seat).unwrap_or(u8::MAX);
            let mut line = SheetLine {
                player: *player,
                round: round_number,
                points: derived.sheet.totals.get(seat).copied().unwrap_or(0),
                deals_played: 0,
                games_won: 0,
                solos_played: 0,
                solos_won: 0,
            };
            for (deal, soloist) in derived.sheet.deals.iter().zip(&derived.solos) {
                if deal.sitting_out == Some(seat_u8) {
                    continue;
                }
                line.deals_played += 1;
                let won = deal.game_scores.get(seat).is_some_and(|s| *s > 0);
                line.games_won += u16::from(won);
                if *soloist == Some(seat_u8) {
                    line.solos_played += 1;
                    line.solos_won += u16::from(won);
                }
            }
            lines.push(line);
        }
    }
    let tie_breaks: Vec<TieBreak> = super::validate::split_list(&tournament.tie_breaks)
        .iter()
        .filter_map(|name| TieBreak::ALL.into_iter().find(|t| t.as_str() == name))
        .collect();
    let ids: Vec<i64> = roster.iter().map(|p| p.id).collect();
    let planned = u16::try_from(tournament.rounds_planned).unwrap_or(0);
    let standings = match round {
        None => domain::standings::standings(&ids, &lines, planned, &tie_breaks),
        Some(r) => domain::standings::round_standings(&ids, &lines, planned, r, &tie_breaks),
    }
    .map_err(|e| match e {
        domain::standings::StandingsError::NoSuchRound { .. } => {
            ApiError::field("invalid_query", "round", "out_of_range", e.to_string())
        }
        other => ApiError::Internal(anyhow::anyhow!("the sheets do not add up: {other}")),
    })?;
    Ok(Standings {
        players: roster.into_iter().map(|p| (p.id, p)).collect(),
        standings,
        needs_attention,
    })
}
