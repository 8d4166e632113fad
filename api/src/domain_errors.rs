//! Every mapping of a domain error to the API's answer, in one place: which field a
//! problem names and which stable code it carries. The matches are exhaustive on purpose:
//! a new domain error does not compile until it is mapped here.

use domain::deal::{self, FactsError};
use domain::seating::SeatingError;

use crate::error::{ApiError, FieldError};

fn facts_error(e: &FactsError) -> FieldError {
    let party_field = |party: deal::Party, leaf: &str| {
        let base = format!("extras.{}", party.as_str());
        if leaf.is_empty() {
            base
        } else {
            format!("{base}.{leaf}")
        }
    };
    let (field, code) = match e {
        FactsError::PointsOutOfRange { .. } => ("re_points".to_owned(), "out_of_range"),
        FactsError::TricksOutOfRange { .. } => ("re_tricks".to_owned(), "out_of_range"),
        FactsError::PointsDoNotFitTricks { .. } => {
            ("re_points".to_owned(), "points_do_not_fit_tricks")
        }
        FactsError::ReSize { .. } => ("re".to_owned(), "wrong_party_size"),
        FactsError::SeatOutOfRange { .. } => ("re".to_owned(), "seat_out_of_range"),
        FactsError::DuplicateSeat { .. } => ("re".to_owned(), "duplicate_seat"),
        FactsError::SittingOutMissing => ("sitting_out".to_owned(), "required"),
        FactsError::SittingOutAtFourTable => ("sitting_out".to_owned(), "not_allowed"),
        FactsError::SittingOutNotAtTable { .. } => ("sitting_out".to_owned(), "seat_out_of_range"),
        FactsError::SittingOutPlays { .. } => ("sitting_out".to_owned(), "sits_out_but_plays"),
        FactsError::TooManyFoxes { .. } => ("extras".to_owned(), "too_many_foxes"),
        FactsError::TooManyKarlchen { .. } => ("extras".to_owned(), "too_many_karlchen"),
        FactsError::DoppelkopfExceedsTricks { party, .. } => {
            (party_field(*party, "doppelkopf"), "exceeds_tricks")
        }
        FactsError::ExtrasExceedPoints { party, .. } => (party_field(*party, ""), "exceeds_points"),
        FactsError::ExtrasWithoutTricks { party } => (party_field(*party, ""), "without_tricks"),
        FactsError::ExtrasInSolo { .. } => ("extras".to_owned(), "extras_in_solo"),
    };
    FieldError::new(field, code, e.to_string())
}

/// A 422 for facts no deal can produce.
pub fn invalid_deal(e: &FactsError) -> ApiError {
    ApiError::unprocessable(
        "invalid_deal",
        format!("the deal cannot have happened: {e}"),
        vec![facts_error(e)],
    )
}

/// A 422 for a field that cannot be seated.
pub fn seating_error(e: &SeatingError) -> ApiError {
    let (field, code) = match e {
        SeatingError::Unsplittable { .. } => ("players", "unsplittable"),
        SeatingError::TooManyPlayers { .. } => ("players", "out_of_range"),
        SeatingError::TooManyRounds { .. } => ("rounds", "out_of_range"),
        SeatingError::UnknownPlayer { .. } => ("keep_apart", "unknown_player"),
        // Only a history can seat a player twice, and a plan has none.
        SeatingError::SeatedTwice { .. } => ("rounds", "seated_twice"),
        // Hand changes to a round: `services::reseat` words these for its own request.
        SeatingError::NotSeated { .. } => ("changes", "not_seated"),
        SeatingError::NoSuchTable { .. } => ("changes", "unknown_table"),
        SeatingError::NoSuchSeat { .. } => ("changes", "unknown_seat"),
        SeatingError::WrongTableSize { .. } => ("changes", "wrong_table_size"),
    };
    ApiError::unprocessable(
        "invalid_seating",
        e.to_string(),
        vec![FieldError::new(field, code, e.to_string())],
    )
}
