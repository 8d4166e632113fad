//! Properties every scored deal must have, over random valid deal facts: rows sum to zero,
//! the soloist writes −3× each opponent's entry, 4-table rows are all even or all odd, the
//! seat that sits out writes 0, and more card points never make Re's value worse.

#![expect(
    clippy::unwrap_used,
    reason = "generated facts are valid by construction"
)]

use domain::deal::{
    Announcements, CallLevel, Contract, DealFacts, Extras, PartyExtras, SeatSet, TableSize,
    points_range,
};
use domain::score;
use proptest::prelude::*;

fn level() -> impl Strategy<Value = CallLevel> {
    prop::sample::select(CallLevel::ALL.to_vec())
}

fn extras() -> impl Strategy<Value = Extras> {
    (0u8..=3, 0u8..=2, 0u8..=1).prop_map(|(doppelkopf, fox, karlchen)| Extras {
        doppelkopf,
        fox,
        karlchen,
        karlchen_caught: 0,
        fox_last_trick: 0,
        heart_ten: 0,
    })
}

/// The fewest tricks that can hold `points` card points.
fn fewest_tricks(points: u8) -> u8 {
    (0..=12)
        .find(|&t| points_range(t).1 >= points)
        .unwrap_or(12)
}

prop_compose! {
    fn deal()(
        five in any::<bool>(),
        contract in prop::sample::select(Contract::ALL.to_vec()),
        seats in Just((0u8..5).collect::<Vec<_>>()).prop_shuffle(),
        re_points in 0u8..=240,
        extra_tricks in 0u8..=12,
        re in level(),
        kontra in level(),
        re_extras in extras(),
        kontra_extras in extras(),
    ) -> DealFacts {
        let (table_size, sitting_out) = if five {
            (TableSize::Five, Some(seats[4]))
        } else {
            (TableSize::Four, None)
        };
        let players: Vec<u8> = seats
            .iter()
            .copied()
            .filter(|&s| Some(s) != sitting_out && s < table_size.seats())
            .collect();
        let re_seats = &players[..usize::from(contract.re_size())];
        let low = fewest_tricks(re_points);
        let high = (low..=12).take_while(|&t| points_range(t).0 <= re_points).last().unwrap_or(low);
        let re_tricks = low + extra_tricks % (high - low + 1);
        let extras = if contract.scored_as_solo() {
            PartyExtras::default()
        } else {
            PartyExtras { re: re_extras, kontra: kontra_extras }
        };
        DealFacts {
            table_size,
            contract,
            re: SeatSet::from_seats(re_seats).unwrap(),
            sitting_out,
            re_points,
            re_tricks,
            announcements: Announcements { re, kontra },
            extras, club_queens: None,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn rows_sum_to_zero_and_follow_the_solo_and_parity_rules(facts in deal()) {
        prop_assume!(facts.validate().is_ok());
        let scored = score(&facts).unwrap();
        let scores = scored.scores();
        prop_assert_eq!(scores.iter().sum::<i32>(), 0);
        prop_assert_eq!(scores.len(), usize::from(facts.table_size.seats()));
        if let Some(out) = facts.sitting_out {
            prop_assert_eq!(scores[usize::from(out)], 0);
        }
        if facts.contract.scored_as_solo() {
            let soloist = facts.re.iter().next().unwrap();
            for seat in 0..facts.table_size.seats() {
                if seat != soloist && Some(seat) != facts.sitting_out {
                    prop_assert_eq!(scores[usize::from(soloist)], -3 * scores[usize::from(seat)]);
                }
            }
        }
        if facts.table_size == TableSize::Four {
            let odd = scores[0].rem_euclid(2);
            prop_assert!(scores.iter().all(|s| s.rem_euclid(2) == odd), "{:?}", scores);
        }
        // The Re party's entries carry the sign of Re's value.
        prop_assert_eq!(scored.re_value().signum(), scores[usize::from(facts.re.iter().next().unwrap())].signum());
    }

    #[test]
    fn more_card_points_never_hurt_re(facts in deal()) {
        prop_assume!(facts.validate().is_ok());
        let mut previous = i32::MIN;
        for re_points in 0..=240u8 {
            let candidate = DealFacts {
                re_points,
                re_tricks: fewest_tricks(re_points).max(u8::from(re_points > 0)),
                extras: PartyExtras::default(),
                ..facts
            };
            if candidate.validate().is_err() {
                continue;
            }
            let value = score(&candidate).unwrap().re_value();
            prop_assert!(value >= previous, "{} points: {} after {}", re_points, value, previous);
            previous = value;
        }
    }
}
