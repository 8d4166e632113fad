-- One row that the readiness check rewrites after a write was refused for a full disk,
-- with 64 KiB of random bytes that no compression shrinks: the service is ready again once
-- that much goes through, without waiting for a captain to try (a small update can fit
-- in the free room of a page it already has, and would say ready too early).
CREATE TABLE storage_probe (
    id INTEGER PRIMARY KEY NOT NULL,
    written_at TIMESTAMP NOT NULL,
    padding BYTEA NOT NULL
);
INSERT INTO storage_probe (id, written_at, padding) VALUES (1, CURRENT_TIMESTAMP, '');
