//! Season standings: a club's series of evenings ("Serie") ranked into one annual ranking
//! ("Jahreswertung"), by the ranking rules the club chose.
//!
//! Each evening is a tournament whose standings [`crate::standings`] computes; the caller
//! hands over every person's place, points and rounds of each evening ([`Evening`]), in the
//! order the evenings were held, and [`season_standings`] ranks the season. Nothing here
//! reads storage or the clock.
//!
//! Neither the TSR nor the DDV rules a club's season, and clubs differ, so the rules are
//! the club's ([`SeasonRules`]):
//!
//! - what an evening is worth ([`Scoring`]): its tournament points; placement points from a
//!   table, so that one runaway evening cannot decide the year; or points per round, fair to
//!   whoever played shorter evenings;
//! - best N of M ("Streichergebnisse", [`SeasonRules::best_of`]): only a person's best N
//!   results count, so that one bad or missed evening does not spoil his year;
//! - missed evenings ([`Missed`]): ignored, or a result of their own (0, or a penalty) that
//!   competes for the best N like any evening played;
//! - a minimum of evenings ([`SeasonRules::min_evenings`]): whoever played fewer is listed,
//!   but without a place, so that one lucky evening cannot top the year;
//! - tie-breaks ([`SeasonTieBreak`]), applied in the club's order.
//!
//! Best N: the candidates are the evenings a person played and, under [`Missed::Scores`],
//! every evening he missed. The N with the highest value count (under
//! [`Scoring::PerRound`] the highest points per round, compared exactly; an evening without
//! rounds is lowest). Among equal values the earlier evening is counted first, so the same
//! season always marks the same evenings. Under [`Scoring::Points`] and
//! [`Scoring::Placement`] that choice cannot change the score (equal values sum the same);
//! under [`Scoring::PerRound`] it can (10 in 1 round and 20 in 2 are equal, but weigh
//! differently in a sum), and "the earlier evening" is a rule a club can state in advance.
//!
//! Ranking: by score, highest first, then by the tie-breaks in order; persons still equal
//! share a place (competition ranking, "1, 2, 2, 4", as in [`crate::standings`]) and are
//! listed by person id, only so that the same input always gives the same list. The
//! unranked follow, by score, then by person id.
//!
//! Arithmetic is exact: integer sums, and points per round compared by cross-multiplication
//! in `i128`, never as floats. Sums of points are taken exactly in `i128` and only then
//! clamped to the ends of `i64`; rounds and counts saturate at the end of `u32`. Real
//! evenings stay far inside; absurd input gives a clamped result rather than a panic.
//!
//! [`season_standings`] reads any rules, also ones [`SeasonRules::validate`] refuses, in the
//! plain way: an empty placement table scores every place `otherwise`, `best_of` 0 counts
//! nothing, [`Missed::Scores`] under [`Scoring::PerRound`] is ignored (a missed evening has
//! no rounds to divide by), a repeated tie-break decides nothing new. The service refuses
//! such rules when a club saves them.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;

/// A person's id, as the service stores it.
pub type PersonId = i64;

/// The most evenings a season's rules may ask for (`best_of`, `min_evenings`): a season is
/// at most a year, at most one evening a day.
pub const MAX_EVENINGS: u32 = 366;

/// The most places a placement table may list; beyond them `otherwise` scores. No club
/// evening has more players than this.
pub const MAX_PLACEMENT_PLACES: usize = 200;

/// One person's result at one evening, from that tournament's standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EveningResult {
    /// Whose result it is.
    pub person: PersonId,
    /// His place that evening, from 1; persons sharing a place have the same one.
    pub place: u32,
    /// His tournament total that evening.
    pub points: i64,
    /// The rounds he played that evening.
    pub rounds: u32,
}

/// One evening of the season; evenings are handed over in the order they were held.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Evening {
    /// One result per person who played that evening, in any order.
    pub results: Vec<EveningResult>,
}

/// What an evening is worth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scoring {
    /// The evening's tournament points.
    Points,
    /// Placement points: `table[0]` for place 1, `table[1]` for place 2, ...; a place beyond
    /// the table scores `otherwise` (e.g. 1 point for taking part). A shared place gets that
    /// place's entry: two players sharing place 2 both get `table[1]`, as the evening could
    /// not tell them apart.
    Placement {
        /// The points for place 1, 2, ... in order.
        table: Vec<i64>,
        /// The points for a place beyond the table.
        otherwise: i64,
    },
    /// Points per round played: the season score is the sum of the counted evenings' points
    /// divided by the sum of their rounds, exact ([`SeasonScore::PerRound`]).
    PerRound,
}

