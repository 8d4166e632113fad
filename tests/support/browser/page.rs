//! One WebDriver session: a headless Chromium with a fresh profile, and the few verbs the
//! tests use. Every verb fails the test with the selector and the driver's reason.

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::wd::TimeoutConfiguration;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Map, Value, json};
use tempfile::TempDir;

/// How often an element is found again when it was replaced between finding it and using
/// it: a live page (the captain's table, a public sheet) swaps its parts while a test reads
/// them, and the same selector then names the fresh element.
const STALE_TRIES: u32 = 3;

/// Whether `e` says the element found was replaced meanwhile.
fn stale(e: &fantoccini::error::CmdError) -> bool {
    e.to_string().contains("stale element")
}

use super::Viewport;
use super::driver::Driver;
use super::network::Throttle;

/// The flags of every Chromium the tests start: headless, and quiet towards the network
/// (no updates, sync or QUIC probes; only the loopback is reachable in CI).
const CHROMIUM_FLAGS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
];

/// A browser tab of its own (one WebDriver session). Close it with [`Page::close`]; a page
/// dropped on a failing test still ends its session so no Chromium is left running.
pub struct Page {
    client: Client,
    session: String,
    driver_port: u16,
    closed: bool,
    /// The network conditions in force, kept so going back online restores a throttle.
    pub(super) throttle: Mutex<Option<Throttle>>,
    /// The profile folder; removed when the page is dropped, after its session ended.
    _profile: TempDir,
}

