//! Configuration from the environment, read once at start-up and passed down; there is no
//! global configuration.

use std::path::PathBuf;

use anyhow::{Context, bail};

pub use crate::keys::Secret;
pub use crate::links::PublicUrl;
pub use crate::mail::Mailer;

/// Everything the service needs to start. Its `Debug` shows the database URL without its
/// password.
#[derive(Clone)]
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
    /// Threads that answer HTTP (`KARLCHEN_WORKERS`, default 1). Database work and password
    /// hashing run on the blocking pool, not on these threads, so one keeps up with a
    /// championship (see `BENCHMARKS.md`); each further one costs about 3 MB at idle.
    pub workers: usize,
    /// Log lines as JSON (`KARLCHEN_LOG_FORMAT=json`) instead of text.
    pub log_json: bool,
    /// Log-in and join attempts per minute per e-mail and per join code, also the burst
    /// (`KARLCHEN_AUTH_LIMIT_PER_KEY`, default 10; 0 switches the limit off).
    pub auth_limit_per_key: u32,
    /// Log-in and join attempts per minute per client address, also the burst
    /// (`KARLCHEN_AUTH_LIMIT_PER_ADDRESS`, default 120: a club hall's captains share one
    /// Wi-Fi address; 0 switches the limit off).
    pub auth_limit_per_address: u32,
    /// Believe the proxy's `Forwarded`/`X-Forwarded-*` headers: the client address, and the
    /// host and scheme the request was sent to (`KARLCHEN_TRUST_FORWARDED=1`); only behind
    /// a proxy that sets them, since clients could otherwise pick their own address and
    /// pass another site's form off as ours.
    pub trust_forwarded: bool,
    /// A token signing secret shared by several instances (`KARLCHEN_SECRET`, or the file
    /// `KARLCHEN_SECRET_FILE` names); without one, the key file in the data folder.
    pub secret: Option<Secret>,
    /// The bearer token `/metrics` asks for (`KARLCHEN_METRICS_TOKEN`, at least 16
    /// characters); without one, `/metrics` answers only requests from the loopback
    /// address that came through no proxy.
    pub metrics_token: Option<MetricsToken>,
    /// Let webhooks reach this machine and private networks
    /// (`KARLCHEN_WEBHOOK_ALLOW_PRIVATE=1`, for a receiver in the club's own network);
    /// without it, such targets are refused when registered and when delivered to.
    pub webhook_allow_private: bool,
    /// The most live standings streams open at once (`KARLCHEN_STREAMS_MAX`); without it,
    /// three quarters of the files the process may open, at most 10,000.
    pub streams_max: Option<usize>,
    /// The most of them one client address holds (`KARLCHEN_STREAMS_PER_ADDRESS`).
    pub streams_per_address: usize,
    /// The address phones reach the service at (`KARLCHEN_PUBLIC_URL`), for printed links
    /// and QR codes; without it, they are derived from the request ([`crate::links`]).
    pub public_url: Option<PublicUrl>,
    /// How invitation mails are sent: a sendmail-compatible command (`KARLCHEN_SENDMAIL`,
    /// e.g. `/usr/sbin/sendmail -t -i`) and the sender (`KARLCHEN_MAIL_FROM`). Without
    /// one, invitation links are only shown to the organiser to pass on.
    pub mailer: Option<Mailer>,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("bind", &self.bind)
            .field("data_dir", &self.data_dir)
            .field("database_url", &crate::db::redacted(&self.database_url))
            .field("pool_size", &self.pool_size)
            .field("workers", &self.workers)
            .field("log_json", &self.log_json)
            .field("auth_limit_per_key", &self.auth_limit_per_key)
            .field("auth_limit_per_address", &self.auth_limit_per_address)
            .field("trust_forwarded", &self.trust_forwarded)
            .field("secret", &self.secret)
            .field("metrics_token", &self.metrics_token)
            .field("webhook_allow_private", &self.webhook_allow_private)
            .field("streams_max", &self.streams_max)
            .field("streams_per_address", &self.streams_per_address)
            .field("public_url", &self.public_url)
            .field("mailer", &self.mailer)
            .finish()
    }
}

/// The token of `/metrics`. Its `Debug` never shows it.
#[derive(Clone, PartialEq, Eq)]
pub struct MetricsToken(String);

impl std::fmt::Debug for MetricsToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MetricsToken(..)")
    }
}

impl MetricsToken {
    /// The shortest token accepted: a scraper's token is typed once into its
    /// configuration, so there is no reason for a guessable one.
    pub const MIN_LENGTH: usize = 16;

    /// Takes `token`, refusing one shorter than [`MetricsToken::MIN_LENGTH`].
    pub fn new(token: &str) -> anyhow::Result<MetricsToken> {
        let token = token.trim();
        if token.chars().count() < MetricsToken::MIN_LENGTH {
            bail!(
                "KARLCHEN_METRICS_TOKEN must have at least {} characters",
                MetricsToken::MIN_LENGTH
            );
        }
        Ok(MetricsToken(token.to_owned()))
    }

