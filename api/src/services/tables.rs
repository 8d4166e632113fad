//! A table's sheet as readers fetch it, and the organiser's time-up.

use super::access::{self, Need};
use super::audit;
use super::sheet;
use super::table_write;
use crate::auth::Caller;
use crate::db::{self, DbConn};
use crate::domain_errors::time_up_error;
use crate::error::ApiError;
use crate::wire::score::ContractName;
use crate::wire::sheet::SheetResponse;
use domain::deal::Contract;
use domain::game::Ruleset;
use domain::sheet::NextDeal;

/// A sheet (or a round's monitor) as sent: its JSON and its tag, which is its content.
#[derive(Debug)]
pub struct SheetRead {
    /// The JSON body.
    pub body: Vec<u8>,
    /// The quoted `ETag`.
    pub tag: String,
}

/// The fields a tag leaves out: countdowns change every second while the deadline they
/// count down to stays, and a client that got one counts down from when it got it.
const COUNTDOWNS: &str = "seconds_left";

/// `value` without its countdowns, at any depth.
fn without_countdowns(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(fields) => {
            fields.remove(COUNTDOWNS);
            fields.values_mut().for_each(without_countdowns);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(without_countdowns),
        _ => {}
    }
}

impl SheetRead {
    /// `value` as sent, tagged with the digest of its content without the countdowns:
    /// the tag changes when anything else does (the time-up when the time runs out, an
    /// extension's new deadline), so a client polling with `If-None-Match` gets an empty
    /// 304 while nothing changed, even while a clock runs.
    pub fn of<T: serde::Serialize>(value: &T) -> Result<SheetRead, ApiError> {
        let internal = |e: serde_json::Error| ApiError::Internal(e.into());
        let body = serde_json::to_vec(value).map_err(internal)?;
        let mut stable = serde_json::to_value(value).map_err(internal)?;
        without_countdowns(&mut stable);
        let stable = serde_json::to_vec(&stable).map_err(internal)?;
        let tag = format!("\"{}\"", &crate::extract::digest(&stable)[..32]);
        Ok(SheetRead { body, tag })
    }

    /// Whether an `If-None-Match` value names this sheet's tag.
    pub fn unchanged_since(&self, if_none_match: Option<&str>) -> bool {
        if_none_match.is_some_and(|v| {
            v.split(',')
                .any(|t| t.trim().trim_start_matches("W/") == self.tag)
        })
    }
}

/// The sheet of a table as the caller may read it.
pub fn read(conn: &mut DbConn, table_id: i64, caller: &Caller) -> Result<SheetRead, ApiError> {
    let ctx = access::table(conn, table_id, caller, Need::Read)?;
    let derived = sheet::current(conn, &ctx)?;
    // The sheet's tag is its content: a phone on a poor line polls with If-None-Match and
    // gets an empty 304 while nothing changed.
    SheetRead::of(&derived.sheet)
}

/// A table as its captain's phone shows it: the sheet, and what the sheet takes next.
#[derive(Debug, Clone)]
pub struct CaptainTable {
    /// The tournament's name.
    pub tournament: String,
    /// The sheet, as the JSON API answers it.
    pub sheet: SheetResponse,
    /// Deals still to play: the planned ones, or after time-up the owed Pflichtsoli.
    pub deals_left: u16,
    /// Games played so far (a deal thrown in is on the sheet but no game).
    pub games_played: u16,
    /// What the entry form may offer for the deal asked about; `None` when the sheet takes
    /// no further deal (or the deal asked about is not on the sheet).
    pub choices: Option<DealChoices>,
    /// The rules the table plays by: what the entry form asks (tricks in a deal, a caught
    /// Karlchen).
    pub rules: Ruleset,
}

/// What a deal can be entered as, so that a form offers nothing the sheet would refuse
/// (the domain's [`domain::sheet::NextDeal::allows`] and `may_be_re`).
#[derive(Debug, Clone)]
pub struct DealChoices {
    /// The deal's number.
    pub number: u16,
    /// The seat that deals.
    pub dealer: u8,
    /// At a 5-table, the seat that sits out.
    pub sitting_out: Option<u8>,
    /// When Vorführen applies: the only seat whose solo is accepted.
    pub forced_soloist: Option<u8>,
    /// Every contract, and whether this deal may be one.
    pub contracts: Vec<ContractChoice>,
    /// Every seat, and whether it may be in the Re party.
    pub seats: Vec<(u8, bool)>,
}

/// One contract a form offers.
#[derive(Debug, Clone, Copy)]
pub struct ContractChoice {
    /// The contract.
    pub contract: ContractName,
    /// Whether the deal may be entered as it.
    pub allowed: bool,
    /// Players in its Re party: 1 (the soloist) or 2.
    pub re_size: u8,
}

