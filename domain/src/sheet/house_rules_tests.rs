//! The sheet under a club's house rules: five nines thrown in, solos on top, Bock rounds,
//! and the scorer's switches on the scored sheet, each with real numbers.

use super::test_support::worked::*;
use super::test_support::*;
use super::*;
use crate::deal::{CallLevel, Contract, Seat, TableSize};
use crate::game::{AnnouncementScoring, Ruleset};
use crate::penalty::{Severity, Violation};
use proptest::prelude::*;

const T: DealKind = DealKind::ThrownIn;

fn rules(f: impl FnOnce(&mut Ruleset)) -> Ruleset {
    let mut rules = Ruleset::DDV;
    f(&mut rules);
    rules
}

fn five_nines() -> Ruleset {
    rules(|r| r.five_nines = true)
}

fn solos_on_top() -> Ruleset {
    rules(|r| r.solos_on_top = true)
}

fn bock() -> Ruleset {
    rules(|r| r.bock_rounds = true)
}

const THROWN_IN: Step = Step::Enter(EnteredDeal::THROWN_IN);

fn scores(sheet: &ScoredSheet) -> Vec<Vec<i32>> {
    sheet.deals().iter().map(|d| d.scores.clone()).collect()
}

fn factors(sheet: &ScoredSheet) -> Vec<u8> {
    sheet.deals().iter().map(|d| d.factor).collect()
}

/// House rules XIII: deal 2 (dealer 1) is thrown in; seat 1 deals again, deal 3. The
/// round still has its 24 games: 20 normal, 4 forced, and the two thrown in on top.
#[test]
fn a_deal_thrown_in_is_dealt_again_by_the_same_dealer() {
    let config = four().with_rules(five_nines());
    let steps = [
        vec![Normal, THROWN_IN, Normal, THROWN_IN],
        repeat(Normal, 18),
        repeat(Forced, 4),
    ]
    .concat();
    let (round, entries, rows) = play(config, &steps);
    assert_eq!(
        rows[..6],
        [
            (0, None, N),
            (1, None, T),
            (1, None, N),
            (2, None, T),
            (2, None, N),
            (3, None, N),
        ]
    );
    assert!(round.is_complete());
    assert_eq!(round.deals().len(), 26);
    let numbers: Vec<u16> = round.deals().iter().map(|d| d.number).collect();
    assert_eq!(numbers, (1..=26).collect::<Vec<_>>());
    // The forced solos come after the 20th normal game, as in a plain round.
    assert_eq!(
        rows[22..],
        [
            (0, Some(1), V),
            (1, Some(2), V),
            (2, Some(3), V),
            (3, Some(0), V)
        ]
    );
    assert_eq!(
        derive_with(four(), &entries, None, &five_nines()),
        Ok(round)
    );
}

/// At a 5-table the dealer of a deal thrown in deals, and sits out, again.
#[test]
fn a_five_table_dealer_sits_out_the_redeal_too() {
    let config = five().with_rules(five_nines());
    let (round, _, rows) = play(config, &[Normal, THROWN_IN, Normal]);
    assert_eq!(rows, [(0, None, N), (1, None, T), (1, None, N)]);
    let out: Vec<Option<Seat>> = round.deals().iter().map(|d| d.sitting_out).collect();
    assert_eq!(out, [Some(0), Some(1), Some(1)]);
    assert_eq!(round.deals_left(), 28);
}

/// Five kings (Wikipedia: "a similar rule for hands with five or more kings"), also
/// without the nines, and an Armut nobody takes (Wikipedia: "the hand is redealt by the
/// same dealer") throw a deal in as five nines do: deal 2 is thrown in, seat 1 deals again.
#[test]
fn five_kings_and_an_untaken_armut_are_dealt_again_by_the_same_dealer() {
    for rules in [
        rules(|r| {
            r.five_kings = true;
            r.without_nines = true;
        }),
        rules(|r| r.armut = true),
    ] {
        let config = four().with_rules(rules);
        assert!(
            super::check_entry(&Round::new(config), &SheetEntry::ThrownIn).is_ok(),
            "{rules:?}"
        );
        let (round, _, rows) = play(config, &[Normal, THROWN_IN, Normal]);
        assert_eq!(
            rows,
            [(0, None, N), (1, None, T), (1, None, N)],
            "{rules:?}"
        );
        assert_eq!(round.deals_left(), 22, "{rules:?}");
    }
}

