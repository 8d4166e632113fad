//! The access log: every line logged during a request carries the request's span, and that
//! span names the URL, but never the value of a preview link's token.

use std::io::Write;
use std::sync::{Arc, Mutex};

use serde_json::json;
use service_tests::backend_test;
use tracing_subscriber::fmt::format::FmtSpan;

use crate::fixtures::{call_json, expect, organizer, req, send, tournament};

/// What the subscriber writes, kept for the test to read.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

/// Logs of this thread (the test's runtime, where the middleware runs) into a buffer, as
/// text or as JSON like the server's `--log-json`. A line for each new request span stands
/// for any line logged while a request is served (at `RUST_LOG=debug` there are many).
fn capture(json: bool) -> (tracing::subscriber::DefaultGuard, Captured) {
    let captured = Captured::default();
    let writer = captured.clone();
    let builder = tracing_subscriber::fmt()
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .with_span_events(FmtSpan::NEW);
    let guard = if json {
        tracing::subscriber::set_default(builder.json().finish())
    } else {
        tracing::subscriber::set_default(builder.finish())
    };
    (guard, captured)
}

backend_test!(the_access_log_never_shows_a_preview_token, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    let owner = organizer(&app, &service, "protokoll@example.org").await;
    let id = tournament(
        &service,
        &owner,
        &json!({"name": "Protokoll-Cup", "date": "2026-12-12"}),
    )
    .await;
    let link = call_json(
        &service,
        "POST",
        &format!("/api/v1/tournaments/{id}/preview-link"),
        Some(&owner),
        None,
    )
    .await;
    expect(&link, 200, "preview link");
    let url = link.json["url"].as_str().unwrap().to_owned();
    let start = format!("/tournaments/{id}");
    let token = url
        .strip_prefix(&format!("{start}?preview="))
        .unwrap_or_else(|| panic!("{url}"))
        .to_owned();
    assert!(token.len() > 100, "a signed token: {token}");

    for json in [false, true] {
        let (guard, log) = capture(json);
        // The link as given, and with other parameters and the name spelled with an escape
        // (the page still reads it as `preview`): both open the preview.
        let page = send(&service, req("GET", &url, None, None, &[])).await;
        expect(&page, 200, "preview page");
        assert!(page.text.contains("Vorschau für die Turnierleitung"));
        let spelled = format!("{start}?lang=de&pr%65view={token}&x=1");
        let spelled_page = send(&service, req("GET", &spelled, None, None, &[])).await;
        expect(&spelled_page, 200, "preview, name spelled with an escape");
        assert!(
            spelled_page
                .text
                .contains("Vorschau für die Turnierleitung")
        );
        // A token pasted onto the API opens nothing (the draft is not found), and that
        // failure is logged with its request even without span events.
        let api_path = format!("/api/v1/tournaments/{id}?preview={token}");
        let refused = send(&service, req("GET", &api_path, None, None, &[])).await;
        expect(&refused, 404, "no API token");
        drop(guard);

        let log = log.text();
        let format = if json { "json" } else { "text" };
        assert!(
            !log.contains(&token),
            "{format}: the token is logged:\n{log}"
        );
        for target in [
            format!("{start}?preview=[redacted]"),
            format!("{start}?lang=de&pr%65view=[redacted]&x=1"),
            format!("/api/v1/tournaments/{id}?preview=[redacted]"),
        ] {
            assert!(log.contains(&target), "{format}: {target} missing:\n{log}");
        }
        let error_line = log
            .lines()
            .find(|line| line.contains("Error encountered"))
            .unwrap_or_else(|| panic!("{format}: no error line:\n{log}"));
        assert!(
            error_line.contains(&format!("/api/v1/tournaments/{id}?preview=[redacted]")),
            "{format}: {error_line}"
        );
        // The other fields of the default span are still there.
        for field in ["http.method", "http.route", "request_id", "http.user_agent"] {
            assert!(log.contains(field), "{format}: {field} missing:\n{log}");
        }
    }
});

backend_test!(every_log_line_of_a_request_carries_its_id, |app| {
    let service = actix_web::test::init_service(api::app::build(app.state.clone())).await;
    for json in [false, true] {
        let (guard, log) = capture(json);
        // A proxy's id is kept; the failure's error line carries it with the span.
        let given = if json { "edge-json.7" } else { "edge-text.7" };
        let missing = send(
            &service,
            req(
                "GET",
                "/api/v1/tournaments/987654",
                None,
                None,
                &[("X-Request-Id", given)],
            ),
        )
        .await;
        expect(&missing, 404, "missing tournament");
        assert_eq!(missing.header("x-request-id"), given);
        // Without one, the id made here is the one the answer names.
        let made = send(
            &service,
            req("GET", "/api/v1/tournaments/987655", None, None, &[]),
        )
        .await;
        let made = made.header("x-request-id").to_owned();
        assert_eq!(made.len(), 32);
        drop(guard);

        let log = log.text();
        for (id, path) in [
            (given, "/api/v1/tournaments/987654"),
            (made.as_str(), "/api/v1/tournaments/987655"),
        ] {
            let line = log
                .lines()
                .find(|line| line.contains("Error encountered") && line.contains(path))
                .unwrap_or_else(|| panic!("no error line for {path}:\n{log}"));
            if json {
                let line: serde_json::Value = serde_json::from_str(line).unwrap();
                assert_eq!(line["span"]["request_id"], id, "{line}");
            } else {
                assert!(line.contains(&format!("request_id={id}")), "{line}");
            }
        }
    }
});
