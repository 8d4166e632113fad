//! The house rules' calls in play: the forced announcement, the info page's limits by cards
//! on the table, piglets forcing a call.

use super::*;

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
