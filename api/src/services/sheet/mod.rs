//! A table's score sheet, re-derived from the stored entries on every read: the domain
//! decides dealers, kinds, Vorführen and scores ([`domain::sheet::score_sheet`]); nothing
//! derived is stored, so a correction of deal 5 moves every later dealer by itself. This
//! module translates: stored rows in, the sheet's wire form out.
//!
//! Time-up is the stored mark, or, once the table's time has run out without one, the
//! clock's time-up after the deals entered so far ([`domain::sheet::run_out`]); the first
//! write after that stores it ([`crate::services::table_write::open`]), so reads and writes see the
//! same sheet.

mod derived;
mod family;
mod forms;

use std::collections::HashMap;

use chrono::NaiveDateTime;
use domain::penalty::{Severity, Violation};
use domain::sheet::{RecordedPenalty, TimeUpBy};
use domain::table::{DoppelkopfSheet, TableSetup, TableSheet, TableView};

use crate::db::deals::StoredEntry;
use crate::db::models::{
    DealRow, PenaltyRow, PlayerRow, RoundRow, SignatureRow, TableRow, TournamentRow,
};
use crate::db::{self, DbConn};
use crate::domain_errors::{not_in_game, table_derive_error};
use crate::error::ApiError;
use crate::services::access::TableContext;
use crate::services::corrupt;
use crate::services::table_clock::TableClock;
use crate::wire::clock::{SeatPlayerView, rfc3339};
use crate::wire::score::ContractName;
use crate::wire::sheet::{
    AdjustedView, NextDealView, PenaltyView, SheetDealView, SheetResponse, StoppedView,
};
use crate::wire::signatures::SignatureView;

pub use self::derived::{Derived, conflict_with_sheet, deal_view};
pub use self::forms::{entry, parse, stored};

/// The table as the domain is told it: the game, the players seated, the planned deals.
pub fn setup(ctx: &TableContext) -> Result<TableSetup, ApiError> {
    let players = u8::try_from(ctx.seats.len()).map_err(|_| {
        corrupt(format!(
            "table {} has {} seats",
            ctx.table.id,
            ctx.seats.len()
        ))
    })?;
    Ok(TableSetup {
        game: ctx.tournament.game,
        players,
        planned_deals: u16::try_from(ctx.table.planned_deals).unwrap_or(0),
    })
}

fn severity(s: &str) -> Result<Severity, ApiError> {
    Severity::named(s).ok_or_else(|| corrupt(format!("penalty severity {s:?}")))
}

/// The domain's form of a penalty row. A deal number that fits no deal is `None`: such a
/// penalty is on no deal of the sheet.
fn recorded_penalty(row: &PenaltyRow) -> Result<Option<RecordedPenalty>, ApiError> {
    let Ok(deal_number) = u16::try_from(row.deal_number) else {
        return Ok(None);
    };
    Ok(Some(RecordedPenalty {
        id: row.id,
        deal_number,
        violation: Violation {
            severity: severity(&row.severity)?,
            offender: u8::try_from(row.offender).unwrap_or(u8::MAX),
            soloist: row.soloist.and_then(|s| u8::try_from(s).ok()),
            could_harm_soloist: row.could_harm_soloist,
            opposing_absagen: u8::try_from(row.opposing_absagen).unwrap_or(u8::MAX),
            // Out of range, the domain refuses it as it refuses any bad ruling.
            deduction: u8::try_from(row.deduction).unwrap_or(u8::MAX),
        },
    }))
}

/// What a table's sheet is derived from besides its context: the stored deals, penalties
/// and signatures, and the players to name the seats from (a player not among them is
/// left out).
pub struct Stored<'a> {
    /// The deal rows, in order.
    pub deals: Vec<DealRow>,
    /// The penalty rows.
    pub penalties: &'a [PenaltyRow],
    /// The signatures under the sheet.
    pub signatures: &'a [SignatureRow],
    /// The players to name the seats from.
    pub players: &'a [PlayerRow],
}

/// A table's round as the domain judged it from the stored rows, before any wire view is
/// built: what a write checks against.
pub struct Judged {
    /// The table's round.
    pub table: TableSheet,
    /// Why time is up, when it is.
    pub time_up_by: Option<TimeUpBy>,
    /// The table's clock, once its round has started (Doppelkopf only).
    pub clock: Option<TableClock>,
    stored: Vec<StoredEntry>,
    now: NaiveDateTime,
}

