//! The house rules that change which card wins: the second ♥10, Schweinchen and super
//! piglets, the Karlchen variants.

use super::random::random_normal;
use super::*;

#[test]
fn the_second_heart_ten_beats_the_first() {
    // House rule IX: "the second 10 of Hearts overrules the first". Trick 7 is led by
    // seat 0: ♥10 (seat 0, Re), ♥10 (seat 1, Kontra), ♣Q, ♦10: 33 card points.
    let tricks = hearts_in_trick_7();
    let tsr = normal_with(&Ruleset::DDV, &tricks, &[]);
    assert_eq!(tsr.tricks[6].leader, 0);
    assert_eq!(tsr.tricks[6].points, 33);
    assert_eq!(tsr.tricks[6].winner, 0, "TSR 5.3.3: the first ♥10 wins");
    assert_eq!((tsr.facts.re_points, tsr.facts.re_tricks), (186, 9));
    let always = rules(|r| r.second_heart_ten = SecondHeartTen::Always);
    let house = normal_with(&always, &tricks, &[]);
    assert_eq!(house.tricks[6].winner, 1);
    // Seat 1 leads trick 8 with its ♦A; seat 0's ♣Q takes it: Re still catches the fox.
    assert_eq!(house.tricks[7].leader, 1);
    assert_eq!(house.tricks[7].winner, 0);
    assert_eq!(
        (house.facts.re_points, house.facts.re_tricks),
        (186 - 33, 8)
    );
    assert_eq!(house.facts.extras, tsr.facts.extras);
    // In every trick but the last (Wikipedia's Dullen variant): trick 7 is not the last,
    // so the second wins as with `Always`.
    let except_last = rules(|r| r.second_heart_ten = SecondHeartTen::ExceptLastTrick);
    assert_eq!(normal_with(&except_last, &tricks, &[]), house);
    // Only in the last trick: trick 7 stays the TSR's.
    let last = rules(|r| r.second_heart_ten = SecondHeartTen::OnlyLastTrick);
    assert_eq!(normal_with(&last, &tricks, &[]), tsr);
}

#[test]
fn the_second_heart_ten_in_the_last_trick() {
    // Trick 12, led by seat 2: ♣J, ♦K, ♥10 (seat 0, Re), ♥10 (seat 1, Kontra): 26 points.
    let tricks = hearts_in_trick_12();
    let tsr = normal_with(&Ruleset::DDV, &tricks, &[]);
    let t12 = tsr.tricks[11];
    assert_eq!((t12.leader, t12.points, t12.winner), (2, 26, 0));
    assert_eq!((tsr.facts.re_points, tsr.facts.re_tricks), (186, 9));
    for rule in [SecondHeartTen::OnlyLastTrick, SecondHeartTen::Always] {
        let house = normal_with(&rules(|r| r.second_heart_ten = rule), &tricks, &[]);
        assert_eq!(winners(&house)[..11], winners(&tsr)[..11], "{rule:?}");
        assert_eq!(house.tricks[11].winner, 1, "{rule:?}");
        assert_eq!(
            (house.facts.re_points, house.facts.re_tricks),
            (186 - 26, 8),
            "{rule:?}"
        );
    }
    // Wikipedia's variant: in the last trick the first ♥10 is the higher, as by the TSR.
    let except_last = rules(|r| r.second_heart_ten = SecondHeartTen::ExceptLastTrick);
    assert_eq!(normal_with(&except_last, &tricks, &[]), tsr);
}

#[test]
fn every_second_heart_ten_value_has_a_name_and_the_old_name_is_read() {
    for value in SecondHeartTen::ALL {
        assert_eq!(SecondHeartTen::from_name(value.as_str()), Some(value));
    }
    assert_eq!(
        SecondHeartTen::from_name("last_trick"),
        Some(SecondHeartTen::OnlyLastTrick)
    );
    assert_eq!(SecondHeartTen::from_name("first_trick"), None);
}

