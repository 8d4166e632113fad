//! The scorer under a club's house rules ([`Ruleset`]): each switch that moves points, with
//! the numbers of the rule texts' worked examples where they have them, and the TSR's
//! results unchanged (`score_with(.., &Ruleset::DDV)` is `score`).

#![expect(
    clippy::expect_used,
    reason = "the helpers build facts that are valid by construction"
)]

use domain::deal::{
    Announcements, CallLevel, ClubQueens, Contract, DealFacts, Extras, FactsError, PaperFacts,
    Party, PartyExtras, SeatSet, TableSize, points_range, points_range_with,
};
use domain::game::{AnnouncementScoring, KarlchenRule, Ruleset};
use domain::score::{
    ItemCode, Scored, Winner, max_value, max_value_with, score, score_paper, score_paper_with,
    score_with,
};
use proptest::prelude::*;

const DOUBLING: Ruleset = Ruleset {
    announcements: AnnouncementScoring::Doubling,
    ..Ruleset::DDV
};

fn facts(contract: Contract, re: &[u8], re_points: u8, re_tricks: u8) -> DealFacts {
    DealFacts {
        table_size: TableSize::Four,
        contract,
        re: SeatSet::from_seats(re).expect("seats of a 4-table"),
        sitting_out: None,
        re_points,
        re_tricks,
        announcements: Announcements::default(),
        extras: PartyExtras::default(),
        club_queens: None,
    }
}

fn calls(re: CallLevel, kontra: CallLevel) -> Announcements {
    Announcements { re, kontra }
}

fn items(scored: &Scored) -> Vec<(&'static str, &'static str, u8)> {
    scored
        .items()
        .iter()
        .map(|i| (i.code.as_str(), i.party.as_str(), i.points))
        .collect()
}

/// House rules IX, example 1: Re says "Re" and "keine 90" and holds Kontra to 75 (the text
/// gives Re 135, which with 75 is not 240; the brief's reading is Kontra 75, Re 165):
/// won 1 + opponents below 90 + "keine 90" said = 3, doubled by "Re": 6.
#[test]
fn doubling_example_1_re_keeps_keine_90() {
    let mut f = facts(Contract::Normal, &[0, 1], 165, 9);
    f.announcements = calls(CallLevel::No90, CallLevel::None);
    let s = score_with(&f, &DOUBLING).unwrap();
    assert_eq!((s.winner, s.value), (Winner::Re, 6));
    assert_eq!(s.scores(), &[6, 6, -6, -6]);
    assert_eq!(
        items(&s),
        vec![
            ("won", "re", 1),
            ("below_90", "re", 1),
            ("re_no90", "re", 1),
            ("re_announced", "re", 3),
        ]
    );
    // The TSR values the same deal at 1 + 1 + 2 + 1 = 5.
    assert_eq!(score(&f).unwrap().value, 5);
}

/// House rules IX, example 2: the same calls, but Kontra takes 95, so "keine 90" fails:
/// Kontra scores won 1 + against the Queens 1 + 90 reached against "keine 90" 1 + the
/// Queens' "keine 90" 1 = 4, doubled by the failed "Re": 8.
#[test]
fn doubling_example_2_keine_90_fails() {
    let mut f = facts(Contract::Normal, &[0, 1], 145, 8);
    f.announcements = calls(CallLevel::No90, CallLevel::None);
    let s = score_with(&f, &DOUBLING).unwrap();
    assert_eq!((s.winner, s.value), (Winner::Kontra, 8));
    assert_eq!(s.scores(), &[-8, -8, 8, 8]);
    assert_eq!(
        items(&s),
        vec![
            ("won", "kontra", 1),
            ("re_no90", "kontra", 1),
            ("reached_90_against_no90", "kontra", 1),
            ("gegen_die_alten", "kontra", 1),
            ("re_announced", "kontra", 4),
        ]
    );
    // The TSR: won 1 + Re 2 + keine 90 1 + gegen die Alten 1 = 5 (W10 without extras).
    assert_eq!(score(&f).unwrap().value, 5);
}

/// Both "Re" and "Kontra" said: the game points are doubled twice, four times in all.
#[test]
fn doubling_re_and_kontra_is_four_times() {
    // Re wins with 130: won 1, ×2 by "Re" (+1), ×2 by "Kontra" (+2) = 4.
    let mut f = facts(Contract::Normal, &[0, 2], 130, 7);
    f.announcements = calls(CallLevel::Ansage, CallLevel::Ansage);
    let s = score_with(&f, &DOUBLING).unwrap();
    assert_eq!((s.winner, s.value), (Winner::Re, 4));
    assert_eq!(
        items(&s),
        vec![
            ("won", "re", 1),
            ("re_announced", "re", 1),
            ("kontra_announced", "re", 2),
        ]
    );
    assert_eq!(s.scores(), &[4, -4, 4, -4]);
    // Kontra wins the same calls with 125: won 1 + gegen die Alten 1 = 2, ×4 = 8.
    let mut f = facts(Contract::Normal, &[0, 2], 115, 6);
    f.announcements = calls(CallLevel::Ansage, CallLevel::Ansage);
    let s = score_with(&f, &DOUBLING).unwrap();
    assert_eq!((s.winner, s.value), (Winner::Kontra, 8));
    // Only "Kontra" said, as in TSR 7.1.2 no. 4 Re wins with 120: won 1, ×2 = 2.
    let mut f = facts(Contract::Normal, &[0, 2], 120, 6);
    f.announcements = calls(CallLevel::None, CallLevel::Ansage);
    let s = score_with(&f, &DOUBLING).unwrap();
    assert_eq!((s.winner, s.value), (Winner::Re, 2));
}