/// Under the TSR nothing is thrown in: the entry's facts are refused by name, and in the
/// order of play a deal without a Re party is the wrong party size, as it always was. A
/// forced soloist cannot throw in either: he must play his solo.
#[test]
fn a_throw_in_is_refused_without_the_rule_or_when_a_solo_is_forced() {
    let mut round = Round::new(four());
    assert_eq!(
        super::check_entry(&round, &SheetEntry::ThrownIn),
        Err(super::EntryError::FactsInvalid {
            number: 1,
            error: crate::deal::FactsError::ThrownInNotInRules
        })
    );
    assert_eq!(
        round.record(&EnteredDeal::THROWN_IN),
        Err(SheetError::ReSize {
            contract: Contract::Normal,
            expected: 2,
            got: 0
        })
    );
    let (round, _, _) = play(four().with_rules(five_nines()), &repeat(Normal, 20));
    let mut after = round.clone();
    assert_eq!(
        after.record(&EnteredDeal::THROWN_IN),
        Err(SheetError::ForcedSoloMissing {
            deal: 21,
            forced: 1,
            contract: Contract::Normal
        })
    );
    assert_eq!(after, round);
}

/// A deal thrown in scores nothing and is no deal played in the standings' lines; the
/// scored deals around it are as on any sheet (W3, W1).
#[test]
fn a_deal_thrown_in_scores_nothing() {
    let deals = [w3(), SheetEntry::ThrownIn, w1()];
    let sheet = score_sheet_with(four(), &deals, &[], None, &five_nines()).unwrap();
    assert_eq!(
        scores(&sheet),
        [vec![-1, 1, -1, 1], vec![0, 0, 0, 0], vec![-5, 5, -5, 5]]
    );
    assert_eq!(sheet.totals(), [-6, 6, -6, 6]);
    let kinds: Vec<(u16, Seat, DealKind)> = sheet
        .deals()
        .iter()
        .map(|d| (d.sheet.number, d.sheet.dealer, d.sheet.kind))
        .collect();
    assert_eq!(kinds, [(1, 0, N), (2, 1, T), (3, 1, N)]);
    assert!(sheet.lines().iter().all(|l| l.deals_played == 2));
    assert_eq!(sheet.deals()[1].game.items(), []);
    assert_eq!(sheet.round().deals_left(), 22);
    assert_eq!(sheet.round().games_played(), 2, "three deals, two games");
    // The entry is checked like any other: the next deal may be thrown in.
    assert_eq!(
        sheet.check_next(&SheetEntry::ThrownIn).map(|d| d.kind),
        Ok(T)
    );
    // Without the rule the same sheet is refused at the deal thrown in.
    assert_eq!(
        score_sheet(four(), &deals, &[], None).map_err(|e| e.index()),
        Err(1)
    );
}

/// The online game: "16 games in which solos do not count". With 8 planned deals: seat 1's
/// Pflichtsolo (seat 0 deals again) and his Lustsolo (the deal passes on) use none of
/// them; after the 8 normal games the three Pflichtsoli still owed are played on top, each
/// vorgeführt, 13 deals in all. Under the TSR the same start leaves three normal games.
#[test]
fn solos_on_top_do_not_use_up_the_planned_deals() {
    let planned = RoundConfig::new(TableSize::Four, 8).unwrap();
    let config = planned.with_rules(solos_on_top());
    let steps = [vec![Solo(1), Solo(1)], repeat(Normal, 8), repeat(Forced, 3)].concat();
    let (round, entries, rows) = play(config, &steps);
    let expected: Vec<Row> = [
        vec![(0, None, P), (0, None, L)],
        (0..8).map(|i| ((1 + i) % 4, None, N)).collect(),
        vec![(1, Some(2), V), (2, Some(3), V), (3, Some(0), V)],
    ]
    .concat();
    assert_eq!(rows, expected);
    assert!(round.is_complete());
    assert_eq!(round.deals().len(), 13);
    assert_eq!(
        derive_with(planned, &entries, None, &solos_on_top()),
        Ok(round)
    );
    // The TSR: two solos of the eight, then three normal games and three forced solos.
    let (tsr, _, rows) = play(
        planned,
        &[vec![Solo(1), Solo(1)], repeat(Normal, 3), repeat(Forced, 3)].concat(),
    );
    assert!(tsr.is_complete());
    assert_eq!(rows.len(), 8);
    // A Lustsolo after the normal games is refused with the rest: the forced solo is due.
    let (before_forced, _, _) = play(config, &[vec![Solo(1)], repeat(Normal, 8)].concat());
    let next = before_forced.next().unwrap();
    assert_eq!((next.number, next.forced_soloist), (10, Some(2)));
    assert_eq!(before_forced.deals_left(), 3);
}

