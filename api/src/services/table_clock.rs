//! A table's playing time as stored (TSR 8.5.1): when its round started, the tournament's
//! minutes for its size and the extra minutes granted. Read by the sheet, which derives the
//! clock's time-up, and by the round clock's use cases, which start, extend and show it.

use std::time::Duration;

use chrono::{NaiveDateTime, TimeDelta};
use domain::deal::TableSize;
use domain::sheet::PlayingTime;

use super::access::TableContext;
use super::corrupt;
use crate::error::ApiError;
use crate::wire::clock::{ClockView, rfc3339};

/// A started table's clock: when its round started and how long it may play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableClock {
    /// When the organiser started the round.
    pub started_at: NaiveDateTime,
    /// The tournament's minutes for the table's size and the extra minutes granted.
    pub time: PlayingTime,
}

impl TableClock {
    /// The table's clock; `None` before its round starts and at a table without playing
    /// time (a family game's, [`domain::game::Game::timed_size`]).
    pub fn of(ctx: &TableContext) -> Result<Option<TableClock>, ApiError> {
        let Some(started_at) = ctx.round.started_at else {
            return Ok(None);
        };
        let players = u8::try_from(ctx.seats.len()).unwrap_or(u8::MAX);
        let Some(size) = ctx.tournament.game.timed_size(players) else {
            return Ok(None);
        };
        let minutes = match size {
            TableSize::Four => ctx.tournament.minutes_four,
            TableSize::Five => ctx.tournament.minutes_five,
        };
        let minutes = u16::try_from(minutes).map_err(|_| {
            corrupt(format!(
                "tournament {} has {minutes} minutes",
                ctx.tournament.id
            ))
        })?;
        let extra = u16::try_from(ctx.table.extra_minutes).map_err(|_| {
            corrupt(format!(
                "table {} has {} extra minutes",
                ctx.table.id, ctx.table.extra_minutes
            ))
        })?;
        Ok(Some(TableClock {
            started_at,
            time: PlayingTime::new(minutes, extra),
        }))
    }

    /// How long the round has run at `now`; nothing before its start (a clock set back).
    pub fn elapsed(&self, now: NaiveDateTime) -> Duration {
        (now - self.started_at).to_std().unwrap_or_default()
    }

    /// Whether the table's time is over at `now`.
    pub fn has_run_out(&self, now: NaiveDateTime) -> bool {
        self.time.has_run_out(self.elapsed(now))
    }

    /// When the table's time runs out.
    pub fn ends_at(&self) -> NaiveDateTime {
        TimeDelta::from_std(self.time.total())
            .ok()
            .and_then(|total| self.started_at.checked_add_signed(total))
            .unwrap_or(NaiveDateTime::MAX)
    }

    /// The clock as the sheet shows it at `now`; no second is left once time is up.
    pub fn view(&self, now: NaiveDateTime, time_up: bool) -> ClockView {
        ClockView {
            started_at: rfc3339(self.started_at),
            ends_at: rfc3339(self.ends_at()),
            minutes: self.time.minutes(),
            extra_minutes: self.time.extra_minutes(),
            seconds_left: if time_up {
                0
            } else {
                self.time.seconds_left(self.elapsed(now))
            },
        }
    }
}
