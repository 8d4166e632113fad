//! A tournament's players: registering one, importing many from CSV, listing them,
//! check-in, withdrawal or corrections, and deleting one registered by mistake.

use actix_web::{HttpRequest, HttpResponse, delete, get, patch, post, put, web};

use crate::auth::{Caller, Organizer};
use crate::error::{ApiError, Problem};
use crate::extract::{JsonBody, RawBody};
use crate::services::{disqualifications, players};
use crate::state::AppState;
use crate::wire::players::{
    CreatePlayerRequest, DisqualifyRequest, ImportPreview, ImportQuery, ImportResponse,
    LiftDisqualificationRequest, PlayerListEntry, PlayerResponse, UpdatePlayerRequest,
};

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
    players::register(&state, &req, organizer.0, id.into_inner(), body.0).await
}

/// The players of a tournament, by start number.
///
/// Its organiser sees everything (`PlayerResponse`); anybody else, the public and the table
/// captains, sees name (the abbreviation a player asked for, if any), club and start number
/// (`PublicPlayerResponse`).
#[utoipa::path(tag = "players", params(("id" = i64, Path)), responses(
    (status = 200, body = Vec<PlayerListEntry>),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[get("/tournaments/{id}/players")]
pub async fn list_players(
    state: web::Data<AppState>,
    caller: Caller,
    id: web::Path<i64>,
) -> Result<web::Json<Vec<PlayerListEntry>>, ApiError> {
    Ok(web::Json(
        players::list(&state, caller, id.into_inner()).await?,
    ))
}

/// Import players from CSV (`text/csv`, a header row with at least a name column).
///
/// Reads what spreadsheets write: `,` or `;` between cells (taken from the header line),
/// UTF-8 with or without BOM or Windows-1252/Latin-1 (German Excel), CRLF or LF, quoted
/// cells. Headers in any case, English or German: `name`/`Name`, `club`/`Verein`,
/// `ddv_number`/`DDV-Nr.`/`DDV-Nummer`, `start_number`/`Startnummer`,
/// `checked_in`/`Anwesend` (`true`/`false`, `ja`/`nein`, `x`), `public_name`/`Anzeigename`;
/// other columns are ignored. All or nothing: a bad row is a 422 naming its line and, where
/// one cell is at fault, its column (`line 3: start_number`), and then no player is stored.
///
/// With `dry_run=true` nothing is stored: the answer (200) shows every row, the start
/// number it would get and every problem of every row (start numbers taken included), so
/// that the whole file can be put right before it is imported.
#[utoipa::path(tag = "players", params(("id" = i64, Path), ImportQuery, ("Idempotency-Key" = Option<String>, Header)),
    request_body(content = String, content_type = "text/csv", example = "Name;Verein;DDV-Nr.\nErika Mustermann;DK Kreuz-Dame;12345\n"),
    security(("bearer" = [])), responses(
    (status = 201, body = ImportResponse),
    (status = 200, description = "`dry_run=true`: what the import would do; nothing stored", body = ImportPreview),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[post("/tournaments/{id}/players/import")]
pub async fn import_players(
    state: web::Data<AppState>,
    req: HttpRequest,
    organizer: Organizer,
    id: web::Path<i64>,
    query: web::Query<ImportQuery>,
    body: RawBody,
) -> Result<HttpResponse, ApiError> {
    if query.dry_run {
        let preview = players::preview(&state, organizer.0, id.into_inner(), &body.0).await?;
        return Ok(HttpResponse::Ok().json(preview));
    }
    players::import(&state, &req, organizer.0, id.into_inner(), &body.0).await
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
    Ok(web::Json(
        players::update(&state, organizer.0, id, body.0).await?,
    ))
}

/// Disqualify a player (TSR 9.7.2 c), as the arbitration panel decided.
///
/// Organisers of his tournament, with the panel's reason (422 without) and its decision on
/// his results: `kept` (he stays in the standings, marked `disqualified`) or `struck` (he
/// is not ranked; the other players keep their entries from the deals he played). He is
/// withdrawn as well: no later round seats him, a plan that does is outdated. His table of
/// the round under way is left to the panel and the desk's tools (a substitute seated by
/// reseating, time-up, a forced round close). 409 `already_disqualified` if he is. Refused once the
/// tournament is finished. Audited (`player.disqualify`); sends `standings.changed`.
#[utoipa::path(tag = "players", params(("id" = i64, Path, description = "Player id")),
    request_body = DisqualifyRequest, security(("bearer" = [])), responses(
    (status = 200, body = PlayerResponse),
    (status = 409, description = "He is disqualified already (`already_disqualified`) or the tournament is finished", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[put("/players/{id}/disqualification")]
pub async fn disqualify_player(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<DisqualifyRequest>,
) -> Result<web::Json<PlayerResponse>, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    Ok(web::Json(
        disqualifications::disqualify(&state, caller, id.into_inner(), body.0).await?,
    ))
}

/// Lift a player's disqualification, with a reason (422 without): his results count
/// again; he stays withdrawn until the withdrawal is taken back (`PATCH`, refused with 409
/// `player_disqualified` while he is disqualified). A player without one is answered as
/// he is. Audited (`player.disqualify.remove`); sends `standings.changed`.
#[utoipa::path(tag = "players", params(("id" = i64, Path, description = "Player id")),
    request_body = LiftDisqualificationRequest, security(("bearer" = [])), responses(
    (status = 200, body = PlayerResponse),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/players/{id}/disqualification")]
pub async fn lift_disqualification(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
    body: JsonBody<LiftDisqualificationRequest>,
) -> Result<web::Json<PlayerResponse>, ApiError> {
    let caller = Caller::Organizer(organizer.0);
    Ok(web::Json(
        disqualifications::lift(&state, caller, id.into_inner(), &body.0.reason).await?,
    ))
}

/// Delete a player registered by mistake, before he has a seat in any round (afterwards he
/// is withdrawn instead: 409 `player_seated`).
#[utoipa::path(tag = "players", params(("id" = i64, Path, description = "Player id")),
    security(("bearer" = [])), responses(
    (status = 204),
    (status = 409, description = "He has a seat in a round (`player_seated`)", body = Problem, content_type = "application/problem+json"),
    (status = "4XX", body = Problem, content_type = "application/problem+json"),
))]
#[delete("/players/{id}")]
pub async fn delete_player(
    state: web::Data<AppState>,
    organizer: Organizer,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    players::delete(&state, organizer.0, id.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}
