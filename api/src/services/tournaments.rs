//! Tournaments: creating one (checked field by field), listing an organiser's own,
//! reading one, changing its settings as far as play allows, deleting one that was never
//! played, and what its start page shows. Organisers create, change and delete only their
//! own; a published tournament is readable by everybody.

use actix_web::{HttpRequest, HttpResponse};
use domain::game::{Game, Preset};
use domain::standings::OrderFault;

use super::access::{self, Need};
use super::table_write;
use super::validate::{self, in_range, invalid, optional, text};
use super::{audit, idempotency, now, sheet, view, write};
use crate::auth::Caller;
use crate::db::models::{NewTournament, TournamentChanges, TournamentRow};
use crate::db::tournaments::{self as repo, RoundOverview};
use crate::db::{self, DbConn};
use crate::domain_errors::replan_error;
use crate::error::{ApiError, FieldError};
use crate::state::AppState;
use crate::wire::game::{GameBody, ruleset_name};
use crate::wire::tournaments::{
    CreateTournamentRequest, TournamentResponse, UpdateTournamentRequest,
};

/// The games by name a tournament can be created with without spelling out `game`; the desk
/// offers these: the TSR, the presets of house rules a club starts from
/// ([`domain::game::Preset`]), house rules switched one by one, the family games.
pub const RULESETS: [&str; Preset::ALL.len() + OTHER_RULESETS.len()] = {
    let mut names = [""; Preset::ALL.len() + OTHER_RULESETS.len()];
    let mut i = 0;
    while i < Preset::ALL.len() {
        names[i] = Preset::ALL[i].name();
        i += 1;
    }
    let mut j = 0;
    while j < OTHER_RULESETS.len() {
        names[i + j] = OTHER_RULESETS[j];
        j += 1;
    }
    names
};

/// The names after the presets: house rules switched one by one, the family games.
const OTHER_RULESETS: [&str; 3] = ["house", "doublehead_kids", "doppeldoppel"];

/// The game a request chooses by `ruleset` (a name) and `game` (in full), every fault
/// pushed to `errors`; `None` when it names none (or is faulty).
fn chosen_game(
    ruleset: Option<&str>,
    game: Option<&GameBody>,
    errors: &mut Vec<FieldError>,
) -> Option<Game> {
    let chosen = match (ruleset, game) {
        (_, Some(body)) => match body.to_game() {
            Ok(game) => {
                // A preset's name agrees with a game that is exactly the preset.
                let agrees = |name: &str| {
                    name == ruleset_name(game)
                        || Preset::from_name(name)
                            .is_some_and(|p| game.ruleset() == Some(p.ruleset()))
                };
                if let Some(name) = ruleset.filter(|&name| !agrees(name)) {
                    errors.push(FieldError::new(
                        "ruleset",
                        "contradicts_game",
                        format!("the game given is {:?}, not {name:?}", ruleset_name(game)),
                    ));
                    return None;
                }
                game
            }
            Err(e) => {
                errors.push(e);
                return None;
            }
        },
        (None, None) => return None,
        (Some("ddv"), None) => Game::DDV,
        (Some("doublehead_kids"), None) => {
            Game::DoubleheadKids(domain::game::kids::KidsRules::BASIC)
        }
        (Some("doppeldoppel"), None) => Game::Doppeldoppel,
        (Some("house"), None) => {
            errors.push(FieldError::new(
                "game",
                "required",
                "house rules need `game` with the rules switched on",
            ));
            return None;
        }
        // A preset of house rules by name, or nothing known.
        (Some(other), None) => match Preset::from_name(other) {
            Some(preset) => Game::Doppelkopf(preset.ruleset()),
            None => {
                errors.push(FieldError::new(
                    "ruleset",
                    "unknown_value",
                    format!("unknown ruleset {other:?}: {}", RULESETS.join(", ")),
                ));
                return None;
            }
        },
    };
    Some(chosen)
}

