//! Prometheus metrics: what an operator graphs and alerts on while a tournament runs.
//!
//! One registry per app state (not the crate's global one), so that every in-process test
//! counts only its own requests. The request counters are kept by [`observe`], a middleware
//! around every route; services count what they finished through the few methods here
//! ([`Metrics::deal_entered`], [`Metrics::stream_opened`]) and never name the crate.
//! Values that already exist elsewhere (the pool's connections, the webhook outbox, the
//! standings computed) are read when scraped ([`Scrape`]), not kept up to date on every
//! change; the process's own (CPU, memory, open files, threads, start time) come from the
//! crate's standard process collector on Linux.
//!
//! Requests are labelled by the route's pattern (`/api/v1/tables/{id}/deals`), never the
//! path, so that ids do not make a series each; an unknown path is `unmatched`.

use std::future::Future;
use std::sync::Arc;
use std::time::Instant;

use actix_web::dev::{Service, ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use anyhow::Context;
use prometheus::{
    Counter, Encoder, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge,
    IntGaugeVec, Opts, Registry, TextEncoder,
};

/// The latency buckets in seconds: a deal entry is expected in milliseconds, a slow
/// standings computation in a few hundred, and anything beyond 5 s is a failure anyway.
const LATENCY_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

/// The `Content-Type` of the text format.
pub const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// The service's metrics.
pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    latency: HistogramVec,
    deals_entered: IntCounter,
    streams_open: IntGauge,
    streams_refused: IntCounter,
    pool_connections: IntGauge,
    pool_idle: IntGauge,
    pool_max: IntGauge,
    outbox: IntGaugeVec,
    standings_computed: IntCounter,
    standings_seconds: Counter,
    public_standings_computed: IntCounter,
    standings_tables: IntCounterVec,
    clock_skew: prometheus::Gauge,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics")
            .field("deals_entered", &self.deals_entered.get())
            .field("streams_open", &self.streams_open.get())
            .finish_non_exhaustive()
    }
}

/// The connection pool as it stands, for [`Metrics::render`].
#[derive(Debug, Clone, Copy)]
pub struct PoolUse {
    /// Connections open, idle or handed out.
    pub connections: u32,
    /// Of those, idle.
    pub idle: u32,
    /// The most the pool opens.
    pub max: u32,
}

/// What is read when scraped, for [`Metrics::render`].
#[derive(Debug, Clone, Copy)]
pub struct Scrape {
    /// The connection pool as it stands.
    pub pool: PoolUse,
    /// Webhook deliveries waiting to be sent (or retried).
    pub outbox_pending: i64,
    /// Webhook deliveries given up on.
    pub outbox_failed: i64,
    /// Standings computed since the process started (every audience, every export).
    pub standings_computed: u64,
    /// The time those computations took together.
    pub standings_seconds: f64,
    /// Of the public standings, how often they were computed rather than served from the
    /// cache.
    pub public_standings_computed: u64,
    /// Tables whose lines the standings took as kept, and those they judged again.
    pub standings_tables: (u64, u64),
    /// How far the database server's clock is ahead of this machine's.
    pub clock_skew_seconds: f64,
}

/// Keeps the open streams' gauge up while it lives: dropped when the stream ends, however
/// it ends (the watcher left, the server shuts down).
#[derive(Debug)]
pub struct OpenStream(IntGauge);

impl Drop for OpenStream {
    fn drop(&mut self) {
        self.0.dec();
    }
}

