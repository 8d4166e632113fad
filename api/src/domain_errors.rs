//! Every mapping of a domain error to the API's answer, in one place: which field a
//! problem names and which stable code it carries. The matches are exhaustive on purpose:
//! a new domain error does not compile until it is mapped here.

use domain::deal::{self, FactsError};
use domain::game::doppeldoppel::{DoppeldoppelError, DoppeldoppelRoundError};
use domain::game::kids::{KidsError, KidsRoundError};
use domain::game::{FamilyDeletionError, FamilyDeriveError, FamilyRoundError, RulesetError};
use domain::penalty::PenaltyError;
use domain::seating::SeatingError;
use domain::sheet::{
    ClockError, CorrectionError, DeletionError, EntryError, ReplanError, SheetError,
    SheetScoreError,
};
use domain::table::{self, NotInGame};

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
        FactsError::TricksOutOfRange { .. } | FactsError::TricksBeyondDeal { .. } => {
            ("re_tricks".to_owned(), "out_of_range")
        }
        FactsError::TricksNotCounted { .. } => ("re_tricks".to_owned(), "required"),
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
        FactsError::ExtraNotInRules { party, extra } => {
            (party_field(*party, extra), "not_in_rules")
        }
        FactsError::FoxLastTrickExceedsFoxes { party, .. } => {
            (party_field(*party, "fox_last_trick"), "exceeds_foxes")
        }
        FactsError::TooManyHeartTens { .. } => ("extras".to_owned(), "too_many_heart_tens"),
        FactsError::LastTrickForBoth => ("extras".to_owned(), "last_trick_for_both"),
        // A paper entry's summary (`"entry": "paper"`).
        FactsError::ValueOutOfRange { .. } => ("value".to_owned(), "out_of_range"),
        FactsError::WinnerMissing { .. } => ("winner".to_owned(), "required"),
        // A deal thrown in (`"entry": "thrown_in"`) at a table whose rules throw nothing in.
        FactsError::ThrownInNotInRules => ("entry".to_owned(), "not_in_rules"),
        // An Armut at a table whose rules have none.
        FactsError::ArmutNotInRules => ("contract".to_owned(), "not_in_rules"),
        // Who held the queens of clubs, asked only of an Armut whose rules read by them.
        FactsError::ClubQueensNotInRules => ("club_queens".to_owned(), "not_in_rules"),
        FactsError::ClubQueensMissing => ("club_queens".to_owned(), "required"),
    };
    FieldError::new(field, code, e.to_string())
}

/// A ruleset whose switches contradict each other or are out of range; `field` is where the
/// rules sit in the body (`rules`, `game.rules`).
pub fn ruleset_error(e: &RulesetError, field: &str) -> FieldError {
    let (leaf, code) = match e {
        RulesetError::SoloMultiplierOutOfRange { .. } => ("solo_multiplier", "out_of_range"),
        RulesetError::FiveNinesWithoutNines => ("five_nines", "contradicts_without_nines"),
        RulesetError::FailedAbsageWithoutDoubling => ("failed_absage_all_levels", "needs_doubling"),
        RulesetError::ArmutThreeCardsWithoutArmut => ("armut_three_cards", "needs_armut"),
        RulesetError::ArmutAltenWithoutArmut => ("armut_alten_by_queens", "needs_armut"),
        RulesetError::ForcedCallWithoutSchweinchen => {
            ("schweinchen_forces_call", "needs_schweinchen")
        }
        RulesetError::SuperSchweinchenWithoutSchweinchen => {
            ("super_schweinchen", "needs_schweinchen")
        }
        RulesetError::FirstFoxPigletWithoutSchweinchen => ("first_fox_piglet", "needs_schweinchen"),
        RulesetError::FirstFoxPigletWithSuperSchweinchen => {
            ("first_fox_piglet", "contradicts_super_schweinchen")
        }
        RulesetError::ForcedRaiseWithoutForcedAnnouncement => {
            ("forced_announcement_raises", "needs_forced_announcement")
        }
    };
    FieldError::new(format!("{field}.{leaf}"), code, e.to_string())
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
        SeatingError::Unsplittable { .. } | SeatingError::DoesNotSplit { .. } => {
            ("players", "unsplittable")
        }
        SeatingError::TooManyPlayers { .. } => ("players", "out_of_range"),
        SeatingError::TooManyRounds { .. } => ("rounds", "out_of_range"),
        SeatingError::UnknownPlayer { .. } => ("keep_apart", "unknown_player"),
        // Only a history can seat a player twice, and a plan has none.
        SeatingError::SeatedTwice { .. } => ("rounds", "seated_twice"),
        // Hand changes to a round: `services::draw::reseat` words these for its own request.
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

/// A stored sheet that no longer scores: a deal that does not fit is a 409 naming it (the
/// caller adds the current sheet where it has one); a penalty that does not fit its deal
/// is stored data the rules cannot have produced.
pub fn sheet_score_error(e: &SheetScoreError) -> ApiError {
    match e {
        SheetScoreError::OrderOfPlay(e) => ApiError::Conflict {
            code: "deal_does_not_fit",
            detail: format!(
                "deal {} no longer fits the sheet: {}",
                e.index.saturating_add(1),
                e.error
            ),
            current: None,
        },
        SheetScoreError::FactsInvalid { number, error, .. } => ApiError::Conflict {
            code: "deal_does_not_fit",
            detail: format!(
                "deal {number} no longer fits the sheet: the deal cannot have happened: {error}"
            ),
            current: None,
        },
        SheetScoreError::PenaltyInvalid { penalty, error, .. } => ApiError::Internal(
            anyhow::anyhow!("stored data does not fit the rules: penalty {penalty}: {error}"),
        ),
    }
}

/// The field an order-of-play refusal of an entry names.
fn entry_field(e: &SheetError) -> &'static str {
    match e {
        SheetError::WrongSoloist { .. }
        | SheetError::SittingOutPlays { .. }
        | SheetError::SeatOutOfRange { .. }
        | SheetError::ReSize { .. } => "re",
        SheetError::PlannedDealsOutOfRange { .. }
        | SheetError::RoundComplete { .. }
        | SheetError::TimeAlreadyUp
        | SheetError::ForcedSoloMissing { .. }
        | SheetError::TooFewDealsLeft { .. }
        | SheetError::TimeUpBeyondDeals { .. } => "contract",
    }
}