#[test]
fn schweinchen_makes_both_diamond_aces_the_highest_trumps() {
    // House rule X. Seat 2 (Kontra) holds both ♦A. By the TSR Re catches both foxes:
    // trick 7 (led by seat 0: ♥10, ♣Q, ♦A, ♦10) and trick 10 (seat 1's first ♠J).
    let tricks = both_aces_seat_2();
    let tsr = normal_with(&Ruleset::DDV, &tricks, &[]);
    assert_eq!(tsr.facts.re, seats(&[0, 1]));
    assert_eq!((tsr.tricks[6].winner, tsr.tricks[9].winner), (0, 1));
    assert_eq!((tsr.facts.re_points, tsr.facts.re_tricks), (170, 8));
    assert_eq!(
        tsr.facts.extras,
        PartyExtras {
            re: extras(1, 2, 0, 0),
            kontra: extras(0, 0, 1, 0),
        }
    );
    let announced = rules(|r| r.schweinchen = Schweinchen::Announced);
    // Not announced: the aces stay foxes, as by the TSR.
    assert_eq!(normal_with(&announced, &tricks, &[]), tsr);
    let house = normal_with(&announced, &tricks, &[(0, schweinchen(2))]);
    // Seat 2 takes trick 7 (34 points) and trick 10 (17 points); no foxes at all.
    assert_eq!(
        winners(&house),
        [0, 0, 0, 2, 3, 0, 2, 1, 1, 2, 2, 2],
        "the ♦A beats even the ♥10"
    );
    assert_eq!(
        (house.facts.re_points, house.facts.re_tricks),
        (170 - 34 - 17, 6)
    );
    assert_eq!(
        house.facts.extras,
        PartyExtras {
            re: extras(1, 0, 0, 0),
            kontra: extras(0, 0, 1, 0),
        }
    );
    // When played: announced as the first ♦A falls (play 26, seat 2's card in trick 7).
    let when = rules(|r| r.schweinchen = Schweinchen::WhenPlayed);
    let req = build_with(
        &when,
        Contract::Normal,
        None,
        3,
        &tricks,
        &[(26, schweinchen(2))],
    );
    assert_eq!(req.events[26], schweinchen(2));
    assert_eq!(
        req.events[27],
        Event::Play {
            seat: 2,
            card: card("DA")
        }
    );
    let played = replay_with(&req, &when).unwrap();
    assert_eq!(played.facts, house.facts);
    assert_eq!(played.tricks, house.tricks);
}

#[test]
fn schweinchen_is_refused_where_the_rules_or_the_hand_do_not_allow_it() {
    let tricks = both_aces_seat_2();
    let announced = rules(|r| r.schweinchen = Schweinchen::Announced);
    let when = rules(|r| r.schweinchen = Schweinchen::WhenPlayed);
    let house = |seat, announcement| HouseRuleError::NotPlayed { seat, announcement };
    let refused = |rules: &Ruleset, contract, declarer, extra: &[(usize, Event)]| {
        // The plays of the normal game: the error comes before any of them.
        let mut req = build_with(rules, Contract::Normal, None, 3, &tricks, extra);
        (req.contract, req.declarer) = (contract, declarer);
        let event = req
            .events
            .iter()
            .position(|e| matches!(e, Event::Announce { .. }));
        (event, replay_with(&req, rules).map(|_| ()))
    };
    let a = Announcement::Schweinchen;
    /// Rules, contract, declarer, announcements, the error expected.
    type Case<'a> = (
        &'a Ruleset,
        Contract,
        Option<Seat>,
        Vec<(usize, Event)>,
        HouseRuleError,
    );
    let cases: Vec<Case<'_>> = vec![
        // The TSR has no Schweinchen (tsr-brief: no special trump in the TSR).
        (
            &Ruleset::DDV,
            Contract::Normal,
            None,
            vec![(0, schweinchen(2))],
            house(2, a),
        ),
        // Seat 0 holds no ♦A.
        (
            &announced,
            Contract::Normal,
            None,
            vec![(0, schweinchen(0))],
            HouseRuleError::NotHeld {
                seat: 0,
                announcement: a,
            },
        ),
        // Announced: before the first card, "as with a wedding".
        (
            &announced,
            Contract::Normal,
            None,
            vec![(26, schweinchen(2))],
            HouseRuleError::TooLate {
                seat: 2,
                announcement: a,
            },
        ),
        // When played: at the latest with the first ♦A.
        (
            &when,
            Contract::Normal,
            None,
            vec![(27, schweinchen(2))],
            HouseRuleError::TooLate {
                seat: 2,
                announcement: a,
            },
        ),
        (
            &announced,
            Contract::Normal,
            None,
            vec![(0, schweinchen(2)), (0, schweinchen(2))],
            HouseRuleError::Repeated {
                seat: 2,
                announcement: a,
            },
        ),
        // In a ♣ solo the ♦A is a plain ace: no fox, no Schweinchen.
        (
            &announced,
            Contract::SoloClubs,
            Some(2),
            vec![(0, schweinchen(2))],
            HouseRuleError::NotInContract {
                seat: 2,
                announcement: a,
                contract: Contract::SoloClubs,
            },
        ),
    ];
    for (rules, contract, declarer, extra, expected) in cases {
        let (first, result) = refused(rules, contract, declarer, &extra);
        let at = if matches!(expected, HouseRuleError::Repeated { .. }) {
            first.map(|i| i + 1)
        } else {
            first
        };
        assert_eq!(
            result,
            Err(ReplayError {
                event: at,
                kind: ReplayErrorKind::HouseRule(expected.clone()),
            }),
            "{expected:?}"
        );
    }
    // A ♦ solo keeps the normal order, so the soloist with both ♦A may announce.
    let req = build_with(
        &announced,
        Contract::SoloDiamonds,
        Some(2),
        3,
        &tricks,
        &[(0, schweinchen(2))],
    );
    let solo = replay_with(&req, &announced).unwrap();
    assert_eq!(solo.tricks[6].winner, 2);
}

