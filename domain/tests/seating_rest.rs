//! Planning the rest of a running tournament at once gives the rounds that drawing them one
//! by one gives.

use domain::seating::{evaluate, next_round, plan_after, random_draw};

#[test]
fn rest_of_a_tournament_equals_drawing_round_by_round() {
    for (players, keep_apart) in [
        (17_u16, vec![]),
        (24, vec![vec![0, 1, 2], vec![5, 9]]),
        (45, vec![]),
        (170, vec![vec![3, 4]]),
    ] {
        let history = vec![random_draw(players, "erste Runde").unwrap()];
        let rest = plan_after(players, &history, 4, "Rest", &keep_apart).unwrap();
        assert_eq!(rest.len(), 4);
        let mut chained = history.clone();
        for _ in 0..4 {
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
        all.extend(rest);
        let quality = evaluate(&all, &keep_apart);
        assert!(quality.repeat_pairs >= quality.lower_bound);
        if players >= 40 {
            assert_eq!(quality.repeat_pairs, 0, "{players} players");
        }
    }
}

#[test]
fn nothing_to_plan_is_an_empty_plan() {
    let history = vec![random_draw(16, "s").unwrap()];
    assert!(plan_after(16, &history, 0, "s", &[]).unwrap().is_empty());
    assert!(plan_after(6, &[], 2, "s", &[]).is_err());
}