/// With solos on top nobody is forced while normal games are left: every seat may wait
/// for a good hand until the plan is played; a wedding solo counts as a normal game.
#[test]
fn solos_on_top_force_nobody_before_the_normal_games_are_played() {
    let config = RoundConfig::new(TableSize::Four, 4)
        .unwrap()
        .with_rules(solos_on_top());
    let mut round = Round::new(config);
    for seat in 0..3 {
        let next = round.next().unwrap();
        assert_eq!((next.dealer, next.forced_soloist), (0, None));
        assert_eq!(round.record(&solo(seat)).map(|d| d.kind), Ok(P));
    }
    // Seats 0, 1 and 2 played their Pflichtsoli, all dealt by seat 0, who deals again
    // after each (TSR 3.3.1), and all four normal games are still to come, with seat 3's
    // solo on top.
    assert_eq!(round.deals_left(), 5);
    let next = round.next().unwrap();
    round
        .record(&entry(Contract::WeddingSolo, &[next.dealer]))
        .unwrap();
    assert_eq!(round.deals_left(), 4);
    // Time-up: only seat 3's solo is left, vorgeführt.
    round.time_up().unwrap();
    assert_eq!(round.deals_left(), 1);
    assert_eq!(round.next().unwrap().forced_soloist, Some(3));
}

/// Without Pflichtsolo (the online game's casual rule), four planned deals at a 4-table are
/// four games: no seat owes a solo, so nobody is vorgeführt from the first deal (the TSR
/// forces one at every deal of such a round), a declared solo is a Lustsolo and the next
/// seat deals, and time-up ends the round at once. With solos on top as well, a solo uses
/// up no planned deal and none is owed at the end: 4 normal games and 1 solo, 5 deals.
#[test]
fn without_pflichtsolo_nobody_is_forced_and_every_solo_is_a_lustsolo() {
    let free = rules(|r| r.without_pflichtsolo = true);
    let four_deals = RoundConfig::new(TableSize::Four, 4).unwrap();
    let tsr = Round::new(four_deals);
    assert_eq!(tsr.next().unwrap().forced_soloist, Some(1));
    let config = four_deals.with_rules(free);
    let round = Round::new(config);
    assert_eq!(round.pflichtsolo_owed(), Vec::<Seat>::new());
    assert_eq!(round.next().unwrap().forced_soloist, None);
    let (round, _, rows) = play(config, &[Normal, Solo(2), Normal, Normal]);
    assert_eq!(
        rows,
        [(0, None, N), (1, None, L), (2, None, N), (3, None, N)]
    );
    assert!(round.is_complete());
    let (mut early, _, _) = play(config, &[Normal]);
    early.time_up().unwrap();
    assert!(early.is_complete(), "no solo is owed after time-up");

    let casual = four_deals.with_rules(rules(|r| {
        r.without_pflichtsolo = true;
        r.solos_on_top = true;
    }));
    let (round, _, rows) = play(casual, &[Normal, Solo(3), Normal, Normal, Normal]);
    assert_eq!(rows.len(), 5);
    assert_eq!(rows[1], (1, None, L));
    assert!(round.is_complete());
}

/// W4 ends 120:120: the next four games are a Bock round and count double (W3: 1, so 2);
/// the sixth counts single again.
#[test]
fn a_tie_at_120_makes_the_next_round_count_double() {
    let deals = [w4(), w3(), w3(), w3(), w3(), w3()];
    let sheet = score_sheet_with(four(), &deals, &[], None, &bock()).unwrap();
    assert_eq!(factors(&sheet), [1, 2, 2, 2, 2, 1]);
    assert_eq!(
        scores(&sheet),
        [
            vec![-2, 2, 2, -2],
            vec![-2, 2, -2, 2],
            vec![-2, 2, -2, 2],
            vec![-2, 2, -2, 2],
            vec![-2, 2, -2, 2],
            vec![-1, 1, -1, 1],
        ]
    );
    assert_eq!(sheet.totals(), [-11, 11, -7, 7]);
    // The game keeps its own value; its entries carry the factor.
    assert_eq!(sheet.deals()[1].game.value, 1);
    assert_eq!(sheet.deals()[1].game_scores, [-2, 2, -2, 2]);
    assert_eq!((sheet.bock_deals_owed(), sheet.next_factor()), (0, 1));
    // Without the switch every factor is 1 and the sheet is the TSR's.
    let tsr = score_sheet(four(), &deals, &[], None).unwrap();
    assert_eq!(factors(&tsr), [1; 6]);
    assert_eq!(tsr.totals(), [-7, 7, -3, 3]);
}