    /// The token, to compare with what a request brings.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl Config {
    /// The default SQLite URL for a data folder.
    pub fn sqlite_url_in(data_dir: &std::path::Path) -> String {
        format!("sqlite://{}", data_dir.join("karlchen.db").display())
    }

    /// The SQLite file `database_url` names, if it names one: a `sqlite://` or `file:` URL
    /// (without URI parameters, not `:memory:`), or a bare path of an existing file. A bare
    /// path that does not exist is no SQLite file, so that a mistyped URL is still refused
    /// instead of becoming a new database.
    pub fn sqlite_path(&self) -> Option<PathBuf> {
        let url = self.database_url.as_str();
        let Some(rest) = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("file:"))
        else {
            let bare = PathBuf::from(url);
            return bare.is_file().then_some(bare);
        };
        let path = rest.split('?').next().unwrap_or(rest);
        (!path.is_empty() && path != ":memory:").then(|| PathBuf::from(path))
    }

    /// A configuration for a data folder with every other setting at its default.
    pub fn with_data_dir(data_dir: PathBuf) -> Config {
        Config {
            bind: "127.0.0.1:8080".to_owned(),
            database_url: Config::sqlite_url_in(&data_dir),
            data_dir,
            pool_size: 8,
            workers: 1,
            log_json: false,
            auth_limit_per_key: 10,
            auth_limit_per_address: 120,
            trust_forwarded: false,
            secret: None,
            metrics_token: None,
            webhook_allow_private: false,
            streams_max: None,
            // A hall behind one NAT address: its watchers beyond this poll instead.
            streams_per_address: 200,
            public_url: None,
            mailer: None,
        }
    }

    /// Reads the configuration from the environment, failing with the variable's name.
    pub fn from_env() -> anyhow::Result<Config> {
        Config::from_source(|name| std::env::var(name))
    }

    /// Reads the configuration from `source`, which answers as [`std::env::var`] does: the
    /// environment, or a test's table.
    fn from_source(
        source: impl Fn(&str) -> Result<String, std::env::VarError>,
    ) -> anyhow::Result<Config> {
        let var = |name: &str| -> anyhow::Result<Option<String>> {
            match source(name) {
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
        if let Some(workers) = var("KARLCHEN_WORKERS")? {
            config.workers = workers
                .trim()
                .parse()
                .ok()
                .filter(|&n: &usize| (1..=64).contains(&n))
                .with_context(|| format!("KARLCHEN_WORKERS must be 1-64, got {workers:?}"))?;
        }
        config.log_json = match var("KARLCHEN_LOG_FORMAT")?.as_deref() {
            None | Some("text") => false,
            Some("json") => true,
            Some(other) => bail!("KARLCHEN_LOG_FORMAT must be text or json, got {other:?}"),
        };
        let per_minute = |name: &str, value: String| -> anyhow::Result<u32> {
            value
                .trim()
                .parse()
                .ok()
                .filter(|&n: &u32| n <= 1_000_000)
                .with_context(|| {
                    format!("{name} must be attempts per minute (0 = no limit), got {value:?}")
                })
        };
        if let Some(n) = var("KARLCHEN_AUTH_LIMIT_PER_KEY")? {
            config.auth_limit_per_key = per_minute("KARLCHEN_AUTH_LIMIT_PER_KEY", n)?;
        }
        if let Some(n) = var("KARLCHEN_AUTH_LIMIT_PER_ADDRESS")? {
            config.auth_limit_per_address = per_minute("KARLCHEN_AUTH_LIMIT_PER_ADDRESS", n)?;
        }
        config.trust_forwarded = match var("KARLCHEN_TRUST_FORWARDED")?.as_deref() {
            None | Some("0" | "false") => false,
            Some("1" | "true") => true,
            Some(other) => bail!("KARLCHEN_TRUST_FORWARDED must be 1 or 0, got {other:?}"),
        };
        config.webhook_allow_private = match var("KARLCHEN_WEBHOOK_ALLOW_PRIVATE")?.as_deref() {
            None | Some("0" | "false") => false,
            Some("1" | "true") => true,
            Some(other) => bail!("KARLCHEN_WEBHOOK_ALLOW_PRIVATE must be 1 or 0, got {other:?}"),
        };
        config.secret = match (var("KARLCHEN_SECRET")?, var("KARLCHEN_SECRET_FILE")?) {
            (Some(_), Some(_)) => {
                bail!("set KARLCHEN_SECRET or KARLCHEN_SECRET_FILE, not both")
            }
            (Some(value), None) => Some(Secret::new(value.into_bytes(), "KARLCHEN_SECRET")?),
            (None, Some(file)) => {
                let bytes = std::fs::read(&file)
                    .with_context(|| format!("cannot read KARLCHEN_SECRET_FILE {file}"))?;
                Some(Secret::new(bytes, &format!("KARLCHEN_SECRET_FILE {file}"))?)
            }
            (None, None) => None,
        };
        let count = |name: &str, value: String| {
            value
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|&n| n <= 1_000_000)
                .with_context(|| format!("{name} must be a number of streams, got {value:?}"))
        };
        if let Some(n) = var("KARLCHEN_STREAMS_MAX")? {
            config.streams_max = Some(count("KARLCHEN_STREAMS_MAX", n)?);
        }
        if let Some(n) = var("KARLCHEN_STREAMS_PER_ADDRESS")? {
            config.streams_per_address = count("KARLCHEN_STREAMS_PER_ADDRESS", n)?;
        }
        config.public_url = var("KARLCHEN_PUBLIC_URL")?
            .map(|url| PublicUrl::parse(&url))
            .transpose()?;
        config.mailer = match (var("KARLCHEN_SENDMAIL")?, var("KARLCHEN_MAIL_FROM")?) {
            (Some(command), Some(from)) => Some(Mailer::parse(&command, &from)?),
            (Some(_), None) => {
                bail!("KARLCHEN_SENDMAIL needs KARLCHEN_MAIL_FROM, the address mails come from")
            }
            (None, _) => None,
        };
        config.metrics_token = var("KARLCHEN_METRICS_TOKEN")?
            .map(|token| MetricsToken::new(&token))
            .transpose()?;
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::Config;

    fn with(vars: &[(&str, &str)]) -> anyhow::Result<Config> {
        Config::from_source(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
                .ok_or(std::env::VarError::NotPresent)
        })
    }

    /// One worker unless told otherwise; a count outside 1-64 stops the start with the
    /// variable's name rather than starting a server that answers nobody.
    #[test]
    fn workers_default_to_one_and_are_checked() {
        assert_eq!(with(&[]).unwrap().workers, 1);
        assert_eq!(with(&[("KARLCHEN_WORKERS", " 4 ")]).unwrap().workers, 4);
        for bad in ["0", "65", "two", "-1"] {
            let error = with(&[("KARLCHEN_WORKERS", bad)]).unwrap_err().to_string();
            assert!(error.contains("KARLCHEN_WORKERS must be 1-64"), "{error}");
        }
    }

    /// The public address is read as an origin; anything else stops the start.
    #[test]
    fn the_public_url_is_checked() {
        assert_eq!(with(&[]).unwrap().public_url, None);
        let given = with(&[("KARLCHEN_PUBLIC_URL", "https://doko.example.org/")]).unwrap();
        assert_eq!(
            given.public_url.unwrap().as_str(),
            "https://doko.example.org"
        );
        let error = with(&[("KARLCHEN_PUBLIC_URL", "doko.example.org")])
            .unwrap_err()
            .to_string();
        assert!(error.contains("KARLCHEN_PUBLIC_URL"), "{error}");
    }

    /// Mail is off unless a command is given, which needs a sender; a sender that is no
    /// address stops the start with the variable's name.
    #[test]
    fn mail_needs_a_command_and_a_sender() {
        assert_eq!(with(&[]).unwrap().mailer, None);
        assert_eq!(
            with(&[("KARLCHEN_MAIL_FROM", "doko@example.org")])
                .unwrap()
                .mailer,
            None
        );
        let given = with(&[
            ("KARLCHEN_SENDMAIL", "/usr/sbin/sendmail -t -i"),
            ("KARLCHEN_MAIL_FROM", "doko@example.org"),
        ])
        .unwrap();
        assert_eq!(given.mailer.unwrap().from(), "doko@example.org");
        for vars in [
            &[("KARLCHEN_SENDMAIL", "/usr/sbin/sendmail -t")][..],
            &[
                ("KARLCHEN_SENDMAIL", "/usr/sbin/sendmail -t"),
                ("KARLCHEN_MAIL_FROM", "Doko Club"),
            ][..],
        ] {
            let error = with(vars).unwrap_err().to_string();
            assert!(error.contains("KARLCHEN_MAIL_FROM"), "{error}");
        }
    }

    /// The caps on streams: the total derived from the open-file limit unless given, 200
    /// per address; a value that is no count stops the start with the variable's name.
    #[test]
    fn stream_caps_default_and_are_checked() {
        let default = with(&[]).unwrap();
        assert_eq!(
            (default.streams_max, default.streams_per_address),
            (None, 200)
        );
        let given = with(&[
            ("KARLCHEN_STREAMS_MAX", "500"),
            ("KARLCHEN_STREAMS_PER_ADDRESS", " 50 "),
        ])
        .unwrap();
        assert_eq!(
            (given.streams_max, given.streams_per_address),
            (Some(500), 50)
        );
        for (name, bad) in [
            ("KARLCHEN_STREAMS_MAX", "many"),
            ("KARLCHEN_STREAMS_MAX", "-1"),
            ("KARLCHEN_STREAMS_PER_ADDRESS", "1000001"),
        ] {
            let error = with(&[(name, bad)]).unwrap_err().to_string();
            assert!(
                error.contains(&format!("{name} must be a number of streams")),
                "{error}"
            );
        }
    }
}
