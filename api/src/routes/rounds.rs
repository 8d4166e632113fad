//! Rounds: created from explicit tables, drawn, or taken from the tournament's plan;
//! changed by hand before they start; closed when play ends.

use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{Caller, Organizer};
use crate::db::DbConn;
use crate::db::models::{PlayerRow, RoundRow, TableRow};
use crate::db::schema::{round_tables, rounds, table_seats};
use crate::error::{ApiError, FieldError, Problem};
use crate::extract::JsonBody;
use crate::services::access::{self, Need};
use crate::services::codes::seed_or_new;
use crate::services::validate::invalid;
use crate::services::write::{ahead, create, once};
use crate::services::{audit, draw, now};
use crate::state::AppState;

/// The next round, from explicit tables.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateRoundRequest {
    /// Tables of 4 or 5 player ids each; list order is seat order (the first deals first,
    /// the last keeps the list). Either this or `draw`.
    #[serde(default)]
    #[schema(example = json!([[1, 2, 3, 4], [5, 6, 7, 8, 9]]))]
    pub tables: Option<Vec<Vec<i64>>>,
    /// Let Karlchen draw the tables from every player not withdrawn. Either this or
    /// `tables`.
    #[serde(default)]
    pub draw: Option<DrawRequest>,
}

/// How to draw a round.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DrawRequest {
    /// `random` (uniform), `avoid_repeats` (fewest pairs who met before, balanced seats and
    /// 5-table duty, clubs apart), `by_standings` (top four at table 1, …) or `planned`
    /// (the round as the tournament's plan has it; give no seed, the plan's is used).
    #[schema(example = "avoid_repeats")]
    pub method: String,
    /// Any text; the same players, earlier rounds and seed give the same draw (default: a random one,
    /// stored and shown).
    #[serde(default)]
    pub seed: Option<String>,
}

/// How a round was drawn, and how good the draw is.
#[derive(Debug, Serialize, ToSchema)]
pub struct DrawResponse {
    /// The method.
    pub method: String,
    /// The seed: with the players (by start number) it re-derives the draw.
    pub seed: String,
    /// The quality of all rounds so far including this one (in the answer to the draw).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quality: Option<crate::wire::seating::QualityBody>,
}

impl DrawResponse {
    /// The stored draw of a round, if it was drawn.
    fn of(round: &RoundRow) -> Option<DrawResponse> {
        Some(DrawResponse {
            method: round.draw_method.clone()?,
            seed: round.draw_seed.clone().unwrap_or_default(),
            quality: None,
        })
    }
}

/// A table of a round.
#[derive(Debug, Serialize, ToSchema)]
pub struct TableResponse {
    /// Id.
    pub id: i64,
    /// 1-based.
    pub number: i32,
    /// Player ids in seat order.
    pub seats: Vec<i64>,
    /// Deals planned at this table.
    pub planned_deals: i32,
}

/// A round.
#[derive(Debug, Serialize, ToSchema)]
pub struct RoundResponse {
    /// Id.
    pub id: i64,
    /// 1-based.
    pub number: i32,
    /// No more captain entries.
    pub closed: bool,
    /// The tables.
    pub tables: Vec<TableResponse>,
    /// How it was drawn (absent for explicit tables).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw: Option<DrawResponse>,
}

fn check_tables(tables: &[Vec<i64>], roster: &[PlayerRow]) -> Result<(), ApiError> {
    let mut errors = Vec::new();
    let mut seen = std::collections::HashSet::new();
    if tables.is_empty() {
        errors.push(FieldError::new(
            "tables",
            "required",
            "a round needs at least one table",
        ));
    }
    for (t, seats) in tables.iter().enumerate() {
        if !(4..=5).contains(&seats.len()) {
            errors.push(FieldError::new(
                format!("tables[{t}]"),
                "wrong_table_size",
                format!("a table has 4 or 5 players, got {}", seats.len()),
            ));
        }
        for (s, player) in seats.iter().enumerate() {
            let field = format!("tables[{t}][{s}]");
            match roster.iter().find(|p| p.id == *player) {
                None => errors.push(FieldError::new(
                    field,
                    "unknown_player",
                    format!("player {player} is not in this tournament"),
                )),
                Some(p) if p.withdrawn => errors.push(FieldError::new(
                    field,
                    "withdrawn",
                    format!("player {player} has withdrawn"),
                )),
                Some(_) if !seen.insert(*player) => errors.push(FieldError::new(
                    field,
                    "duplicate_player",
                    format!("player {player} sits at two places"),
                )),
                Some(_) => {}
            }
        }
    }
    invalid(errors)
}