/// Checks a new tournament field by field (every fault in one 422) and makes its row.
pub(crate) fn checked(
    request: CreateTournamentRequest,
    organizer_id: i64,
) -> Result<NewTournament, ApiError> {
    let mut errors = Vec::new();
    let name = text("name", &request.name, 200)
        .map_err(|e| errors.push(e))
        .unwrap_or_default();
    let venue = match request.venue.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(v) => text("venue", v, 200).map_err(|e| errors.push(e)).ok(),
    };
    in_range("rounds", request.rounds, 1, 30, &mut errors);
    // Every player owes one Pflichtsolo per round, so a round has at least one deal per
    // seat; the domain's limit is the upper bound.
    let max = i32::from(domain::sheet::MAX_PLANNED_DEALS);
    in_range("deals_four", request.deals_four, 4, max, &mut errors);
    in_range("deals_five", request.deals_five, 5, max, &mut errors);
    in_range("minutes_four", request.minutes_four, 1, 600, &mut errors);
    in_range("minutes_five", request.minutes_five, 1, 600, &mut errors);
    let game = if request.ruleset.is_none() && request.game.is_none() {
        Game::DDV
    } else {
        chosen_game(
            request.ruleset.as_deref(),
            request.game.as_ref(),
            &mut errors,
        )
        .unwrap_or(Game::DDV)
    };
    let tie_breaks = tie_breaks(&request.tie_breaks, &mut errors);
    let time_zone = time_zone(
        request
            .time_zone
            .as_deref()
            .unwrap_or(crate::local_time::DEFAULT),
        &mut errors,
    );
    invalid(errors)?;
    Ok(NewTournament {
        organizer_id,
        name,
        held_on: request.date,
        venue,
        rounds_planned: request.rounds,
        deals_four: request.deals_four,
        deals_five: request.deals_five,
        minutes_four: request.minutes_four,
        minutes_five: request.minutes_five,
        ruleset: db::game::encode(game),
        tie_breaks,
        published: request.published,
        // Stamped by the write (`inserting`), at its work's instant.
        created_at: chrono::NaiveDateTime::default(),
        time_zone,
    })
}

/// The tie-breaks as stored (comma-separated, in order), each a known one and none twice;
/// else an error on its place in the list.
fn tie_breaks(list: &[String], errors: &mut Vec<FieldError>) -> String {
    let names: Vec<&str> = list.iter().map(String::as_str).collect();
    for (i, fault) in domain::standings::TieBreak::faults(&names) {
        let (code, message) = match fault {
            OrderFault::Unknown => ("unknown_value", format!("unknown tie-break {:?}", names[i])),
            OrderFault::Repeated => (
                "duplicate_value",
                format!("{:?} is already in the list", names[i]),
            ),
        };
        errors.push(FieldError::new(format!("tie_breaks[{i}]"), code, message));
    }
    list.join(",")
}

/// `name` trimmed if it names an IANA time zone, else an error on `time_zone`.
fn time_zone(name: &str, errors: &mut Vec<FieldError>) -> String {
    let name = name.trim();
    if crate::local_time::zone(name).is_none() {
        errors.push(FieldError::new(
            "time_zone",
            "unknown_time_zone",
            format!("{name:?} is not an IANA time zone name such as Europe/Berlin"),
        ));
    }
    name.to_owned()
}

/// Creates a tournament of `organizer_id` through the write runner (201, idempotent).
pub async fn create(
    state: &AppState,
    req: &HttpRequest,
    organizer_id: i64,
    request: CreateTournamentRequest,
) -> Result<HttpResponse, ApiError> {
    let new = checked(request, organizer_id)?;
    let caller = Caller::Organizer(organizer_id);
    write::create(state, req, &caller, inserting(new, caller.clone())).await
}

/// Creates a tournament from the desk's form under the form's `key` (a form sent twice
/// creates one) and answers its id.
pub async fn create_keyed(
    state: &AppState,
    key: Option<idempotency::Key>,
    organizer_id: i64,
    request: CreateTournamentRequest,
) -> Result<i64, ApiError> {
    let new = checked(request, organizer_id)?;
    let caller = Caller::Organizer(organizer_id);
    let seen = write::keyed(state, key, 201, inserting(new, caller)).await?;
    serde_json::from_str::<serde_json::Value>(&seen.body)
        .ok()
        .and_then(|answer| answer["id"].as_i64())
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a stored answer without an id")))
}

/// The write that inserts `new` and audits it.
fn inserting(
    new: NewTournament,
    caller: Caller,
) -> impl FnOnce(&mut DbConn) -> Result<TournamentResponse, ApiError> + Send + 'static {
    move |conn| {
        // Stamped here, in the write's work: `checked` runs before it, outside the app's
        // clock (see `crate::clock`).
        let new = NewTournament {
            created_at: now(),
            ..new
        };
        let answer = TournamentResponse::from(repo::insert(conn, &new)?);
        audit::Change::new(answer.id, &caller, "tournament.create")
            .after(serde_json::to_value(&answer).ok())
            .record(conn)?;
        Ok(answer)
    }
}

