//! The preview of an entry: what saving it would write, asked of the server before saving.
//!
//! Contract §3 gives the service `services::deals::preview` (the helper "api" adds it on
//! another branch). Until it is on main this is a stand-in with the same answer's fields:
//! the scorer's result for the facts at the next deal's place (the table's size and the
//! seat that sits out), refused as the scorer refuses, without the order of play's checks,
//! the deal's kind or plausibility hints. Swapping it for the service changes only
//! [`preview`].

use crate::auth::Caller;
use crate::domain_errors::invalid_deal;
use crate::error::ApiError;
use crate::services::tables;
use crate::state::AppState;
use crate::wire::score::{ScoreRequest, ScoreResponse};
use crate::wire::sheet::DealBody;

/// A plausibility hint: its stable code and the service's words.
#[derive(Debug, Clone)]
pub struct Hint {
    /// The hint's code, which picks its translated text.
    pub code: String,
    /// The service's text, shown when no translation exists.
    pub message: String,
}

/// What entering the deal would write (the fields of `DealPreviewResponse`).
#[derive(Debug, Clone)]
pub struct Preview {
    /// The deal's number.
    pub number: u16,
    /// The seat that deals.
    pub dealer: u8,
    /// Where the deal goes on the sheet (`normal`, `pflichtsolo`, …), when known.
    pub kind: Option<&'static str>,
    /// Each seat's entry.
    pub scores: Vec<i32>,
    /// Each seat's total after the deal.
    pub totals_after: Vec<i32>,
    /// The scorer's breakdown.
    pub score: ScoreResponse,
    /// Plausibility hints.
    pub hints: Vec<Hint>,
}

/// The preview of `entry` as the next deal of the captain's table.
pub async fn preview(
    state: &AppState,
    caller: Caller,
    table_id: i64,
    entry: DealBody,
) -> Result<Preview, ApiError> {
    let table = state
        .db
        .run(move |conn| tables::for_captain(conn, table_id, &caller, None))
        .await?;
    let DealBody::Full(facts) = entry else {
        return Err(ApiError::Forbidden);
    };
    let next = table.choices.ok_or_else(|| ApiError::Conflict {
        code: "sheet_complete",
        detail: "the sheet is complete; no further deal is taken".to_owned(),
        current: None,
    })?;
    let request = ScoreRequest {
        table_size: table.sheet.table_size,
        contract: facts.contract,
        re: facts.re.clone(),
        sitting_out: next.sitting_out,
        re_points: facts.re_points,
        re_tricks: facts.re_tricks,
        announcements: facts.announcements,
        extras: facts.extras,
    };
    let scored = request
        .to_facts()
        .and_then(|f| domain::score(&f).map_err(|e| invalid_deal(&e)))?;
    let score = ScoreResponse::from(&scored);
    let totals_after = table
        .sheet
        .totals
        .iter()
        .zip(&score.scores)
        .map(|(total, score)| total + score)
        .collect();
    Ok(Preview {
        number: next.number,
        dealer: next.dealer,
        kind: None,
        scores: score.scores.clone(),
        totals_after,
        score,
        hints: Vec::new(),
    })
}