impl Metrics {
    /// The metrics, every one at zero.
    ///
    /// # Errors
    ///
    /// Only if a name were invalid or taken twice, which the tests would have shown.
    pub fn new() -> anyhow::Result<Metrics> {
        let registry = Registry::new();
        let requests = IntCounterVec::new(
            Opts::new(
                "karlchen_http_requests_total",
                "HTTP requests answered, by method, route pattern and status",
            ),
            &["method", "route", "status"],
        )?;
        let latency = HistogramVec::new(
            HistogramOpts::new(
                "karlchen_http_request_duration_seconds",
                "Time until the answer's head was ready, by method and route pattern",
            )
            .buckets(LATENCY_BUCKETS.to_vec()),
            &["method", "route"],
        )?;
        let deals_entered = IntCounter::new(
            "karlchen_deals_entered_total",
            "Deals entered and committed (API and captain pages; a replayed retry is not counted)",
        )?;
        let streams_open = IntGauge::new(
            "karlchen_live_streams_open",
            "Live standings streams (server-sent events) open now; a watcher who left is \
             noticed when his stream is next written to (an event or the keep-alive)",
        )?;
        let pool_connections = IntGauge::new(
            "karlchen_db_pool_connections",
            "Database connections open (idle or in use)",
        )?;
        let pool_idle = IntGauge::new(
            "karlchen_db_pool_idle_connections",
            "Database connections open and idle",
        )?;
        let pool_max = IntGauge::new(
            "karlchen_db_pool_max_connections",
            "The most database connections the pool opens (KARLCHEN_DB_POOL_SIZE)",
        )?;
        let outbox = IntGaugeVec::new(
            Opts::new(
                "karlchen_webhook_deliveries",
                "Webhook deliveries in the outbox by status: pending (to be sent or retried) \
                 and failed (given up on)",
            ),
            &["status"],
        )?;
        let standings_computed = IntCounter::new(
            "karlchen_standings_computations_total",
            "Standings computed from the sheets (pages, API, exports, draws)",
        )?;
        let standings_seconds = Counter::new(
            "karlchen_standings_computation_seconds_total",
            "Time spent computing standings",
        )?;
        let public_standings_computed = IntCounter::new(
            "karlchen_public_standings_computations_total",
            "Public standings computed after a write; every other public read is served \
             from the cache",
        )?;
        let standings_tables = IntCounterVec::new(
            Opts::new(
                "karlchen_standings_tables_total",
                "Tables the standings needed, by whether their lines were kept from before \
                 (unchanged since) or judged from their rows",
            ),
            &["lines"],
        )?;
        let clock_skew = prometheus::Gauge::new(
            "karlchen_clock_skew_seconds",
            "How far the database server's clock is ahead of this machine's (PostgreSQL; \
             the service reads the server's)",
        )?;
        let build = IntGaugeVec::new(
            Opts::new("karlchen_build_info", "The running build: always 1"),
            &["version"],
        )?;
        build.with_label_values(&[env!("CARGO_PKG_VERSION")]).set(1);
        registry.register(Box::new(requests.clone()))?;
        registry.register(Box::new(latency.clone()))?;
        registry.register(Box::new(deals_entered.clone()))?;
        registry.register(Box::new(streams_open.clone()))?;
        let streams_refused = IntCounter::new(
            "karlchen_live_streams_refused_total",
            "Live standings streams refused past the caps (KARLCHEN_STREAMS_MAX, \
             KARLCHEN_STREAMS_PER_ADDRESS); their pages poll instead",
        )?;
        registry.register(Box::new(streams_refused.clone()))?;
        registry.register(Box::new(pool_connections.clone()))?;
        registry.register(Box::new(pool_idle.clone()))?;
        registry.register(Box::new(pool_max.clone()))?;
        registry.register(Box::new(outbox.clone()))?;
        registry.register(Box::new(standings_computed.clone()))?;
        registry.register(Box::new(standings_seconds.clone()))?;
        registry.register(Box::new(public_standings_computed.clone()))?;
        registry.register(Box::new(standings_tables.clone()))?;
        registry.register(Box::new(clock_skew.clone()))?;
        registry.register(Box::new(build))?;
        // CPU seconds, resident and virtual memory, open and allowed file descriptors,
        // threads and the start time, under their standard `process_` names.
        #[cfg(target_os = "linux")]
        registry.register(Box::new(
            prometheus::process_collector::ProcessCollector::for_self(),
        ))?;
        Ok(Metrics {
            registry,
            requests,
            latency,
            deals_entered,
            streams_open,
            streams_refused,
            pool_connections,
            pool_idle,
            pool_max,
            outbox,
            standings_computed,
            standings_seconds,
            public_standings_computed,
            standings_tables,
            clock_skew,
        })
    }

