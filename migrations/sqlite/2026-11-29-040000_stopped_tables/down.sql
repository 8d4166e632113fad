ALTER TABLE round_tables DROP COLUMN stopped_at;
ALTER TABLE round_tables DROP COLUMN stopped_reason;
