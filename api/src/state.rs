//! What every request can reach: built once at start-up, shared by all workers.

use std::sync::Arc;

use anyhow::Context;

use crate::config::Config;
use crate::db::Database;
use crate::keys::SigningKeys;

/// The shared state of the service.
#[derive(Debug, Clone)]
pub struct AppState {
    /// The configuration it started with.
    pub config: Arc<Config>,
    /// The database pool.
    pub db: Database,
    /// The token signing key.
    pub keys: Arc<SigningKeys>,
    /// The page templates, compiled once.
    pub pages: Arc<tera::Tera>,
}

impl AppState {
    /// Creates the data folder, loads or creates the signing key and opens (and migrates)
    /// the database.
    pub async fn open(config: Config) -> anyhow::Result<AppState> {
        std::fs::create_dir_all(&config.data_dir)
            .with_context(|| format!("cannot create {}", config.data_dir.display()))?;
        let keys = SigningKeys::load_or_create(&config.data_dir)?;
        let pages = crate::pages::templates().context("page templates do not compile")?;
        let (url, size) = (config.database_url.clone(), config.pool_size);
        let db = actix_web::web::block(move || Database::open(&url, size))
            .await
            .context("database set-up was interrupted")??;
        Ok(AppState {
            config: Arc::new(config),
            db,
            keys: Arc::new(keys),
            pages: Arc::new(pages),
        })
    }
}
