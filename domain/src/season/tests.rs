//! The season ranking's cases, with the numbers worked out by hand in each test.

use super::*;

/// A result: `person` took `place` with `points` in 3 rounds.
fn r(person: PersonId, place: u32, points: i64) -> EveningResult {
    EveningResult {
        person,
        place,
        points,
        rounds: 3,
    }
}

fn evening(results: &[EveningResult]) -> Evening {
    Evening {
        results: results.to_vec(),
    }
}

fn rules(scoring: Scoring) -> SeasonRules {
    SeasonRules {
        scoring,
        ..SeasonRules::sum_of_points()
    }
}

fn with_tie_breaks(tie_breaks: &[SeasonTieBreak]) -> SeasonRules {
    SeasonRules {
        tie_breaks: tie_breaks.to_vec(),
        ..SeasonRules::sum_of_points()
    }
}

/// (person, place, score) per line.
fn summary(lines: &[SeasonLine]) -> Vec<(PersonId, Option<u32>, SeasonScore)> {
    lines.iter().map(|l| (l.person, l.place, l.score)).collect()
}

/// (person, place) per line.
fn places(lines: &[SeasonLine]) -> Vec<(PersonId, Option<u32>)> {
    lines.iter().map(|l| (l.person, l.place)).collect()
}

fn counted(line: &SeasonLine) -> Vec<bool> {
    line.evenings.iter().map(|e| e.counted).collect()
}

fn line(lines: &[SeasonLine], person: PersonId) -> &SeasonLine {
    lines.iter().find(|l| l.person == person).unwrap()
}

use SeasonScore::Total;

#[test]
fn points_scoring_sums_tournament_points() {
    let evenings = [
        evening(&[r(1, 1, 40), r(2, 2, 10), r(3, 3, -50)]),
        evening(&[r(2, 1, 25), r(3, 2, 5)]),
        evening(&[r(1, 1, 12), r(3, 2, -12)]),
    ];
    let lines = season_standings(&SeasonRules::sum_of_points(), &evenings).unwrap();
    // 1: 40 + 12 = 52; 2: 10 + 25 = 35; 3: -50 + 5 - 12 = -57.
    assert_eq!(
        summary(&lines),
        vec![
            (1, Some(1), Total(52)),
            (2, Some(2), Total(35)),
            (3, Some(3), Total(-57))
        ]
    );
    let first = line(&lines, 1);
    assert_eq!(first.played, 2);
    assert_eq!(first.points, 52);
    assert_eq!(
        first.evenings,
        vec![
            EveningValue {
                place: Some(1),
                points: 40,
                rounds: 3,
                value: 40,
                result: true,
                counted: true
            },
            EveningValue {
                place: None,
                points: 0,
                rounds: 0,
                value: 0,
                result: false,
                counted: false
            },
            EveningValue {
                place: Some(1),
                points: 12,
                rounds: 3,
                value: 12,
                result: true,
                counted: true
            },
        ]
    );
}

#[test]
fn placement_scoring_uses_the_table_and_shares_entries() {
    let placement = rules(Scoring::Placement {
        table: vec![10, 8, 6],
        otherwise: 1,
    });
    let evenings = [
        // 2 and 3 share place 2: both get table[1] = 8; 4 is 4th, beyond the table: 1.
        evening(&[r(1, 1, 90), r(2, 2, 30), r(3, 2, 30), r(4, 4, -150)]),
        // 4 wins this one: 10; 1 is 3rd: 6.
        evening(&[r(4, 1, 60), r(2, 2, 20), r(1, 3, -80)]),
    ];
    let lines = season_standings(&placement, &evenings).unwrap();
    // 1: 10 + 6 = 16; 2: 8 + 8 = 16; 3: 8; 4: 1 + 10 = 11. 1 and 2 share place 1.
    assert_eq!(
        summary(&lines),
        vec![
            (1, Some(1), Total(16)),
            (2, Some(1), Total(16)),
            (4, Some(3), Total(11)),
            (3, Some(4), Total(8)),
        ]
    );
    let values = |person| {
        line(&lines, person)
            .evenings
            .iter()
            .map(|e| e.value)
            .collect::<Vec<_>>()
    };
    assert_eq!(values(2), vec![8, 8]);
    assert_eq!(values(3), vec![8, 0]);
    assert_eq!(values(4), vec![1, 10]);
    // Raw points stay the tournament's: 1 has 90 - 80 = 10.
    assert_eq!(line(&lines, 1).points, 10);
}

