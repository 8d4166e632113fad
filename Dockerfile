# syntax=docker/dockerfile:1
# Build: the release binary, with SQLite and libpq compiled in; libpq's TLS links the
# system OpenSSL (libssl3, which the run image has).
FROM rust:1.95-bookworm AS builder
RUN apt-get update \
    && apt-get install -y --no-install-recommends libssl-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src

# 1. The dependencies alone, from the manifests, the lock file and empty crate roots: this
#    layer (every dependency compiled, most of the build's minutes) is reused until a
#    manifest or Cargo.lock changes, instead of being rebuilt on every code change.
COPY Cargo.toml Cargo.lock rust-toolchain.toml ./
COPY domain/Cargo.toml domain/
COPY api/Cargo.toml api/
COPY tests/Cargo.toml tests/
RUN mkdir -p domain/src domain/benches api/src/bin tests/support tests/bench tests/api \
    && touch domain/src/lib.rs api/src/lib.rs tests/support/lib.rs \
    && for main in api/src/main.rs api/src/bin/gen-openapi.rs domain/benches/deal.rs \
        domain/benches/seating.rs tests/bench/loadgen.rs tests/bench/budgets.rs \
        tests/api/main.rs; do echo 'fn main() {}' > "$main"; done \
    && cargo build --release --locked -p karlchen-api --bin karlchen \
    && rm -rf domain/src domain/benches api/src tests/support tests/bench tests/api

# 2. Our own crates on top. The copied sources may be older than the stubs' build, so
#    their roots are touched: cargo then rebuilds them, and only them.
COPY . .
RUN touch domain/src/lib.rs api/src/lib.rs api/src/main.rs \
    && cargo build --release --locked -p karlchen-api --bin karlchen \
    && mkdir -p /data

# Run: glibc, libgcc and OpenSSL only, as the distroless non-root user (uid 65532).
# Migrations, templates and Swagger UI are inside the binary, so nothing else is copied.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=builder /src/target/release/karlchen /usr/local/bin/karlchen
COPY --from=builder --chown=65532:65532 /data /data
ENV KARLCHEN_BIND=0.0.0.0:8080 \
    KARLCHEN_DATA_DIR=/data \
    KARLCHEN_LOG_FORMAT=json
EXPOSE 8080
VOLUME ["/data"]
USER nonroot
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s \
    CMD ["/usr/local/bin/karlchen", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/karlchen"]
CMD ["serve"]
