//! Join codes: the organiser issues a table's code, or the codes of a whole round at once,
//! reads them back to print them again, and revokes them.
//!
//! A new code for a table supersedes its live one: nobody can join with the old code any
//! more, but the captain who joined with it stays logged in, so handing out a fresh card
//! in the middle of a round does not interrupt the table. Only revoking logs captains out
//! (every token made from any of the table's codes stops working).

use std::collections::HashMap;

use super::access::{self, Need};
use super::codes::new_code;
use super::table_write;
use super::{audit, now};
use crate::auth::Caller;
use crate::db::models::{JoinCodeRow, RoundRow, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::join_codes::{
    IssueJoinCodesRequest, JoinCodeResponse, RoundJoinCodesResponse, TableJoinCodeResponse,
};

/// Issues `code` for a table; the table's live code is superseded (see the module).
pub fn create(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    code: &str,
) -> Result<JoinCodeResponse, ApiError> {
    access::organizer_only(caller)?;
    let ctx = table_write::lock(conn, table_id, caller)?;
    issue(conn, table_id, code)?;
    audit::Change::new(ctx.tournament.id, caller, "join_code.create")
        .at_table(table_id)
        .record(conn)?;
    Ok(JoinCodeResponse::printed(code, table_id))
}

/// Supersedes a table's live code and stores `code` as its new one.
fn issue(conn: &mut DbConn, table_id: i64, code: &str) -> Result<JoinCodeRow, ApiError> {
    let at = now();
    db::join_codes::supersede_live(conn, table_id, at)?;
    db::join_codes::insert(conn, code, table_id, at)?;
    Ok(JoinCodeRow {
        code: code.to_owned(),
        table_id,
        created_at: at,
        revoked_at: None,
        superseded_at: None,
    })
}

/// Revokes a table's codes.
pub fn revoke(conn: &mut DbConn, table_id: i64, caller: &Caller) -> Result<(), ApiError> {
    access::organizer_only(caller)?;
    let ctx = table_write::lock(conn, table_id, caller)?;
    db::join_codes::revoke_all(conn, table_id, now())?;
    audit::Change::new(ctx.tournament.id, caller, "join_code.revoke")
        .at_table(table_id)
        .record(conn)?;
    Ok(())
}

/// The tournament of `tournament_id` if the caller is its organiser. Codes open tables for
/// writing, so only the owner sees them, even of a published tournament: an anonymous
/// caller learns that he must log in (401), a captain that his token does not reach them
/// (403), another organiser nothing (404).
fn owned(
    conn: &mut DbConn,
    tournament_id: i64,
    caller: &Caller,
) -> Result<TournamentRow, ApiError> {
    access::organizer_only(caller)?;
    // For an organiser, `Need::Write` is exactly "his own": it takes no lock.
    access::tournament(conn, tournament_id, caller, Need::Write)
}

fn owned_round(conn: &mut DbConn, round_id: i64, caller: &Caller) -> Result<RoundRow, ApiError> {
    access::organizer_only(caller)?;
    let round = db::rounds::find(conn, round_id)?.ok_or(ApiError::NotFound)?;
    owned(conn, round.tournament_id, caller)?;
    Ok(round)
}

/// Gives every table of round `round_id` a code: those without a live code, or all with
/// `renew`. Each table is locked as every write to it is, in table order (so two of these
/// at once cannot deadlock), and re-read under the lock, so a code issued in between
/// by another request is kept rather than superseded.
pub fn issue_for_round(
    conn: &mut DbConn,
    round_id: i64,
    caller: &Caller,
    request: &IssueJoinCodesRequest,
) -> Result<RoundJoinCodesResponse, ApiError> {
    let round = owned_round(conn, round_id, caller)?;
    let tables = db::rounds::tables(conn, round.id)?;
    let mut answer = Vec::with_capacity(tables.len());
    for table in &tables {
        let ctx = table_write::lock(conn, table.id, caller)?;
        let live = db::join_codes::live_of_tables(conn, &[table.id])?
            .into_iter()
            .next();
        let entry = match live {
            Some(row) if !request.renew => {
                TableJoinCodeResponse::new(table.id, table.number, Some(&row), false)
            }
            _ => {
                let row = issue(conn, table.id, &new_code()?)?;
                // One line a table, as when the organiser issues a single table's code.
                audit::Change::new(ctx.tournament.id, caller, "join_code.create")
                    .at_table(table.id)
                    .record(conn)?;
                TableJoinCodeResponse::new(table.id, table.number, Some(&row), true)
            }
        };
        answer.push(entry);
    }
    Ok(RoundJoinCodesResponse {
        round_id: round.id,
        round_number: round.number,
        tables: answer,
    })
}

/// The live codes of every table of round `id`.
pub async fn of_round(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<RoundJoinCodesResponse, ApiError> {
    state
        .db
        .run(move |conn| {
            let round = owned_round(conn, id, &caller)?;
            let tables = db::rounds::tables(conn, round.id)?;
            let ids: Vec<i64> = tables.iter().map(|t| t.id).collect();
            let mut live: HashMap<i64, JoinCodeRow> = HashMap::new();
            for row in db::join_codes::live_of_tables(conn, &ids)? {
                // Newest first per table; there is at most one live code anyway.
                live.entry(row.table_id).or_insert(row);
            }
            Ok(RoundJoinCodesResponse {
                round_id: round.id,
                round_number: round.number,
                tables: tables
                    .iter()
                    .map(|t| TableJoinCodeResponse::new(t.id, t.number, live.get(&t.id), false))
                    .collect(),
            })
        })
        .await
}

/// The live code of table `id`.
pub async fn of_table(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<TableJoinCodeResponse, ApiError> {
    state
        .db
        .run(move |conn| {
            access::organizer_only(&caller)?;
            let (table, round) = db::tables::with_round(conn, id)?.ok_or(ApiError::NotFound)?;
            owned(conn, round.tournament_id, &caller)?;
            let live = db::join_codes::live_of_tables(conn, &[table.id])?;
            Ok(TableJoinCodeResponse::new(
                table.id,
                table.number,
                live.first(),
                false,
            ))
        })
        .await
}
