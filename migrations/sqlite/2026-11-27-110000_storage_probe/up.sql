-- One row that the readiness check rewrites after a write was refused for a full disk:
-- the service is ready again once a real write goes through, without waiting for a
-- captain to try.
CREATE TABLE storage_probe (
    id INTEGER PRIMARY KEY NOT NULL,
    written_at TIMESTAMP NOT NULL
);
INSERT INTO storage_probe (id, written_at) VALUES (1, CURRENT_TIMESTAMP);
