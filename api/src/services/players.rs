//! A tournament's players: registering one, importing many from CSV (all or nothing),
//! listing them, and check-in, withdrawal or corrections. Start numbers are unique in a
//! tournament; a player without one gets the next free number.

use actix_web::{HttpRequest, HttpResponse};

use super::access::{self, Need};
use super::idempotency::Key;
use super::same_player::{Registered, Registration};
use super::validate::{self, invalid, optional, text};
use super::{audit, now, write};
use crate::auth::Caller;
use crate::db::models::{NewPlayer, PlayerRow};
use crate::db::players::{self as repo, PlayerChange};
use crate::db::{DbConn, locks};
use crate::error::{ApiError, FieldError};
use crate::state::AppState;
use crate::wire::players::{
    CreatePlayerRequest, ImportPreview, ImportPreviewRow, ImportResponse, PlayerListEntry,
    PlayerResponse, UpdatePlayerRequest,
};

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
    let ddv_number = validate::ddv_number(
        &field("ddv_number"),
        request.ddv_number.as_deref(),
        &mut errors,
    );
    let public_name = optional(
        &field("public_name"),
        request.public_name.as_deref(),
        200,
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
        public_name,
    })
}

/// The error for a start number another player has.
fn number_taken(prefix: &str, number: i32) -> FieldError {
    FieldError::new(
        format!("{prefix}start_number"),
        "taken",
        format!("start number {number} is taken"),
    )
}

/// `new` as far as telling people apart goes.
fn registration(new: &NewPlayer) -> Registration<'_> {
    Registration {
        name: &new.name,
        club: new.club.as_deref(),
        ddv_number: new.ddv_number.as_deref(),
    }
}

/// Inserts players, refusing start numbers and DDV numbers that are taken (by a stored
/// player or by another of `new`: the same person registered twice).
fn insert_players(
    conn: &mut DbConn,
    new: &[NewPlayer],
    prefixes: &[String],
    code: &'static str,
) -> Result<Vec<PlayerRow>, ApiError> {
    let stored = repo::of_tournament(conn, new.first().map_or(0, |p| p.tournament_id))?;
    let mut seen: std::collections::HashSet<i32> = stored.iter().map(|p| p.start_number).collect();
    let mut registered = Registered::of(&stored, None);
    let mut errors = Vec::new();
    for (player, prefix) in new.iter().zip(prefixes) {
        if !seen.insert(player.start_number) {
            errors.push(number_taken(prefix, player.start_number));
        }
        let field = format!("{prefix}ddv_number");
        errors.extend(registered.ddv_taken(&field, registration(player)));
        registered.add(
            registration(player),
            prefix.trim_end_matches(": ").to_owned(),
        );
    }
    if !errors.is_empty() {
        return Err(ApiError::unprocessable(
            code,
            format!("{} number(s) are taken", errors.len()),
            errors,
        ));
    }
    let mut rows = Vec::with_capacity(new.len());
    for player in new {
        rows.push(repo::insert(conn, player)?);
    }
    // A tournament already in a season counts tonight: its new players join the register.
    if let Some(first) = rows.first() {
        super::register::link_registered(conn, first.tournament_id)?;
    }
    Ok(rows)
}

/// Registers a player in the organiser's tournament `id` (201, idempotent).
pub async fn register(
    state: &AppState,
    req: &HttpRequest,
    organizer_id: i64,
    id: i64,
    request: CreatePlayerRequest,
) -> Result<HttpResponse, ApiError> {
    let caller = Caller::Organizer(organizer_id);
    write::create(
        state,
        req,
        &caller,
        registering(id, caller.clone(), request),
    )
    .await
}

/// Registers a player as [`register`] does, under a key a page's form carries (a form
/// sent twice registers him once); the player as first registered.
pub async fn register_keyed(
    state: &AppState,
    key: Option<Key>,
    organizer_id: i64,
    id: i64,
    request: CreatePlayerRequest,
) -> Result<PlayerResponse, ApiError> {
    let caller = Caller::Organizer(organizer_id);
    let seen = write::keyed(state, key, 201, registering(id, caller, request)).await?;
    stored_answer(&seen.body)
}

