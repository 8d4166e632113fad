//! Who may read and write what. Organisers reach only the tournaments they run, as owner
//! or co-organiser alike (others' are reported as not found, so ids reveal nothing); a
//! captain reaches his one table, for writing only while its round is open and his join
//! code is not revoked; anybody reads a published tournament.

use crate::auth::Caller;
use crate::db::models::{PlayerRow, RoundRow, TableRow, TournamentRow};
use crate::db::{self, DbConn, join_codes, tables};
use crate::error::ApiError;

/// Reading or changing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Reading.
    Read,
    /// Changing what does not move the standings (webhooks, co-organisers, join codes,
    /// the organiser's own reads: prints, the audit log, previews).
    Write,
    /// Changing what moves the standings (deals, penalties, players, rounds, plans, the
    /// clock, the rules): as [`Need::Write`], and refused while the tournament is finished.
    Change,
}

impl Need {
    /// Whether it writes.
    fn writes(self) -> bool {
        self != Need::Read
    }
}

/// A finished tournament takes no change that moves its standings (`domain::day`): the
/// organiser reopens it first, with a reason.
fn unfinished(tournament: &TournamentRow, need: Need) -> Result<(), ApiError> {
    if need == Need::Change && tournament.finished_at.is_some() {
        return Err(ApiError::conflict(
            "tournament_finished",
            "the tournament is finished and its standings are final; reopen it (with a \
             reason) to change them",
        ));
    }
    Ok(())
}

/// A tournament the caller may use as asked.
pub fn tournament(
    conn: &mut DbConn,
    id: i64,
    caller: &Caller,
    need: Need,
) -> Result<TournamentRow, ApiError> {
    let row = db::tournaments::find(conn, id)?.ok_or(ApiError::NotFound)?;
    if is_organizer(conn, caller, &row)? {
        unfinished(&row, need)?;
        return Ok(row);
    }
    match (caller, need) {
        (_, Need::Read) if row.published => Ok(row),
        // A captain may read his own tournament's pages even before it is published, as long
        // as his join code stands.
        (Caller::Captain { table_id, code }, Need::Read)
            if tables::in_tournament(conn, *table_id, row.id)? =>
        {
            if code_is_active(conn, code, *table_id)? {
                Ok(row)
            } else {
                Err(ApiError::Unauthenticated)
            }
        }
        (Caller::Captain { .. }, Need::Write | Need::Change) => Err(ApiError::Forbidden),
        _ => Err(ApiError::NotFound),
    }
}

/// Whether `caller` runs `tournament`: its owner or one of its co-organisers. Only they
/// see everything of its players (DDV numbers, full names); the public and the table
/// captains see the public view (`wire::players::PublicPlayerResponse`).
pub fn is_organizer(
    conn: &mut DbConn,
    caller: &Caller,
    tournament: &TournamentRow,
) -> Result<bool, ApiError> {
    match caller {
        Caller::Organizer(me) if *me == tournament.organizer_id => Ok(true),
        Caller::Organizer(me) => Ok(db::tournaments::is_co_organizer(conn, tournament.id, *me)?),
        Caller::Captain { .. } | Caller::Public => Ok(false),
    }
}

/// Whether organiser `organizer_id`'s seasons show `tournament` to him: published, or one
/// he still runs (an unpublished evening whose Turnierleitung he left is his season's
/// only as far as the public sees it).
pub fn season_evening_of(
    conn: &mut DbConn,
    organizer_id: i64,
    tournament: &TournamentRow,
) -> Result<bool, ApiError> {
    Ok(tournament.published || is_organizer(conn, &Caller::Organizer(organizer_id), tournament)?)
}

/// Whether `caller` owns `tournament` (he created it): only the owner removes a
/// co-organiser.
pub fn is_owner(caller: &Caller, tournament: &TournamentRow) -> bool {
    matches!(caller, Caller::Organizer(me) if *me == tournament.organizer_id)
}

/// A table with its round and tournament, as one request needs it.
#[derive(Debug, Clone)]
pub struct TableContext {
    /// The table.
    pub table: TableRow,
    /// Its round.
    pub round: RoundRow,
    /// Its tournament.
    pub tournament: TournamentRow,
    /// Player ids in seat order.
    pub seats: Vec<i64>,
}

