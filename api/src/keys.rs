//! The key that signs the service's tokens: generated on first start and kept, so tokens
//! stay valid across restarts without any configuration. With SQLite it is kept in the
//! data folder beside the database; with PostgreSQL in the database itself
//! ([`SigningKeys::shared_through`]), so that every instance on it, and a container that
//! restarts without a volume, keeps signing with the same key. A secret from the
//! environment (`KARLCHEN_SECRET` or `KARLCHEN_SECRET_FILE`) overrides both.

use std::fs;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use anyhow::{Context, bail};
use jsonwebtoken::{DecodingKey, EncodingKey};

/// The file name of the key inside the data folder.
pub const KEY_FILE: &str = "jwt-signing.key";
const KEY_BYTES: usize = 64;
/// The shortest secret accepted: HS256 wants a key of at least its hash's 32 bytes.
pub const MIN_SECRET_BYTES: usize = 32;

/// A signing secret given by the operator. Its `Debug` never shows it, so a logged
/// configuration does not leak it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(Vec<u8>);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Secret({} bytes)", self.0.len())
    }
}

impl Secret {
    /// Takes `bytes` from `origin` (named in the error), without trailing line breaks so
    /// that a file written by `echo` and the same text in a variable give the same key;
    /// refuses fewer than [`MIN_SECRET_BYTES`].
    pub fn new(mut bytes: Vec<u8>, origin: &str) -> anyhow::Result<Secret> {
        while bytes.last().is_some_and(|b| matches!(b, b'\n' | b'\r')) {
            bytes.pop();
        }
        if bytes.len() < MIN_SECRET_BYTES {
            bail!(
                "{origin} holds {} bytes; a token signing secret needs at least {MIN_SECRET_BYTES} \
                 (for example the output of `openssl rand -base64 48`)",
                bytes.len()
            );
        }
        Ok(Secret(bytes))
    }
}

/// The HMAC key pair built once at start-up.
#[derive(Clone)]
pub struct SigningKeys {
    /// Signs tokens.
    pub encoding: EncodingKey,
    /// Checks tokens.
    pub decoding: DecodingKey,
}

impl std::fmt::Debug for SigningKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SigningKeys(..)")
    }
}

impl SigningKeys {
    /// The keys from the configured shared secret, or else from the data folder's key file.
    pub fn from_config(secret: Option<&Secret>, data_dir: &Path) -> anyhow::Result<SigningKeys> {
        match secret {
            Some(Secret(bytes)) => Ok(SigningKeys::from_secret(bytes)),
            None => SigningKeys::load_or_create(data_dir),
        }
    }

    fn from_secret(secret: &[u8]) -> SigningKeys {
        SigningKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
        }
    }

    /// The key kept in the database `db` (PostgreSQL without a configured secret): the
    /// stored one, or, from the first instance to start, the data folder's key file if it
    /// has one (the tokens it signed stay good after the upgrade), else a new random key.
    pub fn shared_through(
        db: &crate::db::Database,
        data_dir: &Path,
    ) -> anyhow::Result<SigningKeys> {
        use crate::db::signing_keys;
        let mut conn = db.connection()?;
        let stored = match signing_keys::get(&mut conn)? {
            Some(hex) => hex,
            None => {
                let secret = match fs::read(data_dir.join(KEY_FILE)) {
                    Ok(bytes) if bytes.len() >= MIN_SECRET_BYTES => bytes,
                    _ => random_key()?,
                };
                let hex: String = secret.iter().map(|b| format!("{b:02x}")).collect();
                let stood = signing_keys::put_first(&mut conn, &hex, crate::clock::now())?;
                tracing::info!("the token signing key is kept in the database");
                stood
            }
        };
        let secret = from_hex(&stored).context("the signing key stored in the database")?;
        if secret.len() < MIN_SECRET_BYTES {
            bail!("the signing key stored in the database is too short");
        }
        Ok(SigningKeys::from_secret(&secret))
    }

    /// Loads the key from `data_dir`, creating it (readable by the owner only) if missing.
    pub fn load_or_create(data_dir: &Path) -> anyhow::Result<SigningKeys> {
        let path = data_dir.join(KEY_FILE);
        let secret = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => match create(&path) {
                Ok(secret) => secret,
                // Another instance created it between our read and our create.
                Err(e) if path.exists() => fs::read(&path)
                    .with_context(|| format!("cannot read {} after {e:#}", path.display()))?,
                Err(e) => return Err(e),
            },
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        if secret.len() < 32 {
            bail!(
                "{} holds {} bytes; a signing key needs at least 32 (delete it to make a new one)",
                path.display(),
                secret.len()
            );
        }
        Ok(SigningKeys::from_secret(&secret))
    }
}

/// A new random key.
fn random_key() -> anyhow::Result<Vec<u8>> {
    let mut secret = vec![0u8; KEY_BYTES];
    getrandom::fill(&mut secret).map_err(|e| anyhow::anyhow!("no randomness for the key: {e}"))?;
    Ok(secret)
}

/// The bytes of `hex` (two digits a byte).
fn from_hex(hex: &str) -> anyhow::Result<Vec<u8>> {
    if !hex.len().is_multiple_of(2) {
        bail!("an odd number of hex digits");
    }
    (0..hex.len())
        .step_by(2)
        .map(|i| {
            hex.get(i..i + 2)
                .and_then(|pair| u8::from_str_radix(pair, 16).ok())
                .ok_or_else(|| anyhow::anyhow!("not hex at {i}"))
        })
        .collect()
}

fn create(path: &Path) -> anyhow::Result<Vec<u8>> {
    let secret = random_key()?;
    // create_new: two instances starting at once must not overwrite each other's key.
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
        .with_context(|| format!("cannot create {}", path.display()))?;
    file.write_all(&secret)?;
    file.sync_all()?;
    tracing::info!(path = %path.display(), "created a new token signing key");
    Ok(secret)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_secret_is_refused_and_line_breaks_do_not_count() {
        let err = Secret::new(b"too short".to_vec(), "KARLCHEN_SECRET").unwrap_err();
        let message = err.to_string();
        assert!(
            message.contains("KARLCHEN_SECRET holds 9 bytes"),
            "{message}"
        );
        assert!(message.contains("at least 32"), "{message}");
        let text = "0123456789abcdef0123456789abcdef";
        let from_file = Secret::new(format!("{text}\r\n").into_bytes(), "file").unwrap();
        assert_eq!(from_file, Secret::new(text.into(), "variable").unwrap());
        assert!(Secret::new(format!("{}\n", &text[1..]).into_bytes(), "file").is_err());
        assert_eq!(format!("{from_file:?}"), "Secret(32 bytes)");
    }

    #[test]
    fn a_stored_key_reads_back_from_hex() {
        assert_eq!(from_hex("00ff7a").unwrap(), [0x00, 0xff, 0x7a]);
        assert!(from_hex("0ff").is_err() && from_hex("zz").is_err());
    }
}
