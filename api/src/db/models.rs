//! Rows as diesel reads and writes them. Conversions to the domain's types live next to
//! the code that needs them; a row that does not convert is data corruption (a 500).

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;

use super::schema::*;

/// An organiser account.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = organizers)]
pub struct OrganizerRow {
    /// Id.
    pub id: i64,
    /// Lower-cased e-mail.
    pub email: String,
    /// Display name.
    pub name: String,
    /// argon2id PHC string.
    pub password_hash: String,
    /// Created (UTC).
    pub created_at: NaiveDateTime,
    /// Counts the changes that end every token of the account (a new password, removal):
    /// a preview link names the version it was made under.
    pub token_version: i32,
    /// When the account was removed; it signs in no more.
    pub removed_at: Option<NaiveDateTime>,
}

/// A new organiser.
#[derive(Debug, Insertable)]
#[diesel(table_name = organizers)]
pub struct NewOrganizer<'a> {
    /// Lower-cased e-mail.
    pub email: &'a str,
    /// Display name.
    pub name: &'a str,
    /// argon2id PHC string.
    pub password_hash: &'a str,
    /// Created (UTC).
    pub created_at: NaiveDateTime,
}

/// A tournament.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = tournaments)]
pub struct TournamentRow {
    /// Id.
    pub id: i64,
    /// Its organiser.
    pub organizer_id: i64,
    /// Name.
    pub name: String,
    /// The day it is held.
    pub held_on: NaiveDate,
    /// Where.
    pub venue: Option<String>,
    /// Rounds planned.
    pub rounds_planned: i32,
    /// Deals per round at a 4-table.
    pub deals_four: i32,
    /// Deals per round at a 5-table.
    pub deals_five: i32,
    /// Minutes per round at a 4-table.
    pub minutes_four: i32,
    /// Minutes per round at a 5-table.
    pub minutes_five: i32,
    /// The game and rules it is played by (the `ruleset` column, see [`super::game`]).
    #[diesel(column_name = ruleset, deserialize_as = super::game::GameText)]
    pub game: domain::game::Game,
    /// Tie-breaks, comma-separated, in order (empty: equal totals share a rank).
    pub tie_breaks: String,
    /// Readable without a token.
    pub published: bool,
    /// Created (UTC).
    pub created_at: NaiveDateTime,
    /// Where it is held, as an IANA name (`Europe/Berlin`): pages and prints show its
    /// times in it.
    pub time_zone: String,
    /// When its organiser finished it (UTC): its standings are final until he reopens it.
    pub finished_at: Option<NaiveDateTime>,
}

impl TournamentRow {
    /// The tie-breaks in order, as stored: names joined by commas in one text column.
    pub fn tie_break_names(&self) -> Vec<String> {
        self.tie_breaks
            .split(',')
            .filter(|p| !p.is_empty())
            .map(str::to_owned)
            .collect()
    }
}

/// A new tournament.
#[derive(Debug, Insertable)]
#[diesel(table_name = tournaments)]
pub struct NewTournament {
    /// Its organiser.
    pub organizer_id: i64,
    /// Name.
    pub name: String,
    /// The day it is held.
    pub held_on: NaiveDate,
    /// Where.
    pub venue: Option<String>,
    /// Rounds planned.
    pub rounds_planned: i32,
    /// Deals per round at a 4-table.
    pub deals_four: i32,
    /// Deals per round at a 5-table.
    pub deals_five: i32,
    /// Minutes per round at a 4-table.
    pub minutes_four: i32,
    /// Minutes per round at a 5-table.
    pub minutes_five: i32,
    /// The rules it is played by.
    pub ruleset: String,
    /// Tie-breaks, comma-separated, in order (empty: equal totals share a rank).
    pub tie_breaks: String,
    /// Readable without a token.
    pub published: bool,
    /// Created (UTC).
    pub created_at: NaiveDateTime,
    /// Its time zone (IANA name).
    pub time_zone: String,
}

