//! Tournaments and their players. Organisers create and change only their
//! own; a published tournament is readable by everybody.

use actix_web::{HttpRequest, HttpResponse, get, patch, post, web};
use chrono::NaiveDate;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{Caller, Organizer};
use crate::db::DbConn;
use crate::db::models::{AuditRow, NewPlayer, NewTournament, PlayerRow, TournamentRow};
use crate::db::schema::{audit_log, players, tournaments};
use crate::error::{ApiError, FieldError, Problem};
use crate::extract::JsonBody;
use crate::services::access::{self, Need};
use crate::services::validate::{in_range, invalid, optional, split_list, text};
use crate::services::write::create;
use crate::services::{audit, now};
use crate::state::AppState;

fn default_rounds() -> i32 {
    3
}
fn default_deals_four() -> i32 {
    24
}
fn default_deals_five() -> i32 {
    30
}
fn default_minutes_four() -> i32 {
    100
}
fn default_minutes_five() -> i32 {
    125
}
fn default_ruleset() -> String {
    "ddv".to_owned()
}

/// A new tournament; only `name` and `date` are required.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTournamentRequest {
    /// Name.
    #[schema(example = "Karlchen-Cup 2026")]
    pub name: String,
    /// The day (YYYY-MM-DD).
    #[schema(value_type = String, format = Date, example = "2026-12-05")]
    pub date: NaiveDate,
    /// Where.
    #[serde(default)]
    pub venue: Option<String>,
    /// Rounds planned (default 3).
    #[serde(default = "default_rounds")]
    pub rounds: i32,
    /// Deals per round at a 4-table (default 24).
    #[serde(default = "default_deals_four")]
    pub deals_four: i32,
    /// Deals per round at a 5-table (default 30).
    #[serde(default = "default_deals_five")]
    pub deals_five: i32,
    /// Minutes per round at a 4-table (default 100).
    #[serde(default = "default_minutes_four")]
    pub minutes_four: i32,
    /// Minutes per round at a 5-table (default 125).
    #[serde(default = "default_minutes_five")]
    pub minutes_five: i32,
    /// The rules (only `ddv` for now).
    #[serde(default = "default_ruleset")]
    pub ruleset: String,
    /// Tie-breaks in order: most_games_won, best_round, best_average_per_deal,
    /// most_solos_won (default none: equal totals share a rank).
    #[serde(default)]
    pub tie_breaks: Vec<String>,
    /// Readable without a token (default false).
    #[serde(default)]
    pub published: bool,
}

/// A tournament.
#[derive(Debug, Serialize, ToSchema)]
pub struct TournamentResponse {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// The day.
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    /// Where.
    pub venue: Option<String>,
    /// Rounds planned.
    pub rounds: i32,
    /// Deals per round at a 4-table.
    pub deals_four: i32,
    /// Deals per round at a 5-table.
    pub deals_five: i32,
    /// Minutes per round at a 4-table.
    pub minutes_four: i32,
    /// Minutes per round at a 5-table.
    pub minutes_five: i32,
    /// The rules.
    pub ruleset: String,
    /// Tie-breaks in order.
    pub tie_breaks: Vec<String>,
    /// Readable without a token.
    pub published: bool,
}

impl From<TournamentRow> for TournamentResponse {
    fn from(t: TournamentRow) -> TournamentResponse {
        TournamentResponse {
            id: t.id,
            name: t.name,
            date: t.held_on,
            venue: t.venue,
            rounds: t.rounds_planned,
            deals_four: t.deals_four,
            deals_five: t.deals_five,
            minutes_four: t.minutes_four,
            minutes_five: t.minutes_five,
            ruleset: t.ruleset,
            tie_breaks: split_list(&t.tie_breaks),
            published: t.published,
        }
    }
}

