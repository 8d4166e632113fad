//! Wikipedia's variants of two house rules in real card play: the forced announcement's
//! further call, and Schweinchen where only the first fox played becomes a piglet. The
//! deals are the fixtures' [`NORMAL`] with a few cards moved, as in the other house-rule tests.

use super::*;

fn missing(seat: Seat) -> Result<Replay, ReplayError> {
    Err(ReplayError {
        event: None,
        kind: HouseRuleError::ForcedCallMissing { seat }.into(),
    })
}

#[test]
fn a_forced_announcement_after_re_is_a_further_call() {
    // Wikipedia: "Some players even insist that a further announcement (i.e. 90) be made
    // if the announcement in question has been made already". Seat 0 (Re) wins trick 1
    // with 42 card points; his partner, seat 2, said Re during it.
    let forced = rules(|r| r.forced_announcement = true);
    let raises = rules(|r| {
        r.forced_announcement = true;
        r.forced_announcement_raises = true;
    });
    let partner_said_re = [(2, call(2, CallKind::Re))];
    // Without the further call the Re said is enough, as before.
    let plain = replay_normal(&forced, &NORMAL, &partner_said_re).unwrap();
    assert_eq!(plain.tricks[0].winner, 0);
    assert_eq!(plain.tricks[0].points, 42);
    assert_eq!(plain.facts.announcements.re, CallLevel::Ansage);
    // With it, seat 0 owes "keine 90"; missing, the deal is refused.
    assert_eq!(
        replay_normal(&raises, &NORMAL, &partner_said_re),
        missing(0)
    );
    // Made right after the trick, it stands, and so does one made later within its
    // deadline (10 cards in hand); after it, it is too late like any call.
    for at in [4, 5] {
        let made = replay_normal(
            &raises,
            &NORMAL,
            &[(2, call(2, CallKind::Re)), (at, call(0, CallKind::No90))],
        )
        .unwrap();
        assert_eq!(made.facts.announcements.re, CallLevel::No90, "at {at}");
    }
    let late = replay_normal(
        &raises,
        &NORMAL,
        &[(2, call(2, CallKind::Re)), (9, call(0, CallKind::No90))],
    );
    assert!(
        matches!(
            late,
            Err(ReplayError {
                kind: ReplayErrorKind::TooLate { seat: 0, .. },
                ..
            })
        ),
        "{late:?}"
    );
    // Nobody had said anything: he owes the Ansage only, a Re is enough.
    assert_eq!(replay_normal(&raises, &NORMAL, &[]), missing(0));
    let re = replay_normal(&raises, &NORMAL, &[(4, call(0, CallKind::Re))]).unwrap();
    assert_eq!(re.facts.announcements.re, CallLevel::Ansage);
    // After schwarz there is nothing further to say: nothing is owed.
    let all = [
        (0, call(2, CallKind::Re)),
        (0, call(2, CallKind::No90)),
        (0, call(2, CallKind::No60)),
        (0, call(2, CallKind::No30)),
        (0, call(2, CallKind::Schwarz)),
    ];
    let schwarz = replay_normal(&raises, &NORMAL, &all);
    assert!(
        !matches!(
            schwarz,
            Err(ReplayError {
                kind: ReplayErrorKind::HouseRule(HouseRuleError::ForcedCallMissing { .. }),
                ..
            })
        ),
        "{schwarz:?}"
    );
}

#[test]
fn only_the_first_fox_played_is_a_piglet() {
    // Wikipedia: "In some variants, only the first played fox becomes a piglet at the top
    // of the trump suit while the second one still ranks low". Seat 2 (Kontra) holds both
    // ♦A and announces Schweinchen. His first ♦A falls in trick 7 (led by seat 0: ♥10, ♣Q,
    // ♦A, ♦10), his second in trick 10 (seat 1's first ♠J).
    let tricks = both_aces_seat_2();
    let tsr = replay_normal(&Ruleset::DDV, &tricks, &[]).unwrap();
    let both = rules(|r| r.schweinchen = Schweinchen::Announced);
    let first = rules(|r| {
        r.schweinchen = Schweinchen::Announced;
        r.first_fox_piglet = true;
    });
    let announced = [(
        0,
        Event::Announce {
            seat: 2,
            announcement: Announcement::Schweinchen,
        },
    )];
    let piglets = replay_normal(&both, &tricks, &announced).unwrap();
    let one = replay_normal(&first, &tricks, &announced).unwrap();
    let diamond_ace = Card::new(Suit::Diamonds, Rank::Ace);
    assert!(tsr.tricks[6].cards.contains(&diamond_ace));
    assert!(tsr.tricks[9].cards.contains(&diamond_ace));
    // Both piglets: seat 2 takes tricks 7 and 10.
    assert_eq!((piglets.tricks[6].winner, piglets.tricks[9].winner), (2, 2));
    // The first is a piglet and takes trick 7 (34 points) ...
    assert_eq!(one.tricks[6].winner, 2);
    assert_eq!(one.tricks[6].points, 34);
    assert_eq!(winners(&one)[..9], winners(&piglets)[..9]);
    // ... the second ranks low again: trick 10 goes as by the TSR, to seat 1 (Re), and
    // from it on the deal is the TSR's.
    assert_eq!(
        tsr.tricks[8].winner, piglets.tricks[8].winner,
        "same leader of trick 10"
    );
    assert_eq!(one.tricks[9].winner, 1);
    assert_eq!(winners(&one)[9..], winners(&tsr)[9..]);
    // Re: the TSR's 170 in 8 tricks without trick 7.
    assert_eq!(tsr.tricks[6].winner, 0);
    assert_eq!((one.facts.re_points, one.facts.re_tricks), (170 - 34, 7));
    // The second ♦A, caught by Re in trick 10, is a fox again: one fox for Re (the TSR
    // gives two; both piglets none).
    assert_eq!(
        one.facts.extras,
        PartyExtras {
            re: extras(1, 1, 0, 0),
            kontra: extras(0, 0, 1, 0),
        }
    );
    assert_eq!(tsr.facts.extras.re.fox, 2);
    assert_eq!(piglets.facts.extras.re.fox, 0);
}

#[test]
fn after_a_late_reply_nothing_further_is_forced() {
    // A wedding clarified in trick 2: trick 3 is the forced one. Re (seat 0) calls after
    // play 8; Kontra (seat 2) replies late with 9 cards in trick 3 (TSR 6.4.4), which
    // allows his party no Absage. Seat 3 (Kontra) wins trick 3 with 32 points: his party
    // has its Ansage and owes nothing further, or no deal could be played.
    let raises = rules(|r| {
        r.forced_announcement = true;
        r.forced_announcement_raises = true;
    });
    let req = wedding2(&[(8, 0, CallKind::Re), (10, 2, CallKind::Kontra)]);
    let replayed = replay_with(&req, &raises).unwrap();
    assert_eq!(
        (replayed.tricks[2].winner, replayed.tricks[2].points),
        (3, 32)
    );
    assert_eq!(replayed.facts.announcements.kontra, CallLevel::Ansage);
    // An Absage after the late reply is refused, as by the TSR.
    let absage = wedding2(&[
        (8, 0, CallKind::Re),
        (10, 2, CallKind::Kontra),
        (12, 3, CallKind::No90),
    ]);
    assert!(
        matches!(
            replay_with(&absage, &raises),
            Err(ReplayError {
                kind: ReplayErrorKind::AbsageAfterLateReply { .. },
                ..
            })
        ),
        "{:?}",
        replay_with(&absage, &raises)
    );
}