/// The write that registers `request` in tournament `id` and audits it.
fn registering(
    id: i64,
    caller: Caller,
    request: CreatePlayerRequest,
) -> impl FnOnce(&mut DbConn) -> Result<PlayerResponse, ApiError> + Send + 'static {
    move |conn| {
        // Locked first, as finishing the tournament locks it: a player is added before
        // it is finished or is refused after.
        locks::lock_tournament(conn, id)?;
        access::tournament(conn, id, &caller, Need::Change)?;
        let mut next = repo::next_start_number(conn, id)?;
        let new = new_player(&request, id, &mut next, "").map_err(|errors| {
            ApiError::unprocessable("invalid_body", "the player is invalid", errors)
        })?;
        let auto = request.start_number.is_none();
        let row = insert_players(conn, &[new], &[String::new()], "invalid_body")
            .map_err(|e| match e {
                // Another registration took the next number between our read and our
                // write (PostgreSQL): the client sent no number, so it may simply retry.
                ApiError::Unprocessable { ref errors, .. }
                    if auto && errors.iter().all(|f| f.field == "start_number") =>
                {
                    ApiError::conflict(
                        "concurrent_change",
                        "another player was registered at the same moment; retry",
                    )
                }
                other => other,
            })?
            .remove(0);
        let answer = PlayerResponse::from(row);
        audit::Change::new(id, &caller, "player.create")
            .after(serde_json::to_value(&answer).ok())
            .record(conn)?;
        Ok(answer)
    }
}

/// A stored answer read back (a keyed write stores its answer as JSON).
fn stored_answer<T: serde::de::DeserializeOwned>(body: &str) -> Result<T, ApiError> {
    serde_json::from_str(body).map_err(|e| ApiError::Internal(e.into()))
}

/// The players of tournament `id` by start number, if the caller may read it: everything
/// for its organiser, the public view for anybody else.
pub async fn list(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<Vec<PlayerListEntry>, ApiError> {
    let (organizer, rows) = state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Read)?;
            let organizer = access::is_organizer(conn, &caller, &tournament)?;
            Ok((organizer, repo::of_tournament(conn, id)?))
        })
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            if organizer {
                PlayerListEntry::Organizer(row.into())
            } else {
                PlayerListEntry::Public((&row).into())
            }
        })
        .collect())
}

/// Imports the players of a CSV upload into the organiser's tournament `id`: all or
/// nothing (201, idempotent).
pub async fn import(
    state: &AppState,
    req: &HttpRequest,
    organizer_id: i64,
    id: i64,
    csv: &[u8],
) -> Result<HttpResponse, ApiError> {
    let rows = crate::wire::player_import::parse(csv)?;
    let caller = Caller::Organizer(organizer_id);
    write::create(state, req, &caller, importing(id, caller.clone(), rows)).await
}

/// Imports as [`import`] does, under a key a page's form carries (a form sent twice
/// imports once); how many players the import created.
pub async fn import_keyed(
    state: &AppState,
    key: Option<Key>,
    organizer_id: i64,
    id: i64,
    csv: &[u8],
) -> Result<usize, ApiError> {
    let rows = crate::wire::player_import::parse(csv)?;
    let caller = Caller::Organizer(organizer_id);
    let seen = write::keyed(state, key, 201, importing(id, caller, rows)).await?;
    let answer: serde_json::Value = stored_answer(&seen.body)?;
    answer["created"]
        .as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a stored import without a count")))
}

/// The write that registers the rows of an import, all or nothing, and audits it.
fn importing(
    id: i64,
    caller: Caller,
    rows: Vec<(String, CreatePlayerRequest)>,
) -> impl FnOnce(&mut DbConn) -> Result<ImportResponse, ApiError> + Send + 'static {
    move |conn| {
        // Locked first, as finishing the tournament locks it: a player is added before
        // it is finished or is refused after.
        locks::lock_tournament(conn, id)?;
        access::tournament(conn, id, &caller, Need::Change)?;
        let mut next = repo::next_start_number(conn, id)?;
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
        audit::Change::new(id, &caller, "player.import")
            .after(serde_json::to_value(&answer).ok())
            .record(conn)?;
        Ok(answer)
    }
}

