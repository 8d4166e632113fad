//! The way into every write to a table (entries, corrections, deletions, penalties,
//! time-up, extra time, signatures, join codes): the table's lock first, then the access
//! check, then the clock's time-up stored if the time has run out (`settle`), so that the
//! write builds on the sheet a read shows and writes to one table serialise on both
//! backends. The access check itself only checks ([`super::access::table`]).
//!
//! A write to the sheet opens it with [`open`]: the table's rows are read once and the
//! domain judges them once, and the same judgment settles the clock, checks the write and,
//! when a 409 must show the sheet, gives its view. After storing, the write hands back the
//! rows as it changed them ([`TableWrite::after`]) or, where the database renumbered them,
//! reads them again ([`TableWrite::reread`]); either way the answer is derived once. The
//! transaction around it opens in [`super::write`], which also replays a repeated
//! `Idempotency-Key`.
//!
//! A deal's entry keeps the sheet's rows as it stored them ([`TableWrite::after_kept`]),
//! once its transaction committed ([`db::memo::on_commit`]): the next write to the table
//! takes them instead of reading them again when its lock counts exactly one write more
//! ([`crate::db::models::TableRow::sheet_writes`]; every write to a sheet's deals,
//! penalties and signatures takes the lock, and one that rolls back takes its count with
//! it). That saves a deal's entry three of its statements, which are round trips on
//! PostgreSQL. The players' rows change without the lock (a name corrected) and are read
//! every time, with the seats.

use std::sync::Arc;

use domain::sheet::TimeUpBy;

use super::access::{self, Need, TableContext};
use super::sheet::{self, Derived, Judged, TableRows};
use super::table_clock::TableClock;
use crate::auth::Caller;
use crate::db::models::{DealRow, PenaltyRow, PlayerRow, SignatureRow};
use crate::db::{self, DbConn, locks};
use crate::error::ApiError;

/// What a table's kept rows were left at: the count of writes that stored them, the round
/// and the seats.
#[derive(Debug, PartialEq)]
struct KeptAt {
    writes: i64,
    round: i64,
    seats: Vec<i64>,
}

/// A sheet's rows that only writes under the table's lock change, as a committed write
/// left them.
#[derive(Debug)]
struct KeptRows {
    deals: Vec<DealRow>,
    penalties: Vec<PenaltyRow>,
    signatures: Vec<SignatureRow>,
}

impl KeptRows {
    /// Those of `rows`.
    fn of(rows: &TableRows) -> KeptRows {
        KeptRows {
            deals: rows.deals.clone(),
            penalties: rows.penalties.clone(),
            signatures: rows.signatures.clone(),
        }
    }

    /// The table's rows: these beside the seated `players`, read afresh.
    fn beside(&self, players: Vec<PlayerRow>) -> TableRows {
        TableRows {
            deals: self.deals.clone(),
            penalties: self.penalties.clone(),
            signatures: self.signatures.clone(),
            players,
        }
    }
}

/// A table opened for a write to its sheet: locked for the rest of the transaction,
/// reachable by the caller for writing, its rows read and judged once, its clock's time-up
/// stored.
pub struct TableWrite {
    /// The table with its round, tournament and seats.
    pub ctx: TableContext,
    /// The stored rows; a write that changes the sheet changes them in step with what it
    /// stores, and [`TableWrite::after`] derives the answer from them.
    pub rows: TableRows,
    /// The round as the domain judged the rows before the write.
    pub before: Judged,
}

impl TableWrite {
    /// The sheet before the write with its wire view, built from the judgment already made
    /// (the rules are not asked again): for a write that shows or audits what it changes.
    pub fn sheet_before(&self) -> Derived {
        self.rows.view(&self.ctx, &self.before)
    }

    /// The sheet before the write as JSON, for a 409 that shows it.
    pub fn current(&self) -> Option<serde_json::Value> {
        self.rows.current(&self.ctx, &self.before)
    }

    /// A 409 `code` that shows the sheet before the write.
    pub fn conflict(&self, code: &'static str, detail: String) -> ApiError {
        ApiError::Conflict {
            code,
            detail,
            current: self.current(),
        }
    }

    /// [`TableWrite::after`], and the rows kept for the next write to the table once this
    /// one committed: for a write whose rows in memory are exactly what it stored (a
    /// deal's entry, which appends the stored row and clears the signatures it cleared).
    pub fn after_kept(self) -> Result<(TableContext, Derived), ApiError> {
        if let Some(memos) = db::memo::current() {
            let at = KeptAt {
                writes: self.ctx.table.sheet_writes,
                round: self.ctx.table.round_id,
                seats: self.ctx.seats.clone(),
            };
            let rows = Arc::new(KeptRows::of(&self.rows));
            let table = self.ctx.table.id;
            db::memo::on_commit(move || memos.sheets.put(table, at, rows));
        }
        self.after()
    }