    /// Counts an answered request.
    pub fn observe_request(&self, method: &Method, route: &str, status: u16, seconds: f64) {
        let method = method_label(method);
        let status = status.to_string();
        self.requests
            .with_label_values(&[method, route, status.as_str()])
            .inc();
        self.latency
            .with_label_values(&[method, route])
            .observe(seconds);
    }

    /// Counts a deal whose transaction committed.
    pub fn deal_entered(&self) {
        self.deals_entered.inc();
    }

    /// Counts a live stream as open until the returned guard is dropped.
    pub fn stream_opened(&self) -> OpenStream {
        self.streams_open.inc();
        OpenStream(self.streams_open.clone())
    }

    /// Counts a stream refused past the caps.
    pub fn stream_refused(&self) {
        self.streams_refused.inc();
    }

    /// The metrics in Prometheus's text format, with what was read for this scrape.
    ///
    /// # Errors
    ///
    /// When encoding fails (it writes into memory, so only on a bug).
    pub fn render(&self, scrape: Scrape) -> anyhow::Result<String> {
        let pool = scrape.pool;
        self.pool_connections.set(i64::from(pool.connections));
        self.pool_idle.set(i64::from(pool.idle));
        self.pool_max.set(i64::from(pool.max));
        self.outbox
            .with_label_values(&["pending"])
            .set(scrape.outbox_pending);
        self.outbox
            .with_label_values(&["failed"])
            .set(scrape.outbox_failed);
        // The counts are kept where they happen; a counter only goes up, by the difference.
        catch_up(&self.standings_computed, scrape.standings_computed);
        catch_up(
            &self.public_standings_computed,
            scrape.public_standings_computed,
        );
        let (kept, judged) = scrape.standings_tables;
        catch_up(&self.standings_tables.with_label_values(&["kept"]), kept);
        catch_up(
            &self.standings_tables.with_label_values(&["judged"]),
            judged,
        );
        self.clock_skew.set(scrape.clock_skew_seconds);
        let seconds = scrape.standings_seconds - self.standings_seconds.get();
        if seconds > 0.0 {
            self.standings_seconds.inc_by(seconds);
        }
        let mut out = Vec::new();
        TextEncoder::new()
            .encode(&self.registry.gather(), &mut out)
            .context("encoding the metrics")?;
        String::from_utf8(out).context("the metrics are not UTF-8")
    }
}

/// The method as a label: the standard ones by name, any other as `other`, so a client
/// cannot make new series by inventing methods.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// Raises `counter` to `total`, a count kept elsewhere that only grows.
fn catch_up(counter: &IntCounter, total: u64) {
    counter.inc_by(total.saturating_sub(counter.get()));
}

