//! The standings on the wire: the JSON answer and the same rows as CSV for spreadsheets.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::ApiError;

/// Which standings.
#[derive(Debug, Deserialize, IntoParams)]
pub struct StandingsQuery {
    /// Only this round (default: the whole tournament).
    #[param(value_type = Option<u16>)]
    pub round: Option<String>,
}

/// One player's place.
#[derive(Debug, Serialize, ToSchema)]
pub struct StandingRow {
    /// Rank from 1; equal players share it.
    pub rank: u32,
    /// Player id.
    pub player_id: i64,
    /// Start number.
    pub start_number: i32,
    /// Name: in full for the tournament's organiser, for everybody else as the player asked
    /// to be shown ("M. Müller").
    pub name: String,
    /// Club.
    pub club: Option<String>,
    /// Sum of his sheet entries, penalties included.
    pub total: i64,
    /// Points per round (round 1 first; null where not played).
    pub rounds: Vec<Option<i32>>,
    /// Average per round played, as the DDV ranking list uses it ("18.67").
    pub average_per_round: Option<String>,
    /// Deals played.
    pub deals_played: u32,
    /// Games won.
    pub games_won: u32,
    /// Solos played (Pflicht-, Lust-, vorgeführte Soli).
    pub solos_played: u32,
    /// Solos won.
    pub solos_won: u32,
    /// Left the tournament.
    pub withdrawn: bool,
}

/// The standings.
#[derive(Debug, Serialize, ToSchema)]
pub struct StandingsResponse {
    /// The tournament.
    pub tournament_id: i64,
    /// The round, when only one is shown.
    pub round: Option<u16>,
    /// Tie-breaks applied after the total, in order.
    pub tie_breaks: Vec<String>,
    /// Best first.
    pub standings: Vec<StandingRow>,
    /// Tables whose sheet cannot be scored as stored; they are left out until mended.
    pub needs_attention: Vec<AttentionRow>,
}

/// A table the organiser must look at.
#[derive(Debug, Serialize, ToSchema)]
pub struct AttentionRow {
    /// The table's id.
    pub table_id: i64,
    /// Its round.
    pub round: i32,
    /// Its number in the round.
    pub table_number: i32,
    /// What is wrong.
    pub problem: String,
}

/// A text cell a spreadsheet shows as text: one that starts like a formula (`=`, `+`, `-`,
/// `@`, or a tab or line break before one) gets a leading `'`, which spreadsheets take as
/// "text follows" and do not show. Without it a player registered as `=HYPERLINK(…)` runs
/// on the organiser's machine when the standings are opened (CSV injection).
pub fn spreadsheet_text(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r', '\n']) {
        format!("'{text}")
    } else {
        text.to_owned()
    }
}

/// The rows as CSV: a header line, then one line per player with a column per round.
pub fn csv(rounds: i32, rows: &[StandingRow]) -> Result<Vec<u8>, ApiError> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut header = vec![
        "rank".to_owned(),
        "start_number".into(),
        "name".into(),
        "club".into(),
        "total".into(),
    ];
    header.extend((1..=rounds).map(|r| format!("round_{r}")));
    header.extend(
        [
            "average_per_round",
            "deals_played",
            "games_won",
            "solos_played",
            "solos_won",
            "withdrawn",
        ]
        .map(String::from),
    );
    let csv_error = |e: csv::Error| ApiError::Internal(e.into());
    writer.write_record(&header).map_err(csv_error)?;
    for row in rows {
        let mut record = vec![
            row.rank.to_string(),
            row.start_number.to_string(),
            // Names and clubs are typed by people, so they are the cells that could hold a
            // formula; the other cells are numbers we wrote (a negative total stays `-3`).
            spreadsheet_text(&row.name),
            spreadsheet_text(row.club.as_deref().unwrap_or_default()),
            row.total.to_string(),
        ];
        record.extend(
            row.rounds
                .iter()
                .map(|r| r.map(|p| p.to_string()).unwrap_or_default()),
        );
        record.extend([
            row.average_per_round.clone().unwrap_or_default(),
            row.deals_played.to_string(),
            row.games_won.to_string(),
            row.solos_played.to_string(),
            row.solos_won.to_string(),
            row.withdrawn.to_string(),
        ]);
        writer.write_record(&record).map_err(csv_error)?;
    }
    writer
        .into_inner()
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("{e}")))
}

#[cfg(test)]
mod tests {
    use super::spreadsheet_text;

    #[test]
    fn formula_like_text_is_neutralised_and_other_text_kept() {
        for (given, written) in [
            ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"),
            ("+49 170", "'+49 170"),
            ("-Meier", "'-Meier"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\t=1+1", "'\t=1+1"),
            ("\r=1+1", "'\r=1+1"),
            ("Anna Schmidt", "Anna Schmidt"),
            ("Anna = Bernd", "Anna = Bernd"),
            ("'quoted", "'quoted"),
            ("", ""),
        ] {
            assert_eq!(spreadsheet_text(given), written, "{given:?}");
        }
    }
}
