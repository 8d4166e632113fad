//! Wikipedia's announcements that change no card: half a chicken, a wedding naming its
//! finding trick.

use super::*;

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
