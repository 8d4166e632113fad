//! Logging: `tracing` to stderr (stdout stays clean for the command line), filtered by
//! `RUST_LOG`, as text or JSON.

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber; a second call (as in tests) is ignored.
pub fn init(json: bool) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = if json {
        builder.json().try_init()
    } else {
        builder.try_init()
    };
}
