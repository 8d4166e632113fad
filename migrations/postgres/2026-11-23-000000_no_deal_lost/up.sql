-- Versions that never repeat at a position: a deletion renumbers later deals, so their new
-- versions (and those of deals entered afterwards) start above every version the table has
-- handed out (`version_floor`). A correction read before the renumbering then gets a 412
-- instead of overwriting the deal that moved into its place.
ALTER TABLE round_tables ADD COLUMN version_floor INTEGER NOT NULL DEFAULT 0;
-- The digest of the request an Idempotency-Key first came with: the same key with another
-- body is refused rather than answered with the first result. NULL for keys stored before.
ALTER TABLE idempotency_keys ADD COLUMN request_digest TEXT;
