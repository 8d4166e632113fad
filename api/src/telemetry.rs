//! Logging: `tracing` to stderr (stdout stays clean for the command line), filtered by
//! `RUST_LOG`, as text or JSON.

use tracing_subscriber::EnvFilter;

/// Installs the global subscriber and the panic hook; a second call (as in tests) is ignored.
pub fn init(json: bool) {
    install_panic_hook();
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

/// Logs a panic as one error line with its location instead of the default multi-line
/// message: the boundaries that catch panics (the panic middleware, `Database::run`) turn it
/// into a 500 and the service goes on, so the log line is all an operator needs.
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("a panic without a message");
        let location = info
            .location()
            .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()))
            .unwrap_or_default();
        tracing::error!(%location, "panic: {message}");
    }));
}
