//! Whatever numbers a client sends, the public entry points answer with a value or a typed
//! error and never panic. The release profile keeps overflow checks on, so an arithmetic
//! overflow on a client's number would be a panic (a 500 and a dead worker thread), not a
//! wrong answer; these properties feed the extremes of every integer type to each entry
//! point that takes client data.
//!
//! Each strategy mixes the whole range of a type with the small values that pass the first
//! checks, so that the deeper arithmetic is reached too. Where an answer is Ok, the
//! properties also check what must then hold (scores and penalties sum to zero, tables have
//! four or five players), so that "no panic" is not bought with a wrong result.

use domain::cards::Card;
use domain::deal::{
    Announcements, CallLevel, Contract, DealFacts, Extras, PaperFacts, Party, PartyExtras, SeatSet,
    TableSize, points_range,
};
use domain::penalty::{self, Severity, Violation};
use domain::replay::{CallKind, Event, ReplayRequest, replay};
use domain::score;
use domain::seating::{self, PlanRequest, SeatChange};
use domain::sheet::{self, EnteredDeal, Round, RoundConfig};
use domain::simulate::random_deal;
use domain::standings::{self, Average, SheetLine, TieBreak};
use proptest::prelude::*;
use proptest::sample::select;

/// Any `u8`, or one of the few that a 4- or 5-table accepts as a seat.
fn seat() -> impl Strategy<Value = u8> {
    prop_oneof![0u8..6, any::<u8>()]
}

fn table_size() -> impl Strategy<Value = TableSize> {
    prop_oneof![Just(TableSize::Four), Just(TableSize::Five)]
}

fn contract() -> impl Strategy<Value = Contract> {
    select(Contract::ALL.to_vec())
}

fn level() -> impl Strategy<Value = CallLevel> {
    select(CallLevel::ALL.to_vec())
}

/// A set from any seats: the checked constructor where it accepts them, else seat by seat
/// (which drops seats a set cannot hold).
fn seat_set() -> impl Strategy<Value = SeatSet> {
    proptest::collection::vec(seat(), 0..4).prop_map(|seats| {
        SeatSet::from_seats(&seats)
            .unwrap_or_else(|_| seats.iter().fold(SeatSet::EMPTY, |set, &s| set.with(s)))
    })
}

/// A count: any `u8`, or a small one that a real deal can have.
fn count() -> impl Strategy<Value = u8> {
    prop_oneof![0u8..4, any::<u8>()]
}

fn extras() -> impl Strategy<Value = Extras> {
    (count(), count(), count(), count(), count(), count()).prop_map(
        |(doppelkopf, fox, karlchen, karlchen_caught, fox_last_trick, heart_ten)| Extras {
            doppelkopf,
            fox,
            karlchen,
            karlchen_caught,
            fox_last_trick,
            heart_ten,
        },
    )
}

/// Facts whose table, parties and card points fit, so that validation gets as far as the
/// extras and the calls, with any counts of extras.
fn well_formed_facts() -> impl Strategy<Value = DealFacts> {
    (
        table_size(),
        contract(),
        any::<u32>(),
        0u8..=12,
        any::<u16>(),
        (level(), level()),
        (extras(), extras()),
    )
        .prop_map(
            |(table_size, contract, pick, re_tricks, spread, calls, extras)| {
                let seats = table_size.seats();
                let sitting_out = (table_size == TableSize::Five).then_some((pick % 5) as u8);
                let mut players: Vec<u8> = (0..seats).filter(|&s| Some(s) != sitting_out).collect();
                // Rotate by the pick so that every seat can be Re.
                let turn = (pick / 5) as usize % players.len();
                players.rotate_left(turn);
                let re_seats = &players[..usize::from(contract.re_size())];
                let (min, max) = points_range(re_tricks);
                let width = u16::from(max - min) + 1;
                let re_points = min + (spread % width) as u8;
                DealFacts {
                    table_size,
                    contract,
                    re: SeatSet::from_seats(re_seats).unwrap_or(SeatSet::EMPTY),
                    sitting_out,
                    re_points,
                    re_tricks,
                    announcements: Announcements {
                        re: calls.0,
                        kontra: calls.1,
                    },
                    extras: PartyExtras {
                        re: extras.0,
                        kontra: extras.1,
                    },
                    club_queens: None,
                }
            },
        )
}