/// The extras are netted after the doubling, undoubled: example 1 with a fox for Re and a
/// Doppelkopf for Kontra is 6 + 1 − 1, and a fox for Kontra too makes it 5.
#[test]
fn doubling_leaves_the_extras_undoubled() {
    let mut f = facts(Contract::Normal, &[0, 1], 165, 9);
    f.announcements = calls(CallLevel::No90, CallLevel::None);
    f.extras.re.fox = 1;
    assert_eq!(score_with(&f, &DOUBLING).unwrap().value, 7);
    f.extras.kontra.doppelkopf = 1;
    assert_eq!(score_with(&f, &DOUBLING).unwrap().value, 6);
    f.extras.kontra.fox = 1;
    assert_eq!(score_with(&f, &DOUBLING).unwrap().value, 5);
    // The TSR adds them to the same sum: 5 + 1 − 2 = 4.
    assert_eq!(score(&f).unwrap().value, 4);
}

/// Both parties' Absagen fail (TSR 7.1.3): each party is credited what it inflicted and
/// beat, the net is doubled for the party ahead.
#[test]
fn doubling_when_nobody_wins() {
    // Re says keine 60, Kontra keine 90; Re takes 170, Kontra 70. Re's keine 60 fails
    // (70 ≥ 60) and Kontra's keine 90 fails (Re has 170 ≥ 90): no winner.
    // Re: Kontra below 90 (1) + 90 reached against Kontra's keine 90 (1) = 2.
    // Kontra: 60 reached against keine 60 (1) + 90 against keine 90? no: 70 < 90 = 1.
    // Net 1 for Re, ×2 by "Re", ×2 by "Kontra": 4.
    let mut f = facts(Contract::Normal, &[0, 1], 170, 9);
    f.announcements = calls(CallLevel::No60, CallLevel::No90);
    let s = score_with(&f, &DOUBLING).unwrap();
    assert_eq!((s.winner, s.value), (Winner::None, 4));
    assert_eq!(
        items(&s),
        vec![
            ("below_90", "re", 1),
            ("reached_90_against_no90", "re", 1),
            ("reached_60_against_no60", "kontra", 1),
            ("re_announced", "re", 1),
            ("kontra_announced", "re", 2),
        ]
    );
    assert_eq!(s.scores(), &[4, 4, -4, -4]);
}

/// A solo under doubling: no gegen die Alten, the soloist's factor on top. Damensolo won
/// with "Re" and "keine 90", Kontra on 80: won 1 + below 90 1 + keine 90 1 = 3, ×2 = 6;
/// the soloist writes 18.
#[test]
fn doubling_in_a_solo() {
    let mut f = facts(Contract::SoloQueens, &[3], 160, 8);
    f.announcements = calls(CallLevel::No90, CallLevel::None);
    let s = score_with(&f, &DOUBLING).unwrap();
    assert_eq!((s.winner, s.value), (Winner::Re, 6));
    assert_eq!(s.scores(), &[-6, -6, -6, 18]);
}

/// The online game: "these points are tripled for the solo player; the other 3 players
/// just receive the regular amount". W22 (Pflichtsolo lost with "Re", Re 100) is worth 3;
/// with the factor m the soloist writes −3m and each opponent +3, so only m = 3 sums to 0.
#[test]
fn the_solo_multiplier_scales_the_soloist_only() {
    let mut f = facts(Contract::SoloJacks, &[1], 100, 5);
    f.announcements.re = CallLevel::Ansage;
    for (m, soloist) in [(1u8, -3), (2, -6), (3, -9), (4, -12), (9, -27)] {
        let rules = Ruleset {
            solo_multiplier: m,
            ..Ruleset::DDV
        };
        let s = score_with(&f, &rules).unwrap();
        assert_eq!(s.value, 3);
        assert_eq!(s.scores(), &[3, soloist, 3, 3], "m = {m}");
        let sum: i32 = s.scores().iter().sum();
        assert_eq!(sum, 3 * (3 - i32::from(m)), "m = {m}");
    }
    // A silent wedding is scored as a solo too; a normal game has no soloist.
    let rules = Ruleset {
        solo_multiplier: 2,
        ..Ruleset::DDV
    };
    let silent = facts(Contract::SilentWedding, &[0], 150, 8);
    assert_eq!(
        score_with(&silent, &rules).unwrap().scores(),
        &[2, -1, -1, -1]
    );
    let normal = facts(Contract::Normal, &[0, 1], 150, 8);
    assert_eq!(
        score_with(&normal, &rules).unwrap().scores(),
        score(&normal).unwrap().scores()
    );
    // On paper: W22 lost 3, −6 for the soloist with m = 2.
    let paper = PaperFacts {
        table_size: TableSize::Four,
        contract: Contract::SoloJacks,
        re: SeatSet::from_seats(&[1]).unwrap(),
        sitting_out: None,
        value: 3,
        winner: Some(Party::Kontra),
    };
    assert_eq!(
        score_paper_with(&paper, &rules).unwrap().scores(),
        &[3, -6, 3, 3]
    );
    // A 5-table: the dealer who sits out still scores 0.
    let mut five = facts(Contract::SoloHearts, &[4], 150, 8);
    five.table_size = TableSize::Five;
    five.sitting_out = Some(0);
    let rules = Ruleset {
        solo_multiplier: 5,
        ..Ruleset::DDV
    };
    assert_eq!(
        score_with(&five, &rules).unwrap().scores(),
        &[0, -1, -1, -1, 5]
    );
}

