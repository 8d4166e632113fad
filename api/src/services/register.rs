//! An organiser's register of people: the same person across the tournaments of his
//! seasons. A tournament's player is matched when the tournament joins a season, and when
//! he is registered in a tournament that is in one:
//!
//! 1. a link the register holds already stands (the organiser's word is kept);
//! 2. the same DDV number is the same person;
//! 3. else the same name and club (compared without case and extra spaces) is the same
//!    person if exactly one person has them — but unconfirmed until the organiser confirms
//!    it or splits it off (two Hans Müller of one club are not rare); a person with another
//!    DDV number than the player's is never he;
//! 4. else he is a new person.
//!
//! Merging two people (one person entered twice) and splitting a player off (a wrong match)
//! are the organiser's, audited in his own log. A person is never two players of one
//! tournament: such a merge is refused.

use std::collections::{HashMap, HashSet};

use serde_json::json;

use super::{audit, now, validate};
use crate::db::models::{LinkRow, PersonRow, PlayerRow};
use crate::db::register::{self as rows, NewPerson};
use crate::db::{self, DbConn};
use crate::error::ApiError;
use crate::wire::seasons::{LinkResponse, PersonResponse, RegisterImportResponse};

/// A link made by the same DDV number.
pub const BY_DDV_NUMBER: &str = "ddv_number";
/// A link made by the same name and club: unconfirmed.
pub const BY_NAME_CLUB: &str = "name_club";
/// A new person for the player.
pub const NEW: &str = "new";
/// A link the organiser made or confirmed.
pub const BY_ORGANISER: &str = "organiser";

/// Name or club as compared: lower case, spaces collapsed.
fn folded(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// A DDV number as compared: trimmed; none when empty.
fn number(ddv: Option<&str>) -> Option<String> {
    ddv.map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_owned)
}

/// Who a person is to the matching: his DDV number, or his name and club.
#[derive(Default)]
struct Index {
    by_number: HashMap<String, i64>,
    by_name: HashMap<(String, String), Vec<i64>>,
    /// Each person's DDV number, where he has one: two different numbers are two people,
    /// whatever their names.
    number_of: HashMap<i64, String>,
}

impl Index {
    fn of(people: &[PersonRow]) -> Index {
        let mut index = Index::default();
        for person in people {
            index.add(person);
        }
        index
    }

    fn add(&mut self, person: &PersonRow) {
        if let Some(n) = number(person.ddv_number.as_deref()) {
            self.by_number.insert(n.clone(), person.id);
            self.number_of.insert(person.id, n);
        }
        self.by_name
            .entry(key(&person.name, person.club.as_deref()))
            .or_default()
            .push(person.id);
    }

    /// The person a registration is, and how; none: a new one.
    fn find(
        &self,
        name: &str,
        club: Option<&str>,
        ddv: Option<&str>,
    ) -> Option<(i64, &'static str)> {
        let ddv = number(ddv);
        if let Some(&id) = ddv.as_ref().and_then(|n| self.by_number.get(n)) {
            return Some((id, BY_DDV_NUMBER));
        }
        // A person with another DDV number is somebody else of the same name.
        let candidates: Vec<i64> = self
            .by_name
            .get(&key(name, club))
            .into_iter()
            .flatten()
            .copied()
            .filter(|id| ddv.is_none() || !self.number_of.contains_key(id))
            .collect();
        match candidates.as_slice() {
            &[id] => Some((id, BY_NAME_CLUB)),
            _ => None,
        }
    }
}

fn key(name: &str, club: Option<&str>) -> (String, String) {
    (folded(name), folded(club.unwrap_or("")))
}

/// Links every player of `tournament_id` not yet linked in `organizer_id`'s register, as the
/// module says; answers every player's link. The caller holds the register's lock.
pub fn link_tournament(
    conn: &mut DbConn,
    organizer_id: i64,
    tournament_id: i64,
) -> Result<Vec<LinkRow>, ApiError> {
    let players = db::players::in_id_order(conn, tournament_id)?;
    link_players(conn, organizer_id, &players)
}

