ALTER TABLE tournaments DROP COLUMN finished_at;