#[test]
fn per_round_is_exact() {
    let at = |person, place, points, rounds| EveningResult {
        person,
        place,
        points,
        rounds,
    };
    let evenings = [
        evening(&[
            at(2, 1, 37, 2),
            at(1, 2, 30, 2),
            at(3, 3, 4, 2),
            at(5, 4, -8, 3),
        ]),
        evening(&[at(1, 1, 26, 1), at(4, 2, 2, 1)]),
    ];
    let lines = season_standings(&rules(Scoring::PerRound), &evenings).unwrap();
    // 1: (30 + 26) / (2 + 1) = 56/3 = 18.667 > 2: 37/2 = 18.5 (56·2 = 112 > 37·3 = 111).
    // 3: 4/2 and 4: 2/1 are both exactly 2 and share place 3; 5: -8/3 = -2.667.
    assert_eq!(
        places(&lines),
        vec![
            (1, Some(1)),
            (2, Some(2)),
            (3, Some(3)),
            (4, Some(3)),
            (5, Some(5))
        ]
    );
    let shown: Vec<String> = lines.iter().map(|l| l.score.to_string()).collect();
    assert_eq!(shown, ["18.67", "18.50", "2.00", "2.00", "-2.67"]);
    assert!(matches!(
        line(&lines, 1).score,
        SeasonScore::PerRound {
            points: 56,
            rounds: 3
        }
    ));
    // Under PerRound an evening's value is its points.
    assert_eq!(line(&lines, 1).evenings[1].value, 26);
}

#[test]
fn per_round_best_of_picks_the_best_ratios() {
    let at = |place, points, rounds| EveningResult {
        person: 1,
        place,
        points,
        rounds,
    };
    let evenings = [
        evening(&[at(1, 10, 1)]), // 10.0
        evening(&[at(1, 30, 4)]), // 7.5
        evening(&[at(1, 21, 2)]), // 10.5
        evening(&[at(1, 0, 0)]),  // no rounds: lowest, below any ratio
    ];
    let best_two = SeasonRules {
        best_of: Some(2),
        ..rules(Scoring::PerRound)
    };
    let lines = season_standings(&best_two, &evenings).unwrap();
    // The best ratios are 10.5 and 10.0: (21 + 10) / (2 + 1) = 31/3 = 10.33. Summing the
    // largest points instead (30 + 21 in 6 rounds) would give 8.5.
    assert_eq!(counted(&lines[0]), vec![true, false, true, false]);
    assert_eq!(lines[0].score.to_string(), "10.33");
    assert_eq!(lines[0].played, 4);
    assert_eq!(lines[0].points, 61);

    // With only the evenings of 7.5 and of no rounds, best of 1 takes the 7.5.
    let lines = season_standings(
        &SeasonRules {
            best_of: Some(1),
            ..rules(Scoring::PerRound)
        },
        &[evening(&[at(1, 0, 0)]), evening(&[at(1, -30, 4)])],
    )
    .unwrap();
    // Even a negative ratio (-7.5) beats an evening without rounds.
    assert_eq!(counted(&lines[0]), vec![false, true]);
    assert_eq!(lines[0].score.to_string(), "-7.50");
}

#[test]
fn best_of_counts_the_best_results() {
    let best_three = SeasonRules {
        best_of: Some(3),
        ..SeasonRules::sum_of_points()
    };
    let evenings = [
        evening(&[r(1, 2, 10), r(2, 1, 15)]),
        evening(&[r(1, 2, -20), r(2, 1, 0)]),
        evening(&[r(1, 1, 30), r(2, 2, 5)]),
        evening(&[r(1, 1, 5)]),
    ];
    let lines = season_standings(&best_three, &evenings).unwrap();
    // 1: best 3 of 10, -20, 30, 5 = 30 + 10 + 5 = 45 (the -20 is struck).
    // 2: 3 evenings, all count: 15 + 0 + 5 = 20; his missed 4th is ignored.
    assert_eq!(
        summary(&lines),
        vec![(1, Some(1), Total(45)), (2, Some(2), Total(20))]
    );
    assert_eq!(counted(&lines[0]), vec![true, false, true, true]);
    assert_eq!(counted(&lines[1]), vec![true, true, true, false]);
    // Raw points keep the struck evening: 10 - 20 + 30 + 5 = 25.
    assert_eq!(lines[0].points, 25);
}

