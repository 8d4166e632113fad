//! Accessibility of the page shown: axe-core's rules (injected from `tests/node_modules`,
//! pinned in `tests/package.json`) and touch targets of at least 44x44 CSS pixels.

use std::fmt;
use std::path::PathBuf;
use std::sync::OnceLock;

use serde::Deserialize;
use serde_json::json;

use super::Page;

/// The touch-target measurement, run in the page.
const TARGETS_JS: &str = include_str!("targets.js");

/// What axe-core and the touch-target check found.
#[derive(Debug, Clone, Deserialize)]
pub struct Audit {
    /// axe-core's violations, every impact.
    pub violations: Vec<Violation>,
    /// Targets under 44x44 CSS pixels.
    pub small_targets: Vec<SmallTarget>,
}

/// One axe-core rule the page breaks.
#[derive(Debug, Clone, Deserialize)]
pub struct Violation {
    /// The rule, e.g. `color-contrast`.
    pub id: String,
    /// `minor`, `moderate`, `serious` or `critical`.
    pub impact: Option<String>,
    /// What the rule asks for.
    pub help: String,
    /// The offending elements: their CSS selector and axe's explanation.
    pub nodes: Vec<String>,
}

impl Violation {
    /// Serious or critical: what fails a page.
    pub fn blocking(&self) -> bool {
        matches!(self.impact.as_deref(), Some("serious" | "critical"))
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let impact = self.impact.as_deref().unwrap_or("?");
        writeln!(f, "  [{impact}] {}: {}", self.id, self.help)?;
        for node in &self.nodes {
            writeln!(f, "      {node}")?;
        }
        Ok(())
    }
}

/// A target a thumb cannot hit reliably.
#[derive(Debug, Clone, Deserialize)]
pub struct SmallTarget {
    /// The element, e.g. `a#lang-switch` or `input[name=re][value=2]`.
    pub target: String,
    /// Its text, shortened.
    pub text: String,
    /// Its size in CSS pixels.
    pub width: f64,
    pub height: f64,
}

impl fmt::Display for SmallTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "  {} \"{}\": {}x{} px",
            self.target, self.text, self.width, self.height
        )
    }
}

/// The axe-core script, or `None` (with a note) when `npm ci` has not run in `tests/` and
/// the browser is not required.
fn axe_source() -> Option<&'static str> {
    static SOURCE: OnceLock<Option<String>> = OnceLock::new();
    SOURCE
        .get_or_init(|| {
            let path =
                PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("node_modules/axe-core/axe.min.js");
            match std::fs::read_to_string(&path) {
                Ok(source) => Some(source),
                Err(e) => {
                    assert!(
                        !super::required(),
                        "KARLCHEN_REQUIRE_BROWSER=1 but {} cannot be read ({e}): run `npm ci` in tests/",
                        path.display()
                    );
                    eprintln!(
                        "note: axe-core not installed (npm ci in tests/), accessibility rules skipped"
                    );
                    None
                }
            }
        })
        .as_deref()
}

impl Page {
    /// Runs axe-core and the touch-target check on the page shown. Without axe-core (and
    /// not required) only the touch targets are measured.
    pub async fn audit(&self) -> Audit {
        let violations = match axe_source() {
            Some(source) => self.axe(source).await,
            None => Vec::new(),
        };
        let small_targets = serde_json::from_value(self.eval(TARGETS_JS, vec![]).await)
            .expect("touch targets as a list");
        Audit {
            violations,
            small_targets,
        }
    }

    async fn axe(&self, source: &str) -> Vec<Violation> {
        // Injected through WebDriver, which the page's Content-Security-Policy does not
        // govern; once per document.
        if self
            .eval("return typeof axe === 'undefined';", vec![])
            .await
            == json!(true)
        {
            self.eval(&format!("{source}\nreturn true;"), vec![]).await;
        }
        let found = self
            .eval_async(
                r"const done = arguments[arguments.length - 1];
                axe.run(document, { resultTypes: ['violations'] }).then(
                  (r) => done(r.violations.map((v) => ({
                    id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.map((n) => n.target.join(' ') + ': ' +
                      (n.failureSummary || '').replace(/\s+/g, ' ').slice(0, 300)),
                  }))),
                  (e) => done({ error: String(e) }));",
                vec![],
            )
            .await;
        if let Some(error) = found.get("error") {
            panic!("axe-core failed: {error}");
        }
        serde_json::from_value(found).expect("axe-core's violations")
    }

    /// Fails the test when axe-core finds a serious or critical violation or a touch
    /// target is under 44x44 px; prints every finding (lesser ones as notes).
    pub async fn assert_accessible(&self, page_name: &str) {
        let audit = self.audit().await;
        let (blocking, lesser): (Vec<&Violation>, Vec<&Violation>) =
            audit.violations.iter().partition(|v| v.blocking());
        if !lesser.is_empty() {
            eprintln!(
                "note: {page_name}: minor or moderate accessibility findings:\n{}",
                lesser.iter().map(ToString::to_string).collect::<String>()
            );
        }
        if blocking.is_empty() && audit.small_targets.is_empty() {
            return;
        }
        let url = self.current_url().await;
        panic!(
            "{page_name} ({url}) is not accessible:\n{}{}",
            if blocking.is_empty() {
                String::new()
            } else {
                format!(
                    "serious or critical axe-core violations:\n{}",
                    blocking.iter().map(ToString::to_string).collect::<String>()
                )
            },
            if audit.small_targets.is_empty() {
                String::new()
            } else {
                format!(
                    "touch targets under 44x44 px:\n{}",
                    audit
                        .small_targets
                        .iter()
                        .map(ToString::to_string)
                        .collect::<String>()
                )
            }
        );
    }
}
