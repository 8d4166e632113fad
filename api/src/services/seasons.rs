//! Seasons: tournaments ranked together by a club's rules. The season's standings are
//! computed from its tournaments' standings (each through [`super::standings`], kept per
//! table) whenever asked, never stored: a deal entered tonight moves them at once.
//!
//! A season and the register it ranks are its organiser's: only he changes them. A
//! published season is shown to anybody, with its published tournaments only, and its
//! people as the public sees a player (the name he asked to be shown, his club).

use std::collections::HashMap;

use actix_web::{HttpRequest, HttpResponse};
use domain::season::{Evening, EveningResult, SeasonLine, SeasonRules, season_standings};

use super::access::{self, Need};
use super::{audit, now, register, standings, validate, write};
use crate::auth::Caller;
use crate::db::models::{PlayerRow, SeasonRow, TournamentRow};
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::players::public_name;
use crate::wire::seasons::{
    AddTournamentRequest, AddedResponse, EveningResponse, SeasonEvening, SeasonLineResponse,
    SeasonRequest, SeasonResponse, SeasonRulesBody, SeasonStandingsResponse,
};

/// The longest season name.
const MAX_NAME: usize = 200;

/// How many seasons one organiser keeps: a club's years and cups for a long time.
const MAX_SEASONS: usize = 500;

/// The name and rules of `request`, checked.
fn checked(request: &SeasonRequest) -> Result<(String, SeasonRules), ApiError> {
    let name = validate::text("name", &request.name, MAX_NAME)
        .map_err(|e| ApiError::unprocessable("invalid_body", "a season needs a name", vec![e]))?;
    Ok((name, request.rules.rules()?))
}

/// The stored rules of `season`.
pub fn rules_of(season: &SeasonRow) -> Result<SeasonRules, ApiError> {
    let body: SeasonRulesBody = serde_json::from_str(&season.rules)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("season {}: rules: {e}", season.id)))?;
    body.rules()
        .map_err(|_| ApiError::Internal(anyhow::anyhow!("season {}: stored rules", season.id)))
}

fn stored(rules: &SeasonRules) -> Result<String, ApiError> {
    serde_json::to_string(&SeasonRulesBody::from(rules))
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("season rules: {e}")))
}

/// Season `id` as `caller` may see it, and whether he is its organiser: the owner sees it
/// all, anybody a published one, nobody else learns that it exists (404).
pub fn visible(conn: &mut DbConn, id: i64, caller: &Caller) -> Result<(SeasonRow, bool), ApiError> {
    let season = db::seasons::find(conn, id)?.ok_or(ApiError::NotFound)?;
    match caller {
        Caller::Organizer(me) if *me == season.organizer_id => Ok((season, true)),
        _ if season.published => Ok((season, false)),
        _ => Err(ApiError::NotFound),
    }
}

/// Season `id` for a change by `caller`, its organiser (404 for anyone else).
pub fn owned(conn: &mut DbConn, id: i64, caller: &Caller) -> Result<SeasonRow, ApiError> {
    access::organizer_only(caller)?;
    match visible(conn, id, caller)? {
        (season, true) => Ok(season),
        _ => Err(ApiError::NotFound),
    }
}

/// The evenings of `season` the caller sees: all for its organiser, the published
/// tournaments for everybody else.
fn evenings(
    conn: &mut DbConn,
    season: &SeasonRow,
    organiser: bool,
) -> Result<Vec<TournamentRow>, ApiError> {
    let mut shown = Vec::new();
    for t in db::seasons::tournaments(conn, season.id)? {
        let seen = if organiser {
            access::season_evening_of(conn, season.organizer_id, &t)?
        } else {
            t.published
        };
        if seen {
            shown.push(t);
        }
    }
    Ok(shown)
}

fn evening(t: &TournamentRow) -> EveningResponse {
    EveningResponse {
        tournament_id: t.id,
        name: t.name.clone(),
        date: t.held_on.to_string(),
        finished: t.finished_at.is_some(),
    }
}

