//! Field checks that many requests share: texts of a bounded length, numbers in a range,
//! and one 422 that lists every field at fault at once.

use crate::error::{ApiError, FieldError};

/// `value` trimmed, 1 to `max` characters, on one line and without a hidden character
/// ([`hidden`]).
pub fn text(field: &str, value: &str, max: usize) -> Result<String, FieldError> {
    let value = value.trim();
    if value.is_empty() || value.chars().count() > max {
        Err(FieldError::new(
            field,
            "invalid_length",
            format!("1 to {max} characters"),
        ))
    } else {
        shown(field, value, false)?;
        Ok(value.to_owned())
    }
}

/// Whether `c` is a character a name or message must not hold: a control character (a
/// bell, an escape, a line break in a name), one that turns the writing direction
/// (U+202E would show "Müller" as its mirror and reorder a standings line), or one that
/// is not seen at all (U+200B, a byte-order mark), so that two names that look alike are
/// alike.
pub fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{2069}'
                | '\u{FEFF}'
        )
}

/// Refuses a hidden character in `value` ([`hidden`]); a line break only where
/// `lines` allows it (a message of several lines), never in a name.
pub fn shown(field: &str, value: &str, lines: bool) -> Result<(), FieldError> {
    let found = value
        .chars()
        .enumerate()
        .find(|&(_, c)| hidden(c) && !(lines && matches!(c, '\n' | '\r')));
    match found {
        None => Ok(()),
        Some((at, c)) => Err(FieldError::new(
            field,
            "invalid_character",
            format!(
                "no control, direction or invisible characters: U+{:04X} at character {}",
                u32::from(c),
                at + 1
            ),
        )),
    }
}

/// A required reason (why a change moves the standings without a deal behind it): 1 to
/// [`crate::extract::TEXT_LIMIT`] characters, trimmed; a 422 naming `reason` with `why`
/// otherwise.
pub fn required_reason(reason: &str, why: &str) -> Result<String, ApiError> {
    text("reason", reason, crate::extract::TEXT_LIMIT)
        .map_err(|e| ApiError::unprocessable("invalid_body", format!("reason: {why}"), vec![e]))
}

/// A 422 for a message of several lines (a reason, what happened) with a hidden character.
pub fn message(field: &str, value: Option<&str>) -> Result<(), ApiError> {
    match value {
        Some(value) => shown(field, value, true).map_err(|e| {
            ApiError::unprocessable("invalid_body", format!("{field}: {}", e.message), vec![e])
        }),
        None => Ok(()),
    }
}

/// Adds an error when `value` is outside `min..=max`.
pub fn in_range(field: &str, value: i32, min: i32, max: i32, errors: &mut Vec<FieldError>) {
    if !(min..=max).contains(&value) {
        errors.push(FieldError::new(
            field,
            "out_of_range",
            format!("{min} to {max}, got {value}"),
        ));
    }
}

/// A 422 listing `errors`, if there are any.
pub fn invalid(errors: Vec<FieldError>) -> Result<(), ApiError> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ApiError::unprocessable(
            "invalid_body",
            format!("{} field(s) are invalid", errors.len()),
            errors,
        ))
    }
}

/// An optional text: blank is none, otherwise as [`text`] (errors are collected).
pub fn optional(
    field: &str,
    value: Option<&str>,
    max: usize,
    errors: &mut Vec<FieldError>,
) -> Option<String> {
    match value.map(str::trim) {
        None | Some("") => None,
        Some(v) => text(field, v, max).map_err(|e| errors.push(e)).ok(),
    }
}

/// The most digits a DDV number is taken with. The DDV numbers its members with plain
/// decimal numbers (4 and 5 digits today, sometimes written with leading zeros, "0815");
/// eight leaves room for growth and still refuses a telephone number pasted by mistake.
pub const DDV_NUMBER_DIGITS: usize = 8;

/// A DDV membership number as typed, trimmed: `None` when empty, else 1 to
/// [`DDV_NUMBER_DIGITS`] digits (leading zeros kept: "0815" is a number the DDV gave).
/// Anything else (`abc`, `12-34`, a name in the wrong column) is an error on `field`.
pub fn ddv_number(
    field: &str,
    value: Option<&str>,
    errors: &mut Vec<FieldError>,
) -> Option<String> {
    let value = value.map(str::trim).filter(|v| !v.is_empty())?;
    if value.len() <= DDV_NUMBER_DIGITS && value.bytes().all(|b| b.is_ascii_digit()) {
        Some(value.to_owned())
    } else {
        errors.push(FieldError::new(
            field,
            "not_a_ddv_number",
            format!("a DDV number is 1 to {DDV_NUMBER_DIGITS} digits"),
        ));
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ddv_numbers_are_digits_as_the_ddv_gives_them() {
        let read = |v: &str| {
            let mut errors = Vec::new();
            let number = ddv_number("ddv_number", Some(v), &mut errors);
            (
                number,
                errors.iter().map(|e| e.code.clone()).collect::<Vec<_>>(),
            )
        };
        assert_eq!(read("4711"), (Some("4711".to_owned()), vec![]));
        assert_eq!(read(" 0815 "), (Some("0815".to_owned()), vec![]));
        assert_eq!(read("12345678"), (Some("12345678".to_owned()), vec![]));
        assert_eq!(read("   "), (None, vec![]));
        for bad in [
            "abc",
            "12 34",
            "12-34",
            "123456789",
            "٣٤٥",
            "4711a",
            "+4711",
        ] {
            assert_eq!(
                read(bad),
                (None, vec!["not_a_ddv_number".to_owned()]),
                "{bad:?}"
            );
        }
        assert_eq!(ddv_number("ddv_number", None, &mut Vec::new()), None);
    }

    #[test]
    fn names_hold_no_control_direction_or_invisible_character() {
        for name in [
            "Jürgen Müller",
            "José Ñúñez",
            "داود",
            "李雷",
            "O'Brien-Smith",
        ] {
            assert_eq!(text("name", name, 200).as_deref(), Ok(name), "{name}");
        }
        for (name, at) in [
            ("Anna \u{202E}relleuM", "U+202E at character 6"),
            ("Bert\u{7}", "U+0007 at character 5"),
            ("\u{200B}Carl", "U+200B at character 1"),
            ("Do\u{2066}ra", "U+2066 at character 3"),
            ("Emil\u{FEFF}a", "U+FEFF at character 5"),
            ("Fri\nda", "U+000A at character 4"),
            ("Gus\u{61C}tav", "U+061C at character 4"),
        ] {
            let e = text("name", name, 200).unwrap_err();
            assert_eq!(
                (e.field.as_str(), e.code.as_str()),
                ("name", "invalid_character")
            );
            assert!(e.message.ends_with(at), "{name:?}: {}", e.message);
        }
    }

    #[test]
    fn a_message_may_have_lines_but_nothing_hidden() {
        assert!(message("reason", Some("erste Zeile\r\nzweite Zeile")).is_ok());
        assert!(message("reason", None).is_ok());
        assert!(message("reason", Some("Tab\there")).is_err());
        assert!(message("reason", Some("rtl \u{202B}")).is_err());
    }
}