/// Links `players` (of one tournament) as [`link_tournament`] does.
fn link_players(
    conn: &mut DbConn,
    organizer_id: i64,
    players: &[PlayerRow],
) -> Result<Vec<LinkRow>, ApiError> {
    let ids: Vec<i64> = players.iter().map(|p| p.id).collect();
    let mut links: HashMap<i64, LinkRow> = rows::links_of_players(conn, organizer_id, &ids)?
        .into_iter()
        .map(|l| (l.player_id, l))
        .collect();
    let mut index = Index::of(&rows::people(conn, organizer_id)?);
    // One person is one player of a tournament: a second player matching a person taken
    // is a new person (the organiser merges them if he knows better).
    let mut taken: HashSet<i64> = links.values().map(|l| l.person_id).collect();
    for player in players {
        if links.contains_key(&player.id) {
            continue;
        }
        let ddv = number(player.ddv_number.as_deref());
        let found = index
            .find(&player.name, player.club.as_deref(), ddv.as_deref())
            .filter(|(person, _)| !taken.contains(person));
        let (person_id, matched_by) = match found {
            Some(found) => found,
            None => {
                // One person per number: a number the register holds stays with its person.
                let ddv_number = ddv.filter(|n| !index.by_number.contains_key(n));
                let person = rows::insert_person(
                    conn,
                    &NewPerson {
                        organizer_id,
                        name: &player.name,
                        club: player.club.as_deref(),
                        ddv_number: ddv_number.as_deref(),
                        at: now(),
                    },
                )?;
                index.add(&person);
                (person.id, NEW)
            }
        };
        let link = LinkRow {
            organizer_id,
            player_id: player.id,
            person_id,
            matched_by: matched_by.to_owned(),
            confirmed: matched_by != BY_NAME_CLUB,
        };
        rows::insert_link(conn, &link)?;
        taken.insert(person_id);
        links.insert(player.id, link);
    }
    Ok(ids.iter().filter_map(|id| links.remove(id)).collect())
}

/// Links the newly registered players of tournament `tournament_id` in the register of
/// every organiser whose season holds it, so tonight's evening counts while it is played.
/// The caller holds the tournament's lock; the registers' locks are taken here, after it.
pub fn link_registered(conn: &mut DbConn, tournament_id: i64) -> Result<(), ApiError> {
    for organizer_id in db::seasons::organizers_holding(conn, tournament_id)? {
        db::locks::lock_register(conn, organizer_id)?;
        // The whole tournament, so that the people its players already are stay taken: a
        // newcomer is never a person who plays this evening already.
        link_tournament(conn, organizer_id, tournament_id)?;
    }
    Ok(())
}

/// The registers of the organisers whose seasons hold a tournament: what the players
/// import's preview asks before anybody is registered, so that a match by name and club
/// is put to the organiser there.
pub struct Registers(Vec<Index>);

impl Registers {
    /// The registers holding tournament `tournament_id` (none when it is in no season).
    pub fn of_tournament(conn: &mut DbConn, tournament_id: i64) -> Result<Registers, ApiError> {
        let mut registers = Vec::new();
        for organizer_id in db::seasons::organizers_holding(conn, tournament_id)? {
            registers.push(Index::of(&rows::people(conn, organizer_id)?));
        }
        Ok(Registers(registers))
    }

    /// Whether a registration would be matched to a person by name and club alone, which
    /// the organiser is to confirm.
    pub fn by_name_and_club(&self, name: &str, club: Option<&str>, ddv: Option<&str>) -> bool {
        self.0
            .iter()
            .any(|index| matches!(index.find(name, club, ddv), Some((_, BY_NAME_CLUB))))
    }
}

/// The links of `links` as answered, with their players' and people's names.
pub fn described(conn: &mut DbConn, links: &[LinkRow]) -> Result<Vec<LinkResponse>, ApiError> {
    let player_ids: Vec<i64> = links.iter().map(|l| l.player_id).collect();
    let person_ids: Vec<i64> = links.iter().map(|l| l.person_id).collect();
    let players: HashMap<i64, PlayerRow> = db::players::by_ids(conn, &player_ids)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let people: HashMap<i64, PersonRow> = rows::people_by_id(conn, &person_ids)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    Ok(links
        .iter()
        .filter_map(|link| {
            let player = players.get(&link.player_id)?;
            let person = people.get(&link.person_id)?;
            Some(LinkResponse {
                player_id: link.player_id,
                tournament_id: player.tournament_id,
                player_name: player.name.clone(),
                person_id: link.person_id,
                person_name: person.name.clone(),
                matched_by: link.matched_by.clone(),
                confirmed: link.confirmed,
            })
        })
        .collect())
}

