//! Passwords as argon2id hashes (the library's defaults). Hashing is deliberately slow, so
//! callers run it off the async executor.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

/// The shortest password an organiser may choose.
pub const MIN_LENGTH: usize = 10;

/// A PHC string for `password`.
pub fn hash(password: &str) -> anyhow::Result<String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| anyhow::anyhow!("no randomness for a salt: {e}"))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| anyhow::anyhow!("{e}"))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("cannot hash the password: {e}"))
}

/// A hash of nothing anybody knows, verified against when the e-mail is unknown so that
/// the answer takes as long as for a known one (no e-mail enumeration by timing).
pub fn dummy_hash() -> &'static str {
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$Kx6qGx3sTnGWnDyWA5ls5o1kq7dQ7Q9v1a0B4dDhxjw"
}

/// Whether `password` matches `phc`; a malformed hash never matches.
pub fn verify(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only() {
        let phc = hash("correct horse battery").unwrap();
        assert!(phc.starts_with("$argon2id$"));
        assert!(verify("correct horse battery", &phc));
        assert!(!verify("correct horse battery!", &phc));
        assert!(
            PasswordHash::new(dummy_hash()).is_ok(),
            "the dummy must cost a real verify"
        );
        assert!(!verify("anything", dummy_hash()));
        assert!(!verify("anything", "not a hash"));
    }
}