fn karlchen(rule: KarlchenRule) -> Ruleset {
    Ruleset {
        karlchen: rule,
        ..Ruleset::DDV
    }
}

/// House rules XI: Re wins with 130 (value 1); Kontra caught Re's ♣J in the last trick
/// with a queen. The TSR ignores the catch; under `Caught` it is Kontra's point: 1 − 1 = 0.
#[test]
fn a_caught_karlchen_is_a_point_for_the_catchers() {
    let mut f = facts(Contract::Normal, &[0, 1], 130, 7);
    f.extras.kontra.karlchen_caught = 1;
    assert_eq!(score(&f).unwrap().value, 1);
    assert_eq!(score_with(&f, &Ruleset::DDV).unwrap().value, 1);
    let s = score_with(&f, &karlchen(KarlchenRule::Caught)).unwrap();
    assert_eq!((s.winner, s.value), (Winner::Re, 0));
    assert_eq!(
        items(&s),
        vec![("won", "re", 1), ("karlchen_caught", "kontra", 1)]
    );
    assert_eq!(s.items()[1].code, ItemCode::KarlchenCaught);
}

/// House rules XI, "the second Charlie": Kontra wins the last trick with the second ♣J over
/// Re's first, "two game points" for Kontra: Karlchen and the catch. Re won with 130 (1):
/// Kontra nets 1.
#[test]
fn the_second_karlchen_scores_two() {
    let mut f = facts(Contract::Normal, &[0, 1], 130, 7);
    f.extras.kontra.karlchen = 1;
    f.extras.kontra.karlchen_caught = 1;
    let s = score_with(&f, &karlchen(KarlchenRule::SecondBeatsFirst)).unwrap();
    assert_eq!((s.winner, s.value), (Winner::Re, -1));
    assert_eq!(s.scores(), &[-1, -1, 1, 1]);
    // Under the TSR the same facts give Kontra its Karlchen point only.
    assert_eq!(score(&f).unwrap().value, 0);
}

/// Wikipedia, "Lizzie Miller": Kontra's ♦Q wins the last trick and catches Re's ♣J, one
/// point for Kontra. Re won with 130 (1, Kontra's catch −1): 0. Under the DDV the catch
/// is nothing and Re nets 1.
#[test]
fn lizzie_miller_scores_the_catch_and_never_karlchen_beside_it() {
    let mut f = facts(Contract::Normal, &[0, 1], 130, 7);
    f.extras.kontra.karlchen_caught = 1;
    let s = score_with(&f, &karlchen(KarlchenRule::LizzieMiller)).unwrap();
    assert_eq!((s.winner, s.value), (Winner::Re, 0));
    assert_eq!(
        items(&s),
        vec![("won", "re", 1), ("karlchen_caught", "kontra", 1)]
    );
    assert_eq!(score(&f).unwrap().value, 1);
    // The last trick was won by the ♣J or by the ♦Q: the Karlchen point and the catch
    // together, which the second Charlie allows, are refused here.
    f.extras.kontra.karlchen = 1;
    assert_eq!(
        score_with(&f, &karlchen(KarlchenRule::LizzieMiller)),
        Err(FactsError::TooManyKarlchen { total: 2 })
    );
    assert!(score_with(&f, &karlchen(KarlchenRule::SecondBeatsFirst)).is_ok());
}

/// One last trick, won by one party: the catch and the Karlchen point cannot go to both
/// parties, nor can two Karlchen be caught; a solo has no extras at all.
#[test]
fn impossible_catches_are_refused() {
    let mut f = facts(Contract::Normal, &[0, 1], 130, 7);
    f.extras.re.karlchen = 1;
    f.extras.kontra.karlchen_caught = 1;
    assert_eq!(
        score_with(&f, &karlchen(KarlchenRule::Caught)),
        Err(FactsError::TooManyKarlchen { total: 2 })
    );
    let mut f = facts(Contract::Normal, &[0, 1], 130, 7);
    f.extras.re.karlchen_caught = 1;
    f.extras.kontra.karlchen_caught = 1;
    assert_eq!(
        score_with(&f, &karlchen(KarlchenRule::Caught)),
        Err(FactsError::TooManyKarlchen { total: 2 })
    );
    let mut f = facts(Contract::SoloQueens, &[0], 130, 7);
    f.extras.re.karlchen_caught = 1;
    assert_eq!(
        score_with(&f, &karlchen(KarlchenRule::Caught)),
        Err(FactsError::ExtrasInSolo {
            contract: Contract::SoloQueens
        })
    );
    // A party without a trick caught nothing.
    let mut f = facts(Contract::Normal, &[0, 1], 240, 12);
    f.extras.kontra.karlchen_caught = 1;
    assert_eq!(
        score_with(&f, &karlchen(KarlchenRule::Caught)),
        Err(FactsError::ExtrasWithoutTricks {
            party: Party::Kontra
        })
    );
}

