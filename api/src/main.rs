//! The `karlchen` command: `serve` runs the service, `migrate` brings the database up to
//! date, `healthcheck` asks a running service whether it is ready (for container health
//! checks, where there is no shell or curl), `backup` and `restore` copy a SQLite database
//! out of and back into place.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, bail};
use api::Config;
use clap::{Parser, Subcommand};

/// Karlchen runs Doppelkopf tournaments by the DDV tournament rules.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Start the service (KARLCHEN_BIND, KARLCHEN_DATA_DIR, DATABASE_URL).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Exit 0 if the service at KARLCHEN_BIND answers /health/ready with 200.
    Healthcheck,
    /// Copy the SQLite database into FILE, also while the service runs (SQLite's online
    /// backup: a consistent state, checked). On PostgreSQL, prints the pg_dump line.
    Backup {
        /// The backup file to write (0600).
        file: PathBuf,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Put a backup in place of the SQLite database; stop the service first. The database
    /// it replaces is kept beside it, its name ending in .before-restore-YYYYMMDDTHHMMSSZ (UTC).
    Restore {
        /// The backup file to restore.
        file: PathBuf,
        /// Restore even over a database changed after the backup was taken.
        #[arg(long)]
        force: bool,
    },
    /// Manage organiser accounts.
    Organizer {
        #[command(subcommand)]
        command: OrganizerCommand,
    },
}