/// Triggers queue: W4 (120:120) owes four Bock games; W10 in the first of them is Re's
/// lost "keine 90" and owes four more after the three left: deals 2 to 9 count double.
/// W10 doubled: Kontra's 3 is 6.
#[test]
fn bock_rounds_stack_by_queueing() {
    let deals = [vec![w4(), w10()], vec![w3(); 8]].concat();
    let sheet = score_sheet_with(four(), &deals, &[], None, &bock()).unwrap();
    assert_eq!(factors(&sheet), [1, 2, 2, 2, 2, 2, 2, 2, 2, 1]);
    assert_eq!(sheet.deals()[1].scores, [-6, 6, -6, 6]);
    // Mid-way the sheet tells what the next game counts.
    let partial = score_sheet_with(four(), &deals[..3], &[], None, &bock()).unwrap();
    assert_eq!((partial.bock_deals_owed(), partial.next_factor()), (6, 2));
    // 120:120 with "Re" said is two triggers: a tie and a lost "Re", eight Bock games.
    let tie_with_re = recorded(
        Contract::Normal,
        &[0, 3],
        120,
        6,
        (CallLevel::Ansage, CallLevel::None),
    );
    let sheet = score_sheet_with(four(), &[tie_with_re], &[], None, &bock()).unwrap();
    assert_eq!(sheet.bock_deals_owed(), 8);
    // Both said at 120:120: Kontra wins with 120 (TSR 7.1.2), so Re lost: two triggers
    // again, none for Kontra, who won.
    let both = recorded(
        Contract::Normal,
        &[0, 3],
        120,
        6,
        (CallLevel::Ansage, CallLevel::Ansage),
    );
    let sheet = score_sheet_with(four(), &[both], &[], None, &bock()).unwrap();
    assert_eq!(sheet.bock_deals_owed(), 8);
    // A won "Re" triggers nothing; W9, Re's win against "Kontra", triggers one: Kontra's
    // lost "Kontra".
    let re_won = recorded(
        Contract::Normal,
        &[0, 1],
        160,
        8,
        (CallLevel::Ansage, CallLevel::None),
    );
    let sheet = score_sheet_with(four(), &[re_won], &[], None, &bock()).unwrap();
    assert_eq!(sheet.bock_deals_owed(), 0);
    let sheet = score_sheet_with(four(), &[w9()], &[], None, &bock()).unwrap();
    assert_eq!(sheet.bock_deals_owed(), 4);
}

/// Penalty points are not the game's: a Bock deal doubles the game's entries only. W3
/// doubled, with B's minor violation (W30: −3, +1 each): [−2, 2, −2, 2] + [1, −3, 1, 1].
#[test]
fn bock_does_not_double_penalties() {
    let penalty = RecordedPenalty {
        id: 7,
        deal_number: 2,
        violation: Violation {
            severity: Severity::Minor,
            offender: 1,
            soloist: None,
            could_harm_soloist: false,
            opposing_absagen: 0,
            deduction: 0,
        },
    };
    let sheet = score_sheet_with(four(), &[w4(), w3()], &[penalty], None, &bock()).unwrap();
    assert_eq!(sheet.deals()[1].scores, [-1, -1, -1, 3]);
    assert_eq!(sheet.deals()[1].game_scores, [-2, 2, -2, 2]);
}

