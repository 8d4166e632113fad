-- The arbitration panel stops a table's round where it stands (TSR 9.7.2 c, a disqualified
-- player's table): the panel's reason and when. NULL while the table plays; a stopped table
-- takes no further deal and owes no Pflichtsolo until the stop is taken back.
ALTER TABLE round_tables ADD COLUMN stopped_reason TEXT;
ALTER TABLE round_tables ADD COLUMN stopped_at TIMESTAMP;
