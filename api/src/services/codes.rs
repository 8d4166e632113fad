//! Codes people type or read aloud: join codes for tables and the seeds of draws.

use crate::error::ApiError;

/// Letters and digits that cannot be mistaken for each other on a table card (no 0/O,
/// 1/I/L, 5/S, 8/B, 2/Z).
const CODE_ALPHABET: &[u8] = b"ACDEFGHJKMNPQRTUVWXY34679";
const CODE_LENGTH: usize = 8;

/// A new random code from the unambiguous alphabet above (join codes, draw seeds).
pub fn new_code() -> Result<String, ApiError> {
    let mut bytes = [0u8; CODE_LENGTH];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("no randomness: {e}")))?;
    // 256 is not a multiple of 25, so the first letters are a little more likely; with 25^8
    // codes that leaves far more than enough to guess against.
    Ok(bytes
        .iter()
        .map(|b| char::from(CODE_ALPHABET[usize::from(*b) % CODE_ALPHABET.len()]))
        .collect())
}

/// A new secret for a signed-in organiser's forms (the CSRF token): 32 random bytes as hex.
pub fn new_secret() -> Result<String, ApiError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("no randomness: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A seed as given (trimmed, at most 200 characters), or a new random one when absent or
/// blank.
pub fn seed_or_new(seed: Option<String>, field: &str) -> Result<String, ApiError> {
    match seed.map(|s| s.trim().to_owned()) {
        Some(s) if s.chars().count() > 200 => Err(ApiError::field(
            "invalid_body",
            field,
            "invalid_length",
            "at most 200 characters",
        )),
        Some(s) if !s.is_empty() => Ok(s),
        _ => new_code(),
    }
}