/// What importing `csv` into the organiser's tournament `id` would do, storing nothing:
/// every row with the number it would get and every problem the import would name (the
/// file's cells, the players' checks, start numbers taken by a stored player or by another
/// row), so that the whole file can be put right at once.
pub async fn preview(
    state: &AppState,
    organizer_id: i64,
    id: i64,
    csv: &[u8],
) -> Result<ImportPreview, ApiError> {
    let caller = Caller::Organizer(organizer_id);
    let (mut next, stored, registers) = state
        .db
        .run(move |conn| {
            access::tournament(conn, id, &caller, Need::Write)?;
            Ok((
                repo::next_start_number(conn, id)?,
                repo::of_tournament(conn, id)?,
                super::register::Registers::of_tournament(conn, id)?,
            ))
        })
        .await?;
    let rows = match crate::wire::player_import::read(csv) {
        Ok(rows) => rows,
        Err(ApiError::Unprocessable { errors, .. }) => {
            return Ok(ImportPreview {
                valid: false,
                errors,
                rows: Vec::new(),
            });
        }
        Err(other) => return Err(other),
    };
    let mut seen: std::collections::HashSet<i32> = stored.iter().map(|p| p.start_number).collect();
    let mut registered = Registered::of(&stored, None);
    let mut shown = Vec::with_capacity(rows.len());
    for row in rows {
        let prefix = row.prefix();
        let bad_number = row.bad_start_number();
        let mut errors = row.errors;
        let Some(request) = row.request else {
            shown.push(ImportPreviewRow {
                line: row.line,
                name: String::new(),
                club: None,
                ddv_number: None,
                start_number: None,
                checked_in: false,
                public_name: None,
                errors,
                warnings: Vec::new(),
            });
            continue;
        };
        // A row whose number does not read gets none (and takes none from the rows after
        // it); the rest of it is checked all the same, with a stand-in number that counts
        // for nothing.
        let number = (!bad_number).then(|| request.start_number.unwrap_or(next));
        let checked = if bad_number {
            let placeholder = CreatePlayerRequest {
                start_number: Some(1),
                ..request.clone()
            };
            new_player(&placeholder, id, &mut 1, &prefix)
        } else {
            new_player(&request, id, &mut next, &prefix)
        };
        if let Err(mut e) = checked {
            errors.append(&mut e);
        }
        if let Some(number) = number.filter(|n| (1..=99_999).contains(n))
            && !seen.insert(number)
        {
            errors.push(number_taken(&prefix, number));
        }
        // The same person twice: a DDV number refused (a malformed one is reported above),
        // the same name and club flagged.
        let ddv_number = validate::ddv_number("", request.ddv_number.as_deref(), &mut Vec::new());
        let person = Registration {
            name: request.name.trim(),
            club: request
                .club
                .as_deref()
                .map(str::trim)
                .filter(|c| !c.is_empty()),
            ddv_number: ddv_number.as_deref(),
        };
        errors.extend(registered.ddv_taken(&format!("{prefix}ddv_number"), person));
        let mut warnings: Vec<FieldError> = registered
            .name_twice(&format!("{prefix}name"), person)
            .into_iter()
            .collect();
        // The tournament is in a season: a person of its register with this name and club,
        // and no DDV number to tell, is put to the organiser before the import.
        if registers.by_name_and_club(person.name, person.club, person.ddv_number) {
            warnings.push(FieldError::new(
                format!("{prefix}name"),
                "register_name_club",
                "counts in the season as the person of the register with this name and club; \
                 confirm or split it on the season's page after the import",
            ));
        }
        registered.add(person, format!("line {}", row.line));
        shown.push(ImportPreviewRow {
            line: row.line,
            name: request.name,
            club: request.club,
            ddv_number: request.ddv_number,
            start_number: number,
            checked_in: request.checked_in,
            public_name: request.public_name,
            errors,
            warnings,
        });
    }
    Ok(ImportPreview {
        valid: shown.iter().all(|r| r.errors.is_empty()),
        errors: Vec::new(),
        rows: shown,
    })
}