/// The info page's "Beating the Queens" (IX, example 2) under Armut: the pair (seats 1
/// and 3) are Re but "the Queens" only if they hold both ♣Q. Kontra wins with 130 against
/// 110: by default won 1 + gegen die Alten 1 = 2; read by the queens, 2 only if the pair
/// held both, 1 if Kontra did or they were split. The pair beating Kontra's two queens
/// earns the point instead: won 1 + 1 = 2 where the default gives 1.
#[test]
fn under_armut_gegen_die_alten_goes_to_whoever_beats_the_queens() {
    let armut = Ruleset {
        armut: true,
        ..Ruleset::DDV
    };
    let by_queens = Ruleset {
        armut_alten_by_queens: true,
        ..armut
    };
    let mut f = facts(Contract::Armut, &[1, 3], 110, 5);
    let kontra_won = score_with(&f, &armut).unwrap();
    assert_eq!((kontra_won.winner, kontra_won.value), (Winner::Kontra, 2));
    assert_eq!(
        score_with(&f, &by_queens),
        Err(FactsError::ClubQueensMissing)
    );
    let value = |f: &DealFacts, queens| {
        let mut f = *f;
        f.club_queens = Some(queens);
        score_with(&f, &by_queens).unwrap().value
    };
    assert_eq!(value(&f, ClubQueens::Re), 2);
    assert_eq!(value(&f, ClubQueens::Kontra), 1);
    assert_eq!(value(&f, ClubQueens::Split), 1);
    f.re_points = 150;
    f.re_tricks = 7;
    assert_eq!(score_with(&f, &armut).unwrap().value, 1);
    assert_eq!(value(&f, ClubQueens::Kontra), 2);
    assert_eq!(value(&f, ClubQueens::Re), 1);
    f.club_queens = Some(ClubQueens::Kontra);
    let s = score_with(&f, &by_queens).unwrap();
    assert_eq!(
        items(&s),
        vec![("won", "re", 1), ("gegen_die_alten", "re", 1)]
    );
    // Asked only of an Armut under the reading.
    assert_eq!(
        score_with(&f, &armut),
        Err(FactsError::ClubQueensNotInRules)
    );
    let mut normal = facts(Contract::Normal, &[1, 3], 150, 7);
    normal.club_queens = Some(ClubQueens::Re);
    assert_eq!(
        score_with(&normal, &by_queens),
        Err(FactsError::ClubQueensNotInRules)
    );
}

/// Both house extras of the fox and the ♥10 counted.
const HOUSE_EXTRAS: Ruleset = Ruleset {
    fox_last_trick_two: true,
    heart_ten_point: true,
    ..Ruleset::DDV
};

/// Wikipedia, Fox: "Losing an Ace of Diamonds to the opposing team in the last trick of the
/// game may lead to two extra points (instead of one)". Re wins with 170 (won 1, Kontra
/// under 90: 2); Re caught Kontra's fox in the last trick with its Karlchen, Kontra caught
/// Re's other fox earlier. TSR: 2 + fox 1 + Karlchen 1 − Kontra's fox 1 = 3. With the
/// variant Re's fox counts two: 4. Kontra's fox, not in the last trick, stays one.
#[test]
fn a_fox_lost_in_the_last_trick_counts_two() {
    let mut f = facts(Contract::Normal, &[0, 1], 170, 8);
    f.extras.re.fox = 1;
    f.extras.re.karlchen = 1;
    f.extras.kontra.fox = 1;
    assert_eq!(score(&f).unwrap().value, 3);
    let rules = Ruleset {
        fox_last_trick_two: true,
        ..Ruleset::DDV
    };
    assert_eq!(score_with(&f, &rules).unwrap().value, 3);
    f.extras.re.fox_last_trick = 1;
    let s = score_with(&f, &rules).unwrap();
    assert_eq!((s.winner, s.value), (Winner::Re, 4));
    assert_eq!(s.scores(), &[4, 4, -4, -4]);
    assert_eq!(
        items(&s),
        vec![
            ("won", "re", 1),
            ("below_90", "re", 1),
            ("fox", "re", 1),
            ("karlchen", "re", 1),
            ("fox_last_trick", "re", 1),
            ("fox", "kontra", 1),
        ]
    );
    // Where the rules lack the variant the count is refused, not silently dropped.
    assert_eq!(
        score(&f),
        Err(FactsError::ExtraNotInRules {
            party: Party::Re,
            extra: "fox_last_trick"
        })
    );
    // Under doubling the extras stay undoubled: Re says "Re", (won 1 + under 90 1) × 2 = 4,
    // + fox 1 + its second point 1 + Karlchen 1 − Kontra's fox 1 = 6.
    f.announcements = calls(CallLevel::Ansage, CallLevel::None);
    let doubling = Ruleset {
        announcements: AnnouncementScoring::Doubling,
        ..rules
    };
    assert_eq!(score_with(&f, &doubling).unwrap().value, 6);
}

/// The info page, IX: "capturing a 10 of Hearts brings their team an extra point". Kontra
/// wins with 125 (won 1, against the Queens 1) and captured both of Re's ♥10, Re one of
/// Kontra's foxes: 2 + 2 − 1 = 3.
#[test]
fn a_captured_heart_ten_is_a_point() {
    let mut f = facts(Contract::Normal, &[0, 1], 115, 5);
    f.extras.kontra.heart_ten = 2;
    f.extras.re.fox = 1;
    let rules = Ruleset {
        heart_ten_point: true,
        ..Ruleset::DDV
    };
    let s = score_with(&f, &rules).unwrap();
    assert_eq!((s.winner, s.value), (Winner::Kontra, 3));
    assert_eq!(s.scores(), &[-3, -3, 3, 3]);
    assert_eq!(
        items(&s),
        vec![
            ("won", "kontra", 1),
            ("gegen_die_alten", "kontra", 1),
            ("fox", "re", 1),
            ("heart_ten", "kontra", 2),
        ]
    );
    assert_eq!(
        score(&f),
        Err(FactsError::ExtraNotInRules {
            party: Party::Kontra,
            extra: "heart_ten"
        })
    );
    // A solo has no extras, the ♥10 included (TSR 7.2.4).
    let mut solo = facts(Contract::SoloQueens, &[0], 115, 5);
    solo.extras.kontra.heart_ten = 1;
    assert_eq!(
        score_with(&solo, &rules),
        Err(FactsError::ExtrasInSolo {
            contract: Contract::SoloQueens
        })
    );
}

