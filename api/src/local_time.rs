//! A tournament's local time: every time is stored and answered by the API in UTC (RFC
//! 3339), and shown on pages and prints in the tournament's time zone, so that a round
//! that started at 14:05 in the hall does not read "13:05 UTC" on the director's screen.
//!
//! The zone is an IANA name (`Europe/Berlin`, the default), checked when a tournament is
//! created or changed; the database of zones is compiled in (`chrono-tz`), so a container
//! without `/usr/share/zoneinfo` shows the same times.

use chrono::{NaiveDateTime, TimeZone};
use chrono_tz::Tz;

/// The time zone a tournament has unless one is chosen: the DDV's clubs play in Germany.
pub const DEFAULT: &str = "Europe/Berlin";

/// The zone `name` names, if it is an IANA name.
pub fn zone(name: &str) -> Option<Tz> {
    name.parse::<Tz>().ok()
}

/// A tournament's zone as stored; a name that does not read (none should: it is checked
/// on every write) falls back to [`DEFAULT`].
fn stored(name: &str) -> Tz {
    zone(name).unwrap_or(chrono_tz::Europe::Berlin)
}

/// `at` (UTC) in the zone `name` as `format` writes it.
fn shown(name: &str, at: NaiveDateTime, format: &str) -> String {
    stored(name)
        .from_utc_datetime(&at)
        .format(format)
        .to_string()
}

/// `at` (UTC) as the clock in the hall shows it: `14:05`.
pub fn clock(name: &str, at: NaiveDateTime) -> String {
    shown(name, at, "%H:%M")
}

/// `at` (UTC) as a date and time in the hall: `28.11.2026 14:05`.
pub fn date_and_clock(name: &str, at: NaiveDateTime) -> String {
    shown(name, at, "%d.%m.%Y %H:%M")
}

/// `at` (UTC) as a date and time to the second in the hall: `28.11.2026 14:05:09`.
pub fn date_and_seconds(name: &str, at: NaiveDateTime) -> String {
    shown(name, at, "%d.%m.%Y %H:%M:%S")
}

/// An RFC 3339 instant as the API answers it (`2026-11-28T13:05:09Z`) as a date and time to
/// the second in the hall, or as it came if it does not parse.
pub fn instant(name: &str, at: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(at)
        .map_or_else(|_| at.to_owned(), |t| date_and_seconds(name, t.naive_utc()))
}

/// The zones offered on the desk's form, besides any IANA name typed: where DDV clubs and
/// their guests play.
pub const OFFERED: &[&str] = &[
    "Europe/Berlin",
    "Europe/Vienna",
    "Europe/Zurich",
    "Europe/Luxembourg",
    "Europe/Amsterdam",
    "Europe/Brussels",
    "Europe/Copenhagen",
    "Europe/London",
    "UTC",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap()
    }

    #[test]
    fn times_are_shown_in_the_halls_zone_summer_and_winter() {
        // Winter (CET, +1) and summer (CEST, +2) in Berlin; London and UTC.
        assert_eq!(clock("Europe/Berlin", utc("2026-11-28 13:05:00")), "14:05");
        assert_eq!(clock("Europe/Berlin", utc("2026-07-04 13:05:00")), "15:05");
        assert_eq!(clock("Europe/London", utc("2026-07-04 13:05:00")), "14:05");
        assert_eq!(clock("UTC", utc("2026-07-04 13:05:00")), "13:05");
        // Across midnight the date moves too.
        assert_eq!(
            date_and_clock("Europe/Berlin", utc("2026-12-31 23:30:00")),
            "01.01.2027 00:30"
        );
        assert_eq!(
            date_and_seconds("Europe/Vienna", utc("2026-11-28 20:56:07")),
            "28.11.2026 21:56:07"
        );
        // The night the clocks go back: 00:30 and 01:30 UTC are both 02:xx in Berlin.
        assert_eq!(clock("Europe/Berlin", utc("2026-10-25 00:30:00")), "02:30");
        assert_eq!(clock("Europe/Berlin", utc("2026-10-25 01:30:00")), "02:30");
    }

    #[test]
    fn only_iana_names_are_zones() {
        for name in OFFERED.iter().chain([&DEFAULT]) {
            assert!(zone(name).is_some(), "{name}");
        }
        for name in ["", "Berlin", "MEZ", "Europe/Atlantis", "+01:00"] {
            assert!(zone(name).is_none(), "{name}");
        }
        // A stored name that does not read is shown as Berlin, never a panic.
        assert_eq!(clock("nowhere", utc("2026-11-28 13:05:00")), "14:05");
    }
}