    /// The sheet the write leaves: derived from the rows as the write changed them (not
    /// read again), with the table's context as the write left it.
    pub fn after(self) -> Result<(TableContext, Derived), ApiError> {
        let derived = self.rows.derive(&self.ctx)?;
        Ok((self.ctx, derived))
    }

    /// The sheet the write leaves, read again: for a write whose change the rows in memory
    /// do not follow (a deletion renumbers the later deals and their penalties, a penalty
    /// gets its id from the database).
    pub fn reread(self, conn: &mut DbConn) -> Result<(TableContext, Derived), ApiError> {
        let derived = sheet::current(conn, &self.ctx)?;
        Ok((self.ctx, derived))
    }
}

/// Table `table_id` opened for a write to its sheet by `caller`, inside the write's
/// transaction (see [`TableWrite`]). A sheet that does not derive is refused here, as the
/// write would refuse it (a 409 naming the deal).
pub fn open(conn: &mut DbConn, table_id: i64, caller: &Caller) -> Result<TableWrite, ApiError> {
    locks::lock_table(conn, table_id)?;
    let (mut ctx, players) = access::table_with_players(conn, table_id, caller, Need::Change)?;
    let rows = match kept(&ctx) {
        Some(kept) => kept.beside(players),
        None => TableRows::read_beside(conn, &ctx, players)?,
    };
    let before = rows.judge(&ctx)?;
    settle(conn, &mut ctx, &before)?;
    Ok(TableWrite { ctx, rows, before })
}

/// The rows the last committed write to the table of `ctx` kept, if it was the write just
/// before this one (whose lock raised the count by one), at the same round and seats.
fn kept(ctx: &TableContext) -> Option<Arc<KeptRows>> {
    let at = KeptAt {
        writes: ctx.table.sheet_writes.checked_sub(1)?,
        round: ctx.table.round_id,
        seats: ctx.seats.clone(),
    };
    db::memo::current()?
        .sheets
        .get::<KeptAt, KeptRows>(ctx.table.id, &at)
}

/// Table `table_id` for a write by `caller` that does not touch its sheet (a join code),
/// inside the write's transaction: locked, reachable, its clock's time-up stored. The sheet
/// is read only when the time has run out without a mark; one that does not derive is left
/// as it is (a code can still be issued for such a table).
pub fn lock(conn: &mut DbConn, table_id: i64, caller: &Caller) -> Result<TableContext, ApiError> {
    locks::lock_table(conn, table_id)?;
    // A code moves no standings: it can still be issued or revoked once the tournament is
    // finished (a leaked code revoked after the day). A settings change that re-plans a
    // table asked for `Need::Change` before it came here.
    let mut ctx = access::table(conn, table_id, caller, Need::Write)?;
    if !due(&ctx) {
        return Ok(ctx);
    }
    let judged = match TableRows::read(conn, &ctx).and_then(|rows| rows.judge(&ctx)) {
        Ok(judged) => judged,
        // The sheet does not fit the rules as stored; a write to it names the deal.
        Err(ApiError::Conflict { .. }) => return Ok(ctx),
        Err(e) => return Err(e),
    };
    settle(conn, &mut ctx, &judged)?;
    Ok(ctx)
}

/// Whether the clock may have run out at a table without a time-up stored.
fn due(ctx: &TableContext) -> bool {
    ctx.table.time_up_after.is_none()
        && ctx.round.started_at.is_some()
        && TableClock::of(ctx)
            .ok()
            .flatten()
            .is_some_and(|clock| clock.has_run_out(super::steady_now()))
}

/// Stores the clock's time-up at a table whose lock this transaction holds, before the
/// write changes anything: the mark the judgment of its rows derived (no mark stored and
/// the time over, [`sheet::judge`]), which is the one a read shows now. Nothing to do
/// otherwise.
fn settle(conn: &mut DbConn, ctx: &mut TableContext, judged: &Judged) -> Result<(), ApiError> {
    if ctx.table.time_up_after.is_some() {
        return Ok(());
    }
    if let (Some(TimeUpBy::Clock), Some(after)) = (judged.time_up_by, judged.table.time_up_after())
    {
        let after = i32::try_from(after).unwrap_or(i32::MAX);
        db::tables::set_time_up_by_clock(conn, ctx.table.id, after)?;
        ctx.table.time_up_after = Some(after);
        ctx.table.time_up_by_clock = true;
    }
    Ok(())
}