impl CreateTournamentRequest {
    fn into_new(self, organizer_id: i64) -> Result<NewTournament, ApiError> {
        let mut errors = Vec::new();
        let name = text("name", &self.name, 200)
            .map_err(|e| errors.push(e))
            .unwrap_or_default();
        let venue = match self.venue.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(v) => text("venue", v, 200).map_err(|e| errors.push(e)).ok(),
        };
        in_range("rounds", self.rounds, 1, 30, &mut errors);
        // Every player owes one Pflichtsolo per round, so a round has at least one deal per
        // seat; the domain's limit is the upper bound.
        let max = i32::from(domain::sheet::MAX_PLANNED_DEALS);
        in_range("deals_four", self.deals_four, 4, max, &mut errors);
        in_range("deals_five", self.deals_five, 5, max, &mut errors);
        in_range("minutes_four", self.minutes_four, 1, 600, &mut errors);
        in_range("minutes_five", self.minutes_five, 1, 600, &mut errors);
        if self.ruleset != "ddv" {
            errors.push(FieldError::new(
                "ruleset",
                "unknown_value",
                "only the ddv ruleset exists so far",
            ));
        }
        for (i, tie_break) in self.tie_breaks.iter().enumerate() {
            if !domain::standings::TieBreak::ALL
                .iter()
                .any(|t| t.as_str() == tie_break)
            {
                errors.push(FieldError::new(
                    format!("tie_breaks[{i}]"),
                    "unknown_value",
                    format!("unknown tie-break {tie_break:?}"),
                ));
            }
        }
        invalid(errors)?;
        Ok(NewTournament {
            organizer_id,
            name,
            held_on: self.date,
            venue,
            rounds_planned: self.rounds,
            deals_four: self.deals_four,
            deals_five: self.deals_five,
            minutes_four: self.minutes_four,
            minutes_five: self.minutes_five,
            ruleset: self.ruleset,
            tie_breaks: self.tie_breaks.join(","),
            published: self.published,
            created_at: now(),
        })
    }
}

/// Create a tournament.
#[utoipa::path(tag = "tournaments", request_body = CreateTournamentRequest,
    params(("Idempotency-Key" = Option<String>, Header, description = "Retry-safe create")),
    security(("bearer" = [])),
    responses(
        (status = 201, body = TournamentResponse),
        (status = "4XX", body = Problem, content_type = "application/problem+json"),
    ))]
#[post("/tournaments")]
pub async fn create_tournament(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    body: JsonBody<CreateTournamentRequest>,
) -> Result<HttpResponse, ApiError> {
    let new = body.0.into_new(organizer.0)?;
    let caller = Caller::Organizer(organizer.0);
    let audit_caller = caller.clone();
    create(&state, &req, &caller, move |conn| {
        let row: TournamentRow = diesel::insert_into(tournaments::table)
            .values(&new)
            .returning(tournaments::all_columns)
            .get_result(conn)?;
        let answer = TournamentResponse::from(row);
        audit::Change::new(answer.id, &audit_caller, "tournament.create")
            .after(serde_json::to_value(&answer).ok())
            .record(conn)?;
        Ok(answer)
    })
    .await
}

