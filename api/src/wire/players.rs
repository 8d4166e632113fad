//! A player on the wire: registering one, changing one, an import's answer, and what
//! anybody but the organiser sees of him ([`PublicPlayerResponse`]).

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::db::models::PlayerRow;

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
    /// The name the public sees, when the player asked to be shown abbreviated (default:
    /// his full name).
    #[serde(default)]
    #[schema(example = "M. Müller")]
    pub public_name: Option<String>,
}

/// A player.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
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
    /// The name the public sees instead of `name` (null: the full name).
    pub public_name: Option<String>,
    /// The arbitration panel's disqualification (TSR 9.7.2 c); absent if none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disqualification: Option<DisqualificationView>,
}

/// A disqualification as recorded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct DisqualificationView {
    /// When (RFC 3339, UTC).
    pub at: String,
    /// Why.
    pub reason: String,
    /// `kept`: his results stand, he is ranked and marked; `struck`: he is not ranked.
    pub results: String,
}

impl DisqualificationView {
    /// The disqualification of `p`, if he was disqualified.
    pub fn of(p: &PlayerRow) -> Option<DisqualificationView> {
        p.disqualified_at.map(|at| DisqualificationView {
            at: at
                .and_utc()
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            reason: p.disqualification_reason.clone().unwrap_or_default(),
            results: results_word(p.disqualification_struck).to_owned(),
        })
    }
}

/// What became of a disqualified player's results, as the API and the results document
/// say it: `struck` or `kept`.
pub const fn results_word(struck: bool) -> &'static str {
    if struck { "struck" } else { "kept" }
}

/// The other way round: whether `word` says the results were struck; `None` for a word
/// that is neither.
pub fn results_struck(word: &str) -> Option<bool> {
    [false, true].into_iter().find(|&s| results_word(s) == word)
}

/// The arbitration panel disqualifies a player (TSR 9.7.2 c).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DisqualifyRequest {
    /// Why (required; kept in the audit log and shown to the organiser).
    #[schema(example = "wiederholt unsportliches Verhalten nach Verwarnung")]
    pub reason: String,
    /// What becomes of his results already entered, as the panel decided: `kept` (he is
    /// ranked and marked) or `struck` (he is not ranked; the others keep their entries).
    #[schema(example = "kept")]
    pub results: String,
    /// What becomes of his table in the round under way, as the panel decided: `plays_on`
    /// (the default: the others finish the round, a substitute seated by reseating) or
    /// `stops` (the round ends where it stands: the deals entered count, nothing more is
    /// played, owed Pflichtsoli included; see `PUT /tables/{id}/stop`).
    #[serde(default = "plays_on")]
    #[schema(example = "stops")]
    pub table: String,
}

/// The default of [`DisqualifyRequest::table`].
fn plays_on() -> String {
    TABLE_PLAYS_ON.to_owned()
}

/// The disqualified player's table plays its round on.
pub const TABLE_PLAYS_ON: &str = "plays_on";
/// The disqualified player's table stops where it stands.
pub const TABLE_STOPS: &str = "stops";

/// Whether `word` says the disqualified player's table stops ([`DisqualifyRequest::table`]); `None` for a word that is
/// neither [`TABLE_PLAYS_ON`] nor [`TABLE_STOPS`].
pub fn stops_table(word: &str) -> Option<bool> {
    match word {
        TABLE_PLAYS_ON => Some(false),
        TABLE_STOPS => Some(true),
        _ => None,
    }
}

/// Lifting a disqualification, with the reason.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LiftDisqualificationRequest {
    /// Why (required).
    pub reason: String,
}

impl From<PlayerRow> for PlayerResponse {
    fn from(p: PlayerRow) -> PlayerResponse {
        let disqualification = DisqualificationView::of(&p);
        PlayerResponse {
            id: p.id,
            start_number: p.start_number,
            name: p.name,
            club: p.club,
            ddv_number: p.ddv_number,
            checked_in: p.checked_in,
            withdrawn: p.withdrawn,
            disqualification,
            public_name: p.public_name,
        }
    }
}

/// The name anybody but the organiser sees: the abbreviation the player asked for, or his
/// full name.
pub fn public_name(p: &PlayerRow) -> &str {
    p.public_name.as_deref().unwrap_or(&p.name)
}