#[test]
fn a_missed_evening_competes_for_the_best_n() {
    let best_two_missed_zero = SeasonRules {
        best_of: Some(2),
        missed: Missed::Scores(0),
        ..SeasonRules::sum_of_points()
    };
    let evenings = [
        evening(&[r(1, 3, -10), r(2, 2, 5), r(3, 1, 30)]),
        evening(&[r(2, 2, 8), r(3, 1, 9)]),
        evening(&[r(1, 1, 20), r(3, 2, -4)]),
    ];
    let lines = season_standings(&best_two_missed_zero, &evenings).unwrap();
    // 1: candidates -10, 0 (missed), 20: the best two are 20 + 0 = 20; the missed
    //    evening counts, the -10 does not.
    // 2: candidates 5, 8, 0 (missed): 8 + 5 = 13; the missed evening does not count.
    // 3: 30, 9, -4: 30 + 9 = 39.
    assert_eq!(
        summary(&lines),
        vec![
            (3, Some(1), Total(39)),
            (1, Some(2), Total(20)),
            (2, Some(3), Total(13))
        ]
    );
    assert_eq!(counted(line(&lines, 1)), vec![false, true, true]);
    assert_eq!(counted(line(&lines, 2)), vec![true, true, false]);
    assert_eq!(line(&lines, 1).evenings[1].value, 0);
    assert_eq!(line(&lines, 1).played, 2);

    // A penalty for each missed evening, all evenings counted: 1 has -10 - 5 + 20 = 5,
    // 2 has 5 + 8 - 5 = 8, 3 has 30 + 9 - 4 = 35.
    let penalty = SeasonRules {
        missed: Missed::Scores(-5),
        ..SeasonRules::sum_of_points()
    };
    let lines = season_standings(&penalty, &evenings).unwrap();
    assert_eq!(
        summary(&lines),
        vec![
            (3, Some(1), Total(35)),
            (2, Some(2), Total(8)),
            (1, Some(3), Total(5))
        ]
    );
    assert_eq!(line(&lines, 1).evenings[1].value, -5);
    assert!(line(&lines, 1).evenings[1].counted);
}

#[test]
fn equal_values_count_the_earlier_evening_first() {
    let best_two = SeasonRules {
        best_of: Some(2),
        ..SeasonRules::sum_of_points()
    };
    let evenings = [
        evening(&[r(1, 1, 10)]),
        evening(&[r(1, 1, 10)]),
        evening(&[r(1, 1, 10)]),
    ];
    let lines = season_standings(&best_two, &evenings).unwrap();
    assert_eq!(counted(&lines[0]), vec![true, true, false]);
    assert_eq!(lines[0].score, Total(20));

    // A missed evening worth as much as one played, earlier: the missed one counts.
    let best_one = SeasonRules {
        best_of: Some(1),
        missed: Missed::Scores(10),
        ..SeasonRules::sum_of_points()
    };
    let evenings = [evening(&[r(2, 1, 0)]), evening(&[r(1, 1, 10)])];
    let lines = season_standings(&best_one, &evenings).unwrap();
    assert_eq!(counted(line(&lines, 1)), vec![true, false]);
    assert_eq!(line(&lines, 1).score, Total(10));
}

#[test]
fn best_of_beyond_the_evenings_counts_all() {
    let best_five = SeasonRules {
        best_of: Some(5),
        ..SeasonRules::sum_of_points()
    };
    let evenings = [evening(&[r(1, 1, 10)]), evening(&[r(1, 1, -3)])];
    let lines = season_standings(&best_five, &evenings).unwrap();
    assert_eq!(counted(&lines[0]), vec![true, true]);
    assert_eq!(lines[0].score, Total(7));
}

