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
    assert_eq!(replayed.facts.validate_with(rules), Ok(()));
    replayed
}

fn extras(doppelkopf: u8, fox: u8, karlchen: u8, karlchen_caught: u8) -> Extras {
    Extras {
        doppelkopf,
        fox,
        karlchen,
        karlchen_caught,
        fox_last_trick: 0,
        heart_ten: 0,
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

mod announcements;
mod armut;
mod calls;
mod cards;
mod nines;
mod random;
mod variants;