fn answer(
    conn: &mut DbConn,
    season: &SeasonRow,
    organiser: bool,
) -> Result<SeasonResponse, ApiError> {
    Ok(SeasonResponse {
        id: season.id,
        name: season.name.clone(),
        rules: SeasonRulesBody::from(&rules_of(season)?),
        published: season.published,
        evenings: evenings(conn, season, organiser)?
            .iter()
            .map(evening)
            .collect(),
    })
}

/// Creates a season (an organiser's) under the request's `Idempotency-Key`; 201.
pub async fn create(
    state: &AppState,
    req: &HttpRequest,
    caller: Caller,
    request: &SeasonRequest,
) -> Result<HttpResponse, ApiError> {
    let me = organiser(&caller)?;
    let (name, rules) = checked(request)?;
    let rules = stored(&rules)?;
    let published = request.published;
    write::create(state, req, &caller, move |conn| {
        creating(conn, me, &name, &rules, published)
    })
    .await
}

/// Creates a season from the desk's form (a season sent twice is two; the desk shows both
/// and one is deleted with a tap).
pub async fn create_from_desk(
    state: &AppState,
    caller: Caller,
    request: &SeasonRequest,
) -> Result<SeasonResponse, ApiError> {
    let me = organiser(&caller)?;
    let (name, rules) = checked(request)?;
    let rules = stored(&rules)?;
    let published = request.published;
    write::guarded(state, move |conn| {
        creating(conn, me, &name, &rules, published)
    })
    .await
}

fn creating(
    conn: &mut DbConn,
    me: i64,
    name: &str,
    rules: &str,
    published: bool,
) -> Result<SeasonResponse, ApiError> {
    db::locks::lock_register(conn, me)?;
    if db::seasons::of_organizer(conn, me)?.len() >= MAX_SEASONS {
        return Err(ApiError::conflict(
            "too_many_seasons",
            format!("an organiser keeps at most {MAX_SEASONS} seasons; delete one first"),
        ));
    }
    let season = db::seasons::insert(conn, me, name, rules, published, now())?;
    answer(conn, &season, true)
}

