//! The real server on a loopback port, called over HTTP: covers the wiring that in-process
//! tests skip (binding, middleware, the HTTP codec).

use serde_json::json;
use service_tests::TestApp;

/// Starts the application on 127.0.0.1 with a free port and returns its base URL.
pub async fn spawn(app: &TestApp) -> String {
    spawn_at(app, "127.0.0.1:0").await.0
}

/// Starts the application on `address` (port 0: a free one) and returns its base URL and
/// the handle that stops it, for a server that goes away and comes back on its port.
pub async fn spawn_at(app: &TestApp, address: &str) -> (String, actix_web::dev::ServerHandle) {
    let state = app.state.clone();
    let server = actix_web::HttpServer::new(move || api::app::build(state.clone()))
        .workers(1)
        .bind(address)
        .unwrap();
    let bound = server.addrs()[0];
    let running = server.run();
    let handle = running.handle();
    actix_web::rt::spawn(running);
    (format!("http://{bound}"), handle)
}

#[actix_web::test]
async fn the_server_answers_over_http() {
    let app = TestApp::sqlite().await;
    let base = spawn(&app).await;
    let client = reqwest::Client::new();
    let ready = client
        .get(format!("{base}/health/ready"))
        .send()
        .await
        .unwrap();
    assert_eq!(ready.status(), 200);
    let scored: serde_json::Value = client
        .post(format!("{base}/api/v1/score"))
        .json(&json!({"contract": "normal", "re": [1, 3], "re_points": 121, "re_tricks": 6}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(scored["scores"], json!([-1, 1, -1, 1]));
    let bad = client
        .post(format!("{base}/api/v1/score"))
        .header("content-type", "application/json")
        .body("[")
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), 400);
    assert_eq!(bad.headers()["content-type"], "application/problem+json");
}
