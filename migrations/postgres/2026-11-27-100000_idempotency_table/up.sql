-- The table a key's request wrote to (a deal entered, corrected, deleted at it): such a
-- key is kept while the table's round is open, whatever the clock says, so that a phone's
-- retry never stores a deal twice; other keys expire after a day as before.
ALTER TABLE idempotency_keys ADD COLUMN table_id BIGINT;