/// A change to a tournament's settings; `None` leaves a column as it is.
#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = tournaments)]
pub struct TournamentChanges {
    /// Name.
    pub name: Option<String>,
    /// The day it is held.
    pub held_on: Option<NaiveDate>,
    /// Where (`Some(None)` clears it).
    pub venue: Option<Option<String>>,
    /// Rounds planned.
    pub rounds_planned: Option<i32>,
    /// Deals per round at a 4-table.
    pub deals_four: Option<i32>,
    /// Deals per round at a 5-table.
    pub deals_five: Option<i32>,
    /// Minutes per round at a 4-table.
    pub minutes_four: Option<i32>,
    /// Minutes per round at a 5-table.
    pub minutes_five: Option<i32>,
    /// Readable without a token.
    pub published: Option<bool>,
    /// The rules it is played by.
    pub ruleset: Option<String>,
    /// Its time zone (IANA name).
    pub time_zone: Option<String>,
    /// Its tie-breaks, comma-separated in order (empty: none).
    pub tie_breaks: Option<String>,
}

impl TournamentChanges {
    /// Whether it changes what the standings are computed from: the rounds, deals and
    /// minutes per round, the rules or the tie-breaks.
    pub fn moves_standings(&self) -> bool {
        self.rounds_planned.is_some()
            || self.deals_four.is_some()
            || self.deals_five.is_some()
            || self.minutes_four.is_some()
            || self.minutes_five.is_some()
            || self.ruleset.is_some()
            || self.tie_breaks.is_some()
    }

    /// Whether it changes nothing (diesel refuses an empty update).
    pub fn is_empty(&self) -> bool {
        let TournamentChanges {
            name,
            held_on,
            venue,
            rounds_planned,
            deals_four,
            deals_five,
            minutes_four,
            minutes_five,
            published,
            ruleset,
            time_zone,
            tie_breaks,
        } = self;
        name.is_none()
            && held_on.is_none()
            && venue.is_none()
            && rounds_planned.is_none()
            && deals_four.is_none()
            && deals_five.is_none()
            && minutes_four.is_none()
            && minutes_five.is_none()
            && published.is_none()
            && ruleset.is_none()
            && time_zone.is_none()
            && tie_breaks.is_none()
    }
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = players)]
pub struct PlayerRow {
    /// Id.
    pub id: i64,
    /// The tournament.
    pub tournament_id: i64,
    /// Start number, unique in the tournament.
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
    /// Created (UTC).
    pub created_at: NaiveDateTime,
    /// The name the public sees, if the player asked to be shown abbreviated; `None`
    /// shows `name`.
    pub public_name: Option<String>,
    /// When the arbitration panel disqualified him (TSR 9.7.2 c); `None` if it did not.
    pub disqualified_at: Option<NaiveDateTime>,
    /// Why, as the organiser recorded it.
    pub disqualification_reason: Option<String>,
    /// Whether the panel struck his results (he is not ranked) rather than keep them.
    pub disqualification_struck: bool,
}

/// A new player.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = players)]
pub struct NewPlayer {
    /// The tournament.
    pub tournament_id: i64,
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
    /// Created (UTC).
    pub created_at: NaiveDateTime,
    /// The name the public sees (`None`: the full name).
    pub public_name: Option<String>,
}

/// A round of a tournament.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = rounds)]
pub struct RoundRow {
    /// Id.
    pub id: i64,
    /// The tournament.
    pub tournament_id: i64,
    /// 1-based.
    pub number: i32,
    /// No more captain entries.
    pub closed: bool,
    /// Created (UTC).
    pub created_at: NaiveDateTime,
    /// How the tables were drawn (`random`, `avoid_repeats`, `by_standings`), if drawn.
    pub draw_method: Option<String>,
    /// The seed of the draw.
    pub draw_seed: Option<String>,
    /// When the organiser started the round's clock (UTC); `None` before.
    pub started_at: Option<NaiveDateTime>,
}

