//! A page's weight and speed as a captain's phone gets it: bytes transferred (HTML, CSS,
//! script) and first contentful paint, in a fresh profile (cold cache) under a
//! [`Throttle`]. Used by the `budgets` tool and the ignored `browser::budgets` test; the
//! figures are in BENCHMARKS.md.

use std::fmt::Write as _;
use std::time::Duration;

use serde::Deserialize;
use serde_json::{Value, json};

use super::{Throttle, Viewport};

/// One page load, measured.
#[derive(Debug, Clone, Deserialize)]
pub struct Budget {
    /// The address measured.
    pub url: String,
    /// Bytes over the wire (headers included) of the document, stylesheets, scripts and
    /// everything else the page loaded.
    pub html: u64,
    pub css: u64,
    pub js: u64,
    pub other: u64,
    /// The bodies alone as sent (compressed, if the server compressed them).
    pub encoded: u64,
    /// First contentful paint after the navigation started, in milliseconds.
    pub fcp_ms: f64,
    /// The `load` event, in milliseconds.
    pub load_ms: f64,
    /// Each resource: its address, kind and bytes over the wire.
    pub resources: Vec<Resource>,
}

/// One request of a page load.
#[derive(Debug, Clone, Deserialize)]
pub struct Resource {
    pub name: String,
    pub kind: String,
    pub transfer: u64,
}

impl Budget {
    /// HTML + CSS + JS over the wire: the figure the budget limits.
    pub fn transfer(&self) -> u64 {
        self.html + self.css + self.js
    }
}

/// Reads the load's figures from the Navigation and Resource Timing entries.
const FIGURES_JS: &str = r"
const nav = performance.getEntriesByType('navigation')[0];
const fcp = performance.getEntriesByName('first-contentful-paint')[0];
const out = { url: location.href, html: nav.transferSize, css: 0, js: 0, other: 0,
  encoded: nav.encodedBodySize, fcp_ms: fcp ? fcp.startTime : -1, load_ms: nav.loadEventStart,
  resources: [{ name: location.pathname, kind: 'html', transfer: nav.transferSize }] };
for (const r of performance.getEntriesByType('resource')) {
  const kind = r.initiatorType === 'link' && /\.css(\?|$)/.test(r.name) ? 'css'
    : r.initiatorType === 'script' ? 'js' : 'other';
  out[kind] += r.transferSize;
  out.encoded += r.encodedBodySize;
  out.resources.push({ name: new URL(r.name).pathname, kind, transfer: r.transferSize });
}
return out;";

/// Loads `url` in a fresh browser under `throttle` and measures it; `setup`, when given, is
/// opened first in the same session (e.g. a join link that sets the captain's cookie), and
/// the cache and any service worker it registered are dropped after it. `None` when no
/// browser is installed and none required.
pub async fn measure(
    url: &str,
    setup: Option<&str>,
    viewport: Viewport,
    throttle: Throttle,
) -> Option<Budget> {
    let page = super::open(viewport).await?;
    if let Some(setup) = setup {
        page.goto(setup).await;
        // The captain's table registers a service worker, which would answer the assets of
        // the next load: a first visit is measured, so it goes with its copies.
        page.eval_async(FORGET_WORKERS_JS, vec![]).await;
        page.cdp("Network.clearBrowserCache", json!({})).await;
    }
    page.throttle(throttle).await;
    page.goto(url).await;
    // Paint timing is reported asynchronously; a page that painted has its entry soon.
    page.wait_until(
        "performance.getEntriesByName('first-contentful-paint').length > 0",
        Duration::from_secs(30),
    )
    .await;
    let figures: Value = page.eval(FIGURES_JS, vec![]).await;
    page.close().await;
    Some(serde_json::from_value(figures).expect("the page's timing figures"))
}

/// Unregisters the page's service workers and deletes their caches, then calls back.
const FORGET_WORKERS_JS: &str = "const done = arguments[arguments.length - 1];
    const workers = navigator.serviceWorker
        ? navigator.serviceWorker.getRegistrations().then(rs => Promise.all(rs.map(r => r.unregister())))
        : Promise.resolve();
    workers
        .then(() => window.caches ? caches.keys().then(ks => Promise.all(ks.map(k => caches.delete(k)))) : null)
        .then(() => done(true), () => done(false));";

/// The figures as a Markdown table, one row per page.
pub fn table(budgets: &[Budget]) -> String {
    let mut out = String::from(
        "| page | HTML | CSS | JS | HTML+CSS+JS | bodies as sent | first contentful paint | load |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    let kb = |bytes: u64| format!("{:.1} KB", bytes as f64 / 1000.0);
    for b in budgets {
        let path = b
            .url
            .split_once("://")
            .and_then(|(_, rest)| rest.find('/').map(|i| &rest[i..]))
            .unwrap_or(&b.url);
        let _ = writeln!(
            out,
            "| `{path}` | {} | {} | {} | **{}** | {} | **{:.0} ms** | {:.0} ms |",
            kb(b.html),
            kb(b.css),
            kb(b.js),
            kb(b.transfer()),
            kb(b.encoded),
            b.fcp_ms,
            b.load_ms
        );
    }
    out
}
