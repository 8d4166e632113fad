//! Page budgets in headless Chromium: for each URL, the bytes transferred (HTML, CSS,
//! script) and the first contentful paint, in a fresh profile under Lighthouse's slow-4G
//! throttling with a 4x CPU slowdown. Prints a Markdown table for BENCHMARKS.md.
//!
//! ```sh
//! budgets [--setup URL] [--devtools] [--desktop] URL...
//! ```
//!
//! `--setup URL` is opened first in each session, then the cache is emptied (a join link,
//! so that `/table` is measured with the captain's cookie); `--devtools` uses Lighthouse's
//! stricter DevTools-throttling figures; `--desktop` a 1280x900 window instead of the phone.

#![expect(clippy::print_stdout, reason = "a command-line tool reports on stdout")]

use service_tests::browser::{Throttle, Viewport, budgets};

#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    let mut setup = None;
    let mut throttle = Throttle::SLOW_4G;
    let mut viewport = Viewport::Phone;
    let mut urls = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--setup" => setup = Some(args.next().ok_or_else(|| anyhow::anyhow!("--setup URL"))?),
            "--devtools" => throttle = Throttle::SLOW_4G_DEVTOOLS,
            "--desktop" => viewport = Viewport::Desktop,
            "-h" | "--help" => {
                println!("budgets [--setup URL] [--devtools] [--desktop] URL...");
                return Ok(());
            }
            url => urls.push(url.to_owned()),
        }
    }
    anyhow::ensure!(!urls.is_empty(), "no URL given (budgets --help)");
    let mut measured = Vec::new();
    for url in &urls {
        let Some(budget) = budgets::measure(url, setup.as_deref(), viewport, throttle).await else {
            anyhow::bail!("chromium and chromedriver are needed");
        };
        measured.push(budget);
    }
    println!("{throttle:?}\n");
    print!("{}", budgets::table(&measured));
    Ok(())
}
