//! Field checks that many requests share: texts of a bounded length, numbers in a range,
//! and one 422 that lists every field at fault at once.

use crate::error::{ApiError, FieldError};

/// `value` trimmed, 1 to `max` characters.
pub fn text(field: &str, value: &str, max: usize) -> Result<String, FieldError> {
    let value = value.trim();
    if value.is_empty() || value.chars().count() > max {
        Err(FieldError::new(
            field,
            "invalid_length",
            format!("1 to {max} characters"),
        ))
    } else {
        Ok(value.to_owned())
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
