//! Deals shared by the replay's unit tests: legal tricks written seat by seat, and the
//! requests and expected errors built from them.

use super::*;
use crate::cards::{Card, trick_winner};
use crate::deal::{Contract, Seat, SeatSet};

/// Calls to insert into a built deal: (before play number, seat, call).
pub(super) type Calls = &'static [(usize, Seat, CallKind)];
/// A call expected to be too late: (cards in hand, cards needed).
pub(super) type TooLate = Option<(u8, u8)>;

pub(super) fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// Builds the events of a deal from its tricks, each given seat by seat
/// (`tricks[t][s]` is seat `s`'s card in trick `t`); the helper orders each trick from
/// its leader, who is the previous trick's winner under `contract`. `calls` are
/// inserted before the play with the given number (0–47; 48 = after the last card).
pub(super) fn build(
    contract: Contract,
    leader: Seat,
    tricks: &[[&str; 4]; 12],
    calls: &[(usize, Seat, CallKind)],
) -> Vec<Event> {
    let mut plays = Vec::new();
    let mut leader = leader;
    for trick in tricks {
        let order: Vec<Seat> = (0..4).map(|i| (leader + i) % 4).collect();
        let cards: [Card; 4] = [0, 1, 2, 3].map(|i| card(trick[usize::from(order[i])]));
        for (i, &seat) in order.iter().enumerate() {
            plays.push(Event::Play {
                seat,
                card: cards[i],
            });
        }
        leader = order[trick_winner(&cards, contract)];
    }
    let mut events = Vec::new();
    for (n, play) in plays.into_iter().enumerate() {
        for &(at, seat, call) in calls {
            if at == n {
                events.push(Event::Call { seat, call });
            }
        }
        events.push(play);
    }
    for &(at, seat, call) in calls {
        if at == 48 {
            events.push(Event::Call { seat, call });
        }
    }
    events
}

/// A normal game, seats 0 and 2 Re, seat 0 leads (dealer 3). Every trick is legal:
/// hands are the columns. Tricks won: 0, 0, 0, 2, 3, 0, 0, 1, 1, 1, 2, 2.
pub(super) const NORMAL: [[&str; 4]; 12] = [
    ["CA", "CT", "CA", "CT"], // 42 points: Doppelkopf for Re
    ["CK", "C9", "CK", "C9"],
    ["SA", "ST", "S9", "SA"],
    ["S9", "SK", "ST", "SK"],
    ["HA", "HK", "H9", "HA"],
    ["DQ", "HK", "D9", "H9"], // seats 0 and 2 are void in hearts and trump
    ["HT", "DA", "CQ", "DT"], // Kontra's fox caught by Re
    ["CQ", "HT", "SQ", "HQ"],
    ["CJ", "SQ", "HQ", "DQ"],
    ["SJ", "SJ", "DA", "HJ"], // Re's fox caught by Kontra; the first ♠J wins
    ["DK", "DJ", "HJ", "DJ"],
    ["DT", "D9", "CJ", "DK"], // Karlchen for Re
];

/// [`NORMAL`] with seat 0 holding both ♣Q (it swapped a ♦K for seat 2's ♣Q).
/// Tricks won: 0, 0, 0, 2, 3, 0, 0, 1, 1, 1, 0, 2.
pub(super) const BOTH_QUEENS: [[&str; 4]; 12] = [
    ["CA", "CT", "CA", "CT"],
    ["CK", "C9", "CK", "C9"],
    ["SA", "ST", "S9", "SA"],
    ["S9", "SK", "ST", "SK"],
    ["HA", "HK", "H9", "HA"],
    ["DQ", "HK", "D9", "H9"],
    ["HT", "DA", "DK", "DT"],
    ["CQ", "HT", "SQ", "HQ"],
    ["CJ", "SQ", "HQ", "DQ"],
    ["SJ", "SJ", "DA", "HJ"],
    ["CQ", "DJ", "HJ", "DJ"],
    ["DT", "D9", "CJ", "DK"],
];

