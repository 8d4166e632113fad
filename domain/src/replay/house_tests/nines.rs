//! Without the nines: ten tricks of ten cards, the deadlines at the same card.

use super::*;

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