/// The players of season `id`'s evenings whose match to the register the organiser has
/// not confirmed (by name and club alone), for him to confirm or split.
pub async fn unconfirmed(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<Vec<crate::wire::seasons::LinkResponse>, ApiError> {
    state
        .db
        .run(move |conn| {
            let season = owned(conn, id, &caller)?;
            let mut players = Vec::new();
            for tournament in db::seasons::tournaments(conn, id)? {
                players.extend(
                    db::players::in_id_order(conn, tournament.id)?
                        .into_iter()
                        .map(|p| p.id),
                );
            }
            let open: Vec<_> = db::register::links_of_players(conn, season.organizer_id, &players)?
                .into_iter()
                .filter(|l| !l.confirmed)
                .collect();
            register::described(conn, &open)
        })
        .await
}

/// How many published seasons the start page lists.
const LISTED: i64 = 50;

/// The published seasons for the start page, newest first: id and name.
pub async fn published(state: &AppState) -> Result<Vec<(i64, String)>, ApiError> {
    state
        .db
        .run(|conn| {
            Ok(db::seasons::published(conn, LISTED)?
                .into_iter()
                .map(|s| (s.id, s.name))
                .collect())
        })
        .await
}

/// The players of tournament `tournament_id` matched to the caller's register by name and
/// club, unconfirmed, with the season of his that holds the tournament: what the desk's
/// players list shows at check-in. Empty when the tournament is in none of his seasons.
pub async fn unconfirmed_in_tournament(
    state: &AppState,
    caller: Caller,
    tournament_id: i64,
) -> Result<(Option<i64>, Vec<crate::wire::seasons::LinkResponse>), ApiError> {
    let me = organiser(&caller)?;
    state
        .db
        .run(move |conn| {
            access::tournament(conn, tournament_id, &caller, Need::Read)?;
            let Some(season) = db::seasons::of_organizer_holding(conn, me, tournament_id)? else {
                return Ok((None, Vec::new()));
            };
            let players: Vec<i64> = db::players::in_id_order(conn, tournament_id)?
                .into_iter()
                .map(|p| p.id)
                .collect();
            let open: Vec<_> = db::register::links_of_players(conn, me, &players)?
                .into_iter()
                .filter(|l| !l.confirmed)
                .collect();
            Ok((Some(season), register::described(conn, &open)?))
        })
        .await
}

/// The caller's seasons, newest first.
pub async fn list(state: &AppState, caller: Caller) -> Result<Vec<SeasonResponse>, ApiError> {
    let me = organiser(&caller)?;
    state
        .db
        .run(move |conn| {
            db::seasons::of_organizer(conn, me)?
                .iter()
                .map(|s| answer(conn, s, true))
                .collect()
        })
        .await
}

/// Season `id`.
pub async fn get(state: &AppState, caller: Caller, id: i64) -> Result<SeasonResponse, ApiError> {
    state
        .db
        .run(move |conn| {
            let (season, organiser) = visible(conn, id, &caller)?;
            answer(conn, &season, organiser)
        })
        .await
}

/// Season `id` if `caller` is its organiser (404 for anyone else, published or not): a
/// desk page of his season.
pub async fn owned_by(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<SeasonResponse, ApiError> {
    state
        .db
        .run(move |conn| {
            let season = owned(conn, id, &caller)?;
            answer(conn, &season, true)
        })
        .await
}

/// Sets season `id`'s name, rules and publication (its organiser).
pub async fn update(
    state: &AppState,
    caller: Caller,
    id: i64,
    request: &SeasonRequest,
) -> Result<SeasonResponse, ApiError> {
    let (name, rules) = checked(request)?;
    let rules = stored(&rules)?;
    let published = request.published;
    write::guarded(state, move |conn| {
        let season = owned(conn, id, &caller)?;
        db::locks::lock_register(conn, season.organizer_id)?;
        let before = answer(conn, &season, true)?;
        db::seasons::update(conn, id, &name, &rules, published)?;
        let season = db::seasons::find(conn, id)?.ok_or(ApiError::NotFound)?;
        let after = answer(conn, &season, true)?;
        audited(conn, &season, "season.update", Some(&before), Some(&after))?;
        Ok(after)
    })
    .await
}

/// Deletes season `id` (its organiser); its tournaments and the register stay. Audited in
/// the organiser's own log.
pub async fn delete(state: &AppState, caller: Caller, id: i64) -> Result<(), ApiError> {
    write::guarded(state, move |conn| {
        let season = owned(conn, id, &caller)?;
        let before = answer(conn, &season, true)?;
        db::seasons::delete(conn, id)?;
        audited(conn, &season, "season.delete", Some(&before), None)
    })
    .await
}

/// Writes a change of `season` to its organiser's own log, with the webhook deliveries it
/// causes.
fn audited(
    conn: &mut DbConn,
    season: &SeasonRow,
    action: &str,
    before: Option<&SeasonResponse>,
    after: Option<&SeasonResponse>,
) -> Result<(), ApiError> {
    let json = |s: Option<&SeasonResponse>| s.and_then(|s| serde_json::to_value(s).ok());
    audit::OrganizerChange::new(season.organizer_id, action, season.id)
        .before(json(before))
        .after(json(after))
        .record(conn)
}

/// Adds a tournament the caller runs (owner or co-organiser; an imported one too) to
/// season `id` and matches its players to the register; adding it again matches players
/// registered since. Answers the season and every player's link.
pub async fn add_tournament(
    state: &AppState,
    caller: Caller,
    id: i64,
    request: &AddTournamentRequest,
) -> Result<AddedResponse, ApiError> {
    let tournament_id = request.tournament_id;
    write::guarded(state, move |conn| {
        let season = owned(conn, id, &caller)?;
        // One he runs (owner or co-organiser): a published tournament of another organiser
        // would bring its players' full names and DDV numbers into his register.
        db::locks::lock_tournament(conn, tournament_id)?;
        access::tournament(conn, tournament_id, &caller, Need::Write).map_err(|e| match e {
            ApiError::NotFound => ApiError::field(
                "invalid_body",
                "tournament_id",
                "not_found",
                format!("no tournament {tournament_id} of yours"),
            ),
            e => e,
        })?;
        db::locks::lock_register(conn, season.organizer_id)?;
        db::seasons::add_tournament(conn, id, tournament_id)?;
        // Adding it again is recorded too: it links the players registered since.
        let links = register::link_tournament(conn, season.organizer_id, tournament_id)?;
        let after = answer(conn, &season, true)?;
        audited(conn, &season, "season.tournament.add", None, Some(&after))?;
        Ok(AddedResponse {
            season: after,
            links: register::described(conn, &links)?,
        })
    })
    .await
}

/// Takes tournament `tournament_id` out of season `id` (its organiser); the register keeps
/// its people.
pub async fn remove_tournament(
    state: &AppState,
    caller: Caller,
    id: i64,
    tournament_id: i64,
) -> Result<(), ApiError> {
    write::guarded(state, move |conn| {
        let season = owned(conn, id, &caller)?;
        let before = answer(conn, &season, true)?;
        if db::seasons::remove_tournament(conn, id, tournament_id)? == 0 {
            return Err(ApiError::NotFound);
        }
        let after = answer(conn, &season, true)?;
        audited(
            conn,
            &season,
            "season.tournament.remove",
            Some(&before),
            Some(&after),
        )
    })
    .await
}

/// The standings of season `id` as `caller` may see them; the public's from the live cache.
pub async fn read_standings(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<std::sync::Arc<SeasonStandingsResponse>, ApiError> {
    let read = |caller: Caller| {
        state.db.run(move |conn| {
            let (season, organiser) = visible(conn, id, &caller)?;
            computed(conn, &season, organiser)
        })
    };
    match caller {
        // The public's are kept per commit: a hall of phones costs one computation a change.
        Caller::Public => {
            state
                .live
                .public_season(&state.db, id, || read(Caller::Public))
                .await
        }
        other => read(other).await.map(std::sync::Arc::new),
    }
}

/// Season `id`'s standings as the public will see them once it is published, for its
/// organiser, published or not (404 for anyone else): his preview before he publishes.
pub async fn preview_standings(
    state: &AppState,
    caller: Caller,
    id: i64,
) -> Result<SeasonStandingsResponse, ApiError> {
    state
        .db
        .run(move |conn| {
            let season = owned(conn, id, &caller)?;
            computed(conn, &season, false)
        })
        .await
}

/// The standings of `season`, from its evenings' standings as they stand now: the whole
/// season for its organiser, its published evenings for everybody else. A player not yet
/// in the register (registered while the link was being made) stands as a person of his
/// own, with his player id negated.
pub fn computed(
    conn: &mut DbConn,
    season: &SeasonRow,
    organiser: bool,
) -> Result<SeasonStandingsResponse, ApiError> {
    let rules = rules_of(season)?;
    let tournaments = evenings(conn, season, organiser)?;
    let mut domain_evenings = Vec::with_capacity(tournaments.len());
    // Who a person is shown as: his latest evening's player row.
    let mut shown: HashMap<i64, PlayerRow> = HashMap::new();
    for tournament in &tournaments {
        let result = standings::compute(conn, tournament, None)?;
        let ids: Vec<i64> = result.standings.iter().map(|s| s.player).collect();
        let person_of: HashMap<i64, i64> =
            db::register::links_of_players(conn, season.organizer_id, &ids)?
                .into_iter()
                .map(|l| (l.player_id, l.person_id))
                .collect();
        let mut results = Vec::with_capacity(result.standings.len());
        for standing in &result.standings {
            let person = person_of
                .get(&standing.player)
                .copied()
                .unwrap_or(-standing.player);
            // Shown as his latest evening shows him, unless an evening of his asked for a
            // short name and the later one did not: the short name then stands, or his
            // full name beside that evening's place would tell who the short name is.
            if let Some(player) = result.players.get(&standing.player) {
                let keeps_short = shown
                    .get(&person)
                    .is_some_and(|kept| kept.public_name.is_some() && player.public_name.is_none());
                if !keeps_short {
                    shown.insert(person, player.clone());
                }
            }
            let rounds = standing.rounds.iter().flatten().count();
            results.push(EveningResult {
                person,
                place: standing.rank,
                points: standing.total,
                rounds: u32::try_from(rounds).unwrap_or(u32::MAX),
            });
        }
        domain_evenings.push(Evening { results });
    }
    let lines = season_standings(&rules, &domain_evenings).map_err(|e| {
        ApiError::conflict(
            "season_person_twice",
            format!("{e}; split the players apart in the register"),
        )
    })?;
    let people: HashMap<i64, String> = if organiser {
        let ids: Vec<i64> = lines.iter().map(|l| l.person).filter(|&p| p > 0).collect();
        db::register::people_by_id(conn, &ids)?
            .into_iter()
            .map(|p| (p.id, p.name))
            .collect()
    } else {
        HashMap::new()
    };
    let standings = lines
        .iter()
        .map(|line| {
            let player = shown.get(&line.person);
            let name = match (people.get(&line.person), player) {
                (Some(full), _) => full.clone(),
                (None, Some(p)) if organiser => p.name.clone(),
                (None, Some(p)) => public_name(p).to_owned(),
                (None, None) => String::new(),
            };
            line_answer(line, name, player.and_then(|p| p.club.clone()))
        })
        .collect();
    Ok(SeasonStandingsResponse {
        season_id: season.id,
        name: season.name.clone(),
        rules: SeasonRulesBody::from(&rules),
        evenings: tournaments.iter().map(evening).collect(),
        standings,
    })
}

fn line_answer(line: &SeasonLine, name: String, club: Option<String>) -> SeasonLineResponse {
    SeasonLineResponse {
        place: line.place,
        person_id: line.person,
        name,
        club,
        score: line.score.to_string(),
        score_hundredths: line.score.hundredths(),
        played: line.played,
        points: line.points,
        evenings: line
            .evenings
            .iter()
            .map(|e| SeasonEvening {
                place: e.place,
                points: e.points,
                rounds: e.rounds,
                value: e.value,
                result: e.result,
                counted: e.counted,
            })
            .collect(),
    }
}

/// The register of the caller.
pub async fn read_register(
    state: &AppState,
    caller: Caller,
) -> Result<Vec<crate::wire::seasons::PersonResponse>, ApiError> {
    let me = organiser(&caller)?;
    state.db.run(move |conn| register::register(conn, me)).await
}

fn organiser(caller: &Caller) -> Result<i64, ApiError> {
    access::organizer_only(caller)?;
    match caller {
        Caller::Organizer(me) => Ok(*me),
        _ => Err(ApiError::Forbidden),
    }
}

/// Imports people into the caller's register from a CSV file (201; a repeated
/// `Idempotency-Key` answers the first import).
pub async fn import_register(
    state: &AppState,
    req: &HttpRequest,
    caller: Caller,
    csv: &[u8],
) -> Result<HttpResponse, ApiError> {
    let me = organiser(&caller)?;
    let lines = crate::wire::player_import::parse(csv)?;
    write::create(state, req, &caller, move |conn| {
        db::locks::lock_register(conn, me)?;
        register::import(conn, me, &lines)
    })
    .await
}

/// A change to the caller's register, under its lock.
pub async fn change_register<T, F>(state: &AppState, caller: Caller, f: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConn, i64) -> Result<T, ApiError> + Send + 'static,
{
    let me = organiser(&caller)?;
    write::guarded(state, move |conn| {
        db::locks::lock_register(conn, me)?;
        f(conn, me)
    })
    .await
}