/// How an evening a person did not play counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Missed {
    /// Not at all: only evenings played are results.
    Ignored,
    /// As a result of this value (e.g. 0, or negative points); it competes for the best N
    /// like any result. Not allowed with [`Scoring::PerRound`]: a missed evening has no
    /// rounds.
    Scores(i64),
}

/// A rule that orders persons with equal season scores. A club chooses a list of them,
/// applied in order: the second only decides between persons the first left equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeasonTieBreak {
    /// More evenings played first: rewards who kept coming.
    MoreEvenings,
    /// The places of the evenings played, each list sorted best first, compared element by
    /// element: the first difference decides (lower place wins); if one list is the start of
    /// the other, the longer list wins.
    BetterPlaces,
    /// Walking back from the latest evening, the first evening where the two differ decides:
    /// a played evening beats a missed one, a better place beats a worse one. Rewards the
    /// current form.
    LaterEvenings,
    /// More tournament points over all evenings played (raw points, whatever the scoring).
    MorePoints,
}

impl SeasonTieBreak {
    /// Every tie-break, in the order of the API's enumeration.
    pub const ALL: [SeasonTieBreak; 4] = [
        SeasonTieBreak::MoreEvenings,
        SeasonTieBreak::BetterPlaces,
        SeasonTieBreak::LaterEvenings,
        SeasonTieBreak::MorePoints,
    ];

    /// The snake_case name used on the wire and in storage.
    pub const fn name(self) -> &'static str {
        match self {
            SeasonTieBreak::MoreEvenings => "more_evenings",
            SeasonTieBreak::BetterPlaces => "better_places",
            SeasonTieBreak::LaterEvenings => "later_evenings",
            SeasonTieBreak::MorePoints => "more_points",
        }
    }

    /// The tie-break named `name` on the wire and in storage, if there is one.
    pub fn named(name: &str) -> Option<SeasonTieBreak> {
        SeasonTieBreak::ALL.into_iter().find(|t| t.name() == name)
    }

    /// `Less` when `a` ranks above `b` under this rule alone.
    fn compare(self, a: &Entry, b: &Entry) -> Ordering {
        match self {
            SeasonTieBreak::MoreEvenings => b.line.played.cmp(&a.line.played),
            SeasonTieBreak::BetterPlaces => a
                .places
                .iter()
                .zip(&b.places)
                .map(|(x, y)| x.cmp(y))
                .find(|order| order.is_ne())
                // One list is the start of the other: the longer one, more evenings at
                // least that good, is better.
                .unwrap_or_else(|| b.places.len().cmp(&a.places.len())),
            SeasonTieBreak::LaterEvenings => a
                .line
                .evenings
                .iter()
                .rev()
                .zip(b.line.evenings.iter().rev())
                .map(|(x, y)| match (x.place, y.place) {
                    (Some(x), Some(y)) => x.cmp(&y),
                    (Some(_), None) => Ordering::Less,
                    (None, Some(_)) => Ordering::Greater,
                    (None, None) => Ordering::Equal,
                })
                .find(|order| order.is_ne())
                .unwrap_or(Ordering::Equal),
            SeasonTieBreak::MorePoints => b.line.points.cmp(&a.line.points),
        }
    }
}

impl fmt::Display for SeasonTieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A club's ranking rules for a season.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeasonRules {
    /// What an evening is worth.
    pub scoring: Scoring,
    /// Count only the best N results (best N of M); `None`: all. More than the evenings
    /// held counts all of them.
    pub best_of: Option<u32>,
    /// Fewer evenings played than this: listed, but without a place (below the ranked,
    /// ordered by score then id). 0 and 1 rank everyone.
    pub min_evenings: u32,
    /// How a missed evening counts.
    pub missed: Missed,
    /// Applied in order after the score; players still equal share a place.
    pub tie_breaks: Vec<SeasonTieBreak>,
}

impl SeasonRules {
    /// Sum of points, all evenings, everyone ranked, missed evenings ignored, no
    /// tie-breaks: the plainest season, and the one a club has before it chooses.
    pub fn sum_of_points() -> SeasonRules {
        SeasonRules {
            scoring: Scoring::Points,
            best_of: None,
            min_evenings: 0,
            missed: Missed::Ignored,
            tie_breaks: Vec::new(),
        }
    }