#[test]
fn too_few_evenings_are_listed_without_a_place() {
    let min_two = SeasonRules {
        min_evenings: 2,
        ..SeasonRules::sum_of_points()
    };
    let evenings = [
        evening(&[r(4, 1, 60), r(1, 2, 15), r(5, 3, 2)]),
        evening(&[r(3, 1, 50), r(1, 2, 5), r(5, 3, 4)]),
        evening(&[r(2, 1, 50), r(5, 2, 4)]),
    ];
    let lines = season_standings(&min_two, &evenings).unwrap();
    // Ranked (2 or more evenings): 1 with 15 + 5 = 20, 5 with 2 + 4 + 4 = 10.
    // Unranked (1 evening), by score then id: 4 with 60, then 2 and 3 with 50 each.
    assert_eq!(
        summary(&lines),
        vec![
            (1, Some(1), Total(20)),
            (5, Some(2), Total(10)),
            (4, None, Total(60)),
            (2, None, Total(50)),
            (3, None, Total(50)),
        ]
    );

    // 0 and 1 rank everyone.
    for min_evenings in [0, 1] {
        let all = SeasonRules {
            min_evenings,
            ..SeasonRules::sum_of_points()
        };
        let lines = season_standings(&all, &evenings).unwrap();
        assert_eq!(
            places(&lines),
            vec![
                (4, Some(1)),
                (2, Some(2)),
                (3, Some(2)),
                (1, Some(4)),
                (5, Some(5))
            ]
        );
    }
}

#[test]
fn only_persons_who_played_are_listed() {
    assert_eq!(
        season_standings(&SeasonRules::sum_of_points(), &[]).unwrap(),
        vec![]
    );
    // Empty evenings still count as evenings of the season.
    let evenings = [
        Evening::default(),
        evening(&[r(7, 1, 3)]),
        Evening::default(),
    ];
    let lines = season_standings(&SeasonRules::sum_of_points(), &evenings).unwrap();
    assert_eq!(summary(&lines), vec![(7, Some(1), Total(3))]);
    assert_eq!(lines[0].evenings.len(), 3);
    assert_eq!(lines[0].played, 1);
}

#[test]
fn more_evenings_breaks_a_tie() {
    use SeasonTieBreak::MoreEvenings;
    // 1: 20 in one evening; 2: 10 + 10 in two.
    let decides = [
        evening(&[r(1, 1, 20), r(2, 2, 10)]),
        evening(&[r(2, 1, 10)]),
    ];
    let lines = season_standings(&SeasonRules::sum_of_points(), &decides).unwrap();
    assert_eq!(places(&lines), vec![(1, Some(1)), (2, Some(1))]);
    let lines = season_standings(&with_tie_breaks(&[MoreEvenings]), &decides).unwrap();
    assert_eq!(places(&lines), vec![(2, Some(1)), (1, Some(2))]);

    // 2 and 3: 20 in two evenings each; it leaves them equal.
    let equal = [
        evening(&[r(1, 1, 40), r(2, 2, 10), r(3, 2, 10), r(4, 4, 5)]),
        evening(&[r(2, 1, 10), r(3, 1, 10)]),
    ];
    let lines = season_standings(&with_tie_breaks(&[MoreEvenings]), &equal).unwrap();
    assert_eq!(
        places(&lines),
        vec![(1, Some(1)), (2, Some(2)), (3, Some(2)), (4, Some(4))]
    );
}

#[test]
fn better_places_breaks_a_tie() {
    use SeasonTieBreak::BetterPlaces;
    // 1: places [1, 3], 30 points; 2: places [1, 2], 30 points. At the second place
    // 2 < 3, so 2 is better.
    let decides = [
        evening(&[r(1, 1, 30), r(2, 2, 20), r(3, 3, -50)]),
        evening(&[r(2, 1, 10), r(3, 2, 5), r(1, 3, 0)]),
    ];
    let lines = season_standings(&SeasonRules::sum_of_points(), &decides).unwrap();
    assert_eq!(
        places(&lines),
        vec![(1, Some(1)), (2, Some(1)), (3, Some(3))]
    );
    let lines = season_standings(&with_tie_breaks(&[BetterPlaces]), &decides).unwrap();
    assert_eq!(
        places(&lines),
        vec![(2, Some(1)), (1, Some(2)), (3, Some(3))]
    );

    // One list the start of the other: 1 has [1], 2 has [1, 4]; the longer list wins.
    let prefix = [
        evening(&[r(1, 1, 20), r(2, 1, 20)]),
        evening(&[r(3, 1, 10), r(2, 4, 0)]),
    ];
    let lines = season_standings(&with_tie_breaks(&[BetterPlaces]), &prefix).unwrap();
    assert_eq!(
        places(&lines),
        vec![(2, Some(1)), (1, Some(2)), (3, Some(3))]
    );

    // 2 and 3: places [2] each, 20 points each; it leaves them equal.
    let equal = [evening(&[
        r(1, 1, 50),
        r(2, 2, 20),
        r(3, 2, 20),
        r(4, 4, 0),
    ])];
    let lines = season_standings(&with_tie_breaks(&[BetterPlaces]), &equal).unwrap();
    assert_eq!(
        places(&lines),
        vec![(1, Some(1)), (2, Some(2)), (3, Some(2)), (4, Some(4))]
    );
}

