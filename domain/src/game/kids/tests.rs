//! Doublehead Kids: the text's rules and worked deals, a deal's coins, a round to its
//! target.

use super::*;
use crate::game::family::FamilyKey;
use crate::game::table::DealSeats;
use proptest::prelude::*;

fn deal(teams: KidsTeams, pp: u16) -> KidsDeal {
    KidsDeal::new(teams, pp, SILVER_COINS - pp).unwrap()
}

#[test]
fn more_than_120_wins_one_golden_coin_each() {
    // Rule E: "The team who has the most wins the round (more than 120 Silver coins).
    // Each player from the winning team receives 1 Golden Coin!"
    let score = deal(KidsTeams::Pair([0, 2]), 121).score(&KidsRules::BASIC);
    assert_eq!(score.winner, KidsTeam::PrincePrincess);
    assert_eq!(score.golden, [1, 0, 1, 0]);
    assert_eq!(score.silver, [121, 119, 121, 119]);

    let score = deal(KidsTeams::Pair([1, 3]), 98).score(&KidsRules::BASIC);
    assert_eq!(score.winner, KidsTeam::Without);
    assert_eq!(score.golden, [1, 0, 1, 0]);
    assert_eq!(score.silver, [142, 98, 142, 98]);
}

#[test]
fn a_tie_goes_to_team_without() {
    // Rule E: "In the rare event of a tie, the team Without wins."
    let score = deal(
        KidsTeams::Wedding {
            announcer: 3,
            partner: 0,
        },
        120,
    )
    .score(&KidsRules::BASIC);
    assert_eq!(score.winner, KidsTeam::Without);
    assert_eq!(score.golden, [0, 1, 1, 0]);
}

#[test]
fn a_lone_winner_gets_two_golden_coins() {
    // Rule C: "If you play alone and succeed, you will receive double the number of
    // Gold Victory Points."
    let score = deal(KidsTeams::Alone(2), 150).score(&KidsRules::BASIC);
    assert_eq!(score.golden, [0, 0, 2, 0]);
    assert_eq!(score.silver, [90, 90, 150, 90]);
    // Losing alone: the three others each get one.
    let score = deal(KidsTeams::Alone(2), 120).score(&KidsRules::BASIC);
    assert_eq!(score.golden, [1, 1, 0, 1]);
}

#[test]
fn impossible_entries_are_refused() {
    assert_eq!(
        KidsDeal::new(KidsTeams::Pair([0, 4]), 120, 120),
        Err(KidsError::SeatOutOfRange { seat: 4 })
    );
    assert_eq!(
        KidsDeal::new(
            KidsTeams::Wedding {
                announcer: 1,
                partner: 1
            },
            120,
            120
        ),
        Err(KidsError::SameSeatTwice { seat: 1 })
    );
    assert_eq!(
        KidsDeal::new(KidsTeams::Pair([0, 1]), 130, 120),
        Err(KidsError::CoinsDoNotAddUp { sum: 250 })
    );
    assert_eq!(
        KidsDeal::new(KidsTeams::Pair([0, 1]), u16::MAX, 1),
        Err(KidsError::CoinsDoNotAddUp { sum: 65536 })
    );
    assert_eq!(
        KidsDeal::new(KidsTeams::Alone(0), 239, 1),
        Err(KidsError::ImpossibleCoins { coins: 239 })
    );
    assert!(KidsDeal::new(KidsTeams::Alone(3), 240, 0).is_ok());
    assert!(KidsDeal::new(KidsTeams::Alone(3), 0, 240).is_ok());
}

#[test]
fn the_deal_passes_to_the_player_who_started() {
    // Rules D and F: the dealer's left-hand neighbour starts and deals next.
    assert_eq!(
        deal_seats(0),
        DealSeats {
            dealer: Some(0),
            starter: 1,
            sitting_out: None
        }
    );
    assert_eq!(deal_seats(3).dealer, Some(3));
    assert_eq!(deal_seats(3).starter, 0);
    assert_eq!(deal_seats(5).dealer, deal_seats(4).starter.into());
}