/// An entry (or a correction) that does not fit where it is to stand. `current` is the
/// sheet as it stands, for the 409 of a complete sheet.
fn entry_error(e: &EntryError, current: impl FnOnce() -> Option<serde_json::Value>) -> ApiError {
    match e {
        EntryError::SheetComplete => ApiError::Conflict {
            code: "sheet_complete",
            detail: "the sheet is complete; no further deal is taken".to_owned(),
            current: current(),
        },
        // The table supplies who sits out, so a sitting-out dealer in the Re party is a
        // mistake in `re`, the field the client sent.
        EntryError::FactsInvalid { error, .. } => match invalid_deal(error) {
            ApiError::Unprocessable {
                code,
                detail,
                mut errors,
            } => {
                for error in &mut errors {
                    if error.field == "sitting_out" {
                        "re".clone_into(&mut error.field);
                    }
                }
                ApiError::Unprocessable {
                    code,
                    detail,
                    errors,
                }
            }
            other => other,
        },
        EntryError::NotAllowedNow { number, error } => ApiError::unprocessable(
            "not_allowed_now",
            format!("deal {number}: {error}"),
            vec![FieldError::new(
                entry_field(error),
                "not_allowed_now",
                error.to_string(),
            )],
        ),
    }
}

/// A 409 from the sheet's rules gets the current sheet attached; other errors pass.
fn with_current(e: ApiError, current: impl FnOnce() -> Option<serde_json::Value>) -> ApiError {
    match e {
        ApiError::Conflict { code, detail, .. } => ApiError::Conflict {
            code,
            detail,
            current: current(),
        },
        other => other,
    }
}

/// A change (a correction or a deletion) whose new sheet does not score. Unlike a stored
/// sheet read as it is, a penalty that no longer fits is the change's fault, not stored
/// data's: the offender of a penalty on a later deal may sit out once the dealers move.
fn changed_sheet_error(
    e: &SheetScoreError,
    current: impl FnOnce() -> Option<serde_json::Value>,
) -> ApiError {
    match e {
        SheetScoreError::PenaltyInvalid {
            number,
            penalty,
            error,
            ..
        } => ApiError::Conflict {
            code: "penalty_does_not_fit",
            detail: format!(
                "penalty {penalty} on deal {number} would no longer fit the sheet: {error}"
            ),
            current: current(),
        },
        SheetScoreError::OrderOfPlay(_) | SheetScoreError::FactsInvalid { .. } => {
            with_current(sheet_score_error(e), current)
        }
    }
}