/// Facts with any numbers at all.
fn any_facts() -> impl Strategy<Value = DealFacts> {
    (
        table_size(),
        contract(),
        seat_set(),
        proptest::option::of(seat()),
        prop_oneof![0u8..=240, any::<u8>()],
        prop_oneof![0u8..=12, any::<u8>()],
        (level(), level()),
        (extras(), extras()),
    )
        .prop_map(
            |(table_size, contract, re, sitting_out, re_points, re_tricks, calls, extras)| {
                DealFacts {
                    table_size,
                    contract,
                    re,
                    sitting_out,
                    re_points,
                    re_tricks,
                    announcements: Announcements {
                        re: calls.0,
                        kontra: calls.1,
                    },
                    extras: PartyExtras {
                        re: extras.0,
                        kontra: extras.1,
                    },
                    club_queens: None,
                }
            },
        )
}

fn violation() -> impl Strategy<Value = Violation> {
    (
        select(Severity::ALL.to_vec()),
        seat(),
        proptest::option::of(seat()),
        any::<bool>(),
        prop_oneof![0u8..6, any::<u8>()],
        prop_oneof![Just(0u8), 0u8..14, any::<u8>()],
    )
        .prop_map(
            |(severity, offender, soloist, could_harm_soloist, opposing_absagen, deduction)| {
                Violation {
                    severity,
                    offender,
                    soloist,
                    could_harm_soloist,
                    opposing_absagen,
                    deduction,
                }
            },
        )
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        (seat(), 0usize..24).prop_map(|(seat, kind)| Event::Play {
            seat,
            card: Card::DECK[kind],
        }),
        (seat(), select(CallKind::ALL.to_vec()))
            .prop_map(|(seat, call)| Event::Call { seat, call }),
    ]
}

/// A change to a legal deal: what a client could get wrong in an otherwise sane request.
#[derive(Debug, Clone)]
enum Mutation {
    Reseat(usize, u8),
    Drop(usize),
    Insert(usize, Event),
    Swap(usize, usize),
    Dealer(u8),
    Declarer(Option<u8>),
    Contract(Contract),
    Compulsory(bool),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), seat()).prop_map(|(i, s)| Mutation::Reseat(i, s)),
        any::<usize>().prop_map(Mutation::Drop),
        (any::<usize>(), event()).prop_map(|(i, e)| Mutation::Insert(i, e)),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Mutation::Swap(i, j)),
        seat().prop_map(Mutation::Dealer),
        proptest::option::of(seat()).prop_map(Mutation::Declarer),
        contract().prop_map(Mutation::Contract),
        any::<bool>().prop_map(Mutation::Compulsory),
    ]
}

fn mutate(req: &mut ReplayRequest, mutation: &Mutation) {
    let len = req.events.len();
    match *mutation {
        Mutation::Reseat(i, seat) if len > 0 => match &mut req.events[i % len] {
            Event::Play { seat: s, .. }
            | Event::Call { seat: s, .. }
            | Event::Announce { seat: s, .. }
            | Event::Give { seat: s, .. } => *s = seat,
        },
        Mutation::Drop(i) if len > 0 => {
            req.events.remove(i % len);
        }
        Mutation::Insert(i, event) => req.events.insert(i % (len + 1), event),
        Mutation::Swap(i, j) if len > 0 => req.events.swap(i % len, j % len),
        Mutation::Dealer(dealer) => req.dealer = dealer,
        Mutation::Declarer(declarer) => req.declarer = declarer,
        Mutation::Contract(contract) => req.contract = contract,
        Mutation::Compulsory(compulsory) => req.compulsory = compulsory,
        _ => {}
    }
}

/// Checks what a successful replay promises: facts the scorer accepts.
fn check_replay(req: &ReplayRequest) -> Result<(), TestCaseError> {
    if let Ok(played) = replay(req) {
        prop_assert_eq!(played.tricks.len(), 12);
        prop_assert_eq!(played.facts.validate(), Ok(()));
        prop_assert!(score(&played.facts).is_ok());
        for trick in &played.tricks {
            for i in 0..4 {
                prop_assert!(trick.player(i) < 4);
            }
        }
    }
    Ok(())
}

