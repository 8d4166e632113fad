ALTER TABLE idempotency_keys DROP COLUMN request_digest;
ALTER TABLE round_tables DROP COLUMN version_floor;