/// A tournament's seating planned up front.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = seating_plans)]
pub struct SeatingPlanRow {
    /// The tournament.
    pub tournament_id: i64,
    /// The seed it was planned with.
    pub seed: String,
    /// The number of its first round.
    pub first_round: i32,
    /// JSON: round → tables → player ids in seat order.
    pub rounds: String,
    /// Planned (UTC).
    pub created_at: NaiveDateTime,
}

/// A table of a round.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = round_tables)]
pub struct TableRow {
    /// Id.
    pub id: i64,
    /// The round.
    pub round_id: i64,
    /// 1-based table number.
    pub number: i32,
    /// Deals planned at this table.
    pub planned_deals: i32,
    /// Deals on the sheet when the organiser called time.
    pub time_up_after: Option<i32>,
    /// Every deal version handed out on this table before its last deletion is at most
    /// this; later versions start above it.
    pub version_floor: i32,
    /// Minutes granted to this table on top of the round's time.
    pub extra_minutes: i32,
    /// The time-up mark was set because the table's time ran out, not by the organiser.
    pub time_up_by_clock: bool,
    /// Writes to the table's sheet so far, counted by the table's lock
    /// ([`super::locks::lock_table`]): what was derived from its rows is current while
    /// this is unchanged.
    pub sheet_writes: i64,
    /// The result the organiser set for a table that could not play: each seat's points,
    /// comma-separated in seat order (`domain::table::Adjustment`).
    pub adjusted_points: Option<String>,
    /// Why he set it.
    pub adjusted_reason: Option<String>,
    /// When (UTC).
    pub adjusted_at: Option<NaiveDateTime>,
    /// The arbitration panel stopped the table's round where it stands, for this reason
    /// (`domain::table::TableSheet::stop`); `None` while it plays.
    pub stopped_reason: Option<String>,
    /// When (UTC).
    pub stopped_at: Option<NaiveDateTime>,
}

/// A table's join code. It is stored as issued, not hashed: the organiser prints it on the
/// table card and must be able to show it again (see `db::join_codes`).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = join_codes)]
pub struct JoinCodeRow {
    /// The code, without the dash it is printed with.
    pub code: String,
    /// The table it opens.
    pub table_id: i64,
    /// Issued (UTC).
    pub created_at: NaiveDateTime,
    /// Revoked (UTC): no login with it, and its captains' tokens stop working.
    pub revoked_at: Option<NaiveDateTime>,
    /// Superseded by a newer code (UTC): no login with it, but its captains stay in.
    pub superseded_at: Option<NaiveDateTime>,
}

/// One deal as entered. Its timestamps stay in the table for the record: no reader needs
/// them, and parsing SQLite's text timestamps was a tenth of the standings' time.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = deals)]
pub struct DealRow {
    /// Id.
    pub id: i64,
    /// The table.
    pub table_id: i64,
    /// 1-based deal number.
    pub number: i32,
    /// The entered facts as JSON.
    pub facts: String,
    /// Raised by every correction; `If-Match` compares with it.
    pub version: i32,
}

/// A player's signature under his table's complete sheet.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = signatures)]
pub struct SignatureRow {
    /// The table.
    pub table_id: i64,
    /// The player who signed.
    pub player_id: i64,
    /// When (UTC).
    pub signed_at: NaiveDateTime,
}

/// A penalty as the referee ruled it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = penalties)]
pub struct PenaltyRow {
    /// Id.
    pub id: i64,
    /// The table.
    pub table_id: i64,
    /// The deal it belongs to.
    pub deal_number: i32,
    /// insignificant, minor, serious or unsportsmanlike.
    pub severity: String,
    /// The offending seat.
    pub offender: i32,
    /// The soloist, in a solo.
    pub soloist: Option<i32>,
    /// TSR 9.3.3 b.
    pub could_harm_soloist: bool,
    /// Absagen of the offender's opponents.
    pub opposing_absagen: i32,
    /// The referee's name.
    pub referee: String,
    /// Recorded (UTC).
    pub created_at: NaiveDateTime,
    /// Raised by every correction and by a move to another deal number; `If-Match`
    /// compares with it.
    pub version: i32,
    /// What happened, in the referee's words (none on rulings recorded before it was asked).
    pub offence: Option<String>,
    /// The points deducted for unsportsmanlike conduct (TSR 9.7.2 b); 0 for a warning and
    /// for every other severity.
    pub deduction: i32,
}

