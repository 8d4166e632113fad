-- The round clock (TSR 8.5.1): a round's time runs from its start for every table at once;
-- NULL while the organiser has not started it (such a round has no clock).
ALTER TABLE rounds ADD COLUMN started_at TIMESTAMP;
-- Minutes the organiser granted one table on top of the round's time, all extensions
-- together (each one, with its reason, is in the audit log).
ALTER TABLE round_tables ADD COLUMN extra_minutes INTEGER NOT NULL DEFAULT 0;
-- Whether the time-up mark (`time_up_after`) was set because the table's time ran out,
-- rather than called by the organiser. Stored marks before this were all called.
ALTER TABLE round_tables ADD COLUMN time_up_by_clock BOOLEAN NOT NULL DEFAULT FALSE;
