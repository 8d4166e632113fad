//! What every request can reach: built once at start-up, shared by all workers.

use std::fs;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::Path;
use std::sync::Arc;

use anyhow::Context;

use crate::auth::limits::AuthLimits;
use crate::config::Config;
use crate::db::{Backend, Database};
use crate::keys::SigningKeys;
use crate::live_cache::LiveCache;
use crate::metrics::Metrics;
use crate::stream_slots::StreamSlots;

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
    /// Rate limits on logging in and the bound on concurrent password hashes.
    pub auth_limits: Arc<AuthLimits>,
    /// The live standings: the public standings kept per tournament, and their feeds.
    pub live: Arc<LiveCache>,
    /// The HTTP client that delivers webhooks (one connection pool for all of them).
    pub http: reqwest::Client,
    /// The Prometheus metrics (`/metrics`).
    pub metrics: Arc<Metrics>,
    /// The open live standings streams, within their caps.
    pub streams: Arc<StreamSlots>,
}

impl AppState {
    /// Creates the data folder, loads or creates the signing key and opens (and migrates)
    /// the database.
    pub async fn open(config: Config) -> anyhow::Result<AppState> {
        prepare_storage(&config)?;
        let auth_limits = Arc::new(AuthLimits::new(&config));
        let pages = crate::templates::load().context("page templates do not compile")?;
        let (url, size) = (config.database_url.clone(), config.pool_size);
        let db = actix_web::web::block(move || Database::open(&url, size))
            .await
            .context("database set-up was interrupted")??;
        let keys = match (&config.secret, db.backend()) {
            (None, Backend::Postgres) => {
                let (shared, dir) = (db.clone(), config.data_dir.clone());
                actix_web::web::block(move || SigningKeys::shared_through(&shared, &dir))
                    .await
                    .context("key set-up was interrupted")??
            }
            (secret, _) => SigningKeys::from_config(secret.as_ref(), &config.data_dir)?,
        };
        let http = outbound_client(config.webhook_allow_private)?;
        let streams = StreamSlots::new(
            config.streams_max.unwrap_or_else(|| {
                crate::stream_slots::default_most(crate::stream_slots::file_limit())
            }),
            config.streams_per_address,
        );
        Ok(AppState {
            config: Arc::new(config),
            db,
            keys: Arc::new(keys),
            pages: Arc::new(pages),
            auth_limits,
            live: Arc::new(LiveCache::new()),
            http,
            metrics: Arc::new(Metrics::new()?),
            streams: Arc::new(streams),
        })
    }
}

/// The client for webhook deliveries: no redirects (a receiver answers itself, and a
/// redirect must not carry a signed body elsewhere), connections bounded in time.
/// The client webhooks are sent with: no redirects (a receiver could send it anywhere),
/// and, unless `allow_private`, connecting only to public addresses
/// ([`crate::net_guard::PublicResolver`]).
pub fn outbound_client(allow_private: bool) -> anyhow::Result<reqwest::Client> {
    let builder = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .connect_timeout(std::time::Duration::from_secs(5))
        .user_agent(concat!("Karlchen-Webhooks/", env!("CARGO_PKG_VERSION")));
    let builder = if allow_private {
        builder
    } else {
        builder.dns_resolver(Arc::new(crate::net_guard::PublicResolver))
    };
    builder
        .build()
        .context("cannot set up the HTTP client for webhooks")
}

/// Makes the data folder and the SQLite files private to the service's user before the
/// database is opened: the folder 0700, the database file 0600. SQLite gives the `-wal` and
/// `-shm` files it creates the database file's mode, so they end up 0600 too; ones left by
/// an older version are tightened here. Everything in there (organisers' password hashes,
/// the signing key) is nobody else's business on a shared machine.
///
/// # Errors
///
/// When the folder or the file cannot be created or its mode cannot be set.
pub fn prepare_storage(config: &Config) -> anyhow::Result<()> {
    private_dir(&config.data_dir)?;
    let Some(db) = config.sqlite_path() else {
        return Ok(());
    };
    if let Some(parent) = db.parent().filter(|p| !p.as_os_str().is_empty())
        && !parent.exists()
    {
        private_dir(parent)?;
    }
    // Created here, empty, so that SQLite opens a file that is already 0600 (SQLite itself
    // would create it 0644); an existing file is neither truncated nor replaced.
    fs::OpenOptions::new()
        .append(true)
        .create(true)
        .mode(0o600)
        .open(&db)
        .with_context(|| format!("cannot create {}", db.display()))?;
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut name = db.clone().into_os_string();
        name.push(suffix);
        restrict(Path::new(&name), 0o600)?;
    }
    // A backup or restore killed halfway left its temporary copy beside the database.
    let folder = db
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    for removed in crate::db::backup::sweep(folder) {
        tracing::warn!(file = %removed.display(), "removed what a killed backup or restore left");
    }
    Ok(())
}

/// Creates `dir` (and missing parents) 0700, or tightens an existing one to 0700.
fn private_dir(dir: &Path) -> anyhow::Result<()> {
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .with_context(|| format!("cannot create {}", dir.display()))?;
    restrict(dir, 0o700)
}

/// Sets `path`'s mode to `mode` if it exists and allows more; the explicit `chmod` does not
/// depend on the process's umask.
fn restrict(path: &Path, mode: u32) -> anyhow::Result<()> {
    let current = match fs::metadata(path) {
        Ok(m) => m.permissions().mode() & 0o777,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    };
    if current & !mode != 0 {
        fs::set_permissions(path, fs::Permissions::from_mode(mode))
            .with_context(|| format!("cannot make {} private (mode {mode:o})", path.display()))?;
        tracing::info!(path = %path.display(), from = format!("{current:o}"), to = format!("{mode:o}"), "made private");
    }
    Ok(())
}
