//! The house rules under random deals: the TSR's switches replay as the TSR, and random legal
//! deals under random rulesets replay whole, with 240 card points and the piglets' tricks.

use super::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn replay_with_the_tsr_is_replay(seed in any::<u64>(), cut in 0usize..60) {
        let req = crate::simulate::random_deal(seed);
        prop_assert_eq!(replay_with(&req, &Ruleset::DDV), replay(&req));
        // Broken requests too: the same error at the same event.
        let mut broken = req.clone();
        broken.events.truncate(cut);
        prop_assert_eq!(replay_with(&broken, &Ruleset::DDV), replay(&broken));
    }
}

/// A random legal deal of a normal game under `rules`, played by the engine: a shuffled
/// deck (40 cards without the nines), random legal cards, random calls the engine
/// accepts, and Schweinchen announced by the holder of both ♦A when the rules play it
/// (before the first card, or just before his first ♦A when played).
pub(super) fn random_normal(seed: u64, rules: &Ruleset) -> ReplayRequest {
    use crate::simulate::SplitMix64;
    let mut rng = SplitMix64::new(seed);
    let mut deck: Vec<Card> = (0..48)
        .map(|i| Card::DECK[i % 24])
        .filter(|c| !(rules.without_nines && c.rank == Rank::Nine))
        .collect();
    for i in (1..deck.len()).rev() {
        deck.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let hand = deck.len() / 4;
    let mut hands = [[0u8; 24]; 4];
    for (i, card) in deck.iter().enumerate() {
        hands[i / hand][card.index()] += 1;
    }
    let dealer = rng.below(4) as Seat;
    let mut engine = Engine::start_with(Contract::Normal, None, dealer, false, hands, rules);
    let ace = Card::new(Suit::Diamonds, Rank::Ace);
    let piglets = (0..4u8).find(|&s| hands[usize::from(s)][ace.index()] == 2);
    let mut events = Vec::new();
    let announce = |engine: &mut Engine, events: &mut Vec<Event>, seat: Seat| {
        let event = schweinchen(seat);
        if engine.apply(event).is_ok() {
            events.push(event);
        }
    };
    // A forced Ansage, made at its moment as the rules want it.
    let forced = |engine: &mut Engine, events: &mut Vec<Event>| {
        if let Some((seat, call)) = engine.forced_call_due() {
            assert_eq!(engine.call(seat, call), Ok(()));
            events.push(Event::Call { seat, call });
        }
    };
    // Super piglets right after Schweinchen, where a seat holds both ♦9.
    let nine = Card::new(Suit::Diamonds, Rank::Nine);
    let nines = (0..4u8).find(|&s| hands[usize::from(s)][nine.index()] == 2);
    let super_piglets = |engine: &mut Engine, events: &mut Vec<Event>| {
        if let (Some(seat), true) = (nines, rules.super_schweinchen) {
            let event = Event::Announce {
                seat,
                announcement: Announcement::SuperSchweinchen,
            };
            if engine.apply(event).is_ok() {
                events.push(event);
            }
        }
    };
    if let (Some(seat), Schweinchen::Announced) = (piglets, rules.schweinchen) {
        announce(&mut engine, &mut events, seat);
        forced(&mut engine, &mut events);
        super_piglets(&mut engine, &mut events);
    }
    let mut legal = [Card::DECK[0]; 12];
    while !engine.is_over() {
        if rng.percent(10) {
            let seat = rng.below(4) as Seat;
            let call = CallKind::ALL[rng.below(6) as usize];
            if engine.call(seat, call).is_ok() {
                events.push(Event::Call { seat, call });
            }
        }
        let seat = engine.to_play();
        let n = engine.legal_cards(seat, &mut legal);
        let card = legal[rng.below(n as u64) as usize];
        if card == ace && Some(seat) == piglets && rules.schweinchen == Schweinchen::WhenPlayed {
            announce(&mut engine, &mut events, seat);
            forced(&mut engine, &mut events);
            super_piglets(&mut engine, &mut events);
        }
        let event = Event::Play { seat, card };
        assert_eq!(engine.apply(event), Ok(()));
        events.push(event);
        forced(&mut engine, &mut events);
    }
    request(Contract::Normal, None, dealer, events)
}

fn any_ruleset() -> impl Strategy<Value = Ruleset> {
    use crate::game::AnnouncementScoring;
    (
        prop::sample::select(SecondHeartTen::ALL.to_vec()),
        prop::sample::select(vec![
            Schweinchen::Off,
            Schweinchen::Announced,
            Schweinchen::WhenPlayed,
        ]),
        prop::sample::select(KarlchenRule::ALL.to_vec()),
        any::<bool>(),
        any::<[bool; 21]>(),
        0u8..=4,
    )
        .prop_map(
            |(second_heart_ten, schweinchen, karlchen, without_nines, flags, multiplier)| Ruleset {
                announcements: if flags[0] {
                    AnnouncementScoring::Doubling
                } else {
                    AnnouncementScoring::Adding
                },
                second_heart_ten,
                schweinchen,
                karlchen,
                armut: flags[1],
                five_nines: flags[2],
                bock_rounds: flags[3],
                without_nines,
                solos_on_top: flags[4],
                solo_multiplier: multiplier,
                queens_need_121: flags[5],
                schwarz_by_card_points: flags[6],
                without_pflichtsolo: flags[7],
                failed_absage_all_levels: flags[8],
                five_kings: flags[9],
                info_call_deadlines: flags[10],
                forced_announcement: flags[11],
                schweinchen_forces_call: flags[12],
                half_a_chicken: flags[13],
                armut_three_cards: flags[14],
                wedding_names_trick: flags[15],
                super_schweinchen: flags[16],
                forced_announcement_raises: flags[17],
                // Not with super piglets (a ruleset refuses the pair).
                first_fox_piglet: flags[18] && !flags[16],
                fox_last_trick_two: flags[19],
                heart_ten_point: flags[20],
                armut_alten_by_queens: false,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn random_house_rule_deals_replay(seed in any::<u64>(), rules in any_ruleset()) {
        let req = random_normal(seed, &rules);
        let replayed = replay_with(&req, &rules);
        prop_assert!(replayed.is_ok(), "{replayed:?}");
        let replayed = replayed.unwrap();
        prop_assert_eq!(replayed.tricks.len(), usize::from(rules.tricks()));
        let total: u32 = replayed.tricks.iter().map(|t| u32::from(t.points)).sum();
        prop_assert_eq!(total, 240);
        prop_assert_eq!(replayed.facts.validate_with(&rules), Ok(()));
        for (i, trick) in replayed.tricks.iter().enumerate().skip(1) {
            prop_assert_eq!(trick.leader, replayed.tricks[i - 1].winner);
        }
        let ace = Card::new(Suit::Diamonds, Rank::Ace);
        let announcer = |which: Announcement| req.events.iter().find_map(|e| match *e {
            Event::Announce { seat, announcement } if announcement == which => Some(seat),
            _ => None,
        });
        let super_holder = announcer(Announcement::SuperSchweinchen);
        if let Some(holder) = announcer(Announcement::Schweinchen) {
            // Schweinchen: no foxes, and every trick with a ♦A is the holder's, unless a
            // ♦9 of super piglets lies in it. With only the first fox a piglet, that holds
            // for the first trick with a ♦A; the second ♦A may be caught as a fox.
            let foxes = replayed.facts.extras.re.fox + replayed.facts.extras.kontra.fox;
            prop_assert!(foxes <= u8::from(rules.first_fox_piglet), "{foxes} foxes");
            let nine = Card::new(Suit::Diamonds, Rank::Nine);
            let piglet_tricks = replayed
                .tricks
                .iter()
                .filter(|t| t.cards.contains(&ace))
                .take(if rules.first_fox_piglet { 1 } else { 2 });
            for trick in piglet_tricks {
                {
                    let expected = match super_holder {
                        Some(nines) if trick.cards.contains(&nine) => nines,
                        _ => holder,
                    };
                    prop_assert_eq!(trick.winner, expected);
                }
            }
        }
        let caught = replayed.facts.extras.re.karlchen_caught
            + replayed.facts.extras.kontra.karlchen_caught;
        if rules.karlchen == KarlchenRule::Ddv {
            prop_assert_eq!(caught, 0);
        }
        // The house extras are derived only where the rules count them.
        for extras in [replayed.facts.extras.re, replayed.facts.extras.kontra] {
            prop_assert!(extras.fox_last_trick <= extras.fox);
            prop_assert!(rules.fox_last_trick_two || extras.fox_last_trick == 0);
            prop_assert!(rules.heart_ten_point || extras.heart_ten == 0);
        }
        // The switches of the score and the sheet do not change the play.
        let play_only = Ruleset {
            second_heart_ten: rules.second_heart_ten,
            schweinchen: rules.schweinchen,
            karlchen: rules.karlchen,
            without_nines: rules.without_nines,
            super_schweinchen: rules.super_schweinchen,
            first_fox_piglet: rules.first_fox_piglet,
            // The calls' rules decide which calls stand.
            info_call_deadlines: rules.info_call_deadlines,
            forced_announcement: rules.forced_announcement,
            forced_announcement_raises: rules.forced_announcement_raises,
            schweinchen_forces_call: rules.schweinchen_forces_call,
            // The extras the replay derives.
            fox_last_trick_two: rules.fox_last_trick_two,
            heart_ten_point: rules.heart_ten_point,
            ..Ruleset::DDV
        };
        prop_assert_eq!(replay_with(&req, &play_only), Ok(replayed));
    }
}

fn any_event() -> impl Strategy<Value = Event> {
    let card = (0usize..24).prop_map(|i| Card::DECK[i]);
    prop_oneof![
        (0u8..6, prop::sample::select(Announcement::ALL.to_vec()))
            .prop_map(|(seat, announcement)| Event::Announce { seat, announcement }),
        (0u8..6, card.clone()).prop_map(|(seat, card)| Event::Give { seat, card }),
        (0u8..6, card).prop_map(|(seat, card)| Event::Play { seat, card }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn house_rule_events_anywhere_never_panic(
        seed in any::<u64>(),
        rules in any_ruleset(),
        inserts in prop::collection::vec((any::<prop::sample::Index>(), any_event()), 0..12),
        drops in prop::collection::vec(any::<prop::sample::Index>(), 0..3),
    ) {
        let mut req = random_normal(seed, &rules);
        for (at, event) in inserts {
            let i = at.index(req.events.len() + 1);
            req.events.insert(i, event);
        }
        for at in drops {
            if !req.events.is_empty() {
                let i = at.index(req.events.len());
                req.events.remove(i);
            }
        }
        // Any answer but a panic; an accepted deal still adds up.
        if let Ok(replayed) = replay_with(&req, &rules) {
            prop_assert_eq!(replayed.facts.validate_with(&rules), Ok(()));
            let total: u32 = replayed.tricks.iter().map(|t| u32::from(t.points)).sum();
            prop_assert_eq!(total, 240);
        }
    }
}