/// A refused correction; `current` is the sheet before it.
fn correction_error(
    e: &CorrectionError,
    current: impl FnOnce() -> Option<serde_json::Value>,
) -> ApiError {
    match e {
        CorrectionError::NoSuchDeal { .. } => ApiError::NotFound,
        CorrectionError::EarlierDeals(e) => {
            ApiError::Internal(anyhow::anyhow!("stored data does not fit the rules: {e}"))
        }
        CorrectionError::DoesNotFit(e) => entry_error(e, current),
        CorrectionError::Sheet(e) => changed_sheet_error(e, current),
    }
}

/// A refused deletion; `current` is the sheet before it.
fn deletion_error(
    e: &DeletionError,
    current: impl FnOnce() -> Option<serde_json::Value>,
) -> ApiError {
    match e {
        DeletionError::NoSuchDeal { .. } => ApiError::NotFound,
        DeletionError::HasPenalties { number, .. } => ApiError::Conflict {
            code: "deal_has_penalties",
            detail: format!("deal {number} carries penalties"),
            current: current(),
        },
        DeletionError::Sheet(e) => changed_sheet_error(e, current),
    }
}

/// Why `field` (deals per round at a table of one size) cannot take its new value at one
/// table, named by `at` ("round 2, table 3"); one entry of a 422 that lists every table.
pub fn replan_error(e: &ReplanError, field: &str, at: &str) -> FieldError {
    let code = match e {
        ReplanError::OutOfRange(_) => "out_of_range",
        ReplanError::BelowEntered { .. } => "below_deals_entered",
        ReplanError::Sheet(_) => "sheet_does_not_fit",
    };
    FieldError::new(field, code, format!("{at}: {e}"))
}

/// A penalty the rules do not allow on its deal.
pub fn penalty_error(e: &PenaltyError) -> ApiError {
    let field = match e {
        PenaltyError::NotPlaying { .. } => "offender",
        PenaltyError::TooManyAbsagen { .. } => "opposing_absagen",
        PenaltyError::HarmWithoutSoloOpponent => "could_harm_soloist",
        PenaltyError::DeductionTooHigh { .. } | PenaltyError::DeductionWithoutUnsportsmanlike => {
            "deduction"
        }
        // The sheet's own sitting-out seat does not fit the table: name the deal.
        PenaltyError::SittingOutMismatch { .. } => "deal_number",
    };
    ApiError::unprocessable(
        "invalid_penalty",
        e.to_string(),
        vec![FieldError::new(field, "not_allowed", e.to_string())],
    )
}

/// An extension of a table's time that is refused: a 422 naming `minutes` when it is out of
/// bounds, a 409 with the sheet as it stands (`current`) when the table's state refuses it.
pub fn clock_error(
    e: &ClockError,
    current: impl FnOnce() -> Option<serde_json::Value>,
) -> ApiError {
    let conflict = |code| ApiError::Conflict {
        code,
        detail: e.to_string(),
        current: current(),
    };
    match e {
        ClockError::ExtensionOutOfRange { .. } => {
            ApiError::field("invalid_body", "minutes", "out_of_range", e.to_string())
        }
        ClockError::TooMuchExtra { .. } => {
            ApiError::field("invalid_body", "minutes", "too_much_extra", e.to_string())
        }
        ClockError::SheetComplete => conflict("sheet_complete"),
        ClockError::TimeUpCalled => conflict("time_up_called"),
        ClockError::PlayedUnderTimeUp { .. } => conflict("played_under_time_up"),
    }
}

/// A Doublehead Kids deal no game can produce: the field it names and its code.
pub fn kids_error(e: &KidsError) -> FieldError {
    let (field, code) = match e {
        KidsError::SeatOutOfRange { .. } => ("teams", "seat_out_of_range"),
        KidsError::SameSeatTwice { .. } => ("teams", "duplicate_seat"),
        KidsError::CoinsDoNotAddUp { .. } => ("prince_princess_coins", "coins_do_not_add_up"),
        KidsError::ImpossibleCoins { .. } => ("prince_princess_coins", "impossible_coins"),
        KidsError::TooManyFoxes { .. } => ("extras", "too_many_foxes"),
        KidsError::TooManyKarlchen { .. } => ("extras", "too_many_karlchen"),
        KidsError::LastDuelForBothTeams => ("extras", "karlchen_for_both_teams"),
    };
    FieldError::new(field, code, e.to_string())
}