#[test]
fn the_round_ends_at_five_golden_coins() {
    // Seats 0 and 2 win four deals together, seat 0 then wins alone: 6 coins, over.
    let pair = deal(KidsTeams::Pair([0, 2]), 130);
    let mut deals = vec![pair; 4];
    let round = derive(KidsRules::BASIC, &deals).unwrap();
    assert!(!round.is_complete());
    assert_eq!(round.golden(), [4, 0, 4, 0]);
    assert_eq!(round.silver(), [520, 440, 520, 440]);
    assert_eq!(round.next().map(|s| s.dealer), Some(Some(0)));
    assert!(round.winners().is_empty());

    deals.push(deal(KidsTeams::Alone(0), 121));
    let round = derive(KidsRules::BASIC, &deals).unwrap();
    assert!(round.is_complete());
    assert_eq!(round.golden(), [6, 0, 4, 0]);
    assert_eq!(round.deals()[4].golden_totals, [6, 0, 4, 0]);
    assert_eq!(round.deals()[4].silver_totals, [641, 559, 639, 559]);
    assert_eq!(round.winners(), vec![0]);
    assert_eq!(round.next(), None);
    let lines = round.lines();
    assert_eq!(
        lines[0].key,
        FamilyKey {
            primary: 6,
            secondary: 641
        }
    );
    assert_eq!(
        lines[3].key,
        FamilyKey {
            primary: 0,
            secondary: 559
        }
    );

    deals.push(pair);
    assert_eq!(
        derive(KidsRules::BASIC, &deals),
        Err(KidsDeriveError {
            index: 5,
            error: KidsRoundError::RoundOver {
                target: 5,
                deals: 5
            }
        })
    );
}

#[test]
fn players_level_at_the_target_share_the_win() {
    let deals = vec![deal(KidsTeams::Pair([1, 3]), 200); 5];
    let round = derive(KidsRules::BASIC, &deals).unwrap();
    assert!(round.is_complete());
    assert_eq!(round.winners(), vec![1, 3]);
}

#[test]
fn a_target_of_zero_takes_no_deal() {
    let round = derive(KidsRules::basic(0), &[]).unwrap();
    assert!(round.is_complete());
    assert_eq!(round.winners(), vec![0, 1, 2, 3]);
    assert!(derive(KidsRules::basic(0), &[deal(KidsTeams::Alone(1), 0)]).is_err());
}

#[test]
fn the_advanced_game_wins_more_above_150_and_180() {
    // Advanced rule 4: "One team > 150 Silver coins: Wins, scoring 2 Golden Coins",
    // "> 180 ...: 3". Strictly more: 150 and 180 stay at 1 and 2.
    let advanced = KidsRules::ADVANCED;
    for (pp, golden) in [(121, 1), (150, 1), (151, 2), (180, 2), (181, 3), (240, 3)] {
        let score = deal(KidsTeams::Pair([0, 2]), pp).score(&advanced);
        assert_eq!(score.golden, [golden, 0, golden, 0], "{pp}");
        // The basic game gives one whatever the margin.
        let basic = deal(KidsTeams::Pair([0, 2]), pp).score(&KidsRules::BASIC);
        assert_eq!(basic.golden, [1, 0, 1, 0], "{pp}");
    }
    // Team Without wins by its own count: 240 − 75 = 165 Silver Coins, 2 each.
    let score = deal(KidsTeams::Pair([0, 2]), 75).score(&advanced);
    assert_eq!(score.golden, [0, 2, 0, 2]);
    // A lone winner doubles: 190 is 3, doubled 6; at 160 it is 4.
    assert_eq!(
        deal(KidsTeams::Alone(1), 190).score(&advanced).golden,
        [0, 6, 0, 0]
    );
    assert_eq!(
        deal(KidsTeams::Alone(1), 160).score(&advanced).golden,
        [0, 4, 0, 0]
    );
    // Beating him with 170 gives each of the three 2.
    assert_eq!(
        deal(KidsTeams::Alone(1), 70).score(&advanced).golden,
        [2, 0, 2, 2]
    );
}

