//! Pages in a real headless Chromium, driven over WebDriver: the harness of the browser tests
//! and of the budgets tool.
//!
//! One `chromedriver` per test process (`driver.rs`), started on first use on a port of its
//! own choosing; one WebDriver session, with a fresh Chromium profile, per [`Page`]. The
//! client is `fantoccini`: it speaks plain HTTP to the driver on the loopback over the
//! `hyper` already in the graph, while `thirtyfour` would add a second `reqwest` and a TLS
//! stack that a driver on 127.0.0.1 never needs.
//!
//! ```ignore
//! let Some(page) = browser::open(Viewport::Phone).await else { return }; // skipped
//! page.goto(&format!("{base}/join")).await;
//! page.fill("#code", "K7QX-2M").await;
//! page.click("#join-submit").await;
//! page.wait_for("#table-heading", Duration::from_secs(5)).await;
//! page.set_offline(true).await;
//! page.screenshot("table-offline").await;
//! page.assert_accessible("table").await;
//! page.close().await;
//! ```
//!
//! Without Chromium or chromedriver, [`open`] answers `None` after a note, so the tests are
//! skipped; `KARLCHEN_REQUIRE_BROWSER=1` (set by `scripts/test`) turns that into a failure.
//! The same holds for axe-core (`npm ci` in `tests/`, done by `scripts/test`).

mod audit;
pub mod budgets;
mod driver;
mod keyboard;
mod network;
mod page;

use std::path::PathBuf;
use std::process::Command;

pub use audit::{Audit, SmallTarget, Violation};
pub use network::Throttle;
pub use page::Page;

/// The window a page is shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewport {
    /// A captain's phone: 390x844 CSS pixels at device pixel ratio 3, touch, mobile layout
    /// (Chromium's mobile emulation, so `width=device-width` means 390).
    Phone,
    /// A laptop or the hall's screen: a 1280x900 window.
    Desktop,
}

/// A fresh browser session showing `about:blank`, or `None` when no browser is installed and
/// none is required (the caller returns: the test is skipped with a note).
pub async fn open(viewport: Viewport) -> Option<Page> {
    let binaries = binaries()?;
    let driver = driver::shared(&binaries.chromedriver);
    Some(Page::start(driver, &binaries.chromium, viewport).await)
}

/// Whether browser tests must run rather than be skipped (`KARLCHEN_REQUIRE_BROWSER=1`).
pub fn required() -> bool {
    std::env::var("KARLCHEN_REQUIRE_BROWSER").as_deref() == Ok("1")
}

struct Binaries {
    chromium: String,
    chromedriver: String,
}

/// Chromium and chromedriver from the `PATH`, or `None` (with a note) when either is
/// missing and not required.
fn binaries() -> Option<Binaries> {
    let found = |names: &[&str]| {
        names.iter().find_map(|name| {
            Command::new(name)
                .arg("--version")
                .output()
                .ok()
                .filter(|out| out.status.success())
                .map(|_| (*name).to_owned())
        })
    };
    let chromium = found(&["chromium", "chromium-browser", "google-chrome"]);
    let chromedriver = found(&["chromedriver"]);
    match (chromium, chromedriver) {
        (Some(chromium), Some(chromedriver)) => Some(Binaries {
            chromium,
            chromedriver,
        }),
        (chromium, _) => {
            let missing = if chromium.is_none() {
                "chromium"
            } else {
                "chromedriver (Debian: chromium-driver)"
            };
            assert!(
                !required(),
                "KARLCHEN_REQUIRE_BROWSER=1 but {missing} is not installed"
            );
            eprintln!("note: {missing} not installed, browser test skipped");
            None
        }
    }
}

/// Where screenshots go: `$KARLCHEN_ARTEFACTS/screenshots`, else
/// `target/artefacts/screenshots` in the workspace (ignored by git either way).
pub fn artefacts() -> PathBuf {
    std::env::var_os("KARLCHEN_ARTEFACTS")
        .map_or_else(
            || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/artefacts"),
            PathBuf::from,
        )
        .join("screenshots")
}
