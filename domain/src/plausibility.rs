//! Plausibility hints on a deal's facts: what is legal but more often a slip of the captain
//! than what happened at the table.
//!
//! [`crate::deal::FactsError`] refuses facts no deal can have (points that do not fit the
//! tricks, extras in a solo, a fox for a party without a trick). The hints here are for
//! facts that can be true and that the captain should look at once more before saving,
//! because they swing the score: a missed Absage turns the winner, 120 card points lose,
//! and a trick without card points costs schwarz. A hint never changes the score; the
//! deal is scored as entered.

use std::fmt;

use crate::deal::{CallLevel, DealFacts, Party};
use crate::game::Ruleset;
use crate::score::Scored;

/// One hint on a deal's facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    /// `party` made an Absage and missed it: the opponents reached the mark, so `party`
    /// loses (TSR 7.1.1, 7.1.2). Who wins is the score's business: the opponents, unless
    /// they missed an Absage of their own too, when nobody does (TSR 7.1.3).
    CallLost {
        /// The party that called.
        party: Party,
        /// Its highest call.
        call: CallLevel,
        /// The opponents' card points.
        opponent_points: u8,
        /// The opponents' tricks.
        opponent_tricks: u8,
    },
    /// `party` missed its Absage, and would have made it with the two parties' card points
    /// and tricks the other way round: the points were probably entered for the wrong
    /// party.
    PointsMaybeSwapped {
        /// The party that called.
        party: Party,
        /// Its highest call.
        call: CallLevel,
        /// Its card points.
        points: u8,
        /// The opponents' card points.
        opponent_points: u8,
    },
    /// `party` called schwarz and took all 240 card points, yet the opponents are entered
    /// with tricks, which loses the call. Legal (a trick of four nines holds no card
    /// points), but far more often the tricks were miscounted.
    PointsContradictSchwarz {
        /// The party that called schwarz.
        party: Party,
        /// The opponents' tricks as entered.
        opponent_tricks: u8,
    },
    /// `party` took all 240 card points without calling schwarz, yet the opponents are
    /// entered with tricks: if they took none, the deal is worth one point more (schwarz,
    /// TSR 7.2.2 a).
    AllPointsNotAllTricks {
        /// The party with every card point.
        party: Party,
        /// The opponents' tricks as entered.
        opponent_tricks: u8,
    },
    /// Nobody made an Absage and `party` lost with exactly 120 card points: Re needs 121,
    /// or Kontra 121 when only "Kontra" was said (TSR 7.1.1 no. 4, 7.1.2 no. 4).
    LostAt120 {
        /// The party with 120 card points.
        party: Party,
    },
}

impl Hint {
    /// The stable snake_case code used on the wire.
    pub const fn code(&self) -> &'static str {
        match self {
            Hint::CallLost { .. } => "call_lost",
            Hint::PointsMaybeSwapped { .. } => "points_maybe_swapped",
            Hint::PointsContradictSchwarz { .. } => "points_contradict_schwarz",
            Hint::AllPointsNotAllTricks { .. } => "all_points_not_all_tricks",
            Hint::LostAt120 { .. } => "lost_at_120",
        }
    }

    /// The party it is about: two hints of one kind (both parties missed their Absage)
    /// differ only by it.
    pub const fn party(&self) -> Party {
        match *self {
            Hint::CallLost { party, .. }
            | Hint::PointsMaybeSwapped { party, .. }
            | Hint::PointsContradictSchwarz { party, .. }
            | Hint::AllPointsNotAllTricks { party, .. }
            | Hint::LostAt120 { party } => party,
        }
    }
}

/// A party's name as written at the table.
const fn party_name(party: Party) -> &'static str {
    match party {
        Party::Re => "Re",
        Party::Kontra => "Kontra",
    }
}

