//! The outermost boundary for panics in async code (extractors, handlers, pages): a panic
//! answers a problem+json 500 and the worker goes on serving. Without it actix drops the
//! connection, and the phone sees an empty reply that it cannot tell from a lost network.
//! Panics inside database closures are caught closer to the connection, in `Database::run`,
//! so that the pool can discard a connection whose transaction did not finish.

use std::future::Future;
use std::panic::AssertUnwindSafe;

use actix_web::dev::{Service, ServiceRequest, ServiceResponse};
use futures_util::FutureExt;

use crate::error::ApiError;

/// For `App::wrap_fn`: runs the rest of the chain and turns a panic into a 500.
///
/// The panic comes back as an error, which actix answers with the error's own response
/// (`ApiError`'s problem+json): a response needs the request, and the request cannot be
/// kept aside, since routing needs it to be held once only.
pub fn catch_panics<S, B>(
    req: ServiceRequest,
    service: &S,
) -> impl Future<Output = Result<ServiceResponse<B>, actix_web::Error>> + use<S, B>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
{
    let answer = service.call(req);
    async move {
        AssertUnwindSafe(answer)
            .catch_unwind()
            .await
            .unwrap_or_else(|payload| Err(ApiError::panicked(payload.as_ref()).into()))
    }
}

#[cfg(test)]
mod tests {
    use std::io::{Read, Write};

    use actix_web::{App, HttpResponse, HttpServer, web};

    use super::catch_panics;

    /// One HTTP/1.0 request over a real socket: what a phone would see.
    fn get(address: std::net::SocketAddr, path: &str) -> String {
        let mut stream = std::net::TcpStream::connect(address).unwrap();
        write!(stream, "GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n").unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    }

    #[actix_web::test]
    async fn a_panicking_handler_answers_a_problem_and_the_server_goes_on() {
        let server = HttpServer::new(|| {
            App::new()
                .route(
                    "/boom",
                    web::get().to(|| async {
                        let seats: Vec<u8> = Vec::new();
                        HttpResponse::Ok().body(seats[3].to_string())
                    }),
                )
                .route(
                    "/fine",
                    web::get().to(|| async { HttpResponse::Ok().body("ok") }),
                )
                .wrap_fn(catch_panics)
        })
        .workers(1)
        .bind("127.0.0.1:0")
        .unwrap();
        let address = server.addrs()[0];
        let running = server.run();
        let handle = running.handle();
        actix_web::rt::spawn(running);
        for _ in 0..3 {
            let boom = actix_web::web::block(move || get(address, "/boom"))
                .await
                .unwrap();
            assert!(boom.starts_with("HTTP/1.0 500"), "{boom}");
            assert!(
                boom.to_lowercase()
                    .contains("content-type: application/problem+json"),
                "{boom}"
            );
            assert!(boom.contains(r#""code":"internal""#), "{boom}");
            // Rendered outside the header middleware, the problem still carries them.
            assert!(
                boom.to_lowercase()
                    .contains("x-content-type-options: nosniff"),
                "{boom}"
            );
            let fine = actix_web::web::block(move || get(address, "/fine"))
                .await
                .unwrap();
            assert!(fine.starts_with("HTTP/1.0 200"), "{fine}");
        }
        handle.stop(true).await;
    }
}