#[test]
fn later_evenings_breaks_a_tie() {
    use SeasonTieBreak::LaterEvenings;
    // 1 and 2 have 20 each. The latest evening: 2 played, 1 missed, so 2 is ahead.
    let played_beats_missed = [
        evening(&[r(1, 1, 20), r(2, 2, 10)]),
        evening(&[r(2, 1, 10)]),
    ];
    // Both missed the latest; in the one before, 1 took place 1 and 2 place 2.
    let better_place = [
        evening(&[r(2, 1, 15), r(1, 2, 5)]),
        evening(&[r(1, 1, 15), r(2, 2, 5)]),
        evening(&[r(3, 1, 0)]),
    ];
    let with = with_tie_breaks(&[LaterEvenings]);
    let lines = season_standings(&SeasonRules::sum_of_points(), &played_beats_missed).unwrap();
    assert_eq!(places(&lines), vec![(1, Some(1)), (2, Some(1))]);
    let lines = season_standings(&with, &played_beats_missed).unwrap();
    assert_eq!(places(&lines), vec![(2, Some(1)), (1, Some(2))]);
    let lines = season_standings(&with, &better_place).unwrap();
    assert_eq!(
        places(&lines),
        vec![(1, Some(1)), (2, Some(2)), (3, Some(3))]
    );

    // 2 and 3 took the same places on the same evenings; it leaves them equal.
    let equal = [
        evening(&[r(1, 1, 40), r(2, 2, 10), r(3, 2, 10), r(4, 4, -5)]),
        evening(&[r(1, 1, 0), r(4, 2, -5)]),
    ];
    let lines = season_standings(&with, &equal).unwrap();
    assert_eq!(
        places(&lines),
        vec![(1, Some(1)), (2, Some(2)), (3, Some(2)), (4, Some(4))]
    );
}

#[test]
fn more_points_breaks_a_tie() {
    use SeasonTieBreak::MorePoints;
    let placement = |tie_breaks: &[SeasonTieBreak]| SeasonRules {
        scoring: Scoring::Placement {
            table: vec![10, 8, 6],
            otherwise: 1,
        },
        tie_breaks: tie_breaks.to_vec(),
        ..SeasonRules::sum_of_points()
    };
    // 1: 10 + 8 = 18 placement points from 30 + 5 = 35 points; 2: 8 + 10 = 18 from
    // 25 + 40 = 65 points.
    let decides = [
        evening(&[r(1, 1, 30), r(2, 2, 25)]),
        evening(&[r(2, 1, 40), r(1, 2, 5)]),
    ];
    let lines = season_standings(&placement(&[]), &decides).unwrap();
    assert_eq!(places(&lines), vec![(1, Some(1)), (2, Some(1))]);
    let lines = season_standings(&placement(&[MorePoints]), &decides).unwrap();
    assert_eq!(places(&lines), vec![(2, Some(1)), (1, Some(2))]);

    // 1: 10; 2 and 3 share place 2: 8 each from 20 points each; 4: 4th, 1. It leaves 2
    // and 3 equal.
    let equal = [evening(&[
        r(1, 1, 50),
        r(2, 2, 20),
        r(3, 2, 20),
        r(4, 4, -10),
    ])];
    let lines = season_standings(&placement(&[MorePoints]), &equal).unwrap();
    assert_eq!(
        summary(&lines),
        vec![
            (1, Some(1), Total(10)),
            (2, Some(2), Total(8)),
            (3, Some(2), Total(8)),
            (4, Some(4), Total(1))
        ]
    );
}