impl Page {
    pub(super) async fn start(driver: &Driver, chromium: &str, viewport: Viewport) -> Page {
        let profile = tempfile::tempdir().expect("a temporary folder for the profile");
        let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|f| (*f).to_owned()).collect();
        args.push(format!("--user-data-dir={}", profile.path().display()));
        let mut options = json!({ "binary": binary_path(chromium), "args": args });
        match viewport {
            Viewport::Phone => {
                options["mobileEmulation"] = json!({
                    "deviceMetrics": {
                        "width": 390, "height": 844, "pixelRatio": 3.0, "mobile": true, "touch": true
                    }
                });
            }
            Viewport::Desktop => {
                options["args"]
                    .as_array_mut()
                    .expect("args")
                    .push(json!("--window-size=1280,900"));
            }
        }
        let mut capabilities = Map::new();
        capabilities.insert("browserName".into(), json!("chrome"));
        capabilities.insert("goog:chromeOptions".into(), options);
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities)
            .connect(&driver.url())
            .await
            .unwrap_or_else(|e| panic!("chromedriver refused a session: {e}"));
        // axe-core on a long page under CPU throttling takes seconds; a page that does
        // not load within the page-load timeout is a failure, not a hang.
        client
            .update_timeouts(TimeoutConfiguration::new(
                Some(Duration::from_secs(60)),
                Some(Duration::from_secs(60)),
                Some(Duration::ZERO),
            ))
            .await
            .expect("timeouts");
        let session = client
            .session_id()
            .await
            .expect("session id")
            .expect("a session");
        Page {
            client,
            session,
            driver_port: driver.port,
            closed: false,
            throttle: Mutex::new(None),
            _profile: profile,
        }
    }

    /// The WebDriver client, for what the verbs below do not cover.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Opens `url` and waits until it has loaded (the `load` event).
    pub async fn goto(&self, url: &str) {
        self.client
            .goto(url)
            .await
            .unwrap_or_else(|e| panic!("cannot open {url}: {e}"));
    }

    /// Shows `html` as a page of its own (a `data:` URL): for testing the harness itself.
    pub async fn show_html(&self, html: &str) {
        let mut url = String::from("data:text/html;charset=utf-8,");
        for byte in html.bytes() {
            if byte.is_ascii_alphanumeric() || b"-_.~".contains(&byte) {
                url.push(char::from(byte));
            } else {
                let _ = write!(url, "%{byte:02X}");
            }
        }
        self.goto(&url).await;
    }

    /// The address shown now (after redirects).
    pub async fn current_url(&self) -> String {
        self.client
            .current_url()
            .await
            .expect("current url")
            .to_string()
    }

    /// The first element matching the CSS `selector`, now.
    pub async fn find(&self, selector: &str) -> Element {
        self.client
            .find(Locator::Css(selector))
            .await
            .unwrap_or_else(|e| panic!("no element {selector}: {e}"))
    }

    /// How many elements match `selector` now.
    pub async fn count(&self, selector: &str) -> usize {
        self.client
            .find_all(Locator::Css(selector))
            .await
            .unwrap_or_else(|e| panic!("cannot search {selector}: {e}"))
            .len()
    }

    /// Clicks (taps) the element as a user would: it must be visible and not covered. A
    /// click that submits a form or follows a link returns once the next page has loaded.
    pub async fn click(&self, selector: &str) {
        for attempt in 1.. {
            match self.find(selector).await.click().await {
                Ok(_) => return,
                Err(e) if attempt < STALE_TRIES && stale(&e) => {}
                Err(e) => panic!("cannot click {selector}: {e}"),
            }
        }
    }

    /// Taps a button that asks first (`window.confirm`), answers yes (`accept`) or no, and
    /// returns the question asked. A button that does not ask fails the test.
    pub async fn click_and_answer(&self, selector: &str, accept: bool) -> String {
        self.click(selector).await;
        let asked = self
            .client
            .get_alert_text()
            .await
            .unwrap_or_else(|e| panic!("{selector} asked nothing: {e}"));
        let answered = if accept {
            self.client.accept_alert().await
        } else {
            self.client.dismiss_alert().await
        };
        answered.unwrap_or_else(|e| panic!("cannot answer {selector}'s question: {e}"));
        asked
    }

    /// Chooses the file at `path` in a file input, as the file picker would.
    pub async fn choose_file(&self, selector: &str, path: &std::path::Path) {
        let path = path.to_str().expect("a file path in UTF-8");
        self.find(selector)
            .await
            .send_keys(path)
            .await
            .unwrap_or_else(|e| panic!("cannot choose {path} in {selector}: {e}"));
    }

    /// Replaces the text of an input or text area by typing `text`.
    pub async fn fill(&self, selector: &str, text: &str) {
        for attempt in 1.. {
            let field = self.find(selector).await;
            let typed = match field.clear().await {
                Ok(()) => field.send_keys(text).await,
                Err(e) => Err(e),
            };
            match typed {
                Ok(()) => return,
                Err(e) if attempt < STALE_TRIES && stale(&e) => {}
                Err(e) => panic!("cannot type into {selector}: {e}"),
            }
        }
    }

    /// The text of the element as rendered (hidden parts left out, whitespace as shown).
    pub async fn text_of(&self, selector: &str) -> String {
        for attempt in 1.. {
            match self.find(selector).await.text().await {
                Ok(text) => return text,
                Err(e) if attempt < STALE_TRIES && stale(&e) => {}
                Err(e) => panic!("no text of {selector}: {e}"),
            }
        }
        unreachable!("the loop returns or panics")
    }

    /// An attribute of the first element matching `selector`.
    pub async fn attr(&self, selector: &str, name: &str) -> Option<String> {
        for attempt in 1.. {
            match self.find(selector).await.attr(name).await {
                Ok(value) => return value,
                Err(e) if attempt < STALE_TRIES && stale(&e) => {}
                Err(e) => panic!("no attribute {name} of {selector}: {e}"),
            }
        }
        unreachable!("the loop returns or panics")
    }

    /// Waits until an element matching `selector` is shown (present and rendered), and
    /// returns it; fails the test after `timeout`.
    pub async fn wait_for(&self, selector: &str, timeout: Duration) -> Element {
        let until = Instant::now() + timeout;
        loop {
            if let Ok(element) = self.client.find(Locator::Css(selector)).await
                && element.is_displayed().await.unwrap_or(false)
            {
                return element;
            }
            assert!(
                Instant::now() < until,
                "{selector} not shown within {timeout:?} on {}",
                self.current_url().await
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Waits until the script expression `condition` is truthy in the page (for what a
    /// selector cannot say: a count, a text, `navigator.onLine`); fails after `timeout`.
    pub async fn wait_until(&self, condition: &str, timeout: Duration) {
        let until = Instant::now() + timeout;
        let script = format!("return !!({condition});");
        loop {
            if self.eval(&script, vec![]).await == json!(true) {
                return;
            }
            assert!(
                Instant::now() < until,
                "`{condition}` still false after {timeout:?} on {}",
                self.current_url().await
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Runs `script` (a function body; `arguments` holds `args`) and returns what it returns.
    pub async fn eval(&self, script: &str, args: Vec<Value>) -> Value {
        self.client
            .execute(script, args)
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script:.300}"))
    }

    /// Runs `script` that calls its last argument with the result when done (promises,
    /// events, `fetch`).
    pub async fn eval_async(&self, script: &str, args: Vec<Value>) -> Value {
        self.client
            .execute_async(script, args)
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script:.300}"))
    }

    /// Saves what the window shows as `<artefacts>/screenshots/<name>.png` and returns the
    /// path: the pictures a reviewer looks at, never committed.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        let png = self.client.screenshot().await.expect("screenshot");
        let dir = super::artefacts();
        std::fs::create_dir_all(&dir)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        path
    }

    /// PNG pictures of every element matching `selector` as rendered, in document order
    /// (scrolled to the middle of the window one by one): what a camera pointed at each would see.
    pub async fn element_screenshots(&self, selector: &str) -> Vec<Vec<u8>> {
        let elements = self
            .client
            .find_all(Locator::Css(selector))
            .await
            .unwrap_or_else(|e| panic!("cannot search {selector}: {e}"));
        let mut pictures = Vec::with_capacity(elements.len());
        for element in elements {
            // Whole and in the middle of the window: a picture of an element cut by the
            // window's edge holds part of it (Chromium takes the element's box as shown).
            let reference = serde_json::to_value(&element).expect("an element reference");
            self.client
                .execute(
                    "arguments[0].scrollIntoView({block: 'center', inline: 'center'})",
                    vec![reference],
                )
                .await
                .unwrap_or_else(|e| panic!("cannot scroll to {selector}: {e}"));
            pictures.push(
                element
                    .screenshot()
                    .await
                    .unwrap_or_else(|e| panic!("no screenshot of {selector}: {e}")),
            );
        }
        pictures
    }

    /// Prints the page as the print dialog would (A4, the page's own `@page` rules, no
    /// browser header or footer), keeps it as `<artefacts>/<name>.pdf`, and returns how
    /// many pages it took.
    pub async fn print_pdf(&self, name: &str) -> usize {
        let printed = self
            .cdp(
                "Page.printToPDF",
                json!({
                    "paperWidth": 8.27, "paperHeight": 11.69, "preferCSSPageSize": true,
                    "printBackground": true, "displayHeaderFooter": false
                }),
            )
            .await;
        let data = printed["data"].as_str().expect("the PDF");
        let pdf = base64_decode(data);
        let dir = super::artefacts();
        std::fs::create_dir_all(&dir)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        let path = dir.join(format!("{name}.pdf"));
        std::fs::write(&path, &pdf)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        // Every page object names its type; the page tree is `/Type /Pages`.
        pdf.windows(11)
            .enumerate()
            .filter(|(i, w)| *w == b"/Type /Page" && pdf.get(i + 11) != Some(&b's'))
            .count()
    }

    /// Shows the page on a screen of `width`x`height` CSS pixels (a hall's projector at
    /// 1280x720 or 1920x1080), whatever the window's size.
    pub async fn set_screen(&self, width: u32, height: u32) {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": false }),
        )
        .await;
    }

    /// Shows the page on a phone's screen of `width`x`height` CSS pixels (a small one is
    /// 360x740) at device pixel ratio 3, laid out as a phone lays it out.
    pub async fn set_phone_screen(&self, width: u32, height: u32) {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 3, "mobile": true }),
        )
        .await;
    }

    /// A Chrome DevTools Protocol command on this tab (e.g. CPU throttling).
    pub async fn cdp(&self, command: &str, params: Value) -> Value {
        self.post(
            "goog/cdp/execute",
            json!({ "cmd": command, "params": params }),
        )
        .await
    }

    /// A driver command of this session that the WebDriver standard does not name.
    pub(super) async fn post(&self, path: &str, body: Value) -> Value {
        self.client
            .issue_cmd(SessionCommand {
                path: path.to_owned(),
                body,
            })
            .await
            .unwrap_or_else(|e| panic!("{path} failed: {e}"))
    }

    /// Ends the session and the browser.
    pub async fn close(mut self) {
        self.closed = true;
        if let Err(e) = self.client.clone().close().await {
            eprintln!("note: closing the browser session failed: {e}");
        }
    }
}