/// A deal thrown in is no game: it neither uses up a Bock game nor triggers one. A paper
/// entry is doubled like any game, but cannot trigger (the paper holds no calls).
#[test]
fn bock_skips_deals_thrown_in_and_doubles_paper_entries() {
    let both = rules(|r| {
        r.bock_rounds = true;
        r.five_nines = true;
    });
    let paper_w3 = SheetEntry::Paper(PaperDeal {
        contract: Contract::Normal,
        re: crate::deal::SeatSet::from_seats(&[1, 3]).unwrap(),
        value: 1,
        winner: Some(crate::deal::Party::Re),
    });
    let deals = [w4(), SheetEntry::ThrownIn, paper_w3, w3(), w3(), w3(), w3()];
    let sheet = score_sheet_with(four(), &deals, &[], None, &both).unwrap();
    assert_eq!(factors(&sheet), [1, 1, 2, 2, 2, 2, 1]);
    assert_eq!(sheet.deals()[2].scores, [-2, 2, -2, 2]);
    // A paper 120:120 (value 2 for Kontra) triggers nothing.
    let paper_tie = SheetEntry::Paper(PaperDeal {
        contract: Contract::Normal,
        re: crate::deal::SeatSet::from_seats(&[0, 3]).unwrap(),
        value: 2,
        winner: Some(crate::deal::Party::Kontra),
    });
    let sheet = score_sheet_with(four(), &[paper_tie], &[], None, &bock()).unwrap();
    assert_eq!(sheet.bock_deals_owed(), 0);
}

/// The scorer's switches reach the sheet: the soloist's factor (W22 lost 3: the soloist
/// writes −6 with a factor of 2), doubling (W9: Re and Kontra said, Re wins 121: won 1,
/// ×4 = 4 instead of the TSR's 5) and ten tricks without the nines.
#[test]
fn the_scorers_switches_reach_the_sheet() {
    let m2 = rules(|r| r.solo_multiplier = 2);
    let sheet = score_sheet_with(four(), &[w3(), w1(), w22()], &[], None, &m2).unwrap();
    assert_eq!(sheet.deals()[2].scores, [3, -6, 3, 3]);
    let doubling = rules(|r| r.announcements = AnnouncementScoring::Doubling);
    let sheet = score_sheet_with(four(), &[w9()], &[], None, &doubling).unwrap();
    assert_eq!(sheet.deals()[0].scores, [4, 4, -4, -4]);
    let no_nines = rules(|r| r.without_nines = true);
    let all_ten = recorded(Contract::Normal, &[1, 2], 240, 10, QUIET);
    let sheet = score_sheet_with(four(), &[all_ten], &[], None, &no_nines).unwrap();
    // Won 1 + four below-items, schwarz included.
    assert_eq!(sheet.deals()[0].scores, [-5, 5, 5, -5]);
    let eleven = recorded(Contract::Normal, &[1, 2], 240, 11, QUIET);
    assert_eq!(
        score_sheet_with(four(), &[eleven], &[], None, &no_nines).unwrap_err(),
        SheetScoreError::FactsInvalid {
            index: 0,
            number: 1,
            error: crate::deal::FactsError::TricksBeyondDeal {
                tricks: 11,
                max: 10
            }
        }
    );
    // The entry check of the next deal uses the round's rules too.
    let sheet = score_sheet_with(four(), &[], &[], None, &no_nines).unwrap();
    assert!(matches!(
        sheet.check_next(&eleven),
        Err(EntryError::FactsInvalid { number: 1, .. })
    ));
}

/// Edits follow the round's rules through its config: deleting the deal thrown in moves
/// the dealers back as the sheet without it has them.
#[test]
fn edits_follow_the_rules_of_the_config() {
    let config = four().with_rules(five_nines());
    let deals = [w3(), SheetEntry::ThrownIn, w1()];
    let deletion = delete(config, &deals, &[], None, 2).unwrap();
    let dealers: Vec<Seat> = deletion
        .sheet
        .deals()
        .iter()
        .map(|d| d.sheet.dealer)
        .collect();
    assert_eq!(dealers, [0, 1]);
    // Correcting deal 1 into a deal thrown in: seat 0 deals again, so deal 2 (thrown in)
    // and deal 3 are dealt by seat 0.
    let corrected = correct(config, &deals, &[], None, 0, &SheetEntry::ThrownIn).unwrap();
    let dealers: Vec<Seat> = corrected.deals().iter().map(|d| d.sheet.dealer).collect();
    assert_eq!(dealers, [0, 0, 0]);
}

