//! Planning the rest of a running tournament at once gives the rounds that drawing them one
//! by one gives, and a plan for the tournament's own length evens out what it should.

use domain::seating::{evaluate, next_round, plan_after, random_draw};

#[test]
fn rest_of_a_tournament_equals_drawing_round_by_round() {
    // Not 17 to 20, 24 to 27 or 30 players: `next_round` follows a plan found for drawing
    // round by round there (as few repeats as can be after every round), `plan_after` the
    // plan for the tournament's length (even 5-table duty at its end).
    for (players, keep_apart) in [
        (21_u16, vec![]),
        (28, vec![vec![0, 1, 2], vec![5, 9]]),
        (45, vec![]),
        (170, vec![vec![3, 4]]),
    ] {
        // An 8-round tournament: next_round plans 8 rounds ahead as well.
        let history = vec![random_draw(players, "erste Runde").unwrap()];
        let rest = plan_after(players, &history, 7, "Rest", &keep_apart).unwrap();
        assert_eq!(rest.len(), 7);
        let mut chained = history.clone();
        for _ in 0..7 {
            let round = next_round(players, &chained, "Rest", &keep_apart).unwrap();
            chained.push(round);
        }
        assert_eq!(rest, chained[1..], "{players} players");
        for round in &rest {
            let mut seated: Vec<u16> = round.iter().flatten().copied().collect();
            seated.sort_unstable();
            assert_eq!(seated, (0..players).collect::<Vec<_>>());
        }
        let mut all = history.clone();
        all.extend(rest.iter().cloned());
        let quality = evaluate(&all, &keep_apart);
        assert!(quality.repeat_pairs >= quality.lower_bound);
        if players >= 40 {
            assert_eq!(quality.repeat_pairs, 0, "{players} players");
        }
        // Drawing round by round with the remaining count gives the same rounds (checked
        // where rounds are cheap: small fields with 5-tables search, slowly in debug builds).
        if players >= 40 {
            let mut drawn = history.clone();
            for remaining in (1..=7).rev() {
                let next = plan_after(players, &drawn, remaining, "Rest", &keep_apart).unwrap();
                assert_eq!(next.len(), usize::from(remaining));
                drawn.push(next[0].clone());
            }
            assert_eq!(drawn, chained, "{players} players, round by round");
        }
    }
}

#[test]
fn nothing_to_plan_is_an_empty_plan() {
    let history = vec![random_draw(16, "s").unwrap()];
    assert!(plan_after(16, &history, 0, "s", &[]).unwrap().is_empty());
    assert!(plan_after(6, &[], 2, "s", &[]).is_err());
}

#[test]
fn a_plan_of_the_tournaments_length_evens_duty_by_its_end() {
    // 31 players (one 5-table) over 5 rounds: planned for 8 rounds, some players sat at the
    // 5-table in all five; planned for 5, duty ends as even as the plan makes it.
    let history = vec![random_draw(31, "x").unwrap()];
    let mut eight = history.clone();
    for _ in 0..4 {
        let round = next_round(31, &eight, "x", &[]).unwrap();
        eight.push(round);
    }
    let mut five = history.clone();
    five.extend(plan_after(31, &history, 4, "x", &[]).unwrap());
    let (q8, q5) = (evaluate(&eight, &[]), evaluate(&five, &[]));
    assert_eq!((q8.repeat_pairs, q5.repeat_pairs), (0, 0));
    assert!(
        q5.max_five_table_duty - q5.min_five_table_duty
            < q8.max_five_table_duty - q8.min_five_table_duty,
        "{q5:?} vs {q8:?}"
    );
}
