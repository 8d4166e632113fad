//! Tournament standings: each player's total, his points per round, his deal, game and solo
//! counts, his average per round and his rank, from his lines on the score sheets.
//!
//! The TSR has no standings rule. DDV practice (brief §13) is that a player's result is the
//! plain sum of his sheet entries over all rounds, penalty points included, and the DDV
//! ranking list compares players by their average per round ("Rundenschnitt"). This module
//! owns exactly that arithmetic and the ranking. The caller derives every table's sheet with
//! [`crate::sheet`] and [`crate::score`](mod@crate::score) and hands over one [`SheetLine`]
//! per player and round; [`standings`] and [`round_standings`] check, sum and rank them.
//! Nothing here reads sheets, storage or the clock. Who is ranked is [`field`]: every
//! entrant, except one who withdrew before he played a deal (he never took part, so he has
//! no place on the DDV ranking list) and one disqualified whose results the arbitration
//! panel struck (TSR 9.7.2 c); a player who withdrew later, or was disqualified with his
//! results kept, keeps his rounds and his place (the service marks him). Standings after an earlier round are the standings of the lines up to that
//! round.
//!
//! Ranking: by total, highest first. Equal totals share a rank (competition ranking,
//! "1, 2, 2, 4") unless the tournament chose tie-breaks ([`TieBreak`]), which are applied in
//! the order it chose. The TSR and the DDV define none (brief §13 leaves it open), so the
//! default, [`DDV_TIE_BREAKS`], is the empty list. Players still equal are listed by player
//! id, only so that the same input always gives the same list.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;

/// A player's id, as the service stores it.
pub type PlayerId = i64;

/// One player's line on one table's score sheet for one round, as derived from that sheet.
///
/// The counts must be consistent ([`StandingsError::ImpossibleCounts`]): nobody wins more
/// games, or plays more solos, than he played deals, nor wins more solos than he played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SheetLine {
    /// Whose line it is.
    pub player: PlayerId,
    /// The round, counted from 1.
    pub round: u16,
    /// The sum of his entries on the sheet, penalty points included (TSR 9; brief §13).
    pub points: i32,
    /// The deals he played; deals he sat out at a 5-table (TSR 10.1) do not count.
    pub deals_played: u16,
    /// The deals whose game entry (penalties not counted) is positive for him.
    pub games_won: u16,
    /// The deals he played as soloist: Pflichtsoli, Lustsoli and vorgeführte Pflichtsoli
    /// ([`crate::sheet::DealKind`] other than `Normal`). Wedding solos and silent weddings
    /// are normal games on the sheet (TSR 4.4.3 b, 4.4.5) and do not count.
    pub solos_played: u16,
    /// The solos counted in `solos_played` that he won ([`crate::Winner::Re`]).
    pub solos_won: u16,
    /// The organiser set this line's points for a table that could not play its round
    /// ([`crate::table::Adjustment`]): no deal stands behind them.
    pub adjusted: bool,
}

/// A rule that orders players with equal totals. A tournament chooses a list of them, applied
/// in order: the second only decides between players the first left equal, and so on.
///
/// The TSR and the DDV name no tie-break (brief §13), so the DDV default is none at all,
/// [`DDV_TIE_BREAKS`]: equal totals share a rank. The rules offered here use only what the
/// sheets already hold, so a tie-break can be checked by anyone holding the score sheets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// More won games first: rewards winning often over a few high-valued games.
    MostGamesWon,
    /// The better best single round first; a player without any round comes last. Rewards the
    /// single strongest performance, a common choice when rounds are few (a 3-round RLT).
    BestRound,
    /// The better average per deal played first (total ÷ deals played, compared exactly). At
    /// equal totals this favours, for a positive total, whoever needed fewer deals and, for a
    /// negative total, whoever spread the loss over more deals; it matters when deals
    /// differ, as after a time-up (TSR 8.5.1). A player with no deals counts as one deal,
    /// so his average is his total.
    BestAveragePerDeal,
    /// More won solos first: rewards the riskiest games. Pflichtsoli are played by everyone,
    /// so this mostly separates who won his compulsory solo.
    MostSolosWon,
}

/// Why a tie-break cannot stand at its place in an order ([`TieBreak::faults`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderFault {
    /// No tie-break has that name.
    Unknown,
    /// It stands earlier in the order already.
    Repeated,
}

/// The DDV default: no tie-breaks, equal totals share a rank (the TSR and the DDV define none).
pub const DDV_TIE_BREAKS: &[TieBreak] = &[];

impl TieBreak {
    /// Every tie-break, in the order of the API's enumeration.
    pub const ALL: [TieBreak; 4] = [
        TieBreak::MostGamesWon,
        TieBreak::BestRound,
        TieBreak::BestAveragePerDeal,
        TieBreak::MostSolosWon,
    ];

    /// The tie-break named `name` on the wire and in storage, if there is one.
    pub fn named(name: &str) -> Option<TieBreak> {
        TieBreak::ALL.into_iter().find(|t| t.as_str() == name)
    }

