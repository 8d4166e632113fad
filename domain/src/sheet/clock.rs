//! A table's playing time (TSR 8.5.1, 10.1) and what its end does to the sheet.
//!
//! The round's time runs from the referee's release for every table at once; a 4-table has
//! the tournament's minutes for 4-tables, a 5-table those for 5-tables (the TSR's 100 and
//! 125). The referee may give one table extra time for an interruption and notes it (TSR
//! 8.5.1). When the time is over, the sheet is in time-up exactly as if the organiser had
//! called it after the deals entered by then ([`Round::time_up`]): normal games not yet
//! begun are struck, owed Pflichtsoli are still played.
//!
//! The domain has no clock: the service measures how long the round has run and asks.
//!
//! **Interpretation:** an extension granted after the time ran out by itself lifts that
//! time-up, so a table whose interruption was noted late gets its minutes back; but only
//! while nothing was entered under the time-up (a forced solo entered after it would
//! change its kind). A time-up the organiser called is his decision and no extension
//! undoes it.

use std::time::Duration;

use super::{Round, ScoredSheet};

/// The most minutes one extension grants: two hours cover any interruption a referee
/// rules on.
pub const MAX_EXTENSION_MINUTES: u16 = 120;

/// The most extra minutes a table can collect, all extensions together: as long as the
/// longest round a tournament may set.
pub const MAX_EXTRA_MINUTES: u16 = 600;

/// Why time is up at a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TimeUpBy {
    /// The organiser (the referee) called it.
    Organiser,
    /// The table's playing time ran out.
    Clock,
}

impl TimeUpBy {
    /// The lower-case name used on the wire.
    pub const fn as_str(self) -> &'static str {
        match self {
            TimeUpBy::Organiser => "organiser",
            TimeUpBy::Clock => "clock",
        }
    }
}

/// A table's playing time: the tournament's minutes for its size plus the extra minutes
/// granted to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayingTime {
    minutes: u16,
    extra_minutes: u16,
}

impl PlayingTime {
    /// `minutes` for the table's size and `extra_minutes` granted so far.
    pub const fn new(minutes: u16, extra_minutes: u16) -> PlayingTime {
        PlayingTime {
            minutes,
            extra_minutes,
        }
    }

    /// The tournament's minutes for the table's size.
    pub const fn minutes(self) -> u16 {
        self.minutes
    }

    /// The extra minutes granted.
    pub const fn extra_minutes(self) -> u16 {
        self.extra_minutes
    }

    /// The whole time, extensions included.
    pub fn total(self) -> Duration {
        // u16 + u16 fits u32 and times 60 fits u64: no overflow.
        Duration::from_secs(u64::from(u32::from(self.minutes) + u32::from(self.extra_minutes)) * 60)
    }

    /// Whether the time is over `elapsed` after the start.
    pub fn has_run_out(self, elapsed: Duration) -> bool {
        elapsed >= self.total()
    }

    /// Whole seconds left `elapsed` after the start, rounded up so that 0 means the time is
    /// over; never negative.
    pub fn seconds_left(self, elapsed: Duration) -> u64 {
        let left = self.total().saturating_sub(elapsed);
        left.as_secs() + u64::from(left.subsec_nanos() > 0)
    }

    /// The time with `minutes` more, within [`MAX_EXTENSION_MINUTES`] per extension and
    /// [`MAX_EXTRA_MINUTES`] in all.
    pub fn extend(self, minutes: u16) -> Result<PlayingTime, ClockError> {
        check_extension(minutes)?;
        let extra_minutes = self
            .extra_minutes
            .checked_add(minutes)
            .filter(|&m| m <= MAX_EXTRA_MINUTES)
            .ok_or(ClockError::TooMuchExtra {
                granted: self.extra_minutes,
                max: MAX_EXTRA_MINUTES,
            })?;
        Ok(PlayingTime {
            extra_minutes,
            ..self
        })
    }
}

/// Checks that one extension grants 1 to [`MAX_EXTENSION_MINUTES`] minutes, whatever the
/// table's state.
pub fn check_extension(minutes: u16) -> Result<(), ClockError> {
    if minutes == 0 || minutes > MAX_EXTENSION_MINUTES {
        return Err(ClockError::ExtensionOutOfRange {
            minutes,
            max: MAX_EXTENSION_MINUTES,
        });
    }
    Ok(())
}

