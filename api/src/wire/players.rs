//! A player on the wire: registering one, changing one, an import's answer.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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

/// The players created by an import.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportResponse {
    /// How many were created.
    pub created: usize,
    /// The new players.
    pub players: Vec<PlayerResponse>,
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