#[test]
fn tie_breaks_apply_in_the_chosen_order() {
    use SeasonTieBreak::{MoreEvenings, MorePoints};
    let placement = |tie_breaks: &[SeasonTieBreak]| SeasonRules {
        scoring: Scoring::Placement {
            table: vec![3, 2, 1],
            otherwise: 0,
        },
        tie_breaks: tie_breaks.to_vec(),
        ..SeasonRules::sum_of_points()
    };
    let evenings = [
        // 9: 3; 8: 2 (from 20 points); 1: 1 (from 0 points).
        evening(&[r(9, 1, 40), r(8, 2, 20), r(1, 3, 0)]),
        // 9: 3; 2: 2 (from 50 points); 1: 1 (from 10 points).
        evening(&[r(9, 1, 60), r(2, 2, 50), r(1, 3, 10)]),
    ];
    // 9: 6. 1, 2 and 8 have 2 each: 1 in two evenings from 10 points, 2 in one from 50,
    // 8 in one from 20.
    // MoreEvenings first: 1 (two evenings) above 2 and 8; then more points: 2 (50)
    // above 8 (20).
    let lines = season_standings(&placement(&[MoreEvenings, MorePoints]), &evenings).unwrap();
    assert_eq!(
        places(&lines),
        vec![(9, Some(1)), (1, Some(2)), (2, Some(3)), (8, Some(4))]
    );
    // MorePoints first: 2 (50), 8 (20), 1 (10).
    let lines = season_standings(&placement(&[MorePoints, MoreEvenings]), &evenings).unwrap();
    assert_eq!(
        places(&lines),
        vec![(9, Some(1)), (2, Some(2)), (8, Some(3)), (1, Some(4))]
    );
    // MoreEvenings alone: 1 above, 2 and 8 share.
    let lines = season_standings(&placement(&[MoreEvenings]), &evenings).unwrap();
    assert_eq!(
        places(&lines),
        vec![(9, Some(1)), (1, Some(2)), (2, Some(3)), (8, Some(3))]
    );
}

#[test]
fn inconsistent_evenings_are_refused() {
    let twice = [
        evening(&[r(1, 1, 10), r(7, 2, 5)]),
        evening(&[r(7, 1, 10), r(1, 2, 5), r(7, 3, 0)]),
    ];
    let error = season_standings(&SeasonRules::sum_of_points(), &twice).unwrap_err();
    assert_eq!(
        error,
        SeasonError::PersonTwice {
            evening: 2,
            person: 7
        }
    );
    assert_eq!(error.to_string(), "person 7 has two results in evening 2");

    let zero = [evening(&[r(3, 0, 10)])];
    let error = season_standings(&SeasonRules::sum_of_points(), &zero).unwrap_err();
    assert_eq!(
        error,
        SeasonError::PlaceZero {
            evening: 1,
            person: 3
        }
    );
    assert_eq!(
        error.to_string(),
        "person 3 has place 0 in evening 1; places count from 1"
    );
}

