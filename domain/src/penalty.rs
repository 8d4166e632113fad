//! Penalty points for rule violations (TSR 9.2–9.4) as pure patterns.
//!
//! The referee decides the category and who offended; this module only turns that
//! decision into sheet entries and says what happens to the deal. The patterns differ
//! between normal games and solos because a Kontra player's mistake in a solo can only
//! hurt the soloist, so the soloist alone is compensated (TSR 9.3.3, 9.4.4). Penalty
//! entries are zero-sum, with one exception: for unsportsmanlike conduct the arbitration
//! panel may deduct up to 12 points "without credit to the other players" (TSR 9.7.2 b),
//! or give a warning (9.7.2 a), which is an entry of no points that the sheet keeps so that
//! a second one is seen. [`Penalty::balance`] says which entry does not sum to zero. The
//! third sanction of TSR 9.7.2, disqualification, concerns the player's tournament rather
//! than a deal and is not modelled here.
//!
//! **Reading under house rules:** the patterns are the same under every
//! [`crate::game::Ruleset`]. Their 3s are the three other players of a zero-sum entry,
//! not the soloist's factor, and none of the house-rule texts we hold has penalties of its
//! own; a Bock round's factor applies to games, not to penalties.

use crate::deal::{Seat, TableSize};

/// The category of a violation (TSR 9.2.1, 9.3.1, 9.4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    /// Cannot influence the play or the result: no points (TSR 9.2).
    Insignificant,
    /// Can influence the course but not decide the winner (TSR 9.3).
    Minor,
    /// Can decide the winner (TSR 9.4).
    Serious,
    /// Trying to influence the game by means other than play, or to prevent its correct
    /// scoring (TSR 9.7.1): a warning or a point deduction, as [`Violation::deduction`]
    /// says.
    Unsportsmanlike,
}

impl Severity {
    /// The snake_case name used on the wire and in storage.
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Insignificant => "insignificant",
            Severity::Minor => "minor",
            Severity::Serious => "serious",
            Severity::Unsportsmanlike => "unsportsmanlike",
        }
    }

    /// Every severity, in the order of the TSR's sections.
    pub const ALL: [Severity; 4] = [
        Severity::Insignificant,
        Severity::Minor,
        Severity::Serious,
        Severity::Unsportsmanlike,
    ];

    /// The severity named `name` ([`Severity::as_str`]).
    pub fn named(name: &str) -> Option<Severity> {
        Severity::ALL.into_iter().find(|s| s.as_str() == name)
    }
}

/// The most points the arbitration panel may deduct for unsportsmanlike conduct (TSR
/// 9.7.2 b).
pub const MAX_DEDUCTION: u8 = 12;

/// A violation as the referee ruled it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Violation {
    /// The category.
    pub severity: Severity,
    /// The seat that offended.
    pub offender: Seat,
    /// The soloist, when the deal was a solo at the time of the violation (a wedding
    /// before its clarifying trick and a silent wedding before the second ♣Q count as
    /// normal games, TSR 4.4.3 b, 4.4.5).
    pub soloist: Option<Seat>,
    /// For a minor violation by a Kontra player in a solo: whether it could harm the
    /// soloist (TSR 9.3.3 b).
    pub could_harm_soloist: bool,
    /// Absagen the offender's opponents had made before the violation; keine 60 said
    /// directly counts two (TSR 6.4.3, 9.4.3).
    pub opposing_absagen: u8,
    /// For unsportsmanlike conduct: the points deducted from the offender, 1 to
    /// [`MAX_DEDUCTION`] (TSR 9.7.2 b), or 0 for a warning (9.7.2 a). 0 for every other
    /// severity, whose points the TSR's patterns fix.
    pub deduction: u8,
}

/// What happens to the deal in which the violation happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DealOutcome {
    /// Play goes on; the deal is scored as usual and the penalty is added.
    Scored,
    /// The game stops and counts as not played (TSR 9.4.3); only the penalty is written.
    NotPlayed,
    /// A solo stopped by a Kontra player's serious violation counts as played, scored by
    /// the penalty alone (TSR 9.4.4).
    PlayedPenaltyOnly,
}