/// Checks in, withdraws or corrects player `id` of one of the organiser's tournaments.
pub async fn update(
    state: &AppState,
    organizer_id: i64,
    id: i64,
    request: UpdatePlayerRequest,
) -> Result<PlayerResponse, ApiError> {
    let caller = Caller::Organizer(organizer_id);
    let mut errors = Vec::new();
    let name = request.name.as_deref().map(|n| {
        text("name", n, 200)
            .map_err(|e| errors.push(e))
            .unwrap_or_default()
    });
    let club = request
        .club
        .as_deref()
        .map(|c| optional("club", Some(c), 200, &mut errors));
    let public_name = request
        .public_name
        .as_deref()
        .map(|n| optional("public_name", Some(n), 200, &mut errors));
    let ddv_number = request
        .ddv_number
        .as_deref()
        .map(|n| validate::ddv_number("ddv_number", Some(n), &mut errors));
    if let Some(number) = request.start_number {
        validate::in_range("start_number", number, 1, 99_999, &mut errors);
    }
    invalid(errors)?;
    let change = PlayerChange {
        checked_in: request.checked_in,
        withdrawn: request.withdrawn,
        name,
        club,
        public_name,
        ddv_number,
        start_number: request.start_number,
    };
    let row = write::guarded(state, move |conn| {
        let before = locked(conn, id)?;
        access::tournament(conn, before.tournament_id, &caller, Need::Change)?;
        // A disqualified player stays out of the draw until the disqualification is lifted.
        if change.withdrawn == Some(false) && before.disqualified_at.is_some() {
            return Err(ApiError::Conflict {
                code: "player_disqualified",
                detail: format!(
                    "player {id} is disqualified; lift the disqualification before he returns"
                ),
                current: None,
            });
        }
        numbers_free(conn, &before, &change)?;
        // A registration committed between the check and the change (PostgreSQL) may take
        // the start number: the unique key refuses it.
        let changed = repo::update_unless_taken(conn, id, change)?;
        if changed.is_none() {
            return Err(ApiError::unprocessable(
                "invalid_body",
                "the start number is taken",
                vec![number_taken("", request.start_number.unwrap_or_default())],
            ));
        }
        let after = repo::find(conn, id)?.ok_or(ApiError::NotFound)?;
        audit::Change::new(before.tournament_id, &caller, "player.update")
            .before(serde_json::to_value(PlayerResponse::from(before)).ok())
            .after(serde_json::to_value(PlayerResponse::from(after.clone())).ok())
            .record(conn)?;
        Ok(after)
    })
    .await?;
    Ok(row.into())
}

/// Refuses `change` to player `before` if it gives him a start number or a DDV number
/// another player of the tournament holds (the DDV number being the same person twice).
fn numbers_free(
    conn: &mut DbConn,
    before: &PlayerRow,
    change: &PlayerChange,
) -> Result<(), ApiError> {
    let new_number = change.start_number.filter(|n| *n != before.start_number);
    let new_ddv = change
        .ddv_number
        .clone()
        .flatten()
        .filter(|n| before.ddv_number.as_deref() != Some(n.as_str()));
    if new_number.is_none() && new_ddv.is_none() {
        return Ok(());
    }
    let others = repo::of_tournament(conn, before.tournament_id)?;
    let mut errors = Vec::new();
    if let Some(number) = new_number
        && others
            .iter()
            .any(|p| p.id != before.id && p.start_number == number)
    {
        errors.push(number_taken("", number));
    }
    let registered = Registered::of(&others, Some(before.id));
    let person = Registration {
        name: &before.name,
        club: before.club.as_deref(),
        ddv_number: new_ddv.as_deref(),
    };
    errors.extend(registered.ddv_taken("ddv_number", person));
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ApiError::unprocessable(
            "invalid_body",
            format!("{} number(s) are taken", errors.len()),
            errors,
        ))
    }
}

/// Deletes player `id` of one of the organiser's tournaments, a registration made by
/// mistake: only before he has a seat in any round, since a seat is part of a sheet.
/// (A player who leaves after playing is withdrawn instead.) A seating plan that still
/// seats him keeps his id; the plan then shows him as gone and wants re-planning.
pub async fn delete(state: &AppState, organizer_id: i64, id: i64) -> Result<(), ApiError> {
    let caller = Caller::Organizer(organizer_id);
    write::guarded(state, move |conn| {
        let before = locked(conn, id)?;
        access::tournament(conn, before.tournament_id, &caller, Need::Change)?;
        let seated = |rounds: &[i32]| {
            let which = if rounds.is_empty() {
                "a round created at the same moment".to_owned()
            } else {
                format!("round(s) {rounds:?}")
            };
            ApiError::conflict(
                "player_seated",
                format!("player {id} has a seat in {which}; withdraw him instead"),
            )
        };
        let rounds = repo::seated_in_rounds(conn, id)?;
        if !rounds.is_empty() {
            return Err(seated(&rounds));
        }
        // A round seating him committed between the check and the delete (PostgreSQL):
        // his seat's foreign key refuses the delete.
        if repo::delete(conn, id)?.is_none() {
            return Err(seated(&[]));
        }
        audit::Change::new(before.tournament_id, &caller, "player.delete")
            .before(serde_json::to_value(PlayerResponse::from(before)).ok())
            .record(conn)?;
        Ok(())
    })
    .await
}

/// Player `id` read after his tournament's lock (taken as finishing it takes it): a change
/// to him lands before the tournament is finished or is refused after.
fn locked(conn: &mut DbConn, id: i64) -> Result<PlayerRow, ApiError> {
    let tournament = repo::find(conn, id)?
        .ok_or(ApiError::NotFound)?
        .tournament_id;
    locks::lock_tournament(conn, tournament)?;
    repo::find(conn, id)?.ok_or(ApiError::NotFound)
}
