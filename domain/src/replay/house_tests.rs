//! The house rules in real card play: for each switch of [`Ruleset`] that changes the play,
//! a deal with a trick whose winner (or extras) the rule changes, replayed by the TSR and
//! by the house rule. The deals are the fixtures' [`NORMAL`] with a few cards moved
//! between tricks or hands, each move named.

use super::fixtures::*;
use super::*;
use crate::cards::{Card, Rank, Suit};
use crate::deal::{CallLevel, Extras, Party, PartyExtras, Seat};
use crate::game::{KarlchenRule, Ruleset, Schweinchen, SecondHeartTen};
use proptest::prelude::*;

fn rules(f: impl FnOnce(&mut Ruleset)) -> Ruleset {
    let mut rules = Ruleset::DDV;
    f(&mut rules);
    rules
}

const fn schweinchen(seat: Seat) -> Event {
    Event::Announce {
        seat,
        announcement: Announcement::Schweinchen,
    }
}

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

/// [`NORMAL`] with both ♥10 in trick 7: seat 1 plays its ♥10 there and its ♦A (Kontra's
/// fox) in trick 8 instead.
fn hearts_in_trick_7() -> [[&'static str; 4]; 12] {
    let mut tricks = NORMAL;
    tricks[6][1] = "HT";
    tricks[7][1] = "DA";
    tricks
}

/// [`NORMAL`] with both ♥10 in the last trick: seat 0 plays its ♦10 in trick 7 instead,
/// seat 1 its ♦9 in trick 8.
fn hearts_in_trick_12() -> [[&'static str; 4]; 12] {
    let mut tricks = NORMAL;
    tricks[6][0] = "DT";
    tricks[11][0] = "HT";
    tricks[7][1] = "D9";
    tricks[11][1] = "HT";
    tricks
}

/// [`NORMAL`] with both ♦A in seat 2's hand: seat 1 and seat 2 swapped seat 2's ♣Q for
/// seat 1's ♦A in trick 7, so Re is seats 0 and 1.
fn both_aces_seat_2() -> [[&'static str; 4]; 12] {
    let mut tricks = NORMAL;
    tricks[6][1] = "CQ";
    tricks[6][2] = "DA";
    tricks
}

/// [`NORMAL`] with both ♣J in the last trick, Re's (seat 2) led first and Kontra's
/// (seat 1) last: seat 0 gave its ♣J (trick 9) for seat 1's ♦9 (trick 12).
fn jacks_in_trick_12() -> [[&'static str; 4]; 12] {
    let mut tricks = NORMAL;
    tricks[8][0] = "D9";
    tricks[11][1] = "CJ";
    tricks
}

/// [`NORMAL`] with Kontra's ♣J (seat 3, after seat 2 swapped it for seat 3's ♦K in the
/// last trick) caught by Re's ♦Q (seat 0 plays it in trick 12 and its ♦10 in trick 6).
fn jack_caught_by_queen() -> [[&'static str; 4]; 12] {
    let mut tricks = NORMAL;
    tricks[11][2] = "DK";
    tricks[11][3] = "CJ";
    tricks[5][0] = "DT";
    tricks[11][0] = "DQ";
    tricks
}

fn normal_with(rules: &Ruleset, tricks: &[[&str; 4]], extra: &[(usize, Event)]) -> Replay {
    let req = build_with(rules, Contract::Normal, None, 3, tricks, extra);
    let replayed = replay_with(&req, rules).unwrap();
    assert_eq!(replayed.facts.validate(), Ok(()));
    replayed
}

fn extras(doppelkopf: u8, fox: u8, karlchen: u8, karlchen_caught: u8) -> Extras {
    Extras {
        doppelkopf,
        fox,
        karlchen,
        karlchen_caught,
    }
}

const fn call(seat: Seat, call: CallKind) -> Event {
    Event::Call { seat, call }
}

fn replay_normal(
    rules: &Ruleset,
    tricks: &[[&str; 4]],
    extra: &[(usize, Event)],
) -> Result<Replay, ReplayError> {
    replay_with(
        &build_with(rules, Contract::Normal, None, 3, tricks, extra),
        rules,
    )
}

#[test]
fn thirty_in_the_first_trick_forces_an_announcement() {
    // Wikipedia, forced announcement: "If a player collects 30 points or more in the first
    // trick ... they have to announce either Re or Kontra". Seat 0 (Re) wins trick 1 with
    // 42 card points.
    let forced = rules(|r| r.forced_announcement = true);
    let tsr = replay_normal(&Ruleset::DDV, &NORMAL, &[]).unwrap();
    assert_eq!((tsr.tricks[0].winner, tsr.tricks[0].points), (0, 42));
    assert_eq!(
        replay_normal(&forced, &NORMAL, &[]),
        Err(ReplayError {
            event: None,
            kind: HouseRuleError::ForcedCallMissing { seat: 0 }.into()
        })
    );
    // He announces before leading trick 2: the deal stands, with Re said.
    let said = replay_normal(&forced, &NORMAL, &[(4, call(0, CallKind::Re))]).unwrap();
    assert_eq!(said.facts.announcements.re, CallLevel::Ansage);
    // His partner's Re counts for the party: nobody can say it twice.
    assert!(replay_normal(&forced, &NORMAL, &[(2, call(2, CallKind::Re))]).is_ok());
    // By the TSR nothing is forced.
    assert!(replay_normal(&Ruleset::DDV, &NORMAL, &[]).is_ok());
}

#[test]
fn the_info_pages_call_limits_count_cards_on_the_table() {
    // Doppelkopf-Info IX: Re "before 5th card is on table", No 90 "before 9th card ... and
    // only if your team has already stated Re".
    let info = rules(|r| r.info_call_deadlines = true);
    // Seat 2 (Re) still holds 11 cards when the 6th card is down: in time by the TSR, too
    // late by the page.
    let late = [(5, call(2, CallKind::Re))];
    assert!(replay_normal(&Ruleset::DDV, &NORMAL, &late).is_ok());
    assert_eq!(
        replay_normal(&info, &NORMAL, &late).map_err(|e| e.kind),
        Err(HouseRuleError::CallTooLateOnTable {
            seat: 2,
            call: CallKind::Re,
            on_table: 5,
            limit: 4
        }
        .into())
    );
    assert!(replay_normal(&info, &NORMAL, &[(4, call(2, CallKind::Re))]).is_ok());
    // "keine 90" alone implies Re by the TSR; the page wants Re first.
    let skipped = [(3, call(2, CallKind::No90))];
    assert!(replay_normal(&Ruleset::DDV, &NORMAL, &skipped).is_ok());
    assert_eq!(
        replay_normal(&info, &NORMAL, &skipped).map_err(|e| e.kind),
        Err(HouseRuleError::CallSkipsLevel {
            seat: 2,
            call: CallKind::No90,
            level: CallLevel::None
        }
        .into())
    );
    // Re, then keine 90 with 8 cards on the table: in time; with 9 (seat 2 still holds 10
    // cards, in time by the TSR) too late.
    let stepwise = [(3, call(2, CallKind::Re)), (8, call(2, CallKind::No90))];
    let made = replay_normal(&info, &NORMAL, &stepwise).unwrap();
    assert_eq!(made.facts.announcements.re, CallLevel::No90);
    let nine = [(3, call(2, CallKind::Re)), (9, call(2, CallKind::No90))];
    assert!(replay_normal(&Ruleset::DDV, &NORMAL, &nine).is_ok());
    assert!(matches!(
        replay_normal(&info, &NORMAL, &nine).map_err(|e| e.kind),
        Err(ReplayErrorKind::HouseRule(
            HouseRuleError::CallTooLateOnTable {
                on_table: 9,
                limit: 8,
                ..
            }
        ))
    ));
}

#[test]
fn a_piglet_forces_its_holder_to_announce() {
    // Wikipedia, piglets: "a piglet forces the player to an announcement of Kontra or Re".
    // Seat 2 holds both ♦A (Kontra here: Re is seats 0 and 1).
    let piglets = rules(|r| {
        r.schweinchen = Schweinchen::Announced;
        r.schweinchen_forces_call = true;
    });
    let tricks = both_aces_seat_2();
    assert_eq!(
        replay_normal(&piglets, &tricks, &[(0, schweinchen(2))]).map_err(|e| e.kind),
        Err(HouseRuleError::ForcedCallMissing { seat: 2 }.into())
    );
    let said = replay_normal(
        &piglets,
        &tricks,
        &[(0, schweinchen(2)), (0, call(2, CallKind::Kontra))],
    )
    .unwrap();
    assert_eq!(said.facts.announcements.kontra, CallLevel::Ansage);
    // Without the switch the piglets force nothing.
    let free = rules(|r| r.schweinchen = Schweinchen::Announced);
    assert!(replay_normal(&free, &tricks, &[(0, schweinchen(2))]).is_ok());
}

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

/// A deal without nines (40 cards, ten tricks), seats 0 and 2 Re, seat 0 leads (dealer
/// 3). Tricks won: 0, 0, 0, 0, 0, 0, 2, 3, 3, 1.
const NO_NINES: [[&str; 4]; 10] = [
    ["CA", "CK", "CA", "CK"],
    ["SA", "SK", "SA", "SK"],
    ["HA", "HK", "HA", "HK"],
    ["CT", "CT", "ST", "ST"], // 40 points: Doppelkopf for Re
    ["HT", "DT", "DT", "DK"],
    ["CQ", "HQ", "HQ", "SQ"],
    ["SQ", "DQ", "CQ", "DQ"],
    ["CJ", "SJ", "SJ", "CJ"], // led by seat 2: seat 3's ♣J is the first
    ["DA", "DA", "HJ", "HJ"], // led by seat 3: Re's fox (seat 0) caught by Kontra
    ["DK", "HT", "DJ", "DJ"],
];

#[test]
fn without_nines_ten_tricks_of_ten_cards() {
    // Wikipedia: "The rules for the 40-card variant are the same except that the nines
    // are removed."
    let without = rules(|r| r.without_nines = true);
    let replayed = normal_with(&without, &NO_NINES, &[]);
    assert_eq!(replayed.tricks.len(), 10);
    assert_eq!(winners(&replayed), [0, 0, 0, 0, 0, 0, 2, 3, 3, 1]);
    let points: Vec<u8> = replayed.tricks.iter().map(|t| t.points).collect();
    assert_eq!(points, [30, 30, 30, 40, 34, 12, 12, 8, 26, 18]);
    assert_eq!(points.iter().map(|&p| u32::from(p)).sum::<u32>(), 240);
    let facts = replayed.facts;
    assert_eq!(facts.re, seats(&[0, 2]));
    assert_eq!((facts.re_points, facts.re_tricks), (188, 7));
    assert_eq!(
        facts.extras,
        PartyExtras {
            re: extras(1, 0, 0, 0),
            kontra: extras(0, 1, 0, 0),
        }
    );
    // By the TSR the hands are two cards short.
    let req = build_with(&without, Contract::Normal, None, 3, &NO_NINES, &[]);
    assert_eq!(
        replay(&req),
        err(
            None,
            ReplayErrorKind::WrongCardCount {
                seat: 0,
                played: 10
            }
        )
    );
    // Without nines a nine is a card nobody holds: the normal deal's first (play 5).
    assert_eq!(
        replay_with(&normal(&[]), &without),
        err(
            Some(5),
            ReplayErrorKind::CardNotInHand {
                seat: 1,
                card: card("C9")
            }
        )
    );
    // The last trick is led by seat 3, so seat 2 plays the deal's last card.
    let mut short = req.clone();
    short.events.pop();
    assert_eq!(
        replay_with(&short, &without),
        err(
            None,
            ReplayErrorKind::HouseRule(HouseRuleError::WrongHandSize {
                seat: 2,
                played: 9,
                hand: 10
            })
        )
    );
}

#[test]
fn without_nines_the_deadlines_stay_at_the_same_card() {
    // "Re" until one's second card is played: with 9 of 10 cards, not with 8.
    let without = rules(|r| r.without_nines = true);
    let call = |at: usize, seat: Seat, call: CallKind| {
        build_with(
            &without,
            Contract::Normal,
            None,
            3,
            &NO_NINES,
            &[(at, Event::Call { seat, call })],
        )
    };
    let in_time = replay_with(&call(4, 0, Re), &without).unwrap();
    assert_eq!(
        in_time.facts.announcements.re,
        crate::deal::CallLevel::Ansage
    );
    // Seat 1 has played its second card with play 5.
    assert_eq!(
        replay_with(&call(6, 1, Kontra), &without),
        err(
            Some(6),
            ReplayErrorKind::TooLate {
                seat: 1,
                call: Kontra,
                cards: 8,
                needed: 9
            }
        )
    );
    // "keine 90" with 8 cards (after trick 2), "schwarz" with 5 (after trick 5).
    let absagen = build_with(
        &without,
        Contract::Normal,
        None,
        3,
        &NO_NINES,
        &[
            (
                8,
                Event::Call {
                    seat: 0,
                    call: No90,
                },
            ),
            (0, Event::Call { seat: 0, call: Re }),
            (
                12,
                Event::Call {
                    seat: 0,
                    call: No60,
                },
            ),
            (
                16,
                Event::Call {
                    seat: 0,
                    call: No30,
                },
            ),
            (
                20,
                Event::Call {
                    seat: 0,
                    call: Schwarz,
                },
            ),
        ],
    );
    let called = replay_with(&absagen, &without).unwrap();
    assert_eq!(
        called.facts.announcements.re,
        crate::deal::CallLevel::Schwarz
    );
    let late = build_with(
        &without,
        Contract::Normal,
        None,
        3,
        &NO_NINES,
        &[
            (
                9,
                Event::Call {
                    seat: 0,
                    call: No90,
                },
            ),
            (0, Event::Call { seat: 0, call: Re }),
        ],
    );
    assert_eq!(
        replay_with(&late, &without),
        err(
            Some(10),
            ReplayErrorKind::TooLate {
                seat: 0,
                call: No90,
                cards: 7,
                needed: 8
            }
        )
    );
}

/// A random legal deal of a normal game under `rules`, played by the engine: a shuffled
/// deck (40 cards without the nines), random legal cards, random calls the engine
/// accepts, and Schweinchen announced by the holder of both ♦A when the rules play it
/// (before the first card, or just before his first ♦A when played).
fn random_normal(seed: u64, rules: &Ruleset) -> ReplayRequest {
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
        any::<[bool; 19]>(),
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
        prop_assert_eq!(replayed.facts.validate(), Ok(()));
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
            ..Ruleset::DDV
        };
        prop_assert_eq!(replay_with(&req, &play_only), Ok(replayed));
    }
}

/// A deal without nines after an Armut: seat 1, dealt ♦K, ♦10, ♦J as its only trumps,
/// gave them to seat 3 and got ♥10, ♠Q, ♦A back. The columns are the hands after the
/// exchange. Dealer 3, seat 0 leads. Tricks won: 1, 1, 1, 3, 0, 1, 3, 2, 0, 3.
const ARMUT: [[&str; 4]; 10] = [
    ["HK", "HA", "HK", "HA"],
    ["CT", "CA", "CK", "CA"],
    ["SK", "SA", "ST", "SA"],
    ["SJ", "CT", "DK", "CJ"],
    ["HT", "SQ", "DQ", "CQ"],
    ["DA", "HT", "DJ", "DK"], // seat 0's fox caught by seat 1
    ["HQ", "CK", "DT", "HQ"],
    ["HJ", "DA", "SJ", "DT"], // seat 1's fox caught by seat 2
    ["DQ", "SK", "HJ", "DJ"],
    ["SQ", "ST", "CJ", "CQ"], // seat 2's ♣J caught by seat 3's ♣Q
];

/// Events to insert into a built deal: (before play number, event).
type Extra = Vec<(usize, Event)>;

fn armut_exchange() -> Extra {
    let announce = |seat, announcement| Event::Announce { seat, announcement };
    let give = |seat, c: &str| Event::Give {
        seat,
        card: card(c),
    };
    vec![
        (0, announce(1, Announcement::Armut)),
        (0, announce(3, Announcement::AcceptArmut)),
        (0, give(1, "DK")),
        (0, give(1, "DT")),
        (0, give(1, "DJ")),
        (0, give(3, "HT")),
        (0, give(3, "SQ")),
        (0, give(3, "DA")),
    ]
}

/// [`armut_exchange`] with other cards handed over: `given` by the poor player (seat 1),
/// `returned` by his partner (seat 3).
fn exchange_of(given: &[&str], returned: &[&str]) -> Extra {
    let announce = |seat, announcement| Event::Announce { seat, announcement };
    let give = |seat, c: &str| Event::Give {
        seat,
        card: card(c),
    };
    let mut extra = vec![
        (0, announce(1, Announcement::Armut)),
        (0, announce(3, Announcement::AcceptArmut)),
    ];
    extra.extend(given.iter().map(|c| (0, give(1, c))));
    extra.extend(returned.iter().map(|c| (0, give(3, c))));
    extra
}

#[test]
fn the_three_card_armut_tops_the_trumps_up_with_plain_cards() {
    // Wikipedia's Armut: the partner takes the poor player's cards and returns "any three
    // cards". Seat 1 was dealt two trumps here (♦K, ♦10; the ♦J is seat 3's own) and hands
    // over a ♥A with them; seat 3 returns ♥10, ♠Q, ♦A. The play after it is ARMUT's.
    let info = rules(|r| {
        r.armut = true;
        r.without_nines = true;
    });
    let three = Ruleset {
        armut_three_cards: true,
        ..info
    };
    let topped = exchange_of(&["DK", "DT", "HA"], &["HT", "SQ", "DA"]);
    let req = build_with(&three, Contract::Normal, None, 3, &ARMUT, &topped);
    let replayed = replay_with(&req, &three).unwrap();
    let plain = build_with(&info, Contract::Normal, None, 3, &ARMUT, &armut_exchange());
    assert_eq!(replayed, replay_with(&plain, &info).unwrap());
    assert_eq!(replayed.facts.re, seats(&[1, 3]));
    // By the info page a plain card is no part of the Armut: refused at its event.
    assert_eq!(
        replay_with(&req, &info),
        Err(ReplayError {
            event: Some(4),
            kind: HouseRuleError::NotTheTrumps { seat: 1 }.into()
        })
    );
    // Two cards each way (seat 1 keeping its ♦A): the info page wants all three trumps,
    // the three-card rule three cards.
    let two = exchange_of(&["DK", "DT"], &["HT", "SQ"]);
    let req = build_with(&info, Contract::Normal, None, 3, &ARMUT, &two);
    assert_eq!(
        replay_with(&req, &three),
        Err(ReplayError {
            event: Some(6),
            kind: HouseRuleError::NotThreeCards { seat: 1, given: 2 }.into()
        })
    );
    assert_eq!(
        replay_with(&req, &info).map_err(|e| e.kind),
        Err(HouseRuleError::NotTheTrumps { seat: 1 }.into())
    );
}

#[test]
fn half_a_chicken_is_announced_by_the_holder_of_both_diamond_tens_and_scores_nothing() {
    // Wikipedia: "a player may announce 'half a chicken' upon being dealt both tens of
    // diamonds. This bid does nothing". A random deal in which one seat holds both ♦10.
    let ten = card("DT");
    let (req, holder) = (0..500u64)
        .find_map(|seed| {
            let req = crate::simulate::random_deal(seed);
            let holder = (0..4u8).find(|&seat| {
                req.events
                    .iter()
                    .filter(|e| matches!(e, Event::Play { seat: s, card } if *s == seat && *card == ten))
                    .count()
                    == 2
            })?;
            Some((req, holder))
        })
        .expect("a seed deals both ♦10 to one seat");
    let chicken = rules(|r| r.half_a_chicken = true);
    let with = |seat: Seat, at: usize| {
        let mut req = req.clone();
        req.events.insert(
            at,
            Event::Announce {
                seat,
                announcement: Announcement::HalfChicken,
            },
        );
        req
    };
    let said = replay_with(&with(holder, 0), &chicken).unwrap();
    assert_eq!(
        said,
        replay_with(&req, &chicken).unwrap(),
        "it scores nothing"
    );
    assert_eq!(
        replay_with(&with(holder, 0), &Ruleset::DDV).map_err(|e| e.kind),
        Err(HouseRuleError::NotPlayed {
            seat: holder,
            announcement: Announcement::HalfChicken
        }
        .into())
    );
    let other = (holder + 1) % 4;
    assert_eq!(
        replay_with(&with(other, 0), &chicken).map_err(|e| e.kind),
        Err(HouseRuleError::NotHeld {
            seat: other,
            announcement: Announcement::HalfChicken
        }
        .into())
    );
    let first_card = req
        .events
        .iter()
        .position(|e| matches!(e, Event::Play { .. }))
        .unwrap();
    assert_eq!(
        replay_with(&with(holder, first_card + 1), &chicken).map_err(|e| e.kind),
        Err(HouseRuleError::TooLate {
            seat: holder,
            announcement: Announcement::HalfChicken
        }
        .into())
    );
    // Said twice: the second is refused where it stands.
    let mut twice = with(holder, 0);
    twice.events.insert(1, twice.events[0]);
    assert_eq!(
        replay_with(&twice, &chicken),
        Err(ReplayError {
            event: Some(1),
            kind: HouseRuleError::Repeated {
                seat: holder,
                announcement: Announcement::HalfChicken
            }
            .into()
        })
    );
}

#[test]
fn a_wedding_may_name_the_trick_that_finds_the_partner() {
    // Wikipedia, Wedding: the player may name "the first trump trick or the first
    // non-trump trick"; if none of the first three meets it, "the Wedding player must play
    // a diamond solo". Seat 0 holds both ♣Q; tricks 1–3 are led with plain cards (♣A, ♣9,
    // ♠10); seat 1 takes trick 2, the first won by another.
    let named = rules(|r| r.wedding_names_trick = true);
    let name = |announcement| {
        vec![(
            0,
            Event::Announce {
                seat: 0,
                announcement,
            },
        )]
    };
    let build = |extra: &[(usize, Event)]| {
        build_with(
            &named,
            Contract::Wedding,
            Some(0),
            3,
            &WEDDING_TRICK_2,
            extra,
        )
    };
    let tsr = replay_with(&build(&[]), &named).unwrap();
    assert_eq!(tsr.facts.contract, Contract::Wedding);
    assert_eq!(tsr.facts.re, seats(&[0, 1]));
    // The first non-trump trick won by another is trick 2: the same partner.
    let plain = replay_with(&build(&name(Announcement::WeddingPlain)), &named).unwrap();
    assert_eq!(plain.facts, tsr.facts);
    // No trump trick among the first three: seat 0 plays the diamond solo alone, and the
    // same tricks now count for him against three.
    let trump = replay_with(&build(&name(Announcement::WeddingTrump)), &named).unwrap();
    assert_eq!(trump.facts.contract, Contract::WeddingSolo);
    assert_eq!(trump.facts.re, seats(&[0]));
    assert_eq!(trump.tricks, tsr.tricks);
    // Only the wedding player names it, before the first card, where the rules have it.
    let by_other = vec![(
        0,
        Event::Announce {
            seat: 1,
            announcement: Announcement::WeddingTrump,
        },
    )];
    assert_eq!(
        replay_with(&build(&by_other), &named).map_err(|e| e.kind),
        Err(HouseRuleError::NotHeld {
            seat: 1,
            announcement: Announcement::WeddingTrump
        }
        .into())
    );
    assert_eq!(
        replay_with(&build(&name(Announcement::WeddingTrump)), &Ruleset::DDV).map_err(|e| e.kind),
        Err(HouseRuleError::NotPlayed {
            seat: 0,
            announcement: Announcement::WeddingTrump
        }
        .into())
    );
    let mut twice = name(Announcement::WeddingPlain);
    twice.extend(name(Announcement::WeddingTrump));
    assert_eq!(
        replay_with(&build(&twice), &named).map_err(|e| e.kind),
        Err(HouseRuleError::Repeated {
            seat: 0,
            announcement: Announcement::WeddingTrump
        }
        .into())
    );
    let late = vec![(
        1,
        Event::Announce {
            seat: 0,
            announcement: Announcement::WeddingPlain,
        },
    )];
    assert_eq!(
        replay_with(&build(&late), &named).map_err(|e| e.kind),
        Err(HouseRuleError::TooLate {
            seat: 0,
            announcement: Announcement::WeddingPlain
        }
        .into())
    );
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
fn armut_makes_the_pair_re() {
    // House rule XII: "places the 3 or fewer trumps in front of the player to their left.
    // If this person chooses to accept ... gives the same number back."
    let armut = rules(|r| {
        r.armut = true;
        r.without_nines = true;
    });
    let req = build_with(&armut, Contract::Normal, None, 3, &ARMUT, &armut_exchange());
    assert_eq!(req.events[0].to_string(), "1:armut");
    assert_eq!(req.events[7].to_string(), "3>DA");
    let replayed = replay_with(&req, &armut).unwrap();
    assert_eq!(winners(&replayed), [1, 1, 1, 3, 0, 1, 3, 2, 0, 3]);
    let facts = replayed.facts;
    assert_eq!(facts.contract, Contract::Normal);
    assert_eq!(facts.re, seats(&[1, 3]));
    // Tricks 1, 2, 3, 4, 6, 7, 10: 30 + 36 + 36 + 18 + 27 + 20 + 18.
    assert_eq!((facts.re_points, facts.re_tricks), (185, 7));
    assert_eq!(
        facts.extras,
        PartyExtras {
            re: extras(0, 1, 0, 0),
            kontra: extras(0, 1, 0, 0),
        }
    );
    assert_eq!(facts.validate(), Ok(()));
    // The same play without the Armut: seat 3 holds both ♣Q, a silent wedding.
    let mut plain = req.clone();
    plain.events.drain(..8);
    let silent = replay_with(&plain, &armut).unwrap();
    assert_eq!(silent.facts.contract, Contract::SilentWedding);
    assert_eq!(silent.facts.re, seats(&[3]));
    // And with the caught Karlchen: seat 3's ♣Q caught seat 2's ♣J in the last trick.
    let caught = Ruleset {
        karlchen: KarlchenRule::Caught,
        ..armut
    };
    let replayed = replay_with(&req, &caught).unwrap();
    assert_eq!(replayed.facts.extras.re, extras(0, 1, 0, 1));
}

#[test]
fn armut_exchanges_are_checked() {
    let armut = rules(|r| {
        r.armut = true;
        r.without_nines = true;
    });
    let announce = |seat, announcement| Event::Announce { seat, announcement };
    let give = |seat, c: &str| Event::Give {
        seat,
        card: card(c),
    };
    let with = |f: &dyn Fn(&mut Extra)| {
        let mut exchange = armut_exchange();
        f(&mut exchange);
        build_with(&armut, Contract::Normal, None, 3, &ARMUT, &exchange)
    };
    let house = |event, e| err(Some(event), ReplayErrorKind::HouseRule(e));
    let a = Announcement::Armut;
    // Not without the switch.
    let without = Ruleset {
        armut: false,
        ..armut
    };
    assert_eq!(
        replay_with(&with(&|_| {}), &without),
        house(
            0,
            HouseRuleError::NotPlayed {
                seat: 1,
                announcement: a
            }
        )
    );
    // Accepted before it was declared.
    assert_eq!(
        replay_with(&with(&|e| e.swap(0, 1)), &armut),
        house(0, HouseRuleError::ArmutOutOfOrder { seat: 3 })
    );
    // Seat 0 was dealt seven trumps.
    let rich = with(&|e| {
        e.truncate(2);
        e[0] = (0, announce(0, a));
    });
    assert_eq!(
        replay_with(&rich, &armut),
        house(0, HouseRuleError::TooManyTrumps { seat: 0, trumps: 7 })
    );
    // A plain card among the poor player's: ♣A for the ♦J (seat 3 plays both).
    let plain = with(&|e| e[4] = (0, give(1, "CA")));
    assert_eq!(
        replay_with(&plain, &armut),
        house(4, HouseRuleError::NotTheTrumps { seat: 1 })
    );
    // He keeps the ♦J: two given, two back. The exchange ends with the first card (6).
    let kept = with(&|e| {
        e.remove(7);
        e.remove(4);
    });
    assert_eq!(
        replay_with(&kept, &armut),
        house(6, HouseRuleError::NotTheTrumps { seat: 1 })
    );
    // Four back for three.
    let uneven = with(&|e| e.push((0, give(3, "CA"))));
    assert_eq!(
        replay_with(&uneven, &armut),
        house(
            9,
            HouseRuleError::UnevenExchange {
                seat: 3,
                given: 3,
                returned: 4
            }
        )
    );
    // The poor player gives after his partner began to give back.
    let after = with(&|e| e.push((0, give(1, "CQ"))));
    assert_eq!(
        replay_with(&after, &armut),
        house(8, HouseRuleError::ArmutOutOfOrder { seat: 1 })
    );
    // Seat 1 gives a ♣K that seat 3 neither plays nor gives back: he never held it.
    let never = with(&|e| e.insert(5, (0, give(1, "CK"))));
    assert_eq!(
        replay_with(&never, &armut),
        err(
            Some(5),
            ReplayErrorKind::CardNotInHand {
                seat: 1,
                card: card("CK")
            }
        )
    );
    // After the first card it is too late.
    let late = with(&|e| {
        for (at, _) in e.iter_mut() {
            *at = 1;
        }
    });
    assert_eq!(
        replay_with(&late, &armut),
        house(
            1,
            HouseRuleError::TooLate {
                seat: 1,
                announcement: a
            }
        )
    );
    // Nobody accepts: the deal is redealt, not played.
    let alone = with(&|e| e.truncate(1));
    assert_eq!(
        replay_with(&alone, &armut),
        house(0, HouseRuleError::ArmutOutOfOrder { seat: 1 })
    );
    // Not in a solo.
    let mut solo = with(&|_| {});
    (solo.contract, solo.declarer) = (Contract::SoloJacks, Some(0));
    assert_eq!(
        replay_with(&solo, &armut),
        house(
            0,
            HouseRuleError::NotInContract {
                seat: 1,
                announcement: a,
                contract: Contract::SoloJacks
            }
        )
    );
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
            prop_assert_eq!(replayed.facts.validate(), Ok(()));
            let total: u32 = replayed.tricks.iter().map(|t| u32::from(t.points)).sum();
            prop_assert_eq!(total, 240);
        }
    }
}