fn entered_deal() -> impl Strategy<Value = EnteredDeal> {
    (contract(), seat_set()).prop_map(|(contract, re)| EnteredDeal { contract, re })
}

/// A line with any numbers; `consistent` makes the counts fit each other so that the sums
/// are reached, not only the count check.
fn sheet_line() -> impl Strategy<Value = SheetLine> {
    (
        prop_oneof![0i64..6, any::<i64>()],
        prop_oneof![0u16..6, any::<u16>()],
        prop_oneof![-100i32..100, any::<i32>()],
        any::<[u16; 4]>(),
        any::<bool>(),
    )
        .prop_map(|(player, round, points, counts, consistent)| {
            let [mut deals, mut won, mut solos, mut solos_won] = counts;
            if consistent {
                deals = counts.iter().copied().max().unwrap_or(0);
                won = won.min(deals);
                solos = solos.min(deals);
                solos_won = solos_won.min(solos);
            }
            SheetLine {
                player,
                round,
                points,
                deals_played: deals,
                games_won: won,
                solos_played: solos,
                solos_won,
                adjusted: false,
            }
        })
}

fn seat_change() -> impl Strategy<Value = SeatChange> {
    let player = || prop_oneof![0u16..24, any::<u16>()];
    prop_oneof![
        (player(), player()).prop_map(|(a, b)| SeatChange::Swap(a, b)),
        (
            player(),
            prop_oneof![0usize..5, any::<usize>()],
            proptest::option::of(prop_oneof![0usize..7, any::<usize>()]),
        )
            .prop_map(|(player, table, seat)| SeatChange::Move {
                player,
                table,
                seat
            }),
        player().prop_map(SeatChange::Remove),
    ]
}