/// `organizer_id`'s register: every person with his players.
pub fn register(conn: &mut DbConn, organizer_id: i64) -> Result<Vec<PersonResponse>, ApiError> {
    let people = rows::people(conn, organizer_id)?;
    let links = rows::links(conn, organizer_id)?;
    let links = described(conn, &links)?;
    let mut by_person: HashMap<i64, Vec<LinkResponse>> = HashMap::new();
    for link in links {
        by_person.entry(link.person_id).or_default().push(link);
    }
    Ok(people
        .into_iter()
        .map(|p| PersonResponse {
            links: by_person.remove(&p.id).unwrap_or_default(),
            id: p.id,
            name: p.name,
            club: p.club,
            ddv_number: p.ddv_number,
        })
        .collect())
}

/// One person of the register with his players.
fn person_answer(
    conn: &mut DbConn,
    organizer_id: i64,
    id: i64,
) -> Result<PersonResponse, ApiError> {
    let person = rows::person(conn, organizer_id, id)?.ok_or(ApiError::NotFound)?;
    let links: Vec<LinkRow> = rows::links(conn, organizer_id)?
        .into_iter()
        .filter(|l| l.person_id == id)
        .collect();
    Ok(PersonResponse {
        links: described(conn, &links)?,
        id: person.id,
        name: person.name,
        club: person.club,
        ddv_number: person.ddv_number,
    })
}

/// Adds the people of a CSV file (the players import's columns and encodings; start
/// numbers and check-in are ignored) to `organizer_id`'s register; a line naming a person
/// already there (by DDV number, or by name and club) is left as it is. Audited. The caller
/// holds the register's lock.
pub fn import(
    conn: &mut DbConn,
    organizer_id: i64,
    lines: &[(String, crate::wire::players::CreatePlayerRequest)],
) -> Result<RegisterImportResponse, ApiError> {
    let mut index = Index::of(&rows::people(conn, organizer_id)?);
    let mut answer = RegisterImportResponse {
        created: 0,
        known: 0,
    };
    let mut errors = Vec::new();
    for (prefix, line) in lines {
        // Checked as the players import checks a registration (validate): a name the
        // register keeps is shown on the season's pages.
        let mut faults = Vec::new();
        let name = validate::text(&format!("{prefix}name"), &line.name, 200)
            .map_err(|e| faults.push(e))
            .unwrap_or_default();
        let club = validate::optional(
            &format!("{prefix}club"),
            line.club.as_deref(),
            200,
            &mut faults,
        );
        let ddv = validate::ddv_number(
            &format!("{prefix}ddv_number"),
            line.ddv_number.as_deref(),
            &mut faults,
        );
        if !faults.is_empty() {
            errors.append(&mut faults);
            continue;
        }
        if index.find(&name, club.as_deref(), ddv.as_deref()).is_some() {
            answer.known += 1;
            continue;
        }
        let person = rows::insert_person(
            conn,
            &NewPerson {
                organizer_id,
                name: &name,
                club: club.as_deref(),
                ddv_number: ddv.as_deref(),
                at: now(),
            },
        )?;
        index.add(&person);
        answer.created += 1;
    }
    if !errors.is_empty() {
        return Err(ApiError::unprocessable(
            "invalid_csv",
            format!("{} problem(s) in the file", errors.len()),
            errors,
        ));
    }
    audited(
        conn,
        organizer_id,
        "register.import",
        organizer_id,
        &json!(answer),
    )?;
    Ok(answer)
}

/// Writes a line of the organiser's own log about his register.
fn audited(
    conn: &mut DbConn,
    organizer_id: i64,
    action: &str,
    subject_id: i64,
    before: &serde_json::Value,
) -> Result<(), ApiError> {
    audit::OrganizerChange::new(organizer_id, action, subject_id)
        .before(Some(before.clone()))
        .record(conn)
}