/// The penalty entries of one violation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Penalty {
    scores: [i32; 5],
    seats: u8,
    /// What happens to the deal.
    pub outcome: DealOutcome,
}

impl Penalty {
    /// Each seat's penalty entry; the seat that sits out gets 0.
    pub fn scores(&self) -> &[i32] {
        &self.scores[..usize::from(self.seats)]
    }

    /// The sum of the entries: 0 for every pattern of TSR 9.2–9.4 (what one player pays
    /// the others receive), the negative deduction for unsportsmanlike conduct (TSR 9.7.2
    /// b: no credit to the others), the one entry on a sheet that may not sum to zero.
    pub fn balance(&self) -> i32 {
        self.scores().iter().sum()
    }
}

/// A deal's entries on the sheet: the game's own entries, unless a penalty stopped the game
/// (it then counts as not played, TSR 9.4.3, or a solo is scored by the penalty alone,
/// TSR 9.4.4), plus the entries of every penalty on the deal, stopping or not. Returns the
/// entries and whether the game's own entries count.
pub fn sheet_entries(game: &[i32], penalties: &[Penalty]) -> (Vec<i32>, bool) {
    let game_counts = penalties.iter().all(|p| p.outcome == DealOutcome::Scored);
    let mut entries = if game_counts {
        game.to_vec()
    } else {
        vec![0; game.len()]
    };
    for penalty in penalties {
        for (entry, points) in entries.iter_mut().zip(penalty.scores()) {
            // Saturating: `game` is any caller's i32, and an entry near i32::MAX plus a
            // penalty must not panic. Real entries are a few dozen points, far from it.
            *entry = entry.saturating_add(*points);
        }
    }
    (entries, game_counts)
}

/// Why a violation cannot be turned into penalty points.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PenaltyError {
    /// A seat that is not at the table or sits out this deal.
    #[error("seat {seat} does not play this deal")]
    NotPlaying {
        /// The seat.
        seat: Seat,
    },
    /// More than the four Absagen a party can make.
    #[error("a party makes at most 4 Absagen, got {absagen}")]
    TooManyAbsagen {
        /// The number given.
        absagen: u8,
    },
    /// `could_harm_soloist` given where TSR 9.3.3 b does not apply.
    #[error("could_harm_soloist applies only to a minor violation by a Kontra player in a solo")]
    HarmWithoutSoloOpponent,
    /// A deduction above what TSR 9.7.2 b allows.
    #[error(
        "a deduction for unsportsmanlike conduct is at most {MAX_DEDUCTION} points, got {points}"
    )]
    DeductionTooHigh {
        /// The points given.
        points: u8,
    },
    /// A deduction given for another severity than unsportsmanlike conduct: the TSR's
    /// patterns fix those points (TSR 9.2–9.4).
    #[error(
        "only unsportsmanlike conduct has a deduction (TSR 9.7.2 b); the other severities' points are the TSR's patterns"
    )]
    DeductionWithoutUnsportsmanlike,
    /// The seat that sits out does not fit the table: at a 5-table one of its seats sits
    /// out, at a 4-table nobody (TSR 10.1). Without this check the pattern would pay the
    /// wrong number of players and no longer sum to zero.
    #[error("a deal at a table of {seats} needs {} sitting out", sitting_out_rule(*.seats))]
    SittingOutMismatch {
        /// Seats at the table.
        seats: u8,
    },
}

/// Who sits out at a table of `seats`, for [`PenaltyError::SittingOutMismatch`].
const fn sitting_out_rule(seats: u8) -> &'static str {
    if seats == 5 {
        "one of seats 0 to 4"
    } else {
        "nobody"
    }
}

