//! The key that signs the service's tokens: generated on first start and kept in the data
//! folder, so tokens stay valid across restarts without any configuration.

use std::fs;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use anyhow::{Context, bail};
use jsonwebtoken::{DecodingKey, EncodingKey};

/// The file name of the key inside the data folder.
pub const KEY_FILE: &str = "jwt-signing.key";
const KEY_BYTES: usize = 64;

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
        Ok(SigningKeys {
            encoding: EncodingKey::from_secret(&secret),
            decoding: DecodingKey::from_secret(&secret),
        })
    }
}

fn create(path: &Path) -> anyhow::Result<Vec<u8>> {
    let mut secret = vec![0u8; KEY_BYTES];
    getrandom::fill(&mut secret).map_err(|e| anyhow::anyhow!("no randomness for the key: {e}"))?;
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