/// The tournaments the organiser runs, his own and those he co-organises, newest first.
pub async fn list(
    state: &AppState,
    organizer_id: i64,
) -> Result<Vec<TournamentResponse>, ApiError> {
    let rows = state
        .db
        .run(move |conn| Ok(repo::of_organizer(conn, organizer_id)?))
        .await?;
    Ok(rows.into_iter().map(Into::into).collect())
}

/// One tournament, if the caller may read it.
pub async fn get(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<TournamentResponse, ApiError> {
    let row = state
        .db
        .run(move |conn| access::tournament(conn, id, &caller, Need::Read))
        .await?;
    Ok(row.into())
}

/// A tournament its organiser runs (the desk's pages): another's is not found, even when
/// published.
pub async fn run_by(
    state: &AppState,
    organizer: i64,
    id: i64,
) -> Result<view::Tournament, ApiError> {
    let caller = Caller::Organizer(organizer);
    let row = state
        .db
        .run(move |conn| access::tournament(conn, id, &caller, Need::Write))
        .await?;
    Ok(view::Tournament::from(&row))
}

/// Checks a change field by field (every fault in one 422), with the bounds of a new
/// tournament, and makes its changeset.
fn checked_change(request: UpdateTournamentRequest) -> Result<TournamentChanges, ApiError> {
    let mut errors = Vec::new();
    let name = request.name.map(|n| {
        text("name", &n, 200)
            .map_err(|e| errors.push(e))
            .unwrap_or_default()
    });
    // An empty venue clears it, as on creation.
    let venue = request
        .venue
        .map(|v| optional("venue", Some(&v), 200, &mut errors));
    let max = i32::from(domain::sheet::MAX_PLANNED_DEALS);
    let bounds = [
        ("rounds", request.rounds, 1, 30),
        ("deals_four", request.deals_four, 4, max),
        ("deals_five", request.deals_five, 5, max),
        ("minutes_four", request.minutes_four, 1, 600),
        ("minutes_five", request.minutes_five, 1, 600),
    ];
    for (field, value, min, max) in bounds {
        if let Some(value) = value {
            in_range(field, value, min, max, &mut errors);
        }
    }
    let game = chosen_game(
        request.ruleset.as_deref(),
        request.game.as_ref(),
        &mut errors,
    );
    let time_zone = request
        .time_zone
        .as_deref()
        .map(|name| time_zone(name, &mut errors));
    let tie_breaks = request
        .tie_breaks
        .as_deref()
        .map(|list| tie_breaks(list, &mut errors));
    invalid(errors)?;
    Ok(TournamentChanges {
        name,
        held_on: request.date,
        venue,
        rounds_planned: request.rounds,
        deals_four: request.deals_four,
        deals_five: request.deals_five,
        minutes_four: request.minutes_four,
        minutes_five: request.minutes_five,
        published: request.published,
        ruleset: game.map(db::game::encode),
        time_zone,
        tie_breaks,
    })
}

/// A table of an open round whose planned deals a change moves.
struct Replan {
    table_id: i64,
    round: i32,
    table: i32,
    from: i32,
    to: i32,
}

/// The tables whose planned deals `changes` moves: those of its size in rounds not yet
/// closed. A closed round is over; its sheets keep the deals they were played with. Each
/// is locked as every table write is, and its sheet must still score with the new number
/// (the domain's [`domain::sheet::replan`]); every table that refuses is one field error.
fn replans(
    conn: &mut DbConn,
    caller: &Caller,
    tournament: &TournamentRow,
    changes: &TournamentChanges,
    errors: &mut Vec<FieldError>,
) -> Result<Vec<Replan>, ApiError> {
    // A family game's tables play the game's own round (one deal per player, or to the
    // Golden Coins), whatever the deals per round say.
    if (changes.deals_four.is_none() && changes.deals_five.is_none())
        || tournament.game.ruleset().is_none()
    {
        return Ok(Vec::new());
    }
    let tournament_id = tournament.id;
    let mut moved = Vec::new();
    for round in db::rounds::of_tournament(conn, tournament_id)? {
        if round.closed {
            continue;
        }
        for table in db::rounds::tables(conn, round.id)? {
            let seats = db::tables::seats(conn, table.id)?.len();
            let (field, wanted) = if seats == 5 {
                ("deals_five", changes.deals_five)
            } else {
                ("deals_four", changes.deals_four)
            };
            if let Some(to) = wanted.filter(|&to| to != table.planned_deals) {
                moved.push((field, table, round.number, to));
            }
        }
    }
    // Ascending ids, the order in which a tournament's deletion locks them too.
    moved.sort_by_key(|(_, table, _, _)| table.id);
    let mut replans = Vec::with_capacity(moved.len());
    for (field, table, round, to) in moved {
        let at = format!("round {round}, table {}", table.number);
        let planned = u16::try_from(to).unwrap_or(u16::MAX);
        let ctx = table_write::lock(conn, table.id, caller)?;
        let fits = match sheet::TableRows::read(conn, &ctx).and_then(|rows| rows.judge(&ctx)) {
            Ok(judged) => judged
                .table
                .replan(planned)
                .map_err(|e| replan_error(&e, field, &at)),
            // A sheet that does not score as it stands cannot be re-planned either.
            Err(e) => Err(FieldError::new(
                field,
                "sheet_does_not_fit",
                format!("{at}: {e}"),
            )),
        };
        match fits {
            Ok(()) => replans.push(Replan {
                table_id: table.id,
                round,
                table: table.number,
                from: table.planned_deals,
                to,
            }),
            Err(e) => errors.push(e),
        }
    }
    Ok(replans)
}

/// Changes the organiser's tournament: its name, day, venue, publication, time zone and
/// tie-breaks (which only order the standings, so at any time), and the shape of
/// its rounds as far as play allows (fewer rounds than exist, or deals per round that an
/// open round's sheet contradicts, are refused naming the field). New deals per round
/// apply to the tables of open rounds at once. Audited with before and after, and each
/// re-planned table with its own line.
pub async fn update(
    state: &AppState,
    organizer_id: i64,
    id: i64,
    change: UpdateTournamentRequest,
) -> Result<TournamentResponse, ApiError> {
    let caller = Caller::Organizer(organizer_id);
    let changes = checked_change(change)?;
    let row = write::guarded(state, move |conn| {
            // Locked before its rounds are read: a round being created either is among
            // them and is re-planned, or waits and is built on the new settings.
            db::locks::lock_tournament(conn, id)?;
            // A finished tournament keeps its name, day, venue, time zone and publication
            // open to change: they do not move its final standings.
            let need = if changes.moves_standings() {
                Need::Change
            } else {
                Need::Write
            };
            let before = access::tournament(conn, id, &caller, need)?;
            let mut errors = Vec::new();
            if let Some(rounds) = changes.rounds_planned {
                let created = db::rounds::next_number(conn, id)?.saturating_sub(1);
                if rounds < created {
                    errors.push(FieldError::new(
                        "rounds",
                        "below_rounds_created",
                        format!("{created} rounds exist; the tournament cannot have {rounds}"),
                    ));
                }
            }
            // The game decides what every sheet holds: it stays once a round is drawn.
            if changes
                .ruleset
                .as_ref()
                .is_some_and(|game| *game != db::game::encode(before.game))
                && db::rounds::next_number(conn, id)? > 1
            {
                errors.push(FieldError::new(
                    "game",
                    "rounds_exist",
                    "the game and its rules cannot change once a round is drawn",
                ));
            }
            let replans = replans(conn, &caller, &before, &changes, &mut errors)?;
            if !errors.is_empty() {
                return Err(ApiError::unprocessable(
                    "settings_contradict_play",
                    format!("{} setting(s) contradict what was played", errors.len()),
                    errors,
                ));
            }
            repo::save(conn, id, &changes)?;
            for r in &replans {
                db::tables::set_planned_deals(conn, r.table_id, r.to)?;
                let state = |planned: i32| {
                    serde_json::json!({"round": r.round, "table": r.table, "planned_deals": planned})
                };
                audit::Change::new(id, &caller, "table.replan")
                    .at_table(r.table_id)
                    .before(Some(state(r.from)))
                    .after(Some(state(r.to)))
                    .record(conn)?;
            }
            let after = access::tournament(conn, id, &caller, Need::Write)?;
            let before = serde_json::to_value(TournamentResponse::from(before)).ok();
            let answer = serde_json::to_value(TournamentResponse::from(after.clone())).ok();
            // A change to what it already is changes nothing, and is not logged.
            if before != answer {
                audit::Change::new(id, &caller, "tournament.update")
                    .before(before)
                    .after(answer)
                    .record(conn)?;
            }
            Ok(after)
        })
        .await?;
    Ok(row.into())
}

/// Deletes the organiser's tournament with everything that belongs to it, as long as no
/// deal (or penalty) was entered at any of its tables; afterwards it is a record of play
/// and stays. Its audit log goes with it (its lines name its players); one line in the
/// organiser's own log keeps who deleted which tournament, when and why. Stored answers to
/// idempotent requests on it are forgotten.
pub async fn delete(
    state: &AppState,
    organizer_id: i64,
    id: i64,
    reason: Option<String>,
) -> Result<(), ApiError> {
    validate::message("reason", reason.as_deref())?;
    let caller = Caller::Organizer(organizer_id);
    write::guarded(state, move |conn| {
        // The tournament first (no round is created or deleted meanwhile), then its
        // tables, in the order every writer takes them.
        db::locks::lock_tournament(conn, id)?;
        let tournament = access::tournament(conn, id, &caller, Need::Write)?;
        // Co-organisers run the day with him; the tournament itself is the owner's to
        // remove.
        if tournament.organizer_id != organizer_id {
            return Err(ApiError::Forbidden);
        }
        // Every table locked first, as a deal entry locks its table: an entry racing
        // the deletion either commits first and is counted below, or waits and then
        // finds its table gone.
        let table_ids = repo::table_ids(conn, id)?;
        for &table_id in &table_ids {
            db::locks::lock_table(conn, table_id)?;
        }
        let (deals, penalties) = repo::entries(conn, id)?;
        if deals > 0 || penalties > 0 {
            return Err(ApiError::conflict(
                "tournament_has_deals",
                format!(
                    "{deals} deal(s) and {penalties} penalty(ies) are entered; a tournament \
                         that has been played cannot be deleted"
                ),
            ));
        }
        let players = db::players::in_id_order(conn, id)?;
        let rounds = db::rounds::of_tournament(conn, id)?;
        let mut paths = vec![format!("/api/v1/tournaments/{id}")];
        paths.extend(rounds.iter().map(|r| format!("/api/v1/rounds/{}", r.id)));
        paths.extend(table_ids.iter().map(|t| format!("/api/v1/tables/{t}")));
        paths.extend(players.iter().map(|p| format!("/api/v1/players/{}", p.id)));
        for path in &paths {
            idempotency::forget_under(conn, path)?;
        }
        // What it was, without its players' names: those go with it.
        let before = serde_json::json!({
            "tournament": TournamentResponse::from(tournament),
            "players": players.len(),
            "rounds": rounds.len(),
            "tables": table_ids.len(),
        });
        // Recorded first: the seasons holding it are told while they still do.
        audit::OrganizerChange::new(organizer_id, "tournament.delete", id)
            .before(Some(before))
            .reason(reason.as_deref())
            .record(conn)?;
        if repo::delete(conn, id)?.is_none() {
            // Something was added to it while it was being deleted (PostgreSQL).
            return Err(ApiError::conflict(
                "concurrent_change",
                "the tournament changed while it was being deleted; try again",
            ));
        }
        Ok(())
    })
    .await
}

/// What a tournament's start page shows.
#[derive(Debug, Clone)]
pub struct Overview {
    /// The tournament.
    pub tournament: view::Tournament,
    /// Players who have not withdrawn.
    pub players: i64,
    /// Its rounds in order.
    pub rounds: Vec<RoundOverview>,
    /// Whether its seating is planned up front.
    pub has_plan: bool,
}

/// The start page's facts, if the caller may read the tournament.
pub async fn overview(state: &AppState, caller: Caller, id: i64) -> Result<Overview, ApiError> {
    state
        .db
        .run(move |conn| {
            let tournament = access::tournament(conn, id, &caller, Need::Read)?;
            Ok(Overview {
                tournament: view::Tournament::from(&tournament),
                players: crate::db::players::count_playing(conn, id)?,
                rounds: repo::rounds_overview(conn, id)?,
                has_plan: repo::has_seating_plan(conn, id)?,
            })
        })
        .await
}