/// Why an extension is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// One extension grants 1 to `max` minutes.
    #[error("an extension grants 1 to {max} minutes, not {minutes}")]
    ExtensionOutOfRange {
        /// The minutes asked for.
        minutes: u16,
        /// [`MAX_EXTENSION_MINUTES`].
        max: u16,
    },
    /// The table would have more than `max` extra minutes.
    #[error("the table has {granted} extra minutes; at most {max} can be granted in all")]
    TooMuchExtra {
        /// Extra minutes granted before.
        granted: u16,
        /// [`MAX_EXTRA_MINUTES`].
        max: u16,
    },
    /// The sheet is complete: there is nothing left to play.
    #[error("the sheet is complete; there is nothing left to play")]
    SheetComplete,
    /// The organiser called time-up; an extension does not undo his call.
    #[error("the organiser called time-up at this table; an extension does not undo it")]
    TimeUpCalled,
    /// The time ran out and deals were entered under the time-up since: lifting it would
    /// change what they are.
    #[error(
        "time ran out after deal {after} and {entered} deal(s) were entered under the time-up since"
    )]
    PlayedUnderTimeUp {
        /// Deals on the sheet when the time ran out.
        after: usize,
        /// Deals entered after that.
        entered: usize,
    },
}

/// What an extension does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Extension {
    /// The table's time with the extension.
    pub time: PlayingTime,
    /// The time had run out, and with the extension it has not: the time-up is lifted.
    pub lifts_time_up: bool,
}

/// Extends a table's time by `minutes`, `elapsed` after the round's start, where `round`
/// is its sheet and `time_up` says why time is up there and after how many deals, if it
/// is. See the module's interpretation for a time-up that ran out.
pub fn extend(
    time: PlayingTime,
    minutes: u16,
    elapsed: Duration,
    round: &Round,
    time_up: Option<(TimeUpBy, usize)>,
) -> Result<Extension, ClockError> {
    let extended = time.extend(minutes)?;
    let lifts_time_up = match time_up {
        Some((TimeUpBy::Organiser, _)) => return Err(ClockError::TimeUpCalled),
        None if round.is_complete() => return Err(ClockError::SheetComplete),
        None => false,
        // Still over even with the extension: it stays up, the minutes are noted.
        Some((TimeUpBy::Clock, _)) if extended.has_run_out(elapsed) => false,
        Some((TimeUpBy::Clock, after)) => {
            let entered = round.deals().len().saturating_sub(after);
            if entered > 0 {
                return Err(ClockError::PlayedUnderTimeUp { after, entered });
            }
            true
        }
    };
    Ok(Extension {
        time: extended,
        lifts_time_up,
    })
}