#[test]
fn rules_are_validated() {
    let base = SeasonRules::sum_of_points();
    assert_eq!(base.validate(), Ok(()));
    let placement = |len: usize| SeasonRules {
        scoring: Scoring::Placement {
            table: vec![1; len],
            otherwise: 0,
        },
        ..SeasonRules::sum_of_points()
    };
    let limits_ok = [
        placement(1),
        placement(MAX_PLACEMENT_PLACES),
        SeasonRules {
            best_of: Some(MAX_EVENINGS),
            min_evenings: MAX_EVENINGS,
            missed: Missed::Scores(-3),
            tie_breaks: SeasonTieBreak::ALL.to_vec(),
            ..base.clone()
        },
        SeasonRules {
            best_of: Some(1),
            ..rules(Scoring::PerRound)
        },
    ];
    for ok in limits_ok {
        assert_eq!(ok.validate(), Ok(()), "{ok:?}");
    }

    use SeasonRulesError::*;
    let cases = [
        (
            placement(0),
            EmptyPlacementTable,
            "empty_placement_table",
            "scoring",
        ),
        (
            placement(MAX_PLACEMENT_PLACES + 1),
            PlacementTableTooLong { places: 201 },
            "placement_table_too_long",
            "scoring",
        ),
        (
            SeasonRules {
                best_of: Some(0),
                ..base.clone()
            },
            BestOfZero,
            "best_of_zero",
            "best_of",
        ),
        (
            SeasonRules {
                best_of: Some(MAX_EVENINGS + 1),
                ..base.clone()
            },
            BestOfTooHigh { best_of: 367 },
            "best_of_too_high",
            "best_of",
        ),
        (
            SeasonRules {
                min_evenings: MAX_EVENINGS + 1,
                ..base.clone()
            },
            MinEveningsTooHigh { min_evenings: 367 },
            "min_evenings_too_high",
            "min_evenings",
        ),
        (
            SeasonRules {
                missed: Missed::Scores(0),
                ..rules(Scoring::PerRound)
            },
            MissedScoresPerRound,
            "missed_scores_per_round",
            "missed",
        ),
        (
            SeasonRules {
                tie_breaks: vec![
                    SeasonTieBreak::MorePoints,
                    SeasonTieBreak::BetterPlaces,
                    SeasonTieBreak::MorePoints,
                ],
                ..base.clone()
            },
            RepeatedTieBreak(SeasonTieBreak::MorePoints),
            "repeated_tie_break",
            "tie_breaks",
        ),
    ];
    for (rules, error, code, field) in cases {
        assert_eq!(rules.validate(), Err(error), "{rules:?}");
        assert_eq!(error.code(), code);
        assert_eq!(error.field(), field);
        assert!(!error.to_string().is_empty());
    }
    assert_eq!(
        PlacementTableTooLong { places: 201 }.to_string(),
        "the placement table lists 201 places, at most 200 are allowed"
    );
    assert_eq!(
        RepeatedTieBreak(SeasonTieBreak::MorePoints).to_string(),
        "the tie-break more_points is listed twice"
    );
}

#[test]
fn tie_break_names_round_trip() {
    let names: Vec<&str> = SeasonTieBreak::ALL.iter().map(|t| t.name()).collect();
    assert_eq!(
        names,
        [
            "more_evenings",
            "better_places",
            "later_evenings",
            "more_points"
        ]
    );
    for t in SeasonTieBreak::ALL {
        assert_eq!(SeasonTieBreak::named(t.name()), Some(t));
        assert_eq!(t.to_string(), t.name());
    }
    assert_eq!(SeasonTieBreak::named("coin_toss"), None);
}

#[test]
fn season_scores_compare_and_show_exactly() {
    let per_round = |points, rounds| SeasonScore::PerRound { points, rounds };
    assert_eq!(per_round(4, 2), per_round(2, 1));
    assert!(per_round(56, 3) > per_round(37, 2));
    // No rounds: below even a negative average, equal to any other without rounds.
    assert!(per_round(0, 0) < per_round(-100, 1));
    assert!(per_round(100, 0) < per_round(-100, 1));
    assert_eq!(per_round(100, 0), per_round(-5, 0));
    assert!(Total(-3) < Total(2));
    assert!(Total(i64::MAX) < per_round(0, 0));

    assert_eq!(per_round(56, 3).hundredths(), 1867);
    assert_eq!(per_round(-8, 3).hundredths(), -267);
    // 1/8 = 0.125: half away from zero.
    assert_eq!(per_round(1, 8).hundredths(), 13);
    assert_eq!(per_round(-1, 8).hundredths(), -13);
    assert_eq!(per_round(7, 0).hundredths(), 0);
    assert_eq!(Total(123).hundredths(), 12300);

    assert_eq!(Total(123).to_string(), "123");
    assert_eq!(Total(-7).to_string(), "-7");
    assert_eq!(per_round(56, 3).to_string(), "18.67");
    assert_eq!(per_round(-8, 3).to_string(), "-2.67");
    assert_eq!(per_round(-1, 300).to_string(), "0.00");
    assert_eq!(per_round(5, 0).to_string(), "0.00");
}

