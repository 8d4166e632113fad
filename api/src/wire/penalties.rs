//! A penalty as the referee's ruling arrives on the wire.

use serde::Deserialize;
use utoipa::ToSchema;

/// A penalty as the referee ruled it (TSR 9).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatePenaltyRequest {
    /// The deal in which it happened.
    pub deal_number: u16,
    /// insignificant, minor, serious (TSR 9.2–9.4) or unsportsmanlike (TSR 9.7).
    #[schema(example = "minor")]
    pub severity: String,
    /// The offending seat.
    pub offender: u8,
    /// The soloist, when the deal was a solo at the time (a wedding before its clarifying
    /// trick and a silent wedding before the second ♣Q count as normal games).
    #[serde(default)]
    pub soloist: Option<u8>,
    /// For a Kontra player's minor violation in a solo: whether it could harm the soloist.
    #[serde(default)]
    pub could_harm_soloist: bool,
    /// Absagen the offender's opponents had made before (keine 60 counts two).
    #[serde(default)]
    pub opposing_absagen: u8,
    /// For unsportsmanlike conduct: the points the arbitration panel deducts from the
    /// offender, 1 to 12, without credit to the others (TSR 9.7.2 b); 0 (the default) for a
    /// warning (9.7.2 a). Only unsportsmanlike conduct takes one.
    #[serde(default)]
    pub deduction: u8,
    /// The referee who ruled it.
    pub referee: String,
    /// What happened, in the referee's words (up to 500 characters), printed beside the
    /// penalty on the sheet.
    #[serde(default)]
    #[schema(example = "played out of turn in trick 4")]
    pub offence: Option<String>,
}

/// A corrected ruling: the whole ruling as it now stands (it may move to another deal),
/// with the reason for the correction.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdatePenaltyRequest {
    /// The deal in which it happened.
    pub deal_number: u16,
    /// insignificant, minor, serious (TSR 9.2–9.4) or unsportsmanlike (TSR 9.7).
    #[schema(example = "insignificant")]
    pub severity: String,
    /// The offending seat.
    pub offender: u8,
    /// The soloist, when the deal was a solo at the time.
    #[serde(default)]
    pub soloist: Option<u8>,
    /// For a Kontra player's minor violation in a solo: whether it could harm the soloist.
    #[serde(default)]
    pub could_harm_soloist: bool,
    /// Absagen the offender's opponents had made before (keine 60 counts two).
    #[serde(default)]
    pub opposing_absagen: u8,
    /// For unsportsmanlike conduct: the points the arbitration panel deducts from the
    /// offender, 1 to 12, without credit to the others (TSR 9.7.2 b); 0 (the default) for a
    /// warning (9.7.2 a). Only unsportsmanlike conduct takes one.
    #[serde(default)]
    pub deduction: u8,
    /// The referee who ruled it.
    pub referee: String,
    /// What happened, in the referee's words.
    #[serde(default)]
    pub offence: Option<String>,
    /// Why it is corrected (kept in the audit log).
    #[serde(default)]
    pub reason: Option<String>,
}

impl UpdatePenaltyRequest {
    /// The ruling as a new penalty would state it, and the reason.
    pub fn split(self) -> (CreatePenaltyRequest, Option<String>) {
        (
            CreatePenaltyRequest {
                deal_number: self.deal_number,
                severity: self.severity,
                offender: self.offender,
                soloist: self.soloist,
                could_harm_soloist: self.could_harm_soloist,
                opposing_absagen: self.opposing_absagen,
                deduction: self.deduction,
                referee: self.referee,
                offence: self.offence,
            },
            self.reason,
        )
    }
}