#[test]
fn foxes_and_karlchen_bring_every_team_golden_coins() {
    // Advanced rule 4: "All teams additionally score: 1 Golden Coin for each Fox in
    // their Loot played by an opponent, 1 ... if a team member won the last Duel by
    // playing a Karlchen card, 1 ... for each Karlchen card won in the last Duel that
    // was played by an opponent". Seats 0 and 2 win with 130 (1 each) and won the last
    // duel with a Karlchen over the opponents' Karlchen (2 more); seats 1 and 3 lost
    // but caught both foxes (2 each).
    let extras = KidsTeamExtras {
        prince_princess: KidsExtras {
            foxes: 0,
            karlchen: 1,
            karlchen_caught: 1,
        },
        without: KidsExtras {
            foxes: 2,
            ..KidsExtras::default()
        },
    };
    let played = deal(KidsTeams::Pair([0, 2]), 130)
        .with_extras(extras)
        .unwrap();
    assert_eq!(played.score(&KidsRules::ADVANCED).golden, [3, 2, 3, 2]);
    // The lone player's doubling is of the win only: 2 × 1 + 1 fox.
    let alone = deal(KidsTeams::Alone(3), 130)
        .with_extras(KidsTeamExtras {
            prince_princess: KidsExtras {
                foxes: 1,
                ..KidsExtras::default()
            },
            ..KidsTeamExtras::default()
        })
        .unwrap();
    assert_eq!(alone.score(&KidsRules::ADVANCED).golden, [0, 0, 0, 3]);
    // The basic game has no such coins: a table playing it refuses them.
    let mut basic = KidsRound::new(KidsRules::BASIC);
    assert_eq!(basic.record(played), Err(KidsRoundError::ExtrasInBasicGame));
    assert!(basic.deals().is_empty());
    let mut advanced = KidsRound::new(KidsRules::ADVANCED);
    assert_eq!(advanced.record(played), Ok(()));
    assert_eq!(advanced.golden(), [3, 2, 3, 2]);
}

#[test]
fn extras_the_cards_cannot_hold_are_refused() {
    let base = deal(KidsTeams::Pair([0, 2]), 130);
    let with = |pp: KidsExtras, without: KidsExtras| {
        base.with_extras(KidsTeamExtras {
            prince_princess: pp,
            without,
        })
    };
    let e = |foxes, karlchen, karlchen_caught| KidsExtras {
        foxes,
        karlchen,
        karlchen_caught,
    };
    assert_eq!(
        with(e(2, 0, 0), e(1, 0, 0)),
        Err(KidsError::TooManyFoxes { total: 3 })
    );
    assert_eq!(
        with(e(200, 0, 0), e(200, 0, 0)),
        Err(KidsError::TooManyFoxes { total: 400 })
    );
    assert_eq!(
        with(e(0, 1, 0), e(0, 0, 1)),
        Err(KidsError::LastDuelForBothTeams)
    );
    assert_eq!(
        with(e(0, 1, 2), e(0, 0, 0)),
        Err(KidsError::TooManyKarlchen { total: 3 })
    );
    assert_eq!(
        with(e(0, 2, 0), e(0, 0, 0)),
        Err(KidsError::TooManyKarlchen { total: 2 })
    );
    assert!(with(e(0, 0, 2), e(2, 0, 0)).is_ok());
}