/// The penalty entries for `violation` at a table of `table_size`, where `sitting_out` is
/// the seat that sits out this deal at a 5-table.
pub fn penalty(
    table_size: TableSize,
    sitting_out: Option<Seat>,
    violation: &Violation,
) -> Result<Penalty, PenaltyError> {
    let seats = table_size.seats();
    let fits = match (table_size, sitting_out) {
        (TableSize::Four, None) => true,
        (TableSize::Five, Some(seat)) => seat < seats,
        (TableSize::Four, Some(_)) | (TableSize::Five, None) => false,
    };
    if !fits {
        return Err(PenaltyError::SittingOutMismatch { seats });
    }
    let plays = |seat: Seat| seat < seats && sitting_out != Some(seat);
    for seat in std::iter::once(violation.offender).chain(violation.soloist) {
        if !plays(seat) {
            return Err(PenaltyError::NotPlaying { seat });
        }
    }
    if violation.opposing_absagen > 4 {
        return Err(PenaltyError::TooManyAbsagen {
            absagen: violation.opposing_absagen,
        });
    }
    let solo_opponent = violation
        .soloist
        .filter(|&soloist| soloist != violation.offender);
    if violation.could_harm_soloist
        && (solo_opponent.is_none() || violation.severity != Severity::Minor)
    {
        return Err(PenaltyError::HarmWithoutSoloOpponent);
    }
    if violation.deduction > 0 && violation.severity != Severity::Unsportsmanlike {
        return Err(PenaltyError::DeductionWithoutUnsportsmanlike);
    }
    if violation.deduction > MAX_DEDUCTION {
        return Err(PenaltyError::DeductionTooHigh {
            points: violation.deduction,
        });
    }

    let mut scores = [0i32; 5];
    let offender = usize::from(violation.offender);
    let everyone_else = |scores: &mut [i32; 5], each: i32, offender_pays: i32| {
        for seat in (0..seats).filter(|&s| plays(s)) {
            scores[usize::from(seat)] = each;
        }
        scores[offender] = -offender_pays;
    };
    let absagen = i32::from(violation.opposing_absagen);
    let outcome = match (violation.severity, solo_opponent) {
        (Severity::Insignificant, _) => DealOutcome::Scored,
        (Severity::Minor, Some(soloist)) if violation.could_harm_soloist => {
            scores[offender] = -3;
            scores[usize::from(soloist)] = 3;
            DealOutcome::Scored
        }
        (Severity::Minor, _) => {
            everyone_else(&mut scores, 1, 3);
            DealOutcome::Scored
        }
        (Severity::Serious, Some(soloist)) => {
            scores[offender] = -(12 + 3 * absagen);
            scores[usize::from(soloist)] = 12 + 3 * absagen;
            DealOutcome::PlayedPenaltyOnly
        }
        (Severity::Serious, None) => {
            everyone_else(&mut scores, 4 + absagen, 12 + 3 * absagen);
            DealOutcome::NotPlayed
        }
        // The offender alone loses the points, nobody gains them, the soloist neither
        // (TSR 9.7.2 b); the game goes on and is scored as played (the TSR stops a game only
        // for a serious violation, 9.4.3).
        (Severity::Unsportsmanlike, _) => {
            scores[offender] = -i32::from(violation.deduction);
            DealOutcome::Scored
        }
    };
    Ok(Penalty {
        scores,
        seats,
        outcome,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn violation(severity: Severity, offender: Seat) -> Violation {
        Violation {
            severity,
            offender,
            soloist: None,
            could_harm_soloist: false,
            opposing_absagen: 0,
            deduction: 0,
        }
    }

    fn four(v: Violation) -> (Vec<i32>, DealOutcome) {
        let p = penalty(TableSize::Four, None, &v).unwrap();
        (p.scores().to_vec(), p.outcome)
    }

    #[test]
    fn the_brief_examples() {
        // W30: minor violation by B (seat 1) in a normal game.
        assert_eq!(
            four(violation(Severity::Minor, 1)),
            (vec![1, -3, 1, 1], DealOutcome::Scored)
        );
        // W31: D (seat 3, Kontra) harms A's solo: the TSR pattern (+3, 0, 0, -3).
        let w31 = Violation {
            soloist: Some(0),
            could_harm_soloist: true,
            ..violation(Severity::Minor, 3)
        };
        assert_eq!(four(w31), (vec![3, 0, 0, -3], DealOutcome::Scored));
        // W32: D commits a serious violation after Re said keine 60 (two Absagen).
        let w32 = Violation {
            opposing_absagen: 2,
            ..violation(Severity::Serious, 3)
        };
        assert_eq!(four(w32), (vec![6, 6, 6, -18], DealOutcome::NotPlayed));
        // W33: C (seat 2, Kontra) in A's solo after one Absage: (+15, 0, 0, -15).
        let w33 = Violation {
            soloist: Some(0),
            opposing_absagen: 1,
            ..violation(Severity::Serious, 2)
        };
        assert_eq!(
            four(w33),
            (vec![15, 0, -15, 0], DealOutcome::PlayedPenaltyOnly)
        );
        // W34: the soloist D offends, no Absage of Kontra: as in a normal game.
        let w34 = Violation {
            soloist: Some(3),
            ..violation(Severity::Serious, 3)
        };
        assert_eq!(four(w34), (vec![4, 4, 4, -12], DealOutcome::NotPlayed));
    }

    #[test]
    fn minor_violations_in_solos() {
        // The soloist offends: -3 and +1 for each opponent.
        let soloist = Violation {
            soloist: Some(2),
            ..violation(Severity::Minor, 2)
        };
        assert_eq!(four(soloist).0, vec![1, 1, -3, 1]);
        // A Kontra player's violation that cannot harm the soloist: -3 / +1 each.
        let harmless = Violation {
            soloist: Some(2),
            ..violation(Severity::Minor, 0)
        };
        assert_eq!(four(harmless).0, vec![-3, 1, 1, 1]);
    }

    #[test]
    fn serious_violations_scale_with_the_absagen() {
        for absagen in 0..=4u8 {
            let v = Violation {
                opposing_absagen: absagen,
                ..violation(Severity::Serious, 0)
            };
            let a = i32::from(absagen);
            assert_eq!(
                four(v).0,
                vec![-12 - 3 * a, 4 + a, 4 + a, 4 + a],
                "{absagen}"
            );
            let solo = Violation {
                soloist: Some(1),
                ..v
            };
            assert_eq!(four(solo).0, vec![-12 - 3 * a, 12 + 3 * a, 0, 0]);
        }
    }

    #[test]
    fn sheet_entries_add_penalties_and_drop_a_stopped_game() {
        let minor = penalty(TableSize::Four, None, &violation(Severity::Minor, 1)).unwrap();
        // W30: Re (0, 2) wins 2, B's minor violation: [3, -5, 3, -1].
        assert_eq!(
            sheet_entries(&[2, -2, 2, -2], &[minor]),
            (vec![3, -5, 3, -1], true)
        );
        // A serious violation after the minor one stops the game; the minor still counts.
        let serious = penalty(TableSize::Four, None, &violation(Severity::Serious, 3)).unwrap();
        assert_eq!(
            sheet_entries(&[2, -2, 2, -2], &[minor, serious]),
            (vec![5, 1, 5, -11], false)
        );
        assert_eq!(
            sheet_entries(&[1, -1, 1, -1], &[]),
            (vec![1, -1, 1, -1], true)
        );
    }

    #[test]
    fn sheet_entries_saturate_instead_of_overflowing() {
        let serious = penalty(TableSize::Four, None, &violation(Severity::Serious, 3)).unwrap();
        let minor = penalty(TableSize::Four, None, &violation(Severity::Minor, 0)).unwrap();
        // A game entry at the ends of i32 plus a penalty used to overflow.
        assert_eq!(
            sheet_entries(&[i32::MAX, i32::MIN, 0, 0], &[minor]),
            (vec![i32::MAX - 3, i32::MIN + 1, 1, 1], true)
        );
        assert_eq!(
            sheet_entries(&[i32::MAX, i32::MIN, 0, 0], &[minor, minor]).0,
            vec![i32::MAX - 6, i32::MIN + 2, 2, 2]
        );
        // Seat 1 pays 3 and seat 0 gains 1: both ends stop at the i32 limits.
        let by_one = penalty(TableSize::Four, None, &violation(Severity::Minor, 1)).unwrap();
        assert_eq!(
            sheet_entries(&[i32::MAX, i32::MIN, 0, 0], &[by_one]).0,
            vec![i32::MAX, i32::MIN, 1, 1]
        );
        // A stopped game writes the penalty alone, whatever the game said.
        assert_eq!(
            sheet_entries(&[i32::MAX; 4], &[serious]),
            (vec![4, 4, 4, -12], false)
        );
        // The largest ruling a client can ask for, with absagen at the limit and past it.
        let worst = Violation {
            opposing_absagen: 4,
            ..violation(Severity::Serious, 0)
        };
        assert_eq!(four(worst).0, vec![-24, 8, 8, 8]);
        let past = Violation {
            opposing_absagen: u8::MAX,
            ..worst
        };
        assert_eq!(
            penalty(TableSize::Four, None, &past),
            Err(PenaltyError::TooManyAbsagen { absagen: 255 })
        );
        assert_eq!(
            penalty(TableSize::Five, Some(4), &violation(Severity::Minor, 255)),
            Err(PenaltyError::NotPlaying { seat: 255 })
        );
    }

    #[test]
    fn insignificant_violations_cost_nothing() {
        assert_eq!(
            four(violation(Severity::Insignificant, 2)),
            (vec![0, 0, 0, 0], DealOutcome::Scored)
        );
    }

    #[test]
    fn five_tables_leave_the_sitting_seat_out() {
        let p = penalty(TableSize::Five, Some(2), &violation(Severity::Minor, 4)).unwrap();
        assert_eq!(p.scores(), &[1, 1, 0, 1, -3]);
        assert_eq!(
            penalty(TableSize::Five, Some(2), &violation(Severity::Minor, 2)),
            Err(PenaltyError::NotPlaying { seat: 2 })
        );
    }

    #[test]
    fn the_sitting_out_seat_must_fit_the_table() {
        // Found by the no-panics property: five paying seats, or three, broke zero-sum.
        let minor = violation(Severity::Minor, 0);
        for (size, sitting_out) in [
            (TableSize::Five, None),
            (TableSize::Five, Some(5)),
            (TableSize::Five, Some(255)),
            (TableSize::Four, Some(2)),
        ] {
            assert_eq!(
                penalty(size, sitting_out, &minor),
                Err(PenaltyError::SittingOutMismatch {
                    seats: size.seats()
                }),
                "{size:?} {sitting_out:?}"
            );
        }
        assert_eq!(
            PenaltyError::SittingOutMismatch { seats: 5 }.to_string(),
            "a deal at a table of 5 needs one of seats 0 to 4 sitting out"
        );
        assert_eq!(
            PenaltyError::SittingOutMismatch { seats: 4 }.to_string(),
            "a deal at a table of 4 needs nobody sitting out"
        );
    }

    #[test]
    fn every_pattern_sums_to_zero() {
        for severity in [Severity::Insignificant, Severity::Minor, Severity::Serious] {
            for offender in 0..4 {
                for soloist in [None, Some(0), Some(3)] {
                    for could_harm_soloist in [false, true] {
                        for opposing_absagen in 0..=4 {
                            let v = Violation {
                                severity,
                                offender,
                                soloist,
                                could_harm_soloist,
                                opposing_absagen,
                                deduction: 0,
                            };
                            if let Ok(p) = penalty(TableSize::Four, None, &v) {
                                assert_eq!(p.scores().iter().sum::<i32>(), 0, "{v:?}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_deduction_for_unsportsmanlike_conduct_credits_nobody() {
        // 12 points off E (seat 4) at a 5-table in C's (seat 2) solo, A (seat 0) dealing
        // and sitting out: E alone loses 12, the soloist gets nothing (TSR 9.7.2 b), and
        // the game counts as played.
        let twelve = Violation {
            soloist: Some(2),
            deduction: 12,
            ..violation(Severity::Unsportsmanlike, 4)
        };
        let p = penalty(TableSize::Five, Some(0), &twelve).unwrap();
        assert_eq!(p.scores(), &[0, 0, 0, 0, -12]);
        assert_eq!(p.outcome, DealOutcome::Scored);
        assert_eq!(p.balance(), -12, "the one entry that does not sum to zero");
        // The solo's own entries stand: C won 3 × 3 (the solo's 3 points), each opponent -3.
        assert_eq!(
            sheet_entries(&[0, -3, 9, -3, -3], &[p]),
            (vec![0, -3, 9, -3, -15], true)
        );
        // A warning (TSR 9.7.2 a) is an entry of no points, kept on the sheet.
        let warning = penalty(
            TableSize::Four,
            None,
            &violation(Severity::Unsportsmanlike, 1),
        )
        .unwrap();
        assert_eq!(warning.scores(), &[0, 0, 0, 0]);
        assert_eq!(warning.balance(), 0);
        // Every deduction from 1 to 12 is the offender's alone.
        for points in 1..=MAX_DEDUCTION {
            let v = Violation {
                deduction: points,
                ..violation(Severity::Unsportsmanlike, 3)
            };
            let p = penalty(TableSize::Four, None, &v).unwrap();
            assert_eq!(p.scores(), &[0, 0, 0, -i32::from(points)]);
            assert_eq!(p.balance(), -i32::from(points));
        }
    }

    #[test]
    fn a_deduction_is_refused_past_twelve_and_for_other_severities() {
        let thirteen = Violation {
            deduction: 13,
            ..violation(Severity::Unsportsmanlike, 0)
        };
        assert_eq!(
            penalty(TableSize::Four, None, &thirteen),
            Err(PenaltyError::DeductionTooHigh { points: 13 })
        );
        for severity in [Severity::Insignificant, Severity::Minor, Severity::Serious] {
            let v = Violation {
                deduction: 1,
                ..violation(severity, 0)
            };
            assert_eq!(
                penalty(TableSize::Four, None, &v),
                Err(PenaltyError::DeductionWithoutUnsportsmanlike),
                "{severity:?}"
            );
        }
        let harm = Violation {
            soloist: Some(2),
            could_harm_soloist: true,
            deduction: 3,
            ..violation(Severity::Unsportsmanlike, 0)
        };
        assert_eq!(
            penalty(TableSize::Four, None, &harm),
            Err(PenaltyError::HarmWithoutSoloOpponent)
        );
        for severity in Severity::ALL {
            assert_eq!(Severity::named(severity.as_str()), Some(severity));
        }
        assert_eq!(Severity::named("warning"), None);
    }

    #[test]
    fn bad_rulings_are_rejected() {
        assert_eq!(
            penalty(TableSize::Four, None, &violation(Severity::Minor, 4)),
            Err(PenaltyError::NotPlaying { seat: 4 })
        );
        let too_many = Violation {
            opposing_absagen: 5,
            ..violation(Severity::Serious, 0)
        };
        assert_eq!(
            penalty(TableSize::Four, None, &too_many),
            Err(PenaltyError::TooManyAbsagen { absagen: 5 })
        );
        let harm_in_normal = Violation {
            could_harm_soloist: true,
            ..violation(Severity::Minor, 0)
        };
        assert_eq!(
            penalty(TableSize::Four, None, &harm_in_normal),
            Err(PenaltyError::HarmWithoutSoloOpponent)
        );
    }
}