    /// Checks the rules, fields in declaration order; the first fault found is the error.
    pub fn validate(&self) -> Result<(), SeasonRulesError> {
        if let Scoring::Placement { table, .. } = &self.scoring {
            if table.is_empty() {
                return Err(SeasonRulesError::EmptyPlacementTable);
            }
            if table.len() > MAX_PLACEMENT_PLACES {
                return Err(SeasonRulesError::PlacementTableTooLong {
                    places: table.len(),
                });
            }
        }
        match self.best_of {
            Some(0) => return Err(SeasonRulesError::BestOfZero),
            Some(best_of) if best_of > MAX_EVENINGS => {
                return Err(SeasonRulesError::BestOfTooHigh { best_of });
            }
            _ => {}
        }
        if self.min_evenings > MAX_EVENINGS {
            return Err(SeasonRulesError::MinEveningsTooHigh {
                min_evenings: self.min_evenings,
            });
        }
        if matches!(
            (&self.scoring, self.missed),
            (Scoring::PerRound, Missed::Scores(_))
        ) {
            return Err(SeasonRulesError::MissedScoresPerRound);
        }
        // A tie-break named again could never separate anybody it did not separate the
        // first time: a slip in the configuration.
        for (at, tie_break) in self.tie_breaks.iter().enumerate() {
            if self.tie_breaks.iter().take(at).any(|t| t == tie_break) {
                return Err(SeasonRulesError::RepeatedTieBreak(*tie_break));
            }
        }
        Ok(())
    }
}

/// Why a club's season rules cannot be saved ([`SeasonRules::validate`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SeasonRulesError {
    /// The placement table lists no place.
    #[error("the placement table lists no place")]
    EmptyPlacementTable,
    /// The placement table lists more than [`MAX_PLACEMENT_PLACES`] places.
    #[error("the placement table lists {places} places, at most {max} are allowed", max = MAX_PLACEMENT_PLACES)]
    PlacementTableTooLong {
        /// The places it lists.
        places: usize,
    },
    /// Best of 0 would count no evening at all.
    #[error("best of 0 evenings would count nothing; leave it empty to count all")]
    BestOfZero,
    /// Best of more than [`MAX_EVENINGS`].
    #[error("best of {best_of} evenings is more than a season's {max}", max = MAX_EVENINGS)]
    BestOfTooHigh {
        /// The N asked for.
        best_of: u32,
    },
    /// A minimum of more than [`MAX_EVENINGS`] evenings.
    #[error("a minimum of {min_evenings} evenings is more than a season's {max}", max = MAX_EVENINGS)]
    MinEveningsTooHigh {
        /// The minimum asked for.
        min_evenings: u32,
    },
    /// A value for missed evenings under points per round: a missed evening has no rounds.
    #[error("missed evenings cannot score a value when ranking by points per round")]
    MissedScoresPerRound,
    /// A tie-break listed twice.
    #[error("the tie-break {0} is listed twice")]
    RepeatedTieBreak(SeasonTieBreak),
}

impl SeasonRulesError {
    /// The snake_case code used on the wire.
    pub const fn code(&self) -> &'static str {
        match self {
            SeasonRulesError::EmptyPlacementTable => "empty_placement_table",
            SeasonRulesError::PlacementTableTooLong { .. } => "placement_table_too_long",
            SeasonRulesError::BestOfZero => "best_of_zero",
            SeasonRulesError::BestOfTooHigh { .. } => "best_of_too_high",
            SeasonRulesError::MinEveningsTooHigh { .. } => "min_evenings_too_high",
            SeasonRulesError::MissedScoresPerRound => "missed_scores_per_round",
            SeasonRulesError::RepeatedTieBreak(_) => "repeated_tie_break",
        }
    }

    /// The [`SeasonRules`] field at fault, as named on the wire.
    pub const fn field(&self) -> &'static str {
        match self {
            SeasonRulesError::EmptyPlacementTable
            | SeasonRulesError::PlacementTableTooLong { .. } => "scoring",
            SeasonRulesError::BestOfZero | SeasonRulesError::BestOfTooHigh { .. } => "best_of",
            SeasonRulesError::MinEveningsTooHigh { .. } => "min_evenings",
            SeasonRulesError::MissedScoresPerRound => "missed",
            SeasonRulesError::RepeatedTieBreak(_) => "tie_breaks",
        }
    }
}