/// Judges a table's stored deals and penalties (a deal that no longer fits is a 409 naming
/// it).
pub fn judge(
    ctx: &TableContext,
    rows: &[DealRow],
    penalty_rows: &[PenaltyRow],
) -> Result<Judged, ApiError> {
    let stored = rows.iter().map(parse).collect::<Result<Vec<_>, _>>()?;
    let entries = stored
        .iter()
        .zip(rows)
        .map(|(s, row)| {
            s.table_entry()
                .map_err(|e| corrupt(format!("deal {}: {e}", row.id)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    // Only penalties on a deal of the sheet are read; the others belong to no deal.
    let on_sheet =
        |p: &&PenaltyRow| usize::try_from(p.deal_number).is_ok_and(|n| n <= entries.len());
    let penalties = penalty_rows
        .iter()
        .filter(on_sheet)
        .filter_map(|p| recorded_penalty(p).transpose())
        .collect::<Result<Vec<_>, _>>()?;
    let time_up_after = ctx
        .table
        .time_up_after
        .and_then(|n| usize::try_from(n).ok());
    let mut table = TableSheet::derive(setup(ctx)?, &entries, penalties, time_up_after)
        .map_err(|e| table_derive_error(&e))?;
    if let Some(stored) = &ctx.table.adjusted_points {
        let points = adjusted_points(stored)
            .ok_or_else(|| corrupt(format!("table {}: set result {stored:?}", ctx.table.id)))?;
        table
            .adjust(&points)
            .map_err(|e| corrupt(format!("table {}: set result: {e}", ctx.table.id)))?;
    }
    if ctx.table.stopped_reason.is_some() {
        table.restore_stop();
    }
    let mut time_up_by = time_up_after.map(|_| {
        if ctx.table.time_up_by_clock {
            TimeUpBy::Clock
        } else {
            TimeUpBy::Organiser
        }
    });
    let clock = TableClock::of(ctx)?;
    // The round clock's time: a wall clock that jumps ahead for a while ends no round.
    let now = super::steady_now();
    // No mark stored and the time is over: every deal on the sheet was entered before the
    // deadline (a write after it stores the mark before it changes anything), so time is
    // up after all of them.
    if time_up_after.is_none() && clock.is_some_and(|c| c.has_run_out(now)) && table.run_out() {
        time_up_by = Some(TimeUpBy::Clock);
    }
    Ok(Judged {
        table,
        time_up_by,
        clock,
        stored,
        now,
    })
}

/// A set result as stored: each seat's points, comma-separated; `None` if it is not that.
pub fn adjusted_points(stored: &str) -> Option<Vec<i64>> {
    stored
        .split(',')
        .map(|p| p.trim().parse::<i64>().ok())
        .collect()
}

impl Judged {
    /// The Doppelkopf sheet; a 422 `not_in_game` at a family game's table, for what only
    /// Doppelkopf has (penalties, time-up, extra time).
    pub fn doppelkopf(&self) -> Result<&DoppelkopfSheet, ApiError> {
        self.table.doppelkopf().map_err(|e| not_in_game(&e))
    }

    /// The sheet's wire form, from the rows it was judged from and the signatures and
    /// players to show.
    fn view(
        &self,
        ctx: &TableContext,
        rows: &[DealRow],
        penalty_rows: &[PenaltyRow],
        signatures: &[SignatureRow],
        players: &[PlayerRow],
    ) -> SheetResponse {
        let seats = seat_players(ctx, players);
        let mut sheet = match self.table.view() {
            TableView::Doppelkopf(dk) => {
                let mut sheet = view(ctx, dk, rows, &self.stored, penalty_rows, &seats);
                sheet.time_up_by = self.time_up_by.map(TimeUpBy::as_str);
                sheet.clock = self
                    .clock
                    .map(|c| c.view(self.now, dk.round().is_time_up()));
                sheet
            }
            TableView::Family(round) => family::view(ctx, round, rows, &self.stored, &seats),
        };
        if self.table.next_number().is_none() {
            // A set result or the panel's stop ends the round whatever its own rules say.
            sheet.complete = true;
            sheet.next = None;
            sheet.sitting_out_player = None;
            if let Some(family) = &mut sheet.family {
                family.next = None;
            }
        }
        sheet.pflichtsolo_owed = self.table.pflichtsolo_owed();
        if let Some(reason) = &ctx.table.stopped_reason {
            sheet.stopped = Some(StoppedView {
                reason: reason.clone(),
                at: ctx.table.stopped_at.map(rfc3339),
            });
        }
        if let Some(adjusted) = self.table.adjustment() {
            sheet.totals = adjusted.points().to_vec();
            sheet.adjusted = Some(AdjustedView {
                points: adjusted.points().to_vec(),
                reason: ctx.table.adjusted_reason.clone().unwrap_or_default(),
                at: ctx.table.adjusted_at.map(|at| {
                    at.and_utc()
                        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
                }),
            });
        }
        sheet.signatures = signed(ctx, signatures);
        sheet.signed_by_all =
            sheet.complete && ctx.seats.len() == sheet.signatures.len() && !ctx.seats.is_empty();
        sheet
    }
}

/// Derives the sheet from stored rows (a deal that no longer fits is a 409 naming it).
pub fn derive_with(ctx: &TableContext, stored: Stored<'_>) -> Result<Derived, ApiError> {
    let judged = judge(ctx, &stored.deals, stored.penalties)?;
    let sheet = judged.view(
        ctx,
        &stored.deals,
        stored.penalties,
        stored.signatures,
        stored.players,
    );
    Ok(Derived {
        sheet,
        rows: stored.deals,
        table: judged.table,
        time_up_by: judged.time_up_by,
        clock: judged.clock,
    })
}

/// One table's stored rows, read once for a write: judged before the write, and, with
/// what the write stored, derived into the sheet it answers without reading them again.
pub struct TableRows {
    /// The deal rows, in order.
    pub deals: Vec<DealRow>,
    /// The penalty rows.
    pub penalties: Vec<PenaltyRow>,
    /// The signatures under the sheet.
    pub signatures: Vec<SignatureRow>,
    /// The seated players.
    pub players: Vec<PlayerRow>,
}

impl TableRows {
    /// Reads the table's deals (numbers checked), penalties, signatures and players.
    pub fn read(conn: &mut DbConn, ctx: &TableContext) -> Result<TableRows, ApiError> {
        let players = db::players::by_ids(conn, &ctx.seats)?;
        TableRows::read_beside(conn, ctx, players)
    }

    /// Reads the table's deals (numbers checked), penalties and signatures, beside its
    /// seated `players` (read already, in id order).
    pub fn read_beside(
        conn: &mut DbConn,
        ctx: &TableContext,
        players: Vec<PlayerRow>,
    ) -> Result<TableRows, ApiError> {
        let deals = db::deals::of_table(conn, ctx.table.id)?;
        check_numbers(&deals)?;
        Ok(TableRows {
            deals,
            penalties: db::penalties::of_table(conn, ctx.table.id)?,
            signatures: db::signatures::of_table(conn, ctx.table.id)?,
            players,
        })
    }

    /// The round as the domain judges the rows.
    pub fn judge(&self, ctx: &TableContext) -> Result<Judged, ApiError> {
        judge(ctx, &self.deals, &self.penalties)
    }

    /// The signatures of the seated players.
    pub fn signed(&self, ctx: &TableContext) -> Vec<SignatureView> {
        signed(ctx, &self.signatures)
    }

    /// The sheet as the rows stand, `judged` from them, as JSON: for a 409 that shows it.
    pub fn current(&self, ctx: &TableContext, judged: &Judged) -> Option<serde_json::Value> {
        let sheet = judged.view(
            ctx,
            &self.deals,
            &self.penalties,
            &self.signatures,
            &self.players,
        );
        serde_json::to_value(sheet).ok()
    }

    /// The sheet of the rows as `judged` judged them, with its wire view: the rules are not
    /// asked again, the rows stay for the write to change.
    pub fn view(&self, ctx: &TableContext, judged: &Judged) -> Derived {
        Derived {
            sheet: judged.view(
                ctx,
                &self.deals,
                &self.penalties,
                &self.signatures,
                &self.players,
            ),
            rows: self.deals.clone(),
            table: judged.table.clone(),
            time_up_by: judged.time_up_by,
            clock: judged.clock,
        }
    }

    /// The sheet of the rows.
    pub fn derive(self, ctx: &TableContext) -> Result<Derived, ApiError> {
        derive_with(
            ctx,
            Stored {
                deals: self.deals,
                penalties: &self.penalties,
                signatures: &self.signatures,
                players: &self.players,
            },
        )
    }
}

/// The signatures of the table's seated players, in the order given (one left by a
/// player no longer seated is not shown; reseating removes them anyway).
fn signed(ctx: &TableContext, signatures: &[SignatureRow]) -> Vec<SignatureView> {
    signatures
        .iter()
        .filter(|s| s.table_id == ctx.table.id)
        .filter_map(|s| {
            let seat = ctx.seats.iter().position(|p| *p == s.player_id)?;
            Some(SignatureView {
                player_id: s.player_id,
                seat: u8::try_from(seat).ok()?,
                signed_at: rfc3339(s.signed_at),
            })
        })
        .collect()
}

/// The seats' players in seat order, as far as `players` has them.
pub(super) fn seat_players(ctx: &TableContext, players: &[PlayerRow]) -> Vec<SeatPlayerView> {
    ctx.seats
        .iter()
        .zip(0u8..)
        .filter_map(|(id, seat)| {
            let p = players.iter().find(|p| p.id == *id)?;
            Some(SeatPlayerView {
                seat,
                player_id: p.id,
                // The sheet hangs at the table and is public once the tournament is:
                // it shows the name the player asked to be shown under.
                name: crate::wire::players::public_name(p).to_owned(),
                start_number: p.start_number,
            })
        })
        .collect()
}

/// The wire form of a scored sheet.
fn view(
    ctx: &TableContext,
    dk: &DoppelkopfSheet,
    rows: &[DealRow],
    stored: &[StoredEntry],
    penalty_rows: &[PenaltyRow],
    players: &[SeatPlayerView],
) -> SheetResponse {
    let (config, scored) = (dk.config(), dk.scored());
    let deals = scored
        .deals()
        .iter()
        .zip(stored)
        .zip(rows)
        .map(|((d, stored), row)| {
            let entry = entry(stored);
            SheetDealView {
                number: d.sheet.number,
                dealer: d.sheet.dealer,
                sitting_out: d.sheet.sitting_out,
                kind: d.sheet.kind.as_str(),
                // A Doppelkopf sheet holds Doppelkopf deals only: `sheet_entry` refused
                // any other before scoring.
                contract: entry.contract().unwrap_or(ContractName::Normal),
                re: entry.re().to_vec(),
                scores: d.scores.clone(),
                game_scores: d.game_scores.clone(),
                factor: d.factor,
                penalties: d
                    .penalties
                    .iter()
                    .filter_map(|p| {
                        let row = penalty_rows.iter().find(|r| r.id == p.id)?;
                        Some(PenaltyView {
                            id: p.id,
                            severity: row.severity.clone(),
                            offender: p.violation.offender,
                            referee: row.referee.clone(),
                            offence: row.offence.clone(),
                            scores: p.penalty.scores().to_vec(),
                            soloist: p.violation.soloist,
                            could_harm_soloist: p.violation.could_harm_soloist,
                            opposing_absagen: p.violation.opposing_absagen,
                            deduction: p.violation.deduction,
                            version: row.version,
                        })
                    })
                    .collect(),
                version: row.version,
                entry,
            }
        })
        .collect();
    let round = scored.round();
    SheetResponse {
        table_id: ctx.table.id,
        table_number: ctx.table.number,
        round: ctx.round.number,
        seats: ctx.seats.clone(),
        players: players.to_vec(),
        sitting_out_player: round
            .next()
            .and_then(|n| n.sitting_out)
            .and_then(|s| players.iter().find(|p| p.seat == s).cloned()),
        table_size: config.table_size().seats(),
        planned_deals: config.planned_deals(),
        complete: round.is_complete(),
        time_up: round.is_time_up(),
        time_up_by: None,
        clock: None,
        round_closed: ctx.round.closed,
        deals,
        totals: scored.totals().to_vec(),
        next: round.next().map(|n| NextDealView {
            number: n.number,
            dealer: n.dealer,
            sitting_out: n.sitting_out,
            forced_soloist: n.forced_soloist,
        }),
        pflichtsolo_owed: round.pflichtsolo_owed(),
        signatures: Vec::new(),
        signed_by_all: false,
        family: None,
        adjusted: None,
        stopped: None,
    }
}

/// The sheet of a table as stored, its players named.
pub fn current(conn: &mut DbConn, ctx: &TableContext) -> Result<Derived, ApiError> {
    TableRows::read(conn, ctx)?.derive(ctx)
}

/// The stored deals are numbered 1, 2, 3, … without a gap. Every write derives the sheet
/// from the stored rows before it commits, so a write that would leave a gap is rolled
/// back instead of breaking the table.
pub fn check_numbers(rows: &[DealRow]) -> Result<(), ApiError> {
    match rows
        .iter()
        .zip(1..)
        .find(|(row, expected)| row.number != *expected)
    {
        Some((row, expected)) => Err(ApiError::conflict(
            "sheet_numbers_broken",
            format!("deal {expected} is stored as number {}", row.number),
        )),
        None => Ok(()),
    }
}

/// The stored rows of many tables (a round's, a tournament's), read in four queries and
/// grouped in memory, for the reads that derive every one of their sheets.
pub struct TablesRows {
    seats: HashMap<i64, Vec<(i32, i64)>>,
    deals: HashMap<i64, Vec<DealRow>>,
    penalties: HashMap<i64, Vec<PenaltyRow>>,
    signatures: HashMap<i64, Vec<SignatureRow>>,
}

impl TablesRows {
    /// Reads the seats, deals, penalties and signatures of `table_ids`.
    pub fn load(conn: &mut DbConn, table_ids: &[i64]) -> Result<TablesRows, ApiError> {
        let mut rows = TablesRows {
            seats: HashMap::new(),
            deals: HashMap::new(),
            penalties: HashMap::new(),
            signatures: HashMap::new(),
        };
        for (table, seat, player) in db::tables::seats_of_tables(conn, table_ids)? {
            rows.seats.entry(table).or_default().push((seat, player));
        }
        for row in db::deals::of_tables(conn, table_ids)? {
            rows.deals.entry(row.table_id).or_default().push(row);
        }
        for row in db::penalties::of_tables(conn, table_ids)? {
            rows.penalties.entry(row.table_id).or_default().push(row);
        }
        for row in db::signatures::of_tables(conn, table_ids)? {
            rows.signatures.entry(row.table_id).or_default().push(row);
        }
        Ok(rows)
    }

    /// Every seated player's id.
    pub fn player_ids(&self) -> Vec<i64> {
        self.seats.values().flatten().map(|&(_, p)| p).collect()
    }

    /// The deals stored for `table_id`.
    pub fn deal_count(&self, table_id: i64) -> usize {
        self.deals.get(&table_id).map_or(0, Vec::len)
    }

    /// Derives `table`'s sheet as a reader of it gets it (numbers checked first), its seats
    /// named from `players`; takes the table's rows out. Answers the table's context too,
    /// which a sheet that does not derive still has.
    pub fn derive(
        &mut self,
        table: &TableRow,
        round: &RoundRow,
        tournament: &TournamentRow,
        players: &[PlayerRow],
    ) -> (TableContext, Result<Derived, ApiError>) {
        let (ctx, rows) = self.take(table, round, tournament);
        let derived = check_numbers(&rows.deals).and_then(|()| {
            derive_with(
                &ctx,
                Stored {
                    deals: rows.deals,
                    penalties: &rows.penalties,
                    signatures: &rows.signatures,
                    players,
                },
            )
        });
        (ctx, derived)
    }

    /// Judges `table`'s round as [`TablesRows::derive`] derives its sheet, without the
    /// sheet's wire form: for the readers that only rank (the standings).
    pub fn judge(
        &mut self,
        table: &TableRow,
        round: &RoundRow,
        tournament: &TournamentRow,
    ) -> (TableContext, Result<Judged, ApiError>) {
        let (ctx, rows) = self.take(table, round, tournament);
        let judged =
            check_numbers(&rows.deals).and_then(|()| judge(&ctx, &rows.deals, &rows.penalties));
        (ctx, judged)
    }

    /// Judges the round of the table `ctx` names, with `ctx` as given (its seats read
    /// beforehand), as [`TablesRows::judge`] does; takes the table's rows out.
    pub fn judge_at(&mut self, ctx: &TableContext) -> Result<Judged, ApiError> {
        let deals = self.deals.remove(&ctx.table.id).unwrap_or_default();
        let penalties = self.penalties.remove(&ctx.table.id).unwrap_or_default();
        check_numbers(&deals).and_then(|()| judge(ctx, &deals, &penalties))
    }

    /// Takes `table`'s rows out, with its context.
    fn take(
        &mut self,
        table: &TableRow,
        round: &RoundRow,
        tournament: &TournamentRow,
    ) -> (TableContext, TableRows) {
        let mut seats = self.seats.remove(&table.id).unwrap_or_default();
        seats.sort_unstable();
        let ctx = TableContext {
            table: table.clone(),
            round: round.clone(),
            tournament: tournament.clone(),
            seats: seats.into_iter().map(|(_, p)| p).collect(),
        };
        let rows = TableRows {
            deals: self.deals.remove(&table.id).unwrap_or_default(),
            penalties: self.penalties.remove(&table.id).unwrap_or_default(),
            signatures: self.signatures.remove(&table.id).unwrap_or_default(),
            players: Vec::new(),
        };
        (ctx, rows)
    }
}
