-- Counts the writes to each table's sheet (every one locks the table's row first, and the
-- lock now counts): what was derived from a table's rows (its lines in the standings) is
-- kept while the count, the table's row and its seats are unchanged, so a new deal costs
-- the standings one table's work instead of the tournament's.
ALTER TABLE round_tables ADD COLUMN sheet_writes BIGINT NOT NULL DEFAULT 0;