/// A season score.
///
/// Equality and order are by value: `PerRound` 4 in 2 rounds equals 2 in 1 round, compared
/// exactly by cross-multiplication. A `PerRound` with 0 rounds has no average; it ranks
/// below every `PerRound` with rounds and equals every other one with 0 rounds. The two
/// variants never meet in one season (the rules fix the scoring); should they be compared,
/// every `Total` is below every `PerRound`, only so that the order is total.
#[derive(Debug, Clone, Copy)]
pub enum SeasonScore {
    /// A sum of counted values ([`Scoring::Points`], [`Scoring::Placement`]).
    Total(i64),
    /// Counted points over counted rounds ([`Scoring::PerRound`]).
    PerRound {
        /// The counted evenings' points.
        points: i64,
        /// The counted evenings' rounds.
        rounds: u32,
    },
}

impl SeasonScore {
    /// The score in hundredths of a point: a total × 100 (saturating); points per round
    /// rounded half away from zero (56 / 3 → 1867), as
    /// [`Average::hundredths`](crate::standings::Average::hundredths); 0 rounds → 0.
    pub fn hundredths(self) -> i64 {
        match self {
            SeasonScore::Total(total) => total.saturating_mul(100),
            SeasonScore::PerRound { rounds: 0, .. } => 0,
            SeasonScore::PerRound { points, rounds } => {
                // i128, so that points × 100 cannot overflow; rounds > 0 here.
                let scaled = i128::from(points) * 100;
                let rounds = i128::from(rounds);
                let magnitude = (scaled.abs() * 2 + rounds) / (rounds * 2);
                let rounded = if scaled < 0 { -magnitude } else { magnitude };
                i64::try_from(rounded).unwrap_or(if rounded < 0 { i64::MIN } else { i64::MAX })
            }
        }
    }
}

impl PartialEq for SeasonScore {
    fn eq(&self, other: &SeasonScore) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for SeasonScore {}

impl PartialOrd for SeasonScore {
    fn partial_cmp(&self, other: &SeasonScore) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SeasonScore {
    fn cmp(&self, other: &SeasonScore) -> Ordering {
        use SeasonScore::{PerRound, Total};
        match (*self, *other) {
            (Total(a), Total(b)) => a.cmp(&b),
            (PerRound { rounds: 0, .. }, PerRound { rounds: 0, .. }) => Ordering::Equal,
            (PerRound { rounds: 0, .. }, PerRound { .. }) => Ordering::Less,
            (PerRound { .. }, PerRound { rounds: 0, .. }) => Ordering::Greater,
            (
                PerRound {
                    points: a,
                    rounds: a_rounds,
                },
                PerRound {
                    points: b,
                    rounds: b_rounds,
                },
            ) => {
                // a/ar vs b/br with ar, br > 0 is a·br vs b·ar; i128 holds any i64 × u32.
                (i128::from(a) * i128::from(b_rounds)).cmp(&(i128::from(b) * i128::from(a_rounds)))
            }
            (Total(_), PerRound { .. }) => Ordering::Less,
            (PerRound { .. }, Total(_)) => Ordering::Greater,
        }
    }
}

impl fmt::Display for SeasonScore {
    /// A total as an integer ("123"); points per round with two decimals, rounded half away
    /// from zero ("18.67", "-2.67", "0.00" for no rounds).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeasonScore::Total(total) => write!(f, "{total}"),
            SeasonScore::PerRound { .. } => {
                let hundredths = self.hundredths();
                let sign = if hundredths < 0 { "-" } else { "" };
                let abs = hundredths.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
        }
    }
}

/// What one evening means for one person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EveningValue {
    /// His place that evening; `None`: he missed it.
    pub place: Option<u32>,
    /// His tournament points; 0 when missed.
    pub points: i64,
    /// Rounds he played; 0 when missed.
    pub rounds: u32,
    /// What the evening scores under the rules: points, placement points, or the
    /// [`Missed::Scores`] value; for a missed evening under [`Missed::Ignored`]: 0 (and never
    /// counted). Under [`Scoring::PerRound`]: the points.
    pub value: i64,
    /// Whether it is one of his results, competing for the best N: every evening he
    /// played, and one he missed only where the rules score it ([`Missed::Scores`], which
    /// [`Scoring::PerRound`] ignores). Pages show a value only for a result.
    pub result: bool,
    /// Whether it counts towards his score (best N).
    pub counted: bool,
}