/// Rounds of tables with any player numbers, mostly from a small field.
fn hand_made_rounds() -> impl Strategy<Value = Vec<Vec<Vec<u16>>>> {
    let player = prop_oneof![4 => 0u16..24, 1 => any::<u16>()];
    let table = proptest::collection::vec(player, 0..7);
    let round = proptest::collection::vec(table, 0..6);
    proptest::collection::vec(round, 0..4)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn deal_facts_validate_and_score_without_panicking(
        facts in prop_oneof![any_facts(), well_formed_facts()],
        seat in any::<u8>(),
    ) {
        let checked = facts.validate();
        let scored = score(&facts);
        prop_assert_eq!(checked.clone(), scored.as_ref().map(|_| ()).map_err(Clone::clone));
        if let Ok(scored) = scored {
            // A deal moves points between players, it never makes or loses any.
            prop_assert_eq!(scored.scores().iter().sum::<i32>(), 0);
            prop_assert_eq!(scored.scores().len(), usize::from(facts.table_size.seats()));
        }
        let _ = facts.party_of(seat);
        for party in [Party::Re, Party::Kontra] {
            prop_assert!(facts.points_of(party) <= 240 || party == Party::Re);
            prop_assert!(facts.tricks_of(party) <= 12 || party == Party::Re);
            let e = facts.extras.of(party);
            let sum = [e.doppelkopf, e.fox, e.karlchen, e.karlchen_caught, e.fox_last_trick, e.heart_ten]
                .map(u16::from)
                .iter()
                .sum::<u16>();
            prop_assert_eq!(e.total(), sum);
        }
        let (min, max) = points_range(facts.re_tricks);
        prop_assert!(min <= max && max <= 240);
    }

    #[test]
    fn paper_summaries_validate_and_score_without_panicking(
        table_size in table_size(),
        contract in contract(),
        re in seat_set(),
        sitting_out in proptest::option::of(seat()),
        value in prop_oneof![0u16..40, any::<u16>()],
        winner in proptest::option::of(prop_oneof![Just(Party::Re), Just(Party::Kontra)]),
        seat in any::<u8>(),
    ) {
        let paper = PaperFacts { table_size, contract, re, sitting_out, value, winner };
        let checked = paper.validate();
        let scored = domain::score_paper(&paper);
        prop_assert_eq!(checked.clone(), scored.as_ref().map(|_| ()).map_err(Clone::clone));
        if let Ok(scored) = scored {
            prop_assert_eq!(scored.scores().iter().sum::<i32>(), 0);
            prop_assert_eq!(scored.scores().len(), usize::from(table_size.seats()));
            prop_assert!(value <= domain::max_value(contract));
        }
        let _ = paper.party_of(seat);
    }

    #[test]
    fn penalties_never_panic_and_sum_to_zero_but_a_deduction(
        size in table_size(),
        sitting_out in proptest::option::of(seat()),
        violations in proptest::collection::vec(violation(), 0..4),
        game in proptest::collection::vec(
            prop_oneof![-50i32..50, any::<i32>()], 4..=5),
    ) {
        let mut ruled = Vec::new();
        for violation in &violations {
            if let Ok(p) = penalty::penalty(size, sitting_out, violation) {
                // Zero-sum, except the deduction for unsportsmanlike conduct, which
                // credits nobody (TSR 9.7.2 b).
                let expected = if violation.severity == penalty::Severity::Unsportsmanlike {
                    -i32::from(violation.deduction)
                } else {
                    0
                };
                prop_assert_eq!(p.scores().iter().sum::<i32>(), expected, "{:?}", violation);
                prop_assert_eq!(p.balance(), expected);
                prop_assert!(violation.deduction <= penalty::MAX_DEDUCTION);
                prop_assert!(p.scores().iter().all(|s| s.abs() <= 24));
                ruled.push(p);
            }
        }
        let (entries, _) = penalty::sheet_entries(&game, &ruled);
        prop_assert_eq!(entries.len(), game.len());
    }

    #[test]
    fn replaying_any_request_never_panics(
        contract in contract(),
        declarer in proptest::option::of(seat()),
        dealer in seat(),
        compulsory in any::<bool>(),
        events in proptest::collection::vec(event(), 0..60),
        text in "[0-9]{0,4}:[A-Za-z0-9]{0,8}",
    ) {
        let req = ReplayRequest { contract, declarer, dealer, compulsory, events };
        check_replay(&req)?;
        let _ = text.parse::<Event>();
    }

    #[test]
    fn replaying_a_spoilt_legal_deal_never_panics(
        seed in any::<u64>(),
        mutations in proptest::collection::vec(mutation(), 0..4),
    ) {
        let mut req = random_deal(seed);
        for m in &mutations {
            mutate(&mut req, m);
        }
        check_replay(&req)?;
    }

    #[test]
    fn sheets_take_any_entries_without_panicking(
        size in table_size(),
        planned in prop_oneof![0u16..70, any::<u16>()],
        entries in proptest::collection::vec(entered_deal(), 0..70),
        forced_help in proptest::collection::vec(any::<bool>(), 70),
        time_up_after in proptest::option::of(prop_oneof![0usize..70, any::<usize>()]),
    ) {
        let config = match RoundConfig::new(size, planned) {
            Ok(config) => config,
            Err(_) => RoundConfig::standard(size),
        };
        let _ = sheet::derive(config, &entries, time_up_after);
        let mut round = Round::new(config);
        for (i, entry) in entries.iter().enumerate() {
            if time_up_after == Some(i) {
                let _ = round.time_up();
            }
            // Half the time play the forced solo, so that rounds also reach their end.
            let entry = match round.next().and_then(|n| n.forced_soloist) {
                Some(seat) if forced_help[i] => EnteredDeal {
                    contract: Contract::SoloQueens,
                    re: SeatSet::EMPTY.with(seat),
                },
                _ => *entry,
            };
            let before = round.clone();
            if round.record(&entry).is_err() {
                prop_assert_eq!(&round, &before, "a refused deal changes nothing");
            }
            prop_assert!(round.pflichtsolo_owed().len() <= usize::from(round.deals_left()));
            prop_assert!(round.deals().len() <= usize::from(config.planned_deals()));
        }
    }

    #[test]
    fn standings_take_any_lines_without_panicking(
        players in proptest::collection::vec(prop_oneof![0i64..6, any::<i64>()], 0..8),
        lines in proptest::collection::vec(sheet_line(), 0..24),
        rounds in prop_oneof![0u16..8, any::<u16>()],
        round in prop_oneof![0u16..8, any::<u16>()],
        tie_breaks in proptest::collection::vec(select(TieBreak::ALL.to_vec()), 0..4),
        average in (any::<i64>(), any::<u16>(), any::<i64>(), any::<u16>()),
    ) {
        if let Ok(table) = standings::standings(&players, &lines, rounds, &tie_breaks) {
            prop_assert_eq!(table.len(), players.len());
            prop_assert!(table.iter().all(|s| s.rank >= 1));
        }
        let _ = standings::round_standings(&players, &lines, rounds, round, &tie_breaks);
        let (points, n, other_points, other_n) = average;
        if let (Some(a), Some(b)) = (Average::new(points, n), Average::new(other_points, other_n)) {
            let _ = (a.hundredths(), a.to_string(), a.to_f64(), a.cmp(&b));
        } else {
            prop_assert!(n == 0 || other_n == 0);
        }
    }

    #[test]
    fn seating_changes_take_any_numbers_without_panicking(
        round in proptest::collection::vec(
            proptest::collection::vec(prop_oneof![4 => 0u16..24, 1 => any::<u16>()], 0..7),
            0..6),
        changes in proptest::collection::vec(seat_change(), 0..6),
        ranking in proptest::collection::vec(any::<u16>(), 0..40),
        rounds in hand_made_rounds(),
        keep_apart in proptest::collection::vec(
            proptest::collection::vec(prop_oneof![0u16..24, any::<u16>()], 0..4), 0..3),
    ) {
        if let Ok(after) = seating::rearrange(&round, &changes) {
            prop_assert!(after.iter().all(|t| (4..=5).contains(&t.len())));
        }
        if let Ok(tables) = seating::by_ranking(&ranking) {
            prop_assert_eq!(tables.concat(), ranking.clone());
        }
        let q = seating::evaluate(&rounds, &keep_apart);
        prop_assert!(q.min_five_table_duty <= q.max_five_table_duty);
    }
}