/// The deck and the last trick bound the new counts: two ♥10, a ♥10 holds 10 card points,
/// the foxes of the last trick are among the party's foxes, and the last trick is one
/// party's.
#[test]
fn impossible_house_extras_are_refused() {
    let mut f = facts(Contract::Normal, &[0, 1], 130, 7);
    f.extras.re.heart_ten = 2;
    f.extras.kontra.heart_ten = 1;
    assert_eq!(
        score_with(&f, &HOUSE_EXTRAS),
        Err(FactsError::TooManyHeartTens { total: 3 })
    );
    let mut f = facts(Contract::Normal, &[0, 1], 230, 11);
    f.extras.kontra.heart_ten = 2;
    assert_eq!(
        score_with(&f, &HOUSE_EXTRAS),
        Err(FactsError::ExtrasExceedPoints {
            party: Party::Kontra,
            points: 10
        })
    );
    // Two foxes and two ♥10 are four cards of 42 points: not in 40.
    let mut f = facts(Contract::Normal, &[0, 1], 200, 10);
    f.extras.kontra.fox = 2;
    f.extras.kontra.heart_ten = 2;
    assert_eq!(
        score_with(&f, &HOUSE_EXTRAS),
        Err(FactsError::ExtrasExceedPoints {
            party: Party::Kontra,
            points: 40
        })
    );
    f.re_points = 198;
    assert!(score_with(&f, &HOUSE_EXTRAS).is_ok());
    let mut f = facts(Contract::Normal, &[0, 1], 130, 7);
    f.extras.re.fox = 1;
    f.extras.re.fox_last_trick = 2;
    assert_eq!(
        score_with(&f, &HOUSE_EXTRAS),
        Err(FactsError::FoxLastTrickExceedsFoxes {
            party: Party::Re,
            last_trick: 2,
            foxes: 1
        })
    );
    let mut f = facts(Contract::Normal, &[0, 1], 130, 7);
    f.extras.re.karlchen = 1;
    f.extras.kontra.fox = 1;
    f.extras.kontra.fox_last_trick = 1;
    assert_eq!(
        score_with(&f, &HOUSE_EXTRAS),
        Err(FactsError::LastTrickForBoth)
    );
}

const WITHOUT_NINES: Ruleset = Ruleset {
    without_nines: true,
    ..Ruleset::DDV
};

/// Without the nines (40 cards, ten tricks): every card has points, so one trick holds 8 to
/// 44 and ten tricks all 240.
#[test]
fn without_nines_the_tricks_hold_other_points() {
    assert_eq!(points_range_with(0, &WITHOUT_NINES), (0, 0));
    // Four jacks at the least, three aces and a ten at the most.
    assert_eq!(points_range_with(1, &WITHOUT_NINES), (8, 44));
    // Twenty cards: the jacks, queens and four kings; the aces, tens and four kings.
    assert_eq!(points_range_with(5, &WITHOUT_NINES), (56, 184));
    assert_eq!(points_range(5), (28, 184));
    assert_eq!(points_range_with(10, &WITHOUT_NINES), (240, 240));
    assert_eq!(points_range_with(12, &WITHOUT_NINES), (240, 240));
    for t in 0..=10 {
        let (min, max) = points_range_with(t, &WITHOUT_NINES);
        let (cmin, cmax) = points_range_with(10 - t, &WITHOUT_NINES);
        assert_eq!(u16::from(min) + u16::from(cmax), 240, "t = {t}");
        assert_eq!(u16::from(max) + u16::from(cmin), 240, "t = {t}");
    }
    for t in 0..=12 {
        assert_eq!(points_range_with(t, &Ruleset::DDV), points_range(t));
    }
}