#[derive(Subcommand)]
enum OrganizerCommand {
    /// Create an organiser; the password comes from KARLCHEN_PASSWORD or, if unset, the
    /// first line of standard input.
    Add {
        /// E-mail, used to log in.
        #[arg(long)]
        email: String,
        /// Name shown to players.
        #[arg(long)]
        name: String,
    },
    /// Set an organiser's password (from KARLCHEN_PASSWORD or, if unset, the first line of
    /// standard input); every session and preview link of his ends.
    Password {
        /// The e-mail he signs in with.
        #[arg(long)]
        email: String,
    },
    /// Remove an organiser: he signs in no more, every session and preview link of his
    /// ends; his tournaments stay with their co-organisers.
    Remove {
        /// The e-mail he signs in with.
        #[arg(long)]
        email: String,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = Config::from_env().and_then(|config| {
        api::telemetry::init(config.log_json);
        match cli.command {
            Command::Serve => actix_web::rt::System::new().block_on(api::serve(config)),
            Command::Migrate => migrate(&config),
            Command::Healthcheck => healthcheck(&config.bind),
            Command::Backup { file, force } => backup(&config, &file, force),
            Command::Restore { file, force } => restore(&config, &file, force),
            Command::Organizer {
                command: OrganizerCommand::Add { email, name },
            } => add_organizer(&config, &email, &name),
            Command::Organizer {
                command: OrganizerCommand::Password { email },
            } => organizer_password(&config, &email),
            Command::Organizer {
                command: OrganizerCommand::Remove { email },
            } => remove_organizer(&config, &email),
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("karlchen: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn migrate(config: &Config) -> anyhow::Result<()> {
    // The same private folder and database file as `serve` makes.
    api::state::prepare_storage(config)?;
    api::db::Database::open(&config.database_url, 1)?;
    eprintln!("karlchen: database is up to date");
    Ok(())
}

/// The SQLite file the configuration names, or why there is none.
fn sqlite_file(config: &Config, pg_hint: &str) -> anyhow::Result<PathBuf> {
    match api::db::Backend::from_url(&config.database_url) {
        Ok(api::db::Backend::Postgres) => bail!(
            "DATABASE_URL names a PostgreSQL database; use PostgreSQL's own tools:\n  {pg_hint}"
        ),
        _ => config
            .sqlite_path()
            .context("DATABASE_URL names no SQLite file"),
    }
}

fn backup(config: &Config, file: &Path, force: bool) -> anyhow::Result<()> {
    let source = sqlite_file(
        config,
        &format!(
            "pg_dump --format=custom --file={} \"$DATABASE_URL\"",
            file.display()
        ),
    )?;
    let folder = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    for removed in api::db::backup::sweep(folder) {
        eprintln!(
            "karlchen: removed {}, left by a backup that was killed",
            removed.display()
        );
    }
    let copied = api::db::backup::backup(&source, file, force)?;
    eprintln!(
        "karlchen: backed up {} to {} ({copied})",
        source.display(),
        file.display()
    );
    Ok(())
}

fn restore(config: &Config, file: &Path, force: bool) -> anyhow::Result<()> {
    let target = sqlite_file(
        config,
        &format!(
            "pg_restore --clean --if-exists --no-owner --dbname=\"$DATABASE_URL\" {}",
            file.display()
        ),
    )?;
    // The same private folder and file modes as `serve` makes; a missing database file is
    // created empty, so a fresh data folder can be restored into.
    api::state::prepare_storage(config)?;
    let known = api::db::migrate::sqlite_versions()?;
    let restored = api::db::backup::restore(file, &target, &known, force)?;
    eprintln!(
        "karlchen: restored {} into {} ({})",
        file.display(),
        target.display(),
        restored.summary
    );
    if let Some(previous) = restored.previous {
        eprintln!(
            "karlchen: the database it replaced is kept as {}",
            previous.display()
        );
    }
    Ok(())
}

/// The password from `KARLCHEN_PASSWORD` or, if unset, the first line of standard input.
fn password_input() -> anyhow::Result<String> {
    match std::env::var("KARLCHEN_PASSWORD") {
        Ok(p) => Ok(p),
        Err(_) => {
            let mut line = String::new();
            std::io::stdin()
                .read_line(&mut line)
                .context("cannot read the password")?;
            Ok(line.trim_end_matches(['\r', '\n']).to_owned())
        }
    }
}

/// The database as `serve` opens it, with the same private folder and file.
fn database(config: &Config) -> anyhow::Result<api::db::Database> {
    api::state::prepare_storage(config)?;
    api::db::Database::open(&config.database_url, 1)
}

fn organizer_password(config: &Config, email: &str) -> anyhow::Result<()> {
    let password = password_input()?;
    let db = database(config)?;
    let ended = actix_web::rt::System::new()
        .block_on(api::services::organizers::reset_password(
            &db, email, &password,
        ))
        .map_err(anyhow::Error::from)?;
    eprintln!(
        "karlchen: new password for {}; {ended} session(s) ended",
        email.trim().to_lowercase()
    );
    Ok(())
}

fn remove_organizer(config: &Config, email: &str) -> anyhow::Result<()> {
    let db = database(config)?;
    let ended = actix_web::rt::System::new()
        .block_on(api::services::organizers::remove(&db, email))
        .map_err(anyhow::Error::from)?;
    eprintln!(
        "karlchen: removed {}; {ended} session(s) ended; his tournaments stay",
        email.trim().to_lowercase()
    );
    Ok(())
}

fn add_organizer(config: &Config, email: &str, name: &str) -> anyhow::Result<()> {
    let password = password_input()?;
    let db = database(config)?;
    let id = api::services::organizers::add(&db, email, name, &password)?;
    eprintln!(
        "karlchen: organiser {id} ({}) created",
        email.trim().to_lowercase()
    );
    Ok(())
}

/// One plain HTTP/1.0 request to the local service: a container health check needs
/// nothing more, and the binary then needs no HTTP client library.
fn healthcheck(bind: &str) -> anyhow::Result<()> {
    let address = bind.replace("0.0.0.0", "127.0.0.1");
    let mut stream =
        TcpStream::connect(&address).with_context(|| format!("cannot reach {address}"))?;
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    stream.write_all(b"GET /health/ready HTTP/1.0\r\nHost: localhost\r\n\r\n")?;
    let mut answer = String::new();
    stream.take(4096).read_to_string(&mut answer)?;
    let status = answer.lines().next().unwrap_or_default();
    if status.split_whitespace().nth(1) == Some("200") {
        Ok(())
    } else {
        bail!("not ready: {status}")
    }
}