#[test]
fn karlchen_caught_by_a_higher_trump() {
    // House rule XI, "Lost Charlie": the last trick, led by seat 2: ♦K, ♣J (seat 3,
    // Kontra), ♦Q (seat 0, Re), ♦9. Re's ♦Q catches Kontra's Karlchen.
    let tricks = jack_caught_by_queen();
    let tsr = normal_with(&Ruleset::DDV, &tricks, &[]);
    assert_eq!((tsr.tricks[11].leader, tsr.tricks[11].winner), (2, 0));
    let no_karlchen = PartyExtras {
        re: extras(1, 1, 0, 0),
        kontra: extras(0, 1, 0, 0),
    };
    assert_eq!(tsr.facts.extras, no_karlchen);
    let caught = normal_with(&rules(|r| r.karlchen = KarlchenRule::Caught), &tricks, &[]);
    assert_eq!(caught.tricks, tsr.tricks);
    assert_eq!(caught.facts.extras.re, extras(1, 1, 0, 1));
    assert_eq!(caught.facts.extras.kontra, no_karlchen.kontra);
    // Under the second-Charlie rule only the second ♣J catches Karlchen.
    let second = normal_with(
        &rules(|r| r.karlchen = KarlchenRule::SecondBeatsFirst),
        &tricks,
        &[],
    );
    assert_eq!(second, tsr);
}

#[test]
fn lizzie_miller_catches_karlchen_only_with_the_queen_of_diamonds() {
    // Wikipedia, "Lizzie Miller": "only if the queen of diamonds catches the opponent's
    // jack of clubs in the last trick one point is scored". Re's ♦Q (seat 0) wins the
    // last trick over Kontra's ♣J (seat 3): Re scores the catch, as under "caught".
    let lizzie = rules(|r| r.karlchen = KarlchenRule::LizzieMiller);
    let by_queen = normal_with(&lizzie, &jack_caught_by_queen(), &[]);
    assert_eq!(by_queen.facts.extras.re, extras(1, 1, 0, 1));
    assert_eq!(by_queen.facts.extras.kontra, extras(0, 1, 0, 0));
    // "A Charlie lost to another higher trump is not scored": Re's ♣J (seat 2) wins the
    // last trick over Kontra's ♣J (seat 1). Re keeps its Karlchen point, catches nothing.
    let by_jack = normal_with(&lizzie, &jacks_in_trick_12(), &[]);
    let caught = normal_with(
        &rules(|r| r.karlchen = KarlchenRule::Caught),
        &jacks_in_trick_12(),
        &[],
    );
    assert_eq!(caught.facts.extras.re, extras(1, 1, 1, 1));
    assert_eq!(by_jack.facts.extras.re, extras(1, 1, 1, 0));
    assert_eq!(by_jack.tricks, caught.tricks);
}