/// What deal `next` may be entered as at a table of `seats` playing by `rules` (only the
/// contracts the rules have are offered).
fn choices(next: &NextDeal, seats: u8, rules: &Ruleset) -> DealChoices {
    DealChoices {
        number: next.number,
        dealer: next.dealer,
        sitting_out: next.sitting_out,
        forced_soloist: next.forced_soloist,
        contracts: Contract::ALL
            .into_iter()
            .filter(|contract| contract.in_rules(rules))
            .map(|contract| ContractChoice {
                contract: contract.into(),
                allowed: next.allows(contract),
                re_size: contract.re_size(),
            })
            .collect(),
        seats: (0..seats)
            .map(|seat| (seat, next.may_be_re(seat)))
            .collect(),
    }
}

/// The captain's view of a table: its sheet and what deal `number` may be entered as (the
/// next deal when `None`; a deal on the sheet when it is being corrected, as it stood when
/// it was entered).
pub fn for_captain(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    number: Option<u16>,
) -> Result<CaptainTable, ApiError> {
    let ctx = access::table(conn, table_id, caller, Need::Read)?;
    view_of(conn, &ctx, number)
}

/// A table as the organiser's desk shows it: the captain's view of it (the sheet, what
/// deal `number` may be corrected to) and where it belongs.
#[derive(Debug, Clone)]
pub struct DeskTable {
    /// The tournament, for the desk's navigation (the desk checks that it is his).
    pub tournament_id: i64,
    /// The round.
    pub round_id: i64,
    /// The sheet and the form's choices, as the captain's phone gets them.
    pub table: CaptainTable,
}

/// Table `table_id` for its organiser's desk (organisers; reading, no lock).
pub fn for_organiser(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
    number: Option<u16>,
) -> Result<DeskTable, ApiError> {
    access::organizer_only(caller)?;
    let ctx = access::table(conn, table_id, caller, Need::Read)?;
    Ok(DeskTable {
        tournament_id: ctx.tournament.id,
        round_id: ctx.round.id,
        table: view_of(conn, &ctx, number)?,
    })
}

fn view_of(
    conn: &mut DbConn,
    ctx: &access::TableContext,
    number: Option<u16>,
) -> Result<CaptainTable, ApiError> {
    let derived = sheet::current(conn, ctx)?;
    let Ok(scoring) = derived.table.doppelkopf() else {
        // A family game's table: its own form reads the sheet's `family` part; the
        // Doppelkopf choices and rules do not apply.
        return Ok(CaptainTable {
            tournament: ctx.tournament.name.clone(),
            deals_left: derived.table.deals_left(),
            games_played: derived.table.games_played(),
            choices: None,
            rules: Ruleset::DDV,
            sheet: derived.sheet,
        });
    };
    let round = scoring.round();
    let seats = round.config().table_size().seats();
    let next = match number {
        // A set result or the panel's stop ends the round whatever its own order says.
        None if derived.table.next_number().is_none() => None,
        None => round.next(),
        Some(number) => {
            let index = usize::from(number).saturating_sub(1);
            if number == 0 || index >= scoring.deals().len() {
                None
            } else {
                domain::sheet::round_before(
                    scoring.config(),
                    scoring.deals(),
                    scoring.time_up_after(),
                    index,
                )
                .ok()
                .and_then(|before| before.next())
            }
        }
    };
    Ok(CaptainTable {
        tournament: ctx.tournament.name.clone(),
        deals_left: derived.table.deals_left(),
        games_played: round.games_played(),
        choices: next.map(|next| choices(&next, seats, &scoring.config().rules())),
        rules: scoring.config().rules(),
        sheet: derived.sheet.clone(),
    })
}

/// The rules table `table_id` plays by (readers), for a form posted to it: without its
/// sheet, which the write derives anyway.
pub fn rules(conn: &mut DbConn, table_id: i64, caller: &Caller) -> Result<Ruleset, ApiError> {
    let ctx = access::table(conn, table_id, caller, Need::Read)?;
    // A family game's table reads no Doppelkopf form: the TSR's count of tricks is as good
    // as any, and the table refuses the entry as another game's.
    Ok(ctx.tournament.game.ruleset().unwrap_or(Ruleset::DDV))
}

/// Ends the round's time at a table (organisers): normal games not yet begun are struck;
/// owed Pflichtsoli are still played, each as a forced solo.
pub fn time_up(
    conn: &mut DbConn,
    table_id: i64,
    caller: &Caller,
) -> Result<SheetResponse, ApiError> {
    access::organizer_only(caller)?;
    let mut write = table_write::open(conn, table_id, caller)?;
    let played = write
        .before
        .table
        .time_up()
        .map_err(|e| time_up_error(&e, || write.current()))?;
    let played = i32::try_from(played).unwrap_or(i32::MAX);
    db::tables::set_time_up(conn, table_id, Some(played))?;
    write.ctx.table.time_up_after = Some(played);
    write.ctx.table.time_up_by_clock = false;
    let (ctx, after) = write.after()?;
    audit::Change::new(ctx.tournament.id, caller, "table.time_up")
        .at_table(table_id)
        .after(Some(serde_json::json!({"after_deals": played})))
        .record(conn)?;
    Ok(after.sheet)
}