/// The caller's own tournaments, newest first.
#[utoipa::path(tag = "tournaments", security(("bearer" = [])), responses(
    (status = 200, body = Vec<TournamentResponse>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments")]
pub async fn list_tournaments(
    state: web::Data<AppState>,
    organizer: Organizer,
) -> Result<web::Json<Vec<TournamentResponse>>, ApiError> {
    let rows: Vec<TournamentRow> = state
        .db
        .run(move |conn| {
            Ok(tournaments::table
                .filter(tournaments::organizer_id.eq(organizer.0))
                .order((tournaments::held_on.desc(), tournaments::id.desc()))
                .select(TournamentRow::as_select())
                .load(conn)?)
        })
        .await?;
    Ok(web::Json(rows.into_iter().map(Into::into).collect()))
}

/// One tournament.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path)), responses(
    (status = 200, body = TournamentResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}")]
pub async fn get_tournament(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<TournamentResponse>, ApiError> {
    let id = id.into_inner();
    let row = state
        .db
        .run(move |conn| access::tournament(conn, id, &caller, Need::Read))
        .await?;
    Ok(web::Json(row.into()))
}

/// A change to a tournament's settings.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateTournamentRequest {
    /// Readable without a token.
    #[serde(default)]
    pub published: Option<bool>,
}

/// Publish or unpublish a tournament.
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path)), request_body = UpdateTournamentRequest,
    security(("bearer" = [])), responses(
    (status = 200, body = TournamentResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[patch("/tournaments/{id}")]
pub async fn update_tournament(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<UpdateTournamentRequest>,
) -> Result<web::Json<TournamentResponse>, ApiError> {
    let id = id.into_inner();
    let caller = Caller::Organizer(organizer.0);
    let row = state
        .db
        .tx(move |conn| {
            let before = access::tournament(conn, id, &caller, Need::Write)?;
            if let Some(published) = body.0.published {
                diesel::update(tournaments::table.find(id))
                    .set(tournaments::published.eq(published))
                    .execute(conn)?;
            }
            let after = access::tournament(conn, id, &caller, Need::Write)?;
            audit::Change::new(id, &caller, "tournament.update")
                .before(serde_json::to_value(TournamentResponse::from(before)).ok())
                .after(serde_json::to_value(TournamentResponse::from(after.clone())).ok())
                .record(conn)?;
            Ok(after)
        })
        .await?;
    Ok(web::Json(row.into()))
}

/// A new player; only `name` is required.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatePlayerRequest {
    /// Name.
    #[schema(example = "Erika Mustermann")]
    pub name: String,
    /// Club.
    #[serde(default)]
    pub club: Option<String>,
    /// DDV membership number.
    #[serde(default)]
    pub ddv_number: Option<String>,
    /// Start number (default: the next free one).
    #[serde(default)]
    pub start_number: Option<i32>,
    /// Present at the venue (default false).
    #[serde(default)]
    pub checked_in: bool,
}

/// A player.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlayerResponse {
    /// Id.
    pub id: i64,
    /// Start number.
    pub start_number: i32,
    /// Name.
    pub name: String,
    /// Club.
    pub club: Option<String>,
    /// DDV membership number.
    pub ddv_number: Option<String>,
    /// Present at the venue.
    pub checked_in: bool,
    /// Left the tournament.
    pub withdrawn: bool,
}

impl From<PlayerRow> for PlayerResponse {
    fn from(p: PlayerRow) -> PlayerResponse {
        PlayerResponse {
            id: p.id,
            start_number: p.start_number,
            name: p.name,
            club: p.club,
            ddv_number: p.ddv_number,
            checked_in: p.checked_in,
            withdrawn: p.withdrawn,
        }
    }
}

/// Checks a player and gives it a start number; `prefix` names the field's place (a CSV
/// line).
fn new_player(
    request: &CreatePlayerRequest,
    tournament_id: i64,
    next_number: &mut i32,
    prefix: &str,
) -> Result<NewPlayer, Vec<FieldError>> {
    let mut errors = Vec::new();
    let field = |f: &str| format!("{prefix}{f}");
    let name = text(&field("name"), &request.name, 200)
        .map_err(|e| errors.push(e))
        .unwrap_or_default();
    let club = optional(&field("club"), request.club.as_deref(), 200, &mut errors);
    let ddv_number = optional(
        &field("ddv_number"),
        request.ddv_number.as_deref(),
        40,
        &mut errors,
    );
    let start_number = request.start_number.unwrap_or(*next_number);
    if !(1..=99_999).contains(&start_number) {
        errors.push(FieldError::new(
            field("start_number"),
            "out_of_range",
            "1 to 99999",
        ));
    }
    // Saturating: an out-of-range number sent by a client is reported above, never an
    // overflow panic.
    *next_number = (*next_number).max(start_number.saturating_add(1));
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(NewPlayer {
        tournament_id,
        start_number,
        name,
        club,
        ddv_number,
        checked_in: request.checked_in,
        withdrawn: false,
        created_at: now(),
    })
}

fn next_start_number(conn: &mut DbConn, tournament_id: i64) -> QueryResult<i32> {
    players::table
        .filter(players::tournament_id.eq(tournament_id))
        .select(diesel::dsl::max(players::start_number))
        .first::<Option<i32>>(conn)
        .map(|max| max.unwrap_or(0).saturating_add(1))
}