/// The table's time ran out and no time-up is on the sheet: time is up after the deals on
/// it, as if the organiser had called it then. A complete sheet stays as it is. Returns
/// whether the sheet is now in time-up by the clock.
pub fn run_out(sheet: &mut ScoredSheet) -> bool {
    if sheet.round().is_time_up() || sheet.round().is_complete() {
        return false;
    }
    sheet.time_up().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Contract;
    use crate::sheet::test_support::*;
    use crate::sheet::{EnteredDeal, RecordedDeal, SheetEntry, score_sheet};

    const MIN: Duration = Duration::from_secs(60);

    #[test]
    fn the_time_counts_down_to_zero_and_never_below() {
        let time = PlayingTime::new(100, 0);
        assert_eq!(time.total(), 100 * MIN);
        assert_eq!(time.seconds_left(Duration::ZERO), 6000);
        assert_eq!(time.seconds_left(99 * MIN), 60);
        // Half a second left is still a second: 0 only when the time is over.
        assert_eq!(time.seconds_left(100 * MIN - Duration::from_millis(500)), 1);
        assert!(!time.has_run_out(100 * MIN - Duration::from_millis(1)));
        assert_eq!(time.seconds_left(100 * MIN), 0);
        assert!(time.has_run_out(100 * MIN));
        assert_eq!(time.seconds_left(300 * MIN), 0);
        let five = PlayingTime::new(125, 15);
        assert_eq!(five.total(), 140 * MIN);
        assert_eq!(five.seconds_left(130 * MIN), 600);
    }

    #[test]
    fn extensions_are_bounded() {
        let time = PlayingTime::new(100, 0);
        assert_eq!(time.extend(10), Ok(PlayingTime::new(100, 10)));
        for minutes in [0, 121] {
            assert_eq!(
                time.extend(minutes),
                Err(ClockError::ExtensionOutOfRange { minutes, max: 120 })
            );
        }
        assert_eq!(
            PlayingTime::new(100, 590).extend(11),
            Err(ClockError::TooMuchExtra {
                granted: 590,
                max: 600
            })
        );
        assert_eq!(
            PlayingTime::new(100, 590).extend(10),
            Ok(PlayingTime::new(100, 600))
        );
        // Stored values past the bounds neither overflow nor grow.
        assert!(PlayingTime::new(u16::MAX, u16::MAX).extend(120).is_err());
        assert_eq!(
            PlayingTime::new(u16::MAX, u16::MAX).total(),
            Duration::from_secs(131_070 * 60)
        );
    }

    /// The sheet of `steps` (normal games won 130, solos 150), time up after
    /// `time_up_after` deals.
    fn sheet_of(steps: &[Step], time_up_after: Option<usize>) -> ScoredSheet {
        let (_, entries, _) = play(four(), steps);
        let deals: Vec<SheetEntry> = entries
            .iter()
            .map(|e| SheetEntry::Full(recorded_entry(e)))
            .collect();
        score_sheet(four(), &deals, &[], time_up_after).unwrap()
    }

    fn recorded_entry(e: &EnteredDeal) -> RecordedDeal {
        let points = if e.contract == Contract::Normal {
            130
        } else {
            150
        };
        RecordedDeal {
            contract: e.contract,
            re: e.re,
            re_points: points,
            re_tricks: Some(8),
            announcements: Default::default(),
            extras: Default::default(),
            club_queens: None,
        }
    }

    #[test]
    fn running_out_strikes_normal_games_after_the_deals_entered() {
        let steps = [repeat(Normal, 5), vec![Solo(3)], repeat(Normal, 12)].concat();
        let mut sheet = sheet_of(&steps, None);
        let before = sheet.clone();
        assert!(run_out(&mut sheet));
        assert!(sheet.round().is_time_up());
        // The scores stay; three forced solos are left, the first of seat 2.
        assert_eq!(sheet.totals(), before.totals());
        assert_eq!(sheet.round().deals_left(), 3);
        assert_eq!(sheet.round().next().unwrap().forced_soloist, Some(2));
        // The same as the organiser's call after deal 18.
        assert_eq!(sheet, sheet_of(&steps, Some(18)));
        // Already up: nothing more happens.
        assert!(!run_out(&mut sheet));
        // A complete sheet stays complete, not in time-up.
        let mut done = sheet_of(&worked_steps(), None);
        assert!(!run_out(&mut done));
        assert!(!done.round().is_time_up());
    }

    #[test]
    fn an_extension_lifts_a_time_up_the_clock_made_while_nothing_was_entered_under_it() {
        let up = sheet_of(&repeat(Normal, 10), Some(10));
        let time = PlayingTime::new(100, 0);
        let at = 105 * MIN;
        let clock = Some((TimeUpBy::Clock, 10));
        assert_eq!(
            extend(time, 10, at, up.round(), clock),
            Ok(Extension {
                time: PlayingTime::new(100, 10),
                lifts_time_up: true
            })
        );
        // Five minutes do not reach past now: the time stays up, the minutes are noted.
        assert_eq!(
            extend(time, 5, at, up.round(), clock),
            Ok(Extension {
                time: PlayingTime::new(100, 5),
                lifts_time_up: false
            })
        );
        assert_eq!(
            extend(time, 10, at, up.round(), Some((TimeUpBy::Organiser, 10))),
            Err(ClockError::TimeUpCalled)
        );
        // A forced solo entered under the time-up: lifting it would make it a Pflichtsolo.
        let forced = sheet_of(
            &[repeat(Normal, 10), vec![TimeUp, Forced]].concat(),
            Some(10),
        );
        assert_eq!(
            extend(time, 10, at, forced.round(), clock),
            Err(ClockError::PlayedUnderTimeUp {
                after: 10,
                entered: 1
            })
        );
        // Running: the deadline moves, nothing to lift; a complete sheet has nothing to play.
        let running = sheet_of(&repeat(Normal, 3), None);
        assert_eq!(
            extend(time, 7, 20 * MIN, running.round(), None),
            Ok(Extension {
                time: PlayingTime::new(100, 7),
                lifts_time_up: false
            })
        );
        let done = sheet_of(&worked_steps(), None);
        assert_eq!(
            extend(time, 7, 20 * MIN, done.round(), None),
            Err(ClockError::SheetComplete)
        );
        // The bounds are checked first.
        assert_eq!(
            extend(time, 0, at, up.round(), Some((TimeUpBy::Organiser, 10))),
            Err(ClockError::ExtensionOutOfRange {
                minutes: 0,
                max: 120
            })
        );
    }

    #[test]
    fn time_up_names() {
        assert_eq!(TimeUpBy::Organiser.as_str(), "organiser");
        assert_eq!(TimeUpBy::Clock.as_str(), "clock");
    }
}