#[test]
fn the_second_club_jack_beats_the_first_in_the_last_trick() {
    // The last trick, led by seat 2: ♣J (seat 2, Re), ♦K, ♦10, ♣J (seat 1, Kontra): 18.
    let tricks = jacks_in_trick_12();
    let tsr = normal_with(&Ruleset::DDV, &tricks, &[]);
    let t12 = tsr.tricks[11];
    assert_eq!((t12.leader, t12.points, t12.winner), (2, 18, 2));
    assert_eq!((tsr.facts.re_points, tsr.facts.re_tricks), (169, 8));
    assert_eq!(tsr.facts.extras.re, extras(1, 1, 1, 0));
    // Caught: Re's Karlchen wins and catches Kontra's: two points.
    let caught = normal_with(&rules(|r| r.karlchen = KarlchenRule::Caught), &tricks, &[]);
    assert_eq!(caught.tricks, tsr.tricks);
    assert_eq!(caught.facts.extras.re, extras(1, 1, 1, 1));
    assert_eq!(caught.facts.extras.kontra, tsr.facts.extras.kontra);
    // Second beats first: Kontra's ♣J takes the trick, with Karlchen and the catch ("the
    // team that played the second one two game points").
    let second = normal_with(
        &rules(|r| r.karlchen = KarlchenRule::SecondBeatsFirst),
        &tricks,
        &[],
    );
    assert_eq!(second.tricks[11].winner, 1);
    assert_eq!(
        (second.facts.re_points, second.facts.re_tricks),
        (169 - 18, 7)
    );
    assert_eq!(
        second.facts.extras,
        PartyExtras {
            re: extras(1, 1, 0, 0),
            kontra: extras(0, 1, 1, 1),
        }
    );
    // Never before the last trick, and not for a ♣J lost to one's partner.
    assert_eq!(second.facts.extras.of(Party::Re).karlchen_caught, 0);
}

#[test]
fn super_piglets_put_the_diamond_nines_above_the_piglets() {
    // Wikipedia, super piglets: after piglets, the holder of both ♦9 "may announce super
    // piglets. That means, those nines of diamonds become the highest trumps in play,
    // outranking the piglets". Random deals with Schweinchen announced before play and
    // super piglets right after it: in every trick holding a ♦9 and a ♦A the ♦9 wins (the
    // first ♦9 if both), where by Schweinchen alone the ♦A takes it.
    let piglets = rules(|r| r.schweinchen = Schweinchen::Announced);
    let with_super = Ruleset {
        super_schweinchen: true,
        ..piglets
    };
    let nine = card("D9");
    let ace = card("DA");
    let mut checked = 0;
    for seed in 0..3000u64 {
        let req = random_normal(seed, &with_super);
        let announced = req.events.iter().any(|e| {
            matches!(
                e,
                Event::Announce {
                    announcement: Announcement::SuperSchweinchen,
                    ..
                }
            )
        });
        if !announced {
            continue;
        }
        let replayed = replay_with(&req, &with_super).unwrap();
        for trick in &replayed.tricks {
            if trick.cards.contains(&nine) && trick.cards.contains(&ace) {
                let first_nine = trick.cards.iter().position(|&c| c == nine).unwrap();
                assert_eq!(trick.winner, trick.player(first_nine), "seed {seed}");
                checked += 1;
            }
        }
        // Without the switch the announcement is refused where it stands.
        let i = req
            .events
            .iter()
            .position(|e| {
                matches!(
                    e,
                    Event::Announce {
                        announcement: Announcement::SuperSchweinchen,
                        ..
                    }
                )
            })
            .unwrap();
        assert!(matches!(
            replay_with(&req, &piglets),
            Err(ReplayError {
                event: Some(at),
                kind: ReplayErrorKind::HouseRule(HouseRuleError::NotPlayed { .. })
            }) if at == i
        ));
        // Said twice, or by a seat without both ♦9: refused where it stands.
        let Event::Announce { seat, announcement } = req.events[i] else {
            unreachable!("the event found above");
        };
        let mut twice = req.clone();
        twice.events.insert(i + 1, req.events[i]);
        assert_eq!(
            replay_with(&twice, &with_super),
            Err(ReplayError {
                event: Some(i + 1),
                kind: HouseRuleError::Repeated { seat, announcement }.into()
            })
        );
        let other = (seat + 1) % 4;
        let mut by_other = req.clone();
        by_other.events[i] = Event::Announce {
            seat: other,
            announcement,
        };
        assert_eq!(
            replay_with(&by_other, &with_super),
            Err(ReplayError {
                event: Some(i),
                kind: HouseRuleError::NotHeld {
                    seat: other,
                    announcement
                }
                .into()
            })
        );
        if checked >= 3 {
            break;
        }
    }
    assert!(
        checked >= 3,
        "the seeds hold tricks with a ♦9 and a ♦A: {checked}"
    );
    // Before Schweinchen nobody may announce it.
    let early = [(
        0,
        Event::Announce {
            seat: 0,
            announcement: Announcement::SuperSchweinchen,
        },
    )];
    assert!(matches!(
        replay_normal(&with_super, &NORMAL, &early).map_err(|e| e.kind),
        Err(ReplayErrorKind::HouseRule(HouseRuleError::TooLate { .. }))
    ));
}

