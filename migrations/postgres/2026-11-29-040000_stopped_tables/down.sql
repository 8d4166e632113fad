ALTER TABLE round_tables DROP COLUMN stopped_at, DROP COLUMN stopped_reason;