/// A Doppeldoppel deal no deck can produce: the field it names and its code.
pub fn doppeldoppel_error(e: &DoppeldoppelError) -> FieldError {
    let code = match e {
        DoppeldoppelError::PlayersOutOfRange { .. } => "wrong_players",
        DoppeldoppelError::NotADeck { .. } => "not_a_deck",
        DoppeldoppelError::RankOverDeck { .. } | DoppeldoppelError::MoreThanAnyDeck { .. } => {
            "more_than_deck"
        }
        DoppeldoppelError::LoneDiscard { .. } => "lone_discard",
        DoppeldoppelError::RankOverTricks { .. } => "more_than_tricks",
        // One seat's count of one rank: the field is that cell.
        &DoppeldoppelError::SeatOverTricks { seat, rank, .. } => {
            let field = format!("captured[{seat}][{}]", rank.saturating_sub(1));
            return FieldError::new(&field, "more_than_tricks", e.to_string());
        }
    };
    FieldError::new("captured", code, e.to_string())
}

/// What only Doppelkopf has, asked of a family game's table: a 422 `not_in_game`.
pub fn not_in_game(e: &NotInGame) -> ApiError {
    ApiError::unprocessable("not_in_game", e.to_string(), Vec::new())
}

/// A stored table round that does not derive: a deal that no longer fits is a 409 naming
/// it (the caller adds the current sheet where it has one); a table or a deal the rules
/// cannot have produced is damaged data.
pub fn table_derive_error(e: &table::DeriveError) -> ApiError {
    match e {
        table::DeriveError::Doppelkopf(e) => sheet_score_error(e),
        table::DeriveError::Family(FamilyDeriveError::Deal { index, error }) => {
            ApiError::Conflict {
                code: "deal_does_not_fit",
                detail: format!(
                    "deal {} no longer fits the sheet: {error}",
                    index.saturating_add(1)
                ),
                current: None,
            }
        }
        table::DeriveError::Family(FamilyDeriveError::Start(_))
        | table::DeriveError::Table(_)
        | table::DeriveError::Plan(_)
        | table::DeriveError::OtherGame { .. } => {
            ApiError::Internal(anyhow::anyhow!("stored data does not fit the rules: {e}"))
        }
    }
}

/// A deal of another game than the table's: 422 naming `entry`.
fn wrong_game(entered: &str, game: &str) -> ApiError {
    ApiError::unprocessable(
        "invalid_deal",
        format!("this table plays {game}, not {entered}"),
        vec![FieldError::new(
            "entry",
            "not_in_game",
            format!("a deal of {entered} cannot be entered at a table playing {game}"),
        )],
    )
}

/// A family game's deal that does not fit the table's round: a row count for another table
/// size (422), or a round already over (409 with the sheet).
fn family_round_error(
    e: &FamilyRoundError,
    current: impl FnOnce() -> Option<serde_json::Value>,
) -> ApiError {
    match e {
        FamilyRoundError::WrongGame { entered, game } => wrong_game(entered, game),
        FamilyRoundError::Doppeldoppel(DoppeldoppelRoundError::WrongPlayers { .. }) => {
            ApiError::unprocessable(
                "invalid_deal",
                format!("the deal does not fit this table: {e}"),
                vec![FieldError::new("captured", "wrong_players", e.to_string())],
            )
        }
        FamilyRoundError::Kids(KidsRoundError::ExtrasInBasicGame) => ApiError::unprocessable(
            "invalid_deal",
            format!("the deal does not fit this table: {e}"),
            vec![FieldError::new("extras", "not_in_rules", e.to_string())],
        ),
        FamilyRoundError::Kids(KidsRoundError::RoundOver { .. })
        | FamilyRoundError::Doppeldoppel(DoppeldoppelRoundError::RoundOver { .. }) => {
            ApiError::Conflict {
                code: "sheet_complete",
                detail: format!("the round is over; no further deal is taken: {e}"),
                current: current(),
            }
        }
        FamilyRoundError::NotAFamilyGame { .. } | FamilyRoundError::Table(_) => {
            ApiError::Internal(anyhow::anyhow!("stored data does not fit the rules: {e}"))
        }
    }
}

/// A family round that no longer fits after a change: the changed deal itself (at
/// `index`) as an entry would be refused, a later deal that lost its place as a 409 with
/// the sheet.
fn family_change_error(
    e: &FamilyDeriveError,
    index: Option<usize>,
    current: impl FnOnce() -> Option<serde_json::Value>,
) -> ApiError {
    match e {
        FamilyDeriveError::Deal { index: at, error } if Some(*at) == index => {
            family_round_error(error, current)
        }
        FamilyDeriveError::Deal { index: at, error } => ApiError::Conflict {
            code: "deal_does_not_fit",
            detail: format!(
                "deal {} would no longer fit the sheet: {error}",
                at.saturating_add(1)
            ),
            current: current(),
        },
        FamilyDeriveError::Start(e) => {
            ApiError::Internal(anyhow::anyhow!("stored data does not fit the rules: {e}"))
        }
    }
}