/// Re-planning keeps the round's rules: W9 still scores under doubling (4, not the
/// TSR's 5) and deals thrown in do not count toward the new plan, so six entries thrown
/// in fit a plan of five deals, which under the TSR they never do.
#[test]
fn replanning_keeps_the_rules() {
    let rules = rules(|r| {
        r.five_nines = true;
        r.announcements = AnnouncementScoring::Doubling;
    });
    let config = four().with_rules(rules);
    let deals = [w3(), SheetEntry::ThrownIn, w9()];
    let sheet = replan(config, 6, &deals, &[], None).unwrap();
    assert_eq!(sheet.round().config().rules(), rules);
    assert_eq!(sheet.deals()[2].scores, [4, 4, -4, -4]);
    // Two games of six: four left, all of them forced solos.
    assert_eq!(sheet.round().deals_left(), 4);
    assert_eq!(sheet.round().next().unwrap().forced_soloist, Some(3));

    let thrown = [SheetEntry::ThrownIn; 6];
    let sheet = replan(config, 5, &thrown, &[], None).unwrap();
    assert_eq!(sheet.round().deals_left(), 5);
    assert_eq!(
        replan(four(), 5, &thrown, &[], None),
        Err(ReplanError::BelowEntered {
            planned: 5,
            entered: 6
        })
    );
    // Games a plan cannot hold (at four deals every deal is a forced solo): the order of
    // play refuses the sheet.
    let too_many = [w3(), w1(), w3()];
    assert!(matches!(
        replan(config, 4, &too_many, &[], None),
        Err(ReplanError::Sheet(_))
    ));
}

proptest! {
    /// Random rounds under random switches keep the rules: every seat plays one
    /// Pflichtsolo, a deal thrown in is dealt again by its dealer, the round has exactly
    /// its planned counting deals (unless time was called), and the sheet re-derives.
    #[test]
    fn random_house_rule_rounds_keep_the_rules(
        five_seats in any::<bool>(),
        throw_ins in any::<bool>(),
        on_top in any::<bool>(),
        extra in 0u16..=20,
        time_up_at in proptest::option::of(0usize..60),
        choices in proptest::collection::vec(any::<u32>(), 120),
    ) {
        let size = if five_seats { TableSize::Five } else { TableSize::Four };
        let seats = size.seats();
        let rules = rules(|r| {
            r.five_nines = throw_ins;
            r.solos_on_top = on_top;
        });
        let config = RoundConfig::new(size, u16::from(seats) + extra).unwrap().with_rules(rules);
        let mut round = Round::new(config);
        let mut entries = Vec::new();
        let mut time_up_after = None;
        let mut pflichtsoli = Vec::new();
        for (i, &choice) in choices.iter().enumerate() {
            if time_up_at == Some(i) && !round.is_complete() {
                round.time_up().unwrap();
                time_up_after = Some(entries.len());
            }
            let Some(next) = round.next() else { break };
            let players: Vec<Seat> =
                (0..seats).filter(|&s| Some(s) != next.sitting_out).collect();
            let pick = |salt: u32| players[(choice / salt) as usize % players.len()];
            let deal = match (next.forced_soloist, choice % 10) {
                (Some(forced), _) => solo(forced),
                (None, 0) if throw_ins => EnteredDeal::THROWN_IN,
                (None, 1 | 2) => solo(pick(7)),
                (None, _) => {
                    let a = pick(11);
                    let b = players.iter().copied().find(|&s| s != a).unwrap();
                    entry(Contract::Normal, &[a, b])
                }
            };
            let dealer_before = next.dealer;
            let sheet = round.record(&deal).unwrap();
            if sheet.kind == DealKind::ThrownIn {
                prop_assert_eq!(round.next().map(|n| n.dealer), Some(dealer_before));
            }
            if sheet.kind.is_pflichtsolo() {
                pflichtsoli.push(deal.re.iter().next().unwrap());
            }
            entries.push(deal);
        }
        prop_assert!(round.is_complete());
        pflichtsoli.sort_unstable();
        prop_assert_eq!(pflichtsoli, (0..seats).collect::<Vec<_>>());
        let counting = round
            .deals()
            .iter()
            .filter(|d| d.kind.counts_toward_plan(&rules))
            .count();
        if time_up_after.is_none() {
            let expected = usize::from(config.planned_deals());
            if on_top {
                let normal = round.deals().iter().filter(|d| d.kind == DealKind::Normal).count();
                prop_assert_eq!(normal, expected);
            } else {
                prop_assert_eq!(counting, expected);
            }
        }
        prop_assert_eq!(derive_with(config, &entries, time_up_after, &rules), Ok(round));
    }
}