/// For `App::wrap_fn`: counts every answer by its route's pattern and status, and how long
/// its head took. Outside the panic boundary, so that a panic's 500 is counted too.
pub fn observe<S, B>(
    metrics: &Arc<Metrics>,
    req: ServiceRequest,
    service: &S,
) -> impl Future<Output = Result<ServiceResponse<B>, actix_web::Error>> + use<S, B>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error>,
{
    let started = Instant::now();
    let metrics = metrics.clone();
    let method = req.method().clone();
    let route = req
        .match_pattern()
        .unwrap_or_else(|| "unmatched".to_owned());
    let answer = service.call(req);
    async move {
        let answer = answer.await;
        let status = match &answer {
            Ok(res) => res.status().as_u16(),
            Err(e) => e.as_response_error().status_code().as_u16(),
        };
        metrics.observe_request(&method, &route, status, started.elapsed().as_secs_f64());
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_format_counts_by_route_and_status() {
        let metrics = Metrics::new().unwrap();
        metrics.observe_request(&Method::GET, "/health/live", 200, 0.0004);
        metrics.observe_request(&Method::GET, "/health/live", 200, 0.003);
        metrics.observe_request(&Method::from_bytes(b"BREW").unwrap(), "unmatched", 404, 0.2);
        metrics.deal_entered();
        let open = metrics.stream_opened();
        metrics.stream_refused();
        let scrape = Scrape {
            pool: PoolUse {
                connections: 3,
                idle: 2,
                max: 8,
            },
            outbox_pending: 4,
            outbox_failed: 1,
            standings_computed: 7,
            standings_seconds: 0.5,
            public_standings_computed: 2,
            standings_tables: (300, 36),
            clock_skew_seconds: -0.25,
        };
        let text = metrics.render(scrape).unwrap();
        assert!(text.contains(
            "karlchen_http_requests_total{method=\"GET\",route=\"/health/live\",status=\"200\"} 2"
        ));
        assert!(text.contains(
            "karlchen_http_requests_total{method=\"other\",route=\"unmatched\",status=\"404\"} 1"
        ));
        // 0.4 ms falls in the first bucket, 3 ms in the 5 ms one.
        assert!(text.contains(
            "karlchen_http_request_duration_seconds_bucket{method=\"GET\",route=\"/health/live\",le=\"0.001\"} 1"
        ));
        assert!(text.contains(
            "karlchen_http_request_duration_seconds_bucket{method=\"GET\",route=\"/health/live\",le=\"0.005\"} 2"
        ));
        assert!(text.contains("karlchen_deals_entered_total 1"));
        assert!(text.contains("karlchen_live_streams_open 1"));
        assert!(text.contains("karlchen_live_streams_refused_total 1"));
        assert!(text.contains("karlchen_db_pool_connections 3"));
        assert!(text.contains("karlchen_db_pool_idle_connections 2"));
        assert!(text.contains("karlchen_db_pool_max_connections 8"));
        assert!(text.contains("karlchen_webhook_deliveries{status=\"pending\"} 4"));
        assert!(text.contains("karlchen_webhook_deliveries{status=\"failed\"} 1"));
        assert!(text.contains("karlchen_standings_computations_total 7"));
        assert!(text.contains("karlchen_standings_computation_seconds_total 0.5"));
        assert!(text.contains("karlchen_public_standings_computations_total 2"));
        assert!(text.contains("karlchen_standings_tables_total{lines=\"kept\"} 300"));
        assert!(text.contains("karlchen_standings_tables_total{lines=\"judged\"} 36"));
        assert!(text.contains("karlchen_clock_skew_seconds -0.25"));
        assert!(text.contains(&format!(
            "karlchen_build_info{{version=\"{}\"}} 1",
            env!("CARGO_PKG_VERSION")
        )));
        #[cfg(target_os = "linux")]
        assert!(text.contains("process_resident_memory_bytes "));
        drop(open);
        let text = metrics
            .render(Scrape {
                standings_computed: 10,
                standings_seconds: 0.75,
                standings_tables: (336, 37),
                ..scrape
            })
            .unwrap();
        assert!(text.contains("karlchen_live_streams_open 0"));
        // Counters follow the counts kept elsewhere, never count twice.
        assert!(text.contains("karlchen_standings_computations_total 10"));
        assert!(text.contains("karlchen_standings_computation_seconds_total 0.75"));
        assert!(text.contains("karlchen_public_standings_computations_total 2"));
        assert!(text.contains("karlchen_standings_tables_total{lines=\"kept\"} 336"));
        assert!(text.contains("karlchen_standings_tables_total{lines=\"judged\"} 37"));
    }
}