impl Drop for Page {
    /// A test that failed never reached [`Page::close`]: end the session here, over a
    /// blocking request, since the test's runtime may be gone; otherwise Chromium would
    /// outlive the test.
    fn drop(&mut self) {
        if self.closed {
            return;
        }
        let ended = TcpStream::connect(("127.0.0.1", self.driver_port)).and_then(|mut s| {
            s.set_read_timeout(Some(Duration::from_secs(20)))?;
            write!(
                s,
                "DELETE /session/{} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: 0\r\n\r\n",
                self.session, self.driver_port
            )?;
            // The driver keeps the connection open: read the status line, which it sends
            // once the browser has quit.
            let mut status = [0; 12];
            s.read_exact(&mut status)
        });
        if let Err(e) = ended {
            eprintln!("note: could not end browser session {}: {e}", self.session);
        }
    }
}

/// `POST /session/{id}/<path>` with a JSON body.
#[derive(Debug)]
struct SessionCommand {
    path: String,
    body: Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for SessionCommand {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/{}",
            session_id.unwrap_or_default(),
            self.path
        ))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}

/// The real binary behind a name on the `PATH` (chromedriver wants a path).
fn binary_path(name: &str) -> String {
    std::env::var_os("PATH")
        .and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join(name))
                .find(|path| path.is_file())
        })
        .map_or_else(|| name.to_owned(), |path| path.display().to_string())
}

/// Standard base64 (the DevTools protocol's binary data); anything else is skipped.
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let (mut out, mut bits, mut held) = (Vec::with_capacity(text.len() * 3 / 4), 0u32, 0u32);
    for v in text.bytes().filter_map(value) {
        bits = (bits << 6) | u32::from(v);
        held += 6;
        if held >= 8 {
            held -= 8;
            out.push(u8::try_from((bits >> held) & 0xff).unwrap_or_default());
        }
    }
    out
}