/// Merges person `from` into person `into` (one person entered twice): `from`'s players
/// become `into`'s, confirmed, and `from` is removed; `into` takes `from`'s DDV number if
/// he had none. 409 `same_tournament` when both played one tournament (two players of
/// one evening are two people). Audited. The caller holds the register's lock.
pub fn merge(
    conn: &mut DbConn,
    organizer_id: i64,
    into: i64,
    from: i64,
) -> Result<PersonResponse, ApiError> {
    if into == from {
        return Err(ApiError::field(
            "invalid_body",
            "person_id",
            "same_person",
            "a person is merged into another person",
        ));
    }
    let kept = person_answer(conn, organizer_id, into)?;
    let gone = person_answer(conn, organizer_id, from).map_err(|e| match e {
        ApiError::NotFound => ApiError::field(
            "invalid_body",
            "person_id",
            "not_found",
            format!("no person {from} in the register"),
        ),
        e => e,
    })?;
    if let (Some(a), Some(b)) = (&kept.ddv_number, &gone.ddv_number)
        && a != b
    {
        return Err(ApiError::conflict(
            "different_ddv_numbers",
            format!("DDV numbers {a} and {b} are two people; correct the wrong one first"),
        ));
    }
    let evenings: HashSet<i64> = kept.links.iter().map(|l| l.tournament_id).collect();
    if let Some(both) = gone
        .links
        .iter()
        .find(|l| evenings.contains(&l.tournament_id))
    {
        return Err(ApiError::conflict(
            "same_tournament",
            format!(
                "both played tournament {}: two players of one tournament are two people",
                both.tournament_id
            ),
        ));
    }
    rows::move_links(conn, from, into)?;
    if kept.ddv_number.is_none() && gone.ddv_number.is_some() {
        rows::update_person(
            conn,
            into,
            &kept.name,
            kept.club.as_deref(),
            gone.ddv_number.as_deref(),
        )?;
    }
    rows::delete_person(conn, from)?;
    audited(
        conn,
        organizer_id,
        "register.merge",
        into,
        &json!({"kept": kept, "merged": gone}),
    )?;
    person_answer(conn, organizer_id, into)
}

/// Splits player `player_id` off his person (a wrong match): he becomes a new person of
/// his own, confirmed. Audited. The caller holds the register's lock.
pub fn split(
    conn: &mut DbConn,
    organizer_id: i64,
    player_id: i64,
) -> Result<PersonResponse, ApiError> {
    let link = rows::link(conn, organizer_id, player_id)?.ok_or(ApiError::NotFound)?;
    let player = db::players::find(conn, player_id)?.ok_or(ApiError::NotFound)?;
    let before = described(conn, std::slice::from_ref(&link))?;
    // His DDV number goes with him unless a person of the register has it already (the one
    // he was split from, most likely: one person per number).
    let index = Index::of(&rows::people(conn, organizer_id)?);
    let ddv_number =
        number(player.ddv_number.as_deref()).filter(|n| !index.by_number.contains_key(n));
    let person = rows::insert_person(
        conn,
        &NewPerson {
            organizer_id,
            name: &player.name,
            club: player.club.as_deref(),
            ddv_number: ddv_number.as_deref(),
            at: now(),
        },
    )?;
    rows::set_link(conn, organizer_id, player_id, person.id, BY_ORGANISER, true)?;
    audited(
        conn,
        organizer_id,
        "register.split",
        player_id,
        &json!(before),
    )?;
    person_answer(conn, organizer_id, person.id)
}

/// Confirms player `player_id`'s link (a match by name and club the organiser checked).
/// Audited. The caller holds the register's lock.
pub fn confirm(
    conn: &mut DbConn,
    organizer_id: i64,
    player_id: i64,
) -> Result<PersonResponse, ApiError> {
    let link = rows::link(conn, organizer_id, player_id)?.ok_or(ApiError::NotFound)?;
    if !link.confirmed {
        let before = described(conn, std::slice::from_ref(&link))?;
        rows::set_link(
            conn,
            organizer_id,
            player_id,
            link.person_id,
            BY_ORGANISER,
            true,
        )?;
        // The player's DDV number, where the person has none and nobody else has it: the
        // next evening then matches him by number, without asking again.
        let person = rows::person(conn, organizer_id, link.person_id)?.ok_or(ApiError::NotFound)?;
        let player = db::players::find(conn, player_id)?.ok_or(ApiError::NotFound)?;
        let index = Index::of(&rows::people(conn, organizer_id)?);
        if let Some(n) = number(player.ddv_number.as_deref())
            && person.ddv_number.is_none()
            && !index.by_number.contains_key(&n)
        {
            rows::update_person(
                conn,
                person.id,
                &person.name,
                person.club.as_deref(),
                Some(&n),
            )?;
        }
        audited(
            conn,
            organizer_id,
            "register.confirm",
            player_id,
            &json!(before),
        )?;
    }
    person_answer(conn, organizer_id, link.person_id)
}