fn insert_seats(conn: &mut DbConn, table_id: i64, seats: &[i64]) -> QueryResult<()> {
    for (seat, player) in seats.iter().enumerate() {
        diesel::insert_into(table_seats::table)
            .values((
                table_seats::table_id.eq(table_id),
                table_seats::seat.eq(i32::try_from(seat).unwrap_or(0)),
                table_seats::player_id.eq(player),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Loads a round's tables with their seats.
pub fn round_tables_of(conn: &mut DbConn, round_id: i64) -> QueryResult<Vec<TableResponse>> {
    let tables: Vec<TableRow> = round_tables::table
        .filter(round_tables::round_id.eq(round_id))
        .order(round_tables::number.asc())
        .select(TableRow::as_select())
        .load(conn)?;
    let mut answer = Vec::with_capacity(tables.len());
    for table in tables {
        let seats = table_seats::table
            .filter(table_seats::table_id.eq(table.id))
            .order(table_seats::seat.asc())
            .select(table_seats::player_id)
            .load(conn)?;
        answer.push(TableResponse {
            id: table.id,
            number: table.number,
            seats,
            planned_deals: table.planned_deals,
        });
    }
    Ok(answer)
}

/// Create the next round: from explicit tables, drawn (`random`, `avoid_repeats`,
/// `by_standings`), or as the tournament's plan has it (`planned`).
#[utoipa::path(tag = "rounds", params(("id" = i64, Path), ("Idempotency-Key" = Option<String>, Header)),
    request_body = CreateRoundRequest, security(("bearer" = [])), responses(
    (status = 201, body = RoundResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tournaments/{id}/rounds")]
pub async fn create_round(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<CreateRoundRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let caller = Caller::Organizer(organizer.0);
    let audit_caller = caller.clone();
    let CreateRoundRequest { tables, draw } = body.0;
    let draw = match (&tables, draw) {
        (Some(_), None) => None,
        (None, Some(d)) => {
            let method = draw::Method::parse(&d.method)?;
            if method == draw::Method::Planned && d.seed.is_some() {
                return Err(ApiError::field(
                    "invalid_body",
                    "draw.seed",
                    "not_allowed",
                    "a planned round uses the plan's seed",
                ));
            }
            let seed = seed_or_new(d.seed, "draw.seed")?;
            Some((method, seed))
        }
        _ => return Err(draw::one_of()),
    };
    // An avoid_repeats round of a small field can take a few hundred milliseconds of CPU;
    // inside the write transaction that would hold SQLite's single writer (and the captains
    // still entering the last round) that long. So draw it from a read first, and use it
    // in the transaction only if what it was drawn from is unchanged.
    let early = match &draw {
        Some((draw::Method::AvoidRepeats, seed)) => {
            let seed = seed.clone();
            ahead(&state, &caller, id, draw::inputs, move |inputs| {
                draw::avoid_repeats(inputs, &seed).ok()
            })
            .await
        }
        _ => None,
    };
    create(&state, &req, &caller, move |conn| {
        let tournament = access::tournament(conn, id, &audit_caller, Need::Write)?;
        let inputs = draw::inputs(conn, &tournament)?;
        let (number, roster) = (inputs.number, &inputs.roster);
        if number > tournament.rounds_planned {
            return Err(ApiError::conflict(
                "all_rounds_created",
                format!("all {} planned rounds exist", tournament.rounds_planned),
            ));
        }
        let (tables, drawn) = match (tables, draw) {
            (Some(tables), _) => (tables, None),
            (None, Some((method, seed))) => {
                let early = early
                    .filter(|(drawn_from, _)| *drawn_from == inputs)
                    .map(|(_, round)| round);
                let drawn = draw::draw(conn, &tournament, &inputs, method, &seed, early)?;
                (drawn.tables, Some((method, drawn.seed, drawn.quality)))
            }
            (None, None) => return Err(draw::one_of()),
        };
        check_tables(&tables, roster)?;
        let round: RoundRow = diesel::insert_into(rounds::table)
            .values((
                rounds::tournament_id.eq(id),
                rounds::number.eq(number),
                rounds::closed.eq(false),
                rounds::created_at.eq(now()),
                rounds::draw_method.eq(drawn.as_ref().map(|(m, _, _)| m.as_str())),
                rounds::draw_seed.eq(drawn.as_ref().map(|(_, s, _)| s.clone())),
            ))
            .returning(rounds::all_columns)
            .get_result(conn)?;
        for (t, seats) in tables.iter().enumerate() {
            let planned = if seats.len() == 5 {
                tournament.deals_five
            } else {
                tournament.deals_four
            };
            let table_id: i64 = diesel::insert_into(round_tables::table)
                .values((
                    round_tables::round_id.eq(round.id),
                    round_tables::number.eq(i32::try_from(t + 1).unwrap_or(i32::MAX)),
                    round_tables::planned_deals.eq(planned),
                    round_tables::time_up_after.eq(None::<i32>),
                ))
                .returning(round_tables::id)
                .get_result(conn)?;
            insert_seats(conn, table_id, seats)?;
        }
        let answer = RoundResponse {
            id: round.id,
            number: round.number,
            closed: round.closed,
            tables: round_tables_of(conn, round.id)?,
            draw: drawn.map(|(method, seed, quality)| DrawResponse {
                method: method.as_str().to_owned(),
                seed,
                quality: Some(quality.into()),
            }),
        };
        audit::Change::new(id, &audit_caller, "round.create")
            .after(serde_json::to_value(&answer).ok())
            .record(conn)?;
        Ok(answer)
    })
    .await
}

/// The rounds of a tournament with their tables.
#[utoipa::path(tag = "rounds", params(("id" = i64, Path)), responses(
    (status = 200, body = Vec<RoundResponse>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}/rounds")]
pub async fn list_rounds(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<Vec<RoundResponse>>, ApiError> {
    let id = id.into_inner();
    let answer = state
        .db
        .run(move |conn| {
            access::tournament(conn, id, &caller, Need::Read)?;
            let rows: Vec<RoundRow> = rounds::table
                .filter(rounds::tournament_id.eq(id))
                .order(rounds::number.asc())
                .select(RoundRow::as_select())
                .load(conn)?;
            let mut answer = Vec::with_capacity(rows.len());
            for round in rows {
                answer.push(RoundResponse {
                    id: round.id,
                    number: round.number,
                    closed: round.closed,
                    tables: round_tables_of(conn, round.id)?,
                    draw: DrawResponse::of(&round),
                });
            }
            Ok(answer)
        })
        .await?;
    Ok(web::Json(answer))
}

/// Close a round: captains can no longer enter or correct; organisers still can.
#[utoipa::path(tag = "rounds", params(("id" = i64, Path, description = "Round id")),
    security(("bearer" = [])), responses(
    (status = 200, body = RoundResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/rounds/{id}/close")]
pub async fn close_round(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
) -> Result<web::Json<RoundResponse>, ApiError> {
    let id = id.into_inner();
    let caller = Caller::Organizer(organizer.0);
    let answer = state
        .db
        .tx(move |conn| {
            let round: RoundRow = rounds::table
                .find(id)
                .select(RoundRow::as_select())
                .first(conn)
                .optional()?
                .ok_or(ApiError::NotFound)?;
            access::tournament(conn, round.tournament_id, &caller, Need::Write)?;
            diesel::update(rounds::table.find(id))
                .set(rounds::closed.eq(true))
                .execute(conn)?;
            audit::Change::new(round.tournament_id, &caller, "round.close")
                .after(Some(serde_json::json!({"round": round.number})))
                .record(conn)?;
            Ok(RoundResponse {
                id,
                number: round.number,
                closed: true,
                tables: round_tables_of(conn, id)?,
                draw: DrawResponse::of(&round),
            })
        })
        .await?;
    Ok(web::Json(answer))
}

/// Refuses changes to a round that has begun: a deal or penalty at one of its tables, or
/// closed.
fn not_started(conn: &mut DbConn, round: &RoundRow) -> Result<(), ApiError> {
    use crate::db::schema::{deals, penalties};
    let tables = round_tables::table
        .filter(round_tables::round_id.eq(round.id))
        .select(round_tables::id);
    let entered: i64 = deals::table
        .filter(deals::table_id.eq_any(tables))
        .count()
        .get_result(conn)?;
    let penalised: i64 = penalties::table
        .filter(penalties::table_id.eq_any(tables))
        .count()
        .get_result(conn)?;
    if round.closed || entered > 0 || penalised > 0 {
        return Err(ApiError::conflict(
            "round_started",
            format!(
                "round {} has begun ({entered} deal(s), {penalised} penalty(ies) entered{}); \
                 its seats can no longer change",
                round.number,
                if round.closed { ", closed" } else { "" }
            ),
        ));
    }
    Ok(())
}

fn round_row(conn: &mut DbConn, id: i64) -> Result<RoundRow, ApiError> {
    rounds::table
        .find(id)
        .select(RoundRow::as_select())
        .first(conn)
        .optional()?
        .ok_or(ApiError::NotFound)
}

/// Changes to a round's seats before it starts, applied in order.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"changes": [{"swap": {"players": [3, 17]}}], "dry_run": true}))]
pub struct ReseatRequest {
    /// The changes, applied in order; only the result must have tables of 4 or 5.
    pub changes: Vec<SeatChangeBody>,
    /// Only show the result and its quality; change nothing.
    #[serde(default)]
    pub dry_run: bool,
}

/// One change to a round's seats.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SeatChangeBody {
    /// Two players trade places. One may be without a seat in this round: he takes the
    /// other's seat (a late arrival replaces a withdrawn player).
    Swap {
        /// The two player ids.
        #[schema(example = json!([3, 17]))]
        players: Vec<i64>,
    },
    /// A player goes to a table, leaving his old seat if he had one (a late arrival joins a
    /// 4-table this way).
    Move {
        /// The player id.
        player: i64,
        /// The table number (from 1).
        table: i32,
        /// The seat (from 1; default: after the others). Later players move one seat on.
        #[serde(default)]
        seat: Option<i32>,
    },
    /// A player leaves the round (withdrawal).
    Remove {
        /// The player id.
        player: i64,
    },
}

/// A round's seats after changes, with the quality before and after.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReseatResponse {
    /// The round as it is now (as it would be, for a dry run).
    pub round: RoundResponse,
    /// Whether the changes were stored (false for a dry run).
    pub applied: bool,
    /// Quality of the rounds up to this one, before the changes.
    pub quality_before: crate::wire::seating::QualityBody,
    /// And after them.
    pub quality_after: crate::wire::seating::QualityBody,
}

/// Swap, move, add or remove players in a round before it starts, seeing the quality
/// change (repeat pairs, seats, 5-table duty, clubs apart). With `dry_run` nothing changes.
///
/// Refused with 409 `round_started` once a deal or penalty is entered or the round is
/// closed. Send an `Idempotency-Key`: a swap sent twice would swap back.
#[utoipa::path(tag = "rounds", params(("id" = i64, Path, description = "Round id"),
    ("Idempotency-Key" = Option<String>, Header)),
    request_body = ReseatRequest, security(("bearer" = [])), responses(
    (status = 200, body = ReseatResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/rounds/{id}/seating")]
pub async fn reseat_round(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<ReseatRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let caller = Caller::Organizer(organizer.0);
    let audit_caller = caller.clone();
    let ReseatRequest { changes, dry_run } = body.0;
    let mut errors = Vec::new();
    if changes.is_empty() {
        errors.push(FieldError::new(
            "changes",
            "required",
            "at least one change",
        ));
    }
    let changes: Vec<draw::Change> = changes
        .into_iter()
        .enumerate()
        .filter_map(|(i, change)| match change {
            SeatChangeBody::Swap { players } => match players[..] {
                [a, b] if a != b => Some(draw::Change::Swap(a, b)),
                _ => {
                    errors.push(FieldError::new(
                        format!("changes[{i}].players"),
                        "invalid_value",
                        "two different player ids",
                    ));
                    None
                }
            },
            SeatChangeBody::Move {
                player,
                table,
                seat,
            } => Some(draw::Change::Move(player, table, seat)),
            SeatChangeBody::Remove { player } => Some(draw::Change::Remove(player)),
        })
        .collect();
    invalid(errors)?;
    once(&state, &req, &caller, 200, move |conn| {
        let round = round_row(conn, id)?;
        let tournament = access::tournament(conn, round.tournament_id, &audit_caller, Need::Write)?;
        not_started(conn, &round)?;
        let roster = draw::roster(conn, tournament.id)?;
        let history = draw::history(conn, tournament.id, round.number)?;
        let before = draw::seats_of(conn, round.id)?;
        let reseated = draw::reseat(&roster, &history, &before, &changes)?;
        let table_rows: Vec<TableRow> = round_tables::table
            .filter(round_tables::round_id.eq(round.id))
            .order(round_tables::number.asc())
            .select(TableRow::as_select())
            .load(conn)?;
        let planned = |seats: &[i64]| {
            if seats.len() == 5 {
                tournament.deals_five
            } else {
                tournament.deals_four
            }
        };
        if !dry_run {
            for ((row, old), new) in table_rows.iter().zip(&before).zip(&reseated.tables) {
                if old == new {
                    continue;
                }
                diesel::delete(table_seats::table.filter(table_seats::table_id.eq(row.id)))
                    .execute(conn)?;
                insert_seats(conn, row.id, new)?;
                diesel::update(round_tables::table.find(row.id))
                    .set(round_tables::planned_deals.eq(planned(new)))
                    .execute(conn)?;
            }
            audit::Change::new(tournament.id, &audit_caller, "round.reseat")
                .before(Some(
                    serde_json::json!({"round": round.number, "tables": before}),
                ))
                .after(Some(
                    serde_json::json!({"round": round.number, "tables": reseated.tables}),
                ))
                .record(conn)?;
        }
        let tables = table_rows
            .iter()
            .zip(&reseated.tables)
            .map(|(row, seats)| TableResponse {
                id: row.id,
                number: row.number,
                planned_deals: planned(seats),
                seats: seats.clone(),
            })
            .collect();
        Ok(ReseatResponse {
            round: RoundResponse {
                id: round.id,
                number: round.number,
                closed: round.closed,
                tables,
                draw: DrawResponse::of(&round),
            },
            applied: !dry_run,
            quality_before: reseated.before.into(),
            quality_after: reseated.after.into(),
        })
    })
    .await
}

/// Delete the last round before it starts (to draw it again, e.g. after several
/// withdrawals). Its join codes go with it.
#[utoipa::path(tag = "rounds", params(("id" = i64, Path, description = "Round id")),
    security(("bearer" = [])), responses(
    (status = 204),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/rounds/{id}")]
pub async fn delete_round(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    use crate::db::schema::join_codes;
    let id = id.into_inner();
    let caller = Caller::Organizer(organizer.0);
    state
        .db
        .tx(move |conn| {
            let round = round_row(conn, id)?;
            let tournament = access::tournament(conn, round.tournament_id, &caller, Need::Write)?;
            let later: i64 = rounds::table
                .filter(rounds::tournament_id.eq(tournament.id))
                .filter(rounds::number.gt(round.number))
                .count()
                .get_result(conn)?;
            if later > 0 {
                return Err(ApiError::conflict(
                    "not_last_round",
                    format!(
                        "only the last round can be deleted; round {} is not",
                        round.number
                    ),
                ));
            }
            not_started(conn, &round)?;
            let before = draw::seats_of(conn, round.id)?;
            let tables = round_tables::table
                .filter(round_tables::round_id.eq(round.id))
                .select(round_tables::id);
            diesel::delete(join_codes::table.filter(join_codes::table_id.eq_any(tables)))
                .execute(conn)?;
            diesel::delete(table_seats::table.filter(table_seats::table_id.eq_any(tables)))
                .execute(conn)?;
            diesel::delete(round_tables::table.filter(round_tables::round_id.eq(round.id)))
                .execute(conn)?;
            diesel::delete(rounds::table.find(round.id)).execute(conn)?;
            audit::Change::new(tournament.id, &caller, "round.delete")
                .before(Some(
                    serde_json::json!({"round": round.number, "tables": before}),
                ))
                .record(conn)?;
            Ok(())
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
}