/// One person's line in the season standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeasonLine {
    /// The person.
    pub person: PersonId,
    /// His place, from 1, shared with whoever the ranking cannot separate ("1, 2, 2, 4");
    /// `None`: fewer than [`SeasonRules::min_evenings`] played.
    pub place: Option<u32>,
    /// His season score from the counted evenings.
    pub score: SeasonScore,
    /// Evenings played.
    pub played: u32,
    /// Tournament points over all evenings played, counted or not.
    pub points: i64,
    /// One per evening of the season, in order.
    pub evenings: Vec<EveningValue>,
}

/// Why season standings cannot be computed from the evenings given: each is a bug or a
/// stale read in the caller, never a matter of the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SeasonError {
    /// A person has two results in one evening; one of them would be counted twice.
    #[error("person {person} has two results in evening {evening}")]
    PersonTwice {
        /// The evening, counted from 1.
        evening: usize,
        /// The person.
        person: PersonId,
    },
    /// A result has place 0; places count from 1.
    #[error("person {person} has place 0 in evening {evening}; places count from 1")]
    PlaceZero {
        /// The evening, counted from 1.
        evening: usize,
        /// The person.
        person: PersonId,
    },
}

/// A person's line while ranking, with his places best first for
/// [`SeasonTieBreak::BetterPlaces`].
struct Entry {
    line: SeasonLine,
    places: Vec<u32>,
}

/// The series standings: every person with at least one evening played; ranked lines first
/// (by place, equal places by person id), then the unranked (by score, then person id).
///
/// `evenings` are in the order they were held. Every result is checked first; see
/// [`SeasonError`]. The rules are read as they are (see the module doc for rules that
/// [`SeasonRules::validate`] refuses).
pub fn season_standings(
    rules: &SeasonRules,
    evenings: &[Evening],
) -> Result<Vec<SeasonLine>, SeasonError> {
    // Each person's results with their evening's index, in evening order. Evenings are
    // read in order, so a second result in the same evening is always the last one pushed.
    let mut results: BTreeMap<PersonId, Vec<(usize, EveningResult)>> = BTreeMap::new();
    for (at, evening) in evenings.iter().enumerate() {
        let number = at.saturating_add(1);
        for result in &evening.results {
            let person = result.person;
            if result.place == 0 {
                return Err(SeasonError::PlaceZero {
                    evening: number,
                    person,
                });
            }
            let own = results.entry(person).or_default();
            if own.last().is_some_and(|&(last, _)| last == at) {
                return Err(SeasonError::PersonTwice {
                    evening: number,
                    person,
                });
            }
            own.push((at, *result));
        }
    }

    let (mut ranked, mut unranked): (Vec<Entry>, Vec<Entry>) = results
        .into_iter()
        .map(|(person, own)| entry(rules, evenings.len(), person, &own))
        .partition(|entry| entry.line.played >= rules.min_evenings);

    ranked.sort_by(|a, b| compare(a, b, &rules.tie_breaks).then(a.line.person.cmp(&b.line.person)));
    unranked.sort_by(|a, b| {
        b.line
            .score
            .cmp(&a.line.score)
            .then(a.line.person.cmp(&b.line.person))
    });

    // Competition ranking: a person equal to the one above shares his place, otherwise he
    // takes his position. A position beyond u32 (never in a club) saturates.
    let mut places = Vec::with_capacity(ranked.len());
    let mut above: Option<(&Entry, u32)> = None;
    for (position, entry) in ranked.iter().enumerate() {
        let position = u32::try_from(position).map_or(u32::MAX, |p| p.saturating_add(1));
        let place = match above {
            Some((above, place)) if compare(above, entry, &rules.tie_breaks).is_eq() => place,
            _ => position,
        };
        places.push(place);
        above = Some((entry, place));
    }

    let mut lines: Vec<SeasonLine> = ranked
        .into_iter()
        .zip(places)
        .map(|(entry, place)| SeasonLine {
            place: Some(place),
            ..entry.line
        })
        .collect();
    lines.extend(unranked.into_iter().map(|entry| entry.line));
    Ok(lines)
}

/// `Less` when `a` ranks above `b`: score first, then the tie-breaks in order.
fn compare(a: &Entry, b: &Entry, tie_breaks: &[SeasonTieBreak]) -> Ordering {
    b.line.score.cmp(&a.line.score).then_with(|| {
        tie_breaks
            .iter()
            .map(|tie_break| tie_break.compare(a, b))
            .find(|order| order.is_ne())
            .unwrap_or(Ordering::Equal)
    })
}

