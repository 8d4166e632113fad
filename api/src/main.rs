//! The `karlchen` command: `serve` runs the service, `migrate` brings the database up to
//! date, `healthcheck` asks a running service whether it is ready (for container health
//! checks, where there is no shell or curl).

use std::io::{Read, Write};
use std::net::TcpStream;
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = Config::from_env().and_then(|config| {
        api::telemetry::init(config.log_json);
        match cli.command {
            Command::Serve => actix_web::rt::System::new().block_on(api::serve(config)),
            Command::Migrate => migrate(&config),
            Command::Healthcheck => healthcheck(&config.bind),
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
    std::fs::create_dir_all(&config.data_dir)
        .with_context(|| format!("cannot create {}", config.data_dir.display()))?;
    api::db::Database::open(&config.database_url, 1)?;
    eprintln!("karlchen: database is up to date");
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
