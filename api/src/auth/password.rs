//! Passwords as argon2id hashes. Hashing is deliberately slow, so callers run it off the
//! async executor, and the login route bounds how many run at once.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

/// The shortest password an organiser may choose.
pub const MIN_LENGTH: usize = 10;

/// Memory per hash in KiB: 19 MiB, OWASP's argon2id minimum (m=19456, t=2, p=1). Written
/// out rather than taken from the library's defaults so that an upgrade cannot change the
/// cost of new hashes silently. Verifying uses the parameters stored in each hash.
const MEMORY_KIB: u32 = 19 * 1024;
/// Passes over the memory.
const ITERATIONS: u32 = 2;
/// Lanes; one, since the login route already runs one hash per core.
const PARALLELISM: u32 = 1;

/// The hasher with the parameters above.
fn argon2() -> anyhow::Result<Argon2<'static>> {
    let params = Params::new(MEMORY_KIB, ITERATIONS, PARALLELISM, None)
        .map_err(|e| anyhow::anyhow!("argon2 parameters: {e}"))?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

/// A PHC string for `password`.
pub fn hash(password: &str) -> anyhow::Result<String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| anyhow::anyhow!("no randomness for a salt: {e}"))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| anyhow::anyhow!("{e}"))?;
    argon2()?
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
    let (Ok(parsed), Ok(argon2)) = (PasswordHash::new(phc), argon2()) else {
        return false;
    };
    argon2.verify_password(password.as_bytes(), &parsed).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only() {
        let phc = hash("correct horse battery").unwrap();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
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
