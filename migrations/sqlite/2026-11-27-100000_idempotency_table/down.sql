ALTER TABLE idempotency_keys DROP COLUMN table_id;
