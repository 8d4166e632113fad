ALTER TABLE round_tables DROP COLUMN adjusted_at, DROP COLUMN adjusted_reason, DROP COLUMN adjusted_points;
