ALTER TABLE round_tables DROP COLUMN time_up_by_clock;
ALTER TABLE round_tables DROP COLUMN extra_minutes;
ALTER TABLE rounds DROP COLUMN started_at;