/// One entry of the audit log.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = audit_log)]
pub struct AuditRow {
    /// Id.
    pub id: i64,
    /// The tournament.
    pub tournament_id: i64,
    /// The table, when the change was at one.
    pub table_id: Option<i64>,
    /// Who.
    pub actor: String,
    /// What.
    pub action: String,
    /// Before, as JSON.
    pub before_json: Option<String>,
    /// After, as JSON.
    pub after_json: Option<String>,
    /// Why.
    pub reason: Option<String>,
    /// When (UTC).
    pub at: NaiveDateTime,
}

/// A URL an organiser registered for a tournament's events or a season's.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = webhooks)]
pub struct WebhookRow {
    /// Id.
    pub id: i64,
    /// The tournament, for a tournament's hook.
    pub tournament_id: Option<i64>,
    /// The season, for a season's hook.
    pub season_id: Option<i64>,
    /// Where deliveries are posted.
    pub url: String,
    /// The event names, comma-separated.
    pub events: String,
    /// The key of the signature.
    pub secret: String,
    /// Whether new events are delivered to it.
    pub active: bool,
    /// When (UTC).
    pub created_at: NaiveDateTime,
}

/// One event for one hook: the outbox row the worker delivers.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = webhook_deliveries)]
pub struct DeliveryRow {
    /// Id, sent as `X-Karlchen-Delivery`.
    pub id: i64,
    /// The hook.
    pub webhook_id: i64,
    /// The event's name.
    pub event: String,
    /// The event's id (the body's `id`), the same for every hook told of it.
    pub event_id: String,
    /// The exact body sent.
    pub payload: String,
    /// `pending`, `delivered` or `failed`.
    pub status: String,
    /// How many times it was sent.
    pub attempts: i32,
    /// When it is sent next (while pending).
    pub next_attempt_at: NaiveDateTime,
    /// When it was last sent.
    pub last_attempt_at: Option<NaiveDateTime>,
    /// The receiver's last HTTP status.
    pub last_status_code: Option<i32>,
    /// Why the last attempt failed, when it did not get an answer.
    pub last_error: Option<String>,
    /// When a receiver took it (2xx).
    pub delivered_at: Option<NaiveDateTime>,
    /// When the event happened (UTC).
    pub created_at: NaiveDateTime,
}

/// A person of an organiser's register: the same person across his tournaments.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = register_people)]
pub struct PersonRow {
    /// Id.
    pub id: i64,
    /// Whose register.
    pub organizer_id: i64,
    /// Full name.
    pub name: String,
    /// Club.
    pub club: Option<String>,
    /// DDV number; one person per number in a register.
    pub ddv_number: Option<String>,
    /// Created (UTC).
    pub created_at: NaiveDateTime,
}

/// A tournament's player as one person of a register.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = register_links)]
pub struct LinkRow {
    /// Whose register.
    pub organizer_id: i64,
    /// The player.
    pub player_id: i64,
    /// The person he is.
    pub person_id: i64,
    /// How the link came about: `ddv_number`, `name_club`, `new` or `organiser`.
    pub matched_by: String,
    /// Whether the organiser stands behind it: false for a match by name and club alone.
    pub confirmed: bool,
}

/// A season: tournaments ranked together by a club's rules.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = seasons)]
pub struct SeasonRow {
    /// Id.
    pub id: i64,
    /// Whose season (and whose register it ranks).
    pub organizer_id: i64,
    /// Name ("Jahreswertung 2026").
    pub name: String,
    /// The ranking rules, JSON as the API spells them.
    pub rules: String,
    /// Shown to the public.
    pub published: bool,
    /// Created (UTC).
    pub created_at: NaiveDateTime,
}