#[test]
fn huge_numbers_saturate_instead_of_panicking() {
    let evenings = [
        evening(&[r(1, 1, i64::MAX), r(2, 2, i64::MIN)]),
        evening(&[r(1, 1, i64::MAX), r(2, 2, i64::MIN)]),
    ];
    let lines = season_standings(&SeasonRules::sum_of_points(), &evenings).unwrap();
    assert_eq!(
        summary(&lines),
        vec![(1, Some(1), Total(i64::MAX)), (2, Some(2), Total(i64::MIN))]
    );
    assert_eq!(lines[0].points, i64::MAX);
    assert_eq!(lines[1].points, i64::MIN);
    assert_eq!(lines[0].score.hundredths(), i64::MAX);
    assert_eq!(lines[1].score.hundredths(), i64::MIN);

    // Per round: i64::MAX over 1 + u32::MAX rounds saturates the rounds too.
    let at = |points, rounds| EveningResult {
        person: 1,
        place: 1,
        points,
        rounds,
    };
    let lines = season_standings(
        &rules(Scoring::PerRound),
        &[
            evening(&[at(i64::MAX, 1)]),
            evening(&[at(i64::MAX, u32::MAX)]),
        ],
    )
    .unwrap();
    assert!(matches!(
        lines[0].score,
        SeasonScore::PerRound {
            points: i64::MAX,
            rounds: u32::MAX
        }
    ));
    // i64::MAX / u32::MAX ≈ 2^31 points per round, in hundredths: fits.
    assert_eq!(
        lines[0].score.hundredths(),
        i64::try_from(i128::from(i64::MAX) * 100 / i128::from(u32::MAX)).unwrap() + 1
    );
    assert_eq!(
        SeasonScore::PerRound {
            points: i64::MAX,
            rounds: 1
        }
        .hundredths(),
        i64::MAX
    );

    // A missed-evening value and a placement table at the ends of i64. Sums are exact
    // before clamping, so the order of the evenings does not matter: 1 has
    // MAX + MAX + MIN = 2^63 - 2 = MAX - 1, which fits (a saturating sum would give -1);
    // 3 has MIN + MIN + MAX = -2^63 - 1, clamped to MIN, equal to 2's 3 · MIN.
    let extreme = SeasonRules {
        scoring: Scoring::Placement {
            table: vec![i64::MAX],
            otherwise: i64::MIN,
        },
        missed: Missed::Scores(i64::MIN),
        ..SeasonRules::sum_of_points()
    };
    let evenings = [
        evening(&[r(1, 1, 0), r(2, 2, 0)]),
        evening(&[r(1, 1, 0), r(2, 2, 0)]),
        evening(&[r(3, 1, 0)]),
    ];
    let lines = season_standings(&extreme, &evenings).unwrap();
    assert_eq!(
        summary(&lines),
        vec![
            (1, Some(1), Total(i64::MAX - 1)),
            (2, Some(2), Total(i64::MIN)),
            (3, Some(2), Total(i64::MIN))
        ]
    );
}

#[test]
fn rules_validate_refuses_are_read_plainly() {
    let evenings = [
        evening(&[r(1, 1, 10), r(2, 2, 4)]),
        evening(&[r(2, 1, 6), r(1, 2, -2)]),
        evening(&[r(1, 1, 3)]),
    ];
    // Best of 0 counts nothing: everyone scores 0 and shares place 1.
    let nothing = SeasonRules {
        best_of: Some(0),
        ..SeasonRules::sum_of_points()
    };
    let lines = season_standings(&nothing, &evenings).unwrap();
    assert_eq!(
        summary(&lines),
        vec![(1, Some(1), Total(0)), (2, Some(1), Total(0))]
    );
    assert!(lines.iter().all(|l| !l.evenings.iter().any(|e| e.counted)));

    // An empty placement table scores every place `otherwise`.
    let empty_table = rules(Scoring::Placement {
        table: vec![],
        otherwise: 2,
    });
    let lines = season_standings(&empty_table, &evenings).unwrap();
    assert_eq!(
        summary(&lines),
        vec![(1, Some(1), Total(6)), (2, Some(2), Total(4))]
    );

    // A missed-evening value under PerRound is ignored: 2's missed third evening
    // neither counts nor has a value. 1: (10 - 2 + 3) / 9 = 1.22; 2: 10 / 6 = 1.67.
    let per_round_missed = SeasonRules {
        missed: Missed::Scores(100),
        ..rules(Scoring::PerRound)
    };
    let lines = season_standings(&per_round_missed, &evenings).unwrap();
    assert_eq!(places(&lines), vec![(2, Some(1)), (1, Some(2))]);
    assert_eq!(lines[0].score.to_string(), "1.67");
    assert_eq!(
        lines[0].evenings[2],
        EveningValue {
            place: None,
            points: 0,
            rounds: 0,
            value: 0,
            result: false,
            counted: false
        }
    );
}