/// Without the nines Re's ten tricks are all of them: Kontra is schwarz. Won 1 and the
/// four below-items: 5. Under the TSR the same 240 in ten tricks leave Kontra two tricks
/// of nines: not schwarz, 4.
#[test]
fn without_nines_ten_tricks_are_schwarz() {
    let f = facts(Contract::Normal, &[0, 1], 240, 10);
    let s = score_with(&f, &WITHOUT_NINES).unwrap();
    assert_eq!((s.winner, s.value), (Winner::Re, 5));
    assert!(s.items().iter().any(|i| i.code == ItemCode::Schwarz));
    assert_eq!(score(&f).unwrap().value, 4);
    // Kontra's "schwarz" holds when Re takes none of the ten.
    let mut f = facts(Contract::Normal, &[0, 1], 0, 0);
    f.announcements = calls(CallLevel::None, CallLevel::Schwarz);
    let s = score_with(&f, &WITHOUT_NINES).unwrap();
    // won 1 + four below + Kontra 2 + four Absagen + gegen die Alten 1 = 12.
    assert_eq!((s.winner, s.value), (Winner::Kontra, 12));
    // Eleven tricks are more than a deal has; thirteen are refused as ever.
    let f = facts(Contract::Normal, &[0, 1], 240, 11);
    assert_eq!(
        score_with(&f, &WITHOUT_NINES),
        Err(FactsError::TricksBeyondDeal {
            tricks: 11,
            max: 10
        })
    );
    let f = facts(Contract::Normal, &[0, 1], 240, 13);
    assert_eq!(
        score_with(&f, &WITHOUT_NINES),
        Err(FactsError::TricksOutOfRange { tricks: 13 })
    );
    // One trick of 8 points: four jacks, possible only without the nines' zeros below.
    let f = facts(Contract::Normal, &[0, 1], 4, 1);
    assert!(matches!(
        score_with(&f, &WITHOUT_NINES),
        Err(FactsError::PointsDoNotFitTricks { min: 8, .. })
    ));
    assert!(score(&f).is_ok());
}

/// The most extras `party` can hold with its card points and tricks under `rules`.
fn most_extras(f: &DealFacts, rules: &Ruleset, party: Party) -> PartyExtras {
    let (points, tricks) = (f.points_of(party), f.tricks_in(party, rules));
    let most = if tricks == 0 {
        Extras::default()
    } else {
        Extras {
            doppelkopf: tricks.min(points / 40),
            fox: (points / 11).min(2),
            karlchen: u8::from(points >= 2),
            karlchen_caught: u8::from(points >= 4),
            fox_last_trick: if rules.fox_last_trick_two {
                (points / 11).min(2)
            } else {
                0
            },
            // Beside the foxes: different cards, their points add up.
            heart_ten: if rules.heart_ten_point {
                (points.saturating_sub(11 * (points / 11).min(2)) / 10).min(2)
            } else {
                0
            },
        }
    };
    match party {
        Party::Re => PartyExtras {
            re: most,
            kontra: Extras::default(),
        },
        Party::Kontra => PartyExtras {
            re: Extras::default(),
            kontra: most,
        },
    }
}

/// The highest value any deal reaches under `rules` for `contract`, over every card-point
/// split, every pair of calls and the most extras either party can hold.
fn highest_value(contract: Contract, re: &[u8], rules: &Ruleset) -> u32 {
    let mut highest = 0u32;
    for tricks in 0..=rules.tricks() {
        let (min, max) = points_range_with(tricks, rules);
        for points in min..=max {
            for re_call in CallLevel::ALL {
                for kontra_call in CallLevel::ALL {
                    let mut f = facts(contract, re, points, tricks);
                    f.announcements = calls(re_call, kontra_call);
                    let extras = if contract.scored_as_solo() {
                        vec![PartyExtras::default()]
                    } else {
                        vec![
                            most_extras(&f, rules, Party::Re),
                            most_extras(&f, rules, Party::Kontra),
                        ]
                    };
                    for extras in extras {
                        f.extras = extras;
                        let scored = score_with(&f, rules).expect("a possible deal");
                        highest = highest.max(scored.value.unsigned_abs());
                    }
                }
            }
        }
    }
    highest
}

/// The paper entry's bound is the highest value a deal reaches, exactly, under doubling
/// with the caught Karlchen (the largest values there are) and without the nines.
#[test]
fn max_value_with_bounds_every_deal_and_is_reached() {
    let rulesets = [
        Ruleset {
            karlchen: KarlchenRule::SecondBeatsFirst,
            ..DOUBLING
        },
        Ruleset {
            without_nines: true,
            karlchen: KarlchenRule::Caught,
            ..Ruleset::DDV
        },
        HOUSE_EXTRAS,
        Ruleset {
            karlchen: KarlchenRule::SecondBeatsFirst,
            ..Ruleset {
                announcements: AnnouncementScoring::Doubling,
                ..HOUSE_EXTRAS
            }
        },
    ];
    for rules in rulesets {
        for (contract, re) in [
            (Contract::Normal, &[0, 1][..]),
            (Contract::SoloQueens, &[0]),
        ] {
            assert_eq!(
                highest_value(contract, re, &rules),
                u32::from(max_value_with(contract, &rules)),
                "{contract} under {rules:?}"
            );
        }
    }
    for contract in Contract::ALL {
        assert_eq!(
            max_value_with(contract, &Ruleset::DDV),
            max_value(contract),
            "{contract}"
        );
        let caught = max_value_with(contract, &karlchen(KarlchenRule::Caught));
        let expected = max_value(contract) + u16::from(!contract.scored_as_solo());
        assert_eq!(caught, expected, "{contract}");
    }
    // Doubling: 82 for a normal game with a caught Karlchen, 68 for a solo.
    let rules = Ruleset {
        karlchen: KarlchenRule::Caught,
        ..DOUBLING
    };
    let paper = |contract, re: &[u8], value| PaperFacts {
        table_size: TableSize::Four,
        contract,
        re: SeatSet::from_seats(re).expect("seats of a 4-table"),
        sitting_out: None,
        value,
        winner: Some(Party::Re),
    };
    let s = score_paper_with(&paper(Contract::Normal, &[0, 1], 82), &rules).unwrap();
    assert_eq!(s.scores(), &[82, 82, -82, -82]);
    assert_eq!(
        score_paper_with(&paper(Contract::Normal, &[0, 1], 83), &rules),
        Err(FactsError::ValueOutOfRange {
            contract: Contract::Normal,
            value: 83,
            max: 82
        })
    );
    assert_eq!(
        score_paper(&paper(Contract::Normal, &[0, 1], 32)),
        Err(FactsError::ValueOutOfRange {
            contract: Contract::Normal,
            value: 32,
            max: 31
        })
    );
    let s = score_paper_with(&paper(Contract::SoloClubs, &[2], 68), &rules).unwrap();
    assert_eq!(s.scores(), &[-68, -68, 204, -68]);
}

