//! The one chromedriver of a test process, shared by every session the process opens.
//!
//! It is started through a small shell that waits on a pipe from this process and ends the
//! driver when the pipe closes: Rust never drops statics, and a test process that exits
//! (or is killed) must not leave a driver behind.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::sync::mpsc;
use std::time::Duration;

/// A running chromedriver.
pub(super) struct Driver {
    /// The port it listens on (127.0.0.1).
    pub(super) port: u16,
    /// The watching shell; its stdin is the pipe whose end stops the driver.
    _watch: Child,
}

impl Driver {
    /// The WebDriver endpoint.
    pub(super) fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

static DRIVER: OnceLock<Driver> = OnceLock::new();

/// The process's driver, started on first use.
pub(super) fn shared(binary: &str) -> &'static Driver {
    DRIVER.get_or_init(|| start(binary))
}

fn start(binary: &str) -> Driver {
    // `--port=0`: the driver picks a free port and names it, so parallel test processes
    // never race for one. The shell's `cat` returns when this process's end of the pipe
    // closes, then the driver is stopped.
    let mut watch = Command::new("sh")
        // The browser runs on the real date when `scripts/test-dates` moved the tests' one
        // (libfaketime through these variables): the pages' scripts compare no dates, and
        // Chromium under the preload runs its pages several times slower.
        .env_remove("LD_PRELOAD")
        .env_remove("FAKETIME")
        .arg("-c")
        .arg(r#""$0" --port=0 --log-level=SEVERE & driver=$!; cat >/dev/null; kill "$driver""#)
        .arg(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {binary}: {e}"));
    let stdout = watch.stdout.take().expect("piped stdout");
    let (port_tx, port_rx) = mpsc::channel();
    // Reads the port from the start-up line, then keeps draining so the driver never
    // blocks on a full pipe.
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if let Some(port) = line
                .strip_prefix("ChromeDriver was started successfully on port ")
                .and_then(|rest| rest.trim_end_matches('.').parse::<u16>().ok())
            {
                let _ = port_tx.send(port);
            }
        }
    });
    let port = port_rx
        .recv_timeout(Duration::from_secs(30))
        .unwrap_or_else(|_| panic!("{binary} did not say which port it listens on"));
    Driver {
        port,
        _watch: watch,
    }
}