/// A call's words as said at the table.
const fn call_name(call: CallLevel) -> &'static str {
    match call {
        CallLevel::None => "nothing",
        CallLevel::Ansage => "its Ansage",
        CallLevel::No90 => "keine 90",
        CallLevel::No60 => "keine 60",
        CallLevel::No30 => "keine 30",
        CallLevel::Schwarz => "schwarz",
    }
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Hint::CallLost {
                party,
                call: CallLevel::Schwarz,
                opponent_tricks,
                ..
            } => write!(
                f,
                "{} called schwarz, but {} took {opponent_tricks} trick(s): {} cannot win",
                party_name(party),
                party_name(party.other()),
                party_name(party),
            ),
            Hint::CallLost {
                party,
                call,
                opponent_points,
                ..
            } => write!(
                f,
                "{} called {}, but {} took {opponent_points} card points: {} cannot win",
                party_name(party),
                call_name(call),
                party_name(party.other()),
                party_name(party),
            ),
            Hint::PointsMaybeSwapped {
                party,
                call,
                points,
                opponent_points,
            } => write!(
                f,
                "{} called {} but is entered with {points} card points against {opponent_points}: \
                 the other way round the call is made; check whose points were entered",
                party_name(party),
                call_name(call),
            ),
            Hint::PointsContradictSchwarz {
                party,
                opponent_tricks,
            } => write!(
                f,
                "{} called schwarz and took all 240 card points, but {} is entered with \
                 {opponent_tricks} trick(s), which loses schwarz; if {} took no trick, enter \
                 every trick for {}",
                party_name(party),
                party_name(party.other()),
                party_name(party.other()),
                party_name(party),
            ),
            Hint::AllPointsNotAllTricks {
                party,
                opponent_tricks,
            } => write!(
                f,
                "{} took all 240 card points, but {} is entered with {opponent_tricks} \
                 trick(s); if {} took no trick, schwarz counts one point more",
                party_name(party),
                party_name(party.other()),
                party_name(party.other()),
            ),
            Hint::LostAt120 { party } => write!(
                f,
                "{} has exactly 120 card points and needs 121: {} wins",
                party_name(party),
                party_name(party.other()),
            ),
        }
    }
}

/// The hint on `party`'s Absage, if it missed it: the most specific of
/// [`Hint::PointsContradictSchwarz`], [`Hint::PointsMaybeSwapped`] and [`Hint::CallLost`],
/// one per missed call.
fn missed_call(facts: &DealFacts, party: Party, rules: &Ruleset) -> Option<Hint> {
    let call = facts.announcements.of(party);
    // Tricks as the "schwarz" Absage counts them (by card points where the rules say so).
    let (points, tricks) = (facts.points_of(party), facts.schwarz_tricks(party, rules));
    let opponents = party.other();
    let (opponent_points, opponent_tricks) = (
        facts.points_of(opponents),
        facts.schwarz_tricks(opponents, rules),
    );
    if call.absagen() == 0 || call.kept(opponent_points, opponent_tricks) {
        return None;
    }
    if call == CallLevel::Schwarz && opponent_points == 0 {
        return Some(Hint::PointsContradictSchwarz {
            party,
            opponent_tricks,
        });
    }
    if call.kept(points, tricks) {
        return Some(Hint::PointsMaybeSwapped {
            party,
            call,
            points,
            opponent_points,
        });
    }
    Some(Hint::CallLost {
        party,
        call,
        opponent_points,
        opponent_tricks,
    })
}

/// The hints on a deal's checked `facts`, as `scored` by [`crate::score()`]: Re's first,
/// then Kontra's. Empty for a deal that looks as it should.
pub fn hints(facts: &DealFacts, scored: &Scored) -> Vec<Hint> {
    hints_with(facts, scored, &Ruleset::DDV)
}

