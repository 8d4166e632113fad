//! A tournament's sanctions for unsportsmanlike conduct (TSR 9.7) in one list for its
//! organisers: the warnings and deductions recorded as penalties on deals, each with its
//! player, and the disqualifications recorded on players. Warnings are counted per
//! player across the tournament, since a second one is what an arbitration panel weighs.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;

use super::access::{self, Need};
use crate::auth::Caller;
use crate::db::{penalties, players};
use crate::error::ApiError;
use crate::state::AppState;
use crate::wire::sanctions::{SanctionView, SanctionsResponse, WarningCount};

fn rfc3339(at: NaiveDateTime) -> String {
    at.and_utc()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// The sanctions of tournament `id` (its organisers only).
pub async fn of_tournament(
    state: &AppState,
    organizer_id: i64,
    id: i64,
) -> Result<SanctionsResponse, ApiError> {
    let caller = Caller::Organizer(organizer_id);
    let (given, roster) = state
        .db
        .run(move |conn| {
            access::tournament(conn, id, &caller, Need::Write)?;
            Ok((
                penalties::unsportsmanlike_of_tournament(conn, id)?,
                players::of_tournament(conn, id)?,
            ))
        })
        .await?;
    let mut sanctions: Vec<(NaiveDateTime, SanctionView)> = Vec::new();
    let mut warnings: BTreeMap<i64, u32> = BTreeMap::new();
    for (row, round, table, player_id) in given {
        let Some(player) = roster.iter().find(|p| p.id == player_id) else {
            continue;
        };
        let points = u8::try_from(row.deduction).ok().filter(|&d| d > 0);
        if points.is_none() {
            *warnings.entry(player_id).or_default() += 1;
        }
        sanctions.push((
            row.created_at,
            SanctionView {
                kind: if points.is_some() {
                    "deduction"
                } else {
                    "warning"
                },
                player_id,
                start_number: player.start_number,
                name: player.name.clone(),
                points,
                round: Some(round),
                table: Some(table),
                deal_number: Some(row.deal_number),
                penalty_id: Some(row.id),
                reason: row.offence.clone(),
                referee: Some(row.referee.clone()),
                at: rfc3339(row.created_at),
            },
        ));
    }
    for player in &roster {
        let Some(at) = player.disqualified_at else {
            continue;
        };
        sanctions.push((
            at,
            SanctionView {
                kind: "disqualification",
                player_id: player.id,
                start_number: player.start_number,
                name: player.name.clone(),
                points: None,
                round: None,
                table: None,
                deal_number: None,
                penalty_id: None,
                reason: player.disqualification_reason.clone(),
                referee: None,
                at: rfc3339(at),
            },
        ));
    }
    // The penalties come in order; a disqualification goes where its time puts it.
    sanctions.sort_by_key(|(at, _)| *at);
    Ok(SanctionsResponse {
        sanctions: sanctions.into_iter().map(|(_, s)| s).collect(),
        warnings: warnings
            .into_iter()
            .map(|(player_id, warnings)| WarningCount {
                player_id,
                warnings,
            })
            .collect(),
    })
}
