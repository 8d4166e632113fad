# syntax=docker/dockerfile:1
# Build: the release binary, with SQLite and libpq compiled in (no runtime libraries).
FROM rust:1.95-bookworm AS builder
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p karlchen-api --bin karlchen \
    && mkdir -p /data

# Run: glibc only, as the distroless non-root user (uid 65532). Migrations, templates and
# Swagger UI are inside the binary, so nothing else is copied.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=builder /src/target/release/karlchen /usr/local/bin/karlchen
COPY --from=builder --chown=65532:65532 /data /data
ENV KARLCHEN_BIND=0.0.0.0:8080 \
    KARLCHEN_DATA_DIR=/data \
    KARLCHEN_LOG_FORMAT=json
EXPOSE 8080
VOLUME ["/data"]
USER nonroot
HEALTHCHECK --interval=30s --timeout=5s CMD ["/usr/local/bin/karlchen", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/karlchen"]
CMD ["serve"]