/// The hints as [`hints`], on a deal played by `rules`: Kontra's tricks are what Re left
/// of the deal's tricks ([`Ruleset::tricks`], ten without the nines), as `scored` by
/// [`crate::score::score_with`] under the same rules.
pub fn hints_with(facts: &DealFacts, scored: &Scored, rules: &Ruleset) -> Vec<Hint> {
    let mut hints = Vec::new();
    for party in [Party::Re, Party::Kontra] {
        hints.extend(missed_call(facts, party, rules));
        let opponent_tricks = facts.tricks_in(party.other(), rules);
        if facts.points_of(party) == 240
            && opponent_tricks > 0
            && facts.announcements.of(party) != CallLevel::Schwarz
        {
            hints.push(Hint::AllPointsNotAllTricks {
                party,
                opponent_tricks,
            });
        }
    }
    let absagen = facts.announcements.re.absagen() + facts.announcements.kontra.absagen();
    if absagen == 0 {
        let at_120 = [Party::Re, Party::Kontra]
            .into_iter()
            .find(|&p| facts.points_of(p) == 120 && scored.winner.party() == Some(p.other()));
        hints.extend(at_120.map(|party| Hint::LostAt120 { party }));
    }
    hints
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{Announcements, Contract, PartyExtras, SeatSet, TableSize};

    fn facts(re_points: u8, re_tricks: u8, re: CallLevel, kontra: CallLevel) -> DealFacts {
        DealFacts {
            table_size: TableSize::Four,
            contract: Contract::Normal,
            re: SeatSet::from_seats(&[0, 2]).unwrap(),
            sitting_out: None,
            re_points,
            re_tricks,
            announcements: Announcements { re, kontra },
            extras: PartyExtras::default(),
            club_queens: None,
        }
    }

    fn hints_of(facts: &DealFacts) -> Vec<Hint> {
        hints(facts, &crate::score(facts).unwrap())
    }

    /// Without the nines Re's 10 tricks are all of them: a schwarz called and made is no
    /// hint, where counting twelve tricks would leave Kontra two empty ones and say the
    /// tricks contradict the call.
    #[test]
    fn without_nines_kontra_has_what_re_left_of_ten_tricks() {
        let rules = Ruleset {
            without_nines: true,
            ..Ruleset::DDV
        };
        let schwarz = facts(240, 10, CallLevel::Schwarz, CallLevel::None);
        let scored = crate::score::score_with(&schwarz, &rules).unwrap();
        assert_eq!(scored.winner, crate::Winner::Re);
        assert_eq!(hints_with(&schwarz, &scored, &rules), []);
        assert_eq!(
            hints_of(&schwarz),
            [Hint::PointsContradictSchwarz {
                party: Party::Re,
                opponent_tricks: 2,
            }]
        );
    }

    #[test]
    fn a_plain_won_deal_has_no_hint() {
        assert_eq!(
            hints_of(&facts(130, 7, CallLevel::None, CallLevel::None)),
            []
        );
        // Re called keine 90 and made it: Kontra 85.
        assert_eq!(
            hints_of(&facts(155, 8, CallLevel::No90, CallLevel::None)),
            []
        );
        // Kontra won against Re's plain "Re" with 130: nothing suspicious.
        assert_eq!(
            hints_of(&facts(110, 5, CallLevel::Ansage, CallLevel::None)),
            []
        );
    }

    #[test]
    fn re_called_keine_90_and_got_140_lost_the_call() {
        let f = facts(140, 7, CallLevel::No90, CallLevel::None);
        assert_eq!(crate::score(&f).unwrap().winner, crate::Winner::Kontra);
        let hints = hints_of(&f);
        assert_eq!(
            hints,
            [Hint::CallLost {
                party: Party::Re,
                call: CallLevel::No90,
                opponent_points: 100,
                opponent_tricks: 5,
            }]
        );
        assert_eq!(hints[0].code(), "call_lost");
        assert_eq!(
            hints[0].to_string(),
            "Re called keine 90, but Kontra took 100 card points: Re cannot win"
        );
    }

    #[test]
    fn kontra_called_keine_60_and_re_got_60_lost_the_call() {
        let hints = hints_of(&facts(60, 3, CallLevel::None, CallLevel::No60));
        assert_eq!(
            hints,
            [Hint::CallLost {
                party: Party::Kontra,
                call: CallLevel::No60,
                opponent_points: 60,
                opponent_tricks: 3,
            }]
        );
    }

    #[test]
    fn a_missed_call_that_the_swapped_points_make_is_named_so() {
        // Re called keine 90 and is entered with 80: Kontra's 160 were probably Re's.
        let hints = hints_of(&facts(80, 4, CallLevel::No90, CallLevel::None));
        assert_eq!(
            hints,
            [Hint::PointsMaybeSwapped {
                party: Party::Re,
                call: CallLevel::No90,
                points: 80,
                opponent_points: 160,
            }]
        );
        assert_eq!(hints[0].code(), "points_maybe_swapped");
        assert!(hints[0].to_string().contains("80 card points against 160"));
    }

    #[test]
    fn schwarz_called_with_all_points_but_a_trick_short() {
        // Re called schwarz, took 240 card points in 11 tricks; Kontra's trick holds four
        // nines. Legal, and schwarz is lost.
        let f = facts(240, 11, CallLevel::Schwarz, CallLevel::None);
        assert_eq!(crate::score(&f).unwrap().winner, crate::Winner::Kontra);
        let hints = hints_of(&f);
        assert_eq!(
            hints,
            [Hint::PointsContradictSchwarz {
                party: Party::Re,
                opponent_tricks: 1,
            }]
        );
        assert_eq!(hints[0].code(), "points_contradict_schwarz");
        // With 12 tricks the call is made and nothing is suspicious.
        assert_eq!(
            hints_of(&facts(240, 12, CallLevel::Schwarz, CallLevel::None)),
            []
        );
    }

    #[test]
    fn schwarz_missed_by_tricks_with_points_is_a_plain_lost_call() {
        // Kontra took 1 trick with 10 card points against Re's schwarz.
        let hints = hints_of(&facts(230, 11, CallLevel::Schwarz, CallLevel::None));
        assert_eq!(
            hints,
            [Hint::CallLost {
                party: Party::Re,
                call: CallLevel::Schwarz,
                opponent_points: 10,
                opponent_tricks: 1,
            }]
        );
        assert_eq!(
            hints[0].to_string(),
            "Re called schwarz, but Kontra took 1 trick(s): Re cannot win"
        );
    }

    #[test]
    fn all_points_without_all_tricks_costs_schwarz() {
        let f = facts(240, 10, CallLevel::None, CallLevel::None);
        let hints = hints_of(&f);
        assert_eq!(
            hints,
            [Hint::AllPointsNotAllTricks {
                party: Party::Re,
                opponent_tricks: 2,
            }]
        );
        assert_eq!(hints[0].code(), "all_points_not_all_tricks");
        // The same for Kontra: Re took two tricks of nines.
        let kontra = hints_of(&facts(0, 2, CallLevel::None, CallLevel::None));
        assert_eq!(
            kontra,
            [Hint::AllPointsNotAllTricks {
                party: Party::Kontra,
                opponent_tricks: 2,
            }]
        );
    }

    #[test]
    fn re_with_exactly_120_loses() {
        let f = facts(120, 6, CallLevel::None, CallLevel::None);
        let hints = hints_of(&f);
        assert_eq!(hints, [Hint::LostAt120 { party: Party::Re }]);
        assert_eq!(hints[0].code(), "lost_at_120");
        assert_eq!(
            hints[0].to_string(),
            "Re has exactly 120 card points and needs 121: Kontra wins"
        );
        // Only "Kontra" said: Re wins with 120 and Kontra loses with its 120.
        let only_kontra = hints_of(&facts(120, 6, CallLevel::None, CallLevel::Ansage));
        assert_eq!(
            only_kontra,
            [Hint::LostAt120 {
                party: Party::Kontra
            }]
        );
        // With an Absage the marks are the Absage's, not 121.
        let absage = hints_of(&facts(120, 6, CallLevel::None, CallLevel::No90));
        assert!(absage.iter().all(|h| h.code() != "lost_at_120"));
    }

    #[test]
    fn both_parties_missing_their_absagen_get_a_hint_each() {
        // Re keine 90, Kontra keine 90, Re 120: both reached 90 (TSR 7.1.3).
        let f = facts(120, 6, CallLevel::No90, CallLevel::No90);
        assert_eq!(crate::score(&f).unwrap().winner, crate::Winner::None);
        let hints = hints_of(&f);
        let codes: Vec<&str> = hints.iter().map(Hint::code).collect();
        assert_eq!(codes, ["call_lost", "call_lost"]);
        // Neither hint names a winner: nobody wins.
        let texts: Vec<String> = hints.iter().map(ToString::to_string).collect();
        assert_eq!(
            texts,
            [
                "Re called keine 90, but Kontra took 120 card points: Re cannot win",
                "Kontra called keine 90, but Re took 120 card points: Kontra cannot win",
            ]
        );
    }

    #[test]
    fn solos_get_the_same_hints() {
        let mut f = facts(110, 5, CallLevel::No90, CallLevel::None);
        f.contract = Contract::SoloQueens;
        f.re = SeatSet::from_seats(&[1]).unwrap();
        let codes: Vec<&str> = hints_of(&f).iter().map(Hint::code).collect();
        assert_eq!(codes, ["call_lost"]);
    }
}