#[test]
fn playing_on_ends_only_with_one_player_ahead() {
    // Rule F's alternative: "continue playing until one player has at least one more
    // Golden Coin than the rest". Seats 1 and 3 reach 5 together: level, play on.
    let mut deals = vec![deal(KidsTeams::Pair([1, 3]), 200); 5];
    let play_on = KidsRules {
        play_on: true,
        ..KidsRules::BASIC
    };
    let round = derive(play_on, &deals).unwrap();
    assert_eq!(round.golden(), [0, 5, 0, 5]);
    assert!(!round.is_complete());
    assert!(round.winners().is_empty());
    assert_eq!(round.next().map(|s| s.dealer), Some(Some(1)));
    // Without playing on the same five deals end the round, shared.
    assert_eq!(
        derive(KidsRules::BASIC, &deals).unwrap().winners(),
        vec![1, 3]
    );
    // Seat 3 and seat 0 win the sixth together: seat 3 leads alone with 6.
    deals.push(deal(KidsTeams::Pair([0, 3]), 121));
    let round = derive(play_on, &deals).unwrap();
    assert_eq!(round.golden(), [1, 5, 0, 6]);
    assert!(round.is_complete());
    assert_eq!(round.winners(), vec![3]);
}

#[test]
fn an_advanced_round_ends_at_ten() {
    // Seats 0 and 2 win with 190 Silver Coins: 3 each per deal; after three deals 9,
    // after the fourth 12, over.
    let deals = vec![deal(KidsTeams::Pair([0, 2]), 190); 4];
    let round = derive(KidsRules::ADVANCED, &deals[..3]).unwrap();
    assert_eq!(round.golden(), [9, 0, 9, 0]);
    assert!(!round.is_complete());
    let round = derive(KidsRules::ADVANCED, &deals).unwrap();
    assert_eq!(round.golden(), [12, 0, 12, 0]);
    assert_eq!(round.winners(), vec![0, 2]);
}

fn teams() -> impl Strategy<Value = KidsTeams> {
    prop_oneof![
        (any::<u8>(), any::<u8>()).prop_map(|(a, b)| KidsTeams::Pair([a % 6, b % 6])),
        (any::<u8>(), any::<u8>()).prop_map(|(a, b)| KidsTeams::Wedding {
            announcer: a % 6,
            partner: b % 6
        }),
        any::<u8>().prop_map(|a| KidsTeams::Alone(a % 6)),
    ]
}

proptest! {
    #[test]
    fn accepted_deals_score_by_the_rules(
        raw in proptest::collection::vec((teams(), 0u16..260, 0u16..260, any::<bool>()), 0..40),
        target in 0u8..12,
    ) {
        let mut deals = Vec::new();
        for (teams, pp, wo, balanced) in raw {
            let wo = if balanced { SILVER_COINS.saturating_sub(pp) } else { wo };
            let Ok(deal) = KidsDeal::new(teams, pp, wo) else { continue };
            prop_assert_eq!(u32::from(pp) + u32::from(wo), 240);
            let score = deal.score(&KidsRules::BASIC);
            let pp_wins = pp > 120;
            let winners: Vec<Seat> =
                (0..4).filter(|&s| (teams.team_of(s) == KidsTeam::PrincePrincess) == pp_wins).collect();
            let per_winner = if teams.is_alone() && pp_wins { 2 } else { 1 };
            for seat in 0..4u8 {
                let expected = if winners.contains(&seat) { per_winner } else { 0 };
                prop_assert_eq!(score.golden[usize::from(seat)], expected);
            }
            prop_assert!(winners.len() == 1 || winners.len() == 2 || winners.len() == 3);
            deals.push(deal);
        }
        match derive(KidsRules::basic(target), &deals) {
            Ok(round) => {
                // Every deal but possibly the last leaves everyone under the target.
                let n = round.deals().len();
                prop_assert_eq!(n, deals.len());
                for d in round.deals().iter().take(n.saturating_sub(1)) {
                    prop_assert!(d.golden_totals.iter().all(|&g| g < u16::from(target)));
                }
                let sum: u16 = round.golden().iter().sum();
                let expected: u16 = round.deals().iter().map(|d| d.score.golden.iter().map(|&g| u16::from(g)).sum::<u16>()).sum();
                prop_assert_eq!(sum, expected);
            }
            Err(e) => {
                let before = derive(KidsRules::basic(target), &deals[..e.index]).unwrap();
                prop_assert!(before.is_complete());
            }
        }
    }
}