/// Inserts players, refusing start numbers that are taken (by a stored player or by another
/// of `new`).
fn insert_players(
    conn: &mut DbConn,
    new: &[NewPlayer],
    prefixes: &[String],
    code: &'static str,
) -> Result<Vec<PlayerRow>, ApiError> {
    let taken: Vec<i32> = players::table
        .filter(players::tournament_id.eq(new.first().map_or(0, |p| p.tournament_id)))
        .select(players::start_number)
        .load(conn)?;
    let mut seen = std::collections::HashSet::<i32>::from_iter(taken);
    let mut errors = Vec::new();
    for (player, prefix) in new.iter().zip(prefixes) {
        if !seen.insert(player.start_number) {
            errors.push(FieldError::new(
                format!("{prefix}start_number"),
                "taken",
                format!("start number {} is taken", player.start_number),
            ));
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::unprocessable(
            code,
            format!("{} start number(s) are taken", errors.len()),
            errors,
        ));
    }
    let mut rows = Vec::with_capacity(new.len());
    // One insert per row: diesel's generic connection cannot batch-insert (shared/stack.md).
    for player in new {
        rows.push(
            diesel::insert_into(players::table)
                .values(player)
                .returning(players::all_columns)
                .get_result::<PlayerRow>(conn)?,
        );
    }
    Ok(rows)
}

