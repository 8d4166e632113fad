ALTER TABLE round_tables DROP COLUMN adjusted_at;
ALTER TABLE round_tables DROP COLUMN adjusted_reason;
ALTER TABLE round_tables DROP COLUMN adjusted_points;