/// A table the caller may use as asked, with its round, tournament and seats. Only checks:
/// a write reaches its table through [`super::table_write::open`], which takes the table's
/// lock first; a preview, which stores nothing, checks here as a write would be checked.
pub fn table(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    need: Need,
) -> Result<TableContext, ApiError> {
    let (table, round, tournament) = reach(conn, table_id, caller, need)?;
    let seats = tables::seats(conn, table_id)?;
    Ok(TableContext {
        table,
        round,
        tournament,
        seats,
    })
}

/// A table the caller may use as asked (as [`table`] checks it), with its seated players'
/// rows in id order, read with the seats in one statement: a write to the sheet needs both
/// ([`super::table_write::open`]).
pub fn table_with_players(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    need: Need,
) -> Result<(TableContext, Vec<PlayerRow>), ApiError> {
    let (table, round, tournament) = reach(conn, table_id, caller, need)?;
    let seated = tables::seated_players(conn, table_id)?;
    let seats = seated.iter().map(|(_, player)| player.id).collect();
    let mut players: Vec<PlayerRow> = seated.into_iter().map(|(_, player)| player).collect();
    players.sort_unstable_by_key(|player| player.id);
    let ctx = TableContext {
        table,
        round,
        tournament,
        seats,
    };
    Ok((ctx, players))
}

/// The table with its round and tournament, if the caller may use it as asked. A captain's
/// join code is checked in the same statement that reads them.
fn reach(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    need: Need,
) -> Result<(TableRow, RoundRow, TournamentRow), ApiError> {
    let (table, round, tournament, code_live) = match caller {
        Caller::Captain {
            table_id: mine,
            code,
        } if *mine == table_id => tables::with_round_tournament_and_code(conn, table_id, code)?
            .ok_or(ApiError::NotFound)?,
        _ => {
            let (table, round, tournament) =
                tables::with_round_and_tournament(conn, table_id)?.ok_or(ApiError::NotFound)?;
            (table, round, tournament, false)
        }
    };
    let runs = is_organizer(conn, caller, &tournament)?;
    let allowed = match caller {
        Caller::Organizer(_) if runs => Ok(()),
        Caller::Captain { table_id: mine, .. } if *mine == table_id => {
            if !code_live {
                Err(ApiError::Unauthenticated)
            } else if need.writes() && round.closed {
                Err(ApiError::conflict(
                    "round_closed",
                    "the round is closed; only the organiser can correct it now",
                ))
            } else {
                Ok(())
            }
        }
        Caller::Captain { .. } if need.writes() => Err(ApiError::Forbidden),
        Caller::Public if need.writes() => Err(ApiError::Unauthenticated),
        _ if need == Need::Read && tournament.published => Ok(()),
        Caller::Captain { .. } => Err(ApiError::Forbidden),
        _ => Err(ApiError::NotFound),
    };
    allowed?;
    unfinished(&tournament, need)?;
    Ok((table, round, tournament))
}

/// Whether a captain's join code still opens its table.
pub fn code_is_active(conn: &mut DbConn, code: &str, table_id: i64) -> Result<bool, ApiError> {
    Ok(join_codes::is_active(conn, code, table_id)?)
}

/// Writing needs a token: an anonymous caller learns that before anything else (a 401
/// rather than the 404 that hides others' data, or a 428 for a missing `If-Match`).
pub fn require_token(caller: &Caller) -> Result<(), ApiError> {
    match caller {
        Caller::Public => Err(ApiError::Unauthenticated),
        Caller::Organizer(_) | Caller::Captain { .. } => Ok(()),
    }
}

/// Only organisers may do this (penalties, time-up, audit log).
pub fn organizer_only(caller: &Caller) -> Result<(), ApiError> {
    match caller {
        Caller::Organizer(_) => Ok(()),
        Caller::Captain { .. } => Err(ApiError::Forbidden),
        Caller::Public => Err(ApiError::Unauthenticated),
    }
}
