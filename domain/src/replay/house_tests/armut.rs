//! Armut in play: the exchange (the info page's and Wikipedia's three cards), the pair as
//! Re, the exchanges refused.

use super::*;
use crate::deal::ClubQueens;

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
    // Played as a normal game, reported as the Armut it was.
    assert_eq!(facts.contract, Contract::Armut);
    assert_eq!(facts.re, seats(&[1, 3]));
    assert_eq!(facts.club_queens, None);
    // Tricks 1, 2, 3, 4, 6, 7, 10: 30 + 36 + 36 + 18 + 27 + 20 + 18.
    assert_eq!((facts.re_points, facts.re_tricks), (185, 7));
    assert_eq!(
        facts.extras,
        PartyExtras {
            re: extras(0, 1, 0, 0),
            kontra: extras(0, 1, 0, 0),
        }
    );
    assert_eq!(facts.validate_with(&armut), Ok(()));
    // Where the club reads "gegen die Alten" by the queens, the replay says who held them:
    // the partner (seat 3) was dealt both.
    let by_queens = Ruleset {
        armut_alten_by_queens: true,
        ..armut
    };
    let queens = replay_with(&req, &by_queens).unwrap().facts;
    assert_eq!(queens.club_queens, Some(ClubQueens::Re));
    assert_eq!(queens.validate_with(&by_queens), Ok(()));
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