/// One person's line, unplaced: his evenings valued, the best N marked, his score summed.
/// `own` holds his results with their evening's index, in evening order.
fn entry(
    rules: &SeasonRules,
    evening_count: usize,
    person: PersonId,
    own: &[(usize, EveningResult)],
) -> Entry {
    let mut own = own.iter().peekable();
    let mut evenings: Vec<EveningValue> = (0..evening_count)
        .map(|at| {
            let result = own
                .next_if(|(held, _)| *held == at)
                .map(|(_, result)| result);
            evening_value(rules, result)
        })
        .collect();

    // Best N: the stable sort keeps equal values in evening order, so the earlier evening
    // is counted first.
    let mut candidates: Vec<&mut EveningValue> = evenings
        .iter_mut()
        .filter(|evening| evening.result)
        .collect();
    candidates.sort_by_key(|evening| std::cmp::Reverse(worth(rules, evening)));
    let best_of = rules
        .best_of
        .map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX));
    for evening in candidates.into_iter().take(best_of) {
        evening.counted = true;
    }

    let counted = || evenings.iter().filter(|evening| evening.counted);
    let score = match rules.scoring {
        Scoring::PerRound => SeasonScore::PerRound {
            points: sum(counted().map(|e| e.points)),
            rounds: counted().fold(0, |sum: u32, e| sum.saturating_add(e.rounds)),
        },
        Scoring::Points | Scoring::Placement { .. } => {
            SeasonScore::Total(sum(counted().map(|e| e.value)))
        }
    };

    let mut places: Vec<u32> = evenings.iter().filter_map(|e| e.place).collect();
    places.sort_unstable();
    let played = evenings.iter().filter(|e| e.place.is_some());
    Entry {
        line: SeasonLine {
            person,
            place: None,
            score,
            played: played
                .clone()
                .fold(0, |count: u32, _| count.saturating_add(1)),
            points: sum(played.map(|e| e.points)),
            evenings,
        },
        places,
    }
}

/// The sum of `values`, exact in `i128` and only then clamped to `i64`, so that the order
/// of the evenings cannot matter (a saturating `i64` sum of `MAX`, `MAX`, `MIN` would give
/// -1). No `i128` sum of fewer than 2^64 `i64` values can overflow.
fn sum(values: impl Iterator<Item = i64>) -> i64 {
    let exact = values.fold(0i128, |sum, value| sum.saturating_add(i128::from(value)));
    i64::try_from(exact).unwrap_or(if exact < 0 { i64::MIN } else { i64::MAX })
}

/// One evening for one person under the rules, not yet marked counted; `result` is his
/// result, `None` when he missed the evening.
fn evening_value(rules: &SeasonRules, result: Option<&EveningResult>) -> EveningValue {
    match result {
        Some(result) => EveningValue {
            place: Some(result.place),
            points: result.points,
            rounds: result.rounds,
            value: match &rules.scoring {
                Scoring::Points | Scoring::PerRound => result.points,
                Scoring::Placement { table, otherwise } => result
                    .place
                    .checked_sub(1)
                    .and_then(|slot| usize::try_from(slot).ok())
                    .and_then(|slot| table.get(slot))
                    .copied()
                    .unwrap_or(*otherwise),
            },
            result: true,
            counted: false,
        },
        None => EveningValue {
            place: None,
            points: 0,
            rounds: 0,
            value: match (&rules.scoring, rules.missed) {
                (Scoring::PerRound, _) | (_, Missed::Ignored) => 0,
                (_, Missed::Scores(value)) => value,
            },
            result: matches!(rules.missed, Missed::Scores(_))
                && !matches!(rules.scoring, Scoring::PerRound),
            counted: false,
        },
    }
}

/// What an evening is worth when choosing the best N: its value, or under
/// [`Scoring::PerRound`] its points per round (exact; no rounds is lowest).
fn worth(rules: &SeasonRules, evening: &EveningValue) -> SeasonScore {
    match rules.scoring {
        Scoring::PerRound => SeasonScore::PerRound {
            points: evening.points,
            rounds: evening.rounds,
        },
        Scoring::Points | Scoring::Placement { .. } => SeasonScore::Total(evening.value),
    }
}

#[cfg(test)]
mod tests;