fn level() -> impl Strategy<Value = CallLevel> {
    prop::sample::select(CallLevel::ALL.to_vec())
}

fn count() -> impl Strategy<Value = u8> {
    prop_oneof![0u8..3, any::<u8>()]
}

fn extras() -> impl Strategy<Value = Extras> {
    (count(), count(), count(), count(), count(), count()).prop_map(
        |(doppelkopf, fox, karlchen, caught, fox_last_trick, heart_ten)| Extras {
            doppelkopf,
            fox,
            karlchen,
            karlchen_caught: caught,
            fox_last_trick,
            heart_ten,
        },
    )
}

fn any_facts() -> impl Strategy<Value = DealFacts> {
    (
        prop::sample::select(Contract::ALL.to_vec()),
        prop::sample::subsequence(vec![0u8, 1, 2, 3], 1..=2),
        0u8..=13,
        any::<u8>(),
        level(),
        level(),
        extras(),
        extras(),
    )
        .prop_map(
            |(contract, re, tricks, salt, re_call, kontra_call, e_re, e_k)| {
                let (min, max) = points_range(tricks);
                let points = if salt < 16 {
                    salt.wrapping_mul(17)
                } else {
                    min + salt % (max - min).saturating_add(1)
                };
                DealFacts {
                    table_size: TableSize::Four,
                    contract,
                    re: SeatSet::from_seats(&re).expect("distinct seats"),
                    sitting_out: None,
                    re_points: points,
                    re_tricks: tricks,
                    announcements: calls(re_call, kontra_call),
                    extras: PartyExtras {
                        re: e_re,
                        kontra: e_k,
                    },
                    club_queens: None,
                }
            },
        )
}

/// Any ruleset, checked or not: every switch and any soloist's factor.
fn any_rules() -> impl Strategy<Value = Ruleset> {
    (
        any::<bool>(),
        prop::sample::select(KarlchenRule::ALL.to_vec()),
        any::<bool>(),
        any::<u8>(),
        any::<[bool; 2]>(),
    )
        .prop_map(|(doubling, karlchen, without_nines, m, house)| Ruleset {
            announcements: if doubling {
                AnnouncementScoring::Doubling
            } else {
                AnnouncementScoring::Adding
            },
            karlchen,
            without_nines,
            solo_multiplier: m,
            fox_last_trick_two: house[0],
            heart_ten_point: house[1],
            ..Ruleset::DDV
        })
}

/// Doppelkopf-Info VI: "the players with the Queens of Clubs need 121 to win the round".
/// Only Kontra said, 120 to 120: the TSR reverses the split (Re wins with 120, TSR 7.1.1
/// no. 4): won 1 + Kontra said 2 = 3 for Re. Read as the info page does, the Queens still
/// need 121: Kontra wins with 120: won 1 + against the Queens 1 + Kontra said 2 = 4.
#[test]
fn the_queens_always_need_121_when_the_club_reads_it_so() {
    let mut f = facts(Contract::Normal, &[0, 1], 120, 6);
    f.announcements = calls(CallLevel::None, CallLevel::Ansage);
    let tsr = score(&f).expect("valid");
    assert_eq!((tsr.winner, tsr.value), (Winner::Re, 3));
    let info = Ruleset {
        queens_need_121: true,
        ..Ruleset::DDV
    };
    let read = score_with(&f, &info).expect("valid");
    assert_eq!((read.winner, read.value), (Winner::Kontra, 4));
    assert_eq!(read.scores(), &[-4, -4, 4, 4]);
    // Without a call the split is the same either way: Re needs 121.
    let plain = facts(Contract::Normal, &[0, 1], 120, 6);
    assert_eq!(
        score_with(&plain, &info).expect("valid").winner,
        Winner::Kontra
    );
    assert_eq!(score(&plain).expect("valid").winner, Winner::Kontra);
}

/// Doppelkopf-Info VII: the last extra point is for opponents that "have no card points".
/// Re takes all 240 card points, Kontra one trick of four nines (no card point): under the
/// TSR Kontra took a trick, so it is not schwarz: won 1 + below 90, 60, 30 = 4. Read by
/// card points, + schwarz = 5; and Re's Absage "schwarz" is then kept: won 1 + below 90,
/// 60, 30 and schwarz 4 + Re said 2 + four Absagen 4 = 11, where under the TSR the failed
/// Absage loses the deal to Kontra. The tricks need not be counted any more.
#[test]
fn schwarz_by_card_points_when_the_club_reads_it_so() {
    let by_points = Ruleset {
        schwarz_by_card_points: true,
        ..Ruleset::DDV
    };
    let f = facts(Contract::Normal, &[0, 1], 240, 11);
    assert_eq!(score(&f).expect("valid").value, 4);
    let read = score_with(&f, &by_points).expect("valid");
    assert_eq!((read.winner, read.value), (Winner::Re, 5));
    assert!(
        items(&read).contains(&("schwarz", "re", 1)),
        "{:?}",
        items(&read)
    );

    let mut said = f;
    said.announcements = calls(CallLevel::Schwarz, CallLevel::None);
    assert_eq!(score(&said).expect("valid").winner, Winner::Kontra);
    let read = score_with(&said, &by_points).expect("valid");
    assert_eq!((read.winner, read.value), (Winner::Re, 11));
    assert_eq!(read.scores(), &[11, 11, -11, -11]);

    assert!(domain::deal::tricks_matter(240, &Ruleset::DDV));
    assert!(!domain::deal::tricks_matter(240, &by_points));
}

