//! Configuration from the environment, read once at start-up and passed down; there is no
//! global configuration.

use std::path::PathBuf;

use anyhow::{Context, bail};

/// Everything the service needs to start.
#[derive(Debug, Clone)]
pub struct Config {
    /// Address to listen on (`KARLCHEN_BIND`, default `127.0.0.1:8080`).
    pub bind: String,
    /// Folder for the SQLite file and the signing key (`KARLCHEN_DATA_DIR`, default `./data`).
    pub data_dir: PathBuf,
    /// `DATABASE_URL`: `sqlite://…` or `postgres://…`; by default a SQLite file in the data
    /// folder.
    pub database_url: String,
    /// Connections in the pool (`KARLCHEN_DB_POOL_SIZE`, default 8).
    pub pool_size: u32,
    /// Log lines as JSON (`KARLCHEN_LOG_FORMAT=json`) instead of text.
    pub log_json: bool,
}

impl Config {
    /// The default SQLite URL for a data folder.
    pub fn sqlite_url_in(data_dir: &std::path::Path) -> String {
        format!("sqlite://{}", data_dir.join("karlchen.db").display())
    }

    /// A configuration for a data folder with every other setting at its default.
    pub fn with_data_dir(data_dir: PathBuf) -> Config {
        Config {
            bind: "127.0.0.1:8080".to_owned(),
            database_url: Config::sqlite_url_in(&data_dir),
            data_dir,
            pool_size: 8,
            log_json: false,
        }
    }

    /// Reads the configuration from the environment, failing with the variable's name.
    pub fn from_env() -> anyhow::Result<Config> {
        let var = |name: &str| -> anyhow::Result<Option<String>> {
            match std::env::var(name) {
                Ok(v) if v.trim().is_empty() => Ok(None),
                Ok(v) => Ok(Some(v)),
                Err(std::env::VarError::NotPresent) => Ok(None),
                Err(e) => Err(e).with_context(|| format!("{name} is not valid UTF-8")),
            }
        };
        let data_dir = PathBuf::from(var("KARLCHEN_DATA_DIR")?.unwrap_or_else(|| "data".into()));
        let mut config = Config::with_data_dir(data_dir);
        if let Some(bind) = var("KARLCHEN_BIND")? {
            config.bind = bind;
        }
        if let Some(url) = var("DATABASE_URL")? {
            config.database_url = url;
        }
        if let Some(size) = var("KARLCHEN_DB_POOL_SIZE")? {
            config.pool_size = size
                .parse()
                .ok()
                .filter(|&n: &u32| (1..=256).contains(&n))
                .with_context(|| format!("KARLCHEN_DB_POOL_SIZE must be 1-256, got {size:?}"))?;
        }
        config.log_json = match var("KARLCHEN_LOG_FORMAT")?.as_deref() {
            None | Some("text") => false,
            Some("json") => true,
            Some(other) => bail!("KARLCHEN_LOG_FORMAT must be text or json, got {other:?}"),
        };
        Ok(config)
    }
}
