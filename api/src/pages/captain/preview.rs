//! The preview of an entry: what saving it would write, asked of the deal service before
//! saving (`services::deals::preview`, the same check and scoring as entering, stored
//! nowhere), with the domain's plausibility hints.

use crate::auth::Caller;
use crate::error::ApiError;
use crate::services::deals;
use crate::state::AppState;
use crate::wire::deal::DealBody;
use crate::wire::deal_preview::DealPreviewResponse;

/// The preview of `entry` as the next deal of the captain's table.
pub async fn preview(
    state: &AppState,
    caller: Caller,
    table_id: i64,
    entry: DealBody,
) -> Result<DealPreviewResponse, ApiError> {
    state
        .db
        .run(move |conn| deals::preview(conn, table_id, &caller, &entry))
        .await
}