    /// What is wrong with an order of tie-breaks given by name: each fault with the place
    /// (0-based) it stands at. A rule the service does not know, or one named again, cannot
    /// be applied: the second time it could never separate anybody the first time did not.
    pub fn faults(names: &[&str]) -> Vec<(usize, OrderFault)> {
        names
            .iter()
            .enumerate()
            .filter_map(|(i, name)| {
                if TieBreak::named(name).is_none() {
                    Some((i, OrderFault::Unknown))
                } else if names[..i].contains(name) {
                    Some((i, OrderFault::Repeated))
                } else {
                    None
                }
            })
            .collect()
    }

    /// The snake_case name used on the wire and in storage.
    pub const fn as_str(self) -> &'static str {
        match self {
            TieBreak::MostGamesWon => "most_games_won",
            TieBreak::BestRound => "best_round",
            TieBreak::BestAveragePerDeal => "best_average_per_deal",
            TieBreak::MostSolosWon => "most_solos_won",
        }
    }

    /// `Less` when `a` ranks above `b` under this rule alone.
    fn compare(self, a: &Standing, b: &Standing) -> Ordering {
        match self {
            TieBreak::MostGamesWon => b.games_won.cmp(&a.games_won),
            // `None` (no round played) is below every score, which is what `Option`'s order
            // gives.
            TieBreak::BestRound => best_round(b).cmp(&best_round(a)),
            TieBreak::BestAveragePerDeal => {
                // Cross-multiplied so the comparison is exact; i128 holds any i64 × u32.
                let per_deal = |s: &Standing, other: &Standing| {
                    i128::from(s.total) * i128::from(other.deals_played.max(1))
                };
                per_deal(b, a).cmp(&per_deal(a, b))
            }
            TieBreak::MostSolosWon => b.solos_won.cmp(&a.solos_won),
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

fn best_round(standing: &Standing) -> Option<i32> {
    standing.rounds.iter().flatten().copied().max()
}

/// An exact average of points per round: a fraction, never rounded, so that sorting by it
/// (as the DDV ranking list does) can never turn on a rounding error.
///
/// Equality and order are by value: 4 points in 2 rounds equal 2 points in 1 round. For
/// display use [`Average::hundredths`] or `Display` ("18.67").
#[derive(Debug, Clone, Copy)]
pub struct Average {
    points: i64,
    rounds: u16,
}

impl Average {
    /// `points` over `rounds`; `None` when `rounds` is 0, which has no average.
    pub const fn new(points: i64, rounds: u16) -> Option<Average> {
        if rounds == 0 {
            None
        } else {
            Some(Average { points, rounds })
        }
    }

    /// The points summed over the rounds (the numerator).
    pub const fn points(self) -> i64 {
        self.points
    }

    /// The rounds the points were made in (the denominator, at least 1).
    pub const fn rounds(self) -> u16 {
        self.rounds
    }

    /// The average in hundredths of a point, rounded half away from zero (56 / 3 → 1867).
    pub fn hundredths(self) -> i64 {
        // i128, so that points × 100 cannot overflow. The result saturates only beyond
        // i64::MAX / 100 points per round, far above any standing (i32 points per round).
        let scaled = i128::from(self.points) * 100;
        let rounds = i128::from(self.rounds);
        let magnitude = (scaled.abs() * 2 + rounds) / (rounds * 2);
        let rounded = if scaled < 0 { -magnitude } else { magnitude };
        i64::try_from(rounded).unwrap_or(if rounded < 0 { i64::MIN } else { i64::MAX })
    }

    /// The average as a float, for charts and statistics; never for ranking.
    pub fn to_f64(self) -> f64 {
        self.points as f64 / f64::from(self.rounds)
    }
}

impl PartialEq for Average {
    fn eq(&self, other: &Average) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Average {}

impl PartialOrd for Average {
    fn partial_cmp(&self, other: &Average) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Average {
    fn cmp(&self, other: &Average) -> Ordering {
        // a/b vs c/d with b, d > 0 is a·d vs c·b; i128 holds any i64 × u16.
        (i128::from(self.points) * i128::from(other.rounds))
            .cmp(&(i128::from(other.points) * i128::from(self.rounds)))
    }
}

impl fmt::Display for Average {
    /// Two decimals, rounded half away from zero: "18.67", "-2.67", "0.00".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hundredths = self.hundredths();
        let sign = if hundredths < 0 { "-" } else { "" };
        let abs = hundredths.unsigned_abs();
        write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

/// One player's place in the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// The player.
    pub player: PlayerId,
    /// His rank, from 1; players the ranking cannot separate share a rank and the next rank
    /// skips accordingly ("1, 2, 2, 4").
    pub rank: u32,
    /// The sum of his lines' points, penalties included. `i64`, because the sum of many
    /// `i32` lines may not fit an `i32`.
    pub total: i64,
    /// His points per round: index 0 is round 1; `None` where he has no line (did not play,
    /// or, in [`round_standings`], another round).
    pub rounds: Vec<Option<i32>>,
    /// The deals he played (sum of [`SheetLine::deals_played`]).
    pub deals_played: u32,
    /// The games he won (sum of [`SheetLine::games_won`]).
    pub games_won: u32,
    /// The solos he played (sum of [`SheetLine::solos_played`]).
    pub solos_played: u32,
    /// The solos he won (sum of [`SheetLine::solos_won`]).
    pub solos_won: u32,
    /// The total over the rounds he has a line in, as the DDV ranking list uses it; `None`
    /// when he has none.
    pub average_per_round: Option<Average>,
    /// Per round as `rounds`: whether the organiser set that round's points (a table that
    /// could not play, [`SheetLine::adjusted`]).
    pub adjusted: Vec<bool>,
}

impl Standing {
    fn empty(player: PlayerId, rounds: u16) -> Standing {
        Standing {
            player,
            rank: 0,
            total: 0,
            rounds: vec![None; usize::from(rounds)],
            deals_played: 0,
            games_won: 0,
            solos_played: 0,
            solos_won: 0,
            average_per_round: None,
            adjusted: vec![false; usize::from(rounds)],
        }
    }

    /// The rounds (from 1) whose result the organiser set ([`Standing::adjusted`]).
    pub fn adjusted_rounds(&self) -> Vec<u16> {
        (1..=u16::MAX)
            .zip(&self.adjusted)
            .filter_map(|(round, &set)| set.then_some(round))
            .collect()
    }

    fn add(&mut self, line: &SheetLine) {
        // No overflow: one line per round (checked) and at most u16::MAX rounds, so every
        // count is below 2^16 · 2^16 = 2^32 and the total far inside i64.
        self.total += i64::from(line.points);
        self.deals_played += u32::from(line.deals_played);
        self.games_won += u32::from(line.games_won);
        self.solos_played += u32::from(line.solos_played);
        self.solos_won += u32::from(line.solos_won);
    }
}

/// A registered player, as [`field`] needs him.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entrant {
    /// The player.
    pub player: PlayerId,
    /// Whether he has withdrawn from the tournament.
    pub withdrawn: bool,
    /// Whether he was disqualified and the arbitration panel struck his results (TSR 9.7.2
    /// c): he is not ranked. The other players keep their entries from the deals he
    /// played; the TSR's sheet entries are each player's own.
    pub struck: bool,
}

/// The players the standings rank, in the order given: every entrant except one who
/// withdrew and played no deal (`played` says who played at least one) and one disqualified
/// with his results struck. The first never took part; one who withdrew after playing keeps
/// his place and his rounds.
pub fn field(entrants: &[Entrant], played: impl Fn(PlayerId) -> bool) -> Vec<PlayerId> {
    entrants
        .iter()
        .filter(|e| !e.struck)
        .filter(|e| !e.withdrawn || played(e.player))
        .map(|e| e.player)
        .collect()
}

/// Why standings cannot be computed from the lines given: each is a bug or a stale read in
/// the caller, never a matter of the rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError {
    /// A player appears twice in the player list.
    #[error("player {player} is listed twice")]
    DuplicatePlayer {
        /// The player listed twice.
        player: PlayerId,
    },
    /// A line belongs to a player who is not in the player list.
    #[error("player {player} has a line in round {round} but is not in the player list")]
    UnknownPlayer {
        /// The player of the line.
        player: PlayerId,
        /// The round of the line.
        round: u16,
    },
    /// A line's round is 0 or after the last round.
    #[error("player {player} has a line in round {round}, but the rounds are 1 to {rounds}")]
    LineOutsideRounds {
        /// The player of the line.
        player: PlayerId,
        /// The round of the line.
        round: u16,
        /// The tournament's number of rounds.
        rounds: u16,
    },
    /// A player has two lines in one round; he plays at one table per round, so one of them
    /// would be counted twice.
    #[error("player {player} has two lines in round {round}")]
    DuplicateLine {
        /// The player of the lines.
        player: PlayerId,
        /// The round of the lines.
        round: u16,
    },
    /// A line counts more won games or solos than deals, or more won solos than solos.
    #[error("the line of player {player} in round {round} counts more wins or solos than deals")]
    ImpossibleCounts {
        /// The player of the line.
        player: PlayerId,
        /// The round of the line.
        round: u16,
    },
    /// The round asked for is not one of the tournament's rounds.
    #[error("there is no round {round}; the rounds are 1 to {rounds}")]
    NoSuchRound {
        /// The round asked for.
        round: u16,
        /// The tournament's number of rounds.
        rounds: u16,
    },
    /// More players than a `u32` rank can number.
    #[error("{count} players are more than the ranks can number")]
    TooManyPlayers {
        /// The number of players given.
        count: usize,
    },
}

/// The tournament standings over all rounds: one [`Standing`] per player in `players`,
/// best first.
///
/// `rounds` is the tournament's number of rounds; rounds without lines yet are `None` in
/// every [`Standing::rounds`], so the same call gives live standings during the tournament.
/// Players without lines appear with total 0. Sorted by total, then by `tie_breaks` in
/// order (see [`TieBreak`]; [`DDV_TIE_BREAKS`] for none), then by player id; ranks are
/// shared exactly when total and every tie-break are equal.
///
/// Every line is checked, and any inconsistency is an error rather than a silently wrong
/// table: see [`StandingsError`].
pub fn standings(
    players: &[PlayerId],
    lines: &[SheetLine],
    rounds: u16,
    tie_breaks: &[TieBreak],
) -> Result<Vec<Standing>, StandingsError> {
    rank(players, lines, rounds, None, tie_breaks)
}

/// The standings of round `round` alone, in the same shape as [`standings`]: totals, counts
/// and [`Standing::rounds`] hold only that round, and the average is over that round (or
/// `None` for a player without a line in it).
///
/// All lines are checked as in [`standings`], not only the round's, so the two never
/// disagree about whether the sheets are consistent.
pub fn round_standings(
    players: &[PlayerId],
    lines: &[SheetLine],
    rounds: u16,
    round: u16,
    tie_breaks: &[TieBreak],
) -> Result<Vec<Standing>, StandingsError> {
    if round == 0 || round > rounds {
        return Err(StandingsError::NoSuchRound { round, rounds });
    }
    rank(players, lines, rounds, Some(round), tie_breaks)
}

/// `Less` when `a` ranks above `b`: total first, then the tie-breaks in order.
fn compare(a: &Standing, b: &Standing, tie_breaks: &[TieBreak]) -> Ordering {
    b.total.cmp(&a.total).then_with(|| {
        tie_breaks
            .iter()
            .map(|tie_break| tie_break.compare(a, b))
            .find(|order| order.is_ne())
            .unwrap_or(Ordering::Equal)
    })
}

fn rank(
    players: &[PlayerId],
    lines: &[SheetLine],
    rounds: u16,
    only_round: Option<u16>,
    tie_breaks: &[TieBreak],
) -> Result<Vec<Standing>, StandingsError> {
    if u32::try_from(players.len()).is_err() {
        return Err(StandingsError::TooManyPlayers {
            count: players.len(),
        });
    }
    let mut index = HashMap::with_capacity(players.len());
    let mut table = Vec::with_capacity(players.len());
    for &player in players {
        if index.insert(player, table.len()).is_some() {
            return Err(StandingsError::DuplicatePlayer { player });
        }
        table.push(Standing::empty(player, rounds));
    }

    // Check every line before summing any, recording it in its player's round slot; the
    // slot also catches a second line for the same round.
    let mut grid: Vec<Vec<Option<&SheetLine>>> =
        vec![vec![None; usize::from(rounds)]; players.len()];
    for line in lines {
        let (player, round) = (line.player, line.round);
        let Some(slot) = round
            .checked_sub(1)
            .map(usize::from)
            .filter(|&slot| slot < usize::from(rounds))
        else {
            return Err(StandingsError::LineOutsideRounds {
                player,
                round,
                rounds,
            });
        };
        let Some(&at) = index.get(&player) else {
            return Err(StandingsError::UnknownPlayer { player, round });
        };
        if line.games_won > line.deals_played
            || line.solos_played > line.deals_played
            || line.solos_won > line.solos_played
        {
            return Err(StandingsError::ImpossibleCounts { player, round });
        }
        if grid[at][slot].replace(line).is_some() {
            return Err(StandingsError::DuplicateLine { player, round });
        }
    }

    for (standing, row) in table.iter_mut().zip(&grid) {
        let mut played: u16 = 0;
        for (slot, line) in row.iter().enumerate() {
            let Some(line) = line.filter(|line| only_round.is_none_or(|r| r == line.round)) else {
                continue;
            };
            standing.add(line);
            standing.rounds[slot] = Some(line.points);
            standing.adjusted[slot] = line.adjusted;
            // At most `rounds` slots, so this stays within u16.
            played += 1;
        }
        standing.average_per_round = Average::new(standing.total, played);
    }

    table.sort_by(|a, b| compare(a, b, tie_breaks).then(a.player.cmp(&b.player)));

    // Competition ranking: a player equal to the one above shares his rank, otherwise he
    // takes his position. Positions fit u32, checked above.
    let mut previous: Option<(u32, usize)> = None;
    for (position, at) in (1..=u32::MAX).zip(0..table.len()) {
        let rank = match previous {
            Some((rank, above))
                if compare(&table[above], &table[at], tie_breaks) == Ordering::Equal =>
            {
                rank
            }
            _ => position,
        };
        table[at].rank = rank;
        previous = Some((rank, at));
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A line with a plain 24-deal round and no wins or solos, for tests about points.
    fn line(player: PlayerId, round: u16, points: i32) -> SheetLine {
        SheetLine {
            player,
            round,
            points,
            deals_played: 24,
            games_won: 0,
            solos_played: 0,
            solos_won: 0,
            adjusted: false,
        }
    }

    fn summary(table: &[Standing]) -> Vec<(PlayerId, u32, i64)> {
        table.iter().map(|s| (s.player, s.rank, s.total)).collect()
    }

    #[test]
    fn a_player_who_withdrew_before_playing_is_not_ranked() {
        let entrant = |player, withdrawn| Entrant {
            player,
            withdrawn,
            struck: false,
        };
        // 1 plays; 2 withdrew after round 1; 3 withdrew before playing; 4 never played
        // but did not withdraw (he is ranked with 0, as a no-show the organiser must see).
        let entrants = [
            entrant(1, false),
            entrant(2, true),
            entrant(3, true),
            entrant(4, false),
        ];
        let lines = [line(1, 1, 30), line(2, 1, -30)];
        let ranked = field(&entrants, |p| lines.iter().any(|l| l.player == p));
        assert_eq!(ranked, [1, 2, 4]);
        let table = standings(&ranked, &lines, 2, DDV_TIE_BREAKS).unwrap();
        assert_eq!(summary(&table), [(1, 1, 30), (4, 2, 0), (2, 3, -30)]);
    }

    #[test]
    fn a_player_disqualified_with_his_results_struck_is_not_ranked() {
        // Four players over 2 rounds; 3 is disqualified after round 1 (TSR 9.7.2 c). With
        // his results kept he keeps his place with his 12 points; struck, he has none and
        // 4 moves up a rank, while the others keep what they won against him.
        let lines = [
            line(1, 1, 20),
            line(2, 1, -20),
            line(3, 1, 12),
            line(4, 1, -12),
            line(1, 2, -5),
            line(2, 2, 5),
            line(4, 2, 0),
        ];
        let entrants = |struck| {
            [1, 2, 3, 4].map(|player| Entrant {
                player,
                withdrawn: player == 3,
                struck: struck && player == 3,
            })
        };
        let played = |p| lines.iter().any(|l| l.player == p);
        let kept = field(&entrants(false), played);
        assert_eq!(kept, [1, 2, 3, 4]);
        let table = standings(&kept, &lines, 2, DDV_TIE_BREAKS).unwrap();
        assert_eq!(
            summary(&table),
            [(1, 1, 15), (3, 2, 12), (4, 3, -12), (2, 4, -15)]
        );
        let struck = field(&entrants(true), played);
        assert_eq!(struck, [1, 2, 4]);
        let lines: Vec<SheetLine> = lines.into_iter().filter(|l| l.player != 3).collect();
        let table = standings(&struck, &lines, 2, DDV_TIE_BREAKS).unwrap();
        assert_eq!(summary(&table), [(1, 1, 15), (4, 2, -12), (2, 3, -15)]);
    }

    #[test]
    fn brief_example_sums_rounds_and_averages_per_round() {
        let lines = [line(7, 1, 23), line(7, 2, -8), line(7, 3, 41)];
        let table = standings(&[7], &lines, 3, DDV_TIE_BREAKS).unwrap();
        let s = &table[0];
        assert_eq!(s.total, 56);
        assert_eq!(s.rounds, vec![Some(23), Some(-8), Some(41)]);
        assert_eq!(s.deals_played, 72);
        let average = s.average_per_round.unwrap();
        assert_eq!((average.points(), average.rounds()), (56, 3));
        assert_eq!(average.hundredths(), 1867);
        assert_eq!(average.to_string(), "18.67");
        assert_eq!(s.rank, 1);
    }

    #[test]
    fn averages_round_half_away_from_zero_and_compare_exactly() {
        let avg = |points, rounds| Average::new(points, rounds).unwrap();
        for (average, hundredths, shown) in [
            (avg(56, 3), 1867, "18.67"),
            (avg(-8, 3), -267, "-2.67"),
            (avg(-1, 200), -1, "-0.01"),
            (avg(1, 200), 1, "0.01"),
            (avg(1, 300), 0, "0.00"),
            (avg(-1, 300), 0, "0.00"),
            (avg(-250, 1), -25000, "-250.00"),
        ] {
            assert_eq!(average.hundredths(), hundredths, "{average:?}");
            assert_eq!(average.to_string(), shown, "{average:?}");
        }
        assert_eq!(Average::new(5, 0), None);
        assert_eq!(avg(4, 2), avg(2, 1));
        // Rounded to hundredths these are equal (333.33); the exact order still separates.
        assert!(avg(1000, 3) > avg(33333, 100));
        assert!(avg(-1, 3) < avg(0, 7));
    }

    #[test]
    fn equal_totals_share_a_rank_and_the_next_rank_skips() {
        let players = [4, 3, 2, 1];
        let lines = [line(1, 1, 1), line(2, 1, 5), line(3, 1, 10), line(4, 1, 5)];
        let table = standings(&players, &lines, 1, DDV_TIE_BREAKS).unwrap();
        // Equal players are listed by id.
        assert_eq!(
            summary(&table),
            vec![(3, 1, 10), (2, 2, 5), (4, 2, 5), (1, 4, 1)]
        );
    }

    #[test]
    fn players_without_lines_appear_with_zero() {
        let lines = [line(1, 1, 4), line(2, 1, -3), line(1, 2, 2)];
        let table = standings(&[1, 2, 3], &lines, 3, DDV_TIE_BREAKS).unwrap();
        assert_eq!(summary(&table), vec![(1, 1, 6), (3, 2, 0), (2, 3, -3)]);
        let absent = &table[1];
        assert_eq!(absent.rounds, vec![None, None, None]);
        assert_eq!(absent.average_per_round, None);
        assert_eq!(absent.deals_played, 0);
        // Player 2 played one round of three: his average is over that round only.
        assert_eq!(table[2].average_per_round, Average::new(-3, 1));
        assert_eq!(table[0].rounds, vec![Some(4), Some(2), None]);

        let empty = standings(&[], &[], 3, DDV_TIE_BREAKS).unwrap();
        assert!(empty.is_empty());
    }

    #[test]
    fn each_tie_break_separates_a_tie() {
        let with = |player, round, points, deals, games, solos, solos_won| SheetLine {
            player,
            round,
            points,
            deals_played: deals,
            games_won: games,
            solos_played: solos,
            solos_won,
            adjusted: false,
        };
        // Two players with equal totals; player 2 is better under the tie-break, so he must
        // move above player 1, who comes first by id when they share a rank.
        let cases: [(TieBreak, Vec<SheetLine>); 5] = [
            (
                TieBreak::MostGamesWon,
                vec![with(1, 1, 10, 24, 10, 1, 0), with(2, 1, 10, 24, 12, 1, 0)],
            ),
            (
                TieBreak::BestRound,
                vec![line(1, 1, 5), line(1, 2, 5), line(2, 1, 12), line(2, 2, -2)],
            ),
            (
                TieBreak::BestAveragePerDeal,
                vec![with(1, 1, 10, 24, 8, 1, 1), with(2, 1, 10, 20, 8, 1, 1)],
            ),
            (
                // A negative total: spreading it over more deals is the better average.
                TieBreak::BestAveragePerDeal,
                vec![with(1, 1, -10, 20, 8, 1, 1), with(2, 1, -10, 24, 8, 1, 1)],
            ),
            (
                TieBreak::MostSolosWon,
                vec![with(1, 1, 10, 24, 10, 2, 0), with(2, 1, 10, 24, 10, 2, 1)],
            ),
        ];
        for (tie_break, lines) in cases {
            let shared = standings(&[1, 2], &lines, 2, DDV_TIE_BREAKS).unwrap();
            assert_eq!(
                summary(&shared)
                    .iter()
                    .map(|&(p, r, _)| (p, r))
                    .collect::<Vec<_>>(),
                vec![(1, 1), (2, 1)],
                "{tie_break}"
            );
            let broken = standings(&[1, 2], &lines, 2, &[tie_break]).unwrap();
            assert_eq!(
                summary(&broken)
                    .iter()
                    .map(|&(p, r, _)| (p, r))
                    .collect::<Vec<_>>(),
                vec![(2, 1), (1, 2)],
                "{tie_break}"
            );
        }
    }

    #[test]
    fn tie_breaks_apply_in_the_chosen_order() {
        let with = |player, round, points, games| SheetLine {
            player,
            round,
            points,
            deals_played: 24,
            games_won: games,
            solos_played: 0,
            solos_won: 0,
            adjusted: false,
        };
        // Player 1: more games won; player 2: the better best round. Totals are equal.
        let split = [
            with(1, 1, 6, 12),
            with(1, 2, 6, 12),
            with(2, 1, 14, 10),
            with(2, 2, -2, 10),
        ];
        // Games tied, so the best round decides; then a tie neither rule separates.
        let games_tied = [
            with(1, 1, 6, 10),
            with(1, 2, 6, 10),
            with(2, 1, 14, 10),
            with(2, 2, -2, 10),
        ];
        let nothing_separates = [with(1, 1, 6, 10), with(2, 1, 6, 10)];
        use TieBreak::*;
        type Case<'a> = (&'a [SheetLine], &'a [TieBreak], [(PlayerId, u32); 2]);
        let cases: [Case<'_>; 5] = [
            (&split, &[MostGamesWon, BestRound], [(1, 1), (2, 2)]),
            (&split, &[BestRound, MostGamesWon], [(2, 1), (1, 2)]),
            (&games_tied, &[MostGamesWon, BestRound], [(2, 1), (1, 2)]),
            (&games_tied, &[MostGamesWon], [(1, 1), (2, 1)]),
            (&nothing_separates, &TieBreak::ALL, [(1, 1), (2, 1)]),
        ];
        for (lines, tie_breaks, expected) in cases {
            let table = standings(&[1, 2], lines, 2, tie_breaks).unwrap();
            let got: Vec<_> = table.iter().map(|s| (s.player, s.rank)).collect();
            assert_eq!(got, expected, "{tie_breaks:?}");
        }
    }

    #[test]
    fn round_standings_count_only_that_round() {
        let lines = [
            line(1, 1, 30),
            line(1, 2, -5),
            line(2, 1, -10),
            line(2, 2, 12),
            line(3, 1, 1),
        ];
        let round2 = round_standings(&[1, 2, 3], &lines, 3, 2, DDV_TIE_BREAKS).unwrap();
        assert_eq!(summary(&round2), vec![(2, 1, 12), (3, 2, 0), (1, 3, -5)]);
        assert_eq!(round2[0].rounds, vec![None, Some(12), None]);
        assert_eq!(round2[0].deals_played, 24);
        assert_eq!(round2[0].average_per_round, Average::new(12, 1));
        assert_eq!(round2[1].average_per_round, None);

        let round3 = round_standings(&[1, 2, 3], &lines, 3, 3, DDV_TIE_BREAKS).unwrap();
        assert_eq!(summary(&round3), vec![(1, 1, 0), (2, 1, 0), (3, 1, 0)]);

        let all = standings(&[1, 2, 3], &lines, 3, DDV_TIE_BREAKS).unwrap();
        assert_eq!(summary(&all), vec![(1, 1, 25), (2, 2, 2), (3, 3, 1)]);
    }

    #[test]
    fn inconsistent_input_is_refused() {
        let bad_counts = |games, solos, solos_won| SheetLine {
            games_won: games,
            solos_played: solos,
            solos_won,
            ..line(1, 1, 0)
        };
        let cases: [(&[PlayerId], Vec<SheetLine>, StandingsError); 8] = [
            (
                &[1, 2, 1],
                vec![],
                StandingsError::DuplicatePlayer { player: 1 },
            ),
            (
                &[1],
                vec![line(9, 2, 3)],
                StandingsError::UnknownPlayer {
                    player: 9,
                    round: 2,
                },
            ),
            (
                &[1],
                vec![line(1, 0, 3)],
                StandingsError::LineOutsideRounds {
                    player: 1,
                    round: 0,
                    rounds: 2,
                },
            ),
            (
                &[1],
                vec![line(1, 3, 3)],
                StandingsError::LineOutsideRounds {
                    player: 1,
                    round: 3,
                    rounds: 2,
                },
            ),
            (
                &[1],
                vec![line(1, 2, 3), line(1, 2, 3)],
                StandingsError::DuplicateLine {
                    player: 1,
                    round: 2,
                },
            ),
            (
                &[1],
                vec![bad_counts(25, 0, 0)],
                StandingsError::ImpossibleCounts {
                    player: 1,
                    round: 1,
                },
            ),
            (
                &[1],
                vec![bad_counts(0, 25, 0)],
                StandingsError::ImpossibleCounts {
                    player: 1,
                    round: 1,
                },
            ),
            (
                &[1],
                vec![bad_counts(1, 1, 2)],
                StandingsError::ImpossibleCounts {
                    player: 1,
                    round: 1,
                },
            ),
        ];
        for (players, lines, error) in cases {
            assert_eq!(
                standings(players, &lines, 2, DDV_TIE_BREAKS),
                Err(error.clone())
            );
            // Round standings check every line, not only the round's.
            assert_eq!(
                round_standings(players, &lines, 2, 1, DDV_TIE_BREAKS),
                Err(error)
            );
        }
        for round in [0, 3] {
            assert_eq!(
                round_standings(&[1], &[], 2, round, DDV_TIE_BREAKS),
                Err(StandingsError::NoSuchRound { round, rounds: 2 })
            );
        }
    }

    #[test]
    fn tie_break_names_are_distinct() {
        let mut names: Vec<_> = TieBreak::ALL.iter().map(|t| t.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TieBreak::ALL.len());
    }

    #[test]
    fn an_order_names_known_rules_once() {
        for t in TieBreak::ALL {
            assert_eq!(TieBreak::named(t.as_str()), Some(t));
        }
        assert_eq!(TieBreak::named("coin_toss"), None);
        assert_eq!(TieBreak::faults(&[]), []);
        assert_eq!(TieBreak::faults(&["best_round", "most_games_won"]), []);
        assert_eq!(
            TieBreak::faults(&["best_round", "coin_toss", "best_round", "best_round"]),
            [
                (1, OrderFault::Unknown),
                (2, OrderFault::Repeated),
                (3, OrderFault::Repeated)
            ]
        );
    }

    /// An independent oracle for the order: the criteria as floats. Exact enough here:
    /// equal fractions divide to the same float, and the small ranges generated below keep
    /// different fractions far apart.
    fn key(s: &Standing, tie_breaks: &[TieBreak]) -> Vec<f64> {
        let mut key = vec![s.total as f64];
        for tie_break in tie_breaks {
            key.push(match tie_break {
                TieBreak::MostGamesWon => f64::from(s.games_won),
                TieBreak::BestRound => s
                    .rounds
                    .iter()
                    .flatten()
                    .map(|&p| f64::from(p))
                    .fold(f64::NEG_INFINITY, f64::max),
                TieBreak::BestAveragePerDeal => s.total as f64 / f64::from(s.deals_played.max(1)),
                TieBreak::MostSolosWon => f64::from(s.solos_won),
            });
        }
        key
    }

    const MAX_PLAYERS: usize = 10;
    const MAX_ROUNDS: u16 = 4;

    /// Raw points, deals, games won, solos and solos won of one generated line; the counts
    /// are folded into consistent ones by [`build_lines`].
    type Slot = (i32, u16, u16, u16, u16);

    /// Lines for some of the player × round slots, with consistent counts.
    fn build_lines(players: &[PlayerId], rounds: u16, slots: &[Option<Slot>]) -> Vec<SheetLine> {
        let mut lines = Vec::new();
        for (p, &player) in players.iter().enumerate() {
            for round in 1..=rounds {
                let slot = p * usize::from(MAX_ROUNDS) + usize::from(round - 1);
                if let Some((points, deals, games, solos, won)) = slots[slot] {
                    let solos_played = solos % (deals + 1);
                    lines.push(SheetLine {
                        player,
                        round,
                        points,
                        deals_played: deals,
                        games_won: games % (deals + 1),
                        solos_played,
                        solos_won: won % (solos_played + 1),
                        adjusted: false,
                    });
                }
            }
        }
        // The order of the lines must not matter.
        lines.reverse();
        lines
    }

    proptest! {
        #[test]
        fn standings_are_sums_of_lines_and_ranks_follow_the_criteria(
            ids in proptest::collection::btree_set(-20i64..20, 0..=MAX_PLAYERS),
            rounds in 0..=MAX_ROUNDS,
            slots in proptest::collection::vec(
                proptest::option::of((-40i32..=40, 0u16..=26, any::<u16>(), any::<u16>(), any::<u16>())),
                MAX_PLAYERS * usize::from(MAX_ROUNDS),
            ),
            tie_breaks in proptest::collection::vec(proptest::sample::select(TieBreak::ALL.to_vec()), 0..=4),
        ) {
            // Listed in reverse id order, so the id order of the output is not inherited.
            let players: Vec<PlayerId> = ids.iter().rev().copied().collect();
            let lines = build_lines(&players, rounds, &slots);
            let table = standings(&players, &lines, rounds, &tie_breaks).unwrap();

            prop_assert_eq!(table.len(), players.len());
            let mut listed: Vec<_> = table.iter().map(|s| s.player).collect();
            listed.sort_unstable();
            prop_assert_eq!(listed, ids.iter().copied().collect::<Vec<_>>());

            for s in &table {
                let own: Vec<&SheetLine> = lines.iter().filter(|l| l.player == s.player).collect();
                let line_sum: i64 = own.iter().map(|l| i64::from(l.points)).sum();
                let round_sum: i64 = s.rounds.iter().flatten().map(|&p| i64::from(p)).sum();
                prop_assert_eq!(s.total, line_sum);
                prop_assert_eq!(s.total, round_sum);
                prop_assert_eq!(s.rounds.len(), usize::from(rounds));
                let count = |f: fn(&SheetLine) -> u16| own.iter().map(|l| u32::from(f(l))).sum::<u32>();
                prop_assert_eq!(s.deals_played, count(|l| l.deals_played));
                prop_assert_eq!(s.games_won, count(|l| l.games_won));
                prop_assert_eq!(s.solos_played, count(|l| l.solos_played));
                prop_assert_eq!(s.solos_won, count(|l| l.solos_won));
                let played = u16::try_from(own.len()).unwrap();
                prop_assert_eq!(s.average_per_round, Average::new(s.total, played));
            }

            if let Some(first) = table.first() {
                prop_assert_eq!(first.rank, 1);
            }
            for (i, pair) in table.windows(2).enumerate() {
                let (above, below) = (&pair[0], &pair[1]);
                let (ka, kb) = (key(above, &tie_breaks), key(below, &tie_breaks));
                prop_assert!(ka >= kb, "{:?} listed above {:?}", ka, kb);
                if ka == kb {
                    prop_assert_eq!(below.rank, above.rank);
                    prop_assert!(above.player < below.player);
                } else {
                    prop_assert_eq!(below.rank, u32::try_from(i + 2).unwrap());
                }
            }
            for (i, above) in table.iter().enumerate() {
                for below in &table[i + 1..] {
                    prop_assert!(above.total >= below.total);
                    prop_assert!(above.rank <= below.rank);
                }
            }

            // Round standings: each round alone, summing to the tournament totals.
            let mut per_round_total: HashMap<PlayerId, i64> = HashMap::new();
            for round in 1..=rounds {
                let table = round_standings(&players, &lines, rounds, round, &tie_breaks).unwrap();
                prop_assert_eq!(table.len(), players.len());
                for s in &table {
                    let own = lines.iter().find(|l| l.player == s.player && l.round == round);
                    prop_assert_eq!(s.total, own.map_or(0, |l| i64::from(l.points)));
                    for (slot, points) in s.rounds.iter().enumerate() {
                        if usize::from(round) != slot + 1 {
                            prop_assert_eq!(*points, None);
                        }
                    }
                    *per_round_total.entry(s.player).or_default() += s.total;
                }
            }
            for s in &standings(&players, &lines, rounds, &tie_breaks).unwrap() {
                prop_assert_eq!(per_round_total.get(&s.player).copied().unwrap_or(0), s.total);
            }
        }
    }
}