/// An entry that is not taken as the next deal; `current` is the sheet as it stands, for
/// the 409 of a complete sheet.
pub fn table_entry_error(
    e: &table::EntryError,
    current: impl FnOnce() -> Option<serde_json::Value>,
) -> ApiError {
    match e {
        table::EntryError::WrongGame { entered, game } => wrong_game(entered, game),
        table::EntryError::Doppelkopf(e) => entry_error(e, current),
        table::EntryError::Family(e) => family_round_error(e, current),
        table::EntryError::Adjusted => ApiError::Conflict {
            code: "table_adjusted",
            detail: e.to_string(),
            current: current(),
        },
        table::EntryError::Stopped => ApiError::Conflict {
            code: "table_stopped",
            detail: e.to_string(),
            current: current(),
        },
    }
}

/// A refused correction of deal `number`; `current` is the sheet before it.
pub fn table_correction_error(
    e: &table::CorrectionError,
    number: u16,
    current: impl FnOnce() -> Option<serde_json::Value>,
) -> ApiError {
    match e {
        table::CorrectionError::WrongGame { entered, game } => wrong_game(entered, game),
        table::CorrectionError::Doppelkopf(e) => correction_error(e, current),
        table::CorrectionError::Family(e) => {
            let index = usize::from(number).checked_sub(1);
            family_change_error(e, index, current)
        }
    }
}

/// A refused deletion; `current` is the sheet before it.
pub fn table_deletion_error(
    e: &table::DeletionError,
    current: impl FnOnce() -> Option<serde_json::Value>,
) -> ApiError {
    match e {
        table::DeletionError::Doppelkopf(e) => deletion_error(e, current),
        table::DeletionError::Family(FamilyDeletionError::NoSuchDeal { .. }) => ApiError::NotFound,
        table::DeletionError::Family(FamilyDeletionError::Round(e)) => {
            family_change_error(e, None, current)
        }
    }
}

/// A result that cannot be set for a table: one that played is a 409 with its sheet
/// (`table_has_deals`); values that do not fit its seats or the range are a 422 naming
/// `points` or the seat's value.
pub fn adjustment_error(
    e: &table::AdjustmentError,
    current: impl FnOnce() -> Option<serde_json::Value>,
) -> ApiError {
    match e {
        table::AdjustmentError::HasDeals { .. } => ApiError::Conflict {
            code: "table_has_deals",
            detail: e.to_string(),
            current: current(),
        },
        table::AdjustmentError::Seats { .. } => {
            ApiError::field("invalid_body", "points", "invalid_length", e.to_string())
        }
        table::AdjustmentError::OutOfRange { seat, .. } => ApiError::field(
            "invalid_body",
            &format!("points[{}]", seat.saturating_sub(1)),
            "out_of_range",
            e.to_string(),
        ),
        &table::AdjustmentError::FamilyGame { game } => not_in_game(&NotInGame { game }),
    }
}

/// Time that cannot be called: a family game has none (422), a round that refuses it is a
/// 409 with the sheet.
pub fn time_up_error(
    e: &table::TimeUpError,
    current: impl FnOnce() -> Option<serde_json::Value>,
) -> ApiError {
    match e {
        table::TimeUpError::NotInGame(e) => not_in_game(e),
        table::TimeUpError::Refused(e) => ApiError::Conflict {
            code: "time_up_refused",
            detail: e.to_string(),
            current: current(),
        },
        table::TimeUpError::Adjusted => ApiError::Conflict {
            code: "table_adjusted",
            detail: e.to_string(),
            current: current(),
        },
        table::TimeUpError::Stopped => ApiError::Conflict {
            code: "table_stopped",
            detail: e.to_string(),
            current: current(),
        },
    }
}

/// A round the panel cannot stop: each a 409 with the sheet (`table_stopped` already,
/// `sheet_complete`, `table_adjusted`).
pub fn stop_error(
    e: &table::StopError,
    current: impl FnOnce() -> Option<serde_json::Value>,
) -> ApiError {
    let code = match e {
        table::StopError::AlreadyStopped => "table_stopped",
        table::StopError::Complete { .. } => "sheet_complete",
        table::StopError::Adjusted => "table_adjusted",
    };
    ApiError::Conflict {
        code,
        detail: e.to_string(),
        current: current(),
    }
}