#[test]
fn schweinchen_needs_both_diamond_aces_as_dealt() {
    // House rule XII: "If after the card trade, one partner finds themselves with both
    // foxes ..., they remain foxes since they were not both originally dealt to them."
    let rules = rules(|r| {
        r.schweinchen = Schweinchen::Announced;
        r.armut = true;
    });
    let mut hands = [[0u8; 24]; 4];
    let ace = card("DA").index();
    hands[3][ace] = 2;
    let mut engine = Engine::start_with(Contract::Normal, None, 3, false, hands, &rules);
    let mut exchanged = engine.clone();
    // Seat 3 got one of them from the poor seat 1.
    exchanged.dealt[3][ace] = 1;
    exchanged.dealt[1][ace] = 1;
    assert_eq!(
        exchanged.apply(schweinchen(3)),
        Err(ReplayErrorKind::HouseRule(HouseRuleError::NotHeld {
            seat: 3,
            announcement: Announcement::Schweinchen
        }))
    );
    assert_eq!(engine.apply(schweinchen(3)), Ok(()));
}

#[test]
fn the_replay_counts_a_fox_of_the_last_trick_and_the_captured_heart_tens() {
    // NORMAL with Kontra's ♦A (seat 1) moved from trick 7 to the last trick, where Re's
    // Karlchen (seat 2) takes it: seat 1 plays its ♦9 in trick 7 instead.
    let mut tricks = NORMAL;
    tricks[6][1] = "D9";
    tricks[11][1] = "DA";
    let tsr = normal_with(&Ruleset::DDV, &tricks, &[]);
    assert_eq!((tsr.tricks[11].winner, tsr.tricks[11].points), (2, 27));
    assert_eq!(tsr.facts.extras.re, extras(1, 1, 1, 0));
    let both = rules(|r| {
        r.fox_last_trick_two = true;
        r.heart_ten_point = true;
    });
    let house = normal_with(&both, &tricks, &[]);
    assert_eq!(house.tricks, tsr.tricks);
    // No ♥10 changes hands: seat 0's falls to itself in trick 7, seat 1's to itself in
    // trick 8.
    assert_eq!(
        house.facts.extras.re,
        Extras {
            fox_last_trick: 1,
            ..extras(1, 1, 1, 0)
        }
    );
    assert_eq!(house.facts.extras.kontra, tsr.facts.extras.kontra);
    // Both ♥10 in trick 7 (seat 0 first, Re; seat 1, Kontra): by the TSR the first wins
    // and Re captures Kontra's; with the second ♥10 higher Kontra captures Re's.
    let hearts = hearts_in_trick_7();
    let captured = |r: Ruleset| {
        let played = normal_with(&r, &hearts, &[]);
        (
            played.facts.extras.re.heart_ten,
            played.facts.extras.kontra.heart_ten,
        )
    };
    assert_eq!(captured(both), (1, 0));
    let second = Ruleset {
        second_heart_ten: SecondHeartTen::Always,
        ..both
    };
    assert_eq!(captured(second), (0, 1));
    assert_eq!(captured(Ruleset::DDV), (0, 0));
}