/// A player as the public (and a table's captain) sees him: name, club and start number.
/// His DDV number, his check-in and his full name when he asked to be shown abbreviated
/// stay with the organiser.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicPlayerResponse {
    /// Id.
    pub id: i64,
    /// Start number.
    pub start_number: i32,
    /// Name as the player wants to be shown ("M. Müller" if he asked for it).
    pub name: String,
    /// Club.
    pub club: Option<String>,
    /// Left the tournament (the standings show it too).
    pub withdrawn: bool,
}

impl From<&PlayerRow> for PublicPlayerResponse {
    fn from(p: &PlayerRow) -> PublicPlayerResponse {
        PublicPlayerResponse {
            id: p.id,
            start_number: p.start_number,
            name: public_name(p).to_owned(),
            club: p.club.clone(),
            withdrawn: p.withdrawn,
        }
    }
}

/// A player in a tournament's list: everything for its organiser, the public view for
/// everybody else.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum PlayerListEntry {
    /// As the organiser sees him.
    Organizer(PlayerResponse),
    /// As everybody else sees him.
    Public(PublicPlayerResponse),
}

/// The players created by an import.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportResponse {
    /// How many were created.
    pub created: usize,
    /// The new players.
    pub players: Vec<PlayerResponse>,
}

/// A change to a player: check-in, withdrawal, corrections of name, club, DDV number or
/// start number, the name the public sees.
#[derive(Debug, Default, Deserialize, ToSchema)]
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
    /// The name the public sees ("M. Müller"); an empty text shows the full name again.
    #[serde(default)]
    pub public_name: Option<String>,
    /// DDV membership number, 1 to 8 digits, not held by another player of the
    /// tournament; an empty text clears it.
    #[serde(default)]
    #[schema(example = "4711")]
    pub ddv_number: Option<String>,
    /// Start number, 1 to 99999, not held by another player of the tournament (the
    /// printed lists and the standings show the new one; seats and sheets follow the
    /// player, not his number).
    #[serde(default)]
    pub start_number: Option<i32>,
}

/// What importing a CSV file would do, without storing anything (`?dry_run=true`): every
/// row with what it would register and everything wrong with it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportPreview {
    /// Whether importing the file would store every row: no problem anywhere.
    pub valid: bool,
    /// Problems with the whole file (its encoding, its header, no rows); `rows` is then
    /// empty.
    pub errors: Vec<crate::error::FieldError>,
    /// Every data row of the file, in order (rows of separators only are left out).
    pub rows: Vec<ImportPreviewRow>,
}

/// A row of a CSV file as the import would register it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportPreviewRow {
    /// The line as a spreadsheet numbers it (the header is line 1).
    pub line: u64,
    /// Name (empty when the row cannot be read).
    pub name: String,
    /// Club.
    pub club: Option<String>,
    /// DDV membership number.
    pub ddv_number: Option<String>,
    /// The start number he would get: the file's, or the next free one; null when the
    /// file's cannot be read.
    pub start_number: Option<i32>,
    /// Present at the venue.
    pub checked_in: bool,
    /// The name the public sees instead of `name`.
    pub public_name: Option<String>,
    /// Everything wrong with the row (`field` names the line and the column:
    /// `line 3: start_number`); empty when the row is right.
    pub errors: Vec<crate::error::FieldError>,
    /// What the organiser should look at although the row can be imported: the same name
    /// and club as a registered player or an earlier row, whom no DDV number tells apart
    /// (`same_name_and_club`; the same DDV number is an error, `taken`); the same name and
    /// club as a person of the register of a season the tournament is in, matched without
    /// a DDV number and so to be confirmed (`register_name_club`).
    pub warnings: Vec<crate::error::FieldError>,
}

/// How an import is asked for.
#[derive(Debug, Default, Deserialize, IntoParams)]
pub struct ImportQuery {
    /// `true`: store nothing, answer 200 with every row of the file, what it would
    /// register and everything wrong with it (`ImportPreview`), the file's problems
    /// included: a preview to show before importing.
    #[serde(default)]
    pub dry_run: bool,
}