/// Doppelkopf-Info IX, example 2 read for every call: "the Contra team gets all the points
/// the Re team would have gotten plus an additional point (then doubled)". Re says "keine
/// 60" and takes 165; Kontra's 75 break it (and keep "keine 90"). Each beaten level counting
/// (the default under doubling): won 1 + Re's two Absagen 2 + 60 reached against "keine 60"
/// 1 + against the Queens 1 = 5, doubled by "Re": 10. Every level claimed counting: what
/// Re would have had (won 1, below 90 and 60 2, two Absagen 2 = 5) plus 1 = 6, doubled: 12.
/// With one level claimed the two readings agree (the page's own example 2 is 8 in both).
#[test]
fn a_failed_absage_counts_every_level_when_the_club_reads_it_so() {
    let all_levels = Ruleset {
        failed_absage_all_levels: true,
        ..DOUBLING
    };
    let mut f = facts(Contract::Normal, &[0, 1], 165, 9);
    f.announcements = calls(CallLevel::No60, CallLevel::None);
    let beaten = score_with(&f, &DOUBLING).expect("valid");
    assert_eq!((beaten.winner, beaten.value), (Winner::Kontra, 10));
    let read = score_with(&f, &all_levels).expect("valid");
    assert_eq!((read.winner, read.value), (Winner::Kontra, 12));
    assert_eq!(read.scores(), &[-12, -12, 12, 12]);
    assert!(
        items(&read).contains(&("failed_claim_levels", "kontra", 2)),
        "{:?}",
        items(&read)
    );
    let mut example_2 = facts(Contract::Normal, &[0, 1], 145, 8);
    example_2.announcements = calls(CallLevel::No90, CallLevel::None);
    assert_eq!(score_with(&example_2, &all_levels).expect("valid").value, 8);
    // It belongs to the doubling: under the TSR's adding it is refused.
    let adding = Ruleset {
        failed_absage_all_levels: true,
        ..Ruleset::DDV
    };
    assert_eq!(
        adding.validate(),
        Err(domain::game::RulesetError::FailedAbsageWithoutDoubling)
    );
}

proptest! {
    /// Whatever the facts and the ruleset (a factor of 0 or 255 included), scoring answers
    /// without a panic, and an accepted deal stays within its paper bound.
    #[test]
    fn any_rules_never_panic(f in any_facts(), rules in any_rules(), value in any::<u16>()) {
        if let Ok(s) = score_with(&f, &rules) {
            prop_assert!(s.value.unsigned_abs() <= u32::from(max_value_with(f.contract, &rules)));
        }
        let paper = PaperFacts {
            table_size: f.table_size,
            contract: f.contract,
            re: f.re,
            sitting_out: f.sitting_out,
            value,
            winner: Some(Party::Re),
        };
        if let Ok(s) = score_paper_with(&paper, &rules) {
            prop_assert_eq!(s.value, i32::from(value));
        }
    }

    /// The TSR as a ruleset is the TSR: every deal, valid or not, scores (or is refused)
    /// exactly as `score` scores it.
    #[test]
    fn score_with_ddv_is_score(f in any_facts()) {
        prop_assert_eq!(score_with(&f, &Ruleset::DDV), score(&f));
    }

    /// Under doubling without any Ansage nothing is doubled, and the rest is the TSR's: the
    /// same value as the TSR's (which has no Ansage points then either), the same winner.
    #[test]
    fn doubling_without_ansage_is_the_tsr(f in any_facts()) {
        let f = DealFacts { announcements: Announcements::default(), ..f };
        prop_assert_eq!(score_with(&f, &DOUBLING), score(&f));
    }

    /// Whatever the ruleset, a valid deal's entries follow from its value: the soloist's
    /// factor for a solo's Re seat, one for every other seat.
    #[test]
    fn entries_follow_the_value_under_any_rules(
        f in any_facts(),
        m in 1u8..=9,
        doubling in any::<bool>(),
        caught in any::<bool>(),
    ) {
        let rules = Ruleset {
            solo_multiplier: m,
            announcements: if doubling {
                AnnouncementScoring::Doubling
            } else {
                AnnouncementScoring::Adding
            },
            karlchen: if caught { KarlchenRule::Caught } else { KarlchenRule::Ddv },
            ..Ruleset::DDV
        };
        if let Ok(s) = score_with(&f, &rules) {
            let factor = if f.contract.scored_as_solo() { i32::from(m) } else { 1 };
            for seat in 0..4u8 {
                let expected = match f.party_of(seat) {
                    Some(Party::Re) => s.re_value() * factor,
                    Some(Party::Kontra) => -s.re_value(),
                    None => 0,
                };
                prop_assert_eq!(s.scores()[usize::from(seat)], expected);
            }
            prop_assert!(s.value.unsigned_abs() <= u32::from(max_value_with(f.contract, &rules)));
        }
    }
}