/// [`BOTH_QUEENS`] where seat 1 takes trick 2 (and seat 3 trick 3), so a wedding of
/// seat 0 is clarified in trick 2. Tricks won: 0, 1, 3, 2, 3, 0, 0, 1, 1, 1, 0, 2.
pub(super) const WEDDING_TRICK_2: [[&str; 4]; 12] = [
    ["CA", "CT", "CA", "CT"],
    ["C9", "CK", "CK", "C9"],
    ["SA", "ST", "S9", "SA"],
    ["S9", "SK", "ST", "SK"],
    ["HA", "HK", "H9", "HA"],
    ["DQ", "HK", "D9", "H9"],
    ["HT", "DA", "DK", "DT"],
    ["CQ", "HT", "SQ", "HQ"],
    ["CJ", "SQ", "HQ", "DQ"],
    ["SJ", "SJ", "DA", "HJ"],
    ["CQ", "DJ", "HJ", "DJ"],
    ["DT", "D9", "CJ", "DK"],
];

pub(super) fn request(
    contract: Contract,
    declarer: Option<Seat>,
    dealer: Seat,
    events: Vec<Event>,
) -> ReplayRequest {
    ReplayRequest {
        contract,
        declarer,
        dealer,
        compulsory: false,
        events,
    }
}

pub(super) fn normal(calls: &[(usize, Seat, CallKind)]) -> ReplayRequest {
    request(
        Contract::Normal,
        None,
        3,
        build(Contract::Normal, 0, &NORMAL, calls),
    )
}

pub(super) fn wedding2(calls: &[(usize, Seat, CallKind)]) -> ReplayRequest {
    request(
        Contract::Wedding,
        Some(0),
        3,
        build(Contract::Wedding, 0, &WEDDING_TRICK_2, calls),
    )
}

pub(super) fn wedding_solo(calls: &[(usize, Seat, CallKind)]) -> ReplayRequest {
    request(
        Contract::Wedding,
        Some(0),
        3,
        build(Contract::Wedding, 0, &BOTH_QUEENS, calls),
    )
}

pub(super) fn seats(s: &[Seat]) -> SeatSet {
    SeatSet::from_seats(s).unwrap()
}

pub(super) fn err(event: Option<usize>, kind: ReplayErrorKind) -> Result<Replay, ReplayError> {
    Err(ReplayError { event, kind })
}

/// The event index of the first call `call` by `seat`.
pub(super) fn call_index(req: &ReplayRequest, seat: Seat, call: CallKind) -> usize {
    req.events
        .iter()
        .position(|e| *e == Event::Call { seat, call })
        .unwrap()
}

/// The calls by name, as the tests write them.
pub(super) use CallKind::{Kontra, No30, No60, No90, Re, Schwarz};

/// Builds a request under `rules` from its tricks, given seat by seat like [`build`]
/// (any number of tricks, so a deal without nines too). The order of each trick comes
/// from the rule engine itself, so a house rule that changes a trick's winner changes
/// the next trick's leader as it would at the table. `extra` are calls or announcements
/// inserted before the play with the given number (past the last: after it); they are
/// fed to the engine as well, and a refused one stays in the request for the replay to
/// report.
pub(super) fn build_with(
    rules: &crate::game::Ruleset,
    contract: Contract,
    declarer: Option<Seat>,
    dealer: Seat,
    tricks: &[[&str; 4]],
    extra: &[(usize, Event)],
) -> ReplayRequest {
    let mut hands = [[0u8; 24]; 4];
    for trick in tricks {
        for (seat, c) in trick.iter().enumerate() {
            hands[seat][card(c).index()] += 1;
        }
    }
    let mut engine = Engine::start_with(contract, declarer, dealer, false, hands, rules);
    let mut events = Vec::new();
    let insert = |n: usize, engine: &mut Engine, events: &mut Vec<Event>| {
        for &(at, event) in extra {
            if at == n {
                let _ = engine.apply(event);
                events.push(event);
            }
        }
    };
    let mut n = 0;
    for trick in tricks {
        for _ in 0..4 {
            insert(n, &mut engine, &mut events);
            let seat = engine.to_play();
            let event = Event::Play {
                seat,
                card: card(trick[usize::from(seat)]),
            };
            let _ = engine.apply(event);
            events.push(event);
            n += 1;
        }
    }
    insert(n, &mut engine, &mut events);
    request(contract, declarer, dealer, events)
}

/// The winners of a replay's tricks, in order.
pub(super) fn winners(replay: &Replay) -> Vec<Seat> {
    replay.tricks.iter().map(|t| t.winner).collect()
}