/// Register a player.
#[utoipa::path(tag = "players", params(("id" = i64, Path), ("Idempotency-Key" = Option<String>, Header)),
    request_body = CreatePlayerRequest, security(("bearer" = [])), responses(
    (status = 201, body = PlayerResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tournaments/{id}/players")]
pub async fn create_player(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<CreatePlayerRequest>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let caller = Caller::Organizer(organizer.0);
    let audit_caller = caller.clone();
    create(&state, &req, &caller, move |conn| {
        access::tournament(conn, id, &audit_caller, Need::Write)?;
        let mut next = next_start_number(conn, id)?;
        let new = new_player(&body.0, id, &mut next, "").map_err(|errors| {
            ApiError::unprocessable("invalid_body", "the player is invalid", errors)
        })?;
        let auto = body.0.start_number.is_none();
        let row = insert_players(conn, &[new], &[String::new()], "invalid_body")
            .map_err(|e| match e {
                // Another registration took the next number between our read and our
                // write (PostgreSQL): the client sent no number, so it may simply retry.
                ApiError::Unprocessable { .. } if auto => ApiError::conflict(
                    "concurrent_change",
                    "another player was registered at the same moment; retry",
                ),
                other => other,
            })?
            .remove(0);
        let answer = PlayerResponse::from(row);
        audit::Change::new(id, &audit_caller, "player.create")
            .after(serde_json::to_value(&answer).ok())
            .record(conn)?;
        Ok(answer)
    })
    .await
}

/// The players of a tournament, by start number.
#[utoipa::path(tag = "players", params(("id" = i64, Path)), responses(
    (status = 200, body = Vec<PlayerResponse>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}/players")]
pub async fn list_players(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<Vec<PlayerResponse>>, ApiError> {
    let id = id.into_inner();
    let rows: Vec<PlayerRow> = state
        .db
        .run(move |conn| {
            access::tournament(conn, id, &caller, Need::Read)?;
            Ok(players::table
                .filter(players::tournament_id.eq(id))
                .order(players::start_number.asc())
                .select(PlayerRow::as_select())
                .load(conn)?)
        })
        .await?;
    Ok(web::Json(rows.into_iter().map(Into::into).collect()))
}

/// The players created by an import.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportResponse {
    /// How many were created.
    pub created: usize,
    /// The new players.
    pub players: Vec<PlayerResponse>,
}

/// One CSV row: `name` is required; `club`, `ddv_number`, `start_number` and `checked_in`
/// are optional columns.
#[derive(Debug, Deserialize)]
struct CsvPlayer {
    name: String,
    #[serde(default)]
    club: Option<String>,
    #[serde(default)]
    ddv_number: Option<String>,
    #[serde(default)]
    start_number: Option<i32>,
    #[serde(default)]
    checked_in: Option<bool>,
}

/// Parses a CSV upload; every bad row is reported with its line, and nothing is stored
/// unless every row is good.
fn parse_csv(bytes: &[u8]) -> Result<Vec<(String, CreatePlayerRequest)>, ApiError> {
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .flexible(false)
        .from_reader(bytes);
    let headers = reader
        .headers()
        .map_err(|e| ApiError::field("invalid_csv", "line 1", "invalid_header", e.to_string()))?
        .clone();
    if !headers.iter().any(|h| h == "name") {
        return Err(ApiError::field(
            "invalid_csv",
            "line 1",
            "missing_column",
            "the header needs a name column",
        ));
    }
    let mut rows = Vec::new();
    let mut errors = Vec::new();
    for (i, record) in reader.deserialize::<CsvPlayer>().enumerate() {
        // Line 1 is the header.
        let line = format!("line {}: ", i + 2);
        match record {
            // PostgreSQL cannot store NUL in text; the row is refused, naming its line.
            Ok(p)
                if [Some(&p.name), p.club.as_ref(), p.ddv_number.as_ref()]
                    .into_iter()
                    .flatten()
                    .any(|t| t.contains('\0')) =>
            {
                errors.push(FieldError::new(
                    format!("line {}", i + 2),
                    "invalid_character",
                    "text must not contain NUL characters",
                ));
            }
            Ok(p) => rows.push((
                line,
                CreatePlayerRequest {
                    name: p.name,
                    club: p.club,
                    ddv_number: p.ddv_number,
                    start_number: p.start_number,
                    checked_in: p.checked_in.unwrap_or(false),
                },
            )),
            Err(e) => errors.push(FieldError::new(
                format!("line {}", i + 2),
                "invalid_row",
                e.to_string(),
            )),
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::unprocessable(
            "invalid_csv",
            format!("{} row(s) cannot be read", errors.len()),
            errors,
        ));
    }
    if rows.is_empty() {
        return Err(ApiError::field(
            "invalid_csv",
            "line 2",
            "required",
            "the file has no players",
        ));
    }
    Ok(rows)
}

/// Import players from CSV (`text/csv`, a header row with at least `name`).
///
/// All or nothing: a bad row is a 422 naming its line, and then no player is stored.
#[utoipa::path(tag = "players", params(("id" = i64, Path), ("Idempotency-Key" = Option<String>, Header)),
    request_body(content = String, content_type = "text/csv", example = "name,club,ddv_number\nErika Mustermann,DK Kreuz-Dame,12345\n"),
    security(("bearer" = [])), responses(
    (status = 201, body = ImportResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tournaments/{id}/players/import")]
pub async fn import_players(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    id: web::Path<i64>,
    body: crate::extract::RawBody,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let rows = parse_csv(&body.0)?;
    let caller = Caller::Organizer(organizer.0);
    let audit_caller = caller.clone();
    create(&state, &req, &caller, move |conn| {
        access::tournament(conn, id, &audit_caller, Need::Write)?;
        let mut next = next_start_number(conn, id)?;
        let mut new = Vec::with_capacity(rows.len());
        let mut prefixes = Vec::with_capacity(rows.len());
        let mut errors = Vec::new();
        for (prefix, request) in &rows {
            match new_player(request, id, &mut next, prefix) {
                Ok(p) => new.push(p),
                Err(mut e) => errors.append(&mut e),
            }
            prefixes.push(prefix.clone());
        }
        if !errors.is_empty() {
            return Err(ApiError::unprocessable(
                "invalid_csv",
                format!("{} problem(s) in the file", errors.len()),
                errors,
            ));
        }
        let created = insert_players(conn, &new, &prefixes, "invalid_csv")?;
        let answer = ImportResponse {
            created: created.len(),
            players: created.into_iter().map(Into::into).collect(),
        };
        audit::Change::new(id, &audit_caller, "player.import")
            .after(serde_json::to_value(&answer).ok())
            .record(conn)?;
        Ok(answer)
    })
    .await
}

/// A change to a player: check-in, withdrawal, corrections of name or club.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdatePlayerRequest {
    /// Present at the venue.
    #[serde(default)]
    pub checked_in: Option<bool>,
    /// Left the tournament.
    #[serde(default)]
    pub withdrawn: Option<bool>,
    /// Name.
    #[serde(default)]
    pub name: Option<String>,
    /// Club.
    #[serde(default)]
    pub club: Option<String>,
}

/// Check in, withdraw or correct a player.
#[utoipa::path(tag = "players", params(("id" = i64, Path, description = "Player id")),
    request_body = UpdatePlayerRequest, security(("bearer" = [])), responses(
    (status = 200, body = PlayerResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[patch("/players/{id}")]
pub async fn update_player(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<UpdatePlayerRequest>,
) -> Result<web::Json<PlayerResponse>, ApiError> {
    let id = id.into_inner();
    let caller = Caller::Organizer(organizer.0);
    let change = body.0;
    let mut errors = Vec::new();
    let name = change.name.as_deref().map(|n| {
        text("name", n, 200)
            .map_err(|e| errors.push(e))
            .unwrap_or_default()
    });
    let club = change
        .club
        .as_deref()
        .map(|c| optional("club", Some(c), 200, &mut errors));
    invalid(errors)?;
    let row = state
        .db
        .tx(move |conn| {
            let before: PlayerRow = players::table
                .find(id)
                .select(PlayerRow::as_select())
                .first(conn)
                .optional()?
                .ok_or(ApiError::NotFound)?;
            access::tournament(conn, before.tournament_id, &caller, Need::Write)?;
            let target = players::table.find(id);
            if let Some(v) = change.checked_in {
                diesel::update(target)
                    .set(players::checked_in.eq(v))
                    .execute(conn)?;
            }
            if let Some(v) = change.withdrawn {
                diesel::update(target)
                    .set(players::withdrawn.eq(v))
                    .execute(conn)?;
            }
            if let Some(v) = name {
                diesel::update(target)
                    .set(players::name.eq(v))
                    .execute(conn)?;
            }
            if let Some(v) = club {
                diesel::update(target)
                    .set(players::club.eq(v))
                    .execute(conn)?;
            }
            let after: PlayerRow = target.select(PlayerRow::as_select()).first(conn)?;
            audit::Change::new(before.tournament_id, &caller, "player.update")
                .before(serde_json::to_value(PlayerResponse::from(before)).ok())
                .after(serde_json::to_value(PlayerResponse::from(after.clone())).ok())
                .record(conn)?;
            Ok(after)
        })
        .await?;
    Ok(web::Json(row.into()))
}

/// One entry of the audit log.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditEntry {
    /// Id.
    pub id: i64,
    /// The table, when the change was at one.
    pub table_id: Option<i64>,
    /// Who: `organizer:<id>` or `captain:<table>:<code>`.
    pub actor: String,
    /// What.
    pub action: String,
    /// Before.
    #[schema(value_type = Option<Object>)]
    pub before: Option<serde_json::Value>,
    /// After.
    #[schema(value_type = Option<Object>)]
    pub after: Option<serde_json::Value>,
    /// Why.
    pub reason: Option<String>,
    /// When (UTC, RFC 3339).
    pub at: String,
}

/// The audit log of a tournament, oldest first (organisers only).
#[utoipa::path(tag = "tournaments", params(("id" = i64, Path)), security(("bearer" = [])), responses(
    (status = 200, body = Vec<AuditEntry>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}/audit")]
pub async fn list_audit(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
) -> Result<web::Json<Vec<AuditEntry>>, ApiError> {
    let id = id.into_inner();
    let caller = Caller::Organizer(organizer.0);
    let rows: Vec<AuditRow> = state
        .db
        .run(move |conn| {
            access::tournament(conn, id, &caller, Need::Write)?;
            Ok(audit_log::table
                .filter(audit_log::tournament_id.eq(id))
                .order(audit_log::id.asc())
                .select(AuditRow::as_select())
                .load(conn)?)
        })
        .await?;
    let parse = |s: Option<String>| s.and_then(|s| serde_json::from_str(&s).ok());
    Ok(web::Json(
        rows.into_iter()
            .map(|r| AuditEntry {
                id: r.id,
                table_id: r.table_id,
                actor: r.actor,
                action: r.action,
                before: parse(r.before_json),
                after: parse(r.after_json),
                reason: r.reason,
                at: r
                    .at
                    .and_utc()
                    .to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
            })
            .collect(),
    ))
}