proptest! {
    // Each case may shuffle up to u16::MAX players: fewer cases keep the suite quick.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn seating_sizes_and_draws_take_any_field(
        players in prop_oneof![0u16..64, any::<u16>()],
        rounds in any::<u16>(),
        seed in ".{0,12}",
    ) {
        if let Ok(sizes) = seating::table_sizes(players) {
            prop_assert_eq!(sizes.iter().map(|&s| u32::from(s)).sum::<u32>(), u32::from(players));
            prop_assert!(sizes.iter().all(|&s| s == 4 || s == 5));
        }
        let _ = seating::repeat_lower_bound(players, rounds);
        if let Ok(draw) = seating::random_draw(players, &seed) {
            let mut seated: Vec<u16> = draw.concat();
            seated.sort_unstable();
            prop_assert!(seated.iter().copied().eq(0..players));
        }
    }

    #[test]
    fn plans_refuse_out_of_range_numbers_before_any_work(
        players in seating::MAX_PLAYERS + 1..=u16::MAX,
        rounds in seating::MAX_ROUNDS + 1..=u16::MAX,
        small in 4u16..40,
        stranger in any::<u16>(),
        seed in ".{0,12}",
    ) {
        let too_many = PlanRequest { players, rounds: 1, seed: seed.clone(), keep_apart: vec![] };
        prop_assert!(seating::plan(&too_many).is_err());
        let too_long = PlanRequest { players: small, rounds, seed: seed.clone(), keep_apart: vec![] };
        prop_assert!(seating::plan(&too_long).is_err());
        prop_assert!(seating::plan_after(small, &[], rounds, &seed, &[]).is_err());
        let history = vec![vec![vec![stranger, 0, 1, 2]]];
        let unknown = seating::next_round(small, &history, &seed, &[vec![stranger.max(small)]]);
        prop_assert!(unknown.is_err());
    }
}
